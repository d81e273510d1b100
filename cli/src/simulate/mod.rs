//! Bots against bots on duplicate deals, with statistics.

mod json;
mod run;
mod table;
mod tally;

use serde::{Deserialize, Serialize};

use crate::error::CliError;
pub use crate::plays::{PlayRecord, Thinking};
use crate::plays::{is_zero, per_deal, seat_mean};
use crate::stats::{mean_ci, nz};
pub use json::write_pretty;
pub use run::simulate;
pub use table::table;
use tally::stats;

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
    /// Decisions of an `exec:` bot taken at random instead of by its program: one per fault,
    /// and every one after a program was stopped; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub random: u64,
    /// Answers of an `exec:` bot program that came after their decision's clock ran out:
    /// dropped, never applied; absent when 0.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub late: u64,
    /// The decision (counted over its run, from 1) at which each of an `exec:` bot's programs
    /// was stopped after 5 faults; absent when none was.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stopped_at: Vec<u64>,
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
    use super::{PlayRecord, Thinking, paired, stats};
    use crate::plays::seatings;

    #[test]
    fn think_times_are_split_by_phase_over_real_decisions_only() {
        let thinking = |times: &[(f64, bool, &str)]| Thinking {
            decisions: times.len() as u64,
            times: times.iter().map(|&(t, r, _)| (t, r)).collect(),
            phases: times.iter().map(|t| t.2.to_owned()).collect(),
            iterations: 0,
            ..Thinking::default()
        };
        let record = PlayRecord {
            deal: 0,
            seed: 0,
            rotation: 0,
            kinds: vec![0, 1].into(),
            bots: Vec::new().into(),
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
            ]
            .into(),
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
            bots: Vec::new().into(),
            kinds: if rotation == 0 {
                vec![0, 1]
            } else {
                vec![1, 0]
            }
            .into(),
            scores: scores.to_vec(),
            actions: 1,
            thinking: vec![Thinking::default(), Thinking::default()].into(),
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
            seatings(base, all).iter().map(|(r, _)| *r).collect()
        };
        assert_eq!(rotations(&[0, 1, 0, 1], false), [0, 1]);
        assert_eq!(rotations(&[0, 1, 0, 1], true), [0, 1, 2, 3]);
        assert_eq!(rotations(&[0, 0, 0], false), [0]);
        assert_eq!(rotations(&[0, 1, 0], false), [0, 1, 2]);
        assert_eq!(rotations(&[0, 1, 2, 0, 1, 2], false), [0, 1, 2]);
        assert_eq!(seatings(&[0, 1, 0, 1], false)[1].1, [1, 0, 1, 0]);
    }
}
