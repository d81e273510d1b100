//! One table of `cards serve`: the true state of a match, its seats (people and bots), and what
//! each seat is shown. The [`Table`] trait hides the game type so the server can hold tables of
//! every game side by side; [`GameTable`] implements it for any [`Game`].

use std::any::Any;
use std::sync::Arc;

use cards_core::BotSpec;
use cards_core::text::Message;
use cards_core::{Bot, GameRng, Seat};

use super::ApiError;
pub use super::answers::{
    DealResult, Dealing, EndedDeal, ReviewStep, SPECTATOR, SeatKind, SeatState,
};
use super::store::Entry;
pub use super::think::{Drive, MAX_RUN, Stop, Thinking, UNPACED_PHASES, run_summary};
use super::think::{Pending, Thought, at_once, tell};
use crate::bots::Seated;
use crate::exec::DealWatch;
use crate::log::{GameLog, Recorder};
use crate::narrate::run_message;
use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::GameView;

/// The most legal actions sent to a page at once (a longer list is cut, and says so).
pub const MAX_LEGAL_SENT: usize = 5000;

/// A table of some game, as the server drives it.
pub trait Table: Send {
    /// The game's command-line name.
    fn game(&self) -> &'static str;
    /// Who sits where.
    fn seats(&self) -> &[SeatKind];
    /// The number of changes so far.
    fn version(&self) -> u64;
    /// What `seat` is shown, its narration from line `since` on.
    fn seat_state(&self, seat: Seat, since: usize) -> SeatState<'_>;
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
    /// The seat to move, if any (the match over: none).
    fn to_move(&self) -> Option<Seat>;
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
    /// The expert's suggestion for `seat`'s decision, to be worked out without the table
    /// (the hint module of `cards serve`), its generator seeded with `seed`.
    ///
    /// # Errors
    /// When `seat` is not a person's seat to move (the deal over, the match over, another
    /// seat's turn), or the expert cannot be made.
    fn suggester(
        &self,
        seat: Seat,
        seed: u64,
    ) -> Result<Box<dyn super::suggest::Suggesting>, ApiError>;
    /// The memory the table takes, in bytes: its state as it has grown
    /// ([`Table::state_bytes`]) and an upper bound of what its bots take to think; 0 for a
    /// table rebuilt to be reviewed (the review cache is the server's own memory).
    fn memory(&self) -> u64;
    /// An estimate of the memory the table's own state takes as it grows (its narrations,
    /// log, stored changes and deal results), in bytes; counted in `--memory-mb` after every
    /// stored change.
    fn state_bytes(&self) -> u64;
    /// [`Table::memory`] were `kind` seated in `seat`.
    fn memory_with(&self, seat: Seat, kind: &SeatKind) -> u64;
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
    /// `seat` takes back its last action and the moves the table took by itself after it
    /// (bots' decisions, forced moves): only at a practice table, within the deal, while no
    /// other person has moved since and no bot is out thinking; every seat and spectator is
    /// told.
    ///
    /// # Errors
    /// A fair table or a bot's seat (403); nothing to take back, another person's move
    /// since, a deal scored since or a bot thinking now (409); more than `MAX_TAKEBACKS` (20) in
    /// the deal (429). The table is unchanged.
    fn take_back(&mut self, seat: Seat) -> Result<(), ApiError>;
    /// Names `seat` (a name already checked); every seat is told.
    ///
    /// # Errors
    /// No such seat.
    fn set_name(&mut self, seat: Seat, name: &str) -> Result<(), ApiError>;
    /// The names chosen for the seats.
    fn names(&self) -> &[Option<String>];
    /// How often `seat` was named since the last deal ended (or the table opened).
    fn renames(&self, seat: Seat) -> usize;
    /// The finished match after `step` of its actions, every hand shown.
    ///
    /// # Errors
    /// While the match is being played, or past its last action.
    fn review(&self, step: usize) -> Result<ReviewStep, ApiError>;
}

/// A bot of `G` by its spec, reading the clock of `stop`: an `exec:` program (refused by the
/// lobby unless `--allow-exec`) or one of the engine's.
fn new_bot<G: Catalog>(spec: &BotSpec, stop: &Arc<Stop>) -> Result<Seated<G>, ApiError> {
    Ok(if let BotSpec::Exec(_) = spec {
        Seated::new(spec, false).map_err(|e| ApiError::bad(e.to_string()))?
    } else {
        Seated::Builtin(
            cards_core::make_bot::<G>(spec, Some(stop.clock()))
                .map_err(|e| ApiError::bad(e.to_string()))?,
        )
    })
}

/// Each narration line a table told as a catalogue message, by its English text, and the
/// memory they take (counted as lines are added: a line is never taken back).
#[derive(Clone, Debug, Default)]
struct Told {
    messages: std::collections::BTreeMap<String, cards_core::text::Message>,
    /// An estimate of their bytes: each line twice (the key and the narration's) and a
    /// message's worth.
    bytes: u64,
}

impl Told {
    /// Whether `line` has its message already.
    fn has(&self, line: &str) -> bool {
        self.messages.contains_key(line)
    }

    /// `line`'s message, if it was told as one.
    fn get(&self, line: &str) -> Option<&cards_core::text::Message> {
        self.messages.get(line)
    }

    /// Tells `line` as `message`, unless it has one already (the first stays).
    fn tell(&mut self, line: String, message: cards_core::text::Message) {
        if let std::collections::btree_map::Entry::Vacant(place) = self.messages.entry(line) {
            self.bytes += 2 * (place.key().len() as u64 + 48);
            place.insert(message);
        }
    }
}

/// A table of the game `G`.
pub struct GameTable<G: Catalog> {
    state: G::State,
    secret: crate::fair::DealSecret,
    commitment: Option<String>,
    seats: Vec<SeatKind>,
    bots: Vec<Option<Seated<G>>>,
    rng: GameRng,
    narration: Vec<Vec<String>>,
    /// Each narration line the engine told as a catalogue message, by its English text, so
    /// that a page can show the line in its language (lines the server makes itself, such as
    /// a run's summary, have none).
    told: Told,
    log: GameLog,
    recorder: Recorder,
    version: u64,
    /// How often the moves or the seating changed: what bots out thinking worked from (a
    /// name or a request for the next deal leaves their moves good).
    moved: u64,
    /// Per seat, whether the host changed it since bots were last taken out to think: the bot
    /// that comes back from there is not put back.
    reseated: Vec<bool>,
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
    /// A table rebuilt to be reviewed ([`GameTable::inert`]): no bot is made, so it never
    /// moves by itself, takes no memory to think and seats any stored spec.
    inert: bool,
    /// Per seat, how often it was named since the last deal ended.
    renamed: Vec<usize>,
    /// What a takeback returns to: the table before the last action a person chose, while no
    /// other person has moved since (see [`GameTable::take_back`]).
    undo: Option<Undo<G>>,
    /// How many takebacks the deal has seen.
    takebacks: usize,
    /// What [`Table::state_bytes`] counted of the lines so far, so that only the lines added
    /// since are counted at the next measure.
    measured: std::sync::Mutex<table_impl::Measured>,
}

impl<G: Catalog> std::fmt::Debug for GameTable<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("GameTable")
            .field("game", &G::NAME)
            .field("seats", &self.seats)
            .field("version", &self.version)
            .finish_non_exhaustive()
    }
}

impl<G: Catalog> GameTable<G> {
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

    /// A table that makes no bots, whoever sits in its seats: a stored table rebuilt to be
    /// reviewed or downloaded. Its seats are as stored (bots included), so its stored changes
    /// replay exactly as they were made (a bots-only table deals on by itself, a table with a
    /// person waits at a deal's end), yet no bot is made: none takes memory or starts a
    /// program, and the table never moves by itself.
    ///
    /// # Errors
    /// As [`GameTable::new`].
    pub fn inert(
        config: &G::Config,
        secret: crate::fair::DealSecret,
        seats: Vec<SeatKind>,
    ) -> Result<Self, ApiError> {
        Self::build(config, secret, seats, Stop::new(), false)
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
        Self::build(config, secret, seats, stop, true)
    }

    fn build(
        config: &G::Config,
        secret: crate::fair::DealSecret,
        seats: Vec<SeatKind>,
        stop: Arc<Stop>,
        with_bots: bool,
    ) -> Result<Self, ApiError> {
        let seed = secret.seed;
        let players = config.players();
        if seats.len() != players {
            return Err(ApiError::bad(
                Message::new("serve-error-seat-count")
                    .text("given", seats.len())
                    .text("players", players),
            ));
        }
        let mut bots = Vec::with_capacity(players);
        for kind in &seats {
            bots.push(match kind {
                SeatKind::Bot(spec) if with_bots => Some(new_bot::<G>(spec, &stop)?),
                _ => None,
            });
        }
        let state = <G::State as cards_core::GameState>::new_seeded(config, seed)
            .map_err(|e| ApiError::bad(e.to_string()))?;
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
            // The bots' chance, from the whole secret too.
            rng: seed.derive(0xB075).rng(),
            narration: vec![Vec::new(); players],
            told: Told::default(),
            log,
            recorder,
            version: 0,
            moved: 0,
            reseated: vec![false; players],
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
            inert: !with_bots,
            renamed: vec![0; players],
            undo: None,
            takebacks: 0,
            measured: std::sync::Mutex::default(),
        };
        let opening = G::opening(&table.state);
        table.narrate(&opening);
        G::legal_actions_into(&table.state, &mut table.legal);
        Ok(table)
    }

    /// An upper bound of the memory the bots of these seats take to think, in bytes
    /// ([`super::caps::bot_bytes`]).
    pub fn bot_memory(seats: &[SeatKind]) -> u64 {
        seats
            .iter()
            .filter_map(|kind| match kind {
                SeatKind::Person => None,
                SeatKind::Bot(spec) => Some(super::caps::bot_bytes::<G>(spec)),
            })
            .fold(0, u64::saturating_add)
    }

    /// Adds each seat's redacted view of `events` to its narration, and what a spectator sees
    /// of them (the events as redacted for [`SPECTATOR`], a seat at no table) to the public's.
    fn narrate(&mut self, events: &[G::Event]) {
        // Each seat's redacted event is written once: its line is both the narration's and the
        // key of its message.
        for i in 0..=self.narration.len() {
            let seat = self.narration.get(i).map_or(SPECTATOR, |_| Seat(i as u8));
            for e in events.iter().filter_map(|e| e.redact(seat)) {
                let line = e.to_string();
                if !self.told.has(&line) {
                    if let Some(m) = cards_core::GameEvent::message(&e) {
                        self.told.tell(line.clone(), m);
                    }
                }
                match self.narration.get_mut(i) {
                    Some(lines) => lines.push(line),
                    None => self.public.push(line),
                }
            }
        }
    }

    /// A line the table composes itself (not an engine's event), told as the catalogue message
    /// `said`: its English text, remembered with the message so that a page shows the line in
    /// its language.
    fn compose(&mut self, said: Message) -> String {
        let line = crate::i18n::Catalogue::get(crate::i18n::Lang::En).format(&said);
        self.told.tell(line.clone(), said);
        line
    }

    /// Applies a legal action: log, narration, deal results, version.
    fn apply(&mut self, action: &G::Action) -> Result<(), ApiError> {
        self.apply_told(action, false)
    }

    /// [`Self::apply`], where `told` says that the bots that observe have already been told
    /// the action's events (in the run that worked it out, [`Pending`](super::think::Pending)).
    fn apply_told(&mut self, action: &G::Action, told: bool) -> Result<(), ApiError> {
        // The state before, for the screens of a deal that this action ends.
        let before = self.state.clone();
        let heard: Vec<usize> = self.narration.iter().map(Vec::len).collect();
        let events =
            G::apply(&mut self.state, action).map_err(|e| ApiError::refused(&e, G::refusal(&e)))?;
        self.log.actions.push(action.to_string());
        self.recorder.note::<G>(&self.state, self.log.actions.len());
        self.narrate(&events);
        self.tell_bots(&events, told);
        self.note_faults();
        let scores = G::scores(&self.state).0;
        if scores != self.last_scores && G::to_move(&self.state).is_some() {
            self.ended = (0..self.seats.len())
                .map(|i| {
                    let lines = self.narration.get(i).map_or(&[][..], Vec::as_slice);
                    let from = heard.get(i).copied().unwrap_or(0).min(lines.len());
                    // The seat's lines of this action up to the event that ends the deal (the
                    // rest open the next deal).
                    let seat = Seat(i as u8);
                    let upto = events
                        .iter()
                        .filter_map(|e| e.redact(seat))
                        .position(|e| e.ends_deal())
                        .map_or(usize::MAX, |p| p + 1);
                    let view = G::view(&before, seat);
                    Some(EndedDeal {
                        number: self.deals.len() + 1,
                        screen: view.screen(),
                        screen_messages: view.screen_messages(),
                        layout: ended_layout::<G>(&before, view.layout(), action),
                        narration: lines[from..].iter().take(upto).cloned().collect(),
                        narration_messages: lines[from..]
                            .iter()
                            .take(upto)
                            .map(|l| self.told.get(l).cloned())
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
            self.renamed.fill(0);
            self.takebacks = 0;
            // A table of bots only deals on by itself.
            self.waiting =
                G::to_move(&self.state).is_some() && self.seats.contains(&SeatKind::Person);
            self.ready.fill(false);
        }
        G::legal_actions_into(&self.state, &mut self.legal);
        self.version += 1;
        self.moved += 1;
        Ok(())
    }

    /// Names the faults of `exec:` programs since the last action in the log and in every seat's
    /// narration (a fault says only that a program failed and its action was drawn at random).
    fn note_faults(&mut self) {
        let notes: Vec<_> = self
            .bots
            .iter_mut()
            .flatten()
            .flat_map(Seated::take_fault_lines)
            .collect();
        for note in notes {
            for lines in &mut self.narration {
                lines.push(note.text.clone());
            }
            self.told.tell(note.text.clone(), note.message);
            self.log.faults.push(crate::log::FaultNote {
                after: self.log.actions.len(),
                note: note.text,
            });
        }
    }

    /// Tells the bots that observe (`exec:` programs) what their seats saw of `events` (unless
    /// `told`: a run told them as it went), the end of a deal, and the end of the match. A bot
    /// out thinking misses them.
    fn tell_bots(&mut self, events: &[G::Event], told: bool) {
        if !self.bots.iter().flatten().any(Bot::observes) {
            return;
        }
        let ended = self.watch.after::<G>(&self.state).map(<[f64]>::to_vec);
        let over = G::to_move(&self.state)
            .is_none()
            .then(|| G::scores(&self.state));
        if !told {
            tell(&mut self.bots, events);
        }
        for (i, bot) in self.bots.iter_mut().enumerate() {
            let Some(bot) = bot.as_mut().filter(|b| b.observes()) else {
                continue;
            };
            let seat = Seat(i as u8);
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
        let over = G::to_move(&self.state).is_none();
        Dealing {
            commitment: self.commitment.clone(),
            practice: self.secret.salt.is_none(),
            seed: over.then_some(self.secret.seed),
            salt: self.secret.salt.clone().filter(|_| over),
        }
    }

    /// A bot of `spec` for `seat`, told the match so far.
    fn make_bot(&self, seat: Seat, spec: &BotSpec) -> Result<Seated<G>, ApiError> {
        let mut bot = new_bot::<G>(spec, &self.stop)?;
        let config = cards_core::GameState::config(&self.state);
        bot.begin(seat, config, &G::scores(&self.state).0);
        Ok(bot)
    }

    /// A new bot for `seat`, of the spec it is seated with; `None` for a person's seat or a bot
    /// that cannot be made now (an `exec:` program that does not start).
    fn restart_bot(&self, seat: Seat) -> Option<Seated<G>> {
        if self.inert {
            return None;
        }
        match self.seats.get(usize::from(seat.0))? {
            SeatKind::Bot(spec) => self.make_bot(seat, spec).ok(),
            SeatKind::Person => None,
        }
    }

    /// `seat` takes the action written `text`, its turn and seat already checked.
    fn act_unchecked(&mut self, seat: Seat, text: &str) -> Result<(), ApiError> {
        let action = G::parse_action(&self.state, text).map_err(|e| {
            ApiError::unprocessable(
                Message::new("serve-error-cannot-read")
                    .text("notation", format!("{text:?}"))
                    .arg("reason", crate::i18n::notation_reason(G::NAME, &e)),
            )
        })?;
        let before = self.state.clone();
        let actions = self.log.actions.len();
        let deals = self.deals.len();
        self.apply(&action)?;
        self.undo = Some(Undo {
            seat,
            action: action.to_string(),
            state: before,
            actions,
            deals,
        });
        self.journal.push(Entry::Act {
            seat: seat.0,
            action: action.to_string(),
        });
        Ok(())
    }

    /// Applies moves the table took by itself (`seat`, action, whether it was the seat's only
    /// one), up to the first that no longer fits; a run of more than one is summed up in every
    /// narration. Returns how many moved, recorded as one [`Entry::Run`]. `told`: the bots
    /// that observe were told the moves' events as the run was worked out.
    fn run_moves(&mut self, moves: &[(Seat, G::Action, bool)], told: bool) -> usize {
        let start: Vec<usize> = self.narration.iter().map(Vec::len).collect();
        let public_start = self.public.len();
        let phase = self.state.phase();
        let mut forced = vec![0usize; self.seats.len()];
        let mut made = Vec::new();
        for (seat, action, only) in moves {
            if self.waiting || G::to_move(&self.state) != Some(*seat) {
                break;
            }
            let i = usize::from(seat.0);
            if self.person_at(*seat) && self.undo.as_ref().is_some_and(|u| u.seat != *seat) {
                // Another person has moved: the last person's move stands.
                self.undo = None;
            }
            if *only && self.person_at(*seat) {
                if moves.len() == 1 {
                    if let Some(lines) = self.narration.get_mut(i) {
                        let line = crate::narrate::forced_line(*seat, action);
                        if !self.told.has(&line) {
                            self.told
                                .tell(line.clone(), crate::narrate::forced_message(*seat, action));
                        }
                        lines.push(line);
                    }
                }
                if let Some(n) = forced.get_mut(i) {
                    *n += 1;
                }
            }
            if self.apply_told(action, told).is_err() {
                break;
            }
            made.push(action.to_string());
        }
        let n = made.len();
        if n > 1 {
            // The run's lines give way to their summary: each move is told once.
            for ((lines, from), forced) in self.narration.iter_mut().zip(start).zip(forced) {
                let run = lines.get(from..).unwrap_or(&[]);
                let summary = run_summary(run, n, phase, forced);
                let said = run_message(messages_of(&self.told, run), n, phase, forced);
                self.told.tell(summary.clone(), said);
                lines.truncate(from);
                lines.push(summary);
            }
            let run = self.public.get(public_start..).unwrap_or(&[]);
            let summary = run_summary(run, n, phase, 0);
            let said = run_message(messages_of(&self.told, run), n, phase, 0);
            self.told.tell(summary.clone(), said);
            self.public.truncate(public_start);
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
            let action = G::parse_action(&self.state, text).map_err(|e| {
                ApiError::unprocessable(
                    Message::new("serve-error-stored-action")
                        .text("notation", format!("{text:?}"))
                        .arg("reason", crate::i18n::notation_reason(G::NAME, &e)),
                )
            })?;
            self.apply(&action)?;
        }
        let line = self.compose(
            Message::new("serve-line-saved-game")
                .number("count", i64::try_from(actions.len()).unwrap_or(i64::MAX)),
        );
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Log {
            actions: actions.to_vec(),
        });
        self.undo = None;
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
                    let action = G::parse_action(&state, text).map_err(|e| {
                        ApiError::unprocessable(
                            Message::new("serve-error-stored-action")
                                .text("notation", format!("{text:?}"))
                                .arg("reason", crate::i18n::notation_reason(G::NAME, &e)),
                        )
                    })?;
                    G::apply(&mut state, &action)
                        .map_err(|e| ApiError::refused(&e, G::refusal(&e)))?;
                    moves.push((seat, action, legal.len() == 1));
                }
                if self.run_moves(&moves, false) == moves.len() {
                    Ok(())
                } else {
                    Err(ApiError::conflict(
                        Message::new("serve-error-run-stopped").text("moves", moves.len()),
                    ))
                }
            }
            Entry::Log { actions } => self.take_log(actions),
            Entry::Next { seat } => self.next_deal(Seat(*seat)),
            Entry::Seat { seat, kind, token } => {
                self.set_seat(Seat(*seat), kind.clone(), token.clone())
            }
            Entry::Name { seat, name } => self.set_name(Seat(*seat), name),
            Entry::Takeback { seat } => self.take_back(Seat(*seat)),
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

mod table_impl;

mod takeback;
use takeback::Undo;

#[cfg(test)]
mod tests;

/// What lay on the table when the deal that `action` ends was over: `layout`, the table as the
/// action found it (`before`), with the action's cards laid in front of the seat that took it.
/// The engines deal the next hand in the move that ends one, so no view shows the deal's last
/// card on the table; this puts it there.
pub fn ended_layout<G: Catalog>(
    before: &G::State,
    mut layout: cards_core::layout::Layout,
    action: &G::Action,
) -> cards_core::layout::Layout {
    let cards = G::action_cards(before, action);
    if let (Some(seat), false) = (G::to_move(before), cards.is_empty()) {
        layout
            .trick
            .push(cards_core::layout::Laid::cards(seat, cards));
    }
    layout
}

/// The lines of a narration as catalogue messages: each as the engine or the table told it,
/// else as it is (`untold`).
fn messages_of(told: &Told, lines: &[String]) -> Vec<Message> {
    lines
        .iter()
        .map(|l| {
            told.get(l)
                .cloned()
                .unwrap_or_else(|| Message::new(crate::i18n::UNTOLD).text("text", l))
        })
        .collect()
}
