//! 3 to 13: a progressive contract rummy over eleven rounds with rotating wilds.
//!
//! Source: the seed text `003_8c4d6a5af0de72eb.txt` ("3 to 13", traditional, public domain),
//! completed by the workspace rulings C1-C8 (`shared/rules/rulings.md`).
//!
//! # Rules
//! Two 52-card packs and four jokers (C1; 0 to 4 jokers is a variant, [`Config::jokers`]),
//! 2 to 7 players. Eleven rounds; round `r` deals `h = r + 2` cards, from 3 to 13 (C2); the
//! dealer rotates clockwise and the player to the dealer's left plays first. The rest is the
//! stock; there is no discard pile. Wild are every Ace, every joker and the round's rank
//! `h` (3 ... 10, J, Q, K); a card of the wild rank may also be itself (C3).
//!
//! A set is three or more cards of one rank, suits free and duplicates allowed; a run is
//! three or more cards of one suit at consecutive places of A, 2, ..., K, A, with no wrap
//! (C4). Wilds stand in anywhere and the meld records what each stands for; a natural card
//! sits at its own place; a meld of wilds only is allowed. A new meld has exactly `h` cards
//! or 3 to `h - 3` cards (C5; the seed's rows for rounds 10 and 11 are typos). The sizes are
//! data per round ([`Config::meld_sizes`]).
//!
//! A turn is a draw from the stock, or putting down at least one card: new melds and cards
//! added to one's own melds, one step per action, then `done` (C6). Added cards keep the
//! meld valid and are not bound by the size rule; nobody adds to another player's melds.
//! With an empty stock a player who cannot put anything down passes; when everyone passes
//! in a row the round ends. A player whose hand is empty goes out (the turn ends by
//! itself); each other player has one final turn of putting down only (C7). Cards left
//! score 2-10 face value, J/Q/K 10, Ace and joker 25, a wild-rank card its face value; the
//! player who went out scores 0 and gets a go-out tally. Lowest total after eleven rounds
//! wins, the tally beside it (C8). [`cards_core::Game::scores`] gives the negated totals.
//!
//! # Rulings applied
//! - G1: the first dealer and every deal come from the match seed (`derive_seed(seed, deal)`).
//! - G2: refusals are typed ([`ActionError`]), cite the ruling, and leave the state unchanged.
//! - G3: only the player to move ever decides; the final turns run in seat order.
//! - G4: [`cards_core::Game::census`] lists hands, melds and stock: always the pack.
//! - C1-C8 as above. C3 is completed by one engine convention: jokers and Aces are
//!   interchangeable wilds, and so are the wild-rank cards, so a meld names how many of each
//!   class it uses and the engine takes them from the hand in a fixed order ([`WildOrder`]:
//!   a joker before an Ace, except that the Ace of a run's suit goes first where it would sit
//!   at its own place; the wild-rank card of the run's suit first where it sits at its own
//!   place). `check` refuses another choice ([`ActionError::EquivalentWild`]);
//!   [`cards_core::Game::parse_action`] rewrites a typed choice into that order.
//! - C6 read literally: with an empty stock a player who can put something down must (`pass`
//!   is offered only when nothing can go down); `pass` and `draw` never appear together.
//! - C7: the turn ends by itself when the last card goes down; a player who empties the hand
//!   in a final turn scores 0 but gets no tally (only the player who went out does).
//! - The first dealer is drawn from the seed (G1); later rounds rotate clockwise (C2).
//!
//! # Notation
//! `draw`, `pass`, `done`; a new meld by its cards in meld order, each wild with its stand-in:
//! `7h 8h Jk=9h` (a run), `7c 7d Jk=7` (a set); `add 2 9h` (a natural card, or any card into
//! a set) and `add 2 Jk low` / `add 2 Jk high` (a wild at an end of run 2). Cards: `7h`, `10s`,
//! `Qd`, `As`, `Jk`.
//!
//! # Legal actions and the solver
//! Every distinct meld a hand can form is listed (shape, natural cards, and the number of
//! wilds of each class), so a meld is one action. How long the list gets depends on the hand,
//! which grows with every draw:
//! - A hand of the dealt size lists at most 6000 actions: the worst 13-card hand found
//!   (`tests/limits.rs`, a hill-climbing search over round 11) lists 5325, e.g.
//!   `5s 6s 7s 8s 9s 10s 4s` with three Kings, an Ace and two jokers.
//! - No state lists more than [`MAX_LEGAL_ACTIONS`] (646,167) under any configuration: a meld
//!   listed for a hand stays listed when cards join it, so the whole pack held as one hand is
//!   the worst hand (354,534 new melds in round 11 under the default sizes, 645,950 with every
//!   size allowed; listed in about 50 and 90 ms). The test pins the table for every round.
//! - In play the lists are far shorter. Over 200 four-player matches (`list_lengths_met_in_play` in
//!   `tests/limits.rs`), random bots met a mean of 4 actions (99.9% at most 401, longest 1666,
//!   hands up to 25 cards), and heuristic bots, which keep their wilds, a mean of 233 (99% at
//!   most 1718, longest 5714, hands up to 30 cards).
//!
//! [`solve`] says whether a hand can go down completely in new melds and the fewest cards /
//! lowest score it leaves; [`solve_brute_force`] is its reference, and [`plan`] returns the
//! melds of a best solution (the heuristic bot plays them).
//!
//! # Search bots
//! The ISMCTS bot of `cards_core::search` plays this game through five hooks:
//! - **Rewards** ([`cards_core::Game::rewards`]): linear in the seat's own match total,
//!   `1 - total / (200 · rounds)` clamped to `[0, 1]` ([`REWARD_POINTS_PER_ROUND`]), so the
//!   bot minimises its expected points, which is what the scores (negated totals) and
//!   `cards simulate` measure; other seats' points do not enter a seat's reward.
//! - **Rollout policy** ([`cards_core::Catalog::rollout_choice`]): the [`Planner`]. A turn may
//!   put down a new meld and then add to it, so in one turn a hand goes down in melds of any
//!   size from the smallest allowed one up, spare wilds added once a meld is down; the
//!   heuristic bot's solver counts new melds of the allowed sizes only and in round 1 misses
//!   ways out such as `7h 8h Jk As` (`7h 8h Jk=9h`, then `add 1 As high`). The planner goes
//!   out whenever the hand can, puts down the most points it can in a final turn, and
//!   otherwise draws: it never puts cards down only to skip a draw, which the heuristic bot
//!   does with its melds of natural cards. Under widening it is also the first action expanded
//!   at every node.
//! - **Candidates** ([`cards_core::Catalog::search_candidates`]): at the root and at every node
//!   of its tree the search considers only the planner's choice and the turn's control action
//!   (`draw`, `done` or `pass`), instead of up to thousands of melds, in lists of two actions
//!   too; a decision with one candidate (most of them: the planner draws) is played without a
//!   search. So the search decides where the planner would put cards down (going out, a
//!   final turn, an empty stock) whether to do so now or to draw or end the turn; elsewhere it
//!   plays as the planner. The candidates depend only on the seat's hand and the table, so the
//!   search stays fair.
//! - **Cut-off estimate** ([`cards_core::Game::evaluate`]): the round raced out the planner's
//!   way on the determinized stock: from the seat to move on, each seat goes out when its
//!   *pool* can (its hand and the cards of its melds on the table together, so that putting
//!   cards down without going out counts only as a skipped draw), otherwise draws the top card
//!   (a seat that has put something down this turn ends it). The seat that goes out pays
//!   nothing and every other seat what its pool leaves after its final turn (the exact solver
//!   up to 10 cards, a greedy upper bound above). For speed the race asks the solver whether a
//!   hand can go out only up to 12 cards (above, a greedy check), after a quick necessary test
//!   (a natural card with no partner needs two wilds of its own), and stops drawing at 16
//!   cards; answers are memoised per thread. In a final turn the seats that have had theirs
//!   pay their hands as they are.
//! - **Defaults** ([`cards_core::Game::search_defaults`]): the estimate at every new node
//!   (cut-off 0, no rollout steps), progressive widening `2 · visits^0.5` (a meld decision can
//!   list thousands of melds), `c = 0.1` (reward differences between actions are a few
//!   hundredths).
//!
//! `determinize` deals the unseen cards (stock and the other hands) from a canonical order, so
//! that it depends only on what the seat knows and on the generator (`tests/search.rs`).
//!
//! ## Strength (issue 11)
//! With the candidates `cards simulate` seats this search as `ismcts`. Over 300 duplicate
//! deals against the heuristic bot (`cards simulate contract-rummy --games 300 --bots
//! ismcts:iters=1000,heuristic --threads 2 --json`) it scored **-17.32 ± 0.65 against
//! -20.00 ± 0.66** (win rates 0.290 ± 0.017 against 0.210 ± 0.016): the 95% intervals do not
//! overlap (`docs/strength.md` at the workspace root has the details). That edge is the
//! planner's: the search leaves the planner only where it would put cards down, and the
//! planner alone (bot kind `planner`, [`PLANNER_KIND`]) scored the same on those deals,
//! -17.37 ± 0.64 against -20.14 ± 0.66 (`--bots planner,heuristic`, under a second). At 1000
//! iterations the search adds nothing measurable to its rollout policy in this game.
//!
//! With the heuristic bot's choice among the candidates as well (and lists of two actions
//! searched whole) the same run gave -18.97 ± 0.66 against -19.58 ± 0.66, intervals
//! overlapping: where the planner draws and the heuristic bot puts a meld down, the estimate
//! still sometimes preferred the put-down (after a meld the seat's own further choices in the
//! same turn are maximised over noisy estimates, which favours it). Over deals 1 to 100 of
//! `examples/duel.rs` the planner alone was ahead of the heuristic by 3.01 ± 1.41 a deal
//! (paired), the search with the planner's choice and the control action, but lists of two
//! actions still searched whole, by 2.03 ± 1.39.
//!
//! How it got there (figures from `examples/duel.rs`, `cargo run --release -p
//! game-contract-rummy --example duel -- DEALS SPEC 2`: single deals of round 1, 4 players, two
//! kinds alternating round the table, each deal replayed with the seats shifted by one, the
//! paired difference per deal printed too; on a machine shared with other jobs):
//! - The planner against the heuristic, 1000 deals, by step: going out the planner's way only
//!   -18.38 ± 0.51 against -19.05 ± 0.50 (paired +0.68 ± 0.18); with the best final turn
//!   +1.19 ± 0.19; drawing instead of putting down natural melds only +2.58 ± 0.51; all three
//!   (the planner) -16.25 ± 0.51 against -20.39 ± 0.51 (paired +4.15 ± 0.55); the same
//!   planner at 300 deals -16.57 ± 0.93 against -20.50 ± 0.94.
//! - Without candidates (every legal action searched, progressive widening, the race on each
//!   seat's hand alone), `ismcts:iters=1000` lost: `cards simulate contract-rummy --games 20
//!   --bots ismcts:iters=1000,heuristic --threads 2 --json` gave -21.93 ± 2.68 against the
//!   heuristic's -17.78 ± 2.35. Logged decision by decision against the planner, the search
//!   departed from it at 40 to 50% of its decisions, nearly always by putting a meld down
//!   where the planner draws: one estimate's spread is about 20 points, the root held up to 60
//!   children at 1000 iterations, and after a meld the seat's own further choices in the same
//!   turn are maximised over, so a put-down was chosen on noise. The pool race alone (without
//!   candidates) did worse: -30.93 ± 7.77 against -15.93 ± 4.25 (10 deals).
//! - With the candidates and the pool race (then a wrapper in this crate, before
//!   `cards_core` had the hook), deals 1 to 300 in the example: -17.42 ± 0.91 against the
//!   heuristic's -19.62 ± 0.93, paired +2.20 ± 0.75. It keeps part of the planner's edge but
//!   not all of it: where the planner draws and the heuristic bot puts a meld of natural cards
//!   down, the estimate still sometimes prefers the put-down.
//! - Tried and not kept: a race without the size limits (exact checks up to 22 cards, up to
//!   26 cards drawn): 2.9 ms a call, too slow for 1000 iterations; a root kept to few children
//!   (`widen=1/0.2`, `widen=0.5/0.3`, `c=0.3`); heuristic-bot rollouts cut off after 1 or 6
//!   actions, or played to the end; the pool race with its limits raised.
//!
//! Against random bots the search without candidates already won clearly: `cards simulate contract-rummy
//! --games 100 --bots ismcts:iters=1000,random --threads 2 --json` (100 deals, 4 rotations,
//! 800 samples a row) gave ISMCTS -25.34 ± 1.21 (win rate 0.37) against random -38.95 ± 1.59
//! (0.13), 20,251 search decisions at a median 151 ms each with a real choice.
//!
//! # Saved states
//! Deserializing a [`State`] validates it ([`State::validate`]) and refuses an inconsistent one
//! with an [`InvalidState`] that names what is wrong: a seat out of range, a card missing or
//! twice (G4), a meld that is no set or run, counters that disagree with the phase.
//!
//! # Not implemented
//! Laying off on other players' melds and swapping wilds out of melds are not in the rules and
//! not offered. Stated positions ([`Position`]) start a normal turn of the player to move.
//!
//! # Example
//! ```
//! use cards_core::Game;
//! use game_contract_rummy::{Action, Config, ContractRummy};
//!
//! let config = ContractRummy::single_deal(&Config::default());
//! let mut state = ContractRummy::new(&config, 42).unwrap();
//! assert_eq!(state.round_info().hand, 3);
//! while let Some(seat) = ContractRummy::to_move(&state) {
//!     let legal = ContractRummy::legal_actions(&state);
//!     // Put a meld down when one is listed, otherwise draw (or pass, or end the turn).
//!     let action = legal
//!         .iter()
//!         .find(|a| matches!(a, Action::Meld(_)))
//!         .unwrap_or(&legal[0]);
//!     let events = ContractRummy::apply(&mut state, action).unwrap();
//!     assert!(!events.is_empty() || seat.0 < 8);
//! }
//! println!("{:?}", ContractRummy::scores(&state));
//! ```

mod action;
mod bots;
mod candidates;
mod cards;
mod error;
mod estimate;
mod event;
pub mod examples;
mod legal;
mod meld;
mod planner;
mod rules;
mod solver;
mod state;
mod validate;
mod view;

pub use action::{Action, End, ParseActionError};
pub use bots::{Heuristic, Planner};
pub use cards::{Card, FACES, Hand, pack, parse_cards};
pub use error::ActionError;
pub use estimate::REWARD_POINTS_PER_ROUND;
pub use event::Event;
pub use legal::MAX_LEGAL_ACTIONS;
pub use legal::canonicalize;
pub use meld::{MAX_MELD, MAX_NEW, Meld, MeldSpec, ParseMeldError, Shape, StandIn, WildOrder};
pub use rules::{Config, ConfigError, ROUNDS, RoundInfo, card_points, default_meld_sizes};
pub use solver::{Plan, Solution, is_meld, plan, solve, solve_brute_force};
pub use state::{ContractRummy, Phase, Position, State};
pub use validate::InvalidState;
pub use view::View;

/// The registration of what the engine offers beside its rules: the worked examples and the
/// heuristic bot (they depend on the engine, not the reverse).
impl cards_core::Catalog for ContractRummy {
    fn examples() -> Vec<cards_core::Example> {
        examples::all()
    }

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
        bots::planner_step(
            &state.hands[seat],
            &state.melds,
            seat,
            state.phase,
            state.info,
            legal,
        )
    }

    /// The planner's choice and the turn's control action (`draw`, `done` or `pass`): a meld
    /// turn lists up to thousands of actions, and the search decides between these instead
    /// (see "Search bots").
    fn search_candidates(
        state: &State,
        seat: cards_core::Seat,
        legal: &[Action],
        out: &mut Vec<usize>,
    ) -> bool {
        candidates::search_candidates(state, seat, legal, out)
    }

    /// `planner`: the [`Planner`] bot, the search's rollout policy on its own (instant, and
    /// about 3 to 4 points a deal better than the heuristic bot).
    fn game_bot_kinds() -> &'static [(&'static str, &'static str)] {
        &[(
            PLANNER_KIND,
            "goes out whenever the hand can go down in one turn, puts the most points down in a \
             final turn, otherwise draws (no options)",
        )]
    }

    fn game_bot_check_specs() -> &'static [&'static str] {
        &[PLANNER_KIND]
    }

    fn game_bot(
        spec: &cards_core::bot::BotSpec,
        _clock: Option<cards_core::search::Clock>,
    ) -> Option<Result<Box<dyn cards_core::Bot<Self>>, cards_core::bot::BotSpecError>> {
        (spec.kind == PLANNER_KIND).then(|| match spec.params.first() {
            Some((k, _)) => Err(cards_core::bot::BotSpecError::BadOption {
                spec: spec.to_string(),
                reason: format!("{PLANNER_KIND} takes no options, not {k:?}"),
            }),
            None => Ok(Box::new(Planner) as Box<dyn cards_core::Bot<Self>>),
        })
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
}

/// The bot kind of [`Planner`] in bot specs (`cards simulate contract-rummy --bots
/// planner,heuristic`).
pub const PLANNER_KIND: &str = "planner";
