//! The [`Game`] trait every rules engine implements, and the traits of its types:
//! [`GameConfig`], [`GameState`], [`GameView`] and [`GameEvent`].
//!
//! `Game` is the rules and nothing else. What search bots need of a game is
//! [`crate::search::Search`], beside the search; its names, rules text, worked examples, bot
//! kinds and table words are [`crate::catalog::Catalog`]. This module uses neither.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::rng::GameRng;
use crate::seat::{PerSeat, Seat};
use crate::text::Screen;

/// The table-level facts of a configuration: the player count, the default rules for a count,
/// the same rules for a single deal, the pack and a bound on a match's length.
pub trait GameConfig:
    Clone + Debug + Default + PartialEq + Serialize + DeserializeOwned + Send + Sync
{
    /// Why a configuration is refused.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The default rules for `players` players.
    ///
    /// # Errors
    /// When the game cannot be played by that many players.
    fn for_players(players: usize) -> Result<Self, Self::Error>;

    /// The number of players.
    fn players(&self) -> usize;

    /// The same rules, with a match of a single deal.
    #[must_use]
    fn single_deal(&self) -> Self;

    /// Every physical card of the game's pack, by notation.
    fn pack(&self) -> Vec<String>;

    /// An upper bound on the number of actions in a match of this configuration.
    fn max_actions(&self) -> usize;
}

/// Why a configuration of `G` is refused.
pub type ConfigError<G> = <<G as Game>::Config as GameConfig>::Error;

/// A match state: the configuration it was started with, where every card is, what a seat
/// cannot know.
pub trait GameState:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync
{
    /// The game's configuration.
    type Config;

    /// The configuration the match was started with.
    fn config(&self) -> &Self::Config;

    /// Every physical card of the pack where it is now (hands, table, piles, stock, out of
    /// play), by notation, in any order. Cards are conserved: this equals
    /// [`GameConfig::pack`] (rulings G4).
    fn census(&self) -> Vec<String>;

    /// A full state that agrees with everything `seat` knows, the cards it cannot see dealt
    /// at random from `rng`: what a bot may search over ([`crate::Decision::determinize`]).
    #[must_use]
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// The kind of decision the seat to move faces: one lowercase word such as `auction`,
    /// `discard` or `play`, public to every seat, for reports that group decisions (the think
    /// times of `cards simulate`). Games with one kind of decision keep the default, `play`.
    fn phase(&self) -> &'static str {
        "play"
    }
}

/// What one seat may see. Its `Display` is what the CLI shows a player.
pub trait GameView: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display {
    /// The screen this view's seat sees, in the layout every game shares ([`Screen`]). Built
    /// from the view alone, so it shows only what that seat may know.
    fn screen(&self) -> Screen;
}

/// What happened, for narration and logs. Its `Display` is one line of narration.
pub trait GameEvent: Clone + Debug + PartialEq + Serialize + Display + Send + Sized {
    /// The part of this event that `seat` may see, `None` when it sees nothing of it.
    fn redact(&self, seat: Seat) -> Option<Self>;
}

/// A rules engine.
///
/// A `State` is a whole **match**: a sequence of deals run by the engine, with whatever passes
/// between them (dealer, totals, ranks). A match of one deal ([`GameConfig::single_deal`]) is
/// the unit bots, simulations and the conformance harness drive. Chance is fixed when a deal is
/// built (from the match seed, see [`crate::rng::derive_seed`]), so every decision point belongs
/// to one player and [`Game::to_move`] names exactly one seat or none at the end.
///
/// Out-of-turn rights are sequentialised into a fixed public order of single-seat decisions,
/// with forced single options where a seat has no real choice (rulings G3).
///
/// Implementors provide the required methods; [`Game::apply`] and [`Game::legal_actions`] are
/// built on them: a refused action leaves the state unchanged (rulings G2).
pub trait Game: Sized + 'static {
    /// Rule options and player count; `Default` is the seed text's rules.
    type Config: GameConfig;
    /// The full state of a match (hidden information included).
    type State: GameState<Config = Self::Config>;
    /// One decision. Sorted lists, notation that round-trips through `Display`/`FromStr`.
    type Action: Clone
        + Debug
        + Eq
        + Ord
        + Hash
        + Display
        + FromStr<Err: Display>
        + Serialize
        + DeserializeOwned
        + Send
        + Sync;
    /// What one seat may see.
    type View: GameView;
    /// What happened, for narration and logs.
    type Event: GameEvent;
    /// Why an action is refused (it names the broken rule).
    type ActionError: std::error::Error + Send + Sync + 'static;

    /// Starts a match.
    ///
    /// # Errors
    /// When the configuration is invalid.
    fn new(config: &Self::Config, seed: u64) -> Result<Self::State, ConfigError<Self>>;

    /// The seat that decides now, or `None` when the match is over.
    fn to_move(state: &Self::State) -> Option<Seat>;

    /// Writes the legal actions into `out` (cleared first): complete, sorted, no duplicates.
    /// Empty exactly when the match is over.
    fn legal_actions_into(state: &Self::State, out: &mut Vec<Self::Action>);

    /// The legal actions, as a new vector.
    fn legal_actions(state: &Self::State) -> Vec<Self::Action> {
        let mut out = Vec::new();
        Self::legal_actions_into(state, &mut out);
        out
    }

    /// Why `action` is illegal now, or `Ok` when it is legal.
    ///
    /// # Errors
    /// The broken rule.
    fn check(state: &Self::State, action: &Self::Action) -> Result<(), Self::ActionError>;

    /// Applies an action that [`Game::check`] accepted, pushing what happened onto `events`.
    /// Behaviour for an illegal action is unspecified (but never undefined).
    fn apply_unchecked(
        state: &mut Self::State,
        action: &Self::Action,
        events: &mut Vec<Self::Event>,
    );

    /// Checks and applies an action; a refused action leaves the state unchanged.
    ///
    /// # Errors
    /// The broken rule, from [`Game::check`].
    fn apply(
        state: &mut Self::State,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::ActionError> {
        Self::check(state, action)?;
        let mut events = Vec::new();
        Self::apply_unchecked(state, action, &mut events);
        Ok(events)
    }

    /// What `seat` may see.
    fn view(state: &Self::State, seat: Seat) -> Self::View;

    /// The match scores so far, one per seat, higher is better (penalties are negative).
    fn scores(state: &Self::State) -> PerSeat<f64>;
}
