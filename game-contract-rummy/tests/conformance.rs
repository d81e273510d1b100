//! The conformance harness and random playouts over several configurations.

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameState;
use cards_core::bot::{RandomBot, play_out};
use cards_core::rng::rng_from_seed;
use cards_core::seat::PerSeat;
use cards_core::testing::{Check, check_conformance, run_checks};
use cards_core::{Bot, Game};
use game_contract_rummy::{Config, ContractRummy};

/// The playouts of a run: `CARDS_PLAYOUTS` when set, else `default`.
fn playouts(default: usize) -> usize {
    std::env::var("CARDS_PLAYOUTS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn config(players: usize, jokers: u8, first_round: u8, rounds: u8) -> Config {
    Config {
        players,
        jokers,
        first_round,
        rounds,
        ..Config::default()
    }
}

#[test]
fn conformance_holds_for_a_single_deal_of_the_default_rules() {
    let c = Config::default().single_deal();
    check_conformance::<ContractRummy>(&c, 200, 1).unwrap();
}

#[test]
fn conformance_holds_for_round_eleven_and_other_tables() {
    for c in [
        config(2, 4, 11, 1),
        config(7, 0, 11, 1),
        config(3, 2, 6, 1),
        config(5, 4, 9, 1),
    ] {
        check_conformance::<ContractRummy>(&c, 100, 2).unwrap();
    }
}

fn random_matches(c: &Config, games: u64) {
    let n = c.players;
    for seed in 0..games {
        let mut s = ContractRummy::new(c, seed).unwrap();
        let mut bots: PerSeat<Box<dyn Bot<ContractRummy>>> =
            PerSeat::from_fn(n, |_| Box::new(RandomBot) as Box<dyn Bot<ContractRummy>>);
        let mut rng = rng_from_seed(seed);
        let mut legal = Vec::new();
        // Step by step, checking that every listed action is accepted and notation round-trips.
        let limit = c.max_actions();
        let mut steps = 0;
        while let Some(seat) = ContractRummy::to_move(&s) {
            ContractRummy::legal_actions_into(&s, &mut legal);
            assert!(!legal.is_empty());
            assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted, unique");
            let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
            for (a, t) in legal.iter().zip(&texts) {
                assert_eq!(ContractRummy::check(&s, a), Ok(()), "{t}");
                assert_eq!(&t.parse::<game_contract_rummy::Action>().unwrap(), a, "{t}");
            }
            texts.sort();
            texts.dedup();
            assert_eq!(texts.len(), legal.len());
            let i = bots[seat].choose(&cards_core::Decision::new(&s, seat, &legal), &mut rng);
            let events = ContractRummy::apply(&mut s, &legal[i]).unwrap();
            if let game_contract_rummy::Action::Meld(spec) = &legal[i] {
                // The meld put down shows the same placement as the action, and is valid.
                let Some(game_contract_rummy::Event::Melded { meld, .. }) = events.first() else {
                    panic!("a meld action reports the meld first");
                };
                assert_eq!(meld.to_string(), spec.to_string());
            }
            for m in s.melds() {
                assert!(m.is_valid(*s.round_info()), "{m}");
            }
            let mut census = s.census();
            let mut pack = c.pack();
            census.sort();
            pack.sort();
            assert_eq!(census, pack);
            steps += 1;
            assert!(steps <= limit);
        }
        let _ = play_out::<ContractRummy, Box<dyn cards_core::Bot<ContractRummy>>>;
    }
}

#[test]
fn random_full_matches_keep_every_contract() {
    random_matches(&Config::default(), 1);
    random_matches(&config(7, 4, 11, 1), 3);
    random_matches(&config(2, 0, 9, 3), 2);
}

/// Corrupted states are refused, or keep every contract: single deals at every table size.
#[test]
fn corrupt_single_deals_are_refused_or_harmless_at_every_table_size() {
    let n = playouts(200);
    for players in ContractRummy::PLAYERS {
        let c = <ContractRummy as Game>::Config::for_players(players)
            .unwrap()
            .single_deal();
        let summary = run_checks::<ContractRummy>(&c, n, 30 + players as u64, &[Check::Corruption])
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
    let summary = run_checks::<ContractRummy>(&Config::default(), n, 40, &[Check::Corruption])
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(summary.playouts, n);
    assert!(summary.corruptions_refused > 0);
    println!("whole matches: {summary:?}");
}
