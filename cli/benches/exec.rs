//! The overhead of the bot protocol: one decision of an `exec:` bot (the decision message
//! built and written to the program, its answer read back and checked) against the same
//! decision of the built-in random bot and against building the message alone. The program is
//! this benchmark's own binary run with `--as-bot`: it answers `{"index":0}` to every `decide`
//! line without parsing it, so the time is the engine's side of the protocol and the pipes'.
//!
//! `cargo bench -p cli --bench exec`

use std::hint::black_box;
use std::io::{BufRead, Write};

use cards_core::BotSpec;
use cards_core::GameConfig;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Decision, Game, RandomBot};
use cli::exec::ExecBot;
use criterion::Criterion;
use game_einer_ist_immer::EinerIstImmer as G;

/// The trivial bot program: index 0 for every decision.
fn answer_index_zero() {
    let stdin = std::io::stdin().lock();
    let mut out = std::io::stdout().lock();
    for line in stdin.lines() {
        let Ok(line) = line else { return };
        if line.starts_with(r#"{"type":"decide""#)
            && (out.write_all(b"{\"index\":0}\n").is_err() || out.flush().is_err())
        {
            return;
        }
    }
}

fn bench(c: &mut Criterion) {
    let config = (<G as Game>::Config::default()).single_deal();
    let state = G::new(&config, 1).expect("a deal");
    let seat = G::to_move(&state).expect("a seat to move");
    let legal = G::legal_actions(&state);
    let decision = Decision::<G>::new(&state, seat, &legal);
    let mut rng = rng_from_seed(1);

    let exe = std::env::current_exe().expect("the benchmark's path");
    let spec =
        BotSpec::parse::<G>(&format!("exec:{} --as-bot", exe.display())).expect("an exec spec");
    let mut program = ExecBot::<G>::new(&spec).expect("the program starts");
    c.bench_function("exec: decision round trip (einer-ist-immer)", |b| {
        b.iter(|| program.choose(black_box(&decision), &mut rng));
    });
    assert_eq!(program.faults(), 0, "the program answered every decision");
    c.bench_function("decision message built and written as JSON", |b| {
        b.iter(|| {
            serde_json::to_string(&black_box(&decision).message(0, Vec::new(), 1000))
                .map_or(0, |s| s.len())
        });
    });
    let mut random = RandomBot;
    c.bench_function("built-in random decision", |b| {
        b.iter(|| Bot::<G>::choose(&mut random, black_box(&decision), &mut rng));
    });
}

fn main() {
    if std::env::args().any(|a| a == "--as-bot") {
        answer_index_zero();
        return;
    }
    let mut c = Criterion::default().configure_from_args();
    bench(&mut c);
    c.final_summary();
}
