//! States read back from JSON: consistent ones are accepted, corrupt ones refused with a
//! message that names what is wrong.

mod common;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::game::Game;
use cards_core::rng::{below, rng_from_seed};
use cards_core::seat::Seat;
use common::position;
use game_big_a::{Action, BigA, Config, InvalidState, Phase, State};
use serde_json::{Value, json};

/// A single deal from `seed`, played with the first legal action until `done`.
fn reach(seed: u64, done: impl Fn(&State) -> bool) -> State {
    let mut s = BigA::new(&Config::default().single_deal(), seed).unwrap();
    while !done(&s) {
        let a = BigA::legal_actions(&s)[0];
        BigA::apply(&mut s, &a).unwrap();
    }
    s
}

/// A state in card play with a single on the pile, nobody passed yet.
fn in_play() -> State {
    let mut s = reach(5, |s| s.phase() == Phase::Play);
    let lead = BigA::legal_actions(&s)[0];
    BigA::apply(&mut s, &lead).unwrap();
    assert!(s.top().is_some());
    s
}

/// The refusal of `state`'s JSON after `edit`, as text.
fn refusal(state: &State, edit: impl FnOnce(&mut Value)) -> String {
    let mut v = serde_json::to_value(state).unwrap();
    edit(&mut v);
    let e = serde_json::from_value::<State>(v).expect_err("a corrupt state is refused");
    e.to_string()
}

fn at<'a>(v: &'a mut Value, pointer: &str) -> &'a mut Value {
    v.pointer_mut(pointer)
        .unwrap_or_else(|| panic!("{pointer} is in the document"))
}

#[test]
fn a_consistent_state_reads_back_equal() {
    for s in [reach(1, |_| true), in_play()] {
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<State>(&text).unwrap(), s);
        assert_eq!(s.validate(), Ok(()));
    }
}

#[test]
fn the_serialised_form_keeps_its_fields() {
    let v = serde_json::to_value(reach(1, |_| true)).unwrap();
    let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
    let mut expected = vec![
        "config",
        "seed",
        "deal",
        "attempt",
        "totals",
        "first_drawer",
        "stock",
        "drawn",
        "hands",
        "known",
        "counts",
        "phase",
        "declarer",
        "big_suit",
        "declarer_shown",
        "forced_heart",
        "partner",
        "partner_exposed",
        "exposures",
        "turn",
        "top",
        "top_cards",
        "table",
        "discard",
        "passes",
        "places",
        "played_big",
        "captured_big",
        "last_scores",
        "actions",
        "stated",
    ];
    let mut keys = keys;
    keys.sort_unstable();
    expected.sort_unstable();
    assert_eq!(keys, expected);
}

#[test]
fn a_card_duplicated_into_another_hand_is_refused_under_g4() {
    let s = in_play();
    let card = s
        .hand(Seat(0))
        .iter()
        .find(|&c| s.hand(Seat(1)).count(c) == 0)
        .unwrap();
    let e = refusal(&s, |v| {
        at(v, "/hands/1").as_array_mut().unwrap()[0] = json!(card.to_string());
    });
    assert!(
        e.contains("times in the stock, hands, table and discard, not 2 (G4)"),
        "{e}"
    );
    // A card dropped from the table is missing from the census.
    let e = refusal(&s, |v| {
        at(v, "/table").as_array_mut().unwrap().clear();
    });
    assert!(e.contains("is found 1 times") && e.contains("(G4)"), "{e}");
}

#[test]
fn a_seat_to_move_out_of_range_is_refused() {
    let e = refusal(&in_play(), |v| *at(v, "/turn") = json!(7));
    assert_eq!(
        e,
        "the seat to move is seat S7, but the table has seats S0 to S4 (B2)"
    );
    let e = refusal(&in_play(), |v| *at(v, "/exposures/0/seat") = json!(5));
    assert!(e.starts_with("an exposer is seat S5"), "{e}");
}

#[test]
fn a_seat_to_move_that_the_passes_do_not_give_is_refused() {
    let s = in_play();
    let (winner, _) = s.top().unwrap();
    let e = refusal(&s, |v| *at(v, "/turn") = json!(winner.0));
    assert!(
        e.starts_with(&format!("{winner} is to move, but ")) && e.contains("after 0 passes"),
        "{e}"
    );
}

#[test]
fn counters_out_of_range_are_refused() {
    let s = in_play();
    let e = refusal(&s, |v| *at(v, "/passes") = json!(4));
    assert_eq!(
        e,
        "the pile is inconsistent: every other seat holding cards has passed, so the trick is \
         over (B7, B8)"
    );
    let e = refusal(&s, |v| *at(v, "/drawn") = json!(107));
    assert_eq!(e, "107 cards drawn does not fit card play (B3)");
    let e = refusal(&s, |v| *at(v, "/deal") = json!(1));
    assert_eq!(e, "1 of 1 hands finished does not fit card play (B11)");
    let e = refusal(&s, |v| *at(v, "/attempt") = json!(u32::MAX));
    assert!(e.starts_with("redeal 4294967295 cannot happen"), "{e}");
    let e = refusal(&s, |v| *at(v, "/played_big/0") = json!(255));
    assert!(e.starts_with("the big aces do not add up"), "{e}");

    let pick_up = reach(2, |s| matches!(s.phase(), Phase::PartnerExposure { .. }));
    let e = refusal(&pick_up, |v| {
        *at(v, "/phase") = json!({ "PartnerExposure": { "asked": 5 } });
    });
    assert_eq!(e, "5 seats asked after the pick-up, but there are 5 (B5)");
    let next = BigA::to_move(&pick_up).unwrap().0 + 1;
    let e = refusal(&pick_up, |v| *at(v, "/turn") = json!(next % 5));
    assert!(e.contains("is to move, but"), "{e}");
}

#[test]
fn a_config_that_does_not_validate_is_refused() {
    let e = refusal(&in_play(), |v| *at(v, "/config/players") = json!(4));
    assert_eq!(
        e,
        "invalid configuration: big a needs exactly 5 players, not 4 (B2)"
    );
    let e = refusal(&in_play(), |v| *at(v, "/config/hands") = json!(0));
    assert!(e.starts_with("invalid configuration: a match has"), "{e}");
}

#[test]
fn a_phase_that_disagrees_with_the_rest_is_refused() {
    let s = in_play();
    let e = refusal(&s, |v| *at(v, "/phase") = json!("Draw"));
    assert_eq!(e, "108 cards drawn does not fit the draw (B3)");
    let e = refusal(&s, |v| *at(v, "/phase") = json!("Over"));
    assert_eq!(
        e,
        "0 of 1 hands finished does not fit the end of the match (B11)"
    );
    // A draw whose hand is not what the seat drew.
    let draw = reach(3, |s| BigA::view(s, Seat(0)).stock == 60);
    let e = refusal(&draw, |v| {
        let a = at(v, "/stock/0").clone();
        let b = at(v, "/stock/1").clone();
        *at(v, "/stock/0") = b;
        *at(v, "/stock/1") = a;
    });
    assert!(
        e.contains("is not the cards it drew from the stock (B3)"),
        "{e}"
    );
}

#[test]
fn the_teams_must_follow_the_exposures() {
    let s = in_play();
    let declarer = s.declarer().unwrap();
    let e = refusal(&s, |v| *at(v, "/declarer") = json!((declarer.0 + 1) % 5));
    assert_eq!(
        e,
        "the teams are inconsistent: the declarer disagrees with the exposures (B4-B6)"
    );
    let e = refusal(&s, |v| at(v, "/exposures").as_array_mut().unwrap().clear());
    assert!(e.starts_with("the teams are inconsistent"), "{e}");
    let e = refusal(&s, |v| {
        let first = at(v, "/exposures/0").clone();
        at(v, "/exposures").as_array_mut().unwrap().push(first);
    });
    assert!(e.starts_with("exposure 1 cannot have happened"), "{e}");
}

#[test]
fn a_partner_other_than_the_holder_of_the_other_big_ace_is_refused() {
    let s = in_play();
    let d = s.declarer().unwrap();
    let other = Seat::all(5)
        .find(|&x| x != d && Some(x) != s.partner())
        .unwrap();
    let e = refusal(&s, |v| *at(v, "/partner") = json!(other.0));
    let dealt = s.partner().map_or("nobody".to_owned(), |p| p.to_string());
    assert_eq!(
        e,
        format!("the partner is {other}, but the seat dealt the other big ace is {dealt} (B6)")
    );
}

#[test]
fn a_top_play_not_made_of_the_cards_on_top_is_refused() {
    let s = in_play();
    let e = refusal(&s, |v| *at(v, "/top/1") = json!("RJRJBJBJ"));
    assert_eq!(
        e,
        "the pile is inconsistent: the cards on top are not those of the top play (B7, B8)"
    );
    let e = refusal(&s, |v| *at(v, "/top/1") = json!("444444444"));
    assert_eq!(
        e,
        "the pile is inconsistent: the top is not a combination of this configuration (B7, B8)"
    );
}

#[test]
fn stale_cached_counts_are_refused() {
    let s = in_play();
    let t = s.top().unwrap().0;
    let e = refusal(&s, |v| {
        *at(v, &format!("/counts/{}/jokers/0", t.0)) = json!(9);
    });
    assert_eq!(
        e,
        format!("the cached counts of {t} are not those of its hand (empty before play)")
    );
}

#[test]
fn scores_that_do_not_add_up_are_refused() {
    let e = refusal(&in_play(), |v| *at(v, "/totals/2") = json!(3));
    assert_eq!(
        e,
        "the scores are inconsistent: the match totals do not add up to zero (B11)"
    );
    let over = reach(4, |s| s.phase() == Phase::Over);
    let e = refusal(&over, |v| *at(v, "/last_scores/0") = json!(64));
    assert!(e.starts_with("the scores are inconsistent"), "{e}");
    // The typed error names the same thing as the deserialisation message.
    over.validate().unwrap();
    let mut v = serde_json::to_value(&over).unwrap();
    *at(&mut v, "/places") = json!([0, 0, 1, 2, 3]);
    let text = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert_eq!(
        text,
        InvalidState::Places("a seat is out twice").to_string()
    );
}

#[test]
fn stated_positions_read_back_through_to_the_end_of_their_hand() {
    let mut s = position(
        ["Ah 5c 5d", "Ah 6c", "7c 7d 7s", "", "8c 9c"],
        0,
        Some(1),
        0,
    );
    let mut rng = rng_from_seed(11);
    loop {
        let text = serde_json::to_string(&s).unwrap();
        assert_eq!(serde_json::from_str::<State>(&text).unwrap(), s, "{text}");
        if BigA::to_move(&s).is_none() {
            break;
        }
        let legal = BigA::legal_actions(&s);
        let a: Action = legal[below(&mut rng, legal.len() as u64) as usize];
        BigA::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.phase(), Phase::Over);
}

#[test]
fn determinized_states_read_back_as_valid_states() {
    let config = Config {
        hands: 2,
        ..Config::default()
    };
    for seed in 0..4 {
        let mut s = BigA::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut step = 0;
        while BigA::to_move(&s).is_some() {
            if step % 7 == 0 {
                for seat in Seat::all(5) {
                    let d = s.determinize(seat, &mut rng);
                    if let Err(e) = d.validate() {
                        panic!("seed {seed}, step {step}, for {seat}: {e}");
                    }
                }
            }
            let legal = BigA::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            BigA::apply(&mut s, &a).unwrap();
            step += 1;
        }
    }
}

#[test]
fn a_stated_start_that_from_play_refuses_is_refused_b6() {
    let s = position(
        ["Ah 5c 5d", "Ah 6c", "7c 7d 7s", "", "8c 9c"],
        0,
        Some(1),
        0,
    );
    let mut v = serde_json::to_value(&s).unwrap();
    // The stated leader made S3, who holds no card.
    *at(&mut v, "/stated/0") = json!(3);
    let text = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert_eq!(
        text,
        InvalidState::Stated(game_big_a::SetupError::Teams("the leader must hold cards"))
            .to_string()
    );
    assert!(
        text.starts_with("the stated start of the hand is refused: "),
        "{text}"
    );
}
