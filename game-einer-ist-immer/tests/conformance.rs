//! The conformance harness over hand 1 and whole matches, for several table sizes.

use cards_core::Game;
use cards_core::testing::check_conformance;
use game_einer_ist_immer::{Config, EinerIstImmer};

#[test]
fn single_deal_default_table_conforms() {
    let config = EinerIstImmer::single_deal(&Config::default());
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
        let single = EinerIstImmer::single_deal(&Config::for_players(players).unwrap());
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
