//! Bots, and the loop that lets them play.

use std::fmt;

use crate::game::Game;
use crate::game::GameConfig;
use crate::game::GameEvent;
use crate::game::GameState;
use crate::rng::{GameRng, below};
use crate::seat::{PerSeat, Seat};

/// What a bot is shown when it must decide: its seat, its view, the legal actions, and a
/// determinizer. It never sees the true state.
pub struct Decision<'a, G: Game> {
    state: &'a G::State,
    seat: Seat,
    legal: &'a [G::Action],
}

impl<G: Game> fmt::Debug for Decision<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Decision")
            .field("seat", &self.seat)
            .field("legal", &self.legal)
            .finish_non_exhaustive()
    }
}

impl<'a, G: Game> Decision<'a, G> {
    /// The decision of `seat` in `state` over the `legal` actions.
    pub fn new(state: &'a G::State, seat: Seat, legal: &'a [G::Action]) -> Self {
        Decision { state, seat, legal }
    }

    /// The seat that decides.
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions (never empty).
    pub fn legal(&self) -> &'a [G::Action] {
        self.legal
    }

    /// The rules being played (public to every seat).
    pub fn config(&self) -> &'a G::Config {
        self.state.config()
    }

    /// The kind of decision ([`crate::GameState::phase`]; public to every seat).
    pub fn phase(&self) -> &'static str {
        self.state.phase()
    }

    /// What the seat sees.
    pub fn view(&self) -> G::View {
        G::view(self.state, self.seat)
    }

    /// A full state consistent with what the seat knows (for search bots).
    pub fn determinize(&self, rng: &mut GameRng) -> G::State {
        self.state.determinize(self.seat, rng)
    }

    /// The protocol's decision message for this seat (`docs/protocol.md`): the decision's
    /// `id` (the caller counts the decisions it asks one program), its view, the `events` it
    /// saw since its last decision, the phase, the legal actions by index and notation, and its
    /// time budget. Built from the view and the legal list only, so it holds nothing the seat
    /// may not see.
    pub fn message(
        &self,
        id: u64,
        events: Vec<String>,
        budget_ms: u64,
    ) -> crate::protocol::Message {
        crate::protocol::Message::Decide {
            id,
            view: serde_json::to_value(self.view()).unwrap_or(serde_json::Value::Null),
            events,
            phase: self.phase().to_owned(),
            legal: self
                .legal
                .iter()
                .enumerate()
                .map(|(index, a)| crate::protocol::LegalAction {
                    index,
                    action: a.to_string(),
                })
                .collect(),
            budget_ms,
        }
    }

    /// The same decision over `legal` instead, for a bot that has ruled some actions out
    /// and lets another bot choose among the rest. `legal` should be a non-empty part of
    /// [`Decision::legal`], in its order (a search bot matches its tree to it); the chosen
    /// index is then one into `legal`.
    pub fn narrowed<'b>(&self, legal: &'b [G::Action]) -> Decision<'b, G>
    where
        'a: 'b,
    {
        Decision {
            state: self.state,
            seat: self.seat,
            legal,
        }
    }
}

/// A player program. It sees only a [`Decision`]: its view, the legal actions, a determinizer.
pub trait Bot<G: Game>: Send {
    /// The bot's kind, e.g. `random`.
    fn name(&self) -> &str;

    /// The index in `decision.legal()` of the chosen action.
    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize;

    /// Search iterations run over all decisions so far (0 for a bot that does not search).
    fn iterations(&self) -> u64 {
        0
    }

    /// Whether the bot wants [`Bot::observe`] called after every action (redacting events
    /// for it has a cost, so only bots that ask are shown them).
    fn observes(&self) -> bool {
        false
    }

    /// The events of one action as `seat` (the bot's seat) sees them ([`crate::GameEvent::redact`]),
    /// called after every action when [`Bot::observes`].
    fn observe(&mut self, _seat: Seat, _events: &[G::Event]) {}

    /// The match is over with these scores; called once at its end when [`Bot::observes`].
    fn finish(&mut self, _seat: Seat, _scores: &PerSeat<f64>) {}

    /// Faults so far (a bot program that crashed, hung or answered badly; 0 for others).
    fn faults(&self) -> u64 {
        0
    }
}

impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        (**self).choose(decision, rng)
    }

    fn iterations(&self) -> u64 {
        (**self).iterations()
    }

    fn observes(&self) -> bool {
        (**self).observes()
    }

    fn observe(&mut self, seat: Seat, events: &[G::Event]) {
        (**self).observe(seat, events);
    }

    fn finish(&mut self, seat: Seat, scores: &PerSeat<f64>) {
        (**self).finish(seat, scores);
    }

    fn faults(&self) -> u64 {
        (**self).faults()
    }
}

/// Chooses uniformly among the legal actions.
#[derive(Clone, Copy, Debug, Default)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        below(rng, decision.legal().len() as u64) as usize
    }
}

/// An engine defect found while playing a match out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The match did not end within [`crate::GameConfig::max_actions`].
    #[error("the match did not end within {limit} actions")]
    TooLong {
        /// The bound that was passed.
        limit: usize,
    },
    /// A seat was to move with no legal action.
    #[error("{seat} is to move but has no legal action")]
    NoLegalAction {
        /// The seat to move.
        seat: Seat,
    },
}

/// Lets `bots` (one per seat) play `state` to the end. Returns the number of actions taken.
/// Events are pushed onto `events` when it is given.
///
/// # Errors
/// When the match runs past [`crate::GameConfig::max_actions`] or a seat to move has no legal action,
/// both engine defects.
pub fn play_out<G: Game, B: Bot<G>>(
    state: &mut G::State,
    bots: &mut PerSeat<B>,
    rng: &mut GameRng,
    events: Option<&mut Vec<G::Event>>,
) -> Result<usize, PlayError> {
    play_out_with(state, bots, rng, events, &mut PlayBuffers::default())
}

/// The buffers of [`play_out_with`]: the legal actions of a decision and the events of an
/// action. A caller that plays many deals keeps one and passes it to each (making them anew
/// is two allocations and two frees a deal: about 10 instructions an action of a random Cego
/// playout). What they hold between plays is never read.
pub struct PlayBuffers<G: Game> {
    /// The legal actions of the decision being taken.
    legal: Vec<G::Action>,
    /// The events of the action just applied (when the caller does not collect them).
    scratch: Vec<G::Event>,
}

impl<G: Game> std::fmt::Debug for PlayBuffers<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PlayBuffers")
            .field("legal", &self.legal.len())
            .field("scratch", &self.scratch.len())
            .finish()
    }
}

impl<G: Game> Default for PlayBuffers<G> {
    fn default() -> Self {
        PlayBuffers {
            legal: Vec::new(),
            scratch: Vec::new(),
        }
    }
}

/// [`play_out`] with buffers kept by the caller ([`PlayBuffers`]): the same plays, the same
/// draws.
///
/// # Errors
/// As [`play_out`].
pub fn play_out_with<G: Game, B: Bot<G>>(
    state: &mut G::State,
    bots: &mut PerSeat<B>,
    rng: &mut GameRng,
    mut events: Option<&mut Vec<G::Event>>,
    buffers: &mut PlayBuffers<G>,
) -> Result<usize, PlayError> {
    let limit = state.config().max_actions();
    // Taken into locals for the play and given back after it: the loop then works on vectors
    // of its own, as it did before buffers were kept (through the references, the inlined
    // legal-move generators of some games reloaded the vector at each push: +2% an action).
    let mut legal = std::mem::take(&mut buffers.legal);
    let mut scratch = std::mem::take(&mut buffers.scratch);
    let observing: Vec<Seat> = bots
        .iter()
        .filter(|(_, b)| b.observes())
        .map(|(s, _)| s)
        .collect();
    let mut n = 0;
    let outcome = 'play: {
        while let Some(seat) = G::to_move(state) {
            if n >= limit {
                break 'play Err(PlayError::TooLong { limit });
            }
            G::legal_actions_into(state, &mut legal);
            if legal.is_empty() {
                break 'play Err(PlayError::NoLegalAction { seat });
            }
            let i = {
                let d = Decision::<G>::new(state, seat, &legal);
                bots[seat].choose(&d, rng)
            };
            let action = &legal[i.min(legal.len() - 1)];
            let new_events = if let Some(ev) = events.as_deref_mut() {
                let from = ev.len();
                G::apply_unchecked(state, action, ev);
                &ev[from..]
            } else {
                scratch.clear();
                G::apply_unchecked(state, action, &mut scratch);
                &scratch[..]
            };
            for &s in &observing {
                let seen: Vec<G::Event> = new_events.iter().filter_map(|e| e.redact(s)).collect();
                bots[s].observe(s, &seen);
            }
            n += 1;
        }
        if !observing.is_empty() {
            let scores = G::scores(state);
            for &s in &observing {
                bots[s].finish(s, &scores);
            }
        }
        Ok(n)
    };
    buffers.legal = legal;
    buffers.scratch = scratch;
    outcome
}
