//! `State::validate` replays the draw from the hand as dealt: states the engine reaches, and
//! states determinized from them, are accepted in every phase, including hands whose Big Aces
//! come from a forced heart Ace (nobody exposes) or from exposures made as early as possible.

use cards_core::GameState;
use cards_core::game::Game;
use cards_core::rng::{below, rng_from_seed};
use cards_core::seat::Seat;
use game_big_a::{Action, BigA, Config, Phase, State};

/// Plays `seeds` matches of two hands, passing in the draw when `expose` is false and
/// exposing whenever it may when true, random plays otherwise; validates every state and the
/// states determinized from it for each seat.
fn every_state_validates(expose: bool, seeds: u64) {
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    for seed in 0..seeds {
        let mut s = BigA::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        while BigA::to_move(&s).is_some() {
            check(&s, seed, &mut rng);
            let legal = BigA::legal_actions(&s);
            let a = match s.phase() {
                Phase::Draw | Phase::PartnerExposure { .. } if expose => *legal.last().unwrap(),
                Phase::Draw | Phase::PartnerExposure { .. } => Action::Pass,
                _ => legal[below(&mut rng, legal.len() as u64) as usize],
            };
            BigA::apply(&mut s, &a).unwrap();
        }
        check(&s, seed, &mut rng);
    }
}

fn check(s: &State, seed: u64, rng: &mut cards_core::rng::GameRng) {
    if let Err(e) = s.validate() {
        panic!("seed {seed}: {e}");
    }
    for seat in Seat::all(5) {
        let d = s.determinize(seat, rng);
        if let Err(e) = d.validate() {
            panic!(
                "seed {seed}, determinized for {seat} in {:?}: {e}",
                s.phase()
            );
        }
    }
}

#[test]
fn hands_without_exposures_validate_with_their_determinizations() {
    every_state_validates(false, 6);
}

#[test]
fn hands_exposing_at_once_validate_with_their_determinizations() {
    every_state_validates(true, 6);
}
