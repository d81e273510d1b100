//! Move ordering: the table's best move first, then (counter games) a card heuristic or
//! (Räuber) a history heuristic of the cards that cut off before, then card order.

use super::position::Pos;
use super::{Aim, Solver};
use crate::cards::{Card, SUIT_MASKS};

/// The moves of a position in the order to search them, `len` of them (a hand holds at most
/// 13 cards, so there is room for every move), each with its score.
pub(super) struct Ordered {
    moves: [(u32, u8); 16],
    len: usize,
}

impl Ordered {
    /// The moves (card indices) in order.
    pub(super) fn cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.moves[..self.len].iter().map(|&(_, i)| i)
    }
}

impl Solver {
    /// The moves worth searching in `p` ([`Solver::representatives`] of the legal ones) in
    /// order: `tt_best` (the table's best move, its card index + 1, 0 for none) first, then by
    /// the card heuristic ([`Solver::order`]; Räuber: the history), then in card order.
    pub(super) fn ordered_moves(&self, p: &Pos, tt_best: u8) -> Ordered {
        let reps = self.representatives(p, self.moves(p));
        let mut list = [(0u32, 0u8); 16];
        let mut k = 0;
        let me = usize::from(p.to_move & 3);
        let mut m = reps;
        while m != 0 && k < list.len() {
            let i = m.trailing_zeros() as u8;
            m &= m - 1;
            let score = if tt_best == i + 1 {
                u32::MAX
            } else if self.aim == Aim::Raeuber {
                self.history[me][usize::from(i & 63)] >> 4
            } else {
                self.order(p, i)
            };
            list[k] = (score, i);
            k += 1;
        }
        list[..k].sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        Ordered {
            moves: list,
            len: k,
        }
    }

    /// Räuber's history heuristic: card index `i` of the seat to move in `p` cut off.
    pub(super) fn reward_cutoff(&mut self, p: &Pos, i: u8) {
        let me = usize::from(p.to_move & 3);
        let depth = u32::from(self.total.saturating_sub(p.done));
        let h = &mut self.history[me][usize::from(i & 63)];
        *h = h.saturating_add(depth * depth);
    }

    /// A move-ordering score (higher first) in counter games, for a card played to a trick
    /// already led: a card that takes the trick from the other side, the cheapest such first;
    /// on a trick the own side holds, points (smearing); otherwise the cheapest card. Leads:
    /// see below. Other games: 0.
    fn order(&self, p: &Pos, i: u8) -> u32 {
        if self.aim != Aim::Points {
            return 0;
        }
        let c = Card::from_raw(i);
        if p.len == 0 {
            // A lead: the best live card left of its suit (or the best Trock) first, the
            // more points the better; else the cheapest card.
            let rest = p.hands[0] | p.hands[1] | p.hands[2] | p.hands[3];
            let suit = SUIT_MASKS[usize::from(c.suit_code()).min(4)] as u64 & !self.dead;
            let above = !((1u64 << (i + 1)) - 1);
            let master = (self.dead >> i) & 1 == 0 && rest & suit & above == 0;
            return if master {
                2_000 + 64 * c.points() + u32::from(c.strength()) / 4
            } else {
                1_000 - 64 * c.points() - u32::from(c.strength()) / 4
            };
        }
        let (best, w) = self.trick_winner(p);
        let mine = (w == self.soloist) == (p.to_move == self.soloist);
        let suit_ok = c.is_trock() || (c.suit_code() == p.suit && (self.dead >> i) & 1 == 0);
        let beats = suit_ok && c.strength() > best;
        let points = c.points();
        if mine {
            1_000 + 64 * points - u32::from(c.strength()) / 4
        } else if beats {
            2_000 + 64 * points - u32::from(c.strength())
        } else {
            1_000 - 64 * points - u32::from(c.strength()) / 4
        }
    }
}
