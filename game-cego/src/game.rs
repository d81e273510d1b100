//! The [`Game`] implementation.

use cards_core::search::IsmctsOptions;
use cards_core::{Game, GameRng, PerSeat, Seat, Seed};

use crate::Cego;
use crate::action::Action;
use crate::auction::{self, Outcome};
use crate::error::{ActionError, ConfigError};
use crate::event::Event;
use crate::play;
use crate::rules::{Config, MAX_ACTIONS_PER_DEAL};
use crate::state::{Phase, State};
use crate::view::View;
use cards_core::Search;

impl Game for Cego {
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
        (!state.over).then(|| state.real_seat(state.deal.to_move))
    }

    // Inlined into the playout loops (a plain `#[inline]` was not taken in `cards simulate`).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        out.clear();
        // Four decisions in five of a random playout are a single card to play: that short
        // path first, the rest out of line.
        if !state.over && play::is_single_play(&state.deal) {
            play::push_plays(&state.deal, &state.config, out);
            return;
        }
        legal_other(state, out);
    }

    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        if state.over {
            return Err(ActionError::MatchOver);
        }
        let d = &state.deal;
        if matches!(d.phase, Phase::Auction) {
            if auction::options(d, &state.config)
                .as_slice()
                .contains(action)
            {
                return Ok(());
            }
            return Err(match action {
                Action::Pass | Action::Hold | Action::Bid(_) => auction::refusal(d, *action),
                _ => ActionError::WrongStep {
                    action: *action,
                    step: "the auction",
                },
            });
        }
        play::check(d, &state.config, *action)
    }

    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        // Three actions in five of a random playout are a single card that does not complete
        // its trick: that short path first, the rest out of line (a smaller call frame).
        if let Action::Play(c) = *action
            && !state.over
            && play::put_short(&mut state.deal, c, events)
        {
            if let (Some(out), Some(e)) = (state.sitting_out, events.last_mut()) {
                e.map_seats(|s| crate::seats::real_seat(Some(out), s));
            }
            return;
        }
        apply_other(state, *action, events);
    }

    fn view(state: &State, seat: Seat) -> View {
        crate::view::view(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        crate::search::scores(state)
    }
}

/// [`Game::legal_actions_into`] of every decision but a single card to play (`out` is clear).
#[inline(never)]
fn legal_other(state: &State, out: &mut Vec<Action>) {
    if out.capacity() == 0 {
        // A fresh vector (a new playout): room for the longest common list at once rather
        // than growing it step by step.
        out.reserve(16);
    }
    if state.over {
        return;
    }
    let d = &state.deal;
    if matches!(d.phase, Phase::Auction) {
        // At most four calls: pushed one by one (a slice copy calls memcpy).
        for &a in auction::options(d, &state.config).as_slice() {
            out.push(a);
        }
    } else {
        play::legal(d, &state.config, out);
    }
}

/// [`Game::apply_unchecked`] of every action but a card that leaves its trick incomplete.
#[inline(never)]
fn apply_other(state: &mut State, action: Action, events: &mut Vec<Event>) {
    if state.over {
        return;
    }
    if events.capacity() == 0 {
        // A fresh vector (a new playout): room for a deal's last trick and its scoring at
        // once rather than growing it step by step.
        events.reserve(16);
    }
    let config = &state.config;
    let d = &mut state.deal;
    let start = events.len();
    let ended = if matches!(d.phase, Phase::Auction) {
        if let Outcome::Contract(c, s) = auction::apply(d, config, action, events) {
            play::fix_contract(d, config, c, s, events);
        }
        false
    } else {
        play::apply(d, config, action, events)
    };
    if let Some(out) = state.sitting_out {
        // The deal's events name local seats: name the real ones.
        for e in &mut events[start..] {
            e.map_seats(|s| crate::seats::real_seat(Some(out), s));
        }
    }
    if ended {
        state.end_deal(events);
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

    /// The deals played to the end and scored (CG1): one row of payments each.
    fn deals_finished(&self) -> u32 {
        self.results.len() as u32
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        crate::search::determinize(self, seat, rng)
    }

    fn census(&self) -> Vec<String> {
        self.census()
    }

    /// `auction`, `expose` (the card(s) kept in One Blank, Two Blanks, Two Different),
    /// `discard` or `play`.
    fn phase(&self) -> &'static str {
        match self.deal.phase {
            Phase::Auction => "auction",
            Phase::Expose { .. } => "expose",
            Phase::Discard { .. } => "discard",
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
            deals: 1,
            ..self.clone()
        }
    }

    /// The 54 cards, or at three players the 51 of the short pack (cego.md 10): ♣7, ♠7 and
    /// ♦4 are out of play (they count for the soloist at the end, see the crate docs).
    fn pack(&self) -> Vec<String> {
        crate::cards::pack_names(self.players)
    }

    fn max_actions(&self) -> usize {
        MAX_ACTIONS_PER_DEAL * self.max_deals() as usize
    }
}

impl cards_core::GameView for View {
    fn screen(&self) -> cards_core::text::Screen {
        crate::view::screen(self)
    }

    fn screen_messages(&self) -> Option<cards_core::text::Screen<cards_core::text::Message>> {
        Some(crate::view::screen_messages(self))
    }

    fn layout(&self) -> cards_core::layout::Layout {
        crate::view::layout(self)
    }

    /// The screen's text without its final line break, as the view's `Display`.
    fn screen_text(&self, screen: &cards_core::text::Screen) -> String {
        let mut text = screen.to_string();
        text.truncate(text.trim_end_matches('\n').len());
        text
    }
}

impl cards_core::GameEvent for Event {
    fn redact(&self, seat: Seat) -> Option<Event> {
        Some(crate::event::redact(self, seat))
    }

    fn ends_deal(&self) -> bool {
        matches!(self, Event::Scored { .. })
    }

    fn message(&self) -> Option<cards_core::text::Message> {
        Some(self.message())
    }
}

/// [`cards_core::Catalog::rules`] of this game.
pub(crate) fn rules() -> &'static str {
    crate::docs::RULES
}

/// [`cards_core::Catalog::opening`] of this game.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    match State::new_seeded(state.config(), state.seed) {
        Ok(fresh) if fresh == *state => state.deal_events(),
        _ => Vec::new(),
    }
}

/// The shared screen layout: the heading `Cego, deal 1 of 8 (S1 deals, S0 is forehand)`;
/// on the table the speaking order A-D, the auction so far, the game being played with its
/// factor or stake, the exposed and face-up cards, the last trick and the trick(s) being
/// played; for every seat its letter, the soloist, cards in hand, tricks and match total;
/// the hand one card per entry; and, for the soloist while he may consult them (until
/// trick 1 is complete, CG21), the cego cards he took and his discards.
/// The card played, exposed or discarded (each discard to the Legage is a decision of its
/// own, one card), both cards of a double lead; calls in the auction use none.
pub(crate) fn action_cards(action: Action) -> Vec<String> {
    match action {
        Action::Pass | Action::Hold | Action::Bid(_) => Vec::new(),
        Action::Expose(c) | Action::Discard(c) | Action::Play(c) => vec![c.to_string()],
        Action::Pair(a, b) => vec![a.to_string(), b.to_string()],
    }
}

/// Rewards linear in the match totals (the payments, what `simulate` measures):
/// `0.5 + total / (2 · REWARD_SCALE · deals)` (at five players `max_payment(5)` in place of
/// `REWARD_SCALE`) ([`cards_core::search::linear_rewards`]; `deals`
/// is [`Config::max_deals`]), so a search bot maximising its expected reward maximises its
/// expected payment. No deal moves more than [`REWARD_SCALE`](crate::REWARD_SCALE) to or
/// from one seat, so the rewards stay in `[0, 1]` without clamping.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    crate::search::rewards(state)
}

/// The estimate at a rollout cut-off: the rewards of the match totals as they stand. With
/// the default cut-off ([`MAX_ACTIONS_PER_DEAL`] actions) the deal the search started in
/// is always over by then, and a later deal that is not over has paid nothing yet.
pub(crate) fn evaluate(state: &State) -> PerSeat<f64> {
    Cego::rewards(state)
}

/// Heuristic rollouts (the heuristic bot plays every seat, so the auction's bids are
/// judged by sensible play of the contract), a cut-off after [`MAX_ACTIONS_PER_DEAL`]
/// rollout actions (a single deal always ends before it; in a match it ends the rollout
/// once the current deal is scored, see [`cards_core::Search::evaluate`]), no widening (no decision
/// lists more than a few dozen actions), and `c = 0.1`, fitted to the reward scale (one
/// deal moves a seat's reward by a few hundredths). See the crate docs, "Search bots".
pub(crate) fn search_defaults() -> IsmctsOptions {
    crate::search::defaults()
}
