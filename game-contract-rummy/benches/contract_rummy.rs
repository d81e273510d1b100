//! Benchmarks: legal actions and the solver on worst-case hands, a random round 11, a random
//! match.

use std::hint::black_box;

use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::seat::PerSeat;
use cards_core::{Bot, Game};
use criterion::{Criterion, criterion_group, criterion_main};
use game_contract_rummy::{
    Config, ContractRummy, Hand, Position, RoundInfo, State, pack, parse_cards, solve,
};

/// A stated two-player position of round 11 with seat 0 to move.
fn round_11(hands: [String; 2], melds: Vec<(u8, String)>, stock: Option<String>) -> State {
    let pos = Position {
        round: 11,
        dealer: 1,
        to_move: 0,
        hands: hands.into(),
        melds,
        stock,
        totals: vec![],
    };
    let config = Config {
        players: 2,
        first_round: 11,
        rounds: 1,
        ..Config::default()
    };
    State::from_position(&config, &pos).unwrap()
}

/// The worst 13-card hand for the list's length, with two melds of its own to add to.
fn busy() -> State {
    round_11(
        [
            "2h 3h 4h 5h 6h 7h 8h 9h 10h Jk Jk Ac Kc".into(),
            "2c 3c 4c 5c 6c 7c 8c 9c 10c Jc Qc 2d 3d".into(),
        ],
        vec![(0, "Qs Qd Jk=Q".into()), (0, "4s 5s 6s".into())],
        None,
    )
}

/// Round 11 with the whole pack in seat 0's hand: the longest list there is under the
/// default sizes (see `MAX_LEGAL_ACTIONS`).
fn whole_pack() -> State {
    let text: Vec<String> = pack(4).iter().map(ToString::to_string).collect();
    round_11([text.join(" "), String::new()], vec![], Some(String::new()))
}

fn random_play(c: &Config, seed: u64) -> usize {
    let mut s = ContractRummy::new(c, seed).unwrap();
    let mut bots: PerSeat<Box<dyn Bot<ContractRummy>>> = PerSeat::from_fn(c.players, |_| {
        Box::new(RandomBot) as Box<dyn Bot<ContractRummy>>
    });
    let mut rng = rng_from_seed(seed);
    play_out::<ContractRummy, _>(&mut s, &mut bots, &mut rng, None).unwrap()
}

fn benches(c: &mut Criterion) {
    let s = busy();
    let mut out = Vec::new();
    c.bench_function("legal actions, busy round-11 position", |b| {
        b.iter(|| {
            ContractRummy::legal_actions_into(black_box(&s), &mut out);
            out.len()
        });
    });
    let whole = whole_pack();
    let mut worst = c.benchmark_group("worst case");
    worst.sample_size(10);
    worst.bench_function("legal actions, the whole pack in one hand, round 11", |b| {
        b.iter(|| {
            ContractRummy::legal_actions_into(black_box(&whole), &mut out);
            out.len()
        });
    });
    worst.finish();
    let info = RoundInfo::new(11);
    let hands: Vec<Hand> = [
        "2h 4h 6h 8h 2c 5c 9d Jk Jk As Ad Kc Ks",
        "2h 3h 5h 7c 7d 9s 10s Js Jk Jk As Kd Kh",
        "3c 4d 6h 8s 10c Qd 2s Jk Jk Ac Ah Kd Ks",
    ]
    .iter()
    .map(|t| parse_cards(t).unwrap().into_iter().collect())
    .collect();
    c.bench_function("solver, 13-card hands with 4-5 wilds", |b| {
        b.iter(|| {
            hands
                .iter()
                .map(|h| solve(black_box(h), info).min_score)
                .sum::<u32>()
        });
    });
    let r11 = Config {
        first_round: 11,
        rounds: 1,
        ..Config::default()
    };
    let mut seed = 0;
    c.bench_function("random round 11, 4 players", |b| {
        b.iter(|| {
            seed += 1;
            random_play(&r11, seed)
        });
    });
    let full = Config::default();
    c.bench_function("random match, 4 players", |b| {
        b.iter(|| {
            seed += 1;
            random_play(&full, seed)
        });
    });
}

criterion_group!(group, benches);
criterion_main!(group);
