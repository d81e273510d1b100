//! The [`Game`] implementation.

use cards_core::search::{IsmctsOptions, Rollout};
use cards_core::{Game, GameRng, PerSeat, Seat};

use crate::action::Action;
use crate::auction::{self, Outcome};
use crate::cards::Card;
use crate::error::ActionError;
use crate::play;
use crate::rules::{Config, ConfigError, Contract};
use crate::scoring::{Finished, Score, score};
use crate::state::{Phase, State};
use crate::view::{Event, View};
use cards_core::Search;

/// Cego, the tarock game of Baden.
#[derive(Clone, Copy, Debug, Default)]
pub struct Cego;

/// The most actions a deal can take: auction (at most 4 + 1 + 3 entries and 2 per rung of the
/// duels, bounded by 40), discards and exposures (12; 13 at three players), card play (4 per
/// trick, 11 tricks; at three players 3 per trick, 13 tricks: 39).
pub const MAX_ACTIONS_PER_DEAL: usize = 40 + 12 + 44;

/// The payment that [`cards_core::Search::rewards`] maps to reward 1 (and its negative to 0), per deal of a
/// four-player match: [`MAX_PAYMENT`](crate::MAX_PAYMENT), more than any seat wins or loses in
/// one deal. At five players the scale is [`max_payment(5)`](crate::max_payment).
pub const REWARD_SCALE: f64 = crate::validate::MAX_PAYMENT as f64;

fn end_deal(state: &mut State, events: &mut Vec<Event>) {
    let d = &state.deal;
    let Some(contract) = d.contract else { return };
    let s = d.soloist.unwrap_or(d.forehand);
    let set_aside = match contract {
        Contract::Solo => d.cego,
        c if c.takes_cego() => d.legage,
        _ => crate::cards::Cards::EMPTY,
    };
    // At three players the three removed cards count for the soloist (cego.md 10) as the
    // set-aside cards do: only when he took a trick.
    let set_aside = set_aside | crate::cards::removed(d.n());
    let t1_took_last = d.history.last().is_some_and(|t| {
        t.winner == s
            && t.number == d.tricks_per_deal()
            && t.plays().any(|(p, c)| p == s && c == Card::T1)
    });
    let finished = Finished {
        seats: d.n(),
        contract,
        soloist: s.index(),
        forehand: d.forehand.index(),
        after_solo: d.after_solo,
        soloist_called_solo: d.auction.solo_caller == d.soloist,
        won: d.won,
        tricks: d.tricks_won,
        set_aside,
        t1_took_last,
    };
    let (mut local, mut how) = score(&finished, &state.config);
    // At five players the dealer sat out: he pays or receives like a defender (cego.md 3).
    let mut payments = crate::tally::PerPlayer::zeros(state.config.players);
    if let Some(out) = state.sitting_out {
        let own = crate::scoring::sitting_out_payment(&finished, &state.config, &mut local);
        if let Some(p) = payments.get_mut(out.index()) {
            *p = own;
        }
        if let Score::Raeuber { sits_out, .. } = &mut how {
            *sits_out = Some(out);
        }
    }
    for (k, &p) in local.iter().enumerate() {
        let seat = state.real_seat(Seat(k as u8));
        if let Some(x) = payments.get_mut(seat.index()) {
            *x = p;
        }
    }
    if !d.cego.is_empty() {
        events.push(Event::CegoShown { cards: d.cego });
    }
    for (t, p) in state.totals.iter_mut().zip(payments.iter()) {
        *t += p;
    }
    events.push(Event::Scored {
        contract,
        soloist: d.soloist.map(|s| state.real_seat(s)),
        score: how,
        payments,
        totals: state.totals,
    });
    state.results.push(payments);
    state.next_deal(events);
}

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

    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        out.clear();
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

    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
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
            if let Outcome::Contract(c, s) = auction::apply(d, config, *action, events) {
                play::fix_contract(d, config, c, s, events);
            }
            false
        } else {
            play::apply(d, config, *action, events)
        };
        if let Some(out) = state.sitting_out {
            // The deal's events name local seats: name the real ones.
            for e in &mut events[start..] {
                e.map_seats(|s| crate::state::real_seat(Some(out), s));
            }
        }
        if ended {
            end_deal(state, events);
        }
    }

    fn view(state: &State, seat: Seat) -> View {
        crate::view::view(state, seat)
    }

    fn scores(state: &State) -> PerSeat<f64> {
        PerSeat(state.totals.iter().map(|&t| f64::from(t)).collect())
    }
}

impl cards_core::GameState for State {
    type Config = Config;

    fn config(&self) -> &Config {
        &self.config
    }

    fn determinize(&self, seat: Seat, rng: &mut GameRng) -> State {
        let state = self;
        crate::determinize::determinize(state, seat, rng)
    }

    fn census(&self) -> Vec<String> {
        let state = self;
        let d = &state.deal;
        let mut all = Vec::with_capacity(54);
        let mut push = |set: crate::cards::Cards| all.extend(set.iter().map(|c| c.to_string()));
        for i in 0..d.n() {
            push(d.hands[i]);
            push(d.won[i]);
        }
        push(d.cego);
        push(d.legage);
        if matches!(d.phase, Phase::Play) {
            let n = if d.double && d.trick_no == 0 { 2 } else { 1 };
            for t in d.tricks.iter().take(n) {
                all.extend(t.plays().map(|(_, c)| c.to_string()));
            }
        }
        all
    }

    /// `auction`, `expose` (the card(s) kept in One Blank, Two Blanks, Two Different),
    /// `discard` or `play`.
    fn phase(&self) -> &'static str {
        let state = self;
        match state.deal.phase {
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
        let config = self;
        crate::cards::pack_for(config.players)
            .iter()
            .map(|c| c.to_string())
            .collect()
    }

    fn max_actions(&self) -> usize {
        let config = self;
        MAX_ACTIONS_PER_DEAL * config.max_deals() as usize
    }
}

impl cards_core::GameView for View {
    fn screen(&self) -> cards_core::text::Screen {
        let view = self;
        crate::view::screen(view)
    }
}

impl cards_core::GameEvent for Event {
    fn redact(&self, seat: Seat) -> Option<Event> {
        let event = self;
        Some(crate::view::redact(event, seat))
    }
}

/// [`cards_core::Catalog::rules`] of this game.
pub(crate) fn rules() -> &'static str {
    crate::docs::RULES
}

/// [`cards_core::Catalog::opening`] of this game.
pub(crate) fn opening(state: &State) -> Vec<Event> {
    match State::new(state.config(), state.seed) {
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
/// is [`Config::max_deals`]), so
/// a search bot maximising its expected reward maximises its expected payment. No deal
/// moves more than [`REWARD_SCALE`] to or from one seat, so the rewards stay in `[0, 1]`
/// without clamping.
pub(crate) fn rewards(state: &State) -> PerSeat<f64> {
    cards_core::search::linear_rewards(
        &Cego::scores(state),
        f64::from(crate::validate::max_payment(state.config.players))
            * f64::from(state.config.max_deals().max(1)),
    )
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
    IsmctsOptions {
        exploration: 0.1,
        rollout: Rollout::Heuristic,
        cutoff: Some(MAX_ACTIONS_PER_DEAL as u32),
        widening: None,
        ..IsmctsOptions::default()
    }
}
