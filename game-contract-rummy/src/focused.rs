//! The focused search: `cards_core`'s ISMCTS over the game with every legal list cut to a few
//! candidates, a prototype of the candidates hook the generic search lacks (see the crate
//! documentation, "Search bots").

use cards_core::rng::rng_from_seed;
use cards_core::search::{Ismcts, IsmctsOptions};
use cards_core::seat::{PerSeat, Seat};
use cards_core::{Bot, Decision, Example, Game, GameRng};

use crate::action::Action;
use crate::bots::{Heuristic, Planner};
use crate::error::ActionError;
use crate::event::Event;
use crate::rules::{Config, ConfigError};
use crate::state::{ContractRummy, State};
use crate::view::View;

type C = ContractRummy;

/// The indices in `legal` (the game's whole list at `state`) of the candidates: the planner's
/// choice, the heuristic bot's and the turn's control action (`draw`, `done` or `pass`), in
/// order. They depend only on the hand of the seat to move and the table.
fn candidates(state: &State, legal: &[Action]) -> Vec<usize> {
    let Some(seat) = C::to_move(state) else {
        return Vec::new();
    };
    // Neither bot draws from the generator.
    let mut rng = rng_from_seed(0);
    let d = Decision::<C>::new(state, seat, legal);
    let mut v = vec![Planner.choose(&d, &mut rng), Heuristic.choose(&d, &mut rng)];
    if let Some(i) = legal
        .iter()
        .position(|a| matches!(a, Action::Draw | Action::Done | Action::Pass))
    {
        v.push(i);
    }
    v.sort_unstable();
    v.dedup();
    v
}

/// The game with its legal lists cut to the candidates, and the race estimate run on each
/// seat's pool; everything else is the game's own.
struct Focused;

/// The planner as a bot of the wrapper, asked where the rollout hook has no answer.
struct FocusedPlanner;

impl Bot<Focused> for FocusedPlanner {
    fn name(&self) -> &str {
        "planner"
    }

    fn choose(&mut self, decision: &Decision<'_, Focused>, rng: &mut GameRng) -> usize {
        // The planner reads the seat's view only, which every determinization shares.
        let state = decision.determinize(rng);
        Planner.choose(
            &Decision::<C>::new(&state, decision.seat(), decision.legal()),
            rng,
        )
    }
}

impl cards_core::Catalog for Focused {
    fn examples() -> Vec<Example> {
        Vec::new()
    }

    fn heuristic_bot() -> Box<dyn Bot<Self>> {
        Box::new(FocusedPlanner)
    }

    fn rollout_choice(
        state: &State,
        seat: Seat,
        legal: &[Action],
        rng: &mut GameRng,
    ) -> Option<usize> {
        C::rollout_choice(state, seat, legal, rng)
    }
}

impl Game for Focused {
    type Config = Config;
    type State = State;
    type Action = Action;
    type View = View;
    type Event = Event;
    type ConfigError = ConfigError;
    type ActionError = ActionError;
    const NAME: &'static str = "contract-rummy-focused";
    const TITLE: &'static str = C::TITLE;
    const DESCRIPTION: &'static str = C::DESCRIPTION;
    const PLAYERS: std::ops::RangeInclusive<usize> = C::PLAYERS;
    const ZERO_SUM: bool = C::ZERO_SUM;

    fn rules() -> &'static str {
        C::rules()
    }
    fn new(config: &Config, seed: u64) -> Result<State, ConfigError> {
        C::new(config, seed)
    }
    fn to_move(state: &State) -> Option<Seat> {
        C::to_move(state)
    }
    fn legal_actions_into(state: &State, out: &mut Vec<Action>) {
        C::legal_actions_into(state, out);
        if out.len() > 2 {
            let kept: Vec<Action> = candidates(state, out).iter().map(|&i| out[i]).collect();
            *out = kept;
        }
    }
    fn check(state: &State, action: &Action) -> Result<(), ActionError> {
        C::check(state, action)
    }
    fn apply_unchecked(state: &mut State, action: &Action, events: &mut Vec<Event>) {
        C::apply_unchecked(state, action, events);
    }
    fn view(state: &State, seat: Seat) -> View {
        C::view(state, seat)
    }
    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        C::redact(event, seat)
    }
    fn determinize(state: &State, seat: Seat, rng: &mut GameRng) -> State {
        C::determinize(state, seat, rng)
    }
    fn scores(state: &State) -> PerSeat<f64> {
        C::scores(state)
    }
    fn census(state: &State) -> Vec<String> {
        C::census(state)
    }
    fn pack(config: &Config) -> Vec<String> {
        C::pack(config)
    }
    fn max_actions(config: &Config) -> usize {
        C::max_actions(config)
    }
    fn rewards(state: &State) -> PerSeat<f64> {
        C::rewards(state)
    }
    fn evaluate(state: &State) -> PerSeat<f64> {
        crate::estimate::evaluate_pooled(state)
    }
    fn search_defaults() -> IsmctsOptions {
        C::search_defaults()
    }
}

/// A search bot that refines the planner instead of wandering among thousands of melds:
/// `cards_core`'s ISMCTS, with the game's rewards, rollout policy and defaults, over the game
/// with every legal list (at the root and in the tree) cut to the planner's choice, the
/// heuristic bot's and the turn's control action (`draw`, `done` or `pass`), and with the race
/// estimate run on each seat's hand and melds together, so that putting cards down without
/// going out counts only as a skipped draw. A decision with one candidate is not searched.
///
/// It is a prototype of a candidates hook of `cards_core::search` (see the crate
/// documentation, "Search bots"): `cards simulate` cannot seat it. Like every bot it sees only
/// what the decision gives: the candidates are listed on a determinization, and they depend
/// only on the seat's own hand and the table.
pub struct FocusedSearch {
    search: Ismcts<Focused>,
}

impl std::fmt::Debug for FocusedSearch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("FocusedSearch")
            .field("options", self.search.options())
            .finish()
    }
}

impl FocusedSearch {
    /// A focused search with these options (start from
    /// [`ContractRummy::search_defaults`](cards_core::Game::search_defaults)).
    pub fn new(options: IsmctsOptions) -> Self {
        FocusedSearch {
            search: Ismcts::new(options),
        }
    }
}

impl Bot<C> for FocusedSearch {
    fn name(&self) -> &str {
        "focused"
    }

    fn choose(&mut self, decision: &Decision<'_, C>, rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        if legal.len() <= 1 {
            return 0;
        }
        let state = decision.determinize(rng);
        let keep = candidates(&state, legal);
        if keep.len() <= 1 {
            return keep.first().copied().unwrap_or(0);
        }
        let focused: Vec<Action> = keep.iter().map(|&i| legal[i]).collect();
        let i = self.search.choose(
            &Decision::<Focused>::new(&state, decision.seat(), &focused),
            rng,
        );
        keep.get(i).copied().unwrap_or(keep[0])
    }

    fn iterations(&self) -> u64 {
        self.search.iterations()
    }
}
