//! Inference of the hidden hands: ISMCTS over worlds weighted by how likely the other seats'
//! observed actions are in each ([`Inferring`]).

use super::{Ismcts, IsmctsOptions, Search};
use crate::bot::{Bot, Decision};
use crate::rng::{GameRng, below, rng_from_seed};
use crate::seat::Seat;

/// What a game gives for inference: how it records the public course of a deal, and how it
/// rebuilds, in a world drawn by its determinizer, the state the record starts from.
pub trait Infer: Search {
    /// The public record of the deal in progress: the actions taken with who took them, and
    /// whatever else [`Infer::replay_start`] needs (cards taken into a hand, say).
    type Record: Default + Clone + Send + std::fmt::Debug;

    /// Adds the events of one action, as the recording seat saw them, to the record; a new
    /// deal starts a fresh record.
    fn note(record: &mut Self::Record, events: &[Self::Event]);

    /// The recorded actions of the deal so far, in order, with the seat that took each.
    fn noted(record: &Self::Record) -> &[(Seat, Self::Action)];

    /// The state at the first recorded action in `world` (a state the recording seat's
    /// determinizer drew for now): its hands as they were then. `None` when `world` cannot
    /// have come from the record.
    fn replay_start(world: &Self::State, record: &Self::Record) -> Option<Self::State>;
}

/// The options of an [`Inferring`] bot.
#[derive(Clone, Debug, PartialEq)]
pub struct InferOptions {
    /// Worlds drawn and weighed per decision.
    pub worlds: u32,
    /// The factor a world's weight takes for each recorded action of another seat that the
    /// heuristic would not have taken in it, in `(0, 1]` (1 weighs nothing: plain ISMCTS).
    pub disagree: f64,
    /// The search over the weighted worlds.
    pub search: IsmctsOptions,
}

/// Inference of the hidden hands: ISMCTS over worlds weighted by how likely the other seats'
/// observed actions are in each (the idea of Kermit's inference in Skat, Buro et al. 2009).
///
/// Plain ISMCTS draws its worlds uniformly among the deals consistent with what the deciding
/// seat has seen, as if the others' passes and plays said nothing about their hands. An
/// [`Inferring`] bot keeps the public record of the deal in progress ([`Bot::observe`]), and
/// at a decision
///
/// 1. draws `worlds` worlds with [`Decision::determinize`];
/// 2. in each, rebuilds the deal as it stood at the first recorded action
///    ([`Infer::replay_start`]: the world's hands with the cards each seat has played put back)
///    and replays the record, multiplying the world's weight by `disagree` at every action of
///    another seat that the game's heuristic bot ([`Search::heuristic_bot`]) would not have
///    taken there, with that world's hand (a world the record cannot have come from weighs 0);
/// 3. runs its ISMCTS iterations on worlds drawn from these in proportion to their weights
///    ([`Ismcts::search_in`]).
///
/// Everything it reads is the seat's own: the worlds come from its determinizer and the record
/// from the events as the seat saw them. A bot that has observed nothing of the deal (built in
/// the middle of it, or asked outside a table, as an analysis asks) searches as plain ISMCTS.
///
/// ```
/// use cards_core::search::{InferOptions, IsmctsOptions};
///
/// let options = InferOptions { worlds: 500, disagree: 0.3, search: IsmctsOptions::default() };
/// assert!(options.disagree > 0.0 && options.disagree < 1.0);
/// ```
pub struct Inferring<G: Infer> {
    options: InferOptions,
    name: String,
    search: Ismcts<G>,
    model: Box<dyn Bot<G>>,
    model_rng: GameRng,
    record: G::Record,
    worlds: Vec<G::State>,
    weights: Vec<f64>,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
}

impl<G: Infer> std::fmt::Debug for Inferring<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Inferring")
            .field("name", &self.name)
            .field("options", &self.options)
            .finish_non_exhaustive()
    }
}

impl<G: Infer> Inferring<G> {
    /// A bot with these options, named `infer` until [`Inferring::named`].
    pub fn new(options: InferOptions) -> Self {
        Inferring {
            search: Ismcts::new(options.search.clone()),
            options,
            name: "infer".to_owned(),
            model: G::heuristic_bot(),
            model_rng: rng_from_seed(0),
            record: G::Record::default(),
            worlds: Vec::new(),
            weights: Vec::new(),
            legal: Vec::new(),
            events: Vec::new(),
        }
    }

    /// The bot reporting under `name`.
    #[must_use]
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// The record of the deal so far.
    pub fn record(&self) -> &G::Record {
        &self.record
    }

    /// The weight of `world` for the deciding seat `me`: `disagree` to the power of the other
    /// seats' recorded actions the heuristic would not have taken in it; 0 when the record
    /// cannot be replayed in it.
    pub fn weight(&mut self, world: &G::State, me: Seat) -> f64 {
        let Some(mut state) = G::replay_start(world, &self.record) else {
            return 0.0;
        };
        let mut weight = 1.0;
        for (seat, action) in G::noted(&self.record) {
            if G::to_move(&state) != Some(*seat) {
                return 0.0;
            }
            G::legal_actions_into(&state, &mut self.legal);
            if !self.legal.contains(action) {
                return 0.0;
            }
            if *seat != me && self.legal.len() > 1 {
                let decision = Decision::<G>::new(&state, *seat, &self.legal);
                let i = self.model.choose(&decision, &mut self.model_rng);
                if self.legal.get(i) != Some(action) {
                    weight *= self.options.disagree;
                }
            }
            self.events.clear();
            G::apply_unchecked(&mut state, action, &mut self.events);
        }
        weight
    }
}

impl<G: Infer> Bot<G> for Inferring<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        let legal = decision.legal();
        if legal.len() <= 1 {
            return 0;
        }
        if G::noted(&self.record).is_empty() {
            let stats = self.search.search(decision, rng);
            return Ismcts::<G>::best(&stats);
        }
        let me = decision.seat();
        let mut worlds = std::mem::take(&mut self.worlds);
        let mut weights = std::mem::take(&mut self.weights);
        worlds.clear();
        weights.clear();
        let mut total = 0.0;
        for _ in 0..self.options.worlds {
            let world = decision.determinize(rng);
            let w = self.weight(&world, me);
            if w > 0.0 {
                total += w;
                weights.push(total);
                worlds.push(world);
            }
        }
        let stats = if worlds.is_empty() {
            self.search.search(decision, rng)
        } else {
            let mut draw = |r: &mut GameRng| {
                let u = below(r, 1 << 53) as f64 / (1u64 << 53) as f64 * total;
                let i = weights.partition_point(|&c| c <= u).min(worlds.len() - 1);
                worlds[i].clone()
            };
            self.search.search_in(decision, &mut draw, rng)
        };
        self.worlds = worlds;
        self.weights = weights;
        Ismcts::<G>::best(&stats)
    }

    fn iterations(&self) -> u64 {
        self.search.iterations()
    }

    fn observes(&self) -> bool {
        true
    }

    fn observe(&mut self, _seat: Seat, events: &[G::Event]) {
        G::note(&mut self.record, events);
    }
}
