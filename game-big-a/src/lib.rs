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

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for BigA {
    fn examples() -> Vec<cards_core::Example> {
        examples::examples()
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
}

/// The crate documentation, `README.md`, whose "Rules" section is what
/// `cards rules big-a` prints.
const README: &str = include_str!("../README.md");
