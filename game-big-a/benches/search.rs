//! ISMCTS per-iteration cost with the game's defaults, and `determinize` alone, at the first
//! real decision of a seeded deal and at a mid-deal decision of card play.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::Decision;
use cards_core::game::Game;
use cards_core::rng::{below, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use game_big_a::{BigA, Config, Phase, State};

/// The first decision with a choice of a seeded deal, and the 40th action of card play.
fn positions() -> [(&'static str, State); 2] {
    let config = Config::default().single_deal();
    let mut state = BigA::new(&config, 7).unwrap();
    let mut rng = rng_from_seed(7);
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    let mut first = None;
    let mut play_actions = 0;
    loop {
        BigA::legal_actions_into(&state, &mut legal);
        if first.is_none() && legal.len() > 1 {
            first = Some(state.clone());
        }
        if state.phase() == Phase::Play {
            play_actions += 1;
            if play_actions == 40 && first.is_some() {
                break;
            }
        }
        // The heuristic's own choice keeps the deal realistic.
        let seat = BigA::to_move(&state).unwrap();
        let i = BigA::heuristic_bot().choose(&Decision::new(&state, seat, &legal), &mut rng);
        let _ = below(&mut rng, 2);
        ev.clear();
        BigA::apply_unchecked(&mut state, &legal[i], &mut ev);
    }
    [("first decision", first.unwrap()), ("mid-deal", state)]
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(20);
    for (name, state) in positions() {
        let seat = BigA::to_move(&state).unwrap();
        let legal = BigA::legal_actions(&state);
        let decision = Decision::<BigA>::new(&state, seat, &legal);
        let mut rng = rng_from_seed(1);
        g.throughput(Throughput::Elements(200));
        g.bench_function(format!("ismcts 200 iterations, {name}"), |b| {
            let mut bot = Ismcts::<BigA>::new(IsmctsOptions {
                iterations: 200,
                ..BigA::search_defaults()
            });
            b.iter(|| black_box(bot.search(&decision, &mut rng)));
        });
        g.throughput(Throughput::Elements(1));
        g.bench_function(format!("determinize, {name}"), |b| {
            b.iter(|| black_box(decision.determinize(&mut rng)));
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
