//! What lies on the table, by seat, for a front end that lays cards out where they lie
//! ([`crate::GameView::layout`]): the trick or pile being played and who laid each part of it,
//! the last finished trick and who took it, and the cards that lie by a seat or in the middle
//! (melds, exposed cards, a face-down Legage, the stock).
//!
//! A layout holds only public facts: it is the same in every seat's view of one state (the
//! server's watch page shows any seat's), and a seat's own secrets stay in its
//! [`crate::text::Screen`]. Cards are written in the game's card notation, as the screen hand
//! is; a wild card standing in for another is written `CARD=STANDS` (`Jk=Q`), and a play that
//! names ranks only (suits do not matter) names them by rank.
//!
//! ```
//! use cards_core::layout::{Layout, Laid, Group};
//! use cards_core::Seat;
//! let layout = Layout {
//!     trick: vec![Laid::cards(Seat(1), ["Qh"]), Laid::word(Seat(2), "pass")],
//!     last: None,
//!     groups: vec![Group::hidden(None, "stock", 40)],
//!     wild: vec![],
//! };
//! assert_eq!(layout.trick[0].cards, ["Qh"]);
//! assert!(layout.trick[1].cards.is_empty());
//! ```

use serde::{Deserialize, Serialize};

use crate::Seat;

/// What lies on the table, by seat (see the module docs). `Default` is an empty table.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Layout {
    /// The trick or pile being played, in the order its parts were laid: each in front of the
    /// seat that laid it.
    pub trick: Vec<Laid>,
    /// The last finished trick or pile, with who took it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last: Option<Finished>,
    /// Cards lying by a seat or in the middle, face up or face down.
    #[serde(default)]
    pub groups: Vec<Group>,
    /// The card texts that are wild now (3 to 13's Aces, jokers and the round's rank), so that
    /// a front end can mark them in a hand; empty where no card is wild.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wild: Vec<String>,
}

/// One seat's part of a trick or pile: the cards it laid, or a word (`pass`) when it laid none.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Laid {
    /// Who laid it.
    pub seat: Seat,
    /// The cards, in the game's notation; empty for a pass.
    pub cards: Vec<String>,
    /// What the seat said instead of cards (`pass`), else empty.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub word: String,
}

impl Laid {
    /// `seat` laid `cards`.
    pub fn cards<S: ToString>(seat: Seat, cards: impl IntoIterator<Item = S>) -> Laid {
        Laid {
            seat,
            cards: cards.into_iter().map(|c| c.to_string()).collect(),
            word: String::new(),
        }
    }

    /// `seat` laid no card and said `word` (`pass`).
    pub fn word(seat: Seat, word: &str) -> Laid {
        Laid {
            seat,
            cards: Vec::new(),
            word: word.to_owned(),
        }
    }
}

/// A finished trick or pile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// Its name on the table, e.g. `trick 3`.
    pub label: String,
    /// Its parts, in the order they were laid.
    pub plays: Vec<Laid>,
    /// Who took it, when someone did.
    pub winner: Option<Seat>,
}

/// Cards that lie together: by a seat (its melds, its exposed cards, its face-down Legage) or
/// in the middle (the stock, the cego).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group {
    /// The seat they lie by; `None` for the middle of the table.
    pub seat: Option<Seat>,
    /// What they are, in the game's words (`meld 3`, `exposed`, `the Legage`).
    pub label: String,
    /// The cards face up, in the game's notation.
    pub cards: Vec<String>,
    /// How many cards lie face down with them.
    #[serde(default)]
    pub hidden: usize,
}

impl Group {
    /// Cards face up by `seat` (the middle for `None`).
    pub fn open<S: ToString>(
        seat: Option<Seat>,
        label: &str,
        cards: impl IntoIterator<Item = S>,
    ) -> Group {
        Group {
            seat,
            label: label.to_owned(),
            cards: cards.into_iter().map(|c| c.to_string()).collect(),
            hidden: 0,
        }
    }

    /// `count` cards face down by `seat` (the middle for `None`).
    pub fn hidden(seat: Option<Seat>, label: &str, count: usize) -> Group {
        Group {
            seat,
            label: label.to_owned(),
            cards: Vec::new(),
            hidden: count,
        }
    }
}
