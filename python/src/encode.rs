//! What every game's observation shares: the card faces of a configuration's pack (the
//! `Game.faces` list) and the small block writers of the games' own encoders
//! (`encode_*.rs`). Each game's observation is a fixed layout of its own, written from the
//! seat's view alone; docs/python.md states every layout (offset, length, meaning).

use std::hash::Hasher;

/// Encodes the views of one configuration: its pack's distinct faces, in sorted notation.
#[derive(Debug, Clone)]
pub struct Encoder {
    faces: Vec<String>,
}

/// FNV-1a as a `Hasher`, for the small string keys of the action vocabularies (notation to
/// index), where SipHash's setup costs more than the lookup. Not used by any observation.
#[derive(Default)]
pub struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

impl Encoder {
    /// The encoder of a pack (every physical card by notation; duplicates count once).
    pub fn new(pack: &[String]) -> Self {
        let mut faces: Vec<String> = pack.to_vec();
        faces.sort();
        faces.dedup();
        Encoder { faces }
    }

    /// The distinct card faces of the pack, in sorted notation.
    pub fn faces(&self) -> &[String] {
        &self.faces
    }
}

/// A one-hot of `i` into `out` (nothing when `i` is `None` or past `out`).
#[inline]
pub fn one_hot(i: Option<usize>, out: &mut [f32]) {
    if let Some(o) = i.and_then(|i| out.get_mut(i)) {
        *o = 1.0;
    }
}

/// The rest of an observation still to write: each block is split off its front in layout
/// order.
pub struct Cursor<'a>(pub &'a mut [f32]);

impl<'a> Cursor<'a> {
    /// Splits the next `n` entries off (fewer when the rest is shorter; the layouts' sizes are
    /// constants, so that never happens).
    #[inline]
    pub fn take(&mut self, n: usize) -> &'a mut [f32] {
        let all = std::mem::take(&mut self.0);
        let n = n.min(all.len());
        let (head, tail) = all.split_at_mut(n);
        self.0 = tail;
        head
    }
}

/// The sum of a layout's block lengths.
pub const fn layout_size(layout: &[(&str, usize)]) -> usize {
    let mut n = 0;
    let mut i = 0;
    while i < layout.len() {
        n += layout[i].1;
        i += 1;
    }
    n
}
