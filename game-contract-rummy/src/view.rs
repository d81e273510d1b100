//! What one seat may see: its own hand, the others' card counts, every meld on the table, the
//! stock size, the totals and tallies.

use std::fmt;

use cards_core::seat::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::Hand;
use crate::meld::Meld;
use crate::rules::RoundInfo;
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
}

impl View {
    /// The view of `seat`.
    pub fn new(state: &State, seat: Seat) -> View {
        View {
            seat,
            info: state.info,
            dealer: state.dealer,
            phase: state.phase,
            hand: state.hands.get(seat).copied().unwrap_or_default(),
            counts: state.hands.0.iter().map(Hand::len).collect(),
            melds: state.melds.clone(),
            stock: state.stock.len(),
            totals: state.totals.0.clone(),
            tallies: state.tallies.0.clone(),
            went_out: state.went_out,
            last_points: state.last_points.clone(),
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}; {} dealt", self.info, self.dealer)?;
        writeln!(f, "stock: {}", cards_core::text::Count(self.stock, "card"))?;
        if self.melds.is_empty() {
            writeln!(f, "table: no melds")?;
        } else {
            writeln!(f, "table:")?;
            for (i, m) in self.melds.iter().enumerate() {
                writeln!(f, "  meld {} ({}): {m}", i + 1, m.owner())?;
            }
        }
        for (i, c) in self.counts.iter().enumerate() {
            let me = if i == self.seat.index() { " (you)" } else { "" };
            let out = if self.went_out == Some(Seat(i as u8)) {
                ", went out"
            } else {
                ""
            };
            writeln!(
                f,
                "S{i}{me}: {}, total {}, went out {}x{out}",
                cards_core::text::Count(*c, "card"),
                cards_core::text::Count(self.totals.get(i).copied().unwrap_or(0) as usize, "point"),
                self.tallies.get(i).copied().unwrap_or(0)
            )?;
        }
        match self.phase {
            Phase::Turn {
                seat,
                put_down,
                final_turn,
            } => {
                let what = if final_turn {
                    "final turn: put cards down only"
                } else if put_down {
                    "putting down"
                } else {
                    "draw or put down"
                };
                writeln!(f, "to move: {seat} ({what})")?;
            }
            Phase::Over => writeln!(f, "the match is over")?,
        }
        write!(f, "your hand: {}", self.hand)
    }
}
