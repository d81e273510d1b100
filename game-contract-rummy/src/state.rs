//! The match state, turns and rounds (rulings C2, C6, C7, C8), and the [`Game`] impl.

use cards_core::Game;
use cards_core::rng::{GameRng, below, derive_seed, rng_from_seed, shuffle};
use cards_core::seat::{Direction, PerSeat, Seat};
use serde::{Deserialize, Serialize};

use crate::action::{Action, End};
use crate::cards::{Card, Hand, pack};
use crate::error::ActionError;
use crate::event::{Event, stand_text};
use crate::legal::{can_put_down, check_add, check_meld, put_downs};
use crate::meld::{Meld, Shape};
use crate::rules::{Config, ConfigError, RoundInfo, card_points};
use crate::view::View;

/// The game: 3 to 13, a progressive contract rummy.
#[derive(Clone, Copy, Debug, Default)]
pub struct ContractRummy;

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
    pub(crate) seed: u64,
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
        let mut hands = Vec::new();
        for text in &pos.hands {
            let cards = crate::cards::parse_cards(text).map_err(|e| perr(e.to_string()))?;
            let h: Hand = cards.iter().copied().collect();
            for c in cards {
                used.add(c);
            }
            hands.push(h);
        }
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
        let full: Hand = pack(config.jokers).into_iter().collect();
        let stock = if let Some(text) = &pos.stock {
            let mut s = crate::cards::parse_cards(text).map_err(|e| perr(e.to_string()))?;
            for &c in &s {
                used.add(c);
            }
            s.reverse();
            s
        } else {
            {
                let mut rest = Vec::new();
                for c in full.iter() {
                    let have = used.count(c) + rest.iter().filter(|&&x| x == c).count() as u8;
                    if have < full.count(c) {
                        rest.push(c);
                    }
                }
                for &c in &rest {
                    used.add(c);
                }
                rest.reverse();
                rest
            }
        };
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
            seed: 0,
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

    fn deal_round(&mut self, events: &mut Vec<Event>) {
        let n = self.config.players;
        let round = self.config.first_round + self.deal;
        self.info = self.config.round_info(round);
        let mut cards = pack(self.config.jokers);
        let mut rng = rng_from_seed(derive_seed(self.seed, u64::from(self.deal)));
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

const RULES: &str = crate::RULES;

impl Game for ContractRummy {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ActionError = ActionError;

    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        config.validate()?;
        let n = config.players;
        let mut rng = rng_from_seed(derive_seed(seed, u64::MAX));
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

    fn to_move(state: &State) -> Option<Seat> {
        match state.phase {
            Phase::Turn { seat, .. } => Some(seat),
            Phase::Over => None,
        }
    }

    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        out.clear();
        let Phase::Turn {
            seat,
            put_down,
            final_turn,
        } = state.phase
        else {
            return;
        };
        // Built in sorted order: the one control action first, then the melds and additions
        // (sorted group by group as they are generated).
        if put_down || final_turn {
            out.push(Action::Done);
        } else if !state.stock.is_empty() {
            out.push(Action::Draw);
        }
        put_downs(&state.hands[seat], &state.melds, seat, state.info, out);
        if out.is_empty() {
            out.push(Action::Pass);
        }
        debug_assert!(out.windows(2).all(|w| w[0] < w[1]), "sorted and unique");
    }

    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        let Phase::Turn {
            seat,
            put_down,
            final_turn,
        } = state.phase
        else {
            return Err(ActionError::MatchOver);
        };
        let hand = &state.hands[seat];
        match *action {
            Action::Draw => {
                if final_turn {
                    Err(ActionError::DrawInFinalTurn)
                } else if put_down {
                    Err(ActionError::DrawAfterPutDown)
                } else if state.stock.is_empty() {
                    Err(ActionError::StockEmpty)
                } else {
                    Ok(())
                }
            }
            Action::Pass => {
                if final_turn
                    || put_down
                    || !state.stock.is_empty()
                    || can_put_down(hand, &state.melds, seat, state.info)
                {
                    Err(ActionError::PassNotAllowed)
                } else {
                    Ok(())
                }
            }
            Action::Done => {
                if put_down || final_turn {
                    Ok(())
                } else {
                    Err(ActionError::NothingPutDown)
                }
            }
            Action::Meld(ref spec) => check_meld(hand, spec, state.info),
            Action::Add { meld, card, end } => {
                check_add(hand, &state.melds, seat, state.info, meld, card, end)
            }
        }
    }

    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        let Phase::Turn {
            seat, final_turn, ..
        } = state.phase
        else {
            return;
        };
        let n = state.config.players;
        match *action {
            Action::Draw => {
                let card = state.stock.pop();
                if let Some(c) = card {
                    state.hands[seat].add(c);
                }
                state.passes = 0;
                events.push(Event::Drew { seat, card });
                state.end_turn(seat, false, events);
            }
            Action::Pass => {
                state.passes += 1;
                events.push(Event::Passed { seat });
                if usize::from(state.passes) >= n {
                    events.push(Event::Blocked);
                    state.score_round(events);
                } else {
                    state.end_turn(seat, false, events);
                }
            }
            Action::Done => {
                events.push(Event::Done { seat });
                if !final_turn {
                    state.passes = 0;
                }
                state.end_turn(seat, final_turn, events);
            }
            Action::Meld(ref spec) => {
                for &c in spec.cards() {
                    state.hands[seat].remove(c);
                }
                let meld = Meld::from_spec(seat, spec);
                state.melds.push(meld);
                events.push(Event::Melded {
                    seat,
                    number: state.melds.len(),
                    meld,
                });
                state.after_put_down(seat, final_turn, events);
            }
            Action::Add { meld, card, end } => {
                let Some(m) = state.melds.get_mut(usize::from(meld)) else {
                    return;
                };
                let low = match (end, m.shape()) {
                    (End::Low, _) => true,
                    (End::Own, Shape::Run { lo, .. }) => card.rank_number() + 1 == lo,
                    _ => false,
                };
                state.hands[seat].remove(card);
                let st = m.add(card, low);
                events.push(Event::Added {
                    seat,
                    number: usize::from(meld) + 1,
                    card,
                    stands_for: stand_text(st),
                });
                if !final_turn {
                    state.passes = 0;
                }
                state.after_put_down(seat, final_turn, events);
            }
        }
    }

    fn view(state: &State, seat: Seat) -> View {
        View::new(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        state.totals.map(|_, &t| -f64::from(t))
    }
}

impl cards_core::GameState for State {
    type Config = Config;

    fn config(&self) -> &Config {
        &self.config
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        let state = self;
        if state.phase == Phase::Over {
            // The last round's hands were scored in the open (C7): nothing is hidden, and the
            // recorded points must keep matching the hands (`State::validate`).
            return state.clone();
        }
        let mut s = state.clone();
        let n = state.config.players;
        // The unseen cards (stock and the other hands) in a canonical order, never in the
        // order of the true stock or hands, so that the result depends only on what `seat`
        // knows and on `rng`.
        let mut unseen: Hand = state.stock.iter().copied().collect();
        for o in Seat::all(n).filter(|&o| o != seat) {
            for c in state.hands[o].iter() {
                unseen.add(c);
            }
        }
        let mut pool: Vec<Card> = unseen.iter().collect();
        shuffle(rng, &mut pool);
        for o in Seat::all(n).filter(|&o| o != seat) {
            let k = state.hands[o].len();
            let mut h = Hand::new();
            for _ in 0..k {
                if let Some(c) = pool.pop() {
                    h.add(c);
                }
            }
            s.hands[o] = h;
        }
        s.stock = pool;
        // Later deals are unseen too: a fresh match seed.
        s.seed = below(rng, u64::MAX);
        s
    }

    fn census(&self) -> Vec<String> {
        let state = self;
        let mut v: Vec<String> = Vec::new();
        for (_, h) in state.hands.iter() {
            v.extend(h.iter().map(|c| c.to_string()));
        }
        for m in &state.melds {
            v.extend(m.cards().iter().map(ToString::to_string));
        }
        v.extend(state.stock.iter().map(ToString::to_string));
        v
    }
}

impl cards_core::GameConfig for Config {
    type Error = ConfigError;

    fn for_players(players: usize) -> Result<Config, ConfigError> {
        let c = Config {
            players,
            ..Config::default()
        };
        c.validate()?;
        Ok(c)
    }

    fn players(&self) -> usize {
        self.players
    }

    fn single_deal(&self) -> Config {
        Config {
            rounds: 1,
            ..self.clone()
        }
    }

    fn pack(&self) -> Vec<String> {
        let config = self;
        pack(config.jokers)
            .iter()
            .map(ToString::to_string)
            .collect()
    }

    fn max_actions(&self) -> usize {
        let config = self;
        let n = config.players;
        let p = 104 + usize::from(config.jokers);
        (0..config.rounds)
            .map(|d| {
                let h = usize::from(config.first_round + d) + 2;
                let stock = p.saturating_sub(n * h);
                // Draws, put-downs (one card or more each) and the `done` that ends each
                // put-down turn, then at most n passes around each of those and n final dones.
                let moves = stock + 2 * p + 1;
                moves * (n + 1) + n
            })
            .sum()
    }
}

impl cards_core::GameView for View {
    fn screen(&self) -> cards_core::text::Screen {
        let view = self;
        view.screen()
    }
}

impl cards_core::GameEvent for Event {
    fn redact(&self, seat: Seat) -> Option<Event> {
        let event = self;
        Some(match event {
            Event::Dealt { seat: s, count, .. } if *s != seat => Event::Dealt {
                seat: *s,
                cards: None,
                count: *count,
            },
            Event::Drew { seat: s, .. } if *s != seat => Event::Drew {
                seat: *s,
                card: None,
            },
            e => e.clone(),
        })
    }
}

/// [`cards_core::Catalog::rules`] of this game.
pub(crate) fn rules() -> &'static str {
    RULES
}

/// [`cards_core::Catalog::opening`] of this game.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    match ContractRummy::new(&state.config, state.seed) {
        Ok(fresh) if fresh == *state => {
            let mut events = vec![Event::RoundStarted {
                info: state.info,
                dealer: state.dealer,
            }];
            events.extend(Seat::all(state.config.players).map(|s| Event::Dealt {
                seat: s,
                cards: Some(state.hands[s].iter().collect()),
                count: state.hands[s].len(),
            }));
            events
        }
        _ => Vec::new(),
    }
}

/// The shared screen layout, from the view alone ([`View::screen`]).
/// A new meld's cards (a wild as `Jk` or its own card, whatever it stands for), the card a
/// lay-off adds; drawing, passing and ending the turn use none.
pub(crate) fn action_cards(action: &Action) -> Vec<String> {
    match action {
        Action::Draw | Action::Pass | Action::Done => Vec::new(),
        Action::Meld(spec) => spec.cards().iter().map(ToString::to_string).collect(),
        Action::Add { card, .. } => vec![card.to_string()],
    }
}

/// Linear in the seat's match total: `1 - total / (200 · rounds)`, clamped to `[0, 1]`
/// (see the crate documentation, "Search bots"), so a search bot minimises its expected
/// points, which is what the scores measure.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    crate::estimate::rewards(state)
}

/// The rewards with the round in play raced out the planner's way on the determinized
/// stock: the first seat that can go out pays nothing, the others what their hands leave
/// (see the crate documentation, "Search bots").
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    crate::estimate::evaluate(state)
}

/// The race estimate at every new node (cut-off 0), progressive widening seeded by the
/// planner (the rollout policy), `c = 0.1` (see the crate documentation, "Search bots").
pub(crate) fn search_defaults() -> cards_core::search::IsmctsOptions {
    crate::estimate::search_defaults()
}

/// [`cards_core::Catalog::parse_action`] of this game.
pub(crate) fn parse_action(state: &State, text: &str) -> Result<Action, String> {
    let a: Action = text.trim().parse().map_err(|e| format!("{e}"))?;
    Ok(crate::legal::canonicalize(state, a))
}
