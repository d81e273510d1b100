#![doc = include_str!("../README.md")]

mod action;
mod auction;
mod bots;
mod cards;
mod determinize;
pub mod docs;
mod error;
pub mod examples;
mod game;
pub mod pimc;
mod play;
mod rules;
mod scoring;
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
#[doc(hidden)]
pub use determinize::attempts as determinize_attempts;
pub use error::{ActionError, SetupError};
pub use game::{Cego, MAX_ACTIONS_PER_DEAL, REWARD_SCALE};
pub use pimc::{PIMC_KIND, PIMC_TABLE_BITS, Pimc, PimcOptions};
pub use rules::{
    Config, ConfigError, Contract, DealOrder, NoTrockDiscard, ParseContractError, Stakes,
    cego_size, hand_size, played_at,
};
pub use scoring::{
    Finished, Score, counter_amount, counter_score, counter_won, difference, raeuber_payments,
    round_five, score, sitting_out_payment, soloist_payments, special_stake,
};
pub use solver::{DEFAULT_TABLE_BITS, SolveError, Solver, TABLE_BITS, solve};
#[doc(hidden)]
pub use solver::{solve_by_minimax, solve_by_minimax_for};
pub use state::{
    Auction, CegoTrocks, Deal, FIRST_DEALER, Phase, Position, Stage, State, Trick, TrickRecord,
    first_dealer, gstiess_holder, letter_of_seat, seat_of_letter,
};
pub use tally::PerPlayer;
pub use validate::{InvalidState, MAX_PAYMENT, max_payment};
pub use view::{Event, TableTrick, Terms, View};

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
        use cards_core::OptionDoc;
        const STAKES: &[(&str, &str)] = &[
            ("parlett", "Parlett"),
            ("schwarzwald", "Schwarzwald tournament"),
        ];
        const OPTIONS: &[OptionDoc] = &[
            OptionDoc::new(
                "deals",
                "Deals per match",
                "How many deals the match lasts (8 is two rounds of dealers at four players).",
            )
            .range(1, 1000),
            OptionDoc::new(
                "count",
                "Counting card points",
                "How the card points of a trick pile are counted (CG17).",
            )
            .choices(&[
                ("threes", "in threes (pack 70, 36 wins)"),
                ("pairs", "in pairs (pack 79, 40 wins)"),
            ]),
            OptionDoc::new(
                "round_strict_next",
                "Always round up to the next 5",
                "Round a payment up to the next multiple of 5 even when it is one already (CG16).",
            ),
            OptionDoc::new(
                "ulti_after_solo",
                "Ulti after a Solo",
                "Ulti may still be called in phase one after someone has called Solo (CG4).",
            ),
            OptionDoc::new(
                "solo_caller_uses_normal_factor",
                "Solo caller keeps the normal factor",
                "A Solo caller who ends up playing a higher rung uses the normal factor column, \
                 not the after-Solo one (CG7).",
            ),
            OptionDoc::new(
                "two_different_dead",
                "Two Different's cards are dead",
                "The two cards Two Different exposes can never win a trick (CG12).",
            ),
            OptionDoc::new(
                "ulti_must_hold_back",
                "Ulti holds Trock 1 back",
                "The Ulti soloist may play Trock 1 before the last trick only when it is his only \
                 legal card (CG9).",
            ),
            OptionDoc::new(
                "no_trock_discard",
                "Discard without a Trock in the cego",
                "What the soloist of Two Blanks or Two Different discards when the cego holds no \
                 Trock (CG13).",
            )
            .choices(&[
                ("from-cego", "a card from the cego"),
                ("any-card", "any unexposed card"),
            ]),
            OptionDoc::new(
                "special_stakes",
                "Stakes of Ulti, Piccolo, Bettel",
                "Parlett: Ulti 80, Piccolo 30, Bettel 30; Schwarzwald: Ulti 80, Piccolo 40, \
                 Bettel 30 (7.2).",
            )
            .choices(STAKES),
            OptionDoc::new(
                "raeuber_stakes",
                "Stakes of Räuber",
                "Parlett: 30 (Forehand 60); Schwarzwald: 40 (Forehand 80) (7.3).",
            )
            .choices(STAKES),
            OptionDoc::new(
                "stop_when_decided",
                "Stop when decided",
                "Bettel, Piccolo and Ulti end as soon as their result is certain (CG22).",
            ),
            OptionDoc::new(
                "deal_order",
                "Deal order",
                "How the shuffled pack is dealt; it matters only when replaying a physical deal \
                 (CG1).",
            )
            .choices(&[
                ("players-first", "players first, then the cego"),
                ("cego-first", "the cego first"),
            ]),
            OptionDoc::new(
                "gstiess_ending",
                "Gstieß ending",
                "After the deals, play on until the holder of the Gstieß in the next deal has \
                 dealt once more: 2 to 5 more deals (3).",
            ),
        ];
        cards_core::Words {
            options: OPTIONS,
            scoring: cards_core::Scoring::Points,
            scores: "each deal the soloist and the defenders pay each other; the highest total wins",
        }
    }
}

/// The crate documentation, `README.md`, whose "Rules" section is [`docs::RULES`].
const README: &str = include_str!("../README.md");
