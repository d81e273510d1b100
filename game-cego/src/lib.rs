#![doc = include_str!("../README.md")]

mod action;
mod auction;
mod bots;
mod cards;
mod contract;
mod determinize;
pub mod docs;
mod error;
mod event;
pub mod examples;
mod game;
pub mod pimc;
mod play;
mod rules;
mod scoring;
mod search;
mod seats;
pub mod solver;
mod state;
mod tally;
mod validate;
mod view;

pub use action::{Action, ParseActionError};
pub use bots::Heuristic;
pub use cards::{
    Card, Cards, Counting, Kind, half_points, pack_for, parse_cards, points_in_threes, removed,
};
pub use contract::{Contract, ParseContractError};
#[doc(hidden)]
pub use determinize::attempts as determinize_attempts;
pub use error::{ActionError, ConfigError, InvalidState, SetupError, SolveError};
pub use event::{Event, Terms};
pub use pimc::{PIMC_KIND, PIMC_TABLE_BITS, Pimc, PimcOptions};
pub use rules::{
    Config, DealOrder, MAX_ACTIONS_PER_DEAL, NoTrockDiscard, Stakes, cego_size, hand_size,
    played_at,
};
pub use scoring::{
    Finished, MAX_PAYMENT, Score, counter_amount, counter_score, counter_won, difference,
    max_payment, raeuber_payments, round_five, score, sitting_out_payment, soloist_payments,
    special_stake,
};
pub use search::REWARD_SCALE;
pub use seats::{FIRST_DEALER, first_dealer, letter_of_seat, seat_of_letter};
pub use solver::{DEFAULT_TABLE_BITS, Solver, TABLE_BITS, solve};
#[doc(hidden)]
pub use solver::{solve_by_minimax, solve_by_minimax_for};
pub use state::{
    Auction, CegoTrocks, Deal, Phase, Position, Stage, State, Trick, TrickRecord, gstiess_holder,
};
pub use tally::PerPlayer;
pub use view::{TableTrick, View};

/// Cego, the tarock game of Baden.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cego;

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for Cego {
    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// `pimc`: [`Pimc`], PIMC over the open-hand [`Solver`] in the card play (the last tricks
    /// of the counter games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the
    /// calls of Ulti, Piccolo and Bettel, ISMCTS elsewhere.
    fn game_bot_kinds() -> &'static [(&'static str, &'static str)] {
        &[(
            PIMC_KIND,
            "PIMC over the exact open-hand solver in the card play (the last tricks of the counter \
             games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the calls of Ulti, \
             Piccolo and Bettel, ISMCTS elsewhere; a Solo's defenders draw the soloist's hand as \
             a Solo caller's; ms bounds the whole decision (keys and defaults: worlds=20 \
             (1..=10000), from=7 and special=13 (tricks, 0..=13), nodes=500000 (>= 1), \
             table=18 (2^table solver entries, 10..=22), margin=0, auction=1, bids=20 \
             (1..=10000), infer=1, iters=1000, ms (>= 1, the decision's budget), seed)",
        )]
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        // Few worlds, a small node budget and a short ISMCTS, so the harness can afford it.
        &["pimc:worlds=3,bids=3,nodes=20000,iters=24"]
    }

    fn game_bot(
        spec: &cards_core::bot::BotSpec,
        clock: Option<cards_core::search::Clock>,
    ) -> Option<Result<Box<dyn cards_core::Bot<Self>>, cards_core::bot::BotSpecError>> {
        (spec.kind == PIMC_KIND).then(|| {
            Pimc::from_spec(spec, clock).map(|b| Box::new(b) as Box<dyn cards_core::Bot<Self>>)
        })
    }

    /// The match length, the counting and the rulings' variants; scores are points.
    fn words() -> cards_core::Words {
        cards_core::Words {
            options: rules::OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each deal the soloist and the defenders pay each other; the highest total wins",
        }
    }
}

/// The crate documentation, `README.md`, whose "Rules" section is [`docs::RULES`].
const README: &str = include_str!("../README.md");
