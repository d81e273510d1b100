//! [`PerPlayer`]: one amount per player of the table, without a heap allocation.

use std::fmt;
use std::ops::{Deref, DerefMut};

use serde::de::{Error as _, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The most players at a table (five, with the dealer sitting out each deal).
const MAX_PLAYERS: usize = 5;

/// One amount per player of the table (3 to 5), by seat index: match totals and the payments
/// of a deal. A fixed-size array with a length, so that scoring a deal allocates nothing; it
/// reads like a slice (`Deref<Target = [i32]>`), compares with arrays, slices and vectors,
/// and is serialised as a plain list of numbers (the same JSON as a `Vec<i32>`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct PerPlayer {
    values: [i32; MAX_PLAYERS],
    len: u8,
}

impl PerPlayer {
    /// `players` zeros (at most five; more are cut to five).
    pub const fn zeros(players: usize) -> PerPlayer {
        PerPlayer {
            values: [0; MAX_PLAYERS],
            len: if players > MAX_PLAYERS {
                MAX_PLAYERS as u8
            } else {
                players as u8
            },
        }
    }

    /// The amounts of a slice, `None` for more than five.
    pub fn from_slice(values: &[i32]) -> Option<PerPlayer> {
        let mut out = PerPlayer::zeros(values.len());
        if values.len() > MAX_PLAYERS {
            return None;
        }
        out.copy_from_slice(values);
        Some(out)
    }

    /// The amounts as a slice, one per player.
    pub fn as_slice(&self) -> &[i32] {
        &self.values[..usize::from(self.len)]
    }

    /// The amounts as a mutable slice, one per player.
    pub fn as_mut_slice(&mut self) -> &mut [i32] {
        &mut self.values[..usize::from(self.len)]
    }
}

impl Deref for PerPlayer {
    type Target = [i32];
    fn deref(&self) -> &[i32] {
        self.as_slice()
    }
}

impl DerefMut for PerPlayer {
    fn deref_mut(&mut self) -> &mut [i32] {
        self.as_mut_slice()
    }
}

impl fmt::Debug for PerPlayer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a PerPlayer {
    type Item = &'a i32;
    type IntoIter = std::slice::Iter<'a, i32>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<const N: usize> PartialEq<[i32; N]> for PerPlayer {
    fn eq(&self, other: &[i32; N]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<[i32]> for PerPlayer {
    fn eq(&self, other: &[i32]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<i32>> for PerPlayer {
    fn eq(&self, other: &Vec<i32>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl From<PerPlayer> for Vec<i32> {
    fn from(p: PerPlayer) -> Vec<i32> {
        p.to_vec()
    }
}

impl Serialize for PerPlayer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.as_slice().serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for PerPlayer {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct List;
        impl<'de> Visitor<'de> for List {
            type Value = PerPlayer;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of at most five amounts, one per player")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PerPlayer, A::Error> {
                let mut out = PerPlayer::zeros(0);
                while let Some(x) = seq.next_element::<i32>()? {
                    if usize::from(out.len) >= MAX_PLAYERS {
                        return Err(A::Error::invalid_length(
                            MAX_PLAYERS + 1,
                            &"at most five amounts, one per player",
                        ));
                    }
                    out.values[usize::from(out.len)] = x;
                    out.len += 1;
                }
                Ok(out)
            }
        }
        deserializer.deserialize_seq(List)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_and_writes_like_a_list_of_numbers() {
        let p = PerPlayer::from_slice(&[30, -10, -10, -10]).unwrap();
        assert_eq!(p, [30, -10, -10, -10]);
        assert_eq!(p.len(), 4);
        let json = serde_json::to_string(&p).unwrap();
        assert_eq!(json, "[30,-10,-10,-10]");
        assert_eq!(serde_json::from_str::<PerPlayer>(&json).unwrap(), p);
        assert!(serde_json::from_str::<PerPlayer>("[1,2,3,4,5,6]").is_err());
        assert!(PerPlayer::from_slice(&[0; 6]).is_none());
        assert_eq!(format!("{p:?}"), "[30, -10, -10, -10]");
    }
}
