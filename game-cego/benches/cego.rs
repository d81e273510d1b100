//! Benchmarks: legal actions during a double lead and mid-play, one full random deal.

use std::hint::black_box;

use cards_core::GameConfig;
use cards_core::bot::play_out;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::{Bot, Game, PerSeat, RandomBot};
use criterion::{Criterion, criterion_group, criterion_main};
use game_cego::examples::{Script, T8_DEAL, T11_DEAL};
use game_cego::{Cego, Config};

fn bench(c: &mut Criterion) {
    let mut double = Script::new(T11_DEAL, &Config::default());
    double.play(
        "pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, \
         pass, pass, expose 8s, expose 7s, 8s+7s",
    );
    let mut out = Vec::new();
    c.bench_function("legal actions, double lead (defender pairs)", |b| {
        b.iter(|| {
            Cego::legal_actions_into(black_box(&double.state), &mut out);
            out.len()
        });
    });
    let mut mid = Script::new(T8_DEAL, &Config::default());
    mid.play("pass, pass, solo, pass, pass, pass, Jc, 7c");
    c.bench_function("legal actions, mid-play", |b| {
        b.iter(|| {
            Cego::legal_actions_into(black_box(&mid.state), &mut out);
            out.len()
        });
    });
    let config = Config::default().single_deal();
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |_| Box::new(RandomBot) as _);
    let mut rng = rng_from_seed(1);
    let mut i = 0u64;
    c.bench_function("one random deal with the auction", |b| {
        b.iter(|| {
            i += 1;
            let mut state =
                Cego::new(&config, derive_seed(5, i)).unwrap_or_else(|_| unreachable!());
            play_out(&mut state, &mut bots, &mut rng, None).unwrap_or_default()
        });
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
