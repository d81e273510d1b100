//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing ([`cards_core::testing::behaviour_digest`]: every legal list, choice and
//! event, and each final state): `PLAYS` whole matches (default 2000, five hands each, so later
//! hands' first leaders, the little a and Big A rounds and the end of hands are covered) and as
//! many single deals at every table size from 3 to 9 with both [`FirstA`] variants.
//!
//! `cargo run --release -p game-grosse-kleine-a --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use cards_core::GameConfig;
use cards_core::testing::behaviour_digest;
use game_grosse_kleine_a::{Config, FirstA, GrosseKleineA};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(2000);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let d = behaviour_digest::<GrosseKleineA>(&Config::default(), plays, seed)?;
    println!("matches: {:016x} over {} actions", d.hash, d.actions);
    for first_a in [FirstA::LittleAFirst, FirstA::BigAFirst] {
        for players in 3..=9 {
            let config = Config {
                first_a,
                ..Config::for_players(players)?
            }
            .single_deal();
            let d = behaviour_digest::<GrosseKleineA>(&config, plays, seed)?;
            println!(
                "{first_a:?} {players} players, single deals: {:016x} over {} actions",
                d.hash, d.actions
            );
        }
    }
    Ok(())
}
