//! `cards serve`: play in the browser. An HTTP server (axum on tokio) holds the tables; each
//! seat's page is sent only that seat's screen, legal actions and redacted narration, and is
//! told of changes by server-sent events. The page's files are embedded in the binary.
//!
//! The API (JSON; errors are `{"error": "..."}` with a 4xx or 5xx status). A seat's requests
//! carry its token in a header, `Authorization: Bearer T` (never in the address, where logs and
//! histories would keep it; the page's link keeps it after `#`, which browsers do not send):
//! - `GET /api/games`: the games, their player counts, variant options, bot kinds and the
//!   server's bot caps;
//! - `POST /api/tables`: open a table (see `lobby::NewTable`); the answer has one secret link
//!   per person seat and the table's `host_key`, which the first person seat's link carries
//!   too, after its token: `/play/{id}/{seat}#{token}.{host_key}` (the opener's own seat);
//! - `POST /api/tables/{id}/close` with `Authorization: Bearer HOST_KEY`: the host closes the
//!   table; its bots stop and its place is free at once;
//! - `GET /api/tables/{id}/seats/{seat}/state?since=N`: that seat's `table::SeatState`;
//! - `POST /api/tables/{id}/seats/{seat}/act` with `{"action": "...", "version": V}`;
//! - `POST /api/tables/{id}/seats/{seat}/next`: ask for the next deal, which starts when every
//!   person at the table has asked;
//! - `POST /api/tables/{id}/seats/{seat}/ticket`: a ticket for the event stream (an
//!   `EventSource` cannot send headers), good once within [`TICKET_LIFE`];
//! - `GET /api/tables/{id}/seats/{seat}/events?ticket=K`: server-sent `update` events;
//! - `GET /api/tables/{id}/seats/{seat}/log`: the log, once the match is over, in the format
//!   of `cards play --save`.
//!
//! Bots think outside the table's lock (see `drive`), within the caps of `caps`, on a clock
//! that jumps past every deadline once their table is closed; the connections are bounded as
//! `net` says. A table is closed by its host, after [`ServeOptions::idle`] without use, or
//! [`FINISHED_KEEP`] after its match is over (a finished table no longer counts against the
//! limits meanwhile); a request for it then says which. At most
//! [`ServeOptions::max_tables`] tables are open, [`ServeOptions::max_tables_per_client`] of
//! them opened from one client address.

mod caps;
mod lobby;
mod net;
mod table;

pub use caps::{Allowed, CAPS, DEFAULT_BOT_MS, MAX_BOT_MS, capped, caps_text};
pub use lobby::{Budget, NewTable, open_table};
pub use net::{AllowedHosts, CSP, Limits};
pub use table::{
    DealResult, Drive, MAX_RUN, SeatKind, SeatState, Stop, Table, Thinking, UNPACED_PHASES,
    run_summary,
};

use std::collections::{HashMap, VecDeque};
use std::fmt::Write as _;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json};
use cards_core::Seat;
use serde::{Deserialize, Serialize};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::WatchStream;

use crate::error::CliError;

/// The options of `cards serve`.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on.
    pub bind: SocketAddr,
    /// The most tables open at once (finished ones do not count).
    pub max_tables: usize,
    /// The most tables open at once that one client address opened (finished ones do not
    /// count).
    pub max_tables_per_client: usize,
    /// A table nobody has looked at for this long is closed.
    pub idle: Duration,
    /// The most memory the server may take, its own and its bots' thinking, in bytes.
    pub memory: u64,
    /// The most memory one table's bots may take to think, in bytes.
    pub table_memory: u64,
    /// The connection limits.
    pub limits: Limits,
    /// Host names the server answers to besides its addresses and `localhost`.
    pub hosts: Vec<String>,
    /// Whether tables may seat `exec:` bots (programs run on this machine).
    pub allow_exec: bool,
}

/// The memory set aside for the server itself (its runtime, connections, tables' states) out
/// of [`ServeOptions::memory`]; the rest is for the bots' thinking.
pub const SERVER_BYTES: u64 = 64 << 20;

/// How long a ticket for a seat's event stream is good for.
pub const TICKET_LIFE: Duration = Duration::from_secs(30);

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

/// How long a table whose match is over stays, for its log to be downloaded (at most the
/// server's idle time without use); it no longer counts against the table limits meanwhile.
pub const FINISHED_KEEP: Duration = Duration::from_secs(60);

/// How many closed tables the server remembers, to say why one is gone.
pub const GONE_KEPT: usize = 4096;

/// How long the server remembers a closed table.
pub const GONE_FOR: Duration = Duration::from_secs(24 * 3600);

/// A refused request: its status and the message shown to the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: String) -> Self {
        ApiError { status, message }
    }
    /// A malformed or impossible request (400).
    pub fn bad(message: String) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    /// A missing or wrong seat token, or a seat the token may not play (403).
    pub fn forbidden(message: String) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    /// No such table or seat (404).
    pub fn not_found(message: String) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    /// Not now: not your turn, the table moved on, the match is over (409).
    pub fn conflict(message: String) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    /// Not now, for want of room: the server is full (503).
    pub fn unavailable(message: String) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }
    /// An action the game cannot read (422).
    pub fn unprocessable(message: String) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
    /// An action the rules refuse, with the engine's reason (422).
    pub fn illegal(e: &dyn std::error::Error) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("not allowed: {e}"),
        )
    }
    /// A defect of the server (500).
    pub fn internal(e: &dyn std::error::Error) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string())
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response()
    }
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> Self {
        let status = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                format!("the request is larger than {MAX_BODY} bytes"),
            );
        } else if e.status().is_client_error() {
            e.status()
        } else {
            StatusCode::BAD_REQUEST
        };
        ApiError::new(status, e.body_text())
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> Self {
        ApiError::bad(e.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> Self {
        ApiError::not_found(e.body_text())
    }
}

/// A ticket for one seat's event stream.
#[derive(Debug)]
struct Ticket {
    value: String,
    seat: usize,
    until: Instant,
}

/// The most tickets a table keeps unused (older ones are dropped).
const MAX_TICKETS: usize = 32;

/// One open table and what the server keeps beside it.
struct Slot {
    /// The table; held only briefly (a bot thinks outside it).
    table: Arc<tokio::sync::Mutex<Box<dyn Table>>>,
    /// The seat tokens, `None` for bot seats.
    tokens: Vec<Option<String>>,
    /// The host key: it closes the table.
    host: String,
    /// The client address that opened the table.
    owner: IpAddr,
    /// When the match ended.
    finished: Mutex<Option<Instant>>,
    /// The table's version, watched by the pages' event streams and the driver.
    changed: tokio::sync::watch::Sender<u64>,
    /// Last time a seat's holder asked anything of the table.
    used: Mutex<Instant>,
    /// Closes the table: its driver stops, its bots' clocks jump past every deadline.
    stop: Arc<Stop>,
    /// The pause before a bot's move.
    pace: Duration,
    /// Unused tickets for event streams.
    tickets: Mutex<Vec<Ticket>>,
    /// The memory the table's bots may take, counted in the server's `reserved` until the
    /// table and its last thinking are gone.
    memory: u64,
    reserved: Arc<AtomicU64>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.stop.close();
        let _ = self
            .reserved
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |r| {
                Some(r.saturating_sub(self.memory))
            });
    }
}

impl Slot {
    fn touch(&self) {
        *self.used.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
    }

    fn idle_for(&self) -> Duration {
        self.used
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .elapsed()
    }

    /// Notes that the match is over, if `table` says so.
    fn note_finished(&self, table: &dyn Table) {
        if table.is_over() {
            self.finished
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert_with(Instant::now);
        }
    }

    /// How long ago the match ended, if it has.
    fn finished_for(&self) -> Option<Duration> {
        self.finished
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .map(|t| t.elapsed())
    }

    /// The seat a token opens, checked in constant time per seat. The opener's link carries
    /// `TOKEN.HOST_KEY`: the host key, when sent, must be the table's.
    fn check(&self, seat: usize, token: Option<&str>) -> Result<Seat, ApiError> {
        let (token, host) = match token.and_then(|t| t.split_once('.')) {
            Some((token, host)) => (Some(token), Some(host)),
            None => (token, None),
        };
        if host.is_some_and(|h| !same(h.as_bytes(), self.host.as_bytes())) {
            return Err(ApiError::forbidden(
                "the part of this link after the dot is not this table's host key".to_owned(),
            ));
        }
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Err(ApiError::forbidden(
                "a seat token is required: send the part of your seat's link after # as \
                 `Authorization: Bearer TOKEN`"
                    .to_owned(),
            ));
        };
        let Some(entry) = self.tokens.get(seat) else {
            return Err(ApiError::not_found(format!(
                "this table has no seat {seat}"
            )));
        };
        match entry {
            Some(t) if same(t.as_bytes(), token.as_bytes()) => Ok(Seat(seat as u8)),
            _ => Err(ApiError::forbidden(
                "this token does not open that seat".to_owned(),
            )),
        }
    }
}

impl Slot {
    /// A new single-use ticket for `seat`'s event stream.
    fn ticket(&self, seat: usize) -> Result<String, ApiError> {
        let value = random_hex(16)?;
        let mut tickets = self.tickets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        tickets.retain(|t| t.until > now);
        if tickets.len() >= MAX_TICKETS {
            tickets.remove(0);
        }
        tickets.push(Ticket {
            value: value.clone(),
            seat,
            until: now + TICKET_LIFE,
        });
        Ok(value)
    }

    /// Uses up a ticket for `seat`.
    fn redeem(&self, seat: usize, ticket: Option<&str>) -> Result<Seat, ApiError> {
        let refused = || {
            ApiError::forbidden(
                "this event stream needs a fresh ticket: POST to the seat's `ticket` with its \
                 token (a ticket is good once, for 30 seconds)"
                    .to_owned(),
            )
        };
        let ticket = ticket.filter(|t| !t.is_empty()).ok_or_else(refused)?;
        if seat >= self.tokens.len() {
            return Err(ApiError::not_found(format!(
                "this table has no seat {seat}"
            )));
        }
        let mut tickets = self.tickets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        tickets.retain(|t| t.until > now);
        let i = tickets
            .iter()
            .position(|t| t.seat == seat && same(t.value.as_bytes(), ticket.as_bytes()))
            .ok_or_else(refused)?;
        tickets.swap_remove(i);
        Ok(Seat(seat as u8))
    }
}

/// Equality that takes the same time wherever the texts differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Why a table is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Closed {
    /// Its host closed it.
    Host,
    /// Its match was over, and [`FINISHED_KEEP`] passed.
    Finished,
    /// Nobody used it for the server's idle time.
    Idle,
}

/// The tables closed lately, and why: at most [`GONE_KEPT`], for at most [`GONE_FOR`].
#[derive(Debug, Default)]
struct Gone {
    why: HashMap<String, (Closed, Instant)>,
    order: VecDeque<String>,
}

impl Gone {
    fn note(&mut self, id: &str, why: Closed) {
        let now = Instant::now();
        while self.order.len() >= GONE_KEPT
            || self.order.front().is_some_and(|old| {
                self.why
                    .get(old)
                    .is_none_or(|(_, when)| now.duration_since(*when) > GONE_FOR)
            })
        {
            if let Some(old) = self.order.pop_front() {
                self.why.remove(&old);
            }
        }
        if self.why.insert(id.to_owned(), (why, now)).is_none() {
            self.order.push_back(id.to_owned());
        }
    }

    fn get(&self, id: &str) -> Option<(Closed, Duration)> {
        self.why
            .get(id)
            .map(|(why, when)| (*why, when.elapsed()))
            .filter(|(_, ago)| *ago <= GONE_FOR)
    }
}

/// A span of time in words: `40 seconds`, `3 minutes`, `2 hours`.
fn words(d: Duration) -> String {
    let s = d.as_secs();
    if s == 0 {
        return "less than a second".to_owned();
    }
    let (n, unit) = match s {
        0..120 => (s, "second"),
        120..7200 => (s / 60, "minute"),
        _ => (s / 3600, "hour"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

/// The server's tables.
struct Server {
    tables: Mutex<HashMap<String, Arc<Slot>>>,
    /// The tables closed lately, and why.
    gone: Mutex<Gone>,
    max_tables: usize,
    max_per_client: usize,
    idle: Duration,
    /// The memory the bots of all tables may take, in bytes.
    bots_memory: u64,
    /// The memory one table's bots may take, in bytes.
    table_memory: u64,
    /// The memory reserved by the tables open (and those closed whose bots still think).
    reserved: Arc<AtomicU64>,
    /// Event streams open per client address.
    streams: Arc<net::Counter>,
    limits: Limits,
    /// Whether tables may seat `exec:` bots.
    allow_exec: bool,
}

type Shared = Arc<Server>;

impl Server {
    /// The table of an id; the caller checks a token before [`Slot::touch`].
    fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let slot = self
            .tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned();
        slot.ok_or_else(|| self.unknown(id))
    }

    /// Why there is no table `id`, as far as the server knows.
    fn unknown(&self, id: &str) -> ApiError {
        let gone = self
            .gone
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id);
        ApiError::not_found(match gone {
            Some((Closed::Host, ago)) => {
                format!("table {id:?} was closed by its host {} ago", words(ago))
            }
            Some((Closed::Finished, ago)) => format!(
                "table {id:?} finished its match and was removed {} ago (a finished table stays \
                 {} for its log, or the server's idle time if shorter)",
                words(ago),
                words(FINISHED_KEEP)
            ),
            Some((Closed::Idle, ago)) => format!(
                "table {id:?} was closed {} ago, after {} without use",
                words(ago),
                words(self.idle)
            ),
            None => format!(
                "no table {id:?}: this server has not opened it since it started, or closed it \
                 more than {} ago or before its last {GONE_KEPT} closings",
                words(GONE_FOR)
            ),
        })
    }

    /// Closes a table: its driver stops, its bots' clocks jump, its pages are told (and then
    /// hear why it is gone), and the server remembers why.
    fn close(&self, id: &str, slot: &Slot, why: Closed) {
        slot.stop.close();
        slot.changed.send_modify(|v| *v += 1);
        self.gone
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .note(id, why);
    }

    /// Closes the tables idle for longer than allowed, and those finished for
    /// [`FINISHED_KEEP`]; of the finished ones, at most [`Server::max_tables`] stay (the
    /// oldest go first), so that they too are bounded.
    fn reap(&self) {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        let mut finished: Vec<(Duration, String)> = Vec::new();
        tables.retain(|id, slot| {
            let over = slot.finished_for();
            let idle = slot.idle_for() > self.idle;
            let why = if over.is_some_and(|d| d >= FINISHED_KEEP || idle) {
                Some(Closed::Finished)
            } else if idle {
                Some(Closed::Idle)
            } else {
                None
            };
            if let Some(why) = why {
                self.close(id, slot, why);
                return false;
            }
            if let Some(d) = over {
                finished.push((d, id.clone()));
            }
            true
        });
        if finished.len() > self.max_tables {
            finished.sort_unstable_by_key(|f| std::cmp::Reverse(f.0));
            for (_, id) in finished.iter().take(finished.len() - self.max_tables) {
                if let Some(slot) = tables.remove(id) {
                    self.close(id, &slot, Closed::Finished);
                }
            }
        }
    }
}

/// The tables of `tables` still playing: in all, and opened from `ip`.
fn playing(tables: &HashMap<String, Arc<Slot>>, ip: IpAddr) -> (usize, usize) {
    tables
        .values()
        .filter(|slot| slot.finished_for().is_none())
        .fold((0, 0), |(all, mine), slot| {
            (all + 1, mine + usize::from(slot.owner == ip))
        })
}

/// `n` random bytes from the operating system, as hex.
fn random_hex(n: usize) -> Result<String, ApiError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("no randomness from the system: {e}"),
        )
    })?;
    Ok(bytes.iter().fold(String::with_capacity(2 * n), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    }))
}

/// Runs the server until the process is stopped.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(options: &ServeOptions, out: &mut dyn Write) -> Result<(), CliError> {
    if options.memory <= SERVER_BYTES {
        return Err(CliError::Usage(format!(
            "--memory-mb {}: give more than the {} MB the server keeps for itself",
            options.memory >> 20,
            SERVER_BYTES >> 20
        )));
    }
    // More connections than the process may open files would fail at random: the limits
    // below, not the process's, should turn clients away.
    let files = net::raise_file_limit().unwrap_or(1024);
    let mut limits = options.limits;
    limits.total = limits
        .total
        .min(usize::try_from(files.saturating_sub(64)).unwrap_or(usize::MAX))
        .max(1);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(CliError::Output)?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(options.bind)
            .await
            .map_err(|source| CliError::Io {
                path: options.bind.to_string(),
                source,
            })?;
        let addr = listener.local_addr().map_err(CliError::Output)?;
        let shared: Shared = Arc::new(Server {
            tables: Mutex::new(HashMap::new()),
            gone: Mutex::new(Gone::default()),
            max_tables: options.max_tables,
            max_per_client: options.max_tables_per_client,
            idle: options.idle,
            bots_memory: options.memory - SERVER_BYTES,
            table_memory: options.table_memory,
            reserved: Arc::new(AtomicU64::new(0)),
            streams: Arc::new(net::Counter::default()),
            limits,
            allow_exec: options.allow_exec,
        });
        let reaper = Arc::clone(&shared);
        let every = (options.idle / 4).clamp(Duration::from_millis(200), Duration::from_secs(10));
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(every).await;
                reaper.reap();
            }
        });
        let shown = if addr.ip().is_unspecified() {
            SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
        } else {
            addr
        };
        writeln!(
            out,
            "cards serve: open http://{shown}/ in a browser (Ctrl-C stops)"
        )?;
        if addr.ip().is_unspecified() {
            writeln!(
                out,
                "listening on every interface: friends on your network open \
                 http://<this machine's address>:{}/",
                addr.port()
            )?;
        }
        out.flush()?;
        let hosts = AllowedHosts(
            options
                .hosts
                .iter()
                .map(|h| h.to_ascii_lowercase())
                .collect(),
        );
        net::run(listener, router(shared, hosts), limits).await;
        Ok(())
    })
}

/// The server's routes, with the host check, the body deadline and the headers of every
/// answer.
fn router(shared: Shared, hosts: AllowedHosts) -> axum::Router {
    let body_timeout = shared.limits.body_timeout;
    axum::Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/play/{id}/{seat}", get(|| async { asset("table.html") }))
        .route("/assets/{name}", get(asset_route))
        .route("/api/games", get(list_games))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{id}/close", post(close_table))
        .route("/api/tables/{id}/seats/{seat}/state", get(seat_state))
        .route("/api/tables/{id}/seats/{seat}/act", post(act))
        .route("/api/tables/{id}/seats/{seat}/next", post(next_deal))
        .route("/api/tables/{id}/seats/{seat}/ticket", post(ticket))
        .route("/api/tables/{id}/seats/{seat}/events", get(events))
        .route("/api/tables/{id}/seats/{seat}/log", get(download_log))
        .fallback(|| async { ApiError::not_found("no such page".to_owned()) })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
        .layer(axum::middleware::from_fn_with_state(
            body_timeout,
            net::read_body,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(hosts),
            net::check_host,
        ))
        .layer(axum::middleware::map_response(net::secure_headers))
}

/// The page's files, embedded at build time.
const ASSETS: [(&str, &str, &str); 7] = [
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../../assets/index.html"),
    ),
    (
        "table.html",
        "text/html; charset=utf-8",
        include_str!("../../assets/table.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../../assets/style.css"),
    ),
    (
        "cards.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/cards.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/lobby.js"),
    ),
    (
        "table.js",
        "text/javascript; charset=utf-8",
        include_str!("../../assets/table.js"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_str!("../../assets/icon.svg"),
    ),
];

fn asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::not_found(format!("no asset {name:?}")).into_response(),
    }
}

async fn asset_route(path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(name)) => asset(&name),
        Err(e) => ApiError::from(e).into_response(),
    }
}

#[derive(Serialize)]
struct GamesBody {
    games: Vec<lobby::GameInfo>,
    bots: [&'static str; 4],
    default_pace_ms: u64,
    /// Every bot kind and option the server seats, and its cap.
    bot_caps: Vec<caps::CapInfo>,
    /// The think time a search bot gets when its spec names none.
    default_bot_ms: u64,
    /// The memory one table's bots may take, in MB.
    table_memory_mb: u64,
}

async fn list_games(State(shared): State<Shared>) -> Json<GamesBody> {
    Json(GamesBody {
        games: lobby::games(),
        bots: lobby::BOT_CHOICES,
        default_pace_ms: lobby::DEFAULT_PACE_MS,
        bot_caps: caps::cap_infos(),
        default_bot_ms: DEFAULT_BOT_MS,
        table_memory_mb: shared.table_memory >> 20,
    })
}

#[derive(Serialize)]
struct SeatLink {
    seat: usize,
    kind: table::SeatKind,
    /// The secret link of a person's seat (a path; the page adds the host).
    link: Option<String>,
}

#[derive(Serialize)]
struct Created {
    table: String,
    /// The key that closes the table (`POST /api/tables/{id}/close`); the first person seat's
    /// link carries it too, after its token and a dot.
    host_key: String,
    game: String,
    /// The commitment to the secret seed, or a practice table (never the seed itself).
    dealing: table::Dealing,
    seats: Vec<SeatLink>,
}

async fn create_table(
    State(shared): State<Shared>,
    peer: Option<Extension<net::Peer>>,
    body: Result<Json<lobby::NewTable>, JsonRejection>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(p)| p.0);
    let Json(mut request) = body?;
    request.allow_exec = shared.allow_exec;
    let secret = match request.seed.as_deref().map(str::trim) {
        None | Some("") => crate::fair::DealSecret::draw()
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?,
        Some(text) => crate::fair::DealSecret::chosen(text.parse::<u64>().map_err(|_| {
            ApiError::bad(format!(
                "seed {text:?}: write a whole number from 0 to {}, or leave it empty",
                u64::MAX
            ))
        })?),
    };
    let pace = request.pace_ms.unwrap_or(lobby::DEFAULT_PACE_MS);
    if pace > lobby::MAX_PACE_MS {
        return Err(ApiError::bad(format!(
            "pace_ms {pace}: at most {}",
            lobby::MAX_PACE_MS
        )));
    }
    request.budget = Some(Budget {
        table: shared.table_memory,
        left: shared
            .bots_memory
            .saturating_sub(shared.reserved.load(Ordering::SeqCst)),
    });
    let table = lobby::open_named_table(&request, secret)?;
    let dealing = table.dealing();
    let memory = table.memory();
    let stop = table.stop();
    let kinds = table.seats().to_vec();
    let mut tokens = Vec::with_capacity(kinds.len());
    for kind in &kinds {
        tokens.push(match kind {
            table::SeatKind::Person => Some(random_hex(16)?),
            table::SeatKind::Bot(_) => None,
        });
    }
    let id = random_hex(8)?;
    let host = random_hex(16)?;
    let mut slot = Slot {
        table: Arc::new(tokio::sync::Mutex::new(table)),
        tokens,
        host,
        owner: ip,
        finished: Mutex::new(None),
        changed: tokio::sync::watch::Sender::new(0),
        used: Mutex::new(Instant::now()),
        stop,
        pace: Duration::from_millis(pace),
        tickets: Mutex::new(Vec::new()),
        memory: 0,
        reserved: Arc::clone(&shared.reserved),
    };
    let slot = {
        let mut tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
        if playing(&tables, ip).0 >= shared.max_tables || tables.len() >= 2 * shared.max_tables {
            drop(tables);
            shared.reap();
            tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
        }
        let (all, mine) = playing(&tables, ip);
        if all >= shared.max_tables {
            return Err(ApiError::unavailable(format!(
                "this server has {all} tables playing, its most (--max-tables {}): try again \
                 when one has finished or closed",
                shared.max_tables
            )));
        }
        if mine >= shared.max_per_client {
            return Err(ApiError::unavailable(format!(
                "your address has opened {mine} tables still playing, the most one address may \
                 (--max-tables-per-client {}): close one (its host's seat page has \
                 \"Close the table\") or finish it first",
                shared.max_per_client
            )));
        }
        // The budget again, now that no other request can reserve meanwhile.
        let reserved = shared.reserved.load(Ordering::SeqCst);
        Budget {
            table: shared.table_memory,
            left: shared.bots_memory.saturating_sub(reserved),
        }
        .check(memory)?;
        shared.reserved.fetch_add(memory, Ordering::SeqCst);
        slot.memory = memory;
        let slot = Arc::new(slot);
        tables.insert(id.clone(), Arc::clone(&slot));
        slot
    };
    tokio::spawn(drive(Arc::clone(&slot)));
    // The answer holds every seat's secret link: `secure_headers` marks it not to be stored.
    // The first person seat is the opener's: its link carries the host key too.
    let opener = slot.tokens.iter().position(Option::is_some);
    let seats = kinds
        .into_iter()
        .zip(&slot.tokens)
        .enumerate()
        .map(|(seat, (kind, token))| SeatLink {
            seat,
            kind,
            link: token.as_ref().map(|t| {
                if Some(seat) == opener {
                    format!("/play/{id}/{seat}#{t}.{}", slot.host)
                } else {
                    format!("/play/{id}/{seat}#{t}")
                }
            }),
        })
        .collect();
    Ok((
        StatusCode::CREATED,
        Json(Created {
            table: id,
            host_key: slot.host.clone(),
            game: request.game,
            dealing,
            seats,
        }),
    ))
}

/// Moves a table by itself until it is closed. The moves people watch (a bot's choice
/// between options, outside Big A's draw) wait for the table's pace first; the moves nobody
/// chooses (a single option, a bot's or a person's) and the bots' decisions in the draw are
/// taken at once, in runs (see [`Table::begin_drive`]). Bots think on a blocking thread with
/// what they need taken out of the table, so the table's lock is held only to take and to
/// apply, and its pages are answered meanwhile from the last version.
async fn drive(slot: Arc<Slot>) {
    let mut seen = slot.changed.subscribe();
    loop {
        if slot.stop.is_closed() {
            return;
        }
        let (wants, pace) = {
            let table = slot.table.lock().await;
            slot.note_finished(&**table);
            (table.wants_drive(), table.wants_pace())
        };
        if !wants {
            if seen.changed().await.is_err() {
                return;
            }
            continue;
        }
        if pace {
            tokio::time::sleep(slot.pace).await;
        }
        let thinking = {
            let mut table = slot.table.lock().await;
            if slot.stop.is_closed() {
                return;
            }
            match table.begin_drive() {
                Drive::Idle => None,
                Drive::Think(thinking) => Some(thinking),
            }
        };
        let Some(thinking) = thinking else {
            // Nothing to do after all: wait for a change rather than spin.
            if seen.changed().await.is_err() {
                return;
            }
            continue;
        };
        let Ok(thought) = tokio::task::spawn_blocking(move || thinking.think()).await else {
            // A bot that panicked: the table stays as it was; stop driving it.
            return;
        };
        if slot.stop.is_closed() {
            return;
        }
        let moved = {
            let mut table = slot.table.lock().await;
            let moved = table.end_drive(thought).then(|| table.version());
            slot.note_finished(&**table);
            moved
        };
        if let Some(version) = moved {
            slot.changed.send_replace(version);
            seen.mark_unchanged();
        } else if seen.changed().await.is_err() {
            // Nothing moved (the table moved on meanwhile, or refused the move): wait for a
            // change rather than spin.
            return;
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatQuery {
    /// Refused: a token in the address would be kept by logs and histories.
    token: Option<String>,
    #[serde(default)]
    since: usize,
}

/// The seat token of a request: `Authorization: Bearer T`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then_some(token.trim())
}

/// Refuses a token in the address.
fn no_token_in_address(token: Option<&String>) -> Result<(), ApiError> {
    if token.is_some() {
        return Err(ApiError::bad(
            "a seat token is not taken in the address (logs and histories keep addresses): \
             send it as `Authorization: Bearer TOKEN`"
                .to_owned(),
        ));
    }
    Ok(())
}

/// The table and seat a request names, its token checked; only then does the request count as
/// a use of the table.
fn open_seat(
    shared: &Server,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: &HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<(Arc<Slot>, Seat, usize), ApiError> {
    let Path((id, seat)) = path?;
    let Query(query) = query?;
    no_token_in_address(query.token.as_ref())?;
    let slot = shared.slot(&id)?;
    let seat = slot.check(seat, bearer(headers))?;
    slot.touch();
    Ok((slot, seat, query.since))
}

async fn seat_state(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let state = slot.table.lock().await.seat_state(seat, since);
    Ok(Json(state).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: String,
    #[serde(default)]
    version: Option<u64>,
}

/// Why an action request cannot be read, in words (serde's own names types such as `u64`).
fn act_request_error(e: JsonRejection) -> ApiError {
    match e {
        // The status stays axum's: 400 for text that is no JSON, 422 for JSON of another form.
        JsonRejection::JsonDataError(_) | JsonRejection::JsonSyntaxError(_) => ApiError::new(
            e.status(),
            "an action is sent as {\"action\": the action's text, \"version\": the table's \
             version your page showed, a whole number (or left out)}"
                .to_owned(),
        ),
        other => ApiError::from(other),
    }
}

/// The longest action text read.
const MAX_ACTION: usize = 1024;

async fn act(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
    body: Result<Json<ActBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let Json(body) = body.map_err(act_request_error)?;
    if body.action.len() > MAX_ACTION {
        return Err(ApiError::bad(format!(
            "an action of {} bytes: no action is longer than {MAX_ACTION}",
            body.action.len()
        )));
    }
    let mut table = slot.table.lock().await;
    table.act(seat, body.action.trim(), body.version)?;
    Ok(changed(&slot, &**table, seat, since))
}

async fn next_deal(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let mut table = slot.table.lock().await;
    table.next_deal(seat)?;
    Ok(changed(&slot, &**table, seat, since))
}

/// The answer to a request that changed `table`: the seat's state, after telling every open
/// page of the table about the new version.
fn changed(slot: &Slot, table: &dyn Table, seat: Seat, since: usize) -> Response {
    slot.note_finished(table);
    slot.changed.send_replace(table.version());
    Json(table.seat_state(seat, since)).into_response()
}

#[derive(Serialize)]
struct ClosedBody {
    closed: String,
}

/// The host closes a table: its bots stop, its place is free at once, and its pages are told
/// that its host closed it.
async fn close_table(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
    headers: HeaderMap,
) -> Result<Json<ClosedBody>, ApiError> {
    let Path(id) = path?;
    // The host key alone, or the opener's whole `TOKEN.HOST_KEY`.
    let Some(key) = bearer(&headers)
        .map(|k| k.rsplit('.').next().unwrap_or(k))
        .filter(|k| !k.is_empty())
    else {
        return Err(ApiError::forbidden(
            "closing a table needs its host key: send the part of the opener's link after the \
             dot as `Authorization: Bearer HOST_KEY`"
                .to_owned(),
        ));
    };
    let mut tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(slot) = tables.get(&id) else {
        drop(tables);
        return Err(shared.unknown(&id));
    };
    if !same(slot.host.as_bytes(), key.as_bytes()) {
        return Err(ApiError::forbidden(
            "this key does not close the table: only its host's (the opener's link) does"
                .to_owned(),
        ));
    }
    if let Some(slot) = tables.remove(&id) {
        shared.close(&id, &slot, Closed::Host);
    }
    Ok(Json(ClosedBody { closed: id }))
}

#[derive(Serialize)]
struct TicketBody {
    ticket: String,
    expires_in_ms: u64,
}

async fn ticket(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Json<TicketBody>, ApiError> {
    let (slot, seat, _) = open_seat(&shared, path, &headers, query)?;
    Ok(Json(TicketBody {
        ticket: slot.ticket(usize::from(seat.0))?,
        expires_in_ms: TICKET_LIFE.as_millis() as u64,
    }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EventsQuery {
    /// Refused, as in [`SeatQuery`].
    token: Option<String>,
    ticket: Option<String>,
}

async fn events(
    State(shared): State<Shared>,
    peer: Option<Extension<net::Peer>>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<EventsQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Path((id, seat)) = path?;
    let Query(query) = query?;
    no_token_in_address(query.token.as_ref())?;
    let slot = shared.slot(&id)?;
    slot.redeem(seat, query.ticket.as_deref())?;
    slot.touch();
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(p)| p.0);
    let streams = shared.limits.streams_per_client;
    let Some(counted) = shared.streams.admit(ip, streams, usize::MAX) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "{streams} pages from your address are following tables already, this server's \
                 most (--max-streams-per-client): close one"
            ),
        ));
    };
    // A weak handle, so that an open page does not keep a closed table alive.
    let touch = Arc::downgrade(&slot);
    let stream = WatchStream::new(slot.changed.subscribe()).map(move |version| {
        let _counted = &counted;
        if let Some(slot) = touch.upgrade() {
            slot.touch();
        }
        Ok::<_, std::convert::Infallible>(
            Event::default().event("update").data(version.to_string()),
        )
    });
    // Keep-alives well within the idle timeout, so a page that reads stays connected.
    let every =
        (shared.limits.idle_timeout / 3).clamp(Duration::from_millis(100), Duration::from_secs(15));
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(every))
        .into_response())
}

async fn download_log(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, _seat, _) = open_seat(&shared, path, &headers, query)?;
    let table = slot.table.lock().await;
    let log = table.log()?;
    let name = format!("{}-{}.json", table.game(), log.seed);
    drop(table);
    let text = serde_json::to_string_pretty(&log).map_err(|e| ApiError::internal(&e))? + "\n";
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response())
}
