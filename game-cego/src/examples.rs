//! The worked examples of cego.md §9 (T1-T15), replayed from stated positions and narrated.

use std::fmt::Write as _;

use cards_core::{Example, Game};

use crate::Cego;
use crate::cards::{Card, Cards, Counting, half_points, parse_cards};
use crate::contract::Contract;
use crate::rules::Config;
use crate::scoring::{Finished, counter_score, raeuber_payments, score};
use crate::seats::{FIRST_DEALER, seat_of_letter};
use crate::state::{Position, State};
use cards_core::Catalog;
use cards_core::GameConfig;

/// A scripted replay that narrates as it goes. Refusals and surprises are written into the
/// transcript rather than panicking, so a broken engine shows up as a snapshot diff.
#[derive(Debug)]
pub struct Script {
    /// The state.
    pub state: State,
    /// The transcript so far.
    pub lines: Vec<String>,
}

fn cards(text: &str) -> Cards {
    parse_cards(text).unwrap_or_default()
}

/// The deal of T1-T8 (cego.md §9 T8), hands in speaking order A, B, C, D and the cego.
pub const T8_DEAL: [&str; 5] = [
    "8c Rc 10c 9c T7 T8 T9 T10 T11 T12 T13",
    "Qc T1 T2 Kh 1h 2h Ks 10s Kd 1d 2d",
    "Jc T3 T4 Qh 3h Qs 9s 8s Qd 3d 4d",
    "7c T5 T6 Rh Jh 4h Rs Js 7s Rd Jd",
    "Kc Gs T21 T20 T19 T18 T17 T16 T15 T14",
];

/// The deal of T11 and T13: A has five spade numerals, B one spade and Trock 1, D one Trock.
pub const T11_DEAL: [&str; 5] = [
    "Js 10s 9s 8s 7s Kc Qc Rc Jc 10c 9c",
    "Ks T1 T3 T4 T5 T6 T7 T8 T9 2d 3d",
    "Qs Rs 8c 7c 4d T17 T18 T19 T20 T21 Gs",
    "T10 Jh 1h 2h 3h 4h Kd Qd Rd Jd 1d",
    "T2 T11 T12 T13 T14 T15 T16 Kh Qh Rh",
];

/// The deal of T12: A holds 4h and 7c, the cego holds the Gstieß.
pub const T12_DEAL: [&str; 5] = [
    "4h 7c Ks Qs Rs Js 10s 9s 8s 7s Kd",
    "Kh 3h 8c 9c T1 T2 T3 T4 T5 T6 T7",
    "Kc 2h Qc T8 T9 T10 T11 T12 T13 T14 Qd",
    "Rh Jh Qh Rc Jc Rd Jd 1d 2d 3d 4d",
    "Gs T21 T20 T19 T18 T17 T16 T15 1h 10c",
];

/// A position from five card lists (A, B, C, D, cego).
pub fn position(deal: [&str; 5]) -> Position {
    let [a, b, c, d, cego] = deal.map(cards);
    Position::from_abcd([a, b, c, d], cego)
}

impl Script {
    /// Starts a one-deal match from a stated position and narrates the deal.
    pub fn new(deal: [&str; 5], config: &Config) -> Script {
        let config = config.single_deal();
        let seat = |l: char| {
            seat_of_letter(l, FIRST_DEALER, 4).map_or_else(|| "-".to_owned(), |s| s.to_string())
        };
        let mut lines = vec![format!(
            "seats: A = {} (forehand), B = {}, C = {}, D = {} (dealer)",
            seat('A'),
            seat('B'),
            seat('C'),
            seat('D')
        )];
        let state = match State::from_position(&config, 0, &position(deal)) {
            Ok(s) => s,
            Err(e) => {
                lines.push(format!("position refused: {e}"));
                // A fallback that never fails: a dealt match.
                State::new(&Config::default(), 0).unwrap_or_else(|_| unreachable!())
            }
        };
        lines.extend(state.deal_events().iter().map(ToString::to_string));
        Script { state, lines }
    }

    /// Applies each action (notation) in turn, narrating the events.
    pub fn play(&mut self, actions: &str) -> &mut Self {
        for text in actions.split(',').map(str::trim).filter(|t| !t.is_empty()) {
            match Cego::parse_action(&self.state, text) {
                Ok(a) => match Cego::apply(&mut self.state, &a) {
                    Ok(events) => self.lines.extend(events.iter().map(ToString::to_string)),
                    Err(e) => self
                        .lines
                        .push(format!("UNEXPECTED refusal of {text}: {e}")),
                },
                Err(e) => self
                    .lines
                    .push(format!("UNEXPECTED unreadable {text}: {e}")),
            }
        }
        self
    }

    /// Tries an action that the rules refuse, and narrates the refusal.
    pub fn refuse(&mut self, text: &str) -> &mut Self {
        let seat = Cego::to_move(&self.state).map_or("-".to_owned(), |s| s.to_string());
        match Cego::parse_action(&self.state, text) {
            Ok(a) => match Cego::check(&self.state, &a) {
                Err(e) => self
                    .lines
                    .push(format!("{seat} tries {text}: refused, {e}")),
                Ok(()) => self.lines.push(format!("UNEXPECTED: {text} is legal")),
            },
            Err(e) => self
                .lines
                .push(format!("{seat} tries {text}: unreadable, {e}")),
        }
        self
    }

    /// Narrates the legal actions of the seat to move.
    pub fn legal(&mut self) -> &mut Self {
        let seat = Cego::to_move(&self.state).map_or("-".to_owned(), |s| s.to_string());
        let legal: Vec<String> = Cego::legal_actions(&self.state)
            .iter()
            .map(ToString::to_string)
            .collect();
        self.lines
            .push(format!("{seat} may: {}", legal.join(" | ")));
        self
    }

    /// Plays the rest of the match with the first legal action each time.
    pub fn finish(&mut self) -> &mut Self {
        let mut n = 0;
        while let Some(a) = Cego::legal_actions(&self.state).first().copied() {
            self.play(&a.to_string());
            n += 1;
            if n > 500 {
                break;
            }
        }
        self
    }

    /// Adds a line of commentary.
    pub fn note(&mut self, text: &str) -> &mut Self {
        self.lines.push(format!("-- {text}"));
        self
    }

    /// The transcript.
    pub fn transcript(&self) -> String {
        let mut s = self.lines.join("\n");
        s.push('\n');
        s
    }
}

fn auction(name: &'static str, title: &'static str, f: impl FnOnce(&mut Script)) -> Example {
    let mut s = Script::new(T8_DEAL, &Config::default());
    f(&mut s);
    Example {
        name,
        title,
        transcript: s.transcript(),
    }
}

fn t1() -> Example {
    auction("t1-a1", "T1: bidding (a1), C plays Two Blanks", |s| {
        s.play("pass, pass, pass, pass")
            .refuse("pass")
            .play("cego")
            .refuse("hold")
            .play("pass")
            .refuse("one-blank")
            .refuse("little-man")
            .play("one-card, hold, one-blank, pass, two-blanks, hold, pass");
    })
}

fn t2() -> Example {
    auction("t2-a2", "T2: bidding (a2), B plays One Card", |s| {
        s.play("pass, pass, pass, pass, cego, one-card, pass, pass, pass");
    })
}

fn t3() -> Example {
    auction("t3-a3", "T3: bidding (a3), D plays Piccolo (CG5)", |s| {
        s.play("pass, pass, pass, pass, cego, one-card, pass, pass, piccolo");
    })
}

fn t4() -> Example {
    auction(
        "t4-a4",
        "T4: bidding (a4), A chooses Cego or Räuber",
        |s| {
            s.play("pass, pass, pass, pass, cego, pass, pass, pass")
                .legal()
                .play("raeuber");
        },
    )
}

fn t5() -> Example {
    auction("t5-b1", "T5: bidding (b1), C plays Solo", |s| {
        s.play("pass, pass, solo")
            .refuse("piccolo")
            .play("pass, pass, pass")
            .finish();
    })
}

fn t6() -> Example {
    auction("t6-b2", "T6: bidding (b2), C plays Gegensolo", |s| {
        s.play("pass, solo, pass, gegensolo, pass, pass");
    })
}

fn t7() -> Example {
    auction(
        "t7-b3",
        "T7: bidding (b3), C plays One Card against a Solo",
        |s| {
            s.play("pass, pass, solo, gegensolo, hold, pass, pass, one-card, hold, pass");
        },
    )
}

fn t8() -> Example {
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, pass, pass, pass")
        .refuse("expose Rc")
        .play("expose 8c")
        .legal()
        .play("Kc, Qc, Jc, 7c, Gs, T1, T3, T5, T21, T2, T4, T6")
        .note("no defender holds a club or a trock now")
        .play("8c")
        .legal()
        .play("2h")
        .legal()
        .refuse("Qs")
        .play("3h")
        .legal()
        .play("4h")
        .note("B wins with 2h although 8c was the only club and no trock was played")
        .finish();
    Example {
        name: "t8-one-blank",
        title: "T8: One Blank, the King and the dead 8",
        transcript: s.transcript(),
    }
}

fn points_line(text: &str) -> String {
    let pile = cards(text);
    format!(
        "pile {pile}: {} raw, {} counted in threes",
        pile.iter().map(Card::points).sum::<u32>(),
        half_points(pile, Counting::Threes) / 2
    )
}

/// A Solo's lines: the untouched cego counts for the soloist only when he took a trick.
fn solo_cego_lines(out: &mut String, c: &Config) {
    let cego = cards(T8_DEAL[4]);
    let won_one = cards("Qc Jc 7c 8c");
    for (label, tricks, won) in [("one trick", 1u8, won_one), ("no trick", 0, Cards::EMPTY)] {
        let f = Finished {
            seats: 4,
            contract: Contract::Solo,
            soloist: 0,
            forehand: 0,
            after_solo: false,
            soloist_called_solo: true,
            won: [won, Cards::EMPTY, Cards::EMPTY, Cards::EMPTY],
            tricks: [tricks, 10, 0, 0],
            set_aside: cego,
            t1_took_last: false,
        };
        let (pay, how) = score(&f, c);
        let _ = writeln!(
            out,
            "Solo with {label} (A the soloist): {how}; payments {}",
            by_letter(pay)
        );
    }
}

fn t9_t10() -> Example {
    let c = Config::default();
    let strict = Config {
        round_strict_next: true,
        ..Config::default()
    };
    let mut out = String::new();
    let mut case = |what: &str, points: i32, factor: i32, config: &Config| {
        let how = counter_score(2 * points, factor, config);
        let won = matches!(how, crate::Score::Counter { won: true, .. });
        let _ = writeln!(
            out,
            "{what}: {} with {how}",
            if won { "won" } else { "lost" }
        );
    };
    case("Solo won 41-29", 41, Contract::Solo.factor(false, true), &c);
    case(
        "Solo lost 29-41",
        29,
        Contract::Solo.factor(false, false),
        &c,
    );
    case("Two Blanks won 39-31", 39, 4, &c);
    case("any counter game at 35 (Bürgermeister)", 35, 4, &c);
    case("Cego, soloist took no trick (70-0)", 0, 1, &c);
    case("Two Blanks won 40-30", 40, 4, &c);
    case("Two Blanks won 40-30, round_strict_next", 40, 4, &strict);
    case(
        "Little Man after a Solo lost 30-40",
        30,
        Contract::LittleMan.factor(true, false),
        &c,
    );
    case("One Card won 36-34", 36, 2, &c);
    let all: Cards = Card::pack().collect();
    let _ = writeln!(
        out,
        "whole pack: {} in threes, {} in pairs",
        half_points(all, Counting::Threes) / 2,
        half_points(all, Counting::Pairs) / 2
    );
    let _ = writeln!(out, "{}", points_line("Kc Qh T5 3d"));
    solo_cego_lines(&mut out, &c);
    Example {
        name: "t9-t10-scoring",
        title: "T9-T10: counting and scoring",
        transcript: out,
    }
}

fn t11() -> Example {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, pass, pass, pass")
        .play("expose 8s, expose 7s")
        .legal()
        .refuse("Kh+8s")
        .refuse("Kh")
        .play("8s+7s")
        .legal()
        .refuse("Ks+2d")
        .play("Ks+T3, Qs+Rs")
        .legal()
        .play("4h+T10")
        .note("B took trick 1 with Ks, D trick 2 with T10: the higher card, D leads trick 3")
        .legal()
        .finish();
    Example {
        name: "t11-two-blanks",
        title: "T11: Two Blanks, the double lead",
        transcript: s.transcript(),
    }
}

fn t12() -> Example {
    let mut s = Script::new(T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass")
        .refuse("expose Ks")
        .play("expose 4h")
        .legal()
        .play("expose 7c")
        .legal()
        .refuse("1h+10c")
        .play("4h+7c, Kh+8c, 2h+Kc, Qh+Rc")
        .note("B took trick 1 with Kh, C trick 2 with Kc: equal position, clubs higher, C leads")
        .legal()
        .finish();
    Example {
        name: "t12-two-different",
        title: "T12: Two Different, the tie-break and the Gstieß discarded",
        transcript: s.transcript(),
    }
}

fn t13() -> Example {
    let mut s = Script::new(T11_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold")
        .refuse("hold")
        .play("little-man")
        .refuse("hold")
        .play("pass")
        .refuse("little-man")
        .play("pass, pass")
        .legal()
        .play("T1")
        .finish();
    Example {
        name: "t13-little-man",
        title: "T13: Little Man",
        transcript: s.transcript(),
    }
}

/// Payments or points given in speaking order A, B, C, D, as text: `A +30, B -90, C +30, D +30`.
fn by_letter(values: [i32; 4]) -> String {
    ["A", "B", "C", "D"]
        .iter()
        .zip(values)
        .map(|(l, v)| format!("{l} {v:+}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn special(contract: Contract, tricks: u8, t1_took_last: bool) -> String {
    let f = Finished {
        seats: 4,
        contract,
        soloist: 0,
        forehand: 0,
        after_solo: false,
        soloist_called_solo: false,
        won: [Cards::EMPTY; 4],
        tricks: [tricks, 11 - tricks, 0, 0],
        set_aside: Cards::EMPTY,
        t1_took_last,
    };
    let (pay, how) = score(&f, &Config::default());
    format!(
        "{contract}, soloist A with {}: {how}; payments {}",
        cards_core::text::Count(usize::from(tricks), "trick"),
        by_letter(pay)
    )
}

/// The deal of T14's played Ulti that is won: B holds T1 and the ten highest Trocks.
pub const T14_WON_DEAL: [&str; 5] = [
    "T12 T11 T10 T9 Kc Qc Rc Jc 10c 9c 8c",
    "T1 Gs T21 T20 T19 T18 T17 T16 T15 T14 T13",
    "T8 T7 T6 T5 7c Ks Qs Rs Js 10s 9s",
    "T4 T3 T2 8s 7s Kh Qh Rh Jh 1h 2h",
    "3h 4h Kd Qd Rd Jd 1d 2d 3d 4d",
];

/// The deal of T14's played Ulti that is lost: B's only Trock is T1, and when A leads the
/// Gstieß to trick 7 B must play it.
pub const T14_FORCED_DEAL: [&str; 5] = [
    "Ks Qs Kh Qh Kd Qd Kc Qc Gs T21 T20",
    "T1 7s 8s 9s 4h 3h 2h 4d 3d 7c 8c",
    "Rs Js Rh Jh Rd Jd Rc Jc T19 T18 T17",
    "10s 1h 2d 1d 10c 9c T16 T15 T14 T13 T12",
    "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11",
];

fn t14() -> Example {
    let lines = [
        special(Contract::Ulti, 1, true),
        special(Contract::Ulti, 3, false),
        special(Contract::Piccolo, 1, false),
        special(Contract::Piccolo, 0, false),
        special(Contract::Piccolo, 2, false),
        special(Contract::Bettel, 0, false),
        special(Contract::Bettel, 1, false),
    ];
    let mut won = Script::new(T14_WON_DEAL, &Config::default());
    won.note("Ulti won: B holds trock 1 and the ten highest trocks, leads them, then trock 1")
        .play("pass, ulti")
        .play("Gs, T8, T4, T12, T21, T7, T3, T11, T20, T6, T2, T10, T19, T5, 8s, T9")
        .play("T18, 7c, 7s, Kc, T17, Ks, Kh, Qc, T16, Qs, Qh, Rc, T15, Rs, Rh, Jc")
        .play("T14, Js, Jh, 10c, T13, 10s, 1h, 9c")
        .note("no defender holds a trock any more: trock 1 takes trick 11")
        .legal()
        .play("T1, 9s, 2h, 8c");
    let mut forced = Script::new(T14_FORCED_DEAL, &Config::default());
    forced
        .note("Ulti lost: B's only trock is trock 1")
        .play("pass, ulti")
        .play("7s, Js, 10s, Ks, Kh, 4h, Jh, 1h, Kd, 4d, Jd, 2d, Kc, 7c, Jc, 10c")
        .play("Qs, 8s, Rs, T12, 1d, Qd, 3d, Rd")
        .note("A leads the Gstieß to trick 7; B must follow with a trock and holds only trock 1")
        .play("Gs")
        .legal()
        .refuse("9s")
        .play("T1, T17, T13")
        .note("trock 1 fell in trick 7 and lost it: the Ulti is lost whatever follows")
        .finish();
    let mut transcript = lines.join("\n");
    transcript.push('\n');
    transcript.push_str(&won.transcript());
    transcript.push_str(&forced.transcript());
    Example {
        name: "t14-special-games",
        title: "T14: Ulti, Piccolo and Bettel stakes",
        transcript,
    }
}

fn t15() -> Example {
    let cases: [([i32; 4], &str); 4] = [
        ([14, 25, 17, 10], "B highest"),
        ([30, 25, 17, 10], "A highest"),
        ([14, 25, 25, 10], "B and C tied, A lower"),
        ([25, 25, 17, 10], "A and B tied"),
    ];
    let mut out = String::new();
    for (pts, what) in cases {
        let pay = raeuber_payments(pts.map(|p| 2 * p), 0, crate::rules::Stakes::Parlett);
        let points: Vec<String> = ["A", "B", "C", "D"]
            .iter()
            .zip(pts)
            .map(|(l, p)| format!("{l} {p}"))
            .collect();
        let _ = writeln!(
            out,
            "card points {} ({what}): payments {}",
            points.join(", "),
            by_letter(pay)
        );
    }
    let mut s = Script::new(T8_DEAL, &Config::default());
    s.note("a played Räuber")
        .play("pass, pass, pass, pass, cego, pass, pass, pass, raeuber")
        .finish();
    out.push_str(&s.transcript());
    Example {
        name: "t15-raeuber",
        title: "T15: Räuber payments",
        transcript: out,
    }
}

/// Every worked example of cego.md §9.
pub fn all() -> Vec<Example> {
    vec![
        t1(),
        t2(),
        t3(),
        t4(),
        t5(),
        t6(),
        t7(),
        t8(),
        t9_t10(),
        t11(),
        t12(),
        t13(),
        t14(),
        t15(),
    ]
}
