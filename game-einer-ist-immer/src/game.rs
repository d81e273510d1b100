//! The [`Game`] implementation.

use std::ops::RangeInclusive;

use cards_core::rng::below;
use cards_core::{Game, GameRng, PerSeat, Seat};

use crate::EinerIstImmer;
use crate::action::Action;
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::legal::{check, legal_into};
use crate::rules::{Config, MAX_PLAYERS, MIN_PLAYERS};
use crate::state::State;
use crate::view::View;

impl Game for EinerIstImmer {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;

    const NAME: &'static str = "einer-ist-immer";
    const TITLE: &'static str = "Einer ist immer der ...";
    const DESCRIPTION: &'static str =
        "climbing game for 4-10: shed cards first to be Boss; ranks, re-seating and card exchange";
    const PLAYERS: RangeInclusive<usize> = MIN_PLAYERS..=MAX_PLAYERS;
    const ZERO_SUM: bool = true;

    fn rules() -> &'static str {
        crate::RULES
    }

    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        State::new(config, seed)
    }

    fn opening(state: &State) -> Vec<Event> {
        match State::new_narrated(&state.config, state.seed) {
            Ok((fresh, events)) if fresh == *state => events,
            _ => Vec::new(),
        }
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

    /// A play's natural cards and its jokers (`JK`); a pass uses none.
    fn action_cards(_state: &State, action: &Action) -> Vec<String> {
        match action {
            Action::Pass => Vec::new(),
            Action::Play(p) => {
                let mut cards = Vec::with_capacity(usize::from(p.len()));
                if p.naturals() > 0 {
                    cards.extend(
                        std::iter::repeat_n(
                            crate::cards::symbol(p.rank()),
                            usize::from(p.naturals()),
                        )
                        .map(str::to_owned),
                    );
                }
                cards.extend(
                    std::iter::repeat_n(
                        crate::cards::symbol(crate::cards::JOKER),
                        usize::from(p.jokers()),
                    )
                    .map(str::to_owned),
                );
                cards
            }
        }
    }

    fn screen(view: &View) -> cards_core::text::Screen {
        view.screen()
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(crate::event::redact(event, seat))
    }

    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        let mut s = crate::search::determinize(state, seat, rng);
        s.seed = below(rng, u64::MAX);
        s
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals())
    }

    fn census(state: &State) -> Vec<String> {
        let n = state.config.players;
        let mut out = Vec::with_capacity(state.config.pack().len());
        for h in &state.hands[..n] {
            out.extend(h.notations());
        }
        out.extend(state.table.notations());
        out.extend(state.pile.notations());
        out.extend(state.set_aside.notations());
        out
    }

    fn pack(config: &Config) -> Vec<String> {
        config.pack().notations().collect()
    }

    fn max_actions(config: &Config) -> usize {
        // Every trick's lead removes at least one card, and a trick has at most one turn per
        // player.
        let per_hand = config.pack().len() * config.players;
        per_hand * config.hands as usize
    }

    /// The match totals (E9) mapped linearly into `[0, 1]`: `0.5 + total / (2 · hands)`, so
    /// that search bots maximise their expected score. In a single deal, `(n - 1 - p) / (n - 1)`
    /// for place `p` (1 for the Boss, 0 for the Ass). See the crate docs, "Search bots".
    fn rewards(state: &State) -> PerSeat<f64> {
        crate::search::rewards(state)
    }

    /// At a rollout cut-off: the totals so far, the places already taken in the hand in play,
    /// and the remaining places shared out by how many groups each hand still has to get rid
    /// of, mapped as [`EinerIstImmer::rewards`]. See the crate docs, "Search bots".
    fn evaluate(state: &State) -> PerSeat<f64> {
        crate::search::evaluate(state)
    }

    /// The tuned search options; see the crate docs, "Search bots".
    fn search_defaults() -> cards_core::search::IsmctsOptions {
        crate::search::defaults()
    }
}
