//! Shared toolkit for the card-game rules engines of this workspace.
//!
//! - [`card`]: suits, ranks, jokers and tarock trumps as small `Copy` types with a text notation
//!   that round-trips and is their serde form; the French card with jokers.
//! - [`set`]: a `Copy` bit set of cards, a multiset for double packs, counts per rank.
//! - [`rng`]: the pinned, seedable RNG (ChaCha8) and a shuffle written on `next_u64` (rulings G1).
//! - [`seat`]: seats, per-seat containers, rotation that skips players who are out.
//! - [`game`]: the [`Game`] trait, the rules: configuration, legal actions, checked apply,
//!   views, scores; and the traits of its types ([`GameConfig`], [`GameState`], [`GameView`],
//!   [`GameEvent`]).
//! - [`bot`]: the [`Bot`] trait (a bot sees only its seat's view and the legal actions), the
//!   random bot, and the loop that plays a match out.
//! - [`protocol`]: the JSON-lines bot protocol's messages (`docs/protocol.md`).
//! - [`search`]: the [`Search`] hooks a game gives search bots, and Information Set Monte Carlo
//!   Tree Search over any such game.
//! - [`spec`]: bot specs (`kind[:key=value,...]`).
//! - [`catalog`]: the [`Catalog`] trait (names, rules text, examples, words, bot kinds, table
//!   hooks) and [`catalog::make_bot`].
//!
//! The modules are layered, each using only those above it in this list's reverse order:
//! `card`, `set`, `rng`, `seat`, `text`, `face` at the bottom; then `game`, `validate`, `protocol`,
//! `bot`, `search`, `spec`, `catalog`, `climbing`, and `testing` on top (`tests/structure.rs`
//! checks there is no circle).
//! - [`face`]: what a card looks like on a page ([`face::CardFace`]), and the French pack's
//!   faces, the default of [`Catalog::card_faces`].
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
pub mod catalog;
pub mod climbing;
pub mod face;
pub mod game;
pub mod layout;
pub mod protocol;
#[cfg(test)]
pub(crate) mod race;
pub mod rng;
pub mod search;
pub mod seat;
pub mod set;
pub mod spec;
#[cfg(feature = "testing")]
pub mod testing;
pub mod text;
pub mod validate;

pub use bot::{Bot, Decision, RandomBot};
pub use catalog::{Catalog, Example, OptionDoc, Scoring, Words, make_bot};
pub use face::{CardFace, FaceKind};
pub use game::{ConfigError, Game, GameConfig, GameEvent, GameState, GameView};
pub use rng::{GameRng, ParseSeedError, Seed};
pub use search::Search;
pub use seat::{Direction, PerSeat, Seat};
pub use spec::{
    BotKey, BotKind, BotSpec, BotSpecError, BotValue, ExecSpec, IsmctsSetting, IsmctsSpec, OwnSpec,
    Setting, Takes,
};
