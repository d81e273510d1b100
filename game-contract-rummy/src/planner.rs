//! Going out as the rules allow it in one turn, for the search bots' rollout policy and
//! estimate (see the crate documentation, "Search bots").
//!
//! A new meld must have an allowed size (C5), but cards added to one's own melds are not bound
//! by it (C6), and a turn may put down a meld and then add to it. So in one turn a hand can go
//! down in melds of any size from the smallest allowed one up, and once one meld is down the
//! spare wilds can be added to it. The meld solver ([`crate::solve`]) counts new melds of the
//! allowed sizes only: in round 1 it sees no way out for `7h 8h Jk As` (the Ace is left), which
//! goes out as `7h 8h Jk=9h` and then `add 1 As high`.

use std::cell::RefCell;
use std::collections::HashMap;

use cards_core::seat::Seat;

use crate::action::{Action, End};
use cards_core::card::Suit;

use crate::cards::{Card, Hand};
use crate::meld::{Meld, Shape};
use crate::rules::{RoundInfo, card_points};
use crate::solver::leftover;

/// A hand, its owner's melds and the round as a key of the memo: 2 bits a suited face and 3
/// for the jokers; 12 bits a meld (set rank, or run suit and window), at most 5 melds.
type Key = (u128, u64, u32);

fn key(hand: &Hand, own: &[Meld], info: RoundInfo) -> Option<Key> {
    if own.len() > 5 {
        return None;
    }
    let mut h: u128 = 0;
    for (i, &n) in hand.counts().iter().enumerate() {
        if i < 52 {
            if n > 3 {
                return None;
            }
            h |= u128::from(n) << (2 * i);
        } else {
            h |= u128::from(n.min(7)) << 104;
        }
    }
    let mut m: u64 = 0;
    for (i, meld) in own.iter().enumerate() {
        let code = match (meld.shape(), meld.window()) {
            (_, Some((suit, lo, hi))) => {
                (2 << 10) | ((suit as u64) << 8) | (u64::from(lo) << 4) | u64::from(hi & 15)
            }
            (Shape::Set(r), _) => (1 << 10) | u64::from(r.number()),
            (Shape::Run { .. }, None) => return None,
        };
        m |= code << (12 * i);
    }
    Some((h, m, u32::from(info.round) | (u32::from(info.sizes) << 8)))
}

/// The memo of [`can_go_out`] and [`dump`], one per thread: the search asks about the same
/// hands again and again (the deciding seat's own above all). It only remembers answers, so
/// the results do not depend on it.
#[derive(Default)]
struct Cache {
    out: HashMap<Key, bool>,
    dump: HashMap<Key, (usize, u32)>,
    exact: HashMap<Key, (usize, u32)>,
}

impl Cache {
    fn trim(&mut self) {
        if self.out.len() + self.dump.len() + self.exact.len() > 200_000 {
            self.out.clear();
            self.dump.clear();
            self.exact.clear();
        }
    }
}

thread_local! {
    static CACHE: RefCell<Cache> = RefCell::new(Cache::default());
}

/// A quick necessary condition for going out: a natural card with no other natural of its
/// rank and none of its suit near enough for the hand's wilds to bridge the gap can only go
/// into a meld with wilds alone, which takes `smallest size - 1` of them.
fn may_go_out(hand: &Hand, own: &[Meld], info: RoundInfo) -> bool {
    if !own.is_empty() {
        // Additions to the table make the condition complicated; ask the solver.
        return true;
    }
    let counts = hand.counts();
    let wilds = hand.iter().filter(|&c| info.is_wild(c)).count();
    let reach = wilds + 1;
    let mut alone = 0;
    for i in 0..52 {
        let n = counts[i];
        if n == 0 {
            continue;
        }
        let Some(c) = crate::cards::Card::from_index(i) else {
            continue;
        };
        if info.is_wild(c) || n >= 2 {
            continue;
        }
        let r = i % 13;
        let s = i / 13;
        let same_rank = (0..4).any(|t| t != s && counts[t * 13 + r] > 0);
        let near = (0..13).any(|q| {
            q != r
                && q.abs_diff(r) <= reach
                && counts[s * 13 + q] > 0
                && crate::cards::Card::from_index(s * 13 + q).is_some_and(|d| !info.is_wild(d))
        });
        if !same_rank && !near {
            alone += 1;
        }
    }
    alone * (min_size(info) - 1) <= wilds
}

/// Hands bigger than this are not handed to the solver (its time grows steeply with the
/// hand): they are taken not to go out and to leave half their cards and points.
pub(crate) const SOLVER_HAND_LIMIT: usize = 22;

/// The `expert`'s limit for its own hand's puzzles (going out, a final turn, an empty stock),
/// in place of [`SOLVER_HAND_LIMIT`] and [`EXACT_FINAL_LIMIT`]: one solve of a hand this big
/// takes tens of milliseconds, once a decision rather than at every node of a search.
pub(crate) const EXPERT_HAND_LIMIT: usize = 30;

/// In the estimate's race, hands bigger than this go out only when the greedy melds of
/// [`greedy_dump`] take them down completely (the exact solver is not asked).
pub(crate) const RACE_OUT_LIMIT: usize = 12;

/// Hands bigger than this get the greedy estimate of what they leave ([`greedy_dump`])
/// instead of the exact solver's.
const EXACT_DUMP_LIMIT: usize = 10;

/// The smallest size of a new meld in a round.
pub(crate) fn min_size(info: RoundInfo) -> usize {
    info.allowed_sizes().next().map_or(3, usize::from)
}

/// The round's facts with every meld size from the smallest allowed one `m` up to `2m - 1`:
/// one turn can leave a meld of any size from `m` up on the table (a new meld, then
/// additions), and a longer set or run splits into melds of these sizes, so the solver finds
/// the same leftovers with these sizes alone (and far faster than with every size).
pub(crate) fn reach(info: RoundInfo) -> RoundInfo {
    let mut sizes = 0u16;
    let m = min_size(info);
    for s in m..(2 * m).min(16) {
        sizes |= 1 << s;
    }
    RoundInfo { sizes, ..info }
}

fn naturals(hand: &Hand, info: RoundInfo) -> (usize, u32) {
    hand.iter()
        .filter(|&c| !info.is_wild(c))
        .fold((0, 0), |(n, p), c| (n + 1, p + card_points(c)))
}

/// Whether `hand` can go down completely in one turn, its owner's melds `own` on the table.
pub(crate) fn can_go_out(hand: &Hand, own: &[Meld], info: RoundInfo, limit: usize) -> bool {
    if hand.is_empty() {
        return true;
    }
    if own.is_empty() && greedy_dump(hand, false, info).1 {
        return true;
    }
    if !may_go_out(hand, own, info) {
        return false;
    }
    if hand.len() > limit {
        return false;
    }
    match key(hand, own, info) {
        Some(k) => {
            if let Some(&v) = CACHE.with_borrow(|c| c.out.get(&k).copied()).as_ref() {
                return v;
            }
            let v = can_go_out_uncached(hand, own, info);
            CACHE.with_borrow_mut(|c| {
                c.trim();
                c.out.insert(k, v);
            });
            v
        }
        None => can_go_out_uncached(hand, own, info),
    }
}

fn can_go_out_uncached(hand: &Hand, own: &[Meld], info: RoundInfo) -> bool {
    let table = !own.is_empty();
    let ext = reach(info);
    let check = |h: &Hand| -> bool {
        let (n, _) = naturals(h, info);
        if n == 0 {
            return h.is_empty() || table || h.len() >= min_size(info);
        }
        // Every natural in a meld: a meld is down, so the spare wilds can join it.
        leftover(h, ext, true).min_left == 0
    };
    if table {
        let rest = strip_additions(hand, own, info);
        if rest.len() < hand.len() && check(&rest) {
            return true;
        }
    }
    check(hand)
}

/// What `hand` leaves when its owner puts down all it can in one turn (a final turn):
/// `(cards left, points left)`, melds of any reachable size, spare wilds added once a meld
/// is down.
pub(crate) fn dump(hand: &Hand, own: &[Meld], info: RoundInfo) -> (usize, u32) {
    if hand.is_empty() {
        return (0, 0);
    }
    match key(hand, own, info) {
        Some(k) => {
            if let Some(v) = CACHE.with_borrow(|c| c.dump.get(&k).copied()) {
                return v;
            }
            let v = dump_uncached(hand, own, info, EXACT_DUMP_LIMIT);
            CACHE.with_borrow_mut(|c| {
                c.trim();
                c.dump.insert(k, v);
            });
            v
        }
        None => dump_uncached(hand, own, info, EXACT_DUMP_LIMIT),
    }
}

/// [`dump`] with the exact solver up to `limit` cards (the greedy estimate above), for the
/// search bot's own final turns ([`EXACT_FINAL_LIMIT`]) and the `expert`'s
/// ([`EXPERT_HAND_LIMIT`]).
pub(crate) fn exact_dump(hand: &Hand, own: &[Meld], info: RoundInfo, limit: usize) -> (usize, u32) {
    if hand.is_empty() {
        return (0, 0);
    }
    // The limit decides the answer for bigger hands: it is part of the key.
    match key(hand, own, info).map(|(h, m, r)| (h, m, r | ((limit.min(255) as u32) << 24))) {
        Some(k) => {
            if let Some(v) = CACHE.with_borrow(|c| c.exact.get(&k).copied()) {
                return v;
            }
            let v = dump_uncached(hand, own, info, limit);
            CACHE.with_borrow_mut(|c| {
                c.trim();
                c.exact.insert(k, v);
            });
            v
        }
        None => dump_uncached(hand, own, info, limit),
    }
}

/// Hands up to this many cards get the exact leftover ([`exact_dump`]) in the search bot's
/// final turns ([`exact_final_step`]); the solver takes a few milliseconds at this size in
/// round 1.
pub(crate) const EXACT_FINAL_LIMIT: usize = 20;

fn dump_uncached(hand: &Hand, own: &[Meld], info: RoundInfo, exact_limit: usize) -> (usize, u32) {
    if hand.len() > exact_limit {
        let rest = if own.is_empty() {
            *hand
        } else {
            strip_additions(hand, own, info)
        };
        let (points, out) = greedy_dump(&rest, !own.is_empty(), info);
        return (usize::from(!out), points);
    }
    let table = !own.is_empty();
    let ext = reach(info);
    let one = |h: &Hand| -> (usize, u32) {
        let (_, points) = naturals(h, info);
        let free = leftover(h, ext, true);
        if table || free.min_score < points {
            (free.min_left, free.min_score)
        } else {
            let strict = leftover(h, ext, false);
            (strict.min_left, strict.min_score)
        }
    };
    let mut best = one(hand);
    if table {
        let rest = strip_additions(hand, own, info);
        if rest.len() < hand.len() {
            let s = one(&rest);
            best = (best.0.min(s.0), best.1.min(s.1));
        }
    }
    best
}

/// The hand and the seat's melds after `action` (a meld or an addition), or `None` for other
/// actions.
fn after(
    hand: &Hand,
    own: &[Meld],
    melds: &[Meld],
    seat: Seat,
    action: &Action,
) -> Option<(Hand, Vec<Meld>)> {
    let mut h = *hand;
    let mut o = own.to_vec();
    match *action {
        Action::Meld(ref spec) => {
            for &c in spec.cards() {
                h.remove(c);
            }
            o.push(Meld::from_spec(seat, spec));
        }
        Action::Add { meld, card, end } => {
            let m = melds.get(usize::from(meld))?;
            let i = o.iter().position(|x| x == m)?;
            let low = match (end, m.shape()) {
                (End::Low, _) => true,
                (End::Own, Shape::Run { lo, .. }) => card.rank_number() + 1 == lo,
                _ => false,
            };
            h.remove(card);
            o[i].add(card, low);
        }
        _ => return None,
    }
    Some((h, o))
}

/// When `seat` can go out this turn (not a final turn), the index in `legal` of a step that
/// keeps the way out open: natural cards onto its melds first, then new melds (most natural
/// cards first), then wilds onto its melds.
pub(crate) fn go_out_step(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
) -> Option<usize> {
    go_out_step_within(hand, melds, seat, info, legal, SOLVER_HAND_LIMIT)
}

/// [`go_out_step`] for hands of up to `limit` cards (bigger ones are taken not to go out).
pub(crate) fn go_out_step_within(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
    limit: usize,
) -> Option<usize> {
    let own: Vec<Meld> = melds
        .iter()
        .filter(|m| m.owner() == seat)
        .copied()
        .collect();
    if !can_go_out(hand, &own, info, limit) {
        return None;
    }
    first_step(hand, &own, melds, seat, info, legal, |h, o| {
        can_go_out(h, o, info, limit)
    })
}

/// In a final turn, the index in `legal` of a step that keeps the fewest points reachable
/// ([`dump`]), or of `done` when nothing more lowers them.
pub(crate) fn final_step(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
) -> Option<usize> {
    step_to_fewest(hand, melds, seat, info, legal, |h, o| dump(h, o, info).1)
}

/// [`final_step`] with the exact leftover ([`exact_dump`]) instead of the greedy estimate for
/// hands of 11 to `limit` cards: the search bot's final turn ([`EXACT_FINAL_LIMIT`]; the
/// `expert`'s [`EXPERT_HAND_LIMIT`]), a puzzle of its own cards alone, solved rather than
/// searched.
pub(crate) fn exact_final_step(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
    limit: usize,
) -> Option<usize> {
    step_to_fewest(hand, melds, seat, info, legal, |h, o| {
        exact_dump(h, o, info, limit).1
    })
}

/// The index in `legal` of a step after which `left` (the points a hand and its owner's melds
/// leave at best) stays at what it is now, or of `done`/`pass` when nothing lowers the hand's
/// points.
fn step_to_fewest(
    hand: &Hand,
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
    left: impl Fn(&Hand, &[Meld]) -> u32,
) -> Option<usize> {
    let own: Vec<Meld> = melds
        .iter()
        .filter(|m| m.owner() == seat)
        .copied()
        .collect();
    let target = left(hand, &own);
    let now: u32 = hand.iter().map(card_points).sum();
    if target >= now {
        return legal
            .iter()
            .position(|a| matches!(a, Action::Done | Action::Pass));
    }
    first_step(hand, &own, melds, seat, info, legal, |h, o| {
        left(h, o) <= target
    })
}

/// The index in `legal` of the first step, in the order natural additions, then new melds by
/// their wilds (fewest first), then wild additions, after which `hand` and the seat's melds
/// `own` pass `keeps`.
fn first_step(
    hand: &Hand,
    own: &[Meld],
    melds: &[Meld],
    seat: Seat,
    info: RoundInfo,
    legal: &[Action],
    keeps: impl Fn(&Hand, &[Meld]) -> bool,
) -> Option<usize> {
    let rank = |a: &Action| -> Option<usize> {
        match a {
            Action::Add { card, .. } if !info.is_wild(*card) => Some(0),
            Action::Meld(spec) => {
                let wilds = spec.cards().iter().filter(|&&c| info.is_wild(c)).count();
                Some(1 + wilds)
            }
            Action::Add { .. } => Some(100),
            _ => None,
        }
    };
    let mut order: Vec<(usize, usize)> = legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| rank(a).map(|r| (r, i)))
        .collect();
    order.sort_unstable();
    order.into_iter().find_map(|(_, i)| {
        after(hand, own, melds, seat, &legal[i])
            .filter(|(h, o)| keeps(h, o))
            .map(|_| i)
    })
}

/// A group of natural cards wilds complete: the points it saves, the wilds it takes, its
/// cards (suit, place) and how many of them count.
type Group = (u32, usize, [(usize, usize); 2], usize);

/// A quick upper bound on what a hand leaves in one turn (points), by building melds greedily:
/// runs and sets of natural cards first, then the costliest naturals that wilds can complete
/// (two naturals of a rank or of a suit close together, then single naturals), the spare
/// wilds free once a meld is down. `(points left, whether nothing is left)`.
pub(crate) fn greedy_dump(hand: &Hand, table: bool, info: RoundInfo) -> (u32, bool) {
    let m = min_size(info);
    // counts[s][p] for places 2..=13 of natural cards.
    let mut counts = [[0u8; 14]; 4];
    let mut wilds = 0usize;
    let mut wild_points = Vec::new();
    for c in hand.iter() {
        if info.is_wild(c) {
            wilds += 1;
            wild_points.push(card_points(c));
        } else {
            counts[c.suit_index()][usize::from(c.rank_number())] += 1;
        }
    }
    let mut melded = table;
    melded |= take_natural_runs(&mut counts, m);
    melded |= take_natural_sets(&mut counts, m);
    // Wilds complete the groups that save the most points per wild.
    while let Some((_, need, cards, k)) = best_wild_group(&counts, wilds, m) {
        for &(s, p) in &cards[..k] {
            counts[s][p] -= 1;
        }
        wilds -= need;
        melded = true;
    }
    let mut naturals_left = 0;
    for (s, row) in counts.iter().enumerate() {
        for (p, &n) in row.iter().enumerate().filter(|&(_, &n)| n > 0) {
            naturals_left += u32::from(n) * points_at(s, p);
        }
    }
    let spare_paid = if melded || wilds >= m || wilds == 0 {
        0
    } else {
        wild_points.sort_unstable();
        wild_points[..wilds].iter().sum()
    };
    (
        naturals_left + spare_paid,
        naturals_left == 0 && (melded || wilds == 0 || wilds >= m),
    )
}

/// The points of the natural card of suit index `s` at place `p`.
fn points_at(s: usize, p: usize) -> u32 {
    card_points(Card::at_place(Suit::ALL[s], p as u8))
}

/// Takes the runs of natural cards of at least `m` places out of `counts`, suit by suit, as
/// long as one is left; whether any was taken.
fn take_natural_runs(counts: &mut [[u8; 14]; 4], m: usize) -> bool {
    let mut melded = false;
    for row in counts {
        loop {
            let mut found = false;
            let mut p = 2;
            while p <= 13 {
                if row[p] == 0 {
                    p += 1;
                    continue;
                }
                let mut q = p;
                while q < 13 && row[q + 1] > 0 {
                    q += 1;
                }
                if q + 1 - p >= m {
                    for x in &mut row[p..=q] {
                        *x -= 1;
                    }
                    found = true;
                    melded = true;
                }
                p = q + 1;
            }
            if !found {
                break;
            }
        }
    }
    melded
}

/// Takes the sets of natural cards of at least `m` cards out of `counts`; whether any was
/// taken.
fn take_natural_sets(counts: &mut [[u8; 14]; 4], m: usize) -> bool {
    let mut melded = false;
    for p in 2..=13 {
        let n: usize = counts.iter().map(|row| usize::from(row[p])).sum();
        if n >= m {
            for row in counts.iter_mut() {
                row[p] = 0;
            }
            melded = true;
        }
    }
    melded
}

/// The group of naturals that `wilds` wilds complete saving the most points per wild: two of
/// a rank, two of a suit with the gap filled, or a single natural.
fn best_wild_group(counts: &[[u8; 14]; 4], wilds: usize, m: usize) -> Option<Group> {
    let mut best: Option<Group> = None;
    let mut consider = |pts: u32, need: usize, cards: [(usize, usize); 2], k: usize| {
        if need <= wilds {
            let better = match best {
                None => true,
                Some((bp, bn, _, _)) => pts * bn as u32 > bp * need as u32,
            };
            if better {
                best = Some((pts, need, cards, k));
            }
        }
    };
    for s in 0..4 {
        for p in 2..=13usize {
            if counts[s][p] == 0 {
                continue;
            }
            // Same rank: another copy or another suit.
            for t in s..4 {
                let ok = if t == s {
                    counts[s][p] >= 2
                } else {
                    counts[t][p] > 0
                };
                if ok {
                    consider(
                        2 * points_at(s, p),
                        m.saturating_sub(2),
                        [(s, p), (t, p)],
                        2,
                    );
                }
            }
            // The next natural of the suit above, the gap filled with wilds.
            if let Some(q) = ((p + 1)..=13).find(|&q| counts[s][q] > 0) {
                let need = (q - p - 1).max(m.saturating_sub(q - p + 1));
                consider(points_at(s, p) + points_at(s, q), need, [(s, p), (s, q)], 2);
            }
            consider(points_at(s, p), m - 1, [(s, p), (s, p)], 1);
        }
    }
    best
}

/// The hand without the natural cards that can be added to its owner's melds (runs grown at
/// either end as far as the hand reaches).
pub(crate) fn strip_additions(hand: &Hand, own: &[Meld], info: RoundInfo) -> Hand {
    let mut rest = *hand;
    for m in own {
        match m.shape() {
            Shape::Set(rank) => {
                let r = rank.number();
                if r != 1 && r != info.wild {
                    for c in hand.iter().filter(|c| c.rank() == Some(rank)) {
                        rest.remove(c);
                    }
                }
            }
            Shape::Run { .. } => {
                let Some((suit, lo, hi)) = m.window() else {
                    continue;
                };
                let mut p = lo;
                while p > 2 && p - 1 != info.wild && rest.remove(Card::at_place(suit, p - 1)) {
                    p -= 1;
                }
                let mut p = hi;
                while p < 13 && p + 1 != info.wild && rest.remove(Card::at_place(suit, p + 1)) {
                    p += 1;
                }
            }
        }
    }
    rest
}
