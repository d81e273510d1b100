//! The heuristic bot, and the rewriting of typed wilds into the fixed order (C3).

use cards_core::rng::GameRng;
use cards_core::{Bot, Decision};

use crate::ContractRummy;
use crate::action::{Action, End};
use crate::cards::Card;
use crate::meld::MeldSpec;
use crate::rules::RoundInfo;
use crate::solver::{Plan, plan};
use crate::state::Phase;

/// The heuristic bot. It sees only its view and the legal actions.
///
/// - It adds natural cards to its own melds whenever it can (free shedding).
/// - A hand of more than 28 cards, too big for the exact solver to be quick, puts down its
///   listed meld with the most natural cards (fewest wilds on a tie) until it is smaller.
/// - It asks the meld solver for the best way to put its hand down. When that leaves nothing
///   (or only wilds it can add to its melds), or in a final turn, it puts the solver's melds
///   down, then adds its wilds, then ends the turn.
/// - Otherwise it puts down only the solver's melds that use no wild (closer to going out,
///   wilds kept for the last melds), and draws when it has nothing such to put down.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

fn spec_matches(spec: &MeldSpec, p: &Plan, info: RoundInfo) -> bool {
    if p.naturals.is_empty() {
        // An all-wild meld of the planned size.
        return spec.len() == p.wilds && spec.cards().iter().all(|&c| info.is_wild(c));
    }
    if spec.shape() != p.shape || spec.len() != p.naturals.len() + p.wilds {
        return false;
    }
    let mut nat: Vec<Card> = spec
        .cards()
        .iter()
        .copied()
        .filter(|&c| !info.is_wild(c))
        .collect();
    let mut want = p.naturals.clone();
    nat.sort_unstable();
    want.sort_unstable();
    nat == want
}

/// The most cards the heuristic bot hands to the exact solver, whose time grows steeply with
/// the hand (see [`crate::solve`]); a bigger hand first sheds melds of natural cards.
const SOLVER_HAND_LIMIT: usize = 28;

/// The listed new meld with the most natural cards, the fewest wilds breaking ties.
fn biggest_natural_meld(legal: &[Action], info: RoundInfo) -> Option<usize> {
    legal
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Action::Meld(spec) => {
                let wilds = spec.cards().iter().filter(|&&c| info.is_wild(c)).count();
                Some((
                    spec.len() - wilds,
                    std::cmp::Reverse(wilds),
                    std::cmp::Reverse(i),
                ))
            }
            _ => None,
        })
        .max()
        .map(|(_, _, std::cmp::Reverse(i))| i)
}

fn high_count(spec: &MeldSpec) -> usize {
    spec.cards()
        .iter()
        .filter(|&&c| RoundInfo::is_high_wild(c))
        .count()
}

/// The legal meld of the first plan (in the solver's order) that has one, the one with the
/// most high cards (see [`high_count`]); only plans without wilds when `wild_free_only`.
fn best_planned_meld(
    legal: &[Action],
    plans: &[Plan],
    info: RoundInfo,
    wild_free_only: bool,
) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for p in plans {
        if wild_free_only && p.wilds > 0 {
            continue;
        }
        for (i, a) in legal.iter().enumerate() {
            if let Action::Meld(spec) = a
                && spec_matches(spec, p, info)
            {
                let h = high_count(spec);
                if best.is_none_or(|(_, bh)| h > bh) {
                    best = Some((i, h));
                }
            }
        }
        if best.is_some() {
            return best.map(|b| b.0);
        }
    }
    None
}

impl Bot<ContractRummy> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, ContractRummy>, _rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        let view = decision.view();
        let info = view.info;
        let find = |f: &dyn Fn(&Action) -> bool| legal.iter().position(f);
        let final_turn = matches!(
            view.phase,
            Phase::Turn {
                final_turn: true,
                ..
            }
        );
        // 1. Natural cards onto one's own melds.
        if let Some(i) =
            find(&|a| matches!(a, Action::Add { card, end: End::Own, .. } if !info.is_wild(*card)))
        {
            return i;
        }
        // 2. A hand too big for the exact solver sheds its biggest meld of natural cards.
        if view.hand.len() > SOLVER_HAND_LIMIT {
            if let Some(i) = biggest_natural_meld(legal, info) {
                return i;
            }
        }
        let (sol, plans) = plan(&view.hand, info);
        let wild_add = find(&|a| matches!(a, Action::Add { card, .. } if info.is_wild(*card)));
        let naturals_left = {
            let planned: usize = plans.iter().map(|p| p.naturals.len()).sum();
            view.hand.iter().filter(|&c| !info.is_wild(c)).count() - planned
        };
        let going_out = sol.can_go_out || (naturals_left == 0 && wild_add.is_some());
        let best_meld = |wild_free_only| best_planned_meld(legal, &plans, info, wild_free_only);
        if going_out || final_turn {
            if let Some(i) = best_meld(false) {
                return i;
            }
            if let Some(i) = wild_add {
                return i;
            }
        } else if let Some(i) = best_meld(true) {
            return i;
        }
        if let Some(i) = find(&|a| matches!(a, Action::Done | Action::Draw | Action::Pass)) {
            return i;
        }
        // The stock is empty and something must go down.
        best_meld(false).or(wild_add).unwrap_or(0)
    }
}

/// The search bots' rollout policy as a bot: the [`Heuristic`] bot, except that it goes out
/// whenever the hand can go down in one turn as the rules allow, a new meld then additions to
/// it (the heuristic's solver counts new melds of the allowed sizes only and misses such ways
/// out; see the crate documentation, "Search bots"). It sees only its view and the legal
/// actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Planner;

/// The planner's choice where it differs from the heuristic's (a step out), from what `seat`
/// holds and the table only.
pub(crate) fn planner_step(
    hand: &crate::cards::Hand,
    melds: &[crate::meld::Meld],
    seat: cards_core::Seat,
    phase: Phase,
    info: RoundInfo,
    legal: &[Action],
) -> Option<usize> {
    match phase {
        Phase::Turn {
            final_turn: false, ..
        } => crate::planner::go_out_step(hand, melds, seat, info, legal)
            .or_else(|| legal.iter().position(|a| matches!(a, Action::Draw))),
        Phase::Turn {
            final_turn: true, ..
        } => crate::planner::final_step(hand, melds, seat, info, legal),
        Phase::Over => None,
    }
}

impl Bot<ContractRummy> for Planner {
    fn name(&self) -> &str {
        "planner"
    }

    fn choose(&mut self, decision: &Decision<'_, ContractRummy>, rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        let view = decision.view();
        planner_step(
            &view.hand,
            &view.melds,
            view.seat,
            view.phase,
            view.info,
            legal,
        )
        .unwrap_or_else(|| Heuristic.choose(decision, rng))
    }
}
