//! The legal actions (E3): the sorted list of the seat to move, and why an action is refused.

use crate::action::{Action, Play};
use crate::cards::{ACE, JOKER, RANKS, TWO};
use crate::error::ActionError;
use crate::state::State;

/// Why `action` is illegal now.
pub(crate) fn check(state: &State, action: Action) -> Result<(), ActionError> {
    let Some(seat) = state.turn else {
        return Err(ActionError::MatchOver);
    };
    match action {
        Action::Pass => {
            if state.top.is_none() {
                return Err(ActionError::MustLead);
            }
        }
        Action::Play(play) => {
            if play.jokers() > 0 && state.hand == 1 {
                return Err(ActionError::JokersInFirstHand);
            }
            if let Some((_, top)) = state.top {
                if play.len() != top.len() {
                    return Err(ActionError::WrongCount {
                        led: top.len(),
                        played: play.len(),
                    });
                }
                if play.rank() <= top.rank() {
                    return Err(ActionError::NotHigher { top, play });
                }
            }
            if !state.hands[seat.index()].contains_all(&play.cards()) {
                return Err(ActionError::NotHeld { seat, play });
            }
        }
    }
    Ok(())
}

/// The legal actions of the seat to move, sorted (see [`crate::EinerIstImmer`]).
///
/// The hottest path of a playout: the ranks that can be played are found all at once (see
/// [`ranks_with_at_least`]), and only those ranks are visited.
pub(crate) fn legal_into(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let Some(seat) = state.turn else { return };
    let c = &state.hands[seat.index()].0.0;
    out.reserve(BUF);
    let Some((_, t)) = state.top else {
        legal_leads(c, out);
        return;
    };
    if c[usize::from(JOKER)] > 0 {
        legal_responses_with_jokers(c, t, out);
        return;
    }
    // Without jokers: a pass, or exactly k naturals of a rank that beats the top, one play
    // per rank (a play holds at least one card).
    out.push(Action::Pass);
    let k = t.len().max(1);
    let Some(enough) = ranks_with_at_least(c, k) else {
        legal_responses_slow(c, t, out);
        return;
    };
    // The ranks above the top (the top's rank is 2 to Ace).
    let mut playable = enough & ((ACE_BIT << 1) - (2 << (t.rank() & 15)));
    while playable != 0 {
        let r = playable.trailing_zeros() as u8;
        playable &= playable - 1;
        out.push(Action::Play(Play::raw(r, k, 0)));
    }
}

/// Room reserved for a legal list (a response lists at most 80 actions; longer leads take the
/// general path).
const BUF: usize = 96;

/// One in every byte of a `u64`.
const ONES: u64 = u64::MAX / 255;
/// The top bit of every byte of a `u64`.
const HIGH: u64 = ONES << 7;
/// The bits of the natural ranks in a mask of rank slots, 2 to Ace.
const NATURAL_BITS: u32 = (1 << (ACE + 1)) - (1 << TWO);
/// The Ace's bit in a mask of rank slots.
const ACE_BIT: u32 = 1 << ACE;

/// The top bit of each byte of `x`, gathered into the low byte (bit `i` from byte `i`).
const fn gather(x: u64) -> u32 {
    // The bytes' bits land on distinct bits of the top byte, without carries.
    ((x >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32
}

/// The number of natural cards (ranks 2 to Ace) in `c`, summed a byte pair at a time.
fn naturals_held(c: &[u8; 16]) -> u32 {
    const PAIRS: u64 = 0x00FF_00FF_00FF_00FF;
    let bits = u128::from_le_bytes(*c);
    // Slots 0 and 1 are unused and slot 15 holds the jokers.
    let (lo, hi) = (bits as u64 & !0xFFFF, (bits >> 64) as u64 & (u64::MAX >> 8));
    let lanes = (lo & PAIRS) + ((lo >> 8) & PAIRS) + (hi & PAIRS) + ((hi >> 8) & PAIRS);
    // Four 16-bit lanes of at most 1020 each: their sum lands in the top lane.
    (lanes.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

/// The natural ranks (2 to Ace) of which `c` holds at least `low` cards, as a mask of rank
/// slots, computed for all slots at once: with every count below 128, setting each byte's top
/// bit and subtracting `low` from every byte leaves the top bit exactly where the count is at
/// least `low`, without a borrow between bytes. `None` when a count is 128 or more or `low` is
/// more than 128 (never so in a valid state).
fn ranks_with_at_least(c: &[u8; 16], low: u8) -> Option<u32> {
    let bits = u128::from_le_bytes(*c);
    let (lo, hi) = (bits as u64, (bits >> 64) as u64);
    if (lo | hi) & HIGH != 0 || low > 128 {
        return None;
    }
    let sub = u64::from(low) * ONES;
    let mask = gather(((lo | HIGH) - sub) & HIGH) | gather(((hi | HIGH) - sub) & HIGH) << 8;
    Some(mask & NATURAL_BITS)
}

/// Every lead from the hand `c` (see [`legal_into`]).
#[inline(never)]
fn legal_leads(c: &[u8; 16], out: &mut Vec<Action>) {
    let jk = c[usize::from(JOKER)];
    let Some(held) = ranks_with_at_least(c, 1) else {
        legal_leads_slow(c, out);
        return;
    };
    if jk == 0 {
        // Without jokers, one lead per card held: the n-th card of a rank, low to high, leads
        // n of them. One `extend` of known length, so the room is checked once.
        let total = naturals_held(c);
        let (mut left, mut r, mut have, mut n) = (held, 0, 0, 0);
        out.extend((0..total).map(|_| {
            if n == have {
                r = left.trailing_zeros() as u8 & 15;
                left &= left.wrapping_sub(1);
                have = c[usize::from(r)];
                n = 0;
            }
            n += 1;
            Action::Play(Play::raw(r, n, 0))
        }));
        return;
    }
    let mut below_ace = held & !ACE_BIT;
    while below_ace != 0 {
        let r = below_ace.trailing_zeros() as u8;
        below_ace &= below_ace - 1;
        push_leads(out, r, c[usize::from(r)], jk);
    }
    out.extend((1..=jk).map(|j| Action::Play(Play::joker_only(j))));
    if held & ACE_BIT != 0 {
        push_leads(out, ACE, c[usize::from(ACE)], jk);
    }
}

/// Every response to the top play `t` from the hand `c`, which holds jokers (see
/// [`legal_into`]).
#[inline(never)]
fn legal_responses_with_jokers(c: &[u8; 16], t: Play, out: &mut Vec<Action>) {
    out.push(Action::Pass);
    let jk = c[usize::from(JOKER)];
    let k = t.len();
    // n naturals and k - n jokers, n from max(1, k - jokers) to what is held.
    let low = k.saturating_sub(jk).max(1);
    let Some(enough) = ranks_with_at_least(c, low) else {
        legal_responses_slow(c, t, out);
        return;
    };
    // The ranks above the top (the top's rank is 2 to Ace).
    let playable = enough & ((ACE_BIT << 1) - (2 << (t.rank() & 15)));
    let mut below_ace = playable & !ACE_BIT;
    while below_ace != 0 {
        let r = below_ace.trailing_zeros() as u8;
        below_ace &= below_ace - 1;
        push_responses(out, r, c[usize::from(r)], k, low);
    }
    if t.rank() < ACE && jk >= k {
        out.push(Action::Play(Play::joker_only(k)));
    }
    if playable & ACE_BIT != 0 {
        push_responses(out, ACE, c[usize::from(ACE)], k, low);
    }
}

/// Every response after the pass, rank by rank, for hands the fast paths do not take (counts
/// of 128 or more, or plays of more than 128 cards; never so in a valid state).
fn legal_responses_slow(c: &[u8; 16], t: Play, out: &mut Vec<Action>) {
    let jk = c[usize::from(JOKER)];
    let k = t.len();
    let low = k.saturating_sub(jk).max(1);
    for r in t.rank() + 1..=ACE {
        if r == ACE && jk >= k {
            out.push(Action::Play(Play::joker_only(k)));
        }
        for n in low..=c[usize::from(r)].min(k) {
            out.push(Action::Play(Play::raw(r, n, k - n)));
        }
    }
}

/// Every lead, rank by rank, for hands the fast path does not take (counts of 128 or more;
/// never so in a valid state).
fn legal_leads_slow(c: &[u8; 16], out: &mut Vec<Action>) {
    let jk = c[usize::from(JOKER)];
    for r in RANKS {
        if r == ACE {
            for j in 1..=jk {
                out.push(Action::Play(Play::joker_only(j)));
            }
        }
        for n in 1..=c[usize::from(r)] {
            for j in 0..=jk {
                out.push(Action::Play(Play::raw(r, n, j)));
            }
        }
    }
}

/// Pushes every lead of `have` cards of rank `r` (2 to Ace) with up to `jk` jokers, fewest
/// naturals first, then fewest jokers. `have` and `jk` are below 128 (the fast path of
/// [`legal_into`]), and each run is one `extend` of a range, whose length is known in
/// advance, so the room is checked once per run.
fn push_leads(out: &mut Vec<Action>, r: u8, have: u8, jk: u8) {
    for n in 1..=have {
        out.extend((0..=jk).map(|j| Action::Play(Play::raw(r, n, j))));
    }
}

/// Pushes every response of `k` cards at rank `r` (2 to Ace) with `have` of them held: `n`
/// naturals and `k - n` jokers, `n` from `low` to `min(have, k)`.
fn push_responses(out: &mut Vec<Action>, r: u8, have: u8, k: u8, low: u8) {
    let top = have.min(k);
    let mut n = low;
    while n <= top {
        out.push(Action::Play(Play::raw(r, n, k - n)));
        n += 1;
    }
}
