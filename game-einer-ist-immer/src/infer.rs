//! What the inferring expert ([`cards_core::search::Inferring`]) records of a hand, and how it
//! rebuilds a world's hand as it stood when its first trick was led.

use cards_core::Seat;

use crate::action::Action;
use crate::cards::Cards;
use crate::event::Event;
use crate::state::State;

/// The public record of the hand in progress, as one seat saw it: every play and pass of its
/// tricks in order, with who made it (the first is the first trick's lead).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRecord {
    actions: Vec<(Seat, Action)>,
}

impl HandRecord {
    /// The plays and passes of the hand so far, with who made each.
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }

    /// Adds the events of one action.
    pub(crate) fn note(&mut self, events: &[Event]) {
        for e in events {
            match *e {
                Event::HandStarted { .. } => self.actions.clear(),
                Event::Played { seat, play, .. } => self.actions.push((seat, Action::Play(play))),
                Event::Passed { seat } => self.actions.push((seat, Action::Pass)),
                _ => {}
            }
        }
    }

    /// The hand in `world` as it stood when its first trick was led (after any exchange, E8):
    /// each hand of the world with what its seat has played put back, nobody out, the first
    /// recorded player to lead. `None` when the record is empty.
    pub(crate) fn replay_start(&self, world: &State) -> Option<State> {
        let &(leader, _) = self.actions.first()?;
        let mut start = world.clone();
        for s in Seat::all(world.config.players) {
            let i = s.index();
            let played = world.played[i];
            start.hands[i].add_all(&played);
            start.played[i] = Cards::EMPTY;
        }
        start.pile = Cards::EMPTY;
        start.table = Cards::EMPTY;
        start.leader = leader;
        start.turn = Some(leader);
        start.top = None;
        start.trick.clear();
        start.finished.clear();
        Some(start)
    }
}
