//! The PIMC bot (issue 16): perfect-information Monte Carlo over the open-hand [`Solver`] in
//! the card play (the last tricks of the counter games, every trick of Ulti, Piccolo, Bettel
//! and Räuber), ISMCTS everywhere else.
//!
//! Spec: `pimc[:worlds=N,from=K,special=K,nodes=B,table=T,margin=0|1,auction=0|1,bids=W,`
//! `infer=0|1,iters=I,ms=M,seed=S]`, registered as a bot kind of the game
//! ([`cards_core::Catalog::game_bot_kinds`]):
//! - `worlds` (1 to 10,000, default 20): worlds sampled per decision;
//! - `from` (default 7): in the counter games PIMC decides the card play once at most `from`
//!   tricks are left (counting the trick being played; `from=11` is the whole card play at
//!   four players, except the double lead of Two Blanks / Two Different, which the solver
//!   does not cover);
//! - `special` (default 13, the whole card play): the same in Ulti, Piccolo, Bettel and
//!   Räuber, whose worlds mostly solve within the budget from the first trick (a world that
//!   overruns hands the decision to ISMCTS). Against ISMCTS the whole card play by PIMC gains
//!   in these contracts and not in the counter games, hence the two thresholds (the
//!   measurements are in the crate docs, "Where PIMC gains");
//! - `nodes` (1 to 2^64 - 1, default 500,000): the solver's node budget per world (per
//!   call of the auction's judgement);
//! - `table` (10 to 22, default 18): the solver's transposition table holds `2^table`
//!   entries of 64 bytes (default about 17 MB; [`PimcOptions::table_bytes`]), allocated at
//!   the bot's first solve, so a bot that never solves holds none;
//! - `margin` (`1` or `0`, default `0`): in counter games, solve each card's exact card points
//!   ([`Solver::card_values`]) and break ties of the mean payment by the mean card points of
//!   the deciding seat's side, so that among cards that pay the same it keeps the larger
//!   margin (the payment is a step function of the points: without this, a won or lost
//!   deal makes many cards equal);
//! - `auction` (`1` or `0`, default `1`) and `bids` (1 to 10,000, default 20): in the
//!   auction, judge the calls of Ulti, Piccolo and Bettel on `bids` solved worlds (below);
//! - `infer` (`1` or `0`, default `1`): in a Solo, a defender draws the soloist's hand as a
//!   Solo caller's (below);
//! - `iters` (1 to 2^32 - 1, default 1,000), `seed` (any `u64`): the ISMCTS that decides the
//!   rest of the auction, the discards, the card play before the last `from` tricks, any
//!   decision where a world overran its node budget, and the choice among cards the worlds
//!   cannot tell apart (as `ismcts:iters=I,seed=S` with the game's search defaults); `seed`
//!   also seeds the world sampling;
//! - `ms` (at least 1; needs a [`Clock`], [`Pimc::with_clock`]): the time budget of the
//!   **whole decision** (below).
//!
//! **The time budget.** With `ms` the bot reads its clock when a decision starts and sets
//! the decision's deadline `ms` later. The auction's judgement and the card play's worlds
//! check it before each world and stop sampling once past it, deciding with the worlds
//! solved so far (none: as for a world over its node budget, ISMCTS decides); each solve
//! checks it every 1,024 nodes ([`Solver::set_deadline`]) and a solve stopped there leaves
//! its world out; the ISMCTS part gets what is left (at least one iteration). So `worlds`,
//! `bids`, `nodes` and `iters` are caps under `ms`, never a reason to overrun it, and a
//! caller cancels a decision by making the clock jump past the deadline (see [`Clock`]).
//! Without `ms` nothing reads the clock and the bot chooses as it always did.
//!
//! A PIMC decision samples `worlds` worlds with [`cards_core::GameState::determinize`] from the deciding seat's
//! view only, finds in each with every hand open the exact payment the deciding seat gets
//! after each of its cards ([`Solver::card_payments`]; the payment is a non-decreasing
//! function of the soloist's card points, so the solver's play is also perfect for it) and
//! plays the card with the highest **mean payment over the worlds** for the deciding seat.
//! Where several cards share that mean (and the `margin` tie-break), ISMCTS chooses among
//! them: in a deal every world shows won or lost, PIMC alone would play the first card of the
//! legal list.
//!
//! **In the auction** Ulti, Piccolo and Bettel end the bidding at once and are played with
//! the dealt hands, so each such call is judged on `bids` worlds solved from the first card:
//! a call that wins in more than half of the solved worlds is made, a call that wins in none
//! is struck and ISMCTS chooses among the other calls, and a call in between stays among the
//! calls ISMCTS chooses from. Open-hand defenders beat these contracts far more often than
//! real ones do (the crate README, "PIMC in the auction", measures it), hence no finer bar.
//! The counter games and Räuber stay with ISMCTS: their whole-deal solves are too slow to
//! judge bids with.
//!
//! **Worlds weighted by the bidding** (`infer`): [`cards_core::GameState::determinize`] deals the unseen cards
//! uniformly, so in a Solo it gives the soloist as many Trocks as the cego set aside, while
//! a Solo caller holds six or seven of the 22 as a rule. A defender's world is therefore kept
//! with the chance that ISMCTS at 1,000 iterations calls Solo with the soloist's dealt hand
//! in that world (his cards now plus those he played), a table by his Trocks and high Trocks
//! fitted to 982 Solos of ISMCTS auctions (`examples/solo_callers.rs`); a world turned down
//! is drawn again (rejection sampling, at most [`INFER_DRAWS`] draws, then the likeliest
//! draw). The soloist's own worlds, and every other contract's, are drawn as before.
//!
//! The choice depends only on the seat's view and the generator: the bot never reads hidden
//! cards.

use std::time::Duration;

use cards_core::rng::below;
use cards_core::search::{Clock, Ismcts, IsmctsOptions};
use cards_core::spec::{ITERS, MS, SEED};
use cards_core::{Bot, BotKey, BotKind, BotValue, Decision, Game, GameRng, OwnSpec, Takes};

use crate::Cego;
use crate::action::Action;
use crate::cards::{SUIT_MASKS, TROCK};
use crate::contract::Contract;
use crate::error::SolveError;
use crate::solver::{DEFAULT_TABLE_BITS, Solver};
use crate::state::{Trick, TrickRecord};
use cards_core::Search;

/// The bot kind's name.
pub const PIMC_KIND: &str = "pimc";

/// The sizes of the solver's table a `pimc` spec may ask for (`table=BITS`: `2^BITS`
/// entries).
pub const PIMC_TABLE_BITS: std::ops::RangeInclusive<u32> = 10..=22;

const WORLDS: Takes = Takes::Whole {
    min: 1,
    max: 10_000,
};
const TRICKS: Takes = Takes::Whole { min: 0, max: 13 };

/// The `pimc` kind: what it is and the keys it takes (see the [module docs](self)), the table
/// a `pimc` spec is read against ([`cards_core::Catalog::game_bot_kinds`]).
pub const PIMC: BotKind = BotKind {
    name: PIMC_KIND,
    about: "PIMC over the exact open-hand solver in the card play (the last tricks of the \
            counter games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the calls of \
            Ulti, Piccolo and Bettel, ISMCTS elsewhere; a Solo's defenders draw the soloist's hand \
            as a Solo caller's; ms bounds the whole decision",
    keys: &[
        BotKey {
            key: "worlds",
            takes: WORLDS,
            about: "worlds sampled per decision (20)",
        },
        BotKey {
            key: "from",
            takes: TRICKS,
            about: "in the counter games PIMC decides once at most this many tricks are left (7)",
        },
        BotKey {
            key: "special",
            takes: TRICKS,
            about: "the same in Ulti, Piccolo, Bettel and Räuber (13)",
        },
        BotKey {
            key: "nodes",
            takes: Takes::Whole {
                min: 1,
                max: u64::MAX,
            },
            about: "the solver's node budget per world (500000)",
        },
        BotKey {
            key: "table",
            takes: Takes::Whole {
                min: *PIMC_TABLE_BITS.start() as u64,
                max: *PIMC_TABLE_BITS.end() as u64,
            },
            about: "the solver's table holds 2^table entries of 64 bytes (18)",
        },
        BotKey {
            key: "margin",
            takes: Takes::Flag,
            about: "in counter games, break ties of the mean payment by the card points (0)",
        },
        BotKey {
            key: "auction",
            takes: Takes::Flag,
            about: "judge the calls of Ulti, Piccolo and Bettel on solved worlds (1)",
        },
        BotKey {
            key: "bids",
            takes: WORLDS,
            about: "worlds solved for the auction's judgement (20)",
        },
        BotKey {
            key: "infer",
            takes: Takes::Flag,
            about: "in a Solo, a defender draws the soloist's hand as a Solo caller's (1)",
        },
        BotKey {
            about: "iterations of the ISMCTS used where PIMC does not decide (1000)",
            ..ITERS
        },
        BotKey {
            about: "the time budget of the whole decision in milliseconds (none)",
            ..MS
        },
        SEED,
    ],
};

/// The options of the PIMC bot (see the [module docs](self)).
#[derive(Clone, Debug, PartialEq)]
pub struct PimcOptions {
    /// Worlds sampled per decision (at least 1).
    pub worlds: u32,
    /// In the counter games PIMC decides once at most this many tricks are left.
    pub from: u8,
    /// The same in Ulti, Piccolo, Bettel and Räuber (`special`, default 13: every trick).
    pub special: u8,
    /// The solver's node budget per world.
    pub nodes: u64,
    /// The solver's table holds `2^table_bits` entries (`table`, default
    /// [`DEFAULT_TABLE_BITS`]; a spec takes [`PIMC_TABLE_BITS`]).
    pub table_bits: u32,
    /// In counter games, break ties of the mean payment by the mean card points of the
    /// deciding seat's side (exact card values instead of payments; `margin=1`).
    pub margin: bool,
    /// In the auction, judge the calls of Ulti, Piccolo and Bettel on solved worlds
    /// (`auction=1`, the default; `auction=0` leaves the whole auction to ISMCTS).
    pub auction: bool,
    /// Worlds sampled for the auction's judgement (`bids`, default 20).
    pub bid_worlds: u32,
    /// In a Solo, a defender draws the soloist's hand as a Solo caller's (`infer=1`, the
    /// default; `infer=0` draws it as any hand).
    pub infer: bool,
    /// The ISMCTS used elsewhere (the game's search defaults with `iters`, `ms`, `seed`).
    pub search: IsmctsOptions,
}

impl Default for PimcOptions {
    /// 20 worlds, the last 7 tricks of the counter games and every trick of the others,
    /// 500,000 nodes a world, ISMCTS with the game's defaults.
    fn default() -> Self {
        PimcOptions {
            worlds: 20,
            from: 7,
            special: 13,
            nodes: 500_000,
            table_bits: DEFAULT_TABLE_BITS,
            margin: false,
            auction: true,
            bid_worlds: 20,
            infer: true,
            search: Cego::search_defaults(),
        }
    }
}

impl PimcOptions {
    /// The options of Cego's `expert` (`pimc:from=0`): PIMC only where it gains against
    /// ISMCTS at 1,000 iterations, judging the calls of Ulti, Piccolo and Bettel in the auction
    /// and playing every trick of Ulti, Piccolo, Bettel and Räuber; the counter games' card
    /// play is ISMCTS's, as are the rest of the auction and the discards (the crate docs,
    /// "Where PIMC gains", found PIMC's endings of the counter games no better than ISMCTS's).
    pub fn expert() -> PimcOptions {
        PimcOptions {
            from: 0,
            ..PimcOptions::default()
        }
    }

    /// The bytes of the solver's table a bot with these options allocates at its first solve
    /// (and holds from then on); a bot that never solves allocates none. A server can add these
    /// up to bound the memory of the bots it seats.
    pub fn table_bytes(&self) -> usize {
        Solver::table_bytes(self.table_bits)
    }

    /// The options of a `pimc` spec, read against [`PIMC`]'s keys: the defaults with each
    /// setting applied in order.
    pub fn from_spec(spec: &OwnSpec) -> PimcOptions {
        let mut o = PimcOptions::default();
        for s in spec.settings() {
            o.set(s.key, s.value);
        }
        o
    }

    /// Sets the option `key` to `value` (a value of the type [`PIMC`] gives the key; a key
    /// or value of another type, which a spec read against [`PIMC`] never has, is passed over).
    fn set(&mut self, key: &str, value: BotValue) {
        let small = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
        let tricks = |n: u64| u8::try_from(n).unwrap_or(u8::MAX);
        match (key, value) {
            ("worlds", BotValue::Whole(n)) => self.worlds = small(n),
            ("bids", BotValue::Whole(n)) => self.bid_worlds = small(n),
            ("from", BotValue::Whole(n)) => self.from = tricks(n),
            ("special", BotValue::Whole(n)) => self.special = tricks(n),
            ("nodes", BotValue::Whole(n)) => self.nodes = n,
            ("table", BotValue::Whole(n)) => self.table_bits = small(n),
            ("margin", BotValue::Flag(b)) => self.margin = b,
            ("auction", BotValue::Flag(b)) => self.auction = b,
            ("infer", BotValue::Flag(b)) => self.infer = b,
            ("iters", BotValue::Whole(n)) => self.search.iterations = small(n),
            ("ms", BotValue::Whole(n)) => self.search.millis = Some(n),
            ("seed", BotValue::Whole(n)) => self.search.seed = Some(n),
            _ => {}
        }
    }
}

/// The text of an own kind's spec (as [`cards_core::BotSpec`] writes it).
fn spec_name(spec: &OwnSpec) -> String {
    cards_core::BotSpec::Own(spec.clone()).to_string()
}

/// The PIMC bot; see the [module docs](self).
pub struct Pimc {
    name: String,
    options: PimcOptions,
    search: Ismcts<Cego>,
    own_rng: Option<GameRng>,
    /// The caller's clock, for the time budget.
    clock: Option<Clock>,
    /// The deadline of the decision being made (with `ms` and a clock).
    deadline: Option<Duration>,
    solver: Solver,
    /// The sum over the worlds of each legal card's payment.
    values: Vec<i64>,
    /// The tie-break of each legal card (`margin`).
    ties: Vec<i64>,
    /// The calls left to ISMCTS after the auction's judgement.
    rest: Vec<Action>,
    worlds_solved: u64,
}

impl std::fmt::Debug for Pimc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Pimc")
            .field("name", &self.name)
            .field("options", &self.options)
            .field("worlds_solved", &self.worlds_solved)
            .field("table_bytes", &self.solver.allocated_bytes())
            .finish_non_exhaustive()
    }
}

/// Cego's `expert` bot ([`cards_core::Catalog::expert_bot`]): PIMC where it gains against
/// ISMCTS and ISMCTS at 1,000 iterations elsewhere ([`PimcOptions::expert`]), with a seed of
/// its own when one is given.
pub(crate) fn expert(seed: Option<u64>) -> Box<dyn Bot<Cego>> {
    let mut options = PimcOptions::expert();
    options.search.seed = seed;
    Box::new(Pimc::new(options))
}

impl Pimc {
    /// A bot with these options, named `pimc`; a time budget (`ms`) needs
    /// [`Pimc::with_clock`]. It holds no solver table until its first solve.
    pub fn new(options: PimcOptions) -> Pimc {
        let own_rng = options.search.seed.map(cards_core::rng::rng_from_seed);
        Pimc {
            name: PIMC_KIND.to_owned(),
            search: Ismcts::new(options.search.clone()),
            own_rng,
            clock: None,
            deadline: None,
            solver: Solver::with_table_bits(options.table_bits),
            options,
            values: Vec::new(),
            ties: Vec::new(),
            rest: Vec::new(),
            worlds_solved: 0,
        }
    }

    /// The bot a `pimc` spec describes, reporting under the spec's text, with the clock a
    /// time budget (`ms`) needs ([`cards_core::make_bot`] refuses `ms` without one; here a
    /// budget without a clock is never read).
    pub fn from_spec(spec: &OwnSpec, clock: Option<Clock>) -> Pimc {
        let mut bot = Pimc::new(PimcOptions::from_spec(spec));
        bot.name = spec_name(spec);
        match clock {
            Some(clock) => bot.with_clock(clock),
            None => bot,
        }
    }

    /// The same bot with a clock for the time budget of its decisions (`ms`; see the
    /// [module docs](self)): a clock that jumps past the deadline cancels a decision.
    pub fn with_clock(mut self, clock: Clock) -> Pimc {
        self.search = Ismcts::new(self.options.search.clone())
            .named(PIMC_KIND)
            .with_clock(clock.clone());
        self.clock = Some(clock);
        self
    }

    /// The bytes of the solver's table the bot holds now: 0 until its first solve, then
    /// [`PimcOptions::table_bytes`].
    pub fn allocated_bytes(&self) -> usize {
        self.solver.allocated_bytes()
    }

    /// Whether the decision's deadline has passed (never without `ms` and a clock).
    fn past_deadline(&self) -> bool {
        match (&self.clock, self.deadline) {
            (Some(clock), Some(end)) => clock() >= end,
            _ => false,
        }
    }

    /// The options.
    pub fn options(&self) -> &PimcOptions {
        &self.options
    }

    /// Worlds solved over all decisions so far.
    pub fn worlds_solved(&self) -> u64 {
        self.worlds_solved
    }

    /// The auction's judgement of the special calls among the legal ones (Ulti, Piccolo,
    /// Bettel: each ends the auction at once, with the dealt hands, so a world is solved from
    /// its first card). In each of `bid_worlds` worlds the deciding seat makes each such call
    /// and the whole play is solved (a world over the node budget is left out). A call that
    /// wins in more than half of the solved worlds is made (the first such in the legal
    /// list); a call that wins in none is struck, and ISMCTS chooses among the calls left.
    /// Open-hand defenders beat these contracts far more often than real ones do (see the
    /// crate README, "PIMC in the auction"), so a call in between stays with ISMCTS. `None`
    /// when no such call is legal or none was struck (ISMCTS then chooses among every call).
    fn auction(&mut self, decision: &Decision<'_, Cego>, rng: &mut GameRng) -> Option<usize> {
        let legal = decision.legal();
        let special = |a: &Action| {
            matches!(
                a,
                Action::Bid(Contract::Ulti | Contract::Piccolo | Contract::Bettel)
            )
        };
        if !self.options.auction || !legal.iter().any(special) {
            return None;
        }
        // Per call: worlds won (values) and worlds solved (ties). The worlds are drawn from a
        // copy of the generator, so that ISMCTS below draws from it as it would alone: the
        // judgement changes what the seat does only where it makes or strikes ISMCTS's call.
        let mut judge = rng.clone();
        self.clear_tallies(legal.len());
        for _ in 0..self.options.bid_worlds {
            if self.past_deadline() {
                break;
            }
            let world = decision.determinize(&mut judge);
            for (i, a) in legal.iter().enumerate() {
                if !special(a) {
                    continue;
                }
                let mut w = world.clone();
                if Cego::apply(&mut w, a).is_err() || self.solver.load(&w).is_err() {
                    continue;
                }
                self.solver.set_node_budget(Some(self.options.nodes));
                if let Ok(v) = self.solver.value() {
                    self.values[i] += i64::from(v > 0);
                    self.ties[i] += 1;
                    self.worlds_solved += 1;
                }
            }
        }
        if let Some(i) =
            (0..legal.len()).find(|&i| special(&legal[i]) && 2 * self.values[i] > self.ties[i])
        {
            return Some(i);
        }
        let struck = |i: usize| special(&legal[i]) && self.ties[i] > 0 && self.values[i] == 0;
        if !(0..legal.len()).any(struck) {
            return None;
        }
        // ISMCTS's choice among every call stands unless it is struck; then it chooses again
        // among the calls left.
        let first = self.search.choose(decision, rng);
        if !struck(first) {
            return Some(first);
        }
        self.rest.clear();
        for (i, a) in legal.iter().enumerate() {
            if !struck(i) {
                self.rest.push(*a);
            }
        }
        self.choose_among_rest(decision, &mut judge)
    }

    /// The PIMC choice, or `None` when the decision is not one for PIMC (not a card to play,
    /// more than `from` or `special` tricks left, the double lead) or a world overran the node
    /// budget.
    fn pimc(&mut self, decision: &Decision<'_, Cego>, rng: &mut GameRng) -> Option<usize> {
        let legal = decision.legal();
        if !legal.iter().all(|a| matches!(a, Action::Play(_))) {
            return None;
        }
        self.clear_tallies(legal.len());
        // The first world tells whether PIMC decides at all (`from`, `special`); it is drawn
        // from a copy of the generator, so that a decision left to ISMCTS draws from it as
        // ISMCTS alone would.
        let mut probe = rng.clone();
        let first = decision.determinize(&mut probe);
        if self.too_early(&first) {
            return None;
        }
        *rng = probe;
        let mut first = Some(first);
        let mut solved = 0u32;
        for _ in 0..self.options.worlds {
            if self.past_deadline() {
                break;
            }
            let world = match first.take() {
                Some(world) => world,
                None => decision.determinize(rng),
            };
            let world = self.infer(decision, world, rng);
            // A world stopped at the deadline is left out and the sampling ends; one over
            // the node budget hands the decision to ISMCTS.
            if !self.tally_world(&world, legal, decision.seat())? {
                break;
            }
            self.worlds_solved += 1;
            solved += 1;
        }
        if solved == 0 {
            return None;
        }
        let mut best = 0;
        for i in 1..self.values.len() {
            let (v, t) = (self.values[i], self.ties[i]);
            let (bv, bt) = (self.values[best], self.ties[best]);
            if v > bv || (v == bv && t > bt) {
                best = i;
            }
        }
        // Cards the worlds cannot tell apart go to ISMCTS.
        let top = (self.values[best], self.ties[best]);
        self.rest.clear();
        for (i, a) in legal.iter().enumerate() {
            if (self.values[i], self.ties[i]) == top {
                self.rest.push(*a);
            }
        }
        if self.rest.len() <= 1 {
            return Some(best);
        }
        self.choose_among_rest(decision, rng).or(Some(best))
    }

    /// Whether more tricks are left in the deal of `world` than PIMC takes on (`from` in the
    /// counter games, `special` in the others).
    fn too_early(&self, world: &crate::State) -> bool {
        let d = &world.deal;
        let left = d.tricks_per_deal().saturating_sub(d.trick_no);
        let counter = d.contract.is_none_or(Contract::is_counter);
        left > if counter {
            self.options.from
        } else {
            self.options.special
        }
    }

    /// Solves one world and adds each card's value for `seat` to the tallies: `Some(true)`
    /// when it did, `Some(false)` when the solver stopped at the deadline, `None` when the
    /// world cannot be solved (over the node budget).
    fn tally_world(
        &mut self,
        world: &crate::State,
        legal: &[Action],
        seat: cards_core::Seat,
    ) -> Option<bool> {
        self.solver.load(world).ok()?;
        self.solver.set_node_budget(Some(self.options.nodes));
        let soloist = self.solver.soloist();
        if self.options.margin && self.solver.contract().is_counter() && soloist.is_some() {
            let sign = if soloist == Some(seat) { 1 } else { -1 };
            let values = match self.solver.card_values() {
                Err(SolveError::Deadline) => return Some(false),
                r => r.ok()?,
            };
            for (c, v) in values {
                let i = legal.iter().position(|a| *a == Action::Play(c))?;
                self.values[i] += i64::from(self.solver.payment(v, seat));
                self.ties[i] += sign * i64::from(v);
            }
        } else {
            let payments = match self.solver.card_payments() {
                Err(SolveError::Deadline) => return Some(false),
                r => r.ok()?,
            };
            for (c, x) in payments {
                let i = legal.iter().position(|a| *a == Action::Play(c))?;
                self.values[i] += i64::from(x);
            }
        }
        Some(true)
    }

    /// A world for the card play, `world` drawn with [`cards_core::GameState::determinize`]: in a Solo, for a
    /// defender with `infer`, it is kept with the chance that ISMCTS would have called Solo
    /// with the soloist's hand as the world deals it ([`solo_call_chance`]); a world turned
    /// down is drawn again, up to [`INFER_DRAWS`] draws, after which the likeliest draw is
    /// taken. Rejection sampling: the worlds follow the uniform deal weighted by that chance.
    fn infer(
        &self,
        decision: &Decision<'_, Cego>,
        mut world: crate::State,
        rng: &mut GameRng,
    ) -> crate::State {
        let d = &world.deal;
        let Some(soloist) = d.soloist else {
            return world;
        };
        if !self.options.infer
            || d.contract != Some(Contract::Solo)
            || world.local_seat(decision.seat()) == Some(soloist)
        {
            return world;
        }
        // The soloist's cards played so far (public): with his hand in a world, his dealt
        // hand (in a Solo the cego stays set aside).
        let played = (d.history.iter().flat_map(TrickRecord::plays))
            .chain(d.tricks.iter().flat_map(Trick::plays))
            .filter(|p| p.0 == soloist)
            .fold(0u128, |m, p| m | p.1.bit());
        let chance =
            |w: &crate::State| solo_call_chance(w.deal.hands[soloist.index()].bits() | played);
        let mut best: Option<(u16, crate::State)> = None;
        for _ in 0..INFER_DRAWS {
            let p = chance(&world);
            if below(rng, 1000) < u64::from(p) {
                return world;
            }
            let next = decision.determinize(rng);
            if best.as_ref().is_none_or(|b| p > b.0) {
                best = Some((p, std::mem::replace(&mut world, next)));
            } else {
                world = next;
            }
        }
        best.map_or(world, |b| b.1)
    }

    /// Zeroed tallies for `n` legal actions.
    fn clear_tallies(&mut self, n: usize) {
        self.values.clear();
        self.values.resize(n, 0);
        self.ties.clear();
        self.ties.resize(n, 0);
    }

    /// ISMCTS's choice among the actions in `rest` (a part of the decision's legal list, in
    /// its order), as an index into the legal list; `None` when `rest` is empty.
    fn choose_among_rest(
        &mut self,
        decision: &Decision<'_, Cego>,
        rng: &mut GameRng,
    ) -> Option<usize> {
        let rest = std::mem::take(&mut self.rest);
        let j = match rest.len() {
            0 | 1 => 0,
            _ => self.search.choose(&decision.narrowed(&rest), rng),
        };
        let chosen = rest
            .get(j)
            .and_then(|a| decision.legal().iter().position(|b| b == a));
        self.rest = rest;
        chosen
    }
}

/// Draws of a world per decision before `infer` takes the likeliest one.
pub const INFER_DRAWS: usize = 32;

/// The chance, per mille, that ISMCTS at 1,000 iterations calls Solo with a dealt hand of
/// `trocks` Trocks (rows, 0 to 11) of which `high` are among the six highest (Trock 17 to the
/// Gstieß; columns 0 to 6): `1000 / (1 + exp(11.27 - 1.43 trocks - 0.98 high))`, the logistic
/// fit to the Solos of 2,000 deals (`cargo run --release -p game-cego --example
/// solo_callers`, 982 Solos among 8,000 dealt hands; base seed 7, apart from the deals the
/// strength figures use).
const SOLO_CALL: [[u16; 7]; 12] = [
    [0, 0, 0, 0, 1, 2, 4],
    [0, 0, 0, 1, 3, 7, 18],
    [0, 1, 2, 4, 11, 28, 72],
    [1, 2, 6, 17, 43, 108, 243],
    [4, 10, 26, 66, 159, 334, 571],
    [16, 40, 100, 228, 440, 676, 847],
    [62, 148, 316, 551, 765, 897, 958],
    [214, 420, 658, 836, 931, 973, 990],
    [531, 751, 889, 955, 983, 993, 997],
    [825, 926, 971, 989, 996, 998, 999],
    [951, 981, 993, 997, 999, 1000, 1000],
    [988, 995, 998, 999, 1000, 1000, 1000],
];

/// [`SOLO_CALL`] for a dealt hand as raw card bits.
fn solo_call_chance(hand: u128) -> u16 {
    let trocks = (hand & SUIT_MASKS[usize::from(TROCK)]).count_ones() as usize;
    let high = (hand & SUIT_MASKS[usize::from(TROCK)] & !((1u128 << 16) - 1)).count_ones() as usize;
    SOLO_CALL[trocks.min(11)][high.min(6)]
}

impl Bot<Cego> for Pimc {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, Cego>, rng: &mut GameRng) -> usize {
        if decision.legal().len() <= 1 {
            return 0;
        }
        // The decision's deadline (only with `ms` and a clock): every solve and the ISMCTS
        // part stop there.
        self.deadline = match (&self.clock, self.options.search.millis) {
            (Some(clock), Some(ms)) => Some(clock().saturating_add(Duration::from_millis(ms))),
            _ => None,
        };
        let solver_deadline = self.clock.clone().zip(self.deadline);
        self.solver.set_deadline(solver_deadline);
        self.search.set_deadline(self.deadline);
        let mut own = self.own_rng.take();
        let rng = own.as_mut().unwrap_or(rng);
        let i = self
            .auction(decision, rng)
            .or_else(|| self.pimc(decision, rng))
            .unwrap_or_else(|| self.search.choose(decision, rng));
        self.own_rng = own;
        i
    }

    /// The ISMCTS iterations plus the worlds solved.
    fn iterations(&self) -> u64 {
        self.search.iterations() + self.worlds_solved
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Config;
    use cards_core::GameConfig;
    use cards_core::rng::{derive_seed, next_u64, rng_from_seed};

    /// A single deal played by heuristic bots up to the fifth trick of a Solo, which the
    /// first seat that may calls, or `None` when the auction ends in another contract.
    fn solo_at_trick_five(seed: u64) -> Option<(crate::State, usize)> {
        let mut s = Cego::new(&Config::default().single_deal(), seed).ok()?;
        let mut bot = Cego::heuristic_bot();
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = Cego::to_move(&s) {
            if s.deal.trick_no == 4 && s.deal.contract == Some(Contract::Solo) {
                let soloist = s.deal.soloist?.index();
                return Some((s, soloist));
            }
            let legal = Cego::legal_actions(&s);
            let solo = Action::Bid(Contract::Solo);
            let i = match legal.iter().position(|a| *a == solo) {
                Some(i) => i,
                None => bot.choose(&Decision::new(&s, seat, &legal), &mut rng),
            };
            Cego::apply(&mut s, &legal[i]).ok()?;
        }
        None
    }

    #[test]
    fn solo_call_chance_grows_with_trocks_and_high_trocks() {
        for t in 0..12 {
            for h in 0..7 {
                if t > 0 {
                    assert!(SOLO_CALL[t][h] >= SOLO_CALL[t - 1][h]);
                }
                if h > 0 {
                    assert!(SOLO_CALL[t][h] >= SOLO_CALL[t][h - 1]);
                }
            }
        }
        // Seven Trocks with Gstieß, Mond and Trock 19: 7 Trocks, 3 of them high.
        let hand = (0..4u128).fold(0, |m, i| m | 1 << i) | 0b111 << 19;
        assert_eq!(solo_call_chance(hand), SOLO_CALL[7][3]);
        assert_eq!(solo_call_chance(1 << 22 | 1 << 23), SOLO_CALL[0][0]);
    }

    #[test]
    fn a_solo_defender_draws_the_soloist_stronger_and_the_soloist_draws_as_before() {
        let solos: Vec<_> = (0..200)
            .filter_map(|g| solo_at_trick_five(derive_seed(17, g)))
            .take(6)
            .collect();
        assert!(solos.len() >= 3, "{} Solos", solos.len());
        let bot = Pimc::new(PimcOptions::default());
        let plain = Pimc::new(PimcOptions {
            infer: false,
            ..PimcOptions::default()
        });
        let trocks = |s: &crate::State, seat: usize| {
            (s.deal.hands[seat].bits() & SUIT_MASKS[usize::from(TROCK)]).count_ones()
        };
        for (s, soloist) in &solos {
            let soloist = *soloist;
            let legal = Cego::legal_actions(s);
            // Each seat's worlds as if it decided: the soloist's Trocks in 300 of them.
            for seat in 0..4u8 {
                let d = Decision::new(s, cards_core::Seat(seat), &legal);
                let (mut with, mut without) = (0, 0);
                let (mut r1, mut r2) = (rng_from_seed(1), rng_from_seed(1));
                for _ in 0..300 {
                    let w = bot.infer(&d, d.determinize(&mut r1), &mut r1);
                    with += trocks(&w, soloist);
                    let w = plain.infer(&d, d.determinize(&mut r2), &mut r2);
                    without += trocks(&w, soloist);
                }
                if usize::from(seat) == soloist {
                    // He knows his hand, and his worlds are drawn as before.
                    assert_eq!(with, without);
                    assert_eq!(next_u64(&mut r1), next_u64(&mut r2));
                } else {
                    assert!(with > without, "seat {seat}: {with} against {without}");
                }
            }
        }
    }
}
