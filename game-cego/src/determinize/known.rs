//! What the public play tells about the hidden cards: voids and the Ulti hold-back (cards a
//! hand may not hold), the bids (what a dealt hand must have held), where the soloist's hidden
//! cards came from, and what the cego and the Legage may hold.

use crate::action::Action;
use crate::cards::{Card, Kind, NUMERALS, SUIT_MASKS, set};
use crate::contract::Contract;
use crate::state::{CegoTrocks, Deal, Phase, State};

use super::{Origin, TROCKS};

/// Cards each hand may not hold now: the suits it showed void in, and every Trock for an Ulti
/// soloist whose Trock 1 went before the last trick as his only legal card (CG9).
pub(super) fn banned(state: &State, soloist: Option<usize>) -> [u128; 4] {
    let d = &state.deal;
    let mut banned = [0u128; 4];
    for (b, &v) in banned.iter_mut().zip(&d.voids) {
        for (s, mask) in SUIT_MASKS.iter().enumerate() {
            if v & (1 << s) != 0 {
                *b |= mask;
            }
        }
    }
    if let Some(s) = soloist {
        if state.config.ulti_must_hold_back
            && d.contract == Some(Contract::Ulti)
            && t1_went_early(d)
        {
            // Trock 1 before trick 11 was his only legal card: he held no other Trock.
            banned[s] |= TROCKS;
        }
    }
    banned
}

/// The contracts each seat bid or held (bit per contract): its dealt hand could play them.
pub(super) fn needs(d: &Deal) -> [u16; 4] {
    let mut needs = [0u16; 4];
    let mut last_bid = None;
    for &(s, a) in &d.calls {
        let c = match a {
            Action::Bid(c) => {
                last_bid = Some(c);
                Some(c)
            }
            Action::Hold => last_bid,
            _ => None,
        };
        if let (Some(c), Some(n)) = (c, needs.get_mut(s.index())) {
            *n |= 1 << c as u8;
        }
    }
    needs
}

/// Where the soloist's hidden cards came from, as `me` sees it.
pub(super) fn origin(d: &Deal, me: usize, soloist: Option<usize>) -> Origin {
    let after_pickup = matches!(
        d.phase,
        Phase::Discard {
            after_pickup: true,
            ..
        }
    );
    if !d.cego.is_empty() {
        return Origin::Lying;
    }
    if !d.contract.is_some_and(Contract::takes_cego) || soloist == Some(me) || soloist.is_none() {
        return Origin::Keep;
    }
    match d.contract {
        Some(Contract::Cego) if after_pickup => Origin::CegoPending,
        Some(Contract::Cego) => Origin::Cego,
        Some(Contract::OneCard) => Origin::OneCard,
        _ if after_pickup => Origin::NoTrockPending,
        Some(Contract::TwoBlanks | Contract::TwoDifferent) if d.shown.is_none() => Origin::NoTrock,
        Some(Contract::TwoBlanks | Contract::TwoDifferent) => Origin::Shown,
        _ => Origin::Kept,
    }
}

/// Whether the Ulti soloist played Trock 1 before the last trick (11, 13 at three players).
pub(super) fn t1_went_early(d: &Deal) -> bool {
    let last = d.tricks_per_deal();
    let in_history = d
        .history
        .iter()
        .any(|t| t.number < last && t.cards().contains(&Card::T1));
    let on_table = d.phase == Phase::Play
        && d.trick_no + 1 < last
        && d.tricks[0].cards.iter().flatten().any(|&c| c == Card::T1);
    in_history || on_table
}

/// The cards the soloist's hidden hand may hold after the forced discard of Two Blanks / Two
/// Different: they all came from the cego, whose Trocks are all above (Two Blanks) or below
/// (Two Different) the shown one, or which held none.
pub(super) fn trock_allowance(d: &Deal) -> u128 {
    if !d.contract.is_some_and(Contract::double_lead) {
        return !0;
    }
    let keep = |f: &dyn Fn(u8) -> bool| {
        let mut m = !TROCKS;
        for c in set(TROCKS).iter() {
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
        CegoTrocks::None => !TROCKS,
        CegoTrocks::Above(x) => keep(&|n| n > x),
        CegoTrocks::Below(x) => keep(&|n| n < x),
    }
}

/// The cards the hidden Legage (the soloist's dealt cards less the kept ones) may hold when the
/// exposure says what the dealt hand lacked (CG8): no numeral after a court blank in One Blank
/// or two courts in Two Different; numerals of the exposed numeral's suit only after one court in
/// Two Different. (Under CG13 the Legage also holds a cego card: no mask then.)
pub(super) fn legage_allowance(d: &Deal) -> u128 {
    let courts: Vec<Card> = d.exposed.iter().filter(|c| c.is_court()).collect();
    if courts.is_empty() {
        return !0;
    }
    let numeral_suit = d
        .exposed
        .iter()
        .find(|c| c.is_numeral())
        .map(|n| NUMERALS & SUIT_MASKS[n.suit_code() as usize]);
    match d.contract {
        Some(Contract::OneBlank) => !NUMERALS,
        // No suit of the dealt hand had two numerals: none more of the exposed numeral's suit.
        Some(Contract::TwoBlanks) if d.shown.is_some() => !numeral_suit.unwrap_or(0),
        Some(Contract::TwoDifferent) if d.shown.is_some() => match numeral_suit {
            Some(suit) => !(NUMERALS & !suit),
            None => !NUMERALS,
        },
        _ => !0,
    }
}
