//! The conformance harness over random playouts of several configurations.
//!
//! `CARDS_PLAYOUTS` sets the number of random playouts of the corruption checks (default 200
//! single deals, shared out over the table sizes; whole matches get a tenth of that).

use cards_core::Catalog;
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::testing::{Check, Summary, check_conformance, run_checks};
use game_cego::{Cego, Config, Counting, DealOrder, NoTrockDiscard, Stakes};

#[test]
fn default_single_deal_passes_the_conformance_harness() {
    let config = Config::default().single_deal();
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
fn a_match_with_the_gstiess_ending_passes_the_conformance_harness() {
    // "Der Gstieß gibt ab" after deal 1: 3 to 6 deals, whose length depends on the cards.
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..Config::default()
    };
    let summary = check_conformance::<Cego>(&config, 30, 4).unwrap();
    assert_eq!(summary.playouts, 30);
}

fn three_players() -> Config {
    <Cego as Game>::Config::for_players(3).unwrap()
}

#[test]
fn three_player_single_deals_pass_the_conformance_harness() {
    // The 51-card pack of cego.md 10: census against it, every check, NoCheating included.
    let config = three_players().single_deal();
    let summary = check_conformance::<Cego>(&config, 200, 31).unwrap();
    assert_eq!(summary.playouts, 200);
}

#[test]
fn three_player_matches_pass_the_conformance_harness() {
    let config = Config {
        deals: 6,
        ..three_players()
    };
    let summary = check_conformance::<Cego>(&config, 20, 32).unwrap();
    assert_eq!(summary.playouts, 20);
}

#[test]
fn a_three_player_match_with_the_gstiess_ending_passes_the_conformance_harness() {
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..three_players()
    };
    check_conformance::<Cego>(&config, 30, 33).unwrap();
}

#[test]
fn every_variant_at_three_players_passes_the_conformance_harness() {
    let config = Config {
        players: 3,
        ..all_variants()
    };
    check_conformance::<Cego>(&config, 100, 34).unwrap();
}

fn five_players() -> Config {
    <Cego as Game>::Config::for_players(5).unwrap()
}

#[test]
fn five_player_single_deals_pass_the_conformance_harness() {
    // The dealer sits out each deal (cego.md 3): every check, NoCheating included.
    let config = five_players().single_deal();
    let summary = check_conformance::<Cego>(&config, 200, 41).unwrap();
    assert_eq!(summary.playouts, 200);
}

#[test]
fn five_player_matches_pass_the_conformance_harness() {
    // Ten deals: every seat deals and sits out twice.
    let config = Config {
        deals: 10,
        ..five_players()
    };
    let summary = check_conformance::<Cego>(&config, 20, 42).unwrap();
    assert_eq!(summary.playouts, 20);
}

#[test]
fn a_five_player_match_with_the_gstiess_ending_passes_the_conformance_harness() {
    let config = Config {
        deals: 1,
        gstiess_ending: true,
        ..five_players()
    };
    check_conformance::<Cego>(&config, 30, 43).unwrap();
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
    let config = Config::default().single_deal();
    let summary = check_conformance::<Cego>(&config, 5000, 17).unwrap();
    assert_eq!(summary.playouts, 5000);
    let match_config = Config {
        deals: 4,
        ..Config::default()
    };
    check_conformance::<Cego>(&match_config, 500, 18).unwrap();
    check_conformance::<Cego>(&all_variants(), 2000, 19).unwrap();
    let five = five_players().single_deal();
    check_conformance::<Cego>(&five, 2000, 20).unwrap();
    let five_match = Config {
        deals: 5,
        ..five_players()
    };
    check_conformance::<Cego>(&five_match, 200, 21).unwrap();
}

fn playouts() -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Runs the corruption check and reports its summary (shown with `--nocapture`).
fn corruptions_are_refused_or_harmless(config: &Config, n: usize, seed: u64) -> Summary {
    let n = n.max(1);
    let summary =
        run_checks::<Cego>(config, n, seed, &[Check::Corruption]).unwrap_or_else(|f| panic!("{f}"));
    println!("{summary:?}");
    assert_eq!(summary.playouts, n);
    assert!(summary.corruptions_refused > 0);
    summary
}

#[test]
fn corrupted_single_deals_at_every_table_size_are_refused_or_harmless() {
    let sizes: Vec<usize> = Cego::PLAYERS
        .filter(|&p| <Cego as Game>::Config::for_players(p).is_ok())
        .collect();
    assert!(!sizes.is_empty());
    for &players in &sizes {
        let config = <Cego as Game>::Config::for_players(players)
            .unwrap()
            .single_deal();
        corruptions_are_refused_or_harmless(&config, playouts() / sizes.len(), 31 + players as u64);
    }
}

#[test]
fn corrupted_single_deals_of_every_variant_are_refused_or_harmless() {
    corruptions_are_refused_or_harmless(&all_variants(), playouts() / 4, 33);
}

#[test]
fn corrupted_whole_matches_are_refused_or_harmless() {
    corruptions_are_refused_or_harmless(&Config::default(), playouts() / 10, 32);
    corruptions_are_refused_or_harmless(&five_players(), playouts() / 10, 34);
}
