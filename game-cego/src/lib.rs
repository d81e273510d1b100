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
pub use pimc::{PIMC, PIMC_KIND, PIMC_TABLE_BITS, Pimc, PimcOptions};
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

impl cards_core::Catalog for Cego {
    const NAME: &'static str = "cego";

    const TITLE: &'static str = "Cego";

    const DESCRIPTION: &'static str =
        "the tarock game of Baden: an auction of eleven contracts, the cego, dead blanks";

    /// Four players; three with the short pack (cego.md 10); or five with the dealer sitting
    /// out each deal (cego.md 3).
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=5;

    const ZERO_SUM: bool = true;

    /// No card text of this game reads as a plain number or word.
    const INLINE_CARDS: bool = true;

    /// The Trocks, the Sküs and the plain cards.
    fn card_faces() -> Vec<cards_core::CardFace> {
        view::card_faces()
    }

    fn rules() -> &'static str {
        game::rules()
    }

    fn opening(state: &Self::State) -> Vec<Self::Event> {
        game::opening(state)
    }

    /// The shared screen layout: the heading `Cego, deal 1 of 8 (S1 deals, S0 is forehand)`;
    /// on the table the speaking order A-D, the auction so far, the game being played with its
    /// factor or stake, the exposed and face-up cards, the last trick and the trick(s) being
    /// played; for every seat its letter, the soloist, cards in hand, tricks and match total;
    /// the hand one card per entry; and, for the soloist while he may consult them (until
    /// trick 1 is complete, CG21), the cego cards he took and his discards.
    /// The card played, exposed or discarded (each discard to the Legage is a decision of its
    /// own, one card), both cards of a double lead; calls in the auction use none.
    fn action_cards(_state: &Self::State, action: &Self::Action) -> Vec<String> {
        game::action_cards(*action)
    }

    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

    /// `pimc`: [`Pimc`], PIMC over the open-hand [`Solver`] in the card play (the last tricks
    /// of the counter games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the
    /// calls of Ulti, Piccolo and Bettel, ISMCTS elsewhere; its keys are [`PIMC`]'s.
    fn game_bot_kinds() -> &'static [cards_core::BotKind] {
        std::slice::from_ref(&PIMC)
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        // Few worlds, a small node budget and a short ISMCTS, so the harness can afford it.
        &["pimc:worlds=3,bids=3,nodes=20000,iters=24"]
    }

    /// The strongest bot found so far: `pimc:from=0` (PIMC in the auction's special calls and
    /// in Ulti, Piccolo, Bettel and Räuber, ISMCTS elsewhere; [`PimcOptions::expert`]).
    fn expert_bot(seed: Option<u64>) -> Box<dyn cards_core::Bot<Self>> {
        pimc::expert(seed)
    }

    fn game_bot(
        spec: &cards_core::OwnSpec,
        clock: Option<cards_core::search::Clock>,
    ) -> Option<Box<dyn cards_core::Bot<Self>>> {
        (spec.kind().name == PIMC_KIND)
            .then(|| Box::new(Pimc::from_spec(spec, clock)) as Box<dyn cards_core::Bot<Self>>)
    }

    /// The match length, the counting and the rulings' variants; scores are points.
    fn words() -> cards_core::Words {
        cards_core::Words {
            options: rules::OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each deal the soloist and the defenders pay each other; the highest total wins",
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

impl cards_core::Search for Cego {
    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// Rewards linear in the match totals (the payments, what `simulate` measures):
    /// `0.5 + total / (2 · REWARD_SCALE · deals)` (at five players `max_payment(5)` in place of
    /// `REWARD_SCALE`) ([`cards_core::search::linear_rewards`]; `deals`
    /// is [`Config::max_deals`]), so a search bot maximising its expected reward maximises its
    /// expected payment. No deal moves more than [`REWARD_SCALE`] to or
    /// from one seat, so the rewards stay in `[0, 1]` without clamping.
    fn rewards(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::rewards(state)
    }

    /// The estimate at a rollout cut-off: the rewards of the match totals as they stand. With
    /// the default cut-off ([`MAX_ACTIONS_PER_DEAL`] actions) the deal the search started in
    /// is always over by then, and a later deal that is not over has paid nothing yet.
    fn evaluate(state: &Self::State) -> cards_core::PerSeat<f64> {
        game::evaluate(state)
    }

    /// Heuristic rollouts (the heuristic bot plays every seat, so the auction's bids are
    /// judged by sensible play of the contract), a cut-off after [`MAX_ACTIONS_PER_DEAL`]
    /// rollout actions (a single deal always ends before it; in a match it ends the rollout
    /// once the current deal is scored, see [`cards_core::Search::evaluate`]), no widening (no decision
    /// lists more than a few dozen actions), and `c = 0.1`, fitted to the reward scale (one
    /// deal moves a seat's reward by a few hundredths). See the crate docs, "Search bots".
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        game::search_defaults()
    }
}

/// The crate documentation, `README.md`, whose "Rules" section is [`docs::RULES`].
const README: &str = include_str!("../README.md");
