//! Random playouts of single deals, as `cards simulate einer-ist-immer --bots random` plays
//! them (the shared `play_out` loop and `RandomBot`), for profiling the engine under callgrind
//! without the command line around it.
//!
//! `cargo run --release -p game-einer-ist-immer --example playout -- [DEALS] [PLAYERS]`

use cards_core::bot::play_out;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Game, GameConfig, PerSeat, RandomBot};
use game_einer_ist_immer::{Config, EinerIstImmer};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let deals = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let deals = deals.unwrap_or(1500);
    let players = args.next().map(|a| a.parse::<usize>()).transpose()?;
    let config = Config::for_players(players.unwrap_or(5))?.single_deal();
    let mut bots = PerSeat(vec![RandomBot; config.players]);
    let (mut actions, mut sum) = (0, 0.0);
    for d in 0..deals {
        let mut state = EinerIstImmer::new(&config, derive_seed(1, d))?;
        let mut rng = rng_from_seed(derive_seed(1, 1000 + d));
        actions += play_out::<EinerIstImmer, _>(&mut state, &mut bots, &mut rng, None)?;
        sum += EinerIstImmer::scores(&state).0[0];
    }
    println!("{deals} deals, {actions} actions, seat 0 scored {sum}");
    Ok(())
}
