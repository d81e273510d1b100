//! What the inferring expert ([`cards_core::search::Inferring`]) records of a hand, and how it
//! rebuilds a world's hand as it was dealt.

use cards_core::Seat;

use crate::action::Action;
use crate::cards::Cards;
use crate::event::{Event, Take};
use crate::rules::MAX_PLAYERS;
use crate::state::{Deal, State};

/// The public record of the hand in progress, as one seat saw it: every action in order
/// (the first is the first leader's) and the cards each seat received (the A cards handed
/// out, A5, and the Big A tricks taken into a hand, A7).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HandRecord {
    actions: Vec<(Seat, Action)>,
    received: [Cards; MAX_PLAYERS],
}

impl HandRecord {
    /// The actions of the hand so far, with who took each.
    pub fn actions(&self) -> &[(Seat, Action)] {
        &self.actions
    }

    /// Adds the events of one action.
    pub(crate) fn note(&mut self, events: &[Event]) {
        for e in events {
            match *e {
                Event::HandStarted { .. } => *self = HandRecord::default(),
                Event::TookA { seat, card } => {
                    if let Some(r) = self.received.get_mut(seat.index()) {
                        r.add(card.slot(), 1);
                    }
                }
                Event::RoundWon {
                    seat,
                    take: Take::IntoHand { cards },
                    ..
                } => {
                    if let Some(r) = self.received.get_mut(seat.index()) {
                        r.add_all(&cards);
                    }
                }
                Event::Led { seat, action, .. } => self.actions.push((seat, action)),
                Event::Raised { seat, play } | Event::Followed { seat, play } => {
                    self.actions.push((seat, Action::Play(play)));
                }
                Event::Passed { seat } | Event::LeadPassed { seat, .. } => {
                    self.actions.push((seat, Action::Pass));
                }
                _ => {}
            }
        }
    }

    /// The hand as dealt in `world`: each hand of the world with what its seat has played put
    /// back and what it received taken out, the first recorded player to lead round 1. `None`
    /// when the record is empty or the world's hands cannot have come from it.
    pub(crate) fn replay_start(&self, world: &State) -> Option<State> {
        let &(leader, _) = self.actions.first()?;
        let d = &world.deal;
        let mut hands = d.hands;
        for (seat, action) in &self.actions {
            hands.get_mut(seat.index())?.add_all(&action.cards());
        }
        for s in Seat::all(d.players()) {
            let i = s.index();
            let h = &mut hands[i];
            if !h.contains_all(&self.received[i]) {
                return None;
            }
            h.take_all_saturating(&self.received[i]);
        }
        let mut start = world.clone();
        start.deal = Deal::with_hands(d.players, &hands[..d.players()], leader);
        Some(start)
    }
}
