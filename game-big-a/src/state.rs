//! The state of a match (the hands in sequence, the running totals, the current hand), its
//! pack, and stated positions: a stacked pack, or a position at card play, checked before they
//! become a game.

use cards_core::card::{FrenchCard, FrenchKind, Joker, Rank, Suit};
use cards_core::rng::Seed;
use cards_core::seat::Seat;
use serde::{Deserialize, Serialize};

use crate::action::{Action, Play};
use crate::error::ConfigError;
use crate::error::SetupError;
use crate::event::{Event, Exposure};
use crate::few::Few;
use crate::hand::Hand;
use crate::play::RankMasks;
use crate::rules::{ACE, Config, Counts, FOUR, PACK, PLAYERS};

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
    /// The match seed every pack is shuffled from (G1).
    pub(crate) seed: Seed,
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
    /// The actions of the current hand's attempt, in order (the draw answers, the pick-up
    /// round, card play): with the stock, or a stated position's start, what
    /// [`State::validate`] replays. All of it was public when it happened.
    pub(crate) actions: Record,
    /// A stated position's start ([`PlaySetup`]): the leader and each seat's cards; `None` for
    /// a hand drawn from the stock.
    pub(crate) stated: Option<Box<(Seat, [Hand; PLAYERS])>>,
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

/// The actions of a hand, in order ([`State`]'s record). A clone keeps room to record more: a
/// state is cloned to be played on (a determinized state at every search iteration), and a
/// vector cloned to its length would grow again at the first action.
#[derive(Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub(crate) struct Record(Vec<Action>);

impl Clone for Record {
    fn clone(&self) -> Self {
        let mut v = Vec::with_capacity(self.0.len() + 64);
        v.extend_from_slice(&self.0);
        Record(v)
    }
}

impl std::ops::Deref for Record {
    type Target = Vec<Action>;
    fn deref(&self) -> &Vec<Action> {
        &self.0
    }
}

impl std::ops::DerefMut for Record {
    fn deref_mut(&mut self) -> &mut Vec<Action> {
        &mut self.0
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
pub(crate) const PACK_CARDS: [FrenchCard; PACK] = {
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
pub(crate) const fn face_base(r: u8) -> usize {
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

impl State {
    pub(crate) fn blank(config: &Config, seed: Seed, first_drawer: Seat) -> State {
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
            actions: Record::default(),
            stated: None,
        }
    }

    /// A new match from a seed: hand 1's first drawer and every pack come from it (B3, G1).
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new_seeded(config, Seed::Short(seed))
    }

    /// A new match from a seed, a 64-bit seed or a 256-bit key: hand 1's first drawer and
    /// every pack come from it (B3, G1).
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        // The events of the start are not wanted here: none are collected (no vector).
        State::start_into(config, seed, &mut NoEvents)
    }

    /// A new match and the events of its start (the hand starts, the first card is drawn).
    pub(crate) fn start(config: &Config, seed: Seed) -> Result<(State, Vec<Event>), ConfigError> {
        let mut ev = Vec::new();
        State::start_into(config, seed, &mut ev).map(|s| (s, ev))
    }

    fn start_into(config: &Config, seed: Seed, ev: &mut impl Events) -> Result<State, ConfigError> {
        config.validate()?;
        let first = Seat(cards_core::rng::below(&mut seed.derive(u64::MAX).rng(), 5) as u8);
        let mut s = State::blank(config, seed, first);
        s.begin_attempt(None, ev);
        Ok(s)
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

/// A position at the start of card play (or later), for worked examples and tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaySetup {
    /// Each seat's cards (the cards not listed are out of play, set aside).
    pub hands: [Vec<FrenchCard>; PLAYERS],
    /// The declarer.
    pub declarer: Seat,
    /// The Big Aces' suit.
    pub suit: Suit,
    /// The partner (`None`: the declarer plays alone).
    pub partner: Option<Seat>,
    /// Whether the partner exposed (or, alone, the declarer exposed both).
    pub exposed: bool,
    /// Who leads.
    pub leader: Seat,
    /// Seats already out, in finishing order.
    pub out: Vec<Seat>,
}

impl State {
    /// A match whose first hand is drawn from a stacked pack (top card first), `first_drawer`
    /// drawing first; a redeal and later hands come from `seed`.
    ///
    /// # Errors
    /// A pack that is not the 108 cards, or an invalid configuration.
    pub fn from_pack(
        config: &Config,
        seed: u64,
        first_drawer: Seat,
        pack: &[FrenchCard],
    ) -> Result<State, SetupError> {
        config.validate()?;
        let mut sorted = pack.to_vec();
        sorted.sort();
        if sorted != full_pack() || first_drawer.index() >= PLAYERS {
            return Err(SetupError::Pack);
        }
        let mut s = State::blank(config, Seed::Short(seed), first_drawer);
        let mut ev = Vec::new();
        s.begin_attempt(Some(pack.to_vec()), &mut ev);
        Ok(s)
    }

    /// A match whose first hand starts at card play from a stated position.
    ///
    /// # Errors
    /// Too many copies of a card, out seats with cards, or inconsistent teams.
    pub fn from_play(config: &Config, seed: u64, setup: &PlaySetup) -> Result<State, SetupError> {
        State::from_play_seeded(config, Seed::Short(seed), setup)
    }

    /// [`State::from_play`] with later hands dealt from any [`Seed`].
    pub(crate) fn from_play_seeded(
        config: &Config,
        seed: Seed,
        setup: &PlaySetup,
    ) -> Result<State, SetupError> {
        config.validate()?;
        let all = setup.checked_cards()?;
        let mut s = State::blank(config, seed, setup.declarer);
        let mut rest = Hand::new();
        for c in full_pack() {
            rest.add(c);
        }
        rest.remove_all(&all);
        s.discard = rest;
        for seat in Seat::all(PLAYERS) {
            s.hands[seat.index()] = setup.hands[seat.index()].iter().copied().collect();
        }
        s.drawn = PACK as u8;
        s.declarer = Some(setup.declarer);
        s.big_suit = Some(setup.suit);
        s.partner = setup.partner;
        s.places = setup.out.iter().copied().collect();
        let d = setup.declarer.index();
        s.declarer_shown = 1 + u8::from(setup.exposed && setup.partner.is_none());
        s.known[d].add(ace(setup.suit));
        if s.declarer_shown == 2 {
            s.known[d].add(ace(setup.suit));
        }
        if let (Some(p), true) = (setup.partner, setup.exposed) {
            s.partner_exposed = true;
            s.known[p.index()].add(ace(setup.suit));
        }
        for seat in 0..PLAYERS {
            let extra = s.known[seat].count(ace(setup.suit));
            if s.hands[seat].count(ace(setup.suit)) < extra {
                s.known[seat].clear();
            }
        }
        s.recount();
        s.phase = Phase::Play;
        s.turn = setup.leader;
        s.stated = Some(Box::new((setup.leader, s.hands)));
        Ok(s)
    }
}

impl PlaySetup {
    /// The cards of the hands, once checked: no face more than twice (G4), the seats out
    /// exactly those without cards (B10), the partner not the declarer and the leader holding
    /// cards (B6).
    fn checked_cards(&self) -> Result<Hand, SetupError> {
        let mut all = Hand::new();
        for h in &self.hands {
            for &c in h {
                all.add(c);
                if all.count(c) > 2 {
                    return Err(SetupError::TooMany {
                        card: c,
                        count: self.hands.iter().flatten().filter(|&&x| x == c).count(),
                    });
                }
            }
        }
        for seat in Seat::all(PLAYERS) {
            if self.out.contains(&seat) != self.hands[seat.index()].is_empty() {
                return Err(SetupError::Out { seat });
            }
        }
        if self.partner == Some(self.declarer) {
            return Err(SetupError::Teams("the partner is not the declarer"));
        }
        if self.hands[self.leader.index()].is_empty() {
            return Err(SetupError::Teams("the leader must hold cards"));
        }
        Ok(all)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::rank_of_index;
    use cards_core::card::CardIndex;
    use cards_core::game::Game;
    use cards_core::rng::below;

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
        // The stock is the state's only heap buffer besides the record of actions (reserved at
        // the hand's start; events, places and exposures hold none): it stays put.
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
}
