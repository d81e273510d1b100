//! One test per rule and ruling (E1-E9, G2-G4), refused cases included.
#![allow(clippy::float_cmp)] // the values compared are exact (small dyadic or integer ratios)

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::rng::rng_from_seed;
use cards_core::{Game, Seat};
use game_einer_ist_immer::worked::{fill_deal, hands};
use game_einer_ist_immer::{
    Action, ActionError, Cards, Config, ConfigError, EinerIstImmer, Event, LeadReason, Position,
    SetupError, State, Titles, exchange_count, hand_value,
};

type G = EinerIstImmer;

fn c(text: &str) -> Cards {
    text.parse().unwrap()
}

fn a(text: &str) -> Action {
    text.parse().unwrap()
}

fn seats(ids: &[u8]) -> Vec<Seat> {
    ids.iter().map(|&i| Seat(i)).collect()
}

fn position(hand: u32, players: usize, cards: &[&str], finished: &[u8], leader: u8) -> State {
    let previous = if hand == 1 {
        Vec::new()
    } else {
        Seat::all(players).collect()
    };
    let pos = Position {
        hand,
        previous_ranking: previous,
        hands: hands(cards),
        finished: seats(finished),
        leader: Seat(leader),
    };
    State::from_mid_hand_position(&Config::for_players(players).unwrap(), 1, &pos).unwrap()
}

fn run(state: &mut State, script: &[&str]) -> Vec<Event> {
    let mut out = Vec::new();
    for s in script {
        out.extend(G::apply(state, &a(s)).unwrap());
    }
    out
}

fn refuse(state: &State, text: &str) -> ActionError {
    let mut s = state.clone();
    let e = G::apply(&mut s, &a(text)).unwrap_err();
    assert_eq!(&s, state, "a refusal leaves the state unchanged (G2)");
    e
}

#[test]
fn tables_of_three_or_eleven_players_are_refused_naming_the_range() {
    for n in [0, 3, 11] {
        let e = <G as Game>::Config::for_players(n).unwrap_err();
        assert_eq!(e, ConfigError::Players { players: n });
        assert!(e.to_string().contains("4 to 10"), "{e}");
        let bad = Config {
            players: n,
            ..Config::default()
        };
        assert!(G::new(&bad, 1).is_err());
    }
    assert!(
        <G as Game>::Config::for_players(4).is_ok() && <G as Game>::Config::for_players(10).is_ok()
    );
    let none = Config {
        hands: 0,
        ..Config::default()
    };
    assert_eq!(
        G::new(&none, 1).unwrap_err(),
        ConfigError::Hands { hands: 0 }
    );
}

#[test]
fn default_config_is_five_players_five_hands_and_round_trips_through_serde() {
    let d = Config::default();
    assert_eq!((d.players, d.hands, d.titles), (5, 5, Titles::English));
    let json = serde_json::to_string(&d).unwrap();
    assert_eq!(serde_json::from_str::<Config>(&json).unwrap(), d);
    let german: Config = serde_json::from_str(r#"{"titles":"german"}"#).unwrap();
    assert_eq!(german.titles.title(0, 5), "Boss");
    assert_eq!(german.titles.title(4, 5), "Arsch");
    assert_eq!(d.single_deal().hands, 1);
}

#[test]
fn the_pack_has_a_set_per_player_and_a_joker_per_two_players_e1() {
    for (n, jokers) in [(4, 2), (5, 2), (6, 3), (10, 5)] {
        let config = Config::for_players(n).unwrap();
        let pack = config.pack();
        assert_eq!(pack.jokers(), jokers);
        assert_eq!(pack.len(), 13 * n + usize::from(jokers));
        assert_eq!(config.pack().len(), pack.len());
    }
}

#[test]
fn hand_1_leaves_the_jokers_out_deals_13_each_and_the_dealers_left_leads_e2() {
    for seed in 0..20 {
        let s = G::new(&Config::default(), seed).unwrap();
        for seat in Seat::all(5) {
            assert_eq!(s.hand_of(seat).len(), 13);
            assert_eq!(s.hand_of(seat).jokers(), 0);
        }
        let left = Seat((s.dealer().0 + 1) % 5);
        assert_eq!(G::to_move(&s), Some(left));
        assert!(s.census().iter().filter(|c| *c == "JK").count() == 2);
    }
}

#[test]
fn jokers_are_refused_in_hand_1_e2() {
    let s = position(1, 4, &["5 6", "7 8", "9 10", "J Q"], &[], 0);
    assert_eq!(refuse(&s, "1x5+1jk"), ActionError::JokersInFirstHand);
    assert_eq!(refuse(&s, "1jk"), ActionError::JokersInFirstHand);
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["5 JK", "7", "9", "J"]),
        finished: Vec::new(),
        leader: Seat(0),
    };
    assert_eq!(
        State::from_mid_hand_position(&Config::for_players(4).unwrap(), 1, &pos).unwrap_err(),
        SetupError::JokersInFirstHand
    );
}

#[test]
fn the_leader_may_lead_any_number_of_one_rank_but_may_not_pass_e3() {
    let s = position(1, 4, &["5 5 5 9", "7 8", "9 10", "J Q"], &[], 0);
    let legal: Vec<String> = G::legal_actions(&s)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["1x5", "2x5", "3x5", "1x9"]);
    assert_eq!(refuse(&s, "pass"), ActionError::MustLead);
    assert!(matches!(refuse(&s, "2x9"), ActionError::NotHeld { .. }));
}

#[test]
fn a_play_of_the_wrong_count_is_refused_e3() {
    let mut s = position(1, 4, &["5 5 9", "7 7 8", "9 10", "J Q"], &[], 0);
    run(&mut s, &["2x5"]);
    assert_eq!(
        refuse(&s, "1x8"),
        ActionError::WrongCount { led: 2, played: 1 }
    );
    let e = refuse(&s, "1x8");
    assert!(e.to_string().contains("(E3)"), "{e}");
}

#[test]
fn an_equal_rank_does_not_beat_e3() {
    let mut s = position(1, 4, &["7 9", "7 8", "9 10", "J Q"], &[], 0);
    run(&mut s, &["1x7"]);
    assert!(matches!(refuse(&s, "1x7"), ActionError::NotHigher { .. }));
    assert!(G::check(&s, &a("1x8")).is_ok());
}

#[test]
fn every_other_player_gets_exactly_one_turn_and_the_last_to_play_wins_e3() {
    let mut s = position(1, 4, &["5 9", "7 8", "6 10", "J Q"], &[], 0);
    let mut order = Vec::new();
    for act in ["1x5", "1x7", "pass", "1xJ"] {
        order.push(G::to_move(&s).unwrap());
        run(&mut s, &[act]);
    }
    // The lap went S0, S1, S2, S3 (the leader's right last); nobody got a second turn.
    assert_eq!(order, seats(&[0, 1, 2, 3]));
    assert_eq!(
        G::to_move(&s),
        Some(Seat(3)),
        "the last to play, S3, wins and leads"
    );
    assert_eq!(refuse(&s, "pass"), ActionError::MustLead);
}

#[test]
fn a_player_who_passed_gets_no_second_turn_in_the_trick_e3() {
    let mut s = position(1, 4, &["5 9", "7 8", "6 10", "J Q"], &[], 0);
    let events = run(&mut s, &["1x5", "pass", "pass", "pass"]);
    assert!(events.contains(&Event::TrickWon {
        seat: Seat(0),
        play: "1x5".parse().unwrap()
    }));
    // S1 passed; the lap is over and the leader leads again, S1 may not now beat the 5.
    assert_eq!(G::to_move(&s), Some(Seat(0)));
}

#[test]
fn players_without_cards_get_no_turn_e3() {
    let mut s = position(1, 4, &["5 9", "-", "6 10", "J Q"], &[1], 0);
    run(&mut s, &["1x5"]);
    assert_eq!(G::to_move(&s), Some(Seat(2)));
}

#[test]
fn a_joker_joins_a_rank_and_jokers_alone_count_as_aces_e4() {
    let mut s = position(2, 5, &["4 4 K", "9 JK", "A", "3", "2"], &[], 0);
    run(&mut s, &["2x4"]);
    let legal: Vec<String> = G::legal_actions(&s)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(legal, ["pass", "1x9+1jk"]);
}

#[test]
fn a_lone_joker_beats_a_king_as_an_ace_but_not_an_ace_e4() {
    let mut s = position(2, 5, &["K 4", "JK 5", "A 6", "3 7", "2 8"], &[], 0);
    run(&mut s, &["1xK"]);
    assert!(G::legal_actions(&s).contains(&a("1jk")));
    run(&mut s, &["1jk"]);
    assert!(matches!(refuse(&s, "1xA"), ActionError::NotHigher { .. }));
}

#[test]
fn the_finishing_order_gives_the_ranks_and_the_last_holder_is_the_ass_e5() {
    let mut s = position(1, 4, &["5", "7", "9", "J"], &[], 0);
    let events = run(&mut s, &["1x5", "1x7", "1x9"]);
    assert_eq!(s.rankings()[0], seats(&[0, 1, 2, 3]));
    assert!(events.contains(&Event::WentOut {
        seat: Seat(0),
        place: 0,
        title: "Boss"
    }));
    assert_eq!(s.hand_number(), 2);
    assert_eq!(G::scores(&s).0, [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0]);
}

#[test]
fn in_hand_1_the_next_clockwise_holder_leads_after_the_winner_goes_out_e6() {
    let mut s = position(1, 5, &["4 8", "6 J", "Q", "-", "3 7"], &[3], 0);
    let e = run(&mut s, &["1x4", "1x6", "1xQ", "pass"]);
    assert!(e.contains(&Event::Leads {
        seat: Seat(4),
        reason: LeadReason::NextClockwise
    }));
}

#[test]
fn in_later_hands_the_winners_direct_superior_leads_e6() {
    let mut s = position(2, 5, &["4 8", "6 J", "Q", "9 10", "3 7"], &[], 3);
    let e = run(&mut s, &["1x9", "pass", "pass", "1xJ", "1xQ"]);
    assert!(e.contains(&Event::Leads {
        seat: Seat(1),
        reason: LeadReason::DirectSuperior
    }));
}

#[test]
fn in_later_hands_the_subordinate_leads_when_the_superior_is_out_e6() {
    let mut s = position(2, 5, &["4 8", "-", "Q", "9 10", "3 7"], &[1], 0);
    let e = run(&mut s, &["1x4", "1xQ", "pass", "pass"]);
    assert!(e.contains(&Event::Leads {
        seat: Seat(3),
        reason: LeadReason::DirectSubordinate
    }));
}

#[test]
fn in_later_hands_the_highest_ranking_holder_leads_when_both_neighbours_are_out_e6() {
    let mut s = position(2, 5, &["4 8", "-", "Q", "-", "3 7"], &[1, 3], 0);
    let e = run(&mut s, &["1x4", "1xQ", "pass"]);
    assert!(e.contains(&Event::Leads {
        seat: Seat(0),
        reason: LeadReason::HighestRanking
    }));
}

#[test]
fn later_hands_seat_by_rank_and_the_ass_deals_thirteen_each_and_the_rest_to_itself_e7() {
    let config = Config {
        hands: 2,
        ..Config::for_players(6).unwrap()
    };
    let mut s = G::new(&config, 9).unwrap();
    let mut rng = rng_from_seed(1);
    while s.hand_number() == 1 {
        let legal = G::legal_actions(&s);
        let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut s, &legal[i]).unwrap();
    }
    let ranking = s.rankings()[0].clone();
    let chairs = s.chairs();
    let boss_chair = chairs.iter().position(|&x| x == ranking[0]).unwrap();
    for (i, seat) in ranking.iter().enumerate() {
        assert_eq!(chairs[(boss_chair + i) % 6], *seat);
    }
    assert_eq!(
        chairs[(boss_chair + 5) % 6],
        ranking[5],
        "the Ass sits right of the Boss"
    );
    assert_eq!(s.dealer(), ranking[5]);
    assert_eq!(G::to_move(&s), Some(ranking[0]), "the Boss leads (E8)");
    // Counts after the exchange equal counts dealt: 13 each, the Ass 16.
    for seat in Seat::all(6) {
        let want = if seat == ranking[5] { 16 } else { 13 };
        assert_eq!(s.hand_of(seat).len(), want);
    }
}

#[test]
fn exchange_counts_for_four_five_six_and_ten_players_e8() {
    let counts = |n: usize| -> Vec<u8> { (1..=n / 2).map(|i| exchange_count(n, i)).collect() };
    assert_eq!(counts(4), [2, 1]);
    assert_eq!(counts(5), [2, 1]);
    assert_eq!(counts(6), [3, 2, 1]);
    assert_eq!(counts(10), [5, 4, 3, 2, 1]);
    assert_eq!(
        exchange_count(5, 3),
        0,
        "the middle rank of five swaps nothing"
    );
}

#[test]
fn the_exchange_gives_lowest_and_highest_naturals_chosen_from_the_hands_as_dealt_e8() {
    let config = Config::for_players(4).unwrap();
    let mut given = vec![None; 4];
    // The Boss holds three 2s and jokers; the Ass holds only Aces and jokers at the top.
    given[0] = Some(c("2 2 2 5 6 7 8 9 10 J Q JK JK"));
    given[3] = Some(c("3 3 4 5 6 7 8 9 10 J Q K A A A"));
    let ranking = seats(&[0, 1, 2, 3]);
    let deal = fill_deal(&config, 2, &ranking, Seat(0), &given).unwrap();
    let (s, events) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    let x = s.exchanges();
    assert_eq!(x[0].from_higher, c("2 2"));
    assert_eq!(x[0].from_lower, c("A A"));
    assert_eq!(x[1].from_higher.len(), 1);
    assert_eq!(s.hand_of(Seat(0)), c("2 5 6 7 8 9 10 J Q A A JK JK"));
    let exchanged = events
        .iter()
        .filter(|e| matches!(e, Event::Exchanged { .. }))
        .count();
    assert_eq!(exchanged, 4);
}

#[test]
fn ten_players_have_five_jokers_and_exchange_five_to_one() {
    let config = Config {
        hands: 2,
        ..Config::for_players(10).unwrap()
    };
    let mut s = G::new(&config, 3).unwrap();
    let mut rng = rng_from_seed(3);
    while s.hand_number() == 1 {
        let legal = G::legal_actions(&s);
        let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut s, &legal[i]).unwrap();
    }
    let counts: Vec<usize> = s.exchanges().iter().map(|x| x.from_higher.len()).collect();
    assert_eq!(counts, [5, 4, 3, 2, 1]);
    assert_eq!(config.jokers(), 5);
}

#[test]
fn hand_values_run_from_one_to_minus_one_and_sum_to_zero_e9() {
    assert_eq!(hand_value(0, 5), 1.0);
    assert_eq!(hand_value(2, 5), 0.0);
    assert_eq!(hand_value(4, 5), -1.0);
    for n in 4..=10 {
        let sum: f64 = (0..n).map(|p| hand_value(p, n)).sum();
        assert!(sum.abs() < 1e-12);
    }
    const { assert!(<G as Catalog>::ZERO_SUM) };
}

#[test]
fn a_match_runs_the_configured_number_of_hands_within_max_actions_e9() {
    let config = Config::default();
    let mut s = G::new(&config, 5).unwrap();
    let mut rng = rng_from_seed(5);
    let mut n = 0;
    while G::to_move(&s).is_some() {
        let legal = G::legal_actions(&s);
        let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut s, &legal[i]).unwrap();
        n += 1;
    }
    assert_eq!(s.rankings().len(), 5);
    assert!(n <= config.max_actions());
    assert_eq!(
        G::apply(&mut s, &a("pass")).unwrap_err(),
        ActionError::MatchOver
    );
    assert!(G::legal_actions(&s).is_empty());
}

#[test]
fn stated_deals_with_wrong_counts_or_a_card_too_many_are_refused_g4() {
    let config = Config::for_players(4).unwrap();
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["5 5 5 5 5", "7", "9", "J"]),
        finished: Vec::new(),
        leader: Seat(0),
    };
    let e = State::from_mid_hand_position(&config, 1, &pos).unwrap_err();
    assert!(matches!(e, SetupError::TooMany { card: "5", .. }), "{e}");
    let mut deal = fill_deal(&config, 1, &[], Seat(0), &[None, None, None, None]).unwrap();
    assert!(State::from_deal_with_exchange(&config, 1, &deal).is_ok());
    deal.hands[0].take(2, 1);
    assert!(matches!(
        State::from_deal_with_exchange(&config, 1, &deal).unwrap_err(),
        SetupError::DealCount { .. }
    ));
}

#[test]
fn action_notation_round_trips_and_bad_text_is_refused() {
    for t in ["pass", "1x2", "3xK", "2x10+1jk", "2jk", "1xA+3jk"] {
        assert_eq!(a(t).to_string(), t);
        let json = serde_json::to_string(&a(t)).unwrap();
        assert_eq!(json, format!("\"{t}\""));
    }
    for bad in [
        "", "x7", "0x7", "1x1", "1x11", "1x7+0jk", "0jk", "2x7+jk", "7 8", "1",
    ] {
        assert!(bad.parse::<Action>().is_err(), "{bad}");
    }
    // A play written as its cards reads as the same play (issue 29: numbers mean cards).
    for (cards, play) in [("7", "1x7"), ("jk", "1jk"), ("7 7 jk", "2x7+1jk")] {
        assert_eq!(a(cards), a(play), "{cards}");
    }
}

#[test]
fn views_show_own_hand_and_counts_and_exchanges_only_to_the_two_who_swapped() {
    let config = Config::for_players(4).unwrap();
    let deal = fill_deal(&config, 2, &seats(&[0, 1, 2, 3]), Seat(0), &[None; 4]).unwrap();
    let (s, events) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    let v1 = G::view(&s, Seat(1));
    assert_eq!(v1.hand, s.hand_of(Seat(1)));
    assert_eq!(v1.counts, [13, 13, 13, 15]);
    assert_eq!(v1.exchange.unwrap().partner, Seat(2));
    for e in &events {
        if let Event::Exchanged {
            from, to, cards, ..
        } = e
        {
            let seen = e.redact(Seat(1)).unwrap();
            let visible = matches!(seen, Event::Exchanged { cards: Some(_), .. });
            assert_eq!(visible, *from == Seat(1) || *to == Seat(1));
            assert!(cards.is_some());
        }
        if let Event::Dealt { seat, .. } = e {
            let seen = e.redact(Seat(1)).unwrap();
            let visible = matches!(seen, Event::Dealt { cards: Some(_), .. });
            assert_eq!(visible, *seat == Seat(1));
        }
    }
    let text = v1.to_string();
    assert!(text.contains("Your hand (13 cards):"), "{text}");
    assert!(text.contains("Your exchange: you gave S2"), "{text}");
    // Another seat's screen shows neither S1's exchange nor S1's cards.
    let other = G::view(&s, Seat(0));
    assert!(!other.to_string().contains("you gave S2"));
    assert_eq!(other.screen().hand.len(), s.hand_of(Seat(0)).len());
}

#[test]
fn determinize_keeps_what_the_seat_gave_in_its_exchange_with_the_partner() {
    let config = Config::for_players(4).unwrap();
    let deal = fill_deal(&config, 2, &seats(&[0, 1, 2, 3]), Seat(0), &[None; 4]).unwrap();
    let (s, _) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    let gave = s.exchanges()[0].from_higher;
    let mut rng = rng_from_seed(8);
    for _ in 0..50 {
        let d = s.determinize(Seat(0), &mut rng);
        assert_eq!(G::view(&d, Seat(0)), G::view(&s, Seat(0)));
        assert!(d.hand_of(Seat(3)).contains_all(&gave));
        // The Ass gave its highest naturals: its other naturals are at most their lowest.
        let cap = s.exchanges()[0].from_lower.lowest_natural().unwrap();
        let mut own = d.hand_of(Seat(3));
        own.take_all(&gave);
        assert!(own.highest_natural().unwrap_or(0) <= cap);
    }
}

#[test]
fn stated_hands_with_absurd_counts_are_refused_without_panicking() {
    let many = vec!["2"; 250].join(" ");
    let texts: Vec<&str> = vec![many.as_str(); 10];
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&texts),
        finished: Vec::new(),
        leader: Seat(0),
    };
    let config = Config::for_players(10).unwrap();
    assert!(matches!(
        State::from_mid_hand_position(&config, 1, &pos).unwrap_err(),
        SetupError::TooMany { card: "2", .. }
    ));
    let deal = game_einer_ist_immer::Deal {
        hand: 2,
        previous_ranking: seats(&[0, 0, 1, 2, 3, 4, 5, 6, 7, 8]),
        dealer: Seat(99),
        hands: hands(&texts),
    };
    assert_eq!(
        State::from_deal_with_exchange(&config, 1, &deal).unwrap_err(),
        SetupError::Ranking
    );
}

#[test]
#[allow(deprecated)]
fn the_old_constructor_names_still_work_as_deprecated_aliases() {
    let config = Config::for_players(4).unwrap();
    let ranking = seats(&[0, 1, 2, 3]);
    let deal = fill_deal(&config, 2, &ranking, Seat(0), &[None, None, None, None]).unwrap();
    assert_eq!(
        State::from_deal(&config, 1, &deal),
        State::from_deal_with_exchange(&config, 1, &deal)
    );
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["2 3", "4 5", "6", "7 8"]),
        finished: Vec::new(),
        leader: Seat(0),
    };
    assert_eq!(
        State::from_position(&config, 1, &pos),
        State::from_mid_hand_position(&config, 1, &pos)
    );
}

/// A stated position of a 4-player hand 1 (or, with `hand > 1`, after the ranking S0 to S3).
fn stated(hand: u32, cards: &[&str], finished: &[u8], leader: u8) -> Result<State, SetupError> {
    let pos = Position {
        hand,
        previous_ranking: if hand == 1 {
            Vec::new()
        } else {
            seats(&[0, 1, 2, 3])
        },
        hands: hands(cards),
        finished: seats(finished),
        leader: Seat(leader),
    };
    State::from_mid_hand_position(&Config::for_players(4).unwrap(), 1, &pos)
}

#[test]
fn a_stated_finishing_order_naming_a_seat_outside_the_table_is_refused_e5() {
    let e = stated(1, &["2", "3", "4", "5"], &[7], 0).unwrap_err();
    assert_eq!(e, SetupError::Finished { seat: Seat(7) });
    assert_eq!(
        e.to_string(),
        "S7 must be listed as finished exactly when its hand is empty (E5)"
    );
}

#[test]
fn a_stated_position_with_fewer_than_two_holding_cards_is_refused_e5() {
    // One holder: the hand would already be over, that holder the Ass.
    let e = stated(1, &["2", "-", "-", "-"], &[1, 2, 3], 0).unwrap_err();
    assert_eq!(e, SetupError::TooFewHolding);
    assert_eq!(
        e.to_string(),
        "at least two players must hold cards for the hand to go on (E5)"
    );
    assert_eq!(
        stated(2, &["-", "-", "-", "-"], &[3, 2, 1, 0], 0).unwrap_err(),
        SetupError::TooFewHolding
    );
    // Two holders go on.
    assert!(stated(1, &["2", "3", "-", "-"], &[2, 3], 0).is_ok());
}

#[test]
fn a_stated_leader_without_cards_or_outside_the_table_is_refused_e6() {
    let e = stated(1, &["2", "-", "4", "5"], &[1], 1).unwrap_err();
    assert_eq!(e, SetupError::Leader { seat: Seat(1) });
    assert_eq!(e.to_string(), "the leader S1 holds no cards (E6)");
    assert_eq!(
        stated(3, &["2", "3", "4", "5"], &[], 4).unwrap_err(),
        SetupError::Leader { seat: Seat(4) }
    );
}

#[test]
fn a_stated_hand_number_outside_the_match_is_refused_e9() {
    for hand in [0, 6] {
        let e = stated(hand, &["2", "3", "4", "5"], &[], 0).unwrap_err();
        assert_eq!(e, SetupError::HandNumber { hand, hands: 5 });
        assert_eq!(
            e.to_string(),
            format!("hand {hand} is outside a match of 5 hands (E9)")
        );
    }
    let config = Config::for_players(4).unwrap();
    let mut deal = fill_deal(&config, 2, &seats(&[0, 1, 2, 3]), Seat(0), &[None; 4]).unwrap();
    deal.hand = 6;
    assert_eq!(
        State::from_deal_with_exchange(&config, 1, &deal).unwrap_err(),
        SetupError::HandNumber { hand: 6, hands: 5 }
    );
}

#[test]
fn a_stated_deal_or_position_with_a_hand_count_other_than_the_players_is_refused_e1() {
    let e = stated(1, &["2", "3", "4"], &[], 0).unwrap_err();
    assert_eq!(
        e,
        SetupError::Players {
            given: 3,
            players: 4
        }
    );
    assert_eq!(e.to_string(), "3 hands given for 4 players");
    let config = Config::for_players(4).unwrap();
    let mut deal = fill_deal(&config, 1, &[], Seat(0), &[None; 4]).unwrap();
    deal.hands.push(Cards::EMPTY);
    assert_eq!(
        State::from_deal_with_exchange(&config, 1, &deal).unwrap_err(),
        SetupError::Players {
            given: 5,
            players: 4
        }
    );
}

#[test]
fn a_stated_hand_holding_slots_that_are_no_card_is_refused_g4() {
    // `Cards` is built from its public parts: slots 0 and 1 are no card of the pack. Such a
    // hand was accepted, and its holder, left with them alone, was to move with no legal action.
    let mut raw = [0u8; 16];
    raw[0] = 200;
    raw[2] = 1;
    let odd = Cards(cards_core::set::RankCounts(raw));
    let config = Config::for_players(4).unwrap();
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: vec![odd, c("3"), Cards::EMPTY, Cards::EMPTY],
        finished: seats(&[2, 3]),
        leader: Seat(0),
    };
    let e = State::from_mid_hand_position(&config, 1, &pos).unwrap_err();
    assert_eq!(
        e,
        SetupError::TooMany {
            card: "?",
            count: 200,
            pack: 0
        }
    );
    assert_eq!(
        e.to_string(),
        "card ? appears 200 times but the pack has 0 (E1, G4)"
    );
    // A single card in slot 1 of an otherwise full deal is refused the same way.
    let mut deal = fill_deal(&config, 1, &[], Seat(0), &[None; 4]).unwrap();
    deal.hands[1].take(2, 1);
    deal.hands[1].0.0[1] = 1;
    assert_eq!(deal.hands[1].len(), 13);
    assert_eq!(
        State::from_deal_with_exchange(&config, 1, &deal).unwrap_err(),
        SetupError::TooMany {
            card: "?",
            count: 1,
            pack: 0
        }
    );
}

#[test]
fn filling_a_deal_from_given_hands_holding_more_than_the_pack_is_refused_g4() {
    let config = Config::for_players(4).unwrap();
    // Four players: four fives in the pack, the jokers out of hand 1 (E1, E2).
    let given = [Some(c("5 5 5 5 5")), None, None, None];
    assert_eq!(
        fill_deal(&config, 1, &[], Seat(0), &given).unwrap_err(),
        SetupError::TooMany {
            card: "?",
            count: 5,
            pack: 52
        }
    );
    // A joker given in hand 1 is not in what is dealt.
    let given = [Some(c("5 JK")), None, None, None];
    assert!(matches!(
        fill_deal(&config, 1, &[], Seat(0), &given).unwrap_err(),
        SetupError::TooMany { card: "?", .. }
    ));
}

#[test]
fn a_play_holds_at_least_one_card_of_a_rank_2_to_ace_and_jokers_alone_are_aces_e3_e4() {
    use game_einer_ist_immer::{ACE, Play};
    // No card, a rank below 2 or above the Ace, more than 255 cards: no play.
    assert_eq!(Play::new(7, 0, 0), None);
    assert_eq!(Play::new(1, 1, 0), None);
    assert_eq!(Play::new(0, 2, 1), None);
    assert_eq!(Play::new(ACE + 1, 1, 0), None);
    assert_eq!(Play::new(7, 200, 100), None);
    // Jokers alone stand for Aces whatever rank is named (E4).
    let jokers = Play::new(5, 0, 2).unwrap();
    assert_eq!(
        (jokers.rank(), jokers.naturals(), jokers.jokers()),
        (ACE, 0, 2)
    );
    assert_eq!(jokers.to_string(), "2jk");
    // The shared climbing group is the same play.
    let play = Play::new(9, 2, 1).unwrap();
    let g = play.group();
    assert_eq!((g.rank, g.naturals, g.jokers), (9, 2, 1));
    assert_eq!(play.len(), 3);
    assert!(!play.is_empty());
}

#[test]
fn a_play_beats_only_as_many_cards_of_a_strictly_higher_rank_e3_e4() {
    use game_einer_ist_immer::Play;
    let p = |t: &str| t.parse::<Play>().unwrap();
    assert!(p("2x9").beats(p("2x8")));
    assert!(p("1x9+1jk").beats(p("2x8")));
    assert!(!p("2x8").beats(p("2x8")), "an equal rank does not beat");
    assert!(!p("2x7").beats(p("2x8")));
    assert!(!p("3x9").beats(p("2x8")), "the count must be the led count");
    assert!(!p("1x9").beats(p("2x8")));
    // A lone joker is an Ace: it beats a King, not an Ace (E4).
    assert!(p("1jk").beats(p("1xK")));
    assert!(!p("1jk").beats(p("1xA")));
    assert!(!p("1xA").beats(p("1jk")));
    // `pass` is an action but no play.
    let e = "pass".parse::<Play>().unwrap_err();
    assert_eq!(e.text, "pass");
}

#[test]
fn a_card_list_with_an_unknown_card_or_more_than_255_of_one_card_is_refused() {
    use game_einer_ist_immer::ParseCardsError;
    assert_eq!(
        "2 3 X".parse::<Cards>().unwrap_err(),
        ParseCardsError {
            token: "X".to_owned()
        }
    );
    let most = vec!["7"; 255].join(" ");
    assert_eq!(most.parse::<Cards>().unwrap().count(7), 255);
    let e = format!("{most} 7").parse::<Cards>().unwrap_err();
    assert_eq!(
        e,
        ParseCardsError {
            token: "7".to_owned()
        }
    );
    assert_eq!(
        e.to_string(),
        "invalid card \"7\" (expected 2-10, J, Q, K, A or JK, separated by spaces)"
    );
    // The same refusal reading JSON.
    let json = serde_json::to_string(&format!("{most} 7")).unwrap();
    let e = serde_json::from_str::<Cards>(&json).unwrap_err();
    assert!(e.to_string().starts_with("invalid card \"7\""), "{e}");
}

#[test]
fn taking_cards_not_all_held_changes_nothing_g2_g4() {
    let mut hand = c("5 5 9 JK");
    assert!(!hand.take_all(&c("5 5 5")));
    assert!(!hand.take_all(&c("9 JK JK")));
    assert_eq!(hand, c("5 5 9 JK"));
    assert!(hand.take_all(&c("5 JK")));
    assert_eq!(hand, c("5 9"));
    // Counts past 127 (never in a pack, but a `Cards` may hold them) compare the same.
    let many = vec!["2"; 200].join(" ").parse::<Cards>().unwrap();
    let fewer = vec!["2"; 150].join(" ").parse::<Cards>().unwrap();
    assert!(many.contains_all(&fewer));
    assert!(!fewer.contains_all(&many));
    let mut left = many;
    assert!(left.take_all(&fewer));
    assert_eq!(left.count(2), 50);
}

#[test]
fn the_opening_narrates_hand_1_jokers_set_aside_the_deal_and_the_dealers_left_leading_e2() {
    let config = Config::default();
    let state = G::new(&config, 21).unwrap();
    let (fresh, narrated) = State::new_narrated(&config, 21).unwrap();
    assert_eq!(fresh, state);
    let opening = <G as Catalog>::opening(&state);
    assert_eq!(opening, narrated);
    let dealer = state.dealer();
    let left = Seat((dealer.0 + 1) % 5);
    let lines: Vec<String> = opening.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines[0],
        format!("hand 1: {dealer} deals; seats clockwise: S0 S1 S2 S3 S4")
    );
    assert!(lines.contains(&"2 jokers are set aside for hand 1 (E2)".to_owned()));
    assert_eq!(
        lines.last().unwrap(),
        &format!("{left} leads (left of the dealer, E2)")
    );
    assert_eq!(G::to_move(&state), Some(left));
    // Another seat's deal is narrated without its cards.
    let other = opening
        .iter()
        .find(|e| matches!(e, Event::Dealt { seat, .. } if *seat == Seat(1)))
        .unwrap();
    assert_eq!(
        other.redact(Seat(0)).unwrap().to_string(),
        "S1 is dealt 13 cards"
    );
    assert!(other.to_string().starts_with("S1 is dealt 13 cards: "));
    // A state that is not a fresh match has no opening.
    let mut played = state.clone();
    let first = G::legal_actions(&played)[0];
    G::apply(&mut played, &first).unwrap();
    assert!(<G as Catalog>::opening(&played).is_empty());
}

#[test]
fn the_state_reports_the_trick_the_cards_played_and_the_points_of_a_finished_hand_e3_e9() {
    let config = Config {
        players: 4,
        hands: 2,
        ..Config::default()
    };
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["5", "7", "8", "9 9"]),
        finished: Vec::new(),
        leader: Seat(0),
    };
    let mut s = State::from_mid_hand_position(&config, 1, &pos).unwrap();
    // Hand 1 of four players: the two jokers are set aside (E1, E2).
    assert_eq!(s.set_aside(), c("JK JK"));
    run(&mut s, &["1x5", "1x7"]);
    assert_eq!(s.leader(), Seat(0));
    assert_eq!(
        s.top(),
        Some((
            Seat(1),
            "1x7".parse::<game_einer_ist_immer::Play>().unwrap()
        ))
    );
    let turns: Vec<(Seat, String)> = s
        .trick()
        .iter()
        .map(|t| (t.seat, t.action.to_string()))
        .collect();
    assert_eq!(
        turns,
        [(Seat(0), "1x5".to_owned()), (Seat(1), "1x7".to_owned())]
    );
    assert_eq!(s.played_by(), [c("5"), c("7"), c("-"), c("-")]);
    assert_eq!(s.finished(), seats(&[0, 1]));
    // S2 goes out third; S3 alone holds cards and is the Ass (E5).
    run(&mut s, &["1x8"]);
    assert_eq!(s.rankings(), [seats(&[0, 1, 2, 3])]);
    // Place p of 4 scores 3 - 2p thirds (E9).
    assert_eq!(s.points(), [3, 1, -1, -3]);
    assert_eq!(s.totals(), [1.0, 1.0 / 3.0, -1.0 / 3.0, -1.0]);
    let records = s.records();
    assert_eq!(
        records.iter().map(|r| (r.boss, r.ass)).collect::<Vec<_>>(),
        [(1, 0), (0, 0), (0, 0), (0, 1)]
    );
    assert_eq!(records[2].mean_place, 3.0);
    // Hand 2 is dealt and has seen no trick yet.
    assert_eq!(s.hand_number(), 2);
    assert!(s.trick().is_empty() && s.top().is_none());
    assert_eq!(s.set_aside(), Cards::EMPTY);
    assert!(s.played_by().iter().all(Cards::is_empty));
}

#[test]
fn records_skip_seats_outside_the_table() {
    // A ranking naming S9 at a table of four: S9 is passed over, without a panic.
    let records = game_einer_ist_immer::records(&[seats(&[1, 0, 9, 2])], 4);
    assert_eq!(records.len(), 4);
    let counts: Vec<(u32, u32, f64)> = records
        .iter()
        .map(|r| (r.boss, r.ass, r.mean_place))
        .collect();
    assert_eq!(counts, [(0, 0, 2.0), (1, 0, 1.0), (0, 1, 4.0), (0, 0, 0.0)]);
    // No finished hand: no Boss, no Ass, mean place 0.
    let none = game_einer_ist_immer::records(&[], 4);
    assert_eq!(none.len(), 4);
    assert!(
        none.iter()
            .all(|r| (r.boss, r.ass, r.mean_place) == (0, 0, 0.0))
    );
}

#[test]
fn the_catalog_names_the_pack_the_rules_and_the_options_e1_e9() {
    use cards_core::face::FaceKind;
    // Thirteen ranks 2 to Ace and the joker (E1); suits do not matter.
    let faces = <G as Catalog>::card_faces();
    let cards: Vec<&str> = faces.iter().map(|f| f.card.as_str()).collect();
    assert_eq!(
        cards,
        [
            "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "JK"
        ]
    );
    assert!(faces[..13].iter().all(|f| f.kind == FaceKind::Plain));
    assert_eq!(faces[13].kind, FaceKind::Joker);
    assert_eq!(<G as Catalog>::rules(), game_einer_ist_immer::RULES);
    for id in ["E1", "E5", "E9", "G4"] {
        assert!(<G as Catalog>::rules().contains(id), "{id}");
    }
    // Every configuration field but the player count has words: the hands (E9), the titles.
    let words = <G as Catalog>::words();
    let keys: Vec<&str> = words.options.iter().map(|o| o.key).collect();
    assert_eq!(keys, ["hands", "titles"]);
    assert_eq!(
        words.options[0].range,
        Some((1, i64::from(game_einer_ist_immer::MAX_HANDS)))
    );
    assert_eq!(words.scoring, cards_core::Scoring::Points);
}

#[test]
fn a_finished_match_shows_no_seat_to_move_and_says_the_match_is_over_e9() {
    let config = Config {
        players: 4,
        hands: 1,
        ..Config::default()
    };
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["5", "7", "-", "-"]),
        finished: seats(&[2, 3]),
        leader: Seat(0),
    };
    let mut s = State::from_mid_hand_position(&config, 1, &pos).unwrap();
    run(&mut s, &["1x5"]);
    assert_eq!(G::to_move(&s), None);
    let text = G::view(&s, Seat(1)).to_string();
    assert!(text.contains("the match is over"), "{text}");
    assert!(!G::view(&s, Seat(1)).to_string().contains("to lead"));
}
