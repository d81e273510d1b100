//! [`Run`]: the playouts of a harness run and the checks at each of their states.

use std::fmt;

use serde::Serialize;
use serde::de::DeserializeOwned;

use super::cards::{cards_taken_within, check_action_cards};
use super::corrupt::{Corrupted, check_corrupted};
use super::{At, Check, Failure, NO_CHEATING_BOTS, Policy, RunOptions, Summary, fail};
use crate::bot::{Bot, Decision};
use crate::catalog::Catalog;
use crate::catalog::make_bot;
use crate::game::GameConfig;
use crate::game::GameState;
use crate::rng::{GameRng, below, derive_seed, rng_from_seed};
use crate::seat::Seat;
use crate::spec::BotSpec;
use crate::text::Screen;

/// A harness run under way: the chosen checks, what they covered so far, and what the
/// playouts carry from one to the next.
pub(super) struct Run<'a, G: Catalog> {
    checks: &'a [Check],
    /// What the run covered so far.
    pub(super) summary: Summary,
    /// Actions seen in earlier states, offered where they are not listed.
    pool: Vec<G::Action>,
    /// Whether the playout under way is checked at every state.
    full: bool,
    options: RunOptions,
}

/// Whether `value` survives a `serde_json` round trip, and if not, why.
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

/// The index in `legal` of the action `seat` plays at `state`: the heuristic bot's choice
/// when the run plays with it, a uniformly random one otherwise.
fn choose_index<G: Catalog, B: Bot<G> + ?Sized>(
    heuristic: Option<&mut B>,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    at: &At,
    rng: &mut GameRng,
) -> Result<usize, Failure> {
    let Some(heuristic) = heuristic else {
        return Ok(below(rng, legal.len() as u64) as usize);
    };
    let chosen = heuristic.choose(&Decision::new(state, seat, legal), rng);
    if chosen >= legal.len() {
        return fail(
            Check::LegalList,
            format!(
                "{at}: the heuristic bot chose entry {chosen} of {}",
                legal.len()
            ),
        );
    }
    Ok(chosen)
}

impl<'a, G: Catalog> Run<'a, G> {
    /// A run of `checks` as `options` say, nothing covered yet.
    pub(super) fn new(checks: &'a [Check], options: RunOptions) -> Self {
        Run {
            checks,
            summary: Summary::default(),
            pool: Vec::new(),
            full: false,
            options,
        }
    }

    /// Whether the run checks `check`.
    fn on(&self, check: Check) -> bool {
        self.checks.contains(&check)
    }

    /// One random playout from `start` of at most `limit` actions; `config` when `start` is
    /// `G::new(config, seed)`, which the determinism check then calls again.
    pub(super) fn playout(
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
        let (mut taken, mut transcript, mut events) = (Vec::new(), Vec::new(), Vec::new());
        let mut heuristic = (self.options.policy == Policy::Heuristic).then(G::heuristic_bot);
        let mut pack = start.config().pack();
        pack.sort_unstable();
        for step in 0.. {
            let at = At { seed, step };
            let deep = full || below(&mut rng, self.options.deep_every.max(1)) == 0;
            let census = deep
                || step % self.options.census_every.max(1) == 0
                || G::to_move(&state).is_none();
            self.check_state(&state, players, (census, &pack), &at, deep, &mut rng)?;
            G::legal_actions_into(&state, &mut legal);
            let to_move = G::to_move(&state);
            let screen = self.check_listing(&state, &legal, to_move, &at, deep, &mut rng)?;
            let Some(seat) = to_move else {
                break;
            };
            if !self.goes_on(&legal, step, limit, &at)? {
                break;
            }
            let index = choose_index::<G, _>(
                heuristic.as_deref_mut(),
                &state,
                seat,
                &legal,
                &at,
                &mut rng,
            )?;
            let action = legal[index].clone();
            self.remember(&action, &mut rng);
            let before = screen.map(|screen| (state.clone(), screen));
            events.clear();
            G::apply_unchecked(&mut state, &action, &mut events);
            if let Some((old, screen)) = before {
                cards_taken_within::<G>(&old, seat, &screen, &action, &state, &at)?;
            }
            transcript.extend(events.iter().cloned());
            taken.push(action);
            self.summary.actions += 1;
        }
        if self.on(Check::Determinism) {
            self.check_replay(start, config, seed, &taken, &transcript, &state)?;
        }
        Ok(())
    }

    /// The checks of the legal list `legal` at `state`, whose seat to move is `to_move`:
    /// [`Check::LegalList`] (on a sample of it at states that are not `deep`-checked, when the
    /// options say so), [`Check::Refusal`] and [`Check::ActionCards`]. Returns the mover's
    /// screen when the last runs, for checking what the chosen action takes.
    fn check_listing(
        &mut self,
        state: &G::State,
        legal: &[G::Action],
        to_move: Option<Seat>,
        at: &At,
        deep: bool,
        rng: &mut GameRng,
    ) -> Result<Option<Screen>, Failure> {
        if self.on(Check::LegalList) {
            let sample = if deep {
                None
            } else {
                self.options.listed_sample
            };
            self.check_legal(state, legal, at, sample, rng)?;
        }
        if self.on(Check::Refusal) {
            self.check_refusals(state, legal, at, rng)?;
        }
        match to_move {
            Some(seat) if self.on(Check::ActionCards) => {
                check_action_cards::<G>(state, seat, legal, deep, at).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Whether the playout goes on after `step` actions, a seat being to move with `legal`:
    /// not without a legal action (a failure), nor at `limit` (a failure when
    /// [`Check::Termination`] is on).
    fn goes_on(
        &self,
        legal: &[G::Action],
        step: usize,
        limit: usize,
        at: &At,
    ) -> Result<bool, Failure> {
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
            return Ok(false);
        }
        Ok(true)
    }

    /// Keeps `action` in the pool of actions offered where they are not listed: up to 512 of
    /// them, then each replacing one drawn at random.
    fn remember(&mut self, action: &G::Action, rng: &mut GameRng) {
        if self.pool.len() < 512 {
            self.pool.push(action.clone());
        } else {
            let i = below(rng, 512) as usize;
            self.pool[i] = action.clone();
        }
    }

    /// The checks of one state: the cheap ones (clone, census when `census` says so, scores)
    /// always, the expensive ones (serde, corruption, no cheating, no leaks) when `deep`.
    fn check_state(
        &mut self,
        state: &G::State,
        players: usize,
        (census, pack): (bool, &[String]),
        at: &At,
        deep: bool,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        self.check_cheap(state, players, census.then_some(pack), at)?;
        if !deep {
            return Ok(());
        }
        if self.on(Check::Serde) {
            check_serde::<G>(state, players, at)?;
        }
        if self.on(Check::Corruption) {
            match check_corrupted::<G>(state, at, rng)? {
                Corrupted::Refused => self.summary.corruptions_refused += 1,
                Corrupted::Accepted => self.summary.corruptions_accepted += 1,
            }
        }
        if self.on(Check::NoCheating) {
            let search = self.full || below(rng, self.options.search_every.max(1)) == 0;
            self.check_no_cheating(state, at, search, rng)?;
        }
        if self.on(Check::NoLeaks) {
            self.check_no_leaks(state, players, at, rng)?;
        }
        Ok(())
    }

    /// [`Check::Clone`], [`Check::Conservation`] (against the sorted `pack`, when given) and
    /// [`Check::Scores`] at one state.
    fn check_cheap(
        &self,
        state: &G::State,
        players: usize,
        pack: Option<&[String]>,
        at: &At,
    ) -> Result<(), Failure> {
        if self.on(Check::Clone) && &state.clone() != state {
            return fail(
                Check::Clone,
                format!("{at}: a clone differs from its original"),
            );
        }
        if let Some(pack) = pack.filter(|_| self.on(Check::Conservation)) {
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
        Ok(())
    }

    /// [`Check::NoLeaks`] at one state: for each seat, a determinization for it keeps its
    /// view, the seat to move, the mover's legal actions, the pack, and reads back.
    fn check_no_leaks(
        &mut self,
        state: &G::State,
        players: usize,
        at: &At,
        rng: &mut GameRng,
    ) -> Result<(), Failure> {
        let c = Check::NoLeaks;
        let to_move = G::to_move(state);
        for seat in Seat::all(players) {
            let det = state.determinize(seat, rng);
            self.summary.determinizations += 1;
            let (a, b) = (G::view(state, seat), G::view(&det, seat));
            if a != b {
                return fail(
                    c,
                    format!("{at}: determinizing for {seat} changed its view:\n{a:?}\n{b:?}"),
                );
            }
            if G::to_move(&det) != to_move {
                return fail(
                    c,
                    format!("{at}: determinizing for {seat} changed who moves"),
                );
            }
            if to_move == Some(seat) && G::legal_actions(&det) != G::legal_actions(state) {
                return fail(
                    c,
                    format!("{at}: determinizing for {seat} changed its legal actions"),
                );
            }
            let mut census = det.census();
            let mut pack = state.config().pack();
            census.sort();
            pack.sort();
            if census != pack {
                return fail(
                    c,
                    format!("{at}: a determinized state for {seat} loses cards"),
                );
            }
            if let Err(e) = json_round_trip(&det) {
                return fail(
                    c,
                    format!("{at}: a determinized state for {seat} does not read back: {e}"),
                );
            }
        }
        Ok(())
    }

    /// [`Check::NoCheating`] at one state: the bots of [`NO_CHEATING_BOTS`] (the search bot
    /// and the game's own kinds only when `search`) choose alike on it and on a
    /// determinization of it for the seat to move.
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
            let spec = match BotSpec::parse::<G>(text) {
                Ok(s) => s,
                // The error names the spec (or the unknown kind) itself.
                Err(e) => return fail(c, format!("{at}: {e}")),
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

    /// [`Check::LegalList`] at one state: the whole list, or `sample` of its actions drawn at
    /// random.
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

    /// [`Check::Refusal`] at one state: up to four actions drawn from the pool, where not
    /// listed, are refused by `check` and `apply`, and a refused `apply` changes nothing.
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

    /// [`Check::Determinism`] of a playout from `start` (or `G::new(config, seed)`): replaying
    /// the actions `taken` gives the same `transcript` and ends in the same state as `end`.
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

/// [`Check::Serde`] at one state: the state and every seat's view survive a `serde_json`
/// round trip.
fn check_serde<G: Catalog>(state: &G::State, players: usize, at: &At) -> Result<(), Failure> {
    if let Err(e) = json_round_trip(state) {
        return fail(Check::Serde, format!("{at}: state: {e}"));
    }
    for seat in Seat::all(players) {
        if let Err(e) = json_round_trip(&G::view(state, seat)) {
            return fail(Check::Serde, format!("{at}: view of {seat}: {e}"));
        }
    }
    Ok(())
}
