//! What one seat may see, and how the terminal shows it.

use std::fmt;

use cards_core::{Direction, Seat};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::rules::{ACard, Cards};
use crate::state::{RoundKind, State};

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

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let round = match self.kind {
            RoundKind::Open => "to be led".to_owned(),
            RoundKind::Normal { k, .. } => format!("normal round, {k} card(s) per play"),
            RoundKind::ARound { card, .. } => format!("{card} round: no passing, jokers rank 1"),
        };
        writeln!(
            f,
            "Hand {} of {}, round {} ({round})",
            self.hand_number, self.hands_per_match, self.round
        )?;
        writeln!(f, "Your hand ({}): {}", self.seat, self.hand)?;
        f.write_str("Table:")?;
        if self.table.is_empty() {
            f.write_str(" -")?;
        }
        for (i, (s, a)) in self.table.iter().enumerate() {
            let sep = if i == 0 { " " } else { ", " };
            write!(f, "{sep}{s} {a}")?;
        }
        match self.kind {
            RoundKind::Open => {}
            RoundKind::Normal { k, rank, winner } => {
                let what = if rank >= crate::rules::JOKERS_ONLY_RANK {
                    "jokers only (14)".to_owned()
                } else {
                    format!("rank {rank}")
                };
                write!(f, "  [highest: {what} by {winner}; raise with {k} card(s)]")?;
            }
            RoundKind::ARound { rank, winner, .. } => {
                write!(f, "  [taking the trick so far: {winner} with rank {rank}]")?;
            }
        }
        writeln!(f)?;
        for (i, size) in self.hand_sizes.iter().enumerate() {
            let s = Seat(i as u8);
            write!(
                f,
                "  {s}: {:>2}",
                cards_core::text::Count(usize::from(*size), "card")
            )?;
            let pile = self.piles.get(i).copied().unwrap_or_default();
            if !pile.is_empty() {
                write!(f, ", penalty pile {} points", pile.pile_penalty())?;
            }
            if let Some(k) = self.known.get(i).filter(|k| !k.is_empty()) {
                write!(f, ", known to hold {k}")?;
            }
            write!(f, ", total {}", self.totals.get(i).copied().unwrap_or(0))?;
            if s == self.seat {
                f.write_str("  (you)")?;
            }
            if self.to_move == Some(s) {
                f.write_str("  <- to move")?;
            }
            writeln!(f)?;
        }
        for a in &self.a_cards {
            let place = match a.place {
                APlace::Middle => "in the middle of the table".to_owned(),
                APlace::Hand(s) if a.may_be_led => format!("held by {s} (may be led)"),
                APlace::Hand(s) => format!("held by {s} (may not be led this round, A6)"),
                APlace::Table => "on the table".to_owned(),
                APlace::Pile(s) => format!("in {s}'s penalty pile"),
            };
            writeln!(f, "The {}: {place}", a.card)?;
        }
        if self.to_move.is_none() {
            f.write_str("The match is over.")?;
        }
        Ok(())
    }
}
