//! The meld solver: how far a hand can be put down in new melds of a round (rulings C4, C5).
//!
//! [`solve`] answers whether the whole hand can go down, and the minimum count and the minimum
//! score of the cards left over, wilds included (added cards to melds already on the table are
//! not considered). It searches over the natural cards in a fixed order with memoisation:
//! the first remaining natural is left in hand, or starts a set of its rank, or is the lowest
//! natural of a run of its suit; wilds are counted, not named, since all wilds are
//! interchangeable in a meld, and the cheapest are the ones left over.
//! [`solve_brute_force`] is the reference it is tested against: every partition of the cards
//! into valid melds, each meld checked by [`is_meld`].

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use cards_core::card::{Rank, Suit};

use crate::cards::{Card, Hand};
use crate::meld::Shape;
use crate::rules::{RoundInfo, card_points};

/// What the solver found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// Whether the whole hand can be put down in new melds.
    pub can_go_out: bool,
    /// The fewest cards that can be left over.
    pub min_left: usize,
    /// The lowest score the cards left over can have.
    pub min_score: u32,
}

/// A meld of a solution: its shape, its natural cards and how many wilds fill it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// The shape.
    pub shape: Shape,
    /// The natural cards.
    pub naturals: Vec<Card>,
    /// The number of wilds.
    pub wilds: usize,
}

const MAXW: usize = 24;

#[derive(Clone, Copy)]
struct Best {
    count: [u8; MAXW + 1],
    score: [u16; MAXW + 1],
}

const INF_C: u8 = u8::MAX;
const INF_S: u16 = u16::MAX;

impl Best {
    fn empty() -> Best {
        Best {
            count: [INF_C; MAXW + 1],
            score: [INF_S; MAXW + 1],
        }
    }
}

/// Natural cards as counts per suit and place (2 bits each, places 2..13).
type Key = u128;

fn slot(suit: usize, place: u8) -> u32 {
    (suit as u32 * 16 + u32::from(place)) * 2
}

fn get(key: Key, suit: usize, place: u8) -> u8 {
    ((key >> slot(suit, place)) & 3) as u8
}

fn dec(key: Key, suit: usize, place: u8) -> Key {
    key - (1 << slot(suit, place))
}

/// A multiply-xor hasher for the solver's `u128` keys: the memo is probed at every step of the
/// search, and the default SipHash cost most of a small hand's solve. Lookups only, never
/// iterated, so the order of the map never shows.
#[derive(Clone, Copy, Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    fn write_u128(&mut self, x: u128) {
        self.write_u64(x as u64);
        self.write_u64((x >> 64) as u64);
    }
}

type Memo = HashMap<Key, Best, BuildHasherDefault<KeyHasher>>;

struct Solver {
    info: RoundInfo,
    wilds: usize,
    memo: Memo,
    /// The children of the nodes being solved, innermost last.
    stack: Vec<(Key, usize, u8, u16)>,
}

/// Options at a state: what leaving or melding the first natural leads to.
enum Step {
    Leave(Card),
    Meld { plan: Plan },
}

impl Solver {
    fn first(key: Key) -> Option<(usize, u8)> {
        if key == 0 {
            return None;
        }
        let bit = key.trailing_zeros();
        let idx = bit / 2;
        Some(((idx / 16) as usize, (idx % 16) as u8))
    }

    /// Every step from `key`, passed to `f` with the next key and the wilds the step uses.
    fn steps(&self, key: Key, build: bool, f: &mut dyn FnMut(Step, Key, usize)) {
        let Some((s, p)) = Self::first(key) else {
            return;
        };
        let card = Card::at_place(Suit::ALL[s], p);
        f(Step::Leave(card), dec(key, s, p), 0);
        self.set_steps(key, build, (s, p), f);
        self.run_steps(key, build, (s, p), f);
    }

    /// The sets of rank `p` that take the natural of suit `s` there: it, any copies of rank
    /// `p` in suits `s..`, and every allowed number of wilds.
    fn set_steps(
        &self,
        key: Key,
        build: bool,
        (s, p): (usize, u8),
        f: &mut dyn FnMut(Step, Key, usize),
    ) {
        let w = self.wilds;
        // Sets of rank p: x plus any copies of rank p in suits s.. .
        let rank = Rank::from_number(p).unwrap_or(Rank::Two);
        let c: [u8; 4] = std::array::from_fn(|t| get(key, t, p));
        let mut v = [0u8; 4];
        loop {
            // Advance v as a mixed-radix counter over suits, with v[s] >= 1.
            if v[s] >= 1 {
                let n: usize = v.iter().map(|&x| usize::from(x)).sum();
                let mut rest = key;
                let mut nat = Vec::new();
                for (t, &vt) in v.iter().enumerate() {
                    for _ in 0..vt {
                        rest = dec(rest, t, p);
                        if build {
                            nat.push(Card::new(rank, Suit::ALL[t]));
                        }
                    }
                }
                for k in 0..=w {
                    if self.info.allows(n + k) {
                        f(
                            Step::Meld {
                                plan: Plan {
                                    shape: Shape::Set(rank),
                                    naturals: nat.clone(),
                                    wilds: k,
                                },
                            },
                            rest,
                            k,
                        );
                    }
                }
            }
            let mut t = 0;
            loop {
                if t == 4 {
                    break;
                }
                if v[t] < c[t] {
                    v[t] += 1;
                    break;
                }
                v[t] = 0;
                t += 1;
            }
            if t == 4 {
                break;
            }
        }
    }

    /// The runs of suit `s` in which its natural at place `p` is the lowest natural.
    fn run_steps(
        &self,
        key: Key,
        build: bool,
        (s, p): (usize, u8),
        f: &mut dyn FnMut(Step, Key, usize),
    ) {
        let w = self.wilds;
        // Runs of suit s in which x is the lowest natural.
        let mut after = [0u8; 12];
        let mut na = 0;
        for q in (p + 1)..=13 {
            if get(key, s, q) > 0 {
                after[na] = q;
                na += 1;
            }
        }
        let after = &after[..na];
        for size in self.info.allowed_sizes() {
            let len = usize::from(size);
            for lo in 1..=p {
                let hi = usize::from(lo) + len - 1;
                if hi < usize::from(p) || hi > 14 {
                    continue;
                }
                let k = after.iter().filter(|&&q| usize::from(q) <= hi).count();
                let inside = &after[..k];
                if 1 + k + w < len {
                    continue;
                }
                push_runs(key, build, (s, p, lo, len), (inside, w), f);
            }
        }
    }

    fn best(&mut self, key: Key) -> Best {
        if let Some(b) = self.memo.get(&key) {
            return *b;
        }
        let mut out = Best::empty();
        if key == 0 {
            out.count[0] = 0;
            out.score[0] = 0;
            self.memo.insert(key, out);
            return out;
        }
        // The children go on a stack shared by the whole search (one allocation per solve).
        let start = self.stack.len();
        let mut stack = std::mem::take(&mut self.stack);
        self.steps(key, false, &mut |step, rest, used| match step {
            Step::Leave(c) => stack.push((rest, 0, 1, card_points(c) as u16)),
            Step::Meld { .. } => stack.push((rest, used, 0, 0)),
        });
        self.stack = stack;
        let end = self.stack.len();
        for i in start..end {
            let (rest, used, add_c, add_s) = self.stack[i];
            let sub = self.best(rest);
            for u in 0..=self.wilds.saturating_sub(used) {
                if sub.count[u] != INF_C {
                    let c = sub.count[u].saturating_add(add_c);
                    let t = u + used;
                    out.count[t] = out.count[t].min(c);
                }
                if sub.score[u] != INF_S {
                    let sc = sub.score[u].saturating_add(add_s);
                    let t = u + used;
                    out.score[t] = out.score[t].min(sc);
                }
            }
        }
        self.stack.truncate(start);
        self.memo.insert(key, out);
        out
    }
}

/// The runs of suit `s` over `len` places from `lo` in which its natural at place `p` is the
/// lowest: it, each subset of the naturals `inside` above it, and the wilds (at most `w`) that
/// complete the run.
fn push_runs(
    key: Key,
    build: bool,
    (s, p, lo, len): (usize, u8, u8, usize),
    (inside, w): (&[u8], usize),
    f: &mut dyn FnMut(Step, Key, usize),
) {
    let suit = Suit::ALL[s];
    let card = Card::at_place(suit, p);
    let k = inside.len();
    for mask in 0u32..(1 << k) {
        let q = mask.count_ones() as usize;
        if 1 + q > len || 1 + q + w < len {
            continue;
        }
        let mut rest = dec(key, s, p);
        let mut nat = Vec::new();
        if build {
            nat.push(card);
        }
        for (i, &pl) in inside.iter().enumerate() {
            if mask & (1 << i) != 0 {
                rest = dec(rest, s, pl);
                if build {
                    nat.push(Card::at_place(suit, pl));
                }
            }
        }
        let wilds = len - 1 - q;
        f(
            Step::Meld {
                plan: Plan {
                    shape: Shape::Run { suit, lo },
                    naturals: nat,
                    wilds,
                },
            },
            rest,
            wilds,
        );
    }
}

/// The naturals of a hand as a key, and its wilds, cheapest first.
fn split(hand: &Hand, info: RoundInfo) -> (Key, Vec<u32>) {
    let mut key: Key = 0;
    let mut wilds = Vec::new();
    for c in hand.iter() {
        if info.is_wild(c) {
            wilds.push(card_points(c));
        } else if let Some(s) = c.suit() {
            let p = c.rank_number();
            if get(key, s as usize, p) < 3 {
                key += 1 << slot(s as usize, p);
            }
        }
    }
    wilds.sort_unstable();
    (key, wilds)
}

/// For each count of wilds `m`, the most of them all-wild melds can take.
fn absorb(info: RoundInfo, m: usize) -> usize {
    let mut reach = vec![false; m + 1];
    reach[0] = true;
    for t in 1..=m {
        reach[t] = info.allowed_sizes().any(|s| {
            let s = usize::from(s);
            s <= t && reach[t - s]
        });
    }
    (0..=m).rev().find(|&t| reach[t]).unwrap_or(0)
}

fn combine(info: RoundInfo, wilds: &[u32], best: &Best, free_wilds: bool) -> (Solution, usize) {
    let w = wilds.len();
    let mut min_left = usize::MAX;
    let mut min_score = u32::MAX;
    let mut best_u = 0;
    for u in 0..=w.min(MAXW) {
        let m = w - u;
        let left_w = if free_wilds { 0 } else { m - absorb(info, m) };
        let wscore: u32 = wilds[..left_w].iter().sum();
        if best.count[u] != INF_C {
            min_left = min_left.min(usize::from(best.count[u]) + left_w);
        }
        if best.score[u] != INF_S {
            let s = u32::from(best.score[u]) + wscore;
            if s < min_score {
                min_score = s;
                best_u = u;
            }
        }
    }
    (
        Solution {
            can_go_out: min_left == 0,
            min_left,
            min_score,
        },
        best_u,
    )
}

/// Whether `hand` can be put down completely in new melds of a round, and the fewest cards
/// and lowest score it can leave over.
///
/// The search is exact, and its time grows steeply with the hand. In round 11, the worst of
/// five random hands took 50 µs at 13 cards, 3 ms at 25, 18 ms at 30, 0.4 s at 35 and 13 s
/// at 40 (release build). The heuristic bot therefore hands it at most 28 cards.
pub fn solve(hand: &Hand, info: RoundInfo) -> Solution {
    plan(hand, info).0
}

/// [`solve`], with the melds of a solution of lowest score left over (wilds counted, the most
/// expensive used first; all-wild melds included).
pub fn plan(hand: &Hand, info: RoundInfo) -> (Solution, Vec<Plan>) {
    let (key, wilds) = split(hand, info);
    let w = wilds.len().min(MAXW);
    let mut solver = Solver {
        info,
        wilds: w,
        memo: Memo::with_capacity_and_hasher(256, BuildHasherDefault::default()),
        stack: Vec::with_capacity(256),
    };
    let root = solver.best(key);
    let (sol, u) = combine(info, &wilds[..w], &root, false);
    // Walk down the optimum of score with exactly `u` wilds used by natural melds.
    let mut plans = Vec::new();
    let mut key = key;
    let mut u = u;
    while key != 0 {
        let target = solver.best(key).score[u];
        let mut chosen: Option<(Key, usize, Option<Plan>)> = None;
        let mut opts: Vec<(Step, Key, usize)> = Vec::new();
        solver.steps(key, true, &mut |st, rest, used| opts.push((st, rest, used)));
        for (st, rest, used) in opts {
            if used > u {
                continue;
            }
            let sub = solver.best(rest);
            let (add, plan) = match st {
                Step::Leave(c) => (card_points(c) as u16, None),
                Step::Meld { plan, .. } => (0, Some(plan)),
            };
            if sub.score[u - used] != INF_S && sub.score[u - used].saturating_add(add) == target {
                chosen = Some((rest, used, plan));
                break;
            }
        }
        let Some((rest, used, p)) = chosen else {
            break;
        };
        plans.extend(p);
        key = rest;
        u -= used;
    }
    // All-wild melds from the wilds left.
    let used: usize = plans.iter().map(|p| p.wilds).sum();
    let mut m = absorb(info, w.saturating_sub(used));
    while m > 0 {
        let Some(s) = info
            .allowed_sizes()
            .map(usize::from)
            .filter(|&s| s <= m && absorb(info, m - s) == m - s)
            .max()
        else {
            break;
        };
        plans.push(Plan {
            shape: Shape::Set(Rank::Ace),
            naturals: Vec::new(),
            wilds: s,
        });
        m -= s;
    }
    (sol, plans)
}

/// [`solve`] without the plan, for the search bot's estimate (`crate::search`): the hand's
/// naturals split into melds as [`solve`] does, and when `free_wilds` is set, the wilds the
/// melds do not use cost nothing and are not counted as left (they can be added to a meld of
/// the player's own on the table).
pub(crate) fn leftover(hand: &Hand, info: RoundInfo, free_wilds: bool) -> Solution {
    let (key, wilds) = split(hand, info);
    let w = wilds.len().min(MAXW);
    let mut solver = Solver {
        info,
        wilds: w,
        memo: Memo::with_capacity_and_hasher(256, BuildHasherDefault::default()),
        stack: Vec::with_capacity(256),
    };
    let root = solver.best(key);
    combine(info, &wilds[..w], &root, free_wilds).0
}

/// Whether `cards` form a valid new meld of some shape in a round (size rule included).
pub fn is_meld(cards: &[Card], info: RoundInfo) -> bool {
    if cards.len() < 3 || !info.allows(cards.len()) {
        return false;
    }
    let naturals: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| !info.is_wild(c))
        .collect();
    if naturals.windows(2).all(|w| w[0].rank() == w[1].rank()) {
        return true;
    }
    let len = cards.len() as u8;
    Suit::ALL.iter().any(|&suit| {
        (1..=14u8.saturating_sub(len - 1)).any(|lo| {
            let hi = lo + len - 1;
            let mut seen = 0u16;
            naturals.iter().all(|c| {
                let p = c.rank_number();
                let ok = c.suit() == Some(suit) && p >= lo && p <= hi && seen & (1 << p) == 0;
                seen |= 1 << p;
                ok
            })
        })
    })
}

/// The reference solver: every partition of the hand into valid melds and a left-over part.
/// Exponential; for tests on small hands.
pub fn solve_brute_force(hand: &Hand, info: RoundInfo) -> Solution {
    fn go(cards: &[Card], info: RoundInfo, best: &mut (usize, u32), left: usize, score: u32) {
        let Some((&first, rest)) = cards.split_first() else {
            best.0 = best.0.min(left);
            best.1 = best.1.min(score);
            return;
        };
        go(rest, info, best, left + 1, score + card_points(first));
        let n = rest.len();
        for mask in 1u32..(1 << n) {
            let mut meld = vec![first];
            let mut others = Vec::new();
            for (i, &c) in rest.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    meld.push(c);
                } else {
                    others.push(c);
                }
            }
            if is_meld(&meld, info) {
                go(&others, info, best, left, score);
            }
        }
    }
    let cards: Vec<Card> = hand.iter().collect();
    let mut best = (usize::MAX, u32::MAX);
    go(&cards, info, &mut best, 0, 0);
    Solution {
        can_go_out: best.0 == 0,
        min_left: best.0,
        min_score: best.1,
    }
}
