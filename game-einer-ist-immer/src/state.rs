//! The state of a match: the table, the hands, the trick, and the flow of play (E2-E8).

use cards_core::Seat;
use cards_core::rng::{Seed, below, shuffle};
use serde::{Deserialize, Serialize};

use crate::action::{Action, Play};
use crate::cards::{ACE, Cards, JOKER, RANKS, TWO};
use crate::error::{ConfigError, SetupError};
use crate::event::{Event, LeadReason};
use crate::rules::{Config, HAND_SIZE, exchange_count, highest_naturals, lowest_naturals};

/// The largest table, the length of the per-seat arrays.
pub(crate) const MAX: usize = crate::rules::MAX_PLAYERS;

/// One exchange between a pair of ranks (E8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Exchange {
    /// The higher rank (gives its lowest cards).
    pub higher: Seat,
    /// The lower rank (gives its highest natural cards).
    pub lower: Seat,
    /// The cards the higher one gave.
    pub from_higher: Cards,
    /// The cards the lower one gave.
    pub from_lower: Cards,
}

/// One turn of the current trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// Who.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
}

/// A whole match: the hand in progress and what passes between hands.
///
/// Deserialisation runs [`State::validate`] and refuses an inconsistent state with the
/// [`InvalidState`](crate::InvalidState) it names; the serialised form is the plain field list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    /// The match seed every hand is dealt from (G1).
    pub(crate) seed: Seed,
    /// The current hand's number, from 1.
    pub(crate) hand: u32,
    /// Who sits in chair `c`, clockwise (first `players` used).
    pub(crate) chairs: [Seat; MAX],
    /// The chair of each seat.
    pub(crate) chair_of: [u8; MAX],
    pub(crate) dealer: Seat,
    /// The previous hand's ranking, Boss first; empty in hand 1.
    pub(crate) previous: Vec<Seat>,
    pub(crate) hands: [Cards; MAX],
    /// What each seat has played this hand (public).
    pub(crate) played: [Cards; MAX],
    /// Cards of finished tricks this hand.
    pub(crate) pile: Cards,
    /// Cards of the current trick.
    pub(crate) table: Cards,
    /// Jokers left out of hand 1 (E2).
    pub(crate) set_aside: Cards,
    pub(crate) exchanges: Vec<Exchange>,
    pub(crate) leader: Seat,
    pub(crate) turn: Option<Seat>,
    pub(crate) top: Option<(Seat, Play)>,
    pub(crate) trick: Vec<Turn>,
    /// This hand's finishing order so far.
    pub(crate) finished: Vec<Seat>,
    /// The rankings of the finished hands, Boss first.
    pub(crate) rankings: Vec<Vec<Seat>>,
}

cards_core::serde_validated!(State);

/// A hand as dealt, before any exchange, for worked examples and tests; start a match at it
/// with [`State::from_deal_with_exchange`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// The hand's number, from 1.
    pub hand: u32,
    /// The previous hand's ranking, Boss first; empty for hand 1.
    pub previous_ranking: Vec<Seat>,
    /// Who deals hand 1 (later hands: the Ass deals, and this is ignored).
    pub dealer: Seat,
    /// Each seat's cards as dealt: 13 naturals in hand 1; from hand 2, 13, the Ass 13 plus the
    /// jokers (E7).
    pub hands: Vec<Cards>,
}

/// A position in the middle of a hand, at the start of a trick, for worked examples and tests;
/// start a match at it with [`State::from_mid_hand_position`]. The cards in no hand have been
/// played (and in hand 1 the jokers are set aside).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// The hand's number, from 1.
    pub hand: u32,
    /// The previous hand's ranking, Boss first; empty for hand 1. From hand 2 the seats sit in
    /// this order clockwise with the Boss in chair `boss.0` (E7).
    pub previous_ranking: Vec<Seat>,
    /// Each seat's cards now.
    pub hands: Vec<Cards>,
    /// The seats already out this hand, in order (E5).
    pub finished: Vec<Seat>,
    /// Who leads the next trick.
    pub leader: Seat,
}

/// Room for the largest pack: 13 ranks for each of 10 players and 5 jokers.
const PACK_MAX: usize = 13 * MAX + MAX / 2;

/// The pack in its fixed order before shuffling (rank by rank, low to high, then the jokers
/// when they are dealt), written into `buf`: the slice holding it. `players` is at most
/// [`MAX`] (validated).
fn pack_list(players: usize, with_jokers: bool, buf: &mut [u8; PACK_MAX]) -> &mut [u8] {
    let players = players.min(MAX);
    *buf = PACKS[players];
    let len = 13 * players + if with_jokers { players / 2 } else { 0 };
    &mut buf[..len]
}

/// The pack of each table size, `players` cards of each rank low to high and then its jokers,
/// built at compile time.
const PACKS: [[u8; PACK_MAX]; MAX + 1] = {
    let mut packs = [[0; PACK_MAX]; MAX + 1];
    let mut players = 0;
    while players <= MAX {
        let mut len = 0;
        let mut r = TWO;
        while r <= ACE {
            let mut k = 0;
            while k < players {
                packs[players][len] = r;
                len += 1;
                k += 1;
            }
            r += 1;
        }
        let mut j = 0;
        while j < players / 2 {
            packs[players][len] = JOKER;
            len += 1;
            j += 1;
        }
        players += 1;
    }
    packs
};

/// Deals `cards` (rank slots 2 to 15) into `hand` one by one, as [`Cards::add`] would.
fn deal_into(hand: &mut Cards, cards: &[u8]) {
    let h = &mut hand.0.0;
    for &r in cards {
        if let Some(c) = h.get_mut(usize::from(r)) {
            *c = c.saturating_add(1);
        }
    }
}

impl State {
    fn blank(config: &Config, seed: Seed) -> State {
        let mut chairs = [Seat(0); MAX];
        let mut chair_of = [0; MAX];
        for i in 0..MAX {
            chairs[i] = Seat(i as u8);
            chair_of[i] = i as u8;
        }
        State {
            config: config.clone(),
            seed,
            hand: 1,
            chairs,
            chair_of,
            dealer: Seat(0),
            previous: Vec::new(),
            hands: [Cards::EMPTY; MAX],
            played: [Cards::EMPTY; MAX],
            pile: Cards::EMPTY,
            table: Cards::EMPTY,
            set_aside: Cards::EMPTY,
            exchanges: Vec::new(),
            leader: Seat(0),
            turn: None,
            top: None,
            // Room for a whole lap and a whole ranking, so that neither grows during a hand.
            trick: Vec::with_capacity(MAX),
            finished: Vec::with_capacity(MAX),
            rankings: Vec::new(),
        }
    }

    /// Starts a match: hand 1 dealt from the seed (E2).
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new_seeded(config, Seed::Short(seed))
    }

    /// Starts a match dealt from `seed`, a 64-bit seed or a 256-bit key: hand 1 and every
    /// later hand are dealt from it (E2, E7, G1).
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        State::deal_first(config, seed, None)
    }

    /// [`State::new`], with the narration of the first deal (dealer, jokers set aside, the cards
    /// dealt, the first lead), as a later hand's start narrates itself.
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub fn new_narrated(config: &Config, seed: u64) -> Result<(State, Vec<Event>), ConfigError> {
        State::new_narrated_seeded(config, Seed::Short(seed))
    }

    /// [`State::new_seeded`], with the narration of the first deal ([`State::new_narrated`]).
    pub(crate) fn new_narrated_seeded(
        config: &Config,
        seed: Seed,
    ) -> Result<(State, Vec<Event>), ConfigError> {
        let mut events = Vec::new();
        let s = State::deal_first(config, seed, Some(&mut events))?;
        Ok((s, events))
    }

    /// Hand 1 dealt from the seed (E2), narrated into `events` when given.
    fn deal_first(
        config: &Config,
        seed: Seed,
        events: Option<&mut Vec<Event>>,
    ) -> Result<State, ConfigError> {
        config.validate()?;
        let n = config.players;
        let mut s = State::blank(config, seed);
        let mut rng = seed.derive(0).rng();
        let dealer = Seat(below(&mut rng, n as u64) as u8);
        let mut buf = [0; PACK_MAX];
        let pack = pack_list(n, false, &mut buf);
        shuffle(&mut rng, pack);
        let mut hands = [Cards::EMPTY; MAX];
        for (i, chunk) in pack.chunks(usize::from(HAND_SIZE)).enumerate() {
            let seat = s.seat_at(dealer, i + 1);
            deal_into(&mut hands[seat.index()], chunk);
        }
        s.dealer = dealer;
        s.begin_hand(hands, events);
        Ok(s)
    }

    /// Starts a match at a stated deal (hand 1, or a later hand after a stated ranking): the
    /// cards as dealt, before any exchange; from hand 2 on the exchange (E8) is then run on
    /// them, so the state returned is ready for the Boss's first lead. Returns the state and the
    /// narration of the deal and the exchange.
    ///
    /// # Errors
    /// When the deal breaks the rules of the deal: wrong counts, a card too many, jokers in
    /// hand 1, a bad ranking.
    pub fn from_deal_with_exchange(
        config: &Config,
        seed: u64,
        deal: &Deal,
    ) -> Result<(State, Vec<Event>), SetupError> {
        config.validate()?;
        let n = config.players;
        let mut s = State::blank(config, Seed::Short(seed));
        s.setup_common(deal.hand, &deal.previous_ranking, &deal.hands)?;
        let ass = deal.previous_ranking.last().copied();
        for (i, h) in deal.hands.iter().enumerate() {
            let seat = Seat(i as u8);
            let expected = if Some(seat) == ass {
                usize::from(HAND_SIZE) + usize::from(config.jokers())
            } else {
                usize::from(HAND_SIZE)
            };
            if h.len() != expected {
                return Err(SetupError::DealCount {
                    seat,
                    count: h.len(),
                    expected,
                });
            }
        }
        let mut hands = [Cards::EMPTY; MAX];
        hands[..n].copy_from_slice(&deal.hands);
        s.dealer = match ass {
            Some(a) => a,
            None => Seat(deal.dealer.0 % n as u8),
        };
        let mut events = Vec::new();
        s.begin_hand(hands, Some(&mut events));
        Ok((s, events))
    }

    /// Starts a match at a stated position in the middle of a hand, at the start of a trick:
    /// the hands as they are now (after any exchange), who is out and who leads. No exchange is
    /// run; the cards in no hand have been played.
    ///
    /// # Errors
    /// When the position cannot arise: a card too many, jokers in hand 1, a bad ranking, a
    /// finishing order that disagrees with the empty hands, a leader without cards.
    pub fn from_mid_hand_position(
        config: &Config,
        seed: u64,
        pos: &Position,
    ) -> Result<State, SetupError> {
        State::from_mid_hand_seeded(config, Seed::Short(seed), pos)
    }

    /// [`State::from_mid_hand_position`] with later hands dealt from any [`Seed`].
    pub(crate) fn from_mid_hand_seeded(
        config: &Config,
        seed: Seed,
        pos: &Position,
    ) -> Result<State, SetupError> {
        config.validate()?;
        let n = config.players;
        let mut s = State::blank(config, seed);
        s.setup_common(pos.hand, &pos.previous_ranking, &pos.hands)?;
        for seat in Seat::all(n) {
            let out = pos.finished.iter().filter(|&&f| f == seat).count();
            let empty = pos.hands[seat.index()].is_empty();
            if out > 1 || (out == 1) != empty {
                return Err(SetupError::Finished { seat });
            }
        }
        if let Some(&seat) = pos.finished.iter().find(|f| f.index() >= n) {
            return Err(SetupError::Finished { seat });
        }
        if n - pos.finished.len() < 2 {
            return Err(SetupError::TooFewHolding);
        }
        if pos.leader.index() >= n || pos.hands[pos.leader.index()].is_empty() {
            return Err(SetupError::Leader { seat: pos.leader });
        }
        let mut pile = s.config.pack();
        for (i, h) in pos.hands.iter().enumerate() {
            s.hands[i] = *h;
            pile.take_all(h);
        }
        if s.hand == 1 {
            let j = pile.jokers();
            pile.take(JOKER, j);
            s.set_aside.add(JOKER, j);
        }
        s.pile = pile;
        s.finished.clone_from(&pos.finished);
        s.dealer = match s.previous.last() {
            Some(&a) => a,
            None => s.seat_at(pos.leader, n - 1),
        };
        s.start_trick(pos.leader);
        Ok(s)
    }

    /// The old name of [`State::from_deal_with_exchange`].
    ///
    /// # Errors
    /// As [`State::from_deal_with_exchange`].
    #[deprecated(
        note = "renamed `State::from_deal_with_exchange`: it starts from the cards as dealt and runs the exchange"
    )]
    pub fn from_deal(
        config: &Config,
        seed: u64,
        deal: &Deal,
    ) -> Result<(State, Vec<Event>), SetupError> {
        State::from_deal_with_exchange(config, seed, deal)
    }

    /// The old name of [`State::from_mid_hand_position`].
    ///
    /// # Errors
    /// As [`State::from_mid_hand_position`].
    #[deprecated(
        note = "renamed `State::from_mid_hand_position`: it starts at a position in the middle of a hand, without an exchange"
    )]
    pub fn from_position(config: &Config, seed: u64, pos: &Position) -> Result<State, SetupError> {
        State::from_mid_hand_position(config, seed, pos)
    }

    /// Checks the hand number, the ranking and the card counts against the pack; seats the
    /// players.
    fn setup_common(
        &mut self,
        hand: u32,
        ranking: &[Seat],
        hands: &[Cards],
    ) -> Result<(), SetupError> {
        let n = self.config.players;
        if hand == 0 || hand > self.config.hands {
            return Err(SetupError::HandNumber {
                hand,
                hands: self.config.hands,
            });
        }
        if hands.len() != n {
            return Err(SetupError::Players {
                given: hands.len(),
                players: n,
            });
        }
        let is_perm = ranking.len() == n
            && Seat::all(n).all(|s| ranking.iter().filter(|&&r| r == s).count() == 1);
        if (hand == 1 && !ranking.is_empty()) || (hand > 1 && !is_perm) {
            return Err(SetupError::Ranking);
        }
        // Sum with saturation: a stated hand may hold any counts, and must not overflow.
        let mut all = Cards::EMPTY;
        for h in hands {
            for (a, b) in all.0.0.iter_mut().zip(h.0.0) {
                *a = a.saturating_add(b);
            }
        }
        if hand == 1 && all.jokers() > 0 {
            return Err(SetupError::JokersInFirstHand);
        }
        // Slots 0 and 1 of a `Cards` built from its public parts are no card: the pack has none
        // of them (G4).
        if let Some(count) = all.0.0[..usize::from(TWO)].iter().find(|&&c| c > 0) {
            return Err(SetupError::TooMany {
                card: crate::cards::symbol(0),
                count: usize::from(*count),
                pack: 0,
            });
        }
        let pack = self.config.pack();
        for r in RANKS.chain(std::iter::once(JOKER)) {
            if all.count(r) > pack.count(r) {
                return Err(SetupError::TooMany {
                    card: crate::cards::symbol(r),
                    count: usize::from(all.count(r)),
                    pack: usize::from(pack.count(r)),
                });
            }
        }
        self.hand = hand;
        if hand > 1 {
            self.previous = ranking.to_vec();
            let boss = ranking[0];
            self.seat_by_ranking(boss.index());
        }
        Ok(())
    }

    /// Seats the players by the previous ranking, the Boss in `boss_chair` (E7).
    fn seat_by_ranking(&mut self, boss_chair: usize) {
        let n = self.config.players;
        for (i, &s) in self.previous.iter().enumerate() {
            let c = (boss_chair + i) % n;
            self.chairs[c] = s;
            self.chair_of[s.index()] = c as u8;
        }
    }

    /// The seat `steps` chairs clockwise from `seat`.
    pub(crate) fn seat_at(&self, seat: Seat, steps: usize) -> Seat {
        let n = self.config.players;
        let c = (usize::from(self.chair_of[seat.index() % MAX]) + steps) % n;
        self.chairs[c]
    }

    /// Deals `hands` (as dealt), sets jokers aside in hand 1 or runs the exchange later, and
    /// starts the first trick.
    /// Narrated into `events` when given.
    fn begin_hand(&mut self, hands: [Cards; MAX], mut events: Option<&mut Vec<Event>>) {
        let n = self.config.players;
        self.hands = hands;
        self.played = [Cards::EMPTY; MAX];
        self.pile = Cards::EMPTY;
        self.table = Cards::EMPTY;
        self.set_aside = Cards::EMPTY;
        self.exchanges.clear();
        self.finished.clear();
        if let Some(events) = events.as_deref_mut() {
            events.push(Event::HandStarted {
                hand: self.hand,
                dealer: self.dealer,
                chairs: self.chairs[..n].to_vec(),
            });
        }
        if self.hand == 1 {
            self.set_aside.add(JOKER, self.config.jokers());
            if let Some(events) = events.as_deref_mut() {
                events.push(Event::JokersSetAside {
                    count: self.config.jokers(),
                });
            }
        }
        if let Some(events) = events.as_deref_mut() {
            for k in 1..=n {
                let seat = self.seat_at(self.dealer, k);
                let cards = self.hands[seat.index()];
                events.push(Event::Dealt {
                    seat,
                    count: cards.len() as u8,
                    cards: Some(cards),
                });
            }
        }
        let (leader, reason) = if self.previous.is_empty() {
            (self.seat_at(self.dealer, 1), LeadReason::DealersLeft)
        } else {
            self.exchange(events.as_deref_mut());
            (self.previous[0], LeadReason::Boss)
        };
        if let Some(events) = events {
            events.push(Event::Leads {
                seat: leader,
                reason,
            });
        }
        self.start_trick(leader);
    }

    /// The automatic exchange (E8): all sides chosen from the hands as dealt, then received.
    /// Narrated into `events` when given.
    fn exchange(&mut self, mut events: Option<&mut Vec<Event>>) {
        let n = self.config.players;
        for i in 1..=n / 2 {
            let count = exchange_count(n, i);
            let higher = self.previous[i - 1];
            let lower = self.previous[n - i];
            let from_higher = lowest_naturals(&self.hands[higher.index()], count);
            let from_lower = highest_naturals(&self.hands[lower.index()], count);
            self.exchanges.push(Exchange {
                higher,
                lower,
                from_higher,
                from_lower,
            });
        }
        for x in &self.exchanges {
            self.hands[x.higher.index()].take_all(&x.from_higher);
            self.hands[x.lower.index()].take_all(&x.from_lower);
            self.hands[x.higher.index()].add_all(&x.from_lower);
            self.hands[x.lower.index()].add_all(&x.from_higher);
            let Some(events) = events.as_deref_mut() else {
                continue;
            };
            events.push(Event::Exchanged {
                from: x.higher,
                to: x.lower,
                count: x.from_higher.len() as u8,
                cards: Some(x.from_higher),
            });
            events.push(Event::Exchanged {
                from: x.lower,
                to: x.higher,
                count: x.from_lower.len() as u8,
                cards: Some(x.from_lower),
            });
        }
    }

    fn start_trick(&mut self, leader: Seat) {
        self.leader = leader;
        self.turn = Some(leader);
        self.top = None;
        self.trick.clear();
    }

    /// Applies a legal action of the seat to move.
    pub(crate) fn step(&mut self, action: Action, events: &mut Vec<Event>) {
        let Some(seat) = self.turn else { return };
        self.trick.push(Turn { seat, action });
        match action {
            Action::Pass => events.push(Event::Passed { seat }),
            Action::Play(p) => {
                // Slot by slot: a play touches its rank and the jokers only.
                self.hands[seat.index()].take_play(p);
                self.played[seat.index()].add_play(p);
                self.table.add_play(p);
                events.push(Event::Played {
                    seat,
                    play: p,
                    lead: self.top.is_none(),
                });
                self.top = Some((seat, p));
                if self.hands[seat.index()].is_empty() && self.went_out(seat, events) {
                    return;
                }
            }
        }
        self.advance(seat, events);
    }

    /// `seat` has played its last card and takes the next place (E5); `true` when that ends
    /// the hand. Out of line: a seat goes out a few times a hand, and the turn-by-turn path of
    /// [`State::step`] stays small.
    #[cold]
    #[inline(never)]
    fn went_out(&mut self, seat: Seat, events: &mut Vec<Event>) -> bool {
        let place = self.finished.len();
        self.finished.push(seat);
        events.push(Event::WentOut {
            seat,
            place: place as u8,
            title: self.title(place),
        });
        if self.config.players - self.finished.len() == 1 {
            self.end_hand(events);
            return true;
        }
        false
    }

    /// The rank title of a place at this table.
    pub(crate) fn title(&self, place: usize) -> &'static str {
        self.config.titles.title(place, self.config.players)
    }

    /// Moves the turn on clockwise to the next seat holding cards; ends the trick when the lap
    /// is back at the leader (E3).
    fn advance(&mut self, from: Seat, events: &mut Vec<Event>) {
        let n = self.config.players;
        // Chairs are below `n` (validated), so stepping on wraps without a division.
        let mut c = usize::from(self.chair_of[from.index()]);
        for _ in 0..n {
            c += 1;
            if c >= n {
                c = 0;
            }
            let s = self.chairs[c];
            if s == self.leader {
                break;
            }
            if !self.hands[s.index()].is_empty() {
                self.turn = Some(s);
                return;
            }
        }
        self.end_trick(events);
    }

    fn end_trick(&mut self, events: &mut Vec<Event>) {
        let Some((winner, play)) = self.top else {
            return;
        };
        self.pile.add_all(&self.table);
        self.table = Cards::EMPTY;
        events.push(Event::TrickWon { seat: winner, play });
        if self.hands[winner.index()].is_empty() {
            let (leader, reason) = self.next_leader(winner);
            events.push(Event::Leads {
                seat: leader,
                reason,
            });
            self.start_trick(leader);
        } else {
            self.start_trick(winner);
        }
    }

    /// Who leads when the trick's winner has gone out (E6).
    pub(crate) fn next_leader(&self, winner: Seat) -> (Seat, LeadReason) {
        let holds = |s: Seat| !self.hands[s.index()].is_empty();
        if self.previous.is_empty() {
            let n = self.config.players;
            for k in 1..n {
                let s = self.seat_at(winner, k);
                if holds(s) {
                    return (s, LeadReason::NextClockwise);
                }
            }
            return (winner, LeadReason::NextClockwise);
        }
        let p = self.previous.iter().position(|&s| s == winner).unwrap_or(0);
        if p > 0 && holds(self.previous[p - 1]) {
            return (self.previous[p - 1], LeadReason::DirectSuperior);
        }
        if let Some(&s) = self.previous.get(p + 1)
            && holds(s)
        {
            return (s, LeadReason::DirectSubordinate);
        }
        let s = self
            .previous
            .iter()
            .copied()
            .find(|&s| holds(s))
            .unwrap_or(winner);
        (s, LeadReason::HighestRanking)
    }

    /// The hand is over: one player holds cards and is the Ass (E5).
    fn end_hand(&mut self, events: &mut Vec<Event>) {
        let n = self.config.players;
        if let Some(last) = Seat::all(n).find(|s| !self.hands[s.index()].is_empty()) {
            self.finished.push(last);
        }
        self.pile.add_all(&self.table);
        self.table = Cards::EMPTY;
        self.top = None;
        self.trick.clear();
        events.push(Event::HandEnded {
            hand: self.hand,
            ranking: self
                .finished
                .iter()
                .enumerate()
                .map(|(i, &s)| (s, self.title(i)))
                .collect(),
        });
        self.rankings.push(self.finished.clone());
        if self.hand >= self.config.hands {
            self.turn = None;
            events.push(Event::MatchEnded { hands: self.hand });
            return;
        }
        // Next hand (E7): seats by ranking, the Boss keeps their chair, the Ass deals all.
        let boss_chair = usize::from(self.chair_of[self.finished[0].index()]);
        self.previous.clone_from(&self.finished);
        self.seat_by_ranking(boss_chair);
        self.hand += 1;
        self.dealer = self.previous[n - 1];
        let mut rng = self.seed.derive(u64::from(self.hand - 1)).rng();
        let mut buf = [0; PACK_MAX];
        let pack = pack_list(n, true, &mut buf);
        shuffle(&mut rng, pack);
        // Thirteen cards to each from the dealer's left, the rest to the dealer (E7).
        let mut hands = [Cards::EMPTY; MAX];
        let size = usize::from(HAND_SIZE);
        for k in 1..=n {
            let seat = self.seat_at(self.dealer, k);
            let end = if k == n { pack.len() } else { k * size };
            deal_into(&mut hands[seat.index()], &pack[(k - 1) * size..end]);
        }
        self.begin_hand(hands, Some(events));
    }

    /// The match totals: each finished hand's value (E9) summed.
    pub fn totals(&self) -> Vec<f64> {
        let d = (self.config.players - 1) as f64;
        let (t, n) = self.points_array();
        t[..n].iter().map(|&p| f64::from(p) / d).collect()
    }

    /// The match totals in units of 1/(n-1): each hand adds n - 1 - 2p at place p (E9), exact.
    pub fn points(&self) -> Vec<i32> {
        let (t, n) = self.points_array();
        t[..n].to_vec()
    }

    /// [`State::points`] on the stack, with the number of seats it covers.
    pub(crate) fn points_array(&self) -> ([i32; MAX], usize) {
        let n = self.config.players.min(MAX);
        let mut t = [0; MAX];
        for ranking in &self.rankings {
            for (p, s) in ranking.iter().enumerate() {
                if let Some(v) = t[..n].get_mut(s.index()) {
                    *v += (n - 1) as i32 - 2 * p as i32;
                }
            }
        }
        (t, n)
    }

    /// The rankings of the finished hands, Boss first.
    pub fn rankings(&self) -> &[Vec<Seat>] {
        &self.rankings
    }

    /// Each seat's record over the finished hands: times Boss, times Ass, mean place (E9).
    pub fn records(&self) -> Vec<crate::rules::Record> {
        crate::rules::records(&self.rankings, self.config.players)
    }

    /// The current hand's number, from 1.
    pub fn hand_number(&self) -> u32 {
        self.hand
    }

    /// A seat's cards now.
    pub fn hand_of(&self, seat: Seat) -> Cards {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// The seats clockwise from chair 0.
    pub fn chairs(&self) -> &[Seat] {
        &self.chairs[..self.config.players]
    }

    /// The exchanges of the current hand (empty in hand 1).
    pub fn exchanges(&self) -> &[Exchange] {
        &self.exchanges
    }

    /// This hand's finishing order so far.
    pub fn finished(&self) -> &[Seat] {
        &self.finished
    }

    /// Who dealt the current hand.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Who leads (or led) the current trick.
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// The previous hand's ranking, Boss first (empty in hand 1).
    pub fn previous_ranking(&self) -> &[Seat] {
        &self.previous
    }

    /// What each seat has played this hand (public), one entry per seat.
    pub fn played_by(&self) -> &[Cards] {
        &self.played[..self.config.players.min(MAX)]
    }

    /// The turns of the current trick.
    pub fn trick(&self) -> &[Turn] {
        &self.trick
    }

    /// The highest play of the current trick and who made it.
    pub fn top(&self) -> Option<(Seat, Play)> {
        self.top
    }

    /// The jokers set aside for hand 1 (E2).
    pub fn set_aside(&self) -> Cards {
        self.set_aside
    }
}
