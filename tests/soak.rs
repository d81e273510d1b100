//! The soak: long runs of every game under the conformance harness, ignored by default.
//!
//! ```sh
//! CARDS_SOAK=100000 cargo test --release -p workspace-tests --test soak -- --ignored --nocapture --test-threads 1
//! ```
//!
//! For each game, `CARDS_SOAK` (default 1000) random and as many heuristic playouts of single
//! deals, shared out over the game's table sizes, plus a hundredth of that in whole matches
//! for each policy, with every check of [`Check::ALL`], sampled as follows:
//!
//! - at every state of every playout: the legal list (empty exactly when nobody is to move,
//!   strictly sorted) with `CARDS_SOAK_LISTED` (default 4) of its actions drawn at random and
//!   each parsed back from its notation, checked and applied; four unlisted actions refused
//!   with the state unchanged; the scores; a clone equal to its original; termination within
//!   `max_actions`;
//! - at the end of every playout: the census against the pack, and a replay from the seed that
//!   must give the same events and the same final state;
//! - at one step in `CARDS_SOAK_CENSUS` (default 32): the census against the pack;
//! - at one state in `CARDS_SOAK_DEEP` (default 256), drawn at random: every listed action
//!   (and no two sharing a notation), the census, serde round trips of the state and every
//!   view, a corrupted copy of the state (refused, or played on without a panic), no leaks
//!   through `determinize` for every seat, and no cheating by the random and heuristic bots;
//!   at one in 16 of those, by the search bot too.
//!
//! The conformance suite (run in CI) runs every check at every state of its first playout and
//! the expensive ones at one state in 4. Playouts run on `CARDS_SOAK_THREADS` threads
//! (default: every core); a progress line goes to stderr every few seconds and a summary per
//! game at the end (playouts, actions, checks, violations, time).

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::testing::{Check, Failure, Policy, RunOptions, Summary, run_checks_with};

fn env(name: &str, default: usize) -> usize {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Playouts taken by a thread at a time.
const CHUNK: usize = 50;

fn add(total: &mut Summary, part: &Summary) {
    total.playouts += part.playouts;
    total.actions += part.actions;
    total.refusals += part.refusals;
    total.determinizations += part.determinizations;
    total.corruptions_refused += part.corruptions_refused;
    total.corruptions_accepted += part.corruptions_accepted;
    total.bot_decisions_compared += part.bot_decisions_compared;
}

/// Runs `playouts` playouts of `config` on every thread, chunk by chunk; the first failure
/// stops every thread.
fn soak_one<G: Catalog>(
    label: &str,
    config: &G::Config,
    seed: u64,
    playouts: usize,
    options: &RunOptions,
) -> (Summary, Vec<Failure>) {
    let threads = env(
        "CARDS_SOAK_THREADS",
        std::thread::available_parallelism().map_or(1, std::num::NonZero::get),
    )
    .max(1);
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Summary::default());
    let failures = Mutex::new(Vec::new());
    let start = Instant::now();
    let last_report = Mutex::new(Instant::now());
    std::thread::scope(|scope| {
        for _ in 0..threads {
            scope.spawn(|| {
                loop {
                    if !failures.lock().is_ok_and(|f| f.is_empty()) {
                        return;
                    }
                    let first = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if first >= playouts {
                        return;
                    }
                    let range = first..(first + CHUNK).min(playouts);
                    match run_checks_with::<G>(config, seed, range, &Check::ALL, options) {
                        Ok(part) => {
                            let mut total = total.lock().expect("no thread panics holding it");
                            add(&mut total, &part);
                            let mut last = last_report.lock().expect("no thread panics");
                            if last.elapsed() >= Duration::from_secs(10) {
                                *last = Instant::now();
                                eprintln!(
                                    "  {label}: {}/{playouts} playouts, {} actions, {:.0} s",
                                    total.playouts,
                                    total.actions,
                                    start.elapsed().as_secs_f64()
                                );
                            }
                        }
                        Err(f) => failures.lock().expect("no thread panics").push(f),
                    }
                }
            });
        }
    });
    (
        total.into_inner().expect("threads done"),
        failures.into_inner().expect("threads done"),
    )
}

fn soak<G: Catalog>(seed: u64) {
    let n = env("CARDS_SOAK", 1000);
    let options = |policy| RunOptions {
        policy,
        deep_every: env("CARDS_SOAK_DEEP", 256) as u64,
        search_every: 16,
        full_first: false,
        listed_sample: Some(env("CARDS_SOAK_LISTED", 4)),
        census_every: env("CARDS_SOAK_CENSUS", 32),
    };
    let start = Instant::now();
    let mut total = Summary::default();
    let mut failures = Vec::new();
    for (policy, name) in [(Policy::Random, "random"), (Policy::Heuristic, "heuristic")] {
        let sizes = G::PLAYERS.count();
        for players in G::PLAYERS {
            let config = (G::Config::for_players(players).expect("a listed size")).single_deal();
            let label = format!("{} {name}, {players} players", G::NAME);
            let share = n / sizes + usize::from(players - *G::PLAYERS.start() < n % sizes);
            let (summary, failed) = soak_one::<G>(
                &label,
                &config,
                seed + players as u64,
                share,
                &options(policy),
            );
            add(&mut total, &summary);
            failures.extend(failed);
        }
        let label = format!("{} {name}, whole matches", G::NAME);
        let (summary, failed) = soak_one::<G>(
            &label,
            &G::Config::default(),
            seed + 100,
            (n / 100).max(1),
            &options(policy),
        );
        add(&mut total, &summary);
        failures.extend(failed);
    }
    eprintln!(
        "{}: {} playouts, {} actions, {} refusals, {} determinizations, {} corrupted states \
         ({} refused), {} bot decisions compared; {} violations; {:.0} s",
        G::NAME,
        total.playouts,
        total.actions,
        total.refusals,
        total.determinizations,
        total.corruptions_refused + total.corruptions_accepted,
        total.corruptions_refused,
        total.bot_decisions_compared,
        failures.len(),
        start.elapsed().as_secs_f64()
    );
    if let Some(f) = failures.first() {
        panic!("{}: {f}", G::NAME);
    }
}

/// One soak test per registered game (`cards_games::for_each_game!`), each from a seed of
/// its own.
macro_rules! soaks {
    ({} $($m:ident: $g:ty;)*) => {$(
        #[test]
        #[ignore = "long: run with --ignored (see the file's docs)"]
        fn $m() {
            let index = cards_games::NAMES
                .iter()
                .position(|n| *n == <$g as Catalog>::NAME)
                .expect("a registered game");
            soak::<$g>(11_000 + 1_000 * index as u64);
        }
    )*};
}

cards_games::for_each_game!(soaks);
