//! The consistency of a [`State`] read from outside: [`State::validate`] and [`InvalidState`].
//!
//! A state that deserialises has passed [`State::validate`], so the engine (legal lists, apply,
//! views, scores, determinize) can rely on every invariant listed there.

use cards_core::Seat;

use crate::action::Action;
use crate::cards::{Cards, symbol};
use crate::error::InvalidState;
use crate::rules::{HAND_SIZE, exchange_count};
use crate::state::{MAX, State};

/// Whether `seats` lists each of the `n` seats exactly once.
fn is_permutation(seats: &[Seat], n: usize) -> bool {
    let mut seen = [false; MAX];
    seats.len() == n
        && seats.iter().all(|s| match seen.get_mut(s.index()) {
            Some(x) if s.index() < n && !*x => {
                *x = true;
                true
            }
            _ => false,
        })
}

/// Per-slot counts, wide enough never to saturate.
fn counts<'a>(sets: impl IntoIterator<Item = &'a Cards>) -> [u32; 16] {
    let mut out = [0u32; 16];
    for c in sets {
        for (a, &b) in out.iter_mut().zip(&c.0.0) {
            *a += u32::from(b);
        }
    }
    out
}

impl State {
    /// Checks every invariant the engine relies on, so that a state read from outside (a file,
    /// hand-edited JSON) is one that legal lists, apply, views, scores and determinize handle.
    /// Deserialisation runs it and refuses what it refuses. Every state reached from
    /// [`State::new`], [`State::from_deal_with_exchange`] or [`State::from_mid_hand_position`] by legal actions passes.
    ///
    /// The invariants, in the order checked:
    /// - the configuration validates, and the hand number is within the match (E9);
    /// - every seat named (dealer, leader, seat to move, highest play, trick turns, finishing
    ///   order, exchanges) is a seat of the table, and the per-seat slots past the table are
    ///   blank;
    /// - the chairs seat every player once, the recorded chair of each seat is its chair, and
    ///   the seating is seat order in hand 1 and the previous ranking clockwise from the Boss
    ///   later (E7), with the previous Ass as dealer;
    /// - the previous ranking is empty in hand 1 and every seat once later; each finished hand's
    ///   ranking lists every seat once, no more hands are recorded than played, and the last
    ///   recorded ones agree with the previous ranking and (at the end) the finishing order;
    /// - the cards of the hands, table, pile and set-aside make up the pack, each card once
    ///   (G4); hand 1 sets aside exactly the jokers, later hands nothing (E2);
    /// - while the match goes on: the finishing order lists exactly the seats with empty hands,
    ///   and at least two players hold cards (E5); at the end: it is the last hand, the
    ///   finishing order lists every seat and only the last (the Ass) holds cards;
    /// - the trick: the seat to move holds cards; an empty trick has no highest play, an empty
    ///   table, and the leader to move; otherwise it opens with the leader's play, the turns and
    ///   the seat to move go clockwise from the leader with only empty-handed seats skipped, each
    ///   play beats the one before (E3), the highest play is the last play, and the table holds
    ///   exactly the trick's plays;
    /// - each seat's plays in the trick are among its cards played this hand, which all lie on
    ///   the table or in the pile;
    /// - the exchanges are none in hand 1 and, later, none (a stated position) or one per pair
    ///   of ranks of the previous ranking, each side exactly its count of natural cards, found
    ///   in the receiver's hand and plays (E8); when they are there (a hand dealt here), the
    ///   cards played are exactly those of the table and the pile, and each seat holds and has
    ///   played as many cards as it was dealt (E7).
    ///
    /// # Errors
    /// The first invariant broken, naming what is inconsistent.
    pub fn validate(&self) -> Result<(), InvalidState> {
        self.config.validate()?;
        if self.hand == 0 || self.hand > self.config.hands {
            return Err(InvalidState::HandNumber {
                hand: self.hand,
                hands: self.config.hands,
            });
        }
        self.validate_seats()?;
        self.validate_seating()?;
        self.validate_rankings()?;
        self.validate_census()?;
        self.validate_finished()?;
        if self.turn.is_some() {
            self.validate_trick()?;
        }
        self.validate_played()?;
        self.validate_exchanges()
    }

    /// Every seat named is at the table; the slots past the table are blank.
    fn validate_seats(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let check = |field: &'static str, seat: Seat| {
            if seat.index() < n {
                Ok(())
            } else {
                Err(InvalidState::Seat {
                    field,
                    seat,
                    players: n,
                })
            }
        };
        check("the dealer", self.dealer)?;
        check("the leader", self.leader)?;
        if let Some(s) = self.turn {
            check("the seat to move", s)?;
        }
        if let Some((s, _)) = self.top {
            check("the highest play", s)?;
        }
        for t in &self.trick {
            check("the trick", t.seat)?;
        }
        for &s in &self.finished {
            check("the finishing order", s)?;
        }
        for x in &self.exchanges {
            check("an exchange", x.higher)?;
            check("an exchange", x.lower)?;
        }
        for i in n..MAX {
            let unused = |field| InvalidState::UnusedSlot {
                field,
                index: i,
                players: n,
            };
            if self.chairs[i].index() != i {
                return Err(unused("chairs"));
            }
            if usize::from(self.chair_of[i]) != i {
                return Err(unused("chair_of"));
            }
            if !self.hands[i].is_empty() {
                return Err(unused("hands"));
            }
            if !self.played[i].is_empty() {
                return Err(unused("played"));
            }
        }
        Ok(())
    }

    /// Chairs, the previous ranking, the seating by it and the dealer (E7).
    fn validate_seating(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        if !is_permutation(&self.chairs[..n], n) {
            return Err(InvalidState::Chairs);
        }
        for (c, &seat) in self.chairs[..n].iter().enumerate() {
            if usize::from(self.chair_of[seat.index()]) != c {
                return Err(InvalidState::ChairOf { seat });
            }
        }
        if self.hand == 1 {
            if !self.previous.is_empty() {
                return Err(InvalidState::PreviousRanking);
            }
            if self.chairs[..n]
                .iter()
                .enumerate()
                .any(|(c, s)| s.index() != c)
            {
                return Err(InvalidState::Seating);
            }
            return Ok(());
        }
        if !is_permutation(&self.previous, n) {
            return Err(InvalidState::PreviousRanking);
        }
        let boss_chair = usize::from(self.chair_of[self.previous[0].index()]);
        for (i, &s) in self.previous.iter().enumerate() {
            if self.chairs[(boss_chair + i) % n] != s {
                return Err(InvalidState::Seating);
            }
        }
        let ass = self.previous[n - 1];
        if self.dealer != ass {
            return Err(InvalidState::Dealer {
                dealer: self.dealer,
                hand: self.hand,
                ass,
            });
        }
        Ok(())
    }

    /// The finished hands' rankings against the hand number, the previous ranking and (at the
    /// end) the finishing order.
    fn validate_rankings(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        for (index, r) in self.rankings.iter().enumerate() {
            if !is_permutation(r, n) {
                return Err(InvalidState::Ranking { index });
            }
        }
        let over = self.turn.is_none();
        // A match started from a stated deal or position records only the hands played since.
        let played = if over { self.hand } else { self.hand - 1 };
        let count = self.rankings.len();
        if count > played as usize {
            return Err(InvalidState::RankingCount {
                count,
                played,
                hand: self.hand,
            });
        }
        // The ranking of the previous hand, when it was played here.
        let of_previous = if over {
            count.checked_sub(2)
        } else {
            count.checked_sub(1)
        };
        if self.hand > 1
            && let Some(i) = of_previous
            && self.rankings[i] != self.previous
        {
            return Err(InvalidState::PreviousDiffers {
                hand: self.hand - 1,
            });
        }
        if over {
            if self.hand != self.config.hands {
                return Err(InvalidState::NotOver {
                    reason: "the match has hands left to play",
                });
            }
            if self.rankings.last() != Some(&self.finished) {
                return Err(InvalidState::NotOver {
                    reason: "the last hand's ranking is not its finishing order",
                });
            }
        }
        Ok(())
    }

    /// The cards make up the pack (G4); the set-aside cards (E2).
    fn validate_census(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let found =
            counts(
                self.hands[..n]
                    .iter()
                    .chain([&self.table, &self.pile, &self.set_aside]),
            );
        let pack = counts([&self.config.pack()]);
        if let Some(slot) = (0..16).find(|&i| found[i] != pack[i]) {
            return Err(InvalidState::Census {
                card: symbol(slot as u8),
                count: found[slot],
                pack: pack[slot],
            });
        }
        let jokers = self.config.jokers();
        let expected = if self.hand == 1 {
            Cards::of(crate::cards::JOKER, jokers)
        } else {
            Cards::EMPTY
        };
        if self.set_aside != expected {
            return Err(InvalidState::SetAside {
                found: self.set_aside,
                hand: self.hand,
                jokers,
            });
        }
        Ok(())
    }

    /// The finishing order against the empty hands (E5), and the end of the match.
    fn validate_finished(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let bad_order = || InvalidState::FinishingOrder {
            finished: self.finished.clone(),
        };
        let mut seen = [false; MAX];
        for s in &self.finished {
            if std::mem::replace(&mut seen[s.index()], true) {
                return Err(bad_order());
            }
        }
        if self.turn.is_none() {
            if self.finished.len() != n {
                return Err(InvalidState::NotOver {
                    reason: "the finishing order does not list every seat",
                });
            }
            for (p, s) in self.finished.iter().enumerate() {
                if self.hands[s.index()].is_empty() != (p + 1 < n) {
                    return Err(InvalidState::Finished { seat: *s });
                }
            }
            if !self.trick.is_empty() || self.top.is_some() || !self.table.is_empty() {
                return Err(InvalidState::NotOver {
                    reason: "a trick is still on the table",
                });
            }
            return Ok(());
        }
        if self.finished.len() + 2 > n {
            return Err(bad_order());
        }
        for seat in Seat::all(n) {
            if seen[seat.index()] != self.hands[seat.index()].is_empty() {
                return Err(InvalidState::Finished { seat });
            }
        }
        Ok(())
    }

    /// The current trick, its highest play, the table and the seat to move (E3), for a match
    /// that goes on.
    fn validate_trick(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let Some(turn) = self.turn else {
            return Ok(());
        };
        if self.hands[turn.index()].is_empty() {
            return Err(InvalidState::TurnWithoutCards { seat: turn });
        }
        let leader = self.leader;
        let distance = |s: Seat| {
            (usize::from(self.chair_of[s.index()]) + n - usize::from(self.chair_of[leader.index()]))
                % n
        };
        let Some(first) = self.trick.first() else {
            if turn != leader {
                return Err(InvalidState::TrickOrder { seat: turn, leader });
            }
            if self.top.is_some() {
                return Err(InvalidState::Top {
                    found: self.top,
                    expected: None,
                });
            }
            if !self.table.is_empty() {
                return Err(InvalidState::Table {
                    found: self.table,
                    expected: Cards::EMPTY,
                });
            }
            return Ok(());
        };
        if first.seat != leader {
            return Err(InvalidState::TrickOrder {
                seat: first.seat,
                leader,
            });
        }
        if first.action == Action::Pass {
            return Err(InvalidState::Trick {
                reason: "the current trick opens with a pass, but the leader must play",
            });
        }
        // Clockwise from the leader, each seat at most once, the seat to move after them all;
        // the seats skipped hold no cards.
        let mut last = 0;
        for (k, t) in self
            .trick
            .iter()
            .chain([&crate::state::Turn {
                seat: turn,
                action: Action::Pass,
            }])
            .enumerate()
        {
            let d = distance(t.seat);
            if k > 0 && d <= last {
                return Err(InvalidState::TrickOrder {
                    seat: t.seat,
                    leader,
                });
            }
            for skipped in last + 1..d {
                let s = self.chairs[(usize::from(self.chair_of[leader.index()]) + skipped) % n];
                if !self.hands[s.index()].is_empty() {
                    return Err(InvalidState::TrickOrder { seat: s, leader });
                }
            }
            last = d;
        }
        let mut top = None;
        let mut table = Cards::EMPTY;
        let mut by_seat = [Cards::EMPTY; MAX];
        for t in &self.trick {
            match t.action {
                Action::Pass => {
                    if self.hands[t.seat.index()].is_empty() {
                        return Err(InvalidState::Trick {
                            reason: "a seat that passed in the current trick holds no cards",
                        });
                    }
                }
                Action::Play(p) => {
                    if let Some((_, t)) = top
                        && !p.beats(t)
                    {
                        return Err(InvalidState::NotHigher { play: p, top: t });
                    }
                    top = Some((t.seat, p));
                    table.add_all(&p.cards());
                    by_seat[t.seat.index()].add_all(&p.cards());
                }
            }
        }
        if self.top != top {
            return Err(InvalidState::Top {
                found: self.top,
                expected: top,
            });
        }
        if self.table != table {
            return Err(InvalidState::Table {
                found: self.table,
                expected: table,
            });
        }
        for seat in Seat::all(n) {
            let (trick, played) = (by_seat[seat.index()], self.played[seat.index()]);
            if !played.contains_all(&trick) {
                return Err(InvalidState::Played {
                    seat,
                    trick,
                    played,
                });
            }
        }
        Ok(())
    }

    /// The cards played this hand all lie on the table or in the pile.
    fn validate_played(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let played = counts(&self.played[..n]);
        let down = counts([&self.table, &self.pile]);
        if played.iter().zip(down).any(|(&p, d)| p > d) {
            return Err(InvalidState::PlayedNotInPile);
        }
        Ok(())
    }

    /// The exchanges pair the previous ranking's ranks and give natural cards the receivers
    /// hold or have played (E8).
    fn validate_exchanges(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        if self.exchanges.is_empty() {
            return Ok(());
        }
        if self.hand == 1 || self.exchanges.len() != n / 2 {
            return Err(InvalidState::Exchanges);
        }
        for (k, x) in self.exchanges.iter().enumerate() {
            let i = k + 1;
            if x.higher != self.previous[i - 1] || x.lower != self.previous[n - i] {
                return Err(InvalidState::Exchanges);
            }
            let count = exchange_count(n, i);
            let fits = |gift: &Cards, to: Seat| {
                let mut had = self.hands[to.index()];
                had.add_all(&self.played[to.index()]);
                gift.jokers() == 0 && gift.len() == usize::from(count) && had.contains_all(gift)
            };
            if !fits(&x.from_higher, x.lower) || !fits(&x.from_lower, x.higher) {
                return Err(InvalidState::ExchangeCards {
                    higher: x.higher,
                    lower: x.lower,
                    count,
                });
            }
        }
        // A hand dealt here (not a stated position): every card played this hand is recorded,
        // and each seat has held, since the exchange, as many cards as it was dealt (E7).
        if counts(&self.played[..n]) != counts([&self.table, &self.pile]) {
            return Err(InvalidState::PlayedNotInPile);
        }
        for seat in Seat::all(n) {
            let held = self.hands[seat.index()].len() + self.played[seat.index()].len();
            let dealt = usize::from(HAND_SIZE)
                + if seat == self.dealer {
                    usize::from(self.config.jokers())
                } else {
                    0
                };
            if held != dealt {
                return Err(InvalidState::DealtCount { seat, held, dealt });
            }
        }
        Ok(())
    }
}
