//! One table of `cards serve`: the true state of a match, its seats (people and bots), and what
//! each seat is shown. The [`Table`] trait hides the game type so the server can hold tables of
//! every game side by side; [`GameTable`] implements it for any [`Game`].

use std::any::Any;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use cards_core::bot::BotSpec;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::search::Clock;
use cards_core::text::Screen;
use cards_core::{Bot, Decision, Game, GameRng, Seat};
use serde::{Deserialize, Serialize};

use super::ApiError;
use super::store::Entry;
use crate::bots::Seated;
use crate::exec::DealWatch;
use crate::log::{GameLog, Recorder};

/// The most legal actions sent to a page at once (a longer list is cut, and says so).
pub const MAX_LEGAL_SENT: usize = 5000;

/// Who sits in a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "spec", rename_all = "lowercase")]
pub enum SeatKind {
    /// A person, who plays through the seat's link.
    Person,
    /// A bot, by its spec (`heuristic`, `ismcts:ms=500`).
    Bot(String),
}

/// The result of one finished deal, shown to every seat.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DealResult {
    /// The deal's number, from 1.
    pub number: usize,
    /// What each seat scored in the deal.
    pub scores: Vec<f64>,
    /// Each seat's match total after it.
    pub totals: Vec<f64>,
}

/// What one seat saw of a deal that has just ended, kept while the table waits for the next:
/// the engines deal the next hand in the same move that ends one, so the seat's screen by
/// then shows the new deal.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct EndedDeal {
    /// The deal's number, from 1 (as in [`DealResult::number`]).
    pub number: usize,
    /// The seat's screen as the deal's last move found it (its heading names the deal).
    pub screen: Screen,
    /// The seat's narration of that last move, up to the start of the next deal.
    pub narration: Vec<String>,
}

/// Everything one seat's page is sent: its screen, its legal actions, its narration.
#[derive(Clone, Debug, Serialize)]
pub struct SeatState {
    /// The game's command-line name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// The seat this is for.
    pub seat: u8,
    /// Players at the table.
    pub players: usize,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The number of changes the table has seen; an action may name the one it answers.
    pub version: u64,
    /// The seat's screen, built from its view.
    pub screen: Screen,
    /// The seat's view as the terminal shows it.
    pub view_text: String,
    /// The seat to move, if any.
    pub to_move: Option<u8>,
    /// Whether this seat must decide now (a single option is taken for it, unasked).
    pub your_turn: bool,
    /// This seat's legal actions in the game's notation, when it must decide.
    pub legal: Vec<String>,
    /// Whether `legal` was cut at `MAX_LEGAL_SENT` actions.
    pub legal_cut: bool,
    /// Parallel to `legal`: the cards of the screen hand each action uses
    /// ([`Game::action_cards`]), empty for one that uses none; the page offers an action to a
    /// player who selects exactly its cards.
    pub legal_cards: Vec<Vec<String>>,
    /// The hand cards whose key ([`Game::card_key`]) is not the card itself, with that key:
    /// a selection matches an action when their cards' keys agree, counted.
    pub card_keys: std::collections::BTreeMap<String, String>,
    /// The phase of the game ([`Game::phase`], e.g. `play`, or Cego's `discard`): in a
    /// `discard` phase the page takes several discards as one selection.
    pub phase: &'static str,
    /// The index of the first line of `narration` in the seat's whole narration.
    pub narration_from: usize,
    /// The seat's narration (redacted events) from `narration_from` on.
    pub narration: Vec<String>,
    /// The match scores so far, one per seat.
    pub scores: Vec<f64>,
    /// The finished deals.
    pub deals: Vec<DealResult>,
    /// Set when a deal has ended and the table waits for every person to start the next.
    pub waiting_for_next_deal: bool,
    /// While the table waits for the next deal, the person seats that have not asked for it yet
    /// (the next deal starts when every person has).
    pub next_deal_waits_for: Vec<u8>,
    /// Set when the match is over (the log can then be downloaded).
    pub match_over: bool,
    /// How the cards were dealt: the commitment to the secret seed, or a practice table; the
    /// seed itself only once the match is over.
    pub dealing: Dealing,
    /// While the table waits for the next deal, what this seat saw of the deal that ended.
    pub ended_deal: Option<EndedDeal>,
    /// How the scores read: `points` (higher is better) or `penalties` (the scores' negatives,
    /// lower is better), from the game's [`cards_core::Words`].
    pub scoring: &'static str,
    /// One line on what a deal scores, from the game's [`cards_core::Words`].
    pub scores_explain: &'static str,
    /// The names people chose for their seats.
    pub names: Vec<Option<String>>,
}

/// How a table's cards were dealt, as every page is told. The seed decides every card, so it
/// is secret until the match ends (see [`crate::fair`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Dealing {
    /// SHA-256 commitment to the seed drawn by the server, shown from the first deal; `None`
    /// at a practice table.
    pub commitment: Option<String>,
    /// Set when the opener chose the seed: the opener knows the deal.
    pub practice: bool,
    /// The seed, once the match is over.
    pub seed: Option<u64>,
    /// The commitment's salt, once the match is over.
    pub salt: Option<String>,
}

/// A table of some game, as the server drives it.
pub trait Table: Send {
    /// The game's command-line name.
    fn game(&self) -> &'static str;
    /// Who sits where.
    fn seats(&self) -> &[SeatKind];
    /// The number of changes so far.
    fn version(&self) -> u64;
    /// What `seat` is shown, its narration from line `since` on.
    fn seat_state(&self, seat: Seat, since: usize) -> SeatState;
    /// `seat` takes the action written `text`, answering the table as it was at `version`.
    ///
    /// # Errors
    /// Not this seat's turn, a stale version, text the game cannot read, or an illegal action
    /// (the engine's reason); the table is unchanged.
    fn act(&mut self, seat: Seat, text: &str, version: Option<u64>) -> Result<(), ApiError>;
    /// `seat` asks for the next deal after one has ended; it starts when every person at the
    /// table has asked.
    ///
    /// # Errors
    /// When no deal has just ended, or this seat has asked already; the table is unchanged.
    fn next_deal(&mut self, seat: Seat) -> Result<(), ApiError>;
    /// Whether the table moves by itself now (a bot to move, or a person with one option).
    fn wants_drive(&self) -> bool;
    /// Whether the table's next move by itself is one the people watch, and so waits for the
    /// table's pace: a bot's decision between more than one option outside the
    /// [`UNPACED_PHASES`]. Every other move by itself (a single option, bot's or person's, and
    /// a bot's decision in Big A's draw) is taken at once.
    fn wants_pace(&self) -> bool;
    /// Whether the match is over.
    fn is_over(&self) -> bool;
    /// Starts the table's next moves by itself, handed out as [`Drive::Think`] to be worked
    /// out without the table (its bots and random generator are out of it meanwhile) and
    /// brought back to [`Table::end_drive`]: one paced bot decision (see
    /// [`Table::wants_pace`]), or a run of the moves taken at once, up to the next move
    /// someone must choose or watch (bots still think for their decisions in it).
    fn begin_drive(&mut self) -> Drive;
    /// Applies the moves worked out from [`Table::begin_drive`], if the table is still at the
    /// version they were taken at; the bots and generator go back to the table either way. A
    /// run of more than one move is summed up in one line of every seat's narration, from
    /// that seat's redacted lines. Returns whether something moved.
    fn end_drive(&mut self, thought: Box<dyn Any + Send>) -> bool;
    /// The table's stop: once closed, its bots' clocks jump past every deadline.
    fn stop(&self) -> Arc<Stop>;
    /// An upper bound of the memory the table's bots take to think, in bytes.
    fn memory(&self) -> u64;
    /// Makes the table's next moves by itself ([`Table::begin_drive`]) all under one borrow;
    /// returns whether something moved.
    fn drive(&mut self) -> bool {
        match self.begin_drive() {
            Drive::Idle => false,
            Drive::Think(thinking) => {
                let thought = thinking.think();
                self.end_drive(thought)
            }
        }
    }
    /// The replayable log, once the match is over.
    ///
    /// # Errors
    /// While the match is still being played (the log would show every hand).
    fn log(&self) -> Result<GameLog, ApiError>;
    /// How the cards were dealt (the seed only once the match is over).
    fn dealing(&self) -> Dealing;
    /// The changes not yet stored: the number stored before them, and them.
    fn unsaved(&self) -> (usize, &[Entry]);
    /// Notes that the first `upto` changes are stored.
    fn saved(&mut self, upto: usize);
    /// Replays stored changes on a table just made from its record: the same state, version
    /// and narration as the table they were taken from.
    ///
    /// # Errors
    /// A change that does not apply (a damaged store); the table is as far as it got.
    fn restore(&mut self, entries: &[Entry]) -> Result<(), ApiError>;
    /// The match scores, one per seat.
    fn scores(&self) -> Vec<f64>;
    /// The configuration, in the game's serde form.
    fn config(&self) -> &serde_json::Value;
    /// Every change so far, stored or not.
    fn entries(&self) -> &[Entry];
    /// What a spectator is shown, its narration from line `since` on.
    fn watch_state(&self, since: usize) -> super::watch::WatchState;
    /// Seats a bot (by its checked spec) or a person in `seat`, as the host asked; every seat
    /// is told. `token` is the hash of the token of a person's seat from now on.
    ///
    /// # Errors
    /// No such seat, a bot that cannot be made, or a seat that already is so.
    fn set_seat(
        &mut self,
        seat: Seat,
        kind: SeatKind,
        token: Option<String>,
    ) -> Result<(), ApiError>;
    /// Names `seat` (a name already checked); every seat is told.
    ///
    /// # Errors
    /// No such seat.
    fn set_name(&mut self, seat: Seat, name: &str) -> Result<(), ApiError>;
    /// The names chosen for the seats.
    fn names(&self) -> &[Option<String>];
    /// The finished match after `step` of its actions, every hand shown.
    ///
    /// # Errors
    /// While the match is being played, or past its last action.
    fn review(&self, step: usize) -> Result<super::review::ReviewStep, ApiError>;
}

/// What [`Table::begin_drive`] did.
pub enum Drive {
    /// Nothing moves by itself now.
    Idle,
    /// Moves to work out (without the table), then to hand to [`Table::end_drive`].
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
    /// Decides (this is where the time goes); the result goes back to [`Table::end_drive`].
    fn think(self: Box<Self>) -> Box<dyn Any + Send>;
}

/// The phases ([`Game::phase`]) whose bot decisions are taken at once, without the pace: Big
/// A's draw, where each of the 103 cards drawn asks its drawer whether to expose an Ace.
pub const UNPACED_PHASES: [&str; 1] = ["draw"];

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
struct Pending<G: Game> {
    state: G::State,
    legal: Vec<G::Action>,
    /// Every seat's bot, taken out of the table; `None` for people.
    bots: Vec<Option<Seated<G>>>,
    rng: GameRng,
    version: u64,
    /// A run of the moves taken at once, rather than one paced decision.
    run: bool,
    stop: Arc<Stop>,
}

/// One move worked out by [`Pending`].
struct Move<G: Game> {
    seat: Seat,
    action: G::Action,
    /// The seat's only legal action.
    forced: bool,
}

/// The moves worked out by [`Pending`].
struct Thought<G: Game> {
    moves: Vec<Move<G>>,
    bots: Vec<Option<Seated<G>>>,
    rng: GameRng,
    version: u64,
}

/// Whether the move of `seat` (a person or not) among `legal` options is taken at once, in
/// `state`.
fn at_once<G: Game>(state: &G::State, legal: usize, person: bool) -> bool {
    legal == 1 || (!person && legal > 1 && UNPACED_PHASES.contains(&G::phase(state)))
}

impl<G: Game> Thinking for Pending<G> {
    fn think(self: Box<Self>) -> Box<dyn Any + Send> {
        let Pending {
            mut state,
            mut legal,
            mut bots,
            mut rng,
            version,
            run,
            stop,
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
            if G::apply(&mut state, &action).is_err() {
                break;
            }
            moves.push(Move {
                seat,
                action,
                forced,
            });
            // At the end of a deal or the match the table decides what comes next.
            if !run || G::is_over(&state) || G::scores(&state).0 != scores {
                break;
            }
            G::legal_actions_into(&state, &mut legal);
        }
        Box::new(Thought::<G> {
            moves,
            bots,
            rng,
            version,
        })
    }
}

/// The line that sums up a run of `moves` moves taken at once, for a seat whose own narration
/// of them is `lines` (redacted for it, so the summary tells it nothing more) and whose only
/// option was taken for it `forced` times; `phase` is the game's phase at the run's start.
///
/// Lines are grouped by their first two words (who, and what they did) and their length, in
/// the order they first came: `S1 draws a card` 21 times is `S1 draws a card ×21`, and
/// `S0 draws 7♠`, `S0 draws 9♥` are `S0 draws 7♠, 9♥`.
pub fn run_summary(lines: &[String], moves: usize, phase: &str, forced: usize) -> String {
    let mut groups: Vec<(String, usize, Vec<&str>)> = Vec::new();
    for line in lines {
        let words = line.split_whitespace().count();
        let mut parts = line.splitn(3, ' ');
        let stem = match (parts.next(), parts.next(), parts.next()) {
            (Some(a), Some(b), Some(rest)) if !rest.is_empty() => Some((format!("{a} {b}"), rest)),
            _ => None,
        };
        let (stem, rest) = stem.unwrap_or_else(|| (line.clone(), ""));
        match groups
            .iter_mut()
            .find(|(s, n, _)| *s == stem && *n == words)
        {
            Some((_, _, rests)) => rests.push(rest),
            None => groups.push((stem, words, vec![rest])),
        }
    }
    let told: Vec<String> = groups
        .into_iter()
        .map(|(stem, _, rests)| {
            let first = rests.first().copied().unwrap_or_default();
            let whole = if first.is_empty() {
                stem.clone()
            } else {
                format!("{stem} {first}")
            };
            if rests.len() == 1 {
                whole
            } else if rests.iter().all(|r| *r == first) {
                format!("{whole} ×{}", rests.len())
            } else {
                format!("{stem} {}", rests.join(", "))
            }
        })
        .collect();
    let head = if phase == "play" {
        format!("{moves} moves taken at once")
    } else {
        format!("the {phase}, {moves} moves taken at once")
    };
    let yours = match forced {
        0 => String::new(),
        1 => " (your only legal action was taken for you once)".to_owned(),
        n => format!(" (your only legal action was taken for you {n} times)"),
    };
    if told.is_empty() {
        format!("{head}{yours}.")
    } else {
        format!("{head}{yours}: {}.", told.join("; "))
    }
}

/// The seat a spectator sees the game as: one at no table, so every game's redaction hides
/// from it whatever it hides from any seat but the one concerned.
pub const SPECTATOR: Seat = Seat(u8::MAX);

/// A bot of `G` by its spec, reading the clock of `stop`: an `exec:` program (refused by the
/// lobby unless `--allow-exec`) or one of the engine's.
fn new_bot<G: Game>(text: &str, stop: &Arc<Stop>) -> Result<Seated<G>, ApiError> {
    let spec: BotSpec = text
        .parse()
        .map_err(|e: cards_core::bot::BotSpecError| ApiError::bad(e.to_string()))?;
    Ok(if spec.kind == "exec" {
        Seated::new(&spec, false).map_err(|e| ApiError::bad(e.to_string()))?
    } else {
        Seated::Builtin(
            cards_core::bot::make_bot::<G>(&spec, Some(stop.clock()))
                .map_err(|e| ApiError::bad(e.to_string()))?,
        )
    })
}

/// A table of the game `G`.
pub struct GameTable<G: Game> {
    state: G::State,
    secret: crate::fair::DealSecret,
    commitment: Option<String>,
    seats: Vec<SeatKind>,
    bots: Vec<Option<Seated<G>>>,
    rng: GameRng,
    narration: Vec<Vec<String>>,
    log: GameLog,
    recorder: Recorder,
    version: u64,
    waiting: bool,
    /// Per seat, whether its person has asked for the next deal while the table waits.
    ready: Vec<bool>,
    deals: Vec<DealResult>,
    /// Per seat, what it saw of the deal that ended, while the table waits for the next.
    ended: Vec<Option<EndedDeal>>,
    last_scores: Vec<f64>,
    /// Deal ends, for the `exec:` bots.
    watch: DealWatch,
    legal: Vec<G::Action>,
    stop: Arc<Stop>,
    /// Every change, in order, as stored ([`Entry`]).
    journal: Vec<Entry>,
    /// How many of `journal` are stored.
    stored: usize,
    /// What a spectator hears: the events as a seat not at the table sees them.
    public: Vec<String>,
    /// The names people chose for their seats.
    names: Vec<Option<String>>,
}

impl<G: Game> std::fmt::Debug for GameTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameTable")
            .field("game", &G::NAME)
            .field("seats", &self.seats)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl<G: Game> GameTable<G> {
    /// A new table: the configuration, the match's secret seed, and who sits where (one entry
    /// per seat).
    ///
    /// # Errors
    /// A configuration the game refuses, a seat list of the wrong length, or a bad bot spec.
    pub fn new(
        config: &G::Config,
        secret: crate::fair::DealSecret,
        seats: Vec<SeatKind>,
    ) -> Result<Self, ApiError> {
        Self::with_stop(config, secret, seats, Stop::new())
    }

    /// A new table as [`GameTable::new`], whose bots read the clock of `stop`.
    ///
    /// # Errors
    /// As [`GameTable::new`].
    pub fn with_stop(
        config: &G::Config,
        secret: crate::fair::DealSecret,
        seats: Vec<SeatKind>,
        stop: Arc<Stop>,
    ) -> Result<Self, ApiError> {
        let seed = secret.seed;
        let players = G::players(config);
        if seats.len() != players {
            return Err(ApiError::bad(format!(
                "{} seats given for {players} players: name one per seat",
                seats.len()
            )));
        }
        let mut bots = Vec::with_capacity(players);
        for kind in &seats {
            bots.push(match kind {
                SeatKind::Person => None,
                SeatKind::Bot(text) => Some(new_bot::<G>(text, &stop)?),
            });
        }
        let state = G::new(config, seed).map_err(|e| ApiError::bad(e.to_string()))?;
        let log = GameLog {
            game: G::NAME.to_owned(),
            config: serde_json::to_value(config).map_err(|e| ApiError::internal(&e))?,
            seed,
            commitment: secret.commitment(),
            salt: secret.salt.clone(),
            actions: Vec::new(),
            unfinished: false,
            outcome: Vec::new(),
            faults: Vec::new(),
        };
        let mut recorder = Recorder::default();
        recorder.note::<G>(&state, 0);
        let totals = G::scores(&state).0;
        for (i, bot) in bots.iter_mut().enumerate() {
            if let Some(bot) = bot {
                bot.begin(Seat(i as u8), config, &totals);
            }
        }
        let mut table = GameTable {
            watch: DealWatch::new::<G>(&state),
            last_scores: G::scores(&state).0,
            state,
            commitment: secret.commitment(),
            secret,
            seats,
            bots,
            rng: rng_from_seed(derive_seed(seed, 0xB075)),
            narration: vec![Vec::new(); players],
            log,
            recorder,
            version: 0,
            waiting: false,
            ready: vec![false; players],
            deals: Vec::new(),
            ended: vec![None; players],
            legal: Vec::new(),
            stop,
            journal: Vec::new(),
            stored: 0,
            public: Vec::new(),
            names: vec![None; players],
        };
        let opening = G::opening(&table.state);
        table.narrate(&opening);
        G::legal_actions_into(&table.state, &mut table.legal);
        Ok(table)
    }

    /// An upper bound of the memory the bots of these seats take to think, in bytes
    /// ([`super::caps::bot_bytes`]); a spec that does not parse counts nothing (it is refused
    /// when the bot is made).
    pub fn bot_memory(seats: &[SeatKind]) -> u64 {
        seats
            .iter()
            .filter_map(|kind| match kind {
                SeatKind::Person => None,
                SeatKind::Bot(text) => text.parse::<BotSpec>().ok(),
            })
            .map(|spec| super::caps::bot_bytes::<G>(&spec))
            .fold(0, u64::saturating_add)
    }

    /// Adds each seat's redacted view of `events` to its narration, and what a spectator sees
    /// of them (the events as redacted for [`SPECTATOR`], a seat at no table) to the public's.
    fn narrate(&mut self, events: &[G::Event]) {
        self.public.extend(
            events
                .iter()
                .filter_map(|e| G::redact(e, SPECTATOR))
                .map(|e| e.to_string()),
        );
        for (i, lines) in self.narration.iter_mut().enumerate() {
            let seat = Seat(i as u8);
            lines.extend(
                events
                    .iter()
                    .filter_map(|e| G::redact(e, seat))
                    .map(|e| e.to_string()),
            );
        }
    }

    /// Applies a legal action: log, narration, deal results, version.
    fn apply(&mut self, action: &G::Action) -> Result<(), ApiError> {
        // The state before, for the screens of a deal that this action ends.
        let before = self.state.clone();
        let heard: Vec<usize> = self.narration.iter().map(Vec::len).collect();
        let events = G::apply(&mut self.state, action).map_err(|e| ApiError::illegal(&e))?;
        self.log.actions.push(action.to_string());
        self.recorder.note::<G>(&self.state, self.log.actions.len());
        self.narrate(&events);
        self.tell_bots(&events);
        self.note_faults();
        let scores = G::scores(&self.state).0;
        if scores != self.last_scores && !G::is_over(&self.state) {
            self.ended = (0..self.seats.len())
                .map(|i| {
                    let lines = self.narration.get(i).map_or(&[][..], Vec::as_slice);
                    let from = heard.get(i).copied().unwrap_or(0).min(lines.len());
                    Some(EndedDeal {
                        number: self.deals.len() + 1,
                        screen: G::screen(&G::view(&before, Seat(i as u8))),
                        narration: lines[from..]
                            .iter()
                            .take_while(|l| !crate::exec::starts_next_deal(l))
                            .cloned()
                            .collect(),
                    })
                })
                .collect();
        }
        if scores != self.last_scores {
            let deal: Vec<f64> = scores
                .iter()
                .zip(&self.last_scores)
                .map(|(now, before)| now - before + 0.0)
                .collect();
            // The game narrates the end of its deal itself; the page shows the results.
            self.deals.push(DealResult {
                number: self.deals.len() + 1,
                scores: deal,
                totals: scores.clone(),
            });
            self.last_scores = scores;
            // A table of bots only deals on by itself.
            self.waiting = !G::is_over(&self.state) && self.seats.contains(&SeatKind::Person);
            self.ready.fill(false);
        }
        G::legal_actions_into(&self.state, &mut self.legal);
        self.version += 1;
        Ok(())
    }

    /// Names the faults of `exec:` programs since the last action in the log and in every seat's
    /// narration (a fault says only that a program failed and its action was drawn at random).
    fn note_faults(&mut self) {
        for bot in self.bots.iter_mut().flatten() {
            for note in bot.take_faults() {
                for lines in &mut self.narration {
                    lines.push(note.clone());
                }
                self.log.faults.push(crate::log::FaultNote {
                    after: self.log.actions.len(),
                    note,
                });
            }
        }
    }

    /// Tells the bots that observe (`exec:` programs) what their seats saw of `events`, the end
    /// of a deal, and the end of the match. A bot out thinking misses them.
    fn tell_bots(&mut self, events: &[G::Event]) {
        if !self.bots.iter().flatten().any(Bot::observes) {
            return;
        }
        let ended = self
            .watch
            .after::<G>(&self.state, events)
            .map(<[f64]>::to_vec);
        let over = G::is_over(&self.state).then(|| G::scores(&self.state));
        for (i, bot) in self.bots.iter_mut().enumerate() {
            let Some(bot) = bot.as_mut().filter(|b| b.observes()) else {
                continue;
            };
            let seat = Seat(i as u8);
            let seen: Vec<G::Event> = events.iter().filter_map(|e| G::redact(e, seat)).collect();
            bot.observe(seat, &seen);
            if let Some(totals) = &ended {
                bot.deal_end(seat, totals);
            }
            if let Some(scores) = &over {
                bot.finish(seat, scores);
            }
        }
    }

    /// What the pages are told of the deal: the seed only once the match is over.
    fn dealing(&self) -> Dealing {
        let over = G::is_over(&self.state);
        Dealing {
            commitment: self.commitment.clone(),
            practice: self.secret.salt.is_none(),
            seed: over.then_some(self.secret.seed),
            salt: self.secret.salt.clone().filter(|_| over),
        }
    }

    /// A bot of `spec` for `seat`, told the match so far.
    fn make_bot(&self, seat: Seat, spec: &str) -> Result<Seated<G>, ApiError> {
        let mut bot = new_bot::<G>(spec, &self.stop)?;
        let config = cards_core::GameState::config(&self.state);
        bot.begin(seat, config, &G::scores(&self.state).0);
        Ok(bot)
    }

    /// `seat` takes the action written `text`, its turn and seat already checked.
    fn act_unchecked(&mut self, seat: Seat, text: &str) -> Result<(), ApiError> {
        let action = G::parse_action(&self.state, text)
            .map_err(|e| ApiError::unprocessable(format!("cannot read {text:?}: {e}")))?;
        self.apply(&action)?;
        self.journal.push(Entry::Act {
            seat: seat.0,
            action: action.to_string(),
        });
        Ok(())
    }

    /// Applies moves the table took by itself (`seat`, action, whether it was the seat's only
    /// one), up to the first that no longer fits; a run of more than one is summed up in every
    /// narration. Returns how many moved, recorded as one [`Entry::Run`].
    fn run_moves(&mut self, moves: &[(Seat, G::Action, bool)]) -> usize {
        let start: Vec<usize> = self.narration.iter().map(Vec::len).collect();
        let public_start = self.public.len();
        let phase = G::phase(&self.state);
        let mut forced = vec![0usize; self.seats.len()];
        let mut made = Vec::new();
        for (seat, action, only) in moves {
            if self.waiting || G::to_move(&self.state) != Some(*seat) {
                break;
            }
            let i = usize::from(seat.0);
            if *only && self.person_at(*seat) {
                if moves.len() == 1 {
                    if let Some(lines) = self.narration.get_mut(i) {
                        lines.push(crate::play::forced_line(*seat, action));
                    }
                }
                if let Some(n) = forced.get_mut(i) {
                    *n += 1;
                }
            }
            if self.apply(action).is_err() {
                break;
            }
            made.push(action.to_string());
        }
        let n = made.len();
        if n > 1 {
            for ((lines, from), forced) in self.narration.iter_mut().zip(start).zip(forced) {
                let summary = run_summary(lines.get(from..).unwrap_or(&[]), n, phase, forced);
                lines.push(summary);
            }
            let summary = run_summary(self.public.get(public_start..).unwrap_or(&[]), n, phase, 0);
            self.public.push(summary);
        }
        if n > 0 {
            self.journal.push(Entry::Run { actions: made });
        }
        n
    }

    /// Applies the actions of a saved game's log, deal ends included, and sums them up in one
    /// line of every narration.
    fn take_log(&mut self, actions: &[String]) -> Result<(), ApiError> {
        for text in actions {
            self.waiting = false;
            self.ready.fill(false);
            self.ended.fill(None);
            let action = G::parse_action(&self.state, text)
                .map_err(|e| ApiError::unprocessable(format!("{text:?}: {e}")))?;
            self.apply(&action)?;
        }
        let line = format!(
            "The table goes on from a saved game: its {} actions are taken.",
            actions.len()
        );
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Log {
            actions: actions.to_vec(),
        });
        Ok(())
    }

    /// Applies one stored change.
    fn replay_entry(&mut self, entry: &Entry) -> Result<(), ApiError> {
        match entry {
            Entry::Act { seat, action } => self.act_unchecked(Seat(*seat), action),
            Entry::Run { actions } => {
                let mut state = self.state.clone();
                let mut legal = Vec::new();
                let mut moves = Vec::with_capacity(actions.len());
                for text in actions {
                    let seat = G::to_move(&state)
                        .ok_or_else(|| ApiError::conflict("the match is over".to_owned()))?;
                    G::legal_actions_into(&state, &mut legal);
                    let action = G::parse_action(&state, text)
                        .map_err(|e| ApiError::unprocessable(format!("{text:?}: {e}")))?;
                    G::apply(&mut state, &action).map_err(|e| ApiError::illegal(&e))?;
                    moves.push((seat, action, legal.len() == 1));
                }
                if self.run_moves(&moves) == moves.len() {
                    Ok(())
                } else {
                    Err(ApiError::conflict(format!(
                        "a run of {} moves stopped early",
                        moves.len()
                    )))
                }
            }
            Entry::Log { actions } => self.take_log(actions),
            Entry::Next { seat } => self.next_deal(Seat(*seat)),
            Entry::Seat { seat, kind, token } => {
                self.set_seat(Seat(*seat), kind.clone(), token.clone())
            }
            Entry::Name { seat, name } => self.set_name(Seat(*seat), name),
        }
    }

    fn person_at(&self, seat: Seat) -> bool {
        self.seats.get(usize::from(seat.0)) == Some(&SeatKind::Person)
    }

    /// The person seats that have not asked for the next deal, while the table waits for it.
    fn waits_for(&self) -> Vec<u8> {
        if !self.waiting {
            return Vec::new();
        }
        (0..self.seats.len())
            .filter(|&i| {
                self.seats[i] == SeatKind::Person && !self.ready.get(i).copied().unwrap_or(false)
            })
            .map(|i| i as u8)
            .collect()
    }
}

impl<G: Game> Table for GameTable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn seat_state(&self, seat: Seat, since: usize) -> SeatState {
        let view = G::view(&self.state, seat);
        let to_move = G::to_move(&self.state);
        // A single option is not asked: the server takes it (see `drive`).
        let your_turn =
            to_move == Some(seat) && !self.waiting && self.person_at(seat) && self.legal.len() > 1;
        let legal: Vec<String> = if your_turn {
            self.legal
                .iter()
                .take(MAX_LEGAL_SENT)
                .map(ToString::to_string)
                .collect()
        } else {
            Vec::new()
        };
        let legal_cards: Vec<Vec<String>> = if your_turn {
            self.legal
                .iter()
                .take(MAX_LEGAL_SENT)
                .map(|a| G::action_cards(&self.state, a))
                .collect()
        } else {
            Vec::new()
        };
        let screen = G::screen(&view);
        let card_keys = screen
            .hand
            .iter()
            .filter_map(|c| {
                let key = G::card_key(&self.state, c);
                (your_turn && key != *c).then(|| (c.clone(), key))
            })
            .collect();
        let lines = self
            .narration
            .get(usize::from(seat.0))
            .map_or(&[][..], Vec::as_slice);
        let from = since.min(lines.len());
        SeatState {
            game: G::NAME,
            title: G::TITLE,
            seat: seat.0,
            players: self.seats.len(),
            seats: self.seats.clone(),
            version: self.version,
            screen,
            view_text: view.to_string(),
            to_move: to_move.map(|s| s.0),
            your_turn,
            legal_cut: your_turn && self.legal.len() > MAX_LEGAL_SENT,
            legal,
            legal_cards,
            card_keys,
            phase: G::phase(&self.state),
            narration_from: from,
            narration: lines[from..].to_vec(),
            scores: G::scores(&self.state).0.iter().map(|s| s + 0.0).collect(),
            deals: self.deals.clone(),
            waiting_for_next_deal: self.waiting,
            next_deal_waits_for: self.waits_for(),
            match_over: G::is_over(&self.state),
            dealing: self.dealing(),
            ended_deal: self
                .ended
                .get(usize::from(seat.0))
                .cloned()
                .flatten()
                .filter(|_| self.waiting),
            scoring: scoring_word::<G>(),
            scores_explain: G::words().scores,
            names: self.names.clone(),
        }
    }

    fn act(&mut self, seat: Seat, text: &str, version: Option<u64>) -> Result<(), ApiError> {
        if let Some(v) = version {
            if v != self.version {
                return Err(ApiError::conflict(format!(
                    "the table has moved on since your page showed it (version {v}, now {}): \
                     look again and choose anew",
                    self.version
                )));
            }
        }
        if self.waiting {
            return Err(ApiError::conflict(
                "the deal is over: start the next deal first".to_owned(),
            ));
        }
        match G::to_move(&self.state) {
            None => return Err(ApiError::conflict("the match is over".to_owned())),
            Some(s) if s != seat => {
                return Err(ApiError::conflict(format!(
                    "it is not your turn: {s} is to move"
                )));
            }
            Some(_) => {}
        }
        if !self.person_at(seat) {
            return Err(ApiError::forbidden("a bot plays this seat".to_owned()));
        }
        self.act_unchecked(seat, text)
    }

    fn next_deal(&mut self, seat: Seat) -> Result<(), ApiError> {
        if !self.person_at(seat) {
            return Err(ApiError::forbidden("a bot plays this seat".to_owned()));
        }
        if !self.waiting {
            return Err(ApiError::conflict(
                "no deal has just ended: there is nothing to start".to_owned(),
            ));
        }
        let i = usize::from(seat.0);
        if self.ready.get(i).copied().unwrap_or(false) {
            let others: Vec<String> = self.waits_for().iter().map(|s| format!("S{s}")).collect();
            return Err(ApiError::conflict(format!(
                "you have asked for the next deal already; it starts when {} {} too",
                others.join(", "),
                if others.len() == 1 { "asks" } else { "ask" }
            )));
        }
        if let Some(r) = self.ready.get_mut(i) {
            *r = true;
        }
        self.journal.push(Entry::Next { seat: seat.0 });
        if self.waits_for().is_empty() {
            self.waiting = false;
            self.ready.fill(false);
            self.ended.fill(None);
        }
        self.version += 1;
        Ok(())
    }

    fn wants_drive(&self) -> bool {
        match G::to_move(&self.state) {
            Some(seat) if !self.waiting => !self.person_at(seat) || self.legal.len() == 1,
            _ => false,
        }
    }

    fn wants_pace(&self) -> bool {
        match G::to_move(&self.state) {
            Some(seat) if !self.waiting => {
                !self.person_at(seat) && !at_once::<G>(&self.state, self.legal.len(), false)
            }
            _ => false,
        }
    }

    fn is_over(&self) -> bool {
        G::is_over(&self.state)
    }

    fn begin_drive(&mut self) -> Drive {
        if !self.wants_drive() {
            return Drive::Idle;
        }
        // A bot out thinking: nothing to do until it is back.
        let out = self
            .seats
            .iter()
            .zip(&self.bots)
            .any(|(kind, bot)| *kind != SeatKind::Person && bot.is_none());
        if out {
            return Drive::Idle;
        }
        let run = !self.wants_pace();
        let bots = self.bots.iter_mut().map(Option::take).collect();
        let rng = std::mem::replace(&mut self.rng, rng_from_seed(0));
        Drive::Think(Box::new(Pending::<G> {
            state: self.state.clone(),
            legal: self.legal.clone(),
            bots,
            rng,
            version: self.version,
            run,
            stop: Arc::clone(&self.stop),
        }))
    }

    fn end_drive(&mut self, thought: Box<dyn Any + Send>) -> bool {
        let Ok(thought) = thought.downcast::<Thought<G>>() else {
            return false;
        };
        let Thought {
            moves,
            bots,
            rng,
            version,
        } = *thought;
        for (place, bot) in self.bots.iter_mut().zip(bots) {
            if bot.is_some() {
                *place = bot;
            }
        }
        self.rng = rng;
        if version != self.version {
            return false;
        }
        let moves: Vec<(Seat, G::Action, bool)> = moves
            .into_iter()
            .map(|m| (m.seat, m.action, m.forced))
            .collect();
        self.run_moves(&moves) > 0
    }

    fn stop(&self) -> Arc<Stop> {
        Arc::clone(&self.stop)
    }

    fn memory(&self) -> u64 {
        Self::bot_memory(&self.seats)
    }

    fn log(&self) -> Result<GameLog, ApiError> {
        if !G::is_over(&self.state) {
            return Err(ApiError::conflict(
                "the log is given once the match is over: it shows every hand".to_owned(),
            ));
        }
        let mut log = self.log.clone();
        log.outcome = self.recorder.snapshot::<G>(&self.state, log.actions.len());
        Ok(log)
    }

    fn dealing(&self) -> Dealing {
        GameTable::dealing(self)
    }

    fn unsaved(&self) -> (usize, &[Entry]) {
        let from = self.stored.min(self.journal.len());
        (from, &self.journal[from..])
    }

    fn saved(&mut self, upto: usize) {
        self.stored = upto.min(self.journal.len());
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), ApiError> {
        for (n, entry) in entries.iter().enumerate() {
            self.replay_entry(entry).map_err(|e| {
                ApiError::internal(&super::store::StoreError(format!(
                    "stored change {n} of this table does not apply: {e}"
                )))
            })?;
        }
        self.stored = self.journal.len();
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        G::scores(&self.state).0.iter().map(|s| s + 0.0).collect()
    }

    fn config(&self) -> &serde_json::Value {
        &self.log.config
    }

    fn entries(&self) -> &[Entry] {
        &self.journal
    }

    fn watch_state(&self, since: usize) -> super::watch::WatchState {
        let screens: Vec<Screen> = (0..self.seats.len())
            .map(|i| G::screen(&G::view(&self.state, Seat(i as u8))))
            .collect();
        let from = since.min(self.public.len());
        super::watch::WatchState {
            game: G::NAME,
            title: G::TITLE,
            players: self.seats.len(),
            seats: self.seats.clone(),
            names: self.names.clone(),
            version: self.version,
            screen: super::watch::public_screen(&screens, G::TITLE),
            to_move: G::to_move(&self.state).map(|s| s.0),
            phase: G::phase(&self.state),
            narration_from: from,
            narration: self.public[from..].to_vec(),
            scores: Table::scores(self),
            deals: self.deals.clone(),
            waiting_for_next_deal: self.waiting,
            match_over: G::is_over(&self.state),
            dealing: self.dealing(),
            scoring: scoring_word::<G>(),
            scores_explain: G::words().scores,
        }
    }

    fn set_seat(
        &mut self,
        seat: Seat,
        kind: SeatKind,
        token: Option<String>,
    ) -> Result<(), ApiError> {
        let i = usize::from(seat.0);
        let Some(now) = self.seats.get(i) else {
            return Err(ApiError::not_found(format!("this table has no seat {i}")));
        };
        if *now == kind {
            return Err(ApiError::conflict(format!("{seat} is already seated so")));
        }
        let line = match &kind {
            SeatKind::Person => {
                self.bots[i] = None;
                format!("The host gives {seat} back to a person.")
            }
            SeatKind::Bot(spec) => {
                self.bots[i] = Some(self.make_bot(seat, spec)?);
                format!("The host seats a bot ({spec}) in {seat}.")
            }
        };
        self.seats[i] = kind.clone();
        if let Some(r) = self.ready.get_mut(i) {
            *r = false;
        }
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Seat {
            seat: seat.0,
            kind,
            token,
        });
        // A table that waited for this person's next deal may start it now.
        if self.waiting && self.waits_for().is_empty() {
            self.waiting = false;
            self.ready.fill(false);
            self.ended.fill(None);
        }
        self.version += 1;
        Ok(())
    }

    fn set_name(&mut self, seat: Seat, name: &str) -> Result<(), ApiError> {
        let i = usize::from(seat.0);
        let Some(place) = self.names.get_mut(i) else {
            return Err(ApiError::not_found(format!("this table has no seat {i}")));
        };
        *place = Some(name.to_owned());
        let line = format!("{seat} is now called {name}.");
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Name {
            seat: seat.0,
            name: name.to_owned(),
        });
        self.version += 1;
        Ok(())
    }

    fn names(&self) -> &[Option<String>] {
        &self.names
    }

    fn review(&self, step: usize) -> Result<super::review::ReviewStep, ApiError> {
        let log = self.log()?;
        let steps = log.actions.len();
        if step > steps {
            return Err(ApiError::not_found(format!(
                "step {step}: the match has {steps} actions"
            )));
        }
        let config = cards_core::GameState::config(&self.state);
        let mut state = G::new(config, log.seed).map_err(|e| ApiError::internal(&e))?;
        let mut lines: Vec<String> = G::opening(&state).iter().map(ToString::to_string).collect();
        let mut seat = None;
        for text in log.actions.iter().take(step) {
            seat = G::to_move(&state).map(|s| s.0);
            let action = G::parse_action(&state, text)
                .map_err(|e| ApiError::unprocessable(format!("stored action {text:?}: {e}")))?;
            let events = G::apply(&mut state, &action).map_err(|e| ApiError::internal(&e))?;
            lines = events.iter().map(ToString::to_string).collect();
        }
        Ok(super::review::ReviewStep {
            game: G::NAME,
            title: G::TITLE,
            step,
            steps,
            action: step
                .checked_sub(1)
                .and_then(|i| log.actions.get(i).cloned()),
            seat,
            lines,
            screens: (0..self.seats.len())
                .map(|i| G::screen(&G::view(&state, Seat(i as u8))))
                .collect(),
            scores: G::scores(&state).0.iter().map(|s| s + 0.0).collect(),
            names: self.names.clone(),
            dealing: self.dealing(),
        })
    }
}

/// How the scores of `G` read: `points` or `penalties`.
fn scoring_word<G: Game>() -> &'static str {
    match G::words().scoring {
        cards_core::Scoring::Points => "points",
        cards_core::Scoring::Penalties => "penalties",
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    /// A Cego table of four bots of one spec, its first decision taken out to think.
    fn thinking(spec: &str) -> (GameTable<game_cego::Cego>, Box<dyn Thinking>) {
        let config = <game_cego::Cego as cards_core::Game>::Config::default();
        let seats = vec![SeatKind::Bot(spec.to_owned()); 4];
        let mut table =
            GameTable::<game_cego::Cego>::new(&config, crate::fair::DealSecret::chosen(8), seats)
                .unwrap();
        match table.begin_drive() {
            Drive::Think(t) => (table, t),
            Drive::Idle => panic!("a bot is to move"),
        }
    }

    #[test]
    fn closing_a_table_stops_its_bots_thinking_within_100_ms() {
        for spec in [
            "ismcts:iters=100000,ms=5000",
            "pimc:worlds=100,bids=100,nodes=2000000,iters=100000,ms=5000",
        ] {
            let (mut table, pending) = thinking(spec);
            let stop = table.stop();
            let worker = std::thread::spawn(move || pending.think());
            std::thread::sleep(Duration::from_millis(300));
            assert!(!worker.is_finished(), "{spec}: still thinking");
            let closed = Instant::now();
            stop.close();
            let thought = worker.join().unwrap();
            let took = closed.elapsed();
            assert!(took < Duration::from_millis(100), "{spec}: {took:?}");
            // The bot comes back to its seat, and the move is still a legal one.
            let version = table.version();
            assert!(table.end_drive(thought));
            assert_eq!(table.version(), version + 1);
        }
    }

    #[test]
    fn a_decision_for_a_table_that_moved_on_is_dropped_and_the_bot_kept() {
        let (mut table, pending) = thinking("heuristic");
        let thought = pending.think();
        table.version += 1;
        assert!(!table.end_drive(thought), "stale: not applied");
        assert!(table.bots.iter().all(Option::is_some), "the bot is back");
        table.version -= 1;
        assert!(table.drive(), "and plays on");
    }
    /// A Big A table: a person in S0, heuristic bots in the rest.
    fn big_a(seed: u64) -> GameTable<game_big_a::BigA> {
        let config = <game_big_a::BigA as cards_core::Game>::Config::default();
        let mut seats = vec![SeatKind::Bot("heuristic".to_owned()); 5];
        seats[0] = SeatKind::Person;
        GameTable::<game_big_a::BigA>::new(&config, crate::fair::DealSecret::chosen(seed), seats)
            .unwrap()
    }

    #[test]
    fn the_draw_is_taken_in_runs_summed_up_per_seat_without_another_seats_cards() {
        use game_big_a::BigA;
        for seed in 0..6 {
            let mut table = big_a(seed);
            assert_eq!(BigA::phase(&table.state), "draw");
            assert!(
                table.wants_drive() && !table.wants_pace(),
                "the draw is not paced"
            );
            let mut drives = 0;
            // Until play starts, every move by itself is a run; the person decides between.
            while BigA::phase(&table.state) != "play" {
                if table.wants_drive() && !table.wants_pace() {
                    assert!(table.drive(), "seed {seed}: the run moves");
                    drives += 1;
                } else if table.wants_pace() {
                    // A bot's choice after the draw (the partner's exposure) is paced.
                    assert_ne!(BigA::phase(&table.state), "draw");
                    assert!(table.drive());
                } else {
                    let state = table.seat_state(Seat(0), 0);
                    assert!(state.your_turn && state.legal.len() > 1, "seed {seed}");
                    let pass = state.legal.iter().find(|a| *a == "pass").unwrap().clone();
                    table.act(Seat(0), &pass, None).unwrap();
                }
                assert!(drives < 200, "seed {seed}: the draw ends");
            }
            for seat in 0..5u8 {
                let lines = &table.narration[usize::from(seat)];
                let summaries: Vec<&String> = lines
                    .iter()
                    .filter(|l| l.contains("moves taken at once"))
                    .collect();
                assert!(!summaries.is_empty(), "seed {seed} S{seat}: {lines:?}");
                assert!(summaries[0].starts_with("the draw, "), "{}", summaries[0]);
                if seed == 0 && seat == 1 {
                    println!("S1's first summary: {}", summaries[0]);
                }
                for summary in &summaries {
                    for other in (0..5u8).filter(|&o| o != seat) {
                        for (at, _) in summary.match_indices(&format!("S{other} draws ")) {
                            assert!(
                                summary[at..].starts_with(&format!("S{other} draws a card")),
                                "seed {seed}: S{seat} is told S{other}'s card: {summary}"
                            );
                        }
                    }
                }
            }
            // The person's own forced draws are counted in its summary, not line by line.
            assert!(
                table.narration[0]
                    .iter()
                    .any(|l| l.contains("taken for you")),
                "seed {seed}"
            );
            assert!(!table.narration[0].iter().any(|l| l.contains("is taken.")));
        }
    }

    #[test]
    fn a_summary_groups_lines_by_who_and_what() {
        let lines: Vec<String> = [
            "hand 1: S0 draws first",
            "S0 draws 7♠",
            "S1 draws a card",
            "S0 draws 9♥",
            "S1 draws a card",
            "S2 plays 7♠ 7♥",
            "S2 plays 8♠ 8♥",
            "S3 passes",
            "S3 passes",
            "S2 exposes A♥ and is declarer",
        ]
        .map(str::to_owned)
        .to_vec();
        assert_eq!(
            run_summary(&lines, 10, "draw", 2),
            "the draw, 10 moves taken at once (your only legal action was taken for you 2 \
             times): hand 1: S0 draws first; S0 draws 7♠, 9♥; S1 draws a card ×2; S2 plays \
             7♠ 7♥, 8♠ 8♥; S3 passes ×2; S2 exposes A♥ and is declarer."
        );
        assert_eq!(run_summary(&[], 3, "play", 0), "3 moves taken at once.");
    }
}
