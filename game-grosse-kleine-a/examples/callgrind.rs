//! Random playouts with nothing else in the loop, for counting instructions per action under
//! callgrind (issue 30 item 9: within 3% per game; a change to the hot path within 1%).
//!
//! `cargo build --release -p game-grosse-kleine-a --example callgrind`, then
//! `valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out
//! target/release/examples/callgrind [PLAYS] [SEED]`: `PLAYS` single deals (default 1000) at the
//! default number of players, each a seeded `new`, then
//! `legal_actions_into`, a uniform choice and `apply_unchecked` until the end. It prints the
//! number of actions: divide callgrind's total Ir by it.

use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Game, GameConfig};
use game_grosse_kleine_a::{Config, GrosseKleineA};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(1000);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let config = Config::default().single_deal();
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut actions = 0u64;
    for g in 0..plays {
        let mut state = GrosseKleineA::new(&config, derive_seed(seed, g))?;
        let mut rng = rng_from_seed(derive_seed(seed, 1_000_000 + g));
        while GrosseKleineA::to_move(&state).is_some() {
            GrosseKleineA::legal_actions_into(&state, &mut legal);
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            GrosseKleineA::apply_unchecked(&mut state, &legal[i], &mut events);
            actions += 1;
        }
    }
    println!("{plays} plays, {actions} actions");
    Ok(())
}
