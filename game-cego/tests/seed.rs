//! The match seed (G1, CG1): every card follows from the whole of a 256-bit key, a 64-bit seed
//! deals as it always did; and the engine counts the deals played
//! (`GameState::deals_finished`).

use cards_core::testing::{check_deals_finished, check_deals_finished_from, check_key_seeds};
use cards_core::{Game, GameConfig, GameState, Seed};
use game_cego::{Cego, Config, Event, FIRST_DEALER, Position, State, first_dealer};

type G = Cego;

fn config(players: usize, deals: u32) -> Config {
    Config {
        deals,
        ..Config::for_players(players).unwrap()
    }
}

fn scored(event: &Event) -> bool {
    cards_core::GameEvent::ends_deal(event)
}

/// The deals the match has dealt: the last one's number (CG1).
fn dealt(state: &State) -> u32 {
    state.deal.index + 1
}

#[test]
fn every_bit_of_a_key_deals_other_cards_and_a_keyed_match_plays_out_and_reads_back() {
    for players in [3, 4, 5] {
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
        assert_eq!(
            State::new_seeded(&config, Seed::from(s)).unwrap(),
            State::new(&config, s).unwrap()
        );
        assert_eq!(first_dealer(s, 5), first_dealer(Seed::Short(s), 5));
    }
}

#[test]
fn the_first_dealer_follows_from_a_whole_key() {
    let dealers: std::collections::BTreeSet<_> = (0..40u8)
        .map(|b| {
            let mut key = [0; 32];
            key[31] = b;
            first_dealer(Seed::Key(key), 5)
        })
        .collect();
    assert_eq!(dealers.len(), 5);
}

#[test]
fn deals_finished_counts_the_deals_played_to_their_end() {
    for players in [3, 4, 5] {
        let ends = check_deals_finished::<G>(&config(players, 4), 6, players as u64, scored, dealt)
            .unwrap();
        assert!(ends.iter().all(|&n| n == 4), "{ends:?}");
    }
}

#[test]
fn under_the_gstiess_ending_deals_finished_counts_every_deal_played() {
    let config = Config {
        gstiess_ending: true,
        ..config(4, 1)
    };
    // (Not `check_deals_finished`: the single deal of this configuration keeps the Gstieß
    // ending, so it plays more than one deal.)
    let mut ends = Vec::new();
    for g in 0..20 {
        let start = G::new(&config, g).unwrap();
        assert_eq!(start.deals_finished(), 0);
        ends.extend(
            check_deals_finished_from::<G>(&start, 1, g, scored, |s| s.results.len() as u32)
                .unwrap(),
        );
    }
    assert!(ends.iter().all(|&n| (3..=6).contains(&n)), "{ends:?}");
}

#[test]
fn a_stated_first_deal_has_no_deal_finished_and_its_match_counts_every_deal() {
    let dealt_cards = G::new(&Config::default(), 3).unwrap().deal;
    let position = Position {
        dealer: FIRST_DEALER,
        hands: dealt_cards.hands,
        cego: dealt_cards.cego,
    };
    let state = State::from_position(&config(4, 3), 11, &position).unwrap();
    assert_eq!(state.deals_finished(), 0);
    let ends = check_deals_finished_from::<G>(&state, 5, 4, scored, dealt).unwrap();
    assert_eq!(ends, [3; 5]);
}
