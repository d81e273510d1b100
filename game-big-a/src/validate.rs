//! Checking a whole [`State`] read back from outside (a saved file, hand-edited JSON): every
//! invariant the engine relies on, so that deserialisation refuses what the engine could not
//! handle, and names what is wrong.
//!
//! Cached and derived fields are recomputed from the primary data and compared: the team
//! fields from the exposures, the seen cards before play from the exposures, the rank counts
//! from the hands, the seat to move from the draw, the pick-up round or the passes, the last
//! scores of a finished match from its finishing order.

use cards_core::card::{CardIndex, FrenchCard, Suit};
use cards_core::seat::Seat;

use crate::error::InvalidState;
use crate::event::ExposeKind;
use crate::hand::Hand;
use crate::rules::Counts;
use crate::rules::{ASKED_DRAWS, DIR, MAX_REDEALS, PACK, PLAYERS};
use crate::scoring::deal_scores;
use crate::state::{Phase, State, ace};

/// The largest score of one hand for one seat (the lone declarer's doubled win, B11).
const MAX_HAND_SCORE: i64 = 64;

/// The card of a face index below 54.
fn card_at(i: usize) -> FrenchCard {
    FrenchCard::from_index(i).unwrap_or(FrenchCard::joker(cards_core::card::Joker::Red))
}

/// The name of a phase, for messages.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Draw => "the draw",
        Phase::PartnerExposure { .. } => "the pick-up round",
        Phase::Play => "card play",
        Phase::Over => "the end of the match",
    }
}

/// The team fields as the exposures make them, and the cards they show.
struct Replay {
    declarer: Option<Seat>,
    suit: Option<Suit>,
    shown: u8,
    forced: bool,
    partner_exposed: bool,
    partner: Option<Seat>,
    known: [Hand; PLAYERS],
}

impl State {
    /// Checks every invariant the engine relies on, so that any state that passes is one that
    /// legal moves, `apply`, views, determinization and scoring handle without a panic.
    /// Deserialisation runs it; the engine's own states always pass.
    ///
    /// What is checked, in this order:
    /// - the configuration validates, and every seat named is one of the five (B2);
    /// - the hands finished fit the match and the phase, the redeal count is reachable, the
    ///   match totals add up to zero within 64 points per finished hand, the last hand's scores
    ///   exist exactly after a finished hand (B11);
    /// - the stock is the 108 cards of the pack in some order (empty only in a stated first
    ///   hand) and the number drawn fits the phase (B1, B3);
    /// - the stock still to draw, the hands, the table and the discard are the pack, each card
    ///   exactly twice (G4);
    /// - the exposures, replayed, are a sequence the rules allow and give exactly the
    ///   declarer, Big Ace suit, Aces shown, forced heart and partner exposure (B4-B6);
    /// - before play: each hand is the cards its seat drew from the stock, its shown cards are
    ///   the Aces it exposed, the seat to move is the drawer or the seat asked, and nothing of
    ///   card play exists yet (no partner, pile, table, discard, passes, places, counts);
    /// - in play: the cached counts are those of the hands, shown cards are in their hands,
    ///   each seat's Big Aces held, plus played, less captured add up to the two dealt with the
    ///   declarer holding one and the partner being the other holder (B6, B9), the seats out
    ///   are exactly those without cards and the hand is not already over (B10), the top of the
    ///   pile is a combination of the configuration made of exactly the cards on top, and the
    ///   seat to move is the first leader, or the one the passes since the last play give
    ///   (B7, B8); at the end of the match, the last scores are those of the finishing order.
    ///
    /// # Errors
    /// The first inconsistency found, naming it.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        self.check_seats()?;
        self.check_match()?;
        self.check_stock()?;
        self.check_census()?;
        let replay = self.check_exposures()?;
        match self.phase {
            Phase::Draw | Phase::PartnerExposure { .. } => self.check_before_play(&replay),
            Phase::Play | Phase::Over => self.check_play(&replay),
        }
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

    fn check_match(&self) -> Result<(), InvalidState> {
        let hands = self.config.hands;
        let deal = self.deal as usize;
        let fits = if self.phase == Phase::Over {
            deal == hands
        } else {
            deal < hands
        };
        if !fits {
            return Err(InvalidState::Deal {
                deal: self.deal,
                hands,
                phase: phase_name(self.phase),
            });
        }
        if self.attempt > MAX_REDEALS {
            return Err(InvalidState::Attempt {
                attempt: self.attempt,
            });
        }
        let totals = self.totals.map(i64::from);
        if totals.iter().sum::<i64>() != 0 {
            return Err(InvalidState::Scores(
                "the match totals do not add up to zero",
            ));
        }
        let bound = MAX_HAND_SCORE * i64::from(self.deal);
        if totals.iter().any(|t| t.abs() > bound) {
            return Err(InvalidState::Scores(
                "a match total is beyond 64 points per finished hand",
            ));
        }
        match self.last_scores {
            None if self.deal > 0 => Err(InvalidState::Scores(
                "the last hand's scores are missing after a finished hand",
            )),
            Some(_) if self.deal == 0 => Err(InvalidState::Scores(
                "there are last-hand scores before any hand is finished",
            )),
            Some(last)
                if last.iter().map(|&x| i64::from(x)).sum::<i64>() != 0
                    || last.iter().any(|&x| i64::from(x).abs() > MAX_HAND_SCORE) =>
            {
                Err(InvalidState::Scores(
                    "the last hand's scores are not a row of the score tables",
                ))
            }
            _ => Ok(()),
        }
    }

    fn check_stock(&self) -> Result<(), InvalidState> {
        let phase = phase_name(self.phase);
        let len = self.stock.len();
        // A stated position (no stock) starts at card play in the first hand.
        let stated_ok = match self.phase {
            Phase::Play => self.deal == 0,
            Phase::Over => self.deal == 1,
            _ => false,
        };
        if len != PACK && !(len == 0 && stated_ok) {
            return Err(InvalidState::Stock { len, phase });
        }
        let mut found = [0usize; 54];
        for c in &self.stock {
            found[c.to_index()] += 1;
        }
        if let Some(i) = found.iter().position(|&n| n != 2 && len != 0) {
            return Err(InvalidState::StockCards {
                card: card_at(i),
                found: found[i],
            });
        }
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
        Ok(())
    }

    fn check_census(&self) -> Result<(), InvalidState> {
        let mut found = [0usize; 54];
        for c in self.stock.get(usize::from(self.drawn)..).unwrap_or(&[]) {
            found[c.to_index()] += 1;
        }
        for h in self.hands.iter().chain([&self.table, &self.discard]) {
            for (f, &n) in found.iter_mut().zip(h.faces()) {
                *f += usize::from(n);
            }
        }
        match found.iter().position(|&n| n != 2) {
            Some(i) => Err(InvalidState::Census {
                card: card_at(i),
                found: found[i],
                expected: 2,
            }),
            None => Ok(()),
        }
    }

    /// The offset of `seat` from the first drawer in turn order.
    fn offset(&self, seat: Seat) -> usize {
        (0..PLAYERS)
            .find(|&k| self.first_drawer.step(PLAYERS, DIR, k) == seat)
            .unwrap_or(PLAYERS)
    }

    /// Replays the exposures (B4, B5) and compares the team fields with the result.
    fn check_exposures(&self) -> Result<Replay, InvalidState> {
        let mut r = Replay {
            declarer: None,
            suit: None,
            shown: 0,
            forced: false,
            partner_exposed: false,
            partner: None,
            known: [Hand::new(); PLAYERS],
        };
        let before_play = matches!(self.phase, Phase::Draw | Phase::PartnerExposure { .. });
        if self.stock.is_empty() {
            // A stated position at card play: no exposure list, the fields as stated.
            if !self.exposures.is_empty() {
                return Err(InvalidState::Exposure {
                    index: 0,
                    reason: "a stated position has no exposures",
                });
            }
            if self.declarer.is_none() {
                return Err(InvalidState::Teams("there is no declarer"));
            }
            if self.big_suit.is_none() {
                return Err(InvalidState::Teams("there is no big ace suit"));
            }
            if !(1..=2).contains(&self.declarer_shown) {
                return Err(InvalidState::Teams(
                    "a stated declarer shows one or two big aces",
                ));
            }
            if self.forced_heart {
                return Err(InvalidState::Teams(
                    "a stated position has no forced heart ace",
                ));
            }
            return Ok(r);
        }
        // 0: the draw; 1: the forced heart Ace at its end; 2: after the pick-up.
        let mut stage = 0u8;
        let mut last_answer: Option<usize> = None;
        for (index, e) in self.exposures.iter().enumerate() {
            let bad = |reason| Err(InvalidState::Exposure { index, reason });
            let count = 1 + u8::from(e.kind == ExposeKind::Overcall);
            if e.count != count {
                return bad("a pair is exposed only to overcall, everything else is one ace (B4)");
            }
            match e.kind {
                ExposeKind::Declare => {
                    if stage > 0 || r.declarer.is_some() {
                        return bad(
                            "a single ace declares only during the draw, when no ace is exposed (B4)",
                        );
                    }
                    r.declarer = Some(e.seat);
                    r.suit = Some(e.suit);
                    r.shown = 1;
                }
                ExposeKind::Overcall => {
                    if stage > 0 || r.shown >= 2 {
                        return bad(
                            "a pair overcalls only during the draw, over at most a single ace (B4)",
                        );
                    }
                    r.declarer = Some(e.seat);
                    r.suit = Some(e.suit);
                    r.shown = 2;
                }
                ExposeKind::Protect => {
                    if stage > 0
                        || r.declarer != Some(e.seat)
                        || r.suit != Some(e.suit)
                        || r.shown != 1
                    {
                        return bad(
                            "only the single-ace declarer protects, during the draw, with the second copy (B4)",
                        );
                    }
                    r.shown = 2;
                }
                ExposeKind::ForcedHeart => {
                    if stage > 0 || r.declarer.is_some() || e.suit != Suit::Hearts {
                        return bad(
                            "a heart ace is forced only at the end of a draw without exposures (B5)",
                        );
                    }
                    r.declarer = Some(e.seat);
                    r.suit = Some(e.suit);
                    r.shown = 1;
                    r.forced = true;
                    stage = 1;
                }
                ExposeKind::Partner | ExposeKind::LoneSecond => {
                    let at = self.offset(e.seat);
                    let asked = match self.phase {
                        Phase::Draw => 0,
                        Phase::PartnerExposure { asked } => usize::from(asked),
                        Phase::Play | Phase::Over => PLAYERS,
                    };
                    if last_answer.is_some_and(|l| l >= at) || at >= asked {
                        return bad(
                            "the seats answer after the pick-up, once each, in turn from the first drawer (B5)",
                        );
                    }
                    last_answer = Some(at);
                    stage = 2;
                    if r.suit != Some(e.suit) || r.shown != 1 {
                        return bad(
                            "after the pick-up only the ace matching a single exposed big ace is exposed (B5)",
                        );
                    }
                    if e.kind == ExposeKind::Partner {
                        if r.declarer == Some(e.seat) || r.forced || r.partner_exposed {
                            return bad(
                                "the partner reveals once, not after a forced heart ace (B5)",
                            );
                        }
                        r.partner_exposed = true;
                        r.partner = Some(e.seat);
                    } else {
                        if r.declarer != Some(e.seat) {
                            return bad("only the declarer exposes the second copy (B5)");
                        }
                        r.shown = 2;
                    }
                }
            }
            let s = e.seat.index();
            let a = ace(e.suit);
            let want = if e.count == 2 {
                2
            } else {
                r.known[s].count(a) + 1
            };
            if before_play && self.hands[s].count(a) < want {
                return bad("the exposer does not hold the aces it exposed (B4)");
            }
            while r.known[s].count(a) < want {
                r.known[s].add(a);
            }
        }
        if !matches!(self.phase, Phase::Draw) && r.declarer.is_none() {
            return Err(InvalidState::Teams("the draw is over without a declarer"));
        }
        if self.declarer != r.declarer {
            return Err(InvalidState::Teams(
                "the declarer disagrees with the exposures",
            ));
        }
        if self.big_suit != r.suit {
            return Err(InvalidState::Teams(
                "the big ace suit disagrees with the exposures",
            ));
        }
        if self.declarer_shown != r.shown {
            return Err(InvalidState::Teams(
                "the number of aces the declarer showed disagrees with the exposures",
            ));
        }
        if self.forced_heart != r.forced {
            return Err(InvalidState::Teams(
                "the forced heart ace disagrees with the exposures",
            ));
        }
        if self.partner_exposed != r.partner_exposed {
            return Err(InvalidState::Teams(
                "the partner's exposure disagrees with the exposures",
            ));
        }
        Ok(r)
    }

    fn check_before_play(&self, r: &Replay) -> Result<(), InvalidState> {
        let mut expected = [0usize; PLAYERS];
        let mut drew = [Hand::new(); PLAYERS];
        for k in 0..self.drawn {
            let s = self.drawer(k).index();
            expected[s] += 1;
            if let Some(&c) = self.stock.get(usize::from(k)) {
                drew[s].add(c);
            }
        }
        for seat in Seat::all(PLAYERS) {
            let s = seat.index();
            if self.hands[s].len() != expected[s] {
                return Err(InvalidState::HandSize {
                    seat,
                    len: self.hands[s].len(),
                    expected: expected[s],
                });
            }
            if self.hands[s] != drew[s] {
                return Err(InvalidState::HandDrawn { seat });
            }
            if self.known[s] != r.known[s] {
                return Err(InvalidState::Known {
                    seat,
                    reason: "not the aces it exposed",
                });
            }
            if self.counts[s] != Counts::default() {
                return Err(InvalidState::Counts { seat });
            }
        }
        let to_move = match self.phase {
            Phase::PartnerExposure { asked } => {
                if usize::from(asked) >= PLAYERS {
                    return Err(InvalidState::Asked { asked });
                }
                self.first_drawer.step(PLAYERS, DIR, usize::from(asked))
            }
            _ => self.drawer(self.drawn - 1),
        };
        if self.turn != to_move {
            return Err(InvalidState::Turn {
                turn: self.turn,
                expected: format!("{to_move} should be"),
            });
        }
        if self.partner.is_some() {
            return Err(InvalidState::BeforePlay("a partner is fixed"));
        }
        if self.top.is_some() || !self.top_cards.is_empty() {
            return Err(InvalidState::BeforePlay("a play is on the pile"));
        }
        if !self.table.is_empty() {
            return Err(InvalidState::BeforePlay("cards are on the table"));
        }
        if !self.discard.is_empty() {
            return Err(InvalidState::BeforePlay("cards are out of play"));
        }
        if self.passes != 0 {
            return Err(InvalidState::BeforePlay("passes are counted"));
        }
        if !self.places.is_empty() {
            return Err(InvalidState::BeforePlay("seats are out"));
        }
        if self.played_big != [0; PLAYERS] || self.captured_big != [0; PLAYERS] {
            return Err(InvalidState::BeforePlay("big aces are played or captured"));
        }
        Ok(())
    }

    fn check_play(&self, r: &Replay) -> Result<(), InvalidState> {
        let (Some(declarer), Some(suit)) = (self.declarer, self.big_suit) else {
            return Err(InvalidState::Teams("there is no declarer"));
        };
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
            if self.counts[s] != Counts::of(self.hands[s].faces(), Some(suit)) {
                return Err(InvalidState::Counts { seat });
            }
        }
        // Teams (B6).
        if self.partner == Some(declarer) {
            return Err(InvalidState::Teams("the partner is the declarer"));
        }
        if r.partner.is_some() && self.partner != r.partner {
            return Err(InvalidState::Teams(
                "the partner disagrees with the exposures",
            ));
        }
        if self.partner_exposed && self.partner.is_none() {
            return Err(InvalidState::Teams(
                "the partner exposed, but there is no partner",
            ));
        }
        if self.declarer_shown >= 2 && (self.partner.is_some() || self.partner_exposed) {
            return Err(InvalidState::Teams(
                "a declarer who showed both big aces has a partner",
            ));
        }
        self.check_places()?;
        self.check_big_aces(declarer, suit)?;
        self.check_pile(suit)?;
        if self.phase == Phase::Over {
            let scores = deal_scores(
                &self.places,
                declarer,
                self.partner,
                self.partner_exposed,
                self.declarer_shown >= 2,
            );
            if self.last_scores != Some(scores) {
                return Err(InvalidState::Scores(
                    "the last hand's scores are not those of its finishing order",
                ));
            }
        }
        Ok(())
    }

    fn check_places(&self) -> Result<(), InvalidState> {
        let mut seen = [false; PLAYERS];
        for s in &self.places {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(InvalidState::Places("a seat is out twice"));
            }
        }
        if self.phase == Phase::Over {
            if self.places.len() != PLAYERS {
                return Err(InvalidState::Places("a finished hand ranks every seat"));
            }
            return Ok(());
        }
        for seat in Seat::all(PLAYERS) {
            if seen[seat.index()] != self.hands[seat.index()].is_empty() {
                return Err(InvalidState::Places(
                    "the seats out are not exactly those without cards",
                ));
            }
        }
        if !self.stock.is_empty() && self.hand_is_over() {
            return Err(InvalidState::Places(
                "every seat holding cards is on one team, so the hand is over",
            ));
        }
        Ok(())
    }

    /// Each seat's Big Aces held, plus those played, less those captured, is what it held when
    /// play started: both in all, one at least with the declarer, the other with the partner.
    fn check_big_aces(&self, declarer: Seat, suit: Suit) -> Result<(), InvalidState> {
        let ba = ace(suit);
        let mut dealt = [0i32; PLAYERS];
        for (s, d) in dealt.iter_mut().enumerate() {
            *d = i32::from(self.hands[s].count(ba)) + i32::from(self.played_big[s])
                - i32::from(self.captured_big[s]);
            if *d < 0 {
                return Err(InvalidState::BigAces(
                    "a seat captured more than it played and holds",
                ));
            }
        }
        let total: i32 = dealt.iter().sum();
        if total > 2 {
            return Err(InvalidState::BigAces(
                "those held, plus those played, less those captured are more than two",
            ));
        }
        if self.stock.is_empty() {
            // A stated position may set Big Aces aside and states the partner.
            return Ok(());
        }
        if total != 2 {
            return Err(InvalidState::BigAces(
                "those held, plus those played, less those captured are not the two dealt",
            ));
        }
        if dealt[declarer.index()] == 0 {
            return Err(InvalidState::BigAces("the declarer was dealt none"));
        }
        let partner = Seat::all(PLAYERS).find(|&s| s != declarer && dealt[s.index()] > 0);
        if self.partner != partner {
            let name = |p: Option<Seat>| p.map_or_else(|| "nobody".to_owned(), |s| s.to_string());
            return Err(InvalidState::Partner {
                found: name(self.partner),
                expected: name(partner),
            });
        }
        Ok(())
    }

    fn check_pile(&self, suit: Suit) -> Result<(), InvalidState> {
        let Some((winner, play)) = self.top else {
            if self.phase == Phase::Over {
                return Err(InvalidState::Pile("the last play of the match is missing"));
            }
            if !self.table.is_empty() || !self.top_cards.is_empty() {
                return Err(InvalidState::Pile("cards lie on an empty pile"));
            }
            if self.passes != 0 {
                return Err(InvalidState::Pile("passes are counted on an empty pile"));
            }
            if self.hands[self.turn.index()].is_empty() {
                return Err(InvalidState::Turn {
                    turn: self.turn,
                    expected: "it has no cards to lead".to_owned(),
                });
            }
            if !self.stock.is_empty() && self.discard.is_empty() {
                // No trick is over yet: the first lead (B6).
                let leader = match (self.partner, self.partner_exposed) {
                    (Some(p), true) => p,
                    _ => self.declarer.unwrap_or(self.turn),
                };
                if self.turn != leader {
                    return Err(InvalidState::Turn {
                        turn: self.turn,
                        expected: format!("{leader} leads the first trick"),
                    });
                }
            }
            return Ok(());
        };
        let combo = play.combo;
        if !combo.is_valid(self.config.extra_bombs) || play.big > combo.aces() {
            return Err(InvalidState::Pile(
                "the top is not a combination of this configuration",
            ));
        }
        let c = Counts::of(self.top_cards.faces(), Some(suit));
        if c.total() != combo.len() || c.big != play.big || !c.holds(combo, play.big) {
            return Err(InvalidState::Pile(
                "the cards on top are not those of the top play",
            ));
        }
        let mut rest = self.top_cards;
        rest.remove_all(&self.table);
        if !rest.is_empty() {
            return Err(InvalidState::Pile("the cards on top are not on the table"));
        }
        if self.phase == Phase::Over {
            if self.turn != winner || !self.hands[winner.index()].is_empty() || self.passes != 0 {
                return Err(InvalidState::Pile(
                    "the match ends on a play by the seat to move, who went out",
                ));
            }
            return Ok(());
        }
        let others = Seat::all(PLAYERS)
            .filter(|&s| s != winner && !self.hands[s.index()].is_empty())
            .count();
        if usize::from(self.passes) >= others {
            return Err(InvalidState::Pile(
                "every other seat holding cards has passed, so the trick is over",
            ));
        }
        let mut to_move = winner;
        for _ in 0..=self.passes {
            match self.next_holder(to_move) {
                Some(n) => to_move = n,
                None => {
                    return Err(InvalidState::Pile("nobody else holds cards"));
                }
            }
        }
        if self.turn != to_move {
            return Err(InvalidState::Turn {
                turn: self.turn,
                expected: format!(
                    "{to_move} should be after {} passes since {winner} played",
                    self.passes
                ),
            });
        }
        Ok(())
    }
}
