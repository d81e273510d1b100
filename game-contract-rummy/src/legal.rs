//! Legal put-downs (rulings C4-C6): every new meld a hand can form and every card it can add
//! to its owner's melds, with equivalent wilds taken in the fixed order of [`WildOrder`].

use cards_core::card::{Rank, Suit};
use cards_core::seat::Seat;

use crate::action::{Action, End};
use crate::cards::{Card, Hand};
use crate::meld::{HeldWilds, MAX_MELD, MAX_NEW, Meld, MeldSpec, Shape, WildOrder};
use crate::rules::RoundInfo;
use crate::state::{Phase, State};

/// The most legal actions any state of any configuration lists.
///
/// The bound is the sum of three parts, each checked by `tests/limits.rs`:
/// - New melds: the listed melds are keyed by shape, natural cards and the number of wilds of
///   each class, and a key listed for a hand stays listed when a card joins the hand. So the
///   whole pack held as one hand lists the most: 645,950 new melds in round 11 when every size
///   from 3 to 13 is allowed (354,534 under the default sizes of rulings C5).
/// - Additions: at most 6 per own meld (a set: four suits and two wild classes; a run: at each
///   end its natural card and two wild classes), and at most 36 melds of 3 cards fit in the
///   pack: 216.
/// - One of `draw`, `done` or `pass`.
///
/// Hands of the dealt size list far fewer (the worst 13-card hand found lists 5325), and the
/// lists met in play are a handful to a few hundred long; see the crate documentation.
pub const MAX_LEGAL_ACTIONS: usize = 645_950 + 6 * 36 + 1;

/// Pushes every legal put-down of `seat` (new melds and additions to its own melds) onto `out`
/// (unsorted).
pub(crate) fn put_downs(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    out: &mut Vec<Action>,
) {
    new_melds(hand, info, out);
    additions(hand, melds, seat, info, out);
}

fn push_spec(out: &mut Vec<Action>, shape: Shape, buf: &[Card]) {
    if let Some(spec) = MeldSpec::new(shape, buf) {
        out.push(Action::Meld(spec));
    }
}

/// Set bits per byte value.
const ONES: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i as u8).count_ones() as u8;
        i += 1;
    }
    t
};

/// The set bits of `x`, by table (`count_ones` is a dozen instructions on CPUs without POPCNT,
/// the baseline the wheels are built for).
fn ones(x: u16) -> usize {
    usize::from(ONES[usize::from(x & 0xff)] + ONES[usize::from(x >> 8)])
}

/// Places `lo..=hi` (at most 15) as bits.
fn window(lo: u8, hi: u8) -> u16 {
    ((1u32 << (hi + 1)) - (1u32 << lo)) as u16
}

/// The set bits of `x`, lowest first, as places (`.0[..n]`, `n` = `.1`).
fn bit_list(x: u16) -> ([u8; 16], usize) {
    let mut bits = [0u8; 16];
    let mut n = 0;
    let mut rest = x;
    while rest != 0 {
        bits[n] = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        n += 1;
    }
    (bits, n)
}

/// What a hand holds towards new melds (rulings C4, C5): its high wilds (jokers and Aces) and
/// wild-rank cards, counted straight from the hand (the counts `WildOrder::held` gives every
/// order, at most 12 of a class), and its naturals (2 to King, not the wild rank) per rank and
/// as places per suit.
struct Tally {
    high: usize,
    rank: usize,
    per_rank: [u16; 14],
    places: [u16; 4],
}

// Not inlined, like `nothing_fits`: set-up run once per list, kept out of `new_melds` so that
// its loops compile as they did whole (inlined, random playouts took 0.6% to 4% more
// instructions per action under callgrind).
#[inline(never)]
fn tally(hand: &Hand, info: RoundInfo) -> Tally {
    let (w, wild_rank) = (info.wild, info.wild_rank());
    let (mut high, mut rank) = (usize::from(hand.count(Card::JOKER)), 0usize);
    for s in Suit::ALL {
        high += usize::from(hand.count(Card::new(Rank::Ace, s)));
        rank += usize::from(hand.count(Card::new(wild_rank, s)));
    }
    // One pass over the hand, rank by rank.
    let counts = hand.counts();
    let mut per_rank = [0u16; 14];
    let mut places = [0u16; 4];
    for (r, n) in per_rank.iter_mut().enumerate().skip(2) {
        let i = r - 1;
        let c = [counts[i], counts[13 + i], counts[26 + i], counts[39 + i]];
        *n = c.iter().map(|&x| u16::from(x)).sum();
        for (sp, &x) in places.iter_mut().zip(&c) {
            *sp |= u16::from(x > 0) << r;
        }
    }
    let not_wild = !1u16.checked_shl(u32::from(w)).unwrap_or(0);
    for sp in &mut places {
        *sp &= not_wild;
    }
    if let Some(n) = per_rank.get_mut(usize::from(w)) {
        *n = 0;
    }
    Tally {
        high,
        rank,
        per_rank,
        places,
    }
}

/// The allowed sizes of a new meld (3 to 15; rulings C5): the smallest, the largest and the
/// list, or `None` when no size is allowed.
fn new_sizes(info: RoundInfo) -> Option<(usize, usize, ([u8; 16], usize))> {
    let size_bits = info.sizes & !0b111;
    if size_bits == 0 {
        return None;
    }
    let min = size_bits.trailing_zeros() as usize;
    let max = 15 - size_bits.leading_zeros() as usize;
    Some((min, max, bit_list(size_bits)))
}

/// The naturals of `rank` held per suit towards a set: none for Aces and the wild rank `w`
/// (those are wilds).
fn set_naturals(hand: &Hand, rank: Rank, w: u8) -> [u8; 4] {
    let r = rank.number();
    let natural = r != 1 && r != w;
    Suit::ALL.map(|s| {
        if natural {
            hand.count(Card::new(rank, s))
        } else {
            0
        }
    })
}

/// Writes `v[i]` cards of `rank` in suit `i`, suit by suit, to the front of `buf`.
fn set_cards(rank: Rank, v: [u8; 4], buf: &mut [Card]) {
    let mut k = 0;
    for (s, &cnt) in Suit::ALL.iter().zip(v.iter()) {
        for _ in 0..cnt {
            buf[k] = Card::new(rank, *s);
            k += 1;
        }
    }
}

/// Writes the cards of `suit` at the places set in `sub`, lowest first, to the front of `buf`.
fn run_cards(suit: Suit, sub: u16, buf: &mut [Card]) {
    let mut k = 0;
    let mut b = sub;
    while b != 0 {
        let p = b.trailing_zeros() as u8;
        b &= b - 1;
        buf[k] = Card::at_place(suit, p);
        k += 1;
    }
}

/// The wild order of a run window of `suit` by its kind `v`: 0 covers neither an Ace's place
/// (1 or 14) nor the wild rank's, 1 an Ace's place only, 2 the wild rank's only, 3 both (place
/// 2 is never the wild rank, which is 3 or more).
fn run_order(suit: Suit, v: usize, info: RoundInfo) -> WildOrder {
    let (lo, hi) = [(2, 2), (1, 1), (info.wild, info.wild), (1, 14)][v];
    WildOrder::new(Shape::Run { suit, lo }, lo, hi, info)
}

/// Whether no set and no run window can be filled: a set of rank r needs a size s allowed
/// with s <= its naturals + the wilds held; a run window of `len` places holding k naturals
/// needs len <= k + the wilds held (the fill takes the first wilds of each class, so these
/// are exact).
#[inline(never)]
fn nothing_fits(t: &Tally, wilds: usize, min: usize, sizes: &[u8]) -> bool {
    wilds < min
        && usize::from(t.per_rank.iter().fold(0, |m, &x| m.max(x))) + wilds < min
        && t.places.iter().all(|&p| {
            ones(p) + wilds < min
                || !sizes.iter().any(|&len| {
                    (1..=12u8).any(|lo| {
                        let hi = lo + len - 1;
                        hi <= 14 && ones(p & window(lo, hi)) + wilds >= usize::from(len)
                    })
                })
        })
}

// The loops stay in one function on purpose (issue 30, items 6 and 9): split into set and run
// helpers that read a tally through memory in the inner loops, random playouts took 3.5% more
// instructions per action (callgrind). Only the set-up and the filling of the buffer are in
// helpers, the tally copied into locals: 0.6% more than whole (`cards-games`'s `examples/callgrind.rs`, `contract-rummy 100 1 matches`).
fn new_melds(hand: &Hand, info: RoundInfo, out: &mut Vec<Action>) {
    let w = info.wild;
    let mut buf = [Card::default(); MAX_NEW];
    let Some((min, max, (sizes, nsizes))) = new_sizes(info) else {
        return;
    };
    let sizes = &sizes[..nsizes];
    let t = tally(hand, info);
    let (high_n, rank_n_wild, rank_n, suit_places) = (t.high, t.rank, t.per_rank, t.places);
    let total_wilds = high_n + rank_n_wild;
    let (hw, rw) = (high_n.min(12), rank_n_wild.min(12));
    if nothing_fits(&t, hw + rw, min, sizes) {
        return;
    }
    // Sets.
    let mut set_held: [Option<HeldWilds>; 2] = [None; 2];
    for rank in Rank::ALL {
        let r = rank.number();
        if usize::from(rank_n[usize::from(r)]) + total_wilds < min {
            continue;
        }
        let c = set_naturals(hand, rank, w);
        if usize::from(c[0] + c[1] + c[2] + c[3]) + total_wilds < min {
            continue;
        }
        let group = out.len();
        // Every set but one of Aces takes its wilds in the same order.
        let held = *set_held[usize::from(rank == Rank::Ace)]
            .get_or_insert_with(|| meld_order(Shape::Set(rank), 0, info).held(hand));
        for v0 in 0..=c[0] {
            for v1 in 0..=c[1] {
                for v2 in 0..=c[2] {
                    for v3 in 0..=c[3] {
                        let n = usize::from(v0 + v1 + v2 + v3);
                        if n > max {
                            continue;
                        }
                        set_cards(rank, [v0, v1, v2, v3], &mut buf);
                        for a in 0..=hw {
                            for b in 0..=rw {
                                let size = n + a + b;
                                if size > max {
                                    break;
                                }
                                if size < 3 || !info.allows(size) {
                                    continue;
                                }
                                if held.fill(a, b, &mut buf[n..size]) {
                                    push_spec(out, Shape::Set(rank), &buf[..size]);
                                }
                            }
                        }
                    }
                }
            }
        }
        out[group..].sort_unstable();
    }
    // Runs.
    for suit in Suit::ALL {
        let places = suit_places[suit as usize];
        if ones(places) + total_wilds < min {
            continue;
        }
        // The held wilds in preference order for the four kinds of window (`run_order`),
        // each computed when first needed.
        let mut variants: [Option<HeldWilds>; 4] = [None; 4];
        for lo in 1..=12u8 {
            let group = out.len();
            for &len in sizes {
                let hi = lo + len - 1;
                if hi > 14 {
                    break;
                }
                let avail = places & window(lo, hi);
                let k = ones(avail);
                if k + total_wilds < usize::from(len) {
                    continue;
                }
                let shape = Shape::Run { suit, lo };
                let ace = lo <= 1 || hi >= 14;
                let wild = (lo..=hi).contains(&w);
                let v = usize::from(ace) + 2 * usize::from(wild);
                let held = variants[v].get_or_insert_with(|| run_order(suit, v, info).held(hand));
                let need_min = usize::from(len).saturating_sub(hw + rw);
                let max_drops = k.saturating_sub(need_min);
                let (bits, nb) = bit_list(avail);
                // Every subset of the available naturals that leaves out at most `max_drops`.
                drops(&bits[..nb], 0, max_drops, avail, &mut |sub: u16| {
                    let q = ones(sub);
                    let m = usize::from(len) - q;
                    run_cards(suit, sub, &mut buf);
                    for a in m.saturating_sub(rw)..=m.min(hw) {
                        let b = m - a;
                        if held.fill(a, b, &mut buf[q..q + m]) {
                            push_spec(out, shape, &buf[..usize::from(len)]);
                        }
                    }
                });
            }
            out[group..].sort_unstable();
        }
    }
}

/// Calls `f` with `mask` minus every choice of at most `left` of `bits[from..]`.
fn drops(bits: &[u8], from: usize, left: usize, mask: u16, f: &mut impl FnMut(u16)) {
    f(mask);
    if left == 0 {
        return;
    }
    for i in from..bits.len() {
        drops(bits, i + 1, left - 1, mask & !(1 << bits[i]), f);
    }
}

/// The first held card of `order`.
pub(crate) fn first_held(hand: &Hand, order: &[Card]) -> Option<Card> {
    order.iter().copied().find(|&c| hand.count(c) > 0)
}

/// The wild order for a card added at `place` of a run of `suit`.
pub(crate) fn add_order(suit: Suit, place: u8, info: RoundInfo) -> WildOrder {
    WildOrder::new(Shape::Run { suit, lo: place }, place, place, info)
}

/// The first held high wild and wild-rank card of a [`WildOrder`], computed once per order.
type FirstHeld = Option<(Option<Card>, Option<Card>)>;

fn first_held_pair(hand: &Hand, order: &WildOrder) -> (Option<Card>, Option<Card>) {
    (first_held(hand, &order.high), first_held(hand, &order.rank))
}

fn additions(hand: &Hand, melds: &[Meld], seat: Seat, info: RoundInfo, out: &mut Vec<Action>) {
    // The orders met here: a set of Aces or of another rank (0, 1), and a card added at one
    // end of a run, by suit and by whether that place is an Ace's (1 or 14) and the wild
    // rank's (2 + 4 * suit + ace + 2 * wild).
    let mut memo: [FirstHeld; 18] = [None; 18];
    for (i, m) in melds.iter().enumerate() {
        if m.owner() != seat || m.len() >= MAX_MELD {
            continue;
        }
        let meld = i as u8;
        let group = out.len();
        match m.shape() {
            Shape::Set(rank) => set_additions(hand, meld, rank, info, &mut memo, out),
            Shape::Run { suit, lo } => {
                let hi = lo + m.len() as u8 - 1;
                run_additions(hand, meld, (suit, lo, hi), info, &mut memo, out);
            }
        }
        out[group..].sort_unstable();
    }
}

/// The cards `hand` can add to its set `meld` of `rank`: its naturals, and the first held wild
/// of each class.
fn set_additions(
    hand: &Hand,
    meld: u8,
    rank: Rank,
    info: RoundInfo,
    memo: &mut [FirstHeld; 18],
    out: &mut Vec<Action>,
) {
    let r = rank.number();
    if r != 1 && r != info.wild {
        for s in Suit::ALL {
            let c = Card::new(rank, s);
            if hand.count(c) > 0 {
                out.push(Action::Add {
                    meld,
                    card: c,
                    end: End::Own,
                });
            }
        }
    }
    let (high, wild) = *memo[usize::from(rank == Rank::Ace)].get_or_insert_with(|| {
        first_held_pair(hand, &WildOrder::new(Shape::Set(rank), 0, 0, info))
    });
    for c in [high, wild].into_iter().flatten() {
        out.push(Action::Add {
            meld,
            card: c,
            end: End::Own,
        });
    }
}

/// The cards `hand` can add at either end of its run `meld` of `suit` over places `lo..=hi`:
/// the natural card of the place, and the first held wild of each class.
fn run_additions(
    hand: &Hand,
    meld: u8,
    (suit, lo, hi): (Suit, u8, u8),
    info: RoundInfo,
    memo: &mut [FirstHeld; 18],
    out: &mut Vec<Action>,
) {
    for (ok, p, end) in [
        (lo > 1, lo.wrapping_sub(1), End::Low),
        (hi < 14, hi + 1, End::High),
    ] {
        if !ok {
            continue;
        }
        if (2..=13).contains(&p) && p != info.wild {
            let c = Card::at_place(suit, p);
            if hand.count(c) > 0 {
                out.push(Action::Add {
                    meld,
                    card: c,
                    end: End::Own,
                });
            }
        }
        let key = 2
            + 4 * suit as usize
            + usize::from(p <= 1 || p >= 14)
            + 2 * usize::from(p == info.wild);
        let (high, wild) =
            *memo[key].get_or_insert_with(|| first_held_pair(hand, &add_order(suit, p, info)));
        for c in [high, wild].into_iter().flatten() {
            out.push(Action::Add { meld, card: c, end });
        }
    }
}

/// Whether `seat` can put anything down.
pub(crate) fn can_put_down(hand: &Hand, melds: &[Meld], seat: Seat, info: RoundInfo) -> bool {
    let mut v = Vec::new();
    put_downs(hand, melds, seat, info, &mut v);
    !v.is_empty()
}

/// The wild order of a new meld of `shape` with `len` cards (a run covers `lo ..= lo + len - 1`).
pub(crate) fn meld_order(shape: Shape, len: usize, info: RoundInfo) -> WildOrder {
    match shape {
        Shape::Set(_) => WildOrder::new(shape, 0, 0, info),
        Shape::Run { lo, .. } => {
            let hi = usize::from(lo) + len.max(1) - 1;
            WildOrder::new(shape, lo, u8::try_from(hi).unwrap_or(u8::MAX), info)
        }
    }
}

/// The one meld of `shape` that holds `naturals`, `high` high wilds and `rank` wild-rank cards
/// of `hand`: its wilds are the first of the hand's wilds in the meld's [`WildOrder`] (rulings
/// C3). Legal-action generation lists exactly these melds, `check` accepts only them, and typed
/// melds are rewritten into them. `None` when the hand holds too few wilds or the meld would
/// pass 13 cards. The shape is not checked.
pub(crate) fn canonical_meld(
    hand: &Hand,
    shape: Shape,
    naturals: &[Card],
    high: usize,
    rank: usize,
    info: RoundInfo,
) -> Option<MeldSpec> {
    let len = naturals.len() + high + rank;
    if len > MAX_NEW {
        return None;
    }
    let mut buf = [Card::default(); MAX_NEW];
    buf[..naturals.len()].copy_from_slice(naturals);
    let held = meld_order(shape, len, info).held(hand);
    if !held.fill(high, rank, &mut buf[naturals.len()..len]) {
        return None;
    }
    MeldSpec::new(shape, &buf[..len])
}

/// Rewrites the equivalent wilds of a typed action into the fixed order (C3), so that a player
/// may write any joker or Ace and get the same meld; other actions are returned unchanged.
pub fn canonicalize(state: &State, action: Action) -> Action {
    let Phase::Turn { seat, .. } = state.phase else {
        return action;
    };
    let hand = state.hand(seat);
    let info = *state.round_info();
    match action {
        Action::Meld(spec) => {
            let naturals: Vec<Card> = spec
                .cards()
                .iter()
                .copied()
                .filter(|&c| !info.is_wild(c))
                .collect();
            let high = spec
                .cards()
                .iter()
                .filter(|&&c| RoundInfo::is_high_wild(c))
                .count();
            let rank = spec.len() - naturals.len() - high;
            canonical_meld(hand, spec.shape(), &naturals, high, rank, info)
                .map_or(action, Action::Meld)
        }
        Action::Add { meld, card, end } if info.is_wild(card) => {
            let Some(m) = state.melds().get(usize::from(meld)) else {
                return action;
            };
            let order = match (m.window(), end) {
                (Some((suit, lo, _)), End::Low) => {
                    let p = lo.saturating_sub(1);
                    WildOrder::new(Shape::Run { suit, lo: p }, p, p, info)
                }
                (Some((suit, _, hi)), End::High) => {
                    let p = hi + 1;
                    WildOrder::new(Shape::Run { suit, lo: p }, p, p, info)
                }
                _ => WildOrder::new(m.shape(), 0, 0, info),
            };
            let class: &[Card] = if RoundInfo::is_high_wild(card) {
                &order.high
            } else {
                &order.rank
            };
            let pick = class.iter().copied().find(|&c| hand.count(c) > 0);
            Action::Add {
                meld,
                card: pick.unwrap_or(card),
                end,
            }
        }
        a => a,
    }
}
