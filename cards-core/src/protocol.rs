//! The JSON-lines bot protocol (`docs/protocol.md`): the messages a bot program is sent on its
//! stdin and the reply it writes on its stdout, one JSON object a line.
//!
//! The view is carried as a [`serde_json::Value`], so a bot written in Rust can use these types
//! for any game. [`Decision::message`](crate::Decision::message) builds the decision message of
//! a seat from exactly what that seat may see.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's version, sent in [`Message::Start`].
pub const PROTOCOL: u32 = 1;

/// A message to a bot program, tagged by `"type"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Sent once, first: what is played and by whom.
    Start {
        /// The protocol version ([`PROTOCOL`]).
        protocol: u32,
        /// The game's command-line name, e.g. `big-a`.
        game: String,
        /// The variant configuration (the game's `Config` as JSON).
        config: Value,
        /// The program's seat, from 0.
        seat: u8,
        /// The number of players.
        players: usize,
    },
    /// The program is to move: it answers with one [`Reply`] line.
    Decide {
        /// The seat's view (the game's redacted `View` as JSON).
        view: Value,
        /// The seat's redacted events since its last decision, as text lines.
        events: Vec<String>,
        /// The kind of decision (the game's phase, public).
        phase: String,
        /// The legal actions, never empty.
        legal: Vec<LegalAction>,
        /// Milliseconds the program has to answer.
        budget_ms: u64,
    },
    /// A deal is over: sent after the action that scores it (the match scores change), and
    /// after the match's last action in any case, so every match ends with one.
    DealEnd {
        /// The deal's number in the match, from 0.
        deal: usize,
        /// The seat's redacted events since its last decision, as text lines.
        events: Vec<String>,
        /// Every seat's score of this deal (the change of the match scores), by seat.
        scores: Vec<f64>,
        /// The match scores after it, by seat.
        totals: Vec<f64>,
    },
    /// The match is over (for `cards simulate`, each deal is a match of one deal); it follows
    /// the last deal's [`Message::DealEnd`].
    End {
        /// The seat's redacted events since its last decision, as text lines.
        events: Vec<String>,
        /// Every seat's score, by seat.
        scores: Vec<f64>,
    },
}

/// One legal action: its index in the list and its notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LegalAction {
    /// The index to answer with.
    pub index: usize,
    /// The action's notation (the game's `Display`).
    pub action: String,
}

/// A bot program's answer to [`Message::Decide`]: `{"index": N}` or `{"action": "<notation>"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum Reply {
    /// The index of a legal action.
    Index {
        /// The index into `legal`.
        index: usize,
    },
    /// The notation of a legal action.
    Action {
        /// The notation, as listed in `legal`.
        action: String,
    },
}

impl Reply {
    /// The index into `legal` this reply names, if it names a legal action.
    pub fn resolve(&self, legal: &[LegalAction]) -> Option<usize> {
        match self {
            Reply::Index { index } => (*index < legal.len()).then_some(*index),
            Reply::Action { action } => legal.iter().position(|a| a.action == *action),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_read_either_form_and_resolve_only_legal_actions() {
        let legal = vec![
            LegalAction {
                index: 0,
                action: "7h".into(),
            },
            LegalAction {
                index: 1,
                action: "pass".into(),
            },
        ];
        let r: Reply = serde_json::from_str(r#"{"index": 1}"#).unwrap();
        assert_eq!(r.resolve(&legal), Some(1));
        let r: Reply = serde_json::from_str(r#"{"action": "pass"}"#).unwrap();
        assert_eq!(r.resolve(&legal), Some(1));
        let r: Reply = serde_json::from_str(r#"{"index": 2}"#).unwrap();
        assert_eq!(r.resolve(&legal), None);
        assert!(serde_json::from_str::<Reply>(r#"{"move": 0}"#).is_err());
        let m = Message::End {
            events: vec![],
            scores: vec![1.0, -1.0],
        };
        assert_eq!(
            serde_json::to_string(&m).unwrap(),
            r#"{"type":"end","events":[],"scores":[1.0,-1.0]}"#
        );
        let m = Message::DealEnd {
            deal: 2,
            events: vec!["x".into()],
            scores: vec![0.5, -0.5],
            totals: vec![1.0, -1.0],
        };
        let text = serde_json::to_string(&m).unwrap();
        assert_eq!(
            text,
            r#"{"type":"deal_end","deal":2,"events":["x"],"scores":[0.5,-0.5],"totals":[1.0,-1.0]}"#
        );
        assert_eq!(serde_json::from_str::<Message>(&text).unwrap(), m);
    }
}
