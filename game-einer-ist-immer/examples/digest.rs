//! A digest of the engine's behaviour over random playouts, for checking that an optimisation
//! changed nothing: the opening narration, every legal list, choice and events, and the final
//! totals, points and rankings of `PLAYS` whole matches (default 300 per table size, five hands
//! each, so exchanges, jokers and every lead reason are covered) and as many single deals, at
//! every table size from 4 to 10 and with both rank titles, hashed with FNV-1a over their
//! `Debug` forms.
//!
//! `cargo run --release -p game-einer-ist-immer --example digest -- [PLAYS] [SEED]`
//!
//! Run it before and after a change: the printed digests must be equal.

use std::fmt::Write;

use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Game, GameConfig};
use game_einer_ist_immer::{Config, EinerIstImmer, Titles};

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
        let mut state = EinerIstImmer::new(config, derive_seed(seed, g))?;
        let mut rng = rng_from_seed(derive_seed(seed, 1_000_000 + g));
        text.clear();
        write!(text, "{:?}", EinerIstImmer::opening(&state))?;
        h.eat(text.as_bytes());
        while let Some(seat) = EinerIstImmer::to_move(&state) {
            EinerIstImmer::legal_actions_into(&state, &mut legal);
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            EinerIstImmer::apply_unchecked(&mut state, &legal[i], &mut events);
            text.clear();
            write!(text, "{seat:?}{legal:?}{i}{events:?}")?;
            h.eat(text.as_bytes());
            actions += 1;
        }
        text.clear();
        write!(
            text,
            "{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}{:?}",
            (0..config.players)
                .map(|s| state.hand_of(cards_core::Seat(s as u8)))
                .collect::<Vec<_>>(),
            state.chairs(),
            state.exchanges(),
            state.finished(),
            state.dealer(),
            state.leader(),
            state.previous_ranking(),
            state.totals(),
            state.points(),
            state.rankings(),
            state.records(),
            EinerIstImmer::scores(&state),
        )?;
        h.eat(text.as_bytes());
    }
    Ok((h.0, actions))
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(300);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let mut all = Fnv(0xcbf2_9ce4_8422_2325);
    for players in 4..=10 {
        for titles in [Titles::English, Titles::German] {
            let config = Config {
                players,
                titles,
                ..Config::default()
            };
            let (d, n) = digest(&config, plays, seed)?;
            println!("{players} players, {titles:?}, matches: {d:016x} over {n} actions");
            all.eat(&d.to_le_bytes());
            let (d, n) = digest(&config.single_deal(), plays, seed)?;
            println!("{players} players, {titles:?}, single deals: {d:016x} over {n} actions");
            all.eat(&d.to_le_bytes());
        }
    }
    println!("all: {:016x}", all.0);
    Ok(())
}
