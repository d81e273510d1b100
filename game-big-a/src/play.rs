//! Generating the plays of a hand (rulings B7, B9), in sorted order, without allocation.

use crate::action::{Action, Play};
use crate::rules::{
    ACE, CHAIN, Combo, Counts, FOUR, RANKS, beats, chain_rank, may_capture, run_shapes,
};

/// Pushes `combo` once per feasible number of Big Aces among its Aces, if it beats `top`.
fn push(out: &mut Vec<Action>, c: &Counts, combo: Combo, top: Option<Combo>, extra: bool) {
    if let Some(t) = top
        && beats(combo, t, extra).is_err()
    {
        return;
    }
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
    for b in 0..=max_big {
        if aces - b <= c.plain_aces() {
            out.push(Action::Play(Play { combo, big: b }));
        }
    }
}

/// Writes every play of a hand with counts `c` that may be made now: every combination when
/// leading (`top == None`), else those that beat `top`, then the Fours captures. Sorted.
pub fn plays(c: &Counts, top: Option<Combo>, extra: bool, out: &mut Vec<Action>) {
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
        if c.big > 0 {
            push_big(out, Combo::BigAce, 1, top, extra);
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
    // Runs: ordinary ones only on the same shape (or on lead); bomb runs whenever a bomb might.
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
        // Chain positions whose rank has at least `width` cards, as a bit mask.
        let mut mask = 0u32;
        for p in 0..CHAIN {
            if c.rank[chain_rank(p) as usize] >= width {
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
            // A run over both Aces needs twice the width in Aces.
            if start == 0 && run == CHAIN && c.rank[ACE as usize] < 2 * width {
                run = CHAIN - 1;
            }
            for len in lo..=run.min(hi) {
                push(out, c, Combo::Run { width, start, len }, top, extra);
            }
        }
    }
    // N of a kind (eggs and big eggs, seven and eight of a kind).
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
    if c.big == 2 {
        push_big(out, Combo::BigAcePair, 2, top, extra);
    }
    if let Some(t) = top {
        for fours in 2..=c.rank[FOUR as usize].min(5) {
            if may_capture(fours, t) {
                out.push(Action::Capture(fours));
            }
        }
    }
}

fn push_big(out: &mut Vec<Action>, combo: Combo, big: u8, top: Option<Combo>, extra: bool) {
    if top.is_none_or(|t| beats(combo, t, extra).is_ok()) {
        out.push(Action::Play(Play { combo, big }));
    }
}
