//! The open-hand solver (issue 16): its value equals plain minimax over the engine itself on
//! random endings of 3 tricks, and plain minimax over its own moves on endings of 3 to 5; for
//! every contract (at three and four players) its value, each card's value and its best card
//! equal plain minimax; Räuber's paranoid values equal minimax over the engine's payments;
//! the T14 Ulti deals come out as the rule text says.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Game, Seat};
use game_cego::{
    Action, Cego, Config, Contract, Counting, Event, Score, SolveError, Solver, State, solve,
    solve_by_minimax, solve_by_minimax_for,
};

/// Random single deals played at random until `tricks` tricks are left (at a random point of
/// the trick), in card play outside the double lead and Räuber.
fn endings(config: &Config, tricks: u8, count: usize, seed: u64) -> Vec<State> {
    let config = config.single_deal();
    let mut out = Vec::new();
    let mut rng = rng_from_seed(seed);
    let mut g = 0;
    while out.len() < count && g < 50 * count as u64 {
        g += 1;
        let mut s = Cego::new(&config, derive_seed(seed, g)).unwrap();
        let stop_in_trick = below(&mut rng, 3) as u8;
        while Cego::to_move(&s).is_some() {
            let d = &s.deal;
            let left = d.tricks_per_deal() - d.trick_no;
            if left == tricks
                && matches!(d.phase, game_cego::Phase::Play)
                && d.tricks[0].len == stop_in_trick.min(d.seats - 1)
                && d.contract != Some(Contract::Raeuber)
            {
                out.push(s.clone());
                break;
            }
            let legal = Cego::legal_actions(&s);
            let a = legal[below(&mut rng, legal.len() as u64) as usize];
            Cego::apply(&mut s, &a).unwrap();
        }
    }
    assert_eq!(out.len(), count, "enough endings");
    out
}

/// Minimax over the engine: every legal action applied to a clone, the value read from the
/// deal's score (half points of a counter game, 1 or 0 for a special game).
fn engine_minimax(s: &State) -> i32 {
    let d = &s.deal;
    let soloist = s.real_seat(d.soloist.unwrap());
    let maximise = Cego::to_move(s) == Some(soloist);
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for a in Cego::legal_actions(s) {
        let mut t = s.clone();
        let events = Cego::apply(&mut t, &a).unwrap();
        let scored = events.iter().find_map(|e| match e {
            Event::Scored { score, .. } => Some(*score),
            _ => None,
        });
        let v = match scored {
            Some(Score::Counter { half_points, .. }) => half_points,
            Some(Score::Special { won, .. }) => i32::from(won),
            Some(other) => panic!("{other:?}"),
            None => engine_minimax(&t),
        };
        best = if maximise { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn the_solver_equals_minimax_over_the_engine_on_three_trick_endings() {
    let three = <Cego as Game>::Config::for_players(3).unwrap();
    let pairs = Config {
        count: Counting::Pairs,
        ..Config::default()
    };
    let hold_back = Config {
        ulti_must_hold_back: true,
        ..Config::default()
    };
    for (k, config) in [Config::default(), three, pairs, hold_back]
        .iter()
        .enumerate()
    {
        for s in endings(config, 3, 25, 100 + k as u64) {
            assert_eq!(solve(&s), Some(engine_minimax(&s)), "{:?}", s.deal.contract);
        }
    }
}

#[test]
fn the_solver_equals_plain_minimax_on_endings_of_three_to_five_tricks() {
    let three = <Cego as Game>::Config::for_players(3).unwrap();
    for tricks in 3..=4 {
        for s in endings(&Config::default(), tricks, 25, 200 + u64::from(tricks)) {
            assert_eq!(solve(&s), solve_by_minimax(&s), "{:?}", s.deal.contract);
        }
    }
    for tricks in 3..=5 {
        for s in endings(&three, tricks, 15, 300 + u64::from(tricks)) {
            assert_eq!(solve(&s), solve_by_minimax(&s), "{:?}", s.deal.contract);
        }
    }
}

/// The smallest table (256 entries) forces entries of one bucket to be replaced all the time;
/// the values must not change (a replaced entry only loses what was learned).
#[test]
fn a_table_too_small_for_the_search_still_gives_exact_values() {
    let mut small = Solver::with_table_bits(8);
    let mut large = Solver::with_table_bits(16);
    for s in endings(&Config::default(), 4, 20, 404) {
        let exact = solve_by_minimax(&s);
        small.load(&s).unwrap();
        large.load(&s).unwrap();
        assert_eq!(small.value().ok(), exact, "{:?}", s.deal.contract);
        assert_eq!(large.value().ok(), exact, "{:?}", s.deal.contract);
        assert_eq!(small.card_values(), large.card_values());
        assert_eq!(small.card_payments(), large.card_payments());
    }
    // Six tricks have thousands of positions at trick boundaries for 256 entries.
    for s in endings(&Config::default(), 6, 12, 606) {
        small.load(&s).unwrap();
        large.load(&s).unwrap();
        assert_eq!(
            small.value().ok(),
            large.value().ok(),
            "{:?}",
            s.deal.contract
        );
        assert_eq!(small.card_payments(), large.card_payments());
    }
}

#[test]
fn a_solve_takes_the_same_nodes_whatever_the_solver_solved_before() {
    // A small table, full of the entries of earlier searches: which of them a new position
    // replaces must not depend on them.
    let deals = endings(&Config::default(), 6, 8, 808);
    let mut fresh_nodes = Vec::new();
    for s in &deals {
        let mut fresh = Solver::with_table_bits(8);
        fresh.load(s).unwrap();
        let value = fresh.value().ok();
        fresh_nodes.push((value, fresh.nodes()));
    }
    let mut used = Solver::with_table_bits(8);
    for (s, expected) in deals.iter().zip(&fresh_nodes).rev() {
        used.load(s).unwrap();
        let value = used.value().ok();
        assert_eq!((value, used.nodes()), *expected, "{:?}", s.deal.contract);
    }
}

#[test]
fn the_solver_answers_none_outside_card_play() {
    let s = Cego::new(&Config::default().single_deal(), 1).unwrap();
    assert_eq!(solve(&s), None, "the auction");
    // Räuber: no soloist to play for.
    let mut s = Cego::new(&Config::default().single_deal(), 2).unwrap();
    for a in [
        "pass", "pass", "pass", "pass", "cego", "pass", "pass", "pass", "raeuber",
    ] {
        let a = Cego::parse_action(&s, a).unwrap();
        Cego::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.deal.contract, Some(Contract::Raeuber));
    assert_eq!(solve(&s), None);
    assert_eq!(Cego::to_move(&s), Some(s.real_seat(s.deal.forehand)));
    let _ = Seat(0);
}

/// Random single deals steered to `contract` in the auction (its bid when legal, else a lower
/// counter rung, else a pass), then played at random until `tricks` tricks are left (at a
/// random point of the trick), outside the double lead.
fn endings_of(
    config: &Config,
    contract: Contract,
    tricks: u8,
    count: usize,
    seed: u64,
) -> Vec<State> {
    let config = config.single_deal();
    let mut out = Vec::new();
    let mut rng = rng_from_seed(seed);
    let mut g = 0;
    while out.len() < count && g < 400 * count as u64 {
        g += 1;
        let mut s = Cego::new(&config, derive_seed(seed, g)).unwrap();
        let stop_in_trick = below(&mut rng, 4) as u8;
        while Cego::to_move(&s).is_some() {
            let d = &s.deal;
            if matches!(d.phase, game_cego::Phase::Play) && d.contract != Some(contract) {
                break;
            }
            let left = d.tricks_per_deal() - d.trick_no;
            if left == tricks
                && matches!(d.phase, game_cego::Phase::Play)
                && d.tricks[0].len == stop_in_trick.min(d.seats - 1)
            {
                out.push(s.clone());
                break;
            }
            let legal = Cego::legal_actions(&s);
            let pick = if matches!(d.phase, game_cego::Phase::Auction) {
                let raise = legal.iter().rposition(|a| match a {
                    Action::Bid(c) => {
                        contract.is_counter()
                            && c.is_counter()
                            && *c != Contract::Solo
                            && *c < contract
                    }
                    Action::Hold => true,
                    _ => false,
                });
                legal
                    .iter()
                    .position(|a| *a == Action::Bid(contract))
                    .or(raise)
                    .or_else(|| legal.iter().position(|a| *a == Action::Pass))
            } else {
                None
            };
            let i = pick.unwrap_or_else(|| below(&mut rng, legal.len() as u64) as usize);
            Cego::apply(&mut s, &legal[i]).unwrap();
        }
    }
    out
}

const CONTRACTS: [Contract; 11] = Contract::ALL;

/// Every seat's payment by minimax over the engine (Räuber, paranoid for `hero`).
fn engine_paranoid(s: &State, hero: Seat) -> i32 {
    let maximise = Cego::to_move(s) == Some(hero);
    let mut best = if maximise { i32::MIN } else { i32::MAX };
    for a in Cego::legal_actions(s) {
        let mut t = s.clone();
        let events = Cego::apply(&mut t, &a).unwrap();
        let paid = events.iter().find_map(|e| match e {
            Event::Scored { payments, .. } => Some(payments[hero.index()]),
            _ => None,
        });
        let v = paid.unwrap_or_else(|| engine_paranoid(&t, hero));
        best = if maximise { best.max(v) } else { best.min(v) };
    }
    best
}

#[test]
fn every_contract_is_solved_like_plain_minimax_and_every_card_value_too() {
    let three = <Cego as Game>::Config::for_players(3).unwrap();
    let mut solver = Solver::with_table_bits(12);
    for (k, &contract) in CONTRACTS.iter().enumerate() {
        for (j, config) in [Config::default(), three.clone()].iter().enumerate() {
            if j == 1 && !game_cego::played_at(contract, 3) {
                continue;
            }
            let tricks = if j == 1 { 4 } else { 3 };
            let found = endings_of(config, contract, tricks, 12, 500 + 10 * k as u64 + j as u64);
            assert_eq!(found.len(), 12, "{contract:?} at {}", config.players);
            for s in found {
                solver.load(&s).unwrap();
                let seat = Cego::to_move(&s).unwrap();
                let exact = solve_by_minimax_for(&s, seat).unwrap();
                assert_eq!(solver.value_for(seat), Ok(exact), "{contract:?}");
                if contract == Contract::Raeuber {
                    assert_eq!(solver.value(), Err(SolveError::NoSoloist));
                    for hero in 0..4 {
                        let hero = Seat(hero);
                        let want = solve_by_minimax_for(&s, hero).unwrap();
                        assert_eq!(solver.value_for(hero), Ok(want));
                        assert_eq!(engine_paranoid(&s, hero), want, "Räuber over the engine");
                    }
                } else {
                    assert_eq!(solver.value(), Ok(exact), "{contract:?}");
                }
                let values = solver.card_values().unwrap();
                let legal = Cego::legal_actions(&s);
                assert_eq!(values.len(), legal.len());
                for ((c, v), a) in values.iter().zip(&legal) {
                    assert_eq!(*a, Action::Play(*c));
                    let mut t = s.clone();
                    Cego::apply(&mut t, a).unwrap();
                    // The value after the card: for the seat to move in Räuber, else the
                    // soloist's.
                    assert_eq!(Some(*v), solve_by_minimax_for(&t, seat), "{contract:?} {c}");
                }
                let (best, v) = solver.best_card().unwrap();
                assert!(values.contains(&(best, v)));
                assert_eq!(v, exact, "{contract:?}: the best card keeps the value");
            }
        }
    }
}

#[test]
fn a_node_budget_overrun_is_an_error_and_the_solver_recovers() {
    let s = &endings_of(&Config::default(), Contract::Solo, 6, 1, 77)[0];
    let mut solver = Solver::new();
    solver.load(s).unwrap();
    solver.set_node_budget(Some(10));
    assert_eq!(solver.value(), Err(SolveError::Budget(10)));
    assert_eq!(solver.card_values(), Err(SolveError::Budget(10)));
    solver.set_node_budget(None);
    assert_eq!(solver.value().ok(), solve(s));
    assert!(solver.nodes() > 10);
}

#[test]
fn a_deadline_already_past_stops_the_search_and_the_solver_recovers() {
    use std::sync::Arc;
    use std::time::Duration;
    let s = &endings_of(&Config::default(), Contract::Solo, 6, 1, 77)[0];
    let now: cards_core::search::Clock = Arc::new(|| Duration::from_secs(1));
    let mut solver = Solver::new();
    solver.load(s).unwrap();
    solver.set_deadline(Some((now.clone(), Duration::from_millis(999))));
    assert_eq!(solver.value(), Err(SolveError::Deadline));
    assert_eq!(solver.card_values(), Err(SolveError::Deadline));
    assert_eq!(solver.card_payments(), Err(SolveError::Deadline));
    assert_eq!(solver.best_card(), Err(SolveError::Deadline));
    // A deadline not yet reached changes nothing; without one neither.
    solver.set_deadline(Some((now, Duration::from_secs(2))));
    assert_eq!(solver.value().ok(), solve(s));
    solver.set_deadline(None);
    assert_eq!(solver.value().ok(), solve(s));
}

#[test]
fn a_solve_is_stopped_within_1024_nodes_of_its_clock_passing_the_deadline() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU32, Ordering};
    use std::time::Duration;
    // A whole deal of a counter game from its first trick: far more than 4,096 nodes.
    let s = &endings_of(&Config::default(), Contract::Solo, 11, 1, 5)[0];
    let mut solver = Solver::new();
    solver.load(s).unwrap();
    solver.set_node_budget(Some(100_000));
    assert_eq!(solver.card_payments(), Err(SolveError::Budget(100_000)));
    solver.set_node_budget(None);
    // The clock reads 0 three times (at the start, after 1,024 and 2,048 nodes) and then
    // jumps past the deadline (a cancel): the search stops at node 3,072.
    let reads = Arc::new(AtomicU32::new(0));
    let r = reads.clone();
    let clock: cards_core::search::Clock = Arc::new(move || {
        if r.fetch_add(1, Ordering::Relaxed) < 3 {
            Duration::ZERO
        } else {
            Duration::from_secs(1_000_000_000)
        }
    });
    solver.set_deadline(Some((clock, Duration::from_secs(5))));
    assert_eq!(solver.card_payments(), Err(SolveError::Deadline));
    assert_eq!(reads.load(Ordering::Relaxed), 4);
    assert!(
        (3072..4096).contains(&solver.nodes()),
        "{} nodes",
        solver.nodes()
    );
}

#[test]
fn a_solver_allocates_its_table_at_its_first_search() {
    let s = &endings_of(&Config::default(), Contract::Solo, 4, 1, 78)[0];
    let mut solver = Solver::new();
    assert_eq!(solver.allocated_bytes(), 0);
    solver.load(s).unwrap();
    assert_eq!(solver.allocated_bytes(), 0, "loading allocates nothing");
    solver.value().unwrap();
    assert_eq!(solver.allocated_bytes(), Solver::table_bytes(18));
    assert_eq!(Solver::table_bytes(18), (1 << 18) * 64);
    let mut small = Solver::with_table_bits(10);
    small.load(s).unwrap();
    assert_eq!(
        small.card_payments().unwrap().len(),
        solver.card_payments().unwrap().len()
    );
    assert_eq!(small.allocated_bytes(), 1 << 16);
    // Out of range: clamped alike by the constructor and the size.
    assert_eq!(Solver::table_bytes(2), Solver::table_bytes(8));
    assert_eq!(Solver::table_bytes(40), Solver::table_bytes(24));
}

#[test]
fn the_t14_ulti_deals_are_won_and_lost_as_the_rule_text_says() {
    use game_cego::examples::{T14_FORCED_DEAL, T14_WON_DEAL, position};
    let config = Config::default().single_deal();
    for (deal, won) in [(T14_WON_DEAL, 1), (T14_FORCED_DEAL, 0)] {
        let mut s = State::from_position(&config, 0, &position(deal)).unwrap();
        for a in ["pass", "ulti"] {
            let a = Cego::parse_action(&s, a).unwrap();
            Cego::apply(&mut s, &a).unwrap();
        }
        assert_eq!(s.deal.contract, Some(Contract::Ulti));
        // From trick 1 with every hand known: B (T1 and the ten highest Trocks) wins whatever
        // the defenders do; in the forced deal the defenders can draw B's only Trock early.
        let mut solver = Solver::from_state(&s).unwrap();
        assert_eq!(solver.value(), Ok(won));
        let soloist = s.real_seat(s.deal.soloist.unwrap());
        assert_eq!(
            solver.payment(won, soloist),
            if won == 1 { 240 } else { -240 }
        );
    }
}

#[test]
fn card_payments_are_the_payments_of_the_card_values() {
    let three = <Cego as Game>::Config::for_players(3).unwrap();
    let pairs = Config {
        count: Counting::Pairs,
        round_strict_next: true,
        ..Config::default()
    };
    let mut solver = Solver::with_table_bits(12);
    for (k, &contract) in CONTRACTS.iter().enumerate() {
        for (j, config) in [Config::default(), three.clone(), pairs.clone()]
            .iter()
            .enumerate()
        {
            if j == 1 && !game_cego::played_at(contract, 3) {
                continue;
            }
            for s in endings_of(config, contract, 4, 6, 900 + 10 * k as u64 + j as u64) {
                let mover = Cego::to_move(&s).unwrap();
                solver.load(&s).unwrap();
                let values = solver.card_values().unwrap();
                let want: Vec<_> = values
                    .iter()
                    .map(|&(c, v)| (c, solver.payment(v, mover)))
                    .collect();
                assert_eq!(solver.card_payments().unwrap(), want, "{contract:?}");
            }
        }
    }
}

#[test]
fn a_won_or_lost_contract_is_solved_by_one_null_window_search() {
    // Ulti, Piccolo and Bettel have two outcomes, 0 and 1: one null-window search at 1 tells
    // which (a second, at a value the objective cannot take, would only cost nodes).
    let mut solver = Solver::with_table_bits(12);
    for (k, &contract) in CONTRACTS.iter().enumerate() {
        let found = endings_of(&Config::default(), contract, 5, 6, 900 + k as u64);
        assert_eq!(found.len(), 6, "{contract:?}");
        for s in found {
            solver.load(&s).unwrap();
            let seat = Cego::to_move(&s).unwrap();
            let v = solver.value_for(seat).unwrap();
            assert_eq!(Some(v), solve_by_minimax_for(&s, seat), "{contract:?}");
            if matches!(
                contract,
                Contract::Ulti | Contract::Piccolo | Contract::Bettel
            ) {
                assert!(
                    solver.searches() <= 1,
                    "{contract:?}: {}",
                    solver.searches()
                );
            } else {
                assert!(solver.searches() >= 1, "{contract:?}");
            }
        }
    }
}

#[test]
fn a_solver_with_nothing_loaded_gives_no_value() {
    let mut solver = Solver::default();
    assert_eq!(solver.soloist(), None);
    assert_eq!(solver.value(), Err(SolveError::NotCardPlay));
    assert_eq!(solver.value_for(Seat(0)), Err(SolveError::NotCardPlay));
    assert_eq!(solver.card_values(), Err(SolveError::NotCardPlay));
    assert_eq!(solver.card_payments(), Err(SolveError::NotCardPlay));
    assert_eq!(solver.best_card(), Err(SolveError::NotCardPlay));
    assert_eq!(SolveError::NotCardPlay.to_string(), "not in card play");
    // A load refused (the auction) leaves nothing loaded, even after a position was.
    let s = &endings_of(&Config::default(), Contract::Solo, 3, 1, 5)[0];
    solver.load(s).unwrap();
    assert!(solver.value().is_ok());
    let auction = Cego::new(&Config::default().single_deal(), 1).unwrap();
    assert_eq!(solver.load(&auction), Err(SolveError::NotCardPlay));
    assert_eq!(solver.value(), Err(SolveError::NotCardPlay));
    assert_eq!(solver.soloist(), None);
}

/// The T12 deal of Two Different (cego.md 6.4) at its double lead of tricks 1 and 2.
fn two_different_double_lead() -> State {
    let mut s = game_cego::examples::Script::new(game_cego::examples::T12_DEAL, &Config::default());
    s.play("pass, pass, pass, pass, cego, one-card, hold, one-blank, hold, two-blanks, hold, two-different, hold, pass, pass, pass, expose 4h, expose 7c");
    assert_eq!(s.state.deal.contract, Some(Contract::TwoDifferent));
    assert!(s.state.deal.double && s.state.deal.trick_no == 0);
    s.state
}

#[test]
fn the_double_lead_of_tricks_1_and_2_is_not_solved_6_4() {
    let mut state = two_different_double_lead();
    assert_eq!(
        Solver::from_state(&state).unwrap_err(),
        SolveError::DoubleLead
    );
    assert_eq!(solve(&state), None);
    assert_eq!(solve_by_minimax(&state), None);
    assert_eq!(
        SolveError::DoubleLead.to_string(),
        "the double lead of tricks 1 and 2 is not solved"
    );
    // Once the pair and the defenders' pairs are played, trick 3 loads.
    while state.deal.trick_no == 0 {
        let a = Cego::legal_actions(&state)[0];
        Cego::apply(&mut state, &a).unwrap();
    }
    assert_eq!(state.deal.phase, game_cego::Phase::Play);
    let solver = Solver::from_state(&state).unwrap();
    assert_eq!(solver.contract(), Contract::TwoDifferent);
}

#[test]
fn raeuber_has_no_soloist_for_plain_minimax_either() {
    let mut s = Cego::new(&Config::default().single_deal(), 2).unwrap();
    for a in [
        "pass", "pass", "pass", "pass", "cego", "pass", "pass", "pass", "raeuber",
    ] {
        let a = Cego::parse_action(&s, a).unwrap();
        Cego::apply(&mut s, &a).unwrap();
    }
    assert_eq!(s.deal.contract, Some(Contract::Raeuber));
    assert_eq!(solve_by_minimax(&s), None);
    let mut solver = Solver::from_state(&s).unwrap();
    assert_eq!(solver.value(), Err(SolveError::NoSoloist));
    assert_eq!(solver.soloist(), None);
}

#[test]
fn the_dealer_sitting_out_at_five_players_is_paid_nothing_by_the_solvers_payment() {
    let config = <Cego as Game>::Config::for_players(5)
        .unwrap()
        .single_deal();
    let s = &endings_of(&config, Contract::Solo, 3, 1, 9)[0];
    let out = s.sitting_out().unwrap();
    assert_eq!(s.deal.contract, Some(Contract::Solo));
    let mut solver = Solver::from_state(s).unwrap();
    let soloist = solver.soloist().unwrap();
    assert_ne!(soloist, out);
    // 60 of 70 card points: a Solo won by 25, factor 2, 50 per defender.
    assert_eq!(solver.payment(120, soloist), 150);
    let defender = (0..5)
        .map(Seat)
        .find(|&x| x != soloist && x != out)
        .unwrap();
    assert_eq!(solver.payment(120, defender), -50);
    assert_eq!(solver.payment(120, out), 0);
    assert_eq!(solver.value_for(out), Err(SolveError::NotPlaying(out)));
}
