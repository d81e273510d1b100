//! Seats that empty, and names: the host (the table's opener, who holds its host key) seats a
//! bot in a person's seat or a person back, and a person names their seat. Every change is
//! stored, and told to every seat and to the table's spectators.

use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use cards_core::Seat;
use cards_core::text::Message;
use serde::{Deserialize, Serialize};

use super::api::{SeatQuery, bearer, changed, commit, open_seat, resize};
use super::slot::digest;
use super::table::SeatKind;
use super::{ApiError, Shared, random_hex};

/// The longest seat name, in characters.
pub const MAX_NAME: usize = 24;

/// How often a seat may be named in one deal (every name is stored and told to every seat).
pub const MAX_RENAMES: usize = 3;

/// Checks a seat name: 1 to [`MAX_NAME`] characters of letters, digits, single spaces and
/// `-_.'&`, not starting or ending with a space. Pages show names as text, never as markup.
///
/// # Errors
/// What is wrong with it, in words.
pub fn check_name(name: &str) -> Result<String, ApiError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > MAX_NAME {
        return Err(ApiError::bad(
            Message::new("serve-error-name-length")
                .text("most", MAX_NAME)
                .text("count", count),
        ));
    }
    if let Some(c) = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || " -_.'&".contains(*c)))
    {
        return Err(ApiError::bad(
            Message::new("serve-error-name-char").text("char", format!("{c:?}")),
        ));
    }
    if name.contains("  ") {
        return Err(ApiError::bad(Message::new("serve-error-name-spaces")));
    }
    Ok(name.to_owned())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct NameBody {
    name: String,
}

/// `POST /api/tables/{id}/seats/{seat}/name` with the seat's token: names the seat.
pub(super) async fn name_seat(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
    body: Result<Json<NameBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let (slot, seat, since) = open_seat(&shared, path, &headers, query)?;
    let Json(body) = body.map_err(|_| ApiError::bad(Message::new("serve-error-name-body")))?;
    let name = check_name(&body.name)?;
    let mut table = slot.table.lock().await;
    let named = table.renames(seat);
    if named >= MAX_RENAMES {
        return Err(ApiError::new(
            axum::http::StatusCode::TOO_MANY_REQUESTS,
            Message::new("serve-error-renames")
                .text("named", named)
                .text("most", MAX_RENAMES),
        ));
    }
    table.set_name(seat, &name)?;
    commit(&shared, &slot, &mut table).await?;
    Ok(changed(&slot, &**table, seat, since))
}

/// Who the host seats: a bot by its spec, or a person (`"person": true`), with a new link when
/// `new_link` (the seat's old link stops opening it) or when the seat never had one. A person's
/// seat given `{"person": true, "new_link": true}` stays the person's with a new link: how a
/// host revokes a leaked link.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeatBody {
    #[serde(default)]
    bot: Option<String>,
    #[serde(default)]
    person: bool,
    #[serde(default)]
    new_link: bool,
}

#[derive(Serialize)]
pub(super) struct Seated {
    seat: usize,
    kind: SeatKind,
    /// The seat's new secret link, when one was made.
    link: Option<String>,
}

/// `POST /api/tables/{id}/seats/{seat}/seat` with the host key: seats a bot or a person.
pub(super) async fn seat_someone(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    body: Result<Json<SeatBody>, JsonRejection>,
) -> Result<Response, ApiError> {
    let Path((id, seat)) = path?;
    let slot = shared.slot(&id)?;
    let key = bearer(&headers).map(|k| k.rsplit('.').next().unwrap_or(k));
    if !key.is_some_and(|k| !k.is_empty() && slot.is_host(k)) {
        return Err(ApiError::forbidden(Message::new("serve-error-host-seats")));
    }
    slot.touch();
    let Json(body) = body.map_err(|_| ApiError::bad(Message::new("serve-error-seat-body")))?;
    let old = slot
        .tokens
        .lock()
        .map(|t| t.get(seat).cloned())
        .ok()
        .flatten();
    let Some(old) = old else {
        return Err(ApiError::not_found(
            Message::new("serve-error-no-seat").text("seat", seat),
        ));
    };
    let (kind, token, link) = match (body.bot, body.person) {
        (Some(spec), false) => (
            SeatKind::Bot(super::lobby::seat_spec(&spec, shared.allow_exec)?),
            old,
            None,
        ),
        (None, true) if old.is_some() && !body.new_link => (SeatKind::Person, old, None),
        (None, true) => {
            let token = random_hex(16)?;
            let link = format!("/play/{id}/{seat}#{token}");
            (SeatKind::Person, Some(digest(&token)), Some(link))
        }
        _ => {
            return Err(ApiError::bad(Message::new("serve-error-seat-either")));
        }
    };
    let mut table = slot.table.lock().await;
    let place = Seat(seat as u8);
    let a_persons = table.seats().get(seat) == Some(&SeatKind::Person);
    // A person's seat given to a person again takes a new link (`new_link`): a revoked one.
    if kind == SeatKind::Person && !body.new_link && a_persons {
        return Err(ApiError::conflict(
            Message::new("serve-error-person-already").text("seat", place),
        ));
    }
    // A person's seat (its hand) passes to a bot or a new link only when its player is away
    // or agrees: the host cannot read a present player's hand by re-seating it.
    if a_persons {
        slot.may_change_hands(seat)?;
    }
    // The bots' memory, checked as at opening; refused, nothing changes.
    let old = resize(&shared, &slot, table.memory_with(place, &kind))?;
    if let Err(e) = table.set_seat(place, kind.clone(), token.clone()) {
        slot.set_memory(old);
        return Err(e);
    }
    if let Err(e) = commit(&shared, &slot, &mut table).await {
        // Rolled back to what is stored (or closed): its memory is what its seats take.
        slot.set_memory(table.memory());
        return Err(e);
    }
    if let Some(t) = slot
        .tokens
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .get_mut(seat)
    {
        *t = token;
    }
    slot.handed_over(seat);
    slot.changed.send_replace(table.version());
    Ok(Json(Seated { seat, kind, link }).into_response())
}

#[derive(Serialize)]
pub(super) struct Agreed {
    seat: usize,
    /// How long the agreement stands, in seconds.
    for_seconds: u64,
}

/// `POST /api/tables/{id}/seats/{seat}/agree` with the seat's token: its player agrees that
/// the host may give the seat to someone else (a bot, or a person with a new link) for the
/// next [`AGREEMENT_FOR`](super::slot::AGREEMENT_FOR); without it, only a seat that has been
/// away that long changes hands ([`Slot::may_change_hands`](super::slot::Slot)).
pub(super) async fn agree(
    State(shared): State<Shared>,
    path: Result<Path<(String, usize)>, PathRejection>,
    headers: HeaderMap,
    query: Result<Query<SeatQuery>, QueryRejection>,
) -> Result<Json<Agreed>, ApiError> {
    let (slot, seat, _) = open_seat(&shared, path, &headers, query)?;
    let seat = usize::from(seat.0);
    slot.agree(seat);
    Ok(Json(Agreed {
        seat,
        for_seconds: super::slot::AGREEMENT_FOR.as_secs(),
    }))
}

#[cfg(test)]
mod tests {
    use super::check_name;

    #[test]
    fn names_are_checked_in_words() {
        assert_eq!(check_name("  Anna-Lena ").unwrap(), "Anna-Lena");
        assert_eq!(check_name("Tom & Jerry's").unwrap(), "Tom & Jerry's");
        assert_eq!(check_name("Zoë 2").unwrap(), "Zoë 2");
        for (bad, says) in [
            ("<script>alert</script>", "not '<'"),
            ("", "1 to 24"),
            ("a very long name indeed, too long", "1 to 24"),
            ("a\"b", "not '\"'"),
            ("a  b", "single spaces"),
            ("tab\there", "not '\\t'"),
        ] {
            let e = check_name(bad).unwrap_err().to_string();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }
}
