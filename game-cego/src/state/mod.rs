//! The match state, the deal and its phases.

mod position;

use cards_core::Seat;
use cards_core::rng::{Seed, shuffle};
use serde::{Deserialize, Serialize};

pub use position::Position;

use crate::cards::{Card, Cards, removed};
use crate::contract::Contract;
use crate::error::ConfigError;
use crate::error::SetupError;
use crate::event::Event;
use crate::rules::{Config, DealOrder, cego_size, hand_size};
use crate::scoring::{Finished, Score, score, sitting_out_payment};
use crate::seats::{DIR, first_dealer, local_dealer, local_seat, nth, real_seat, seat_of_letter};
use crate::tally::PerPlayer;

/// The step of the auction (cego.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Stage {
    /// Phase one: the player at `next` (0 = Forehand) says Pass, Solo or Ulti.
    PhaseOne {
        /// Index in speaking order.
        next: u8,
    },
    /// Forehand opens phase two (case a) with Cego, Piccolo or Bettel.
    Opening,
    /// The current entrant's first call.
    Entry,
    /// The holder answers the entrant's raise: Hold or Pass.
    Answer,
    /// The entrant, after a Hold: raise again or Pass.
    Again,
    /// Forehand chooses Cego or Räuber after everyone passed his Cego.
    RaeuberChoice,
}

/// The auction's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    /// The current step.
    pub stage: Stage,
    /// Who called Solo in phase one, if anyone (case b).
    pub solo_caller: Option<Seat>,
    /// The current holder.
    pub holder: Seat,
    /// The holder's rung.
    pub rung: Contract,
    /// The entrants in order.
    pub entrants: [Seat; 3],
    /// Index of the current entrant.
    pub entrant: u8,
    /// Whether any entrant has bid (case a: otherwise Räuber may be chosen).
    pub any_bid: bool,
}

/// What the deal is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// The auction.
    Auction,
    /// The soloist exposes the card(s) he keeps.
    Expose {
        /// The first exposed card of a pair.
        first: Option<Card>,
    },
    /// The soloist discards, one card per action.
    Discard {
        /// Discards still to make.
        left: u8,
        /// Whether the cego has been taken up.
        after_pickup: bool,
    },
    /// Card play.
    Play,
    /// The match is over.
    Over,
}

/// A trick being played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    /// Who led.
    pub leader: Seat,
    /// Cards in playing order.
    pub cards: [Option<Card>; 4],
    /// How many cards are down.
    pub len: u8,
    /// The suit to be followed (0 to 3 plain, 4 Trocks).
    pub suit: u8,
    /// The players of the deal: 4, or 3 at three players (cego.md 10), when the trick is
    /// complete with three cards.
    #[serde(default = "four", skip_serializing_if = "is_four")]
    pub seats: u8,
}

impl Trick {
    pub(crate) const fn new(leader: Seat, seats: u8) -> Trick {
        Trick {
            leader,
            cards: [None; 4],
            len: 0,
            suit: 0,
            seats,
        }
    }

    /// The cards with their players.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        let leader = self.leader;
        let n = usize::from(self.seats);
        self.cards
            .iter()
            .enumerate()
            .filter_map(move |(i, c)| c.map(|c| (leader.step(n, DIR, i), c)))
    }
}

/// A completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    /// Trick number, 1 to 11 (1 to 13 at three players).
    pub number: u8,
    /// Who led.
    pub leader: Seat,
    /// Cards in playing order. At three players (`seats == 3`) only the first three are the
    /// trick's; the fourth repeats the lead (see [`TrickRecord::cards`]).
    pub cards: [Card; 4],
    /// Who took it.
    pub winner: Seat,
    /// The players of the deal: 4, or 3 at three players (cego.md 10).
    #[serde(default = "four", skip_serializing_if = "is_four")]
    pub seats: u8,
}

impl TrickRecord {
    /// The cards of the trick in playing order (three at three players, four otherwise).
    pub fn cards(&self) -> &[Card] {
        &self.cards[..usize::from(self.seats).min(4)]
    }

    /// The cards with their players.
    pub fn plays(&self) -> impl Iterator<Item = (Seat, Card)> + '_ {
        let n = usize::from(self.seats);
        self.cards()
            .iter()
            .enumerate()
            .map(move |(i, &c)| (self.leader.step(n, DIR, i), c))
    }
}

/// What determinization knows about the Trocks that came from the cego (forced discards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum CegoTrocks {
    /// Nothing known.
    Unknown,
    /// Every other cego Trock is higher than this number (Two Blanks).
    Above(u8),
    /// Every other cego Trock is lower than this number (Two Different).
    Below(u8),
    /// The cego held no Trock.
    None,
}

/// One deal: the cards, the auction, the contract and the play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Deal number in the match, from 0.
    pub index: u32,
    /// The dealer (D).
    pub dealer: Seat,
    /// Forehand (A), at the dealer's right.
    pub forehand: Seat,
    /// The players of the deal: 4 (at four and at five players, where the dealer sits out), or
    /// 3 at three players (cego.md 10). Seat `S3` is then empty everywhere.
    #[serde(default = "four", skip_serializing_if = "is_four")]
    pub seats: u8,
    /// Each seat's hand.
    pub hands: [Cards; 4],
    /// The cego while it lies in the middle (until taken up; set aside in other contracts).
    pub cego: Cards,
    /// The cego as dealt.
    pub cego_dealt: Cards,
    /// The soloist's discards.
    pub legage: Cards,
    /// The Trock discarded face up in Two Blanks / Two Different.
    pub shown: Option<Card>,
    /// The cards the soloist exposed.
    pub exposed: Cards,
    /// Cards that can never win a trick.
    pub dead: Cards,
    /// The current phase.
    pub phase: Phase,
    /// The auction.
    pub auction: Auction,
    /// Every call, in order.
    pub calls: Vec<(Seat, crate::action::Action)>,
    /// The contract, once fixed.
    pub contract: Option<Contract>,
    /// The soloist (none in Räuber).
    pub soloist: Option<Seat>,
    /// Whether the auction had a Solo call (after-Solo factors).
    pub after_solo: bool,
    /// The seat publicly known to hold Trock 1 (Ulti or Little Man bid).
    pub t1_known: Option<Seat>,
    /// What is known of the cego's Trocks (for determinization).
    pub cego_trocks: CegoTrocks,
    /// Tricks completed.
    pub trick_no: u8,
    /// The current trick(s): two during the double lead.
    pub tricks: [Trick; 2],
    /// Whether tricks 1 and 2 are being played together.
    pub double: bool,
    /// The seat to move.
    pub to_move: Seat,
    /// Each seat's won cards.
    pub won: [Cards; 4],
    /// Each seat's number of tricks.
    pub tricks_won: [u8; 4],
    /// Suits each seat has shown to be void in (bit per suit code).
    pub voids: [u8; 4],
    /// Completed tricks.
    pub history: Vec<TrickRecord>,
}

/// A whole match.
///
/// Deserialisation checks the state with [`State::validate`] and refuses an inconsistent one
/// with the [`InvalidState`](crate::InvalidState) that names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    /// The match seed every deal is shuffled from (G1, CG1).
    pub(crate) seed: Seed,
    /// The first deal the match seed deals (G1, CG1): 1 when the match started from the seed or
    /// from a stated first deal; after a determinization, the deal after the redealt one (the
    /// redealt deal is a stated position and the later ones come from a fresh seed).
    #[serde(default = "one", skip_serializing_if = "is_one")]
    pub(crate) seeded_from: u32,
    /// Under the Gstieß ending ([`Config::gstiess_ending`]): the index (from 0) of the match's
    /// last deal, once the holder of the Gstieß has been noted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) gstiess_last: Option<u32>,
    /// At five players (cego.md 3): the real seat of this deal's dealer, who sits out the deal.
    /// The [`Deal`] is then played by the other four in *local* seats `S0`-`S3`, the real
    /// seats in index order without the one sitting out ([`State::real_seat`],
    /// [`State::local_seat`]); everything the [`Game`](cards_core::Game) interface shows (the
    /// seat to move, views, events, totals) is in real seats. `None` at four players, where
    /// local and real seats are the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) sitting_out: Option<Seat>,
    /// The current (or last) deal, in local seats (see `sitting_out`).
    pub deal: Deal,
    /// Match totals per (real) seat: one entry per player.
    pub totals: PerPlayer,
    /// Payments of each finished deal, per (real) seat.
    pub results: Vec<PerPlayer>,
    /// Whether the match is over.
    pub over: bool,
}

const fn one() -> u32 {
    1
}

const fn four() -> u8 {
    4
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_four(n: &u8) -> bool {
    *n == 4
}

#[allow(clippy::trivially_copy_pass_by_ref)]
const fn is_one(n: &u32) -> bool {
    *n == 1
}

cards_core::serde_validated!(State);

/// The player noted as the holder of the Gstieß in a finished deal (cego.md 3, Gstieß ending):
/// the player it was dealt to; when it lay in the cego, the soloist who took the cego up, or,
/// when nobody took the cego (Solo, Ulti, Piccolo, Bettel, Räuber), the dealer who dealt it
/// there. Every case is public once the deal is over (the card was played by its holder, went
/// through the soloist's hands, or was shown with the cego).
///
/// The seat is one of the deal's (local) seats; at five players [`State::gstiess_holder`]
/// gives the real seat.
pub fn gstiess_holder(d: &Deal) -> Seat {
    let gs = Card::GSTIESS;
    if d.cego_dealt.contains(gs) {
        return match (d.contract, d.soloist) {
            (Some(c), Some(s)) if c.takes_cego() => s,
            _ => d.dealer,
        };
    }
    if let (true, Some(s)) = (d.legage.contains(gs), d.soloist) {
        return s;
    }
    if let Some(s) = (0..d.seats).map(Seat).find(|&s| d.hand(s).contains(gs)) {
        return s;
    }
    d.history
        .iter()
        .find_map(|t| t.plays().find(|&(_, c)| c == gs).map(|(s, _)| s))
        .unwrap_or(d.dealer)
}

impl Deal {
    /// A new deal of `seats` players (3 or 4) from a position.
    pub(crate) fn new(index: u32, position: &Position, seats: u8) -> Deal {
        let n = usize::from(seats);
        let forehand = position.dealer.next(n, DIR);
        Deal {
            index,
            dealer: position.dealer,
            forehand,
            seats,
            hands: position.hands,
            cego: position.cego,
            cego_dealt: position.cego,
            legage: Cards::EMPTY,
            shown: None,
            exposed: Cards::EMPTY,
            dead: Cards::EMPTY,
            phase: Phase::Auction,
            auction: Auction {
                stage: Stage::PhaseOne { next: 0 },
                solo_caller: None,
                holder: forehand,
                rung: Contract::Cego,
                entrants: [
                    nth(forehand, 1, seats),
                    nth(forehand, 2, seats),
                    nth(forehand, 3, seats),
                ],
                entrant: 0,
                any_bid: false,
            },
            calls: Vec::with_capacity(16),
            contract: None,
            soloist: None,
            after_solo: false,
            t1_known: None,
            cego_trocks: CegoTrocks::Unknown,
            trick_no: 0,
            tricks: [Trick::new(forehand, seats); 2],
            double: false,
            to_move: forehand,
            won: [Cards::EMPTY; 4],
            tricks_won: [0; 4],
            voids: [0; 4],
            history: Vec::with_capacity(hand_size(n)),
        }
    }

    /// The number of players of the deal as a `usize` (3 or 4).
    pub(crate) const fn n(&self) -> usize {
        self.seats as usize
    }

    /// The number of tricks of the deal: 11, or 13 at three players (cego.md 10).
    pub const fn tricks_per_deal(&self) -> u8 {
        hand_size(self.seats as usize) as u8
    }

    /// The seat `k` places after Forehand in speaking order.
    pub(crate) fn nth(&self, k: usize) -> Seat {
        nth(self.forehand, k, self.seats)
    }

    /// The tricks on the table: none outside the card play, both during the double lead of
    /// tricks 1 and 2, else the current one.
    pub(crate) fn on_table(&self) -> &[Trick] {
        let n = match self.phase {
            Phase::Play if self.double && self.trick_no == 0 => 2,
            Phase::Play => 1,
            _ => 0,
        };
        &self.tricks[..n]
    }

    /// The cards each seat has played in this deal (raw masks by seat index).
    pub(crate) fn played(&self) -> [u128; 4] {
        let mut played = [0u128; 4];
        let tricks = self.history.iter().flat_map(TrickRecord::plays);
        for (s, c) in tricks.chain(self.on_table().iter().flat_map(Trick::plays)) {
            if let Some(p) = played.get_mut(s.index()) {
                *p |= c.bit();
            }
        }
        played
    }

    /// The seat's hand.
    pub fn hand(&self, seat: Seat) -> Cards {
        self.hands.get(seat.index()).copied().unwrap_or_default()
    }

    /// Who won trick `number` (1 to 11, 13 at three players) of this deal, or `None` while that trick is not
    /// complete. Every completed trick, with its leader and cards, is in [`Deal::history`].
    pub fn trick_winner(&self, number: u8) -> Option<Seat> {
        self.history
            .iter()
            .find(|t| t.number == number)
            .map(|t| t.winner)
    }

    /// The seat of one of the rule text's letters A to D (A to C at three players) in this
    /// deal ([`seat_of_letter`]).
    pub fn seat_of_letter(&self, letter: char) -> Option<Seat> {
        seat_of_letter(letter, self.dealer, self.n())
    }
}

/// The deal of `index` shuffled from the match seed for a deal of `seats` players (CG1
/// packets: A 0-10, B 11-21, C 22-32, D 33-43, cego 44-53; at three players, ruling 3P1,
/// the 51 cards of the short pack in index order are shuffled alike and dealt A 0-12, B 13-25,
/// C 26-38, cego 39-50).
pub(crate) fn dealt_position(
    seed: Seed,
    index: u32,
    dealer: Seat,
    order: DealOrder,
    seats: u8,
) -> Position {
    let n = usize::from(seats);
    let (hand, cego) = (hand_size(n), cego_size(n));
    // The pack in card order: a copy of a constant (no per-card work).
    let (mut pack, len) = if n == 3 {
        (PACK_OF_THREE, 51)
    } else {
        (PACK_OF_FOUR, 54)
    };
    let pack = &mut pack[..len];
    let mut rng = seed.derive(u64::from(index)).rng();
    shuffle(&mut rng, pack);
    let forehand = dealer.next(n, DIR);
    let (first_hand, cego_at) = match order {
        DealOrder::PlayersFirst => (0, n * hand),
        DealOrder::CegoFirst => (cego, 0),
    };
    // Masks built bit by bit (a collect into a set goes through the iterator machinery).
    // (The 54 cards fit in one 64-bit word.)
    let mask = |cards: &[u8]| u128::from(cards.iter().fold(0u64, |m, &i| m | (1u64 << (i & 63))));
    let mut hands = [Cards::EMPTY; 4];
    for k in 0..n {
        let at = first_hand + hand * k;
        hands[nth(forehand, k, seats).index()] = Cards::from_bits(mask(&pack[at..at + hand]));
    }
    Position {
        dealer,
        hands,
        cego: Cards::from_bits(mask(&pack[cego_at..cego_at + cego])),
    }
}

/// The card indices of the 54-card pack in card order.
const PACK_OF_FOUR: [u8; 54] = {
    let mut p = [0u8; 54];
    let mut i = 0;
    while i < 54 {
        p[i] = i as u8;
        i += 1;
    }
    p
};

/// The card indices of the 51-card pack of three players (cego.md 10) in card order, padded
/// to 54 (only the first 51 are used).
const PACK_OF_THREE: [u8; 54] = {
    let mut p = [0u8; 54];
    let (mut i, mut k) = (0, 0);
    while i < 54 {
        if crate::cards::REMOVED_AT_THREE & (1u128 << i) == 0 {
            p[k] = i as u8;
            k += 1;
        }
        i += 1;
    }
    p
};

impl State {
    /// A new match from a seed.
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new_seeded(config, Seed::Short(seed))
    }

    /// A new match from a seed, a 64-bit seed or a 256-bit key: the first dealer and every
    /// deal come from it (G1, CG1).
    ///
    /// # Errors
    /// An invalid configuration.
    pub fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        config.validate()?;
        let dealer = first_dealer(seed, config.players);
        let sitting_out = (config.players == 5).then_some(dealer);
        let local_dealer = local_dealer(sitting_out, dealer);
        let position = dealt_position(
            seed,
            0,
            local_dealer,
            config.deal_order,
            config.seats() as u8,
        );
        Ok(State::start(config, seed, sitting_out, &position))
    }

    /// A match whose first deal starts from a stated position (later deals come from `seed`).
    ///
    /// At five players `position.dealer` is the real seat of the dealer, who sits out the deal
    /// (`S0` to `S4`), and `position.hands` are the hands of the four other seats in seat-index
    /// order (with `S2` dealing: `S0`, `S1`, `S3`, `S4`). At three players the position holds
    /// 13 cards for each of `S0`-`S2`, none for `S3` and 12 in the cego (cego.md 10).
    ///
    /// # Errors
    /// An invalid configuration or position.
    pub fn from_position(
        config: &Config,
        seed: u64,
        position: &Position,
    ) -> Result<State, SetupError> {
        config.validate()?;
        if config.players == 5 {
            if position.dealer.index() >= 5 {
                return Err(SetupError::Dealer(position.dealer));
            }
            let sitting_out = Some(position.dealer);
            let local = Position {
                dealer: local_dealer(sitting_out, position.dealer),
                hands: position.hands,
                cego: position.cego,
            };
            local.validate()?;
            return Ok(State::start(config, Seed::Short(seed), sitting_out, &local));
        }
        position.validate_for(config.seats())?;
        Ok(State::start(config, Seed::Short(seed), None, position))
    }

    fn start(config: &Config, seed: Seed, sitting_out: Option<Seat>, position: &Position) -> State {
        State {
            config: config.clone(),
            seed,
            seeded_from: 1,
            gstiess_last: None,
            sitting_out,
            deal: Deal::new(0, position, config.seats() as u8),
            totals: PerPlayer::zeros(config.players),
            results: Vec::new(),
            over: false,
        }
    }

    /// The number of players at the table (3, 4 or 5).
    pub fn players(&self) -> usize {
        self.config.players
    }

    /// At five players, the seat of the current deal's dealer, who sits out the deal and pays or
    /// receives like a defender (cego.md 3); `None` at four players.
    pub fn sitting_out(&self) -> Option<Seat> {
        self.sitting_out
    }

    /// The real seat of the current deal's dealer (at five players the one sitting out).
    pub fn dealer(&self) -> Seat {
        self.sitting_out.unwrap_or(self.deal.dealer)
    }

    /// The holder of the Gstieß in the current deal once it is over, as [`gstiess_holder`]
    /// notes him, in real seats: at five players, when the Gstieß lay in a cego nobody took up,
    /// the dealer who sat out and dealt it there.
    pub fn gstiess_holder(&self) -> Seat {
        let d = &self.deal;
        match self.sitting_out {
            Some(out)
                if d.cego_dealt.contains(Card::GSTIESS)
                    && !d.contract.is_some_and(Contract::takes_cego) =>
            {
                out
            }
            _ => self.real_seat(gstiess_holder(d)),
        }
    }

    /// The real seat of a local seat of the deal (the same seat at four players).
    pub fn real_seat(&self, local: Seat) -> Seat {
        real_seat(self.sitting_out, local)
    }

    /// The local seat of the deal of a real seat, `None` for the seat sitting out (the same
    /// seat at four players).
    pub fn local_seat(&self, real: Seat) -> Option<Seat> {
        local_seat(self.sitting_out, real)
    }

    /// Every card where it is now, by name ([`cards_core::GameState::census`](cards_core::GameState::census)): the
    /// hands and won piles of the deal's seats, the cego, the Legage and the cards on the table.
    pub(crate) fn census(&self) -> Vec<String> {
        let d = &self.deal;
        let mut all = Vec::with_capacity(54);
        let mut push = |set: Cards| all.extend(set.iter().map(|c| c.to_string()));
        for i in 0..d.n() {
            push(d.hands[i]);
            push(d.won[i]);
        }
        push(d.cego);
        push(d.legage);
        for t in d.on_table() {
            all.extend(t.plays().map(|(_, c)| c.to_string()));
        }
        all
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The narration of the start of the current deal (who deals, each hand), in real seats.
    pub fn deal_events(&self) -> Vec<Event> {
        let d = &self.deal;
        let mut ev = vec![Event::DealStarted {
            deal: d.index + 1,
            dealer: self.dealer(),
            forehand: self.real_seat(d.forehand),
            sits_out: self.sitting_out.is_some(),
        }];
        for k in 0..d.n() {
            let seat = d.nth(k);
            ev.push(Event::Dealt {
                seat: self.real_seat(seat),
                hand: Some(d.hand(seat)),
                cards: d.tricks_per_deal(),
            });
        }
        ev
    }

    /// The index (from 0) of the match's last deal, when it is known: `deals − 1`, or under
    /// the Gstieß ending the deal the noted holder of the Gstieß deals (cego.md 3).
    pub fn last_deal(&self) -> Option<u32> {
        if self.config.gstiess_ending {
            self.gstiess_last
        } else {
            Some(self.config.deals.saturating_sub(1))
        }
    }

    /// Scores the deal that just ended (its payments, the cego shown, the match totals) and
    /// starts the next deal or ends the match.
    pub(crate) fn end_deal(&mut self, events: &mut Vec<Event>) {
        let d = &self.deal;
        let Some(contract) = d.contract else { return };
        let s = d.soloist.unwrap_or(d.forehand);
        let set_aside = match contract {
            Contract::Solo => d.cego,
            c if c.takes_cego() => d.legage,
            _ => Cards::EMPTY,
        };
        // At three players the three removed cards count for the soloist (cego.md 10) as the
        // set-aside cards do: only when he took a trick.
        let set_aside = set_aside | removed(d.n());
        let t1_took_last = d.history.last().is_some_and(|t| {
            t.winner == s
                && t.number == d.tricks_per_deal()
                && t.plays().any(|(p, c)| p == s && c == Card::T1)
        });
        let finished = Finished {
            seats: d.n(),
            contract,
            soloist: s.index(),
            forehand: d.forehand.index(),
            after_solo: d.after_solo,
            soloist_called_solo: d.auction.solo_caller == d.soloist,
            won: d.won,
            tricks: d.tricks_won,
            set_aside,
            t1_took_last,
        };
        let (mut local, mut how) = score(&finished, &self.config);
        // At five players the dealer sat out: he pays or receives like a defender (cego.md 3).
        let mut payments = PerPlayer::zeros(self.config.players);
        if let Some(out) = self.sitting_out {
            let own = sitting_out_payment(&finished, &self.config, &mut local);
            if let Some(p) = payments.get_mut(out.index()) {
                *p = own;
            }
            if let Score::Raeuber { sits_out, .. } = &mut how {
                *sits_out = Some(out);
            }
        }
        for (k, &p) in local.iter().enumerate() {
            let seat = self.real_seat(Seat(k as u8));
            if let Some(x) = payments.get_mut(seat.index()) {
                *x = p;
            }
        }
        if !d.cego.is_empty() {
            events.push(Event::CegoShown { cards: d.cego });
        }
        for (t, p) in self.totals.iter_mut().zip(payments.iter()) {
            *t += p;
        }
        events.push(Event::Scored {
            contract,
            soloist: d.soloist.map(|s| self.real_seat(s)),
            score: how,
            payments,
            totals: self.totals,
        });
        self.results.push(payments);
        self.next_deal(events);
    }

    /// Starts the next deal or ends the match, after a deal is scored.
    pub(crate) fn next_deal(&mut self, events: &mut Vec<Event>) {
        let next = self.deal.index + 1;
        let players = self.players();
        if self.config.gstiess_ending && self.deal.index == self.config.deals {
            // The deal after "Der Gstieß gibt ab": its holder deals the last deal.
            let holder = self.gstiess_holder();
            let dealer = self.dealer();
            let k = (1..=players as u32)
                .find(|&k| dealer.step(players, DIR, k as usize) == holder)
                .unwrap_or(players as u32);
            let last = self.deal.index + k;
            self.gstiess_last = Some(last);
            events.push(Event::GstiessNoted {
                seat: holder,
                last_deal: last + 1,
            });
        }
        if self.last_deal().is_some_and(|last| next > last) {
            self.over = true;
            self.deal.phase = Phase::Over;
            events.push(Event::MatchOver {
                totals: self.totals,
            });
            return;
        }
        // The deal passes to the right: the next dealer is this deal's forehand.
        let dealer = self.real_seat(self.deal.forehand);
        self.sitting_out = self.sitting_out.map(|_| dealer);
        let local = local_dealer(self.sitting_out, dealer);
        let seats = self.deal.seats;
        let position = dealt_position(self.seed, next, local, self.config.deal_order, seats);
        self.deal = Deal::new(next, &position, seats);
        if self.config.gstiess_ending && next == self.config.deals {
            events.push(Event::GstiessAnnounced { deal: next + 1 });
        }
        events.extend(self.deal_events());
    }
}
