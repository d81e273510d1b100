//! The [`Game`] implementation.

use cards_core::rng::{Seed, below};
use cards_core::{Game, GameRng, PerSeat, Seat};

use crate::EinerIstImmer;
use crate::action::Action;
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::legal::{check, legal_into};
use crate::rules::Config;
use crate::state::State;
use crate::view::View;

impl Game for EinerIstImmer {
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
        state.turn
    }

    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        legal_into(state, out);
    }

    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        check(state, *action)
    }

    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        state.step(*action, events);
    }

    fn view(state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals())
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

    /// The hands before the one in progress, and that one too once the match is over (E9): a
    /// position stated in hand `h` has played `h - 1` hands.
    fn deals_finished(&self) -> u32 {
        self.hand.saturating_sub(1) + u32::from(self.turn.is_none())
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = crate::search::determinize(self, seat, rng);
        s.seed = Seed::Short(below(rng, u64::MAX));
        s
    }

    fn census(&self) -> Vec<String> {
        let n = self.config.players;
        let mut out = Vec::with_capacity(self.config.pack().len());
        for h in &self.hands[..n] {
            out.extend(h.notations());
        }
        out.extend(self.table.notations());
        out.extend(self.pile.notations());
        out.extend(self.set_aside.notations());
        out
    }
}

impl cards_core::GameConfig for Config {
    type Error = ConfigError;

    /// The default rules for `players` players.
    ///
    /// # Errors
    /// When `players` is outside 4 to 10.
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

    /// The same rules for a single hand.
    fn single_deal(&self) -> Config {
        Config {
            hands: 1,
            ..self.clone()
        }
    }

    fn pack(&self) -> Vec<String> {
        self.pack().notations().collect()
    }

    fn max_actions(&self) -> usize {
        // Every trick's lead removes at least one card, and a trick has at most one turn per
        // player.
        let per_hand = self.pack().len() * self.players;
        per_hand * self.hands as usize
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
        matches!(self, Event::HandEnded { .. })
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
    match State::new_narrated_seeded(&state.config, state.seed) {
        Ok((fresh, events)) if fresh == *state => events,
        _ => Vec::new(),
    }
}

/// The match totals (E9) mapped linearly into `[0, 1]`: `0.5 + total / (2 · hands)`, so
/// that search bots maximise their expected score. In a single deal, `(n - 1 - p) / (n - 1)`
/// for place `p` (1 for the Boss, 0 for the Ass). See the crate docs, "Search bots".
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    crate::search::rewards(state)
}

/// At a rollout cut-off: the totals so far, the places already taken in the hand in play,
/// and the remaining places shared out by how many groups each hand still has to get rid
/// of, mapped as [`cards_core::Search::rewards`]. See the crate docs, "Search bots".
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    crate::search::evaluate(state)
}

/// The tuned search options; see the crate docs, "Search bots".
pub(crate) fn search_defaults() -> cards_core::search::IsmctsOptions {
    crate::search::defaults()
}
