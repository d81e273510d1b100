//! One test per rule and ruling (C1-C8, G1-G4), refused cases included.

use cards_core::Catalog;
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::card::{Rank, Suit};
use cards_core::rng::rng_from_seed;
use cards_core::seat::Seat;
use game_contract_rummy::{
    Action, ActionError, Card, Config, ConfigError, ContractRummy, Hand, MeldSpec,
    ParseActionError, ParseMeldError, Phase, Position, RoundInfo, Shape, State, View, WildOrder,
};

fn config(players: usize, round: u8) -> Config {
    Config {
        players,
        first_round: round,
        rounds: 1,
        ..Config::default()
    }
}

fn state(round: u8, hands: &[&str], melds: &[(u8, &str)]) -> State {
    let pos = Position {
        round,
        dealer: (hands.len() - 1) as u8,
        to_move: 0,
        hands: hands.iter().map(|h| (*h).to_owned()).collect(),
        melds: melds.iter().map(|(o, m)| (*o, (*m).to_owned())).collect(),
        stock: None,
        totals: vec![],
    };
    State::from_position(&config(hands.len(), round), &pos).unwrap()
}

fn act(s: &mut State, text: &str) -> Result<(), ActionError> {
    let a: Action = ContractRummy::parse_action(s, text).unwrap();
    ContractRummy::apply(s, &a).map(|_| ())
}

fn refused(s: &State, text: &str) -> ActionError {
    let mut t = s.clone();
    let err = act(&mut t, text).unwrap_err();
    assert_eq!(&t, s, "a refusal leaves the state unchanged (G2)");
    assert!(
        !ContractRummy::legal_actions(s)
            .iter()
            .any(|a| a.to_string() == text)
    );
    err
}

#[test]
fn two_to_seven_players_and_zero_to_four_jokers_are_allowed() {
    for n in 2..=7 {
        assert!(<ContractRummy as Game>::Config::for_players(n).is_ok());
    }
    assert_eq!(
        <ContractRummy as Game>::Config::for_players(1),
        Err(ConfigError::Players(1))
    );
    assert_eq!(
        <ContractRummy as Game>::Config::for_players(8),
        Err(ConfigError::Players(8))
    );
    let c = Config {
        jokers: 5,
        ..Config::default()
    };
    assert_eq!(ContractRummy::new(&c, 1), Err(ConfigError::Jokers(5)));
    assert!(
        ConfigError::Players(8)
            .to_string()
            .contains("2 to 7 players")
    );
}

#[test]
fn the_pack_is_two_packs_and_the_configured_jokers() {
    assert_eq!(Config::default().pack().len(), 108);
    let c = Config {
        jokers: 0,
        ..Config::default()
    };
    assert_eq!(c.pack().len(), 104);
}

#[test]
fn round_r_deals_r_plus_two_cards_and_the_dealer_rotates_clockwise() {
    let c = Config {
        players: 3,
        first_round: 1,
        rounds: 3,
        ..Config::default()
    };
    let mut s = ContractRummy::new(&c, 7).unwrap();
    let d0 = s.dealer();
    for round in 1..=3u8 {
        assert_eq!(s.round_info().round, round);
        assert_eq!(s.dealer(), Seat((d0.0 + round - 1) % 3));
        for seat in 0..3 {
            assert_eq!(s.hand(Seat(seat)).len(), usize::from(round) + 2);
        }
        // The player to the dealer's left plays first.
        assert_eq!(
            ContractRummy::to_move(&s),
            Some(Seat((s.dealer().0 + 1) % 3))
        );
        assert_eq!(s.stock_len(), 108 - 3 * (usize::from(round) + 2));
        // Play the round out with draws and dones only where possible.
        let mut guard = 0;
        while s.round_info().round == round
            && ContractRummy::to_move(&s).is_some()
            && guard < 10_000
        {
            let legal = ContractRummy::legal_actions(&s);
            let a = legal
                .iter()
                .find(|a| matches!(a, Action::Draw | Action::Pass | Action::Done))
                .copied()
                .unwrap_or(legal[0]);
            ContractRummy::apply(&mut s, &a).unwrap();
            guard += 1;
        }
    }
}

#[test]
fn aces_jokers_and_the_round_rank_are_wild() {
    // Round 4: sixes are wild. A set of 7s with an Ace, a joker and a six.
    let s = state(4, &["7c 7d As Jk 6h 2c", "2d 3d 4d 5d 8d 9d"], &[]);
    let legal: Vec<String> = ContractRummy::legal_actions(&s)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(
        !legal.iter().any(|a| a.contains("2c=7")),
        "a natural 2 is not wild"
    );
    assert!(legal.contains(&"7c 7d Jk=7".to_owned()));
    assert!(legal.contains(&"7c 7d 6h=7".to_owned()));
    assert!(legal.contains(&"7c 6h=7 Jk=7".to_owned()));
}

#[test]
fn a_card_of_the_wild_rank_may_be_used_as_itself() {
    // Round 4 (sixes wild): 5h 6h 7h is a run with the six at its own place.
    let mut s = state(4, &["5h 6h 7h 2c 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    act(&mut s, "5h 6h 7h").unwrap();
    assert_eq!(s.melds()[0].to_string(), "5h 6h 7h");
}

#[test]
fn a_set_may_hold_duplicates_and_a_meld_may_be_all_wilds() {
    let mut s = state(4, &["7c 7c 7d Jk As Ad", "2d 3d 4d 5d 8d 9d"], &[]);
    act(&mut s, "7c 7c 7d").unwrap();
    act(&mut s, "Jk=Q Ad=Q As=Q").unwrap();
    assert!(s.hand(Seat(0)).is_empty());
}

#[test]
fn a_run_across_suits_is_refused() {
    let s = state(4, &["5h 6s 7h 2c 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    assert!(matches!(
        refused(&s, "5h Jk=6h 7h"),
        ActionError::NotInHand { .. }
    ));
    let s = state(4, &["5h 8s 7h Jk 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    let e = refused(&s, "5h Jk=6h 7h 8s");
    assert!(matches!(e, ActionError::SizeNotAllowed { .. }));
    let s = state(5, &["5h 8s 7h Jk 9d Kd 2c", "2d 3d 4d 5d 8d 9d 10d"], &[]);
    let e = refused(&s, "5h Jk=6h 7h 8s");
    assert!(matches!(e, ActionError::RunAcrossSuits { .. }), "{e}");
    assert!(e.to_string().contains("(C4)"));
}

#[test]
fn a_wrapped_run_is_refused() {
    let s = state(1, &["Kh Ah 2h", "2d 3d 4d"], &[]);
    let e = refused(&s, "Kh Ah 2h");
    assert_eq!(e, ActionError::WrappedRun);
    assert_eq!(
        e.to_string(),
        "a run may not wrap around from K over A to 2 (C4)"
    );
    // Q K A is a run.
    let mut s = state(1, &["Qh Kh Ah", "2d 3d 4d"], &[]);
    act(&mut s, "Qh Kh Ah").unwrap();
}

#[test]
fn a_natural_card_out_of_its_place_is_refused() {
    let s = state(1, &["7h 8h 10h", "2d 3d 4d"], &[]);
    let e = refused(&s, "7h 8h 10h");
    assert_eq!(
        e,
        ActionError::OutOfPlace {
            card: "10h".parse().unwrap()
        }
    );
    assert!(e.to_string().ends_with("(C4)"));
}

#[test]
fn a_four_card_new_meld_in_round_four_is_refused() {
    let s = state(4, &["5h 6h 7h 8h 2c 9d", "2d 3d 4d 5d 8d 9d"], &[]);
    let e = refused(&s, "5h 6h 7h 8h");
    assert!(matches!(
        e,
        ActionError::SizeNotAllowed {
            size: 4,
            round: 4,
            ..
        }
    ));
    assert_eq!(
        e.to_string(),
        "a new meld in round 4 has 3 or 6 cards, not 4 (C5)"
    );
}

#[test]
fn added_cards_are_not_bound_by_the_size_rule_but_the_meld_stays_valid() {
    let mut s = state(
        4,
        &["8h 9h 10h Jh 7c", "2d 3d 4d 5d 8d 9d"],
        &[(0, "5h 6h 7h")],
    );
    act(&mut s, "add 1 8h").unwrap();
    act(&mut s, "add 1 9h").unwrap();
    assert_eq!(s.melds()[0].len(), 5);
    let e = refused(&s, "add 1 Jh");
    assert!(matches!(e, ActionError::DoesNotExtend { .. }));
    let e = refused(&s, "add 1 7c");
    assert!(matches!(e, ActionError::RunAcrossSuits { .. }));
}

#[test]
fn adding_to_another_players_meld_is_refused() {
    let s = state(4, &["8h 2c 3c 4c 9d Kd", "2d 3d 4d 5d"], &[(1, "5h 6h 7h")]);
    let e = refused(&s, "add 1 8h");
    assert_eq!(
        e,
        ActionError::NotYourMeld {
            meld: 1,
            owner: Seat(1)
        }
    );
    assert!(
        e.to_string()
            .contains("nobody adds to another player's melds (C6)")
    );
}

#[test]
fn drawing_and_putting_down_in_one_turn_is_refused() {
    let mut s = state(4, &["5h 6h 7h 2c 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    act(&mut s, "5h 6h 7h").unwrap();
    assert_eq!(refused(&s, "draw"), ActionError::DrawAfterPutDown);
    // A draw ends the turn: the next player is to move.
    let mut s = state(4, &["5h 6h 7h 2c 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    act(&mut s, "draw").unwrap();
    assert_eq!(ContractRummy::to_move(&s), Some(Seat(1)));
}

#[test]
fn putting_down_nothing_and_ending_the_turn_is_refused() {
    let s = state(4, &["5h 6h 7h 2c 9d Kd", "2d 3d 4d 5d 8d 9d"], &[]);
    assert_eq!(refused(&s, "done"), ActionError::NothingPutDown);
}

#[test]
fn going_out_gives_every_other_player_one_final_turn_without_drawing() {
    let mut s = state(1, &["5h 6h 7h", "2d 3d 4d", "Kc Kd 9s"], &[]);
    act(&mut s, "5h 6h 7h").unwrap();
    assert_eq!(s.tallies().0, vec![1, 0, 0]);
    assert!(matches!(
        s.phase(),
        Phase::Turn {
            seat: Seat(1),
            final_turn: true,
            ..
        }
    ));
    assert_eq!(refused(&s, "draw"), ActionError::DrawInFinalTurn);
    act(&mut s, "2d 3d 4d").unwrap();
    // S2 cannot put anything down: its only option is done.
    assert_eq!(
        ContractRummy::legal_actions(&s)
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>(),
        ["done"]
    );
    act(&mut s, "done").unwrap();
    assert!(ContractRummy::to_move(&s).is_none());
    assert_eq!(s.totals().0, vec![0, 0, 29]);
}

#[test]
fn with_an_empty_stock_a_player_who_cannot_put_down_passes_and_all_passing_ends_the_round() {
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["2c 5d 9s".into(), "Kc 7d 4s".into()],
        melds: vec![],
        stock: Some(String::new()),
        totals: vec![],
    };
    // The stated stock must complete the pack: refused when it is empty.
    assert!(State::from_position(&config(2, 1), &pos).is_err());
    let mut s = state(1, &["2c 5d 9s", "Kc 7d 4s"], &[]);
    // Draw the stock dry.
    while s.stock_len() > 0 {
        let legal = ContractRummy::legal_actions(&s);
        assert!(legal.contains(&Action::Draw));
        ContractRummy::apply(&mut s, &Action::Draw).unwrap();
        if ContractRummy::legal_actions(&s)
            .iter()
            .any(|a| matches!(a, Action::Meld(_)))
        {
            break;
        }
    }
    let mut steps = 0;
    while ContractRummy::to_move(&s).is_some() && steps < 1000 {
        let legal = ContractRummy::legal_actions(&s);
        if s.stock_len() == 0 {
            assert!(!legal.contains(&Action::Draw));
        }
        let a = legal[0];
        ContractRummy::apply(&mut s, &a).unwrap();
        steps += 1;
    }
    assert!(ContractRummy::to_move(&s).is_none());
}

#[test]
fn passing_is_refused_while_the_stock_has_cards() {
    let s = state(1, &["2c 5d 9s", "Kc 7d 4s"], &[]);
    assert_eq!(refused(&s, "pass"), ActionError::PassNotAllowed);
}

#[test]
fn left_over_cards_score_and_the_lowest_total_wins_with_the_go_out_tally_beside_it() {
    let mut s = state(1, &["5h 6h 7h", "Ac 10d Jk"], &[]);
    act(&mut s, "5h 6h 7h").unwrap();
    // S1 could meld its two wilds with the 10: a final turn may put cards down.
    act(&mut s, "done").unwrap();
    assert_eq!(s.totals().0, vec![0, 60]);
    assert_eq!(ContractRummy::scores(&s).0, vec![0.0, -60.0]);
    assert_eq!(s.tallies().0, vec![1, 0]);
}

#[test]
fn equivalent_wilds_are_taken_in_a_fixed_order() {
    // Jokers before Aces; a typed Ace is rewritten by parse_action.
    let s = state(1, &["7h 8h As Jk", "2d 3d 4d"], &[]);
    let typed: Action = "7h 8h As=9h".parse().unwrap();
    let e = ContractRummy::check(&s, &typed).unwrap_err();
    assert_eq!(
        e.to_string(),
        "equivalent wilds are put down in a fixed order: use Jk here, not As (C3)"
    );
    let a = ContractRummy::parse_action(&s, "7h 8h As=9h").unwrap();
    assert_eq!(a.to_string(), "7h 8h Jk=9h");
    assert_eq!(ContractRummy::check(&s, &a), Ok(()));
}

#[test]
fn the_match_ends_within_the_stated_maximum_number_of_actions() {
    let c = Config::default();
    let bound = c.max_actions();
    let mut s = ContractRummy::new(&c, 3).unwrap();
    // Draw whenever possible: the longest kind of round.
    let mut n = 0;
    while ContractRummy::to_move(&s).is_some() {
        let legal = ContractRummy::legal_actions(&s);
        let a = legal
            .iter()
            .find(|a| matches!(a, Action::Draw | Action::Pass | Action::Done))
            .copied()
            .unwrap_or(legal[0]);
        ContractRummy::apply(&mut s, &a).unwrap();
        n += 1;
        assert!(n <= bound);
    }
}

#[test]
fn the_same_seed_and_actions_give_the_same_match() {
    let c = Config::default();
    let a = ContractRummy::new(&c, 11).unwrap();
    let b = ContractRummy::new(&c, 11).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, ContractRummy::new(&c, 12).unwrap());
}

#[test]
fn determinize_keeps_the_seats_view_and_conserves_cards() {
    let s = ContractRummy::new(&Config::default(), 4).unwrap();
    let mut rng = rng_from_seed(1);
    for seat in 0..4 {
        let d = s.determinize(Seat(seat), &mut rng);
        let v: View = ContractRummy::view(&d, Seat(seat));
        assert_eq!(v, ContractRummy::view(&s, Seat(seat)));
        let mut a = d.census();
        let mut b = Config::default().pack();
        a.sort();
        b.sort();
        assert_eq!(a, b);
    }
}

#[test]
fn others_see_only_the_count_of_a_drawn_card() {
    let mut s = state(1, &["2c 5d 9s", "Kc 7d 4s"], &[]);
    let events = ContractRummy::apply(&mut s, &Action::Draw).unwrap();
    let mine = events[0].redact(Seat(0)).unwrap();
    let theirs = events[0].redact(Seat(1)).unwrap();
    assert!(mine.to_string().starts_with("S0 draws "));
    assert_eq!(theirs.to_string(), "S0 draws a card");
}

#[test]
fn a_wilds_stand_in_is_written_or_inferred_unambiguously() {
    let p = |t: &str| t.parse::<Action>();
    assert_eq!(p("7h 8h Jk").unwrap(), p("7h 8h Jk=9h").unwrap());
    assert_eq!(p("Jk 7h 8h").unwrap(), p("Jk=6h 7h 8h").unwrap());
    assert_eq!(p("7c 7d Jk").unwrap(), p("7c 7d Jk=7").unwrap());
    assert_eq!(p("Jk 7h 8h").unwrap().to_string(), "Jk=6h 7h 8h");
    assert_eq!(p("Qh Kh Ah").unwrap().to_string(), "Qh Kh Ah");
    // One natural card and two wilds could be a set or a run: the stand-ins must be written.
    assert!(p("7h Jk Jk").is_err());
    assert_ne!(p("7h Jk=7 Jk=7").unwrap(), p("7h Jk=8h Jk=9h").unwrap());
    assert_eq!(p("add 2 Jk low").unwrap().to_string(), "add 2 Jk low");
    assert!(p("add 0 7h").is_err());
}

#[test]
fn a_meld_size_table_without_one_row_per_round_is_refused_saying_eleven_rows_are_needed() {
    let mut config = game_contract_rummy::Config::default();
    config.meld_sizes.truncate(2);
    let err = config.validate().unwrap_err();
    assert_eq!(
        err,
        game_contract_rummy::ConfigError::MeldSizeRows { rows: 2 }
    );
    assert_eq!(
        err.to_string(),
        "meld_sizes needs 11 rows, one per round, not 2 (C5)"
    );
    config.meld_sizes = (1..=12).map(|_| vec![3]).collect();
    assert!(
        config
            .validate()
            .unwrap_err()
            .to_string()
            .contains("not 12")
    );
}

// Refusals of putting down and adding (C4, C6) and of notation, each reached through the
// public API with its exact error; a refused action leaves the state unchanged (G2).

#[test]
fn c4_a_natural_card_of_another_rank_in_a_set_is_refused() {
    // Round 1 (threes wild): a set of sevens written with an 8.
    let s = state(1, &["7c 8d Jk", "2d 3d 4d"], &[]);
    let e = refused(&s, "7c 8d Jk=7");
    assert_eq!(
        e,
        ActionError::NotASet {
            card: "8d".parse().unwrap(),
            rank: "7".to_owned()
        }
    );
    assert_eq!(
        e.to_string(),
        "8d does not belong in a set of 7s: a set is one rank, wilds aside (C4)"
    );
}

#[test]
fn c4_c6_a_natural_card_added_to_a_run_is_written_without_an_end() {
    // The 8h goes to its own place above 5h 6h 7h: `low` / `high` are for wilds only.
    let s = state(4, &["8h 2c 3c 4c 9d Kd", "2d 3d 4d 5d"], &[(0, "5h 6h 7h")]);
    for text in ["add 1 8h high", "add 1 8h low"] {
        let e = refused(&s, text);
        assert_eq!(
            e,
            ActionError::Notation {
                expected: "add 1 8h".to_owned()
            }
        );
        assert_eq!(e.to_string(), "write this as `add 1 8h` (C4)");
    }
    let mut t = s.clone();
    act(&mut t, "add 1 8h").unwrap();
    assert_eq!(t.melds()[0].to_string(), "5h 6h 7h 8h");
}

#[test]
fn c4_a_wild_cannot_be_added_below_a_low_ace_or_above_a_high_ace() {
    // Round 2 (fours wild): no place below the Ace of A 2 3, none above the Ace of Q K A.
    let s = state(
        2,
        &["Jk 5c 6c 8c", "2d 5d 6d 8d"],
        &[(0, "Ah 2h 3h"), (0, "Qs Ks As")],
    );
    let e = refused(&s, "add 1 Jk low");
    assert_eq!(
        e,
        ActionError::DoesNotExtend {
            card: Card::JOKER,
            meld: 1
        }
    );
    assert_eq!(
        e.to_string(),
        "Jk does not extend meld 1 into a valid set or run (C4, C6)"
    );
    assert_eq!(
        refused(&s, "add 2 Jk high"),
        ActionError::DoesNotExtend {
            card: Card::JOKER,
            meld: 2
        }
    );
    // The other ends are free.
    let mut t = s.clone();
    act(&mut t, "add 1 Jk high").unwrap();
    assert_eq!(t.melds()[0].to_string(), "Ah 2h 3h Jk=4h");
    let mut t = s.clone();
    act(&mut t, "add 2 Jk low").unwrap();
    assert_eq!(t.melds()[1].to_string(), "Jk=Js Qs Ks As");
}

#[test]
fn c4_a_set_holding_all_eight_naturals_and_all_twenty_wilds_takes_no_more_cards() {
    // Round 11 (kings wild): a set of sevens of 13 cards on the table; its owner adds the
    // other 15 wilds (Aces, then kings) to reach 28 cards, the most a meld can hold.
    let hands = [
        "Ac Ad Ad Ah Ah As As Kc Kc Kd Kd Kh Kh Ks Ks 2c",
        "2d 3d 4d 5d 6d 8d 9d 10d Jd Qd 2h 3h 4h",
    ];
    let set = "7c 7c 7d 7d 7h 7h 7s 7s Jk=7 Jk=7 Jk=7 Jk=7 Ac=7";
    let mut s = state(11, &hands, &[(0, set)]);
    for _ in 0..15 {
        let add = ContractRummy::legal_actions(&s)
            .into_iter()
            .find(|a| matches!(a, Action::Add { .. }))
            .expect("a wild can still be added");
        ContractRummy::apply(&mut s, &add).unwrap();
    }
    assert_eq!(s.melds()[0].len(), 28);
    assert_eq!(s.hand(Seat(0)).to_string(), "2c");
    // The meld itself takes no 29th card either.
    let mut full = s.melds()[0];
    assert_eq!(full.add("7c".parse().unwrap(), false), None);
    assert_eq!(full, s.melds()[0]);
    let e = refused(&s, "add 1 2c");
    assert_eq!(
        e,
        ActionError::DoesNotExtend {
            card: "2c".parse().unwrap(),
            meld: 1
        }
    );
}

#[test]
fn c6_an_addition_to_a_meld_not_on_the_table_is_refused() {
    let s = state(4, &["Jk 2c 3c 4c 9d Kd", "2d 3d 4d 5d"], &[(0, "5h 6h 7h")]);
    for text in ["add 2 Jk low", "add 2 Jk", "add 9 2c"] {
        let e = refused(&s, text);
        let n = if text.starts_with("add 9") { 9 } else { 2 };
        assert_eq!(e, ActionError::NoSuchMeld { meld: n });
    }
    assert_eq!(
        ActionError::NoSuchMeld { meld: 2 }.to_string(),
        "there is no meld 2 on the table to add to (C6)"
    );
}

#[test]
fn c8_after_the_last_round_every_action_read_is_refused_as_the_match_is_over() {
    let mut s = state(1, &["5h 6h 7h", "2d 3d 9c"], &[]);
    act(&mut s, "5h 6h 7h").unwrap();
    act(&mut s, "done").unwrap();
    assert_eq!(s.phase(), Phase::Over);
    for text in ["draw", "7h 8h 9h", "add 1 Jk low"] {
        // The text is read as written (nobody is to move, no wilds to order) ...
        let a = ContractRummy::parse_action(&s, text).unwrap();
        assert_eq!(a, text.parse::<Action>().unwrap());
        // ... and refused.
        let mut t = s.clone();
        assert_eq!(
            ContractRummy::apply(&mut t, &a),
            Err(ActionError::MatchOver)
        );
        assert_eq!(t, s);
    }
}

#[test]
fn c4_meld_notation_that_cannot_be_read_is_refused_with_the_reason() {
    let reason = |text: &str| match text.parse::<Action>() {
        Err(ParseActionError::Meld(ParseMeldError { text: t, reason })) => {
            assert_eq!(t, text.trim_start_matches("meld").trim());
            reason
        }
        other => panic!("{text}: {other:?}"),
    };
    assert_eq!(
        reason("7h 8h Jk=Jk"),
        "a wild stands for a rank or a suited card"
    );
    assert_eq!(reason("7c Jk=7 Jk=8c"), "stand-ins mix a set and a run");
    assert_eq!(
        reason("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah Jk"),
        "a new meld holds at most 13 cards"
    );
    assert_eq!(reason("meld"), "no cards");
    assert_eq!(reason("7c 7d"), "a meld has at least 3 cards (C4)");
    // A run whose first natural card leaves no room below it for the wilds before it.
    assert_eq!(reason("Jk Jk 2h 3h"), "cannot place the run");
    assert_eq!(
        "7h 8h Jk=Jk".parse::<Action>().unwrap_err().to_string(),
        "invalid meld \"7h 8h Jk=Jk\": a wild stands for a rank or a suited card"
    );
    // Written after the word `meld`, a meld reads as without it.
    assert_eq!(
        "meld 7h 8h Jk=9h".parse::<Action>().unwrap(),
        "7h 8h Jk=9h".parse::<Action>().unwrap()
    );
}

#[test]
fn c6_an_addition_with_more_words_than_meld_card_and_end_is_refused() {
    for text in ["add 1 7h sideways", "add 1 Jk low high", "add 256 7h", ""] {
        assert_eq!(
            text.parse::<Action>(),
            Err(ParseActionError::Bad(text.to_owned())),
            "{text}"
        );
    }
    assert_eq!(
        "add 1 7h sideways"
            .parse::<Action>()
            .unwrap_err()
            .to_string(),
        "invalid action \"add 1 7h sideways\": expected draw, pass, done, a meld like `7h 8h Jk=9h`, or `add N card [low|high]`"
    );
}

#[test]
fn c4_a_shape_is_read_from_meld_notation() {
    assert_eq!(
        "7h 8h Jk=9h".parse::<Shape>(),
        Ok(Shape::Run {
            suit: Suit::Hearts,
            lo: 7
        })
    );
    assert_eq!("Qc Qd Jk=Q".parse::<Shape>(), Ok(Shape::Set(Rank::Queen)));
    // A new meld holds at most 13 cards (the largest hand).
    let fourteen =
        game_contract_rummy::parse_cards("2h 3h 4h 5h 6h 7h 8h 9h 10h Jh Qh Kh Ah Jk").unwrap();
    let run = Shape::Run {
        suit: Suit::Hearts,
        lo: 2,
    };
    assert!(MeldSpec::new(run, &fourteen).is_none());
    assert!(MeldSpec::new(run, &fourteen[..13]).is_some());
    assert_eq!(
        "Qc Qd".parse::<Shape>().unwrap_err().reason,
        "a meld has at least 3 cards (C4)"
    );
}

#[test]
fn g3_a_later_rounds_deal_shows_each_seat_only_its_own_cards() {
    let c = Config {
        players: 2,
        first_round: 1,
        rounds: 2,
        ..Config::default()
    };
    let pos = Position {
        round: 1,
        dealer: 1,
        to_move: 0,
        hands: vec!["5h 6h 7h".to_owned(), "2d 3d 9c".to_owned()],
        melds: vec![],
        stock: None,
        totals: vec![],
    };
    let mut s = State::from_position(&c, &pos).unwrap();
    act(&mut s, "5h 6h 7h").unwrap();
    let events = ContractRummy::apply(&mut s, &Action::Done).unwrap();
    // Round 2 is dealt: four cards each, the dealer rotated to S0.
    assert_eq!(s.round_info().round, 2);
    let start = events.len() - 3;
    assert_eq!(
        events[start].to_string(),
        format!("{}; S0 deals", s.round_info())
    );
    for seat in 0..2u8 {
        let own = s.hand(Seat(seat)).to_string();
        let other = 1 - seat;
        let seen: Vec<String> = events[start + 1..]
            .iter()
            .map(|e| e.redact(Seat(seat)).unwrap().to_string())
            .collect();
        let mut want = vec![String::new(), String::new()];
        want[usize::from(seat)] = format!("S{seat} is dealt {own}");
        want[usize::from(other)] = format!("S{other} is dealt 4 cards");
        assert_eq!(seen, want);
        assert!(!seen[usize::from(other)].contains(&s.hand(Seat(other)).to_string()));
    }
}

#[test]
fn g1_a_fresh_match_is_narrated_from_its_first_deal() {
    let c = Config::default().single_deal();
    let mut s = ContractRummy::new(&c, 5).unwrap();
    let opening = ContractRummy::opening(&s);
    assert_eq!(opening.len(), 1 + c.players);
    assert_eq!(
        opening[0].to_string(),
        format!("{}; {} deals", s.round_info(), s.dealer())
    );
    for (i, e) in opening[1..].iter().enumerate() {
        let seat = Seat(i as u8);
        assert_eq!(e.to_string(), format!("{seat} is dealt {}", s.hand(seat)));
    }
    // Once played, or stated, the state is no fresh match: no opening.
    ContractRummy::apply(&mut s, &Action::Draw).unwrap();
    assert!(ContractRummy::opening(&s).is_empty());
    assert!(ContractRummy::opening(&state(1, &["2c 5d 9s", "Kc 7d 4s"], &[])).is_empty());
}

#[test]
fn c3_equivalent_wilds_are_taken_jokers_before_aces_and_a_runs_own_ace_and_wild_rank_card_first() {
    let card = |t: &str| -> Card { t.parse().unwrap() };
    let cards = |t: &str| -> Vec<Card> { game_contract_rummy::parse_cards(t).unwrap() };
    // Round 1: threes are wild.
    let info = RoundInfo::new(1);
    let set = WildOrder::new(Shape::Set(Rank::Seven), 0, 0, info);
    assert_eq!(set.high.to_vec(), cards("Jk Ac Ad Ah As"));
    assert_eq!(set.rank.to_vec(), cards("3c 3d 3h 3s"));
    let aces = WildOrder::new(Shape::Set(Rank::Ace), 0, 0, info);
    assert_eq!(aces.high.to_vec(), cards("Ac Ad Ah As Jk"));
    // A run of hearts over places 1 to 3 covers the Ace's and the three's own places.
    let run = Shape::Run {
        suit: Suit::Hearts,
        lo: 1,
    };
    let low = WildOrder::new(run, 1, 3, info);
    assert_eq!(low.high.to_vec(), cards("Ah Jk Ac Ad As"));
    assert_eq!(low.rank.to_vec(), cards("3h 3c 3d 3s"));
    // The first n held in that order are the ones a meld takes.
    let hand: Hand = cards("Jk Ad Ad 7c").into_iter().collect();
    let mut out = Vec::new();
    assert!(WildOrder::take(&hand, &set.high, 2, &mut out));
    assert_eq!(out, [Card::JOKER, card("Ad")]);
    let mut out = Vec::new();
    assert!(WildOrder::take(&hand, &aces.high, 3, &mut out));
    assert_eq!(out, [card("Ad"), card("Ad"), Card::JOKER]);
    assert!(!WildOrder::take(&hand, &set.high, 4, &mut Vec::new()));
}
