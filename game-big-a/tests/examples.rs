//! The seed's worked examples, replayed from stated positions, with insta snapshots of the
//! narrated transcripts and plain asserts of each documented fact.

mod common;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::game::Game;
use cards_core::seat::Seat;
use common::{act, is_legal, position, refusal};
use game_big_a::{ALONE, Action, BigA, Combo, EXPOSED, NORMAL, Play, beats, deal_scores, team_row};

fn transcript(name: &str) -> String {
    BigA::examples()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| format!("{}\n{}", e.title, e.transcript))
        .expect("example")
}

#[test]
fn every_example_has_a_snapshot() {
    for e in BigA::examples() {
        insta::assert_snapshot!(e.name, format!("{}\n{}", e.title, e.transcript));
    }
}

#[test]
fn fours_capture_takes_the_777_and_lets_d_beat_the_44_with_fives() {
    // A = S0, B = S4, C = S3, D = S2.
    let mut s = position(
        [
            "Ah Ac Ad 9c",
            "8c 8d Kd",
            "Ah 5c 5d 6c 6d Kc",
            "4c 4d Qc",
            "7c 7d 7h Jc",
        ],
        0,
        Some(2),
        0,
    );
    act(&mut s, "AA");
    act(&mut s, "777");
    act(&mut s, "capture 44");
    assert_eq!(s.hand(Seat(3)).to_string(), "7c 7d 7h Qc");
    assert!(is_legal(&s, "55"));
    assert!(is_legal(&s, "66"));
    assert!(!is_legal(&s, "5"));
    assert!(transcript("fours-capture").contains("captures 7 7 7 with 2 Fours"));
}

#[test]
fn a_double_sequence_is_beaten_only_by_a_higher_one_of_the_same_length() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    let low = p("667788");
    assert!(beats(p("778899"), low, false).is_ok());
    assert!(beats(p("JJQQKK"), low, false).is_ok());
    assert!(beats(p("88991010JJ"), low, false).is_err());
    let mut s = position(
        [
            "6c 6d 7c 7d 8c 8d 3c",
            "5c",
            "5d",
            "5h",
            "7h 7s 8h 8s 9c 9d 10c 10d Jc Jd Qc Qd Kc Kd",
        ],
        0,
        Some(4),
        0,
    );
    act(&mut s, "667788");
    assert!(refusal(&s, "88991010JJ").contains("same type and length"));
    assert!(is_legal(&s, "JJQQKK"));
}

#[test]
fn a23_is_the_lowest_three_card_sequence_and_jqka_the_highest_four_card_one() {
    let p = |t: &str| t.parse::<Play>().unwrap().combo;
    assert_eq!(
        p("A23"),
        Combo::Run {
            width: 1,
            start: 0,
            len: 3
        }
    );
    assert_eq!(
        p("JQKA"),
        Combo::Run {
            width: 1,
            start: 10,
            len: 4
        }
    );
    assert!(beats(p("234"), p("A23"), false).is_ok());
    assert!(beats(p("JQKA"), p("10JQK"), false).is_ok());
    let t = transcript("sequences");
    assert!(t.contains("low to high: A 2 3 < 2 3 4"));
    assert!(t.trim_end().ends_with("10 J Q K < J Q K A"));
}

#[test]
fn the_lead_passes_to_the_shown_partner_after_the_declarer_goes_out() {
    let t = transcript("endgame");
    assert!(t.contains("A(S0) is out: the lead passes to C(S3)"), "{t}");
    assert!(t.contains("A(S0) is out: the lead passes to B(S4)"), "{t}");
    assert!(t.contains("C(S3) is out: the lead passes to A(S0)"), "{t}");
    assert!(t.contains("E(S1) is out: the lead passes to B(S4)"), "{t}");
}

#[test]
fn every_row_of_the_three_scoring_tables_is_applied() {
    let place_order = |d: u8, p: Option<u8>| {
        let mut order: Vec<Seat> = vec![];
        let mut opp = vec![Seat(2), Seat(3), Seat(4)];
        if p.is_none() {
            opp.insert(0, Seat(1));
        }
        let mut opp = opp.into_iter();
        for place in 1..=5 {
            if place == d {
                order.push(Seat(0));
            } else if Some(place) == p {
                order.push(Seat(1));
            } else {
                order.push(opp.next().unwrap());
            }
        }
        order
    };
    let team = [
        ((1, 2), (6, 3, -3), (9, 9, -6)),
        ((2, 1), (6, 3, -3), (9, 9, -6)),
        ((1, 3), (4, 2, -2), (6, 6, -4)),
        ((3, 1), (4, 2, -2), (6, 6, -4)),
        ((1, 4), (2, 1, -1), (3, 3, -2)),
        ((4, 1), (2, 1, -1), (3, 3, -2)),
        ((1, 5), (0, 0, 0), (0, 0, 0)),
        ((5, 1), (0, 0, 0), (0, 0, 0)),
        ((2, 3), (0, 0, 0), (0, 0, 0)),
        ((2, 4), (0, 0, 0), (0, 0, 0)),
        ((2, 5), (-2, -1, 1), (-3, -3, 2)),
        ((5, 2), (-4, -2, 2), (-6, -6, 4)),
        ((3, 4), (0, 0, 0), (0, 0, 0)),
        ((3, 5), (-2, -1, 1), (-3, -3, 2)),
        ((5, 3), (-4, -2, 2), (-6, -6, 4)),
        ((4, 5), (-6, -3, 3), (-9, -9, 6)),
        ((5, 4), (-6, -3, 3), (-9, -9, 6)),
    ];
    for ((d, p), normal, exposed) in team {
        for (want, is_exposed) in [(normal, false), (exposed, true)] {
            let sc = deal_scores(
                &place_order(d, Some(p)),
                Seat(0),
                Some(Seat(1)),
                is_exposed,
                false,
            );
            assert_eq!(
                (sc[0], sc[1], sc[2]),
                want,
                "declarer {d} partner {p} exposed {is_exposed}"
            );
            assert_eq!(sc.iter().sum::<i32>(), 0);
        }
    }
    for (place, both, d, o) in [
        (1, true, 64, -16),
        (1, false, 32, -8),
        (2, true, 0, 0),
        (3, false, 0, 0),
        (4, true, 0, 0),
        (5, true, -64, 16),
        (5, false, -32, 8),
    ] {
        let sc = deal_scores(&place_order(place, None), Seat(0), None, false, both);
        assert_eq!((sc[0], sc[1]), (d, o));
        assert_eq!(sc.iter().sum::<i32>(), 0);
    }
    assert_eq!(NORMAL.len(), 12);
    assert_eq!(EXPOSED.len(), 12);
    assert_eq!(ALONE.len(), 10);
    assert_eq!(team_row(&NORMAL, 5, 2).map(|r| r.declarer), Some(-4));
}

#[test]
fn the_beat_matrix_lists_every_combination_type() {
    let t = transcript("beat-matrix");
    assert!(t.contains("BA BA"));
    let _ = Action::Pass;
}

#[test]
fn golden_playthrough_of_one_seeded_deal() {
    use cards_core::bot::{Bot, play_out};
    use cards_core::rng::rng_from_seed;
    use cards_core::seat::PerSeat;
    use game_big_a::{Config, Event};
    let config = Config::default().single_deal();
    let mut state = BigA::new(&config, 2024).unwrap();
    let mut bots: PerSeat<Box<dyn Bot<BigA>>> = PerSeat::from_fn(5, |_| BigA::heuristic_bot());
    let mut events = Vec::new();
    play_out::<BigA, _>(
        &mut state,
        &mut bots,
        &mut rng_from_seed(1),
        Some(&mut events),
    )
    .unwrap();
    // The 108 draws are summarised by the hands at the start of play.
    let text: Vec<String> = events
        .iter()
        .filter(|e| !matches!(e, Event::Drew { .. } | Event::PickedUp { .. }))
        .map(ToString::to_string)
        .collect();
    let mut start = BigA::new(&config, 2024).unwrap();
    while start.phase() != game_big_a::Phase::Play {
        BigA::apply(&mut start, &Action::Pass).unwrap();
    }
    let hands: Vec<String> = Seat::all(5)
        .map(|s| format!("{s}: {}", start.hand(s)))
        .collect();
    insta::assert_snapshot!(
        "golden-playthrough",
        format!("{}\n{}\n", hands.join("\n"), text.join("\n"))
    );
}

#[test]
fn the_view_shows_own_hand_counts_teams_pile_and_scores() {
    let mut s = position(
        [
            "Ah Ac Ad 9c",
            "8c 8d Kd",
            "Ah 5c 5d 6c 6d Kc",
            "4c 4d Qc",
            "7c 7d 7h Jc",
        ],
        0,
        Some(2),
        0,
    );
    act(&mut s, "AA");
    act(&mut s, "777");
    act(&mut s, "capture 44");
    insta::assert_snapshot!("view-after-capture", BigA::view(&s, Seat(2)).to_string());
}
