//! The `expert` bot of 3 to 13 (issue 45): the search bot (`ismcts` at its defaults) with one
//! more real choice weighed, putting cards down without going out.
//!
//! At a turn where the seat cannot go out, has drawn nothing yet, the stock is not empty and it
//! could put something down, the search's one candidate is the draw. The expert weighs it against
//! putting down now the most points the hand can ([`final_step`], repeated until `done`): in
//! [`Expert::worlds`] determinized worlds ([`Decision::determinize`], what the seat knows) it
//! plays both out to the end of the round, every seat the planner's way (go out when the hand
//! can, otherwise draw; a final turn puts down the most points), and puts down when that
//! leaves the seat fewer points on average, by more than [`Expert::margin`] points. Both lines are
//! played in the same worlds, so the comparison is paired. Once it has put something down it
//! goes on putting down the most points it can, then ends the turn. Every other decision is the
//! search's.

use cards_core::rng::{GameRng, rng_from_seed};
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::seat::{Direction, Seat};
use cards_core::{Bot, Decision, Game};

use crate::ContractRummy;
use crate::action::Action;
use crate::event::Event;
use crate::meld::Meld;
use crate::planner::{RACE_OUT_LIMIT, can_go_out, dump, final_step, go_out_step};
use crate::state::{Phase, State};

/// Worlds the expert plays both lines in at a put-down decision.
pub const EXPERT_WORLDS: u32 = 32;

/// Points a put-down must save on average over the worlds before the expert plays it.
pub const EXPERT_MARGIN: f64 = 0.5;

/// Actions after which a rollout gives up (a round ends long before).
const ROLLOUT_LIMIT: u32 = 4000;

/// The expert bot of 3 to 13; see the [module docs](self).
pub struct Expert {
    search: Ismcts<ContractRummy>,
    own_rng: Option<GameRng>,
    worlds: u32,
    margin: f64,
    rollouts: u64,
    legal: Vec<Action>,
    events: Vec<Event>,
}

impl std::fmt::Debug for Expert {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Expert")
            .field("worlds", &self.worlds)
            .field("margin", &self.margin)
            .field("rollouts", &self.rollouts)
            .finish_non_exhaustive()
    }
}

impl Expert {
    /// The expert with the search `options` for its other decisions, [`EXPERT_WORLDS`] worlds
    /// and [`EXPERT_MARGIN`], drawing from its own generator when `seed` is given.
    pub fn new(options: IsmctsOptions, seed: Option<u64>) -> Self {
        Expert {
            search: Ismcts::new(IsmctsOptions { seed, ..options }),
            own_rng: seed.map(|s| rng_from_seed(s ^ 0x5eed_e4be_7000_0001)),
            worlds: EXPERT_WORLDS,
            margin: EXPERT_MARGIN,
            rollouts: 0,
            legal: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The same bot weighing put-downs in `worlds` worlds with this `margin` (points).
    #[must_use]
    pub fn with_worlds(mut self, worlds: u32, margin: f64) -> Self {
        self.worlds = worlds.max(1);
        self.margin = margin;
        self
    }

    /// The worlds of a put-down decision.
    pub fn worlds(&self) -> u32 {
        self.worlds
    }

    /// The margin in points.
    pub fn margin(&self) -> f64 {
        self.margin
    }

    /// The expert's own choice at `state` (a world of the decision: the seat's hand, melds and
    /// the phase are the true ones), or `None` to ask the search.
    fn own_choice(
        &mut self,
        state: &State,
        decision: &Decision<'_, ContractRummy>,
        rng: &mut GameRng,
    ) -> Option<usize> {
        let seat = decision.seat();
        let legal = decision.legal();
        let Phase::Turn {
            put_down,
            final_turn: false,
            ..
        } = state.phase
        else {
            return None;
        };
        if state.stock.is_empty() {
            return None;
        }
        let hand = &state.hands[seat];
        if go_out_step(hand, &state.melds, seat, state.info, legal).is_some() {
            return None;
        }
        let step = final_step(hand, &state.melds, seat, state.info, legal)?;
        if put_down {
            // Something is down already: the rest of the most points, then `done`.
            return Some(step);
        }
        if !matches!(legal.get(step), Some(Action::Meld(_) | Action::Add { .. })) {
            return None;
        }
        let draw = legal.iter().position(|a| matches!(a, Action::Draw))?;
        let saved = self.put_down_saves(decision, rng);
        Some(if saved > self.margin { step } else { draw })
    }

    /// The points putting down now saves on average over the worlds, against drawing. The
    /// put-down (the steps to the most points down, then `done`) is found once, in the first
    /// world: it depends only on the seat's hand and melds, the same in every world.
    fn put_down_saves(&mut self, decision: &Decision<'_, ContractRummy>, rng: &mut GameRng) -> f64 {
        let seat = decision.seat();
        let mut plan: Vec<Action> = Vec::new();
        let mut sum = 0.0;
        for w in 0..self.worlds {
            let world = decision.determinize(rng);
            let mut drawn = world.clone();
            self.events.clear();
            ContractRummy::apply_unchecked(&mut drawn, &Action::Draw, &mut self.events);
            let a = race_points(&drawn, seat);
            let mut down = world;
            if w == 0 {
                self.put_down_all(&mut down, seat, &mut plan);
            } else {
                for action in &plan {
                    self.events.clear();
                    ContractRummy::apply_unchecked(&mut down, action, &mut self.events);
                }
            }
            let b = race_points(&down, seat);
            sum += f64::from(a) - f64::from(b);
            self.rollouts += 2;
        }
        sum / f64::from(self.worlds)
    }

    /// Puts down the most points `seat` can this turn, then ends the turn; the steps go to
    /// `plan`.
    fn put_down_all(&mut self, state: &mut State, seat: Seat, plan: &mut Vec<Action>) {
        for _ in 0..ROLLOUT_LIMIT {
            let Phase::Turn { seat: s, .. } = state.phase else {
                return;
            };
            if s != seat {
                return;
            }
            ContractRummy::legal_actions_into(state, &mut self.legal);
            let i = final_step(
                &state.hands[seat],
                &state.melds,
                seat,
                state.info,
                &self.legal,
            )
            .or_else(|| self.control())
            .unwrap_or(0);
            let Some(action) = self.legal.get(i).copied() else {
                return;
            };
            plan.push(action);
            self.events.clear();
            ContractRummy::apply_unchecked(state, &action, &mut self.events);
            if matches!(action, Action::Done | Action::Pass | Action::Draw) {
                return;
            }
        }
    }

    /// The index of the turn's control action (`done`, `draw`, `pass`) in the legal list.
    fn control(&self) -> Option<usize> {
        self.legal
            .iter()
            .position(|a| matches!(a, Action::Done | Action::Draw | Action::Pass))
    }
}

/// The points `seat` pays for the round in play when every seat plays it out the planner's
/// way from `state` (a world at the start of a turn): in turn, a seat whose hand can go out
/// (its own melds taken into account) goes out and the round ends, otherwise it draws the top
/// card of the stock. The seat that goes out pays nothing and `seat` otherwise what its hand
/// leaves after a final turn that puts down the most points ([`dump`]); when the stock runs
/// out first, what its hand leaves likewise. Unlike the search's estimate it plays the real
/// hands and melds, so cards put down count as down.
fn race_points(state: &State, seat: Seat) -> u32 {
    let n = state.config.players;
    let Phase::Turn {
        seat: first,
        final_turn: false,
        put_down: false,
    } = state.phase
    else {
        return leftover_points(state, seat);
    };
    if state.stock.is_empty() {
        return leftover_points(state, seat);
    }
    let mut hands = state.hands.clone();
    let own: Vec<Vec<Meld>> = (0..n)
        .map(|i| {
            state
                .melds
                .iter()
                .filter(|m| m.owner().index() == i)
                .copied()
                .collect()
        })
        .collect();
    let mut s = first;
    let mut top = state.stock.len();
    for _ in 0..ROLLOUT_LIMIT {
        if can_go_out(&hands[s], &own[s.index()], state.info, RACE_OUT_LIMIT) {
            return if s == seat {
                0
            } else {
                dump(&hands[seat], &own[seat.index()], state.info).1
            };
        }
        if top == 0 {
            break;
        }
        top -= 1;
        if let Some(&c) = state.stock.get(top) {
            hands[s].add(c);
        }
        s = s.next(n, Direction::Clockwise);
    }
    dump(&hands[seat], &own[seat.index()], state.info).1
}

/// What `seat`'s hand leaves at `state` after a turn that puts down the most points.
fn leftover_points(state: &State, seat: Seat) -> u32 {
    let own: Vec<Meld> = state
        .melds
        .iter()
        .filter(|m| m.owner() == seat)
        .copied()
        .collect();
    dump(&state.hands[seat], &own, state.info).1
}

impl Bot<ContractRummy> for Expert {
    fn name(&self) -> &str {
        "expert"
    }

    fn choose(&mut self, decision: &Decision<'_, ContractRummy>, rng: &mut GameRng) -> usize {
        if decision.legal().len() <= 1 {
            return 0;
        }
        let mut own = self.own_rng.take();
        let r = own.as_mut().unwrap_or(rng);
        let world = decision.determinize(r);
        let choice = self.own_choice(&world, decision, r);
        self.own_rng = own;
        match choice {
            Some(i) if i < decision.legal().len() => i,
            _ => self.search.choose(decision, rng),
        }
    }

    fn iterations(&self) -> u64 {
        self.search.iterations() + self.rollouts
    }
}
