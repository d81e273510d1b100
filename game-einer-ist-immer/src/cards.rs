//! Cards by rank: suits do not matter in this game, so a hand is a count per rank (2 low to Ace
//! high) plus a count of jokers.
//!
//! Notation: `2` ... `10`, `J`, `Q`, `K`, `A`, and `JK` for a joker; a set of cards is written
//! low to high, separated by spaces (`2 2 7 K A JK`), the empty set as `-`.

use std::fmt;
use std::ops::RangeInclusive;
use std::str::FromStr;

use cards_core::set::RankCounts;

/// The slot of the Ace, the highest natural rank.
pub const ACE: u8 = 14;
/// The slot of the King.
pub const KING: u8 = 13;
/// The slot of the lowest rank, the 2.
pub const TWO: u8 = 2;
/// The slot that counts jokers.
pub const JOKER: u8 = 15;
/// The natural ranks, low to high.
pub const RANKS: RangeInclusive<u8> = TWO..=ACE;

/// The notation of a rank slot (`2` ... `A`, `JK`), `?` for an unused slot.
pub const fn symbol(rank: u8) -> &'static str {
    match rank {
        2 => "2",
        3 => "3",
        4 => "4",
        5 => "5",
        6 => "6",
        7 => "7",
        8 => "8",
        9 => "9",
        10 => "10",
        11 => "J",
        12 => "Q",
        13 => "K",
        14 => "A",
        15 => "JK",
        _ => "?",
    }
}

/// The rank slot of a notation (either case), `None` when it is not a card.
pub fn parse_symbol(text: &str) -> Option<u8> {
    let r = match text.to_ascii_uppercase().as_str() {
        "J" => 11,
        "Q" => 12,
        "K" => 13,
        "A" => 14,
        "JK" => JOKER,
        other => other.parse::<u8>().ok().filter(|n| (2..=10).contains(n))?,
    };
    Some(r)
}

/// A multiset of cards by rank: slots 2 to 14 (Ace) and 15 (jokers).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cards(pub RankCounts);

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(RankCounts::EMPTY);

    /// How many cards of a rank slot.
    pub fn count(&self, rank: u8) -> u8 {
        self.0.get(rank)
    }

    /// How many jokers.
    pub fn jokers(&self) -> u8 {
        self.0.get(JOKER)
    }

    /// How many natural cards (all but jokers).
    pub fn naturals(&self) -> usize {
        self.len() - usize::from(self.jokers())
    }

    /// Adds `n` cards of a rank slot (2 to 15; counts saturate at 255).
    pub fn add(&mut self, rank: u8, n: u8) {
        if let Some(c) = self.0.0.get_mut(usize::from(rank))
            && (TWO..=JOKER).contains(&rank)
        {
            *c = c.saturating_add(n);
        }
    }

    /// Takes `n` cards of a rank slot; `false` and nothing changed when there are fewer.
    pub fn take(&mut self, rank: u8, n: u8) -> bool {
        self.0.take(rank, n)
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for (a, b) in self.0.0.iter_mut().zip(other.0.0) {
            *a = a.saturating_add(b);
        }
    }

    /// Takes every card of `other`; `false` and nothing changed unless all are here.
    pub fn take_all(&mut self, other: &Cards) -> bool {
        if !self.contains_all(other) {
            return false;
        }
        // Every byte is at least the other's, so the subtraction borrows nowhere.
        self.0.0 = (self.bits() - other.bits()).to_le_bytes();
        true
    }

    /// Whether every card of `other` is here.
    pub fn contains_all(&self, other: &Cards) -> bool {
        // Counts stay far below 128: set each byte's top bit, subtract, and see that no byte
        // borrowed it away.
        const HIGH: u128 = 0x8080_8080_8080_8080_8080_8080_8080_8080;
        let (a, b) = (self.bits(), other.bits());
        if (a | b) & HIGH != 0 {
            return self.0.contains_all(&other.0);
        }
        ((a | HIGH) - b) & HIGH == HIGH
    }

    fn bits(&self) -> u128 {
        u128::from_le_bytes(self.0.0)
    }

    /// `n` cards of slot `rank` (2 to 15) as a set, built in one register.
    pub(crate) const fn of(rank: u8, n: u8) -> Cards {
        if rank > JOKER {
            return Cards::EMPTY;
        }
        Cards(RankCounts(((n as u128) << (8 * rank as u32)).to_le_bytes()))
    }

    /// The union of two sets whose counts are known to stay small (no byte overflows).
    pub(crate) const fn plus(self, other: Cards) -> Cards {
        let a = u128::from_le_bytes(self.0.0);
        let b = u128::from_le_bytes(other.0.0);
        Cards(RankCounts((a + b).to_le_bytes()))
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.0.total()
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.bits() == 0
    }

    /// The occupied slots with their counts, low to high (jokers last).
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.0.iter()
    }

    /// Every card, low to high, one slot number per physical card.
    pub fn cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.iter()
            .flat_map(|(r, n)| std::iter::repeat_n(r, usize::from(n)))
    }

    /// The lowest natural rank held.
    pub fn lowest_natural(&self) -> Option<u8> {
        RANKS.into_iter().find(|&r| self.count(r) > 0)
    }

    /// The highest natural rank held.
    pub fn highest_natural(&self) -> Option<u8> {
        RANKS.rev().find(|&r| self.count(r) > 0)
    }

    /// Every card by notation (for the census).
    pub fn notations(&self) -> impl Iterator<Item = String> + '_ {
        self.cards().map(|r| symbol(r).to_owned())
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        let mut first = true;
        for r in self.cards() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            f.write_str(symbol(r))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

/// A card list that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid card {token:?} (expected 2-10, J, Q, K, A or JK, separated by spaces)")]
pub struct ParseCardsError {
    /// The token that is not a card.
    pub token: String,
}

impl FromStr for Cards {
    type Err = ParseCardsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Cards::EMPTY;
        let s = s.trim();
        if s == "-" {
            return Ok(c);
        }
        for t in s.split_whitespace() {
            let r = parse_symbol(t).ok_or_else(|| ParseCardsError {
                token: t.to_owned(),
            })?;
            if c.count(r) == u8::MAX {
                return Err(ParseCardsError {
                    token: t.to_owned(),
                });
            }
            c.add(r, 1);
        }
        Ok(c)
    }
}
cards_core::serde_via_notation!(Cards);
