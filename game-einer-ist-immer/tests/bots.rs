//! The heuristic bot against random bots: it must finish higher on average and be Boss more
//! often.

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Game, PerSeat, Seat};
use game_einer_ist_immer::{Config, EinerIstImmer};

type G = EinerIstImmer;

/// Mean place (0 = Boss) and Boss rate of heuristic and random seats over `games` hands, with
/// half the table heuristic, the heuristic seats rotating.
fn duel(players: usize, games: u64) -> ((f64, f64), (f64, f64)) {
    let config = Config::for_players(players).unwrap().single_deal();
    let (mut hp, mut hb, mut hn, mut rp, mut rb, mut rn) = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0);
    for game in 0..games {
        let heuristic = |s: Seat| (s.index() + game as usize) % 2 == 0;
        let mut bots: PerSeat<Box<dyn Bot<G>>> = PerSeat::from_fn(players, |s| {
            if heuristic(s) {
                G::heuristic_bot()
            } else {
                Box::new(RandomBot)
            }
        });
        let mut state = G::new(&config, game).unwrap();
        let mut rng = rng_from_seed(game);
        play_out(&mut state, &mut bots, &mut rng, None).unwrap();
        for (p, &s) in state.rankings()[0].iter().enumerate() {
            let boss = if p == 0 { 1.0 } else { 0.0 };
            if heuristic(s) {
                (hp, hb, hn) = (hp + p as f64, hb + boss, hn + 1.0);
            } else {
                (rp, rb, rn) = (rp + p as f64, rb + boss, rn + 1.0);
            }
        }
    }
    ((hp / hn, hb / hn), (rp / rn, rb / rn))
}

#[test]
fn the_heuristic_bot_finishes_higher_and_is_boss_more_often_than_random() {
    for players in [4, 5, 6, 8] {
        let ((hp, hb), (rp, rb)) = duel(players, 300);
        println!(
            "{players}: heuristic place {hp:.2} boss {hb:.3}; random place {rp:.2} boss {rb:.3}"
        );
        assert!(hp + 0.3 < rp, "{players} players: {hp} vs {rp}");
        assert!(hb > rb, "{players} players: {hb} vs {rb}");
    }
}

#[test]
fn the_heuristic_bot_names_itself() {
    assert_eq!(
        Bot::<G>::name(&game_einer_ist_immer::Heuristic),
        "heuristic"
    );
}
