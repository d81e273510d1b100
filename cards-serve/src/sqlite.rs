//! The SQLite [`Store`]: one file (or `:memory:`), in WAL mode, its schema versioned by
//! SQLite's `user_version` and brought up to date by [`MIGRATIONS`], in order. The server holds
//! the file's lock for as long as it runs, so that two servers never share one file.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::store::{Entry, FinishedMatch, Op, Status, Store, StoreError, StoredTable, TableRecord};

/// The schema, one migration per version: migration `i` takes `user_version` `i` to `i + 1`.
/// A migration is never edited once released; a change of schema is a new one at the end.
pub const MIGRATIONS: [&str; 1] = [r"
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE tables (
    id      TEXT PRIMARY KEY,
    game    TEXT NOT NULL,
    record  TEXT NOT NULL,
    status  TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'finished', 'closed')),
    opened  INTEGER NOT NULL,
    ended   INTEGER,
    scores  TEXT
);
CREATE INDEX tables_status ON tables (status, ended);
CREATE TABLE entries (
    table_id TEXT NOT NULL REFERENCES tables (id),
    seq      INTEGER NOT NULL,
    body     TEXT NOT NULL,
    PRIMARY KEY (table_id, seq)
) WITHOUT ROWID;
"];

/// How a commit reaches the disk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sync {
    /// Every commit is synced to the disk before it is acknowledged: nothing acknowledged is
    /// lost even when the machine loses power.
    Full,
    /// Commits reach the operating system at once and the disk at checkpoints: nothing
    /// acknowledged is lost when the server is killed, but the last commits may be when the
    /// machine loses power.
    Normal,
}

/// Tables in SQLite.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Connection,
    /// What the server should say at start about the file (files others may read).
    pub warnings: Vec<String>,
}

/// The files of a database: the file itself, its write-ahead log and its shared memory.
fn files_of(path: &str) -> [String; 3] {
    [
        path.to_owned(),
        format!("{path}-wal"),
        format!("{path}-shm"),
    ]
}

/// Makes the database file, if it is missing, readable and writable by this user only (0600);
/// SQLite gives its `-wal` and `-shm` files the database file's permissions. Returns a
/// warning for each of the files already there that others may read or write (the file holds
/// every table's secret seed and its seats' token hashes).
#[cfg(unix)]
fn private_files(path: &str) -> Result<Vec<String>, StoreError> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    let mut warnings = Vec::new();
    for file in files_of(path) {
        if let Ok(meta) = std::fs::metadata(&file) {
            let mode = meta.permissions().mode() & 0o777;
            if mode & 0o077 != 0 {
                warnings.push(format!(
                    "warning: {file} may be read by other users (mode {mode:o}): it holds every \
                     table's secret seed; make it private with chmod 600 {file}"
                ));
            }
        }
    }
    match std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
    {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(e) => {
            return Err(fail(&format!("cannot open the database {path}"), &e));
        }
    }
    Ok(warnings)
}

#[cfg(not(unix))]
fn private_files(_path: &str) -> Result<Vec<String>, StoreError> {
    Ok(Vec::new())
}

fn fail(what: &str, e: &dyn std::fmt::Display) -> StoreError {
    StoreError(format!("{what}: {e}"))
}

impl SqliteStore {
    /// Opens (creating if need be) the database at `path`, or one in memory for `:memory:`,
    /// brings its schema up to date, takes its lock, and checks that it can be written.
    ///
    /// # Errors
    /// In words, naming the file: a folder, a file that is not a database or was made by a
    /// newer `cards`, a file or folder that cannot be written, or a file another process holds.
    pub fn open(path: &str, sync: Sync) -> Result<SqliteStore, StoreError> {
        let mut warnings = Vec::new();
        let conn = if path == ":memory:" {
            Connection::open_in_memory()
        } else {
            if Path::new(path).is_dir() {
                return Err(StoreError(format!(
                    "the database {path} is a folder: name a file (--db FILE)"
                )));
            }
            let marked = std::fs::metadata(path).is_ok_and(|m| m.permissions().readonly());
            if marked {
                return Err(StoreError(format!(
                    "the database {path} is a read-only file: moves would be lost, so the server \
                     does not start (make it writable, or name another file with --db)"
                )));
            }
            warnings = private_files(path)?;
            Connection::open(path)
        }
        .map_err(|e| fail(&format!("cannot open the database {path}"), &e))?;
        if conn.is_readonly(rusqlite::MAIN_DB).unwrap_or(true) {
            return Err(StoreError(format!(
                "the database {path} cannot be written (a read-only file, or a folder this user \
                 may not write): moves would be lost, so the server does not start"
            )));
        }
        let mut store = SqliteStore { conn, warnings };
        store
            .setup(sync)
            .map_err(|e| StoreError(format!("the database {path}: {e}")))?;
        Ok(store)
    }

    fn setup(&mut self, sync: Sync) -> Result<(), StoreError> {
        let c = &self.conn;
        c.busy_timeout(std::time::Duration::from_millis(500))
            .map_err(|e| fail("cannot set its busy timeout", &e))?;
        let mode: String = c
            .query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))
            .map_err(|e| in_use_or("cannot switch it to WAL mode", &e))?;
        if mode != "wal" && mode != "memory" {
            return Err(StoreError(format!(
                "it stays in journal mode {mode:?}, not WAL"
            )));
        }
        let sync = match sync {
            Sync::Full => "FULL",
            Sync::Normal => "NORMAL",
        };
        c.execute_batch(&format!(
            "PRAGMA synchronous = {sync}; PRAGMA foreign_keys = ON; \
             PRAGMA locking_mode = EXCLUSIVE;"
        ))
        .map_err(|e| fail("cannot set its pragmas", &e))?;
        self.check()?;
        self.migrate()
    }

    /// Runs `PRAGMA quick_check`: a damaged file is refused, naming the tables whose record or
    /// entries cannot be read back, so that nothing more is written to it.
    fn check(&self) -> Result<(), StoreError> {
        let found: Result<Vec<String>, rusqlite::Error> = self
            .conn
            .prepare("PRAGMA quick_check(20)")
            .and_then(|mut stmt| {
                stmt.query_map([], |r| r.get::<_, String>(0))?
                    .collect::<Result<_, _>>()
            });
        let found = match found {
            Ok(found) if found.iter().all(|l| l == "ok") => return Ok(()),
            Ok(found) => found,
            Err(e) => vec![e.to_string()],
        };
        let shown: Vec<String> = found
            .iter()
            .take(3)
            .map(|l| l.chars().take(200).collect())
            .collect();
        Err(StoreError(format!(
            "it is damaged (PRAGMA quick_check: {}); {}; the server does not start on it, so \
             that nothing more is lost: restore a backup, or move the file away (sqlite3's \
             .recover may save what is left)",
            shown.join("; "),
            self.unreadable()
        )))
    }

    /// The tables of a damaged file whose record or entries cannot be read back, in words.
    fn unreadable(&self) -> String {
        let ids: Result<Vec<String>, rusqlite::Error> = self
            .conn
            .prepare("SELECT id FROM tables ORDER BY id")
            .and_then(|mut stmt| {
                stmt.query_map([], |r| r.get::<_, String>(0))?
                    .collect::<Result<_, _>>()
            });
        let ids = match ids {
            Ok(ids) => ids,
            Err(e) => return format!("its list of tables cannot be read ({e})"),
        };
        let bad: Vec<String> = ids
            .into_iter()
            .filter(|id| {
                let row: Result<(String, String), rusqlite::Error> = self.conn.query_row(
                    "SELECT record, status FROM tables WHERE id = ?1",
                    params![id],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                );
                row.map_or(true, |(record, status)| {
                    self.load(id, &record, &status).is_err()
                })
            })
            .collect();
        if bad.is_empty() {
            "every table's record and entries still read back".to_owned()
        } else {
            format!(
                "the tables it cannot read back: {}",
                bad.iter().take(50).cloned().collect::<Vec<_>>().join(", ")
            )
        }
    }

    /// Brings the schema to the last version, and writes the start time (which also takes the
    /// file's lock and proves it can be written).
    fn migrate(&mut self) -> Result<(), StoreError> {
        let tx = self
            .conn
            .transaction_with_behavior(rusqlite::TransactionBehavior::Exclusive)
            .map_err(|e| in_use_or("cannot take its lock", &e))?;
        let version: i64 = tx
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| in_use_or("cannot read its schema version", &e))?;
        let known = MIGRATIONS.len() as i64;
        if version > known {
            return Err(StoreError(format!(
                "its schema is version {version}, made by a newer cards (this one knows up to \
                 {known}): use that cards, or another file"
            )));
        }
        for (i, sql) in MIGRATIONS.iter().enumerate().skip(version as usize) {
            tx.execute_batch(sql)
                .map_err(|e| fail(&format!("migration {} failed", i + 1), &e))?;
        }
        tx.pragma_update(None, "user_version", known)
            .map_err(|e| fail("cannot write its schema version", &e))?;
        tx.execute(
            "INSERT OR REPLACE INTO meta (key, value) VALUES ('started', ?1)",
            params![super::store::now_secs().to_string()],
        )
        .map_err(|e| in_use_or("cannot be written", &e))?;
        tx.commit().map_err(|e| in_use_or("cannot be written", &e))
    }

    /// Writes one batch within the open transaction, all of it or nothing (a savepoint; its
    /// statements prepared once and kept, as every statement of a move is).
    fn write_batch(&mut self, ops: &[Op]) -> Result<(), StoreError> {
        let c = &self.conn;
        let run = |sql: &str| c.prepare_cached(sql).and_then(|mut s| s.execute([]));
        run("SAVEPOINT batch").map_err(|e| fail("cannot begin a write", &e))?;
        let written = ops.iter().try_for_each(|op| write_op(c, op));
        let ended = match &written {
            Ok(()) => run("RELEASE batch"),
            Err(_) => run("ROLLBACK TO batch").and_then(|_| run("RELEASE batch")),
        };
        written?;
        ended.map(|_| ()).map_err(|e| fail("cannot write", &e))
    }

    fn load(&self, id: &str, record: &str, status: &str) -> Result<StoredTable, StoreError> {
        let record: TableRecord = serde_json::from_str(record)
            .map_err(|e| fail(&format!("table {id}'s record cannot be read"), &e))?;
        let status = Status::from_word(status)
            .ok_or_else(|| StoreError(format!("table {id} has an unknown status {status:?}")))?;
        let mut stmt = self
            .conn
            .prepare_cached("SELECT seq, body FROM entries WHERE table_id = ?1 ORDER BY seq")
            .map_err(|e| fail("cannot read entries", &e))?;
        let rows = stmt
            .query_map(params![id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })
            .map_err(|e| fail("cannot read entries", &e))?;
        let mut entries = Vec::new();
        for row in rows {
            let (seq, body) = row.map_err(|e| fail("cannot read entries", &e))?;
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

/// An error that says the file is in use, when SQLite says it is busy or locked.
fn in_use_or(what: &str, e: &rusqlite::Error) -> StoreError {
    match e.sqlite_error_code() {
        Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked) => {
            StoreError(
                "it is in use by another process (another cards serve?): give this server \
                 its own file with --db"
                    .to_owned(),
            )
        }
        Some(rusqlite::ErrorCode::ReadOnly) => StoreError(format!(
            "it cannot be written (a read-only file, or a folder this user may not write): {e}"
        )),
        _ => fail(what, e),
    }
}

fn write_op(c: &Connection, op: &Op) -> Result<(), StoreError> {
    match op {
        Op::Open(record) => {
            let text = serde_json::to_string(record).map_err(|e| fail("cannot write", &e))?;
            c.execute(
                "INSERT INTO tables (id, game, record, opened) VALUES (?1, ?2, ?3, ?4)",
                params![record.id, record.game, text, record.opened as i64],
            )
            .map_err(|e| fail(&format!("cannot store table {}", record.id), &e))?;
        }
        Op::Append { id, from, entries } => {
            let next: i64 = c
                .prepare_cached("SELECT COALESCE(MAX(seq) + 1, 0) FROM entries WHERE table_id = ?1")
                .and_then(|mut s| s.query_row(params![id], |r| r.get(0)))
                .map_err(|e| fail("cannot read entries", &e))?;
            if next != *from as i64 {
                return Err(StoreError(format!(
                    "table {id} has {next} entries stored, not {from}: these do not follow"
                )));
            }
            let mut stmt = c
                .prepare_cached("INSERT INTO entries (table_id, seq, body) VALUES (?1, ?2, ?3)")
                .map_err(|e| fail("cannot write", &e))?;
            for (i, entry) in entries.iter().enumerate() {
                let body = serde_json::to_string(entry).map_err(|e| fail("cannot write", &e))?;
                stmt.execute(params![id, next + i as i64, body])
                    .map_err(|e| fail(&format!("cannot store table {id}'s move"), &e))?;
            }
        }
        Op::Finish { id, scores, ended } => {
            let scores = serde_json::to_string(scores).map_err(|e| fail("cannot write", &e))?;
            c.execute(
                "UPDATE tables SET status = 'finished', ended = ?2, scores = ?3 WHERE id = ?1",
                params![id, *ended as i64, scores],
            )
            .map_err(|e| fail("cannot write", &e))?;
        }
        Op::Prune { before } => {
            let before = i64::try_from(*before).unwrap_or(i64::MAX);
            c.execute(
                "DELETE FROM entries WHERE table_id IN (SELECT id FROM tables \
                 WHERE status IN ('finished', 'closed') AND ended < ?1)",
                params![before],
            )
            .map_err(|e| fail("cannot remove old matches", &e))?;
            c.execute(
                "DELETE FROM tables WHERE status IN ('finished', 'closed') AND ended < ?1",
                params![before],
            )
            .map_err(|e| fail("cannot remove old matches", &e))?;
        }
        Op::Close { id } => {
            c.execute(
                "UPDATE tables SET status = 'closed', ended = ?2 WHERE id = ?1 AND status = 'open'",
                params![id, super::store::now_secs() as i64],
            )
            .map_err(|e| fail("cannot write", &e))?;
        }
    }
    Ok(())
}

impl Store for SqliteStore {
    fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>> {
        if let Err(e) = self.conn.execute_batch("BEGIN IMMEDIATE") {
            let e = in_use_or("cannot begin a write", &e);
            return batches.iter().map(|_| Err(e.clone())).collect();
        }
        let results: Vec<Result<(), StoreError>> =
            batches.iter().map(|ops| self.write_batch(ops)).collect();
        match self.conn.execute_batch("COMMIT") {
            Ok(()) => results,
            Err(e) => {
                let _ = self.conn.execute_batch("ROLLBACK");
                let e = in_use_or("cannot commit", &e);
                batches.iter().map(|_| Err(e.clone())).collect()
            }
        }
    }

    fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError> {
        let rows: Vec<(String, String, String)> = {
            let mut stmt = self
                .conn
                .prepare(
                    "SELECT id, record, status FROM tables WHERE status = 'open' ORDER BY opened",
                )
                .map_err(|e| fail("cannot read tables", &e))?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
                .map_err(|e| fail("cannot read tables", &e))?
                .collect::<Result<_, _>>()
                .map_err(|e| fail("cannot read tables", &e))?
        };
        Ok(rows
            .iter()
            .map(|(id, record, status)| self.load(id, record, status))
            .collect())
    }

    fn table(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError> {
        let row: Option<(String, String)> = self
            .conn
            .query_row(
                "SELECT record, status FROM tables WHERE id = ?1",
                params![id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
            .map_err(|e| fail("cannot read tables", &e))?;
        row.map(|(record, status)| self.load(id, &record, &status))
            .transpose()
    }

    fn backup(&mut self, to: &str) -> Result<(), StoreError> {
        // VACUUM INTO writes a consistent copy from this connection (the file is locked for
        // every other), into a new file made private first, then renamed over the last one.
        let target = std::path::Path::new(to);
        let temp = crate::log::temp_beside(target);
        let temp_text = temp.to_string_lossy().into_owned();
        let _ = std::fs::remove_file(&temp);
        private_files(&temp_text)?;
        // VACUUM INTO wants a file that is missing or empty: the private one just made is.
        let copied = self
            .conn
            .execute("VACUUM INTO ?1", params![temp_text])
            .map_err(|e| fail(&format!("cannot back up to {to}"), &e))
            .and_then(|_| {
                std::fs::rename(&temp, target)
                    .map_err(|e| fail(&format!("cannot put the backup in place at {to}"), &e))
            });
        if copied.is_err() {
            let _ = std::fs::remove_file(&temp);
        }
        copied
    }

    fn finished(&mut self, limit: usize) -> Result<Vec<FinishedMatch>, StoreError> {
        let mut stmt = self
            .conn
            .prepare_cached(
                "SELECT id, game, ended, scores FROM tables WHERE status = 'finished' \
                 AND json_extract(record, '$.listed') = 1 ORDER BY ended DESC, id LIMIT ?1",
            )
            .map_err(|e| fail("cannot read tables", &e))?;
        let rows = stmt
            .query_map(params![limit as i64], |r| {
                Ok(FinishedMatch {
                    id: r.get(0)?,
                    game: r.get(1)?,
                    ended: r.get::<_, Option<i64>>(2)?.unwrap_or(0) as u64,
                    scores: r
                        .get::<_, Option<String>>(3)?
                        .and_then(|s| serde_json::from_str(&s).ok())
                        .unwrap_or_default(),
                })
            })
            .map_err(|e| fail("cannot read tables", &e))?;
        rows.collect::<Result<_, _>>()
            .map_err(|e| fail("cannot read tables", &e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn record(id: &str) -> TableRecord {
        TableRecord {
            id: id.to_owned(),
            game: "cego".to_owned(),
            config: serde_json::json!({}),
            seats: vec![super::super::table::SeatKind::Person],
            tokens: vec![Some("ab".to_owned())],
            host: "cd".to_owned(),
            seed: cards_core::Seed::Short(u64::MAX),
            salt: None,
            pace_ms: 0,
            owner: "127.0.0.1".to_owned(),
            opened: 1,
            listed: true,
            hints: false,
        }
    }

    fn act(n: usize) -> Entry {
        Entry::Act {
            seat: 0,
            action: format!("a{n}"),
        }
    }

    #[test]
    fn tables_and_entries_come_back_in_order_and_gaps_are_refused() {
        let mut store = SqliteStore::open(":memory:", Sync::Full).unwrap();
        let open = vec![Op::Open(Box::new(record("t1")))];
        let append = |from: u64, n: usize| Op::Append {
            id: "t1".to_owned(),
            from,
            entries: (0..n).map(|i| act(from as usize + i)).collect(),
        };
        assert_eq!(store.write(&[open]), [Ok(())]);
        let results = store.write(&[vec![append(0, 2)], vec![append(5, 1)], vec![append(2, 1)]]);
        assert!(results[0].is_ok() && results[2].is_ok(), "{results:?}");
        assert!(results[1].as_ref().unwrap_err().0.contains("not 5"));
        let tables: Vec<_> = store.open_tables().unwrap().into_iter().flatten().collect();
        assert_eq!(tables.len(), 1);
        assert_eq!(tables[0].record, record("t1"));
        assert_eq!(tables[0].entries, [act(0), act(1), act(2)]);
        let finish = Op::Finish {
            id: "t1".to_owned(),
            scores: vec![1.0],
            ended: 9,
        };
        assert_eq!(store.write(&[vec![finish]]), [Ok(())]);
        assert!(store.open_tables().unwrap().is_empty());
        assert_eq!(store.finished(10).unwrap()[0].scores, [1.0]);
        assert_eq!(store.table("t1").unwrap().unwrap().status, Status::Finished);
    }

    #[test]
    fn a_table_that_cannot_be_read_back_keeps_no_other_from_reopening() {
        let mut store = SqliteStore::open(":memory:", Sync::Full).unwrap();
        for id in ["t1", "t2", "t3"] {
            let mut r = record(id);
            r.seats.push(super::super::table::SeatKind::Bot(
                cards_core::BotSpec::Heuristic,
            ));
            r.tokens.push(None);
            let open = vec![Op::Open(Box::new(r))];
            assert_eq!(store.write(&[open]), [Ok(())]);
        }
        // A seat's bot spec no kind of this server reads (as a record from another version
        // of cards might hold).
        let bad = store
            .conn
            .query_row("SELECT record FROM tables WHERE id = 't2'", [], |r| {
                r.get::<_, String>(0)
            })
            .unwrap()
            .replacen("\"heuristic\"", "\"oracle\"", 1);
        assert!(
            bad.contains("oracle"),
            "the record names a heuristic seat: {bad}"
        );
        store
            .conn
            .execute(
                "UPDATE tables SET record = ?1 WHERE id = 't2'",
                params![bad],
            )
            .unwrap();
        let tables = store.open_tables().unwrap();
        let ids: Vec<_> = tables
            .iter()
            .map(|t| t.as_ref().map(|t| t.record.id.as_str()))
            .collect();
        assert!(matches!(ids[..], [Ok("t1"), Err(_), Ok("t3")]), "{ids:?}");
        let e = tables[1].as_ref().unwrap_err();
        assert!(e.0.contains("table t2") && e.0.contains("oracle"), "{e}");
    }

    #[test]
    fn a_folder_or_a_newer_schema_is_refused_in_words() {
        let dir = std::env::temp_dir().join(format!("cards-store-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let e = SqliteStore::open(dir.to_str().unwrap(), Sync::Full).unwrap_err();
        assert!(e.0.contains("is a folder"), "{e}");
        let file = dir.join("newer.db");
        {
            let c = Connection::open(&file).unwrap();
            c.pragma_update(None, "user_version", 99).unwrap();
        }
        let e = SqliteStore::open(file.to_str().unwrap(), Sync::Full).unwrap_err();
        assert!(e.0.contains("newer cards"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
