//! A state read back from JSON is input: every state the engine reaches validates and
//! deserialises, and specific corruptions are refused naming what is wrong.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::rng::{below, rng_from_seed};
use cards_core::{Game, Seat};
use game_einer_ist_immer::worked::{fill_deal, hands};
use game_einer_ist_immer::{Action, Config, EinerIstImmer, Position, State};
use serde_json::{Value, json};

type G = EinerIstImmer;

/// Plays random legal actions from `state` until `stop` holds (or the match ends), checking
/// that every state on the way validates, and (every few steps) every determinization of it.
fn play_validating(mut state: State, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut rng = rng_from_seed(seed);
    let players = state.config().players();
    for step in 0.. {
        if let Err(e) = state.validate() {
            panic!("seed {seed}, step {step}: a state reached by play is refused: {e}");
        }
        if step % 7 == 0 {
            for seat in Seat::all(players) {
                let det = state.determinize(seat, &mut rng);
                if let Err(e) = det.validate() {
                    panic!("seed {seed}, step {step}: determinized for {seat}, refused: {e}");
                }
            }
        }
        if stop(&state) || G::to_move(&state).is_none() {
            break;
        }
        let legal = G::legal_actions(&state);
        let a = legal[below(&mut rng, legal.len() as u64) as usize];
        G::apply(&mut state, &a).unwrap();
    }
    state
}

/// The state after random play from a fresh match of `config` until `stop` holds.
fn reach(config: &Config, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let state = play_validating(G::new(config, seed).unwrap(), seed, &stop);
    assert!(
        stop(&state),
        "seed {seed}: the wanted state was not reached"
    );
    state
}

fn to_json(state: &State) -> Value {
    serde_json::to_value(state).unwrap()
}

/// The message of the refusal of `value`, which must be refused.
fn refusal(value: Value) -> String {
    match serde_json::from_value::<State>(value) {
        Ok(s) => panic!("accepted: {s:?}"),
        Err(e) => e.to_string(),
    }
}

/// The trick has at least two turns.
fn trick_under_way(s: &State) -> bool {
    G::view(s, Seat(0)).trick.len() >= 2
}

#[test]
fn every_state_of_random_matches_and_of_their_determinizations_validates() {
    for players in 4..=10 {
        let config = Config {
            players,
            hands: 3,
            ..Config::default()
        };
        for seed in 0..2 {
            let end = play_validating(G::new(&config, seed).unwrap(), seed, |_| false);
            assert!(G::to_move(&end).is_none());
            assert_eq!(end.rankings().len(), 3);
        }
    }
}

#[test]
fn stated_deals_and_positions_validate_and_play_on_valid() {
    let config = Config::default();
    let ranking: Vec<Seat> = [3, 1, 4, 0, 2].map(Seat).to_vec();
    let given = [
        None,
        Some("2 2 3 3 4 4 5 5 6 6 7 7 8".parse().unwrap()),
        None,
        None,
        None,
    ];
    let deal = fill_deal(&config, 2, &ranking, Seat(0), &given).unwrap();
    let (state, _) = State::from_deal_with_exchange(&config, 5, &deal).unwrap();
    play_validating(state, 5, |_| false);

    let first = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["2 3 K", "-", "A A", "5 5 9", "7"]),
        finished: vec![Seat(1)],
        leader: Seat(3),
    };
    play_validating(
        State::from_mid_hand_position(&config, 6, &first).unwrap(),
        6,
        |_| false,
    );

    let later = Position {
        hand: 3,
        previous_ranking: ranking,
        hands: hands(&["2 JK", "Q Q", "-", "4 5 6 JK", "-"]),
        finished: vec![Seat(2), Seat(4)],
        leader: Seat(0),
    };
    play_validating(
        State::from_mid_hand_position(&config, 7, &later).unwrap(),
        7,
        |_| false,
    );
}

#[test]
fn a_card_duplicated_into_another_hand_is_refused_g4() {
    let state = G::new(&Config::default(), 1).unwrap();
    let mut v = to_json(&state);
    let card = state.hand_of(Seat(0)).lowest_natural().unwrap();
    let mut other = state.hand_of(Seat(1));
    other.add(card, 1);
    v["hands"][1] = json!(other.to_string());
    let mut one = game_einer_ist_immer::Cards::EMPTY;
    one.add(card, 1);
    assert_eq!(
        refusal(v),
        format!(
            "hands, table, pile and set-aside cards hold 6 of card {one}, but the pack has 5 (G4)"
        )
    );
}

#[test]
fn a_seat_to_move_outside_the_table_is_refused() {
    let state = G::new(&Config::default(), 2).unwrap();
    let mut v = to_json(&state);
    v["turn"] = json!(7);
    assert_eq!(
        refusal(v),
        "the seat to move names S7, but a table of 5 has seats S0 to S4"
    );
}

#[test]
fn a_hand_number_past_the_match_is_refused_e9() {
    let state = G::new(&Config::default(), 3).unwrap();
    let mut v = to_json(&state);
    v["hand"] = json!(6);
    assert_eq!(refusal(v), "hand 6 is outside a match of 5 hands (E9)");
    let mut v = to_json(&state);
    v["hand"] = json!(0);
    assert_eq!(refusal(v), "hand 0 is outside a match of 5 hands (E9)");
}

#[test]
fn a_configuration_that_does_not_validate_is_refused_e1() {
    let state = G::new(&Config::default(), 4).unwrap();
    let mut v = to_json(&state);
    v["config"]["players"] = json!(11);
    assert_eq!(
        refusal(v),
        "invalid configuration: einer ist immer der is played by 4 to 10 players, not 11 (E1)"
    );
    let mut v = to_json(&state);
    v["config"]["players"] = json!(6);
    assert!(
        refusal(v).ends_with("(G4)"),
        "a sixth player's cards are missing"
    );
}

#[test]
fn a_dealer_other_than_the_previous_ass_is_refused_e7() {
    let config = Config::default();
    let state = reach(&config, 5, |s| s.hand_number() == 2);
    let ass = *state.previous_ranking().last().unwrap();
    let other = Seat((ass.0 + 1) % 5);
    let mut v = to_json(&state);
    v["dealer"] = json!(other.0);
    assert_eq!(
        refusal(v),
        format!("{other} deals hand 2, but the ass of the previous hand, {ass}, deals (E7)")
    );
}

#[test]
fn a_seat_listed_as_finished_while_holding_cards_is_refused_e5() {
    let state = G::new(&Config::default(), 6).unwrap();
    let mut v = to_json(&state);
    v["finished"] = json!([2]);
    assert_eq!(
        refusal(v),
        "S2 must be listed as finished exactly when its hand is empty (E5)"
    );
}

#[test]
fn a_trick_or_a_turn_out_of_clockwise_order_is_refused_e3() {
    let state = reach(&Config::default(), 7, trick_under_way);
    let view = G::view(&state, Seat(0));
    let leader = view.leader;
    let mut v = to_json(&state);
    // The seat to move is made the leader, who already played.
    v["turn"] = json!(leader.0);
    assert_eq!(
        refusal(v),
        format!("{leader} moves out of clockwise order in the current trick led by {leader} (E3)")
    );
    let mut v = to_json(&state);
    let first = v["trick"][0].clone();
    v["trick"].as_array_mut().unwrap().push(first);
    assert!(refusal(v).contains("out of clockwise order"));
}

#[test]
fn a_highest_play_that_is_not_the_tricks_last_play_is_refused() {
    let state = G::new(&Config::default(), 8).unwrap();
    let mut v = to_json(&state);
    let seat = G::to_move(&state).unwrap();
    v["top"] = json!([seat.0, "1x2"]);
    assert_eq!(
        refusal(v),
        format!("the highest play recorded is 1x2 by {seat}, but the trick's last play is none")
    );
}

#[test]
fn an_exchange_with_a_card_dropped_or_a_joker_given_is_refused_e8() {
    let state = reach(&Config::default(), 9, |s| s.hand_number() == 2);
    let x = state.exchanges()[0];
    let mut v = to_json(&state);
    let mut fewer = x.from_higher;
    fewer.take(fewer.lowest_natural().unwrap(), 1);
    v["exchanges"][0]["from_higher"] = json!(fewer.to_string());
    let message = format!(
        "the exchange between {} and {} must swap 2 natural cards each way, each found in the \
         receiver's hand and plays (E8)",
        x.higher, x.lower
    );
    assert_eq!(refusal(v.clone()), message);
    let mut joker = fewer;
    joker.add(game_einer_ist_immer::JOKER, 1);
    v["exchanges"][0]["from_higher"] = json!(joker.to_string());
    assert_eq!(refusal(v), message);
    let mut v = to_json(&state);
    v["exchanges"].as_array_mut().unwrap().pop();
    assert_eq!(
        refusal(v),
        "the exchanges must be none in hand 1 and, later, none or one per pair of ranks of the \
         previous hand (E8)"
    );
}

#[test]
fn chairs_that_disagree_with_the_recorded_chairs_are_refused() {
    let state = G::new(&Config::default(), 10).unwrap();
    let mut v = to_json(&state);
    v["chair_of"][3] = json!(4);
    assert_eq!(
        refusal(v),
        "the chair recorded for S3 is not the chair it sits in"
    );
    let mut v = to_json(&state);
    v["chairs"][7] = json!(2);
    assert_eq!(
        refusal(v),
        "slot 7 of chairs is past the table of 5 players but is not blank"
    );
}

#[test]
fn a_match_over_before_its_last_hand_is_refused_e9() {
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    let end = reach(&config, 11, |s| G::to_move(s).is_none());
    let mut v = to_json(&end);
    v["config"]["hands"] = json!(3);
    assert_eq!(
        refusal(v),
        "no seat is to move, but the match has hands left to play (E5, E9)"
    );
    // The finished match itself reads back.
    let back: State = serde_json::from_value(to_json(&end)).unwrap();
    assert_eq!(back, end);
}

#[test]
fn a_play_too_big_to_count_is_refused_by_the_notation() {
    assert!("200x7+100jk".parse::<Action>().is_err());
    assert!("255x7".parse::<Action>().is_ok());
    let state = G::new(&Config::default(), 12).unwrap();
    let mut v = to_json(&state);
    v["trick"] = json!([{ "seat": 0, "action": "200x7+100jk" }]);
    assert!(refusal(v).starts_with("invalid action"));
}

#[test]
fn chairs_not_in_seat_order_in_hand_1_are_refused_e7() {
    let state = G::new(&Config::default(), 10).unwrap();
    let mut v = to_json(&state);
    v["chairs"][0] = json!(1);
    v["chairs"][1] = json!(0);
    v["chair_of"][0] = json!(1);
    v["chair_of"][1] = json!(0);
    assert_eq!(
        refusal(v),
        "the chairs must seat the players in seat order in hand 1 and by the previous ranking \
         clockwise from the boss later (E7)"
    );
}

#[test]
fn jokers_taken_back_from_those_set_aside_in_hand_1_are_refused_e2() {
    let state = G::new(&Config::default(), 10).unwrap();
    let mut v = to_json(&state);
    // One of the two jokers set aside (JK JK) put into a hand: the census still holds.
    let hand = v["hands"][0].as_str().unwrap().to_owned();
    v["hands"][0] = json!(format!("{hand} JK"));
    v["set_aside"] = json!("JK");
    assert_eq!(
        refusal(v),
        "JK set aside in hand 1, but hand 1 sets aside exactly the 2 jokers and later hands \
         nothing (E2)"
    );
}

#[test]
fn a_finished_match_with_cards_in_a_hand_other_than_the_ass_is_refused_e5() {
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let end = reach(&config, 11, |s| G::to_move(s).is_none());
    let order = end.rankings()[0].clone();
    let (first, ass) = (order[0], *order.last().unwrap());
    let mut v = to_json(&end);
    v["hands"][first.index()] = v["hands"][ass.index()].clone();
    v["hands"][ass.index()] = json!("-");
    assert_eq!(
        refusal(v),
        format!("{first} must be listed as finished exactly when its hand is empty (E5)")
    );
}

#[test]
fn a_card_moved_between_hands_in_a_dealt_hand_is_refused_e7() {
    let state = reach(&Config::default(), 9, |s| {
        s.hand_number() == 2 && trick_under_way(s)
    });
    let mut v = to_json(&state);
    // S0 (who played a K and holds 12, one of them a 5 outside the exchanges) gives a 5 to
    // S2: every exchange still fits, the census holds, but S0 has held 12 of its 13.
    assert_eq!(v["hands"][0], json!("4 5 5 6 7 10 J K A A A JK"));
    assert_eq!(v["hands"][2], json!("2 2 4 4 5 6 7 7 7 9 10 10 J"));
    v["hands"][0] = json!("4 5 6 7 10 J K A A A JK");
    v["hands"][2] = json!("2 2 4 4 5 5 6 7 7 7 9 10 10 J");
    assert_eq!(
        refusal(v),
        "S0 holds and has played 12 cards this hand, but was dealt 13 (E7)"
    );
}

#[test]
fn later_hands_seated_other_than_by_the_previous_ranking_are_refused_e7() {
    let state = reach(&Config::default(), 5, |s| s.hand_number() == 2);
    let ranking = state.previous_ranking().to_vec();
    // The second and third ranks trade chairs: every seat sits once and its chair is recorded,
    // but they no longer sit clockwise by rank from the Boss.
    let (a, b) = (ranking[1], ranking[2]);
    let chairs = state.chairs().to_vec();
    let ca = chairs.iter().position(|&s| s == a).unwrap();
    let cb = chairs.iter().position(|&s| s == b).unwrap();
    let mut v = to_json(&state);
    v["chairs"][ca] = json!(b.0);
    v["chairs"][cb] = json!(a.0);
    v["chair_of"][a.index()] = json!(cb);
    v["chair_of"][b.index()] = json!(ca);
    assert_eq!(
        refusal(v),
        "the chairs must seat the players in seat order in hand 1 and by the previous ranking \
         clockwise from the boss later (E7)"
    );
}

#[test]
fn a_finished_match_with_a_trick_still_on_the_table_is_refused_e5_e9() {
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let end = reach(&config, 11, |s| G::to_move(s).is_none());
    let ass = *end.rankings()[0].last().unwrap();
    let mut v = to_json(&end);
    v["trick"] = json!([{ "seat": ass.0, "action": "pass" }]);
    assert_eq!(
        refusal(v),
        "no seat is to move, but a trick is still on the table (E5, E9)"
    );
    let mut v = to_json(&end);
    v["top"] = json!([ass.0, "1x2"]);
    assert_eq!(
        refusal(v),
        "no seat is to move, but a trick is still on the table (E5, E9)"
    );
}
