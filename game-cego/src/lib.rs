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

impl cards_core::Catalog for Cego {
    const NAME: &'static str = "cego";

    const TITLE: &'static str = "Cego";

    const DESCRIPTION: &'static str =
        "the tarock game of Baden: an auction of eleven contracts, the cego, dead blanks";

    /// Four players; three with the short pack (cego.md 10); or five with the dealer sitting
    /// out each deal (cego.md 3).
    const PLAYERS: std::ops::RangeInclusive<usize> = 3..=5;

    const ZERO_SUM: bool = true;

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
        spec: &cards_core::BotSpec,
        clock: Option<cards_core::search::Clock>,
    ) -> Option<Result<Box<dyn cards_core::Bot<Self>>, cards_core::BotSpecError>> {
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

impl cards_core::Search for Cego {
    fn heuristic_bot() -> Box<dyn cards_core::Bot<Self>> {
        Box::new(bots::Heuristic)
    }

    /// Rewards linear in the match totals (the payments, what `simulate` measures):
    /// `0.5 + total / (2 · REWARD_SCALE · deals)` (at five players `max_payment(5)` in place of
    /// `REWARD_SCALE`) ([`cards_core::search::linear_rewards`]; `deals`
    /// is [`Config::max_deals`]), so
    /// a search bot maximising its expected reward maximises its expected payment. No deal
    /// moves more than [`REWARD_SCALE`] to or from one seat, so the rewards stay in `[0, 1]`
    /// without clamping.
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
