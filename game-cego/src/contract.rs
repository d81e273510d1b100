//! The contracts: the phase-two ladder, the special games and Räuber (cego.md §4), their
//! names, notation and factors.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The contracts. The first seven form the phase-two ladder (Solo only after a Solo call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[repr(u8)]
pub enum Contract {
    /// Solo: the dealt hand, the cego set aside.
    Solo,
    /// Cego (Gegensolo when bid over a Solo): keep 2, take the cego, discard 1 more.
    Cego,
    /// One Card: keep 1 hidden card.
    OneCard,
    /// One Blank: keep 1 numeral face up (dead).
    OneBlank,
    /// Two Blanks: keep 2 numerals of one suit face up (dead); double lead.
    TwoBlanks,
    /// Two Different: keep 2 numerals of different suits face up; double lead.
    TwoDifferent,
    /// Little Man: keep Trock 1 face up and lead it.
    LittleMan,
    /// Ulti: win the last trick with Trock 1.
    Ulti,
    /// Piccolo: take exactly one trick.
    Piccolo,
    /// Bettel: take no trick.
    Bettel,
    /// Räuber: no soloist; most card points loses.
    Raeuber,
}

impl Contract {
    /// Every contract.
    pub const ALL: [Contract; 11] = [
        Contract::Solo,
        Contract::Cego,
        Contract::OneCard,
        Contract::OneBlank,
        Contract::TwoBlanks,
        Contract::TwoDifferent,
        Contract::LittleMan,
        Contract::Ulti,
        Contract::Piccolo,
        Contract::Bettel,
        Contract::Raeuber,
    ];

    /// The notation of a bid of this contract.
    pub const fn notation(self) -> &'static str {
        match self {
            Contract::Solo => "solo",
            Contract::Cego => "cego",
            Contract::OneCard => "one-card",
            Contract::OneBlank => "one-blank",
            Contract::TwoBlanks => "two-blanks",
            Contract::TwoDifferent => "two-different",
            Contract::LittleMan => "little-man",
            Contract::Ulti => "ulti",
            Contract::Piccolo => "piccolo",
            Contract::Bettel => "bettel",
            Contract::Raeuber => "raeuber",
        }
    }

    /// The English name.
    pub const fn name(self) -> &'static str {
        match self {
            Contract::Solo => "Solo",
            Contract::Cego => "Cego",
            Contract::OneCard => "One Card",
            Contract::OneBlank => "One Blank",
            Contract::TwoBlanks => "Two Blanks",
            Contract::TwoDifferent => "Two Different",
            Contract::LittleMan => "Little Man",
            Contract::Ulti => "Ulti",
            Contract::Piccolo => "Piccolo",
            Contract::Bettel => "Bettel",
            Contract::Raeuber => "Räuber",
        }
    }

    /// The next rung of the ladder (Solo < Cego < One Card < ... < Little Man).
    pub const fn next_rung(self) -> Option<Contract> {
        match self {
            Contract::Solo => Some(Contract::Cego),
            Contract::Cego => Some(Contract::OneCard),
            Contract::OneCard => Some(Contract::OneBlank),
            Contract::OneBlank => Some(Contract::TwoBlanks),
            Contract::TwoBlanks => Some(Contract::TwoDifferent),
            Contract::TwoDifferent => Some(Contract::LittleMan),
            _ => None,
        }
    }

    /// Whether this is a counter (point) game.
    pub const fn is_counter(self) -> bool {
        (self as u8) <= Contract::LittleMan as u8
    }

    /// Whether the soloist takes the cego (a discard game with a Legage).
    pub const fn takes_cego(self) -> bool {
        (self as u8) >= Contract::Cego as u8 && (self as u8) <= Contract::LittleMan as u8
    }

    /// How many dealt cards the soloist keeps in a discard game (the same at three players,
    /// cego.md 10). For the other contracts, where he plays the dealt hand, 11: the hand at
    /// four players (at three it is 13, [`hand_size`](crate::hand_size)).
    pub const fn kept(self) -> u8 {
        match self {
            Contract::Cego | Contract::TwoBlanks | Contract::TwoDifferent => 2,
            Contract::OneCard | Contract::OneBlank | Contract::LittleMan => 1,
            _ => 11,
        }
    }

    /// Whether the double lead of tricks 1 and 2 applies.
    pub const fn double_lead(self) -> bool {
        matches!(self, Contract::TwoBlanks | Contract::TwoDifferent)
    }

    /// The factor of a counter game (cego.md §7.1): `after_solo` selects the "against a Solo"
    /// column; Solo is 2 when won and 1 when lost. 0 for Ulti, Piccolo, Bettel and Räuber, in
    /// either column: they are not counter games (§7.2, §7.3).
    pub const fn factor(self, after_solo: bool, won: bool) -> i32 {
        let base = match self {
            Contract::Solo => return if won { 2 } else { 1 },
            Contract::Cego => 1,
            Contract::OneCard => 2,
            Contract::OneBlank => 3,
            Contract::TwoBlanks => 4,
            Contract::TwoDifferent => 5,
            Contract::LittleMan => 6,
            _ => return 0,
        };
        if after_solo { base + 1 } else { base }
    }
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A contract name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown contract {0:?}")]
pub struct ParseContractError(pub String);

impl FromStr for Contract {
    type Err = ParseContractError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        if lower == "gegensolo" {
            return Ok(Contract::Cego);
        }
        if lower == "räuber" || lower == "rauber" {
            return Ok(Contract::Raeuber);
        }
        Contract::ALL
            .into_iter()
            .find(|c| c.notation() == lower)
            .ok_or_else(|| ParseContractError(s.to_owned()))
    }
}
