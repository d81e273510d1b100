//! The worked examples, replayed from stated positions: insta snapshots of the narrated
//! transcripts (the same as `cards example einer-ist-immer`), and plain asserts of each fact
//! they show.

use cards_core::{Catalog, GameConfig};
use cards_core::{Game, Seat};
use game_einer_ist_immer::worked::{self, fill_deal, hands};
use game_einer_ist_immer::{
    Action, Cards, Config, EinerIstImmer, Event, LeadReason, Position, State,
};

fn c(text: &str) -> Cards {
    text.parse().unwrap()
}

fn seats(ids: &[u8]) -> Vec<Seat> {
    ids.iter().map(|&i| Seat(i)).collect()
}

fn play(state: &mut State, script: &[&str]) -> Vec<Event> {
    let mut all = Vec::new();
    for a in script {
        let a: Action = a.parse().unwrap();
        all.extend(EinerIstImmer::apply(state, &a).unwrap());
    }
    all
}

#[test]
fn every_example_replays_without_error() {
    let examples = EinerIstImmer::examples();
    assert_eq!(examples.len(), 6);
    for e in examples {
        assert!(
            !e.transcript.contains("error"),
            "{}: {}",
            e.name,
            e.transcript
        );
    }
}

#[test]
fn exchange_at_five_snapshot() {
    insta::assert_snapshot!(worked::exchange_5());
}

#[test]
fn exchange_at_five_moves_two_one_and_none() {
    let config = Config::for_players(5).unwrap();
    let given = [
        "2 3 5 6 7 8 9 10 J Q K A A",
        "2 2 4 6 6 7 9 10 J Q Q K K",
        "2 2 3 4 5 5 6 8 9 10 Q K A",
        "3 3 4 5 6 7 8 8 9 10 J J A",
        "3 4 4 5 7 7 8 9 10 J Q K A JK JK",
    ];
    let deal = fill_deal(
        &config,
        2,
        &seats(&[0, 1, 2, 3, 4]),
        Seat(0),
        &given.map(|g| Some(c(g))),
    )
    .unwrap();
    let (state, _) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    let x = state.exchanges();
    assert_eq!(x.len(), 2);
    assert_eq!((x[0].higher, x[0].lower), (Seat(0), Seat(4)));
    assert_eq!(x[0].from_higher, c("2 3"));
    assert_eq!(x[0].from_lower, c("K A"), "the Ass keeps its jokers");
    assert_eq!((x[1].higher, x[1].lower), (Seat(1), Seat(3)));
    assert_eq!(x[1].from_higher, c("2"));
    assert_eq!(x[1].from_lower, c("A"));
    assert_eq!(
        state.hand_of(Seat(2)),
        c(given[2]),
        "the middle rank swaps nothing"
    );
    assert_eq!(state.hand_of(Seat(4)).len(), 15);
    assert_eq!(state.hand_of(Seat(4)).jokers(), 2);
    assert_eq!(
        EinerIstImmer::to_move(&state),
        Some(Seat(0)),
        "the Boss leads"
    );
}

#[test]
fn exchange_at_six_snapshot() {
    insta::assert_snapshot!(worked::exchange_6());
}

#[test]
fn exchange_at_six_moves_three_two_and_one() {
    let config = Config::for_players(6).unwrap();
    let mut given = vec![None; 6];
    given[0] = Some(c("3 3 3 5 8 9 10 J Q K A JK JK"));
    given[5] = Some(c("2 4 5 6 7 8 9 10 J Q K K A A A JK"));
    let deal = fill_deal(&config, 2, &seats(&[0, 1, 2, 3, 4, 5]), Seat(0), &given).unwrap();
    assert_eq!(
        deal.hands[5].len(),
        16,
        "the Ass deals itself 13 + 3 jokers' worth"
    );
    let (state, _) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    let counts: Vec<usize> = state
        .exchanges()
        .iter()
        .map(|x| x.from_higher.len())
        .collect();
    assert_eq!(counts, [3, 2, 1]);
    let x = state.exchanges()[0];
    assert_eq!(
        x.from_higher,
        c("3 3 3"),
        "the Boss gives its lowest, not its jokers"
    );
    assert_eq!(x.from_lower, c("A A A"));
    for x in state.exchanges() {
        assert_eq!(x.from_higher.jokers() + x.from_lower.jokers(), 0);
    }
}

#[test]
fn reseating_snapshot() {
    insta::assert_snapshot!(worked::reseating());
}

#[test]
fn reseating_keeps_the_boss_chair_and_the_ass_deals_thirteen_plus_jokers() {
    let config = Config {
        hands: 2,
        ..Config::for_players(4).unwrap()
    };
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["9 J", "Q", "4 10", "-"]),
        finished: seats(&[3]),
        leader: Seat(0),
    };
    let mut state = State::from_mid_hand_position(&config, 4, &pos).unwrap();
    let events = play(&mut state, &["1x9", "1xQ", "pass", "1x4", "1xJ"]);
    assert!(events.contains(&Event::Leads {
        seat: Seat(2),
        reason: LeadReason::NextClockwise
    }));
    assert_eq!(state.rankings()[0], seats(&[3, 1, 0, 2]));
    assert_eq!(state.hand_number(), 2);
    // The Boss S3 keeps chair 3; the others follow clockwise; the Ass sits to its right.
    assert_eq!(state.chairs(), seats(&[1, 0, 2, 3]).as_slice());
    assert_eq!(state.dealer(), Seat(2));
    let dealt: Vec<(Seat, u8)> = events
        .iter()
        .filter_map(|e| match e {
            Event::Dealt { seat, count, .. } => Some((*seat, *count)),
            _ => None,
        })
        .collect();
    assert_eq!(
        dealt,
        [(Seat(3), 13), (Seat(1), 13), (Seat(0), 13), (Seat(2), 15)]
    );
    assert_eq!(EinerIstImmer::to_move(&state), Some(Seat(3)));
    let counts: Vec<usize> = state
        .exchanges()
        .iter()
        .map(|x| x.from_higher.len())
        .collect();
    assert_eq!(counts, [2, 1]);
}

#[test]
fn winner_out_hand_1_snapshot() {
    insta::assert_snapshot!(worked::winner_out_hand_1());
}

#[test]
fn in_hand_1_the_next_player_clockwise_with_cards_leads_after_a_winner_goes_out() {
    let pos = Position {
        hand: 1,
        previous_ranking: Vec::new(),
        hands: hands(&["4 4 8", "6 6 J", "Q Q", "-", "3 7 7 A"]),
        finished: seats(&[3]),
        leader: Seat(0),
    };
    let mut state = State::from_mid_hand_position(&Config::default(), 1, &pos).unwrap();
    let events = play(&mut state, &["2x4", "2x6", "2xQ", "pass"]);
    assert!(events.contains(&Event::Leads {
        seat: Seat(4),
        reason: LeadReason::NextClockwise
    }));
    assert_eq!(state.finished(), seats(&[3, 2]).as_slice());
    assert_eq!(EinerIstImmer::to_move(&state), Some(Seat(4)));
}

#[test]
fn winner_out_later_hand_snapshot() {
    insta::assert_snapshot!(worked::winner_out_later_hand());
}

#[test]
fn in_later_hands_the_direct_subordinate_leads_when_the_superior_is_out_too() {
    let pos = Position {
        hand: 2,
        previous_ranking: seats(&[0, 1, 2, 3, 4]),
        hands: hands(&["5 5 9", "-", "10 10", "4 8 8 K", "3 6 6 JK"]),
        finished: seats(&[1]),
        leader: Seat(0),
    };
    let mut state = State::from_mid_hand_position(&Config::default(), 1, &pos).unwrap();
    let events = play(&mut state, &["2x5", "2x10", "pass", "pass"]);
    assert!(events.contains(&Event::Leads {
        seat: Seat(3),
        reason: LeadReason::DirectSubordinate
    }));
    assert_eq!(EinerIstImmer::to_move(&state), Some(Seat(3)));
}

#[test]
fn complete_hand_2_snapshot() {
    insta::assert_snapshot!(worked::complete_hand_2());
}

#[test]
fn complete_hand_2_ends_the_match_with_a_full_ranking() {
    let t = worked::complete_hand_2();
    assert!(t.contains("hand 2: S2 deals"));
    assert!(t.contains("hand 2 ends: 1 "));
    assert!(t.contains("the match is over after 2 hands"));
}

#[test]
fn a_players_screen_in_hand_2_snapshot() {
    let config = Config::for_players(5).unwrap();
    let given = [
        "2 3 5 6 7 8 9 10 J Q K A A",
        "2 2 4 6 6 7 9 10 J Q Q K K",
        "2 2 3 4 5 5 6 8 9 10 Q K A",
        "3 3 4 5 6 7 8 8 9 10 J J A",
        "3 4 4 5 7 7 8 9 10 J Q K A JK JK",
    ];
    let deal = fill_deal(
        &config,
        2,
        &seats(&[0, 1, 2, 3, 4]),
        Seat(0),
        &given.map(|g| Some(c(g))),
    )
    .unwrap();
    let (mut state, _) = State::from_deal_with_exchange(&config, 1, &deal).unwrap();
    play(&mut state, &["1x5", "1x6", "pass"]);
    insta::assert_snapshot!(EinerIstImmer::view(&state, Seat(3)).to_string());
}

/// A golden playthrough: one seeded random hand at four, narrated in full, so that any rule
/// change shows up as a reviewable diff.
#[test]
fn golden_random_hand_at_four_snapshot() {
    use cards_core::bot::{RandomBot, play_out};
    use cards_core::rng::rng_from_seed;
    use cards_core::{Bot, PerSeat};
    use std::fmt::Write;
    let config = Config::for_players(4).unwrap().single_deal();
    let mut state = EinerIstImmer::new(&config, 42).unwrap();
    let mut text = String::new();
    for s in Seat::all(4) {
        writeln!(text, "{s} holds {}", state.hand_of(s)).unwrap();
    }
    let mut bots: PerSeat<Box<dyn Bot<EinerIstImmer>>> =
        PerSeat::from_fn(4, |_| Box::new(RandomBot) as Box<dyn Bot<EinerIstImmer>>);
    let mut events = Vec::new();
    let mut rng = rng_from_seed(42);
    play_out(&mut state, &mut bots, &mut rng, Some(&mut events)).unwrap();
    for e in &events {
        writeln!(text, "{e}").unwrap();
    }
    insta::assert_snapshot!(text);
}

/// The screen later in a match: a finished hand gives totals and records, a seat already out
/// shows its place and title, and the hand is one card per entry.
#[test]
fn a_players_screen_with_a_seat_out_and_match_totals_snapshot() {
    use cards_core::rng::{below, rng_from_seed};
    let config = Config {
        hands: 2,
        ..Config::for_players(4).unwrap()
    };
    let mut state = EinerIstImmer::new(&config, 7).unwrap();
    let mut rng = rng_from_seed(7);
    while state.hand_number() != 2 || state.finished().is_empty() {
        let legal = EinerIstImmer::legal_actions(&state);
        let i = below(&mut rng, legal.len() as u64) as usize;
        EinerIstImmer::apply(&mut state, &legal[i]).unwrap();
    }
    let seat = EinerIstImmer::to_move(&state).unwrap();
    let view = EinerIstImmer::view(&state, seat);
    let screen = view.screen();
    assert_eq!(screen.to_string(), view.to_string());
    assert_eq!(screen.hand.len(), state.hand_of(seat).len());
    assert_eq!(screen.seats.len(), 4);
    insta::assert_snapshot!(view.to_string());
}
