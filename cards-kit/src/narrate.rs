//! Lines the terminal and the browser both narrate: a person's only legal action taken for
//! them, and the summary of a run of moves taken at once. Shared by the terminal's play and
//! the server's tables, so that neither module names the other.

use cards_core::Seat;
use cards_core::text::Message;

/// The line that narrates a person's only legal action, taken for them (the terminal and the
/// browser say the same).
pub fn forced_line(seat: Seat, action: &impl std::fmt::Display) -> String {
    format!("{seat} (you): your only legal action, {action}, is taken.")
}

/// [`forced_line`] as a catalogue message (`play-forced`).
pub fn forced_message(seat: Seat, action: &impl std::fmt::Display) -> Message {
    Message::new("play-forced")
        .text("seat", seat)
        .text("action", action)
}

/// The phases ([`cards_core::GameState::phase`]) whose bot decisions are taken at once,
/// without the pace: Big A's draw, where each of the 103 cards drawn asks its drawer whether
/// to expose an Ace.
pub const UNPACED_PHASES: [&str; 1] = ["draw"];

/// The line that sums up a run of `moves` moves taken at once, for a seat whose own narration
/// of them is `lines` (redacted for it, so the summary tells it nothing more) and whose only
/// option was taken for it `forced` times; `phase` is the game's phase at the run's start.
///
/// Lines are grouped by their first two words (who, and what they did) and their length, in
/// the order they first came: `S1 draws a card` 21 times is `S1 draws a card ×21`, and
/// `S0 draws 7♠`, `S0 draws 9♥` are `S0 draws 7♠, 9♥`.
pub fn run_summary(lines: &[String], moves: usize, phase: &str, forced: usize) -> String {
    let told = group_run(lines);
    let head = if phase == "play" {
        format!("{moves} moves taken at once")
    } else {
        format!("the {phase}, {moves} moves taken at once")
    };
    let yours = match forced {
        0 => String::new(),
        1 => " (your only legal action was taken for you once)".to_owned(),
        n => format!(" (your only legal action was taken for you {n} times)"),
    };
    if told.is_empty() {
        format!("{head}{yours}.")
    } else {
        format!("{head}{yours}: {}.", told.join("; "))
    }
}

/// [`run_summary`] as a catalogue message (`play-run`), for a page that tells it in its
/// language: `lines` are the run's lines as messages, which the page formats and groups as
/// [`group_run`] groups them (`cards-serve/assets/i18n.js`).
pub fn run_message(lines: Vec<Message>, moves: usize, phase: &str, forced: usize) -> Message {
    let moves = i64::try_from(moves).unwrap_or(i64::MAX);
    let head = if phase == "play" {
        Message::new("play-run-head-play").number("moves", moves)
    } else {
        let phase = if phase == "draw" {
            Message::new("phase-draw")
        } else {
            Message::new(crate::i18n::UNTOLD).text("text", phase)
        };
        Message::new("play-run-head-phase")
            .arg("phase", phase)
            .number("moves", moves)
    };
    let head = if forced == 0 {
        head
    } else {
        Message::new("play-run-head-forced").arg("head", head).arg(
            "forced",
            Message::new("play-run-forced")
                .number("count", i64::try_from(forced).unwrap_or(i64::MAX)),
        )
    };
    if lines.is_empty() {
        Message::new("play-run-bare").arg("head", head)
    } else {
        Message::new("play-run")
            .arg("head", head)
            .list("told", lines, "; ")
    }
}

/// The lines of a run grouped as [`run_summary`] tells them (the terminal tells them in the
/// reader's language with the same grouping).
pub fn group_run(lines: &[String]) -> Vec<String> {
    let mut groups: Vec<(String, usize, Vec<&str>)> = Vec::new();
    for line in lines {
        let words = line.split_whitespace().count();
        let mut parts = line.splitn(3, ' ');
        let stem = match (parts.next(), parts.next(), parts.next()) {
            (Some(a), Some(b), Some(rest)) if !rest.is_empty() => Some((format!("{a} {b}"), rest)),
            _ => None,
        };
        let (stem, rest) = stem.unwrap_or_else(|| (line.clone(), ""));
        match groups
            .iter_mut()
            .find(|(s, n, _)| *s == stem && *n == words)
        {
            Some((_, _, rests)) => rests.push(rest),
            None => groups.push((stem, words, vec![rest])),
        }
    }
    groups
        .into_iter()
        .map(|(stem, _, rests)| {
            let first = rests.first().copied().unwrap_or_default();
            let whole = if first.is_empty() {
                stem.clone()
            } else {
                format!("{stem} {first}")
            };
            if rests.len() == 1 {
                whole
            } else if rests.iter().all(|r| *r == first) {
                format!("{whole} ×{}", rests.len())
            } else {
                format!("{stem} {}", rests.join(", "))
            }
        })
        .collect()
}
