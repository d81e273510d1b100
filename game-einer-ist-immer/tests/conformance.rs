//! The conformance harness over hand 1 and whole matches, for several table sizes.

use cards_core::GameConfig;
use cards_core::testing::{Check, check_conformance, run_checks};
use game_einer_ist_immer::{Config, EinerIstImmer};

/// `CARDS_PLAYOUTS` sets the number of random playouts of the corruption tests (default 200
/// per table size for single hands, a tenth of that for whole matches).
fn playouts() -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

#[test]
fn single_deal_default_table_conforms() {
    let config = Config::default().single_deal();
    let summary = check_conformance::<EinerIstImmer>(&config, 200, 1).unwrap();
    assert_eq!(summary.playouts, 200);
}

#[test]
fn whole_matches_of_every_table_size_conform() {
    for players in 4..=10 {
        let config = Config {
            players,
            hands: 2,
            ..Config::default()
        };
        check_conformance::<EinerIstImmer>(&config, 4, players as u64).unwrap();
    }
}

/// Thousands of playouts, hand 1 and later hands: run in release mode with
/// `cargo test -p game-einer-ist-immer --release --test conformance -- --ignored`.
#[test]
#[ignore = "long: run in release mode"]
fn thousands_of_playouts_conform() {
    let mut total = 0;
    for players in 4..=10 {
        let single = Config::for_players(players).unwrap().single_deal();
        let s = check_conformance::<EinerIstImmer>(&single, 300, 100 + players as u64).unwrap();
        let matches = Config {
            players,
            hands: 5,
            ..Config::default()
        };
        let m = check_conformance::<EinerIstImmer>(&matches, 60, 200 + players as u64).unwrap();
        println!(
            "{players} players: {} single hands ({} actions), {} five-hand matches ({} actions), \
             {} refusals, {} determinizations",
            s.playouts,
            s.actions,
            m.playouts,
            m.actions,
            s.refusals + m.refusals,
            s.determinizations + m.determinizations
        );
        total += s.playouts + m.playouts;
    }
    assert_eq!(total, 7 * 360);
}

#[test]
fn corrupted_single_hands_of_every_table_size_are_refused_or_keep_the_contracts() {
    let n = playouts().max(1);
    for players in 4..=10 {
        let config = Config::for_players(players).unwrap().single_deal();
        let s = run_checks::<EinerIstImmer>(&config, n, 300 + players as u64, &[Check::Corruption])
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        println!("{players} players, single hands: {s:?}");
        assert_eq!(s.playouts, n);
        assert!(s.corruptions_refused > 0, "{players} players: {s:?}");
    }
}

#[test]
fn corrupted_whole_matches_are_refused_or_keep_the_contracts() {
    let n = (playouts() / 10).max(1);
    let s = run_checks::<EinerIstImmer>(&Config::default(), n, 400, &[Check::Corruption])
        .unwrap_or_else(|f| panic!("{f}"));
    println!("whole matches: {s:?}");
    assert_eq!(s.playouts, n);
    assert!(s.corruptions_refused > 0, "{s:?}");
}
