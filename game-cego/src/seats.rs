//! The seats round the table (cego.md, Conventions; cego.md 3): the direction of play, the
//! rule text's seat letters, the first dealer, and at five players the mapping between the
//! real seats and the four local seats of a deal.

use cards_core::rng::{Seed, below};
use cards_core::{Direction, Seat};

/// Play goes anticlockwise (to the right).
pub(crate) const DIR: Direction = Direction::Anticlockwise;

/// The dealer of a stated first deal ([`Position::from_abcd`](crate::Position::from_abcd), the worked examples): Forehand
/// is then `S0`. A match started from a seed draws its first dealer from the seed
/// ([`first_dealer`], G1).
pub const FIRST_DEALER: Seat = Seat(1);

/// The first dealer of a match started from `seed` (G1), a 64-bit seed or a [`Seed`]: drawn
/// from the seed, from its own stream (`seed.derive(u64::MAX)`, for a 64-bit seed
/// `derive_seed(seed, u64::MAX)`), so the deals' shuffles do not depend on it.
pub fn first_dealer(seed: impl Into<Seed>, players: usize) -> Seat {
    let mut rng = seed.into().derive(u64::MAX).rng();
    let n = players.clamp(1, 255) as u64;
    Seat(below(&mut rng, n) as u8)
}

/// The seat of one of the rule text's seat letters (cego.md, Conventions): `A` is Forehand,
/// at the dealer's right, and `B`, `C`, `D` follow in playing order (anticlockwise, to the
/// right), so that at four players `D` is the dealer (at three players `C`, and `D` names no
/// seat). `dealer` is the deal's dealer and
/// `players` the table size. Lower case is read too; any other letter gives `None`.
///
/// In deal 1 of a match started from a stated position ([`Position::from_abcd`](crate::Position::from_abcd)) the dealer is
/// [`FIRST_DEALER`], so A is `S0`, B `S3`, C `S2` and D `S1`:
///
/// ```
/// use cards_core::Seat;
/// use game_cego::{FIRST_DEALER, seat_of_letter};
/// let abcd = ['A', 'B', 'C', 'D'].map(|l| seat_of_letter(l, FIRST_DEALER, 4));
/// assert_eq!(abcd, [Some(Seat(0)), Some(Seat(3)), Some(Seat(2)), Some(Seat(1))]);
/// assert_eq!(seat_of_letter('E', FIRST_DEALER, 4), None);
/// ```
pub fn seat_of_letter(letter: char, dealer: Seat, players: usize) -> Option<Seat> {
    let k = match letter.to_ascii_uppercase() {
        'A' => 0,
        'B' => 1,
        'C' => 2,
        'D' => 3,
        _ => return None,
    };
    let players = players.clamp(1, 255);
    // At three players C is the dealer (cego.md 10): A, B, C in playing order from his right.
    (k < players.min(4)).then(|| dealer.step(players, DIR, k + 1))
}

/// The rule text's letter of a seat (the reverse of [`seat_of_letter`]), `None` for a seat
/// that has no letter.
pub fn letter_of_seat(seat: Seat, dealer: Seat, players: usize) -> Option<char> {
    ['A', 'B', 'C', 'D']
        .into_iter()
        .find(|&l| seat_of_letter(l, dealer, players) == Some(seat))
}

/// The real seat of a local seat when `sitting_out` sits out (see [`State::real_seat`]).
pub(crate) const fn real_seat(sitting_out: Option<Seat>, local: Seat) -> Seat {
    match sitting_out {
        Some(out) if local.0 >= out.0 => Seat(local.0.saturating_add(1)),
        _ => local,
    }
}

/// The local seat of a real seat when `sitting_out` sits out (see [`State::local_seat`]).
pub(crate) const fn local_seat(sitting_out: Option<Seat>, real: Seat) -> Option<Seat> {
    match sitting_out {
        Some(out) if real.0 == out.0 => None,
        Some(out) if real.0 > out.0 => Some(Seat(real.0 - 1)),
        _ => Some(real),
    }
}

/// The local dealer (D) of a deal whose real dealer is `dealer`: the dealer himself at four
/// players; at five, where he sits out, the player at his left, so that Forehand (A) is the
/// player at his right (the local mapping keeps the order round the table).
pub(crate) const fn local_dealer(sitting_out: Option<Seat>, dealer: Seat) -> Seat {
    match sitting_out {
        Some(_) => match local_seat(sitting_out, dealer.step(5, DIR, 4)) {
            Some(s) => s,
            None => dealer,
        },
        None => dealer,
    }
}

/// The seat `k` places after Forehand in speaking order at a deal of `seats` players.
pub(crate) fn nth(forehand: Seat, k: usize, seats: u8) -> Seat {
    forehand.step(usize::from(seats), DIR, k)
}
