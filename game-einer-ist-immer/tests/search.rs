//! Search bots do not cheat: a determinization depends only on what the deciding seat knows and
//! on the generator, so the random, heuristic and ISMCTS bots choose the same action in two
//! states the seat cannot tell apart; and ISMCTS with a seed and an iteration budget is
//! deterministic.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::Search;
use cards_core::bot::RandomBot;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::{Bot, Decision, Game, Seat};
use game_einer_ist_immer::{Config, EinerIstImmer, State};

type G = EinerIstImmer;

/// A bot's name and two copies of it, one for each of two states.
type Pair = (&'static str, Box<dyn Bot<G>>, Box<dyn Bot<G>>);

/// States along random matches: 4, 5, 7 and 10 players, two or three hands, so that later hands
/// with jokers and exchanges (the partner's hand is partly known) are visited.
fn states() -> Vec<State> {
    let mut out = Vec::new();
    for (players, hands) in [(4, 3), (5, 2), (7, 2), (10, 2)] {
        let config = Config {
            players,
            hands,
            ..Config::default()
        };
        for game in 0..2u64 {
            let seed = derive_seed(players as u64, game);
            let mut state = G::new(&config, seed).unwrap();
            let mut rng = rng_from_seed(seed ^ 0x5eed);
            let mut n = 0u32;
            while G::to_move(&state).is_some() {
                if n % 3 == 0 {
                    out.push(state.clone());
                }
                let legal = G::legal_actions(&state);
                let i = below(&mut rng, legal.len() as u64) as usize;
                G::apply(&mut state, &legal[i]).unwrap();
                n += 1;
            }
        }
    }
    out
}

fn ismcts(seed: u64) -> Ismcts<G> {
    Ismcts::new(IsmctsOptions {
        iterations: 50,
        seed: Some(seed),
        ..G::search_defaults()
    })
}

#[test]
fn determinize_depends_only_on_what_the_seat_knows() {
    let states = states();
    assert!(states.len() > 200, "{} states", states.len());
    let mut hidden_differs = 0;
    for (k, s) in states.iter().enumerate() {
        let players = s.config().players();
        for seat in Seat::all(players) {
            let mut rng0 = rng_from_seed(derive_seed(k as u64, 7));
            let d = s.determinize(seat, &mut rng0);
            assert_eq!(G::view(&d, seat), G::view(s, seat));
            if (0..players)
                .any(|o| o != seat.index() && d.hand_of(Seat(o as u8)) != s.hand_of(Seat(o as u8)))
            {
                hidden_differs += 1;
            }
            let a = s.determinize(seat, &mut rng_from_seed(k as u64 + 99));
            let b = d.determinize(seat, &mut rng_from_seed(k as u64 + 99));
            assert_eq!(
                a, b,
                "state {k}, {seat}: determinize reads the hidden hands"
            );
        }
    }
    // The check has teeth: the determinizations really move hidden cards around.
    assert!(hidden_differs > states.len(), "{hidden_differs}");
}

#[test]
fn bots_choose_alike_in_states_the_seat_cannot_tell_apart() {
    let states = states();
    let mut searched = 0;
    for (k, s) in states.iter().enumerate().filter(|(k, _)| k % 2 == 0) {
        let Some(seat) = G::to_move(s) else { continue };
        let legal = G::legal_actions(s);
        let d = s.determinize(seat, &mut rng_from_seed(derive_seed(k as u64, 1)));
        assert_eq!(G::legal_actions(&d), legal);
        let ds = Decision::<G>::new(s, seat, &legal);
        let dd = Decision::<G>::new(&d, seat, &legal);
        let seed = derive_seed(k as u64, 2);
        let mut bots: [Pair; 3] = [
            ("random", Box::new(RandomBot), Box::new(RandomBot)),
            ("heuristic", G::heuristic_bot(), G::heuristic_bot()),
            ("ismcts", Box::new(ismcts(seed)), Box::new(ismcts(seed))),
        ];
        for (name, on_s, on_d) in &mut bots {
            let a = on_s.choose(&ds, &mut rng_from_seed(seed));
            let b = on_d.choose(&dd, &mut rng_from_seed(seed));
            assert_eq!(a, b, "state {k}, {seat}: {name} sees hidden cards");
            assert!(a < legal.len());
        }
        if legal.len() > 1 {
            searched += 1;
        }
    }
    assert!(searched > 50, "{searched}");
}

#[test]
fn ismcts_with_a_seed_and_an_iteration_budget_is_deterministic() {
    let config = Config::default().single_deal();
    let mut checked = 0;
    for seed in 0..6u64 {
        let mut state = G::new(&config, seed).unwrap();
        let mut rng = rng_from_seed(seed);
        // Some way into the hand, where the search has real choices.
        for _ in 0..(seed * 4) {
            let legal = G::legal_actions(&state);
            let i = below(&mut rng, legal.len() as u64) as usize;
            G::apply(&mut state, &legal[i]).unwrap();
        }
        let seat = G::to_move(&state).unwrap();
        let legal = G::legal_actions(&state);
        let decision = Decision::<G>::new(&state, seat, &legal);
        let mut one = Ismcts::<G>::new(IsmctsOptions {
            iterations: 200,
            seed: Some(seed),
            ..G::search_defaults()
        });
        let mut two = Ismcts::<G>::new(IsmctsOptions {
            iterations: 200,
            seed: Some(seed),
            ..G::search_defaults()
        });
        // Different outer generators: the bot's own seed decides.
        let a = one.search(&decision, &mut rng_from_seed(1));
        let b = two.search(&decision, &mut rng_from_seed(2));
        assert_eq!(a, b);
        assert_eq!(a.iterations, 200);
        let visits: u32 = a.actions.iter().map(|&(v, _)| v).sum();
        assert_eq!(visits, 200);
        assert_eq!(
            one.choose(&decision, &mut rng_from_seed(3)),
            two.choose(&decision, &mut rng_from_seed(4))
        );
        checked += 1;
    }
    assert_eq!(checked, 6);
}
