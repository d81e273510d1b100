//! `cards tournament`: every bot against every other on duplicate deals, rated by a
//! Bradley-Terry model over paired deal results.
//!
//! Each pair of bots `(A, B)` plays the same deals (deal `g`'s seed is the run's
//! `derive_seed(seed, g)`, as in `cards simulate`), A and B cycled over the seats, once per
//! distinct seating. The pair's **paired difference** in a deal is the mean of A's seats minus
//! the mean of B's seats in each of the deal's plays, averaged over them; the deal is a win for A
//! when it is above 0, a loss below, half a win each at 0. The ratings are the Bradley-Terry
//! strengths fitted to those results with a stated prior (each rating `N(0, 400²)` Elo; the
//! posterior mode, by Newton's method), on the Elo scale (`400 · log10` of the strength,
//! centred on 0), so a bot that never wins or never loses keeps a finite rating that grows only
//! as the logarithm of the deals. Each 95% interval spans both the posterior's (the Laplace
//! approximation at the mode: never a point, even when every deal went one way) and the 2.5%
//! and 97.5% quantiles of the ratings refitted over [`BOOTSTRAP`] resamples of the deals, which
//! keeps the deals' own spread (a fixed random stream from the run's seed, so a run and its
//! merged shards agree).

mod rating;
mod run;
mod table;

use serde::{Deserialize, Serialize};

use crate::error::CliError;
use crate::plays::{PlayRecord, is_zero, per_deal, seat_mean};
use crate::stats::{mean_ci, nz};
use cards_core::rng::derive_seed;
use rating::{bootstrap, bradley_terry, posterior_intervals};
pub use run::tournament;
pub use table::table;

/// Bootstrap resamples of the deals behind each rating's interval.
pub const BOOTSTRAP: usize = 200;

/// The model the ratings come from, as the report names it.
pub const MODEL: &str = "Bradley-Terry over paired deal results, posterior mode under a prior \
                         N(0, 400^2) Elo on each rating, Elo scale (400 log10), centred on 0; \
                         95% intervals spanning the posterior's (Laplace) and a bootstrap over \
                         deals";

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
    /// Play a ladder: each bot only against its neighbours in the order given (the first
    /// against the second, the second against the third, ...), and, without `bots`, the
    /// game's levels easy, medium, hard and expert ([`crate::bots::ladder`]).
    pub ladder: bool,
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
    /// Decisions of an `exec:` bot taken at random instead of by its program (one per fault,
    /// every one after a program was stopped); absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub random: u64,
    /// Decisions asked of its seats; absent when 0 (reports written before it was kept).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub decisions: u64,
    /// Late answers of an `exec:` bot program, dropped; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub late: u64,
    /// The decision at which each of its programs was stopped after 5 faults; absent when none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stopped_at: Vec<u64>,
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
    /// Whether only neighbours in the order of `bots` played (a ladder); absent when every
    /// pair played.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ladder: bool,
    /// The rating model.
    pub model: String,
    /// One rating per bot, in the order given.
    pub bots: Vec<Rating>,
    /// Every pair, in the order of the bots given.
    pub pairs: Vec<PairResult>,
    /// Every play, by deal, pair and rotation (each seat's decisions only in a shard).
    pub records: Vec<PlayRecord>,
}
/// Every pair `(a, b)`, `a < b`, in order; on a ladder only neighbours `(a, a + 1)`.
fn pairs(n: usize, ladder: bool) -> Vec<(usize, usize)> {
    if ladder {
        return (1..n).map(|b| (b - 1, b)).collect();
    }
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
    ladder: bool,
}
/// A deal of a pair: the deal, the pair `(a, b)` and A's score (1, ½ or 0).
type Game = (usize, usize, usize, f64);

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
    let mut games = Vec::new();
    let pair_results = pairs(n, head.ladder)
        .into_iter()
        .map(|pair| pair_result(names, &records, pair, &mut games))
        .collect();
    games.sort_by_key(|g| (g.0, g.1, g.2));
    let ratings = bradley_terry(n, games.iter().map(|&(_, a, b, s)| (a, b, s)));
    let posterior = posterior_intervals(n, games.iter().map(|&(_, a, b, s)| (a, b, s)));
    let resampled = bootstrap(n, &games, derive_seed(head.seed, 0xB007_57A9));
    // The wider of the two at each end; the posterior's alone below 2 deals.
    let intervals = (!games.is_empty()).then(|| {
        posterior
            .iter()
            .enumerate()
            .map(|(k, &(low, high))| match &resampled {
                Some(r) => (low.min(r[k].0), high.max(r[k].1)),
                None => (low, high),
            })
            .collect::<Vec<_>>()
    });
    let mut deals: Vec<usize> = records.iter().map(|r| r.deal).collect();
    deals.dedup();
    let bots = names
        .iter()
        .enumerate()
        .map(|(k, name)| {
            let (wins, losses, ties) = record_of(k, &games);
            let programs = programs_of(k, &records);
            Rating {
                name: name.clone(),
                rating: ratings[k],
                ci_low: intervals.as_ref().map(|i| i[k].0),
                ci_high: intervals.as_ref().map(|i| i[k].1),
                wins,
                losses,
                ties,
                faults: programs.faults,
                random: programs.random,
                decisions: programs.decisions,
                late: programs.late,
                stopped_at: programs.stopped_at,
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
        ladder: head.ladder,
        model: MODEL.to_owned(),
        bots,
        pairs: pair_results,
        records,
    }
}

/// The paired differences of the pair `(a, b)` over `records` (sorted), each of its deals also
/// pushed to `games` as a win, loss or tie for A.
fn pair_result(
    names: &[String],
    records: &[PlayRecord],
    (a, b): (usize, usize),
    games: &mut Vec<Game>,
) -> PairResult {
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
    PairResult {
        a: names[a].clone(),
        b: names[b].clone(),
        deals: values.len(),
        mean,
        ci95,
        wins,
        losses,
        ties,
    }
}

/// Bot `k`'s deals won, lost and tied against any other bot.
fn record_of(k: usize, games: &[Game]) -> (usize, usize, usize) {
    let (mut wins, mut losses, mut ties) = (0, 0, 0);
    for &(_, a, b, s) in games {
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
    (wins, losses, ties)
}

/// What bot `k`'s seats decided over `records`: its programs' faults, random decisions, late
/// answers and stops, and its decisions.
#[derive(Default)]
struct Programs {
    faults: u64,
    random: u64,
    decisions: u64,
    late: u64,
    stopped_at: Vec<u64>,
}

/// [`Programs`] of bot `k` over `records`.
fn programs_of(k: usize, records: &[PlayRecord]) -> Programs {
    let mut out = Programs::default();
    for (_, t) in records
        .iter()
        .flat_map(|r| r.kinds.iter().zip(r.thinking.iter()))
        .filter(|&(&kind, _)| kind == k)
    {
        out.faults += t.faults;
        out.random += t.random;
        out.decisions += t.decisions;
        out.late += t.late;
        out.stopped_at.extend(t.stopped_at);
    }
    out
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
            ladder: first.ladder,
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
impl crate::shards::Shard for TourReport {
    const COMMAND: &'static str = "tournament";
    const RUN: &'static str = "tournament";
    fn shard(&self) -> Option<&str> {
        self.shard.as_deref()
    }
    fn same_run(&self, other: &Self) -> bool {
        (
            self.game.as_str(),
            self.games,
            self.seed,
            self.players,
            self.ladder,
        ) == (
            other.game.as_str(),
            other.games,
            other.seed,
            other.players,
            other.ladder,
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
    use super::*;

    #[test]
    fn bradley_terry_is_the_posterior_mode_under_its_prior() {
        // Two bots, A wins 3 of 4: at the mode, the gradient of the log posterior is 0:
        // for A, (3 - 4 σ(d)) = θ_A / τ², with θ_A = d / 2 and τ = 400 Elo.
        let games = [(0, 1, 1.0), (0, 1, 1.0), (0, 1, 1.0), (0, 1, 0.0)];
        let r = bradley_terry(2, games.into_iter());
        assert!((r[0] + r[1]).abs() < 1e-9, "centred: {r:?}");
        let elo = 400.0 / std::f64::consts::LN_10;
        let (theta, tau) = (r[0] / elo, 400.0 / elo);
        let p = 1.0 / (1.0 + (-2.0 * theta).exp());
        assert!((3.0 - 4.0 * p - theta / (tau * tau)).abs() < 1e-9, "{r:?}");
        // Between the prior (0) and the maximum likelihood (p = 3/4).
        let mle = 400.0 * 3f64.log10();
        assert!(0.0 < r[0] - r[1] && r[0] - r[1] < mle, "{r:?}");
        // A bot that never wins keeps a finite rating; even results rate all the same.
        let r = bradley_terry(3, [(0, 1, 1.0), (0, 2, 1.0), (1, 2, 0.5)].into_iter());
        assert!(r.iter().all(|x| x.is_finite()) && r[0] > r[1], "{r:?}");
        assert!((r[1] - r[2]).abs() < 1e-6, "{r:?}");
    }

    #[test]
    fn a_bot_that_wins_every_deal_has_an_interval_and_a_rating_that_grows_only_slowly() {
        let sweep = |deals: usize| -> Vec<(usize, usize, usize, f64)> {
            (0..deals).map(|d| (d, 0, 1, 1.0)).collect()
        };
        let fit = |games: &[(usize, usize, usize, f64)]| {
            bradley_terry(2, games.iter().map(|&(_, a, b, s)| (a, b, s)))
        };
        let ten = sweep(10);
        let posterior = posterior_intervals(2, ten.iter().map(|&(_, a, b, s)| (a, b, s)));
        // Every bootstrap resample is the same sweep: its interval is a point, the
        // posterior's is not.
        let boot = bootstrap(2, &ten, 3).unwrap();
        assert!((boot[0].0 - boot[0].1).abs() < 1e-9, "{boot:?}");
        assert!(posterior[0].1 - posterior[0].0 > 50.0, "{posterior:?}");
        let r = fit(&ten);
        assert!(
            posterior[0].0 < r[0] && r[0] < posterior[0].1,
            "{posterior:?} {r:?}"
        );
        // A hundred times the deals: the rating gains less than a factor of 2.5 (the log
        // of the deals), where one virtual draw per pair gave 400 log10(2 n + 1) per bot.
        let many = fit(&sweep(1000));
        assert!(many[0] > r[0] && many[0] < 2.5 * r[0], "{r:?} {many:?}");
        let report = |games: &[(usize, usize, usize, f64)]| -> f64 {
            posterior_intervals(2, games.iter().map(|&(_, a, b, s)| (a, b, s)))[0].0
        };
        assert!(
            report(&sweep(1000)) > report(&ten),
            "more deals, a surer lower end"
        );
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
        assert_eq!(pairs(3, false), [(0, 1), (0, 2), (1, 2)]);
        assert!(pairs(1, false).is_empty());
        assert_eq!(pairs(4, true), [(0, 1), (1, 2), (2, 3)]);
        assert!(pairs(1, true).is_empty());
    }
}
