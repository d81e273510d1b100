//! Release-mode timing of random playouts (run with
//! `cargo test -p game-big-a --release --test timing -- --ignored --nocapture`).

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::game::Game;
use cards_core::rng::rng_from_seed;
use cards_core::seat::PerSeat;
use game_big_a::{BigA, Config};

/// Nanoseconds this thread has run on a CPU (Linux), so a loaded machine does not inflate the
/// figure; 0 elsewhere.
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok()))
        .unwrap_or(0)
}

#[test]
#[ignore = "timing, run in release mode"]
fn random_single_deals_cost_few_nanoseconds_per_action() {
    let config = Config::default().single_deal();
    let games = 3000;
    let mut actions = 0usize;
    let mut rng = rng_from_seed(9);
    let start = Instant::now();
    let cpu = cpu_ns();
    for g in 0..games {
        let mut state = BigA::new(&config, g).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<BigA>>> =
            PerSeat::from_fn(5, |_| Box::new(RandomBot) as _);
        actions += play_out::<BigA, _>(&mut state, &mut bots, &mut rng, None).unwrap();
    }
    let ns = start.elapsed().as_nanos() as f64 / actions as f64;
    let cpu = (cpu_ns() - cpu) as f64 / actions as f64;
    println!(
        "{games} random single deals, {actions} actions ({:.0} per deal): {ns:.0} ns per action \
         (wall), {cpu:.0} ns per action (cpu)",
        actions as f64 / games as f64
    );
}

#[test]
#[ignore = "timing, run in release mode"]
fn legal_generation_profile() {
    use game_big_a::Phase;
    let config = Config::default().single_deal();
    let mut rng = rng_from_seed(9);
    let mut states = Vec::new();
    for g in 0..300 {
        let mut state = BigA::new(&config, g).unwrap();
        let mut legal = Vec::new();
        while BigA::to_move(&state).is_some() {
            BigA::legal_actions_into(&state, &mut legal);
            if state.phase() == Phase::Play {
                states.push(state.clone());
            }
            let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
            let mut ev = Vec::new();
            BigA::apply_unchecked(&mut state, &legal[i], &mut ev);
        }
    }
    let mut out = Vec::new();
    let mut total = 0;
    let start = Instant::now();
    let cpu = cpu_ns();
    for s in &states {
        BigA::legal_actions_into(s, &mut out);
        total += out.len();
    }
    let ns = start.elapsed().as_nanos() as f64 / states.len() as f64;
    let cpu = (cpu_ns() - cpu) as f64 / states.len() as f64;
    println!(
        "{} play states: {ns:.0} ns (wall), {cpu:.0} ns (cpu) per legal generation, {:.1} actions \
         on average",
        states.len(),
        total as f64 / states.len() as f64
    );
}
