//! Checking a whole [`State`] read back from outside (a saved file, hand-edited JSON), so that
//! deserialisation refuses what the engine could not handle, and names what is wrong.
//!
//! First what a replay cannot see: the configuration, the seats, the match before this hand,
//! the stock and the census ([`check_census`], G4). Then the hand as dealt is rebuilt from what
//! the state records, the exposures become the answers of the draw and the pick-up round, and
//! the engine replays them ([`replay`]); the result must be the state ([`first_difference`]).
//! Card play records no history (the pile keeps cards, not their order), so its own fields are
//! checked here: hands and counts, the seats out, the Big Aces, the pile and the seat to move.

use cards_core::card::{FrenchCard, Joker, Suit};
use cards_core::seat::Seat;
use cards_core::validate::{CensusError, ReplayError, check_census, first_difference, replay};

use crate::BigA;
use crate::action::Action;
use crate::error::InvalidState;
use crate::event::ExposeKind;
use crate::hand::Hand;
use crate::rules::{ASKED_DRAWS, Counts, DIR, MAX_REDEALS, PACK, PLAYERS};
use crate::scoring::deal_scores;
use crate::state::{NoEvents, Phase, State, ace, full_pack};
use cards_core::GameConfig;
use cards_core::GameState;

/// The largest score of one hand for one seat (the lone declarer's doubled win, B11).
const MAX_HAND_SCORE: i64 = 64;

/// What a team field that is not the one the exposures give is called, in the order
/// [`State::validate`] compares them.
const TEAM_FIELDS: [&str; 5] = [
    "the declarer disagrees with the exposures",
    "the big ace suit disagrees with the exposures",
    "the number of aces the declarer showed disagrees with the exposures",
    "the forced heart ace disagrees with the exposures",
    "the partner's exposure disagrees with the exposures",
];

/// Each seat's cards in the order it drew them: the hand as dealt.
type Deal = [Vec<FrenchCard>; PLAYERS];

/// The name of a phase, for messages.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "the draw",
        Phase::PartnerExposure { .. } => "the pick-up round",
        Phase::Play => "card play",
        Phase::Over => "the end of the match",
    }
}

/// The first card a census finds too often (else too rarely), and how often it is found.
fn miscounted(e: &CensusError, census: &[String]) -> (FrenchCard, usize) {
    let name = e.extra.first().or(e.missing.first()).cloned();
    let found = census.iter().filter(|&c| Some(c) == name.as_ref()).count();
    let card = name.and_then(|n| n.parse().ok());
    (card.unwrap_or(FrenchCard::joker(Joker::Red)), found)
}

impl State {
    /// Checks that the state is one the engine reaches (its own states and determinized ones
    /// pass), so that legal moves, `apply`, views, determinization and scoring handle it
    /// without a panic; deserialisation runs it. In order: the configuration, the seats (B2)
    /// and the match so far (B11, B12); the stock and the number drawn (B1, B3); the census
    /// (G4); in play the hands, their counts and shown cards, the seats out (B10) and the Big
    /// Aces dealt (B6, B9); the draw and the pick-up round replayed through the engine from the
    /// hand as dealt, the exposures as answers, which must give the state (B3-B6); in play the
    /// pile and the seat to move (B7, B8), and at the end the last hand's scores (B11).
    ///
    /// # Errors
    /// The first inconsistency found, naming it.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        self.check_seats()?;
        self.check_match()?;
        self.check_stock()?;
        let census = self.census();
        if let Err(e) = check_census(census.clone(), self.config.pack()) {
            let (card, found) = miscounted(&e, &census);
            return Err(InvalidState::Census {
                card,
                found,
                expected: 2,
            });
        }
        let playing = matches!(self.phase, Phase::Play | Phase::Over);
        let dealt = if playing {
            self.check_hands()?;
            self.check_places()?;
            Some(self.big_aces_dealt()?)
        } else {
            None
        };
        if self.stock.is_empty() {
            self.check_stated()?;
        } else {
            self.check_draw(dealt)?;
        }
        if playing { self.check_pile() } else { Ok(()) }
    }

    fn check_seats(&self) -> Result<(), InvalidState> {
        let mut seats = vec![
            ("the first drawer", self.first_drawer),
            ("the seat to move", self.turn),
        ];
        seats.extend(self.declarer.map(|s| ("the declarer", s)));
        seats.extend(self.partner.map(|s| ("the partner", s)));
        seats.extend(
            self.top
                .map(|(s, _)| ("the player of the top of the pile", s)),
        );
        seats.extend(
            self.places
                .iter()
                .map(|&s| ("a seat in the finishing order", s)),
        );
        seats.extend(self.exposures.iter().map(|e| ("an exposer", e.seat)));
        match seats.into_iter().find(|(_, s)| s.index() >= PLAYERS) {
            Some((field, seat)) => Err(InvalidState::Seat { field, seat }),
            None => Ok(()),
        }
    }

    /// The match before this hand, which no replay of the hand sees (B11, B12).
    fn check_match(&self) -> Result<(), InvalidState> {
        let (deal, hands) = (self.deal as usize, self.config.hands);
        if (self.phase == Phase::Over) != (deal == hands) || deal > hands {
            let phase = phase_name(self.phase);
            return Err(InvalidState::Deal {
                deal: self.deal,
                hands,
                phase,
            });
        }
        if self.attempt > MAX_REDEALS {
            return Err(InvalidState::Attempt {
                attempt: self.attempt,
            });
        }
        let totals = self.totals.map(i64::from);
        let bound = MAX_HAND_SCORE * i64::from(self.deal);
        let bad = if totals.iter().sum::<i64>() != 0 {
            "the match totals do not add up to zero"
        } else if totals.iter().any(|t| t.abs() > bound) {
            "a match total is beyond 64 points per finished hand"
        } else {
            match self.last_scores.map(|l| l.map(i64::from)) {
                None if self.deal > 0 => "the last hand's scores are missing after a finished hand",
                Some(_) if self.deal == 0 => {
                    "there are last-hand scores before any hand is finished"
                }
                Some(l)
                    if l.iter().sum::<i64>() != 0 || l.iter().any(|x| x.abs() > MAX_HAND_SCORE) =>
                {
                    "the last hand's scores are not a row of the score tables"
                }
                _ => return Ok(()),
            }
        };
        Err(InvalidState::Scores(bad))
    }

    fn check_stock(&self) -> Result<(), InvalidState> {
        let (phase, len) = (phase_name(self.phase), self.stock.len());
        // A stated position (no stock) starts at card play in the first hand.
        let stated = matches!((self.phase, self.deal), (Phase::Play, 0) | (Phase::Over, 1));
        if len != PACK && !(len == 0 && stated) {
            return Err(InvalidState::Stock { len, phase });
        }
        // Its cards need no count of their own: before play the census and the hands drawn
        // from it make it the pack, and card play no longer reads it.
        let drawn_ok = match self.phase {
            Phase::Draw => (1..=ASKED_DRAWS).contains(&self.drawn),
            _ => usize::from(self.drawn) == PACK,
        };
        if !drawn_ok {
            return Err(InvalidState::Drawn {
                drawn: self.drawn,
                phase,
            });
        }
        match self.phase {
            Phase::PartnerExposure { asked } if usize::from(asked) >= PLAYERS => {
                Err(InvalidState::Asked { asked })
            }
            _ => Ok(()),
        }
    }

    /// The offset of `seat` from the first drawer in turn order.
    fn offset(&self, seat: Seat) -> usize {
        (0..PLAYERS)
            .find(|&k| self.first_drawer.step(PLAYERS, DIR, k) == seat)
            .unwrap_or(0)
    }

    /// Replays the draw and the pick-up round from the hand as dealt, the exposures as answers
    /// (each as early as its exposer holds its Aces), and compares the result with the state:
    /// all of it before play, the fields the draw decides at card play.
    fn check_draw(&self, dealt: Option<[u8; PLAYERS]>) -> Result<(), InvalidState> {
        let (aces, steps) = self.exposure_steps();
        let deal = match dealt {
            None => self.drawn_deal(aces)?,
            Some(dealt) => self.dealt_deal(aces, dealt)?,
        };
        // Each seat's positions from its list, the stock still to draw as it is.
        let mut stock = self.stock.clone();
        let mut next = [0; PLAYERS];
        for (k, slot) in stock.iter_mut().enumerate() {
            let s = self.drawer(k as u8).index();
            if let Some(&c) = deal[s].get(next[s]) {
                *slot = c;
                next[s] += 1;
            }
        }
        let mut start = State::blank(&self.config, self.seed, self.first_drawer);
        (start.deal, start.attempt) = (self.deal, self.attempt);
        (start.totals, start.last_scores) = (self.totals, self.last_scores);
        start.begin_attempt(Some(stock), &mut NoEvents);
        let answers = match self.phase {
            Phase::Draw => usize::from(self.drawn) - 1,
            Phase::PartnerExposure { asked } => usize::from(ASKED_DRAWS + asked),
            Phase::Play | Phase::Over => usize::from(ASKED_DRAWS) + PLAYERS,
        };
        let mut actions = vec![Action::Pass; answers];
        for (e, step) in self.exposures.iter().zip(&steps) {
            if let Some(a) = step.and_then(|k| actions.get_mut(k)) {
                *a = Action::Expose {
                    suit: e.suit,
                    pair: e.count == 2,
                };
            }
        }
        let mut replayed = replay::<BigA>(start, actions).map_err(|e| match e {
            ReplayError::Illegal { number, error, .. } => InvalidState::ExposureRefused {
                index: steps
                    .iter()
                    .position(|&k| k == Some(number - 1))
                    .unwrap_or(0),
                error,
            },
            ReplayError::Mismatch(line) => InvalidState::Replay(line),
        })?;
        replayed.stock.clone_from(&self.stock);
        if dealt.is_some() {
            self.carry_play_into(&mut replayed);
        }
        self.compare(&replayed)
    }

    /// Per seat the Aces its exposures need, in order (its first draws in the hand as dealt),
    /// and per exposure its answer: a draw answer as early as its exposer holds them, after the
    /// one before; the pick-up round in turn; none for the forced heart Ace (B4, B5).
    fn exposure_steps(&self) -> (Deal, Vec<Option<usize>>) {
        let mut aces: Deal = Default::default();
        let mut last = None;
        let steps = self.exposures.iter().map(|e| {
            let (s, at) = (e.seat.index(), self.offset(e.seat));
            let want = 1 + usize::from(matches!(
                e.kind,
                ExposeKind::Overcall | ExposeKind::Protect | ExposeKind::LoneSecond
            ));
            while aces[s].iter().filter(|&&c| c == ace(e.suit)).count() < want {
                aces[s].push(ace(e.suit));
            }
            match e.kind {
                ExposeKind::ForcedHeart => None,
                ExposeKind::Partner | ExposeKind::LoneSecond => Some(usize::from(ASKED_DRAWS) + at),
                _ => {
                    let k = (at + PLAYERS * (aces[s].len() - 1)).max(last.map_or(0, |l| l + 1));
                    last = Some(k + (at + PLAYERS - k % PLAYERS) % PLAYERS);
                    last
                }
            }
        });
        let steps = steps.collect();
        (aces, steps)
    }

    /// Before play, the hand as dealt is each seat's draws from the stock, which must be its
    /// hand (B3): its exposed Aces first, then in the order drawn, a heart Ace it did not
    /// expose last (so that a seat holding it before the forced one held it face down, B5).
    fn drawn_deal(&self, mut deal: Deal) -> Result<Deal, InvalidState> {
        for seat in Seat::all(PLAYERS) {
            let draws: Vec<FrenchCard> = (0..self.drawn)
                .filter(|&k| self.drawer(k) == seat)
                .map(|k| self.stock[usize::from(k)])
                .collect();
            if draws.iter().copied().collect::<Hand>() != self.hands[seat.index()] {
                return Err(InvalidState::HandDrawn { seat });
            }
            let list = &mut deal[seat.index()];
            let mut exposed: Hand = list.iter().copied().collect();
            let ah = ace(Suit::Hearts);
            let rest: Vec<FrenchCard> = draws.into_iter().filter(|&c| !exposed.remove(c)).collect();
            if !exposed.is_empty() {
                return Err(InvalidState::Known {
                    seat,
                    reason: "aces it did not draw",
                });
            }
            list.extend(rest.iter().filter(|&&c| c != ah));
            list.extend(rest.iter().filter(|&&c| c == ah));
        }
        Ok(deal)
    }

    /// At card play (whose draw a determinized state no longer keeps), a hand as dealt that
    /// gives each exposer its exposed Aces first, each seat the Big Aces it was `dealt` last
    /// (face down), and the rest of the pack in face order.
    fn dealt_deal(&self, mut deal: Deal, dealt: [u8; PLAYERS]) -> Result<Deal, InvalidState> {
        let mut pool: Hand = full_pack().into_iter().collect();
        let ba = self.big_suit.map(ace);
        let mut tails = [0usize; PLAYERS];
        for (s, list) in deal.iter().enumerate() {
            let have = list.iter().filter(|&&c| Some(c) == ba).count();
            tails[s] = usize::from(dealt[s]).saturating_sub(have);
            let mut cards = list
                .iter()
                .copied()
                .chain(ba.into_iter().cycle().take(tails[s]));
            if !cards.all(|c| pool.remove(c)) {
                return Err(InvalidState::BigAces(
                    "the aces exposed and dealt are more than the pack holds",
                ));
            }
        }
        let mut rest = pool.iter().filter(|&c| Some(c) != ba);
        for (s, list) in deal.iter_mut().enumerate() {
            let size = (PACK + PLAYERS - 1 - self.offset(Seat(s as u8))) / PLAYERS;
            let fill = size.saturating_sub(list.len() + tails[s]);
            list.extend(rest.by_ref().take(fill));
            list.extend(ba.into_iter().cycle().take(tails[s]));
        }
        Ok(deal)
    }

    /// Copies into the replayed start of play what card play has changed since.
    fn carry_play_into(&self, r: &mut State) {
        (r.hands, r.known, r.counts, r.masks) = (self.hands, self.known, self.counts, self.masks);
        (r.phase, r.turn, r.top, r.top_cards) = (self.phase, self.turn, self.top, self.top_cards);
        (r.table, r.discard, r.passes) = (self.table, self.discard, self.passes);
        (r.places, r.played_big, r.captured_big) =
            (self.places, self.played_big, self.captured_big);
    }

    /// The first field in which the replayed state differs from this one, named.
    fn compare(&self, r: &State) -> Result<(), InvalidState> {
        if r.exposures != self.exposures {
            let same = r
                .exposures
                .iter()
                .zip(self.exposures.iter())
                .take_while(|(a, b)| a == b);
            let index = same.count();
            return Err(if index < self.exposures.len() {
                InvalidState::Exposure {
                    index,
                    reason: "the draw replayed from the deal makes another (B4, B5)",
                }
            } else {
                InvalidState::Teams("an exposure the draw makes is missing")
            });
        }
        let same = [
            r.declarer == self.declarer,
            r.big_suit == self.big_suit,
            r.declarer_shown == self.declarer_shown,
            r.forced_heart == self.forced_heart,
            r.partner_exposed == self.partner_exposed,
        ];
        if let Some(i) = same.iter().position(|same| !same) {
            return Err(InvalidState::Teams(TEAM_FIELDS[i]));
        }
        if r.partner != self.partner {
            let name = |p: Option<Seat>| p.map_or_else(|| "nobody".to_owned(), |s| s.to_string());
            return Err(InvalidState::Partner {
                found: name(self.partner),
                expected: name(r.partner),
            });
        }
        if r.turn != self.turn {
            let expected = format!("{} should be", r.turn);
            return Err(InvalidState::Turn {
                turn: self.turn,
                expected,
            });
        }
        first_difference(r, self).map_or(Ok(()), |line| Err(InvalidState::Replay(line)))
    }

    /// A stated position at card play ([`PlaySetup`](crate::PlaySetup)) has no draw: its team
    /// fields are as stated.
    fn check_stated(&self) -> Result<(), InvalidState> {
        let stated = self.exposures.is_empty()
            && self.declarer.is_some()
            && self.big_suit.is_some()
            && (1..=2).contains(&self.declarer_shown)
            && !self.forced_heart
            && self.partner != self.declarer;
        if stated {
            Ok(())
        } else {
            Err(InvalidState::Teams(
                "a stated position states a declarer, its suit and another partner, no exposures",
            ))
        }
    }

    fn check_hands(&self) -> Result<(), InvalidState> {
        for seat in Seat::all(PLAYERS) {
            let s = seat.index();
            let mut shown = self.known[s];
            shown.remove_all(&self.hands[s]);
            if !shown.is_empty() {
                return Err(InvalidState::Known {
                    seat,
                    reason: "not all in its hand",
                });
            }
            if self.counts[s] != Counts::of(self.hands[s].faces(), self.big_suit) {
                return Err(InvalidState::Counts { seat });
            }
        }
        Ok(())
    }

    fn check_places(&self) -> Result<(), InvalidState> {
        let mut seen = [false; PLAYERS];
        if self
            .places
            .iter()
            .any(|s| std::mem::replace(&mut seen[s.index()], true))
        {
            return Err(InvalidState::Places("a seat is out twice"));
        }
        if self.phase == Phase::Over {
            return if self.places.len() == PLAYERS {
                Ok(())
            } else {
                Err(InvalidState::Places("a finished hand ranks every seat"))
            };
        }
        if Seat::all(PLAYERS).any(|s| seen[s.index()] != self.hands[s.index()].is_empty()) {
            return Err(InvalidState::Places(
                "the seats out are not exactly those without cards",
            ));
        }
        if !self.stock.is_empty() && self.hand_is_over() {
            return Err(InvalidState::Places(
                "every seat holding cards is on one team, so the hand is over",
            ));
        }
        Ok(())
    }

    /// Each seat's Big Aces held, plus those played, less those captured: what it held when
    /// play started, the two dealt (a stated position may set some aside) (B6, B9).
    fn big_aces_dealt(&self) -> Result<[u8; PLAYERS], InvalidState> {
        let ba = ace(self
            .big_suit
            .ok_or(InvalidState::Teams("there is no big ace suit"))?);
        let mut dealt = [0u8; PLAYERS];
        for (s, d) in dealt.iter_mut().enumerate() {
            let n = i32::from(self.hands[s].count(ba)) + i32::from(self.played_big[s])
                - i32::from(self.captured_big[s]);
            *d = u8::try_from(n).map_err(|_| {
                InvalidState::BigAces("a seat captured more than it played and holds")
            })?;
        }
        let total: u8 = dealt.iter().sum();
        if total > 2 || (total != 2 && !self.stock.is_empty()) {
            return Err(InvalidState::BigAces(
                "those held, plus those played, less those captured are not the two dealt",
            ));
        }
        Ok(dealt)
    }

    /// The top of the pile is a combination made of the cards on top, and the seat to move is
    /// the one the passes since give, or a leader holding cards (B6-B8).
    fn check_pile(&self) -> Result<(), InvalidState> {
        let pile = |what| Err(InvalidState::Pile(what));
        let Some((winner, play)) = self.top else {
            return match self.phase {
                Phase::Over => pile("the last play of the match is missing"),
                _ if !self.table.is_empty() || !self.top_cards.is_empty() => {
                    pile("cards lie on an empty pile")
                }
                _ if self.passes != 0 => pile("passes are counted on an empty pile"),
                _ => self.check_leader(),
            };
        };
        let (combo, suit) = (play.combo, self.big_suit);
        if !combo.is_valid(self.config.extra_bombs) || play.big > combo.aces() {
            return pile("the top is not a combination of this configuration");
        }
        let c = Counts::of(self.top_cards.faces(), suit);
        if c.total() != combo.len() || c.big != play.big || !c.holds(combo, play.big) {
            return pile("the cards on top are not those of the top play");
        }
        let mut rest = self.top_cards;
        rest.remove_all(&self.table);
        if !rest.is_empty() {
            return pile("the cards on top are not on the table");
        }
        if self.phase == Phase::Over {
            return if self.turn == winner
                && self.hands[winner.index()].is_empty()
                && self.passes == 0
            {
                self.check_last_scores()
            } else {
                pile("the match ends on a play by the seat to move, who went out")
            };
        }
        let others =
            Seat::all(PLAYERS).filter(|&s| s != winner && !self.hands[s.index()].is_empty());
        if usize::from(self.passes) >= others.count() {
            return pile("every other seat holding cards has passed, so the trick is over");
        }
        let mut to_move = winner;
        for _ in 0..=self.passes {
            to_move = self.next_holder(to_move).unwrap_or(to_move);
        }
        if self.turn != to_move {
            let (passes, expected) = (self.passes, format!("{to_move} should be"));
            let expected = format!("{expected} after {passes} passes since {winner} played");
            return Err(InvalidState::Turn {
                turn: self.turn,
                expected,
            });
        }
        Ok(())
    }

    /// On an empty pile the seat to move leads: it holds cards, and before any trick is over it
    /// is the partner who exposed, else the declarer (B6).
    fn check_leader(&self) -> Result<(), InvalidState> {
        let leader = match (self.partner, self.partner_exposed) {
            (Some(p), true) => p,
            _ => self.declarer.unwrap_or(self.turn),
        };
        let expected = if self.hands[self.turn.index()].is_empty() {
            "it has no cards to lead".to_owned()
        } else if !self.stock.is_empty() && self.discard.is_empty() && self.turn != leader {
            format!("{leader} leads the first trick")
        } else {
            return Ok(());
        };
        Err(InvalidState::Turn {
            turn: self.turn,
            expected,
        })
    }

    /// At the end of the match, the last hand's scores are those of its finishing order (B11).
    fn check_last_scores(&self) -> Result<(), InvalidState> {
        let declarer = self.declarer.unwrap_or(self.turn);
        let alone = self.declarer_shown >= 2;
        let scores = deal_scores(
            &self.places,
            declarer,
            self.partner,
            self.partner_exposed,
            alone,
        );
        if self.last_scores == Some(scores) {
            Ok(())
        } else {
            Err(InvalidState::Scores(
                "the last hand's scores are not those of its finishing order",
            ))
        }
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
