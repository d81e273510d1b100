//! A state read back from JSON is input: deserialisation validates it and names what it
//! refuses; every state the engine reaches (and every determinization of it) reads back equal.

use cards_core::GameState;
use cards_core::rng::rng_from_seed;
use cards_core::{Game, Seat};
use game_grosse_kleine_a::{
    ACard, Config, FirstA, GrosseKleineA, InvalidState, Position, SetupError, State, example,
};
use serde_json::{Value, json};

type G = GrosseKleineA;

/// The state after `actions` actions of a default match with `seed`, always taking the last
/// legal action (a lead of the highest cards, or the highest raise).
fn after(seed: u64, actions: usize) -> State {
    let mut state = G::new(&Config::default(), seed).unwrap();
    for _ in 0..actions {
        let legal = G::legal_actions(&state);
        G::apply(&mut state, legal.last().unwrap()).unwrap();
    }
    state
}

/// A random match of `config` with `seed`, played until `stop` holds or the match ends.
fn play_until(config: &Config, seed: u64, stop: impl Fn(&State) -> bool) -> State {
    let mut state = G::new(config, seed).unwrap();
    let mut rng = rng_from_seed(seed);
    while G::to_move(&state).is_some() && !stop(&state) {
        let legal = G::legal_actions(&state);
        let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut state, &legal[i]).unwrap();
    }
    state
}

/// Reads `value` back as a state, expecting a refusal, and returns its message.
fn refusal(value: Value) -> String {
    match serde_json::from_value::<State>(value) {
        Ok(_) => panic!("the corrupt state was accepted"),
        Err(e) => e.to_string(),
    }
}

fn json(state: &State) -> Value {
    serde_json::to_value(state).unwrap()
}

/// The state after seven actions of seed 3, as it was saved before states were validated on
/// reading: round 2 of hand 1, a lone joker on top.
const SAVED: &str = r#"{"config":{"players":4,"hands":5,"first_a":"LittleAFirst"},"seed":3,
"hand":0,"first_leader":0,"totals":[0,0,0,0,0,0,0,0,0],"results":[],"deal":{"players":4,
"hands":["1 1 4 4 6 7 7 7 8 10 10 10","1 2 3 3 6 6 7 8 8 8 12 a","2 3 4 5 6 6 9 9 10 12 13 13",
"3 3 4 4 5 5 6 10 10 11 11 12 13","-","-","-","-","-"],
"known":["-","-","-","-","-","-","-","-","-"],"piles":["-","-","-","-","-","-","-","-","-"],
"undealt":"1 1 1 1 1 2 2 2 2 2 2 3 3 3 4 4 4 5 5 5 5 5 6 6 7 7 7 7 8 8 8 8 9 9 9 9 9 9 10 10 11 11 11 11 11 11 12 12 12 12 12 13 13 13 J J",
"middle":"A","out":"13 J","table":"13 J","round":2,"received":[1,0],"opener":1,"turn":0,
"done":14,"acts":["13","13","J","pass","pass","pass","pass","pass","pass"],
"kind":{"Normal":{"k":1,"rank":14,"winner":2}}},"over":false}"#;

#[test]
fn a_state_saved_before_validation_still_loads_and_serialises_the_same() {
    let state = after(3, 7);
    let saved: State = serde_json::from_str(SAVED).unwrap();
    assert_eq!(saved, state);
    let text: String = SAVED.split('\n').collect();
    assert_eq!(serde_json::to_string(&state).unwrap(), text);
}

#[test]
fn a_card_duplicated_into_another_hand_is_refused_by_the_census() {
    let state = after(3, 7);
    let mut hand = state.hand_of(Seat(1));
    hand.add(4, 1); // a 4 of seat 0's, copied
    let mut v = json(&state);
    v["deal"]["hands"][1] = json!(hand.to_string());
    assert_eq!(
        refusal(v),
        "the cards are not the pack exactly once (G4): missing -, extra 4"
    );
}

#[test]
fn a_card_that_vanished_from_a_hand_is_refused_by_the_census() {
    let state = after(3, 7);
    let mut v = json(&state);
    v["deal"]["hands"][0] = json!("1 4 4 6 7 7 7 8 10 10 10");
    assert_eq!(
        refusal(v),
        "the cards are not the pack exactly once (G4): missing 1, extra -"
    );
}

#[test]
fn a_seat_to_move_out_of_range_is_refused() {
    let mut v = json(&after(3, 7));
    v["deal"]["turn"] = json!(4);
    assert_eq!(
        refusal(v),
        "the seat to move S4 is not at a table of 4 (A2)"
    );
}

#[test]
fn cards_held_by_a_seat_not_at_the_table_are_refused() {
    let state = after(3, 7);
    let mut v = json(&state);
    v["deal"]["hands"][5] = v["deal"]["hands"][0].clone();
    v["deal"]["hands"][0] = json!("-");
    assert_eq!(
        refusal(v),
        "seat S5 is not at a table of 4 but has cards in hand"
    );
}

#[test]
fn round_and_hand_counters_out_of_range_are_refused() {
    let state = after(3, 7);
    let mut v = json(&state);
    v["deal"]["round"] = json!(0);
    assert_eq!(
        refusal(v),
        "round 0 is outside 1 to 442: no hand lasts that long (A9)"
    );
    let mut v = json(&state);
    v["deal"]["round"] = json!(443);
    assert_eq!(
        refusal(v),
        "round 443 is outside 1 to 442: no hand lasts that long (A9)"
    );
    let mut v = json(&state);
    v["hand"] = json!(5);
    assert_eq!(refusal(v), "hand 6 is not in a match of 5 hands (A10)");
}

#[test]
fn a_configuration_that_does_not_validate_is_refused() {
    let state = after(3, 7);
    let mut v = json(&state);
    v["config"]["players"] = json!(10);
    assert_eq!(
        refusal(v),
        "invalid configuration: 10 players: the game is for 3 to 9 players (A2)"
    );
    let mut v = json(&state);
    v["config"]["hands"] = json!(0);
    assert_eq!(
        refusal(v),
        "invalid configuration: 0 hands: a match has 1 to 1000 hands (A10)"
    );
    let mut v = json(&state);
    v["deal"]["players"] = json!(5);
    assert_eq!(
        refusal(v),
        "the deal is for 5 players but the configuration for 4"
    );
}

#[test]
fn a_round_its_plays_do_not_make_is_refused() {
    let state = after(3, 7);
    // The lone joker is recorded as a 13.
    let mut v = json(&state);
    v["deal"]["kind"]["Normal"]["rank"] = json!(13);
    assert_eq!(
        refusal(v),
        "the round is recorded as Normal { k: 1, rank: 13, winner: Seat(2) } \
         but its plays make it Normal { k: 1, rank: 14, winner: Seat(2) }"
    );
    // A raise that does not beat the lead.
    let mut v = json(&state);
    v["deal"]["acts"][2] = json!("12");
    assert_eq!(
        refusal(v),
        "S2's `12` this round is not a raise with as many cards as the lead and a higher rank (A4)"
    );
    // The table without the joker.
    let mut v = json(&state);
    v["deal"]["table"] = json!("13");
    v["deal"]["out"] = json!("13 J J");
    assert_eq!(
        refusal(v),
        "the table holds 13 but the plays of the round put 13 J there"
    );
}

#[test]
fn turns_that_do_not_run_clockwise_from_the_opener_to_the_seat_to_move_are_refused() {
    let state = after(3, 7);
    let mut v = json(&state);
    v["deal"]["done"] = json!(6); // S1 and S2, but S3 has had its turn too
    assert_eq!(
        refusal(v),
        "the seats that had their turn this round (S1 S2) are not those from the opener S1 \
         to the seat to move S0, clockwise (A4)"
    );
    let mut v = json(&state);
    v["deal"]["turn"] = json!(3);
    assert!(refusal(v).starts_with("the seats that had their turn this round (S1 S2 S3)"));
}

#[test]
fn totals_that_are_not_the_sum_of_the_hand_results_are_refused() {
    let state = play_until(&Config::default(), 5, |s| s.hand_number() == 3);
    assert_eq!(state.hand_number(), 3);
    let total = state.totals()[0];
    let mut v = json(&state);
    v["totals"][0] = json!(total + 1);
    assert_eq!(
        refusal(v),
        format!(
            "S0's total is {} but its hand results add to {total} (A10)",
            total + 1
        )
    );
    let mut v = json(&state);
    v["results"].as_array_mut().unwrap().pop();
    assert_eq!(
        refusal(v),
        "1 hand results are recorded but 2 hands are finished"
    );
}

#[test]
fn a_finished_match_reads_back_and_unfinishing_it_is_refused() {
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    let state = play_until(&config, 8, |_| false);
    assert!(state.is_over());
    let back: State = serde_json::from_value(json(&state)).unwrap();
    assert_eq!(back, state);
    let mut v = json(&state);
    v["over"] = json!(false);
    assert_eq!(
        refusal(v),
        "2 hand results are recorded but 1 hands are finished"
    );
}

#[test]
fn known_cards_and_penalty_piles_must_agree_with_the_hands_and_the_little_a() {
    // The worked example after its six rounds: Bernd has the little a trick, Anna took the
    // Big A trick and is known to hold its cards.
    let (_, state) = example::replay();
    let bernd = Seat(1);
    assert!(!state.pile_of(bernd).is_empty());
    let hand = state.hand_of(Seat(2));
    let absent = (1..=13u8).find(|&r| hand.count(r) == 0).unwrap();
    let mut v = json(&state);
    v["deal"]["known"][2] = json!(absent.to_string());
    assert_eq!(
        refusal(v),
        format!("S2 is known to hold {absent} but holds {hand}")
    );
    // The little a moved from Bernd's pile back to the middle of the table.
    let mut pile = state.pile_of(bernd);
    pile.take(game_grosse_kleine_a::LITTLE_A, 1);
    let mut v = json(&state);
    v["deal"]["piles"][1] = json!(pile.to_string());
    v["deal"]["middle"] = json!("a");
    assert_eq!(
        refusal(v),
        format!("S1's penalty pile {pile} has no little a (A7)")
    );
    // Before any Big A round, no card is known to be in a hand.
    let mut v = json(&after(3, 7));
    v["deal"]["known"][0] = json!("1");
    assert_eq!(
        refusal(v),
        "S0 is known to hold 1 though no Big A round was taken this hand (A7)"
    );
}

#[test]
fn an_a_card_received_out_of_its_time_is_refused() {
    let state = after(3, 7);
    // The little a, handed out at the end of round 1, marked as received at the end of round 2.
    let mut v = json(&state);
    v["deal"]["received"][0] = json!(2);
    assert_eq!(
        refusal(v),
        "the little a was received at the end of round 2, not before round 2 (A6)"
    );
    // The Big A, still in the middle, marked as received.
    let mut v = json(&state);
    v["deal"]["received"][1] = json!(1);
    assert_eq!(
        refusal(v),
        "the Big A is handed out at the end of round 2: it cannot be received or leave the \
         middle of the table earlier (A5)"
    );
}

#[test]
fn a_stated_position_goes_through_the_same_validation() {
    let config = Config {
        players: 3,
        hands: 1,
        ..Config::default()
    };
    let position = |hands: [&str; 3], round, received| {
        Position::later(
            hands.iter().map(|h| h.parse().unwrap()).collect(),
            Seat(0),
            round,
            received,
        )
    };
    assert!(
        State::from_position(
            &config,
            &position(["5 9 a", "6 10 A", "7 11"], 4, [1, 2]),
            0
        )
        .is_ok()
    );
    assert_eq!(
        State::from_position(
            &config,
            &position(["5 9 a", "6 10 A", "7 11"], 4, [3, 2]),
            0
        ),
        Err(SetupError::State(InvalidState::ReceivedLate {
            card: ACard::Little,
            received: 3,
            allocated: 1,
        }))
    );
    // The known gap of issue 14: the Big A still in the middle in round 4, after round 2
    // handed it out (A5 as amended).
    let e = State::from_position(&config, &position(["5 9 a", "6 10", "7 11"], 4, [1, 0]), 0)
        .unwrap_err();
    assert_eq!(
        e,
        SetupError::State(InvalidState::NotAllocated {
            card: ACard::Big,
            allocated: 2,
        })
    );
    assert_eq!(
        e.to_string(),
        "the Big A is still in the middle of the table after round 2, at whose end it is handed out (A5)"
    );
    assert_eq!(
        State::from_position(
            &config,
            &position(["5 9 a", "6 10 A", "7 11"], 222, [1, 2]),
            0
        ),
        Err(SetupError::Inconsistent(
            "no hand reaches the round stated (A9)"
        ))
    );
}

#[test]
fn every_state_of_random_matches_and_its_determinizations_read_back_equal() {
    let mut rng = rng_from_seed(11);
    for (players, first_a) in [
        (3u8, FirstA::LittleAFirst),
        (4, FirstA::LittleAFirst),
        (9, FirstA::LittleAFirst),
        (5, FirstA::BigAFirst),
    ] {
        let config = Config {
            players,
            hands: 2,
            first_a,
        };
        for seed in 0..4 {
            let mut state = G::new(&config, seed).unwrap();
            let mut step = 0;
            loop {
                let mut states = vec![state.clone()];
                if step % 5 == 0 || G::to_move(&state).is_none() {
                    states.extend(
                        Seat::all(usize::from(players)).map(|s| state.determinize(s, &mut rng)),
                    );
                }
                for s in states {
                    let text = serde_json::to_string(&s).unwrap();
                    let back: State = serde_json::from_str(&text)
                        .unwrap_or_else(|e| panic!("seed {seed}, step {step}: {e}"));
                    assert_eq!(back, s);
                }
                if G::to_move(&state).is_none() {
                    break;
                }
                let legal = G::legal_actions(&state);
                let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
                G::apply(&mut state, &legal[i]).unwrap();
                step += 1;
            }
        }
    }
}

/// Found by the conformance suite's corrupted states: a round winner beyond the table made the
/// A card checks index a hand that does not exist (a panic on input).
#[test]
fn a_round_winner_out_of_range_is_refused_without_a_panic() {
    let mut checked = 0;
    for state in [
        after(3, 7),
        play_until(
            &Config {
                hands: 1,
                ..Config::default()
            },
            8,
            |_| false,
        ),
    ] {
        let mut v = json(&state);
        let kind = v["deal"]["kind"].as_object_mut().unwrap();
        let Some(round) = kind.values_mut().next().and_then(Value::as_object_mut) else {
            continue;
        };
        if round.contains_key("winner") {
            round.insert("winner".into(), json!(14));
            let message = refusal(v);
            assert!(message.contains("the round's winner S14"), "{message}");
            checked += 1;
        }
    }
    assert_eq!(checked, 2);
}

#[test]
fn an_a_card_out_of_play_or_a_number_card_in_the_middle_is_refused_a1_a5() {
    // Round 2 of hand 1: the Big A waits in the middle for the end of round 2.
    let state = after(3, 7);
    let mut v = json(&state);
    v["deal"]["middle"] = json!("-");
    v["deal"]["out"] = json!("13 J A");
    assert_eq!(
        refusal(v),
        "the cards out of play cannot hold A (the A cards are never dealt nor put out of play, A1)"
    );
    let mut v = json(&state);
    v["deal"]["middle"] = json!("J A");
    v["deal"]["out"] = json!("13");
    assert_eq!(
        refusal(v),
        "the middle of the table cannot hold J (only the A cards lie there, A5)"
    );
}

#[test]
fn a_card_moved_from_the_undealt_ones_out_of_play_is_refused_a2() {
    let state = after(3, 7);
    let mut v = json(&state);
    let undealt = v["deal"]["undealt"].as_str().unwrap().to_owned();
    let (first, rest) = undealt.split_once(' ').unwrap();
    v["deal"]["undealt"] = json!(rest);
    v["deal"]["out"] = json!(format!("13 J {first}"));
    assert_eq!(
        refusal(v),
        "55 cards are undealt but 56 stay out with 4 players (A2)"
    );
}

#[test]
fn a_hand_result_worth_more_than_the_pack_is_refused_a9() {
    let state = play_until(&Config::default(), 5, |s| s.hand_number() == 3);
    let mut v = json(&state);
    v["results"][0][0] = json!(5000);
    let message = refusal(v);
    assert!(
        message.starts_with("the penalties of hand 1 add to ")
            && message.ends_with("of the whole pack (A9)"),
        "{message}"
    );
}

/// A position of four later in hand 1 (round 5, the little a received after round 1 and the
/// Big A after round 2) with these hands and penalty piles.
fn with_piles(hands: [&str; 4], piles: [&str; 4]) -> Result<State, SetupError> {
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let mut p = Position::later(
        hands.iter().map(|h| h.parse().unwrap()).collect(),
        Seat(0),
        5,
        [1, 2],
    );
    p.piles = piles.iter().map(|h| h.parse().unwrap()).collect();
    State::from_position(&config, &p, 0)
}

#[test]
fn a_penalty_pile_never_holds_the_big_a_a7() {
    // Only the little a's trick goes to a pile; the Big A's goes into the taker's hand.
    let e = with_piles(["5 9", "6 10", "7 11", "8 12"], ["3 a A", "-", "-", "-"]).unwrap_err();
    assert_eq!(
        e,
        SetupError::State(InvalidState::Pile {
            seat: Seat(0),
            pile: "3 a A".parse().unwrap(),
            reason: "holds the Big A",
        })
    );
    assert_eq!(
        e.to_string(),
        "S0's penalty pile 3 a A holds the Big A (A7)"
    );
    // The same pile without the Big A, which S0 holds: accepted.
    assert!(with_piles(["5 9 A", "6 10", "7 11", "8 12"], ["3 a", "-", "-", "-"]).is_ok());
}

#[test]
fn a_penalty_pile_holds_at_most_one_card_per_player_a7() {
    // The little a and one card from each other player: four cards at a table of four.
    let hands = ["5 9 A", "6 10", "7 11", "8 12"];
    assert!(with_piles(hands, ["-", "1 2 3 a", "-", "-"]).is_ok());
    let e = with_piles(hands, ["-", "1 2 3 4 a", "-", "-"]).unwrap_err();
    assert_eq!(
        e,
        SetupError::State(InvalidState::Pile {
            seat: Seat(1),
            pile: "1 2 3 4 a".parse().unwrap(),
            reason: "holds more cards than one per player",
        })
    );
    assert_eq!(
        e.to_string(),
        "S1's penalty pile 1 2 3 4 a holds more cards than one per player (A7)"
    );
    // Read from JSON, the same pile is refused the same way.
    let mut v = json(&with_piles(hands, ["-", "1 2 3 a", "-", "-"]).unwrap());
    v["deal"]["piles"][1] = json!("1 2 3 4 a");
    let mut out = v["deal"]["out"].as_str().unwrap().replacen("4 ", "", 1);
    out = out.trim().to_owned();
    v["deal"]["out"] = json!(out);
    assert_eq!(
        refusal(v),
        "S1's penalty pile 1 2 3 4 a holds more cards than one per player (A7)"
    );
}

/// A match of one hand of four that ends with a Big A round in round 4, the earliest it can be
/// led (received at the end of round 2, not led in round 3, A6): S1 plays its last card to it
/// and S3 takes the trick into hand.
fn ended_by_a_big_a_round() -> State {
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let p = Position::later(
        ["A 9", "1", "J 11", "2 12 a"]
            .iter()
            .map(|h| h.parse().unwrap())
            .collect(),
        Seat(0),
        4,
        [1, 2],
    );
    let mut state = State::from_position(&config, &p, 0).unwrap();
    for a in ["A", "1", "J", "2"] {
        G::apply(&mut state, &a.parse().unwrap()).unwrap();
    }
    state
}

#[test]
fn a_match_that_ends_with_an_early_big_a_round_reads_back_a6_a7_a9() {
    let state = ended_by_a_big_a_round();
    assert!(state.is_over());
    assert_eq!(state.hand_of(Seat(3)), "1 2 12 J a A".parse().unwrap());
    assert_eq!(state.results(), [vec![9, 0, 11, 64]]);
    // Validation undoes the last round: the Big A goes back to the seat that led it, received
    // at the end of round 2 (the round that handed it out), and the replay gives the state.
    let back: State = serde_json::from_value(json(&state)).unwrap();
    assert_eq!(back, state);
}

#[test]
fn a_finished_match_whose_last_round_is_recorded_as_never_led_is_refused_a9() {
    // The hand ends at the end of a round (A9): a finished match's last round was played.
    let config = Config {
        hands: 1,
        ..Config::default()
    };
    let p = Position::later(
        ["9", "3 J", "A 11", "2 a 12"]
            .iter()
            .map(|h| h.parse().unwrap())
            .collect(),
        Seat(0),
        4,
        [1, 2],
    );
    let mut state = State::from_position(&config, &p, 0).unwrap();
    for a in ["9", "pass", "pass", "pass"] {
        G::apply(&mut state, &a.parse().unwrap()).unwrap();
    }
    assert!(state.is_over());
    let mut v = json(&state);
    v["deal"]["kind"] = json!("Open");
    assert_eq!(
        refusal(v),
        "the round is recorded as Open but its plays make it \
         Normal { k: 1, rank: 9, winner: Seat(0) }"
    );
}

#[test]
fn a_stated_position_read_from_json_is_a_fresh_deal_unless_it_says_otherwise() {
    let hands = [
        "1 2 3 4 5 5 6 7 8 9 10 11 J",
        "1 2 3 4 6 6 7 8 9 10 11 12 13",
        "2 3 4 5 6 7 8 8 9 10 11 12 13",
    ];
    let fresh: Position = serde_json::from_value(json!({ "hands": hands, "leader": 1 })).unwrap();
    assert_eq!(
        fresh,
        Position::deal(hands.iter().map(|h| h.parse().unwrap()).collect(), Seat(1))
    );
    assert_eq!(fresh.round, 1);
    let config = Config {
        players: 3,
        hands: 1,
        ..Config::default()
    };
    let state = State::from_position(&config, &fresh, 0).unwrap();
    assert_eq!((state.round(), G::to_move(&state)), (1, Some(Seat(1))));
}
