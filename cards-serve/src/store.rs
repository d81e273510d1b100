//! Where `cards serve` keeps its tables: the [`Store`] trait, what it holds, and the
//! [`Writer`] thread that talks to it.
//!
//! A table is kept as what the engines need to rebuild it exactly: its game, rules (the
//! configuration in the game's serde form), seats, the hashes of its seat tokens and host key,
//! its secret seed (and commitment salt), and its [`Entry`] list, every change in order. A
//! change is acknowledged to its client only once the store has committed it.
//!
//! Every store call runs on one dedicated thread ([`Writer`]), never on the async runtime: the
//! thread takes every write waiting when it wakes and commits them together (group commit),
//! so many tables' moves share one sync to disk. The SQLite store is
//! [`super::sqlite::SqliteStore`]; another database (Postgres, for several servers sharing
//! one store) is one more implementation of [`Store`].

use std::sync::mpsc;

use serde::{Deserialize, Serialize};

use super::answers::SeatKind;

/// One change of a table, as stored; replaying a table's entries in order from its
/// [`TableRecord`] rebuilds it exactly (the same state, version and narration).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "lowercase")]
pub enum Entry {
    /// A person's action, in the game's notation.
    Act {
        /// The seat that acted.
        seat: u8,
        /// The action.
        action: String,
    },
    /// Moves the server took by itself in one go (a bot's decision, or a run of moves nobody
    /// chooses), each by the seat then to move.
    Run {
        /// The actions, in order.
        actions: Vec<String>,
    },
    /// The actions of an unfinished game's log the table was opened from, in order (deal ends
    /// included: nobody is asked to start the next deal meanwhile).
    Log {
        /// The actions.
        actions: Vec<String>,
    },
    /// A person asked for the next deal.
    Next {
        /// The seat that asked.
        seat: u8,
    },
    /// The host seated someone else: a bot in a person's seat, or a person back.
    Seat {
        /// The seat.
        seat: u8,
        /// Who sits there now.
        kind: SeatKind,
        /// For a person's seat, the hash of the token that opens it from now on.
        token: Option<String>,
    },
    /// A person named their seat.
    Name {
        /// The seat.
        seat: u8,
        /// The name (checked when it was given).
        name: String,
    },
    /// A person at a practice table took back their last action and the moves the table took
    /// by itself after it (the stored actions stay; replaying this entry undoes them again).
    Takeback {
        /// The seat that took its action back.
        seat: u8,
    },
}

/// What a table is made of, as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TableRecord {
    /// The table's id.
    pub id: String,
    /// The game's command-line name.
    pub game: String,
    /// The configuration, in the game's serde form.
    pub config: serde_json::Value,
    /// Who sat where when the table opened.
    pub seats: Vec<SeatKind>,
    /// Per seat, the SHA-256 (hex) of its person's token; `None` for a seat opened as a bot's.
    pub tokens: Vec<Option<String>>,
    /// The SHA-256 (hex) of the host key.
    pub host: String,
    /// The secret match seed (a 256-bit key when drawn; older tables stored a number, which
    /// reads back as [`cards_core::Seed::Short`]).
    pub seed: cards_core::Seed,
    /// The salt of the seed's commitment; `None` at a practice table.
    pub salt: Option<String>,
    /// Milliseconds between bot moves.
    pub pace_ms: u64,
    /// The client address that opened the table.
    pub owner: String,
    /// When the table opened, in seconds since 1970.
    pub opened: u64,
    /// Whether the lobby lists it (to watch, and once finished to review); a record stored
    /// before this field is not listed.
    #[serde(default)]
    pub listed: bool,
    /// Whether every seat may ask for the expert's move (`POST .../suggest`): a table opened
    /// with hints allowed; a record stored before this field gives none.
    #[serde(default)]
    pub hints: bool,
}

/// Where a table stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Playing: reopened when the server starts.
    Open,
    /// Its match is over: kept for review.
    Finished,
    /// Closed before its match ended (by its host, or for want of use).
    Closed,
}

impl Status {
    /// The status of a stored word.
    pub fn from_word(word: &str) -> Option<Status> {
        match word {
            "open" => Some(Status::Open),
            "finished" => Some(Status::Finished),
            "closed" => Some(Status::Closed),
            _ => None,
        }
    }
}

/// A stored table with its entries.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredTable {
    /// What it is made of.
    pub record: TableRecord,
    /// Every change, in order.
    pub entries: Vec<Entry>,
    /// Where it stands.
    pub status: Status,
}

/// A finished match, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FinishedMatch {
    /// The table's id (its review is at `/review/{id}`).
    pub id: String,
    /// The game's command-line name.
    pub game: String,
    /// When it ended, in seconds since 1970.
    pub ended: u64,
    /// The final match scores, one per seat.
    pub scores: Vec<f64>,
}

/// One write to a store.
#[derive(Clone, Debug, PartialEq)]
pub enum Op {
    /// A new table.
    Open(Box<TableRecord>),
    /// Entries `from`, `from + 1`, ... of a table; refused unless the table has exactly
    /// `from` entries.
    Append {
        /// The table's id.
        id: String,
        /// The number of entries stored before these.
        from: u64,
        /// The entries.
        entries: Vec<Entry>,
    },
    /// A table's match ended, with its final scores.
    Finish {
        /// The table's id.
        id: String,
        /// The final match scores.
        scores: Vec<f64>,
        /// When, in seconds since 1970.
        ended: u64,
    },
    /// A table closed before its match ended.
    Close {
        /// The table's id.
        id: String,
    },
    /// Removes the tables finished or closed before `before` (seconds since 1970), with
    /// their entries.
    Prune {
        /// The oldest end kept.
        before: u64,
    },
}

/// What one client may have of the room's tables (`--max-tables-per-client`) and open of them
/// a minute (`--max-opens-per-minute`), checked by the store of a room as it stores a table
/// ([`Store::open_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quota {
    /// The most tables playing one client address may have opened.
    pub tables: usize,
    /// The most tables one client address may open in a minute.
    pub opens: u32,
}

/// Why a room's store did not store a table: the client it was opened by had its fill.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The client has `mine` tables playing in the room, the most it may (`most`).
    Playing {
        /// The tables playing it opened, anywhere in the room.
        mine: usize,
        /// Its limit.
        most: usize,
    },
    /// The client has opened `most` tables in the last minute in the room, the most it may;
    /// the next may be opened after `wait`.
    Opens {
        /// Its limit.
        most: u32,
        /// How long until one of those openings is a minute old.
        wait: std::time::Duration,
    },
}

/// A store that failed: what it could not do, in words.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct StoreError(pub String);

/// Where the server keeps its tables. Every call is made from the [`Writer`] thread.
pub trait Store: Send {
    /// Commits `batches` together: each batch entirely or not at all (a batch refused, e.g. an
    /// append that does not follow the table's last entry, leaves the others to commit). One
    /// result per batch; when the commit itself fails, every batch's result is that error.
    fn write(&mut self, batches: &[Vec<Op>]) -> Vec<Result<(), StoreError>>;
    /// Every table still playing, with its entries; a table whose record or entries cannot be
    /// read back is its own error, so that one such table keeps no other from reopening.
    ///
    /// # Errors
    /// The store cannot be read.
    fn open_tables(&mut self) -> Result<Vec<Result<StoredTable, StoreError>>, StoreError>;
    /// Stores a new table opened by `record.owner`, unless that client already has its
    /// `quota` of the store's tables. A store that one server holds alone stores it at once
    /// (that server counts its tables itself); a room's store counts the client's tables and
    /// stores this one in one transaction, serialised with the client's other openings on any
    /// server. `Ok(Err(_))` when refused: nothing is stored.
    ///
    /// # Errors
    /// The store cannot be written.
    fn open_for(
        &mut self,
        record: &TableRecord,
        quota: Quota,
    ) -> Result<Result<(), Refusal>, StoreError> {
        let _ = quota;
        let mut results = self.write(&[vec![Op::Open(Box::new(record.clone()))]]);
        results
            .pop()
            .unwrap_or_else(|| Err(StoreError("nothing was written".to_owned())))
            .map(Ok)
    }
    /// One table, whatever its status.
    ///
    /// # Errors
    /// The store cannot be read.
    fn table(&mut self, id: &str) -> Result<Option<StoredTable>, StoreError>;
    /// The latest finished matches, newest first, at most `limit`.
    ///
    /// # Errors
    /// The store cannot be read.
    fn finished(&mut self, limit: usize) -> Result<Vec<FinishedMatch>, StoreError>;
    /// Writes a consistent copy of everything stored to the file `to`, replacing it only once
    /// the copy is whole (an online backup, taken between commits).
    ///
    /// # Errors
    /// The copy cannot be made or put in place; `to` is then as it was.
    fn backup(&mut self, to: &str) -> Result<(), StoreError>;
}

/// A read run on the store's thread.
type Read = Box<dyn FnOnce(&mut dyn Store) + Send>;

enum Job {
    Write(
        Vec<Op>,
        Option<tokio::sync::oneshot::Sender<Result<(), StoreError>>>,
    ),
    Read(Read),
}

/// The most writes committed together.
const MAX_GROUP: usize = 1024;

/// The handle of the store's thread: writes are queued to it and answered once committed.
#[derive(Clone, Debug)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
}

impl std::fmt::Debug for Job {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Job::Write(..) => "Write",
            Job::Read(_) => "Read",
        })
    }
}

impl Writer {
    /// Starts the store's thread; it ends when every handle is dropped.
    ///
    /// # Errors
    /// The thread cannot be started.
    pub fn start(store: Box<dyn Store>) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel();
        std::thread::Builder::new()
            .name("cards-store".to_owned())
            .spawn(move || work(store, &queue))?;
        Ok(Writer { jobs })
    }

    /// Commits `ops` as one batch; answers once they are committed.
    ///
    /// # Errors
    /// The store refused or failed; nothing of the batch is kept.
    pub async fn write(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Job::Write(ops, Some(tx)))
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// Commits `ops` as one batch and waits for it, blocking (at start, before the runtime
    /// serves).
    ///
    /// # Errors
    /// The store refused or failed; nothing of the batch is kept.
    pub fn write_blocking(&self, ops: Vec<Op>) -> Result<(), StoreError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Job::Write(ops, Some(tx)))
            .map_err(|_| gone())?;
        rx.blocking_recv().map_err(|_| gone())?
    }

    /// Queues `ops` as one batch without waiting for it.
    pub fn send(&self, ops: Vec<Op>) {
        let _ = self.jobs.send(Job::Write(ops, None));
    }

    /// Runs `read` on the store's thread.
    ///
    /// # Errors
    /// The store's thread is gone, or the read failed.
    pub async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&mut dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Job::Read(Box::new(move |store| {
                let _ = tx.send(read(store));
            })))
            .map_err(|_| gone())?;
        rx.await.map_err(|_| gone())?
    }

    /// Stores a new table within its opener's quota ([`Store::open_for`]), on the store's
    /// thread, on its own (not in a group commit: openings are rare).
    ///
    /// # Errors
    /// The store's thread is gone, or the store failed; `Ok(Err(_))` when refused.
    pub async fn open_for(
        &self,
        record: TableRecord,
        quota: Quota,
    ) -> Result<Result<(), Refusal>, StoreError> {
        self.read(move |s| s.open_for(&record, quota)).await
    }

    /// Runs `read` on the store's thread and waits for it, blocking (at start, before the
    /// runtime serves).
    ///
    /// # Errors
    /// The store's thread is gone, or the read failed.
    pub fn read_blocking<T: Send + 'static>(
        &self,
        read: impl FnOnce(&mut dyn Store) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = mpsc::channel();
        self.jobs
            .send(Job::Read(Box::new(move |store| {
                let _ = tx.send(read(store));
            })))
            .map_err(|_| gone())?;
        rx.recv().map_err(|_| gone())?
    }
}

fn gone() -> StoreError {
    StoreError("the store's thread has stopped".to_owned())
}

/// The store's thread: waits for a job, takes every job waiting (up to [`MAX_GROUP`]), commits
/// the writes together and answers each, then runs the reads.
fn work(mut store: Box<dyn Store>, queue: &mpsc::Receiver<Job>) {
    while let Ok(first) = queue.recv() {
        let mut jobs = vec![first];
        while jobs.len() < MAX_GROUP {
            match queue.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        let mut batches = Vec::new();
        let mut replies = Vec::new();
        let mut reads = Vec::new();
        for job in jobs {
            match job {
                Job::Write(ops, reply) => {
                    batches.push(ops);
                    replies.push(reply);
                }
                Job::Read(read) => reads.push(read),
            }
        }
        if !batches.is_empty() {
            let results = store.write(&batches);
            for (reply, result) in replies.into_iter().zip(results) {
                if let Some(reply) = reply {
                    let _ = reply.send(result);
                }
            }
        }
        for read in reads {
            read(&mut *store);
        }
    }
}

/// Seconds since 1970, for the store's timestamps.
pub fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}
