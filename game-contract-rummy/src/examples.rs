//! The rule text's worked examples, replayed from stated positions and narrated.

use std::fmt::Write as _;

use cards_core::{Example, Game};

use crate::ContractRummy;
use crate::rules::{Config, ROUNDS, RoundInfo};
use crate::state::{Position, State};
use cards_core::Catalog;

/// The configuration of the examples: `players` players, the default rules, a match of the
/// single round 7 (so that the narration ends with that round's scores).
pub fn example_config(players: usize) -> Config {
    Config {
        players,
        first_round: 7,
        rounds: 1,
        ..Config::default()
    }
}

/// Plays `actions` (in notation) from `state`, narrating each with its events.
///
/// # Errors
/// The first action that does not parse or is refused, with its index.
pub fn narrate(state: &mut State, actions: &[&str], out: &mut String) -> Result<(), String> {
    for (i, text) in actions.iter().enumerate() {
        let seat = ContractRummy::to_move(state).ok_or("the match is over")?;
        let action = ContractRummy::parse_action(state, text).map_err(|e| format!("{i}: {e}"))?;
        let events = ContractRummy::apply(state, &action).map_err(|e| format!("{i}: {e}"))?;
        let _ = writeln!(out, "> {seat}: {action}");
        for e in events {
            let _ = writeln!(out, "  {e}");
        }
    }
    Ok(())
}

/// The table before the first action: round facts, melds, hands.
fn describe(state: &State, out: &mut String) {
    let _ = writeln!(out, "{}", state.round_info());
    for (i, m) in state.melds().iter().enumerate() {
        let _ = writeln!(out, "meld {} ({}): {m}", i + 1, m.owner());
    }
    for (s, h) in state.hands.iter() {
        let _ = writeln!(out, "{s} holds {h}");
    }
}

/// The seed's nine-card round: a set of three and a run of three are down; the player finishes
/// with another set of three.
pub fn nine_card_set_position() -> Position {
    Position {
        round: 7,
        dealer: 2,
        to_move: 0,
        hands: vec![
            "Qc Qd Qs".into(),
            "2c 3c 4c Kd 7s 10d Jh 6c 2d".into(),
            "3d 5c 6s 7c 10c Jd Kc 4s 8d 2s".into(),
        ],
        melds: vec![(0, "5c 5d 5s".into()), (0, "4h 5h 6h".into())],
        stock: None,
        totals: vec![],
    }
}

/// The same round, finished by adding one card to the set and two to the run.
pub fn nine_card_add_position() -> Position {
    Position {
        hands: vec![
            "5h 3h 7h".into(),
            "2c 3c 4c Kd 7s 10d Jh 6c 2d".into(),
            "3d 5c 6s 7c 10c Jd Kc 4s 8d 2s".into(),
        ],
        ..nine_card_set_position()
    }
}

/// A left-over hand with number cards, faces, an Ace, a joker and a card of the wild rank.
pub fn scoring_position() -> Position {
    Position {
        round: 7,
        dealer: 1,
        to_move: 0,
        hands: vec!["8h".into(), "4c 7d Qh Kc As Jk 9h".into()],
        melds: vec![(0, "5c 5d 5s".into()), (0, "4h 5h 6h 7h".into())],
        stock: None,
        totals: vec![],
    }
}

fn run_example(players: usize, pos: &Position, actions: &[&str], intro: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{intro}");
    let mut state = match State::from_position(&example_config(players), pos) {
        Ok(s) => s,
        Err(e) => return format!("{out}invalid position: {e}\n"),
    };
    describe(&state, &mut out);
    if let Err(e) = narrate(&mut state, actions, &mut out) {
        let _ = writeln!(out, "refused: {e}");
    }
    out
}

/// The round table: cards dealt, wild rank and allowed new-meld sizes, round by round.
pub fn round_table() -> String {
    let mut out = String::from(
        "The round table (rulings C2, C3, C5; the seed's rows 10 and 11 corrected):\n",
    );
    for r in 1..=ROUNDS {
        let _ = writeln!(out, "{}", RoundInfo::new(r));
    }
    out
}

/// The actions of the nine-card example finished with a set.
pub const NINE_CARD_SET: [&str; 4] = ["Qc Qd Qs", "2c 3c 4c", "done", "done"];
/// The actions of the nine-card example finished by adding cards.
pub const NINE_CARD_ADD: [&str; 5] = ["add 1 5h", "add 2 7h", "add 2 3h", "done", "done"];
/// The actions of the scoring example.
pub const SCORING: [&str; 2] = ["add 2 8h", "done"];

/// Every worked example.
pub fn all() -> Vec<Example> {
    vec![
        Example {
            name: "nine-card-set",
            title: "Round of nine cards: a set and a run down, finishing with another set of three",
            transcript: run_example(
                3,
                &nine_card_set_position(),
                &NINE_CARD_SET,
                "S0 has a set of three 5s and the run 4h 5h 6h down, and holds three Queens.",
            ),
        },
        Example {
            name: "nine-card-add",
            title: "Round of nine cards: finishing by adding one card to the set and two to the run",
            transcript: run_example(
                3,
                &nine_card_add_position(),
                &NINE_CARD_ADD,
                "S0 has a set of three 5s and the run 4h 5h 6h down, and holds 5h 3h 7h.",
            ),
        },
        Example {
            name: "round-table",
            title: "The eleven rounds: cards dealt, wild rank, allowed new melds",
            transcript: round_table(),
        },
        Example {
            name: "scoring",
            title: "Scoring a left-over hand: numbers, faces, an Ace, a joker, a wild-rank card",
            transcript: run_example(
                2,
                &scoring_position(),
                &SCORING,
                "Round 7 (nines wild). S0 goes out; S1 keeps 4c 7d Qh Kc As Jk 9h: \
                 4 + 7 + 10 + 10 + 25 + 25 + 9 = 90.",
            ),
        },
    ]
}
