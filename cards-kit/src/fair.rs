//! Provably fair dealing: the seed of a match stays secret until the match ends, and a
//! commitment to it is shown from the first deal.
//!
//! Every card of a match follows from its seed, so whoever learns the seed before the end can
//! see every hand. When the server (or `cards play`) draws the seed itself, it also draws a
//! 256-bit salt and shows only the **commitment**, the SHA-256 of the text
//! `cards-deal:{seed}:{salt}` (the seed in decimal, the salt as 64 lowercase hex digits). At the
//! end of the match the log reveals seed and salt; anyone can check them against the
//! commitment they were shown, with `cards replay` or with any SHA-256 tool (a drawn seed is a
//! 256-bit key, written as 64 hex digits; a chosen one is a number):
//!
//! ```sh
//! printf 'cards-deal:%s:%s' SEED SALT | sha256sum
//! ```
//!
//! The salt keeps the seed from being found by trying every seed against the commitment. The
//! seed itself is a 256-bit key ([`Seed::Key`]) from which every card and every bot's chance of
//! the match follows, so a player who knows their own hand and the game's shuffle cannot find
//! it by trying seeds either: there are 2^256 of them, where the 40-bit seeds drawn before took
//! about 240 core-hours to search. A seed chosen by a person (a practice table) has no
//! commitment: the one who chose it knows the deal, and every page of such a table says so.

use cards_core::Seed;
use sha2::{Digest, Sha256};

use crate::error::CliError;

/// The secret behind a match's cards: its seed, and the salt of its commitment when the seed
/// was drawn rather than chosen.
#[derive(Clone, PartialEq, Eq)]
pub struct DealSecret {
    /// The match seed: a 256-bit key when drawn.
    pub seed: Seed,
    /// The commitment's salt (64 hex digits); `None` for a seed a person chose.
    pub salt: Option<String>,
}

impl std::fmt::Debug for DealSecret {
    /// Never prints the seed or the salt, so a stray debug line leaks nothing.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("DealSecret")
            .field("committed", &self.salt.is_some())
            .finish_non_exhaustive()
    }
}

impl DealSecret {
    /// A fresh 256-bit key and 256-bit salt from the operating system's randomness.
    ///
    /// # Errors
    /// When the system gives no randomness.
    pub fn draw() -> Result<DealSecret, CliError> {
        let mut bytes = [0u8; 64];
        getrandom::fill(&mut bytes)
            .map_err(|e| CliError::Engine(format!("no randomness from the system: {e}")))?;
        let mut key = [0u8; 32];
        key.copy_from_slice(&bytes[..32]);
        Ok(DealSecret {
            seed: Seed::Key(key),
            salt: Some(hex(&bytes[32..])),
        })
    }

    /// A seed a person chose: a practice deal, known to whoever chose it.
    pub fn chosen(seed: impl Into<Seed>) -> DealSecret {
        DealSecret {
            seed: seed.into(),
            salt: None,
        }
    }

    /// The commitment to show before the first deal, when the seed was drawn.
    pub fn commitment(&self) -> Option<String> {
        self.salt.as_deref().map(|salt| commitment(self.seed, salt))
    }
}

/// The commitment to a seed: SHA-256 of `cards-deal:{seed}:{salt}` (the seed as its text: a
/// number, or a key's 64 hex digits), as 64 hex digits.
pub fn commitment(seed: Seed, salt: &str) -> String {
    let digest = Sha256::digest(format!("cards-deal:{seed}:{salt}").as_bytes());
    hex(&digest)
}

/// Checks a revealed seed and salt against a commitment.
///
/// # Errors
/// [`CliError::BadLog`] when the salt is malformed or the pair does not open the commitment.
pub fn verify(seed: Seed, salt: &str, promised: &str) -> Result<(), CliError> {
    if salt.len() != 64 || !salt.bytes().all(|b| b.is_ascii_hexdigit()) {
        return Err(CliError::BadLog(format!(
            "field \"salt\": {} characters; a salt is 64 hex digits",
            salt.chars().count()
        )));
    }
    let opened = commitment(seed, salt);
    if opened.eq_ignore_ascii_case(promised.trim()) {
        Ok(())
    } else {
        Err(CliError::BadLog(format!(
            "the seed and salt do not open the commitment: SHA-256 of cards-deal:{seed}:{salt} \
             is {opened}, the table promised {promised}; these are not the cards that were \
             promised"
        )))
    }
}

fn hex(bytes: &[u8]) -> String {
    use std::fmt::Write as _;
    bytes
        .iter()
        .fold(String::with_capacity(2 * bytes.len()), |mut s, b| {
            let _ = write!(s, "{b:02x}");
            s
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_commitment_is_sha256_of_the_documented_text() {
        // printf 'cards-deal:42:' | sha256sum, with an all-zero salt.
        let salt = "0".repeat(64);
        let expected = {
            let d = Sha256::digest(format!("cards-deal:42:{salt}").as_bytes());
            hex(&d)
        };
        assert_eq!(commitment(Seed::Short(42), &salt), expected);
        assert_eq!(commitment(Seed::Short(42), &salt).len(), 64);
        // A key is hashed as its 64 hex digits.
        let key = Seed::Key([0xab; 32]);
        let d = Sha256::digest(format!("cards-deal:{}:{salt}", "ab".repeat(32)).as_bytes());
        assert_eq!(commitment(key, &salt), hex(&d));
        // The known SHA-256 of the empty text pins the hashing itself.
        assert_eq!(
            hex(&Sha256::digest(b"")),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }

    #[test]
    fn a_drawn_secret_opens_its_commitment_and_nothing_else() {
        let secret = DealSecret::draw().unwrap();
        let salt = secret.salt.clone().unwrap();
        let promised = secret.commitment().unwrap();
        let Seed::Key(key) = secret.seed else {
            panic!("a drawn seed is a 256-bit key")
        };
        verify(secret.seed, &salt, &promised).unwrap();
        let mut flipped = key;
        flipped[31] ^= 1;
        assert!(verify(Seed::Key(flipped), &salt, &promised).is_err());
        let mut other = salt.into_bytes();
        other[0] = if other[0] == b'0' { b'1' } else { b'0' };
        let other = String::from_utf8(other).unwrap();
        assert!(verify(secret.seed, &other, &promised).is_err());
        assert!(verify(secret.seed, "abc", &promised).is_err());
        assert!(DealSecret::chosen(7).commitment().is_none());
    }

    #[test]
    fn two_draws_are_two_keys() {
        // 2^-256 of failing by chance.
        let (a, b) = (DealSecret::draw().unwrap(), DealSecret::draw().unwrap());
        assert!(a.seed.is_key() && b.seed.is_key());
        assert_ne!(a.seed, b.seed);
        assert_ne!(a.salt, b.salt);
    }

    #[test]
    fn debug_never_shows_the_seed() {
        let secret = DealSecret {
            seed: Seed::Key([0xcd; 32]),
            salt: Some("ab".repeat(32)),
        };
        let text = format!("{secret:?}");
        assert!(!text.contains("cdcd") && !text.contains("abab"), "{text}");
        let secret = DealSecret::chosen(581_074_332_588);
        let text = format!("{secret:?}");
        assert!(!text.contains("581074332588"), "{text}");
    }
}
