//! Seeded, portable randomness (rulings G1).
//!
//! Every chance event comes from [`GameRng`], a ChaCha8 stream whose algorithm is pinned, so the
//! same seed gives the same games on every platform and with every future version of `rand`.
//! The shuffle and the range sampling are written here on top of `next_u64`, for the same reason.
//!
//! A match is dealt from one [`Seed`]: either a 64-bit number ([`Seed::Short`], every seed of
//! the workspace before keys, dealing exactly as it always did) or a 256-bit secret
//! ([`Seed::Key`]) that nobody can search for by trying every seed. Every card of a match follows
//! from its seed through [`Seed::derive`] (one independent seed per deal, per redeal) and
//! [`Seed::rng`] (the generator a deal is shuffled with).

use std::fmt;
use std::str::FromStr;

use rand_core::{Rng, SeedableRng};
use serde::de::{self, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// The random number generator every game uses: ChaCha8, from a 64-bit seed
/// ([`rng_from_seed`]) or a 256-bit key ([`Seed::rng`]).
pub type GameRng = rand_chacha::ChaCha8Rng;

/// The secret a match is dealt from (rulings G1): every shuffle and every chance choice of the
/// match follows from it and from nothing else.
///
/// - `Short(u64)`: a 64-bit seed, as every game took before keys. It deals exactly the cards it
///   always dealt ([`derive_seed`], [`rng_from_seed`]). Easy to type and to replay, but a player
///   who knows their own cards can try every seed of a small range: not for play with stakes.
/// - `Key([u8; 32])`: a 256-bit secret. Each derived seed is a pseudo-random function of the
///   whole key (ChaCha20, see [`Seed::derive`]), and the generator is ChaCha8 keyed with all 32
///   bytes, so no bit of the key can be skipped by a search.
///
/// Text ([`Display`](fmt::Display) and [`FromStr`]): a `Short` is its decimal number, a `Key`
/// its 64 lowercase hexadecimal digits (upper case is accepted on input). Serde: a `Short` is a
/// JSON number, as the seed fields of every saved state and log have always been; a `Key` is its
/// 64-digit hex string. Both forms read back.
///
/// ```
/// use cards_core::rng::Seed;
///
/// let short: Seed = "42".parse().unwrap();
/// assert_eq!(short, Seed::Short(42));
/// assert_eq!(serde_json::to_string(&short).unwrap(), "42");
///
/// let key = Seed::Key([7; 32]);
/// let text = key.to_string();
/// assert_eq!(text.len(), 64);
/// assert_eq!(text.parse::<Seed>().unwrap(), key);
/// assert_eq!(serde_json::to_string(&key).unwrap(), format!("\"{text}\""));
/// assert_ne!(key.derive(0), key.derive(1));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seed {
    /// A 64-bit seed: the seeds of every game before keys, dealing as they always did.
    Short(u64),
    /// A 256-bit secret key.
    Key([u8; 32]),
}

impl Seed {
    /// The independent seed of sub-stream `index` (each deal of a match, each redeal).
    ///
    /// - `Short(s)`: `Short(derive_seed(s, index))`, exactly as matches always derived their
    ///   deals ([`derive_seed`]).
    /// - `Key(k)`: the first 32 bytes of the ChaCha20 stream keyed with all of `k`, stream
    ///   (nonce) `index.wrapping_add(1)` (as [`derive_seed`] adds 1; `u64::MAX` takes stream 0),
    ///   block counter 0: a pseudo-random function of the whole key, one stream per index, so
    ///   seeds of different indices are unrelated and none reveals the key.
    #[must_use]
    pub fn derive(self, index: u64) -> Seed {
        match self {
            Seed::Short(s) => Seed::Short(derive_seed(s, index)),
            Seed::Key(k) => {
                let mut prf = rand_chacha::ChaCha20Rng::from_seed(k);
                prf.set_stream(index.wrapping_add(1));
                let mut out = [0; 32];
                prf.fill_bytes(&mut out);
                Seed::Key(out)
            }
        }
    }

    /// The generator of this seed: [`rng_from_seed`] for a `Short` (as every deal was always
    /// shuffled), ChaCha8 keyed with all 32 bytes for a `Key`.
    #[must_use]
    pub fn rng(self) -> GameRng {
        match self {
            Seed::Short(s) => rng_from_seed(s),
            Seed::Key(k) => GameRng::from_seed(k),
        }
    }

    /// 64 bits of this seed: a `Short`'s own number, a `Key`'s first 8 bytes (little-endian).
    ///
    /// For a 64-bit seed that depends on every bit of the seed (a bot's seed, say), take it of
    /// a derived seed: `seed.derive(i).to_u64()`. Never deal from it in place of the seed:
    /// 64 bits of a key are not the key.
    #[must_use]
    pub fn to_u64(self) -> u64 {
        match self {
            Seed::Short(s) => s,
            Seed::Key(k) => {
                let mut low = [0; 8];
                low.copy_from_slice(&k[..8]);
                u64::from_le_bytes(low)
            }
        }
    }

    /// Whether this is a 256-bit [`Seed::Key`].
    #[must_use]
    pub const fn is_key(self) -> bool {
        matches!(self, Seed::Key(_))
    }
}

impl From<u64> for Seed {
    fn from(seed: u64) -> Seed {
        Seed::Short(seed)
    }
}

impl From<[u8; 32]> for Seed {
    fn from(key: [u8; 32]) -> Seed {
        Seed::Key(key)
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seed::Short(s) => write!(f, "{s}"),
            Seed::Key(k) => k.iter().try_for_each(|b| write!(f, "{b:02x}")),
        }
    }
}

/// Why a text is not a [`Seed`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseSeedError {
    /// Neither a decimal number that fits 64 bits nor 64 hexadecimal digits.
    #[error(
        "{text:?} is not a seed: a decimal number below 2^64 or a key of 64 hexadecimal digits"
    )]
    Malformed {
        /// The text given.
        text: String,
    },
}

impl FromStr for Seed {
    type Err = ParseSeedError;

    fn from_str(text: &str) -> Result<Seed, ParseSeedError> {
        let malformed = || ParseSeedError::Malformed {
            text: text.to_owned(),
        };
        if text.len() == 64 {
            let mut key = [0; 32];
            for (byte, pair) in key.iter_mut().zip(text.as_bytes().chunks_exact(2)) {
                let digit = |c: u8| char::from(c).to_digit(16);
                let (Some(hi), Some(lo)) = (digit(pair[0]), digit(pair[1])) else {
                    return Err(malformed());
                };
                *byte = (hi * 16 + lo) as u8;
            }
            Ok(Seed::Key(key))
        } else if !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit()) {
            text.parse().map(Seed::Short).map_err(|_| malformed())
        } else {
            Err(malformed())
        }
    }
}

impl Serialize for Seed {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Seed::Short(s) => serializer.serialize_u64(*s),
            Seed::Key(_) => serializer.collect_str(self),
        }
    }
}

impl<'de> Deserialize<'de> for Seed {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seed, D::Error> {
        struct SeedVisitor;

        impl Visitor<'_> for SeedVisitor {
            type Value = Seed;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a seed: a number below 2^64 or a key of 64 hexadecimal digits")
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Seed, E> {
                Ok(Seed::Short(v))
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Seed, E> {
                u64::try_from(v)
                    .map(Seed::Short)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(v), &self))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<Seed, E> {
                v.parse().map_err(E::custom)
            }
        }

        deserializer.deserialize_any(SeedVisitor)
    }
}

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

/// Fills `dest` with the generator's next bytes (so that game crates need not depend on
/// `rand_core` for it). For [`GameRng`] these are the values [`next_u64`] would return, each
/// as eight little-endian bytes, and the generator ends where those calls would leave it: a
/// caller may draw many values at once and read them from the bytes.
#[inline]
pub fn fill_bytes<R: Rng + ?Sized>(rng: &mut R, dest: &mut [u8]) {
    rng.fill_bytes(dest);
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
    fn a_short_seed_derives_and_shuffles_as_before_keys() {
        for s in [0, 1, 42, 0x5eed, u64::MAX] {
            for i in [0, 1, 7, 1_000_000, u64::MAX] {
                assert_eq!(Seed::Short(s).derive(i), Seed::Short(derive_seed(s, i)));
            }
            let (mut a, mut b) = (Seed::Short(s).rng(), rng_from_seed(s));
            assert!((0..50).all(|_| a.next_u64() == b.next_u64()));
            assert_eq!(Seed::Short(s).to_u64(), s);
            assert_eq!(Seed::from(s), Seed::Short(s));
        }
    }

    fn key(seed: u8) -> [u8; 32] {
        std::array::from_fn(|i| seed.wrapping_mul(31).wrapping_add(i as u8))
    }

    #[test]
    fn a_key_derives_from_every_byte() {
        let base = key(3);
        let derived = Seed::Key(base).derive(0);
        for byte in 0..32 {
            for bit in [0, 7] {
                let mut other = base;
                other[byte] ^= 1 << bit;
                assert_ne!(Seed::Key(other).derive(0), derived, "byte {byte} bit {bit}");
                let (mut a, mut b) = (Seed::Key(other).rng(), Seed::Key(base).rng());
                assert_ne!(a.next_u64(), b.next_u64(), "byte {byte} bit {bit}");
            }
        }
    }

    #[test]
    fn a_key_derives_the_same_seed_twice_and_another_per_index() {
        let k = Seed::Key(key(9));
        assert_eq!(k.derive(5), k.derive(5));
        let mut seen: Vec<Seed> = [0, 1, 2, 3, u64::MAX - 1, u64::MAX]
            .into_iter()
            .map(|i| k.derive(i))
            .collect();
        seen.push(k);
        let all = seen.len();
        seen.sort_by_key(ToString::to_string);
        seen.dedup();
        assert_eq!(seen.len(), all);
        assert!(k.derive(0).is_key() && !Seed::Short(1).is_key());
        assert_ne!(k.derive(0).derive(0), k.derive(0));
    }

    #[test]
    fn filled_bytes_are_the_next_u64_values_and_leave_the_generator_where_they_would() {
        // Odd counts of values, starts inside a block and values across the blocks' ends.
        for (seed, skip, values) in [(1, 0, 107), (2, 1, 107), (3, 63, 200), (4, 7, 3)] {
            let mut by_value = rng_from_seed(seed);
            let mut by_bytes = rng_from_seed(seed);
            for _ in 0..skip {
                assert_eq!(next_u32_of(&mut by_value), next_u32_of(&mut by_bytes));
            }
            let mut bytes = vec![0; 8 * values];
            fill_bytes(&mut by_bytes, &mut bytes);
            for chunk in bytes.chunks_exact(8) {
                let mut word = [0; 8];
                word.copy_from_slice(chunk);
                assert_eq!(u64::from_le_bytes(word), next_u64(&mut by_value));
            }
            assert_eq!(next_u64(&mut by_value), next_u64(&mut by_bytes));
        }
    }

    fn next_u32_of(rng: &mut GameRng) -> u32 {
        rng.next_u32()
    }

    #[test]
    fn a_key_derives_the_chacha20_stream_it_documents() {
        // The first 32 bytes of ChaCha20 (RFC 8439 block function with a 64-bit counter and
        // 64-bit nonce) under the all-zero key, nonce 1, counter 0; and with nonce 0 the
        // well-known keystream 76 b8 e0 ad ...
        let mut zero = rand_chacha::ChaCha20Rng::from_seed([0; 32]);
        let mut first = [0; 4];
        zero.fill_bytes(&mut first);
        assert_eq!(first, [0x76, 0xb8, 0xe0, 0xad]);
        let mut by_hand = rand_chacha::ChaCha20Rng::from_seed([0; 32]);
        by_hand.set_stream(1);
        let mut bytes = [0; 32];
        by_hand.fill_bytes(&mut bytes);
        assert_eq!(Seed::Key([0; 32]).derive(0), Seed::Key(bytes));
        assert_eq!(Seed::Key([0; 32]).to_u64(), 0);
        let mut k = [0; 32];
        k[0] = 1;
        k[8] = 9;
        assert_eq!(Seed::Key(k).to_u64(), 1);
    }

    #[test]
    fn seeds_round_trip_through_text_and_json() {
        let seeds = [
            Seed::Short(0),
            Seed::Short(42),
            Seed::Short(u64::MAX),
            Seed::Key([0; 32]),
            Seed::Key([0xff; 32]),
            Seed::Key(key(200)),
        ];
        for s in seeds {
            let text = s.to_string();
            assert_eq!(text.parse::<Seed>(), Ok(s), "{text}");
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(serde_json::from_str::<Seed>(&json).unwrap(), s, "{json}");
            match s {
                Seed::Short(n) => assert_eq!(json, n.to_string()),
                Seed::Key(_) => {
                    assert_eq!(json, format!("\"{text}\""));
                    assert_eq!(text.len(), 64);
                    assert!(
                        text.bytes()
                            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
                    );
                }
            }
        }
        assert_eq!(
            Seed::Key(key(1)).to_string().to_uppercase().parse(),
            Ok(Seed::Key(key(1)))
        );
        assert_eq!(
            serde_json::from_str::<Seed>("\"17\"").unwrap(),
            Seed::Short(17)
        );
    }

    #[test]
    fn malformed_seeds_are_refused_with_a_reason() {
        let hex = Seed::Key(key(4)).to_string();
        for bad in [
            String::new(),
            "-1".into(),
            "+1".into(),
            " 1".into(),
            "1.5".into(),
            "18446744073709551616".into(),
            "0x10".into(),
            hex[..63].into(),
            format!("{hex}0"),
            format!("{}g", &hex[..63]),
            format!("{}é", &hex[..62]),
        ] {
            let err = bad.parse::<Seed>().unwrap_err();
            assert_eq!(err, ParseSeedError::Malformed { text: bad.clone() });
            assert!(err.to_string().contains("not a seed"), "{err}");
        }
        for bad in ["-1", "1.5", "\"abc\"", "null", "[1]", "true"] {
            assert!(serde_json::from_str::<Seed>(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn derived_seeds_differ() {
        assert_ne!(derive_seed(1, 0), derive_seed(1, 1));
        assert_ne!(derive_seed(1, 0), derive_seed(2, 0));
        assert_eq!(derive_seed(5, 3), derive_seed(5, 3));
    }
}
