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

use crate::rng::{GameRng, Seed};
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

    /// Starts a match dealt from `seed`: every card of the match follows from it (rulings G1).
    /// A [`Seed::Short`] deals exactly the match [`Game::new`] deals from its number; a
    /// [`Seed::Key`] deals from all 256 bits. `G::State::new_seeded(&config, seed)`.
    ///
    /// Every game implements it. (It sits here rather than in [`Game`], beside `new`, to keep
    /// `Game` the rules in 15 items.)
    ///
    /// # Errors
    /// When the configuration is invalid.
    fn new_seeded(
        config: &Self::Config,
        seed: Seed,
    ) -> Result<Self, <Self::Config as GameConfig>::Error>
    where
        Self::Config: GameConfig;

    /// Every physical card of the pack where it is now (hands, table, piles, stock, out of
    /// play), by notation, in any order. Cards are conserved: this equals
    /// [`GameConfig::pack`] (rulings G4).
    fn census(&self) -> Vec<String>;

    /// A full state that agrees with everything `seat` knows, the cards it cannot see dealt
    /// at random from `rng`: what a bot may search over ([`crate::Decision::determinize`]).
    #[must_use]
    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> Self;

    /// The number of deals of this match whose play has ended and been scored: 0 at the start,
    /// 1 at the end of a match of one deal ([`GameConfig::single_deal`]), the number of deals
    /// played at the match's end. It never decreases and grows by at most 1 per action, on the
    /// action that ends a deal's play, so a front end learns that a deal ended from the engine,
    /// not from narration. A deal that is thrown in and dealt again (a redeal) is not one.
    ///
    /// Every game implements it; [`GameEvent::ends_deal`] marks the event of that action that
    /// ends the deal.
    fn deals_finished(&self) -> u32;

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

    /// The same screen as catalogue messages ([`crate::text::Message`]), for a front end that
    /// tells it in the reader's language; `None` (the default) where the game is told in
    /// English only. Formatted in English, it reads as [`GameView::screen`].
    fn screen_messages(&self) -> Option<Screen<crate::text::Message>> {
        None
    }

    /// What lies on the table, by seat, for a front end that lays the cards out where they lie
    /// ([`crate::layout::Layout`]): public facts only, the same in every seat's view of one
    /// state. The default is an empty layout (a front end then shows the screen's lines).
    fn layout(&self) -> crate::layout::Layout {
        crate::layout::Layout::default()
    }

    /// The view's text (its `Display`) given its screen, built already
    /// ([`GameView::screen`]): a front end that shows both builds the screen once. The
    /// default writes the view afresh; a game whose text is its screen's says so here.
    fn screen_text(&self, screen: &Screen) -> String {
        let _ = screen;
        self.to_string()
    }
}

/// What happened, for narration and logs. Its `Display` is one line of narration.
pub trait GameEvent: Clone + Debug + PartialEq + Serialize + Display + Send + Sized {
    /// The part of this event that `seat` may see, `None` when it sees nothing of it.
    fn redact(&self, seat: Seat) -> Option<Self>;

    /// Whether this event ends a deal (its scoring): the last event of the deal, so that a
    /// front end can tell a deal's events from the next deal's opening, which the same action
    /// may bring. Exactly one event of the action that raises [`GameState::deals_finished`]
    /// ends a deal, in every seat's redaction, and no other event does.
    fn ends_deal(&self) -> bool;

    /// This event's narration as a catalogue message ([`crate::text::Message`]), for a front
    /// end that tells it in the reader's language; `None` (the default) where the game is told
    /// in English only. Formatted in English, it reads as the event's `Display`.
    fn message(&self) -> Option<crate::text::Message> {
        None
    }
}

/// A rules engine.
///
/// A `State` is a whole **match**: a sequence of deals run by the engine, with whatever passes
/// between them (dealer, totals, ranks). A match of one deal ([`GameConfig::single_deal`]) is
/// the unit bots, simulations and the conformance harness drive. Chance is fixed when a deal is
/// built, so every decision point belongs to one player and [`Game::to_move`] names exactly one
/// seat or none at the end.
///
/// Every card of a match follows from its [`Seed`] (rulings G1): each deal is shuffled from
/// `seed.derive(index).rng()` or from seeds derived further ([`Seed::derive`], [`Seed::rng`]).
/// A 64-bit seed ([`Game::new`], [`Seed::Short`]) deals as matches always dealt; a 256-bit key
/// ([`Seed::Key`], [`GameState::new_seeded`]) deals a match nobody can find by trying seeds,
/// for play with stakes.
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

    /// Starts a match dealt from a 64-bit seed: the same match as
    /// [`GameState::new_seeded`]`(config, Seed::Short(seed))`, which is how games implement it.
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
