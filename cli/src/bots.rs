//! Bot specs on the command line, the clock search bots are given, and the timing of decisions.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use cards_core::bot::{BotSpec, make_bot};
use cards_core::search::Clock;
use cards_core::{Bot, Decision, Game, GameRng};

use crate::error::CliError;

/// The default time cap of a search bot in `cards play` when its spec gives no `ms`: about a
/// second per decision keeps play fluent.
pub const PLAY_MS: u64 = 1000;

/// Reads `--bots` (given once with commas, or several times): `kind[:key=value,...]` each.
///
/// # Errors
/// A malformed spec.
pub fn parse_specs(args: &[String], default: &str) -> Result<Vec<BotSpec>, CliError> {
    let text = if args.is_empty() {
        default.to_owned()
    } else {
        args.join(",")
    };
    BotSpec::parse_list(&text).map_err(CliError::Bot)
}

/// Time since the first call: the clock the CLI gives search bots.
pub fn clock() -> Clock {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    let origin = *ORIGIN.get_or_init(Instant::now);
    Arc::new(move || origin.elapsed())
}

/// The bot of a spec, with the CLI's clock; `exec:COMMAND` runs a program over the bot
/// protocol ([`crate::exec::ExecBot`]).
///
/// # Errors
/// An unknown kind or a bad option.
pub fn bot<G: Game>(spec: &BotSpec) -> Result<Box<dyn Bot<G>>, CliError> {
    if spec.kind == "exec" {
        return Ok(Box::new(
            crate::exec::ExecBot::<G>::new(spec).map_err(CliError::Bot)?,
        ));
    }
    make_bot::<G>(spec, Some(clock())).map_err(CliError::Bot)
}

/// A spec as `cards play` runs it: a search bot (any kind but `random` and `heuristic`, so
/// `ismcts` and a game's own kinds such as Cego's `pimc`) with no time budget gets
/// `ms=`[`PLAY_MS`].
pub fn for_play(spec: &BotSpec) -> BotSpec {
    let mut spec = spec.clone();
    if is_search(&spec) && spec.param("ms").is_none() {
        spec.params.push(("ms".to_owned(), PLAY_MS.to_string()));
    }
    spec
}

/// The bot of a spec as `cards play` and `cards serve` seat it: with [`for_play`]'s time
/// budget, or as given when its kind takes no `ms` option.
///
/// # Errors
/// An unknown kind or a bad option.
pub fn play_bot<G: Game>(spec: &BotSpec) -> Result<Box<dyn Bot<G>>, CliError> {
    let timed = for_play(spec);
    if timed != *spec {
        if let Ok(b) = bot::<G>(&timed) {
            return Ok(b);
        }
    }
    bot::<G>(spec)
}

/// A bot whose decisions are counted and, for search bots, timed (reading the clock twice per
/// decision would double the cost of a random bot's decision, which `simulate` measures).
pub struct Timed<G: Game> {
    inner: Box<dyn Bot<G>>,
    search: bool,
    /// Decisions taken.
    pub decisions: u64,
    /// Wall time of each decision of a search bot, whether it had more than one legal action,
    /// and its phase ([`Game::phase`]).
    pub times: Vec<(Duration, bool, &'static str)>,
}

impl<G: Game> std::fmt::Debug for Timed<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timed")
            .field("search", &self.search)
            .field("decisions", &self.decisions)
            .field("times", &self.times.len())
            .finish_non_exhaustive()
    }
}

impl<G: Game> Timed<G> {
    /// Counts the decisions of `inner`, and times them when `search` is set.
    pub fn new(inner: Box<dyn Bot<G>>, search: bool) -> Self {
        Timed {
            inner,
            search,
            decisions: 0,
            times: Vec::new(),
        }
    }
}

impl<G: Game> Timed<G> {
    /// The bot it times.
    pub fn into_inner(self) -> Box<dyn Bot<G>> {
        self.inner
    }
}

/// Whether a spec names a search bot (whose think time is measured).
pub fn is_search(spec: &BotSpec) -> bool {
    !matches!(spec.kind.as_str(), "random" | "heuristic")
}

impl<G: Game> Bot<G> for Timed<G> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        self.decisions += 1;
        if !self.search {
            return self.inner.choose(decision, rng);
        }
        let start = Instant::now();
        let i = self.inner.choose(decision, rng);
        self.times.push((
            start.elapsed(),
            decision.legal().len() > 1,
            decision.phase(),
        ));
        i
    }

    fn iterations(&self) -> u64 {
        self.inner.iterations()
    }

    fn observes(&self) -> bool {
        self.inner.observes()
    }

    fn observe(&mut self, seat: cards_core::Seat, events: &[G::Event]) {
        self.inner.observe(seat, events);
    }

    fn finish(&mut self, seat: cards_core::Seat, scores: &cards_core::PerSeat<f64>) {
        self.inner.finish(seat, scores);
    }

    fn faults(&self) -> u64 {
        self.inner.faults()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_gives_every_search_kind_without_a_budget_the_play_budget() {
        let ms = PLAY_MS.to_string();
        for text in ["ismcts", "ismcts:iters=50", "pimc:worlds=4"] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(for_play(&spec).param("ms"), Some(ms.as_str()), "{text}");
        }
        for text in ["random", "heuristic", "ismcts:ms=20", "pimc:ms=30"] {
            let spec: BotSpec = text.parse().unwrap();
            assert_eq!(for_play(&spec), spec, "{text}");
        }
        let pimc: BotSpec = "pimc".parse().unwrap();
        assert!(play_bot::<game_cego::Cego>(&pimc).is_ok());
        assert!(play_bot::<game_big_a::BigA>(&pimc).is_err());
        // A kind that takes no `ms` is seated as given.
        let planner: BotSpec = "planner".parse().unwrap();
        assert!(for_play(&planner).param("ms").is_some());
        assert!(play_bot::<game_contract_rummy::ContractRummy>(&planner).is_ok());
    }
}
