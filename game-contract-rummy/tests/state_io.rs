//! A state read back from JSON is input: deserialization refuses an inconsistent state with a
//! message that names what is wrong ([`State::validate`]), and accepts every state of play.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::rng::{below, rng_from_seed};
use cards_core::{Game, Seat};
use game_contract_rummy::{
    Action, Config, ContractRummy, InvalidState, Phase, Position, State, examples,
};
use serde_json::{Value, json};

/// Round 4 (six cards, sixes wild), three players; seat 0 to move has put a set of sevens
/// down and may go on, seat 1 holds a run of clubs.
fn putting_down() -> State {
    let config = Config {
        players: 3,
        first_round: 4,
        rounds: 1,
        ..Config::default()
    };
    let pos = Position {
        round: 4,
        dealer: 2,
        to_move: 0,
        hands: vec![
            "7c 7d 7h 8s 9s 10s".to_owned(),
            "2c 3c 4c 5d Kd Qh".to_owned(),
            "2h 2s 9d Jc Jd Jh".to_owned(),
        ],
        melds: vec![],
        stock: None,
        totals: vec![10, 0, 25],
    };
    let mut s = State::from_position(&config, &pos).unwrap();
    let a = ContractRummy::parse_action(&s, "7c 7d 7h").unwrap();
    ContractRummy::apply(&mut s, &a).unwrap();
    s
}

/// A two-player single deal played to its end, first listed meld first.
fn over() -> State {
    let config = (Config {
        players: 2,
        ..Config::default()
    })
    .single_deal();
    let mut s = ContractRummy::new(&config, 3).unwrap();
    while ContractRummy::to_move(&s).is_some() {
        let legal = ContractRummy::legal_actions(&s);
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::Meld(_)))
            .unwrap_or(&legal[0]);
        ContractRummy::apply(&mut s, a).unwrap();
    }
    s
}

/// Serializes `state`, edits the document, and returns the message that refuses it.
fn refusal(state: &State, edit: impl FnOnce(&mut Value)) -> String {
    let mut v = serde_json::to_value(state).unwrap();
    edit(&mut v);
    match serde_json::from_value::<State>(v) {
        Ok(_) => panic!("the edited state is accepted"),
        Err(e) => e.to_string(),
    }
}

/// The message of `err`, which refusal of an edited state must name exactly.
fn says(err: &InvalidState) -> String {
    err.to_string()
}

#[test]
fn the_states_used_here_are_accepted_as_they_are() {
    for s in [putting_down(), over()] {
        s.validate().unwrap();
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<State>(&text).unwrap(), s);
    }
    assert_eq!(over().phase(), Phase::Over);
}

#[test]
fn every_state_of_random_matches_their_determinizations_and_the_worked_examples_validate() {
    for (players, seed) in [(2, 1), (4, 2), (7, 3)] {
        let config = Config {
            players,
            ..Config::default()
        };
        let mut s = ContractRummy::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        loop {
            s.validate().unwrap_or_else(|e| panic!("{e}: {s:?}"));
            let seat = Seat(below(&mut rng, players as u64) as u8);
            let d = s.determinize(seat, &mut rng);
            d.validate()
                .unwrap_or_else(|e| panic!("determinized for {seat}: {e}: {d:?}"));
            if ContractRummy::to_move(&s).is_none() {
                break;
            }
            let legal = ContractRummy::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            ContractRummy::apply(&mut s, &a).unwrap();
        }
    }
    for pos in [
        examples::nine_card_set_position(),
        examples::nine_card_add_position(),
        examples::scoring_position(),
    ] {
        State::from_position(&examples::example_config(pos.hands.len()), &pos)
            .unwrap()
            .validate()
            .unwrap();
    }
}

#[test]
fn a_card_copied_into_another_hand_is_refused_as_breaking_conservation() {
    let msg = refusal(&putting_down(), |v| {
        v["hands"][1].as_array_mut().unwrap().push(json!("8s"));
    });
    assert_eq!(
        msg,
        says(&InvalidState::Census {
            card: "8s".parse().unwrap(),
            found: 3,
            pack: 2
        })
    );
    assert!(msg.ends_with("(G4)"), "{msg}");
}

#[test]
fn a_card_dropped_from_the_stock_is_refused_as_breaking_conservation() {
    // The bottom of the stock is the last face in order: a joker.
    let msg = refusal(&putting_down(), |v| {
        assert_eq!(v["stock"][0], json!("Jk"));
        v["stock"].as_array_mut().unwrap().remove(0);
    });
    assert_eq!(
        msg,
        "hands, melds and stock hold Jk 3 times, but the pack holds it 4 times (G4)"
    );
}

#[test]
fn a_seat_to_move_out_of_range_is_refused() {
    let msg = refusal(&putting_down(), |v| v["phase"]["Turn"]["seat"] = json!(3));
    assert_eq!(
        msg,
        "the player to move is seat 3, out of range for 3 players"
    );
    let msg = refusal(&putting_down(), |v| v["melds"][0]["owner"] = json!(7));
    assert_eq!(
        msg,
        "the owner of a meld is seat 7, out of range for 3 players"
    );
    let msg = refusal(&putting_down(), |v| v["dealer"] = json!(200));
    assert_eq!(msg, "the dealer is seat 200, out of range for 3 players");
}

#[test]
fn a_per_seat_list_of_the_wrong_length_is_refused() {
    let msg = refusal(&putting_down(), |v| {
        v["totals"].as_array_mut().unwrap().pop();
    });
    assert_eq!(msg, "totals have 2 entries for 3 players");
}

#[test]
fn a_configuration_that_does_not_validate_is_refused() {
    let msg = refusal(&putting_down(), |v| v["config"]["players"] = json!(9));
    assert_eq!(
        msg,
        "the configuration is invalid: contract rummy is played by 2 to 7 players, not 9 (C1)"
    );
    let msg = refusal(&putting_down(), |v| {
        v["config"]["meld_sizes"][3] = json!([]);
    });
    assert!(msg.contains("meld sizes of round 4"), "{msg}");
}

#[test]
fn a_deal_outside_the_match_or_round_facts_of_another_round_are_refused() {
    let msg = refusal(&putting_down(), |v| v["deal"] = json!(1));
    assert_eq!(msg, "deal 1 is outside the match's 1 rounds (C2)");
    let msg = refusal(&putting_down(), |v| v["info"]["wild"] = json!(7));
    assert!(msg.starts_with("the round facts (round 4) differ"), "{msg}");
    let msg = refusal(&putting_down(), |v| v["info"]["sizes"] = json!(0xffff));
    assert!(msg.starts_with("the round facts"), "{msg}");
}

#[test]
fn a_meld_that_is_no_set_or_run_of_the_round_is_refused() {
    // The set of sevens read as a set of eights.
    let msg = refusal(&putting_down(), |v| {
        v["melds"][0]["shape"] = json!({"Set": "8"});
    });
    assert_eq!(
        msg,
        "meld 1 (7c=8 7d=8 7h=8) is not a valid set or run in round 4 (C4)"
    );
    // A run that starts below the low Ace cannot even be read.
    let msg = refusal(&putting_down(), |v| {
        v["melds"][0]["shape"] = json!({"Run": {"suit": "c", "lo": 0}});
    });
    assert!(
        msg.starts_with("a run of 3 cards from place 0 leaves"),
        "{msg}"
    );
    let msg = refusal(&putting_down(), |v| {
        v["melds"][0]["cards"].as_array_mut().unwrap().pop();
    });
    assert!(
        msg.starts_with("a meld has at least 3 cards, not 2"),
        "{msg}"
    );
}

#[test]
fn a_pass_count_that_disagrees_with_the_table_is_refused() {
    let msg = refusal(&putting_down(), |v| v["passes"] = json!(3));
    assert_eq!(
        msg,
        "3 passes in a row with 3 players: the round ends when all pass (C6)"
    );
    let msg = refusal(&putting_down(), |v| v["passes"] = json!(1));
    assert!(msg.starts_with("1 passes counted with "), "{msg}");
    assert!(
        msg.ends_with("only an empty stock allows a pass (C6)"),
        "{msg}"
    );
}

#[test]
fn turn_flags_that_disagree_with_the_hands_and_melds_are_refused() {
    let msg = refusal(&putting_down(), |v| {
        v["phase"]["Turn"]["final_turn"] = json!(true);
    });
    assert_eq!(
        msg,
        "a final turn is played exactly when a player went out (final turn: true, went out: None) (C7)"
    );
    let msg = refusal(&putting_down(), |v| v["went_out"] = json!(1));
    assert_eq!(msg, "S1 went out but holds 6 cards (C7)");
    // Seat 1 to move, marked as putting down, owns no meld.
    let msg = refusal(&putting_down(), |v| v["phase"]["Turn"]["seat"] = json!(1));
    assert_eq!(msg, "S1 is putting cards down but owns no meld (C6, C7)");
}

#[test]
fn scores_beyond_the_rounds_played_are_refused() {
    let msg = refusal(&putting_down(), |v| v["totals"][0] = json!(u32::MAX));
    assert!(
        msg.starts_with("the totals add up to 4294967320 points, more than the 2916 that 3"),
        "{msg}"
    );
    let msg = refusal(&putting_down(), |v| v["tallies"][2] = json!(1));
    assert_eq!(
        msg,
        "the go-out tallies add up to 1, more than the 0 rounds in which a player went out (C8)"
    );
    let msg = refusal(&putting_down(), |v| v["last_points"] = json!([0, 0, 0]));
    assert_eq!(
        msg,
        "the last round's points are given, but no round of the match was scored before the first deal (C7)"
    );
}

#[test]
fn a_finished_match_must_agree_with_its_last_round() {
    // Seat 1 went out with the stock empty; seat 0 was left with 69 points.
    let s = over();
    let msg = refusal(&s, |v| {
        v["phase"] = json!({"Turn": {"seat": 0, "put_down": false, "final_turn": false}});
    });
    assert_eq!(
        msg,
        "a final turn is played exactly when a player went out (final turn: false, went out: Some(Seat(1))) (C7)"
    );
    let msg = refusal(&s, |v| v["last_points"] = Value::Null);
    assert_eq!(
        msg,
        "the last round's points are missing, but the match is over (C7)"
    );
    let msg = refusal(&s, |v| {
        v["last_points"][0] = json!(70);
        v["totals"][0] = json!(70);
    });
    assert_eq!(
        msg,
        "S0 scored 70 points in the last round, but its hand left counts 69 (C7)"
    );
    let msg = refusal(&s, |v| v["totals"][0] = json!(68));
    assert_eq!(
        msg,
        "S0 scored 69 points in the last round but has a total of 68 (C8)"
    );
    let msg = refusal(&s, |v| v["passes"] = json!(2));
    assert_eq!(
        msg,
        "the last round ends when a player went out or all passed, not with 2 passes and Some(Seat(1)) out (C6, C7)"
    );
    let msg = refusal(&s, |v| v["tallies"][1] = json!(0));
    assert_eq!(msg, "S1 went out this round but has no go-out tally (C8)");
    // The same end in a match of two rounds: its first deal cannot end the match.
    let msg = refusal(&s, |v| v["config"]["rounds"] = json!(2));
    assert_eq!(
        msg,
        "the match is over in deal 0, before its last deal 1 (C8)"
    );
}

#[test]
fn a_stated_position_must_pass_validation() {
    let config = Config {
        players: 2,
        first_round: 1,
        rounds: 1,
        ..Config::default()
    };
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["7c 7d 7h".to_owned(), "2c 3c 4c".to_owned()],
        melds: vec![],
        stock: None,
        totals: vec![5, 0],
    };
    let err = State::from_position(&config, &pos).unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid position: the totals add up to 5 points, more than the 0 that 0 scored rounds can give (C7, C8)"
    );
}

/// The refusal of `pos` in a two-player match of round 1 only.
fn position_refusal(edit: impl FnOnce(&mut Position)) -> String {
    let config = Config {
        players: 2,
        first_round: 1,
        rounds: 1,
        ..Config::default()
    };
    let mut pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["7c 7d 9h".to_owned(), "2c 3c 4c".to_owned()],
        melds: vec![(0, "5s 6s 7s".to_owned())],
        stock: None,
        totals: vec![],
    };
    State::from_position(&config, &pos).unwrap();
    edit(&mut pos);
    State::from_position(&config, &pos).unwrap_err().to_string()
}

#[test]
fn c2_a_stated_position_outside_the_matchs_rounds_or_seats_is_refused() {
    assert_eq!(
        position_refusal(|p| p.round = 2),
        "invalid position: round 2 is outside the match's rounds 1..=1"
    );
    assert_eq!(
        position_refusal(|p| p.round = 0),
        "invalid position: round 0 is outside the match's rounds 1..=1"
    );
    let seats = "invalid position: 2 hands and seats below 2 are needed";
    assert_eq!(position_refusal(|p| p.hands.push(String::new())), seats);
    assert_eq!(position_refusal(|p| p.dealer = 2), seats);
    assert_eq!(position_refusal(|p| p.to_move = 2), seats);
    assert_eq!(
        position_refusal(|p| p.totals = vec![0]),
        "invalid position: one total per seat"
    );
}

#[test]
fn c4_g4_a_stated_meld_must_be_owned_by_a_seat_and_valid_in_the_round() {
    assert_eq!(
        position_refusal(|p| p.melds[0].0 = 2),
        "invalid position: meld owner out of range"
    );
    // Read as a run from 7h, the 10h is not at its own place.
    assert_eq!(
        position_refusal(|p| p.melds[0].1 = "7h 8h 10h".to_owned()),
        "invalid position: meld 7h 8h 10h is not valid in round 1"
    );
}

#[test]
fn g4_a_stated_card_beyond_the_packs_copies_is_refused() {
    assert_eq!(
        position_refusal(|p| p.hands[0] = "7c 7c 7c".to_owned()),
        "invalid position: 7c appears more often than the pack holds it"
    );
    assert_eq!(
        position_refusal(|p| p.hands[1] = "Jk Jk Jk Jk Jk".to_owned()),
        "invalid position: Jk appears more often than the pack holds it"
    );
}

#[test]
fn c6_c7_a_player_putting_down_with_an_empty_hand_is_refused() {
    // Seat 0's last three cards moved from its hand to the stock: an empty hand would have
    // ended the turn (C7), so the seat cannot still be putting cards down.
    let s = putting_down();
    let msg = refusal(&s, |v| {
        let hand = v["hands"][0].as_array().unwrap().clone();
        assert_eq!(hand.len(), 3);
        v["hands"][0] = json!([]);
        v["stock"].as_array_mut().unwrap().extend(hand);
    });
    assert_eq!(
        msg,
        says(&InvalidState::PutDown {
            seat: Seat(0),
            reason: "holds no card: an empty hand ends the turn"
        })
    );
    assert_eq!(
        msg,
        "S0 is putting cards down but holds no card: an empty hand ends the turn (C6, C7)"
    );
}

#[test]
fn c4_a_meld_of_more_cards_than_a_set_can_hold_cannot_be_read() {
    // 29 cards: one more than 8 naturals and 20 wilds.
    let msg = refusal(&putting_down(), |v| {
        let cards = v["melds"][0]["cards"].as_array_mut().unwrap();
        let first = cards[0].clone();
        cards.resize(29, first);
    });
    assert!(
        msg.starts_with("a meld holds at most 28 cards, not 29"),
        "{msg}"
    );
}
