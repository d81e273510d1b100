//! Actions and their notation.

use std::fmt;
use std::str::FromStr;

use crate::cards::Card;
use crate::contract::Contract;

/// One decision of one player.
///
/// Notation: `pass`, `hold`, a contract (`solo`, `ulti`, `cego`, `one-card`, `one-blank`,
/// `two-blanks`, `two-different`, `little-man`, `piccolo`, `bettel`, `raeuber`; `gegensolo` is
/// read as `cego`), `expose 8c`, `discard T5`, a card to play (`Kc`), and a pair of cards for
/// the double lead of Two Blanks / Two Different (`8s+7s`: the first to trick 1, the second to
/// trick 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Pass in the auction (also the holder dropping out of a duel).
    Pass,
    /// The holder takes the entrant's rung for himself ("Selbst").
    Hold,
    /// Bid or choose a contract.
    Bid(Contract),
    /// Expose a card to keep (One Blank, Two Blanks, Two Different).
    Expose(Card),
    /// Discard a card to the Legage.
    Discard(Card),
    /// Play a card to the current trick.
    Play(Card),
    /// Play two cards at once to tricks 1 and 2 (double lead).
    Pair(Card, Card),
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Hold => f.write_str("hold"),
            Action::Bid(c) => f.write_str(c.notation()),
            Action::Expose(c) => write!(f, "expose {c}"),
            Action::Discard(c) => write!(f, "discard {c}"),
            Action::Play(c) => write!(f, "{c}"),
            Action::Pair(a, b) => write!(f, "{a}+{b}"),
        }
    }
}

/// An action notation that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "cannot read action {0:?}: expected pass, hold, a contract (solo, cego, one-blank, ...), expose CARD, discard CARD, a card (Kc, T21, Gs) or a pair (8s+7s)"
)]
pub struct ParseActionError(pub String);

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseActionError(s.to_owned());
        let t = s.trim();
        match t.to_ascii_lowercase().as_str() {
            "pass" => return Ok(Action::Pass),
            "hold" | "selbst" => return Ok(Action::Hold),
            _ => {}
        }
        if let Ok(c) = t.parse::<Contract>() {
            return Ok(Action::Bid(c));
        }
        if let Some(rest) = t.strip_prefix("expose ") {
            return rest.trim().parse().map(Action::Expose).map_err(|_| err());
        }
        if let Some(rest) = t.strip_prefix("discard ") {
            return rest.trim().parse().map(Action::Discard).map_err(|_| err());
        }
        if let Some((a, b)) = t.split_once('+') {
            let a = a.trim().parse().map_err(|_| err())?;
            let b = b.trim().parse().map_err(|_| err())?;
            return Ok(Action::Pair(a, b));
        }
        t.parse().map(Action::Play).map_err(|_| err())
    }
}

cards_core::serde_via_notation!(Action);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        let c: Card = "Kc".parse().unwrap();
        let d: Card = "T3".parse().unwrap();
        let mut all = vec![Action::Pass, Action::Hold];
        all.extend(Contract::ALL.into_iter().map(Action::Bid));
        all.extend([
            Action::Expose(c),
            Action::Discard(d),
            Action::Play(c),
            Action::Pair(c, d),
        ]);
        for a in all {
            assert_eq!(a.to_string().parse::<Action>(), Ok(a), "{a}");
        }
        assert_eq!("gegensolo".parse(), Ok(Action::Bid(Contract::Cego)));
    }
}
