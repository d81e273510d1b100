//! Configuration and its checks, and the limits of the rules.

use serde::{Deserialize, Serialize};

use crate::cards::ACard;
use crate::error::ConfigError;

/// The most players at the table.
pub const MAX_PLAYERS: usize = 9;
/// The most hands a match may have.
pub const MAX_HANDS: u16 = 1000;
/// The longest a hand can last, in rounds, from any position: every round but a Big A round
/// takes at least one card out of the hands for good, at most 110 cards ever enter them, and
/// a Big A round is never followed by another (its taker leads next and may not lead the Big A
/// then, A6), so at most `2 * 110 + 1` rounds. A stated position starts at round
/// `LONGEST_HAND` at the latest, so no state goes past twice that.
pub(crate) const LONGEST_HAND: u16 = 2 * 110 + 1;

/// Which A card goes to the winner of round 1 (A5, variant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstA {
    /// The winner of round 1 takes the little a, the winner of round 2 the Big A (this seed).
    #[default]
    LittleAFirst,
    /// The winner of round 1 takes the Big A, the winner of round 2 the little a (another
    /// translation).
    BigAFirst,
}

/// The rule options of a match.
///
/// Every field but the player count is a rule option; its label and one-line explanation for
/// players (`cards rules`, the lobby of `cards serve`) are in `Catalog::words`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Number of players, 3 to 9 (A2).
    pub players: u8,
    /// Hands per match (A10, variant; the seed plays 5).
    pub hands: u16,
    /// Which A card the winner of round 1 takes (A5, variant).
    pub first_a: FirstA,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            hands: 5,
            first_a: FirstA::LittleAFirst,
        }
    }
}

impl Config {
    /// Checks the ranges of every field.
    ///
    /// # Errors
    /// The first field out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(3..=MAX_PLAYERS).contains(&usize::from(self.players)) {
            return Err(ConfigError::Players {
                players: usize::from(self.players),
            });
        }
        if !(1..=MAX_HANDS).contains(&self.hands) {
            return Err(ConfigError::Hands { hands: self.hands });
        }
        Ok(())
    }

    /// Cards dealt to each player: 13, or 12 with nine players (A2).
    pub const fn deal_size(&self) -> u8 {
        if self.players >= 9 { 12 } else { 13 }
    }

    /// The round (1 or 2) at whose end `card` is handed out to the round's winner (A5).
    pub(crate) const fn round_of(&self, card: ACard) -> u16 {
        match (card, self.first_a) {
            (ACard::Little, FirstA::LittleAFirst) | (ACard::Big, FirstA::BigAFirst) => 1,
            (ACard::Little, FirstA::BigAFirst) | (ACard::Big, FirstA::LittleAFirst) => 2,
        }
    }

    /// The A card the winner of round `round` (1 or 2) takes, if any (A5).
    pub const fn a_for_round(&self, round: u16) -> Option<ACard> {
        match (round, self.first_a) {
            (1, FirstA::LittleAFirst) | (2, FirstA::BigAFirst) => Some(ACard::Little),
            (2, FirstA::LittleAFirst) | (1, FirstA::BigAFirst) => Some(ACard::Big),
            _ => None,
        }
    }
}
