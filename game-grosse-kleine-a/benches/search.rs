//! Benchmarks of the search bot: ISMCTS iterations (200 per search, the game's defaults) and
//! `determinize` alone, at the first decision of a seeded deal and at a mid-deal decision, so
//! that determinize's share of an iteration can be quoted. Criterion reports the time per
//! search; divide by 200 for the time per iteration.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::rng_from_seed;
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Bot, Decision, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use game_grosse_kleine_a::{Config, GrosseKleineA, State};

type G = GrosseKleineA;

const ITERATIONS: u32 = 200;

/// The first decision of seeded deal 11, and the decision after `moves` heuristic moves.
fn position(moves: usize) -> State {
    let config = Config::default().single_deal();
    let mut state = G::new(&config, 11).unwrap();
    let mut bot = G::heuristic_bot();
    let mut rng = rng_from_seed(0);
    for _ in 0..moves {
        let seat = G::to_move(&state).unwrap();
        let legal = G::legal_actions(&state);
        let i = bot.choose(&Decision::<G>::new(&state, seat, &legal), &mut rng);
        G::apply(&mut state, &legal[i]).unwrap();
    }
    state
}

fn bench(c: &mut Criterion) {
    for (name, moves) in [("first decision", 0), ("mid-deal", 20)] {
        let state = position(moves);
        let seat = G::to_move(&state).unwrap();
        let legal = G::legal_actions(&state);
        assert!(legal.len() > 1, "{name}: no real decision");
        let decision = Decision::<G>::new(&state, seat, &legal);
        let mut bot = Ismcts::<G>::new(IsmctsOptions {
            iterations: ITERATIONS,
            ..G::search_defaults()
        });
        let mut rng = rng_from_seed(1);
        c.bench_function(&format!("ismcts {ITERATIONS} iterations, {name}"), |b| {
            b.iter(|| bot.search(black_box(&decision), &mut rng).iterations);
        });
        c.bench_function(&format!("determinize, {name}"), |b| {
            b.iter(|| black_box(&state).determinize(seat, &mut rng));
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
