//! Validation of a [`State`] read from outside: every invariant the engine relies on, checked
//! when a state is deserialised (and when a stated position becomes a game).
//!
//! Derived fields are recomputed from what they are derived from and compared: the round in
//! progress and the cards on the table are replayed from what each seat did this round, the
//! seats that had their turn from the opener and the seat to move, the totals from the hand
//! results.

use cards_core::{Direction, Seat};

use crate::action::{Action, Play};
use crate::rules::{ACard, Cards, ConfigError, JOKER, MAX_PLAYERS, a_round_rank};
use crate::state::{RoundKind, State};

/// The longest a hand can last, in rounds, from any position: every round but a Big A round
/// takes at least one card out of the hands for good, at most 110 cards ever enter them, and
/// a Big A round is never followed by another (its taker leads next and may not lead the Big A
/// then, A6), so at most `2 * 110 + 1` rounds. A stated position starts at round
/// `LONGEST_HAND` at the latest, so no state goes past twice that.
pub(crate) const LONGEST_HAND: u16 = 2 * 110 + 1;

/// Why a state (read back from a file, typically) is refused: the first inconsistency found.
///
/// Every state the engine produces validates; [`State::validate`] names what a hand-edited or
/// corrupted one gets wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum InvalidState {
    /// The configuration does not validate (its error is shown in the message, not as a
    /// source, so that an error chain names it once).
    #[error("invalid configuration: {0}")]
    Config(ConfigError),
    /// The deal is for another number of players than the configuration.
    #[error("the deal is for {deal} players but the configuration for {config}")]
    DealPlayers {
        /// Players of the deal.
        deal: u8,
        /// Players of the configuration.
        config: u8,
    },
    /// A seat that is not at the table where a seat at the table is needed.
    #[error("{what} {seat} is not at a table of {players} (A2)")]
    SeatOutOfRange {
        /// Which seat: the seat to move, the opener, the first leader.
        what: &'static str,
        /// The seat given.
        seat: Seat,
        /// Players at the table.
        players: u8,
    },
    /// Something recorded for a seat that is not at the table.
    #[error("seat S{index} is not at a table of {players} but has {what}")]
    AbsentSeat {
        /// The seat's index.
        index: usize,
        /// Players at the table.
        players: u8,
        /// What it has: cards in hand, known cards, a penalty pile, a total, a turn.
        what: &'static str,
    },
    /// The cards of all locations are not the pack, each card exactly once.
    #[error("the cards are not the pack exactly once (G4): missing {missing}, extra {extra}")]
    Census {
        /// Cards of the pack found nowhere.
        missing: Cards,
        /// Cards found beyond the pack.
        extra: Cards,
    },
    /// Cards in a place where they cannot be.
    #[error("{place} cannot hold {cards} ({rule})")]
    Misplaced {
        /// The place: the undealt cards, the cards out of play, the middle of the table.
        place: &'static str,
        /// The cards that cannot be there.
        cards: Cards,
        /// Why, with the ruling.
        rule: &'static str,
    },
    /// Cards publicly known to be in a hand that the hand does not hold.
    #[error("{seat} is known to hold {known} but holds {hand}")]
    Known {
        /// The seat.
        seat: Seat,
        /// The cards known to be there.
        known: Cards,
        /// The hand.
        hand: Cards,
    },
    /// A penalty pile that is not the trick of the little a.
    #[error("{seat}'s penalty pile {pile} {reason} (A7)")]
    Pile {
        /// The seat.
        seat: Seat,
        /// The pile.
        pile: Cards,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The round number is out of range.
    #[error("round {round} is outside 1 to {max}: no hand lasts that long (A9)")]
    Round {
        /// The round number.
        round: u16,
        /// The largest possible.
        max: u16,
    },
    /// Round 1 is not opened by the hand's first leader.
    #[error("round 1 is opened by {opener}, not by the hand's first leader {first_leader} (A3)")]
    FirstOpener {
        /// The opener of round 1.
        opener: Seat,
        /// The hand's first leader.
        first_leader: Seat,
    },
    /// An A card received at a round that is not before the round in progress.
    #[error(
        "the {card} was received at the end of round {received}, not before round {round} (A6)"
    )]
    Received {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
        /// The round in progress.
        round: u16,
    },
    /// An A card out of the middle, or received, before the round at whose end it is handed out.
    #[error(
        "the {card} is handed out at the end of round {allocated}: it cannot be received or leave the middle of the table earlier (A5)"
    )]
    AllocatedEarly {
        /// The A card.
        card: ACard,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card still in the middle of the table that was received.
    #[error(
        "the {card} is in the middle of the table but was received at the end of round {received} (A5)"
    )]
    ReceivedInMiddle {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
    },
    /// The little a received at another round than the one at whose end it is handed out.
    #[error(
        "the {card} was received at the end of round {received}, but it is handed out at the end of round {allocated} and never taken again (A5, A7)"
    )]
    ReceivedLate {
        /// The A card.
        card: ACard,
        /// The round at whose end it was received.
        received: u16,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card still in the middle of a dealt hand after the round at whose end it is handed
    /// out.
    #[error(
        "the {card} is still in the middle of the table after round {allocated}, at whose end it is handed out (A5)"
    )]
    NotAllocated {
        /// The A card.
        card: ACard,
        /// The round at whose end it is handed out.
        allocated: u16,
    },
    /// An A card of a dealt hand out of the middle of the table that was never received.
    #[error("the {card} left the middle of the table but was never received (A5)")]
    NeverReceived {
        /// The A card.
        card: ACard,
    },
    /// Cards known to be in a hand though no Big A round was played.
    #[error("{seat} is known to hold {known} though no Big A round was taken this hand (A7)")]
    KnownWithoutBigARound {
        /// The seat.
        seat: Seat,
        /// The cards known to be there.
        known: Cards,
    },
    /// The hand index is not within the match.
    #[error("hand {number} is not in a match of {hands} hands (A10)")]
    HandNumber {
        /// The hand's number, from 1.
        number: u32,
        /// Hands in the match.
        hands: u16,
    },
    /// The match is marked over before its last hand.
    #[error("the match is over during hand {number} of {hands} (A10)")]
    OverEarly {
        /// The hand's number, from 1.
        number: u32,
        /// Hands in the match.
        hands: u16,
    },
    /// A finished match whose last round did not finish the hand.
    #[error("the match is over but {reason} (A9)")]
    NotOver {
        /// What shows the hand is not over.
        reason: &'static str,
    },
    /// Not one result per finished hand.
    #[error("{got} hand results are recorded but {finished} hands are finished")]
    ResultCount {
        /// Results recorded.
        got: usize,
        /// Hands finished.
        finished: usize,
    },
    /// A hand result without one entry per seat.
    #[error("the result of hand {number} has {got} entries for {players} players")]
    ResultSeats {
        /// The hand's number, from 1.
        number: usize,
        /// Entries given.
        got: usize,
        /// Players at the table.
        players: u8,
    },
    /// A hand result worth more penalty points than the whole pack.
    #[error(
        "the penalties of hand {number} add to {points}, more than the {max} of the whole pack (A9)"
    )]
    ResultTooHigh {
        /// The hand's number, from 1.
        number: usize,
        /// The penalties' sum.
        points: u64,
        /// The pack's penalty points in hand.
        max: u16,
    },
    /// A total that is not the sum of the seat's hand results.
    #[error("{seat}'s total is {total} but its hand results add to {sum} (A10)")]
    Total {
        /// The seat.
        seat: Seat,
        /// The total recorded.
        total: u32,
        /// The sum of its results.
        sum: u64,
    },
    /// A hand's first leader who did not have the most penalty points in the hand before.
    #[error("{seat} leads hand {number} without the most penalty points of the hand before (A3)")]
    FirstLeader {
        /// The first leader.
        seat: Seat,
        /// The hand's number, from 1.
        number: u32,
    },
    /// The wrong number of undealt cards.
    #[error("{got} cards are undealt but {expected} stay out with {players} players (A2)")]
    Undealt {
        /// Undealt cards.
        got: usize,
        /// Cards left out of a deal at this table.
        expected: usize,
        /// Players at the table.
        players: u8,
    },
    /// The seats that had their turn this round are not those from the opener to the seat to
    /// move.
    #[error(
        "the seats that had their turn this round ({done}) are not those from the opener {opener} to the seat to move {turn}, clockwise (A4)"
    )]
    Turn {
        /// The seats marked as done, in seat order.
        done: String,
        /// The round's opener.
        opener: Seat,
        /// The seat to move.
        turn: Seat,
    },
    /// A seat without cards that is still to play in the round.
    #[error("{seat} has no cards but is still to play this round: the hand should be over (A9)")]
    EmptyHand {
        /// The seat.
        seat: Seat,
    },
    /// What a seat did this round breaks the rules.
    #[error("{seat}'s `{action}` this round {reason}")]
    Act {
        /// The seat.
        seat: Seat,
        /// What it did.
        action: Action,
        /// Why that cannot be, with the ruling.
        reason: &'static str,
    },
    /// The round recorded is not the one the round's plays make.
    #[error("the round is recorded as {recorded:?} but its plays make it {derived:?}")]
    Kind {
        /// The round recorded.
        recorded: RoundKind,
        /// The round replayed from the plays.
        derived: RoundKind,
    },
    /// The table does not hold the round's plays.
    #[error("the table holds {recorded} but the plays of the round put {derived} there")]
    Table {
        /// The table recorded.
        recorded: Cards,
        /// The cards of the round's plays.
        derived: Cards,
    },
}

impl From<ConfigError> for InvalidState {
    fn from(e: ConfigError) -> Self {
        InvalidState::Config(e)
    }
}

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
    ///   it is handed out, and lies in the middle until then (A5, A6); the little a is received
    ///   only then; in a dealt hand (not a stated position) each A card leaves the middle on time
    ///   and only by being received.
    /// - The match: the hand is within the match; the match is over only after its last hand;
    ///   one result per finished hand, one entry per seat, each hand's penalties at most the
    ///   pack's; each total is the sum of its seat's results (A10); each later hand's first
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
        for (what, seat) in [
            ("the seat to move", d.turn),
            ("the opener", d.opener),
            ("the first leader", self.first_leader),
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
            let allocated = (1..=2)
                .find(|&r| self.config.a_for_round(r) == Some(card))
                .unwrap_or(1);
            let in_middle = d.middle.count(card.slot()) > 0;
            // Handed out at the end of its round, before the check for the end of the hand (A5
            // as amended), so also when the hand ended in that round.
            let handed_out = if self.over {
                d.round >= allocated
            } else {
                d.round > allocated
            };
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
            // A dealt hand (not a stated position, which may leave an A card in the middle)
            // hands each A card out at the end of its round.
            if self.hand > 0 && handed_out && in_middle {
                return Err(InvalidState::NotAllocated { card, allocated });
            }
            if self.hand > 0 && !in_middle && received == 0 {
                return Err(InvalidState::NeverReceived { card });
            }
        }
        // Cards are known to be in a hand only after a Big A round (A7).
        let big = d.received[ACard::Big.index()];
        let big_allocated = (1..=2)
            .find(|&r| self.config.a_for_round(r) == Some(ACard::Big))
            .unwrap_or(1);
        if big <= big_allocated {
            if let Some(seat) = Seat::all(d.players()).find(|s| !d.known[s.index()].is_empty()) {
                return Err(InvalidState::KnownWithoutBigARound {
                    seat,
                    known: d.known[seat.index()],
                });
            }
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
