//! The exact open-hand (double-dummy) solver of the card play (issue 16, a start).
//!
//! For a deal in card play with every hand known, [`solve`] gives the exact result of the
//! remaining play when the soloist plays for his contract's object and the defenders against
//! it: alpha-beta search over the legal cards (the same rules as the engine: follow suit, else
//! a Trock, else anything; dead cards; the first lead of One Blank and Little Man; CG9's
//! hold-back variant), with a transposition table of value bounds.
//!
//! The value (see [`solve`]):
//! - counter games (Solo to Little Man): the soloist's final card points in half points, as
//!   [`Score::Counter`](crate::Score::Counter) reports them: his tricks with the set-aside
//!   cards (and at three players the removed cards) counted as one pile if he takes a trick,
//!   else 0. He maximises it, the defenders minimise it.
//! - Ulti, Piccolo, Bettel: 1 when the soloist reaches his object, else 0.
//!
//! Card points counted in threes are not a sum over tricks, so the table stores a position's
//! value less the part fixed by the pile already won (its raw points and complete groups of
//! three), keyed with what the rest depends on (the pile's size modulo 3, whether the soloist
//! has a trick).
//!
//! Not covered: Räuber (no soloist, three opponents each for himself) and the double lead of
//! tricks 1 and 2 (Two Blanks / Two Different before trick 3): `solve` returns `None` there.

use std::collections::HashMap;

use crate::cards::{Card, Counting, SUIT_MASKS, TROCK, half_points, raw, set};
use crate::rules::{Contract, follow_options};
use crate::state::{DIR, Phase, State};

/// The exact result of the remaining card play with every hand known (see the module docs):
/// for a counter game the soloist's final card points in half points, for Ulti, Piccolo and
/// Bettel 1 if the soloist reaches his object and 0 if not. `None` outside card play, in
/// Räuber, during the double lead of Two Blanks / Two Different, and when the match is over.
pub fn solve(state: &State) -> Option<i32> {
    let mut s = Solver::new(state)?;
    let pos = s.root;
    Some(s.search(&pos, i32::MIN / 2, i32::MAX / 2))
}

/// The same value by plain minimax over every legal card, without pruning or table (for tests
/// of [`solve`]; exponential).
#[doc(hidden)]
pub fn solve_by_minimax(state: &State) -> Option<i32> {
    let s = Solver::new(state)?;
    let pos = s.root;
    Some(s.minimax(&pos))
}

/// What the objective is.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Aim {
    Points,
    Ulti,
    Piccolo,
    Bettel,
}

/// A position of the remaining play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Pos {
    hands: [u128; 4],
    /// Cards of the current trick in playing order (card indices), `len` of them.
    trick: [u8; 4],
    len: u8,
    leader: u8,
    suit: u8,
    to_move: u8,
    /// Tricks completed.
    done: u8,
    /// The soloist's pile: his tricks' cards.
    won: u128,
    /// The soloist's tricks.
    tricks: u8,
    /// Ulti: Trock 1 went to a trick before the last (lost).
    ulti_lost: bool,
}

/// The table key: what the rest of the play and the residual value depend on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
struct Key {
    hands: [u128; 4],
    trick: [u8; 4],
    len: u8,
    leader: u8,
    suit: u8,
    /// The pile's size modulo 3 (counting in threes), whether the soloist has a trick, his
    /// tricks up to 2 (Piccolo), Ulti lost.
    extra: u8,
}

#[derive(Clone, Copy, Debug)]
struct Bounds {
    lo: i32,
    hi: i32,
}

struct Solver {
    seats: u8,
    soloist: u8,
    aim: Aim,
    counting: Counting,
    /// Cards that never win.
    dead: u128,
    /// The cards that count for the soloist when he takes a trick (set-aside, removed).
    set_aside: u128,
    /// The number of tricks of the deal.
    total: u8,
    /// The first lead's restriction (One Blank: the exposed card's suit; Little Man: T1).
    first_lead: Option<u128>,
    hold_back: bool,
    root: Pos,
    table: HashMap<Key, Bounds>,
}

impl Solver {
    fn new(state: &State) -> Option<Solver> {
        let d = &state.deal;
        if state.over || !matches!(d.phase, Phase::Play) || (d.double && d.trick_no == 0) {
            return None;
        }
        let contract = d.contract?;
        let soloist = d.soloist?;
        let aim = match contract {
            Contract::Raeuber => return None,
            Contract::Ulti => Aim::Ulti,
            Contract::Piccolo => Aim::Piccolo,
            Contract::Bettel => Aim::Bettel,
            _ => Aim::Points,
        };
        let set_aside = match contract {
            Contract::Solo => raw(d.cego),
            c if c.takes_cego() => raw(d.legage),
            _ => 0,
        } | raw(crate::cards::removed(d.n()));
        let first_lead = match contract {
            Contract::OneBlank => d
                .exposed
                .first()
                .map(|c| SUIT_MASKS[c.suit_code() as usize]),
            Contract::LittleMan => Some(Card::T1.bit()),
            _ => None,
        };
        let t = &d.tricks[0];
        let mut trick = [0u8; 4];
        for (slot, c) in trick.iter_mut().zip(t.cards.iter().flatten()) {
            *slot = c.index();
        }
        let t1_early = d
            .history
            .iter()
            .any(|r| r.number < d.tricks_per_deal() && r.cards().contains(&Card::T1));
        let root = Pos {
            hands: d.hands.map(raw),
            trick,
            len: t.len,
            leader: t.leader.0,
            suit: t.suit,
            to_move: d.to_move.0,
            done: d.trick_no,
            won: raw(d.won[soloist.index()]),
            tricks: d.tricks_won[soloist.index()],
            ulti_lost: t1_early,
        };
        Some(Solver {
            seats: d.seats,
            soloist: soloist.0,
            aim,
            counting: state.config().count,
            dead: raw(d.dead),
            set_aside,
            total: d.tricks_per_deal(),
            first_lead,
            hold_back: state.config().ulti_must_hold_back && contract == Contract::Ulti,
            root,
            table: HashMap::new(),
        })
    }

    /// The cards the seat to move may play (as [`crate::play`] lists them).
    fn moves(&self, p: &Pos) -> u128 {
        let hand = p.hands[usize::from(p.to_move)];
        let mut m = if p.len == 0 {
            match self.first_lead {
                Some(mask) if p.done == 0 => {
                    let r = hand & mask;
                    if r == 0 { hand } else { r }
                }
                _ => hand,
            }
        } else {
            follow_options(hand, p.suit)
        };
        if self.hold_back
            && p.to_move == self.soloist
            && p.done + 1 < self.total
            && m & !Card::T1.bit() != 0
        {
            m &= !Card::T1.bit();
        }
        m
    }

    /// The position after the seat to move plays `c` (a card of [`Solver::moves`]).
    fn play(&self, p: &Pos, c: Card) -> Pos {
        let mut q = *p;
        let me = usize::from(p.to_move);
        q.hands[me] &= !c.bit();
        if q.len == 0 {
            q.leader = p.to_move;
            q.suit = c.suit_code();
        } else if c.suit_code() != q.suit
            && !c.is_trock()
            && q.len == 1
            && self.dead & (1u128 << q.trick[0]) != 0
        {
            // CG14: a dead card led, the next player neither follows nor trumps.
            q.suit = c.suit_code();
        }
        q.trick[usize::from(q.len)] = c.index();
        q.len += 1;
        let n = usize::from(self.seats);
        if usize::from(q.len) < n {
            q.to_move = cards_core::Seat(p.to_move).next(n, DIR).0;
            return q;
        }
        // The trick is complete: the highest Trock, else the highest live card of the suit.
        let live =
            SUIT_MASKS[TROCK as usize] | (SUIT_MASKS[usize::from(q.suit).min(4)] & !self.dead);
        let mut best = (0u8, 0usize);
        let mut cards = 0u128;
        for (i, &x) in q.trick[..n].iter().enumerate() {
            let card = Card::from_raw(x);
            cards |= card.bit();
            let v = if live & card.bit() != 0 {
                card.strength()
            } else {
                0
            };
            if v > best.0 {
                best = (v, i);
            }
        }
        let w = cards_core::Seat(q.leader).step(n, DIR, best.1).0;
        q.done += 1;
        if w == self.soloist {
            q.won |= cards;
            q.tricks += 1;
        }
        if cards & Card::T1.bit() != 0 && q.done < self.total {
            q.ulti_lost = true;
        }
        if self.aim == Aim::Ulti && q.done == self.total {
            // Won only if the soloist took the last trick with Trock 1.
            let his = (0..n).any(|i| {
                cards_core::Seat(q.leader).step(n, DIR, i).0 == self.soloist
                    && q.trick[i] == Card::T1.index()
            });
            q.ulti_lost |= !(w == self.soloist && his);
        }
        q.len = 0;
        q.trick = [0; 4];
        q.leader = w;
        q.to_move = w;
        q.suit = 0;
        q
    }

    /// The value of a finished play, or of one whose result is certain.
    fn terminal(&self, p: &Pos) -> Option<i32> {
        let over = p.done >= self.total;
        match self.aim {
            Aim::Points => over.then(|| {
                if p.tricks > 0 {
                    half_points(set(p.won | self.set_aside), self.counting)
                } else {
                    0
                }
            }),
            Aim::Ulti => {
                if p.ulti_lost {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
            Aim::Piccolo => {
                if p.tricks >= 2 {
                    Some(0)
                } else {
                    over.then_some(i32::from(p.tricks == 1))
                }
            }
            Aim::Bettel => {
                if p.tricks >= 1 {
                    Some(0)
                } else {
                    over.then_some(1)
                }
            }
        }
    }

    /// The part of a counter game's value fixed by the pile already won: its raw points and
    /// complete groups of three (threes), or its points less a half per card (pairs); the rest
    /// depends only on the position's [`Key`].
    fn base(&self, p: &Pos) -> i32 {
        if self.aim != Aim::Points || p.tricks == 0 {
            return 0;
        }
        let pile = p.won | self.set_aside;
        let n = pile.count_ones() as i32;
        let raw_points = crate::cards::raw_points(pile);
        match self.counting {
            Counting::Threes => 2 * raw_points - 4 * (n / 3),
            Counting::Pairs => 2 * raw_points - n,
        }
    }

    fn key(&self, p: &Pos) -> Key {
        let size = (set(p.won | self.set_aside).len() % 3) as u8;
        let extra = size
            | (u8::from(p.tricks > 0) << 2)
            | (p.tricks.min(2) << 3)
            | (u8::from(p.ulti_lost) << 5);
        Key {
            hands: p.hands,
            trick: p.trick,
            len: p.len,
            leader: p.leader,
            suit: p.suit,
            extra,
        }
    }

    /// Alpha-beta with a table of bounds (fail-soft).
    fn search(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        if let Some(v) = self.terminal(p) {
            return v;
        }
        let key = self.key(p);
        let base = self.base(p);
        let (alpha0, beta0) = (alpha, beta);
        if let Some(b) = self.table.get(&key) {
            let (lo, hi) = (b.lo.saturating_add(base), b.hi.saturating_add(base));
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
            if lo == hi {
                return lo;
            }
            alpha = alpha.max(lo);
            beta = beta.min(hi);
        }
        let maximise = p.to_move == self.soloist;
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        let mut m = self.moves(p) as u64;
        while m != 0 {
            let c = Card::from_raw(m.trailing_zeros() as u8);
            m &= m - 1;
            let q = self.play(p, c);
            let v = self.search(&q, alpha, beta);
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let entry = self.table.entry(key).or_insert(Bounds {
            lo: i32::MIN / 2,
            hi: i32::MAX / 2,
        });
        let r = best - base;
        if best <= alpha0 {
            entry.hi = entry.hi.min(r);
        } else if best >= beta0 {
            entry.lo = entry.lo.max(r);
        } else {
            entry.lo = r;
            entry.hi = r;
        }
        best
    }

    /// Plain minimax over every legal card (for tests).
    fn minimax(&self, p: &Pos) -> i32 {
        if let Some(v) = self.terminal(p) {
            return v;
        }
        let maximise = p.to_move == self.soloist;
        let mut best = if maximise { i32::MIN } else { i32::MAX };
        let mut m = self.moves(p) as u64;
        while m != 0 {
            let c = Card::from_raw(m.trailing_zeros() as u8);
            m &= m - 1;
            let v = self.minimax(&self.play(p, c));
            best = if maximise { best.max(v) } else { best.min(v) };
        }
        best
    }
}
