//! The match seed (G1): every card follows from the whole of a 256-bit key, a 64-bit seed deals
//! as it always did; and the engine counts the hands played (`GameState::deals_finished`).

use cards_core::testing::{check_deals_finished, check_deals_finished_from, check_key_seeds};
use cards_core::{Game, GameConfig, GameState, Seat, Seed};
use game_einer_ist_immer::examples::hands;
use game_einer_ist_immer::{Config, EinerIstImmer, Event, Position, State};

type G = EinerIstImmer;

fn config(players: usize, hands: u32) -> Config {
    Config {
        hands,
        ..Config::for_players(players).unwrap()
    }
}

fn hand_ended(event: &Event) -> bool {
    cards_core::GameEvent::ends_deal(event)
}

fn rankings(state: &State) -> u32 {
    state.rankings().len() as u32
}

#[test]
fn every_bit_of_a_key_deals_other_cards_and_a_keyed_match_plays_out_and_reads_back() {
    for players in [4, 7, 10] {
        check_key_seeds::<G>(&config(players, 3), 3, players as u64).unwrap();
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
        assert_eq!(
            State::new_seeded(&config, Seed::from(s)).unwrap(),
            State::new(&config, s).unwrap()
        );
    }
}

#[test]
fn deals_finished_counts_the_hands_played_to_their_end() {
    for players in [4, 6, 10] {
        let ends =
            check_deals_finished::<G>(&config(players, 5), 6, players as u64, hand_ended, rankings)
                .unwrap();
        assert!(ends.iter().all(|&n| n == 5), "{ends:?}");
    }
}

#[test]
fn a_position_stated_in_hand_three_has_two_hands_finished() {
    let pos = Position {
        hand: 3,
        previous_ranking: vec![Seat(1), Seat(3), Seat(0), Seat(2)],
        hands: hands(&["9 J", "Q", "4 10", "-"]),
        finished: vec![Seat(3)],
        leader: Seat(0),
    };
    let state = State::from_mid_hand_position(&config(4, 5), 6, &pos).unwrap();
    assert_eq!(state.deals_finished(), 2);
    // This state records the rankings of the hands it plays: hands 3 to 5.
    let ends =
        check_deals_finished_from::<G>(&state, 5, 1, hand_ended, |s| rankings(s) + 2).unwrap();
    assert_eq!(ends, [5; 5]);

    let first = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["4 4 8", "6 6 J", "Q Q", "-", "3 7 7 A"]),
        finished: vec![Seat(3)],
        leader: Seat(0),
    };
    let state = State::from_mid_hand_position(&config(5, 1), 6, &first).unwrap();
    assert_eq!(state.deals_finished(), 0);
    let ends = check_deals_finished_from::<G>(&state, 5, 2, hand_ended, rankings).unwrap();
    assert_eq!(ends, [1; 5]);
}
