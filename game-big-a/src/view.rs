//! What one seat may see, and its screen.

use std::fmt;

use cards_core::card::{FrenchCard, Suit};
use cards_core::layout::{Group, Laid, Layout};
use cards_core::seat::Seat;
use cards_core::text::{Count, Message, Screen};
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::event::{ExposeKind, Exposure};
use crate::hand::Hand;
use crate::rules::{PACK, PLAYERS};
use crate::state::{Phase, State, ace};

/// One seat's view: its own seen cards, others' counts, exposures, the pile, public team
/// knowledge, places and scores.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The viewer.
    pub seat: Seat,
    /// The current hand, from 1.
    pub hand_number: u32,
    /// Hands in the match.
    pub hands_in_match: usize,
    /// How often this hand has been redealt so far (B12), shown in the heading from the first
    /// redeal on.
    #[serde(default)]
    pub redeal: u32,
    /// The phase.
    pub phase: Phase,
    /// Who decides now.
    pub to_move: Option<Seat>,
    /// Who drew first this hand.
    pub first_drawer: Seat,
    /// The viewer's seen cards (the face-down card is not among them until taken up).
    pub hand: Hand,
    /// Cards left in the stock (the face-down cards included until the pick-up).
    pub stock: usize,
    /// Cards held per seat.
    pub counts: Vec<usize>,
    /// Every exposure so far this hand.
    pub exposures: Vec<Exposure>,
    /// The declarer.
    pub declarer: Option<Seat>,
    /// The Big Aces' suit.
    pub big_suit: Option<Suit>,
    /// Public knowledge per seat: `Some(true)` on the Big Ace team, `Some(false)` opponent.
    pub teams: Vec<Option<bool>>,
    /// The viewer's own team, once it knows it.
    pub my_team: Option<bool>,
    /// The top of the pile and who played it.
    pub top: Option<(Seat, Play)>,
    /// The cards of the current trick.
    pub table: Hand,
    /// Cards set aside this hand (played in finished tricks).
    pub out_of_play: Hand,
    /// Passes since the last play.
    pub passes: u8,
    /// Finishing order so far.
    pub places: Vec<Seat>,
    /// Match totals.
    pub totals: Vec<i32>,
    /// The last finished hand's scores.
    pub last_scores: Option<Vec<i32>>,
}

impl View {
    /// The view of `seat`.
    pub fn of(state: &State, seat: Seat) -> View {
        let s = seat.index() % PLAYERS;
        let my_team = match state.phase {
            Phase::Draw => state.declarer.map(|d| d == seat).filter(|&b| b),
            Phase::PartnerExposure { .. } => Some(
                state.declarer == Some(seat)
                    || state
                        .big_suit
                        .is_some_and(|suit| state.hands[s].count(ace(suit)) > 0),
            ),
            Phase::Play | Phase::Over => Some(state.on_team(seat)),
        };
        View {
            seat,
            hand_number: state.deal + 1,
            hands_in_match: state.config.hands,
            redeal: state.attempt,
            phase: state.phase,
            to_move: (state.phase != Phase::Over).then_some(state.turn),
            first_drawer: state.first_drawer,
            hand: state.hands[s],
            stock: PACK.saturating_sub(usize::from(state.drawn)),
            counts: state.hands.iter().map(Hand::len).collect(),
            exposures: state.exposures.to_vec(),
            declarer: state.declarer,
            big_suit: state.big_suit,
            teams: Seat::all(PLAYERS).map(|x| state.known_team(x)).collect(),
            my_team,
            top: state.top,
            table: state.table,
            out_of_play: state.discard,
            passes: state.passes,
            places: state.places.to_vec(),
            totals: state.totals.to_vec(),
            last_scores: state.last_scores.map(|x| x.to_vec()),
        }
    }
}

/// The declarer's partner as a seat knows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Partner {
    /// Known: shown, or the seat itself.
    Known(Seat),
    /// The declarer plays alone.
    Alone,
    /// Not known yet.
    Unknown,
}

/// An ordinal place: `1st`, `2nd`, `3rd`, `4th`, `5th`.
fn ordinal(n: usize) -> String {
    let suffix = match n {
        1 => "st",
        2 => "nd",
        3 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

impl View {
    /// The seat's screen in the layout every game shares ([`Screen`]): the phase, the stock
    /// while drawing, the exposures, the Big Aces, declarer and partner as far as the seat
    /// knows them, the pile and who played it, the finishing order; per seat its card count,
    /// match total, known role and place; the seat's own cards (a Big Ace marked `*`); and its
    /// own team once it knows it. [`cards_core::GameView::screen`] and this
    /// view's `Display` show it.
    pub fn screen(&self) -> Screen {
        let mut table = vec![self.phase_line().to_string()];
        if self.phase == Phase::Draw {
            table.push(format!(
                "stock: {} left, {} drew first",
                Count(self.stock, "card"),
                self.first_drawer
            ));
        }
        table.extend(self.exposures.iter().map(|&e| exposure_line(e)));
        table.push(self.big_aces_line());
        table.extend(self.pile_line());
        if !self.places.is_empty() {
            let order: Vec<String> = self
                .places
                .iter()
                .enumerate()
                .map(|(i, s)| format!("{s} {}", ordinal(i + 1)))
                .collect();
            table.push(format!("out: {}", order.join(", ")));
        }
        if let Some(v) = &self.last_scores {
            let v: Vec<String> = v.iter().map(|x| format!("{x:+}")).collect();
            table.push(format!("last hand: {}", v.join(" ")));
        }
        Screen {
            heading: match self.redeal {
                0 => format!(
                    "Big A, hand {} of {}",
                    self.hand_number, self.hands_in_match
                ),
                r => format!(
                    "Big A, hand {} of {}, redeal {r}",
                    self.hand_number, self.hands_in_match
                ),
            },
            viewer: self.seat,
            to_move: self.to_move,
            table,
            seats: Seat::all(PLAYERS).map(|s| self.seat_facts(s)).collect(),
            hand: self.hand_cards(),
            private: self.private_lines(),
        }
    }

    /// What lies on the table (see [`cards_core::GameView::layout`]): the top of the pile in
    /// front of who played it (by rank, as plays name ranks; a Big Ace as the Ace it is), each
    /// exposure by the seat that made it, the stock in the middle while drawing.
    pub fn layout(&self) -> Layout {
        let big = self.big_suit.map(|s| format!("A{s}*"));
        let trick = self
            .top
            .map(|(s, p)| {
                let cards = p.to_string();
                let cards = cards.split_whitespace().map(|c| match (c, &big) {
                    ("BA", Some(ace)) => ace.clone(),
                    _ => c.to_owned(),
                });
                Laid::cards(s, cards)
            })
            .into_iter()
            .collect();
        let mut groups: Vec<Group> = self
            .exposures
            .iter()
            .map(|e| {
                let why = exposure_line(*e);
                let why = why
                    .rsplit_once('(')
                    .map_or("", |(_, w)| w.trim_end_matches(')'));
                let cards = (0..e.count).map(|_| format!("A{}", e.suit));
                Group::open(Some(e.seat), &format!("exposed ({why})"), cards)
            })
            .collect();
        if self.phase == Phase::Draw {
            groups.push(Group::hidden(None, "stock", self.stock));
        }
        Layout {
            trick,
            last: None,
            groups,
            wild: Vec::new(),
        }
    }

    /// The first line of the table: the phase.
    fn phase_line(&self) -> &'static str {
        match self.phase {
            Phase::Draw => "phase: the draw (an Ace may be exposed after each draw)",
            Phase::PartnerExposure { .. } => {
                "phase: cards taken up; the other Big Ace may be exposed"
            }
            Phase::Play => "phase: card play",
            Phase::Over => "phase: the match is over",
        }
    }

    /// The Big Aces, the declarer and the partner as far as the seat knows them.
    fn big_aces_line(&self) -> String {
        let Some((d, suit, who)) = self.big_aces() else {
            return "Big Aces: not decided yet".to_string();
        };
        let who = match who {
            Partner::Known(p) => format!("partner {p}"),
            Partner::Alone => "declarer alone".to_string(),
            Partner::Unknown => "partner unknown".to_string(),
        };
        format!("Big Aces: A{suit}; declarer {d}, {who}")
    }

    /// The declarer, the Big Aces' suit and the partner as far as the seat knows them; none
    /// before they are decided.
    fn big_aces(&self) -> Option<(Seat, Suit, Partner)> {
        let (Some(d), Some(suit)) = (self.declarer, self.big_suit) else {
            return None;
        };
        // The partner as the seat knows it: shown publicly, or the seat itself.
        let me_partner = self.seat != d && self.my_team == Some(true);
        let partner = Seat::all(PLAYERS).find(|&x| {
            x != d
                && (self.teams.get(x.index()) == Some(&Some(true))
                    || (x == self.seat && me_partner))
        });
        // Alone, publicly: both Big Aces exposed by the declarer, or every other
        // seat known to be an opponent.
        let shown: u8 = self
            .exposures
            .iter()
            .filter(|e| e.seat == d && e.suit == suit)
            .map(|e| e.count)
            .sum();
        let others_opponents = Seat::all(PLAYERS)
            .filter(|&x| x != d)
            .all(|x| self.teams.get(x.index()) == Some(&Some(false)));
        // A declarer holding both Big Aces knows it plays alone.
        let both = self.seat == d && self.hand.count(ace(suit)) >= 2;
        let alone = shown >= 2 || others_opponents || both;
        let who = match partner {
            Some(p) => Partner::Known(p),
            None if alone => Partner::Alone,
            None => Partner::Unknown,
        };
        Some((d, suit, who))
    }

    /// The top of the pile and the passes since, or an empty pile in card play.
    fn pile_line(&self) -> Option<String> {
        match self.top {
            Some((s, p)) => Some(format!(
                "pile: {p} played by {s}, {} since",
                match self.passes {
                    0 => "no passes".to_string(),
                    1 => "1 pass".to_string(),
                    n => format!("{n} passes"),
                }
            )),
            None if self.phase == Phase::Play => Some("pile: empty, a new lead".to_string()),
            None => None,
        }
    }

    /// One seat's facts: its card count, match total, known role and place.
    fn seat_facts(&self, s: Seat) -> Vec<String> {
        let i = s.index();
        let mut facts = vec![
            Count(self.counts.get(i).copied().unwrap_or(0), "card").to_string(),
            format!("total {:+}", self.totals.get(i).copied().unwrap_or(0)),
        ];
        // The seat's own role as it knows it, the others' as public.
        let known = if s == self.seat {
            self.teams.get(i).copied().flatten().or(self.my_team)
        } else {
            self.teams.get(i).copied().flatten()
        };
        match known {
            Some(true) if Some(s) == self.declarer => facts.push("declarer".into()),
            Some(true) => facts.push("partner".into()),
            Some(false) => facts.push("opponent".into()),
            None => {}
        }
        if let Some(p) = self.places.iter().position(|&x| x == s) {
            facts.push(format!("out {}", ordinal(p + 1)));
        }
        facts
    }

    /// The seat's own cards, sorted, a Big Ace marked `*`.
    fn hand_cards(&self) -> Vec<String> {
        let big = self.big_suit.map(ace);
        self.hand
            .sorted()
            .iter()
            .map(|&c: &FrenchCard| {
                if Some(c) == big {
                    format!("{c}*")
                } else {
                    c.to_string()
                }
            })
            .collect()
    }

    /// What only the seat knows: that it holds a Big Ace, and its own team.
    fn private_lines(&self) -> Vec<String> {
        let mut private = Vec::new();
        if self
            .big_suit
            .is_some_and(|suit| self.hand.count(ace(suit)) > 0)
        {
            private.push("* a Big Ace".to_string());
        }
        match self.my_team {
            Some(true) if Some(self.seat) == self.declarer => {
                private.push("you are the declarer".to_string());
            }
            Some(true) => private.push("you are on the Big Ace team".to_string()),
            Some(false) => private.push("you are an opponent".to_string()),
            None => {}
        }
        private
    }
}

/// An exposure as the table lists it: who exposed which Aces, and why.
fn exposure_line(e: Exposure) -> String {
    let cards = if e.count == 2 {
        format!("A{0} A{0}", e.suit)
    } else {
        format!("A{}", e.suit)
    };
    let why = match e.kind {
        ExposeKind::Declare => "declares",
        ExposeKind::Overcall => "overcall, alone",
        ExposeKind::Protect => "the second copy, alone",
        ExposeKind::ForcedHeart => "forced heart Ace, declares",
        ExposeKind::Partner => "reveals as partner",
        ExposeKind::LoneSecond => "the second copy, alone",
    };
    format!("{} exposed {cards} ({why})", e.seat)
}

/// `biga-ordinal`: an ordinal place as a catalogue message.
fn ordinal_message(n: usize) -> Message {
    Message::new("biga-ordinal").number("n", n as i64)
}

/// [`exposure_line`] as a catalogue message.
fn exposure_message(e: Exposure) -> Message {
    let cards = if e.count == 2 {
        format!("A{0} A{0}", e.suit)
    } else {
        format!("A{}", e.suit)
    };
    let key = match e.kind {
        ExposeKind::Declare => "biga-exposed-declares",
        ExposeKind::Overcall => "biga-exposed-overcall",
        ExposeKind::Protect | ExposeKind::LoneSecond => "biga-exposed-second",
        ExposeKind::ForcedHeart => "biga-exposed-forced-heart",
        ExposeKind::Partner => "biga-exposed-partner",
    };
    Message::new(key).text("seat", e.seat).text("cards", cards)
}

impl View {
    /// [`View::screen`] as catalogue messages ([`cards_core::GameView::screen_messages`]),
    /// which read as it in English.
    pub fn screen_messages(&self) -> Screen<Message> {
        let phase = match self.phase {
            Phase::Draw => "biga-phase-draw",
            Phase::PartnerExposure { .. } => "biga-phase-partner",
            Phase::Play => "biga-phase-play",
            Phase::Over => "biga-phase-over",
        };
        let mut table = vec![Message::new(phase)];
        if self.phase == Phase::Draw {
            table.push(
                Message::new("biga-stock")
                    .arg(
                        "cards",
                        Message::new("count-cards").number("count", self.stock as i64),
                    )
                    .text("seat", self.first_drawer),
            );
        }
        table.extend(self.exposures.iter().map(|&e| exposure_message(e)));
        table.push(match self.big_aces() {
            None => Message::new("biga-big-aces-undecided"),
            Some((d, suit, who)) => {
                let m = match who {
                    Partner::Known(p) => Message::new("biga-big-aces-partner").text("partner", p),
                    Partner::Alone => Message::new("biga-big-aces-alone"),
                    Partner::Unknown => Message::new("biga-big-aces-unknown"),
                };
                m.text("suit", suit).text("declarer", d)
            }
        });
        match self.top {
            Some((s, p)) => table.push(
                Message::new("biga-pile")
                    .text("play", p)
                    .text("seat", s)
                    .number("passes", i64::from(self.passes)),
            ),
            None if self.phase == Phase::Play => table.push(Message::new("biga-pile-empty")),
            None => {}
        }
        if !self.places.is_empty() {
            let order: Vec<Message> = (self.places.iter().enumerate())
                .map(|(i, s)| {
                    Message::new("biga-place")
                        .text("seat", s)
                        .arg("place", ordinal_message(i + 1))
                })
                .collect();
            table.push(Message::new("biga-out-order").list("order", order, ", "));
        }
        if let Some(v) = &self.last_scores {
            let v: Vec<String> = v.iter().map(|x| format!("{x:+}")).collect();
            table.push(Message::new("biga-last-hand").text("scores", v.join(" ")));
        }
        let heading = match self.redeal {
            0 => Message::new("biga-heading"),
            r => Message::new("biga-heading-redeal").number("redeal", i64::from(r)),
        };
        Screen {
            heading: heading
                .number("hand", i64::from(self.hand_number))
                .number("hands", self.hands_in_match as i64),
            viewer: self.seat,
            to_move: self.to_move,
            table,
            seats: Seat::all(PLAYERS).map(|s| self.seat_messages(s)).collect(),
            hand: self.hand_cards(),
            private: self.private_messages(),
        }
    }

    /// [`View::seat_facts`] as messages.
    fn seat_messages(&self, s: Seat) -> Vec<Message> {
        let i = s.index();
        let count = self.counts.get(i).copied().unwrap_or(0);
        let total = self.totals.get(i).copied().unwrap_or(0);
        let mut facts = vec![
            Message::new("count-cards").number("count", count as i64),
            Message::new("biga-total").text("total", format!("{total:+}")),
        ];
        let known = if s == self.seat {
            self.teams.get(i).copied().flatten().or(self.my_team)
        } else {
            self.teams.get(i).copied().flatten()
        };
        match known {
            Some(true) if Some(s) == self.declarer => facts.push(Message::new("biga-declarer")),
            Some(true) => facts.push(Message::new("biga-partner")),
            Some(false) => facts.push(Message::new("biga-opponent")),
            None => {}
        }
        if let Some(p) = self.places.iter().position(|&x| x == s) {
            facts.push(Message::new("biga-out").arg("place", ordinal_message(p + 1)));
        }
        facts
    }

    /// [`View::private_lines`] as messages.
    fn private_messages(&self) -> Vec<Message> {
        let mut private = Vec::new();
        if self
            .big_suit
            .is_some_and(|suit| self.hand.count(ace(suit)) > 0)
        {
            private.push(Message::new("biga-big-ace-mark"));
        }
        match self.my_team {
            Some(true) if Some(self.seat) == self.declarer => {
                private.push(Message::new("biga-you-declarer"));
            }
            Some(true) => private.push(Message::new("biga-you-team")),
            Some(false) => private.push(Message::new("biga-you-opponent")),
            None => {}
        }
        private
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.screen(), f)
    }
}

/// Every card text this game's screens show, with its face ([`cards_core::Catalog::card_faces`]):
/// the French pack with both jokers, and each Ace as a Big Ace (`Ac*`, marked on its holder's
/// screen).
pub(crate) fn card_faces() -> Vec<cards_core::face::CardFace> {
    use cards_core::face::{CardFace, FaceKind};
    let mut faces = cards_core::face::french_faces();
    faces.extend(Suit::ALL.into_iter().map(|suit| {
        let ace = CardFace::suited("A", suit);
        CardFace {
            card: format!("{}*", ace.card),
            kind: FaceKind::Big,
            chip: format!("{} big", ace.chip),
            ..ace
        }
        .with_note("Big Ace")
    }));
    faces
}
