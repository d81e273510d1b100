//! Bots against bots on duplicate deals, with statistics.

use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cards_core::BotSpec;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Bot, PerSeat};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

use crate::bots::{Seated, Timed, Told};
use crate::error::CliError;
use crate::play::config_for;
use crate::stats::{fixed, fixed_ci, mean_ci, nz};
use cards_core::Catalog;
use cards_core::GameConfig;

/// The options of `cards simulate`.
#[derive(Clone, Debug)]
pub struct SimOptions {
    /// Number of deals (each replayed once per seat rotation).
    pub games: usize,
    /// The base seed.
    pub seed: u64,
    /// Bot specs, cycled over the seats.
    pub bots: Vec<String>,
    /// Players at the table (the game's default when `None`).
    pub players: Option<usize>,
    /// Worker threads (0: every core).
    pub threads: usize,
    /// Play whole matches instead of single deals.
    pub whole_match: bool,
    /// Show progress: a bar when stderr is a terminal, a line every `progress_every` seconds
    /// otherwise.
    pub progress: bool,
    /// Seconds between progress lines when stderr is not a terminal.
    pub progress_every: f64,
    /// Play only slice `k` (from 1) of `n` disjoint slices of the deals.
    pub shard: Option<(usize, usize)>,
    /// Rule variants, `KEY=VALUE`.
    pub options: Vec<String>,
    /// Play every seat rotation, also those that repeat an earlier seating.
    pub all_rotations: bool,
}

/// The statistics of one bot spec.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotStats {
    /// The bot spec, as given.
    pub name: String,
    /// Seats played.
    pub samples: usize,
    /// Deals played (the unit of the intervals).
    #[serde(default)]
    pub deals: usize,
    /// Mean score per seat (the game's score, higher is better): the mean over deals of the
    /// mean of the bot's seats in the deal's plays.
    pub mean: f64,
    /// Half-width of the 95% confidence interval of the mean, over deals ([`crate::stats`]);
    /// `null` below 2 deals.
    pub ci95: Option<f64>,
    /// Share of seats that had the best score (ties share the win), per deal as `mean` is.
    pub win_rate: f64,
    /// Half-width of the 95% confidence interval of the win rate, over deals.
    pub win_ci95: Option<f64>,
    /// Decisions the bot was asked for.
    pub decisions: u64,
    /// Search iterations over all its decisions (0 for bots that do not search).
    pub iterations: u64,
    /// Faults of an `exec:` bot program (crashed, hung, a bad or illegal answer), each
    /// decision taken at random instead; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub faults: u64,
    /// Seconds spent choosing, over all its decisions (measured for search bots only, 0 for
    /// the others).
    pub think_s: f64,
    /// Median milliseconds per decision.
    pub think_median_ms: f64,
    /// Median milliseconds per decision that had more than one legal action.
    pub think_median_real_ms: f64,
    /// The same per phase of the game ([`cards_core::GameState::phase`], e.g. `auction`, `play`),
    /// in the order the phases first came up; empty for bots whose time is not measured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub think_by_phase: Vec<PhaseThink>,
}

/// A bot's think time in one phase of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseThink {
    /// The phase ([`cards_core::GameState::phase`]).
    pub phase: String,
    /// Its decisions that had more than one legal action.
    pub decisions: u64,
    /// Their median milliseconds.
    pub median_real_ms: f64,
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SimReport {
    /// The game.
    pub game: String,
    /// What `games` counts: `deals` (single deals) or `matches` (with `--match`).
    pub unit: String,
    /// Deals (or matches) asked for, over all shards.
    pub games: usize,
    /// The slice played, `K/N`, when the run was sharded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Deals (or matches) completed in this run.
    pub completed: usize,
    /// Whether Ctrl-C stopped the run before every deal was played.
    pub interrupted: bool,
    /// Whether the report covers fewer deals than it was to (an interrupted run, or merged
    /// shards one of which was partial); `cards merge` refuses a partial shard unless
    /// `--allow-partial`.
    #[serde(default)]
    pub partial: bool,
    /// Plays (deals times seatings).
    pub plays: usize,
    /// Seatings played per deal: the distinct seat rotations, or all of them with
    /// `--all-rotations`.
    #[serde(default)]
    pub seatings: usize,
    /// Whether every rotation was played, also those repeating a seating.
    #[serde(default)]
    pub all_rotations: bool,
    /// The base seed.
    pub seed: u64,
    /// Players at the table.
    pub players: usize,
    /// Actions over all plays.
    pub total_actions: usize,
    /// Mean actions per play.
    pub mean_actions: f64,
    /// Seconds spent playing (excluding start-up); for merged shards, their sum.
    pub elapsed_s: f64,
    /// Wall-clock nanoseconds per action (`elapsed_s / total_actions`).
    pub ns_per_action: f64,
    /// Threads used.
    pub threads: usize,
    /// One entry per distinct bot spec, in the order given.
    pub bots: Vec<BotStats>,
    /// With exactly two bot specs, the paired difference of the first minus the second.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paired: Option<Paired>,
    /// Every play, in deal order, so that a script can recompute the statistics (each seat's
    /// decisions only in a shard, which `cards merge` needs).
    #[serde(default)]
    pub records: Vec<PlayRecord>,
}

/// The paired difference of two bots: per deal, the mean of A's seats minus the mean of B's
/// seats in each of the deal's plays, averaged over its plays; its mean and interval over deals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Paired {
    /// Bot A (the first spec).
    pub a: String,
    /// Bot B (the second spec).
    pub b: String,
    /// Deals.
    pub deals: usize,
    /// Mean of A − B per deal.
    pub mean: f64,
    /// Half-width of its 95% interval over deals; `null` below 2 deals.
    pub ci95: Option<f64>,
}

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
    pub kinds: Vec<usize>,
    /// Each seat's bot spec.
    #[serde(default)]
    pub bots: Vec<String>,
    /// Each seat's score.
    pub scores: Vec<f64>,
    /// Actions in the play.
    pub actions: usize,
    /// Each seat's decisions (in a shard's report only).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub thinking: Vec<Thinking>,
    /// What each fault of an `exec:` bot program in this play was (it exited, did not answer in
    /// time, wrote a line that is not an answer, or named an illegal action), naming the bot and
    /// seat and what was done instead, in order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub faults: Vec<String>,
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
}

// serde's `skip_serializing_if` passes a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(n: &u64) -> bool {
    *n == 0
}

/// One job of a run: a deal, played once per seating.
#[derive(Clone, Debug)]
pub(crate) struct Job {
    /// The deal's index (its seed is derived from it and the run's seed).
    pub deal: usize,
    /// The seatings: the rotation (which fixes the play's random stream) and each seat's bot.
    pub seatings: Vec<(usize, Vec<usize>)>,
}

/// The seatings of a deal: seat `s` of rotation `r` holds `base[(s + r) % players]`; a
/// rotation that repeats an earlier seating is left out unless `all` (so `ismcts,heuristic` at
/// four seats plays rotations 0 and 1 only).
pub(crate) fn seatings(base: &[usize], all: bool) -> Vec<(usize, Vec<usize>)> {
    let players = base.len();
    let mut out: Vec<(usize, Vec<usize>)> = Vec::new();
    for r in 0..players {
        let assign: Vec<usize> = (0..players).map(|s| base[(s + r) % players]).collect();
        if all || !out.iter().any(|(_, a)| *a == assign) {
            out.push((r, assign));
        }
    }
    out
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

/// Plays the jobs on `run.threads` workers until done or Ctrl-C; returns the plays of the jobs
/// completed (a job is played whole or not at all) and the seconds taken.
pub(crate) fn run_jobs<G: Catalog>(
    config: &G::Config,
    kinds: &[BotSpec],
    jobs: &[Job],
    run: &Run<'_>,
) -> Result<(Vec<PlayRecord>, f64), CliError> {
    let unit = run.unit;
    let threads = run.threads;
    let terminal = std::io::stderr().is_terminal();
    let bar = if run.progress && terminal {
        let bar = ProgressBar::new(jobs.len() as u64);
        if let Ok(style) =
            ProgressStyle::with_template(&format!("{{bar:40}} {{pos}}/{{len}} {unit} {{eta}}"))
        {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };
    crate::interrupt::install(false);
    let names: Vec<String> = kinds.iter().map(ToString::to_string).collect();
    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let chunks: Vec<Result<Vec<PlayRecord>, CliError>> = std::thread::scope(|scope| {
        if run.progress && !terminal {
            let (done, finished, total) = (&done, &finished, jobs.len());
            let every = Duration::from_secs_f64(run.progress_every.max(0.05));
            scope.spawn(move || {
                let mut next = every;
                while !finished.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(20).min(every));
                    if start.elapsed() >= next {
                        eprintln!(
                            "{}: {}/{total} {unit} after {:.0} s",
                            G::NAME,
                            done.load(Ordering::Relaxed),
                            start.elapsed().as_secs_f64()
                        );
                        next += every;
                    }
                }
            });
        }
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (bar, done, names) = (&bar, &done, &names);
                scope.spawn(move || {
                    let mut plays = Vec::new();
                    // This worker's `exec:` bots, by (spec, seat): one program per seat for
                    // the whole run, not one per play.
                    let mut programs = Programs::new();
                    for job in jobs.iter().skip(t).step_by(threads) {
                        if crate::interrupt::interrupted() {
                            break;
                        }
                        let deal_seed = derive_seed(run.seed, job.deal as u64);
                        for (r, assign) in &job.seatings {
                            let mut play = play_one::<G>(
                                config,
                                deal_seed,
                                assign,
                                kinds,
                                (job.deal, *r),
                                &mut programs,
                            )?;
                            play.bots = assign.iter().map(|&k| names[k].clone()).collect();
                            plays.push(play);
                        }
                        bar.inc(1);
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(plays)
                })
            })
            .collect();
        let results = handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(CliError::Engine("a worker thread panicked".into())))
            })
            .collect();
        finished.store(true, Ordering::Relaxed);
        results
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let mut records = Vec::new();
    for c in chunks {
        records.extend(c?);
    }
    Ok((records, elapsed))
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

/// Runs the simulation.
///
/// # Errors
/// Bad options, or an engine defect.
pub fn simulate<G: Catalog>(options: &SimOptions) -> Result<SimReport, CliError> {
    let config = config_for::<G>(options.players, !options.whole_match, &options.options)?;
    let players = config.players();
    let given = crate::bots::parse_specs(&options.bots, "random")?;
    if given.len() > players {
        return Err(CliError::TooManyBots {
            given: given.len(),
            seats: players,
        });
    }
    // One row per distinct spec; seats cycle over the specs as given.
    let mut kinds: Vec<BotSpec> = Vec::new();
    let mut cycle = Vec::new();
    for spec in &given {
        crate::bots::check_spec::<G>(spec)?;
        let k = kinds.iter().position(|k| k == spec).unwrap_or_else(|| {
            kinds.push(spec.clone());
            kinds.len() - 1
        });
        cycle.push(k);
    }
    G::new(&config, options.seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let base: Vec<usize> = (0..players).map(|s| cycle[s % cycle.len()]).collect();
    let games = options.games;
    if games == 0 {
        return Err(CliError::Usage(
            "--games 0: at least one deal (or match) is needed".to_owned(),
        ));
    }
    let deals = shard_deals(games, options.shard)?;
    let seated = seatings(&base, options.all_rotations);
    let jobs: Vec<Job> = deals
        .iter()
        .map(|&deal| Job {
            deal,
            seatings: seated.clone(),
        })
        .collect();
    let threads = threads_for(options.threads, jobs.len());
    let unit = if options.whole_match {
        "matches"
    } else {
        "deals"
    };
    let (records, elapsed) = run_jobs::<G>(
        &config,
        &kinds,
        &jobs,
        &Run {
            seed: options.seed,
            threads,
            progress: options.progress,
            progress_every: options.progress_every,
            unit,
        },
    )?;
    let names = kinds.iter().map(ToString::to_string).collect::<Vec<_>>();
    let mut report = build_report(
        Meta {
            game: G::NAME.to_owned(),
            unit: unit.to_owned(),
            games,
            seed: options.seed,
            players,
            seatings: seated.len(),
            all_rotations: options.all_rotations,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    report.interrupted = report.completed < deals.len();
    report.partial = report.interrupted;
    if let Some((k, n)) = options.shard {
        report.shard = Some(format!("{k}/{n}"));
    } else {
        // Only a shard needs each seat's decisions (for `cards merge`).
        for r in &mut report.records {
            r.thinking.clear();
        }
    }
    Ok(report)
}

/// What identifies a simulation, shared by its shards.
struct Meta {
    game: String,
    unit: String,
    games: usize,
    seed: u64,
    players: usize,
    seatings: usize,
    all_rotations: bool,
}

/// The report over `records` (put in deal order here, so that any thread count or sharding
/// gives the very same statistics).
fn build_report(
    meta: Meta,
    names: &[String],
    mut records: Vec<PlayRecord>,
    elapsed: f64,
    threads: usize,
) -> SimReport {
    records.sort_by_key(|r| (r.deal, r.rotation));
    for r in &mut records {
        for x in &mut r.scores {
            *x = nz(*x);
        }
    }
    let total_actions: usize = records.iter().map(|p| p.actions).sum();
    let mut completed: Vec<usize> = records.iter().map(|r| r.deal).collect();
    completed.dedup();
    let bots = names
        .iter()
        .enumerate()
        .map(|(k, name)| stats(name, k, &records))
        .collect();
    let paired = match names {
        [a, b] => Some(paired(a, b, (0, 1), &records)),
        _ => None,
    };
    SimReport {
        game: meta.game,
        unit: meta.unit,
        games: meta.games,
        shard: None,
        completed: completed.len(),
        interrupted: false,
        partial: false,
        plays: records.len(),
        seatings: meta.seatings,
        all_rotations: meta.all_rotations,
        seed: meta.seed,
        players: meta.players,
        total_actions,
        mean_actions: if records.is_empty() {
            0.0
        } else {
            total_actions as f64 / records.len() as f64
        },
        elapsed_s: nz(elapsed),
        ns_per_action: if total_actions == 0 {
            0.0
        } else {
            elapsed * 1e9 / total_actions as f64
        },
        threads,
        bots,
        paired,
        records,
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

/// The paired difference of kinds `a` minus `b` over `records` (sorted by deal).
pub(crate) fn paired(a: &str, b: &str, (ka, kb): (usize, usize), records: &[PlayRecord]) -> Paired {
    let diffs: Vec<f64> = per_deal(records, |r| Some(seat_mean(r, ka)? - seat_mean(r, kb)?))
        .into_iter()
        .map(|(_, d)| d)
        .collect();
    let (mean, ci95) = mean_ci(&diffs);
    Paired {
        a: a.to_owned(),
        b: b.to_owned(),
        deals: diffs.len(),
        mean,
        ci95,
    }
}

/// Combines the reports of the shards `1/N` to `N/N` of one simulation into the report one run
/// of all the deals gives (its statistics are recomputed from every play, in deal order).
///
/// # Errors
/// Reports of different simulations, a missing or repeated shard, a report that is not a shard.
pub fn merge(reports: &[SimReport], allow_partial: bool) -> Result<SimReport, CliError> {
    let crate::shards::Gathered {
        first,
        records,
        elapsed,
        threads,
        partial: interrupted,
    } = crate::shards::gather(reports, allow_partial)?;
    let names: Vec<String> = first.bots.iter().map(|b| b.name.clone()).collect();
    let mut report = build_report(
        Meta {
            game: first.game.clone(),
            unit: first.unit.clone(),
            games: first.games,
            seed: first.seed,
            players: first.players,
            seatings: first.seatings,
            all_rotations: first.all_rotations,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    report.interrupted = interrupted;
    report.partial = interrupted || report.completed < report.games;
    for r in &mut report.records {
        r.thinking.clear();
    }
    Ok(report)
}

/// A worker's running `exec:` bots, kept between plays by (spec, seat).
type Programs<G> = std::collections::HashMap<(usize, usize), Seated<G>>;

fn play_one<G: Catalog>(
    config: &G::Config,
    seed: u64,
    assign: &[usize],
    kinds: &[BotSpec],
    (deal, rotation): (usize, usize),
    programs: &mut Programs<G>,
) -> Result<PlayRecord, CliError> {
    let mut state = G::new(config, seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let mut faults_before = vec![0; assign.len()];
    let mut bots = PerSeat(
        assign
            .iter()
            .enumerate()
            .map(|(s, &k)| {
                let kept = programs.remove(&(k, s));
                faults_before[s] = kept.as_ref().map_or(0, Bot::faults);
                kept.map_or_else(|| Seated::new(&kinds[k], false), Ok)
                    .map(|b| Timed::new(b, crate::bots::is_search(&kinds[k])))
            })
            .collect::<Result<Vec<_>, _>>()?,
    );
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation as u64));
    let actions = crate::bots::play_out::<G, _>(&mut state, &mut bots, &mut rng)
        .map_err(|e| CliError::Engine(e.to_string()))?;
    let faults: Vec<String> = bots.0.iter_mut().flat_map(Told::take_faults).collect();
    let thinking = bots
        .0
        .iter()
        .enumerate()
        .map(|(s, b)| Thinking {
            decisions: b.decisions,
            times: b
                .times
                .iter()
                .map(|&(t, real, _)| (t.as_secs_f64(), real))
                .collect(),
            phases: b.times.iter().map(|t| t.2.to_owned()).collect(),
            iterations: b.iterations(),
            faults: b.faults() - faults_before[s],
        })
        .collect();
    for (s, (b, &k)) in bots.0.into_iter().zip(assign).enumerate() {
        if kinds[k].kind == "exec" {
            programs.insert((k, s), b.into_inner());
        }
    }
    Ok(PlayRecord {
        deal,
        seed,
        rotation,
        kinds: assign.to_vec(),
        bots: Vec::new(),
        scores: G::scores(&state).0,
        actions,
        thinking,
        faults,
    })
}

// Exact float equality is meant: a tie is the very same score.
#[allow(clippy::float_cmp)]
fn stats(name: &str, kind: usize, plays: &[PlayRecord]) -> BotStats {
    let mut scores = Vec::new();
    let mut wins = Vec::new();
    let mut times = Vec::new();
    let mut real_times = Vec::new();
    // Real decisions' times per phase, in the order the phases first came up.
    let mut by_phase: Vec<(String, Vec<f64>)> = Vec::new();
    let mut iterations = 0;
    let mut decisions = 0;
    let mut faults = 0;
    for p in plays {
        for (i, &k) in p.kinds.iter().enumerate() {
            if k == kind {
                let t = &p.thinking[i];
                iterations += t.iterations;
                faults += t.faults;
                decisions += t.decisions;
                times.extend(t.times.iter().map(|&(s, _)| s));
                real_times.extend(t.times.iter().filter(|&&(_, r)| r).map(|&(s, _)| s));
                for (&(s, real), phase) in t.times.iter().zip(&t.phases) {
                    if !real {
                        continue;
                    }
                    match by_phase.iter_mut().find(|(name, _)| name == phase) {
                        Some((_, list)) => list.push(s),
                        None => by_phase.push((phase.clone(), vec![s])),
                    }
                }
            }
        }
        let best = p.scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners = p.scores.iter().filter(|&&s| s == best).count().max(1) as f64;
        for (i, &k) in p.kinds.iter().enumerate() {
            if k == kind {
                let s = p.scores[i];
                scores.push((p.deal, s));
                wins.push((p.deal, if s == best { 1.0 / winners } else { 0.0 }));
            }
        }
    }
    let deals = deal_means(&scores);
    let (mean, ci95) = mean_ci(&deals);
    let (win_rate, win_ci95) = mean_ci(&deal_means(&wins));
    BotStats {
        name: name.to_owned(),
        samples: scores.len(),
        deals: deals.len(),
        mean,
        ci95,
        win_rate,
        win_ci95,
        decisions,
        iterations,
        faults,
        // `+ 0.0`: an empty f64 sum is -0.0, which no report should print.
        think_s: times.iter().sum::<f64>() + 0.0,
        think_median_ms: nz(median(&mut times) * 1e3),
        think_median_real_ms: nz(median(&mut real_times) * 1e3),
        think_by_phase: by_phase
            .into_iter()
            .map(|(phase, mut list)| PhaseThink {
                phase,
                decisions: list.len() as u64,
                median_real_ms: nz(median(&mut list) * 1e3),
            })
            .collect(),
    }
}

/// The median (the lower middle of an even count), 0 for none.
fn median(xs: &mut [f64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    xs.sort_by(f64::total_cmp);
    xs[(xs.len() - 1) / 2]
}

/// The mean of each deal's samples, `(deal, value)` grouped by deal (in deal order).
fn deal_means(xs: &[(usize, f64)]) -> Vec<f64> {
    let mut out: Vec<(usize, f64, f64)> = Vec::new();
    for &(deal, x) in xs {
        match out.last_mut() {
            Some((d, sum, n)) if *d == deal => {
                *sum += x;
                *n += 1.0;
            }
            _ => out.push((deal, x, 1.0)),
        }
    }
    out.into_iter().map(|(_, sum, n)| sum / n).collect()
}

/// Renders the report as a table.
pub fn table(report: &SimReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} {} x {} {}, {} players, seed {}{}",
        report.game,
        report.games,
        report.unit,
        report.seatings,
        if report.all_rotations {
            "seat rotations"
        } else {
            "distinct seatings"
        },
        report.players,
        report.seed,
        report
            .shard
            .as_ref()
            .map_or_else(String::new, |k| format!(", shard {k}"))
    );
    if report.partial {
        let _ = writeln!(
            s,
            "partial{}: the statistics cover the {} {} completed",
            if report.interrupted {
                " (interrupted)"
            } else {
                ""
            },
            report.completed,
            report.unit
        );
    }
    let width = report
        .bots
        .iter()
        .map(|b| b.name.chars().count())
        .max()
        .unwrap_or(0)
        .max(12);
    let _ = writeln!(
        s,
        "{:<width$} {:>8} {:>20} {:>18} {:>10} {:>12} {:>9}",
        "bot",
        "seats",
        "mean score ± 95%",
        "win rate ± 95%",
        "decisions",
        "iterations",
        "median ms"
    );
    for b in &report.bots {
        let _ = writeln!(
            s,
            "{:<width$} {:>8} {:>11} ± {:<6} {:>9} ± {:<6} {:>10} {:>12} {:>9}",
            b.name,
            b.samples,
            fixed(b.mean, 3),
            fixed_ci(b.ci95, 3),
            fixed(b.win_rate, 3),
            fixed_ci(b.win_ci95, 3),
            b.decisions,
            b.iterations,
            fixed(b.think_median_real_ms, 3)
        );
    }
    if let Some(p) = &report.paired {
        let _ = writeln!(
            s,
            "paired difference {} − {} per deal: {} ± {} over {} deals",
            p.a,
            p.b,
            fixed(p.mean, 3),
            fixed_ci(p.ci95, 3),
            p.deals
        );
    }
    let _ = writeln!(
        s,
        "(± 95% intervals over deals: Student's t below 30 deals, n/a below 2)"
    );
    for b in report.bots.iter().filter(|b| b.faults > 0) {
        let _ = writeln!(
            s,
            "{}: {} faults (a random action taken for each)",
            b.name, b.faults
        );
    }
    // Where a search bot's time went, when the game has more than one kind of decision.
    for b in report.bots.iter().filter(|b| b.think_by_phase.len() > 1) {
        let phases = b
            .think_by_phase
            .iter()
            .map(|p| {
                format!(
                    "{} {} ({})",
                    p.phase,
                    fixed(p.median_real_ms, 3),
                    p.decisions
                )
            })
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(s, "{}: median ms by phase (decisions): {phases}", b.name);
    }
    let _ = writeln!(
        s,
        "mean actions per {}: {}; {} actions in {} s on {} thread(s): {} ns per action",
        report.unit.trim_end_matches("es").trim_end_matches('s'),
        fixed(report.mean_actions, 1),
        report.total_actions,
        fixed(report.elapsed_s, 3),
        report.threads,
        fixed(report.ns_per_action, 0)
    );
    s
}

impl crate::shards::Shard for SimReport {
    const COMMAND: &'static str = "simulate";
    const RUN: &'static str = "simulation";
    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }
    fn same_run(&self, other: &Self) -> bool {
        (
            self.game.as_str(),
            self.unit.as_str(),
            self.games,
            self.seed,
            self.players,
            self.seatings,
        ) == (
            other.game.as_str(),
            other.unit.as_str(),
            other.games,
            other.seed,
            other.players,
            other.seatings,
        ) && self
            .bots
            .iter()
            .map(|b| &b.name)
            .eq(other.bots.iter().map(|b| &b.name))
    }
    fn partial(&self) -> bool {
        self.partial || self.interrupted
    }
    fn elapsed_s(&self) -> f64 {
        self.elapsed_s
    }
    fn threads(&self) -> usize {
        self.threads
    }
    fn records(&self) -> &[PlayRecord] {
        &self.records
    }
}

#[cfg(test)]
mod tests {
    use super::{PlayRecord, Thinking, paired, seatings, stats};

    #[test]
    fn think_times_are_split_by_phase_over_real_decisions_only() {
        let thinking = |times: &[(f64, bool, &str)]| Thinking {
            decisions: times.len() as u64,
            times: times.iter().map(|&(t, r, _)| (t, r)).collect(),
            phases: times.iter().map(|t| t.2.to_owned()).collect(),
            iterations: 0,
            faults: 0,
        };
        let record = PlayRecord {
            deal: 0,
            seed: 0,
            rotation: 0,
            kinds: vec![0, 1],
            bots: Vec::new(),
            scores: vec![1.0, -1.0],
            actions: 6,
            thinking: vec![
                thinking(&[
                    (0.010, true, "auction"),
                    (0.002, false, "auction"),
                    (0.004, true, "play"),
                    (0.006, true, "play"),
                    (0.008, true, "play"),
                ]),
                thinking(&[(0.5, true, "play")]),
            ],
            faults: Vec::new(),
        };
        let b = stats("pimc", 0, std::slice::from_ref(&record));
        let phases: Vec<(&str, u64, f64)> = b
            .think_by_phase
            .iter()
            .map(|p| (p.phase.as_str(), p.decisions, p.median_real_ms))
            .collect();
        assert_eq!(phases.len(), 2);
        assert_eq!((phases[0].0, phases[0].1), ("auction", 1));
        assert!((phases[0].2 - 10.0).abs() < 1e-9);
        assert_eq!((phases[1].0, phases[1].1), ("play", 3));
        assert!((phases[1].2 - 6.0).abs() < 1e-9);
        // A record written before phases were recorded still reads, with no split.
        let old = r#"{"decisions":1,"times":[[0.5,true]],"iterations":0}"#;
        let t: Thinking = serde_json::from_str(old).unwrap();
        assert!(t.phases.is_empty());
    }

    #[test]
    fn stats_cluster_the_plays_of_a_deal() {
        let play = |deal, rotation, scores: [f64; 2]| PlayRecord {
            deal,
            seed: 0,
            rotation,
            bots: Vec::new(),
            kinds: if rotation == 0 {
                vec![0, 1]
            } else {
                vec![1, 0]
            },
            scores: scores.to_vec(),
            actions: 1,
            thinking: vec![Thinking::default(), Thinking::default()],
            faults: Vec::new(),
        };
        // Seat 0 wins 10 in deal 0 and seat 1 in deal 1; kind 0 gains 1 a deal over kind 1.
        let plays = [
            play(0, 0, [11.0, -11.0]),
            play(0, 1, [9.0, -9.0]),
            play(1, 0, [-9.0, 9.0]),
            play(1, 1, [-11.0, 11.0]),
        ];
        let b = stats("a", 0, &plays);
        assert_eq!((b.samples, b.deals), (4, 2));
        assert!((b.mean - 1.0).abs() < 1e-12);
        assert!(b.ci95.unwrap().abs() < 1e-9, "{:?}", b.ci95);
        // Each kind won one of its two plays in either deal.
        assert!((b.win_rate - 0.5).abs() < 1e-12);
        assert!(b.win_ci95.unwrap().abs() < 1e-9);
        // A gains 2 a deal over B: 20 and -18 in deal 0, 18 and -20 in deal 1.
        let p = paired("a", "b", (0, 1), &plays);
        assert_eq!(p.deals, 2);
        assert!((p.mean - 2.0).abs() < 1e-12);
        assert!(p.ci95.unwrap().abs() < 1e-9);
        // One deal: no interval.
        let b = stats("a", 0, &plays[..2]);
        assert_eq!(b.ci95, None);
        assert_eq!(paired("a", "b", (0, 1), &plays[..2]).ci95, None);
    }

    #[test]
    fn only_distinct_seatings_are_played_unless_all_rotations() {
        let rotations = |base: &[usize], all| -> Vec<usize> {
            seatings(base, all).into_iter().map(|(r, _)| r).collect()
        };
        assert_eq!(rotations(&[0, 1, 0, 1], false), [0, 1]);
        assert_eq!(rotations(&[0, 1, 0, 1], true), [0, 1, 2, 3]);
        assert_eq!(rotations(&[0, 0, 0], false), [0]);
        assert_eq!(rotations(&[0, 1, 0], false), [0, 1, 2]);
        assert_eq!(rotations(&[0, 1, 2, 0, 1, 2], false), [0, 1, 2]);
        assert_eq!(seatings(&[0, 1, 0, 1], false)[1].1, [1, 0, 1, 0]);
    }
}
