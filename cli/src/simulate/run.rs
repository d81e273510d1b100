//! `cards simulate`'s run: the options checked, the deals played, the report built.

use std::sync::Arc;

use cards_core::BotSpec;
use cards_core::Catalog;
use cards_core::GameConfig;

use super::{Meta, SimOptions, SimReport, build_report};
use crate::error::CliError;
use crate::play::config_for;
use crate::plays::{
    Job, Run, check_config, run_jobs, seatings, shard_deals, shard_name, threads_for,
};

/// Runs the simulation.
///
/// # Errors
/// Bad options, or an engine defect.
pub fn simulate<G: Catalog>(options: &SimOptions) -> Result<SimReport, CliError> {
    let config = config_for::<G>(options.players, !options.whole_match, &options.options)?;
    let players = config.players();
    let (kinds, cycle) = kinds_of::<G>(&options.bots, players)?;
    check_config::<G>(&config, options.seed)?;
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
            seatings: Arc::clone(&seated),
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
    let meta = Meta {
        game: G::NAME.to_owned(),
        unit: unit.to_owned(),
        games,
        seed: options.seed,
        players,
        seatings: seated.len(),
        all_rotations: options.all_rotations,
    };
    let mut report = build_report(meta, &names, records, elapsed, threads);
    report.interrupted = report.completed < deals.len();
    report.partial = report.interrupted;
    report.shard = shard_name(options.shard, &mut report.records);
    Ok(report)
}

/// The distinct bot specs of `bots` (one row of the report each, in the order given, each
/// checked) and each given spec's index among them, which the seats cycle over.
///
/// # Errors
/// A bad spec, or more specs than seats.
fn kinds_of<G: Catalog>(
    bots: &[String],
    players: usize,
) -> Result<(Vec<BotSpec>, Vec<usize>), CliError> {
    let given = crate::bots::parse_specs::<G>(bots, "random")?;
    if given.len() > players {
        return Err(CliError::TooManyBots {
            given: given.len(),
            seats: players,
        });
    }
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
    Ok((kinds, cycle))
}
