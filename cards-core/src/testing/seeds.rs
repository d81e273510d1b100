//! Checks of a game's seeds and deal count: [`check_key_seeds`] (every card follows from the
//! whole of a 256-bit [`Seed::Key`] through [`GameState::new_seeded`], and a 64-bit seed deals
//! as [`Game::new`] does) and
//! [`check_deals_finished`] ([`GameState::deals_finished`] counts the deals that end, as the
//! game's own events and records say).

use crate::game::{Game, GameConfig, GameState};
use crate::rng::{GameRng, Seed, below, derive_seed, next_u64, rng_from_seed};

/// What a seed or deal-count check found wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SeedCheckError(pub String);

fn fail<T>(what: impl Into<String>) -> Result<T, SeedCheckError> {
    Err(SeedCheckError(what.into()))
}

/// A key drawn from `rng`.
fn random_key(rng: &mut GameRng) -> [u8; 32] {
    let mut key = [0; 32];
    for chunk in key.chunks_exact_mut(8) {
        chunk.copy_from_slice(&next_u64(rng).to_le_bytes());
    }
    key
}

/// The keys that differ from `base` in one place each, named: one bit of the last byte (two
/// ways), the first byte (one bit, all bits), bytes 8..16 only (bits above 2^64) and bytes
/// 16..32 only (bits above 2^128).
pub fn key_variants(base: [u8; 32]) -> Vec<(&'static str, [u8; 32])> {
    let flip = |what: &'static str, changes: &[(usize, u8)]| {
        let mut key = base;
        for &(byte, mask) in changes {
            key[byte] ^= mask;
        }
        (what, key)
    };
    vec![
        flip("the lowest bit of the last byte", &[(31, 0x01)]),
        flip("the highest bit of the last byte", &[(31, 0x80)]),
        flip("the lowest bit of the first byte", &[(0, 0x01)]),
        flip("every bit of the first byte", &[(0, 0xff)]),
        flip("one bit of byte 8 (2^64)", &[(8, 0x01)]),
        flip("bytes 9 and 15 (below 2^128)", &[(9, 0x10), (15, 0x80)]),
        flip("one bit of byte 16 (2^128)", &[(16, 0x01)]),
        flip("bytes 20 and 27 (above 2^128)", &[(20, 0x04), (27, 0x40)]),
    ]
}

/// The cards of a state: its JSON without the top-level `seed` field, which is where two
/// states of different seeds must differ anyway.
fn dealt<S: GameState>(state: &S) -> Result<serde_json::Value, SeedCheckError> {
    let mut json = serde_json::to_value(state)
        .or_else(|e| fail(format!("a state does not serialize: {e}")))?;
    match json.as_object_mut().and_then(|o| o.remove("seed")) {
        Some(_) => Ok(json),
        None => fail("a state's JSON has no top-level `seed` field"),
    }
}

/// Plays random legal actions from `state` until the match ends (or `max` actions), calling
/// `each` after every action with the state and the action's events.
fn play_out<G: Game>(
    state: &mut G::State,
    rng: &mut GameRng,
    max: usize,
    mut each: impl FnMut(&G::State, &[G::Event]) -> Result<(), SeedCheckError>,
) -> Result<usize, SeedCheckError> {
    let mut legal = Vec::new();
    for n in 0..=max {
        G::legal_actions_into(state, &mut legal);
        if legal.is_empty() {
            return Ok(n);
        }
        let action = &legal[below(rng, legal.len() as u64) as usize];
        let events = G::apply(state, action)
            .or_else(|e| fail(format!("a listed action {action} is refused: {e}")))?;
        each(state, &events)?;
    }
    fail(format!("a match runs past {max} actions"))
}

/// A state's JSON round trip, and the seed's serde form in it.
fn round_trips<S: GameState>(state: &S, key: Seed) -> Result<(), SeedCheckError> {
    let json = serde_json::to_string(state)
        .or_else(|e| fail(format!("a state does not serialize: {e}")))?;
    let value: serde_json::Value = serde_json::from_str(&json).or_else(|e| fail(e.to_string()))?;
    let text = key.to_string();
    if value.get("seed").and_then(serde_json::Value::as_str) != Some(text.as_str()) {
        return fail(format!(
            "a keyed state's `seed` is not its key's 64 hex digits {text}: {:?}",
            value.get("seed")
        ));
    }
    match serde_json::from_str::<S>(&json) {
        Ok(back) if back == *state => Ok(()),
        Ok(_) => fail("a keyed state reads back as another state"),
        Err(e) => fail(format!("a keyed state does not read back: {e}")),
    }
}

/// Checks that every card of a match of `G` follows from the whole of its seed: with
/// `config`, for keys drawn from `seed`,
///
/// - a [`Seed::Short`] deals what [`Game::new`] deals, for a few numbers;
/// - the same key deals the same match twice, and not the match of its first 64 bits;
/// - each key of [`key_variants`] (one bit of the last byte, the first byte, bits above 2^64,
///   bits above 2^128) deals other cards than the key it differs from (the fresh states'
///   JSON without the seed differ);
/// - `playouts` keyed matches play to their end with random legal actions, and their states,
///   halfway and at the end, read back from JSON equal, the seed written as the key's 64 hex
///   digits.
///
/// # Errors
/// The first thing found wrong, named.
pub fn check_key_seeds<G: Game>(
    config: &G::Config,
    playouts: u64,
    seed: u64,
) -> Result<(), SeedCheckError> {
    let new = |s: Seed| {
        G::State::new_seeded(config, s)
            .or_else(|e| fail(format!("the configuration is refused: {e}")))
    };
    for s in [0, 1, seed, u64::MAX] {
        let short = new(Seed::Short(s))?;
        let plain =
            G::new(config, s).or_else(|e| fail(format!("the configuration is refused: {e}")))?;
        if short != plain {
            return fail(format!(
                "Seed::Short({s}) deals another match than the seed {s}"
            ));
        }
    }
    let mut rng = rng_from_seed(derive_seed(seed, 0x5eed_4e75));
    let base = random_key(&mut rng);
    let first = new(Seed::Key(base))?;
    if first != new(Seed::Key(base))? {
        return fail("the same key deals two different matches");
    }
    let cards = dealt(&first)?;
    let short = Seed::Key(base).to_u64();
    if dealt(&new(Seed::Short(short))?)? == cards {
        return fail("a key deals the match of its first 64 bits");
    }
    for (what, key) in key_variants(base) {
        if dealt(&new(Seed::Key(key))?)? == cards {
            return fail(format!(
                "two keys that differ in {what} deal the same cards"
            ));
        }
    }
    for _ in 0..playouts {
        let key = Seed::Key(random_key(&mut rng));
        let mut state = new(key)?;
        round_trips(&state, key)?;
        let mut trail = Vec::new();
        let n = play_out::<G>(&mut state, &mut rng, config.max_actions(), |s, _| {
            trail.push(s.clone());
            Ok(())
        })?;
        round_trips(&state, key)?;
        if let Some(half) = trail.get(n / 2) {
            round_trips(half, key)?;
        }
    }
    Ok(())
}

/// Checks [`GameState::deals_finished`] over `playouts` random playouts of `G` from `start`:
/// it never decreases, grows by at most 1 per action, and after every action equals its value
/// at `start` plus the number of events so far that `is_deal_end` says end a deal's play; at
/// the end it equals `at_end(state)`, the number of deals the game's own records hold (a count
/// the caller takes from the state by other means, such as its score rows). Returns the
/// counts at the ends of the playouts.
///
/// # Errors
/// The first thing found wrong, named.
pub fn check_deals_finished_from<G: Game>(
    start: &G::State,
    playouts: u64,
    seed: u64,
    is_deal_end: impl Fn(&G::Event) -> bool,
    at_end: impl Fn(&G::State) -> u32,
) -> Result<Vec<u32>, SeedCheckError> {
    let first = start.deals_finished();
    let max = start.config().max_actions();
    let mut ends = Vec::new();
    for p in 0..playouts {
        let mut rng = rng_from_seed(derive_seed(seed, p));
        let mut state = start.clone();
        let (mut before, mut ended) = (first, 0);
        play_out::<G>(&mut state, &mut rng, max, |s, events| {
            let now = s.deals_finished();
            ended += events.iter().filter(|e| is_deal_end(e)).count() as u32;
            if now < before || now > before + 1 {
                return fail(format!(
                    "deals_finished went from {before} to {now} on one action"
                ));
            }
            if now != first + ended {
                return fail(format!(
                    "deals_finished is {now} after {ended} deal ends from {first}"
                ));
            }
            before = now;
            Ok(())
        })?;
        let records = at_end(&state);
        if before != records {
            return fail(format!(
                "deals_finished is {before} at the end of a match whose records hold {records}"
            ));
        }
        ends.push(before);
    }
    Ok(ends)
}

/// [`check_deals_finished_from`] over fresh matches of `config` (which must start at 0) and
/// of its single deal (which must end at 1), `playouts` each, seeded from `seed`. Returns the
/// counts at the ends of the whole matches.
///
/// # Errors
/// The first thing found wrong, named.
pub fn check_deals_finished<G: Game>(
    config: &G::Config,
    playouts: u64,
    seed: u64,
    is_deal_end: impl Fn(&G::Event) -> bool,
    at_end: impl Fn(&G::State) -> u32,
) -> Result<Vec<u32>, SeedCheckError> {
    let mut ends = Vec::new();
    for (single, config) in [(false, config.clone()), (true, config.single_deal())] {
        for p in 0..playouts {
            let g = derive_seed(seed, p + u64::from(single) * 1_000_000);
            let start = G::new(&config, g).or_else(|e| fail(e.to_string()))?;
            if start.deals_finished() != 0 {
                return fail(format!(
                    "a fresh match has {} deals finished",
                    start.deals_finished()
                ));
            }
            let got = check_deals_finished_from::<G>(&start, 1, g, &is_deal_end, &at_end)?;
            if single && got != [1] {
                return fail(format!(
                    "a match of one deal ends with {got:?} deals finished"
                ));
            }
            if !single {
                ends.extend(got);
            }
        }
    }
    Ok(ends)
}
