//! Reviewing a finished match: step forward and back through every action with every hand
//! shown (the match is over, so nothing is secret any more), rebuilt from the stored log; the
//! log itself to download; and the lobby's lists of tables to watch and matches to review.

use axum::Json;
use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use cards_core::text::Message;
use serde::{Deserialize, Serialize};

use std::sync::{Arc, PoisonError};

use tokio::sync::{OnceCell, Semaphore};

use super::answers::ReviewStep;
use super::store::{FinishedMatch, Status, StoredTable};
use super::table::{SeatKind, Table};
use super::{ApiError, Shared, lobby};
use crate::analyze::Weighed;

/// The most finished matches the lobby lists.
pub const LISTED: usize = 20;

/// How many built reviews of finished matches the server keeps, the least lately used going
/// first.
pub const REVIEWS_KEPT: usize = 16;

/// How many reviews are built at once (each on a blocking thread); more wait their turn.
pub const REVIEW_BUILDS: usize = 2;

/// A finished match rebuilt for review, shared by every request that reviews it.
type Built = Arc<std::sync::Mutex<Box<dyn Table>>>;

/// The reviews built lately. A finished match never changes, so its rebuilt table is kept
/// and every step and download of it is answered without the store: the store's thread (which
/// commits every move) is asked once per match, for one indexed read, and the rebuilding
/// itself runs on a blocking thread, [`REVIEW_BUILDS`] at a time.
pub(super) struct Reviews {
    /// Most lately used last; each cell is built once, by the first request that needs it.
    kept: std::sync::Mutex<Vec<(String, Arc<OnceCell<Built>>)>>,
    builds: Semaphore,
    /// The analyses asked for, by match and seat, most lately used last
    /// ([`ANALYSES_KEPT`]).
    analyses: std::sync::Mutex<Vec<(AnalysisKey, Arc<Analysis>)>>,
    /// Places for analyses being computed ([`ANALYSES_AT_ONCE`]).
    computing: Arc<Semaphore>,
}

/// An analysis's match id and seat.
type AnalysisKey = (String, u8);

/// How many analyses (a match's seat each) the server keeps, the least lately used going first.
pub const ANALYSES_KEPT: usize = 32;

/// How many analyses are computed at once; a new one asked for beyond them is refused (503)
/// until one is done.
pub const ANALYSES_AT_ONCE: usize = 2;

/// The worlds a server's analysis deals per decision (`cards analyze --worlds`).
pub const ANALYSIS_WORLDS: usize = 16;

/// One seat's analysis of a finished match: filled decision by decision as it is computed.
#[derive(Debug, Default)]
pub(super) struct Analysis {
    weighed: std::sync::Mutex<Vec<Weighed>>,
    done: std::sync::atomic::AtomicBool,
    failed: std::sync::Mutex<Option<String>>,
}

/// What `/api/review/{id}/analysis` answers.
#[derive(Serialize)]
pub(super) struct AnalysisBody {
    seat: u8,
    /// Whether every decision of the seat has been weighed (else the page asks again).
    done: bool,
    /// The decisions weighed so far, in order ([`crate::analyze`]).
    decisions: Vec<Weighed>,
    /// The worlds dealt per decision.
    worlds: usize,
    /// The shares of a deal's stake an inaccuracy, a mistake and a blunder lose.
    thresholds: [f64; 3],
}

impl std::fmt::Debug for Reviews {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Reviews").finish_non_exhaustive()
    }
}

impl Default for Reviews {
    fn default() -> Self {
        Reviews {
            kept: std::sync::Mutex::new(Vec::new()),
            builds: Semaphore::new(REVIEW_BUILDS),
            analyses: std::sync::Mutex::new(Vec::new()),
            computing: Arc::new(Semaphore::new(ANALYSES_AT_ONCE)),
        }
    }
}

impl Reviews {
    /// The cell of `id`, made (and the least lately used dropped) if need be.
    fn cell(&self, id: &str) -> Arc<OnceCell<Built>> {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = kept.iter().position(|(k, _)| k == id) {
            let entry = kept.remove(i);
            let cell = Arc::clone(&entry.1);
            kept.push(entry);
            return cell;
        }
        if kept.len() >= REVIEWS_KEPT {
            kept.remove(0);
        }
        let cell = Arc::new(OnceCell::new());
        kept.push((id.to_owned(), Arc::clone(&cell)));
        cell
    }

    /// Forgets every review built (and every analysis).
    pub(super) fn clear(&self) {
        self.kept
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
        self.analyses
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clear();
    }

    /// The analysis of `id`'s `seat`, and, for a new one (to be started), its place among
    /// those computed at once; the least lately used dropped if need be.
    ///
    /// # Errors
    /// 503 when a new one is asked for while [`ANALYSES_AT_ONCE`] are being computed.
    fn analysis(
        &self,
        id: &str,
        seat: u8,
    ) -> Result<(Arc<Analysis>, Option<tokio::sync::OwnedSemaphorePermit>), ApiError> {
        let mut kept = self.analyses.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(i) = kept.iter().position(|(k, _)| k.0 == id && k.1 == seat) {
            let entry = kept.remove(i);
            let analysis = Arc::clone(&entry.1);
            kept.push(entry);
            return Ok((analysis, None));
        }
        let place = Arc::clone(&self.computing)
            .try_acquire_owned()
            .map_err(|_| {
                ApiError::unavailable(
                    Message::new("serve-error-analyses-busy").text("most", ANALYSES_AT_ONCE),
                )
            })?;
        if kept.len() >= ANALYSES_KEPT {
            kept.remove(0);
        }
        let analysis = Arc::new(Analysis::default());
        kept.push(((id.to_owned(), seat), Arc::clone(&analysis)));
        Ok((analysis, Some(place)))
    }

    /// Drops the cell of `id` if it was never built (a match not kept, or not finished), so
    /// that asking for such ids does not push the built ones out.
    fn forget_unbuilt(&self, id: &str) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.retain(|(k, cell)| k != id || cell.initialized());
    }
}

/// A stored finished match, rebuilt for review (once, then kept: [`Reviews`]).
async fn finished_table(shared: &Shared, id: &str) -> Result<Built, ApiError> {
    let cell = shared.reviews.cell(id);
    let built = cell.get_or_try_init(|| build_review(shared, id)).await;
    match built {
        Ok(built) => Ok(Arc::clone(built)),
        Err(e) => {
            shared.reviews.forget_unbuilt(id);
            Err(e)
        }
    }
}

/// Reads a finished match from the store and rebuilds it with its seats as they were, bots
/// included but none made ([`lobby::rebuild_for_review`]), on a blocking thread.
async fn build_review(shared: &Shared, id: &str) -> Result<Built, ApiError> {
    let _turn = shared
        .reviews
        .builds
        .acquire()
        .await
        .map_err(|e| ApiError::internal(&e))?;
    let key = id.to_owned();
    let stored = shared
        .store
        .read(move |s| s.table(&key))
        .await
        .map_err(|e| {
            ApiError::unavailable(
                Message::new("serve-error-store-unread").arg("reason", super::untold(e)),
            )
        })?;
    let Some(StoredTable {
        record,
        entries,
        status,
    }) = stored
    else {
        return Err(ApiError::not_found(
            Message::new("serve-error-no-match").text("table", format!("{id:?}")),
        ));
    };
    if status != Status::Finished {
        return Err(ApiError::conflict(
            Message::new("serve-error-not-finished")
                .text("table", format!("{id:?}"))
                .text("id", id),
        ));
    }
    let table = tokio::task::spawn_blocking(move || lobby::rebuild_for_review(&record, &entries))
        .await
        .map_err(|e| ApiError::internal(&e))??;
    Ok(Arc::new(std::sync::Mutex::new(table)))
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
    let step = tokio::task::spawn_blocking(move || {
        table
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .review(query.step)
    })
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
    let table = table.lock().unwrap_or_else(PoisonError::into_inner);
    log_response(&**table)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeatChoice {
    seat: u8,
}

/// `GET /api/review/{id}/analysis?seat=N`: one seat's decisions of a finished match weighed
/// from that seat's information only ([`crate::analyze`], [`ANALYSIS_WORLDS`] worlds a
/// decision). The first request starts it; each decision is weighed on the bots' bounded pool
/// (a turn a decision, so bots at tables are never kept waiting long), and the result is kept
/// ([`ANALYSES_KEPT`]). The answer says whether it is done; the page asks again until it is.
pub(super) async fn review_analysis(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<SeatChoice>, QueryRejection>,
) -> Result<Json<AnalysisBody>, ApiError> {
    let Path(id) = path?;
    let Query(SeatChoice { seat }) = query?;
    let table = finished_table(&shared, &id).await?;
    let (log, seats) = {
        let table = table.lock().unwrap_or_else(PoisonError::into_inner);
        (table.log()?, table.seats().len())
    };
    if usize::from(seat) >= seats {
        return Err(ApiError::not_found(
            Message::new("serve-error-no-match-seat")
                .text("last", seats.saturating_sub(1))
                .text("seat", seat),
        ));
    }
    let (analysis, place) = shared.reviews.analysis(&id, seat)?;
    if let Some(place) = place {
        start_analysis(&shared, log, seat, Arc::clone(&analysis), place)?;
    }
    if let Some(e) = analysis
        .failed
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone()
    {
        return Err(ApiError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            Message::new("serve-error-analysis-failed").arg("reason", super::untold(e)),
        ));
    }
    let done = analysis.done.load(std::sync::atomic::Ordering::SeqCst);
    let decisions = analysis
        .weighed
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .clone();
    Ok(Json(AnalysisBody {
        seat,
        done,
        decisions,
        worlds: ANALYSIS_WORLDS,
        thresholds: [
            crate::analyze::INACCURACY,
            crate::analyze::MISTAKE,
            crate::analyze::BLUNDER,
        ],
    }))
}

/// Weighs `seat`'s decisions of `log` on a blocking thread, a turn of the bots' pool for each,
/// into `analysis`.
fn start_analysis(
    shared: &Shared,
    log: crate::log::GameLog,
    seat: u8,
    analysis: Arc<Analysis>,
    place: tokio::sync::OwnedSemaphorePermit,
) -> Result<(), ApiError> {
    let game = crate::registry::find(&log.game).map_err(|e| ApiError::internal(&e))?;
    let pool = Arc::clone(shared);
    let runtime = tokio::runtime::Handle::current();
    let turn: crate::analyze::Turn = Arc::new(move || {
        runtime
            .block_on(pool.thinkers.turn())
            .map(|t| Box::new(t) as Box<dyn std::any::Any>)
    });
    let filled = Arc::clone(&analysis);
    let progress: crate::analyze::Progress = Arc::new(move |w: &Weighed| {
        filled
            .weighed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .push(w.clone());
    });
    let options = crate::analyze::AnalyzeOptions {
        seat: Some(seat),
        worlds: ANALYSIS_WORLDS,
        seed: 1,
        turn: Some(turn),
        progress: Some(progress),
        // The lobby's expert prefers (it thinks on the same turn of the pool as the rollouts).
        expert: crate::bots::ladder(&[])
            .into_iter()
            .find(|l| l.level == "expert")
            .map(|l| l.spec),
    };
    tokio::task::spawn_blocking(move || {
        let _place = place;
        if let Err(e) = game.analyze(&log, &options) {
            *analysis
                .failed
                .lock()
                .unwrap_or_else(PoisonError::into_inner) = Some(e.to_string());
        }
        analysis
            .done
            .store(true, std::sync::atomic::Ordering::SeqCst);
    });
    Ok(())
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

/// `GET /api/lobby`: the tables listed to watch and the latest listed finished matches (a
/// table is listed when its opener asked, `"listed": true`, or by default when only bots sit
/// at it: an unlisted table is found only by its link).
/// The most tables playing the lobby of a room lists.
const LISTED_PLAYING: usize = 500;

/// A table another server of the room drives, as the lobby lists it from its stored record:
/// its seats as they were opened, no names, its version the number of its stored changes.
fn elsewhere(id: String, record: &str, changes: i64) -> Option<Listed> {
    let record: super::store::TableRecord = serde_json::from_str(record).ok()?;
    let game = cards_games::NAMES.iter().find(|n| **n == record.game)?;
    Some(Listed {
        watch: format!("/watch/{id}"),
        id,
        game,
        names: vec![None; record.seats.len()],
        seats: record.seats,
        version: u64::try_from(changes).unwrap_or(0),
    })
}

pub(super) async fn lobby_lists(State(shared): State<Shared>) -> Result<Json<LobbyBody>, ApiError> {
    let slots: Vec<_> = shared
        .tables
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .values()
        .filter(|s| s.record.listed && s.finished_for().is_none())
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
    if let Some(room) = &shared.room {
        // The tables the other servers of the room drive, as stored.
        let here: std::collections::HashSet<String> =
            playing.iter().map(|l| l.id.clone()).collect();
        let stored = room.listed(LISTED_PLAYING).await.map_err(|e| {
            ApiError::unavailable(
                Message::new("serve-error-store-unread").arg("reason", super::untold(e)),
            )
        })?;
        playing.extend(
            stored
                .into_iter()
                .filter(|(id, _, _)| !here.contains(id))
                .filter_map(|(id, record, version)| elsewhere(id, &record, version)),
        );
    }
    playing.sort_by(|a, b| a.id.cmp(&b.id));
    let finished = shared
        .store
        .read(|s| s.finished(LISTED))
        .await
        .map_err(|e| {
            ApiError::unavailable(
                Message::new("serve-error-store-unread").arg("reason", super::untold(e)),
            )
        })?
        .into_iter()
        .map(|finished| Reviewable {
            review: format!("/review/{}", finished.id),
            finished,
        })
        .collect();
    Ok(Json(LobbyBody { playing, finished }))
}

#[cfg(test)]
mod tests {
    use cards_core::Seat;

    use super::super::lobby::{NewTable, open_named_table, rebuild_for_review};
    use super::super::store::TableRecord;
    use super::super::table::{SeatKind, Table};

    /// The rule options that set how many deals a game's match has: each game of the list has
    /// one, set to 2 to keep its match short.
    const DEALS: [&str; 3] = ["deals", "hands", "rounds"];

    /// Plays `table` to the end of its match: people take their first legal action (now and
    /// then another), bots and single options move by themselves, every person asks for the
    /// next deal, and when `reseat` the host seats a bot in the first person's seat at the end
    /// of the first deal.
    fn play_to_the_end(table: &mut dyn Table, reseat: bool) {
        let mut reseated = !reseat;
        for step in 0..200_000usize {
            if table.is_over() {
                return;
            }
            let state = table.seat_state(Seat(0), 0);
            if state.waiting_for_next_deal {
                if !reseated {
                    let first = table.seats().iter().position(|k| *k == SeatKind::Person);
                    let bot = cards_core::BotSpec::Random;
                    table
                        .set_seat(Seat(first.unwrap() as u8), SeatKind::Bot(bot), None)
                        .unwrap();
                    reseated = true;
                    continue;
                }
                for seat in state.next_deal_waits_for {
                    table.next_deal(Seat(seat)).unwrap();
                }
                continue;
            }
            if table.wants_drive() {
                assert!(table.drive(), "a move by itself is taken");
                continue;
            }
            let mover = Seat(state.to_move.expect("someone is to move"));
            let legal = table.seat_state(mover, 0).legal;
            let pick = if step % 3 == 0 { step % legal.len() } else { 0 };
            table.act(mover, &legal[pick], None).unwrap();
        }
        panic!("the match ends");
    }

    #[test]
    fn every_finished_match_of_every_game_reviews_whoever_sat_and_however_many_deals() {
        let games = super::super::lobby::games();
        assert_eq!(games.len(), cards_games::NAMES.len());
        for info in &games {
            let (game, players) = (info.name, info.min_players);
            let key = info
                .options
                .iter()
                .map(|o| o.key.as_str())
                .find(|k| DEALS.contains(k))
                .unwrap_or_else(|| panic!("{game}: no option of {DEALS:?} sets its deals"));
            let value = "2";
            // The most deals scored in a match with bots: runs crossed a deal's end.
            let mut most = 0;
            for single_deal in [true, false] {
                for (seating, reseat) in
                    [("people", false), ("mixed", !single_deal), ("bots", false)]
                {
                    let seats: Vec<String> = (0..players)
                        .map(|i| match (seating, i) {
                            ("people", _) | ("mixed", 0) => "person",
                            ("mixed", _) if i % 2 == 0 => "person",
                            _ => "random",
                        })
                        .map(str::to_owned)
                        .collect();
                    let what = format!("{game} {seating} single_deal={single_deal}");
                    let request = NewTable {
                        game: game.to_owned(),
                        seats: seats.clone(),
                        single_deal,
                        options: [(key.to_owned(), value.to_owned())].into(),
                        ..NewTable::default()
                    };
                    let secret = crate::fair::DealSecret::chosen(17);
                    let mut table = open_named_table(&request, secret.clone()).unwrap();
                    let record = TableRecord {
                        id: "t".to_owned(),
                        game: game.to_owned(),
                        config: table.config().clone(),
                        seats: table.seats().to_vec(),
                        tokens: vec![None; players],
                        host: String::new(),
                        seed: secret.seed,
                        salt: secret.salt,
                        pace_ms: 0,
                        owner: "127.0.0.1".to_owned(),
                        opened: 0,
                        listed: false,
                        hints: false,
                    };
                    play_to_the_end(&mut *table, reseat);
                    let deals = table.seat_state(Seat(0), 0).deals.len();
                    assert!(deals <= 1 || !single_deal, "{what}: {deals} deals");
                    if !single_deal && seating != "people" {
                        most = most.max(deals);
                    }
                    let reviewed = rebuild_for_review(&record, table.entries())
                        .unwrap_or_else(|e| panic!("{what}: {e}"));
                    assert_eq!(reviewed.memory(), 0, "{what}: no bot is made");
                    assert_eq!(reviewed.version(), table.version(), "{what}");
                    let log = reviewed.log().unwrap();
                    assert_eq!(log.actions, table.log().unwrap().actions, "{what}");
                    let last = reviewed.review(log.actions.len()).unwrap();
                    assert_eq!(last.scores, table.scores(), "{what}");
                    assert_eq!(reviewed.seats(), table.seats(), "{what}");
                }
            }
            assert_eq!(most, 2, "{game}: a match with bots of two deals");
        }
    }
}
