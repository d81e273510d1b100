//! The rule text's worked example: the six rounds of Anna, Bernd, Christian and Doris, replayed
//! from a stated position, narrated (snapshot) and checked fact by fact.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::{Game, Seat};
use game_grosse_kleine_a::example::{ACTIONS, HANDS, replay, start};
use game_grosse_kleine_a::{
    ACard, Action, ActionError, Cards, Event, GrosseKleineA, RoundKind, State, Take,
};

type G = GrosseKleineA;

const ANNA: Seat = Seat(0);
const BERND: Seat = Seat(1);
const CHRISTIAN: Seat = Seat(2);
const DORIS: Seat = Seat(3);

fn cards(text: &str) -> Cards {
    text.parse().unwrap()
}

fn legal(state: &State) -> Vec<String> {
    G::legal_actions(state)
        .iter()
        .map(ToString::to_string)
        .collect()
}

/// Plays the scripted actions `from..to`, returning the events.
fn play(state: &mut State, from: usize, to: usize) -> Vec<Event> {
    let mut events = Vec::new();
    for text in &ACTIONS[from..to] {
        let action: Action = text.parse().unwrap();
        events.extend(G::apply(state, &action).unwrap_or_else(|e| panic!("{text}: {e}")));
    }
    events
}

fn lowest_number(hand: Cards) -> u8 {
    (1..=13).find(|&r| hand.count(r) > 0).unwrap()
}

#[test]
fn the_six_rounds_are_narrated_as_the_snapshot_pins() {
    let (transcript, _) = replay();
    insta::assert_snapshot!("six_rounds", transcript);
    let examples = G::examples();
    assert_eq!(examples.len(), 2);
    assert_eq!(examples[0].transcript, transcript);
}

#[test]
fn two_tens_and_a_joker_are_three_tens_as_the_snapshot_pins() {
    let transcript = game_grosse_kleine_a::example::joker_example();
    insta::assert_snapshot!("joker", transcript);
    assert!(transcript.contains("Anna leads 10 10 J"), "{transcript}");
    assert!(transcript.contains("9 9 9 is refused"), "{transcript}");
    assert!(transcript.contains("11 11 is refused"), "{transcript}");
    assert!(
        transcript.contains("Bernd raises with 11 11 J"),
        "{transcript}"
    );
    assert_eq!(G::examples()[1].transcript, transcript);
}

#[test]
fn anna_holds_one_thirteen_the_one_she_leads_in_round_six() {
    let state = start();
    assert_eq!(state.hand_of(ANNA).count(13), 1);
    let mut state = start();
    play(&mut state, 0, ACTIONS.len());
    assert_eq!(state.hand_of(ANNA).count(13), 0);
}

#[test]
fn the_stated_position_holds_the_cards_the_text_names() {
    let state = start();
    assert_eq!(state.hand_of(DORIS).count(12), 3, "Doris has three 12s");
    assert_eq!(state.hand_of(DORIS).count(3), 4, "and four 3s");
    assert_eq!(state.hand_of(BERND).count(6), 4, "Bernd has four 6s");
    assert!(state.hand_of(ANNA).count(game_grosse_kleine_a::JOKER) >= 1);
    assert_eq!(G::to_move(&state), Some(ANNA), "Anna begins");
    for (i, h) in HANDS.iter().enumerate() {
        assert_eq!(state.hand_of(Seat(i as u8)), cards(h));
    }
}

#[test]
fn round_1_doris_wins_with_two_12s_and_takes_the_little_a() {
    let mut state = start();
    let events = play(&mut state, 0, 4);
    assert!(events.contains(&Event::RoundWon {
        seat: DORIS,
        round: 1,
        take: Take::OutOfPlay
    }));
    assert!(events.contains(&Event::TookA {
        seat: DORIS,
        card: ACard::Little
    }));
    assert_eq!(state.hand_of(DORIS).count(12), 1, "she keeps one 12");
    assert_eq!(G::to_move(&state), Some(DORIS));
}

#[test]
fn round_2_bernd_wins_with_four_6s_and_takes_the_big_a() {
    let mut state = start();
    play(&mut state, 0, 4);
    let events = play(&mut state, 4, 8);
    assert!(events.contains(&Event::Raised {
        seat: BERND,
        play: "6 6 6 6".parse().unwrap()
    }));
    assert!(events.contains(&Event::TookA {
        seat: BERND,
        card: ACard::Big
    }));
    assert_eq!(state.a_holder(ACard::Big), Some(BERND));
    assert_eq!(G::to_move(&state), Some(BERND));
}

#[test]
fn round_3_doris_wins_with_her_last_12_while_anna_keeps_her_joker() {
    let mut state = start();
    play(&mut state, 0, 8);
    let events = play(&mut state, 8, 12);
    assert!(events.contains(&Event::RoundWon {
        seat: DORIS,
        round: 3,
        take: Take::OutOfPlay
    }));
    assert_eq!(state.hand_of(DORIS).count(12), 0);
    assert_eq!(state.hand_of(ANNA).count(game_grosse_kleine_a::JOKER), 1);
}

#[test]
fn round_4_bernd_first_played_the_highest_4_and_his_pile_is_worth_10() {
    let mut state = start();
    play(&mut state, 0, 12);
    assert!(
        legal(&state).contains(&"a".to_owned()),
        "Doris may lead the a"
    );
    assert_eq!(lowest_number(state.hand_of(ANNA)), 2, "Anna's lowest card");
    assert_eq!(
        lowest_number(state.hand_of(BERND)),
        4,
        "Bernd's lowest card"
    );
    assert_eq!(state.hand_of(BERND).count(game_grosse_kleine_a::JOKER), 0);
    assert!(
        lowest_number(state.hand_of(CHRISTIAN)) < 4,
        "Christian has lower cards"
    );
    let events = play(&mut state, 12, 16);
    assert_eq!(
        events.last(),
        Some(&Event::RoundWon {
            seat: BERND,
            round: 4,
            take: Take::PenaltyPile {
                cards: cards("2 4 4 a"),
                points: 10
            }
        })
    );
    assert_eq!(state.pile_of(BERND).pile_penalty(), 10);
    assert_eq!(
        G::to_move(&state),
        Some(BERND),
        "Bernd begins the next round"
    );
}

#[test]
fn round_5_dorises_joker_counts_1_and_anna_takes_the_big_a_trick_into_hand() {
    let mut state = start();
    play(&mut state, 0, 16);
    play(&mut state, 16, 19);
    assert_eq!(
        state.round_kind(),
        RoundKind::ARound {
            card: ACard::Big,
            rank: 1,
            winner: CHRISTIAN
        },
        "Doris's joker ranks 1 and does not beat Christian's 1"
    );
    assert_eq!(
        lowest_number(state.hand_of(ANNA)),
        3,
        "Anna's lowest number"
    );

    // A11: Anna's joker was legal too, and would have handed the trick to Christian.
    assert!(legal(&state).contains(&"J".to_owned()));
    let mut other = state.clone();
    let events = G::apply(&mut other, &"J".parse().unwrap()).unwrap();
    assert!(matches!(
        events.last(),
        Some(Event::RoundWon { seat, .. }) if *seat == CHRISTIAN
    ));

    let events = play(&mut state, 19, 20);
    assert_eq!(
        events.last(),
        Some(&Event::RoundWon {
            seat: ANNA,
            round: 5,
            take: Take::IntoHand {
                cards: cards("1 3 J A")
            }
        })
    );
    assert_eq!(state.a_holder(ACard::Big), Some(ANNA));
    assert_eq!(G::to_move(&state), Some(ANNA));
}

#[test]
fn round_6_anna_may_not_lead_the_big_a_and_nobody_beats_her_13() {
    let mut state = start();
    play(&mut state, 0, 20);
    assert!(!legal(&state).contains(&"A".to_owned()));
    assert_eq!(
        G::check(&state, &"A".parse().unwrap()),
        Err(ActionError::AJustTaken { card: ACard::Big })
    );
    play(&mut state, 20, 21);
    // Doris still holds a joker that would beat the 13; she passes like the others.
    play(&mut state, 21, 23);
    assert!(legal(&state).contains(&"J".to_owned()));
    let events = play(&mut state, 23, 24);
    assert!(events.contains(&Event::RoundWon {
        seat: ANNA,
        round: 6,
        take: Take::OutOfPlay
    }));
}

#[test]
fn round_7_anna_may_lead_the_big_a() {
    let (_, state) = replay();
    assert_eq!(state.round(), 7);
    assert_eq!(G::to_move(&state), Some(ANNA));
    assert!(legal(&state).contains(&"A".to_owned()));
    assert!(G::check(&state, &"A".parse().unwrap()).is_ok());
}

#[test]
fn annas_view_before_her_turn_in_round_5() {
    let mut state = start();
    play(&mut state, 0, 19);
    insta::assert_snapshot!("anna_view_round_5", G::view(&state, ANNA).to_string());
}

/// The golden playthrough: one seeded deal, heuristic bots in seats 0 and 2, random bots in
/// seats 1 and 3, narrated in full, so that any rule change shows up as a reviewable diff.
#[test]
fn golden_playthrough_of_a_seeded_deal() {
    use cards_core::bot::play_out;
    use cards_core::{Bot, PerSeat, RandomBot};
    use game_grosse_kleine_a::Config;
    use std::fmt::Write as _;

    let config = Config::default().single_deal();
    let mut state = G::new(&config, 2026).unwrap();
    let mut text = String::new();
    for s in Seat::all(4) {
        writeln!(text, "{s} is dealt {}", state.hand_of(s)).unwrap();
    }
    writeln!(text, "{} leads", G::to_move(&state).unwrap()).unwrap();
    let mut bots: PerSeat<Box<dyn Bot<G>>> = PerSeat::from_fn(4, |s| {
        if s.0 % 2 == 0 {
            G::heuristic_bot()
        } else {
            Box::new(RandomBot)
        }
    });
    let mut events = Vec::new();
    let mut rng = cards_core::rng::rng_from_seed(7);
    play_out(&mut state, &mut bots, &mut rng, Some(&mut events)).unwrap();
    for e in &events {
        writeln!(text, "{e}").unwrap();
    }
    insta::assert_snapshot!("golden_playthrough", text);
}

/// Christian's screen in round 1 after Anna's two 5s and Bernd's 7 and joker: the shared
/// layout, the A cards still in the middle, and only his own cards.
#[test]
fn christians_screen_in_round_1() {
    let mut state = start();
    play(&mut state, 0, 2);
    let view = G::view(&state, CHRISTIAN);
    let screen = view.screen();
    assert_eq!(screen.to_string(), view.to_string());
    assert_eq!(
        screen.heading,
        "Das Grosse und das kleine A, hand 1 of 1, round 1 (normal round, 2 cards per play)"
    );
    assert_eq!(screen.hand.len(), 13);
    assert_eq!(screen.seats.len(), 4);
    insta::assert_snapshot!("christian_screen_round_1", view.to_string());
}
