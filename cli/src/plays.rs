//! What `cards simulate` and `cards tournament` share: the record of a play, the jobs of a run
//! (deals and their seatings), the workers that play them, and the per-deal means the
//! statistics are taken over. It names neither command, so both (and `cards merge`'s shard
//! checks) depend on it and not on each other.

use std::borrow::Cow;
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cards_core::BotSpec;
use cards_core::Catalog;
use cards_core::bot::{PlayBuffers, PlayError};
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Bot, GameConfig, GameRng, GameState, PerSeat};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::bots::{Seated, Timed, Told};
use crate::error::CliError;
use crate::exec::ProgramReport;

/// One play: the deal and rotation, the bot spec of each seat, the scores, the action count,
/// and each seat's decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRecord {
    /// The deal's index (from 0).
    pub deal: usize,
    /// The deal's seed (`derive_seed(seed, deal)`): `cards play --seed` deals it again.
    #[serde(default)]
    pub seed: u64,
    /// The seat rotation.
    pub rotation: usize,
    /// Each seat's bot, an index into the report's `bots`.
    pub kinds: Seats<usize>,
    /// Each seat's bot spec.
    #[serde(default)]
    pub bots: Seats<BotName>,
    /// Each seat's score.
    pub scores: Vec<f64>,
    /// Actions in the play.
    pub actions: usize,
    /// Each seat's decisions (in a shard's report only).
    #[serde(default, skip_serializing_if = "ThinkingBySeat::is_empty")]
    pub thinking: ThinkingBySeat,
    /// What each fault of an `exec:` bot program in this play was (it exited, did not answer in
    /// time, wrote a line that is not an answer, or named an illegal action), naming the bot and
    /// seat and what was done instead, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<String>,
}

/// A bot spec's text in a [`PlayRecord`], shared by every record of a run rather than copied
/// into each (four strings a play were four allocations, and four frees when the report is
/// dropped: about 25 instructions an action of a random Cego playout). Its serde form is the
/// text, as a `String`'s is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotName(Arc<str>);

impl BotName {
    /// The spec's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl From<&str> for BotName {
    fn from(text: &str) -> BotName {
        BotName(Arc::from(text))
    }
}

impl Serialize for BotName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for BotName {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BotName, D::Error> {
        String::deserialize(deserializer).map(|s| BotName(Arc::from(s)))
    }
}

/// A list by seat in a [`PlayRecord`] (its bots, their specs), shared by the plays of a seating
/// rather than copied into each (two lists a play were two allocations, and two frees when the
/// report is dropped: about 8 instructions an action of a random Cego playout). It reads as a
/// slice; its serde form is a `Vec`'s.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats<T>(Arc<[T]>);

impl<T> std::ops::Deref for Seats<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        &self.0
    }
}

impl<T> Default for Seats<T> {
    fn default() -> Self {
        Seats(Arc::from(Vec::new()))
    }
}

impl<T> From<Vec<T>> for Seats<T> {
    fn from(list: Vec<T>) -> Seats<T> {
        Seats(Arc::from(list))
    }
}

impl<T: Serialize> Serialize for Seats<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.0.iter())
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Seats<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Seats<T>, D::Error> {
        Vec::<T>::deserialize(deserializer).map(Seats::from)
    }
}

/// One seat's decisions in a play.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thinking {
    /// Decisions taken.
    pub decisions: u64,
    /// Seconds per decision of a search bot, and whether it had more than one legal action.
    pub times: Vec<(f64, bool)>,
    /// The phase of each decision of `times` ([`cards_core::GameState::phase`]; empty in reports
    /// written before phases were recorded).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub phases: Vec<String>,
    /// Search iterations.
    pub iterations: u64,
    /// Faults of an `exec:` bot program.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub faults: u64,
    /// Decisions of an `exec:` bot taken at random instead (one per fault, and every one after
    /// its program was stopped).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub random: u64,
    /// Late answers of an `exec:` bot program, dropped.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub late: u64,
    /// The decision (counted over the program's run, from 1) at which an `exec:` bot program
    /// was stopped in this play, if it was.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stopped_at: Option<u64>,
}

impl Thinking {
    /// A seat that took `decisions` decisions and has nothing else to report (a random or
    /// heuristic bot's).
    pub fn counted(decisions: u64) -> Thinking {
        Thinking {
            decisions,
            ..Thinking::default()
        }
    }
}

/// Each seat's [`Thinking`] in a [`PlayRecord`]. A play whose seats only counted their
/// decisions (random and heuristic bots: no times, no iterations, no faults) keeps the counts
/// alone, 8 bytes a seat rather than a 104-byte [`Thinking`]: a run keeps every play's record
/// until its report is written, and the memory it touches while playing costs time (the kernel
/// zeroes each new page), which a random Cego run of 30,000 deals measured in its seconds.
/// Its serde form is the list of [`Thinking`]s either way.
#[derive(Clone, Debug, PartialEq)]
pub struct ThinkingBySeat(Seatwise);

/// The two forms of [`ThinkingBySeat`].
#[derive(Clone, Debug, PartialEq)]
enum Seatwise {
    /// Each seat's decisions, and nothing else.
    Counts(Box<[u64]>),
    /// Each seat's whole [`Thinking`].
    Full(Vec<Thinking>),
}

impl Default for ThinkingBySeat {
    fn default() -> Self {
        ThinkingBySeat(Seatwise::Counts(Box::default()))
    }
}

impl ThinkingBySeat {
    /// Seats that each counted their decisions and did nothing else worth keeping.
    pub fn counts(decisions: impl IntoIterator<Item = u64>) -> ThinkingBySeat {
        ThinkingBySeat(Seatwise::Counts(decisions.into_iter().collect()))
    }

    /// Whether no seat is listed (the records of a report that is not a shard).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The seats listed.
    pub fn len(&self) -> usize {
        match &self.0 {
            Seatwise::Counts(c) => c.len(),
            Seatwise::Full(f) => f.len(),
        }
    }

    /// Seat `s`'s decisions, if it is listed.
    pub fn seat(&self, s: usize) -> Option<Cow<'_, Thinking>> {
        match &self.0 {
            Seatwise::Counts(c) => c.get(s).map(|&d| Cow::Owned(Thinking::counted(d))),
            Seatwise::Full(f) => f.get(s).map(Cow::Borrowed),
        }
    }

    /// Each seat's decisions, in seat order.
    pub fn iter(&self) -> impl Iterator<Item = Cow<'_, Thinking>> {
        (0..self.len()).filter_map(|s| self.seat(s))
    }

    /// Drops every seat's (a report that is not a shard does not keep them).
    pub fn clear(&mut self) {
        *self = ThinkingBySeat::default();
    }
}

impl From<Vec<Thinking>> for ThinkingBySeat {
    fn from(list: Vec<Thinking>) -> ThinkingBySeat {
        if list.iter().all(|t| *t == Thinking::counted(t.decisions)) {
            ThinkingBySeat::counts(list.iter().map(|t| t.decisions))
        } else {
            ThinkingBySeat(Seatwise::Full(list))
        }
    }
}

impl FromIterator<Thinking> for ThinkingBySeat {
    fn from_iter<I: IntoIterator<Item = Thinking>>(iter: I) -> ThinkingBySeat {
        ThinkingBySeat::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl Serialize for ThinkingBySeat {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for ThinkingBySeat {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<ThinkingBySeat, D::Error> {
        Vec::<Thinking>::deserialize(deserializer).map(ThinkingBySeat::from)
    }
}

/// What an `exec:` bot's programs did over a run: faults, the decisions taken at random
/// instead, late answers dropped, and where each stopped program was stopped. One line of a
/// report, `None` for a bot that had nothing to say.
pub(crate) fn fault_summary(
    name: &str,
    faults: u64,
    random: u64,
    decisions: u64,
    late: u64,
    stopped_at: &[u64],
) -> Option<String> {
    if faults == 0 && random == 0 && late == 0 {
        return None;
    }
    let mut parts = vec![format!("{faults} faults")];
    match stopped_at {
        [] => {}
        [at] => parts.push(format!("stopped after {MAX} faults at decision {at}")),
        many => parts.push(format!(
            "{} programs stopped after {MAX} faults, at decisions {}",
            many.len(),
            many.iter()
                .map(u64::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )),
    }
    parts.push(format!(
        "{random} of {decisions} decisions played at random"
    ));
    if late > 0 {
        parts.push(format!("{late} late answers dropped, none applied"));
    }
    Some(format!("{name}: {}", parts.join("; ")))
}

/// [`crate::exec::MAX_FAULTS`], for the summary's words.
const MAX: u64 = crate::exec::MAX_FAULTS;

/// Whether a count is 0, for serde's `skip_serializing_if` (which passes a reference).
#[allow(clippy::trivially_copy_pass_by_ref)]
pub(crate) fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One job of a run: a deal, played once per seating.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The deal's index (its seed is derived from it and the run's seed).
    pub deal: usize,
    /// The seatings: the rotation (which fixes an all-random play's stream) and each seat's bot.
    pub seatings: Seatings,
}

/// The seatings of a deal ([`seatings`]), shared by the jobs of a run (a copy per job was two
/// allocations a deal, and two frees: about 12 instructions an action of a random Cego
/// playout).
pub(crate) type Seatings = Arc<[(usize, Vec<usize>)]>;

/// The seatings of a deal: seat `s` of rotation `r` holds `base[(s + r) % players]`; a
/// rotation that repeats an earlier seating is left out unless `all` (so `ismcts,heuristic` at
/// four seats plays rotations 0 and 1 only).
pub(crate) fn seatings(base: &[usize], all: bool) -> Seatings {
    let players = base.len();
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    for r in 0..players {
        let assign: Vec<usize> = (0..players).map(|s| base[(s + r) % players]).collect();
        if all || !out.iter().any(|(_, a)| *a == assign) {
            out.push((r, assign));
        }
    }
    out.into()
}

/// How a run shows its progress and how many threads it takes.
pub(crate) struct Run<'a> {
    /// The base seed.
    pub seed: u64,
    /// Threads (already capped).
    pub threads: usize,
    /// Show progress (a bar on a terminal, lines otherwise).
    pub progress: bool,
    /// Seconds between progress lines.
    pub progress_every: f64,
    /// What the jobs count, for the progress bar (`deals`, `matches`).
    pub unit: &'a str,
}

/// The threads a run takes: 0 means every core; more than the cores (or the jobs) would only
/// wait.
pub(crate) fn threads_for(asked: usize, jobs: usize) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    if asked == 0 { cores } else { asked.min(cores) }
        .min(jobs)
        .max(1)
}

/// The deals of shard `k` of `n` (all of them without a shard).
///
/// # Errors
/// `K` out of `1..=N`.
pub(crate) fn shard_deals(
    games: usize,
    shard: Option<(usize, usize)>,
) -> Result<Vec<usize>, CliError> {
    match shard {
        None => Ok((0..games).collect()),
        Some((k, n)) => {
            if k == 0 || k > n {
                return Err(CliError::Usage(format!(
                    "--shard {k}/{n}: K must be from 1 to N"
                )));
            }
            Ok((0..games).filter(|g| g % n == k - 1).collect())
        }
    }
}

/// Checks that the game deals with `config` (before any worker starts).
///
/// # Errors
/// The game refuses the configuration.
pub(crate) fn check_config<G: Catalog>(config: &G::Config, seed: u64) -> Result<(), CliError> {
    G::new(config, seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
        said: G::config_refusal(&e),
    })?;
    Ok(())
}

/// How far the workers are, shared with the progress display.
struct Progress<'a> {
    /// The bar (hidden unless stderr is a terminal and progress was asked for).
    bar: ProgressBar,
    /// Whether the bar is shown (a hidden bar is not told of each job: its `inc` costs about as
    /// much as 4 actions of a random Cego playout).
    shown: bool,
    /// Jobs done.
    done: AtomicUsize,
    /// Set when every worker has stopped.
    finished: AtomicBool,
    /// When the run started.
    start: Instant,
    /// What the jobs count.
    unit: &'a str,
    /// The jobs in all.
    total: usize,
}

impl Progress<'_> {
    /// One job done.
    fn tick(&self) {
        if self.shown {
            self.bar.inc(1);
        }
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    /// Writes a progress line every `every` until the workers have finished (progress on a
    /// stderr that is not a terminal).
    ///
    /// Sleeps by parking, so that [`run_jobs`] wakes it as soon as the workers are done rather
    /// than waiting out its sleep.
    fn lines<G: Catalog>(&self, every: Duration) {
        let mut next = every;
        while !self.finished.load(Ordering::Acquire) {
            std::thread::park_timeout(Duration::from_millis(20).min(every));
            if self.finished.load(Ordering::Acquire) {
                break;
            }
            if self.start.elapsed() >= next {
                eprintln!(
                    "{}: {}/{} {} after {:.0} s",
                    G::NAME,
                    self.done.load(Ordering::Relaxed),
                    self.total,
                    self.unit,
                    self.start.elapsed().as_secs_f64()
                );
                next += every;
            }
        }
    }
}

/// A progress bar over `jobs` jobs, or a hidden one when `shown` is false.
fn progress_bar(shown: bool, jobs: usize, unit: &str) -> ProgressBar {
    if !shown {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(jobs as u64);
    if let Ok(style) =
        ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {unit} {{eta}}"))
    {
        bar.set_style(style);
    }
    bar
}

/// Plays the jobs on `run.threads` workers until done or Ctrl-C; returns the plays of the jobs
/// completed (a job is played whole or not at all) and the seconds taken.
pub(crate) fn run_jobs<G: Catalog>(
    config: &G::Config,
    kinds: &[BotSpec],
    jobs: &[Job],
    run: &Run<'_>,
) -> Result<(Vec<PlayRecord>, f64), CliError> {
    let threads = run.threads;
    let terminal = std::io::stderr().is_terminal();
    let shown = run.progress && terminal;
    let bar = progress_bar(shown, jobs.len(), run.unit);
    crate::interrupt::install(false);
    let names: Vec<BotName> = kinds
        .iter()
        .map(|k| BotName::from(k.to_string().as_str()))
        .collect();
    let progress = Progress {
        bar,
        shown,
        done: AtomicUsize::new(0),
        finished: AtomicBool::new(false),
        start: Instant::now(),
        unit: run.unit,
        total: jobs.len(),
    };
    // The seconds are taken when the last worker is done, not when the scope ends: the scope
    // also waits for the progress-line thread, which slept up to 20 ms more (a 10,000-deal run of
    // random Grosse/kleine A playouts, about 30 ms of play, measured 59 or 89 ns an action by
    // where that sleep ended).
    let (chunks, elapsed): (Vec<Result<Vec<PlayRecord>, CliError>>, f64) =
        std::thread::scope(|scope| {
            let lines = if run.progress && !terminal {
                let every = Duration::from_secs_f64(run.progress_every.max(0.05));
                let progress = &progress;
                Some(scope.spawn(move || progress.lines::<G>(every)))
            } else {
                None
            };
            let handles: Vec<_> = (0..threads)
                .map(|t| {
                    let (progress, names) = (&progress, &names);
                    let mine = jobs.iter().skip(t).step_by(threads);
                    scope.spawn(move || work::<G>(config, kinds, names, mine, run.seed, progress))
                })
                .collect();
            let results = handles
                .into_iter()
                .map(|h| {
                    h.join().unwrap_or_else(|_| {
                        Err(CliError::Engine("a worker thread panicked".into()))
                    })
                })
                .collect();
            let elapsed = progress.start.elapsed().as_secs_f64();
            progress.finished.store(true, Ordering::Release);
            if let Some(lines) = lines {
                lines.thread().unpark();
            }
            (results, elapsed)
        });
    progress.bar.finish_and_clear();
    let mut records = Vec::new();
    for c in chunks {
        records.extend(c?);
    }
    Ok((records, elapsed))
}

/// One worker: plays its jobs, each whole, until done or Ctrl-C.
///
/// Never inlined: `scripts/instr_guard.py` counts the instructions of the deals and bots under
/// this symbol (callgrind's `--toggle-collect=cli::plays::work*`), apart from the program's
/// start, statistics and JSON.
#[inline(never)]
fn work<'a, G: Catalog>(
    config: &G::Config,
    kinds: &[BotSpec],
    names: &[BotName],
    jobs: impl Iterator<Item = &'a Job>,
    seed: u64,
    progress: &Progress<'_>,
) -> Result<Vec<PlayRecord>, CliError> {
    // At least a play per job, at once (growing the vector copies every record so far).
    let mut plays = Vec::with_capacity(jobs.size_hint().0);
    // This worker's `exec:` bots, by (spec, seat): one program per seat for the whole run, not
    // one per play; and its random bots, which keep nothing between decisions.
    let mut kept = Kept::default();
    // Each seating's lists for the records, made once (a run has a few seatings).
    let mut lists: Vec<(Seats<usize>, Seats<BotName>)> = Vec::new();
    // The play loops' buffers (legal actions, events), kept between plays.
    let mut buffers = (PlayBuffers::default(), RandomBuffers::default());
    for job in jobs {
        if crate::interrupt::interrupted() {
            break;
        }
        let deal_seed = derive_seed(seed, job.deal as u64);
        for (r, assign) in job.seatings.iter() {
            let seated = if let Some(found) = lists.iter().find(|(k, _)| **k == **assign) {
                found.clone()
            } else {
                let specs: Vec<BotName> = assign.iter().map(|&k| names[k].clone()).collect();
                let made = (Seats::from(assign.clone()), Seats::from(specs));
                lists.push(made.clone());
                made
            };
            let play = play_one::<G>(
                config,
                deal_seed,
                seated,
                kinds,
                (job.deal, *r),
                (&mut kept, &mut buffers),
            )?;
            plays.push(play);
        }
        progress.tick();
    }
    Ok(plays)
}

/// A worker's bots kept between plays, by (spec, seat): its running `exec:` programs (one per
/// seat for the whole run), and its random bots, which hold no state, so that keeping one plays
/// exactly as a new one would (making one per seat and play cost a random Cego playout about
/// 25 instructions an action). A few entries, searched in order.
struct Kept<G: Catalog>(Vec<((usize, usize), Seated<G>)>);

impl<G: Catalog> Default for Kept<G> {
    fn default() -> Self {
        Kept(Vec::new())
    }
}

impl<G: Catalog> Kept<G> {
    /// Takes the bot kept for spec `k` at seat `s`, if there is one.
    fn take(&mut self, k: usize, s: usize) -> Option<Seated<G>> {
        let i = self.0.iter().position(|(key, _)| *key == (k, s))?;
        Some(self.0.swap_remove(i).1)
    }

    /// Keeps the bot of spec `k` at seat `s` for the next play.
    fn keep(&mut self, k: usize, s: usize, bot: Seated<G>) {
        self.0.push(((k, s), bot));
    }
}

/// Whether a seat's bot is kept for the worker's next play: an `exec:` program, or a random bot.
fn is_kept(spec: &BotSpec) -> bool {
    matches!(spec, BotSpec::Exec(_) | BotSpec::Random)
}

/// Where the seats' random streams start among the seeds derived from a deal's seed (seat
/// `s` draws from `derive_seed(deal seed, SEAT_STREAMS + s)`); an all-random play draws from
/// one stream of its rotation (`1000 + rotation`).
const SEAT_STREAMS: u64 = 2000;

/// Plays one seating of a deal.
fn play_one<G: Catalog>(
    config: &G::Config,
    seed: u64,
    (assign, specs): (Seats<usize>, Seats<BotName>),
    kinds: &[BotSpec],
    (deal, rotation): (usize, usize),
    (kept, buffers): (&mut Kept<G>, &mut (PlayBuffers<G>, RandomBuffers<G>)),
) -> Result<PlayRecord, CliError> {
    let mut state = G::new(config, seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
        said: G::config_refusal(&e),
    })?;
    let (mut bots, before) = seat::<G>(&assign, kinds, kept)?;
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation as u64));
    let actions = if assign.iter().all(|&k| matches!(kinds[k], BotSpec::Random)) {
        play_random::<G>(&mut state, &mut bots.0, &mut rng, &mut buffers.1)
    } else {
        // Each seat draws from a stream of the deal and the seat, whichever bot sits there
        // (common random numbers across the seatings, [`crate::bots::Timed::stream`]).
        let seated = std::mem::take(&mut bots.0);
        bots.0 = seated
            .into_iter()
            .enumerate()
            .map(|(s, b)| b.stream(derive_seed(seed, SEAT_STREAMS + s as u64)))
            .collect();
        crate::bots::play_out::<G, _>(&mut state, &mut bots, &mut rng, &mut buffers.0)
    }
    .map_err(|e| CliError::Engine(e.to_string()))?;
    // Only a program has faults (and a report before the play).
    let told = bots.0.iter().any(Told::told);
    let faults: Vec<String> = if told {
        bots.0.iter_mut().flat_map(Told::take_faults).collect()
    } else {
        Vec::new()
    };
    let thinking = if !told
        && bots
            .0
            .iter()
            .all(|b| b.times.is_empty() && b.iterations() == 0)
    {
        ThinkingBySeat::counts(bots.0.iter().map(|b| b.decisions))
    } else {
        let none = ProgramReport::default();
        bots.0
            .iter()
            .enumerate()
            .map(|(s, b)| thinking_of(b, before.get(s).unwrap_or(&none)))
            .collect()
    };
    for (s, (b, &k)) in bots.0.into_iter().zip(assign.iter()).enumerate() {
        if is_kept(&kinds[k]) {
            kept.keep(k, s, b.into_inner());
        }
    }
    Ok(PlayRecord {
        deal,
        seed,
        rotation,
        kinds: assign,
        bots: specs,
        scores: G::scores(&state).0,
        actions,
        thinking,
        faults,
    })
}

/// The legal actions and the events of [`play_random`], kept between plays as
/// [`PlayBuffers`] are (what they hold between plays is never read).
struct RandomBuffers<G: Catalog> {
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Catalog> Default for RandomBuffers<G> {
    fn default() -> Self {
        RandomBuffers {
            legal: Vec::new(),
            events: Vec::new(),
        }
    }
}

/// Plays `state` to the end when every seat's bot is the engine's random bot (spec `random`,
/// whose `Timed` seats are `bots`), as [`crate::bots::play_out`] plays it then: the same
/// actions from the same draws of `rng` ([`cards_core::RandomBot`]'s, `below` the number of
/// legal actions), the same errors, each seat's decisions counted. No `Decision` is built
/// and no bot called at each action, and none is told or observes (a random bot is not):
/// 17 instructions an action of a random Grosse/kleine A playout less than `play_out` (427.5
/// to 410.3 in the worker).
fn play_random<G: Catalog>(
    state: &mut G::State,
    bots: &mut [Timed<G>],
    rng: &mut GameRng,
    buffers: &mut RandomBuffers<G>,
) -> Result<usize, PlayError> {
    let limit = state.config().max_actions();
    // Taken into locals for the play, as `cards_core::bot::play_out_with` takes its buffers.
    let mut legal = std::mem::take(&mut buffers.legal);
    let mut events = std::mem::take(&mut buffers.events);
    let mut n = 0;
    let outcome = loop {
        let Some(seat) = G::to_move(state) else {
            break Ok(n);
        };
        if n >= limit {
            break Err(PlayError::TooLong { limit });
        }
        G::legal_actions_into(state, &mut legal);
        // `below` draws nothing when there is no legal action.
        let i = below(rng, legal.len() as u64) as usize;
        let Some(action) = legal.get(i) else {
            break Err(PlayError::NoLegalAction { seat });
        };
        if let Some(bot) = bots.get_mut(seat.index()) {
            bot.decisions += 1;
        }
        events.clear();
        G::apply_unchecked(state, action, &mut events);
        n += 1;
    };
    buffers.legal = legal;
    buffers.events = events;
    outcome
}

/// The bots of a seating, each timed (the bots kept from earlier plays taken back), and each
/// seat's program's report before this play (empty when no seat has a program running: every
/// report is then the default).
fn seat<G: Catalog>(
    assign: &[usize],
    kinds: &[BotSpec],
    kept: &mut Kept<G>,
) -> Result<(PerSeat<Timed<G>>, Vec<ProgramReport>), CliError> {
    let mut before = Vec::new();
    // A plain loop: collecting the seats through `Result` cost about 70 instructions a seat.
    let mut bots = Vec::with_capacity(assign.len());
    for (s, &k) in assign.iter().enumerate() {
        let spec = &kinds[k];
        let bot = match kept.take(k, s) {
            Some(program) if program.told() => {
                before.resize(assign.len(), ProgramReport::default());
                before[s] = program.report();
                program
            }
            Some(bot) => bot,
            None => Seated::new(spec, false)?,
        };
        bots.push(
            Timed::new(bot, crate::bots::is_search(spec)).random(matches!(spec, BotSpec::Random)),
        );
    }
    Ok((PerSeat(bots), before))
}

/// A seat's decisions in the play just played (`before`: its program's report before the play).
fn thinking_of<G: Catalog>(b: &Timed<G>, before: &ProgramReport) -> Thinking {
    let after = b.report();
    Thinking {
        decisions: b.decisions,
        times: b
            .times
            .iter()
            .map(|&(t, real, _)| (t.as_secs_f64(), real))
            .collect(),
        phases: b.times.iter().map(|t| t.2.to_owned()).collect(),
        iterations: b.iterations(),
        faults: after.faults - before.faults,
        random: after.random - before.random,
        late: after.late - before.late,
        stopped_at: after.stopped_at.filter(|_| before.stopped_at.is_none()),
    }
}

/// Per deal (in deal order), the mean over its plays of `value(play)`, for the plays where it
/// has one.
pub(crate) fn per_deal(
    records: &[PlayRecord],
    mut value: impl FnMut(&PlayRecord) -> Option<f64>,
) -> Vec<(usize, f64)> {
    let mut out: Vec<(usize, f64, usize)> = Vec::new();
    for r in records {
        let Some(v) = value(r) else { continue };
        match out.last_mut() {
            Some((deal, sum, n)) if *deal == r.deal => {
                *sum += v;
                *n += 1;
            }
            _ => out.push((r.deal, v, 1)),
        }
    }
    out.into_iter()
        .map(|(deal, sum, n)| (deal, sum / n as f64))
        .collect()
}

/// The mean of `kind`'s seats in a play, if it has any.
pub(crate) fn seat_mean(r: &PlayRecord, kind: usize) -> Option<f64> {
    let (sum, n) = r
        .kinds
        .iter()
        .zip(&r.scores)
        .filter(|&(&k, _)| k == kind)
        .fold((0.0, 0), |(sum, n), (_, &x)| (sum + x, n + 1));
    (n > 0).then(|| sum / f64::from(n))
}

/// The `K/N` a shard's report names. Without a shard, each seat's decisions are dropped from
/// `records`: only a shard needs them (for `cards merge`).
pub(crate) fn shard_name(
    shard: Option<(usize, usize)>,
    records: &mut [PlayRecord],
) -> Option<String> {
    if let Some((k, n)) = shard {
        return Some(format!("{k}/{n}"));
    }
    for r in records {
        r.thinking.clear();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::{Cow, Seatwise, Thinking, ThinkingBySeat};

    /// A seat that counted its decisions only, and one of a search bot.
    fn seats() -> (Thinking, Thinking) {
        let plain = Thinking::counted(7);
        let search = Thinking {
            decisions: 2,
            times: vec![(0.25, true), (0.0, false)],
            phases: vec!["play".into(), "play".into()],
            iterations: 400,
            ..Thinking::default()
        };
        (plain, search)
    }

    #[test]
    fn seats_that_only_counted_keep_the_counts_and_read_and_write_as_before() {
        let (plain, search) = seats();
        let counted = ThinkingBySeat::from(vec![plain.clone(), plain.clone()]);
        assert!(matches!(&counted.0, Seatwise::Counts(c) if **c == [7, 7]));
        let mixed = ThinkingBySeat::from(vec![plain.clone(), search.clone()]);
        assert!(matches!(&mixed.0, Seatwise::Full(_)));
        for (list, by_seat) in [
            (vec![plain.clone(), plain.clone()], &counted),
            (vec![plain.clone(), search.clone()], &mixed),
        ] {
            // Each seat reads back whole, and the serde form is the plain list's.
            assert_eq!(by_seat.len(), 2);
            let back: Vec<Thinking> = by_seat.iter().map(Cow::into_owned).collect();
            assert_eq!(back, list);
            assert!(by_seat.seat(2).is_none());
            let text = serde_json::to_string(by_seat).unwrap();
            assert_eq!(text, serde_json::to_string(&list).unwrap());
            let read: ThinkingBySeat = serde_json::from_str(&text).unwrap();
            assert_eq!(&read, by_seat);
        }
        let mut cleared = mixed;
        cleared.clear();
        assert!(cleared.is_empty());
        assert_eq!(ThinkingBySeat::counts([7, 7]), counted);
        assert_eq!(serde_json::to_string(&cleared).unwrap(), "[]");
    }
}
