//! The exact open-hand (double-dummy) solver of the card play (issue 16).
//!
//! For a deal in card play with every hand known, a [`Solver`] gives the exact result of the
//! remaining play when every seat plays perfectly for its side, with the same rules as the
//! engine (follow suit, else a Trock, else anything; dead cards and CG14; the first lead of One
//! Blank and Little Man; CG9's hold-back variant; three, four or five players).
//!
//! # Objectives and values
//! - **Counter games** (Solo to Little Man): the soloist's final card points in half points, as
//!   [`Score::Counter`](crate::Score::Counter) reports them: his tricks with the set-aside
//!   cards (and at three players the removed cards) counted as one pile if he takes a trick,
//!   else 0. He maximises it, the defenders minimise it. The payment is a non-decreasing
//!   function of these points, so the same play is also perfect for the payments
//!   ([`Solver::payment`] converts).
//! - **Ulti, Piccolo, Bettel**: 1 when the soloist reaches his object, else 0.
//! - **Räuber** has no sides: [`Solver::value_for`] a seat is that seat's payment when it
//!   plays to maximise it and the three others play to minimise it (a *paranoid* search, the
//!   usual exact value of a multi-player game for one seat).
//!
//! # Search
//! MTD(f) with bisection: a sequence of null-window alpha-beta searches (fail-soft) converging
//! on the exact value; each test follows the last fail-soft value, with a step that doubles
//! while the tests fail the same way, and once the value is bounded on both sides the interval
//! is halved (counting in threes, card points are whole, so only even half points are tested;
//! Räuber's payments are whole stakes). Every test lies within what the objective allows
//! (Ulti, Piccolo and Bettel: 0 or 1, so one test decides; a counter game: the bounds below;
//! Räuber: the hero's payments), so no search is spent on a value the play cannot have.
//! The last trick, where every hand holds one card, is played out without a search. Around it:
//! - a **transposition table** of value bounds at trick boundaries, `2^18` entries by default
//!   (buckets of four entries of one cache line each), keyed by the remaining cards by relative
//!   rank (who holds each remaining card, in card order, with the honours and dead cards left:
//!   positions that differ only in the cards already played share an entry), the leader and
//!   the part of the score state the rest depends on. Card points counted in threes are not a
//!   sum over tricks, so the table stores a position's value less the part fixed by the pile
//!   already won (its raw points and complete groups of three), keyed with the pile's size
//!   modulo 3 and whether the soloist has a trick; in Räuber every seat's pile state is in the
//!   key;
//! - **equivalent cards merged**: two cards of one hand in one suit with no card of another
//!   hand or of the current trick ranked between them, neither dead, and worth the same card
//!   points (points do not matter in Ulti, Piccolo, Bettel, where Trock 1 is never merged)
//!   are one move;
//! - **move ordering** by the table's best move, then (counter games, a card to a trick already
//!   led) taking the trick from the other side cheaply, smearing points onto the own side's
//!   trick, or the cheapest card; in Räuber by a history heuristic (cards that cut off
//!   before); then card order (the history heuristic took twice the nodes in counter games and
//!   did not help Ulti, Piccolo or Bettel);
//! - **bounds** in counter games: the soloist's pile can only grow, and card points counted
//!   either way never fall when a card is added, so the value lies between the pile's value now
//!   and the value with every remaining card; at a trick boundary the top Trocks that one side
//!   holds are sure to end in its tricks (they count in the lower bound when they are the
//!   soloist's, and are left out of the upper bound when they are the defenders'), each such
//!   trick holding a card of every other seat worth at least a point (the soloist's top
//!   Trocks bring that many more cards to his pile; the defenders' take at least the cards of
//!   the fewest tricks that can hold them away from it). The soloist is sure of as many
//!   tricks as he holds Trocks less the most of them that can each be matched with a higher
//!   Trock of another seat (each of his Trocks falls in a trick of its own, and each of
//!   theirs beats at most one): each such trick brings his Trock and a card of every other
//!   seat to his pile, at least a point each (and his set-aside cards count);
//!   in Bettel and Piccolo the soloist loses once the tricks he has and those he is sure of
//!   make one trick (Bettel) or two (Piccolo);
//!   in Räuber, at a trick boundary, a hero who has more card points than any other seat can
//!   still reach is sure to pay, and one whom another seat already beats whatever comes is
//!   sure to receive one to three stakes;
//! - a **node budget** ([`Solver::set_node_budget`]): a search that exceeds it stops with
//!   [`SolveError::Budget`] so that a caller can fall back to something cheaper;
//! - a **deadline** ([`Solver::set_deadline`]) on a caller's [`Clock`], read when a call
//!   starts and every 1,024 nodes: a search past it stops in the same way, with
//!   [`SolveError::Deadline`]; a clock that jumps past it cancels the search.
//!
//! The table is allocated by the first call that searches, not by [`Solver::new`]
//! ([`Solver::table_bytes`] gives its size beforehand), so a solver that never searches holds
//! no table.
//!
//! Not covered: the double lead of tricks 1 and 2 (Two Blanks / Two Different before trick 3):
//! [`SolveError::DoubleLead`].
//!
//! [`solve_by_minimax`] computes the same values by plain minimax without any of the above; the
//! tests check that they agree on hundreds of random endings of every contract.
//!
//! [`Solver::card_payments`] needs no exact values: the payment is a step function of the
//! value, so a binary search of null-window searches at its steps finds each card's payment.

// The code by concern, each part depending only on those before it (and on the types here):
// `position` (the compact position, its moves, equivalent cards, playing a card); `bounds`
// (what is known of a value without searching) and `order` (move ordering); `table` (the
// transposition table); `search` (MTD(f), alpha-beta, the node budget and the deadline).
mod bounds;
mod order;
mod position;
mod search;
mod table;

use std::time::Duration;

use cards_core::Seat;
use cards_core::search::Clock;

use crate::cards::{Card, Counting, SUIT_MASKS, raw};
use crate::contract::Contract;
pub use crate::error::SolveError;
use crate::rules::Stakes;
use crate::scoring::{counter_amount, special_stake};
use crate::seats::DIR;
use crate::state::{Phase, State};

use position::Pos;
use table::Entry;

/// The transposition table's default size: `2^18` entries.
pub const DEFAULT_TABLE_BITS: u32 = 18;

/// The sizes of the transposition table a [`Solver`] takes, as powers of two of its entries
/// ([`Solver::with_table_bits`] clamps to them).
pub const TABLE_BITS: std::ops::RangeInclusive<u32> = 8..=24;

/// The exact result of the remaining card play with every hand known (see the module docs):
/// for a counter game the soloist's final card points in half points, for Ulti, Piccolo and
/// Bettel 1 if the soloist reaches his object and 0 if not. `None` outside card play, in
/// Räuber (use [`Solver::value_for`]), during the double lead of Two Blanks / Two Different,
/// and when the match is over.
pub fn solve(state: &State) -> Option<i32> {
    let mut s = Solver::with_table_bits(14);
    s.load(state).ok()?;
    s.value().ok()
}

/// The same value as [`solve`] by plain minimax over every legal card, without pruning, table
/// or merged cards (for tests; exponential).
#[doc(hidden)]
pub fn solve_by_minimax(state: &State) -> Option<i32> {
    let mut s = Solver::with_table_bits(10);
    s.load(state).ok()?;
    if s.aim == Aim::Raeuber {
        return None;
    }
    s.hero = s.soloist;
    let pos = s.root;
    Some(s.minimax(&pos))
}

/// The same value as [`Solver::value_for`] by plain minimax (for tests; exponential).
#[doc(hidden)]
pub fn solve_by_minimax_for(state: &State, seat: Seat) -> Option<i32> {
    let mut s = Solver::with_table_bits(10);
    s.load(state).ok()?;
    s.hero = if s.aim == Aim::Raeuber {
        s.local(seat).ok()?
    } else {
        s.soloist
    };
    let pos = s.root;
    Some(s.minimax(&pos))
}

/// What the objective is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Aim {
    Points,
    Ulti,
    Piccolo,
    Bettel,
    Raeuber,
}

const INF: i32 = i32::MAX / 4;

/// An exact open-hand solver of the card play; see the [module docs](self).
///
/// One solver can be loaded with many states in turn ([`Solver::load`]), keeping its table's
/// memory (cleared in O(1) at each load).
///
/// ```
/// use cards_core::{Game, GameConfig};
/// use game_cego::{Cego, Config, Solver};
///
/// // A deal played with the first legal action until the last three tricks.
/// let mut s = Cego::new(&Config::default().single_deal(), 7).unwrap();
/// while s.deal.trick_no < 8 || !matches!(s.deal.phase, game_cego::Phase::Play) {
///     let a = Cego::legal_actions(&s)[0];
///     Cego::apply(&mut s, &a).unwrap();
/// }
/// let mut solver = Solver::new();
/// solver.load(&s).unwrap();
/// let (card, value) = solver.best_card().unwrap();
/// assert!(solver.card_values().unwrap().contains(&(card, value)));
/// ```
pub struct Solver {
    seats: u8,
    /// Local seat of the soloist (Forehand in Räuber).
    soloist: u8,
    /// The seat whose value is maximised.
    hero: u8,
    aim: Aim,
    contract: Contract,
    counting: Counting,
    /// Whether the factor comes from the after-Solo column.
    after_solo_column: bool,
    round_strict_next: bool,
    special_stakes: Stakes,
    raeuber_stakes: Stakes,
    forehand: u8,
    /// Local seat to real seat.
    real: [Seat; 4],
    /// Cards that never win.
    dead: u64,
    /// The cards that count for the soloist when he takes a trick (set-aside, removed).
    set_aside: u64,
    /// The number of tricks of the deal.
    total: u8,
    /// The first lead's restriction (One Blank: the exposed card's suit; Little Man: T1).
    first_lead: Option<u64>,
    hold_back: bool,
    next: [u8; 4],
    root: Pos,
    loaded: bool,
    /// The table (empty until the first call that searches allocates its `2^bits` entries).
    table: Vec<Entry>,
    bits: u32,
    mask: usize,
    generation: u32,
    /// Räuber's history heuristic: per local seat and card, the cut-offs it gave.
    history: [[u32; 64]; 4],
    nodes: u64,
    /// The null-window searches of the last call.
    searches: u32,
    budget: u64,
    /// The caller's clock and the time on it past which a search stops.
    deadline: Option<(Clock, Duration)>,
    aborted: bool,
    /// The search was aborted at the deadline (not the node budget).
    timed_out: bool,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("contract", &self.contract)
            .field("loaded", &self.loaded)
            .field("nodes", &self.nodes)
            .field("budget", &self.budget)
            .field("deadline", &self.deadline.as_ref().map(|d| d.1))
            .field("table_entries", &self.table.len())
            .finish_non_exhaustive()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with a table of `2^18` entries ([`DEFAULT_TABLE_BITS`], 64 bytes each, about
    /// 17 MB, allocated by the first call that searches), no node budget and no deadline.
    pub fn new() -> Solver {
        Solver::with_table_bits(DEFAULT_TABLE_BITS)
    }

    /// A solver with a table of `2^bits` entries (`bits` clamped to [`TABLE_BITS`], 8..=24;
    /// allocated by the first call that searches), no node budget and no deadline.
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(*TABLE_BITS.start(), *TABLE_BITS.end());
        Solver {
            seats: 4,
            soloist: 0,
            hero: 0,
            aim: Aim::Points,
            contract: Contract::Solo,
            counting: Counting::Threes,
            after_solo_column: false,
            round_strict_next: false,
            special_stakes: Stakes::Parlett,
            raeuber_stakes: Stakes::Parlett,
            forehand: 0,
            real: [Seat(0), Seat(1), Seat(2), Seat(3)],
            dead: 0,
            set_aside: 0,
            total: 11,
            first_lead: None,
            hold_back: false,
            next: [1, 2, 3, 0],
            root: Pos::default(),
            loaded: false,
            table: Vec::new(),
            bits,
            mask: (1 << bits) - 1,
            generation: 1,
            history: [[0; 64]; 4],
            nodes: 0,
            searches: 0,
            budget: u64::MAX,
            deadline: None,
            aborted: false,
            timed_out: false,
        }
    }

    /// The bytes of the table of a solver made with [`Solver::with_table_bits`]`(bits)`
    /// (`bits` clamped likewise): what its first search allocates.
    pub const fn table_bytes(bits: u32) -> usize {
        let bits = if bits < *TABLE_BITS.start() {
            *TABLE_BITS.start()
        } else if bits > *TABLE_BITS.end() {
            *TABLE_BITS.end()
        } else {
            bits
        };
        (1usize << bits) * std::mem::size_of::<Entry>()
    }

    /// The bytes of the table this solver holds now: 0 until its first search, then
    /// [`Solver::table_bytes`] of its size.
    pub fn allocated_bytes(&self) -> usize {
        self.table.len() * std::mem::size_of::<Entry>()
    }

    /// A solver loaded with `state` ([`Solver::new`] then [`Solver::load`]).
    ///
    /// # Errors
    /// As [`Solver::load`].
    pub fn from_state(state: &State) -> Result<Solver, SolveError> {
        let mut s = Solver::new();
        s.load(state)?;
        Ok(s)
    }

    /// Limits each later call ([`Solver::value`], [`Solver::value_for`],
    /// [`Solver::card_values`], [`Solver::best_card`]) to `nodes` search nodes (`None`: no
    /// limit); a call that needs more returns [`SolveError::Budget`].
    pub fn set_node_budget(&mut self, nodes: Option<u64>) {
        self.budget = nodes.unwrap_or(u64::MAX);
    }

    /// Stops each later call (as [`Solver::set_node_budget`] lists them) once `clock` has
    /// reached `deadline` (a time the clock returns; `None`: no deadline): the clock is read
    /// when a call starts and every 1,024 nodes, and a call past it returns
    /// [`SolveError::Deadline`], as one over its node budget returns [`SolveError::Budget`].
    /// A caller cancels a search by making its clock jump past the deadline (see
    /// [`Clock`]).
    pub fn set_deadline(&mut self, deadline: Option<(Clock, Duration)>) {
        self.deadline = deadline;
    }

    /// The nodes the last call searched.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The null-window searches the last call made (each a full alpha-beta search of the
    /// position with a window of one value; see the module docs).
    pub fn searches(&self) -> u32 {
        self.searches
    }

    /// The contract of the loaded deal.
    pub fn contract(&self) -> Contract {
        self.contract
    }

    /// The soloist of the loaded deal (a real seat); `None` in Räuber or when nothing is
    /// loaded.
    pub fn soloist(&self) -> Option<Seat> {
        (self.loaded && self.aim != Aim::Raeuber).then(|| self.real[usize::from(self.soloist & 3)])
    }

    /// Loads the position of `state` (every hand as the state has it: a true state, or a
    /// determinized world). Forgets everything learned from the previous position.
    ///
    /// # Errors
    /// [`SolveError::NotCardPlay`] outside card play or when the match is over,
    /// [`SolveError::DoubleLead`] in tricks 1 and 2 of Two Blanks / Two Different.
    pub fn load(&mut self, state: &State) -> Result<(), SolveError> {
        self.loaded = false;
        self.new_generation();
        self.history = [[0; 64]; 4];
        let d = &state.deal;
        if state.over || !matches!(d.phase, Phase::Play) {
            return Err(SolveError::NotCardPlay);
        }
        if d.double && d.trick_no == 0 {
            return Err(SolveError::DoubleLead);
        }
        let contract = d.contract.ok_or(SolveError::NotCardPlay)?;
        let soloist = d.soloist.unwrap_or(d.forehand);
        let config = state.config();
        self.aim = match contract {
            Contract::Raeuber => Aim::Raeuber,
            Contract::Ulti => Aim::Ulti,
            Contract::Piccolo => Aim::Piccolo,
            Contract::Bettel => Aim::Bettel,
            _ => Aim::Points,
        };
        self.contract = contract;
        self.seats = d.seats;
        self.soloist = soloist.0;
        self.hero = soloist.0;
        self.forehand = d.forehand.0;
        self.counting = config.count;
        self.after_solo_column = d.after_solo
            && !(config.solo_caller_uses_normal_factor && d.auction.solo_caller == d.soloist);
        self.round_strict_next = config.round_strict_next;
        self.special_stakes = config.special_stakes;
        self.raeuber_stakes = config.raeuber_stakes;
        for (k, r) in self.real.iter_mut().enumerate() {
            *r = state.real_seat(Seat(k as u8));
        }
        let n = usize::from(d.seats);
        for (k, x) in self.next.iter_mut().enumerate() {
            *x = Seat(k as u8).next(n, DIR).0;
        }
        self.set_aside = (match contract {
            Contract::Solo => raw(d.cego),
            c if c.takes_cego() => raw(d.legage),
            _ => 0,
        } | raw(crate::cards::removed(d.n()))) as u64;
        self.first_lead = match contract {
            Contract::OneBlank => d
                .exposed
                .first()
                .map(|c| SUIT_MASKS[c.suit_code() as usize] as u64),
            Contract::LittleMan => Some(Card::T1.bit() as u64),
            _ => None,
        };
        self.dead = raw(d.dead) as u64;
        self.total = d.tricks_per_deal();
        self.hold_back = config.ulti_must_hold_back && contract == Contract::Ulti;
        self.root = Pos::of_deal(d);
        self.loaded = true;
        Ok(())
    }

    fn local(&self, seat: Seat) -> Result<u8, SolveError> {
        self.real
            .iter()
            .take(usize::from(self.seats))
            .position(|&r| r == seat)
            .map(|k| k as u8)
            .ok_or(SolveError::NotPlaying(seat))
    }

    /// Sets the seat whose value is maximised (a new generation of the table when it changes).
    fn set_hero(&mut self, hero: u8) {
        if hero != self.hero {
            self.hero = hero;
            self.new_generation();
        }
    }

    fn check(&self) -> Result<(), SolveError> {
        if self.loaded {
            Ok(())
        } else {
            Err(SolveError::NotCardPlay)
        }
    }

    /// The exact value of the loaded position for the soloist's objective (see the module
    /// docs).
    ///
    /// # Errors
    /// [`SolveError::NoSoloist`] in Räuber, [`SolveError::Budget`], or nothing loaded.
    pub fn value(&mut self) -> Result<i32, SolveError> {
        self.check()?;
        if self.aim == Aim::Raeuber {
            return Err(SolveError::NoSoloist);
        }
        self.value_inner(self.soloist)
    }

    /// The exact value of the loaded position for `seat` (a real seat, as
    /// [`Game::to_move`](cards_core::Game::to_move) names them): in Räuber the seat's payment
    /// when it maximises it and the others minimise it; in the soloist games the soloist's
    /// value as [`Solver::value`] gives it, whichever seat is asked.
    ///
    /// # Errors
    /// [`SolveError::NotPlaying`], [`SolveError::Budget`], or nothing loaded.
    pub fn value_for(&mut self, seat: Seat) -> Result<i32, SolveError> {
        self.check()?;
        let local = self.local(seat)?;
        let hero = if self.aim == Aim::Raeuber {
            local
        } else {
            self.soloist
        };
        self.value_inner(hero)
    }

    fn value_inner(&mut self, hero: u8) -> Result<i32, SolveError> {
        self.set_hero(hero);
        self.start_search();
        let root = self.root;
        let guess = self.guess(&root);
        let v = self.mtdf(&root, guess);
        if self.aborted {
            return Err(self.abort_error());
        }
        Ok(v)
    }

    /// Each legal card of the seat to move with the exact value of the position after it, in
    /// card order: for the soloist's objective in the soloist games (the soloist plays a card
    /// of the highest value, a defender one of the lowest), for the seat to move in Räuber (its
    /// payment in a paranoid search; it plays a card of the highest value).
    ///
    /// # Errors
    /// [`SolveError::Budget`] (the budget counts the nodes of all the cards together), or
    /// nothing loaded.
    pub fn card_values(&mut self) -> Result<Vec<(Card, i32)>, SolveError> {
        self.check()?;
        let root = self.root;
        let hero = if self.aim == Aim::Raeuber {
            root.to_move
        } else {
            self.soloist
        };
        self.set_hero(hero);
        self.start_search();
        let mut guess = self.guess(&root);
        self.per_card(|solver, q| {
            let v = solver.mtdf(q, guess);
            guess = v;
            v
        })
    }

    /// Each legal card at the root with `value` of the position after it, in card order; a card
    /// equivalent to one valued before shares its value. Stops at a node-budget overrun.
    fn per_card(
        &mut self,
        mut value: impl FnMut(&mut Self, &Pos) -> i32,
    ) -> Result<Vec<(Card, i32)>, SolveError> {
        let root = self.root;
        let moves = self.moves(&root);
        let mut out: Vec<(Card, i32)> = Vec::with_capacity(moves.count_ones() as usize);
        let mut m = moves;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            let c = Card::from_raw(i);
            if let Some(&(_, v)) = out
                .iter()
                .find(|&&(e, _)| self.equivalent(&root, e.index(), i))
            {
                out.push((c, v));
                continue;
            }
            let q = self.play(&root, i);
            let v = value(self, &q);
            if self.aborted {
                return Err(self.abort_error());
            }
            out.push((c, v));
        }
        Ok(out)
    }

    /// Each legal card of the seat to move with the exact payment that seat receives after it
    /// ([`Solver::payment`] of the card's value), in card order. Cheaper than
    /// [`Solver::card_values`] in the soloist games: the payment is a step function of the
    /// value, so a few null-window searches at the steps find it (a binary search over the
    /// steps between the position's bounds) instead of the exact value. In Räuber the same as
    /// [`Solver::card_values`] (those values are the payments of the seat to move).
    ///
    /// # Errors
    /// As [`Solver::card_values`].
    pub fn card_payments(&mut self) -> Result<Vec<(Card, i32)>, SolveError> {
        self.check()?;
        let root = self.root;
        let mover = self.real[usize::from(root.to_move & 3)];
        if self.aim == Aim::Raeuber {
            return self.card_values();
        }
        self.set_hero(self.soloist);
        self.start_search();
        // The values where the payment changes, ascending.
        let top = match self.aim {
            Aim::Points => 2 * 106,
            _ => 1,
        };
        let mut steps = Vec::new();
        let mut last = self.payment(0, mover);
        for v in 1..=top {
            let x = self.payment(v, mover);
            if x != last {
                steps.push(v);
                last = x;
            }
        }
        self.per_card(|solver, q| {
            // Binary search for the number of steps at or below the value.
            let (mut lo, mut hi) = (0usize, steps.len());
            while lo < hi {
                let mid = (lo + hi).div_ceil(2);
                let t = steps[mid - 1];
                let (lo_q, hi_q) = solver.range(q);
                let g = if lo_q >= t {
                    lo_q
                } else if hi_q < t {
                    hi_q
                } else {
                    solver.searches += 1;
                    solver.search(q, t - 1, t)
                };
                if solver.aborted {
                    return 0;
                }
                if g >= t {
                    lo = mid;
                } else {
                    hi = mid - 1;
                }
            }
            let v = if lo == 0 { 0 } else { steps[lo - 1] };
            solver.payment(v, mover)
        })
    }

    /// A best card for the seat to move and the exact value (of the whole position): the first
    /// card in card order of the best value of [`Solver::card_values`] for the seat's side.
    ///
    /// # Errors
    /// As [`Solver::card_values`].
    pub fn best_card(&mut self) -> Result<(Card, i32), SolveError> {
        let values = self.card_values()?;
        let maximise = self.root.to_move == self.hero;
        let mut best: Option<(Card, i32)> = None;
        for (c, v) in values {
            let better = match best {
                None => true,
                Some((_, b)) => (maximise && v > b) || (!maximise && v < b),
            };
            if better {
                best = Some((c, v));
            }
        }
        best.ok_or(SolveError::NotCardPlay)
    }

    /// What `seat` (a real seat) receives at the end of the deal when the play ends with
    /// `value` ([`Solver::value`], [`Solver::card_values`]): in a counter game the amount of
    /// [`counter_amount`] for those card points at the contract's factor, times the number of
    /// defenders for the soloist and negated for a defender; in Ulti, Piccolo and Bettel the
    /// stake likewise; in Räuber `value` itself (it is already a payment of the seat it was
    /// computed for). The dealer sitting out at five players is counted as nobody.
    pub fn payment(&self, value: i32, seat: Seat) -> i32 {
        let amount = match self.aim {
            Aim::Raeuber => return value,
            Aim::Points => {
                let config = crate::rules::Config {
                    count: self.counting,
                    round_strict_next: self.round_strict_next,
                    ..crate::rules::Config::default()
                };
                let won = crate::scoring::counter_won(value, self.counting);
                let factor = self.contract.factor(self.after_solo_column, won);
                let (won, amount) = counter_amount(value, factor, &config);
                if won { amount } else { -amount }
            }
            _ => {
                let stake = special_stake(self.contract, self.special_stakes);
                if value > 0 { stake } else { -stake }
            }
        };
        match self.local(seat) {
            Ok(s) if s == self.soloist => amount * (i32::from(self.seats) - 1),
            Ok(_) => -amount,
            Err(_) => 0,
        }
    }
}
