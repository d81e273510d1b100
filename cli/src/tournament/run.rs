//! `cards tournament`'s run: the options checked, every pair's deals played, the report built.

use cards_core::BotSpec;
use cards_core::Catalog;
use cards_core::GameConfig;

use super::{Head, TourOptions, TourReport, build, pairs};
use crate::error::CliError;
use crate::play::config_for;
use crate::plays::{
    Job, Run, check_config, run_jobs, seatings, shard_deals, shard_name, threads_for,
};

/// Runs a tournament.
///
/// # Errors
/// Fewer than two bots, a bot given twice, an unknown bot or a bad option.
pub fn tournament<G: Catalog>(options: &TourOptions) -> Result<TourReport, CliError> {
    let config = config_for::<G>(options.players, true, &options.options)?;
    let players = config.players();
    let ladder: Vec<String>;
    let bots = if options.ladder && options.bots.is_empty() {
        ladder = crate::bots::ladder(G::game_bot_kinds())
            .into_iter()
            .map(|l| l.spec)
            .collect();
        &ladder
    } else {
        &options.bots
    };
    let kinds = kinds_of::<G>(bots, players)?;
    check_config::<G>(&config, options.seed)?;
    if options.games == 0 {
        return Err(CliError::Usage(
            "--games 0: at least one deal is needed".to_owned(),
        ));
    }
    let deals = shard_deals(options.games, options.shard)?;
    let jobs = jobs(&deals, kinds.len(), players, options.ladder);
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
    let head = Head {
        game: G::NAME.to_owned(),
        games: options.games,
        seed: options.seed,
        players,
        ladder: options.ladder,
    };
    let mut report = build(head, &names, records, elapsed, threads);
    let plays_per_job: usize = jobs.first().map_or(0, |j| j.seatings.len());
    report.interrupted = report.records.len() < jobs.len() * plays_per_job;
    report.partial = report.interrupted;
    report.shard = shard_name(options.shard, &mut report.records);
    Ok(report)
}

/// The bot specs of `bots`, each checked.
///
/// # Errors
/// Fewer than two bots or two seats, a bot given twice, a bad spec.
fn kinds_of<G: Catalog>(bots: &[String], players: usize) -> Result<Vec<BotSpec>, CliError> {
    let kinds = if bots.is_empty() {
        Vec::new()
    } else {
        crate::bots::parse_specs::<G>(bots, "")?
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
    Ok(kinds)
}

/// The jobs: each deal of each pair of the `bots` bots (on a ladder, of each two neighbours), A
/// and B alternating over the seats, once per distinct seating.
fn jobs(deals: &[usize], bots: usize, players: usize, ladder: bool) -> Vec<Job> {
    let pairs = pairs(bots, ladder);
    let mut jobs = Vec::new();
    for &deal in deals {
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
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_grosse_kleine_a::GrosseKleineA;

    fn options(bots: &[&str], ladder: bool) -> TourOptions {
        TourOptions {
            games: 2,
            seed: 5,
            bots: bots.iter().map(|b| (*b).to_owned()).collect(),
            players: None,
            threads: 1,
            progress: false,
            progress_every: 5.0,
            shard: None,
            options: Vec::new(),
            ladder,
        }
    }

    #[test]
    fn a_ladder_plays_only_neighbours_and_defaults_to_the_lobby_s_levels() {
        let bots = ["random", "heuristic", "ismcts:iters=20"];
        let report = tournament::<GrosseKleineA>(&options(&bots, true)).unwrap();
        assert!(report.ladder);
        let pairs: Vec<(&str, &str)> = report
            .pairs
            .iter()
            .map(|p| (p.a.as_str(), p.b.as_str()))
            .collect();
        assert_eq!(
            pairs,
            [("random", "heuristic"), ("heuristic", "ismcts:iters=20")]
        );
        assert!(report.pairs.iter().all(|p| p.deals == 2));
        // Every pair without the ladder, on the same deals: the neighbours' figures agree.
        let all = tournament::<GrosseKleineA>(&options(&bots, false)).unwrap();
        assert!(!all.ladder);
        assert_eq!(all.pairs.len(), 3);
        assert_eq!(all.pairs[0], report.pairs[0]);
        assert_eq!(all.pairs[2], report.pairs[1]);
        // Without --bots a ladder is the lobby's levels; without --ladder it is refused.
        let levels: Vec<String> = crate::bots::ladder(&[])
            .into_iter()
            .map(|l| l.spec)
            .collect();
        let kinds = kinds_of::<GrosseKleineA>(&levels, 4).unwrap();
        assert_eq!(kinds.len(), 4);
        assert!(tournament::<GrosseKleineA>(&options(&[], false)).is_err());
    }
}
