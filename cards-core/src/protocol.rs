//! The JSON-lines bot protocol (`docs/protocol.md`): the messages a bot program is sent on its
//! stdin and the reply it writes on its stdout, one JSON object a line.
//!
//! The view is carried as a [`serde_json::Value`], so a bot written in Rust can use these types
//! for any game. [`Decision::message`](crate::Decision::message) builds the decision message of
//! a seat from exactly what that seat may see.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The protocol's version, sent in [`Message::Hello`] and [`Message::Start`].
pub const PROTOCOL: u32 = 2;

/// The time a program has to start up, in milliseconds: from its start until it writes
/// [`READY`] or this allowance has passed, no decision's clock runs (its first decision has
/// what is left of the allowance on top of its budget).
pub const STARTUP_MS: u64 = 10_000;

/// The line a program may write once it is ready (after [`Message::Hello`]), ending its
/// start-up allowance early.
pub const READY: &str = r#"{"type":"ready"}"#;

/// A message to a bot program, tagged by `"type"`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Sent once, as soon as the program starts: the protocol it is spoken to in, and the time
    /// it has to start up before any decision's clock runs ([`STARTUP_MS`]). A program may
    /// answer [`READY`]; it need not.
    Hello {
        /// The protocol version ([`PROTOCOL`]).
        protocol: u32,
        /// Milliseconds from the program's start during which no decision's clock runs.
        startup_ms: u64,
    },
    /// Sent first in each match: what is played and by whom.
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
        /// The decision's number, from 0, counted over the program's whole run; the answer
        /// echoes it (`"id"`), so an answer that comes after its decision timed out is known
        /// for a late one and never applied to a later decision.
        id: u64,
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

/// A bot program's answer to [`Message::Decide`]: `{"id": I, "index": N}` or
/// `{"id": I, "action": "<notation>"}`, `I` the decision's `id`. An answer without `id` (as in
/// version 1) is taken for the answer to the oldest decision not yet answered, so a program
/// that leaves it out must answer every decision once, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum Reply {
    /// The index of a legal action.
    Index {
        /// The decision answered ([`Message::Decide`]'s `id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// The index into `legal`.
        index: usize,
    },
    /// The notation of a legal action.
    Action {
        /// The decision answered ([`Message::Decide`]'s `id`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        id: Option<u64>,
        /// The notation, as listed in `legal`.
        action: String,
    },
}

impl Reply {
    /// The decision this reply says it answers, if it says.
    pub fn id(&self) -> Option<u64> {
        match self {
            Reply::Index { id, .. } | Reply::Action { id, .. } => *id,
        }
    }

    /// The index into `legal` this reply names, if it names a legal action.
    pub fn resolve(&self, legal: &[LegalAction]) -> Option<usize> {
        match self {
            Reply::Index { index, .. } => (*index < legal.len()).then_some(*index),
            Reply::Action { action, .. } => legal.iter().position(|a| a.action == *action),
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
        let r: Reply = serde_json::from_str(r#"{"id": 7, "index": 0}"#).unwrap();
        assert_eq!((r.id(), r.resolve(&legal)), (Some(7), Some(0)));
        let r: Reply = serde_json::from_str(r#"{"id": 8, "action": "7h"}"#).unwrap();
        assert_eq!((r.id(), r.resolve(&legal)), (Some(8), Some(0)));
        assert_eq!(
            serde_json::from_str::<Reply>(r#"{"index": 1}"#)
                .unwrap()
                .id(),
            None
        );
        assert!(serde_json::from_str::<Reply>(r#"{"id": -1, "index": 0}"#).is_err());
        let hello = Message::Hello {
            protocol: PROTOCOL,
            startup_ms: STARTUP_MS,
        };
        assert_eq!(
            serde_json::to_string(&hello).unwrap(),
            r#"{"type":"hello","protocol":2,"startup_ms":10000}"#
        );
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
