//! The conformance harness (feature `testing`): random playouts of any [`Game`](crate::Game)
//! that check the trait's contracts at every step.
//!
//! [`check_conformance`] runs the checks of [`Check::ALL`]; [`run_checks`] runs a chosen few (the workspace
//! tests show each check catching a deliberately broken game).
//!
//! Its modules: `run` plays the playouts and runs the checks at each state, `cards` holds the
//! action-cards checks (and [`action_cards_match_notation`]), `corrupt` changes serialized
//! states for [`Check::Corruption`] and plays from them, `digest` holds
//! [`behaviour_digest`], and `seeds` holds [`check_key_seeds`] and [`check_deals_finished`]
//! (every card follows from the whole of a 256-bit key; the engine counts the deals that end),
//! which each game crate runs with its own deal-end events. The checks:
//!
//! - [`Check::LegalList`]: the legal list is empty exactly when the match is over, strictly sorted
//!   (so unique), its notation strings are unique and parse back to the same action, and every
//!   listed action is accepted by `check` and applies.
//! - [`Check::Refusal`]: actions seen elsewhere but not listed here are refused by `check` and
//!   `apply`, and a refused `apply` leaves the state equal.
//! - [`Check::Conservation`]: the census equals the pack (rulings G4).
//! - [`Check::Serde`]: state and every view survive a `serde_json` round trip.
//! - [`Check::Clone`]: a clone equals its original.
//! - [`Check::Determinism`]: the same seed and actions give the same transcript and state.
//! - [`Check::NoLeaks`]: for each seat, a state from `determinize` for that seat gives that seat
//!   the same view, the same seat to move, and (for the seat to move) the same legal actions,
//!   conserves the pack, and reads back through serde (so it is a state the game accepts).
//! - [`Check::Scores`]: one finite score per seat, summing to zero where the game says so.
//! - [`Check::Termination`]: the match ends within `max_actions`.
//! - [`Check::NoCheating`]: bots cannot tell apart what their seat cannot: handed the true
//!   state and a determinization of it for the seat to move (the same view), the `random`,
//!   `heuristic` and `ismcts` bots (see [`NO_CHEATING_BOTS`]) and the game's own kinds (see
//!   [`crate::Catalog::game_bot_check_specs`]) choose the same action with the same generator. A bot that reads hidden cards through a back door, or a determinizer whose worlds
//!   depend on where the hidden cards truly are, fails it.
//! - [`Check::Corruption`]: a serialized state with one value changed, an array element
//!   dropped or repeated, a string altered or swapped, or an absent value or empty list filled
//!   is either refused by deserialization or is a
//!   state that keeps the contracts: it conserves the pack, and views, scores, legal lists,
//!   determinization and a random playout from it run without a panic (a state read from a
//!   file is input, and library code never panics on input).
//! - [`Check::ActionCards`]: the cards each legal action uses ([`crate::Catalog::action_cards`]) are
//!   among the mover's screen hand, counted (a sub-multiset of [`crate::text::Screen::hand`]),
//!   and agree with what the action does to it: applied (every listed action at deep-checked
//!   states, the chosen one at every state), an action that uses no card does not shorten the
//!   mover's screen hand, and one that shortens it by exactly its number of cards takes exactly
//!   those (not checked where the action ends a deal: the heading or the scores change).
//!   Actions whose cards have equal keys ([`crate::Catalog::card_key`]) are allowed: a page offers one
//!   button per action that matches a selection.

mod cards;
mod corrupt;
mod digest;
mod infer;
mod run;
mod seeds;

use std::fmt;

use crate::catalog::Catalog;
use crate::game::GameConfig;
use crate::rng::derive_seed;

pub use cards::action_cards_match_notation;
pub use digest::{Digest, DigestError, behaviour_digest};
pub use infer::{InferenceCounts, Played, check_inference, check_inferring_expert};
use run::Run;
pub use seeds::{
    SeedCheckError, check_deals_finished, check_deals_finished_from, check_key_seeds, key_variants,
};

/// One contract the harness checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Check {
    /// Legal actions sorted, unique, notation unique and round-tripping, each accepted.
    LegalList,
    /// Unlisted actions are refused and leave the state unchanged.
    Refusal,
    /// Every card of the pack exactly once.
    Conservation,
    /// serde_json round trip of state and views.
    Serde,
    /// Clone equality.
    Clone,
    /// Same seed and actions, same transcript.
    Determinism,
    /// A seat's view survives determinization for that seat.
    NoLeaks,
    /// Scores finite, one per seat, zero-sum where declared.
    Scores,
    /// The match ends within the declared maximum.
    Termination,
    /// Corrupted serialized states are refused, or accepted only when they keep the contracts.
    Corruption,
    /// Bots choose alike on states their seat cannot tell apart.
    NoCheating,
    /// The cards each legal action uses are in the mover's hand, and are those it takes.
    ActionCards,
}

/// The bot specs [`Check::NoCheating`] compares: every kind, the search bot at a small budget
/// (it runs at a sample of the states: every state of the first playout, about one in sixteen
/// of the sampled states after that).
pub const NO_CHEATING_BOTS: [&str; 3] = ["random", "heuristic", "ismcts:iters=24"];

impl Check {
    /// Every check.
    pub const ALL: [Check; 12] = [
        Check::LegalList,
        Check::Refusal,
        Check::Conservation,
        Check::Serde,
        Check::Clone,
        Check::Determinism,
        Check::NoLeaks,
        Check::Scores,
        Check::Termination,
        Check::Corruption,
        Check::NoCheating,
        Check::ActionCards,
    ];
}

/// What a conformance run covered.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Playouts run.
    pub playouts: usize,
    /// Actions applied over all playouts.
    pub actions: usize,
    /// Unlisted actions shown to be refused.
    pub refusals: usize,
    /// Determinizations checked.
    pub determinizations: usize,
    /// Corrupted states refused by deserialization.
    pub corruptions_refused: usize,
    /// Corrupted states accepted, and shown to keep the contracts.
    pub corruptions_accepted: usize,
    /// Bot decisions compared between a state and a determinization of it.
    pub bot_decisions_compared: usize,
}

/// A broken contract, with where it was found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Which check failed.
    pub check: Check,
    /// What was found, with the seed and step.
    pub detail: String,
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.check, self.detail)
    }
}

impl std::error::Error for Failure {}

/// Runs every check over `playouts` random playouts of `config`, seeds derived from `seed`.
///
/// # Errors
/// The first broken contract.
pub fn check_conformance<G: Catalog>(
    config: &G::Config,
    playouts: usize,
    seed: u64,
) -> Result<Summary, Failure> {
    run_checks::<G>(config, playouts, seed, &Check::ALL)
}

/// Runs the chosen checks over `playouts` random playouts.
///
/// Serde and no-leak checks run at every step of the first playout and on a sample of steps
/// (about one in four) of the others, to keep debug-mode test runs short
/// ([`RunOptions::default`]).
///
/// # Errors
/// The first broken contract.
pub fn run_checks<G: Catalog>(
    config: &G::Config,
    playouts: usize,
    seed: u64,
    checks: &[Check],
) -> Result<Summary, Failure> {
    run_checks_with::<G>(config, seed, 0..playouts, checks, &RunOptions::default())
}

/// Who chooses the actions of the harness's playouts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly among the legal actions.
    #[default]
    Random,
    /// The game's heuristic bot ([`crate::Search::heuristic_bot`]), which reaches the positions good
    /// play reaches (long contracts, late deals) that random play rarely does.
    Heuristic,
}

/// How a run plays and how often it runs the expensive checks.
///
/// The cheap checks (legal list, refusals, conservation, scores, clone, termination,
/// determinism) run at every state of every playout; a long soak may thin two of them out:
/// `listed_sample` tries only a few listed actions at a state, and `census_every` takes the
/// census at one step in so many. The expensive ones (serde round trips, corruption, no leaks,
/// no cheating) run at every state of playout 0 when `full_first` is set and at about one state
/// in `deep_every` elsewhere, with every listed action and the census; the search bot's
/// no-cheating comparison at about one in `search_every` of those. The defaults check
/// everything at every state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RunOptions {
    /// Who plays.
    pub policy: Policy,
    /// One state in this many gets the expensive checks (1 = every state).
    pub deep_every: u64,
    /// One deep-checked state in this many also compares the search bot.
    pub search_every: u64,
    /// Whether playout 0 gets every check at every state.
    pub full_first: bool,
    /// At states without the expensive checks, how many listed actions (drawn at random) are
    /// parsed back, checked and applied; `None` for every one. Deep-checked states always
    /// try every listed action.
    pub listed_sample: Option<usize>,
    /// Conservation (the census equals the pack) runs at one step in this many, at every
    /// deep-checked state and at the end of every playout (1 = every state).
    pub census_every: usize,
}

impl Default for RunOptions {
    /// Random play, expensive checks at one state in 4, the search bot at one in 16 of those,
    /// playout 0 in full: what [`check_conformance`] and [`run_checks`] use.
    fn default() -> Self {
        RunOptions {
            policy: Policy::Random,
            deep_every: 4,
            search_every: 16,
            full_first: true,
            listed_sample: None,
            census_every: 1,
        }
    }
}

/// Runs the chosen checks over the playouts numbered `playouts` (each playout's seed derives
/// from `seed` and its number, so disjoint ranges on several threads together cover exactly
/// the playouts of one range), as `options` say.
///
/// # Errors
/// The first broken contract.
pub fn run_checks_with<G: Catalog>(
    config: &G::Config,
    seed: u64,
    playouts: std::ops::Range<usize>,
    checks: &[Check],
    options: &RunOptions,
) -> Result<Summary, Failure> {
    let mut run = Run::<G>::new(checks, *options);
    for p in playouts {
        let game_seed = derive_seed(seed, p as u64);
        let start = match G::new(config, game_seed) {
            Ok(s) => s,
            Err(e) => {
                return fail(
                    Check::LegalList,
                    format!("seed {game_seed}: new refused: {e}"),
                );
            }
        };
        let limit = config.max_actions();
        run.playout(
            &start,
            Some(config),
            game_seed,
            p == 0 && options.full_first,
            limit,
        )?;
        run.summary.playouts += 1;
    }
    Ok(run.summary)
}

/// Runs the chosen checks on one random playout of at most `steps` actions from `start`, a
/// state from anywhere (read from a file or a fuzzer's bytes, say), the actions chosen from
/// `seed` as `options` say. The playout stops quietly after `steps` actions ([`Check::Termination`]
/// is not checked), and the determinism check replays from `start`.
///
/// # Errors
/// The first broken contract.
pub fn run_checks_from<G: Catalog>(
    start: &G::State,
    seed: u64,
    steps: usize,
    checks: &[Check],
    options: &RunOptions,
) -> Result<Summary, Failure> {
    let checks: Vec<Check> = checks
        .iter()
        .copied()
        .filter(|c| *c != Check::Termination)
        .collect();
    let mut run = Run::<G>::new(&checks, *options);
    run.playout(start, None, seed, options.full_first, steps)?;
    run.summary.playouts += 1;
    Ok(run.summary)
}

/// Where a check looks: a playout's seed and step, written only when a check fails.
#[derive(Clone, Copy)]
struct At {
    seed: u64,
    step: usize,
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seed {}, step {}", self.seed, self.step)
    }
}

/// A [`Failure`] of `check`, as an `Err`.
fn fail<T>(check: Check, detail: String) -> Result<T, Failure> {
    Err(Failure { check, detail })
}
