//! Search bots may not cheat: determinization depends only on what the deciding seat knows, so
//! every bot chooses alike in two states the seat cannot tell apart; and ISMCTS with a seed and
//! an iteration budget is deterministic.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::bot::{Bot, Decision, RandomBot};
use cards_core::game::Game;
use cards_core::rng::{GameRng, below, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::seat::Seat;
use game_big_a::{BigA, Config, Phase, State};

/// States along random single deals: every few actions, in every phase, whoever is to move.
fn sample_states(deals: u64, every: usize) -> Vec<State> {
    let config = Config::default().single_deal();
    let mut out = Vec::new();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    for g in 0..deals {
        let mut state = BigA::new(&config, 100 + g).unwrap();
        let mut rng = rng_from_seed(g);
        let mut k = 0;
        while BigA::to_move(&state).is_some() {
            BigA::legal_actions_into(&state, &mut legal);
            if k % every == g as usize % every || (legal.len() > 1 && k % 3 == 0) {
                out.push(state.clone());
            }
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            BigA::apply_unchecked(&mut state, &legal[i], &mut events);
            k += 1;
        }
    }
    out
}

fn ismcts(seed: u64) -> Ismcts<BigA> {
    Ismcts::new(IsmctsOptions {
        iterations: 50,
        seed: Some(seed),
        ..BigA::search_defaults()
    })
}

fn pick(bot: &mut dyn Bot<BigA>, state: &State, seat: Seat, legal: &[game_big_a::Action]) -> usize {
    let mut rng: GameRng = rng_from_seed(77);
    bot.choose(&Decision::new(state, seat, legal), &mut rng)
}

#[test]
fn determinize_depends_only_on_what_the_seat_knows_and_bots_choose_alike() {
    let states = sample_states(6, 9);
    let mut phases = [0usize; 3];
    let mut searched = 0;
    for (n, s) in states.iter().enumerate() {
        let seat = BigA::to_move(s).unwrap();
        phases[match s.phase() {
            Phase::Draw => 0,
            Phase::PartnerExposure { .. } => 1,
            _ => 2,
        }] += 1;
        // Every seat, not only the one to move, may determinize.
        for viewer in Seat::all(5) {
            let d = s.determinize(viewer, &mut rng_from_seed(n as u64));
            d.validate().unwrap();
            assert_eq!(BigA::view(&d, viewer), BigA::view(s, viewer), "state {n}");
            let a = s.determinize(viewer, &mut rng_from_seed(1000 + n as u64));
            let b = d.determinize(viewer, &mut rng_from_seed(1000 + n as u64));
            assert_eq!(a, b, "state {n}, viewer {viewer}");
        }
        let d = s.determinize(seat, &mut rng_from_seed(5000 + n as u64));
        let legal = BigA::legal_actions(s);
        assert_eq!(legal, BigA::legal_actions(&d));
        let (mut r, mut h) = (RandomBot, BigA::heuristic_bot());
        assert_eq!(
            pick(&mut r, s, seat, &legal),
            pick(&mut r, &d, seat, &legal)
        );
        assert_eq!(
            pick(h.as_mut(), s, seat, &legal),
            pick(h.as_mut(), &d, seat, &legal),
            "heuristic, state {n}"
        );
        if legal.len() > 1 && n % 4 == 0 {
            searched += 1;
            let x = pick(&mut ismcts(3), s, seat, &legal);
            let y = pick(&mut ismcts(3), &d, seat, &legal);
            assert_eq!(x, y, "ismcts, state {n}");
        }
    }
    assert!(
        phases.iter().all(|&p| p > 0),
        "every phase sampled: {phases:?}"
    );
    assert!(searched >= 20, "searched {searched}");
}

#[test]
fn ismcts_with_a_seed_and_an_iteration_budget_is_deterministic() {
    let states = sample_states(2, 25);
    let mut checked = 0;
    for s in &states {
        let seat = BigA::to_move(s).unwrap();
        let legal = BigA::legal_actions(s);
        if legal.len() < 3 {
            continue;
        }
        let first = ismcts(11).search(&Decision::new(s, seat, &legal), &mut rng_from_seed(1));
        let again = ismcts(11).search(&Decision::new(s, seat, &legal), &mut rng_from_seed(2));
        assert_eq!(first, again);
        assert_eq!(first.iterations, 50);
        assert_eq!(
            first.actions.iter().map(|a| a.0).sum::<u32>(),
            50,
            "every iteration visits one root action"
        );
        checked += 1;
    }
    assert!(checked >= 5, "checked {checked}");
}

#[test]
fn rewards_are_linear_in_the_score_and_estimates_stay_in_range() {
    for s in sample_states(2, 15) {
        for r in [BigA::evaluate(&s), BigA::rewards(&s)] {
            assert_eq!(r.len(), 5);
            assert!(r.0.iter().all(|x| (0.0..=1.0).contains(x)), "{r:?}");
        }
    }
    let config = Config::default().single_deal();
    let mut state = BigA::new(&config, 3).unwrap();
    let mut rng = rng_from_seed(3);
    let mut legal = Vec::new();
    let mut ev = Vec::new();
    while BigA::to_move(&state).is_some() {
        BigA::legal_actions_into(&state, &mut legal);
        let i = below(&mut rng, legal.len() as u64) as usize;
        BigA::apply_unchecked(&mut state, &legal[i], &mut ev);
    }
    let scores = BigA::scores(&state);
    let rewards = BigA::rewards(&state);
    for (s, r) in scores.0.iter().zip(&rewards.0) {
        assert!((r - (0.5 + s / 128.0)).abs() < 1e-12, "{s} -> {r}");
    }
}

#[test]
fn rollout_choice_is_the_heuristic_bots_choice() {
    // Deals played by a mix of the heuristic (so partners get known and piles are beaten as in
    // real play) and random moves, every state checked, true and determinized.
    let config = Config::default().single_deal();
    let (mut legal, mut ev) = (Vec::new(), Vec::new());
    let mut h = BigA::heuristic_bot();
    let (mut checked, mut nonzero, mut partner_tops) = (0, 0, 0);
    for g in 0..24u64 {
        let mut state = BigA::new(&config, 500 + g).unwrap();
        let mut rng = rng_from_seed(g);
        while let Some(seat) = BigA::to_move(&state) {
            BigA::legal_actions_into(&state, &mut legal);
            let want = pick(h.as_mut(), &state, seat, &legal);
            let got = BigA::rollout_choice(&state, seat, &legal, &mut rng_from_seed(1));
            assert_eq!(got, Some(want), "deal {g}: {state:?}");
            if state.phase() == Phase::Play && legal.len() > 1 {
                let d = state.determinize(seat, &mut rng_from_seed(g));
                let want = pick(h.as_mut(), &d, seat, &legal);
                let got = BigA::rollout_choice(&d, seat, &legal, &mut rng_from_seed(1));
                assert_eq!(got, Some(want), "deal {g}, determinized");
                checked += 1;
                nonzero += usize::from(want != 0);
                if let Some((top, _)) = state.top()
                    && BigA::view(&state, seat).teams[top.index()].is_some()
                {
                    partner_tops += 1;
                }
            }
            let i = if below(&mut rng, 4) == 0 {
                below(&mut rng, legal.len() as u64) as usize
            } else {
                want
            };
            ev.clear();
            BigA::apply_unchecked(&mut state, &legal[i], &mut ev);
        }
    }
    assert!(checked >= 500, "checked {checked}");
    assert!(nonzero >= 200, "nonzero {nonzero}");
    assert!(partner_tops >= 20, "known tops {partner_tops}");
}
