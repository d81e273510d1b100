//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing ([`cards_core::testing::behaviour_digest`]: the opening narration, every
//! legal list, choice and events, and each final state with its totals, points and rankings):
//! `PLAYS` whole matches (default 300 per table size, five hands each, so exchanges, jokers and
//! every lead reason are covered) and as many single deals, at every table size from 4 to 10
//! and with both rank titles.
//!
//! `cargo run --release -p game-einer-ist-immer --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use cards_core::GameConfig;
use cards_core::testing::behaviour_digest;
use game_einer_ist_immer::{Config, EinerIstImmer, Titles};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(300);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    for players in 4..=10 {
        for titles in [Titles::English, Titles::German] {
            let config = Config {
                players,
                titles,
                ..Config::default()
            };
            let d = behaviour_digest::<EinerIstImmer>(&config, plays, seed)?;
            println!(
                "{players} players, {titles:?}, matches: {:016x} over {} actions",
                d.hash, d.actions
            );
            let d = behaviour_digest::<EinerIstImmer>(&config.single_deal(), plays, seed)?;
            println!(
                "{players} players, {titles:?}, single deals: {:016x} over {} actions",
                d.hash, d.actions
            );
        }
    }
    Ok(())
}
