//! The takeback at a practice table (issue 47): a person takes back their last action and the
//! moves the table took by itself after it, while no other person has moved since. The stored
//! changes stay as they were; an `Entry::Takeback` is appended, and a restore replays it.

use cards_core::text::Message;
use cards_core::{Bot, Catalog, Seat};

use super::{ApiError, Entry, GameTable, SeatKind};

/// The most takebacks one deal allows (each is stored and told to every seat).
pub const MAX_TAKEBACKS: usize = 20;

/// The table before a person's action, kept so that the person may take it back.
pub(super) struct Undo<G: Catalog> {
    /// The seat that chose the action.
    pub(super) seat: Seat,
    /// The action, in the game's notation.
    pub(super) action: String,
    /// The state before it.
    pub(super) state: G::State,
    /// The number of actions in the log before it.
    pub(super) actions: usize,
    /// The deal results before it (a deal scored since cannot be taken back).
    pub(super) deals: usize,
}

impl<G: Catalog> GameTable<G> {
    /// `seat` takes back its last action and the moves the table took by itself after it
    /// (bots' decisions, forced moves): the state, legal actions and log are as before that
    /// action, and every seat and spectator is told. Only at a practice table (its opener
    /// chose the seed and knows every hand, so a takeback reveals nothing a fair deal hides),
    /// within the deal, while no other person has moved since, and not while a bot is out
    /// thinking.
    ///
    /// # Errors
    /// A fair table (403), a bot's seat (403), nothing to take back or another person's move
    /// since (409), a deal scored since (409), a bot thinking now (409), or more than
    /// `MAX_TAKEBACKS` (20) in the deal (429); the table is unchanged.
    pub fn take_back(&mut self, seat: Seat) -> Result<(), ApiError> {
        if self.secret.salt.is_some() {
            return Err(ApiError::forbidden(Message::new(
                "serve-error-takeback-fair",
            )));
        }
        if !self.person_at(seat) {
            return Err(ApiError::forbidden(Message::new("serve-error-bot-seat")));
        }
        if G::to_move(&self.state).is_none() {
            return Err(ApiError::conflict(Message::new(
                "serve-error-takeback-over",
            )));
        }
        let out = !self.inert
            && self
                .seats
                .iter()
                .zip(&self.bots)
                .any(|(kind, bot)| *kind != SeatKind::Person && bot.is_none());
        if out {
            return Err(ApiError::conflict(Message::new(
                "serve-error-takeback-thinking",
            )));
        }
        let Some(undo) = &self.undo else {
            return Err(ApiError::conflict(Message::new(
                "serve-error-takeback-nothing",
            )));
        };
        if undo.seat != seat {
            return Err(ApiError::conflict(
                Message::new("serve-error-takeback-other").text("seat", undo.seat),
            ));
        }
        if undo.deals != self.deals.len() || self.waiting {
            return Err(ApiError::conflict(Message::new(
                "serve-error-takeback-scored",
            )));
        }
        if self.takebacks >= MAX_TAKEBACKS {
            return Err(ApiError::new(
                axum::http::StatusCode::TOO_MANY_REQUESTS,
                Message::new("serve-error-takeback-most").text("most", MAX_TAKEBACKS),
            ));
        }
        let Some(undo) = self.undo.take() else {
            return Ok(());
        };
        let after = self.log.actions.len().saturating_sub(undo.actions + 1);
        self.state = undo.state;
        self.log.actions.truncate(undo.actions);
        let kept = self.log.actions.len();
        self.log.faults.retain(|f| f.after <= kept);
        G::legal_actions_into(&self.state, &mut self.legal);
        let said = match after {
            0 => Message::new("serve-line-takeback"),
            1 => Message::new("serve-line-takeback-one"),
            n => Message::new("serve-line-takeback-more")
                .number("count", i64::try_from(n).unwrap_or(i64::MAX)),
        };
        let line = self.compose(said.text("seat", seat).text("action", &undo.action));
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        // A program that heard the moves taken back starts anew, told the match so far.
        for i in 0..self.bots.len() {
            if self.bots[i].as_ref().is_some_and(Bot::observes) {
                if let Some(bot) = self.restart_bot(Seat(i as u8)) {
                    self.bots[i] = Some(bot);
                }
            }
        }
        self.takebacks += 1;
        self.journal.push(Entry::Takeback { seat: seat.0 });
        self.version += 1;
        self.moved += 1;
        Ok(())
    }

    /// The action `seat` may take back now, if any (see [`GameTable::take_back`]; a bot out
    /// thinking is not counted: it is back within moments).
    pub(super) fn takeback_for(&self, seat: Seat) -> Option<String> {
        let undo = self.undo.as_ref()?;
        let may = self.secret.salt.is_none()
            && undo.seat == seat
            && undo.deals == self.deals.len()
            && !self.waiting
            && self.takebacks < MAX_TAKEBACKS
            && G::to_move(&self.state).is_some()
            && self.person_at(seat);
        may.then(|| undo.action.clone())
    }
}
