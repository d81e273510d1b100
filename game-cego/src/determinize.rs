//! Determinization: a full state that agrees with everything one seat knows.

use cards_core::rng::{below, shuffle};
use cards_core::{GameRng, Seat};

use crate::cards::{Card, Kind, NUMERALS, SUIT_MASKS, TROCK, raw, set};
use crate::rules::Contract;
use crate::state::{CegoTrocks, Deal, Phase, State};

#[derive(Clone, Copy)]
enum Loc {
    Hand(usize),
    Legage,
    Cego,
}

/// Redeals the cards `seat` has not seen, consistently with the public knowledge: hand sizes,
/// exposed cards, the Trock discarded face up (and what it says about the cego's other Trocks),
/// voids shown in play, the holder of Trock 1 when an Ulti or Little Man bid revealed it, and a
/// Legage without numerals when a court was exposed as the One Blank (CG8).
/// The soloist of a discard game keeps his Legage (he saw it). After 64 failed random attempts
/// the true deal is returned.
pub fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut out = state.clone();
    if state.over {
        return out;
    }
    let d = &state.deal;
    let me = seat.index();
    let mut locs: Vec<(Loc, usize, u128)> = Vec::with_capacity(6);
    let mut pool = 0u128;
    for o in 0..4 {
        if o == me {
            continue;
        }
        let mut known = raw(d.exposed);
        if d.t1_known.map(Seat::index) == Some(o) {
            known |= Card::T1.bit();
        }
        let hidden = raw(d.hands[o]) & !known;
        let mut allowed = !0u128;
        for (s, mask) in SUIT_MASKS.iter().enumerate() {
            if d.voids[o] & (1 << s) != 0 {
                allowed &= !mask;
            }
        }
        if d.soloist.map(Seat::index) == Some(o) {
            allowed &= trock_allowance(d);
        }
        allowed &= !known;
        pool |= hidden;
        locs.push((Loc::Hand(o), hidden.count_ones() as usize, allowed));
    }
    let soloist_knows_legage = d.soloist.map(Seat::index) == Some(me);
    if !soloist_knows_legage && !d.legage.is_empty() {
        let shown = d.shown.map_or(0, Card::bit);
        let hidden = raw(d.legage) & !shown;
        pool |= hidden;
        // One Blank with a court as the blank: the dealt hand held no numeral (CG8).
        let court_blank =
            d.contract == Some(Contract::OneBlank) && d.exposed.iter().any(Card::is_court);
        let allowed = if court_blank { !NUMERALS } else { !0 } & !shown;
        locs.push((Loc::Legage, hidden.count_ones() as usize, allowed));
    }
    if !d.cego.is_empty() {
        pool |= raw(d.cego);
        locs.push((Loc::Cego, d.cego.len(), !0));
    }
    let mut cards: Vec<Card> = set(pool).iter().collect();
    for _ in 0..64 {
        shuffle(rng, &mut cards);
        cards.sort_by_key(|c| locs.iter().filter(|l| l.2 & c.bit() != 0).count());
        if let Some(assign) = try_assign(&cards, &locs, rng) {
            write_back(&mut out.deal, &locs, &assign);
            return out;
        }
    }
    out
}

fn trock_allowance(d: &Deal) -> u128 {
    if !d.contract.is_some_and(Contract::double_lead) {
        return !0;
    }
    let trocks = SUIT_MASKS[TROCK as usize];
    let keep = |f: &dyn Fn(u8) -> bool| {
        let mut m = !trocks;
        for c in set(trocks).iter() {
            if let Kind::Trock(n) = c.kind() {
                if f(n) {
                    m |= c.bit();
                }
            }
        }
        m
    };
    match d.cego_trocks {
        CegoTrocks::Unknown => !0,
        CegoTrocks::None => !trocks,
        CegoTrocks::Above(x) => keep(&|n| n > x),
        CegoTrocks::Below(x) => keep(&|n| n < x),
    }
}

fn try_assign(cards: &[Card], locs: &[(Loc, usize, u128)], rng: &mut GameRng) -> Option<Vec<u128>> {
    let mut left: Vec<usize> = locs.iter().map(|l| l.1).collect();
    let mut got = vec![0u128; locs.len()];
    for &c in cards {
        let total: usize = locs
            .iter()
            .zip(&left)
            .filter(|(l, n)| **n > 0 && l.2 & c.bit() != 0)
            .map(|(_, n)| *n)
            .sum();
        if total == 0 {
            return None;
        }
        let mut r = below(rng, total as u64) as usize;
        for (i, l) in locs.iter().enumerate() {
            if left[i] > 0 && l.2 & c.bit() != 0 {
                if r < left[i] {
                    got[i] |= c.bit();
                    left[i] -= 1;
                    break;
                }
                r -= left[i];
            }
        }
    }
    Some(got)
}

fn write_back(d: &mut Deal, locs: &[(Loc, usize, u128)], got: &[u128]) {
    for (l, &g) in locs.iter().zip(got) {
        match l.0 {
            Loc::Hand(o) => {
                let keep = raw(d.hands[o]) & !l_hidden(d, o);
                d.hands[o] = set(keep | g);
            }
            Loc::Legage => {
                let shown = d.shown.map_or(0, Card::bit);
                d.legage = set((raw(d.legage) & shown) | g);
            }
            Loc::Cego => {
                let old = d.cego;
                d.cego = set(g);
                if d.cego_dealt == old {
                    d.cego_dealt = d.cego;
                }
            }
        }
    }
    // During the discard of CG13 the soloist's hidden cards are exactly the cego's.
    if let (
        Phase::Discard {
            after_pickup: true, ..
        },
        Some(s),
    ) = (d.phase, d.soloist)
    {
        if d.contract.is_some_and(Contract::double_lead) {
            d.cego_dealt = d.hands[s.index()] - d.exposed;
        }
    }
}

fn l_hidden(d: &Deal, o: usize) -> u128 {
    let mut known = raw(d.exposed);
    if d.t1_known.map(Seat::index) == Some(o) {
        known |= Card::T1.bit();
    }
    raw(d.hands[o]) & !known
}
