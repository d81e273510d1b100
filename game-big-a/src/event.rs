//! What happens, for narration, logs and snapshots.

use std::fmt;

use cards_core::card::{FrenchCard, Suit};
use cards_core::seat::Seat;
use cards_core::text::Message;
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::rules::PLAYERS;

/// Why an Ace was exposed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ExposeKind {
    /// The first Ace exposed during the draw: its exposer is declarer (B4).
    Declare,
    /// A pair of identical Aces: the exposer is declarer, alone, and cannot be overcalled (B4).
    Overcall,
    /// The declarer exposes the second copy of the Big Ace: alone, protected (B4).
    Protect,
    /// Nobody exposed: the first holder of a seen Ace of hearts must expose it (B5).
    ForcedHeart,
    /// After the pick-up the partner reveals by exposing the other Big Ace (B5).
    Partner,
    /// After the pick-up the declarer, holding both, exposes the second (B5).
    LoneSecond,
}

/// One public exposure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Exposure {
    /// Who exposed.
    pub seat: Seat,
    /// The Ace's suit.
    pub suit: Suit,
    /// How many copies were exposed (1 or 2).
    pub count: u8,
    /// Why.
    pub kind: ExposeKind,
}

/// What happened.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Event {
    /// A hand starts (or is redealt).
    DealStarted {
        /// Hand number from 1.
        hand: u32,
        /// Redeal count of this hand (0 for the first deal).
        attempt: u32,
        /// Who draws first.
        first_drawer: Seat,
    },
    /// A seat drew a card (the card is private: `None` in other seats' logs).
    Drew {
        /// The drawer.
        seat: Seat,
        /// The card.
        card: Option<FrenchCard>,
    },
    /// An Ace exposure.
    Exposed(Exposure),
    /// Both heart Aces were face down and nobody exposed: the hand is redealt (B5).
    Redeal {
        /// The face-down cards, shown to verify.
        face_down: [FrenchCard; 5],
    },
    /// A seat took up its face-down card (private: `None` in other seats' logs).
    PickedUp {
        /// The seat.
        seat: Seat,
        /// The card.
        card: Option<FrenchCard>,
    },
    /// Play starts.
    PlayStarts {
        /// The declarer.
        declarer: Seat,
        /// The Big Aces' suit.
        suit: Suit,
        /// Who leads.
        leader: Seat,
    },
    /// A play.
    Played {
        /// Who played.
        seat: Seat,
        /// What.
        play: Play,
    },
    /// A Fours capture (B9).
    Captured {
        /// Who captured.
        seat: Seat,
        /// How many Fours.
        fours: u8,
        /// The captured bomb, now in the capturer's hand.
        taken: Play,
    },
    /// A pass in play.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// Everyone else passed: the trick is set aside.
    TrickWon {
        /// The last player.
        seat: Seat,
    },
    /// The lead passes because the trick's winner has no cards (B10).
    LeadPasses {
        /// The winner who is out.
        from: Seat,
        /// The new leader.
        to: Seat,
    },
    /// A seat ran out of cards.
    WentOut {
        /// Who.
        seat: Seat,
        /// Their place, from 1.
        place: u8,
    },
    /// The hand is over.
    DealEnded {
        /// Finishing order, first to last.
        places: [Seat; PLAYERS],
        /// The hand's scores per seat.
        scores: [i32; PLAYERS],
        /// Match totals per seat.
        totals: [i32; PLAYERS],
    },
    /// The match is over.
    MatchOver {
        /// Match totals per seat.
        totals: [i32; PLAYERS],
    },
}

fn list(v: &[i32]) -> String {
    v.iter()
        .map(|x| format!("{x:+}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The items written with spaces between.
fn words<T: fmt::Display>(v: &[T]) -> String {
    v.iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

impl fmt::Display for Exposure {
    /// The exposure as a log line: the seat, the Ace or Aces shown and what that makes of the
    /// seat.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.kind {
            ExposeKind::Declare => "and is declarer",
            ExposeKind::Overcall => "and is declarer, alone (overcall)",
            ExposeKind::Protect => "(the second copy): declarer alone, protected",
            ExposeKind::ForcedHeart => "(forced heart Ace) and is declarer",
            ExposeKind::Partner => "and reveals as partner",
            ExposeKind::LoneSecond => "(the second copy): declarer alone",
        };
        let cards = if self.count == 2 {
            format!("A{0} A{0}", self.suit)
        } else {
            format!("A{}", self.suit)
        };
        write!(f, "{} exposes {cards} {what}", self.seat)
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::DealStarted {
                hand,
                attempt,
                first_drawer,
            } => match attempt {
                0 => write!(f, "hand {hand}: {first_drawer} draws first"),
                a => write!(f, "hand {hand}, redeal {a}: {first_drawer} draws first"),
            },
            Event::Drew {
                seat,
                card: Some(c),
            } => write!(f, "{seat} draws {c}"),
            Event::Drew { seat, card: None } => write!(f, "{seat} draws a card"),
            Event::Exposed(e) => write!(f, "{e}"),
            Event::Redeal { face_down } => write!(
                f,
                "nobody exposed and both heart Aces are face down ({}): redeal",
                words(face_down)
            ),
            Event::PickedUp {
                seat,
                card: Some(c),
            } => write!(f, "{seat} takes up {c}"),
            Event::PickedUp { seat, card: None } => write!(f, "{seat} takes up the face-down card"),
            Event::PlayStarts {
                declarer,
                suit,
                leader,
            } => write!(
                f,
                "play starts: declarer {declarer}, Big Aces A{suit}, {leader} leads"
            ),
            Event::Played { seat, play } => write!(f, "{seat} plays {play}"),
            Event::Captured { seat, fours, taken } => {
                write!(f, "{seat} captures {taken} with {fours} Fours")
            }
            Event::Passed { seat } => write!(f, "{seat} passes"),
            Event::TrickWon { seat } => write!(f, "{seat} wins the trick"),
            Event::LeadPasses { from, to } => {
                write!(f, "{from} is out: the lead passes to {to}")
            }
            Event::WentOut { seat, place } => write!(f, "{seat} is out, place {place}"),
            Event::DealEnded {
                places,
                scores,
                totals,
            } => write!(
                f,
                "hand over: order {}; scores {}; totals {}",
                words(places),
                list(scores),
                list(totals)
            ),
            Event::MatchOver { totals } => write!(f, "match over: totals {}", list(totals)),
        }
    }
}

impl Event {
    /// The part of the event `seat` may see.
    pub fn redact(&self, seat: Seat) -> Event {
        match self {
            Event::Drew { seat: s, .. } if *s != seat => Event::Drew {
                seat: *s,
                card: None,
            },
            Event::PickedUp { seat: s, .. } if *s != seat => Event::PickedUp {
                seat: *s,
                card: None,
            },
            e => e.clone(),
        }
    }
}

impl Exposure {
    /// The exposure as a catalogue message (its `Display` in English).
    pub fn message(&self) -> Message {
        let key = match self.kind {
            ExposeKind::Declare => "biga-expose-declare",
            ExposeKind::Overcall => "biga-expose-overcall",
            ExposeKind::Protect => "biga-expose-protect",
            ExposeKind::ForcedHeart => "biga-expose-forced-heart",
            ExposeKind::Partner => "biga-expose-partner",
            ExposeKind::LoneSecond => "biga-expose-lone-second",
        };
        let cards = if self.count == 2 {
            format!("A{0} A{0}", self.suit)
        } else {
            format!("A{}", self.suit)
        };
        Message::new(key)
            .text("seat", self.seat)
            .text("cards", cards)
    }
}

impl Event {
    /// This event's narration as a catalogue message: its `Display` in English, and in the
    /// reader's language where a front end formats it ([`cards_core::GameEvent::message`]).
    pub fn message(&self) -> Message {
        match self {
            Event::DealStarted {
                hand,
                attempt,
                first_drawer,
            } => match attempt {
                0 => Message::new("biga-deal-started"),
                a => Message::new("biga-deal-started-redeal").number("attempt", *a),
            }
            .number("hand", *hand)
            .text("seat", first_drawer),
            Event::Drew {
                seat,
                card: Some(c),
            } => Message::new("biga-drew").text("seat", seat).text("card", c),
            Event::Drew { seat, card: None } => Message::new("biga-drew-hidden").text("seat", seat),
            Event::Exposed(e) => e.message(),
            Event::Redeal { face_down } => {
                Message::new("biga-redeal").text("cards", words(face_down))
            }
            Event::PickedUp {
                seat,
                card: Some(c),
            } => Message::new("biga-picked-up")
                .text("seat", seat)
                .text("card", c),
            Event::PickedUp { seat, card: None } => {
                Message::new("biga-picked-up-hidden").text("seat", seat)
            }
            Event::PlayStarts {
                declarer,
                suit,
                leader,
            } => Message::new("biga-play-starts")
                .text("declarer", declarer)
                .text("suit", suit)
                .text("leader", leader),
            Event::Played { seat, play } => Message::new("biga-played")
                .text("seat", seat)
                .text("play", play),
            Event::Captured { seat, fours, taken } => Message::new("biga-captured")
                .text("seat", seat)
                .text("taken", taken)
                .number("fours", *fours),
            Event::Passed { seat } => Message::new("biga-passed").text("seat", seat),
            Event::TrickWon { seat } => Message::new("biga-trick-won").text("seat", seat),
            Event::LeadPasses { from, to } => Message::new("biga-lead-passes")
                .text("from", from)
                .text("to", to),
            Event::WentOut { seat, place } => Message::new("biga-went-out")
                .text("seat", seat)
                .number("place", *place),
            Event::DealEnded {
                places,
                scores,
                totals,
            } => Message::new("biga-deal-ended")
                .text("order", words(places))
                .text("scores", list(scores))
                .text("totals", list(totals)),
            Event::MatchOver { totals } => {
                Message::new("biga-match-over").text("totals", list(totals))
            }
        }
    }
}
