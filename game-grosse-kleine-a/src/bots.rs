//! The heuristic bot.

use cards_core::bot::Decision;
use cards_core::{Bot, GameRng};

use crate::GrosseKleineA;
use crate::action::{Action, Play};
use crate::cards::{Cards, JOKER, JOKERS_ONLY_RANK, a_round_rank};
use crate::round::RoundKind;

/// A heuristic player: leads an A card as soon as it may, sheds low ranks and large groups
/// early, keeps jokers for the end, raises cheaply, and in A rounds plays the highest card that
/// cannot take the trick (or its lowest card when it must take it).
#[derive(Clone, Copy, Debug, Default)]
pub struct Heuristic;

/// The cost of giving up a play's cards: low when shedding many low naturals, high for jokers.
fn lead_score(p: Play, hand_jokers: u8) -> i32 {
    let rank = i32::from(p.rank());
    let jokers = i32::from(p.jokers());
    // Prefer low ranks, large groups, no jokers (unless jokers are all that is left).
    let mut score = rank * 4 - i32::from(p.naturals()) * 6 + jokers * 30;
    if p.naturals() == 0 && hand_jokers == p.jokers() {
        score -= 10;
    }
    score
}

impl Bot<GrosseKleineA> for Heuristic {
    fn name(&self) -> &'static str {
        "heuristic"
    }

    fn choose(&mut self, decision: &Decision<'_, GrosseKleineA>, _rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        if legal.len() <= 1 {
            return 0;
        }
        let hand = decision.view().hand;
        match decision.view().kind {
            RoundKind::Open => lead(legal, hand),
            RoundKind::Normal { .. } => raise(legal, hand),
            RoundKind::ARound { rank, .. } => follow_a_round(legal, rank),
        }
    }
}

/// The plays among the legal actions, with their indices.
fn plays(legal: &[Action]) -> impl Iterator<Item = (usize, Play)> + '_ {
    legal.iter().enumerate().filter_map(|(i, a)| match a {
        Action::Play(p) => Some((i, *p)),
        _ => None,
    })
}

/// A lead: an A card as soon as it may be led; everything when one rank (with jokers) is left;
/// otherwise the play of the lowest [`lead_score`].
fn lead(legal: &[Action], hand: Cards) -> usize {
    if let Some(i) = legal.iter().position(|a| matches!(a, Action::LeadA(_))) {
        return i;
    }
    let jokers = hand.count(JOKER);
    let best = plays(legal).min_by_key(|(_, p)| {
        if usize::from(p.len()) == hand.playable().len() {
            i32::MIN
        } else {
            lead_score(*p, jokers)
        }
    });
    best.map_or(0, |(i, _)| i)
}

/// The cheapest raise: lowest rank with fewest jokers; jokers only near the end; else a pass.
fn raise(legal: &[Action], hand: Cards) -> usize {
    let near_end = hand.len() <= 4;
    let best = plays(legal)
        .filter(|(_, p)| near_end || p.jokers() == 0)
        .filter(|(_, p)| p.rank() < JOKERS_ONLY_RANK || near_end)
        .min_by_key(|(_, p)| {
            if usize::from(p.len()) == hand.playable().len() {
                i32::MIN
            } else {
                i32::from(p.jokers()) * 20 + i32::from(p.rank())
            }
        });
    let pass = || legal.iter().position(|x| *x == Action::Pass).unwrap_or(0);
    best.map_or_else(pass, |(i, _)| i)
}

/// In an A round whose highest rank is `rank`: the highest card that cannot take the trick
/// (ties go to the first player of a rank, A7); otherwise the lowest card.
fn follow_a_round(legal: &[Action], rank: u8) -> usize {
    let mut safe: Option<(usize, u8)> = None;
    let mut lowest: Option<(usize, u8)> = None;
    for (i, p) in plays(legal) {
        let slot = p.single_slot().unwrap_or(JOKER);
        let r = a_round_rank(slot);
        // A joker is worth keeping: count it as a poor dump.
        let value = if slot == JOKER { 0 } else { r };
        if r <= rank && safe.is_none_or(|(_, v)| value > v) {
            safe = Some((i, value));
        }
        if lowest.is_none_or(|(_, v)| r < v) {
            lowest = Some((i, r));
        }
    }
    safe.or(lowest).map_or(0, |(i, _)| i)
}
