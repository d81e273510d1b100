//! Helpers shared by the scenario tests.
#![allow(dead_code)]

use cards_core::GameConfig;
use cards_core::card::{FrenchCard, Suit};
use cards_core::game::Game;
use cards_core::seat::Seat;
use game_big_a::{Action, BigA, Config, Event, PlaySetup, State, full_pack};

/// Cards from notation, space separated.
pub fn cards(text: &str) -> Vec<FrenchCard> {
    text.split_whitespace()
        .map(|c| c.parse().expect("card"))
        .collect()
}

/// A play position: hands of S0..S4, declarer, partner, leader; Big Aces are hearts.
pub fn position(hands: [&str; 5], declarer: u8, partner: Option<u8>, leader: u8) -> State {
    let out = (0..5u8)
        .filter(|&s| hands[s as usize].trim().is_empty())
        .map(Seat)
        .collect();
    let setup = PlaySetup {
        hands: hands.map(cards),
        declarer: Seat(declarer),
        suit: Suit::Hearts,
        partner: partner.map(Seat),
        exposed: false,
        leader: Seat(leader),
        out,
    };
    let state = State::from_play(&Config::default().single_deal(), 7, &setup).expect("valid setup");
    state.validate().expect("a stated position validates");
    state
}

/// Applies an action in notation, panicking with the refusal.
pub fn act(state: &mut State, text: &str) -> Vec<Event> {
    let a: Action = text.parse().expect("notation");
    let events = BigA::apply(state, &a).unwrap_or_else(|e| panic!("{text}: {e}"));
    // Every state a scenario reaches is one that reads back (State::validate).
    if let Err(e) = state.validate() {
        panic!("after {text}, the state is refused: {e}");
    }
    events
}

/// The refusal of an action in notation.
pub fn refusal(state: &State, text: &str) -> String {
    let a: Action = text.parse().expect("notation");
    let before = state.clone();
    let mut s = state.clone();
    let e = BigA::apply(&mut s, &a).expect_err("should be refused");
    assert_eq!(s, before, "a refusal leaves the state unchanged");
    e.to_string()
}

/// Whether an action in notation is legal.
pub fn is_legal(state: &State, text: &str) -> bool {
    let a: Action = text.parse().expect("notation");
    let legal = BigA::legal_actions(state);
    assert_eq!(legal.contains(&a), BigA::check(state, &a).is_ok());
    legal.contains(&a)
}

/// A stacked pack: `placed` (position, card) pairs, the rest in face order.
pub fn stacked(placed: &[(usize, &str)]) -> Vec<FrenchCard> {
    let mut pack = full_pack();
    for (i, &(pos, card)) in placed.iter().enumerate() {
        let c: FrenchCard = card.parse().expect("card");
        let from = (0..pack.len())
            .rev()
            .find(|&j| pack[j] == c && !placed[..i].iter().any(|p| p.0 == j))
            .expect("card in pack");
        pack.swap(pos, from);
    }
    pack
}

/// A deal from a stacked pack, S0 drawing first.
pub fn from_pack(placed: &[(usize, &str)]) -> State {
    State::from_pack(
        &Config::default().single_deal(),
        3,
        Seat(0),
        &stacked(placed),
    )
    .inspect(|s| s.validate().expect("a stacked deal validates"))
    .expect("valid pack")
}
