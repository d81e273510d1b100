//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing ([`cards_core::testing::behaviour_digest`]: every legal list, choice and
//! event, and each final state): `PLAYS` single deals (default 200) and a tenth as many whole
//! matches of eleven rounds, at 2 to 7 players.
//!
//! `cargo run --release -p game-contract-rummy --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use cards_core::GameConfig;
use cards_core::testing::behaviour_digest;
use game_contract_rummy::{Config, ContractRummy};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(200);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    for players in 2..=7 {
        let config = Config::for_players(players)?;
        let d = behaviour_digest::<ContractRummy>(&config.single_deal(), plays, seed)?;
        println!(
            "{players} players, single deals: {:016x} over {} actions",
            d.hash, d.actions
        );
        let d = behaviour_digest::<ContractRummy>(&config, (plays / 10).max(1), seed)?;
        println!(
            "{players} players, matches: {:016x} over {} actions",
            d.hash, d.actions
        );
    }
    Ok(())
}
