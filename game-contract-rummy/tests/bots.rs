//! The heuristic bot against the random bot.

use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Game};
use game_contract_rummy::{Config, ContractRummy};

/// Mean points per match of heuristic and random seats, over duplicate deals with the seats
/// rotated.
fn duel(config: &Config, games: u64) -> (f64, f64) {
    let n = config.players;
    let (mut h, mut r, mut hn, mut rn) = (0.0, 0.0, 0.0, 0.0);
    for seed in 0..games {
        for shift in 0..2 {
            let heuristic = |s: Seat| (s.index() + shift) % 2 == 0;
            let mut bots: PerSeat<Box<dyn Bot<ContractRummy>>> = PerSeat::from_fn(n, |s| {
                if heuristic(s) {
                    ContractRummy::heuristic_bot()
                } else {
                    Box::new(RandomBot) as Box<dyn Bot<ContractRummy>>
                }
            });
            let mut state = ContractRummy::new(config, seed).unwrap();
            let mut rng = rng_from_seed(seed * 2 + shift as u64);
            play_out::<ContractRummy>(&mut state, &mut bots, &mut rng, None).unwrap();
            for (s, &t) in state.totals().iter() {
                if heuristic(s) {
                    h += f64::from(t);
                    hn += 1.0;
                } else {
                    r += f64::from(t);
                    rn += 1.0;
                }
            }
        }
    }
    (h / hn, r / rn)
}

#[test]
fn heuristic_bot_scores_far_fewer_points_than_the_random_bot() {
    let (h, r) = duel(&Config::default(), 4);
    assert!(
        h * 1.5 < r,
        "heuristic {h:.1} vs random {r:.1} points per match"
    );
}

#[test]
#[ignore = "statistics; run in release with --nocapture"]
fn heuristic_bot_statistics() {
    let start = std::time::Instant::now();
    let (h, r) = duel(&Config::default(), 100);
    println!(
        "heuristic {h:.1} vs random {r:.1} points per match ({:.1?})",
        start.elapsed()
    );
}
