//! The search hooks' helpers (see the crate documentation, "Search bots"): what the search
//! bots play for (the rewards), the cut-off evaluation (the race of estimate.rs), the default
//! options, the determinizer, the rollout choice and the search's candidates: a rummy turn can
//! list thousands of melds, and searching them all spreads 1,000 iterations over noise.

use cards_core::rng::{GameRng, Seed, below, rng_from_seed, shuffle};
use cards_core::search::{IsmctsOptions, Rollout, Widening};
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Decision, Game};

use crate::ContractRummy;
use crate::action::Action;
use crate::bots::{Planner, planner_step};
use crate::cards::{Card, Hand};
use crate::estimate::points;
use crate::planner;
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

/// A full state agreeing with everything `seat` knows: the unseen cards (the stock and the
/// other hands) redealt at random to the other hands, by their counts, and the stock; a fresh
/// match seed for the later deals.
pub(crate) fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    if state.phase == Phase::Over {
        // The last round's hands were scored in the open (C7): nothing is hidden, and the
        // recorded points must keep matching the hands (`State::validate`).
        return state.clone();
    }
    let mut s = state.clone();
    let n = state.config.players;
    // The unseen cards (stock and the other hands) in a canonical order, never in the
    // order of the true stock or hands, so that the result depends only on what `seat`
    // knows and on `rng`.
    let mut unseen: Hand = state.stock.iter().copied().collect();
    for o in Seat::all(n).filter(|&o| o != seat) {
        for c in state.hands[o].iter() {
            unseen.add(c);
        }
    }
    let mut pool: Vec<Card> = unseen.iter().collect();
    shuffle(rng, &mut pool);
    for o in Seat::all(n).filter(|&o| o != seat) {
        let k = state.hands[o].len();
        let mut h = Hand::new();
        for _ in 0..k {
            if let Some(c) = pool.pop() {
                h.add(c);
            }
        }
        s.hands[o] = h;
    }
    s.stock = pool;
    // Later deals are unseen too: a fresh match seed.
    s.seed = Seed::Short(below(rng, u64::MAX));
    s
}

/// The rollout's choice: the planner's step out when `seat` can go out in one turn, otherwise
/// `None` (the heuristic bot chooses).
pub(crate) fn rollout_choice(state: &State, seat: Seat, legal: &[Action]) -> Option<usize> {
    planner_step(
        &state.hands[seat],
        &state.melds,
        seat,
        state.phase,
        state.info,
        legal,
    )
}

/// Writes into `out` the indices in `legal` (the game's whole list at `state`, for `seat`) of
/// the candidates, ascending. They depend only on the hand of the seat to move and the table.
/// A list of one action is left as it is (`false`).
///
/// - A seat that can go out this turn: the planner's step out and the turn's control action
///   (`draw`, or `done` once something is down): lay down now or hold.
/// - A final turn, or a turn on an empty stock (no card will come): the one step towards the
///   fewest points left in hand, solved exactly up to [`planner::EXACT_FINAL_LIMIT`] cards
///   ([`planner::exact_final_step`]): which melds and which additions, a puzzle of the seat's
///   own cards that a search would only blur.
/// - Otherwise the control action (`draw`): putting cards down without going out (a turn
///   without a draw) was weighed by the search and not kept (see the crate documentation,
///   "Search bots").
pub(crate) fn search_candidates(
    state: &State,
    seat: Seat,
    legal: &[Action],
    out: &mut Vec<usize>,
) -> bool {
    if legal.len() <= 1 || ContractRummy::to_move(state) != Some(seat) {
        return false;
    }
    let Phase::Turn { final_turn, .. } = state.phase else {
        return false;
    };
    out.clear();
    let control = legal
        .iter()
        .position(|a| matches!(a, Action::Draw | Action::Done | Action::Pass));
    out.extend(control);
    let (hand, melds, info) = (&state.hands[seat], &state.melds[..], state.info);
    if final_turn {
        // A final turn is a puzzle of the seat's own cards: solved, not searched.
        out.clear();
        out.extend(planner::exact_final_step(hand, melds, seat, info, legal));
    } else if let Some(i) = planner::go_out_step(hand, melds, seat, info, legal) {
        out.push(i);
    } else if state.stock.is_empty() {
        // No card will come: the hand can only shrink, as in a final turn.
        out.clear();
        out.extend(planner::exact_final_step(hand, melds, seat, info, legal));
    }
    if out.is_empty() {
        // The stock is empty and something must go down: the planner's (heuristic) choice.
        let mut rng = rng_from_seed(0);
        out.push(Planner.choose(
            &Decision::<ContractRummy>::new(state, seat, legal),
            &mut rng,
        ));
    }
    out.retain(|&i| i < legal.len());
    out.sort_unstable();
    out.dedup();
    true
}
