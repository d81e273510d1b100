//! The inferring expert: the hand's record rebuilds the hands at the first lead in every world
//! the seat can imagine (after an exchange too), weighs the true world above the others when
//! the players play as its model does, and the expert still chooses only on what its seat
//! knows (`cards_core::testing`'s checks).

use cards_core::search::Infer;
use cards_core::testing::{Played, check_inference, check_inferring_expert};
use cards_core::{Game, GameConfig, Search, Seat};
use game_einer_ist_immer::{Cards, Config, EinerIstImmer};

type G = EinerIstImmer;

const PLAYERS: usize = 5;

/// A match of five from `seed` of `hands` hands, played by heuristic bots up to the last
/// hand's start and then for `actions` more actions, with the hands as the last hand's first
/// trick was led.
fn played(hands: u32, seed: u64, actions: usize) -> (Vec<Cards>, Played<G>) {
    let mut config = Config::for_players(PLAYERS).unwrap();
    config.hands = hands;
    let mut state = G::new(&config, seed).unwrap();
    let mut events = Vec::new();
    // Earlier hands whole (the second starts with an exchange, E8).
    while state.hand_number() < hands {
        let step = Played::<G>::heuristic(state, 1, seed).unwrap();
        state = step.state;
        events.extend(step.events);
    }
    let lead = Seat::all(PLAYERS).map(|s| state.hand_of(s)).collect();
    let mut rest = Played::<G>::heuristic(state, actions, seed).unwrap();
    events.append(&mut rest.events);
    rest.events = events;
    (lead, rest)
}

#[test]
fn the_record_rebuilds_the_hands_at_the_first_lead_and_replays_to_the_state_reached() {
    let mut replayed = 0;
    for seed in 0..8 {
        let (lead, played) = played(1 + (seed % 2) as u32, seed, 25);
        let state = &played.state;
        if G::to_move(state).is_none() {
            continue;
        }
        replayed += 1;
        let record = played.record(Seat(0));
        assert!(record.actions().len() >= 20, "seed {seed}");
        let mut start = G::replay_start(state, &record).expect("the true world replays");
        let hands: Vec<Cards> = Seat::all(PLAYERS).map(|s| start.hand_of(s)).collect();
        assert_eq!(hands, lead, "seed {seed}");
        for (seat, action) in record.actions() {
            assert_eq!(G::to_move(&start), Some(*seat), "seed {seed}");
            G::apply(&mut start, action).unwrap();
        }
        for s in Seat::all(PLAYERS) {
            assert_eq!(start.hand_of(s), state.hand_of(s), "seed {seed}, {s}");
        }
    }
    assert!(replayed >= 4, "{replayed} deals replayed");
}

#[test]
fn worlds_replay_the_record_and_the_inferring_bot_decides_on_what_its_seat_knows() {
    let matches: Vec<Played<G>> = (0..12)
        .map(|seed| played(1 + (seed % 2) as u32, seed, 14 + seed as usize).1)
        .collect();
    let counts = check_inference(&matches).unwrap();
    assert!(counts.decisions >= 8, "{counts:?}");
    assert!(counts.lighter * 2 > counts.worlds, "{counts:?}");
}

#[test]
fn the_expert_keeps_the_record_and_searches_with_it() {
    let config = Config::for_players(PLAYERS).unwrap().single_deal();
    check_inferring_expert::<G>(G::new(&config, 11).unwrap()).unwrap();
    assert!(G::expert_options().iterations > 1000);
}
