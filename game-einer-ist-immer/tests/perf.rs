//! Release-mode timing of random playouts: `cargo test -p game-einer-ist-immer --release
//! --test perf -- --ignored --nocapture`.

use cards_core::GameConfig;
use std::time::Instant;

use cards_core::Search;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat};
use game_einer_ist_immer::{Config, EinerIstImmer};

type G = EinerIstImmer;

/// Nanoseconds this thread has run on a CPU (Linux), so a loaded machine does not inflate the
/// figure; `None` elsewhere.
fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

fn time(config: &Config, games: u64, bots: &str) -> f64 {
    let mut actions = 0usize;
    let cpu_start = cpu_ns();
    let start = Instant::now();
    for seed in 0..games {
        let mut state = G::new(config, seed).unwrap();
        let mut seats: PerSeat<Box<dyn Bot<G>>> = PerSeat::from_fn(config.players, |_| {
            if bots == "random" {
                Box::new(RandomBot) as Box<dyn Bot<G>>
            } else {
                G::heuristic_bot()
            }
        });
        let mut rng = rng_from_seed(seed);
        actions += play_out(&mut state, &mut seats, &mut rng, None).unwrap();
    }
    let wall = start.elapsed().as_nanos() as f64 / actions as f64;
    let cpu = match (cpu_start, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / actions as f64,
        _ => wall,
    };
    println!(
        "{} players, {} hands, {bots} bots: {games} matches, {actions} actions, \
         {cpu:.1} ns CPU per action ({wall:.1} ns wall)",
        config.players, config.hands
    );
    cpu
}

#[test]
#[ignore = "timing: run in release mode"]
fn random_playouts_take_under_150_ns_per_action() {
    // The best of five runs per table size, so that other load on the machine counts less.
    let mut worst: f64 = 0.0;
    for players in [4, 5, 6, 10] {
        let config = Config::for_players(players).unwrap().single_deal();
        let best = (0..5)
            .map(|_| time(&config, 4_000, "random"))
            .fold(f64::INFINITY, f64::min);
        println!("{players} players: best {best:.1} ns CPU per action");
        worst = worst.max(best);
    }
    time(&Config::default(), 2_000, "random");
    time(&Config::default().single_deal(), 2_000, "heuristic");
    assert!(worst < 150.0, "{worst} ns per action");
}

#[test]
#[ignore = "timing: run in release mode"]
fn six_player_random_hands() {
    let config = Config::for_players(6).unwrap().single_deal();
    time(&config, 20_000, "random");
}
