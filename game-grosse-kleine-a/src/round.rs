//! The round in progress.

use cards_core::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::ACard;

/// What kind of round is in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RoundKind {
    /// Nobody has led yet.
    Open,
    /// A normal round (A4): `k` cards per play, the highest play so far and who made it.
    Normal {
        /// Cards per play, set by the lead.
        k: u8,
        /// Rank of the highest play so far (14 for jokers only).
        rank: u8,
        /// Who made it.
        winner: Seat,
    },
    /// An A round (A7): the led A, the highest rank so far and who first played it.
    ARound {
        /// The A card that was led.
        card: ACard,
        /// The highest rank so far (0 = only the led A).
        rank: u8,
        /// Who first played that rank.
        winner: Seat,
    },
}
