//! What the search bots play for and how they estimate a round cut short: the rewards, the
//! cut-off evaluation (the meld solver's leftover of every hand of the determinized state) and the default options. See
//! the crate documentation, section "Search bots".

use cards_core::search::{IsmctsOptions, Rollout, Widening};
use cards_core::seat::{Direction, PerSeat, Seat};

use crate::cards::{Card, Hand};
use crate::meld::{Meld, Shape};
use crate::rules::{RoundInfo, card_points};
use crate::solver::leftover;
use crate::state::{Phase, State};

/// Penalty points per round that map to a reward of 0 (a seat's reward falls linearly from 1
/// at no points to 0 at this many points per round of the match). Hands of round 1 leave about
/// 20 points on average and rarely more than 100, so the scale is almost never reached.
pub const REWARD_POINTS_PER_ROUND: f64 = 200.0;

/// How much less likely a seat is to go out first for every card more its hand leaves.
const GO_OUT_ODDS: f64 = 0.3;

/// Hands bigger than this are not handed to the solver by the estimate (its time grows
/// steeply); they are charged half their points.
const SOLVER_HAND_LIMIT: usize = 16;

/// Each seat's reward, linear in its match total: `1 - total / (200 · rounds)`, clamped to
/// `[0, 1]`. A bot that maximises its expected reward minimises its expected points.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    let scale = REWARD_POINTS_PER_ROUND * f64::from(state.config.rounds.max(1));
    state
        .totals
        .map(|_, &t| (1.0 - f64::from(t) / scale).clamp(0.0, 1.0))
}

/// What a hand leaves when its owner puts down all it can in one turn: `(fewest cards left,
/// fewest points left)`. Natural cards that extend the owner's melds on the table may go there (the better of
/// adding them or not is taken); with a meld of its own on the table, spare wilds go there too.
fn dump(hand: &Hand, own: &[Meld], info: RoundInfo) -> (usize, u32) {
    if hand.is_empty() {
        return (0, 0);
    }
    if hand.len() > SOLVER_HAND_LIMIT {
        let points = hand.iter().map(card_points).sum::<u32>();
        return (hand.len() / 2, points / 2);
    }
    let free = !own.is_empty();
    let plain = leftover(hand, info, free);
    let mut best = (plain.min_left, plain.min_score);
    if free {
        let rest = strip_additions(hand, own, info);
        if rest.len() < hand.len() {
            let s = leftover(&rest, info, free);
            best = (best.0.min(s.min_left), best.1.min(s.min_score));
        }
    }
    best
}

/// The hand without the natural cards that can be added to its owner's melds (runs grown at
/// either end as far as the hand reaches).
fn strip_additions(hand: &Hand, own: &[Meld], info: RoundInfo) -> Hand {
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

/// Each seat's estimated points for the round in play, from a determinized state.
///
/// Every seat is charged what its hand leaves after it puts down all it can ([`dump`]: the
/// exact meld solver of the heuristic bot). If a seat can go down completely, the first such
/// seat in turn order from the seat to move is taken to go out (0 points) and the others pay
/// their leftovers in full; otherwise each seat pays its leftover times the chance that
/// someone else goes out first, the seats weighted by `0.3^(cards left)`. In a final turn the seats that have had
/// theirs pay their hand as it is.
fn points(state: &State) -> Vec<f64> {
    let n = state.config.players;
    let info = state.info;
    let Phase::Turn {
        seat, final_turn, ..
    } = state.phase
    else {
        return vec![0.0; n];
    };
    let leave = |s: Seat| -> (usize, u32) {
        let own: Vec<Meld> = state
            .melds
            .iter()
            .filter(|m| m.owner() == s)
            .copied()
            .collect();
        dump(&state.hands[s], &own, info)
    };
    let mut points = vec![0.0; n];
    if final_turn {
        // Seats after the one who went out and before `seat` have had their final turn.
        let out = state.went_out;
        let mut done = true;
        for s in out
            .unwrap_or(seat)
            .next(n, Direction::Clockwise)
            .cycle_from(n, Direction::Clockwise)
        {
            if Some(s) == out {
                continue;
            }
            if s == seat {
                done = false;
            }
            points[s.index()] = f64::from(if done {
                state.hands[s].iter().map(card_points).sum()
            } else {
                leave(s).1
            });
        }
        return points;
    }
    let mut winner = None;
    let mut left = vec![(0usize, 0u32); n];
    for s in seat.cycle_from(n, Direction::Clockwise) {
        let l = leave(s);
        left[s.index()] = l;
        if l.0 == 0 && winner.is_none() {
            winner = Some(s);
        }
    }
    if let Some(w) = winner {
        for (i, &(_, score)) in left.iter().enumerate() {
            points[i] = if i == w.index() {
                0.0
            } else {
                f64::from(score)
            };
        }
        return points;
    }
    // Nobody can go out yet: the chance to go out first falls by GO_OUT_ODDS with every card
    // a seat still lacks; each seat pays its leftover unless it goes out first.
    let weights: Vec<f64> = left
        .iter()
        .map(|&(k, _)| GO_OUT_ODDS.powi(k.min(40) as i32))
        .collect();
    let total: f64 = weights.iter().sum();
    for (i, &(_, score)) in left.iter().enumerate() {
        points[i] = f64::from(score) * (1.0 - weights[i] / total);
    }
    points
}

/// The cut-off estimate: each seat's reward as [`rewards`] would give it with the round's
/// points estimated by [`points`] added to the totals.
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    if state.phase == Phase::Over {
        return rewards(state);
    }
    let points = points(state);
    let scale = REWARD_POINTS_PER_ROUND * f64::from(state.config.rounds.max(1));
    state.totals.map(|s, &t| {
        let p = points.get(s.index()).copied().unwrap_or(0.0);
        (1.0 - (f64::from(t) + p) / scale).clamp(0.0, 1.0)
    })
}

/// The game's search defaults (see the crate documentation, "Search bots").
pub(crate) fn search_defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.1,
        rollout: Rollout::Heuristic,
        cutoff: Some(6),
        widening: Some(Widening { k: 2.0, alpha: 0.5 }),
        ..IsmctsOptions::default()
    }
}
