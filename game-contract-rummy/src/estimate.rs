//! How the search estimates a round cut short: the round raced out the planner's way on the
//! determinized stock. See the crate documentation, section "Search bots".

use cards_core::seat::{Direction, Seat};

use crate::meld::Meld;
use crate::planner;
use crate::rules::card_points;
use crate::state::{Phase, State};

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
pub(crate) fn points(state: &State) -> Vec<f64> {
    let n = state.config.players;
    let Phase::Turn {
        seat,
        put_down,
        final_turn,
    } = state.phase
    else {
        return vec![0.0; n];
    };
    if !final_turn {
        return race(state, seat, put_down);
    }
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
    final_turn_points(state, seat, &own)
}

/// The points of a round in its final turns: the seats that have had theirs pay their hands as
/// they are, the others (from `seat`, to move, on) what their hands leave.
fn final_turn_points(state: &State, seat: Seat, own: &[Vec<Meld>]) -> Vec<f64> {
    let n = state.config.players;
    let mut points = vec![0.0; n];
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
            planner::dump(&state.hands[s], &own[s.index()], state.info).1
        });
    }
    points
}

/// The race from `seat` on (see [`points`]), each seat with its pool; `put_down` when `seat`
/// has put something down this turn.
fn race(state: &State, seat: Seat, put_down: bool) -> Vec<f64> {
    let (n, info) = (state.config.players, state.info);
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
    let mut points = vec![0.0; n];
    for (i, p) in points.iter_mut().enumerate() {
        if Some(Seat(i as u8)) != winner {
            *p = f64::from(planner::dump(&hands.0[i], &own[i], info).1);
        }
    }
    points
}
