//! The card room as a library, behind `cards serve`: play in the browser. An HTTP server (axum on tokio) holds the tables; each
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
//! - `GET /api/tables/{id}/seats/{seat}/events?ticket=K`: server-sent `update` events (the
//!   table's version) at every change; with `&since=N` (the narration lines the page holds),
//!   `state` events instead, each the seat's whole state as `.../state` answers it, from the
//!   lines the stream sent before: a page follows the table without asking after each change
//!   (an `update` still comes once the table is closed or has moved, and the page then asks);
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
//!
#![doc = include_str!("../README.md")]

// The modules the room shares with the `cards` command, under their own names (`crate::fair`,
// `crate::log`, ...) so a module here says where a thing comes from.
use cards_kit::{analyze, bots, error, exec, fair, i18n, log, narrate, options, registry};

mod answers;
mod api;
mod caps;
mod hint;
mod host;
mod lobby;
mod messages;
mod net;
mod postgres;
mod review;
mod room;
mod slot;
mod sqlite;
mod store;
mod suggest;
mod table;
mod think;
mod watch;

pub use caps::{Allowed, DEFAULT_BOT_MS, LIMITS, MAX_BOT_MS, capped, caps_text};
pub use lobby::{Budget, NewTable, open_named_table, open_table};
pub use net::{AllowedHosts, CSP, Limits};
pub use sqlite::Sync as DbSync;
pub use table::{
    DealResult, Drive, MAX_RUN, SeatKind, SeatState, Stop, Table, Thinking, UNPACED_PHASES,
    run_summary,
};

use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::AtomicU64;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, Path};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Serialize;

use crate::error::CliError;
use api::{
    act, close_table, create_table, download_log, events, list_games, next_deal, seat_state, ticket,
};
use slot::{Closed, Gone, Slot, duration};

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
    /// How long a person must have been away from their seat (no request, no page open)
    /// before the host may give it to someone else without their agreement.
    pub away: Duration,
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
    /// The SQLite file the tables are kept in (`:memory:` keeps nothing), or a Postgres
    /// database's address (`postgres://...`).
    pub db: String,
    /// How its commits reach the disk.
    pub db_sync: DbSync,
    /// How long finished (and closed) tables are kept in the store: older ones are removed at
    /// start and every [`prune_every`] of this.
    pub keep: Duration,
    /// An online backup of the store: written to this file at start and every so often while
    /// the server runs (`--backup`, `--backup-minutes`).
    pub backup: Option<(String, Duration)>,
    /// In a room of servers on one Postgres database (`--advertise`): the address (`host:port`)
    /// the other servers reach this one at.
    pub advertise: Option<String>,
}

/// Writes the store's first backup to `path` (a path that cannot be written stops the server
/// before it answers anyone, in words), then one every `every` while the server runs; a
/// failed one leaves the last whole backup and is named on stderr.
fn keep_backing_up(store: store::Writer, path: String, every: Duration) -> Result<(), CliError> {
    let first = path.clone();
    store
        .read_blocking(move |s| s.backup(&first))
        .map_err(|e| CliError::Usage(format!("cards serve --backup {path}: {e}")))?;
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            let to = path.clone();
            if let Err(e) = store.read(move |s| s.backup(&to)).await {
                eprintln!("cards serve: the backup to {path} failed: {e}");
            }
        }
    });
    Ok(())
}

/// How often the store is rid of the tables older than `keep`: a quarter of it, from a second
/// to an hour.
pub fn prune_every(keep: Duration) -> Duration {
    (keep / 4).clamp(Duration::from_secs(1), Duration::from_secs(3600))
}

/// The rate of tables opened per client: [`Limits::opens_per_minute`] a minute, as many at
/// once.
fn opens_rate(limits: &Limits) -> net::Rate {
    let n = f64::from(limits.opens_per_minute);
    net::Rate::new(n / 60.0, n)
}

/// The rate of requests per client: [`Limits::requests_per_second`] a second, twice as many
/// at once.
fn requests_rate(limits: &Limits) -> net::Rate {
    let n = f64::from(limits.requests_per_second);
    net::Rate::new(n, 2.0 * n)
}

/// The store's batch that removes the tables finished or closed longer than `keep` ago.
fn prune(keep: Duration) -> Vec<store::Op> {
    vec![store::Op::Prune {
        before: store::now_secs().saturating_sub(keep.as_secs()),
    }]
}

/// The memory set aside for the server itself (its runtime, store and review cache) out of
/// [`ServeOptions::memory`]; the connections take `net::CONNECTION_BYTES` a place besides
/// ([`own_memory`]), and the rest is for the tables: their states as they grow and their
/// bots' thinking.
pub const SERVER_BYTES: u64 = 64 << 20;

/// The memory the server keeps for itself before any table: [`SERVER_BYTES`], and
/// `net::CONNECTION_BYTES` for every connection `limits` allow at once.
pub fn own_memory(limits: &Limits) -> u64 {
    SERVER_BYTES.saturating_add(net::CONNECTION_BYTES.saturating_mul(limits.total as u64))
}

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
    /// The message as the catalogue tells it, for a page that shows it in its language
    /// (sent beside the English text), where there is one.
    said: Option<cards_core::text::Message>,
}

/// What an error answer says: a catalogue message (`serve-error-…` in `cards-kit/i18n/LANG/serve.ftl`,
/// its English text formatted from the English catalogue), or English text that no catalogue
/// tells (a system's or a library's error).
#[derive(Clone, Debug)]
pub enum Said {
    /// Text no catalogue tells.
    Text(String),
    /// A catalogue message.
    Told(cards_core::text::Message),
}

impl From<String> for Said {
    fn from(text: String) -> Self {
        Said::Text(text)
    }
}

impl From<cards_core::text::Message> for Said {
    fn from(m: cards_core::text::Message) -> Self {
        Said::Told(m)
    }
}

/// Text no catalogue tells (a system's or a library's error), as an argument of a message.
pub fn untold(text: impl std::fmt::Display) -> cards_core::text::Message {
    cards_core::text::Message::new(crate::i18n::UNTOLD).text("text", text)
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<Said>) -> Self {
        match message.into() {
            Said::Text(message) => ApiError {
                status,
                message,
                said: None,
            },
            Said::Told(said) => ApiError {
                status,
                message: crate::i18n::Catalogue::get(crate::i18n::Lang::En).format(&said),
                said: Some(said),
            },
        }
    }
    /// A malformed or impossible request (400).
    pub fn bad(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }
    /// A missing or wrong seat token, or a seat the token may not play (403).
    pub fn forbidden(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }
    /// No such table or seat (404).
    pub fn not_found(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }
    /// Not now: not your turn, the table moved on, the match is over (409).
    pub fn conflict(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::CONFLICT, message)
    }
    /// Not now, for want of room: the server is full (503).
    pub fn unavailable(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::SERVICE_UNAVAILABLE, message)
    }
    /// An action the game cannot read (422).
    pub fn unprocessable(message: impl Into<Said>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
    /// An action the rules refuse, with the engine's reason (422).
    pub fn illegal(e: &dyn std::error::Error) -> Self {
        Self::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            cards_core::text::Message::new("play-not-allowed").arg("reason", untold(e)),
        )
    }
    /// An action the rules refuse, with the engine's reason (422), and that reason as the
    /// catalogue tells it ([`cards_core::Catalog::refusal`]) where the game has it.
    pub fn refused(e: &dyn std::error::Error, reason: Option<cards_core::text::Message>) -> Self {
        let mut error = Self::illegal(e);
        error.said =
            reason.map(|r| cards_core::text::Message::new("play-not-allowed").arg("reason", r));
        error
    }
    /// The message as the catalogue tells it, if the error has one.
    pub fn said(&self) -> Option<&cards_core::text::Message> {
        self.said.as_ref()
    }
    /// A defect of the server (500).
    pub fn internal(e: &dyn std::error::Error) -> Self {
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            cards_core::text::Message::new("serve-error-internal").arg("reason", untold(e)),
        )
    }
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    /// The error as a catalogue message (`{key, args}`), where it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'a cards_core::text::Message>,
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: &self.message,
                message: self.said.as_ref(),
            }),
        )
            .into_response()
    }
}

/// A request the framework could not read (its JSON, query or path), with the framework's
/// English reason.
fn request_error(reason: String) -> cards_core::text::Message {
    cards_core::text::Message::new("serve-error-request").arg("reason", untold(reason))
}

impl From<JsonRejection> for ApiError {
    fn from(e: JsonRejection) -> Self {
        let status = if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                cards_core::text::Message::new("serve-error-too-large").text("most", MAX_BODY),
            );
        } else if e.status().is_client_error() {
            e.status()
        } else {
            StatusCode::BAD_REQUEST
        };
        ApiError::new(status, request_error(e.body_text()))
    }
}

impl From<QueryRejection> for ApiError {
    fn from(e: QueryRejection) -> Self {
        ApiError::bad(request_error(e.body_text()))
    }
}

impl From<PathRejection> for ApiError {
    fn from(e: PathRejection) -> Self {
        ApiError::not_found(request_error(e.body_text()))
    }
}

/// The server's tables.
struct Server {
    tables: Mutex<HashMap<String, Arc<Slot>>>,
    /// The tables closed lately, and why.
    gone: Mutex<Gone>,
    max_tables: usize,
    max_per_client: usize,
    idle: Duration,
    /// [`ServeOptions::away`].
    away: Duration,
    /// The memory the tables may take, their states and their bots' thinking, in bytes.
    bots_memory: u64,
    /// The memory one table's bots may take, in bytes.
    table_memory: u64,
    /// The memory reserved by the tables open (and those closed whose bots still think).
    reserved: Arc<AtomicU64>,
    /// Event streams open per client address.
    streams: Arc<net::Counter>,
    /// Connections open per client address.
    connections: Arc<net::Counter>,
    /// The ids of stored tables still playing that found no room at start, oldest first:
    /// reopened as places free ([`reopen_waiting`]).
    waiting: Mutex<std::collections::VecDeque<String>>,
    limits: Limits,
    /// Whether tables may seat `exec:` bots.
    allow_exec: bool,
    /// Where the tables are kept.
    store: store::Writer,
    /// The finished matches rebuilt for review lately.
    reviews: review::Reviews,
    /// The tables opened per client, a minute.
    opens: net::Rate,
    /// The requests made per client, a second, and its limit.
    requests: Arc<(net::Rate, u32)>,
    /// The pool every bot decision is thought on.
    thinkers: think::Thinkers,
    /// This server's place in a room of servers, if it is in one (`--advertise`).
    room: Option<room::Room>,
}

type Shared = Arc<Server>;

impl Server {
    /// Whether this server holds table `id` in memory.
    fn holds(&self, id: &str) -> bool {
        self.tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .contains_key(id)
    }

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
        let m = cards_core::text::Message::new;
        let said = match gone {
            Some((Closed::Host, ago)) => m("serve-error-gone-host").arg("ago", duration(ago)),
            Some((Closed::Finished, ago)) => m("serve-error-gone-finished")
                .arg("ago", duration(ago))
                .arg("keep", duration(FINISHED_KEEP)),
            Some((Closed::Damaged, ago)) => m("serve-error-gone-damaged").arg("ago", duration(ago)),
            Some((Closed::Idle, ago)) => m("serve-error-gone-idle")
                .arg("ago", duration(ago))
                .arg("idle", duration(self.idle)),
            None => m("serve-error-no-table")
                .arg("kept", duration(GONE_FOR))
                .text("closings", GONE_KEPT),
        };
        ApiError::not_found(said.text("table", format!("{id:?}")).text("id", id))
    }

    /// Closes a table: its driver stops, its bots' clocks jump, its pages are told (and then
    /// hear why it is gone), and the server remembers why. A table closed for want of use is
    /// stored as closed; its host's close is stored before this, by [`api::close_table`].
    fn close(&self, id: &str, slot: &Slot, why: Closed) {
        slot.stop.close();
        if why == Closed::Idle {
            self.store
                .send(vec![store::Op::Close { id: id.to_owned() }]);
        } else if let Some(room) = &self.room {
            // Its close (stored) or its end (stored) needs the lease no more.
            room.fence.drop_table(id);
        }
        slot.changed.send_modify(|v| *v += 1);
        self.gone
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .note(id, why);
    }

    /// Takes a table off the server, without closing it.
    fn forget(&self, id: &str) -> Option<Arc<Slot>> {
        self.tables
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id)
    }

    /// Closes a table, if it is open.
    fn close_slot(&self, id: &str, why: Closed) {
        if let Some(slot) = self.forget(id) {
            self.close(id, &slot, why);
        }
    }

    /// Closes the tables idle for longer than allowed, and those finished for
    /// [`FINISHED_KEEP`]; of the finished ones, at most [`Server::max_tables`] stay (the
    /// oldest go first), so that they too are bounded.
    /// Puts a stored table that found no room in line to reopen ([`reopen_waiting`]).
    fn wait_to_reopen(&self, id: String) {
        self.waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push_back(id);
    }

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

/// Whether the server has a place for one more table playing (`--max-tables`).
///
/// # Errors
/// It has none (503).
fn has_place(shared: &Server) -> Result<(), ApiError> {
    let all = {
        let tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
        playing(&tables, IpAddr::V4(Ipv4Addr::UNSPECIFIED)).0
    };
    if all >= shared.max_tables {
        return Err(ApiError::unavailable(
            cards_core::text::Message::new("serve-error-max-tables")
                .text("all", all)
                .text("most", shared.max_tables),
        ));
    }
    Ok(())
}

/// `n` random bytes from the operating system, as hex.
fn random_hex(n: usize) -> Result<String, ApiError> {
    let mut bytes = vec![0u8; n];
    getrandom::fill(&mut bytes).map_err(|e| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            cards_core::text::Message::new("serve-error-no-randomness").arg("reason", untold(e)),
        )
    })?;
    Ok(bytes.iter().fold(String::with_capacity(2 * n), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    }))
}

/// The store `--db` names, and how it is shown (a Postgres address without its password): a
/// database that cannot be opened or written stops the server before it takes a move.
fn open_store(
    options: &ServeOptions,
    fence: Option<postgres::Fence>,
) -> Result<(Box<dyn store::Store>, String), CliError> {
    let cannot =
        |e: store::StoreError| CliError::Usage(format!("cards serve cannot keep its tables: {e}"));
    if postgres::is_postgres(&options.db) {
        let db = postgres::PostgresStore::open(&options.db, fence).map_err(cannot)?;
        Ok((Box::new(db), postgres::shown(&options.db)))
    } else {
        let db = sqlite::SqliteStore::open(&options.db, options.db_sync).map_err(cannot)?;
        for warning in &db.warnings {
            eprintln!("{warning}");
        }
        Ok((Box::new(db), options.db.clone()))
    }
}

/// The tables to reopen at start: in a room, none (a server of a room joins it and takes
/// tables over as they are asked for or found undriven); alone, every table still playing.
fn join_or_read(
    options: &ServeOptions,
    store: &store::Writer,
    fence: Option<postgres::Fence>,
    db_shown: &str,
) -> Result<(Option<room::Room>, Stored), CliError> {
    if let (Some(fence), Some(addr)) = (fence, &options.advertise) {
        let room = room::Room::join(&options.db, addr, fence).map_err(|e| {
            CliError::Usage(format!(
                "cards serve cannot join the room on {db_shown}: {e}"
            ))
        })?;
        return Ok((Some(room), Vec::new()));
    }
    let stored = store
        .read_blocking(|s| s.open_tables())
        .map_err(|e| CliError::Usage(format!("cards serve cannot read {db_shown}: {e}")))?;
    Ok((None, stored))
}

/// Stored tables as read at start, each or its error.
type Stored = Vec<Result<store::StoredTable, store::StoreError>>;

/// In a room (`--advertise`), this server's fence: a fresh id and no lease yet. A room needs a
/// Postgres database.
fn room_fence(options: &ServeOptions) -> Result<Option<postgres::Fence>, CliError> {
    let Some(addr) = &options.advertise else {
        return Ok(None);
    };
    if !postgres::is_postgres(&options.db) {
        return Err(CliError::Usage(format!(
            "cards serve --advertise {addr}: a room of servers shares one Postgres database \
             (--db postgres://...); a SQLite file is one server's"
        )));
    }
    let server = random_hex(8).map_err(|e| CliError::Usage(e.to_string()))?;
    Ok(Some(postgres::Fence {
        server,
        held: Arc::default(),
        refused: Arc::default(),
        ttl_ms: i64::try_from(room::LEASE.as_millis()).unwrap_or(i64::MAX),
    }))
}

/// Runs the server until the process is stopped.
///
/// # Errors
/// The address cannot be bound, or the runtime cannot start.
pub fn serve(options: &ServeOptions, out: &mut dyn Write) -> Result<(), CliError> {
    let own = own_memory(&options.limits);
    if options.memory <= own {
        return Err(CliError::Usage(format!(
            "--memory-mb {}: give more than the {} MB the server keeps for itself ({} MB) and \
             for its --max-connections {} ({} KB each)",
            options.memory >> 20,
            own.div_ceil(1 << 20),
            SERVER_BYTES >> 20,
            options.limits.total,
            net::CONNECTION_BYTES >> 10,
        )));
    }
    let fence = room_fence(options)?;
    let (db, db_shown) = open_store(options, fence.clone())?;
    let store = store::Writer::start(db).map_err(CliError::Output)?;
    store.write_blocking(prune(options.keep)).map_err(|e| {
        CliError::Usage(format!(
            "cards serve cannot remove old matches from {db_shown}: {e}"
        ))
    })?;
    let (room, stored) = join_or_read(options, &store, fence, &db_shown)?;
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
            away: options.away,
            bots_memory: options.memory - own,
            table_memory: options.table_memory,
            reserved: Arc::new(AtomicU64::new(0)),
            streams: Arc::new(net::Counter::default()),
            connections: Arc::new(net::Counter::default()),
            waiting: Mutex::new(std::collections::VecDeque::new()),
            limits,
            allow_exec: options.allow_exec,
            store,
            reviews: review::Reviews::default(),
            opens: opens_rate(&limits),
            requests: Arc::new((requests_rate(&limits), limits.requests_per_second)),
            thinkers: think::Thinkers::new(limits.bot_threads),
            room,
        });
        room::start(&shared, &options.db).map_err(CliError::Output)?;
        let reopened = reopen(&shared, stored);
        if let Some((path, every)) = options.backup.clone() {
            keep_backing_up(shared.store.clone(), path, every)?;
        }
        let reaper = Arc::clone(&shared);
        let every = (options.idle / 4).clamp(Duration::from_millis(200), Duration::from_secs(10));
        let keep = options.keep;
        tokio::spawn(async move {
            let mut pruned = std::time::Instant::now();
            loop {
                tokio::time::sleep(every.min(prune_every(keep))).await;
                reaper.reap();
                reopen_waiting(&reaper).await;
                reaper.opens.sweep();
                reaper.requests.0.sweep();
                if pruned.elapsed() >= prune_every(keep) {
                    pruned = std::time::Instant::now();
                    reaper.store.send(prune(keep));
                    // A match removed is not reviewed from what was built of it either.
                    reaper.reviews.clear();
                }
            }
        });
        announce(out, addr, &db_shown, reopened)?;
        let hosts = AllowedHosts(
            options
                .hosts
                .iter()
                .map(|h| h.to_ascii_lowercase())
                .collect(),
        );
        let connections = Arc::clone(&shared.connections);
        net::run(listener, router(shared, hosts), limits, connections).await;
        Ok(())
    })
}

/// The startup lines: where to open the tables, and where they are kept.
fn announce(
    out: &mut dyn Write,
    addr: SocketAddr,
    db: &str,
    reopened: (usize, Vec<String>),
) -> Result<(), CliError> {
    let shown = if addr.ip().is_unspecified() {
        SocketAddr::new(std::net::Ipv4Addr::LOCALHOST.into(), addr.port())
    } else {
        addr
    };
    let kept = if db == ":memory:" {
        "tables kept in memory only (--db :memory:): a restart loses them".to_owned()
    } else {
        format!("tables kept in {db}")
    };
    writeln!(
        out,
        "cards serve: open http://{shown}/ in a browser (Ctrl-C stops); {kept}"
    )?;
    out.flush()?;
    // The lines after the first are for a person reading: one who stopped reading (a closed
    // pipe) does not stop the server.
    let (reopened, refused) = reopened;
    for line in refused {
        let _ = writeln!(out, "{line}");
    }
    if reopened > 0 {
        let _ = writeln!(
            out,
            "reopened {reopened} unfinished table{} from {db}",
            if reopened == 1 { "" } else { "s" }
        );
    }
    if addr.ip().is_unspecified() {
        let _ = writeln!(
            out,
            "listening on every interface: friends on your network open \
             http://<this machine's address>:{}/",
            addr.port()
        );
    }
    let _ = out.flush();
    Ok(())
}

/// Reopens the stored tables still playing, at the version they were stored at, their bots
/// carrying on, the oldest first and within the server's limits as a new table is
/// ([`ServeOptions::max_tables`] and the memory budget); a table that cannot be rebuilt is
/// named and left in the store as it is; one that finds no room is named, left stored, and
/// waits its turn: it reopens as places free ([`reopen_waiting`]).
/// Returns how many were reopened, and a line for each that was not.
fn reopen(
    shared: &Shared,
    stored: Vec<Result<store::StoredTable, store::StoreError>>,
) -> (usize, Vec<String>) {
    let mut reopened = 0;
    let mut refused = Vec::new();
    for table in stored {
        let table = match table {
            Ok(table) => table,
            Err(e) => {
                refused.push(format!("a table not reopened: {e}"));
                continue;
            }
        };
        let id = table.record.id.clone();
        if reopened >= shared.max_tables {
            refused.push(format!(
                "table {id} not reopened: this server holds at most {} tables playing \
                 (--max-tables); it stays stored, and reopens when a place frees",
                shared.max_tables
            ));
            shared.wait_to_reopen(id);
            continue;
        }
        match reopen_one(shared, table) {
            Ok(()) => reopened += 1,
            Err(Reopen::Broken(e)) => refused.push(format!("table {id} not reopened: {e}")),
            Err(Reopen::NoRoom(e)) => {
                refused.push(format!(
                    "table {id} not reopened: {e}; it stays stored, and reopens when there is \
                     room"
                ));
                shared.wait_to_reopen(id);
            }
        }
    }
    (reopened, refused)
}

/// Why a stored table was not reopened.
enum Reopen {
    /// Its changes no longer rebuild it.
    Broken(ApiError),
    /// The server's memory budget has no room for it now.
    NoRoom(ApiError),
}

/// Reopens one stored table, within the memory budget (the caller counts the places).
fn reopen_one(shared: &Shared, table: store::StoredTable) -> Result<(), Reopen> {
    let store::StoredTable {
        record, entries, ..
    } = table;
    let rebuilt = lobby::rebuild(&record, &entries, shared.allow_exec).map_err(Reopen::Broken)?;
    let owner = record
        .owner
        .parse()
        .unwrap_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED));
    let slot = api::new_slot(shared, rebuilt, record, owner);
    if let Err(e) = api::budget(shared, 0).check(slot.memory()) {
        // Not a close: the table stays stored as playing.
        slot.stop.close();
        return Err(Reopen::NoRoom(e));
    }
    slot.reserve();
    slot.changed
        .send_replace(slot.table.try_lock().map_or(0, |t| t.version()));
    shared
        .tables
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(slot.id.clone(), Arc::clone(&slot));
    tokio::spawn(api::drive(Arc::clone(shared), slot));
    Ok(())
}

/// Reopens the stored tables that found no room at start, oldest first, while places and
/// memory are free; the first that finds none waits on at the front.
async fn reopen_waiting(shared: &Shared) {
    loop {
        let playing = {
            let tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
            tables
                .values()
                .filter(|slot| slot.finished_for().is_none())
                .count()
        };
        if playing >= shared.max_tables {
            return;
        }
        let Some(id) = shared
            .waiting
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .pop_front()
        else {
            return;
        };
        let wanted = id.clone();
        let Ok(Some(table)) = shared.store.read(move |s| s.table(&wanted)).await else {
            // Gone from the store (pruned, or unreadable): nothing to reopen.
            continue;
        };
        if table.status != store::Status::Open {
            continue;
        }
        if let Err(Reopen::NoRoom(_)) = reopen_one(shared, table) {
            shared
                .waiting
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .push_front(id);
            return;
        }
    }
}

/// The server's routes, with the host check, the body deadline and the headers of every
/// answer.
fn router(shared: Shared, hosts: AllowedHosts) -> axum::Router {
    let body_timeout = shared.limits.body_timeout;
    let requests = Arc::clone(&shared.requests);
    axum::Router::new()
        .route("/", get(|| async { asset("index.html") }))
        .route("/play/{id}/{seat}", get(|| async { asset("table.html") }))
        .route("/assets/{name}", get(asset_route))
        .route("/api/games", get(list_games))
        .route("/api/status", get(api::status))
        .route("/api/messages", get(messages::messages))
        .route("/api/tables", post(create_table))
        .route("/api/tables/{id}/close", post(close_table))
        .route("/api/tables/{id}/seats/{seat}/state", get(seat_state))
        .route("/api/tables/{id}/seats/{seat}/act", post(act))
        .route("/api/tables/{id}/seats/{seat}/next", post(next_deal))
        .route(
            "/api/tables/{id}/seats/{seat}/takeback",
            post(api::take_back),
        )
        .route("/api/tables/{id}/seats/{seat}/ticket", post(ticket))
        .route("/api/tables/{id}/seats/{seat}/events", get(events))
        .route("/api/tables/{id}/seats/{seat}/log", get(download_log))
        .route("/api/tables/{id}/seats/{seat}/name", post(host::name_seat))
        .route("/api/tables/{id}/seats/{seat}/agree", post(host::agree))
        .route("/api/tables/{id}/seats/{seat}/suggest", post(hint::suggest))
        .route(
            "/api/tables/{id}/seats/{seat}/seat",
            post(host::seat_someone),
        )
        .route("/api/tables/{id}/watch", get(watch::watch_state))
        .route("/api/tables/{id}/watch/events", get(watch::watch_events))
        .route("/api/lobby", get(review::lobby_lists))
        .route("/api/review/{id}", get(review::review_step))
        .route("/api/review/{id}/log", get(review::review_log))
        .route("/api/review/{id}/analysis", get(review::review_analysis))
        .route("/watch/{id}", get(|| async { asset("watch.html") }))
        .route("/review/{id}", get(|| async { asset("review.html") }))
        .fallback(|| async {
            ApiError::not_found(cards_core::text::Message::new("serve-error-no-page"))
        })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(Arc::clone(&shared))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&shared),
            room::route,
        ))
        .layer(axum::middleware::from_fn_with_state(
            body_timeout,
            net::read_body,
        ))
        .layer(axum::middleware::from_fn_with_state(
            Arc::new(hosts),
            net::check_host,
        ))
        .layer(axum::middleware::from_fn_with_state(
            requests,
            net::limit_rate,
        ))
        .layer(axum::middleware::map_response(net::secure_headers))
        .layer(axum::middleware::from_fn_with_state(shared, room::identify))
}

/// The page's files, embedded at build time.
const ASSETS: &[(&str, &str, &str)] = &[
    (
        "watch.html",
        "text/html; charset=utf-8",
        include_str!("../assets/watch.html"),
    ),
    (
        "watch.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/watch.js"),
    ),
    (
        "review.html",
        "text/html; charset=utf-8",
        include_str!("../assets/review.html"),
    ),
    (
        "review.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/review.js"),
    ),
    (
        "index.html",
        "text/html; charset=utf-8",
        include_str!("../assets/index.html"),
    ),
    (
        "table.html",
        "text/html; charset=utf-8",
        include_str!("../assets/table.html"),
    ),
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("../assets/style.css"),
    ),
    (
        "cards.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/cards.js"),
    ),
    (
        "lobby.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/lobby.js"),
    ),
    (
        "table.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/table.js"),
    ),
    (
        "i18n-catalogue.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/i18n-catalogue.js"),
    ),
    (
        "felt.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/felt.js"),
    ),
    (
        "i18n.js",
        "text/javascript; charset=utf-8",
        include_str!("../assets/i18n.js"),
    ),
    (
        "icon.svg",
        "image/svg+xml",
        include_str!("../assets/icon.svg"),
    ),
];

fn asset(name: &str) -> Response {
    match ASSETS.iter().find(|(n, _, _)| *n == name) {
        Some((_, kind, body)) => ([(header::CONTENT_TYPE, *kind)], *body).into_response(),
        None => ApiError::not_found(
            cards_core::text::Message::new("serve-error-no-asset")
                .text("name", format!("{name:?}")),
        )
        .into_response(),
    }
}

async fn asset_route(path: Result<Path<String>, PathRejection>) -> Response {
    match path {
        Ok(Path(name)) => asset(&name),
        Err(e) => ApiError::from(e).into_response(),
    }
}
