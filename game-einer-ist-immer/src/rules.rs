//! The configuration, its validation, and the pure rules: the pack, card strength, what beats
//! what, the exchange, and a hand's value.

use serde::{Deserialize, Serialize};

use crate::cards::{Cards, JOKER};
use crate::error::ConfigError;

/// The smallest table (E1).
pub const MIN_PLAYERS: usize = 4;
/// The largest table (E1).
pub const MAX_PLAYERS: usize = 10;
/// The most hands a match may have.
pub const MAX_HANDS: u32 = 1000;
/// Cards dealt to every player (13; the Ass takes the jokers' worth on top, E7).
pub const HAND_SIZE: u8 = 13;

/// Which rank titles the views and narration print.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Titles {
    /// Boss, President, ..., Worker, Ass (the English text).
    #[default]
    English,
    /// Boss, Direktor, ..., Bürobote, Arsch (the German text).
    German,
}

const ENGLISH_MIDDLE: [&str; 8] = [
    "President",
    "Vice President",
    "Director",
    "Manager",
    "Team Leader",
    "Clerk",
    "Trainee",
    "Worker",
];
const GERMAN_MIDDLE: [&str; 8] = [
    "Direktor",
    "Hauptabteilungsleiter",
    "Abteilungsleiter",
    "Gruppenleiter",
    "Sachbearbeiter",
    "Referent",
    "Praktikant",
    "Bürobote",
];

impl Titles {
    /// The title of position `place` (0 = Boss) at a table of `players`: Boss and Ass always,
    /// the text's hierarchy in between (its last middle title just above the Ass).
    pub fn title(self, place: usize, players: usize) -> &'static str {
        let (top, bottom, middle) = match self {
            Titles::English => ("Boss", "Ass", &ENGLISH_MIDDLE),
            Titles::German => ("Boss", "Arsch", &GERMAN_MIDDLE),
        };
        if place == 0 {
            return top;
        }
        if place + 1 >= players {
            return bottom;
        }
        let m = players.saturating_sub(2);
        if place == m {
            middle[7]
        } else {
            middle.get(place - 1).copied().unwrap_or(middle[7])
        }
    }
}

/// The rules of a match. `Default` is the seed text: 5 players, 5 hands, English titles.
///
/// Every field but the player count is a rule option; its label and one-line explanation for
/// players (`cards rules`, the lobby of `cards serve`) are in `Catalog::words`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// Number of players, 4 to 10 (E1).
    pub players: usize,
    /// Hands per match, 1 to 1000 (E9, variant, default 5).
    pub hands: u32,
    /// The rank titles to print.
    pub titles: Titles,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 5,
            hands: 5,
            titles: Titles::English,
        }
    }
}

impl Config {
    /// Checks the configuration.
    ///
    /// # Errors
    /// The first field out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&self.players) {
            return Err(ConfigError::Players {
                players: self.players,
            });
        }
        if !(1..=MAX_HANDS).contains(&self.hands) {
            return Err(ConfigError::Hands { hands: self.hands });
        }
        Ok(())
    }

    /// The number of jokers in the pack: one per two players, floor(n/2) (E1).
    pub const fn jokers(&self) -> u8 {
        (self.players / 2) as u8
    }

    /// The full pack: one 13-card set per player plus the jokers (E1).
    pub fn pack(&self) -> Cards {
        pack(self.players)
    }
}

/// The full pack for `players` players: `players` cards of each rank 2 to Ace and floor(n/2)
/// jokers (E1).
pub fn pack(players: usize) -> Cards {
    let mut c = Cards::EMPTY;
    for r in crate::cards::RANKS {
        c.add(r, players as u8);
    }
    c.add(JOKER, (players / 2) as u8);
    c
}

/// The number of cards the rank-`i` pair from the top and bottom swap (`i` = 1 for Boss and
/// Ass): floor(n/2) - (i - 1), zero past the middle (E8).
pub const fn exchange_count(players: usize, i: usize) -> u8 {
    let half = players / 2;
    if i == 0 || i > half {
        0
    } else {
        (half - (i - 1)) as u8
    }
}

/// The `count` lowest natural cards of `hand` (jokers never given, E8).
pub fn lowest_naturals(hand: &Cards, count: u8) -> Cards {
    let mut out = Cards::EMPTY;
    let mut left = count;
    for r in crate::cards::RANKS {
        if left == 0 {
            break;
        }
        let n = hand.count(r).min(left);
        out.add(r, n);
        left -= n;
    }
    out
}

/// The `count` highest natural cards of `hand` (jokers never given, E8).
pub fn highest_naturals(hand: &Cards, count: u8) -> Cards {
    let mut out = Cards::EMPTY;
    let mut left = count;
    for r in crate::cards::RANKS.rev() {
        if left == 0 {
            break;
        }
        let n = hand.count(r).min(left);
        out.add(r, n);
        left -= n;
    }
    out
}

/// The value of finishing at `place` (0 = Boss) of `players`: (n - 1 - 2p) / (n - 1), from 1
/// for the Boss to -1 for the Ass (E9).
pub fn hand_value(place: usize, players: usize) -> f64 {
    let n = players as f64;
    (n - 1.0 - 2.0 * place as f64) / (n - 1.0)
}

/// One player's record over the finished hands of a match (E9).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// Hands finished as Boss.
    pub boss: u32,
    /// Hands finished as Ass.
    pub ass: u32,
    /// Mean place, 1 = Boss (0 when no hand is finished).
    pub mean_place: f64,
}

/// Each seat's record over `rankings` (each Boss first) at a table of `players`.
pub fn records(rankings: &[Vec<cards_core::Seat>], players: usize) -> Vec<Record> {
    let mut out = vec![
        Record {
            boss: 0,
            ass: 0,
            mean_place: 0.0,
        };
        players
    ];
    let mut sums = vec![0usize; players];
    for ranking in rankings {
        for (p, s) in ranking.iter().enumerate() {
            let (Some(r), Some(sum)) = (out.get_mut(s.index()), sums.get_mut(s.index())) else {
                continue;
            };
            *sum += p + 1;
            if p == 0 {
                r.boss += 1;
            }
            if p + 1 == players {
                r.ass += 1;
            }
        }
    }
    if !rankings.is_empty() {
        for (r, sum) in out.iter_mut().zip(sums) {
            r.mean_place = sum as f64 / rankings.len() as f64;
        }
    }
    out
}
