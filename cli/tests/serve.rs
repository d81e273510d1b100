//! `cards serve` over real HTTP on loopback: the API, the seat-token rules, malformed requests,
//! the table limit and expiry, fifty concurrent requests against one table, and that no seat's
//! page is ever sent another seat's cards, for every game.

// Scenario tests read top to bottom: long ones are allowed here (issue 30 item 6 is about
// library code).
#![allow(clippy::too_many_lines)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Barrier};
use std::time::Duration;

use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameView;
use cards_core::Seat;
use serde_json::{Value, json};

/// A client's rate limits out of the way, for tests that are not about them (a test client
/// asks far faster than a page).
const UNHURRIED: [&str; 4] = [
    "--max-requests-per-second",
    "1000000",
    "--max-opens-per-minute",
    "1000000",
];

/// A `cards serve` process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        // Each server keeps its tables in memory unless the test names a file.
        let db: &[&str] = if args.contains(&"--db") {
            &[]
        } else {
            &["--db", ":memory:"]
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(db)
            .args(UNHURRIED)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cards serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("cards serve prints its address");
        let start = line.find("http://").expect("an http address is printed");
        let base = line[start..]
            .split_whitespace()
            .next()
            .unwrap()
            .trim_end_matches('/')
            .to_owned();
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build()
            .into();
        Server { child, base, agent }
    }

    fn get(&self, path: &str) -> (u16, String) {
        let mut r = self
            .agent
            .get(&format!("{}{path}", self.base))
            .call()
            .expect("the request is answered");
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        let mut r = self
            .agent
            .post(&format!("{}{path}", self.base))
            .send_json(body)
            .expect("the request is answered");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// A GET with a seat token in the `Authorization` header (none when empty).
    fn get_as(&self, path: &str, token: &str) -> (u16, String) {
        let mut request = self.agent.get(&format!("{}{path}", self.base));
        if !token.is_empty() {
            request = request.header("authorization", &format!("Bearer {token}"));
        }
        let mut r = request.call().expect("the request is answered");
        let status = r.status().as_u16();
        (status, r.body_mut().read_to_string().unwrap_or_default())
    }

    /// A POST of JSON with a seat token in the `Authorization` header (none when empty).
    fn post_as(&self, path: &str, token: &str, body: &Value) -> (u16, Value) {
        self.post_raw_as(path, token, body.to_string().as_bytes())
    }

    fn post_raw_as(&self, path: &str, token: &str, body: &[u8]) -> (u16, Value) {
        let mut request = self
            .agent
            .post(&format!("{}{path}", self.base))
            .header("content-type", "application/json");
        if !token.is_empty() {
            request = request.header("authorization", &format!("Bearer {token}"));
        }
        let mut r = request.send(body).expect("the request is answered");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Opens a table; returns its id and each seat's token (`None` for bots).
    fn open(&self, request: &Value) -> (String, Vec<Option<String>>) {
        let (status, body) = self.post("/api/tables", request);
        assert_eq!(status, 201, "table opens: {body}");
        let id = body["table"].as_str().unwrap().to_owned();
        let tokens = body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                s["link"].as_str().map(|link| {
                    assert!(link.starts_with(&format!("/play/{id}/")), "{link}");
                    link.split_once('#').unwrap().1.to_owned()
                })
            })
            .collect();
        (id, tokens)
    }

    fn state(&self, id: &str, seat: usize, token: &str) -> Value {
        let (status, text) = self.get_as(&format!("/api/tables/{id}/seats/{seat}/state"), token);
        assert_eq!(status, 200, "{text}");
        serde_json::from_str(&text).unwrap()
    }

    fn act(&self, id: &str, seat: usize, token: &str, action: &str) -> (u16, Value) {
        self.post_as(
            &format!("/api/tables/{id}/seats/{seat}/act"),
            token,
            &json!({ "action": action }),
        )
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn people(n: usize) -> Vec<&'static str> {
    vec!["person"; n]
}

#[test]
fn the_lobby_lists_every_game_with_options_and_bots() {
    let server = Server::start(&[]);
    let (status, text) = server.get("/api/games");
    assert_eq!(status, 200);
    let body: Value = serde_json::from_str(&text).unwrap();
    let names: Vec<&str> = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, cards_games::NAMES);
    let gka = &body["games"][0];
    assert_eq!(gka["min_players"], 3);
    assert!(
        gka["options"]
            .as_array()
            .unwrap()
            .iter()
            .any(|o| o["key"] == "hands" && o["default"] == "5")
    );
    // The bot kinds come from the one table: every generic kind and key, and each game's own.
    let kinds = body["bots"].as_array().unwrap();
    for kind in cards_core::spec::GENERIC_KINDS {
        let listed = kinds.iter().find(|k| k["name"] == kind.name).unwrap();
        assert_eq!(listed["about"], kind.about);
        let keys: Vec<&str> = listed["keys"]
            .as_array()
            .unwrap()
            .iter()
            .map(|k| k["key"].as_str().unwrap())
            .collect();
        let table: Vec<&str> = kind.keys.iter().map(|k| k.key).collect();
        assert_eq!(keys, table);
    }
    let cego = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "cego")
        .unwrap();
    assert_eq!(cego["bots"][0]["name"], "pimc");
    let keys: Vec<&str> = cego["bots"][0]["keys"]
        .as_array()
        .unwrap()
        .iter()
        .map(|k| k["key"].as_str().unwrap())
        .collect();
    let table: Vec<&str> = game_cego::PIMC.keys.iter().map(|k| k.key).collect();
    assert_eq!(keys, table);
    // Every option in words, with the control it takes; bots by level.
    for g in body["games"].as_array().unwrap() {
        for o in g["options"].as_array().unwrap() {
            assert!(o["label"].as_str().is_some_and(|l| l != o["key"]), "{o}");
            assert!(o["explain"].as_str().is_some_and(|e| e.len() > 10), "{o}");
            assert!(
                ["choice", "flag", "number", "list"].contains(&o["kind"].as_str().unwrap()),
                "{o}"
            );
        }
        let levels: Vec<&str> = g["levels"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l["level"].as_str().unwrap())
            .collect();
        assert_eq!(levels, ["easy", "medium", "hard", "expert"], "{g}");
        // What the game's cards look like, for the page to draw them.
        let faces = g["faces"].as_array().unwrap();
        assert!(faces.len() >= 14, "{}", g["name"]);
        for f in faces {
            for key in ["card", "corner", "centre", "kind", "chip"] {
                assert!(f[key].as_str().is_some_and(|v| !v.is_empty()), "{f}");
            }
            assert!(f["suit"].is_null() || f["suit"].as_str().is_some(), "{f}");
        }
        assert!(g["inline_cards"].is_boolean(), "{}", g["name"]);
    }
    let face = |game: &str, card: &str| {
        let g = body["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["name"] == game);
        g.and_then(|g| {
            g["faces"]
                .as_array()
                .unwrap()
                .iter()
                .find(|f| f["card"] == card)
        })
        .cloned()
        .unwrap_or_else(|| panic!("{game}: no face of {card}"))
    };
    assert_eq!(face("grosse-kleine-a", "A")["kind"], "big", "the Big A");
    assert_eq!(face("big-a", "Ac*")["note"], "Big Ace");
    assert_eq!(face("cego", "Gs")["kind"], "trump", "the Sküs");
    assert_eq!(face("contract-rummy", "Jk")["suit"], Value::Null);
    for page in ["/", "/play/x/0", "/assets/table.js", "/assets/cards.js"] {
        assert_eq!(server.get(page).0, 200, "{page}");
    }
    assert_eq!(server.get("/assets/nothing.js").0, 404);
    assert_eq!(server.get("/no/such/page").0, 404);
}

#[test]
fn a_table_against_bots_is_played_through_the_api_to_a_replayable_log() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "grosse-kleine-a",
        "seats": ["person", "heuristic", "random", "ismcts:iters=50"],
        "seed": "7",
        "single_deal": true,
        "pace_ms": 0
    }));
    assert!(tokens[0].is_some() && tokens[1..].iter().all(Option::is_none));
    let token = tokens[0].clone().unwrap();
    // The opener's seat: its token and the table's host key, 128 bits as hex each.
    let (seat_key, host_key) = token.split_once('.').unwrap();
    assert_eq!(
        (seat_key.len(), host_key.len()),
        (32, 32),
        "128 bits as hex"
    );
    let mut steps = 0;
    loop {
        let s = server.state(&id, 0, &token);
        // A seed typed in the lobby: a practice table, and it says so; the seed itself only
        // at the end.
        assert_eq!(s["dealing"]["practice"], true);
        assert_eq!(s.get("seed"), None);
        if s["match_over"] == true {
            assert_eq!(s["dealing"]["seed"], 7);
            break;
        }
        assert_eq!(s["dealing"]["seed"], Value::Null);
        if s["your_turn"] == true {
            let legal = s["legal"].as_array().unwrap();
            assert!(!legal.is_empty());
            let pick = legal[steps % legal.len()].as_str().unwrap().to_owned();
            let (status, body) = server.post_as(
                &format!("/api/tables/{id}/seats/0/act"),
                &token,
                &json!({ "action": pick, "version": s["version"] }),
            );
            assert_eq!(status, 200, "{body}");
            steps += 1;
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(steps < 500, "the deal ends");
    }
    let (status, log) = server.get_as(&format!("/api/tables/{id}/seats/0/log"), &token);
    assert_eq!(status, 200, "{log}");
    replay_accepts(&log);
}

#[test]
fn a_drawn_seed_is_secret_until_the_end_and_the_log_opens_its_commitment() {
    let server = Server::start(&[]);
    let (status, created) = server.post(
        "/api/tables",
        &json!({
            "game": "grosse-kleine-a",
            "seats": ["person", "random", "random", "random"],
            "single_deal": true,
            "pace_ms": 0
        }),
    );
    assert_eq!(status, 201, "{created}");
    let promised = created["dealing"]["commitment"]
        .as_str()
        .expect("the create response shows the commitment")
        .to_owned();
    assert_eq!(created["dealing"]["practice"], false);
    assert_eq!(created.get("seed"), None, "{created}");
    let id = created["table"].as_str().unwrap().to_owned();
    let link = created["seats"][0]["link"].as_str().unwrap();
    let token = link.split_once('#').unwrap().1.to_owned();
    let mut seen = vec![created.to_string()];
    let mut steps = 0;
    loop {
        let s = server.state(&id, 0, &token);
        if s["match_over"] == true {
            break;
        }
        assert_eq!(s["dealing"]["commitment"].as_str(), Some(promised.as_str()));
        assert_eq!(s["dealing"]["seed"], Value::Null);
        seen.push(s.to_string());
        if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            let (status, body) = server.post_as(
                &format!("/api/tables/{id}/seats/0/act"),
                &token,
                &json!({ "action": pick, "version": s["version"] }),
            );
            assert_eq!(status, 200, "{body}");
            if body["match_over"] != true {
                seen.push(body.to_string());
            }
            steps += 1;
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(steps < 500, "the deal ends");
    }
    let (status, log) = server.get_as(&format!("/api/tables/{id}/seats/0/log"), &token);
    assert_eq!(status, 200, "{log}");
    let parsed: Value = serde_json::from_str(&log).unwrap();
    let seed: cards_core::Seed = serde_json::from_value(parsed["seed"].clone()).unwrap();
    assert!(seed.is_key(), "a drawn seed is a 256-bit key: {seed}");
    let salt = parsed["salt"].as_str().unwrap();
    assert_eq!(parsed["commitment"].as_str(), Some(promised.as_str()));
    assert_eq!(cli::fair::commitment(seed, salt), promised);
    for text in &seen {
        assert!(
            !text.contains(salt),
            "a payload before the end holds the salt"
        );
        assert!(
            !text.contains(&seed.to_string()),
            "a payload before the end holds the seed {seed}: {text}"
        );
    }
    replay_accepts(&log);
}

/// `cards replay` accepts a downloaded log.
fn replay_accepts(log: &str) {
    let dir = std::env::temp_dir().join(format!("cards-serve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join(format!("log-{}.json", log.len()));
    std::fs::write(&file, log).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_cards"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "replay refuses the log: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("The match is over."));
}

#[test]
fn every_request_checks_its_seat_token() {
    let server = Server::start(&[]);
    let request = json!({
        "game": "cego", "seats": ["person", "person", "heuristic", "heuristic"],
        "seed": "8", "pace_ms": 5000 // seed 8: S1 deals, so S0 (a person) speaks first (G1)
    });
    let (id, tokens) = server.open(&request);
    let (other, other_tokens) = server.open(&request);
    let t0 = tokens[0].clone().unwrap();
    let t1 = tokens[1].clone().unwrap();
    let before = server.state(&id, 0, &t0);
    let version = before["version"].clone();
    let legal = before["legal"][0].as_str().unwrap().to_owned();
    let foreign = other_tokens[0].clone().unwrap();
    for (path, token, want) in [
        (format!("/api/tables/{id}/seats/0/state"), "", 403),
        (format!("/api/tables/{id}/seats/0/state"), t1.as_str(), 403),
        (
            format!("/api/tables/{id}/seats/0/state"),
            foreign.as_str(),
            403,
        ),
        (format!("/api/tables/{id}/seats/2/state"), t0.as_str(), 403),
        (format!("/api/tables/{id}/seats/9/state"), t0.as_str(), 404),
        (format!("/api/tables/{id}/seats/x/state"), t0.as_str(), 404),
        (
            "/api/tables/ffff/seats/0/state".to_owned(),
            t0.as_str(),
            404,
        ),
        (
            format!("/api/tables/{other}/seats/0/state"),
            t0.as_str(),
            403,
        ),
        // The event stream opens only with a ticket, which only the seat's token gets.
        (format!("/api/tables/{id}/seats/0/events"), t0.as_str(), 403),
        (
            format!("/api/tables/{id}/seats/0/events?ticket=00"),
            "",
            403,
        ),
        (format!("/api/tables/{id}/seats/0/log"), t1.as_str(), 403),
        (format!("/api/tables/{id}/seats/0/log"), t0.as_str(), 409),
    ] {
        let (status, text) = server.get_as(&path, token);
        assert_eq!(status, want, "{path} {token}: {text}");
        let error: Value = serde_json::from_str(&text).unwrap();
        assert!(error["error"].as_str().is_some_and(|e| !e.is_empty()));
    }
    for (seat, token) in [
        (0, ""),
        (0, t1.as_str()),
        (0, foreign.as_str()),
        (1, t0.as_str()),
        (2, t0.as_str()),
    ] {
        let (status, body) = server.act(&id, seat, token, &legal);
        assert!(status == 403 || status == 404, "{seat} {token}: {body}");
        let (status, _) = server.post_as(
            &format!("/api/tables/{id}/seats/{seat}/next"),
            token,
            &json!({}),
        );
        assert!(status == 403 || status == 404);
        let (status, _) = server.post_as(
            &format!("/api/tables/{id}/seats/{seat}/ticket"),
            token,
            &json!({}),
        );
        assert!(status == 403 || status == 404);
    }
    // The right token for a seat that is not to move: refused, nothing changes.
    let (status, body) = server.act(&id, 1, &t1, &legal);
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("not your turn"));
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], version);
    assert_eq!(after["narration"], before["narration"]);
}

#[test]
fn malformed_and_illegal_requests_are_refused_and_change_nothing() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "grosse-kleine-a", "seats": ["person", "heuristic", "heuristic"],
        "seed": "11", "pace_ms": 5000
    }));
    let t0 = tokens[0].clone().unwrap();
    let act = format!("/api/tables/{id}/seats/0/act");
    let before = server.state(&id, 0, &t0);
    assert_eq!(before["your_turn"], true, "S0 leads hand 1 of this seed");
    let cases: Vec<(Vec<u8>, u16, &str)> = vec![
        (b"{not json".to_vec(), 400, ""),
        (b"[]".to_vec(), 422, ""),
        (br#"{"action": 7}"#.to_vec(), 422, ""),
        (br#"{"action": "1", "extra": true}"#.to_vec(), 422, ""),
        (vec![b' '; 20_000], 413, "larger than"),
        (
            json!({ "action": "x".repeat(2000) })
                .to_string()
                .into_bytes(),
            400,
            "no action is longer",
        ),
        (br#"{"action": "banana"}"#.to_vec(), 422, "cannot read"),
        (br#"{"action": "pass"}"#.to_vec(), 422, "not allowed"),
        (
            br#"{"action": "1", "version": 99}"#.to_vec(),
            409,
            "moved on",
        ),
    ];
    for (body, want, says) in cases {
        let (status, answer) = server.post_raw_as(&act, &t0, &body);
        assert_eq!(
            status,
            want,
            "{}: {answer}",
            String::from_utf8_lossy(&body[..body.len().min(40)])
        );
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{message:?} should say {says:?}");
    }
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["legal"], before["legal"]);
    for (request, says) in [
        (
            json!({"game": "chess", "seats": ["person"]}),
            "unknown game",
        ),
        (
            json!({"game": "cego", "seats": ["person"]}),
            "by 5 with the dealer sitting out",
        ),
        (
            json!({"game": "cego", "players": 4, "seats": ["person"]}),
            "1 seats given",
        ),
        (
            json!({"game": "cego", "seats": ["person", "wizard", "random", "random"]}),
            "wizard",
        ),
        (
            json!({"game": "cego", "seats": ["person", "ismcts:ms=99999", "random", "random"]}),
            "at most",
        ),
        (
            json!({"game": "cego", "seats": people(4), "seed": "-1"}),
            "seed",
        ),
        (
            json!({"game": "cego", "seats": people(4), "pace_ms": 60000}),
            "pace_ms",
        ),
        (
            json!({"game": "cego", "seats": people(4), "options": {"nope": "1"}}),
            "no option nope",
        ),
        (
            json!({"game": "grosse-kleine-a", "players": 12, "seats": people(12)}),
            "players",
        ),
        (json!({"game": "cego", "seats": people(40)}), "40"),
    ] {
        let (status, answer) = server.post("/api/tables", &request);
        assert_eq!(status, 400, "{request}: {answer}");
        let message = answer["error"].as_str().unwrap_or_default();
        assert!(message.contains(says), "{message:?} should say {says:?}");
    }
}

#[test]
fn tables_are_bounded_and_idle_tables_expire() {
    let server = Server::start(&["--max-tables", "2", "--idle-minutes", "0.02"]);
    let request = json!({"game": "cego", "seats": people(4), "pace_ms": 0});
    let (first, tokens) = server.open(&request);
    server.open(&request);
    let (status, answer) = server.post("/api/tables", &request);
    assert_eq!(status, 503, "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("most"));
    std::thread::sleep(Duration::from_millis(2500));
    let token = tokens[0].clone().unwrap();
    let (status, _) = server.get_as(&format!("/api/tables/{first}/seats/0/state"), &token);
    assert_eq!(status, 404, "an idle table is closed");
    server.open(&request);
}

#[test]
fn fifty_concurrent_requests_apply_one_action_once() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "grosse-kleine-a", "seats": people(4), "seed": "5",
        "single_deal": true, "pace_ms": 0
    }));
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    for round in 0..3 {
        // The seat to move, once it has a real choice (the server takes forced moves itself).
        let (mover, s) = loop {
            let s0 = server.state(&id, 0, &tokens[0]);
            let mover = s0["to_move"].as_u64().unwrap() as usize;
            let s = server.state(&id, mover, &tokens[mover]);
            if s["your_turn"] == true {
                break (mover, s);
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        let version = s["version"].as_u64().unwrap();
        let action = s["legal"][0].as_str().unwrap().to_owned();
        let base = server.base.clone();
        let barrier = Arc::new(Barrier::new(50));
        let handles: Vec<_> = (0..50)
            .map(|i| {
                let base = base.clone();
                let barrier = Arc::clone(&barrier);
                let (seat, token) = if i % 10 == 9 {
                    ((mover + 1) % 4, tokens[(mover + 1) % 4].clone())
                } else {
                    (mover, tokens[mover].clone())
                };
                let action = action.clone();
                let id = id.clone();
                // Round 0 names the version seen; later rounds send none (the turn check alone).
                // Requests for another seat always name it, or the next seat could rightly
                // play the same text once the first action has passed the turn on.
                let body = if round == 0 || i % 2 == 0 || i % 10 == 9 {
                    json!({ "action": action, "version": version })
                } else {
                    json!({ "action": action })
                };
                std::thread::spawn(move || {
                    let agent: ureq::Agent = ureq::Agent::config_builder()
                        .http_status_as_error(false)
                        .build()
                        .into();
                    barrier.wait();
                    agent
                        .post(&format!("{base}/api/tables/{id}/seats/{seat}/act"))
                        .header("authorization", &format!("Bearer {token}"))
                        .send_json(&body)
                        .map_or(0, |r| r.status().as_u16())
                })
            })
            .collect();
        let statuses: Vec<u16> = handles.into_iter().map(|h| h.join().unwrap()).collect();
        let ok = statuses.iter().filter(|&&s| s == 200).count();
        assert_eq!(
            ok, 1,
            "exactly one request applies the action: {statuses:?}"
        );
        assert!(
            statuses.iter().all(|&s| s == 200 || s == 409 || s == 422),
            "{statuses:?}"
        );
        let after = server.state(&id, 0, &tokens[0]);
        assert!(after["version"].as_u64().unwrap() > version);
    }
    // Finish the deal and replay the log: the actions recorded are exactly the ones applied.
    play_out(&server, &id, &tokens, |_| {});
    let (status, log) = server.get_as(&format!("/api/tables/{id}/seats/0/log"), &tokens[0]);
    assert_eq!(status, 200);
    replay_accepts(&log);
}

/// Plays a table of people to its end, each choosing a legal action by a fixed rule; `look` is
/// shown every seat's state (JSON text) before each action.
fn play_out(server: &Server, id: &str, tokens: &[String], mut look: impl FnMut(&[String])) {
    let mut step = 0usize;
    loop {
        // Every seat's state at one version (the server may take a forced move in between).
        let (texts, states) = loop {
            let texts: Vec<String> = (0..tokens.len())
                .map(|seat| {
                    let (status, text) = server.get_as(
                        &format!("/api/tables/{id}/seats/{seat}/state"),
                        &tokens[seat],
                    );
                    assert_eq!(status, 200, "{text}");
                    text
                })
                .collect();
            let states: Vec<Value> = texts
                .iter()
                .map(|t| serde_json::from_str(t).unwrap())
                .collect();
            if states.iter().all(|s| s["version"] == states[0]["version"]) {
                break (texts, states);
            }
        };
        look(&texts);
        if states[0]["match_over"] == true {
            return;
        }
        if states[0]["waiting_for_next_deal"] == true {
            // Every person asks for the next deal.
            for s in states[0]["next_deal_waits_for"].as_array().unwrap() {
                let s = s.as_u64().unwrap() as usize;
                let (status, body) = server.post_as(
                    &format!("/api/tables/{id}/seats/{s}/next"),
                    &tokens[s],
                    &json!({}),
                );
                assert_eq!(status, 200, "{body}");
            }
            continue;
        }
        let Some(mover) = states[0]["to_move"].as_u64().map(|m| m as usize) else {
            return;
        };
        let legal = states[mover]["legal"].as_array().unwrap();
        if legal.len() <= 1 {
            // A single option is taken by the server itself.
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        step += 1;
        // Mostly the first option (often a pass), sometimes another: deals end and vary.
        let pick = if step % 3 == 0 { step % legal.len() } else { 0 };
        let (status, body) = server.act(id, mover, &tokens[mover], legal[pick].as_str().unwrap());
        assert_eq!(status, 200, "{body}");
        assert!(step < 5000, "the match ends");
    }
}

/// Whether a narration line is the server's summary of moves taken at once.
fn is_summary(line: &str) -> bool {
    line.contains(" moves taken at once")
}

/// A narration line's words, without the punctuation around them.
fn words_of<'a>(lines: impl IntoIterator<Item = &'a str>) -> std::collections::BTreeSet<String> {
    let word = |w: &str| w.trim_matches(|c: char| ",;:.()".contains(c)).to_owned();
    lines
        .into_iter()
        .flat_map(|l| l.split_whitespace().map(word).collect::<Vec<_>>())
        .collect()
}

/// A seat's summaries of moves taken at once (which stand in for the run's own lines) name
/// nothing but `known` words: those the engine told the seat.
fn summaries_tell_nothing_new(
    game: &str,
    seat: usize,
    state: &Value,
    known: &std::collections::BTreeSet<String>,
) {
    let lines: Vec<&str> = state["narration"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let word = |w: &str| w.trim_matches(|c: char| ",;:.()".contains(c)).to_owned();
    for line in lines.iter().filter(|l| is_summary(l)) {
        let body = line
            .split_once("): ")
            .or_else(|| line.split_once(" once: "));
        let Some((_, body)) = body else {
            continue;
        };
        for w in body.split_whitespace().map(word) {
            assert!(
                w.is_empty() || w.starts_with('×') || known.contains(&w),
                "{game}: S{seat}'s summary names {w:?}, which it was not told: {line}"
            );
        }
    }
}

/// What one seat truly sees after some actions, from the engine itself.
struct SeatTruth {
    view: String,
    narration: Vec<String>,
    hand: Vec<String>,
}

/// Replays a downloaded log with the engine: what each seat sees after each number of actions.
fn truth<G: Catalog>(log: &Value) -> Vec<Vec<SeatTruth>> {
    let config: G::Config = serde_json::from_value(log["config"].clone()).unwrap();
    let seed: cards_core::Seed = serde_json::from_value(log["seed"].clone()).unwrap();
    let mut state = <G::State as cards_core::GameState>::new_seeded(&config, seed).unwrap();
    let players = config.players();
    let mut heard: Vec<Vec<String>> = vec![Vec::new(); players];
    let hear = |heard: &mut Vec<Vec<String>>, events: &[G::Event]| {
        for (i, lines) in heard.iter_mut().enumerate() {
            lines.extend(
                events
                    .iter()
                    .filter_map(|e| e.redact(Seat(i as u8)))
                    .map(|e| e.to_string()),
            );
        }
    };
    hear(&mut heard, &G::opening(&state));
    let mut out = Vec::new();
    let snapshot = |state: &G::State, heard: &[Vec<String>]| -> Vec<SeatTruth> {
        (0..players)
            .map(|i| {
                let view = G::view(state, Seat(i as u8));
                let screen = view.screen();
                let view = view.to_string();
                let hand = if screen.hand.is_empty() {
                    hand_line(&view)
                } else {
                    screen.hand
                };
                SeatTruth {
                    view,
                    narration: heard[i].clone(),
                    hand,
                }
            })
            .collect()
    };
    out.push(snapshot(&state, &heard));
    for text in log["actions"].as_array().unwrap() {
        let action = G::parse_action(&state, text.as_str().unwrap()).unwrap();
        let events = G::apply(&mut state, &action).unwrap();
        hear(&mut heard, &events);
        out.push(snapshot(&state, &heard));
    }
    out
}

/// The cards of a view's `your hand` line (while a game's screen does not fill `hand`).
fn hand_line(view: &str) -> Vec<String> {
    view.lines()
        .find(|l| l.trim().to_lowercase().starts_with("your hand"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, rest)| {
            rest.split_whitespace()
                .filter(|t| *t != "-" && *t != "empty")
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default()
}

/// The words of a text that look like suited or tarock cards (`Ac`, `10h`, `T21`, `Gs`), less
/// the cards a wild stands in for (`Jk=9h` names no 9h).
fn card_words(text: &str) -> std::collections::BTreeSet<String> {
    let mut plain = String::with_capacity(text.len());
    let mut skip = false;
    for c in text.chars() {
        if c == '=' {
            skip = true;
        } else if skip && c.is_ascii_alphanumeric() {
            continue;
        } else {
            skip = false;
        }
        plain.push(c);
    }
    plain
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| {
            let suited = w.len() >= 2
                && "cdhs".contains(&w[w.len() - 1..])
                && [
                    "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "R", "1",
                ]
                .contains(&&w[..w.len() - 1]);
            let tarock = w.len() >= 2
                && w.starts_with('T')
                && w[1..].parse::<u8>().is_ok_and(|n| (1..=21).contains(&n));
            suited || tarock || *w == "Gs"
        })
        .map(str::to_owned)
        .collect()
}

const STATE_KEYS: [&str; 34] = [
    "deals",
    "layout",
    "game",
    "legal",
    "legal_cut",
    "legal_cards",
    "card_keys",
    "phase",
    "match_over",
    "narration",
    "narration_from",
    "players",
    "scores",
    "screen",
    "seat",
    "seats",
    "dealing",
    "title",
    "to_move",
    "version",
    "view_text",
    "waiting_for_next_deal",
    "next_deal_waits_for",
    "your_turn",
    "game",
    // The seat's own screen of a deal that ended (its view then), and how scores read.
    "ended_deal",
    "scoring",
    "scores_explain",
    // The names people chose for their seats.
    "names",
    // Whether the table gives hints (the same for every seat).
    "hints",
    // The move this seat may take back (a practice table), and the table's rules.
    "takeback",
    "config",
    // The screen as catalogue messages, for a page in another language (the same facts).
    "screen_messages",
    "narration_messages",
];

/// Whether `G`'s cards are written with suits (so that [`card_words`] finds them), by its card
/// faces.
fn suited_game<G: Catalog>() -> bool {
    G::card_faces().iter().any(|f| f.suit.is_some())
}

/// A watch page's state holds only what every seat may know: no hand or private line; screen
/// facts every seat is shown alike; narration lines each heard word for word by a seat the line
/// does not name, or by every seat (so no seat's own secret); in suited games no card that some seat is not
/// shown; and no seed before the end.
fn watch_shows_only_public(game: &str, suited: bool, watch: &Value, states: &[Value]) {
    let screen = &watch["screen"];
    assert_eq!(screen["hand"], json!([]), "{game}: a spectator has no hand");
    assert_eq!(screen["private"], json!([]), "{game}: nor private lines");
    assert!(watch.get("view_text").is_none() && watch.get("legal").is_none());
    for line in screen["table"].as_array().unwrap() {
        for s in states {
            assert!(
                s["screen"]["table"].as_array().unwrap().contains(line),
                "{game}: the watch page shows {line}, S{} is not shown it",
                s["seat"]
            );
        }
    }
    for (j, facts) in screen["seats"].as_array().unwrap().iter().enumerate() {
        for fact in facts.as_array().unwrap() {
            for s in states {
                assert!(
                    s["screen"]["seats"][j].as_array().unwrap().contains(fact),
                    "{game}: the watch page shows S{j}'s {fact}, S{} is not shown it",
                    s["seat"]
                );
            }
        }
    }
    let heard = |s: &Value| -> Vec<String> {
        s["narration"]
            .as_array()
            .unwrap()
            .iter()
            .map(|l| l.as_str().unwrap().to_owned())
            .collect()
    };
    for line in heard(watch).iter().filter(|l| !is_summary(l)) {
        let named = |k: usize| {
            line.split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| w == format!("S{k}"))
        };
        let hears = |k: usize| heard(&states[k]).contains(line);
        assert!(
            (0..states.len()).all(hears) || (0..states.len()).any(|k| !named(k) && hears(k)),
            "{game}: the watch page hears {line:?}, which no seat it does not name hears"
        );
    }
    // The watch page's summaries name only words every seat was told.
    let mut known = words_of(heard(&states[0]).iter().map(String::as_str));
    for s in &states[1..] {
        let theirs = words_of(heard(s).iter().map(String::as_str));
        known.retain(|w| theirs.contains(w));
    }
    summaries_tell_nothing_new(game, 99, watch, &known);
    if suited {
        let seen: Vec<_> = states.iter().map(|s| card_words(&s.to_string())).collect();
        for card in card_words(&watch.to_string()) {
            for (k, seen_k) in seen.iter().enumerate() {
                assert!(
                    seen_k.contains(&card),
                    "{game}: the watch page shows {card}, which S{k} is not shown"
                );
            }
        }
    }
    if watch["match_over"] != true {
        assert_eq!(watch["dealing"]["seed"], Value::Null, "{game}: the seed");
    }
}

/// Plays one deal of `G` at its default table size with every seat a person and checks, before
/// every action, that no seat is sent a card that only another seat holds.
fn no_leak<G: Catalog>() {
    let game = G::NAME;
    let players = <G as cards_core::Game>::Config::default().players();
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": game, "seats": people(players), "seed": "2024",
        "single_deal": true, "pace_ms": 0
    }));
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let suited = suited_game::<G>();
    let mut recorded: Vec<Vec<String>> = Vec::new();
    let mut watched = 0;
    play_out(&server, &id, &tokens, |texts| {
        recorded.push(texts.to_vec());
        // The watch page at the same version shows nothing a seat-less spectator may not know.
        let (status, text) = server.get(&format!("/api/tables/{id}/watch"));
        assert_eq!(status, 200, "{text}");
        let watch: Value = serde_json::from_str(&text).unwrap();
        let states: Vec<Value> = texts
            .iter()
            .map(|t| serde_json::from_str(t).unwrap())
            .collect();
        if watch["version"] == states[0]["version"] {
            watch_shows_only_public(game, suited, &watch, &states);
            // What lies on the table is public: every seat's layout is the watch page's.
            for (i, s) in states.iter().enumerate() {
                assert_eq!(s["layout"], watch["layout"], "{game}: S{i}'s layout");
            }
            watched += 1;
        }
    });
    assert!(
        watched > 5,
        "{game}: the watch page was checked at {watched} steps"
    );
    let (status, log) = server.get_as(&format!("/api/tables/{id}/seats/0/log"), &tokens[0]);
    assert_eq!(status, 200, "{log}");
    let log: Value = serde_json::from_str(&log).unwrap();
    let truth = truth::<G>(&log);
    let mut checked = 0;
    for texts in &recorded {
        let states: Vec<Value> = texts
            .iter()
            .map(|t| serde_json::from_str(t).unwrap())
            .collect();
        if states[0]["match_over"] == true {
            continue;
        }
        let version = states[0]["version"].as_u64().unwrap() as usize;
        let true_seats = &truth[version];
        for (i, s) in states.iter().enumerate() {
            // Each page shows exactly its seat's view and hears exactly its redacted events
            // (plus the server's own line for a forced move).
            assert_eq!(
                s["view_text"], true_seats[i].view,
                "{game}: S{i} after {version}"
            );
            let heard: Vec<&str> = s["narration"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .filter(|l| !l.ends_with(", is taken.") && !is_summary(l))
                .collect();
            // Every line told is the engine's, in its order; a run of moves taken at once is
            // told by its summary instead of its lines.
            let mut rest = true_seats[i].narration.iter();
            for line in &heard {
                assert!(
                    rest.any(|t| t == line),
                    "{game}: S{i} after {version} is told {line:?} out of the engine's order: \
                     {heard:?} against {:?}",
                    true_seats[i].narration
                );
            }
            let known = words_of(true_seats[i].narration.iter().map(String::as_str));
            summaries_tell_nothing_new(game, i, s, &known);
        }
        let hands: Vec<Vec<String>> = true_seats.iter().map(|t| t.hand.clone()).collect();
        assert!(hands.iter().any(|h| !h.is_empty()), "hands are shown");
        for s in &states {
            for key in s.as_object().unwrap().keys() {
                assert!(STATE_KEYS.contains(&key.as_str()), "unexpected field {key}");
            }
            // The seed decides every card: no seat is told it before the match ends.
            if s["match_over"] != true {
                assert_eq!(
                    s["dealing"]["seed"],
                    Value::Null,
                    "{game}: the seed before the end"
                );
                assert!(
                    !s.to_string().contains("\"seed\":2024"),
                    "{game}: the seed before the end"
                );
            }
        }
        if suited {
            // What a seat is shown now, apart from its narration: every card there that another
            // seat holds (and it does not) must be public, shown to every seat but the holder.
            let now: Vec<_> = states
                .iter()
                .map(|s| {
                    let mut s = s.clone();
                    s["narration"] = Value::Null;
                    // The same lines as messages, checked as the narration is.
                    s["narration_messages"] = Value::Null;
                    card_words(&s.to_string())
                })
                .collect();
            for (i, seen_i) in now.iter().enumerate() {
                for (j, hand_j) in hands.iter().enumerate() {
                    for card in hand_j {
                        if i == j || hands[i].contains(card) || !seen_i.contains(card) {
                            continue;
                        }
                        for (k, seen_k) in now.iter().enumerate() {
                            if k != i && k != j && !hands[k].contains(card) {
                                assert!(
                                    seen_k.contains(card),
                                    "{game}: S{i} is shown {card}, held by S{j}, which S{k} \
                                     is not shown:\n{}",
                                    texts[i]
                                );
                            }
                        }
                    }
                }
            }
            // The narration: a line about another seat that names cards is one every seat
            // but that one hears word for word.
            let lines: Vec<Vec<String>> = states
                .iter()
                .map(|s| {
                    s["narration"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .map(|l| l.as_str().unwrap().to_owned())
                        .collect()
                })
                .collect();
            for (i, lines_i) in lines.iter().enumerate() {
                for line in lines_i {
                    let Some(j) = (0..players).find(|&j| line.starts_with(&format!("S{j} ")))
                    else {
                        continue;
                    };
                    if j == i || card_words(line).is_empty() {
                        continue;
                    }
                    for (k, lines_k) in lines.iter().enumerate() {
                        if k != j {
                            assert!(
                                lines_k.contains(line),
                                "{game}: S{i} hears {line:?}, S{k} does not"
                            );
                        }
                    }
                }
            }
        } else {
            for (i, text) in texts.iter().enumerate() {
                let own = format!(" {} ", hands[i].join(" "));
                for (j, hand_j) in hands.iter().enumerate() {
                    let whole = format!(" {} ", hand_j.join(" "));
                    if i != j && hand_j.len() >= 5 && !own.contains(&whole) {
                        let bare = whole.trim();
                        assert!(
                            !text.contains(&format!("{bare}\""))
                                && !text.contains(&format!("{bare}\\n")),
                            "{game}: S{i} is shown S{j}'s hand {bare}"
                        );
                    }
                }
            }
        }
        checked += 1;
    }
    assert!(checked > 5, "{game}: a deal of several steps was checked");
}

/// No seat sees another seat's cards, in every game of the one list (`cards_games`): one module
/// per game.
macro_rules! no_leak_tests {
    ({} $($m:ident: $g:ty;)*) => {$(
        mod $m {
            #[test]
            fn no_seat_sees_another_seats_cards() {
                super::no_leak::<$g>();
            }
        }
    )*};
}

cards_games::for_each_game!(no_leak_tests);

#[test]
fn a_page_hears_of_every_change_by_server_sent_events() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "cego", "seats": ["person", "person", "heuristic", "heuristic"],
        "seed": "8", "pace_ms": 0
    }));
    let t0 = tokens[0].clone().unwrap();
    let (status, ticket) =
        server.post_as(&format!("/api/tables/{id}/seats/0/ticket"), &t0, &json!({}));
    assert_eq!(status, 200, "{ticket}");
    let ticket = ticket["ticket"].as_str().unwrap().to_owned();
    let mut stream = open_stream(
        &server,
        &format!("/api/tables/{id}/seats/0/events?ticket={ticket}"),
    );
    let mut seen = String::new();
    let mut buf = [0u8; 1024];
    while !seen.contains("event: update") {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "the stream stays open");
        seen.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
    assert!(seen.starts_with("HTTP/1.1 200"), "{seen}");
    assert!(seen.contains("text/event-stream"));
    let legal = server.state(&id, 0, &t0)["legal"][0]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(server.act(&id, 0, &t0, &legal).0, 200);
    // The stream carries the latest version: 1, or more if bots moved on at once.
    let mut more = String::new();
    while !more
        .lines()
        .filter_map(|l| l.strip_prefix("data: "))
        .any(|v| v.trim().parse::<u64>().is_ok_and(|v| v >= 1))
    {
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0);
        more.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

/// An event stream of `server` opened at `path` (a seat's, with its ticket), read with a
/// timeout of 10 s.
fn open_stream(server: &Server, path: &str) -> TcpStream {
    let addr = server.base.trim_start_matches("http://");
    let mut stream = TcpStream::connect(addr).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
    stream
}

/// Reads `stream` until at least one whole server-sent event has come after those in
/// `pending`, and takes the whole ones out: each as its `event` name and its `data`.
fn next_events(stream: &mut TcpStream, pending: &mut String) -> Vec<(String, String)> {
    let mut buf = [0u8; 16384];
    loop {
        let mut events = Vec::new();
        // An event ends at a blank line; the chunks' size lines around it are not its fields.
        while let Some(end) = pending.find("\n\n") {
            let text: String = pending.drain(..end + 2).collect();
            let mut name = String::new();
            let mut data = String::new();
            for line in text.lines() {
                if let Some(n) = line.strip_prefix("event: ") {
                    n.clone_into(&mut name);
                } else if let Some(d) = line.strip_prefix("data: ") {
                    data.push_str(d);
                }
            }
            if !name.is_empty() {
                events.push((name, data));
            }
        }
        if !events.is_empty() {
            return events;
        }
        let n = stream.read(&mut buf).unwrap();
        assert!(n > 0, "the stream stays open");
        pending.push_str(&String::from_utf8_lossy(&buf[..n]));
    }
}

#[test]
fn a_page_that_says_what_it_holds_is_sent_its_state_at_every_change() {
    let server = Server::start(&[]);
    let created = server
        .post(
            "/api/tables",
            &json!({
                "game": "cego", "seats": ["person", "person", "heuristic", "heuristic"],
                "seed": "8", "pace_ms": 0
            }),
        )
        .1;
    let id = created["table"].as_str().unwrap().to_owned();
    let host = created["host_key"].as_str().unwrap().to_owned();
    let token = |i: usize| {
        let link = created["seats"][i]["link"].as_str().unwrap();
        let fragment = link.split_once('#').unwrap().1;
        fragment.split('.').next().unwrap().to_owned()
    };
    let (t0, t1) = (token(0), token(1));
    // The page holds no line yet; a bad `since` is refused like any bad query.
    let ticket = |t: &str| {
        let (status, body) =
            server.post_as(&format!("/api/tables/{id}/seats/0/ticket"), t, &json!({}));
        assert_eq!(status, 200, "{body}");
        body["ticket"].as_str().unwrap().to_owned()
    };
    let (status, _) = server.get_as(
        &format!(
            "/api/tables/{id}/seats/0/events?ticket={}&since=x",
            ticket(&t0)
        ),
        "",
    );
    assert_eq!(status, 400);
    // A seat's ticket opens no other seat's stream.
    let (status, _) = server.get_as(
        &format!(
            "/api/tables/{id}/seats/1/events?ticket={}&since=0",
            ticket(&t0)
        ),
        "",
    );
    assert_eq!(status, 403);
    let mut stream = open_stream(
        &server,
        &format!(
            "/api/tables/{id}/seats/0/events?ticket={}&since=0",
            ticket(&t0)
        ),
    );
    let mut pending = String::new();
    // Seat 0's narration as the stream told it, and the last state it sent.
    let mut told: Vec<Value> = Vec::new();
    let mut last = Value::Null;
    let mut states = 0;
    let mut take = |events: Vec<(String, String)>, told: &mut Vec<Value>, last: &mut Value| {
        for (name, data) in events {
            assert_eq!(name, "state", "{data}");
            let s: Value = serde_json::from_str(&data).unwrap();
            // Each state goes on from the lines sent before: none missed, none twice.
            assert_eq!(s["narration_from"], told.len(), "{s}");
            told.extend(s["narration"].as_array().unwrap().iter().cloned());
            assert_eq!(s["seat"], 0);
            *last = s;
            states += 1;
        }
    };
    take(next_events(&mut stream, &mut pending), &mut told, &mut last);
    // The first state is seat 0's own (its hand as its own request has it), not seat 1's.
    let (mine, theirs) = (server.state(&id, 0, &t0), server.state(&id, 1, &t1));
    assert_eq!(last["screen"]["hand"], mine["screen"]["hand"]);
    assert_ne!(last["screen"]["hand"], theirs["screen"]["hand"]);
    // The people play on (the bots at once) until the first deal's play is under way; at
    // every change the stream sends seat 0's state as its own request would have it.
    for _ in 0..40 {
        let now = server.state(&id, 0, &t0);
        let who = now["to_move"].as_u64();
        let (seat, t) = match who {
            Some(0) => (0, &t0),
            Some(1) => (1, &t1),
            _ => break,
        };
        let s = server.state(&id, seat, t);
        let action = s["legal"][0].as_str().unwrap().to_owned();
        let (status, answer) = server.act(&id, seat, t, &action);
        assert_eq!(status, 200, "{answer}");
        let version = answer["version"].as_u64().unwrap();
        while last["version"].as_u64().unwrap() < version {
            take(next_events(&mut stream, &mut pending), &mut told, &mut last);
        }
    }
    // Read until the table is still, then compare with a request of the seat's own.
    loop {
        let now = server.state(&id, 0, &t0);
        if last["version"] == now["version"] {
            assert_eq!(last["view_text"], now["view_text"]);
            assert_eq!(last["legal"], now["legal"]);
            assert_eq!(told, now["narration"].as_array().unwrap().clone());
            break;
        }
        take(next_events(&mut stream, &mut pending), &mut told, &mut last);
    }
    assert!(states >= 3, "{states} states");
    // Seat 1's cards are never in seat 0's stream.
    let other = server.state(&id, 1, &t1);
    assert_ne!(last["screen"]["hand"], other["screen"]["hand"]);
    // The host closes the table: the stream says `update`, and the page's request is told why.
    let (status, body) = server.post_as(&format!("/api/tables/{id}/close"), &host, &json!({}));
    assert_eq!(status, 200, "{body}");
    let events = next_events(&mut stream, &mut pending);
    assert_eq!(events.last().unwrap().0, "update", "{events:?}");
}

#[test]
fn a_finished_deal_waits_for_a_person_to_start_the_next() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "grosse-kleine-a", "seats": ["person", "heuristic", "heuristic"],
        "seed": "4", "pace_ms": 0, "options": {"hands": "2"}
    }));
    let t0 = tokens[0].clone().unwrap();
    for _ in 0..2000 {
        let s = server.state(&id, 0, &t0);
        if s["waiting_for_next_deal"] == true {
            assert_eq!(s["deals"].as_array().unwrap().len(), 1);
            assert_eq!(s["your_turn"], false);
            assert!(s["legal"].as_array().unwrap().is_empty());
            let (status, body) =
                server.post_as(&format!("/api/tables/{id}/seats/0/next"), &t0, &json!({}));
            assert_eq!(status, 200, "{body}");
            let (status, _) =
                server.post_as(&format!("/api/tables/{id}/seats/0/next"), &t0, &json!({}));
            assert_eq!(status, 409, "only once");
            return;
        }
        if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            assert_eq!(server.act(&id, 0, &t0, &pick).0, 200);
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
    }
    panic!("the first deal did not end");
}

#[test]
fn the_next_deal_starts_when_every_person_has_asked_for_it() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "grosse-kleine-a", "seats": ["person", "heuristic", "person"],
        "seed": "4", "pace_ms": 0, "options": {"hands": "2"}
    }));
    let (t0, t2) = (tokens[0].clone().unwrap(), tokens[2].clone().unwrap());
    let next = |seat: usize, token: &str| {
        server.post_as(
            &format!("/api/tables/{id}/seats/{seat}/next"),
            token,
            &json!({}),
        )
    };
    for _ in 0..4000 {
        let s = server.state(&id, 0, &t0);
        if s["waiting_for_next_deal"] == true {
            assert_eq!(s["next_deal_waits_for"], json!([0, 2]));
            assert_eq!(next(0, &t0).0, 200);
            let s = server.state(&id, 2, &t2);
            assert_eq!(s["waiting_for_next_deal"], true, "S2 has not asked yet");
            assert_eq!(s["next_deal_waits_for"], json!([2]));
            let (status, body) = next(0, &t0);
            assert_eq!(status, 409, "{body}");
            let error = body["error"].as_str().unwrap_or_default();
            assert!(error.contains("S2 asks too"), "{body}");
            assert_eq!(next(1, &t0).0, 403, "a bot's seat");
            assert_eq!(next(2, &t2).0, 200);
            let s = server.state(&id, 0, &t0);
            assert_eq!(s["waiting_for_next_deal"], false);
            assert_eq!(s["next_deal_waits_for"], json!([]));
            return;
        }
        for (seat, token) in [(0, &t0), (2, &t2)] {
            let s = server.state(&id, seat, token.as_str());
            if s["your_turn"] == true {
                let pick = s["legal"][0].as_str().unwrap().to_owned();
                assert_eq!(server.act(&id, seat, token, &pick).0, 200);
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the first deal did not end");
}

/// Opens a Big A table at the default pace and plays its person seats as a person would who
/// passes at once whenever asked before play; returns how long after the create request the
/// play phase showed with a seat to play a card, the version then, and each person seat's
/// narration then.
fn first_card_play(
    server: &Server,
    seats: &[&str],
    seed: &str,
) -> (Duration, u64, Vec<Vec<String>>) {
    let start = std::time::Instant::now();
    let (id, tokens) = server.open(&json!({ "game": "big-a", "seats": seats, "seed": seed }));
    let people: Vec<(usize, String)> = tokens
        .iter()
        .enumerate()
        .filter_map(|(i, t)| t.clone().map(|t| (i, t)))
        .collect();
    loop {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "seed {seed}: play has not started: {:?}",
            server.state(&id, people[0].0, &people[0].1)["narration"]
        );
        for (seat, token) in &people {
            let state = server.state(&id, *seat, token);
            let lines: Vec<String> = state["narration"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap().to_owned())
                .collect();
            // Its own line, or the end of a run's summary.
            let playing = lines.iter().any(|l| {
                l.starts_with("play starts")
                    || l.contains(": play starts")
                    || l.contains("; play starts")
            });
            if playing && state["to_move"].is_u64() {
                let took = start.elapsed();
                let heard = people
                    .iter()
                    .map(|(seat, token)| {
                        server.state(&id, *seat, token)["narration"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .map(|l| l.as_str().unwrap().to_owned())
                            .collect()
                    })
                    .collect();
                return (took, state["version"].as_u64().unwrap(), heard);
            }
            if state["your_turn"] == true && !playing {
                // A person's own choice in the draw (an Ace drawn): pass at once.
                let legal = state["legal"].as_array().unwrap();
                let pass = legal
                    .iter()
                    .find(|a| *a == "pass")
                    .unwrap_or(&legal[0])
                    .as_str()
                    .unwrap();
                let (status, body) = server.act(&id, *seat, token, pass);
                assert_eq!(status, 200, "{body}");
            }
        }
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn big_as_draw_is_not_paced_and_play_starts_within_3_s() {
    let server = Server::start(&[]);
    let (status, games) = server.get("/api/games");
    assert_eq!(status, 200);
    let games: Value = serde_json::from_str(&games).unwrap();
    assert_eq!(games["default_pace_ms"], 900, "the default pace");
    let mut slowest = Duration::ZERO;
    for seed in ["1", "2", "3"] {
        let (took, version, heard) = first_card_play(
            &server,
            &["person", "heuristic", "heuristic", "heuristic", "heuristic"],
            seed,
        );
        let lines = &heard[0];
        println!("seed {seed}: first card play after {took:?} ({version} moves)");
        slowest = slowest.max(took);
        assert!(
            version > 100,
            "seed {seed}: the whole draw, {version} moves"
        );
        assert!(took < Duration::from_secs(3), "seed {seed}: {took:?}");
        // The runs are summed up, the person's own forced draws counted there, and no other
        // seat's card named.
        let summaries: Vec<&String> = lines
            .iter()
            .filter(|l| l.starts_with("the draw, "))
            .collect();
        assert!(!summaries.is_empty(), "seed {seed}: {lines:?}");
        assert!(
            summaries.iter().any(|l| l.contains("taken for you")),
            "{summaries:?}"
        );
        assert!(summaries.iter().any(|l| l.contains("S0 draws ")));
        for summary in summaries {
            for other in 1..5 {
                for (at, _) in summary.match_indices(&format!("S{other} draws ")) {
                    assert!(
                        summary[at..].starts_with(&format!("S{other} draws a card")),
                        "S0 is told S{other}'s card: {summary}"
                    );
                }
            }
        }
    }
    println!("slowest: {slowest:?}");
}

#[test]
fn a_persons_forced_moves_are_taken_at_once() {
    let server = Server::start(&[]);
    // Five people and no bot: every draw without an Ace is a person's only option.
    let (took, version, heard) = first_card_play(&server, &people(5), "4");
    println!("five people: play starts after {took:?} ({version} moves)");
    assert!(version > 100, "{version}");
    // Paced one by one (900 ms each at the default pace) the 100-odd forced draws would take
    // over 90 s; taken at once they take well under a second on an idle machine. The bound
    // leaves room for a loaded CI machine (3.47 s was seen at a load of 10) and still tells
    // the two apart.
    assert!(took < Duration::from_secs(10), "{took:?}");
    // Forced draws were taken, each narrated alone or counted in its run's summary.
    let forced: usize = heard
        .iter()
        .flatten()
        .filter(|l| l.ends_with(", is taken.") || l.contains("taken for you"))
        .count();
    assert!(forced > 10, "{heard:?}");
}

#[test]
fn the_host_closes_a_table_and_its_place_is_free_at_once() {
    let server = Server::start(&["--max-tables", "1"]);
    let request = json!({
        "game": "cego", "seats": ["person", "person", "heuristic", "heuristic"],
        "seed": "8", "pace_ms": 5000
    });
    let (status, created) = server.post("/api/tables", &request);
    assert_eq!(status, 201, "{created}");
    let id = created["table"].as_str().unwrap().to_owned();
    let host = created["host_key"].as_str().unwrap().to_owned();
    assert_eq!(host.len(), 32);
    // The opener's link (the first person seat) carries the host key after its token; the
    // others do not.
    let opener = created["seats"][0]["link"].as_str().unwrap();
    let (_, fragment) = opener.split_once('#').unwrap();
    let (t0, key) = fragment.split_once('.').unwrap();
    assert_eq!(key, host);
    let friend = created["seats"][1]["link"].as_str().unwrap();
    let t1 = friend.split_once('#').unwrap().1.to_owned();
    assert!(!t1.contains('.') && !friend.contains(&host), "{friend}");
    // The seat opens with its token alone, or with the whole fragment; a wrong host part
    // is refused.
    assert_eq!(server.state(&id, 0, t0)["seat"], 0);
    assert_eq!(server.state(&id, 0, fragment)["seat"], 0);
    let (status, _) = server.get_as(
        &format!("/api/tables/{id}/seats/0/state"),
        &format!("{t0}.{}", "0".repeat(32)),
    );
    assert_eq!(status, 403);
    // The server is full.
    let (status, full) = server.post("/api/tables", &request);
    assert_eq!(status, 503, "{full}");
    assert!(
        full["error"].as_str().unwrap().contains("--max-tables 1"),
        "{full}"
    );
    // Only the host key closes it.
    let close = format!("/api/tables/{id}/close");
    for token in ["", t0, t1.as_str(), &"0".repeat(32)] {
        let (status, body) = server.post_as(&close, token, &json!({}));
        assert_eq!(status, 403, "{token}: {body}");
    }
    assert_eq!(server.state(&id, 1, &t1)["seat"], 1, "still open");
    let (status, body) = server.post_as(&close, &host, &json!({}));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["closed"], id);
    // Gone, saying why, to every seat; closing again says so too.
    for (seat, token) in [(0, t0), (1, t1.as_str())] {
        let (status, text) = server.get_as(&format!("/api/tables/{id}/seats/{seat}/state"), token);
        assert_eq!(status, 404, "{text}");
        assert!(text.contains("closed by its host"), "{text}");
    }
    let (status, body) = server.post_as(&close, &host, &json!({}));
    assert_eq!(status, 404, "{body}");
    // Its place is free at once.
    let (status, body) = server.post("/api/tables", &request);
    assert_eq!(status, 201, "{body}");
    // The opener's page offers the control, sending the key in a header.
    let (_, script) = server.get("/assets/table.js");
    assert!(script.contains(r#"t("close.button")"#) && script.contains("/close"));
    let (_, words) = server.get("/api/messages?lang=en");
    assert!(words.contains("Close the table"), "{words}");
    assert!(script.contains("Bearer ${hostKey}"));
    // A table that never was says so.
    let (status, text) = server.get_as("/api/tables/0123456789abcdef/seats/0/state", t0);
    assert_eq!(status, 404);
    assert!(text.contains("has not opened it"), "{text}");
}

#[test]
fn a_finished_table_frees_its_place_keeps_its_log_a_while_and_says_it_finished() {
    let server = Server::start(&["--max-tables", "1", "--idle-minutes", "0.03"]);
    let request = json!({
        "game": "grosse-kleine-a",
        "seats": ["person", "heuristic", "heuristic", "heuristic"],
        "seed": "7", "single_deal": true, "pace_ms": 0
    });
    let (id, tokens) = server.open(&request);
    let token = tokens[0].clone().unwrap();
    // Play the deal to its end.
    let mut steps = 0;
    loop {
        let s = server.state(&id, 0, &token);
        if s["match_over"] == true {
            break;
        }
        if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            let (status, body) = server.act(&id, 0, &token, &pick);
            assert_eq!(status, 200, "{body}");
            steps += 1;
        } else {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(steps < 500, "the deal ends");
    }
    // It no longer counts: another table opens on this one-table server at once…
    let (status, body) = server.post("/api/tables", &request);
    assert_eq!(status, 201, "{body}");
    // …and the finished one is still there for its log.
    let (status, log) = server.get_as(&format!("/api/tables/{id}/seats/0/log"), &token);
    assert_eq!(status, 200, "{log}");
    // Left alone (here 1.8 s without use), it goes, and says it had finished.
    std::thread::sleep(Duration::from_millis(2600));
    let (status, text) = server.get_as(&format!("/api/tables/{id}/seats/0/state"), &token);
    assert_eq!(status, 404, "{text}");
    assert!(text.contains("finished its match"), "{text}");
    // …and names its review, which opens.
    assert!(text.contains(&format!("/review/{id}")), "{text}");
    let (status, text) = server.get(&format!("/api/review/{id}"));
    assert_eq!(status, 200, "{text}");
}

#[test]
fn an_idle_table_says_it_was_closed_for_want_of_use() {
    let server = Server::start(&["--idle-minutes", "0.01"]);
    let (id, tokens) = server.open(&json!({"game": "cego", "seats": people(4), "pace_ms": 0}));
    std::thread::sleep(Duration::from_millis(1500));
    let token = tokens[0].clone().unwrap();
    let (status, text) = server.get_as(&format!("/api/tables/{id}/seats/0/state"), &token);
    assert_eq!(status, 404, "{text}");
    // It says what happened to this table, not what may have.
    assert!(
        text.contains("ago, after less than a second without use"),
        "{text}"
    );
    assert!(!text.contains("never") && !text.contains(" or "), "{text}");
}

#[test]
fn the_end_of_a_deal_shows_the_deal_that_ended_not_the_next() {
    let server = Server::start(&[]);
    let (id, tokens) = server.open(&json!({
        "game": "einer-ist-immer", "seats": ["person", "random", "random", "random"],
        "seed": "5", "pace_ms": 0, "options": {"hands": 2}
    }));
    let t0 = tokens[0].clone().unwrap();
    for _ in 0..4000 {
        let s = server.state(&id, 0, &t0);
        if s["waiting_for_next_deal"] == true {
            // The engine has dealt hand 2 already: the seat's screen shows it...
            let now = s["screen"]["heading"].as_str().unwrap();
            assert!(now.contains("hand 2 of 2"), "{now}");
            // ...and the dialog is sent hand 1 as the deal's last move found it.
            let ended = &s["ended_deal"];
            assert_eq!(ended["number"], 1, "{ended}");
            let heading = ended["screen"]["heading"].as_str().unwrap();
            assert!(heading.contains("hand 1 of 2"), "{heading}");
            let lines: Vec<&str> = ended["narration"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect();
            assert!(
                lines.iter().any(|l| l.starts_with("hand 1 ends")),
                "{lines:?}"
            );
            assert!(
                !lines
                    .iter()
                    .any(|l| l.contains("hand 2") || l.contains("dealt")),
                "nothing of hand 2: {lines:?}"
            );
            assert_eq!(s["scoring"], "points");
            let (status, body) =
                server.post_as(&format!("/api/tables/{id}/seats/0/next"), &t0, &json!({}));
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["ended_deal"], Value::Null, "gone with the next deal");
            return;
        }
        if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            assert_eq!(server.act(&id, 0, &t0, &pick).0, 200);
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    panic!("the first deal did not end");
}

/// Whether a message names a Rust type or speaks serde's language:
/// `\b[ui](8|16|32|64|128|size)\b|f64|invalid type|struct |enum `.
fn speaks_types(message: &str) -> bool {
    let typed = message
        .split(|c: char| !c.is_ascii_alphanumeric())
        .any(|w| {
            let (first, rest) = w.split_at(w.len().min(1));
            matches!(first, "u" | "i") && matches!(rest, "8" | "16" | "32" | "64" | "128" | "size")
        });
    typed
        || ["f64", "invalid type", "struct ", "enum "]
            .iter()
            .any(|t| message.contains(t))
}

#[test]
fn refusals_of_rules_and_requests_never_name_types() {
    // Some of the bad values are accepted, and open tables: room for all of them.
    let server = Server::start(&["--max-tables", "1000", "--max-tables-per-client", "1000"]);
    let mut said = Vec::new();
    // Every option of every game, given a value of every wrong kind.
    let (_, games) = server.get("/api/games");
    let games: Value = serde_json::from_str(&games).unwrap();
    for g in games["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let players = g["default_players"].as_u64().unwrap() as usize;
        for o in g["options"].as_array().unwrap() {
            let key = o["key"].as_str().unwrap();
            for bad in [
                json!("x"),
                json!("-1"),
                json!("99999999999999999999"),
                json!("1.5"),
                json!([1, 2]),
                json!([[1], "a"]),
                json!(true),
                json!(300),
                json!("maybe"),
            ] {
                let request = json!({
                    "game": name, "seats": people(players), "options": {key: bad}
                });
                let (status, answer) = server.post("/api/tables", &request);
                if status == 201 {
                    continue;
                }
                assert_eq!(status, 400, "{request}: {answer}");
                let message = answer["error"].as_str().unwrap_or_default().to_owned();
                assert!(
                    message.starts_with("These rules cannot be played: "),
                    "{request}: {message}"
                );
                said.push((request, message));
            }
        }
    }
    // 3 to 13's first round alone leaves the rounds that fit; with too many rounds, the
    // game's reason.
    let rummy = |options: Value| {
        server.post(
            "/api/tables",
            &json!({"game": "contract-rummy", "seats": people(4), "options": options}),
        )
    };
    assert_eq!(rummy(json!({"first_round": "7"})).0, 201);
    let (status, answer) = rummy(json!({"first_round": 7, "rounds": 6}));
    assert_eq!(status, 400);
    let message = answer["error"].as_str().unwrap().to_owned();
    assert!(
        message.contains("first round 7 and 6 rounds do not fit"),
        "{message}"
    );
    said.push((json!("rummy"), message));
    // The request's own fields, of the wrong kinds.
    for request in [
        json!([1]),
        json!("cego"),
        json!({"game": 1, "seats": people(4)}),
        json!({"game": "cego", "players": "four", "seats": people(4)}),
        json!({"game": "cego", "players": -4, "seats": people(4)}),
        json!({"game": "cego", "players": 1e40, "seats": people(4)}),
        json!({"game": "cego", "seats": "person"}),
        json!({"game": "cego", "seats": [1, 2, 3, 4]}),
        json!({"game": "cego", "seats": people(4), "options": "deals=3"}),
        json!({"game": "cego", "seats": people(4), "seed": [1]}),
        json!({"game": "cego", "seats": people(4), "seed": -1}),
        json!({"game": "cego", "seats": people(4), "single_deal": "yes"}),
        json!({"game": "cego", "seats": people(4), "pace_ms": -5}),
        json!({"game": "cego", "seats": people(4), "pace_ms": "fast"}),
    ] {
        let (status, answer) = server.post("/api/tables", &request);
        assert_eq!(status / 100, 4, "{request}: {answer}");
        said.push((
            request,
            answer["error"].as_str().unwrap_or_default().to_owned(),
        ));
    }
    // An action request of the wrong form.
    let (id, tokens) = server.open(&json!({"game": "cego", "seats": people(4), "pace_ms": 0}));
    let token = tokens[0].clone().unwrap();
    for body in [
        json!({"action": "pass", "version": "x"}),
        json!({"action": "pass", "version": -1}),
        json!({"action": 7}),
        json!({"version": 1}),
        json!([1]),
    ] {
        let (status, answer) =
            server.post_as(&format!("/api/tables/{id}/seats/0/act"), &token, &body);
        assert_eq!(status, 422, "{body}: {answer}");
        said.push((
            body,
            answer["error"].as_str().unwrap_or_default().to_owned(),
        ));
    }
    assert!(said.len() > 100, "{}", said.len());
    for (request, message) in &said {
        assert!(!message.is_empty(), "{request}");
        assert!(!speaks_types(message), "{request}: {message}");
    }
}

#[test]
fn exec_bots_are_seated_only_with_allow_exec_and_are_told_the_deal() {
    let dir = std::env::temp_dir().join(format!("cards-serve-exec-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("bot.py");
    std::fs::write(
        &script,
        r#"
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    m = json.loads(line)
    log.write(m["type"] + "\n")
    log.flush()
    if m["type"] == "decide":
        print(json.dumps({"index": 0}), flush=True)
"#,
    )
    .unwrap();
    let log = dir.join("types.txt");
    let bot = format!(
        "exec:ms=20000 python3 {} {}",
        script.display(),
        log.display()
    );
    let request = json!({
        "game": "grosse-kleine-a",
        "seats": ["person", bot, "random"],
        "single_deal": true,
        "pace_ms": 0
    });
    let server = Server::start(&[]);
    let (status, body) = server.post("/api/tables", &request);
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("--allow-exec"), "{body}");
    drop(server);
    assert!(!log.exists(), "no program was started");

    let server = Server::start(&["--allow-exec"]);
    let (id, tokens) = server.open(&request);
    let token = tokens[0].clone().unwrap();
    let mut steps = 0;
    loop {
        let s = server.state(&id, 0, &token);
        if s["match_over"] == true {
            break;
        }
        if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            let (status, body) = server.act(&id, 0, &token, &pick);
            assert_eq!(status, 200, "{body}");
            steps += 1;
        } else {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert!(steps < 500, "the deal ends");
    }
    // The program played its seat and heard the deal's end and the match's (it writes them
    // on its own time).
    let mut types = String::new();
    for _ in 0..250 {
        types = std::fs::read_to_string(&log).unwrap();
        if types.ends_with("end\n") {
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let types: Vec<&str> = types.lines().collect();
    assert_eq!(types[..2], ["hello", "start"], "{types:?}");
    assert!(types.contains(&"decide"), "{types:?}");
    assert_eq!(types[types.len() - 2..], ["deal_end", "end"], "{types:?}");
    // One deal, one deal_end: a round of this game is a trick, not a deal.
    assert_eq!(
        types.iter().filter(|t| **t == "deal_end").count(),
        1,
        "{types:?}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// What an `exec:` program that passes where it can, seated at seat 0 of a Big A table of
/// bots dealt from `seed`, was told: a line per message (`decide PHASE EVENTS` for a decision).
fn told_exec_bot_at_big_a(server: &Server, dir: &std::path::Path, seed: u64) -> String {
    let script = dir.join("bot.py");
    std::fs::write(
        &script,
        r#"
import json, sys
log = open(sys.argv[1], "w")
for line in sys.stdin:
    m = json.loads(line)
    if m["type"] == "decide":
        log.write("decide %s %d\n" % (m["phase"], len(m["events"])))
        log.flush()
        passes = [a["index"] for a in m["legal"] if a["action"] == "pass"]
        print(json.dumps({"index": (passes + [0])[0]}), flush=True)
    else:
        log.write(m["type"] + "\n")
        log.flush()
"#,
    )
    .unwrap();
    let log = dir.join(format!("told-{seed}.txt"));
    let bot = format!(
        "exec:ms=20000 python3 {} {}",
        script.display(),
        log.display()
    );
    server.open(&json!({
        "game": "big-a",
        "seats": [bot, "random", "random", "random", "random"],
        "seed": seed.to_string(),
        "single_deal": true,
        "pace_ms": 0
    }));
    for _ in 0..1500 {
        let told = std::fs::read_to_string(&log).unwrap_or_default();
        if told.ends_with("end\n") {
            return told;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("seed {seed}: the deal does not end");
}

/// An `exec:` bot deciding inside a run of moves taken at once (Big A's draw, where a drawer
/// able to expose an Ace is asked) hears the moves before each of its decisions: the run tells
/// it as it goes (before, it heard them only after the run, so a second decision inside the
/// run came with no events at all).
#[test]
fn an_exec_bot_hears_a_runs_moves_before_its_next_decision() {
    let dir = std::env::temp_dir().join(format!("cards-serve-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let server = Server::start(&["--allow-exec"]);
    let mut most = 0;
    for seed in 1..=20 {
        let told = told_exec_bot_at_big_a(&server, &dir, seed);
        let draws: Vec<usize> = told
            .lines()
            .filter_map(|l| l.strip_prefix("decide draw "))
            .map(|n| n.parse().unwrap())
            .collect();
        // Other seats draw between two of its draws.
        assert!(draws.iter().all(|&n| n > 0), "seed {seed}: {told}");
        most = most.max(draws.len());
        if most >= 3 {
            break;
        }
    }
    assert!(most >= 3, "some deal asks the bot three times in the draw");
    let _ = std::fs::remove_dir_all(dir);
}

/// Plays seat 0 of a table (a person; the others bots) to the end of its match over the API.
fn play_seat_0_to_the_end(server: &Server, id: &str, token: &str) {
    for _ in 0..20_000 {
        let s = server.state(id, 0, token);
        if s["match_over"] == true {
            return;
        }
        if s["waiting_for_next_deal"] == true {
            let (status, body) =
                server.post_as(&format!("/api/tables/{id}/seats/0/next"), token, &json!({}));
            assert_eq!(status, 200, "{body}");
        } else if s["your_turn"] == true {
            let pick = s["legal"][0].as_str().unwrap().to_owned();
            assert_eq!(server.act(id, 0, token, &pick).0, 200);
        } else {
            std::thread::sleep(Duration::from_millis(5));
        }
    }
    panic!("the match did not end");
}

#[test]
fn finished_matches_of_several_deals_with_bots_are_reviewed_and_downloaded() {
    let server = Server::start(&[]);
    // Bots only, two deals: the bots' runs cross the end of the first deal.
    let (bots, _) = server.open(&json!({
        "game": "cego", "seats": ["random", "random", "random", "random"],
        "seed": "5", "pace_ms": 0, "options": {"deals": "2"}
    }));
    // A person and bots, two deals: the table waited for the person between them.
    let (mixed, tokens) = server.open(&json!({
        "game": "grosse-kleine-a", "seats": ["person", "random", "random"],
        "seed": "6", "pace_ms": 0, "options": {"hands": "2"}
    }));
    play_seat_0_to_the_end(&server, &mixed, tokens[0].as_deref().unwrap());
    for id in [&bots, &mixed] {
        let mut over = false;
        for _ in 0..2000 {
            let (status, w) = server.get(&format!("/api/tables/{id}/watch"));
            assert_eq!(status, 200, "{w}");
            if serde_json::from_str::<Value>(&w).unwrap()["match_over"] == true {
                over = true;
                break;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        assert!(over, "{id}: the match ends");
        let (status, first) = server.get(&format!("/api/review/{id}?step=0"));
        assert_eq!(status, 200, "{id}: {first}");
        let first: Value = serde_json::from_str(&first).unwrap();
        let steps = first["steps"].as_u64().unwrap();
        let (status, last) = server.get(&format!("/api/review/{id}?step={steps}"));
        assert_eq!(status, 200, "{id}: {last}");
        let (status, log) = server.get(&format!("/api/review/{id}/log"));
        assert_eq!(status, 200, "{id}: {log}");
        let parsed: Value = serde_json::from_str(&log).unwrap();
        assert_eq!(parsed["actions"].as_array().unwrap().len() as u64, steps);
        replay_accepts(&log);
    }
}

#[test]
fn hints_are_offered_only_at_a_table_opened_with_them() {
    let server = Server::start(&[]);
    // Cego, seed 8: S1 deals, so S0 (a person) speaks first (G1); S1 is a person too.
    let request = |hints: Option<bool>| {
        let mut r = json!({
            "game": "cego", "seats": ["person", "person", "heuristic", "heuristic"],
            "seed": "8", "pace_ms": 0
        });
        if let Some(h) = hints {
            r["hints"] = json!(h);
        }
        r
    };
    let suggest = |id: &str, seat: usize, token: &str| {
        server.post_as(
            &format!("/api/tables/{id}/seats/{seat}/suggest"),
            token,
            &json!({}),
        )
    };

    // A table opened without hints says so to every seat, and never suggests.
    for hints in [None, Some(false)] {
        let (id, tokens) = server.open(&request(hints));
        for (seat, token) in tokens.iter().take(2).enumerate() {
            let token = token.clone().unwrap();
            assert_eq!(server.state(&id, seat, &token)["hints"], false);
        }
        let t0 = tokens[0].clone().unwrap();
        let (status, body) = suggest(&id, 0, &t0);
        assert_eq!(status, 403, "{body}");
        assert!(body.to_string().contains("without hints"), "{body}");
    }
    let (status, body) = server.post("/api/tables", &json!({"game": "cego", "hints": "yes"}));
    assert_eq!(status, 422, "{body}");

    // With hints: every seat is told from the start.
    let (id, tokens) = server.open(&request(Some(true)));
    let t0 = tokens[0].clone().unwrap();
    let t1 = tokens[1].clone().unwrap();
    let s0 = server.state(&id, 0, &t0);
    assert_eq!(s0["hints"], true);
    assert_eq!(server.state(&id, 1, &t1)["hints"], true);
    assert_eq!(s0["your_turn"], true, "S0 speaks first in seed 8: {s0}");
    // Only the seat's own token, and only for its own decision.
    assert_eq!(suggest(&id, 0, "").0, 403);
    assert_eq!(suggest(&id, 0, &t1).0, 403);
    let (status, body) = suggest(&id, 1, &t1);
    assert_eq!(status, 409, "{body}");
    assert!(body.to_string().contains("not your turn"), "{body}");
    assert_eq!(suggest(&id, 2, &t0).0, 403, "S2 is a bot's seat");

    // (One suggestion at a time per table: `hint::tests`; the expert may answer too fast for
    // a second request to meet the first here.)
    let (status, hint) = suggest(&id, 0, &t0);
    assert_eq!(status, 200, "{hint}");
    // The suggestion is one of the seat's legal actions at the version it answers, by the
    // lobby's expert, and playing it is accepted. Asking changed nothing at the table.
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], s0["version"]);
    assert_eq!(hint["version"], s0["version"]);
    let action = hint["action"].as_str().unwrap();
    let legal: Vec<&str> = s0["legal"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a.as_str().unwrap())
        .collect();
    assert!(legal.contains(&action), "{action} among {legal:?}");
    let (_, games) = server.get("/api/games");
    let games: Value = serde_json::from_str(&games).unwrap();
    let expert = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "cego")
        .and_then(|g| {
            g["levels"]
                .as_array()
                .unwrap()
                .iter()
                .find(|l| l["level"] == "expert")
        })
        .map(|l| l["spec"].as_str().unwrap().to_owned())
        .unwrap();
    assert_eq!(hint["by"].as_str().unwrap(), expert);
    let (status, body) = server.act(&id, 0, &t0, action);
    assert_eq!(status, 200, "{body}");
    // Now S1 speaks: its suggestion is its own.
    let s1 = server.state(&id, 1, &t1);
    if s1["your_turn"] == true {
        let (status, hint) = suggest(&id, 1, &t1);
        assert_eq!(status, 200, "{hint}");
        assert_eq!(hint["version"], s1["version"]);
    }
}
