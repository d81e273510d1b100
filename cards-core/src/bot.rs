//! Bots, and the loop that lets them play.

use std::fmt;

use crate::game::Game;
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

    /// What the seat sees.
    pub fn view(&self) -> G::View {
        G::view(self.state, self.seat)
    }

    /// A full state consistent with what the seat knows (for search bots).
    pub fn determinize(&self, rng: &mut GameRng) -> G::State {
        G::determinize(self.state, self.seat, rng)
    }
}

/// A player program. It sees only a [`Decision`]: its view, the legal actions, a determinizer.
pub trait Bot<G: Game>: Send {
    /// The bot's kind, e.g. `random`.
    fn name(&self) -> &str;

    /// The index in `decision.legal()` of the chosen action.
    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize;
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

/// The bot kinds every game offers.
pub const BOT_KINDS: [&str; 2] = ["random", "heuristic"];

/// A bot of a kind (`random` or `heuristic`), `None` for an unknown kind.
pub fn make_bot<G: Game>(kind: &str) -> Option<Box<dyn Bot<G>>> {
    match kind {
        "random" => Some(Box::new(RandomBot)),
        "heuristic" => Some(G::heuristic_bot()),
        _ => None,
    }
}

/// An engine defect found while playing a match out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The match did not end within [`Game::max_actions`].
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
/// When the match runs past [`Game::max_actions`] or a seat to move has no legal action,
/// both engine defects.
pub fn play_out<G: Game>(
    state: &mut G::State,
    bots: &mut PerSeat<Box<dyn Bot<G>>>,
    rng: &mut GameRng,
    mut events: Option<&mut Vec<G::Event>>,
) -> Result<usize, PlayError> {
    let limit = G::max_actions(G::config(state));
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let mut n = 0;
    while let Some(seat) = G::to_move(state) {
        if n >= limit {
            return Err(PlayError::TooLong { limit });
        }
        G::legal_actions_into(state, &mut legal);
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction { seat });
        }
        let i = {
            let d = Decision::<G>::new(state, seat, &legal);
            bots[seat].choose(&d, rng)
        };
        let action = &legal[i.min(legal.len() - 1)];
        if let Some(ev) = events.as_deref_mut() {
            G::apply_unchecked(state, action, ev);
        } else {
            scratch.clear();
            G::apply_unchecked(state, action, &mut scratch);
        }
        n += 1;
    }
    Ok(n)
}
