//! The rule options ([`Config`]) and their checks, the deal sizes, feasibility of bids, and the
//! pure play rules.

use serde::{Deserialize, Serialize};

use cards_core::OptionDoc;

use crate::cards::{Card, Cards, Counting, NUMERALS, SUIT_MASKS, TROCK, raw};
use crate::contract::Contract;
use crate::error::ConfigError;

/// Fixed stakes of the special games (cego.md §7.2, §7.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stakes {
    /// Parlett: Ulti 80, Piccolo 30, Bettel 30; Räuber 30 (Forehand 60).
    #[default]
    Parlett,
    /// Schwarzwald tournament rules: Ulti 80, Piccolo 40, Bettel 30; Räuber 40 (Forehand 80).
    Schwarzwald,
}

/// What the soloist discards in Two Blanks / Two Different when the cego holds no Trock (CG13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum NoTrockDiscard {
    /// Any one card that came from the cego, face down (the ruling).
    #[default]
    FromCego,
    /// Any one card of his new hand except the exposed ones, face down.
    AnyCard,
}

/// Rule options. `Default` is the seed's rules (with the rulings of cego.md §8).
///
/// Every field but the player count is a rule option; its label and one-line explanation for
/// players (`cards rules`, the lobby of `cards serve`) are in `Catalog::words`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// Number of players: 4; 5 with the dealer sitting out each deal and paying or receiving
    /// like a defender (cego.md 3); or 3, the three-player variant of cego.md 10 (51 cards
    /// without ♣7, ♠7 and ♦4, 13 cards each and 12 in the cego, no Piccolo, Bettel or Räuber).
    pub players: usize,
    /// Deals per match (1 to 1000; default 8, two rounds of dealers).
    pub deals: u32,
    /// Counting in threes (seed) or pairs (CG17).
    pub count: Counting,
    /// Round to the next multiple of 5 even for exact multiples (CG16; default false).
    pub round_strict_next: bool,
    /// Ulti may still be called in phase one after a Solo (CG4; default false).
    pub ulti_after_solo: bool,
    /// The Solo caller who plays a higher rung uses the normal factor column (CG7; default false).
    pub solo_caller_uses_normal_factor: bool,
    /// The exposed cards of Two Different are dead (CG12; default true).
    pub two_different_dead: bool,
    /// The Ulti soloist may play Trock 1 before trick 11 only when it is his only legal card
    /// (CG9; default false).
    pub ulti_must_hold_back: bool,
    /// The discard when the cego holds no Trock in Two Blanks / Two Different (CG13).
    pub no_trock_discard: NoTrockDiscard,
    /// Stakes of Ulti, Piccolo and Bettel (§7.2).
    pub special_stakes: Stakes,
    /// Stakes of Räuber (§7.3).
    pub raeuber_stakes: Stakes,
    /// Stop Bettel, Piccolo and Ulti as soon as the result is certain (CG22; default false).
    pub stop_when_decided: bool,
    /// How the shuffled pack is dealt (CG1).
    pub deal_order: DealOrder,
    /// The Gstieß ending (cego.md 3; default false: the match is `deals` deals). When true,
    /// "Der Gstieß gibt ab" is announced after `deals` deals; the holder of the Gstieß in the
    /// next deal is noted (the soloist who took up a cego holding it; the dealer when it lay in
    /// a cego nobody took up), and play continues up to and including that player's next turn
    /// to deal: 2 to 5 more deals.
    pub gstiess_ending: bool,
}

/// How the shuffled pack is dealt (CG1). With a uniform shuffle both give the same chances;
/// the choice matters only when replaying a physical deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DealOrder {
    /// Pack positions 0-10 to A, 11-21 to B, 22-32 to C, 33-43 to D, 44-53 to the cego.
    #[default]
    PlayersFirst,
    /// Positions 0-9 to the cego, then 11 each to A, B, C, D.
    CegoFirst,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            players: 4,
            deals: 8,
            count: Counting::Threes,
            round_strict_next: false,
            ulti_after_solo: false,
            solo_caller_uses_normal_factor: false,
            two_different_dead: true,
            ulti_must_hold_back: false,
            no_trock_discard: NoTrockDiscard::FromCego,
            special_stakes: Stakes::Parlett,
            raeuber_stakes: Stakes::Parlett,
            stop_when_decided: false,
            deal_order: DealOrder::PlayersFirst,
            gstiess_ending: false,
        }
    }
}

impl Config {
    /// The most deals a match of this configuration can have: `deals`, or with the Gstieß
    /// ending `deals + 1 + players` (the noted deal and up to `players` more until its holder
    /// deals: 4 at three players, 5 at four, 6 at five).
    pub const fn max_deals(&self) -> u32 {
        if self.gstiess_ending {
            self.deals + 1 + self.players as u32
        } else {
            self.deals
        }
    }

    /// The number of players in each deal: 3 at three players (cego.md 10), 4 at four and at
    /// five (where the dealer sits out, cego.md 3).
    pub const fn seats(&self) -> usize {
        if self.players == 3 { 3 } else { 4 }
    }

    /// Checks the configuration.
    ///
    /// # Errors
    /// A player count other than 3, 4 or 5, or a match length outside 1 to 1000.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(3..=5).contains(&self.players) {
            return Err(ConfigError::Players(self.players));
        }
        if !(1..=1000).contains(&self.deals) {
            return Err(ConfigError::Deals(self.deals));
        }
        Ok(())
    }
}

/// The cards each player is dealt at a deal of `seats` players: 11 at four (cego.md 3), 13 at
/// three (cego.md 10). It is also the number of tricks and the size of the soloist's hand
/// after any discard contract.
pub const fn hand_size(seats: usize) -> usize {
    if seats == 3 { 13 } else { 11 }
}

/// The cards dealt to the cego at a deal of `seats` players: 10 at four (cego.md 3), 12 at
/// three (cego.md 10). The Legage of a discard contract has as many.
pub const fn cego_size(seats: usize) -> usize {
    if seats == 3 { 12 } else { 10 }
}

/// Whether a contract is played at a deal of `seats` players: at three, Piccolo, Bettel and
/// Räuber are not (cego.md 10); at four every contract is.
pub const fn played_at(contract: Contract, seats: usize) -> bool {
    seats != 3
        || !matches!(
            contract,
            Contract::Piccolo | Contract::Bettel | Contract::Raeuber
        )
}

/// Whether a dealt hand can fulfil a bid or Hold of `contract` (cego.md §4.5, CG8, CG9).
pub fn feasible(contract: Contract, hand: Cards) -> bool {
    let h = raw(hand);
    let plain = h & !SUIT_MASKS[TROCK as usize];
    match contract {
        Contract::OneBlank => plain != 0,
        Contract::TwoBlanks => (0..4).any(|s| {
            let m = h & SUIT_MASKS[s];
            m & m.wrapping_sub(1) != 0
        }),
        Contract::TwoDifferent => (0..4).filter(|&s| h & SUIT_MASKS[s] != 0).count() >= 2,
        Contract::LittleMan | Contract::Ulti => hand.contains(Card::T1),
        _ => true,
    }
}

/// Whether `{a, b}` may be exposed together from `hand` (CG8). For One Blank and Little Man
/// only `a` counts (pass `b == a`).
pub fn valid_exposure(contract: Contract, hand: Cards, a: Card, b: Card) -> bool {
    let h = raw(hand);
    if !hand.contains(a) || !hand.contains(b) {
        return false;
    }
    match contract {
        Contract::OneBlank => a == b && !a.is_trock() && (a.is_numeral() || h & NUMERALS == 0),
        Contract::LittleMan => a == b && a == Card::T1,
        Contract::TwoBlanks => {
            if a == b || a.is_trock() || a.suit_code() != b.suit_code() {
                return false;
            }
            let numeral_pair = (0..4).any(|s| (h & SUIT_MASKS[s] & NUMERALS).count_ones() >= 2);
            !numeral_pair || (a.is_numeral() && b.is_numeral())
        }
        Contract::TwoDifferent => {
            if a.is_trock() || b.is_trock() || a.suit_code() == b.suit_code() {
                return false;
            }
            courts_in(a, b) == fewest_courts_two_different(h)
        }
        _ => false,
    }
}

/// The cards that may be exposed now (raw mask): for One Blank and Little Man the kept card,
/// for Two Blanks / Two Different the first card of a valid pair, or the partners of `first`.
/// Agrees with [`valid_exposure`].
pub fn exposure_mask(contract: Contract, hand: Cards, first: Option<Card>) -> u128 {
    let h = raw(hand);
    let plain = h & !SUIT_MASKS[TROCK as usize];
    match contract {
        Contract::OneBlank => {
            if h & NUMERALS != 0 {
                h & NUMERALS
            } else {
                plain
            }
        }
        Contract::LittleMan => h & Card::T1.bit(),
        Contract::TwoBlanks => {
            let numeral_pair = (0..4).any(|s| (h & SUIT_MASKS[s] & NUMERALS).count_ones() >= 2);
            let pool = if numeral_pair { h & NUMERALS } else { plain };
            let mut m = 0;
            for mask in &SUIT_MASKS[..4] {
                let cards = pool & mask;
                if cards.count_ones() >= 2 {
                    m |= cards;
                }
            }
            match first {
                Some(f) => m & SUIT_MASKS[f.suit_code() as usize] & !f.bit(),
                None => m,
            }
        }
        Contract::TwoDifferent => {
            let best = fewest_courts_two_different(h);
            let mut m = 0;
            for a in crate::cards::set(plain).iter() {
                let ok = match first {
                    Some(f) => valid_exposure(contract, hand, f, a),
                    None => crate::cards::set(plain)
                        .iter()
                        .any(|b| a.suit_code() != b.suit_code() && courts_in(a, b) == best),
                };
                if ok {
                    m |= a.bit();
                }
            }
            m
        }
        _ => 0,
    }
}

fn courts_in(a: Card, b: Card) -> u32 {
    u32::from(a.is_court()) + u32::from(b.is_court())
}

/// The fewest courts a Two Different exposure needs from a hand (3 when impossible).
fn fewest_courts_two_different(h: u128) -> u32 {
    let mut best = 3;
    for (s, &ss) in SUIT_MASKS[..4].iter().enumerate() {
        for &tt in &SUIT_MASKS[s + 1..4] {
            let (ms, mt) = (h & ss, h & tt);
            if ms == 0 || mt == 0 {
                continue;
            }
            let cs = u32::from(ms & NUMERALS == 0);
            let ct = u32::from(mt & NUMERALS == 0);
            best = best.min(cs + ct);
        }
    }
    best
}

/// The cards a player may play from `hand` to a trick whose suit to follow is `suit`
/// (cego.md §6.2): that suit, else a Trock, else anything. Raw masks.
pub const fn follow_options(hand: u128, suit: u8) -> u128 {
    let s = hand & SUIT_MASKS[suit as usize];
    if s != 0 {
        return s;
    }
    let t = hand & SUIT_MASKS[TROCK as usize];
    if t != 0 { t } else { hand }
}

/// [`follow_options`] on one-word masks (the 54 cards fit in 64 bits), for the hot path.
pub(crate) const fn follow_options_64(hand: u64, suit: u8) -> u64 {
    let s = hand & SUIT_MASKS_64[(suit & 7) as usize];
    if s != 0 {
        return s;
    }
    let t = hand & SUIT_MASKS_64[TROCK as usize];
    if t != 0 { t } else { hand }
}

/// [`SUIT_MASKS`] as 64-bit words, padded to 8 entries (no bounds check for `suit & 7`).
const SUIT_MASKS_64: [u64; 8] = [
    SUIT_MASKS[0] as u64,
    SUIT_MASKS[1] as u64,
    SUIT_MASKS[2] as u64,
    SUIT_MASKS[3] as u64,
    SUIT_MASKS[4] as u64,
    0,
    0,
    0,
];

/// Whether an ordered pair `(x, y)` for two tricks with suits `s0`, `s1` may be played from
/// `hand` (cego.md §6.4, CG15): some order of playing them obeys §6.2 in each trick.
pub const fn pair_legal(hand: u128, s0: u8, s1: u8, x: Card, y: Card) -> bool {
    if x.index() == y.index() || hand & x.bit() == 0 || hand & y.bit() == 0 {
        return false;
    }
    let first = follow_options(hand, s0) & x.bit() != 0
        && follow_options(hand & !x.bit(), s1) & y.bit() != 0;
    let second = follow_options(hand, s1) & y.bit() != 0
        && follow_options(hand & !y.bit(), s0) & x.bit() != 0;
    first || second
}

/// The most actions a deal can take: auction (at most 4 + 1 + 3 entries and 2 per rung of the
/// duels, bounded by 40), discards and exposures (12; 13 at three players), card play (4 per
/// trick, 11 tricks; at three players 3 per trick, 13 tricks: 39).
pub const MAX_ACTIONS_PER_DEAL: usize = 40 + 12 + 44;

/// The two sources' stakes, as option choices.
const STAKES: &[(&str, &str)] = &[
    ("parlett", "Parlett"),
    ("schwarzwald", "Schwarzwald tournament"),
];
/// The documentation of the rule options ([`Config`]'s fields), for the catalog's words.
pub(crate) const OPTIONS: &[OptionDoc] = &[
    OptionDoc::new(
        "deals",
        "Deals per match",
        "How many deals the match lasts (8 is two rounds of dealers at four players).",
    )
    .range(1, 1000),
    OptionDoc::new(
        "count",
        "Counting card points",
        "How the card points of a trick pile are counted (CG17).",
    )
    .choices(&[
        ("threes", "in threes (pack 70, 36 wins)"),
        ("pairs", "in pairs (pack 79, 40 wins)"),
    ]),
    OptionDoc::new(
        "round_strict_next",
        "Always round up to the next 5",
        "Round a payment up to the next multiple of 5 even when it is one already (CG16).",
    ),
    OptionDoc::new(
        "ulti_after_solo",
        "Ulti after a Solo",
        "Ulti may still be called in phase one after someone has called Solo (CG4).",
    ),
    OptionDoc::new(
        "solo_caller_uses_normal_factor",
        "Solo caller keeps the normal factor",
        "A Solo caller who ends up playing a higher rung uses the normal factor column, \
         not the after-Solo one (CG7).",
    ),
    OptionDoc::new(
        "two_different_dead",
        "Two Different's cards are dead",
        "The two cards Two Different exposes can never win a trick (CG12).",
    ),
    OptionDoc::new(
        "ulti_must_hold_back",
        "Ulti holds Trock 1 back",
        "The Ulti soloist may play Trock 1 before the last trick only when it is his only \
         legal card (CG9).",
    ),
    OptionDoc::new(
        "no_trock_discard",
        "Discard without a Trock in the cego",
        "What the soloist of Two Blanks or Two Different discards when the cego holds no \
         Trock (CG13).",
    )
    .choices(&[
        ("from-cego", "a card from the cego"),
        ("any-card", "any unexposed card"),
    ]),
    OptionDoc::new(
        "special_stakes",
        "Stakes of Ulti, Piccolo, Bettel",
        "Parlett: Ulti 80, Piccolo 30, Bettel 30; Schwarzwald: Ulti 80, Piccolo 40, \
         Bettel 30 (7.2).",
    )
    .choices(STAKES),
    OptionDoc::new(
        "raeuber_stakes",
        "Stakes of Räuber",
        "Parlett: 30 (Forehand 60); Schwarzwald: 40 (Forehand 80) (7.3).",
    )
    .choices(STAKES),
    OptionDoc::new(
        "stop_when_decided",
        "Stop when decided",
        "Bettel, Piccolo and Ulti end as soon as their result is certain (CG22).",
    ),
    OptionDoc::new(
        "deal_order",
        "Deal order",
        "How the shuffled pack is dealt; it matters only when replaying a physical deal \
         (CG1).",
    )
    .choices(&[
        ("players-first", "players first, then the cego"),
        ("cego-first", "the cego first"),
    ]),
    OptionDoc::new(
        "gstiess_ending",
        "Gstieß ending",
        "After the deals, play on until the holder of the Gstieß in the next deal has \
         dealt once more: 2 to 5 more deals (3).",
    ),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    #[test]
    fn ladder_runs_from_solo_to_little_man() {
        let mut c = Contract::Solo;
        let mut n = 1;
        while let Some(next) = c.next_rung() {
            c = next;
            n += 1;
        }
        assert_eq!((c, n), (Contract::LittleMan, 7));
    }

    #[test]
    fn exposure_mask_agrees_with_valid_exposure() {
        let mut x: u64 = 7;
        for _ in 0..2000 {
            let mut h = 0u128;
            while h.count_ones() < 11 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                h |= 1u128 << (x % 54);
            }
            let hand = crate::cards::set(h);
            for c in [
                Contract::OneBlank,
                Contract::TwoBlanks,
                Contract::TwoDifferent,
                Contract::LittleMan,
            ] {
                let single = matches!(c, Contract::OneBlank | Contract::LittleMan);
                for a in hand.iter() {
                    let slow = if single {
                        valid_exposure(c, hand, a, a)
                    } else {
                        hand.iter().any(|b| valid_exposure(c, hand, a, b))
                    };
                    assert_eq!(
                        exposure_mask(c, hand, None) & a.bit() != 0,
                        slow,
                        "{c:?} {hand} {a}"
                    );
                    if !single && slow {
                        for b in hand.iter() {
                            assert_eq!(
                                exposure_mask(c, hand, Some(a)) & b.bit() != 0,
                                valid_exposure(c, hand, a, b),
                                "{c:?} {hand} {a} {b}"
                            );
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn exposure_prefers_numerals() {
        let hand = parse_cards("8c Kc T1 Qh").unwrap();
        let [e, k]: [Card; 2] = ["8c", "Kc"].map(|s| s.parse().unwrap());
        assert!(valid_exposure(Contract::OneBlank, hand, e, e));
        assert!(!valid_exposure(Contract::OneBlank, hand, k, k));
    }
}
