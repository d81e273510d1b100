#![doc = include_str!("../README.md")]

mod action;
mod bots;
mod cards;
mod error;
mod event;
pub mod examples;
mod game;
mod infer;
mod play;
mod round;
mod rules;
mod search;
mod state;
mod validate;
mod view;

pub use action::{Action, ParseActionError, Play};
pub use bots::Heuristic;
pub use cards::{
    ACard, BIG_A, Cards, JOKER, JOKERS_ONLY_RANK, LITTLE_A, ParseCardsError, a_round_rank,
    hand_penalty, pile_penalty,
};
pub use error::{ActionError, ConfigError, InvalidState, SetupError};
pub use event::{BySeat, Event, Take};
/// The worked examples' former path (0.2): the module [`examples`].
pub use examples as example;
pub use infer::HandRecord;
pub use round::RoundKind;
pub use rules::{Config, FirstA};
pub use search::PENALTY_SCALE;
pub use state::{Position, State};
pub use view::{APlace, ASight, View};

/// Das Grosse und das kleine A, as a [`cards_core::Game`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct GrosseKleineA;

/// The rules as `cards rules grosse-kleine-a` prints them: the "Rules" section of the crate
/// documentation (`README.md`), the one text of the rules.
pub const RULES: &str = cards_core::text::markdown_section(README, "## Rules");

impl cards_core::Catalog for GrosseKleineA {
    const NAME: &'static str = "grosse-kleine-a";

    const TITLE: &'static str = "Das Grosse und das kleine A";

    const DESCRIPTION: &'static str =
        "Wolfgang Kramer's climbing game: shed your cards, dodge the Big A and the little a";

    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=9;

    const ZERO_SUM: bool = false;

    /// The numbers, the joker, the little a and the Big A.
    fn card_faces() -> Vec<cards_core::CardFace> {
        view::card_faces()
    }

    /// ISMCTS over worlds weighed by the hand's record ([`cards_core::search::Inferring`],
    /// with the options of its `search` module: 1,000 worlds a decision, 8,000 iterations).
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

    /// A play's number cards and jokers (`J`), the little a (`a`) or the Big A (`A`) led; a
    /// pass uses none.
    fn action_cards(_state: &Self::State, action: &Self::Action) -> Vec<String> {
        game::action_cards(*action)
    }

    fn examples() -> Vec<cards_core::Example> {
        examples::examples()
    }

    /// Hands per match and which A card round 1's winner takes; scores are penalty points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "hands",
                "Hands per match",
                "How many hands the match lasts; the lowest total of penalty points wins (A10).",
            )
            .range(1, rules::MAX_HANDS as i64),
            OptionDoc::new(
                "first_a",
                "A card of round 1",
                "Which A card the winner of round 1 takes into hand; round 2's winner takes the \
                 other (A5).",
            )
            .choices(&[
                ("LittleAFirst", "little a first (this text)"),
                ("BigAFirst", "Big A first (another translation)"),
            ]),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Penalties,
            scores: "cards left in hand and little-a piles count penalty points; the lowest \
                     total wins",
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

impl cards_core::search::Infer for GrosseKleineA {
    type Record = HandRecord;

    fn note(record: &mut HandRecord, events: &[Event]) {
        record.note(events);
    }

    fn noted(record: &HandRecord) -> &[(cards_core::Seat, Action)] {
        record.actions()
    }

    /// The hand as dealt: the world's hands with the cards each seat played put back and the
    /// cards it received (A cards, Big A tricks) taken out.
    fn replay_start(world: &State, record: &HandRecord) -> Option<State> {
        record.replay_start(world)
    }
}

impl cards_core::Search for GrosseKleineA {
    /// The `expert` bot's search: the game's search defaults with more iterations (its
    /// `search` module says how many, and why).
    fn expert_options() -> cards_core::search::IsmctsOptions {
        search::expert_options()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// Linear in the seat's own penalty total: `1 - total / (100 · hands finished)`, clamped to
    /// `[0, 1]` (a single deal: `1 - penalty / 100`). A bot maximising its expected reward
    /// minimises its expected penalty, which is what `scores` (minus the totals) measures; the
    /// other seats' penalties do not enter, since the game is not zero-sum. See the crate docs,
    /// "Search bots".
    fn rewards(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::rewards(state)
    }

    /// The rewards as if the hand in progress ended now: each seat pays for the cards in its
    /// hand and its penalty pile (A9) on top of its total, scaled as [`cards_core::Search::rewards`] with the
    /// hand in progress counted. A pessimistic but cheap estimate, used only with a rollout
    /// cut-off.
    fn evaluate(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::evaluate(state)
    }

    /// Tuned for this game (crate docs, "Search bots").
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        game::search_defaults()
    }
}

/// The crate documentation, `README.md`, whose "Rules" section is [`RULES`].
const README: &str = include_str!("../README.md");
