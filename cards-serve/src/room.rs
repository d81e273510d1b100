//! A room: several `cards serve` processes on one Postgres database (`--advertise`, issue 46
//! item 3). Each server registers the address the others reach it at (`servers`) and renews
//! its heartbeat; a table is driven by one server at a time, under a lease (`leases`: server,
//! token, expiry by the database's clock) that the server renews every [`RENEW`] and that the
//! store checks on every write ([`super::postgres::Fence`]). A request for a table this server
//! does not drive is forwarded to the server that does (event streams too), or, when the lease
//! has expired, the table is taken over: its lease is taken with the token one higher, and the
//! table is rebuilt from the store (the same seed, the same entries). A sweep every
//! [`SWEEP`] takes over the tables nobody drives (their server is gone), so that their bots
//! carry on though nobody asks for them. `docs/serve.md` draws it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use cards_core::text::Message;
use postgres::Client;

use super::postgres::{Fence, connect};
use super::store::StoreError;
use super::{ApiError, Shared, net};

/// How long a lease lasts from its last renewal.
pub const LEASE: Duration = Duration::from_secs(5);
/// How often a server renews its leases and its heartbeat.
pub const RENEW: Duration = Duration::from_secs(1);
/// How often a server looks for tables nobody drives.
pub const SWEEP: Duration = Duration::from_secs(1);
/// The most tables nobody drives one server takes over at one sweep (the rest are left to
/// the other servers' sweeps and to the next).
const SWEEP_TAKES: i64 = 16;
/// The longest a forwarded request waits for the other server's connection and answer head.
const FORWARD_WAIT: Duration = Duration::from_secs(10);
/// How much longer than the other server's lease has left a forwarded request waits for its
/// answer head.
const FORWARD_GRACE: Duration = Duration::from_secs(2);
/// How long a table found driven by another server is believed so without asking the
/// database again (never past that lease's expiry as read): a forwarded request needs no
/// lookup of its own while the table stays where it was.
const SEEN: Duration = Duration::from_secs(1);
/// How many tables' whereabouts are kept before the outdated ones are cleared.
const SEEN_MOST: usize = 4096;

/// The header that marks a request forwarded by another server of the room: the room's
/// secret, which only the servers on its database read.
const ROOM_HEADER: HeaderName = HeaderName::from_static("x-cards-room");
/// The header that carries a forwarded request's client address.
const CLIENT_HEADER: HeaderName = HeaderName::from_static("x-cards-client");

/// A failed room operation: what the database or the other server said.
#[derive(Debug, thiserror::Error)]
pub enum RoomError {
    /// The database refused or could not be reached.
    #[error("the room's database: {0}")]
    Database(#[from] postgres::Error),
    /// The store failed.
    #[error("{0}")]
    Store(#[from] StoreError),
    /// The other server could not be reached.
    #[error("the server at {addr} cannot be reached: {source}")]
    Connect {
        /// Its address.
        addr: String,
        /// Why.
        source: std::io::Error,
    },
    /// The other server did not answer in time.
    #[error("the server at {0} did not answer in time (within its lease and 2 s more)")]
    Timeout(String),
    /// The forwarded exchange failed.
    #[error("forwarding to the server at {addr}: {source}")]
    Http {
        /// Its address.
        addr: String,
        /// Why.
        source: hyper::Error,
    },
    /// A blocking task of the room stopped.
    #[error("a task of the room stopped")]
    Task,
}

/// This server's place in a room.
pub struct Room {
    /// Its leases (shared with the store, which checks them).
    pub fence: Fence,
    /// The address the other servers reach it at (`host:port`).
    pub addr: String,
    /// The room's secret: marks requests one server forwards to another.
    secret: String,
    /// The connection for lookups and takeovers.
    client: Arc<Mutex<Client>>,
    /// One takeover at a time on this server.
    taking: tokio::sync::Mutex<()>,
    /// Tables lately found driven by another server: its address, and until when that is
    /// believed (at most [`SEEN`], never past the lease's expiry as read, so never past a
    /// takeover by a third server). Forgotten when forwarding to it fails or is answered 503.
    seen: Mutex<HashMap<String, (String, Instant)>>,
    /// How many tables this server has taken over from another (or from none).
    pub taken: AtomicU64,
}

impl std::fmt::Debug for Room {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Room({} at {})", self.fence.server, self.addr)
    }
}

/// Where a table is driven, as the database says.
#[derive(Debug, PartialEq, Eq)]
enum Where {
    /// By another live server, at this address, its lease good for this long yet.
    Other(String, Duration),
    /// By nobody (its lease expired, or it has none), or by this server: take it.
    Free,
    /// No table playing of that id: the handler says why.
    Unknown,
}

impl Room {
    /// Joins the room on `url` as a server reached at `addr`: registers it and reads (or
    /// makes) the room's secret. The schema is brought up to date before (by the store).
    ///
    /// # Errors
    /// The database cannot be reached or written.
    pub fn join(url: &str, addr: &str, fence: Fence) -> Result<Room, RoomError> {
        let mut client = connect(url, true)?;
        client.execute(
            "INSERT INTO servers (id, addr, heartbeat) VALUES ($1, $2, clock_timestamp()) \
             ON CONFLICT (id) DO UPDATE SET addr = excluded.addr, heartbeat = excluded.heartbeat",
            &[&fence.server, &addr],
        )?;
        let fresh = super::random_hex(32).map_err(|e| StoreError(e.to_string()))?;
        client.execute(
            "INSERT INTO meta (key, value) VALUES ('room_secret', $1) ON CONFLICT DO NOTHING",
            &[&fresh],
        )?;
        let secret: String = client
            .query_one("SELECT value FROM meta WHERE key = 'room_secret'", &[])?
            .get(0);
        Ok(Room {
            fence,
            addr: addr.to_owned(),
            secret,
            client: Arc::new(Mutex::new(client)),
            taking: tokio::sync::Mutex::new(()),
            seen: Mutex::new(HashMap::new()),
            taken: AtomicU64::new(0),
        })
    }

    /// Runs `f` with the room's connection on a blocking thread.
    async fn with_client<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Client) -> Result<T, postgres::Error> + Send + 'static,
    ) -> Result<T, RoomError> {
        let client = Arc::clone(&self.client);
        tokio::task::spawn_blocking(move || {
            let mut client = client.lock().unwrap_or_else(PoisonError::into_inner);
            f(&mut client).map_err(RoomError::from)
        })
        .await
        .map_err(|_| RoomError::Task)?
    }

    /// Where table `id` is driven: as lately found ([`SEEN`]), or as the database says.
    async fn find(&self, id: &str) -> Result<Where, RoomError> {
        let now = Instant::now();
        if let Some((addr, until)) = self.seen().get(id)
            && *until > now
        {
            return Ok(Where::Other(addr.clone(), *until - now));
        }
        let found = self.look_up(id).await?;
        let mut seen = self.seen();
        match &found {
            Where::Other(addr, left) => {
                if seen.len() >= SEEN_MOST {
                    seen.retain(|_, (_, until)| *until > now);
                }
                seen.insert(id.to_owned(), (addr.clone(), now + (*left).min(SEEN)));
            }
            Where::Free | Where::Unknown => {
                seen.remove(id);
            }
        }
        Ok(found)
    }

    /// Forgets where table `id` was found: forwarding to that server failed.
    fn forget(&self, id: &str) {
        self.seen().remove(id);
    }

    fn seen(&self) -> std::sync::MutexGuard<'_, HashMap<String, (String, Instant)>> {
        self.seen.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Where table `id` is driven, as the database says.
    async fn look_up(&self, id: &str) -> Result<Where, RoomError> {
        let id = id.to_owned();
        let me = self.fence.server.clone();
        self.with_client(move |c| {
            let row = c.query_opt(
                "SELECT t.status, l.server_id, s.addr, l.expires > clock_timestamp(), \
                 (EXTRACT(EPOCH FROM l.expires - clock_timestamp()) * 1000)::bigint \
                 FROM tables t LEFT JOIN leases l ON l.table_id = t.id \
                 LEFT JOIN servers s ON s.id = l.server_id WHERE t.id = $1",
                &[&id],
            )?;
            let Some(row) = row else {
                return Ok(Where::Unknown);
            };
            let status: String = row.get(0);
            let server: Option<String> = row.get(1);
            let addr: Option<String> = row.get(2);
            let live: Option<bool> = row.get(3);
            let left: Option<i64> = row.get(4);
            let left = Duration::from_millis(left.and_then(|l| u64::try_from(l).ok()).unwrap_or(0));
            Ok(match (server, addr, live) {
                (Some(server), Some(addr), Some(true)) if server != me => Where::Other(addr, left),
                _ if status == "open" => Where::Free,
                _ => Where::Unknown,
            })
        })
        .await
    }

    /// Takes table `id`'s lease if it is free (expired, none, or already this server's), with
    /// the token one higher; the token, or `None` when another server holds it.
    async fn take_lease(&self, id: &str) -> Result<Option<i64>, RoomError> {
        let id = id.to_owned();
        let me = self.fence.server.clone();
        let ttl = i64::try_from(LEASE.as_millis()).unwrap_or(i64::MAX);
        self.with_client(move |c| {
            let mut tx = c.transaction()?;
            // The row lock first: an append of the old driver, which holds the row `FOR KEY
            // SHARE` from its check to its commit, is committed before the lease moves.
            tx.execute(
                "SELECT 1 FROM leases WHERE table_id = $1 FOR UPDATE",
                &[&id],
            )?;
            let row = tx.query_opt(
                "INSERT INTO leases (table_id, server_id, token, expires) \
                 SELECT $1, $2, 1, clock_timestamp() + $3::bigint * interval '1 millisecond' \
                 WHERE EXISTS (SELECT 1 FROM tables WHERE id = $1 AND status = 'open') \
                 ON CONFLICT (table_id) DO UPDATE SET server_id = excluded.server_id, \
                 token = leases.token + 1, expires = excluded.expires \
                 WHERE leases.expires < clock_timestamp() OR leases.server_id = $2 \
                 RETURNING token",
                &[&id, &me, &ttl],
            )?;
            tx.commit()?;
            Ok(row.map(|r| r.get(0)))
        })
        .await
    }

    /// Gives up table `id`'s lease at once (a table taken and then not reopened), so that
    /// another server may take it without waiting for it to expire.
    async fn release(&self, id: &str, token: i64) {
        self.fence.drop_table(id);
        let id = id.to_owned();
        let me = self.fence.server.clone();
        let _ = self
            .with_client(move |c| {
                c.execute(
                    "DELETE FROM leases WHERE table_id = $1 AND server_id = $2 AND token = $3",
                    &[&id, &me, &token],
                )
            })
            .await;
    }

    /// The tables playing whose lease has expired (or that have none), a few, at random.
    async fn orphans(&self) -> Result<Vec<String>, RoomError> {
        self.with_client(|c| {
            let rows = c.query(
                "SELECT t.id FROM tables t LEFT JOIN leases l ON l.table_id = t.id \
                 WHERE t.status = 'open' AND (l.table_id IS NULL OR l.expires < clock_timestamp()) \
                 ORDER BY random() LIMIT $1",
                &[&SWEEP_TAKES],
            )?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
        .await
    }

    /// The tables playing and listed in the whole room: id, game, seats (as stored), and
    /// the number of changes stored, at most `limit`.
    pub async fn listed(&self, limit: usize) -> Result<Vec<(String, String, i64)>, RoomError> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        self.with_client(move |c| {
            let rows = c.query(
                "SELECT t.id, t.record, (SELECT count(*) FROM entries e WHERE e.table_id = t.id) \
                 FROM tables t WHERE t.status = 'open' AND (t.record::jsonb ->> 'listed') = 'true' \
                 ORDER BY t.id LIMIT $1",
                &[&limit],
            )?;
            Ok(rows
                .iter()
                .map(|r| (r.get(0), r.get(1), r.get(2)))
                .collect())
        })
        .await
    }
}

/// In a room, starts the renewal of this server's leases ([`renew`]), the dropping of those it
/// loses ([`drop_lost`]) and the sweep for tables nobody drives ([`sweep`]); alone, nothing.
///
/// # Errors
/// The renewal's thread cannot be started.
pub fn start(shared: &Shared, url: &str) -> std::io::Result<()> {
    let Some(room) = &shared.room else {
        return Ok(());
    };
    let (lost, dropped) = tokio::sync::mpsc::unbounded_channel();
    renew(url.to_owned(), room, lost)?;
    tokio::spawn(drop_lost(Arc::clone(shared), dropped));
    tokio::spawn(sweep(Arc::clone(shared)));
    Ok(())
}

/// Starts the thread that renews this server's heartbeat and leases every [`RENEW`] on its
/// own connection (not on the async runtime, so that a busy runtime does not lose them), and
/// sends the ids of the leases it could not renew (expired, or taken by another server) to
/// `lost`.
///
/// # Errors
/// The thread cannot be started.
pub fn renew(
    url: String,
    room: &Room,
    lost: tokio::sync::mpsc::UnboundedSender<String>,
) -> std::io::Result<()> {
    let fence = room.fence.clone();
    let addr = room.addr.clone();
    std::thread::Builder::new()
        .name("cards-room".to_owned())
        .spawn(move || {
            let mut client: Option<Client> = None;
            loop {
                std::thread::sleep(RENEW);
                if client.as_ref().is_none_or(Client::is_closed) {
                    client = connect(&url, true).ok();
                }
                let Some(c) = client.as_mut() else {
                    continue;
                };
                match renew_once(c, &fence, &addr) {
                    Ok(gone) => {
                        for id in gone {
                            if lost.send(id).is_err() {
                                return;
                            }
                        }
                    }
                    Err(_) => client = None,
                }
            }
        })
        .map(drop)
}

/// One renewal: the heartbeat, then every lease this server holds and has not let expire; the
/// ones it holds in memory and could not renew are taken out of the fence and returned.
fn renew_once(c: &mut Client, fence: &Fence, addr: &str) -> Result<Vec<String>, postgres::Error> {
    c.execute(
        "INSERT INTO servers (id, addr, heartbeat) VALUES ($1, $2, clock_timestamp()) \
         ON CONFLICT (id) DO UPDATE SET addr = excluded.addr, heartbeat = excluded.heartbeat",
        &[&fence.server, &addr],
    )?;
    let ttl = fence.ttl_ms;
    // Under the fence's lock, so that a lease taken meanwhile is not counted as lost.
    let mut held = fence.held.lock().unwrap_or_else(PoisonError::into_inner);
    let rows = c.query(
        "UPDATE leases SET expires = clock_timestamp() + $2::bigint * interval '1 millisecond' \
         WHERE server_id = $1 AND expires > clock_timestamp() RETURNING table_id, token",
        &[&fence.server, &ttl],
    )?;
    let renewed: std::collections::HashMap<String, i64> =
        rows.iter().map(|r| (r.get(0), r.get(1))).collect();
    let gone: Vec<String> = held
        .iter()
        .filter(|(id, token)| renewed.get(*id) != Some(*token))
        .map(|(id, _)| id.clone())
        .collect();
    for id in &gone {
        held.remove(id);
    }
    Ok(gone)
}

/// Drops the tables whose lease this server lost, as `lost` names them: they leave memory
/// without a write (another server drives them now), and their pages and streams, told of a
/// change, ask again and are sent on to that server.
pub async fn drop_lost(shared: Shared, mut lost: tokio::sync::mpsc::UnboundedReceiver<String>) {
    while let Some(id) = lost.recv().await {
        let_go(&shared, &id);
    }
}

/// Takes a table this server no longer holds the lease of out of memory, without a write;
/// its pages and streams are told of a change, ask again, and are sent on.
fn let_go(shared: &Shared, id: &str) {
    if let Some(slot) = shared.forget(id) {
        slot.stop.close();
        slot.changed.send_modify(|v| *v += 1);
    }
}

/// Takes over the tables nobody drives, every [`SWEEP`], while this server has places.
pub async fn sweep(shared: Shared) {
    loop {
        tokio::time::sleep(SWEEP).await;
        let Some(room) = shared.room.as_ref() else {
            return;
        };
        let Ok(ids) = room.orphans().await else {
            continue;
        };
        for id in ids {
            if take_over(&shared, &id).await.is_err() {
                break;
            }
        }
    }
}

/// Takes table `id` over if nobody drives it: takes its lease, then rebuilds it from the
/// store and drives it here. Whether this server now drives it.
///
/// # Errors
/// The server has no room for it, or the database failed.
pub async fn take_over(shared: &Shared, id: &str) -> Result<bool, ApiError> {
    let Some(room) = shared.room.as_ref() else {
        return Ok(false);
    };
    let _one = room.taking.lock().await;
    if shared.holds(id) {
        return Ok(true);
    }
    super::has_place(shared)?;
    let token = room.take_lease(id).await.map_err(unread)?;
    let Some(token) = token else {
        return Ok(false);
    };
    room.fence.hold(id, token);
    let wanted = id.to_owned();
    let stored = shared.store.read(move |s| s.table(&wanted)).await;
    let table = match stored {
        Ok(Some(table)) if table.status == super::store::Status::Open => table,
        Ok(_) => {
            room.release(id, token).await;
            return Ok(false);
        }
        Err(e) => {
            room.release(id, token).await;
            return Err(unread(RoomError::Store(e)));
        }
    };
    match super::reopen_one(shared, table) {
        Ok(()) if room.fence.token(id) != Some(token) => {
            // The lease was lost while the table was being rebuilt (its renewal found it
            // gone before the table was in memory): let it go again.
            let_go(shared, id);
            Ok(false)
        }
        Ok(()) => {
            room.taken.fetch_add(1, Ordering::Relaxed);
            Ok(true)
        }
        Err(super::Reopen::Broken(e) | super::Reopen::NoRoom(e)) => {
            room.release(id, token).await;
            Err(e)
        }
    }
}

fn unread(e: RoomError) -> ApiError {
    ApiError::unavailable(Message::new("serve-error-store-unread").arg("reason", super::untold(e)))
}

/// The table a request is about: the id of `/api/tables/{id}/...`.
fn table_of(path: &str) -> Option<&str> {
    let rest = path.strip_prefix("/api/tables/")?;
    let (id, _) = rest.split_once('/')?;
    (!id.is_empty()).then_some(id)
}

/// The answer while a table changes servers: 503, try again in a second.
fn moving(id: &str) -> Response {
    let mut response = ApiError::unavailable(
        Message::new("serve-error-table-moving")
            .text("table", format!("{id:?}"))
            .text("lease", LEASE.as_secs()),
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
    response
}

/// Marks a request forwarded by another server of the room (its [`ROOM_HEADER`] carries the
/// room's secret): its client is the one that server names, and it is not counted again
/// against the request rate ([`net::Forwarded`]). The room's headers are taken off every
/// request, so that no client sets them.
pub async fn identify(State(shared): State<Shared>, mut request: Request, next: Next) -> Response {
    let headers = request.headers_mut();
    let from_room = shared.room.as_ref().is_some_and(|room| {
        headers
            .get(&ROOM_HEADER)
            .is_some_and(|v| same(v.as_bytes(), room.secret.as_bytes()))
    });
    let client = headers
        .get(&CLIENT_HEADER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<IpAddr>().ok());
    headers.remove(&ROOM_HEADER);
    headers.remove(&CLIENT_HEADER);
    if from_room {
        if let Some(ip) = client {
            request.extensions_mut().insert(net::Peer(ip));
        }
        request.extensions_mut().insert(net::Forwarded);
    }
    next.run(request).await
}

/// Compares two secrets in time independent of where they differ.
fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |d, (x, y)| d | (x ^ y)) == 0
}

/// Routes a request for a table this server does not drive: forwarded to the server that
/// drives it, or the table taken over here when nobody does (a request forwarded already is
/// never forwarded again: it is answered 503, try again, while the table changes servers).
pub async fn route(State(shared): State<Shared>, request: Request, next: Next) -> Response {
    let Some(room) = shared.room.as_ref() else {
        return next.run(request).await;
    };
    let Some(id) = table_of(request.uri().path()).map(str::to_owned) else {
        return next.run(request).await;
    };
    let forwarded = request.extensions().get::<net::Forwarded>().is_some();
    for _ in 0..2 {
        if shared.holds(&id) {
            if room.fence.token(&id).is_some() {
                return next.run(request).await;
            }
            // In memory without its lease: never answered from here again.
            let_go(&shared, &id);
        }
        match room.find(&id).await {
            Ok(Where::Unknown) => return next.run(request).await,
            Ok(Where::Other(..)) if forwarded => return moving(&id),
            Ok(Where::Other(addr, left)) => {
                // A server that does not answer within its lease and a little more is gone
                // or paused: the table is taken over once the lease has expired.
                let wait = (left + FORWARD_GRACE).min(FORWARD_WAIT);
                return if let Ok(answer) = forward(room, &addr, request, wait).await {
                    if answer.status() == axum::http::StatusCode::SERVICE_UNAVAILABLE {
                        room.forget(&id);
                    }
                    answer
                } else {
                    room.forget(&id);
                    moving(&id)
                };
            }
            Ok(Where::Free) => match take_over(&shared, &id).await {
                Ok(true) => return next.run(request).await,
                Ok(false) => {}
                Err(e) => return e.into_response(),
            },
            Err(e) => return unread(e).into_response(),
        }
    }
    moving(&id)
}

/// Sends `request` on to the server at `addr` and its answer back, streamed (an event stream
/// stays open for as long as both ends do).
async fn forward(
    room: &Room,
    addr: &str,
    request: Request,
    wait: Duration,
) -> Result<Response, RoomError> {
    let (mut parts, body) = request.into_parts();
    let client = parts.extensions.get::<net::Peer>().map(|p| p.0.to_string());
    let target = parts
        .uri
        .path_and_query()
        .map_or("/", axum::http::uri::PathAndQuery::as_str);
    parts.uri = target.parse().unwrap_or_default();
    let headers = &mut parts.headers;
    for hop in [
        header::CONNECTION,
        header::TRANSFER_ENCODING,
        header::UPGRADE,
    ] {
        headers.remove(hop);
    }
    // The client's own `Host` stays: every server of a room admits the same names.
    if let Ok(secret) = HeaderValue::from_str(&room.secret) {
        headers.insert(ROOM_HEADER, secret);
    }
    if let Some(ip) = client.and_then(|c| HeaderValue::from_str(&c).ok()) {
        headers.insert(CLIENT_HEADER, ip);
    }
    let failed = |source| RoomError::Http {
        addr: addr.to_owned(),
        source,
    };
    let exchange = async {
        let stream = tokio::net::TcpStream::connect(addr)
            .await
            .map_err(|source| RoomError::Connect {
                addr: addr.to_owned(),
                source,
            })?;
        let (mut sender, connection) =
            hyper::client::conn::http1::handshake(hyper_util::rt::TokioIo::new(stream))
                .await
                .map_err(failed)?;
        tokio::spawn(async move {
            let _ = connection.await;
        });
        sender
            .send_request(Request::from_parts(parts, body))
            .await
            .map_err(failed)
    };
    let answer = tokio::time::timeout(wait, exchange)
        .await
        .map_err(|_| RoomError::Timeout(addr.to_owned()))??;
    let (mut parts, body) = answer.into_parts();
    for hop in [header::CONNECTION, header::TRANSFER_ENCODING] {
        parts.headers.remove(hop);
    }
    Ok(Response::from_parts(parts, Body::new(body)))
}

/// A server's place in its room, as `/api/status` shows it.
#[derive(Debug, serde::Serialize)]
pub struct RoomStatus {
    /// The server's id in the room.
    pub server: String,
    /// The address the other servers reach it at.
    pub advertise: String,
    /// The tables it holds the lease of.
    pub leases: usize,
    /// The tables it has taken over (from a server gone, or found undriven).
    pub taken_over: u64,
    /// The writes its store refused because it no longer held the table's lease.
    pub refused_writes: u64,
}

impl Room {
    /// Where this server stands in the room.
    pub fn status(&self) -> RoomStatus {
        RoomStatus {
            server: self.fence.server.clone(),
            advertise: self.addr.clone(),
            leases: self
                .fence
                .held
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .len(),
            taken_over: self.taken.load(Ordering::Relaxed),
            refused_writes: self.fence.refused.load(Ordering::Relaxed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{same, table_of};

    #[test]
    fn a_request_is_about_the_table_its_path_names() {
        assert_eq!(table_of("/api/tables/ab12/seats/0/state"), Some("ab12"));
        assert_eq!(table_of("/api/tables/ab12/watch"), Some("ab12"));
        assert_eq!(table_of("/api/tables"), None);
        assert_eq!(table_of("/api/tables/"), None);
        assert_eq!(table_of("/api/tables//watch"), None);
        assert_eq!(table_of("/api/review/ab12"), None);
        assert_eq!(table_of("/watch/ab12"), None);
    }

    #[test]
    fn the_rooms_secret_is_compared_whole() {
        assert!(same(b"abc", b"abc"));
        assert!(!same(b"abc", b"abd"));
        assert!(!same(b"abc", b"ab"));
        assert!(!same(b"", b"a"));
    }
}
