//! What a state read back from a file must satisfy: every invariant the engine relies on,
//! checked when a [`State`] is deserialized (and when a stated position becomes a state).

use cards_core::seat::Seat;

use crate::cards::{Card, FACES, pack};
use crate::meld::Meld;
use crate::rules::{ConfigError, card_points};
use crate::state::{Phase, State};

/// Why a state is inconsistent: the configuration, a seat, the cards (rulings G4), a meld, or
/// the turn, round and scoring counters disagree with the rest of the state.
///
/// Returned by [`State::validate`]; deserializing a [`State`] refuses it with this message.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate.
    #[error("the configuration is invalid: {0}")]
    Config(#[from] ConfigError),
    /// A per-seat list does not have one entry per player.
    #[error("{what} have {len} entries for {players} players")]
    PerSeat {
        /// Which list (`hands`, `totals`, ...).
        what: &'static str,
        /// Its length.
        len: usize,
        /// The number of players.
        players: usize,
    },
    /// A seat index is not below the number of players.
    #[error("the {what} is seat {seat}, out of range for {players} players")]
    SeatOutOfRange {
        /// Which seat (`dealer`, `player to move`, ...).
        what: &'static str,
        /// The seat given.
        seat: u8,
        /// The number of players.
        players: usize,
    },
    /// The deal index is outside the match.
    #[error("deal {deal} is outside the match's {rounds} rounds (C2)")]
    Deal {
        /// The deal index (0-based).
        deal: u8,
        /// The number of rounds of the match.
        rounds: u8,
    },
    /// The round facts are not those of the round the deal index names.
    #[error(
        "the round facts (round {given}) differ from those of round {round} under the configuration (C2, C3, C5)"
    )]
    RoundInfo {
        /// The round the state's round facts name.
        given: u8,
        /// The round of the deal.
        round: u8,
    },
    /// Hands, melds and stock do not make up the pack, each card exactly once.
    #[error(
        "hands, melds and stock hold {card} {found} times, but the pack holds it {pack} times (G4)"
    )]
    Census {
        /// The card.
        card: Card,
        /// How many copies the state holds.
        found: usize,
        /// How many copies the pack holds.
        pack: usize,
    },
    /// A meld on the table is not a valid set or run of the round.
    #[error("meld {meld} ({text}) is not a valid set or run in round {round} (C4)")]
    InvalidMeld {
        /// The meld number (1-based).
        meld: usize,
        /// The meld as written.
        text: String,
        /// The round.
        round: u8,
    },
    /// The match is over before its last deal.
    #[error("the match is over in deal {deal}, before its last deal {last} (C8)")]
    OverEarly {
        /// The deal index.
        deal: u8,
        /// The last deal index.
        last: u8,
    },
    /// The last round ended neither by a player going out nor by every player passing.
    #[error(
        "the last round ends when a player went out or all passed, not with {passes} passes and {went_out:?} out (C6, C7)"
    )]
    RoundEnd {
        /// The passes counted.
        passes: u8,
        /// Who went out.
        went_out: Option<Seat>,
    },
    /// More passes in a row than players.
    #[error("{passes} passes in a row with {players} players: the round ends when all pass (C6)")]
    Passes {
        /// The passes counted.
        passes: u8,
        /// The number of players.
        players: usize,
    },
    /// Passes counted while the stock still holds cards.
    #[error(
        "{passes} passes counted with {stock} cards in the stock: only an empty stock allows a pass (C6)"
    )]
    PassesWithStock {
        /// The passes counted.
        passes: u8,
        /// Cards in the stock.
        stock: usize,
    },
    /// A final turn without a player who went out, or a player out without final turns.
    #[error(
        "a final turn is played exactly when a player went out (final turn: {final_turn}, went out: {went_out:?}) (C7)"
    )]
    FinalTurn {
        /// Whether the phase is a final turn.
        final_turn: bool,
        /// Who went out.
        went_out: Option<Seat>,
    },
    /// The player who went out is to move again.
    #[error("{seat} went out and has no final turn (C7)")]
    WentOutToMove {
        /// The seat.
        seat: Seat,
    },
    /// The player who went out still holds cards.
    #[error("{seat} went out but holds {cards} cards (C7)")]
    WentOutHolding {
        /// The seat.
        seat: Seat,
        /// The cards held.
        cards: usize,
    },
    /// A player is putting down with nothing in hand, or without a meld of their own.
    #[error("{seat} is putting cards down but {reason} (C6, C7)")]
    PutDown {
        /// The seat to move.
        seat: Seat,
        /// What contradicts it.
        reason: &'static str,
    },
    /// The last round's points are missing, or present before any round was scored.
    #[error("the last round's points are {}, but {reason} (C7)", if *present { "given" } else { "missing" })]
    LastPoints {
        /// Whether they are given.
        present: bool,
        /// Why that is wrong.
        reason: &'static str,
    },
    /// At the end of the match, the last round's points are not those of the hands left.
    #[error(
        "{seat} scored {given} points in the last round, but its hand left counts {counted} (C7)"
    )]
    LastPointsDiffer {
        /// The seat.
        seat: Seat,
        /// The points recorded.
        given: u32,
        /// The points of the hand.
        counted: u32,
    },
    /// A seat's last-round points exceed its total.
    #[error("{seat} scored {points} points in the last round but has a total of {total} (C8)")]
    LastPointsAboveTotal {
        /// The seat.
        seat: Seat,
        /// The last round's points.
        points: u32,
        /// The total.
        total: u32,
    },
    /// The totals exceed what the rounds scored so far can give.
    #[error(
        "the totals add up to {sum} points, more than the {max} that {rounds} scored rounds can give (C7, C8)"
    )]
    Totals {
        /// The sum of the totals.
        sum: u64,
        /// The most the scored rounds can give.
        max: u64,
        /// The rounds scored before (and including, once the match is over) this one.
        rounds: u8,
    },
    /// The go-out tallies exceed the rounds in which someone could go out.
    #[error(
        "the go-out tallies add up to {sum}, more than the {max} rounds in which a player went out (C8)"
    )]
    Tallies {
        /// The sum of the tallies.
        sum: u64,
        /// The most possible.
        max: u64,
    },
    /// The player who went out has no go-out tally.
    #[error("{seat} went out this round but has no go-out tally (C8)")]
    NoTally {
        /// The seat.
        seat: Seat,
    },
}

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
