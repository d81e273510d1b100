#![doc = include_str!("../README.md")]

mod action;
mod bits;
mod bots;
mod cards;
mod check;
mod error;
mod estimate;
mod event;
pub mod examples;
mod game;
mod legal;
mod meld;
mod planner;
mod rules;
mod search;
mod solver;
mod state;
mod validate;
mod view;

pub use action::{Action, End, ParseActionError};
pub use bots::{Heuristic, Planner};
pub use cards::{Card, FACES, Hand, pack, parse_cards};
pub use error::{ActionError, ConfigError, InvalidState};
pub use event::Event;
pub use legal::MAX_LEGAL_ACTIONS;
pub use legal::canonicalize;
pub use meld::{MAX_MELD, MAX_NEW, Meld, MeldSpec, ParseMeldError, Shape, StandIn, WildOrder};
pub use rules::{Config, ROUNDS, RoundInfo, card_points, default_meld_sizes};
pub use search::REWARD_POINTS_PER_ROUND;
pub use solver::{Plan, Solution, is_meld, plan, solve, solve_brute_force};
pub use state::{Phase, Position, State};
pub use view::View;

/// The game: 3 to 13, a progressive contract rummy.
#[derive(Clone, Copy, Debug, Default)]
pub struct ContractRummy;

impl cards_core::Catalog for ContractRummy {
    const NAME: &'static str = "contract-rummy";

    const TITLE: &'static str = "3 to 13";

    const DESCRIPTION: &'static str = "progressive contract rummy: eleven rounds of 3 to 13 cards, rotating wilds, lowest total wins";

    const PLAYERS: std::ops::RangeInclusive<usize> = 2..=7;

    const ZERO_SUM: bool = false;

    /// No card text of this game reads as a plain number or word.
    const INLINE_CARDS: bool = true;

    /// The search of the game's defaults, with the puzzles of its own hand (going out, a final
    /// turn, an empty stock) solved for hands of up to 30 cards where the search stops at
    /// 20 to 22 (see the crate documentation, "Search bots").
    fn expert_bot(seed: Option<u64>) -> Box<dyn cards_core::Bot<Self>> {
        use cards_core::Search;
        let options = cards_core::search::IsmctsOptions {
            seed: seed.or(Self::expert_options().seed),
            ..Self::expert_options()
        };
        Box::new(search::Expert::new(options))
    }

    /// The 52 suited faces and the joker `Jk`.
    fn card_faces() -> Vec<cards_core::CardFace> {
        view::card_faces()
    }

    fn rules() -> &'static str {
        game::rules()
    }

    fn opening(state: &Self::State) -> Vec<Self::Event> {
        game::opening(state)
    }

    /// The shared screen layout, from the view alone ([`View::screen`]).
    /// A new meld's cards (a wild as `Jk` or its own card, whatever it stands for), the card a
    /// lay-off adds; drawing, passing and ending the turn use none.
    fn action_cards(_state: &Self::State, action: &Self::Action) -> Vec<String> {
        game::action_cards(*action)
    }

    fn parse_action(state: &Self::State, text: &str) -> Result<Self::Action, String> {
        game::parse_action(state, text)
    }

    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    /// `planner`: the [`Planner`] bot, the search's rollout policy on its own (instant; its
    /// strength against the heuristic bot is in the crate docs, "Search bots").
    fn game_bot_kinds() -> &'static [cards_core::BotKind] {
        &[cards_core::BotKind {
            name: PLANNER_KIND,
            about: "goes out whenever the hand can go down in one turn, puts the most points down \
                    in a final turn, otherwise draws",
            keys: &[],
        }]
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        &[PLANNER_KIND]
    }

    fn game_bot(
        spec: &cards_core::OwnSpec,
        _clock: Option<cards_core::search::Clock>,
    ) -> Option<Box<dyn cards_core::Bot<Self>>> {
        (spec.kind().name == PLANNER_KIND)
            .then(|| Box::new(Planner) as Box<dyn cards_core::Bot<Self>>)
    }

    /// Jokers, the rounds played and the meld sizes; scores are penalty points.
    fn words() -> cards_core::Words {
        use cards_core::OptionDoc;
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new("jokers", "Jokers", "How many jokers the pack holds (C1).").range(0, 4),
            OptionDoc::new(
                "first_round",
                "First round",
                "The round the match starts at: round r deals r + 2 cards (C2).",
            )
            .range(1, ROUNDS as i64)
            .sum_at_most("rounds", ROUNDS as i64 + 1),
            OptionDoc::new(
                "rounds",
                "Rounds",
                "How many rounds (deals) the match lasts, from the first round on; rounds end at \
                 round 11 (C2).",
            )
            .range(1, ROUNDS as i64)
            .sum_at_most("first_round", ROUNDS as i64 + 1),
            OptionDoc::new(
                "meld_sizes",
                "Meld sizes",
                "For each round, the sizes a new meld may have: between 3 and the round's hand \
                 size (C5).",
            ),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Penalties,
            scores: "cards left in hand count penalty points (2-10 face value, J Q K 10, Ace and \
                     joker 25); the lowest total wins",
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

impl cards_core::Search for ContractRummy {
    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// The planner's step out when the seat can go out in one turn (see [`Planner`]),
    /// otherwise `None`: the heuristic bot.
    fn rollout_choice(
        state: &State,
        seat: cards_core::Seat,
        legal: &[Action],
        _rng: &mut cards_core::GameRng,
    ) -> Option<usize> {
        search::rollout_choice(state, seat, legal)
    }

    /// Going out now or holding (the planner's step out and `draw`/`done`); in a final turn
    /// and on an empty stock the one step towards the fewest points, solved exactly; otherwise
    /// `draw`. A meld turn lists up to thousands of actions (see "Search bots").
    fn search_candidates(
        state: &State,
        seat: cards_core::Seat,
        legal: &[Action],
        out: &mut Vec<usize>,
    ) -> bool {
        search::search_candidates(state, seat, legal, out)
    }

    /// Linear in the seat's match total: `1 - total / (200 · rounds)`, clamped to `[0, 1]`
    /// (see the crate documentation, "Search bots"), so a search bot minimises its expected
    /// points, which is what the scores measure.
    fn rewards(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::rewards(state)
    }

    /// The rewards with the round in play raced out the planner's way on the determinized
    /// stock: the first seat that can go out pays nothing, the others what their hands leave
    /// (see the crate documentation, "Search bots").
    fn evaluate(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::evaluate(state)
    }

    /// The race estimate at every new node (cut-off 0), progressive widening seeded by the
    /// planner (the rollout policy), `c = 0.1` (see the crate documentation, "Search bots").
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        game::search_defaults()
    }
}

/// The bot kind of [`Planner`] in bot specs (`cards simulate contract-rummy --bots
/// planner,heuristic`).
pub const PLANNER_KIND: &str = "planner";

/// The rules as `cards rules contract-rummy` prints them: the "Rules" section of the crate
/// documentation (`README.md`), the one text of the rules.
const RULES: &str = cards_core::text::markdown_section(README, "## Rules");

/// The crate documentation, `README.md`, whose "Rules" section is [`RULES`].
const README: &str = include_str!("../README.md");
