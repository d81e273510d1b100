//! The search's candidates ([`cards_core::Search::search_candidates`]): a rummy turn can list
//! thousands of melds, and searching them all spreads 1,000 iterations over noise (see the
//! crate documentation, "Search bots").

use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Decision, Game, Seat};

use crate::action::Action;
use crate::bots::Planner;
use crate::state::{ContractRummy, State};

/// Writes into `out` the indices in `legal` (the game's whole list at `state`, for `seat`) of
/// the candidates: the planner's choice and the turn's control action (`draw`, `done` or
/// `pass`), ascending. They depend only on the hand of the seat to move and the table. A list
/// of one action is left as it is (`false`).
pub(crate) fn search_candidates(
    state: &State,
    seat: Seat,
    legal: &[Action],
    out: &mut Vec<usize>,
) -> bool {
    if legal.len() <= 1 || ContractRummy::to_move(state) != Some(seat) {
        return false;
    }
    // The planner does not draw from the generator.
    let mut rng = rng_from_seed(0);
    let d = Decision::<ContractRummy>::new(state, seat, legal);
    out.clear();
    out.push(Planner.choose(&d, &mut rng));
    if let Some(i) = legal
        .iter()
        .position(|a| matches!(a, Action::Draw | Action::Done | Action::Pass))
    {
        out.push(i);
    }
    out.retain(|&i| i < legal.len());
    out.sort_unstable();
    out.dedup();
    true
}
