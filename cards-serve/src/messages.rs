//! `GET /api/messages?lang=LANG`: a language's message catalogue for the page
//! ([`crate::i18n::page_messages`]), the same words `cards play` shows. Without `lang` the
//! request's `Accept-Language` chooses (English when it names no language the catalogue has);
//! `cards-serve/assets/i18n-catalogue.js` formats what it answers.

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::ApiError;
use crate::i18n::{Lang, page_messages};

/// The query of `/api/messages`.
#[derive(Debug, Deserialize)]
pub(super) struct LangQuery {
    /// `en`, `de` or `qps`; left out, `Accept-Language` decides.
    lang: Option<String>,
}

/// The language a request asks for: `lang` when given (refused when the catalogue lacks it),
/// else its `Accept-Language`.
fn chosen(lang: Option<&str>, headers: &HeaderMap) -> Result<Lang, ApiError> {
    match lang {
        Some(code) => code.parse().map_err(|e: crate::i18n::UnknownLang| {
            ApiError::bad(
                cards_core::text::Message::new("serve-error-unknown-lang")
                    .text("lang", format!("{:?}", e.0)),
            )
        }),
        None => Ok(headers
            .get(header::ACCEPT_LANGUAGE)
            .and_then(|v| v.to_str().ok())
            .map_or(Lang::En, Lang::from_accept_language)),
    }
}

/// The handler: the chosen language's messages as JSON, with `Content-Language` and `Vary:
/// Accept-Language` (a cache keeps one answer per header).
pub(super) async fn messages(
    query: Result<Query<LangQuery>, QueryRejection>,
    headers: HeaderMap,
) -> Response {
    let lang = match query {
        Ok(Query(q)) => chosen(q.lang.as_deref(), &headers),
        Err(e) => Err(ApiError::from(e)),
    };
    let body = lang.and_then(|lang| {
        page_messages(lang).map(|json| (lang, json)).map_err(|e| {
            ApiError::bad(
                cards_core::text::Message::new("serve-error-internal")
                    .arg("reason", super::untold(e)),
            )
        })
    });
    match body {
        Ok((lang, json)) => (
            [
                (header::CONTENT_LANGUAGE, lang.code()),
                (header::VARY, "Accept-Language"),
            ],
            axum::Json(json),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}
