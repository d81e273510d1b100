//! [`behaviour_digest`]: a hash of an engine's behaviour over random playouts, for checking
//! that an optimisation changed nothing.

use crate::catalog::Catalog;
use crate::game::GameConfig;
use crate::rng::{below, derive_seed, rng_from_seed};

/// What [`behaviour_digest`] hashed: the FNV-1a hash and the number of actions played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digest {
    /// FNV-1a (64 bits) over the `Debug` forms of everything listed in [`behaviour_digest`].
    pub hash: u64,
    /// Actions played over all the playouts.
    pub actions: usize,
}

/// Why [`behaviour_digest`] could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DigestError {
    /// The game refused the configuration.
    #[error("the configuration is refused: {0}")]
    Config(String),
    /// A final state did not serialize (an engine defect).
    #[error("a final state does not serialize: {0}")]
    Serde(String),
}

/// FNV-1a over bytes.
struct Fnv(u64);

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for &b in s.as_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// A digest of an engine's behaviour, for checking that an optimisation changed nothing: over
/// `plays` uniformly random playouts of `config` (playout `g` on the match seed
/// `derive_seed(seed, g)`, its choices drawn from `derive_seed(seed, 1_000_000 + g)`), an FNV-1a
/// hash of the `Debug` forms of the opening events, then at every step the seat to move, the
/// whole legal list, the choice and the events, and at the end the scores and the final
/// state's `serde_json` form. Run it (each game's `examples/digest.rs` does, over its table
/// sizes and variants) before and after a change: the digests must be equal.
///
/// ```
/// use cards_core::testing::behaviour_digest;
/// # use cards_core::Catalog;
/// # fn check<G: Catalog>(config: &G::Config) -> Result<(), cards_core::testing::DigestError> {
/// let before = behaviour_digest::<G>(config, 100, 1)?;
/// // ... optimise ...
/// assert_eq!(behaviour_digest::<G>(config, 100, 1)?, before);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// The game refuses `config`, or a final state does not serialize.
pub fn behaviour_digest<G: Catalog>(
    config: &G::Config,
    plays: u64,
    seed: u64,
) -> Result<Digest, DigestError> {
    use std::fmt::Write;
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut actions = 0;
    for g in 0..plays {
        let mut state =
            G::new(config, derive_seed(seed, g)).map_err(|e| DigestError::Config(e.to_string()))?;
        let mut rng = rng_from_seed(derive_seed(seed, 1_000_000 + g));
        // Writing into the hasher cannot fail.
        let _ = write!(h, "{:?}", G::opening(&state));
        let limit = config.max_actions();
        let mut steps = 0;
        while let Some(seat) = G::to_move(&state) {
            G::legal_actions_into(&state, &mut legal);
            if legal.is_empty() || steps >= limit {
                break;
            }
            steps += 1;
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            G::apply_unchecked(&mut state, &legal[i], &mut events);
            let _ = write!(h, "{seat:?}{legal:?}{i}{events:?}");
            actions += 1;
        }
        let json = serde_json::to_string(&state).map_err(|e| DigestError::Serde(e.to_string()))?;
        let _ = write!(h, "{:?}{json}", G::scores(&state));
    }
    Ok(Digest { hash: h.0, actions })
}
