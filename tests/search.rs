//! The generic ISMCTS bot over every game: deterministic for a seed and an iteration budget,
//! always a legal choice, a time budget read from the caller's clock, and bot specs built for
//! every game.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions, RootStats};
use cards_core::{Bot, Decision};
use cards_core::{BotSpec, BotSpecError, Takes, make_bot};

/// States a few random steps into seeded single deals, with a real choice to make.
fn decision_states<G: Catalog>(count: usize) -> Vec<G::State> {
    let config = G::Config::default().single_deal();
    let mut out = Vec::new();
    let mut seed = 0;
    while out.len() < count && seed < 200 {
        seed += 1;
        let mut state = G::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(derive_seed(seed, 5));
        let steps = below(&mut rng, 30);
        for _ in 0..steps {
            let legal = G::legal_actions(&state);
            if legal.is_empty() {
                break;
            }
            let a = &legal[below(&mut rng, legal.len() as u64) as usize];
            G::apply(&mut state, a).unwrap();
        }
        if let Some(seat) = G::to_move(&state) {
            // A real choice: more than one action, and more than one candidate where the game
            // narrows the search (a sole candidate is played without a search).
            let legal = G::legal_actions(&state);
            let mut picks = Vec::new();
            let narrowed = G::search_candidates(&state, seat, &legal, &mut picks);
            if legal.len() > 1 && (!narrowed || picks.len() > 1) {
                out.push(state);
            }
        }
    }
    out
}

fn search<G: Catalog>(state: &G::State, options: IsmctsOptions, seed: u64) -> (usize, RootStats) {
    let seat = G::to_move(state).unwrap();
    let legal = G::legal_actions(state);
    let d = Decision::<G>::new(state, seat, &legal);
    let mut bot = Ismcts::<G>::new(options.clone());
    let stats = bot.search(&d, &mut rng_from_seed(seed));
    let mut bot = Ismcts::<G>::new(options);
    let i = bot.choose(&d, &mut rng_from_seed(seed));
    assert_eq!(bot.iterations(), u64::from(stats.iterations));
    (i, stats)
}

fn deterministic_and_legal<G: Catalog>() {
    let options = IsmctsOptions {
        iterations: 60,
        ..G::search_defaults()
    };
    for state in decision_states::<G>(4) {
        let legal = G::legal_actions(&state);
        let (i, a) = search::<G>(&state, options.clone(), 3);
        let (j, b) = search::<G>(&state, options.clone(), 3);
        assert_eq!((i, &a), (j, &b), "{}: same seed, same search", G::NAME);
        assert!(i < legal.len());
        assert_eq!(a.actions.len(), legal.len());
        // Only candidates are visited where the game narrows the search.
        let seat = G::to_move(&state).unwrap();
        let mut picks = Vec::new();
        if G::search_candidates(&state, seat, &legal, &mut picks) {
            for (k, &(v, _)) in a.actions.iter().enumerate() {
                assert!(
                    v == 0 || picks.contains(&k),
                    "{}: visited a non-candidate",
                    G::NAME
                );
            }
        }
        assert_eq!(a.iterations, 60);
        // Every iteration passes through one root child.
        let visits: u32 = a.actions.iter().map(|&(v, _)| v).sum();
        assert_eq!(visits, 60, "{}", G::NAME);
        // The bot plays the most visited action.
        let most = a.actions.iter().map(|&(v, _)| v).max().unwrap();
        assert_eq!(a.actions[i].0, most);
        assert!(a.actions.iter().all(|&(_, q)| (0.0..=1.0).contains(&q)));
    }
}

/// A search over a narrowed decision chooses among the narrowed actions only, and reports
/// them alone.
fn narrowed_decisions_choose_within_the_narrowing<G: Catalog>() {
    let options = IsmctsOptions {
        iterations: 60,
        ..G::search_defaults()
    };
    let mut checked = 0;
    for state in decision_states::<G>(6) {
        let seat = G::to_move(&state).unwrap();
        let legal = G::legal_actions(&state);
        let d = Decision::<G>::new(&state, seat, &legal);
        let first = Ismcts::<G>::new(options.clone()).choose(&d, &mut rng_from_seed(3));
        let rest: Vec<G::Action> = legal
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != first)
            .map(|(_, a)| a.clone())
            .collect();
        let narrow = d.narrowed(&rest);
        assert_eq!(narrow.legal(), rest.as_slice());
        let mut bot = Ismcts::<G>::new(options.clone());
        let stats = bot.search(&narrow, &mut rng_from_seed(3));
        assert_eq!(stats.actions.len(), rest.len(), "{}", G::NAME);
        let j = Ismcts::<G>::new(options.clone()).choose(&narrow, &mut rng_from_seed(3));
        assert!(j < rest.len());
        assert_ne!(
            rest[j],
            legal[first],
            "{}: chose the action narrowed away",
            G::NAME
        );
        checked += 1;
    }
    assert!(checked > 0, "{}: no decision", G::NAME);
}

/// A clock that advances one millisecond each time it is read.
fn ticking_clock() -> cards_core::search::Clock {
    let t = Arc::new(AtomicU64::new(0));
    Arc::new(move || Duration::from_millis(t.fetch_add(1, Ordering::Relaxed)))
}

fn time_budget_reads_the_given_clock<G: Catalog>() {
    let state = &decision_states::<G>(1)[0];
    let seat = G::to_move(state).unwrap();
    let legal = G::legal_actions(state);
    let options = IsmctsOptions {
        iterations: 10_000,
        millis: Some(20),
        ..G::search_defaults()
    };
    let mut bot = Ismcts::<G>::new(options).with_clock(ticking_clock());
    let stats = bot.search(&Decision::new(state, seat, &legal), &mut rng_from_seed(1));
    // The deadline is read once at the start and once before each iteration after the first.
    assert_eq!(stats.iterations, 20, "{}", G::NAME);
}

fn specs_build_for_every_kind<G: Catalog>() {
    for text in [
        "random",
        "heuristic",
        "ismcts",
        "ismcts:iters=10,c=1,rollout=random",
    ] {
        let spec = BotSpec::parse::<G>(text).unwrap();
        let bot = make_bot::<G>(&spec, None).unwrap();
        assert_eq!(bot.name(), text);
    }
    let timed = BotSpec::parse::<G>("ismcts:ms=50").unwrap();
    assert_eq!(
        make_bot::<G>(&timed, None).err(),
        Some(BotSpecError::NeedsClock {
            spec: "ismcts:ms=50".to_owned()
        })
    );
    assert!(make_bot::<G>(&timed, Some(ticking_clock())).is_ok());
    for bad in ["heuristic:iters=3", "ismcts:depth=3", "minimax"] {
        assert!(BotSpec::parse::<G>(bad).is_err(), "{bad}");
    }
    // Every own kind of the game is read and built from its table, and every key of every kind
    // the game offers is read and written back as given.
    for kind in G::game_bot_kinds() {
        let spec = BotSpec::parse::<G>(kind.name).unwrap();
        assert_eq!(spec.kind(), kind.name);
        assert!(make_bot::<G>(&spec, None).is_ok(), "{}", kind.name);
    }
    for kind in cards_core::catalog::bot_table::<G>() {
        for key in kind.keys {
            let value = match key.takes {
                Takes::Whole { min, max } | Takes::WholeOrNone { min, max } => {
                    min.max(1).min(max).to_string()
                }
                Takes::Number { .. } => "0.5".to_owned(),
                Takes::Flag => "0".to_owned(),
                Takes::Rollout => "mixed30".to_owned(),
                Takes::Widen => "2/0.5".to_owned(),
                Takes::Fallback => "random".to_owned(),
            };
            let text = format!("{}:{}={value}", kind.name, key.key);
            let spec = BotSpec::parse::<G>(&text).unwrap();
            assert_eq!(spec.to_string(), text);
            let bad = format!("{}:{}=x", kind.name, key.key);
            assert_eq!(
                BotSpec::parse::<G>(&bad).unwrap_err().to_string(),
                format!(
                    "bot {bad}: {} takes {}, not \"x\"",
                    key.key,
                    key.takes.words()
                )
            );
        }
    }
}

macro_rules! per_game {
    ({} $($m:ident: $g:ty;)*) => {$(
        mod $m {
            use super::*;
            #[test]
            fn ismcts_is_deterministic_for_a_seed_and_budget_and_chooses_a_legal_action() {
                deterministic_and_legal::<$g>();
            }
            #[test]
            fn ismcts_over_a_narrowed_decision_chooses_within_it() {
                narrowed_decisions_choose_within_the_narrowing::<$g>();
            }
            #[test]
            fn ismcts_time_budget_reads_the_given_clock() {
                time_budget_reads_the_given_clock::<$g>();
            }
            #[test]
            fn every_bot_kind_builds_from_its_spec() {
                specs_build_for_every_kind::<$g>();
            }
        }
    )*};
}

cards_games::for_each_game!(per_game);
