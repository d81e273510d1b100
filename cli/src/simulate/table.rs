//! The report as text.

use std::fmt::Write;

use super::SimReport;
use crate::stats::{fixed, fixed_ci};

/// Renders the report as a table.
pub fn table(report: &SimReport) -> String {
    let mut s = String::new();
    heading(&mut s, report);
    rows(&mut s, report);
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
    notes(&mut s, report);
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

/// What was run, and whether the run was partial.
fn heading(s: &mut String, report: &SimReport) {
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
}

/// The bots' table: a header, then a row per bot.
fn rows(s: &mut String, report: &SimReport) {
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
}

/// The bots' faults, and where a search bot's time went when the game has more than one kind
/// of decision.
fn notes(s: &mut String, report: &SimReport) {
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
}
