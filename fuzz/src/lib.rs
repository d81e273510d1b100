//! The bodies of the fuzz targets (`fuzz_targets/*.rs` call one function each), shared with
//! the seed-corpus generator (`examples/seed_corpus.rs`).
//!
//! The targets cover every game of the one list (`cards_games::for_each_game!`): each target
//! reads the game from its input's first byte ([`GAMES`], modulo their number), so a crash
//! names its game in its first byte. The targets:
//!
//! - [`action_notation`]: action notation from arbitrary text.
//! - [`state_json`]: a `State` from arbitrary JSON, then the harness's checks.
//! - [`action_sequence`]: arbitrary legal-action indices from a seeded deal.
//! - [`replay_log`]: the `cards replay` log reader on arbitrary bytes.
//! - [`play_line`]: the `cards play` loop's line reader and parser on arbitrary bytes.
//!
//! Every check failure is a panic, which libFuzzer reports as a crash.

use std::io::{BufRead, BufReader, Cursor};
use std::str::FromStr;

use arbitrary::Unstructured;
use cards_core::rng::{GameRng, below, derive_seed, rng_from_seed};
use cards_core::testing::{Check, Policy, RunOptions, run_checks_from};
use serde_json::Value;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameState;
/// The games' command-line names, in the order the first input byte selects them
/// (`byte % GAMES.len()`): the one list, `cards_games::NAMES`.
pub const GAMES: [&str; cards_games::COUNT] = cards_games::NAMES;

/// The arms of [`for_game!`], one per game of `cards_games::for_each_game!`.
#[doc(hidden)]
#[macro_export]
macro_rules! select_game {
    ({ $byte:expr, $f:ident $args:tt } $($m:ident: $g:ty;)*) => {{
        let index = usize::from($byte) % $crate::GAMES.len();
        let mut at = 0usize;
        let mut out = None;
        $(
            if out.is_none() && index == at {
                out = Some($f::<$g> $args);
            }
            at += 1;
        )*
        let _ = at;
        out.expect("an index below the number of games")
    }};
}

/// Calls `$f::<G>($args)` for the game that `$byte` selects ([`GAMES`]).
#[macro_export]
macro_rules! for_game {
    ($byte:expr, $f:ident $args:tt) => {
        $crate::cards_games::for_each_game!(select_game, { $byte, $f $args })
    };
}

pub use cards_games;

/// The longest random walk [`reach`] takes from a fresh deal.
pub const MAX_REACH: u8 = 63;

/// The state after `steps % (MAX_REACH + 1)` random legal actions (the generator seeded with
/// `seed`) from a single-deal match of the default configuration dealt from `seed`: how the
/// notation and line targets find a position to read text against. Stops early when the match
/// ends.
///
/// # Panics
/// Never for the games of this workspace: their default configurations are valid and their
/// listed actions apply (a panic here is a broken contract).
#[must_use]
pub fn reach<G: Catalog>(seed: u8, steps: u8) -> G::State {
    let config = G::Config::default().single_deal();
    let mut state = G::new(&config, u64::from(seed)).expect("the default configuration is valid");
    let mut rng = rng_from_seed(derive_seed(u64::from(seed), 0xF022));
    walk::<G>(&mut state, steps % (MAX_REACH + 1), &mut rng);
    state
}

/// Applies up to `steps` random legal actions to `state`.
fn walk<G: Catalog>(state: &mut G::State, steps: u8, rng: &mut GameRng) {
    let mut legal = Vec::new();
    for _ in 0..steps {
        G::legal_actions_into(state, &mut legal);
        if legal.is_empty() {
            break;
        }
        let i = below(rng, legal.len() as u64) as usize;
        G::apply(state, &legal[i]).expect("a listed action applies");
    }
}

/// The census of `state` and the pack of its configuration, both sorted.
fn census_and_pack<G: Catalog>(state: &G::State) -> (Vec<String>, Vec<String>) {
    let mut census = state.census();
    let mut pack = state.config().pack();
    census.sort();
    pack.sort();
    (census, pack)
}

/// Asserts that `state`'s census equals its pack (rulings G4).
fn assert_conserved<G: Catalog>(state: &G::State, at: &str) {
    let (census, pack) = census_and_pack::<G>(state);
    assert!(
        census == pack,
        "{}: {at}: census of {} cards differs from the pack of {}",
        G::NAME,
        census.len(),
        pack.len()
    );
}

/// Target `action_notation`. Input: game byte, seed byte, steps byte, then text (read as
/// UTF-8, invalid sequences replaced).
///
/// Asserts, without panicking on any text:
/// - `Action::from_str(text)`: whatever it accepts prints as notation that reads back as the
///   same action (`parse(display(a)) == a`);
/// - `Game::parse_action(state, text)` against the state [`reach`] gives for the seed and steps
///   bytes: the same round trip through `parse_action`, and the action is accepted by
///   `check` exactly when it is in the legal list; an accepted one applies, a refused one is
///   refused by `apply` too and leaves the state unchanged.
pub fn action_notation(data: &[u8]) {
    let [game, seed, steps, text @ ..] = data else {
        return;
    };
    let text = String::from_utf8_lossy(text);
    for_game!(*game, action_notation_for(*seed, *steps, &text));
}

fn action_notation_for<G: Catalog>(seed: u8, steps: u8, text: &str) {
    if let Ok(a) = G::Action::from_str(text) {
        let shown = a.to_string();
        match G::Action::from_str(&shown) {
            Ok(b) => assert!(
                a == b,
                "{}: {text:?} reads as {a:?}, shown {shown:?}, which reads as {b:?}",
                G::NAME
            ),
            Err(e) => panic!(
                "{}: {text:?} reads as {a:?}, shown {shown:?}, which does not read: {e}",
                G::NAME
            ),
        }
    }
    let state = reach::<G>(seed, steps);
    let Ok(a) = G::parse_action(&state, text) else {
        return;
    };
    let shown = a.to_string();
    match G::parse_action(&state, &shown) {
        Ok(b) => assert!(
            a == b,
            "{}: parse_action {text:?} gives {a:?}, shown {shown:?}, which gives {b:?}",
            G::NAME
        ),
        Err(e) => panic!(
            "{}: parse_action {text:?} gives {a:?}, shown {shown:?}, which does not read: {e}",
            G::NAME
        ),
    }
    let legal = G::legal_actions(&state);
    let listed = legal.contains(&a);
    let checked = G::check(&state, &a);
    assert!(
        listed == checked.is_ok(),
        "{}: {shown}: listed = {listed}, but check says {checked:?}",
        G::NAME
    );
    let mut after = state.clone();
    let applied = G::apply(&mut after, &a);
    assert!(
        applied.is_ok() == listed,
        "{}: {shown}: listed = {listed}, but apply is_ok = {}",
        G::NAME,
        applied.is_ok()
    );
    if !listed {
        assert!(
            after == state,
            "{}: refusing {shown} changed the state",
            G::NAME
        );
    }
}

/// The checks [`state_json`] runs: every one of [`Check::ALL`] but the termination check (the
/// playout is cut short on purpose), the corruption check (the fuzzer corrupts states itself)
/// and the no-cheating check (its search bot is too slow for a fuzzer's loop).
pub const STATE_CHECKS: [Check; 8] = [
    Check::LegalList,
    Check::Refusal,
    Check::Conservation,
    Check::Serde,
    Check::Clone,
    Check::Determinism,
    Check::NoLeaks,
    Check::Scores,
];

/// The most random actions [`state_json`] plays from a state it reads.
pub const STATE_STEPS: u8 = 8;

/// Target `state_json`. Input: game byte, a control byte (the playout's seed, and its length
/// `control % (STATE_STEPS + 1)`), then JSON bytes.
///
/// Asserts: deserialising a `State` (which validates it) never panics, and a state it accepts
/// conserves the pack, and keeps the harness's contracts ([`STATE_CHECKS`], every check at
/// every state) over a short random playout from it (`run_checks_from`).
pub fn state_json(data: &[u8]) {
    let [game, control, json @ ..] = data else {
        return;
    };
    for_game!(*game, state_json_for(*control, json));
}

fn state_json_for<G: Catalog>(control: u8, json: &[u8]) {
    let Ok(state) = serde_json::from_slice::<G::State>(json) else {
        return;
    };
    assert_conserved::<G>(&state, "an accepted state");
    let options = RunOptions {
        policy: Policy::Random,
        deep_every: 1,
        search_every: u64::MAX,
        full_first: true,
        listed_sample: None,
        census_every: 1,
    };
    let steps = usize::from(control % (STATE_STEPS + 1));
    if let Err(f) = run_checks_from::<G>(&state, u64::from(control), steps, &STATE_CHECKS, &options)
    {
        panic!("{}: an accepted state breaks a contract: {f}", G::NAME);
    }
}

/// How many legal actions (summed over the lists) one `action_sequence` input may have listed
/// before it stops: random play in 3 to 13 can grow hands whose lists run to tens of thousands
/// of melds (within the game's documented bound), and one input must stay well under a second.
pub const SEQUENCE_WORK: usize = 1_000_000;

/// Target `action_sequence`. Input (read with `arbitrary`): game byte, then a configuration
/// ([`config_from`]), a `u64` seed, and `u16` action indices until the bytes run out (or the
/// lists listed add up to [`SEQUENCE_WORK`]).
///
/// Asserts: from the seeded deal of that configuration, each index (modulo the legal list)
/// names an action that applies; the legal list is empty exactly when the match is over; the
/// census equals the pack and the scores are finite (one per seat) after every action; the
/// match ends within `max_actions`.
pub fn action_sequence(data: &[u8]) {
    let Some((game, rest)) = data.split_first() else {
        return;
    };
    for_game!(*game, action_sequence_for(rest));
}

fn action_sequence_for<G: Catalog>(data: &[u8]) {
    let mut u = Unstructured::new(data);
    let Some(config) = config_from::<G>(&mut u) else {
        return;
    };
    let Ok(seed) = u.arbitrary::<u64>() else {
        return;
    };
    let Ok(mut state) = G::new(&config, seed) else {
        return;
    };
    let players = config.players();
    let limit = config.max_actions();
    assert_conserved::<G>(&state, "the deal");
    let mut legal = Vec::new();
    let mut step = 0usize;
    let mut work = 0usize;
    // `arbitrary` answers zeros once the bytes run out: stop there instead.
    while !u.is_empty() && work < SEQUENCE_WORK {
        let Ok(index) = u.arbitrary::<u16>() else {
            break;
        };
        G::legal_actions_into(&state, &mut legal);
        work += legal.len();
        assert!(
            legal.is_empty() == G::to_move(&state).is_none(),
            "{}: step {step}: legal list empty = {}, to_move = {:?}",
            G::NAME,
            legal.is_empty(),
            G::to_move(&state)
        );
        if legal.is_empty() {
            break;
        }
        assert!(
            step < limit,
            "{}: the match is still running after max_actions = {limit}",
            G::NAME
        );
        let action = &legal[usize::from(index) % legal.len()];
        if let Err(e) = G::apply(&mut state, action) {
            panic!(
                "{}: step {step}: listed action {action} is refused: {e}",
                G::NAME
            );
        }
        step += 1;
        assert_conserved::<G>(&state, &format!("step {step}"));
        let scores = G::scores(&state);
        assert!(
            scores.len() == players && scores.0.iter().all(|s| s.is_finite()),
            "{}: step {step}: scores {scores:?}",
            G::NAME
        );
    }
}

/// A configuration of `G` from fuzz input: a player count from the game's range (its default
/// rules for that count), a whole match or a single deal, and some of the rule options changed
/// (a flag flipped, a small number, another variant of an enumeration). `None` when the bytes
/// run out or the game refuses the count; options the game refuses are left as they were.
pub fn config_from<G: Catalog>(u: &mut Unstructured<'_>) -> Option<G::Config> {
    let range = G::PLAYERS;
    let players = u.int_in_range(*range.start()..=*range.end()).ok()?;
    let mut config = G::Config::for_players(players).ok()?;
    if u.arbitrary::<bool>().ok()? {
        config = config.single_deal();
    }
    let Ok(Value::Object(fields)) = serde_json::to_value(&config) else {
        return Some(config);
    };
    for (key, value) in &fields {
        if key == "players" || !u.ratio(1u8, 4u8).ok()? {
            continue;
        }
        let new = match value {
            Value::Bool(b) => Value::Bool(!b),
            Value::Number(n) => {
                let top = n.as_u64().unwrap_or(0).saturating_mul(2).saturating_add(3);
                Value::from(u.int_in_range(0..=top).ok()?)
            }
            Value::String(_) => {
                let names = variants::<G>(&fields, key);
                let Some(name) = names.get(u.choose_index(names.len().max(1)).ok()?) else {
                    continue;
                };
                Value::String(name.clone())
            }
            _ => continue,
        };
        let Ok(Value::Object(mut changed)) = serde_json::to_value(&config) else {
            continue;
        };
        changed.insert(key.clone(), new);
        if let Ok(c) = serde_json::from_value::<G::Config>(Value::Object(changed)) {
            config = c;
        }
    }
    Some(config)
}

/// The variant names of an enumeration field of a configuration, read from the message serde
/// gives for a name it does not know (as `cards rules` lists them).
fn variants<G: Catalog>(fields: &serde_json::Map<String, Value>, key: &str) -> Vec<String> {
    let mut map = fields.clone();
    map.insert(key.to_owned(), Value::String("\u{1}".to_owned()));
    let Err(e) = serde_json::from_value::<G::Config>(Value::Object(map)) else {
        return Vec::new();
    };
    let message = e.to_string();
    message
        .split('`')
        .skip(3)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// Target `replay_log`. Input: any bytes, as the content of a log file given to
/// `cards replay`.
///
/// Asserts: reading the log (`GameLog::from_json`, after the UTF-8 check `GameLog::read`
/// makes) and replaying it (`replay`, narration to a sink) never panic, whatever the log says;
/// a log that replays without error ends in a state its record vouches for.
pub fn replay_log(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(log) = cli::log::GameLog::from_json(text) else {
        return;
    };
    let Ok(game) = cli::registry::find(&log.game) else {
        return;
    };
    let _ = game.replay(&log, &mut std::io::sink());
}

/// Target `play_line`. Input: game byte, seed byte, steps byte, a buffer-size byte, then the
/// person's input as bytes.
///
/// Against the position [`reach`] gives, reads the input line by line as `cards play` does
/// (`read_line` over a reader with a buffer of 1 to 64 bytes, then `read_entry`), applying
/// each chosen action. Asserts: no panic; `read_line` splits the input exactly as a plain
/// split on newlines does (a line longer than `MAX_LINE` bytes, or not UTF-8, refused; the
/// text trimmed), whatever the buffer size; `find` carries a text; `#N` chooses entry N; a
/// chosen action is in the legal list and applies.
pub fn play_line(data: &[u8]) {
    let [game, seed, steps, buffer, input @ ..] = data else {
        return;
    };
    for_game!(*game, play_line_for(*seed, *steps, *buffer, input));
}

/// What `read_line` should give for each line of `input`.
fn expected_lines(input: &[u8]) -> Vec<cli::play::Line> {
    use cli::play::{Line, MAX_LINE};
    let mut lines = Vec::new();
    let mut rest = input;
    while !rest.is_empty() {
        let (line, next) = match rest.iter().position(|&b| b == b'\n') {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &rest[rest.len()..]),
        };
        rest = next;
        lines.push(if line.len() > MAX_LINE {
            Line::Refused(format!(
                "that line is longer than {MAX_LINE} bytes and was not read"
            ))
        } else {
            match std::str::from_utf8(line) {
                Ok(text) => Line::Text(text.trim().to_owned()),
                Err(_) => Line::Refused("that line is not valid UTF-8 and was not read".to_owned()),
            }
        });
    }
    lines.push(Line::End);
    lines
}

fn play_line_for<G: Catalog>(seed: u8, steps: u8, buffer: u8, input: &[u8]) {
    use cli::play::{Input, Line, read_entry, read_line};
    let mut state = reach::<G>(seed, steps);
    let mut legal = G::legal_actions(&state);
    let mut reader = BufReader::with_capacity(usize::from(buffer % 64) + 1, Cursor::new(input));
    for (n, want) in expected_lines(input).into_iter().enumerate() {
        let line = read_line(&mut reader).expect("reading a slice cannot fail");
        assert_eq!(line, want, "line {n}");
        let text = match line {
            Line::End => break,
            Line::Refused(_) => continue,
            Line::Text(text) => text,
        };
        if legal.is_empty() {
            continue;
        }
        match read_entry::<G>(&state, &legal, &text) {
            Input::Find(what) => assert!(!what.is_empty(), "find with no text: {text:?}"),
            Input::Choose(a) => {
                if let Some(Ok(k)) = text.strip_prefix('#').map(|k| k.trim().parse::<usize>()) {
                    assert!(
                        legal.get(k.wrapping_sub(1)) == Some(&a),
                        "{text:?} chose {a}"
                    );
                }
                assert!(
                    legal.contains(&a),
                    "{}: {text:?} chose unlisted {a}",
                    G::NAME
                );
                if let Err(e) = G::apply(&mut state, &a) {
                    panic!("{}: {text:?} chose {a}, which is refused: {e}", G::NAME);
                }
                G::legal_actions_into(&state, &mut legal);
            }
            _ => {}
        }
    }
    assert!(
        reader.fill_buf().is_ok_and(<[u8]>::is_empty),
        "input left unread"
    );
}
