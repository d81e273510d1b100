//! The worked examples of cego.md §9 (T1-T15): narrated snapshots plus plain asserts of every
//! documented fact.

use cards_core::{Game, Seat};
use game_cego::examples::{Script, T8_DEAL, T11_DEAL, T12_DEAL};
use game_cego::{
    Action, Card, Cego, Config, Contract, Counting, Score, Stakes, counter_amount, half_points,
    parse_cards, raeuber_payments,
};

const A: Seat = Seat(0);
const B: Seat = Seat(3);
const C: Seat = Seat(2);
const D: Seat = Seat(1);

fn transcript(name: &str) -> String {
    Cego::examples()
        .into_iter()
        .find(|e| e.name == name)
        .map(|e| e.transcript)
        .unwrap_or_default()
}

fn legal(s: &Script) -> Vec<String> {
    Cego::legal_actions(&s.state)
        .iter()
        .map(ToString::to_string)
        .collect()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

#[test]
fn every_example_narrates_without_surprises() {
    let examples = Cego::examples();
    assert_eq!(examples.len(), 14);
    for e in examples {
        assert!(
            !e.transcript.contains("UNEXPECTED"),
            "{}:\n{}",
            e.name,
            e.transcript
        );
        insta::assert_snapshot!(e.name, e.transcript);
    }
}

#[test]
fn t1_a1_c_plays_two_blanks_at_factor_4() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, pass, one-card, hold, one-blank, pass, two-blanks, hold, pass");
    let d = &s.state.deal;
    assert_eq!(
        (d.contract, d.soloist),
        (Some(Contract::TwoBlanks), Some(C))
    );
    assert!(!d.after_solo);
    assert_eq!(Contract::TwoBlanks.factor(d.after_solo, true), 4);
    assert!(transcript("t1-a1").contains("S2 plays Two Blanks, factor 4"));
    assert!(transcript("t1-a1").contains("refused, forehand may not pass"));
    assert!(transcript("t1-a1").contains("refused, jump bids are not allowed"));
    assert!(transcript("t1-a1").contains("refused, Little Man needs trock 1"));
    assert!(transcript("t1-a1").contains("refused, only the holder may say hold"));
}

#[test]
fn t2_a2_b_plays_one_card_at_factor_2() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, pass, pass, pass");
    let d = &s.state.deal;
    assert_eq!((d.contract, d.soloist), (Some(Contract::OneCard), Some(B)));
    assert_eq!(Contract::OneCard.factor(false, true), 2);
}

#[test]
fn t3_a3_d_plays_piccolo_in_every_branch() {
    for answer in ["pass, pass", "hold, pass, pass"] {
        let mut s = Script::new(T8_DEAL, &Config::default());
        s.play("pass, pass, pass, pass, cego, one-card")
            .play(answer)
            .play("piccolo");
        let d = &s.state.deal;
        assert_eq!(
            (d.contract, d.soloist),
            (Some(Contract::Piccolo), Some(D)),
            "{answer}"
        );
    }
}

#[test]
fn t4_a4_forehand_is_offered_exactly_cego_or_raeuber() {
    for choice in ["cego", "raeuber"] {
        let mut s = Script::new(T8_DEAL, &Config::default());
        s.play("pass, pass, pass, pass, cego, pass, pass, pass");
        assert_eq!(legal(&s), ["cego", "raeuber"]);
        s.play(choice);
        let d = &s.state.deal;
        if choice == "cego" {
            assert_eq!((d.contract, d.soloist), (Some(Contract::Cego), Some(A)));
            assert_eq!(Contract::Cego.factor(false, true), 1);
        } else {
            assert_eq!((d.contract, d.soloist), (Some(Contract::Raeuber), None));
        }
    }
}

#[test]
fn t5_b1_c_plays_solo() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, pass, pass, pass");
    let d = &s.state.deal;
    assert_eq!((d.contract, d.soloist), (Some(Contract::Solo), Some(C)));
    assert_eq!(Contract::Solo.factor(true, true), 2);
    assert_eq!(Contract::Solo.factor(true, false), 1);
    assert!(transcript("t5-b1").contains("Piccolo cannot be bid over a solo"));
}

#[test]
fn t6_b2_c_plays_gegensolo_at_factor_2() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, solo, pass, gegensolo, pass, pass");
    let d = &s.state.deal;
    assert_eq!((d.contract, d.soloist), (Some(Contract::Cego), Some(C)));
    assert!(d.after_solo);
    assert_eq!(Contract::Cego.factor(true, true), 2);
}

#[test]
fn t7_b3_c_plays_one_card_at_factor_3() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, gegensolo, hold, pass, pass, one-card, hold, pass");
    let d = &s.state.deal;
    assert_eq!((d.contract, d.soloist), (Some(Contract::OneCard), Some(C)));
    assert!(transcript("t7-b3").contains("S2 plays One Card against a Solo, factor 3"));
}

#[test]
fn t8_the_dead_8_does_not_win_and_b_wins_with_2h() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(Contract::OneBlank));
    assert_eq!(s.state.deal.soloist, Some(A));
    s.play("expose 8c");
    assert_eq!(legal(&s), ["8c", "Kc"]);
    s.play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6, 8c, 2h");
    assert_eq!(legal(&s), ["3h", "Qh"]);
    s.play("3h");
    assert_eq!(legal(&s), ["4h", "Jh", "Rh"]);
    s.play("4h");
    let d = &s.state.deal;
    let t4 = d.history[3];
    assert_eq!(t4.winner, B);
    assert_eq!(d.to_move, B);
    assert_eq!(d.history[0].winner, A);
}

#[test]
fn t9_scoring_formula_cases() {
    let c = Config::default();
    let strict = Config {
        round_strict_next: true,
        ..Config::default()
    };
    assert_eq!(counter_amount(82, 2, &c), (true, 15));
    assert_eq!(counter_amount(58, 1, &c), (false, 10));
    assert_eq!(counter_amount(78, 4, &c), (true, 20));
    assert_eq!(counter_amount(70, 3, &c), (false, 5));
    assert_eq!(counter_amount(0, 1, &c), (false, 35));
    assert_eq!(counter_amount(80, 4, &c), (true, 20));
    assert_eq!(counter_amount(80, 4, &strict), (true, 25));
    assert_eq!(counter_amount(60, 7, &c), (false, 35));
    assert_eq!(counter_amount(72, 2, &c), (true, 5));
}

#[test]
fn t10_counting_in_threes_and_pairs() {
    let all = parse_cards(
        &Card::pack()
            .map(|c| c.to_string())
            .collect::<Vec<_>>()
            .join(" "),
    )
    .unwrap();
    assert_eq!(half_points(all, Counting::Threes), 140);
    assert_eq!(half_points(all, Counting::Pairs), 158);
    assert_eq!(
        half_points(parse_cards("Kc Qh T5 3d").unwrap(), Counting::Threes),
        16
    );
    // Any split of the pack into two piles sums to 70.
    let cards: Vec<Card> = Card::pack().collect();
    let mut x: u64 = 12345;
    for _ in 0..500 {
        let (mut p, mut q) = (game_cego::Cards::EMPTY, game_cego::Cards::EMPTY);
        for &c in &cards {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if x & 1 == 0 {
                p.insert(c);
            } else {
                q.insert(c);
            }
        }
        assert_eq!(
            half_points(p, Counting::Threes) + half_points(q, Counting::Threes),
            140
        );
    }
    let t = transcript("t9-t10-scoring");
    assert!(t.contains("Solo with one trick: Counter { half_points: 42"));
    assert!(t.contains("Solo with no trick: Counter { half_points: 0"));
}

#[test]
fn t11_two_blanks_double_lead_and_d_leads_trick_3() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(Contract::TwoBlanks));
    s.play("expose 8s, expose 7s");
    assert_eq!(s.state.deal.shown, Some(card("T2")));
    assert!(s.state.deal.legage.contains(card("T2")));
    assert_eq!(legal(&s), ["7s+8s", "8s+7s"]);
    s.play("8s+7s");
    let b = Cego::legal_actions(&s.state);
    assert_eq!(b.len(), 16);
    assert!(b.iter().all(|a| matches!(a, Action::Pair(x, y)
        if (*x == card("Ks") && y.is_trock()) || (*y == card("Ks") && x.is_trock()))));
    s.play("Ks+T3, Qs+Rs, 4h+T10");
    let d = &s.state.deal;
    assert_eq!((d.history[0].winner, d.history[1].winner), (B, D));
    assert_eq!(d.to_move, D);
}

#[test]
fn t12_two_different_tie_break_gives_clubs_and_c_leads() {
    let mut s = Script::new(T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(Contract::TwoDifferent));
    s.play("expose 4h, expose 7c");
    assert_eq!(s.state.deal.shown, Some(Card::GSTIESS));
    assert_eq!(legal(&s), ["7c+4h", "4h+7c"]);
    s.play("4h+7c, Kh+8c, 2h+Kc, Qh+Rc");
    let d = &s.state.deal;
    assert_eq!((d.history[0].winner, d.history[1].winner), (B, C));
    assert_eq!(d.to_move, C);
}

#[test]
fn t13_little_man_leads_trock_1_and_loses_it() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass, pass, pass");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::LittleMan), Some(B))
    );
    assert_eq!(legal(&s), ["T1"]);
    s.play("T1").finish();
    assert_ne!(s.state.deal.history[0].winner, B);
}

#[test]
fn t14_special_game_stakes() {
    let t = transcript("t14-special-games");
    assert!(t.contains(
        "Ulti, soloist S0 with 1 tricks, trock 1 took trick 11: payments [240, -80, -80, -80]"
    ));
    assert!(
        t.contains("Ulti, soloist S0 with 3 tricks, trock 1 lost: payments [-240, 80, 80, 80]")
    );
    assert!(t.contains("Piccolo, soloist S0 with 1 tricks: payments [90, -30, -30, -30]"));
    assert!(t.contains("Piccolo, soloist S0 with 0 tricks: payments [-90, 30, 30, 30]"));
    assert!(t.contains("Piccolo, soloist S0 with 2 tricks: payments [-90, 30, 30, 30]"));
    assert!(t.contains("Bettel, soloist S0 with 0 tricks: payments [90, -30, -30, -30]"));
}

#[test]
fn t15_raeuber_payments() {
    let p = |pts: [i32; 4]| raeuber_payments(pts.map(|x| 2 * x), 0, Stakes::Parlett);
    assert_eq!(p([14, 25, 17, 10]), [30, -90, 30, 30]);
    assert_eq!(p([30, 25, 17, 10]), [-180, 60, 60, 60]);
    assert_eq!(p([14, 25, 25, 10]), [60, -60, -60, 60]);
    assert_eq!(p([25, 25, 17, 10]), [-180, 60, 60, 60]);
    let _ = Score::Special {
        won: true,
        stake: 30,
    };
}

#[test]
fn golden_playthrough_of_a_seeded_heuristic_match() {
    use cards_core::bot::play_out;
    use cards_core::rng::rng_from_seed;
    use cards_core::{Bot, PerSeat};
    let config = Config {
        deals: 2,
        ..Config::default()
    };
    let mut state = Cego::new(&config, 2026).unwrap();
    let mut events = state.deal_events();
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |_| Cego::heuristic_bot());
    let mut rng = rng_from_seed(7);
    play_out(&mut state, &mut bots, &mut rng, Some(&mut events)).unwrap();
    let text: Vec<String> = events.iter().map(ToString::to_string).collect();
    assert_eq!(state.totals.iter().sum::<i32>(), 0);
    insta::assert_snapshot!("golden-playthrough", text.join("\n"));
}
