//! The Postgres [`Store`] (`cards serve --db postgres://...`, issue 46 item 2): the same schema
//! as SQLite's ([`super::sqlite::MIGRATIONS`], in Postgres's types), versioned by the
//! `schema_version` row of `meta` and brought up to date by [`MIGRATIONS`] under a lock, and
//! the same guarantees: a change is acknowledged only after its commit (Postgres's own
//! `synchronous_commit`, on by default, syncs the commit to the disk first); entries are keyed
//! `(table_id, seq)`, so a change is stored at most once whoever appends it; a batch of a group
//! commit is written whole or not at all (a savepoint each).
//!
//! One server per database by default, as with SQLite's file lock: the server holds a session
//! advisory lock ([`SERVER_LOCK`]) for as long as it runs, and a second server on the same
//! database is refused at start. Servers of a room (`--advertise`, issue 46 item 3) hold the
//! same lock shared instead, and each drives a table only under its lease ([`Fence`]): every
//! append, finish and close of a table checks, in its own transaction, that this server's lease
//! on it is the one it took (its token) and unexpired by the database's clock, and locks the
//! lease row until the commit, so that a server that lost its lease never writes.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use postgres::{Client, NoTls, Statement, Transaction};

use super::store::{
    Entry, FinishedMatch, Op, Quota, Refusal, Status, Store, StoreError, StoredTable, TableRecord,
};

/// The schema, one migration per version: migration `i` takes `schema_version` `i` to `i + 1`.
/// A migration is never edited once released; a change of schema is a new one at the end.
/// The tables and columns are SQLite's ([`super::sqlite::MIGRATIONS`]), and a room's besides
/// (its servers and leases, and who opened each table when).
pub const MIGRATIONS: [&str; 3] = [
    r"
CREATE TABLE tables (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    record  TEXT NOT NULL,
    status  TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'closed')),
    opened  BIGINT NOT NULL,
    ended   BIGINT,
    scores  TEXT
);
CREATE INDEX tables_status ON tables (status, ended);
CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      BIGINT NOT NULL,
    body     TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
);
",
    // A room of servers (`--advertise`): where each server is reached, and which server
    // drives which table, until when, under which token (one more at every takeover).
    r"
CREATE TABLE servers (
    id        TEXT PRIMARY KEY,
    addr      TEXT NOT NULL,
    heartbeat TIMESTAMPTZ NOT NULL
);
CREATE TABLE leases (
    table_id  TEXT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    server_id TEXT NOT NULL,
    token     BIGINT NOT NULL,
    expires   TIMESTAMPTZ NOT NULL
);
CREATE INDEX leases_server ON leases (server_id);
",
    // Who opened each table, and when by the database's clock: a room counts a client's
    // tables (and openings) across its servers at each opening ([`PostgresStore::open_for`]).
    r"
ALTER TABLE tables ADD COLUMN owner TEXT;
ALTER TABLE tables ADD COLUMN opened_at TIMESTAMPTZ;
UPDATE tables SET owner = record::jsonb ->> 'owner', opened_at = to_timestamp(opened);
CREATE INDEX tables_owner ON tables (owner, opened_at);
",
];

/// The leases a server of a room holds: its id, and the token of each table it drives. The
/// store checks them on every write of a table ([`PostgresStore`]); the room's renewal takes
/// out the ones it could not renew.
#[derive(Clone, Debug)]
pub struct Fence {
    /// The server's id in the `servers` table.
    pub server: String,
    /// Per table driven, the token of its lease.
    pub held: Arc<Mutex<HashMap<String, i64>>>,
    /// How long a lease lasts from its last renewal, in milliseconds.
    pub ttl_ms: i64,
    /// How many writes were refused because this server no longer held the table's lease.
    pub refused: Arc<AtomicU64>,
}

impl Fence {
    /// The token this server holds `id` under, if it holds it.
    pub fn token(&self, id: &str) -> Option<i64> {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(id)
            .copied()
    }

    /// Notes that this server holds `id` under `token`.
    pub fn hold(&self, id: &str, token: i64) {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .insert(id.to_owned(), token);
    }

    /// Notes that this server no longer holds `id`.
    pub fn drop_table(&self, id: &str) {
        self.held
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .remove(id);
    }
}

/// The refusal of a write by a server that does not hold the table's lease.
fn not_held(id: &str) -> StoreError {
    StoreError(format!(
        "table {id} is driven by another server of the room now (this server's lease on it \
         ended): nothing was written"
    ))
}

/// In a room, checks that this server still holds `id`'s lease (its token, unexpired by the
/// database's clock) and locks the lease row until the transaction ends (`FOR KEY SHARE`: a
/// takeover, which locks the row `FOR UPDATE` first, waits for the commit, but the renewal of
/// the expiry does not), so that no takeover comes between the check and the commit; a lease
/// lost is dropped from the fence.
fn check_lease(
    c: &mut Transaction<'_>,
    prepared: &Prepared,
    fence: Option<&Fence>,
    id: &str,
) -> Result<(), StoreError> {
    let Some(fence) = fence else {
        return Ok(());
    };
    let Some(token) = fence.token(id) else {
        fence.refused.fetch_add(1, Ordering::Relaxed);
        return Err(not_held(id));
    };
    let held = c
        .query_opt(&prepared.lease, &[&id, &fence.server, &token])
        .map_err(|e| fail("cannot read its lease", &e))?;
    if held.is_none() {
        fence.refused.fetch_add(1, Ordering::Relaxed);
        fence.drop_table(id);
        return Err(not_held(id));
    }
    Ok(())
}

/// The statements of a change's write, prepared once a connection: a statement sent as text is
/// parsed and planned by Postgres at every use, and costs a round trip more.
#[derive(Clone)]
struct Prepared {
    /// This server's lease on a table, unexpired, locked to the commit ([`check_lease`]).
    lease: Statement,
    /// The position that follows a table's stored entries.
    next: Statement,
    /// A batch's entries, in one statement: `$3`'s bodies stored from position `$2` on.
    insert: Statement,
}

impl Prepared {
    fn new(c: &mut Client) -> Result<Prepared, StoreError> {
        let prepare = |c: &mut Client, sql: &str| {
            c.prepare(sql)
                .map_err(|e| fail("cannot prepare its statements", &e))
        };
        Ok(Prepared {
            lease: prepare(
                c,
                "SELECT 1 FROM leases WHERE table_id = $1 AND server_id = $2 AND token = $3 \
                 AND expires > clock_timestamp() FOR KEY SHARE",
            )?,
            next: prepare(
                c,
                "SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE table_id = $1",
            )?,
            insert: prepare(
                c,
                "INSERT INTO entries (table_id, seq, body) \
                 SELECT $1, $2::bigint + u.n - 1, u.body \
                 FROM unnest($3::text[]) WITH ORDINALITY AS u(body, n)",
            )?,
        })
    }
}

/// The advisory lock a server holds on its database while it runs (`"cards"` in ASCII).
pub const SERVER_LOCK: i64 = 0x6361_7264_7301;
/// How often (every 100 ms) a starting server tries the lock before it says the database is
/// in use.
const LOCK_TRIES: u32 = 50;
/// The advisory lock under which the schema is brought up to date.
const MIGRATION_LOCK: i64 = 0x6361_7264_7302;
/// The first key of the advisory locks that serialise one client's openings in a room (the
/// second is a hash of the client's address): `"card"` in ASCII. Two 32-bit keys, a space
/// apart from the 64-bit keys above.
const OPENING_LOCKS: i32 = 0x6361_7264;

/// Whether `db` (the `--db` argument) names a Postgres database rather than a SQLite file.
pub fn is_postgres(db: &str) -> bool {
    db.starts_with("postgres://") || db.starts_with("postgresql://")
}

/// A Postgres address as it may be shown (in the startup line, in errors): without its
/// password.
pub fn shown(db: &str) -> String {
    match db.parse::<postgres::Config>() {
        Ok(config) => {
            let hosts: Vec<String> = config
                .get_hosts()
                .iter()
                .map(|h| match h {
                    postgres::config::Host::Tcp(name) => name.clone(),
                    postgres::config::Host::Unix(path) => path.display().to_string(),
                })
                .collect();
            let port = config.get_ports().first().copied().unwrap_or(5432);
            format!(
                "postgres://{}@{}:{port}/{}",
                config.get_user().unwrap_or(""),
                hosts.join(","),
                config.get_dbname().unwrap_or("")
            )
        }
        Err(_) => "a Postgres address that cannot be read".to_owned(),
    }
}

/// Tables in Postgres.
pub struct PostgresStore {
    client: Client,
    /// The write's statements, prepared on `client` (made again with a new connection).
    prepared: Option<Prepared>,
    url: String,
    /// In a room, this server's leases, checked on every write of a table.
    fence: Option<Fence>,
}

impl std::fmt::Debug for PostgresStore {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PostgresStore({})", shown(&self.url))
    }
}

fn fail(what: &str, e: &dyn std::fmt::Display) -> StoreError {
    StoreError(format!("{what}: {e}"))
}

/// Connects to `url` and takes the server's lock: alone, or shared with the other servers of
/// a room (`room`).
pub fn connect(url: &str, room: bool) -> Result<Client, StoreError> {
    let mut client = Client::connect(url, NoTls).map_err(|e| {
        fail(
            &format!(
                "cannot connect to {} (a server without TLS: give `sslmode=disable` or leave \
                 sslmode out)",
                shown(url)
            ),
            &e,
        )
    })?;
    // A server just killed holds the lock until Postgres notices its connection is gone:
    // give it a few seconds.
    let mut tries = 0;
    let take = if room {
        "SELECT pg_try_advisory_lock_shared($1)"
    } else {
        "SELECT pg_try_advisory_lock($1)"
    };
    let locked = loop {
        let locked: bool = client
            .query_one(take, &[&SERVER_LOCK])
            .map_err(|e| fail("cannot take its lock", &e))?
            .get(0);
        tries += 1;
        if locked || tries >= LOCK_TRIES {
            break locked;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    if locked && room {
        // A server paused inside a transaction (its locks held) is cut off, so that the
        // others can take its tables over.
        client
            .batch_execute("SET idle_in_transaction_session_timeout = '2s'")
            .map_err(|e| fail("cannot set its session", &e))?;
    }
    if !locked && room {
        return Err(StoreError(
            "it is in use by a cards serve that holds it alone (one started without \
             --advertise): stop it, or start every server of the room with --advertise"
                .to_owned(),
        ));
    }
    if !locked {
        return Err(StoreError(
            "it is in use by another cards serve: give this server its own database with \
             --db, or start every server of the room with --advertise"
                .to_owned(),
        ));
    }
    Ok(client)
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user:password@host:port/database`),
    /// takes its lock (shared with a room's other servers when `fence` is given: then every
    /// write of a table is checked against its lease), and brings its schema up to date.
    ///
    /// # Errors
    /// In words, naming the database (never its password): unreachable, refused, made by a
    /// newer `cards`, or in use by another server.
    pub fn open(url: &str, fence: Option<Fence>) -> Result<PostgresStore, StoreError> {
        let client = connect(url, fence.is_some())?;
        let mut store = PostgresStore {
            client,
            prepared: None,
            url: url.to_owned(),
            fence,
        };
        store
            .migrate()
            .map_err(|e| StoreError(format!("the database {}: {e}", shown(url))))?;
        Ok(store)
    }

    /// Brings the schema to the last version, and writes the start time.
    fn migrate(&mut self) -> Result<(), StoreError> {
        let mut tx = self
            .client
            .transaction()
            .map_err(|e| fail("cannot begin", &e))?;
        tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
            .map_err(|e| fail("cannot take its migration lock", &e))?;
        tx.batch_execute(
            "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
        )
        .map_err(|e| fail("cannot make its meta table", &e))?;
        let version: i64 = tx
            .query_opt("SELECT value FROM meta WHERE key = 'schema_version'", &[])
            .map_err(|e| fail("cannot read its schema version", &e))?
            .map_or(Ok(0), |row| row.get::<_, String>(0).parse::<i64>())
            .map_err(|e| fail("its schema version is not a number", &e))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError(format!(
                "its schema is version {version}, made by a newer cards (this one knows up to \
                 {known}): use that cards, or another database"
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            tx.batch_execute(sql)
                .map_err(|e| fail(&format!("migration {} failed", i + 1), &e))?;
        }
        for (key, value) in [
            ("schema_version", known.to_string()),
            ("started", super::store::now_secs().to_string()),
        ] {
            tx.execute(
                "INSERT INTO meta (key, value) VALUES ($1, $2) \
                 ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                &[&key, &value],
            )
            .map_err(|e| fail("cannot be written", &e))?;
        }
        tx.commit().map_err(|e| fail("cannot be written", &e))
    }

    /// The connection, made again (and the lock taken again) if it was lost.
    fn client(&mut self) -> Result<&mut Client, StoreError> {
        if self.client.is_closed() {
            self.prepared = None;
            self.client = connect(&self.url, self.fence.is_some())?;
        }
        Ok(&mut self.client)
    }

    /// The write's statements on the current connection, prepared at its first write.
    fn prepared(&mut self) -> Result<Prepared, StoreError> {
        self.client()?;
        if let Some(prepared) = &self.prepared {
            return Ok(prepared.clone());
        }
        let prepared = Prepared::new(&mut self.client)?;
        self.prepared = Some(prepared.clone());
        Ok(prepared)
    }

    fn load(
        tx: &mut Transaction<'_>,
        id: &str,
        record: &str,
        status: &str,
    ) -> Result<StoredTable, StoreError> {
        let record: TableRecord = serde_json::from_str(record)
            .map_err(|e| fail(&format!("table {id}'s record cannot be read"), &e))?;
        let status = Status::from_word(status)
            .ok_or_else(|| StoreError(format!("table {id} has an unknown status {status:?}")))?;
        let rows = tx
            .query(
                "SELECT seq, body FROM entries WHERE table_id = $1 ORDER BY seq",
                &[&id],
            )
            .map_err(|e| fail("cannot read entries", &e))?;
        let mut entries = Vec::with_capacity(rows.len());
        for row in rows {
            let seq: i64 = row.get(0);
            let body: String = row.get(1);
            if seq != entries.len() as i64 {
                return Err(StoreError(format!(
                    "table {id}: entry {} is missing (the next stored is {seq})",
                    entries.len()
                )));
            }
            let entry: Entry = serde_json::from_str(&body)
                .map_err(|e| fail(&format!("table {id}'s entry {seq} cannot be read"), &e))?;
            entries.push(entry);
        }
        Ok(StoredTable {
            record,
            entries,
            status,
        })
    }
}

fn write_op(
    c: &mut Transaction<'_>,
    prepared: &Prepared,
    op: &Op,
    fence: Option<&Fence>,
) -> Result<(), StoreError> {
    match op {
        Op::Open(record) => {
            let text = serde_json::to_string(record).map_err(|e| fail("cannot write", &e))?;
            c.execute(
                "INSERT INTO tables (id, game, record, opened, owner, opened_at) \
                 VALUES ($1, $2, $3, $4, $5, clock_timestamp())",
                &[
                    &record.id,
                    &record.game,
                    &text,
                    &(record.opened as i64),
                    &record.owner,
                ],
            )
            .map_err(|e| fail(&format!("cannot store table {}", record.id), &e))?;
            if let Some(fence) = fence {
                // The server that opens a table drives it first, under token 1.
                c.execute(
                    "INSERT INTO leases (table_id, server_id, token, expires) VALUES \
                     ($1, $2, 1, clock_timestamp() + $3::bigint * interval '1 millisecond')",
                    &[&record.id, &fence.server, &fence.ttl_ms],
                )
                .map_err(|e| fail(&format!("cannot take table {}'s lease", record.id), &e))?;
                fence.hold(&record.id, 1);
            }
        }
        Op::Append { id, from, entries } => {
            check_lease(c, prepared, fence, id)?;
            let next: i64 = c
                .query_one(&prepared.next, &[id])
                .map_err(|e| fail("cannot read entries", &e))?
                .get(0);
            if next != *from as i64 {
                return Err(StoreError(format!(
                    "table {id} has {next} entries stored, not {from}: these do not follow"
                )));
            }
            let bodies = entries
                .iter()
                .map(serde_json::to_string)
                .collect::<Result<Vec<String>, _>>()
                .map_err(|e| fail("cannot write", &e))?;
            c.execute(&prepared.insert, &[id, &next, &bodies])
                .map_err(|e| fail(&format!("cannot store table {id}'s move"), &e))?;
        }
        Op::Finish { id, scores, ended } => {
            check_lease(c, prepared, fence, id)?;
            let scores = serde_json::to_string(scores).map_err(|e| fail("cannot write", &e))?;
            c.execute(
                "UPDATE tables SET status = 'finished', ended = $2, scores = $3 WHERE id = $1",
                &[id, &(*ended as i64), &scores],
            )
            .map_err(|e| fail("cannot write", &e))?;
        }
        Op::Prune { before } => {
            let before = i64::try_from(*before).unwrap_or(i64::MAX);
            c.execute(
                "DELETE FROM entries WHERE table_id IN (SELECT id FROM tables \
                 WHERE status IN ('finished', 'closed') AND ended < $1)",
                &[&before],
            )
            .map_err(|e| fail("cannot remove old matches", &e))?;
            c.execute(
                "DELETE FROM tables WHERE status IN ('finished', 'closed') AND ended < $1",
                &[&before],
            )
            .map_err(|e| fail("cannot remove old matches", &e))?;
        }
        Op::Close { id } => {
            check_lease(c, prepared, fence, id)?;
            if let Some(fence) = fence {
                c.execute("DELETE FROM leases WHERE table_id = $1", &[id])
                    .map_err(|e| fail("cannot write", &e))?;
                fence.drop_table(id);
            }
            c.execute(
                "UPDATE tables SET status = 'closed', ended = $2 WHERE id = $1 AND status = 'open'",
                &[id, &(super::store::now_secs() as i64)],
            )
            .map_err(|e| fail("cannot write", &e))?;
        }
    }
    Ok(())
}

/// Writes one batch in a savepoint of `tx`: whole, or (refused) not at all.
fn write_batch(
    tx: &mut Transaction<'_>,
    prepared: &Prepared,
    ops: &[Op],
    fence: Option<&Fence>,
) -> Result<(), StoreError> {
    let mut sp = tx
        .savepoint("batch")
        .map_err(|e| fail("cannot begin a write", &e))?;
    for op in ops {
        // Dropping the savepoint unreleased rolls it back.
        write_op(&mut sp, prepared, op, fence)?;
    }
    sp.commit().map_err(|e| fail("cannot write", &e))
}

impl Store for PostgresStore {
    fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>> {
        let all = |e: StoreError| batches.iter().map(|_| Err(e.clone())).collect();
        let fence = self.fence.clone();
        let prepared = match self.prepared() {
            Ok(prepared) => prepared,
            Err(e) => return all(e),
        };
        let client = match self.client() {
            Ok(client) => client,
            Err(e) => return all(e),
        };
        let mut tx = match client.transaction() {
            Ok(tx) => tx,
            Err(e) => return all(fail("cannot begin a write", &e)),
        };
        let results: Vec<Result<(), StoreError>> = batches
            .iter()
            .map(|ops| write_batch(&mut tx, &prepared, ops, fence.as_ref()))
            .collect();
        match tx.commit() {
            Ok(()) => results,
            Err(e) => all(fail("cannot commit", &e)),
        }
    }

    /// In a room, the client's openings are serialised across the servers by an advisory
    /// lock on its address, held to the commit: its openings in the last minute (by the
    /// database's clock) and its tables playing are counted and the new one stored under it,
    /// so two openings at once on two servers cannot both take the last place. Alone, the
    /// table is stored as any write (the server counts its own tables and openings).
    fn open_for(
        &mut self,
        record: &TableRecord,
        quota: Quota,
    ) -> Result<Result<(), Refusal>, StoreError> {
        let Some(fence) = self.fence.clone() else {
            let mut results = self.write(&[vec![Op::Open(Box::new(record.clone()))]]);
            return results
                .pop()
                .unwrap_or_else(|| Err(StoreError("nothing was written".to_owned())))
                .map(Ok);
        };
        let prepared = self.prepared()?;
        let mut tx = self
            .client()?
            .transaction()
            .map_err(|e| fail("cannot begin a write", &e))?;
        tx.execute(
            "SELECT pg_advisory_xact_lock($1, hashtext($2))",
            &[&OPENING_LOCKS, &record.owner],
        )
        .map_err(|e| fail("cannot take the opener's lock", &e))?;
        if quota.opens > 0 {
            // The client's `opens`-th newest opening within the last minute, if it made that
            // many: how long until it is a minute old.
            let older = tx
                .query_opt(
                    "SELECT (EXTRACT(EPOCH FROM opened_at + interval '1 minute' \
                     - clock_timestamp()) * 1000)::bigint FROM tables \
                     WHERE owner = $1 AND opened_at > clock_timestamp() - interval '1 minute' \
                     ORDER BY opened_at DESC OFFSET $2 LIMIT 1",
                    &[&record.owner, &(i64::from(quota.opens) - 1)],
                )
                .map_err(|e| fail("cannot count the opener's openings", &e))?;
            if let Some(row) = older {
                let ms: Option<i64> = row.get(0);
                let ms = u64::try_from(ms.unwrap_or(0)).unwrap_or(0);
                return Ok(Err(Refusal::Opens {
                    most: quota.opens,
                    wait: std::time::Duration::from_millis(ms),
                }));
            }
        }
        let mine: i64 = tx
            .query_one(
                "SELECT count(*) FROM tables WHERE owner = $1 AND status = 'open'",
                &[&record.owner],
            )
            .map_err(|e| fail("cannot count the opener's tables", &e))?
            .get(0);
        let mine = usize::try_from(mine).unwrap_or(usize::MAX);
        if mine >= quota.tables {
            // Dropped unfinished, the transaction is rolled back (and the lock let go).
            return Ok(Err(Refusal::Playing {
                mine,
                most: quota.tables,
            }));
        }
        write_op(
            &mut tx,
            &prepared,
            &Op::Open(Box::new(record.clone())),
            Some(&fence),
        )?;
        tx.commit().map_err(|e| fail("cannot commit", &e))?;
        Ok(Ok(()))
    }

    fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError> {
        let mut tx = self
            .client()?
            .build_transaction()
            .isolation_level(postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .map_err(|e| fail("cannot read tables", &e))?;
        let rows = tx
            .query(
                "SELECT id, record, status FROM tables WHERE status = 'open' ORDER BY opened, id",
                &[],
            )
            .map_err(|e| fail("cannot read tables", &e))?;
        let tables = rows
            .iter()
            .map(|row| {
                let (id, record, status): (String, String, String) =
                    (row.get(0), row.get(1), row.get(2));
                Self::load(&mut tx, &id, &record, &status)
            })
            .collect();
        tx.commit().map_err(|e| fail("cannot read tables", &e))?;
        Ok(tables)
    }

    fn table(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let mut tx = self
            .client()?
            .build_transaction()
            .isolation_level(postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()
            .map_err(|e| fail("cannot read tables", &e))?;
        let row = tx
            .query_opt("SELECT record, status FROM tables WHERE id = $1", &[&id])
            .map_err(|e| fail("cannot read tables", &e))?;
        let table = row
            .map(|row| {
                let (record, status): (String, String) = (row.get(0), row.get(1));
                Self::load(&mut tx, id, &record, &status)
            })
            .transpose();
        tx.commit().map_err(|e| fail("cannot read tables", &e))?;
        table
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<FinishedMatch>, StoreError> {
        let rows = self
            .client()?
            .query(
                "SELECT id, game, ended, scores FROM tables WHERE status = 'finished' \
                 AND (record::jsonb ->> 'listed') = 'true' ORDER BY ended DESC, id LIMIT $1",
                &[&i64::try_from(limit).unwrap_or(i64::MAX)],
            )
            .map_err(|e| fail("cannot read tables", &e))?;
        Ok(rows
            .iter()
            .map(|r| FinishedMatch {
                id: r.get(0),
                game: r.get(1),
                ended: r.get::<_, Option<i64>>(2).unwrap_or(0) as u64,
                scores: r
                    .get::<_, Option<String>>(3)
                    .and_then(|s| serde_json::from_str(&s).ok())
                    .unwrap_or_default(),
            })
            .collect())
    }

    fn backup(&mut self, _to: &str) -> Result<(), StoreError> {
        Err(StoreError(
            "--backup copies a SQLite file; back up a Postgres database with its own tools \
             (pg_dump, or continuous archiving)"
                .to_owned(),
        ))
    }
}
