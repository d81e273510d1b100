//! Random playouts with invariants checked by this crate itself (the core harness is being
//! completed): legal lists sorted, unique, accepted by `check`, notation round trip, card
//! conservation, serde round trip, views that leak nothing, determinize agreeing with the view.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Bot, Game, PerSeat, Seat};
use game_einer_ist_immer::{Action, Config, EinerIstImmer};

type G = EinerIstImmer;

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn check_state(state: &<G as Game>::State, legal: &[Action]) {
    let config = state.config();
    assert_eq!(
        sorted(state.census()),
        sorted(cards_core::GameConfig::pack(config)),
        "card conservation"
    );
    for w in legal.windows(2) {
        assert!(w[0] < w[1], "sorted, unique: {} {}", w[0], w[1]);
    }
    let mut texts = Vec::new();
    for a in legal {
        assert!(G::check(state, a).is_ok(), "{a} listed but refused");
        let t = a.to_string();
        assert_eq!(t.parse::<Action>().unwrap(), *a);
        texts.push(t);
    }
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), legal.len());
    let json = serde_json::to_string(state).unwrap();
    let back: <G as Game>::State = serde_json::from_str(&json).unwrap();
    assert_eq!(&back, state);
}

#[test]
fn random_matches_keep_every_invariant() {
    for players in 4..=10 {
        let config = Config {
            players,
            hands: 3,
            ..Config::default()
        };
        for game in 0..2u64 {
            let seed = derive_seed(players as u64, game);
            let mut state = G::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed);
            let mut n = 0;
            while G::to_move(&state).is_some() {
                let legal = G::legal_actions(&state);
                check_state(&state, &legal);
                // Illegal actions are refused and change nothing.
                for probe in ["pass", "1x2", "2x5", "1jk", "3xA", "2x7+1jk", "4x10"] {
                    let a: Action = probe.parse().unwrap();
                    if !legal.contains(&a) {
                        let before = state.clone();
                        assert!(G::apply(&mut state, &a).is_err(), "{probe} accepted");
                        assert_eq!(before, state);
                    }
                }
                // Views: determinize agrees with the seat's view, for every seat.
                for s in Seat::all(players).filter(|_| n % 5 == 0) {
                    let d = state.determinize(s, &mut rng);
                    assert_eq!(G::view(&d, s), G::view(&state, s), "determinize view");
                    assert_eq!(
                        sorted(d.census()),
                        sorted(cards_core::GameConfig::pack(&config))
                    );
                    assert!(!G::legal_actions(&d).is_empty());
                }
                let i = below(&mut rng, legal.len() as u64) as usize;
                G::apply(&mut state, &legal[i]).unwrap();
                n += 1;
                assert!(n <= config.max_actions());
            }
            let scores = G::scores(&state);
            let sum: f64 = scores.0.iter().sum();
            assert!(sum.abs() < 1e-9, "zero sum: {sum}");
            assert_eq!(state.rankings().len(), 3);
        }
    }
}

#[test]
fn play_out_with_random_bots_ends_every_match() {
    let config = Config::default();
    for seed in 0..50 {
        let mut state = G::new(&config, seed).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<G>>> =
            PerSeat::from_fn(config.players, |_| Box::new(RandomBot) as Box<dyn Bot<G>>);
        let mut rng = rng_from_seed(seed);
        let n = play_out(&mut state, &mut bots, &mut rng, None).unwrap();
        assert!(n <= config.max_actions());
        assert!(G::to_move(&state).is_none());
    }
}
