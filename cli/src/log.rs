//! Saved games: a JSON log of the game, its configuration, its seed and its actions, and the
//! replay that verifies and narrates one.

use std::io::Write;

use cards_core::{Game, Seat};
use serde::{Deserialize, Serialize};

use crate::error::CliError;

/// A saved game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameLog {
    /// The game's command-line name.
    pub game: String,
    /// The configuration, in the game's serde form.
    pub config: serde_json::Value,
    /// The match seed.
    pub seed: u64,
    /// The actions in the game's notation, in order.
    pub actions: Vec<String>,
}

impl GameLog {
    /// Reads a log from JSON text.
    ///
    /// # Errors
    /// [`CliError::BadLog`] naming the broken field.
    pub fn from_json(text: &str) -> Result<GameLog, CliError> {
        serde_json::from_str(text).map_err(|e| CliError::BadLog(e.to_string()))
    }
}

/// Re-applies a log, checking every action, and narrates it (every event, unredacted).
///
/// # Errors
/// [`CliError::BadLog`] naming the first bad field or action.
pub fn replay<G: Game>(log: &GameLog, out: &mut dyn Write) -> Result<(), CliError> {
    let config: G::Config = serde_json::from_value(log.config.clone())
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    let mut state = G::new(&config, log.seed)
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    writeln!(out, "{} (seed {})", G::TITLE, log.seed)?;
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
    }
    if G::is_over(&state) {
        writeln!(out, "The match is over.")?;
    } else {
        writeln!(
            out,
            "The log ends before the match does ({} to move).",
            G::to_move(&state).map_or_else(String::new, |s: Seat| s.to_string())
        )?;
    }
    let title = if G::is_over(&state) {
        "Final scores"
    } else {
        "Scores so far, the match unfinished"
    };
    write_scores::<G>(&state, out, title)?;
    Ok(())
}

/// Writes the match scores, one line per seat.
///
/// # Errors
/// When writing fails.
pub fn write_scores<G: Game>(
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
