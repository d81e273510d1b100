//! One test per rule and ruling (B1-B11, G2-G4), refused cases included.

mod common;

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::card::Suit;
use cards_core::game::Game;
use cards_core::rng::rng_from_seed;
use cards_core::seat::{PerSeat, Seat};
use common::{act, cards, from_pack, is_legal, position, refusal};
use game_big_a::{
    Action, BigA, Combo, Config, Counts, EXPOSED, Event, ExposeKind, Hand, NORMAL, Phase, Play,
    PlaySetup, State, beats, deal_scores, team_row,
};

fn pass_until(state: &mut State, done: impl Fn(&State) -> bool) {
    while !done(state) {
        act(state, "pass");
    }
}

#[test]
fn the_pack_is_two_packs_of_54() {
    let pack = Config::default().pack();
    assert_eq!(pack.len(), 108);
    assert_eq!(pack.iter().filter(|c| *c == "Ah").count(), 2);
    assert_eq!(pack.iter().filter(|c| *c == "RJ").count(), 2);
}

#[test]
fn big_a_needs_exactly_five_players() {
    assert!(<BigA as Game>::Config::for_players(4).is_err());
    assert!(<BigA as Game>::Config::for_players(6).is_err());
    let e = <BigA as Game>::Config::for_players(4)
        .unwrap_err()
        .to_string();
    assert!(e.contains("exactly 5") && e.contains("B2"), "{e}");
    let bad = Config {
        hands: 0,
        ..Config::default()
    };
    assert!(BigA::new(&bad, 1).is_err());
    assert_eq!(Config::default().single_deal().hands, 1);
}

#[test]
fn the_draw_deals_22_22_22_21_21_anticlockwise_with_the_last_card_face_down() {
    let mut s = from_pack(&[]);
    assert_eq!(BigA::to_move(&s), Some(Seat(0)));
    act(&mut s, "pass");
    // The second card goes to the right-hand neighbour (anticlockwise).
    assert_eq!(BigA::to_move(&s), Some(Seat(4)));
    pass_until(&mut s, |s| s.phase() != Phase::Draw);
    let counts: Vec<usize> = Seat::all(5).map(|x| s.hand(x).len()).collect();
    assert_eq!(counts, [22, 21, 21, 22, 22]);
}

#[test]
fn the_drawer_is_always_asked_and_may_always_decline() {
    let mut s = from_pack(&[(0, "As"), (1, "5c")]);
    assert_eq!(
        BigA::legal_actions(&s),
        [
            Action::Pass,
            Action::Expose {
                suit: Suit::Spades,
                pair: false
            }
        ]
    );
    act(&mut s, "pass");
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
}

#[test]
fn exposing_an_ace_one_does_not_hold_is_refused() {
    let s = from_pack(&[(0, "As")]);
    let e = refusal(&s, "expose Ah");
    assert!(e.contains("do not hold") && e.contains("B4"), "{e}");
}

#[test]
fn after_a_single_ace_only_a_pair_of_identical_aces_overcalls() {
    // S0 draws As first; S4 draws Ad at 1 and Ad at 6.
    let mut s = from_pack(&[(0, "As"), (1, "Ad"), (6, "Ad")]);
    let ev = act(&mut s, "expose As");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Exposed(x) if x.kind == ExposeKind::Declare))
    );
    assert_eq!(s.declarer(), Some(Seat(0)));
    // S4 holds one Ad: a single Ace no longer declares.
    assert!(refusal(&s, "expose Ad").contains("only a pair"));
    act(&mut s, "pass");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(4)));
    assert!(is_legal(&s, "expose AdAd"));
    act(&mut s, "expose AdAd");
    assert_eq!(s.declarer(), Some(Seat(4)));
    // The pair is protected: nobody may expose any more.
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
}

/// Issue 29 item 9: a declarer who declared with A♣ exposes A♦ A♦ over their own declaration.
///
/// The seed (Deal and partnerships): "After an Ace has been exposed, any player can overcall by
/// exposing a pair of identical Aces, in which case these become the Big Aces, and the player
/// who exposed them becomes the declarer, playing alone." Ruling B4: a player may "expose a
/// pair of identical Aces when no Ace or only a single Ace is exposed (becomes declarer,
/// playing alone, cannot be overcalled; this is the overcall)". "Any player" leaves nobody out,
/// the declarer included, and B4 asks only that at most a single Ace be exposed, which holds;
/// the rulings say "Where the seed is clear it wins". So it is allowed: the Diamonds become
/// the Big Aces, the declarer stays declarer and plays alone, the holder of the other A♣ is no
/// partner any more, and nobody may expose after it. Scoring, the seed: "If the declarer holds
/// both Big Aces and plays alone, the declarer wins by coming first or loses by coming last
/// [...] The score is doubled if the declarer exposed both Big Aces", the row "1st (both Big
/// Aces exposed) | +64 | -16 each |".
#[test]
fn the_single_ace_declarer_may_overcall_their_own_declaration_with_a_pair_and_plays_alone() {
    // S0 draws Ac (0), Ad (5) and Ad (10); S4 draws the other Ac (1).
    let mut s = from_pack(&[(0, "Ac"), (1, "Ac"), (5, "Ad"), (10, "Ad")]);
    act(&mut s, "expose Ac");
    assert_eq!(s.declarer(), Some(Seat(0)));
    assert_eq!(s.big_suit(), Some(Suit::Clubs));
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    // One Ad: a single Ace is no overcall, for the declarer as for anyone.
    assert!(refusal(&s, "expose Ad").contains("only a pair"));
    act(&mut s, "pass");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    // Both Ad: the overcall is offered to the declarer, and check agrees.
    assert_eq!(
        BigA::legal_actions(&s),
        [
            Action::Pass,
            Action::Expose {
                suit: Suit::Diamonds,
                pair: true
            }
        ]
    );
    assert!(is_legal(&s, "expose Ad Ad"));

    // Had S0 kept its A♣ declaration, S4 would have been its hidden partner.
    let mut kept = s.clone();
    pass_until(&mut kept, |s| s.phase() == Phase::Play);
    assert_eq!(
        (kept.big_suit(), kept.partner()),
        (Some(Suit::Clubs), Some(Seat(4)))
    );

    let ev = act(&mut s, "expose Ad Ad");
    assert!(
        ev.iter().any(|e| matches!(e, Event::Exposed(x)
            if x.kind == ExposeKind::Overcall
                && x.seat == Seat(0)
                && x.suit == Suit::Diamonds
                && x.count == 2)),
        "{ev:?}"
    );
    assert_eq!(s.declarer(), Some(Seat(0)));
    assert_eq!(s.big_suit(), Some(Suit::Diamonds));
    // Nobody may expose any more: not during the rest of the draw, not after the pick-up (the
    // holder of the other A♣ included, and the declarer too).
    while s.phase() == Phase::Draw {
        assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
        act(&mut s, "pass");
    }
    // The pick-up round asks S0 (the first drawer) first, then S4.
    assert_eq!(BigA::to_move(&s), Some(Seat(0)));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ad");
    assert!(e.contains("settled") && e.contains("B5"), "{e}");
    act(&mut s, "pass");
    assert_eq!(BigA::to_move(&s), Some(Seat(4)));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ac");
    assert!(e.contains("B5"), "{e}");
    pass_until(&mut s, |s| s.phase() == Phase::Play);

    // Alone, publicly: no partner, the declarer leads, every other seat a known opponent.
    assert_eq!(s.partner(), None);
    assert_eq!(BigA::to_move(&s), Some(Seat(0)));
    let teams = BigA::view(&s, Seat(4)).teams;
    assert_eq!(
        teams,
        [
            Some(true),
            Some(false),
            Some(false),
            Some(false),
            Some(false)
        ]
    );

    // The declarer leads every trick and everyone passes: it goes out first and wins the
    // doubled lone stake.
    while s.phase() == Phase::Play {
        if BigA::to_move(&s) == Some(Seat(0)) {
            let lead = BigA::legal_actions(&s)[0].to_string();
            act(&mut s, &lead);
        } else {
            act(&mut s, "pass");
        }
    }
    assert_eq!(s.places().first(), Some(&Seat(0)));
    assert_eq!(s.last_scores(), Some([64, -16, -16, -16, -16]));
}

#[test]
fn a_declarer_who_draws_the_second_copy_may_expose_it_to_play_alone_protected() {
    let mut s = from_pack(&[(0, "Ac"), (5, "Ac")]);
    act(&mut s, "expose Ac");
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(0)));
    assert!(is_legal(&s, "expose Ac"));
    let ev = act(&mut s, "expose Ac");
    assert!(
        ev.iter()
            .any(|e| matches!(e, Event::Exposed(x) if x.kind == ExposeKind::Protect))
    );
}

#[test]
fn with_no_exposure_the_first_seen_heart_ace_is_forced_and_its_partner_may_not_expose() {
    // S3 (third drawer) sees Ah; S2's face-down card (position 103) is the other Ah.
    let mut s = from_pack(&[(2, "Ah"), (103, "Ah")]);
    pass_until(&mut s, |s| s.phase() != Phase::Draw);
    assert_eq!(s.declarer(), Some(Seat(3)));
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(2)));
    assert!(matches!(s.phase(), Phase::PartnerExposure { .. }));
    assert_eq!(BigA::legal_actions(&s), [Action::Pass]);
    let e = refusal(&s, "expose Ah");
    assert!(e.contains("forced heart ace") && e.contains("B5"), "{e}");
    let screen = BigA::view(&s, Seat(0)).to_string();
    assert!(
        screen.contains("S3 exposed Ah (forced heart Ace, declares)"),
        "{screen}"
    );
}

#[test]
fn both_heart_aces_face_down_without_exposure_redeal_with_the_same_first_drawer() {
    let mut s = from_pack(&[(103, "Ah"), (104, "Ah")]);
    let mut events = Vec::new();
    while s.phase() == Phase::Draw && events.iter().all(|e| !matches!(e, Event::Redeal { .. })) {
        events.extend(act(&mut s, "pass"));
    }
    assert!(events.iter().any(|e| matches!(e, Event::Redeal { .. })));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::DealStarted {
            attempt: 1,
            first_drawer: Seat(0),
            ..
        }
    )));
}

#[test]
fn after_the_pick_up_the_partner_may_expose_and_then_leads() {
    let mut s = from_pack(&[(0, "Ac"), (1, "Ac")]);
    act(&mut s, "expose Ac");
    pass_until(&mut s, |s| !matches!(s.phase(), Phase::Draw));
    pass_until(&mut s, |s| BigA::to_move(s) == Some(Seat(4)));
    assert!(is_legal(&s, "expose Ac"));
    let ev = act(&mut s, "expose Ac");
    assert_eq!(ev[0].to_string(), "S4 exposes Ac and reveals as partner");
    pass_until(&mut s, |s| s.phase() == Phase::Play);
    assert_eq!(s.partner(), Some(Seat(4)));
    assert_eq!(BigA::to_move(&s), Some(Seat(4)));
    let v = BigA::view(&s, Seat(1));
    assert_eq!(v.teams[4], Some(true));
    assert_eq!(v.teams[1], Some(false));
}

#[test]
fn the_hidden_partner_is_revealed_by_playing_a_big_ace() {
    let mut s = position(
        ["Ah 5c 6c", "7c 8c", "Ah 9c 9d", "10c", "Jc"],
        0,
        Some(2),
        0,
    );
    assert_eq!(BigA::view(&s, Seat(1)).teams[2], None);
    act(&mut s, "5");
    act(&mut s, "J");
    act(&mut s, "pass");
    act(&mut s, "BA");
    assert_eq!(BigA::view(&s, Seat(1)).teams[2], Some(true));
    assert_eq!(BigA::view(&s, Seat(1)).teams[1], Some(false));
}

#[test]
fn singles_rank_big_ace_red_joker_black_joker_3_2_a_down_to_4() {
    let order = ["4", "10", "K", "A", "2", "3", "BJ", "RJ", "BA"];
    for w in order.windows(2) {
        let lo: Play = w[0].parse().unwrap();
        let hi: Play = w[1].parse().unwrap();
        assert!(
            beats(hi.combo, lo.combo, false).is_ok(),
            "{} > {}",
            w[1],
            w[0]
        );
        assert!(beats(lo.combo, hi.combo, false).is_err());
    }
}

#[test]
fn a_big_ace_with_another_ace_is_an_ordinary_pair_below_twos() {
    let aa: Play = "ABA".parse().unwrap();
    assert_eq!(aa.combo, Combo::Pair(10));
    let twos: Play = "22".parse().unwrap();
    assert!(beats(twos.combo, aa.combo, false).is_ok());
}

#[test]
fn a_triplet_on_a_lone_joker_is_refused() {
    let mut s = position(["RJ 5c", "6c", "6d", "6h", "7c 7d 7h 9c"], 0, Some(2), 0);
    act(&mut s, "RJ");
    let e = refusal(&s, "777");
    assert!(e.contains("triplet cannot beat a joker"), "{e}");
    assert!(!is_legal(&s, "777"));
    assert!(is_legal(&s, "pass"));
}

#[test]
fn a_triplet_cannot_beat_a_double_sequence_but_beats_a_sequence_and_a_pair() {
    let ds = Combo::Run {
        width: 2,
        start: 5,
        len: 3,
    };
    let trip = Combo::Kind { rank: 0, n: 3 };
    assert!(beats(trip, ds, false).is_err());
    assert!(
        beats(
            trip,
            Combo::Run {
                width: 1,
                start: 5,
                len: 7
            },
            false
        )
        .is_ok()
    );
    assert!(beats(trip, Combo::Pair(12), false).is_ok());
    assert!(beats(trip, Combo::Single(12), false).is_ok());
}

#[test]
fn a_four_of_a_kind_on_a_lone_big_ace_is_refused() {
    let mut s = position(
        ["Ah 5c", "6d", "Ah 6c", "6h", "7c 7d 7h 7s 9c"],
        0,
        Some(2),
        0,
    );
    act(&mut s, "BA");
    let e = refusal(&s, "7777");
    assert!(
        e.contains("four of a kind cannot beat a lone big ace"),
        "{e}"
    );
    // A four of a kind does beat a joker and a double sequence.
    let four = Combo::Kind { rank: 3, n: 4 };
    assert!(beats(four, Combo::Joker(true), false).is_ok());
    assert!(
        beats(
            four,
            Combo::Run {
                width: 2,
                start: 5,
                len: 5
            },
            false
        )
        .is_ok()
    );
}

#[test]
fn five_of_a_kind_and_up_beat_every_single_and_ordinary_combination() {
    let five = Combo::Kind { rank: 0, n: 5 };
    for top in [
        Combo::BigAce,
        Combo::Joker(true),
        Combo::Run {
            width: 2,
            start: 0,
            len: 7,
        },
    ] {
        assert!(beats(five, top, false).is_ok());
    }
}

#[test]
fn bombs_rank_in_the_seeds_order() {
    let ladder = [
        "444",
        "4444",
        "44444",
        "444444",
        "BJBJ",
        "444555666",
        "44445555",
        "4444444",
        "44444444",
        "RJBJBJ",
        "RJRJBJBJ",
        "BABA",
    ];
    for w in ladder.windows(2) {
        let lo: Play = w[0].parse().unwrap();
        let hi: Play = w[1].parse().unwrap();
        assert!(
            beats(hi.combo, lo.combo, false).is_ok(),
            "{} > {}",
            w[1],
            w[0]
        );
        assert!(
            beats(lo.combo, hi.combo, false).is_err(),
            "{} < {}",
            w[0],
            w[1]
        );
    }
}

#[test]
fn two_jokers_rank_red_red_over_red_black_over_black_black_and_equal_pairs_do_not_beat() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    assert!(beats(p("RJRJ"), p("RJBJ"), false).is_ok());
    assert!(beats(p("RJBJ"), p("BJBJ"), false).is_ok());
    assert!(beats(p("RJBJ"), p("RJBJ"), false).is_err());
}

#[test]
fn triplet_sequences_run_from_aaa222333_to_qqqkkkaaa() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    assert_eq!(
        p("AAA222333"),
        Combo::Run {
            width: 3,
            start: 0,
            len: 3
        }
    );
    assert!(beats(p("QQQKKKAAA"), p("JJJQQQKKK"), false).is_ok());
    assert!(beats(p("222333444"), p("AAA222333"), false).is_ok());
    // The seed's AAAAKKKK (highest fake eight) and 2222AAAA (lowest), written lowest first.
    assert!(beats(p("KKKKAAAA"), p("AAAA2222"), false).is_ok());
    assert!(beats(p("AAAA2222"), p("KKKKAAAA"), false).is_err());
}

#[test]
fn a_wrapped_sequence_is_not_a_combination() {
    assert!("QKA2".parse::<Action>().is_err());
    assert!("KA2".parse::<Action>().is_err());
    // Nor is it held, built as a run past the top Ace, by a hand with a King, Aces and Twos;
    // the runs of the chain it does hold, Q K A and A 2 3, are.
    let hand: Hand = cards("Qc Kc Ad As 2c 2d 3c RJ Ah").into_iter().collect();
    let c = Counts::of(hand.faces(), Some(Suit::Hearts));
    assert_eq!(usize::from(c.total()), hand.len());
    let run = |start, len| Combo::Run {
        width: 1,
        start,
        len,
    };
    for extra in [false, true] {
        assert!(!run(12, 3).is_valid(extra));
    }
    assert!(!c.holds(run(12, 3), 0));
    for held in [run(11, 3), run(0, 3)] {
        assert!(held.is_valid(false) && !held.is_empty(), "{held}");
        assert!(c.holds(held, 0), "{held}");
    }
}

#[test]
fn a_joker_in_a_sequence_is_refused() {
    let e = "34RJ".parse::<Action>().unwrap_err().to_string();
    assert!(e.contains("jokers"), "{e}");
}

#[test]
fn a_longer_sequence_on_a_shorter_one_is_refused() {
    let mut s = position(
        ["4c 5c 6c 9c", "Kc", "Kd", "Ah", "5d 6d 7d 8d 9d"],
        0,
        Some(3),
        0,
    );
    act(&mut s, "456");
    let e = refusal(&s, "5678");
    assert!(e.contains("same type and length"), "{e}");
    assert!(is_legal(&s, "567"));
    assert!(is_legal(&s, "789"));
}

#[test]
fn fours_capture_an_egg_with_exactly_one_card_fewer() {
    let mut s = position(
        ["7c 7d 7h Kc", "6c", "6d", "Ah", "4c 4d 4h 9c"],
        0,
        Some(3),
        0,
    );
    act(&mut s, "777");
    let e = refusal(&s, "capture 444");
    assert!(e.contains("exactly 2 fours") && e.contains("B9"), "{e}");
    act(&mut s, "capture 44");
    assert_eq!(s.hand(Seat(4)).to_string(), "4h 7c 7d 7h 9c");
}

#[test]
fn fours_cannot_capture_seven_of_a_kind_or_jokers() {
    let mut s = position(
        [
            "7c 7d 7h 7s 7c 7d 7h RJ RJ Kc",
            "6c",
            "6d",
            "Ah",
            "4c 4d 4h 4s 4c 4d 9c",
        ],
        0,
        Some(3),
        0,
    );
    act(&mut s, "7777777");
    let e = refusal(&s, "capture 444444");
    assert!(e.contains("3 to 6"), "{e}");
    assert!(
        !BigA::legal_actions(&s)
            .iter()
            .any(|a| matches!(a, Action::Capture(_)))
    );
    let mut s = position(["RJ RJ Kc", "6c", "6d", "Ah", "4c 4d 4h 9c"], 0, Some(3), 0);
    act(&mut s, "RJRJ");
    assert!(refusal(&s, "capture 44").contains("3 to 6"));
}

#[test]
fn a_trick_ends_when_every_other_player_still_holding_cards_has_passed() {
    let mut s = position(["5c 6c", "7c 8c", "9c 10c", "", "Ah Jc"], 0, Some(4), 0);
    act(&mut s, "5");
    act(&mut s, "pass");
    act(&mut s, "pass");
    let ev = act(&mut s, "pass");
    assert!(ev.contains(&Event::TrickWon { seat: Seat(0) }));
    assert_eq!(BigA::to_move(&s), Some(Seat(0)));
}

#[test]
fn a_pass_does_not_stop_a_player_from_playing_later_in_the_trick() {
    let mut s = position(
        ["5c 6c", "7c 8c", "9c 10c", "Qc Kc", "Ah Jc"],
        0,
        Some(4),
        0,
    );
    act(&mut s, "5");
    act(&mut s, "pass"); // S4
    act(&mut s, "Q"); // S3
    act(&mut s, "pass"); // S2
    act(&mut s, "pass"); // S1
    act(&mut s, "pass"); // S0
    assert_eq!(BigA::to_move(&s), Some(Seat(4)));
    assert!(is_legal(&s, "BA"));
}

#[test]
fn the_leader_may_not_pass() {
    let s = position(
        ["5c 6c", "7c 8c", "9c 10c", "Qc Kc", "Ah Jc"],
        0,
        Some(4),
        0,
    );
    assert!(refusal(&s, "pass").contains("B8"));
}

#[test]
fn the_hand_ends_when_all_players_holding_cards_are_on_one_team() {
    // Declarer S0 and partner S4 go out first and second: +6 +3, opponents -3 each.
    let mut s = position(["5c", "7c 8c", "9c 10c", "Qc Kc", "Ah"], 0, Some(4), 0);
    act(&mut s, "5");
    act(&mut s, "BA");
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(s.last_scores(), Some([6, -3, -3, -3, 3]));
}

#[test]
fn matches_run_five_hands_with_running_totals_and_stay_zero_sum() {
    let config = Config::default();
    let mut state = BigA::new(&config, 11).unwrap();
    let mut bots: PerSeat<Box<dyn Bot<BigA>>> = PerSeat::from_fn(5, |_| Box::new(RandomBot) as _);
    let n = play_out::<BigA, _>(&mut state, &mut bots, &mut rng_from_seed(1), None).unwrap();
    assert!(n <= config.max_actions());
    assert_eq!(state.hands_played(), 5);
    assert_eq!(state.totals().iter().sum::<i32>(), 0);
}

#[test]
fn random_deals_stay_within_max_actions() {
    let config = Config::default().single_deal();
    let mut most = 0;
    for seed in 0..100 {
        let mut state = BigA::new(&config, seed).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<BigA>>> =
            PerSeat::from_fn(5, |_| Box::new(RandomBot) as _);
        let n = play_out::<BigA, _>(&mut state, &mut bots, &mut rng_from_seed(seed), None).unwrap();
        most = most.max(n);
    }
    assert!(most <= config.max_actions(), "{most}");
}

#[test]
fn action_notation_round_trips() {
    for t in [
        "pass",
        "expose Ah",
        "expose As As",
        "capture 4 4 4",
        "7",
        "BA",
        "RJ",
        "Q Q",
        "A BA",
        "BA BA",
        "A 2 3",
        "J Q K A",
        "10 J Q K",
        "6 6 7 7 8 8",
        "4 4 4 5 5 5 6 6 6",
        "4 4 4 4 5 5 5 5",
        "2 2 2 2",
        "RJ BJ",
        "RJ RJ BJ BJ",
        "A A A BA",
        "6 7 8 9 10 J Q K A",
        "Q Q K K A BA",
    ] {
        let a: Action = t.parse().unwrap();
        assert_eq!(a.to_string(), t);
    }
}

#[test]
fn plays_are_shown_with_separators_and_the_compact_form_is_still_read() {
    for (compact, shown) in [
        ("expose AsAs", "expose As As"),
        ("capture 444", "capture 4 4 4"),
        ("QQ", "Q Q"),
        ("ABA", "A BA"),
        ("BABA", "BA BA"),
        ("A23", "A 2 3"),
        ("678910JQKA", "6 7 8 9 10 J Q K A"),
        ("667788", "6 6 7 7 8 8"),
        ("44445555", "4 4 4 4 5 5 5 5"),
        ("22222222", "2 2 2 2 2 2 2 2"),
        ("RJBJ", "RJ BJ"),
        ("AAABA", "A A A BA"),
        ("10-J-Q-K", "10 J Q K"),
        ("TJQKA", "10 J Q K A"),
        ("t t", "10 10"),
        ("  j  q\tk ", "J Q K"),
    ] {
        let a: Action = compact.parse().unwrap();
        assert_eq!(a.to_string(), shown, "{compact}");
        assert_eq!(shown.parse::<Action>().unwrap(), a, "{shown}");
    }
    for bad in ["6 7 9", "2 2 3", "RJ 7", "expose Ah As", "capture 4 5"] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
}

/// Every play the brute force allows: valid, held, and beating the top.
fn brute_force(state: &State) -> Vec<Action> {
    use game_big_a::{Counts, may_capture};
    let seat = BigA::to_move(state).unwrap();
    let c = Counts::of(state.hand(seat).faces(), state.big_suit());
    let top = state.top().map(|t| t.1.combo);
    let mut combos = vec![Combo::BigAce, Combo::BigAcePair];
    for r in 0..13 {
        combos.push(Combo::Single(r));
        combos.push(Combo::Pair(r));
        for n in 3..=8 {
            combos.push(Combo::Kind { rank: r, n });
        }
    }
    for red in [false, true] {
        combos.push(Combo::Joker(red));
    }
    for red in 0..=2 {
        for black in 0..=2 {
            combos.push(Combo::Jokers { red, black });
        }
    }
    for width in 1..=7 {
        for start in 0..14 {
            for len in 2..=14 {
                combos.push(Combo::Run { width, start, len });
            }
        }
    }
    let mut out = Vec::new();
    if top.is_some() {
        out.push(Action::Pass);
    }
    for combo in combos {
        if !combo.is_valid(false) {
            continue;
        }
        for big in 0..=2 {
            if big <= combo.aces()
                && c.holds(combo, big)
                && top.is_none_or(|t| beats(combo, t, false).is_ok())
            {
                out.push(Action::Play(Play { combo, big }));
            }
        }
    }
    if let Some(t) = top {
        for n in 2..=7 {
            if may_capture(n, t) && c.rank[0] >= n {
                out.push(Action::Capture(n));
            }
        }
    }
    out.sort();
    out
}

#[test]
fn generated_plays_equal_a_brute_force_enumeration() {
    let config = Config::default().single_deal();
    let mut rng = rng_from_seed(5);
    let mut checked = 0;
    for seed in 0..60 {
        let mut state = BigA::new(&config, seed).unwrap();
        let mut legal = Vec::new();
        while BigA::to_move(&state).is_some() {
            BigA::legal_actions_into(&state, &mut legal);
            if state.phase() == Phase::Play {
                assert_eq!(legal, brute_force(&state), "seed {seed}");
                checked += 1;
            }
            let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
            BigA::apply(&mut state, &legal[i]).unwrap();
        }
    }
    assert!(checked > 1000);
}

#[test]
fn the_face_down_card_is_unseen_even_by_its_holder_until_the_pick_up() {
    let mut s = from_pack(&[(105, "RJ")]);
    // S0's 22nd card (position 105) is the red joker: never seen during the draw.
    pass_until(&mut s, |s| s.hand(Seat(0)).len() == 21);
    assert_eq!(s.hand(Seat(0)).count("RJ".parse().unwrap()), 0);
    let mut events = Vec::new();
    while s.phase() == Phase::Draw {
        events.extend(act(&mut s, "pass"));
    }
    let pick = events
        .iter()
        .find(|e| matches!(e, Event::PickedUp { seat: Seat(0), .. }))
        .unwrap();
    assert_eq!(pick.to_string(), "S0 takes up RJ");
    assert_eq!(
        cards_core::GameEvent::redact(pick, Seat(1))
            .unwrap()
            .to_string(),
        "S0 takes up the face-down card"
    );
    assert_eq!(BigA::view(&s, Seat(0)).hand.len(), 22);
}

#[test]
fn determinize_keeps_exposed_aces_with_their_exposer_and_the_viewer_hand() {
    let mut s = from_pack(&[(1, "Ad")]);
    act(&mut s, "pass");
    act(&mut s, "expose Ad");
    let mut rng = rng_from_seed(3);
    for _ in 0..20 {
        let d = s.determinize(Seat(2), &mut rng);
        assert!(d.hand(Seat(4)).count("Ad".parse().unwrap()) >= 1);
        assert_eq!(d.hand(Seat(2)), s.hand(Seat(2)));
        assert_eq!(BigA::view(&d, Seat(2)), BigA::view(&s, Seat(2)));
    }
}

#[test]
fn the_extra_bombs_variant_adds_the_homygames_bombs_in_their_order() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    // Not combinations in the basic game.
    assert!(!p("444555666777").is_valid(false));
    assert!(!p("4444455555").is_valid(false));
    assert!(p("444555666777").is_valid(true));
    // In the variant the True Eight ranks above Three Jokers.
    assert!(beats(p("RJBJBJ"), p("44444444"), false).is_ok());
    assert!(beats(p("44444444"), p("RJBJBJ"), true).is_ok());
    let ladder = [
        "BJBJ",
        "444555666",
        "44445555",
        "4444444",
        "RJBJBJ",
        "444555666777",
        "4444455555",
        "44444444",
        "444555666777888",
        "444444555555",
        "RJRJBJBJ",
        "44444445555555",
        "BABA",
    ];
    for w in ladder.windows(2) {
        assert!(beats(p(w[1]), p(w[0]), true).is_ok(), "{} > {}", w[1], w[0]);
        assert!(
            beats(p(w[0]), p(w[1]), true).is_err(),
            "{} < {}",
            w[0],
            w[1]
        );
    }
}

#[test]
fn later_hands_are_drawn_first_by_the_first_player_out() {
    let config = Config {
        hands: 3,
        ..Config::default()
    };
    let mut state = BigA::new(&config, 4).unwrap();
    let mut bots: PerSeat<Box<dyn Bot<BigA>>> = PerSeat::from_fn(5, |_| Box::new(RandomBot) as _);
    let mut events = Vec::new();
    play_out::<BigA, _>(
        &mut state,
        &mut bots,
        &mut rng_from_seed(2),
        Some(&mut events),
    )
    .unwrap();
    let mut first_out = None;
    let mut checked = 0;
    for e in &events {
        match e {
            Event::DealEnded { places, .. } => first_out = places.first().copied(),
            Event::DealStarted {
                first_drawer,
                attempt: 0,
                ..
            } if first_out.is_some() => {
                assert_eq!(Some(*first_drawer), first_out);
                checked += 1;
            }
            _ => {}
        }
    }
    assert_eq!(checked, 2);
}

#[test]
fn combinations_are_read_as_players_write_them_in_any_order() {
    let p = |t: &str| t.parse::<Play>().unwrap();
    assert_eq!(p("2 2 2 2 A A A A"), p("A A A A 2 2 2 2"));
    assert_eq!(
        p("2 2 2 2 A A A A").combo,
        Combo::Run {
            width: 4,
            start: 0,
            len: 2
        }
    );
    assert_eq!(p("K K K K A A A A").to_string(), "K K K K A A A A");
    assert_eq!(p("A K Q J 10 9 8 7 6"), p("6 7 8 9 10 J Q K A"));
    assert_eq!(p("3 A 2").to_string(), "A 2 3");
    assert_eq!(p("A 2 3 4 5 6 7 8 9 10 J Q K A").combo.len(), 14);
    assert_eq!(p("7 7 6 6 8 8").to_string(), "6 6 7 7 8 8");
    assert_eq!("2 2 2 2".parse::<Combo>().unwrap().to_string(), "2 2 2 2");
    // Every lead of a rich hand reads back from its cards in reverse order.
    let s = position(
        [
            "4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 7c 7d 7h 8c 8d 9c 9d Ac Ad Ah 2c",
            "Ah 3c 3d",
            "Kc Kd Ks",
            "2d 2h 2s",
            "Qc Qd Qh",
        ],
        1,
        Some(0),
        0,
    );
    for a in BigA::legal_actions(&s) {
        let text = a.to_string();
        let reversed: Vec<&str> = text.split(' ').rev().collect();
        let back: Action = reversed.join(" ").parse().unwrap();
        assert_eq!(back, a, "{text}");
    }
    let e = "7 ".repeat(40).parse::<Play>().unwrap_err();
    assert!(e.to_string().contains("too many cards"), "{e}");
    assert!("capture 4 4 4 4 4 4 4 4 4".parse::<Action>().is_err());
}

#[test]
fn a_thirteen_card_sequence_with_one_ace_is_read_as_written() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    let low = p("A 2 3 4 5 6 7 8 9 10 J Q K");
    let high = p("2 3 4 5 6 7 8 9 10 J Q K A");
    assert_ne!(low, high);
    assert_eq!(p("K Q J 10 9 8 7 6 5 4 3 2 A"), low);
    assert_eq!(p("A K Q J 10 9 8 7 6 5 4 3 2"), high);
    assert!(beats(high, low, false).is_ok());
}

#[test]
fn each_decision_names_its_phase_and_the_phase_names_its_actions() {
    // `Game::phase` groups decisions in reports: the draw and the partner's exposure ask
    // whether to expose (B4, B5), card play plays, passes or captures; within a hand the
    // phases come in that order.
    let config = Config::default();
    let order = ["draw", "exposure", "play"];
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..10 {
        let mut s = BigA::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        let mut last = 0;
        while BigA::to_move(&s).is_some() {
            let phase = cards_core::GameState::phase(&s);
            let at = order.iter().position(|p| *p == phase).unwrap();
            // A new hand starts with the draw again.
            assert!(at >= last || at == 0, "{phase} after {}", order[last]);
            last = at;
            seen.insert(phase);
            let legal = BigA::legal_actions(&s);
            for a in &legal {
                let fits = match phase {
                    "play" => matches!(a, Action::Play(_) | Action::Pass | Action::Capture(_)),
                    _ => matches!(a, Action::Pass | Action::Expose { .. }),
                };
                assert!(fits, "{a} in the {phase} phase");
            }
            let a = legal[cards_core::rng::below(&mut rng, legal.len() as u64) as usize];
            BigA::apply(&mut s, &a).unwrap();
        }
    }
    assert_eq!(seen.len(), 3, "{seen:?}");
}

/// A stated position at card play (hearts the Big Aces, nobody out), read back checked.
fn stated(hands: [&str; 5], partner: Option<u8>, exposed: bool, leader: u8) -> State {
    let setup = PlaySetup {
        hands: hands.map(cards),
        declarer: Seat(0),
        suit: Suit::Hearts,
        partner: partner.map(Seat),
        exposed,
        leader: Seat(leader),
        out: vec![],
    };
    let s = State::from_play(&Config::default().single_deal(), 7, &setup).expect("valid setup");
    s.validate().expect("a stated position validates");
    s
}

/// Passes until the trick on the pile is won.
fn pass_out_trick(state: &mut State) {
    pass_until(state, |s| s.top().is_none());
}

/// B11, the seed: "If the declarer's partner revealed their identity exposing the second Big
/// Ace before the beginning of play the total amount won or lost by each team is doubled, but
/// the win or loss is shared equally", the row "1st and 2nd | +9 | +9 | -6 each". A stated
/// position whose partner exposed: everyone knows the teams (B6), the exposed partner leads,
/// goes out first, the lead passes to the declarer (B10), who goes out second.
#[test]
fn b11_an_exposed_partner_doubles_and_shares_the_score_through_a_played_hand() {
    let mut s = stated(["Ah 3c", "Ah 3d", "5c", "6c", "7c"], Some(1), true, 1);
    let v = BigA::view(&s, Seat(2));
    assert_eq!(
        v.teams,
        [
            Some(true),
            Some(true),
            Some(false),
            Some(false),
            Some(false)
        ]
    );
    assert_eq!(BigA::to_move(&s), Some(Seat(1)));
    act(&mut s, "BA");
    pass_out_trick(&mut s);
    act(&mut s, "3");
    pass_out_trick(&mut s);
    assert_eq!(s.places(), [Seat(1)]);
    assert_eq!(
        BigA::to_move(&s),
        Some(Seat(0)),
        "the lead passes to the partner's team"
    );
    act(&mut s, "BA");
    pass_out_trick(&mut s);
    act(&mut s, "3");
    assert_eq!(s.phase(), Phase::Over);
    assert_eq!(&s.places()[..2], [Seat(1), Seat(0)]);
    assert_eq!(s.last_scores(), Some([9, 9, -6, -6, -6]));
    let row = team_row(&EXPOSED, 2, 1).unwrap();
    assert_eq!((row.declarer, row.partner, row.opponent), (9, 9, -6));
    // The same hand unexposed scores from the normal table: +6 / +3 / -3 each.
    let mut s = stated(["Ah 3c", "Ah 3d", "5c", "6c", "7c"], Some(1), false, 1);
    act(&mut s, "BA");
    pass_out_trick(&mut s);
    act(&mut s, "3");
    pass_out_trick(&mut s);
    act(&mut s, "BA");
    pass_out_trick(&mut s);
    act(&mut s, "3");
    assert_eq!(s.last_scores(), Some([6, 3, -3, -3, -3]));
}

/// B11, the seed: the lone declarer "wins by coming first [...] The score is doubled if the
/// declarer exposed both Big Aces", the rows "1st (both Big Aces exposed) | +64 | -16 each" and
/// "1st (only one Big Ace exposed) | +32 | -8 each". A stated lone declarer who exposed both is
/// publicly alone (B6) and scores the doubled row.
#[test]
fn b11_a_lone_declarer_who_exposed_both_big_aces_scores_double_through_a_played_hand() {
    for (exposed, want) in [(true, 64), (false, 32)] {
        let mut s = stated(["Ah Ah 3c", "5c", "6c", "7c", "8c"], None, exposed, 0);
        let known = if exposed { Some(false) } else { None };
        let v = BigA::view(&s, Seat(3));
        assert_eq!(v.teams[0], Some(true));
        assert!(v.teams[1..].iter().all(|&t| t == known), "{:?}", v.teams);
        act(&mut s, "BA BA");
        pass_out_trick(&mut s);
        act(&mut s, "3");
        assert_eq!(s.phase(), Phase::Over);
        let o = -want / 4;
        assert_eq!(
            s.last_scores(),
            Some([want, o, o, o, o]),
            "exposed {exposed}"
        );
        let screen = BigA::view(&s, Seat(2)).to_string();
        assert!(screen.contains("phase: the match is over"), "{screen}");
        assert!(screen.contains("5th"), "{screen}");
    }
}

/// B11: every placing of two different seats has exactly one row of each team table (the
/// asymmetric rows by the declarer's place), and no row fits one seat in two places, so a
/// partner named as the declarer scores nothing rather than a row.
#[test]
fn b11_every_placing_of_the_team_has_one_row_and_an_impossible_one_none() {
    for table in [&NORMAL, &EXPOSED] {
        for d in 1..=5u8 {
            for p in 1..=5u8 {
                let rows = table
                    .iter()
                    .filter(|r| {
                        r.places == (d.min(p), d.max(p)) && r.declarer_at.is_none_or(|x| x == d)
                    })
                    .count();
                assert_eq!(rows, usize::from(d != p), "declarer {d} partner {p}");
                assert_eq!(team_row(table, d, p).is_some(), d != p);
            }
        }
    }
    let order: Vec<Seat> = Seat::all(5).collect();
    for exposed in [false, true] {
        assert_eq!(
            deal_scores(&order, Seat(0), Some(Seat(0)), exposed, false),
            [0; 5]
        );
    }
}

/// B3 and B12 (what each seat sees): another seat's draw is seen as "a card" only, the drawer
/// sees its card; the redeal shows the five face-down cards to everyone (the seed: "the five
/// face down cards should be exposed to verify that they really do include both heart Aces")
/// and names the redeal.
#[test]
fn b3_another_seats_draw_is_hidden_and_the_redeal_shows_the_face_down_cards_to_all() {
    use cards_core::GameEvent;
    let mut s = from_pack(&[(103, "Ah"), (104, "Ah")]);
    let mut events = Vec::new();
    while !events.iter().any(|e| matches!(e, Event::Redeal { .. })) {
        events.extend(act(&mut s, "pass"));
    }
    let drew = events
        .iter()
        .find(|e| matches!(e, Event::Drew { seat: Seat(4), .. }))
        .unwrap();
    let Event::Drew { card: Some(c), .. } = drew else {
        panic!("the engine's event names the card: {drew:?}");
    };
    assert_eq!(drew.to_string(), format!("S4 draws {c}"));
    assert_eq!(GameEvent::redact(drew, Seat(4)).as_ref(), Some(drew));
    let hidden = Event::Drew {
        seat: Seat(4),
        card: None,
    };
    assert_eq!(GameEvent::redact(drew, Seat(1)), Some(hidden.clone()));
    assert_eq!(hidden.to_string(), "S4 draws a card");
    let redeal = events
        .iter()
        .find(|e| matches!(e, Event::Redeal { .. }))
        .unwrap();
    for seat in Seat::all(5) {
        assert_eq!(GameEvent::redact(redeal, seat).as_ref(), Some(redeal));
    }
    let text = redeal.to_string();
    assert!(
        text.starts_with("nobody exposed and both heart Aces are face down (")
            && text.ends_with("): redeal")
            && text.matches("Ah").count() == 2,
        "{text}"
    );
    let restart = events.last().unwrap();
    assert!(matches!(restart, Event::Drew { seat: Seat(0), .. }));
    let started = &events[events.len() - 2];
    assert_eq!(started.to_string(), "hand 1, redeal 1: S0 draws first");
}
