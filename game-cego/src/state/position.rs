//! Stated positions: the dealer, the hands and the cego of a deal, checked before they become
//! a game.

use cards_core::Seat;
use serde::{Deserialize, Serialize};

use crate::cards::{Cards, removed};
use crate::error::SetupError;
use crate::rules::{cego_size, hand_size};
use crate::seats::{FIRST_DEALER, seat_of_letter};

/// A stated position: the dealer, each seat's 11 cards and the 10 cego cards (at three
/// players 13 each and 12, cego.md 10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The dealer; Forehand sits at his right. At five players the dealer sits out (see
    /// [`State::from_position`](crate::State::from_position)).
    pub dealer: Seat,
    /// Hands by seat index; at five players the hands of the four seats who play, in
    /// seat-index order without the dealer; at three players `S3` is empty.
    pub hands: [Cards; 4],
    /// The cego.
    pub cego: Cards,
}

impl Position {
    /// A position from hands given in speaking order A, B, C, D (A = Forehand, D = dealer), with
    /// [`FIRST_DEALER`] dealing, so A is `S0`, B `S3`, C `S2`, D `S1`.
    pub fn from_abcd(hands_abcd: [Cards; 4], cego: Cards) -> Position {
        let mut hands = [Cards::EMPTY; 4];
        for (letter, h) in ['A', 'B', 'C', 'D'].into_iter().zip(hands_abcd) {
            if let Some(seat) = seat_of_letter(letter, FIRST_DEALER, 4) {
                hands[seat.index()] = h;
            }
        }
        Position {
            dealer: FIRST_DEALER,
            hands,
            cego,
        }
    }

    /// A three-player position (cego.md 10) from hands given in speaking order A, B, C (A =
    /// Forehand, C = dealer), with [`FIRST_DEALER`] dealing, so A is `S0`, B `S2`, C `S1`.
    pub fn from_abc(hands_abc: [Cards; 3], cego: Cards) -> Position {
        let mut hands = [Cards::EMPTY; 4];
        for (letter, h) in ['A', 'B', 'C'].into_iter().zip(hands_abc) {
            if let Some(seat) = seat_of_letter(letter, FIRST_DEALER, 3) {
                hands[seat.index()] = h;
            }
        }
        Position {
            dealer: FIRST_DEALER,
            hands,
            cego,
        }
    }

    /// Checks a four-player position: [`Position::validate_for`] with 4 players.
    ///
    /// # Errors
    /// The first broken count or duplicated card.
    pub fn validate(&self) -> Result<(), SetupError> {
        self.validate_for(4)
    }

    /// Checks the position for a deal of `seats` players (3 or 4; at five players the four
    /// who play): the dealer is one of them, each of them holds 11 cards and the cego 10 (13
    /// and 12 at three players, `S3` empty, cego.md 10), no card appears twice, and at three
    /// players none of the removed cards ♣7, ♠7, ♦4 is dealt.
    ///
    /// # Errors
    /// The first broken count, duplicated or removed card.
    pub fn validate_for(&self, seats: usize) -> Result<(), SetupError> {
        let seats = if seats == 3 { 3 } else { 4 };
        if self.dealer.index() >= seats {
            return Err(SetupError::Dealer(self.dealer));
        }
        let mut seen = Cards::EMPTY;
        for (i, h) in self.hands.iter().enumerate() {
            let expected = if i < seats { hand_size(seats) } else { 0 };
            if h.len() != expected {
                return Err(SetupError::HandSize {
                    seat: Seat(i as u8),
                    len: h.len(),
                    expected,
                });
            }
            if let Some(c) = (seen & *h).first() {
                return Err(SetupError::Duplicate(c));
            }
            seen = seen | *h;
        }
        if self.cego.len() != cego_size(seats) {
            return Err(SetupError::CegoSize {
                len: self.cego.len(),
                expected: cego_size(seats),
            });
        }
        if let Some(c) = (seen & self.cego).first() {
            return Err(SetupError::Duplicate(c));
        }
        seen = seen | self.cego;
        if let Some(c) = (seen & removed(seats)).first() {
            return Err(SetupError::Removed(c));
        }
        Ok(())
    }
}
