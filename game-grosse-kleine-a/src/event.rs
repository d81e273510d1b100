//! What happened, for narration, logs and snapshots.

use std::fmt;

use cards_core::Seat;
use cards_core::text::Message;
use serde::Serialize;

use crate::action::{Action, Play};
use crate::cards::{ACard, Cards};
use crate::rules::MAX_PLAYERS;

/// Values per seat, in seat order, held inline (nine at most, the most players at a
/// table, A2): the lists of [`Event::HandEnded`] and [`Event::MatchEnded`]. It reads
/// as a slice (`Deref<Target = [T]>`); its `Debug` and serde forms are a list's, as a `Vec`'s
/// are.
#[derive(Clone, Copy)]
pub struct BySeat<T> {
    len: u8,
    values: [T; MAX_PLAYERS],
}

impl<T: Copy> BySeat<T> {
    /// The values of `values` in seat order, the first nine of them at most; `blank` fills the room left over (never read).
    pub fn new(blank: T, values: impl IntoIterator<Item = T>) -> BySeat<T> {
        let mut list = BySeat {
            len: 0,
            values: [blank; MAX_PLAYERS],
        };
        for (slot, v) in list.values.iter_mut().zip(values) {
            *slot = v;
            list.len += 1;
        }
        list
    }
}

impl<T> BySeat<T> {
    /// The values as a slice.
    pub fn as_slice(&self) -> &[T] {
        // `len` is at most MAX_PLAYERS (set only by `new`).
        self.values
            .get(..usize::from(self.len))
            .unwrap_or(&self.values)
    }
}

impl<T: Copy + Default> BySeat<T> {
    /// The values of `values`, the first nine of them at most.
    pub fn from_slice(values: &[T]) -> BySeat<T> {
        values.iter().copied().collect()
    }
}

impl<T: Copy + Default> FromIterator<T> for BySeat<T> {
    /// The first nine values of the iterator at most.
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> BySeat<T> {
        BySeat::new(T::default(), iter)
    }
}

impl<T> std::ops::Deref for BySeat<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: fmt::Debug> fmt::Debug for BySeat<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: PartialEq> PartialEq for BySeat<T> {
    fn eq(&self, other: &BySeat<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq> Eq for BySeat<T> {}

impl<T: PartialEq> PartialEq<[T]> for BySeat<T> {
    fn eq(&self, other: &[T]) -> bool {
        self.as_slice() == other
    }
}

impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for BySeat<T> {
    fn eq(&self, other: &[T; N]) -> bool {
        self.as_slice() == other
    }
}

impl<T: PartialEq> PartialEq<Vec<T>> for BySeat<T> {
    fn eq(&self, other: &Vec<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: PartialEq> PartialEq<BySeat<T>> for Vec<T> {
    fn eq(&self, other: &BySeat<T>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Serialize> Serialize for BySeat<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

/// Where the cards of a finished round went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Take {
    /// A normal round: the cards go out of play (A4).
    OutOfPlay,
    /// A little-a round: the trick goes to the taker's penalty pile (A7).
    PenaltyPile {
        /// The cards of the trick.
        cards: Cards,
        /// Their penalty points (joker 1, little a 0).
        points: u16,
    },
    /// A Big A round: the trick goes into the taker's hand (A7).
    IntoHand {
        /// The cards of the trick.
        cards: Cards,
    },
}

/// One thing that happened. `Display` is one line of narration with seats as `S0`, `S1`, ...;
/// [`Event::narrate`] uses names instead.
// No variant owns memory (the per-seat lists are inline, `BySeat`): the playout loops clear
// their events after every action, and clearing then drops nothing and frees nothing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[repr(u8)]
pub enum Event {
    /// A hand was dealt and starts.
    HandStarted {
        /// The hand's number, from 1.
        hand: u16,
        /// Who leads its first round (A3).
        leader: Seat,
    },
    /// A seat's cards for the hand (hidden from the other seats).
    Dealt {
        /// The seat.
        seat: Seat,
        /// The cards; `None` in another seat's redacted copy.
        cards: Option<Cards>,
        /// How many cards.
        count: u8,
    },
    /// A leader who holds only A cards that may not be led yet passes the lead (A8).
    LeadPassed {
        /// The skipped leader.
        seat: Seat,
        /// The round.
        round: u16,
    },
    /// A round was led.
    Led {
        /// The leader.
        seat: Seat,
        /// The round's number in the hand, from 1.
        round: u16,
        /// What was led.
        action: Action,
    },
    /// A raise in a normal round (A4).
    Raised {
        /// Who raised.
        seat: Seat,
        /// The cards.
        play: Play,
    },
    /// A card played to an A round (A7).
    Followed {
        /// Who played.
        seat: Seat,
        /// The card.
        play: Play,
    },
    /// A pass.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// A round ended.
    RoundWon {
        /// The player who made the highest play (or took the A trick).
        seat: Seat,
        /// The round.
        round: u16,
        /// Where the cards went.
        take: Take,
    },
    /// An A card was handed out from the middle of the table (A5).
    TookA {
        /// Who takes it.
        seat: Seat,
        /// Which A.
        card: ACard,
    },
    /// A hand ended and was scored (A9).
    HandEnded {
        /// The hand's number, from 1.
        hand: u16,
        /// Penalty points of the hand, per seat.
        penalties: BySeat<u16>,
        /// Match totals after the hand, per seat.
        totals: BySeat<u32>,
    },
    /// The match ended (A10).
    MatchEnded {
        /// Final totals per seat.
        totals: BySeat<u32>,
        /// The winner or winners (lowest total).
        winners: BySeat<Seat>,
    },
}

impl Event {
    /// The event as `seat` sees it: another seat's dealt cards are hidden, the rest is public.
    pub(crate) fn redacted(&self, seat: Seat) -> Event {
        match self {
            Event::Dealt {
                seat: s,
                cards: Some(_),
                count,
            } if *s != seat => Event::Dealt {
                seat: *s,
                cards: None,
                count: *count,
            },
            e => e.clone(),
        }
    }
}

struct Named<'a> {
    event: &'a Event,
    names: &'a [&'a str],
}

impl Event {
    /// The narration with seat names (seats without a name are shown as `S0`, `S1`, ...).
    pub fn narrate(&self, names: &[&str]) -> String {
        Named { event: self, names }.to_string()
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Named {
            event: self,
            names: &[],
        }
        .fmt(f)
    }
}

#[derive(Clone, Copy)]
struct Who<'a>(Seat, &'a [&'a str]);

impl fmt::Display for Who<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.1.get(self.0.index()) {
            Some(n) => f.write_str(n),
            None => self.0.fmt(f),
        }
    }
}

fn per_seat(
    f: &mut fmt::Formatter<'_>,
    values: &[impl fmt::Display],
    names: &[&str],
) -> fmt::Result {
    for (i, v) in values.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{} {v}", Who(Seat(i as u8), names))?;
    }
    Ok(())
}

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.names;
        match self.event {
            Event::HandStarted { hand, leader } => {
                write!(f, "hand {hand}: {} leads the first round", Who(*leader, n))
            }
            Event::Dealt { seat, cards, count } => match cards {
                Some(c) => write!(f, "{} is dealt {c}", Who(*seat, n)),
                None => write!(f, "{} is dealt {count} cards", Who(*seat, n)),
            },
            Event::LeadPassed { seat, round } => write!(
                f,
                "round {round}: {} holds only A cards that may not be led yet and passes the lead (A8)",
                Who(*seat, n)
            ),
            Event::Led {
                seat,
                round,
                action,
            } => match action {
                Action::LeadA(a) => write!(f, "round {round}: {} leads the {a}", Who(*seat, n)),
                _ => write!(f, "round {round}: {} leads {action}", Who(*seat, n)),
            },
            Event::Raised { seat, play } => write!(f, "{} raises with {play}", Who(*seat, n)),
            Event::Followed { seat, play } => {
                if play.naturals() == 0 {
                    write!(f, "{} plays {play} (rank 1 in an A round)", Who(*seat, n))
                } else {
                    write!(f, "{} plays {play}", Who(*seat, n))
                }
            }
            Event::Passed { seat } => write!(f, "{} passes", Who(*seat, n)),
            Event::RoundWon { seat, round, take } => round_won(f, Who(*seat, n), *round, take),
            Event::TookA { seat, card } => {
                write!(f, "{} takes the {card} into hand (A5)", Who(*seat, n))
            }
            Event::HandEnded {
                hand,
                penalties,
                totals,
            } => {
                write!(f, "hand {hand} ends; penalties: ")?;
                per_seat(f, penalties, n)?;
                f.write_str("; totals: ")?;
                per_seat(f, totals, n)
            }
            Event::MatchEnded { totals, winners } => match_ended(f, totals, winners, n),
        }
    }
}

/// The narration of a finished round: who took it and where its cards went.
fn round_won(f: &mut fmt::Formatter<'_>, who: Who<'_>, round: u16, take: &Take) -> fmt::Result {
    match take {
        Take::OutOfPlay => write!(f, "{who} wins round {round}; the cards go out of play"),
        Take::PenaltyPile { cards, points } => write!(
            f,
            "{who} takes the little a trick of round {round} ({cards}) into a penalty pile worth {points}"
        ),
        Take::IntoHand { cards } => write!(
            f,
            "{who} takes the Big A trick of round {round} ({cards}) into hand"
        ),
    }
}

/// The narration of the match's end: the totals and the winner or winners.
fn match_ended(
    f: &mut fmt::Formatter<'_>,
    totals: &[u32],
    winners: &[Seat],
    names: &[&str],
) -> fmt::Result {
    f.write_str("the match ends; totals: ")?;
    per_seat(f, totals, names)?;
    f.write_str(if winners.len() > 1 {
        "; winners: "
    } else {
        "; winner: "
    })?;
    for (i, w) in winners.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{}", Who(*w, names))?;
    }
    Ok(())
}

/// The catalogue message of an A card's name (`little a`, `Big A`).
pub(crate) fn a_card_message(card: ACard) -> Message {
    Message::new(match card {
        ACard::Little => "gka-card-little",
        ACard::Big => "gka-card-big",
    })
}

/// Values by seat, `S0 5, S1 0`, as the narration lists them.
fn by_seat(values: &[impl fmt::Display]) -> String {
    (values.iter().enumerate())
        .map(|(i, v)| format!("{} {v}", Seat(i as u8)))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Event {
    /// This event's narration as a catalogue message: its `Display` in English, and in the
    /// reader's language where a front end formats it ([`cards_core::GameEvent::message`]).
    pub fn message(&self) -> Message {
        match self {
            Event::HandStarted { hand, leader } => Message::new("gka-hand-started")
                .number("hand", *hand)
                .text("seat", leader),
            Event::Dealt { seat, cards, count } => match cards {
                Some(c) => Message::new("gka-dealt")
                    .text("seat", seat)
                    .text("cards", c),
                None => Message::new("gka-dealt-hidden")
                    .text("seat", seat)
                    .number("count", *count),
            },
            Event::LeadPassed { seat, round } => Message::new("gka-lead-passed")
                .number("round", *round)
                .text("seat", seat),
            Event::Led {
                seat,
                round,
                action,
            } => match action {
                Action::LeadA(a) => Message::new("gka-led-a")
                    .number("round", *round)
                    .text("seat", seat)
                    .arg("card", a_card_message(*a)),
                _ => Message::new("gka-led")
                    .number("round", *round)
                    .text("seat", seat)
                    .text("play", action),
            },
            Event::Raised { seat, play } => Message::new("gka-raised")
                .text("seat", seat)
                .text("play", play),
            Event::Followed { seat, play } => Message::new(if play.naturals() == 0 {
                "gka-followed-rank-one"
            } else {
                "gka-followed"
            })
            .text("seat", seat)
            .text("play", play),
            Event::Passed { seat } => Message::new("gka-passed").text("seat", seat),
            Event::RoundWon { seat, round, take } => {
                let m = match take {
                    Take::OutOfPlay => Message::new("gka-round-won"),
                    Take::PenaltyPile { cards, points } => Message::new("gka-round-won-pile")
                        .text("cards", cards)
                        .number("points", *points),
                    Take::IntoHand { cards } => {
                        Message::new("gka-round-won-hand").text("cards", cards)
                    }
                };
                m.text("seat", seat).number("round", *round)
            }
            Event::TookA { seat, card } => Message::new("gka-took-a")
                .text("seat", seat)
                .arg("card", a_card_message(*card)),
            Event::HandEnded {
                hand,
                penalties,
                totals,
            } => Message::new("gka-hand-ended")
                .number("hand", *hand)
                .text("penalties", by_seat(penalties))
                .text("totals", by_seat(totals)),
            Event::MatchEnded { totals, winners } => {
                let names: Vec<String> = winners.iter().map(ToString::to_string).collect();
                Message::new("gka-match-ended")
                    .text("totals", by_seat(totals))
                    .text("many", if winners.len() > 1 { "yes" } else { "no" })
                    .text("winners", names.join(", "))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_list_by_seat_reads_and_writes_as_a_vec_does() {
        let list: BySeat<u32> = [3, 0, 40].into_iter().collect();
        let vec = vec![3u32, 0, 40];
        assert_eq!(list.as_slice(), &vec[..]);
        assert_eq!(format!("{list:?}"), format!("{vec:?}"));
        assert_eq!(
            serde_json::to_string(&list).unwrap(),
            serde_json::to_string(&vec).unwrap()
        );
        assert_eq!(list, vec);
        assert_eq!(vec, list);
        assert_eq!(BySeat::from_slice(&vec), list);
        // Nine values at most.
        let long: BySeat<u16> = (0..12).collect();
        assert_eq!(long.len(), MAX_PLAYERS);
        let winners = BySeat::new(Seat(0), [Seat(2)]);
        assert_eq!(winners, [Seat(2)]);
        assert!(BySeat::new(Seat(0), []).is_empty());
    }
}
