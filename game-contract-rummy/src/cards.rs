//! The cards: two French packs and up to four jokers (rulings C1), and a hand as counts per face.

use std::fmt;
use std::str::FromStr;

use cards_core::card::{ParseCardError, Rank, Suit};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One card face: a suited card or the joker. Notation `7h`, `10s`, `Qd`, `As`, `Jk`.
///
/// Faces are numbered `suit * 13 + rank - 1` for suited cards (clubs, diamonds, hearts, spades)
/// and 52 for the joker; the pack holds two copies of each suited face (rulings C1).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Card(u8);

/// The number of distinct faces (52 suited and the joker).
pub const FACES: usize = 53;

impl Card {
    /// The joker.
    pub const JOKER: Card = Card(52);

    /// The suited card of a rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card(suit as u8 * 13 + rank as u8 - 1)
    }

    /// The card of a face index (`0..53`), `None` when out of range.
    pub const fn from_index(i: usize) -> Option<Card> {
        if i < FACES { Some(Card(i as u8)) } else { None }
    }

    /// The face index.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// Whether the card is the joker.
    pub const fn is_joker(self) -> bool {
        self.0 == 52
    }

    /// The rank, `None` for the joker.
    pub const fn rank(self) -> Option<Rank> {
        if self.0 >= 52 {
            None
        } else {
            Some(Rank::ALL[(self.0 % 13) as usize])
        }
    }

    /// The rank number 1 (Ace) to 13 (King), 0 for the joker.
    pub const fn rank_number(self) -> u8 {
        if self.0 >= 52 { 0 } else { self.0 % 13 + 1 }
    }

    /// The suit, `None` for the joker.
    pub const fn suit(self) -> Option<Suit> {
        if self.0 >= 52 {
            None
        } else {
            Some(Suit::ALL[(self.0 / 13) as usize])
        }
    }

    /// The suit index 0..4 (4 for the joker).
    pub const fn suit_index(self) -> usize {
        (self.0 / 13) as usize
    }

    /// The card at `place` (1 = Ace low, 2..13, 14 = Ace high) of `suit`.
    pub const fn at_place(suit: Suit, place: u8) -> Card {
        let r = if place >= 14 { 1 } else { place };
        Card(suit as u8 * 13 + r - 1)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.rank(), self.suit()) {
            (Some(r), Some(s)) => write!(f, "{r}{s}"),
            _ => f.write_str("Jk"),
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("jk") {
            return Ok(Card::JOKER);
        }
        let bad = || ParseCardError::new("card", s, "rank and suit like 7h, 10s, Qd, As, or Jk");
        let last = s.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank: Rank = s[..s.len() - last.len_utf8()].parse().map_err(|_| bad())?;
        Ok(Card::new(rank, suit))
    }
}
cards_core::serde_via_notation!(Card);

/// Every physical card of the pack: two copies of each suited face, then `jokers` jokers.
pub fn pack(jokers: u8) -> Vec<Card> {
    let mut v: Vec<Card> = (0..52u8).flat_map(|i| [Card(i), Card(i)]).collect();
    v.extend(std::iter::repeat_n(Card::JOKER, usize::from(jokers)));
    v
}

/// A hand (or any pile): how many copies of each face. `Copy`, 54 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    counts: [u8; FACES],
    len: u8,
}

impl Default for Hand {
    fn default() -> Self {
        Hand {
            counts: [0; FACES],
            len: 0,
        }
    }
}

impl Hand {
    /// The empty hand.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many copies of `card`.
    pub fn count(&self, card: Card) -> u8 {
        self.counts[card.index()]
    }

    /// Adds one copy.
    pub fn add(&mut self, card: Card) {
        self.counts[card.index()] = self.counts[card.index()].saturating_add(1);
        self.len = self.len.saturating_add(1);
    }

    /// Removes one copy; `false` (and no change) when there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let c = &mut self.counts[card.index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        true
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every card, each copy listed, in face order (jokers last).
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.counts
            .iter()
            .enumerate()
            .flat_map(|(i, &n)| std::iter::repeat_n(Card(i as u8), usize::from(n)))
    }

    /// Whether every card of `other` is in `self`.
    pub fn contains_all(&self, other: &Hand) -> bool {
        self.counts
            .iter()
            .zip(other.counts.iter())
            .all(|(a, b)| a >= b)
    }

    /// The raw counts per face.
    pub fn counts(&self) -> &[u8; FACES] {
        &self.counts
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Self {
        let mut h = Hand::new();
        for c in iter {
            h.add(c);
        }
        h
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for c in self.iter() {
            if !first {
                f.write_str(" ")?;
            }
            first = false;
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{self}]")
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<Card>::deserialize(d)?.into_iter().collect())
    }
}

/// Parses a space-separated list of cards.
///
/// # Errors
/// The first card that cannot be read.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, ParseCardError> {
    text.split_whitespace().map(str::parse).collect()
}
