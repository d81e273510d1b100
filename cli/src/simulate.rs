//! Bots against bots on duplicate deals, with statistics.

use std::io::IsTerminal;
use std::time::Instant;

use cards_core::bot::{BotSpec, play_out};
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Bot, Game, PerSeat, Seat};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

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
    /// Bot kinds, cycled over the seats.
    pub bots: Vec<String>,
    /// Players at the table (the game's default when `None`).
    pub players: Option<usize>,
    /// Worker threads.
    pub threads: usize,
    /// Play whole matches instead of single deals.
    pub whole_match: bool,
    /// Show a progress bar (when stderr is a terminal).
    pub progress: bool,
}

/// The statistics of one bot kind.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BotStats {
    /// The bot kind.
    pub name: String,
    /// Seats played.
    pub samples: usize,
    /// Mean score per deal (the game's score, higher is better).
    pub mean: f64,
    /// Half-width of the 95% confidence interval of the mean.
    pub ci95: f64,
    /// Share of seats that had the best score (ties share the win).
    pub win_rate: f64,
    /// Half-width of the 95% confidence interval of the win rate.
    pub win_ci95: f64,
    /// Decisions the bot was asked for.
    pub decisions: u64,
    /// Search iterations over all its decisions (0 for bots that do not search).
    pub iterations: u64,
    /// Seconds spent choosing, over all its decisions (measured for search bots only, 0 for
    /// the others).
    pub think_s: f64,
    /// Median milliseconds per decision.
    pub think_median_ms: f64,
    /// Median milliseconds per decision that had more than one legal action.
    pub think_median_real_ms: f64,
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SimReport {
    /// The game.
    pub game: &'static str,
    /// What `games` counts: `deals` (single deals) or `matches` (with `--match`).
    pub unit: &'static str,
    /// Deals (or matches) asked for.
    pub games: usize,
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
    /// Seconds spent playing (excluding start-up).
    pub elapsed_s: f64,
    /// Wall-clock nanoseconds per action (`elapsed_s / total_actions`).
    pub ns_per_action: f64,
    /// Threads used.
    pub threads: usize,
    /// One entry per bot kind, in the order given.
    pub bots: Vec<BotStats>,
}

/// The result of one play: the bot kind of each seat, the scores, the action count, and each
/// seat's decisions (think times; whether the decision had a real choice) and iterations.
struct Play {
    kinds: Vec<usize>,
    scores: PerSeat<f64>,
    actions: usize,
    thinking: Vec<Thinking>,
}

#[derive(Default)]
struct Thinking {
    decisions: u64,
    times: Vec<(f64, bool)>,
    iterations: u64,
}

/// Runs the simulation.
///
/// # Errors
/// Bad options, or an engine defect.
pub fn simulate<G: Game>(options: &SimOptions) -> Result<SimReport, CliError> {
    let config = config_for::<G>(options.players, !options.whole_match)?;
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
    // 0 means every core; more threads than cores (or than games) would only wait.
    let cores = std::thread::available_parallelism().map_or(1, std::num::NonZero::get);
    let threads = if options.threads == 0 {
        cores
    } else {
        options.threads.min(cores)
    }
    .min(games);
    let bar = if options.progress && std::io::stderr().is_terminal() && games > 0 {
        let bar = ProgressBar::new(games as u64);
        if let Ok(style) = ProgressStyle::with_template(if options.whole_match {
            "{bar:40} {pos}/{len} matches {eta}"
        } else {
            "{bar:40} {pos}/{len} deals {eta}"
        }) {
            bar.set_style(style);
        }
        bar
    } else {
        ProgressBar::hidden()
    };

    let start = Instant::now();
    let chunks: Vec<Result<Vec<Play>, CliError>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let (config, kinds, base, bar) = (&config, &kinds, &base, &bar);
                scope.spawn(move || {
                    let mut plays = Vec::new();
                    for g in (t..games).step_by(threads) {
                        let deal_seed = derive_seed(options.seed, g as u64);
                        for r in 0..players {
                            let assign: Vec<usize> =
                                (0..players).map(|s| base[(s + r) % players]).collect();
                            plays.push(play_one::<G>(config, deal_seed, &assign, kinds, r)?);
                        }
                        bar.inc(1);
                    }
                    Ok(plays)
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|_| Err(CliError::Engine("a worker thread panicked".into())))
            })
            .collect()
    });
    let elapsed = start.elapsed().as_secs_f64();
    bar.finish_and_clear();

    // Put the plays back in deal order so that any thread count gives the same sums.
    let mut per_thread = Vec::new();
    for c in chunks {
        per_thread.push(c?.into_iter());
    }
    let mut plays = Vec::new();
    'outer: for g in 0..games {
        let t = g % threads;
        for _ in 0..players {
            match per_thread[t].next() {
                Some(p) => plays.push(p),
                None => break 'outer,
            }
        }
    }

    let total_actions: usize = plays.iter().map(|p| p.actions).sum();
    let bots = kinds
        .iter()
        .enumerate()
        .map(|(k, spec)| stats(&spec.to_string(), k, &plays))
        .collect();
    Ok(SimReport {
        game: G::NAME,
        unit: if options.whole_match {
            "matches"
        } else {
            "deals"
        },
        games,
        plays: plays.len(),
        seed: options.seed,
        players,
        total_actions,
        mean_actions: if plays.is_empty() {
            0.0
        } else {
            total_actions as f64 / plays.len() as f64
        },
        elapsed_s: elapsed,
        ns_per_action: if total_actions == 0 {
            0.0
        } else {
            elapsed * 1e9 / total_actions as f64
        },
        threads,
        bots,
    })
}

fn play_one<G: Game>(
    config: &G::Config,
    seed: u64,
    assign: &[usize],
    kinds: &[BotSpec],
    rotation: usize,
) -> Result<Play, CliError> {
    let mut state = G::new(config, seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    let mut bots = PerSeat(
        assign
            .iter()
            .map(|&k| {
                crate::bots::bot::<G>(&kinds[k])
                    .map(|b| Timed::new(b, crate::bots::is_search(&kinds[k])))
            })
            .collect::<Result<Vec<_>, _>>()?,
    );
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation as u64));
    let actions = play_out::<G, _>(&mut state, &mut bots, &mut rng, None)
        .map_err(|e| CliError::Engine(e.to_string()))?;
    Ok(Play {
        kinds: assign.to_vec(),
        scores: G::scores(&state),
        actions,
        thinking: bots
            .0
            .iter()
            .map(|b| Thinking {
                decisions: b.decisions,
                times: b
                    .times
                    .iter()
                    .map(|&(t, real)| (t.as_secs_f64(), real))
                    .collect(),
                iterations: b.iterations(),
            })
            .collect(),
    })
}

// Exact float equality is meant: a tie is the very same score.
#[allow(clippy::float_cmp)]
fn stats(name: &str, kind: usize, plays: &[Play]) -> BotStats {
    let mut scores = Vec::new();
    let mut wins = Vec::new();
    let mut times = Vec::new();
    let mut real_times = Vec::new();
    let mut iterations = 0;
    let mut decisions = 0;
    for p in plays {
        for (i, &k) in p.kinds.iter().enumerate() {
            if k == kind {
                let t = &p.thinking[i];
                iterations += t.iterations;
                decisions += t.decisions;
                times.extend(t.times.iter().map(|&(s, _)| s));
                real_times.extend(t.times.iter().filter(|&&(_, r)| r).map(|&(s, _)| s));
            }
        }
        let best = p.scores.0.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let winners = p.scores.0.iter().filter(|&&s| s == best).count().max(1) as f64;
        for (i, &k) in p.kinds.iter().enumerate() {
            if k == kind {
                let s = p.scores[Seat(i as u8)];
                scores.push(s);
                wins.push(if s == best { 1.0 / winners } else { 0.0 });
            }
        }
    }
    let (mean, ci95) = mean_ci(&scores);
    let (win_rate, win_ci95) = mean_ci(&wins);
    BotStats {
        name: name.to_owned(),
        samples: scores.len(),
        mean,
        ci95,
        win_rate,
        win_ci95,
        decisions,
        iterations,
        think_s: times.iter().sum(),
        think_median_ms: median(&mut times) * 1e3,
        think_median_real_ms: median(&mut real_times) * 1e3,
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

/// The mean and the half-width of its 95% confidence interval (normal approximation).
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    if xs.is_empty() {
        return (0.0, 0.0);
    }
    let mean = xs.iter().sum::<f64>() / n;
    if xs.len() < 2 {
        return (mean, 0.0);
    }
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Renders the report as a table.
pub fn table(report: &SimReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}: {} {} x {} seat rotations, {} players, seed {}",
        report.game, report.games, report.unit, report.players, report.players, report.seed
    );
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
    use super::mean_ci;

    #[test]
    fn mean_ci_of_constant_is_zero_width() {
        assert_eq!(mean_ci(&[2.0, 2.0, 2.0]), (2.0, 0.0));
        let (m, ci) = mean_ci(&[0.0, 1.0]);
        assert!((m - 0.5).abs() < 1e-12);
        assert!((ci - 1.96 * 0.5).abs() < 1e-9);
    }
}
