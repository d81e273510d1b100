//! What the search bots play for in Big A: rewards, the estimate at a rollout cut-off, and the
//! default search options (see the crate docs, "Search bots").

use cards_core::search::{IsmctsOptions, Rollout, linear_rewards};
use cards_core::seat::{PerSeat, Seat};

use crate::action::Action;
use crate::rules::{ACE, Counts, RANKS};
use crate::scoring::deal_scores;
use crate::state::{PLAYERS, Phase, State};

/// The largest score of one hand (a lone declarer first with both Big Aces exposed).
pub const REWARD_SCALE: f64 = 64.0;

/// Rewards linear in the match totals: `0.5 + total / (2 · 64)` per hand of the match, so that a
/// bot maximising its expected reward maximises its expected score.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    let totals = PerSeat(state.totals.iter().map(|&x| f64::from(x)).collect());
    let hands = state.config.hands.max(1) as f64;
    linear_rewards(&totals, REWARD_SCALE * hands)
}

/// How far a seat still is from going out, lower is better: one per rank it holds one or two
/// cards of (each needs a play of its own), less for the cards that win tricks and give the
/// lead back (eggs and bigger bombs, jokers, Big Aces, Threes).
fn distance(c: &Counts) -> f64 {
    let mut d = 0.0;
    for (r, &n) in c.rank.iter().enumerate() {
        d += match n {
            0 => 0.0,
            1 | 2 => 1.0,
            3 => -0.2,
            _ => -0.7,
        };
        if r == RANKS - 1 && n > 0 && n < 3 {
            d -= 0.4; // Threes: the highest plain rank
        }
    }
    if c.rank[ACE as usize] > 0 && c.rank[ACE as usize] < 3 {
        d -= 0.2;
    }
    let jokers = f64::from(c.jokers[0] + c.jokers[1]);
    d - 0.8 * jokers - 0.9 * f64::from(c.big)
}

/// The estimate at a rollout cut-off. Before card play the rest of the draw is played out as
/// if everyone passes (the cards are already in the stock of a determinized state). At card
/// play, the seats still holding cards are placed by [`distance`] (ties: fewer cards, then
/// the order of play from the seat to move), after the seats already out; the hand is scored
/// with the seed's tables and the result turned into rewards as by [`rewards`].
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    match state.phase {
        Phase::Over => rewards(state),
        Phase::Play => estimate(state),
        Phase::Draw | Phase::PartnerExposure { .. } => {
            let mut st = state.clone();
            let mut events = Vec::new();
            // At most a few redeals of 108 draws each; bounded anyway.
            for _ in 0..4000 {
                if matches!(st.phase, Phase::Play | Phase::Over) {
                    break;
                }
                events.clear();
                <crate::BigA as cards_core::game::Game>::apply_unchecked(
                    &mut st,
                    &Action::Pass,
                    &mut events,
                );
            }
            if st.phase == Phase::Play {
                estimate(&st)
            } else {
                rewards(&st)
            }
        }
    }
}

fn estimate(state: &State) -> PerSeat<f64> {
    let Some(d) = state.declarer else {
        return rewards(state);
    };
    let mut places: [Seat; PLAYERS] = [Seat(0); PLAYERS];
    let mut n = 0;
    for &s in &state.places {
        if n < PLAYERS {
            places[n] = s;
            n += 1;
        }
    }
    let mut rest: [(f64, usize, usize, Seat); PLAYERS] = [(0.0, 0, 0, Seat(0)); PLAYERS];
    let mut m = 0;
    for (k, s) in state
        .turn
        .cycle_from(PLAYERS, crate::state::DIR)
        .enumerate()
    {
        let h = &state.hands[s.index()];
        if h.is_empty() {
            continue;
        }
        rest[m] = (distance(&state.counts[s.index()]), h.len(), k, s);
        m += 1;
    }
    let rest = &mut rest[..m];
    rest.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    for r in rest.iter() {
        if n < PLAYERS {
            places[n] = r.3;
            n += 1;
        }
    }
    let scores = deal_scores(
        &places[..n],
        d,
        state.partner,
        state.partner_exposed,
        state.declarer_shown >= 2,
    );
    let hands = state.config.hands.max(1) as f64;
    let totals = PerSeat(
        state
            .totals
            .iter()
            .zip(scores)
            .map(|(&t, s)| f64::from(t + s))
            .collect(),
    );
    linear_rewards(&totals, REWARD_SCALE * hands)
}

/// The default search options of Big A (see the crate docs, "Search bots").
pub(crate) fn defaults() -> IsmctsOptions {
    IsmctsOptions {
        exploration: 0.25,
        rollout: Rollout::Heuristic,
        cutoff: Some(14),
        widening: None,
        ..IsmctsOptions::default()
    }
}
