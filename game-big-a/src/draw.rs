//! The draw (B3-B5): the stock shuffled from the seed, each card drawn and the exposures it
//! allows, the forced heart Ace or the redeal at its end, the pick-up and the partner's
//! exposure, up to the start of card play.

use cards_core::card::{FrenchCard, Suit};
use cards_core::rng::shuffle;
use cards_core::seat::Seat;

use crate::action::Action;
use crate::error::ActionError;
use crate::event::{Event, ExposeKind, Exposure};
use crate::hand::Hand;
use crate::play::RankMasks;
use crate::rules::{ASKED_DRAWS, Counts, DIR, MAX_REDEALS, PLAYERS};
use crate::state::{Events, PACK_CARDS, Phase, State, ace};

impl State {
    /// The seat that draws the `k`-th card of the hand.
    pub(crate) fn drawer(&self, k: u8) -> Seat {
        self.first_drawer
            .step(PLAYERS, DIR, usize::from(k) % PLAYERS)
    }

    /// Shuffles the seeded pack of this hand and attempt into the stock (reusing its buffer).
    fn shuffle_stock(&mut self) {
        let mut seed = self.seed.derive(u64::from(self.deal));
        if self.attempt > 0 {
            seed = seed.derive(u64::from(self.attempt));
        }
        let pack = &mut self.stock;
        pack.clear();
        pack.extend_from_slice(&PACK_CARDS);
        shuffle(&mut seed.rng(), pack);
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
        // Room for most attempts' actions at once (a draw is 108 of them, play a few hundred).
        self.actions.clear();
        self.actions.reserve(512);
        self.stated = None;
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
        // The seat after the one that drew last (the seat to move), without `drawer`'s modulo.
        let seat = match k {
            0 => self.first_drawer,
            _ => self.turn.next(PLAYERS, DIR),
        };
        self.hands[seat.index()].add(card);
        self.drawn += 1;
        self.turn = seat;
        ev.push(Event::Drew {
            seat,
            card: Some(card),
        });
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
}

/// The exposures the seat to move may make now (B4, B5).
pub(crate) fn expose_options(state: &State, out: &mut Vec<Action>) {
    let s = state.turn.index();
    let hand = &state.hands[s];
    match state.phase {
        Phase::Draw => {
            for suit in Suit::ALL {
                let n = hand.count(ace(suit));
                match (state.declarer, state.declarer_shown) {
                    (None, _) => {
                        if n >= 1 {
                            out.push(Action::Expose { suit, pair: false });
                        }
                        if n >= 2 {
                            out.push(Action::Expose { suit, pair: true });
                        }
                    }
                    (Some(d), 1) if n >= 2 => {
                        let protect = d == state.turn && Some(suit) == state.big_suit;
                        out.push(Action::Expose {
                            suit,
                            pair: !protect,
                        });
                    }
                    _ => {}
                }
            }
        }
        Phase::PartnerExposure { .. } => {
            let (Some(d), Some(suit)) = (state.declarer, state.big_suit) else {
                return;
            };
            if state.declarer_shown != 1 {
                return;
            }
            let n = hand.count(ace(suit));
            let may = if d == state.turn {
                n >= 2
            } else {
                n >= 1 && !state.forced_heart
            };
            if may {
                out.push(Action::Expose { suit, pair: false });
            }
        }
        _ => {}
    }
}

/// Why the seat to move may not expose `suit` (a pair if `pair`) now (B4, B5).
pub(crate) fn check_expose(state: &State, suit: Suit, pair: bool) -> Result<(), ActionError> {
    let what = if pair {
        format!("A{suit}A{suit}")
    } else {
        format!("A{suit}")
    };
    let n = state.hands[state.turn.index()].count(ace(suit));
    match state.phase {
        Phase::Draw => {
            if state.declarer_shown >= 2 {
                return Err(ActionError::Settled);
            }
            if n < 1 + u8::from(pair) {
                return Err(ActionError::NoSuchAce { what });
            }
            if state.declarer.is_some() && !pair {
                if state.declarer == Some(state.turn) && state.big_suit == Some(suit) {
                    if n < 2 {
                        return Err(ActionError::NoSuchAce { what });
                    }
                } else {
                    return Err(ActionError::OnlyPairOvercalls);
                }
            }
        }
        Phase::PartnerExposure { .. } => {
            if pair || state.big_suit != Some(suit) {
                return Err(ActionError::NotTheBigAce);
            }
            if state.declarer_shown >= 2 {
                return Err(ActionError::Settled);
            }
            if state.declarer != Some(state.turn) && state.forced_heart {
                return Err(ActionError::PartnerAfterForcedHeart);
            }
            let need = if state.declarer == Some(state.turn) {
                2
            } else {
                1
            };
            if n < need {
                return Err(ActionError::NoSuchAce { what });
            }
        }
        _ => return Err(ActionError::NotExposing),
    }
    Ok(())
}
