//! Shared toolkit for the card-game rules engines of this workspace.
//!
//! - [`card`]: suits, ranks, jokers and tarock trumps as small `Copy` types with a text notation
//!   that round-trips and is their serde form; the French card with jokers.
//! - [`set`]: a `Copy` bit set of cards, a multiset for double packs, counts per rank.
//! - [`rng`]: the pinned, seedable RNG (ChaCha8) and a shuffle written on `next_u64` (rulings G1).
//! - [`seat`]: seats, per-seat containers, rotation that skips players who are out.
//! - [`game`]: the [`Game`] trait: configuration, legal actions, checked apply, views,
//!   determinization, scores.
//! - [`bot`]: the [`Bot`] trait (a bot sees only its seat's view and the legal actions), the
//!   random bot, and the loop that plays a match out.
//! - [`protocol`]: the JSON-lines bot protocol's messages (`docs/protocol.md`).
//! - [`search`]: Information Set Monte Carlo Tree Search over any [`Game`], and bot specs.
//! - [`climbing`]: plays of k cards of one rank with jokers, one-lap tricks, finishing order.
//! - [`text`]: narration helpers (counts with singular and plural nouns).
//! - [`validate`]: the census and replay-and-compare checks of states read from JSON.
//! - `testing` (feature `testing`): the conformance harness run over every game.
//!
//! ```
//! use cards_core::card::FrenchCard;
//! use cards_core::set::CardSet;
//!
//! let hand: CardSet<FrenchCard> = "7h 10s RJ".split(' ').map(|c| c.parse().unwrap()).collect();
//! assert_eq!(hand.len(), 3);
//! assert_eq!(hand.to_string(), "7h 10s RJ");
//! ```

pub mod bot;
pub mod card;
pub mod climbing;
pub mod game;
pub mod protocol;
pub mod rng;
pub mod search;
pub mod seat;
pub mod set;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod validate;

pub use bot::{Bot, Decision, RandomBot};
pub use game::{Catalog, Example, Game, GameConfig, GameState, OptionDoc, Scoring, Words};
pub use rng::GameRng;
pub use seat::{Direction, PerSeat, Seat};
