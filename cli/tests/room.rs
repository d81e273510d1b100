//! A room of three `cards serve` processes on one Postgres database (issue 46 items 3 and 4):
//! people and bots play many tables through all three servers (a request for a table another
//! server drives is forwarded to it); one server is killed (SIGKILL) and every table it drove
//! carries on from another within 10 s; another is paused (SIGSTOP) past its lease, its tables
//! are taken over, and once resumed (SIGCONT) its writes are refused; every acknowledged action
//! is stored exactly once, every table replays with the engine to what its seats are shown
//! through any server, and its commitment is the one it was dealt under.
//!
//! It needs Debian's `postgresql` (`initdb`, `pg_ctl`; `.ci/run` installs it): without it the
//! test says it was skipped (unless `CARDS_REQUIRE_POSTGRES` is set, as CI does).

// A scenario test reads top to bottom: long functions are allowed here.
#![allow(clippy::too_many_lines)]

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cards_core::Catalog;
use cards_core::Seat;
use serde_json::{Value, json};

/// A temporary folder, removed when dropped.
struct Folder(std::path::PathBuf);

impl Folder {
    fn new(name: &str) -> Folder {
        let path = std::env::temp_dir().join(format!(
            "cards-room-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        ));
        let _ = std::fs::remove_dir_all(&path);
        std::fs::create_dir_all(&path).unwrap();
        Folder(path)
    }
}

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A free loopback port.
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A Postgres server of its own in a temporary folder (as in `serve_store.rs`): Debian's
/// `initdb` and `pg_ctl`, run as the `postgres` user when the test runs as root; stopped and
/// removed when dropped.
struct Postgres {
    folder: Folder,
    bin: std::path::PathBuf,
    url: String,
}

impl Postgres {
    fn start() -> Option<Postgres> {
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .ok()
            .and_then(|dirs| {
                let mut found: Vec<std::path::PathBuf> = dirs
                    .flatten()
                    .map(|d| d.path().join("bin"))
                    .filter(|b| b.join("initdb").exists())
                    .collect();
                found.sort();
                found.pop()
            });
        let Some(bin) = bin else {
            assert!(
                std::env::var_os("CARDS_REQUIRE_POSTGRES").is_none(),
                "CARDS_REQUIRE_POSTGRES is set but Postgres is not installed \
                 (apt-get install postgresql)"
            );
            eprintln!("skipped: Postgres is not installed (no initdb under /usr/lib/postgresql)");
            return None;
        };
        let folder = Folder::new("postgres");
        let data = folder.0.join("data");
        if Self::root() {
            let status = Command::new("chown")
                .args(["-R", "postgres:postgres"])
                .arg(&folder.0)
                .status()
                .unwrap();
            assert!(status.success(), "chown to postgres");
        }
        let port = free_port();
        let pg = Postgres {
            bin,
            url: format!("postgres://cards@127.0.0.1:{port}/postgres"),
            folder,
        };
        pg.run(
            "initdb",
            &[
                "-D",
                data.to_str().unwrap(),
                "-U",
                "cards",
                "--auth=trust",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        let options = format!(
            "-p {port} -k {} -c listen_addresses=127.0.0.1 -c max_connections=200",
            pg.folder.0.display()
        );
        let log = pg.folder.0.join("log");
        pg.run(
            "pg_ctl",
            &[
                "-D",
                data.to_str().unwrap(),
                "-l",
                log.to_str().unwrap(),
                "-o",
                &options,
                "-w",
                "start",
            ],
        );
        Some(pg)
    }

    fn root() -> bool {
        Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
    }

    fn run(&self, program: &str, args: &[&str]) {
        let path = self.bin.join(program);
        let output = if Self::root() {
            Command::new("runuser")
                .args(["-u", "postgres", "--"])
                .arg(&path)
                .args(args)
                .output()
        } else {
            Command::new(&path).args(args).output()
        }
        .unwrap_or_else(|e| panic!("{program} runs: {e}"));
        assert!(
            output.status.success(),
            "{program} {args:?}: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        );
    }

    fn client(&self) -> postgres::Client {
        postgres::Client::connect(&self.url, postgres::NoTls).unwrap()
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        // A failed test shows what the database said at its end (a connection it cut off,
        // a lock it waited on), since its folder goes with it.
        if std::thread::panicking()
            && let Ok(log) = std::fs::read_to_string(self.folder.0.join("log"))
        {
            let lines: Vec<&str> = log.lines().collect();
            eprintln!("--- the end of Postgres's log ---");
            for line in &lines[lines.len().saturating_sub(40)..] {
                eprintln!("{line}");
            }
        }
        let data = self.folder.0.join("data");
        let _ = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            self.run(
                "pg_ctl",
                &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"],
            );
        }));
    }
}

/// One server of the room, killed (SIGKILL) when dropped.
struct Node {
    child: Child,
    base: String,
    addr: String,
}

impl Node {
    fn start(url: &str) -> Node {
        Node::start_with(url, 1000, 1_000_000)
    }

    /// A server of the room that lets one client have `tables` tables playing and open
    /// `opens` a minute (every other limit out of the way).
    fn start_with(url: &str, tables: usize, opens: u32) -> Node {
        let addr = format!("127.0.0.1:{}", free_port());
        let (tables, opens) = (tables.to_string(), opens.to_string());
        let mut child = Command::new(env!("CARGO_BIN_EXE_cards"))
            .args(["serve", "--bind", &addr, "--advertise", &addr, "--db", url])
            .args([
                "--max-requests-per-second",
                "1000000",
                "--max-opens-per-minute",
                &opens,
                "--max-tables-per-client",
                &tables,
                "--max-connections-per-client",
                "100000",
                "--max-streams-per-client",
                "100000",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("cards serve starts");
        let stdout = child.stdout.take().expect("stdout is piped");
        let mut line = String::new();
        BufReader::new(stdout)
            .read_line(&mut line)
            .expect("cards serve prints its address");
        assert!(line.contains(&addr), "{line}");
        Node {
            child,
            base: format!("http://{addr}"),
            addr,
        }
    }

    fn signal(&self, name: &str) {
        let status = Command::new("kill")
            .args([&format!("-{name}"), &self.child.id().to_string()])
            .status()
            .unwrap();
        assert!(status.success(), "kill -{name}");
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        let _ = Command::new("kill")
            .args(["-CONT", &self.child.id().to_string()])
            .stderr(Stdio::null())
            .status();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A client that gives up on an answer after 4 s (a page's request to a server that stopped
/// answering is tried again elsewhere; a request given up is not acknowledged).
fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(Duration::from_secs(4)))
        .build()
        .into()
}

/// A request's status and JSON answer; `None` when the server does not answer.
fn call(
    base: &str,
    method: &str,
    path: &str,
    token: &str,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    let agent = agent();
    let url = format!("{base}{path}");
    let auth = format!("Bearer {token}");
    let result = if method == "GET" {
        let mut r = agent.get(&url);
        if !token.is_empty() {
            r = r.header("authorization", &auth);
        }
        r.call()
    } else {
        let mut r = agent.post(&url).header("content-type", "application/json");
        if !token.is_empty() {
            r = r.header("authorization", &auth);
        }
        r.send(body.unwrap_or(&json!({})).to_string().as_bytes())
    };
    let mut r = result.ok()?;
    let status = r.status().as_u16();
    let text = r.body_mut().read_to_string().ok()?;
    Some((status, serde_json::from_str(&text).unwrap_or(Value::Null)))
}

fn get(base: &str, path: &str, token: &str) -> Option<Value> {
    match call(base, "GET", path, token, None) {
        Some((200, v)) => Some(v),
        _ => None,
    }
}

/// Opens a table through `base`; its id and every seat's token (`None` for bots).
fn open(base: &str, request: &Value) -> (String, Vec<Option<String>>) {
    let (status, body) = call(base, "POST", "/api/tables", "", Some(request)).unwrap();
    assert_eq!(status, 201, "{body}");
    let id = body["table"].as_str().unwrap().to_owned();
    let tokens = body["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            s["link"]
                .as_str()
                .map(|l| l.split_once('#').unwrap().1.to_owned())
        })
        .collect();
    (id, tokens)
}

/// An action a server acknowledged: the seat, the action, and the table's version after it.
#[derive(Clone, Debug, PartialEq)]
struct Ack {
    seat: u8,
    action: String,
    version: u64,
}

/// The servers the clients use, in turn: each request goes to the next.
struct Bases {
    list: Mutex<Vec<String>>,
    next: std::sync::atomic::AtomicUsize,
}

impl Bases {
    fn pick(&self) -> String {
        let list = self.list.lock().unwrap();
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        list[n % list.len()].clone()
    }
}

/// Plays every person seat of a table until `stop`, each request through the next server;
/// returns the actions acknowledged, in order.
fn client(bases: &Bases, id: &str, tokens: &[String], stop: &AtomicBool) -> Vec<Ack> {
    let mut acks = Vec::new();
    let mut step = 0usize;
    while !stop.load(Ordering::SeqCst) {
        let b = bases.pick();
        let Some(s) = get(&b, &format!("/api/tables/{id}/seats/0/state"), &tokens[0]) else {
            std::thread::sleep(Duration::from_millis(50));
            continue;
        };
        if s["match_over"] == true {
            break;
        }
        if s["waiting_for_next_deal"] == true {
            for w in s["next_deal_waits_for"].as_array().unwrap() {
                let w = usize::try_from(w.as_u64().unwrap()).unwrap();
                let _ = call(
                    &bases.pick(),
                    "POST",
                    &format!("/api/tables/{id}/seats/{w}/next"),
                    &tokens[w],
                    None,
                );
            }
            continue;
        }
        let Some(mover) = s["to_move"].as_u64().map(|m| usize::try_from(m).unwrap()) else {
            continue;
        };
        let b = bases.pick();
        let Some(ms) = get(
            &b,
            &format!("/api/tables/{id}/seats/{mover}/state"),
            &tokens[mover],
        ) else {
            continue;
        };
        let legal = ms["legal"].as_array().cloned().unwrap_or_default();
        if ms["your_turn"] != true || legal.is_empty() {
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        step += 1;
        let pick = if step % 3 == 0 { step % legal.len() } else { 0 };
        let action = legal[pick].as_str().unwrap().to_owned();
        let body = json!({"action": action, "version": ms["version"]});
        if let Some((200, answer)) = call(
            &bases.pick(),
            "POST",
            &format!("/api/tables/{id}/seats/{mover}/act"),
            &tokens[mover],
            Some(&body),
        ) {
            acks.push(Ack {
                seat: u8::try_from(mover).unwrap(),
                action,
                version: answer["version"].as_u64().unwrap(),
            });
        }
        // A person's pace: the bots' tables and the servers' sweeps get the cores too.
        std::thread::sleep(Duration::from_millis(20));
    }
    acks
}

/// A table's entries read straight from Postgres, checked to follow one another.
fn stored(db: &mut postgres::Client, id: &str) -> (Value, Vec<Value>) {
    let record: String = db
        .query_one("SELECT record FROM tables WHERE id = $1", &[&id])
        .unwrap()
        .get(0);
    let rows = db
        .query(
            "SELECT seq, body FROM entries WHERE table_id = $1 ORDER BY seq",
            &[&id],
        )
        .unwrap();
    let mut entries = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let seq: i64 = row.get(0);
        assert_eq!(
            seq,
            i64::try_from(i).unwrap(),
            "{id}: entries follow one another"
        );
        let body: String = row.get(1);
        entries.push(serde_json::from_str(&body).unwrap());
    }
    (serde_json::from_str(&record).unwrap(), entries)
}

/// Replays a stored table with the engine: every acknowledged action is stored exactly once,
/// at its version, and every seat is shown (through `bases`, any server) the replayed state.
/// The version a table's stored changes bring it to (one an action, one a `next`).
fn stored_version(entries: &[Value]) -> u64 {
    entries
        .iter()
        .map(|entry| match entry["t"].as_str() {
            Some("run") => entry["actions"].as_array().map_or(0, |a| a.len() as u64),
            _ => 1,
        })
        .sum()
}

fn check_table<G: Catalog>(
    (record, entries): &(Value, Vec<Value>),
    id: &str,
    acks: &[Ack],
    shown: &[Value],
) {
    let config: G::Config = serde_json::from_value(record["config"].clone()).unwrap();
    let seed: cards_core::Seed = serde_json::from_value(record["seed"].clone()).unwrap();
    let mut state = <G::State as cards_core::GameState>::new_seeded(&config, seed).unwrap();
    let mut version = 0u64;
    let mut acts = Vec::new();
    let apply = |state: &mut G::State, text: &str| {
        let action = G::parse_action(state, text).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
        G::apply(state, &action).unwrap_or_else(|e| panic!("{id}: {text}: {e}"));
    };
    for entry in entries {
        match entry["t"].as_str().unwrap() {
            "act" => {
                let text = entry["action"].as_str().unwrap();
                apply(&mut state, text);
                version += 1;
                acts.push(Ack {
                    seat: u8::try_from(entry["seat"].as_u64().unwrap()).unwrap(),
                    action: text.to_owned(),
                    version,
                });
            }
            "run" => {
                for a in entry["actions"].as_array().unwrap() {
                    apply(&mut state, a.as_str().unwrap());
                    version += 1;
                }
            }
            "next" => version += 1,
            other => panic!("{id}: unexpected entry {other}"),
        }
    }
    for ack in acks {
        let times = acts.iter().filter(|a| *a == ack).count();
        assert_eq!(times, 1, "{id}: acknowledged {ack:?} is stored once");
    }
    for (seat, s) in shown.iter().enumerate() {
        assert_eq!(
            s["version"], version,
            "{id}: the version shown is the stored one"
        );
        assert_eq!(
            s["view_text"].as_str().unwrap(),
            G::view(&state, Seat(u8::try_from(seat).unwrap())).to_string(),
            "{id}: S{seat} is shown the replayed state"
        );
    }
}

/// Which server (by advertised address) holds each live lease.
fn drivers(db: &mut postgres::Client) -> HashMap<String, String> {
    db.query(
        "SELECT l.table_id, s.addr FROM leases l JOIN servers s ON s.id = l.server_id \
         WHERE l.expires > clock_timestamp()",
        &[],
    )
    .unwrap()
    .iter()
    .map(|r| (r.get(0), r.get(1)))
    .collect()
}

/// The watch state of a table, through any of `bases`.
fn watch(bases: &[&str], id: &str) -> Option<Value> {
    bases
        .iter()
        .find_map(|b| get(b, &format!("/api/tables/{id}/watch"), ""))
}

/// Waits until every table of `ids` that is still playing has moved past its version in
/// `before`, as seen through `live`; returns the longest wait. Panics past `most`.
fn carry_on(live: &[&str], before: &HashMap<String, u64>, most: Duration) -> Duration {
    let start = Instant::now();
    let mut waiting: Vec<&String> = before.keys().collect();
    let mut longest = Duration::ZERO;
    while !waiting.is_empty() {
        if start.elapsed() > most + Duration::from_secs(5) {
            for id in &waiting {
                for base in live {
                    eprintln!(
                        "{id} at {base}: {:?}",
                        call(base, "GET", &format!("/api/tables/{id}/watch"), "", None)
                            .map(|(s, v)| (s, v["version"].clone(), v["error"].clone()))
                    );
                }
            }
            panic!("tables {waiting:?} did not carry on within {most:?}");
        }
        waiting.retain(|id| {
            let moved = watch(live, id).is_some_and(|w| {
                w["match_over"] == true || w["version"].as_u64().unwrap() > before[*id]
            });
            if moved {
                longest = longest.max(start.elapsed());
            }
            !moved
        });
        std::thread::sleep(Duration::from_millis(100));
    }
    longest
}

fn status(base: &str) -> Value {
    get(base, "/api/status", "").expect("the server answers its status")
}

#[test]
fn a_room_of_three_servers_loses_nothing_when_one_is_killed_or_paused() {
    let began = Instant::now();
    let Some(pg) = Postgres::start() else {
        return;
    };
    let mut db = pg.client();
    let nodes: Vec<Node> = (0..3).map(|_| Node::start(&pg.url)).collect();
    let all: Vec<&str> = nodes.iter().map(|n| n.base.as_str()).collect();
    // Tables of people and tables of bots, opened through every server in turn.
    let mut people = Vec::new();
    let mut bots = Vec::new();
    for i in 0..9 {
        let base = &nodes[i % 3].base;
        let (id, tokens) = open(
            base,
            &json!({"game": "einer-ist-immer", "seats": ["person", "person", "person", "person"],
                    "pace_ms": 0}),
        );
        people.push((
            id,
            tokens.into_iter().map(Option::unwrap).collect::<Vec<_>>(),
        ));
        let (id, _) = open(
            base,
            &json!({"game": "einer-ist-immer", "seats": ["random", "random", "random", "random"],
                    "pace_ms": 250}),
        );
        bots.push(id);
    }
    let every: Vec<String> = people
        .iter()
        .map(|(id, _)| id.clone())
        .chain(bots.iter().cloned())
        .collect();
    // The commitment each table was dealt under, read through a server that does not drive it.
    let commitments: HashMap<String, Value> = every
        .iter()
        .map(|id| {
            let w = watch(&all, id).expect("every table is watched through the room");
            assert!(w["dealing"]["commitment"].is_string(), "{w}");
            (id.clone(), w["dealing"]["commitment"].clone())
        })
        .collect();
    let bases = Arc::new(Bases {
        list: Mutex::new(nodes.iter().map(|n| n.base.clone()).collect()),
        next: std::sync::atomic::AtomicUsize::new(0),
    });
    let stop = Arc::new(AtomicBool::new(false));
    let clients: Vec<_> = people
        .iter()
        .cloned()
        .map(|(id, tokens)| {
            let (bases, stop) = (Arc::clone(&bases), Arc::clone(&stop));
            std::thread::spawn(move || client(&bases, &id, &tokens, &stop))
        })
        .collect();
    std::thread::sleep(Duration::from_secs(3));

    // SIGKILL the server that drives the most tables.
    let driven = drivers(&mut db);
    let victim = (0..3)
        .max_by_key(|&i| driven.values().filter(|a| **a == nodes[i].addr).count())
        .unwrap();
    let mine: Vec<String> = driven
        .iter()
        .filter(|(_, a)| **a == nodes[victim].addr)
        .map(|(id, _)| id.clone())
        .collect();
    assert!(!mine.is_empty(), "the victim drives tables: {driven:?}");
    let live: Vec<String> = (0..3)
        .filter(|&i| i != victim)
        .map(|i| nodes[i].base.clone())
        .collect();
    let live: Vec<&str> = live.iter().map(String::as_str).collect();
    let before: HashMap<String, u64> = mine
        .iter()
        .filter_map(|id| {
            let w = watch(&[&nodes[victim].base], id)?;
            (w["match_over"] != true).then(|| (id.clone(), w["version"].as_u64().unwrap()))
        })
        .collect();
    let mut nodes = nodes;
    let mut killed = nodes.remove(victim);
    let _ = killed.child.kill();
    let _ = killed.child.wait();
    bases.list.lock().unwrap().retain(|b| *b != killed.base);
    let took = carry_on(&live, &before, Duration::from_secs(10));
    println!(
        "killed {}: its {} tables playing carried on from the others within {:.1} s",
        killed.addr,
        before.len(),
        took.as_secs_f64()
    );
    assert!(took <= Duration::from_secs(10), "takeover took {took:?}");
    drop(killed);

    // SIGSTOP a server that drives a table of bots, past its lease; the third takes its tables.
    let driven = drivers(&mut db);
    let paused = (0..2)
        .find(|&i| bots.iter().any(|id| driven.get(id) == Some(&nodes[i].addr)))
        .unwrap_or(0);
    let other = 1 - paused;
    let refused_before = status(&nodes[paused].base)["room"]["refused_writes"]
        .as_u64()
        .unwrap();
    let theirs: HashMap<String, u64> = driven
        .iter()
        .filter(|(_, a)| **a == nodes[paused].addr)
        .filter_map(|(id, _)| {
            let w = watch(&[&nodes[other].base], id)?;
            (w["match_over"] != true).then(|| (id.clone(), w["version"].as_u64().unwrap()))
        })
        .collect();
    nodes[paused].signal("STOP");
    bases
        .list
        .lock()
        .unwrap()
        .retain(|b| *b != nodes[paused].base);
    let took = carry_on(&[&nodes[other].base], &theirs, Duration::from_secs(10));
    println!(
        "paused {}: its {} tables playing carried on from the other within {:.1} s",
        nodes[paused].addr,
        theirs.len(),
        took.as_secs_f64()
    );
    assert!(took <= Duration::from_secs(10), "takeover took {took:?}");
    // Resumed, the stale server finds its leases gone: whatever it was about to write is
    // refused by the database, and it lets the tables go.
    nodes[paused].signal("CONT");
    // Which comes first after SIGCONT is a race: its drivers' next writes (refused by the
    // database: counted in `refused_writes`) or its renewal finding the leases gone (the
    // tables let go before they write). Either way it writes nothing; the replays below show
    // no change doubled or lost, and `a_server_whose_lease_was_taken_writes_nothing` shows the
    // database's refusal itself.
    let room = eventually_status(&nodes[paused].base, |s| {
        s["room"]["leases"].as_u64() == Some(0)
    });
    let refused = room["room"]["refused_writes"].as_u64().unwrap() - refused_before;
    println!(
        "resumed {}: {refused} of its writes refused, {} leases held",
        nodes[paused].addr, room["room"]["leases"]
    );
    // It serves again: the clients use both servers left.
    bases.list.lock().unwrap().push(nodes[paused].base.clone());
    std::thread::sleep(Duration::from_secs(2));
    stop.store(true, Ordering::SeqCst);
    let acks: Vec<Vec<Ack>> = clients.into_iter().map(|c| c.join().unwrap()).collect();
    let total: usize = acks.iter().map(Vec::len).sum();
    println!("{total} actions acknowledged by the people");
    assert!(total >= 50, "the people played: {total}");
    let status_other = status(&nodes[other].base);
    println!("the server left: {}", status_other["room"]);

    // Every table: the stored changes replay to what each seat is shown through both servers
    // left (the links work through any server), and the deal is the one committed to.
    let left: Vec<&str> = nodes.iter().map(|n| n.base.as_str()).collect();
    for ((id, tokens), acks) in people.iter().zip(&acks) {
        for base in &left {
            let shown = || -> Vec<Value> {
                (0..4)
                    .map(|seat| {
                        get(
                            base,
                            &format!("/api/tables/{id}/seats/{seat}/state"),
                            &tokens[seat],
                        )
                        .unwrap_or_else(|| panic!("{id}: S{seat}'s link works through {base}"))
                    })
                    .collect()
            };
            // The moves nobody chooses are taken after a person's, by the table itself, and a
            // move whose client gave up waiting (its server paused, its forwarding waiting on
            // a takeover) may still be made after the clients stopped: the table is compared
            // once it stands still, the seats shown the same before and after a read of the
            // store, at the version the store holds.
            let mut tries = 0;
            let (seen, held) = loop {
                let seen = shown();
                let held = stored(&mut db, id);
                tries += 1;
                let still =
                    shown() == seen && seen.iter().all(|s| s["version"] == stored_version(&held.1));
                if still || tries > 150 {
                    break (seen, held);
                }
                std::thread::sleep(Duration::from_millis(100));
            };
            println!(
                "{id} through {base}: version {} after {tries} looks",
                seen[0]["version"]
            );
            if tries > 150 {
                // Never still at the stored version: what each server says of the table.
                let driver = drivers(&mut db).get(id).cloned();
                let tail: Vec<&Value> = held.1.iter().rev().take(3).collect();
                println!(
                    "{id}: driven by {driver:?}; stored version {}, last entries {tail:?}",
                    stored_version(&held.1)
                );
                for b in &left {
                    let w = get(b, &format!("/api/tables/{id}/watch"), "");
                    println!(
                        "{id} watched through {b}: {:?}",
                        w.map(|w| (w["version"].clone(), w["match_over"].clone()))
                    );
                }
            }
            check_table::<game_einer_ist_immer::EinerIstImmer>(&held, id, acks, &seen);
        }
    }
    for id in &every {
        let w = watch(&left, id).expect("every table is watched through the room");
        assert_eq!(
            w["dealing"]["commitment"], commitments[id],
            "{id}: the same deal"
        );
    }
    let seconds = began.elapsed().as_secs_f64();
    println!("the room test took {seconds:.1} s");
}

/// The fence itself: a server of a room drives a table of people; the test moves the table's
/// lease to another server in the database (as a takeover does: the token one higher) and at
/// once sends a move to the server, which still has the table in memory. The database refuses
/// its write: nothing is stored, the move is not acknowledged, the refusal is counted, and the
/// server lets the table go. Its renewal (every second) may find the lease gone before the
/// move arrives (then the table is let go without a write): tried up to 5 times until the
/// write itself is refused.
#[test]
fn a_server_whose_lease_was_taken_writes_nothing() {
    let Some(pg) = Postgres::start() else {
        return;
    };
    let mut db = pg.client();
    let node = Node::start(&pg.url);
    db.execute(
        "INSERT INTO servers (id, addr, heartbeat) VALUES ('elsewhere', '127.0.0.1:9', \
         clock_timestamp())",
        &[],
    )
    .unwrap();
    let count = |db: &mut postgres::Client, id: &str| -> i64 {
        db.query_one("SELECT count(*) FROM entries WHERE table_id = $1", &[&id])
            .unwrap()
            .get(0)
    };
    let mut tries = Vec::new();
    for attempt in 1..=5 {
        let (id, tokens) = open(
            &node.base,
            &json!({"game": "einer-ist-immer", "seats": ["person", "person", "person", "person"],
                    "pace_ms": 0}),
        );
        let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
        let s = get(
            &node.base,
            &format!("/api/tables/{id}/seats/0/state"),
            &tokens[0],
        )
        .unwrap();
        let mover = usize::try_from(s["to_move"].as_u64().unwrap()).unwrap();
        let ms = get(
            &node.base,
            &format!("/api/tables/{id}/seats/{mover}/state"),
            &tokens[mover],
        )
        .unwrap();
        let action = ms["legal"][0].as_str().unwrap().to_owned();
        let body = json!({"action": action, "version": ms["version"]});
        let stored_before = count(&mut db, &id);
        let refused_before = status(&node.base)["room"]["refused_writes"]
            .as_u64()
            .unwrap();
        db.execute(
            "UPDATE leases SET server_id = 'elsewhere', token = token + 1, \
             expires = clock_timestamp() + interval '1 hour' WHERE table_id = $1",
            &[&id],
        )
        .unwrap();
        let answer = call(
            &node.base,
            "POST",
            &format!("/api/tables/{id}/seats/{mover}/act"),
            &tokens[mover],
            Some(&body),
        );
        assert_ne!(
            answer.as_ref().map(|a| a.0),
            Some(200),
            "attempt {attempt}: a move acknowledged by a server without the lease: {answer:?}"
        );
        assert_eq!(
            count(&mut db, &id),
            stored_before,
            "attempt {attempt}: a server without the lease stored a change"
        );
        let refused = status(&node.base)["room"]["refused_writes"]
            .as_u64()
            .unwrap()
            - refused_before;
        tries.push((answer.map(|a| a.0), refused));
        if refused >= 1 {
            let left = eventually_status(&node.base, |s| s["room"]["leases"].as_u64() == Some(0));
            println!(
                "the write refused at attempt {attempt} ({tries:?}: answer, writes refused); \
                 leases held after: {}",
                left["room"]["leases"]
            );
            return;
        }
    }
    panic!("no write reached the database's check in 5 attempts: {tries:?}");
}

/// Polls a server's status every 50 ms until `f` holds, for up to 20 s.
fn eventually_status(base: &str, f: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    let mut last = None;
    loop {
        if let Some(s) = get(base, "/api/status", "") {
            if f(&s) {
                return s;
            }
            last = Some(s);
        }
        assert!(
            Instant::now() < deadline,
            "the resumed server answers as it should within 20 s; its last status: {}",
            last.as_ref()
                .map_or("none".to_owned(), |s| s["room"].to_string())
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// An event stream read on a thread of its own: its answer's head, and every version its
/// `update` events carried, in order.
struct Heard {
    head: Arc<Mutex<String>>,
    versions: Arc<Mutex<Vec<u64>>>,
}

impl Heard {
    /// Opens `path` at `base` (a server's event stream) and listens to it.
    fn listen(base: &str, path: &str) -> Heard {
        let addr = base.trim_start_matches("http://").to_owned();
        let mut tcp = std::net::TcpStream::connect(&addr).unwrap();
        tcp.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        write!(tcp, "GET {path} HTTP/1.1\r\nHost: {addr}\r\n\r\n").unwrap();
        let heard = Heard {
            head: Arc::default(),
            versions: Arc::default(),
        };
        let (head, versions) = (Arc::clone(&heard.head), Arc::clone(&heard.versions));
        std::thread::spawn(move || {
            let mut in_head = true;
            for line in BufReader::new(tcp).lines() {
                let Ok(line) = line else { return };
                if in_head {
                    if line.trim().is_empty() {
                        in_head = false;
                    } else {
                        head.lock().unwrap().push_str(&(line + "\n"));
                    }
                    continue;
                }
                if let Some(v) = line.strip_prefix("data: ")
                    && let Ok(v) = v.trim().parse::<u64>()
                {
                    versions.lock().unwrap().push(v);
                }
            }
        });
        heard
    }

    /// Waits (up to `most`) until the stream has carried version `v` or later; the versions
    /// heard.
    fn until(&self, v: u64, most: Duration, what: &str) -> Vec<u64> {
        let start = Instant::now();
        loop {
            let heard = self.versions.lock().unwrap().clone();
            if heard.last().is_some_and(|l| *l >= v) {
                return heard;
            }
            assert!(
                start.elapsed() < most,
                "{what}: version {v} not heard within {most:?} (heard {heard:?}, head {:?})",
                self.head.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Opens a table through `base`: the status and the whole answer.
fn try_open(base: &str, request: &Value) -> (u16, Value) {
    call(base, "POST", "/api/tables", "", Some(request)).expect("the server answers")
}

/// The ids of the tables a lobby lists playing, and of the matches it lists finished.
fn lobby(base: &str) -> (Vec<String>, Vec<String>) {
    let l = get(base, "/api/lobby", "").expect("the lobby answers");
    let ids = |k: &str| {
        l[k].as_array()
            .unwrap()
            .iter()
            .map(|t| t["id"].as_str().unwrap().to_owned())
            .collect()
    };
    (ids("playing"), ids("finished"))
}

/// Polls `f` every 50 ms until it gives a value, for up to `most`.
fn eventually<T>(most: Duration, what: &str, mut f: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = f() {
            return v;
        }
        assert!(start.elapsed() < most, "{what} within {most:?}");
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The tables playing in the room, as stored.
fn playing_count(db: &mut postgres::Client) -> i64 {
    db.query_one("SELECT count(*) FROM tables WHERE status = 'open'", &[])
        .unwrap()
        .get(0)
}

/// The limit on tables playing per client that `the_whole_room_...` starts its servers with.
const PER_CLIENT: usize = 6;
/// How many threads open a table at once at each server, and how many times.
const RACERS: usize = 6;
const RACE_ROUNDS: usize = 3;
/// The limit on openings a minute per client the room's servers are started with: more than
/// the test opens before its part (e), more than any one server sees attempted.
const OPENS: usize = 40;

/// Closes a table with its host key through `base`. A close the store could not commit is
/// answered 503 and the table stays open (`docs/serve.md`); the host tries again, as a person
/// would, once: a second refusal fails the test.
fn close_table(base: &str, opened: &Value) {
    let close = || {
        call(
            base,
            "POST",
            &format!("/api/tables/{}/close", opened["table"].as_str().unwrap()),
            opened["host_key"].as_str().unwrap(),
            None,
        )
        .unwrap()
    };
    let (mut status, mut body) = close();
    if status == 503 {
        eprintln!("a close refused, tried again: {body}");
        std::thread::sleep(Duration::from_millis(200));
        (status, body) = close();
    }
    assert_eq!(status, 200, "{body}");
}

#[test]
fn the_whole_room_streams_lists_reviews_and_counts_a_clients_tables() {
    let began = Instant::now();
    let Some(pg) = Postgres::start() else {
        return;
    };
    let mut db = pg.client();
    let nodes: Vec<Node> = (0..3)
        .map(|_| Node::start_with(&pg.url, PER_CLIENT, u32::try_from(OPENS).unwrap()))
        .collect();
    let [a, b, c] = [&nodes[0].base, &nodes[1].base, &nodes[2].base];

    // (a) A table of people driven by A; seat 0's event stream (its ticket asked at B too) is
    // opened at B and a spectator's at C: both hear every change as the table moves, its moves
    // made through A and through B.
    let four = json!({"game": "einer-ist-immer",
                      "seats": ["person", "person", "person", "person"], "pace_ms": 0});
    let (id, tokens) = open(a, &four);
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    assert_eq!(
        drivers(&mut db).get(&id),
        Some(&nodes[0].addr),
        "the server that opened it drives it"
    );
    let (status, ticket) = call(
        b,
        "POST",
        &format!("/api/tables/{id}/seats/0/ticket"),
        &tokens[0],
        None,
    )
    .unwrap();
    assert_eq!(status, 200, "{ticket}");
    let ticket = ticket["ticket"].as_str().unwrap();
    let seat = Heard::listen(
        b,
        &format!("/api/tables/{id}/seats/0/events?ticket={ticket}"),
    );
    let spectator = Heard::listen(c, &format!("/api/tables/{id}/watch/events"));
    // Both streams are open (their first event: the version as it stands) before a move.
    seat.until(0, Duration::from_secs(5), "seat 0's stream at B");
    spectator.until(0, Duration::from_secs(5), "the spectator's stream at C");
    let bases = Bases {
        list: Mutex::new(vec![a.clone(), b.clone()]),
        next: std::sync::atomic::AtomicUsize::new(0),
    };
    let stop = AtomicBool::new(false);
    let acks = std::thread::scope(|s| {
        let player = s.spawn(|| client(&bases, &id, &tokens, &stop));
        std::thread::sleep(Duration::from_millis(1500));
        stop.store(true, Ordering::SeqCst);
        player.join().unwrap()
    });
    assert!(acks.len() >= 10, "moves were made: {}", acks.len());
    let version = watch(&[a], &id).unwrap()["version"].as_u64().unwrap();
    let heard_seat = seat.until(version, Duration::from_secs(5), "seat 0's stream at B");
    let heard_watch = spectator.until(version, Duration::from_secs(5), "the spectator at C");
    for (who, heard, stream) in [
        ("seat 0 at B", &heard_seat, &seat),
        ("the spectator at C", &heard_watch, &spectator),
    ] {
        let head = stream.head.lock().unwrap().clone();
        assert!(head.starts_with("HTTP/1.1 200"), "{who}: {head}");
        assert!(head.contains("text/event-stream"), "{who}: {head}");
        assert!(
            heard.windows(2).all(|w| w[0] <= w[1]),
            "{who}: in order: {heard:?}"
        );
        assert!(
            heard.len() >= 3,
            "{who}: heard the table move, not only its end: {heard:?}"
        );
    }
    println!(
        "(a) {} moves through A and B; seat 0's stream at B heard {} updates, the spectator's \
         at C {}, both up to version {version}",
        acks.len(),
        heard_seat.len(),
        heard_watch.len()
    );

    // (b) A listed table playing on each server: every server's lobby lists all three (and
    // not the unlisted table of (a)).
    let listed: Vec<String> = nodes
        .iter()
        .map(|n| {
            open(
                &n.base,
                &json!({"game": "einer-ist-immer", "listed": true, "pace_ms": 0,
                        "seats": ["person", "person", "person", "person"]}),
            )
            .0
        })
        .collect();
    for n in &nodes {
        let (playing, _) = lobby(&n.base);
        for l in &listed {
            assert!(
                playing.contains(l),
                "{}'s lobby lists {l}: {playing:?}",
                n.base
            );
        }
        assert!(!playing.contains(&id), "an unlisted table is not listed");
    }

    // (c) A match of bots finished at B: every server lists it, reviews it and gives its log,
    // the same.
    let (done, _) = open(
        b,
        &json!({"game": "cego", "seats": ["random", "random", "random", "random"],
                "pace_ms": 0, "single_deal": true}),
    );
    eventually(
        Duration::from_secs(10),
        "the bots finish their match",
        || watch(&[c], &done).filter(|w| w["match_over"] == true),
    );
    let mut reviews = Vec::new();
    for n in &nodes {
        let finished = eventually(Duration::from_secs(5), "the lobby lists the match", || {
            let (_, finished) = lobby(&n.base);
            finished.contains(&done).then_some(finished)
        });
        assert!(finished.contains(&done));
        let (status, first) =
            call(&n.base, "GET", &format!("/api/review/{done}"), "", None).unwrap();
        assert_eq!(status, 200, "{}: {first}", n.base);
        let steps = first["steps"].as_u64().unwrap();
        assert!(steps > 10, "{first}");
        let (status, last) = call(
            &n.base,
            "GET",
            &format!("/api/review/{done}?step={steps}"),
            "",
            None,
        )
        .unwrap();
        assert_eq!(status, 200, "{last}");
        let (status, log) =
            call(&n.base, "GET", &format!("/api/review/{done}/log"), "", None).unwrap();
        assert_eq!(status, 200, "{log}");
        assert_eq!(log["game"], "cego", "{log}");
        reviews.push((first, last, log));
    }
    assert!(
        reviews.windows(2).all(|w| w[0] == w[1]),
        "every server reviews the same match"
    );

    // (d) The tables one client has playing count across the room: the limit reached with
    // openings at A, an opening at B is refused as on one server; a table closed (through C,
    // its driver being A), B opens one.
    assert_eq!(playing_count(&mut db), 4, "(a)'s table and (b)'s three");
    let mut mine = Vec::new();
    for _ in 4..PER_CLIENT {
        let (status, body) = try_open(a, &four);
        assert_eq!(status, 201, "{body}");
        mine.push(body);
    }
    for base in [b, c] {
        let (status, body) = try_open(base, &four);
        assert_eq!(status, 503, "{base}: {body}");
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains(&format!("opened {PER_CLIENT} tables still playing"))
                && error.contains(&format!("--max-tables-per-client {PER_CLIENT}")),
            "{error}"
        );
    }
    let closed = mine.pop().unwrap();
    close_table(c, &closed);
    let (status, body) = try_open(b, &four);
    assert_eq!(status, 201, "one closed, B opens one: {body}");
    assert_eq!(playing_count(&mut db), 6);
    mine.push(body);

    // Two openings at the same moment on two servers never both pass the limit: with two
    // places left, many openings at once from threads at all three servers, round after round;
    // exactly two are let open each round, the others refused as above, and the tables
    // playing never exceed the limit.
    for opened in mine.drain(..) {
        close_table(a, &opened);
    }
    let free = PER_CLIENT - 4;
    for round in 0..RACE_ROUNDS {
        assert_eq!(playing_count(&mut db), 4, "round {round}");
        let start = std::sync::Barrier::new(3 * RACERS);
        let answers: Vec<(u16, Value)> = std::thread::scope(|s| {
            let racers: Vec<_> = (0..3 * RACERS)
                .map(|i| {
                    let (base, start, four) = (&nodes[i % 3].base, &start, &four);
                    s.spawn(move || {
                        start.wait();
                        try_open(base, four)
                    })
                })
                .collect();
            racers.into_iter().map(|r| r.join().unwrap()).collect()
        });
        let playing = playing_count(&mut db);
        let opened: Vec<&Value> = answers
            .iter()
            .filter(|(status, _)| *status == 201)
            .map(|(_, body)| body)
            .collect();
        println!(
            "race {round}: {} of {} openings at once let open with {free} places left; {playing} \
             tables playing (limit {PER_CLIENT})",
            opened.len(),
            answers.len()
        );
        assert!(
            playing <= i64::try_from(PER_CLIENT).unwrap(),
            "round {round}: {playing} tables playing, over the limit {PER_CLIENT}"
        );
        assert_eq!(opened.len(), free, "round {round}: {answers:?}");
        for (status, body) in answers.iter().filter(|(status, _)| *status != 201) {
            assert_eq!(*status, 503, "{body}");
            assert!(
                body["error"]
                    .as_str()
                    .unwrap()
                    .contains(&format!("--max-tables-per-client {PER_CLIENT}")),
                "{body}"
            );
        }
        for body in opened {
            close_table(c, body);
        }
    }

    // (e) --max-opens-per-minute counts the tables a client opened in the last minute on every
    // server of the room (by the database's clock): opened through A, B and C in turn (each
    // closed again, to stay within (d)'s limit) up to the limit, the next is refused at every
    // server, 429 with the room's message, though no server alone has seen that many.
    let opened_lately = |db: &mut postgres::Client| -> i64 {
        db.query_one(
            "SELECT count(*) FROM tables WHERE opened_at > clock_timestamp() - interval '1 minute'",
            &[],
        )
        .unwrap()
        .get(0)
    };
    let before = usize::try_from(opened_lately(&mut db)).unwrap();
    assert!(before < OPENS, "{before} tables opened already");
    for i in before..OPENS {
        let base = &nodes[i % 3].base;
        let (status, body) = try_open(base, &four);
        assert_eq!(status, 201, "opening {i} at {base}: {body}");
        close_table(base, &body);
    }
    assert_eq!(opened_lately(&mut db), i64::try_from(OPENS).unwrap());
    for n in &nodes {
        let (status, body) = try_open(&n.base, &four);
        assert_eq!(status, 429, "{}: {body}", n.base);
        let error = body["error"].as_str().unwrap();
        assert!(
            error.contains(&format!(
                "opened {OPENS} tables in the last minute on the servers of this room"
            )) && error.contains("--max-opens-per-minute"),
            "{error}"
        );
    }
    println!(
        "(e) {OPENS} tables opened in the last minute through the room ({before} before this \
         part), the next refused at all three servers"
    );

    let seconds = began.elapsed().as_secs_f64();
    println!("the whole-room test took {seconds:.1} s");
    assert!(seconds < 30.0, "{seconds:.1} s");
}

/// Migration 3 fills in who opened each table stored before it, and when: a table opened
/// under schema version 2 (remade here by undoing migration 3 by hand) gets its opener from its
/// record and its opening time from its `opened` seconds, and counts for that client's
/// `--max-tables-per-client` across the room at once.
#[test]
fn migration_3_gives_tables_stored_before_it_their_opener() {
    let Some(pg) = Postgres::start() else {
        return;
    };
    let mut db = pg.client();
    let four = json!({"game": "einer-ist-immer", "seats": ["person", "person", "person", "person"],
                      "pace_ms": 0});
    let node = Node::start_with(&pg.url, 1, 1_000_000);
    let (id, _) = open(&node.base, &four);
    let row = db
        .query_one("SELECT owner, opened FROM tables WHERE id = $1", &[&id])
        .unwrap();
    let (owner, opened): (Option<String>, i64) = (row.get(0), row.get(1));
    let owner = owner.expect("a table opened in a room has its opener");
    drop(node);
    // The database as schema version 2 left it: no opener, no opening time.
    db.batch_execute(
        "DROP INDEX tables_owner; ALTER TABLE tables DROP COLUMN owner; \
         ALTER TABLE tables DROP COLUMN opened_at; \
         UPDATE meta SET value = '2' WHERE key = 'schema_version'",
    )
    .unwrap();
    let node = Node::start_with(&pg.url, 1, 1_000_000);
    let row = db
        .query_one(
            "SELECT owner, EXTRACT(EPOCH FROM opened_at)::bigint, \
             (SELECT value FROM meta WHERE key = 'schema_version') FROM tables WHERE id = $1",
            &[&id],
        )
        .unwrap();
    let (filled, at, version): (Option<String>, Option<i64>, String) =
        (row.get(0), row.get(1), row.get(2));
    assert_eq!(version, "3", "the schema brought up to date");
    assert_eq!(
        filled.as_deref(),
        Some(owner.as_str()),
        "the opener from the record"
    );
    assert_eq!(at, Some(opened), "the opening time from `opened`");
    // The table, still playing, counts for its opener: a second one is refused.
    let (status, body) = try_open(&node.base, &four);
    assert_eq!(status, 503, "{body}");
    let error = body["error"].as_str().unwrap();
    assert!(
        error.contains("opened 1 tables still playing")
            && error.contains("--max-tables-per-client 1"),
        "{error}"
    );
}
