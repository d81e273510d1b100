//! The match seed (G1): every card follows from the whole of a 256-bit key, a 64-bit seed deals
//! as it always did; and the engine counts the hands played (`GameState::deals_finished`).

use cards_core::card::Suit;
use cards_core::rng::{rng_from_seed, shuffle};
use cards_core::testing::{check_deals_finished, check_deals_finished_from, check_key_seeds};
use cards_core::{Game, GameConfig, GameState, Seat, Seed};
use game_big_a::{BigA, Config, Event, PlaySetup, State, full_pack};

type G = BigA;

fn config(hands: usize) -> Config {
    Config {
        hands,
        ..Config::default()
    }
}

fn hand_ended(event: &Event) -> bool {
    cards_core::GameEvent::ends_deal(event)
}

#[test]
fn every_bit_of_a_key_deals_other_cards_and_a_keyed_match_plays_out_and_reads_back() {
    check_key_seeds::<G>(&config(3), 6, 1).unwrap();
    let bombs = Config {
        extra_bombs: true,
        ..Config::default().single_deal()
    };
    check_key_seeds::<G>(&bombs, 3, 2).unwrap();
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
fn deals_finished_counts_the_hands_played_to_their_end_and_no_redeal() {
    let ends =
        check_deals_finished::<G>(&config(5), 20, 3, hand_ended, State::hands_played).unwrap();
    assert!(ends.iter().all(|&n| n == 5), "{ends:?}");
}

#[test]
fn stated_first_hands_have_no_hand_finished_and_their_matches_count_every_hand() {
    let mut pack = full_pack();
    shuffle(&mut rng_from_seed(4), &mut pack);
    let stacked = State::from_pack(&config(2), 8, Seat(2), &pack).unwrap();
    assert_eq!(stacked.deals_finished(), 0);
    let ends =
        check_deals_finished_from::<G>(&stacked, 5, 1, hand_ended, State::hands_played).unwrap();
    assert_eq!(ends, [2; 5]);

    let cards = |t: &str| t.split(' ').map(|c| c.parse().unwrap()).collect();
    let setup = PlaySetup {
        hands: ["Ah 5c", "Ah 6c", "7c", "8c", "9c"].map(cards),
        declarer: Seat(0),
        suit: Suit::Hearts,
        partner: Some(Seat(1)),
        exposed: false,
        leader: Seat(0),
        out: vec![],
    };
    let at_play = State::from_play(&config(3), 5, &setup).unwrap();
    assert_eq!(at_play.deals_finished(), 0);
    let ends =
        check_deals_finished_from::<G>(&at_play, 5, 2, hand_ended, State::hands_played).unwrap();
    assert_eq!(ends, [3; 5]);
}
