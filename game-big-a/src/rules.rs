//! Configuration, card strength and the combinations: what is a combination and what beats what
//! (rulings B7, B9). Free of the game state, so it tests alone.

use cards_core::card::{CardIndex, FrenchCard, Rank, Suit};
use cards_core::seat::Direction;
use serde::{Deserialize, Serialize};

use crate::error::ConfigError;

/// Who draws first in the hands after the first (rulings B3, a variant).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstDrawer {
    /// The player who ran out of cards first in the previous hand (the seed's suggestion).
    #[default]
    FirstOut,
    /// The declarer of the previous hand.
    Declarer,
    /// The turn to draw first passes anticlockwise after each hand.
    Rotate,
}

/// The rule options of a match.
///
/// Every field but the player count is a rule option; its label and one-line explanation for
/// players (`cards rules`, the lobby of `cards serve`) are in `Catalog::words`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// The number of players: always 5 (rulings B2).
    pub players: usize,
    /// Hands per match (rulings B11, default 5), 1 to [`Config::MAX_HANDS`].
    pub hands: usize,
    /// Who draws first in later hands (rulings B3).
    pub first_drawer: FirstDrawer,
    /// The seed's "Variations" bombs (sequences of 4 and 5 triplets, false ten, twelve and
    /// fourteen, and the True Eight above Three Jokers); off by default.
    pub extra_bombs: bool,
}

impl Config {
    /// The largest number of hands in a match.
    pub const MAX_HANDS: usize = 1000;

    /// Checks the configuration.
    ///
    /// # Errors
    /// A player count other than 5, or a number of hands out of range.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.players != 5 {
            return Err(ConfigError::Players {
                players: self.players,
            });
        }
        if self.hands == 0 || self.hands > Self::MAX_HANDS {
            return Err(ConfigError::Hands { hands: self.hands });
        }
        Ok(())
    }
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 5,
            hands: 5,
            first_drawer: FirstDrawer::FirstOut,
            extra_bombs: false,
        }
    }
}

/// Players (rulings B2).
pub const PLAYERS: usize = 5;
/// Cards in the double pack (rulings B1).
pub const PACK: usize = 108;
/// Draws after which the drawer is asked about exposing (the last five are face down).
pub const ASKED_DRAWS: u8 = 103;
/// Redeals in a row after which the pack of the next redeal is arranged so that a heart Ace is
/// among the seen cards, so that every hand, and every match, ends (rulings B12).
pub const MAX_REDEALS: u32 = 16;
/// The direction of play: draws, turns and the lead pass anticlockwise (B3).
pub(crate) const DIR: Direction = Direction::Anticlockwise;

/// Rank index of the Four, the lowest rank (play ranks run 4, 5, ..., K, A, 2, 3).
pub const FOUR: u8 = 0;
/// Rank index of the Ace.
pub const ACE: u8 = 10;
/// The number of ranks.
pub const RANKS: usize = 13;
/// Rank symbols by rank index.
pub const RANK_SYMBOLS: [&str; RANKS] = [
    "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "3",
];

/// The play-rank index of a rank (4 = 0 ... K = 9, A = 10, 2 = 11, 3 = 12).
pub const fn rank_index(rank: Rank) -> u8 {
    match rank {
        Rank::Ace => ACE,
        Rank::Two => 11,
        Rank::Three => 12,
        r => r.number() - 4,
    }
}

/// The card rank of a play-rank index (out-of-range indexes give the Ace).
pub const fn rank_of_index(r: u8) -> Rank {
    match r {
        11 => Rank::Two,
        12 => Rank::Three,
        0..=9 => match Rank::from_number(r + 4) {
            Some(rank) => rank,
            None => Rank::Ace,
        },
        _ => Rank::Ace,
    }
}

/// The rank index at a position of the sequence chain A, 2, 3, ..., K, A (positions 0 to 13).
pub const fn chain_rank(pos: u8) -> u8 {
    match pos {
        0 | 13 => ACE,
        1 => 11,
        2 => 12,
        p => p - 3,
    }
}

/// The lowest chain position of a rank index (the Ace's low place, 0).
pub const fn chain_pos(r: u8) -> u8 {
    match r {
        ACE => 0,
        11 => 1,
        12 => 2,
        r => r + 3,
    }
}

/// The number of chain positions.
pub const CHAIN: u8 = 14;

/// A card combination (rulings B7).
///
/// Build one from cards as a player writes them with [`str::parse`] (or through [`Play`](crate::Play),
/// which also says how many Big Aces it uses); its `Display` writes them back. Inside, ranks are
/// *play-rank indexes* ([`rank_index`]: 4 = 0, 5 = 1, ..., 10 = 6, J = 7, Q = 8, K = 9, A =
/// [`ACE`] = 10, 2 = 11, 3 = 12, so a higher index is a higher single, pair or N of a kind) and
/// runs start at a *chain position* ([`chain_pos`], [`chain_rank`]: the chain A, 2, 3, ..., K, A
/// has the low Ace at 0, 2 at 1, 3 at 2, 4 at 3, ..., K at 12 and the high Ace at 13).
///
/// ```
/// use game_big_a::{ACE, Combo, beats, chain_pos, rank_index};
/// use cards_core::card::Rank;
///
/// let run: Combo = "6 7 8 9 10 J Q K A".parse().unwrap();
/// assert_eq!(run, Combo::Run { width: 1, start: chain_pos(rank_index(Rank::Six)), len: 9 });
/// let fake_eight: Combo = "2 2 2 2 A A A A".parse().unwrap(); // any order
/// assert_eq!(fake_eight, Combo::Run { width: 4, start: 0, len: 2 });
/// assert_eq!(fake_eight.to_string(), "A A A A 2 2 2 2"); // shown lowest first
/// let twos: Combo = "2 2 2 2".parse().unwrap();
/// assert_eq!(twos, Combo::Kind { rank: rank_index(Rank::Two), n: 4 });
/// assert!(beats(twos, run, false).is_ok()); // a four of a kind beats a sequence
/// assert!(beats(fake_eight, twos, false).is_ok()); // a fake eight beats it
/// assert_eq!("A BA".parse::<Combo>().unwrap(), Combo::Pair(ACE)); // an ordinary pair
/// assert_eq!("BA BA".parse::<Combo>().unwrap(), Combo::BigAcePair);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Combo {
    /// A single card of a rank, by play-rank index (an Ace here is an ordinary Ace).
    Single(u8),
    /// A lone Big Ace, the highest single.
    BigAce,
    /// A single joker (`true`: red).
    Joker(bool),
    /// Two cards of a rank, by play-rank index.
    Pair(u8),
    /// `len` consecutive ranks of the chain from `start`, `width` cards each: a sequence
    /// (width 1), a double sequence (2), a triplet sequence (3), a fake eight (4), the variant
    /// false ten, twelve and fourteen (5 to 7).
    Run {
        /// Cards of each rank.
        width: u8,
        /// The lowest chain position (0 = the low Ace, 13 = the high Ace).
        start: u8,
        /// The number of ranks.
        len: u8,
    },
    /// `n` cards of one rank, `n` from 3 (an egg) to 8.
    Kind {
        /// The play-rank index.
        rank: u8,
        /// The number of cards.
        n: u8,
    },
    /// Two to four jokers.
    Jokers {
        /// Red jokers.
        red: u8,
        /// Black jokers.
        black: u8,
    },
    /// Both Big Aces, the highest bomb.
    BigAcePair,
}

/// Every shape of run a configuration allows, as (width, len-range) pairs.
pub fn run_shapes(extra: bool) -> &'static [(u8, u8, u8)] {
    const BASE: [(u8, u8, u8); 4] = [(1, 3, 14), (2, 3, 14), (3, 3, 3), (4, 2, 2)];
    const EXTRA: [(u8, u8, u8); 7] = [
        (1, 3, 14),
        (2, 3, 14),
        (3, 3, 5),
        (4, 2, 2),
        (5, 2, 2),
        (6, 2, 2),
        (7, 2, 2),
    ];
    if extra { &EXTRA } else { &BASE }
}

impl Combo {
    /// The number of cards.
    pub const fn len(self) -> u8 {
        match self {
            Combo::Single(_) | Combo::BigAce | Combo::Joker(_) => 1,
            Combo::Pair(_) | Combo::BigAcePair => 2,
            Combo::Run { width, len, .. } => width * len,
            Combo::Kind { n, .. } => n,
            Combo::Jokers { red, black } => red + black,
        }
    }

    /// Whether the combination holds no card (never, for a valid one).
    pub const fn is_empty(self) -> bool {
        self.len() == 0
    }

    /// How many Aces (Big Aces included) the combination holds.
    pub const fn aces(self) -> u8 {
        match self {
            Combo::Single(r) | Combo::Pair(r) if r == ACE => self.len(),
            Combo::Kind { rank, n } if rank == ACE => n,
            Combo::BigAce => 1,
            Combo::BigAcePair => 2,
            Combo::Run { width, start, len } => {
                let mut k = 0;
                if start == 0 {
                    k += width;
                }
                if start + len == CHAIN {
                    k += width;
                }
                k
            }
            _ => 0,
        }
    }

    /// Whether it is a valid combination under the configuration (`extra`: variant bombs).
    pub fn is_valid(self, extra: bool) -> bool {
        match self {
            Combo::Single(r) | Combo::Pair(r) => (r as usize) < RANKS,
            Combo::Kind { rank, n } => (rank as usize) < RANKS && (3..=8).contains(&n),
            Combo::Run { width, start, len } => {
                start + len <= CHAIN
                    && run_shapes(extra)
                        .iter()
                        .any(|&(w, lo, hi)| w == width && (lo..=hi).contains(&len))
            }
            Combo::Jokers { red, black } => red <= 2 && black <= 2 && red + black >= 2,
            Combo::BigAce | Combo::Joker(_) | Combo::BigAcePair => true,
        }
    }

    /// The bomb level (higher beats lower), `None` for singles and ordinary combinations.
    pub fn bomb_level(self, extra: bool) -> Option<u8> {
        let level = match (self, extra) {
            (Combo::Kind { n: 3, .. }, _) => 1,
            (Combo::Kind { n: 4, .. }, _) => 2,
            (Combo::Kind { n: 5, .. }, _) => 3,
            (Combo::Kind { n: 6, .. }, _) => 4,
            (Combo::Jokers { red, black }, _) if red + black == 2 => 5,
            (
                Combo::Run {
                    width: 3, len: 3, ..
                },
                _,
            ) => 6,
            (Combo::Run { width: 4, .. }, _) => 7,
            (Combo::Kind { n: 7, .. }, _) => 8,
            (Combo::Kind { n: 8, .. }, false) => 9,
            (Combo::Jokers { red, black }, false) if red + black == 3 => 10,
            (Combo::Jokers { .. }, false) => 11,
            (Combo::BigAcePair, false) => 12,
            (Combo::Jokers { red, black }, true) if red + black == 3 => 9,
            (
                Combo::Run {
                    width: 3, len: 4, ..
                },
                true,
            ) => 10,
            (Combo::Run { width: 5, .. }, true) => 11,
            (Combo::Kind { n: 8, .. }, true) => 12,
            (
                Combo::Run {
                    width: 3, len: 5, ..
                },
                true,
            ) => 13,
            (Combo::Run { width: 6, .. }, true) => 14,
            (Combo::Jokers { .. }, true) => 15,
            (Combo::Run { width: 7, .. }, true) => 16,
            (Combo::BigAcePair, true) => 17,
            _ => return None,
        };
        Some(level)
    }

    /// The strength of a single card: ranks 0 to 12, black joker 13, red joker 14, Big Ace 15.
    const fn single_strength(self) -> Option<u8> {
        match self {
            Combo::Single(r) => Some(r),
            Combo::Joker(false) => Some(13),
            Combo::Joker(true) => Some(14),
            Combo::BigAce => Some(15),
            _ => None,
        }
    }

    /// The rank key comparing two bombs of the same level (`None`: they never beat each other).
    const fn bomb_key(self) -> Option<u8> {
        match self {
            Combo::Kind { rank, .. } => Some(rank),
            Combo::Run { start, .. } => Some(start),
            Combo::Jokers { red, black } if red + black == 2 => Some(red),
            _ => None,
        }
    }
}

/// Why a combination does not beat the top of the pile (rulings B7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoBeat {
    /// Different type or length, and not a bomb.
    Shape,
    /// Same type and length but not higher.
    NotHigher,
    /// A triplet cannot beat a joker, a lone Big Ace or a double sequence.
    TripletLimit,
    /// A four of a kind cannot beat a lone Big Ace.
    FourLimit,
    /// A lower bomb.
    LowerBomb,
}

/// Whether `new` beats `top` (rulings B7). Both are assumed valid.
///
/// # Errors
/// Why it does not.
pub fn beats(new: Combo, top: Combo, extra: bool) -> Result<(), NoBeat> {
    match (new.bomb_level(extra), top.bomb_level(extra)) {
        (None, Some(_)) => Err(NoBeat::Shape),
        (None, None) => {
            let higher = match (new, top) {
                (Combo::Pair(a), Combo::Pair(b)) => a > b,
                (
                    Combo::Run {
                        width: w1,
                        start: s1,
                        len: l1,
                    },
                    Combo::Run {
                        width: w2,
                        start: s2,
                        len: l2,
                    },
                ) if w1 == w2 && l1 == l2 => s1 > s2,
                _ => match (new.single_strength(), top.single_strength()) {
                    (Some(a), Some(b)) => a > b,
                    _ => return Err(NoBeat::Shape),
                },
            };
            if higher {
                Ok(())
            } else {
                Err(NoBeat::NotHigher)
            }
        }
        (Some(1), None) => match top {
            Combo::Joker(_) | Combo::BigAce | Combo::Run { width: 2, .. } => {
                Err(NoBeat::TripletLimit)
            }
            _ => Ok(()),
        },
        (Some(2), None) => match top {
            Combo::BigAce => Err(NoBeat::FourLimit),
            _ => Ok(()),
        },
        (Some(_), None) => Ok(()),
        (Some(a), Some(b)) => match a.cmp(&b) {
            std::cmp::Ordering::Greater => Ok(()),
            std::cmp::Ordering::Less => Err(NoBeat::LowerBomb),
            std::cmp::Ordering::Equal => match (new.bomb_key(), top.bomb_key()) {
                (Some(x), Some(y)) if x > y && same_shape(new, top) => Ok(()),
                _ => Err(NoBeat::NotHigher),
            },
        },
    }
}

fn same_shape(a: Combo, b: Combo) -> bool {
    match (a, b) {
        (Combo::Kind { n: x, .. }, Combo::Kind { n: y, .. }) => x == y,
        (
            Combo::Run {
                width: w1, len: l1, ..
            },
            Combo::Run {
                width: w2, len: l2, ..
            },
        ) => w1 == w2 && l1 == l2,
        (Combo::Jokers { .. }, Combo::Jokers { .. }) => true,
        _ => false,
    }
}

/// Whether `fours` Fours may capture `top` (rulings B9): an N-of-a-kind with 3 <= N <= 6 and
/// exactly N - 1 Fours.
pub fn may_capture(fours: u8, top: Combo) -> bool {
    matches!(top, Combo::Kind { n, .. } if (3..=6).contains(&n) && fours + 1 == n)
}

/// The combination the Fours of a capture become on the pile: a pair or an N-of-a-kind.
pub const fn fours_combo(fours: u8) -> Combo {
    if fours == 2 {
        Combo::Pair(FOUR)
    } else {
        Combo::Kind {
            rank: FOUR,
            n: fours,
        }
    }
}

/// The play-rank index of each suited face index (suits in order, each from the Ace to the
/// King).
const FACE_RANK: [u8; 52] = {
    let mut t = [0u8; 52];
    let mut i = 0;
    while i < 52 {
        t[i] = rank_index(Rank::ALL[i % 13]);
        i += 1;
    }
    t
};

/// Counts of a hand by play rank, with the Big Aces and jokers apart.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Counts {
    /// Cards per rank index (the Ace count includes the Big Aces).
    pub rank: [u8; RANKS],
    /// Big Aces held.
    pub big: u8,
    /// Jokers held: `[black, red]`.
    pub jokers: [u8; 2],
}

impl Counts {
    /// The counts of a hand of physical cards, `big` the suit of the Big Aces if decided.
    pub fn of(faces: &[u8; 54], big: Option<Suit>) -> Counts {
        let mut c = Counts::default();
        // The faces of one rank lie 13 apart (one per suit): sum the four suits' rows, then
        // place each position's sum at its rank (a rank per position, so each is set once).
        let mut sums = [0u8; 13];
        for row in faces[..52].chunks_exact(13) {
            for (t, &n) in sums.iter_mut().zip(row) {
                *t = t.wrapping_add(n);
            }
        }
        for (k, &n) in sums.iter().enumerate() {
            c.rank[usize::from(FACE_RANK[k])] = n;
        }
        c.jokers = [faces[52], faces[53]];
        if let Some(s) = big {
            c.big = faces[FrenchCard::new(Rank::Ace, s).to_index()];
        }
        c
    }

    /// Ordinary (not Big) Aces held.
    pub const fn plain_aces(&self) -> u8 {
        self.rank[ACE as usize] - self.big
    }

    /// The number of cards.
    pub fn total(&self) -> u8 {
        self.rank.iter().sum::<u8>() + self.jokers[0] + self.jokers[1]
    }

    /// Whether the hand holds `combo` with `big` Big Aces among its Aces.
    pub fn holds(&self, combo: Combo, big: u8) -> bool {
        let aces = combo.aces();
        if big > aces || big > self.big || aces - big > self.plain_aces() {
            return false;
        }
        match combo {
            Combo::Single(r) | Combo::Pair(r) => {
                let r = r as usize;
                r < RANKS && self.rank[r] >= combo.len() && (r != ACE as usize || big < aces)
            }
            Combo::Kind { rank, n } => (rank as usize) < RANKS && self.rank[rank as usize] >= n,
            Combo::BigAce => big == 1,
            Combo::BigAcePair => big == 2,
            Combo::Joker(red) => big == 0 && self.jokers[usize::from(red)] >= 1,
            Combo::Jokers { red, black } => self.jokers[1] >= red && self.jokers[0] >= black,
            Combo::Run { width, start, len } => {
                if start + len > CHAIN {
                    return false;
                }
                (start..start + len).all(|p| {
                    let r = chain_rank(p);
                    r == ACE || self.rank[r as usize] >= width
                }) && self.rank[ACE as usize] >= aces
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::card::FrenchKind;
    use cards_core::rng::{below, rng_from_seed};

    /// The card-by-card counting that the face table replaced.
    fn reference_counts(faces: &[u8; 54], big: Option<Suit>) -> Counts {
        let mut c = Counts::default();
        for (i, &n) in faces.iter().enumerate() {
            let Some(card) = FrenchCard::from_index(i) else {
                continue;
            };
            match card.kind() {
                FrenchKind::Joker(j) => c.jokers[j as usize] += n,
                FrenchKind::Suited(r, s) => {
                    c.rank[rank_index(r) as usize] += n;
                    if r == Rank::Ace && Some(s) == big {
                        c.big += n;
                    }
                }
            }
        }
        c
    }

    #[test]
    fn counts_from_the_face_table_agree_with_counting_card_by_card() {
        let mut rng = rng_from_seed(3);
        for k in 0..2000 {
            let faces: [u8; 54] = std::array::from_fn(|_| below(&mut rng, 3) as u8);
            let big = [
                None,
                Some(Suit::Clubs),
                Some(Suit::Hearts),
                Some(Suit::Spades),
            ][k % 4];
            assert_eq!(Counts::of(&faces, big), reference_counts(&faces, big));
        }
    }
}
