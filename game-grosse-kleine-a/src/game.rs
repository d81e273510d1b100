//! The [`cards_core::Game`] implementation.

use std::ops::RangeInclusive;

use cards_core::{Game, GameRng, PerSeat, Seat};

use crate::action::Action;
use crate::cards::Cards;
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::rules::Config;
use crate::state::State;
use crate::view::View;
use crate::{GrosseKleineA, RULES};

impl Game for GrosseKleineA {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "grosse-kleine-a";
    const TITLE: &'static str = "Das Grosse und das kleine A";
    const DESCRIPTION: &'static str =
        "Wolfgang Kramer's climbing game: shed your cards, dodge the Big A and the little a";
    const PLAYERS: RangeInclusive<usize> = 3..=9;
    const ZERO_SUM: bool = false;

    fn rules() -> &'static str {
        RULES
    }

    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new(config, seed)
    }

    fn opening(state: &State) -> Vec<Event> {
        state.opening()
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

    /// A play's number cards and jokers (`J`), the little a (`a`) or the Big A (`A`) led; a
    /// pass uses none.
    fn action_cards(_state: &State, action: &Action) -> Vec<String> {
        action.cards().symbols()
    }

    fn screen(view: &View) -> cards_core::text::Screen {
        view.screen()
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted(seat))
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        crate::search::determinize(state, seat, rng)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals().iter().map(|&t| -f64::from(t)).collect())
    }

    fn census(state: &State) -> Vec<String> {
        state.deal.all_cards().symbols()
    }

    fn pack(_config: &Config) -> Vec<String> {
        Cards::pack().symbols()
    }

    fn max_actions(config: &Config) -> usize {
        // Every normal or little-a round takes at least one card out of the hands; a Big A
        // round takes none but is followed by a round led by its taker, who may not lead the
        // Big A (A6). So a hand has at most 2 * (cards in hands) + 1 rounds, each of at most
        // one turn per player.
        let n = usize::from(config.players);
        let cards = n * usize::from(config.deal_size()) + 2;
        usize::from(config.hands) * (2 * cards + 1) * n
    }

    /// Linear in the seat's own penalty total: `1 - total / (100 · hands finished)`, clamped to
    /// `[0, 1]` (a single deal: `1 - penalty / 100`). A bot maximising its expected reward
    /// minimises its expected penalty, which is what `scores` (minus the totals) measures; the
    /// other seats' penalties do not enter, since the game is not zero-sum. See the crate docs,
    /// "Search bots".
    fn rewards(state: &State) -> PerSeat<f64> {
        crate::search::rewards(state)
    }

    /// The rewards as if the hand in progress ended now: each seat pays for the cards in its
    /// hand and its penalty pile (A9) on top of its total, scaled as [`Game::rewards`] with the
    /// hand in progress counted. A pessimistic but cheap estimate, used only with a rollout
    /// cut-off.
    fn evaluate(state: &State) -> PerSeat<f64> {
        crate::search::evaluate(state)
    }

    /// Tuned for this game (crate docs, "Search bots").
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        crate::search::defaults()
    }
}
