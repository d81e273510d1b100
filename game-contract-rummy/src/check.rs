//! Why a put-down is refused (rulings C4, C5): a new meld of the wrong size, shape or cards, an
//! addition that does not extend its meld, and equivalent wilds not taken in the fixed order of
//! [`WildOrder`].

use cards_core::card::Suit;
use cards_core::seat::Seat;

use crate::action::End;
use crate::cards::{Card, Hand};
use crate::error::ActionError;
use crate::legal::{add_order, canonical_meld, first_held};
use crate::meld::{MAX_MELD, Meld, MeldSpec, Shape, WildOrder};
use crate::rules::RoundInfo;

/// Why a new meld is illegal for `hand` this round, or `Ok`.
pub(crate) fn check_meld(hand: &Hand, spec: &MeldSpec, info: RoundInfo) -> Result<(), ActionError> {
    let size = spec.len();
    if !info.allows(size) {
        let allowed: Vec<String> = info.allowed_sizes().map(|s| s.to_string()).collect();
        return Err(ActionError::SizeNotAllowed {
            size,
            round: info.round,
            allowed: allowed.join(" or "),
        });
    }
    let mut left = *hand;
    for &c in spec.cards() {
        if !left.remove(c) {
            return Err(ActionError::NotInHand { card: c });
        }
    }
    check_shape(spec, info)?;
    let (naturals, high, rank) = classes(spec, info);
    match canonical_meld(hand, spec.shape(), &naturals, high, rank, info) {
        Some(want) if want == *spec => Ok(()),
        Some(want) => {
            let (given, expected) = first_difference(spec.cards(), want.cards());
            Err(ActionError::EquivalentWild { given, expected })
        }
        // Not met: every card of the meld is in the hand (checked above), so are its wilds.
        None => Err(ActionError::NotInHand {
            card: spec.cards().first().copied().unwrap_or(Card::JOKER),
        }),
    }
}

/// The meld's cards fit its shape: a set's naturals are of its rank; a run's are of its suit,
/// within its places and each in its own place, and the run does not wrap (C4).
fn check_shape(spec: &MeldSpec, info: RoundInfo) -> Result<(), ActionError> {
    let size = spec.len();
    match spec.shape() {
        Shape::Set(rank) => {
            if let Some(&c) = spec
                .cards()
                .iter()
                .find(|&&c| !info.is_wild(c) && c.rank() != Some(rank))
            {
                return Err(ActionError::NotASet {
                    card: c,
                    rank: rank.to_string(),
                });
            }
        }
        Shape::Run { suit, lo } => {
            let hi = u16::from(lo) + size as u16 - 1;
            if let Some(&c) = spec
                .cards()
                .iter()
                .find(|&&c| !info.is_wild(c) && c.suit() != Some(suit))
            {
                return Err(ActionError::RunAcrossSuits {
                    card: c,
                    suit: suit.to_string(),
                });
            }
            if lo < 1 || hi > 14 {
                return Err(ActionError::WrappedRun);
            }
            let mut seen = 0u16;
            for &c in spec.cards() {
                if info.is_wild(c) {
                    continue;
                }
                let p = u16::from(c.rank_number());
                if p < u16::from(lo) || p > hi || seen & (1 << p) != 0 {
                    return Err(ActionError::OutOfPlace { card: c });
                }
                seen |= 1 << p;
            }
        }
    }
    Ok(())
}

/// A meld's natural cards, and how many high wilds (jokers, Aces) and wild-rank cards it holds.
fn classes(spec: &MeldSpec, info: RoundInfo) -> (Vec<Card>, usize, usize) {
    let mut naturals = Vec::with_capacity(spec.len());
    let (mut high, mut rank) = (0, 0);
    for &c in spec.cards() {
        if RoundInfo::is_high_wild(c) {
            high += 1;
        } else if info.is_wild(c) {
            rank += 1;
        } else {
            naturals.push(c);
        }
    }
    (naturals, high, rank)
}

/// The first card of `given` missing from `want` and the first card of `want` missing from
/// `given`, counting copies (both sorted, of equal length, and different).
fn first_difference(given: &[Card], want: &[Card]) -> (Card, Card) {
    let extra = |a: &[Card], b: &[Card]| -> Option<Card> {
        let (mut i, mut j) = (0, 0);
        while i < a.len() {
            if j < b.len() && a[i] == b[j] {
                i += 1;
                j += 1;
            } else if j < b.len() && b[j] < a[i] {
                j += 1;
            } else {
                return Some(a[i]);
            }
        }
        None
    };
    let g = extra(given, want).unwrap_or(given[0]);
    let e = extra(want, given).unwrap_or(want[0]);
    (g, e)
}

/// Why adding `card` to meld `meld` is illegal for `seat`, or `Ok`.
pub(crate) fn check_add(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    meld: u8,
    card: Card,
    end: End,
) -> Result<(), ActionError> {
    let n = usize::from(meld) + 1;
    let m = melds
        .get(usize::from(meld))
        .ok_or(ActionError::NoSuchMeld { meld: n })?;
    if m.owner() != seat {
        return Err(ActionError::NotYourMeld {
            meld: n,
            owner: m.owner(),
        });
    }
    if hand.count(card) == 0 {
        return Err(ActionError::NotInHand { card });
    }
    if m.len() >= MAX_MELD {
        return Err(ActionError::DoesNotExtend { card, meld: n });
    }
    let notation = ActionError::Notation {
        expected: format!("add {n} {card}"),
    };
    match m.shape() {
        Shape::Set(rank) => {
            if end != End::Own {
                return Err(notation);
            }
            if info.is_wild(card) {
                canonical_wild(hand, card, &WildOrder::new(m.shape(), 0, 0, info))
            } else if card.rank() == Some(rank) {
                Ok(())
            } else {
                Err(ActionError::DoesNotExtend { card, meld: n })
            }
        }
        Shape::Run { suit, lo } => {
            let hi = lo + m.len() as u8 - 1;
            check_run_add(hand, (card, end), (suit, lo, hi), n, info)
        }
    }
}

/// Adding `card` at `end` of the run numbered `n` of `suit` over places `lo..=hi` (C4): a wild
/// at a free end, the first held of its class; a natural at the place next to an end.
fn check_run_add(
    hand: &Hand,
    (card, end): (Card, End),
    (suit, lo, hi): (Suit, u8, u8),
    n: usize,
    info: RoundInfo,
) -> Result<(), ActionError> {
    let notation = |end: &str| ActionError::Notation {
        expected: format!("add {n} {card}{end}"),
    };
    if info.is_wild(card) {
        let p = match end {
            End::Own => {
                return Err(notation(if lo > 1 { " low" } else { " high" }));
            }
            End::Low if lo > 1 => lo - 1,
            End::High if hi < 14 => hi + 1,
            _ => return Err(ActionError::DoesNotExtend { card, meld: n }),
        };
        return canonical_wild(hand, card, &add_order(suit, p, info));
    }
    let p = card.rank_number();
    if card.suit() != Some(suit) {
        return Err(ActionError::RunAcrossSuits {
            card,
            suit: suit.to_string(),
        });
    }
    if !(p + 1 == lo || p == hi + 1) {
        return Err(ActionError::DoesNotExtend { card, meld: n });
    }
    if end != End::Own {
        return Err(notation(""));
    }
    Ok(())
}

/// A wild `card` added where `order` applies is the first held of its class (rulings C4's
/// fixed order of equivalent wilds).
fn canonical_wild(hand: &Hand, card: Card, order: &WildOrder) -> Result<(), ActionError> {
    let ord: &[Card] = if RoundInfo::is_high_wild(card) {
        &order.high
    } else {
        &order.rank
    };
    match first_held(hand, ord) {
        Some(e) if e != card => Err(ActionError::EquivalentWild {
            given: card,
            expected: e,
        }),
        _ => Ok(()),
    }
}
