//! The load one `cards serve` holds, storage on: `TABLES` tables (default 1000) of Cego, each a
//! person and three random bots at the server's default pace, are played for `SECS` seconds
//! (default 30) by one client per table that does what the page does: it follows its seat's
//! event stream, which sends the seat's state at every change (opened with `since`), and
//! answers with a move whenever it is the person's turn, going on from the move's answer. As
//! the page does, a client asks for the narration lines after those it holds (`since`).
//! `CLIENT=get` makes the clients do what the page did before the twenty-sixth session (and
//! what a server of before then needs): the stream says only that the table changed, and the
//! client asks for its seat's state (`GET .../state`). Reported: the actions the server
//! acknowledged per second (every action is committed to the SQLite file before it is
//! acknowledged or shown: the clients' and the bots'), the latency of the clients' moves
//! (request to answer, p50/p99/max) and, with `CLIENT=get`, of their seat's page state, the
//! server's CPU time (user and system, from `/proc`) per acknowledged action, the machine's
//! load average, and the server's memory (its resident set; per table: after opening the
//! tables, less before).
//!
//! `TABLES=1000 SECS=30 DB_SYNC=full cargo bench -p cli --bench serve_load`
//!
//! `PACE_MS` is the tables' pause before a bot's move (left out: the server's default; 0: as
//! fast as they go); `DB_SYNC` the server's `--db-sync`; `CARDS_BIN` the `cards` binary to
//! serve (left out: this build's), to measure two builds with the same clients.
//!
//! `DB_URL=postgres://...` keeps the tables in that Postgres database instead of a SQLite file,
//! and `SERVERS=N` (with `DB_URL`) starts N servers of one room on it (`--advertise`): table i
//! is opened at server i mod N, which drives it, and its client talks to that server
//! (`ROUTE=own`, as a proxy routing by table would) or to the next one, which forwards every
//! request (`ROUTE=other`). Each server's CPU and memory are reported, and the CPU of the
//! machine's `postgres` processes. `scripts/room_load.sh` starts a Postgres of its own and runs
//! the four layouts of `docs/serve.md` side by side.
//!
//! Not a CI test: it takes the machine for its run. The clients run in this process, on the
//! same machine, and take their share of its cores.

// A benchmark program, not library code: long functions are allowed here (issue 30 item 6).
#![allow(clippy::too_many_lines)]

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;
use tokio::sync::Notify;

/// One kept-alive HTTP/1.1 connection, enough for the server's JSON answers.
struct Conn {
    addr: String,
    stream: BufReader<TcpStream>,
}

impl Conn {
    async fn open(addr: &str) -> std::io::Result<Conn> {
        let stream = TcpStream::connect(addr).await?;
        stream.set_nodelay(true)?;
        Ok(Conn {
            addr: addr.to_owned(),
            stream: BufReader::new(stream),
        })
    }

    /// Sends a request and reads its answer: the status and the body as JSON.
    async fn call(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Value)> {
        let (status, bytes) = self.call_bytes(method, path, token, body).await?;
        Ok((
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        ))
    }

    /// Sends a request and reads its answer: the status and the body's bytes.
    async fn call_bytes(
        &mut self,
        method: &str,
        path: &str,
        token: &str,
        body: Option<&Value>,
    ) -> std::io::Result<(u16, Vec<u8>)> {
        let body = body.map(Value::to_string).unwrap_or_default();
        let head = format!(
            "{method} {path} HTTP/1.1\r\nhost: {}\r\nauthorization: Bearer {token}\r\n\
             content-type: application/json\r\ncontent-length: {}\r\n\r\n",
            self.addr,
            body.len()
        );
        let s = self.stream.get_mut();
        s.write_all(head.as_bytes()).await?;
        s.write_all(body.as_bytes()).await?;
        let mut line = String::new();
        self.stream.read_line(&mut line).await?;
        let status: u16 = line
            .split_whitespace()
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or(0);
        let mut length = 0usize;
        loop {
            line.clear();
            self.stream.read_line(&mut line).await?;
            if line == "\r\n" || line.is_empty() {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    length = v.trim().parse().unwrap_or(0);
                }
            }
        }
        let mut bytes = vec![0; length];
        self.stream.read_exact(&mut bytes).await?;
        Ok((status, bytes))
    }
}

/// The parts of a seat's state a client acts on. The rest is skipped unread, as cheaply as
/// serde allows, so that the clients take as little as they can of the cores the server
/// shares with them.
#[derive(serde::Deserialize, Default)]
#[serde(default)]
struct Seen {
    version: u64,
    your_turn: bool,
    legal: Vec<String>,
    waiting_for_next_deal: bool,
    match_over: bool,
    narration_from: Option<u64>,
    narration: Option<Vec<serde::de::IgnoredAny>>,
}

/// What a seat's event stream brings a client: a wake-up at each `update` event, and the
/// latest state sent by `state` events (a stream opened with `since`).
struct Heard {
    wake: Notify,
    state: std::sync::Mutex<Option<Seen>>,
}

/// Follows a seat's event stream: each `update` wakes `heard`; each `state` (the seat's
/// state, sent by a stream opened with `since`) is kept in it as the latest and wakes it.
async fn follow(addr: String, path: String, heard: Arc<Heard>) {
    let Ok(mut stream) = TcpStream::connect(&addr).await else {
        return;
    };
    let head = format!("GET {path} HTTP/1.1\r\nhost: {addr}\r\naccept: text/event-stream\r\n\r\n");
    if stream.write_all(head.as_bytes()).await.is_err() {
        return;
    }
    let mut buf = vec![0u8; 16384];
    let mut pending: Vec<u8> = Vec::new();
    // How far `pending` was searched for an event's end without finding one.
    let mut searched: usize = 0;
    while let Ok(n) = stream.read(&mut buf).await {
        if n == 0 {
            return;
        }
        pending.extend_from_slice(&buf[..n]);
        // Whole events end at a blank line; the chunks' size lines between them are skipped.
        let mut used = 0;
        let mut woken = false;
        let mut from = searched.saturating_sub(1);
        while let Some(end) = pending[from..].windows(2).position(|w| w == b"\n\n") {
            let event = &pending[used..from + end];
            used = from + end + 2;
            from = used;
            let mut state = false;
            for line in event.split(|&b| b == b'\n') {
                if line == b"event: state" {
                    state = true;
                } else if line == b"event: update" {
                    woken = true;
                } else if let (true, Some(data)) = (state, line.strip_prefix(b"data: ")) {
                    if let Ok(s) = serde_json::from_slice::<Seen>(data) {
                        *heard.state.lock().unwrap() = Some(s);
                        woken = true;
                    }
                }
            }
        }
        pending.drain(..used);
        searched = pending.len();
        if woken {
            heard.wake.notify_one();
        }
    }
}

/// What the clients measured.
#[derive(Default)]
struct Tally {
    latencies_us: std::sync::Mutex<Vec<u64>>,
    /// The clients that had to connect again before their first answer.
    retried: AtomicU64,
    /// The states the seats' event streams sent (`CLIENT=push`) that the clients went on from.
    pushed: AtomicU64,
    /// The latencies of the seat's page state (`GET .../state`).
    pages_us: std::sync::Mutex<Vec<u64>>,
    errors: AtomicU64,
    /// What went wrong, by kind, counted.
    kinds: std::sync::Mutex<std::collections::BTreeMap<String, u64>>,
    /// How far the clients saw their tables' versions move during the run: every action (and
    /// next-deal request) is one.
    moved: AtomicU64,
}

/// The narration lines a client holds after a seat's state answer `s`: those before its
/// `narration_from` and the ones it sent (`held` if it sent none).
fn held(s: &Seen, held: u64) -> u64 {
    match (s.narration_from, &s.narration) {
        (Some(from), Some(lines)) => from + lines.len() as u64,
        _ => held,
    }
}

/// The `error` of an answer's body, in words.
fn error_of(body: &[u8]) -> Value {
    serde_json::from_slice::<Value>(body).map_or(Value::Null, |b| b["error"].clone())
}

/// One client: plays the person's seat of table `id` until `stop`, as the page does. With
/// `push` its seat's event stream sends the seat's state at every change (the page since the
/// twenty-sixth session); without, the stream says only that the table changed and the client
/// asks for the state (`GET .../state`, the page before). Either way the answer to its own
/// move is the state it goes on from.
async fn client(
    addr: String,
    id: String,
    token: String,
    push: bool,
    stop: Arc<AtomicBool>,
    tally: Arc<Tally>,
) {
    let failed = |kind: String| {
        tally.errors.fetch_add(1, Ordering::Relaxed);
        *tally.kinds.lock().unwrap().entry(kind).or_default() += 1;
    };
    let base = format!("/api/tables/{id}/seats/0");
    // A thousand clients start at once, on the cores the server has: one whose connection the
    // server closed before its first request came (its header timeout) tries again, as a
    // page's reload would.
    let mut tries = 0;
    let (mut conn, t) = loop {
        tries += 1;
        let mut conn = match Conn::open(&addr).await {
            Ok(conn) => conn,
            Err(_) if tries < 5 => continue,
            Err(e) => return failed(format!("connect: {e}")),
        };
        match conn
            .call("POST", &format!("{base}/ticket"), &token, Some(&json!({})))
            .await
        {
            Ok((200, t)) => break (conn, t),
            Ok((status, body)) => return failed(format!("ticket {status}: {}", body["error"])),
            Err(_) if tries < 5 => tokio::time::sleep(Duration::from_millis(100)).await,
            Err(e) => return failed(format!("ticket: {e}")),
        }
    };
    if tries > 1 {
        tally.retried.fetch_add(1, Ordering::Relaxed);
    }
    let heard = Arc::new(Heard {
        wake: Notify::new(),
        state: std::sync::Mutex::new(None),
    });
    let ticket = t["ticket"].as_str().unwrap_or_default().to_owned();
    let since = if push { "&since=0" } else { "" };
    tokio::spawn(follow(
        addr.clone(),
        format!("{base}/events?ticket={ticket}{since}"),
        Arc::clone(&heard),
    ));
    let mut pick = id
        .bytes()
        .fold(7u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
    let (mut first, mut last) = (None, 0);
    // The narration lines the client holds: as the page does, it asks only for the lines after
    // them (`since`), in its state requests and its moves alike.
    let mut lines = 0;
    // The state to go on from: an answer to the client's own move, or none (then the next
    // one the stream sends or the client asks for).
    let mut current: Option<Seen> = None;
    // A GET-mode client asks at once when it starts, as the page does when its stream opens.
    let mut ask = !push;
    while !stop.load(Ordering::Relaxed) {
        let s = if let Some(s) = current.take() {
            s
        } else if push {
            let newer = heard.state.lock().unwrap().take();
            match newer {
                Some(s) if s.version >= last || first.is_none() => s,
                // Older than the answer already taken (the stream's word on the client's own
                // move, or before it): nothing to do.
                Some(_) => continue,
                None => {
                    let _ =
                        tokio::time::timeout(Duration::from_secs(2), heard.wake.notified()).await;
                    continue;
                }
            }
        } else {
            if !ask {
                let _ = tokio::time::timeout(Duration::from_secs(2), heard.wake.notified()).await;
            }
            ask = false;
            let asked = Instant::now();
            match conn
                .call_bytes("GET", &format!("{base}/state?since={lines}"), &token, None)
                .await
            {
                Ok((200, bytes)) => {
                    let took = asked.elapsed().as_micros() as u64;
                    tally.pages_us.lock().unwrap().push(took);
                    serde_json::from_slice(&bytes).unwrap_or_default()
                }
                other => {
                    tally.errors.fetch_add(1, Ordering::Relaxed);
                    let kind = match other {
                        Ok((status, body)) => format!("state {status}: {}", error_of(&body)),
                        Err(e) => format!("state: {e}"),
                    };
                    *tally.kinds.lock().unwrap().entry(kind).or_default() += 1;
                    break;
                }
            }
        };
        if push {
            tally.pushed.fetch_add(1, Ordering::Relaxed);
        }
        last = s.version.max(last);
        first.get_or_insert(last);
        lines = held(&s, lines);
        if s.match_over {
            break;
        }
        let request = if s.waiting_for_next_deal {
            Some(("next", json!({})))
        } else if s.your_turn {
            pick = pick.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
            let action = s.legal.get((pick >> 33) as usize % s.legal.len().max(1));
            action.map(|a| ("act", json!({"action": a, "version": s.version})))
        } else {
            None
        };
        let Some((what, body)) = request else {
            continue;
        };
        let sent = Instant::now();
        let answer = conn
            .call_bytes(
                "POST",
                &format!("{base}/{what}?since={lines}"),
                &token,
                Some(&body),
            )
            .await;
        let took = sent.elapsed().as_micros() as u64;
        match answer {
            Ok((200, bytes)) => {
                if what == "act" {
                    tally.latencies_us.lock().unwrap().push(took);
                }
                current = Some(serde_json::from_slice(&bytes).unwrap_or_default());
            }
            // The table moved on meanwhile (a bot, or the deal's end): ask again.
            Ok((409, _)) => ask = true,
            other => {
                tally.errors.fetch_add(1, Ordering::Relaxed);
                let kind = match other {
                    Ok((status, body)) => format!("{what} {status}: {}", error_of(&body)),
                    Err(e) => format!("{what}: {e}"),
                };
                *tally.kinds.lock().unwrap().entry(kind).or_default() += 1;
                ask = true;
            }
        }
    }
    tally
        .moved
        .fetch_add(last - first.unwrap_or(last), Ordering::Relaxed);
}

/// The server's resident memory in bytes (Linux).
fn rss(pid: u32) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.split_whitespace().next()?.parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// The CPU time the server has taken so far, user and system, in seconds (Linux).
fn cpu_secs(pid: u32) -> f64 {
    stat_secs(pid, 11, 12)
}

/// Two times of `/proc/PID/stat`, in clock ticks, added and turned into seconds: `user` and
/// `system` count the fields after the command's name (which may hold spaces), so utime and
/// stime (the 14th and 15th of the line) are 11 and 12, cutime and cstime 13 and 14.
fn stat_secs(pid: u32, user: usize, system: usize) -> f64 {
    static TICKS: std::sync::OnceLock<f64> = std::sync::OnceLock::new();
    let ticks = *TICKS.get_or_init(|| {
        std::process::Command::new("getconf")
            .arg("CLK_TCK")
            .output()
            .ok()
            .and_then(|o| String::from_utf8(o.stdout).ok()?.trim().parse::<f64>().ok())
            .unwrap_or(100.0)
    });
    std::fs::read_to_string(format!("/proc/{pid}/stat"))
        .ok()
        .and_then(|s| {
            let rest = s.rsplit_once(')')?.1;
            let fields: Vec<&str> = rest.split_whitespace().collect();
            let user: f64 = fields.get(user)?.parse().ok()?;
            let system: f64 = fields.get(system)?.parse().ok()?;
            Some((user + system) / ticks)
        })
        .unwrap_or(0.0)
}

/// The CPU time the machine's `postgres` processes have taken so far, with that of the ones
/// that ended (counted in the postmaster's children's time), in seconds (Linux; 0 without one).
fn postgres_cpu_secs() -> f64 {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return 0.0;
    };
    let mut total = 0.0;
    for entry in entries.flatten() {
        let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
            continue;
        };
        let named = std::fs::read_to_string(format!("/proc/{pid}/comm"))
            .is_ok_and(|c| c.trim() == "postgres");
        if named {
            total += cpu_secs(pid) + children_cpu_secs(pid);
        }
    }
    total
}

/// The CPU time of a process's children that ended and were waited for, in seconds (Linux).
fn children_cpu_secs(pid: u32) -> f64 {
    stat_secs(pid, 13, 14)
}

/// The machine's load average over the last minute.
fn load() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|s| s.split_whitespace().next().map(str::to_owned))
        .unwrap_or_default()
}

/// The `p` quantile of sorted latencies in microseconds, in milliseconds.
fn quantile(sorted: &[u64], p: f64) -> f64 {
    sorted
        .get(((sorted.len() as f64 * p) as usize).min(sorted.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0) as f64
        / 1000.0
}

fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn main() {
    let tables = env_number("TABLES", 1000) as usize;
    let secs = env_number("SECS", 30);
    let pace = std::env::var("PACE_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok());
    let sync = std::env::var("DB_SYNC").unwrap_or_else(|_| "full".to_owned());
    let dir = std::env::temp_dir().join(format!("cards-serve-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temporary folder");
    let db_file = dir.join("load.db");
    let db_url = std::env::var("DB_URL").ok();
    let db = db_url
        .clone()
        .unwrap_or_else(|| db_file.display().to_string());
    let count = env_number("SERVERS", 1).max(1) as usize;
    assert!(
        count == 1 || db_url.is_some(),
        "SERVERS above 1 needs DB_URL=postgres://..."
    );
    let route_other = std::env::var("ROUTE").is_ok_and(|r| r == "other");
    // `CLIENT=get`: the clients ask for their seat's state at every change (the page before
    // the twenty-sixth session, and a server of before then, which sends no state events).
    let push = std::env::var("CLIENT").map_or(true, |c| c != "get");
    let limit = (4 * tables + 100).to_string();
    // Another build's server may be measured with the same clients (before and after a change).
    let bin = std::env::var("CARDS_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_cards").to_owned());
    let mut servers: Vec<std::process::Child> = Vec::new();
    let mut addrs: Vec<String> = Vec::new();
    for _ in 0..count {
        let mut command = std::process::Command::new(&bin);
        command.arg("serve");
        if count > 1 {
            // The room's servers need their address before they start: a port the kernel
            // just handed out and let go of.
            let port = std::net::TcpListener::bind("127.0.0.1:0")
                .and_then(|l| l.local_addr())
                .expect("a free port")
                .port();
            let addr = format!("127.0.0.1:{port}");
            command.args(["--bind", &addr, "--advertise", &addr]);
        } else {
            command.args(["--bind", "127.0.0.1:0"]);
        }
        let mut server = command
            .args(["--db", &db])
            .args(["--max-tables", &limit, "--max-tables-per-client", &limit])
            .args([
                "--max-connections",
                &limit,
                "--max-connections-per-client",
                &limit,
            ])
            .args(["--max-streams-per-client", &limit, "--memory-mb", "100000"])
            // Every client of the benchmark is this machine's one address.
            .args(["--max-requests-per-second", "1000000"])
            .args(["--max-opens-per-minute", "1000000"])
            .args(["--db-sync", &sync])
            .stdout(std::process::Stdio::piped())
            .spawn()
            .expect("cards serve starts");
        let mut line = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(server.stdout.take().unwrap()),
            &mut line,
        )
        .unwrap();
        addrs.push(
            line.split("http://")
                .nth(1)
                .and_then(|r| r.split('/').next())
                .expect("an address")
                .to_owned(),
        );
        servers.push(server);
    }
    let pids: Vec<u32> = servers.iter().map(std::process::Child::id).collect();
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        let before: Vec<u64> = pids.iter().map(|&p| rss(p)).collect();
        let mut conns = Vec::with_capacity(count);
        for addr in &addrs {
            conns.push(Conn::open(addr).await.unwrap());
        }
        let mut opened = Vec::with_capacity(tables);
        for i in 0..tables {
            let conn = &mut conns[i % count];
            let mut request = json!({"game": "cego", "seats": ["person", "random", "random", "random"]});
            if let Some(pace) = pace {
                request["pace_ms"] = json!(pace);
            }
            let (status, body) = conn.call("POST", "/api/tables", "", Some(&request)).await.unwrap();
            assert_eq!(status, 201, "{body}");
            let link = body["seats"][0]["link"].as_str().unwrap();
            let at = if route_other { (i + 1) % count } else { i % count };
            opened.push((
                addrs[at].clone(),
                body["table"].as_str().unwrap().to_owned(),
                link.split_once('#').unwrap().1.to_owned(),
            ));
        }
        tokio::time::sleep(Duration::from_secs(2)).await;
        let after: Vec<u64> = pids.iter().map(|&p| rss(p)).collect();
        let stop = Arc::new(AtomicBool::new(false));
        let tally = Arc::new(Tally::default());
        let started = Instant::now();
        let cpu_at = || pids.iter().map(|&p| cpu_secs(p)).collect::<Vec<f64>>();
        let (cpu_before, db_before, load_before) = (cpu_at(), postgres_cpu_secs(), load());
        let own_before = cpu_secs(std::process::id());
        let clients: Vec<_> = opened
            .iter()
            .map(|(addr, id, token)| {
                tokio::spawn(client(addr.clone(), id.clone(), token.clone(), push, Arc::clone(&stop), Arc::clone(&tally)))
            })
            .collect();
        tokio::time::sleep(Duration::from_secs(secs)).await;
        stop.store(true, Ordering::SeqCst);
        let window = started.elapsed().as_secs_f64();
        let per_server: Vec<f64> = cpu_at().iter().zip(&cpu_before).map(|(a, b)| a - b).collect();
        let cpu: f64 = per_server.iter().sum();
        let (db_cpu, load_after) = (postgres_cpu_secs() - db_before, load());
        let own_cpu = cpu_secs(std::process::id()) - own_before;
        let end_rss: Vec<u64> = pids.iter().map(|&p| rss(p)).collect();
        for c in clients {
            let _ = tokio::time::timeout(Duration::from_secs(5), c).await;
        }
        let mut lat = tally.latencies_us.lock().unwrap().clone();
        lat.sort_unstable();
        let q = |p: f64| quantile(&lat, p);
        let mut pages = tally.pages_us.lock().unwrap().clone();
        pages.sort_unstable();
        let pace = pace.map_or_else(|| "the server's default".to_owned(), |p| format!("{p} ms"));
        let storage = if db_url.is_some() { "Postgres".to_owned() } else { format!("{} (--db-sync {sync})", db_file.display()) };
        let route = if count == 1 { "" } else if route_other { ", each client at the next server (forwarded)" } else { ", each client at its table's server" };
        let clients = if push { "states pushed in the event streams" } else { "clients ask for the state at each change" };
        println!("tables: {tables}, bots' pace {pace}, window {window:.1} s, storage {storage}, servers {count}{route}, {clients}");
        let moved = tally.moved.load(Ordering::Relaxed);
        println!(
            "acknowledged actions (clients' and bots'): {moved} = {:.0}/s",
            moved as f64 / window
        );
        println!(
            "server CPU (user + system): {cpu:.2} s = {:.0}% of one core; {:.3} ms per acknowledged action",
            100.0 * cpu / window,
            1000.0 * cpu / (moved.max(1) as f64)
        );
        if count > 1 {
            let each: Vec<String> = per_server.iter().map(|c| format!("{:.0}%", 100.0 * c / window)).collect();
            println!("   each server: {} of one core", each.join(", "));
        }
        if db_url.is_some() {
            println!(
                "postgres processes' CPU: {db_cpu:.2} s = {:.0}% of one core; {:.3} ms per acknowledged action",
                100.0 * db_cpu / window,
                1000.0 * db_cpu / (moved.max(1) as f64)
            );
        }
        println!(
            "clients' CPU (this process): {own_cpu:.2} s = {:.0}% of one core",
            100.0 * own_cpu / window
        );
        println!("load average (1 min): {load_before} at the start, {load_after} at the end");
        println!(
            "clients' moves: {} = {:.0}/s; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms; errors {}",
            lat.len(),
            lat.len() as f64 / window,
            q(0.5),
            q(0.99),
            lat.last().copied().unwrap_or(0) as f64 / 1000.0,
            tally.errors.load(Ordering::Relaxed)
        );
        if push {
            println!(
                "page states: sent in the seats' event streams, {} taken (CLIENT=get asks instead)",
                tally.pushed.load(Ordering::Relaxed)
            );
        } else {
            println!(
                "page states: {}; latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                pages.len(),
                quantile(&pages, 0.5),
                quantile(&pages, 0.99),
                pages.last().copied().unwrap_or(0) as f64 / 1000.0
            );
        }
        let retried = tally.retried.load(Ordering::Relaxed);
        if retried > 0 {
            println!("   {retried} clients connected again before their first answer");
        }
        for (kind, n) in tally.kinds.lock().unwrap().iter() {
            println!("   {n} x {kind}");
        }
        let mb = |v: &[u64]| v.iter().map(|b| format!("{:.1}", *b as f64 / 1e6)).collect::<Vec<_>>().join(", ");
        let grown: u64 = after.iter().zip(&before).map(|(a, b)| a.saturating_sub(*b)).sum();
        println!(
            "server memory: {} MB before, {} MB with the tables: {:.1} KB per table",
            mb(&before),
            mb(&after),
            grown as f64 / tables as f64 / 1e3
        );
        println!("server memory at the end: {} MB", mb(&end_rss));
    });
    for mut server in servers {
        let _ = server.kill();
        let _ = server.wait();
    }
    let _ = std::fs::remove_dir_all(&dir);
}
