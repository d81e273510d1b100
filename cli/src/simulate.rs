//! Bots against bots on duplicate deals, with statistics.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cards_core::bot::{BotSpec, play_out};
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Bot, Game, PerSeat};
use indicatif::{ProgressBar, ProgressStyle};
use serde::{Deserialize, Serialize};

use crate::bots::Timed;
use crate::error::CliError;
use crate::play::config_for;

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
}

/// The statistics of one bot spec.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BotStats {
    /// The bot spec, as given.
    pub name: String,
    /// Seats played.
    pub samples: usize,
    /// Mean score per deal (the game's score, higher is better).
    pub mean: f64,
    /// Half-width of the 95% confidence interval of the mean, clustered by deal: a deal's
    /// plays (its seat rotations) and the bot's seats in them are one sample, since on
    /// duplicate deals they are far from independent (see `clustered_mean_ci`).
    pub ci95: f64,
    /// Share of seats that had the best score (ties share the win).
    pub win_rate: f64,
    /// Half-width of the 95% confidence interval of the win rate, clustered by deal as
    /// `ci95` is.
    pub win_ci95: f64,
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
    /// The same per phase of the game ([`cards_core::Game::phase`], e.g. `auction`, `play`),
    /// in the order the phases first came up; empty for bots whose time is not measured.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub think_by_phase: Vec<PhaseThink>,
}

/// A bot's think time in one phase of the game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PhaseThink {
    /// The phase ([`cards_core::Game::phase`]).
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
    /// Plays (deals times rotations).
    pub plays: usize,
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
    /// Every play of a sharded run, so that `cards merge` can recompute the statistics exactly.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub records: Vec<PlayRecord>,
}

/// One play: the deal and rotation, the bot spec of each seat, the scores, the action count,
/// and each seat's decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayRecord {
    /// The deal's index (from 0).
    pub deal: usize,
    /// The seat rotation.
    pub rotation: usize,
    /// Each seat's bot, an index into the report's `bots`.
    pub kinds: Vec<usize>,
    /// Each seat's score.
    pub scores: Vec<f64>,
    /// Actions in the play.
    pub actions: usize,
    /// Each seat's decisions.
    pub thinking: Vec<Thinking>,
}

/// One seat's decisions in a play.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Thinking {
    /// Decisions taken.
    pub decisions: u64,
    /// Seconds per decision of a search bot, and whether it had more than one legal action.
    pub times: Vec<(f64, bool)>,
    /// The phase of each decision of `times` ([`cards_core::Game::phase`]; empty in reports
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

/// Runs the simulation.
///
/// # Errors
/// Bad options, or an engine defect.
pub fn simulate<G: Game>(options: &SimOptions) -> Result<SimReport, CliError> {
    let config = config_for::<G>(options.players, !options.whole_match, &options.options)?;
    let players = G::players(&config);
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
        crate::bots::bot::<G>(spec)?;
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
    let deals: Vec<usize> = match options.shard {
        None => (0..games).collect(),
        Some((k, n)) => {
            if k == 0 || k > n {
                return Err(CliError::Usage(format!(
                    "--shard {k}/{n}: K must be from 1 to N"
                )));
            }
            (0..games).filter(|g| g % n == k - 1).collect()
        }
    };
    // 0 means every core; more threads than cores (or than deals) would only wait.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = if options.threads == 0 {
        cores
    } else {
        options.threads.min(cores)
    }
    .min(deals.len())
    .max(1);
    let unit = if options.whole_match {
        "matches"
    } else {
        "deals"
    };
    let terminal = std::io::stderr().is_terminal();
    let bar = if options.progress && terminal {
        let bar = ProgressBar::new(deals.len() as u64);
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

    let start = Instant::now();
    let done = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let chunks: Vec<Result<Vec<PlayRecord>, CliError>> = std::thread::scope(|scope| {
        if options.progress && !terminal {
            let (done, finished, total) = (&done, &finished, deals.len());
            let every = Duration::from_secs_f64(options.progress_every.max(0.05));
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
                let (config, kinds, base, bar, deals, done) =
                    (&config, &kinds, &base, &bar, &deals, &done);
                scope.spawn(move || {
                    let mut plays = Vec::new();
                    // This worker's `exec:` bots, by (spec, seat): one program per seat for
                    // the whole run, not one per play.
                    let mut programs = Programs::new();
                    for &g in deals.iter().skip(t).step_by(threads) {
                        if crate::interrupt::interrupted() {
                            break;
                        }
                        let deal_seed = derive_seed(options.seed, g as u64);
                        let mut seen: Vec<Vec<usize>> = Vec::new();
                        for r in 0..players {
                            let assign: Vec<usize> =
                                (0..players).map(|s| base[(s + r) % players]).collect();
                            if seen.contains(&assign) {
                                continue;
                            }
                            seen.push(assign.clone());
                            plays.push(play_one::<G>(
                                config,
                                deal_seed,
                                &assign,
                                kinds,
                                (g, r),
                                &mut programs,
                            )?);
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
    let names = kinds.iter().map(ToString::to_string).collect::<Vec<_>>();
    let mut report = build_report(
        Meta {
            game: G::NAME.to_owned(),
            unit: unit.to_owned(),
            games,
            seed: options.seed,
            players,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    report.interrupted = report.completed < deals.len();
    if let Some((k, n)) = options.shard {
        report.shard = Some(format!("{k}/{n}"));
    } else {
        report.records.clear();
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
    let total_actions: usize = records.iter().map(|p| p.actions).sum();
    let mut completed: Vec<usize> = records.iter().map(|r| r.deal).collect();
    completed.dedup();
    let bots = names
        .iter()
        .enumerate()
        .map(|(k, name)| stats(name, k, &records))
        .collect();
    SimReport {
        game: meta.game,
        unit: meta.unit,
        games: meta.games,
        shard: None,
        completed: completed.len(),
        interrupted: false,
        plays: records.len(),
        seed: meta.seed,
        players: meta.players,
        total_actions,
        mean_actions: if records.is_empty() {
            0.0
        } else {
            total_actions as f64 / records.len() as f64
        },
        elapsed_s: elapsed,
        ns_per_action: if total_actions == 0 {
            0.0
        } else {
            elapsed * 1e9 / total_actions as f64
        },
        threads,
        bots,
        records,
    }
}

/// Combines the reports of the shards `1/N` to `N/N` of one simulation into the report one run
/// of all the deals gives (its statistics are recomputed from every play, in deal order).
///
/// # Errors
/// Reports of different simulations, a missing or repeated shard, a report that is not a shard.
pub fn merge(reports: &[SimReport]) -> Result<SimReport, CliError> {
    let bad = |m: String| CliError::Usage(format!("cannot merge: {m}"));
    let Some(first) = reports.first() else {
        return Err(bad("no reports given".to_owned()));
    };
    let parse = |r: &SimReport| -> Result<(usize, usize), CliError> {
        r.shard
            .as_deref()
            .and_then(|s| s.split_once('/'))
            .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
            .ok_or_else(|| bad("a report without a shard (run simulate with --shard K/N)".into()))
    };
    let (_, n) = parse(first)?;
    let names: Vec<String> = first.bots.iter().map(|b| b.name.clone()).collect();
    let mut seen = vec![false; n];
    let (mut elapsed, mut threads, mut records) = (0.0, 0, Vec::new());
    let mut interrupted = false;
    for r in reports {
        let (k, nn) = parse(r)?;
        let same = (r.game.as_str(), r.unit.as_str(), r.games, r.seed, r.players)
            == (
                first.game.as_str(),
                first.unit.as_str(),
                first.games,
                first.seed,
                first.players,
            )
            && r.bots.iter().map(|b| &b.name).eq(names.iter());
        if nn != n || !same {
            return Err(bad(format!(
                "shard {k}/{nn} is of another simulation than shard {}",
                first.shard.as_deref().unwrap_or("?")
            )));
        }
        if k == 0 || k > n || std::mem::replace(&mut seen[k - 1], true) {
            return Err(bad(format!("shard {k}/{n} is given twice or out of range")));
        }
        elapsed += r.elapsed_s;
        threads = threads.max(r.threads);
        interrupted |= r.interrupted;
        records.extend(r.records.iter().cloned());
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(bad(format!("shard {}/{n} is missing", k + 1)));
    }
    let mut report = build_report(
        Meta {
            game: first.game.clone(),
            unit: first.unit.clone(),
            games: first.games,
            seed: first.seed,
            players: first.players,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    report.interrupted = interrupted || report.completed < report.games;
    report.records.clear();
    Ok(report)
}

/// A worker's running `exec:` bots, kept between plays by (spec, seat).
type Programs<G> = std::collections::HashMap<(usize, usize), Box<dyn Bot<G>>>;

fn play_one<G: Game>(
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
                kept.map_or_else(|| crate::bots::bot::<G>(&kinds[k]), Ok)
                    .map(|b| Timed::new(b, crate::bots::is_search(&kinds[k])))
            })
            .collect::<Result<Vec<_>, _>>()?,
    );
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation as u64));
    let actions = play_out::<G, _>(&mut state, &mut bots, &mut rng, None)
        .map_err(|e| CliError::Engine(e.to_string()))?;
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
        rotation,
        kinds: assign.to_vec(),
        scores: G::scores(&state).0,
        actions,
        thinking,
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
    let (mean, ci95) = clustered_mean_ci(&scores);
    let (win_rate, win_ci95) = clustered_mean_ci(&wins);
    BotStats {
        name: name.to_owned(),
        samples: scores.len(),
        mean,
        ci95,
        win_rate,
        win_ci95,
        decisions,
        iterations,
        faults,
        // `+ 0.0`: an empty f64 sum is -0.0, which no report should print.
        think_s: times.iter().sum::<f64>() + 0.0,
        think_median_ms: median(&mut times) * 1e3,
        think_median_real_ms: median(&mut real_times) * 1e3,
        think_by_phase: by_phase
            .into_iter()
            .map(|(phase, mut list)| PhaseThink {
                phase,
                decisions: list.len() as u64,
                median_real_ms: median(&mut list) * 1e3,
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

/// The mean of the samples and the half-width of its 95% confidence interval (normal
/// approximation), each sample `(cluster, value)` tagged with its deal.
///
/// Samples of one deal are not independent: on duplicate deals a bot's seats over the seat
/// rotations hold every hand of the deal, so a deal's luck largely cancels within it, and a
/// bot's two seats of one play can be partners. The variance of the mean is therefore the
/// cluster-robust one, over the deals: with `G` deals, `n` samples, mean `m` and `S_g`, `n_g`
/// the sum and count of deal `g`'s samples, `G/(G-1) · Σ_g (S_g - m·n_g)² / n²`. With one
/// sample per deal this is the usual `s²/n`; with equal counts per deal it is the variance of
/// the mean of the deals' means.
fn clustered_mean_ci(xs: &[(usize, f64)]) -> (f64, f64) {
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let n = xs.len() as f64;
    let mean = xs.iter().map(|&(_, x)| x).sum::<f64>() / n;
    let mut clusters: BTreeMap<usize, (f64, f64)> = BTreeMap::new();
    for &(deal, x) in xs {
        let c = clusters.entry(deal).or_default();
        c.0 += x;
        c.1 += 1.0;
    }
    let g = clusters.len() as f64;
    if clusters.len() < 2 {
        return (mean, 0.0);
    }
    let spread = clusters
        .values()
        .map(|&(sum, count)| (sum - mean * count) * (sum - mean * count))
        .sum::<f64>();
    let var = g / (g - 1.0) * spread / (n * n);
    (mean, 1.96 * var.sqrt())
}

/// Renders the report as a table.
pub fn table(report: &SimReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} {} x {} seat rotations, {} players, seed {}{}",
        report.game,
        report.games,
        report.unit,
        report.players,
        report.players,
        report.seed,
        report
            .shard
            .as_ref()
            .map_or_else(String::new, |k| format!(", shard {k}"))
    );
    if report.interrupted {
        let _ = writeln!(
            s,
            "interrupted: the statistics cover the {} {} completed",
            report.completed, report.unit
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
            "{:<width$} {:>8} {:>11.3} ± {:<6.3} {:>9.3} ± {:<6.3} {:>10} {:>12} {:>9.3}",
            b.name,
            b.samples,
            b.mean,
            b.ci95,
            b.win_rate,
            b.win_ci95,
            b.decisions,
            b.iterations,
            b.think_median_real_ms
        );
    }
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
            .map(|p| format!("{} {:.3} ({})", p.phase, p.median_real_ms, p.decisions))
            .collect::<Vec<_>>()
            .join(", ");
        let _ = writeln!(s, "{}: median ms by phase (decisions): {phases}", b.name);
    }
    let _ = writeln!(
        s,
        "mean actions per {}: {:.1}; {} actions in {:.3} s on {} thread(s): {:.0} ns per action",
        report.unit.trim_end_matches("es").trim_end_matches('s'),
        report.mean_actions,
        report.total_actions,
        report.elapsed_s,
        report.threads,
        report.ns_per_action
    );
    s
}

#[cfg(test)]
mod tests {
    use super::{PlayRecord, Thinking, clustered_mean_ci, stats};

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
            rotation: 0,
            kinds: vec![0, 1],
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
    fn one_sample_per_deal_gives_the_plain_interval() {
        assert_eq!(clustered_mean_ci(&[]), (0.0, 0.0));
        assert_eq!(
            clustered_mean_ci(&[(0, 2.0), (1, 2.0), (2, 2.0)]),
            (2.0, 0.0)
        );
        let (m, ci) = clustered_mean_ci(&[(0, 0.0), (1, 1.0)]);
        assert!((m - 0.5).abs() < 1e-12);
        assert!((ci - 1.96 * 0.5).abs() < 1e-9);
        // One deal alone says nothing about the spread between deals.
        assert_eq!(clustered_mean_ci(&[(4, 1.0), (4, 3.0)]), (2.0, 0.0));
    }

    #[test]
    fn samples_of_one_deal_count_as_one() {
        // Each deal's luck cancels over its two rotations: the deals' means are all 1, so the
        // mean is known exactly, however far apart the seats' scores are.
        let xs = [
            (0, 11.0),
            (0, -9.0),
            (1, -5.0),
            (1, 7.0),
            (2, 31.0),
            (2, -29.0),
        ];
        let (m, ci) = clustered_mean_ci(&xs);
        assert!((m - 1.0).abs() < 1e-12);
        assert!(ci.abs() < 1e-9, "{ci}");
        // Equal counts per deal: the interval of the deals' means, 1.96·s/√G.
        let xs = [(0, 1.0), (0, 3.0), (1, 5.0), (1, 7.0), (2, 0.0), (2, 2.0)];
        let (m, ci) = clustered_mean_ci(&xs);
        assert!((m - 3.0).abs() < 1e-12);
        let means: [f64; 3] = [2.0, 6.0, 1.0];
        let var = means.iter().map(|x| (x - 3.0) * (x - 3.0)).sum::<f64>() / 2.0;
        assert!((ci - 1.96 * (var / 3.0).sqrt()).abs() < 1e-9, "{ci}");
    }

    #[test]
    fn stats_cluster_the_plays_of_a_deal() {
        let play = |deal, rotation, scores: [f64; 2]| PlayRecord {
            deal,
            rotation,
            kinds: if rotation == 0 {
                vec![0, 1]
            } else {
                vec![1, 0]
            },
            scores: scores.to_vec(),
            actions: 1,
            thinking: vec![Thinking::default(), Thinking::default()],
        };
        // Seat 0 wins 10 in deal 0 and seat 1 in deal 1; kind 0 gains 1 a deal over kind 1.
        let plays = [
            play(0, 0, [11.0, -11.0]),
            play(0, 1, [9.0, -9.0]),
            play(1, 0, [-9.0, 9.0]),
            play(1, 1, [-11.0, 11.0]),
        ];
        let b = stats("a", 0, &plays);
        assert_eq!(b.samples, 4);
        assert!((b.mean - 1.0).abs() < 1e-12);
        assert!(b.ci95.abs() < 1e-9, "{}", b.ci95);
        // Each kind won one of its two plays in either deal.
        assert!((b.win_rate - 0.5).abs() < 1e-12);
        assert!(b.win_ci95.abs() < 1e-9);
    }
}
