//! What search bots play for in this game: the reward, the estimate at a rollout cut-off, and
//! the default search options (see the crate docs, "Search bots").

use cards_core::search::{IsmctsOptions, Rollout, linear_rewards};
use cards_core::{PerSeat, Seat};

use crate::cards::{ACE, Cards, JOKER, RANKS};
use crate::state::State;

/// Each seat's reward in `[0, 1]`: its match total (E9) mapped linearly,
/// `0.5 + total / (2 · hands)`, so 1 for a seat that was Boss in every hand and 0 for the Ass
/// of every hand. Linear in the score, so maximising the expected reward maximises the expected
/// score, which is what `simulate` measures. In a single deal this is `(n - 1 - p) / (n - 1)`
/// for place `p`: every place counts, not only Boss and Ass.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    linear_rewards(&PerSeat(state.totals()), f64::from(state.config.hands))
}

/// How far a hand is from going out, in "leads it still needs": each natural rank held is one
/// group to get rid of (jokers join a group and cost nothing), a high group (Ace, King or jokers
/// alone) tends to win its trick and so costs less, and a low single is the hardest to place.
/// Lower is better. Only the hand counts: this is a cheap estimate for a cut-off, not play.
fn burden(hand: &Cards) -> f64 {
    let mut b = 0.0;
    for r in RANKS {
        let c = hand.count(r);
        if c == 0 {
            continue;
        }
        b += if r >= ACE - 1 {
            0.4
        } else if r >= ACE - 3 {
            0.8
        } else {
            1.0 + 0.05 * f64::from(ACE - 4 - r.min(ACE - 4))
        };
    }
    if hand.jokers() > 0 && hand.naturals() == 0 {
        b += 0.4;
    }
    // A few cards of the burden: more cards, slightly worse at equal groups.
    b + 0.02 * hand.len() as f64 - 0.01 * f64::from(hand.count(JOKER))
}

/// The estimate at a rollout cut-off, as [`rewards`]: the totals of the finished hands, plus for
/// the hand in play the places already taken and, for the seats still holding cards, the
/// remaining places shared out by [`burden`] (the lightest hand the best place), blended half
/// and half with the average of those places, since a burden is only a rough guide. Hands not
/// yet dealt are worth 0 to everyone (expected value of a symmetric hand).
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    let n = state.config.players;
    let d = (n - 1) as f64;
    let mut totals = state.totals();
    if state.turn.is_some() && state.finished.len() < n {
        let value = |p: usize| (d - 2.0 * p as f64) / d;
        for (p, s) in state.finished.iter().enumerate() {
            if let Some(t) = totals.get_mut(s.index()) {
                *t += value(p);
            }
        }
        let mut left: Vec<(f64, Seat)> = Seat::all(n)
            .filter(|s| !state.hands[s.index()].is_empty())
            .map(|s| (burden(&state.hands[s.index()]), s))
            .collect();
        left.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        let first = state.finished.len();
        let mean = (first..first + left.len()).map(value).sum::<f64>() / left.len().max(1) as f64;
        for (i, &(_, s)) in left.iter().enumerate() {
            if let Some(t) = totals.get_mut(s.index()) {
                *t += 0.5 * value(first + i) + 0.5 * mean;
            }
        }
    }
    linear_rewards(&PerSeat(totals), f64::from(state.config.hands))
}

/// Rollout actions before [`evaluate`] ends a rollout: about four tricks at five players.
pub(crate) const CUTOFF: u32 = 20;

/// The game's default search options (see the crate docs, "Search bots"): random rollouts cut
/// off after [`CUTOFF`] actions and scored by [`evaluate`], `c = 0.7`, no widening (a lead has
/// at most a few dozen actions, a response far fewer).
pub(crate) fn defaults() -> IsmctsOptions {
    IsmctsOptions {
        rollout: Rollout::Random,
        cutoff: Some(CUTOFF),
        exploration: 0.7,
        widening: None,
        ..IsmctsOptions::default()
    }
}
