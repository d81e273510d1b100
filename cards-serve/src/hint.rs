//! Hints at a practice table (issue 45 item 5): a table opened with `"hints": true` tells every
//! seat so from the start ([`SeatAnswer::hints`]), and offers each person seat the lobby's
//! expert's move for its own decision (`POST /api/tables/{id}/seats/{seat}/suggest`). A table
//! opened without hints refuses every suggestion (403), so nobody at a table of friends can
//! consult the expert.
//!
//! A suggestion is worked out as a bot's decision is: from a copy of the seat's decision (the
//! bot sees the seat's view and deals the hidden cards from it, never the other hands), on a
//! turn of the server's bounded pool of bot threads, one at a time per table, with a generator
//! drawn from the system (so a suggestion says nothing of the table's secret seed). It changes
//! nothing at the table and nothing is stored.

use cards_core::text::Message;

use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};

use super::api::{SeatQuery, open_seat};
use super::{ApiError, Shared};

/// A seed for a suggestion's generator, from the system.
fn system_seed() -> Result<u64, ApiError> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| {
        ApiError::unavailable(
            Message::new("serve-error-no-randomness-hint").arg("reason", super::untold(e)),
        )
    })?;
    Ok(u64::from_le_bytes(bytes))
}

/// `POST /api/tables/{id}/seats/{seat}/suggest`: the expert's move for the asking seat, which
/// must be a person's seat to move at a table opened with hints.
pub(super) async fn suggest(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, _) = open_seat(&shared, path, &headers, query)?;
    if !slot.record.hints {
        return Err(ApiError::forbidden(Message::new("serve-error-no-hints")));
    }
    let Some(_claimed) = slot.hinting.claim() else {
        return Err(ApiError::conflict(Message::new("serve-error-hint-busy")));
    };
    let seed = system_seed()?;
    let suggesting = slot.table.lock().await.suggester(seat, seed)?;
    // A turn of the bounded pool first, as a bot's decision takes; none when the server stops.
    let Some(turn) = shared.thinkers.turn().await else {
        return Err(ApiError::unavailable(Message::new(
            "serve-error-hint-stopping",
        )));
    };
    let suggestion = tokio::task::spawn_blocking(move || {
        let suggestion = suggesting.suggest();
        drop(turn);
        suggestion
    })
    .await
    .map_err(|e| ApiError::internal(&e))?;
    if slot.stop.is_closed() {
        return Err(ApiError::conflict(Message::new("serve-error-table-closed")));
    }
    Ok(Json(suggestion).into_response())
}
