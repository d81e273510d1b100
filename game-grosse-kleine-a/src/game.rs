//! The [`cards_core::Game`] implementation.

use cards_core::{Game, GameRng, PerSeat, Seat, Seed};

use crate::action::Action;
use crate::cards::Cards;
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::rules::Config;
use crate::rules::MAX_PLAYERS;
use crate::state::State;
use crate::view::View;
use crate::{GrosseKleineA, RULES};

impl Game for GrosseKleineA {
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
        if state.over {
            None
        } else {
            Some(state.deal.turn)
        }
    }

    // Inlined into the caller's playout loop with the body it wraps (`Deal::legal_into`): a call
    // and its register saves cost about a tenth of a turn (callgrind, `cards simulate`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        if state.over {
            out.clear();
            return;
        }
        state.deal.legal_into(out);
    }

    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        if state.over {
            return Err(ActionError::MatchOver);
        }
        state.deal.check(*action)
    }

    // Inlined into the caller's playout loop as `legal_actions_into` is; the end of a round and
    // of a hand stay out of line.
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        state.apply_action(*action, events);
    }

    fn view(state: &State, seat: Seat) -> View {
        View::of(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals().iter().map(|&t| -f64::from(t)).collect())
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

    /// The hands played to the end and scored (A10).
    fn deals_finished(&self) -> u32 {
        self.results.len() as u32
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        crate::search::determinize(self, seat, rng)
    }

    fn census(&self) -> Vec<String> {
        self.deal.all_cards().symbols()
    }
}

impl cards_core::GameConfig for Config {
    type Error = ConfigError;

    fn for_players(players: usize) -> Result<Config, ConfigError> {
        let config = Config {
            players: u8::try_from(players).unwrap_or(u8::MAX),
            ..Config::default()
        };
        if !(3..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::Players { players });
        }
        config.validate()?;
        Ok(config)
    }

    fn players(&self) -> usize {
        usize::from(self.players)
    }

    fn single_deal(&self) -> Config {
        Config {
            hands: 1,
            ..self.clone()
        }
    }

    fn pack(&self) -> Vec<String> {
        Cards::pack().symbols()
    }

    fn max_actions(&self) -> usize {
        // Every normal or little-a round takes at least one card out of the hands; a Big A
        // round takes none but is followed by a round led by its taker, who may not lead the
        // Big A (A6). So a hand has at most 2 * (cards in hands) + 1 rounds, each of at most
        // one turn per player.
        let n = usize::from(self.players);
        let cards = n * usize::from(self.deal_size()) + 2;
        usize::from(self.hands) * (2 * cards + 1) * n
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
        Some(self.redacted(seat))
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
    RULES
}

/// [`cards_core::Catalog::opening`] of this game.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    state.opening()
}

/// A play's number cards and jokers (`J`), the little a (`a`) or the Big A (`A`) led; a
/// pass uses none.
pub(crate) fn action_cards(action: Action) -> Vec<String> {
    action.cards().symbols()
}

/// Linear in the seat's own penalty total: `1 - total / (100 · hands finished)`, clamped to
/// `[0, 1]` (a single deal: `1 - penalty / 100`). A bot maximising its expected reward
/// minimises its expected penalty, which is what `scores` (minus the totals) measures; the
/// other seats' penalties do not enter, since the game is not zero-sum. See the crate docs,
/// "Search bots".
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    crate::search::rewards(state)
}

/// The rewards as if the hand in progress ended now: each seat pays for the cards in its
/// hand and its penalty pile (A9) on top of its total, scaled as [`cards_core::Search::rewards`] with the
/// hand in progress counted. A pessimistic but cheap estimate, used only with a rollout
/// cut-off.
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    crate::search::evaluate(state)
}

/// Tuned for this game (crate docs, "Search bots").
pub(crate) fn search_defaults() -> cards_core::search::IsmctsOptions {
    crate::search::defaults()
}
