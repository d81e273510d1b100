//! Criterion benchmarks: legal actions on a busy position (a lead with many groups and
//! jokers), and one full random 6-player hand.

use cards_core::GameConfig;
use std::hint::black_box;

use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, Seat};
use criterion::{Criterion, criterion_group, criterion_main};
use game_einer_ist_immer::{Config, EinerIstImmer, Position, State};

type G = EinerIstImmer;

fn busy_position() -> State {
    // Hand 2 at ten players: the leader holds many groups and all five jokers.
    let config = Config::for_players(10).unwrap();
    let texts = [
        "2 2 2 3 3 4 4 4 4 5 5 9 9 K K A JK JK JK JK JK",
        "6",
        "7",
        "8",
        "10",
        "J",
        "Q",
        "6 7",
        "8 10",
        "J Q",
    ];
    let pos = Position {
        hand: 2,
        previous_ranking: Seat::all(10).collect(),
        hands: texts.iter().map(|t| t.parse().unwrap()).collect(),
        finished: Vec::new(),
        leader: Seat(0),
    };
    State::from_mid_hand_position(&config, 1, &pos).unwrap()
}

fn legal_actions(c: &mut Criterion) {
    let state = busy_position();
    let mut out = Vec::new();
    c.bench_function("legal actions, busy lead", |b| {
        b.iter(|| {
            G::legal_actions_into(black_box(&state), &mut out);
            out.len()
        });
    });
}

fn random_hand(c: &mut Criterion) {
    let config = Config::for_players(6).unwrap().single_deal();
    let mut seed = 0u64;
    c.bench_function("random 6-player hand", |b| {
        b.iter(|| {
            seed += 1;
            let mut state = G::new(&config, seed).unwrap();
            let mut bots: PerSeat<Box<dyn Bot<G>>> =
                PerSeat::from_fn(6, |_| Box::new(RandomBot) as Box<dyn Bot<G>>);
            let mut rng = rng_from_seed(seed);
            play_out(&mut state, &mut bots, &mut rng, None).unwrap()
        });
    });
}

criterion_group!(benches, legal_actions, random_hand);
criterion_main!(benches);
