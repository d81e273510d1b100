//! Card types and their text notation.
//!
//! Every card type here is a small `Copy` value with a short notation that round-trips through
//! `Display`/`FromStr` and is also its serde form, so logs and snapshots read like a rule book.
//! What beats what, and what is wild, belongs to each game, not to this module.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A card notation that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid {kind} {text:?}: {expected}")]
pub struct ParseCardError {
    /// What was being read ("suit", "rank", "card", ...).
    pub kind: &'static str,
    /// The text that was given.
    pub text: String,
    /// What the notation expects.
    pub expected: &'static str,
}

impl ParseCardError {
    /// A parse error for `kind` on `text`.
    pub fn new(kind: &'static str, text: &str, expected: &'static str) -> Self {
        ParseCardError {
            kind,
            text: text.to_owned(),
            expected,
        }
    }
}

/// Implements serde for a type through its `Display`/`FromStr` notation.
#[macro_export]
macro_rules! serde_via_notation {
    ($t:ty) => {
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_str(self)
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(d)?;
                text.parse().map_err(::serde::de::Error::custom)
            }
        }
    };
}

/// Implements serde for a state whose fields derive serde under `#[serde(remote = "Self")]`:
/// it is written as derived, and read as derived and then checked with its
/// `validate(&self) -> Result<(), E>` (any `E: Display`), so that a corrupt saved state is
/// refused with the reason instead of reaching the engine.
///
/// ```
/// use serde::{Deserialize, Serialize};
///
/// #[derive(Debug, PartialEq, Serialize, Deserialize)]
/// #[serde(remote = "Self")]
/// struct Table {
///     players: u8,
///     to_move: u8,
/// }
///
/// impl Table {
///     fn validate(&self) -> Result<(), String> {
///         if self.to_move < self.players {
///             Ok(())
///         } else {
///             Err(format!("seat {} is not at a table of {}", self.to_move, self.players))
///         }
///     }
/// }
///
/// cards_core::serde_validated!(Table);
///
/// let text = serde_json::to_string(&Table { players: 4, to_move: 1 }).unwrap();
/// assert_eq!(text, r#"{"players":4,"to_move":1}"#);
/// let err = serde_json::from_str::<Table>(r#"{"players":4,"to_move":7}"#).unwrap_err();
/// assert!(err.to_string().contains("seat 7 is not at a table of 4"));
/// ```
#[macro_export]
macro_rules! serde_validated {
    ($t:ty) => {
        impl ::serde::Serialize for $t {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                // The inherent function that `remote = "Self"` generates: the derived form.
                <$t>::serialize(self, s)
            }
        }
        impl<'de> ::serde::Deserialize<'de> for $t {
            fn deserialize<D: ::serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let value = <$t>::deserialize(d)?;
                value.validate().map_err(::serde::de::Error::custom)?;
                Ok(value)
            }
        }
    };
}

/// The four French suits. Notation: `c`, `d`, `h`, `s`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Suit {
    /// Clubs, `c`.
    Clubs = 0,
    /// Diamonds, `d`.
    Diamonds = 1,
    /// Hearts, `h`.
    Hearts = 2,
    /// Spades, `s`.
    Spades = 3,
}

impl Suit {
    /// Every suit, in notation order.
    pub const ALL: [Suit; 4] = [Suit::Clubs, Suit::Diamonds, Suit::Hearts, Suit::Spades];
    /// The number of suits.
    pub const COUNT: usize = 4;

    /// The suit's letter.
    pub const fn letter(self) -> char {
        match self {
            Suit::Clubs => 'c',
            Suit::Diamonds => 'd',
            Suit::Hearts => 'h',
            Suit::Spades => 's',
        }
    }

    /// Whether the suit is red (hearts, diamonds).
    pub const fn is_red(self) -> bool {
        matches!(self, Suit::Diamonds | Suit::Hearts)
    }

    /// The suit of a letter (either case).
    pub const fn from_letter(c: char) -> Option<Suit> {
        match c {
            'c' | 'C' => Some(Suit::Clubs),
            'd' | 'D' => Some(Suit::Diamonds),
            'h' | 'H' => Some(Suit::Hearts),
            's' | 'S' => Some(Suit::Spades),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut chars = s.chars();
        match (chars.next().and_then(Suit::from_letter), chars.next()) {
            (Some(suit), None) => Ok(suit),
            _ => Err(ParseCardError::new("suit", s, "one of c, d, h, s")),
        }
    }
}
serde_via_notation!(Suit);

/// The thirteen ranks of a French suit, numbered Ace = 1 to King = 13.
/// Notation: `A 2 3 4 5 6 7 8 9 10 J Q K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
#[allow(missing_docs)]
pub enum Rank {
    Ace = 1,
    Two,
    Three,
    Four,
    Five,
    Six,
    Seven,
    Eight,
    Nine,
    Ten,
    Jack,
    Queen,
    King,
}

impl Rank {
    /// Every rank, Ace to King.
    pub const ALL: [Rank; 13] = [
        Rank::Ace,
        Rank::Two,
        Rank::Three,
        Rank::Four,
        Rank::Five,
        Rank::Six,
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
    ];
    /// The number of ranks.
    pub const COUNT: usize = 13;

    /// The rank's number, Ace = 1 to King = 13.
    pub const fn number(self) -> u8 {
        self as u8
    }

    /// The rank of a number 1 to 13.
    pub const fn from_number(n: u8) -> Option<Rank> {
        if n >= 1 && n <= 13 {
            Some(Rank::ALL[(n - 1) as usize])
        } else {
            None
        }
    }

    /// The rank's notation.
    pub const fn symbol(self) -> &'static str {
        [
            "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
        ][self as usize - 1]
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(self.symbol())
    }
}

impl FromStr for Rank {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let r = match s.to_ascii_uppercase().as_str() {
            "A" => Rank::Ace,
            "J" => Rank::Jack,
            "Q" => Rank::Queen,
            "K" => Rank::King,
            other => other
                .parse::<u8>()
                .ok()
                .filter(|n| (2..=10).contains(n))
                .and_then(Rank::from_number)
                .ok_or_else(|| ParseCardError::new("rank", s, "A, 2-10, J, Q or K"))?,
        };
        Ok(r)
    }
}
serde_via_notation!(Rank);

/// A joker's colour. Notation: `RJ` (red), `BJ` (black).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Joker {
    /// The black joker.
    Black = 0,
    /// The red joker.
    Red = 1,
}

impl Joker {
    /// Both jokers, black first.
    pub const ALL: [Joker; 2] = [Joker::Black, Joker::Red];
}

impl fmt::Display for Joker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Joker::Black => "BJ",
            Joker::Red => "RJ",
        })
    }
}

impl FromStr for Joker {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "BJ" | "bj" => Ok(Joker::Black),
            "RJ" | "rj" => Ok(Joker::Red),
            _ => Err(ParseCardError::new("joker", s, "RJ or BJ")),
        }
    }
}
serde_via_notation!(Joker);

/// A tarock trump, numbered 1 to 21, with the Gstieß (Sküs, the Fool) as 22.
/// Notation: `T1` ... `T21`, `Gs`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Trump(u8);

impl Trump {
    /// The Gstieß (Sküs), the highest trump.
    pub const GSTIESS: Trump = Trump(22);
    /// Trump 21, the Mond.
    pub const MOND: Trump = Trump(21);
    /// Trump 1, the Little One (Geiß, Kleiner Mann).
    pub const LITTLE_ONE: Trump = Trump(1);

    /// The trump numbered `n` (1 to 22, 22 being the Gstieß).
    pub const fn new(n: u8) -> Option<Trump> {
        if n >= 1 && n <= 22 {
            Some(Trump(n))
        } else {
            None
        }
    }

    /// Every trump, 1 to the Gstieß.
    pub fn all() -> impl Iterator<Item = Trump> + Clone {
        (1..=22).map(Trump)
    }

    /// The trump's number, 1 to 22.
    pub const fn number(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Trump {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0 == 22 {
            f.write_str("Gs")
        } else {
            write!(f, "T{}", self.0)
        }
    }
}

impl FromStr for Trump {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.eq_ignore_ascii_case("gs") {
            return Ok(Trump::GSTIESS);
        }
        s.strip_prefix(['T', 't'])
            .and_then(|n| n.parse::<u8>().ok())
            .filter(|n| (1..=21).contains(n))
            .map(Trump)
            .ok_or_else(|| ParseCardError::new("trump", s, "T1 to T21 or Gs"))
    }
}
serde_via_notation!(Trump);

/// A card type that maps onto dense indices `0..COUNT`, so that sets and multisets of it can be
/// bit sets and count arrays.
pub trait CardIndex: Copy + Eq + fmt::Debug + fmt::Display {
    /// How many distinct cards (faces) the type has; at most 128.
    const COUNT: usize;
    /// The card's index in `0..COUNT`.
    fn to_index(self) -> usize;
    /// The card at an index, `None` when out of range.
    fn from_index(index: usize) -> Option<Self>;
}

/// A card of the French pack with jokers: 52 suited cards and a red and a black joker.
///
/// Notation: rank then suit letter (`7h`, `10s`, `Qd`, `As`), jokers `RJ` and `BJ`.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct FrenchCard(u8);

/// What a [`FrenchCard`] is, to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FrenchKind {
    /// A suited card.
    Suited(Rank, Suit),
    /// A joker.
    Joker(Joker),
}

impl FrenchCard {
    /// The suited card of a rank and suit.
    pub const fn new(rank: Rank, suit: Suit) -> FrenchCard {
        FrenchCard(suit as u8 * 13 + rank as u8 - 1)
    }

    /// A joker.
    pub const fn joker(joker: Joker) -> FrenchCard {
        FrenchCard(52 + joker as u8)
    }

    /// What the card is.
    pub const fn kind(self) -> FrenchKind {
        if self.0 >= 52 {
            FrenchKind::Joker(if self.0 == 52 {
                Joker::Black
            } else {
                Joker::Red
            })
        } else {
            FrenchKind::Suited(
                Rank::ALL[(self.0 % 13) as usize],
                Suit::ALL[(self.0 / 13) as usize],
            )
        }
    }

    /// The rank, `None` for a joker.
    pub const fn rank(self) -> Option<Rank> {
        match self.kind() {
            FrenchKind::Suited(r, _) => Some(r),
            FrenchKind::Joker(_) => None,
        }
    }

    /// The suit, `None` for a joker.
    pub const fn suit(self) -> Option<Suit> {
        match self.kind() {
            FrenchKind::Suited(_, s) => Some(s),
            FrenchKind::Joker(_) => None,
        }
    }

    /// Whether the card is a joker.
    pub const fn is_joker(self) -> bool {
        self.0 >= 52
    }

    /// The 54 cards of one pack (52 and both jokers), in index order.
    pub fn pack() -> impl Iterator<Item = FrenchCard> + Clone {
        (0..54).map(FrenchCard)
    }
}

impl CardIndex for FrenchCard {
    const COUNT: usize = 54;
    fn to_index(self) -> usize {
        self.0 as usize
    }
    fn from_index(index: usize) -> Option<Self> {
        (index < 54).then_some(FrenchCard(index as u8))
    }
}

impl fmt::Display for FrenchCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            FrenchKind::Suited(r, s) => write!(f, "{r}{s}"),
            FrenchKind::Joker(j) => write!(f, "{j}"),
        }
    }
}

impl fmt::Debug for FrenchCard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for FrenchCard {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if let Ok(j) = s.parse::<Joker>() {
            return Ok(FrenchCard::joker(j));
        }
        let bad = || ParseCardError::new("card", s, "rank and suit like 7h, 10s, Qd, As, or RJ/BJ");
        let last = s.chars().last().ok_or_else(bad)?;
        let suit = Suit::from_letter(last).ok_or_else(bad)?;
        let rank: Rank = s[..s.len() - last.len_utf8()].parse().map_err(|_| bad())?;
        Ok(FrenchCard::new(rank, suit))
    }
}

impl Serialize for FrenchCard {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for FrenchCard {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn french_notation_round_trips_for_every_card() {
        for c in FrenchCard::pack() {
            let text = c.to_string();
            assert_eq!(text.parse::<FrenchCard>(), Ok(c), "{text}");
            let json = serde_json::to_string(&c).unwrap();
            assert_eq!(json, format!("\"{text}\""));
            assert_eq!(serde_json::from_str::<FrenchCard>(&json).unwrap(), c);
        }
        assert_eq!(FrenchCard::new(Rank::Ten, Suit::Spades).to_string(), "10s");
        assert_eq!(FrenchCard::joker(Joker::Red).to_string(), "RJ");
    }

    #[test]
    fn bad_card_notation_is_refused() {
        for bad in ["", "1h", "11s", "7x", "h", "Jk", "10"] {
            assert!(bad.parse::<FrenchCard>().is_err(), "{bad}");
        }
    }

    #[test]
    fn trump_notation_round_trips() {
        for t in Trump::all() {
            assert_eq!(t.to_string().parse::<Trump>(), Ok(t));
        }
        assert_eq!(Trump::GSTIESS.to_string(), "Gs");
        assert!("T22".parse::<Trump>().is_err());
        assert!("T0".parse::<Trump>().is_err());
    }

    #[test]
    fn suit_rank_joker_notation_round_trips() {
        for s in Suit::ALL {
            assert_eq!(s.to_string().parse::<Suit>(), Ok(s));
        }
        for r in Rank::ALL {
            assert_eq!(r.to_string().parse::<Rank>(), Ok(r));
        }
        for j in Joker::ALL {
            assert_eq!(j.to_string().parse::<Joker>(), Ok(j));
        }
    }
}
