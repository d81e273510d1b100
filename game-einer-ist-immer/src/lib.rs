#![doc = include_str!("../README.md")]

mod action;
mod bots;
mod cards;
mod error;
mod event;
pub mod examples;
mod game;
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
pub use rules::{
    Config, HAND_SIZE, MAX_HANDS, MAX_PLAYERS, MIN_PLAYERS, Record, Titles, exchange_count,
    hand_value, highest_naturals, lowest_naturals, pack, records,
};
pub use state::{Deal, Exchange, Position, State, Turn};
pub use view::{ExchangeView, View};

/// Einer ist immer der ...: the engine (a unit struct; the match lives in [`State`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct EinerIstImmer;

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for EinerIstImmer {
    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
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
}

/// The rules as `cards rules einer-ist-immer` prints them: the "Rules" section of the crate
/// documentation (`README.md`), the one text of the rules.
pub const RULES: &str = cards_core::text::markdown_section(README, "## Rules");

/// The crate documentation, `README.md`, whose "Rules" section is [`RULES`].
const README: &str = include_str!("../README.md");
