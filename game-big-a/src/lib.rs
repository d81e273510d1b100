#![doc = include_str!("../README.md")]

mod action;
mod bots;
mod draw;
mod error;
mod event;
mod examples;
mod few;
mod game;
mod hand;
mod play;
mod rules;
mod scoring;
mod search;
mod state;
mod text;
mod trick;
mod validate;
mod view;

pub use action::{Action, Play};
pub use bots::HeuristicBot;
pub use error::{ActionError, ConfigError, InvalidState, ParseActionError, SetupError};
pub use event::{Event, ExposeKind, Exposure};
pub use hand::Hand;
pub use rules::{
    ACE, ASKED_DRAWS, CHAIN, Combo, Config, Counts, FOUR, FirstDrawer, MAX_REDEALS, NoBeat, PACK,
    PLAYERS, RANK_SYMBOLS, RANKS, beats, chain_pos, chain_rank, fours_combo, may_capture,
    rank_index, rank_of_index, run_shapes,
};
pub use scoring::{ALONE, EXPOSED, NORMAL, Row, deal_scores, team_row};
pub use search::REWARD_SCALE;
pub use search::determinize;
pub use state::{Phase, PlaySetup, State, full_pack};
pub use view::View;

/// Big A (打大A), the [`Game`](cards_core::Game).
#[derive(Clone, Copy, Debug, Default)]
pub struct BigA;

impl cards_core::Catalog for BigA {
    const NAME: &'static str = "big-a";

    const TITLE: &'static str = "Big A (打大A)";

    const DESCRIPTION: &'static str =
        "five-player climbing game with two packs, bombs, Fours captures and a hidden partner";

    const PLAYERS: std::ops::RangeInclusive<usize> = 5..=5;

    const ZERO_SUM: bool = true;

    /// No card text of this game reads as a plain number or word.
    const INLINE_CARDS: bool = true;

    /// The French pack and the marked Big Aces (`Ac*`).
    fn card_faces() -> Vec<cards_core::CardFace> {
        view::card_faces()
    }

    fn rules() -> &'static str {
        game::rules()
    }

    /// A play's cards are the copies the engine takes (a Big Ace written `Ac*` as the screen
    /// hand writes it); a capture's are its Fours; an exposure's its Ace or pair of Aces; a
    /// pass uses none.
    fn action_cards(state: &Self::State, action: &Self::Action) -> Vec<String> {
        game::action_cards(state, *action)
    }

    /// In card play, plays name ranks and not suits: a card's key is its rank (`2` for `2c`),
    /// `BA` for a Big Ace, the joker itself for a joker. Exposures name the Ace's suit, so
    /// while drawing and at the pick-up a card is its own key.
    fn card_key(state: &Self::State, card: &str) -> String {
        game::card_key(state, card)
    }

    /// A fresh match's first deal: the hand starts and the first drawer draws the first card,
    /// the same events every later hand's start emits. Nothing for a state that is not fresh.
    fn opening(state: &Self::State) -> Vec<Self::Event> {
        game::opening(state)
    }

    fn examples() -> Vec<cards_core::Example> {
        examples::examples()
    }

    /// Hands per match, who draws first later and the extra bombs; scores are points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the highest total wins (B11).",
            )
            .range(1, Config::MAX_HANDS as i64),
            OptionDoc::new(
                "first_drawer",
                "First to draw later",
                "Who draws the first card in every hand after the first (B3).",
            )
            .choices(&[
                ("FirstOut", "who ran out first last hand"),
                ("Declarer", "last hand's declarer"),
                ("Rotate", "passes anticlockwise each hand"),
            ]),
            OptionDoc::new(
                "extra_bombs",
                "Extra bombs",
                "Adds the Variations' bombs: sequences of 4 and 5 triplets, the false ten, twelve \
                 and fourteen, and the True Eight above Three Jokers.",
            ),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each hand's points come from the score tables (the declarer's side against \
                     the rest); the highest total wins",
        }
    }

    /// The refusal as the catalogue tells it ([`ActionError::message`](crate::ActionError::message)).
    fn refusal(error: &Self::ActionError) -> Option<cards_core::text::Message> {
        Some(error.message())
    }

    /// The refused configuration as the catalogue tells it
    /// ([`ConfigError::message`](crate::ConfigError::message)).
    fn config_refusal(error: &crate::ConfigError) -> Option<cards_core::text::Message> {
        Some(error.message())
    }
}

impl cards_core::Search for BigA {
    /// The `expert` bot's search: the game's search defaults with more iterations (its
    /// `search` module says how many, and why).
    fn expert_options() -> cards_core::search::IsmctsOptions {
        search::expert_options()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::HeuristicBot)
    }

    /// [`HeuristicBot`]'s choice, read from the state without building a view.
    fn rollout_choice(
        state: &State,
        seat: cards_core::Seat,
        legal: &[Action],
        _rng: &mut cards_core::GameRng,
    ) -> Option<usize> {
        Some(search::rollout_choice(state, seat, legal))
    }

    /// Rewards linear in the match totals, `0.5 + total / (2 · 64 · hands)` clamped to `[0, 1]`
    /// (64 is the largest score of one hand), so that a search bot maximises its expected
    /// score, the objective `simulate` measures (see the crate docs, "Search bots").
    fn rewards(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::rewards(state)
    }

    /// Before card play the rest of the draw is passed through (the cards are in the stock of
    /// a determinized state); at card play the seats still holding cards are placed by an
    /// estimate of how far each is from going out, and the hand is scored from the tables
    /// (see the crate docs, "Search bots").
    fn evaluate(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::evaluate(state)
    }

    /// Heuristic rollouts cut off after 14 actions, `c = 0.25` (see the crate docs, "Search
    /// bots").
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        game::search_defaults()
    }
}

/// The crate documentation, `README.md`, whose "Rules" section is what
/// `cards rules big-a` prints.
const README: &str = include_str!("../README.md");
