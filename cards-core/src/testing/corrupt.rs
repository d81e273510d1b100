//! [`Check::Corruption`]: a serialized state with one thing changed is refused, or accepted
//! only when it keeps the contracts.

use std::fmt;

use serde_json::Value;

use super::{At, Check, Failure, fail};
use crate::catalog::Catalog;
use crate::game::GameConfig;
use crate::game::GameState;
use crate::rng::{GameRng, below, choose, rng_from_seed};
use crate::seat::Seat;

/// What became of a corrupted state that [`check_corrupted`] did not fail.
pub(super) enum Corrupted {
    /// Deserialization refused it.
    Refused,
    /// Deserialization accepted it, and it keeps the contracts.
    Accepted,
}

/// [`Check::Corruption`] at one state: `state` serialized, one thing of it changed
/// ([`corrupt`]), and read back is either refused or a state that conserves the pack and runs
/// through [`exercise`] without a panic.
pub(super) fn check_corrupted<G: Catalog>(
    state: &G::State,
    at: &At,
    rng: &mut GameRng,
) -> Result<Corrupted, Failure> {
    let c = Check::Corruption;
    let Ok(mut value) = serde_json::to_value(state) else {
        return fail(c, format!("{at}: the state does not serialize"));
    };
    let what = corrupt(&mut value, rng);
    let Ok(bad) = serde_json::from_value::<G::State>(value) else {
        return Ok(Corrupted::Refused);
    };
    let mut census = bad.census();
    let mut pack = bad.config().pack();
    census.sort();
    pack.sort();
    if census != pack {
        return fail(
            c,
            format!("{at}: {what}: accepted a state whose census differs from the pack"),
        );
    }
    let seed = below(rng, u64::MAX);
    let outcome =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| exercise::<G>(bad, seed)));
    match outcome {
        Ok(()) => Ok(Corrupted::Accepted),
        Err(payload) => {
            let message = payload
                .downcast_ref::<String>()
                .map(String::as_str)
                .or_else(|| payload.downcast_ref::<&str>().copied())
                .unwrap_or("a panic");
            fail(
                c,
                format!("{at}: {what}: accepted a state that panics: {message}"),
            )
        }
    }
}

/// The longest random playout [`exercise`] runs from a corrupted state.
const EXERCISE_STEPS: usize = 100;

/// Runs every read-only method on `state`, then a random playout from it of at most
/// [`EXERCISE_STEPS`] steps (checked through `apply`).
fn exercise<G: Catalog>(mut state: G::State, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let players = state.config().players();
    let _ = G::scores(&state);
    for seat in Seat::all(players) {
        let _ = G::view(&state, seat);
        let det = state.determinize(seat, &mut rng);
        let _ = G::legal_actions(&det);
    }
    let mut legal = Vec::new();
    for _ in 0..EXERCISE_STEPS {
        if G::to_move(&state).is_none() {
            break;
        }
        G::legal_actions_into(&state, &mut legal);
        let Some(action) = choose(&mut rng, &legal).cloned() else {
            break;
        };
        let _ = G::view(&state, Seat(0));
        if G::apply(&mut state, &action).is_err() {
            break;
        }
    }
    let _ = G::scores(&state);
}

/// Changes one thing in `value` and says what: a number, a flag, a string (said twice, its
/// first number made huge, its last character dropped, or swapped for another string of the
/// document), an array (an element dropped or repeated), or an absent value or empty list
/// (given a number or string found elsewhere in the document). The place
/// is found by a random walk from the root half of the time (so that small fields are hit as
/// often as big ones), and uniformly over all places otherwise.
fn corrupt(value: &mut Value, rng: &mut GameRng) -> String {
    let mut found = Found::default();
    collect(value, &mut Vec::new(), &mut found);
    let path = if below(rng, 2) == 0 {
        random_walk(value, rng)
    } else {
        match choose(rng, &found.places) {
            Some(p) => p.clone(),
            None => return "nothing to corrupt".to_owned(),
        }
    };
    let Some(v) = place_mut(value, &path) else {
        return "nothing to corrupt".to_owned();
    };
    let place: Vec<String> = path.iter().map(ToString::to_string).collect();
    let place = place.join("/");
    let what = change(v, &found, rng);
    format!("corrupted /{place} ({what})")
}

/// A path from the root of `value` to a place drawn by a random walk: into an object's
/// member always, into an array's element two times in three, stopping at a scalar or an
/// empty container.
fn random_walk(value: &Value, rng: &mut GameRng) -> Vec<PathStep> {
    let mut path = Vec::new();
    let mut v = value;
    loop {
        match v {
            Value::Array(a) if !a.is_empty() && below(rng, 3) != 0 => {
                let i = below(rng, a.len() as u64) as usize;
                path.push(PathStep::Index(i));
                v = &a[i];
            }
            Value::Object(o) if !o.is_empty() => {
                let i = below(rng, o.len() as u64) as usize;
                let Some((k, next)) = o.iter().nth(i) else {
                    break path;
                };
                path.push(PathStep::Key(k.clone()));
                v = next;
            }
            _ => break path,
        }
    }
}

/// The place of `value` at the end of `path`, if there is one.
fn place_mut<'v>(value: &'v mut Value, path: &[PathStep]) -> Option<&'v mut Value> {
    let mut v = value;
    for step in path {
        v = match (v, step) {
            (Value::Array(a), PathStep::Index(i)) => a.get_mut(*i),
            (Value::Object(o), PathStep::Key(k)) => o.get_mut(k),
            _ => None,
        }?;
    }
    Some(v)
}

/// Changes the value `v` of a document whose strings and scalars are `found`, and says how.
fn change(v: &mut Value, found: &Found, rng: &mut GameRng) -> String {
    match v {
        Value::Number(n) => {
            let new = changed_number(n, rng);
            let text = format!("{n} -> {new}");
            *v = new;
            text
        }
        Value::Bool(b) => {
            *b = !*b;
            format!("flag -> {b}")
        }
        Value::String(text) => {
            let new = changed_string(text, &found.strings, rng);
            let change = format!("{text:?} -> {new:?}");
            *text = new;
            change
        }
        // An absent value (`None`) or an empty list gets a value found elsewhere.
        Value::Null => {
            let new = found.scalar(rng);
            let change = format!("null -> {new}");
            *v = new;
            change
        }
        Value::Array(a) if a.is_empty() => {
            let new = found.scalar(rng);
            let change = format!("[] -> [{new}]");
            a.push(new);
            change
        }
        Value::Array(a) => {
            let i = below(rng, a.len() as u64) as usize;
            if below(rng, 2) == 0 {
                a.remove(i);
                format!("element {i} dropped")
            } else {
                let e = a[i].clone();
                a.push(e);
                format!("element {i} repeated")
            }
        }
        Value::Object(_) => "nothing changed".to_owned(),
    }
}

/// `n` changed: a count one up or down, small or doubled; a signed number moved by up to two;
/// a fraction moved by one and a half.
fn changed_number(n: &serde_json::Number, rng: &mut GameRng) -> Value {
    if let Some(old) = n.as_u64() {
        Value::from(match below(rng, 4) {
            0 => old.wrapping_add(1),
            1 => old.wrapping_sub(1) & u64::from(u32::MAX),
            2 => below(rng, 64),
            _ => old.saturating_mul(2).saturating_add(7),
        })
    } else if let Some(old) = n.as_i64() {
        Value::from(old.saturating_add(below(rng, 5) as i64 - 2))
    } else {
        Value::from(n.as_f64().unwrap_or(0.0) + 1.5)
    }
}

/// `text` changed: said twice, its first number made huge, its last character dropped, or
/// swapped for another of the document's `strings`.
fn changed_string(text: &str, strings: &[String], rng: &mut GameRng) -> String {
    match below(rng, 4) {
        // Text said twice: cards repeated, or notation that no longer parses.
        0 => format!("{text} {text}"),
        // The first number made huge: out-of-range seats, ranks and counts.
        1 => with_big_number(text),
        // The last character dropped.
        2 => text
            .chars()
            .take(text.chars().count().saturating_sub(1))
            .collect(),
        _ => choose(rng, strings)
            .filter(|s| *s != text)
            .cloned()
            .unwrap_or_else(|| format!("{text}x")),
    }
}

/// `text` with its first run of digits replaced by a number too big for any counter, or with
/// such a number appended when it has no digits.
fn with_big_number(text: &str) -> String {
    const BIG: &str = "4294967299";
    match text.find(|c: char| c.is_ascii_digit()) {
        Some(start) => {
            let end = text[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |n| start + n);
            format!("{}{BIG}{}", &text[..start], &text[end..])
        }
        None => format!("{text}{BIG}"),
    }
}

/// One step of a path into a JSON document.
#[derive(Clone, Debug)]
enum PathStep {
    Index(usize),
    Key(String),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Index(i) => write!(f, "{i}"),
            PathStep::Key(k) => f.write_str(k),
        }
    }
}

/// What [`collect`] finds in a document.
#[derive(Default)]
struct Found {
    /// Every place [`corrupt`] can change (values and arrays).
    places: Vec<Vec<PathStep>>,
    /// Every string.
    strings: Vec<String>,
    /// Every number and string, as a value.
    scalars: Vec<Value>,
}

impl Found {
    /// A number or string of the document drawn at random, or 0 when it has none.
    fn scalar(&self, rng: &mut GameRng) -> Value {
        choose(rng, &self.scalars)
            .cloned()
            .unwrap_or(Value::from(0))
    }
}

/// Every place of `value` (at `path`) that [`corrupt`] can change, every string, and every
/// number and string as a value, added to `found`.
fn collect(value: &Value, path: &mut Vec<PathStep>, found: &mut Found) {
    match value {
        Value::Array(a) => {
            found.places.push(path.clone());
            for (i, x) in a.iter().enumerate() {
                path.push(PathStep::Index(i));
                collect(x, path, found);
                path.pop();
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                path.push(PathStep::Key(k.clone()));
                collect(x, path, found);
                path.pop();
            }
        }
        Value::String(text) => {
            found.strings.push(text.clone());
            found.scalars.push(value.clone());
            found.places.push(path.clone());
        }
        Value::Number(_) => {
            found.scalars.push(value.clone());
            found.places.push(path.clone());
        }
        _ => found.places.push(path.clone()),
    }
}
