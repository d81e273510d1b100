//! Cego for three (cego.md 10): "Remove ♣7, ♠7 and ♦4: 51 cards. Deal 13 to each player and 12
//! to the cego. Piccolo, Bettel and Räuber are not played." The removed cards count for the
//! soloist (restoring 70); discard contracts keep as many cards as at four, take the 12 cego
//! cards and reduce to 13, the Legage has 12; A's Cego with no higher bid is played as Cego.
//! One test per fact, refusals included, and the engine rulings 3P1-3P6 of the crate docs.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::GameView;
use cards_core::Search;
use cards_core::bot::play_out;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Bot, Decision, Game, PerSeat, RandomBot, Seat};
use game_cego::{
    Action, ActionError, Card, Cards, Cego, Config, Contract, Counting, Event, Phase, Position,
    Score, SetupError, State, cego_size, half_points, hand_size, parse_cards, points_in_threes,
    removed, seat_of_letter,
};

fn three() -> Config {
    <Cego as Game>::Config::for_players(3).unwrap()
}

fn card(s: &str) -> Card {
    s.parse().unwrap()
}

fn cards(s: &str) -> Cards {
    parse_cards(s).unwrap()
}

/// A stated three-player deal: hands of A, B, C (C deals, `S1`), then the cego. A = `S0`,
/// B = `S2`, C = `S1`.
const DEAL: [&str; 4] = [
    "8c 10c 9c T7 T8 T9 T10 T11 T12 T13 8s 1h 2h",
    "Qc T1 T2 Kh Ks 10s Kd 1d 2d 3h 4h Jc T3",
    "Rc T4 T5 T6 Qh Qs 9s Qd 3d Rh Jh Rs Js",
    "Kc Gs T21 T20 T19 T18 T17 T16 T15 T14 Rd Jd",
];

const A: Seat = Seat(0);
const B: Seat = Seat(2);
const C: Seat = Seat(1);

fn position(deal: [&str; 4]) -> Position {
    let [a, b, c, cego] = deal.map(cards);
    Position::from_abc([a, b, c], cego)
}

fn start(config: &Config) -> State {
    State::from_position(&config.single_deal(), 0, &position(DEAL)).unwrap()
}

/// Applies comma-separated actions, returning the events' narration.
fn play(s: &mut State, actions: &str) -> Vec<String> {
    let mut lines = Vec::new();
    for text in actions.split(',').map(str::trim).filter(|t| !t.is_empty()) {
        let a = Cego::parse_action(s, text).unwrap();
        let events = Cego::apply(s, &a).unwrap_or_else(|e| panic!("{text}: {e}"));
        lines.extend(events.iter().map(ToString::to_string));
    }
    lines
}

fn legal(s: &State) -> Vec<String> {
    Cego::legal_actions(s)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Plays the rest with the first legal action each time; the narration.
fn finish(s: &mut State) -> Vec<String> {
    let mut lines = Vec::new();
    while let Some(a) = Cego::legal_actions(s).first().copied() {
        lines.extend(Cego::apply(s, &a).unwrap().iter().map(ToString::to_string));
    }
    lines
}

// ---------- the pack and the deal ----------

#[test]
fn three_players_is_a_valid_configuration_of_the_short_pack() {
    assert_eq!(Cego::PLAYERS, 3..=5);
    let config = three();
    assert_eq!(config.players, 3);
    assert_eq!(config.seats(), 3);
    assert_eq!(config.players(), 3);
    assert_eq!((hand_size(3), cego_size(3)), (13, 12));
}

#[test]
fn the_pack_at_three_has_51_cards_without_the_clubs_and_spades_7_and_the_diamonds_4() {
    let pack = three().pack();
    assert_eq!(pack.len(), 51);
    for c in ["7c", "7s", "4d"] {
        assert!(!pack.contains(&c.to_owned()), "{c}");
    }
    assert_eq!(removed(3), cards("7c 7s 4d"));
    assert_eq!(Config::default().pack().len(), 54);
}

#[test]
fn each_player_is_dealt_13_cards_and_the_cego_12_and_no_removed_card_is_ever_dealt() {
    for g in 0..200 {
        let s = State::new(&three().single_deal(), derive_seed(1, g)).unwrap();
        let d = &s.deal;
        assert_eq!(d.seats, 3);
        let mut all = Cards::EMPTY;
        for seat in Seat::all(3) {
            assert_eq!(d.hand(seat).len(), 13);
            all = all | d.hand(seat);
        }
        assert!(d.hand(Seat(3)).is_empty());
        assert_eq!(d.cego.len(), 12);
        all = all | d.cego;
        assert_eq!(all.len(), 51);
        assert!((all & removed(3)).is_empty());
    }
}

#[test]
fn the_deal_packets_give_a_b_c_13_cards_each_then_the_cego_12_ruling_3p1() {
    // Ruling 3P1 (CG1 at three): the 51 cards are shuffled and dealt A 0-12, B 13-25,
    // C 26-38, cego 39-50; with `cego-first`, cego 0-11, then 13 each.
    let config = three().single_deal();
    let players_first = State::new(&config, 5).unwrap();
    let cego_first = State::new(
        &Config {
            deal_order: game_cego::DealOrder::CegoFirst,
            ..config.clone()
        },
        5,
    )
    .unwrap();
    // Same shuffle, other packets: the union of everything is the same 51 cards, and the
    // cego of `cego-first` is the first 12 cards, which `players-first` gives to A.
    let (p, c) = (&players_first.deal, &cego_first.deal);
    let a = p.forehand;
    assert!((c.cego - p.hand(a)).is_empty(), "A's first 12 are the cego");
    assert_eq!((p.hand(a) - c.cego).len(), 1);
}

#[test]
fn seats_are_a_b_c_with_c_dealing_and_there_is_no_d() {
    let s = start(&three());
    assert_eq!(seat_of_letter('A', Seat(1), 3), Some(A));
    assert_eq!(seat_of_letter('B', Seat(1), 3), Some(B));
    assert_eq!(seat_of_letter('C', Seat(1), 3), Some(C));
    assert_eq!(seat_of_letter('D', Seat(1), 3), None);
    assert_eq!(s.dealer(), C);
    assert_eq!(s.deal.forehand, A);
    assert_eq!(Cego::to_move(&s), Some(A));
    let lines: Vec<String> = s.deal_events().iter().map(ToString::to_string).collect();
    assert_eq!(lines[0], "deal 1: S1 deals, S0 is forehand");
    assert_eq!(lines.len(), 4, "three hands are dealt: {lines:?}");
    let hidden = s.deal_events()[2].redact(A).unwrap();
    assert_eq!(hidden.to_string(), "S2 is dealt 13 cards");
}

#[test]
fn a_stated_position_must_hold_13_cards_each_12_in_the_cego_and_no_removed_card() {
    let config = three();
    let mut p = position(DEAL);
    p.hands[0].remove(card("8c"));
    assert_eq!(
        State::from_position(&config, 0, &p).unwrap_err(),
        SetupError::HandSize {
            seat: Seat(0),
            len: 12,
            expected: 13
        }
    );
    p.hands[0].insert(card("7c"));
    let e = State::from_position(&config, 0, &p).unwrap_err();
    assert_eq!(e, SetupError::Removed(card("7c")));
    assert!(e.to_string().contains("cego.md 10"), "{e}");
    let mut p = position(DEAL);
    p.cego.remove(card("Jd"));
    assert_eq!(
        State::from_position(&config, 0, &p).unwrap_err(),
        SetupError::CegoSize {
            len: 11,
            expected: 12
        }
    );
    let mut p = position(DEAL);
    p.hands[3].insert(card("Jd"));
    assert!(matches!(
        State::from_position(&config, 0, &p).unwrap_err(),
        SetupError::HandSize {
            seat: Seat(3),
            expected: 0,
            ..
        }
    ));
    let mut p = position(DEAL);
    p.dealer = Seat(3);
    assert_eq!(
        State::from_position(&config, 0, &p).unwrap_err(),
        SetupError::Dealer(Seat(3))
    );
    // The four-player deal is refused at three, and the three-player deal at four.
    let four = game_cego::examples::position(game_cego::examples::T8_DEAL);
    assert!(State::from_position(&config, 0, &four).is_err());
    assert!(State::from_position(&Config::default(), 0, &position(DEAL)).is_err());
}

// ---------- the auction ----------

#[test]
fn piccolo_bettel_and_raeuber_are_not_played_by_three() {
    let mut s = start(&three());
    // Phase one: A, B, C each speak once.
    play(&mut s, "pass, pass");
    assert_eq!(Cego::to_move(&s), Some(C));
    play(&mut s, "pass");
    // Forehand must open with Cego: Piccolo and Bettel are not offered, and are refused
    // naming cego.md 10.
    assert_eq!(legal(&s), ["cego"]);
    for c in [Contract::Piccolo, Contract::Bettel, Contract::Raeuber] {
        let e = Cego::apply(&mut s.clone(), &Action::Bid(c)).unwrap_err();
        assert_eq!(e, ActionError::NotAtThree { contract: c });
        assert!(e.to_string().contains("cego.md 10"), "{e}");
    }
    assert_eq!(
        Cego::apply(&mut s.clone(), &Action::Pass).unwrap_err(),
        ActionError::PassAtOpening
    );
    play(&mut s, "cego");
    // An entrant may pass or raise, but not call Piccolo or Bettel.
    assert_eq!(Cego::to_move(&s), Some(B));
    assert_eq!(legal(&s), ["pass", "one-card"]);
    let before = s.clone();
    for c in [Contract::Piccolo, Contract::Bettel] {
        assert_eq!(
            Cego::apply(&mut s, &Action::Bid(c)).unwrap_err(),
            ActionError::NotAtThree { contract: c }
        );
        assert_eq!(s, before, "a refusal leaves the state unchanged");
    }
}

#[test]
fn forehands_cego_with_no_higher_bid_is_played_as_cego_without_a_raeuber_choice() {
    let mut s = start(&three());
    let lines = play(&mut s, "pass, pass, pass, cego, pass, pass");
    assert_eq!(s.deal.contract, Some(Contract::Cego));
    assert_eq!(s.deal.soloist, Some(A));
    assert_eq!(lines.last().unwrap(), "S0 plays Cego, factor 1");
    assert_eq!(
        s.deal.phase,
        Phase::Discard {
            left: 11,
            after_pickup: false
        }
    );
}

#[test]
fn a_duel_at_three_has_two_entrants() {
    let mut s = start(&three());
    play(
        &mut s,
        "pass, pass, pass, cego, one-card, hold, one-blank, pass",
    );
    // A passed: B holds One Blank; C enters last.
    assert_eq!(Cego::to_move(&s), Some(C));
    play(&mut s, "two-blanks, pass");
    assert_eq!(s.deal.contract, Some(Contract::TwoBlanks));
    assert_eq!(s.deal.soloist, Some(C));
}

#[test]
fn after_a_solo_the_other_two_enter_in_priority_order() {
    let mut s = start(&three());
    play(&mut s, "pass, solo");
    // Phase one stops; A then C enter over B's Solo.
    assert_eq!(Cego::to_move(&s), Some(A));
    assert!(!legal(&s).contains(&"piccolo".to_owned()));
    play(&mut s, "pass");
    assert_eq!(Cego::to_move(&s), Some(C));
    play(&mut s, "pass");
    assert_eq!(s.deal.contract, Some(Contract::Solo));
    assert_eq!(s.deal.soloist, Some(B));
    assert_eq!(s.deal.phase, Phase::Play);
}

// ---------- the discard contracts ----------

#[test]
fn cego_keeps_2_discards_11_takes_the_12_cego_cards_and_discards_1_more() {
    let mut s = start(&three());
    play(&mut s, "pass, pass, pass, cego, pass, pass");
    let discards = "discard 8c, discard 10c, discard 9c, discard T7, discard T8, discard T9, discard T10, discard T11, discard 8s, discard 1h, discard 2h";
    play(&mut s, discards);
    // Kept T12 T13, took the 12 cego cards: 14 in hand, one more discard.
    assert_eq!(s.deal.hand(A).len(), 14);
    assert!(s.deal.cego.is_empty());
    assert_eq!(
        s.deal.phase,
        Phase::Discard {
            left: 1,
            after_pickup: true
        }
    );
    play(&mut s, "discard Jd");
    assert_eq!(s.deal.hand(A).len(), 13);
    assert_eq!(s.deal.legage.len(), 12);
    assert_eq!(s.deal.phase, Phase::Play);
    assert_eq!(Cego::to_move(&s), Some(A));
}

#[test]
fn one_card_keeps_1_discards_12_and_takes_the_cego_to_13() {
    let mut s = start(&three());
    play(&mut s, "pass, pass, pass, cego, one-card, pass, pass");
    assert_eq!(s.deal.soloist, Some(B));
    assert_eq!(
        s.deal.phase,
        Phase::Discard {
            left: 12,
            after_pickup: false
        }
    );
    for _ in 0..12 {
        let a = Cego::legal_actions(&s)[0];
        Cego::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.deal.hand(B).len(), 13);
    assert_eq!(s.deal.legage.len(), 12);
    assert_eq!(s.deal.phase, Phase::Play);
}

#[test]
fn one_blank_and_little_man_keep_one_card_face_up_and_take_the_cego_to_13() {
    let mut s = start(&three());
    play(
        &mut s,
        "pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass",
    );
    assert_eq!(s.deal.contract, Some(Contract::OneBlank));
    assert_eq!(
        legal(&s),
        [
            "expose 8c",
            "expose 9c",
            "expose 10c",
            "expose 8s",
            "expose 2h",
            "expose 1h"
        ]
    );
    play(&mut s, "expose 8c");
    assert_eq!(s.deal.hand(A).len(), 13);
    assert_eq!(s.deal.legage.len(), 12);
    assert_eq!(s.deal.dead, cards("8c"));
    assert_eq!(legal(&s), ["8c", "Kc"]);

    // B holds Trock 1: Little Man.
    let mut s = start(&three());
    play(
        &mut s,
        "pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, little-man, pass, pass",
    );
    assert_eq!(s.deal.contract, Some(Contract::LittleMan));
    assert_eq!(s.deal.soloist, Some(B));
    assert_eq!(s.deal.hand(B).len(), 13);
    assert_eq!(s.deal.legage.len(), 12);
    assert_eq!(legal(&s), ["T1"]);
}

#[test]
fn two_blanks_discards_the_lowest_cego_trock_face_up_leaving_13_and_a_legage_of_12() {
    let mut s = start(&three());
    play(
        &mut s,
        "pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, pass, pass",
    );
    assert_eq!(s.deal.contract, Some(Contract::TwoBlanks));
    assert_eq!(s.deal.soloist, Some(B));
    play(&mut s, "expose 1d, expose 2d");
    assert_eq!(s.deal.shown, Some(card("T14")));
    assert_eq!(s.deal.hand(B).len(), 13);
    assert_eq!(s.deal.legage.len(), 12);
    assert!(s.deal.legage.contains(card("T14")));
    // The double lead: two diamonds to tricks 1 and 2 (Rd, Jd came with the cego).
    assert!(legal(&s).contains(&"Rd+Jd".to_owned()));
    // Each defender then plays a pair; A holds no diamond and plays Trocks.
    play(&mut s, "1d+2d");
    assert_eq!(Cego::to_move(&s), Some(C));
}

// ---------- play and scoring ----------

#[test]
fn a_deal_has_13_tricks_of_three_cards() {
    let mut s = start(&three());
    play(&mut s, "pass, solo, pass, pass");
    finish(&mut s);
    assert!(s.over);
    assert_eq!(s.deal.history.len(), 13);
    for t in &s.deal.history {
        assert_eq!(t.cards().len(), 3);
        assert_eq!(t.plays().count(), 3);
    }
    assert_eq!(s.deal.tricks_per_deal(), 13);
}

/// The soloist's pile (his tricks, the set-aside cards and the removed cards) and the
/// defenders' pile of a finished counter game.
fn piles(s: &State) -> (Cards, Cards) {
    let d = &s.deal;
    let solo = d.soloist.unwrap();
    let set_aside = if d.contract == Some(Contract::Solo) {
        d.cego
    } else {
        d.legage
    };
    let mut defenders = Cards::EMPTY;
    for seat in Seat::all(3).filter(|&x| x != solo) {
        defenders = defenders | d.won[seat.index()];
    }
    (d.won[solo.index()] | set_aside | removed(3), defenders)
}

#[test]
fn the_51_cards_count_69_and_the_removed_cards_credited_to_the_soloist_restore_70() {
    let pack: Cards = Card::pack().collect::<Cards>() - removed(3);
    assert_eq!(points_in_threes(pack), 69);
    assert_eq!(points_in_threes(removed(3)), 1);
    assert_eq!(points_in_threes(pack | removed(3)), 70);
    // Counted in pairs the removed cards are worth 1½: 77½ + 1½ = 79.
    assert_eq!(half_points(pack, Counting::Pairs), 155);
    assert_eq!(half_points(pack | removed(3), Counting::Pairs), 158);
}

#[test]
fn the_removed_cards_count_for_the_soloist_in_a_solo() {
    let mut s = start(&three());
    play(&mut s, "pass, solo, pass, pass");
    let mut lines = Vec::new();
    let (mut bot, mut rng) = (Cego::heuristic_bot(), rng_from_seed(1));
    while let Some(seat) = Cego::to_move(&s) {
        let legal = Cego::legal_actions(&s);
        let a = legal[bot.choose(&Decision::new(&s, seat, &legal), &mut rng)];
        lines.extend(
            Cego::apply(&mut s, &a)
                .unwrap()
                .iter()
                .map(ToString::to_string),
        );
    }
    let (solo, defenders) = piles(&s);
    assert!(s.deal.tricks_won[B.index()] > 0);
    assert_eq!(points_in_threes(solo) + points_in_threes(defenders), 70);
    let last = lines.iter().rev().nth(1).unwrap();
    let points = points_in_threes(solo);
    assert!(
        last.starts_with(&format!(
            "S2 {} Solo with {points} card points",
            if points >= 36 { "wins" } else { "loses" }
        )),
        "{last}"
    );
}

#[test]
fn a_soloist_with_no_trick_gets_nothing_the_removed_cards_included() {
    // Scoring alone: a Cego soloist at three who took no trick has 0 points: his Legage and
    // the removed cards go to the defenders with everything else (cego.md 7.1, 10).
    let f = game_cego::Finished {
        seats: 3,
        contract: Contract::Cego,
        soloist: 0,
        forehand: 0,
        after_solo: false,
        soloist_called_solo: false,
        won: [Cards::EMPTY, Cards::EMPTY, Cards::EMPTY, Cards::EMPTY],
        tricks: [0, 7, 6, 0],
        set_aside: removed(3),
        t1_took_last: false,
    };
    let (pay, how) = game_cego::score(&f, &Config::default());
    let Score::Counter {
        half_points, won, ..
    } = how
    else {
        panic!("{how:?}")
    };
    assert_eq!((half_points, won), (0, false));
    // 35 x 1 = 35 to each of the two defenders.
    assert_eq!(pay, [-70, 35, 35, 0]);
}

#[test]
fn each_of_the_two_defenders_pays_the_soloist_and_the_deal_is_zero_sum() {
    assert_eq!(game_cego::soloist_payments(1, 20, 3), [-20, 40, -20, 0]);
    assert_eq!(game_cego::soloist_payments(1, -20, 4), [20, -60, 20, 20]);
    let config = Config {
        deals: 9,
        ..three()
    };
    let mut seen = std::collections::BTreeSet::new();
    for g in 0..20 {
        let mut s = State::new(&config, derive_seed(8, g)).unwrap();
        let mut rng = rng_from_seed(g);
        let mut bot = Cego::heuristic_bot();
        let mut dealers = vec![s.dealer()];
        while let Some(seat) = Cego::to_move(&s) {
            let legal = Cego::legal_actions(&s);
            let a = legal[bot.choose(&Decision::new(&s, seat, &legal), &mut rng)];
            for e in Cego::apply(&mut s, &a).unwrap() {
                match e {
                    Event::Scored {
                        contract,
                        soloist,
                        payments,
                        ..
                    } => {
                        seen.insert(contract);
                        assert_eq!(payments.len(), 3);
                        assert_eq!(payments.iter().sum::<i32>(), 0);
                        let solo = soloist.expect("every game at three has a soloist");
                        let per = payments[(solo.index() + 1) % 3];
                        assert_eq!(payments[solo.index()], -2 * per, "{contract}");
                    }
                    Event::DealStarted { dealer, .. } => dealers.push(dealer),
                    _ => {}
                }
            }
        }
        assert!(s.validate().is_ok());
        // The deal passes to the right: each seat deals three times in nine deals.
        let expected: Vec<Seat> = (0..9)
            .map(|k| dealers[0].step(3, cards_core::Direction::Anticlockwise, k))
            .collect();
        assert_eq!(dealers, expected);
    }
    assert!(!seen.contains(&Contract::Raeuber));
    assert!(!seen.contains(&Contract::Piccolo));
    assert!(!seen.contains(&Contract::Bettel));
}

#[test]
fn ulti_at_three_is_won_only_by_taking_trick_13_with_trock_1() {
    // B holds T1; every deal in which B calls Ulti is scored on trick 13.
    let mut wins = [0, 0];
    for g in 0..400 {
        let mut s = State::new(&three().single_deal(), derive_seed(21, g)).unwrap();
        let mut rng = rng_from_seed(g);
        // Steer to Ulti where its caller may call it.
        let mut ulti = false;
        let mut scored = None;
        while let Some(seat) = Cego::to_move(&s) {
            let legal = Cego::legal_actions(&s);
            let a = if let Some(&u) = legal.iter().find(|a| **a == Action::Bid(Contract::Ulti)) {
                ulti = true;
                u
            } else {
                let mut bot = Cego::heuristic_bot();
                legal[bot.choose(&Decision::new(&s, seat, &legal), &mut rng)]
            };
            for e in Cego::apply(&mut s, &a).unwrap() {
                if let Event::Scored { score, .. } = e {
                    scored = Some(score);
                }
            }
        }
        if !ulti {
            continue;
        }
        let Some(Score::Special {
            contract: Contract::Ulti,
            won,
            last_trick,
            ..
        }) = scored
        else {
            panic!("{scored:?}")
        };
        assert_eq!(last_trick, 13);
        let last = s.deal.history.last().unwrap();
        assert_eq!(last.number, 13);
        let solo = s.deal.soloist.unwrap();
        let took = last.winner == solo && last.plays().any(|(p, c)| p == solo && c == Card::T1);
        assert_eq!(won, took);
        wins[usize::from(won)] += 1;
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
}

#[test]
fn the_gstiess_ending_at_three_lasts_up_to_four_more_deals() {
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..three()
    };
    assert_eq!(config.max_deals(), 5);
    let mut lengths = std::collections::BTreeSet::new();
    for g in 0..40 {
        let mut s = State::new(&config, derive_seed(4, g)).unwrap();
        let mut rng = rng_from_seed(g);
        while Cego::to_move(&s).is_some() {
            let legal = Cego::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
        lengths.insert(s.results.len());
        assert!((3..=5).contains(&s.results.len()));
    }
    assert!(lengths.len() >= 2, "{lengths:?}");
}

// ---------- views, bots, search hooks ----------

#[test]
fn views_at_three_hold_only_what_the_seat_may_know() {
    let mut s = start(&three());
    play(&mut s, "pass, pass, pass, cego, one-card, pass, pass");
    for _ in 0..12 {
        let a = Cego::legal_actions(&s)[0];
        Cego::apply(&mut s, &a).unwrap();
    }
    let soloist = Cego::view(&s, B);
    assert_eq!(soloist.legage.map(Cards::len), Some(12));
    assert_eq!(soloist.cego_taken.map(Cards::len), Some(12));
    assert_eq!(soloist.hand_sizes, [13, 13, 13]);
    for seat in [A, C] {
        let v = Cego::view(&s, seat);
        assert_eq!(v.legage, None);
        assert_eq!(v.cego_taken, None);
        assert_eq!(v.hand, s.deal.hand(seat));
        assert_eq!(v.totals.len(), 3);
        // Resampling what the seat does not see leaves its view unchanged.
        let d = s.determinize(seat, &mut rng_from_seed(u64::from(seat.0)));
        assert_eq!(d.validate(), Ok(()));
        assert_eq!(Cego::view(&d, seat), v);
        assert_eq!(d.deal.hand(seat), s.deal.hand(seat));
    }
    let screen = soloist.screen().to_string();
    assert!(
        screen.contains("speaking order: A=S0 B=S2 C=S1"),
        "{screen}"
    );
    assert!(screen.contains("C (dealer)"), "{screen}");
}

#[test]
fn random_and_heuristic_bots_play_whole_three_player_matches() {
    let config = Config {
        deals: 6,
        ..three()
    };
    for g in 0..20u64 {
        let mut s = State::new(&config, derive_seed(30, g)).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(3, |seat| {
            if (seat.index() as u64 + g) % 2 == 0 {
                Cego::heuristic_bot()
            } else {
                Box::new(RandomBot) as _
            }
        });
        let n = play_out(&mut s, &mut bots, &mut rng_from_seed(g), None).unwrap();
        assert!(n <= config.max_actions());
        assert!(s.over);
        assert_eq!(s.results.len(), 6);
        assert_eq!(s.totals.iter().sum::<i32>(), 0);
        assert_eq!(Cego::scores(&s).0.len(), 3);
        assert!(s.validate().is_ok());
    }
}

#[test]
fn the_search_hooks_work_at_three_players() {
    use cards_core::search::{Ismcts, IsmctsOptions};
    let config = three().single_deal();
    let mut s = State::new(&config, 12).unwrap();
    let r = Cego::rewards(&s);
    assert_eq!(r.0, [0.5, 0.5, 0.5]);
    assert_eq!(Cego::evaluate(&s).0, r.0);
    let options = IsmctsOptions {
        iterations: 200,
        ..Cego::search_defaults()
    };
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(3, |seat| {
        if seat.index() == 0 {
            Box::new(Ismcts::<Cego>::new(options.clone())) as _
        } else {
            Cego::heuristic_bot()
        }
    });
    play_out(&mut s, &mut bots, &mut rng_from_seed(1), None).unwrap();
    assert!(s.over);
    let r = Cego::rewards(&s);
    assert_eq!(r.0.len(), 3);
    assert!(r.0.iter().all(|x| (0.0..=1.0).contains(x)));
    assert!(
        (r.0.iter().sum::<f64>() - 1.5).abs() < 1e-9,
        "zero-sum totals"
    );
}

#[test]
fn determinization_at_three_agrees_with_every_seats_view_through_random_deals() {
    let config = three().single_deal();
    let mut rng = rng_from_seed(77);
    for g in 0..15 {
        let mut s = State::new(&config, derive_seed(40, g)).unwrap();
        while let Some(mover) = Cego::to_move(&s) {
            for seat in Seat::all(3) {
                let d = s.determinize(seat, &mut rng);
                assert_eq!(d.validate(), Ok(()), "game {g}");
                assert_eq!(Cego::view(&d, seat), Cego::view(&s, seat));
                assert_eq!(Cego::to_move(&d), Some(mover));
            }
            let legal = Cego::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
    }
}

#[test]
fn a_three_player_state_reads_back_and_a_four_player_deal_in_it_is_refused() {
    let mut s = start(&three());
    play(&mut s, "pass, solo, pass, pass, Ks");
    let json = serde_json::to_value(&s).unwrap();
    assert_eq!(json["deal"]["seats"], 3);
    let back: State = serde_json::from_value(json.clone()).unwrap();
    assert_eq!(back, s);
    let mut v = json.clone();
    v["deal"]["seats"] = serde_json::json!(4);
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(e.contains("by three at three players (cego.md 10)"), "{e}");
    // A removed card smuggled into a hand.
    let mut v = json;
    v["deal"]["hands"][0].as_array_mut().unwrap()[0] = serde_json::json!("7c");
    let e = serde_json::from_value::<State>(v).unwrap_err().to_string();
    assert!(e.contains("cego.md 10"), "{e}");
}
