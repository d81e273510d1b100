//! Criterion benchmarks of the search bot: `Ismcts::search` with 200 iterations and the game's
//! defaults (random rollouts cut off after 20 actions, then `evaluate`) at the first decision of
//! a seeded 5-player deal and at a decision in the middle of it, and `determinize` alone at the
//! same positions, so that its share of an iteration can be quoted. Divide a search's time by
//! 200 for the time per iteration.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::{below, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Decision, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use game_einer_ist_immer::{Config, EinerIstImmer, State};

type G = EinerIstImmer;

/// The first decision of a seeded single deal, and the first decision with a real choice after
/// 30 random actions of the same deal.
fn positions() -> [(&'static str, State); 2] {
    let config = Config::default().single_deal();
    let first = G::new(&config, 42).unwrap();
    let mut mid = first.clone();
    let mut rng = rng_from_seed(42);
    let mut n = 0;
    while n < 30 || G::legal_actions(&mid).len() < 2 {
        let legal = G::legal_actions(&mid);
        let i = below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut mid, &legal[i]).unwrap();
        n += 1;
    }
    [("first decision", first), ("mid-deal", mid)]
}

fn search(c: &mut Criterion) {
    for (name, state) in positions() {
        let seat = G::to_move(&state).unwrap();
        let legal = G::legal_actions(&state);
        let decision = Decision::<G>::new(&state, seat, &legal);
        let mut bot = Ismcts::<G>::new(IsmctsOptions {
            iterations: 200,
            seed: Some(7),
            ..G::search_defaults()
        });
        let mut rng = rng_from_seed(1);
        c.bench_function(&format!("ismcts 200 iterations, {name}"), |b| {
            b.iter(|| bot.search(black_box(&decision), &mut rng).iterations);
        });
        c.bench_function(&format!("determinize, {name}"), |b| {
            b.iter(|| black_box(&state).determinize(seat, &mut rng));
        });
    }
}

criterion_group!(benches, search);
criterion_main!(benches);
