//! The match seed (G1): every card follows from the whole of a 256-bit key, a 64-bit seed deals
//! as it always did; and the engine counts the hands played (`GameState::deals_finished`).

use cards_core::testing::{check_deals_finished, check_deals_finished_from, check_key_seeds};
use cards_core::{Game, GameState, Seat, Seed};
use game_grosse_kleine_a::{Cards, Config, Event, FirstA, GrosseKleineA, Position, State};

type G = GrosseKleineA;

fn config(players: u8, hands: u16) -> Config {
    Config {
        players,
        hands,
        ..Config::default()
    }
}

fn hand_ended(event: &Event) -> bool {
    cards_core::GameEvent::ends_deal(event)
}

#[test]
fn every_bit_of_a_key_deals_other_cards_and_a_keyed_match_plays_out_and_reads_back() {
    for players in [3, 4, 9] {
        check_key_seeds::<G>(&config(players, 2), 4, u64::from(players)).unwrap();
    }
    let big_a_first = Config {
        first_a: FirstA::BigAFirst,
        ..Config::default()
    };
    check_key_seeds::<G>(&big_a_first, 2, 11).unwrap();
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
    for players in [3, 5, 9] {
        let config = config(players, 5);
        let ends = check_deals_finished::<G>(&config, 6, u64::from(players), hand_ended, |s| {
            s.results().len() as u32
        })
        .unwrap();
        assert!(ends.iter().all(|&n| n == 5), "{ends:?}");
    }
}

#[test]
fn a_stated_first_hand_has_no_hand_finished_and_its_match_counts_every_hand() {
    let hands: Vec<Cards> = [
        "1 2 3 4 5 5 6 7 8 9 10 11 J",
        "1 2 3 4 6 6 7 8 9 10 11 12 13",
        "2 3 4 5 6 7 8 8 9 10 11 12 13",
        "1 2 3 4 5 7 9 10 11 12 13 13 J",
    ]
    .iter()
    .map(|h| h.parse().unwrap())
    .collect();
    let state = State::from_position(&config(4, 3), &Position::deal(hands, Seat(0)), 5).unwrap();
    assert_eq!(state.deals_finished(), 0);
    let ends =
        check_deals_finished_from::<G>(&state, 5, 9, hand_ended, |s| s.results().len() as u32)
            .unwrap();
    assert_eq!(ends, [3; 5]);
}
