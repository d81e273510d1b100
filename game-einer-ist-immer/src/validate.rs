//! The consistency of a [`State`] read from outside: [`State::validate`].
//!
//! What only the state records (the seating, the finished hands, the exchanges, the cards played
//! before the current trick) is checked here, with the census by `check_census`; the current
//! trick is replayed from its start. Earlier tricks are recorded only as each seat's cards
//! played, not turn by turn, so they cannot be replayed.

use cards_core::Seat;
use cards_core::validate::{ReplayError, check_census, first_difference, replay};

use crate::EinerIstImmer;
use crate::action::Action;
use crate::cards::{Cards, JOKER, parse_symbol, symbol};
use crate::error::InvalidState;
use crate::rules::{HAND_SIZE, exchange_count};
use crate::state::{MAX, Position, State};
use cards_core::GameState;

/// Whether `seats` lists each of the `n` seats exactly once.
fn is_permutation(seats: &[Seat], n: usize) -> bool {
    let mut seen = [false; MAX];
    seats.len() == n
        && seats
            .iter()
            .all(|s| s.index() < n && !std::mem::replace(&mut seen[s.index()], true))
}

impl State {
    /// Checks every invariant the engine relies on, so that a state read from outside is one
    /// that legal lists, apply, views, scores and determinize handle (deserialisation runs it).
    /// Every state the engine reaches by legal actions passes, and every determinization of one.
    ///
    /// Checked in order: the configuration and the hand number (E9); every seat named is at the
    /// table and the slots past it are blank; the chairs, the seating by the previous ranking and
    /// the previous Ass as dealer (E7); the finished hands' rankings; the census (G4) and the
    /// jokers set aside in hand 1 (E2); the cards played this hand lie on the table or in the
    /// pile, and the exchanges give each pair of ranks its count of natural cards (E8), and when
    /// they are there (a hand dealt here) every seat held what it was dealt; at the end, the last
    /// hand ranked with only the Ass holding cards (E5, E9). During a hand, the current trick
    /// goes clockwise from its leader (E3), its start (its plays back in the hands) is a position
    /// [`State::from_mid_hand_position`] accepts (the finishing order lists exactly the empty
    /// hands, two or more hold cards, the leader holds cards: E5, E6), and its turns replayed
    /// from there are legal and give back this state.
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
        self.check_seats()?;
        self.check_seating()?;
        self.check_rankings()?;
        self.check_census()?;
        self.check_played_and_exchanges()?;
        if self.turn.is_none() {
            return self.check_over();
        }
        self.check_trick_order()?;
        let start = self.trick_start()?;
        let replayed = replay::<EinerIstImmer>(start, self.trick.iter().map(|t| t.action))
            .map_err(|e| InvalidState::Replay(e.to_string()))?;
        self.compare(&replayed)
    }

    /// Every seat named is at the table; the slots past the table are blank.
    fn check_seats(&self) -> Result<(), InvalidState> {
        let players = self.config.players;
        let named = [("the dealer", self.dealer), ("the leader", self.leader)]
            .into_iter()
            .chain(self.turn.map(|s| ("the seat to move", s)))
            .chain(self.top.map(|(s, _)| ("the highest play", s)))
            .chain(self.trick.iter().map(|t| ("the trick", t.seat)))
            .chain(self.finished.iter().map(|&s| ("the finishing order", s)))
            .chain(
                self.exchanges
                    .iter()
                    .flat_map(|x| [x.higher, x.lower])
                    .map(|s| ("an exchange", s)),
            );
        if let Some((field, seat)) = named.into_iter().find(|(_, s)| s.index() >= players) {
            return Err(InvalidState::Seat {
                field,
                seat,
                players,
            });
        }
        let blank = |i: usize| {
            [
                ("chairs", self.chairs[i].index() == i),
                ("chair_of", usize::from(self.chair_of[i]) == i),
                ("hands", self.hands[i].is_empty()),
                ("played", self.played[i].is_empty()),
            ]
        };
        for index in players..MAX {
            if let Some((field, _)) = blank(index).into_iter().find(|&(_, ok)| !ok) {
                return Err(InvalidState::UnusedSlot {
                    field,
                    index,
                    players,
                });
            }
        }
        Ok(())
    }

    /// Chairs, the previous ranking, the seating by it and the dealer (E7).
    fn check_seating(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        if !is_permutation(&self.chairs[..n], n) {
            return Err(InvalidState::Chairs);
        }
        let chairs = self.chairs[..n].iter().enumerate();
        if let Some((_, &seat)) = chairs
            .clone()
            .find(|&(c, s)| usize::from(self.chair_of[s.index()]) != c)
        {
            return Err(InvalidState::ChairOf { seat });
        }
        if self.hand == 1 {
            if !self.previous.is_empty() {
                return Err(InvalidState::PreviousRanking);
            }
            if chairs.clone().any(|(c, s)| s.index() != c) {
                return Err(InvalidState::Seating);
            }
            return Ok(());
        }
        if !is_permutation(&self.previous, n) {
            return Err(InvalidState::PreviousRanking);
        }
        let boss_chair = usize::from(self.chair_of[self.previous[0].index()]);
        if (self.previous.iter().enumerate()).any(|(i, &s)| self.chairs[(boss_chair + i) % n] != s)
        {
            return Err(InvalidState::Seating);
        }
        let ass = self.previous[n - 1];
        if self.dealer != ass {
            let (dealer, hand) = (self.dealer, self.hand);
            return Err(InvalidState::Dealer { dealer, hand, ass });
        }
        Ok(())
    }

    /// The finished hands' rankings against the hand number and the previous ranking.
    fn check_rankings(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        if let Some(index) = self.rankings.iter().position(|r| !is_permutation(r, n)) {
            return Err(InvalidState::Ranking { index });
        }
        let over = self.turn.is_none();
        // A match started from a stated deal or position records only the hands played since.
        let played = if over { self.hand } else { self.hand - 1 };
        let count = self.rankings.len();
        if count > played as usize {
            let hand = self.hand;
            return Err(InvalidState::RankingCount {
                count,
                played,
                hand,
            });
        }
        let of_previous = count.checked_sub(if over { 2 } else { 1 });
        if self.hand > 1 && of_previous.is_some_and(|i| self.rankings[i] != self.previous) {
            return Err(InvalidState::PreviousDiffers {
                hand: self.hand - 1,
            });
        }
        Ok(())
    }

    /// The cards make up the pack (G4); the set-aside cards (E2).
    fn check_census(&self) -> Result<(), InvalidState> {
        let census = self.census();
        let pack = cards_core::GameConfig::pack(&self.config);
        if let Err(e) = check_census(census.clone(), pack.clone()) {
            // Named as ever: the first card too many (else missing), with its two counts.
            let (card, count, pack) = e.first_miscount(&census, &pack);
            return Err(InvalidState::Census {
                card: parse_symbol(&card).map_or("?", symbol),
                count: count as u32,
                pack: pack as u32,
            });
        }
        let jokers = self.config.jokers();
        let expected = Cards::of(JOKER, if self.hand == 1 { jokers } else { 0 });
        if self.set_aside != expected {
            let (found, hand) = (self.set_aside, self.hand);
            return Err(InvalidState::SetAside {
                found,
                hand,
                jokers,
            });
        }
        Ok(())
    }

    /// The cards played this hand lie on the table or in the pile, and the exchanges pair the
    /// previous ranking's ranks with natural cards the receivers hold or have played (E8).
    fn check_played_and_exchanges(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let mut down = self.pile;
        down.add_all(&self.table);
        let mut played = Cards::EMPTY;
        self.played[..n].iter().for_each(|p| played.add_all(p));
        if !down.contains_all(&played) {
            return Err(InvalidState::PlayedNotInPile);
        }
        if self.exchanges.is_empty() {
            return Ok(());
        }
        if self.hand == 1 || self.exchanges.len() != n / 2 {
            return Err(InvalidState::Exchanges);
        }
        for (i, x) in (1..).zip(&self.exchanges) {
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
                let (higher, lower) = (x.higher, x.lower);
                return Err(InvalidState::ExchangeCards {
                    higher,
                    lower,
                    count,
                });
            }
        }
        // A hand dealt here (not a stated position): every card played this hand is recorded,
        // and each seat has held, since the exchange, as many cards as it was dealt (E7).
        if played != down {
            return Err(InvalidState::PlayedNotInPile);
        }
        for seat in Seat::all(n) {
            let held = self.hands[seat.index()].len() + self.played[seat.index()].len();
            let jokers = if seat == self.dealer {
                self.config.jokers()
            } else {
                0
            };
            let dealt = usize::from(HAND_SIZE + jokers);
            if held != dealt {
                return Err(InvalidState::DealtCount { seat, held, dealt });
            }
        }
        Ok(())
    }

    /// The match is over: its last hand is ranked, only the Ass holds cards, no trick is left.
    fn check_over(&self) -> Result<(), InvalidState> {
        let n = self.config.players;
        let reason = if self.hand != self.config.hands {
            "the match has hands left to play"
        } else if !is_permutation(&self.finished, n) {
            "the finishing order does not list every seat"
        } else if self.rankings.last() != Some(&self.finished) {
            "the last hand's ranking is not its finishing order"
        } else if !self.trick.is_empty() || self.top.is_some() || !self.table.is_empty() {
            "a trick is still on the table"
        } else {
            let ass = |p| p + 1 == n;
            let wrong = (self.finished.iter().enumerate())
                .find(|&(p, s)| self.hands[s.index()].is_empty() == ass(p));
            return wrong.map_or(Ok(()), |(_, &seat)| Err(InvalidState::Finished { seat }));
        };
        Err(InvalidState::NotOver { reason })
    }

    /// The turns of the current trick and the seat to move go clockwise from the leader, each
    /// seat at most once (E3); which seats were rightly passed over, the replay shows.
    fn check_trick_order(&self) -> Result<(), InvalidState> {
        let (n, leader) = (self.config.players, self.leader);
        let chair = |s: Seat| usize::from(self.chair_of[s.index()]);
        let mut last = None;
        for seat in self.trick.iter().map(|t| t.seat).chain(self.turn) {
            let d = (chair(seat) + n - chair(leader)) % n;
            if last.map_or(d != 0, |l| d <= l) {
                return Err(InvalidState::TrickOrder { seat, leader });
            }
            last = Some(d);
        }
        Ok(())
    }

    /// The state at the start of the current trick: its plays back in the hands that made them
    /// and the seats that went out in it not yet finished, set up as a stated position, with
    /// this state's seating, dealer, exchanges, finished hands and cards played before it.
    fn trick_start(&self) -> Result<State, InvalidState> {
        let mut hands = self.hands[..self.config.players].to_vec();
        let mut played = self.played;
        let mut out_in_trick = Vec::new();
        for (seat, play) in self.trick.iter().filter_map(|t| match t.action {
            Action::Play(p) => Some((t.seat, p)),
            Action::Pass => None,
        }) {
            hands[seat.index()].add_play(play);
            if !played[seat.index()].take_play(play) {
                let (trick, played) = (play.cards(), self.played[seat.index()]);
                return Err(InvalidState::Played {
                    seat,
                    trick,
                    played,
                });
            }
            out_in_trick.push(seat);
        }
        let position = Position {
            hand: self.hand,
            previous_ranking: self.previous.clone(),
            hands,
            finished: (self.finished.iter().copied())
                .filter(|s| !out_in_trick.contains(s))
                .collect(),
            leader: self.leader,
        };
        let mut start = State::from_mid_hand_seeded(&self.config, self.seed, &position)?;
        (start.chairs, start.chair_of, start.dealer) = (self.chairs, self.chair_of, self.dealer);
        start.played = played;
        start.exchanges.clone_from(&self.exchanges);
        start.rankings.clone_from(&self.rankings);
        Ok(start)
    }

    /// The state replayed from the trick's start is this one: the highest play, the table and
    /// the seat to move named as such, any other field by its first difference.
    fn compare(&self, replayed: &State) -> Result<(), InvalidState> {
        if replayed.top != self.top {
            let (found, expected) = (self.top, replayed.top);
            return Err(InvalidState::Top { found, expected });
        }
        if replayed.table != self.table {
            let (found, expected) = (self.table, replayed.table);
            return Err(InvalidState::Table { found, expected });
        }
        if let Some(seat) = self.turn
            && replayed.turn != self.turn
        {
            let leader = self.leader;
            return Err(InvalidState::TrickOrder { seat, leader });
        }
        match first_difference(replayed, self) {
            Some(line) => Err(InvalidState::Replay(
                ReplayError::<EinerIstImmer>::Mismatch(line).to_string(),
            )),
            None => Ok(()),
        }
    }
}
