//! A multiset of physical cards of the double pack, as a count per face.

use std::fmt;

use cards_core::card::{CardIndex, FrenchCard, FrenchKind};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rules::rank_index;

/// Physical cards (two packs: up to two copies of each of the 54 faces), a count per face.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Hand {
    faces: [u8; 54],
    len: u8,
}

impl Default for Hand {
    fn default() -> Self {
        Hand {
            faces: [0; 54],
            len: 0,
        }
    }
}

impl Hand {
    /// The empty hand.
    pub fn new() -> Self {
        Self::default()
    }

    /// Counts per face index.
    pub fn faces(&self) -> &[u8; 54] {
        &self.faces
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Copies of a card.
    pub fn count(&self, card: FrenchCard) -> u8 {
        self.faces[card.to_index()]
    }

    /// Adds a card.
    pub fn add(&mut self, card: FrenchCard) {
        self.faces[card.to_index()] += 1;
        self.len += 1;
    }

    /// Removes one copy; `false` (and nothing changes) when there is none.
    pub fn remove(&mut self, card: FrenchCard) -> bool {
        let c = &mut self.faces[card.to_index()];
        if *c == 0 {
            return false;
        }
        *c -= 1;
        self.len -= 1;
        true
    }

    /// Copies of the face at index `i` (0 when out of range).
    #[inline]
    pub(crate) fn count_at(&self, i: usize) -> u8 {
        self.faces.get(i).copied().unwrap_or(0)
    }

    /// Moves up to `k` copies of the face at index `i` from here to `to`, returning how many
    /// moved.
    #[inline]
    pub(crate) fn move_at(&mut self, i: usize, k: u8, to: &mut Hand) -> u8 {
        let Some(c) = self.faces.get_mut(i) else {
            return 0;
        };
        let k = k.min(*c);
        *c -= k;
        self.len -= k;
        to.faces[i] += k;
        to.len += k;
        k
    }

    /// Moves up to `n` cards of one rank into `to`: from the faces `base`, `base + 13`,
    /// `base + 26`, `base + 39` (the rank in each suit, in suit order), the suit `skip`
    /// excepted (4: none), the lower suits first. Returns how many left each suit; without
    /// branches on the counts, which random play makes unpredictable.
    #[inline]
    pub(crate) fn move_rank(&mut self, base: usize, skip: usize, n: u8, to: &mut Hand) -> [u8; 4] {
        let mut moved = [0u8; 4];
        if base >= 13 {
            return moved;
        }
        let mut left = n;
        for (su, m) in moved.iter_mut().enumerate() {
            let i = su * 13 + base;
            let have = if su == skip { 0 } else { self.faces[i] };
            let k = left.min(have);
            self.faces[i] -= k;
            to.faces[i] += k;
            left -= k;
            *m = k;
        }
        let k = n - left;
        self.len -= k;
        to.len += k;
        moved
    }

    /// Removes up to `k` copies of the face at index `i`.
    #[inline]
    pub(crate) fn remove_at(&mut self, i: usize, k: u8) {
        if let Some(c) = self.faces.get_mut(i) {
            let k = k.min(*c);
            *c -= k;
            self.len -= k;
        }
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Hand) {
        for (a, b) in self.faces.iter_mut().zip(other.faces.iter()) {
            *a += *b;
        }
        self.len += other.len;
    }

    /// Removes every card of `other` that is here.
    pub fn remove_all(&mut self, other: &Hand) {
        // Most hands' shown cards are none (determinization removes them from every hand).
        if other.is_empty() {
            return;
        }
        for (a, b) in self.faces.iter_mut().zip(other.faces.iter()) {
            let k = (*a).min(*b);
            *a -= k;
            self.len -= k;
        }
    }

    /// Empties the hand.
    pub fn clear(&mut self) {
        *self = Hand::default();
    }

    /// Every card, each copy listed, in face-index order.
    pub fn iter(&self) -> impl Iterator<Item = FrenchCard> + '_ {
        self.faces.iter().enumerate().flat_map(|(i, &n)| {
            FrenchCard::from_index(i)
                .into_iter()
                .flat_map(move |c| std::iter::repeat_n(c, usize::from(n)))
        })
    }

    /// The cards sorted by play strength (4 low ... 3, then jokers), for display.
    pub fn sorted(&self) -> Vec<FrenchCard> {
        let mut v: Vec<FrenchCard> = self.iter().collect();
        v.sort_by_key(|c| match c.kind() {
            FrenchKind::Suited(r, s) => (rank_index(r), s as u8),
            FrenchKind::Joker(j) => (13, j as u8),
        });
        v
    }
}

impl FromIterator<FrenchCard> for Hand {
    fn from_iter<T: IntoIterator<Item = FrenchCard>>(iter: T) -> Self {
        let mut h = Hand::new();
        for c in iter {
            h.add(c);
        }
        h
    }
}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, c) in self.sorted().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{c}")?;
        }
        Ok(())
    }
}

impl Serialize for Hand {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for Hand {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<FrenchCard>::deserialize(d)?;
        if v.len() > 200 {
            return Err(serde::de::Error::custom("too many cards"));
        }
        Ok(v.into_iter().collect())
    }
}
