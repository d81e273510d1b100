//! The search hooks' helpers: determinization, what the search bots play for (rewards, the
//! cut-off estimate) and the default options.

use cards_core::rng::{Seed, below, shuffle};
use cards_core::search::{IsmctsOptions, Rollout};
use cards_core::{GameRng, PerSeat, Seat};

use crate::cards::{BIG_A, Cards, LITTLE_A};
use crate::state::State;

/// Penalty points of one hand that map to a reward of 0 (a hand's penalty above it clamps).
///
/// Most hands cost between 0 and 60 points; a hand's penalty above 100 is rare.
pub const PENALTY_SCALE: f64 = 100.0;

/// `1 - penalty / (PENALTY_SCALE · hands)`, clamped to `[0, 1]`, per seat.
fn linear(penalties: impl Iterator<Item = f64>, hands: usize) -> PerSeat<f64> {
    let scale = PENALTY_SCALE * hands.max(1) as f64;
    PerSeat(
        penalties
            .map(|p| (1.0 - p / scale).clamp(0.0, 1.0))
            .collect(),
    )
}

/// The rewards of [`crate::GrosseKleineA`] (see the crate docs, "Search bots"): linear in each
/// seat's own penalty total of the finished hands, `1 - total / (100 · hands finished)`, clamped
/// to `[0, 1]`.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    linear(
        state.totals().iter().map(|&t| f64::from(t)),
        state.results().len(),
    )
}

/// The cut-off estimate: the rewards as if the hand in progress ended now, each seat paying for
/// the cards in its hand and its penalty pile (A9) on top of its total.
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    if state.is_over() {
        return rewards(state);
    }
    let d = &state.deal;
    let penalties = Seat::all(d.players()).map(|s| {
        let i = s.index();
        let now = d.hands[i].hand_penalty() + d.piles[i].pile_penalty();
        f64::from(state.totals()[i]) + f64::from(now)
    });
    linear(penalties, state.results().len() + 1)
}

/// The default options of an ISMCTS bot for this game.
pub(crate) fn defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.35,
        rollout: Rollout::Random,
        cutoff: None,
        widening: None,
        ..IsmctsOptions::default()
    }
}

/// The `expert` bot's search ([`cards_core::Search::expert_options`]): the default search
/// with eight times the iterations (8,000), chosen on tuning seed 1 (heuristic rollouts were
/// slower and weaker there); how it fares against ISMCTS at 1,000 iterations on declared
/// deals is in `docs/strength.md`.
pub(crate) fn expert_options() -> IsmctsOptions {
    IsmctsOptions {
        iterations: 8000,
        ..defaults()
    }
}

/// The `expert` bot ([`cards_core::Catalog::expert_bot`]): the search of [`expert_options`]
/// on worlds weighed by the hand's record ([`cards_core::search::Inferring`]): 1,000 worlds a
/// decision, each other seat's action that the heuristic bot would not have taken with the
/// world's hand multiplying the world's weight by 0.3. Chosen on tuning seed 2 among 200 to
/// 2,000 worlds and factors 0.1 to 0.5 (`docs/strength-history.md`); how it fares against
/// ISMCTS at 1,000 iterations on declared deals is in `docs/strength.md`.
pub(crate) fn expert_inference() -> cards_core::search::InferOptions {
    cards_core::search::InferOptions {
        worlds: 1000,
        disagree: 0.3,
        search: expert_options(),
    }
}

/// A full state that agrees with everything `seat` knows: its own hand, the cards known to be in
/// other hands (from Big A tricks), where the A cards are and every hand's size; the other
/// unseen cards dealt at random, and a new match seed.
pub(crate) fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut st = state.clone();
    let d = &mut st.deal;
    let n = d.players();
    let others = || Seat::all(n).filter(move |&s| s != seat);
    // The unseen cards: the undealt ones and the unknown part of every other hand.
    let mut unseen = d.undealt;
    for s in others() {
        let mut h = d.hands[s.index()].playable();
        h.take_all_saturating(&d.known[s.index()]);
        unseen.add_all(&h);
    }
    let mut pool: Vec<u8> = unseen.slots().collect();
    shuffle(rng, &mut pool);
    let mut cards = pool.into_iter();
    for s in others() {
        let i = s.index();
        let hand = d.hands[i];
        let hidden = hand.playable().len() - d.known[i].len();
        let mut h = d.known[i];
        // The A cards' places are public.
        for slot in [LITTLE_A, BIG_A] {
            h.add(slot, hand.count(slot));
        }
        for _ in 0..hidden {
            if let Some(c) = cards.next() {
                h.add(c, 1);
            }
        }
        d.hands[i] = h;
    }
    let mut rest = Cards::EMPTY;
    for c in cards {
        rest.add(c, 1);
    }
    d.undealt = rest;
    // The match seed would re-deal the true cards of this and every later hand.
    st.seed = Seed::Short(below(rng, u64::MAX));
    st
}
