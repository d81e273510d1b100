//! Benchmarks: legal actions on a busy position, and one full random four-player deal.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, RandomBot, Seat};
use criterion::{Criterion, criterion_group, criterion_main};
use game_grosse_kleine_a::{Cards, Config, GrosseKleineA, Position, State};

/// A leader holding all four jokers and pairs and triples: the longest lead list of a deal.
fn busy_position() -> State {
    let hands = [
        "1 1 2 2 3 3 3 4 4 J J J J",
        "5 6 6 7 7 8 8 9 9 10 10 11 11",
        "1 2 3 4 5 6 7 8 9 10 11 12 13",
        "1 2 3 4 5 6 7 8 9 10 11 12 13",
    ];
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let all: Vec<Cards> = hands.iter().map(|h| h.parse().unwrap()).collect();
    State::from_position(&config, &Position::deal(all, Seat(0)), 0).unwrap()
}

fn bench(c: &mut Criterion) {
    let state = busy_position();
    let mut out = Vec::new();
    GrosseKleineA::legal_actions_into(&state, &mut out);
    assert!(out.len() > 40);
    c.bench_function("legal actions, busy lead", |b| {
        b.iter(|| {
            GrosseKleineA::legal_actions_into(black_box(&state), &mut out);
            out.len()
        });
    });

    let config = Config::default().single_deal();
    let mut bots: PerSeat<Box<dyn Bot<GrosseKleineA>>> =
        PerSeat::from_fn(4, |_| Box::new(RandomBot) as Box<dyn Bot<GrosseKleineA>>);
    let mut rng = rng_from_seed(1);
    let mut seed = 0u64;
    c.bench_function("one random 4-player deal", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = GrosseKleineA::new(&config, seed).unwrap();
            play_out(&mut state, &mut bots, &mut rng, None).unwrap()
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
