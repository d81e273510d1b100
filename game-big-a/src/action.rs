//! Actions and their notation.
//!
//! - `pass`: decline to expose, or pass in play.
//! - `expose Ah`: expose one Ace of hearts (declare, protect with the second copy, or reveal as
//!   partner); `expose Ah Ah`: expose a pair of identical Aces (overcall, alone).
//! - A play lists its cards as a player writes them, one symbol per card separated by spaces,
//!   lowest first in chain order: `7`, `Q Q`, `7 7 7`, `A 2 3`, `6 6 7 7 8 8`,
//!   `4 4 4 4 5 5 5 5`, `6 7 8 9 10 J Q K A`; `BA` is a Big Ace (`BA`, `A BA`, `BA BA` the Big Ace
//!   pair), `RJ`/`BJ` the jokers (`RJ BJ` two jokers). Suits are never named in a play:
//!   identical cards are not told apart, only whether a Big Ace is used.
//! - `capture 4 4`: capture the egg on the pile with that many Fours (rulings B9).
//!
//! Reading is lenient: case is ignored, `T` is read as 10, the separators may be spaces,
//! dashes or nothing, so the compact `678910JQKA`, `AhAh` and `capture 44` of earlier logs read
//! the same as the separated forms, and a run's cards may come in any order (`2 2 2 2 A A A A`); [`Display`](fmt::Display) always writes the separated form,
//! and reading it back gives the same action.

use std::fmt;
use std::str::FromStr;

use cards_core::card::Suit;

use crate::error::ParseActionError;
use crate::rules::{ACE, CHAIN, Combo, FOUR, RANK_SYMBOLS, RANKS, chain_pos, chain_rank};

/// A play: a combination and how many of its Aces are Big Aces.
///
/// Read one from the cards as a player writes them (see "Notation" in the [crate docs](crate)); the
/// order of a run's cards does not matter, and `BA` marks a Big Ace:
///
/// ```
/// use game_big_a::{Combo, Play};
///
/// let play: Play = "6 7 8 9 10 J Q K A".parse().unwrap();
/// assert_eq!(play.big, 0);
/// assert_eq!(play.to_string(), "6 7 8 9 10 J Q K A");
/// let bomb: Play = "2 2 2 2 A A A BA".parse().unwrap();
/// assert_eq!(bomb.big, 1);
/// assert_eq!(bomb.combo, Combo::Run { width: 4, start: 0, len: 2 });
/// assert_eq!(bomb.to_string(), "A A A BA 2 2 2 2");
/// assert!("6 7 9".parse::<Play>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Play {
    /// The combination.
    pub combo: Combo,
    /// Big Aces among its Aces (1 for a lone Big Ace, 2 for the Big Ace pair).
    pub big: u8,
}

impl Play {
    /// A play without Big Aces.
    pub const fn plain(combo: Combo) -> Play {
        Play { combo, big: 0 }
    }
}

/// One decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Action {
    /// Don't expose, or pass in play.
    Pass,
    /// Expose one Ace of a suit (`pair == false`) or a pair of identical Aces.
    Expose {
        /// The Ace's suit.
        suit: Suit,
        /// Whether a pair of identical Aces is exposed.
        pair: bool,
    },
    /// Play a combination.
    Play(Play),
    /// Capture the egg on the pile with this many Fours.
    Capture(u8),
}

cards_core::serde_via_notation!(Action);

/// Writes card symbols separated by single spaces.
struct Tokens<'a, 'b> {
    f: &'a mut fmt::Formatter<'b>,
    first: bool,
}

impl<'a, 'b> Tokens<'a, 'b> {
    fn new(f: &'a mut fmt::Formatter<'b>) -> Self {
        Tokens { f, first: true }
    }

    fn sym(&mut self, sym: &str) -> fmt::Result {
        if !self.first {
            self.f.write_str(" ")?;
        }
        self.first = false;
        self.f.write_str(sym)
    }

    /// `n` cards of rank index `r`, the last `big` of them Big Aces.
    fn rank(&mut self, r: u8, n: u8, big: u8) -> fmt::Result {
        let sym = RANK_SYMBOLS.get(r as usize).copied().unwrap_or("?");
        for _ in 0..n.saturating_sub(big) {
            self.sym(sym)?;
        }
        for _ in 0..big {
            self.sym("BA")?;
        }
        Ok(())
    }
}

impl fmt::Display for Play {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut t = Tokens::new(f);
        match self.combo {
            Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => {
                t.rank(r, self.combo.len(), self.big)
            }
            Combo::BigAce => t.sym("BA"),
            Combo::BigAcePair => {
                t.sym("BA")?;
                t.sym("BA")
            }
            Combo::Joker(true) => t.sym("RJ"),
            Combo::Joker(false) => t.sym("BJ"),
            Combo::Jokers { red, black } => {
                for _ in 0..red {
                    t.sym("RJ")?;
                }
                for _ in 0..black {
                    t.sym("BJ")?;
                }
                Ok(())
            }
            Combo::Run { width, start, len } => {
                // Big Aces go to the high Ace first.
                let high_big = if start + len == CHAIN {
                    self.big.min(width)
                } else {
                    0
                };
                let low_big = self.big - high_big;
                for p in start..start + len {
                    let big = match p {
                        0 => low_big,
                        13 => high_big,
                        _ => 0,
                    };
                    t.rank(chain_rank(p), width, big)?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Pass => f.write_str("pass"),
            Action::Expose { suit, pair: false } => write!(f, "expose A{suit}"),
            Action::Expose { suit, pair: true } => write!(f, "expose A{suit} A{suit}"),
            Action::Play(p) => p.fmt(f),
            Action::Capture(n) => {
                f.write_str("capture ")?;
                Tokens::new(f).rank(FOUR, *n, 0)
            }
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Token {
    Rank(u8),
    Big,
    Joker(bool),
}

fn tokens(s: &str) -> Option<Vec<Token>> {
    let b = s.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i].to_ascii_uppercase();
        let next = b.get(i + 1).map(u8::to_ascii_uppercase);
        let (t, w) = match (c, next) {
            (b'B', Some(b'A')) => (Token::Big, 2),
            (b'B', Some(b'J')) => (Token::Joker(false), 2),
            (b'R', Some(b'J')) => (Token::Joker(true), 2),
            (b'1', Some(b'0')) => (Token::Rank(6), 2),
            (b'T', _) => (Token::Rank(6), 1),
            (c, _) if c == b'-' || c.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            (c, _) => {
                let r = match c {
                    b'4'..=b'9' => c - b'4',
                    b'J' => 7,
                    b'Q' => 8,
                    b'K' => 9,
                    b'A' => ACE,
                    b'2' => 11,
                    b'3' => 12,
                    _ => return None,
                };
                (Token::Rank(r), 1)
            }
        };
        out.push(t);
        i += w;
    }
    Some(out)
}

/// A play in Big A notation: jokers alone, cards of one rank, or a run.
fn parse_play(text: &str) -> Result<Play, &'static str> {
    let toks =
        tokens(text).ok_or("unknown card symbol (use 4-10, J, Q, K, A, 2, 3, BA, RJ, BJ)")?;
    if toks.is_empty() {
        return Err("no cards");
    }
    if toks.len() > MAX_PLAY_CARDS {
        return Err("too many cards for one combination");
    }
    if toks.iter().any(|t| matches!(t, Token::Joker(_))) {
        return jokers_play(&toks);
    }
    let big = toks.iter().filter(|t| **t == Token::Big).count() as u8;
    let r0 = token_rank(toks[0]);
    if toks.iter().all(|&t| token_rank(t) == r0) {
        let n = toks.len() as u8;
        let combo = match (n, big) {
            (1, 1) => Combo::BigAce,
            (1, _) => Combo::Single(r0),
            (2, 2) => Combo::BigAcePair,
            (2, _) => Combo::Pair(r0),
            _ => Combo::Kind { rank: r0, n },
        };
        return Ok(Play { combo, big });
    }
    run_play(&toks, big)
        .ok_or("a run is consecutive ranks of the chain A, 2, 3, ..., K, A, each as many times")
}

/// The rank index of a card token (a Big Ace is an Ace; jokers are read apart).
fn token_rank(t: Token) -> u8 {
    match t {
        Token::Rank(r) => r,
        _ => ACE,
    }
}

/// A play of jokers only: a joker alone, or a joker bomb (B7).
fn jokers_play(toks: &[Token]) -> Result<Play, &'static str> {
    let jokers = toks.iter().filter(|t| matches!(t, Token::Joker(_))).count();
    if jokers != toks.len() {
        return Err("jokers are played alone or in joker bombs (B7)");
    }
    if jokers == 1 {
        return Ok(Play::plain(Combo::Joker(toks[0] == Token::Joker(true))));
    }
    let red = toks.iter().filter(|t| **t == Token::Joker(true)).count() as u8;
    Ok(Play::plain(Combo::Jokers {
        red,
        black: jokers as u8 - red,
    }))
}

/// A run: consecutive places of the chain, each rank as many times. As written, lowest
/// first (or highest first), it is read in that order; that decides a 13-rank sequence
/// with one Ace, which could be A to K or 2 to A. Else in any order (`2 2 2 2 A A A A` is
/// the fake eight `A A A A 2 2 2 2`).
fn run_play(toks: &[Token], big: u8) -> Option<Play> {
    let mut groups: Vec<(u8, u8)> = Vec::new();
    for &t in toks {
        let r = token_rank(t);
        match groups.last_mut() {
            Some((g, n)) if *g == r => *n += 1,
            _ => groups.push((r, 1)),
        }
    }
    if let Some(combo) = run_in_order(&groups) {
        return Some(Play { combo, big });
    }
    groups.reverse();
    if let Some(combo) = run_in_order(&groups) {
        return Some(Play { combo, big });
    }
    let mut counts = [0u8; RANKS];
    for &t in toks {
        counts[token_rank(t) as usize] += 1;
    }
    let total = toks.len() as u8;
    for start in 0..CHAIN {
        for len in (2..=CHAIN - start).filter(|len| total % len == 0) {
            let width = total / len;
            let mut want = [0u8; RANKS];
            for p in start..start + len {
                want[chain_rank(p) as usize] += width;
            }
            if want == counts {
                let combo = Combo::Run { width, start, len };
                return Some(Play { combo, big });
            }
        }
    }
    None
}

/// The run whose ranks are `groups` (rank, count) in chain order, lowest first.
fn run_in_order(groups: &[(u8, u8)]) -> Option<Combo> {
    let &(first, width) = groups.first()?;
    if groups.len() < 2 || groups.iter().any(|g| g.1 != width) {
        return None;
    }
    let start = chain_pos(first);
    let len = u8::try_from(groups.len()).ok()?;
    if start + len > CHAIN {
        return None;
    }
    (groups
        .iter()
        .zip(start..)
        .all(|(g, p)| chain_rank(p) == g.0))
    .then_some(Combo::Run { width, start, len })
}

/// The most cards one combination holds (a double sequence of 14 pairs).
const MAX_PLAY_CARDS: usize = 28;

impl FromStr for Action {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let t = s.trim();
        let err = |reason| ParseActionError {
            text: s.to_owned(),
            reason,
        };
        let lower = t.to_ascii_lowercase();
        if lower == "pass" {
            return Ok(Action::Pass);
        }
        if let Some(rest) = lower.strip_prefix("expose ") {
            let rest: String = rest.chars().filter(|c| !c.is_whitespace()).collect();
            let bad = || err("expected expose Ah or expose Ah Ah");
            let b = rest.as_bytes();
            let suit_at = |i: usize| {
                b.get(i)
                    .and_then(|&c| Suit::from_letter(c as char))
                    .ok_or_else(bad)
            };
            if b.first() != Some(&b'a') {
                return Err(bad());
            }
            let suit = suit_at(1)?;
            return match b.len() {
                2 => Ok(Action::Expose { suit, pair: false }),
                4 if b[2] == b'a' && suit_at(3)? == suit => Ok(Action::Expose { suit, pair: true }),
                _ => Err(bad()),
            };
        }
        if let Some(rest) = lower.strip_prefix("capture ") {
            let n = tokens(rest).ok_or_else(|| err("a capture is played with Fours (B9)"))?;
            if n.len() < 2 || n.len() > 8 || n.iter().any(|t| *t != Token::Rank(FOUR)) {
                return Err(err("a capture is played with two or more Fours (B9)"));
            }
            return Ok(Action::Capture(n.len() as u8));
        }
        parse_play(t).map(Action::Play).map_err(err)
    }
}

impl FromStr for Play {
    type Err = ParseActionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        parse_play(s.trim()).map_err(|reason| ParseActionError {
            text: s.to_owned(),
            reason,
        })
    }
}

cards_core::serde_via_notation!(Play);

impl FromStr for Combo {
    type Err = ParseActionError;
    /// Reads a combination in play notation (`7 7 7`, `6 7 8 9 10 J Q K A`); Big Aces count as
    /// Aces, except that `BA` alone is [`Combo::BigAce`] and `BA BA` the [`Combo::BigAcePair`].
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse::<Play>().map(|p| p.combo)
    }
}

impl fmt::Display for Combo {
    /// The combination in play notation, without Big Aces (but for `BA` and `BA BA`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Play::plain(*self).fmt(f)
    }
}
