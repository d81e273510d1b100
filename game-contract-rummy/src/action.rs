//! Actions and their notation: `draw`, `pass`, `done`, a new meld such as `7h 8h Jk=9h`, and
//! `add 2 9h` / `add 2 Jk low` (a card added to one's own meld 2).

use std::fmt;
use std::str::FromStr;

use crate::cards::Card;
use crate::meld::{MeldSpec, ParseMeldError};

/// Where a card added to a meld goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum End {
    /// Into a set, or a natural card to its own place at an end of a run.
    Own,
    /// A wild below a run's lowest card.
    Low,
    /// A wild above a run's highest card.
    High,
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Draw the top card of the stock; the turn ends (rulings C6).
    Draw,
    /// Pass: the stock is empty and nothing can be put down (C6).
    Pass,
    /// End a turn of putting cards down (C6, C7).
    Done,
    /// Put down a new meld (C4, C5).
    Meld(MeldSpec),
    /// Add a card to one's own meld (C6).
    Add {
        /// The meld's index on the table (0-based; written 1-based).
        meld: u8,
        /// The card.
        card: Card,
        /// Where it goes.
        end: End,
    },
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Draw => f.write_str("draw"),
            Action::Pass => f.write_str("pass"),
            Action::Done => f.write_str("done"),
            Action::Meld(m) => write!(f, "{m}"),
            Action::Add { meld, card, end } => {
                write!(f, "add {} {card}", u16::from(*meld) + 1)?;
                match end {
                    End::Own => Ok(()),
                    End::Low => f.write_str(" low"),
                    End::High => f.write_str(" high"),
                }
            }
        }
    }
}

/// An action's notation that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseActionError {
    /// A meld that cannot be read.
    #[error(transparent)]
    Meld(#[from] ParseMeldError),
    /// Anything else.
    #[error(
        "invalid action {0:?}: expected draw, pass, done, a meld like `7h 8h Jk=9h`, or `add N card [low|high]`"
    )]
    Bad(String),
}

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let bad = || ParseActionError::Bad(s.to_owned());
        match t.to_ascii_lowercase().as_str() {
            "draw" => return Ok(Action::Draw),
            "pass" => return Ok(Action::Pass),
            "done" => return Ok(Action::Done),
            _ => {}
        }
        let mut words = t.split_whitespace();
        let first = words.next().ok_or_else(bad)?;
        if first.eq_ignore_ascii_case("add") {
            let n: u16 = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            if n == 0 || n > 255 {
                return Err(bad());
            }
            let card: Card = words.next().and_then(|w| w.parse().ok()).ok_or_else(bad)?;
            let end = match words.next() {
                None => End::Own,
                Some(w) if w.eq_ignore_ascii_case("low") => End::Low,
                Some(w) if w.eq_ignore_ascii_case("high") => End::High,
                Some(_) => return Err(bad()),
            };
            if words.next().is_some() {
                return Err(bad());
            }
            return Ok(Action::Add {
                meld: (n - 1) as u8,
                card,
                end,
            });
        }
        let body = if first.eq_ignore_ascii_case("meld") {
            t[first.len()..].trim()
        } else {
            t
        };
        Ok(Action::Meld(body.parse()?))
    }
}
cards_core::serde_via_notation!(Action);
