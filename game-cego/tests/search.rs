//! Search bots do not cheat: what they choose depends only on what the deciding seat knows.
//!
//! For a true state `S` and `D = determinize(S, seat, rng0)`, the seat cannot tell `S` and `D`
//! apart; so `determinize(S, seat, rng)` and `determinize(D, seat, rng)` must be the same state
//! for equal generators, and every bot (random, heuristic, ISMCTS with a fixed seed) must choose
//! the same action in both.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions, Rollout};
use cards_core::{Bot, Decision, Game, GameRng, RandomBot, Seat};
use game_cego::{Cego, Config, Contract, State};

/// States of random and heuristic playouts of single deals and of a two-deal match: every state
/// a seat decides in.
fn states(deals: u64) -> Vec<State> {
    let mut out = Vec::new();
    let mut rng = rng_from_seed(17);
    let single = Config::default().single_deal();
    let two = Config {
        deals: 2,
        ..Config::default()
    };
    let mut heuristic = Cego::heuristic_bot();
    for g in 0..deals {
        let config = if g % 5 == 4 { &two } else { &single };
        let mut state = Cego::new(config, derive_seed(99, g)).expect("valid config");
        // Half the playouts bid and play heuristically, to reach the contracts random bidding
        // rarely fixes (and play that follows them sensibly).
        let smart = g % 2 == 1;
        while let Some(seat) = Cego::to_move(&state) {
            out.push(state.clone());
            let legal = Cego::legal_actions(&state);
            let i = if smart && below(&mut rng, 4) != 0 {
                heuristic.choose(&Decision::new(&state, seat, &legal), &mut rng)
            } else {
                below(&mut rng, legal.len() as u64) as usize
            };
            Cego::apply(&mut state, &legal[i]).expect("a legal action applies");
        }
    }
    out
}

#[test]
fn determinize_depends_only_on_what_the_seat_knows() {
    let mut contracts = std::collections::BTreeSet::new();
    for (k, s) in states(120).iter().enumerate() {
        if let Some(c) = s.deal.contract {
            contracts.insert(c);
        }
        for seat in Seat::all(4) {
            let k = k as u64 * 4 + u64::from(seat.0);
            let d = s.determinize(seat, &mut rng_from_seed(derive_seed(1, k)));
            assert_eq!(Cego::view(&d, seat), Cego::view(s, seat));
            let from_s = s.determinize(seat, &mut rng_from_seed(derive_seed(2, k)));
            let from_d = d.determinize(seat, &mut rng_from_seed(derive_seed(2, k)));
            assert_eq!(from_s, from_d, "state {k}, {seat}");
        }
    }
    // The playouts reach the discard games and the exposures, where determinization is subtle.
    for c in [Contract::Cego, Contract::OneCard, Contract::Solo] {
        assert!(contracts.contains(&c), "no playout reached {c}");
    }
}

fn same_choice(bot: &mut dyn FnMut(&Decision<'_, Cego>, &mut GameRng) -> usize, s: &State) {
    let Some(seat) = Cego::to_move(s) else { return };
    let legal = Cego::legal_actions(s);
    let d = s.determinize(seat, &mut rng_from_seed(7));
    assert_eq!(Cego::legal_actions(&d), legal);
    let a = bot(&Decision::new(s, seat, &legal), &mut rng_from_seed(8));
    let b = bot(&Decision::new(&d, seat, &legal), &mut rng_from_seed(8));
    assert_eq!(a, b, "{seat} chose {} and {}", legal[a], legal[b]);
}

#[test]
fn bots_choose_the_same_in_states_the_seat_cannot_tell_apart() {
    let mut random = RandomBot;
    let mut heuristic = Cego::heuristic_bot();
    let options = IsmctsOptions {
        iterations: 50,
        seed: Some(3),
        ..Cego::search_defaults()
    };
    let mut ismcts = |d: &Decision<'_, Cego>, rng: &mut GameRng| {
        Ismcts::<Cego>::new(options.clone()).choose(d, rng)
    };
    let mut random_rollouts = |d: &Decision<'_, Cego>, rng: &mut GameRng| {
        let options = IsmctsOptions {
            iterations: 50,
            rollout: Rollout::Random,
            ..Cego::search_defaults()
        };
        Ismcts::<Cego>::new(options).choose(d, rng)
    };
    let mut searched = 0;
    for (k, s) in states(40).iter().enumerate() {
        same_choice(&mut |d, rng| random.choose(d, rng), s);
        same_choice(&mut |d, rng| heuristic.choose(d, rng), s);
        // Search is slower: every fourth decision with a choice.
        if k % 4 == 0 && Cego::legal_actions(s).len() > 1 {
            same_choice(&mut ismcts, s);
            same_choice(&mut random_rollouts, s);
            searched += 1;
        }
    }
    assert!(searched > 80, "only {searched} searched decisions");
}

#[test]
fn ismcts_with_a_seed_and_a_budget_is_deterministic() {
    let states = states(6);
    for s in states.iter().step_by(7) {
        let Some(seat) = Cego::to_move(s) else {
            continue;
        };
        let legal = Cego::legal_actions(s);
        let decision = Decision::<Cego>::new(s, seat, &legal);
        let options = IsmctsOptions {
            iterations: 100,
            seed: Some(11),
            ..Cego::search_defaults()
        };
        // The bot's own seed decides: the generators handed in differ.
        let a = Ismcts::<Cego>::new(options.clone()).search(&decision, &mut rng_from_seed(1));
        let b = Ismcts::<Cego>::new(options).search(&decision, &mut rng_from_seed(2));
        assert_eq!(a, b);
        assert_eq!(a.iterations, 100);
        if legal.len() > 1 {
            let visits: u32 = a.actions.iter().map(|&(v, _)| v).sum();
            assert_eq!(
                visits, 100,
                "every iteration passes through one root action"
            );
        }
    }
}
