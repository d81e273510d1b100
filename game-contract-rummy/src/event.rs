//! What happened, for narration and logs.

use std::fmt::{self, Write as _};

use cards_core::seat::Seat;
use cards_core::text::Message;
use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::meld::{Meld, StandIn};
use crate::rules::RoundInfo;

/// One thing that happened. `Display` is one line of narration.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A round begins.
    RoundStarted {
        /// The round's facts.
        info: RoundInfo,
        /// The dealer.
        dealer: Seat,
    },
    /// A player's hand is dealt (`cards` is `None` in other players' logs).
    Dealt {
        /// The player.
        seat: Seat,
        /// The cards, when visible.
        cards: Option<Vec<Card>>,
        /// How many.
        count: usize,
    },
    /// A player drew the top of the stock (`card` hidden from others).
    Drew {
        /// The player.
        seat: Seat,
        /// The card, when visible.
        card: Option<Card>,
    },
    /// A new meld.
    Melded {
        /// The player.
        seat: Seat,
        /// Its number on the table (1-based).
        number: usize,
        /// The meld.
        meld: Meld,
    },
    /// A card added to a meld.
    Added {
        /// The player.
        seat: Seat,
        /// The meld's number (1-based).
        number: usize,
        /// The card.
        card: Card,
        /// What it stands for when it is not itself.
        stands_for: Option<String>,
    },
    /// A turn of putting down ended.
    Done {
        /// The player.
        seat: Seat,
    },
    /// A player passed (empty stock, nothing to put down).
    Passed {
        /// The player.
        seat: Seat,
    },
    /// A player went out.
    WentOut {
        /// The player.
        seat: Seat,
    },
    /// Everyone passed in a row with an empty stock.
    Blocked,
    /// The round was scored.
    RoundScored {
        /// The round.
        round: u8,
        /// Points per seat this round.
        points: Vec<u32>,
        /// Totals per seat.
        totals: Vec<u32>,
    },
    /// The match is over.
    MatchOver {
        /// Totals per seat.
        totals: Vec<u32>,
        /// Go-out tallies per seat.
        tallies: Vec<u32>,
        /// The seats with the lowest total.
        winners: Vec<Seat>,
    },
}

/// Formats a stand-in.
pub(crate) fn stand_text(s: Option<StandIn>) -> Option<String> {
    s.map(|s| s.to_string())
}

fn join<T: fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::RoundStarted { info, dealer } => write!(f, "{info}; {dealer} deals"),
            Event::Dealt { seat, cards, count } => match cards {
                Some(c) => write!(f, "{seat} is dealt {}", join(c)),
                None => write!(f, "{seat} is dealt {count} cards"),
            },
            Event::Drew { seat, card } => match card {
                Some(c) => write!(f, "{seat} draws {c}"),
                None => write!(f, "{seat} draws a card"),
            },
            Event::Melded { seat, number, meld } => {
                write!(f, "{seat} puts down meld {number}: {meld}")
            }
            Event::Added {
                seat,
                number,
                card,
                stands_for,
            } => {
                write!(f, "{seat} adds {card} to meld {number}")?;
                match stands_for {
                    Some(s) => write!(f, " as {s}"),
                    None => Ok(()),
                }
            }
            Event::Done { seat } => write!(f, "{seat} is done"),
            Event::Passed { seat } => write!(f, "{seat} passes (stock empty)"),
            Event::WentOut { seat } => {
                write!(f, "{seat} goes out; the others have one final turn each")
            }
            Event::Blocked => write!(f, "everyone passed with an empty stock: the round ends"),
            Event::RoundScored {
                round,
                points,
                totals,
            } => {
                write!(f, "round {round} scored:")?;
                for (i, (p, t)) in points.iter().zip(totals).enumerate() {
                    write!(f, " S{i} +{p} = {t};")?;
                }
                Ok(())
            }
            Event::MatchOver {
                totals,
                tallies,
                winners,
            } => {
                write!(f, "match over:")?;
                for (i, (t, g)) in totals.iter().zip(tallies).enumerate() {
                    write!(f, " S{i} {t} (went out {g}x);")?;
                }
                write!(f, " lowest total wins: {}", join(winners))
            }
        }
    }
}

/// `event` as `seat` may see it: the cards dealt to and drawn by the others hidden.
pub(crate) fn redact(event: &Event, seat: Seat) -> Event {
    match event {
        Event::Dealt { seat: s, count, .. } if *s != seat => Event::Dealt {
            seat: *s,
            cards: None,
            count: *count,
        },
        Event::Drew { seat: s, .. } if *s != seat => Event::Drew {
            seat: *s,
            card: None,
        },
        e => e.clone(),
    }
}

/// `a or b or c` as nested catalogue messages (`rummy-or`), for the meld sizes.
pub(crate) fn or_message(items: &[String]) -> Message {
    match items {
        [] => Message::new("rummy-word").text("word", ""),
        [one] => Message::new("rummy-word").text("word", one),
        [first, rest @ ..] => Message::new("rummy-or")
            .text("first", first)
            .arg("rest", or_message(rest)),
    }
}

impl RoundInfo {
    /// The round as a catalogue message (its `Display` in English).
    pub fn message(&self) -> Message {
        let sizes: Vec<String> = self.allowed_sizes().map(|s| s.to_string()).collect();
        Message::new("rummy-round-info")
            .number("round", self.round)
            .number("hand", self.hand)
            .text("wild", self.wild_rank())
            .text("sizes", sizes.join(", "))
    }
}

impl Event {
    /// This event's narration as a catalogue message: its `Display` in English, and in the
    /// reader's language where a front end formats it ([`cards_core::GameEvent::message`]).
    pub fn message(&self) -> Message {
        match self {
            Event::RoundStarted { info, dealer } => Message::new("rummy-round-started")
                .arg("info", info.message())
                .text("dealer", dealer),
            Event::Dealt { seat, cards, count } => match cards {
                Some(c) => Message::new("rummy-dealt")
                    .text("seat", seat)
                    .text("cards", join(c)),
                None => Message::new("rummy-dealt-hidden")
                    .text("seat", seat)
                    .number("count", *count as i64),
            },
            Event::Drew { seat, card } => match card {
                Some(c) => Message::new("rummy-drew")
                    .text("seat", seat)
                    .text("card", c),
                None => Message::new("rummy-drew-hidden").text("seat", seat),
            },
            Event::Melded { seat, number, meld } => Message::new("rummy-melded")
                .text("seat", seat)
                .number("number", *number as i64)
                .text("meld", meld),
            Event::Added {
                seat,
                number,
                card,
                stands_for,
            } => {
                let m = match stands_for {
                    Some(s) => Message::new("rummy-added-as").text("as", s),
                    None => Message::new("rummy-added"),
                };
                m.text("seat", seat)
                    .text("card", card)
                    .number("number", *number as i64)
            }
            Event::Done { seat } => Message::new("rummy-done").text("seat", seat),
            Event::Passed { seat } => Message::new("rummy-passed").text("seat", seat),
            Event::WentOut { seat } => Message::new("rummy-went-out").text("seat", seat),
            Event::Blocked => Message::new("rummy-blocked"),
            Event::RoundScored {
                round,
                points,
                totals,
            } => {
                let mut list = String::new();
                for (i, (p, t)) in points.iter().zip(totals).enumerate() {
                    let _ = write!(list, " S{i} +{p} = {t};");
                }
                Message::new("rummy-round-scored")
                    .number("round", *round)
                    .text("list", list)
            }
            Event::MatchOver {
                totals,
                tallies,
                winners,
            } => {
                let entries: Vec<Message> = (totals.iter().zip(tallies).enumerate())
                    .map(|(i, (t, g))| {
                        Message::new("rummy-match-entry")
                            .text("seat", format!("S{i}"))
                            .number("total", *t)
                            .number("tally", *g)
                    })
                    .collect();
                Message::new("rummy-match-over")
                    .list("list", entries, " ")
                    .text("winners", join(winners))
            }
        }
    }
}
