//! What one seat may see, and its terminal display.

use std::fmt::{self, Write as _};

use cards_core::Seat;
use cards_core::layout::{Group, Laid, Layout};
use cards_core::text::{Count, Message, Screen};
use serde::{Deserialize, Serialize};

use crate::action::{Action, Play};
use crate::cards::{Cards, symbol};
use crate::rules::Titles;
use crate::state::{State, Turn};

/// A seat's own exchange this hand (E8): seen only by the two who swapped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExchangeView {
    /// The other side.
    pub partner: Seat,
    /// Whether this seat is the higher rank of the pair.
    pub higher: bool,
    /// The cards this seat gave.
    pub gave: Cards,
    /// The cards this seat received.
    pub received: Cards,
}

/// Everything one seat may know.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// Whose view.
    pub seat: Seat,
    /// Players at the table.
    pub players: usize,
    /// The current hand's number, from 1.
    pub hand_number: u32,
    /// Hands in the match.
    pub hands_in_match: u32,
    /// The titles printed.
    pub titles: Titles,
    /// This seat's cards.
    pub hand: Cards,
    /// Every seat's number of cards.
    pub counts: Vec<u8>,
    /// The seats clockwise from chair 0.
    pub chairs: Vec<Seat>,
    /// Who dealt.
    pub dealer: Seat,
    /// The previous hand's ranking, Boss first (empty in hand 1).
    pub previous_ranking: Vec<Seat>,
    /// This hand's finishing order so far.
    pub finished: Vec<Seat>,
    /// Who leads the current trick.
    pub leader: Seat,
    /// Who is to move, `None` at the end.
    pub to_move: Option<Seat>,
    /// The turns of the current trick.
    pub trick: Vec<Turn>,
    /// The highest play of the current trick and who made it.
    pub top: Option<(Seat, Play)>,
    /// What each seat has played this hand.
    pub played_by: Vec<Cards>,
    /// Jokers set aside for hand 1 (E2).
    pub set_aside: Cards,
    /// This seat's exchange this hand, if any.
    pub exchange: Option<ExchangeView>,
    /// The rankings of the finished hands.
    pub rankings: Vec<Vec<Seat>>,
    /// Match totals in units of 1/(n-1): each hand adds n - 1 - 2p at place p (E9).
    pub points: Vec<i32>,
}

impl View {
    /// The view of `seat`.
    pub fn of(state: &State, seat: Seat) -> View {
        let mut view = View {
            seat,
            players: state.config.players,
            hand_number: state.hand,
            hands_in_match: state.config.hands,
            titles: state.config.titles,
            hand: state.hand_of(seat),
            counts: Vec::new(),
            chairs: Vec::new(),
            dealer: state.dealer,
            previous_ranking: Vec::new(),
            finished: Vec::new(),
            leader: state.leader,
            to_move: state.turn,
            trick: Vec::new(),
            top: state.top,
            played_by: Vec::new(),
            set_aside: state.set_aside,
            exchange: None,
            rankings: Vec::new(),
            points: Vec::new(),
        };
        view.refill(state, seat);
        view
    }

    /// Makes this view [`View::of`]`(state, seat)`, reusing its vectors' allocations (for
    /// callers that build a view at every step, such as a batch of observations).
    pub fn refill(&mut self, state: &State, seat: Seat) {
        let n = state.config.players;
        self.exchange = state.exchanges.iter().find_map(|x| {
            if x.higher == seat {
                Some(ExchangeView {
                    partner: x.lower,
                    higher: true,
                    gave: x.from_higher,
                    received: x.from_lower,
                })
            } else if x.lower == seat {
                Some(ExchangeView {
                    partner: x.higher,
                    higher: false,
                    gave: x.from_lower,
                    received: x.from_higher,
                })
            } else {
                None
            }
        });
        self.seat = seat;
        self.players = n;
        self.hand_number = state.hand;
        self.hands_in_match = state.config.hands;
        self.titles = state.config.titles;
        self.hand = state.hand_of(seat);
        self.counts.clear();
        self.counts
            .extend(state.hands[..n].iter().map(|h| h.len() as u8));
        self.chairs.clear();
        self.chairs.extend_from_slice(state.chairs());
        self.dealer = state.dealer;
        self.previous_ranking.clone_from(&state.previous);
        self.finished.clone_from(&state.finished);
        self.leader = state.leader;
        self.to_move = state.turn;
        self.trick.clone_from(&state.trick);
        self.top = state.top;
        self.played_by.clear();
        self.played_by.extend_from_slice(&state.played[..n]);
        self.set_aside = state.set_aside;
        self.rankings.clone_from(&state.rankings);
        let (points, seats) = state.points_array();
        self.points.clear();
        self.points.extend_from_slice(&points[..seats]);
    }

    /// The title a seat held in the previous hand, if any.
    pub fn previous_title(&self, seat: Seat) -> Option<&'static str> {
        let p = self.previous_ranking.iter().position(|&s| s == seat)?;
        Some(self.titles.title(p, self.players))
    }

    /// The number of cards a seat holds.
    pub fn count(&self, seat: Seat) -> u8 {
        self.counts.get(seat.index()).copied().unwrap_or(0)
    }

    /// The cards played this hand by everyone (public).
    pub fn played(&self) -> Cards {
        let mut c = Cards::EMPTY;
        for p in &self.played_by {
            c.add_all(p);
        }
        c
    }
}

impl View {
    /// The table's lines: the seating clockwise, the trick and its highest play (or the end of
    /// the match), the jokers set aside and the cards played this hand.
    /// What lies on the table (see [`cards_core::GameView::layout`]): the trick's plays in
    /// front of who played them (a pass said), and the jokers set aside this hand.
    pub fn layout(&self) -> Layout {
        let trick = (self.trick.iter())
            .map(|t| match t.action {
                crate::Action::Pass => Laid::word(t.seat, "pass"),
                a @ crate::Action::Play(_) => Laid::cards(t.seat, action_cards(a)),
            })
            .collect();
        let mut groups = Vec::new();
        let jokers = self.set_aside.jokers();
        if jokers > 0 {
            let joker = crate::cards::symbol(crate::cards::JOKER);
            groups.push(Group::open(None, "set aside", (0..jokers).map(|_| joker)));
        }
        Layout {
            trick,
            last: None,
            groups,
            wild: Vec::new(),
        }
    }

    fn table_lines(&self) -> Vec<String> {
        let mut table = Vec::new();
        let seating: Vec<String> = self.chairs.iter().map(ToString::to_string).collect();
        table.push(format!("seating, clockwise: {}", seating.join(" ")));
        if self.to_move.is_some() {
            if self.trick.is_empty() {
                table.push(format!("trick: {} to lead", self.leader));
            } else {
                let turns: Vec<String> = self
                    .trick
                    .iter()
                    .map(|t| format!("{} {}", t.seat, t.action))
                    .collect();
                let mut line = format!("trick: {}", turns.join(", "));
                if let Some((s, p)) = self.top {
                    let _ = write!(line, "; highest {p} by {s}");
                }
                table.push(line);
            }
        } else {
            table.push("the match is over".to_owned());
        }
        if self.set_aside.jokers() > 0 {
            table.push(format!(
                "jokers set aside this hand: {}",
                self.set_aside.jokers()
            ));
        }
        table.push(format!("played this hand: {}", self.played()));
        table
    }

    /// Each seat's facts: its cards (or its place once out), its title of the last hand, the
    /// dealer, and once a hand is finished the match total and record.
    fn seat_facts(&self) -> Vec<Vec<String>> {
        let records = if self.rankings.is_empty() {
            Vec::new()
        } else {
            crate::rules::records(&self.rankings, self.players)
        };
        let d = (self.players.max(2) - 1) as f64;
        Seat::all(self.players)
            .map(|s| {
                let mut facts = Vec::new();
                if let Some(p) = self.finished.iter().position(|&x| x == s) {
                    facts.push(format!(
                        "out, place {}: {}",
                        p + 1,
                        self.titles.title(p, self.players)
                    ));
                } else {
                    facts.push(Count(usize::from(self.count(s)), "card").to_string());
                }
                if let Some(t) = self.previous_title(s) {
                    facts.push(format!("{t} of the last hand"));
                }
                if s == self.dealer {
                    facts.push("dealer".to_owned());
                }
                if let Some(r) = records.get(s.index()) {
                    let t = self.points.get(s.index()).copied().unwrap_or(0);
                    facts.push(format!("total {:+.2}", f64::from(t) / d));
                    facts.push(format!(
                        "{} {}x, {} {}x, mean place {:.2}",
                        self.titles.title(0, self.players),
                        r.boss,
                        self.titles
                            .title(self.players.saturating_sub(1), self.players),
                        r.ass,
                        r.mean_place
                    ));
                }
                facts
            })
            .collect()
    }

    /// The screen of this view, in the layout every game shares ([`Screen`]): the hand of the
    /// match in the heading; on the table the seating clockwise, the trick and its highest play,
    /// the jokers set aside and the cards played this hand; per seat its cards (or its place
    /// once out), its title of the last hand, the dealer, and once a hand is finished the match
    /// total and record; the hand one card per entry; the seat's own exchange as a private line.
    /// [`cards_core::GameView::screen`](crate::EinerIstImmer) returns it.
    pub fn screen(&self) -> Screen {
        let private = self
            .exchange
            .iter()
            .map(|x| {
                format!(
                    "Your exchange: you gave {} {}, received {}",
                    x.partner, x.gave, x.received
                )
            })
            .collect();
        Screen {
            heading: format!(
                "Einer ist immer der ..., hand {} of {}",
                self.hand_number, self.hands_in_match
            ),
            viewer: self.seat,
            to_move: self.to_move,
            table: self.table_lines(),
            seats: self.seat_facts(),
            hand: self.hand.cards().map(|r| symbol(r).to_owned()).collect(),
            private,
        }
    }
}

impl View {
    /// [`View::screen`] as catalogue messages ([`cards_core::GameView::screen_messages`]),
    /// which read as it in English.
    pub fn screen_messages(&self) -> Screen<Message> {
        let private = (self.exchange.iter())
            .map(|x| {
                Message::new("einer-your-exchange")
                    .text("partner", x.partner)
                    .text("gave", x.gave)
                    .text("received", x.received)
            })
            .collect();
        Screen {
            heading: Message::new("einer-heading")
                .number("hand", self.hand_number)
                .number("hands", self.hands_in_match),
            viewer: self.seat,
            to_move: self.to_move,
            table: self.table_messages(),
            seats: self.seat_messages(),
            hand: self.hand.cards().map(|r| symbol(r).to_owned()).collect(),
            private,
        }
    }

    /// [`View::table_lines`] as messages.
    fn table_messages(&self) -> Vec<Message> {
        let mut table = Vec::new();
        let seating: Vec<String> = self.chairs.iter().map(ToString::to_string).collect();
        table.push(Message::new("einer-seating").text("chairs", seating.join(" ")));
        if self.to_move.is_some() {
            if self.trick.is_empty() {
                table.push(Message::new("einer-trick-lead").text("seat", self.leader));
            } else {
                let turns: Vec<String> = (self.trick.iter())
                    .map(|t| format!("{} {}", t.seat, t.action))
                    .collect();
                table.push(match self.top {
                    Some((s, p)) => Message::new("einer-trick-top")
                        .text("turns", turns.join(", "))
                        .text("play", p)
                        .text("seat", s),
                    None => Message::new("einer-trick").text("turns", turns.join(", ")),
                });
            }
        } else {
            table.push(Message::new("einer-match-over"));
        }
        if self.set_aside.jokers() > 0 {
            table.push(Message::new("einer-jokers-aside").number("count", self.set_aside.jokers()));
        }
        table.push(Message::new("einer-played-hand").text("cards", self.played()));
        table
    }

    /// [`View::seat_facts`] as messages.
    fn seat_messages(&self) -> Vec<Vec<Message>> {
        let records = if self.rankings.is_empty() {
            Vec::new()
        } else {
            crate::rules::records(&self.rankings, self.players)
        };
        let d = (self.players.max(2) - 1) as f64;
        Seat::all(self.players)
            .map(|s| {
                let mut facts = Vec::new();
                if let Some(p) = self.finished.iter().position(|&x| x == s) {
                    facts.push(
                        Message::new("einer-out")
                            .number("place", p as i64 + 1)
                            .text("title", self.titles.title(p, self.players)),
                    );
                } else {
                    facts.push(Message::new("count-cards").number("count", self.count(s)));
                }
                if let Some(t) = self.previous_title(s) {
                    facts.push(Message::new("einer-last-title").text("title", t));
                }
                if s == self.dealer {
                    facts.push(Message::new("einer-dealer"));
                }
                if let Some(r) = records.get(s.index()) {
                    let t = self.points.get(s.index()).copied().unwrap_or(0);
                    let total = format!("{:+.2}", f64::from(t) / d);
                    facts.push(Message::new("einer-total").text("total", total));
                    let last = self.players.saturating_sub(1);
                    facts.push(
                        Message::new("einer-record")
                            .text("boss", self.titles.title(0, self.players))
                            .text("bosses", r.boss)
                            .text("ass", self.titles.title(last, self.players))
                            .text("asses", r.ass)
                            .text("mean", format!("{:.2}", r.mean_place)),
                    );
                }
                facts
            })
            .collect()
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.screen(), f)
    }
}

/// Every card text this game's screens show, with its face ([`cards_core::Catalog::card_faces`]):
/// the ranks `2` to `A` (suits do not matter) and the joker `JK`.
pub(crate) fn card_faces() -> Vec<cards_core::face::CardFace> {
    use cards_core::face::{CardFace, FaceKind};
    let mut faces: Vec<CardFace> = crate::cards::RANKS
        .map(|rank| {
            let s = symbol(rank);
            CardFace::new(s, s, s, FaceKind::Plain)
        })
        .collect();
    let joker = symbol(crate::cards::JOKER);
    faces.push(CardFace::new(joker, "★", "Joker", FaceKind::Joker));
    faces
}

/// A play's natural cards and its jokers (`JK`); a pass uses none.
pub(crate) fn action_cards(action: Action) -> Vec<String> {
    match action {
        Action::Pass => Vec::new(),
        Action::Play(p) => {
            let mut cards = Vec::with_capacity(usize::from(p.len()));
            if p.naturals() > 0 {
                cards.extend(
                    std::iter::repeat_n(crate::cards::symbol(p.rank()), usize::from(p.naturals()))
                        .map(str::to_owned),
                );
            }
            cards.extend(
                std::iter::repeat_n(
                    crate::cards::symbol(crate::cards::JOKER),
                    usize::from(p.jokers()),
                )
                .map(str::to_owned),
            );
            cards
        }
    }
}

#[cfg(test)]
mod tests {
    use cards_core::rng::{below, rng_from_seed};
    use cards_core::{Game, Seat};

    use crate::{Config, EinerIstImmer, View};

    /// A view refilled over and over (for every seat, along random deals) equals a new one.
    #[test]
    fn refill_equals_a_new_view() {
        let mut rng = rng_from_seed(5);
        let mut kept: Option<View> = None;
        for players in [4, 7, 10] {
            let config = Config {
                players,
                hands: 3,
                ..Config::default()
            };
            for seed in 0..4 {
                let mut state = EinerIstImmer::new(&config, seed).expect("a valid configuration");
                let mut legal = Vec::new();
                loop {
                    for s in 0..players {
                        let seat = Seat(s as u8);
                        let v = kept.get_or_insert_with(|| View::of(&state, seat));
                        v.refill(&state, seat);
                        assert_eq!(*v, View::of(&state, seat));
                    }
                    EinerIstImmer::legal_actions_into(&state, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[below(&mut rng, legal.len() as u64) as usize];
                    EinerIstImmer::apply_unchecked(&mut state, &a, &mut Vec::new());
                }
            }
        }
    }
}
