//! Checks of a game's [`Infer`]: the record its seats keep, the worlds it weighs, and that an
//! inferring bot still chooses only on what its seat knows.

use crate::bot::{Bot, Decision};
use crate::catalog::Catalog;
use crate::game::{Game, GameEvent, GameState};
use crate::rng::rng_from_seed;
use crate::search::{Infer, InferOptions, Inferring, IsmctsOptions};
use crate::seat::Seat;

/// A match played by the game's heuristic bots: the state reached and the events of every
/// action since the match began, as the engine emitted them (not redacted).
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The state reached.
    pub state: G::State,
    /// Each action's events, in order.
    pub events: Vec<Vec<G::Event>>,
}

impl<G: Infer> Played<G> {
    /// Plays `actions` actions (fewer if the match ends) of the game's heuristic bots from
    /// `state`, with a generator from `seed`.
    ///
    /// # Errors
    /// An engine defect: the heuristic bot's choice refused, named.
    pub fn heuristic(mut state: G::State, actions: usize, seed: u64) -> Result<Played<G>, String> {
        let mut bot = G::heuristic_bot();
        let mut rng = rng_from_seed(seed);
        let mut events = Vec::new();
        for _ in 0..actions {
            let Some(seat) = G::to_move(&state) else {
                break;
            };
            let legal = G::legal_actions(&state);
            let i = bot.choose(&Decision::<G>::new(&state, seat, &legal), &mut rng);
            let action = legal
                .get(i)
                .ok_or_else(|| format!("the heuristic chose {i} of {} actions", legal.len()))?;
            let seen = G::apply(&mut state, action)
                .map_err(|e| format!("the heuristic's action was refused: {e}"))?;
            events.push(seen);
        }
        Ok(Played { state, events })
    }

    /// The events of every action as `seat` saw them.
    pub fn seen_by(&self, seat: Seat) -> impl Iterator<Item = Vec<G::Event>> + '_ {
        self.events
            .iter()
            .map(move |e| e.iter().filter_map(|x| x.redact(seat)).collect())
    }

    /// The record `seat` keeps of it.
    pub fn record(&self, seat: Seat) -> G::Record {
        let mut record = G::Record::default();
        for seen in self.seen_by(seat) {
            G::note(&mut record, &seen);
        }
        record
    }

    /// An [`Inferring`] bot of `worlds` worlds and 60 iterations (seeded) that has observed
    /// the match as `seat`.
    pub fn observer(&self, seat: Seat, worlds: u32) -> Inferring<G> {
        let mut bot = Inferring::<G>::new(InferOptions {
            worlds,
            disagree: 0.3,
            search: IsmctsOptions {
                iterations: 60,
                seed: Some(5),
                ..G::search_defaults()
            },
        });
        for seen in self.seen_by(seat) {
            bot.observe(seat, &seen);
        }
        bot
    }
}

/// What [`check_inference`] counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct InferenceCounts {
    /// Matches whose seat to move was checked.
    pub decisions: usize,
    /// Worlds weighed.
    pub worlds: usize,
    /// Of those, the worlds that weighed less than the true one.
    pub lighter: usize,
}

/// Checks [`Infer`] on matches played by the game's heuristic bots ([`Played::heuristic`]),
/// for the seat to move in each unfinished one:
///
/// - the record it keeps from its own events holds actions, and an [`Inferring`] bot that
///   observed the match keeps the same;
/// - in the true state every other seat played as the model, so the true world weighs 1;
/// - every one of 20 worlds its determinizer draws replays the record (weighs more than 0);
/// - an inferring bot chooses the same on the true state and on a determinization of it (it
///   decides on what its seat knows only).
///
/// # Errors
/// The first property broken, named with the match's index.
pub fn check_inference<G: Infer + Catalog>(
    matches: &[Played<G>],
) -> Result<InferenceCounts, String> {
    let mut counts = InferenceCounts::default();
    for (k, played) in matches.iter().enumerate() {
        let state = &played.state;
        let Some(seat) = G::to_move(state) else {
            continue;
        };
        let record = played.record(seat);
        if G::noted(&record).is_empty() {
            return Err(format!("match {k}: {seat} recorded no action"));
        }
        let mut bot = played.observer(seat, 30);
        if G::noted(bot.record()) != G::noted(&record) {
            return Err(format!("match {k}: the bot's record is not the seat's"));
        }
        let truth = bot.weight(state, seat);
        if (truth - 1.0).abs() > 1e-12 {
            return Err(format!(
                "match {k}: the true world weighs {truth}, not 1, with every seat playing as the model"
            ));
        }
        let mut rng = rng_from_seed(k as u64);
        for _ in 0..20 {
            let world = state.determinize(seat, &mut rng);
            let w = bot.weight(&world, seat);
            if w <= 0.0 {
                return Err(format!(
                    "match {k}: a world {seat} can imagine does not replay its record"
                ));
            }
            counts.worlds += 1;
            counts.lighter += usize::from(w < 1.0);
        }
        let legal = G::legal_actions(state);
        if legal.len() > 1 {
            let other = state.determinize(seat, &mut rng_from_seed(k as u64 + 100));
            let pick = |s: &G::State| {
                let mut bot = played.observer(seat, 30);
                bot.choose(&Decision::<G>::new(s, seat, &legal), &mut rng_from_seed(3))
            };
            if pick(state) != pick(&other) {
                return Err(format!(
                    "match {k}: the inferring bot chose otherwise on a determinization"
                ));
            }
        }
        counts.decisions += 1;
    }
    Ok(counts)
}

/// Checks that the game's `expert` ([`Catalog::expert_bot`]) is an inferring bot that keeps
/// the record: it observes, and at two decisions of seat 0 in a match from `state` (the
/// other seats playing their first legal action) it searches its expert iterations each.
///
/// # Errors
/// What the expert did otherwise.
pub fn check_inferring_expert<G: Infer + Catalog>(mut state: G::State) -> Result<(), String> {
    let mut expert = G::expert_bot(Some(1));
    if !expert.observes() {
        return Err("the expert does not keep the deal's record".to_owned());
    }
    let mut rng = rng_from_seed(2);
    let mut decisions = 0u64;
    while let Some(seat) = G::to_move(&state) {
        let legal = G::legal_actions(&state);
        let i = if seat == Seat(0) && legal.len() > 1 {
            if decisions == 2 {
                break;
            }
            decisions += 1;
            expert.choose(&Decision::<G>::new(&state, seat, &legal), &mut rng)
        } else {
            0
        };
        let Some(action) = legal.get(i) else {
            return Err(format!("the expert chose {i} of {} actions", legal.len()));
        };
        let events = G::apply(&mut state, action).map_err(|e| e.to_string())?;
        let mine: Vec<_> = events.iter().filter_map(|e| e.redact(Seat(0))).collect();
        expert.observe(Seat(0), &mine);
    }
    let expected = decisions * u64::from(G::expert_options().iterations);
    if decisions != 2 || expert.iterations() != expected {
        return Err(format!(
            "{decisions} decisions of seat 0, {} iterations (expected {expected})",
            expert.iterations()
        ));
    }
    Ok(())
}
