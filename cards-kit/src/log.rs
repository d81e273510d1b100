//! Saved games: a JSON log of the game, its configuration, its seed, its actions and its
//! outcome, and the replay that verifies and narrates one.
//!
//! The outcome record makes a log tamper-evident: a checkpoint (the number of actions applied,
//! the match scores, and a digest of the whole state) each time the match scores change (the
//! end of a deal in every game) and one at the end of the log. Replay recomputes every
//! checkpoint and refuses a log whose record differs, so replacing an action by another legal
//! one, or changing a configuration variant, is noticed. A log of an unfinished match says so
//! (`"unfinished": true`); a log that ends before its match without saying so is refused.

use std::io::Write;

use cards_core::Seat;
use serde::{Deserialize, Serialize};

use crate::error::CliError;
use cards_core::Catalog;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// The game's command-line name.
    pub game: String,
    /// The configuration, in the game's serde form.
    pub config: serde_json::Value,
    /// The match seed: a number (`cards play --seed`, `simulate`), or the 256-bit key of a
    /// fair table as 64 hex digits.
    pub seed: cards_core::Seed,
    /// The commitment to the seed shown at the table before the first deal, when the seed was
    /// drawn rather than chosen (see [`crate::fair`]); replay checks that `seed` and `salt`
    /// open it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commitment: Option<String>,
    /// The salt of the commitment, revealed with the seed once the match is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub salt: Option<String>,
    /// The actions in the game's notation, in order.
    pub actions: Vec<String>,
    /// Set when the log was written before the match ended.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub unfinished: bool,
    /// The outcome record: checkpoints where the scores changed, and the end of the log.
    pub outcome: Vec<Checkpoint>,
    /// The faults of `exec:` bot programs (a program that exited, did not answer in time, wrote
    /// a line that is not an answer, or named an illegal action), each with the number of
    /// actions applied when it happened. Replay does not check them: they say why an action
    /// was taken at random, not what the action was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<FaultNote>,
}

/// A fault of an `exec:` bot program, as a log names it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FaultNote {
    /// Actions applied when it happened.
    pub after: usize,
    /// The bot, its seat, what went wrong and what was done instead.
    pub note: String,
}

/// The state of the match after some actions, as a log records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Checkpoint {
    /// Actions applied.
    pub after: usize,
    /// The match scores then, one per seat.
    pub scores: Vec<f64>,
    /// FNV-1a (64 bits, hex) of the state's JSON form.
    pub digest: String,
}

/// Writes `text` to `path` so that a kill at any moment leaves either the old file or the new
/// one whole: written to a temporary file beside it, synced, then renamed over it (and the
/// folder synced, so the rename itself survives a power cut where the system allows).
///
/// # Errors
/// [`CliError::Io`] when a step fails; `path` is then unchanged.
pub fn write_atomically(path: &str, text: &str) -> Result<(), CliError> {
    let io = |source| CliError::Io {
        path: path.to_owned(),
        source,
    };
    let target = std::path::Path::new(path);
    let temp = temp_beside(target);
    let written = (|| {
        let mut file = std::fs::File::create(&temp)?;
        file.write_all(text.as_bytes())?;
        file.sync_all()?;
        std::fs::rename(&temp, target)
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&temp);
        return Err(io(e));
    }
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        if let Ok(dir) = std::fs::File::open(dir) {
            let _ = dir.sync_all();
        }
    }
    Ok(())
}

/// A temporary file beside `target`, in its folder (so that renaming it over `target` is
/// atomic), named after it and this process.
pub fn temp_beside(target: &std::path::Path) -> std::path::PathBuf {
    let name = target
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    target.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// The largest log file read, in bytes.
pub const MAX_LOG_BYTES: u64 = 16 << 20;

/// Records the checkpoints of a match as its actions are applied.
#[derive(Debug, Default)]
pub struct Recorder {
    checkpoints: Vec<Checkpoint>,
    last_scores: Option<Vec<f64>>,
}

impl Recorder {
    /// Notes the state after `after` actions; a checkpoint when the scores changed.
    pub fn note<G: Catalog>(&mut self, state: &G::State, after: usize) {
        let scores = G::scores(state).0;
        if self.last_scores.as_ref() != Some(&scores) {
            if self.last_scores.is_some() {
                self.checkpoints.push(checkpoint::<G>(state, after));
            }
            self.last_scores = Some(scores);
        }
    }

    /// An estimate of the memory the record takes, in bytes.
    pub fn bytes(&self) -> u64 {
        self.checkpoints
            .iter()
            .map(|c| 96 + 8 * c.scores.len() as u64 + c.digest.len() as u64)
            .sum()
    }

    /// The record as it would be if the log ended here.
    pub fn snapshot<G: Catalog>(&self, state: &G::State, after: usize) -> Vec<Checkpoint> {
        Recorder {
            checkpoints: self.checkpoints.clone(),
            last_scores: None,
        }
        .finish::<G>(state, after)
    }

    /// The record, with a checkpoint at the end of the log.
    pub fn finish<G: Catalog>(mut self, state: &G::State, after: usize) -> Vec<Checkpoint> {
        if self.checkpoints.last().is_none_or(|c| c.after != after) {
            self.checkpoints.push(checkpoint::<G>(state, after));
        }
        self.checkpoints
    }
}

fn checkpoint<G: Catalog>(state: &G::State, after: usize) -> Checkpoint {
    let text = serde_json::to_string(state).unwrap_or_default();
    let digest = text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    });
    Checkpoint {
        after,
        scores: G::scores(state).0,
        digest: format!("{digest:016x}"),
    }
}

impl GameLog {
    /// Reads a log from JSON text (a UTF-8 byte-order mark is skipped).
    ///
    /// # Errors
    /// [`CliError::BadLog`] naming the broken field.
    pub fn from_json(text: &str) -> Result<GameLog, CliError> {
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        serde_json::from_str(text).map_err(|e| CliError::BadLog(e.to_string()))
    }

    /// Reads a log file of at most [`MAX_LOG_BYTES`].
    ///
    /// # Errors
    /// A file that cannot be read, is too large, is not UTF-8, or is not a log.
    pub fn read(path: &str) -> Result<GameLog, CliError> {
        use std::io::Read;
        let io = |source| CliError::Io {
            path: path.to_owned(),
            source,
        };
        let file = std::fs::File::open(path).map_err(io)?;
        let mut bytes = Vec::new();
        file.take(MAX_LOG_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() as u64 > MAX_LOG_BYTES {
            return Err(CliError::BadLog(format!(
                "{path} is larger than {} MiB, more than any log",
                MAX_LOG_BYTES >> 20
            )));
        }
        let text = String::from_utf8(bytes)
            .map_err(|e| CliError::BadLog(format!("{path} is not UTF-8 text: {e}")))?;
        GameLog::from_json(&text)
    }
}

/// The keys of `given` that `known` (the same value read and written back) lacks, as paths.
fn unknown_keys(given: &serde_json::Value, known: &serde_json::Value, path: &str) -> Vec<String> {
    use serde_json::Value;
    match (given, known) {
        (Value::Object(g), Value::Object(k)) => g
            .iter()
            .flat_map(|(key, v)| {
                let here = format!("{path}.{key}");
                match k.get(key) {
                    Some(kv) => unknown_keys(v, kv, &here),
                    None => vec![here],
                }
            })
            .collect(),
        (Value::Array(g), Value::Array(k)) => g
            .iter()
            .zip(k)
            .enumerate()
            .flat_map(|(i, (gv, kv))| unknown_keys(gv, kv, &format!("{path}[{i}]")))
            .collect(),
        _ => Vec::new(),
    }
}

/// Re-applies a log, checking every action and the commitment to its seed, and narrates it
/// (every event, unredacted). Nothing is written unless the whole log holds: a log that is
/// refused shows no hand.
///
/// # Errors
/// [`CliError::BadLog`] naming the first bad field or action.
pub fn replay<G: Catalog>(log: &GameLog, out: &mut dyn Write) -> Result<(), CliError> {
    let mut text = Vec::new();
    replay_into::<G>(log, &mut text)?;
    out.write_all(&text)?;
    Ok(())
}

fn replay_into<G: Catalog>(log: &GameLog, out: &mut dyn Write) -> Result<(), CliError> {
    let fairness = fairness_line(log)?;
    let config = read_config::<G>(log)?;
    let mut state = <G::State as cards_core::GameState>::new_seeded(&config, log.seed)
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    writeln!(out, "{} (seed {})", G::TITLE, log.seed)?;
    if let Some(line) = &fairness {
        writeln!(out, "{line}")?;
    }
    for e in G::opening(&state) {
        writeln!(out, "{e}")?;
    }
    let mut recorder = Recorder::default();
    recorder.note::<G>(&state, 0);
    for (i, text) in log.actions.iter().enumerate() {
        let n = i + 1;
        let Some(seat) = G::to_move(&state) else {
            return Err(CliError::BadLog(format!(
                "action {n} ({text:?}): the match is already over"
            )));
        };
        let action = G::parse_action(&state, text)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}): {e}")))?;
        let events = G::apply(&mut state, &action)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}) by {seat}: {e}")))?;
        for e in &events {
            writeln!(out, "{e}")?;
        }
        recorder.note::<G>(&state, n);
    }
    let outcome = recorder.finish::<G>(&state, log.actions.len());
    check_outcome::<G>(log, &state, &outcome)?;
    write_ending::<G>(&state, out)?;
    Ok(())
}

/// The line that tells a log's commitment opened, checked; none for a chosen seed.
fn fairness_line(log: &GameLog) -> Result<Option<String>, CliError> {
    match (&log.commitment, &log.salt) {
        (Some(promised), Some(salt)) => {
            crate::fair::verify(log.seed, salt, promised)?;
            Ok(Some(format!(
                "Fair deal: seed {} and salt {salt} open the commitment {promised} shown before \
                 the first deal.",
                log.seed
            )))
        }
        (Some(_), None) => Err(CliError::BadLog(
            "the log has a commitment but no salt to open it".to_owned(),
        )),
        (None, Some(_)) => Err(CliError::BadLog(
            "the log has a salt but no commitment".to_owned(),
        )),
        (None, None) => Ok(None),
    }
}

/// Tells `bot`, sitting in `seat`, the events of every action of `log` as that seat saw them
/// ([`cards_core::GameEvent::redact`]), as a table tells the bot that sat there from the
/// start: for a bot asked in the middle of a match (a hint) whose play reads the course of the
/// match ([`cards_core::Bot::observes`]). A bot that does not observe is told nothing, and so
/// is any bot when the log does not replay to its end.
///
/// # Errors
/// [`CliError::BadLog`] for a log that does not replay.
pub fn tell_history<G: Catalog>(
    log: &GameLog,
    seat: Seat,
    bot: &mut dyn cards_core::Bot<G>,
) -> Result<(), CliError> {
    use cards_core::GameEvent as _;
    if !bot.observes() {
        return Ok(());
    }
    let config = read_config::<G>(log)?;
    let mut state = <G::State as cards_core::GameState>::new_seeded(&config, log.seed)
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    let mut seen = Vec::with_capacity(log.actions.len());
    for (i, text) in log.actions.iter().enumerate() {
        let n = i + 1;
        let action = G::parse_action(&state, text)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}): {e}")))?;
        let events = G::apply(&mut state, &action)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}): {e}")))?;
        seen.push(
            events
                .iter()
                .filter_map(|e| e.redact(seat))
                .collect::<Vec<_>>(),
        );
    }
    for events in &seen {
        bot.observe(seat, events);
    }
    Ok(())
}

/// A log of a match of `G` played from `seed` with `config` (tests build logs to analyse and
/// replay).
#[cfg(test)]
pub(crate) fn a_log<G: Catalog>(
    config: &G::Config,
    seed: cards_core::Seed,
    actions: Vec<String>,
    unfinished: bool,
) -> GameLog {
    GameLog {
        game: G::NAME.to_owned(),
        config: serde_json::to_value(config).unwrap_or_default(),
        seed,
        commitment: None,
        salt: None,
        actions,
        unfinished,
        outcome: Vec::new(),
        faults: Vec::new(),
    }
}

/// The log's configuration, refused when it holds a key the game's configuration lacks.
pub(crate) fn read_config<G: Catalog>(log: &GameLog) -> Result<G::Config, CliError> {
    let config: G::Config = serde_json::from_value(log.config.clone())
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    let written = serde_json::to_value(&config).map_err(|e| CliError::Engine(e.to_string()))?;
    if let Some(key) = unknown_keys(&log.config, &written, "config").first() {
        return Err(CliError::BadLog(format!(
            "unknown key {key}: the game's configuration has no such field"
        )));
    }
    Ok(config)
}

/// Checks the replayed outcome record against the log's, and that a log ending before its
/// match says so.
fn check_outcome<G: Catalog>(
    log: &GameLog,
    state: &G::State,
    outcome: &[Checkpoint],
) -> Result<(), CliError> {
    if let Some((i, (got, want))) = outcome
        .iter()
        .zip(&log.outcome)
        .enumerate()
        .find(|(_, (a, b))| a != b)
    {
        return Err(CliError::BadLog(format!(
            "outcome checkpoint {} differs: the log records {} actions, scores {:?}, digest {}; \
             replaying gives {} actions, scores {:?}, digest {}",
            i + 1,
            want.after,
            want.scores,
            want.digest,
            got.after,
            got.scores,
            got.digest
        )));
    }
    if outcome.len() != log.outcome.len() {
        return Err(CliError::BadLog(format!(
            "the outcome record holds {} checkpoints; replaying gives {}",
            log.outcome.len(),
            outcome.len()
        )));
    }
    if G::to_move(state).is_some() && !log.unfinished {
        return Err(CliError::BadLog(format!(
            "the log ends after action {} ({} to move) but is not marked unfinished",
            log.actions.len(),
            G::to_move(state).map_or_else(String::new, |s: Seat| s.to_string())
        )));
    }
    Ok(())
}

/// Narrates the end of a replayed log: whether the match is over, and the scores.
fn write_ending<G: Catalog>(state: &G::State, out: &mut dyn Write) -> Result<(), CliError> {
    if G::to_move(state).is_none() {
        writeln!(out, "The match is over.")?;
    } else {
        writeln!(
            out,
            "The log ends before the match does ({} to move).",
            G::to_move(state).map_or_else(String::new, |s: Seat| s.to_string())
        )?;
    }
    let title = if G::to_move(state).is_none() {
        "Final scores"
    } else {
        "Scores so far, the match unfinished"
    };
    write_scores::<G>(state, out, title)?;
    Ok(())
}

/// Writes the match scores, one line per seat.
///
/// # Errors
/// When writing fails.
pub fn write_scores<G: Catalog>(
    state: &G::State,
    out: &mut dyn Write,
    title: &str,
) -> std::io::Result<()> {
    writeln!(out, "{title} (higher is better):")?;
    for (seat, score) in G::scores(state).iter() {
        // `+ 0.0` prints a negated zero as 0.
        writeln!(out, "  {seat}: {}", score + 0.0)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::rng::rng_from_seed;
    use cards_core::{Bot, BotSpec, Decision, Game, GameEvent as _, GameState, Search, make_bot};

    #[test]
    fn a_bot_told_the_history_chooses_as_one_that_sat_there_from_the_start() {
        // Grosse/kleine A's expert infers the hidden hands from what it saw. S0's expert sits
        // at the table from the start (told each action as S0 saw it); at S0's later decisions a
        // fresh expert told the log so far chooses as it does, with the same draws, where one
        // told nothing (plain ISMCTS then) does not always.
        type G = game_grosse_kleine_a::GrosseKleineA;
        let spec = BotSpec::parse::<G>("expert").unwrap();
        let config = <G as Game>::Config::default();
        let seed = cards_core::Seed::Short(21);
        let mut state = <<G as Game>::State as GameState>::new_seeded(&config, seed).unwrap();
        let log_of = |actions: Vec<String>| a_log::<G>(&config, seed, actions, true);
        let mut sat = make_bot::<G>(&spec, None).unwrap();
        let mut heuristic = G::heuristic_bot();
        let mut rng = rng_from_seed(4);
        let (mut actions, mut legal) = (Vec::new(), Vec::new());
        let (mut checked, mut cold_differs) = (0, 0);
        while let Some(seat) = G::to_move(&state) {
            G::legal_actions_into(&state, &mut legal);
            if seat == Seat(0) && legal.len() > 1 && actions.len() > 12 && checked < 4 {
                let mut told = make_bot::<G>(&spec, None).unwrap();
                tell_history::<G>(&log_of(actions.clone()), seat, &mut *told).unwrap();
                let mut cold = make_bot::<G>(&spec, None).unwrap();
                let decision = Decision::<G>::new(&state, seat, &legal);
                let choice = sat.choose(&decision, &mut rng_from_seed(9));
                assert_eq!(
                    told.choose(&decision, &mut rng_from_seed(9)),
                    choice,
                    "after {} actions",
                    actions.len()
                );
                cold_differs +=
                    usize::from(cold.choose(&decision, &mut rng_from_seed(9)) != choice);
                checked += 1;
            }
            let i = heuristic.choose(&Decision::new(&state, seat, &legal), &mut rng);
            let action = legal[i];
            actions.push(action.to_string());
            let events = G::apply(&mut state, &action).unwrap();
            let seen: Vec<_> = events.iter().filter_map(|e| e.redact(Seat(0))).collect();
            sat.observe(Seat(0), &seen);
        }
        assert_eq!(checked, 4);
        assert!(cold_differs > 0, "the history changed no choice");
        // A log that does not replay tells nothing and says why.
        let mut told = make_bot::<G>(&spec, None).unwrap();
        assert!(matches!(
            tell_history::<G>(
                &log_of(vec!["no such action".to_owned()]),
                Seat(0),
                &mut *told
            ),
            Err(CliError::BadLog(_))
        ));
    }
}
