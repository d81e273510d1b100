//! Validation of a [`State`] read from outside: every invariant the engine relies on, checked
//! when a state is deserialised (and when a stated position becomes a game).
//!
//! Derived fields are recomputed from what they are derived from and compared: the round in
//! progress and the cards on the table are replayed from what each seat did this round, the
//! seats that had their turn from the opener and the seat to move, the totals from the hand
//! results.

use cards_core::{Direction, Seat};

use crate::action::{Action, Play};
use crate::cards::{ACard, Cards, JOKER, a_round_rank, hand_penalty};
use crate::error::InvalidState;
use crate::round::RoundKind;
use crate::rules::{LONGEST_HAND, MAX_PLAYERS};
use crate::state::State;

fn play_cards(p: Play) -> Cards {
    let mut c = Cards::EMPTY;
    if p.naturals() > 0 {
        c.add(p.rank(), p.naturals());
    }
    c.add(JOKER, p.jokers());
    c
}

impl State {
    /// Checks every invariant the engine relies on, so that a state read back from a file
    /// (deserialisation calls this) is one that views, legal actions, `apply`, `determinize`
    /// and scoring handle without a panic. Every state the engine reaches validates, and so
    /// does every determinization of one.
    ///
    /// - The configuration validates, and the deal is for its player count.
    /// - The seat to move, the round's opener and the hand's first leader are at the table;
    ///   seats not at the table hold no cards, known cards, pile or total, and had no turn.
    /// - Cards: the cards of all places are the pack exactly once (G4); the A cards are never
    ///   undealt or out of play, and only they lie in the middle (A1, A5); cards known to be in
    ///   a hand are in it, and there are some only after a Big A round (A7); a penalty pile is
    ///   the little a's trick: the little a, no Big A, at most one card per player (A7).
    /// - The round number is in range; round 1 is opened by the hand's first leader (A3); each
    ///   A card was received before the round in progress, never before the round at whose end
    ///   it is handed out, and lies in the middle until then and never after (A5 as amended,
    ///   stated positions included); it leaves the middle only by being received; the little a
    ///   is received only then, the Big A also by a Big A round, which ends two rounds after it
    ///   was handed out at the earliest (A6, A7); an A card received at the end of the round
    ///   before is in the hand of that round's winner, who leads now (or won the last round of
    ///   a finished match); the taker of a Big A round leads the next with a card of its trick
    ///   besides A cards (A7); known cards exist only after a Big A round, at most the other
    ///   players' cards of each (A7).
    /// - A penalty pile exists only once a little a round can have ended (two rounds after the
    ///   little a was handed out), holds a card besides the little a, and when that round can
    ///   only have been the one just finished it belongs to the seat that leads now (A6, A7).
    ///   Counts: no hand holds more number cards and jokers than dealt plus what the Big A
    ///   rounds can have brought it; the hands hold at most what was dealt less one for every
    ///   finished round but Big A rounds; in round 1 each seat's cards and its play are a full
    ///   deal (A2, A4, A7).
    /// - The match: the hand is within the match; the match is over only after its last hand;
    ///   one result per finished hand, one entry per seat, each hand's penalties at most the
    ///   pack's and at least the A card of round 1's (one A card is in a hand at every hand's
    ///   end, A5, A9), with a seat that pays at most a penalty pile (the player out, A9); each
    ///   total is the sum of its seat's results (A10); each later hand's first
    ///   leader had the most penalty points in the hand before (A3); the undealt cards are those
    ///   a deal at this table leaves out (A2).
    /// - The round in progress, replayed from what each seat did: the seats that had their turn
    ///   are those clockwise from the opener to the seat to move (all of them once the match is
    ///   over); every seat still to play holds cards (else the hand would be over, A9); each act
    ///   was legal (a lead pass only without a card that may be led, A8; raises of the lead's
    ///   count and a higher rank, A4; an A card only led, and not in the round after it was
    ///   received, A6; one card each in an A round, passes only without a card that may be
    ///   played, A7); the recorded round (kind, count, rank, winner) and the table are what the
    ///   acts make; a finished match has its last trick cleared and an empty hand (A9).
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        let d = &self.deal;
        if d.players != self.config.players {
            return Err(InvalidState::DealPlayers {
                deal: d.players,
                config: self.config.players,
            });
        }
        let n = d.players();
        let players = d.players;
        let winner = match d.kind {
            RoundKind::Normal { winner, .. } | RoundKind::ARound { winner, .. } => winner,
            RoundKind::Open => d.opener,
        };
        for (what, seat) in [
            ("the seat to move", d.turn),
            ("the opener", d.opener),
            ("the first leader", self.first_leader),
            ("the round's winner", winner),
        ] {
            if seat.index() >= n {
                return Err(InvalidState::SeatOutOfRange {
                    what,
                    seat,
                    players,
                });
            }
        }
        self.check_absent_seats()?;
        self.check_cards()?;
        self.check_round_number()?;
        self.check_match()?;
        self.check_round()
    }

    fn check_absent_seats(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let n = d.players();
        let absent = |index: usize, what: &'static str| InvalidState::AbsentSeat {
            index,
            players: d.players,
            what,
        };
        for i in n..MAX_PLAYERS {
            if !d.hands[i].is_empty() {
                return Err(absent(i, "cards in hand"));
            }
            if !d.known[i].is_empty() {
                return Err(absent(i, "known cards"));
            }
            if !d.piles[i].is_empty() {
                return Err(absent(i, "a penalty pile"));
            }
            if self.totals[i] != 0 {
                return Err(absent(i, "a total"));
            }
        }
        if let Some(i) = (n..16).find(|&i| d.done & (1 << i) != 0) {
            return Err(absent(i, "had a turn this round"));
        }
        Ok(())
    }

    /// Census, places, known cards and penalty piles.
    fn check_cards(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let all = d.all_cards();
        let pack = Cards::pack();
        if all != pack {
            let mut missing = pack;
            missing.take_all_saturating(&all);
            let mut extra = all;
            extra.take_all_saturating(&pack);
            return Err(InvalidState::Census { missing, extra });
        }
        let a_cards = |c: &Cards| {
            let mut a = *c;
            a.take_all_saturating(&c.playable());
            a
        };
        for (place, cards) in [
            ("the undealt cards", d.undealt),
            ("the cards out of play", d.out),
        ] {
            let a = a_cards(&cards);
            if !a.is_empty() {
                return Err(InvalidState::Misplaced {
                    place,
                    cards: a,
                    rule: "the A cards are never dealt nor put out of play, A1",
                });
            }
        }
        if !d.middle.playable().is_empty() {
            return Err(InvalidState::Misplaced {
                place: "the middle of the table",
                cards: d.middle.playable(),
                rule: "only the A cards lie there, A5",
            });
        }
        for s in Seat::all(d.players()) {
            let (hand, known) = (d.hands[s.index()], d.known[s.index()]);
            if !hand.playable().contains_all(&known) {
                return Err(InvalidState::Known {
                    seat: s,
                    known,
                    hand,
                });
            }
            let pile = d.piles[s.index()];
            if pile.is_empty() {
                continue;
            }
            let pile_error = |reason| InvalidState::Pile {
                seat: s,
                pile,
                reason,
            };
            if pile.count(ACard::Little.slot()) == 0 {
                return Err(pile_error("has no little a"));
            }
            if pile.count(ACard::Big.slot()) > 0 {
                return Err(pile_error("holds the Big A"));
            }
            if pile.len() > d.players() {
                return Err(pile_error("holds more cards than one per player"));
            }
            if pile.playable().is_empty() {
                return Err(pile_error(
                    "holds no card but the little a, yet every little a round has a card played to it: at least two other players hold cards and only one can hold nothing but the Big A",
                ));
            }
        }
        Ok(())
    }

    /// The round number, and when the A cards were received.
    fn check_round_number(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let max = 2 * LONGEST_HAND;
        if !(1..=max).contains(&d.round) {
            return Err(InvalidState::Round {
                round: d.round,
                max,
            });
        }
        if d.round == 1 && d.opener != self.first_leader {
            return Err(InvalidState::FirstOpener {
                opener: d.opener,
                first_leader: self.first_leader,
            });
        }
        for card in ACard::ALL {
            let received = d.received[card.index()];
            // A finished hand keeps the round it ended in; a Big A round may have ended it.
            let after = if self.over {
                received <= d.round
            } else {
                received < d.round
            };
            if !after {
                return Err(InvalidState::Received {
                    card,
                    received,
                    round: d.round,
                });
            }
            let allocated = self.config.round_of(card);
            let in_middle = d.middle.count(card.slot()) > 0;
            // Handed out at the end of its round, before the check for the end of the hand (A5
            // as amended), so also when the hand ended in that round.
            let handed_out = self.completed() >= allocated;
            if (!handed_out && (!in_middle || received != 0))
                || (received != 0 && received < allocated)
            {
                return Err(InvalidState::AllocatedEarly { card, allocated });
            }
            if in_middle && received != 0 {
                return Err(InvalidState::ReceivedInMiddle { card, received });
            }
            // The little a is received only from the middle; the Big A also by taking a Big A
            // round (A7), which comes later.
            if card == ACard::Little && received != 0 && received != allocated {
                return Err(InvalidState::ReceivedLate {
                    card,
                    received,
                    allocated,
                });
            }
            // Every round that ends hands out its A card (A5 as amended), in a stated position
            // as in a dealt hand: only a round never completed leaves its card in the middle.
            if handed_out && in_middle {
                return Err(InvalidState::NotAllocated { card, allocated });
            }
            // An A card leaves the middle only by being received (A5).
            if !in_middle && received == 0 {
                return Err(InvalidState::NeverReceived { card });
            }
            // A Big A round needs the Big A led, which is not allowed in the round right after
            // it was handed out (A6).
            if card == ACard::Big && received == allocated + 1 {
                return Err(InvalidState::BigARoundTooEarly {
                    received,
                    allocated,
                    earliest: allocated + 2,
                });
            }
            // Received at the end of the round before: its receiver won that round and leads
            // this one (A4, A7), and may not lead it yet (A6), so it still holds it. At the end
            // of a finished match: the winner of its last round holds it.
            let receiver = if self.over {
                (received == d.round).then(|| {
                    let winner = match d.kind {
                        RoundKind::Normal { winner, .. } | RoundKind::ARound { winner, .. } => {
                            winner
                        }
                        RoundKind::Open => d.opener,
                    };
                    (winner, format!("won the last round, {winner}"))
                })
            } else {
                (received != 0 && received + 1 == d.round).then(|| {
                    (
                        d.opener,
                        format!("opens round {}, is {}", d.round, d.opener),
                    )
                })
            };
            if let Some((seat, leads)) = receiver {
                if d.hand(seat).count(card.slot()) == 0 {
                    return Err(InvalidState::NotWithReceiver {
                        card,
                        received,
                        leads,
                        holder: d
                            .a_holder(card)
                            .map_or_else(|| "nobody".to_owned(), |s| s.to_string()),
                    });
                }
            }
        }
        let big = d.received[ACard::Big.index()];
        let big_allocated = self.config.round_of(ACard::Big);
        // The taker of a Big A round holds a card of the trick besides the Big A when it leads
        // the next round (A7).
        if !self.over
            && big > big_allocated
            && big + 1 == d.round
            && !d.is_done(d.opener)
            && d.hand(d.opener).playable().is_empty()
        {
            return Err(InvalidState::BigATakerWithoutTrick {
                seat: d.opener,
                received: big,
                round: d.round,
            });
        }
        // Cards are known to be in a hand only after a Big A round (A7), at most the other
        // players' cards of each.
        let known: usize = Seat::all(d.players())
            .map(|s| d.known[s.index()].len())
            .sum();
        let rounds = self.big_a_rounds();
        if rounds == 0 {
            if let Some(seat) = Seat::all(d.players()).find(|s| !d.known[s.index()].is_empty()) {
                return Err(InvalidState::KnownWithoutBigARound {
                    seat,
                    known: d.known[seat.index()],
                });
            }
        }
        let max_known = usize::from(rounds) * (d.players() - 1);
        if known > max_known {
            return Err(InvalidState::KnownTooMany {
                known,
                rounds,
                max: max_known,
            });
        }
        self.check_piles_and_counts()
    }

    /// The rounds of this hand that have ended.
    fn completed(&self) -> u16 {
        if self.over {
            self.deal.round
        } else {
            self.deal.round - 1
        }
    }

    /// The most Big A rounds this hand can have finished: none unless the Big A was last
    /// received by taking one; the first can end two rounds after the Big A is handed out (A6),
    /// and no two follow each other (the taker leads next and may not lead it, A6).
    fn big_a_rounds(&self) -> u16 {
        let big = self.deal.received[ACard::Big.index()];
        let allocated = self.config.round_of(ACard::Big);
        if big > allocated {
            (big - allocated) / 2
        } else {
            0
        }
    }

    /// Penalty piles against the rounds played, and card counts against the cards dealt.
    fn check_piles_and_counts(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let n = d.players();
        let completed = self.completed();
        let little = self.config.round_of(ACard::Little);
        if let Some(seat) = Seat::all(n).find(|s| !d.piles[s.index()].is_empty()) {
            // The little a may be led two rounds after it is handed out (A6); its round must
            // have ended.
            let round = little + 2;
            if completed < round {
                return Err(InvalidState::PileEarly {
                    seat,
                    completed,
                    allocated: little,
                    earliest: round,
                });
            }
            // When it can only have been the round just finished, its taker leads now (A7).
            if completed == round {
                let (taker, leads) = if self.over {
                    match d.kind {
                        RoundKind::ARound { winner, .. } => {
                            (winner, format!("won the last round, is {winner}"))
                        }
                        _ => (
                            d.opener,
                            "played the last round, not a little a round".to_owned(),
                        ),
                    }
                } else {
                    (
                        d.opener,
                        format!("opens round {}, is {}", d.round, d.opener),
                    )
                };
                let little_round = matches!(
                    d.kind,
                    RoundKind::ARound {
                        card: ACard::Little,
                        ..
                    }
                );
                if taker != seat || (self.over && !little_round) {
                    return Err(InvalidState::PileNotWithTaker { seat, round, leads });
                }
            }
        }
        let dealt = self.config.deal_size();
        let per_seat_extra = usize::from(self.big_a_rounds()) * (n - 1);
        let mut total = 0;
        for s in Seat::all(n) {
            let got = d.hand(s).playable().len();
            total += got;
            if got > usize::from(dealt) + per_seat_extra {
                return Err(InvalidState::HandTooBig {
                    seat: s,
                    got,
                    dealt,
                    brought: per_seat_extra,
                });
            }
            if d.round == 1 {
                let played = if d.is_done(s) {
                    match d.acts[s.index()] {
                        Action::Play(p) => usize::from(p.len()),
                        _ => 0,
                    }
                } else {
                    0
                };
                if got + played != usize::from(dealt) {
                    return Err(InvalidState::FirstRoundCount {
                        seat: s,
                        held: got,
                        played,
                        dealt,
                    });
                }
            }
        }
        // Every finished round but a Big A round takes at least one card out of the hands for
        // good: the lead of a normal round (A4), the cards played to the little a (A7; one at
        // least, as at most one other player holds only the Big A).
        let removed = usize::from(completed.saturating_sub(self.big_a_rounds()));
        let all_dealt = n * usize::from(dealt);
        if total + removed > all_dealt {
            return Err(InvalidState::TooManyInHands {
                got: total,
                dealt: all_dealt,
                completed,
                removed,
            });
        }
        Ok(())
    }

    /// The hand index, the end of the match, results, totals, first leader and undealt count.
    fn check_match(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let n = d.players();
        let hands = self.config.hands;
        let number = u32::from(self.hand) + 1;
        if self.hand >= hands {
            return Err(InvalidState::HandNumber { number, hands });
        }
        if self.over && self.hand + 1 != hands {
            return Err(InvalidState::OverEarly { number, hands });
        }
        let finished = usize::from(self.hand) + usize::from(self.over);
        if self.results.len() != finished {
            return Err(InvalidState::ResultCount {
                got: self.results.len(),
                finished,
            });
        }
        let max = Cards::pack().hand_penalty();
        let mut sums = [0u64; MAX_PLAYERS];
        for (i, result) in self.results.iter().enumerate() {
            if result.len() != n {
                return Err(InvalidState::ResultSeats {
                    number: i + 1,
                    got: result.len(),
                    players: d.players,
                });
            }
            let points: u64 = result.iter().map(|&p| u64::from(p)).sum();
            if points > u64::from(max) {
                return Err(InvalidState::ResultTooHigh {
                    number: i + 1,
                    points,
                    max,
                });
            }
            // The A card of round 1 is handed out in every hand (A5 as amended) and the Big A
            // never leaves the hands for good, so one of them, at least the round 1 card's
            // worth, is in a hand at the end (A9).
            let Some(card) = self.config.a_for_round(1) else {
                continue;
            };
            let min = hand_penalty(card.slot());
            if points < u64::from(min) {
                return Err(InvalidState::ResultTooLow {
                    number: i + 1,
                    points,
                    min,
                    card,
                });
            }
            // The hand ends with a player without cards, who pays its penalty pile at most: the
            // little a and one card (13 at most) of every other player (A7, A9).
            let most_pile = 13 * (d.players - 1);
            let least = result.iter().copied().min().unwrap_or(0);
            if least > u16::from(most_pile) {
                return Err(InvalidState::NobodyOut {
                    number: i + 1,
                    least,
                    max: u16::from(most_pile),
                });
            }
            for (sum, &p) in sums.iter_mut().zip(result) {
                *sum += u64::from(p);
            }
        }
        for s in Seat::all(n) {
            let (total, sum) = (self.totals[s.index()], sums[s.index()]);
            if u64::from(total) != sum {
                return Err(InvalidState::Total {
                    seat: s,
                    total,
                    sum,
                });
            }
        }
        if let Some(previous) = usize::from(self.hand)
            .checked_sub(1)
            .and_then(|h| self.results.get(h))
        {
            let most = previous.iter().copied().max().unwrap_or(0);
            if previous.get(self.first_leader.index()) != Some(&most) {
                return Err(InvalidState::FirstLeader {
                    seat: self.first_leader,
                    number,
                });
            }
        }
        // A stated position later in hand 1 puts every card in no hand out of play.
        let expected =
            Cards::number_cards_and_jokers().len() - n * usize::from(self.config.deal_size());
        let stated_later = self.hand == 0 && d.round > 1 && d.undealt.is_empty();
        if d.undealt.len() != expected && !stated_later {
            return Err(InvalidState::Undealt {
                got: d.undealt.len(),
                expected,
                players: d.players,
            });
        }
        Ok(())
    }

    /// The round in progress, replayed from what each seat did.
    fn check_round(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let n = d.players();
        let over = self.over;
        // The seats that had their turn: the first `m` clockwise from the opener. A finished
        // match ends with a complete round (every seat held cards when it began), its last
        // seat still recorded as the seat to move.
        let m = if over {
            n
        } else {
            (d.turn.index() + n - d.opener.index()) % n
        };
        let order = || d.opener.cycle_from(n, Direction::Clockwise).take(m);
        let expected: u16 = order().map(|s| 1u16 << s.0).sum();
        let last = d.opener.step(n, Direction::Clockwise, n - 1);
        if d.done != expected || (over && d.turn != last) {
            let done: Vec<String> = Seat::all(n)
                .filter(|&s| d.is_done(s))
                .map(|s| s.to_string())
                .collect();
            return Err(InvalidState::Turn {
                done: if done.is_empty() {
                    "none".to_owned()
                } else {
                    done.join(" ")
                },
                opener: d.opener,
                turn: d.turn,
            });
        }
        if !over {
            if let Some(seat) = d
                .opener
                .cycle_from(n, Direction::Clockwise)
                .skip(m)
                .find(|&s| d.hand(s).is_empty())
            {
                return Err(InvalidState::EmptyHand { seat });
            }
        }
        let mut kind = RoundKind::Open;
        let mut table = Cards::EMPTY;
        for seat in order() {
            let action = d.acts[seat.index()];
            let hand = d.hand(seat);
            let bad = |reason| InvalidState::Act {
                seat,
                action,
                reason,
            };
            if !over && action == Action::Pass && hand.is_empty() {
                return Err(bad(
                    "passes without cards: a seat without cards has no turn (A4)",
                ));
            }
            match (kind, action) {
                (RoundKind::Open, Action::Pass) => {
                    // The hands of the seats that passed are as they were (cards enter hands
                    // only when a round ends, and the match's last round changes them).
                    if !over && d.can_lead(seat) {
                        return Err(bad(
                            "passes the lead though it holds a card that may be led (A8)",
                        ));
                    }
                }
                (RoundKind::Open, Action::Play(p)) => {
                    kind = RoundKind::Normal {
                        k: p.len(),
                        rank: p.rank(),
                        winner: seat,
                    };
                    table.add_all(&play_cards(p));
                }
                (RoundKind::Open, Action::LeadA(card)) => {
                    if d.a_is_blocked(card) {
                        return Err(bad(
                            "leads an A card in the round after it was received (A6)",
                        ));
                    }
                    kind = RoundKind::ARound {
                        card,
                        rank: 0,
                        winner: seat,
                    };
                    table.add(card.slot(), 1);
                }
                (RoundKind::Normal { .. }, Action::Pass) => {}
                (RoundKind::Normal { k, rank, .. }, Action::Play(p)) => {
                    if p.len() != k || p.rank() <= rank {
                        return Err(bad(
                            "is not a raise with as many cards as the lead and a higher rank (A4)",
                        ));
                    }
                    kind = RoundKind::Normal {
                        k,
                        rank: p.rank(),
                        winner: seat,
                    };
                    table.add_all(&play_cards(p));
                }
                (RoundKind::ARound { .. }, Action::Pass) => {
                    if !over && !hand.playable().is_empty() {
                        return Err(bad(
                            "passes in an A round though it holds a card that may be played (A7)",
                        ));
                    }
                }
                (RoundKind::ARound { card, rank, winner }, Action::Play(p)) => {
                    let Some(slot) = p.single_slot() else {
                        return Err(bad("plays more than one card to an A round (A7)"));
                    };
                    let r = a_round_rank(slot);
                    kind = if r > rank {
                        RoundKind::ARound {
                            card,
                            rank: r,
                            winner: seat,
                        }
                    } else {
                        RoundKind::ARound { card, rank, winner }
                    };
                    table.add(slot, 1);
                }
                (_, Action::LeadA(_)) => {
                    return Err(bad("plays an A card other than as a lead (A6)"));
                }
            }
        }
        if kind != d.kind {
            return Err(InvalidState::Kind {
                recorded: d.kind,
                derived: kind,
            });
        }
        if over {
            // The last round's trick has gone where its kind says.
            if kind == RoundKind::Open {
                return Err(InvalidState::NotOver {
                    reason: "nobody led its last round",
                });
            }
            if !d.table.is_empty() {
                return Err(InvalidState::Table {
                    recorded: d.table,
                    derived: Cards::EMPTY,
                });
            }
            if Seat::all(n).all(|s| !d.hand(s).is_empty()) {
                return Err(InvalidState::NotOver {
                    reason: "every player still holds cards",
                });
            }
        } else if d.table != table {
            return Err(InvalidState::Table {
                recorded: d.table,
                derived: table,
            });
        }
        Ok(())
    }
}
