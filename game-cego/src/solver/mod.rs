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

use std::time::Duration;

use cards_core::Seat;
use cards_core::search::Clock;

use crate::cards::{COURTS, Card, Counting, SUIT_MASKS, TROCK, half_points, raw, raw_points, set};
use crate::rules::{Contract, Stakes, follow_options};
use crate::scoring::{counter_amount, raeuber_payments, raeuber_stake, special_stake};
use crate::state::{DIR, Phase, State};

/// The transposition table's default size: `2^18` entries.
pub const DEFAULT_TABLE_BITS: u32 = 18;

/// The sizes of the transposition table a [`Solver`] takes, as powers of two of its entries
/// ([`Solver::with_table_bits`] clamps to them).
pub const TABLE_BITS: std::ops::RangeInclusive<u32> = 8..=24;

/// Nodes between two readings of the clock of a [`Solver::set_deadline`] deadline, less one
/// (a mask of the node count).
const CLOCK_EVERY: u64 = 1023;

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

/// Why a [`Solver`] gives no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SolveError {
    /// The state is not in card play (the auction, the discards, or the match is over), or
    /// nothing was loaded.
    #[error("not in card play")]
    NotCardPlay,
    /// Tricks 1 and 2 of Two Blanks / Two Different, led at once, are not solved.
    #[error("the double lead of tricks 1 and 2 is not solved")]
    DoubleLead,
    /// Räuber has no soloist: ask [`Solver::value_for`] a seat.
    #[error("Räuber has no soloist: ask for the value of a seat")]
    NoSoloist,
    /// The seat does not play in this deal (the dealer sitting out at five players, or no
    /// such seat).
    #[error("{0} does not play in this deal")]
    NotPlaying(Seat),
    /// The search visited more nodes than its budget allows.
    #[error("the search exceeded its budget of {0} nodes")]
    Budget(u64),
    /// The search was stopped at its deadline ([`Solver::set_deadline`]): its clock had reached
    /// it.
    #[error("the search was stopped at its deadline")]
    Deadline,
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

/// A position of the remaining play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
struct Pos {
    hands: [u64; 4],
    /// Cards of the current trick in playing order (card indices), `len` of them.
    trick: [u8; 4],
    len: u8,
    leader: u8,
    suit: u8,
    to_move: u8,
    /// Tricks completed.
    done: u8,
    /// Each seat's pile: its tricks' cards.
    won: [u64; 4],
    /// Each seat's tricks.
    tricks: [u8; 4],
    /// Ulti: Trock 1 went to a trick before the last, or did not win the last (lost).
    ulti_lost: bool,
}

/// One entry of the transposition table (positions at trick boundaries), aligned to a cache
/// line: a probe reads one line per entry of the bucket it looks at.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Entry {
    hands: [u64; 4],
    /// The leader and the score state (see [`Solver::extra`]).
    extra: u64,
    /// Bounds of the value less [`Solver::base`].
    lo: i32,
    hi: i32,
    /// The table's generation the entry belongs to (0: empty).
    generation: u32,
    /// The best move found (its place in the mover's hand in card order + 1, 0 for none).
    best: u8,
    /// The nodes the search of this position took (its last search; saturating), for
    /// choosing which entry of a bucket to replace.
    work: u32,
}

// An entry fills one cache line (and the docs of `Solver::new` give the table's size).
const _: () = assert!(std::mem::size_of::<Entry>() == 64 && std::mem::align_of::<Entry>() == 64);

const INF: i32 = i32::MAX / 4;
/// Entries per bucket of the table: a new position replaces an entry of an older search, else
/// the one whose search took the fewest nodes. Four took fewer nodes than two in whole-deal
/// solves with the default table (Little Man's median 6.9 M -> 4.0 M nodes).
const BUCKET: usize = 4;

/// The cards worth more than one point: Trocks 1 and 21, the Gstieß and the courts.
const HONOURS: u64 = (Card::T1.bit() | Card::T21.bit() | Card::GSTIESS.bit() | COURTS) as u64;

/// An exact open-hand solver of the card play; see the [module docs](self).
///
/// One solver can be loaded with many states in turn ([`Solver::load`]), keeping its table's
/// memory (cleared in O(1) at each load).
///
/// ```
/// use cards_core::Game;
/// use game_cego::{Cego, Config, Solver};
///
/// // A deal played with the first legal action until the last three tricks.
/// let mut s = Cego::new(&Cego::single_deal(&Config::default()), 7).unwrap();
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

    /// Allocates the table if it is not yet (the first search).
    fn ensure_table(&mut self) {
        if self.table.is_empty() {
            self.table = vec![Entry::default(); 1 << self.bits];
        }
    }

    /// The error of an aborted search: the deadline's or the node budget's.
    fn abort_error(&self) -> SolveError {
        if self.timed_out {
            SolveError::Deadline
        } else {
            SolveError::Budget(self.budget)
        }
    }

    /// Starts a call that searches: the table allocated, the counters reset, and the deadline
    /// read once (a call begun past it stops at once).
    fn start_search(&mut self) {
        self.ensure_table();
        self.nodes = 0;
        self.searches = 0;
        self.aborted = false;
        self.timed_out = false;
        self.check_clock();
    }

    /// Aborts the search when the deadline's clock has reached it.
    fn check_clock(&mut self) {
        if let Some((clock, end)) = &self.deadline {
            if clock() >= *end {
                self.aborted = true;
                self.timed_out = true;
            }
        }
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
        self.generation = self.generation.wrapping_add(1).max(1);
        if self.generation == 1 {
            // Wrapped around: old entries could look current.
            self.table.fill(Entry::default());
        }
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
        let t = &d.tricks[0];
        let mut trick = [0u8; 4];
        for (slot, c) in trick.iter_mut().zip(t.cards.iter().flatten()) {
            *slot = c.index();
        }
        let t1_early = d
            .history
            .iter()
            .any(|r| r.number < d.tricks_per_deal() && r.cards().contains(&Card::T1));
        self.root = Pos {
            hands: d.hands.map(|h| raw(h) as u64),
            trick,
            len: t.len,
            leader: t.leader.0,
            suit: t.suit,
            to_move: d.to_move.0,
            done: d.trick_no,
            won: d.won.map(|w| raw(w) as u64),
            tricks: d.tricks_won,
            ulti_lost: t1_early,
        };
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
            self.generation = self.generation.wrapping_add(1).max(1);
            if self.generation == 1 {
                self.table.fill(Entry::default());
            }
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

    /// The cards the seat to move may play (as [`crate::play`] lists them).
    fn moves(&self, p: &Pos) -> u64 {
        let hand = p.hands[usize::from(p.to_move & 3)];
        let mut m = if p.len == 0 {
            match self.first_lead {
                Some(mask) if p.done == 0 => {
                    let r = hand & mask;
                    if r == 0 { hand } else { r }
                }
                _ => hand,
            }
        } else {
            follow_options(u128::from(hand), p.suit) as u64
        };
        if self.hold_back
            && p.to_move == self.soloist
            && p.done + 1 < self.total
            && m & !(Card::T1.bit() as u64) != 0
        {
            m &= !(Card::T1.bit() as u64);
        }
        m
    }

    /// Whether cards `a` < `b` (indices) of the seat to move are one move (module docs).
    fn equivalent(&self, p: &Pos, a: u8, b: u8) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        let ca = Card::from_raw(a);
        let cb = Card::from_raw(b);
        if ca.suit_code() != cb.suit_code()
            || (self.dead >> a) & 1 != 0
            || (self.dead >> b) & 1 != 0
        {
            return false;
        }
        match self.aim {
            Aim::Points | Aim::Raeuber if ca.points() != cb.points() => return false,
            Aim::Ulti if a == Card::T1.index() => return false,
            _ => {}
        }
        let me = usize::from(p.to_move & 3);
        let mut others = 0u64;
        for (k, h) in p.hands.iter().enumerate() {
            if k != me {
                others |= h;
            }
        }
        for &c in &p.trick[..usize::from(p.len)] {
            others |= 1u64 << c;
        }
        let between = ((1u64 << b) - 1) & !((1u64 << (a + 1)) - 1);
        between & (others | self.dead) == 0
    }

    /// The moves worth searching: one card of each group of equivalent cards.
    fn representatives(&self, p: &Pos, moves: u64) -> u64 {
        let me = usize::from(p.to_move & 3);
        let mut others = 0u64;
        for (k, h) in p.hands.iter().enumerate() {
            if k != me {
                others |= h;
            }
        }
        for &c in &p.trick[..usize::from(p.len)] {
            others |= 1u64 << c;
        }
        let blockers = others | self.dead;
        let mut out = 0u64;
        let mut prev: Option<u8> = None;
        let mut m = moves;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            let keep = match prev {
                Some(a) => {
                    let ca = Card::from_raw(a);
                    let cb = Card::from_raw(i);
                    let between = ((1u64 << i) - 1) & !((1u64 << (a + 1)) - 1);
                    let same_points = match self.aim {
                        Aim::Points | Aim::Raeuber => ca.points() == cb.points(),
                        Aim::Ulti => a != Card::T1.index(),
                        _ => true,
                    };
                    !(ca.suit_code() == cb.suit_code()
                        && same_points
                        && (self.dead >> a) & 1 == 0
                        && (self.dead >> i) & 1 == 0
                        && between & blockers == 0)
                }
                None => true,
            };
            if keep {
                out |= 1u64 << i;
            }
            prev = Some(i);
        }
        out
    }

    /// The position after the seat to move plays card index `i` (a card of [`Solver::moves`]).
    fn play(&self, p: &Pos, i: u8) -> Pos {
        let c = Card::from_raw(i);
        let mut q = *p;
        let me = usize::from(p.to_move & 3);
        q.hands[me] &= !(1u64 << i);
        if q.len == 0 {
            q.leader = p.to_move;
            q.suit = c.suit_code();
        } else if c.suit_code() != q.suit
            && !c.is_trock()
            && q.len == 1
            && (self.dead >> q.trick[0]) & 1 != 0
        {
            // CG14: a dead card led, the next player neither follows nor trumps.
            q.suit = c.suit_code();
        }
        q.trick[usize::from(q.len & 3)] = i;
        q.len += 1;
        let n = usize::from(self.seats);
        if usize::from(q.len) < n {
            q.to_move = self.next[me];
            return q;
        }
        // The trick is complete.
        let (_, w) = self.trick_winner(&q);
        let cards = q.trick[..n].iter().fold(0u64, |m, &x| m | 1u64 << x);
        q.done += 1;
        let wi = usize::from(w & 3);
        q.won[wi] |= cards;
        q.tricks[wi] += 1;
        if cards & (Card::T1.bit() as u64) != 0 && q.done < self.total {
            q.ulti_lost = true;
        }
        if self.aim == Aim::Ulti && q.done == self.total {
            // Won only if the soloist took the last trick with Trock 1.
            let mut seat = q.leader;
            let mut his = false;
            for &x in &q.trick[..n] {
                if seat == self.soloist && x == Card::T1.index() {
                    his = true;
                }
                seat = self.next[usize::from(seat & 3)];
            }
            q.ulti_lost |= !(w == self.soloist && his);
        }
        q.len = 0;
        q.trick = [0; 4];
        q.leader = w;
        q.to_move = w;
        q.suit = 0;
        q
    }

    /// The value of a finished play, or of one whose result is certain.
    fn terminal(&self, p: &Pos) -> Option<i32> {
        let over = p.done >= self.total;
        let s = usize::from(self.soloist & 3);
        match self.aim {
            Aim::Points => over.then(|| {
                if p.tricks[s] > 0 {
                    half_points(set(u128::from(p.won[s] | self.set_aside)), self.counting)
                } else {
                    0
                }
            }),
            Aim::Ulti => {
                if p.ulti_lost {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
            Aim::Piccolo => {
                let sure = if p.len == 0 {
                    self.sure_tricks(p, p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3])
                } else {
                    0
                };
                if u32::from(p.tricks[s]) + sure >= 2 {
                    Some(0)
                } else {
                    over.then_some(i32::from(p.tricks[s] == 1))
                }
            }
            Aim::Bettel => {
                let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
                if p.tricks[s] >= 1 || (p.len == 0 && self.sure_trick(p, rest)) {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
            Aim::Raeuber => over.then(|| {
                let half = p
                    .won
                    .map(|w| half_points(set(u128::from(w)), self.counting));
                raeuber_payments(half, usize::from(self.forehand), self.raeuber_stakes)
                    [usize::from(self.hero & 3)]
            }),
        }
    }

    /// Bounds of a counter game's value: the pile's value now (the soloist's pile only grows,
    /// and adding a card never lowers its value) and with every card still to be played.
    fn bounds(&self, p: &Pos) -> (i32, i32) {
        let s = usize::from(self.soloist & 3);
        let mut rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        for &c in &p.trick[..usize::from(p.len)] {
            rest |= 1u64 << c;
        }
        // At a trick boundary, the Trocks at the top of those left that one side holds are
        // sure to end in that side's tricks: each takes the trick it falls in, or a higher
        // Trock of the same side does.
        let (mut mine, mut theirs) = (0u64, 0u64);
        if p.len == 0 {
            let mut trocks = rest & SUIT_MASKS[TROCK as usize] as u64 & !self.dead;
            let his = p.hands[s];
            let side_of_top = trocks != 0 && (his >> trocks.ilog2()) & 1 != 0;
            while trocks != 0 {
                let top = 1u64 << trocks.ilog2();
                if (his & top != 0) != side_of_top {
                    break;
                }
                if side_of_top {
                    mine |= top;
                } else {
                    theirs |= top;
                }
                trocks &= !top;
            }
        }
        // Each trick a sure Trock takes holds a card of every other seat, each worth at least
        // one point: the soloist's top Trocks bring `seats - 1` more cards each to his pile;
        // the defenders' take at least the soloist's card and the other cards of the fewest
        // tricks that hold them all away from it.
        let others = i32::from(self.seats) - 1;
        let hi = {
            let most = u128::from((p.won[s] | self.set_aside | rest) & !theirs);
            let t = theirs.count_ones() as i32;
            let away = if t == 0 {
                0
            } else {
                (others + 1) * ((t + others - 1) / others) - t
            };
            self.pile_value(raw_points(most) - away, most.count_ones() as i32 - away)
        };
        // The soloist takes at least `sure` more tricks with his Trocks: those of his top
        // Trocks (`mine`, at a trick boundary) bring `seats - 1` cards each, the others his
        // Trock too (within a trick, the cards already played are not in his pile yet).
        let sure = self.sure_tricks(p, rest) as i32;
        let lo = if p.tricks[s] > 0 || sure > 0 {
            let least = u128::from(p.won[s] | self.set_aside | mine);
            let top = mine.count_ones() as i32;
            let more = others * top + (others + 1) * (sure - top).max(0);
            self.pile_value(raw_points(least) + more, least.count_ones() as i32 + more)
        } else {
            0
        };
        (lo, hi)
    }

    /// The value in half points of a pile of `n` cards worth `raw` points together (as
    /// [`half_points`] counts them): for a given number of cards it grows with the points.
    fn pile_value(&self, raw: i32, n: i32) -> i32 {
        match self.counting {
            Counting::Threes => 2 * (raw - 2 * (n / 3) - i32::from(n % 3 != 0)),
            Counting::Pairs => 2 * raw - n,
        }
    }

    /// Bounds of the hero's payment in Räuber (asked at trick boundaries). Every pile only
    /// grows and adding a card never lowers its points, so each seat ends between its pile's
    /// points now and its pile with every card still to be played. A hero who already has
    /// more than any other seat can reach is sure to have the most and pays (double as
    /// Forehand); a hero whom another seat already beats whatever comes cannot have the most
    /// and receives one to three stakes.
    fn raeuber_bounds(&self, p: &Pos) -> (i32, i32) {
        let stake = raeuber_stake(self.raeuber_stakes);
        let (lo_all, hi_all) = (-6 * stake, 3 * stake);
        let mut rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        for &c in &p.trick[..usize::from(p.len)] {
            rest |= 1u64 << c;
        }
        let h = usize::from(self.hero & 3);
        let now = |w: u64| half_points(set(u128::from(w)), self.counting);
        let hero_now = now(p.won[h]);
        let hero_most = now(p.won[h] | rest);
        let mut others_most = i32::MIN;
        let mut beaten = false;
        for (j, &w) in p.won.iter().enumerate().take(usize::from(self.seats)) {
            if j != h {
                others_most = others_most.max(now(w | rest));
                beaten |= now(w) > hero_most;
            }
        }
        if hero_now > others_most {
            let v = if self.hero == self.forehand {
                -6 * stake
            } else {
                -3 * stake
            };
            (v, v)
        } else if beaten {
            (stake, hi_all)
        } else {
            (lo_all, hi_all)
        }
    }

    /// Whether the soloist is sure to take a trick: he holds the highest Trock still to be
    /// played (every card is played in the end, and that Trock takes the trick it falls in).
    fn sure_trick(&self, p: &Pos, rest: u64) -> bool {
        self.sure_tricks(p, rest) > 0
    }

    /// The number of tricks the soloist is sure to take from here with his Trocks: each falls
    /// in a trick of its own and takes it unless another seat plays a higher Trock there, and
    /// each of their Trocks can beat at most one of his; so he takes at least as many as he
    /// holds less the most of his that can be matched each with a higher Trock of theirs (his
    /// Trocks at the top of those left are never matched).
    fn sure_tricks(&self, p: &Pos, rest: u64) -> u32 {
        let trocks = rest & SUIT_MASKS[TROCK as usize] as u64 & !self.dead;
        let his = p.hands[usize::from(self.soloist & 3)] & trocks;
        let mut theirs = trocks & !his;
        // From his lowest up, each matched with their lowest higher Trock left (a greatest
        // matching).
        let mut beaten = 0;
        let mut m = his;
        while m != 0 && theirs != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let above = theirs & !((2u64 << i) - 1);
            if above != 0 {
                theirs &= !(above & above.wrapping_neg());
                beaten += 1;
            }
        }
        his.count_ones() - beaten
    }

    /// The part of a counter game's value fixed by the soloist's pile already won: its raw
    /// points and complete groups of three (threes), or its points less a half per card
    /// (pairs); the rest depends only on the table key.
    fn base(&self, p: &Pos) -> i32 {
        let s = usize::from(self.soloist & 3);
        if self.aim != Aim::Points || p.tricks[s] == 0 {
            return 0;
        }
        let pile = u128::from(p.won[s] | self.set_aside);
        let n = pile.count_ones() as i32;
        let raw_points = raw_points(pile);
        match self.counting {
            Counting::Threes => 2 * raw_points - 4 * (n / 3),
            Counting::Pairs => 2 * raw_points - n,
        }
    }

    /// The leader and the score state the rest of the value depends on.
    fn extra(&self, p: &Pos) -> u64 {
        let s = usize::from(self.soloist & 3);
        let state = match self.aim {
            Aim::Points => {
                let size = (u128::from(p.won[s] | self.set_aside).count_ones() % 3) as u64;
                size | (u64::from(p.tricks[s] > 0) << 2)
            }
            Aim::Ulti => u64::from(p.ulti_lost),
            Aim::Piccolo | Aim::Bettel => u64::from(p.tricks[s].min(2)),
            Aim::Raeuber => {
                let mut x = 0u64;
                for w in p.won {
                    let n = w.count_ones();
                    let v = (raw_points(u128::from(w)) - 2 * (n as i32 / 3)) as u64;
                    x = (x << 9) | (v << 2) | u64::from(n % 3);
                }
                x
            }
        };
        (state << 3) | u64::from(p.leader)
    }

    /// The table key of the remaining cards at a trick boundary, by relative rank: two
    /// positions whose remaining cards have the same owners in the same order within each suit,
    /// the same honours left (which fixes each remaining card's points, see below) and the same
    /// dead cards left play out alike, whatever cards went before. Words 0 and 1: the owner of
    /// each remaining card (2 bits) in card order; word 2: the number left of each suit (5 bits
    /// each); word 3: the honours left (Trocks 1, 21, the Gstieß and the courts: within a suit the
    /// numerals, or Trocks 2-20, lie below the honours, so the points of each relative rank
    /// follow) and the dead cards left.
    fn canonical(&self, p: &Pos) -> [u64; 4] {
        let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
        let mut owners = 0u128;
        let mut shift = 0;
        let mut m = rest;
        while m != 0 {
            let i = m.trailing_zeros();
            m &= m - 1;
            let bit = 1u64 << i;
            let owner = if p.hands[0] & bit != 0 {
                0u128
            } else if p.hands[1] & bit != 0 {
                1
            } else if p.hands[2] & bit != 0 {
                2
            } else {
                3
            };
            owners |= owner << shift;
            shift += 2;
        }
        let mut counts = 0u64;
        for (k, &mask) in SUIT_MASKS.iter().enumerate() {
            counts |= u64::from((rest & mask as u64).count_ones()) << (5 * k);
        }
        [
            owners as u64,
            (owners >> 64) as u64,
            counts,
            rest & (HONOURS | self.dead),
        ]
    }

    fn slot(&self, hands: &[u64; 4], extra: u64) -> usize {
        let mut h = extra.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        for &x in hands {
            h = (h ^ x).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            h ^= h >> 31;
        }
        (h as usize) & self.mask & !(BUCKET - 1)
    }

    /// The entry of bucket `slot` ([`BUCKET`] entries) holding this position, if any.
    fn probe(&self, slot: usize, canon: &[u64; 4], extra: u64) -> Option<usize> {
        (slot..slot + BUCKET).find(|&k| {
            let e = &self.table[k];
            e.generation == self.generation && e.extra == extra && e.hands == *canon
        })
    }

    /// A first guess for MTD(f).
    fn guess(&self, p: &Pos) -> i32 {
        match self.aim {
            Aim::Points => {
                let (lo, hi) = self.bounds(p);
                (lo + hi) / 2
            }
            Aim::Raeuber => 0,
            _ => 1,
        }
    }

    /// Bounds of the value of `p` that need no search: the bounds of a counter game, the two
    /// outcomes of Ulti, Piccolo and Bettel, Räuber's payments.
    fn range(&self, p: &Pos) -> (i32, i32) {
        match self.aim {
            Aim::Points => self.bounds(p),
            Aim::Raeuber if p.len == 0 => self.raeuber_bounds(p),
            Aim::Raeuber => {
                let stake = raeuber_stake(self.raeuber_stakes);
                (-6 * stake, 3 * stake)
            }
            Aim::Ulti | Aim::Piccolo | Aim::Bettel => (0, 1),
        }
    }

    /// The distance between two values the objective can take: counting in threes, card
    /// points are whole (even half points); in Räuber every payment is a whole number of
    /// stakes; else 1.
    fn grain(&self) -> i32 {
        match self.aim {
            Aim::Points if self.counting == Counting::Threes => 2,
            Aim::Raeuber => raeuber_stake(self.raeuber_stakes),
            _ => 1,
        }
    }

    /// MTD(f) with bisection: null-window searches converging on the exact value. The first
    /// tests follow the fail-soft value as MTD(f) does, with a step that doubles while they
    /// fail the same way; once the value is bounded on both sides, the interval is halved.
    fn mtdf(&mut self, p: &Pos, guess: i32) -> i32 {
        let grain = self.grain();
        // What the tests found (fail-soft values), and what the objective allows.
        let (mut lo, mut hi) = (-INF, INF);
        let (rlo, rhi) = self.range(p);
        let mut beta = guess;
        let mut run = 0u32;
        let mut last_low = None;
        loop {
            let (klo, khi) = (lo.max(rlo), hi.min(rhi));
            if klo >= khi {
                return klo;
            }
            // Every test narrows what is known: above `klo` and at most `khi`.
            beta = beta.clamp(klo + 1, khi);
            self.searches += 1;
            let g = self.search(p, beta - 1, beta);
            if self.aborted {
                return g;
            }
            let low = g < beta;
            if low {
                hi = g;
            } else {
                lo = g;
            }
            run = if last_low == Some(low) { run + 1 } else { 0 };
            last_low = Some(low);
            let jump = grain * ((1i32 << run.min(20)) - 1);
            beta = if lo > -INF && hi < INF {
                // Above `lo` and at most `hi` whatever the grain, so that every test narrows.
                let half = (((hi - lo) / grain + 1) / 2).max(1);
                (lo + grain * half).min(hi)
            } else if low {
                (g - jump).max(lo + 1)
            } else {
                (g + grain + jump).min(hi)
            };
        }
    }

    /// Alpha-beta with a table of bounds at trick boundaries (fail-soft).
    fn search(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        if let Some(v) = self.terminal(p) {
            return v;
        }
        if p.len == 0 && p.done + 1 == self.total {
            // The last trick is forced: every hand holds one card.
            let mut q = *p;
            loop {
                if let Some(v) = self.terminal(&q) {
                    return v;
                }
                let hand = q.hands[usize::from(q.to_move & 3)];
                if hand == 0 {
                    break;
                }
                q = self.play(&q, hand.trailing_zeros() as u8);
            }
        }
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        } else if self.nodes & CLOCK_EVERY == 0 {
            self.check_clock();
        }
        if self.aborted {
            return alpha;
        }
        // Bounds at trick boundaries only: within a trick the pile and the cards left are
        // those of the trick's start, where the bounds (tighter there) did not cut, and a
        // null window is the same at every node, so they could not cut here either. (A search
        // of a position within a trick is only begun with a window within its bounds: see
        // `mtdf` and `card_payments`.)
        let bounds = match self.aim {
            Aim::Points if p.len == 0 => Some(self.bounds(p)),
            Aim::Raeuber if p.len == 0 => Some(self.raeuber_bounds(p)),
            _ => None,
        };
        if let Some((lo, hi)) = bounds {
            if lo >= beta || lo == hi {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let boundary = p.len == 0;
        let mut slot = usize::MAX;
        let mut extra = 0;
        let mut base = 0;
        let mut tt_best = 0u8;
        let mut canon = [0u64; 4];
        if boundary {
            extra = self.extra(p);
            base = self.base(p);
            canon = self.canonical(p);
            slot = self.slot(&canon, extra);
            if let Some(k) = self.probe(slot, &canon, extra) {
                let e = self.table[k];
                let (lo, hi) = (e.lo.saturating_add(base), e.hi.saturating_add(base));
                if lo >= beta || lo == hi {
                    return lo;
                }
                if hi <= alpha {
                    return hi;
                }
                alpha = alpha.max(lo);
                beta = beta.min(hi);
                // The best move is stored as its place in the mover's hand (a card of the
                // same relative rank in a transposed position).
                if e.best > 0 {
                    let mut h = p.hands[usize::from(p.to_move & 3)];
                    for _ in 1..e.best {
                        h &= h.wrapping_sub(1);
                    }
                    if h != 0 {
                        tt_best = h.trailing_zeros() as u8 + 1;
                    }
                }
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let nodes0 = self.nodes;
        let maximise = p.to_move == self.hero;
        let reps = self.representatives(p, self.moves(p));
        // Order: the table's best move, then by the card heuristic (Räuber: the history), then
        // in card order.
        let mut list = [(0u32, 0u8); 16];
        let mut k = 0;
        let me = usize::from(p.to_move & 3);
        let mut m = reps;
        while m != 0 && k < list.len() {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            let score = if tt_best == i + 1 {
                u32::MAX
            } else if self.aim == Aim::Raeuber {
                self.history[me][usize::from(i & 63)] >> 4
            } else {
                self.order(p, i)
            };
            list[k] = (score, i);
            k += 1;
        }
        // Hands hold at most 13 cards, so `list` has room for every move.
        let list = &mut list[..k];
        list.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best = if maximise { -INF } else { INF };
        let mut best_move = 0u8;
        for &(_, i) in list.iter() {
            let q = self.play(p, i);
            let v = self.search(&q, alpha, beta);
            if self.aborted {
                return alpha;
            }
            if (maximise && v > best) || (!maximise && v < best) {
                best = v;
                best_move = (p.hands[me] & ((1u64 << i) - 1)).count_ones() as u8 + 1;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if self.aim == Aim::Raeuber {
                    let depth = u32::from(self.total.saturating_sub(p.done));
                    let h = &mut self.history[me][usize::from(i & 63)];
                    *h = h.saturating_add(depth * depth);
                }
                break;
            }
        }
        if boundary {
            let r = best - base;
            let work = u32::try_from(self.nodes - nodes0).unwrap_or(u32::MAX);
            let k = if let Some(k) = self.probe(slot, &canon, extra) {
                k
            } else {
                // Replace an entry of an older search, else the one that took the least work.
                let k = (slot..slot + BUCKET)
                    .min_by_key(|&k| {
                        // Entries of older searches all rank alike (the first is taken), so that
                        // a solve does not depend on what was solved before.
                        let e = &self.table[k];
                        let current = e.generation == self.generation;
                        (current, if current { e.work } else { 0 })
                    })
                    .unwrap_or(slot);
                self.table[k] = Entry {
                    hands: canon,
                    extra,
                    lo: -INF,
                    hi: INF,
                    generation: self.generation,
                    best: 0,
                    work: 0,
                };
                k
            };
            let e = &mut self.table[k];
            e.work = e.work.max(work);
            if best <= alpha0 {
                e.hi = e.hi.min(r);
            } else if best >= beta0 {
                e.lo = e.lo.max(r);
                e.best = best_move;
            } else {
                e.lo = r;
                e.hi = r;
                e.best = best_move;
            }
        }
        best
    }

    /// A move-ordering score (higher first) in counter games, for a card played to a trick
    /// already led: a card that takes the trick from the other side, the cheapest such first;
    /// on a trick the own side holds, points (smearing); otherwise the cheapest card. Leads:
    /// see below. Other games: 0.
    fn order(&self, p: &Pos, i: u8) -> u32 {
        if self.aim != Aim::Points {
            return 0;
        }
        let c = Card::from_raw(i);
        if p.len == 0 {
            // A lead: the best live card left of its suit (or the best Trock) first, the
            // more points the better; else the cheapest card.
            let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
            let suit = SUIT_MASKS[usize::from(c.suit_code()).min(4)] as u64 & !self.dead;
            let above = !((1u64 << (i + 1)) - 1);
            let master = (self.dead >> i) & 1 == 0 && rest & suit & above == 0;
            return if master {
                2_000 + 64 * c.points() + u32::from(c.strength()) / 4
            } else {
                1_000 - 64 * c.points() - u32::from(c.strength()) / 4
            };
        }
        let (best, w) = self.trick_winner(p);
        let mine = (w == self.soloist) == (p.to_move == self.soloist);
        let suit_ok = c.is_trock() || (c.suit_code() == p.suit && (self.dead >> i) & 1 == 0);
        let beats = suit_ok && c.strength() > best;
        let points = c.points();
        if mine {
            1_000 + 64 * points - u32::from(c.strength()) / 4
        } else if beats {
            2_000 + 64 * points - u32::from(c.strength())
        } else {
            1_000 - 64 * points - u32::from(c.strength()) / 4
        }
    }

    /// The card taking the current trick so far (the highest Trock, else the highest live
    /// card of the suit led): its strength (0 while no card can win: dead or off-suit) and the
    /// seat that played it (the leader when none can).
    #[inline]
    fn trick_winner(&self, p: &Pos) -> (u8, u8) {
        let live = (SUIT_MASKS[TROCK as usize] | SUIT_MASKS[usize::from(p.suit).min(4)]) as u64
            & !self.dead;
        let mut best = (0u8, 0usize);
        for (k, &x) in p.trick[..usize::from(p.len)].iter().enumerate() {
            let v = if (live >> x) & 1 != 0 {
                Card::from_raw(x).strength()
            } else {
                0
            };
            if v > best.0 {
                best = (v, k);
            }
        }
        let mut w = p.leader;
        for _ in 0..best.1 {
            w = self.next[usize::from(w & 3)];
        }
        (best.0, w)
    }

    /// Plain minimax over every legal card (for tests).
    fn minimax(&self, p: &Pos) -> i32 {
        self.minimax_visiting(p, &mut |_, _| {})
    }

    /// [`Solver::minimax`], showing `visit` every position with its value.
    fn minimax_visiting(&self, p: &Pos, visit: &mut impl FnMut(&Pos, i32)) -> i32 {
        let v = if let Some(v) = self.terminal(p) {
            v
        } else {
            let maximise = p.to_move == self.hero;
            let mut best = if maximise { i32::MIN } else { i32::MAX };
            let mut m = self.moves(p);
            while m != 0 {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                let v = self.minimax_visiting(&self.play(p, i), visit);
                best = if maximise { best.max(v) } else { best.min(v) };
            }
            best
        };
        visit(p, v);
        v
    }
}

#[cfg(test)]
mod tests {
    use cards_core::Game;
    use cards_core::rng::{below, derive_seed, rng_from_seed};

    use super::{Aim, Solver};
    use crate::{Cego, Config, Phase};

    #[test]
    fn the_bounds_of_counter_games_hold_and_are_often_tight() {
        // The bounds cut the search, so a bound that is too tight gives a wrong value only
        // where the play reaches it: here every position of random 4-trick endings of the
        // counter games is checked against plain minimax.
        let mut met = [0u32; 2];
        let mut endings = 0;
        for config in [Config::default(), Cego::config_for_players(3).unwrap()] {
            let config = Cego::single_deal(&config);
            for g in 0..400 {
                let seed = derive_seed(61, g);
                let mut s = Cego::new(&config, seed).unwrap();
                let mut rng = rng_from_seed(seed);
                while Cego::to_move(&s).is_some() {
                    let d = &s.deal;
                    if d.phase == Phase::Play
                        && d.tricks[0].len == 0
                        && d.trick_no + 4 == d.tricks_per_deal()
                    {
                        break;
                    }
                    let legal = Cego::legal_actions(&s);
                    let a = legal[below(&mut rng, legal.len() as u64) as usize];
                    Cego::apply(&mut s, &a).unwrap();
                }
                let mut solver = Solver::with_table_bits(8);
                if solver.load(&s).is_err() || solver.aim != Aim::Points {
                    continue;
                }
                endings += 1;
                let root = solver.root;
                // Every position's exact value lies within its bounds; count the positions
                // before the end where a bound is the value.
                solver.minimax_visiting(&root, &mut |p, v| {
                    let (lo, hi) = solver.bounds(p);
                    assert!(lo <= v && v <= hi, "{lo} <= {v} <= {hi} at {p:?}");
                    if p.done < solver.total {
                        met[0] += u32::from(v == lo);
                        met[1] += u32::from(v == hi);
                    }
                });
            }
        }
        assert!(endings > 100, "{endings} endings");
        assert!(met[0] > 1000 && met[1] > 1000, "{met:?}");
    }
}
