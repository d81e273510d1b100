//! Timing of legal generation on the worst hand (run in release with --ignored --nocapture).

use std::time::Instant;

use cards_core::Game;
use game_contract_rummy::{Config, ContractRummy, Position, State};

#[test]
#[ignore = "timing; run in release"]
fn legal_generation_on_the_worst_hand() {
    let pos = Position {
        round: 11,
        dealer: 1,
        to_move: 0,
        hands: vec![
            "2h 3h 4h 5h 6h 7h 8h 9h 10h Jk Jk Ac Kc".into(),
            String::new(),
        ],
        melds: vec![],
        stock: None,
        totals: vec![],
    };
    let config = Config {
        players: 2,
        first_round: 11,
        rounds: 1,
        ..Config::default()
    };
    let s = State::from_position(&config, &pos).unwrap();
    let mut out = Vec::new();
    let t = Instant::now();
    for _ in 0..200 {
        ContractRummy::legal_actions_into(&s, &mut out);
    }
    println!(
        "{} actions, {:.0} ns per call",
        out.len(),
        t.elapsed().as_nanos() as f64 / 200.0
    );
}
