//! Release-mode measurements, ignored by default:
//! `cargo test -p game-cego --release --test perf -- --ignored --nocapture`.

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::bot::play_out;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Bot, Game, PerSeat, RandomBot, Seat};
use game_cego::{Cego, Config};

#[test]
#[ignore = "timing; run in release mode"]
fn random_playouts_ns_per_action() {
    let config = Config::default().single_deal();
    let n = 200_000u64;
    let mut actions = 0usize;
    let mut rng = rng_from_seed(9);
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |_| Box::new(RandomBot) as _);
    let start = Instant::now();
    for i in 0..n {
        let mut state = Cego::new(&config, derive_seed(7, i)).unwrap();
        actions += play_out(&mut state, &mut bots, &mut rng, None).unwrap();
    }
    let ns = start.elapsed().as_nanos() as f64;
    println!(
        "{n} random deals, {actions} actions, {:.1} ns per action, {:.2} us per deal",
        ns / actions as f64,
        ns / n as f64 / 1000.0
    );
}

#[test]
#[ignore = "statistics; run in release mode"]
fn heuristic_beats_random() {
    let config = Config::default().single_deal();
    let n = 4000u64;
    let mut rng = rng_from_seed(3);
    let (mut sum, mut sq) = (0.0f64, 0.0f64);
    let mut rsum = 0.0f64;
    for i in 0..n {
        let hseat = Seat((i % 4) as u8);
        // Two heuristic bots on opposite seats against two random ones, seats rotating.
        let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |s| {
            if s.0 % 2 == hseat.0 % 2 {
                Cego::heuristic_bot()
            } else {
                Box::new(RandomBot) as _
            }
        });
        let mut state = Cego::new(&config, derive_seed(11, i / 4)).unwrap();
        play_out(&mut state, &mut bots, &mut rng, None).unwrap();
        let sc = Cego::scores(&state);
        let h = sc[hseat];
        sum += h;
        sq += h * h;
        rsum += (sc.0.iter().sum::<f64>() - h) / 3.0;
    }
    let mean = sum / n as f64;
    let sd = (sq / n as f64 - mean * mean).sqrt();
    println!(
        "heuristic mean {mean:.2} +- {:.2} (95%), random mean {:.2}",
        1.96 * sd / (n as f64).sqrt(),
        rsum / n as f64
    );
    assert!(mean > 0.0);
}

#[test]
#[ignore = "timing; run in release mode"]
fn determinize_time_in_random_playouts() {
    use cards_core::rng::below;
    let configs = [
        Config::default().single_deal(),
        Config {
            deals: 3,
            ..Config::default()
        },
    ];
    let mut rng = rng_from_seed(21);
    let mut times: Vec<u128> = Vec::new();
    for config in &configs {
        for i in 0..2000u64 {
            let mut state = Cego::new(config, derive_seed(23, i)).unwrap();
            while Cego::to_move(&state).is_some() {
                for s in 0..4 {
                    let start = Instant::now();
                    let det = state.determinize(Seat(s), &mut rng);
                    let ns = start.elapsed().as_nanos();
                    std::hint::black_box(&det);
                    times.push(ns);
                }
                let legal = Cego::legal_actions(&state);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                Cego::apply(&mut state, &a).unwrap();
            }
        }
    }
    times.sort_unstable();
    let n = times.len();
    let us = |ns: u128| ns as f64 / 1000.0;
    println!(
        "{n} determinizations: mean {:.2} us, median {:.2} us, 99.9% {:.1} us, 99.99% {:.1} us, worst {:.1} us",
        us(times.iter().sum::<u128>()) / n as f64,
        us(times[n / 2]),
        us(times[n - n / 1000]),
        us(times[n - n / 10000]),
        us(times[n - 1])
    );
}

#[test]
#[ignore = "statistics; run in release mode"]
fn determinize_draws_in_random_playouts() {
    use cards_core::rng::below;
    let mut rng = rng_from_seed(22);
    let mut hist = std::collections::BTreeMap::new();
    for i in 0..3000u64 {
        let mut state = Cego::new(&Config::default().single_deal(), derive_seed(24, i)).unwrap();
        while Cego::to_move(&state).is_some() {
            for s in 0..4 {
                let start = Instant::now();
                let k = game_cego::determinize_attempts(&state, Seat(s), &mut rng);
                let us = start.elapsed().as_micros();
                if us > 2000 {
                    println!(
                        "slow {us} us, {k} draws, seat {s}: {}",
                        serde_json::to_string(&state).unwrap()
                    );
                }
                *hist.entry(k.min(10).max(k / 50 * 50)).or_insert(0u64) += 1;
            }
            let legal = Cego::legal_actions(&state);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut state, &a).unwrap();
        }
    }
    println!("draws per determinization: {hist:?}");
}
