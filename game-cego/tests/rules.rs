//! One test per rule and ruling of cego.md (CG1-CG22), refused cases included.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::GameView;
use cards_core::rng::rng_from_seed;
use cards_core::{Game, Seat};
use game_cego::examples::{Script, T8_DEAL, T11_DEAL, T12_DEAL, position};
use game_cego::{
    Action, ActionError, Card, Cards, Cego, Config, ConfigError, Contract, Counting, DealOrder,
    Event, NoTrockDiscard, Phase, Position, SetupError, State, counter_amount, parse_cards,
    round_five,
};

const A: Seat = Seat(0);
const B: Seat = Seat(3);
const C: Seat = Seat(2);
const D: Seat = Seat(1);

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn legal(s: &Script) -> Vec<String> {
    Cego::legal_actions(&s.state)
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn refusal(s: &Script, text: &str) -> ActionError {
    let a: Action = text.parse().unwrap();
    Cego::check(&s.state, &a).unwrap_err()
}

/// A deal: A's hand and the cego as given, the other cards to B, C, D in pack order.
fn deal_with(a: &str, cego: &str) -> [String; 5] {
    let a = parse_cards(a).unwrap();
    let cego = parse_cards(cego).unwrap();
    let rest: Vec<Card> = Card::pack()
        .filter(|c| !a.contains(*c) && !cego.contains(*c))
        .collect();
    let chunk = |k: usize| -> String {
        rest[11 * k..11 * k + 11]
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    [
        a.to_string(),
        chunk(0),
        chunk(1),
        chunk(2),
        cego.to_string(),
    ]
}

fn script(deal: &[String; 5], config: &Config) -> Script {
    let d: [&str; 5] = [&deal[0], &deal[1], &deal[2], &deal[3], &deal[4]];
    Script::new(d, config)
}

// ---------- pack, deal, configuration ----------

#[test]
fn the_pack_has_54_cards_22_trocks_and_four_suits_of_eight() {
    let pack = Config::default().pack();
    assert_eq!(pack.len(), 54);
    assert_eq!(Card::pack().filter(|c| c.is_trock()).count(), 22);
    assert_eq!(Card::pack().map(Card::points).sum::<u32>(), 106);
}

#[test]
fn card_points_follow_the_table() {
    for (c, p) in [
        ("Kc", 5),
        ("Gs", 5),
        ("T21", 5),
        ("T1", 5),
        ("Qh", 4),
        ("Rs", 3),
        ("Jd", 2),
        ("T20", 1),
        ("7c", 1),
        ("1h", 1),
    ] {
        assert_eq!(card(c).points(), p, "{c}");
    }
}

#[test]
fn player_counts_other_than_three_to_five_are_configuration_errors_that_name_the_rules() {
    assert_eq!(<Cego as Game>::Config::for_players(3).unwrap().players, 3);
    for n in [0, 1, 2, 6, 9] {
        let e = <Cego as Game>::Config::for_players(n).unwrap_err();
        assert_eq!(e, ConfigError::Players(n));
        assert!(e.to_string().contains("cego.md section 3"), "{e}");
        assert!(e.to_string().contains("cego.md section 10"), "{e}");
    }
    assert_eq!(Cego::PLAYERS, 3..=5);
    let bad = Config {
        deals: 0,
        ..Config::default()
    };
    assert!(
        Cego::new(&bad, 1)
            .unwrap_err()
            .to_string()
            .contains("between 1 and 1000")
    );
}

#[test]
fn each_player_gets_11_cards_and_the_cego_10_with_forehand_at_the_dealers_right() {
    let s = Cego::new(&Config::default(), 5).unwrap();
    for h in s.deal.hands {
        assert_eq!(h.len(), 11);
    }
    assert_eq!(s.deal.cego.len(), 10);
    assert_eq!(
        s.deal.forehand,
        s.deal.dealer.next(4, cards_core::Direction::Anticlockwise)
    );
    assert_eq!(Cego::to_move(&s), Some(s.deal.forehand));
}

#[test]
fn the_same_seed_deals_the_same_cards_g1() {
    let a = Cego::new(&Config::default(), 77).unwrap();
    let b = Cego::new(&Config::default(), 77).unwrap();
    assert_eq!(a, b);
    assert_ne!(
        a.deal.hands,
        Cego::new(&Config::default(), 78).unwrap().deal.hands
    );
}

#[test]
fn the_deal_passes_to_the_right_and_totals_run_on() {
    let config = Config {
        deals: 2,
        ..Config::default()
    };
    let mut s = State::from_position(&config, 3, &position(T8_DEAL)).unwrap();
    let first_forehand = s.deal.forehand;
    let mut rng = rng_from_seed(1);
    while s.deal.index == 0 {
        let legal = Cego::legal_actions(&s);
        let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
        Cego::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.deal.dealer, first_forehand);
    assert_eq!(s.results.len(), 1);
    assert_eq!(s.totals, s.results[0]);
    assert_eq!(s.totals.iter().sum::<i32>(), 0);
}

#[test]
fn a_stated_position_is_validated_for_counts_and_duplicates() {
    let mut p = position(T8_DEAL);
    p.hands[0].remove(card("8c"));
    assert!(matches!(
        State::from_position(&Config::default(), 0, &p),
        Err(SetupError::HandSize { .. })
    ));
    let mut p = position(T8_DEAL);
    p.hands[0].remove(card("8c"));
    p.hands[0].insert(card("Kc"));
    assert!(matches!(
        State::from_position(&Config::default(), 0, &p),
        Err(SetupError::Duplicate(_))
    ));
    let mut p: Position = position(T8_DEAL);
    p.cego.remove(card("Kc"));
    assert!(matches!(
        State::from_position(&Config::default(), 0, &p),
        Err(SetupError::CegoSize {
            len: 9,
            expected: 10
        })
    ));
}

// ---------- auction ----------

#[test]
fn phase_one_offers_ulti_only_to_the_holder_of_trock_1_cg9() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    assert_eq!(legal(&s), ["pass", "solo"]);
    assert!(matches!(
        refusal(&s, "ulti"),
        ActionError::Infeasible { .. }
    ));
    s.play("pass");
    assert_eq!(legal(&s), ["pass", "solo", "ulti"]);
}

#[test]
fn ulti_ends_the_auction_at_once() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, ulti");
    assert_eq!(s.state.deal.contract, Some(Contract::Ulti));
    assert_eq!(s.state.deal.phase, Phase::Play);
    assert_eq!(s.state.deal.to_move, B);
}

#[test]
fn solo_ends_phase_one_and_no_ulti_follows_cg4() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo");
    assert_eq!(s.state.deal.to_move, A);
    assert_eq!(legal(&s), ["pass", "cego"]);
}

#[test]
fn ulti_after_solo_variant_asks_the_later_players_cg4() {
    let config = Config {
        ulti_after_solo: true,
        ..Config::default()
    };
    let mut s = Script::new(T8_DEAL, &config);
    s.play("solo");
    assert_eq!(legal(&s), ["pass", "ulti"]);
    s.play("ulti");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::Ulti), Some(B))
    );
}

#[test]
fn forehand_may_not_pass_at_the_phase_two_opening() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass");
    assert_eq!(legal(&s), ["cego", "piccolo", "bettel"]);
    assert_eq!(refusal(&s, "pass"), ActionError::PassAtOpening);
}

#[test]
fn forehand_may_open_with_bettel_which_ends_the_auction() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, bettel");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::Bettel), Some(A))
    );
}

#[test]
fn piccolo_is_offered_only_on_the_players_own_entry_turn_cg5() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card");
    assert_eq!(legal(&s), ["pass", "hold"]);
    assert!(matches!(
        refusal(&s, "piccolo"),
        ActionError::CallNotOpen { .. }
    ));
}

#[test]
fn a_jump_bid_is_refused() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego");
    assert_eq!(
        refusal(&s, "one-blank"),
        ActionError::JumpBid {
            next: Contract::OneCard
        }
    );
    assert!(
        refusal(&s, "one-blank")
            .to_string()
            .contains("(cego.md 4.1)")
    );
}

#[test]
fn an_entrant_may_not_say_hold_cg2() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego");
    assert_eq!(refusal(&s, "hold"), ActionError::EntrantHold);
}

#[test]
fn the_holder_may_hold_only_a_rung_his_dealt_hand_can_fulfil_cg8() {
    // A holds only clubs and Trocks: he cannot hold Two Different.
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different");
    assert_eq!(legal(&s), ["pass"]);
    assert!(matches!(
        refusal(&s, "hold"),
        ActionError::Infeasible {
            contract: Contract::TwoDifferent,
            ..
        }
    ));
}

#[test]
fn little_man_needs_trock_1_and_sits_at_the_top_of_the_ladder() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass");
    assert_eq!(legal(&s), ["pass", "piccolo", "bettel"]);
    assert!(matches!(
        refusal(&s, "little-man"),
        ActionError::Infeasible { .. }
    ));
}

#[test]
fn raeuber_comes_about_only_when_everyone_passes_over_forehands_cego() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(Contract::OneCard));
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, pass, pass, raeuber");
    assert_eq!(s.state.deal.contract, Some(Contract::Raeuber));
    assert_eq!(s.state.deal.to_move, A, "forehand leads in Räuber (CG11)");
}

#[test]
fn no_special_game_can_be_bid_over_a_solo() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo");
    for c in ["piccolo", "bettel"] {
        assert!(
            matches!(refusal(&s, c), ActionError::SpecialAfterSolo { .. }),
            "{c}"
        );
    }
}

#[test]
fn after_a_solo_the_entrants_come_in_priority_order_cg3() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo");
    let mut order = vec![s.state.deal.to_move];
    s.play("pass");
    order.push(s.state.deal.to_move);
    s.play("pass");
    order.push(s.state.deal.to_move);
    assert_eq!(order, [A, B, D]);
}

#[test]
fn every_counter_game_after_a_solo_uses_the_after_solo_column_cg7() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, gegensolo, hold, pass, pass, one-card, hold, pass");
    let ev = s.lines.join("\n");
    assert!(ev.contains("One Card against a Solo, factor 3"));
    let variant = Config {
        solo_caller_uses_normal_factor: true,
        ..Config::default()
    };
    let mut s = Script::new(T8_DEAL, &variant);
    s.play("pass, pass, solo, gegensolo, hold, pass, pass, one-card, hold, pass");
    assert!(s.lines.join("\n").contains("factor 2"));
}

// ---------- contracts ----------

#[test]
fn solo_sets_the_cego_aside_unseen() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass");
    assert_eq!(s.state.deal.cego.len(), 10);
    assert_eq!(Cego::view(&s.state, C).cego, None);
    assert_eq!(s.state.deal.hand(C).len(), 11);
}

#[test]
fn cego_discards_nine_takes_the_cego_and_discards_one_more_cg10() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, pass, pass, cego");
    for _ in 0..9 {
        assert!(matches!(
            s.state.deal.phase,
            Phase::Discard {
                after_pickup: false,
                ..
            }
        ));
        let a = Cego::legal_actions(&s.state)[0];
        s.play(&a.to_string());
    }
    assert_eq!(s.state.deal.hand(A).len(), 12);
    assert_eq!(legal(&s).len(), 12, "the extra discard may be any card");
    let a = Cego::legal_actions(&s.state)[0];
    s.play(&a.to_string());
    assert_eq!(s.state.deal.hand(A).len(), 11);
    assert_eq!(s.state.deal.legage.len(), 10);
    assert_eq!(s.state.deal.phase, Phase::Play);
}

#[test]
fn one_card_discards_ten_and_keeps_one_hidden_card_cg10() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, pass, pass, pass");
    for _ in 0..10 {
        let a = Cego::legal_actions(&s.state)[0];
        s.play(&a.to_string());
    }
    assert_eq!(s.state.deal.hand(B).len(), 11);
    assert!(s.state.deal.exposed.is_empty());
    assert_eq!(s.state.deal.phase, Phase::Play);
}

#[test]
fn one_blank_may_keep_a_court_only_without_any_numeral_cg8() {
    let deal = deal_with(
        "Kh Qh T11 T12 T13 T14 T15 T16 T17 T18 T19",
        "Kc Qc Rc Jc T1 T2 T3 T4 T5 T6",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::OneBlank), Some(A))
    );
    assert_eq!(legal(&s), ["expose Qh", "expose Kh"]);
    s.play("expose Kh");
    assert!(s.state.deal.dead.contains(card("Kh")));
    // With a numeral in hand a court is refused (T8: A holds 8c, Rc is refused).
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass");
    assert!(matches!(
        refusal(&s, "expose Rc"),
        ActionError::BadExposure { .. }
    ));
}

#[test]
fn two_blanks_discards_the_lowest_cego_trock_face_up() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass, expose 8s, expose 7s");
    assert_eq!(s.state.deal.shown, Some(card("T2")));
    assert!(
        s.lines
            .iter()
            .any(|l| l.contains("discards T2 from the cego face up"))
    );
    assert_eq!(s.state.deal.dead, parse_cards("8s 7s").unwrap());
}

#[test]
fn two_blanks_needs_numerals_when_some_suit_has_two() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass");
    assert!(matches!(
        refusal(&s, "expose Js"),
        ActionError::BadExposure { .. }
    ));
    s.play("expose 8s");
    assert!(matches!(
        refusal(&s, "expose 9c"),
        ActionError::BadExposure { .. }
    ));
}

#[test]
fn without_a_cego_trock_the_soloist_discards_a_cego_card_face_down_cg13() {
    let deal = deal_with(
        "10c 9c 8c 7c T11 T12 T13 T14 T15 T16 T17",
        "Kh Qh Rh Jh 1h 2h 3h 4h Kd Qd",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, expose 8c, expose 7c");
    assert!(
        !s.lines.iter().any(|l| l.contains("UNEXPECTED")),
        "{:?}",
        s.lines
    );
    assert!(matches!(
        s.state.deal.phase,
        Phase::Discard {
            left: 1,
            after_pickup: true
        }
    ));
    assert_eq!(legal(&s).len(), 10);
    assert!(matches!(
        refusal(&s, "discard T11"),
        ActionError::NotInHand { .. }
    ));
    assert!(matches!(
        refusal(&s, "discard 8c"),
        ActionError::ExposedDiscard { .. } | ActionError::NotFromCego { .. }
    ));
    s.play("discard Kh");
    assert_eq!(s.state.deal.phase, Phase::Play);
    let any = Config {
        no_trock_discard: NoTrockDiscard::AnyCard,
        ..Config::default()
    };
    let mut s = script(&deal, &any);
    s.play("pass, pass, pass, pass, cego, pass, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, expose 8c, expose 7c");
    assert_eq!(legal(&s).len(), 10);
}

#[test]
fn two_different_discards_the_highest_cego_trock_and_leads_exactly_the_exposed_cards() {
    let mut s = Script::new(T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass, expose 4h, expose 7c");
    assert_eq!(s.state.deal.shown, Some(Card::GSTIESS));
    assert!(matches!(
        refusal(&s, "1h+10c"),
        ActionError::FirstLead { .. }
    ));
    assert!(matches!(refusal(&s, "4h"), ActionError::DoubleLead { .. }));
}

#[test]
fn two_different_exposed_cards_are_dead_by_default_cg12() {
    let mut s = Script::new(T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass, expose 4h, expose 7c");
    assert_eq!(s.state.deal.dead.len(), 2);
    let live = Config {
        two_different_dead: false,
        ..Config::default()
    };
    let mut s = Script::new(T12_DEAL, &live);
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass, expose 4h, expose 7c");
    assert!(s.state.deal.dead.is_empty());
}

#[test]
fn little_man_must_lead_trock_1() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass, pass, pass");
    assert!(s.state.deal.exposed.contains(Card::T1));
    assert!(matches!(refusal(&s, "Kh"), ActionError::FirstLead { .. }));
}

#[test]
fn one_blank_first_lead_is_the_blank_or_its_suit() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    assert!(matches!(refusal(&s, "Gs"), ActionError::FirstLead { .. }));
}

// ---------- play ----------

#[test]
fn a_player_must_follow_suit_else_trump_else_anything() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass, Jc");
    assert_eq!(legal(&s), ["7c"]);
    s.play("7c");
    assert_eq!(legal(&s), ["8c", "9c", "10c", "Rc"]);
    s.play("Rc");
    assert_eq!(legal(&s), ["Qc"]);
    s.play("Qc");
    assert_eq!(
        s.state.deal.to_move, B,
        "the highest card of the suit led wins"
    );
    s.play("T2");
    assert_eq!(legal(&s), ["T3", "T4"]);
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass, Qs, Rs");
    // A holds no spade: must trump; any Trock, even a low one.
    assert_eq!(legal(&s), ["T7", "T8", "T9", "T10", "T11", "T12", "T13"]);
    assert!(matches!(refusal(&s, "8c"), ActionError::MustTrump { .. }));
}

#[test]
fn the_gstiess_wins_every_trick_it_is_played_to() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c, Kc, Qc, Jc, 7c, Gs, T1, T3, T5");
    assert_eq!(s.state.deal.history[1].winner, A);
}

#[test]
fn a_dead_card_led_lets_the_next_players_card_set_the_suit_cg14() {
    // Shown in T8: after 8c is led and B plays 2h, hearts is followed and 2h wins.
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    s.play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6, 8c, 2h, 3h, 4h");
    assert_eq!(s.state.deal.history[3].winner, B);
}

#[test]
fn the_legage_is_visible_to_the_soloist_only_until_trick_1_is_complete_cg21() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    assert_eq!(Cego::view(&s.state, A).legage.map(Cards::len), Some(10));
    assert_eq!(Cego::view(&s.state, B).legage, None);
    s.play("Kc, Qc, Jc, 7c");
    assert_eq!(Cego::view(&s.state, A).legage, None);
}

#[test]
fn ulti_hold_back_variant_keeps_trock_1_until_the_last_trick_cg9() {
    let config = Config {
        ulti_must_hold_back: true,
        ..Config::default()
    };
    let mut s = Script::new(T8_DEAL, &config);
    s.play("pass, ulti");
    assert!(!legal(&s).contains(&"T1".to_owned()));
    assert_eq!(refusal(&s, "T1"), ActionError::UltiHoldBack);
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, ulti");
    assert!(legal(&s).contains(&"T1".to_owned()));
}

// ---------- scoring ----------

#[test]
fn thirty_five_is_the_buergermeister_and_loses_five() {
    assert_eq!(counter_amount(70, 6, &Config::default()), (false, 5));
}

#[test]
fn rounding_is_up_to_a_multiple_of_five_with_exact_multiples_kept_cg16() {
    assert_eq!(round_five(20, false), 20);
    assert_eq!(round_five(21, false), 25);
    assert_eq!(round_five(0, false), 5);
    assert_eq!(round_five(20, true), 25);
    assert_eq!(round_five(0, true), 5);
}

#[test]
fn counting_in_pairs_needs_40_of_79_cg17() {
    let pairs = Config {
        count: Counting::Pairs,
        ..Config::default()
    };
    assert_eq!(counter_amount(80, 1, &pairs), (true, 5));
    assert_eq!(counter_amount(79, 1, &pairs), (false, 5));
}

#[test]
fn every_deal_is_zero_sum() {
    let config = Config::default().single_deal();
    let mut rng = rng_from_seed(4);
    for seed in 0..200 {
        let mut s = Cego::new(&config, seed).unwrap();
        while Cego::to_move(&s).is_some() {
            let legal = Cego::legal_actions(&s);
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
        assert_eq!(s.totals.iter().sum::<i32>(), 0);
        assert!(s.totals.iter().any(|&t| t != 0));
    }
}

// ---------- views, events, determinize ----------

#[test]
fn redacted_events_hide_dealt_hands_discards_and_the_taken_cego() {
    let e = Event::Dealt {
        seat: A,
        hand: Some(parse_cards("Kc").unwrap()),
        cards: 11,
    };
    assert_eq!(
        e.redact(B),
        Some(Event::Dealt {
            seat: A,
            hand: None,
            cards: 11,
        })
    );
    assert_eq!(e.redact(A), Some(e.clone()));
    let e = Event::Discarded {
        seat: A,
        card: Some(card("Kc")),
    };
    assert_eq!(
        e.redact(C),
        Some(Event::Discarded {
            seat: A,
            card: None
        })
    );
    assert_eq!(e.redact(A), Some(e.clone()));
    // The cards the soloist picks up from the cego are hidden from the defenders (6.6).
    let e = Event::TookCego {
        seat: A,
        cards: Some(parse_cards("Kh Qh T5").unwrap()),
    };
    for seat in [B, C, D] {
        assert_eq!(
            e.redact(seat),
            Some(Event::TookCego {
                seat: A,
                cards: None
            }),
            "{seat}"
        );
    }
    assert_eq!(e.redact(A), Some(e.clone()));
}

#[test]
fn determinize_keeps_exposed_cards_voids_and_the_soloists_legage() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    s.play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6");
    let mut rng = rng_from_seed(8);
    for _ in 0..50 {
        let det = s.state.determinize(B, &mut rng);
        assert!(det.deal.hand(A).contains(card("8c")));
        assert_eq!(det.deal.hand(B), s.state.deal.hand(B));
        // C and D showed voids in Trocks (they followed with... ) or clubs.
        for seat in [C, D] {
            let voids = s.state.deal.voids[seat.index()];
            for c in det.deal.hand(seat).iter() {
                assert_eq!(voids & (1 << c.suit_code()), 0, "{seat} got {c}");
            }
        }
        let det_a = s.state.determinize(A, &mut rng);
        assert_eq!(det_a.deal.legage, s.state.deal.legage);
    }
}

#[test]
fn determinize_respects_the_shown_trock_of_two_blanks() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass, expose 8s, expose 7s");
    let mut rng = rng_from_seed(2);
    for _ in 0..50 {
        let det = s.state.determinize(B, &mut rng);
        for c in det.deal.hand(A).iter() {
            if let game_cego::Kind::Trock(n) = c.kind() {
                assert!(n > 2);
            }
        }
        assert_eq!(det.deal.shown, Some(card("T2")));
        assert!(det.deal.legage.contains(card("T2")));
    }
}

#[test]
fn max_actions_bounds_every_random_match() {
    let config = Config {
        deals: 3,
        ..Config::default()
    };
    let mut rng = rng_from_seed(5);
    let mut most = 0;
    for seed in 0..100 {
        let mut s = Cego::new(&config, seed).unwrap();
        let mut n = 0;
        while Cego::to_move(&s).is_some() {
            let legal = Cego::legal_actions(&s);
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
            n += 1;
        }
        most = most.max(n);
    }
    assert!(most <= config.max_actions(), "{most}");
}

#[test]
fn special_games_stop_as_soon_as_the_result_is_certain_when_asked_cg22() {
    let config = Config {
        stop_when_decided: true,
        ..Config::default()
    };
    for stop in [false, true] {
        let config = Config {
            stop_when_decided: stop,
            ..config.clone()
        };
        let mut s = Script::new(T8_DEAL, &config);
        // A opens Bettel and leads the Trock 13: nobody can beat... A takes trick 1 with T13.
        s.play("pass, pass, pass, pass, bettel, T13, T2, T4, T6");
        assert_eq!(s.state.deal.history[0].winner, A);
        assert_eq!(s.state.over, stop, "stop_when_decided = {stop}");
        if stop {
            assert!(s.lines.iter().any(|l| l.contains("(CG22)")));
            assert_eq!(s.state.totals, [-90, 30, 30, 30]);
        }
    }
}

#[test]
fn deal_order_cego_first_deals_the_cego_from_the_top_of_the_pack_cg1() {
    let a = Cego::new(&Config::default(), 31).unwrap();
    let cego_first = Config {
        deal_order: DealOrder::CegoFirst,
        ..Config::default()
    };
    let b = Cego::new(&cego_first, 31).unwrap();
    // Pack positions 44-53 are the cego in one order and the end of D's packet in the other.
    assert!(a.deal.cego.is_subset(b.deal.hand(D)));
    for h in b.deal.hands {
        assert_eq!(h.len(), 11);
    }
}

#[test]
fn determinize_keeps_numerals_out_of_the_legage_after_a_court_blank_cg8() {
    let deal = deal_with(
        "Kh Qh T11 T12 T13 T14 T15 T16 T17 T18 T19",
        "Kc Qc Rc Jc T1 T2 T3 T4 T5 T6",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose Kh");
    let mut rng = rng_from_seed(3);
    for _ in 0..50 {
        let det = s.state.determinize(B, &mut rng);
        assert_eq!(Cego::view(&det, B), Cego::view(&s.state, B));
        assert!(det.deal.legage.iter().all(|c| !c.is_numeral()));
    }
}

/// The soloist's dealt hand in `state`: his hand, cards played and Legage, less the cego.
fn soloists_dealt_hand(state: &State, soloist: Seat) -> Cards {
    let d = &state.deal;
    (d.hand(soloist) | d.legage | played_by(state, soloist)) - d.cego_dealt
}

#[test]
fn determinize_respects_what_a_court_exposed_in_two_blanks_and_the_bids_reveal_cg8() {
    // A exposes Ks with 8s: allowed only because no suit of his dealt hand held two numerals,
    // so no world may give him a second numeral of any suit. B bid One Blank and Two Blanks:
    // his dealt hand holds two cards of some plain suit in every world.
    let deal = deal_with(
        "Ks 8s 10c 1h 1d T11 T12 T13 T14 T15 T16",
        "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass, expose Ks, expose 8s");
    assert_eq!(s.state.deal.shown, Some(card("T1")));
    let mut rng = rng_from_seed(12);
    let mut states = 0;
    while Cego::to_move(&s.state).is_some() && states < 12 {
        for seat in [B, C, D] {
            for _ in 0..40 {
                let det = s.state.determinize(seat, &mut rng);
                assert_eq!(det.validate(), Ok(()));
                assert_eq!(Cego::view(&det, seat), Cego::view(&s.state, seat));
                let dealt = soloists_dealt_hand(&det, A);
                assert_eq!(dealt.len(), 11);
                for suit in 0..4u8 {
                    let numerals = dealt
                        .iter()
                        .filter(|c| c.is_numeral() && c.suit_code() == suit)
                        .count();
                    assert!(numerals <= 1, "{seat}: A dealt {dealt}");
                }
                let b = det.deal.hand(B) | played_by(&det, B);
                assert!(
                    (0..4u8).any(|suit| b.iter().filter(|c| c.suit_code() == suit).count() >= 2),
                    "{seat}: B dealt {b}"
                );
            }
        }
        let a = Cego::legal_actions(&s.state)[0];
        Cego::apply(&mut s.state, &a).unwrap();
        states += 1;
    }
}

fn played_by(state: &State, seat: Seat) -> Cards {
    let d = &state.deal;
    let mut out = Cards::EMPTY;
    for t in &d.history {
        for (k, &c) in t.cards.iter().enumerate() {
            if t.leader.step(4, cards_core::Direction::Anticlockwise, k) == seat {
                out.insert(c);
            }
        }
    }
    if d.phase == Phase::Play {
        let n = if d.double && d.trick_no == 0 { 2 } else { 1 };
        for t in d.tricks.iter().take(n) {
            for (s, c) in t.plays() {
                if s == seat {
                    out.insert(c);
                }
            }
        }
    }
    out
}

// ---------- the rules text, the seat letters, trick winners ----------

#[test]
fn the_rules_text_states_the_two_blanks_substitute_and_that_little_man_is_a_counter_game() {
    // Compared with runs of white space as one space: the text is wrapped Markdown.
    let rules = Cego::rules()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(rules.contains(
        "a hand with no suit holding two numerals exposes any two cards of one suit instead (CG8)"
    ));
    assert!(rules.contains("Little Man, a counter game"));
    assert!(rules.contains(
        "Counter games (the soloist needs 36 card points): Solo, Cego, One Card, One Blank, Two \
         Blanks, Two Different and Little Man."
    ));
}

#[test]
fn the_seat_letters_a_to_d_map_to_seats_from_the_dealer() {
    use game_cego::{FIRST_DEALER, letter_of_seat, seat_of_letter};
    assert_eq!(
        ['A', 'B', 'C', 'D'].map(|l| seat_of_letter(l, FIRST_DEALER, 4)),
        [Some(A), Some(B), Some(C), Some(D)]
    );
    // A is at the dealer's right (anticlockwise next), D the dealer; lower case reads too.
    for dealer in (0..4).map(Seat) {
        let a = seat_of_letter('a', dealer, 4).unwrap();
        assert_eq!(a, dealer.next(4, cards_core::Direction::Anticlockwise));
        assert_eq!(seat_of_letter('D', dealer, 4), Some(dealer));
        for l in ['A', 'B', 'C', 'D'] {
            let s = seat_of_letter(l, dealer, 4).unwrap();
            assert_eq!(letter_of_seat(s, dealer, 4), Some(l));
        }
    }
    assert_eq!(seat_of_letter('E', FIRST_DEALER, 4), None);
    let s = Cego::new(&Config::default(), 8).unwrap();
    assert_eq!(s.deal.seat_of_letter('A'), Some(s.deal.forehand));
    assert_eq!(s.deal.seat_of_letter('D'), Some(s.deal.dealer));
    // The worked examples' stated positions put A, B, C, D there.
    let p = position(T8_DEAL);
    assert!(p.hands[A.index()].contains(card("8c")));
    assert!(p.hands[B.index()].contains(card("T1")));
}

#[test]
fn the_winner_of_each_trick_is_on_the_deal_and_in_every_view() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c");
    assert_eq!(s.state.deal.trick_winner(1), None);
    s.play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6, 8c, 2h, 3h, 4h");
    let d = &s.state.deal;
    assert_eq!(
        (1..=5).map(|n| d.trick_winner(n)).collect::<Vec<_>>(),
        [Some(A), Some(A), Some(A), Some(B), None]
    );
    for seat in (0..4).map(Seat) {
        let v = Cego::view(&s.state, seat);
        assert_eq!(v.trick_winner(4), Some(B));
        assert_eq!(v.trick_winner(5), None);
    }
}

// ---------- first dealer (G1), the Gstieß ending (cego.md 3) ----------

#[test]
fn the_first_dealer_is_drawn_from_the_seed_g1() {
    use game_cego::first_dealer;
    let mut seen = [0usize; 4];
    for seed in 0..400u64 {
        let s = Cego::new(&Config::default(), seed).unwrap();
        assert_eq!(s.deal.dealer, first_dealer(seed, 4));
        assert_eq!(
            s.deal.forehand,
            s.deal.dealer.next(4, cards_core::Direction::Anticlockwise)
        );
        assert_eq!(Cego::to_move(&s), Some(s.deal.forehand));
        seen[s.deal.dealer.index()] += 1;
        // The same seed, the same dealer (G1).
        assert_eq!(
            Cego::new(&Config::default(), seed).unwrap().deal.dealer,
            s.deal.dealer
        );
    }
    assert!(
        seen.iter().all(|&n| n > 60),
        "every seat deals first sometimes: {seen:?}"
    );
    // A stated position keeps its seating: the worked examples' D = S1 deals.
    let s = State::from_position(&Config::default(), 0, &position(T8_DEAL)).unwrap();
    assert_eq!(s.deal.dealer, game_cego::FIRST_DEALER);
}

/// Plays a whole match with the first legal action each time, collecting the events.
fn play_match(state: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    while let Some(a) = Cego::legal_actions(state).first().copied() {
        events.extend(Cego::apply(state, &a).unwrap());
    }
    events
}

#[test]
fn the_gstiess_ending_runs_to_the_holders_next_turn_to_deal() {
    use game_cego::gstiess_holder;
    let mut lengths = std::collections::BTreeSet::new();
    for seed in 0..40u64 {
        let config = Config {
            deals: 2,
            gstiess_ending: true,
            ..Config::default()
        };
        let mut s = Cego::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut noted = None;
        let mut dealers = Vec::new();
        let mut announced = 0;
        loop {
            if dealers.len() == s.deal.index as usize {
                dealers.push(s.deal.dealer);
            }
            let legal = Cego::legal_actions(&s);
            if legal.is_empty() {
                break;
            }
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            let before = s.deal.clone();
            for e in Cego::apply(&mut s, &a).unwrap() {
                match e {
                    Event::GstiessAnnounced { deal } => {
                        assert_eq!(deal, 3, "announced after deal 2");
                        announced += 1;
                    }
                    Event::GstiessNoted { seat, last_deal } => {
                        assert_eq!(before.index, 2, "noted at the end of deal 3");
                        assert_eq!(seat, gstiess_holder(&before));
                        noted = Some((seat, last_deal));
                    }
                    _ => {}
                }
            }
        }
        assert_eq!(announced, 1);
        let (holder, last) = noted.expect("the holder is noted");
        let played = s.results.len() as u32;
        assert_eq!(played, last);
        assert!((4..=7).contains(&played), "{played} deals");
        // The last deal is the holder's next turn to deal after deal 3.
        assert_eq!(dealers[last as usize - 1], holder);
        assert!(!dealers[3..last as usize - 1].contains(&holder));
        lengths.insert(played);
        assert_eq!(s.totals.iter().sum::<i32>(), 0);
        assert!(s.validate().is_ok());
    }
    assert!(lengths.len() >= 3, "match lengths {lengths:?}");
}

#[test]
fn the_gstiess_holder_is_the_player_dealt_it_or_who_took_the_cego_or_the_dealer() {
    use game_cego::gstiess_holder;
    // Dealt to C (S2) in T11: C holds it.
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, pass, pass, raeuber")
        .finish();
    assert_eq!(gstiess_holder(&s.state.deal), C);
    // In the cego of T8: A takes the cego up in One Blank, so A is the holder.
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass, expose 8c")
        .finish();
    assert_eq!(gstiess_holder(&s.state.deal), A);
    // In the cego of T8 set aside by a Solo: nobody held it; the dealer D dealt it there.
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass").finish();
    assert_eq!(gstiess_holder(&s.state.deal), D);
}

#[test]
fn the_gstiess_ending_bounds_the_match_and_a_bad_record_is_refused() {
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..Config::default()
    };
    assert_eq!(config.max_deals(), 6);
    assert_eq!(config.max_actions(), 6 * game_cego::MAX_ACTIONS_PER_DEAL);
    let s = Cego::new(&config, 4).unwrap();
    assert_eq!(s.last_deal(), None);
    let v = Cego::view(&s, Seat(0));
    assert!(v.gstiess_ending);
    assert!(
        v.screen()
            .heading
            .starts_with("Cego, deal 1, the Gstieß ending after deal 1 (")
    );
    // A last deal recorded before the noted deal is over is refused on reading.
    let mut value = serde_json::to_value(&s).unwrap();
    value["gstiess_last"] = serde_json::json!(3);
    let e = serde_json::from_value::<State>(value)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("the last deal of the gstiess ending is 4 in deal 1"),
        "{e}"
    );
    // And so is one without the Gstieß ending.
    let plain = Cego::new(&Config::default(), 4).unwrap();
    let mut value = serde_json::to_value(&plain).unwrap();
    value["gstiess_last"] = serde_json::json!(3);
    assert!(serde_json::from_value::<State>(value).is_err());
    // Without the ending the match has exactly `deals` deals and nothing is announced.
    let mut s = Cego::new(
        &Config {
            deals: 3,
            ..Config::default()
        },
        4,
    )
    .unwrap();
    let events = play_match(&mut s);
    assert_eq!(s.results.len(), 3);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::GstiessAnnounced { .. } | Event::GstiessNoted { .. }
    )));
}

#[test]
fn each_decision_names_its_phase_and_the_phase_names_its_actions() {
    // `Game::phase` groups decisions in reports: every legal action of a decision is of the
    // kind its phase names, and a deal goes through the phases in order.
    let config = Config::default().single_deal();
    let order = ["auction", "expose", "discard", "play"];
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..60 {
        let mut s = Cego::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut last = 0;
        while Cego::to_move(&s).is_some() {
            let phase = s.phase();
            let at = order.iter().position(|p| *p == phase).unwrap();
            assert!(at >= last, "{phase} after {}", order[last]);
            last = at;
            seen.insert(phase);
            let legal = Cego::legal_actions(&s);
            for a in &legal {
                let fits = match phase {
                    "auction" => matches!(a, Action::Pass | Action::Hold | Action::Bid(_)),
                    "expose" => matches!(a, Action::Expose(_)),
                    "discard" => matches!(a, Action::Discard(_)),
                    _ => matches!(a, Action::Play(_) | Action::Pair(..)),
                };
                assert!(fits, "{a} in the {phase} phase");
            }
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
    }
    assert_eq!(seen.len(), 4, "{seen:?}");
}

// ---------- refusals no other test reaches ----------

/// Applies `text` where the rules refuse it: the error, and the state unchanged by the refusal.
fn refused_unchanged(s: &Script, text: &str) -> ActionError {
    let a: Action = text.parse().unwrap();
    let mut after = s.state.clone();
    let e = Cego::apply(&mut after, &a).unwrap_err();
    assert_eq!(after, s.state, "{text} refused but the state changed");
    assert_eq!(Cego::check(&s.state, &a), Err(e.clone()), "{text}");
    e
}

#[test]
fn nothing_can_be_bid_over_little_man_the_top_of_the_ladder_4_1() {
    // C bids Little Man (he holds Trock 1), A cannot hold it and passes: B enters with the
    // ladder at its top.
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass");
    assert_eq!(s.state.deal.auction.rung, Contract::LittleMan);
    assert_eq!(legal(&s), ["pass", "piccolo", "bettel"]);
    for bid in ["solo", "cego", "one-card", "two-different"] {
        assert_eq!(refused_unchanged(&s, bid), ActionError::LadderTop, "{bid}");
    }
    assert_eq!(
        ActionError::LadderTop.to_string(),
        "nothing can be bid over little man, the top of the ladder (cego.md 4.1)"
    );
}

#[test]
fn at_the_raeuber_choice_forehand_may_only_say_cego_or_raeuber_4_3() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, pass, pass");
    assert_eq!(s.state.deal.auction.stage, game_cego::Stage::RaeuberChoice);
    assert_eq!(s.state.deal.to_move, A);
    assert_eq!(legal(&s), ["cego", "raeuber"]);
    for text in ["pass", "hold", "one-card", "piccolo", "bettel"] {
        let action: Action = text.parse().unwrap();
        let e = refused_unchanged(&s, text);
        assert_eq!(
            e,
            ActionError::CallNotOpen {
                action,
                why: "forehand chooses cego or raeuber (cego.md 4.3)",
            },
            "{text}"
        );
        assert_eq!(
            e.to_string(),
            format!(
                "{text} is not a call open now: forehand chooses cego or raeuber (cego.md 4.3)"
            )
        );
    }
}

#[test]
fn one_blank_needs_a_plain_card_in_the_dealt_hand_to_hold_or_bid_cg8() {
    // A holds eleven Trocks: he may hold Cego and One Card, not One Blank (CG8).
    let deal = deal_with(
        "T1 T2 T3 T4 T5 T6 T7 T8 T9 T10 T11",
        "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank");
    assert!(
        !s.lines.iter().any(|l| l.contains("UNEXPECTED")),
        "{:?}",
        s.lines
    );
    assert_eq!(s.state.deal.to_move, A);
    assert_eq!(legal(&s), ["pass"]);
    let e = refused_unchanged(&s, "hold");
    assert_eq!(
        e,
        ActionError::Infeasible {
            contract: Contract::OneBlank,
            needs: "a plain-suit card",
            ruling: "CG8",
        }
    );
    assert_eq!(
        e.to_string(),
        "One Blank needs a plain-suit card in the dealt hand (cego.md 4.5, CG8)"
    );
    // Nor may an entrant bid it: B is dealt eleven Trocks and comes back after A holds One
    // Card.
    let deal = deal_with(
        "Kc Qc Rc Jc 10c 9c 8c 7c Ks Qs Rs",
        "T12 T13 T14 T15 T16 T17 T18 T19 T20 T21",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego");
    assert_eq!(s.state.deal.to_move, B);
    assert!(
        s.state.deal.hands[B.index()].iter().all(Card::is_trock),
        "B holds only Trocks: {}",
        s.state.deal.hands[B.index()]
    );
    s.play("one-card, hold");
    assert_eq!(s.state.deal.to_move, B);
    assert_eq!(legal(&s), ["pass"]);
    assert_eq!(
        refused_unchanged(&s, "one-blank"),
        ActionError::Infeasible {
            contract: Contract::OneBlank,
            needs: "a plain-suit card",
            ruling: "CG8",
        }
    );
}

#[test]
fn only_the_counter_games_have_a_factor_7_1() {
    let table = [
        (Contract::Cego, 1, 2),
        (Contract::OneCard, 2, 3),
        (Contract::OneBlank, 3, 4),
        (Contract::TwoBlanks, 4, 5),
        (Contract::TwoDifferent, 5, 6),
        (Contract::LittleMan, 6, 7),
    ];
    for (c, normal, after_solo) in table {
        for won in [true, false] {
            assert_eq!(c.factor(false, won), normal, "{c}");
            assert_eq!(c.factor(true, won), after_solo, "{c}");
        }
    }
    assert_eq!(Contract::Solo.factor(false, true), 2);
    assert_eq!(Contract::Solo.factor(false, false), 1);
    // Ulti, Piccolo and Bettel have fixed stakes (7.2), Räuber its own payments (7.3).
    for c in [
        Contract::Ulti,
        Contract::Piccolo,
        Contract::Bettel,
        Contract::Raeuber,
    ] {
        assert!(!c.is_counter(), "{c}");
        for (after, won) in [(false, false), (false, true), (true, false), (true, true)] {
            assert_eq!(c.factor(after, won), 0, "{c}");
        }
    }
}

#[test]
fn a_score_counted_in_pairs_shows_its_half_points_cg17() {
    let pairs = Config {
        count: Counting::Pairs,
        ..Config::default()
    };
    // 40½ of 79: won, ½ above 39½ rounds up to 1 (CG17), times 3 is 3, at least 5.
    let score = game_cego::counter_score(81, 3, &pairs);
    assert_eq!(
        score.to_string(),
        "40½ card points, 1 above 39½, counted as 1; 1 x factor 3 = 3, rounded up to a multiple of 5: 5 per defender"
    );
    // 38½: lost by 1, the amount the same.
    let score = game_cego::counter_score(77, 3, &pairs);
    assert!(
        score
            .to_string()
            .starts_with("38½ card points, 1 below 39½, counted as 1;"),
        "{score}"
    );
}

#[test]
fn a_raeuber_score_at_five_names_the_dealer_who_sat_out_3() {
    // The four who played by their index among the four (S0, S2, S3, S4 with S1 out).
    let score = game_cego::Score::Raeuber {
        half_points: [20, 41, 50, 29],
        sits_out: Some(Seat(1)),
    };
    assert_eq!(
        score.to_string(),
        "card points S0 10, S2 20½, S3 25, S4 14½ (S1 sat out)"
    );
    let at_four = game_cego::Score::Raeuber {
        half_points: [20, 40, 50, 30],
        sits_out: None,
    };
    assert_eq!(
        at_four.to_string(),
        "card points S0 10, S1 20, S2 25, S3 15"
    );
}

#[test]
fn payments_read_like_a_list_of_amounts_one_per_player() {
    let p = game_cego::PerPlayer::from_slice(&[30, -10, -10, -10]).unwrap();
    assert_eq!(p, *[30, -10, -10, -10].as_slice());
    assert_eq!(p, vec![30, -10, -10, -10]);
    assert_ne!(p, vec![30, -10, -10]);
    assert_eq!((&p).into_iter().sum::<i32>(), 0);
    let mut n = 0;
    for x in &p {
        n += x.signum();
    }
    assert_eq!(n, -2);
    assert_eq!(Vec::<i32>::from(p), [30, -10, -10, -10]);
    assert_eq!(game_cego::PerPlayer::zeros(9).len(), 5);
}

#[test]
fn the_opening_narrates_the_first_deal_only_before_anything_is_played_g1() {
    let mut s = Cego::new(&Config::default(), 11).unwrap();
    let opening = Cego::opening(&s);
    assert!(!opening.is_empty());
    assert_eq!(opening, s.deal_events());
    assert!(
        opening
            .iter()
            .any(|e| matches!(e, Event::Dealt { seat, .. } if *seat == s.deal.forehand))
    );
    Cego::apply(&mut s, &Action::Pass).unwrap();
    assert!(Cego::opening(&s).is_empty());
    // A stated position is no dealt match either.
    let stated = Script::new(T8_DEAL, &Config::default());
    assert!(Cego::opening(&stated.state).is_empty());
}

#[test]
fn determinize_knows_a_cego_without_trocks_from_the_missing_shown_discard_cg13() {
    // Two Blanks with no Trock in the cego: nothing is discarded face up, so every other player
    // knows that the soloist's hand, the cego he took, holds no Trock (cego.md 5, CG13).
    let deal = deal_with(
        "10c 9c 8c 7c T11 T12 T13 T14 T15 T16 T17",
        "Kh Qh Rh Jh 1h 2h 3h 4h Kd Qd",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, expose 8c, expose 7c");
    assert_eq!(s.state.deal.shown, None);
    assert_eq!(s.state.deal.cego_trocks, game_cego::CegoTrocks::None);
    let mut rng = rng_from_seed(13);
    let check = |s: &Script, rng: &mut cards_core::GameRng| {
        let mut moved = 0;
        for seat in [B, C, D] {
            for _ in 0..20 {
                let det = s.state.determinize(seat, rng);
                assert_eq!(det.validate(), Ok(()));
                let hand = det.deal.hand(A);
                assert_eq!(hand.len(), s.state.deal.hand(A).len());
                assert!(hand.iter().all(|c| !c.is_trock()), "{seat} gave A {hand}");
                assert!(hand.contains(card("8c")) && hand.contains(card("7c")));
                assert_eq!(det.deal.hand(seat), s.state.deal.hand(seat));
                moved += usize::from(hand != s.state.deal.hand(A));
            }
        }
        assert!(moved > 0, "every world gave A his true hand");
    };
    // While A discards his cego card (after the pickup), and once the play has begun.
    check(&s, &mut rng);
    s.play("discard Kh");
    assert_eq!(s.state.deal.phase, Phase::Play);
    check(&s, &mut rng);
}

#[test]
fn determinize_after_two_courts_exposed_and_no_cego_trock_allows_any_legage_cg8_cg13() {
    // Two Blanks kept as two courts (A has no two numerals of a suit, CG8) and no Trock in the
    // cego: A discards a cego card to the Legage (CG13), so the Legage is not limited by what
    // the exposure says of the dealt hand; the worlds still hold no Trock in A's hand.
    let deal = deal_with(
        "Kc Qc 10s Kh T11 T12 T13 T14 T15 T16 T17",
        "Jh 1h 2h 3h 4h Kd Qd Rd Jd 1d",
    );
    let mut s = script(&deal, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, expose Kc, expose Qc, discard Jh");
    assert!(
        !s.lines.iter().any(|l| l.contains("UNEXPECTED")),
        "{:?}",
        s.lines
    );
    assert_eq!(s.state.deal.contract, Some(Contract::TwoBlanks));
    assert_eq!(s.state.deal.shown, None);
    assert_eq!(s.state.deal.phase, Phase::Play);
    let mut rng = rng_from_seed(8);
    let mut numeral_in_legage = 0;
    for seat in [B, C, D] {
        for _ in 0..30 {
            let det = s.state.determinize(seat, &mut rng);
            assert_eq!(det.validate(), Ok(()));
            let hand = det.deal.hand(A);
            assert!(hand.contains(card("Kc")) && hand.contains(card("Qc")));
            assert!(hand.iter().all(|c| !c.is_trock()), "{seat} gave A {hand}");
            assert_eq!(det.deal.hand(seat), s.state.deal.hand(seat));
            numeral_in_legage += usize::from(det.deal.legage.iter().any(Card::is_numeral));
        }
    }
    // The true Legage holds the numeral 10s and the cego's Jh; the worlds may put numerals
    // there too.
    assert!(s.state.deal.legage.contains(card("10s")));
    assert!(numeral_in_legage > 0);
}
