//! Checking a whole [`State`] read back from outside (a saved file, hand-edited JSON), so that
//! deserialisation refuses what the engine could not handle, and names what is wrong.
//!
//! First what a replay cannot see: the configuration, the seats, the match before this hand,
//! the stock, the number drawn and the census ([`check_census`], G4). Then the start of the
//! hand is rebuilt (the stock in draw order, or a stated position), the actions the state
//! records since are replayed through the engine ([`replay`]), and the result must be the
//! state, the first field that differs named. Card play takes identical cards by suit order,
//! which a determinized state's new hands need not follow: at card play hands, shown cards and
//! piles are compared as the rules see them (ranks, jokers, Big Aces, B1); the census counts
//! every card.

use cards_core::card::{FrenchCard, Joker, Suit};
use cards_core::seat::Seat;
use cards_core::validate::{ReplayError, check_census, first_difference, replay};
use cards_core::{GameConfig, GameState};

use crate::BigA;
use crate::error::InvalidState;
use crate::hand::Hand;
use crate::rules::{ASKED_DRAWS, Counts, MAX_REDEALS, PACK, PLAYERS};
use crate::state::{NoEvents, Phase, PlaySetup, State, ace};

/// The largest score of one hand for one seat (the lone declarer's doubled win, B11).
const MAX_HAND_SCORE: i64 = 64;

/// The name of a phase, for messages.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "the draw",
        Phase::PartnerExposure { .. } => "the pick-up round",
        Phase::Play => "card play",
        Phase::Over => "the end of the match",
    }
}

impl State {
    /// Checks that the state is one the engine reaches (its own states and determinized ones
    /// pass), so that legal moves, `apply`, views, determinization and scoring handle it
    /// without a panic; deserialisation runs it. In order: the configuration, the seats (B2)
    /// and the match before this hand (B11, B12); the stock and the number drawn (B1, B3); the
    /// census (G4); then the recorded actions replayed from the start of the hand, which must
    /// give the state (B3-B11).
    ///
    /// # Errors
    /// The first inconsistency found, naming it.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        self.check_seats()?;
        self.check_match()?;
        self.check_stock()?;
        let (census, pack) = (self.census(), self.config.pack());
        check_census(census.clone(), pack.clone()).map_err(|e| {
            let (name, found, expected) = e.first_miscount(&census, &pack);
            let card = name.parse().unwrap_or(FrenchCard::joker(Joker::Red));
            InvalidState::Census {
                card,
                found,
                expected,
            }
        })?;
        let replayed = replay::<BigA>(self.hand_start()?, self.actions.iter().copied());
        self.compare(replayed.map_err(|e| match e {
            ReplayError::Illegal {
                number,
                action,
                error,
            } => InvalidState::Refused {
                number,
                action,
                error,
            },
            ReplayError::Mismatch(line) => InvalidState::Replay(line),
        })?)
    }

    fn check_seats(&self) -> Result<(), InvalidState> {
        let mut seats = vec![
            ("the first drawer", self.first_drawer),
            ("the seat to move", self.turn),
        ];
        seats.extend(self.declarer.map(|s| ("the declarer", s)));
        seats.extend(self.partner.map(|s| ("the partner", s)));
        seats.extend(self.stated.as_ref().map(|t| ("the stated leader", t.0)));
        let out = |&s: &Seat| ("a seat in the finishing order", s);
        seats.extend(self.places.iter().map(out));
        seats.extend(self.exposures.iter().map(|e| ("an exposer", e.seat)));
        match seats.into_iter().find(|(_, s)| s.index() >= PLAYERS) {
            Some((field, seat)) => Err(InvalidState::Seat { field, seat }),
            None => Ok(()),
        }
    }

    /// The match before this hand, which no replay of the hand sees (B11, B12).
    fn check_match(&self) -> Result<(), InvalidState> {
        let (deal, hands, attempt) = (self.deal, self.config.hands, self.attempt);
        if (self.phase == Phase::Over) != (deal as usize == hands) || deal as usize > hands {
            let phase = phase_name(self.phase);
            return Err(InvalidState::Deal { deal, hands, phase });
        } else if attempt > MAX_REDEALS {
            return Err(InvalidState::Attempt { attempt });
        }
        let (totals, bound) = (self.totals.map(i64::from), MAX_HAND_SCORE * i64::from(deal));
        let last = self.last_scores.map(|l| l.map(i64::from));
        let row = |l: [i64; PLAYERS]| {
            l.iter().sum::<i64>() == 0 && l.iter().all(|x| x.abs() <= MAX_HAND_SCORE)
        };
        let bad = if totals.iter().sum::<i64>() != 0 {
            "the match totals do not add up to zero"
        } else if totals.iter().any(|t| t.abs() > bound) {
            "a match total is beyond 64 points per finished hand"
        } else if last.is_some() != (deal > 0) {
            "the last hand's scores are there exactly when a hand is finished"
        } else if !last.is_none_or(row) {
            "the last hand's scores are not a row of the score tables"
        } else {
            return Ok(());
        };
        Err(InvalidState::Scores(bad))
    }

    fn check_stock(&self) -> Result<(), InvalidState> {
        let (phase, len, drawn) = (phase_name(self.phase), self.stock.len(), self.drawn);
        // A stated position (no stock) starts at card play in the first hand.
        let first = matches!((self.phase, self.deal), (Phase::Play, 0) | (Phase::Over, 1));
        let drawn_ok = match self.phase {
            Phase::Draw => (1..=ASKED_DRAWS).contains(&drawn),
            _ => usize::from(drawn) == PACK,
        };
        if len != PACK && !(len == 0 && first && self.stated.is_some()) {
            return Err(InvalidState::Stock { len, phase });
        } else if !drawn_ok {
            return Err(InvalidState::Drawn { drawn, phase });
        }
        // From redeal MAX_REDEALS on the pack shows a heart Ace (B12): a draw with nobody
        // declared whose stock hides both among the face-down cards would redeal once more.
        if self.attempt >= MAX_REDEALS && self.phase == Phase::Draw && self.declarer.is_none() {
            let ah = ace(Suit::Hearts);
            let face_down = self.stock.get(usize::from(ASKED_DRAWS)..).unwrap_or(&[]);
            if face_down.iter().filter(|&&c| c == ah).count() == 2 {
                let attempt = self.attempt;
                return Err(InvalidState::Attempt { attempt });
            }
        }
        match self.phase {
            Phase::PartnerExposure { asked } if usize::from(asked) >= PLAYERS => {
                Err(InvalidState::Asked { asked })
            }
            _ => Ok(()),
        }
    }

    /// The start of the hand: the stock dealt after the match before this hand (at its end,
    /// the totals without the last hand's scores), or the stated position (B3, B6).
    fn hand_start(&self) -> Result<State, InvalidState> {
        let Some(&(leader, hands)) = self.stated.as_deref() else {
            let mut s = State::blank(&self.config, self.seed, self.first_drawer);
            let over = self.phase == Phase::Over;
            let last = self.last_scores.filter(|_| over).unwrap_or_default();
            (s.deal, s.attempt) = (self.deal - u32::from(over), self.attempt);
            s.totals = std::array::from_fn(|i| self.totals[i] - last[i]);
            s.last_scores = self.last_scores;
            s.begin_attempt(Some(self.stock.clone()), &mut NoEvents);
            return Ok(s);
        };
        let teams = InvalidState::Teams("a stated position states a declarer and its suit");
        let out = self.places.iter().filter(|s| hands[s.index()].is_empty());
        let setup = PlaySetup {
            hands: hands.map(|h| h.iter().collect()),
            declarer: self.declarer.ok_or(teams.clone())?,
            suit: self.big_suit.ok_or(teams)?,
            partner: self.partner,
            exposed: self.partner_exposed || (self.partner.is_none() && self.declarer_shown == 2),
            leader,
            out: out.copied().collect(),
        };
        State::from_play_seeded(&self.config, self.seed, &setup).map_err(InvalidState::Stated)
    }

    /// The first field in which the replayed state `r` differs from this one, named; at card
    /// play the cards are compared as the rules see them (B1).
    fn compare(&self, mut r: State) -> Result<(), InvalidState> {
        let pairs = r.exposures.iter().zip(self.exposures.iter());
        let index = pairs.take_while(|(a, b)| a == b).count();
        if index < self.exposures.len() {
            let reason = "the draw replayed from the deal makes another (B4, B5)";
            return Err(InvalidState::Exposure { index, reason });
        } else if r.exposures != self.exposures {
            return Err(InvalidState::Teams("an exposure the draw makes is missing"));
        } else if r.declarer != self.declarer {
            let what = "the declarer disagrees with the exposures";
            return Err(InvalidState::Teams(what));
        } else if r.partner != self.partner {
            let name = |p: Option<Seat>| p.map_or_else(|| "nobody".to_owned(), |s| s.to_string());
            let (found, expected) = (name(self.partner), name(r.partner));
            return Err(InvalidState::Partner { found, expected });
        }
        let playing = matches!(self.phase, Phase::Play | Phase::Over);
        let rules = |h: &Hand| Counts::of(h.faces(), self.big_suit);
        let same = |a: &Hand, b: &Hand| a == b || (playing && rules(a) == rules(b));
        for seat in Seat::all(PLAYERS) {
            let (s, mut shown) = (seat.index(), self.known[seat.index()]);
            shown.remove_all(&self.hands[s]);
            if !same(&r.hands[s], &self.hands[s]) {
                return Err(InvalidState::HandDrawn { seat });
            } else if r.counts[s] != self.counts[s] {
                return Err(InvalidState::Counts { seat });
            } else if !shown.is_empty() || !same(&r.known[s], &self.known[s]) {
                let reason = "not the aces it exposed and the cards it captured, all in its hand";
                return Err(InvalidState::Known { seat, reason });
            }
        }
        if r.turn != self.turn {
            let (turn, passes) = (self.turn, self.passes);
            let since = |(w, _)| format!(" after {passes} passes since {w} played");
            let since = self.top.map(since).unwrap_or_default();
            let expected = format!("{} should be{since}", r.turn);
            return Err(InvalidState::Turn { turn, expected });
        }
        let pile = |what| Err(InvalidState::Pile(what));
        if let Some((_, p)) = self.top.filter(|_| r.top != self.top) {
            let valid = p.combo.is_valid(self.config.extra_bombs) && p.big <= p.combo.aces();
            return pile(if valid {
                "the cards on top are not those of the top play"
            } else {
                "the top is not a combination of this configuration"
            });
        }
        let winner = self.top.map(|t| t.0);
        let others =
            Seat::all(PLAYERS).filter(|&s| Some(s) != winner && !self.hands[s.index()].is_empty());
        if r.passes != self.passes && usize::from(self.passes) >= others.count() {
            return pile("every other seat holding cards has passed, so the trick is over");
        }
        let piles = same(&r.top_cards, &self.top_cards) && same(&r.table, &self.table);
        if !piles || !same(&r.discard, &self.discard) {
            return pile("the cards on the table and set aside are not those played");
        } else if (r.played_big, r.captured_big) != (self.played_big, self.captured_big) {
            let what = "those played and captured are not those replayed";
            return Err(InvalidState::BigAces(what));
        }
        let mut seen = [false; PLAYERS];
        let twice = |s: &Seat| std::mem::replace(&mut seen[s.index()], true);
        if self.places.iter().any(twice) {
            return Err(InvalidState::Places("a seat is out twice"));
        }
        // The rest compared exactly, as the state's `Debug` form names it; the rank masks are
        // derived, not read.
        (r.hands, r.known, r.masks) = (self.hands, self.known, self.masks);
        (r.top_cards, r.table, r.discard) = (self.top_cards, self.table, self.discard);
        first_difference(&r, self).map_or(Ok(()), |line| Err(InvalidState::Replay(line)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::Game;

    #[test]
    fn the_redeal_limit_in_messages_is_the_rules_one() {
        let e = InvalidState::Attempt {
            attempt: MAX_REDEALS + 1,
        };
        assert!(
            e.to_string()
                .contains(&format!("from redeal {MAX_REDEALS} on")),
            "{e}"
        );
    }

    #[test]
    fn engine_states_replay_through_every_phase() {
        let config = crate::Config::default().single_deal();
        for seed in 0..6 {
            let mut s = State::new(&config, seed).unwrap();
            while let Some(a) = BigA::legal_actions(&s).last().copied() {
                assert_eq!(s.validate(), Ok(()), "seed {seed}: {s:?}");
                BigA::apply(&mut s, &a).unwrap();
            }
            assert_eq!(s.validate(), Ok(()));
        }
    }
}
