//! The [`Game`] implementation: the engine's entry points, over the state (state.rs), the
//! legal put-downs (legal.rs), the view and the search hooks (search.rs).

use cards_core::Game;
use cards_core::rng::{GameRng, Seed};
use cards_core::seat::{PerSeat, Seat};

use crate::ContractRummy;
use crate::action::Action;
use crate::cards::pack;
use crate::check::{check_add, check_meld};
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::legal::{can_put_down, put_downs};
use crate::rules::Config;
use crate::state::{Phase, State};
use crate::view::View;

impl Game for ContractRummy {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ActionError = ActionError;

    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::start(config, Seed::Short(seed))
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
        state.apply(action, events);
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

    fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        State::start(config, seed)
    }

    /// The rounds played to the end and scored (C2): the rounds before the one in play, and
    /// that one too once the match is over. A position stated in round `r` has played the
    /// rounds from the first up to `r - 1`.
    fn deals_finished(&self) -> u32 {
        u32::from(self.deal) + u32::from(self.phase == Phase::Over)
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        crate::search::determinize(self, seat, rng)
    }

    fn census(&self) -> Vec<String> {
        let mut v: Vec<String> = Vec::new();
        for (_, h) in self.hands.iter() {
            v.extend(h.iter().map(|c| c.to_string()));
        }
        for m in &self.melds {
            v.extend(m.cards().iter().map(ToString::to_string));
        }
        v.extend(self.stock.iter().map(ToString::to_string));
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
        pack(self.jokers).iter().map(ToString::to_string).collect()
    }

    fn max_actions(&self) -> usize {
        let n = self.players;
        let p = 104 + usize::from(self.jokers);
        (0..self.rounds)
            .map(|d| {
                let h = usize::from(self.first_round + d) + 2;
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
    /// The screen's text: the view's `Display` is its screen's.
    fn screen_text(&self, screen: &cards_core::text::Screen) -> String {
        screen.to_string()
    }

    fn screen(&self) -> cards_core::text::Screen {
        self.screen()
    }

    fn screen_messages(&self) -> Option<cards_core::text::Screen<cards_core::text::Message>> {
        Some(self.screen_messages())
    }

    fn layout(&self) -> cards_core::layout::Layout {
        self.layout()
    }
}

impl cards_core::GameEvent for Event {
    fn redact(&self, seat: Seat) -> Option<Event> {
        Some(crate::event::redact(self, seat))
    }

    fn ends_deal(&self) -> bool {
        matches!(self, Event::RoundScored { .. })
    }

    fn message(&self) -> Option<cards_core::text::Message> {
        Some(self.message())
    }
}

/// [`cards_core::Catalog::rules`] of this game.
pub(crate) fn rules() -> &'static str {
    crate::RULES
}

/// [`cards_core::Catalog::opening`] of this game.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    match State::start(&state.config, state.seed) {
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
pub(crate) fn action_cards(action: Action) -> Vec<String> {
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
    crate::search::rewards(state)
}

/// The rewards with the round in play raced out the planner's way on the determinized
/// stock: the first seat that can go out pays nothing, the others what their hands leave
/// (see the crate documentation, "Search bots").
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    crate::search::evaluate(state)
}

/// The race estimate at every new node (cut-off 0), progressive widening seeded by the
/// planner (the rollout policy), `c = 0.1` (see the crate documentation, "Search bots").
pub(crate) fn search_defaults() -> cards_core::search::IsmctsOptions {
    crate::search::search_defaults()
}

/// [`cards_core::Catalog::parse_action`] of this game.
pub(crate) fn parse_action(state: &State, text: &str) -> Result<Action, String> {
    let a: Action = text.trim().parse().map_err(|e| format!("{e}"))?;
    Ok(crate::legal::canonicalize(state, a))
}
