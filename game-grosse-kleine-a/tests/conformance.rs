//! The shared conformance harness, and random playouts checked against the contracts here.

use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::bot::play_out;
use cards_core::rng::rng_from_seed;
use cards_core::testing::{Check, check_conformance, run_checks};
use cards_core::{Bot, Game, PerSeat, RandomBot};
use game_grosse_kleine_a::{Config, FirstA, GrosseKleineA};

/// `CARDS_PLAYOUTS` sets the number of random playouts of the corruption tests: per table size
/// for single deals (default 200), a tenth of that for whole matches (default 20).
fn playouts() -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

#[test]
fn conformance_harness_passes_for_a_single_deal() {
    let config = Config::default().single_deal();
    check_conformance::<GrosseKleineA>(&config, 200, 1).unwrap();
}

#[test]
fn conformance_harness_passes_for_every_player_count_and_variant() {
    for players in 3..=9 {
        let mut config = <GrosseKleineA as Game>::Config::for_players(players).unwrap();
        config.hands = 2;
        if players % 2 == 1 {
            config.first_a = FirstA::BigAFirst;
        }
        check_conformance::<GrosseKleineA>(&config, 10, players as u64).unwrap();
    }
}

#[test]
fn corrupted_single_deals_of_every_table_size_are_refused_or_keep_the_contracts() {
    let n = playouts();
    for players in 3..=9 {
        let config = <GrosseKleineA as Game>::Config::for_players(players)
            .unwrap()
            .single_deal();
        let s = run_checks::<GrosseKleineA>(&config, n, 40 + players as u64, &[Check::Corruption])
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        println!("{players} players, single deals: {s:?}");
        assert_eq!(s.playouts, n);
        assert!(s.corruptions_refused > 0);
    }
}

#[test]
fn corrupted_whole_matches_are_refused_or_keep_the_contracts() {
    let n = (playouts() / 10).max(1);
    let big_a_first = Config {
        players: 5,
        hands: 3,
        first_a: FirstA::BigAFirst,
    };
    for (config, seed) in [(Config::default(), 50), (big_a_first, 51)] {
        let s = run_checks::<GrosseKleineA>(&config, n, seed, &[Check::Corruption])
            .unwrap_or_else(|f| panic!("whole matches of {config:?}: {f}"));
        println!("whole matches of {config:?}: {s:?}");
        assert_eq!(s.playouts, n);
        assert!(s.corruptions_refused > 0);
    }
}

/// Plays random matches and checks, at every step, the contracts this crate promises.
fn random_matches(config: &Config, games: u64) {
    let mut legal = Vec::new();
    for seed in 0..games {
        let mut state = GrosseKleineA::new(config, seed).unwrap();
        let mut rng = rng_from_seed(seed ^ 0xABCD);
        let limit = config.max_actions();
        let mut n = 0;
        let mut pack = config.pack();
        pack.sort();
        while let Some(seat) = GrosseKleineA::to_move(&state) {
            assert!(n < limit, "seed {seed}: more than {limit} actions");
            GrosseKleineA::legal_actions_into(&state, &mut legal);
            assert!(!legal.is_empty());
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "{legal:?}");
            let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
            for (a, t) in legal.iter().zip(&texts) {
                assert_eq!(&t.parse::<game_grosse_kleine_a::Action>().unwrap(), a);
                assert!(GrosseKleineA::check(&state, a).is_ok(), "{a} refused");
            }
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), legal.len());
            let mut census = state.census();
            census.sort();
            assert_eq!(census, pack);
            // Determinize keeps the seat's view.
            let view = GrosseKleineA::view(&state, seat);
            let d = state.determinize(seat, &mut rng);
            assert_eq!(GrosseKleineA::view(&d, seat), view);
            let mut dc = d.census();
            dc.sort();
            assert_eq!(dc, pack);
            let i = cards_core::rng::below(&mut rng, legal.len() as u64) as usize;
            GrosseKleineA::apply(&mut state, &legal[i]).unwrap();
            n += 1;
        }
        assert!(GrosseKleineA::legal_actions(&state).is_empty());
    }
}

#[test]
fn random_matches_keep_every_contract() {
    random_matches(&Config::default(), 10);
    for players in [3, 9] {
        let config = <GrosseKleineA as Game>::Config::for_players(players).unwrap();
        random_matches(&config, 5);
    }
}

/// Release-mode timing: `cargo test --release -p game-grosse-kleine-a --test conformance -- --ignored --nocapture`.
#[test]
#[ignore = "timing, run in release mode"]
fn random_single_deals_cost_per_action() {
    let config = Config::default().single_deal();
    let games: u64 = std::env::var("GKA_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(20_000);
    let mut bots: PerSeat<Box<dyn Bot<GrosseKleineA>>> =
        PerSeat::from_fn(4, |_| Box::new(RandomBot) as Box<dyn Bot<GrosseKleineA>>);
    let mut rng = rng_from_seed(1);
    let start = std::time::Instant::now();
    let mut actions = 0;
    for seed in 0..games {
        let mut state = GrosseKleineA::new(&config, seed).unwrap();
        actions += play_out(&mut state, &mut bots, &mut rng, None).unwrap();
    }
    let elapsed = start.elapsed();
    println!(
        "{games} random single deals, {actions} actions, {:.1} ns per action, {:.1} actions per deal",
        elapsed.as_nanos() as f64 / actions as f64,
        actions as f64 / games as f64
    );
}

/// Release-mode timing of the parts of a playout.
#[test]
#[ignore = "timing, run in release mode"]
fn timing_of_the_parts() {
    let config = Config::default().single_deal();
    let state = GrosseKleineA::new(&config, 3).unwrap();
    let mut out = Vec::new();
    let n = 2_000_000;
    let start = std::time::Instant::now();
    let mut total = 0;
    for _ in 0..n {
        GrosseKleineA::legal_actions_into(std::hint::black_box(&state), &mut out);
        total += out.len();
    }
    let e = start.elapsed();
    println!(
        "legal lead list ({} actions): {:.1} ns",
        total / n,
        e.as_nanos() as f64 / n as f64
    );
    let start = std::time::Instant::now();
    for seed in 0..200_000u64 {
        std::hint::black_box(GrosseKleineA::new(&config, seed).unwrap());
    }
    println!(
        "new deal: {:.1} ns",
        start.elapsed().as_nanos() as f64 / 200_000.0
    );
    let mut events = Vec::new();
    let start = std::time::Instant::now();
    let mut k = 0;
    for _ in 0..200_000 {
        let mut s = state.clone();
        while GrosseKleineA::to_move(&s).is_some() {
            GrosseKleineA::legal_actions_into(&s, &mut out);
            events.clear();
            GrosseKleineA::apply_unchecked(&mut s, &out[0], &mut events);
            k += 1;
        }
    }
    println!(
        "first-action playout: {:.1} ns per action ({} per deal)",
        start.elapsed().as_nanos() as f64 / k as f64,
        k / 200_000
    );
}

/// `cargo test --release -p game-grosse-kleine-a --test conformance -- --ignored thousands`
#[test]
#[ignore = "long, run in release mode"]
fn conformance_over_thousands_of_playouts() {
    let config = Config::default().single_deal();
    let s = check_conformance::<GrosseKleineA>(&config, 3000, 17).unwrap();
    println!("{s:?}");
    let s = check_conformance::<GrosseKleineA>(&Config::default(), 300, 18).unwrap();
    println!("{s:?}");
}
