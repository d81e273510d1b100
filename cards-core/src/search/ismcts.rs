//! The ISMCTS bot: its tree, its iterations, and the bot it plays as.

use std::fmt;
use std::time::Duration;

use super::{Clock, IsmctsOptions, Rollout, Search};
use crate::bot::{Bot, Decision};
use crate::rng::{GameRng, below, rng_from_seed};
use crate::seat::{PerSeat, Seat};

/// A draw of worlds for [`Ismcts::search_in`]: a full state consistent with what the
/// deciding seat knows, from the generator given.
pub type Draw<'a, G> = dyn FnMut(&mut GameRng) -> <G as crate::Game>::State + 'a;

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

/// A single-observer ISMCTS bot; see the [module docs](crate::search).
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
        let stats = self.run(decision, rng, None);
        self.own_rng = own;
        stats
    }

    /// Searches the decision on the worlds `worlds` draws instead of the seat's determinizer
    /// ([`Decision::determinize`]): a bot that weighs the worlds by what it has observed
    /// ([`super::Inferring`]) hands its draw here. Every world it draws must agree with what
    /// the deciding seat knows, as a determinization does.
    pub fn search_in(
        &mut self,
        decision: &Decision<'_, G>,
        worlds: &mut Draw<'_, G>,
        rng: &mut GameRng,
    ) -> RootStats {
        let mut own = self.own_rng.take();
        let rng = own.as_mut().unwrap_or(rng);
        let stats = self.run(decision, rng, Some(worlds));
        self.own_rng = own;
        stats
    }

    /// The index of the action a search with these statistics plays: the most visited root
    /// action, ties to the higher mean reward, then the first.
    pub fn best(stats: &RootStats) -> usize {
        let mut best = 0;
        for (i, &(v, q)) in stats.actions.iter().enumerate() {
            let (bv, bq) = stats.actions[best];
            if v > bv || (v == bv && q > bq) {
                best = i;
            }
        }
        best
    }

    fn run(
        &mut self,
        decision: &Decision<'_, G>,
        rng: &mut GameRng,
        mut worlds: Option<&mut Draw<'_, G>>,
    ) -> RootStats {
        self.nodes.clear();
        self.nodes.push(Node {
            action: None,
            mover: decision.seat(),
            children: Vec::new(),
            visits: 0,
            avail: 0,
            total: 0.0,
        });
        let deadline = self.end();
        let mut n = 0u32;
        while n < self.options.iterations {
            if let Some((clock, end)) = &deadline {
                if n > 0 && clock() >= *end {
                    break;
                }
            }
            let mut state = match worlds.as_mut() {
                Some(draw) => draw(rng),
                None => decision.determinize(rng),
            };
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
        RootStats {
            iterations: n,
            actions: self.root_actions(decision.legal()),
        }
    }

    /// The clock and the time this search ends, when it has a clock and a time budget or a
    /// deadline: the earlier of its own budget (from now) and the deadline set from outside.
    fn end(&self) -> Option<(Clock, Duration)> {
        self.clock.as_ref().and_then(|clock| {
            let own = self
                .options
                .millis
                .map(|ms| clock().saturating_add(Duration::from_millis(ms)));
            let end = match (own, self.deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
            end.map(|end| (clock.clone(), end))
        })
    }

    /// The visits and mean value of each of the `legal` actions (sorted) at the root: the
    /// root's children matched to the list in one pass.
    fn root_actions(&self, legal: &[G::Action]) -> Vec<(u32, f64)> {
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
        actions
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
        Self::best(&stats)
    }

    fn iterations(&self) -> u64 {
        self.iterations
    }
}
