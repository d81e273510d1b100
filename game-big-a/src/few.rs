//! A short list of at most `N` copyable items kept inline, so that the state's places and
//! exposures never allocate: cloning a state, applying actions and starting a new hand stay
//! on the stack. Its serde form is the plain list, the form of the `Vec` it replaced.

use std::fmt;
use std::ops::Deref;

use cards_core::seat::Seat;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::event::{ExposeKind, Exposure};

/// A value to fill the unused slots with.
pub(crate) trait Blank: Copy {
    /// The filler.
    const BLANK: Self;
}

impl Blank for Seat {
    const BLANK: Self = Seat(0);
}

impl Blank for Exposure {
    const BLANK: Self = Exposure {
        seat: Seat(0),
        suit: cards_core::card::Suit::Hearts,
        count: 0,
        kind: ExposeKind::Declare,
    };
}

/// At most `N` items, inline.
#[derive(Clone, Copy)]
pub(crate) struct Few<T: Blank, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Blank, const N: usize> Few<T, N> {
    /// The empty list.
    pub(crate) const fn new() -> Self {
        Few {
            items: [T::BLANK; N],
            len: 0,
        }
    }

    /// Appends an item; a list already full is left unchanged (the state's lists never
    /// fill: five places, at most three exposures a hand).
    #[inline]
    pub(crate) fn push(&mut self, item: T) {
        if let Some(slot) = self.items.get_mut(usize::from(self.len)) {
            *slot = item;
            self.len += 1;
        }
    }

    /// Empties the list.
    #[inline]
    pub(crate) fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Blank, const N: usize> Default for Few<T, N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Blank, const N: usize> Deref for Few<T, N> {
    type Target = [T];

    #[inline]
    fn deref(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }
}

impl<'a, T: Blank, const N: usize> IntoIterator for &'a Few<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Blank, const N: usize> FromIterator<T> for Few<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut few = Few::new();
        for x in iter {
            few.push(x);
        }
        few
    }
}

impl<T: Blank + PartialEq, const N: usize> PartialEq for Few<T, N> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<T: Blank + fmt::Debug, const N: usize> fmt::Debug for Few<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Blank + Serialize, const N: usize> Serialize for Few<T, N> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Blank + Deserialize<'de>, const N: usize> Deserialize<'de> for Few<T, N> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<T>::deserialize(d)?;
        if v.len() > N {
            return Err(serde::de::Error::custom(format!(
                "a list of {} entries where at most {N} fit",
                v.len()
            )));
        }
        Ok(v.into_iter().collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equality_ignores_the_slots_past_the_end() {
        let mut a: Few<Seat, 5> = [Seat(3), Seat(1)].into_iter().collect();
        a.clear();
        a.push(Seat(2));
        let b: Few<Seat, 5> = [Seat(2)].into_iter().collect();
        assert_eq!(a, b);
        assert_eq!(&*a, &[Seat(2)]);
        assert_eq!(format!("{a:?}"), "[Seat(2)]");
    }

    #[test]
    fn a_full_list_ignores_more_and_reads_back_at_most_n() {
        let mut a: Few<Seat, 2> = Few::new();
        for s in 0..4 {
            a.push(Seat(s));
        }
        assert_eq!(&*a, &[Seat(0), Seat(1)]);
        let text = serde_json::to_string(&a).unwrap();
        assert_eq!(text, "[0,1]");
        assert_eq!(serde_json::from_str::<Few<Seat, 2>>(&text).unwrap(), a);
        assert!(serde_json::from_str::<Few<Seat, 2>>("[0,1,2]").is_err());
    }
}
