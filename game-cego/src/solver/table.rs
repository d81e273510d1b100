//! The transposition table: its entries and buckets, the key of a position at a trick
//! boundary (its remaining cards by relative rank and its score state), allocation,
//! generations, and storing a search's result.

use super::position::Pos;
use super::{Aim, INF, Solver};
use crate::cards::{COURTS, Card, Counting, SUIT_MASKS, raw_points};

/// One entry of the transposition table (positions at trick boundaries), aligned to a cache
/// line: a probe reads one line per entry of the bucket it looks at.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
pub(super) struct Entry {
    hands: [u64; 4],
    /// The leader and the score state (see [`Solver::extra`]).
    extra: u64,
    /// Bounds of the value less [`Solver::base`].
    lo: i32,
    hi: i32,
    /// The table's generation the entry belongs to (0: empty).
    generation: u32,
    /// The best move found (its place in the mover's hand in card order + 1, 0 for none).
    best: u8,
    /// The nodes the search of this position took (its last search; saturating), for
    /// choosing which entry of a bucket to replace.
    work: u32,
}

// An entry fills one cache line (and the docs of `Solver::new` give the table's size).
const _: () = assert!(std::mem::size_of::<Entry>() == 64 && std::mem::align_of::<Entry>() == 64);

/// Entries per bucket of the table: a new position replaces an entry of an older search, else
/// the one whose search took the fewest nodes. Four took fewer nodes than two in whole-deal
/// solves with the default table (Little Man's median 6.9 M -> 4.0 M nodes).
const BUCKET: usize = 4;

/// The cards worth more than one point: Trocks 1 and 21, the Gstieß and the courts.
const HONOURS: u64 = (Card::T1.bit() | Card::T21.bit() | Card::GSTIESS.bit() | COURTS) as u64;

/// Where a position at a trick boundary lives in the table, and what of its value the table
/// leaves out.
pub(super) struct Key {
    /// The first entry of its bucket.
    slot: usize,
    /// The remaining cards by relative rank ([`Solver::canonical`]).
    canon: [u64; 4],
    /// The leader and the score state ([`Solver::extra`]).
    extra: u64,
    /// The part of the value the table leaves out ([`Solver::base`]).
    base: i32,
}

impl Solver {
    /// Allocates the table if it is not yet (the first search).
    pub(super) fn ensure_table(&mut self) {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); 1 << self.bits];
        }
    }

    /// Starts a new generation of the table: the entries of earlier ones no longer count
    /// (cleared in O(1), but for a wrap-around).
    pub(super) fn new_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
        if self.generation == 1 {
            // Wrapped around: old entries could look current.
            self.table.fill(Entry::default());
        }
    }

    /// The part of a counter game's value fixed by the soloist's pile already won: its raw
    /// points and complete groups of three (threes), or its points less a half per card
    /// (pairs); the rest depends only on the table key.
    fn base(&self, p: &Pos) -> i32 {
        let s = usize::from(self.soloist & 3);
        if self.aim != Aim::Points || p.tricks[s] == 0 {
            return 0;
        }
        let pile = u128::from(p.won[s] | self.set_aside);
        let n = pile.count_ones() as i32;
        let raw_points = raw_points(pile);
        match self.counting {
            Counting::Threes => 2 * raw_points - 4 * (n / 3),
            Counting::Pairs => 2 * raw_points - n,
        }
    }

    /// The leader and the score state the rest of the value depends on.
    fn extra(&self, p: &Pos) -> u64 {
        let s = usize::from(self.soloist & 3);
        let state = match self.aim {
            Aim::Points => {
                let size = (u128::from(p.won[s] | self.set_aside).count_ones() % 3) as u64;
                size | (u64::from(p.tricks[s] > 0) << 2)
            }
            Aim::Ulti => u64::from(p.ulti_lost),
            Aim::Piccolo | Aim::Bettel => u64::from(p.tricks[s].min(2)),
            Aim::Raeuber => {
                let mut x = 0u64;
                for w in p.won {
                    let n = w.count_ones();
                    let v = (raw_points(u128::from(w)) - 2 * (n as i32 / 3)) as u64;
                    x = (x << 9) | (v << 2) | u64::from(n % 3);
                }
                x
            }
        };
        (state << 3) | u64::from(p.leader)
    }

    /// The table key of the remaining cards at a trick boundary, by relative rank: two
    /// positions whose remaining cards have the same owners in the same order within each suit,
    /// the same honours left (which fixes each remaining card's points, see below) and the same
    /// dead cards left play out alike, whatever cards went before. Words 0 and 1: the owner of
    /// each remaining card (2 bits) in card order; word 2: the number left of each suit (5 bits
    /// each); word 3: the honours left (Trocks 1, 21, the Gstieß and the courts: within a suit the
    /// numerals, or Trocks 2-20, lie below the honours, so the points of each relative rank
    /// follow) and the dead cards left.
    fn canonical(&self, p: &Pos) -> [u64; 4] {
        let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        let mut owners = 0u128;
        let mut shift = 0;
        let mut m = rest;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let bit = 1u64 << i;
            let owner = if p.hands[0] & bit != 0 {
                0u128
            } else if p.hands[1] & bit != 0 {
                1
            } else if p.hands[2] & bit != 0 {
                2
            } else {
                3
            };
            owners |= owner << shift;
            shift += 2;
        }
        let mut counts = 0u64;
        for (k, &mask) in SUIT_MASKS.iter().enumerate() {
            counts |= u64::from((rest & mask as u64).count_ones()) << (5 * k);
        }
        [
            owners as u64,
            (owners >> 64) as u64,
            counts,
            rest & (HONOURS | self.dead),
        ]
    }

    fn slot(&self, hands: &[u64; 4], extra: u64) -> usize {
        let mut h = extra.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &x in hands {
            h = (h ^ x).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 31;
        }
        (h as usize) & self.mask & !(BUCKET - 1)
    }

    /// The entry of bucket `slot` ([`BUCKET`] entries) holding this position, if any.
    fn probe(&self, slot: usize, canon: &[u64; 4], extra: u64) -> Option<usize> {
        (slot..slot + BUCKET).find(|&k| {
            let e = &self.table[k];
            e.generation == self.generation && e.extra == extra && e.hands == *canon
        })
    }

    /// The key of a position at a trick boundary.
    pub(super) fn key(&self, p: &Pos) -> Key {
        let extra = self.extra(p);
        let canon = self.canonical(p);
        Key {
            slot: self.slot(&canon, extra),
            canon,
            extra,
            base: self.base(p),
        }
    }

    /// What the table holds of the position `p` of `key`: bounds of its value and its best
    /// move (the card index + 1, 0 for none).
    pub(super) fn recall(&self, p: &Pos, key: &Key) -> Option<(i32, i32, u8)> {
        let k = self.probe(key.slot, &key.canon, key.extra)?;
        let e = self.table[k];
        let (lo, hi) = (e.lo.saturating_add(key.base), e.hi.saturating_add(key.base));
        // The best move is stored as its place in the mover's hand (a card of the same
        // relative rank in a transposed position).
        let mut tt_best = 0u8;
        if e.best > 0 {
            let mut h = p.hands[usize::from(p.to_move & 3)];
            for _ in 1..e.best {
                h &= h.wrapping_sub(1);
            }
            if h != 0 {
                tt_best = h.trailing_zeros() as u8 + 1;
            }
        }
        Some((lo, hi, tt_best))
    }

    /// Stores the result `best` of a search with the window `(alpha, beta)` of the position of
    /// `key` (fail-soft: an upper bound at or below `alpha`, a lower bound at or above `beta`,
    /// else the value), with its best move (its place in the mover's hand + 1) and the nodes it
    /// took.
    pub(super) fn store(
        &mut self,
        key: &Key,
        best: i32,
        (alpha, beta): (i32, i32),
        best_move: u8,
        work: u32,
    ) {
        let r = best - key.base;
        let k = match self.probe(key.slot, &key.canon, key.extra) {
            Some(k) => k,
            None => self.replace(key),
        };
        let e = &mut self.table[k];
        e.work = e.work.max(work);
        if best <= alpha {
            e.hi = e.hi.min(r);
        } else if best >= beta {
            e.lo = e.lo.max(r);
            e.best = best_move;
        } else {
            e.lo = r;
            e.hi = r;
            e.best = best_move;
        }
    }

    /// A new entry of the bucket of `key` for its position, without bounds: it replaces an
    /// entry of an older search, else the one that took the least work.
    fn replace(&mut self, key: &Key) -> usize {
        let slot = key.slot;
        let k = (slot..slot + BUCKET)
            .min_by_key(|&k| {
                // Entries of older searches all rank alike (the first is taken), so that a
                // solve does not depend on what was solved before.
                let e = &self.table[k];
                let current = e.generation == self.generation;
                (current, if current { e.work } else { 0 })
            })
            .unwrap_or(slot);
        self.table[k] = Entry {
            hands: key.canon,
            extra: key.extra,
            lo: -INF,
            hi: INF,
            generation: self.generation,
            best: 0,
            work: 0,
        };
        k
    }
}
