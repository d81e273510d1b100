//! Watching a table: its watch page shows only what is public, live. The screen holds only the
//! facts every seat is shown alike (no hand, no seat's private lines), and the narration is the
//! events as redacted for a seat at no table ([`super::answers::SPECTATOR`]).

use cards_core::text::Message;
use std::net::{IpAddr, Ipv4Addr};
use std::time::Duration;

use axum::extract::rejection::{PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::{Extension, Json};
use cards_core::text::Screen;
use serde::{Deserialize, Serialize};
use tokio_stream::StreamExt;
use tokio_stream::wrappers::WatchStream;

use super::answers::{DealResult, Dealing, SPECTATOR, SeatKind};
use super::{ApiError, Shared, net};

/// Everything a watch page is sent.
#[derive(Clone, Debug, Serialize)]
pub struct WatchState {
    /// The game's command-line name.
    pub game: &'static str,
    /// The game's title.
    pub title: &'static str,
    /// Players at the table.
    pub players: usize,
    /// Who sits where.
    pub seats: Vec<SeatKind>,
    /// The names the people chose for their seats.
    pub names: Vec<Option<String>>,
    /// The number of changes the table has seen.
    pub version: u64,
    /// The public screen: the facts every seat is shown alike.
    pub screen: Screen,
    /// The same screen as catalogue messages, for a page in another language; none where the
    /// game has none.
    pub screen_messages: Option<Screen<cards_core::text::Message>>,
    /// What lies on the table, by seat (public: the same for every seat).
    pub layout: cards_core::layout::Layout,
    /// The seat to move, if any.
    pub to_move: Option<u8>,
    /// The phase of the game.
    pub phase: &'static str,
    /// The index of the first line of `narration` in the whole public narration.
    pub narration_from: usize,
    /// The public narration from `narration_from` on.
    pub narration: Vec<String>,
    /// Parallel to `narration`: each line as a catalogue message where the engine told it so.
    pub narration_messages: Vec<Option<cards_core::text::Message>>,
    /// The match scores so far, one per seat.
    pub scores: Vec<f64>,
    /// The finished deals.
    pub deals: Vec<DealResult>,
    /// Set when a deal has ended and the table waits for its people to start the next.
    pub waiting_for_next_deal: bool,
    /// Set when the match is over (its review is then at `/review/{id}`).
    pub match_over: bool,
    /// How the cards were dealt (the seed only once the match is over).
    pub dealing: Dealing,
    /// How the scores read: `points` or `penalties`.
    pub scoring: &'static str,
    /// One line on what a deal scores.
    pub scores_explain: &'static str,
    /// The table's rules: its configuration in the game's serde form (as the seat's state has
    /// it), whose variant options the page shows.
    pub config: serde_json::Value,
}

/// The screen a spectator is shown, from every seat's: the heading when every seat's is the
/// same (else `title`), the table's lines and each seat's facts that every seat is shown alike
/// and in the same place; no hand and no private lines.
pub fn public_screen<T: Clone + PartialEq>(screens: &[Screen<T>], title: T) -> Screen<T> {
    let Some(first) = screens.first() else {
        return Screen {
            heading: title,
            viewer: SPECTATOR,
            to_move: None,
            table: Vec::new(),
            seats: Vec::new(),
            hand: Vec::new(),
            private: Vec::new(),
        };
    };
    let everyone = |pick: &dyn Fn(&Screen<T>) -> Option<&T>| {
        let mine = pick(first);
        mine.is_some() && screens.iter().all(|s| pick(s) == mine)
    };
    let table = (0..first.table.len())
        .filter(|&k| everyone(&|s: &Screen<T>| s.table.get(k)))
        .map(|k| first.table[k].clone())
        .collect();
    let seats = first
        .seats
        .iter()
        .enumerate()
        .map(|(j, facts)| {
            (0..facts.len())
                .filter(|&k| everyone(&|s: &Screen<T>| s.seats.get(j).and_then(|f| f.get(k))))
                .map(|k| facts[k].clone())
                .collect()
        })
        .collect();
    let heading = if everyone(&|s: &Screen<T>| Some(&s.heading)) {
        first.heading.clone()
    } else {
        title
    };
    Screen {
        heading,
        viewer: SPECTATOR,
        to_move: first.to_move,
        table,
        seats,
        hand: Vec::new(),
        private: Vec::new(),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct WatchQuery {
    #[serde(default)]
    since: usize,
}

/// `GET /api/tables/{id}/watch?since=N`: the table's public state, for anyone.
pub(super) async fn watch_state(
    State(shared): State<Shared>,
    path: Result<Path<String>, PathRejection>,
    query: Result<Query<WatchQuery>, QueryRejection>,
) -> Result<Json<WatchState>, ApiError> {
    let Path(id) = path?;
    let Query(query) = query?;
    // Watching is not playing: it does not keep the table from going idle.
    let slot = shared.slot(&id)?;
    let state = slot.table.lock().await.watch_state(query.since);
    Ok(Json(state))
}

/// `GET /api/tables/{id}/watch/events`: server-sent `update` events for a watch page; public,
/// so it needs no ticket, but counts against the client's streams.
pub(super) async fn watch_events(
    State(shared): State<Shared>,
    peer: Option<Extension<net::Peer>>,
    path: Result<Path<String>, PathRejection>,
) -> Result<Response, ApiError> {
    let Path(id) = path?;
    let slot = shared.slot(&id)?;
    let ip = peer.map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |Extension(p)| p.0);
    let streams = shared.limits.streams_per_client;
    let Some(counted) = shared.streams.admit(ip, streams, usize::MAX) else {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            Message::new("serve-error-max-streams").text("streams", streams),
        ));
    };
    let stream = WatchStream::new(slot.changed.subscribe()).map(move |version| {
        let _counted = &counted;
        Ok::<_, std::convert::Infallible>(
            Event::default().event("update").data(version.to_string()),
        )
    });
    let every =
        (shared.limits.idle_timeout / 3).clamp(Duration::from_millis(100), Duration::from_secs(15));
    Ok(Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(every))
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Seat;

    fn screen(viewer: u8, table: &[&str], seats: &[&[&str]], hand: &[&str]) -> Screen {
        let own = |v: &[&str]| v.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        Screen {
            heading: "Cego, deal 1".to_owned(),
            viewer: Seat(viewer),
            to_move: Some(Seat(1)),
            table: own(table),
            seats: seats.iter().map(|f| own(f)).collect(),
            hand: own(hand),
            private: vec!["your discard: T3".to_owned()],
        }
    }

    #[test]
    fn only_what_every_seat_is_shown_alike_is_public() {
        let screens = [
            screen(
                0,
                &["trick: 7h", "you hold 3 trumps"],
                &[&["8 cards", "declarer"], &["8 cards"]],
                &["T1", "T2"],
            ),
            screen(
                1,
                &["trick: 7h", "you hold 0 trumps"],
                &[&["8 cards", "declarer"], &["8 cards", "you"]],
                &["Ac"],
            ),
        ];
        let public = public_screen(&screens, "Cego".to_owned());
        assert_eq!(public.table, ["trick: 7h"]);
        assert_eq!(public.seats, [vec!["8 cards", "declarer"], vec!["8 cards"]]);
        assert!(public.hand.is_empty() && public.private.is_empty());
        assert_eq!(public.heading, "Cego, deal 1");
        assert_eq!(public.viewer, SPECTATOR);
    }
}
