//! Fair tables: the seed of a server-drawn deal stays secret until the match ends, every page
//! shows a commitment to it from the first deal, and the log that reveals it is checked against
//! the commitment by `cards replay`.

use std::collections::BTreeMap;

use cards_core::Seat;
use cli::fair::{DealSecret, commitment};
use cli::log::GameLog;
use cli::registry::registry;
use cli::serve::{NewTable, Table};

/// A seed of twelve digits, which no payload holds by chance.
const SEED: u64 = 581_074_332_588;

fn secret() -> DealSecret {
    DealSecret {
        seed: SEED,
        salt: Some("5a17".repeat(16)),
    }
}

fn request(game: &str, players: usize, seed: Option<&str>) -> NewTable {
    let mut seats = vec!["person".to_owned()];
    seats.extend((1..players).map(|_| "random".to_owned()));
    NewTable {
        game: game.to_owned(),
        players: None,
        seats,
        options: BTreeMap::new(),
        seed: seed.map(str::to_owned),
        single_deal: true,
        pace_ms: None,
        budget: None,
        allow_exec: false,
    }
}

/// Asserts that a seat's payload holds neither the seed nor the salt.
fn keeps_the_secret(game: &str, step: usize, seat: usize, json: &str) {
    let salt = secret().salt.unwrap();
    assert!(
        !json.contains(&SEED.to_string()) && !json.contains(&salt),
        "{game}, step {step}: seat {seat}'s payload holds the seed or the salt before the end"
    );
    let value: serde_json::Value = serde_json::from_str(json).unwrap();
    assert_eq!(value.get("seed"), None, "{game}: a `seed` field at the top");
    assert_eq!(value["dealing"]["seed"], serde_json::Value::Null, "{game}");
    assert_eq!(value["dealing"]["salt"], serde_json::Value::Null, "{game}");
    assert_eq!(
        value["dealing"]["commitment"].as_str(),
        Some(commitment(SEED, &secret().salt.unwrap()).as_str()),
        "{game}: every page shows the commitment from the first deal"
    );
    assert_eq!(value["dealing"]["practice"], false, "{game}");
}

/// Plays a single deal of `game` (a person at S0 taking the first legal action, random bots
/// elsewhere), checking every seat's payload at every step; returns the table at the end.
fn play_checked(game: &str, players: usize) -> Box<dyn Table> {
    let mut table = cli::serve::open_named_table(&request(game, players, None), secret()).unwrap();
    for step in 0..20_000 {
        let first = table.seat_state(Seat(0), 0);
        if first.match_over {
            return table;
        }
        for seat in 0..players {
            let state = table.seat_state(Seat(seat as u8), 0);
            keeps_the_secret(game, step, seat, &serde_json::to_string(&state).unwrap());
        }
        assert!(table.log().is_err(), "{game}: no log before the end");
        if table.wants_drive() {
            assert!(table.drive(), "{game}: the table would not move");
        } else if first.your_turn {
            table.act(Seat(0), &first.legal[0], None).unwrap();
        } else if first.waiting_for_next_deal {
            table.next_deal(Seat(0)).unwrap();
        } else {
            panic!("{game}: nobody moves at step {step}");
        }
    }
    panic!("{game}: the deal did not end");
}

#[test]
fn no_page_holds_the_seed_before_the_end_and_the_log_opens_the_commitment() {
    for g in registry() {
        let game = g.name();
        let players = g.default_players();
        let table = play_checked(game, players);
        // At the end every page reveals seed and salt.
        let end = serde_json::to_value(table.seat_state(Seat(1), 0)).unwrap();
        assert_eq!(end["dealing"]["seed"], SEED, "{game}");
        assert_eq!(
            end["dealing"]["salt"].as_str(),
            secret().salt.as_deref(),
            "{game}"
        );
        let log = table.log().unwrap();
        assert_eq!(log.seed, SEED);
        assert_eq!(log.commitment, secret().commitment());
        let mut text = Vec::new();
        g.replay(&log, &mut text).unwrap();
        let text = String::from_utf8(text).unwrap();
        assert!(
            text.contains("Fair deal: seed 581074332588"),
            "{game}: replay says it checked the commitment: {text}"
        );
        // Another seed, or another salt, does not open the commitment, and a refused log
        // narrates nothing (it would show the hands).
        for forged in [
            GameLog {
                seed: SEED + 1,
                ..log.clone()
            },
            GameLog {
                salt: Some("0".repeat(64)),
                ..log.clone()
            },
            GameLog {
                salt: None,
                ..log.clone()
            },
        ] {
            let mut out = Vec::new();
            let err = g.replay(&forged, &mut out).unwrap_err().to_string();
            assert!(err.contains("commitment"), "{game}: {err}");
            assert!(out.is_empty(), "{game}: a refused log narrated {out:?}");
        }
    }
}

#[test]
fn a_chosen_seed_makes_a_practice_table_that_says_so() {
    let table = cli::serve::open_named_table(&request("cego", 4, Some("7")), DealSecret::chosen(7))
        .unwrap();
    let page = serde_json::to_value(table.seat_state(Seat(0), 0)).unwrap();
    assert_eq!(page["dealing"]["practice"], true);
    assert_eq!(page["dealing"]["commitment"], serde_json::Value::Null);
    assert_eq!(page["dealing"]["seed"], serde_json::Value::Null);
    assert_eq!(page.get("seed"), None);
}
