//! Release-mode timing of random playouts (run with `--release -- --ignored --nocapture`).

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::seat::PerSeat;
use cards_core::{Bot, Game};
use game_contract_rummy::{Config, ContractRummy};

fn time(c: &Config, games: u64) -> (f64, f64) {
    let mut actions = 0usize;
    let mut legal_total = 0usize;
    let start = Instant::now();
    for seed in 0..games {
        let mut s = ContractRummy::new(c, seed).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<ContractRummy>>> = PerSeat::from_fn(c.players, |_| {
            Box::new(RandomBot) as Box<dyn Bot<ContractRummy>>
        });
        let mut rng = rng_from_seed(seed);
        actions += play_out::<ContractRummy, _>(&mut s, &mut bots, &mut rng, None).unwrap();
    }
    let ns = start.elapsed().as_nanos() as f64 / actions as f64;
    // Mean list size over a few games, and the time of legal generation alone.
    let mut states = Vec::new();
    let mut count = 0usize;
    for seed in 0..20 {
        let mut s = ContractRummy::new(c, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut n = 0;
        while ContractRummy::to_move(&s).is_some() {
            let l = ContractRummy::legal_actions(&s);
            legal_total += l.len();
            count += 1;
            states.push(s.clone());
            n += 1;
            let i = cards_core::rng::below(&mut rng, l.len() as u64) as usize;
            ContractRummy::apply(&mut s, &l[i]).unwrap();
        }
        let _ = n;
    }
    let t = Instant::now();
    let mut out = Vec::new();
    for s in &states {
        ContractRummy::legal_actions_into(s, &mut out);
    }
    println!(
        "  legal generation: {:.0} ns per call over {} states",
        t.elapsed().as_nanos() as f64 / states.len() as f64,
        states.len()
    );
    (ns, legal_total as f64 / count as f64)
}

#[test]
#[ignore = "timing; run in release"]
fn random_playouts_ns_per_action() {
    let full = Config::default();
    let (ns, l) = time(&full.single_deal(), 2000);
    println!("single deal (round 1), 4 players: {ns:.0} ns/action, list ~{l}");
    let r11 = Config {
        first_round: 11,
        rounds: 1,
        ..full.clone()
    };
    let (ns, l) = time(&r11, 500);
    println!("round 11, 4 players: {ns:.0} ns/action, list ~{l}");
    let (ns, l) = time(&full, 100);
    println!("full match, 4 players: {ns:.0} ns/action, list ~{l}");
}
