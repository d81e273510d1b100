//! Card collections: a bit set, a multiset for double packs, and counts per rank.

use std::fmt;
use std::marker::PhantomData;
use std::ops::{BitAnd, BitOr, Not, Sub};

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::card::CardIndex;

/// A set of distinct cards as a 128-bit mask. `Copy`, with set operators.
///
/// Serialises as the list of its cards' notations.
pub struct CardSet<C> {
    bits: u128,
    _card: PhantomData<fn() -> C>,
}

impl<C> Clone for CardSet<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for CardSet<C> {}
impl<C> PartialEq for CardSet<C> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}
impl<C> Eq for CardSet<C> {}
impl<C> std::hash::Hash for CardSet<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.bits.hash(state);
    }
}
impl<C> Default for CardSet<C> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<C> CardSet<C> {
    /// The empty set.
    pub const EMPTY: Self = CardSet {
        bits: 0,
        _card: PhantomData,
    };

    /// The set of a raw mask (bit `i` = card index `i`).
    pub const fn from_bits(bits: u128) -> Self {
        CardSet {
            bits,
            _card: PhantomData,
        }
    }

    /// The raw mask.
    pub const fn bits(self) -> u128 {
        self.bits
    }

    /// The number of cards.
    pub const fn len(self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.bits == 0
    }
}

impl<C: CardIndex> CardSet<C> {
    /// Every card of the type.
    pub fn full() -> Self {
        if C::COUNT >= 128 {
            Self::from_bits(u128::MAX)
        } else {
            Self::from_bits((1u128 << C::COUNT) - 1)
        }
    }

    /// Whether the set holds `card`.
    pub fn contains(self, card: C) -> bool {
        self.bits >> card.to_index() & 1 == 1
    }

    /// Adds `card`; returns whether it was new.
    pub fn insert(&mut self, card: C) -> bool {
        let new = !self.contains(card);
        self.bits |= 1 << card.to_index();
        new
    }

    /// Removes `card`; returns whether it was there.
    pub fn remove(&mut self, card: C) -> bool {
        let had = self.contains(card);
        self.bits &= !(1 << card.to_index());
        had
    }

    /// The cards, lowest index first.
    pub fn iter(self) -> impl Iterator<Item = C> + Clone {
        let mut bits = self.bits;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                C::from_index(i)
            }
        })
    }

    /// The card with the lowest index.
    pub fn first(self) -> Option<C> {
        if self.bits == 0 {
            None
        } else {
            C::from_index(self.bits.trailing_zeros() as usize)
        }
    }

    /// Whether every card of `self` is in `other`.
    pub fn is_subset(self, other: Self) -> bool {
        self.bits & !other.bits == 0
    }
}

impl<C: CardIndex> FromIterator<C> for CardSet<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut s = Self::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl<C> BitOr for CardSet<C> {
    type Output = Self;
    fn bitor(self, rhs: Self) -> Self {
        Self::from_bits(self.bits | rhs.bits)
    }
}
impl<C> BitAnd for CardSet<C> {
    type Output = Self;
    fn bitand(self, rhs: Self) -> Self {
        Self::from_bits(self.bits & rhs.bits)
    }
}
impl<C> Sub for CardSet<C> {
    type Output = Self;
    fn sub(self, rhs: Self) -> Self {
        Self::from_bits(self.bits & !rhs.bits)
    }
}
impl<C: CardIndex> Not for CardSet<C> {
    type Output = Self;
    fn not(self) -> Self {
        Self::full() - self
    }
}

impl<C: CardIndex> fmt::Debug for CardSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl<C: CardIndex> fmt::Display for CardSet<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl<C: CardIndex + Serialize> Serialize for CardSet<C> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, C: CardIndex + Deserialize<'de>> Deserialize<'de> for CardSet<C> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let cards = Vec::<C>::deserialize(d)?;
        let mut set = Self::EMPTY;
        for c in cards {
            if !set.insert(c) {
                return Err(serde::de::Error::custom(format!("card {c} listed twice")));
            }
        }
        Ok(set)
    }
}

/// A multiset of cards (double packs hold identical copies): a count per card face.
///
/// Serialises as the sorted list of its cards' notations, each copy listed.
pub struct Multiset<C> {
    counts: [u8; 128],
    len: u16,
    _card: PhantomData<fn() -> C>,
}

impl<C> Clone for Multiset<C> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<C> Copy for Multiset<C> {}
impl<C> PartialEq for Multiset<C> {
    fn eq(&self, other: &Self) -> bool {
        self.counts == other.counts
    }
}
impl<C> Eq for Multiset<C> {}
impl<C> std::hash::Hash for Multiset<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.counts.hash(state);
    }
}
impl<C> Default for Multiset<C> {
    fn default() -> Self {
        Multiset {
            counts: [0; 128],
            len: 0,
            _card: PhantomData,
        }
    }
}

impl<C: CardIndex> Multiset<C> {
    /// The empty multiset.
    pub fn new() -> Self {
        Self::default()
    }

    /// How many copies of `card` there are.
    pub fn count(&self, card: C) -> u8 {
        self.counts[card.to_index()]
    }

    /// Adds `n` copies of `card`.
    pub fn add(&mut self, card: C, n: u8) {
        self.counts[card.to_index()] += n;
        self.len += u16::from(n);
    }

    /// Removes `n` copies of `card`; returns `false` and changes nothing when there are fewer.
    pub fn remove(&mut self, card: C, n: u8) -> bool {
        let c = &mut self.counts[card.to_index()];
        if *c < n {
            return false;
        }
        *c -= n;
        self.len -= u16::from(n);
        true
    }

    /// The total number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The distinct faces held, with their counts, lowest index first.
    pub fn faces(&self) -> impl Iterator<Item = (C, u8)> + '_ {
        self.counts[..C::COUNT]
            .iter()
            .enumerate()
            .filter(|(_, n)| **n > 0)
            .filter_map(|(i, n)| C::from_index(i).map(|c| (c, *n)))
    }

    /// Every card, each copy listed, lowest index first.
    pub fn iter(&self) -> impl Iterator<Item = C> + '_ {
        self.faces()
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
    }

    /// The faces held at least `k` times, as a set.
    pub fn at_least(&self, k: u8) -> CardSet<C> {
        let mut bits = 0u128;
        for (i, n) in self.counts[..C::COUNT].iter().enumerate() {
            if *n >= k {
                bits |= 1 << i;
            }
        }
        CardSet::from_bits(bits)
    }

    /// Whether every copy in `other` is also in `self`.
    pub fn contains_all(&self, other: &Self) -> bool {
        self.counts
            .iter()
            .zip(other.counts.iter())
            .all(|(a, b)| a >= b)
    }
}

impl<C: CardIndex> FromIterator<C> for Multiset<C> {
    fn from_iter<I: IntoIterator<Item = C>>(iter: I) -> Self {
        let mut m = Self::new();
        for c in iter {
            m.add(c, 1);
        }
        m
    }
}

impl<C: CardIndex> fmt::Debug for Multiset<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<C: CardIndex + Serialize> Serialize for Multiset<C> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, C: CardIndex + Deserialize<'de>> Deserialize<'de> for Multiset<C> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Ok(Vec::<C>::deserialize(d)?.into_iter().collect())
    }
}

/// Counts per rank for games where suits do not matter: slot `r` holds how many cards of rank
/// number `r` there are (`0..16`; each game says which slots it uses, e.g. a joker slot).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub struct RankCounts(pub [u8; 16]);

impl RankCounts {
    /// No cards.
    pub const EMPTY: RankCounts = RankCounts([0; 16]);

    /// The count of slot `r` (0 when out of range).
    pub fn get(&self, r: u8) -> u8 {
        self.0.get(usize::from(r)).copied().unwrap_or(0)
    }

    /// Adds `n` to slot `r` (saturating; a slot out of range is ignored).
    pub fn add(&mut self, r: u8, n: u8) {
        if let Some(c) = self.0.get_mut(usize::from(r)) {
            *c = c.saturating_add(n);
        }
    }

    /// Takes `n` from slot `r`; returns `false` and changes nothing when there are fewer.
    pub fn take(&mut self, r: u8, n: u8) -> bool {
        match self.0.get_mut(usize::from(r)) {
            Some(c) if *c >= n => {
                *c -= n;
                true
            }
            _ => false,
        }
    }

    /// The total number of cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&c| c == 0)
    }

    /// The slots that hold at least one card, with their counts, lowest first.
    pub fn iter(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        self.0
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(|(r, c)| (r as u8, *c))
    }

    /// Adds every count of `other`.
    pub fn add_all(&mut self, other: &RankCounts) {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = a.saturating_add(b);
        }
    }

    /// Whether every count of `other` is at most the count here.
    pub fn contains_all(&self, other: &RankCounts) -> bool {
        self.0.iter().zip(other.0).all(|(a, b)| *a >= b)
    }
}

impl fmt::Debug for RankCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::{FrenchCard, Joker, Rank, Suit};

    #[test]
    fn card_set_operations() {
        let a: CardSet<FrenchCard> = ["7h", "8h", "RJ"]
            .iter()
            .map(|s| s.parse().unwrap())
            .collect();
        let b: CardSet<FrenchCard> = ["8h", "9h"].iter().map(|s| s.parse().unwrap()).collect();
        assert_eq!((a | b).len(), 4);
        assert_eq!((a & b).len(), 1);
        assert_eq!((a - b).to_string(), "7h RJ");
        assert!(a.contains(FrenchCard::joker(Joker::Red)));
        assert_eq!((!a).len(), 51);
        assert_eq!(format!("{a:?}"), "{7h, 8h, RJ}");
        let json = serde_json::to_string(&a).unwrap();
        assert_eq!(json, r#"["7h","8h","RJ"]"#);
        assert_eq!(
            serde_json::from_str::<CardSet<FrenchCard>>(&json).unwrap(),
            a
        );
        assert!(serde_json::from_str::<CardSet<FrenchCard>>(r#"["7h","7h"]"#).is_err());
    }

    #[test]
    fn multiset_holds_copies() {
        let seven = FrenchCard::new(Rank::Seven, Suit::Hearts);
        let mut m = Multiset::new();
        m.add(seven, 2);
        assert_eq!(m.len(), 2);
        assert!(!m.remove(seven, 3));
        assert_eq!(m.count(seven), 2);
        assert!(m.remove(seven, 1));
        assert_eq!(m.at_least(1).len(), 1);
        assert_eq!(m.at_least(2).len(), 0);
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(
            serde_json::from_str::<Multiset<FrenchCard>>(&json).unwrap(),
            m
        );
    }

    #[test]
    fn rank_counts_take_refuses_missing_cards() {
        let mut c = RankCounts::EMPTY;
        c.add(5, 2);
        assert!(!c.take(5, 3));
        assert!(c.take(5, 2));
        assert!(c.is_empty());
        assert!(!c.take(20, 0));
    }
}
