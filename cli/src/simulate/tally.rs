//! Each bot's statistics from the plays.

use super::{BotStats, PhaseThink};
use crate::plays::PlayRecord;
use crate::stats::{mean_ci, nz};

/// The statistics of bot `kind` (named `name`) over `plays` (sorted by deal).
pub(super) fn stats(name: &str, kind: usize, plays: &[PlayRecord]) -> BotStats {
    let (scores, wins) = outcomes(kind, plays);
    let mut t = thought(kind, plays);
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
        decisions: t.decisions,
        iterations: t.iterations,
        faults: t.faults,
        random: t.random,
        late: t.late,
        stopped_at: std::mem::take(&mut t.stopped_at),
        // `+ 0.0`: an empty f64 sum is -0.0, which no report should print.
        think_s: t.times.iter().sum::<f64>() + 0.0,
        think_median_ms: nz(median(&mut t.times) * 1e3),
        think_median_real_ms: nz(median(&mut t.real_times) * 1e3),
        think_by_phase: t
            .by_phase
            .into_iter()
            .map(|(phase, mut list)| PhaseThink {
                phase,
                decisions: list.len() as u64,
                median_real_ms: nz(median(&mut list) * 1e3),
            })
            .collect(),
    }
}

/// Samples `(deal, value)`, in play order.
type Samples = Vec<(usize, f64)>;

/// Each of bot `kind`'s seats, in play order: `(deal, score)` and `(deal, win)`, a win being 1
/// shared among the seats with the best score.
// Exact float equality is meant: a tie is the very same score.
#[allow(clippy::float_cmp)]
fn outcomes(kind: usize, plays: &[PlayRecord]) -> (Samples, Samples) {
    let mut scores = Vec::new();
    let mut wins = Vec::new();
    for p in plays {
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
    (scores, wins)
}

/// What a bot's seats decided, summed over the plays.
#[derive(Default)]
struct Thought {
    /// Seconds of each decision.
    times: Vec<f64>,
    /// Seconds of each decision that had more than one legal action.
    real_times: Vec<f64>,
    /// Real decisions' times per phase, in the order the phases first came up.
    by_phase: Vec<(String, Vec<f64>)>,
    /// Search iterations.
    iterations: u64,
    /// Decisions.
    decisions: u64,
    /// Faults of an `exec:` bot program.
    faults: u64,
    /// Its decisions taken at random instead.
    random: u64,
    /// Its late answers, dropped.
    late: u64,
    /// Where each of its programs that was stopped was stopped.
    stopped_at: Vec<u64>,
}

/// What bot `kind`'s seats decided over `plays`, in play order.
fn thought(kind: usize, plays: &[PlayRecord]) -> Thought {
    let mut out = Thought::default();
    for p in plays {
        for (i, &k) in p.kinds.iter().enumerate() {
            if k != kind {
                continue;
            }
            let Some(t) = p.thinking.seat(i) else {
                continue;
            };
            out.iterations += t.iterations;
            out.faults += t.faults;
            out.random += t.random;
            out.late += t.late;
            out.stopped_at.extend(t.stopped_at);
            out.decisions += t.decisions;
            // A bot that is not timed (random, heuristic) has no times: nothing more to add.
            if t.times.is_empty() {
                continue;
            }
            out.times.extend(t.times.iter().map(|&(s, _)| s));
            out.real_times
                .extend(t.times.iter().filter(|&&(_, r)| r).map(|&(s, _)| s));
            for (&(s, real), phase) in t.times.iter().zip(&t.phases) {
                if !real {
                    continue;
                }
                match out.by_phase.iter_mut().find(|(name, _)| name == phase) {
                    Some((_, list)) => list.push(s),
                    None => out.by_phase.push((phase.clone(), vec![s])),
                }
            }
        }
    }
    out
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
