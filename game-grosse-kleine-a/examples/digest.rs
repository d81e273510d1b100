//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing: every legal list, choice and event of `PLAYS` whole matches (default 2000,
//! five hands each, so later hands' first leaders, the little a and Big A rounds and the end of
//! hands are covered) and as many single deals at every table size from 3 to 9 with both
//! [`FirstA`] variants, hashed with FNV-1a over their `Debug` forms (and the final state's
//! serde form).
//!
//! `cargo run --release -p game-grosse-kleine-a --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use std::fmt::Write;

use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Game, GameConfig};
use game_grosse_kleine_a::{Config, FirstA, GrosseKleineA};

/// FNV-1a over bytes.
struct Fnv(u64);

impl Fnv {
    fn eat(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn digest(
    config: &Config,
    plays: u64,
    seed: u64,
) -> Result<(u64, usize), Box<dyn std::error::Error>> {
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let (mut legal, mut events, mut text) = (Vec::new(), Vec::new(), String::new());
    let mut actions = 0;
    for g in 0..plays {
        let mut state = GrosseKleineA::new(config, derive_seed(seed, g))?;
        let mut rng = rng_from_seed(derive_seed(seed, 1_000_000 + g));
        text.clear();
        write!(text, "{:?}", GrosseKleineA::opening(&state))?;
        h.eat(text.as_bytes());
        while let Some(seat) = GrosseKleineA::to_move(&state) {
            GrosseKleineA::legal_actions_into(&state, &mut legal);
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            GrosseKleineA::apply_unchecked(&mut state, &legal[i], &mut events);
            text.clear();
            write!(text, "{seat:?}{legal:?}{i}{events:?}")?;
            h.eat(text.as_bytes());
            actions += 1;
        }
        text.clear();
        write!(
            text,
            "{:?}{:?}{:?}{}",
            state.totals(),
            state.results(),
            GrosseKleineA::scores(&state),
            serde_json::to_string(&state)?
        )?;
        h.eat(text.as_bytes());
    }
    Ok((h.0, actions))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(2000);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let (d, n) = digest(&Config::default(), plays, seed)?;
    println!("matches: {d:016x} over {n} actions");
    for first_a in [FirstA::LittleAFirst, FirstA::BigAFirst] {
        for players in 3..=9 {
            let config = Config {
                first_a,
                ..Config::for_players(players)?
            }
            .single_deal();
            let (d, n) = digest(&config, plays, seed)?;
            println!("{first_a:?} {players} players, single deals: {d:016x} over {n} actions");
        }
    }
    Ok(())
}
