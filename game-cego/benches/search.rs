//! Benchmarks of the search bot: ISMCTS iterations per second (200 iterations a search, with the
//! game's defaults and with random rollouts) and `determinize` alone, at the first decision of a
//! seeded deal and at a decision in the middle of the card play. Criterion reports the
//! iterations per second as elements per second; one determinization is one element.

use std::hint::black_box;
use std::time::Duration;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::rng_from_seed;
use cards_core::search::{Ismcts, IsmctsOptions, Rollout};
use cards_core::{Decision, Game, Seat};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_cego::{Cego, Config, Phase, State};

const ITERATIONS: u32 = 200;

/// The first decision of a seeded deal, and the decision after four tricks of heuristic play.
fn positions() -> [(&'static str, State); 2] {
    let config = Config::default().single_deal();
    let first = Cego::new(&config, 42).unwrap_or_else(|_| unreachable!());
    let mut rng = rng_from_seed(5);
    let mut bot = Cego::heuristic_bot();
    let mut seed = 42;
    let mid = loop {
        let mut s = Cego::new(&config, seed).unwrap_or_else(|_| unreachable!());
        while let Some(seat) = Cego::to_move(&s) {
            if s.deal.phase == Phase::Play && s.deal.trick_no == 4 && s.deal.tricks[0].len == 1 {
                break;
            }
            let legal = Cego::legal_actions(&s);
            let i = bot.choose(&Decision::new(&s, seat, &legal), &mut rng);
            let _ = Cego::apply(&mut s, &legal[i]);
        }
        if Cego::to_move(&s).is_some() {
            break s;
        }
        seed += 1;
    };
    [("first decision", first), ("mid-deal (trick 5)", mid)]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(20);
    g.measurement_time(Duration::from_secs(4));
    for (name, state) in positions() {
        let seat = Cego::to_move(&state).unwrap_or(Seat(0));
        let legal = Cego::legal_actions(&state);
        let decision = Decision::<Cego>::new(&state, seat, &legal);
        g.throughput(Throughput::Elements(u64::from(ITERATIONS)));
        for (label, rollout) in [
            ("defaults", None),
            ("rollout=random", Some(Rollout::Random)),
        ] {
            let defaults = Cego::search_defaults();
            let options = IsmctsOptions {
                iterations: ITERATIONS,
                rollout: rollout.unwrap_or(defaults.rollout),
                seed: Some(1),
                ..defaults
            };
            let mut bot = Ismcts::<Cego>::new(options);
            let mut rng = rng_from_seed(2);
            g.bench_function(
                format!("ismcts {ITERATIONS} iterations, {label}, {name}"),
                |b| {
                    b.iter(|| bot.search(black_box(&decision), &mut rng).iterations);
                },
            );
        }
        g.throughput(Throughput::Elements(1));
        let mut rng = rng_from_seed(3);
        g.bench_function(format!("determinize, {name}"), |b| {
            b.iter(|| black_box(&state).determinize(seat, &mut rng));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
