//! The expert's move for one seat's decision, worked out away from its table
//! ([`super::hint`] serves it): a copy of the seat's decision and the lobby's expert.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use cards_core::bot::Bot as _;
use cards_core::rng::rng_from_seed;
use cards_core::text::Message;
use cards_core::{BotSpec, Catalog, Decision, Seat};
use serde::Serialize;

use super::ApiError;
use super::answers::SeatState;
use super::think::Stop;

/// The expert's move for a seat's decision.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Suggestion {
    /// The table's version the suggestion answers: stale once the table has moved on.
    pub version: u64,
    /// The action in the game's notation, one of the seat's legal actions.
    pub action: String,
    /// The cards of the seat's hand the action uses (as the seat state's `legal_cards`).
    pub cards: Vec<String>,
    /// The bot spec that suggested it (the lobby's expert).
    pub by: String,
}

/// A seat's decision taken out of its table, to be suggested for without the table.
pub trait Suggesting: Send {
    /// Decides (this is where the time goes).
    fn suggest(self: Box<Self>) -> Suggestion;
}

/// A copy of one seat's decision and the bot that weighs it.
pub struct Suggest<G: Catalog> {
    /// The table's state (the bot reads the seat's view of it and deals hidden cards from it).
    pub state: G::State,
    /// The seat's legal actions.
    pub legal: Vec<G::Action>,
    /// The seat deciding.
    pub seat: Seat,
    /// The table's version.
    pub version: u64,
    /// The expert, reading the table's clock (it stops when the table closes).
    pub bot: Box<dyn cards_core::Bot<G>>,
    /// The spec the bot was made from.
    pub spec: String,
    /// The generator's seed, drawn from the system.
    pub seed: u64,
    /// The table's match so far (its seed is the table's secret: it is replayed here, and the
    /// expert is told only the seat's view of each action, [`crate::log::tell_history`]).
    pub history: crate::log::GameLog,
}

impl<G: Catalog> Suggesting for Suggest<G> {
    fn suggest(mut self: Box<Self>) -> Suggestion {
        let mut rng = rng_from_seed(self.seed);
        // An expert that reads the course of the match (Grosse/kleine A's and Einer ist
        // immer's infer the hidden hands from it) is told it as the seat saw it, as if it had
        // sat there from the start; a history that does not replay leaves it told nothing.
        let _ = crate::log::tell_history::<G>(&self.history, self.seat, &mut *self.bot);
        let decision = Decision::<G>::new(&self.state, self.seat, &self.legal);
        let index = if self.legal.len() > 1 {
            self.bot
                .choose(&decision, &mut rng)
                .min(self.legal.len() - 1)
        } else {
            0
        };
        let action = &self.legal[index];
        Suggestion {
            version: self.version,
            action: action.to_string(),
            cards: G::action_cards(&self.state, action),
            by: self.spec,
        }
    }
}

/// The lobby's expert for `game` (`expert` of [`crate::bots::ladder`], the lobby's levels), as a spec
/// `G` reads.
///
/// # Errors
/// When the lobby has no expert for the game (never, as the levels stand).
pub fn expert_spec<G: Catalog>() -> Result<BotSpec, ApiError> {
    let own = G::game_bot_kinds();
    let level = crate::bots::ladder(own)
        .into_iter()
        .find(|l| l.level == "expert")
        .ok_or_else(|| {
            ApiError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                Message::new("serve-error-no-expert"),
            )
        })?;
    BotSpec::parse_with(&level.spec, own).map_err(|e| ApiError::internal(&e))
}

/// Makes the expert's suggestion for `seat` of a table in `state`, whose match so far is
/// `history`.
pub(super) fn suggester<G: Catalog>(
    state: &G::State,
    legal: &[G::Action],
    seat: Seat,
    version: u64,
    stop: &Arc<Stop>,
    seed: u64,
    history: &crate::log::GameLog,
) -> Result<Box<dyn Suggesting>, ApiError> {
    let spec = expert_spec::<G>()?;
    let bot =
        cards_core::make_bot::<G>(&spec, Some(stop.clock())).map_err(|e| ApiError::internal(&e))?;
    Ok(Box::new(Suggest::<G> {
        state: state.clone(),
        legal: legal.to_vec(),
        seat,
        version,
        bot,
        spec: spec.to_string(),
        seed,
        history: history.clone(),
    }))
}

/// What the pages get for a seat: its state, and whether the table gives hints.
#[derive(Debug, Serialize)]
pub struct SeatAnswer<'a> {
    /// The seat's state.
    #[serde(flatten)]
    pub state: SeatState<'a>,
    /// Whether the table was opened with hints allowed: every seat may ask for the expert's
    /// move (`suggest`). Shown to every seat from the start.
    pub hints: bool,
}

/// Whether a table is working out a suggestion now: one at a time per table.
#[derive(Debug, Default)]
pub struct Hinting(AtomicBool);

impl Hinting {
    /// The table's one place to work out a suggestion, if free; freed when the guard drops.
    pub(crate) fn claim(&self) -> Option<HintingGuard<'_>> {
        self.0
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
            .then_some(HintingGuard(&self.0))
    }
}

/// Marks a table's suggestion done when dropped.
pub(crate) struct HintingGuard<'a>(&'a AtomicBool);

impl Drop for HintingGuard<'_> {
    fn drop(&mut self) {
        self.0.store(false, Ordering::SeqCst);
    }
}

/// Whether a table opened with `body` gives hints: `"hints": true` in the request (left out:
/// none). Taken out of the request before the game reads it.
///
/// # Errors
/// When `hints` is not `true` or `false`.
pub fn take_hints(body: &mut serde_json::Value) -> Result<bool, ApiError> {
    match body.as_object_mut().and_then(|m| m.remove("hints")) {
        None | Some(serde_json::Value::Null) => Ok(false),
        Some(serde_json::Value::Bool(b)) => Ok(b),
        Some(_) => Err(ApiError::unprocessable(Message::new(
            "serve-error-hints-value",
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Game;
    use game_cego::Cego;

    #[test]
    fn a_table_works_out_one_suggestion_at_a_time() {
        let hinting = Hinting::default();
        let first = hinting.claim();
        assert!(first.is_some());
        assert!(
            hinting.claim().is_none(),
            "a second while the first is worked out"
        );
        drop(first);
        assert!(
            hinting.claim().is_some(),
            "free again once the first is done"
        );
    }

    #[test]
    fn a_suggestion_sees_only_what_the_seat_sees() {
        // The same seat's decision in two deals that agree on everything the seat may know
        // (the second's hidden cards dealt anew from the seat's view): the same suggestion.
        let mut state = Cego::new(&<Cego as Game>::Config::default(), 3).unwrap();
        let mut rng = rng_from_seed(5);
        let spec = BotSpec::parse_with("ismcts:iters=300", Cego::game_bot_kinds()).unwrap();
        let history = crate::log::GameLog {
            game: "cego".to_owned(),
            config: serde_json::to_value(<Cego as Game>::Config::default()).unwrap(),
            seed: cards_core::Seed::Short(3),
            commitment: None,
            salt: None,
            actions: Vec::new(),
            unfinished: true,
            outcome: Vec::new(),
            faults: Vec::new(),
        };
        let suggest = |s: &<Cego as Game>::State, seat: Seat| {
            Box::new(Suggest::<Cego> {
                state: s.clone(),
                legal: Cego::legal_actions(s),
                seat,
                version: 1,
                bot: cards_core::make_bot::<Cego>(&spec, None).unwrap(),
                spec: spec.to_string(),
                seed: 11,
                history: history.clone(),
            })
            .suggest()
        };
        let mut checked = 0;
        for step in 0..300 {
            let Some(seat) = Cego::to_move(&state) else {
                break;
            };
            let legal = Cego::legal_actions(&state);
            if legal.len() > 1 && cards_core::GameState::phase(&state) == "play" {
                let other = Decision::<Cego>::new(&state, seat, &legal).determinize(&mut rng);
                assert_ne!(other, state, "the hidden cards are dealt otherwise");
                let hint = suggest(&state, seat);
                assert!(legal.iter().any(|a| a.to_string() == hint.action));
                assert_eq!(hint, suggest(&other, seat));
                checked += 1;
                if checked == 3 {
                    break;
                }
            }
            Cego::apply(&mut state, &legal[step % legal.len()]).unwrap();
        }
        assert_eq!(checked, 3);
    }
}
