//! Validation of a state read from outside (deserialisation): [`State::validate`].
//!
//! A [`State`] is checked in three passes. First the cheap structural checks that give a
//! precise message: the configuration, every seat, the counters, the match bookkeeping and the
//! card census (G4). Then the deal as dealt is rebuilt from where its cards are now, and must be
//! a valid stated position (from the match seed after the first deal). Last, the recorded calls,
//! exposures, discards and cards played are replayed through the engine from that position,
//! every one checked as a legal action, and the result must equal the state field by field:
//! every phase, counter and cached field is thereby recomputed from the primary record and
//! compared. A state that passes is one the engine reaches itself, so it handles it without a
//! panic.

use cards_core::{Game, Seat};

use crate::Cego;
use crate::action::Action;
use crate::cards::{Card, Cards};
use crate::error::InvalidState;
use crate::rules::MAX_ACTIONS_PER_DEAL;
use crate::scoring::max_payment;
use crate::seats::{DIR, local_dealer};
use crate::state::{Deal, Phase, Position, Stage, State, dealt_position};

impl State {
    /// Checks that the state is one the engine can reach, and names the first thing that is not:
    /// - the configuration validates ([`Config::validate`](crate::Config::validate));
    /// - the deal has three players at three players (cego.md 10) and four otherwise; every
    ///   seat field is one of its seats, and forehand sits at the dealer's right;
    /// - the counters are in range: deal index below `deals`, at most 11 tricks (13 at three
    ///   players; completed,
    ///   recorded and won), auction entrant and phase-one speaker, cards and suit code of the
    ///   current tricks, discards left, void masks;
    /// - the match record agrees with the deal number: the match-over flag (only in the last
    ///   deal, with the phase `Over`), one result per finished deal, each zero-sum and no
    ///   payment beyond [`max_payment`], the totals equal to the sums of the results;
    /// - the cards of all locations make up the pack exactly once (G4; at three players the
    ///   51-card pack of cego.md 10);
    /// - the cards traced back to where they were dealt form a valid deal, and from the
    ///   first seeded deal on (the second deal, or the one after a determinized deal) the one
    ///   the match seed deals (CG1);
    /// - the recorded calls, exposures, discards and cards played, replayed through the engine
    ///   from that deal, are each legal and give back exactly this state: the phase, auction,
    ///   contract, soloist, seat to move, tricks, voids, dead cards and every other cached field
    ///   are recomputed and compared.
    ///
    /// Deserialisation runs this check, so a `State` read from JSON is one the engine handles.
    /// It costs a replay of the current deal (at most about 100 actions), off the hot paths.
    ///
    /// # Errors
    /// The first inconsistency found, as an [`InvalidState`].
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        self.check_sitting_out()?;
        check_seats(&self.deal)?;
        check_counters(&self.deal)?;
        self.check_match()?;
        check_census(&self.deal)?;
        let position = traced_position(&self.deal)?;
        if self.deal.index >= self.seeded_from {
            let seeded = dealt_position(
                self.seed,
                self.deal.index,
                self.deal.dealer,
                self.config.deal_order,
                self.deal.seats,
            );
            if seeded != position {
                return Err(InvalidState::NotFromSeed {
                    deal: self.deal.index + 1,
                });
            }
        }
        let replayed = self.replay(&position)?;
        compare(&replayed, self)
    }

    /// At five players the recorded dealer sits out and the deal's local dealer is the player
    /// at his left; at three and four nobody sits out. The deal has three players at three
    /// players (cego.md 10), else four.
    fn check_sitting_out(&self) -> Result<(), InvalidState> {
        let players = self.config.players;
        if usize::from(self.deal.seats) != self.config.seats() {
            return Err(InvalidState::Seats {
                seats: self.deal.seats,
                players,
            });
        }
        let ok = match self.sitting_out {
            None => players <= 4,
            Some(out) => {
                players == 5 && out.index() < 5 && self.deal.dealer == local_dealer(Some(out), out)
            }
        };
        if ok {
            Ok(())
        } else {
            Err(InvalidState::SittingOut {
                sitting_out: self.sitting_out,
                dealer: self.deal.dealer,
                players,
            })
        }
    }

    /// The deal number, the match-over flag, the results and the totals.
    fn check_match(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let deals = self.config.max_deals();
        if d.index >= deals {
            return Err(InvalidState::Counter {
                what: "the deal index",
                value: u64::from(d.index),
                max: u64::from(deals) - 1,
            });
        }
        self.check_gstiess()?;
        counter_ok(
            "the first deal dealt from the seed",
            self.seeded_from as usize,
            d.index as usize + 1,
        )?;
        let last = self.last_deal() == Some(d.index);
        let phase_over = d.phase == Phase::Over;
        if self.over != phase_over || (self.over && !last) {
            return Err(InvalidState::MatchOver {
                over: self.over,
                deal: d.index + 1,
                deals,
                phase: phase_name(d.phase),
            });
        }
        let expected = d.index as usize + usize::from(self.over);
        if self.results.len() != expected {
            return Err(InvalidState::Results {
                found: self.results.len(),
                expected,
                deal: d.index + 1,
            });
        }
        let players = self.config.players;
        for (what, found) in std::iter::once(("the match totals", self.totals.len())).chain(
            self.results
                .iter()
                .map(|r| ("the payments of a deal", r.len())),
        ) {
            if found != players {
                return Err(InvalidState::Entries {
                    what,
                    found,
                    players,
                });
            }
        }
        let mut sums = vec![0i64; players];
        for (k, payments) in self.results.iter().enumerate() {
            let max = max_payment(players);
            if let Some(&payment) = payments.iter().find(|p| p.abs() > max) {
                return Err(InvalidState::Payment {
                    deal: k + 1,
                    payment,
                    max,
                });
            }
            let sum: i64 = payments.iter().map(|&p| i64::from(p)).sum();
            if sum != 0 {
                return Err(InvalidState::NotZeroSum { deal: k + 1, sum });
            }
            for (s, &p) in sums.iter_mut().zip(payments) {
                *s += i64::from(p);
            }
        }
        if self
            .totals
            .iter()
            .zip(&sums)
            .any(|(&t, &s)| i64::from(t) != s)
        {
            return Err(InvalidState::Totals {
                totals: self.totals.to_vec(),
                sums,
            });
        }
        Ok(())
    }

    /// The Gstieß ending's record (cego.md 3): no last deal before the noted deal (the one
    /// after `deals`) is over, and then one of the four deals after it, not before the current
    /// one; none without the Gstieß ending.
    fn check_gstiess(&self) -> Result<(), InvalidState> {
        let (index, deals) = (self.deal.index, self.config.deals);
        let ok = match self.gstiess_last {
            None => !self.config.gstiess_ending || index <= deals,
            Some(last) => {
                self.config.gstiess_ending
                    && index > deals
                    && (deals + 1..=deals + self.config.players as u32).contains(&last)
                    && index <= last
            }
        };
        if ok {
            Ok(())
        } else {
            Err(InvalidState::Gstiess {
                last: self.gstiess_last.map(|l| l + 1),
                deal: index + 1,
            })
        }
    }

    /// Replays the current deal from `position`, in the match context of the earlier results.
    fn replay(&self, position: &Position) -> Result<State, InvalidState> {
        let d = &self.deal;
        // `check_match` made sure that the results hold at least `index` deals.
        let prior = self.results.get(..d.index as usize).unwrap_or_default();
        let mut totals = crate::tally::PerPlayer::zeros(self.config.players);
        for payments in prior {
            for (t, p) in totals.iter_mut().zip(payments.iter()) {
                *t += p;
            }
        }
        let mut r = State {
            config: self.config.clone(),
            seed: self.seed,
            seeded_from: self.seeded_from,
            gstiess_last: self.gstiess_last,
            sitting_out: self.sitting_out,
            deal: Deal::new(d.index, position, d.seats),
            totals,
            results: prior.to_vec(),
            over: false,
        };
        let mut legal = Vec::new();
        for number in 1..=4 * MAX_ACTIONS_PER_DEAL {
            let Some(action) = next_action(&r, self, &mut legal)? else {
                break;
            };
            Cego::apply(&mut r, &action).map_err(|error| InvalidState::Illegal {
                number,
                action,
                error,
            })?;
        }
        Ok(r)
    }
}

/// A short name of a phase, for messages.
fn phase_name(phase: Phase) -> &'static str {
    match phase {
        Phase::Auction => "auction",
        Phase::Expose { .. } => "expose",
        Phase::Discard { .. } => "discard",
        Phase::Play => "play",
        Phase::Over => "over",
    }
}

fn seat_ok(field: &'static str, seat: Seat, seats: usize) -> Result<(), InvalidState> {
    if seat.index() < seats {
        Ok(())
    } else {
        Err(InvalidState::Seat { field, seat, seats })
    }
}

/// Every seat field names one of the deal's seats (four, or three at three players).
fn check_seats(d: &Deal) -> Result<(), InvalidState> {
    let n = d.n();
    seat_ok("the dealer", d.dealer, n)?;
    seat_ok("forehand", d.forehand, n)?;
    seat_ok("the seat to move", d.to_move, n)?;
    seat_ok("the auction holder", d.auction.holder, n)?;
    for &s in &d.auction.entrants {
        seat_ok("an auction entrant", s, n)?;
    }
    for (s, field) in [
        (d.auction.solo_caller, "the solo caller"),
        (d.soloist, "the soloist"),
        (d.t1_known, "the known holder of trock 1"),
    ] {
        if let Some(s) = s {
            seat_ok(field, s, n)?;
        }
    }
    for &(s, _) in &d.calls {
        seat_ok("the seat of a call", s, n)?;
    }
    for t in &d.tricks {
        seat_ok("the leader of the current trick", t.leader, n)?;
    }
    for t in &d.history {
        seat_ok("the leader of a completed trick", t.leader, n)?;
        seat_ok("the winner of a completed trick", t.winner, n)?;
    }
    if d.forehand != d.dealer.next(n, DIR) {
        return Err(InvalidState::Forehand {
            dealer: d.dealer,
            forehand: d.forehand,
        });
    }
    Ok(())
}

fn counter_ok(what: &'static str, value: usize, max: usize) -> Result<(), InvalidState> {
    if value <= max {
        Ok(())
    } else {
        Err(InvalidState::Counter {
            what,
            value: value as u64,
            max: max as u64,
        })
    }
}

/// The counters are in range and the trick counts agree with each other.
fn check_counters(d: &Deal) -> Result<(), InvalidState> {
    let (n, tricks) = (d.n(), usize::from(d.tricks_per_deal()));
    counter_ok("the number of completed tricks", d.trick_no.into(), tricks)?;
    counter_ok("the number of recorded tricks", d.history.len(), tricks)?;
    counter_ok(
        "the total of tricks won",
        d.tricks_won.iter().map(|&t| usize::from(t)).sum(),
        tricks,
    )?;
    counter_ok("the auction entrant", d.auction.entrant.into(), n - 1)?;
    if let Stage::PhaseOne { next } = d.auction.stage {
        counter_ok("the phase-one speaker", next.into(), n - 1)?;
    }
    if let Phase::Discard { left, .. } = d.phase {
        counter_ok("the discards left", left.into(), tricks - 1)?;
    }
    for t in &d.tricks {
        counter_ok("the cards in the current trick", t.len.into(), n)?;
        counter_ok("the suit code of the current trick", t.suit.into(), 4)?;
        if t.seats != d.seats {
            return Err(InvalidState::Mismatch("the players of the current tricks"));
        }
    }
    if d.history.iter().any(|t| t.seats != d.seats) {
        return Err(InvalidState::Mismatch(
            "the players of the completed tricks",
        ));
    }
    for &v in &d.voids {
        counter_ok("a void mask", v.into(), 0x1F)?;
    }
    if d.history.len() != usize::from(d.trick_no) {
        return Err(InvalidState::Mismatch("the number of completed tricks"));
    }
    Ok(())
}

/// The locations of the cards (as [`Cego::census`] counts them).
fn locations(d: &Deal) -> Vec<Cards> {
    let mut all = Vec::with_capacity(14);
    all.extend(d.hands);
    all.extend(d.won);
    all.push(d.cego);
    all.push(d.legage);
    if d.phase == Phase::Play {
        let n = if d.double && d.trick_no == 0 { 2 } else { 1 };
        for t in d.tricks.iter().take(n) {
            let mut cards = Cards::EMPTY;
            for c in t.cards.iter().flatten() {
                if !cards.insert(*c) {
                    let mut again = Cards::EMPTY;
                    again.insert(*c);
                    all.push(again);
                }
            }
            all.push(cards);
        }
    }
    all
}

/// The cards of all locations make up the pack exactly once (G4); at three players the pack
/// is the short one of cego.md 10, and the seat `S3` holds nothing.
fn check_census(d: &Deal) -> Result<(), InvalidState> {
    let mut seen = Cards::EMPTY;
    for set in locations(d) {
        if let Some(c) = (seen & set).first() {
            return Err(InvalidState::Duplicate(c));
        }
        seen = seen | set;
    }
    if let Some(c) = (seen - crate::cards::pack_for(d.n())).first() {
        return Err(InvalidState::Removed(c));
    }
    match (crate::cards::pack_for(d.n()) - seen).first() {
        Some(c) => Err(InvalidState::Missing(c)),
        None => Ok(()),
    }
}

/// The cards each seat has played in this deal, with the seat.
pub(crate) fn played(d: &Deal) -> Vec<(Seat, Card)> {
    let mut out = Vec::with_capacity(44);
    for t in &d.history {
        out.extend(t.plays());
    }
    if d.phase == Phase::Play {
        let n = if d.double && d.trick_no == 0 { 2 } else { 1 };
        for t in d.tricks.iter().take(n) {
            out.extend(t.plays());
        }
    }
    out
}

/// The deal as dealt, traced back from where the cards are now: each hand with the cards its
/// seat played; the soloist of a discard game also with his Legage, less the cego he took up.
fn traced_position(d: &Deal) -> Result<Position, InvalidState> {
    let mut hands = d.hands;
    for (seat, card) in played(d) {
        if let Some(h) = hands.get_mut(seat.index()) {
            h.insert(card);
        }
    }
    if let (Some(contract), Some(s)) = (d.contract, d.soloist) {
        if contract.takes_cego() {
            if let Some(h) = hands.get_mut(s.index()) {
                *h = (*h | d.legage) - d.cego_dealt;
            }
        }
    }
    let position = Position {
        dealer: d.dealer,
        hands,
        cego: d.cego_dealt,
    };
    position.validate_for(d.n()).map_err(InvalidState::Dealt)?;
    Ok(position)
}

/// The card the target state records at position `pos` of trick `n` (0-based) of its deal.
fn recorded_card(t: &Deal, n: usize, pos: usize) -> Option<Card> {
    if pos >= t.n() {
        return None;
    }
    if let Some(record) = t.history.get(n) {
        return record.cards.get(pos).copied();
    }
    if t.phase != Phase::Play {
        return None;
    }
    let current = if t.double && t.trick_no == 0 { 2 } else { 1 };
    let k = n.checked_sub(t.history.len())?;
    if k >= current {
        return None;
    }
    t.tricks.get(k)?.cards.get(pos).copied().flatten()
}

/// The next recorded action of `target` for the replay `r`, or `None` when the record is used up.
fn next_action(
    r: &State,
    target: &State,
    legal: &mut Vec<Action>,
) -> Result<Option<Action>, InvalidState> {
    let (rd, td) = (&r.deal, &target.deal);
    if r.over || rd.index != td.index {
        return Ok(None);
    }
    Ok(match rd.phase {
        Phase::Auction => match td.calls.get(rd.calls.len()) {
            Some(&(seat, action)) => {
                if seat != rd.to_move {
                    return Err(InvalidState::CallOutOfTurn {
                        number: rd.calls.len() + 1,
                        seat,
                        to_move: rd.to_move,
                    });
                }
                Some(action)
            }
            None => None,
        },
        Phase::Expose { first } => {
            let left = td.exposed - rd.exposed;
            let target_first = match td.phase {
                Phase::Expose { first: Some(c) } if first.is_none() && left.contains(c) => Some(c),
                _ => None,
            };
            target_first.or_else(|| left.first()).map(Action::Expose)
        }
        Phase::Discard { .. } => {
            let left = td.legage - rd.legage;
            Cego::legal_actions_into(r, legal);
            let discard = left
                .iter()
                .find(|&c| legal.contains(&Action::Discard(c)))
                .or_else(|| left.first());
            discard.map(Action::Discard)
        }
        Phase::Play => {
            let n = usize::from(rd.trick_no);
            let pos = usize::from(rd.tricks[0].len);
            if rd.double && rd.trick_no == 0 {
                match (recorded_card(td, 0, pos), recorded_card(td, 1, pos)) {
                    (Some(x), Some(y)) => Some(Action::Pair(x, y)),
                    _ => None,
                }
            } else {
                recorded_card(td, n, pos).map(Action::Play)
            }
        }
        Phase::Over => None,
    })
}

/// The first field in which the replay differs from the state.
fn compare(r: &State, s: &State) -> Result<(), InvalidState> {
    if r == s {
        return Ok(());
    }
    let (a, b) = (&r.deal, &s.deal);
    let fields: [(&'static str, bool); 33] = [
        ("the hands", a.hands == b.hands),
        ("the cego", a.cego == b.cego),
        ("the cego as dealt", a.cego_dealt == b.cego_dealt),
        ("the calls", a.calls == b.calls),
        ("the auction stage", a.auction.stage == b.auction.stage),
        (
            "the solo caller",
            a.auction.solo_caller == b.auction.solo_caller,
        ),
        ("the auction holder", a.auction.holder == b.auction.holder),
        ("the auction rung", a.auction.rung == b.auction.rung),
        (
            "the auction entrants",
            a.auction.entrants == b.auction.entrants,
        ),
        (
            "the auction entrant",
            a.auction.entrant == b.auction.entrant,
        ),
        ("the any-bid flag", a.auction.any_bid == b.auction.any_bid),
        ("the contract", a.contract == b.contract),
        ("the soloist", a.soloist == b.soloist),
        ("the after-solo flag", a.after_solo == b.after_solo),
        ("the known holder of trock 1", a.t1_known == b.t1_known),
        ("the phase", a.phase == b.phase),
        ("the exposed cards", a.exposed == b.exposed),
        ("the legage", a.legage == b.legage),
        ("the trock shown", a.shown == b.shown),
        ("the dead cards", a.dead == b.dead),
        ("the cego trocks", a.cego_trocks == b.cego_trocks),
        ("the completed tricks", a.history == b.history),
        ("the number of completed tricks", a.trick_no == b.trick_no),
        ("the current tricks", a.tricks == b.tricks),
        ("the double-lead flag", a.double == b.double),
        ("the seat to move", a.to_move == b.to_move),
        (
            "the tricks won",
            a.won == b.won && a.tricks_won == b.tricks_won,
        ),
        ("the voids", a.voids == b.voids),
        ("the deal results", r.results == s.results),
        ("the match totals", r.totals == s.totals),
        ("the match-over flag", r.over == s.over),
        ("the seat sitting out", r.sitting_out == s.sitting_out),
        (
            "the last deal of the gstiess ending",
            r.gstiess_last == s.gstiess_last,
        ),
    ];
    let field = fields
        .iter()
        .find(|(_, same)| !same)
        .map_or("the state", |(name, _)| *name);
    Err(InvalidState::Mismatch(field))
}
