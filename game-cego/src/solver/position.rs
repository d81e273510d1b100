//! The compact position the solver searches ([`Pos`]), the legal moves of the seat to move,
//! the merging of equivalent cards, and playing a card (a position is copied, not undone).

use super::{Aim, Solver};
use crate::cards::{Card, SUIT_MASKS, TROCK, raw};
use crate::rules::follow_options;
use crate::state::Deal;

/// A position of the remaining play.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Pos {
    pub(super) hands: [u64; 4],
    /// Cards of the current trick in playing order (card indices), `len` of them.
    pub(super) trick: [u8; 4],
    pub(super) len: u8,
    pub(super) leader: u8,
    pub(super) suit: u8,
    pub(super) to_move: u8,
    /// Tricks completed.
    pub(super) done: u8,
    /// Each seat's pile: its tricks' cards.
    pub(super) won: [u64; 4],
    /// Each seat's tricks.
    pub(super) tricks: [u8; 4],
    /// Ulti: Trock 1 went to a trick before the last, or did not win the last (lost).
    pub(super) ulti_lost: bool,
}

impl Pos {
    /// The position of a deal in card play (every hand as the deal has it).
    pub(super) fn of_deal(d: &Deal) -> Pos {
        let t = &d.tricks[0];
        let mut trick = [0u8; 4];
        for (slot, c) in trick.iter_mut().zip(t.cards.iter().flatten()) {
            *slot = c.index();
        }
        let t1_early = d
            .history
            .iter()
            .any(|r| r.number < d.tricks_per_deal() && r.cards().contains(&Card::T1));
        Pos {
            hands: d.hands.map(|h| raw(h) as u64),
            trick,
            len: t.len,
            leader: t.leader.0,
            suit: t.suit,
            to_move: d.to_move.0,
            done: d.trick_no,
            won: d.won.map(|w| raw(w) as u64),
            tricks: d.tricks_won,
            ulti_lost: t1_early,
        }
    }
}

impl Solver {
    /// The cards the seat to move may play (as [`crate::play`] lists them).
    pub(super) fn moves(&self, p: &Pos) -> u64 {
        let hand = p.hands[usize::from(p.to_move & 3)];
        let mut m = if p.len == 0 {
            match self.first_lead {
                Some(mask) if p.done == 0 => {
                    let r = hand & mask;
                    if r == 0 { hand } else { r }
                }
                _ => hand,
            }
        } else {
            follow_options(u128::from(hand), p.suit) as u64
        };
        if self.hold_back
            && p.to_move == self.soloist
            && p.done + 1 < self.total
            && m & !(Card::T1.bit() as u64) != 0
        {
            m &= !(Card::T1.bit() as u64);
        }
        m
    }

    /// Whether cards `a` < `b` (indices) of the seat to move are one move (module docs).
    pub(super) fn equivalent(&self, p: &Pos, a: u8, b: u8) -> bool {
        let (a, b) = (a.min(b), a.max(b));
        let ca = Card::from_raw(a);
        let cb = Card::from_raw(b);
        if ca.suit_code() != cb.suit_code()
            || (self.dead >> a) & 1 != 0
            || (self.dead >> b) & 1 != 0
        {
            return false;
        }
        match self.aim {
            Aim::Points | Aim::Raeuber if ca.points() != cb.points() => return false,
            Aim::Ulti if a == Card::T1.index() => return false,
            _ => {}
        }
        let me = usize::from(p.to_move & 3);
        let mut others = 0u64;
        for (k, h) in p.hands.iter().enumerate() {
            if k != me {
                others |= h;
            }
        }
        for &c in &p.trick[..usize::from(p.len)] {
            others |= 1u64 << c;
        }
        let between = ((1u64 << b) - 1) & !((1u64 << (a + 1)) - 1);
        between & (others | self.dead) == 0
    }

    /// The moves worth searching: one card of each group of equivalent cards.
    pub(super) fn representatives(&self, p: &Pos, moves: u64) -> u64 {
        let me = usize::from(p.to_move & 3);
        let mut others = 0u64;
        for (k, h) in p.hands.iter().enumerate() {
            if k != me {
                others |= h;
            }
        }
        for &c in &p.trick[..usize::from(p.len)] {
            others |= 1u64 << c;
        }
        let blockers = others | self.dead;
        let mut out = 0u64;
        let mut prev: Option<u8> = None;
        let mut m = moves;
        while m != 0 {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            let keep = match prev {
                Some(a) => {
                    let ca = Card::from_raw(a);
                    let cb = Card::from_raw(i);
                    let between = ((1u64 << i) - 1) & !((1u64 << (a + 1)) - 1);
                    let same_points = match self.aim {
                        Aim::Points | Aim::Raeuber => ca.points() == cb.points(),
                        Aim::Ulti => a != Card::T1.index(),
                        _ => true,
                    };
                    !(ca.suit_code() == cb.suit_code()
                        && same_points
                        && (self.dead >> a) & 1 == 0
                        && (self.dead >> i) & 1 == 0
                        && between & blockers == 0)
                }
                None => true,
            };
            if keep {
                out |= 1u64 << i;
            }
            prev = Some(i);
        }
        out
    }

    /// The position after the seat to move plays card index `i` (a card of [`Solver::moves`]).
    pub(super) fn play(&self, p: &Pos, i: u8) -> Pos {
        let c = Card::from_raw(i);
        let mut q = *p;
        let me = usize::from(p.to_move & 3);
        q.hands[me] &= !(1u64 << i);
        if q.len == 0 {
            q.leader = p.to_move;
            q.suit = c.suit_code();
        } else if c.suit_code() != q.suit
            && !c.is_trock()
            && q.len == 1
            && (self.dead >> q.trick[0]) & 1 != 0
        {
            // CG14: a dead card led, the next player neither follows nor trumps.
            q.suit = c.suit_code();
        }
        q.trick[usize::from(q.len & 3)] = i;
        q.len += 1;
        let n = usize::from(self.seats);
        if usize::from(q.len) < n {
            q.to_move = self.next[me];
            return q;
        }
        // The trick is complete.
        let (_, w) = self.trick_winner(&q);
        let cards = q.trick[..n].iter().fold(0u64, |m, &x| m | 1u64 << x);
        q.done += 1;
        let wi = usize::from(w & 3);
        q.won[wi] |= cards;
        q.tricks[wi] += 1;
        if cards & (Card::T1.bit() as u64) != 0 && q.done < self.total {
            q.ulti_lost = true;
        }
        if self.aim == Aim::Ulti && q.done == self.total {
            // Won only if the soloist took the last trick with Trock 1.
            let mut seat = q.leader;
            let mut his = false;
            for &x in &q.trick[..n] {
                if seat == self.soloist && x == Card::T1.index() {
                    his = true;
                }
                seat = self.next[usize::from(seat & 3)];
            }
            q.ulti_lost |= !(w == self.soloist && his);
        }
        q.len = 0;
        q.trick = [0; 4];
        q.leader = w;
        q.to_move = w;
        q.suit = 0;
        q
    }

    /// The card taking the current trick so far (the highest Trock, else the highest live
    /// card of the suit led): its strength (0 while no card can win: dead or off-suit) and the
    /// seat that played it (the leader when none can).
    #[inline]
    pub(super) fn trick_winner(&self, p: &Pos) -> (u8, u8) {
        let live = (SUIT_MASKS[TROCK as usize] | SUIT_MASKS[usize::from(p.suit).min(4)]) as u64
            & !self.dead;
        let mut best = (0u8, 0usize);
        for (k, &x) in p.trick[..usize::from(p.len)].iter().enumerate() {
            let v = if (live >> x) & 1 != 0 {
                Card::from_raw(x).strength()
            } else {
                0
            };
            if v > best.0 {
                best = (v, k);
            }
        }
        let mut w = p.leader;
        for _ in 0..best.1 {
            w = self.next[usize::from(w & 3)];
        }
        (best.0, w)
    }
}
