//! The state of a match, the draw with its exposures, play, and the end of a hand.

use cards_core::card::{FrenchCard, FrenchKind, Joker, Rank, Suit};
use cards_core::rng::{derive_seed, rng_from_seed, shuffle};
use cards_core::seat::{Direction, Seat};
use serde::{Deserialize, Serialize};

use crate::action::Play;
use crate::event::{Event, ExposeKind, Exposure};
use crate::few::Few;
use crate::hand::Hand;
use crate::play::RankMasks;
use crate::rules::{ACE, CHAIN, Combo, Config, Counts, FOUR, FirstDrawer, chain_rank, fours_combo};
use crate::scoring::deal_scores;

/// Players (rulings B2).
pub const PLAYERS: usize = 5;
/// Cards in the double pack (rulings B1).
pub const PACK: usize = 108;
/// Draws after which the drawer is asked about exposing (the last five are face down).
pub const ASKED_DRAWS: u8 = 103;
/// Redeals in a row after which the pack of the next redeal is arranged so that a heart Ace is
/// among the seen cards, so that every hand, and every match, ends (rulings B12).
pub const MAX_REDEALS: u32 = 16;
pub(crate) const DIR: Direction = Direction::Anticlockwise;

/// The phase of the current hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The draw: the seat that drew last may expose (B4).
    Draw,
    /// After the pick-up, each seat in turn from the first drawer may expose the matching Big
    /// Ace (B5); `asked` seats have answered.
    PartnerExposure {
        /// Seats asked so far.
        asked: u8,
    },
    /// Card play.
    Play,
    /// The match is over.
    Over,
}

/// A whole match: the hands in sequence, the running totals, and the current hand.
///
/// Deserialisation checks the state with [`State::validate`] and refuses an inconsistent one
/// with the [`InvalidState`](crate::InvalidState) that names what is wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    pub(crate) seed: u64,
    pub(crate) deal: u32,
    pub(crate) attempt: u32,
    pub(crate) totals: [i32; PLAYERS],
    pub(crate) first_drawer: Seat,
    pub(crate) stock: Vec<FrenchCard>,
    pub(crate) drawn: u8,
    pub(crate) hands: [Hand; PLAYERS],
    pub(crate) known: [Hand; PLAYERS],
    pub(crate) counts: [Counts; PLAYERS],
    /// Per seat, the rank masks of its counts ([`RankMasks::of`]), kept up to date with them
    /// for the legal plays; derived, so not serialised.
    #[serde(skip)]
    pub(crate) masks: [RankMasks; PLAYERS],
    pub(crate) phase: Phase,
    pub(crate) declarer: Option<Seat>,
    pub(crate) big_suit: Option<Suit>,
    pub(crate) declarer_shown: u8,
    pub(crate) forced_heart: bool,
    pub(crate) partner: Option<Seat>,
    pub(crate) partner_exposed: bool,
    pub(crate) exposures: Few<Exposure, 8>,
    pub(crate) turn: Seat,
    pub(crate) top: Option<(Seat, Play)>,
    pub(crate) top_cards: Hand,
    pub(crate) table: Hand,
    pub(crate) discard: Hand,
    pub(crate) passes: u8,
    pub(crate) places: Few<Seat, 8>,
    pub(crate) played_big: [u8; PLAYERS],
    pub(crate) captured_big: [u8; PLAYERS],
    pub(crate) last_scores: Option<[i32; PLAYERS]>,
}

impl Serialize for State {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        // The inherent function that `remote = "Self"` generates: the derived form.
        State::serialize(self, s)
    }
}

impl<'de> Deserialize<'de> for State {
    /// The derived form, checked with [`State::validate`], its rank masks derived.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let mut state = State::deserialize(d)?;
        state.validate().map_err(serde::de::Error::custom)?;
        state.remask();
        Ok(state)
    }
}

/// A fresh pack of 108 cards in face order (two of each face).
pub fn full_pack() -> Vec<FrenchCard> {
    PACK_CARDS.to_vec()
}

/// The face at index `i` (suits in order, ranks from the Ace, then the black and red jokers).
const fn face(i: usize) -> FrenchCard {
    if i < 52 {
        FrenchCard::new(Rank::ALL[i % 13], Suit::ALL[i / 13])
    } else if i == 52 {
        FrenchCard::joker(Joker::Black)
    } else {
        FrenchCard::joker(Joker::Red)
    }
}

/// The pack in face order, two of each face: what [`full_pack`] returns, for the shuffle to
/// copy without allocating.
const PACK_CARDS: [FrenchCard; PACK] = {
    let mut a = [face(0); PACK];
    let mut k = 0;
    while k < PACK {
        a[k] = face(k / 2);
        k += 1;
    }
    a
};

/// The face index of rank index `r` in the clubs, the first suit (the Ace, 2 and 3 first,
/// then 4 to K): a suit's faces follow at `suit * 13 + face_base(r)`.
const fn face_base(r: u8) -> usize {
    if r >= ACE {
        (r - ACE) as usize
    } else {
        r as usize + 3
    }
}

pub(crate) fn ace(suit: Suit) -> FrenchCard {
    FrenchCard::new(Rank::Ace, suit)
}

/// Where events go: the caller's list, or nowhere ([`NoEvents`]).
pub(crate) trait Events {
    /// Records an event.
    fn push(&mut self, e: Event);
}

impl Events for Vec<Event> {
    #[inline]
    fn push(&mut self, e: Event) {
        Vec::push(self, e);
    }
}

/// Events not collected.
pub(crate) struct NoEvents;

impl Events for NoEvents {
    #[inline]
    fn push(&mut self, _: Event) {}
}

/// One seat's cards and their counts, borrowed apart from the pile, to take cards from them.
struct Taker<'a> {
    hand: &'a mut Hand,
    known: &'a mut Hand,
    counts: &'a mut Counts,
    masks: &'a mut RankMasks,
    /// The Big Aces' suit (hearts before it is decided).
    suit: Suit,
}

impl Taker<'_> {
    /// Moves the cards of `play` into `taken`.
    fn take(&mut self, play: Play, taken: &mut Hand) {
        match play.combo {
            Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => {
                self.take_rank(r, play.combo.len() - play.big, play.big, taken);
            }
            Combo::BigAce | Combo::BigAcePair => {
                self.take_rank(ACE, 0, play.big, taken);
            }
            Combo::Run { width, start, len } => {
                let high_big = if start + len == CHAIN {
                    play.big.min(width)
                } else {
                    0
                };
                for p in start..start + len {
                    let big = match p {
                        0 => play.big - high_big,
                        13 => high_big,
                        _ => 0,
                    };
                    self.take_rank(chain_rank(p), width - big, big, taken);
                }
            }
            Combo::Joker(red) => {
                self.take_jokers(u8::from(red), u8::from(!red), taken);
            }
            Combo::Jokers { red, black } => self.take_jokers(red, black, taken),
        }
    }

    /// Moves `big` Big Aces and `plain` other cards of rank index `r` into `taken`: publicly
    /// known copies first, then by suit order.
    #[inline]
    fn take_rank(&mut self, r: u8, plain: u8, big: u8, taken: &mut Hand) {
        // The face index of rank `r` in suit `su` is `su * 13 + base`.
        let base = face_base(r);
        let suit = self.suit;
        let (hand, known) = (&mut *self.hand, &mut *self.known);
        let known_any = !known.is_empty();
        if big > 0 {
            let i = suit as usize * 13 + base;
            let k = hand.move_at(i, big, taken);
            known.remove_at(i, k);
        }
        // The Big Aces' suit is not among the ordinary Aces.
        let skip = if r == ACE { suit as usize } else { 4 };
        let mut left = plain;
        // Publicly known copies go first; most hands have none, so skip that pass.
        if left > 0 && known_any {
            for su in 0..4 {
                if su == skip {
                    continue;
                }
                let i = su * 13 + base;
                let k = hand.move_at(i, left.min(known.count_at(i)), taken);
                known.remove_at(i, k);
                left -= k;
            }
        }
        if left > 0 {
            let moved = hand.move_rank(base, skip, left, taken);
            if known_any {
                for (su, &k) in moved.iter().enumerate() {
                    known.remove_at(su * 13 + base, k);
                }
            }
        }
        let n = &mut self.counts.rank[r as usize];
        let was = *n;
        *n = n.saturating_sub(plain + big);
        self.masks.lower(r, was, *n);
        self.counts.big = self.counts.big.saturating_sub(big);
    }

    fn take_jokers(&mut self, red: u8, black: u8, taken: &mut Hand) {
        for (j, n) in [(Joker::Red, red), (Joker::Black, black)] {
            let c = FrenchCard::joker(j);
            for _ in 0..n {
                if self.hand.remove(c) {
                    self.known.remove(c);
                    taken.add(c);
                    let n = &mut self.counts.jokers[j as usize];
                    *n = n.saturating_sub(1);
                }
            }
        }
    }
}

impl State {
    pub(crate) fn blank(config: &Config, seed: u64, first_drawer: Seat) -> State {
        State {
            config: config.clone(),
            seed,
            deal: 0,
            attempt: 0,
            totals: [0; PLAYERS],
            first_drawer,
            stock: Vec::new(),
            drawn: 0,
            hands: [Hand::new(); PLAYERS],
            known: [Hand::new(); PLAYERS],
            counts: [Counts::default(); PLAYERS],
            masks: [RankMasks::default(); PLAYERS],
            phase: Phase::Draw,
            declarer: None,
            big_suit: None,
            declarer_shown: 0,
            forced_heart: false,
            partner: None,
            partner_exposed: false,
            exposures: Few::new(),
            turn: first_drawer,
            top: None,
            top_cards: Hand::new(),
            table: Hand::new(),
            discard: Hand::new(),
            passes: 0,
            places: Few::new(),
            played_big: [0; PLAYERS],
            captured_big: [0; PLAYERS],
            last_scores: None,
        }
    }

    /// A new match from a seed: hand 1's first drawer and every pack come from it (B3, G1).
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new(config: &Config, seed: u64) -> Result<State, crate::rules::ConfigError> {
        // The events of the start are not wanted here: none are collected (no vector).
        State::start_into(config, seed, &mut NoEvents)
    }

    /// A new match and the events of its start (the hand starts, the first card is drawn).
    pub(crate) fn start(
        config: &Config,
        seed: u64,
    ) -> Result<(State, Vec<Event>), crate::rules::ConfigError> {
        let mut ev = Vec::new();
        State::start_into(config, seed, &mut ev).map(|s| (s, ev))
    }

    fn start_into(
        config: &Config,
        seed: u64,
        ev: &mut impl Events,
    ) -> Result<State, crate::rules::ConfigError> {
        config.validate()?;
        let first =
            Seat(cards_core::rng::below(&mut rng_from_seed(derive_seed(seed, u64::MAX)), 5) as u8);
        let mut s = State::blank(config, seed, first);
        s.begin_attempt(None, ev);
        Ok(s)
    }

    /// The seat that draws the `k`-th card of the hand.
    pub(crate) fn drawer(&self, k: u8) -> Seat {
        self.first_drawer
            .step(PLAYERS, DIR, usize::from(k) % PLAYERS)
    }

    /// Shuffles the seeded pack of this hand and attempt into the stock (reusing its buffer).
    fn shuffle_stock(&mut self) {
        let mut seed = derive_seed(self.seed, u64::from(self.deal));
        if self.attempt > 0 {
            seed = derive_seed(seed, u64::from(self.attempt));
        }
        let pack = &mut self.stock;
        pack.clear();
        pack.extend_from_slice(&PACK_CARDS);
        shuffle(&mut rng_from_seed(seed), pack);
        if self.attempt >= MAX_REDEALS {
            // Guarantee termination: a heart Ace is moved to a seen place (B12).
            let ah = ace(Suit::Hearts);
            if pack[ASKED_DRAWS as usize..]
                .iter()
                .filter(|&&c| c == ah)
                .count()
                == 2
                && let Some(i) = pack.iter().rposition(|&c| c == ah)
            {
                pack.swap(0, i);
            }
        }
    }

    /// Starts (or restarts) the hand's draw from `pack` or the seeded one.
    pub(crate) fn begin_attempt(&mut self, pack: Option<Vec<FrenchCard>>, ev: &mut impl Events) {
        match pack {
            Some(pack) => self.stock = pack,
            None => self.shuffle_stock(),
        }
        self.drawn = 0;
        self.hands = [Hand::new(); PLAYERS];
        self.known = [Hand::new(); PLAYERS];
        self.counts = [Counts::default(); PLAYERS];
        self.masks = [RankMasks::default(); PLAYERS];
        self.phase = Phase::Draw;
        self.declarer = None;
        self.big_suit = None;
        self.declarer_shown = 0;
        self.forced_heart = false;
        self.partner = None;
        self.partner_exposed = false;
        self.exposures.clear();
        self.top = None;
        self.top_cards.clear();
        self.table.clear();
        self.discard.clear();
        self.passes = 0;
        self.places.clear();
        self.played_big = [0; PLAYERS];
        self.captured_big = [0; PLAYERS];
        ev.push(Event::DealStarted {
            hand: self.deal + 1,
            attempt: self.attempt,
            first_drawer: self.first_drawer,
        });
        self.draw_one(ev);
    }

    fn draw_one(&mut self, ev: &mut impl Events) {
        let k = self.drawn;
        let Some(&card) = self.stock.get(usize::from(k)) else {
            return;
        };
        let seat = self.drawer(k);
        self.hands[seat.index()].add(card);
        self.drawn += 1;
        self.turn = seat;
        ev.push(Event::Drew {
            seat,
            card: Some(card),
        });
    }

    pub(crate) fn recount(&mut self) {
        for s in 0..PLAYERS {
            self.counts[s] = Counts::of(self.hands[s].faces(), self.big_suit);
        }
        self.remask();
    }

    /// Derives every seat's rank masks from its counts.
    pub(crate) fn remask(&mut self) {
        for s in 0..PLAYERS {
            self.masks[s] = RankMasks::of(&self.counts[s]);
        }
    }

    /// After a draw-phase answer: the next draw, or the end of the draw.
    pub(crate) fn after_draw_answer(&mut self, ev: &mut Vec<Event>) {
        if self.drawn < ASKED_DRAWS {
            self.draw_one(ev);
        } else {
            self.end_draw(ev);
        }
    }

    /// After the last asked draw: the forced heart Ace or a redeal, then the pick-up. Kept out
    /// of line, so that the hundred draws before it save and restore fewer registers.
    #[inline(never)]
    fn end_draw(&mut self, ev: &mut Vec<Event>) {
        if self.declarer.is_none() {
            let ah = ace(Suit::Hearts);
            let holder = self
                .first_drawer
                .cycle_from(PLAYERS, DIR)
                .find(|s| self.hands[s.index()].count(ah) > 0);
            let Some(h) = holder else {
                let mut face_down = [ah; 5];
                let rest = self.stock.get(usize::from(ASKED_DRAWS)..).unwrap_or(&[]);
                for (d, &c) in face_down.iter_mut().zip(rest) {
                    *d = c;
                }
                ev.push(Event::Redeal { face_down });
                self.attempt += 1;
                self.begin_attempt(None, ev);
                return;
            };
            self.declarer = Some(h);
            self.big_suit = Some(Suit::Hearts);
            self.declarer_shown = 1;
            self.forced_heart = true;
            self.known[h.index()].add(ah);
            let e = Exposure {
                seat: h,
                suit: Suit::Hearts,
                count: 1,
                kind: ExposeKind::ForcedHeart,
            };
            self.exposures.push(e);
            ev.push(Event::Exposed(e));
        }
        while let Some(&card) = self.stock.get(usize::from(self.drawn)) {
            let k = self.drawn;
            let seat = self.drawer(k);
            self.hands[seat.index()].add(card);
            self.drawn += 1;
            ev.push(Event::PickedUp {
                seat,
                card: Some(card),
            });
        }
        self.phase = Phase::PartnerExposure { asked: 0 };
        self.turn = self.first_drawer;
    }

    /// Applies an exposure of `seat` (legality checked by the caller).
    pub(crate) fn expose(&mut self, seat: Seat, suit: Suit, pair: bool, ev: &mut Vec<Event>) {
        let s = seat.index();
        let kind = match (self.phase, self.declarer) {
            (Phase::PartnerExposure { .. }, Some(d)) if d == seat => ExposeKind::LoneSecond,
            (Phase::PartnerExposure { .. }, _) => ExposeKind::Partner,
            (_, _) if pair => ExposeKind::Overcall,
            (_, Some(d)) if d == seat => ExposeKind::Protect,
            _ => ExposeKind::Declare,
        };
        let a = ace(suit);
        match kind {
            ExposeKind::Declare => {
                self.declarer = Some(seat);
                self.big_suit = Some(suit);
                self.declarer_shown = 1;
            }
            ExposeKind::Overcall => {
                self.declarer = Some(seat);
                self.big_suit = Some(suit);
                self.declarer_shown = 2;
            }
            ExposeKind::Protect | ExposeKind::LoneSecond => self.declarer_shown = 2,
            ExposeKind::Partner => self.partner_exposed = true,
            ExposeKind::ForcedHeart => {}
        }
        let want = if pair { 2 } else { self.known[s].count(a) + 1 };
        while self.known[s].count(a) < want.min(self.hands[s].count(a)) {
            self.known[s].add(a);
        }
        let e = Exposure {
            seat,
            suit,
            count: 1 + u8::from(pair),
            kind,
        };
        self.exposures.push(e);
        ev.push(Event::Exposed(e));
    }

    /// After an answer in the partner-exposure round.
    pub(crate) fn after_partner_answer(&mut self, ev: &mut Vec<Event>) {
        let Phase::PartnerExposure { asked } = self.phase else {
            return;
        };
        let asked = asked + 1;
        if usize::from(asked) < PLAYERS {
            self.phase = Phase::PartnerExposure { asked };
            self.turn = self.first_drawer.step(PLAYERS, DIR, usize::from(asked));
            return;
        }
        self.start_play(ev);
    }

    fn start_play(&mut self, ev: &mut Vec<Event>) {
        let (Some(d), Some(suit)) = (self.declarer, self.big_suit) else {
            return;
        };
        self.recount();
        let a = ace(suit);
        self.partner = Seat::all(PLAYERS).find(|&s| s != d && self.hands[s.index()].count(a) > 0);
        self.phase = Phase::Play;
        self.turn = match self.partner {
            Some(p) if self.partner_exposed => p,
            _ => d,
        };
        self.top = None;
        self.passes = 0;
        ev.push(Event::PlayStarts {
            declarer: d,
            suit,
            leader: self.turn,
        });
    }

    /// Whether `seat` is on the Big Ace team.
    pub(crate) fn on_team(&self, seat: Seat) -> bool {
        Some(seat) == self.declarer || Some(seat) == self.partner
    }

    /// How many of its own Big Aces `seat` has publicly shown (exposed or played beyond those
    /// it captured).
    pub(crate) fn revealed(&self, seat: Seat) -> u8 {
        let s = seat.index();
        let exposed = if Some(seat) == self.declarer {
            self.declarer_shown
        } else {
            u8::from(self.partner_exposed && Some(seat) == self.partner)
        };
        exposed.max(self.played_big[s].saturating_sub(self.captured_big[s]))
    }

    /// Public knowledge of a seat's team: `Some(true)` Big Ace team, `Some(false)` opponent.
    pub fn known_team(&self, seat: Seat) -> Option<bool> {
        let d = self.declarer?;
        if seat == d {
            return Some(true);
        }
        if self.phase != Phase::Play && self.phase != Phase::Over {
            return if self.partner_exposed && self.revealed_pre(seat) {
                Some(true)
            } else {
                None
            };
        }
        match self.partner {
            Some(p) if self.revealed(p) >= 1 => Some(seat == p),
            None if self.revealed(d) >= 2 => Some(false),
            _ => None,
        }
    }

    fn revealed_pre(&self, seat: Seat) -> bool {
        self.exposures
            .iter()
            .any(|e| e.seat == seat && e.kind == ExposeKind::Partner)
    }

    pub(crate) fn next_holder(&self, from: Seat) -> Option<Seat> {
        from.next_active(PLAYERS, DIR, |s| !self.hands[s.index()].is_empty())
    }

    fn holders_except(&self, seat: Seat) -> u8 {
        // Summed without branches: who holds cards is hard to predict.
        Seat::all(PLAYERS)
            .map(|s| u8::from(s != seat) & u8::from(!self.hands[s.index()].is_empty()))
            .sum()
    }

    /// A seat's cards and their counts, borrowed apart from the rest of the state (the pile),
    /// to take cards from them.
    fn taker(&mut self, seat: Seat) -> Taker<'_> {
        let s = seat.index();
        Taker {
            hand: &mut self.hands[s],
            known: &mut self.known[s],
            counts: &mut self.counts[s],
            masks: &mut self.masks[s],
            suit: self.big_suit.unwrap_or(Suit::Hearts),
        }
    }

    /// Removes the cards of `play` from `seat`'s hand, returning them.
    fn take_cards(&mut self, seat: Seat, play: Play) -> Hand {
        let mut taken = Hand::new();
        self.taker(seat).take(play, &mut taken);
        taken
    }

    #[cfg(test)]
    fn take_jokers(&mut self, s: usize, red: u8, black: u8, taken: &mut Hand) {
        self.taker(Seat(s as u8)).take_jokers(red, black, taken);
    }

    /// Plays a combination.
    pub(crate) fn play(&mut self, seat: Seat, play: Play, ev: &mut Vec<Event>) {
        // Taken straight onto the top of the pile (no hand returned and copied).
        self.top_cards.clear();
        let s = seat.index();
        let mut taker = Taker {
            hand: &mut self.hands[s],
            known: &mut self.known[s],
            counts: &mut self.counts[s],
            masks: &mut self.masks[s],
            suit: self.big_suit.unwrap_or(Suit::Hearts),
        };
        taker.take(play, &mut self.top_cards);
        self.table.add_all(&self.top_cards);
        self.top = Some((seat, play));
        self.passes = 0;
        let p = &mut self.played_big[seat.index()];
        *p = p.saturating_add(play.big);
        ev.push(Event::Played { seat, play });
        if self.hands[seat.index()].is_empty() {
            self.places.push(seat);
            ev.push(Event::WentOut {
                seat,
                place: self.places.len() as u8,
            });
            if self.hand_is_over() {
                self.finish_hand(seat, ev);
                return;
            }
        }
        if let Some(n) = self.next_holder(seat) {
            self.turn = n;
        }
    }

    /// Captures the egg on the pile with `fours` Fours (B9).
    pub(crate) fn capture(&mut self, seat: Seat, fours: u8, ev: &mut Vec<Event>) {
        let Some((_, taken)) = self.top else {
            return;
        };
        let cards = self.take_cards(seat, Play::plain(fours_combo(fours)));
        let captured = self.top_cards;
        self.table.remove_all(&captured);
        let s = seat.index();
        self.hands[s].add_all(&captured);
        self.known[s].add_all(&captured);
        if let Some(suit) = self.big_suit {
            self.captured_big[s] = self.captured_big[s].saturating_add(captured.count(ace(suit)));
        }
        self.counts[s] = Counts::of(self.hands[s].faces(), self.big_suit);
        self.masks[s] = RankMasks::of(&self.counts[s]);
        self.table.add_all(&cards);
        self.top_cards = cards;
        self.top = Some((seat, Play::plain(fours_combo(fours))));
        self.passes = 0;
        ev.push(Event::Captured { seat, fours, taken });
        if let Some(n) = self.next_holder(seat) {
            self.turn = n;
        }
    }

    /// A pass in play.
    pub(crate) fn pass(&mut self, seat: Seat, ev: &mut Vec<Event>) {
        ev.push(Event::Passed { seat });
        self.passes += 1;
        let Some((winner, _)) = self.top else {
            return;
        };
        if self.passes < self.holders_except(winner) {
            if let Some(n) = self.next_holder(seat) {
                self.turn = n;
            }
            return;
        }
        self.discard.add_all(&self.table);
        self.table.clear();
        self.top_cards.clear();
        self.top = None;
        self.passes = 0;
        ev.push(Event::TrickWon { seat: winner });
        if self.hands[winner.index()].is_empty() {
            let to = self.lead_after(winner);
            ev.push(Event::LeadPasses { from: winner, to });
            self.turn = to;
        } else {
            self.turn = winner;
        }
    }

    /// The next leader after a winner who is out (B10).
    pub(crate) fn lead_after(&self, winner: Seat) -> Seat {
        let team = self.on_team(winner);
        winner
            .cycle_from(PLAYERS, DIR)
            .skip(1)
            .find(|&s| !self.hands[s.index()].is_empty() && self.known_team(s) != Some(!team))
            .or_else(|| self.next_holder(winner))
            .unwrap_or(winner)
    }

    pub(crate) fn hand_is_over(&self) -> bool {
        let mut team = None;
        for s in Seat::all(PLAYERS) {
            if self.hands[s.index()].is_empty() {
                continue;
            }
            let t = self.on_team(s);
            match team {
                None => team = Some(t),
                Some(x) if x != t => return false,
                _ => {}
            }
        }
        true
    }

    fn finish_hand(&mut self, last_out: Seat, ev: &mut Vec<Event>) {
        for s in last_out.cycle_from(PLAYERS, DIR).skip(1) {
            if !self.hands[s.index()].is_empty() && !self.places.contains(&s) {
                self.places.push(s);
            }
        }
        let (Some(d), Some(_)) = (self.declarer, self.big_suit) else {
            return;
        };
        let scores = deal_scores(
            &self.places,
            d,
            self.partner,
            self.partner_exposed,
            self.declarer_shown >= 2,
        );
        for (t, x) in self.totals.iter_mut().zip(scores.iter()) {
            *t += *x;
        }
        self.last_scores = Some(scores);
        let mut places = [d; PLAYERS];
        for (p, &s) in places.iter_mut().zip(self.places.iter()) {
            *p = s;
        }
        ev.push(Event::DealEnded {
            places,
            scores,
            totals: self.totals,
        });
        self.deal += 1;
        if self.deal as usize >= self.config.hands {
            self.phase = Phase::Over;
            ev.push(Event::MatchOver {
                totals: self.totals,
            });
            return;
        }
        self.first_drawer = match self.config.first_drawer {
            FirstDrawer::FirstOut => self.places.first().copied().unwrap_or(d),
            FirstDrawer::Declarer => d,
            FirstDrawer::Rotate => self.first_drawer.next(PLAYERS, DIR),
        };
        self.attempt = 0;
        self.begin_attempt(None, ev);
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The top of the pile and who played it.
    pub fn top(&self) -> Option<(Seat, Play)> {
        self.top
    }

    /// The Big Aces' suit, once decided.
    pub fn big_suit(&self) -> Option<Suit> {
        self.big_suit
    }

    /// The declarer, once decided.
    pub fn declarer(&self) -> Option<Seat> {
        self.declarer
    }

    /// The partner (hidden information; `None` before play or when the declarer is alone).
    pub fn partner(&self) -> Option<Seat> {
        self.partner
    }

    /// A seat's cards (hidden information).
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat.index() % PLAYERS]
    }

    /// The finishing order of the current hand so far.
    pub fn places(&self) -> &[Seat] {
        &self.places
    }

    /// Match totals per seat.
    pub fn totals(&self) -> [i32; PLAYERS] {
        self.totals
    }

    /// The scores of the last finished hand.
    pub fn last_scores(&self) -> Option<[i32; PLAYERS]> {
        self.last_scores
    }

    /// The number of hands finished.
    pub fn hands_played(&self) -> u32 {
        self.deal
    }

    /// Whether a card is a Big Ace in this hand.
    pub fn is_big_ace(&self, card: FrenchCard) -> bool {
        matches!(card.kind(), FrenchKind::Suited(Rank::Ace, s) if Some(s) == self.big_suit)
    }

    /// The number of Fours a seat holds.
    pub fn fours(&self, seat: Seat) -> u8 {
        self.counts[seat.index() % PLAYERS].rank[FOUR as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rank_of_index;
    use cards_core::GameConfig;
    use cards_core::card::CardIndex;
    use cards_core::game::Game;
    use cards_core::rng::below;

    /// The card-by-card `take_cards` that the face-index one replaced.
    fn reference_take(st: &mut State, seat: Seat, play: Play) -> Hand {
        let s = seat.index();
        let suit = st.big_suit.unwrap_or(Suit::Hearts);
        let mut taken = Hand::new();
        let mut take_rank = |this: &mut State, r: u8, plain: u8, big: u8| {
            let rank = rank_of_index(r);
            for _ in 0..big {
                let a = ace(suit);
                if this.hands[s].remove(a) {
                    this.known[s].remove(a);
                    taken.add(a);
                }
            }
            let mut left = plain;
            for pass in 0..2 {
                for su in Suit::ALL {
                    if rank == Rank::Ace && su == suit {
                        continue;
                    }
                    let c = FrenchCard::new(rank, su);
                    while left > 0
                        && this.hands[s].count(c) > 0
                        && (pass == 1 || this.known[s].count(c) > 0)
                    {
                        this.hands[s].remove(c);
                        this.known[s].remove(c);
                        taken.add(c);
                        left -= 1;
                    }
                }
            }
            let n = &mut this.counts[s].rank[r as usize];
            *n = n.saturating_sub(plain + big);
            this.counts[s].big = this.counts[s].big.saturating_sub(big);
            this.masks[s] = RankMasks::of(&this.counts[s]);
        };
        match play.combo {
            Combo::Single(r) | Combo::Pair(r) | Combo::Kind { rank: r, .. } => {
                take_rank(st, r, play.combo.len() - play.big, play.big);
            }
            Combo::BigAce | Combo::BigAcePair => take_rank(st, ACE, 0, play.big),
            Combo::Run { width, start, len } => {
                let high_big = if start + len == CHAIN {
                    play.big.min(width)
                } else {
                    0
                };
                for p in start..start + len {
                    let big = match p {
                        0 => play.big - high_big,
                        13 => high_big,
                        _ => 0,
                    };
                    take_rank(st, chain_rank(p), width - big, big);
                }
            }
            Combo::Joker(red) => st.take_jokers(s, u8::from(red), u8::from(!red), &mut taken),
            Combo::Jokers { red, black } => st.take_jokers(s, red, black, &mut taken),
        }
        taken
    }

    #[test]
    fn face_bases_place_each_rank_in_each_suit() {
        for r in 0..crate::rules::RANKS as u8 {
            for su in Suit::ALL {
                let card = FrenchCard::new(rank_of_index(r), su);
                assert_eq!(su as usize * 13 + face_base(r), card.to_index(), "{card}");
            }
        }
    }

    #[test]
    fn a_match_reshuffles_into_the_stock_it_started_with() {
        // The stock is the state's only heap buffer (events, places and exposures hold none):
        // if it stays put, applying actions allocated nothing.
        let config = Config {
            hands: 5,
            ..Config::default()
        };
        let mut rng = cards_core::rng::rng_from_seed(4);
        let (mut legal, mut ev) = (Vec::new(), Vec::new());
        for seed in 0..20 {
            let mut state = State::new(&config, seed).unwrap().clone();
            let buffer = state.stock.as_ptr();
            while crate::BigA::to_move(&state).is_some() {
                crate::BigA::legal_actions_into(&state, &mut legal);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                ev.clear();
                crate::BigA::apply_unchecked(&mut state, &a, &mut ev);
                assert_eq!(state.stock.as_ptr(), buffer);
            }
            assert_eq!(state.hands_played(), 5);
        }
    }

    #[test]
    fn the_constant_pack_is_two_of_each_face_in_face_order() {
        let by_index: Vec<FrenchCard> = (0..PACK)
            .filter_map(|k| FrenchCard::from_index(k / 2))
            .collect();
        assert_eq!(full_pack(), by_index);
    }

    #[test]
    fn taking_cards_by_face_index_agrees_with_the_card_by_card_reference() {
        let config = Config::default().single_deal();
        let mut rng = cards_core::rng::rng_from_seed(9);
        let mut plays = 0;
        for seed in 0..300 {
            let mut state = State::new(&config, seed).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = crate::BigA::to_move(&state) {
                crate::BigA::legal_actions_into(&state, &mut legal);
                let a = legal[below(&mut rng, legal.len() as u64) as usize];
                if let crate::Action::Play(p) = a {
                    let (mut x, mut y) = (state.clone(), state.clone());
                    assert_eq!(
                        x.take_cards(seat, p),
                        reference_take(&mut y, seat, p),
                        "{p}"
                    );
                    assert_eq!(x, y, "{p}");
                    plays += 1;
                }
                let mut ev = Vec::new();
                crate::BigA::apply_unchecked(&mut state, &a, &mut ev);
            }
        }
        assert!(plays > 10_000, "{plays}");
    }
}
