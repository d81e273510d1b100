//! `cards serve`: play in the browser. An HTTP server (axum on tokio) holds the tables; each
//! seat's page is sent only that seat's screen, legal actions and redacted narration, and is
//! told of changes by server-sent events. The page's files are embedded in the binary.
//!
//! The API (JSON; errors are `{"error": "..."}` with a 4xx status):
//! - `GET /api/games`: the games, their player counts, variant options and bot kinds;
//! - `POST /api/tables`: open a table (see `lobby::NewTable`); the answer has one secret link
//!   per person seat;
//! - `GET /api/tables/{id}/seats/{seat}/state?token=T&since=N`: that seat's `table::SeatState`;
//! - `POST /api/tables/{id}/seats/{seat}/act?token=T` with `{"action": "...", "version": V}`;
//! - `POST /api/tables/{id}/seats/{seat}/next?token=T`: ask for the next deal, which starts
//!   when every person at the table has asked;
//! - `GET /api/tables/{id}/seats/{seat}/events?token=T`: server-sent `update` events;
//! - `GET /api/tables/{id}/seats/{seat}/log?token=T`: the log, once the match is over, in the
//!   format of `cards play --save`.

mod lobby;
mod table;

pub use lobby::{NewTable, open_table};
pub use table::{DealResult, SeatKind, SeatState, Table};

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
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
    /// The most tables open at once.
    pub max_tables: usize,
    /// A table nobody has looked at for this long is closed.
    pub idle: Duration,
}

/// The largest request body read, in bytes.
pub const MAX_BODY: usize = 16 * 1024;

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
        let mut response = (
            self.status,
            Json(ErrorBody {
                error: &self.message,
            }),
        )
            .into_response();
        no_store(&mut response);
        response
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

/// Marks a response as not to be stored by caches or sent on as a referrer.
fn no_store(response: &mut Response) {
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
}

/// One open table and what the server keeps beside it.
struct Slot {
    /// The table; a bot thinks while holding it.
    table: Arc<tokio::sync::Mutex<Box<dyn Table>>>,
    /// The seat tokens, `None` for bot seats.
    tokens: Vec<Option<String>>,
    /// The table's version, watched by the pages' event streams and the driver.
    changed: tokio::sync::watch::Sender<u64>,
    /// Last time a page asked anything of the table.
    used: Mutex<Instant>,
    /// Set when the table is closed; its driver stops.
    closed: AtomicBool,
    /// The pause before a bot's move.
    pace: Duration,
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

    /// The seat a token opens, checked in constant time per seat.
    fn check(&self, seat: usize, token: Option<&str>) -> Result<Seat, ApiError> {
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Err(ApiError::forbidden(
                "a seat token is required (the `token` in your seat's link)".to_owned(),
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

/// Equality that takes the same time wherever the texts differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// The server's tables.
struct Server {
    tables: Mutex<HashMap<String, Arc<Slot>>>,
    max_tables: usize,
    idle: Duration,
}

type Shared = Arc<Server>;

impl Server {
    fn slot(&self, id: &str) -> Result<Arc<Slot>, ApiError> {
        let slot = self
            .tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .cloned()
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "no table {id:?}: it never existed, or it was closed after {} minutes \
                     without use",
                    self.idle.as_secs() / 60
                ))
            })?;
        slot.touch();
        Ok(slot)
    }

    /// Closes the tables idle for longer than allowed.
    fn reap(&self) {
        let mut tables = self.tables.lock().unwrap_or_else(PoisonError::into_inner);
        tables.retain(|_, slot| {
            let keep = slot.idle_for() <= self.idle;
            if !keep {
                slot.closed.store(true, Ordering::SeqCst);
                slot.changed.send_modify(|v| *v += 1);
            }
            keep
        });
    }
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
            max_tables: options.max_tables,
            idle: options.idle,
        });
        let reaper = Arc::clone(&shared);
        let every = (options.idle / 4).clamp(Duration::from_millis(200), Duration::from_secs(30));
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
        axum::serve(listener, router(shared))
            .await
            .map_err(CliError::Output)
    })
}

/// The server's routes.
fn router(shared: Shared) -> axum::Router {
    axum::Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/play/{id}/{seat}", get(|| async { asset("table.html") }))
        .route("/assets/{name}", get(asset_route))
        .route("/api/games", get(list_games))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{id}/seats/{seat}/state", get(seat_state))
        .route("/api/tables/{id}/seats/{seat}/act", post(act))
        .route("/api/tables/{id}/seats/{seat}/next", post(next_deal))
        .route("/api/tables/{id}/seats/{seat}/events", get(events))
        .route("/api/tables/{id}/seats/{seat}/log", get(download_log))
        .fallback(|| async { ApiError::not_found("no such page".to_owned()) })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(shared)
}

/// The page's files, embedded at build time.
const ASSETS: [(&str, &str, &str); 6] = [
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
];

fn asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => {
            let mut response = ([(header::CONTENT_TYPE, *kind)], *body).into_response();
            no_store(&mut response);
            response
        }
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
}

async fn list_games() -> Json<GamesBody> {
    Json(GamesBody {
        games: lobby::games(),
        bots: lobby::BOT_CHOICES,
        default_pace_ms: lobby::DEFAULT_PACE_MS,
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
    game: String,
    /// The commitment to the secret seed, or a practice table (never the seed itself).
    dealing: table::Dealing,
    seats: Vec<SeatLink>,
}

async fn create_table(
    State(shared): State<Shared>,
    body: Result<Json<lobby::NewTable>, JsonRejection>,
) -> Result<(StatusCode, Json<Created>), ApiError> {
    let Json(request) = body?;
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
    let table = lobby::open_named_table(&request, secret)?;
    let dealing = table.dealing();
    let kinds = table.seats().to_vec();
    let mut tokens = Vec::with_capacity(kinds.len());
    for kind in &kinds {
        tokens.push(match kind {
            table::SeatKind::Person => Some(random_hex(16)?),
            table::SeatKind::Bot(_) => None,
        });
    }
    let id = random_hex(8)?;
    let slot = Arc::new(Slot {
        table: Arc::new(tokio::sync::Mutex::new(table)),
        tokens,
        changed: tokio::sync::watch::Sender::new(0),
        used: Mutex::new(Instant::now()),
        closed: AtomicBool::new(false),
        pace: Duration::from_millis(pace),
    });
    {
        let mut tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
        if tables.len() >= shared.max_tables {
            drop(tables);
            shared.reap();
            tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
        }
        if tables.len() >= shared.max_tables {
            return Err(ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "this server holds {} tables, its most: try again when one has closed",
                    shared.max_tables
                ),
            ));
        }
        tables.insert(id.clone(), Arc::clone(&slot));
    }
    tokio::spawn(drive(Arc::clone(&slot)));
    let seats = kinds
        .into_iter()
        .zip(&slot.tokens)
        .enumerate()
        .map(|(seat, (kind, token))| SeatLink {
            seat,
            kind,
            link: token.as_ref().map(|t| format!("/play/{id}/{seat}#{t}")),
        })
        .collect();
    Ok((
        StatusCode::CREATED,
        Json(Created {
            table: id,
            game: request.game,
            dealing,
            seats,
        }),
    ))
}

/// Moves a table's bots (and people's only options), one move per pace, until it is closed.
async fn drive(slot: Arc<Slot>) {
    let mut seen = slot.changed.subscribe();
    loop {
        if slot.closed.load(Ordering::SeqCst) {
            return;
        }
        let wants = slot.table.lock().await.wants_drive();
        if !wants {
            if seen.changed().await.is_err() {
                return;
            }
            continue;
        }
        tokio::time::sleep(slot.pace).await;
        let guard = Arc::clone(&slot.table).lock_owned().await;
        let moved = tokio::task::spawn_blocking(move || {
            let mut table = guard;
            table.drive().then(|| table.version())
        })
        .await;
        match moved {
            Ok(Some(version)) => {
                slot.changed.send_replace(version);
                seen.mark_unchanged();
            }
            Ok(None) => {}
            // A bot that panicked: the table stays as it was; stop driving it.
            Err(_) => return,
        }
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SeatQuery {
    token: Option<String>,
    #[serde(default)]
    since: usize,
}

/// The table and seat a request names, its token checked.
fn open_seat(
    shared: &Server,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<(Arc<Slot>, Seat, usize), ApiError> {
    let Path((id, seat)) = path?;
    let Query(query) = query?;
    let slot = shared.slot(&id)?;
    let seat = slot.check(seat, query.token.as_deref())?;
    Ok((slot, seat, query.since))
}

async fn seat_state(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, query)?;
    let state = slot.table.lock().await.seat_state(seat, since);
    let mut response = Json(state).into_response();
    no_store(&mut response);
    Ok(response)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    action: String,
    #[serde(default)]
    version: Option<u64>,
}

/// The longest action text read.
const MAX_ACTION: usize = 1024;

async fn act(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
    body: Result<Json<ActBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, query)?;
    let Json(body) = body?;
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
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, query)?;
    let mut table = slot.table.lock().await;
    table.next_deal(seat)?;
    Ok(changed(&slot, &**table, seat, since))
}

/// The answer to a request that changed `table`: the seat's state, after telling every open
/// page of the table about the new version.
fn changed(slot: &Slot, table: &dyn Table, seat: Seat, since: usize) -> Response {
    slot.changed.send_replace(table.version());
    let mut response = Json(table.seat_state(seat, since)).into_response();
    no_store(&mut response);
    response
}

async fn events(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, _seat, _) = open_seat(&shared, path, query)?;
    // A weak handle, so that an open page does not keep a closed table alive.
    let touch = Arc::downgrade(&slot);
    let stream = WatchStream::new(slot.changed.subscribe()).map(move |version| {
        if let Some(slot) = touch.upgrade() {
            slot.touch();
        }
        Ok::<_, std::convert::Infallible>(
            Event::default().event("update").data(version.to_string()),
        )
    });
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response();
    no_store(&mut response);
    Ok(response)
}

async fn download_log(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, _seat, _) = open_seat(&shared, path, query)?;
    let table = slot.table.lock().await;
    let log = table.log()?;
    let name = format!("{}-{}.json", table.game(), log.seed);
    drop(table);
    let text = serde_json::to_string_pretty(&log).map_err(|e| ApiError::internal(&e))? + "\n";
    let disposition = HeaderValue::from_str(&format!("attachment; filename=\"{name}\""))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"));
    let mut response = (
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            ),
            (header::CONTENT_DISPOSITION, disposition),
        ],
        text,
    )
        .into_response();
    no_store(&mut response);
    Ok(response)
}
