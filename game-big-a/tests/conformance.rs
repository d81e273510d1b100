//! The shared conformance harness over Big A.

use cards_core::game::Game;
use cards_core::testing::check_conformance;
use game_big_a::{BigA, Config, FirstDrawer};

#[test]
fn single_deals_pass_the_conformance_harness() {
    let config = BigA::single_deal(&Config::default());
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
    let config = BigA::single_deal(&Config::default());
    let summary = check_conformance::<BigA>(&config, 2000, 77).unwrap_or_else(|f| panic!("{f}"));
    println!("{summary:?}");
}
