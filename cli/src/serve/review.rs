//! Reviewing a finished match: step forward and back through every action with every hand
//! shown (the match is over, so nothing is secret any more), rebuilt from the stored log; the
//! log itself to download; and the lobby's lists of tables to watch and matches to review.

use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use cards_core::text::Screen;
use serde::{Deserialize, Serialize};

use super::store::{Entry, FinishedMatch, Status, StoredTable};
use super::table::{Dealing, SeatKind, Table};
use super::{ApiError, Shared, lobby};

/// One step of a finished match, as its review page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewStep {
    /// The game's command-line name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// Actions applied, from 0 (the deal before any action) to `steps`.
    pub step: usize,
    /// The match's number of actions.
    pub steps: usize,
    /// The action that led here, and the seat that took it (none at step 0).
    pub action: Option<String>,
    /// The seat that took `action`.
    pub seat: Option<u8>,
    /// What happened in that action, every event unredacted.
    pub lines: Vec<String>,
    /// Every seat's screen after it, hands and all.
    pub screens: Vec<Screen>,
    /// The match scores after it.
    pub scores: Vec<f64>,
    /// The names people chose for their seats.
    pub names: Vec<Option<String>>,
    /// The seed and salt that open the commitment shown at the table.
    pub dealing: Dealing,
}

/// The most finished matches the lobby lists.
pub const LISTED: usize = 20;

/// A stored finished table, rebuilt with people in every seat (a review needs no bots).
async fn finished_table(shared: &Shared, id: &str) -> Result<Box<dyn Table>, ApiError> {
    let key = id.to_owned();
    let stored = shared
        .store
        .read(move |s| s.table(&key))
        .await
        .map_err(|e| ApiError::unavailable(format!("the store cannot be read: {e}")))?;
    let Some(StoredTable {
        mut record,
        entries,
        status,
    }) = stored
    else {
        return Err(ApiError::not_found(format!("no match {id:?} is kept here")));
    };
    if status != Status::Finished {
        return Err(ApiError::conflict(format!(
            "table {id:?} has not finished its match: a review shows every hand, so it opens \
             once the match is over (watch it meanwhile at /watch/{id})"
        )));
    }
    record.seats.fill(SeatKind::Person);
    let entries: Vec<Entry> = entries
        .into_iter()
        .filter(|e| !matches!(e, Entry::Seat { .. }))
        .collect();
    tokio::task::spawn_blocking(move || lobby::rebuild(&record, &entries, false))
        .await
        .map_err(|e| ApiError::internal(&e))?
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct StepQuery {
    #[serde(default)]
    step: usize,
}

/// `GET /api/review/{id}?step=N`: the finished match after `N` actions.
pub(super) async fn review_step(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<StepQuery>, QueryRejection>,
) -> Result<Json<ReviewStep>, ApiError> {
    let Path(id) = path?;
    let Query(query) = query?;
    let table = finished_table(&shared, &id).await?;
    let step = tokio::task::spawn_blocking(move || table.review(query.step))
        .await
        .map_err(|e| ApiError::internal(&e))??;
    Ok(Json(step))
}

/// `GET /api/review/{id}/log`: the finished match's log, as `cards play --save` writes it.
pub(super) async fn review_log(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let table = finished_table(&shared, &id).await?;
    log_response(&*table)
}

/// A table's log as a download.
///
/// # Errors
/// While its match is being played.
pub(super) fn log_response(table: &dyn Table) -> Result<Response, ApiError> {
    let log = table.log()?;
    let name = format!("{}-{}.json", table.game(), log.seed);
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

/// An open table, as the lobby lists it for watching.
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    /// The table's id.
    pub id: String,
    /// The game's command-line name.
    pub game: &'static str,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The names people chose.
    pub names: Vec<Option<String>>,
    /// The table's version.
    pub version: u64,
    /// Its watch page.
    pub watch: String,
}

/// A finished match, as the lobby lists it for review.
#[derive(Clone, Debug, Serialize)]
pub struct Reviewable {
    /// The match.
    #[serde(flatten)]
    pub finished: FinishedMatch,
    /// Its review page.
    pub review: String,
}

#[derive(Serialize)]
pub(super) struct LobbyBody {
    /// The tables playing, to watch.
    playing: Vec<Listed>,
    /// The server's latest finished matches, newest first.
    finished: Vec<Reviewable>,
}

/// `GET /api/lobby`: the tables one may watch and the latest finished matches.
pub(super) async fn lobby_lists(State(shared): State<Shared>) -> Result<Json<LobbyBody>, ApiError> {
    let slots: Vec<_> = shared
        .tables
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .values()
        .filter(|s| s.finished_for().is_none())
        .cloned()
        .collect();
    let mut playing = Vec::with_capacity(slots.len());
    for slot in slots {
        let table = slot.table.lock().await;
        playing.push(Listed {
            id: slot.id.clone(),
            game: table.game(),
            seats: table.seats().to_vec(),
            names: table.names().to_vec(),
            version: table.version(),
            watch: format!("/watch/{}", slot.id),
        });
    }
    playing.sort_by(|a, b| a.id.cmp(&b.id));
    let finished = shared
        .store
        .read(|s| s.finished(LISTED))
        .await
        .map_err(|e| ApiError::unavailable(format!("the store cannot be read: {e}")))?
        .into_iter()
        .map(|finished| Reviewable {
            review: format!("/review/{}", finished.id),
            finished,
        })
        .collect();
    Ok(Json(LobbyBody { playing, finished }))
}
