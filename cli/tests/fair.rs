//! Fair tables: the seed of a server-drawn deal stays secret until the match ends, every page
//! shows a commitment to it from the first deal, and the log that reveals it is checked against
//! the commitment by `cards replay`.

use std::collections::BTreeMap;

use cards_core::{Seat, Seed};
use cli::fair::{DealSecret, commitment};
use cli::log::GameLog;
use cli::registry::registry;
use cli::serve::{NewTable, Table};

/// A drawn seed: a 256-bit key (its 64 hex digits are in no payload by chance).
const SEED: Seed = Seed::Key([
    0x58, 0x10, 0x74, 0x33, 0x25, 0x88, 0x9a, 0x1c, 0xde, 0x42, 0x07, 0x61, 0xb3, 0x5f, 0x90, 0x2e,
    0x11, 0xc4, 0x7a, 0x3d, 0x86, 0xe9, 0x02, 0x5b, 0xf0, 0x6c, 0x29, 0xa8, 0x4e, 0x93, 0x17, 0xd5,
]);

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
        assert_eq!(end["dealing"]["seed"], SEED.to_string(), "{game}");
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
            text.contains(&format!("Fair deal: seed {SEED}")),
            "{game}: replay says it checked the commitment: {text}"
        );
        // Another seed, or another salt, does not open the commitment, and a refused log
        // narrates nothing (it would show the hands).
        for forged in [
            GameLog {
                seed: flip(SEED, 31),
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

/// `seed` with the lowest bit of its byte `at` flipped.
fn flip(seed: Seed, at: usize) -> Seed {
    let Seed::Key(mut key) = seed else {
        panic!("a key")
    };
    key[at] ^= 1;
    Seed::Key(key)
}

#[test]
fn every_bit_of_a_drawn_secret_deals_a_table_of_every_game() {
    // A drawn table's cards follow from all 256 bits of its secret: two secrets that differ in
    // one bit only, anywhere (above 2^40, above 2^64, above 2^128, in the last byte), deal
    // different cards, so no search of fewer than 2^128 secrets finds a table's deal.
    for g in registry() {
        let game = g.name();
        let players = g.default_players();
        let hand = |seed: Seed| {
            let secret = DealSecret {
                seed,
                salt: Some("5a17".repeat(16)),
            };
            let table =
                cli::serve::open_named_table(&request(game, players, None), secret).unwrap();
            // What every seat is shown of the opening: its own hand among it.
            (0..players)
                .map(|s| serde_json::to_value(table.seat_state(Seat(s as u8), 0)).unwrap())
                .map(|v| v["view"].to_string() + &v["screen"].to_string())
                .collect::<Vec<_>>()
        };
        let base = hand(SEED);
        assert_eq!(hand(SEED), base, "{game}: the same secret, the same deal");
        for at in [0, 5, 8, 15, 16, 24, 31] {
            assert_ne!(
                hand(flip(SEED, at)),
                base,
                "{game}: a secret differing in byte {at} alone deals the same cards"
            );
        }
    }
    assert!(DealSecret::draw().unwrap().seed.is_key());
}
