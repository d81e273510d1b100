//! One open table as the server keeps it beside the table itself ([`Slot`]): its seat tokens'
//! hashes, host key, event-stream tickets, clocks of use; and the tables closed lately
//! ([`Gone`]).

use cards_core::text::Message;
use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use cards_core::Seat;

use super::store::TableRecord;
use super::table::{Stop, Table};
use super::{ApiError, GONE_FOR, GONE_KEPT, TICKET_LIFE, random_hex};

/// A ticket for one seat's event stream.
#[derive(Debug)]
pub(super) struct Ticket {
    pub(super) value: String,
    pub(super) seat: usize,
    pub(super) until: Instant,
}

/// The most tickets a seat keeps unused (its oldest is dropped for a new one): a seat asking
/// for many drops only its own.
pub(super) const MAX_TICKETS: usize = 4;

/// One open table and what the server keeps beside it.
pub(super) struct Slot {
    /// The table; held only briefly (a bot thinks outside it).
    pub(super) table: Arc<tokio::sync::Mutex<Box<dyn Table>>>,
    /// The table's id.
    pub(super) id: String,
    /// What the table was opened as, to rebuild it from its stored changes.
    pub(super) record: Arc<TableRecord>,
    /// The hashes ([`digest`]) of the seat tokens, `None` for seats no person ever held.
    pub(super) tokens: Mutex<Vec<Option<String>>>,
    /// The hash ([`digest`]) of the host key: it closes the table, and seats bots and people.
    pub(super) host: String,
    /// The client address that opened the table.
    pub(super) owner: IpAddr,
    /// When the match ended.
    pub(super) finished: Mutex<Option<Instant>>,
    /// The table's version, watched by the pages' event streams and the driver.
    pub(super) changed: tokio::sync::watch::Sender<u64>,
    /// Last time a seat's holder asked anything of the table.
    pub(super) used: Mutex<Instant>,
    /// Closes the table: its driver stops, its bots' clocks jump past every deadline.
    pub(super) stop: Arc<Stop>,
    /// The pause before a bot's move.
    pub(super) pace: Duration,
    /// Unused tickets for event streams.
    pub(super) tickets: Mutex<Vec<Ticket>>,
    /// The memory the table's bots may take, counted in the server's `reserved` until the
    /// table and its last thinking are gone (changed when the host re-seats:
    /// [`Slot::set_memory`]).
    pub(super) memory: AtomicU64,
    pub(super) reserved: Arc<AtomicU64>,
    /// Whether `memory` is counted in `reserved`.
    pub(super) reserving: std::sync::atomic::AtomicBool,
    /// Per seat, whether its player is here: a person's seat changes hands only when its
    /// player has been away for [`Slot::away`] or agreed ([`Slot::may_change_hands`]).
    pub(super) presence: Mutex<Vec<Presence>>,
    /// Whether a suggestion for the table is being worked out (one at a time).
    pub(super) hinting: super::suggest::Hinting,
    /// How long a seat's player must have been away before the host may give the seat to
    /// someone else without their agreement (`--away-seconds`).
    pub(super) away: Duration,
    /// Per seat, the last answer it was sent ([`Slot::seat_answer`]).
    pub(super) answers: Mutex<Vec<Option<Answer>>>,
}

/// A seat's state as it was last sent, and what it answered: the table's version and count of
/// changes, and the `since` asked.
#[derive(Debug)]
pub(super) struct Answer {
    version: u64,
    changes: usize,
    since: usize,
    /// The narration lines a page holds once it has read `body`: its `narration_from` and
    /// the lines it sends.
    held: usize,
    body: axum::body::Bytes,
}

/// Whether a seat's player is at the table.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Presence {
    /// The last time the seat's link was used; `None` while nobody has used it yet.
    last: Option<Instant>,
    /// The seat's event streams open now (a page following the table).
    streams: usize,
    /// When the seat's player agreed that the host may give the seat to someone else.
    agreed: Option<Instant>,
}

/// How long a player's agreement to hand their seat over stands.
pub(super) const AGREEMENT_FOR: Duration = Duration::from_secs(600);

/// An open event stream of a seat: the seat's player is here while it lasts.
pub(super) struct Following {
    slot: std::sync::Weak<Slot>,
    seat: usize,
}

impl Drop for Following {
    fn drop(&mut self) {
        if let Some(slot) = self.slot.upgrade() {
            slot.with_presence(self.seat, |p| {
                p.streams = p.streams.saturating_sub(1);
                p.last = Some(Instant::now());
            });
        }
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.stop.close();
        if !self.reserving.load(Ordering::SeqCst) {
            return;
        }
        let _ = self
            .reserved
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |r| {
                Some(r.saturating_sub(self.memory.load(Ordering::SeqCst)))
            });
    }
}

impl Slot {
    pub(super) fn touch(&self) {
        *self.used.lock().unwrap_or_else(PoisonError::into_inner) = Instant::now();
    }

    pub(super) fn idle_for(&self) -> Duration {
        self.used
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .elapsed()
    }

    /// Notes that the match is over, if `table` says so.
    pub(super) fn note_finished(&self, table: &dyn Table) {
        if table.is_over() {
            self.finished
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .get_or_insert_with(Instant::now);
        }
    }

    /// How long ago the match ended, if it has.
    pub(super) fn finished_for(&self) -> Option<Duration> {
        self.finished
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .map(|t| t.elapsed())
    }

    /// The seat a token opens, checked in constant time per seat. The opener's link carries
    /// `TOKEN.HOST_KEY`: the host key, when sent, must be the table's.
    pub(super) fn check(&self, seat: usize, token: Option<&str>) -> Result<Seat, ApiError> {
        let (token, host) = match token.and_then(|t| t.split_once('.')) {
            Some((token, host)) => (Some(token), Some(host)),
            None => (token, None),
        };
        if host.is_some_and(|h| !self.is_host(h)) {
            return Err(ApiError::forbidden(Message::new(
                "serve-error-not-host-key",
            )));
        }
        let Some(token) = token.filter(|t| !t.is_empty()) else {
            return Err(ApiError::forbidden(Message::new(
                "serve-error-token-required",
            )));
        };
        let tokens = self.tokens.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(entry) = tokens.get(seat) else {
            return Err(ApiError::not_found(
                Message::new("serve-error-no-seat").text("seat", seat),
            ));
        };
        match entry {
            Some(t) if same(t.as_bytes(), digest(token).as_bytes()) => Ok(Seat(seat as u8)),
            _ => Err(ApiError::forbidden(Message::new("serve-error-wrong-token"))),
        }
    }
}

impl Slot {
    fn with_presence(&self, seat: usize, f: impl FnOnce(&mut Presence)) {
        let mut presence = self.presence.lock().unwrap_or_else(PoisonError::into_inner);
        if presence.len() <= seat {
            presence.resize(seat + 1, Presence::default());
        }
        if let Some(p) = presence.get_mut(seat) {
            f(p);
        }
    }

    /// Notes that `seat`'s link was used just now.
    pub(super) fn seen(&self, seat: usize) {
        self.with_presence(seat, |p| p.last = Some(Instant::now()));
    }

    /// Notes an event stream of `seat` opened: its player is here until it is dropped.
    pub(super) fn following(self: &Arc<Self>, seat: usize) -> Following {
        self.with_presence(seat, |p| {
            p.streams += 1;
            p.last = Some(Instant::now());
        });
        Following {
            slot: Arc::downgrade(self),
            seat,
        }
    }

    /// Notes that `seat`'s player agrees that the host may give the seat to someone else
    /// (for [`AGREEMENT_FOR`], or until it changes hands).
    pub(super) fn agree(&self, seat: usize) {
        self.with_presence(seat, |p| p.agreed = Some(Instant::now()));
    }

    /// Notes that `seat` changed hands: its new holder has not been here yet.
    pub(super) fn handed_over(&self, seat: usize) {
        self.with_presence(seat, |p| *p = Presence::default());
    }

    /// Whether the host may give `seat`, a person's, to someone else (a bot, or a person with a
    /// new link): when its link was never used, when its player has been away (no request and
    /// no page following the table) for [`Slot::away`], or when its player agreed. The
    /// refusal says which, in words.
    ///
    /// # Errors
    /// 409: the seat's player is here and has not agreed.
    pub(super) fn may_change_hands(&self, seat: usize) -> Result<(), ApiError> {
        let presence = self.presence.lock().unwrap_or_else(PoisonError::into_inner);
        let p = presence.get(seat).copied().unwrap_or_default();
        drop(presence);
        if p.agreed.is_some_and(|t| t.elapsed() < AGREEMENT_FOR) {
            return Ok(());
        }
        let Some(last) = p.last else {
            return Ok(());
        };
        let away = last.elapsed();
        if p.streams == 0 && away >= self.away {
            return Ok(());
        }
        let here = if p.streams > 0 {
            Message::new("serve-error-player-open")
        } else {
            Message::new("serve-error-player-was-here").arg("ago", duration(away))
        };
        Err(ApiError::conflict(
            Message::new("serve-error-player-here")
                .text("seat", format!("S{seat}"))
                .arg("here", here)
                .arg("away", duration(self.away)),
        ))
    }

    /// Counts the table's bots' memory in the server's reservation, until it is dropped.
    pub(super) fn reserve(&self) {
        if !self.reserving.swap(true, Ordering::SeqCst) {
            self.reserved
                .fetch_add(self.memory.load(Ordering::SeqCst), Ordering::SeqCst);
        }
    }

    /// The memory the table's bots may take, in bytes.
    pub(super) fn memory(&self) -> u64 {
        self.memory.load(Ordering::SeqCst)
    }

    /// Sets the memory the table's bots may take to `bytes`, and the server's reservation
    /// with it; unchecked (the caller checks the budget: `api::resize`).
    pub(super) fn set_memory(&self, bytes: u64) {
        let old = self.memory.swap(bytes, Ordering::SeqCst);
        if self.reserving.load(Ordering::SeqCst) {
            let _ = self
                .reserved
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |r| {
                    Some(r.saturating_sub(old).saturating_add(bytes))
                });
        }
    }

    /// Whether `key` is the table's host key (checked against its hash, in constant time).
    pub(super) fn is_host(&self, key: &str) -> bool {
        same(digest(key).as_bytes(), self.host.as_bytes())
    }

    /// The number of seats.
    pub(super) fn seats(&self) -> usize {
        self.tokens
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .len()
    }

    /// A new single-use ticket for `seat`'s event stream.
    pub(super) fn ticket(&self, seat: usize) -> Result<String, ApiError> {
        let value = random_hex(16)?;
        let mut tickets = self.tickets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        tickets.retain(|t| t.until > now);
        let mine = tickets.iter().filter(|t| t.seat == seat).count();
        if mine >= MAX_TICKETS {
            if let Some(oldest) = tickets.iter().position(|t| t.seat == seat) {
                tickets.remove(oldest);
            }
        }
        tickets.push(Ticket {
            value: value.clone(),
            seat,
            until: now + TICKET_LIFE,
        });
        Ok(value)
    }

    /// Uses up a ticket for `seat`.
    pub(super) fn redeem(&self, seat: usize, ticket: Option<&str>) -> Result<Seat, ApiError> {
        let refused = || ApiError::forbidden(Message::new("serve-error-ticket"));
        let ticket = ticket.filter(|t| !t.is_empty()).ok_or_else(refused)?;
        if seat >= self.seats() {
            return Err(ApiError::not_found(
                Message::new("serve-error-no-seat").text("seat", seat),
            ));
        }
        let mut tickets = self.tickets.lock().unwrap_or_else(PoisonError::into_inner);
        let now = Instant::now();
        tickets.retain(|t| t.until > now);
        let i = tickets
            .iter()
            .position(|t| t.seat == seat && same(t.value.as_bytes(), ticket.as_bytes()))
            .ok_or_else(refused)?;
        tickets.remove(i);
        Ok(Seat(seat as u8))
    }
}

impl Slot {
    /// The answer to `seat`'s request for its state (`SeatAnswer`) from narration line
    /// `since`, as JSON. A seat's page asks for its state at every change, and the change its
    /// own request made was already answered with it: an answer is kept per seat and sent again
    /// while the table has not changed (the same version and count of stored changes: every
    /// change adds one, so a table rebuilt from its store after a failed write answers as what
    /// was stored), rather than built and serialized again. Each seat's answer is its own.
    pub(super) fn seat_answer(&self, table: &dyn Table, seat: Seat, since: usize) -> Response {
        match self.seat_body(table, seat, since) {
            Ok((body, _)) => (
                [(
                    header::CONTENT_TYPE,
                    HeaderValue::from_static("application/json"),
                )],
                body,
            )
                .into_response(),
            Err(e) => e.into_response(),
        }
    }

    /// The body of [`Slot::seat_answer`], and the narration lines a page holds once it has
    /// read it (the `since` of its next request).
    pub(super) fn seat_body(
        &self,
        table: &dyn Table,
        seat: Seat,
        since: usize,
    ) -> Result<(axum::body::Bytes, usize), ApiError> {
        let (version, changes) = (table.version(), table.entries().len());
        let i = usize::from(seat.0);
        let same = |a: &Answer| a.version == version && a.changes == changes && a.since == since;
        let last = self
            .answers
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .get(i)
            .and_then(|a| a.as_ref().map(|a| (same(a), a.body.clone(), a.held)));
        if let Some((true, body, held)) = last {
            return Ok((body, held));
        }
        let answer = super::suggest::SeatAnswer {
            state: table.seat_state(seat, since),
            hints: self.record.hints,
        };
        let held = answer.state.narration_from + answer.state.narration.len();
        // About as long as the last: written without growing, as a rule.
        let room = last.map_or(4096, |(_, body, _)| body.len() + body.len() / 4);
        let mut text = Vec::with_capacity(room);
        serde_json::to_writer(&mut text, &answer).map_err(|e| ApiError::internal(&e))?;
        let body = axum::body::Bytes::from(text);
        let mut answers = self.answers.lock().unwrap_or_else(PoisonError::into_inner);
        if answers.len() <= i {
            answers.resize_with(i + 1, || None);
        }
        answers[i] = Some(Answer {
            version,
            changes,
            since,
            held,
            body: body.clone(),
        });
        Ok((body, held))
    }
}

/// The SHA-256 of a secret (a seat token, a host key) as hex: the server keeps only these.
pub(super) fn digest(secret: &str) -> String {
    use sha2::{Digest, Sha256};
    // Written digit by digit rather than through the formatter: every seat's request hashes.
    const HEX: &[u8; 16] = b"0123456789abcdef";
    Sha256::digest(secret.as_bytes())
        .iter()
        .fold(String::with_capacity(64), |mut s, b| {
            s.push(char::from(HEX[usize::from(b >> 4)]));
            s.push(char::from(HEX[usize::from(b & 15)]));
            s
        })
}

/// Equality that takes the same time wherever the texts differ.
pub(super) fn same(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

/// Why a table is gone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Closed {
    /// Its host closed it.
    Host,
    /// Its match was over, and [`FINISHED_KEEP`] passed.
    Finished,
    /// Nobody used it for the server's idle time.
    Idle,
    /// Its store failed and what it holds no longer rebuilds it.
    Damaged,
}

/// The tables closed lately, and why: at most [`GONE_KEPT`], for at most [`GONE_FOR`].
#[derive(Debug, Default)]
pub(super) struct Gone {
    pub(super) why: HashMap<String, (Closed, Instant)>,
    pub(super) order: VecDeque<String>,
}

impl Gone {
    pub(super) fn note(&mut self, id: &str, why: Closed) {
        let now = Instant::now();
        while self.order.len() >= GONE_KEPT
            || self.order.front().is_some_and(|old| {
                self.why
                    .get(old)
                    .is_none_or(|(_, when)| now.duration_since(*when) > GONE_FOR)
            })
        {
            if let Some(old) = self.order.pop_front() {
                self.why.remove(&old);
            }
        }
        if self.why.insert(id.to_owned(), (why, now)).is_none() {
            self.order.push_back(id.to_owned());
        }
    }

    pub(super) fn get(&self, id: &str) -> Option<(Closed, Duration)> {
        self.why
            .get(id)
            .map(|(why, when)| (*why, when.elapsed()))
            .filter(|(_, ago)| *ago <= GONE_FOR)
    }
}

/// A span of time in words: `40 seconds`, `3 minutes`, `2 hours`.
/// A duration in words (`2 minutes`, `1 hour`), as a catalogue message.
pub(super) fn duration(d: Duration) -> Message {
    let s = d.as_secs();
    let (key, n) = match s {
        0 => ("serve-duration-none", 0),
        1..120 => ("serve-duration-seconds", s),
        120..7200 => ("serve-duration-minutes", s / 60),
        _ => ("serve-duration-hours", s / 3600),
    };
    Message::new(key).number("count", i64::try_from(n).unwrap_or(i64::MAX))
}

/// A duration in English words, as the server said it before [`duration`] told it through the
/// catalogue (kept to check that the English did not change).
#[cfg(test)]
fn words(d: Duration) -> String {
    let s = d.as_secs();
    if s == 0 {
        return "less than a second".to_owned();
    }
    let (n, unit) = match s {
        0..120 => (s, "second"),
        120..7200 => (s / 60, "minute"),
        _ => (s / 3600, "hour"),
    };
    format!("{n} {unit}{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod duration_tests {
    use super::{Duration, duration, words};
    use crate::i18n::{Catalogue, Lang};

    #[test]
    fn a_duration_reads_in_english_as_before_and_in_german_too() {
        let en = Catalogue::get(Lang::En);
        let de = Catalogue::get(Lang::De);
        for s in [0, 1, 2, 59, 119, 120, 121, 3600, 7199, 7200, 86_400] {
            let d = Duration::from_secs(s);
            assert_eq!(en.format(&duration(d)), words(d), "{s} s");
        }
        assert_eq!(de.format(&duration(Duration::from_secs(1))), "1 Sekunde");
        assert_eq!(de.format(&duration(Duration::from_secs(7200))), "2 Stunden");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_secret_is_kept_as_its_sha256_in_lowercase_hex() {
        // FIPS 180-2's example: the stored hashes of tables opened before must still match.
        assert_eq!(
            digest("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
        assert_eq!(digest("").len(), 64);
    }
}
