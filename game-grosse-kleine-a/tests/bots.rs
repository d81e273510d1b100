//! The heuristic bot against random bots, on duplicate deals (each deal played with the
//! heuristic bot in every seat in turn).

use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, RandomBot, Seat};
use game_grosse_kleine_a::{Config, GrosseKleineA};

type G = GrosseKleineA;

/// (heuristic mean penalty, random mean penalty, heuristic win rate, random win rate) over
/// `deals` duplicate deals of one hand with one heuristic bot and three random bots.
fn duel(deals: u64) -> (f64, f64, f64, f64) {
    let config = G::single_deal(&Config::default());
    let (mut h_pen, mut r_pen, mut h_win, mut r_win) = (0.0, 0.0, 0.0, 0.0);
    let mut rng = rng_from_seed(42);
    for seed in 0..deals {
        for hseat in 0..4u8 {
            let mut bots: PerSeat<Box<dyn Bot<G>>> = PerSeat::from_fn(4, |s| {
                if s == Seat(hseat) {
                    G::heuristic_bot()
                } else {
                    Box::new(RandomBot)
                }
            });
            let mut state = G::new(&config, seed).unwrap();
            play_out(&mut state, &mut bots, &mut rng, None).unwrap();
            let winners = state.winners();
            let share = 1.0 / winners.len() as f64;
            for s in Seat::all(4) {
                let pen = f64::from(state.totals()[s.index()]);
                let win = if winners.contains(&s) { share } else { 0.0 };
                if s == Seat(hseat) {
                    h_pen += pen;
                    h_win += win;
                } else {
                    r_pen += pen / 3.0;
                    r_win += win / 3.0;
                }
            }
        }
    }
    let n = (deals * 4) as f64;
    (h_pen / n, r_pen / n, h_win / n, r_win / n)
}

#[test]
fn the_heuristic_bot_beats_random_bots() {
    let (h_pen, r_pen, h_win, r_win) = duel(60);
    assert!(h_pen < r_pen, "penalty {h_pen} vs {r_pen}");
    assert!(h_win > r_win, "win rate {h_win} vs {r_win}");
}

/// `cargo test --release -p game-grosse-kleine-a --test bots -- --ignored --nocapture`
#[test]
#[ignore = "statistics, run in release mode"]
fn heuristic_against_random_figures() {
    let (h_pen, r_pen, h_win, r_win) = duel(2000);
    println!(
        "heuristic: mean penalty {h_pen:.2}, win rate {h_win:.3}; random: mean penalty {r_pen:.2}, win rate {r_win:.3}"
    );
}
