//! The conformance harness over every game of the workspace.
//!
//! `CARDS_PLAYOUTS` sets the number of random single-deal playouts per game (default 200;
//! `.ci/run` sets 1000), shared out over the game's table sizes; whole matches get a tenth of
//! that on top.

use cards_core::Game;
use cards_core::testing::check_conformance;

fn playouts() -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn conforms<G: Game>(config: &G::Config, seed: u64, n: usize) {
    let n = n.max(1);
    let summary =
        check_conformance::<G>(config, n, seed).unwrap_or_else(|f| panic!("{}: {f}", G::NAME));
    assert_eq!(summary.playouts, n);
    assert!(summary.actions > 0);
}

/// Single deals at every table size the game allows, sharing the playouts out among them.
fn single_deals_at_every_table_size<G: Game>() {
    let sizes = G::PLAYERS.count();
    for players in G::PLAYERS {
        let config = G::single_deal(&G::config_for_players(players).unwrap());
        conforms::<G>(&config, players as u64, playouts() / sizes);
    }
}

mod grosse_kleine_a {
    use super::*;
    use game_grosse_kleine_a::GrosseKleineA as G;

    #[test]
    fn single_deals_of_every_table_size_conform() {
        single_deals_at_every_table_size::<G>();
    }

    #[test]
    fn whole_matches_conform() {
        conforms::<G>(&<G as Game>::Config::default(), 99, playouts() / 10);
    }
}

mod cego {
    use super::*;
    use game_cego::Cego as G;

    #[test]
    fn single_deals_of_every_table_size_conform() {
        single_deals_at_every_table_size::<G>();
    }

    #[test]
    fn whole_matches_conform() {
        conforms::<G>(&<G as Game>::Config::default(), 95, playouts() / 20);
    }
}

mod einer_ist_immer {
    use super::*;
    use game_einer_ist_immer::EinerIstImmer as G;

    #[test]
    fn single_deals_of_every_table_size_conform() {
        single_deals_at_every_table_size::<G>();
    }

    #[test]
    fn whole_matches_with_later_hands_conform() {
        conforms::<G>(&<G as Game>::Config::default(), 98, playouts() / 10);
    }
}

mod contract_rummy {
    use super::*;
    use game_contract_rummy::ContractRummy as G;

    #[test]
    fn single_rounds_of_every_table_size_conform() {
        single_deals_at_every_table_size::<G>();
    }

    #[test]
    fn whole_matches_conform() {
        conforms::<G>(&<G as Game>::Config::default(), 97, playouts() / 20);
    }
}

mod big_a {
    use super::*;
    use game_big_a::BigA as G;

    #[test]
    fn single_deals_conform() {
        conforms::<G>(
            &G::single_deal(&<G as Game>::Config::default()),
            5,
            playouts(),
        );
    }

    #[test]
    fn whole_matches_conform() {
        conforms::<G>(&<G as Game>::Config::default(), 96, playouts() / 10);
    }
}
