//! `exec:` bots: a program that plays a seat over the JSON-lines bot protocol
//! (`docs/protocol.md`, [`cards_core::protocol`]).
//!
//! The program is started once, with an empty environment but for `PATH`, its stdin and stdout
//! piped and its stderr inherited, and killed (and waited for) when the bot is dropped. Its
//! stdout is read on a thread that hands lines over a channel, so a program that hangs costs
//! one budget, not the run. Every fault (the program exited, did not answer in time, wrote a
//! line that is not an answer, or named an illegal action) is counted and described (the
//! caller takes the descriptions with [`ExecBot::take_faults`] and names them in its log and
//! narration: nothing here prints), and that decision is taken uniformly at random; after
//! [`MAX_FAULTS`] the program is stopped and every later decision of the seat is random.

use std::io::{BufRead, BufReader, Read, Write};
use std::marker::PhantomData;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, TryRecvError, channel};
use std::time::{Duration, Instant};

use cards_core::Catalog;
use cards_core::protocol::{Message, PROTOCOL, Reply, STARTUP_MS};
use cards_core::rng::below;
use cards_core::text::Message as Said;
use cards_core::{Bot, Decision, GameRng, PerSeat, Seat};
use cards_core::{BotSpec, BotSpecError, ExecSpec};
use cards_core::{GameConfig, GameEvent, GameState};

/// Faults after which a program is stopped and its seat plays at random.
pub const MAX_FAULTS: u64 = 5;

/// The default time a program has to answer a decision, in milliseconds.
pub const DEFAULT_MS: u64 = 1000;

/// The longest line read from a program (a longer one is a fault).
const MAX_LINE: u64 = 1 << 20;

/// What went wrong with a program, told in English (the log's words) and as a catalogue
/// message (the room's and the terminal's words).
#[derive(Clone, Debug, PartialEq, Eq)]
enum Fault {
    /// No answer came within the budget of this many milliseconds.
    NoAnswer(u64),
    /// The program has exited.
    Exited,
    /// It wrote this line, which is not an answer.
    Garbage(String),
    /// It named this action, which is not legal.
    Illegal(String),
    /// Its input could not be written (the system's reason).
    CannotWrite(String),
    /// Its input is closed.
    InputClosed,
    /// It is not running.
    NotRunning,
    /// A message to it could not be encoded (serde_json's reason).
    Encode(String),
    /// No decision was asked (an internal mismatch, not the program's doing).
    NotAsked,
}

impl Fault {
    /// The fault in English, as the log keeps it.
    fn english(&self) -> String {
        match self {
            Fault::NoAnswer(ms) => format!("no answer within {ms} ms"),
            Fault::Exited => "it has exited".into(),
            Fault::Garbage(text) => format!("{text:?} is not an answer"),
            Fault::Illegal(text) => format!("{text:?} is not a legal action"),
            Fault::CannotWrite(e) => format!("cannot write to it ({e})"),
            Fault::InputClosed => "its input is closed".into(),
            Fault::NotRunning => "not running".into(),
            Fault::Encode(e) => e.clone(),
            Fault::NotAsked => "no decision was asked".into(),
        }
    }

    /// The fault as a catalogue message (`exec-why-*` in `cli.ftl`).
    fn message(&self) -> Said {
        match self {
            Fault::NoAnswer(ms) => {
                Said::new("exec-why-no-answer").number("ms", i64::try_from(*ms).unwrap_or(i64::MAX))
            }
            Fault::Exited => Said::new("exec-why-exited"),
            Fault::Garbage(text) => Said::new("exec-why-garbage").text("text", format!("{text:?}")),
            Fault::Illegal(text) => Said::new("exec-why-illegal").text("text", format!("{text:?}")),
            Fault::CannotWrite(e) => Said::new("exec-why-cannot-write").text("reason", e),
            Fault::InputClosed => Said::new("exec-why-input-closed"),
            Fault::NotRunning => Said::new("exec-why-not-running"),
            Fault::Encode(e) => Said::new("exec-why-encode").text("reason", e),
            Fault::NotAsked => Said::new("exec-why-not-asked"),
        }
    }
}

/// One note of a program's fault: in English (for the log and the simulation's report) and as
/// a catalogue message (for the terminal and the room, in their reader's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultLine {
    /// The note in English.
    pub text: String,
    /// The note as a catalogue message.
    pub message: Said,
}

/// A running bot program.
struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Vec<u8>>,
    /// When its start-up allowance ends, until it says it is ready (`None` once it has).
    startup_until: Option<Instant>,
    /// The `id` of the next decision to ask.
    next_id: u64,
    /// The decision an answer without `id` is taken for: the oldest not yet answered.
    expect: u64,
}

/// What a line a program wrote is, against the decisions asked so far.
enum Line {
    /// `{"type":"ready"}`: its start-up is over.
    Ready,
    /// An answer to the decision asked last.
    Current(Reply),
    /// An answer to an earlier decision, whose clock ran out: dropped.
    Late,
    /// An answer naming a decision never asked: dropped.
    Unasked,
    /// Not a line of the protocol.
    Garbage(String),
}

impl Process {
    fn spawn(argv: &[String]) -> std::io::Result<Process> {
        let mut command = Command::new(&argv[0]);
        command
            .args(&argv[1..])
            .env_clear()
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(path) = std::env::var_os("PATH") {
            command.env("PATH", path);
        }
        let mut child = command.spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| std::io::Error::other("no stdin"))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| std::io::Error::other("no stdout"))?;
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            loop {
                let mut line = Vec::new();
                match (&mut reader).take(MAX_LINE).read_until(b'\n', &mut line) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut process = Process {
            child,
            stdin: Some(stdin),
            lines,
            startup_until: Some(Instant::now() + Duration::from_millis(STARTUP_MS)),
            next_id: 0,
            expect: 0,
        };
        // A program that cannot read it fails its first decision, which says so.
        let _ = process.send(&Message::Hello {
            protocol: PROTOCOL,
            startup_ms: STARTUP_MS,
        });
        Ok(process)
    }

    /// Reads a line the program wrote, with the decisions before `next_id` asked: an answer
    /// names its decision by `id`, or is taken for the oldest one not yet answered.
    fn classify(&mut self, line: &[u8]) -> Line {
        let text = String::from_utf8_lossy(line);
        let text = text.trim();
        let Ok(value) = serde_json::from_str::<serde_json::Value>(text) else {
            self.expect = self.expect.saturating_add(1).min(self.next_id);
            return Line::Garbage(shorten(text));
        };
        if value.get("type").and_then(serde_json::Value::as_str) == Some("ready") {
            self.startup_until = None;
            return Line::Ready;
        }
        let Ok(reply) = serde_json::from_value::<Reply>(value) else {
            self.expect = self.expect.saturating_add(1).min(self.next_id);
            return Line::Garbage(shorten(text));
        };
        let of = reply.id().unwrap_or(self.expect);
        if of >= self.next_id {
            return Line::Unasked;
        }
        self.expect = self.expect.max(of + 1);
        if of + 1 == self.next_id {
            Line::Current(reply)
        } else {
            Line::Late
        }
    }

    /// What is left of its start-up allowance, which a decision's clock waits for.
    fn startup_left(&self) -> Duration {
        self.startup_until.map_or(Duration::ZERO, |t| {
            t.saturating_duration_since(Instant::now())
        })
    }

    fn send(&mut self, message: &Message) -> Result<(), Fault> {
        let mut text = serde_json::to_string(message).map_err(|e| Fault::Encode(e.to_string()))?;
        text.push('\n');
        let Some(stdin) = self.stdin.as_mut() else {
            return Err(Fault::InputClosed);
        };
        stdin
            .write_all(text.as_bytes())
            .and_then(|()| stdin.flush())
            .map_err(|e| Fault::CannotWrite(e.to_string()))
    }

    /// Closes its input, gives it a moment to exit on its own, then kills it.
    fn stop(&mut self) {
        self.stdin = None;
        for _ in 0..20 {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What a program's run has been so far, for the reports of `simulate` and `tournament`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgramReport {
    /// Faults (it exited, did not answer in time, wrote garbage, named an illegal action).
    pub faults: u64,
    /// Answers that came after their decision's clock ran out: dropped, never applied.
    pub late: u64,
    /// Decisions asked of the seat.
    pub decisions: u64,
    /// Decisions taken at random instead of by the program: one per fault, and every one
    /// after the program was stopped.
    pub random: u64,
    /// The decision (counted from 1 over the program's run) at which it was stopped after
    /// [`MAX_FAULTS`] faults, if it was.
    pub stopped_at: Option<u64>,
}

/// A bot that asks a program (`exec:COMMAND`), falling back to a random legal action on a
/// fault.
pub struct ExecBot<G: Catalog> {
    name: String,
    budget_ms: u64,
    process: Option<Process>,
    started: bool,
    /// The deal of the match under way, from 0.
    deal: usize,
    /// The match scores when the last deal ended (or the match began); empty for zeros.
    totals: Vec<f64>,
    /// Whether the deal the last action ended has been told (`deal_end`).
    told: bool,
    events: Vec<String>,
    /// How many of `events` belong to a deal that has ended (up to the event that ends it,
    /// [`cards_core::GameEvent::ends_deal`]); the rest open the next deal.
    deal_events: Option<usize>,
    faults: u64,
    /// Answers that came after their decision's clock ran out (dropped, never applied).
    late: u64,
    /// Decisions asked of this bot.
    decisions: u64,
    /// Decisions taken at random instead (a fault's, or every one after the program stopped).
    fallbacks: u64,
    /// The decision (from 1) at which the program was stopped, if it was.
    stopped_at: Option<u64>,
    notes: Vec<FaultLine>,
    _game: PhantomData<fn() -> G>,
}

impl<G: Catalog> std::fmt::Debug for ExecBot<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ExecBot")
            .field("name", &self.name)
            .field("budget_ms", &self.budget_ms)
            .field("running", &self.process.is_some())
            .field("faults", &self.faults)
            .finish_non_exhaustive()
    }
}

impl<G: Catalog> ExecBot<G> {
    /// Checks an `exec:` spec without starting its program (its settings were checked when
    /// it was read): that its command names a program that exists (a path, or a name found on
    /// `PATH`). `cards simulate` and `cards tournament` check their specs so before the run,
    /// which then starts one program per seat and no other.
    ///
    /// # Errors
    /// Not an `exec:` spec, or a program that is not there.
    pub fn check(spec: &BotSpec) -> Result<(), BotSpecError> {
        let exec = Self::exec(spec)?;
        let first = exec.command().first().map_or("", String::as_str);
        let program = std::path::Path::new(first);
        let found = if first.contains('/') {
            program.is_file()
        } else {
            std::env::var_os("PATH")
                .is_some_and(|path| std::env::split_paths(&path).any(|d| d.join(program).is_file()))
        };
        if found {
            Ok(())
        } else {
            Err(BotSpecError::Program {
                spec: spec.to_string(),
                program: first.to_owned(),
                reason: "no such program".to_owned(),
            })
        }
    }

    /// The `exec:` part of a spec.
    fn exec(spec: &BotSpec) -> Result<&ExecSpec, BotSpecError> {
        match spec {
            BotSpec::Exec(exec) => Ok(exec),
            _ => Err(BotSpecError::NotHere {
                spec: spec.to_string(),
                kind: spec.kind(),
            }),
        }
    }

    /// Starts the program of an `exec:` spec: its command line split on whitespace, with the
    /// time budget per decision its `ms` gives (else [`DEFAULT_MS`]). A fault plays a random
    /// legal action (`on_error=random`, the only fallback: none of the games has a rule for
    /// forfeiting).
    ///
    /// # Errors
    /// Not an `exec:` spec, or a program that cannot be started.
    pub fn new(spec: &BotSpec) -> Result<Self, BotSpecError> {
        let exec = Self::exec(spec)?;
        let words = exec.command();
        let process = Process::spawn(words).map_err(|e| BotSpecError::Program {
            spec: spec.to_string(),
            program: words.first().cloned().unwrap_or_default(),
            reason: e.to_string(),
        })?;
        Ok(ExecBot {
            name: spec.to_string(),
            budget_ms: exec.millis().unwrap_or(DEFAULT_MS),
            process: Some(process),
            started: false,
            deal: 0,
            totals: Vec::new(),
            told: false,
            events: Vec::new(),
            deal_events: None,
            faults: 0,
            late: 0,
            decisions: 0,
            fallbacks: 0,
            stopped_at: None,
            notes: Vec::new(),
            _game: PhantomData,
        })
    }

    fn fault(&mut self, seat: Seat, what: &Fault) {
        self.faults += 1;
        self.notes.push(FaultLine {
            text: format!(
                "bot {} ({seat}): {}; a random action instead (fault {} of {MAX_FAULTS})",
                self.name,
                what.english(),
                self.faults
            ),
            message: Said::new("exec-fault")
                .text("bot", &self.name)
                .text("seat", seat)
                .arg("why", what.message())
                .number("count", i64::try_from(self.faults).unwrap_or(i64::MAX))
                .number("max", i64::try_from(MAX_FAULTS).unwrap_or(i64::MAX)),
        });
        if self.faults >= MAX_FAULTS {
            if let Some(mut p) = self.process.take() {
                p.stop();
                self.stopped_at = Some(self.decisions);
            }
            self.notes.push(FaultLine {
                text: format!(
                    "bot {} ({seat}): stopped after {MAX_FAULTS} faults; its seat plays at random",
                    self.name
                ),
                message: Said::new("exec-stopped")
                    .text("bot", &self.name)
                    .text("seat", seat)
                    .number("max", i64::try_from(MAX_FAULTS).unwrap_or(i64::MAX)),
            });
        }
    }

    /// What the program's run has been so far.
    pub fn report(&self) -> ProgramReport {
        ProgramReport {
            faults: self.faults,
            late: self.late,
            decisions: self.decisions,
            random: self.fallbacks,
            stopped_at: self.stopped_at,
        }
    }

    /// The descriptions of the faults since the last call, oldest first (each names the bot,
    /// the seat, what went wrong and what was done instead).
    pub fn take_faults(&mut self) -> Vec<String> {
        self.take_fault_lines()
            .into_iter()
            .map(|f| f.text)
            .collect()
    }

    /// As [`ExecBot::take_faults`], each note in English and as a catalogue message.
    pub fn take_fault_lines(&mut self) -> Vec<FaultLine> {
        std::mem::take(&mut self.notes)
    }

    /// Sends `start` for a match of `config` at `seat`, unless it was sent for the match under
    /// way. The play loops of `cards play` and `cards simulate` call it before the first action,
    /// so that a program hears of a deal it does not decide in; a program not begun so is sent
    /// `start` before its first decision.
    /// `totals` are the match scores at its start.
    pub fn begin(&mut self, seat: Seat, config: &G::Config, totals: &[f64]) {
        if self.started || self.process.is_none() {
            return;
        }
        if let Err(what) = self.send_start(seat, config) {
            self.fault(seat, &what);
        }
        totals.clone_into(&mut self.totals);
    }

    fn send_start(&mut self, seat: Seat, config: &G::Config) -> Result<(), Fault> {
        let start = Message::Start {
            protocol: PROTOCOL,
            game: G::NAME.to_owned(),
            config: serde_json::to_value(config).unwrap_or(serde_json::Value::Null),
            seat: seat.0,
            players: config.players(),
        };
        let Some(p) = self.process.as_mut() else {
            return Err(Fault::NotRunning);
        };
        p.send(&start)?;
        self.started = true;
        self.deal = 0;
        self.totals.clear();
        Ok(())
    }

    /// Tells the program a deal is over with the match `totals` after it (called after
    /// [`Bot::observe`] by a loop that watches for deal ends, [`DealWatch`]): the deal's scores
    /// are their change since the last deal, with the events since its last decision. The
    /// match's last deal is told by [`Bot::finish`].
    pub fn deal_end(&mut self, seat: Seat, totals: &[f64]) {
        let scores = totals
            .iter()
            .enumerate()
            .map(|(i, &t)| t - self.totals.get(i).copied().unwrap_or(0.0) + 0.0)
            .collect();
        totals.clone_into(&mut self.totals);
        self.told = true;
        if !self.started {
            return;
        }
        // The action that ends a deal deals the next: its opening waits for the next decision.
        let next = self
            .deal_events
            .take()
            .map_or(self.events.len(), |n| n.min(self.events.len()));
        let rest = self.events.split_off(next);
        let message = Message::DealEnd {
            deal: self.deal,
            events: std::mem::replace(&mut self.events, rest),
            scores,
            totals: totals.iter().map(|&t| t + 0.0).collect(),
        };
        self.deal += 1;
        if let Some(p) = self.process.as_mut() {
            if let Err(what) = p.send(&message) {
                self.fault(seat, &what);
            }
        }
    }

    /// Asks the program; `Err` names the fault.
    fn ask(&mut self, decision: &Decision<'_, G>) -> Result<usize, Fault> {
        if !self.started {
            self.send_start(decision.seat(), decision.config())?;
        }
        let Some(p) = self.process.as_mut() else {
            return Err(Fault::NotRunning);
        };
        // What came since the last decision: late answers to earlier ones, dropped.
        let mut late = 0;
        loop {
            match p.lines.try_recv() {
                Ok(line) => {
                    // The last decision asked is over too: its answer is late as well.
                    if let Line::Late | Line::Current(_) = p.classify(&line) {
                        late += 1;
                    }
                }
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    self.late += late;
                    return Err(Fault::Exited);
                }
            }
        }
        let id = p.next_id;
        let message = decision.message(id, std::mem::take(&mut self.events), self.budget_ms);
        p.next_id += 1;
        let sent = p.send(&message);
        // The clock runs from now, after what is left of the program's start-up allowance.
        let deadline = Instant::now() + Duration::from_millis(self.budget_ms) + p.startup_left();
        let outcome = sent.and_then(|()| {
            loop {
                let left = deadline.saturating_duration_since(Instant::now());
                let line = match p.lines.recv_timeout(left) {
                    Ok(line) => line,
                    Err(RecvTimeoutError::Timeout) => {
                        break Err(Fault::NoAnswer(self.budget_ms));
                    }
                    Err(RecvTimeoutError::Disconnected) => break Err(Fault::Exited),
                };
                match p.classify(&line) {
                    Line::Ready | Line::Unasked => {}
                    Line::Late => late += 1,
                    Line::Garbage(text) => break Err(Fault::Garbage(text)),
                    Line::Current(reply) => break Ok(reply),
                }
            }
        });
        self.late += late;
        let reply = outcome?;
        // `Decision::message` builds a `Decide`; any other message has no legal list to answer.
        let Message::Decide { legal, .. } = &message else {
            return Err(Fault::NotAsked);
        };
        reply.resolve(legal).ok_or_else(|| {
            let text = serde_json::to_string(&reply).unwrap_or_default();
            Fault::Illegal(shorten(&text))
        })
    }
}

/// Watches a match for the end of each deal but its last, from the engine: after an action, a
/// deal has ended when [`GameState::deals_finished`] grew (a deal that scores nothing too).
#[derive(Clone, Debug, Default)]
pub struct DealWatch {
    totals: Vec<f64>,
    deals: u32,
}

impl DealWatch {
    /// Watches a match from `state`.
    pub fn new<G: Catalog>(state: &G::State) -> Self {
        DealWatch {
            totals: G::scores(state).0,
            deals: state.deals_finished(),
        }
    }

    /// The match scores when the action that led to `state` ended a deal and the match goes
    /// on.
    pub fn after<G: Catalog>(&mut self, state: &G::State) -> Option<&[f64]> {
        let deals = state.deals_finished();
        let ended = deals > self.deals;
        self.deals = deals;
        G::to_move(state)?;
        self.totals = G::scores(state).0;
        ended.then_some(&self.totals[..])
    }
}

fn shorten(text: &str) -> String {
    text.chars().take(80).collect()
}

impl<G: Catalog> Bot<G> for ExecBot<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        self.decisions += 1;
        if self.process.is_some() {
            match self.ask(decision) {
                Ok(i) => return i,
                Err(what) => self.fault(decision.seat(), &what),
            }
        }
        self.fallbacks += 1;
        below(rng, decision.legal().len() as u64) as usize
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, _seat: Seat, events: &[G::Event]) {
        self.told = false;
        if self.process.is_some() {
            if let Some(at) = events.iter().position(GameEvent::ends_deal) {
                self.deal_events = Some(self.events.len() + at + 1);
            }
            self.events.extend(events.iter().map(ToString::to_string));
        }
    }

    fn finish(&mut self, seat: Seat, scores: &PerSeat<f64>) {
        if !self.started {
            return;
        }
        // The last deal ends with the match, whether or not its last action changed the scores.
        if !self.told {
            self.deal_end(seat, &scores.0);
        }
        let message = Message::End {
            events: std::mem::take(&mut self.events),
            scores: scores.0.iter().map(|&t| t + 0.0).collect(),
        };
        self.started = false;
        if let Some(p) = self.process.as_mut() {
            if let Err(what) = p.send(&message) {
                self.fault(seat, &what);
            }
        }
    }

    fn faults(&self) -> u64 {
        self.faults
    }
}

impl<G: Catalog> Drop for ExecBot<G> {
    fn drop(&mut self) {
        if let Some(mut p) = self.process.take() {
            p.stop();
        }
    }
}
