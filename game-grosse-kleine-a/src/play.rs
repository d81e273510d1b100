//! The course of a round: legal actions, refusals, and applying an action (A4 to A9).

use cards_core::{Direction, Seat};

use crate::action::{Action, Play};
use crate::cards::{ACard, Cards, JOKER, JOKERS_ONLY_RANK, a_round_rank};
use crate::error::ActionError;
use crate::event::{BySeat, Event, Take};
use crate::round::RoundKind;
use crate::rules::MAX_PLAYERS;
use crate::state::{Deal, State};

/// The ranks `r` in 1 to 13 of which `hand` holds at least `low >= 1` cards, as bit `r` of a
/// mask, computed on all sixteen counts at once (each count is below 128: the pack has 108
/// number cards and jokers). Walk it with `trailing_zeros()`.
#[inline]
fn ranks_with_at_least(hand: &Cards, low: u8) -> u16 {
    const ONES: u64 = u64::from_le_bytes([0x01; 8]);
    // Gathers bit 0 of each of eight bytes into one byte (byte `i` to bit `i`).
    const GATHER: u64 = 0x0102_0408_1020_4080;
    let x = u128::from_le_bytes(hand.0.0);
    // count + (128 - low) reaches bit 7 exactly when count >= low, without carries: each half
    // on its own, in 64-bit arithmetic (a 128-bit product and sum cost more on this hot path).
    let add = ONES * u64::from(0x80u8.wrapping_sub(low));
    let ge = |half: u64| (half.wrapping_add(add) >> 7) & ONES;
    let lo = ge(x as u64).wrapping_mul(GATHER) >> 56;
    let hi = ge((x >> 64) as u64).wrapping_mul(GATHER) >> 56;
    // Slots 1 to 13 are the number cards.
    ((lo | (hi << 8)) as u16) & 0x3ffe
}

/// The number of cards of a hand for a capacity hint: exact while the sum of eight counts stays
/// below 256 (always, in a hand), cheaper than [`Cards::len`].
#[inline]
fn len_hint(hand: &Cards) -> usize {
    const SUM: u64 = 0x0101_0101_0101_0101;
    let x = u128::from_le_bytes(hand.0.0);
    let lo = (x as u64).wrapping_mul(SUM) >> 56;
    let hi = ((x >> 64) as u64).wrapping_mul(SUM) >> 56;
    (lo + hi) as usize
}

/// The leads of a dealt hand (13 cards, four jokers) fit in this many actions.
const LEAD_ROOM: usize = 13 * 5 + 4 + 2;

/// The ranks above `rank`, as bits of a rank mask.
#[inline]
fn ranks_above(rank: u8) -> u16 {
    u16::MAX.checked_shl(u32::from(rank) + 1).unwrap_or(0)
}

/// The raises of a normal round whose lead has `k` cards and whose highest play has rank
/// `rank`, for a hand with `jokers` jokers: a pass, and every play of `k` cards of a higher
/// rank, jokers filling in (A4).
// Inlined into `Deal::legal_into`, as it was written there. Exclusive ranges: they compile to
// tighter loops than inclusive ones on this hot path.
#[allow(clippy::range_plus_one, clippy::inline_always)]
#[inline(always)]
fn raise_into(hand: &Cards, jokers: u8, k: u8, rank: u8, out: &mut Vec<Action>) {
    out.reserve(15);
    out.push(Action::Pass);
    let low = k.saturating_sub(jokers).max(1);
    let mut ranks = ranks_with_at_least(hand, low) & ranks_above(rank);
    if low == k {
        // No room for jokers: one play per rank.
        while ranks != 0 {
            let r = ranks.trailing_zeros() as u8;
            ranks &= ranks - 1;
            out.push(Action::Play(Play::raw(r, k, 0)));
        }
    } else {
        while ranks != 0 {
            let r = ranks.trailing_zeros() as u8;
            ranks &= ranks - 1;
            let c = hand.count(r);
            for n in low..c.min(k) + 1 {
                out.push(Action::Play(Play::raw(r, n, k - n)));
            }
        }
    }
    if rank < JOKERS_ONLY_RANK && jokers >= k {
        out.push(Action::Play(Play::raw(JOKERS_ONLY_RANK, 0, k)));
    }
}

impl Deal {
    /// Writes the legal actions of the seat to move, sorted (the lists of a lead and of a raise
    /// in `lead_into` and `raise_into`, inlined here).
    // Inlined into `Game::legal_actions_into` and from there into the playout loop.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn legal_into(&self, out: &mut Vec<Action>) {
        out.clear();
        let seat = self.turn;
        let hand = self.hand(seat);
        let jokers = hand.count(JOKER);
        match self.kind {
            RoundKind::Open => self.lead_into(seat, hand, jokers, out),
            RoundKind::Normal { k, rank, .. } => raise_into(hand, jokers, k, rank, out),
            RoundKind::ARound { .. } => {
                if hand.playable().is_empty() {
                    out.push(Action::Pass);
                    return;
                }
                let mut ranks = ranks_with_at_least(hand, 1);
                while ranks != 0 {
                    let r = ranks.trailing_zeros() as u8;
                    ranks &= ranks - 1;
                    out.push(Action::Play(Play::raw(r, 1, 0)));
                }
                if jokers > 0 {
                    out.push(Action::Play(Play::raw(JOKERS_ONLY_RANK, 0, 1)));
                }
            }
        }
    }

    /// The leads of `seat` holding `hand` with `jokers` jokers: a pass when it may lead
    /// nothing (A8), else every play of one rank with or without jokers, jokers alone and the A
    /// cards it may lead (A6).
    // Inlined into `legal_into`, as it was written there. Exclusive ranges: they compile to
    // tighter loops than inclusive ones on this hot path.
    #[allow(clippy::range_plus_one, clippy::inline_always)]
    #[inline(always)]
    fn lead_into(&self, seat: Seat, hand: &Cards, jokers: u8, out: &mut Vec<Action>) {
        if !self.can_lead(seat) {
            out.push(Action::Pass);
            return;
        }
        // Room for any dealt hand's leads at least, so that a buffer kept between calls (a
        // playout's) is counted once, not at every lead; a push still grows the buffer when a
        // hand grown by Big A tricks needs more.
        if out.capacity() < LEAD_ROOM {
            out.reserve(LEAD_ROOM.max(len_hint(hand) * (usize::from(jokers) + 1) + 2));
        }
        let mut ranks = ranks_with_at_least(hand, 1);
        if jokers == 0 {
            while ranks != 0 {
                let r = ranks.trailing_zeros() as u8;
                ranks &= ranks - 1;
                for n in 1..hand.count(r) + 1 {
                    out.push(Action::Play(Play::raw(r, n, 0)));
                }
            }
        } else {
            while ranks != 0 {
                let r = ranks.trailing_zeros() as u8;
                ranks &= ranks - 1;
                for n in 1..hand.count(r) + 1 {
                    for j in 0..jokers + 1 {
                        out.push(Action::Play(Play::raw(r, n, j)));
                    }
                }
            }
            for j in 1..jokers + 1 {
                out.push(Action::Play(Play::raw(JOKERS_ONLY_RANK, 0, j)));
            }
        }
        for a in ACard::ALL {
            if self.may_lead_a(seat, a) {
                out.push(Action::LeadA(a));
            }
        }
    }

    /// Why `action` is illegal for the seat to move.
    pub(crate) fn check(&self, action: Action) -> Result<(), ActionError> {
        match self.kind {
            RoundKind::Open => self.check_lead(action),
            RoundKind::Normal { k, rank, .. } => self.check_raise(k, rank, action),
            RoundKind::ARound { .. } => self.check_a_round(action),
        }
    }

    /// Whether the seat to move holds the cards of `p`.
    #[inline]
    fn holds(&self, p: Play) -> bool {
        let hand = self.hand(self.turn);
        (p.naturals() == 0 || hand.count(p.rank()) >= p.naturals())
            && hand.count(JOKER) >= p.jokers()
    }

    /// Why `action` is no lead: a pass while holding a card that may be led (A8), cards not
    /// held, an A card in the round after it was received (A6).
    #[inline]
    fn check_lead(&self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Pass if self.can_lead(self.turn) => Err(ActionError::MustLead),
            Action::Pass => Ok(()),
            Action::Play(p) if self.holds(p) => Ok(()),
            Action::LeadA(a) if self.hand(self.turn).count(a.slot()) > 0 => {
                if self.a_is_blocked(a) {
                    Err(ActionError::AJustTaken { card: a })
                } else {
                    Ok(())
                }
            }
            Action::Play(_) | Action::LeadA(_) => Err(ActionError::NotHeld { action }),
        }
    }

    /// Why `action` is no raise of a normal round whose lead has `k` cards and whose highest
    /// play has rank `rank` (A4, A6).
    #[inline]
    fn check_raise(&self, k: u8, rank: u8, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Pass => Ok(()),
            Action::LeadA(_) => Err(ActionError::AOnlyLed),
            Action::Play(p) if p.len() != k => Err(ActionError::WrongCount {
                needed: k,
                got: p.len(),
            }),
            Action::Play(p) if p.rank() <= rank => Err(ActionError::NotHigher { top: rank }),
            Action::Play(p) if !self.holds(p) => Err(ActionError::NotHeld { action }),
            Action::Play(_) => Ok(()),
        }
    }

    /// Why `action` cannot be played to an A round: a pass while holding a card that may be
    /// played, the other A card, more than one card (A7), cards not held.
    #[inline]
    fn check_a_round(&self, action: Action) -> Result<(), ActionError> {
        match action {
            Action::Pass if self.hand(self.turn).playable().is_empty() => Ok(()),
            Action::Pass => Err(ActionError::MustPlayInARound),
            Action::LeadA(_) => Err(ActionError::OtherAInARound),
            Action::Play(p) if p.len() != 1 => Err(ActionError::OneCardInARound),
            Action::Play(p) if !self.holds(p) => Err(ActionError::NotHeld { action }),
            Action::Play(_) => Ok(()),
        }
    }

    /// Applies a checked action. Returns `true` when the hand is over (A9).
    // Inlined into `State::apply_action` and from there into the playout loop; `end_round` is not.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn apply(
        &mut self,
        action: Action,
        first_a: impl Fn(u16) -> Option<ACard>,
        events: &mut Vec<Event>,
    ) -> bool {
        let seat = self.turn;
        // Seats are below the player count (validated); `min` spares a bounds check.
        let i = seat.index().min(MAX_PLAYERS - 1);
        let round = self.round;
        match (self.kind, action) {
            (RoundKind::Open, Action::Pass) => {
                events.push(Event::LeadPassed { seat, round });
            }
            (_, Action::Pass) => events.push(Event::Passed { seat }),
            (RoundKind::Open, Action::LeadA(a)) => {
                self.hands[i].take(a.slot(), 1);
                self.table.add(a.slot(), 1);
                self.kind = RoundKind::ARound {
                    card: a,
                    rank: 0,
                    winner: seat,
                };
                events.push(Event::Led {
                    seat,
                    round,
                    action,
                });
            }
            (kind, Action::Play(p)) => {
                self.take_play(i, p);
                self.played(kind, seat, p, events);
            }
            // An A card outside a lead is refused by `check`; nothing to do.
            (_, Action::LeadA(_)) => return false,
        }
        self.done |= 1 << seat.0;
        if let Some(a) = self.acts.get_mut(i) {
            *a = action;
        }
        if self.pass_turn(seat) {
            return false;
        }
        self.end_round(first_a, events)
    }

    /// The round after `seat` played `p` (its cards taken) to a round of `kind`: a lead opens a
    /// normal round, a raise tops it, a card played to an A round may win it (A4, A7).
    // Inlined into `apply`, as it was written there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn played(&mut self, kind: RoundKind, seat: Seat, p: Play, events: &mut Vec<Event>) {
        match kind {
            RoundKind::Open => {
                self.kind = RoundKind::Normal {
                    k: p.len(),
                    rank: p.rank(),
                    winner: seat,
                };
                events.push(Event::Led {
                    seat,
                    round: self.round,
                    action: Action::Play(p),
                });
            }
            RoundKind::Normal { k, .. } => {
                self.kind = RoundKind::Normal {
                    k,
                    rank: p.rank(),
                    winner: seat,
                };
                events.push(Event::Raised { seat, play: p });
            }
            RoundKind::ARound { card, rank, winner } => {
                let r = a_round_rank(p.single_slot().unwrap_or(JOKER));
                self.kind = if r > rank {
                    RoundKind::ARound {
                        card,
                        rank: r,
                        winner: seat,
                    }
                } else {
                    RoundKind::ARound { card, rank, winner }
                };
                events.push(Event::Followed { seat, play: p });
            }
        }
    }

    /// Gives the turn to the next seat clockwise after `seat` that has not had its turn and
    /// still holds cards, if any: the seats not done, those after `seat` first. Returns whether
    /// there was one. Without divisions: this runs after every action.
    // Inlined into `apply`, as it was written there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn pass_turn(&mut self, seat: Seat) -> bool {
        // Bits 0 to `players - 1`, and the seats after `seat`: at most 9 players, so neither
        // shift reaches 32 (a shift of 32 or more would be taken modulo 32).
        let table = !u32::MAX.wrapping_shl(u32::from(self.players));
        let after = u32::MAX.wrapping_shl(u32::from(seat.0) + 1);
        let mut todo = !u32::from(self.done) & table;
        while todo != 0 {
            let later = todo & after;
            let s = if later != 0 { later } else { todo }.trailing_zeros();
            if self.hands.get(s as usize).is_some_and(|h| !h.is_empty()) {
                self.turn = Seat(s as u8);
                return true;
            }
            todo &= !(1 << s);
        }
        false
    }

    // Inlined into `apply`, as it was written there (left to itself, the compiler stopped
    // inlining it when the play loop was inlined into the CLI's worker: a call each play).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn take_play(&mut self, i: usize, p: Play) {
        // A play's rank is at most 14 (jokers only), so `& 15` keeps the slot it names.
        let (r, n, j) = (usize::from(p.rank()) & 15, p.naturals(), p.jokers());
        let joker = usize::from(JOKER);
        let (hand, table) = (&mut self.hands[i].0.0, &mut self.table.0.0);
        if n > 0 {
            if hand[r] >= n {
                hand[r] -= n;
            }
            table[r] = table[r].saturating_add(n);
        }
        // Most plays hold no joker: their joker counts stay as they are.
        if j > 0 {
            if hand[joker] >= j {
                hand[joker] -= j;
            }
            table[joker] = table[joker].saturating_add(j);
        }
        // What was known of this hand shrinks by what was played.
        let known = &mut self.known[i].0.0;
        if *known != [0; 16] {
            if n > 0 {
                known[r] -= known[r].min(n);
            }
            known[joker] -= known[joker].min(j);
        }
    }

    /// Ends the round: the trick goes where its kind says, A cards are handed out after rounds
    /// 1 and 2 (A5), and the winner leads the next round. `true` when the hand is over (A9).
    // Once a round (about every fourth action): out of line, so that the inlined `apply` stays
    // small in the playout loop.
    #[inline(never)]
    fn end_round(
        &mut self,
        first_a: impl Fn(u16) -> Option<ACard>,
        events: &mut Vec<Event>,
    ) -> bool {
        let round = self.round;
        let winner = self.take_trick(events);
        // Taking the A card is part of ending the round and comes before the check for the end
        // of the hand (A5 as amended): a winner who played out holds a card again.
        if let Some(a) = first_a(round) {
            if self.middle.take(a.slot(), 1) {
                self.hands[winner.index()].add(a.slot(), 1);
                self.received[a.index()] = round;
                events.push(Event::TookA {
                    seat: winner,
                    card: a,
                });
            }
        }
        let n = self.players().min(MAX_PLAYERS);
        if self.hands[..n].iter().any(Cards::is_empty) {
            return true;
        }
        self.round = round + 1;
        self.opener = winner;
        self.turn = winner;
        self.done = 0;
        self.kind = RoundKind::Open;
        false
    }

    /// The trick of the round just played goes where its kind says (out of play, A4; a
    /// penalty pile or the taker's hand, A7); returns the round's winner.
    // Part of `end_round`, once a round: inlined there.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn take_trick(&mut self, events: &mut Vec<Event>) -> Seat {
        let round = self.round;
        // Each arm pushes its own event: a `(winner, take)` pair built first and pushed after
        // compiles to a byte-wise copy of the trick on this path, taken at every round's end.
        // Each arm reads the table where it lies: a copy of it taken before the match was split
        // into four 32-bit pieces and put together again with about 45 vector instructions.
        let winner = match self.kind {
            RoundKind::Normal { winner, .. } => {
                self.out.add_all(&self.table);
                events.push(Event::RoundWon {
                    seat: winner,
                    round,
                    take: Take::OutOfPlay,
                });
                winner
            }
            // Unreachable: some player can always lead (at most two hands are only A cards).
            RoundKind::Open => {
                events.push(Event::RoundWon {
                    seat: self.opener,
                    round,
                    take: Take::OutOfPlay,
                });
                self.opener
            }
            RoundKind::ARound {
                card: ACard::Little,
                winner,
                ..
            } => {
                let t = self.table;
                self.piles[winner.index()].add_all(&t);
                events.push(Event::RoundWon {
                    seat: winner,
                    round,
                    take: Take::PenaltyPile {
                        cards: t,
                        points: t.pile_penalty(),
                    },
                });
                winner
            }
            RoundKind::ARound {
                card: ACard::Big,
                winner,
                ..
            } => {
                let t = self.table;
                self.hands[winner.index()].add_all(&t);
                self.known[winner.index()].add_all(&t.playable());
                self.received[ACard::Big.index()] = round;
                events.push(Event::RoundWon {
                    seat: winner,
                    round,
                    take: Take::IntoHand { cards: t },
                });
                winner
            }
        };
        self.table = Cards::EMPTY;
        winner
    }
}

impl State {
    /// Applies a checked action, scoring the hand and dealing the next one when it ends.
    // Inlined into `Game::apply_unchecked`; `end_hand` is not.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn apply_action(&mut self, action: Action, events: &mut Vec<Event>) {
        if self.over {
            return;
        }
        let config = &self.config;
        let hand_over = self.deal.apply(action, |r| config.a_for_round(r), events);
        if hand_over {
            self.end_hand(events);
        }
    }

    // Once a hand: kept out of `apply_action`, whose every call would otherwise set up its frame.
    #[inline(never)]
    fn end_hand(&mut self, events: &mut Vec<Event>) {
        let n = usize::from(self.config.players);
        let penalties: BySeat<u16> = Seat::all(n)
            .map(|s| self.deal.hand(s).hand_penalty() + self.deal.piles[s.index()].pile_penalty())
            .collect();
        for (t, p) in self.totals.iter_mut().zip(penalties.iter()) {
            *t += u32::from(*p);
        }
        events.push(Event::HandEnded {
            hand: self.hand + 1,
            penalties,
            totals: BySeat::from_slice(self.totals()),
        });
        // A3: the most penalty points leads; ties go to the first clockwise from the previous
        // first leader.
        let most = penalties.iter().copied().max().unwrap_or(0);
        let leader = self
            .first_leader
            .cycle_from(n, Direction::Clockwise)
            .find(|s| penalties.get(s.index()) == Some(&most))
            .unwrap_or(self.first_leader);
        self.results.push(penalties.to_vec());
        if self.hand + 1 >= self.config.hands {
            self.over = true;
            events.push(Event::MatchEnded {
                totals: BySeat::from_slice(self.totals()),
                winners: self.winners_by_seat(),
            });
            return;
        }
        self.hand += 1;
        self.first_leader = leader;
        self.deal = Deal::shuffled(&self.config, self.seed, self.hand, Some(leader));
        self.push_hand_started(events);
    }

    /// The hand in progress starts: its number and first leader, and each seat's cards.
    fn push_hand_started(&self, events: &mut Vec<Event>) {
        events.push(Event::HandStarted {
            hand: self.hand + 1,
            leader: self.first_leader,
        });
        for s in Seat::all(usize::from(self.config.players)) {
            events.push(Event::Dealt {
                seat: s,
                cards: Some(*self.deal.hand(s)),
                count: self.config.deal_size(),
            });
        }
    }

    /// The events of a fresh match (the first hand dealt from the seed, nothing played yet):
    /// the hand starts and each seat is dealt; none for any other state.
    pub(crate) fn opening(&self) -> Vec<Event> {
        let mut events = Vec::new();
        if State::new_seeded(&self.config, self.seed).is_ok_and(|fresh| fresh == *self) {
            self.push_hand_started(&mut events);
        }
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rank_masks_match_a_plain_count() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for _ in 0..2000 {
            let mut hand = Cards::EMPTY;
            for slot in 0..16u8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                hand.add(slot, (x % 9) as u8);
            }
            for low in 1..=12u8 {
                let mut want = 0u16;
                for r in 1..=13u8 {
                    if hand.count(r) >= low {
                        want |= 1 << r;
                    }
                }
                assert_eq!(ranks_with_at_least(&hand, low), want);
            }
        }
        for rank in 0..=255u8 {
            let want = (1..=13u8)
                .filter(|&r| r > rank)
                .fold(0u16, |m, r| m | (1 << r));
            assert_eq!(ranks_above(rank) & 0x3ffe, want, "rank {rank}");
        }
    }
}
