//! The inferring expert: the hand's record rebuilds the deal in every world the seat can
//! imagine, weighs the true world above the others when the players play as its model does,
//! and the expert still chooses only on what its seat knows (`cards_core::testing`'s checks).

use cards_core::search::Infer;
use cards_core::testing::{Played, check_inference, check_inferring_expert};
use cards_core::{Game, GameConfig, Search, Seat};
use game_grosse_kleine_a::{Cards, Config, GrosseKleineA};

type G = GrosseKleineA;

/// A single deal of four from `seed`, played by heuristic bots for `actions` actions, with
/// the hands as dealt.
fn played(seed: u64, actions: usize) -> (Vec<Cards>, Played<G>) {
    let config = Config::for_players(4).unwrap().single_deal();
    let state = G::new(&config, seed).unwrap();
    let dealt = Seat::all(4).map(|s| state.hand_of(s)).collect();
    (dealt, Played::heuristic(state, actions, seed).unwrap())
}

#[test]
fn the_record_rebuilds_the_hands_as_dealt_and_replays_to_the_state_reached() {
    let mut replayed = 0;
    for seed in 0..8 {
        let (dealt, played) = played(seed, 30);
        let state = &played.state;
        if G::to_move(state).is_none() {
            // The deal is over: nobody decides on its record.
            continue;
        }
        replayed += 1;
        let record = played.record(Seat(0));
        assert!(record.actions().len() >= 20, "seed {seed}");
        // On the true state the rebuilt deal is the deal.
        let mut start = G::replay_start(state, &record).expect("the true world replays");
        let hands: Vec<Cards> = Seat::all(4).map(|s| start.hand_of(s)).collect();
        assert_eq!(hands, dealt, "seed {seed}");
        for (seat, action) in record.actions() {
            assert_eq!(G::to_move(&start), Some(*seat), "seed {seed}");
            G::apply(&mut start, action).unwrap();
        }
        for s in Seat::all(4) {
            assert_eq!(start.hand_of(s), state.hand_of(s), "seed {seed}, {s}");
        }
    }
    assert!(replayed >= 4, "{replayed} deals replayed");
}

#[test]
fn worlds_replay_the_record_and_the_inferring_bot_decides_on_what_its_seat_knows() {
    let matches: Vec<Played<G>> = (0..12)
        .map(|seed| played(seed, 14 + seed as usize).1)
        .collect();
    let counts = check_inference(&matches).unwrap();
    assert!(counts.decisions >= 8, "{counts:?}");
    // Worlds drawn at random mostly disagree with the heuristic somewhere.
    assert!(counts.lighter * 2 > counts.worlds, "{counts:?}");
}

#[test]
fn the_expert_keeps_the_record_and_searches_with_it() {
    let config = Config::for_players(4).unwrap().single_deal();
    check_inferring_expert::<G>(G::new(&config, 11).unwrap()).unwrap();
    assert!(G::expert_options().iterations > 1000);
}
