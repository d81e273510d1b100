#![doc = include_str!("../README.md")]

mod action;
mod bots;
mod cards;
mod error;
mod event;
pub mod examples;
mod game;
mod infer;
mod legal;
mod rules;
mod search;
mod state;
mod validate;
mod view;

/// The worked examples under their old module name; see [`examples`].
pub use examples as worked;

pub use action::{Action, ParseActionError, Play};
pub use bots::Heuristic;
pub use cards::{ACE, Cards, JOKER, KING, ParseCardsError, RANKS, TWO};
pub use error::{ActionError, ConfigError, InvalidState, SetupError};
pub use event::{Event, LeadReason};
pub use infer::HandRecord;
pub use rules::{
    Config, HAND_SIZE, MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, Record, Titles, exchange_count,
    hand_value, highest_naturals, lowest_naturals, pack, records,
};
pub use state::{Deal, Exchange, Position, State, Turn};
pub use view::{ExchangeView, View};

/// Einer ist immer der ...: the engine (a unit struct; the match lives in [`State`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct EinerIstImmer;

impl cards_core::Catalog for EinerIstImmer {
    const NAME: &'static str = "einer-ist-immer";

    const TITLE: &'static str = "Einer ist immer der ...";

    const DESCRIPTION: &'static str =
        "climbing game for 4-10: shed cards first to be Boss; ranks, re-seating and card exchange";

    const PLAYERS: std::ops::RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;

    const ZERO_SUM: bool = true;

    /// The ranks `2` to `A` and the joker `JK`.
    fn card_faces() -> Vec<cards_core::CardFace> {
        view::card_faces()
    }

    /// ISMCTS over worlds weighed by the hand's record ([`cards_core::search::Inferring`],
    /// with the options of its `search` module: 1,000 worlds a decision, 10,000 iterations).
    fn expert_bot(seed: Option<u64>) -> Box<dyn cards_core::Bot<Self>> {
        let mut options = search::expert_inference();
        options.search.seed = seed.or(options.search.seed);
        Box::new(cards_core::search::Inferring::<Self>::new(options).named("expert"))
    }

    fn expert_worlds() -> u32 {
        search::expert_inference().worlds
    }

    fn rules() -> &'static str {
        game::rules()
    }

    fn opening(state: &Self::State) -> Vec<Self::Event> {
        game::opening(state)
    }

    /// A play's natural cards and its jokers (`JK`); a pass uses none.
    fn action_cards(_state: &Self::State, action: &Self::Action) -> Vec<String> {
        view::action_cards(*action)
    }

    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    /// Hands per match and the rank titles; scores are points from +1 (Boss) to -1 (Ass).
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the highest total wins (E9).",
            )
            .range(1, rules::MAX_HANDS as i64),
            OptionDoc::new(
                "titles",
                "Rank titles",
                "The language of the titles from Boss to Ass; the rules do not change.",
            )
            .choices(&[
                ("english", "English (Boss ... Ass)"),
                ("german", "German (Boss ... Arsch)"),
            ]),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each hand scores from +1 for the Boss to -1 for the Ass; the highest total wins",
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

impl cards_core::search::Infer for EinerIstImmer {
    type Record = HandRecord;

    fn note(record: &mut HandRecord, events: &[Event]) {
        record.note(events);
    }

    fn noted(record: &HandRecord) -> &[(cards_core::Seat, Action)] {
        record.actions()
    }

    /// The hand as it stood at its first lead: the world's hands with the cards each seat
    /// played put back, nobody out.
    fn replay_start(world: &State, record: &HandRecord) -> Option<State> {
        record.replay_start(world)
    }
}

impl cards_core::Search for EinerIstImmer {
    /// The `expert` bot's search: the game's search defaults with more iterations (its
    /// `search` module says how many, and why).
    fn expert_options() -> cards_core::search::IsmctsOptions {
        search::expert_options()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// The match totals (E9) mapped linearly into `[0, 1]`: `0.5 + total / (2 · hands)`, so
    /// that search bots maximise their expected score. In a single deal, `(n - 1 - p) / (n - 1)`
    /// for place `p` (1 for the Boss, 0 for the Ass). See the crate docs, "Search bots".
    fn rewards(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::rewards(state)
    }

    /// At a rollout cut-off: the totals so far, the places already taken in the hand in play,
    /// and the remaining places shared out by how many groups each hand still has to get rid
    /// of, mapped as [`cards_core::Search::rewards`]. See the crate docs, "Search bots".
    fn evaluate(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::evaluate(state)
    }

    /// The tuned search options; see the crate docs, "Search bots".
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        game::search_defaults()
    }
}

/// The rules as `cards rules einer-ist-immer` prints them: the "Rules" section of the crate
/// documentation (`README.md`), the one text of the rules.
pub const RULES: &str = cards_core::text::markdown_section(README, "## Rules");

/// The crate documentation, `README.md`, whose "Rules" section is [`RULES`].
const README: &str = include_str!("../README.md");
