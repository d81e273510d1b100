//! Benchmarks: legal actions on a rich 22-card lead, and one full random deal.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::card::{FrenchCard, Suit};
use cards_core::game::Game;
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use criterion::{Criterion, criterion_group, criterion_main};
use game_big_a::{BigA, Config, PlaySetup, State};

fn cards(text: &str) -> Vec<FrenchCard> {
    text.split_whitespace()
        .map(|c| c.parse().unwrap())
        .collect()
}

/// A 22-card hand with long sequences, double and triplet sequences, a fake eight, eggs and
/// jokers, on lead.
fn rich_position() -> State {
    let setup = PlaySetup {
        hands: [
            cards("4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 7c 7d 7h 8c 8d 9c 9d 10c Jc RJ BJ"),
            cards("Ah 3c 3d"),
            cards("Ah Kc Kd"),
            cards("2c 2d 2h"),
            cards("Qc Qd Qh"),
        ],
        declarer: Seat(1),
        suit: Suit::Hearts,
        partner: Some(Seat(2)),
        exposed: false,
        leader: Seat(0),
        out: vec![],
    };
    State::from_play(&Config::default(), 1, &setup).unwrap()
}

fn bench(c: &mut Criterion) {
    let state = rich_position();
    let mut out = Vec::new();
    c.bench_function("legal actions, rich 22-card lead", |b| {
        b.iter(|| {
            BigA::legal_actions_into(black_box(&state), &mut out);
            black_box(out.len())
        });
    });
    let config = Config::default().single_deal();
    let mut seed = 0;
    c.bench_function("one random deal", |b| {
        b.iter(|| {
            seed += 1;
            let mut s = BigA::new(&config, seed).unwrap();
            let mut bots: PerSeat<Box<dyn Bot<BigA>>> =
                PerSeat::from_fn(5, |_| Box::new(RandomBot) as _);
            let mut rng = rng_from_seed(seed);
            black_box(play_out::<BigA, _>(&mut s, &mut bots, &mut rng, None).unwrap())
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
