//! What a state read back from a file must satisfy: every invariant the engine relies on,
//! checked when a [`State`] is deserialized (and when a stated position becomes a state).

use cards_core::seat::Seat;

use crate::cards::{Card, FACES, pack};
use crate::error::InvalidState;
use crate::meld::Meld;
use crate::rules::card_points;
use crate::state::{Phase, State};

impl State {
    /// Checks every invariant the engine relies on, so that a state that passes is one every
    /// method handles without a panic:
    /// - the configuration validates, and hands, totals and tallies have one entry per player;
    ///   the dealer, the player to move, who went out and every meld's owner are seats in range;
    /// - the deal index lies within the match and the round facts are those of its round;
    /// - hands, melds and stock make up the pack, each card exactly once (rulings G4);
    /// - every meld is a valid set or run of the round (C4), its wilds' stand-ins given by
    ///   their places;
    /// - the phase agrees with the rest: the match is over only after its last deal, its last
    ///   round ended by a player going out or by every player passing; fewer passes in a row
    ///   than players while a turn is on, and only with an empty stock (C6); a final turn exactly
    ///   when a player went out, who holds no card, has a tally and does not move again (C7);
    ///   a player still putting down holds cards and owns a meld;
    /// - the last round's points are absent in the first deal, one per seat and at most each
    ///   seat's total otherwise, and at the end of the match those of the hands left (C7);
    ///   totals and tallies are no more than the rounds scored can give (C8).
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        let n = self.config.players;
        for (what, len) in [
            ("hands", self.hands.len()),
            ("totals", self.totals.len()),
            ("tallies", self.tallies.len()),
        ] {
            if len != n {
                return Err(InvalidState::PerSeat {
                    what,
                    len,
                    players: n,
                });
            }
        }
        let seat_in_range = |what: &'static str, seat: Seat| {
            if seat.index() < n {
                Ok(())
            } else {
                Err(InvalidState::SeatOutOfRange {
                    what,
                    seat: seat.0,
                    players: n,
                })
            }
        };
        seat_in_range("dealer", self.dealer)?;
        if let Phase::Turn { seat, .. } = self.phase {
            seat_in_range("player to move", seat)?;
        }
        if let Some(seat) = self.went_out {
            seat_in_range("player who went out", seat)?;
        }
        for m in &self.melds {
            seat_in_range("owner of a meld", m.owner())?;
        }
        if self.deal >= self.config.rounds {
            return Err(InvalidState::Deal {
                deal: self.deal,
                rounds: self.config.rounds,
            });
        }
        let round = self.config.first_round + self.deal;
        if self.info != self.config.round_info(round) {
            return Err(InvalidState::RoundInfo {
                given: self.info.round,
                round,
            });
        }
        self.validate_census()?;
        for (i, m) in self.melds.iter().enumerate() {
            if !m.is_valid(self.info) {
                return Err(InvalidState::InvalidMeld {
                    meld: i + 1,
                    text: m.to_string(),
                    round,
                });
            }
        }
        self.validate_phase()?;
        self.validate_scores()
    }

    fn validate_census(&self) -> Result<(), InvalidState> {
        let mut found = [0usize; FACES];
        for (_, h) in self.hands.iter() {
            for (f, &k) in found.iter_mut().zip(h.counts()) {
                *f += usize::from(k);
            }
        }
        let cards = self.melds.iter().flat_map(Meld::cards).chain(&self.stock);
        for c in cards {
            found[c.index()] += 1;
        }
        let mut want = [0usize; FACES];
        for c in pack(self.config.jokers) {
            want[c.index()] += 1;
        }
        match (0..FACES).find(|&i| found[i] != want[i]) {
            Some(i) => Err(InvalidState::Census {
                card: Card::from_index(i).unwrap_or(Card::JOKER),
                found: found[i],
                pack: want[i],
            }),
            None => Ok(()),
        }
    }

    fn validate_phase(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let limit = match self.phase {
            // A round blocked by passes ends with every player's pass counted.
            Phase::Over => n,
            Phase::Turn { .. } => n - 1,
        };
        if usize::from(self.passes) > limit {
            return Err(InvalidState::Passes {
                passes: self.passes,
                players: n,
            });
        }
        if self.passes > 0 && !self.stock.is_empty() {
            return Err(InvalidState::PassesWithStock {
                passes: self.passes,
                stock: self.stock.len(),
            });
        }
        if let Some(seat) = self.went_out {
            let cards = self.hands[seat].len();
            if cards > 0 {
                return Err(InvalidState::WentOutHolding { seat, cards });
            }
        }
        match self.phase {
            Phase::Over => {
                let last = self.config.rounds - 1;
                if self.deal != last {
                    return Err(InvalidState::OverEarly {
                        deal: self.deal,
                        last,
                    });
                }
                // The last round ended after final turns (below n passes) or blocked (n passes).
                if (usize::from(self.passes) == n) == self.went_out.is_some() {
                    return Err(InvalidState::RoundEnd {
                        passes: self.passes,
                        went_out: self.went_out,
                    });
                }
            }
            Phase::Turn {
                seat,
                put_down,
                final_turn,
            } => {
                if final_turn != self.went_out.is_some() {
                    return Err(InvalidState::FinalTurn {
                        final_turn,
                        went_out: self.went_out,
                    });
                }
                if self.went_out == Some(seat) {
                    return Err(InvalidState::WentOutToMove { seat });
                }
                if put_down && self.hands[seat].is_empty() {
                    return Err(InvalidState::PutDown {
                        seat,
                        reason: "holds no card: an empty hand ends the turn",
                    });
                }
                if put_down && !self.melds.iter().any(|m| m.owner() == seat) {
                    return Err(InvalidState::PutDown {
                        seat,
                        reason: "owns no meld",
                    });
                }
            }
        }
        Ok(())
    }

    fn validate_scores(&self) -> Result<(), InvalidState> {
        let over = self.phase == Phase::Over;
        match (&self.last_points, over) {
            (None, true) => {
                return Err(InvalidState::LastPoints {
                    present: false,
                    reason: "the match is over",
                });
            }
            (Some(_), false) if self.deal == 0 => {
                return Err(InvalidState::LastPoints {
                    present: true,
                    reason: "no round of the match was scored before the first deal",
                });
            }
            (Some(points), _) => {
                if points.len() != self.config.players {
                    return Err(InvalidState::PerSeat {
                        what: "last round's points",
                        len: points.len(),
                        players: self.config.players,
                    });
                }
                for (seat, &total) in self.totals.iter() {
                    let given = points[seat.index()];
                    if over {
                        let counted = self.hands[seat].iter().map(card_points).sum();
                        if given != counted {
                            return Err(InvalidState::LastPointsDiffer {
                                seat,
                                given,
                                counted,
                            });
                        }
                    }
                    if given > total {
                        return Err(InvalidState::LastPointsAboveTotal {
                            seat,
                            points: given,
                            total,
                        });
                    }
                }
            }
            (None, false) => {}
        }
        // Rounds scored so far: those before this one (a stated position carries their
        // totals in), and this one once the match is over.
        let rounds = self.info.round - 1 + u8::from(over);
        let per_round: u64 = pack(self.config.jokers)
            .into_iter()
            .map(|c| u64::from(card_points(c)))
            .sum();
        let max = per_round * u64::from(rounds);
        let sum: u64 = self.totals.0.iter().map(|&t| u64::from(t)).sum();
        if sum > max {
            return Err(InvalidState::Totals { sum, max, rounds });
        }
        // Deals in which a player could go out: the earlier deals of this match, and this one
        // if a player went out.
        let max = u64::from(self.deal) + u64::from(self.went_out.is_some() || over);
        let sum: u64 = self.tallies.0.iter().map(|&t| u64::from(t)).sum();
        if sum > max {
            return Err(InvalidState::Tallies { sum, max });
        }
        if let Some(seat) = self.went_out {
            if self.tallies[seat] == 0 {
                return Err(InvalidState::NoTally { seat });
            }
        }
        Ok(())
    }
}
