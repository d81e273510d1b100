//! The heuristic bot.

use cards_core::{Bot, Decision, GameRng};

use crate::EinerIstImmer;
use crate::action::Action;
use crate::cards::ACE;

/// A heuristic player: goes out when it can, leads its lowest group whole, beats with the
/// cheapest higher group, keeps jokers and Aces to win the lead late, and does not break a big
/// group without need. It sees only its view and the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

/// How much a play costs the hand: higher ranks, broken groups and jokers are worth keeping.
fn cost(hand: &crate::cards::Cards, p: crate::action::Play, lead: bool) -> i32 {
    let have = if p.naturals() > 0 {
        i32::from(hand.count(p.rank()))
    } else {
        0
    };
    let mut c = i32::from(p.rank()) * 2;
    if p.naturals() > 0 && have > i32::from(p.naturals()) {
        c += 6 + 2 * (have - i32::from(p.naturals()));
    }
    c += i32::from(p.jokers()) * 20;
    if lead {
        c -= i32::from(p.len()) * 3;
    }
    c
}

impl Bot<EinerIstImmer> for Heuristic {
    fn name(&self) -> &str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, EinerIstImmer>, _rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        let view = decision.view();
        let hand = view.hand;
        let total = hand.len();
        let lead = !legal.contains(&Action::Pass);
        let mut best: Option<(i32, usize)> = None;
        for (i, a) in legal.iter().enumerate() {
            let Action::Play(p) = *a else { continue };
            if usize::from(p.len()) == total {
                return i;
            }
            let c = cost(&hand, p, lead);
            if best.is_none_or(|(b, _)| c < b) {
                best = Some((c, i));
            }
        }
        let Some((c, i)) = best else {
            return 0;
        };
        if lead {
            return i;
        }
        // Respond only when it is cheap, or late in the hand: save Aces, jokers and big groups
        // to win the lead when few cards are left.
        let late = total <= 5;
        let threshold = if late {
            i32::MAX
        } else {
            i32::from(ACE) * 2 - 3
        };
        if c <= threshold {
            i
        } else {
            legal.iter().position(|a| *a == Action::Pass).unwrap_or(0)
        }
    }
}
