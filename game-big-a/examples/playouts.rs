//! Random playouts as `cards simulate big-a --bots random` runs them (a fresh deal per play,
//! five random bots, the actions counted), for profiling the playout path.
//!
//! `cargo run --release -p game-big-a --example playouts -- [PLAYS] [SEED]`

use std::time::Instant;

use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Game, PerSeat};
use game_big_a::{BigA, Config};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1).map(|a| a.parse::<u64>());
    let plays = args.next().transpose()?.unwrap_or(10_000);
    let seed = args.next().transpose()?.unwrap_or(1);
    let config = BigA::single_deal(&Config::default());
    let start = Instant::now();
    let mut actions = 0usize;
    for g in 0..plays {
        let deal_seed = derive_seed(seed, g / 5);
        let mut state = BigA::new(&config, deal_seed)?;
        let mut bots: PerSeat<Box<dyn Bot<BigA>>> =
            PerSeat::from_fn(5, |_| Box::new(RandomBot) as Box<dyn Bot<BigA>>);
        let mut rng = rng_from_seed(derive_seed(deal_seed, 1000 + g % 5));
        actions += play_out::<BigA, _>(&mut state, &mut bots, &mut rng, None)?;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{plays} plays, {actions} actions, {:.1} ns/action",
        elapsed * 1e9 / actions as f64
    );
    Ok(())
}
