//! Information Set Monte Carlo Tree Search (Cowling, Powley and Whitehouse, 2012), generic over
//! any [`Game`] that gives the [`Search`] hooks.
//!
//! [`Ismcts`] is a single-observer ISMCTS bot (SO-ISMCTS). It is built only on what a
//! [`Decision`] gives (the seat, the legal actions and the determinizer) and on the [`Game`]
//! trait: it never sees the true state. Each iteration
//!
//! 1. **determinizes**: deals the cards the deciding seat cannot see at random
//!    ([`Decision::determinize`]), so the iteration plays in one world consistent with what the
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

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use crate::bot::{Bot, Decision};
use crate::game::Game;
use crate::rng::{GameRng, below, rng_from_seed};
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
    /// ask [`Search::heuristic_bot`] through a [`Decision`]. A rollout plays out a determinized
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
}

/// Time since an arbitrary fixed origin, supplied by the caller (the CLI passes
/// `std::time::Instant`); the library never reads the clock itself.
///
/// **Deadlines.** A search bot given a time budget (`ms`) reads the clock when a decision
/// starts and sets its deadline `ms` later (with a saturating addition: a clock near
/// [`Duration::MAX`] never overflows, the deadline then is [`Duration::MAX`]). The search
/// reads the clock again as it goes (ISMCTS before each iteration; a game's own bots as they
/// document, e.g. every thousand or so solver nodes) and stops once the clock has reached the
/// deadline, deciding with what it has found so far. A search always does at least one
/// iteration, so a decision past its deadline still returns a legal choice, quickly.
///
/// **Cancel.** To cancel the decisions of bots in progress (say the table they sit at was
/// closed), make their clock jump past every deadline: for instance return the elapsed time
/// plus 10^9 s once a flag is set. Every search then stops at its next reading of the clock
/// and its bot returns at once. The jump must stay within [`Duration`] (use
/// [`Duration::saturating_add`]); a bot without a time budget has no deadline and is not
/// cancelled this way, so a caller that needs to cancel gives every search bot a budget.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use std::time::{Duration, Instant};
/// use cards_core::search::Clock;
///
/// let start = Instant::now();
/// let cancelled = Arc::new(AtomicBool::new(false));
/// let flag = cancelled.clone();
/// let clock: Clock = Arc::new(move || {
///     let t = start.elapsed();
///     if flag.load(Ordering::Relaxed) {
///         t.saturating_add(Duration::from_secs(1_000_000_000))
///     } else {
///         t
///     }
/// });
/// cancelled.store(true, Ordering::Relaxed);
/// assert!(clock() > Duration::from_secs(999_999_999));
/// ```
pub type Clock = Arc<dyn Fn() -> Duration + Send + Sync>;

/// How a rollout chooses its actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rollout {
    /// Uniformly among the legal actions.
    Random,
    /// The game's heuristic bot ([`crate::Search::heuristic_bot`]) at every step.
    Heuristic,
    /// The heuristic bot with this percentage of its steps, random play at the others.
    Mixed(u8),
}

impl fmt::Display for Rollout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Rollout::Random => f.write_str("random"),
            Rollout::Heuristic => f.write_str("heuristic"),
            Rollout::Mixed(p) => write!(f, "mixed{p}"),
        }
    }
}

impl std::str::FromStr for Rollout {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "random" => Ok(Rollout::Random),
            "heuristic" => Ok(Rollout::Heuristic),
            _ => s
                .strip_prefix("mixed")
                .and_then(|p| p.parse::<u8>().ok())
                .filter(|&p| p <= 100)
                .map(Rollout::Mixed)
                .ok_or_else(|| {
                    format!("rollout must be random, heuristic or mixedP (P in 0..=100), not {s:?}")
                }),
        }
    }
}

/// Progressive widening: a node may have at most `ceil(k · (visits + 1)^alpha)` children, so a
/// decision with thousands of legal actions is searched in depth on its better candidates
/// instead of trying each once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Widening {
    /// The factor `k`.
    pub k: f64,
    /// The exponent `alpha`, in `(0, 1)`.
    pub alpha: f64,
}

/// The options of an [`Ismcts`] bot.
#[derive(Clone, Debug, PartialEq)]
pub struct IsmctsOptions {
    /// Iterations per decision (the budget when no time budget is set, and a cap when one is).
    pub iterations: u32,
    /// A time budget per decision in milliseconds; needs a [`Clock`].
    pub millis: Option<u64>,
    /// The UCB1 exploration constant `c` (rewards are in `[0, 1]`).
    pub exploration: f64,
    /// The rollout policy.
    pub rollout: Rollout,
    /// Rollout actions before the game's estimate ([`crate::Search::evaluate`]) ends the rollout; `None`
    /// plays to the end of the match.
    pub cutoff: Option<u32>,
    /// Progressive widening; `None` expands every legal action.
    pub widening: Option<Widening>,
    /// A seed of the bot's own. Without one the bot draws from the generator `choose` is given.
    pub seed: Option<u64>,
}

impl Default for IsmctsOptions {
    /// 1,000 iterations, `c = 0.7`, random rollouts to the end, no widening.
    fn default() -> Self {
        IsmctsOptions {
            iterations: 1000,
            millis: None,
            exploration: 0.7,
            rollout: Rollout::Random,
            cutoff: None,
            widening: None,
            seed: None,
        }
    }
}

impl IsmctsOptions {
    /// The options as a bot spec's parameters (`iters=1000,c=0.7,...`), every option named.
    pub fn describe(&self) -> String {
        use std::fmt::Write;
        let mut s = format!("iters={}", self.iterations);
        if let Some(ms) = self.millis {
            let _ = write!(s, ",ms={ms}");
        }
        let _ = write!(s, ",c={},rollout={}", self.exploration, self.rollout);
        if let Some(c) = self.cutoff {
            let _ = write!(s, ",cutoff={c}");
        }
        if let Some(w) = self.widening {
            let _ = write!(s, ",widen={}/{}", w.k, w.alpha);
        }
        if let Some(seed) = self.seed {
            let _ = write!(s, ",seed={seed}");
        }
        s
    }

    /// Sets one option from a bot spec's `key=value`. Keys: `iters`, `ms`, `c`, `rollout`
    /// (`random`, `heuristic`, `mixedP`), `cutoff` (a number of rollout actions, `0` for the
    /// game's estimate at the new node with no rollout, or `none` to play to the end), `widen`
    /// (`K/ALPHA` or `none`), `seed`.
    ///
    /// # Errors
    /// An unknown key or a value out of range, with what is allowed.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn num<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
            value
                .parse()
                .map_err(|_| format!("{key}={value}: {key} takes a number"))
        }
        match key {
            "iters" => {
                let n: u32 = num(key, value)?;
                if n == 0 {
                    return Err("iters=0: at least one iteration is needed".into());
                }
                self.iterations = n;
            }
            "ms" => {
                let n: u64 = num(key, value)?;
                if n == 0 {
                    return Err("ms=0: the time budget must be at least 1 ms".into());
                }
                self.millis = Some(n);
            }
            "c" => {
                let c: f64 = num(key, value)?;
                if !(c.is_finite() && c >= 0.0) {
                    return Err(format!("c={value}: the exploration constant must be >= 0"));
                }
                self.exploration = c;
            }
            "rollout" => self.rollout = value.parse()?,
            "cutoff" => {
                self.cutoff = match value {
                    "none" => None,
                    _ => Some(num(key, value)?),
                }
            }
            "widen" => {
                self.widening = if value == "none" {
                    None
                } else {
                    let (k, a) = value
                        .split_once('/')
                        .ok_or_else(|| format!("widen={value}: write widen=K/ALPHA or none"))?;
                    let (k, alpha): (f64, f64) = (num(key, k)?, num(key, a)?);
                    if !(k > 0.0 && k.is_finite() && alpha > 0.0 && alpha < 1.0) {
                        return Err(format!("widen={value}: K > 0 and 0 < ALPHA < 1 are needed"));
                    }
                    Some(Widening { k, alpha })
                }
            }
            "seed" => self.seed = Some(num(key, value)?),
            _ => {
                return Err(format!(
                    "unknown option {key:?} (ismcts takes iters, ms, c, rollout, cutoff, widen, seed)"
                ));
            }
        }
        Ok(())
    }
}

/// One node of the search tree: the action that led to it and its statistics.
#[derive(Clone, Debug)]
struct Node<A> {
    /// The action from the parent (`None` at the root).
    action: Option<A>,
    /// The seat that chose `action`.
    mover: Seat,
    /// Children, sorted by action (legal lists are sorted, so a merge walk matches them).
    children: Vec<u32>,
    visits: u32,
    /// Times the node's action was legal when its parent was passed through.
    avail: u32,
    /// Sum of the rewards of `mover`.
    total: f64,
}

/// A single-observer ISMCTS bot; see the [module docs](self).
pub struct Ismcts<G: Search> {
    options: IsmctsOptions,
    name: String,
    clock: Option<Clock>,
    /// A deadline on the clock set from outside ([`Ismcts::set_deadline`]).
    deadline: Option<Duration>,
    own_rng: Option<GameRng>,
    heuristic: Option<Box<dyn Bot<G>>>,
    nodes: Vec<Node<G::Action>>,
    // Reused buffers.
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    path: Vec<u32>,
    available: Vec<u32>,
    unexpanded: Vec<usize>,
    picks: Vec<usize>,
    picked: Vec<G::Action>,
    // Statistics.
    decisions: u64,
    iterations: u64,
}

impl<G: Search> fmt::Debug for Ismcts<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ismcts")
            .field("options", &self.options)
            .field("decisions", &self.decisions)
            .field("iterations", &self.iterations)
            .finish_non_exhaustive()
    }
}

/// What one search found at the root: each legal action's visits and mean reward.
#[derive(Clone, Debug, PartialEq)]
pub struct RootStats {
    /// Iterations run.
    pub iterations: u32,
    /// Per legal action (in the order of the legal list): visits and mean reward of the seat.
    pub actions: Vec<(u32, f64)>,
}

impl<G: Search> Ismcts<G> {
    /// A bot with these options, named `ismcts`. A time budget is ignored without a clock
    /// (see [`Ismcts::with_clock`]).
    pub fn new(options: IsmctsOptions) -> Self {
        let own_rng = options.seed.map(rng_from_seed);
        let heuristic = match options.rollout {
            Rollout::Random => None,
            Rollout::Heuristic | Rollout::Mixed(_) => Some(G::heuristic_bot()),
        };
        Ismcts {
            options,
            name: "ismcts".to_owned(),
            clock: None,
            deadline: None,
            own_rng,
            heuristic,
            nodes: Vec::new(),
            legal: Vec::new(),
            events: Vec::new(),
            path: Vec::new(),
            available: Vec::new(),
            unexpanded: Vec::new(),
            picks: Vec::new(),
            picked: Vec::new(),
            decisions: 0,
            iterations: 0,
        }
    }

    /// The same bot with a clock, so that a time budget applies.
    pub fn with_clock(mut self, clock: Clock) -> Self {
        self.clock = Some(clock);
        self
    }

    /// Sets a deadline on the bot's clock (a time the clock returns, not a duration) for the
    /// searches that follow until it is set again; `None` removes it. A search stops at this
    /// deadline or at its own time budget (`ms` from its start), whichever comes first, and
    /// always after at least one iteration. Without a clock it is ignored. A bot that is part
    /// of a larger decision (the PIMC bot of a game) gives it the decision's deadline so that
    /// the search gets what is left of the decision's budget.
    pub fn set_deadline(&mut self, deadline: Option<Duration>) {
        self.deadline = deadline;
    }

    /// The same bot under another name (a bot spec reports back under the name it was given).
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The options.
    pub fn options(&self) -> &IsmctsOptions {
        &self.options
    }

    /// Searches the decision and returns the statistics of the root's actions.
    pub fn search(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> RootStats {
        let mut own = self.own_rng.take();
        let rng = own.as_mut().unwrap_or(rng);
        let stats = self.run(decision, rng);
        self.own_rng = own;
        stats
    }

    fn run(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> RootStats {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: decision.seat(),
            children: Vec::new(),
            visits: 0,
            avail: 0,
            total: 0.0,
        });
        let deadline = self.clock.as_ref().and_then(|clock| {
            let own = self
                .options
                .millis
                .map(|ms| clock().saturating_add(Duration::from_millis(ms)));
            let end = match (own, self.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            end.map(|end| (clock.clone(), end))
        });
        let mut n = 0u32;
        while n < self.options.iterations {
            if let Some((clock, end)) = &deadline {
                if n > 0 && clock() >= *end {
                    break;
                }
            }
            let mut state = decision.determinize(rng);
            if n == 0 {
                // The game's candidates depend only on what the seat knows: one is the choice.
                if let Some(i) = self.sole_candidate(&state, decision) {
                    let mut actions = vec![(0u32, 0.0f64); decision.legal().len()];
                    actions[i] = (1, 0.0);
                    return RootStats {
                        iterations: 0,
                        actions,
                    };
                }
            }
            self.iterate(&mut state, rng);
            n += 1;
        }
        self.iterations += u64::from(n);
        let legal = decision.legal();
        let root = &self.nodes[0];
        let mut actions = vec![(0u32, 0.0f64); legal.len()];
        let mut j = 0;
        for &c in &root.children {
            let node = &self.nodes[c as usize];
            let Some(a) = &node.action else { continue };
            while j < legal.len() && &legal[j] < a {
                j += 1;
            }
            if j < legal.len() && &legal[j] == a && node.visits > 0 {
                actions[j] = (node.visits, node.total / f64::from(node.visits));
            }
        }
        RootStats {
            iterations: n,
            actions,
        }
    }

    /// The index in the decision's legal list of the game's only search candidate, if it
    /// names exactly one ([`crate::Search::search_candidates`](crate::Search::search_candidates)).
    fn sole_candidate(&mut self, state: &G::State, decision: &Decision<'_, G>) -> Option<usize> {
        let legal = decision.legal();
        self.picks.clear();
        if !G::search_candidates(state, decision.seat(), legal, &mut self.picks) {
            return None;
        }
        self.picks.retain(|&i| i < legal.len());
        self.picks.sort_unstable();
        self.picks.dedup();
        match self.picks.as_slice() {
            &[i] => Some(i),
            _ => None,
        }
    }

    /// Cuts `legal` to the game's search candidates at `state`, kept in the list's order.
    fn narrow(&mut self, state: &G::State, seat: Seat) {
        if self.legal.len() <= 1 {
            return;
        }
        self.picks.clear();
        if !G::search_candidates(state, seat, &self.legal, &mut self.picks) {
            return;
        }
        self.picks.sort_unstable();
        self.picks.dedup();
        self.picked.clear();
        for &i in &self.picks {
            if let Some(a) = self.legal.get(i) {
                self.picked.push(a.clone());
            }
        }
        if !self.picked.is_empty() {
            std::mem::swap(&mut self.legal, &mut self.picked);
        }
    }

    /// One iteration on a determinized state: select, expand, roll out, back up.
    fn iterate(&mut self, state: &mut G::State, rng: &mut GameRng) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        while let Some(seat) = G::to_move(state) {
            G::legal_actions_into(state, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            self.narrow(state, seat);
            self.match_children(node);
            let visits = self.nodes[node as usize].visits;
            let room = match self.options.widening {
                None => true,
                Some(w) => {
                    let limit = (w.k * f64::from(visits + 1).powf(w.alpha)).ceil() as usize;
                    self.nodes[node as usize].children.len() < limit.max(1)
                }
            };
            if !self.unexpanded.is_empty() && (room || self.available.is_empty()) {
                let i = self.pick_expansion(node, state, seat, rng);
                let action = self.legal[i].clone();
                node = self.add_child(node, action, seat);
                self.path.push(node);
                self.events.clear();
                G::apply_unchecked(state, &self.legal[i], &mut self.events);
                break;
            }
            // Every available child has been visited at least once.
            let c = self.options.exploration;
            let mut best = self.available[0];
            let mut best_value = f64::NEG_INFINITY;
            for &ch in &self.available {
                let n = &self.nodes[ch as usize];
                let v = f64::from(n.visits);
                let value = n.total / v + c * (f64::from(n.avail).ln() / v).sqrt();
                if value > best_value {
                    best_value = value;
                    best = ch;
                }
            }
            node = best;
            self.path.push(node);
            self.events.clear();
            let Some(action) = &self.nodes[node as usize].action else {
                break;
            };
            G::apply_unchecked(state, action, &mut self.events);
        }
        let rewards = self.rollout(state, rng);
        for &id in &self.path {
            let n = &mut self.nodes[id as usize];
            n.visits += 1;
            if let Some(r) = rewards.0.get(n.mover.index()) {
                n.total += r;
            }
        }
    }

    /// Fills `available` with the children of `node` legal now (and counts their availability),
    /// `unexpanded` with the indices of the legal actions that have no child yet.
    fn match_children(&mut self, node: u32) {
        self.available.clear();
        self.unexpanded.clear();
        let children = std::mem::take(&mut self.nodes[node as usize].children);
        let mut j = 0;
        for (i, a) in self.legal.iter().enumerate() {
            while j < children.len()
                && self.nodes[children[j] as usize]
                    .action
                    .as_ref()
                    .is_some_and(|c| c < a)
            {
                j += 1;
            }
            match children.get(j) {
                Some(&ch) if self.nodes[ch as usize].action.as_ref() == Some(a) => {
                    self.nodes[ch as usize].avail += 1;
                    self.available.push(ch);
                    j += 1;
                }
                _ => self.unexpanded.push(i),
            }
        }
        self.nodes[node as usize].children = children;
    }

    /// Which unexpanded legal action to expand: under widening, the rollout policy's choice at a
    /// node's first expansion (asked once per node; it is the best first guess), otherwise one
    /// at random.
    fn pick_expansion(
        &mut self,
        node: u32,
        state: &G::State,
        seat: Seat,
        rng: &mut GameRng,
    ) -> usize {
        if self.options.widening.is_some() && self.nodes[node as usize].children.is_empty() {
            if let Some(h) = self.heuristic.as_mut() {
                let i = G::rollout_choice(state, seat, &self.legal, rng)
                    .unwrap_or_else(|| h.choose(&Decision::new(state, seat, &self.legal), rng));
                if self.unexpanded.contains(&i) {
                    return i;
                }
            }
        }
        self.unexpanded[below(rng, self.unexpanded.len() as u64) as usize]
    }

    fn add_child(&mut self, parent: u32, action: G::Action, mover: Seat) -> u32 {
        let id = self.nodes.len() as u32;
        let pos = {
            let nodes = &self.nodes;
            nodes[parent as usize]
                .children
                .partition_point(|&c| nodes[c as usize].action.as_ref() < Some(&action))
        };
        self.nodes.push(Node {
            action: Some(action),
            mover,
            children: Vec::new(),
            visits: 0,
            avail: 1,
            total: 0.0,
        });
        self.nodes[parent as usize].children.insert(pos, id);
        id
    }

    /// Plays the state out with the rollout policy and returns every seat's reward.
    fn rollout(&mut self, state: &mut G::State, rng: &mut GameRng) -> PerSeat<f64> {
        let mut steps = 0u32;
        while let Some(seat) = G::to_move(state) {
            if self.options.cutoff.is_some_and(|c| steps >= c) {
                return G::evaluate(state);
            }
            G::legal_actions_into(state, &mut self.legal);
            if self.legal.is_empty() {
                break;
            }
            let n = self.legal.len();
            let heuristic = match self.options.rollout {
                Rollout::Random => false,
                Rollout::Heuristic => true,
                Rollout::Mixed(p) => below(rng, 100) < u64::from(p),
            };
            let i = match (heuristic, self.heuristic.as_mut()) {
                _ if n == 1 => 0,
                (true, Some(h)) => G::rollout_choice(state, seat, &self.legal, rng)
                    .unwrap_or_else(|| h.choose(&Decision::new(state, seat, &self.legal), rng)),
                _ => below(rng, n as u64) as usize,
            };
            self.events.clear();
            G::apply_unchecked(state, &self.legal[i.min(n - 1)], &mut self.events);
            steps += 1;
        }
        G::rewards(state)
    }
}

impl<G: Search> Bot<G> for Ismcts<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        self.decisions += 1;
        let legal = decision.legal();
        if legal.len() <= 1 {
            return 0;
        }
        let stats = self.search(decision, rng);
        let mut best = 0;
        for (i, &(v, q)) in stats.actions.iter().enumerate() {
            let (bv, bq) = stats.actions[best];
            if v > bv || (v == bv && q > bq) {
                best = i;
            }
        }
        best
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}

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
    use crate::game::{GameConfig, GameEvent, GameState, GameView};
    use serde::{Deserialize, Serialize};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::Instant;

    /// A race to 31 for two seats: each adds 1, 2 or 3 in turn, who reaches 31 wins.
    #[derive(Debug)]
    struct Race;

    #[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
    struct RaceConfig;

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct RaceState {
        config: RaceConfig,
        total: u32,
        to_move: u8,
    }

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    struct RaceView(u32);

    impl fmt::Display for RaceView {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            write!(f, "{}", self.0)
        }
    }

    #[derive(Debug, thiserror::Error)]
    #[error("the race takes two players")]
    struct RaceError;

    impl GameConfig for RaceConfig {
        type Error = RaceError;
        fn for_players(players: usize) -> Result<Self, RaceError> {
            if players == 2 {
                Ok(RaceConfig)
            } else {
                Err(RaceError)
            }
        }
        fn players(&self) -> usize {
            2
        }
        fn single_deal(&self) -> Self {
            RaceConfig
        }
        fn pack(&self) -> Vec<String> {
            Vec::new()
        }
        fn max_actions(&self) -> usize {
            31
        }
    }

    impl GameState for RaceState {
        type Config = RaceConfig;
        fn config(&self) -> &RaceConfig {
            &self.config
        }
        fn census(&self) -> Vec<String> {
            Vec::new()
        }
        fn determinize(&self, _seat: Seat, _rng: &mut GameRng) -> RaceState {
            self.clone()
        }
    }

    impl GameView for RaceView {
        fn screen(&self) -> crate::text::Screen {
            crate::text::Screen {
                heading: "Race to 31".to_owned(),
                viewer: Seat(0),
                to_move: None,
                table: vec![self.to_string()],
                seats: Vec::new(),
                hand: Vec::new(),
                private: Vec::new(),
            }
        }
    }

    impl GameEvent for u32 {
        fn redact(&self, _seat: Seat) -> Option<u32> {
            Some(*self)
        }
    }

    impl Search for Race {
        fn heuristic_bot() -> Box<dyn Bot<Self>> {
            Box::new(crate::bot::RandomBot)
        }
    }

    impl Game for Race {
        type Config = RaceConfig;
        type State = RaceState;
        type Action = u32;
        type View = RaceView;
        type Event = u32;
        type ActionError = RaceError;
        fn new(config: &RaceConfig, _seed: u64) -> Result<RaceState, RaceError> {
            Ok(RaceState {
                config: config.clone(),
                total: 0,
                to_move: 0,
            })
        }
        fn to_move(state: &RaceState) -> Option<Seat> {
            (state.total < 31).then_some(Seat(state.to_move))
        }
        fn legal_actions_into(state: &RaceState, out: &mut Vec<u32>) {
            out.clear();
            if state.total < 31 {
                out.extend((1..=3).filter(|a| state.total + a <= 31));
            }
        }
        fn check(state: &RaceState, action: &u32) -> Result<(), RaceError> {
            if (1..=3).contains(action) && state.total + action <= 31 {
                Ok(())
            } else {
                Err(RaceError)
            }
        }
        fn apply_unchecked(state: &mut RaceState, action: &u32, events: &mut Vec<u32>) {
            state.total += action;
            events.push(*action);
            if state.total < 31 {
                state.to_move ^= 1;
            }
        }
        fn view(state: &RaceState, _seat: Seat) -> RaceView {
            RaceView(state.total)
        }
        fn scores(state: &RaceState) -> PerSeat<f64> {
            let mut s = PerSeat(vec![0.0; 2]);
            if state.total >= 31 {
                s.0[usize::from(state.to_move)] = 1.0;
            }
            s
        }
    }

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
