//! Stated positions: a stacked pack, or a position at card play, validated before they become
//! a game.

use cards_core::card::{FrenchCard, Suit};
use cards_core::seat::Seat;

use crate::hand::Hand;
use crate::rules::Config;
use crate::state::{PACK, PLAYERS, Phase, State, ace, full_pack};

/// Why a stated position is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A stacked pack must hold the 108 cards, each face twice.
    #[error("a stacked pack holds each of the 54 faces exactly twice, 108 cards (B1)")]
    Pack,
    /// A card appears more often than the double pack has it.
    #[error("{card} appears {count} times; the double pack has two (G4)")]
    TooMany {
        /// The card.
        card: FrenchCard,
        /// How often it was given.
        count: usize,
    },
    /// A seat that is out must have no cards, and a seat with no cards must be out.
    #[error("{seat}: the seats out are exactly those without cards (B10)")]
    Out {
        /// The seat.
        seat: Seat,
    },
    /// The declarer must be distinct from the partner, the leader must hold cards.
    #[error("inconsistent teams or leader: {0} (B6)")]
    Teams(&'static str),
    /// The configuration is refused.
    #[error(transparent)]
    Config(#[from] crate::rules::ConfigError),
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
        let mut s = State::blank(config, seed, first_drawer);
        let mut ev = Vec::new();
        s.begin_attempt(Some(pack.to_vec()), &mut ev);
        Ok(s)
    }

    /// A match whose first hand starts at card play from a stated position.
    ///
    /// # Errors
    /// Too many copies of a card, out seats with cards, or inconsistent teams.
    pub fn from_play(config: &Config, seed: u64, setup: &PlaySetup) -> Result<State, SetupError> {
        config.validate()?;
        let mut all = Hand::new();
        for h in &setup.hands {
            for &c in h {
                all.add(c);
                if all.count(c) > 2 {
                    return Err(SetupError::TooMany {
                        card: c,
                        count: setup.hands.iter().flatten().filter(|&&x| x == c).count(),
                    });
                }
            }
        }
        for seat in Seat::all(PLAYERS) {
            if setup.out.contains(&seat) != setup.hands[seat.index()].is_empty() {
                return Err(SetupError::Out { seat });
            }
        }
        if setup.partner == Some(setup.declarer) {
            return Err(SetupError::Teams("the partner is not the declarer"));
        }
        if setup.hands[setup.leader.index()].is_empty() {
            return Err(SetupError::Teams("the leader must hold cards"));
        }
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
        Ok(s)
    }
}
