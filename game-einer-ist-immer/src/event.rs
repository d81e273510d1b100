//! What happens in a match, for narration, logs and snapshots.

use std::fmt;

use cards_core::Seat;
use cards_core::text::Message;
use serde::Serialize;

use crate::action::Play;
use crate::cards::Cards;

/// Why a seat leads a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum LeadReason {
    /// Hand 1: the player to the dealer's left (E2).
    DealersLeft,
    /// Later hands: the Boss leads the first trick (E8).
    Boss,
    /// Hand 1, the trick's winner is out: the next player clockwise holding cards (E6).
    NextClockwise,
    /// Later hands, the winner is out: the winner's direct superior (E6).
    DirectSuperior,
    /// Later hands, the winner and their superior are out: the direct subordinate (E6).
    DirectSubordinate,
    /// Later hands, all three are out: the highest-ranking player holding cards (E6).
    HighestRanking,
}

impl LeadReason {
    /// The reason in words, with its ruling.
    pub const fn describe(self) -> &'static str {
        match self {
            LeadReason::DealersLeft => "left of the dealer, E2",
            LeadReason::Boss => "the Boss leads, E8",
            LeadReason::NextClockwise => "next clockwise holding cards, E6",
            LeadReason::DirectSuperior => "the winner's direct superior, E6",
            LeadReason::DirectSubordinate => "the winner's direct subordinate, E6",
            LeadReason::HighestRanking => "the highest-ranking player holding cards, E6",
        }
    }
}

/// One thing that happened. `Display` is one line of narration.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A hand begins: its number, the dealer, the seats in clockwise chair order.
    HandStarted {
        /// The hand's number, from 1.
        hand: u32,
        /// Who dealt.
        dealer: Seat,
        /// The seats clockwise from chair 0.
        chairs: Vec<Seat>,
    },
    /// Hand 1: the jokers are set aside (E2).
    JokersSetAside {
        /// How many.
        count: u8,
    },
    /// A seat received its cards (the cards are seen by that seat only).
    Dealt {
        /// Who.
        seat: Seat,
        /// How many cards.
        count: u8,
        /// The cards, `None` when redacted.
        cards: Option<Cards>,
    },
    /// One side of an exchange (E8): seen by the two players who swap only.
    Exchanged {
        /// The giver.
        from: Seat,
        /// The receiver.
        to: Seat,
        /// How many cards.
        count: u8,
        /// The cards, `None` when redacted.
        cards: Option<Cards>,
    },
    /// A seat leads a trick.
    Leads {
        /// Who.
        seat: Seat,
        /// Why it is their lead.
        reason: LeadReason,
    },
    /// A seat played cards (a lead when the trick was empty).
    Played {
        /// Who.
        seat: Seat,
        /// What.
        play: Play,
        /// Whether it was the trick's lead.
        lead: bool,
    },
    /// A seat passed.
    Passed {
        /// Who.
        seat: Seat,
    },
    /// The lap is over: the last to play wins the trick (E3).
    TrickWon {
        /// Who.
        seat: Seat,
        /// With what.
        play: Play,
    },
    /// A seat played its last card and takes the next rank (E5).
    WentOut {
        /// Who.
        seat: Seat,
        /// Its place, 0 = Boss.
        place: u8,
        /// The rank title.
        title: &'static str,
    },
    /// A hand is over (E5): the ranking, Boss first.
    HandEnded {
        /// The hand's number.
        hand: u32,
        /// The ranking with titles.
        ranking: Vec<(Seat, &'static str)>,
    },
    /// The match is over.
    MatchEnded {
        /// Hands played.
        hands: u32,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::HandStarted {
                hand,
                dealer,
                chairs,
            } => {
                write!(f, "hand {hand}: {dealer} deals; seats clockwise:")?;
                for s in chairs {
                    write!(f, " {s}")?;
                }
                Ok(())
            }
            Event::JokersSetAside { count } => {
                write!(f, "{count} jokers are set aside for hand 1 (E2)")
            }
            Event::Dealt { seat, count, cards } => {
                write!(f, "{seat} is dealt {count} {}", plural(*count))?;
                shown(f, cards.as_ref())
            }
            Event::Exchanged {
                from,
                to,
                count,
                cards,
            } => {
                write!(f, "{from} gives {to} {count} {}", plural(*count))?;
                shown(f, cards.as_ref())
            }
            Event::Leads { seat, reason } => {
                write!(f, "{seat} leads ({})", reason.describe())
            }
            Event::Played { seat, play, lead } => {
                let verb = if *lead { "leads" } else { "plays" };
                write!(f, "{seat} {verb} {play}")
            }
            Event::Passed { seat } => write!(f, "{seat} passes"),
            Event::TrickWon { seat, play } => write!(f, "{seat} wins the trick with {play}"),
            Event::WentOut { seat, place, title } => {
                write!(f, "{seat} is out, place {}: {title}", place + 1)
            }
            Event::HandEnded { hand, ranking } => {
                write!(f, "hand {hand} ends:")?;
                for (i, (s, t)) in ranking.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    write!(f, "{sep}{} {s} {t}", i + 1)?;
                }
                Ok(())
            }
            Event::MatchEnded { hands } => {
                let word = if *hands == 1 { "hand" } else { "hands" };
                write!(f, "the match is over after {hands} {word}")
            }
        }
    }
}

/// Writes `: CARDS` after a deal or exchange when the cards are shown.
fn shown(f: &mut fmt::Formatter<'_>, cards: Option<&Cards>) -> fmt::Result {
    match cards {
        Some(c) => write!(f, ": {c}"),
        None => Ok(()),
    }
}

fn plural(n: u8) -> &'static str {
    if n == 1 { "card" } else { "cards" }
}

/// The part of `event` that `seat` may see: dealt cards only by their receiver, exchanged cards
/// only by the two who swap them.
pub fn redact(event: &Event, seat: Seat) -> Event {
    match event {
        Event::Dealt { seat: s, count, .. } if *s != seat => Event::Dealt {
            seat: *s,
            count: *count,
            cards: None,
        },
        Event::Exchanged {
            from, to, count, ..
        } if *from != seat && *to != seat => Event::Exchanged {
            from: *from,
            to: *to,
            count: *count,
            cards: None,
        },
        e => e.clone(),
    }
}

impl LeadReason {
    /// The reason as a catalogue message ([`LeadReason::describe`] in English).
    pub fn message(self) -> Message {
        Message::new(match self {
            LeadReason::DealersLeft => "einer-lead-dealers-left",
            LeadReason::Boss => "einer-lead-boss",
            LeadReason::NextClockwise => "einer-lead-next-clockwise",
            LeadReason::DirectSuperior => "einer-lead-direct-superior",
            LeadReason::DirectSubordinate => "einer-lead-direct-subordinate",
            LeadReason::HighestRanking => "einer-lead-highest-ranking",
        })
    }
}

impl Event {
    /// This event's narration as a catalogue message: its `Display` in English, and in the
    /// reader's language where a front end formats it ([`cards_core::GameEvent::message`]).
    pub fn message(&self) -> Message {
        match self {
            Event::HandStarted {
                hand,
                dealer,
                chairs,
            } => {
                let chairs: Vec<String> = chairs.iter().map(ToString::to_string).collect();
                Message::new("einer-hand-started")
                    .number("hand", *hand)
                    .text("dealer", dealer)
                    .text("chairs", chairs.join(" "))
            }
            Event::JokersSetAside { count } => {
                Message::new("einer-jokers-set-aside").number("count", *count)
            }
            Event::Dealt { seat, count, cards } => {
                let m = match cards {
                    Some(c) => Message::new("einer-dealt-cards").text("cards", c),
                    None => Message::new("einer-dealt"),
                };
                m.text("seat", seat).number("count", *count)
            }
            Event::Exchanged {
                from,
                to,
                count,
                cards,
            } => {
                let m = match cards {
                    Some(c) => Message::new("einer-exchanged-cards").text("cards", c),
                    None => Message::new("einer-exchanged"),
                };
                m.text("from", from).text("to", to).number("count", *count)
            }
            Event::Leads { seat, reason } => Message::new("einer-leads")
                .text("seat", seat)
                .arg("reason", reason.message()),
            Event::Played { seat, play, lead } => {
                Message::new(if *lead { "einer-led" } else { "einer-played" })
                    .text("seat", seat)
                    .text("play", play)
            }
            Event::Passed { seat } => Message::new("einer-passed").text("seat", seat),
            Event::TrickWon { seat, play } => Message::new("einer-trick-won")
                .text("seat", seat)
                .text("play", play),
            Event::WentOut { seat, place, title } => Message::new("einer-went-out")
                .text("seat", seat)
                .number("place", i64::from(*place) + 1)
                .text("title", title),
            Event::HandEnded { hand, ranking } => {
                let ranking: Vec<String> = (ranking.iter().enumerate())
                    .map(|(i, (s, t))| format!("{} {s} {t}", i + 1))
                    .collect();
                Message::new("einer-hand-ended")
                    .number("hand", *hand)
                    .text("ranking", ranking.join(", "))
            }
            Event::MatchEnded { hands } => {
                Message::new("einer-match-ended").number("hands", *hands)
            }
        }
    }
}
