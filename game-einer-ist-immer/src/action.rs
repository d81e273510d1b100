//! Plays and actions, with their notation.
//!
//! A play is `<n>x<rank>` (`1x7` a single seven, `3xK` three Kings), with `+<j>jk` when `j`
//! jokers join (`2x9+1jk`, three cards standing for nines); jokers alone are `<j>jk` and count
//! as Aces (E4). Passing is `pass`. A play may also be written as its cards, as in Das Grosse
//! und das kleine A: `4` is a single four, `4 4` a pair, `9 9 jk` two nines and a joker, `jk jk`
//! two jokers; it reads as the same play and prints in the notation above.

use std::fmt;
use std::str::FromStr;

use cards_core::climbing::Group;

use crate::cards::{ACE, Cards, JOKER, RANKS, parse_symbol, symbol};

/// A play of `naturals + jokers` cards standing for one rank (E3, E4). Jokers alone stand for
/// Aces. Invariants: at least one card; the rank is 2 to Ace; a jokers-only play has rank Ace.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Play(Group);

impl Play {
    /// The play as the shared climbing primitive (`cards_core::climbing::Group`).
    pub const fn group(self) -> Group {
        self.0
    }
}

impl Play {
    /// A play of `naturals` natural cards of `rank` (2 to 14) and `jokers` jokers; jokers alone
    /// (`naturals == 0`) stand for Aces whatever `rank` says. `None` for an empty play or a bad
    /// rank, or more than 255 cards in all.
    pub const fn new(rank: u8, naturals: u8, jokers: u8) -> Option<Play> {
        // The size must fit in a `u8`, so that `len` never overflows.
        if (naturals == 0 && jokers == 0) || naturals.checked_add(jokers).is_none() {
            return None;
        }
        if naturals == 0 {
            return Some(Play(Group {
                rank: ACE,
                naturals: 0,
                jokers,
            }));
        }
        if rank < 2 || rank > ACE {
            return None;
        }
        Some(Play(Group {
            rank,
            naturals,
            jokers,
        }))
    }

    /// A play from parts the caller has checked (rank 2 to Ace, `naturals >= 1`).
    pub(crate) const fn raw(rank: u8, naturals: u8, jokers: u8) -> Play {
        Play(Group {
            rank,
            naturals,
            jokers,
        })
    }

    /// `jokers` jokers alone, standing for Aces (E4).
    pub(crate) const fn joker_only(jokers: u8) -> Play {
        Play(Group {
            rank: ACE,
            naturals: 0,
            jokers,
        })
    }

    /// The rank the play stands for (jokers alone: Ace).
    pub const fn rank(self) -> u8 {
        self.0.rank
    }

    /// The number of natural cards.
    pub const fn naturals(self) -> u8 {
        self.0.naturals
    }

    /// The number of jokers.
    pub const fn jokers(self) -> u8 {
        self.0.jokers
    }

    /// The number of cards, the trick's category (E3).
    pub const fn len(self) -> u8 {
        self.0.naturals + self.0.jokers
    }

    /// Always `false`: a play holds at least one card.
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The physical cards of the play.
    pub fn cards(self) -> Cards {
        let jokers = Cards::of(JOKER, self.0.jokers);
        if self.0.naturals > 0 {
            jokers.plus(Cards::of(self.0.rank, self.0.naturals))
        } else {
            jokers
        }
    }

    /// Whether this play beats `top`: the same number of cards, a strictly higher rank (E3).
    pub const fn beats(self, top: Play) -> bool {
        self.len() == top.len() && self.0.rank > top.0.rank
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.naturals == 0 {
            return write!(f, "{}jk", self.0.jokers);
        }
        write!(f, "{}x{}", self.0.naturals, symbol(self.0.rank))?;
        if self.0.jokers > 0 {
            write!(f, "+{}jk", self.0.jokers)?;
        }
        Ok(())
    }
}

/// A play's cards taken from or added to a set, slot by slot.
impl Cards {
    /// Takes the cards of `play`, slot by slot; `false` and nothing changed unless all are
    /// here (the same as [`Cards::take_all`] of `play.cards()`, without building the set).
    pub(crate) fn take_play(&mut self, play: Play) -> bool {
        let (rank, naturals, jokers) = (usize::from(play.rank()), play.naturals(), play.jokers());
        let c = &mut self.0.0;
        let j = usize::from(JOKER);
        match c.get(rank) {
            Some(&have) if have >= naturals && c[j] >= jokers => {
                c[rank] -= naturals;
                c[j] -= jokers;
                true
            }
            _ => false,
        }
    }

    /// Adds the cards of `play`, slot by slot (the same as [`Cards::add_all`] of
    /// `play.cards()`, without building the set).
    pub(crate) fn add_play(&mut self, play: Play) {
        self.add(play.rank(), play.naturals());
        self.add(JOKER, play.jokers());
    }
}

/// One decision: pass, or play cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Let the turn go by (never when leading, E3).
    Pass,
    /// Play cards: lead a trick or beat its highest play (E3).
    Play(Play),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Play(p) => write!(f, "{p}"),
        }
    }
}

/// Text that is not an action.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid action {text:?} (expected pass, or a play like 1x7, 3xK, 2x9+1jk, 2jk)")]
pub struct ParseActionError {
    /// The text given.
    pub text: String,
}

fn parse_count(s: &str) -> Option<u8> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.starts_with('0') {
        return None;
    }
    s.parse().ok()
}

/// A play written as its cards, separated by spaces: ranks of one kind and jokers (`4 4`,
/// `9 9 jk`, `jk`).
fn parse_cards(s: &str) -> Option<Play> {
    let mut rank = None;
    let (mut naturals, mut jokers) = (0u8, 0u8);
    for word in s.split_whitespace() {
        match parse_symbol(word)? {
            JOKER => jokers = jokers.checked_add(1)?,
            r if rank.is_none_or(|k| k == r) => {
                rank = Some(r);
                naturals = naturals.checked_add(1)?;
            }
            _ => return None,
        }
    }
    Play::new(rank.unwrap_or(ACE), naturals, jokers)
}

fn parse_jokers(s: &str) -> Option<u8> {
    let lower = s.to_ascii_lowercase();
    parse_count(lower.strip_suffix("jk")?)
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseActionError { text: s.to_owned() };
        let t = s.trim();
        if t.eq_ignore_ascii_case("pass") {
            return Ok(Action::Pass);
        }
        let (main, jokers) = match t.split_once('+') {
            Some((m, j)) => (m, Some(parse_jokers(j).ok_or_else(bad)?)),
            None => (t, None),
        };
        if jokers.is_none()
            && let Some(j) = parse_jokers(main)
        {
            return Play::new(ACE, 0, j).map(Action::Play).ok_or_else(bad);
        }
        let Some((n, r)) = main.split_once(['x', 'X']) else {
            return parse_cards(t).map(Action::Play).ok_or_else(bad);
        };
        let n = parse_count(n).ok_or_else(bad)?;
        let r = parse_symbol(r)
            .filter(|r| RANKS.contains(r))
            .ok_or_else(bad)?;
        Play::new(r, n, jokers.unwrap_or(0))
            .map(Action::Play)
            .ok_or_else(bad)
    }
}
cards_core::serde_via_notation!(Action);

impl FromStr for Play {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.parse::<Action>()? {
            Action::Play(p) => Ok(p),
            Action::Pass => Err(ParseActionError { text: s.to_owned() }),
        }
    }
}
cards_core::serde_via_notation!(Play);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_play_may_be_written_as_its_cards() {
        let read = |s: &str| s.parse::<Action>().map(|a| a.to_string());
        assert_eq!(read("4").unwrap(), "1x4");
        assert_eq!(read("4 4").unwrap(), "2x4");
        assert_eq!(read("2 2").unwrap(), "2x2");
        assert_eq!(read("9 9 jk").unwrap(), "2x9+1jk");
        assert_eq!(read("JK 9").unwrap(), "1x9+1jk");
        assert_eq!(read("jk jk").unwrap(), "2jk");
        assert_eq!(read("a a").unwrap(), "2xA");
        assert_eq!(read("10 10 10").unwrap(), "3x10");
        // The card notation is still read.
        assert_eq!(read("2x6").unwrap(), "2x6");
        // Two ranks in one play, a 1, an 11 and nothing are no play.
        for bad in ["4 5", "1", "11", "", "4 x", "jk 4 5"] {
            assert!(read(bad).is_err(), "{bad:?}");
        }
    }
}
