//! Scoring (cego.md §7): counter games, the fixed stakes of the special games, Räuber.

use std::fmt;

use cards_core::text::Count;
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, Counting, half_points};
use crate::contract::Contract;
use crate::rules::{Config, Stakes};
use crate::seats::real_seat;

/// How a deal was scored, for narration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Score {
    /// A counter game.
    Counter {
        /// The soloist's card points, in half points.
        half_points: i32,
        /// How the points were counted (threes: 35 is the middle; pairs: 39½).
        counting: Counting,
        /// Whether the soloist won (36 or more in threes, 40 in pairs).
        won: bool,
        /// The difference from the middle the amount is computed from ([`difference`]).
        difference: i32,
        /// The factor applied.
        factor: i32,
        /// What each defender pays to the soloist, or receives from him when he lost: the
        /// difference times the factor, rounded up to a multiple of 5 ([`round_five`]).
        amount: i32,
    },
    /// Ulti, Piccolo or Bettel.
    Special {
        /// The contract (what the soloist's object was).
        contract: Contract,
        /// The soloist's tricks.
        tricks: u8,
        /// Whether the soloist reached his object.
        won: bool,
        /// The stake per defender.
        stake: i32,
        /// The number of the last trick, which Ulti's Trock 1 must take: 11, or 13 at three
        /// players (cego.md 10).
        #[serde(default = "eleven", skip_serializing_if = "is_eleven")]
        last_trick: u8,
    },
    /// Räuber: each player's card points, in half points.
    Raeuber {
        /// Half points of the four players by seat index; at five players by the index among
        /// the four who played (the real seats in index order without the one sitting out).
        half_points: [i32; 4],
        /// At five players, the dealer who sat out (he has no card points).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        sits_out: Option<cards_core::Seat>,
    },
}

const fn eleven() -> u8 {
    11
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_eleven(n: &u8) -> bool {
    *n == 11
}

/// Whether a counter game with these card points (in halves) is won: 36 or more of 70 counted
/// in threes, 40 or more of 79 in pairs (cego.md §2, §7.1, CG17).
pub const fn counter_won(half: i32, counting: Counting) -> bool {
    match counting {
        Counting::Threes => half >= 72,
        Counting::Pairs => half >= 80,
    }
}

/// The difference a counter game's amount is computed from (cego.md §7.1): `|points − 35|`
/// counted in threes; counted in pairs (CG17) the distance from 39½, rounded up to a whole
/// point. Points are given in halves so that counting in pairs stays exact.
pub const fn difference(half: i32, counting: Counting) -> i32 {
    match counting {
        Counting::Threes => (half - 70).abs() / 2,
        Counting::Pairs => ((half - 79).abs() + 1) / 2,
    }
}

/// The amount of a counter game (cego.md §7.1, CG16): the [`difference`] times the factor,
/// rounded up to a multiple of 5, at least 5 (under `round_strict_next`, always the next
/// multiple above). Returns whether the soloist won and the amount per defender.
pub fn counter_amount(half: i32, factor: i32, config: &Config) -> (bool, i32) {
    (
        counter_won(half, config.count),
        round_five(
            difference(half, config.count) * factor,
            config.round_strict_next,
        ),
    )
}

/// The score of a counter game whose soloist has `half` half card points, at `factor`: won or
/// lost, the [`difference`], the amount ([`counter_amount`]).
pub fn counter_score(half: i32, factor: i32, config: &Config) -> Score {
    let (won, amount) = counter_amount(half, factor, config);
    Score::Counter {
        half_points: half,
        counting: config.count,
        won,
        difference: difference(half, config.count),
        factor,
        amount,
    }
}

/// Card points given in halves, as text: `39`, `39½`.
pub(crate) fn halves(h: i32) -> String {
    match (h / 2, h % 2 != 0) {
        (n, false) => format!("{n}"),
        (0, true) if h < 0 => "-½".to_owned(),
        (0, true) => "½".to_owned(),
        (n, true) => format!("{n}½"),
    }
}

/// A counter game's score in words (see [`Score`]'s `Display`).
fn fmt_counter(
    f: &mut fmt::Formatter<'_>,
    half_points: i32,
    counting: Counting,
    difference: i32,
    factor: i32,
    amount: i32,
) -> fmt::Result {
    let (middle, middle_half) = match counting {
        Counting::Threes => ("35", 70),
        Counting::Pairs => ("39½", 79),
    };
    let side = match half_points.cmp(&middle_half) {
        std::cmp::Ordering::Greater => "above",
        std::cmp::Ordering::Less => "below",
        std::cmp::Ordering::Equal => "from",
    };
    write!(f, "{} card points, ", halves(half_points))?;
    let exact = halves((half_points - middle_half).abs());
    if counting == Counting::Pairs {
        write!(f, "{exact} {side} {middle}, counted as {difference}")?;
    } else {
        write!(f, "{difference} {side} {middle}")?;
    }
    let product = difference * factor;
    write!(f, "; {difference} x factor {factor} = {product}")?;
    if amount == product {
        write!(f, ", a multiple of 5")?;
    } else if product == 0 {
        write!(f, ", at least 5")?;
    } else if product % 5 == 0 {
        write!(f, ", the next multiple of 5 above")?;
    } else {
        write!(f, ", rounded up to a multiple of 5")?;
    }
    write!(f, ": {amount} per defender")
}

impl fmt::Display for Score {
    /// What the engine computed, in words: for a counter game the card points, the difference
    /// from the middle, times the factor, then the rounding (`39 card points, 4 above 35; 4 x
    /// factor 6 = 24, rounded up to 25 per defender`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Score::Counter {
                half_points,
                counting,
                difference,
                factor,
                amount,
                ..
            } => fmt_counter(f, half_points, counting, difference, factor, amount),
            Score::Special {
                contract,
                tricks,
                won,
                stake,
                last_trick,
            } => {
                let how = match (contract, won) {
                    (Contract::Ulti, true) => format!("trock 1 took trick {last_trick}"),
                    (Contract::Ulti, false) => format!("trock 1 did not take trick {last_trick}"),
                    _ => format!("{}", Count(usize::from(tricks), "trick")),
                };
                write!(f, "{how}, {stake} per defender")
            }
            Score::Raeuber {
                half_points,
                sits_out,
            } => {
                write!(f, "card points")?;
                for (i, h) in half_points.iter().enumerate() {
                    let sep = if i == 0 { " " } else { ", " };
                    let seat = real_seat(sits_out, cards_core::Seat(i as u8));
                    write!(f, "{sep}{seat} {}", halves(*h))?;
                }
                if let Some(out) = sits_out {
                    write!(f, " ({out} sat out)")?;
                }
                Ok(())
            }
        }
    }
}

/// Rounds up to a multiple of five: ceiling with a minimum of 5, or always the next multiple
/// above when `strict` (CG16).
pub const fn round_five(x: i32, strict: bool) -> i32 {
    if strict {
        5 * (x / 5 + 1)
    } else {
        let r = 5 * ((x + 4) / 5);
        if r < 5 { 5 } else { r }
    }
}

/// The stake of a special game per defender (cego.md §7.2).
pub const fn special_stake(contract: Contract, stakes: Stakes) -> i32 {
    match (contract, stakes) {
        (Contract::Ulti, _) => 80,
        (Contract::Piccolo, Stakes::Schwarzwald) => 40,
        _ => 30,
    }
}

/// The payments of a soloist game at a deal of `seats` players (3 or 4): each defender pays
/// `amount` to the soloist (negative: the soloist pays), so the soloist receives 3 × `amount`
/// at four players and 2 × `amount` at three (cego.md 7, 10). Indexed by seat; at three
/// players `S3` pays nothing.
pub fn soloist_payments(soloist: usize, amount: i32, seats: usize) -> [i32; 4] {
    let seats = seats.clamp(1, 4);
    let mut p = [0; 4];
    for x in p.iter_mut().take(seats) {
        *x = -amount;
    }
    if let Some(x) = p.get_mut(soloist) {
        *x = (seats as i32 - 1) * amount;
    }
    p
}

/// What the player with the most points pays each other player in Räuber (cego.md §7.3):
/// 30, or 40 with the Schwarzwald stakes; Forehand pays double.
pub(crate) const fn raeuber_stake(stakes: Stakes) -> i32 {
    match stakes {
        Stakes::Parlett => 30,
        Stakes::Schwarzwald => 40,
    }
}

/// Räuber payments (cego.md §7.3): the most points loses 30 to each other player; Forehand
/// (who chose Räuber) pays double and alone when he is among the highest; other ties all pay.
pub fn raeuber_payments(half: [i32; 4], forehand: usize, stakes: Stakes) -> [i32; 4] {
    let stake = raeuber_stake(stakes);
    let max = half.iter().copied().max().unwrap_or(0);
    let mut p = [0; 4];
    if half.get(forehand) == Some(&max) {
        for (i, x) in p.iter_mut().enumerate() {
            *x = if i == forehand { -6 * stake } else { 2 * stake };
        }
        return p;
    }
    for (i, &h) in half.iter().enumerate() {
        if h == max {
            for (j, x) in p.iter_mut().enumerate() {
                if i == j {
                    *x -= 3 * stake;
                } else {
                    *x += stake;
                }
            }
        }
    }
    p
}

/// The payment of the dealer who sits out at five players (cego.md 3: he "pays or receives
/// like a defender"), given the four players' payments `local` of [`score`]; `local` is
/// adjusted so that the deal stays zero-sum.
///
/// - Soloist games: he pays or receives what each defender does, from or to the soloist
///   (the soloist's payment is four times a defender's).
/// - Räuber (ruling, the text is silent): no soloist and no defenders; he is treated like
///   each other player who did not lose: every loser pays him what he pays each of the
///   others (30, or 60 when Forehand loses; `stakes` as in [`raeuber_payments`]).
pub fn sitting_out_payment(f: &Finished, config: &Config, local: &mut [i32; 4]) -> i32 {
    if f.contract == Contract::Raeuber {
        let stake = raeuber_stake(config.raeuber_stakes);
        let half = f.won.map(|w| half_points(w, config.count));
        let max = half.iter().copied().max().unwrap_or(0);
        let fh = f.forehand.min(3);
        if half[fh] == max {
            local[fh] -= 2 * stake;
            return 2 * stake;
        }
        let mut got = 0;
        for (p, &h) in local.iter_mut().zip(&half) {
            if h == max {
                *p -= stake;
                got += stake;
            }
        }
        return got;
    }
    let s = f.soloist.min(3);
    let defender = local[(s + 1) % 4];
    local[s] -= defender;
    defender
}

/// Everything scoring needs from a finished deal.
#[derive(Clone, Copy, Debug)]
pub struct Finished {
    /// The players of the deal: 4, or 3 at three players (cego.md 10).
    pub seats: usize,
    /// The contract.
    pub contract: Contract,
    /// The soloist's seat index (any value in Räuber).
    pub soloist: usize,
    /// Forehand's seat index.
    pub forehand: usize,
    /// Whether the auction had a Solo call.
    pub after_solo: bool,
    /// Whether the final holder was the Solo caller.
    pub soloist_called_solo: bool,
    /// Won cards by seat index.
    pub won: [Cards; 4],
    /// Tricks by seat index.
    pub tricks: [u8; 4],
    /// The set-aside cards that count for the soloist (cego in Solo, Legage otherwise); at
    /// three players also the three cards removed from the pack (cego.md 10).
    pub set_aside: Cards,
    /// Whether the soloist won the last trick (11, or 13 at three players) with Trock 1.
    pub t1_took_last: bool,
}

/// Scores a finished deal: payments by seat index and the narration.
pub fn score(f: &Finished, config: &Config) -> ([i32; 4], Score) {
    let seats = if f.seats == 3 { 3 } else { 4 };
    let s = f.soloist.min(seats - 1);
    match f.contract {
        Contract::Raeuber => {
            let half = f.won.map(|w| half_points(w, config.count));
            (
                raeuber_payments(half, f.forehand, config.raeuber_stakes),
                Score::Raeuber {
                    half_points: half,
                    sits_out: None,
                },
            )
        }
        Contract::Ulti | Contract::Piccolo | Contract::Bettel => {
            let won = match f.contract {
                Contract::Ulti => f.t1_took_last,
                Contract::Piccolo => f.tricks[s] == 1,
                _ => f.tricks[s] == 0,
            };
            let stake = special_stake(f.contract, config.special_stakes);
            let amount = if won { stake } else { -stake };
            (
                soloist_payments(s, amount, seats),
                Score::Special {
                    contract: f.contract,
                    tricks: f.tricks[s],
                    won,
                    stake,
                    last_trick: crate::rules::hand_size(seats) as u8,
                },
            )
        }
        c => {
            let pile = if f.tricks[s] > 0 {
                f.won[s] | f.set_aside
            } else {
                Cards::EMPTY
            };
            let half = half_points(pile, config.count);
            let column =
                f.after_solo && !(config.solo_caller_uses_normal_factor && f.soloist_called_solo);
            let factor = c.factor(column, counter_won(half, config.count));
            let how = counter_score(half, factor, config);
            let pay = match how {
                Score::Counter {
                    won: true, amount, ..
                } => amount,
                Score::Counter { amount, .. } => -amount,
                _ => 0,
            };
            (soloist_payments(s, pay, seats), how)
        }
    }
}

/// The largest amount one deal can pay to or take from one seat at four players, with a margin:
/// a counter game pays at most 285 per defender (counting in pairs, factor 7, strict rounding),
/// so the soloist receives at most 855; the special games and Räuber move at most 240.
pub const MAX_PAYMENT: i32 = 1000;

/// The largest amount one deal can pay to or take from one seat at a table of `players`:
/// [`MAX_PAYMENT`] at four; 1200 at five, where the soloist is also paid by the dealer who
/// sits out (at most 4 × 285 = 1140; the special games and Räuber move at most 320).
pub const fn max_payment(players: usize) -> i32 {
    if players == 5 { 1200 } else { MAX_PAYMENT }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parletts_three_checks() {
        let c = Config::default();
        assert_eq!(counter_amount(82, 2, &c), (true, 15));
        assert_eq!(counter_amount(58, 1, &c), (false, 10));
        assert_eq!(counter_amount(78, 4, &c), (true, 20));
        assert_eq!(counter_amount(70, 4, &c), (false, 5));
    }
}
