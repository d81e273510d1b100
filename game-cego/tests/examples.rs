//! The worked examples of cego.md §9 (T1-T15): narrated snapshots plus plain asserts of every
//! documented fact.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::{Game, Seat};
use game_cego::examples::{Script, T8_DEAL, T11_DEAL, T12_DEAL, T14_FORCED_DEAL, T14_WON_DEAL};
use game_cego::{
    Action, Card, Cego, Config, Contract, Counting, FIRST_DEALER, Position, Score, Stakes,
    counter_amount, counter_score, half_points, parse_cards, raeuber_payments, seat_of_letter,
};

/// The rule text's seats in deal 1 of a stated position (dealer [`FIRST_DEALER`]).
fn letter(l: char) -> Seat {
    seat_of_letter(l, FIRST_DEALER, 4).unwrap()
}

const A: char = 'A';
const B: char = 'B';
const C: char = 'C';
const D: char = 'D';

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
        (Some(Contract::TwoBlanks), Some(letter(C)))
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
    assert_eq!(
        (d.contract, d.soloist),
        (Some(Contract::OneCard), Some(letter(B)))
    );
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
            (Some(Contract::Piccolo), Some(letter(D))),
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
            assert_eq!(
                (d.contract, d.soloist),
                (Some(Contract::Cego), Some(letter(A)))
            );
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
    assert_eq!(
        (d.contract, d.soloist),
        (Some(Contract::Solo), Some(letter(C)))
    );
    assert_eq!(Contract::Solo.factor(true, true), 2);
    assert_eq!(Contract::Solo.factor(true, false), 1);
    assert!(transcript("t5-b1").contains("Piccolo cannot be bid over a solo"));
}

#[test]
fn t6_b2_c_plays_gegensolo_at_factor_2() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, solo, pass, gegensolo, pass, pass");
    let d = &s.state.deal;
    assert_eq!(
        (d.contract, d.soloist),
        (Some(Contract::Cego), Some(letter(C)))
    );
    assert!(d.after_solo);
    assert_eq!(Contract::Cego.factor(true, true), 2);
}

#[test]
fn t7_b3_c_plays_one_card_at_factor_3() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, solo, gegensolo, hold, pass, pass, one-card, hold, pass");
    let d = &s.state.deal;
    assert_eq!(
        (d.contract, d.soloist),
        (Some(Contract::OneCard), Some(letter(C)))
    );
    assert!(transcript("t7-b3").contains("S2 plays One Card against a Solo, factor 3"));
}

#[test]
fn t8_the_dead_8_does_not_win_and_b_wins_with_2h() {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass");
    assert_eq!(s.state.deal.contract, Some(Contract::OneBlank));
    assert_eq!(s.state.deal.soloist, Some(letter(A)));
    s.play("expose 8c");
    assert_eq!(legal(&s), ["8c", "Kc"]);
    s.play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6, 8c, 2h");
    assert_eq!(legal(&s), ["3h", "Qh"]);
    s.play("3h");
    assert_eq!(legal(&s), ["4h", "Jh", "Rh"]);
    s.play("4h");
    let d = &s.state.deal;
    let t4 = d.history[3];
    assert_eq!(t4.winner, letter(B));
    assert_eq!(d.to_move, letter(B));
    assert_eq!(d.history[0].winner, letter(A));
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
    // The narration states what the engine computes: the difference from 35 times the factor,
    // then the rounding.
    for (half, factor, config, text) in [
        (
            82,
            2,
            &c,
            "41 card points, 6 above 35; 6 x factor 2 = 12, rounded up to a multiple of 5: 15 per defender",
        ),
        (
            78,
            4,
            &c,
            "39 card points, 4 above 35; 4 x factor 4 = 16, rounded up to a multiple of 5: 20 per defender",
        ),
        (
            70,
            4,
            &c,
            "35 card points, 0 from 35; 0 x factor 4 = 0, at least 5: 5 per defender",
        ),
        (
            80,
            4,
            &c,
            "40 card points, 5 above 35; 5 x factor 4 = 20, a multiple of 5: 20 per defender",
        ),
        (
            80,
            4,
            &strict,
            "40 card points, 5 above 35; 5 x factor 4 = 20, the next multiple of 5 above: 25 per defender",
        ),
    ] {
        let how = counter_score(half, factor, config);
        assert_eq!(how.to_string(), text);
        assert!(matches!(how, Score::Counter { won, .. } if won == (half >= 72)));
    }
    let pairs = Config {
        count: Counting::Pairs,
        ..Config::default()
    };
    assert_eq!(
        counter_score(80, 2, &pairs).to_string(),
        "40 card points, ½ above 39½, counted as 1; 1 x factor 2 = 2, rounded up to a multiple of 5: 5 per defender"
    );
    let t = transcript("t9-t10-scoring");
    assert!(t.contains("Solo won 41-29: won with 41 card points, 6 above 35; 6 x factor 2 = 12, rounded up to a multiple of 5: 15 per defender"), "{t}");
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
    assert!(t.contains(
        "Solo with one trick (A the soloist): 21 card points, 14 below 35; \
         14 x factor 1 = 14, rounded up to a multiple of 5: 15 per defender; \
         payments A -45, B +15, C +15, D +15"
    ));
    assert!(t.contains("Solo with no trick (A the soloist): 0 card points, 35 below 35"));
    assert!(
        !t.contains('{') && !t.contains('['),
        "no Rust debug output: {t}"
    );
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
    assert_eq!(
        (d.trick_winner(1), d.trick_winner(2)),
        (Some(letter(B)), Some(letter(D)))
    );
    assert_eq!(d.to_move, letter(D));
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
    assert_eq!(
        (d.trick_winner(1), d.trick_winner(2)),
        (Some(letter(B)), Some(letter(C)))
    );
    assert_eq!(d.to_move, letter(C));
}

#[test]
fn t13_little_man_leads_trock_1_and_loses_it() {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass, pass, pass");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::LittleMan), Some(letter(B)))
    );
    assert_eq!(legal(&s), ["T1"]);
    s.play("T1").finish();
    assert_ne!(s.state.deal.trick_winner(1), Some(letter(B)));
}

#[test]
fn t14_special_game_stakes() {
    let t = transcript("t14-special-games");
    for line in [
        "Ulti, soloist A with 1 trick: trock 1 took trick 11, 80 per defender; payments A +240, B -80, C -80, D -80",
        "Ulti, soloist A with 3 tricks: trock 1 did not take trick 11, 80 per defender; payments A -240, B +80, C +80, D +80",
        "Piccolo, soloist A with 1 trick: 1 trick, 30 per defender; payments A +90, B -30, C -30, D -30",
        "Piccolo, soloist A with 0 tricks: 0 tricks, 30 per defender; payments A -90, B +30, C +30, D +30",
        "Piccolo, soloist A with 2 tricks: 2 tricks, 30 per defender; payments A -90, B +30, C +30, D +30",
        "Bettel, soloist A with 0 tricks: 0 tricks, 30 per defender; payments A +90, B -30, C -30, D -30",
    ] {
        assert!(t.contains(line), "{line}\n{t}");
    }
    assert!(
        !t.contains('{') && !t.contains('['),
        "no Rust debug output: {t}"
    );
}

#[test]
fn t14_ulti_won_when_trock_1_takes_trick_11() {
    let mut s = Script::new(T14_WON_DEAL, &Config::default());
    s.play("pass, ulti");
    assert_eq!(
        (s.state.deal.contract, s.state.deal.soloist),
        (Some(Contract::Ulti), Some(letter(B)))
    );
    s.play("Gs, T8, T4, T12, T21, T7, T3, T11, T20, T6, T2, T10, T19, T5, 8s, T9")
        .play("T18, 7c, 7s, Kc, T17, Ks, Kh, Qc, T16, Qs, Qh, Rc, T15, Rs, Rh, Jc")
        .play("T14, Js, Jh, 10c, T13, 10s, 1h, 9c, T1, 9s, 2h, 8c");
    assert!(!s.lines.iter().any(|l| l.contains("UNEXPECTED")));
    let d = &s.state.deal;
    assert_eq!(d.trick_winner(11), Some(letter(B)));
    assert_eq!(d.history[10].cards[0], Card::T1);
    assert!(Cego::to_move(&s.state).is_none());
    let mut expected = [-80; 4];
    expected[letter(B).index()] = 240;
    assert_eq!(s.state.totals, expected);
}

#[test]
fn t14_ulti_with_trock_1_forced_into_trick_7_is_lost() {
    let mut s = Script::new(T14_FORCED_DEAL, &Config::default());
    s.play("pass, ulti")
        .play("7s, Js, 10s, Ks, Kh, 4h, Jh, 1h, Kd, 4d, Jd, 2d, Kc, 7c, Jc, 10c")
        .play("Qs, 8s, Rs, T12, 1d, Qd, 3d, Rd, Gs");
    // Trick 7: A led the Gstiess; B holds plain cards of three suits but only one trock.
    assert_eq!(s.state.deal.trick_no, 6);
    assert_eq!(s.state.deal.to_move, letter(B));
    assert_eq!(legal(&s), ["T1"]);
    assert!(s.state.deal.hand(letter(B)).len() > 1);
    s.play("T1, T17, T13").finish();
    assert!(!s.lines.iter().any(|l| l.contains("UNEXPECTED")));
    let d = &s.state.deal;
    let seventh = d.history[6];
    assert_eq!(seventh.number, 7);
    assert_eq!(seventh.cards[1], Card::T1);
    assert_eq!(d.trick_winner(7), Some(letter(A)));
    let mut expected = [80; 4];
    expected[letter(B).index()] = -240;
    assert_eq!(s.state.totals, expected);
    let t = transcript("t14-special-games");
    assert!(t.contains("S3 may: T1\nS3 tries 9s: refused, you must follow trocks (cego.md 6.2)"));
    assert!(t.contains(
        "S3 loses Ulti, trock 1 did not take trick 11, 80 per defender: S0 +80, S1 +80, S2 +80, S3 -240"
    ));
}

/// Drives an auction in which `b`, holding Trock 1, climbs the ladder to Little Man against
/// Forehand's Holds; `None` when some Hold or raise is not open to the hand dealt.
fn bid_little_man(state: &mut game_cego::State) -> Option<()> {
    for call in ["pass", "pass", "pass", "pass", "cego"] {
        Cego::apply(state, &call.parse().ok()?).ok()?;
    }
    for rung in ["one-card", "one-blank", "two-blanks", "two-different"] {
        Cego::apply(state, &rung.parse().ok()?).ok()?;
        Cego::apply(state, &Action::Hold).ok()?;
    }
    for call in ["little-man", "pass", "pass", "pass"] {
        Cego::apply(state, &call.parse().ok()?).ok()?;
    }
    Some(())
}

#[test]
fn t13_the_little_mans_trick_is_lost_in_every_deal() {
    use cards_core::rng::{below, derive_seed, rng_from_seed};
    let config = Config::default().single_deal();
    let mut rng = rng_from_seed(13);
    let mut played = 0;
    for i in 0..3000u64 {
        // A random deal, with Trock 1 moved into B's hand (swapped with a random card of his).
        let dealt = Cego::new(&config, derive_seed(1313, i)).unwrap().deal;
        let mut p = Position {
            dealer: FIRST_DEALER,
            hands: dealt.hands,
            cego: dealt.cego,
        };
        let b = letter(B).index();
        if !p.hands[b].contains(Card::T1) {
            let pick = p.hands[b].iter().nth(below(&mut rng, 11) as usize).unwrap();
            let holder = (0..4).find(|&k| p.hands[k].contains(Card::T1));
            match holder {
                Some(k) => p.hands[k].insert(pick),
                None => p.cego.insert(pick),
            };
            for set in p.hands.iter_mut().chain([&mut p.cego]) {
                if set.contains(Card::T1) {
                    set.remove(Card::T1);
                }
            }
            p.hands[b].remove(pick);
            p.hands[b].insert(Card::T1);
        }
        let mut state = game_cego::State::from_position(&config, i, &p).unwrap();
        if bid_little_man(&mut state).is_none() {
            continue;
        }
        assert_eq!(state.deal.contract, Some(Contract::LittleMan));
        assert_eq!(Cego::legal_actions(&state), [Action::Play(Card::T1)]);
        // Trick 1 with random (legal) defender cards.
        while state.deal.trick_no == 0 {
            let legal = Cego::legal_actions(&state);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut state, &a).unwrap();
        }
        assert_ne!(state.deal.trick_winner(1), Some(letter(B)), "deal {i}");
        played += 1;
    }
    assert!(played > 1000, "only {played} deals reached Little Man");
}

#[test]
fn t15_raeuber_payments() {
    let p = |pts: [i32; 4]| raeuber_payments(pts.map(|x| 2 * x), 0, Stakes::Parlett);
    assert_eq!(p([14, 25, 17, 10]), [30, -90, 30, 30]);
    assert_eq!(p([30, 25, 17, 10]), [-180, 60, 60, 60]);
    assert_eq!(p([14, 25, 25, 10]), [60, -60, -60, 60]);
    assert_eq!(p([25, 25, 17, 10]), [-180, 60, 60, 60]);
    let t = transcript("t15-raeuber");
    assert!(t.contains(
        "card points A 14, B 25, C 17, D 10 (B highest): payments A +30, B -90, C +30, D +30"
    ));
    assert!(
        !t.contains('{') && !t.contains('['),
        "no Rust debug output: {t}"
    );
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
