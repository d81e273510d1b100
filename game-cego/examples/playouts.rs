//! Random playouts as `cards simulate cego --bots random` runs them (a fresh single deal per
//! play, random bots in every seat, the actions counted), for profiling the playout path
//! (`valgrind --tool=callgrind`) and timing it.
//!
//! `cargo run --release -p game-cego --example playouts -- [PLAYS] [SEED] [PLAYERS]`

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Game, PerSeat};
use game_cego::Cego;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let plays = args.next().transpose()?.unwrap_or(10_000);
    let seed = args.next().transpose()?.unwrap_or(1);
    let players = usize::try_from(args.next().transpose()?.unwrap_or(4))?;
    let config = (<Cego as Game>::Config::for_players(players)?).single_deal();
    let start = Instant::now();
    let mut actions = 0usize;
    for g in 0..plays {
        let deal_seed = derive_seed(seed, g);
        let mut state = Cego::new(&config, deal_seed)?;
        let mut bots: PerSeat<Box<dyn Bot<Cego>>> =
            PerSeat::from_fn(players, |_| Box::new(RandomBot) as Box<dyn Bot<Cego>>);
        let mut rng = rng_from_seed(derive_seed(deal_seed, 1000));
        actions += play_out::<Cego, _>(&mut state, &mut bots, &mut rng, None)?;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{plays} plays, {actions} actions, {:.1} ns/action",
        elapsed * 1e9 / actions as f64
    );
    Ok(())
}
