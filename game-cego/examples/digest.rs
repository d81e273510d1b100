//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing ([`cards_core::testing::behaviour_digest`]: every legal list, choice and
//! event, and each final state): `PLAYS` whole matches (default 300) and as many single deals,
//! at 3, 4 and 5 players.
//!
//! `cargo run --release -p game-cego --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use cards_core::GameConfig;
use cards_core::testing::behaviour_digest;
use game_cego::{Cego, Config};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(300);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    for players in 3..=5 {
        let config = Config::for_players(players)?;
        let d = behaviour_digest::<Cego>(&config, plays, seed)?;
        println!(
            "{players} players, matches: {:016x} over {} actions",
            d.hash, d.actions
        );
        let d = behaviour_digest::<Cego>(&config.single_deal(), plays, seed)?;
        println!(
            "{players} players, single deals: {:016x} over {} actions",
            d.hash, d.actions
        );
    }
    Ok(())
}
