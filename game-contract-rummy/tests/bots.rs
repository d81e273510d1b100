//! The heuristic bot against the random bot.

use cards_core::Search;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Game};
use game_contract_rummy::{Config, ContractRummy, Heuristic};

/// Mean points per match of heuristic and random seats, over duplicate deals with the seats
/// rotated.
fn duel(config: &Config, games: u64) -> (f64, f64) {
    let (h, r) = duel_samples(config, games);
    (mean(&h), mean(&r))
}

fn mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}

/// Half-width of a 95% confidence interval of the mean.
fn ci95(v: &[f64]) -> f64 {
    let m = mean(v);
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() as f64 - 1.0);
    1.96 * (var / v.len() as f64).sqrt()
}

/// Points per match of every heuristic and every random seat.
fn duel_samples(config: &Config, games: u64) -> (Vec<f64>, Vec<f64>) {
    let n = config.players;
    let (mut h, mut r) = (Vec::new(), Vec::new());
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
            play_out::<ContractRummy, _>(&mut state, &mut bots, &mut rng, None).unwrap();
            for (s, &t) in state.totals().iter() {
                if heuristic(s) {
                    h.push(f64::from(t));
                } else {
                    r.push(f64::from(t));
                }
            }
        }
    }
    (h, r)
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
    let (h, r) = duel_samples(&Config::default(), 100);
    println!(
        "heuristic {:.1} +- {:.1} vs random {:.1} +- {:.1} points per match (95% CI, {} and {} seats, {:.1?})",
        mean(&h),
        ci95(&h),
        mean(&r),
        ci95(&r),
        h.len(),
        r.len(),
        start.elapsed()
    );
    assert!(mean(&h) + ci95(&h) < mean(&r) - ci95(&r));
}

/// A hand grown far past what the exact solver handles quickly sheds its biggest natural meld
/// at once instead of waiting on the solver.
#[test]
fn the_heuristic_bot_decides_at_once_on_a_huge_hand() {
    use cards_core::rng::shuffle;
    use game_contract_rummy::{Action, Position, State, pack};
    let mut whole = pack(4);
    shuffle(&mut rng_from_seed(40), &mut whole);
    let text = |cards: &[game_contract_rummy::Card]| {
        let t: Vec<String> = cards.iter().map(ToString::to_string).collect();
        t.join(" ")
    };
    let pos = Position {
        round: 11,
        dealer: 1,
        to_move: 0,
        hands: vec![text(&whole[..45]), text(&whole[45..58])],
        melds: vec![],
        stock: Some(text(&whole[58..])),
        totals: vec![],
    };
    let config = Config {
        players: 2,
        first_round: 11,
        rounds: 1,
        ..Config::default()
    };
    let state = State::from_position(&config, &pos).unwrap();
    let legal = ContractRummy::legal_actions(&state);
    let d = cards_core::Decision::<ContractRummy>::new(&state, Seat(0), &legal);
    let start = std::time::Instant::now();
    let i = Heuristic.choose(&d, &mut rng_from_seed(1));
    assert!(start.elapsed() < std::time::Duration::from_secs(2));
    let Action::Meld(spec) = legal[i] else {
        panic!("{} is not a meld", legal[i]);
    };
    let info = state.round_info();
    let naturals =
        |s: &game_contract_rummy::MeldSpec| s.cards().iter().filter(|&&c| !info.is_wild(c)).count();
    let most = legal
        .iter()
        .filter_map(|a| match a {
            Action::Meld(s) => Some(naturals(s)),
            _ => None,
        })
        .max()
        .unwrap();
    assert_eq!(naturals(&spec), most, "{spec}");
}
