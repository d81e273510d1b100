//! Search bots: no cheating (a bot's choice depends only on what its seat knows and its
//! generator), determinism of ISMCTS with a fixed seed, and the reward's range and direction.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::rng::{below, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Bot, Decision, Game, GameRng, RandomBot, Seat};
use game_grosse_kleine_a::{Config, FirstA, GrosseKleineA, State};

type G = GrosseKleineA;

/// The configurations the properties are checked on: single deals of 3, 4 and 9 players, and a
/// match of two hands (later hands are dealt from the match seed, which determinize redraws).
fn configs() -> Vec<Config> {
    let mut out = Vec::new();
    for players in [3, 4, 9] {
        out.push(
            <G as Game>::Config::for_players(players)
                .unwrap()
                .single_deal(),
        );
    }
    let mut two_hands = <G as Game>::Config::for_players(5).unwrap();
    two_hands.hands = 2;
    two_hands.first_a = FirstA::BigAFirst;
    out.push(two_hands);
    out
}

/// Every state of `playouts` random playouts per configuration (random actions from a
/// seeded generator), with the playout's index.
fn visited_states(playouts: u64) -> Vec<State> {
    let mut states = Vec::new();
    for (k, config) in configs().iter().enumerate() {
        for p in 0..playouts {
            let seed = 1000 * k as u64 + p;
            let mut rng = rng_from_seed(seed ^ 0xfeed);
            let mut state = G::new(config, seed).unwrap();
            while G::to_move(&state).is_some() {
                states.push(state.clone());
                let legal = G::legal_actions(&state);
                let i = below(&mut rng, legal.len() as u64) as usize;
                G::apply(&mut state, &legal[i]).unwrap();
            }
        }
    }
    states
}

/// The same state with another match seed (through its serialised form, which is validated
/// when read back).
fn with_seed(state: &State, seed: u64) -> State {
    let mut json = serde_json::to_value(state).unwrap();
    json["seed"] = serde_json::json!(seed);
    let other: State = serde_json::from_value(json).unwrap();
    assert_ne!(&other, state);
    other
}

/// The index a bot chooses for the seat to move, with a generator from `seed`.
fn pick(bot: &mut dyn Bot<G>, state: &State, seat: Seat, legal: &[<G as Game>::Action]) -> usize {
    let mut rng = rng_from_seed(77);
    bot.choose(&Decision::<G>::new(state, seat, legal), &mut rng)
}

/// Builds a fresh bot.
type MakeBot = Box<dyn Fn() -> Box<dyn Bot<G>>>;

fn ismcts(seed: Option<u64>) -> Ismcts<G> {
    Ismcts::new(IsmctsOptions {
        iterations: 50,
        seed,
        ..G::search_defaults()
    })
}

#[test]
fn determinize_depends_only_on_what_the_seat_knows() {
    let states = visited_states(6);
    assert!(states.len() > 500, "{} states", states.len());
    let (mut checked, mut differed) = (0, 0);
    for (n, s) in states.iter().enumerate() {
        let players = s.config().players();
        for seat in Seat::all(players) {
            let d = s.determinize(seat, &mut rng_from_seed(n as u64));
            differed += usize::from(d != *s);
            let seed = 31 * n as u64 + u64::from(seat.0);
            let from_truth = s.determinize(seat, &mut rng_from_seed(seed));
            let from_guess = d.determinize(seat, &mut rng_from_seed(seed));
            assert_eq!(
                from_truth, from_guess,
                "state {n}, seat {seat}: determinize reads the true hidden cards"
            );
            assert_eq!(
                G::view(&d, seat),
                G::view(s, seat),
                "state {n}, seat {seat}"
            );
            // The match seed (which deals the later hands) is hidden too.
            let reseeded = with_seed(s, seed ^ 0x5eed);
            assert_eq!(
                from_truth,
                reseeded.determinize(seat, &mut rng_from_seed(seed)),
                "state {n}, seat {seat}: determinize reads the match seed"
            );
            checked += 1;
        }
    }
    // The property is not vacuous: determinizations do deal other cards than the truth.
    assert!(differed * 2 > checked, "{differed} of {checked} differed");
}

#[test]
fn bots_choose_the_same_on_states_the_seat_cannot_tell_apart() {
    let states = visited_states(2);
    let mut seats_seen = [false; 9];
    let mut real_decisions = 0;
    for (n, s) in states.iter().enumerate() {
        let Some(seat) = G::to_move(s) else { continue };
        let legal = G::legal_actions(s);
        if legal.len() < 2 {
            continue;
        }
        // Every other real decision keeps the test fast; every seat still comes up.
        if n % 2 == 1 {
            continue;
        }
        seats_seen[seat.index()] = true;
        real_decisions += 1;
        let d = s.determinize(seat, &mut rng_from_seed(n as u64 + 5));
        assert_eq!(G::legal_actions(&d), legal, "state {n}");
        let mut bots: Vec<(&str, MakeBot)> = vec![
            ("random", Box::new(|| Box::new(RandomBot))),
            ("heuristic", Box::new(G::heuristic_bot)),
            ("ismcts seed", Box::new(|| Box::new(ismcts(Some(9))))),
            ("ismcts rng", Box::new(|| Box::new(ismcts(None)))),
        ];
        for (name, make) in &mut bots {
            let on_truth = pick(&mut *make(), s, seat, &legal);
            let on_guess = pick(&mut *make(), &d, seat, &legal);
            assert!(on_truth < legal.len(), "{name}, state {n}");
            assert_eq!(
                on_truth, on_guess,
                "{name} chose differently on a determinization, state {n}, {seat}"
            );
        }
    }
    assert!(real_decisions > 100, "{real_decisions} decisions");
    assert!(
        seats_seen.iter().all(|&x| x),
        "seats to move: {seats_seen:?}"
    );
}

#[test]
fn ismcts_with_a_seed_and_an_iteration_budget_is_deterministic() {
    let config = Config::default().single_deal();
    let mut state = G::new(&config, 3).unwrap();
    // A few moves in, so that there is something to search.
    for _ in 0..6 {
        let legal = G::legal_actions(&state);
        G::apply(&mut state, &legal[legal.len() / 2]).unwrap();
    }
    let seat = G::to_move(&state).unwrap();
    let legal = G::legal_actions(&state);
    assert!(legal.len() > 1);
    let run = |rng_seed: u64| {
        let mut bot = ismcts(Some(4));
        let mut rng: GameRng = rng_from_seed(rng_seed);
        bot.search(&Decision::<G>::new(&state, seat, &legal), &mut rng)
    };
    let first = run(1);
    assert_eq!(first.iterations, 50);
    assert_eq!(first.actions.iter().map(|a| a.0).sum::<u32>(), 50);
    // The bot's own seed decides, not the generator it is handed.
    assert_eq!(first, run(2));
    // Without a seed of its own, the generator handed over decides.
    let mut a = ismcts(None);
    let mut b = ismcts(None);
    let d = Decision::<G>::new(&state, seat, &legal);
    assert_eq!(
        a.search(&d, &mut rng_from_seed(8)),
        b.search(&d, &mut rng_from_seed(8))
    );
}

#[test]
fn rewards_are_linear_in_the_own_penalty_and_estimates_stay_in_range() {
    let states = visited_states(3);
    let mut finished = 0;
    for s in &states {
        let e = G::evaluate(s);
        assert!(e.iter().all(|(_, r)| (0.0..=1.0).contains(r)), "{e:?}");
    }
    for (k, config) in configs().iter().enumerate() {
        for seed in 0..5 {
            let mut state = G::new(config, seed + 100 * k as u64).unwrap();
            let mut rng = rng_from_seed(seed);
            while G::to_move(&state).is_some() {
                let legal = G::legal_actions(&state);
                let i = below(&mut rng, legal.len() as u64) as usize;
                G::apply(&mut state, &legal[i]).unwrap();
            }
            finished += 1;
            let rewards = G::rewards(&state);
            let hands = f64::from(config.hands);
            for (seat, &t) in state.totals().iter().enumerate() {
                let expect =
                    (1.0 - f64::from(t) / (game_grosse_kleine_a::PENALTY_SCALE * hands)).max(0.0);
                assert!((rewards.0[seat] - expect).abs() < 1e-12, "{rewards:?}");
            }
            // A lower penalty never earns less.
            for a in 0..rewards.len() {
                for b in 0..rewards.len() {
                    if state.totals()[a] < state.totals()[b] {
                        assert!(rewards.0[a] >= rewards.0[b]);
                    }
                }
            }
        }
    }
    assert_eq!(finished, 20);
}

#[test]
fn the_cut_off_estimate_of_a_finished_match_is_its_rewards() {
    let config = <G as Game>::Config::for_players(4).unwrap().single_deal();
    let mut state = G::new(&config, 3).unwrap();
    let mut rng = rng_from_seed(3);
    while G::to_move(&state).is_some() {
        let legal = G::legal_actions(&state);
        let i = below(&mut rng, legal.len() as u64) as usize;
        G::apply(&mut state, &legal[i]).unwrap();
    }
    let (estimate, rewards) = (G::evaluate(&state), G::rewards(&state));
    assert_eq!(estimate.0, rewards.0);
    // One finished hand: each seat's reward is 1 - penalty / 100, clamped to [0, 1].
    for (seat, &total) in state.totals().iter().enumerate() {
        let want = (1.0 - f64::from(total) / 100.0).clamp(0.0, 1.0);
        assert!((rewards.0[seat] - want).abs() < 1e-12, "S{seat}");
    }
}
