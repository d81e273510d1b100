//! Benchmarks of the search bot: ISMCTS iterations at the first decision of a seeded single
//! deal and at a decision in the middle of it, and `determinize` and the cut-off estimate
//! (`evaluate`) alone at the same positions, so that their share of an iteration can be quoted.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::rng_from_seed;
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Decision, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use game_contract_rummy::{Config, ContractRummy, State};

/// Iterations per benchmarked search.
const ITERATIONS: u32 = 200;

/// The first decision of the single deal of seed 7 (4 players, round 1).
fn first() -> State {
    ContractRummy::new(&Config::default().single_deal(), 7).unwrap()
}

/// The same deal after 24 actions of the heuristic bot at every seat.
fn middle() -> State {
    let mut state = first();
    let mut bot = ContractRummy::heuristic_bot();
    let mut rng = rng_from_seed(1);
    for _ in 0..24 {
        let seat = ContractRummy::to_move(&state).unwrap();
        let legal = ContractRummy::legal_actions(&state);
        let i = bot.choose(&Decision::new(&state, seat, &legal), &mut rng);
        ContractRummy::apply(&mut state, &legal[i]).unwrap();
    }
    state
}

fn benches(c: &mut Criterion) {
    for (name, state) in [("first decision", first()), ("mid-deal", middle())] {
        let seat = ContractRummy::to_move(&state).unwrap();
        let legal = ContractRummy::legal_actions(&state);
        let options = IsmctsOptions {
            iterations: ITERATIONS,
            seed: Some(3),
            ..ContractRummy::search_defaults()
        };
        c.bench_function(&format!("ismcts {ITERATIONS} iterations, {name}"), |b| {
            let mut bot = Ismcts::<ContractRummy>::new(options.clone());
            let mut rng = rng_from_seed(5);
            b.iter(|| bot.search(&Decision::new(black_box(&state), seat, &legal), &mut rng));
        });
        c.bench_function(&format!("determinize, {name}"), |b| {
            let mut rng = rng_from_seed(5);
            b.iter(|| black_box(&state).determinize(seat, &mut rng));
        });
        c.bench_function(&format!("evaluate (cut-off estimate), {name}"), |b| {
            let mut rng = rng_from_seed(5);
            let worlds: Vec<State> = (0..64).map(|_| state.determinize(seat, &mut rng)).collect();
            let mut i = 0;
            b.iter(|| {
                i = (i + 1) % worlds.len();
                ContractRummy::evaluate(black_box(&worlds[i]))
            });
        });
    }
}

criterion_group! {
    name = group;
    config = Criterion::default().sample_size(20).measurement_time(std::time::Duration::from_secs(2));
    targets = benches
}
criterion_main!(group);
