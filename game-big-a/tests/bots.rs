//! The heuristic bot against random bots.

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::game::Game;
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use game_big_a::{BigA, Config};

/// Plays `games` single deals with the heuristic bot in one seat (rotating) and random bots in
/// the others; returns (heuristic mean, random mean, heuristic win rate, random win rate).
fn duel(games: u64) -> (f64, f64, f64, f64) {
    let config = Config::default().single_deal();
    let (mut h, mut r, mut hw, mut rw) = (0.0, 0.0, 0.0, 0.0);
    for g in 0..games {
        let hs = Seat((g % 5) as u8);
        let mut state = BigA::new(&config, g / 5).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<BigA>>> = PerSeat::from_fn(5, |s| {
            if s == hs {
                BigA::heuristic_bot()
            } else {
                Box::new(RandomBot) as _
            }
        });
        play_out::<BigA, _>(&mut state, &mut bots, &mut rng_from_seed(g), None).unwrap();
        let sc = BigA::scores(&state);
        for (s, &x) in sc.iter() {
            let win = if x > 0.0 { 1.0 } else { 0.0 };
            if s == hs {
                h += x;
                hw += win;
            } else {
                r += x / 4.0;
                rw += win / 4.0;
            }
        }
    }
    let n = games as f64;
    (h / n, r / n, hw / n, rw / n)
}

#[test]
fn the_heuristic_bot_beats_random_bots() {
    let (h, r, hw, rw) = duel(500);
    println!("heuristic mean {h:.2} win {hw:.3}; random mean {r:.2} win {rw:.3}");
    assert!(h > r + 0.5, "heuristic {h} vs random {r}");
    assert!(hw > rw, "heuristic wins {hw} vs random {rw}");
}
