//! The state of a match and of the deal in progress, dealing, and stated positions.

use cards_core::GameRng;
use cards_core::rng::{Seed, below};
use cards_core::{Direction, Seat};
use serde::{Deserialize, Serialize};

use crate::action::Action;
use crate::cards::{ACard, Cards, DISPLAY_ORDER, JOKER, slot_symbol};
use crate::error::{ConfigError, SetupError};
use crate::event::BySeat;
use crate::round::RoundKind;
use crate::rules::{Config, LONGEST_HAND, MAX_PLAYERS};

/// The deal in progress: every card's location and the round being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    pub(crate) players: u8,
    /// Cards in each hand.
    pub(crate) hands: [Cards; MAX_PLAYERS],
    /// Cards publicly known to be in each hand (taken from Big A tricks and not played since).
    pub(crate) known: [Cards; MAX_PLAYERS],
    /// Each seat's little-a penalty pile.
    pub(crate) piles: [Cards; MAX_PLAYERS],
    /// Cards not dealt (out of play for the hand, unseen).
    pub(crate) undealt: Cards,
    /// A cards still in the middle of the table (unallocated).
    pub(crate) middle: Cards,
    /// Cards played in finished normal rounds (out of play, seen).
    pub(crate) out: Cards,
    /// Cards of the round in progress.
    pub(crate) table: Cards,
    /// The round's number in the hand, from 1.
    pub(crate) round: u16,
    /// For each A card (little, Big), the round at whose end its holder received it (0: never).
    pub(crate) received: [u16; 2],
    /// The seat first asked to lead this round.
    pub(crate) opener: Seat,
    /// The seat whose turn it is.
    pub(crate) turn: Seat,
    /// Bit mask of the seats that had their turn this round.
    pub(crate) done: u16,
    /// What each seat did this round (valid where `done` is set).
    pub(crate) acts: [Action; MAX_PLAYERS],
    /// The round in progress.
    pub(crate) kind: RoundKind,
}

/// A whole match: the configuration, the running totals and the deal in progress.
///
/// Deserialisation validates the state ([`State::validate`]) and refuses an inconsistent one
/// with the [`InvalidState`](crate::InvalidState) found.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    /// The match seed every hand is dealt from (G1).
    pub(crate) seed: Seed,
    /// Index of the hand in progress (0 = first).
    pub(crate) hand: u16,
    /// The first leader of the hand in progress (A3).
    pub(crate) first_leader: Seat,
    /// Totals of the finished hands.
    pub(crate) totals: [u32; MAX_PLAYERS],
    /// Penalties of each finished hand.
    pub(crate) results: Vec<Vec<u16>>,
    pub(crate) deal: Deal,
    pub(crate) over: bool,
}

cards_core::serde_validated!(State);

/// A stated position, for worked examples and tests: explicit hands, the leader of the round
/// to be played, and for a position later in a hand the round number and when the A cards
/// were received.
///
/// At round 1 (a fresh deal) each hand holds exactly the deal size (A2), no A card (A1), and
/// the cards in no hand stay undealt. Later in a hand, hands may hold A cards and any non-zero
/// number of cards, and one seat may have the little a's penalty pile; the cards in no hand and
/// no pile are taken to be out of play (played in earlier rounds, or never dealt), and an A
/// card in no hand and no pile is still in the middle of the table. The position must be one
/// that play can reach ([`State::validate`]): for example every A card whose round has ended
/// is in a hand or the pile (A5), received at the end of its round or, for the Big A, of a
/// Big A round; the card received at the end of the round before is in the leader's hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    /// Each seat's cards, in seat order.
    pub hands: Vec<Cards>,
    /// Who leads the round.
    pub leader: Seat,
    /// The round's number in the hand (1 = a fresh deal).
    #[serde(default = "first_round")]
    pub round: u16,
    /// For the little a and the Big A, the round at whose end its holder received it (0 when
    /// it was never received); must be before `round`.
    #[serde(default)]
    pub received: [u16; 2],
    /// Each seat's penalty pile, in seat order (the little a and the cards of its trick, A7),
    /// or empty when nobody has one yet.
    #[serde(default)]
    pub piles: Vec<Cards>,
}

fn first_round() -> u16 {
    1
}

impl Position {
    /// A fresh deal: these hands, `leader` to lead round 1.
    pub fn deal(hands: Vec<Cards>, leader: Seat) -> Position {
        Position {
            hands,
            leader,
            round: 1,
            received: [0; 2],
            piles: Vec::new(),
        }
    }

    /// A position later in a hand: these hands, `leader` to lead round `round`, the A cards
    /// received at the end of the rounds `received` (little a, Big A; 0 for never), and no
    /// penalty pile (set [`Position::piles`] for one).
    pub fn later(hands: Vec<Cards>, leader: Seat, round: u16, received: [u16; 2]) -> Position {
        Position {
            hands,
            leader,
            round,
            received,
            piles: Vec::new(),
        }
    }

    /// The hands and piles against the table, the leader at it, the round stated and when
    /// the A cards were received.
    fn check_table(&self, players: usize) -> Result<(), SetupError> {
        if self.hands.len() != players {
            return Err(SetupError::Seats {
                players,
                got: self.hands.len(),
            });
        }
        if self.leader.index() >= players {
            return Err(SetupError::Leader {
                leader: self.leader,
                players,
            });
        }
        if self.round == 0 || self.received.iter().any(|&r| r >= self.round) {
            return Err(SetupError::Inconsistent(
                "the A cards must be received before the round stated (A5)",
            ));
        }
        if self.round > LONGEST_HAND {
            return Err(SetupError::Inconsistent(
                "no hand reaches the round stated (A9)",
            ));
        }
        if !self.piles.is_empty() && self.piles.len() != players {
            return Err(SetupError::Piles {
                players,
                got: self.piles.len(),
            });
        }
        Ok(())
    }

    /// Every hand's cards (a full deal of number cards and jokers at round 1, A1, A2; some
    /// cards later, A9), and no card more often than the pack holds it (A1): the cards of the
    /// hands and piles.
    fn check_cards(&self, config: &Config) -> Result<Cards, SetupError> {
        let fresh = self.round <= 1;
        let mut all = Cards::EMPTY;
        for pile in &self.piles {
            all.add_all(pile);
        }
        for (i, h) in self.hands.iter().enumerate() {
            let seat = Seat(i as u8);
            if fresh && h.playable() != *h {
                return Err(SetupError::ACardDealt { seat });
            }
            if fresh && h.len() != usize::from(config.deal_size()) {
                return Err(SetupError::Count {
                    seat,
                    expected: config.deal_size(),
                    got: h.len(),
                });
            }
            if h.is_empty() {
                return Err(SetupError::Inconsistent(
                    "every player holds cards at the start of a round (A9)",
                ));
            }
            all.add_all(h);
        }
        let pack = Cards::pack();
        for slot in DISPLAY_ORDER {
            if all.count(slot) > pack.count(slot) {
                return Err(SetupError::TooMany {
                    card: slot_symbol(slot).to_owned(),
                    count: usize::from(all.count(slot)),
                });
            }
        }
        Ok(all)
    }
}

/// The 108 cards that are shuffled and dealt, in the order of
/// `Cards::number_cards_and_jokers().slots()`: eight each of 1 to 13, then four jokers.
const PACK: [u8; 108] = {
    let mut pack = [JOKER; 108];
    let mut i = 0;
    while i < 104 {
        pack[i] = (i / 8) as u8 + 1;
        i += 1;
    }
    pack
};

/// [`Cards::number_cards_and_jokers`], the cards dealt, as a constant (its loop was run at
/// every deal).
const DEALT: Cards = {
    let mut counts = [0; 16];
    let mut i = 0;
    while i < PACK.len() {
        counts[PACK[i] as usize] += 1;
        i += 1;
    }
    Cards(cards_core::set::RankCounts(counts))
};

/// The values the pack's shuffle draws when none is rejected: one per swap.
const SWAPS: usize = PACK.len() - 1;

/// Room for the pack while it is shuffled: a power of two, so that a drawn position masked to
/// it needs no bounds check (it is below the pack's length anyway).
const ROOM: usize = 128;

/// Shuffles the pack (the first [`PACK`]`.len()` cards of `pack`) as
/// [`cards_core::rng::shuffle`] does, with the same draws: Fisher-Yates from the last card
/// down, each card's partner drawn as [`cards_core::rng::below`] draws it. The 107 values the
/// swaps take (unless one is rejected) are drawn at once and read from a buffer, not by a call
/// to the generator each; a draw that may be rejected hands over to [`shuffle_rest`], which
/// takes a value more from the generator after the buffer for each rejected one, so the
/// generator ends where the calls would have left it.
// An exclusive range: its loop zipped with the values' compiles to a tighter loop.
#[allow(clippy::range_plus_one)]
#[inline]
fn shuffle_pack(rng: &mut GameRng, pack: &mut [u8; ROOM]) {
    let mut bytes = [0u8; 8 * SWAPS];
    cards_core::rng::fill_bytes(rng, &mut bytes);
    for (i, chunk) in (1..SWAPS + 1).rev().zip(bytes.chunks_exact(8)) {
        let mut word = [0; 8];
        word.copy_from_slice(chunk);
        // `below(rng, i + 1)`, whose draw is kept unless its low half is below `n`.
        let n = i as u64 + 1;
        let m = u128::from(u64::from_le_bytes(word)) * u128::from(n);
        if (m as u64) < n {
            shuffle_rest(rng, pack, &bytes, SWAPS - i);
            return;
        }
        // The high half is below `n`, so at most `i`; the mask only spares a bounds check.
        pack.swap(i, (m >> 64) as usize & (ROOM - 1));
    }
}

/// The swaps of [`shuffle_pack`] from the `from`-th on (counted from 0, the last card's), each
/// drawn with `below`'s rejection: from the values `bytes` holds after the first `from`, then
/// from the generator. Taken when a draw may be rejected (its low half below the range: about
/// once in 10^15 shuffles).
#[cold]
#[inline(never)]
fn shuffle_rest(rng: &mut GameRng, pack: &mut [u8; ROOM], bytes: &[u8], from: usize) {
    let mut buffered = bytes.chunks_exact(8).skip(from);
    let mut draw = || match buffered.next() {
        Some(chunk) => {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            u64::from_le_bytes(word)
        }
        None => cards_core::rng::next_u64(rng),
    };
    for i in (1..(SWAPS + 1).saturating_sub(from)).rev() {
        let n = i as u64 + 1;
        let mut m = u128::from(draw()) * u128::from(n);
        if (m as u64) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u64) < threshold {
                m = u128::from(draw()) * u128::from(n);
            }
        }
        pack.swap(i, ((m >> 64) as usize).min(i));
    }
}

impl Deal {
    /// A deal with these hands, the rest undealt, `leader` to lead round 1.
    pub(crate) fn with_hands(players: u8, hands: &[Cards], leader: Seat) -> Deal {
        let mut undealt = DEALT;
        let mut hs = [Cards::EMPTY; MAX_PLAYERS];
        for (h, c) in hs.iter_mut().zip(hands) {
            *h = *c;
            undealt.take_all_saturating(c);
        }
        let mut middle = Cards::EMPTY;
        for a in ACard::ALL {
            middle.add(a.slot(), 1);
        }
        Deal {
            players,
            hands: hs,
            known: [Cards::EMPTY; MAX_PLAYERS],
            piles: [Cards::EMPTY; MAX_PLAYERS],
            undealt,
            middle,
            out: Cards::EMPTY,
            table: Cards::EMPTY,
            round: 1,
            received: [0; 2],
            opener: leader,
            turn: leader,
            done: 0,
            acts: [Action::Pass; MAX_PLAYERS],
            kind: RoundKind::Open,
        }
    }

    /// Deals hand `index` of a match with `seed`: the 108 cards shuffled on
    /// `seed.derive(index).rng()` (for a 64-bit seed, `rng_from_seed(derive_seed(seed,
    /// index))`) and dealt in blocks, seat 0 first. `leader`
    /// leads; with `None` (hand 1) the dealer is drawn from the same stream after the shuffle
    /// and the player to the dealer's left leads (A3).
    // Inlined into its callers, so that the deal is built where it goes (out of line, it was
    // built in a temporary and copied into the state, 548 bytes, at every new match).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    pub(crate) fn shuffled(config: &Config, seed: Seed, index: u16, leader: Option<Seat>) -> Deal {
        let mut rng = seed.derive(u64::from(index)).rng();
        let mut pack = [0; ROOM];
        pack[..PACK.len()].copy_from_slice(&PACK);
        shuffle_pack(&mut rng, &mut pack);
        let players = usize::from(config.players);
        let leader = leader.unwrap_or_else(|| {
            let dealer = Seat(below(&mut rng, players as u64) as u8);
            dealer.next(players, cards_core::Direction::Clockwise)
        });
        let mut hands = [Cards::EMPTY; MAX_PLAYERS];
        for (hand, chunk) in hands
            .iter_mut()
            .zip(pack[..PACK.len()].chunks(usize::from(config.deal_size())))
            .take(players)
        {
            let counts = &mut hand.0.0;
            for &s in chunk {
                // Slots of the pack are below 16 and each count stays at most 8.
                counts[usize::from(s) & 15] += 1;
            }
        }
        Deal::with_hands(config.players, &hands[..players], leader)
    }

    /// The number of players.
    pub(crate) const fn players(&self) -> usize {
        self.players as usize
    }

    /// The cards of a seat.
    #[inline]
    pub(crate) fn hand(&self, seat: Seat) -> &Cards {
        // Invariant: seats are below the player count, at most MAX_PLAYERS.
        &self.hands[seat.index()]
    }

    /// Whether `seat` has had its turn this round.
    #[inline]
    pub(crate) const fn is_done(&self, seat: Seat) -> bool {
        self.done & (1 << seat.0) != 0
    }

    /// Whether the A card may be led in this round by its holder (A6).
    #[inline]
    pub(crate) fn a_is_blocked(&self, a: ACard) -> bool {
        let r = self.received[a.index()];
        r != 0 && r + 1 == self.round
    }

    /// Whether `seat` holds `a` and may lead it now (A6).
    #[inline]
    pub(crate) fn may_lead_a(&self, seat: Seat, a: ACard) -> bool {
        self.hand(seat).count(a.slot()) > 0 && !self.a_is_blocked(a)
    }

    /// Whether `seat` holds a card it may lead (A8).
    #[inline]
    pub(crate) fn can_lead(&self, seat: Seat) -> bool {
        !self.hand(seat).playable().is_empty()
            || self.may_lead_a(seat, ACard::Little)
            || self.may_lead_a(seat, ACard::Big)
    }

    /// Who wins the round as played so far (the opener before anyone led).
    pub(crate) fn winner(&self) -> Seat {
        match self.kind {
            RoundKind::Normal { winner, .. } | RoundKind::ARound { winner, .. } => winner,
            RoundKind::Open => self.opener,
        }
    }

    /// The seats that had their turn this round, in turn order: clockwise from the opener, as
    /// many as are marked done.
    pub(crate) fn acted(&self) -> impl Iterator<Item = Seat> + use<> {
        let n = self.done.count_ones() as usize;
        self.opener
            .cycle_from(self.players(), Direction::Clockwise)
            .take(n)
    }

    /// Who holds an A card, if anyone.
    pub(crate) fn a_holder(&self, a: ACard) -> Option<Seat> {
        Seat::all(self.players()).find(|&s| self.hand(s).count(a.slot()) > 0)
    }

    /// Every card of the deal, wherever it is (for the census, A1/G4).
    pub(crate) fn all_cards(&self) -> Cards {
        let mut c = self.undealt;
        c.add_all(&self.middle);
        c.add_all(&self.out);
        c.add_all(&self.table);
        for s in Seat::all(self.players()) {
            c.add_all(self.hand(s));
            c.add_all(&self.piles[s.index()]);
        }
        c
    }
}

impl State {
    /// Starts a match with a shuffled first deal; the first dealer comes from the seed and the
    /// player to their left leads (A3).
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new_seeded(config, Seed::Short(seed))
    }

    /// Starts a match dealt from `seed`, a 64-bit seed or a 256-bit key (G1): every hand is
    /// shuffled from it, and the first dealer drawn from it (A3).
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        config.validate()?;
        let deal = Deal::shuffled(config, seed, 0, None);
        let leader = deal.opener;
        Ok(State {
            config: config.clone(),
            seed,
            hand: 0,
            first_leader: leader,
            totals: [0; MAX_PLAYERS],
            // Room for every hand's result at once: the first push into an empty vector took
            // the growing path (about 200 instructions with the allocation, once a match).
            results: Vec::with_capacity(usize::from(config.hands)),
            deal,
            over: false,
        })
    }

    /// Starts a match whose first hand is dealt as stated: right counts (A2), no A card in a
    /// hand (A1), no card more often than the pack holds it; later in a hand, a round that a
    /// hand can reach and a state that validates ([`State::validate`]: no A card out of the
    /// middle before it is handed out nor in it after, A5; the card received at the end of the
    /// round before in the leader's hand; no more cards in the hands than the rounds played
    /// leave, A2, A4, A7; a penalty pile only after a little a round can have ended, A6, A7).
    /// Later hands are shuffled from `seed`.
    ///
    /// # Errors
    /// The first thing wrong with the configuration or the position.
    pub fn from_position(
        config: &Config,
        position: &Position,
        seed: u64,
    ) -> Result<State, SetupError> {
        config.validate()?;
        position.check_table(usize::from(config.players))?;
        let all = position.check_cards(config)?;
        let fresh = position.round <= 1;
        let mut deal = Deal::with_hands(config.players, &position.hands, position.leader);
        deal.round = position.round;
        deal.received = position.received;
        deal.middle.take_all_saturating(&all);
        let mut piles = Cards::EMPTY;
        for (to, pile) in deal.piles.iter_mut().zip(&position.piles) {
            *to = *pile;
            piles.add_all(pile);
        }
        deal.undealt.take_all_saturating(&piles);
        if !fresh {
            deal.out = deal.undealt;
            deal.undealt = Cards::EMPTY;
        }
        let state = State {
            config: config.clone(),
            seed: Seed::Short(seed),
            hand: 0,
            first_leader: position.leader,
            totals: [0; MAX_PLAYERS],
            results: Vec::new(),
            deal,
            over: false,
        };
        state.validate()?;
        Ok(state)
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The number of the hand in progress, from 1.
    pub fn hand_number(&self) -> u16 {
        self.hand + 1
    }

    /// The number of the round in progress within the hand, from 1.
    pub fn round(&self) -> u16 {
        self.deal.round
    }

    /// The cards a seat holds.
    pub fn hand_of(&self, seat: Seat) -> Cards {
        self.deal
            .hands
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// A seat's little-a penalty pile.
    pub fn pile_of(&self, seat: Seat) -> Cards {
        self.deal
            .piles
            .get(seat.index())
            .copied()
            .unwrap_or_default()
    }

    /// Who holds an A card now, if anyone.
    pub fn a_holder(&self, card: ACard) -> Option<Seat> {
        self.deal.a_holder(card)
    }

    /// The round in progress.
    pub fn round_kind(&self) -> RoundKind {
        self.deal.kind
    }

    /// Match totals (penalty points of the finished hands), per seat.
    pub fn totals(&self) -> &[u32] {
        &self.totals[..usize::from(self.config.players)]
    }

    /// Penalty points of each finished hand, per seat.
    pub fn results(&self) -> &[Vec<u16>] {
        &self.results
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.over
    }

    /// The winners of a finished match: the lowest total; ties share the win (A10).
    pub fn winners(&self) -> Vec<Seat> {
        self.winners_by_seat().to_vec()
    }

    /// [`State::winners`], held inline (for [`Event::MatchEnded`](crate::Event::MatchEnded)).
    pub(crate) fn winners_by_seat(&self) -> BySeat<Seat> {
        let totals = self.totals();
        let best = totals.iter().copied().min().unwrap_or(0);
        BySeat::new(
            Seat(0),
            Seat::all(totals.len()).filter(|s| totals.get(s.index()) == Some(&best)),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pack_lists_the_dealt_cards_in_slot_order() {
        let slots: Vec<u8> = Cards::number_cards_and_jokers().slots().collect();
        assert_eq!(PACK.to_vec(), slots);
        assert_eq!(DEALT, Cards::number_cards_and_jokers());
    }

    #[test]
    fn the_pack_is_shuffled_as_the_shared_shuffle_does_it() {
        for seed in 0..3000 {
            let mut shared = cards_core::rng::rng_from_seed(seed);
            let mut here = shared.clone();
            let mut want = PACK;
            cards_core::rng::shuffle(&mut shared, &mut want);
            let mut got = [0; ROOM];
            got[..PACK.len()].copy_from_slice(&PACK);
            shuffle_pack(&mut here, &mut got);
            assert_eq!(got[..PACK.len()], want, "seed {seed}");
            assert_eq!(
                cards_core::rng::next_u64(&mut here),
                cards_core::rng::next_u64(&mut shared)
            );
        }
    }

    #[test]
    fn the_rest_of_a_shuffle_continues_it_from_any_swap() {
        // `shuffle_rest` from swap `from`, after the first `from` swaps made without rejection
        // (none is rejected on these seeds): the shared shuffle, and the generator left where
        // it leaves it.
        for seed in 0..200 {
            for from in [0, 1, 50, SWAPS - 1, SWAPS] {
                let mut shared = cards_core::rng::rng_from_seed(seed);
                let mut here = shared.clone();
                let mut want = PACK;
                cards_core::rng::shuffle(&mut shared, &mut want);
                let mut bytes = [0u8; 8 * SWAPS];
                cards_core::rng::fill_bytes(&mut here, &mut bytes);
                let mut got = [0; ROOM];
                got[..PACK.len()].copy_from_slice(&PACK);
                for (i, chunk) in (1..=SWAPS).rev().zip(bytes.chunks_exact(8)).take(from) {
                    let word = u64::from_le_bytes(chunk.try_into().unwrap());
                    let m = u128::from(word) * u128::from(i as u64 + 1);
                    got.swap(i, (m >> 64) as usize);
                }
                shuffle_rest(&mut here, &mut got, &bytes, from);
                assert_eq!(got[..PACK.len()], want, "seed {seed} from {from}");
                assert_eq!(
                    cards_core::rng::next_u64(&mut here),
                    cards_core::rng::next_u64(&mut shared)
                );
            }
        }
    }
}
