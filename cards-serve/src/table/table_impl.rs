//! [`Table`] for [`GameTable`]: what the server asks of a table of any game.

use cards_core::text::Message;
use std::any::Any;
use std::sync::Arc;

use cards_core::Seat;
use cards_core::bot::Bot as _;
use cards_core::rng::rng_from_seed;
use cards_core::text::Screen;

use super::{
    ApiError, Dealing, Drive, Entry, GameLog, GameTable, MAX_LEGAL_SENT, Pending, SeatKind,
    SeatState, Stop, Table, Thought, at_once,
};
use cards_core::Catalog;
use cards_core::GameEvent;
use cards_core::GameState;
use cards_core::GameView;

/// What a table takes before it grows ([`Table::state_bytes`]): its game state, screens and
/// bookkeeping, with room to spare.
pub const TABLE_BYTES: u64 = 64 * 1024;

/// What a table's measure counted of its lines that only grow ([`GameTable::grown`]): per
/// list, how many were counted and what they take, so that a measure counts only the lines
/// added since the last. A list is only ever cut back to where it stood since the last measure
/// (a run's lines giving way to its summary) or, taken back, below it: then it is counted
/// afresh.
#[derive(Debug, Default)]
pub struct Measured {
    narration: Vec<Counted>,
    public: Counted,
    actions: Counted,
    journal: Counted,
}

/// How many of a list's items were counted, and what they take.
#[derive(Clone, Copy, Debug, Default)]
struct Counted {
    items: usize,
    bytes: u64,
}

impl Counted {
    /// What `items` take, counting only those past the ones counted before (all of them if
    /// the list is shorter than it was).
    fn count<T>(&mut self, items: &[T], size: impl Fn(&T) -> u64) -> u64 {
        if items.len() < self.items {
            *self = Counted::default();
        }
        self.bytes += items[self.items..].iter().map(size).sum::<u64>();
        self.items = items.len();
        self.bytes
    }
}

/// What a line of text takes: its bytes, the `String`, the allocator's rounding.
#[allow(clippy::ptr_arg)]
fn line(l: &String) -> u64 {
    l.len() as u64 + 48
}

/// What lines of text take.
fn text(lines: &[String]) -> u64 {
    lines.iter().map(line).sum()
}

impl<G: Catalog> GameTable<G> {
    /// What the table's state takes ([`Table::state_bytes`]); with `measured`, counting only
    /// what was added since that measure (the same sum), otherwise every line afresh.
    pub(super) fn grown(&self, measured: Option<&mut Measured>) -> u64 {
        let mut afresh = Measured::default();
        let m = measured.unwrap_or(&mut afresh);
        m.narration
            .resize_with(self.narration.len(), Counted::default);
        let narration: u64 = self
            .narration
            .iter()
            .zip(&mut m.narration)
            .map(|(lines, counted)| counted.count(lines, line))
            .sum();
        let ended: u64 = self
            .ended
            .iter()
            .flatten()
            .map(|e| text(&e.narration) + 4096)
            .sum();
        let journal = m.journal.count(&self.journal, |entry| {
            64 + match entry {
                Entry::Act { action, .. } => action.len() as u64,
                Entry::Run { actions } | Entry::Log { actions } => text(actions),
                _ => 64,
            }
        });
        let deals = self.deals.len() as u64 * (64 + 16 * self.seats.len() as u64);
        // A told line: its text again as the key, and its message (counted as told).
        let grown = narration
            + self.told.bytes
            + m.public.count(&self.public, line)
            + m.actions.count(&self.log.actions, line)
            + ended
            + journal
            + deals
            + self.recorder.bytes();
        // Vectors grow by doubling: up to twice what they hold.
        TABLE_BYTES.saturating_add(grown.saturating_mul(2))
    }
}

impl<G: Catalog> Table for GameTable<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn seats(&self) -> &[SeatKind] {
        &self.seats
    }

    fn version(&self) -> u64 {
        self.version
    }

    fn seat_state(&self, seat: Seat, since: usize) -> SeatState<'_> {
        let view = G::view(&self.state, seat);
        let to_move = G::to_move(&self.state);
        // A single option is not asked: the server takes it (see `drive`).
        let your_turn =
            to_move == Some(seat) && !self.waiting && self.person_at(seat) && self.legal.len() > 1;
        let legal: Vec<String> = if your_turn {
            self.legal
                .iter()
                .take(MAX_LEGAL_SENT)
                .map(ToString::to_string)
                .collect()
        } else {
            Vec::new()
        };
        let legal_cards: Vec<Vec<String>> = if your_turn {
            self.legal
                .iter()
                .take(MAX_LEGAL_SENT)
                .map(|a| G::action_cards(&self.state, a))
                .collect()
        } else {
            Vec::new()
        };
        let screen = view.screen();
        let card_keys = screen
            .hand
            .iter()
            .filter_map(|c| {
                let key = G::card_key(&self.state, c);
                (your_turn && key != *c).then(|| (c.clone(), key))
            })
            .collect();
        let lines = self
            .narration
            .get(usize::from(seat.0))
            .map_or(&[][..], Vec::as_slice);
        let from = since.min(lines.len());
        let view_text = view.screen_text(&screen);
        SeatState {
            game: G::NAME,
            title: G::TITLE,
            seat: seat.0,
            players: self.seats.len(),
            seats: &self.seats,
            version: self.version,
            screen,
            screen_messages: view.screen_messages(),
            layout: view.layout(),
            view_text,
            to_move: to_move.map(|s| s.0),
            your_turn,
            legal_cut: your_turn && self.legal.len() > MAX_LEGAL_SENT,
            legal,
            legal_cards,
            card_keys,
            phase: self.state.phase(),
            narration_from: from,
            narration: &lines[from..],
            narration_messages: lines[from..].iter().map(|l| self.told.get(l)).collect(),
            scores: G::scores(&self.state).0.iter().map(|s| s + 0.0).collect(),
            deals: &self.deals,
            waiting_for_next_deal: self.waiting,
            next_deal_waits_for: self.waits_for(),
            match_over: G::to_move(&self.state).is_none(),
            dealing: self.dealing(),
            ended_deal: self
                .ended
                .get(usize::from(seat.0))
                .and_then(Option::as_ref)
                .filter(|_| self.waiting),
            scoring: scoring_word::<G>(),
            scores_explain: G::words().scores,
            names: &self.names,
            takeback: self.takeback_for(seat),
            config: &self.log.config,
        }
    }

    fn take_back(&mut self, seat: Seat) -> Result<(), ApiError> {
        GameTable::take_back(self, seat)
    }

    fn act(&mut self, seat: Seat, text: &str, version: Option<u64>) -> Result<(), ApiError> {
        if let Some(v) = version {
            if v != self.version {
                return Err(ApiError::conflict(
                    Message::new("serve-error-moved-on")
                        .text("version", v)
                        .text("now", self.version),
                ));
            }
        }
        if self.waiting {
            return Err(ApiError::conflict(Message::new("serve-error-deal-over")));
        }
        match G::to_move(&self.state) {
            None => return Err(ApiError::conflict(Message::new("serve-error-match-over"))),
            Some(s) if s != seat => {
                return Err(ApiError::conflict(
                    Message::new("serve-error-not-your-turn").text("seat", s),
                ));
            }
            Some(_) => {}
        }
        if !self.person_at(seat) {
            return Err(ApiError::forbidden(Message::new("serve-error-bot-seat")));
        }
        self.act_unchecked(seat, text)
    }

    fn suggester(
        &self,
        seat: Seat,
        seed: u64,
    ) -> Result<Box<dyn crate::suggest::Suggesting>, ApiError> {
        if self.waiting {
            return Err(ApiError::conflict(Message::new(
                "serve-error-deal-over-hint",
            )));
        }
        match G::to_move(&self.state) {
            None => return Err(ApiError::conflict(Message::new("serve-error-match-over"))),
            Some(s) if s != seat => {
                return Err(ApiError::conflict(
                    Message::new("serve-error-not-your-turn-hint").text("seat", s),
                ));
            }
            Some(_) => {}
        }
        if !self.person_at(seat) {
            return Err(ApiError::forbidden(Message::new("serve-error-bot-seat")));
        }
        crate::suggest::suggester::<G>(
            &self.state,
            &self.legal,
            seat,
            self.version,
            &self.stop,
            seed,
            &self.log,
        )
    }

    fn next_deal(&mut self, seat: Seat) -> Result<(), ApiError> {
        if !self.person_at(seat) {
            return Err(ApiError::forbidden(Message::new("serve-error-bot-seat")));
        }
        if !self.waiting {
            return Err(ApiError::conflict(Message::new(
                "serve-error-no-deal-ended",
            )));
        }
        let i = usize::from(seat.0);
        if self.ready.get(i).copied().unwrap_or(false) {
            let others: Vec<String> = self.waits_for().iter().map(|s| format!("S{s}")).collect();
            return Err(ApiError::conflict(
                Message::new("serve-error-asked-already")
                    .text("seats", others.join(", "))
                    .number("count", i64::try_from(others.len()).unwrap_or(i64::MAX)),
            ));
        }
        if let Some(r) = self.ready.get_mut(i) {
            *r = true;
        }
        self.journal.push(Entry::Next { seat: seat.0 });
        if self.waits_for().is_empty() {
            self.waiting = false;
            self.ready.fill(false);
            self.ended.fill(None);
        }
        self.version += 1;
        Ok(())
    }

    fn wants_drive(&self) -> bool {
        match G::to_move(&self.state) {
            Some(seat) if !self.waiting => !self.person_at(seat) || self.legal.len() == 1,
            _ => false,
        }
    }

    fn wants_pace(&self) -> bool {
        match G::to_move(&self.state) {
            Some(seat) if !self.waiting => {
                !self.person_at(seat) && !at_once::<G>(&self.state, self.legal.len(), false)
            }
            _ => false,
        }
    }

    fn to_move(&self) -> Option<Seat> {
        G::to_move(&self.state)
    }

    fn is_over(&self) -> bool {
        G::to_move(&self.state).is_none()
    }

    fn begin_drive(&mut self) -> Drive {
        if self.inert || !self.wants_drive() {
            return Drive::Idle;
        }
        // A bot out thinking: nothing to do until it is back.
        let out = self
            .seats
            .iter()
            .zip(&self.bots)
            .any(|(kind, bot)| *kind != SeatKind::Person && bot.is_none());
        if out {
            return Drive::Idle;
        }
        let run = !self.wants_pace();
        let bots = self.bots.iter_mut().map(Option::take).collect();
        let rng = std::mem::replace(&mut self.rng, rng_from_seed(0));
        self.reseated.fill(false);
        Drive::Think(Box::new(Pending::<G> {
            state: self.state.clone(),
            legal: self.legal.clone(),
            bots,
            rng,
            moved: self.moved,
            run,
            stop: Arc::clone(&self.stop),
            quick: super::super::think::quick(&self.seats),
        }))
    }

    fn end_drive(&mut self, thought: Box<dyn Any + Send>) -> bool {
        let Ok(thought) = thought.downcast::<Thought<G>>() else {
            return false;
        };
        let Thought {
            moves,
            bots,
            rng,
            moved,
            told,
        } = *thought;
        self.rng = rng;
        // The moves were worked out from a table whose moves or seating have changed since.
        let stale = moved != self.moved;
        for (i, bot) in bots.into_iter().enumerate() {
            let Some(bot) = bot else { continue };
            // A seat the host changed meanwhile keeps what the host put there.
            if self.reseated.get(i).copied().unwrap_or(true) {
                continue;
            }
            self.bots[i] = if stale && told && !moves.is_empty() && bot.observes() {
                // It has heard moves that are not taken: a new program, told the match so far
                // by its start and its next decision's view, rather than a false history.
                self.restart_bot(Seat(i as u8)).or(Some(bot))
            } else {
                Some(bot)
            };
        }
        if stale {
            return false;
        }
        let moves: Vec<(Seat, G::Action, bool)> = moves
            .into_iter()
            .map(|m| (m.seat, m.action, m.forced))
            .collect();
        self.run_moves(&moves, told) > 0
    }

    fn stop(&self) -> Arc<Stop> {
        Arc::clone(&self.stop)
    }

    fn memory(&self) -> u64 {
        if self.inert {
            return 0;
        }
        Self::bot_memory(&self.seats).saturating_add(self.state_bytes())
    }

    fn memory_with(&self, seat: Seat, kind: &SeatKind) -> u64 {
        let mut seats = self.seats.clone();
        if let Some(place) = seats.get_mut(usize::from(seat.0)) {
            *place = kind.clone();
        }
        if self.inert {
            return 0;
        }
        Self::bot_memory(&seats).saturating_add(self.state_bytes())
    }

    fn state_bytes(&self) -> u64 {
        let mut measured = self
            .measured
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        self.grown(Some(&mut measured))
    }

    fn log(&self) -> Result<GameLog, ApiError> {
        if G::to_move(&self.state).is_some() {
            return Err(ApiError::conflict(Message::new("serve-error-log-not-yet")));
        }
        let mut log = self.log.clone();
        log.outcome = self.recorder.snapshot::<G>(&self.state, log.actions.len());
        Ok(log)
    }

    fn dealing(&self) -> Dealing {
        GameTable::dealing(self)
    }

    fn unsaved(&self) -> (usize, &[Entry]) {
        let from = self.stored.min(self.journal.len());
        (from, &self.journal[from..])
    }

    fn saved(&mut self, upto: usize) {
        self.stored = upto.min(self.journal.len());
    }

    fn restore(&mut self, entries: &[Entry]) -> Result<(), ApiError> {
        for (n, entry) in entries.iter().enumerate() {
            self.replay_entry(entry).map_err(|e| {
                ApiError::internal(&crate::store::StoreError(format!(
                    "stored change {n} of this table does not apply: {e}"
                )))
            })?;
        }
        self.stored = self.journal.len();
        Ok(())
    }

    fn scores(&self) -> Vec<f64> {
        G::scores(&self.state).0.iter().map(|s| s + 0.0).collect()
    }

    fn config(&self) -> &serde_json::Value {
        &self.log.config
    }

    fn entries(&self) -> &[Entry] {
        &self.journal
    }

    fn watch_state(&self, since: usize) -> crate::watch::WatchState {
        let screens: Vec<Screen> = (0..self.seats.len())
            .map(|i| G::view(&self.state, Seat(i as u8)).screen())
            .collect();
        let from = since.min(self.public.len());
        crate::watch::WatchState {
            game: G::NAME,
            title: G::TITLE,
            players: self.seats.len(),
            seats: self.seats.clone(),
            names: self.names.clone(),
            version: self.version,
            screen: crate::watch::public_screen(&screens, G::TITLE.to_owned()),
            screen_messages: (0..self.seats.len())
                .map(|i| G::view(&self.state, Seat(i as u8)).screen_messages())
                .collect::<Option<Vec<_>>>()
                .map(|all| crate::watch::public_screen(&all, crate::i18n::title_message(G::NAME))),
            layout: public_layout::<G>(&self.state, self.seats.len()),
            to_move: G::to_move(&self.state).map(|s| s.0),
            phase: self.state.phase(),
            narration_from: from,
            narration: self.public[from..].to_vec(),
            narration_messages: self.public[from..]
                .iter()
                .map(|l| self.told.get(l).cloned())
                .collect(),
            scores: Table::scores(self),
            deals: self.deals.clone(),
            waiting_for_next_deal: self.waiting,
            match_over: G::to_move(&self.state).is_none(),
            dealing: self.dealing(),
            scoring: scoring_word::<G>(),
            scores_explain: G::words().scores,
            config: self.log.config.clone(),
        }
    }

    fn set_seat(
        &mut self,
        seat: Seat,
        kind: SeatKind,
        token: Option<String>,
    ) -> Result<(), ApiError> {
        let i = usize::from(seat.0);
        let Some(now) = self.seats.get(i) else {
            return Err(ApiError::not_found(
                Message::new("serve-error-no-seat").text("seat", i),
            ));
        };
        if *now == kind {
            // A person's seat given a new link by its host: the leaked old one stops opening
            // it, and every seat is told.
            if kind == SeatKind::Person && token.is_some() {
                let line = self.compose(
                    cards_core::text::Message::new("serve-line-new-link").text("seat", seat),
                );
                for lines in self.narration.iter_mut().chain([&mut self.public]) {
                    lines.push(line.clone());
                }
                self.journal.push(Entry::Seat {
                    seat: seat.0,
                    kind,
                    token,
                });
                self.version += 1;
                return Ok(());
            }
            return Err(ApiError::conflict(
                Message::new("serve-error-seated-so").text("seat", seat),
            ));
        }
        let line = match &kind {
            SeatKind::Person => {
                self.bots[i] = None;
                self.compose(
                    cards_core::text::Message::new("serve-line-to-person").text("seat", seat),
                )
            }
            SeatKind::Bot(spec) => {
                self.bots[i] = if self.inert {
                    None
                } else {
                    Some(self.make_bot(seat, spec)?)
                };
                self.compose(
                    cards_core::text::Message::new("serve-line-to-bot")
                        .text("spec", spec)
                        .text("seat", seat),
                )
            }
        };
        self.seats[i] = kind.clone();
        self.reseated[i] = true;
        // A seat changed hands: the moves before it stand.
        self.undo = None;
        if let Some(r) = self.ready.get_mut(i) {
            *r = false;
        }
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Seat {
            seat: seat.0,
            kind,
            token,
        });
        // A table that waited for this person's next deal may start it now.
        if self.waiting && self.waits_for().is_empty() {
            self.waiting = false;
            self.ready.fill(false);
            self.ended.fill(None);
        }
        self.version += 1;
        self.moved += 1;
        Ok(())
    }

    fn set_name(&mut self, seat: Seat, name: &str) -> Result<(), ApiError> {
        let i = usize::from(seat.0);
        let Some(place) = self.names.get_mut(i) else {
            return Err(ApiError::not_found(
                Message::new("serve-error-no-seat").text("seat", i),
            ));
        };
        *place = Some(name.to_owned());
        if let Some(n) = self.renamed.get_mut(i) {
            *n += 1;
        }
        let line = self.compose(
            cards_core::text::Message::new("serve-line-named")
                .text("seat", seat)
                .text("name", name),
        );
        for lines in self.narration.iter_mut().chain([&mut self.public]) {
            lines.push(line.clone());
        }
        self.journal.push(Entry::Name {
            seat: seat.0,
            name: name.to_owned(),
        });
        self.version += 1;
        Ok(())
    }

    fn names(&self) -> &[Option<String>] {
        &self.names
    }

    fn renames(&self, seat: Seat) -> usize {
        self.renamed.get(usize::from(seat.0)).copied().unwrap_or(0)
    }

    fn review(&self, step: usize) -> Result<crate::answers::ReviewStep, ApiError> {
        let log = self.log()?;
        let steps = log.actions.len();
        if step > steps {
            return Err(ApiError::not_found(
                Message::new("serve-error-no-step")
                    .text("step", step)
                    .text("steps", steps),
            ));
        }
        let config = cards_core::GameState::config(&self.state);
        let mut state = <G::State as cards_core::GameState>::new_seeded(config, log.seed)
            .map_err(|e| ApiError::internal(&e))?;
        let mut lines: Vec<String> = G::opening(&state).iter().map(ToString::to_string).collect();
        let mut line_messages: Vec<Option<cards_core::text::Message>> =
            G::opening(&state).iter().map(GameEvent::message).collect();
        let mut seat = None;
        for text in log.actions.iter().take(step) {
            seat = G::to_move(&state).map(|s| s.0);
            let action = G::parse_action(&state, text)
                .map_err(|e| ApiError::unprocessable(format!("stored action {text:?}: {e}")))?;
            let events = G::apply(&mut state, &action).map_err(|e| ApiError::internal(&e))?;
            lines = events.iter().map(ToString::to_string).collect();
            line_messages = events.iter().map(GameEvent::message).collect();
        }
        Ok(crate::answers::ReviewStep {
            game: G::NAME,
            title: G::TITLE,
            step,
            steps,
            action: step
                .checked_sub(1)
                .and_then(|i| log.actions.get(i).cloned()),
            seat,
            lines,
            line_messages,
            screens: (0..self.seats.len())
                .map(|i| G::view(&state, Seat(i as u8)).screen())
                .collect(),
            screen_messages: (0..self.seats.len())
                .map(|i| G::view(&state, Seat(i as u8)).screen_messages())
                .collect(),
            layout: public_layout::<G>(&state, self.seats.len()),
            scores: G::scores(&state).0.iter().map(|s| s + 0.0).collect(),
            names: self.names.clone(),
            opens: {
                let d = self.dealing();
                match (d.seed, d.salt, d.commitment) {
                    (Some(seed), Some(salt), Some(promised)) => {
                        Some(crate::fair::verify(seed, &salt, &promised).is_ok())
                    }
                    _ => None,
                }
            },
            dealing: self.dealing(),
        })
    }
}

/// How the scores of `G` read: `points` or `penalties`.
fn scoring_word<G: Catalog>() -> &'static str {
    match G::words().scoring {
        cards_core::Scoring::Points => "points",
        cards_core::Scoring::Penalties => "penalties",
    }
}

/// The table's layout as everyone sees it: seat 0's, when every seat's is the same (a layout
/// holds public facts only, [`cards_core::GameView::layout`]), else an empty one, so that a
/// game whose layout told one seat more than another shows the watch page nothing of it.
fn public_layout<G: Catalog>(state: &G::State, players: usize) -> cards_core::layout::Layout {
    let mut seats = (0..players).map(|i| G::view(state, Seat(i as u8)).layout());
    let first = seats.next().unwrap_or_default();
    if seats.all(|l| l == first) {
        first
    } else {
        cards_core::layout::Layout::default()
    }
}
