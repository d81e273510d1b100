//! Random playouts of any game with nothing else in the loop, for counting instructions per
//! action under callgrind (issue 30 item 9: within 3% per game; a change to the hot path within
//! 1%).
//!
//! `cargo build --release -p cards-games --example callgrind`, then
//! `valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out
//! target/release/examples/callgrind GAME [PLAYS] [SEED] [deals|matches]`: `PLAYS` single deals
//! (default 1000; `matches`: whole matches, default 100) at the game's default configuration,
//! each a seeded `new`, then `legal_actions_into`, a uniform choice and `apply_unchecked` until
//! the end. It prints the number of actions: divide callgrind's total Ir by it.

use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Catalog, GameConfig};

/// The playouts asked for, and what they counted.
struct Playouts {
    plays: u64,
    seed: u64,
    matches: bool,
    counted: Result<u64, String>,
}

impl cards_games::Visit for Playouts {
    fn visit<G: Catalog>(&mut self) {
        let config = if self.matches {
            G::Config::default()
        } else {
            G::Config::default().single_deal()
        };
        let (mut legal, mut events) = (Vec::new(), Vec::new());
        let mut actions = 0u64;
        for g in 0..self.plays {
            let mut state = match G::new(&config, derive_seed(self.seed, g)) {
                Ok(state) => state,
                Err(e) => {
                    self.counted = Err(e.to_string());
                    return;
                }
            };
            let mut rng = rng_from_seed(derive_seed(self.seed, 1_000_000 + g));
            while G::to_move(&state).is_some() {
                G::legal_actions_into(&state, &mut legal);
                let i = below(&mut rng, legal.len() as u64) as usize;
                events.clear();
                G::apply_unchecked(&mut state, &legal[i], &mut events);
                actions += 1;
            }
        }
        self.counted = Ok(actions);
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let usage = format!(
        "usage: callgrind GAME [PLAYS] [SEED] [deals|matches]; games: {}",
        cards_games::NAMES.join(", ")
    );
    let game = args.next().ok_or_else(|| usage.clone())?;
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = args
        .next()
        .map(|a| a.parse::<u64>())
        .transpose()?
        .unwrap_or(1);
    let matches = match args.next().as_deref() {
        None | Some("deals") => false,
        Some("matches") => true,
        Some(other) => return Err(format!("{other:?}: {usage}").into()),
    };
    let plays = plays.unwrap_or(if matches { 100 } else { 1000 });
    let mut run = Playouts {
        plays,
        seed,
        matches,
        counted: Err(usage),
    };
    cards_games::visit_named(&game, &mut run);
    let actions = run.counted?;
    let unit = if matches { "matches" } else { "plays" };
    println!("{game}: {plays} {unit}, {actions} actions");
    Ok(())
}
