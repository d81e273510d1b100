//! Validation of a [`State`] read from outside or stated: [`State::validate`]. A state records
//! where every card is and what each seat did this round, not the earlier rounds (their cards
//! are one out-of-play multiset); so the round in progress is replayed from its start, rebuilt
//! from the hands, and what replay cannot see is checked by hand.

use cards_core::Seat;
use cards_core::validate::{ReplayError, check_census, first_difference, replay};

use crate::GrosseKleineA;
use crate::cards::{ACard, Cards, hand_penalty, parse_slot};
use crate::error::{ActionError, InvalidState};
use crate::round::RoundKind;
use crate::rules::{LONGEST_HAND, MAX_PLAYERS};
use crate::state::State;

/// Why an A card is never undealt nor out of play.
const A_NOT_OUT: &str = "the A cards are never dealt nor put out of play, A1";

impl State {
    /// Checks that play can reach the state, so that views, legal actions, `apply`,
    /// `determinize` and scoring handle it without a panic (every state the engine reaches
    /// validates, and so does every determinization of one). First what replay cannot see: the
    /// configuration and seats; the census (G4) and where cards may be (A1, A5, A7); the match
    /// before this hand (A3, A9, A10). Then the start of the round in progress, rebuilt by
    /// taking this round's acts back into the hands (for a finished match, its last round's
    /// trick and A card first), is one play reaches: the round, when and where the A cards
    /// were received (A5 to A7), known cards and the pile (A7), the card counts (A2, A4, A7).
    /// Last, the acts replayed clockwise from the opener through the engine's checks give the
    /// state read: the turns, the round, the table, and every other field.
    ///
    /// # Errors
    /// The first inconsistency found.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.check_seats()?;
        self.check_cards()?;
        self.check_match()?;
        let start = self.round_start()?;
        start.check_round_start(self)?;
        self.check_replay(start)
    }

    /// The configuration, the deal for its players, the seats named at the table, and nothing
    /// held or done by a seat not at it.
    fn check_seats(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        let (d, players) = (&self.deal, self.deal.players);
        if players != self.config.players {
            let config = self.config.players;
            return Err(InvalidState::DealPlayers {
                deal: players,
                config,
            });
        }
        let seats = [
            ("the seat to move", d.turn),
            ("the opener", d.opener),
            ("the first leader", self.first_leader),
            ("the round's winner", d.winner()),
        ];
        if let Some((what, seat)) = seats.into_iter().find(|(_, s)| s.0 >= players) {
            return Err(InvalidState::SeatOutOfRange {
                what,
                seat,
                players,
            });
        }
        let has = |i: usize| {
            let holds = |cards: &[Cards; MAX_PLAYERS]| cards.get(i).is_some_and(|c| !c.is_empty());
            [
                (holds(&d.hands), "cards in hand"),
                (holds(&d.known), "known cards"),
                (holds(&d.piles), "a penalty pile"),
                (self.totals.get(i).is_some_and(|&t| t != 0), "a total"),
                (d.done & (1 << i) != 0, "had a turn this round"),
            ]
            .into_iter()
            .find_map(|(has, what)| has.then_some((i, what)))
        };
        match (d.players()..16).find_map(has) {
            Some((index, what)) => Err(InvalidState::AbsentSeat {
                index,
                players,
                what,
            }),
            None => Ok(()),
        }
    }

    /// The census, the places cards may be, known cards and penalty piles.
    fn check_cards(&self) -> Result<(), InvalidState> {
        let d = &self.deal;
        let cards = |symbols: Vec<String>| {
            let mut c = Cards::EMPTY;
            symbols
                .iter()
                .filter_map(|s| parse_slot(s))
                .for_each(|s| c.add(s, 1));
            c
        };
        check_census(d.all_cards().symbols(), Cards::pack().symbols()).map_err(|e| {
            let (missing, extra) = (cards(e.missing), cards(e.extra));
            InvalidState::Census { missing, extra }
        })?;
        let a_cards = |mut c: Cards| {
            c.take_all_saturating(&c.playable());
            c
        };
        for (place, cards, rule) in [
            ("the undealt cards", a_cards(d.undealt), A_NOT_OUT),
            ("the cards out of play", a_cards(d.out), A_NOT_OUT),
            (
                "the middle of the table",
                d.middle.playable(),
                "only the A cards lie there, A5",
            ),
        ] {
            if !cards.is_empty() {
                return Err(InvalidState::Misplaced { place, cards, rule });
            }
        }
        for seat in Seat::all(d.players()) {
            let (hand, known, pile) = (
                d.hands[seat.index()],
                d.known[seat.index()],
                d.piles[seat.index()],
            );
            if !hand.playable().contains_all(&known) {
                return Err(InvalidState::Known { seat, known, hand });
            }
            let reason = if pile.is_empty() {
                continue;
            } else if pile.count(ACard::Little.slot()) == 0 {
                "has no little a"
            } else if pile.count(ACard::Big.slot()) > 0 {
                "holds the Big A"
            } else if pile.len() > d.players() {
                "holds more cards than one per player"
            } else if pile.playable().is_empty() {
                "holds no card but the little a, yet every little a round has a card played to \
                 it: at least two other players hold cards and only one can hold nothing but the \
                 Big A"
            } else {
                continue;
            };
            return Err(InvalidState::Pile { seat, pile, reason });
        }
        Ok(())
    }

    /// The match around the hand: its number, the results and totals, the first leader, and
    /// the cards a deal at this table leaves undealt.
    fn check_match(&self) -> Result<(), InvalidState> {
        let (d, hands) = (&self.deal, self.config.hands);
        let number = u32::from(self.hand) + 1;
        if self.hand >= hands {
            return Err(InvalidState::HandNumber { number, hands });
        }
        if self.over && self.hand + 1 != hands {
            return Err(InvalidState::OverEarly { number, hands });
        }
        let (got, finished) = (
            self.results.len(),
            usize::from(self.hand) + usize::from(self.over),
        );
        if got != finished {
            return Err(InvalidState::ResultCount { got, finished });
        }
        let mut sums = [0u64; MAX_PLAYERS];
        for (i, result) in self.results.iter().enumerate() {
            self.check_result(i + 1, result)?;
            for (sum, &p) in sums.iter_mut().zip(result) {
                *sum += u64::from(p);
            }
        }
        for seat in Seat::all(d.players()) {
            let (total, sum) = (self.totals[seat.index()], sums[seat.index()]);
            if u64::from(total) != sum {
                return Err(InvalidState::Total { seat, total, sum });
            }
        }
        let previous = usize::from(self.hand)
            .checked_sub(1)
            .map(|h| &self.results[h]);
        if let Some(previous) = previous {
            let most = previous.iter().copied().max().unwrap_or(0);
            if previous.get(self.first_leader.index()) != Some(&most) {
                return Err(InvalidState::FirstLeader {
                    seat: self.first_leader,
                    number,
                });
            }
        }
        // A stated position later in hand 1 puts every card in no hand out of play.
        let expected = 108 - d.players() * usize::from(self.config.deal_size());
        let stated_later = self.hand == 0 && d.round > 1 && d.undealt.is_empty();
        if d.undealt.len() != expected && !stated_later {
            let (got, players) = (d.undealt.len(), d.players);
            return Err(InvalidState::Undealt {
                got,
                expected,
                players,
            });
        }
        Ok(())
    }

    /// A finished hand's penalties: one per seat, at most the pack's, at least the A card of
    /// round 1's (A5 as amended: it is handed out in every hand, and it or the Big A is in a
    /// hand at the end), and a seat that paid at most a penalty pile (the player out, A9).
    fn check_result(&self, number: usize, result: &[u16]) -> Result<(), InvalidState> {
        let players = self.deal.players;
        if result.len() != usize::from(players) {
            let got = result.len();
            return Err(InvalidState::ResultSeats {
                number,
                got,
                players,
            });
        }
        let points: u64 = result.iter().map(|&p| u64::from(p)).sum();
        let max = Cards::pack().hand_penalty();
        if points > u64::from(max) {
            return Err(InvalidState::ResultTooHigh {
                number,
                points,
                max,
            });
        }
        let card = self.config.a_for_round(1).unwrap_or(ACard::Little);
        let min = hand_penalty(card.slot());
        if points < u64::from(min) {
            return Err(InvalidState::ResultTooLow {
                number,
                points,
                min,
                card,
            });
        }
        // The little a and one card (13 at most) of every other player (A7, A9).
        let max = 13 * u16::from(players - 1);
        let least = result.iter().copied().min().unwrap_or(0);
        if least > max {
            return Err(InvalidState::NobodyOut { number, least, max });
        }
        Ok(())
    }

    /// The state at the start of the round in progress: this round's acts taken back into the
    /// hands; for a finished match, first its last round's end and the hand's result undone.
    fn round_start(&self) -> Result<State, InvalidState> {
        let mut start = self.clone();
        if self.over {
            start.undo_last_round_end()?;
        }
        let d = &mut start.deal;
        for seat in d.acted().collect::<Vec<_>>() {
            let (i, cards) = (seat.index(), d.acts[seat.index()].cards());
            d.hands[i].add_all(&cards);
            // Play takes known cards first: where some are left, the played ones were known.
            for slot in 0..16 {
                if d.known[i].count(slot) > 0 {
                    d.known[i].add(slot, cards.count(slot));
                }
            }
        }
        (d.table, d.kind, d.done, d.turn) = (Cards::EMPTY, RoundKind::Open, 0, d.opener);
        Ok(start)
    }

    /// Undoes the end of a finished match's last round and hand: the hand's result, the
    /// trick gone where its kind says (A4, A7), the A card handed out to the winner (A5).
    fn undo_last_round_end(&mut self) -> Result<(), InvalidState> {
        self.results.pop();
        self.over = false;
        let (config, d) = (&self.config, &mut self.deal);
        let (round, winner) = (d.round, d.winner());
        for card in ACard::ALL {
            if d.received[card.index()] != round {
                continue;
            }
            if d.hand(winner).count(card.slot()) == 0 {
                let holder = d
                    .a_holder(card)
                    .map_or_else(|| "nobody".to_owned(), |s| s.to_string());
                let leads = format!("won the last round, {winner}");
                return Err(InvalidState::NotWithReceiver {
                    card,
                    received: round,
                    leads,
                    holder,
                });
            }
            if config.a_for_round(round) == Some(card) {
                d.hands[winner.index()].take(card.slot(), 1);
                d.middle.add(card.slot(), 1);
                d.received[card.index()] = 0;
            }
        }
        let mut trick = Cards::EMPTY;
        d.acted()
            .for_each(|s| trick.add_all(&d.acts[s.index()].cards()));
        match d.kind {
            RoundKind::Open => {}
            RoundKind::Normal { .. } => d.out.take_all_saturating(&trick),
            RoundKind::ARound {
                card: ACard::Little,
                winner,
                ..
            } => {
                d.piles[winner.index()].take_all_saturating(&trick);
            }
            RoundKind::ARound {
                card: ACard::Big,
                winner,
                ..
            } => {
                d.hands[winner.index()].take_all_saturating(&trick);
                d.known[winner.index()].take_all_saturating(&trick.playable());
                // Received before: at the latest by a Big A round two rounds earlier (A6).
                let allocated = config.round_of(ACard::Big);
                d.received[1] = if round >= allocated + 4 {
                    round - 2
                } else {
                    allocated
                };
            }
        }
        Ok(())
    }

    /// Whether play can reach this start of a round; `now` is the state read (for the
    /// messages of round 1).
    fn check_round_start(&self, now: &State) -> Result<(), InvalidState> {
        let (d, max) = (&self.deal, 2 * LONGEST_HAND);
        if !(1..=max).contains(&d.round) {
            return Err(InvalidState::Round {
                round: d.round,
                max,
            });
        }
        if d.round == 1 && d.opener != self.first_leader {
            let (opener, first_leader) = (d.opener, self.first_leader);
            return Err(InvalidState::FirstOpener {
                opener,
                first_leader,
            });
        }
        for card in ACard::ALL {
            self.check_a_card(card)?;
        }
        let big = d.received[ACard::Big.index()];
        let (seat, round) = (d.opener, d.round);
        if big > self.config.round_of(ACard::Big)
            && big + 1 == round
            && d.hand(seat).playable().is_empty()
        {
            return Err(InvalidState::BigATakerWithoutTrick {
                seat,
                received: big,
                round,
            });
        }
        self.check_known_and_pile()?;
        self.check_counts(now)
    }

    /// When the A card was received and where it is (A5 as amended, A6, A7).
    fn check_a_card(&self, card: ACard) -> Result<(), InvalidState> {
        let (d, round) = (&self.deal, self.deal.round);
        let received = d.received[card.index()];
        if received >= round {
            return Err(InvalidState::Received {
                card,
                received,
                round,
            });
        }
        let allocated = self.config.round_of(card);
        let in_middle = d.middle.count(card.slot()) > 0;
        // Every round that ends hands out its A card, so only one never completed leaves its
        // card in the middle; it leaves the middle only by being received.
        let handed_out = round > allocated;
        if (!handed_out && (!in_middle || received != 0)) || (received != 0 && received < allocated)
        {
            return Err(InvalidState::AllocatedEarly { card, allocated });
        }
        // The little a is received only from the middle, the Big A also by a Big A round.
        if card == ACard::Little && received != 0 && received != allocated {
            return Err(InvalidState::ReceivedLate {
                card,
                received,
                allocated,
            });
        }
        if handed_out && in_middle {
            return Err(InvalidState::NotAllocated { card, allocated });
        }
        if !in_middle && received == 0 {
            return Err(InvalidState::NeverReceived { card });
        }
        // A Big A round needs the Big A led, not allowed in the round after it was handed out.
        if card == ACard::Big && received == allocated + 1 {
            let earliest = allocated + 2;
            return Err(InvalidState::BigARoundTooEarly {
                received,
                allocated,
                earliest,
            });
        }
        // Received at the end of the round before: its receiver won it, leads now and may not
        // lead the card yet (A4, A6).
        if received != 0 && received + 1 == round && d.hand(d.opener).count(card.slot()) == 0 {
            let holder = d
                .a_holder(card)
                .map_or_else(|| "nobody".to_owned(), |s| s.to_string());
            let leads = format!("opens round {round}, is {}", d.opener);
            return Err(InvalidState::NotWithReceiver {
                card,
                received,
                leads,
                holder,
            });
        }
        Ok(())
    }

    /// The most Big A rounds this hand can have finished: none unless the Big A was last
    /// received by taking one; the first ends two rounds after the Big A is handed out (A6),
    /// and no two follow each other (the taker leads next and may not lead it, A6).
    fn big_a_rounds(&self) -> u16 {
        let big = self.deal.received[ACard::Big.index()];
        big.saturating_sub(self.config.round_of(ACard::Big)) / 2
    }

    /// Known cards only after a Big A round, at most the other players' cards of each (A7); a
    /// penalty pile only after a little a round can have ended, with its taker leading next
    /// when that round can only be the one just finished (A6, A7).
    fn check_known_and_pile(&self) -> Result<(), InvalidState> {
        let (d, rounds) = (&self.deal, self.big_a_rounds());
        let seats = || Seat::all(d.players());
        if let Some(seat) = seats().find(|s| rounds == 0 && !d.known[s.index()].is_empty()) {
            let known = d.known[seat.index()];
            return Err(InvalidState::KnownWithoutBigARound { seat, known });
        }
        let known = seats().map(|s| d.known[s.index()].len()).sum();
        let max = usize::from(rounds) * (d.players() - 1);
        if known > max {
            return Err(InvalidState::KnownTooMany { known, rounds, max });
        }
        let Some(seat) = seats().find(|s| !d.piles[s.index()].is_empty()) else {
            return Ok(());
        };
        let (completed, allocated) = (d.round - 1, self.config.round_of(ACard::Little));
        let round = allocated + 2;
        if completed < round {
            let earliest = round;
            return Err(InvalidState::PileEarly {
                seat,
                completed,
                allocated,
                earliest,
            });
        }
        if completed == round && d.opener != seat {
            let leads = format!("opens round {}, is {}", d.round, d.opener);
            return Err(InvalidState::PileNotWithTaker { seat, round, leads });
        }
        Ok(())
    }

    /// No hand holds more number cards and jokers than dealt plus what the Big A rounds can
    /// have brought it, in round 1 exactly the deal; the hands hold at most what was dealt
    /// less one for every finished round but Big A rounds (A2, A4, A7); every hand holds cards.
    fn check_counts(&self, now: &State) -> Result<(), InvalidState> {
        let (d, dealt) = (&self.deal, self.config.deal_size());
        let brought = usize::from(self.big_a_rounds()) * (d.players() - 1);
        let mut got_all = 0;
        for seat in Seat::all(d.players()) {
            let got = d.hand(seat).playable().len();
            got_all += got;
            if got > usize::from(dealt) + brought {
                return Err(InvalidState::HandTooBig {
                    seat,
                    got,
                    dealt,
                    brought,
                });
            }
            if d.round == 1 && got != usize::from(dealt) {
                let held = now.deal.hand(seat).playable().len();
                let played = got.saturating_sub(held);
                return Err(InvalidState::FirstRoundCount {
                    seat,
                    held,
                    played,
                    dealt,
                });
            }
        }
        let completed = d.round - 1;
        let removed = usize::from(completed.saturating_sub(self.big_a_rounds()));
        let dealt = d.players() * usize::from(dealt);
        if got_all + removed > dealt {
            let got = got_all;
            return Err(InvalidState::TooManyInHands {
                got,
                dealt,
                completed,
                removed,
            });
        }
        match Seat::all(d.players()).find(|&s| d.hand(s).is_empty()) {
            Some(seat) => Err(InvalidState::EmptyHand { seat }),
            None => Ok(()),
        }
    }

    /// Replays the round's acts from its `start` and compares the result with the state.
    fn check_replay(&self, start: State) -> Result<(), InvalidState> {
        let d = &self.deal;
        let acted: Vec<Seat> = d.acted().collect();
        let actions = acted.iter().map(|s| d.acts[s.index()]);
        let mut replayed = match replay::<GrosseKleineA>(start, actions) {
            Ok(replayed) => replayed,
            Err(ReplayError::Illegal {
                number,
                action,
                error,
            }) => {
                let seat = acted[number - 1];
                return Err(InvalidState::Act {
                    seat,
                    action,
                    reason: reason(&error),
                });
            }
            Err(ReplayError::Mismatch(line)) => return Err(InvalidState::Replay(line)),
        };
        if self.over {
            // A determinization redraws the hidden cards of the hands, so the penalties of a
            // finished hand are not recomputed from them (check_result bounds them).
            (replayed.results, replayed.totals) = (self.results.clone(), self.totals);
        }
        let r = &replayed.deal;
        if (r.done, r.turn) != (d.done, d.turn) {
            let done: Vec<String> = Seat::all(d.players())
                .filter(|&s| d.is_done(s))
                .map(|s| s.to_string())
                .collect();
            let done = if done.is_empty() {
                "none".to_owned()
            } else {
                done.join(" ")
            };
            let (opener, turn) = (d.opener, d.turn);
            return Err(InvalidState::Turn { done, opener, turn });
        }
        if r.kind != d.kind {
            let (recorded, derived) = (d.kind, r.kind);
            return Err(InvalidState::Kind { recorded, derived });
        }
        if r.table != d.table {
            let (recorded, derived) = (d.table, r.table);
            return Err(InvalidState::Table { recorded, derived });
        }
        match first_difference(&replayed, self) {
            None => Ok(()),
            Some(line) => Err(InvalidState::Replay(line)),
        }
    }
}

/// The rule an act refused on replay breaks, as the refusal of a recorded act says it.
fn reason(error: &ActionError) -> &'static str {
    match error {
        ActionError::MustLead => "passes the lead though it holds a card that may be led (A8)",
        ActionError::AJustTaken { .. } => "leads an A card in the round after it was received (A6)",
        ActionError::AOnlyLed | ActionError::OtherAInARound => {
            "plays an A card other than as a lead (A6)"
        }
        ActionError::WrongCount { .. } | ActionError::NotHigher { .. } => {
            "is not a raise with as many cards as the lead and a higher rank (A4)"
        }
        ActionError::OneCardInARound => "plays more than one card to an A round (A7)",
        ActionError::MustPlayInARound => {
            "passes in an A round though it holds a card that may be played (A7)"
        }
        // The start holds every card played this round, and its match is not over.
        ActionError::NotHeld { .. } | ActionError::MatchOver => "cannot be replayed",
    }
}
