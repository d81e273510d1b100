//! The server's API: the handlers of its routes, and the driver that moves a table by itself.

use cards_core::text::Message;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cards_core::Seat;
use serde::{Deserialize, Serialize};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::WatchStream;

use super::slot::{Closed, Slot, digest};
use super::store::{Op, Quota, Refusal, TableRecord, now_secs};
use super::table::{self, Drive, Table};
use super::{
    ApiError, Budget, DEFAULT_BOT_MS, Server, Shared, TICKET_LIFE, caps, lobby, net, playing,
    random_hex,
};

#[derive(Serialize)]
pub(super) struct GamesBody {
    games: Vec<lobby::GameInfo>,
    /// The bot kinds every game offers, from the one table (each game lists its own).
    bots: Vec<lobby::KindInfo>,
    default_pace_ms: u64,
    /// Every bot kind and option the server seats, and its cap.
    bot_caps: Vec<caps::CapInfo>,
    /// The think time a search bot gets when its spec names none.
    default_bot_ms: u64,
    /// The memory one table's bots may take, in MB.
    table_memory_mb: u64,
    /// Each game's rules text (`cards rules GAME`), by game: the table's help on a bid,
    /// contract or option word quotes it.
    rules: std::collections::BTreeMap<&'static str, &'static str>,
    /// Each game's rules text in German (`cards rules GAME --lang de`), by game: the help of a
    /// German page quotes it.
    rules_de: std::collections::BTreeMap<&'static str, &'static str>,
}

pub(super) async fn list_games(State(shared): State<Shared>) -> Json<GamesBody> {
    Json(GamesBody {
        games: lobby::games(),
        bots: lobby::generic_kinds(),
        default_pace_ms: lobby::DEFAULT_PACE_MS,
        bot_caps: caps::cap_infos(),
        default_bot_ms: DEFAULT_BOT_MS,
        table_memory_mb: shared.table_memory >> 20,
        rules: crate::registry::registry()
            .iter()
            .map(|g| (g.name(), g.rules()))
            .collect(),
        rules_de: crate::registry::registry()
            .iter()
            .filter_map(|g| crate::i18n::german_rules(g.name()).map(|text| (g.name(), text)))
            .collect(),
    })
}

/// What `/api/status` tells anyone: how busy the server is (counts only, no table).
#[derive(Serialize)]
pub(super) struct StatusBody {
    /// Tables open.
    tables: usize,
    /// The bot decisions thought at once at most (`--bot-threads`).
    bot_threads: usize,
    /// Bot decisions being thought now.
    bots_thinking: usize,
    /// Bot decisions waiting for their turn.
    bots_waiting: usize,
    /// Connections open.
    connections: usize,
    /// The memory the tables take now, their states and their bots' thinking, in bytes.
    tables_memory: u64,
    /// What `--memory-mb` leaves the tables in all, in bytes.
    tables_budget: u64,
    /// In a room of servers (`--advertise`), this server's place in it.
    #[serde(skip_serializing_if = "Option::is_none")]
    room: Option<super::room::RoomStatus>,
}

/// `GET /api/status`: the server's load, for operators and tests.
pub(super) async fn status(State(shared): State<Shared>) -> Json<StatusBody> {
    let (bot_threads, bots_thinking, bots_waiting) = shared.thinkers.load();
    let tables = shared.tables.lock().map_or(0, |t| t.len());
    Json(StatusBody {
        tables,
        bot_threads,
        bots_thinking,
        bots_waiting,
        connections: shared.connections.total(),
        tables_memory: shared.reserved.load(Ordering::SeqCst),
        tables_budget: shared.bots_memory,
        room: shared.room.as_ref().map(super::room::Room::status),
    })
}

#[derive(Serialize)]
pub(super) struct SeatLink {
    seat: usize,
    kind: table::SeatKind,
    /// The secret link of a person's seat (a path; the page adds the host).
    link: Option<String>,
}

#[derive(Serialize)]
pub(super) struct Created {
    table: String,
    /// The table's watch page, for anyone: public information only.
    watch: String,
    /// The key that closes the table (`POST /api/tables/{id}/close`); the first person seat's
    /// link carries it too, after its token and a dot.
    host_key: String,
    game: String,
    /// The commitment to the secret seed, or a practice table (never the seed itself).
    dealing: table::Dealing,
    seats: Vec<SeatLink>,
}

/// The secret behind a new table's cards: drawn by the server, or the request's seed (a
/// practice table).
fn deal_secret(seed: Option<&str>) -> Result<crate::fair::DealSecret, ApiError> {
    match seed.map(str::trim) {
        None | Some("") => crate::fair::DealSecret::draw().map_err(|e| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                Message::new("serve-error-internal").arg("reason", super::untold(e)),
            )
        }),
        Some(text) => Ok(crate::fair::DealSecret::chosen(
            text.parse::<cards_core::Seed>().map_err(|_| {
                ApiError::bad(
                    Message::new("serve-error-seed")
                        .text("seed", format!("{text:?}"))
                        .text("most", u64::MAX),
                )
            })?,
        )),
    }
}

/// Takes `"listed"` out of a table request: whether the lobby lists the table (to watch, and
/// once finished to review). Left out, a table of bots only is listed and one with a person is
/// not (found by its links only).
fn take_listed(body: &mut serde_json::Value) -> Result<Option<bool>, ApiError> {
    match body.as_object_mut().and_then(|m| m.remove("listed")) {
        None | Some(serde_json::Value::Null) => Ok(None),
        Some(serde_json::Value::Bool(b)) => Ok(Some(b)),
        Some(_) => Err(ApiError::unprocessable(Message::new("serve-error-listed"))),
    }
}

pub(super) async fn create_table(
    State(shared): State<Shared>,
    peer: Option<Extension<net::Peer>>,
    body: Result<Json<serde_json::Value>, JsonRejection>,
) -> Result<Response, ApiError> {
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(p)| p.0);
    if let Err(wait) = shared.opens.take(ip) {
        return Ok(net::too_fast(
            wait,
            Message::new("serve-error-opens-per-minute")
                .text("most", shared.limits.opens_per_minute),
        ));
    }
    let Json(mut body) = body?;
    let listed = take_listed(&mut body)?;
    let hints = super::suggest::take_hints(&mut body)?;
    let (mut request, from_log) = lobby::with_log(body)?;
    request.allow_exec = shared.allow_exec;
    let secret = match from_log {
        Some(secret) => secret,
        None => deal_secret(request.seed.as_deref())?,
    };
    let pace = request.pace_ms.unwrap_or(lobby::DEFAULT_PACE_MS);
    if pace > lobby::MAX_PACE_MS {
        return Err(ApiError::bad(
            Message::new("serve-error-pace")
                .text("pace", pace)
                .text("most", lobby::MAX_PACE_MS),
        ));
    }
    request.budget = Some(budget(&shared, 0));
    let mut table = lobby::open_named_table(&request, secret.clone())?;
    // A table opened from a log stores the log's actions as its first change.
    table.saved(0);
    let dealing = table.dealing();
    let kinds = table.seats().to_vec();
    let tokens: Vec<Option<String>> = kinds
        .iter()
        .map(|kind| match kind {
            table::SeatKind::Person => random_hex(16).map(Some),
            table::SeatKind::Bot(_) => Ok(None),
        })
        .collect::<Result<_, _>>()?;
    let id = random_hex(8)?;
    let host = random_hex(16)?;
    let record = TableRecord {
        id: id.clone(),
        game: table.game().to_owned(),
        config: table.config().clone(),
        seats: kinds.clone(),
        tokens: tokens.iter().map(|t| t.as_deref().map(digest)).collect(),
        host: digest(&host),
        seed: secret.seed,
        salt: secret.salt,
        pace_ms: pace,
        owner: ip.to_string(),
        opened: now_secs(),
        listed: listed
            .unwrap_or_else(|| kinds.iter().all(|k| matches!(k, table::SeatKind::Bot(_)))),
        hints,
    };
    let slot = new_slot(&shared, table, record, ip);
    admit(&shared, &slot, ip)?;
    if let Some(refused) = store_opened(&shared, &slot).await {
        return Ok(refused);
    }
    commit(&shared, &slot, &mut *slot.table.lock().await).await?;
    tokio::spawn(drive(Arc::clone(&shared), Arc::clone(&slot)));
    Ok((
        StatusCode::CREATED,
        Json(Created {
            seats: links(&id, &kinds, &tokens, &host),
            watch: format!("/watch/{id}"),
            table: id,
            host_key: host,
            game: request.game,
            dealing,
        }),
    )
        .into_response())
}

/// Stores a table just opened (and admitted on this server), or refuses it: in a room, its
/// opener's tables playing and its openings in the last minute anywhere in the room count
/// against its limits (the store counts them and stores this one in one transaction,
/// serialised with the opener's openings at the other servers). The refusal, the table taken
/// off the server again; `None` once stored.
async fn store_opened(shared: &Shared, slot: &Arc<Slot>) -> Option<Response> {
    let record = (*slot.record).clone();
    let stored = if shared.room.is_some() {
        let quota = Quota {
            tables: shared.max_per_client,
            opens: shared.limits.opens_per_minute,
        };
        shared.store.open_for(record, quota).await
    } else {
        shared
            .store
            .write(vec![Op::Open(Box::new(record))])
            .await
            .map(Ok)
    };
    let refused = match stored {
        Ok(Ok(())) => return None,
        Ok(Err(Refusal::Playing { mine, most })) => ApiError::unavailable(
            Message::new("serve-error-max-per-client")
                .text("mine", mine)
                .text("most", most),
        ),
        Ok(Err(Refusal::Opens { most, wait })) => {
            if let Some(slot) = shared.forget(&slot.id) {
                slot.stop.close();
            }
            return Some(net::too_fast(
                wait,
                Message::new("serve-error-opens-per-minute-room").text("most", most),
            ));
        }
        Err(e) => ApiError::unavailable(
            Message::new("serve-error-open-unsaved").arg("reason", super::untold(e)),
        ),
    };
    if let Some(slot) = shared.forget(&slot.id) {
        slot.stop.close();
    }
    Some(refused.into_response())
}

/// Every seat's link: the secret link of a person's seat; the first person seat is the
/// opener's, and its link carries the host key too. The answer that holds them is marked not
/// to be stored (`secure_headers`).
fn links(
    id: &str,
    kinds: &[table::SeatKind],
    tokens: &[Option<String>],
    host: &str,
) -> Vec<SeatLink> {
    let opener = tokens.iter().position(Option::is_some);
    kinds
        .iter()
        .zip(tokens)
        .enumerate()
        .map(|(seat, (kind, token))| SeatLink {
            seat,
            kind: kind.clone(),
            link: token.as_ref().map(|t| {
                if Some(seat) == opener {
                    format!("/play/{id}/{seat}#{t}.{host}")
                } else {
                    format!("/play/{id}/{seat}#{t}")
                }
            }),
        })
        .collect()
}

/// A slot for a table just made or rebuilt.
pub(super) fn new_slot(
    shared: &Server,
    table: Box<dyn Table>,
    record: TableRecord,
    owner: IpAddr,
) -> Arc<Slot> {
    // The tokens as the table opened, and as its host changed them since.
    let mut tokens = record.tokens.clone();
    for entry in table.entries() {
        if let super::store::Entry::Seat { seat, token, .. } = entry {
            if let Some(t) = tokens.get_mut(usize::from(*seat)) {
                t.clone_from(token);
            }
        }
    }
    Arc::new(Slot {
        id: record.id.clone(),
        tokens: Mutex::new(tokens),
        host: record.host.clone(),
        pace: Duration::from_millis(record.pace_ms),
        record: Arc::new(record),
        stop: table.stop(),
        memory: std::sync::atomic::AtomicU64::new(table.memory()),
        table: Arc::new(tokio::sync::Mutex::new(table)),
        owner,
        finished: Mutex::new(None),
        changed: tokio::sync::watch::Sender::new(0),
        used: Mutex::new(Instant::now()),
        tickets: Mutex::new(Vec::new()),
        reserved: Arc::clone(&shared.reserved),
        reserving: std::sync::atomic::AtomicBool::new(false),
        presence: Mutex::new(Vec::new()),
        hinting: super::suggest::Hinting::default(),
        away: shared.away,
        answers: Mutex::new(Vec::new()),
    })
}

/// Seats a new table on the server, within its limits: tables playing in all and from this
/// address, and the bots' memory.
fn admit(shared: &Server, slot: &Arc<Slot>, ip: IpAddr) -> Result<(), ApiError> {
    let mut tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
    if playing(&tables, ip).0 >= shared.max_tables || tables.len() >= 2 * shared.max_tables {
        drop(tables);
        shared.reap();
        tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
    }
    let (all, mine) = playing(&tables, ip);
    if all >= shared.max_tables {
        return Err(ApiError::unavailable(
            Message::new("serve-error-max-tables")
                .text("all", all)
                .text("most", shared.max_tables),
        ));
    }
    if mine >= shared.max_per_client {
        return Err(ApiError::unavailable(
            Message::new("serve-error-max-per-client")
                .text("mine", mine)
                .text("most", shared.max_per_client),
        ));
    }
    // The budget again, now that no other request can reserve meanwhile.
    budget(shared, 0).check(slot.memory())?;
    slot.reserve();
    tables.insert(slot.id.clone(), Arc::clone(slot));
    Ok(())
}

/// The memory one table's bots may take: the per-table budget (`--table-memory-mb`), and what
/// the tables open leave of the server's (`--memory-mb`), the table's own reservation `own`
/// counted as free. Every door that seats bots checks it ([`Budget::check`]): opening a table
/// ([`admit`]) and re-seating one ([`resize`]).
pub(super) fn budget(shared: &Server, own: u64) -> Budget {
    let reserved = shared.reserved.load(Ordering::SeqCst);
    Budget {
        table: shared.table_memory,
        left: shared
            .bots_memory
            .saturating_sub(reserved.saturating_sub(own)),
    }
}

/// Re-sizes an open table's reservation to `bytes` (its bots after a re-seating), checked
/// exactly as a new table's bots are ([`budget`]); returns what it was.
///
/// # Errors
/// Over the per-table budget (400) or over what the other tables leave (503); nothing is
/// changed.
pub(super) fn resize(shared: &Server, slot: &Slot, bytes: u64) -> Result<u64, ApiError> {
    // Under the tables' lock, as in `admit`, so that no table opens meanwhile.
    let _tables = shared.tables.lock().unwrap_or_else(PoisonError::into_inner);
    let old = slot.memory();
    budget(shared, old).check(bytes)?;
    slot.set_memory(bytes);
    Ok(old)
}

/// How long a table's driver waits after its store failed before it tries again.
const RETRY: Duration = Duration::from_secs(1);

/// Stores the table's changes not yet stored (and the end of its match, if it is over), and
/// only then lets them be seen or acknowledged: the caller holds the table's lock throughout.
/// When the store fails, the table is rolled back to what is stored, rebuilt from it.
///
/// # Errors
/// The store failed: the changes were not made (503, with the store's reason).
pub(super) async fn commit(
    shared: &Server,
    slot: &Slot,
    table: &mut Box<dyn Table>,
) -> Result<(), ApiError> {
    let (from, unsaved) = table.unsaved();
    if unsaved.is_empty() {
        return Ok(());
    }
    if slot.stop.is_closed() {
        // Closed while this change was being made: its close is stored, nothing after it.
        return Err(ApiError::conflict(Message::new(
            "serve-error-closed-meanwhile",
        )));
    }
    let entries = unsaved.to_vec();
    let upto = from + entries.len();
    let mut ops = vec![Op::Append {
        id: slot.id.clone(),
        from: from as u64,
        entries,
    }];
    if table.is_over() {
        ops.push(Op::Finish {
            id: slot.id.clone(),
            scores: table.scores(),
            ended: now_secs(),
        });
    }
    let Err(e) = shared.store.write(ops).await else {
        table.saved(upto);
        // The table's growth counts in the server's memory budget (a move is never refused
        // for it: the next table or bot is).
        slot.set_memory(table.memory());
        return Ok(());
    };
    if let Some(room) = &shared.room
        && room.fence.token(&slot.id).is_none()
    {
        // Another server of the room drives the table now: this one lets it go, unchanged
        // from what is stored, and the client asks again (and is sent on to that server).
        if let Some(slot) = shared.forget(&slot.id) {
            slot.stop.close();
            slot.changed.send_modify(|v| *v += 1);
        }
        return Err(ApiError::unavailable(
            Message::new("serve-error-table-moving")
                .text("table", format!("{:?}", slot.id))
                .text("lease", super::room::LEASE.as_secs()),
        ));
    }
    // What the store holds, read again: a write whose answer was lost (Postgres's connection
    // cut after its commit was sent) may have been kept. Kept whole, it is acknowledged as
    // any; otherwise the table goes on from what is kept, never from a version behind the
    // store's (whose next write would be refused at every try). Unread, the changes before
    // this write are taken as kept.
    let id = slot.id.clone();
    let kept = shared
        .store
        .read(move |s| s.table(&id))
        .await
        .ok()
        .flatten()
        .map(|t| t.entries)
        .filter(|kept| kept.len() >= from);
    if kept.as_deref() == Some(&table.entries()[..upto]) {
        table.saved(upto);
        slot.set_memory(table.memory());
        return Ok(());
    }
    let stored = kept.as_deref().unwrap_or(&table.entries()[..from]);
    match lobby::rebuild(&slot.record, stored, shared.allow_exec) {
        Ok(rebuilt) => {
            // Closing the table stops the rebuilt one's bots too.
            slot.stop.follow(rebuilt.stop());
            *table = rebuilt;
        }
        // The stored changes no longer rebuild the table: nothing more can be kept of it.
        Err(_) => shared.close_slot(&slot.id, Closed::Damaged),
    }
    Err(ApiError::unavailable(
        Message::new("serve-error-move-unsaved").arg("reason", super::untold(e)),
    ))
}

/// At a table with people, the most that the bots' moves between two of a person's decisions
/// wait for the table's pace, in half paces (their thinking comes on top): at the default pace
/// 1.35 s, so a person never waits 3 s for a round of bots.
const RUN_HALF_PACES: u32 = 3;

/// The pacing of a run of moves a table takes by itself, from a person's decision (or any
/// change the driver did not make) to the next. At a table with people the run is paced as
/// one: a seat's decisions in a row wait once (3 to 13's draw, meld and discard), each bot's
/// turn waits its share of [`RUN_HALF_PACES`] half paces (at most one pace), and the run waits no more
/// than that in all. A table of bots only is watched move by move: every paced decision waits
/// the whole pace.
#[derive(Debug, Default)]
struct Run {
    /// The table's version after the driver's own last move: at another version someone else
    /// has moved, and a new run begins.
    own: Option<u64>,
    /// The seat whose turn waited last in this run.
    last: Option<Seat>,
    /// What this run has waited so far.
    waited: Duration,
}

impl Run {
    /// How long the paced decision of `mover` waits, at `version`, with the table's `pace`, at a
    /// table with (`people`) or without people, and `bots` bot seats.
    fn wait(
        &mut self,
        version: u64,
        mover: Option<Seat>,
        pace: Duration,
        people: bool,
        bots: usize,
    ) -> Duration {
        if !people {
            return pace;
        }
        if self.own != Some(version) {
            *self = Run {
                own: Some(version),
                ..Run::default()
            };
        }
        if mover.is_some() && mover == self.last {
            return Duration::ZERO;
        }
        self.last = mover;
        let budget = pace * RUN_HALF_PACES / 2;
        let share = budget / u32::try_from(bots.max(1)).unwrap_or(u32::MAX);
        let wait = pace.min(share).min(budget.saturating_sub(self.waited));
        self.waited += wait;
        wait
    }

    /// The driver has moved the table to `version`: the run goes on.
    fn moved(&mut self, version: u64) {
        self.own = Some(version);
    }
}

/// Moves a table by itself until it is closed. The moves people watch (a bot's choice
/// between options, outside Big A's draw) wait for the table's pace first; the moves nobody
/// chooses (a single option, a bot's or a person's) and the bots' decisions in the draw are
/// taken at once, in runs (see [`Table::begin_drive`]). Bots think on a blocking thread with
/// what they need taken out of the table, so the table's lock is held only to take and to
/// apply, and its pages are answered meanwhile from the last version; bots that do not search
/// decide on a thread of their own instead ([`super::think::Thinkers::think_quick`]).
pub(super) async fn drive(shared: Shared, slot: Arc<Slot>) {
    let mut seen = slot.changed.subscribe();
    let mut run = Run::default();
    loop {
        if slot.stop.is_closed() {
            return;
        }
        let (wants, wait) = {
            let table = slot.table.lock().await;
            slot.note_finished(&**table);
            let wait = if table.wants_drive() && table.wants_pace() {
                let bots = table
                    .seats()
                    .iter()
                    .filter(|s| **s != table::SeatKind::Person)
                    .count();
                let people = table.seats().len() - bots;
                run.wait(
                    table.version(),
                    table.to_move(),
                    slot.pace,
                    people > 0,
                    bots,
                )
            } else {
                Duration::ZERO
            };
            (table.wants_drive(), wait)
        };
        if !wants {
            if seen.changed().await.is_err() {
                return;
            }
            continue;
        }
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
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
        let thought = if thinking.is_quick() {
            // Bots that do not search decide in microseconds: on the quick decisions' thread.
            shared.thinkers.think_quick(thinking).await
        } else {
            // Its turn on the bounded pool first; a table closed while it waited thinks
            // nothing.
            let Some(turn) = shared.thinkers.turn().await else {
                return;
            };
            if slot.stop.is_closed() {
                return;
            }
            tokio::task::spawn_blocking(move || {
                let thought = thinking.think();
                drop(turn);
                thought
            })
            .await
            .map_err(|_| ())
        };
        let Ok(thought) = thought else {
            // A bot that panicked: the table stays as it was; stop driving it.
            return;
        };
        if slot.stop.is_closed() {
            return;
        }
        let moved = {
            let mut table = slot.table.lock().await;
            let moved = table.end_drive(thought).then(|| table.version());
            if moved.is_some() && commit(&shared, &slot, &mut table).await.is_err() {
                // Rolled back to what is stored: try again a little later.
                drop(table);
                tokio::time::sleep(RETRY).await;
                continue;
            }
            slot.note_finished(&**table);
            moved
        };
        if let Some(version) = moved {
            run.moved(version);
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
pub(super) struct SeatQuery {
    /// Refused: a token in the address would be kept by logs and histories.
    token: Option<String>,
    #[serde(default)]
    since: usize,
}

/// The seat token of a request: `Authorization: Bearer T`.
pub(super) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?.trim();
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then_some(token.trim())
}

/// Refuses a token in the address.
pub(super) fn no_token_in_address(token: Option<&String>) -> Result<(), ApiError> {
    if token.is_some() {
        return Err(ApiError::bad(Message::new("serve-error-token-in-address")));
    }
    Ok(())
}

/// The table and seat a request names, its token checked; only then does the request count as
/// a use of the table.
pub(super) fn open_seat(
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
    slot.seen(usize::from(seat.0));
    Ok((slot, seat, query.since))
}

pub(super) async fn seat_state(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let table = slot.table.lock().await;
    Ok(slot.seat_answer(&**table, seat, since))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct ActBody {
    action: String,
    #[serde(default)]
    version: Option<u64>,
}

/// Why an action request cannot be read, in words (serde's own names types such as `u64`).
pub(super) fn act_request_error(e: JsonRejection) -> ApiError {
    match e {
        // The status stays axum's: 400 for text that is no JSON, 422 for JSON of another form.
        JsonRejection::JsonDataError(_) | JsonRejection::JsonSyntaxError(_) => {
            ApiError::new(e.status(), Message::new("serve-error-action-body"))
        }
        other => ApiError::from(other),
    }
}

/// The longest action text read.
pub(super) const MAX_ACTION: usize = 1024;

pub(super) async fn act(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
    body: Result<Json<ActBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let Json(body) = body.map_err(act_request_error)?;
    if body.action.len() > MAX_ACTION {
        return Err(ApiError::bad(
            Message::new("serve-error-action-long")
                .text("bytes", body.action.len())
                .text("most", MAX_ACTION),
        ));
    }
    let mut table = slot.table.lock().await;
    table.act(seat, body.action.trim(), body.version)?;
    commit(&shared, &slot, &mut table).await?;
    Ok(changed(&slot, &**table, seat, since))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct TakebackBody {
    /// The table's version the page showed: a takeback answers the table as the person saw
    /// it, never one a bot's move has changed since.
    #[serde(default)]
    version: Option<u64>,
}

/// `POST /api/tables/{id}/seats/{seat}/takeback` with the seat's token: at a practice table,
/// the seat takes back its last action and the moves the table took by itself after it
/// ([`Table::take_back`]); acknowledged once stored, and told to every seat and spectator.
pub(super) async fn take_back(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
    body: Result<Json<TakebackBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let Json(body) = body.map_err(|_| ApiError::bad(Message::new("serve-error-takeback-body")))?;
    let mut table = slot.table.lock().await;
    if let Some(v) = body.version {
        if v != table.version() {
            return Err(ApiError::conflict(
                Message::new("serve-error-moved-on-takeback")
                    .text("version", v)
                    .text("now", table.version()),
            ));
        }
    }
    table.take_back(seat)?;
    commit(&shared, &slot, &mut table).await?;
    Ok(changed(&slot, &**table, seat, since))
}

pub(super) async fn next_deal(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let mut table = slot.table.lock().await;
    table.next_deal(seat)?;
    commit(&shared, &slot, &mut table).await?;
    Ok(changed(&slot, &**table, seat, since))
}

/// The answer to a request that changed `table`: the seat's state, after telling every open
/// page of the table about the new version.
pub(super) fn changed(slot: &Slot, table: &dyn Table, seat: Seat, since: usize) -> Response {
    slot.note_finished(table);
    slot.changed.send_replace(table.version());
    slot.seat_answer(table, seat, since)
}

#[derive(Debug, Serialize)]
pub(super) struct ClosedBody {
    closed: String,
}

/// The host closes a table: its bots stop, its place is free at once, and its pages are told
/// that its host closed it.
pub(super) async fn close_table(
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
        return Err(ApiError::forbidden(Message::new(
            "serve-error-close-needs-key",
        )));
    };
    let slot = shared.slot(&id)?;
    if !slot.is_host(key) {
        return Err(ApiError::forbidden(Message::new(
            "serve-error-close-wrong-key",
        )));
    }
    // Under the table's lock no move is committed meanwhile; the close is answered only once
    // it is committed, and a close the store refuses changes nothing.
    let _table = slot.table.lock().await;
    if slot.stop.is_closed() {
        return Err(shared.unknown(&id));
    }
    if let Err(e) = shared.store.write(vec![Op::Close { id: id.clone() }]).await {
        // A close whose answer was lost (Postgres's connection cut after its commit was sent)
        // may have been kept: the store, read again, says.
        let wanted = id.clone();
        let kept = shared.store.read(move |s| s.table(&wanted)).await;
        if !matches!(kept, Ok(Some(t)) if t.status == super::store::Status::Closed) {
            return Err(ApiError::unavailable(
                Message::new("serve-error-close-unsaved").arg("reason", super::untold(e)),
            ));
        }
    }
    if let Some(slot) = shared.forget(&id) {
        shared.close(&id, &slot, Closed::Host);
    }
    Ok(Json(ClosedBody { closed: id }))
}

#[derive(Serialize)]
pub(super) struct TicketBody {
    ticket: String,
    expires_in_ms: u64,
}

pub(super) async fn ticket(
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
pub(super) struct EventsQuery {
    /// Refused, as in [`SeatQuery`].
    token: Option<String>,
    ticket: Option<String>,
    /// The narration lines the page holds: given, the stream sends the seat's whole state at
    /// every change (`state` events, each the body of `GET .../state` from the lines the
    /// stream sent before) rather than the bare version (`update` events).
    since: Option<usize>,
}

pub(super) async fn events(
    State(shared): State<Shared>,
    peer: Option<Extension<net::Peer>>,
    path: Result<Path<(String, usize)>, PathRejection>,
    query: Result<Query<EventsQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Path((id, seat)) = path?;
    let Query(query) = query?;
    no_token_in_address(query.token.as_ref())?;
    let slot = shared.slot(&id)?;
    let seat = slot.redeem(seat, query.ticket.as_deref())?;
    slot.touch();
    let here = slot.following(usize::from(seat.0));
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(p)| p.0);
    let streams = shared.limits.streams_per_client;
    let Some(counted) = shared.streams.admit(ip, streams, usize::MAX) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            Message::new("serve-error-max-streams").text("streams", streams),
        ));
    };
    // A weak handle, so that an open page does not keep a closed table alive.
    let touch = Arc::downgrade(&slot);
    // The narration lines the page holds once it has read what the stream sent, and the table's
    // version and count of stored changes the stream sent last: the stream's events are read in
    // order, one at a time.
    let held = Arc::new(Mutex::new((query.since, None::<(u64, usize)>)));
    let stream = WatchStream::new(slot.changed.subscribe())
        .then(move |version| {
            let _counted = &counted;
            let _here = &here;
            let slot = touch.upgrade();
            let held = Arc::clone(&held);
            async move {
                let update = || Some(Event::default().event("update").data(version.to_string()));
                let Some(slot) = slot else {
                    return update();
                };
                slot.touch();
                let (Some(since), sent) = *held.lock().unwrap_or_else(PoisonError::into_inner)
                else {
                    return update();
                };
                let table = slot.table.lock().await;
                // A closed table (or one let go to another server) is told as a bare update:
                // the page asks, and is told why.
                if slot.stop.is_closed() {
                    return update();
                }
                // A state built under a later version than the one that woke the stream was
                // sent already: nothing new to send.
                let now = (table.version(), table.entries().len());
                if sent == Some(now) {
                    return None;
                }
                let Ok((body, lines)) = slot.seat_body(&**table, seat, since) else {
                    return update();
                };
                // serde_json writes UTF-8, and no line break: one `data` line.
                let Ok(text) = std::str::from_utf8(&body) else {
                    return update();
                };
                *held.lock().unwrap_or_else(PoisonError::into_inner) = (Some(lines), Some(now));
                Some(Event::default().event("state").data(text))
            }
        })
        .filter_map(|event| event.map(Ok::<_, std::convert::Infallible>));
    // Keep-alives well within the idle timeout, so a page that reads stays connected.
    let every =
        (shared.limits.idle_timeout / 3).clamp(Duration::from_millis(100), Duration::from_secs(15));
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(every))
        .into_response())
}

pub(super) async fn download_log(
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

#[cfg(test)]
mod tests {
    use std::collections::HashMap;
    use std::sync::atomic::AtomicU64;

    use super::super::store::{FinishedMatch, Store, StoreError, StoredTable, Writer};
    use super::super::{Gone, Limits, net};
    use super::*;

    #[test]
    fn a_run_of_bot_moves_between_a_persons_decisions_is_paced_as_one() {
        let pace = Duration::from_millis(900);
        let seat = |s| Some(Seat(s));
        // Big A: four bots, then a person who has passed out of the trick: the bots go round
        // and round, and the run waits one and a half paces in all.
        let mut run = Run::default();
        let mut waited = Duration::ZERO;
        for (version, mover) in (10..40).zip([1, 2, 3, 4].iter().cycle()) {
            let wait = run.wait(version, seat(*mover), pace, true, 4);
            assert!(wait <= pace);
            waited += wait;
            run.moved(version + 1);
        }
        assert_eq!(waited, pace * RUN_HALF_PACES / 2);
        // 3 to 13: a bot's draw, meld and discard wait once; each of three bots a third of the
        // budget.
        let mut run = Run::default();
        let waits: Vec<u128> = [(50, 1), (51, 1), (52, 1), (53, 2), (54, 2), (55, 3)]
            .iter()
            .map(|&(v, m)| {
                let w = run.wait(v, seat(m), pace, true, 3).as_millis();
                run.moved(v + 1);
                w
            })
            .collect();
        assert_eq!(waits, [450, 0, 0, 450, 0, 450]);
        // A person's move (a version the driver did not make) begins a new run.
        assert_eq!(run.wait(99, seat(1), pace, true, 3).as_millis(), 450);
        // A table of bots only is watched move by move at the whole pace.
        let mut run = Run::default();
        for v in 0..10 {
            assert_eq!(run.wait(v, seat(1), pace, false, 4), pace);
            run.moved(v + 1);
        }
    }

    /// A store that keeps new tables but refuses every move, as a full or failing disk would.
    struct Refusing;

    impl Store for Refusing {
        fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>> {
            let refuse = |ops: &Vec<Op>| {
                if ops.iter().all(|op| matches!(op, Op::Open(_))) {
                    Ok(())
                } else {
                    Err(StoreError("disk I/O error".to_owned()))
                }
            };
            batches.iter().map(refuse).collect()
        }
        fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError> {
            Ok(Vec::new())
        }
        fn table(&mut self, _: &str) -> Result<Option<StoredTable>, StoreError> {
            Ok(None)
        }
        fn finished(&mut self, _: usize) -> Result<Vec<FinishedMatch>, StoreError> {
            Ok(Vec::new())
        }
        fn backup(&mut self, _to: &str) -> Result<(), StoreError> {
            Err(StoreError("no backup here".to_owned()))
        }
    }

    /// A server whose store refuses every write, holding one Cego table of four people dealt
    /// from `seed`, and a runtime to drive it.
    fn cego_slot(seed: u64) -> (Shared, Arc<Slot>, tokio::runtime::Runtime) {
        cego_slot_with(seed, Box::new(Refusing))
    }

    /// A server on `store`, holding one Cego table of four people dealt from `seed`, and a
    /// runtime to drive it.
    fn cego_slot_with(
        seed: u64,
        store: Box<dyn Store>,
    ) -> (Shared, Arc<Slot>, tokio::runtime::Runtime) {
        let shared: Shared = Arc::new(Server {
            tables: Mutex::new(HashMap::new()),
            gone: Mutex::new(Gone::default()),
            max_tables: 4,
            max_per_client: 4,
            idle: Duration::from_secs(600),
            bots_memory: 1 << 30,
            table_memory: 1 << 28,
            reserved: Arc::new(AtomicU64::new(0)),
            streams: Arc::new(net::Counter::default()),
            connections: Arc::new(net::Counter::default()),
            waiting: Mutex::new(std::collections::VecDeque::new()),
            away: Duration::from_secs(180),
            limits: Limits::default(),
            allow_exec: false,
            store: Writer::start(store).unwrap(),
            reviews: super::super::review::Reviews::default(),
            opens: net::Rate::new(1.0, 1.0),
            requests: Arc::new((net::Rate::new(1.0, 1.0), 1)),
            thinkers: super::super::think::Thinkers::new(1),
            room: None,
        });
        let request = lobby::NewTable {
            game: "cego".to_owned(),
            seats: ["person", "person", "person", "person"]
                .map(str::to_owned)
                .to_vec(),
            ..lobby::NewTable::default()
        };
        let table =
            lobby::open_named_table(&request, crate::fair::DealSecret::chosen(seed)).unwrap();
        let record = TableRecord {
            id: "t".to_owned(),
            game: "cego".to_owned(),
            config: table.config().clone(),
            seats: table.seats().to_vec(),
            tokens: vec![None; 4],
            host: digest("hostkey"),
            seed: cards_core::Seed::Short(seed),
            salt: None,
            pace_ms: 0,
            owner: "127.0.0.1".to_owned(),
            opened: 0,
            listed: false,
            hints: false,
        };
        let slot = new_slot(&shared, table, record, IpAddr::V4(Ipv4Addr::LOCALHOST));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        (shared, slot, runtime)
    }

    #[test]
    fn a_move_the_store_refuses_is_refused_in_words_and_not_made() {
        let (shared, slot, runtime) = cego_slot(3);
        runtime.block_on(async {
            let mut table = slot.table.lock().await;
            let seat = Seat(table.seat_state(Seat(0), 0).to_move.unwrap());
            // Kept as JSON: the state borrows the table, which moves on.
            let before = serde_json::to_value(table.seat_state(seat, 0)).unwrap();
            let legal = before["legal"][0].as_str().unwrap().to_owned();
            table.act(seat, &legal, None).unwrap();
            let version = before["version"].as_u64().unwrap();
            assert_eq!(table.version(), version + 1, "made in memory");
            let e = commit(&shared, &slot, &mut table).await.unwrap_err();
            assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE);
            assert!(
                e.to_string()
                    .contains("could not be saved, so it was not made")
                    && e.to_string().contains("disk I/O error"),
                "{e}"
            );
            // Rolled back to what is stored: the same version, screen and narration.
            let after = serde_json::to_value(table.seat_state(seat, 0)).unwrap();
            assert_eq!(after["version"], before["version"]);
            assert_eq!(after["view_text"], before["view_text"]);
            assert_eq!(after["narration"], before["narration"]);
            assert_eq!(table.unsaved().1.len(), 0);
        });
    }

    /// A store that keeps every change but answers each write with an error, as Postgres does
    /// when the connection is cut after the commit was sent: whether the write was kept is
    /// known only by reading the table again.
    struct Unanswered {
        kept: Arc<Mutex<Option<StoredTable>>>,
        /// Whether to keep the writes (false: a write lost with its answer).
        keep: bool,
    }

    impl Store for Unanswered {
        fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>> {
            let mut kept = self.kept.lock().unwrap();
            for op in batches.iter().flatten() {
                match (self.keep, kept.as_mut(), op) {
                    (true, Some(table), Op::Append { entries, .. }) => {
                        table.entries.extend(entries.iter().cloned());
                    }
                    (true, Some(table), Op::Close { .. }) => {
                        table.status = super::super::store::Status::Closed;
                    }
                    _ => {}
                }
            }
            batches
                .iter()
                .map(|_| Err(StoreError("cannot commit: connection closed".to_owned())))
                .collect()
        }
        fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError> {
            Ok(Vec::new())
        }
        fn table(&mut self, _: &str) -> Result<Option<StoredTable>, StoreError> {
            Ok(self.kept.lock().unwrap().clone())
        }
        fn finished(&mut self, _: usize) -> Result<Vec<FinishedMatch>, StoreError> {
            Ok(Vec::new())
        }
        fn backup(&mut self, _to: &str) -> Result<(), StoreError> {
            Err(StoreError("no backup here".to_owned()))
        }
    }

    #[test]
    fn a_write_whose_commit_went_unanswered_goes_on_from_what_the_store_kept() {
        for keep in [true, false] {
            let kept = Arc::new(Mutex::new(None));
            let store = Unanswered {
                kept: Arc::clone(&kept),
                keep,
            };
            let (shared, slot, runtime) = cego_slot_with(3, Box::new(store));
            runtime.block_on(async {
                let mut table = slot.table.lock().await;
                *kept.lock().unwrap() = Some(StoredTable {
                    record: (*slot.record).clone(),
                    entries: table.entries().to_vec(),
                    status: super::super::store::Status::Open,
                });
                let seat = Seat(table.seat_state(Seat(0), 0).to_move.unwrap());
                let before = serde_json::to_value(table.seat_state(seat, 0)).unwrap();
                let legal = before["legal"][0].as_str().unwrap().to_owned();
                table.act(seat, &legal, None).unwrap();
                let made = serde_json::to_value(table.seat_state(seat, 0)).unwrap();
                let answer = commit(&shared, &slot, &mut table).await;
                let after = serde_json::to_value(table.seat_state(seat, 0)).unwrap();
                if keep {
                    // Kept: acknowledged, the table where the move took it, nothing unsaved.
                    assert!(answer.is_ok(), "{answer:?}");
                    assert_eq!(after["version"], made["version"]);
                    assert_eq!(after["view_text"], made["view_text"]);
                } else {
                    // Lost: refused, the table back where the store is.
                    let e = answer.unwrap_err();
                    assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
                    assert_eq!(after["version"], before["version"]);
                    assert_eq!(after["view_text"], before["view_text"]);
                }
                assert_eq!(table.unsaved().1.len(), 0);
                assert_eq!(
                    table.entries(),
                    kept.lock().unwrap().as_ref().unwrap().entries.as_slice(),
                    "the table holds what the store kept"
                );
                drop(table);
                // A close likewise: kept, the host is told it is closed; lost, that it
                // stays open.
                admit(&shared, &slot, IpAddr::V4(Ipv4Addr::LOCALHOST)).unwrap();
                let mut headers = HeaderMap::new();
                headers.insert(
                    header::AUTHORIZATION,
                    HeaderValue::from_static("Bearer hostkey"),
                );
                let closed = close_table(
                    State(Arc::clone(&shared)),
                    Ok(Path("t".to_owned())),
                    headers,
                )
                .await;
                if keep {
                    assert!(closed.is_ok(), "{:?}", closed.err());
                    assert!(slot.stop.is_closed() && shared.slot("t").is_err());
                } else {
                    let e = closed.err().unwrap();
                    assert!(e.to_string().contains("stays open"), "{e}");
                    assert!(!slot.stop.is_closed() && shared.slot("t").is_ok());
                }
            });
        }
    }

    /// A store whose writes wait for the test's word, then commit or refuse as told: what it
    /// committed is noted.
    struct Gated {
        go: std::sync::mpsc::Receiver<bool>,
        committed: Arc<Mutex<Vec<Op>>>,
    }

    impl Store for Gated {
        fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>> {
            let commit = self.go.recv().unwrap_or(false);
            batches
                .iter()
                .map(|ops| {
                    if commit {
                        self.committed.lock().unwrap().extend(ops.iter().cloned());
                        Ok(())
                    } else {
                        Err(StoreError("disk I/O error".to_owned()))
                    }
                })
                .collect()
        }
        fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError> {
            Ok(Vec::new())
        }
        fn table(&mut self, _: &str) -> Result<Option<StoredTable>, StoreError> {
            Ok(None)
        }
        fn finished(&mut self, _: usize) -> Result<Vec<FinishedMatch>, StoreError> {
            Ok(Vec::new())
        }
        fn backup(&mut self, _to: &str) -> Result<(), StoreError> {
            Err(StoreError("no backup here".to_owned()))
        }
    }

    #[test]
    fn a_close_is_answered_only_after_its_commit_and_a_refused_one_changes_nothing() {
        let (go, wait) = std::sync::mpsc::channel();
        let committed = Arc::new(Mutex::new(Vec::new()));
        let shared: Shared = Arc::new(Server {
            tables: Mutex::new(HashMap::new()),
            gone: Mutex::new(Gone::default()),
            max_tables: 4,
            max_per_client: 4,
            idle: Duration::from_secs(600),
            bots_memory: 1 << 30,
            table_memory: 1 << 28,
            reserved: Arc::new(AtomicU64::new(0)),
            streams: Arc::new(net::Counter::default()),
            connections: Arc::new(net::Counter::default()),
            waiting: Mutex::new(std::collections::VecDeque::new()),
            away: Duration::from_secs(180),
            limits: Limits::default(),
            allow_exec: false,
            store: Writer::start(Box::new(Gated {
                go: wait,
                committed: Arc::clone(&committed),
            }))
            .unwrap(),
            reviews: super::super::review::Reviews::default(),
            opens: net::Rate::new(1.0, 1.0),
            requests: Arc::new((net::Rate::new(1.0, 1.0), 1)),
            thinkers: super::super::think::Thinkers::new(1),
            room: None,
        });
        let request = lobby::NewTable {
            game: "cego".to_owned(),
            seats: ["person", "person", "person", "person"]
                .map(str::to_owned)
                .to_vec(),
            ..lobby::NewTable::default()
        };
        let table = lobby::open_named_table(&request, crate::fair::DealSecret::chosen(3)).unwrap();
        let record = TableRecord {
            id: "t".to_owned(),
            game: "cego".to_owned(),
            config: table.config().clone(),
            seats: table.seats().to_vec(),
            tokens: vec![None; 4],
            host: digest("hostkey"),
            seed: cards_core::Seed::Short(3),
            salt: None,
            pace_ms: 0,
            owner: "127.0.0.1".to_owned(),
            opened: 0,
            listed: false,
            hints: false,
        };
        let slot = new_slot(&shared, table, record, IpAddr::V4(Ipv4Addr::LOCALHOST));
        admit(&shared, &slot, IpAddr::V4(Ipv4Addr::LOCALHOST)).unwrap();
        let mut headers = HeaderMap::new();
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer hostkey"),
        );
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            let close = || {
                tokio::spawn(close_table(
                    State(Arc::clone(&shared)),
                    Ok(Path("t".to_owned())),
                    headers.clone(),
                ))
            };
            // The store refuses: 503, the table stays open and playing.
            let refused = close();
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert!(!refused.is_finished(), "no answer before the store's");
            go.send(false).unwrap();
            let e = refused.await.unwrap().unwrap_err();
            assert_eq!(e.status, StatusCode::SERVICE_UNAVAILABLE, "{e}");
            assert!(e.to_string().contains("stays open"), "{e}");
            assert!(shared.slot("t").is_ok() && !slot.stop.is_closed());
            // The store commits: only then is the close answered.
            let answered = close();
            tokio::time::sleep(Duration::from_millis(100)).await;
            assert!(!answered.is_finished(), "no answer before the commit");
            assert!(shared.slot("t").is_ok(), "still open until committed");
            go.send(true).unwrap();
            let Json(body) = answered.await.unwrap().unwrap();
            assert_eq!(body.closed, "t");
            assert_eq!(
                *committed.lock().unwrap(),
                [Op::Close { id: "t".to_owned() }],
                "committed before the answer"
            );
            assert!(slot.stop.is_closed());
            let Err(gone) = shared.slot("t") else {
                panic!("the table is gone");
            };
            assert!(gone.to_string().contains("closed by its host"), "{gone}");
        });
    }

    /// What `slot` answers `seat` asking for its state since `since`, as JSON.
    async fn sent(slot: &Slot, table: &dyn Table, seat: u8, since: usize) -> serde_json::Value {
        let body = slot.seat_answer(table, Seat(seat), since).into_body();
        let bytes = axum::body::to_bytes(body, usize::MAX).await.unwrap();
        serde_json::from_slice(&bytes).unwrap()
    }

    #[test]
    fn a_seat_is_sent_its_own_state_again_only_while_the_table_has_not_changed() {
        let (_shared, slot, runtime) = cego_slot(5);
        runtime.block_on(async {
            let mut table = slot.table.lock().await;
            // What the seat's state is now, built afresh; and what the slot answers.
            let fresh = |table: &dyn Table, seat: u8, since: usize| {
                serde_json::to_value(super::super::suggest::SeatAnswer {
                    state: table.seat_state(Seat(seat), since),
                    hints: false,
                })
                .unwrap()
            };
            for seat in 0..4 {
                for _ in 0..2 {
                    assert_eq!(
                        sent(&slot, &**table, seat, 0).await,
                        fresh(&**table, seat, 0)
                    );
                }
            }
            // Each seat its own hand, never another's kept answer.
            assert_ne!(
                sent(&slot, &**table, 0, 0).await["screen"],
                sent(&slot, &**table, 1, 0).await["screen"]
            );
            // Another `since`, another answer.
            assert_eq!(sent(&slot, &**table, 0, 1).await, fresh(&**table, 0, 1));
            // The table changes: the seats are sent the new state, not the kept one.
            let mover = table.seat_state(Seat(0), 0).to_move.unwrap();
            let before = sent(&slot, &**table, mover, 0).await;
            let legal = table.seat_state(Seat(mover), 0).legal[0].clone();
            table.act(Seat(mover), &legal, None).unwrap();
            let after = sent(&slot, &**table, mover, 0).await;
            assert_ne!(after, before);
            for seat in 0..4 {
                assert_eq!(
                    sent(&slot, &**table, seat, 0).await,
                    fresh(&**table, seat, 0)
                );
            }
        });
    }
}
