//! The match state, turns and rounds (rulings C2, C6, C7, C8).

use cards_core::rng::{Seed, below, shuffle};
use cards_core::seat::{Direction, PerSeat, Seat};
use serde::{Deserialize, Serialize};

use crate::action::{Action, End};
use crate::cards::{Card, Hand, pack};
use crate::error::ConfigError;
use crate::event::{Event, stand_text};
use crate::meld::{Meld, MeldSpec, Shape};
use crate::rules::{Config, RoundInfo, card_points};

/// Where the match stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    /// A player's turn.
    Turn {
        /// The player.
        seat: Seat,
        /// Whether they already put something down this turn.
        put_down: bool,
        /// Whether this is a final turn after someone went out (C7).
        final_turn: bool,
    },
    /// The match is over.
    Over,
}

/// A whole match: the round in play and what passes between rounds.
///
/// Deserializing checks the state with [`State::validate`] and refuses an inconsistent one
/// with the [`InvalidState`](crate::InvalidState) message that names what is wrong.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(remote = "Self")]
pub struct State {
    pub(crate) config: Config,
    /// The match seed every round is dealt from (G1).
    pub(crate) seed: Seed,
    /// Index of the deal within the match (0-based).
    pub(crate) deal: u8,
    pub(crate) info: RoundInfo,
    pub(crate) dealer: Seat,
    pub(crate) hands: PerSeat<Hand>,
    /// The stock; its top is the last element.
    pub(crate) stock: Vec<Card>,
    pub(crate) melds: Vec<Meld>,
    pub(crate) phase: Phase,
    pub(crate) passes: u8,
    pub(crate) went_out: Option<Seat>,
    pub(crate) totals: PerSeat<u32>,
    pub(crate) tallies: PerSeat<u32>,
    pub(crate) last_points: Option<Vec<u32>>,
}

cards_core::serde_validated!(State);

/// A stated position to start a round from (worked examples, tests).
#[derive(Clone, Debug, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Position {
    /// The round, 1 to 11 (within the configuration's rounds).
    pub round: u8,
    /// The dealer.
    pub dealer: u8,
    /// The player to move (a normal turn, nothing put down yet).
    pub to_move: u8,
    /// Each seat's hand, in notation (`"7h 8h Jk"`).
    pub hands: Vec<String>,
    /// Melds already on the table: owner and notation (a run in place order).
    pub melds: Vec<(u8, String)>,
    /// The stock, top card first; `None`: the rest of the pack in face order.
    pub stock: Option<String>,
    /// Totals carried in from earlier rounds (empty: zeros).
    pub totals: Vec<u32>,
}

fn perr(msg: impl Into<String>) -> ConfigError {
    ConfigError::Position(msg.into())
}

/// The stated hands, their cards counted into `used`.
fn stated_hands(pos: &Position, used: &mut Hand) -> Result<Vec<Hand>, ConfigError> {
    let mut hands = Vec::new();
    for text in &pos.hands {
        let cards = crate::cards::parse_cards(text).map_err(|e| perr(e.to_string()))?;
        let h: Hand = cards.iter().copied().collect();
        for c in cards {
            used.add(c);
        }
        hands.push(h);
    }
    Ok(hands)
}

/// The stated melds, each valid in the round (C4), their cards counted into `used`.
fn stated_melds(
    pos: &Position,
    n: usize,
    info: RoundInfo,
    used: &mut Hand,
) -> Result<Vec<Meld>, ConfigError> {
    let mut melds = Vec::new();
    for (owner, text) in &pos.melds {
        if usize::from(*owner) >= n {
            return Err(perr("meld owner out of range"));
        }
        let m = Meld::parse(Seat(*owner), text).map_err(|e| perr(e.to_string()))?;
        if !m.is_valid(info) {
            return Err(perr(format!(
                "meld {text} is not valid in round {}",
                pos.round
            )));
        }
        for &c in m.cards() {
            used.add(c);
        }
        melds.push(m);
    }
    Ok(melds)
}

/// The stock, top card last: as stated, or else the rest of the pack `full` in face order;
/// its cards counted into `used`.
fn stated_stock(pos: &Position, full: &Hand, used: &mut Hand) -> Result<Vec<Card>, ConfigError> {
    let mut stock = if let Some(text) = &pos.stock {
        crate::cards::parse_cards(text).map_err(|e| perr(e.to_string()))?
    } else {
        let mut rest = Vec::new();
        for c in full.iter() {
            let have = used.count(c) + rest.iter().filter(|&&x| x == c).count() as u8;
            if have < full.count(c) {
                rest.push(c);
            }
        }
        rest
    };
    for &c in &stock {
        used.add(c);
    }
    stock.reverse();
    Ok(stock)
}

impl State {
    /// The round's facts.
    pub fn round_info(&self) -> &RoundInfo {
        &self.info
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// A seat's hand.
    pub fn hand(&self, seat: Seat) -> &Hand {
        &self.hands[seat]
    }

    /// The melds on the table (meld `n` in notation is index `n - 1`).
    pub fn melds(&self) -> &[Meld] {
        &self.melds
    }

    /// Cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }

    /// Match totals (points, lower is better).
    pub fn totals(&self) -> &PerSeat<u32> {
        &self.totals
    }

    /// Go-out tallies (C8).
    pub fn tallies(&self) -> &PerSeat<u32> {
        &self.tallies
    }

    /// The dealer of the round.
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// Starts a round from a stated position, validated: every card at most as often as the
    /// pack holds it, melds valid, with a stated stock exactly the pack, and totals no more
    /// than the earlier rounds can give (the state passes [`State::validate`]).
    ///
    /// # Errors
    /// When the configuration or the position is invalid.
    pub fn from_position(config: &Config, pos: &Position) -> Result<State, ConfigError> {
        config.validate()?;
        let n = config.players;
        let last = config.first_round + config.rounds - 1;
        if pos.round < config.first_round || pos.round > last {
            return Err(perr(format!(
                "round {} is outside the match's rounds {}..={last}",
                pos.round, config.first_round
            )));
        }
        if pos.hands.len() != n || usize::from(pos.dealer) >= n || usize::from(pos.to_move) >= n {
            return Err(perr(format!("{n} hands and seats below {n} are needed")));
        }
        let info = config.round_info(pos.round);
        let mut used = Hand::new();
        let hands = stated_hands(pos, &mut used)?;
        let melds = stated_melds(pos, n, info, &mut used)?;
        let full: Hand = pack(config.jokers).into_iter().collect();
        let stock = stated_stock(pos, &full, &mut used)?;
        if used != full {
            let extra = used.iter().find(|&c| used.count(c) > full.count(c));
            return Err(perr(match extra {
                Some(c) => format!("{c} appears more often than the pack holds it"),
                None => "the cards stated do not make up the pack".to_owned(),
            }));
        }
        let totals = if pos.totals.is_empty() {
            vec![0; n]
        } else if pos.totals.len() == n {
            pos.totals.clone()
        } else {
            return Err(perr("one total per seat"));
        };
        let state = State {
            config: config.clone(),
            seed: Seed::Short(0),
            deal: pos.round - config.first_round,
            info,
            dealer: Seat(pos.dealer),
            hands: PerSeat(hands),
            stock,
            melds,
            phase: Phase::Turn {
                seat: Seat(pos.to_move),
                put_down: false,
                final_turn: false,
            },
            passes: 0,
            went_out: None,
            totals: PerSeat(totals),
            tallies: PerSeat::filled(n, 0),
            last_points: None,
        };
        state.validate().map_err(|e| perr(e.to_string()))?;
        Ok(state)
    }

    /// A new match: the dealer drawn from the seed, the first round dealt (C2).
    ///
    /// # Errors
    /// When the configuration is invalid.
    pub(crate) fn start(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        config.validate()?;
        let n = config.players;
        let mut rng = seed.derive(u64::MAX).rng();
        let dealer = Seat(below(&mut rng, n as u64) as u8);
        let mut s = State {
            config: config.clone(),
            seed,
            deal: 0,
            info: config.round_info(config.first_round),
            dealer,
            hands: PerSeat::filled(n, Hand::new()),
            stock: Vec::new(),
            melds: Vec::with_capacity(32),
            phase: Phase::Over,
            passes: 0,
            went_out: None,
            totals: PerSeat::filled(n, 0),
            tallies: PerSeat::filled(n, 0),
            last_points: None,
        };
        s.deal_round(&mut Vec::new());
        Ok(s)
    }

    /// Applies a legal action of the seat to move, unchecked (the engine's `apply` checks it
    /// first).
    pub(crate) fn apply(&mut self, action: &Action, events: &mut Vec<Event>) {
        let Phase::Turn {
            seat, final_turn, ..
        } = self.phase
        else {
            return;
        };
        match *action {
            Action::Draw => self.draw(seat, events),
            Action::Pass => self.pass(seat, events),
            Action::Done => {
                events.push(Event::Done { seat });
                if !final_turn {
                    self.passes = 0;
                }
                self.end_turn(seat, final_turn, events);
            }
            Action::Meld(ref spec) => self.meld(seat, spec, final_turn, events),
            Action::Add { meld, card, end } => {
                self.add(seat, (meld, card, end), final_turn, events);
            }
        }
    }

    /// `seat` draws the top card of the stock and ends its turn (C6).
    fn draw(&mut self, seat: Seat, events: &mut Vec<Event>) {
        let card = self.stock.pop();
        if let Some(c) = card {
            self.hands[seat].add(c);
        }
        self.passes = 0;
        events.push(Event::Drew { seat, card });
        self.end_turn(seat, false, events);
    }

    /// `seat` passes; when every player has passed in a row, the round is blocked (C6).
    fn pass(&mut self, seat: Seat, events: &mut Vec<Event>) {
        self.passes += 1;
        events.push(Event::Passed { seat });
        if usize::from(self.passes) >= self.config.players {
            events.push(Event::Blocked);
            self.score_round(events);
        } else {
            self.end_turn(seat, false, events);
        }
    }

    /// `seat` puts a new meld down (C4, C5).
    fn meld(&mut self, seat: Seat, spec: &MeldSpec, final_turn: bool, events: &mut Vec<Event>) {
        for &c in spec.cards() {
            self.hands[seat].remove(c);
        }
        let meld = Meld::from_spec(seat, spec);
        self.melds.push(meld);
        events.push(Event::Melded {
            seat,
            number: self.melds.len(),
            meld,
        });
        self.after_put_down(seat, final_turn, events);
    }

    /// `seat` adds `card` to its meld `meld` (0-based) at the end `end` (C4).
    fn add(
        &mut self,
        seat: Seat,
        (meld, card, end): (u8, Card, End),
        final_turn: bool,
        events: &mut Vec<Event>,
    ) {
        let Some(m) = self.melds.get_mut(usize::from(meld)) else {
            return;
        };
        let low = match (end, m.shape()) {
            (End::Low, _) => true,
            (End::Own, Shape::Run { lo, .. }) => card.rank_number() + 1 == lo,
            _ => false,
        };
        self.hands[seat].remove(card);
        let st = m.add(card, low);
        events.push(Event::Added {
            seat,
            number: usize::from(meld) + 1,
            card,
            stands_for: stand_text(st),
        });
        if !final_turn {
            self.passes = 0;
        }
        self.after_put_down(seat, final_turn, events);
    }

    fn deal_round(&mut self, events: &mut Vec<Event>) {
        let n = self.config.players;
        let round = self.config.first_round + self.deal;
        self.info = self.config.round_info(round);
        let mut cards = pack(self.config.jokers);
        let mut rng = self.seed.derive(u64::from(self.deal)).rng();
        shuffle(&mut rng, &mut cards);
        for h in &mut self.hands.0 {
            *h = Hand::new();
        }
        let first = self.dealer.next(n, Direction::Clockwise);
        for _ in 0..self.info.hand {
            for s in first.cycle_from(n, Direction::Clockwise) {
                if let Some(c) = cards.pop() {
                    self.hands[s].add(c);
                }
            }
        }
        self.stock = cards;
        self.melds.clear();
        self.passes = 0;
        self.went_out = None;
        self.phase = Phase::Turn {
            seat: first,
            put_down: false,
            final_turn: false,
        };
        events.push(Event::RoundStarted {
            info: self.info,
            dealer: self.dealer,
        });
        for s in Seat::all(n) {
            events.push(Event::Dealt {
                seat: s,
                cards: Some(self.hands[s].iter().collect()),
                count: self.hands[s].len(),
            });
        }
    }

    fn score_round(&mut self, events: &mut Vec<Event>) {
        let n = self.config.players;
        let points: Vec<u32> = Seat::all(n)
            .map(|s| self.hands[s].iter().map(card_points).sum())
            .collect();
        for s in Seat::all(n) {
            self.totals[s] += points[s.index()];
        }
        events.push(Event::RoundScored {
            round: self.info.round,
            points: points.clone(),
            totals: self.totals.0.clone(),
        });
        self.last_points = Some(points);
        if self.deal + 1 < self.config.rounds {
            self.deal += 1;
            self.dealer = self.dealer.next(n, Direction::Clockwise);
            self.deal_round(events);
        } else {
            self.phase = Phase::Over;
            let best = self.totals.0.iter().copied().min().unwrap_or(0);
            events.push(Event::MatchOver {
                totals: self.totals.0.clone(),
                tallies: self.tallies.0.clone(),
                winners: Seat::all(n).filter(|&s| self.totals[s] == best).collect(),
            });
        }
    }

    fn end_turn(&mut self, seat: Seat, final_turn: bool, events: &mut Vec<Event>) {
        let n = self.config.players;
        let next = seat.next(n, Direction::Clockwise);
        if final_turn {
            if Some(next) == self.went_out {
                self.score_round(events);
            } else {
                self.phase = Phase::Turn {
                    seat: next,
                    put_down: false,
                    final_turn: true,
                };
            }
            return;
        }
        if self.hands[seat].is_empty() {
            self.went_out = Some(seat);
            self.tallies[seat] += 1;
            events.push(Event::WentOut { seat });
            self.phase = Phase::Turn {
                seat: next,
                put_down: false,
                final_turn: true,
            };
        } else {
            self.phase = Phase::Turn {
                seat: next,
                put_down: false,
                final_turn: false,
            };
        }
    }

    fn after_put_down(&mut self, seat: Seat, final_turn: bool, events: &mut Vec<Event>) {
        if self.hands[seat].is_empty() {
            self.end_turn(seat, final_turn, events);
        } else {
            self.phase = Phase::Turn {
                seat,
                put_down: true,
                final_turn,
            };
        }
    }
}
