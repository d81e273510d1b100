//! Positions the rules cannot reach are refused by validation, stated (`State::from_position`)
//! or read back from JSON, each with the error that names the rule; the reachable positions
//! next to them are accepted.

use cards_core::{Game, Seat};
use game_grosse_kleine_a::{
    ACard, Cards, Config, FirstA, GrosseKleineA, InvalidState, Position, SetupError, State, example,
};
use serde_json::{Value, json};

type G = GrosseKleineA;

fn config() -> Config {
    Config {
        players: 4,
        hands: 1,
        ..Config::default()
    }
}

fn hands(texts: [&str; 4]) -> Vec<Cards> {
    texts.iter().map(|h| h.parse().unwrap()).collect()
}

/// The state of a stated position later in a hand, or the refusal.
fn stated(
    texts: [&str; 4],
    leader: u8,
    round: u16,
    received: [u16; 2],
) -> Result<State, SetupError> {
    let p = Position::later(hands(texts), Seat(leader), round, received);
    State::from_position(&config(), &p, 0)
}

/// The refusal of a stated position: the state error inside it.
fn refused(texts: [&str; 4], leader: u8, round: u16, received: [u16; 2]) -> InvalidState {
    match stated(texts, leader, round, received) {
        Err(SetupError::State(e)) => e,
        other => panic!("expected a refused state, got {other:?}"),
    }
}

fn with_piles(
    texts: [&str; 4],
    piles: [&str; 4],
    leader: u8,
    round: u16,
) -> Result<State, SetupError> {
    let mut p = Position::later(hands(texts), Seat(leader), round, [1, 2]);
    p.piles = hands(piles);
    State::from_position(&config(), &p, 0)
}

fn refusal(value: Value) -> String {
    match serde_json::from_value::<State>(value) {
        Ok(_) => panic!("the unreachable state was accepted"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn an_a_card_still_in_the_middle_after_its_round_is_refused() {
    // Round 2: the little a went to the winner of round 1 (A5).
    let e = refused(["5 9", "6 10", "7 11", "8 12"], 0, 2, [0, 0]);
    assert_eq!(
        e,
        InvalidState::NotAllocated {
            card: ACard::Little,
            allocated: 1
        }
    );
    // Round 4, A cards received at the right rounds, but the Big A left in the middle.
    let e = refused(["5 9 a", "6 10", "7 11", "8 12"], 0, 4, [1, 0]);
    assert_eq!(
        e.to_string(),
        "the Big A is still in the middle of the table after round 2, at whose end it is \
         handed out (A5)"
    );
    // Reachable: round 2 with the little a in the leader's hand and the Big A in the middle;
    // round 4 with both in hands.
    assert!(stated(["5 9 a", "6 10", "7 11", "8 12"], 0, 2, [1, 0]).is_ok());
    assert!(stated(["5 9 a", "6 10 A", "7 11", "8 12"], 0, 4, [1, 2]).is_ok());
}

#[test]
fn with_the_big_a_first_the_round_of_each_a_card_swaps() {
    let config = Config {
        first_a: FirstA::BigAFirst,
        ..config()
    };
    let state = |texts, round, received| {
        State::from_position(
            &config,
            &Position::later(hands(texts), Seat(0), round, received),
            0,
        )
    };
    assert!(state(["5 9 A", "6 10", "7 11", "8 12"], 2, [0, 1]).is_ok());
    assert_eq!(
        state(["5 9", "6 10", "7 11", "8 12"], 2, [0, 0]),
        Err(SetupError::State(InvalidState::NotAllocated {
            card: ACard::Big,
            allocated: 1
        }))
    );
    assert_eq!(
        state(["5 9 A", "6 10 a", "7 11", "8 12"], 3, [2, 1]),
        Err(SetupError::State(InvalidState::NotWithReceiver {
            card: ACard::Little,
            received: 2,
            leads: "opens round 3, is S0".to_owned(),
            holder: "S1".to_owned(),
        }))
    );
    assert!(state(["5 9 a", "6 10 A", "7 11", "8 12"], 3, [2, 1]).is_ok());
}

#[test]
fn an_a_card_out_of_the_middle_that_was_never_received_is_refused() {
    let e = refused(["5 9 A", "6 10 a", "7 11", "8 12"], 0, 3, [0, 2]);
    assert_eq!(
        e,
        InvalidState::NeverReceived {
            card: ACard::Little
        }
    );
    assert_eq!(
        e.to_string(),
        "the little a left the middle of the table but was never received (A5)"
    );
}

#[test]
fn an_a_card_out_of_the_middle_before_its_round_is_refused() {
    let e = refused(["5 9 a", "6 10 A", "7 11", "8 12"], 0, 2, [1, 1]);
    assert_eq!(
        e,
        InvalidState::AllocatedEarly {
            card: ACard::Big,
            allocated: 2
        }
    );
}

#[test]
fn the_a_card_received_at_the_end_of_the_last_round_is_in_the_leaders_hand() {
    // Round 2: the winner of round 1 took the little a and leads (A5, A4).
    let e = refused(["5 9", "6 10 a", "7 11", "8 12"], 0, 2, [1, 0]);
    assert_eq!(
        e.to_string(),
        "the little a was received at the end of round 1 by that round's winner, who opens \
         round 2, is S0, but S1 holds it (A5, A6, A7)"
    );
    // Round 3: likewise the Big A.
    let e = refused(["5 9 a", "6 10 A", "7 11", "8 12"], 0, 3, [1, 2]);
    assert_eq!(
        e,
        InvalidState::NotWithReceiver {
            card: ACard::Big,
            received: 2,
            leads: "opens round 3, is S0".to_owned(),
            holder: "S1".to_owned(),
        }
    );
    assert!(stated(["5 9 a", "6 10 A", "7 11", "8 12"], 1, 3, [1, 2]).is_ok());
    // Round 5 after a Big A round taken at the end of round 4.
    let e = refused(["5 9 a", "6 10 A", "7 11", "8 12"], 0, 5, [1, 4]);
    assert!(matches!(
        e,
        InvalidState::NotWithReceiver {
            card: ACard::Big,
            received: 4,
            ..
        }
    ));
    assert!(stated(["5 9 a", "6 10 A", "7 11", "8 12"], 1, 5, [1, 4]).is_ok());
}

#[test]
fn a_finished_hand_leaves_the_a_card_of_its_last_round_with_that_rounds_winner() {
    // Seat 2 leads round 2; seat 0 plays out and seat 1 wins it, taking the Big A (A5).
    let mut state = stated(["5", "6 9", "2 3 a", "4 4"], 2, 2, [1, 0]).unwrap();
    for a in ["2", "4", "5", "6"] {
        G::apply(&mut state, &a.parse().unwrap()).unwrap();
    }
    assert!(G::to_move(&state).is_none());
    let mut v = serde_json::to_value(&state).unwrap();
    v["deal"]["hands"][1] = json!("9");
    v["deal"]["hands"][3] = json!("4 A");
    assert_eq!(
        refusal(v),
        "the Big A was received at the end of round 2 by that round's winner, who won the last \
         round, S1, but S3 holds it (A5, A6, A7)"
    );
}

#[test]
fn a_big_a_round_in_the_round_after_the_big_a_was_handed_out_is_refused() {
    let e = refused(["5 9 a", "6 10 A", "7 11", "8 12"], 1, 4, [1, 3]);
    assert_eq!(
        e,
        InvalidState::BigARoundTooEarly {
            received: 3,
            allocated: 2,
            earliest: 4
        }
    );
    assert_eq!(
        e.to_string(),
        "the Big A was received at the end of round 3, but it is handed out at the end of round \
         2 and may not be led in the round after, so no Big A round ends before round 4 (A5, \
         A6, A7)"
    );
}

#[test]
fn the_taker_of_a_big_a_round_leads_with_a_card_of_its_trick() {
    // Seat 1 took the Big A round of round 4; its trick held another player's card (A7).
    let e = refused(["5 9 a", "A", "7 11", "8 12"], 1, 5, [1, 4]);
    assert_eq!(
        e,
        InvalidState::BigATakerWithoutTrick {
            seat: Seat(1),
            received: 4,
            round: 5
        }
    );
    assert_eq!(
        e.to_string(),
        "S1 took the Big A round at the end of round 4 and leads round 5 without a card besides \
         A cards, but a Big A trick holds a card of at least one other player (A7)"
    );
    assert!(stated(["5 9 a", "6 A", "7 11", "8 12"], 1, 5, [1, 4]).is_ok());
    // A round later the taker may have played those cards.
    assert!(stated(["5 9 a", "A", "7 11", "8 12"], 1, 6, [1, 4]).is_ok());
}

#[test]
fn a_penalty_pile_before_a_little_a_round_can_have_ended_is_refused() {
    // The little a, received at the end of round 1, is led in round 3 at the earliest (A6).
    let e = with_piles(
        ["5 9 A", "6 10", "7 11", "8 12"],
        ["-", "a 5 6", "-", "-"],
        0,
        3,
    )
    .unwrap_err();
    assert_eq!(
        e,
        SetupError::State(InvalidState::PileEarly {
            seat: Seat(1),
            completed: 2,
            allocated: 1,
            earliest: 3
        })
    );
    // Round 4: the little a round was round 3, and its taker leads round 4 (A7).
    let e = with_piles(
        ["5 9 A", "6 10", "7 11", "8 12"],
        ["-", "a 5 6", "-", "-"],
        0,
        4,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "the little a round can only have been round 3, whose taker opens round 4, is S0, but \
         the penalty pile is S1's (A7)"
    );
    let ok = with_piles(
        ["5 9", "6 10 A", "7 11", "8 12"],
        ["-", "a 5 6", "-", "-"],
        1,
        4,
    )
    .unwrap();
    assert_eq!(ok.pile_of(Seat(1)), "5 6 a".parse().unwrap());
    assert_eq!(ok.a_holder(ACard::Little), None);
    assert!(
        with_piles(
            ["5 9", "6 10 A", "7 11", "8 12"],
            ["-", "a 5 6", "-", "-"],
            0,
            6
        )
        .is_ok()
    );
}

#[test]
fn a_penalty_pile_of_the_little_a_alone_is_refused() {
    let e = with_piles(
        ["5 9", "6 10 A", "7 11", "8 12"],
        ["-", "a", "-", "-"],
        0,
        6,
    )
    .unwrap_err();
    assert_eq!(
        e.to_string(),
        "S1's penalty pile a holds no card but the little a, yet every little a round has a \
         card played to it: at least two other players hold cards and only one can hold \
         nothing but the Big A (A7)"
    );
}

#[test]
fn piles_not_one_per_player_are_refused() {
    let mut p = Position::later(hands(["5 9", "6 10 A", "7 11", "8 12"]), Seat(0), 6, [1, 2]);
    p.piles = vec!["a 5".parse().unwrap()];
    assert_eq!(
        State::from_position(&config(), &p, 0),
        Err(SetupError::Piles { players: 4, got: 1 })
    );
}

#[test]
fn a_hand_larger_than_dealt_without_a_big_a_round_is_refused() {
    let big = "1 1 2 2 3 3 4 4 5 5 6 6 7 7 A";
    let e = refused([big, "8 a", "9", "10"], 0, 3, [1, 2]);
    assert_eq!(
        e,
        InvalidState::HandTooBig {
            seat: Seat(0),
            got: 14,
            dealt: 13,
            brought: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "S0 holds 14 number cards and jokers, but was dealt 13 and at most 0 came from Big A \
         tricks (A2, A7)"
    );
    // After a Big A round (taken at the end of round 4) up to three more cards can be there.
    assert!(stated([big, "8 a", "9", "10"], 0, 5, [1, 4]).is_ok());
}

#[test]
fn more_cards_in_the_hands_than_the_rounds_played_leave_is_refused() {
    let full = [
        "1 1 2 2 3 3 4 4 5 5 6 6 13 A",
        "7 7 8 8 9 9 10 10 11 11 12 12 13",
        "1 2 3 4 5 6 7 8 9 10 11 12 13",
        "1 2 3 4 5 6 7 8 9 10 11 12 a",
    ];
    // Round 3: two rounds took at least a card each out of the hands (A4).
    let e = refused(full, 0, 3, [1, 2]);
    assert_eq!(
        e.to_string(),
        "the hands hold 51 number cards and jokers, but 52 were dealt and 2 finished rounds \
         took at least 2 out of the hands (A2, A4, A7)"
    );
    assert_eq!(
        e,
        InvalidState::TooManyInHands {
            got: 51,
            dealt: 52,
            completed: 2,
            removed: 2
        }
    );
    // Round 3 with 50: fine; not so in round 4.
    let mut fewer = full;
    fewer[1] = "7 7 8 8 9 9 10 10 11 11 12 12";
    assert!(stated(fewer, 0, 3, [1, 2]).is_ok());
    let e = refused(fewer, 0, 4, [1, 2]);
    assert!(matches!(e, InvalidState::TooManyInHands { removed: 3, .. }));
}

#[test]
fn round_one_hands_that_are_not_a_full_deal_are_refused() {
    let mut state = G::new(&Config::default(), 3).unwrap();
    let legal = G::legal_actions(&state);
    G::apply(&mut state, &legal[0]).unwrap();
    let mut v = serde_json::to_value(&state).unwrap();
    let mut h2: Cards = v["deal"]["hands"][2].as_str().unwrap().parse().unwrap();
    let mut h3: Cards = v["deal"]["hands"][3].as_str().unwrap().parse().unwrap();
    let slot = h2.slots().next().unwrap();
    h2.take(slot, 1);
    h3.add(slot, 1);
    v["deal"]["hands"][2] = json!(h2.to_string());
    v["deal"]["hands"][3] = json!(h3.to_string());
    assert_eq!(
        refusal(v),
        "S2 holds 12 number cards and jokers and played 0 in round 1, but each player is dealt \
         13 (A2)"
    );
}

#[test]
fn more_known_cards_than_the_big_a_rounds_show_are_refused() {
    // After the worked example's six rounds Anna is known to hold 1 3 J from the Big A trick
    // of round 5, the one Big A round: three cards at most with four players.
    let (_, state) = example::replay();
    let v = serde_json::to_value(&state).unwrap();
    assert_eq!(v["deal"]["known"][0], json!("1 3 J"));
    let mut v2 = v.clone();
    v2["deal"]["known"][0] = json!("1 3 6 J");
    assert_eq!(
        refusal(v2),
        "4 cards are known to be in hands, but the at most 1 Big A rounds of this hand show at \
         most 3 (A7)"
    );
}

#[test]
fn hand_results_no_hand_can_end_with_are_refused() {
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    let mut state = G::new(&config, 5).unwrap();
    while state.hand_number() == 1 {
        let legal = G::legal_actions(&state);
        G::apply(&mut state, &legal[0]).unwrap();
    }
    let v = serde_json::to_value(&state).unwrap();
    // Every hand ends with the A card of round 1 (or the Big A) in a hand (A5, A9).
    let mut low = v.clone();
    low["results"][0] = json!([0, 0, 0, 14]);
    low["totals"] = json!([0, 0, 0, 14, 0, 0, 0, 0, 0]);
    assert_eq!(
        refusal(low),
        "the penalties of hand 1 add to 14, less than the 15 of the little a, which every hand \
         ends with in someone's hand (A5, A9)"
    );
    // A player without cards pays only a penalty pile: 3 x 13 at most with four players.
    let mut high = v;
    high["results"][0] = json!([40, 40, 40, 40]);
    high["totals"] = json!([40, 40, 40, 40, 0, 0, 0, 0, 0]);
    assert_eq!(
        refusal(high),
        "in hand 1 every player has at least 40 penalty points, but a player without cards pays \
         only a penalty pile, at most 39 (A9)"
    );
}

#[test]
fn the_worked_example_and_its_stated_position_still_validate() {
    let (_, state) = example::replay();
    state.validate().unwrap();
    let back: State = serde_json::from_value(serde_json::to_value(&state).unwrap()).unwrap();
    assert_eq!(back, state);
}
