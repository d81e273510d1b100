//! The match seed (G1): every card follows from the whole of a 256-bit key, a 64-bit seed deals
//! as it always did; and the engine counts the rounds played (`GameState::deals_finished`).

use cards_core::rng::{rng_from_seed, shuffle};
use cards_core::testing::{check_deals_finished, check_deals_finished_from, check_key_seeds};
use cards_core::{Game, GameConfig, GameState, Seed};
use game_contract_rummy::{Config, ContractRummy, Event, Position, State, pack};

type G = ContractRummy;

fn config(players: usize, rounds: u8) -> Config {
    Config {
        rounds,
        ..Config::for_players(players).unwrap()
    }
}

fn round_scored(event: &Event) -> bool {
    cards_core::GameEvent::ends_deal(event)
}

/// The rounds a match of the state's configuration plays (C2).
fn rounds(state: &State) -> u32 {
    u32::from(state.config().rounds)
}

#[test]
fn every_bit_of_a_key_deals_other_cards_and_a_keyed_match_plays_out_and_reads_back() {
    for players in [2, 4, 7] {
        check_key_seeds::<G>(&config(players, 2), 3, players as u64).unwrap();
    }
}

#[test]
fn a_short_seed_is_the_seed_of_game_new() {
    let config = Config::default();
    for s in [0, 7, u64::MAX] {
        assert_eq!(
            <State as GameState>::new_seeded(&config, Seed::Short(s)).unwrap(),
            G::new(&config, s).unwrap()
        );
    }
}

#[test]
fn deals_finished_counts_the_rounds_played_to_their_end() {
    for players in [2, 4, 7] {
        let ends =
            check_deals_finished::<G>(&config(players, 4), 4, players as u64, round_scored, rounds)
                .unwrap();
        assert!(ends.iter().all(|&n| n == 4), "{ends:?}");
    }
    let whole = check_deals_finished::<G>(&Config::default(), 2, 9, round_scored, rounds).unwrap();
    assert_eq!(whole, [11; 2]);
}

#[test]
fn a_position_stated_in_round_five_has_four_rounds_finished() {
    let mut whole = pack(4);
    shuffle(&mut rng_from_seed(40), &mut whole);
    let text = |cards: &[game_contract_rummy::Card]| {
        let t: Vec<String> = cards.iter().map(ToString::to_string).collect();
        t.join(" ")
    };
    let pos = Position {
        round: 5,
        dealer: 1,
        to_move: 0,
        hands: vec![text(&whole[..7]), text(&whole[7..14])],
        melds: vec![],
        stock: Some(text(&whole[14..])),
        totals: vec![],
    };
    let config = config(2, 6);
    let state = State::from_position(&config, &pos).unwrap();
    assert_eq!(state.deals_finished(), 4);
    let ends = check_deals_finished_from::<G>(&state, 5, 3, round_scored, rounds).unwrap();
    assert_eq!(ends, [6; 5]);
}
