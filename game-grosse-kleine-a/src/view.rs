//! What one seat may see, and how the terminal shows it.

use std::fmt;

use cards_core::layout::{Group, Laid, Layout};
use cards_core::text::{Count, Message, Screen};
use cards_core::{Direction, Seat};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::cards::{ACard, Cards, JOKERS_ONLY_RANK};
use crate::event::a_card_message;
use crate::round::RoundKind;
use crate::state::State;

/// Where an A card is (always public).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum APlace {
    /// In the middle of the table, not yet handed out (A5).
    Middle,
    /// In a player's hand.
    Hand(Seat),
    /// Led to the round in progress.
    Table,
    /// In a player's penalty pile (the little a after its round, A7).
    Pile(Seat),
}

/// Public facts about one A card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ASight {
    /// Which A.
    pub card: ACard,
    /// Where it is.
    pub place: APlace,
    /// Whether its holder may lead it this round (A6).
    pub may_be_led: bool,
}

/// What one seat sees: its own hand, every other hand's size, the round, where the A cards are,
/// the penalty piles, the scores. Never another seat's cards (except those publicly taken into
/// hand from a Big A trick and not played since).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// The seat whose view this is.
    pub seat: Seat,
    /// Number of players.
    pub players: u8,
    /// The hand in progress, from 1.
    pub hand_number: u16,
    /// Hands in the match.
    pub hands_per_match: u16,
    /// The round in progress, from 1.
    pub round: u16,
    /// The seat's own cards.
    pub hand: Cards,
    /// Each seat's number of cards.
    pub hand_sizes: Vec<u8>,
    /// Cards publicly known to be in each hand (taken from a Big A trick, not played since).
    pub known: Vec<Cards>,
    /// Each seat's little-a penalty pile (its cards were played face up).
    pub piles: Vec<Cards>,
    /// The two A cards.
    pub a_cards: [ASight; 2],
    /// The round in progress.
    pub kind: RoundKind,
    /// What was done this round so far, in order.
    pub table: Vec<(Seat, Action)>,
    /// Cards played in earlier normal rounds of this hand (out of play).
    pub out: Cards,
    /// Cards not dealt (unseen).
    pub undealt: u8,
    /// Who decides now (`None` when the match is over).
    pub to_move: Option<Seat>,
    /// Penalty points of each finished hand.
    pub results: Vec<Vec<u16>>,
    /// Match totals of the finished hands.
    pub totals: Vec<u32>,
}

impl View {
    /// The view of `seat` in `state`.
    pub fn of(state: &State, seat: Seat) -> View {
        let d = &state.deal;
        let n = d.players();
        let seats = || Seat::all(n);
        let sight = |a: ACard| {
            let place = if d.middle.count(a.slot()) > 0 {
                APlace::Middle
            } else if d.table.count(a.slot()) > 0 {
                APlace::Table
            } else if let Some(s) = d.a_holder(a) {
                APlace::Hand(s)
            } else {
                seats()
                    .find(|s| d.piles[s.index()].count(a.slot()) > 0)
                    .map_or(APlace::Middle, APlace::Pile)
            };
            ASight {
                card: a,
                place,
                may_be_led: matches!(place, APlace::Hand(_)) && !d.a_is_blocked(a),
            }
        };
        let table = d
            .opener
            .cycle_from(n, Direction::Clockwise)
            .filter(|s| d.is_done(*s))
            .map(|s| (s, d.acts[s.index()]))
            .collect();
        View {
            seat,
            players: d.players,
            hand_number: state.hand + 1,
            hands_per_match: state.config.hands,
            round: d.round,
            hand: state.hand_of(seat),
            hand_sizes: seats().map(|s| d.hand(s).len() as u8).collect(),
            known: seats().map(|s| d.known[s.index()]).collect(),
            piles: seats().map(|s| d.piles[s.index()]).collect(),
            a_cards: [sight(ACard::Little), sight(ACard::Big)],
            kind: d.kind,
            table,
            out: d.out,
            undealt: d.undealt.len() as u8,
            to_move: if state.over { None } else { Some(d.turn) },
            results: state.results.clone(),
            totals: state.totals().to_vec(),
        }
    }
}

impl View {
    /// The screen of this view, in the layout every game shares ([`Screen`]): the hand of the
    /// match and the round with its kind in the heading; on the table what was played this
    /// round and what is highest, where each A card is (and whether it may be led, A6), the
    /// cards out of play from earlier rounds of the hand and how many were not dealt; per seat
    /// its number of cards, its penalty pile, the cards known to be in its hand and its match
    /// total; the hand one card per entry. [`cards_core::GameView::screen`](crate::GrosseKleineA)
    /// returns it.
    pub fn screen(&self) -> Screen {
        let kind = match self.kind {
            RoundKind::Open => "to be led".to_owned(),
            RoundKind::Normal { k, .. } => {
                format!("normal round, {} per play", Count(usize::from(k), "card"))
            }
            RoundKind::ARound { card, .. } => {
                format!("{card} round: no passing, jokers rank 1")
            }
        };
        Screen {
            heading: format!(
                "Das Grosse und das kleine A, hand {} of {}, round {} ({kind})",
                self.hand_number, self.hands_per_match, self.round
            ),
            viewer: self.seat,
            to_move: self.to_move,
            table: self.table_lines(),
            seats: (0..usize::from(self.players))
                .map(|i| self.seat_facts(i))
                .collect(),
            hand: self.hand.symbols(),
            private: Vec::new(),
        }
    }

    /// What lies on the table (see [`cards_core::GameView::layout`]): the round's plays in
    /// front of who played them (a pass said), each little-a penalty pile face up by its
    /// owner, an A card in the middle, and the out-of-play cards of earlier rounds.
    pub fn layout(&self) -> Layout {
        let trick = (self.table.iter())
            .map(|&(s, a)| match a {
                Action::Pass => Laid::word(s, "pass"),
                _ => Laid::cards(s, a.cards().symbols()),
            })
            .collect();
        let mut groups = Vec::new();
        for (i, pile) in self.piles.iter().enumerate() {
            if !pile.is_empty() {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                groups.push(Group::open(Some(seat), "penalty pile", pile.symbols()));
            }
        }
        for a in &self.a_cards {
            if a.place == APlace::Middle {
                groups.push(Group::open(None, "in the middle", [a.card.to_string()]));
            }
        }
        if !self.out.is_empty() {
            groups.push(Group::open(None, "out of play", self.out.symbols()));
        }
        Layout {
            trick,
            last: None,
            groups,
            wild: Vec::new(),
        }
    }

    /// The screen's table: the round's acts (or who leads), what is highest, where each A card
    /// is, the cards out of play and not dealt, and the end of the match.
    fn table_lines(&self) -> Vec<String> {
        let mut table = Vec::new();
        if self.table.is_empty() {
            if let Some(s) = self.to_move {
                table.push(format!("round {}: {s} to lead", self.round));
            }
        } else {
            let acts: Vec<String> = self.table.iter().map(|(s, a)| format!("{s} {a}")).collect();
            table.push(format!("round {}: {}", self.round, acts.join(", ")));
        }
        match self.kind {
            RoundKind::Open => {}
            RoundKind::Normal { k, rank, winner } => {
                let what = if rank >= JOKERS_ONLY_RANK {
                    "jokers only (14)".to_owned()
                } else {
                    format!("rank {rank}")
                };
                table.push(format!(
                    "highest: {what} by {winner}; raise with {} of a higher rank",
                    Count(usize::from(k), "card")
                ));
            }
            RoundKind::ARound { rank, winner, .. } => {
                table.push(format!(
                    "taking the trick so far: {winner} with rank {rank}"
                ));
            }
        }
        for a in &self.a_cards {
            let place = match a.place {
                APlace::Middle => "in the middle of the table".to_owned(),
                APlace::Hand(s) if a.may_be_led => format!("held by {s} (may be led)"),
                APlace::Hand(s) => format!("held by {s} (may not be led this round, A6)"),
                APlace::Table => "on the table".to_owned(),
                APlace::Pile(s) => format!("in {s}'s penalty pile"),
            };
            table.push(format!("the {}: {place}", a.card));
        }
        if !self.out.is_empty() {
            table.push(format!("out of play from earlier rounds: {}", self.out));
        }
        table.push(format!(
            "not dealt: {} (unseen)",
            Count(usize::from(self.undealt), "card")
        ));
        if self.to_move.is_none() {
            table.push("the match is over".to_owned());
        }
        table
    }

    /// What the screen shows of seat `i`: its number of cards, its penalty pile, the cards
    /// known to be in its hand and its match total.
    fn seat_facts(&self, i: usize) -> Vec<String> {
        let size = self.hand_sizes.get(i).copied().unwrap_or(0);
        let mut facts = vec![Count(usize::from(size), "card").to_string()];
        let pile = self.piles.get(i).copied().unwrap_or_default();
        if !pile.is_empty() {
            facts.push(format!(
                "penalty pile {pile} ({})",
                Count(usize::from(pile.pile_penalty()), "point")
            ));
        }
        if let Some(k) = self.known.get(i).filter(|k| !k.is_empty()) {
            facts.push(format!("known to hold {k}"));
        }
        facts.push(format!(
            "total {}",
            self.totals.get(i).copied().unwrap_or(0)
        ));
        facts
    }
}

/// `count-cards`: a number of cards.
fn count_cards(n: u8) -> Message {
    Message::new("count-cards").number("count", n)
}

impl View {
    /// [`View::screen`] as catalogue messages ([`cards_core::GameView::screen_messages`]),
    /// which read as it in English.
    pub fn screen_messages(&self) -> Screen<Message> {
        let kind = match self.kind {
            RoundKind::Open => Message::new("gka-kind-open"),
            RoundKind::Normal { k, .. } => {
                Message::new("gka-kind-normal").arg("cards", count_cards(k))
            }
            RoundKind::ARound { card, .. } => {
                let which = if card == ACard::Little {
                    "little"
                } else {
                    "big"
                };
                Message::new("gka-kind-a").text("which", which)
            }
        };
        Screen {
            heading: Message::new("gka-heading")
                .number("hand", self.hand_number)
                .number("hands", self.hands_per_match)
                .number("round", self.round)
                .arg("kind", kind),
            viewer: self.seat,
            to_move: self.to_move,
            table: self.table_messages(),
            seats: (0..usize::from(self.players))
                .map(|i| self.seat_messages(i))
                .collect(),
            hand: self.hand.symbols(),
            private: Vec::new(),
        }
    }

    /// [`View::table_lines`] as messages.
    fn table_messages(&self) -> Vec<Message> {
        let mut table = Vec::new();
        if self.table.is_empty() {
            if let Some(s) = self.to_move {
                table.push(
                    Message::new("gka-round-lead")
                        .number("round", self.round)
                        .text("seat", s),
                );
            }
        } else {
            let acts: Vec<String> = self.table.iter().map(|(s, a)| format!("{s} {a}")).collect();
            table.push(
                Message::new("gka-round-acts")
                    .number("round", self.round)
                    .text("acts", acts.join(", ")),
            );
        }
        match self.kind {
            RoundKind::Open => {}
            RoundKind::Normal { k, rank, winner } => {
                let m = if rank >= JOKERS_ONLY_RANK {
                    Message::new("gka-highest-jokers")
                } else {
                    Message::new("gka-highest").number("rank", rank)
                };
                table.push(m.text("seat", winner).arg("cards", count_cards(k)));
            }
            RoundKind::ARound { rank, winner, .. } => {
                table.push(
                    Message::new("gka-taking")
                        .text("seat", winner)
                        .number("rank", rank),
                );
            }
        }
        for a in &self.a_cards {
            let m = match a.place {
                APlace::Middle => Message::new("gka-a-middle"),
                APlace::Hand(s) if a.may_be_led => Message::new("gka-a-held-may").text("seat", s),
                APlace::Hand(s) => Message::new("gka-a-held-may-not").text("seat", s),
                APlace::Table => Message::new("gka-a-table"),
                APlace::Pile(s) => Message::new("gka-a-pile").text("seat", s),
            };
            table.push(m.arg("card", a_card_message(a.card)));
        }
        if !self.out.is_empty() {
            table.push(Message::new("gka-out").text("cards", self.out));
        }
        table.push(Message::new("gka-not-dealt").arg("cards", count_cards(self.undealt)));
        if self.to_move.is_none() {
            table.push(Message::new("gka-match-over"));
        }
        table
    }

    /// [`View::seat_facts`] as messages.
    fn seat_messages(&self, i: usize) -> Vec<Message> {
        let size = self.hand_sizes.get(i).copied().unwrap_or(0);
        let mut facts = vec![count_cards(size)];
        let pile = self.piles.get(i).copied().unwrap_or_default();
        if !pile.is_empty() {
            facts.push(Message::new("gka-pile").text("pile", pile).arg(
                "points",
                Message::new("count-points").number("count", pile.pile_penalty()),
            ));
        }
        if let Some(k) = self.known.get(i).filter(|k| !k.is_empty()) {
            facts.push(Message::new("gka-known").text("cards", k));
        }
        facts.push(
            Message::new("gka-total").number("total", self.totals.get(i).copied().unwrap_or(0)),
        );
        facts
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.screen(), f)
    }
}

/// Every card text this game's screens show, with its face ([`cards_core::Catalog::card_faces`]):
/// the numbers `1` to `13`, the joker `J`, the little a `a` and the Big A `A`.
pub(crate) fn card_faces() -> Vec<cards_core::face::CardFace> {
    use cards_core::face::{CardFace, FaceKind};
    let mut faces: Vec<CardFace> = (1..=13)
        .map(|n: u8| {
            let n = n.to_string();
            CardFace::new(&n, &n, &n, FaceKind::Number)
        })
        .collect();
    faces.push(CardFace::new("J", "★", "Joker", FaceKind::Joker));
    faces.push(CardFace::new("a", "a", "a", FaceKind::Little).with_note(ACard::Little.name()));
    faces.push(CardFace::new("A", "A", "A", FaceKind::Big).with_note(ACard::Big.name()));
    faces
}
