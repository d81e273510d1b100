//! A table's moves by itself, worked out away from the table: what [`Table::begin_drive`](super::Table::begin_drive)
//! hands out ([`Drive`], [`Thinking`]), the bots' decisions and the runs of moves nobody
//! chooses ([`Pending`]), the clock a closed table's bots read ([`Stop`]), and the line that
//! sums up a run ([`run_summary`]).
//!
//! [`Table::begin_drive`](super::Table::begin_drive): super::table::Table::begin_drive

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cards_core::search::Clock;
use cards_core::{Bot, Decision, GameRng, Seat};

use crate::bots::Seated;
pub use crate::narrate::{UNPACED_PHASES, run_summary};
use cards_core::Catalog;
use cards_core::{GameEvent, GameState};

/// What [`Table::begin_drive`](super::Table::begin_drive) did.
pub enum Drive {
    /// Nothing moves by itself now.
    Idle,
    /// Moves to work out (without the table), then to hand to [`Table::end_drive`](super::Table::end_drive).
    Think(Box<dyn Thinking>),
}

impl std::fmt::Debug for Drive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Drive::Idle => "Idle",
            Drive::Think(_) => "Think",
        })
    }
}

/// Moves taken out of their table to be worked out: the bots, a copy of the state and legal
/// actions, and the table's generator.
pub trait Thinking: Send {
    /// Decides (this is where the time goes); the result goes back to [`Table::end_drive`](super::Table::end_drive).
    fn think(self: Box<Self>) -> Box<dyn Any + Send>;

    /// Whether deciding takes no time worth the bounded pool: only bots that do not search
    /// (`random`, `heuristic`) decide (`Thinkers::think_quick`).
    fn is_quick(&self) -> bool {
        false
    }
}

/// Whether every bot among `seats` decides without searching (`random`, `heuristic`): in
/// microseconds (people decide nothing here).
pub(super) fn quick(seats: &[super::answers::SeatKind]) -> bool {
    seats.iter().all(|kind| match kind {
        super::answers::SeatKind::Person => true,
        super::answers::SeatKind::Bot(spec) => {
            matches!(
                spec,
                cards_core::BotSpec::Random | cards_core::BotSpec::Heuristic
            )
        }
    })
}

/// The most moves one run takes at once; a longer run goes on in the next.
pub const MAX_RUN: usize = 2000;

/// The stop of one table, and the clock its bots read: time since the table opened, until the
/// table is closed; from then on every read jumps far past any deadline (a further 10^6 s
/// each read), so a search stops at its next look at the clock, and a decision begun after the
/// close stops at its second.
#[derive(Debug)]
pub struct Stop {
    origin: Instant,
    closed: AtomicBool,
    reads: AtomicU64,
    /// Stops closed with this one (those of tables rebuilt in this one's place).
    followers: std::sync::Mutex<Vec<Arc<Stop>>>,
}

/// How far the clock of a closed table jumps: about 32 years.
const JUMP: Duration = Duration::from_secs(1_000_000_000);
/// How much further it goes at each read after that: more than any bot's time budget.
const STEP_SECS: u64 = 1_000_000;

impl Stop {
    /// A stop, open.
    pub fn new() -> Arc<Stop> {
        Arc::new(Stop {
            origin: Instant::now(),
            closed: AtomicBool::new(false),
            reads: AtomicU64::new(0),
            followers: std::sync::Mutex::new(Vec::new()),
        })
    }

    /// Closes the table: its bots' clocks jump past every deadline.
    pub fn close(&self) {
        self.closed.store(true, Ordering::SeqCst);
        let followers = self.followers.lock().map(|f| f.clone()).unwrap_or_default();
        for stop in followers {
            stop.close();
        }
    }

    /// Closes `other` whenever this one closes (at once, if it is closed already).
    pub fn follow(&self, other: Arc<Stop>) {
        if self.is_closed() {
            other.close();
        }
        if let Ok(mut followers) = self.followers.lock() {
            followers.push(other);
        }
    }

    /// Whether the table is closed.
    pub fn is_closed(&self) -> bool {
        self.closed.load(Ordering::SeqCst)
    }

    /// The clock read by the table's bots.
    pub fn clock(self: &Arc<Self>) -> Clock {
        let stop = Arc::clone(self);
        Arc::new(move || stop.now())
    }

    fn now(&self) -> Duration {
        let elapsed = self.origin.elapsed();
        if !self.is_closed() {
            return elapsed;
        }
        // At most 10^9 steps of 10^6 s: 10^15 s, far from `Duration`'s limit.
        let n = self.reads.fetch_add(1, Ordering::SeqCst).min(1_000_000_000);
        elapsed + JUMP + Duration::from_secs(n * STEP_SECS)
    }
}

/// Moves under way (see [`Thinking`]): one paced decision, or a run of the moves taken at
/// once.
pub(super) struct Pending<G: Catalog> {
    pub(super) state: G::State,
    pub(super) legal: Vec<G::Action>,
    /// Every seat's bot, taken out of the table; `None` for people.
    pub(super) bots: Vec<Option<Seated<G>>>,
    pub(super) rng: GameRng,
    /// The table's count of moves and seatings it was worked out from.
    pub(super) moved: u64,
    /// A run of the moves taken at once, rather than one paced decision.
    pub(super) run: bool,
    pub(super) stop: Arc<Stop>,
    /// Whether every bot decides without searching ([`quick`]).
    pub(super) quick: bool,
}

/// One move worked out by [`Pending`].
pub(super) struct Move<G: Catalog> {
    pub(super) seat: Seat,
    pub(super) action: G::Action,
    /// The seat's only legal action.
    pub(super) forced: bool,
}

/// The moves worked out by [`Pending`].
pub(super) struct Thought<G: Catalog> {
    pub(super) moves: Vec<Move<G>>,
    pub(super) bots: Vec<Option<Seated<G>>>,
    pub(super) rng: GameRng,
    /// The table's count of moves and seatings they were worked out from.
    pub(super) moved: u64,
    /// Whether the bots that observe were told the moves' events as they were worked out (a
    /// run: so that a bot deciding later in it has heard the moves before; the table then does
    /// not tell them again).
    pub(super) told: bool,
}

/// Whether the move of `seat` (a person or not) among `legal` options is taken at once, in
/// `state`.
pub(super) fn at_once<G: Catalog>(state: &G::State, legal: usize, person: bool) -> bool {
    legal == 1 || (!person && legal > 1 && UNPACED_PHASES.contains(&state.phase()))
}

impl<G: Catalog> Thinking for Pending<G> {
    fn is_quick(&self) -> bool {
        self.quick
    }

    fn think(self: Box<Self>) -> Box<dyn Any + Send> {
        let Pending {
            mut state,
            mut legal,
            mut bots,
            mut rng,
            moved,
            run,
            stop,
            quick: _,
        } = *self;
        let mut moves = Vec::new();
        let scores = G::scores(&state).0;
        while let Some(seat) = G::to_move(&state) {
            let i = usize::from(seat.0);
            let bot = bots.get_mut(i).and_then(Option::as_mut);
            let take = if run {
                at_once::<G>(&state, legal.len(), bot.is_none())
                    && moves.len() < MAX_RUN
                    && !stop.is_closed()
            } else {
                moves.is_empty()
            };
            if !take || legal.is_empty() {
                break;
            }
            let forced = legal.len() == 1;
            let choice = match bot {
                _ if forced => 0,
                Some(bot) => bot
                    .choose(&Decision::<G>::new(&state, seat, &legal), &mut rng)
                    .min(legal.len() - 1),
                // A person's choice is not made here.
                None => break,
            };
            let action = legal[choice].clone();
            let Ok(events) = G::apply(&mut state, &action) else {
                break;
            };
            if run {
                tell(&mut bots, &events);
            }
            moves.push(Move {
                seat,
                action,
                forced,
            });
            // At the end of a deal or the match the table decides what comes next.
            if !run || G::to_move(&state).is_none() || G::scores(&state).0 != scores {
                break;
            }
            G::legal_actions_into(&state, &mut legal);
        }
        Box::new(Thought::<G> {
            moves,
            bots,
            rng,
            moved,
            told: run,
        })
    }
}

/// Tells the bots that observe (`exec:` programs) what their seats saw of one move's `events`.
pub(super) fn tell<G: Catalog>(bots: &mut [Option<Seated<G>>], events: &[G::Event]) {
    for (i, bot) in bots.iter_mut().enumerate() {
        let Some(bot) = bot.as_mut().filter(|b| b.observes()) else {
            continue;
        };
        let seat = Seat(i as u8);
        let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(seat)).collect();
        bot.observe(seat, &seen);
    }
}

/// The bounded pool the bots of every table think on: at most its size of decisions at once,
/// the others queued first come first served, so that bots never take every core from the
/// pages (and a table asks for one decision at a time).
#[derive(Debug)]
pub(super) struct Thinkers {
    permits: Arc<tokio::sync::Semaphore>,
    size: usize,
    /// Decisions being thought now.
    thinking: Arc<std::sync::atomic::AtomicUsize>,
    /// Decisions waiting for their turn.
    queued: std::sync::atomic::AtomicUsize,
    /// The thread the quick decisions are made on ([`Thinkers::think_quick`]); `None` if it
    /// could not be started.
    quick: Option<std::sync::mpsc::Sender<QuickJob>>,
}

/// A quick decision to make, and where its outcome goes (`Err` for a bot that panicked).
type QuickJob = (
    Box<dyn Thinking>,
    tokio::sync::oneshot::Sender<Result<Box<dyn Any + Send>, ()>>,
);

/// Starts the thread of the quick decisions: it makes them one after the other, in the order
/// asked, until every sender is gone.
fn quick_thread() -> Option<std::sync::mpsc::Sender<QuickJob>> {
    let (jobs, asked) = std::sync::mpsc::channel::<QuickJob>();
    std::thread::Builder::new()
        .name("cards-bots".to_owned())
        .spawn(move || {
            for (thinking, answer) in asked {
                let thought =
                    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| thinking.think()))
                        .map_err(|_| ());
                // A driver gone meanwhile (its table closed) wants no answer.
                let _ = answer.send(thought);
            }
        })
        .ok()?;
    Some(jobs)
}

/// A decision's place in the pool: given back when dropped.
pub(super) struct Turn {
    _permit: tokio::sync::OwnedSemaphorePermit,
    thinking: Arc<std::sync::atomic::AtomicUsize>,
}

impl Drop for Turn {
    fn drop(&mut self) {
        self.thinking
            .fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
    }
}

impl Thinkers {
    /// A pool of `size` (at least 1).
    pub(super) fn new(size: usize) -> Thinkers {
        let size = size.max(1);
        Thinkers {
            permits: Arc::new(tokio::sync::Semaphore::new(size)),
            size,
            thinking: Arc::default(),
            queued: std::sync::atomic::AtomicUsize::new(0),
            quick: quick_thread(),
        }
    }

    /// Makes a quick decision ([`Thinking::is_quick`]) on the thread of its own that every
    /// table's quick decisions share, outside the pool: the runtime's threads, which answer
    /// the requests, never decide, and a decision of microseconds costs no thread of the
    /// blocking pool. `Err` for a bot that panicked.
    pub(super) async fn think_quick(
        &self,
        thinking: Box<dyn Thinking>,
    ) -> Result<Box<dyn Any + Send>, ()> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        let thinking = match &self.quick {
            Some(jobs) => match jobs.send((thinking, answer)) {
                Ok(()) => return answered.await.unwrap_or(Err(())),
                Err(std::sync::mpsc::SendError((thinking, _))) => thinking,
            },
            None => thinking,
        };
        // No thread of its own: on the blocking pool.
        tokio::task::spawn_blocking(move || thinking.think())
            .await
            .map_err(|_| ())
    }

    /// Waits for a decision's turn; `None` once the pool is closed.
    pub(super) async fn turn(&self) -> Option<Turn> {
        use std::sync::atomic::Ordering::SeqCst;
        self.queued.fetch_add(1, SeqCst);
        let permit = Arc::clone(&self.permits).acquire_owned().await;
        self.queued.fetch_sub(1, SeqCst);
        let permit = permit.ok()?;
        self.thinking.fetch_add(1, SeqCst);
        Some(Turn {
            _permit: permit,
            thinking: Arc::clone(&self.thinking),
        })
    }

    /// The pool's size, the decisions thought now and those waiting.
    pub(super) fn load(&self) -> (usize, usize, usize) {
        use std::sync::atomic::Ordering::SeqCst;
        (
            self.size,
            self.thinking.load(SeqCst),
            self.queued.load(SeqCst),
        )
    }
}
