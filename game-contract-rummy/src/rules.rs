//! The configuration, the round table (rulings C2, C3, C5) and pure predicates on cards.

use std::fmt;

use cards_core::card::Rank;
use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::error::ConfigError;

/// The number of rounds of a full match (rulings C2).
pub const ROUNDS: u8 = 11;

/// Rule options and player count. `Default` is the seed text's rules with four players.
///
/// Every field but the player count is a rule option; its label and one-line explanation for
/// players (`cards rules`, the lobby of `cards serve`) are in `Catalog::words`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Number of players, 2 to 7 (rulings C1).
    pub players: usize,
    /// Jokers in the pack, 0 to 4 (rulings C1, variant; default 4).
    pub jokers: u8,
    /// The first round played, 1 to 11 (a match normally starts at round 1).
    pub first_round: u8,
    /// The number of rounds (deals) in the match, 1 to 11; `first_round + rounds - 1 <= 11`.
    pub rounds: u8,
    /// The sizes a new meld may have, per round 1 to 11 (rulings C5; eleven lists). Each size
    /// lies between 3 and the round's hand size.
    pub meld_sizes: Vec<Vec<u8>>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            jokers: 4,
            first_round: 1,
            rounds: ROUNDS,
            meld_sizes: (1..=ROUNDS).map(default_meld_sizes).collect(),
        }
    }
}

/// The sizes of a new meld in round `round` under rulings C5: exactly `h` cards, or 3 to `h - 3`.
pub fn default_meld_sizes(round: u8) -> Vec<u8> {
    let h = round + 2;
    let mut v: Vec<u8> = (3..=h.saturating_sub(3)).collect();
    v.push(h);
    v
}

impl Config {
    /// Checks every field.
    ///
    /// # Errors
    /// The first field out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(2..=7).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if self.jokers > 4 {
            return Err(ConfigError::Jokers(self.jokers));
        }
        let first = self.first_round;
        let rounds = self.rounds;
        if first == 0 || rounds == 0 || u16::from(first) + u16::from(rounds) > 12 {
            return Err(ConfigError::Rounds { first, rounds });
        }
        if self.meld_sizes.len() != usize::from(ROUNDS) {
            return Err(ConfigError::MeldSizeRows {
                rows: self.meld_sizes.len(),
            });
        }
        for (i, sizes) in self.meld_sizes.iter().enumerate() {
            let round = i as u8 + 1;
            let hand = round + 2;
            let mut mask = 0u16;
            for &s in sizes {
                if !(3..=hand).contains(&s) || mask & (1 << s) != 0 {
                    return Err(ConfigError::MeldSizes { round, hand });
                }
                mask |= 1 << s;
            }
            if mask == 0 {
                return Err(ConfigError::MeldSizes { round, hand });
            }
        }
        Ok(())
    }

    /// The round facts of round `round` (1 to 11).
    pub fn round_info(&self, round: u8) -> RoundInfo {
        let mut info = RoundInfo::new(round);
        if let Some(sizes) = self.meld_sizes.get(usize::from(round.saturating_sub(1))) {
            info.sizes = sizes
                .iter()
                .filter(|&&s| s < 16)
                .fold(0, |m, &s| m | (1 << s));
        }
        info
    }
}

/// The facts of one round: hand size, wild rank and allowed new-meld sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundInfo {
    /// The round, 1 to 11.
    pub round: u8,
    /// Cards dealt, `round + 2` (rulings C2).
    pub hand: u8,
    /// The round's wild rank number, equal to the hand size (3 .. 13; rulings C3).
    pub wild: u8,
    /// Allowed new-meld sizes as a bit mask (bit `s` set when size `s` is allowed; C5).
    pub sizes: u16,
}

impl RoundInfo {
    /// The facts of round `round` under the default size rule (C5).
    pub fn new(round: u8) -> RoundInfo {
        let hand = round + 2;
        let sizes = default_meld_sizes(round)
            .iter()
            .fold(0u16, |m, &s| m | (1 << s));
        RoundInfo {
            round,
            hand,
            wild: hand.min(13),
            sizes,
        }
    }

    /// The wild rank.
    pub fn wild_rank(&self) -> Rank {
        Rank::from_number(self.wild).unwrap_or(Rank::King)
    }

    /// Whether a new meld may have `size` cards.
    pub fn allows(&self, size: usize) -> bool {
        size < 16 && self.sizes & (1 << size) != 0
    }

    /// The allowed sizes, smallest first.
    pub fn allowed_sizes(&self) -> impl Iterator<Item = u8> + '_ {
        (3..16u8).filter(|&s| self.sizes & (1 << s) != 0)
    }

    /// Whether `card` is wild this round: jokers, Aces, and the wild rank (C3).
    pub const fn is_wild(&self, card: Card) -> bool {
        let r = card.rank_number();
        r == 0 || r == 1 || r == self.wild
    }

    /// Whether `card` is a "high" wild (joker or Ace, 25 points; all interchangeable).
    pub const fn is_high_wild(card: Card) -> bool {
        let r = card.rank_number();
        r <= 1
    }
}

impl fmt::Display for RoundInfo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "round {}: {} cards, wild: Aces, jokers and {}s; new melds of ",
            self.round,
            self.hand,
            self.wild_rank()
        )?;
        let sizes: Vec<String> = self.allowed_sizes().map(|s| s.to_string()).collect();
        write!(f, "{} cards", sizes.join(", "))
    }
}

/// What a card left in hand costs (rulings C7): 2-10 face value, J/Q/K 10, Ace 25, joker 25;
/// a card of the wild rank counts its face value.
pub const fn card_points(card: Card) -> u32 {
    match card.rank_number() {
        0 | 1 => 25,
        r @ 2..=10 => r as u32,
        _ => 10,
    }
}
