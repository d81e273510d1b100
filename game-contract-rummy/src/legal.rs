//! Legal put-downs (rulings C4-C6): every new meld a hand can form and every card it can add
//! to its owner's melds, with equivalent wilds taken in the fixed order of [`WildOrder`].

use cards_core::card::{Rank, Suit};
use cards_core::seat::Seat;

use crate::action::{Action, End};
use crate::bits::{
    any_lane_at_least, any_window_holding, bit_list, hand_lanes, held_places, lanes_at_least,
    nonzero_lanes, ones, window, windows_holding,
};
use crate::cards::{Card, Hand};
use crate::meld::{HeldWilds, MAX_MELD, MAX_NEW, Meld, MeldBuf, MeldSpec, Shape, WildOrder};
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

fn push_spec(out: &mut Vec<Action>, shape: Shape, buf: &MeldBuf, len: usize) {
    let mut front = [Card::default(); MAX_NEW];
    front.copy_from_slice(&buf[..MAX_NEW]);
    out.push(Action::Meld(MeldSpec::from_front(shape, &front, len)));
}

/// The lanes of the naturals' ranks (2 to King but the wild rank `w`) in a suit's counts as
/// [`hand_lanes`] reads them (rank `r` in lane `r - 1`), by `w` (16: any `w` from 16 on).
const NATURALS: [u128; 17] = {
    let mut t = [0u128; 17];
    let mut w = 0;
    while w < 17 {
        t[w] = ((1u128 << 104) - 1) & !0xff;
        if w >= 2 && w <= 13 {
            t[w] &= !(0xffu128 << (8 * (w - 1)));
        }
        w += 1;
    }
    t
};

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

/// Pushes the sets of `rank` (rulings C4, C5): each choice of its naturals (`c` held per
/// suit) with the first `a` high wilds and `b` wild-rank cards of `held` (at most `hw`, `rw`),
/// of each allowed size.
fn rank_sets(
    rank: Rank,
    c: [u8; 4],
    held: &HeldWilds,
    (hw, rw): (usize, usize),
    sizes: &[u8],
    out: &mut Vec<Action>,
) {
    let mut buf: MeldBuf = [Card::default(); MAX_NEW + 24];
    let cards = Suit::ALL.map(|s| Card::new(rank, s));
    let max = sizes.last().map_or(0, |&m| usize::from(m));
    let c = c.map(usize::from);
    // Each level of the loops writes its suit's cards after those of the levels above: one
    // card as its count goes up by one.
    for v0 in 0..=c[0] {
        if v0 > max {
            break;
        }
        if v0 > 0 {
            buf[v0 - 1] = cards[0];
        }
        for n1 in v0..=v0 + c[1] {
            if n1 > max {
                break;
            }
            if n1 > v0 {
                buf[n1 - 1] = cards[1];
            }
            for n2 in n1..=n1 + c[2] {
                if n2 > max {
                    break;
                }
                if n2 > n1 {
                    buf[n2 - 1] = cards[2];
                }
                for n in n2..=n2 + c[3] {
                    if n > max {
                        break;
                    }
                    if n > n2 {
                        buf[n - 1] = cards[3];
                    }
                    for &size in sizes {
                        let Some(m) = usize::from(size).checked_sub(n) else {
                            continue;
                        };
                        if m > hw + rw {
                            // The sizes go up: no later one can be filled either.
                            break;
                        }
                        for a in m.saturating_sub(rw)..=m.min(hw) {
                            if held.fill_at(a, m - a, &mut buf, n) {
                                push_spec(out, Shape::Set(rank), &buf, usize::from(size));
                            }
                        }
                    }
                }
            }
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

/// Whether no set and no run window can be filled, from the counts per suit `lanes`, their
/// `naturals` and the naturals `per_rank` (as in `new_melds`): a set of rank r needs a size s
/// allowed with s <= its naturals + the wilds held; a run window of `len` places holding k
/// naturals needs len <= k + the wilds held (the fill takes the first wilds of each class, so
/// these are exact). Only the smallest size `min` needs trying: a window of any allowed size
/// that can be filled holds one of `min` places that can.
#[inline(never)]
fn nothing_fits(
    lanes: &[u128; 4],
    per_rank: u128,
    naturals: u128,
    wilds: usize,
    min: usize,
) -> bool {
    if wilds >= min {
        return false;
    }
    let need = min - wilds;
    !any_lane_at_least(per_rank, need)
        && lanes
            .iter()
            .all(|&x| !any_window_holding(held_places(x & naturals), min, need))
}

// The run loops stay in this function on purpose (issue 30, items 6 and 9): split into helpers
// that read a tally through memory in the inner loops, random playouts took 3.5% more
// instructions per action (callgrind, `cards-games`'s `examples/callgrind.rs`). The sets of one
// rank are in `rank_sets`, its inputs passed as values: that measured no worse.
fn new_melds(hand: &Hand, info: RoundInfo, out: &mut Vec<Action>) {
    let w = info.wild;
    let mut buf: MeldBuf = [Card::default(); MAX_NEW + 24];
    // The smallest size allowed (3 to 15; rulings C5).
    let size_bits = info.sizes & !0b111;
    if size_bits == 0 {
        return;
    }
    let min = size_bits.trailing_zeros() as usize;
    let lanes = hand_lanes(hand);
    let per_rank = lanes[0] + lanes[1] + lanes[2] + lanes[3];
    // The high wilds (jokers and Aces) and wild-rank cards (from counts at most 31 per card,
    // so at most 124 of a rank: every use of these is with 15 at most or capped at 12).
    let high_n = usize::from(hand.count(Card::JOKER)) + usize::from(per_rank as u8);
    let rank_n_wild = usize::from((per_rank >> (8 * (info.wild_rank().number() - 1))) as u8);
    let (hw, rw) = (high_n.min(12), rank_n_wild.min(12));
    let naturals = NATURALS[usize::from(w.min(16))];
    // The naturals per rank (rank `r` in lane `r - 1`).
    let rank_n = per_rank & naturals;
    if nothing_fits(&lanes, rank_n, naturals, hw + rw, min) {
        return;
    }
    let (sizes, nsizes) = bit_list(size_bits);
    let sizes = &sizes[..nsizes];
    // The naturals per suit as places.
    let suit_places = lanes.map(|x| nonzero_lanes(x & naturals) << 1);
    let total_wilds = high_n + rank_n_wild;
    // Sets.
    let mut set_held: [Option<HeldWilds>; 2] = [None; 2];
    // The ranks with enough naturals and wilds for a set of the smallest size (bit `r - 1`
    // for rank `r`).
    let mut ranks = lanes_at_least(rank_n, min.saturating_sub(total_wilds)) & 0x1fff;
    while ranks != 0 {
        let rank = Rank::ALL[ranks.trailing_zeros() as usize];
        ranks &= ranks - 1;
        let c = set_naturals(hand, rank, w);
        let group = out.len();
        // Every set but one of Aces takes its wilds in the same order.
        let held = set_held[usize::from(rank == Rank::Ace)]
            .get_or_insert_with(|| meld_order(Shape::Set(rank), 0, info).held(hand));
        rank_sets(rank, c, held, (hw, rw), sizes, out);
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
        let (starts, mut any) = run_starts(places, sizes, total_wilds);
        while any != 0 {
            let lo = any.trailing_zeros() as u8;
            any &= any - 1;
            let group = out.len();
            for (&st, &len) in starts.iter().zip(sizes) {
                if st >> lo & 1 == 0 {
                    continue;
                }
                let hi = lo + len - 1;
                let avail = places & window(lo, hi);
                let k = ones(avail);
                let shape = Shape::Run { suit, lo };
                let ace = lo <= 1 || hi >= 14;
                let wild = (lo..=hi).contains(&w);
                let v = usize::from(ace) + 2 * usize::from(wild);
                let held = variants[v].get_or_insert_with(|| run_order(suit, v, info).held(hand));
                let need_min = usize::from(len).saturating_sub(hw + rw);
                let max_drops = k.saturating_sub(need_min);
                let mut emit = |sub: u16| {
                    let q = ones(sub);
                    let m = usize::from(len) - q;
                    run_cards(suit, sub, &mut buf);
                    for a in m.saturating_sub(rw)..=m.min(hw) {
                        let b = m - a;
                        if held.fill_at(a, b, &mut buf, q) {
                            push_spec(out, shape, &buf, usize::from(len));
                        }
                    }
                };
                if max_drops == 0 {
                    emit(avail);
                } else {
                    // Every subset of the available naturals that leaves out at most
                    // `max_drops`.
                    let (bits, nb) = bit_list(avail);
                    drops(&bits[..nb], 0, max_drops, avail, &mut emit);
                }
            }
            out[group..].sort_unstable();
        }
    }
}

/// Per allowed size, the lowest places of the run windows of a suit whose naturals `places`
/// and `wilds` wilds can fill, as bits; and all of them together.
fn run_starts(places: u16, sizes: &[u8], wilds: usize) -> ([u16; 16], u16) {
    let mut starts = [0u16; 16];
    let mut any = 0u16;
    let most = ones(places) + wilds;
    for (st, &len) in starts.iter_mut().zip(sizes) {
        let len = usize::from(len);
        if len > most {
            // The sizes go up: no window of this size or a larger one can be filled.
            break;
        }
        *st = windows_holding(places, len, len.saturating_sub(wilds)) >> (len - 1);
        any |= *st;
    }
    (starts, any)
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

/// The wilds a hand holds, by class: whether it holds a joker, and the suits of its Aces and
/// of its wild-rank cards as bits (bit `s` for `Suit::ALL[s]`).
#[derive(Clone, Copy)]
struct WildSuits {
    joker: bool,
    aces: u8,
    ranks: u8,
    wild_rank: Rank,
}

impl WildSuits {
    fn of(hand: &Hand, info: RoundInfo) -> WildSuits {
        let wild_rank = info.wild_rank();
        let (mut aces, mut ranks) = (0u8, 0u8);
        for (i, s) in Suit::ALL.into_iter().enumerate() {
            aces |= u8::from(hand.count(Card::new(Rank::Ace, s)) > 0) << i;
            ranks |= u8::from(hand.count(Card::new(wild_rank, s)) > 0) << i;
        }
        WildSuits {
            joker: hand.count(Card::JOKER) > 0,
            aces,
            ranks,
            wild_rank,
        }
    }

    /// Whether the hand holds any wild.
    fn any(self) -> bool {
        self.joker || self.aces | self.ranks != 0
    }

    /// The suit of `mask` wanted: `first` when held, else the lowest held.
    fn pick(mask: u8, first: Option<Suit>) -> Option<Suit> {
        match first {
            Some(s) if mask >> (s as u8) & 1 == 1 => Some(s),
            _ => Suit::ALL.get(mask.trailing_zeros() as usize).copied(),
        }
    }

    /// The first held high wild in the order of [`WildOrder::new`]: in a set of Aces the Aces
    /// by suit, then the joker; at an Ace's place of a run the Ace of `ace_suit`, then the
    /// joker, then the other Aces by suit; elsewhere the joker, then the Aces by suit.
    fn high(self, ace_suit: Option<Suit>, aces_first: bool) -> Option<Card> {
        let ace = |first| Self::pick(self.aces, first).map(|s| Card::new(Rank::Ace, s));
        if let Some(s) = ace_suit.filter(|&s| self.aces >> (s as u8) & 1 == 1) {
            Some(Card::new(Rank::Ace, s))
        } else if aces_first {
            ace(None).or(self.joker.then_some(Card::JOKER))
        } else if self.joker {
            Some(Card::JOKER)
        } else {
            ace(None)
        }
    }

    /// The first held wild-rank card in the order of [`WildOrder::new`]: that of `suit`
    /// first (a run covering the wild rank's place), then by suit.
    fn rank(self, suit: Option<Suit>) -> Option<Card> {
        Self::pick(self.ranks, suit).map(|s| Card::new(self.wild_rank, s))
    }
}

fn additions(hand: &Hand, melds: &[Meld], seat: Seat, info: RoundInfo, out: &mut Vec<Action>) {
    let mut wilds: Option<WildSuits> = None;
    for (i, m) in melds.iter().enumerate() {
        if m.owner() != seat || m.len() >= MAX_MELD {
            continue;
        }
        let wilds = *wilds.get_or_insert_with(|| WildSuits::of(hand, info));
        let meld = i as u8;
        let group = out.len();
        match m.shape() {
            Shape::Set(rank) => set_additions(hand, meld, rank, info, wilds, out),
            Shape::Run { suit, lo } => {
                let hi = lo + m.len() as u8 - 1;
                run_additions(hand, meld, (suit, lo, hi), info, wilds, out);
            }
        }
        if out.len() - group > 1 {
            out[group..].sort_unstable();
        }
    }
}

/// The cards `hand` can add to its set `meld` of `rank`: its naturals, and the first held wild
/// of each class.
fn set_additions(
    hand: &Hand,
    meld: u8,
    rank: Rank,
    info: RoundInfo,
    wilds: WildSuits,
    out: &mut Vec<Action>,
) {
    let add = |card| Action::Add {
        meld,
        card,
        end: End::Own,
    };
    let r = rank.number();
    if r != 1 && r != info.wild {
        for s in Suit::ALL {
            let c = Card::new(rank, s);
            if hand.count(c) > 0 {
                out.push(add(c));
            }
        }
    }
    if wilds.any() {
        let high = wilds.high(None, rank == Rank::Ace);
        for c in [high, wilds.rank(None)].into_iter().flatten() {
            out.push(add(c));
        }
    }
}

/// The cards `hand` can add at either end of its run `meld` of `suit` over places `lo..=hi`:
/// the natural card of the place, and the first held wild of each class.
fn run_additions(
    hand: &Hand,
    meld: u8,
    (suit, lo, hi): (Suit, u8, u8),
    info: RoundInfo,
    wilds: WildSuits,
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
        if wilds.any() {
            let high = wilds.high((p <= 1 || p >= 14).then_some(suit), false);
            let rank = wilds.rank((p == info.wild).then_some(suit));
            for c in [high, rank].into_iter().flatten() {
                out.push(Action::Add { meld, card: c, end });
            }
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
