//! The open-hand solver (issue 16): its value equals plain minimax over the engine itself on
//! random endings of 3 tricks, and plain minimax over its own moves on endings of 3 to 5.

use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Game, Seat};
use game_cego::{Cego, Config, Contract, Counting, Event, Score, State, solve, solve_by_minimax};

/// Random single deals played at random until `tricks` tricks are left (at a random point of
/// the trick), in card play outside the double lead and Räuber.
fn endings(config: &Config, tricks: u8, count: usize, seed: u64) -> Vec<State> {
    let config = Cego::single_deal(config);
    let mut out = Vec::new();
    let mut rng = rng_from_seed(seed);
    let mut g = 0;
    while out.len() < count && g < 50 * count as u64 {
        g += 1;
        let mut s = Cego::new(&config, derive_seed(seed, g)).unwrap();
        let stop_in_trick = below(&mut rng, 3) as u8;
        while !Cego::is_over(&s) {
            let d = &s.deal;
            let left = d.tricks_per_deal() - d.trick_no;
            if left == tricks
                && matches!(d.phase, game_cego::Phase::Play)
                && d.tricks[0].len == stop_in_trick.min(d.seats - 1)
                && d.contract != Some(Contract::Raeuber)
            {
                out.push(s.clone());
                break;
            }
            let legal = Cego::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
    }
    assert_eq!(out.len(), count, "enough endings");
    out
}

/// Minimax over the engine: every legal action applied to a clone, the value read from the
/// deal's score (half points of a counter game, 1 or 0 for a special game).
fn engine_minimax(s: &State) -> i32 {
    let d = &s.deal;
    let soloist = s.real_seat(d.soloist.unwrap());
    let maximise = Cego::to_move(s) == Some(soloist);
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for a in Cego::legal_actions(s) {
        let mut t = s.clone();
        let events = Cego::apply(&mut t, &a).unwrap();
        let scored = events.iter().find_map(|e| match e {
            Event::Scored { score, .. } => Some(*score),
            _ => None,
        });
        let v = match scored {
            Some(Score::Counter { half_points, .. }) => half_points,
            Some(Score::Special { won, .. }) => i32::from(won),
            Some(other) => panic!("{other:?}"),
            None => engine_minimax(&t),
        };
        best = if maximise { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn the_solver_equals_minimax_over_the_engine_on_three_trick_endings() {
    let three = Cego::config_for_players(3).unwrap();
    let pairs = Config {
        count: Counting::Pairs,
        ..Config::default()
    };
    let hold_back = Config {
        ulti_must_hold_back: true,
        ..Config::default()
    };
    for (k, config) in [Config::default(), three, pairs, hold_back]
        .iter()
        .enumerate()
    {
        for s in endings(config, 3, 25, 100 + k as u64) {
            assert_eq!(solve(&s), Some(engine_minimax(&s)), "{:?}", s.deal.contract);
        }
    }
}

#[test]
fn the_solver_equals_plain_minimax_on_endings_of_three_to_five_tricks() {
    let three = Cego::config_for_players(3).unwrap();
    for tricks in 3..=4 {
        for s in endings(&Config::default(), tricks, 25, 200 + u64::from(tricks)) {
            assert_eq!(solve(&s), solve_by_minimax(&s), "{:?}", s.deal.contract);
        }
    }
    for tricks in 3..=5 {
        for s in endings(&three, tricks, 15, 300 + u64::from(tricks)) {
            assert_eq!(solve(&s), solve_by_minimax(&s), "{:?}", s.deal.contract);
        }
    }
}

#[test]
fn the_solver_answers_none_outside_card_play() {
    let s = Cego::new(&Cego::single_deal(&Config::default()), 1).unwrap();
    assert_eq!(solve(&s), None, "the auction");
    // Räuber: no soloist to play for.
    let mut s = Cego::new(&Cego::single_deal(&Config::default()), 2).unwrap();
    for a in [
        "pass", "pass", "pass", "pass", "cego", "pass", "pass", "pass", "raeuber",
    ] {
        let a = Cego::parse_action(&s, a).unwrap();
        Cego::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.deal.contract, Some(Contract::Raeuber));
    assert_eq!(solve(&s), None);
    assert_eq!(Cego::to_move(&s), Some(s.real_seat(s.deal.forehand)));
    let _ = Seat(0);
}
