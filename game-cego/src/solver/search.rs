//! The search: MTD(f) with bisection over null-window alpha-beta searches (fail-soft) with
//! the table at trick boundaries, the node budget and the deadline, and plain minimax for the
//! tests.

use super::order::Ordered;
use super::position::Pos;
use super::{Aim, INF, SolveError, Solver};

/// Nodes between two readings of the clock of a [`Solver::set_deadline`] deadline, less one
/// (a mask of the node count).
const CLOCK_EVERY: u64 = 1023;

impl Solver {
    /// The error of an aborted search: the deadline's or the node budget's.
    pub(super) fn abort_error(&self) -> SolveError {
        if self.timed_out {
            SolveError::Deadline
        } else {
            SolveError::Budget(self.budget)
        }
    }

    /// Starts a call that searches: the table allocated, the counters reset, and the deadline
    /// read once (a call begun past it stops at once).
    pub(super) fn start_search(&mut self) {
        self.ensure_table();
        self.nodes = 0;
        self.searches = 0;
        self.aborted = false;
        self.timed_out = false;
        self.check_clock();
    }

    /// Aborts the search when the deadline's clock has reached it.
    fn check_clock(&mut self) {
        if let Some((clock, end)) = &self.deadline {
            if clock() >= *end {
                self.aborted = true;
                self.timed_out = true;
            }
        }
    }

    /// MTD(f) with bisection: null-window searches converging on the exact value. The first
    /// tests follow the fail-soft value as MTD(f) does, with a step that doubles while they
    /// fail the same way; once the value is bounded on both sides, the interval is halved.
    pub(super) fn mtdf(&mut self, p: &Pos, guess: i32) -> i32 {
        let grain = self.grain();
        // What the tests found (fail-soft values), and what the objective allows.
        let (mut lo, mut hi) = (-INF, INF);
        let (rlo, rhi) = self.range(p);
        let mut beta = guess;
        let mut run = 0u32;
        let mut last_low = None;
        loop {
            let (klo, khi) = (lo.max(rlo), hi.min(rhi));
            if klo >= khi {
                return klo;
            }
            // Every test narrows what is known: above `klo` and at most `khi`.
            beta = beta.clamp(klo + 1, khi);
            self.searches += 1;
            let g = self.search(p, beta - 1, beta);
            if self.aborted {
                return g;
            }
            let low = g < beta;
            if low {
                hi = g;
            } else {
                lo = g;
            }
            run = if last_low == Some(low) { run + 1 } else { 0 };
            last_low = Some(low);
            let jump = grain * ((1i32 << run.min(20)) - 1);
            beta = if lo > -INF && hi < INF {
                // Above `lo` and at most `hi` whatever the grain, so that every test narrows.
                let half = (((hi - lo) / grain + 1) / 2).max(1);
                (lo + grain * half).min(hi)
            } else if low {
                (g - jump).max(lo + 1)
            } else {
                (g + grain + jump).min(hi)
            };
        }
    }

    /// Alpha-beta with a table of bounds at trick boundaries (fail-soft).
    pub(super) fn search(&mut self, p: &Pos, mut alpha: i32, mut beta: i32) -> i32 {
        if let Some(v) = self.terminal(p) {
            return v;
        }
        if p.len == 0 && p.done + 1 == self.total {
            if let Some(v) = self.play_out_last_trick(p) {
                return v;
            }
        }
        if self.count_node() {
            return alpha;
        }
        // Bounds at trick boundaries only: within a trick the pile and the cards left are
        // those of the trick's start, where the bounds (tighter there) did not cut, and a
        // null window is the same at every node, so they could not cut here either. (A search
        // of a position within a trick is only begun with a window within its bounds: see
        // `mtdf` and `card_payments`.)
        let bounds = match self.aim {
            Aim::Points if p.len == 0 => Some(self.bounds(p)),
            Aim::Raeuber if p.len == 0 => Some(self.raeuber_bounds(p)),
            _ => None,
        };
        if let Some((lo, hi)) = bounds {
            if let Some(v) = cut(lo, hi, &mut alpha, &mut beta) {
                return v;
            }
        }
        let key = (p.len == 0).then(|| self.key(p));
        let mut tt_best = 0u8;
        if let Some((lo, hi, best)) = key.as_ref().and_then(|key| self.recall(p, key)) {
            if let Some(v) = cut(lo, hi, &mut alpha, &mut beta) {
                return v;
            }
            tt_best = best;
        }
        let window = (alpha, beta);
        let nodes0 = self.nodes;
        let moves = self.ordered_moves(p, tt_best);
        let (best, best_move) = match self.search_moves(p, &moves, alpha, beta) {
            Ok(found) => found,
            Err(alpha) => return alpha,
        };
        if let Some(key) = &key {
            let work = u32::try_from(self.nodes - nodes0).unwrap_or(u32::MAX);
            self.store(key, best, window, best_move, work);
        }
        best
    }

    /// The last trick, forced (every hand holds one card), played out: its value, or `None`
    /// if a hand runs out first.
    fn play_out_last_trick(&self, p: &Pos) -> Option<i32> {
        let mut q = *p;
        loop {
            if let Some(v) = self.terminal(&q) {
                return Some(v);
            }
            let hand = q.hands[usize::from(q.to_move & 3)];
            if hand == 0 {
                return None;
            }
            q = self.play(&q, hand.trailing_zeros() as u8);
        }
    }

    /// Counts a node against the budget (and reads the deadline's clock every
    /// [`CLOCK_EVERY`]` + 1` nodes): whether the search is aborted.
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget {
            self.aborted = true;
        } else if self.nodes & CLOCK_EVERY == 0 {
            self.check_clock();
        }
        self.aborted
    }

    /// Searches `moves` of `p` in turn with the window `(alpha, beta)` until one cuts off: the
    /// best value and its move (its place in the mover's hand in card order + 1), or the
    /// window's `alpha` at that time when the search is aborted.
    fn search_moves(
        &mut self,
        p: &Pos,
        moves: &Ordered,
        mut alpha: i32,
        mut beta: i32,
    ) -> Result<(i32, u8), i32> {
        let maximise = p.to_move == self.hero;
        let me = usize::from(p.to_move & 3);
        let mut best = if maximise { -INF } else { INF };
        let mut best_move = 0u8;
        for i in moves.cards() {
            let q = self.play(p, i);
            let v = self.search(&q, alpha, beta);
            if self.aborted {
                return Err(alpha);
            }
            if (maximise && v > best) || (!maximise && v < best) {
                best = v;
                best_move = (p.hands[me] & ((1u64 << i) - 1)).count_ones() as u8 + 1;
            }
            if maximise {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                if self.aim == Aim::Raeuber {
                    self.reward_cutoff(p, i);
                }
                break;
            }
        }
        Ok((best, best_move))
    }

    /// Plain minimax over every legal card (for tests).
    pub(super) fn minimax(&self, p: &Pos) -> i32 {
        self.minimax_visiting(p, &mut |_, _| {})
    }

    /// [`Solver::minimax`], showing `visit` every position with its value.
    pub(super) fn minimax_visiting(&self, p: &Pos, visit: &mut impl FnMut(&Pos, i32)) -> i32 {
        let v = if let Some(v) = self.terminal(p) {
            v
        } else {
            let maximise = p.to_move == self.hero;
            let mut best = if maximise { i32::MIN } else { i32::MAX };
            let mut m = self.moves(p);
            while m != 0 {
                let i = m.trailing_zeros() as u8;
                m &= m - 1;
                let v = self.minimax_visiting(&self.play(p, i), visit);
                best = if maximise { best.max(v) } else { best.min(v) };
            }
            best
        };
        visit(p, v);
        v
    }
}

/// Narrows the window `(alpha, beta)` to bounds `lo..=hi` of the value: the value itself when
/// the bounds decide the search (a lower bound at or above `beta`, an upper one at or below
/// `alpha`, or the two equal).
fn cut(lo: i32, hi: i32, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
    if lo >= *beta || lo == hi {
        return Some(lo);
    }
    if hi <= *alpha {
        return Some(hi);
    }
    *alpha = (*alpha).max(lo);
    *beta = (*beta).min(hi);
    None
}
