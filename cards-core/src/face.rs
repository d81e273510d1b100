//! What a card looks like: [`CardFace`], one card text as a screen writes it with what a page
//! prints on it (the corner index, the centre, the suit, what kind of card it is, a short
//! note), so that a page draws every game's cards without knowing any game. Colours are the
//! page's, chosen by [`FaceKind`] and suit. [`french_faces`] gives the French pack with its two
//! jokers (`10h`, `Ac`, `RJ`, `BJ`), the default of [`crate::Catalog::card_faces`]; a game with
//! other cards lists its own with [`CardFace::new`] and [`CardFace::suited`].
//!
//! ```
//! use cards_core::card::Suit;
//! use cards_core::face::{CardFace, FaceKind, french_faces};
//!
//! let pack = french_faces();
//! assert_eq!(pack.len(), 54);
//! let ten = pack.iter().find(|f| f.card == "10h").unwrap();
//! assert_eq!((ten.corner.as_str(), ten.centre.as_str()), ("10", "♥"));
//! assert_eq!((ten.suit, ten.kind, ten.chip.as_str()), (Some(Suit::Hearts), FaceKind::Plain, "10♥"));
//! let joker = CardFace::new("JK", "★", "Joker", FaceKind::Joker);
//! assert_eq!(joker.chip, "JK");
//! ```

use serde::{Deserialize, Serialize};

use crate::card::{FrenchCard, FrenchKind, Joker, Suit};

/// What kind of card a face is, for a page to colour it by (with the suit, for suited cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FaceKind {
    /// An ordinary card: a suited card, or a rank where suits do not matter.
    Plain,
    /// A card of a pack of numbers (Das Grosse und das kleine A's `1` to `13`).
    Number,
    /// A game's own joker, printed neither red nor black (a wild card of its own colour).
    Joker,
    /// The red joker of a French pack (also the one joker of a pack that has one design).
    RedJoker,
    /// The black joker of a French pack.
    BlackJoker,
    /// A tarock trump, or the Sküs.
    Trump,
    /// A card marked as the highest of its game (the Big A, a Big Ace).
    Big,
    /// The little a.
    Little,
}

/// One card text as a screen writes it (a hand card, a card in narration), and what a page
/// prints on it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardFace {
    /// The card as the game's screens write it, e.g. `10h`, `Ac*`, `T21`, `JK`.
    pub card: String,
    /// The corner index, e.g. `10`, `★`.
    pub corner: String,
    /// What the centre shows: the suit's symbol for a suited card, else a short word or number.
    pub centre: String,
    /// The suit, for a suited card (its symbol beside the corner, its colour).
    pub suit: Option<Suit>,
    /// What kind of card it is.
    pub kind: FaceKind,
    /// A few words printed at the foot (`Big Ace`, `little a`), empty for most cards.
    pub note: String,
    /// The card's short form inside a line of text, e.g. `10♥`, `Sküs`.
    pub chip: String,
}

impl CardFace {
    /// A card without a suit: its text, corner, centre and kind; no note, and its chip is its
    /// text.
    pub fn new(card: &str, corner: &str, centre: &str, kind: FaceKind) -> CardFace {
        CardFace {
            card: card.to_owned(),
            corner: corner.to_owned(),
            centre: centre.to_owned(),
            suit: None,
            kind,
            note: String::new(),
            chip: card.to_owned(),
        }
    }

    /// A plain suited card of a rank written `rank` (`10`, `R`, `1`): the card `rank` then the
    /// suit's letter, the rank in the corner, the suit's symbol in the centre.
    pub fn suited(rank: &str, suit: Suit) -> CardFace {
        let symbol = suit_symbol(suit);
        CardFace {
            card: format!("{rank}{}", suit.letter()),
            corner: rank.to_owned(),
            centre: symbol.to_owned(),
            suit: Some(suit),
            kind: FaceKind::Plain,
            note: String::new(),
            chip: format!("{rank}{symbol}"),
        }
    }

    /// The face of a card of the French pack: [`CardFace::suited`], or a joker (`RJ`, `BJ`).
    pub fn french(card: FrenchCard) -> CardFace {
        match card.kind() {
            FrenchKind::Suited(rank, suit) => CardFace::suited(rank.symbol(), suit),
            FrenchKind::Joker(joker) => {
                let kind = match joker {
                    Joker::Red => FaceKind::RedJoker,
                    Joker::Black => FaceKind::BlackJoker,
                };
                CardFace::new(&joker.to_string(), "★", "Joker", kind)
            }
        }
    }

    /// The same face with a note at its foot.
    pub fn with_note(self, note: &str) -> CardFace {
        CardFace {
            note: note.to_owned(),
            ..self
        }
    }

    /// The same face with another chip (its short form in a line of text).
    pub fn with_chip(self, chip: &str) -> CardFace {
        CardFace {
            chip: chip.to_owned(),
            ..self
        }
    }
}

/// The symbol of a suit: `♣ ♦ ♥ ♠`.
pub const fn suit_symbol(suit: Suit) -> &'static str {
    match suit {
        Suit::Clubs => "♣",
        Suit::Diamonds => "♦",
        Suit::Hearts => "♥",
        Suit::Spades => "♠",
    }
}

/// The faces of the French pack with both jokers (`Ac` … `Ks`, `BJ`, `RJ`), in its index
/// order: the default of [`crate::Catalog::card_faces`].
pub fn french_faces() -> Vec<CardFace> {
    FrenchCard::pack().map(CardFace::french).collect()
}
