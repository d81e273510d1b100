//! The search hooks' helpers ([`cards_core::GameState::determinize`], [`cards_core::Search::rewards`],
//! [`cards_core::Search::search_defaults`]): what ISMCTS and PIMC need to know of Cego beyond its rules.
//! The determinization itself is in `determinize.rs`.

use cards_core::search::{IsmctsOptions, Rollout, linear_rewards};
use cards_core::{GameRng, PerSeat, Seat};

use crate::determinize;
use crate::rules::MAX_ACTIONS_PER_DEAL;
use crate::scoring::max_payment;
use crate::state::State;

/// The payment that [`cards_core::Search::rewards`](cards_core::Search::rewards) maps to reward 1 (and its negative to 0), per deal of a
/// four-player match: [`MAX_PAYMENT`](crate::MAX_PAYMENT), more than any seat wins or loses in
/// one deal. At five players the scale is [`max_payment(5)`](crate::max_payment).
pub const REWARD_SCALE: f64 = crate::scoring::MAX_PAYMENT as f64;

/// A full state that agrees with everything `seat` knows ([`determinize::determinize`]).
pub(crate) fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    determinize::determinize(state, seat, rng)
}

/// The rewards of the match totals ([`cards_core::Search::rewards`]): linear, scaled by the most a deal
/// moves at this table times the deals of the match.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    linear_rewards(
        &scores(state),
        f64::from(max_payment(state.config.players)) * f64::from(state.config.max_deals().max(1)),
    )
}

/// The match totals as scores ([`cards_core::Game::scores`]).
pub(crate) fn scores(state: &State) -> PerSeat<f64> {
    PerSeat(state.totals.iter().map(|&t| f64::from(t)).collect())
}

/// The search options Cego starts from ([`cards_core::Search::search_defaults`]).
pub(crate) fn defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.1,
        rollout: Rollout::Heuristic,
        cutoff: Some(MAX_ACTIONS_PER_DEAL as u32),
        widening: None,
        ..IsmctsOptions::default()
    }
}
