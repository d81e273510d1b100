//! Seeded, portable randomness (rulings G1).
//!
//! Every chance event comes from [`GameRng`], a ChaCha8 stream whose algorithm is pinned, so the
//! same seed gives the same games on every platform and with every future version of `rand`.
//! The shuffle and the range sampling are written here on top of `next_u64`, for the same reason.

use rand_core::{Rng, SeedableRng};

/// The random number generator every game uses: ChaCha8 with a 64-bit seed.
pub type GameRng = rand_chacha::ChaCha8Rng;

/// Builds the generator for a seed.
pub fn rng_from_seed(seed: u64) -> GameRng {
    GameRng::seed_from_u64(seed)
}

/// Derives an independent seed for sub-stream `index` of `seed` (each deal of a match, each
/// determinization) with the SplitMix64 finaliser.
pub const fn derive_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed ^ index.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The next raw 64-bit value of a generator (so that game crates need not depend on
/// `rand_core` for it).
#[inline]
pub fn next_u64<R: Rng + ?Sized>(rng: &mut R) -> u64 {
    rng.next_u64()
}

/// A uniform integer in `0..n` (Lemire's multiply-and-reject method). Returns 0 when `n` is 0.
#[inline]
pub fn below<R: Rng + ?Sized>(rng: &mut R, n: u64) -> u64 {
    if n == 0 {
        return 0;
    }
    let mut m = u128::from(rng.next_u64()) * u128::from(n);
    // The rejection threshold is below `n`, so it needs computing (a division) only when the
    // low half falls below `n`; the values drawn are the same either way.
    if (m as u64) < n {
        let threshold = n.wrapping_neg() % n;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(n);
        }
    }
    (m >> 64) as u64
}

/// Shuffles a slice in place (Fisher-Yates, using [`below`]).
#[inline]
pub fn shuffle<T, R: Rng + ?Sized>(rng: &mut R, items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// Picks one element of a non-empty slice uniformly; `None` for an empty slice.
#[inline]
pub fn choose<'a, T, R: Rng + ?Sized>(rng: &mut R, items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        None
    } else {
        items.get(below(rng, items.len() as u64) as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_shuffle_of_seed_42_is_pinned() {
        let mut rng = rng_from_seed(42);
        let mut v: Vec<u8> = (0..20).collect();
        shuffle(&mut rng, &mut v);
        assert_eq!(
            v,
            [
                1, 3, 11, 12, 0, 6, 19, 17, 8, 5, 14, 9, 16, 15, 2, 4, 10, 7, 18, 13
            ]
        );
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = rng_from_seed(7);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let x = below(&mut rng, 7) as usize;
            seen[x] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800), "{seen:?}");
        assert_eq!(below(&mut rng, 0), 0);
    }

    /// The plain form of Lemire's method, which always computes the threshold.
    fn below_reference(rng: &mut GameRng, n: u64) -> u64 {
        let threshold = n.wrapping_neg() % n;
        loop {
            let m = u128::from(rng.next_u64()) * u128::from(n);
            if (m as u64) >= threshold {
                return (m >> 64) as u64;
            }
        }
    }

    #[test]
    fn below_draws_the_same_values_as_the_plain_method() {
        let (mut a, mut b) = (rng_from_seed(3), rng_from_seed(3));
        for n in [1, 2, 3, 7, 52, 108, 1 << 33, (1 << 63) + 1, u64::MAX] {
            for _ in 0..2000 {
                assert_eq!(below(&mut a, n), below_reference(&mut b, n), "n = {n}");
            }
        }
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(5, 3), derive_seed(5, 3));
    }
}
