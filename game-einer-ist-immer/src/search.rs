//! What search bots play for in this game: the reward, the estimate at a rollout cut-off, the
//! determinizer and the default search options (see the crate docs, "Search bots").

use cards_core::rng::shuffle;
use cards_core::search::{IsmctsOptions, Rollout, linear_rewards};
use cards_core::{GameRng, PerSeat, Seat};

use crate::cards::{ACE, Cards, JOKER, RANKS};
use crate::rules::{highest_naturals, lowest_naturals};
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

/// The `expert` bot's search ([`cards_core::Search::expert_options`]): the default search
/// with 10,000 iterations, chosen on tuning seed 1 (heuristic rollouts to the end and
/// `c = 0.3` were no better there, and slower). How it fares against `ismcts:iters=1000` on
/// declared deals, and its think, are in `docs/strength.md`.
pub(crate) fn expert_options() -> IsmctsOptions {
    IsmctsOptions {
        iterations: 10000,
        ..defaults()
    }
}

/// The `expert` bot ([`cards_core::Catalog::expert_bot`]): the search of [`expert_options`]
/// on worlds weighed by the hand's record ([`cards_core::search::Inferring`]): 1,000 worlds a
/// decision, each other seat's play or pass that the heuristic bot would not have made with
/// the world's hand multiplying the world's weight by 0.3 (the factor chosen for Grosse/kleine
/// A; tried on tuning seed 2, `docs/strength-history.md`); how it fares against ISMCTS at
/// 1,000 iterations on declared deals is in `docs/strength.md`.
pub(crate) fn expert_inference() -> cards_core::search::InferOptions {
    cards_core::search::InferOptions {
        worlds: 1000,
        disagree: 0.3,
        search: expert_options(),
    }
}

/// A full state agreeing with everything `seat` knows: its hand, every count, every play, and
/// its own exchange (the partner still holds what this seat gave and did not see played, and the
/// partner's other cards fit the side of the exchange it was on, E8). The other hidden cards are
/// redealt at random.
pub(crate) fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
    let mut s = state.clone();
    let n = state.config.players;
    // The unseen cards as one multiset, listed low to high: a canonical order that does not
    // depend on how the true hidden hands split them, so that two states the seat cannot tell
    // apart give the same deal from the same generator.
    let mut unseen = Cards::EMPTY;
    for o in Seat::all(n).filter(|&o| o != seat) {
        unseen.add_all(&state.hands[o.index()]);
        s.hands[o.index()] = Cards::EMPTY;
    }
    let mut pool: Vec<u8> = Vec::with_capacity(unseen.len());
    pool.extend(unseen.cards());
    shuffle(rng, &mut pool);
    let mine = state
        .exchanges
        .iter()
        .find(|x| x.higher == seat || x.lower == seat)
        .copied();
    let dealt = mine.is_some_and(|x| deal_with_partner(state, &mut s, seat, x, &pool));
    if !dealt {
        if mine.is_some() {
            for o in Seat::all(n).filter(|&o| o != seat) {
                s.hands[o.index()] = Cards::EMPTY;
            }
        }
        deal_rest(state, &mut s, seat, None, &pool);
    }
    restate_hidden_exchanges(&mut s, seat);
    s
}

/// Deals the exchange partner of `seat` (its side of the exchange `x`) a hand from `pool`: what
/// `seat` gave it and did not see played, and then only cards that fit the side it was on (E8);
/// the others get the rest. `false`, with nothing dealt, when the pool cannot make such a hand.
fn deal_with_partner(
    state: &State,
    s: &mut State,
    seat: Seat,
    x: crate::state::Exchange,
    pool: &[u8],
) -> bool {
    let (partner, gift, eligible): (Seat, Cards, Box<dyn Fn(u8) -> bool>) = if x.higher == seat {
        // The partner gave its highest naturals: its own naturals are at most their lowest.
        let cap = x.from_lower.lowest_natural().unwrap_or(JOKER);
        (
            x.lower,
            x.from_higher,
            Box::new(move |r| r == JOKER || r <= cap),
        )
    } else {
        // The partner gave its lowest cards: its own naturals are at least their highest.
        let floor = x.from_higher.highest_natural().unwrap_or(0);
        (
            x.higher,
            x.from_lower,
            Box::new(move |r| r == JOKER || r >= floor),
        )
    };
    let played = state.played[partner.index()];
    let mut known = Cards::EMPTY;
    for r in RANKS {
        known.add(r, gift.count(r).saturating_sub(played.count(r)));
    }
    let need = state.hands[partner.index()].len();
    let mut rest: Vec<u8> = Vec::with_capacity(pool.len());
    let mut hand = Cards::EMPTY;
    let mut still = known;
    for &r in pool {
        if still.take(r, 1) {
            hand.add(r, 1);
        } else {
            rest.push(r);
        }
    }
    if !still.is_empty() || hand.len() > need {
        return false;
    }
    let mut others: Vec<u8> = Vec::with_capacity(rest.len());
    for &r in &rest {
        if hand.len() < need && eligible(r) {
            hand.add(r, 1);
        } else {
            others.push(r);
        }
    }
    if hand.len() != need {
        return false;
    }
    s.hands[partner.index()] = hand;
    deal_rest(state, s, seat, Some(partner), &others);
    true
}

/// The other pairs' exchanges are hidden from `seat`: restates them from the new hands as they
/// were after the exchange (held now or played since), so each side keeps its count.
fn restate_hidden_exchanges(s: &mut State, seat: Seat) {
    for i in 0..s.exchanges.len() {
        let x = s.exchanges[i];
        if x.higher != seat && x.lower != seat {
            let c = x.from_higher.len() as u8;
            let since = |o: Seat| {
                let mut h = s.hands[o.index()];
                h.add_all(&s.played[o.index()]);
                h
            };
            let (from_higher, from_lower) = (
                lowest_naturals(&since(x.lower), c),
                highest_naturals(&since(x.higher), c),
            );
            s.exchanges[i].from_higher = from_higher;
            s.exchanges[i].from_lower = from_lower;
        }
    }
}

fn deal_rest(state: &State, s: &mut State, seat: Seat, skip: Option<Seat>, cards: &[u8]) {
    let n = state.config.players;
    let mut it = cards.iter();
    for o in Seat::all(n).filter(|&o| o != seat && Some(o) != skip) {
        let need = state.hands[o.index()].len();
        let h = &mut s.hands[o.index()];
        for _ in 0..need {
            if let Some(&r) = it.next() {
                h.add(r, 1);
            }
        }
    }
}
