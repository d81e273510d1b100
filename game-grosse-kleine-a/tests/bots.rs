//! The heuristic bot against random bots, on duplicate deals (each deal played with the
//! heuristic bot in every seat in turn).

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, RandomBot, Seat};
use game_grosse_kleine_a::{Config, GrosseKleineA};

type G = GrosseKleineA;

/// Mean and half-width of the 95% confidence interval.
fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, 1.96 * (var / n).sqrt())
}

/// Per game: (heuristic penalty, mean random penalty, heuristic win share, mean random win
/// share) over `deals` duplicate deals of one hand with one heuristic bot and three random
/// bots.
fn duel_samples(deals: u64) -> Vec<[f64; 4]> {
    let config = Config::default().single_deal();
    let mut samples = Vec::new();
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
            let (mut h_pen, mut r_pen, mut h_win, mut r_win) = (0.0, 0.0, 0.0, 0.0);
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
            samples.push([h_pen, r_pen, h_win, r_win]);
        }
    }
    samples
}

fn duel(deals: u64) -> (f64, f64, f64, f64) {
    let s = duel_samples(deals);
    let mean = |k: usize| mean_ci(&s.iter().map(|x| x[k]).collect::<Vec<_>>()).0;
    (mean(0), mean(1), mean(2), mean(3))
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
    let s = duel_samples(2000);
    let stat = |k: usize| mean_ci(&s.iter().map(|x| x[k]).collect::<Vec<_>>());
    let (hp, hpc) = stat(0);
    let (rp, rpc) = stat(1);
    let (hw, hwc) = stat(2);
    let (rw, rwc) = stat(3);
    println!(
        "{} games; heuristic: mean penalty {hp:.2} +- {hpc:.2}, win rate {hw:.3} +- {hwc:.3}; \
         random: mean penalty {rp:.2} +- {rpc:.2}, win rate {rw:.3} +- {rwc:.3}",
        s.len()
    );
}
