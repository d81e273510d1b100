//! What the search bots play for and how they estimate a round cut short: the rewards, the
//! cut-off evaluation (the round raced out the planner's way on the determinized stock) and
//! the default options. See the crate documentation, section "Search bots".

use cards_core::search::{IsmctsOptions, Rollout, Widening};
use cards_core::seat::{Direction, PerSeat, Seat};

use crate::cards::{Card, Hand};
use crate::meld::{Meld, Shape};
use crate::planner;
use crate::rules::{RoundInfo, card_points};
use crate::state::{Phase, State};

/// Penalty points per round that map to a reward of 0 (a seat's reward falls linearly from 1
/// at no points to 0 at this many points per round of the match). Hands of round 1 leave about
/// 20 points on average and rarely more than 100, so the scale is almost never reached.
pub const REWARD_POINTS_PER_ROUND: f64 = 200.0;

/// Each seat's reward, linear in its match total: `1 - total / (200 · rounds)`, clamped to
/// `[0, 1]`. A bot that maximises its expected reward minimises its expected points.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    let scale = REWARD_POINTS_PER_ROUND * f64::from(state.config.rounds.max(1));
    state
        .totals
        .map(|_, &t| (1.0 - f64::from(t) / scale).clamp(0.0, 1.0))
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

/// The race stops drawing when a hand reaches this many cards (the solver's time grows steeply
/// with the hand); every seat then pays what it would leave.
const RACE_HAND_LIMIT: usize = 16;

/// Each seat's estimated points for the round in play, from a determinized state: the round
/// raced out the way the planner plays it ([`crate::Planner`] without its heuristic part).
///
/// From the seat to move on, each seat in turn goes out when its hand can go down in one turn
/// ([`planner::can_go_out`]: melds of any reachable size, spare wilds added), and otherwise
/// draws the top card of the determinized stock (a seat that has put something down this turn
/// ends it instead). The seat that goes out pays nothing; every other seat pays what its hand
/// leaves after its final turn ([`planner::dump`]). In a final turn the seats that have had
/// theirs pay their hands as they are. An empty stock ends the race with every seat paying
/// what it would leave.
///
/// Each seat races with its *pool*: its hand and the cards of its melds on the table together
/// (and no melds), so that a seat that put cards down is judged on the same cards as one that
/// kept them: putting down without going out then only skips a draw.
fn points(state: &State) -> Vec<f64> {
    let n = state.config.players;
    let info = state.info;
    let Phase::Turn {
        seat,
        put_down,
        final_turn,
    } = state.phase
    else {
        return vec![0.0; n];
    };
    let own: Vec<Vec<Meld>> = (0..n)
        .map(|i| {
            state
                .melds
                .iter()
                .filter(|m| m.owner().index() == i)
                .copied()
                .collect()
        })
        .collect();
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
                planner::dump(&state.hands[s], &own[s.index()], info).1
            });
        }
        return points;
    }
    let mut hands = state.hands.clone();
    for m in &state.melds {
        for &c in m.cards() {
            hands[m.owner()].add(c);
        }
    }
    let own: Vec<Vec<Meld>> = vec![Vec::new(); n];
    let mut stock = state.stock.len();
    let mut s = seat;
    let mut first = true;
    let mut winner = None;
    while winner.is_none() {
        if planner::can_go_out(&hands[s], &own[s.index()], info, planner::RACE_OUT_LIMIT) {
            winner = Some(s);
            break;
        }
        if !(first && put_down) {
            if stock == 0 || hands[s].len() >= RACE_HAND_LIMIT {
                break;
            }
            stock -= 1;
            hands[s].add(state.stock[stock]);
        }
        first = false;
        s = s.next(n, Direction::Clockwise);
    }
    for (i, p) in points.iter_mut().enumerate() {
        if Some(Seat(i as u8)) != winner {
            *p = f64::from(planner::dump(&hands.0[i], &own[i], info).1);
        }
    }
    points
}

/// The cut-off estimate: each seat's reward as [`rewards`] would give it with the round's
/// points estimated by [`points`] added to the totals, the race run on each seat's pool (its
/// hand and its melds together), so that putting cards down without going out counts only as
/// a skipped draw.
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
        cutoff: Some(0),
        widening: Some(Widening { k: 2.0, alpha: 0.5 }),
        ..IsmctsOptions::default()
    }
}
