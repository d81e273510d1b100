//! The rule text's worked examples, replayed from stated positions and narrated.
//!
//! Seats: the seed's players A, B, C, D, E sit so that play passes A -> B -> C -> D -> E
//! (anticlockwise): A = S0, B = S4, C = S3, D = S2, E = S1.

use std::fmt::Write as _;

use cards_core::card::{FrenchCard, Suit};
use cards_core::seat::Seat;
use cards_core::{Example, Game};

use crate::BigA;
use crate::action::{Action, Play};
use crate::event::Event;
use crate::rules::PLAYERS;
use crate::rules::{CHAIN, Combo, Config, beats};
use crate::scoring::{ALONE, EXPOSED, NORMAL, deal_scores};
use crate::state::{Phase, PlaySetup, State, full_pack};
use cards_core::GameConfig;

const NAMES: [&str; PLAYERS] = ["A", "E", "D", "C", "B"];

fn cards(text: &str) -> Vec<FrenchCard> {
    text.split_whitespace()
        .filter_map(|c| c.parse().ok())
        .collect()
}

/// A play position (Big Aces of hearts) from hands in seat order S0..S4.
fn position(hands: [&str; PLAYERS], declarer: u8, partner: Option<u8>, leader: u8) -> State {
    let out = (0..PLAYERS as u8)
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
    // A stated position of the seed's examples: always valid.
    State::from_play(&Config::default().single_deal(), 1, &setup)
        .unwrap_or_else(|e| unreachable!("worked example position: {e}"))
}

/// Plays a scripted list of actions, narrating each event with seat letters.
fn script(state: &mut State, moves: &[&str], out: &mut String) {
    for m in moves {
        let Ok(action) = m.parse::<Action>() else {
            let _ = writeln!(out, "  (unreadable {m})");
            continue;
        };
        match BigA::apply(state, &action) {
            Ok(events) => {
                for e in events {
                    let _ = writeln!(out, "  {}", lettered(&e.to_string()));
                }
            }
            Err(e) => {
                let _ = writeln!(out, "  {action} refused: {e}");
            }
        }
    }
}

fn lettered(text: &str) -> String {
    let mut s = text.to_owned();
    for (i, n) in NAMES.iter().enumerate() {
        s = s.replace(&format!("S{i}"), &format!("{n}({})", Seat(i as u8)));
    }
    s
}

fn hands(state: &State, out: &mut String) {
    for s in [0u8, 4, 3, 2, 1] {
        let h = state.hand(Seat(s));
        let _ = writeln!(out, "  {}({}) holds {}", NAMES[s as usize], Seat(s), h);
    }
}

fn legal_line(state: &State) -> String {
    BigA::legal_actions(state)
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn fours_capture() -> String {
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
    let mut out = String::from("A plays a pair of Aces, B bombs 777, C captures with 44.\n");
    hands(&s, &mut out);
    script(&mut s, &["AA", "777", "capture 44"], &mut out);
    let _ = writeln!(out, "  C(S3) now holds {}", s.hand(Seat(3)));
    let _ = writeln!(out, "  D(S2) may: {}", legal_line(&s));
    script(&mut s, &["55"], &mut out);
    out
}

fn double_sequence() -> String {
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
    let mut out = String::from("6-6-7-7-8-8 is led; B holds 7 to K in pairs.\n");
    script(&mut s, &["667788"], &mut out);
    let _ = writeln!(out, "  B(S4) may: {}", legal_line(&s));
    script(&mut s, &["88991010JJ", "778899"], &mut out);
    let p = |t: &str| t.parse::<Play>().map(|p| p.combo).ok();
    for (new, ok) in [("778899", true), ("JJQQKK", true), ("88991010JJ", false)] {
        let verdict = match (p(new), p("667788")) {
            (Some(a), Some(b)) => beats(a, b, false).is_ok(),
            _ => false,
        };
        let shown = new
            .parse::<Play>()
            .map(|p| p.to_string())
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {shown} beats 6 6 7 7 8 8: {verdict} (the seed: {})",
            if ok { "yes" } else { "no" }
        );
    }
    out
}

fn sequences() -> String {
    let mut out = String::from("Sequences run in the chain A,2,3,...,K,A.\n");
    for len in [3u8, 4] {
        let all: Vec<String> = (0..=CHAIN - len)
            .map(|start| {
                Play::plain(Combo::Run {
                    width: 1,
                    start,
                    len,
                })
                .to_string()
            })
            .collect();
        let _ = writeln!(
            out,
            "  {len}-card sequences, low to high: {}",
            all.join(" < ")
        );
    }
    out
}

fn endgame() -> String {
    let mut out = String::new();
    let mut scene = |title: &str, mut st: State, moves: &[&str]| {
        let _ = writeln!(out, "{title}");
        hands(&st, &mut out);
        script(&mut st, moves, &mut out);
        let who = BigA::to_move(&st).map_or("nobody".to_owned(), |x| {
            format!("{}({x})", NAMES[x.index()])
        });
        let _ = writeln!(out, "  next to lead: {who}");
    };
    scene(
        "1a. The declarer A plays their last card, everyone passes; partner C has shown a Big Ace:",
        position(["Kc", "4c 4d", "5c 5d", "Ah 9c 9d", "6c 6d"], 0, Some(3), 3),
        &[
            "BA", "pass", "pass", "pass", "pass", "9", "pass", "pass", "K", "pass", "pass", "pass",
            "pass",
        ],
    );
    scene(
        "1b. The same, but the partner is not known: the nearest active player to A's right leads:",
        position(["Kc", "4c 4d", "5c 5d", "Ah 9c 9d", "6c 6d"], 0, Some(3), 3),
        &["9", "pass", "pass", "K", "pass", "pass", "pass", "pass"],
    );
    scene(
        "2. The partner C plays their last card and everyone passes: the declarer A leads:",
        position(
            ["Ah 5c 5d", "4c 4d", "6c 6d", "Ah 9c", "7c 7d"],
            0,
            Some(3),
            3,
        ),
        &[
            "BA", "pass", "pass", "pass", "pass", "9", "pass", "pass", "pass", "pass",
        ],
    );
    scene(
        "3. An opponent E plays their last cards and everyone passes: the next player who has \
         not shown a Big Ace leads (A, the declarer, is skipped):",
        position(["Ah 5c 6c", "Qc Qd", "9c", "Ah 8c", "7c"], 0, Some(3), 1),
        &["QQ", "pass", "pass", "pass", "pass"],
    );
    out
}

/// A stacked pack: the given cards at the given draw positions, the rest in face order.
fn stacked(placed: &[(usize, &str)]) -> Vec<FrenchCard> {
    let mut pack = full_pack();
    for (i, &(pos, card)) in placed.iter().enumerate() {
        let Ok(c) = card.parse::<FrenchCard>() else {
            continue;
        };
        if let Some(from) = (0..pack.len())
            .rev()
            .find(|&j| pack[j] == c && !placed[..i].iter().any(|p| p.0 == j))
        {
            pack.swap(pos, from);
        }
    }
    pack
}

/// The draw of the rule text: an Ace exposed, overcalled by a pair, the rest of the draw
/// passed, the pick-up round.
fn draw() -> String {
    let mut out = String::from(
        "S0 draws first; draws go anticlockwise S0, S4, S3, S2, S1. S0's first card is As, \
         S4's first and second are Ad.\n",
    );
    // Positions: 0 = S0's first card, 1 and 6 = S4's first and second.
    let pack = stacked(&[
        (0, "As"),
        (1, "Ad"),
        (6, "Ad"),
        (2, "5c"),
        (3, "5d"),
        (4, "5h"),
    ]);
    let config = Config::default().single_deal();
    let Ok(mut s) = State::from_pack(&config, 5, Seat(0), &pack) else {
        return out;
    };
    draw_step(&mut s, "expose As", &mut out);
    draw_step(&mut s, "pass", &mut out);
    for _ in 0..4 {
        draw_step(&mut s, "pass", &mut out);
    }
    draw_step(&mut s, "expose Ad Ad", &mut out);
    let asked = pass_to_the_pick_up(&mut s, &mut out);
    let _ = writeln!(
        out,
        "  ... {asked} more answers of 'pass' (only 'pass' is left to anyone), the pick-up,"
    );
    pick_up_round(&mut s, &mut out);
    let counts: Vec<String> = Seat::all(PLAYERS)
        .map(|x| format!("{x} {}", s.hand(x).len()))
        .collect();
    let _ = writeln!(out, "  cards held: {}", counts.join(", "));
    out
}

/// One answer in the draw, narrated with what the seat could do (draws left out).
fn draw_step(s: &mut State, text: &str, out: &mut String) {
    let seat = BigA::to_move(s).unwrap_or(Seat(0));
    let legal = legal_line(s);
    let _ = writeln!(out, "  {seat} may: {legal}; chooses {text}");
    if let Ok(a) = text.parse::<Action>()
        && let Ok(events) = BigA::apply(s, &a)
    {
        for e in events.iter().filter(|e| !matches!(e, Event::Drew { .. })) {
            let _ = writeln!(out, "  {e}");
        }
    }
}

/// Passes to the end of the draw, narrating what is not a draw or a pick-up; the number of
/// answers.
fn pass_to_the_pick_up(s: &mut State, out: &mut String) -> usize {
    let mut asked = 0;
    while s.phase() == Phase::Draw {
        let Ok(events) = BigA::apply(s, &Action::Pass) else {
            break;
        };
        asked += 1;
        for e in events
            .iter()
            .filter(|e| !matches!(e, Event::Drew { .. } | Event::PickedUp { .. }))
        {
            let _ = writeln!(out, "  {e}");
        }
    }
    asked
}

/// The round after the pick-up, every seat passing, narrated to the start of play.
fn pick_up_round(s: &mut State, out: &mut String) {
    while s.phase() != Phase::Play {
        let seat = BigA::to_move(s).unwrap_or(Seat(0));
        let legal = legal_line(s);
        let _ = writeln!(out, "  after the pick-up {seat} may: {legal}");
        match BigA::apply(s, &Action::Pass) {
            Ok(events) => {
                for e in events {
                    let _ = writeln!(out, "  {e}");
                }
            }
            Err(_) => break,
        }
    }
}

fn beat_matrix() -> String {
    let reps = [
        "7",
        "BJ",
        "RJ",
        "BA",
        "99",
        "567",
        "556677",
        "888",
        "9999",
        "JJJJJ",
        "QQQQQQ",
        "BJBJ",
        "444555666",
        "44445555",
        "2222222",
        "33333333",
        "RJBJBJ",
        "RJRJBJBJ",
        "BABA",
    ];
    let combos: Vec<Combo> = reps
        .iter()
        .filter_map(|t| t.parse::<Play>().ok().map(|p| p.combo))
        .collect();
    let mut out = String::from("Row beats column (x), from the seed's rules (B7):\n");
    let _ = write!(out, "{:>20}", "");
    for (i, _) in reps.iter().enumerate() {
        let _ = write!(out, "{:>3}", i + 1);
    }
    out.push('\n');
    for (i, a) in combos.iter().enumerate() {
        let t = Play::plain(*a).to_string();
        let _ = write!(out, "{:>2} {t:>17}", i + 1);
        for b in &combos {
            let mark = if beats(*a, *b, false).is_ok() {
                "x"
            } else {
                "."
            };
            let _ = write!(out, "{mark:>3}");
        }
        out.push('\n');
    }
    out
}

fn scoring() -> String {
    let mut out = String::new();
    let seats = |d: u8, p: u8| -> Vec<Seat> {
        // Places of declarer S0 and partner S1 at d and p, opponents fill the rest.
        let mut order = vec![Seat(9); 5];
        order[d as usize - 1] = Seat(0);
        order[p as usize - 1] = Seat(1);
        let mut opp = [Seat(2), Seat(3), Seat(4)].into_iter();
        for slot in &mut order {
            if *slot == Seat(9) {
                *slot = opp.next().unwrap_or(Seat(2));
            }
        }
        order
    };
    for (name, table, exposed) in [
        ("normal", &NORMAL, false),
        ("partner exposed", &EXPOSED, true),
    ] {
        let _ = writeln!(out, "{name} table (declarer, partner, each opponent):");
        for row in table {
            let (a, b) = row.places;
            let (d, p) = match row.declarer_at {
                Some(d) if d == b => (b, a),
                _ => (a, b),
            };
            let sc = deal_scores(&seats(d, p), Seat(0), Some(Seat(1)), exposed, false);
            let _ = writeln!(
                out,
                "  {:<30} {:+} {:+} {:+}",
                row.label, sc[0], sc[1], sc[2]
            );
        }
    }
    out.push_str("declarer alone (declarer, each opponent):\n");
    for (place, both, _, _) in ALONE {
        let mut order: Vec<Seat> = (1..5).map(Seat).collect();
        order.insert(place as usize - 1, Seat(0));
        let sc = deal_scores(&order, Seat(0), None, false, both);
        let _ = writeln!(
            out,
            "  place {place}, both exposed {both:<5} {:+} {:+}",
            sc[0], sc[1]
        );
    }
    out
}

/// Every worked example.
pub fn examples() -> Vec<Example> {
    vec![
        Example {
            name: "draw",
            title: "The draw: a single Ace declares, a pair of identical Aces overcalls",
            transcript: draw(),
        },
        Example {
            name: "fours-capture",
            title: "A set of Fours captures an egg (777 taken by 44)",
            transcript: fours_capture(),
        },
        Example {
            name: "double-sequence",
            title: "6-6-7-7-8-8 beaten by 7-7-8-8-9-9 and J-J-Q-Q-K-K, not by 8-8-9-9-10-10-J-J",
            transcript: double_sequence(),
        },
        Example {
            name: "sequences",
            title: "A23 is the lowest three-card sequence, JQKA the highest four-card one",
            transcript: sequences(),
        },
        Example {
            name: "endgame",
            title: "The three endgame examples of lead passing",
            transcript: endgame(),
        },
        Example {
            name: "beat-matrix",
            title: "What beats what: one representative of every combination type",
            transcript: beat_matrix(),
        },
        Example {
            name: "scoring",
            title: "Every row of the three scoring tables",
            transcript: scoring(),
        },
    ]
}
