//! Plays one deal of BigA between bots and prints its narration: an ISMCTS bot in seat S0
//! against the game's heuristic bots.
//!
//! `cargo run -p game-big-a --example deal -- [SEED] [ITERATIONS]`

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Bot, Game, PerSeat};
use game_big_a::BigA;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let seed = args.next().transpose()?.unwrap_or(1);
    let iterations = args.next().transpose()?.unwrap_or(100);
    let config = (<BigA as Game>::Config::default()).single_deal();
    let mut state = BigA::new(&config, seed)?;
    let players = config.players();
    let mut bots: PerSeat<Box<dyn Bot<BigA>>> = PerSeat::from_fn(players, |seat| {
        if seat.index() == 0 {
            let options = IsmctsOptions {
                iterations: u32::try_from(iterations).unwrap_or(u32::MAX),
                ..BigA::search_defaults()
            };
            Box::new(Ismcts::<BigA>::new(options))
        } else {
            BigA::heuristic_bot()
        }
    });
    let mut events = Vec::new();
    let actions = play_out(
        &mut state,
        &mut bots,
        &mut rng_from_seed(seed),
        Some(&mut events),
    )?;
    println!(
        "{} (seed {seed}): S0 is ismcts:iters={iterations}, the others heuristic",
        BigA::TITLE
    );
    for event in &events {
        println!("{event}");
    }
    println!("{actions} actions; scores:");
    for (seat, score) in BigA::scores(&state).iter() {
        println!("  {seat}: {score}");
    }
    Ok(())
}
