//! Generating the plays of a hand (rulings B7, B9), in sorted order, without allocation.
//!
//! This is the hot path of random playouts and search rollouts: a lead enumerates every
//! combination, a response only the shapes that can beat the top (same shape and higher, or a
//! bomb strong enough), with run lengths read off bit masks of the ranks held.

use crate::action::{Action, Play};
use crate::rules::{ACE, CHAIN, Combo, Counts, FOUR, RANKS, beats, may_capture, run_shapes};

/// Pushes `combo` once per feasible number of Big Aces among its Aces (it is known to be
/// playable now).
#[inline]
fn push_ok(out: &mut Vec<Action>, c: &Counts, combo: Combo) {
    let aces = combo.aces();
    if aces == 0 {
        out.push(Action::Play(Play::plain(combo)));
        return;
    }
    // Two Big Aces alone are the Big Ace pair, a lone Big Ace is its own single.
    let max_big = match combo {
        Combo::Single(_) => 0,
        Combo::Pair(_) => 1,
        _ => aces,
    }
    .min(c.big);
    let plain = c.plain_aces();
    for b in 0..=max_big {
        if aces - b <= plain {
            out.push(Action::Play(Play { combo, big: b }));
        }
    }
}

/// Pushes `combo` (as [`push_ok`]) if it beats `top`.
#[inline]
fn push(out: &mut Vec<Action>, c: &Counts, combo: Combo, top: Option<Combo>, extra: bool) {
    if let Some(t) = top
        && beats(combo, t, extra).is_err()
    {
        return;
    }
    push_ok(out, c, combo);
}

/// Bit `r` of mask `w` is set for each rank index `r` held at least `w` times (`w` from 1 to
/// 8; counts above 8 count as 8, which no pack reaches). The masks shrink as `w` grows, so
/// an empty mask `w` says that no rank is held `w` times or more. The state keeps each seat's
/// masks with its counts ([`RankMasks::lower`] as cards leave the hand).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct RankMasks(pub(crate) [u16; 9]);

impl RankMasks {
    /// The masks of counts `c`.
    pub(crate) fn of(c: &Counts) -> RankMasks {
        let mut exact = [0u16; 9];
        for (r, &n) in c.rank.iter().enumerate() {
            exact[usize::from(n.min(8))] |= 1 << r;
        }
        let mut ge = [0u16; 9];
        let mut acc = 0;
        for w in (1..=8).rev() {
            acc |= exact[w];
            ge[w] = acc;
        }
        RankMasks(ge)
    }

    /// Follows the count of rank `r` going down from `was` to `now`.
    #[inline]
    pub(crate) fn lower(&mut self, r: u8, was: u8, now: u8) {
        let bit = !(1u16 << r);
        for w in usize::from(now) + 1..=usize::from(was.min(8)) {
            self.0[w] &= bit;
        }
    }
}

/// Chain positions of a rank mask: bit `p` set for each chain position whose rank is in `m`.
#[inline]
fn chain_of(m: u16) -> u32 {
    let m = u32::from(m);
    // Ranks 4..K (0..=9) sit at positions 3..=12, A at 0 and 13, 2 at 1, 3 at 2.
    let ace = (m >> ACE) & 1;
    ((m & 0x3FF) << 3) | ace | (((m >> 11) & 1) << 1) | (((m >> 12) & 1) << 2) | (ace << 13)
}

/// The set bits of a mask, lowest first.
#[inline]
fn bits(mut m: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let b = m.trailing_zeros() as u8;
        m &= m - 1;
        Some(b)
    })
}

/// The starts of at least `lo` consecutive set bits of `mask`.
#[inline]
fn run_starts(mask: u32, lo: u8) -> u32 {
    let mut starts = mask;
    for k in 1..lo {
        starts &= mask >> k;
    }
    starts
}

/// The longest run of set bits of `mask` from `start` (capped for a run over both Aces that
/// lacks the Aces for it).
#[inline]
fn run_from(c: &Counts, mask: u32, start: u8, width: u8) -> u8 {
    let run = (!(mask >> start)).trailing_zeros() as u8;
    // A run over both Aces needs twice the width in Aces.
    if start == 0 && run >= CHAIN && c.rank[ACE as usize] < 2 * width {
        CHAIN - 1
    } else {
        run.min(CHAIN - start)
    }
}

/// Writes every play of a hand with counts `c` that may be made now: every combination when
/// leading (`top == None`), else those that beat `top`, then the Fours captures. Sorted.
#[cfg(test)]
pub(crate) fn plays(c: &Counts, top: Option<Combo>, extra: bool, out: &mut Vec<Action>) {
    plays_masked(c, &RankMasks::of(c), top, extra, out);
}

/// [`plays`] with the masks of `c` given.
#[inline]
pub(crate) fn plays_masked(
    c: &Counts,
    masks: &RankMasks,
    top: Option<Combo>,
    extra: bool,
    out: &mut Vec<Action>,
) {
    debug_assert_eq!(*masks, RankMasks::of(c), "masks out of step with {c:?}");
    let ge = &masks.0;
    match top {
        None => lead(c, ge, extra, out),
        Some(t) => respond(c, ge, t, extra, out),
    }
}

/// The singles of ranks in `ranks` (an Ace only when an ordinary Ace is held), ascending.
#[inline]
fn singles(c: &Counts, ranks: u16, out: &mut Vec<Action>) {
    for r in bits(u32::from(ranks)) {
        if r != ACE || c.plain_aces() > 0 {
            out.push(Action::Play(Play::plain(Combo::Single(r))));
        }
    }
}

/// The pairs of ranks in `ranks`, ascending (with the Big Ace variants of a pair of Aces).
#[inline]
fn pairs(c: &Counts, ranks: u16, out: &mut Vec<Action>) {
    for r in bits(u32::from(ranks)) {
        if r == ACE {
            push_ok(out, c, Combo::Pair(r));
        } else {
            out.push(Action::Play(Play::plain(Combo::Pair(r))));
        }
    }
}

/// Every combination of the hand, sorted. Kept out of line: one list in eight is a lead,
/// and inlined its register saves are paid by every list.
#[inline(never)]
fn lead(c: &Counts, ge: &[u16; 9], extra: bool, out: &mut Vec<Action>) {
    singles(c, ge[1], out);
    if c.big > 0 {
        out.push(Action::Play(Play {
            combo: Combo::BigAce,
            big: 1,
        }));
    }
    for red in [false, true] {
        if c.jokers[usize::from(red)] > 0 {
            out.push(Action::Play(Play::plain(Combo::Joker(red))));
        }
    }
    pairs(c, ge[2], out);
    for &(width, lo, hi) in run_shapes(extra) {
        if ge[width as usize] == 0 {
            break;
        }
        let mask = chain_of(ge[width as usize]);
        for start in bits(run_starts(mask, lo)) {
            // At least `lo`: the run from `start` holds `lo` positions, within the chain.
            let top_len = run_from(c, mask, start, width).min(hi);
            if start == 0 || start + top_len == CHAIN {
                for len in lo..=top_len {
                    push_ok(out, c, Combo::Run { width, start, len });
                }
            } else {
                // No Ace in any of these runs: one plain play each.
                out.extend(
                    (lo..=top_len)
                        .map(|len| Action::Play(Play::plain(Combo::Run { width, start, len }))),
                );
            }
        }
    }
    kinds_jokers(c, ge, None, None, extra, out);
}

/// The N of a kinds, joker bombs and the Big Ace pair that beat `top` (all when leading);
/// `level` is the top's bomb level.
// Inlined into `lead` and `respond`: called on its own, saving and restoring registers cost
// about a quarter of its work (callgrind).
#[allow(clippy::inline_always)]
#[inline(always)]
fn kinds_jokers(
    c: &Counts,
    ge: &[u16; 9],
    top: Option<Combo>,
    level: Option<u8>,
    extra: bool,
    out: &mut Vec<Action>,
) {
    let eggs = ge[3];
    if eggs != 0 {
        if let (Some(t), Some(theirs)) = (top, level) {
            // A bomb on the pile: the lowest rank of an n of a kind that beats it, per n held.
            let mut floor = [0u8; 9];
            let most = (3..=8u8).rev().find(|&n| ge[n as usize] != 0).unwrap_or(3);
            for n in 3..=most {
                floor[n as usize] = kind_floor(n, t, theirs, extra);
            }
            for r in bits(u32::from(eggs)) {
                for n in 3..=c.rank[r as usize].min(8) {
                    if r >= floor[n as usize] {
                        push_ok(out, c, Combo::Kind { rank: r, n });
                    }
                }
            }
        } else {
            // Leading, or over a top that is no bomb: every N of a kind, but a triplet beats
            // no joker, lone Big Ace or double sequence, a four of a kind no lone Big Ace (B7).
            let least = match top {
                Some(Combo::BigAce) => 5,
                Some(Combo::Joker(_) | Combo::Run { width: 2, .. }) => 4,
                _ => 3,
            };
            for r in bits(u32::from(eggs)) {
                let most = c.rank[r as usize].min(8);
                if r == ACE {
                    for n in least..=most {
                        push_ok(out, c, Combo::Kind { rank: r, n });
                    }
                } else {
                    out.extend(
                        (least..=most)
                            .map(|n| Action::Play(Play::plain(Combo::Kind { rank: r, n }))),
                    );
                }
            }
        }
    }
    if c.jokers[0] + c.jokers[1] >= 2 {
        joker_bombs(c, top.filter(|_| level.is_some()), extra, out);
    }
    // The Big Ace pair beats everything but a higher bomb (none in the base game).
    if c.big == 2
        && (level.is_none() || top.is_some_and(|t| beats(Combo::BigAcePair, t, extra).is_ok()))
    {
        out.push(Action::Play(Play {
            combo: Combo::BigAcePair,
            big: 2,
        }));
    }
}

/// The joker bombs of `c` (two jokers or more) that beat `top_bomb`, the bomb on the pile
/// (all when there is none): joker bombs beat every single and ordinary combination, so
/// `beats` is asked only of bombs.
fn joker_bombs(c: &Counts, top_bomb: Option<Combo>, extra: bool, out: &mut Vec<Action>) {
    for red in 0..=c.jokers[1] {
        for black in 0..=c.jokers[0] {
            if red + black < 2 {
                continue;
            }
            let combo = Combo::Jokers { red, black };
            if top_bomb.is_none_or(|t| beats(combo, t, extra).is_ok()) {
                out.push(Action::Play(Play::plain(combo)));
            }
        }
    }
}

/// The bomb level of an `n` of a kind, 3 <= n <= 8 (as [`Combo::bomb_level`]).
#[inline]
const fn kind_level(n: u8, extra: bool) -> u8 {
    match n {
        3 => 1,
        4 => 2,
        5 => 3,
        6 => 4,
        7 => 8,
        _ if extra => 12,
        _ => 9,
    }
}

/// The lowest rank whose `n` of a kind beats the bomb `top` of bomb level `theirs` (`RANKS`
/// when none does): the same as asking [`beats`] of each rank, since a higher rank never does
/// worse. (Over a top that is no bomb, [`kinds_jokers`] applies B7's limits itself.)
#[inline]
fn kind_floor(n: u8, top: Combo, theirs: u8, extra: bool) -> u8 {
    let none = RANKS as u8;
    let mine = kind_level(n, extra);
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => 0,
        std::cmp::Ordering::Less => none,
        std::cmp::Ordering::Equal => match top {
            Combo::Kind { rank, n: m } if m == n => rank + 1,
            _ => none,
        },
    }
}

/// The ranks strictly above `r`, as a mask.
#[inline]
const fn above(r: u8) -> u16 {
    if r as usize >= RANKS {
        0
    } else {
        (0x1FFF << (r + 1)) & 0x1FFF
    }
}

/// The plays that beat `top`, then the captures, sorted.
fn respond(c: &Counts, ge: &[u16; 9], top: Combo, extra: bool, out: &mut Vec<Action>) {
    // The same shape, higher.
    match top {
        Combo::Single(r) => {
            singles(c, ge[1] & above(r), out);
            over_single(c, r, out);
        }
        Combo::Joker(red) => over_single(c, 13 + u8::from(red), out),
        Combo::Pair(p) => pairs(c, ge[2] & above(p), out),
        Combo::Run {
            width: w @ 1..=2,
            start: s,
            len,
        } => {
            let mask = chain_of(ge[w as usize]);
            for start in bits(mask & !((2u32 << s) - 1)) {
                if run_from(c, mask, start, w) >= len {
                    push_ok(
                        out,
                        c,
                        Combo::Run {
                            width: w,
                            start,
                            len,
                        },
                    );
                }
            }
        }
        _ => {}
    }
    // Bombs, for a hand that holds any: an N of a kind (so also any bomb run), two jokers, or
    // both Big Aces.
    if ge[3] != 0 || c.jokers[0] + c.jokers[1] >= 2 || c.big == 2 {
        bombs(c, ge, top, extra, out);
    }
    if let Combo::Kind { n: 3..=6, .. } = top {
        for fours in 2..=c.rank[FOUR as usize].min(5) {
            if may_capture(fours, top) {
                out.push(Action::Capture(fours));
            }
        }
    }
}

/// The lone Big Ace and the jokers stronger than a single of strength `strength` (a rank
/// index, 13 the black joker, 14 the red one).
#[inline]
fn over_single(c: &Counts, strength: u8, out: &mut Vec<Action>) {
    if c.big > 0 {
        out.push(Action::Play(Play {
            combo: Combo::BigAce,
            big: 1,
        }));
    }
    for red in [false, true] {
        if c.jokers[usize::from(red)] > 0 && 13 + u8::from(red) > strength {
            out.push(Action::Play(Play::plain(Combo::Joker(red))));
        }
    }
}

/// The bombs that beat `top`, sorted: bomb runs (triplet sequences, fake eights and the
/// variant ones), N of a kinds, joker bombs, the Big Ace pair. Kept out of line: most
/// responses need no bombs, and inlined it makes every response save and restore more registers.
#[inline(never)]
fn bombs(c: &Counts, ge: &[u16; 9], top: Combo, extra: bool, out: &mut Vec<Action>) {
    // Every bomb run has two neighbouring chain positions held three times or more.
    let m3 = chain_of(ge[3]);
    if m3 & (m3 >> 1) != 0 {
        // The shapes of width 3 and more follow the sequences and double sequences.
        for &(width, lo, hi) in &run_shapes(extra)[2..] {
            if ge[width as usize] == 0 {
                break;
            }
            let mask = chain_of(ge[width as usize]);
            for start in bits(run_starts(mask, lo)) {
                let run = run_from(c, mask, start, width);
                for len in lo..=run.min(hi) {
                    push(out, c, Combo::Run { width, start, len }, Some(top), extra);
                }
            }
        }
    }
    kinds_jokers(c, ge, Some(top), top.bomb_level(extra), extra, out);
}

#[cfg(test)]
// The reference generator is long on purpose: written plainly, shape by shape.
#[allow(clippy::too_many_lines)]
mod tests {
    use super::*;
    use cards_core::rng::{below, rng_from_seed};

    /// The straightforward generator this module replaced: every shape, each checked with
    /// [`beats`].
    fn reference(c: &Counts, top: Option<Combo>, extra: bool, out: &mut Vec<Action>) {
        let singles = top.is_none()
            || matches!(
                top,
                Some(Combo::Single(_) | Combo::BigAce | Combo::Joker(_))
            );
        let pairs = top.is_none() || matches!(top, Some(Combo::Pair(_)));
        if singles {
            let from = match top {
                Some(Combo::Single(r)) => r + 1,
                Some(_) => RANKS as u8,
                None => 0,
            };
            for r in from..RANKS as u8 {
                let avail = if r == ACE {
                    c.plain_aces()
                } else {
                    c.rank[r as usize]
                };
                if avail > 0 {
                    push(out, c, Combo::Single(r), top, extra);
                }
            }
            if c.big > 0 && top.is_none_or(|t| beats(Combo::BigAce, t, extra).is_ok()) {
                out.push(Action::Play(Play {
                    combo: Combo::BigAce,
                    big: 1,
                }));
            }
            for red in [false, true] {
                if c.jokers[usize::from(red)] > 0 {
                    push(out, c, Combo::Joker(red), top, extra);
                }
            }
        }
        if pairs {
            for r in 0..RANKS as u8 {
                if c.rank[r as usize] >= 2 {
                    push(out, c, Combo::Pair(r), top, extra);
                }
            }
        }
        let most = c.rank.iter().copied().max().unwrap_or(0);
        for &(width, lo, hi) in run_shapes(extra) {
            if width > most {
                break;
            }
            let is_bomb = width >= 3;
            let wanted = match top {
                None => true,
                Some(Combo::Run {
                    width: w, len: l, ..
                }) if !is_bomb => w == width && (lo..=hi).contains(&l),
                Some(_) if !is_bomb => false,
                Some(_) => true,
            };
            if !wanted {
                continue;
            }
            let mut mask = 0u32;
            for p in 0..CHAIN {
                if c.rank[crate::rules::chain_rank(p) as usize] >= width {
                    mask |= 1 << p;
                }
            }
            if mask == 0 {
                continue;
            }
            for start in 0..CHAIN {
                let mut run = (!(mask >> start)).trailing_zeros() as u8;
                if run < lo {
                    continue;
                }
                if start == 0 && run == CHAIN && c.rank[ACE as usize] < 2 * width {
                    run = CHAIN - 1;
                }
                for len in lo..=run.min(hi) {
                    push(out, c, Combo::Run { width, start, len }, top, extra);
                }
            }
        }
        for r in 0..RANKS as u8 {
            for n in 3..=c.rank[r as usize].min(8) {
                push(out, c, Combo::Kind { rank: r, n }, top, extra);
            }
        }
        for red in 0..=c.jokers[1] {
            for black in 0..=c.jokers[0] {
                if red + black >= 2 {
                    push(out, c, Combo::Jokers { red, black }, top, extra);
                }
            }
        }
        if c.big == 2 && top.is_none_or(|t| beats(Combo::BigAcePair, t, extra).is_ok()) {
            out.push(Action::Play(Play {
                combo: Combo::BigAcePair,
                big: 2,
            }));
        }
        if let Some(t) = top {
            for fours in 2..=c.rank[FOUR as usize].min(5) {
                if may_capture(fours, t) {
                    out.push(Action::Capture(fours));
                }
            }
        }
    }

    fn random_counts(rng: &mut cards_core::rng::GameRng) -> Counts {
        let mut c = Counts::default();
        let dense = below(rng, 2) == 0;
        for r in 0..RANKS {
            c.rank[r] = if dense {
                below(rng, 9) as u8
            } else {
                [0, 0, 0, 1, 1, 2, 3, 4][below(rng, 8) as usize]
            };
        }
        c.big = (below(rng, 3) as u8).min(c.rank[ACE as usize]);
        c.jokers = [below(rng, 3) as u8, below(rng, 3) as u8];
        c
    }

    #[test]
    fn the_fast_generator_agrees_with_the_reference_on_random_hands_and_tops() {
        let mut rng = rng_from_seed(5);
        let (mut got, mut want, mut tops) = (Vec::new(), Vec::new(), Vec::new());
        for k in 0..4000 {
            let extra = k % 3 == 0;
            let c = random_counts(&mut rng);
            got.clear();
            want.clear();
            plays(&c, None, extra, &mut got);
            reference(&c, None, extra, &mut want);
            assert_eq!(got, want, "lead {c:?}");
            // Every lead of another hand as a top.
            let other = random_counts(&mut rng);
            tops.clear();
            reference(&other, None, extra, &mut tops);
            tops.extend(
                [4, 5, 6, 7].map(|n| Action::Play(Play::plain(Combo::Kind { rank: 0, n }))),
            );
            for t in &tops {
                let Action::Play(p) = t else { continue };
                got.clear();
                want.clear();
                plays(&c, Some(p.combo), extra, &mut got);
                reference(&c, Some(p.combo), extra, &mut want);
                assert_eq!(got, want, "{c:?} on {p}");
                assert!(got.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
            }
        }
    }
}
