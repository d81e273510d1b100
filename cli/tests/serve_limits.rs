//! `cards serve` against hostile clients, each on loopback and bounded in requests and time:
//! every door that costs something (re-seating bots, naming seats, event-stream tickets,
//! watching, the lobby, the store, the rate of requests) holds to its limit, says which in
//! words, and changes nothing when it refuses.

// Scenario tests read top to bottom.
#![allow(clippy::too_many_lines)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

/// A `cards serve` process on a free loopback port, stopped when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start(args: &[&str]) -> Server {
        let db: &[&str] = if args.contains(&"--db") {
            &[]
        } else {
            &["--db", ":memory:"]
        };
        // A client's rate limits out of the way, unless the test is about them.
        let unhurried: &[&str] = if args
            .iter()
            .any(|a| a.contains("per-minute") || a.contains("per-second"))
        {
            &[]
        } else {
            &[
                "--max-requests-per-second",
                "1000000",
                "--max-opens-per-minute",
                "1000000",
            ]
        };
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["serve", "--bind", "127.0.0.1:0"])
            .args(db)
            .args(unhurried)
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

    /// A request with a bearer token (none when empty): its status, headers and JSON body.
    fn call(&self, method: &str, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
        let url = format!("{}{path}", self.base);
        let auth = format!("Bearer {token}");
        let result = if method == "GET" {
            let mut r = self.agent.get(&url);
            if !token.is_empty() {
                r = r.header("authorization", &auth);
            }
            r.call()
        } else {
            let mut r = self
                .agent
                .post(&url)
                .header("content-type", "application/json");
            if !token.is_empty() {
                r = r.header("authorization", &auth);
            }
            r.send(body.unwrap_or(&json!({})).to_string().as_bytes())
        };
        let mut r = result.expect("the request is answered");
        let status = r.status().as_u16();
        let text = r.body_mut().read_to_string().unwrap_or_default();
        (status, serde_json::from_str(&text).unwrap_or(Value::Null))
    }

    /// Opens a table: its id, each seat's token (`None` for bots) and the host key.
    fn open(&self, request: &Value) -> (String, Vec<Option<String>>, String) {
        let (status, body) = self.call("POST", "/api/tables", "", Some(request));
        assert_eq!(status, 201, "table opens: {body}");
        let id = body["table"].as_str().unwrap().to_owned();
        let tokens = body["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                s["link"].as_str().map(|l| {
                    let secret = l.split_once('#').unwrap().1;
                    secret.split('.').next().unwrap().to_owned()
                })
            })
            .collect();
        let host = body["host_key"].as_str().unwrap().to_owned();
        (id, tokens, host)
    }

    fn state(&self, id: &str, seat: usize, token: &str) -> Value {
        let (status, s) = self.call(
            "GET",
            &format!("/api/tables/{id}/seats/{seat}/state"),
            token,
            None,
        );
        assert_eq!(status, 200, "{s}");
        s
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Four people at Cego, bots slow to move.
fn four_people() -> Value {
    json!({"game": "cego", "seats": ["person", "person", "person", "person"], "pace_ms": 5000})
}

const BIG_BOT: &str = "pimc:table=20,ms=5000";

#[test]
fn a_bot_seated_by_the_host_is_held_to_the_per_table_memory_budget() {
    // One big bot (its solver table is 64 MB) fits in a table's 128 MB, two do not.
    let server = Server::start(&["--table-memory-mb", "128"]);
    // At opening two such bots are refused for the table's budget...
    let (status, body) = server.call(
        "POST",
        "/api/tables",
        "",
        Some(&json!({"game": "cego", "seats": ["person", BIG_BOT, BIG_BOT, "person"]})),
    );
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("--table-memory-mb")
    );
    // ... and so they are when the host seats them in people's seats: nothing changes.
    let (id, tokens, host) = server.open(&four_people());
    let t0 = tokens[0].clone().unwrap();
    let seat = |seat: usize, bot: &str| {
        server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/seat"),
            &host,
            Some(&json!({ "bot": bot })),
        )
    };
    let (status, first) = seat(1, BIG_BOT);
    assert_eq!(status, 200, "{first}");
    let before = server.state(&id, 0, &t0);
    let (status, refused) = seat(2, BIG_BOT);
    assert_eq!(status, 400, "{refused}");
    assert_eq!(
        refused["error"], body["error"],
        "the same check, in the same words"
    );
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["seats"], before["seats"]);
    // A bot within the budget is seated.
    let (status, seated) = seat(2, "heuristic");
    assert_eq!(status, 200, "{seated}");
}

#[test]
fn bots_seated_by_hosts_are_held_to_the_servers_memory_budget() {
    // 180 MB: 64 for the server, 16 for its 256 connections, 100 for the tables; a big bot
    // takes about 70.
    let flags = [
        "--memory-mb",
        "180",
        "--table-memory-mb",
        "100000",
        "--max-connections",
        "256",
    ];
    // How many big bots one table may open with, by the opening's check (each try on a
    // server of its own: a closed table's memory is free only once its driver has let go).
    let mut refused_at = None;
    for k in 1..=3 {
        let server = Server::start(&flags);
        let mut seats = vec!["person"; 4];
        seats[1..=k].fill(BIG_BOT);
        let (status, body) = server.call(
            "POST",
            "/api/tables",
            "",
            Some(&json!({"game": "cego", "seats": seats, "pace_ms": 5000})),
        );
        if status == 201 {
            continue;
        }
        assert_eq!(status, 503, "{body}");
        assert!(
            body["error"].as_str().unwrap().contains("--memory-mb"),
            "{body}"
        );
        refused_at = Some(k);
        break;
    }
    let k = refused_at.expect("three big bots are over 116 MB");
    assert!(k > 1, "one big bot fits");
    let server = Server::start(&flags);
    // Re-seating people's seats one by one is refused at the same count, in the same words.
    let (id, tokens, host) = server.open(&four_people());
    let t0 = tokens[0].clone().unwrap();
    for seat in 1..k {
        let (status, body) = server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/seat"),
            &host,
            Some(&json!({"bot": BIG_BOT})),
        );
        assert_eq!(status, 200, "{body}");
    }
    let before = server.state(&id, 0, &t0);
    let (status, body) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/{k}/seat"),
        &host,
        Some(&json!({"bot": BIG_BOT})),
    );
    assert_eq!(status, 503, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("--memory-mb"),
        "{body}"
    );
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["seats"], before["seats"]);
    // Seating people back frees the bots' memory: another table may take it.
    for seat in 1..k {
        let (status, body) = server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/seat"),
            &host,
            Some(&json!({"person": true})),
        );
        assert_eq!(status, 200, "{body}");
    }
    let mut seats = vec!["person"; 4];
    seats[1..k].fill(BIG_BOT);
    let (status, body) = server.call(
        "POST",
        "/api/tables",
        "",
        Some(&json!({"game": "cego", "seats": seats, "pace_ms": 5000})),
    );
    assert_eq!(status, 201, "{body}");
}

#[test]
fn a_seat_is_named_a_few_times_a_deal_and_names_are_short() {
    let server = Server::start(&[]);
    let (id, tokens, _) = server.open(&four_people());
    let t0 = tokens[0].clone().unwrap();
    let name = |token: &str, seat: usize, name: &str| {
        server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/name"),
            token,
            Some(&json!({ "name": name })),
        )
    };
    let (status, body) = name(&t0, 0, &"x".repeat(25));
    assert_eq!(status, 400, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("1 to 24"),
        "{body}"
    );
    for n in 0..3 {
        let (status, body) = name(&t0, 0, &format!("Ann {n}"));
        assert_eq!(status, 200, "{body}");
    }
    let before = server.state(&id, 0, &t0);
    let (status, body) = name(&t0, 0, "Ann 4");
    assert_eq!(status, 429, "{body}");
    let e = body["error"].as_str().unwrap();
    assert!(e.contains("named 3 times") && e.contains("deal"), "{e}");
    let after = server.state(&id, 0, &t0);
    assert_eq!(after["version"], before["version"]);
    assert_eq!(after["names"][0], "Ann 2");
    // Another seat is not held to this one's count.
    let t1 = tokens[1].clone().unwrap();
    assert_eq!(name(&t1, 1, "Bob").0, 200);
}

#[test]
fn one_seat_asking_for_many_tickets_leaves_anothers_ticket_good() {
    let server = Server::start(&[]);
    let (id, tokens, _) = server.open(&four_people());
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let ticket = |seat: usize, token: &str| {
        let (status, body) = server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/ticket"),
            token,
            None,
        );
        assert_eq!(status, 200, "{body}");
        body["ticket"].as_str().unwrap().to_owned()
    };
    let theirs = ticket(1, &t1);
    let mine: Vec<String> = (0..40).map(|_| ticket(0, &t0)).collect();
    // The stream's answer is its head: read it and drop the connection.
    let events = |seat: usize, ticket: &str| -> u16 {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(5)))
            .build()
            .into();
        let r = agent
            .get(&format!(
                "{}/api/tables/{id}/seats/{seat}/events?ticket={ticket}",
                server.base
            ))
            .call()
            .unwrap();
        r.status().as_u16()
    };
    assert_eq!(
        events(1, &theirs),
        200,
        "the other seat's ticket is still good"
    );
    // Seat 0 keeps only its latest few: its first is gone, its last is good.
    assert_eq!(events(0, &mine[0]), 403);
    assert_eq!(events(0, &mine[39]), 200);
}

#[test]
fn a_table_watched_but_not_played_goes_idle() {
    // An idle time of 1.2 s (0.02 minutes): the reaper looks every 0.3 s.
    let server = Server::start(&["--idle-minutes", "0.02"]);
    let (id, tokens, _) = server.open(&four_people());
    let t0 = tokens[0].clone().unwrap();
    // A spectator follows the table's events and asks for its state all along.
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(10)))
        .build()
        .into();
    let stream = agent
        .get(&format!("{}/api/tables/{id}/watch/events", server.base))
        .call()
        .unwrap();
    assert_eq!(stream.status().as_u16(), 200);
    let started = std::time::Instant::now();
    let mut gone = None;
    while started.elapsed() < Duration::from_secs(10) {
        let (status, body) = server.call("GET", &format!("/api/tables/{id}/watch"), "", None);
        if status == 404 {
            gone = Some(body);
            break;
        }
        assert_eq!(status, 200, "{body}");
        std::thread::sleep(Duration::from_millis(100));
    }
    let gone = gone.expect("the watched table goes idle");
    assert!(
        gone["error"].as_str().unwrap().contains("without use"),
        "{gone}"
    );
    // Its person's requests would have kept it: that is what the seat's key is for.
    let (status, _) = server.call("GET", &format!("/api/tables/{id}/seats/0/state"), &t0, None);
    assert_eq!(status, 404);
    drop(stream);
}

#[test]
fn a_table_played_by_its_people_stays_while_it_is_used() {
    let server = Server::start(&["--idle-minutes", "0.02"]);
    let (id, tokens, _) = server.open(&four_people());
    let t0 = tokens[0].clone().unwrap();
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_millis(2500) {
        server.state(&id, 0, &t0);
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn the_lobby_lists_only_tables_opened_to_be_listed() {
    let server = Server::start(&[]);
    let (people, _, _) = server.open(&four_people());
    let (asked, _, _) = server.open(&json!({
        "game": "cego", "seats": ["person", "person", "person", "person"], "listed": true
    }));
    let (bots, _, _) = server.open(&json!({
        "game": "cego", "seats": ["random", "random", "random", "random"], "pace_ms": 5000
    }));
    let (hidden_bots, _, _) = server.open(&json!({
        "game": "cego", "seats": ["random", "random", "random", "random"], "pace_ms": 5000,
        "listed": false
    }));
    let (status, lobby) = server.call("GET", "/api/lobby", "", None);
    assert_eq!(status, 200, "{lobby}");
    let text = lobby.to_string();
    assert!(text.contains(&asked) && text.contains(&bots), "{lobby}");
    assert!(
        !text.contains(&people) && !text.contains(&hidden_bots),
        "{lobby}"
    );
    assert_eq!(lobby["playing"].as_array().unwrap().len(), 2);
    // An unlisted table is still watched by whoever has its link.
    let (status, _) = server.call("GET", &format!("/api/tables/{people}/watch"), "", None);
    assert_eq!(status, 200);
    let (status, body) = server.call(
        "POST",
        "/api/tables",
        "",
        Some(&json!({"game": "cego", "seats": ["random", "random", "random", "random"], "listed": "yes"})),
    );
    assert_eq!(status, 422, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("listed: true"),
        "{body}"
    );
    // Finished, the listed match is offered for review, the other is not.
    let quick = |listed: bool| {
        server
            .open(&json!({
                "game": "cego", "seats": ["random", "random", "random", "random"],
                "pace_ms": 0, "single_deal": true, "listed": listed
            }))
            .0
    };
    let (shown, unshown) = (quick(true), quick(false));
    for id in [&shown, &unshown] {
        let started = std::time::Instant::now();
        loop {
            let (_, w) = server.call("GET", &format!("/api/tables/{id}/watch"), "", None);
            if w["match_over"] == true {
                break;
            }
            assert!(started.elapsed() < Duration::from_secs(20), "{id} finishes");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    let (_, lobby) = server.call("GET", "/api/lobby", "", None);
    let finished = lobby["finished"].to_string();
    assert!(finished.contains(&shown), "{lobby}");
    assert!(!finished.contains(&unshown), "{lobby}");
}

#[test]
fn a_client_asking_too_fast_is_told_to_wait_and_changes_nothing() {
    let server = Server::start(&[
        "--max-requests-per-second",
        "5",
        "--max-opens-per-minute",
        "2",
    ]);
    let get = |path: &str| {
        let r = server
            .agent
            .get(&format!("{}{path}", server.base))
            .call()
            .unwrap();
        let retry = r
            .headers()
            .get("retry-after")
            .map(|v| v.to_str().unwrap().to_owned());
        (r.status().as_u16(), retry, r)
    };
    // Tables: two a minute, the third refused; it opens nothing.
    let bots =
        json!({"game": "cego", "seats": ["random", "random", "random", "random"], "pace_ms": 5000});
    server.open(&bots);
    server.open(&bots);
    let r = server
        .agent
        .post(&format!("{}/api/tables", server.base))
        .header("content-type", "application/json")
        .send(bots.to_string().as_bytes())
        .unwrap();
    assert_eq!(r.status().as_u16(), 429);
    let retry: u64 = r.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&retry), "{retry}");
    let text = r.into_body().read_to_string().unwrap();
    assert!(text.contains("--max-opens-per-minute"), "{text}");
    // Requests: 5 a second, 10 at once; the lobby shows the two tables only.
    std::thread::sleep(Duration::from_millis(2100));
    let answers: Vec<_> = (0..20).map(|_| get("/api/lobby")).collect();
    let ok = answers.iter().filter(|a| a.0 == 200).count();
    assert!((10..=12).contains(&ok), "{ok} answered");
    let (status, retry, r) = answers.into_iter().find(|a| a.0 == 429).unwrap();
    assert_eq!(status, 429);
    assert_eq!(retry.as_deref(), Some("1"));
    let text = r.into_body().read_to_string().unwrap();
    assert!(text.contains("--max-requests-per-second"), "{text}");
    std::thread::sleep(Duration::from_millis(1100));
    let (status, _, mut r) = get("/api/lobby");
    assert_eq!(status, 200, "answered again after the wait");
    let lobby: Value = serde_json::from_str(&r.body_mut().read_to_string().unwrap()).unwrap();
    assert_eq!(lobby["playing"].as_array().unwrap().len(), 2);
}

#[test]
fn hypers_own_refusals_carry_the_security_headers_too() {
    use std::io::{Read, Write};
    let server = Server::start(&[]);
    let addr = server.base.trim_start_matches("http://").to_owned();
    let ask = |request: &[u8]| -> String {
        let mut stream = std::net::TcpStream::connect(&addr).unwrap();
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
        // The server may answer and close before it has read all of a long request.
        let _ = stream.write_all(request);
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        String::from_utf8_lossy(&answer).into_owned()
    };
    let long_uri = format!(
        "GET /{} HTTP/1.1\r\nHost: {addr}\r\n\r\n",
        "a".repeat(70_000)
    );
    let many_headers = format!(
        "GET / HTTP/1.1\r\nHost: {addr}\r\n{}\r\n",
        "x-h: v\r\n".repeat(150)
    );
    for (request, status) in [
        (b"GARBAGE\r\n\r\n".to_vec(), "400"),
        // Longer than the read buffer (16 KB): hyper's "head too large" (its 414 needs a
        // URI of 64 KB, which no head this server reads can hold).
        (long_uri.into_bytes(), "431"),
        (many_headers.into_bytes(), "431"),
        (
            format!("GET /nothing HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n")
                .into_bytes(),
            "404",
        ),
    ] {
        let answer = ask(&request);
        let head = answer
            .split("\r\n\r\n")
            .next()
            .unwrap()
            .to_ascii_lowercase();
        assert!(head.starts_with(&format!("http/1.1 {status}")), "{head}");
        for line in [
            "content-security-policy: default-src 'self'; frame-ancestors 'none'",
            "x-content-type-options: nosniff",
            "x-frame-options: deny",
            "referrer-policy: no-referrer",
            "cache-control: no-store",
        ] {
            assert!(head.contains(line), "{status}: {line} missing from {head}");
        }
    }
}

#[test]
fn the_host_revokes_a_leaked_link_with_a_new_one_and_every_seat_is_told() {
    let server = Server::start(&[]);
    let (id, tokens, host) = server.open(&four_people());
    let (t0, t1) = (tokens[0].clone().unwrap(), tokens[1].clone().unwrap());
    let before = server.state(&id, 1, &t1);
    let revoke = || {
        server.call(
            "POST",
            &format!("/api/tables/{id}/seats/1/seat"),
            &host,
            Some(&json!({"person": true, "new_link": true})),
        )
    };
    // S1's player is here: the host may not take the seat (and its hand) without them.
    let (status, body) = revoke();
    assert_eq!(status, 409, "{body}");
    assert!(body["error"].as_str().unwrap().contains("agrees"), "{body}");
    // S1's player agrees (the one holding the link: the leak's victim asks the host).
    let (status, body) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/1/agree"),
        &t1,
        Some(&json!({})),
    );
    assert_eq!(status, 200, "{body}");
    let (status, body) = revoke();
    assert_eq!(status, 200, "{body}");
    let link = body["link"].as_str().unwrap();
    let fresh = link.split_once('#').unwrap().1.to_owned();
    assert_ne!(fresh, t1);
    // The old link opens nothing; the new one opens the same seat, hand and all.
    let (status, _) = server.call("GET", &format!("/api/tables/{id}/seats/1/state"), &t1, None);
    assert_eq!(status, 403, "the leaked link is revoked");
    let after = server.state(&id, 1, &fresh);
    assert_eq!(after["view"], before["view"]);
    // Every seat is told.
    let told = server.state(&id, 0, &t0);
    assert!(
        told.to_string().contains("new link"),
        "the other seats hear of it: {told}"
    );
    // Only the host may do it.
    let (status, _) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/1/seat"),
        &t0,
        Some(&json!({"person": true, "new_link": true})),
    );
    assert_eq!(status, 403);
    // Without new_link a person's seat is seated so already.
    let (status, _) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/1/seat"),
        &host,
        Some(&json!({"person": true})),
    );
    assert_eq!(status, 409);
}

#[test]
fn a_persons_seat_changes_hands_only_when_its_player_is_away_or_agrees() {
    let server = Server::start(&["--away-seconds", "1"]);
    let (id, tokens, host) = server.open(&four_people());
    let (t0, t1, t2) = (
        tokens[0].clone().unwrap(),
        tokens[1].clone().unwrap(),
        tokens[2].clone().unwrap(),
    );
    let bot_in = |seat: usize| {
        server.call(
            "POST",
            &format!("/api/tables/{id}/seats/{seat}/seat"),
            &host,
            Some(&json!({"bot": "random"})),
        )
    };
    // S3's link was never used: the host may seat a bot there (a seat nobody took).
    let (status, body) = bot_in(3);
    assert_eq!(status, 200, "{body}");
    // S1's player looked just now: refused, in words, and nothing changes.
    let before = server.state(&id, 1, &t1);
    let (status, body) = bot_in(1);
    assert_eq!(status, 409, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("away for 1 second") && error.contains("agree"),
        "{error}"
    );
    let after = server.state(&id, 1, &t1);
    assert_eq!(after["seats"], before["seats"]);
    assert_eq!(after["version"], before["version"]);
    // S2 follows the table (an event stream open): here, however long it has not asked.
    let (status, ticket) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/2/ticket"),
        &t2,
        Some(&json!({})),
    );
    assert_eq!(status, 200, "{ticket}");
    let ticket = ticket["ticket"].as_str().unwrap();
    let addr = server.base.trim_start_matches("http://").to_owned();
    let mut stream = TcpStream::connect(&addr).unwrap();
    write!(
        stream,
        "GET /api/tables/{id}/seats/2/events?ticket={ticket} HTTP/1.1\r\nHost: {addr}\r\n\r\n"
    )
    .unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(5)))
        .unwrap();
    let mut head = [0u8; 64];
    let n = stream.read(&mut head).unwrap();
    assert!(head[..n].starts_with(b"HTTP/1.1 200"));
    std::thread::sleep(Duration::from_millis(1300));
    let (status, body) = bot_in(2);
    assert_eq!(status, 409, "a page open is a player here: {body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("has the table open"),
        "{body}"
    );
    // S1 has now been away past the time: the seat may change hands, and every seat is told.
    let (status, body) = bot_in(1);
    assert_eq!(status, 200, "{body}");
    let told = server.state(&id, 0, &t0);
    assert!(
        told["narration"]
            .to_string()
            .contains("The host seats a bot (random) in S1."),
        "{told}"
    );
    // S2's page closes: away once the time has passed.
    drop(stream);
    std::thread::sleep(Duration::from_millis(1300));
    let (status, body) = bot_in(2);
    assert_eq!(status, 200, "{body}");
    // Agreement works without waiting, and only with the seat's own link.
    let (status, _) = server.call(
        "POST",
        &format!("/api/tables/{id}/seats/0/agree"),
        &t1,
        Some(&json!({})),
    );
    assert_eq!(status, 403, "another seat's link cannot agree for S0");
}

#[test]
fn bots_think_on_a_bounded_pool_and_the_rest_wait_their_turn() {
    // One decision at a time over four tables of search bots: never two at once, others queued,
    // and every table still moves.
    let server = Server::start(&["--bot-threads", "1"]);
    let bots = json!({"game": "einer-ist-immer",
        "seats": ["ismcts:ms=40", "ismcts:ms=40", "ismcts:ms=40", "ismcts:ms=40"],
        "pace_ms": 0});
    let ids: Vec<String> = (0..4).map(|_| server.open(&bots).0).collect();
    let (mut most_thinking, mut most_waiting) = (0, 0);
    for _ in 0..60 {
        let (status, s) = server.call("GET", "/api/status", "", None);
        assert_eq!(status, 200, "{s}");
        assert_eq!(s["bot_threads"], 1);
        most_thinking = most_thinking.max(s["bots_thinking"].as_u64().unwrap());
        most_waiting = most_waiting.max(s["bots_waiting"].as_u64().unwrap());
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(most_thinking, 1, "one decision at a time");
    assert!(most_waiting >= 1, "the other tables wait their turn");
    for id in &ids {
        let (status, w) = server.call("GET", &format!("/api/tables/{id}/watch"), "", None);
        assert_eq!(status, 200);
        assert!(w["version"].as_u64().unwrap() > 0, "table {id} moved: {w}");
    }
}
