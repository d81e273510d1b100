//! `cards tournament`: every bot against every other on duplicate deals, rated by a
//! Bradley-Terry model over paired deal results.
//!
//! Each pair of bots `(A, B)` plays the same deals (deal `g`'s seed is the run's
//! `derive_seed(seed, g)`, as in `cards simulate`), A and B cycled over the seats, once per
//! distinct seating. The pair's **paired difference** in a deal is the mean of A's seats minus
//! the mean of B's seats in each of the deal's plays, averaged over them; the deal is a win for A
//! when it is above 0, a loss below, half a win each at 0. The ratings are the Bradley-Terry
//! strengths fitted to those results by the MM (minorization-maximization) iteration (Hunter
//! 2004), with one virtual draw per pair so that a bot that never wins or never loses keeps a
//! finite rating, on the Elo scale (`400 · log10` of the strength, centred on 0); their 95%
//! intervals are the 2.5% and 97.5% quantiles of the ratings refitted over
//! [`BOOTSTRAP`] resamples of the deals (a fixed random stream from the run's seed, so a run and
//! its merged shards agree).

use cards_core::BotSpec;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use serde::{Deserialize, Serialize};

use crate::error::CliError;
use crate::play::config_for;
use crate::plays::{
    Job, PlayRecord, Run, is_zero, per_deal, run_jobs, seat_mean, seatings, shard_deals,
    threads_for,
};
use crate::stats::{fixed, fixed_ci, mean_ci, nz};
use cards_core::Catalog;
use cards_core::GameConfig;

/// Bootstrap resamples of the deals behind each rating's interval.
pub const BOOTSTRAP: usize = 200;

/// The model the ratings come from, as the report names it.
pub const MODEL: &str = "Bradley-Terry over paired deal results, fitted by MM (one virtual draw \
                         per pair), Elo scale (400 log10), centred on 0; 95% intervals by a \
                         bootstrap over deals";

/// The options of `cards tournament`.
#[derive(Clone, Debug)]
pub struct TourOptions {
    /// Deals each pair plays (each once per distinct seating).
    pub games: usize,
    /// The base seed.
    pub seed: u64,
    /// The bot specs, at least two, each once.
    pub bots: Vec<String>,
    /// Players at the table (the game's default when `None`).
    pub players: Option<usize>,
    /// Worker threads (0: every core).
    pub threads: usize,
    /// Show progress.
    pub progress: bool,
    /// Seconds between progress lines when stderr is not a terminal.
    pub progress_every: f64,
    /// Play only slice `k` (from 1) of `n` disjoint slices of the deals.
    pub shard: Option<(usize, usize)>,
    /// Rule variants, `KEY=VALUE`.
    pub options: Vec<String>,
}

/// A bot's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rating {
    /// The bot spec.
    pub name: String,
    /// Its Bradley-Terry rating on the Elo scale, centred on 0.
    pub rating: f64,
    /// The low end of its 95% bootstrap interval; `null` below 2 deals.
    pub ci_low: Option<f64>,
    /// The high end of its 95% bootstrap interval; `null` below 2 deals.
    pub ci_high: Option<f64>,
    /// Deals won against any other bot (paired difference above 0).
    pub wins: usize,
    /// Deals lost.
    pub losses: usize,
    /// Deals tied (paired difference 0).
    pub ties: usize,
    /// Faults of an `exec:` bot program; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub faults: u64,
}

/// One pair's paired differences.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairResult {
    /// Bot A.
    pub a: String,
    /// Bot B.
    pub b: String,
    /// Deals played by the pair.
    pub deals: usize,
    /// Mean of the paired difference A − B per deal.
    pub mean: f64,
    /// Half-width of its 95% interval over deals; `null` below 2 deals.
    pub ci95: Option<f64>,
    /// Deals A won.
    pub wins: usize,
    /// Deals A lost.
    pub losses: usize,
    /// Deals tied.
    pub ties: usize,
}

/// What a tournament found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TourReport {
    /// Always `tournament` (what `cards merge` tells a tournament's shards by).
    pub kind: String,
    /// The game.
    pub game: String,
    /// Deals each pair plays, over all shards.
    pub games: usize,
    /// The slice played, `K/N`, when the run was sharded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<String>,
    /// Deals of which at least one pair's plays were completed.
    pub completed: usize,
    /// Whether Ctrl-C stopped the run.
    pub interrupted: bool,
    /// Whether the report covers fewer deals than it was to.
    pub partial: bool,
    /// The base seed.
    pub seed: u64,
    /// Players at the table.
    pub players: usize,
    /// Threads used.
    pub threads: usize,
    /// Seconds spent playing; for merged shards, their sum.
    pub elapsed_s: f64,
    /// The rating model.
    pub model: String,
    /// One rating per bot, in the order given.
    pub bots: Vec<Rating>,
    /// Every pair, in the order of the bots given.
    pub pairs: Vec<PairResult>,
    /// Every play, by deal, pair and rotation (each seat's decisions only in a shard).
    pub records: Vec<PlayRecord>,
}

/// Runs a tournament.
///
/// # Errors
/// Fewer than two bots, a bot given twice, an unknown bot or a bad option.
pub fn tournament<G: Catalog>(options: &TourOptions) -> Result<TourReport, CliError> {
    let config = config_for::<G>(options.players, true, &options.options)?;
    let players = config.players();
    let kinds = if options.bots.is_empty() {
        Vec::new()
    } else {
        crate::bots::parse_specs(&options.bots, "")?
    };
    if kinds.len() < 2 {
        return Err(CliError::Usage(format!(
            "a tournament needs at least two bots (--bots A,B,...), {} given",
            kinds.len()
        )));
    }
    if players < 2 {
        return Err(CliError::Usage(
            "a tournament needs a table of two seats or more".to_owned(),
        ));
    }
    for (i, spec) in kinds.iter().enumerate() {
        if kinds[..i].contains(spec) {
            return Err(CliError::Usage(format!("bot {spec} is given twice")));
        }
        crate::bots::check_spec::<G>(spec)?;
    }
    G::new(&config, options.seed).map_err(|e| CliError::Config {
        game: G::NAME,
        reason: e.to_string(),
    })?;
    if options.games == 0 {
        return Err(CliError::Usage(
            "--games 0: at least one deal is needed".to_owned(),
        ));
    }
    let deals = shard_deals(options.games, options.shard)?;
    let pairs = pairs(kinds.len());
    let mut jobs = Vec::new();
    for &deal in &deals {
        for &(a, b) in &pairs {
            let base: Vec<usize> = (0..players)
                .map(|s| if s % 2 == 0 { a } else { b })
                .collect();
            jobs.push(Job {
                deal,
                seatings: seatings(&base, false),
            });
        }
    }
    let threads = threads_for(options.threads, jobs.len());
    let (records, elapsed) = run_jobs::<G>(
        &config,
        &kinds,
        &jobs,
        &Run {
            seed: options.seed,
            threads,
            progress: options.progress,
            progress_every: options.progress_every,
            unit: "deals of a pair",
        },
    )?;
    let names: Vec<String> = kinds.iter().map(BotSpec::to_string).collect();
    let mut report = build(
        Head {
            game: G::NAME.to_owned(),
            games: options.games,
            seed: options.seed,
            players,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    let plays_per_job: usize = jobs.first().map_or(0, |j| j.seatings.len());
    report.interrupted = report.records.len() < jobs.len() * plays_per_job;
    report.partial = report.interrupted;
    match options.shard {
        Some((k, n)) => report.shard = Some(format!("{k}/{n}")),
        None => report.records.iter_mut().for_each(|r| r.thinking.clear()),
    }
    Ok(report)
}

/// Every pair `(a, b)`, `a < b`, in order.
fn pairs(n: usize) -> Vec<(usize, usize)> {
    (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
        .collect()
}

/// The pair `(a, b)`, `a < b`, of a play's seats.
fn pair_of(r: &PlayRecord) -> (usize, usize) {
    let a = r.kinds.iter().copied().min().unwrap_or(0);
    let b = r.kinds.iter().copied().max().unwrap_or(0);
    (a, b)
}

/// What identifies a tournament, shared by its shards.
struct Head {
    game: String,
    games: usize,
    seed: u64,
    players: usize,
}

/// The report over `records` (sorted here by deal, pair and rotation, so that any thread count
/// or sharding gives the same numbers).
fn build(
    head: Head,
    names: &[String],
    mut records: Vec<PlayRecord>,
    elapsed: f64,
    threads: usize,
) -> TourReport {
    records.sort_by_key(|r| (r.deal, pair_of(r), r.rotation));
    for r in &mut records {
        for x in &mut r.scores {
            *x = nz(*x);
        }
    }
    let n = names.len();
    // Each deal of each pair: (deal, a, b, A's score 1, ½ or 0).
    let mut games: Vec<(usize, usize, usize, f64)> = Vec::new();
    let mut pair_results = Vec::new();
    for (a, b) in pairs(n) {
        let mine: Vec<PlayRecord> = records
            .iter()
            .filter(|r| pair_of(r) == (a, b))
            .cloned()
            .collect();
        let diffs = per_deal(&mine, |r| Some(seat_mean(r, a)? - seat_mean(r, b)?));
        let (mut wins, mut losses, mut ties) = (0, 0, 0);
        for &(deal, d) in &diffs {
            let score = if d > 0.0 {
                wins += 1;
                1.0
            } else if d < 0.0 {
                losses += 1;
                0.0
            } else {
                ties += 1;
                0.5
            };
            games.push((deal, a, b, score));
        }
        let values: Vec<f64> = diffs.iter().map(|&(_, d)| d).collect();
        let (mean, ci95) = mean_ci(&values);
        pair_results.push(PairResult {
            a: names[a].clone(),
            b: names[b].clone(),
            deals: values.len(),
            mean,
            ci95,
            wins,
            losses,
            ties,
        });
    }
    games.sort_by_key(|g| (g.0, g.1, g.2));
    let ratings = bradley_terry(n, games.iter().map(|&(_, a, b, s)| (a, b, s)));
    let intervals = bootstrap(n, &games, derive_seed(head.seed, 0xB007_57A9));
    let mut deals: Vec<usize> = records.iter().map(|r| r.deal).collect();
    deals.dedup();
    let bots = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let (mut wins, mut losses, mut ties) = (0, 0, 0);
            for &(_, a, b, s) in &games {
                let s = if a == k {
                    s
                } else if b == k {
                    1.0 - s
                } else {
                    continue;
                };
                if s > 0.75 {
                    wins += 1;
                } else if s < 0.25 {
                    losses += 1;
                } else {
                    ties += 1;
                }
            }
            let faults = records
                .iter()
                .flat_map(|r| r.kinds.iter().zip(&r.thinking))
                .filter(|&(&kind, _)| kind == k)
                .map(|(_, t)| t.faults)
                .sum();
            Rating {
                name: name.clone(),
                rating: ratings[k],
                ci_low: intervals.as_ref().map(|i| i[k].0),
                ci_high: intervals.as_ref().map(|i| i[k].1),
                wins,
                losses,
                ties,
                faults,
            }
        })
        .collect();
    TourReport {
        kind: "tournament".to_owned(),
        game: head.game,
        games: head.games,
        shard: None,
        completed: deals.len(),
        interrupted: false,
        partial: false,
        seed: head.seed,
        players: head.players,
        threads,
        elapsed_s: nz(elapsed),
        model: MODEL.to_owned(),
        bots,
        pairs: pair_results,
        records,
    }
}

/// Bradley-Terry ratings (Elo scale, centred on 0) of `n` bots from `(a, b, A's score)`
/// results, by the MM iteration, with one virtual draw per pair.
fn bradley_terry(n: usize, games: impl Iterator<Item = (usize, usize, f64)>) -> Vec<f64> {
    // Wins (ties count half) and games per pair, the virtual draw included.
    let mut wins = vec![0.0; n];
    let mut played = vec![vec![0.0; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            wins[a] += 0.5;
            wins[b] += 0.5;
            played[a][b] += 1.0;
            played[b][a] += 1.0;
        }
    }
    for (a, b, s) in games {
        wins[a] += s;
        wins[b] += 1.0 - s;
        played[a][b] += 1.0;
        played[b][a] += 1.0;
    }
    let mut p = vec![1.0f64; n];
    for _ in 0..10_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let denominator: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| played[i][j] / (p[i] + p[j]))
                    .sum();
                if denominator > 0.0 {
                    wins[i] / denominator
                } else {
                    1.0
                }
            })
            .collect();
        // Centre: the geometric mean of the strengths is 1.
        let centre = (next.iter().map(|x| x.ln()).sum::<f64>() / n as f64).exp();
        let next: Vec<f64> = next.iter().map(|x| x / centre).collect();
        let change = next
            .iter()
            .zip(&p)
            .map(|(x, y)| (x.ln() - y.ln()).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p.iter().map(|x| nz(400.0 * x.log10())).collect()
}

/// The 95% intervals of the ratings by a bootstrap over the deals of `games` (sorted by deal):
/// `BOOTSTRAP` resamples of as many deals, drawn with replacement from a stream seeded by
/// `seed`, each refitted; `None` below 2 deals.
fn bootstrap(n: usize, games: &[(usize, usize, usize, f64)], seed: u64) -> Option<Vec<(f64, f64)>> {
    // The games of each deal, in deal order.
    let mut by_deal: Vec<&[(usize, usize, usize, f64)]> = Vec::new();
    let mut from = 0;
    for i in 1..=games.len() {
        if i == games.len() || games[i].0 != games[from].0 {
            by_deal.push(&games[from..i]);
            from = i;
        }
    }
    if by_deal.len() < 2 {
        return None;
    }
    let mut rng = rng_from_seed(seed);
    let mut samples = vec![Vec::with_capacity(BOOTSTRAP); n];
    for _ in 0..BOOTSTRAP {
        let mut drawn = Vec::new();
        for _ in 0..by_deal.len() {
            let d = below(&mut rng, by_deal.len() as u64) as usize;
            drawn.extend(by_deal[d].iter().map(|&(_, a, b, s)| (a, b, s)));
        }
        for (k, r) in bradley_terry(n, drawn.into_iter()).into_iter().enumerate() {
            samples[k].push(r);
        }
    }
    Some(
        samples
            .into_iter()
            .map(|mut xs| {
                xs.sort_by(f64::total_cmp);
                let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
                (nz(at(0.025)), nz(at(0.975)))
            })
            .collect(),
    )
}

/// Combines the reports of the shards `1/N` to `N/N` of one tournament into the report one run
/// gives.
///
/// # Errors
/// Reports of different tournaments, a missing or repeated shard, a report that is not a shard,
/// a partial shard without `allow_partial`.
pub fn merge(reports: &[TourReport], allow_partial: bool) -> Result<TourReport, CliError> {
    let crate::shards::Gathered {
        first,
        records,
        elapsed,
        threads,
        partial: interrupted,
    } = crate::shards::gather(reports, allow_partial)?;
    let names: Vec<String> = first.bots.iter().map(|b| b.name.clone()).collect();
    let mut report = build(
        Head {
            game: first.game.clone(),
            games: first.games,
            seed: first.seed,
            players: first.players,
        },
        &names,
        records,
        elapsed,
        threads,
    );
    report.interrupted = interrupted;
    report.partial = interrupted || report.completed < report.games;
    report.records.iter_mut().for_each(|r| r.thinking.clear());
    Ok(report)
}

/// Renders the report as text: the ratings, then the pairs.
pub fn table(report: &TourReport) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} tournament: {} bots, {} deals per pair, {} players, seed {}{}",
        report.game,
        report.bots.len(),
        report.games,
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
            "partial: the results cover the {} deals completed",
            report.completed
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
        "{:<width$} {:>8} {:>20} {:>14}",
        "bot", "rating", "95% interval", "deals W-L-T"
    );
    for b in &report.bots {
        let interval = match (b.ci_low, b.ci_high) {
            (Some(lo), Some(hi)) => format!("[{}, {}]", fixed(lo, 0), fixed(hi, 0)),
            _ => "n/a".to_owned(),
        };
        let _ = writeln!(
            s,
            "{:<width$} {:>8} {:>20} {:>14}",
            b.name,
            fixed(b.rating, 0),
            interval,
            format!("{}-{}-{}", b.wins, b.losses, b.ties)
        );
    }
    let _ = writeln!(
        s,
        "(Bradley-Terry by MM over paired deal results, Elo scale; bootstrap over deals)"
    );
    let _ = writeln!(s, "paired score difference A − B per deal (mean ± 95%):");
    for p in &report.pairs {
        let _ = writeln!(
            s,
            "  {} − {}: {} ± {} over {} deals (A wins {}, loses {}, ties {})",
            p.a,
            p.b,
            fixed(p.mean, 3),
            fixed_ci(p.ci95, 3),
            p.deals,
            p.wins,
            p.losses,
            p.ties
        );
    }
    for b in report.bots.iter().filter(|b| b.faults > 0) {
        let _ = writeln!(
            s,
            "{}: {} faults (a random action taken for each)",
            b.name, b.faults
        );
    }
    let _ = writeln!(
        s,
        "{} plays in {} s on {} thread(s)",
        report.records.len(),
        fixed(report.elapsed_s, 3),
        report.threads
    );
    s
}

impl crate::shards::Shard for TourReport {
    const COMMAND: &'static str = "tournament";
    const RUN: &'static str = "tournament";
    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }
    fn same_run(&self, other: &Self) -> bool {
        (self.game.as_str(), self.games, self.seed, self.players)
            == (other.game.as_str(), other.games, other.seed, other.players)
            && self
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
    use super::*;

    #[test]
    fn bradley_terry_by_mm_matches_the_closed_form_of_two_bots() {
        // Two bots, A wins 3 of 4 (plus the virtual draw: 3.5 of 5): p_A / p_B = 3.5 / 1.5.
        let games = [(0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.0)];
        let r = bradley_terry(2, games.into_iter());
        let expect = 400.0 * (3.5f64 / 1.5).log10();
        assert!((r[0] - r[1] - expect).abs() < 1e-6, "{r:?}");
        assert!((r[0] + r[1]).abs() < 1e-9, "centred: {r:?}");
        // A bot that never wins keeps a finite rating; even results rate all the same.
        let r = bradley_terry(3, [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.5)].into_iter());
        assert!(r.iter().all(|x| x.is_finite()) && r[0] > r[1], "{r:?}");
        assert!((r[1] - r[2]).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn bootstrap_needs_two_deals_and_brackets_the_fit() {
        assert_eq!(bootstrap(2, &[(0, 0, 1, 1.0)], 1), None);
        let games: Vec<(usize, usize, usize, f64)> = (0..20)
            .map(|d| (d, 0, 1, if d % 4 == 0 { 0.0 } else { 1.0 }))
            .collect();
        let fit = bradley_terry(2, games.iter().map(|&(_, a, b, s)| (a, b, s)));
        let ci = bootstrap(2, &games, 7).unwrap();
        assert!(ci[0].0 <= fit[0] && fit[0] <= ci[0].1, "{ci:?} {fit:?}");
        assert!(ci[0].0 < ci[0].1);
        // The same seed, the same intervals.
        assert_eq!(bootstrap(2, &games, 7).unwrap(), ci);
    }

    #[test]
    fn pairs_are_every_two_bots_once() {
        assert_eq!(pairs(3), [(0, 1), (0, 2), (1, 2)]);
        assert!(pairs(1).is_empty());
    }
}
