//! The [`Game`] trait every rules engine implements, and what goes with it.

use std::fmt::{Debug, Display};
use std::hash::Hash;
use std::ops::RangeInclusive;
use std::str::FromStr;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::bot::Bot;
use crate::rng::GameRng;
use crate::seat::{PerSeat, Seat};

/// A worked example of a rule text, replayed and narrated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Example {
    /// Short name, as used on the command line (`cards example GAME NAME`).
    pub name: &'static str,
    /// One-line title.
    pub title: &'static str,
    /// The narrated transcript (what the snapshot tests pin).
    pub transcript: String,
}

/// What a game offers beside its engine: the rule text's worked examples and the heuristic
/// bot. A game crate implements it in its crate root, beside the modules it registers, so that
/// the engine ([`Game`], in the game's own module) never names its bots or examples and they
/// depend on the engine, not the reverse. Every [`Game`] is a `Catalog` (a supertrait), so
/// generic code reaches these through `G: Game`; code that names a concrete game imports
/// `Catalog` to call them.
pub trait Catalog {
    /// The rule text's worked examples, replayed and narrated.
    fn examples() -> Vec<Example>
    where
        Self: Game;

    /// The game's heuristic bot.
    fn heuristic_bot() -> Box<dyn Bot<Self>>
    where
        Self: Game;

    /// The heuristic rollout policy of search bots, answered from the state: the index in
    /// `legal` of the action the game's heuristic plays for `seat`, or `None` (the default) to
    /// ask [`Catalog::heuristic_bot`] through a [`crate::Decision`]. A rollout plays out a
    /// determinized world, so reading the state here reveals nothing true; a game overrides this
    /// to skip building a view at every rollout step.
    fn rollout_choice(
        _state: &<Self as Game>::State,
        _seat: Seat,
        _legal: &[<Self as Game>::Action],
        _rng: &mut GameRng,
    ) -> Option<usize>
    where
        Self: Game,
    {
        None
    }

    /// The actions a search bot considers at `state`, where the game's legal list is too long
    /// to search whole (thousands of melds in a rummy turn): fills `out` with indices into
    /// `legal` and returns `true`, or returns `false` (the default) to search every legal action.
    /// [`crate::search::Ismcts`] asks at the root and at every node of its tree (not in
    /// rollouts, which follow their own policy) and does not search a decision with one
    /// candidate. Like [`Catalog::rollout_choice`] it is asked on determinized worlds, so it
    /// must depend only on what `seat` knows for the search to stay fair.
    fn search_candidates(
        _state: &<Self as Game>::State,
        _seat: Seat,
        _legal: &[<Self as Game>::Action],
        _out: &mut Vec<usize>,
    ) -> bool
    where
        Self: Game,
    {
        false
    }

    /// Bot kinds of this game's own beside the generic ones (`random`, `heuristic`, `ismcts`):
    /// each kind's name and a one-line description for `--help` and error messages. None by
    /// default.
    fn game_bot_kinds() -> &'static [(&'static str, &'static str)]
    where
        Self: Game,
    {
        &[]
    }

    /// Specs of this game's own bot kinds, at budgets small enough for the conformance
    /// harness's no-cheating check (`testing::Check::NoCheating`, with the `testing` feature),
    /// which runs them beside `testing::NO_CHEATING_BOTS` at the states where it runs the
    /// search bot.
    /// Each of [`Catalog::game_bot_kinds`] should appear here; none by default.
    fn game_bot_check_specs() -> &'static [&'static str]
    where
        Self: Game,
    {
        &[]
    }

    /// Builds a bot of one of [`Catalog::game_bot_kinds`] from its spec (with the clock a
    /// time budget needs); `None` when the kind is not one of the game's own.
    fn game_bot(
        _spec: &crate::bot::BotSpec,
        _clock: Option<crate::search::Clock>,
    ) -> Option<Result<Box<dyn Bot<Self>>, crate::bot::BotSpecError>>
    where
        Self: Game,
    {
        None
    }

    /// Words for players: what each rule option means (its label and a one-line explanation,
    /// for `cards rules` and the lobby of `cards serve`) and how the scores read. A game lists
    /// an [`OptionDoc`] for every field of its configuration except the player count. Empty
    /// by default.
    fn words() -> Words
    where
        Self: Game,
    {
        Words::NONE
    }
}

/// What one rule option (a field of a game's configuration) means, in a player's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionDoc {
    /// The configuration field, by its serde name, e.g. `hands`.
    pub key: &'static str,
    /// A short label, e.g. `Hands per match`.
    pub label: &'static str,
    /// One line: what the option changes.
    pub explain: &'static str,
    /// For a whole number, the least and the most the game takes.
    pub range: Option<(i64, i64)>,
    /// For a whole number bounded together with another: `(other, n)` when this value and the
    /// other's add up to at most `n` (e.g. the first round and the number of rounds).
    pub sum_at_most: Option<(&'static str, i64)>,
    /// For a choice among names, each value (its serde name) with a label.
    pub choices: &'static [(&'static str, &'static str)],
}

impl OptionDoc {
    /// An option with a label and an explanation, and nothing more known.
    pub const fn new(key: &'static str, label: &'static str, explain: &'static str) -> Self {
        OptionDoc {
            key,
            label,
            explain,
            range: None,
            sum_at_most: None,
            choices: &[],
        }
    }

    /// The same, a whole number from `min` to `max`.
    pub const fn range(self, min: i64, max: i64) -> Self {
        OptionDoc {
            range: Some((min, max)),
            ..self
        }
    }

    /// The same, with this value and `other`'s adding up to at most `n`.
    pub const fn sum_at_most(self, other: &'static str, n: i64) -> Self {
        OptionDoc {
            sum_at_most: Some((other, n)),
            ..self
        }
    }

    /// The same, a choice among these values (serde name, label).
    pub const fn choices(self, choices: &'static [(&'static str, &'static str)]) -> Self {
        OptionDoc { choices, ..self }
    }
}

/// How a game's scores ([`Game::scores`], higher is better) read to a player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Scoring {
    /// Points: the scores as they are, higher is better.
    #[default]
    Points,
    /// Penalty points: the scores are their negatives, and lower is better.
    Penalties,
}

/// A game's words for players ([`Catalog::words`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Words {
    /// One entry per rule option, in the configuration's order.
    pub options: &'static [OptionDoc],
    /// How the scores read.
    pub scoring: Scoring,
    /// One line on what a deal scores, e.g. `each card left in hand costs its penalty points`.
    pub scores: &'static str,
}

impl Words {
    /// No words: the default of [`Catalog::words`].
    pub const NONE: Words = Words {
        options: &[],
        scoring: Scoring::Points,
        scores: "",
    };
}

/// The table-level facts of a configuration that [`Game`]'s provided methods read, so that no
/// game writes the same delegations again: the player count, the default rules for a count,
/// and the same rules for a single deal.
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
}

/// A match state that carries the configuration it was started with.
pub trait GameState:
    Clone + Debug + PartialEq + Serialize + DeserializeOwned + Send + Sync
{
    /// The game's configuration.
    type Config;

    /// The configuration the match was started with.
    fn config(&self) -> &Self::Config;
}

/// A rules engine.
///
/// A `State` is a whole **match**: a sequence of deals run by the engine, with whatever passes
/// between them (dealer, totals, ranks). A match of one deal ([`Game::single_deal`]) is the unit
/// bots, simulations and the conformance harness drive. Chance is fixed when a deal is built
/// (from the match seed, see [`crate::rng::derive_seed`]), so every decision point belongs to one
/// player and [`Game::to_move`] names exactly one seat or none at the end.
///
/// Out-of-turn rights are sequentialised into a fixed public order of single-seat decisions,
/// with forced single options where a seat has no real choice (rulings G3).
///
/// Implementors provide the required methods; [`Game::apply`] and [`Game::legal_actions`] are
/// built on them: a refused action leaves the state unchanged (rulings G2).
pub trait Game: Catalog + Sized + 'static {
    /// Rule options and player count; `Default` is the seed text's rules.
    type Config: GameConfig<Error = Self::ConfigError>;
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
    /// What one seat may see. Its `Display` is what the CLI shows a player.
    type View: Clone + Debug + PartialEq + Serialize + DeserializeOwned + Display;
    /// What happened, for narration and logs. Its `Display` is one line of narration.
    type Event: Clone + Debug + PartialEq + Serialize + Display + Send;
    /// Why a configuration is refused.
    type ConfigError: std::error::Error + Send + Sync + 'static;
    /// Why an action is refused (it names the broken rule).
    type ActionError: std::error::Error + Send + Sync + 'static;

    /// The name on the command line, e.g. `grosse-kleine-a`.
    const NAME: &'static str;
    /// The game's title, e.g. `Das Grosse und das kleine A`.
    const TITLE: &'static str;
    /// A one-line description.
    const DESCRIPTION: &'static str;
    /// The player counts the game allows.
    const PLAYERS: RangeInclusive<usize>;
    /// Whether the scores of every finished match add up to zero.
    const ZERO_SUM: bool;

    /// The rules summary and the rulings the engine applies (for `cards rules`).
    fn rules() -> &'static str;

    /// The default configuration for `players` players ([`GameConfig::for_players`]).
    ///
    /// # Errors
    /// When the game cannot be played by that many players.
    fn config_for_players(players: usize) -> Result<Self::Config, Self::ConfigError> {
        Self::Config::for_players(players)
    }

    /// The same rules, with a match of a single deal ([`GameConfig::single_deal`]).
    fn single_deal(config: &Self::Config) -> Self::Config {
        config.single_deal()
    }

    /// The number of players of a configuration ([`GameConfig::players`]).
    fn players(config: &Self::Config) -> usize {
        config.players()
    }

    /// Starts a match.
    ///
    /// # Errors
    /// When the configuration is invalid.
    fn new(config: &Self::Config, seed: u64) -> Result<Self::State, Self::ConfigError>;

    /// The configuration a match was started with ([`GameState::config`]).
    fn config(state: &Self::State) -> &Self::Config {
        state.config()
    }

    /// The seat that decides now, or `None` when the match is over.
    fn to_move(state: &Self::State) -> Option<Seat>;

    /// Writes the legal actions into `out` (cleared first): complete, sorted, no duplicates.
    /// Empty exactly when the match is over.
    fn legal_actions_into(state: &Self::State, out: &mut Vec<Self::Action>);

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

    /// What `seat` may see.
    fn view(state: &Self::State, seat: Seat) -> Self::View;

    /// The part of an event that `seat` may see, `None` when it sees nothing of it.
    fn redact(event: &Self::Event, seat: Seat) -> Option<Self::Event>;

    /// A full state that agrees with everything `seat` knows, the unseen cards dealt at random.
    fn determinize(state: &Self::State, seat: Seat, rng: &mut GameRng) -> Self::State;

    /// The match scores so far, one per seat, higher is better (penalties are negative).
    fn scores(state: &Self::State) -> PerSeat<f64>;

    /// Every physical card of the pack where it is now (hands, table, piles, stock, out of play),
    /// by notation, in any order. Cards are conserved: this equals [`Game::pack`] (rulings G4).
    fn census(state: &Self::State) -> Vec<String>;

    /// Every physical card of the game's pack, by notation.
    fn pack(config: &Self::Config) -> Vec<String>;

    /// An upper bound on the number of actions in a match of this configuration.
    fn max_actions(config: &Self::Config) -> usize;

    /// The kind of decision the seat to move faces in `state`: one lowercase word such as
    /// `auction`, `discard` or `play`, public to every seat, for reports that group decisions
    /// (the think times of `cards simulate`). Games with one kind of decision keep the
    /// default, `play`.
    fn phase(_state: &Self::State) -> &'static str {
        "play"
    }

    /// The narration of the match's opening for a state made by [`Game::new`] and not yet played
    /// (the first deal dealt, who leads), the same events a later deal's start emits, so that
    /// the first deal is narrated like every later one. `new` returns a state only; callers that
    /// narrate (the CLI's play and replay) ask here. The default is none; a state that is not a
    /// fresh match gives none.
    fn opening(_state: &Self::State) -> Vec<Self::Event> {
        Vec::new()
    }

    /// The screen `view`'s seat sees, in the layout every game shares
    /// ([`crate::text::Screen`]). Built from the view alone, so it shows only what that seat
    /// may know. The default shows the view's `Display` as the table under the game's title,
    /// from seat `S0`; every game of this workspace overrides it.
    fn screen(view: &Self::View) -> crate::text::Screen {
        crate::text::Screen {
            heading: Self::TITLE.to_string(),
            viewer: Seat(0),
            to_move: None,
            table: view.to_string().lines().map(str::to_string).collect(),
            seats: Vec::new(),
            hand: Vec::new(),
            private: Vec::new(),
        }
    }

    /// The cards from the mover's hand that `action` puts on the table, discards, exchanges or
    /// exposes, each written as the mover's screen hand writes it (the entries of
    /// [`crate::text::Screen::hand`] in `Self::screen(&Self::view(state, seat))`), so that a
    /// page can offer the action to a player who selects exactly those cards. Empty for an
    /// action that uses no card of the hand (a pass, a bid, a draw, ending a turn), which is
    /// the default. Where the notation leaves open which of several copies the action takes,
    /// these are the copies the engine takes; [`Game::card_key`] says which hand cards are
    /// interchangeable. Asked for legal actions of the seat to move; the conformance harness
    /// (`testing::Check::ActionCards`) checks the cards are in that seat's screen hand and are
    /// the cards the action takes from it.
    fn action_cards(_state: &Self::State, _action: &Self::Action) -> Vec<String> {
        Vec::new()
    }

    /// The class of a card of the mover's screen hand (as [`Game::action_cards`] writes it) for
    /// choosing actions by their cards: two hand cards with the same key are interchangeable in
    /// every legal action now, so a selection matches an action when their cards' keys agree as
    /// multisets. The default is the card itself; a game whose actions name ranks and not suits
    /// gives the rank.
    fn card_key(_state: &Self::State, card: &str) -> String {
        card.to_owned()
    }

    /// Reads an action in the game's notation. The default uses `FromStr`; a game whose notation
    /// depends on the position may override it.
    ///
    /// # Errors
    /// A message that says what is wrong with the text.
    fn parse_action(_state: &Self::State, text: &str) -> Result<Self::Action, String> {
        text.trim().parse().map_err(|e| format!("{e}"))
    }

    /// The legal actions, as a new vector.
    fn legal_actions(state: &Self::State) -> Vec<Self::Action> {
        let mut out = Vec::new();
        Self::legal_actions_into(state, &mut out);
        out
    }

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

    /// Each seat's reward for search bots ([`crate::search`]), in `[0, 1]`, higher is better:
    /// what the bots play for. Called on finished matches, and by the default
    /// [`Game::evaluate`] on unfinished ones (scores so far). The default spreads the scores
    /// between the lowest (0) and the highest (1) ([`crate::search::spread_rewards`]); each game
    /// documents its own.
    fn rewards(state: &Self::State) -> PerSeat<f64> {
        crate::search::spread_rewards(&Self::scores(state))
    }

    /// A search bot's estimate of each seat's reward (as [`Game::rewards`]) in a state whose
    /// match is not over, where a rollout is cut short. The default is [`Game::rewards`] of the
    /// state as it stands.
    fn evaluate(state: &Self::State) -> PerSeat<f64> {
        Self::rewards(state)
    }

    /// The options of a search bot of this game when a bot spec sets none: rollout policy,
    /// cut-off, widening and exploration tuned for the game. The default is
    /// [`crate::search::IsmctsOptions::default`].
    fn search_defaults() -> crate::search::IsmctsOptions {
        crate::search::IsmctsOptions::default()
    }

    /// Whether the match is over.
    fn is_over(state: &Self::State) -> bool {
        Self::to_move(state).is_none()
    }
}
