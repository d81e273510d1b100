//! Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012), generic over
//! any [`Game`] that gives the [`Search`] hooks.
//!
//! [`Ismcts`] is a single-observer ISMCTS bot (SO-ISMCTS). It is built only on what a
//! [`Decision`](crate::Decision) gives (the seat, the legal actions and the determinizer) and on the [`Game`]
//! trait: it never sees the true state. Each iteration
//!
//! 1. **determinizes**: deals the cards the deciding seat cannot see at random
//!    ([`Decision::determinize`](crate::Decision::determinize)), so the iteration plays in one world consistent with what the
//!    seat knows;
//! 2. **selects** down the tree of the deciding seat's information set by UCB1 with
//!    availability counts: at each node only the children whose actions are legal in this
//!    determinization compete, each child's exploration term uses the number of times it was
//!    *available* rather than the parent's visits, and a child that is not legal here is
//!    skipped and loses nothing;
//! 3. **expands** one action of this determinization that has no node yet (under progressive
//!    widening, only while the node has fewer children than `k · visits^alpha`; the rollout
//!    policy's own choice is expanded first);
//! 4. **rolls out** to the end of the match with the rollout policy, or for `cutoff` actions and
//!    then asks the game for an estimate ([`Search::evaluate`]);
//! 5. **backs up** every seat's reward ([`Search::rewards`], in `[0, 1]`): each node adds the
//!    reward of the seat that chose its action.
//!
//! The move played is the root child with the most visits (ties: the higher mean reward, then the
//! first in the sorted legal list). With a fixed seed and an iteration budget the bot is
//! deterministic. A time budget needs a [`Clock`] from the caller, since library code never reads
//! the clock itself.
//!
//! Per-game knowledge comes from the game crate through the [`Search`] trait, never from this
//! module: the reward ([`Search::rewards`]), the cut-off estimate ([`Search::evaluate`]), a
//! fast heuristic rollout policy ([`Search::rollout_choice`]), the candidates worth searching
//! where a legal list is too long to search whole ([`Search::search_candidates`]: asked at the
//! root and at every tree node; a decision with one candidate is played without a search) and
//! the default options ([`Search::search_defaults`]: rollout policy, cut-off, widening,
//! exploration).
//!
//! ```
//! use cards_core::search::{Ismcts, IsmctsOptions, Search};
//! use cards_core::{Bot, Decision, Game, GameRng};
//!
//! /// The action an ISMCTS bot with 200 iterations picks for the seat to move.
//! fn search_pick<G: Search>(state: &G::State, rng: &mut GameRng) -> Option<G::Action> {
//!     let seat = G::to_move(state)?;
//!     let legal = G::legal_actions(state);
//!     let mut bot = Ismcts::<G>::new(IsmctsOptions { iterations: 200, ..G::search_defaults() });
//!     let i = bot.choose(&Decision::<G>::new(state, seat, &legal), rng);
//!     legal.get(i).cloned()
//! }
//! ```

use crate::bot::Bot;
use crate::game::Game;
use crate::rng::GameRng;
use crate::seat::{PerSeat, Seat};

/// What search bots need of a game beside its rules: the heuristic bot (the default rollout
/// policy), the candidates worth searching, the rewards they play for, the estimate where a
/// rollout is cut short, and the options tuned for the game. Every game of the workspace
/// implements it beside its [`Game`].
pub trait Search: Game {
    /// The game's heuristic bot.
    fn heuristic_bot() -> Box<dyn Bot<Self>>;

    /// The heuristic rollout policy of search bots, answered from the state: the index in
    /// `legal` of the action the game's heuristic plays for `seat`, or `None` (the default) to
    /// ask [`Search::heuristic_bot`] through a [`Decision`](crate::Decision). A rollout plays out a determinized
    /// world, so reading the state here reveals nothing true; a game overrides this to skip
    /// building a view at every rollout step.
    fn rollout_choice(
        _state: &Self::State,
        _seat: Seat,
        _legal: &[Self::Action],
        _rng: &mut GameRng,
    ) -> Option<usize> {
        None
    }

    /// The actions a search bot considers at `state`, where the game's legal list is too long
    /// to search whole (thousands of melds in a rummy turn): fills `out` with indices into
    /// `legal` and returns `true`, or returns `false` (the default) to search every legal action.
    /// [`Ismcts`] asks at the root and at every node of its tree (not in rollouts, which follow
    /// their own policy) and does not search a decision with one candidate. Like
    /// [`Search::rollout_choice`] it is asked on determinized worlds, so it must depend only on
    /// what `seat` knows for the search to stay fair.
    fn search_candidates(
        _state: &Self::State,
        _seat: Seat,
        _legal: &[Self::Action],
        _out: &mut Vec<usize>,
    ) -> bool {
        false
    }

    /// Each seat's reward for search bots, in `[0, 1]`, higher is better: what the bots play
    /// for. Called on finished matches, and by the default [`Search::evaluate`] on unfinished
    /// ones (scores so far). The default spreads the scores between the lowest (0) and the
    /// highest (1) ([`spread_rewards`]); each game documents its own.
    fn rewards(state: &Self::State) -> PerSeat<f64> {
        spread_rewards(&Self::scores(state))
    }

    /// A search bot's estimate of each seat's reward (as [`Search::rewards`]) in a state whose
    /// match is not over, where a rollout is cut short. The default is [`Search::rewards`] of
    /// the state as it stands.
    fn evaluate(state: &Self::State) -> PerSeat<f64> {
        Self::rewards(state)
    }

    /// The options of a search bot of this game when a bot spec sets none: rollout policy,
    /// cut-off, widening and exploration tuned for the game. The default is
    /// [`IsmctsOptions::default`].
    fn search_defaults() -> IsmctsOptions {
        IsmctsOptions::default()
    }

    /// The options of the game's `expert` bot ([`crate::Catalog::expert_bot`] builds it from
    /// them by default): the search chosen on tuning seeds to beat ISMCTS at 1,000
    /// iterations within about 100 ms a decision, measured on declared seeds in
    /// `docs/strength.md`. The default is [`Search::search_defaults`], the same search as
    /// `ismcts`, for a game that has not found a stronger one.
    fn expert_options() -> IsmctsOptions {
        Self::search_defaults()
    }
}

mod infer;
mod ismcts;
mod options;

pub use infer::{Infer, InferOptions, Inferring};
pub use ismcts::{Draw, Ismcts, RootStats};
pub use options::{Clock, IsmctsOptions, Rollout, Widening};

/// Rewards in `[0, 1]` from scores, spread between the lowest and the highest score of the
/// state: the best seat gets 1, the worst 0, the others in between by their score (all equal:
/// 0.5 each). The default of [`crate::Search::rewards`].
pub fn spread_rewards(scores: &PerSeat<f64>) -> PerSeat<f64> {
    let lo = scores.0.iter().copied().fold(f64::INFINITY, f64::min);
    let hi = scores.0.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    if hi - lo > 1e-12 && hi.is_finite() && lo.is_finite() {
        PerSeat(scores.0.iter().map(|s| (s - lo) / (hi - lo)).collect())
    } else {
        PerSeat(vec![0.5; scores.len()])
    }
}

/// Rewards in `[0, 1]` linear in each seat's score: `0.5 + score / (2 · scale)`, clamped, so a
/// bot maximising its expected reward maximises its expected score (for games whose results
/// are scores of a known size).
pub fn linear_rewards(scores: &PerSeat<f64>, scale: f64) -> PerSeat<f64> {
    PerSeat(
        scores
            .0
            .iter()
            .map(|s| (0.5 + s / (2.0 * scale)).clamp(0.0, 1.0))
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::Decision;
    use crate::race::{Race, RaceConfig};
    use crate::rng::rng_from_seed;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Duration;
    use std::time::Instant;

    /// A clock on `Instant` that jumps 10^9 s ahead once `flag` is set (the cancel).
    fn cancellable(flag: Arc<AtomicBool>) -> Clock {
        let start = Instant::now();
        Arc::new(move || {
            let t = start.elapsed();
            if flag.load(Ordering::Relaxed) {
                t.saturating_add(Duration::from_secs(1_000_000_000))
            } else {
                t
            }
        })
    }

    fn decide(bot: &mut Ismcts<Race>) -> usize {
        let state = Race::new(&RaceConfig, 0).unwrap();
        let legal = Race::legal_actions(&state);
        let mut rng = rng_from_seed(1);
        bot.choose(&Decision::new(&state, Seat(0), &legal), &mut rng)
    }

    #[test]
    fn a_search_returns_soon_after_its_clock_jumps_past_the_deadline() {
        let flag = Arc::new(AtomicBool::new(false));
        let options = IsmctsOptions {
            iterations: u32::MAX,
            millis: Some(5000),
            ..IsmctsOptions::default()
        };
        let mut bot = Ismcts::<Race>::new(options).with_clock(cancellable(flag.clone()));
        let setter = {
            let flag = flag.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(50));
                flag.store(true, Ordering::Relaxed);
                Instant::now()
            })
        };
        let i = decide(&mut bot);
        let returned = Instant::now();
        let jumped = setter.join().unwrap();
        assert!(i < 3);
        let late = returned.saturating_duration_since(jumped);
        assert!(
            late < Duration::from_millis(100),
            "returned {late:?} after the cancel"
        );
        assert!(bot.iterations() > 0 && bot.iterations() < u64::from(u32::MAX));
    }

    #[test]
    fn a_deadline_set_from_outside_stops_the_search_and_clocks_never_overflow() {
        let options = IsmctsOptions {
            iterations: u32::MAX,
            millis: Some(u64::MAX),
            ..IsmctsOptions::default()
        };
        // A clock at the end of time: the budget's deadline saturates instead of panicking,
        // and the clock has reached it, so one iteration is run.
        let end: Clock = Arc::new(|| Duration::MAX);
        let mut bot = Ismcts::<Race>::new(options.clone()).with_clock(end);
        decide(&mut bot);
        assert_eq!(bot.iterations(), 1);
        // A deadline already past, set from outside, stops a search whose own budget is far.
        let start = Instant::now();
        let clock: Clock = Arc::new(move || start.elapsed());
        let mut bot = Ismcts::<Race>::new(options).with_clock(clock);
        bot.set_deadline(Some(Duration::ZERO));
        decide(&mut bot);
        assert_eq!(bot.iterations(), 1);
        bot.set_deadline(Some(start.elapsed() + Duration::from_millis(30)));
        let t = Instant::now();
        decide(&mut bot);
        let took = t.elapsed();
        assert!(bot.iterations() > 2, "{} iterations", bot.iterations());
        assert!(
            took >= Duration::from_millis(25) && took < Duration::from_millis(500),
            "{took:?}"
        );
    }
}
