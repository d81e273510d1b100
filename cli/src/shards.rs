//! What `cards merge` does alike for the shards of a simulation and of a tournament: check
//! that the reports are the shards `1/N` to `N/N` of one run, each once and none partial
//! (unless allowed), and gather their plays.

use crate::error::CliError;
use crate::plays::PlayRecord;

/// A shard's report, as `cards merge` reads it.
pub(crate) trait Shard {
    /// The command that writes such reports (`simulate`, `tournament`), for messages.
    const COMMAND: &'static str;
    /// What such a run is called (`simulation`, `tournament`), for messages.
    const RUN: &'static str;
    /// `K/N`, when the report is a shard.
    fn shard(&self) -> Option<&str>;
    /// Whether `other` is a shard of the same run (game, deals, seed, players, bots, ...).
    fn same_run(&self, other: &Self) -> bool;
    /// Whether its run was interrupted or left deals unplayed.
    fn partial(&self) -> bool;
    /// Seconds it ran.
    fn elapsed_s(&self) -> f64;
    /// Worker threads it used.
    fn threads(&self) -> usize;
    /// Its plays.
    fn records(&self) -> &[PlayRecord];
}

/// The shards of one run, checked and gathered.
pub(crate) struct Gathered<'a, R> {
    /// The first report given, whose run description the merged report takes.
    pub first: &'a R,
    /// Every shard's plays.
    pub records: Vec<PlayRecord>,
    /// The shards' seconds, summed.
    pub elapsed: f64,
    /// The most threads a shard used.
    pub threads: usize,
    /// Whether a shard was partial (merged only when allowed).
    pub partial: bool,
}

/// Checks that `reports` are the shards `1/N` to `N/N` of one run and gathers them.
///
/// # Errors
/// No reports, a report that is not a shard, shards of different runs, a shard given twice,
/// out of range or missing, a partial shard without `allow_partial`.
pub(crate) fn gather<R: Shard>(
    reports: &[R],
    allow_partial: bool,
) -> Result<Gathered<'_, R>, CliError> {
    let bad = |m: String| CliError::Usage(format!("cannot merge: {m}"));
    let Some(first) = reports.first() else {
        return Err(bad("no reports given".to_owned()));
    };
    let parse = |r: &R| -> Result<(usize, usize), CliError> {
        r.shard()
            .and_then(|s| s.split_once('/'))
            .and_then(|(k, n)| Some((k.parse().ok()?, n.parse().ok()?)))
            .ok_or_else(|| {
                bad(format!(
                    "a report without a shard (run {} with --shard K/N)",
                    R::COMMAND
                ))
            })
    };
    let (_, n) = parse(first)?;
    let mut seen = vec![false; n];
    let mut gathered = Gathered {
        first,
        records: Vec::new(),
        elapsed: 0.0,
        threads: 0,
        partial: false,
    };
    for r in reports {
        let (k, nn) = parse(r)?;
        if nn != n || !r.same_run(first) {
            return Err(bad(format!(
                "shard {k}/{nn} is of another {} than shard {}",
                R::RUN,
                first.shard().unwrap_or("?")
            )));
        }
        if k == 0 || k > n || std::mem::replace(&mut seen[k - 1], true) {
            return Err(bad(format!("shard {k}/{n} is given twice or out of range")));
        }
        if r.partial() && !allow_partial {
            return Err(bad(format!(
                "shard {k}/{n} is partial (its run was interrupted): run it again, or pass \
                 --allow-partial to merge what it has"
            )));
        }
        gathered.elapsed += r.elapsed_s();
        gathered.threads = gathered.threads.max(r.threads());
        gathered.partial |= r.partial();
        gathered.records.extend(r.records().iter().cloned());
    }
    if let Some(k) = seen.iter().position(|s| !s) {
        return Err(bad(format!("shard {}/{n} is missing", k + 1)));
    }
    Ok(gathered)
}
