//! What one seat may see: its own hand, the others' card counts, every meld on the table, the
//! stock size, the totals and tallies.

use std::fmt;

use cards_core::layout::{Group, Layout};
use cards_core::seat::Seat;
use cards_core::text::{Count, Message, Screen};
use serde::{Deserialize, Serialize};

use crate::cards::Hand;
use crate::event::or_message;
use crate::meld::Meld;
use crate::rules::{ROUNDS, RoundInfo};
use crate::state::{Phase, State};

/// One seat's view.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct View {
    /// The seat.
    pub seat: Seat,
    /// The round's facts.
    pub info: RoundInfo,
    /// The dealer.
    pub dealer: Seat,
    /// The phase (whose turn, whether a final turn).
    pub phase: Phase,
    /// The seat's own hand.
    pub hand: Hand,
    /// Every seat's card count.
    pub counts: Vec<usize>,
    /// The melds on the table, meld 1 first.
    pub melds: Vec<Meld>,
    /// Cards in the stock.
    pub stock: usize,
    /// Match totals.
    pub totals: Vec<u32>,
    /// Go-out tallies.
    pub tallies: Vec<u32>,
    /// Who went out this round, if anyone.
    pub went_out: Option<Seat>,
    /// The previous round's points, if a round was scored.
    pub last_points: Option<Vec<u32>>,
    /// The first round of the match (1 for a whole match).
    pub first_round: u8,
    /// The last round of the match (11 for a whole match from round 1).
    pub last_round: u8,
}

impl View {
    /// The view of `seat`.
    pub fn new(state: &State, seat: Seat) -> View {
        let mut view = View {
            seat,
            info: state.info,
            dealer: state.dealer,
            phase: state.phase,
            hand: Hand::default(),
            counts: Vec::new(),
            melds: Vec::new(),
            stock: 0,
            totals: Vec::new(),
            tallies: Vec::new(),
            went_out: None,
            last_points: None,
            first_round: 0,
            last_round: 0,
        };
        view.refill(state, seat);
        view
    }

    /// Makes this view [`View::new`]`(state, seat)`, reusing its vectors' allocations (for
    /// callers that build a view at every step, such as a batch of observations).
    pub fn refill(&mut self, state: &State, seat: Seat) {
        self.seat = seat;
        self.info = state.info;
        self.dealer = state.dealer;
        self.phase = state.phase;
        self.hand = state.hands.get(seat).copied().unwrap_or_default();
        self.counts.clear();
        self.counts.extend(state.hands.0.iter().map(Hand::len));
        self.melds.clone_from(&state.melds);
        self.stock = state.stock.len();
        self.totals.clone_from(&state.totals.0);
        self.tallies.clone_from(&state.tallies.0);
        self.went_out = state.went_out;
        self.last_points.clone_from(&state.last_points);
        self.first_round = state.config.first_round;
        self.last_round = state.config.first_round + state.config.rounds - 1;
    }
}

impl View {
    /// Whether this match is the whole rule book (rounds 1 to 11).
    fn whole(&self) -> bool {
        self.first_round == 1 && self.last_round >= ROUNDS
    }

    /// The screen's heading: the round (its place in a shorter match), hand size and wild rank.
    fn heading(&self) -> String {
        let info = self.info;
        let of = if self.whole() {
            format!(" of {ROUNDS}")
        } else {
            // A shorter match: the round's number in the rule book's sequence, and its place in
            // this match (as the table line says).
            format!(
                ", deal {} of {} in this match",
                info.round.saturating_sub(self.first_round) + 1,
                self.last_round.saturating_sub(self.first_round) + 1
            )
        };
        format!(
            "3 to 13, round {}{of} ({}, {}s wild)",
            info.round,
            Count(usize::from(info.hand), "card"),
            info.wild_rank()
        )
    }

    /// The table's lines on the round: the wilds and meld sizes, the stock, and the rounds of
    /// a shorter match.
    fn round_lines(&self) -> Vec<String> {
        let info = self.info;
        let sizes: Vec<String> = info.allowed_sizes().map(|s| s.to_string()).collect();
        let mut table = vec![
            format!(
                "wild: Aces, jokers and {}s; new melds of {} cards",
                info.wild_rank(),
                sizes.join(" or ")
            ),
            format!("stock: {} (no discard pile)", Count(self.stock, "card")),
        ];
        if !self.whole() {
            table.push(if self.first_round == self.last_round {
                format!("this match plays round {} only", self.last_round)
            } else {
                format!(
                    "this match plays rounds {} to {}",
                    self.first_round, self.last_round
                )
            });
        }
        table
    }

    /// The table's lines on play: the melds, whose turn it is and what it may do, and the
    /// previous round's points.
    fn play_lines(&self, table: &mut Vec<String>) {
        if self.melds.is_empty() {
            table.push("melds: none".to_owned());
        }
        for (i, m) in self.melds.iter().enumerate() {
            table.push(format!("meld {} ({}): {m}", i + 1, m.owner()));
        }
        match self.phase {
            Phase::Turn {
                seat,
                put_down,
                final_turn,
            } => table.push(format!(
                "{seat} {}",
                if final_turn {
                    "has a final turn: put cards down only"
                } else if put_down {
                    "is putting cards down: more, or done"
                } else {
                    "draws or puts cards down"
                }
            )),
            Phase::Over => table.push("the match is over".to_owned()),
        }
        if let Some(points) = &self.last_points {
            let list: Vec<String> = points.iter().map(ToString::to_string).collect();
            table.push(format!("last round's points: {}", list.join(", ")));
        }
    }

    /// Each seat's facts: card count, total, go-out tally and role.
    /// What lies on the table (see [`cards_core::GameView::layout`]): each meld by its owner,
    /// a wild card written with what it stands for (`Jk=Q`), the stock in the middle, and the
    /// round's wild cards (Aces, jokers and the round's rank).
    pub fn layout(&self) -> Layout {
        let mut groups: Vec<Group> = (self.melds.iter().enumerate())
            .map(|(i, m)| {
                let text = m.to_string();
                Group::open(
                    Some(m.owner()),
                    &format!("meld {}", i + 1),
                    text.split_whitespace(),
                )
            })
            .collect();
        groups.push(Group::hidden(None, "stock", self.stock));
        let wild = (0..crate::cards::FACES)
            .filter_map(crate::cards::Card::from_index)
            .filter(|&c| self.info.is_wild(c))
            .map(|c| c.to_string())
            .collect();
        Layout {
            trick: Vec::new(),
            last: None,
            groups,
            wild,
        }
    }

    fn seat_facts(&self) -> Vec<Vec<String>> {
        self.counts
            .iter()
            .enumerate()
            .map(|(i, &count)| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                let total = self.totals.get(i).copied().unwrap_or(0);
                let tally = self.tallies.get(i).copied().unwrap_or(0);
                let mut facts = vec![
                    Count(count, "card").to_string(),
                    format!("total {}", Count(total as usize, "point")),
                    format!("went out {tally}x"),
                ];
                if self.went_out == Some(seat) {
                    facts.push("went out this round".to_owned());
                }
                if self.dealer == seat {
                    facts.push("dealer".to_owned());
                }
                facts
            })
            .collect()
    }

    /// The seat's screen in the layout every game shares (see [`Screen`]): the round with its
    /// hand size and wild rank, the stock and the melds on the table, each seat's card count,
    /// total, go-out tally and role, and the seat's own hand.
    pub fn screen(&self) -> Screen {
        let mut table = self.round_lines();
        self.play_lines(&mut table);
        Screen {
            heading: self.heading(),
            viewer: self.seat,
            to_move: match self.phase {
                Phase::Turn { seat, .. } => Some(seat),
                Phase::Over => None,
            },
            table,
            seats: self.seat_facts(),
            hand: self.hand.iter().map(|c| c.to_string()).collect(),
            private: Vec::new(),
        }
    }
}

impl View {
    /// [`View::screen`] as catalogue messages ([`cards_core::GameView::screen_messages`]),
    /// which read as it in English.
    pub fn screen_messages(&self) -> Screen<Message> {
        let mut table = self.round_messages();
        self.play_messages(&mut table);
        let info = self.info;
        let heading = if self.whole() {
            Message::new("rummy-heading").number("rounds", ROUNDS)
        } else {
            Message::new("rummy-heading-part")
                .number("deal", info.round.saturating_sub(self.first_round) + 1)
                .number(
                    "deals",
                    self.last_round.saturating_sub(self.first_round) + 1,
                )
        };
        let heading = heading
            .number("round", info.round)
            .arg(
                "cards",
                Message::new("count-cards").number("count", info.hand),
            )
            .text("wild", info.wild_rank());
        Screen {
            heading,
            viewer: self.seat,
            to_move: match self.phase {
                Phase::Turn { seat, .. } => Some(seat),
                Phase::Over => None,
            },
            table,
            seats: self.seat_messages(),
            hand: self.hand.iter().map(|c| c.to_string()).collect(),
            private: Vec::new(),
        }
    }

    /// [`View::round_lines`] as messages.
    fn round_messages(&self) -> Vec<Message> {
        let info = self.info;
        let sizes: Vec<String> = info.allowed_sizes().map(|s| s.to_string()).collect();
        let mut table = vec![
            Message::new("rummy-wild")
                .text("wild", info.wild_rank())
                .arg("sizes", or_message(&sizes)),
            Message::new("rummy-stock").arg(
                "cards",
                Message::new("count-cards").number("count", self.stock as i64),
            ),
        ];
        if !self.whole() {
            table.push(if self.first_round == self.last_round {
                Message::new("rummy-only-round").number("round", self.last_round)
            } else {
                Message::new("rummy-rounds")
                    .number("first", self.first_round)
                    .number("last", self.last_round)
            });
        }
        table
    }

    /// [`View::play_lines`] as messages.
    fn play_messages(&self, table: &mut Vec<Message>) {
        if self.melds.is_empty() {
            table.push(Message::new("rummy-no-melds"));
        }
        for (i, m) in self.melds.iter().enumerate() {
            table.push(
                Message::new("rummy-meld")
                    .number("number", i as i64 + 1)
                    .text("owner", m.owner())
                    .text("meld", m),
            );
        }
        match self.phase {
            Phase::Turn {
                seat,
                put_down,
                final_turn,
            } => table.push(
                Message::new(if final_turn {
                    "rummy-final-turn"
                } else if put_down {
                    "rummy-putting-down"
                } else {
                    "rummy-draws-or-puts"
                })
                .text("seat", seat),
            ),
            Phase::Over => table.push(Message::new("rummy-match-over-line")),
        }
        if let Some(points) = &self.last_points {
            let list: Vec<String> = points.iter().map(ToString::to_string).collect();
            table.push(Message::new("rummy-last-points").text("points", list.join(", ")));
        }
    }

    /// [`View::seat_facts`] as messages.
    fn seat_messages(&self) -> Vec<Vec<Message>> {
        (self.counts.iter().enumerate())
            .map(|(i, &count)| {
                let seat = Seat(u8::try_from(i).unwrap_or(u8::MAX));
                let total = self.totals.get(i).copied().unwrap_or(0);
                let tally = self.tallies.get(i).copied().unwrap_or(0);
                let mut facts = vec![
                    Message::new("count-cards").number("count", count as i64),
                    Message::new("rummy-total").arg(
                        "points",
                        Message::new("count-points").number("count", total),
                    ),
                    Message::new("rummy-tally").number("tally", tally),
                ];
                if self.went_out == Some(seat) {
                    facts.push(Message::new("rummy-went-out-now"));
                }
                if self.dealer == seat {
                    facts.push(Message::new("rummy-dealer"));
                }
                facts
            })
            .collect()
    }
}

impl fmt::Display for View {
    /// The shared screen layout ([`View::screen`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.screen(), f)
    }
}

/// Every card text this game's screens show, with its face ([`cards_core::Catalog::card_faces`]):
/// the 52 suited faces (each twice in the pack) and the joker `Jk`, however many jokers a
/// configuration takes.
pub(crate) fn card_faces() -> Vec<cards_core::face::CardFace> {
    use cards_core::face::{CardFace, FaceKind};
    (0..crate::cards::FACES)
        .filter_map(crate::cards::Card::from_index)
        .map(|card| match (card.rank(), card.suit()) {
            (Some(rank), Some(suit)) => CardFace::suited(rank.symbol(), suit),
            _ => CardFace::new(&card.to_string(), "★", "Joker", FaceKind::RedJoker),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use cards_core::rng::{below, rng_from_seed};
    use cards_core::{Game, GameConfig, Seat};

    use crate::{Config, ContractRummy, View};

    /// A view refilled over and over (for every seat, along random rounds) equals a new one.
    #[test]
    fn refill_equals_a_new_view() {
        let mut rng = rng_from_seed(5);
        let mut kept: Option<View> = None;
        for players in [2, 4, 7] {
            let mut config = Config::for_players(players).expect("a valid player count");
            config.rounds = 2;
            for seed in 0..4 {
                let mut state = ContractRummy::new(&config, seed).expect("a valid configuration");
                let mut legal = Vec::new();
                loop {
                    for s in 0..players {
                        let seat = Seat(s as u8);
                        let v = kept.get_or_insert_with(|| View::new(&state, seat));
                        v.refill(&state, seat);
                        assert_eq!(*v, View::new(&state, seat));
                    }
                    ContractRummy::legal_actions_into(&state, &mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    let a = legal[below(&mut rng, legal.len() as u64) as usize];
                    ContractRummy::apply_unchecked(&mut state, &a, &mut Vec::new());
                }
            }
        }
    }
}
