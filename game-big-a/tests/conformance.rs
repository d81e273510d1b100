//! The shared conformance harness over Big A.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::game::Game;
use cards_core::testing::{Check, check_conformance, run_checks};
use game_big_a::{BigA, Config, FirstDrawer};

/// The playouts of a run: `CARDS_PLAYOUTS` when set, else `default`.
fn playouts(default: usize) -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn single_deals_pass_the_conformance_harness() {
    let config = Config::default().single_deal();
    let summary = check_conformance::<BigA>(&config, 200, 1).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(summary.playouts, 200);
}

#[test]
fn matches_with_extra_bombs_pass_the_conformance_harness() {
    let config = Config {
        hands: 3,
        extra_bombs: true,
        first_drawer: FirstDrawer::Rotate,
        ..Config::default()
    };
    check_conformance::<BigA>(&config, 6, 2).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn default_matches_pass_the_conformance_harness() {
    let config = Config {
        first_drawer: FirstDrawer::Declarer,
        ..Config::default()
    };
    check_conformance::<BigA>(&config, 3, 3).unwrap_or_else(|f| panic!("{f}"));
}

#[test]
#[ignore = "long: thousands of playouts"]
fn thousands_of_single_deals_pass_the_conformance_harness() {
    let config = Config::default().single_deal();
    let summary = check_conformance::<BigA>(&config, 2000, 77).unwrap_or_else(|f| panic!("{f}"));
    println!("{summary:?}");
}

/// Corrupted states are refused, or keep every contract: single deals at every table size.
#[test]
fn corrupt_single_deals_are_refused_or_harmless_at_every_table_size() {
    let n = playouts(200);
    for players in BigA::PLAYERS {
        let c = <BigA as Game>::Config::for_players(players)
            .unwrap()
            .single_deal();
        let summary = run_checks::<BigA>(&c, n, 30 + players as u64, &[Check::Corruption])
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        assert_eq!(summary.playouts, n);
        assert!(summary.corruptions_refused > 0);
        println!("{players} players: {summary:?}");
    }
}

/// Corrupted states are refused, or keep every contract: whole matches of the default rules.
#[test]
fn corrupt_whole_matches_are_refused_or_harmless() {
    let n = playouts(20);
    let summary = run_checks::<BigA>(&Config::default(), n, 40, &[Check::Corruption])
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(summary.playouts, n);
    assert!(summary.corruptions_refused > 0);
    println!("whole matches: {summary:?}");
}

/// Corrupted states are refused, or keep every contract: matches with the variant bombs (whose
/// combinations are valid only under that option) and a rotating first drawer.
#[test]
fn corrupt_matches_with_extra_bombs_are_refused_or_harmless() {
    let n = playouts(10);
    let config = Config {
        hands: 3,
        extra_bombs: true,
        first_drawer: FirstDrawer::Rotate,
        ..Config::default()
    };
    let summary =
        run_checks::<BigA>(&config, n, 50, &[Check::Corruption]).unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(summary.playouts, n);
    assert!(summary.corruptions_refused > 0);
    println!("matches with extra bombs: {summary:?}");
}
