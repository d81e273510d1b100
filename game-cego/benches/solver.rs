//! Benchmarks of the open-hand solver (issue 16): the card payments at the first decision of
//! the last 7 tricks (what the PIMC bot asks in each world) and the value of the last 6
//! tricks, and the value of the whole card play, over eight deals of heuristic play each (seeds
//! 1 to 8, whatever the contract). Whole-deal times per contract are measured by
//! `examples/solve_times.rs`.

use std::hint::black_box;
use std::time::Duration;

use cards_core::GameConfig;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Decision, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use game_cego::{Cego, Config, Heuristic, Phase, Solver, State};

/// Deals of heuristic play stopped when `left` tricks are left (at a trick boundary; `None`:
/// at the first card the solver takes, trick 1 or trick 3 after a double lead).
fn positions(left: Option<u8>) -> Vec<State> {
    let config = Config::default().single_deal();
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < 8 {
        let mut s = Cego::new(&config, seed).unwrap_or_else(|_| unreachable!());
        let mut rng = rng_from_seed(seed);
        seed += 1;
        while let Some(seat) = Cego::to_move(&s) {
            let d = &s.deal;
            let here = match left {
                Some(left) => d.tricks_per_deal() - d.trick_no == left,
                None => d.trick_no >= if d.double { 2 } else { 0 },
            };
            if d.phase == Phase::Play && d.tricks[0].len == 0 && here {
                out.push(s.clone());
                break;
            }
            let legal = Cego::legal_actions(&s);
            let i = Heuristic.choose(&Decision::new(&s, seat, &legal), &mut rng);
            let _ = Cego::apply(&mut s, &legal[i]);
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut solver = Solver::new();
    let mut g = c.benchmark_group("solver");
    g.measurement_time(Duration::from_secs(5)).sample_size(10);
    let last7 = positions(Some(7));
    g.bench_function("card payments, last 7 tricks, 8 deals", |b| {
        b.iter(|| {
            for s in &last7 {
                solver.load(s).unwrap_or_else(|_| unreachable!());
                black_box(solver.card_payments().ok());
            }
        });
    });
    // The value for the seat to move of each position; a search over the budget stops there.
    let mut values = |name: &str, positions: &[State], budget: Option<u64>| {
        solver.set_node_budget(budget);
        g.bench_function(name, |b| {
            b.iter(|| {
                for s in positions {
                    solver.load(s).unwrap_or_else(|_| unreachable!());
                    let seat = Cego::to_move(s).unwrap_or_else(|| unreachable!());
                    black_box(solver.value_for(seat).ok());
                }
            });
        });
    };
    values("value, last 6 tricks, 8 deals", &positions(Some(6)), None);
    // The whole card play: a search over the budget stops there (about a second).
    values(
        "value, whole card play, 8 deals, 10 M node budget",
        &positions(None),
        Some(10_000_000),
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
