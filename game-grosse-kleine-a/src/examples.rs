//! The rule text's worked example: six rounds of Anna, Bernd, Christian and Doris, replayed from
//! a stated position that holds exactly the cards the text names, filled so that every described
//! choice is legal and every "lowest card" statement holds (read loosely for Anna, ruling A11).

use std::fmt::Write as _;

use cards_core::{Example, Game, Seat};

use crate::GrosseKleineA;
use crate::action::Action;
use crate::cards::Cards;
use crate::rules::Config;
use crate::state::{Position, State};

/// The players' names, in seat order (Anna leads, so Doris dealt).
pub const NAMES: [&str; 4] = ["Anna", "Bernd", "Christian", "Doris"];

/// The hands of the example, in seat order.
pub const HANDS: [&str; 4] = [
    // Anna: two 5s (round 1), a joker she keeps (round 3), a 2 (round 4), a 3 (round 5),
    // one 13 (round 6: the text names one; she could raise Doris's 12 with it in round 3 but
    // passes by choice, as she does with her joker, A11); no 1 and no other 2.
    "2 3 5 5 6 7 8 9 9 10 11 13 J",
    // Bernd: a 7 and a joker (round 1), four 6s (round 2), a 10 (round 3), a 4 his lowest
    // card once the joker is gone (round 4).
    "4 6 6 6 6 7 8 9 10 11 12 13 J",
    // Christian: an 11 (round 3), a 4 with lower cards beside it (round 4), a 1 (round 5).
    "1 2 2 3 4 5 7 8 9 10 11 12 13",
    // Doris: three 12s (rounds 1 and 3), four 3s (round 2), jokers (round 5; the second one
    // would beat Anna's 13 in round 6).
    "1 2 3 3 3 3 5 8 12 12 12 J J",
];

/// The actions of the six rounds, in order.
pub const ACTIONS: [&str; 24] = [
    // Round 1: Anna, Bernd, Christian, Doris.
    "5 5", "7 J", "pass", "12 12", //
    // Round 2: Doris, Anna, Bernd, Christian.
    "3 3 3 3", "pass", "6 6 6 6", "pass", //
    // Round 3: Bernd, Christian, Doris, Anna.
    "10", "11", "12", "pass", //
    // Round 4: Doris leads the little a; Anna, Bernd, Christian.
    "a", "2", "4", "4", //
    // Round 5: Bernd leads the Big A; Christian, Doris, Anna.
    "A", "1", "J", "3", //
    // Round 6: Anna leads a 13; the others pass.
    "13", "pass", "pass", "pass",
];

/// The stated position: the four hands above, Anna to lead.
pub fn position() -> Position {
    Position::deal(
        HANDS
            .iter()
            .map(|h| h.parse::<Cards>().unwrap_or_default())
            .collect(),
        Seat(0),
    )
}

/// The example's starting state (a single-hand match of four).
///
/// # Panics
/// Never: the stated position is valid (pinned by the tests).
pub fn start() -> State {
    let config = Config {
        players: 4,
        hands: 1,
        ..Config::default()
    };
    State::from_position(&config, &position(), 0).expect("the example position is valid")
}

/// The narrated transcript of the six rounds and the state after them.
///
/// # Panics
/// Never: every scripted action is legal (pinned by the tests).
pub fn replay() -> (String, State) {
    let mut state = start();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Four players, Anna leads; the A cards lie in the middle of the table."
    );
    for (i, h) in HANDS.iter().enumerate() {
        let _ = writeln!(out, "{} holds {h}", NAMES[i]);
    }
    for text in ACTIONS {
        let action: Action = text.parse().expect("example notation");
        let events = GrosseKleineA::apply(&mut state, &action).expect("example action is legal");
        for e in events {
            let _ = writeln!(out, "{}", e.narrate(&NAMES));
        }
    }
    let legal = GrosseKleineA::legal_actions(&state);
    let leads: Vec<String> = legal.iter().map(ToString::to_string).collect();
    let _ = writeln!(
        out,
        "round 7: Anna leads again; her legal leads are: {}",
        leads.join(", ")
    );
    for (i, name) in NAMES.iter().enumerate() {
        let seat = Seat(i as u8);
        let _ = writeln!(
            out,
            "{name} now holds {} (penalty pile: {}, worth {})",
            state.hand_of(seat),
            state.pile_of(seat),
            state.pile_of(seat).pile_penalty()
        );
    }
    (out, state)
}

/// The text's joker example, "two 10 cards and a joker constitute three 10 cards" (A4):
/// narrated from a stated position in which Anna leads `10 10 J`, the next player's raises are
/// three cards above 10, and a raise of three 9s is refused.
///
/// # Panics
/// Never: the position and every scripted action are valid (pinned by the tests).
pub fn joker_example() -> String {
    let config = Config {
        players: 3,
        hands: 1,
        ..Config::default()
    };
    let hands = [
        "10 10 J 2 3 4 5 6 7 8 9 12 13",
        "11 11 9 9 9 J 1 1 2 2 3 3 4",
        "5 5 5 6 6 6 7 7 7 8 8 8 1",
    ];
    let names = ["Anna", "Bernd", "Christian"];
    let position = Position::deal(
        hands
            .iter()
            .map(|h| h.parse::<Cards>().unwrap_or_default())
            .collect(),
        Seat(0),
    );
    let mut state =
        State::from_position(&config, &position, 0).expect("the joker position is valid");
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Two 10 cards and a joker constitute three 10 cards (A4). Three players, Anna leads."
    );
    for (name, h) in names.iter().zip(hands) {
        let _ = writeln!(out, "{name} holds {h}");
    }
    let say = |state: &mut State, text: &str, out: &mut String| {
        let action: Action = text.parse().expect("example notation");
        match GrosseKleineA::apply(state, &action) {
            Ok(events) => {
                for e in events {
                    let _ = writeln!(out, "{}", e.narrate(&names));
                }
            }
            Err(e) => {
                let _ = writeln!(out, "{text} is refused: {e}");
            }
        }
    };
    say(&mut state, "10 10 J", &mut out);
    let raises: Vec<String> = GrosseKleineA::legal_actions(&state)
        .iter()
        .map(ToString::to_string)
        .collect();
    let _ = writeln!(
        out,
        "the play counts as three 10s: Bernd may pass or raise with three cards above 10: {}",
        raises.join(", ")
    );
    for text in ["9 9 9", "11 11", "11 11 J"] {
        say(&mut state, text, &mut out);
    }
    say(&mut state, "pass", &mut out);
    out
}

/// The worked examples, for `cards example grosse-kleine-a`.
pub fn examples() -> Vec<Example> {
    vec![
        Example {
            name: "six-rounds",
            title: "The six example rounds of Anna, Bernd, Christian and Doris",
            transcript: replay().0,
        },
        Example {
            name: "joker",
            title: "Two 10 cards and a joker constitute three 10 cards",
            transcript: joker_example(),
        },
    ]
}
