//! The conformance harness over every game of the workspace.
//!
//! `CARDS_PLAYOUTS` sets the number of random single-deal playouts per game (default 200;
//! `.ci/run` sets 1000), shared out over the game's table sizes; whole matches get a tenth of
//! that on top.

use cards_core::Catalog;
use cards_core::Game;
use cards_core::GameConfig;
use cards_core::testing::check_conformance;

fn playouts() -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

fn conforms<G: Catalog>(config: &G::Config, seed: u64, n: usize) {
    let n = n.max(1);
    let summary =
        check_conformance::<G>(config, n, seed).unwrap_or_else(|f| panic!("{}: {f}", G::NAME));
    assert_eq!(summary.playouts, n);
    assert!(summary.actions > 0);
}

/// Single deals at every table size the game allows, sharing the playouts out among them.
fn single_deals_at_every_table_size<G: Catalog>() {
    let sizes = G::PLAYERS.count();
    for players in G::PLAYERS {
        let config = (G::Config::for_players(players).unwrap()).single_deal();
        conforms::<G>(&config, players as u64, playouts() / sizes);
    }
}

/// Whole matches, a tenth of the playouts (a twentieth for the games whose matches are long),
/// from a seed of the game's own.
fn whole_matches<G: Catalog>() {
    let index = cards_games::NAMES
        .iter()
        .position(|n| *n == G::NAME)
        .expect("a registered game");
    let share = if G::NAME == "cego" || G::NAME == "contract-rummy" {
        20
    } else {
        10
    };
    conforms::<G>(
        &<G as Game>::Config::default(),
        99 - index as u64,
        playouts() / share,
    );
}

/// Every registered game is conformance-checked: one module of tests per game of
/// `cards_games::for_each_game!`.
macro_rules! conformance {
    ({} $($m:ident: $g:ty;)*) => {$(
        mod $m {
            use super::*;

            #[test]
            fn single_deals_of_every_table_size_conform() {
                single_deals_at_every_table_size::<$g>();
            }

            #[test]
            fn whole_matches_conform() {
                whole_matches::<$g>();
            }
        }
    )*};
}

cards_games::for_each_game!(conformance);
