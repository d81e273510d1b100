//! Actions and their notation.
//!
//! Actions name ranks, counts and jokers, never card identities (all eights are alike):
//! `5 5` (two fives), `7 J` (a seven and a joker), `J` (a joker), `J J` (two jokers), `a` (lead
//! the little a), `A` (lead the Big A), `pass`.

use std::fmt;
use std::str::FromStr;

use cards_core::climbing::Group;

use crate::cards::{
    ACard, BIG_A, Cards, JOKER, JOKERS_ONLY_RANK, LITTLE_A, parse_slot, slot_symbol,
};

/// A play of cards of one rank, jokers standing in (A4), or a single card in an A round (A7).
///
/// Invariant: at least one card; `naturals == 0` exactly when `rank == 14` (jokers only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Play(Group);

impl Play {
    /// The play as the shared climbing primitive (`cards_core::climbing::Group`).
    pub const fn group(self) -> Group {
        self.0
    }
}

impl Play {
    /// A play of `naturals` number cards of `rank` (1 to 13) and `jokers` jokers; with no
    /// natural cards it is a jokers-only play (rank 14) and `rank` is ignored. `None` for an
    /// empty play, a rank outside 1 to 13, more than 8 number cards or more than 4 jokers.
    pub const fn new(rank: u8, naturals: u8, jokers: u8) -> Option<Play> {
        if naturals > 8 || jokers > 4 || naturals + jokers == 0 {
            return None;
        }
        if naturals == 0 {
            return Some(Play(Group {
                rank: JOKERS_ONLY_RANK,
                naturals: 0,
                jokers,
            }));
        }
        if rank < 1 || rank > 13 {
            return None;
        }
        Some(Play(Group {
            rank,
            naturals,
            jokers,
        }))
    }

    /// A play that the caller knows to be well formed.
    pub(crate) const fn raw(rank: u8, naturals: u8, jokers: u8) -> Play {
        Play(Group {
            rank,
            naturals,
            jokers,
        })
    }

    /// The rank the play stands for in a normal round: the number cards' rank, 14 for jokers only.
    pub const fn rank(self) -> u8 {
        self.0.rank
    }

    /// How many number cards.
    pub const fn naturals(self) -> u8 {
        self.0.naturals
    }

    /// How many jokers.
    pub const fn jokers(self) -> u8 {
        self.0.jokers
    }

    /// The number of cards.
    pub const fn len(self) -> u8 {
        self.0.naturals + self.0.jokers
    }

    /// Always `false`: a play holds at least one card.
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// The single card's slot, when the play is one card.
    pub const fn single_slot(self) -> Option<u8> {
        match (self.0.naturals, self.0.jokers) {
            (1, 0) => Some(self.0.rank),
            (0, 1) => Some(JOKER),
            _ => None,
        }
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        let symbol = slot_symbol(self.0.rank);
        for _ in 0..self.0.naturals {
            if !first {
                f.write_str(" ")?;
            }
            f.write_str(symbol)?;
            first = false;
        }
        for _ in 0..self.0.jokers {
            if !first {
                f.write_str(" ")?;
            }
            f.write_str("J")?;
            first = false;
        }
        Ok(())
    }
}

/// One decision of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Pass: no cards (a follower in a normal round; a skipped leader, A8; a player whose hand is
    /// only the other A card in an A round, A7). Notation `pass`.
    Pass,
    /// Play cards: a lead or a raise in a normal round, one card in an A round.
    Play(Play),
    /// Lead an A card (A6). Notation `a` or `A`.
    LeadA(ACard),
}

impl Action {
    /// The cards the action takes from the hand: a play's number cards and jokers, an A card
    /// led; a pass takes none.
    pub(crate) fn cards(self) -> Cards {
        let mut cards = Cards::EMPTY;
        match self {
            Action::Pass => {}
            Action::Play(p) => {
                if p.naturals() > 0 {
                    cards.add(p.rank(), p.naturals());
                }
                cards.add(JOKER, p.jokers());
            }
            Action::LeadA(a) => cards.add(a.slot(), 1),
        }
        cards
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Play(p) => p.fmt(f),
            Action::LeadA(ACard::Little) => f.write_str("a"),
            Action::LeadA(ACard::Big) => f.write_str("A"),
        }
    }
}

/// Action notation that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// Nothing was given.
    #[error("empty action (expected e.g. `5 5`, `7 J`, `J`, `a`, `A` or `pass`)")]
    Empty,
    /// A word that is not a card.
    #[error("invalid card {0:?} (expected 1 to 13, J, a, A or pass)")]
    BadCard(String),
    /// Number cards of two ranks.
    #[error("all number cards of a play must be of one rank (A4)")]
    MixedRanks,
    /// An A card with other cards.
    #[error("an A card may only be played alone, as a single card (A6)")]
    AWithOthers,
    /// More cards of a kind than the pack holds.
    #[error("too many cards: the pack has eight of each number and four jokers (A1)")]
    TooMany,
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() {
            return Err(ParseActionError::Empty);
        }
        if s.eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        let mut rank = None;
        let mut naturals: u8 = 0;
        let mut jokers: u8 = 0;
        let mut a_card = None;
        let mut tokens = 0;
        for tok in s.split_whitespace() {
            tokens += 1;
            match parse_slot(tok) {
                Some(JOKER) => jokers = jokers.saturating_add(1),
                Some(r @ 1..=13) => {
                    if rank.is_some_and(|x| x != r) {
                        return Err(ParseActionError::MixedRanks);
                    }
                    rank = Some(r);
                    naturals = naturals.saturating_add(1);
                }
                Some(LITTLE_A) => a_card = Some(ACard::Little),
                Some(BIG_A) => a_card = Some(ACard::Big),
                _ => return Err(ParseActionError::BadCard(tok.to_owned())),
            }
        }
        if let Some(a) = a_card {
            return if tokens == 1 {
                Ok(Action::LeadA(a))
            } else {
                Err(ParseActionError::AWithOthers)
            };
        }
        Play::new(rank.unwrap_or(JOKERS_ONLY_RANK), naturals, jokers)
            .map(Action::Play)
            .ok_or(ParseActionError::TooMany)
    }
}

cards_core::serde_via_notation!(Action);

impl FromStr for Play {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<Action>()? {
            Action::Play(p) => Ok(p),
            Action::LeadA(_) => Err(ParseActionError::AWithOthers),
            Action::Pass => Err(ParseActionError::BadCard(s.to_owned())),
        }
    }
}

cards_core::serde_via_notation!(Play);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for text in ["pass", "5 5", "7 J", "J", "J J", "a", "A", "13 13 13 J"] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        assert_eq!("5 7".parse::<Action>(), Err(ParseActionError::MixedRanks));
        assert_eq!("A 5".parse::<Action>(), Err(ParseActionError::AWithOthers));
        assert!("14".parse::<Action>().is_err());
        assert!("J J J J J".parse::<Action>().is_err());
    }
}
