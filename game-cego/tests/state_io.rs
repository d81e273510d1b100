//! A state read back from JSON is validated: corrupt states are refused with a message that
//! names what is wrong, valid ones (mid-auction, mid-exposure, mid-double-lead) read back equal.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::{Game, Seat};
use game_cego::examples::{Script, T11_DEAL, T12_DEAL};
use game_cego::{Action, Cego, Config, InvalidState, State};
use serde_json::{Value, json};

fn single_deal(seed: u64) -> State {
    Cego::new(&Config::default().single_deal(), seed).unwrap()
}

/// Plays the first legal action `n` times.
fn advance(state: &mut State, n: usize) {
    for _ in 0..n {
        let a = Cego::legal_actions(state)[0];
        Cego::apply(state, &a).unwrap();
    }
}

/// The state's JSON after `edit`, read back: the refusal's message.
fn refusal(state: &State, edit: impl FnOnce(&mut Value)) -> String {
    let mut value = serde_json::to_value(state).unwrap();
    edit(&mut value);
    match serde_json::from_value::<State>(value) {
        Ok(_) => panic!("the edited state was accepted"),
        Err(e) => e.to_string(),
    }
}

fn reads_back_equal(state: &State) {
    let text = serde_json::to_string(state).unwrap();
    let back: State = serde_json::from_str(&text).unwrap();
    assert_eq!(&back, state);
    assert_eq!(state.validate(), Ok(()));
}

#[test]
fn a_card_duplicated_into_another_hand_is_refused_citing_g4() {
    let state = single_deal(1);
    let card = state.deal.hands[0].first().unwrap();
    let message = refusal(&state, |v| {
        let card = v["deal"]["hands"][0][0].clone();
        v["deal"]["hands"][1].as_array_mut().unwrap().push(card);
    });
    assert_eq!(
        message,
        format!("{card} is in two places: the cards must make up the pack exactly once (G4)")
    );
}

#[test]
fn a_card_dropped_from_a_hand_is_refused_citing_g4() {
    let state = single_deal(1);
    let card = state.deal.hands[2].first().unwrap();
    let message = refusal(&state, |v| {
        v["deal"]["hands"][2].as_array_mut().unwrap().remove(0);
    });
    assert_eq!(
        message,
        format!("{card} is nowhere: the cards must make up the pack exactly once (G4)")
    );
}

#[test]
fn a_card_moved_to_another_hand_is_refused_as_no_deal() {
    let mut state = single_deal(1);
    advance(&mut state, 4);
    let message = refusal(&state, |v| {
        let card = v["deal"]["hands"][0].as_array_mut().unwrap().remove(0);
        v["deal"]["hands"][1].as_array_mut().unwrap().push(card);
    });
    assert!(
        message.starts_with("the cards traced back to the deal do not form one: S0 holds 10"),
        "{message}"
    );
}

#[test]
fn a_seat_to_move_out_of_range_is_refused() {
    let state = single_deal(2);
    let message = refusal(&state, |v| v["deal"]["to_move"] = json!(4));
    assert_eq!(
        message,
        "the seat to move is S4, not a seat of the 4-player table"
    );
    let mut bad = state.clone();
    bad.deal.to_move = Seat(9);
    assert_eq!(
        bad.validate(),
        Err(InvalidState::Seat {
            field: "the seat to move",
            seat: Seat(9),
            seats: 4,
        })
    );
}

#[test]
fn a_seat_to_move_that_is_not_the_one_to_speak_is_refused() {
    let mut state = single_deal(2);
    advance(&mut state, 2);
    let to_move = state.deal.to_move;
    let mut bad = state.clone();
    bad.deal.to_move = to_move.next(4, cards_core::Direction::Clockwise);
    assert_eq!(
        bad.validate(),
        Err(InvalidState::Mismatch("the seat to move"))
    );
    let message = refusal(&state, |v| {
        v["deal"]["to_move"] = json!(bad.deal.to_move.0);
    });
    assert_eq!(
        message,
        "the seat to move disagrees with the deal replayed from its calls, exposures, discards and cards played"
    );
}

#[test]
fn a_counter_out_of_range_is_refused() {
    let state = single_deal(3);
    let message = refusal(&state, |v| v["deal"]["trick_no"] = json!(12));
    assert_eq!(
        message,
        "the number of completed tricks is 12, more than 11"
    );
    let message = refusal(&state, |v| v["deal"]["index"] = json!(1));
    assert_eq!(message, "the deal index is 1, more than 0");
    let message = refusal(&state, |v| {
        v["deal"]["tricks"][0]["len"] = json!(5);
    });
    assert_eq!(message, "the cards in the current trick is 5, more than 4");
}

#[test]
fn a_config_that_does_not_validate_is_refused() {
    let state = single_deal(4);
    let message = refusal(&state, |v| v["config"]["players"] = json!(2));
    assert!(
        message.starts_with("invalid configuration: cego is played by 4 players"),
        "{message}"
    );
    // A four-player deal in a three-player configuration (cego.md 10).
    let message = refusal(&state, |v| v["config"]["players"] = json!(3));
    assert_eq!(
        message,
        "the deal is played by 4 players at a table of 3: by three at three players (cego.md 10), else by four"
    );
    let message = refusal(&state, |v| v["config"]["deals"] = json!(0));
    assert_eq!(
        message,
        "invalid configuration: deals per match must be between 1 and 1000, not 0"
    );
}

#[test]
fn a_call_recorded_for_the_wrong_seat_is_refused() {
    let mut state = single_deal(5);
    advance(&mut state, 3);
    let (a, b) = (state.deal.forehand, state.deal.seat_of_letter('B').unwrap());
    let message = refusal(&state, |v| v["deal"]["calls"][1][0] = json!(a.0));
    assert_eq!(
        message,
        format!("call 2 is recorded for {a}, but {b} was to speak (cego.md 4)")
    );
}

#[test]
fn an_illegal_recorded_call_is_refused_with_the_rule() {
    let mut state = single_deal(5);
    advance(&mut state, 4);
    let message = refusal(&state, |v| v["deal"]["calls"][0][1] = json!("Hold"));
    assert!(
        message.starts_with("recorded action 1 (hold) is illegal when the deal is replayed"),
        "{message}"
    );
}

#[test]
fn match_bookkeeping_that_disagrees_is_refused() {
    let config = Config {
        deals: 3,
        ..Config::default()
    };
    let mut state = Cego::new(&config, 6).unwrap();
    while state.deal.index == 0 {
        advance(&mut state, 1);
    }
    advance(&mut state, 3);
    reads_back_equal(&state);
    let message = refusal(&state, |v| v["totals"][0] = json!(state.totals[0] + 5));
    assert!(message.starts_with("the match totals"), "{message}");
    let message = refusal(&state, |v| {
        v["results"][0][0] = json!(state.results[0][0] + 5);
    });
    assert_eq!(
        message,
        "the payments of deal 1 sum to 5, not zero (every deal is zero-sum)"
    );
    // A zero-sum row that moves more than any deal can (cego's max_payment).
    let max = game_cego::max_payment(4);
    let message = refusal(&state, |v| {
        v["results"][0] = json!([max + 1, -max - 1, 0, 0]);
    });
    assert_eq!(
        message,
        format!(
            "deal 1 pays {} to one seat; no deal moves more than {max}",
            max + 1
        )
    );
    let message = refusal(&state, |v| {
        v["results"].as_array_mut().unwrap().clear();
        v["totals"] = json!([0, 0, 0, 0]);
    });
    assert_eq!(message, "0 deal results are recorded where deal 2 needs 1");
    let message = refusal(&state, |v| v["over"] = json!(true));
    assert_eq!(
        message,
        "the match is over in deal 2 of 3 with the deal phase auction"
    );
    let message = refusal(&state, |v| v["seed"] = json!(state_seed_plus_one(&state)));
    assert_eq!(
        message,
        "the cards of deal 2 are not the ones the match seed deals (G1, CG1)"
    );
}

fn state_seed_plus_one(state: &State) -> u64 {
    let v = serde_json::to_value(state).unwrap();
    v["seed"].as_u64().unwrap() + 1
}

#[test]
fn a_finished_match_reads_back_and_its_flag_is_checked() {
    let config = Config {
        deals: 2,
        ..Config::default()
    };
    let mut state = Cego::new(&config, 7).unwrap();
    while Cego::to_move(&state).is_some() {
        advance(&mut state, 1);
    }
    reads_back_equal(&state);
    let message = refusal(&state, |v| v["over"] = json!(false));
    assert_eq!(
        message,
        "the match is not over in deal 2 of 2 with the deal phase over"
    );
}

#[test]
fn two_cards_of_a_completed_trick_swapped_are_refused() {
    let mut state = single_deal(8);
    while state.deal.history.len() < 2 {
        advance(&mut state, 1);
    }
    // The leader's and the second player's cards of trick 1 change places: the census holds.
    let message = refusal(&state, |v| {
        let cards = v["deal"]["history"][0]["cards"].as_array_mut().unwrap();
        cards.swap(0, 1);
    });
    assert!(!message.contains("(G4)"), "{message}");
}

#[test]
fn states_mid_exposure_and_mid_double_lead_read_back_equal() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass");
    reads_back_equal(&s.state);
    s.play("expose 8s");
    reads_back_equal(&s.state);
    s.play("expose 7s");
    reads_back_equal(&s.state);
    let mut n = 0;
    while s.state.deal.trick_no < 3 {
        let a = Cego::legal_actions(&s.state)[0];
        assert!(n > 0 || matches!(a, Action::Pair(..)));
        Cego::apply(&mut s.state, &a).unwrap();
        reads_back_equal(&s.state);
        n += 1;
    }
    let mut s = Script::new(T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass, expose 4h");
    reads_back_equal(&s.state);
    s.play("expose 7c");
    while Cego::to_move(&s.state).is_some() {
        reads_back_equal(&s.state);
        advance(&mut s.state, 1);
    }
    reads_back_equal(&s.state);
}

#[test]
fn a_double_lead_pair_read_back_in_the_wrong_tricks_is_refused() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass, expose 8s, expose 7s");
    advance(&mut s.state, 2);
    assert_eq!(s.state.deal.tricks[0].len, 2);
    let message = refusal(&s.state, |v| v["deal"]["double"] = json!(false));
    assert!(message.contains(" is nowhere: "), "{message}");
    assert!(message.ends_with("(G4)"), "{message}");
}

// ---------- determinized states are states the engine reaches ----------

/// Determinizes `state` for every seat and checks the result: it validates, reads back equal
/// from JSON, gives the seat the same view (and the seat to move the same legal actions), has
/// the same seat to move, conserves the pack and carries a fresh match seed.
fn determinizations_are_valid(state: &State, rng: &mut cards_core::GameRng, at: &str) {
    let seed = serde_json::to_value(state).unwrap()["seed"].clone();
    for seat in Seat::all(4) {
        let det = state.determinize(seat, rng);
        if let Err(e) = det.validate() {
            panic!(
                "{at}: determinized for {seat}: {e}\n{}",
                serde_json::to_string(state).unwrap()
            );
        }
        let text = serde_json::to_string(&det).unwrap();
        let back: State = serde_json::from_str(&text).unwrap();
        assert_eq!(back, det, "{at}: {seat}");
        assert_eq!(
            Cego::view(&det, seat),
            Cego::view(state, seat),
            "{at}: {seat}"
        );
        assert_eq!(Cego::to_move(&det), Cego::to_move(state), "{at}: {seat}");
        if Cego::to_move(state) == Some(seat) {
            assert_eq!(
                Cego::legal_actions(&det),
                Cego::legal_actions(state),
                "{at}: {seat}"
            );
        }
        let mut census = det.census();
        let mut pack = state.config().pack();
        census.sort();
        pack.sort();
        assert_eq!(census, pack, "{at}: {seat}");
        if !state.over {
            assert_ne!(serde_json::to_value(&det).unwrap()["seed"], seed, "{at}");
        }
    }
}

/// Random playouts of `config`, every state determinized for every seat.
fn random_playouts_determinize_validly(config: &Config, games: u64, seed: u64) {
    let mut rng = cards_core::rng::rng_from_seed(seed);
    for g in 0..games {
        let mut state = Cego::new(config, cards_core::rng::derive_seed(seed, g)).unwrap();
        let mut n = 0;
        loop {
            determinizations_are_valid(&state, &mut rng, &format!("game {g}, action {n}"));
            if Cego::to_move(&state).is_none() {
                break;
            }
            let legal = Cego::legal_actions(&state);
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut state, &a).unwrap();
            n += 1;
        }
    }
}

fn every_variant() -> Config {
    Config {
        deals: 1,
        count: game_cego::Counting::Pairs,
        round_strict_next: true,
        ulti_after_solo: true,
        solo_caller_uses_normal_factor: true,
        two_different_dead: false,
        ulti_must_hold_back: true,
        no_trock_discard: game_cego::NoTrockDiscard::AnyCard,
        special_stakes: game_cego::Stakes::Schwarzwald,
        raeuber_stakes: game_cego::Stakes::Schwarzwald,
        stop_when_decided: true,
        deal_order: game_cego::DealOrder::CegoFirst,
        ..Config::default()
    }
}

#[test]
fn determinized_states_of_random_single_deals_validate_and_read_back() {
    random_playouts_determinize_validly(&Config::default().single_deal(), 150, 41);
}

#[test]
fn determinized_states_of_random_deals_with_every_variant_validate_and_read_back() {
    random_playouts_determinize_validly(&every_variant(), 150, 42);
}

#[test]
fn determinized_states_of_random_whole_matches_validate_and_read_back() {
    let config = Config {
        deals: 3,
        ..Config::default()
    };
    random_playouts_determinize_validly(&config, 12, 43);
}

#[test]
#[ignore = "long; run in release mode"]
fn determinized_states_of_thousands_of_random_deals_validate() {
    random_playouts_determinize_validly(&Config::default().single_deal(), 5000, 44);
    random_playouts_determinize_validly(&every_variant(), 5000, 45);
    let config = Config {
        deals: 4,
        ..Config::default()
    };
    random_playouts_determinize_validly(&config, 300, 46);
}

#[test]
fn actions_and_cards_that_do_not_parse_are_refused_by_deserialisation() {
    use game_cego::Card;
    assert_eq!(
        serde_json::from_str::<Action>("\"expose 8c\"").unwrap(),
        "expose 8c".parse::<Action>().unwrap()
    );
    assert_eq!(
        serde_json::to_string(&"8s+7s".parse::<Action>().unwrap()).unwrap(),
        "\"8s+7s\""
    );
    for bad in [
        "\"bogus\"",
        "\"expose T22\"",
        "\"discard 5c\"",
        "\"8s+\"",
        "3",
        "null",
    ] {
        assert!(serde_json::from_str::<Action>(bad).is_err(), "{bad}");
    }
    let e = serde_json::from_str::<Action>("\"bogus\"").unwrap_err();
    assert!(
        e.to_string().starts_with("cannot read action \"bogus\""),
        "{e}"
    );
    assert_eq!(
        serde_json::from_str::<Card>("\"Gs\"").unwrap(),
        Card::GSTIESS
    );
    for bad in ["\"T0\"", "\"T22\"", "\"7h\"", "\"1c\"", "\"Kx\"", "\"\""] {
        assert!(serde_json::from_str::<Card>(bad).is_err(), "{bad}");
    }
}

#[test]
fn ultis_last_trick_reads_back_as_eleven_when_absent_and_is_written_only_at_three() {
    use game_cego::{Contract, Score};
    let at_four = Score::Special {
        contract: Contract::Ulti,
        tricks: 1,
        won: true,
        stake: 10,
        last_trick: 11,
    };
    let json = serde_json::to_value(at_four).unwrap();
    assert!(json["Special"].get("last_trick").is_none(), "{json}");
    assert_eq!(serde_json::from_value::<Score>(json).unwrap(), at_four);
    let at_three = Score::Special {
        contract: Contract::Ulti,
        tricks: 0,
        won: false,
        stake: 10,
        last_trick: 13,
    };
    let json = serde_json::to_value(at_three).unwrap();
    assert_eq!(json["Special"]["last_trick"], 13);
    assert_eq!(serde_json::from_value::<Score>(json).unwrap(), at_three);
}

#[test]
fn a_replay_mismatch_is_refused_as_a_state_that_disagrees_with_its_record() {
    use cards_core::validate::ReplayError;
    let e = InvalidState::from(ReplayError::<Cego>::Mismatch("over: true".to_owned()));
    assert_eq!(e, InvalidState::Mismatch("the state"));
    assert_eq!(
        e.to_string(),
        "the state disagrees with the deal replayed from its calls, exposures, discards and cards played"
    );
}

#[test]
fn nothing_is_applied_once_the_match_is_over() {
    let mut state = single_deal(3);
    while let Some(&a) = Cego::legal_actions(&state).first() {
        Cego::apply(&mut state, &a).unwrap();
    }
    assert!(state.over);
    let before = state.clone();
    for a in [Action::Pass, "cego".parse().unwrap(), "Kc".parse().unwrap()] {
        assert_eq!(
            Cego::apply(&mut state, &a),
            Err(game_cego::ActionError::MatchOver)
        );
        let mut events = Vec::new();
        Cego::apply_unchecked(&mut state, &a, &mut events);
        assert!(events.is_empty());
        assert_eq!(state, before);
    }
}
