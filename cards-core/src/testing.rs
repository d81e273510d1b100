//! The conformance harness (feature `testing`): random playouts of any [`Game`] that check the
//! trait's contracts at every step.
//!
//! [`check_conformance`] runs the checks of [`Check::ALL`]; [`run_checks`] runs a chosen few (the workspace
//! tests show each check catching a deliberately broken game). The checks:
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

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::bot::Decision;
use crate::catalog::Catalog;
use crate::catalog::make_bot;
use crate::game::GameConfig;
use crate::game::GameState;
use crate::game::GameView;
use crate::rng::{GameRng, below, derive_seed, rng_from_seed};
use crate::seat::Seat;
use crate::spec::BotSpec;

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
    let mut run = Run::<G> {
        checks,
        summary: Summary::default(),
        pool: Vec::new(),
        full: false,
        options: *options,
    };
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
    let mut run = Run::<G> {
        checks: &checks,
        summary: Summary::default(),
        pool: Vec::new(),
        full: false,
        options: *options,
    };
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

struct Run<'a, G: Catalog> {
    checks: &'a [Check],
    summary: Summary,
    /// Actions seen in earlier states, offered where they are not listed.
    pool: Vec<G::Action>,
    /// Whether the playout under way is checked at every state.
    full: bool,
    options: RunOptions,
}

fn fail<T>(check: Check, detail: String) -> Result<T, Failure> {
    Err(Failure { check, detail })
}

fn json_round_trip<T: Serialize + DeserializeOwned + PartialEq + fmt::Debug>(
    value: &T,
) -> Result<(), String> {
    let text = serde_json::to_string(value).map_err(|e| format!("serialise: {e}"))?;
    let back: T = serde_json::from_str(&text).map_err(|e| format!("deserialise: {e}"))?;
    if &back == value {
        Ok(())
    } else {
        Err(format!("round trip changed the value: {text}"))
    }
}

impl<G: Catalog> Run<'_, G> {
    fn on(&self, check: Check) -> bool {
        self.checks.contains(&check)
    }

    /// One random playout from `start` of at most `limit` actions; `config` when `start` is
    /// `G::new(config, seed)`, which the determinism check then calls again.
    fn playout(
        &mut self,
        start: &G::State,
        config: Option<&G::Config>,
        seed: u64,
        full: bool,
        limit: usize,
    ) -> Result<(), Failure> {
        let mut state = start.clone();
        self.full = full;
        let players = start.config().players();
        let mut rng = rng_from_seed(derive_seed(seed, u64::MAX));
        let mut legal = Vec::new();
        let mut taken = Vec::new();
        let mut transcript = Vec::new();
        let mut events = Vec::new();
        let mut step = 0usize;
        let mut heuristic = (self.options.policy == Policy::Heuristic).then(G::heuristic_bot);
        let mut pack = start.config().pack();
        pack.sort_unstable();
        loop {
            let at = At { seed, step };
            let deep = full || below(&mut rng, self.options.deep_every.max(1)) == 0;
            let census = deep
                || step % self.options.census_every.max(1) == 0
                || G::to_move(&state).is_none();
            self.check_state(&state, players, (census, &pack), &at, deep, &mut rng)?;
            G::legal_actions_into(&state, &mut legal);
            let to_move = G::to_move(&state);
            if self.on(Check::LegalList) {
                let sample = if deep {
                    None
                } else {
                    self.options.listed_sample
                };
                self.check_legal(&state, &legal, &at, sample, &mut rng)?;
            }
            if self.on(Check::Refusal) {
                self.check_refusals(&state, &legal, &at, &mut rng)?;
            }
            let before_cards = match to_move {
                Some(seat) if self.on(Check::ActionCards) => {
                    Some(check_action_cards::<G>(&state, seat, &legal, deep, &at)?)
                }
                _ => None,
            };
            if to_move.is_none() {
                break;
            }
            if legal.is_empty() {
                return fail(
                    Check::LegalList,
                    format!("{at}: a seat is to move with no legal action"),
                );
            }
            if step >= limit {
                if self.on(Check::Termination) {
                    return fail(
                        Check::Termination,
                        format!("{at}: the match is still running after max_actions = {limit}"),
                    );
                }
                break;
            }
            let index = match (heuristic.as_mut(), to_move) {
                (Some(heuristic), Some(seat)) => {
                    let chosen = heuristic.choose(&Decision::new(&state, seat, &legal), &mut rng);
                    if chosen >= legal.len() {
                        return fail(
                            Check::LegalList,
                            format!(
                                "{at}: the heuristic bot chose entry {chosen} of {}",
                                legal.len()
                            ),
                        );
                    }
                    chosen
                }
                _ => below(&mut rng, legal.len() as u64) as usize,
            };
            let action = legal[index].clone();
            if self.pool.len() < 512 {
                self.pool.push(action.clone());
            } else {
                let i = below(&mut rng, 512) as usize;
                self.pool[i] = action.clone();
            }
            let before = before_cards.map(|screen| (state.clone(), screen));
            events.clear();
            G::apply_unchecked(&mut state, &action, &mut events);
            if let (Some((old, screen)), Some(seat)) = (before, to_move) {
                cards_taken_within::<G>(&old, seat, &screen, &action, &state, &at)?;
            }
            transcript.extend(events.iter().cloned());
            taken.push(action);
            step += 1;
            self.summary.actions += 1;
        }
        if self.on(Check::Determinism) {
            self.check_replay(start, config, seed, &taken, &transcript, &state)?;
        }
        Ok(())
    }

    fn check_state(
        &mut self,
        state: &G::State,
        players: usize,
        (census, pack): (bool, &[String]),
        at: &At,
        deep: bool,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        if self.on(Check::Clone) && &state.clone() != state {
            return fail(
                Check::Clone,
                format!("{at}: a clone differs from its original"),
            );
        }
        if census && self.on(Check::Conservation) {
            let mut census = state.census();
            census.sort_unstable();
            if census != pack {
                return fail(
                    Check::Conservation,
                    format!(
                        "{at}: census of {} cards differs from the pack of {}",
                        census.len(),
                        pack.len()
                    ),
                );
            }
        }
        if self.on(Check::Scores) {
            let scores = G::scores(state);
            if scores.len() != players || scores.0.iter().any(|s| !s.is_finite()) {
                return fail(Check::Scores, format!("{at}: scores {scores:?}"));
            }
            let sum: f64 = scores.0.iter().sum();
            if G::ZERO_SUM && sum.abs() > 1e-6 {
                return fail(
                    Check::Scores,
                    format!("{at}: zero-sum scores add to {sum}: {scores:?}"),
                );
            }
        }
        if deep && self.on(Check::Serde) {
            if let Err(e) = json_round_trip(state) {
                return fail(Check::Serde, format!("{at}: state: {e}"));
            }
            for seat in Seat::all(players) {
                if let Err(e) = json_round_trip(&G::view(state, seat)) {
                    return fail(Check::Serde, format!("{at}: view of {seat}: {e}"));
                }
            }
        }
        if deep && self.on(Check::Corruption) {
            self.check_corruption(state, at, rng)?;
        }
        if deep && self.on(Check::NoCheating) {
            let search = self.full || below(rng, self.options.search_every.max(1)) == 0;
            self.check_no_cheating(state, at, search, rng)?;
        }
        if deep && self.on(Check::NoLeaks) {
            let to_move = G::to_move(state);
            for seat in Seat::all(players) {
                let det = state.determinize(seat, rng);
                self.summary.determinizations += 1;
                let (a, b) = (G::view(state, seat), G::view(&det, seat));
                if a != b {
                    return fail(
                        Check::NoLeaks,
                        format!("{at}: determinizing for {seat} changed its view:\n{a:?}\n{b:?}"),
                    );
                }
                if G::to_move(&det) != to_move {
                    return fail(
                        Check::NoLeaks,
                        format!("{at}: determinizing for {seat} changed who moves"),
                    );
                }
                if to_move == Some(seat) && G::legal_actions(&det) != G::legal_actions(state) {
                    return fail(
                        Check::NoLeaks,
                        format!("{at}: determinizing for {seat} changed its legal actions"),
                    );
                }
                let mut census = det.census();
                let mut pack = state.config().pack();
                census.sort();
                pack.sort();
                if census != pack {
                    return fail(
                        Check::NoLeaks,
                        format!("{at}: a determinized state for {seat} loses cards"),
                    );
                }
                if let Err(e) = json_round_trip(&det) {
                    return fail(
                        Check::NoLeaks,
                        format!("{at}: a determinized state for {seat} does not read back: {e}"),
                    );
                }
            }
        }
        Ok(())
    }

    fn check_no_cheating(
        &mut self,
        state: &G::State,
        at: &At,
        search: bool,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        let c = Check::NoCheating;
        let Some(seat) = G::to_move(state) else {
            return Ok(());
        };
        let det = state.determinize(seat, rng);
        let own = G::game_bot_check_specs();
        for (k, &text) in NO_CHEATING_BOTS.iter().chain(own).enumerate() {
            // The search bot and the game's own kinds run at the sampled states only.
            if (text.starts_with("ismcts") || k >= NO_CHEATING_BOTS.len()) && !search {
                continue;
            }
            let spec: BotSpec = match text.parse() {
                Ok(s) => s,
                Err(e) => return fail(c, format!("{at}: bot spec {text}: {e}")),
            };
            let seed = crate::rng::next_u64(rng);
            let mut chosen = [0usize; 2];
            for (slot, s) in [state, &det].into_iter().enumerate() {
                let mut bot = match make_bot::<G>(&spec, None) {
                    Ok(b) => b,
                    // The error names the spec (or the unknown kind) itself.
                    Err(e) => return fail(c, format!("{at}: {e}")),
                };
                // The legal list is read right before the bot decides, as a player loop does.
                let legal = G::legal_actions(s);
                if legal.is_empty() {
                    return fail(c, format!("{at}: {seat} is to move with no legal action"));
                }
                chosen[slot] =
                    bot.choose(&Decision::new(s, seat, &legal), &mut rng_from_seed(seed));
            }
            self.summary.bot_decisions_compared += 1;
            if chosen[0] != chosen[1] {
                return fail(
                    c,
                    format!(
                        "{at}: bot {text} of {seat} chose entry {} on the true state and entry {} on \
                         a determinization of it with the same view and generator seed {seed}",
                        chosen[0], chosen[1]
                    ),
                );
            }
        }
        Ok(())
    }

    fn check_corruption(
        &mut self,
        state: &G::State,
        at: &At,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        let c = Check::Corruption;
        let Ok(mut value) = serde_json::to_value(state) else {
            return fail(c, format!("{at}: the state does not serialize"));
        };
        let what = corrupt(&mut value, rng);
        let Ok(bad) = serde_json::from_value::<G::State>(value) else {
            self.summary.corruptions_refused += 1;
            return Ok(());
        };
        let mut census = bad.census();
        let mut pack = bad.config().pack();
        census.sort();
        pack.sort();
        if census != pack {
            return fail(
                c,
                format!("{at}: {what}: accepted a state whose census differs from the pack"),
            );
        }
        let seed = below(rng, u64::MAX);
        let outcome =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| exercise::<G>(bad, seed)));
        match outcome {
            Ok(()) => {
                self.summary.corruptions_accepted += 1;
                Ok(())
            }
            Err(payload) => {
                let message = payload
                    .downcast_ref::<String>()
                    .map(String::as_str)
                    .or_else(|| payload.downcast_ref::<&str>().copied())
                    .unwrap_or("a panic");
                fail(
                    c,
                    format!("{at}: {what}: accepted a state that panics: {message}"),
                )
            }
        }
    }

    fn check_legal(
        &self,
        state: &G::State,
        legal: &[G::Action],
        at: &At,
        sample: Option<usize>,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        let c = Check::LegalList;
        if legal.is_empty() != G::to_move(state).is_none() {
            return fail(
                c,
                format!(
                    "{at}: legal list empty = {}, to_move = {:?}",
                    legal.is_empty(),
                    G::to_move(state)
                ),
            );
        }
        if let Some((a, b)) = legal.iter().zip(legal.iter().skip(1)).find(|(a, b)| a >= b) {
            return fail(
                c,
                format!("{at}: legal list not strictly sorted at {a} / {b}"),
            );
        }
        if let Some(k) = sample {
            // A sample of the list: each one parsed back, checked and applied.
            for _ in 0..k.min(legal.len()) {
                let a = &legal[below(rng, legal.len() as u64) as usize];
                Self::check_listed(state, a, &a.to_string(), at)?;
            }
            return Ok(());
        }
        let mut texts: Vec<String> = legal.iter().map(ToString::to_string).collect();
        for (a, text) in legal.iter().zip(&texts) {
            Self::check_listed(state, a, text, at)?;
        }
        texts.sort();
        if let Some((a, _)) = texts.iter().zip(texts.iter().skip(1)).find(|(a, b)| a == b) {
            return fail(
                c,
                format!("{at}: two legal actions share the notation {a:?}"),
            );
        }
        Ok(())
    }

    /// One listed action `a`, written `text`: it parses back, passes check and applies.
    fn check_listed(state: &G::State, a: &G::Action, text: &str, at: &At) -> Result<(), Failure> {
        let c = Check::LegalList;
        match G::parse_action(state, text) {
            Ok(b) if &b == a => {}
            Ok(b) => return fail(c, format!("{at}: {text:?} parses back as {b}")),
            Err(e) => return fail(c, format!("{at}: {text:?} does not parse: {e}")),
        }
        if let Err(e) = G::check(state, a) {
            return fail(c, format!("{at}: listed action {text} is refused: {e}"));
        }
        let mut s = state.clone();
        if let Err(e) = G::apply(&mut s, a) {
            return fail(c, format!("{at}: listed action {text} does not apply: {e}"));
        }
        Ok(())
    }

    fn check_refusals(
        &mut self,
        state: &G::State,
        legal: &[G::Action],
        at: &At,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        let c = Check::Refusal;
        for _ in 0..4 {
            let Some(a) = crate::rng::choose(rng, &self.pool) else {
                break;
            };
            if legal.binary_search(a).is_ok() || legal.contains(a) {
                continue;
            }
            if G::check(state, a).is_ok() {
                return fail(c, format!("{at}: unlisted action {a} passes check"));
            }
            let mut s = state.clone();
            if G::apply(&mut s, a).is_ok() {
                return fail(c, format!("{at}: unlisted action {a} applies"));
            }
            if &s != state {
                return fail(c, format!("{at}: refusing {a} changed the state"));
            }
            self.summary.refusals += 1;
        }
        Ok(())
    }

    fn check_replay(
        &self,
        start: &G::State,
        config: Option<&G::Config>,
        seed: u64,
        taken: &[G::Action],
        transcript: &[G::Event],
        end: &G::State,
    ) -> Result<(), Failure> {
        let c = Check::Determinism;
        // Unrelated randomness drawn in between must change nothing.
        let mut unrelated = rng_from_seed(seed ^ 0x5555);
        let _ = below(&mut unrelated, 1000);
        let mut state = match config {
            Some(config) => match G::new(config, seed) {
                Ok(s) => s,
                Err(e) => return fail(c, format!("seed {seed}: new refused on replay: {e}")),
            },
            None => start.clone(),
        };
        let mut again = Vec::new();
        for (i, a) in taken.iter().enumerate() {
            match G::apply(&mut state, a) {
                Ok(events) => again.extend(events),
                Err(e) => {
                    return fail(
                        c,
                        format!("seed {seed}: replayed action {i} ({a}) refused: {e}"),
                    );
                }
            }
        }
        if again != transcript {
            let i = again
                .iter()
                .zip(transcript)
                .position(|(a, b)| a != b)
                .unwrap_or(again.len().min(transcript.len()));
            let line = |events: &[G::Event]| events.get(i).map(ToString::to_string);
            return fail(
                c,
                format!(
                    "seed {seed}: replay events differ at line {i}: {:?} then {:?}",
                    line(transcript),
                    line(&again)
                ),
            );
        }
        if &state != end {
            return fail(c, format!("seed {seed}: replay ends in a different state"));
        }
        Ok(())
    }
}

/// Whether every card of `part` is in `whole`, counted.
fn within(part: &[String], whole: &[String]) -> bool {
    let mut left: Vec<&String> = whole.iter().collect();
    part.iter()
        .all(|c| match left.iter().position(|x| *x == c) {
            Some(i) => {
                left.swap_remove(i);
                true
            }
            None => false,
        })
}

/// The cards of `before` not in `after`, counted.
fn removed(before: &[String], after: &[String]) -> Vec<String> {
    let mut left: Vec<&String> = after.iter().collect();
    let mut out = Vec::new();
    for c in before {
        match left.iter().position(|x| *x == c) {
            Some(i) => {
                left.swap_remove(i);
            }
            None => out.push(c.clone()),
        }
    }
    out
}

/// [`Check::ActionCards`] at one state: every listed action's cards are in the mover's screen
/// hand, and (at a deep-checked state) applied, it takes no other card from it. Returns the
/// mover's screen.
fn check_action_cards<G: Catalog>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    deep: bool,
    at: &At,
) -> Result<crate::text::Screen, Failure> {
    let screen = G::view(state, seat).screen();
    for a in legal {
        let cards = G::action_cards(state, a);
        if !within(&cards, &screen.hand) {
            return fail(
                Check::ActionCards,
                format!(
                    "{at}: {a} uses {cards:?}, not all in {seat}'s hand {:?}",
                    screen.hand
                ),
            );
        }
        if deep {
            let mut next = state.clone();
            let mut events = Vec::new();
            G::apply_unchecked(&mut next, a, &mut events);
            cards_taken_within::<G>(state, seat, &screen, a, &next, at)?;
        }
    }
    Ok(screen)
}

/// What `action` does to `seat`'s screen hand, taking `state` to `next`, agrees with the cards
/// it says it uses: an action that uses none does not shorten the hand, and one whose hand
/// gets shorter by exactly its number of cards takes exactly those cards (others, such as an
/// exposure, which keeps its card, or a capture, which takes cards in, are not compared). Not
/// checked when the action ends the match or a deal.
fn cards_taken_within<G: Catalog>(
    state: &G::State,
    seat: Seat,
    screen: &crate::text::Screen,
    action: &G::Action,
    next: &G::State,
    at: &At,
) -> Result<(), Failure> {
    if G::to_move(next).is_none() || G::scores(next) != G::scores(state) {
        return Ok(());
    }
    let after = G::view(next, seat).screen();
    if after.heading != screen.heading {
        return Ok(());
    }
    let cards = G::action_cards(state, action);
    let (before, now) = (screen.hand.len(), after.hand.len());
    if cards.is_empty() && now < before {
        let gone = removed(&screen.hand, &after.hand);
        return fail(
            Check::ActionCards,
            format!("{at}: {action} takes {gone:?} from {seat}'s hand but says it uses no card"),
        );
    }
    if !cards.is_empty() && now + cards.len() == before {
        let gone = removed(&screen.hand, &after.hand);
        if gone.len() != cards.len() || !within(&gone, &cards) {
            return fail(
                Check::ActionCards,
                format!(
                    "{at}: {action} takes {gone:?} from {seat}'s hand but says it uses {cards:?}"
                ),
            );
        }
    }
    Ok(())
}

/// The longest random playout [`exercise`] runs from a corrupted state.
const EXERCISE_STEPS: usize = 100;

/// Runs every read-only method on `state`, then a random playout from it of at most
/// [`EXERCISE_STEPS`] steps (checked through `apply`).
fn exercise<G: Catalog>(mut state: G::State, seed: u64) {
    let mut rng = rng_from_seed(seed);
    let players = state.config().players();
    let _ = G::scores(&state);
    for seat in Seat::all(players) {
        let _ = G::view(&state, seat);
        let det = state.determinize(seat, &mut rng);
        let _ = G::legal_actions(&det);
    }
    let mut legal = Vec::new();
    for _ in 0..EXERCISE_STEPS {
        if G::to_move(&state).is_none() {
            break;
        }
        G::legal_actions_into(&state, &mut legal);
        let Some(action) = crate::rng::choose(&mut rng, &legal).cloned() else {
            break;
        };
        let _ = G::view(&state, Seat(0));
        if G::apply(&mut state, &action).is_err() {
            break;
        }
    }
    let _ = G::scores(&state);
}

/// Changes one thing in `value` and says what: a number, a flag, a string (said twice, its
/// first number made huge, its last character dropped, or swapped for another string of the
/// document), an array (an element dropped or repeated), or an absent value or empty list
/// (given a number or string found elsewhere in the document). The place
/// is found by a random walk from the root half of the time (so that small fields are hit as
/// often as big ones), and uniformly over all places otherwise.
fn corrupt(value: &mut serde_json::Value, rng: &mut GameRng) -> String {
    use serde_json::Value;
    let mut places: Vec<Vec<PathStep>> = Vec::new();
    let mut strings: Vec<String> = Vec::new();
    let mut scalars: Vec<Value> = Vec::new();
    collect(
        value,
        &mut Vec::new(),
        &mut places,
        &mut strings,
        &mut scalars,
    );
    let path = if below(rng, 2) == 0 {
        let mut path = Vec::new();
        let mut v: &Value = value;
        loop {
            match v {
                Value::Array(a) if !a.is_empty() && below(rng, 3) != 0 => {
                    let i = below(rng, a.len() as u64) as usize;
                    path.push(PathStep::Index(i));
                    v = &a[i];
                }
                Value::Object(o) if !o.is_empty() => {
                    let i = below(rng, o.len() as u64) as usize;
                    let Some((k, next)) = o.iter().nth(i) else {
                        break path;
                    };
                    path.push(PathStep::Key(k.clone()));
                    v = next;
                }
                _ => break path,
            }
        }
    } else {
        match crate::rng::choose(rng, &places) {
            Some(p) => p.clone(),
            None => return "nothing to corrupt".to_owned(),
        }
    };
    let mut v: &mut Value = value;
    for step in &path {
        let next = match (v, step) {
            (Value::Array(a), PathStep::Index(i)) => a.get_mut(*i),
            (Value::Object(o), PathStep::Key(k)) => o.get_mut(k),
            _ => None,
        };
        let Some(next) = next else {
            return "nothing to corrupt".to_owned();
        };
        v = next;
    }
    let place: Vec<String> = path.iter().map(ToString::to_string).collect();
    let place = place.join("/");
    let change = match v {
        Value::Number(n) => {
            let new = if let Some(old) = n.as_u64() {
                Value::from(match below(rng, 4) {
                    0 => old.wrapping_add(1),
                    1 => old.wrapping_sub(1) & u64::from(u32::MAX),
                    2 => below(rng, 64),
                    _ => old.saturating_mul(2).saturating_add(7),
                })
            } else if let Some(old) = n.as_i64() {
                Value::from(old.saturating_add(below(rng, 5) as i64 - 2))
            } else {
                Value::from(n.as_f64().unwrap_or(0.0) + 1.5)
            };
            let text = format!("{n} -> {new}");
            *v = new;
            text
        }
        Value::Bool(b) => {
            *b = !*b;
            format!("flag -> {b}")
        }
        Value::String(text) => {
            let new = match below(rng, 4) {
                // Text said twice: cards repeated, or notation that no longer parses.
                0 => format!("{text} {text}"),
                // The first number made huge: out-of-range seats, ranks and counts.
                1 => with_big_number(text),
                // The last character dropped.
                2 => text
                    .chars()
                    .take(text.chars().count().saturating_sub(1))
                    .collect(),
                _ => crate::rng::choose(rng, &strings)
                    .filter(|s| *s != text)
                    .cloned()
                    .unwrap_or_else(|| format!("{text}x")),
            };
            let change = format!("{text:?} -> {new:?}");
            *text = new;
            change
        }
        // An absent value (`None`) or an empty list gets a value found elsewhere.
        Value::Null => {
            let new = crate::rng::choose(rng, &scalars)
                .cloned()
                .unwrap_or(Value::from(0));
            let change = format!("null -> {new}");
            *v = new;
            change
        }
        Value::Array(a) if a.is_empty() => {
            let new = crate::rng::choose(rng, &scalars)
                .cloned()
                .unwrap_or(Value::from(0));
            let change = format!("[] -> [{new}]");
            a.push(new);
            change
        }
        Value::Array(a) => {
            let i = below(rng, a.len() as u64) as usize;
            if below(rng, 2) == 0 {
                a.remove(i);
                format!("element {i} dropped")
            } else {
                let e = a[i].clone();
                a.push(e);
                format!("element {i} repeated")
            }
        }
        Value::Object(_) => "nothing changed".to_owned(),
    };
    format!("corrupted /{place} ({change})")
}

/// `text` with its first run of digits replaced by a number too big for any counter, or with
/// such a number appended when it has no digits.
fn with_big_number(text: &str) -> String {
    const BIG: &str = "4294967299";
    match text.find(|c: char| c.is_ascii_digit()) {
        Some(start) => {
            let end = text[start..]
                .find(|c: char| !c.is_ascii_digit())
                .map_or(text.len(), |n| start + n);
            format!("{}{BIG}{}", &text[..start], &text[end..])
        }
        None => format!("{text}{BIG}"),
    }
}

/// One step of a path into a JSON document.
#[derive(Clone, Debug)]
enum PathStep {
    Index(usize),
    Key(String),
}

impl fmt::Display for PathStep {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PathStep::Index(i) => write!(f, "{i}"),
            PathStep::Key(k) => f.write_str(k),
        }
    }
}

/// Every place of `value` that [`corrupt`] can change (values and arrays), every string, and
/// every number and string as a value.
fn collect(
    value: &serde_json::Value,
    path: &mut Vec<PathStep>,
    places: &mut Vec<Vec<PathStep>>,
    strings: &mut Vec<String>,
    scalars: &mut Vec<serde_json::Value>,
) {
    use serde_json::Value;
    match value {
        Value::Array(a) => {
            places.push(path.clone());
            for (i, x) in a.iter().enumerate() {
                path.push(PathStep::Index(i));
                collect(x, path, places, strings, scalars);
                path.pop();
            }
        }
        Value::Object(o) => {
            for (k, x) in o {
                path.push(PathStep::Key(k.clone()));
                collect(x, path, places, strings, scalars);
                path.pop();
            }
        }
        Value::String(text) => {
            strings.push(text.clone());
            scalars.push(value.clone());
            places.push(path.clone());
        }
        Value::Number(_) => {
            scalars.push(value.clone());
            places.push(path.clone());
        }
        _ => places.push(path.clone()),
    }
}

/// What [`behaviour_digest`] hashed: the FNV-1a hash and the number of actions played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digest {
    /// FNV-1a (64 bits) over the `Debug` forms of everything listed in [`behaviour_digest`].
    pub hash: u64,
    /// Actions played over all the playouts.
    pub actions: usize,
}

/// Why [`behaviour_digest`] could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DigestError {
    /// The game refused the configuration.
    #[error("the configuration is refused: {0}")]
    Config(String),
    /// A final state did not serialize (an engine defect).
    #[error("a final state does not serialize: {0}")]
    Serde(String),
}

/// FNV-1a over bytes.
struct Fnv(u64);

impl std::fmt::Write for Fnv {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for &b in s.as_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

/// A digest of an engine's behaviour, for checking that an optimisation changed nothing: over
/// `plays` uniformly random playouts of `config` (playout `g` on the match seed
/// `derive_seed(seed, g)`, its choices drawn from `derive_seed(seed, 1_000_000 + g)`), an FNV-1a
/// hash of the `Debug` forms of the opening events, then at every step the seat to move, the
/// whole legal list, the choice and the events, and at the end the scores and the final
/// state's `serde_json` form. Run it (each game's `examples/digest.rs` does, over its table
/// sizes and variants) before and after a change: the digests must be equal.
///
/// ```
/// use cards_core::testing::behaviour_digest;
/// # use cards_core::Game;
/// # fn check<G: Catalog>(config: &G::Config) -> Result<(), cards_core::testing::DigestError> {
/// let before = behaviour_digest::<G>(config, 100, 1)?;
/// // ... optimise ...
/// assert_eq!(behaviour_digest::<G>(config, 100, 1)?, before);
/// # Ok(())
/// # }
/// ```
///
/// # Errors
/// The game refuses `config`, or a final state does not serialize.
pub fn behaviour_digest<G: Catalog>(
    config: &G::Config,
    plays: u64,
    seed: u64,
) -> Result<Digest, DigestError> {
    use std::fmt::Write;
    let mut h = Fnv(0xcbf2_9ce4_8422_2325);
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut actions = 0;
    for g in 0..plays {
        let mut state =
            G::new(config, derive_seed(seed, g)).map_err(|e| DigestError::Config(e.to_string()))?;
        let mut rng = rng_from_seed(derive_seed(seed, 1_000_000 + g));
        // Writing into the hasher cannot fail.
        let _ = write!(h, "{:?}", G::opening(&state));
        let limit = config.max_actions();
        let mut steps = 0;
        while let Some(seat) = G::to_move(&state) {
            G::legal_actions_into(&state, &mut legal);
            if legal.is_empty() || steps >= limit {
                break;
            }
            steps += 1;
            let i = below(&mut rng, legal.len() as u64) as usize;
            events.clear();
            G::apply_unchecked(&mut state, &legal[i], &mut events);
            let _ = write!(h, "{seat:?}{legal:?}{i}{events:?}");
            actions += 1;
        }
        let json = serde_json::to_string(&state).map_err(|e| DigestError::Serde(e.to_string()))?;
        let _ = write!(h, "{:?}{json}", G::scores(&state));
    }
    Ok(Digest { hash: h.0, actions })
}

/// Plays `deals` random single deals of `G`'s default rules (deal `d` from seed `d`) and, at
/// every decision, checks each legal action's cards ([`crate::Catalog::action_cards`]) two ways: each is
/// in the mover's screen hand (counted), and their keys ([`crate::Catalog::card_key`], passed through
/// `key`) are, sorted, the cards `named` reads from the action's notation. A game crate's test
/// gives `named`, the reading of its own notation. Returns how many legal actions used cards
/// and how many used none.
///
/// # Panics
/// At the first action whose cards are not held or not the ones its notation names (it is a
/// test helper), or when the default rules or a legal action are refused.
pub fn action_cards_match_notation<G: Catalog>(
    deals: u64,
    named: impl Fn(&str) -> Vec<String>,
    key: impl Fn(String) -> String,
) -> (usize, usize) {
    let config = G::Config::default().single_deal();
    let (mut with_cards, mut without) = (0, 0);
    for seed in 0..deals {
        let mut state = G::new(&config, seed).expect("the default rules are valid");
        let mut rng = rng_from_seed(seed);
        while let Some(seat) = G::to_move(&state) {
            let hand = G::view(&state, seat).screen().hand;
            let legal = G::legal_actions(&state);
            for a in &legal {
                let cards = G::action_cards(&state, a);
                let mut left = hand.clone();
                for c in &cards {
                    let i = left.iter().position(|x| x == c);
                    let i = i.unwrap_or_else(|| panic!("{a} uses {c}, not in {hand:?}"));
                    left.remove(i);
                }
                let mut keys: Vec<String> =
                    cards.iter().map(|c| key(G::card_key(&state, c))).collect();
                keys.sort();
                let mut names = named(&a.to_string());
                names.sort();
                assert_eq!(keys, names, "{a} uses {cards:?}");
                if cards.is_empty() {
                    without += 1;
                } else {
                    with_cards += 1;
                }
            }
            let i = below(&mut rng, legal.len() as u64) as usize;
            G::apply(&mut state, &legal[i]).expect("a legal action applies");
        }
    }
    (with_cards, without)
}
