//! The cards: the pack's slots, the two A cards, what each card is worth, and the multiset of
//! cards every place of the deal holds, with its notation.

use std::fmt;
use std::str::FromStr;

use cards_core::set::RankCounts;
use serde::{Deserialize, Serialize};

/// Slot of the Big A in a [`Cards`] count.
pub const BIG_A: u8 = 0;
/// Slot of the jokers in a [`Cards`] count (slots 1 to 13 hold the number cards).
pub const JOKER: u8 = 14;
/// Slot of the little a in a [`Cards`] count.
pub const LITTLE_A: u8 = 15;
/// The rank of a jokers-only play in a normal round (A4).
pub const JOKERS_ONLY_RANK: u8 = 14;

/// One of the two A cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum ACard {
    /// The little a: its trick goes to a penalty pile; 15 penalty points in hand.
    Little,
    /// The Big A: its trick goes into the taker's hand; 20 penalty points in hand.
    Big,
}

impl ACard {
    /// Both A cards.
    pub const ALL: [ACard; 2] = [ACard::Little, ACard::Big];

    /// The card's slot in a [`Cards`] count.
    pub const fn slot(self) -> u8 {
        match self {
            ACard::Little => LITTLE_A,
            ACard::Big => BIG_A,
        }
    }

    /// Index 0 (little a) or 1 (Big A).
    pub const fn index(self) -> usize {
        match self {
            ACard::Little => 0,
            ACard::Big => 1,
        }
    }

    /// The other A card.
    pub const fn other(self) -> ACard {
        match self {
            ACard::Little => ACard::Big,
            ACard::Big => ACard::Little,
        }
    }

    /// The card's name in narration.
    pub const fn name(self) -> &'static str {
        match self {
            ACard::Little => "little a",
            ACard::Big => "Big A",
        }
    }
}

impl fmt::Display for ACard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Penalty points of a card left in hand at the end of a hand (A9): its rank, joker 14, little
/// a 15, Big A 20.
pub const fn hand_penalty(slot: u8) -> u16 {
    match slot {
        BIG_A => 20,
        LITTLE_A => 15,
        s => s as u16,
    }
}

/// Penalty points of a card in a little-a penalty pile (A7): its rank, joker 1, little a 0.
pub const fn pile_penalty(slot: u8) -> u16 {
    match slot {
        JOKER => 1,
        LITTLE_A | BIG_A => 0,
        s => s as u16,
    }
}

/// The rank of a single card played to an A round (A7): its number, joker 1.
pub const fn a_round_rank(slot: u8) -> u8 {
    if slot == JOKER { 1 } else { slot }
}

/// A multiset of the game's cards, counted per slot: the Big A (slot 0), number cards 1 to 13,
/// jokers (slot 14), the little a (slot 15). All cards of a number are alike.
///
/// Notation: the cards lowest first, space-separated: numbers, `J` for a joker, `a` for the
/// little a, `A` for the Big A; `-` for no cards. It is also the serde form.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Cards(pub RankCounts);

impl fmt::Debug for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cards({self})")
    }
}

/// The notation of one card slot.
pub fn slot_symbol(slot: u8) -> &'static str {
    const NUMBERS: [&str; 14] = [
        "A", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13",
    ];
    match slot {
        JOKER => "J",
        LITTLE_A => "a",
        s => NUMBERS.get(usize::from(s)).copied().unwrap_or("?"),
    }
}

/// Reads one card's notation into its slot.
pub fn parse_slot(text: &str) -> Option<u8> {
    match text {
        "J" | "j" => Some(JOKER),
        "a" => Some(LITTLE_A),
        "A" => Some(BIG_A),
        t => match t.parse::<u8>() {
            Ok(n) if (1..=13).contains(&n) => Some(n),
            _ => None,
        },
    }
}

/// [`hand_penalty`] of each slot, as [`weighted`] takes them.
const HAND_WEIGHTS: [u64; 4] = multipliers(false);
/// [`pile_penalty`] of each slot, as [`weighted`] takes them.
const PILE_WEIGHTS: [u64; 4] = multipliers(true);

/// The penalties of the slots (in a pile if `pile`, else in hand) as four multipliers: for
/// each half of the counts (slots 0 to 7, 8 to 15), its even slots' and its odd slots', the
/// weight of the `k`-th such slot in bits `16 * (3 - k)` up.
const fn multipliers(pile: bool) -> [u64; 4] {
    let mut m = [0u64; 4];
    let mut slot = 0;
    while slot < 16 {
        // Half `slot / 8`, parity `slot % 2`, lane `slot % 8 / 2`.
        let k = (slot % 8) / 2;
        let weight = if pile {
            pile_penalty(slot as u8)
        } else {
            hand_penalty(slot as u8)
        };
        m[(slot / 8) * 2 + slot % 2] |= (weight as u64) << (16 * (3 - k));
        slot += 1;
    }
    m
}

/// The sum over the slots of the count times the slot's weight (`weights` from
/// [`multipliers`]), four slots a multiplication: the counts of a half's even (odd) slots in
/// 16-bit lanes times the weights in reversed lanes put the sum of the four products in the top
/// lane. No lane carries into the next: each holds at most four products of a count (below 256)
/// and a weight (at most 20). A slot at a time cost the penalties of a deal's end about 100
/// instructions a seat.
#[inline]
fn weighted(cards: &Cards, weights: &[u64; 4]) -> u16 {
    const LANES: u64 = 0x00ff_00ff_00ff_00ff;
    let x = u128::from_le_bytes(cards.0.0);
    let mut sum = 0u64;
    for (half, m) in [x as u64, (x >> 64) as u64]
        .into_iter()
        .zip(weights.chunks_exact(2))
    {
        let (even, odd) = (half & LANES, (half >> 8) & LANES);
        sum += (even.wrapping_mul(m[0]) >> 48) + (odd.wrapping_mul(m[1]) >> 48);
    }
    sum as u16
}

/// The order in which slots are shown: numbers, jokers, little a, Big A.
pub const DISPLAY_ORDER: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

impl Cards {
    /// No cards.
    pub const EMPTY: Cards = Cards(RankCounts::EMPTY);

    /// The full pack (A1): eight each of 1 to 13, four jokers, the little a and the Big A.
    pub fn pack() -> Cards {
        let mut c = Cards::number_cards_and_jokers();
        c.add(LITTLE_A, 1);
        c.add(BIG_A, 1);
        c
    }

    /// The 108 cards that are shuffled and dealt: eight each of 1 to 13 and four jokers.
    pub fn number_cards_and_jokers() -> Cards {
        let mut c = Cards::EMPTY;
        for r in 1..=13 {
            c.add(r, 8);
        }
        c.add(JOKER, 4);
        c
    }

    /// How many cards of `slot`.
    #[inline]
    pub fn count(&self, slot: u8) -> u8 {
        self.0.get(slot)
    }

    /// Adds `n` cards of `slot` (a slot above 15 is ignored).
    #[inline]
    pub fn add(&mut self, slot: u8, n: u8) {
        if let Some(c) = self.0.0.get_mut(usize::from(slot)) {
            *c = c.saturating_add(n);
        }
    }

    /// Takes `n` cards of `slot`; `false` and no change when there are fewer.
    #[inline]
    pub fn take(&mut self, slot: u8, n: u8) -> bool {
        self.0.take(slot, n)
    }

    /// Adds every card of `other`.
    pub fn add_all(&mut self, other: &Cards) {
        for (a, b) in self.0.0.iter_mut().zip(other.0.0) {
            *a = a.saturating_add(b);
        }
    }

    /// Takes every card of `other` that is here (saturating).
    pub fn take_all_saturating(&mut self, other: &Cards) {
        for (a, b) in self.0.0.iter_mut().zip(other.0.0) {
            *a = a.saturating_sub(b);
        }
    }

    /// The number of cards.
    #[inline]
    pub fn len(&self) -> usize {
        self.0.0.iter().map(|&c| usize::from(c)).sum()
    }

    /// Whether there are no cards.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.0 == [0; 16]
    }

    /// The number cards and jokers (everything but the A cards).
    #[inline]
    pub fn playable(&self) -> Cards {
        let mut c = *self;
        c.0.0[usize::from(BIG_A)] = 0;
        c.0.0[usize::from(LITTLE_A)] = 0;
        c
    }

    /// Whether every card of `other` is here.
    pub fn contains_all(&self, other: &Cards) -> bool {
        self.0.contains_all(&other.0)
    }

    /// Penalty points of these cards left in hand (A9).
    pub fn hand_penalty(&self) -> u16 {
        weighted(self, &HAND_WEIGHTS)
    }

    /// Penalty points of these cards in a penalty pile (A7).
    pub fn pile_penalty(&self) -> u16 {
        weighted(self, &PILE_WEIGHTS)
    }

    /// Every card's notation, in display order (the census and the pack of `Game`).
    pub(crate) fn symbols(&self) -> Vec<String> {
        self.slots().map(|s| slot_symbol(s).to_owned()).collect()
    }

    /// Every card, as slots, in display order.
    pub fn slots(&self) -> impl Iterator<Item = u8> + '_ {
        DISPLAY_ORDER
            .iter()
            .flat_map(move |&s| std::iter::repeat_n(s, usize::from(self.count(s))))
    }
}

impl fmt::Display for Cards {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (i, s) in self.slots().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(slot_symbol(s))?;
        }
        Ok(())
    }
}

/// Card notation that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid card {0:?} (expected 1 to 13, J, a or A)")]
pub struct ParseCardsError(pub String);

impl FromStr for Cards {
    type Err = ParseCardsError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut c = Cards::EMPTY;
        let s = s.trim();
        if s == "-" {
            return Ok(c);
        }
        for tok in s.split_whitespace() {
            let slot = parse_slot(tok).ok_or_else(|| ParseCardsError(tok.to_owned()))?;
            if c.count(slot) >= 8 {
                return Err(ParseCardsError(tok.to_owned()));
            }
            c.add(slot, 1);
        }
        Ok(c)
    }
}

cards_core::serde_via_notation!(Cards);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cards_notation_round_trips() {
        let c: Cards = "13 1 J 5 5 a A".parse().unwrap();
        assert_eq!(c.to_string(), "1 5 5 13 J a A");
        assert_eq!(c.to_string().parse::<Cards>().unwrap(), c);
        assert_eq!(
            Cards::EMPTY.to_string().parse::<Cards>().unwrap(),
            Cards::EMPTY
        );
        assert_eq!(Cards::pack().len(), 110);
    }

    #[test]
    fn penalties_follow_a7_and_a9() {
        let c: Cards = "2 J a A".parse().unwrap();
        assert_eq!(c.hand_penalty(), 2 + 14 + 15 + 20);
        assert_eq!(c.pile_penalty(), 2 + 1);
    }

    #[test]
    fn penalties_are_the_sums_slot_by_slot() {
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        for round in 0..3000 {
            let mut c = Cards::EMPTY;
            for slot in 0..16u8 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                // Counts a deal can hold, and now and then any byte.
                let n = if round % 10 == 0 { x % 200 } else { x % 9 };
                c.add(slot, n as u8);
            }
            let by_slot = |f: fn(u8) -> u16| -> u16 {
                (0..16u8)
                    .map(|s| u32::from(f(s)) * u32::from(c.count(s)))
                    .sum::<u32>() as u16
            };
            assert_eq!(c.hand_penalty(), by_slot(hand_penalty), "{c:?}");
            assert_eq!(c.pile_penalty(), by_slot(pile_penalty), "{c:?}");
        }
    }
}
