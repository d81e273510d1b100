//! The conformance harness over random playouts of several configurations.

use cards_core::Game;
use cards_core::testing::check_conformance;
use game_cego::{Cego, Config, Counting, DealOrder, NoTrockDiscard, Stakes};

#[test]
fn default_single_deal_passes_the_conformance_harness() {
    let config = Cego::single_deal(&Config::default());
    let summary = check_conformance::<Cego>(&config, 200, 1).unwrap();
    assert_eq!(summary.playouts, 200);
}

#[test]
fn a_match_of_three_deals_passes_the_conformance_harness() {
    let config = Config {
        deals: 3,
        ..Config::default()
    };
    check_conformance::<Cego>(&config, 40, 2).unwrap();
}

#[test]
fn every_variant_passes_the_conformance_harness() {
    check_conformance::<Cego>(&all_variants(), 100, 3).unwrap();
}

fn all_variants() -> Config {
    Config {
        deals: 1,
        count: Counting::Pairs,
        round_strict_next: true,
        ulti_after_solo: true,
        solo_caller_uses_normal_factor: true,
        two_different_dead: false,
        ulti_must_hold_back: true,
        no_trock_discard: NoTrockDiscard::AnyCard,
        special_stakes: Stakes::Schwarzwald,
        raeuber_stakes: Stakes::Schwarzwald,
        stop_when_decided: true,
        deal_order: DealOrder::CegoFirst,
        ..Config::default()
    }
}

#[test]
#[ignore = "long; run in release mode"]
fn thousands_of_playouts_pass_the_conformance_harness() {
    let config = Cego::single_deal(&Config::default());
    let summary = check_conformance::<Cego>(&config, 5000, 17).unwrap();
    assert_eq!(summary.playouts, 5000);
    let match_config = Config {
        deals: 4,
        ..Config::default()
    };
    check_conformance::<Cego>(&match_config, 500, 18).unwrap();
    check_conformance::<Cego>(&all_variants(), 2000, 19).unwrap();
}
