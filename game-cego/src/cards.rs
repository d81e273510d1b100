//! The 54-card tarock pack of Cego: cards, notation, ranking, card points and counting.

use std::fmt;
use std::str::FromStr;

use cards_core::card::{CardIndex, ParseCardError, Suit};
use cards_core::set::CardSet;

/// A set of Cego cards (a 54-bit mask).
pub type Cards = CardSet<Card>;

/// A card of the tarock pack: 22 Trocks (`T1` ... `T21`, the Gstieß `Gs`) and four plain suits
/// of eight cards (`K Q R J` and four numerals).
///
/// Index layout: Trocks 1 to 21 are 0 to 20, the Gstieß is 21; plain cards are
/// `22 + 8 * suit + (position - 1)` with suits ordered ♣ ♠ ♥ ♦ and the position 1 (lowest
/// numeral) to 8 (King) of cego.md §1.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// Suit codes: plain suits 0 to 3 (♣ ♠ ♥ ♦), 4 for the Trocks.
pub const TROCK: u8 = 4;

/// The plain suits in code order 0 to 3 (♣ ♠ ♥ ♦, also their precedence from high to low).
pub const SUITS: [Suit; 4] = [Suit::Clubs, Suit::Spades, Suit::Hearts, Suit::Diamonds];

const fn suit_mask(code: u8) -> u128 {
    if code == TROCK {
        (1u128 << 22) - 1
    } else {
        0xFFu128 << (22 + 8 * code as u32)
    }
}

/// The cards of each suit code (0 to 3 plain, 4 Trocks) as raw masks.
pub const SUIT_MASKS: [u128; 5] = [
    suit_mask(0),
    suit_mask(1),
    suit_mask(2),
    suit_mask(3),
    suit_mask(TROCK),
];

/// The 16 numerals (blanks) as a raw mask.
pub const NUMERALS: u128 = {
    let mut m = 0u128;
    let mut s = 0;
    while s < 4 {
        m |= 0x0Fu128 << (22 + 8 * s);
        s += 1;
    }
    m
};

/// The 16 courts as a raw mask.
pub const COURTS: u128 =
    (SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2] | SUIT_MASKS[3]) & !NUMERALS;

/// The three cards removed from the pack at three players (cego.md 10): ♣7, ♠7 and ♦4, the
/// lowest numeral of clubs, of spades and of diamonds. Raw mask.
pub const REMOVED_AT_THREE: u128 = (1u128 << 22) | (1u128 << 30) | (1u128 << 46);

/// The cards removed from the pack at a table of `players` (cego.md 10): ♣7, ♠7 and ♦4 at
/// three players, none at four or five.
pub const fn removed(players: usize) -> Cards {
    if players == 3 {
        CardSet::from_bits(REMOVED_AT_THREE)
    } else {
        CardSet::from_bits(0)
    }
}

/// The pack a table of `players` plays with: the 54 cards at four or five players, 51 at
/// three (cego.md 10: without ♣7, ♠7 and ♦4, see [`removed`]).
pub const fn pack_for(players: usize) -> Cards {
    CardSet::from_bits(((1u128 << 54) - 1) & !removed(players).bits())
}

/// [`Card::strength`] by card index (0 beyond the pack).
const STRENGTH: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 54 {
        t[i] = match Card(i as u8).kind() {
            Kind::Trock(n) => 100 + n,
            Kind::Plain(s, p) => p * 4 + (3 - s),
        };
        i += 1;
    }
    t
};

/// What a card is, to match on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A Trock, numbered 1 to 22 (22 = the Gstieß).
    Trock(u8),
    /// A plain card: its suit code (0 to 3, ♣ ♠ ♥ ♦) and position 1 (lowest) to 8 (King).
    Plain(u8, u8),
}

impl Card {
    /// Trock 1, the Little One (Geiß, Kleiner Mann).
    pub const T1: Card = Card(0);
    /// Trock 21, the Mond.
    pub const T21: Card = Card(20);
    /// The Gstieß, the highest Trock.
    pub const GSTIESS: Card = Card(21);
    /// The number of cards in the pack.
    pub const COUNT: usize = 54;

    /// The Trock numbered `n` (1 to 22, 22 = the Gstieß).
    pub const fn trock(n: u8) -> Option<Card> {
        if n >= 1 && n <= 22 {
            Some(Card(n - 1))
        } else {
            None
        }
    }

    /// The plain card of suit code `suit` (0 to 3) at `position` (1 to 8).
    pub const fn plain(suit: u8, position: u8) -> Option<Card> {
        if suit < 4 && position >= 1 && position <= 8 {
            Some(Card(22 + 8 * suit + position - 1))
        } else {
            None
        }
    }

    /// The card at index `i`, for indices taken from a mask of valid cards (internal).
    pub(crate) const fn from_raw(i: u8) -> Card {
        Card(i)
    }

    /// The card's index (0 to 53).
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The card's raw mask bit.
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }

    /// What the card is.
    pub const fn kind(self) -> Kind {
        if self.0 < 22 {
            Kind::Trock(self.0 + 1)
        } else {
            let i = self.0 - 22;
            Kind::Plain(i / 8, i % 8 + 1)
        }
    }

    /// Whether the card is a Trock.
    pub const fn is_trock(self) -> bool {
        self.0 < 22
    }

    /// The suit code: 0 to 3 for ♣ ♠ ♥ ♦, `TROCK` for the Trocks.
    pub const fn suit_code(self) -> u8 {
        if self.0 < 22 {
            TROCK
        } else {
            (self.0 - 22) / 8
        }
    }

    /// Whether the card is a numeral (blank).
    pub const fn is_numeral(self) -> bool {
        NUMERALS & self.bit() != 0
    }

    /// Whether the card is a court (K, Q, R, J).
    pub const fn is_court(self) -> bool {
        COURTS & self.bit() != 0
    }

    /// Card points (cego.md §2): Kings and the three trump honours 5, Queens 4, Cavaliers 3,
    /// Jacks 2, every other card 1.
    pub const fn points(self) -> u32 {
        match self.kind() {
            Kind::Trock(1 | 21 | 22) => 5,
            Kind::Trock(_) => 1,
            Kind::Plain(_, 8) => 5,
            Kind::Plain(_, 7) => 4,
            Kind::Plain(_, 6) => 3,
            Kind::Plain(_, 5) => 2,
            Kind::Plain(_, _) => 1,
        }
    }

    /// Strength for comparing winning cards across tricks (cego.md §6.5): a Trock beats a plain
    /// card, Trocks by number, plain cards by position, then by suit precedence ♣ > ♠ > ♥ > ♦.
    pub const fn strength(self) -> u8 {
        // A table of 256 entries: indexing by a `u8` needs no bounds check (trick resolution
        // asks for every card played).
        STRENGTH[self.0 as usize]
    }

    /// Every card of the pack in index order.
    pub fn pack() -> impl Iterator<Item = Card> + Clone {
        (0..54).map(Card)
    }
}

impl CardIndex for Card {
    const COUNT: usize = 54;
    fn to_index(self) -> usize {
        self.0 as usize
    }
    fn from_index(index: usize) -> Option<Self> {
        (index < 54).then_some(Card(index as u8))
    }
}

const BLACK_NUMERALS: [&str; 4] = ["7", "8", "9", "10"];
const RED_NUMERALS: [&str; 4] = ["4", "3", "2", "1"];
const COURT_NAMES: [&str; 4] = ["J", "R", "Q", "K"];

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            Kind::Trock(22) => f.write_str("Gs"),
            Kind::Trock(n) => write!(f, "T{n}"),
            Kind::Plain(s, p) => {
                let rank = if p >= 5 {
                    COURT_NAMES[(p - 5) as usize]
                } else if s < 2 {
                    BLACK_NUMERALS[(p - 1) as usize]
                } else {
                    RED_NUMERALS[(p - 1) as usize]
                };
                write!(f, "{rank}{}", SUITS[s as usize].letter())
            }
        }
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

const EXPECTED: &str = "T1 to T21, Gs, or rank (K Q R J, 10 9 8 7 in clubs and spades, 1 2 3 4 in hearts and diamonds) then suit c s h d";

impl FromStr for Card {
    type Err = ParseCardError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseCardError::new("card", s, EXPECTED);
        if s.eq_ignore_ascii_case("gs") {
            return Ok(Card::GSTIESS);
        }
        if let Some(n) = s.strip_prefix(['T', 't']) {
            return n
                .parse::<u8>()
                .ok()
                .filter(|n| (1..=21).contains(n))
                .and_then(Card::trock)
                .ok_or_else(err);
        }
        let mut chars = s.chars();
        let letter = chars.next_back().ok_or_else(err)?;
        let rank = chars.as_str();
        let suit = Suit::from_letter(letter.to_ascii_lowercase()).ok_or_else(err)?;
        let code = SUITS.iter().position(|&x| x == suit).ok_or_else(err)? as u8;
        let position = match rank {
            "K" | "k" => 8,
            "Q" | "q" => 7,
            "R" | "r" | "C" => 6,
            "J" | "j" => 5,
            _ => {
                let names = if code < 2 {
                    &BLACK_NUMERALS
                } else {
                    &RED_NUMERALS
                };
                names.iter().position(|&n| n == rank).ok_or_else(err)? as u8 + 1
            }
        };
        Card::plain(code, position).ok_or_else(err)
    }
}

cards_core::serde_via_notation!(Card);

/// How card points are counted (cego.md §2, CG17).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    /// In threes: each complete group of three loses 2, a remainder loses 1; the pack is 70.
    #[default]
    Threes,
    /// In pairs: each card loses ½; the pack is 79 (tournament method, variant).
    Pairs,
}

/// The cards of one plain position (1 to 8) in all four suits, as a raw mask.
const fn position_mask(position: u32) -> u128 {
    let mut m = 0u128;
    let mut s = 0;
    while s < 4 {
        m |= 1u128 << (22 + 8 * s + position - 1);
        s += 1;
    }
    m
}

/// The cards worth 5 (Kings and the three trump honours), 4 (Queens), 3 (Cavaliers) and 2
/// (Jacks) points (cego.md 2), as raw masks: a pile's raw points are its size plus 4, 3, 2
/// and 1 for each card of these masks (no loop over the cards).
const POINT_MASKS: [u128; 4] = [
    position_mask(8) | Card::T1.bit() | Card::T21.bit() | Card::GSTIESS.bit(),
    position_mask(7),
    position_mask(6),
    position_mask(5),
];

/// The raw card points of a pile (cego.md 2).
pub(crate) const fn raw_points(pile: u128) -> i32 {
    pile.count_ones() as i32
        + 4 * (pile & POINT_MASKS[0]).count_ones() as i32
        + 3 * (pile & POINT_MASKS[1]).count_ones() as i32
        + 2 * (pile & POINT_MASKS[2]).count_ones() as i32
        + (pile & POINT_MASKS[3]).count_ones() as i32
}

/// The value of a pile in half points (so that counting in pairs stays exact).
pub fn half_points(pile: Cards, counting: Counting) -> i32 {
    let n = pile.len() as i32;
    let raw = raw_points(pile.bits());
    match counting {
        Counting::Threes => 2 * (raw - 2 * (n / 3) - i32::from(n % 3 != 0)),
        Counting::Pairs => 2 * raw - n,
    }
}

/// The value of a pile counted in threes (cego.md §2): `raw − 2·⌊n/3⌋ − (1 if n mod 3 ≠ 0)`.
pub fn points_in_threes(pile: Cards) -> i32 {
    half_points(pile, Counting::Threes) / 2
}

/// Parses a space-separated list of cards.
///
/// # Errors
/// The first card that does not parse, or a card listed twice.
pub fn parse_cards(text: &str) -> Result<Cards, ParseCardError> {
    let mut set = Cards::EMPTY;
    for word in text.split_whitespace() {
        let c: Card = word.parse()?;
        if !set.insert(c) {
            return Err(ParseCardError::new("card list", text, "each card once"));
        }
    }
    Ok(set)
}

/// The raw mask of a set.
pub(crate) const fn raw(set: Cards) -> u128 {
    set.bits()
}

/// The set of a raw mask.
pub(crate) const fn set(bits: u128) -> Cards {
    CardSet::from_bits(bits)
}

/// The lowest card of a raw mask.
pub(crate) fn lowest(bits: u128) -> Option<Card> {
    (bits != 0).then(|| Card(bits.trailing_zeros() as u8))
}

/// The highest card of a raw mask.
pub(crate) fn highest(bits: u128) -> Option<Card> {
    (bits != 0).then(|| Card(127 - bits.leading_zeros() as u8))
}

/// The names of the cards of the pack a table of `players` plays with ([`pack_for`]), for the
/// census (G4).
pub(crate) fn pack_names(players: usize) -> Vec<String> {
    pack_for(players).iter().map(|c| c.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_every_card() {
        for c in Card::pack() {
            assert_eq!(c.to_string().parse::<Card>(), Ok(c));
        }
        assert_eq!(Card::pack().count(), 54);
    }

    #[test]
    fn red_numerals_rank_in_reverse() {
        let one: Card = "1h".parse().unwrap();
        let four: Card = "4h".parse().unwrap();
        let jack: Card = "Jh".parse().unwrap();
        assert!(one.strength() > four.strength());
        assert!(jack.strength() > one.strength());
        let ten: Card = "10c".parse().unwrap();
        let seven: Card = "7c".parse().unwrap();
        assert!(ten.strength() > seven.strength());
    }

    #[test]
    fn the_three_removed_cards_are_the_7s_of_clubs_and_spades_and_the_4_of_diamonds() {
        let r: Cards = ["7c", "7s", "4d"]
            .map(|c| c.parse::<Card>().unwrap())
            .into_iter()
            .collect();
        assert_eq!(removed(3), r);
        assert_eq!(pack_for(3).len(), 51);
        assert_eq!(pack_for(4).len(), 54);
        assert_eq!(pack_for(5), pack_for(4));
        assert!(removed(4).is_empty());
    }

    #[test]
    fn raw_points_by_masks_equal_the_sum_of_card_points() {
        for c in Card::pack() {
            assert_eq!(raw_points(c.bit()), c.points() as i32, "{c}");
        }
        let all: u128 = Card::pack().map(Card::bit).fold(0, |m, b| m | b);
        assert_eq!(raw_points(all), 106);
    }

    #[test]
    fn whole_pack_counts_70_in_threes_and_79_in_pairs() {
        let all: Cards = Card::pack().collect();
        assert_eq!(all.iter().map(Card::points).sum::<u32>(), 106);
        assert_eq!(half_points(all, Counting::Threes), 140);
        assert_eq!(half_points(all, Counting::Pairs), 158);
    }
}
