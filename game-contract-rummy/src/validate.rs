//! What a state read back from a file must satisfy: every invariant the engine relies on,
//! checked when a [`State`] is deserialized (and when a stated position becomes a state).
//!
//! A state records no history: the draws, passes and put-downs of the round are not kept, the
//! hands as dealt cannot be told from the cards drawn since, and a determinization redeals the
//! stock. So the round cannot be rebuilt and replayed, and what a replay would check is checked
//! here explicitly; the census is `cards_core`'s `check_census`.

use cards_core::validate::check_census;

use crate::cards::pack;
use crate::error::InvalidState;
use crate::rules::card_points;
use crate::state::{Phase, State};
use cards_core::GameConfig;
use cards_core::GameState;

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
        self.check_seats()?;
        self.check_round()?;
        self.check_census()?;
        let round = self.info.round;
        if let Some((i, m)) = (self.melds.iter().enumerate()).find(|(_, m)| !m.is_valid(self.info))
        {
            let (meld, text) = (i + 1, m.to_string());
            return Err(InvalidState::InvalidMeld { meld, text, round });
        }
        self.check_passes()?;
        self.check_phase()?;
        self.check_last_points()?;
        self.check_totals()
    }

    /// One entry per player in the per-seat lists; every seat named in range.
    fn check_seats(&self) -> Result<(), InvalidState> {
        let players = self.config.players;
        let lists = [
            ("hands", self.hands.len()),
            ("totals", self.totals.len()),
            ("tallies", self.tallies.len()),
        ];
        if let Some((what, len)) = lists.into_iter().find(|&(_, len)| len != players) {
            return Err(InvalidState::PerSeat { what, len, players });
        }
        let to_move = match self.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Over => None,
        };
        let named = [("dealer", self.dealer)]
            .into_iter()
            .chain(to_move.map(|s| ("player to move", s)))
            .chain(self.went_out.map(|s| ("player who went out", s)))
            .chain(self.melds.iter().map(|m| ("owner of a meld", m.owner())));
        if let Some((what, seat)) = named.into_iter().find(|(_, s)| s.index() >= players) {
            let seat = seat.0;
            return Err(InvalidState::SeatOutOfRange {
                what,
                seat,
                players,
            });
        }
        Ok(())
    }

    /// The deal index within the match; the round facts of its round (C2, C3, C5).
    fn check_round(&self) -> Result<(), InvalidState> {
        let (deal, rounds) = (self.deal, self.config.rounds);
        if deal >= rounds {
            return Err(InvalidState::Deal { deal, rounds });
        }
        let round = self.config.first_round + deal;
        if self.info != self.config.round_info(round) {
            let given = self.info.round;
            return Err(InvalidState::RoundInfo { given, round });
        }
        Ok(())
    }

    /// Hands, melds and stock make up the pack (G4), named as ever: the first card too many
    /// (else missing), with its two counts.
    fn check_census(&self) -> Result<(), InvalidState> {
        let census = self.census();
        let pack = self.config.pack();
        let Err(e) = check_census(census.clone(), pack.clone()) else {
            return Ok(());
        };
        let (text, found, pack) = e.first_miscount(&census, &pack);
        let card = text.parse().unwrap_or(crate::cards::Card::JOKER);
        Err(InvalidState::Census { card, found, pack })
    }

    /// Passes in a row: fewer than the players while a turn is on, and only with an empty
    /// stock (C6); who went out holds no card (C7).
    fn check_passes(&self) -> Result<(), InvalidState> {
        let (players, passes) = (self.config.players, self.passes);
        let over = self.phase == Phase::Over;
        // A round blocked by passes ends with every player's pass counted.
        if usize::from(passes) > players - usize::from(!over) {
            return Err(InvalidState::Passes { passes, players });
        }
        if passes > 0 && !self.stock.is_empty() {
            let stock = self.stock.len();
            return Err(InvalidState::PassesWithStock { passes, stock });
        }
        if let Some(seat) = self.went_out {
            let cards = self.hands[seat].len();
            if cards > 0 {
                return Err(InvalidState::WentOutHolding { seat, cards });
            }
        }
        Ok(())
    }

    /// The phase against the rest: the end of the match (C6, C7, C8), or the turn (C7).
    fn check_phase(&self) -> Result<(), InvalidState> {
        let (passes, went_out) = (self.passes, self.went_out);
        let Phase::Turn {
            seat,
            put_down,
            final_turn,
        } = self.phase
        else {
            let (deal, last) = (self.deal, self.config.rounds - 1);
            if deal != last {
                return Err(InvalidState::OverEarly { deal, last });
            }
            // The last round ended after final turns (below n passes) or blocked (n passes).
            if (usize::from(passes) == self.config.players) == went_out.is_some() {
                return Err(InvalidState::RoundEnd { passes, went_out });
            }
            return Ok(());
        };
        if final_turn != went_out.is_some() {
            return Err(InvalidState::FinalTurn {
                final_turn,
                went_out,
            });
        }
        if went_out == Some(seat) {
            return Err(InvalidState::WentOutToMove { seat });
        }
        let reason = if !put_down {
            return Ok(());
        } else if self.hands[seat].is_empty() {
            "holds no card: an empty hand ends the turn"
        } else if !self.melds.iter().any(|m| m.owner() == seat) {
            "owns no meld"
        } else {
            return Ok(());
        };
        Err(InvalidState::PutDown { seat, reason })
    }

    /// The last round's points: absent before any round was scored, present at the end and
    /// then those of the hands left (C7), one per seat, each at most its seat's total (C8).
    fn check_last_points(&self) -> Result<(), InvalidState> {
        let over = self.phase == Phase::Over;
        let points = match (&self.last_points, over) {
            (None, true) => "the match is over",
            (Some(_), false) if self.deal == 0 => {
                "no round of the match was scored before the first deal"
            }
            (Some(points), _) => return self.check_points(points, over),
            (None, false) => return Ok(()),
        };
        let present = self.last_points.is_some();
        Err(InvalidState::LastPoints {
            present,
            reason: points,
        })
    }

    /// The last round's `points` given, one per seat (at the end those of the hands left).
    fn check_points(&self, points: &[u32], over: bool) -> Result<(), InvalidState> {
        let players = self.config.players;
        if points.len() != players {
            let (what, len) = ("last round's points", points.len());
            return Err(InvalidState::PerSeat { what, len, players });
        }
        for (seat, &total) in self.totals.iter() {
            let given = points[seat.index()];
            let counted = self.hands[seat].iter().map(card_points).sum();
            if over && given != counted {
                return Err(InvalidState::LastPointsDiffer {
                    seat,
                    given,
                    counted,
                });
            }
            if given > total {
                let points = given;
                return Err(InvalidState::LastPointsAboveTotal {
                    seat,
                    points,
                    total,
                });
            }
        }
        Ok(())
    }

    /// Totals and tallies no more than the rounds scored can give (C8).
    fn check_totals(&self) -> Result<(), InvalidState> {
        let over = self.phase == Phase::Over;
        // Rounds scored so far: those before this one (a stated position carries their
        // totals in), and this one once the match is over.
        let rounds = self.info.round - 1 + u8::from(over);
        let per_round: u64 = (pack(self.config.jokers).into_iter())
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
        match self.went_out {
            Some(seat) if self.tallies[seat] == 0 => Err(InvalidState::NoTally { seat }),
            _ => Ok(()),
        }
    }
}
