//! Bit and byte-lane helpers of legal-move generation (legal.rs): places of a suit as bits
//! (bit `p` is place `p`, 1 = Ace low to 14 = Ace high), and per-face counts read sixteen at a
//! time as the byte lanes of a `u128`.

use crate::cards::{FACES, Hand};

/// Set bits per byte value.
const ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// The set bits of `x`, by table (`count_ones` is a dozen instructions on CPUs without POPCNT,
/// the baseline the wheels are built for).
pub(crate) fn ones(x: u16) -> usize {
    usize::from(ONES[usize::from(x & 0xff)] + ONES[usize::from(x >> 8)])
}

/// Places `lo..=hi` (at most 15) as bits.
pub(crate) fn window(lo: u8, hi: u8) -> u16 {
    ((1u32 << (hi + 1)) - (1u32 << lo)) as u16
}

/// The set bits of `x`, lowest first, as places (`.0[..n]`, `n` = `.1`).
pub(crate) fn bit_list(x: u16) -> ([u8; 16], usize) {
    let mut bits = [0u8; 16];
    let mut n = 0;
    let mut rest = x;
    while rest != 0 {
        bits[n] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        n += 1;
    }
    (bits, n)
}

/// One in each of the sixteen byte lanes.
const LANES: u128 = u128::MAX / 255;
/// The top bit of each lane.
const TOPS: u128 = LANES * 0x80;
/// The low seven bits of each lane.
const LOW7: u128 = LANES * 0x7f;

/// For each byte value, its bits as byte lanes of 0 or 1 (bit `i` to lane `i`).
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let mut b = 0;
        while b < 8 {
            if i >> b & 1 == 1 {
                t[i] |= 1 << (8 * b);
            }
            b += 1;
        }
        i += 1;
    }
    t
};

/// The lanes of `x` that are not zero: the top bit of each such lane set, nothing else.
fn nonzero_tops(x: u128) -> u128 {
    (((x & LOW7) + LOW7) | x) & TOPS
}

/// Lane `i`'s top bit as bit `i` (lanes as in [`nonzero_tops`]).
fn tops_to_bits(m: u128) -> u16 {
    // Moves bit 8i + 7 of a word to bit 56 + i (no two products meet, so nothing carries).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let lo = ((m as u64) >> 7).wrapping_mul(GATHER) >> 56;
    let hi = (((m >> 64) as u64) >> 7).wrapping_mul(GATHER) >> 56;
    (lo | hi << 8) as u16
}

/// Bit `i` set where lane `i` of `x` is not zero.
pub(crate) fn nonzero_lanes(x: u128) -> u16 {
    tops_to_bits(nonzero_tops(x))
}

/// 1 in lane `i + 1` where lane `i` of `x` is not zero: the places a suit's counts (as
/// [`suit_lanes`] reads them) hold, place `p` as lane `p`.
pub(crate) fn held_places(x: u128) -> u128 {
    nonzero_tops(x) << 1
}

/// Whether some lane of `x` (each below 128) is at least `need` (at most 128).
pub(crate) fn any_lane_at_least(x: u128, need: usize) -> bool {
    (x + LANES * (0x80 - need as u128)) & TOPS != 0
}

/// Bit `i` set where lane `i` of `x` (each below 128) is at least `need` (at most 128).
pub(crate) fn lanes_at_least(x: u128, need: usize) -> u16 {
    tops_to_bits((x + LANES * (0x80 - need as u128)) & TOPS)
}

/// The top bits of the lanes `j` (`len <= j <= 14`) where the window of `len` places
/// `j + 1 - len ..= j` holds at least `need` places (`need` 1 to `len`, `len` 1 to 15) of
/// `places`, lanes of 0 or 1.
fn windows_in_lanes(places: u128, len: usize, need: usize) -> u128 {
    // Lane j of the product: the places held among j + 1 - len ..= j (at most 15, no carries).
    let sums = places.wrapping_mul(LANES & ((1u128 << (8 * len)) - 1));
    let ends = TOPS & ((1u128 << 120) - 1) & !((1u128 << (8 * len)) - 1);
    (sums + LANES * (0x80 - need as u128)) & ends
}

/// Whether some window of `len` places within 1 to 14 holds at least `need` (1 to `len`) of
/// `places`, lanes of 0 or 1 (`len` 1 to 15).
pub(crate) fn any_window_holding(places: u128, len: usize, need: usize) -> bool {
    windows_in_lanes(places, len, need) != 0
}

/// The high ends `j` of the windows of `len` places `j + 1 - len ..= j` within 1 to 14 that
/// hold at least `need` places of `places`, as bits (`len` 1 to 15).
pub(crate) fn windows_holding(places: u16, len: usize, need: usize) -> u16 {
    let ends = 0x7fff & !((1u16 << len) - 1);
    if need == 0 {
        return ends;
    }
    if need > len {
        return 0;
    }
    let lanes = u128::from(SPREAD[usize::from(places & 0xff)])
        | u128::from(SPREAD[usize::from(places >> 8)]) << 64;
    tops_to_bits(windows_in_lanes(lanes, len, need))
}

/// The counts of `hand` per suit, rank 1 (Ace) to 13 (King) as lanes 0 to 12, each at most
/// 31 (larger counts, which no pack holds, read as 31: four suits then sum without carries,
/// and every comparison made with them is with less than 16).
pub(crate) fn hand_lanes(hand: &Hand) -> [u128; 4] {
    let counts: &[u8; FACES] = hand.counts();
    let suit = |s: usize| {
        let mut b = [0u8; 16];
        b[..13].copy_from_slice(&counts[13 * s..13 * s + 13]);
        u128::from_le_bytes(b)
    };
    let lanes = [suit(0), suit(1), suit(2), suit(3)];
    if (lanes[0] | lanes[1] | lanes[2] | lanes[3]) & (LANES * 0xe0) == 0 {
        lanes
    } else {
        lanes.map(|x| u128::from_le_bytes(x.to_le_bytes().map(|v| v.min(31))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn windows_slow(places: u16, len: usize, need: usize) -> u16 {
        let mut out = 0;
        for j in len..=14 {
            let lo = (j + 1 - len) as u8;
            if ones(places & window(lo, j as u8)) >= need {
                out |= 1 << j;
            }
        }
        out
    }

    #[test]
    fn windows_match_counting() {
        for places in (0u16..0x8000).step_by(5) {
            for len in 1..=15 {
                for need in 0..=16 {
                    assert_eq!(
                        windows_holding(places, len, need),
                        windows_slow(places, len, need),
                        "{places:b} {len} {need}"
                    );
                }
            }
        }
    }

    #[test]
    fn lanes_match_bytes() {
        for seed in 0u64..2000 {
            let b: [u8; 16] = std::array::from_fn(|i| {
                let v = seed
                    .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                    .rotate_left(i as u32 * 5);
                [0, 0, 1, 2, 31, 127, 128, 255][(v % 8) as usize]
            });
            let x = u128::from_le_bytes(b);
            let want = (0..16).fold(0u16, |m, i| m | u16::from(b[i] != 0) << i);
            assert_eq!(nonzero_lanes(x), want);
            let small = u128::from_le_bytes(b.map(|v| v.min(127)));
            for need in 0..=128 {
                let want = b.iter().any(|&v| usize::from(v.min(127)) >= need);
                assert_eq!(any_lane_at_least(small, need), want);
            }
        }
    }
}
