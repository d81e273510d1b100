//! The [`Game`] implementation: the rules engine's entry points, delegating to the draw, card
//! play, the view and the search hooks.

use cards_core::game::Game;
use cards_core::rng::{GameRng, Seed};
use cards_core::seat::{PerSeat, Seat};

use crate::BigA;
use crate::action::Action;
use crate::draw::{check_expose, expose_options};
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::play::plays_masked;
use crate::rules::{ASKED_DRAWS, Config, MAX_REDEALS, PLAYERS};
use crate::state::{Phase, State, ace, full_pack};
use crate::trick::{check_capture, check_play};
use crate::view::View;

impl Game for BigA {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ActionError = ActionError;

    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new(config, seed)
    }

    fn to_move(state: &State) -> Option<Seat> {
        (state.phase != Phase::Over).then_some(state.turn)
    }

    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        out.clear();
        match state.phase {
            Phase::Over => {}
            Phase::Draw | Phase::PartnerExposure { .. } => {
                out.push(Action::Pass);
                expose_options(state, out);
            }
            Phase::Play => {
                // Room for most lists at once, rather than growing a fresh vector step by step.
                if out.capacity() < 64 {
                    out.reserve(64);
                }
                let top = state.top.map(|t| t.1.combo);
                if top.is_some() {
                    out.push(Action::Pass);
                }
                let s = state.turn.index();
                plays_masked(
                    &state.counts[s],
                    &state.masks[s],
                    top,
                    state.config.extra_bombs,
                    out,
                );
            }
        }
    }

    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        match (state.phase, action) {
            (Phase::Over, _) => return Err(ActionError::MatchOver),
            (Phase::Play, Action::Pass) if state.top.is_none() => {
                return Err(ActionError::MustLead);
            }
            (Phase::Play, Action::Expose { .. }) => return Err(ActionError::NotExposing),
            (_, Action::Expose { suit, pair }) => check_expose(state, *suit, *pair)?,
            (Phase::Play, Action::Play(p)) => check_play(state, *p)?,
            (Phase::Play, Action::Capture(n)) => check_capture(state, *n)?,
            (_, Action::Play(_) | Action::Capture(_)) => return Err(ActionError::NotPlaying),
            _ => {}
        }
        let mut legal = Vec::new();
        Self::legal_actions_into(state, &mut legal);
        if legal.binary_search(action).is_err() {
            return Err(ActionError::Illegal {
                action: action.to_string(),
            });
        }
        Ok(())
    }

    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        let seat = state.turn;
        // By phase, then by action (the pair matched at once decoded the action twice). Each
        // is recorded first (a pass as the constant it is, the cheapest to write): an action
        // that ends the hand starts the next one's record afresh.
        let record = &mut state.actions;
        match state.phase {
            Phase::Play => match *action {
                Action::Pass => {
                    record.push(Action::Pass);
                    state.pass(seat, events);
                }
                Action::Play(p) if p.combo.is_valid(state.config.extra_bombs) => {
                    record.push(Action::Play(p));
                    state.play(seat, p, events);
                }
                Action::Capture(n) => {
                    record.push(Action::Capture(n));
                    state.capture(seat, n, events);
                }
                _ => {}
            },
            Phase::Draw => match *action {
                Action::Pass => {
                    record.push(Action::Pass);
                    state.after_draw_answer(events);
                }
                Action::Expose { suit, pair } => {
                    record.push(Action::Expose { suit, pair });
                    state.expose(seat, suit, pair, events);
                    state.after_draw_answer(events);
                }
                _ => {}
            },
            Phase::PartnerExposure { .. } => match *action {
                Action::Pass => {
                    record.push(Action::Pass);
                    state.after_partner_answer(events);
                }
                Action::Expose { suit, pair } => {
                    record.push(Action::Expose { suit, pair });
                    state.expose(seat, suit, pair, events);
                    state.after_partner_answer(events);
                }
                _ => {}
            },
            Phase::Over => {}
        }
    }

    fn view(state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals.iter().map(|&x| f64::from(x)).collect())
    }
}

impl cards_core::GameState for State {
    type Config = Config;

    fn config(&self) -> &Config {
        &self.config
    }

    fn new_seeded(config: &Config, seed: Seed) -> Result<State, ConfigError> {
        State::new_seeded(config, seed)
    }

    /// The hands played to the end and scored ([`State::hands_played`]); a redeal is no hand
    /// (B12).
    fn deals_finished(&self) -> u32 {
        self.hands_played()
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        crate::search::determinize(self, seat, rng)
    }

    fn census(&self) -> Vec<String> {
        let mut v: Vec<String> = self
            .stock
            .get(usize::from(self.drawn)..)
            .unwrap_or(&[])
            .iter()
            .map(ToString::to_string)
            .collect();
        for h in self.hands.iter().chain([&self.table, &self.discard]) {
            v.extend(h.iter().map(|c| c.to_string()));
        }
        v
    }

    /// `draw` (whether to expose a drawn Big Ace, B4), `exposure` (the partner's Big Ace after
    /// the pick-up, B5) or `play`.
    fn phase(&self) -> &'static str {
        match self.phase {
            Phase::Draw => "draw",
            Phase::PartnerExposure { .. } => "exposure",
            Phase::Play | Phase::Over => "play",
        }
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
            hands: 1,
            ..self.clone()
        }
    }

    fn pack(&self) -> Vec<String> {
        full_pack().iter().map(ToString::to_string).collect()
    }

    fn max_actions(&self) -> usize {
        // Per hand: every draw attempt (at most MAX_REDEALS + 1 of them, B12) asks 103 times,
        // the pick-up round 5 times, and play has
        // at most 220 plays (108 cards, at most 16 captures returning at most 7 cards each),
        // each followed by at most 4 passes.
        let per_hand = (MAX_REDEALS as usize + 1) * usize::from(ASKED_DRAWS) + PLAYERS + 220 * 5;
        per_hand * self.hands
    }
}

impl cards_core::GameView for View {
    /// The screen's text: the view's `Display` is its screen's.
    fn screen_text(&self, screen: &cards_core::text::Screen) -> String {
        screen.to_string()
    }

    /// The seat's screen ([`View::screen`]).
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
        Some(self.redact(seat))
    }

    fn ends_deal(&self) -> bool {
        matches!(self, Event::DealEnded { .. })
    }

    fn message(&self) -> Option<cards_core::text::Message> {
        Some(self.message())
    }
}

/// [`cards_core::Catalog::rules`] of this game.
pub(crate) fn rules() -> &'static str {
    crate::text::RULES
}

/// A play's cards are the copies the engine takes (a Big Ace written `Ac*` as the screen
/// hand writes it); a capture's are its Fours; an exposure's its Ace or pair of Aces; a
/// pass uses none.
pub(crate) fn action_cards(state: &State, action: Action) -> Vec<String> {
    let seat = state.turn;
    let Some(&hand) = state.hands.get(seat.index()) else {
        return Vec::new();
    };
    let taken = match action {
        Action::Pass => return Vec::new(),
        Action::Expose { suit, pair } => {
            std::iter::repeat_n(ace(suit), if pair { 2 } else { 1 }).collect()
        }
        // A play of the whole hand ends it there, which may end the deal.
        Action::Play(p) if usize::from(p.combo.len()) >= hand.len() => hand,
        Action::Play(p) => {
            let mut s = state.clone();
            s.play(seat, p, &mut Vec::new());
            s.top_cards
        }
        Action::Capture(n) => {
            let mut s = state.clone();
            s.capture(seat, n, &mut Vec::new());
            s.top_cards
        }
    };
    let big = state.big_suit.map(ace);
    taken
        .sorted()
        .into_iter()
        .map(|c| {
            if Some(c) == big {
                format!("{c}*")
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// In card play, plays name ranks and not suits: a card's key is its rank (`2` for `2c`),
/// `BA` for a Big Ace, the joker itself for a joker. Exposures name the Ace's suit, so
/// while drawing and at the pick-up a card is its own key.
pub(crate) fn card_key(state: &State, card: &str) -> String {
    if state.phase != Phase::Play || card == "RJ" || card == "BJ" {
        return card.to_owned();
    }
    if card.ends_with('*') {
        return "BA".to_owned();
    }
    card.strip_suffix(['c', 'd', 'h', 's'])
        .unwrap_or(card)
        .to_owned()
}

/// A fresh match's first deal: the hand starts and the first drawer draws the first card,
/// the same events every later hand's start emits. Nothing for a state that is not fresh.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    match State::start(&state.config, state.seed) {
        Ok((fresh, events)) if fresh == *state => events,
        _ => Vec::new(),
    }
}

/// Rewards linear in the match totals, `0.5 + total / (2 · 64 · hands)` clamped to `[0, 1]`
/// (64 is the largest score of one hand), so that a search bot maximises its expected
/// score, the objective `simulate` measures (see the crate docs, "Search bots").
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    crate::search::rewards(state)
}

/// Before card play the rest of the draw is passed through (the cards are in the stock of
/// a determinized state); at card play the seats still holding cards are placed by an
/// estimate of how far each is from going out, and the hand is scored from the tables
/// (see the crate docs, "Search bots").
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    crate::search::evaluate(state)
}

/// Heuristic rollouts cut off after 14 actions, `c = 0.25` (see the crate docs, "Search
/// bots").
pub(crate) fn search_defaults() -> cards_core::search::IsmctsOptions {
    crate::search::defaults()
}
