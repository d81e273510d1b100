//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing ([`cards_core::testing::behaviour_digest`]: every legal list, choice and
//! event, and each final state): `PLAYS` whole matches (default 2000, five hands each, so
//! redeals, captures and later hands' first drawers are covered) and as many single deals with
//! the variant bombs.
//!
//! `cargo run --release -p game-big-a --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use cards_core::GameConfig;
use cards_core::testing::behaviour_digest;
use game_big_a::{BigA, Config};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(2000);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let d = behaviour_digest::<BigA>(&Config::default(), plays, seed)?;
    println!("matches: {:016x} over {} actions", d.hash, d.actions);
    let extra = (Config {
        extra_bombs: true,
        ..Config::default()
    })
    .single_deal();
    let d = behaviour_digest::<BigA>(&extra, plays, seed)?;
    println!(
        "extra-bomb deals: {:016x} over {} actions",
        d.hash, d.actions
    );
    Ok(())
}
