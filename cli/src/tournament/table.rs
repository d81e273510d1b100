//! The report as text.

use std::fmt::Write;

use super::TourReport;
use crate::stats::{fixed, fixed_ci};

/// Renders the report as text: the ratings, then the pairs.
pub fn table(report: &TourReport) -> String {
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
    ratings(&mut s, report);
    pairs(&mut s, report);
    for b in &report.bots {
        let line = crate::plays::fault_summary(
            &b.name,
            b.faults,
            b.random,
            b.decisions,
            b.late,
            &b.stopped_at,
        );
        if let Some(line) = line {
            let _ = writeln!(s, "{line}");
        }
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

/// The ratings' table: a header, a row per bot, the model.
fn ratings(s: &mut String, report: &TourReport) {
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
        "(Bradley-Terry over paired deal results, prior N(0, 400²) Elo per rating, Elo scale; \
         interval: posterior (Laplace) and bootstrap over deals)"
    );
}

/// Each pair's paired difference.
fn pairs(s: &mut String, report: &TourReport) {
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
}
