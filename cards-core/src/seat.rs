//! Seats, per-seat containers and the rotation of turns.

use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A seat at the table, numbered from 0 in clockwise order.
///
/// Notation: `S0`, `S1`, ... (the serde form is the bare number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for slices.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The seat `steps` places on in `direction` at a table of `players`.
    pub const fn step(self, players: usize, direction: Direction, steps: usize) -> Seat {
        let n = players as u64;
        if n == 0 {
            return self;
        }
        let s = (steps as u64) % n;
        let i = self.0 as u64 % n;
        let j = match direction {
            Direction::Clockwise => (i + s) % n,
            Direction::Anticlockwise => (i + n - s) % n,
        };
        Seat(j as u8)
    }

    /// The next seat in `direction` at a table of `players` (no division: a hot path).
    pub const fn next(self, players: usize, direction: Direction) -> Seat {
        let n = players as u8;
        if n == 0 || self.0 >= n {
            return self.step(players, direction, 1);
        }
        match direction {
            Direction::Clockwise => Seat(if self.0 + 1 == n { 0 } else { self.0 + 1 }),
            Direction::Anticlockwise => Seat(if self.0 == 0 { n - 1 } else { self.0 - 1 }),
        }
    }

    /// The next seat in `direction` for which `active` holds, skipping the others (players who
    /// are out). `None` when no other seat is active.
    pub fn next_active(
        self,
        players: usize,
        direction: Direction,
        mut active: impl FnMut(Seat) -> bool,
    ) -> Option<Seat> {
        let mut s = self;
        for _ in 1..players {
            s = s.next(players, direction);
            if active(s) {
                return Some(s);
            }
        }
        None
    }

    /// All seats of a table of `players`, in seat order.
    pub fn all(players: usize) -> impl Iterator<Item = Seat> + Clone {
        (0..players as u8).map(Seat)
    }

    /// The seats of a table of `players` in turn order starting with `self`.
    pub fn cycle_from(
        self,
        players: usize,
        direction: Direction,
    ) -> impl Iterator<Item = Seat> + Clone {
        (0..players).map(move |k| self.step(players, direction, k))
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "S{}", self.0)
    }
}

/// A seat notation that is not `S<number>`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid seat {0:?} (expected S0, S1, ...)")]
pub struct ParseSeatError(pub String);

impl FromStr for Seat {
    type Err = ParseSeatError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let digits = s
            .strip_prefix('S')
            .or_else(|| s.strip_prefix('s'))
            .unwrap_or(s);
        digits
            .parse::<u8>()
            .map(Seat)
            .map_err(|_| ParseSeatError(s.to_owned()))
    }
}

/// The direction in which turns pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    /// To the left: seat `i` is followed by seat `i + 1`.
    Clockwise,
    /// To the right: seat `i` is followed by seat `i - 1`.
    Anticlockwise,
}

/// One value per seat, indexed by [`Seat`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PerSeat<T>(pub Vec<T>);

impl<T> PerSeat<T> {
    /// A container of `players` values made by `f`.
    pub fn from_fn(players: usize, f: impl FnMut(Seat) -> T) -> Self {
        PerSeat(Seat::all(players).map(f).collect())
    }

    /// The number of seats.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether there are no seats.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The value of a seat, `None` when the seat is not at this table.
    pub fn get(&self, seat: Seat) -> Option<&T> {
        self.0.get(seat.index())
    }

    /// The values with their seats.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        self.0.iter().enumerate().map(|(i, v)| (Seat(i as u8), v))
    }

    /// Maps every value.
    pub fn map<U>(&self, mut f: impl FnMut(Seat, &T) -> U) -> PerSeat<U> {
        PerSeat(self.iter().map(|(s, v)| f(s, v)).collect())
    }
}

impl<T: Clone> PerSeat<T> {
    /// `players` copies of `value`.
    pub fn filled(players: usize, value: T) -> Self {
        PerSeat(vec![value; players])
    }
}

impl<T> Index<Seat> for PerSeat<T> {
    type Output = T;
    fn index(&self, seat: Seat) -> &T {
        &self.0[seat.index()]
    }
}

impl<T> IndexMut<Seat> for PerSeat<T> {
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        &mut self.0[seat.index()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rotation_wraps_both_ways() {
        assert_eq!(Seat(3).next(4, Direction::Clockwise), Seat(0));
        assert_eq!(Seat(0).next(4, Direction::Anticlockwise), Seat(3));
        assert_eq!(Seat(1).step(5, Direction::Anticlockwise, 3), Seat(3));
    }

    #[test]
    fn next_agrees_with_step_everywhere() {
        for n in 1..=10 {
            for s in Seat::all(n) {
                for d in [Direction::Clockwise, Direction::Anticlockwise] {
                    assert_eq!(s.next(n, d), s.step(n, d, 1));
                }
            }
        }
    }

    #[test]
    fn next_active_skips_players_who_are_out() {
        let out = [false, true, true, false];
        let s = Seat(0).next_active(4, Direction::Clockwise, |s| !out[s.index()]);
        assert_eq!(s, Some(Seat(3)));
        let s = Seat(3).next_active(4, Direction::Anticlockwise, |s| !out[s.index()]);
        assert_eq!(s, Some(Seat(0)));
        let none = Seat(0).next_active(4, Direction::Clockwise, |_| false);
        assert_eq!(none, None);
    }

    #[test]
    fn seat_notation_round_trips() {
        for s in Seat::all(10) {
            assert_eq!(s.to_string().parse::<Seat>(), Ok(s));
        }
        assert!("Sx".parse::<Seat>().is_err());
    }

    #[test]
    fn cycle_from_lists_turn_order() {
        let order: Vec<_> = Seat(2).cycle_from(4, Direction::Anticlockwise).collect();
        assert_eq!(order, [Seat(2), Seat(1), Seat(0), Seat(3)]);
    }
}
