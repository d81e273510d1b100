//! Bot specs on the command line, the clock search bots are given, and the timing of decisions.

use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use cards_core::bot::{PlayError, RandomBot};
use cards_core::search::Clock;
use cards_core::{Bot, Decision, GameRng, PerSeat, Seat};
use cards_core::{BotKind, BotSpec, make_bot};

use crate::error::CliError;
use crate::exec::ExecBot;
use cards_core::Catalog;
use cards_core::GameConfig;
use cards_core::GameEvent;
use cards_core::GameState;

/// The default time cap of a search bot in `cards play` when its spec gives no `ms`: about a
/// second per decision keeps play fluent.
pub const PLAY_MS: u64 = 1000;

/// One level of the ladder of bots ([`ladder`]): its name, its spec, what it does in words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// `easy`, `medium`, `hard` or `expert`.
    pub level: &'static str,
    /// The bot spec, exactly as `docs/strength.md` measures it.
    pub spec: String,
    /// What the bot does, in a few words.
    pub what: String,
}

/// The search budget of the ladder's hard level where the game has no quick bot of its own:
/// ISMCTS at this many iterations. Chosen on tuning seed 1 to sit apart from both neighbours
/// (it beats the heuristic, and the expert beats it); `docs/strength.md` measures each step
/// on a declared seed.
pub const HARD_ITERATIONS: u32 = 200;

/// The ladder of a game whose own bot kinds are `own`, weakest first, the levels the lobby of
/// `cards serve` offers and `cards tournament --ladder` plays: easy plays at random; medium is
/// the heuristic; hard is the game's own quick bot (a kind of its own that takes no keys, such
/// as 3 to 13's `planner`, which beats the heuristic) or else ISMCTS at [`HARD_ITERATIONS`]
/// iterations; expert is the game's `expert` ([`cards_core::Catalog::expert_bot`]). Each is
/// the spec the strength runs measure against the level below (a server adds its time cap to
/// a search bot whose kind takes one).
pub fn ladder(own: &[BotKind]) -> Vec<Level> {
    let instant = own.iter().find(|k| k.keys.is_empty()).map(|k| k.name);
    vec![
        Level {
            level: "easy",
            spec: "random".to_owned(),
            what: "plays at random".to_owned(),
        },
        Level {
            level: "medium",
            spec: "heuristic".to_owned(),
            what: "rules of thumb, plays at once".to_owned(),
        },
        match instant {
            Some(kind) => Level {
                level: "hard",
                spec: kind.to_owned(),
                what: "the game's own planner, plays at once".to_owned(),
            },
            None => Level {
                level: "hard",
                spec: format!("ismcts:iters={HARD_ITERATIONS}"),
                what: format!("searches {HARD_ITERATIONS} playouts a move"),
            },
        },
        Level {
            level: "expert",
            spec: "expert".to_owned(),
            what: "the game's strongest bot, up to a tenth of a second a move".to_owned(),
        },
    ]
}

/// Reads `--bots` (given once with commas, or several times): `kind[:key=value,...]` each,
/// read once against the kinds `G` offers.
///
/// # Errors
/// A spec [`BotSpec::parse_list`] refuses.
pub fn parse_specs<G: Catalog>(args: &[String], default: &str) -> Result<Vec<BotSpec>, CliError> {
    let text = if args.is_empty() {
        default.to_owned()
    } else {
        args.join(",")
    };
    BotSpec::parse_list::<G>(&text).map_err(CliError::Bot)
}

/// The kinds of the table in words, one line per kind (`  kind: what it is`) and one per key
/// (`      key=: what it takes; what it sets`): `cards rules`' bot section and `--bots`' help.
pub fn kinds_text<'a>(kinds: impl IntoIterator<Item = &'a BotKind>) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for kind in kinds {
        let _ = write!(text, "  {}: {}", kind.name, kind.about);
        if kind.keys.is_empty() {
            text.push_str(" (no options)");
        }
        text.push('\n');
        for key in kind.keys {
            let _ = writeln!(
                text,
                "      {}: {}; {}",
                key.key,
                key.takes.words(),
                key.about
            );
        }
    }
    text
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
/// A program that cannot be started.
pub fn bot<G: Catalog>(spec: &BotSpec) -> Result<Box<dyn Bot<G>>, CliError> {
    if let BotSpec::Exec(_) = spec {
        return Ok(Box::new(
            crate::exec::ExecBot::<G>::new(spec).map_err(CliError::Bot)?,
        ));
    }
    make_bot::<G>(spec, Some(clock())).map_err(CliError::Bot)
}

/// Checks a spec before a run, beyond what reading it checked: that an `exec:` spec's
/// program is there ([`ExecBot::check`], without starting it).
///
/// # Errors
/// A program that is not there.
pub fn check_spec<G: Catalog>(spec: &BotSpec) -> Result<(), CliError> {
    match spec {
        BotSpec::Exec(_) => ExecBot::<G>::check(spec).map_err(CliError::Bot),
        _ => Ok(()),
    }
}

/// A spec as `cards play` runs it: a search bot whose kind takes a time budget (`ismcts`, and
/// a game's own kinds such as Cego's `pimc`) and that has none gets `ms=`[`PLAY_MS`].
pub fn for_play(spec: &BotSpec) -> BotSpec {
    spec.with_default_ms(PLAY_MS)
}

/// The bot of a spec as `cards play` seats it: with [`for_play`]'s time budget.
///
/// # Errors
/// A program that cannot be started.
pub fn play_bot<G: Catalog>(spec: &BotSpec) -> Result<Box<dyn Bot<G>>, CliError> {
    bot::<G>(&for_play(spec))
}

/// A seat's bot in `cards play` and `cards simulate`: a built-in bot, or an `exec:` program,
/// which the play loops ([`play_out`]) also tell when the match begins and each deal ends.
pub enum Seated<G: Catalog> {
    /// A bot of the engine.
    Builtin(Box<dyn Bot<G>>),
    /// A bot program.
    Exec(Box<ExecBot<G>>),
}

impl<G: Catalog> std::fmt::Debug for Seated<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Seated::Builtin(b) => write!(f, "Builtin({})", b.name()),
            Seated::Exec(b) => write!(f, "Exec({b:?})"),
        }
    }
}

impl<G: Catalog> Seated<G> {
    /// The seat of a spec: an `exec:` program, or [`bot`]'s bot (with [`for_play`]'s time
    /// budget when `play` is set, as [`play_bot`] gives it).
    ///
    /// # Errors
    /// An unknown kind, a bad option, a program that cannot be started.
    pub fn new(spec: &BotSpec, play: bool) -> Result<Self, CliError> {
        if let BotSpec::Exec(_) = spec {
            return Ok(Seated::Exec(Box::new(
                ExecBot::<G>::new(spec).map_err(CliError::Bot)?,
            )));
        }
        Ok(Seated::Builtin(if play {
            play_bot::<G>(spec)?
        } else {
            bot::<G>(spec)?
        }))
    }

    fn inner(&self) -> &dyn Bot<G> {
        match self {
            Seated::Builtin(b) => b.as_ref(),
            Seated::Exec(b) => b.as_ref(),
        }
    }

    fn inner_mut(&mut self) -> &mut dyn Bot<G> {
        match self {
            Seated::Builtin(b) => b.as_mut(),
            Seated::Exec(b) => b.as_mut(),
        }
    }

    /// Whether it is told of the match's start and of each deal's end.
    pub fn told(&self) -> bool {
        matches!(self, Seated::Exec(_))
    }

    /// The match begins with these scores (a program is sent `start`).
    pub fn begin(&mut self, seat: Seat, config: &G::Config, totals: &[f64]) {
        if let Seated::Exec(b) = self {
            b.begin(seat, config, totals);
        }
    }

    /// A deal is over, with these match scores after it (a program is sent `deal_end`).
    pub fn deal_end(&mut self, seat: Seat, totals: &[f64]) {
        if let Seated::Exec(b) = self {
            b.deal_end(seat, totals);
        }
    }

    /// What a program's run has been so far ([`ExecBot::report`]; all zero for a bot of the
    /// engine).
    pub fn report(&self) -> crate::exec::ProgramReport {
        match self {
            Seated::Exec(b) => b.report(),
            Seated::Builtin(_) => crate::exec::ProgramReport::default(),
        }
    }

    /// The descriptions of a program's faults since the last call ([`ExecBot::take_faults`];
    /// none for a bot of the engine).
    pub fn take_faults(&mut self) -> Vec<String> {
        match self {
            Seated::Exec(b) => b.take_faults(),
            Seated::Builtin(_) => Vec::new(),
        }
    }

    /// As [`Seated::take_faults`], each note in English and as a catalogue message
    /// ([`ExecBot::take_fault_lines`]).
    pub fn take_fault_lines(&mut self) -> Vec<crate::exec::FaultLine> {
        match self {
            Seated::Exec(b) => b.take_fault_lines(),
            Seated::Builtin(_) => Vec::new(),
        }
    }
}

impl<G: Catalog> Bot<G> for Seated<G> {
    fn name(&self) -> &str {
        self.inner().name()
    }

    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        self.inner_mut().choose(decision, rng)
    }

    fn iterations(&self) -> u64 {
        self.inner().iterations()
    }

    fn observes(&self) -> bool {
        self.inner().observes()
    }

    fn observe(&mut self, seat: Seat, events: &[G::Event]) {
        self.inner_mut().observe(seat, events);
    }

    fn finish(&mut self, seat: Seat, scores: &PerSeat<f64>) {
        self.inner_mut().finish(seat, scores);
    }

    fn faults(&self) -> u64 {
        self.inner().faults()
    }
}

/// A seat the play loops tell of the match's start and each deal's end ([`Seated`], and
/// [`Timed`] around one).
pub trait Told<G: Catalog>: Bot<G> {
    /// Whether it wants to be told (an `exec:` program).
    fn told(&self) -> bool;
    /// The match begins with these scores.
    fn begin(&mut self, seat: Seat, config: &G::Config, totals: &[f64]);
    /// A deal is over, with these match scores after it.
    fn deal_end(&mut self, seat: Seat, totals: &[f64]);
    /// The descriptions of its faults since the last call.
    fn take_faults(&mut self) -> Vec<String>;
}

impl<G: Catalog> Told<G> for Seated<G> {
    fn told(&self) -> bool {
        Seated::told(self)
    }
    fn begin(&mut self, seat: Seat, config: &G::Config, totals: &[f64]) {
        Seated::begin(self, seat, config, totals);
    }
    fn deal_end(&mut self, seat: Seat, totals: &[f64]) {
        Seated::deal_end(self, seat, totals);
    }
    fn take_faults(&mut self) -> Vec<String> {
        Seated::take_faults(self)
    }
}

impl<G: Catalog> Told<G> for Timed<G> {
    fn told(&self) -> bool {
        self.inner.told()
    }
    fn begin(&mut self, seat: Seat, config: &G::Config, totals: &[f64]) {
        self.inner.begin(seat, config, totals);
    }
    fn deal_end(&mut self, seat: Seat, totals: &[f64]) {
        self.inner.deal_end(seat, totals);
    }
    fn take_faults(&mut self) -> Vec<String> {
        self.inner.take_faults()
    }
}

/// Lets `bots` play `state` to the end, as [`cards_core::bot::play_out`] does (the same
/// choices from the same `rng`), and tells the seats that want it ([`Told`]) when the match
/// begins and each deal ends ([`crate::exec::DealWatch`]; the last by [`Bot::finish`]). Returns the
/// number of actions taken. `buffers` are the caller's, kept between plays
/// ([`cards_core::bot::PlayBuffers`]).
///
/// # Errors
/// An engine defect: the match runs past [`cards_core::GameConfig::max_actions`] or a seat has no legal action.
pub fn play_out<G: Catalog, B: Told<G>>(
    state: &mut G::State,
    bots: &mut PerSeat<B>,
    rng: &mut GameRng,
    buffers: &mut cards_core::bot::PlayBuffers<G>,
) -> Result<usize, PlayError> {
    let told: Vec<Seat> = bots
        .iter()
        .filter(|(_, b)| b.told())
        .map(|(s, _)| s)
        .collect();
    if told.is_empty() {
        return cards_core::bot::play_out_with::<G, B>(state, bots, rng, None, buffers);
    }
    let limit = state.config().max_actions();
    let totals = G::scores(state).0;
    let mut watch = crate::exec::DealWatch::new::<G>(state);
    for &s in &told {
        bots[s].begin(s, state.config(), &totals);
    }
    let observing: Vec<Seat> = bots
        .iter()
        .filter(|(_, b)| b.observes())
        .map(|(s, _)| s)
        .collect();
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let mut n = 0;
    while let Some(seat) = G::to_move(state) {
        if n >= limit {
            return Err(PlayError::TooLong { limit });
        }
        G::legal_actions_into(state, &mut legal);
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction { seat });
        }
        let i = bots[seat].choose(&Decision::<G>::new(state, seat, &legal), rng);
        events.clear();
        G::apply_unchecked(state, &legal[i.min(legal.len() - 1)], &mut events);
        for &s in &observing {
            let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(s)).collect();
            bots[s].observe(s, &seen);
        }
        if let Some(totals) = watch.after::<G>(state) {
            for &s in &told {
                bots[s].deal_end(s, totals);
            }
        }
        n += 1;
    }
    let scores = G::scores(state);
    for &s in &observing {
        bots[s].finish(s, &scores);
    }
    Ok(n)
}

/// A bot whose decisions are counted and, for search bots, timed (reading the clock twice per
/// decision would double the cost of a random bot's decision, which `simulate` measures).
pub struct Timed<G: Catalog> {
    inner: Seated<G>,
    search: bool,
    /// Whether `inner` is the engine's random bot (spec `random`), whose draw is then made
    /// here ([`Timed::random`]).
    random: bool,
    /// Decisions taken.
    pub decisions: u64,
    /// Wall time of each decision of a search bot, whether it had more than one legal action,
    /// and its phase ([`cards_core::GameState::phase`]).
    pub times: Vec<(Duration, bool, &'static str)>,
    /// The seat's own random stream ([`Timed::stream`]), drawn from instead of the play's.
    own: Option<GameRng>,
}

impl<G: Catalog> std::fmt::Debug for Timed<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Timed")
            .field("search", &self.search)
            .field("decisions", &self.decisions)
            .field("times", &self.times.len())
            .finish_non_exhaustive()
    }
}

impl<G: Catalog> Timed<G> {
    /// Counts the decisions of `inner`, and times them when `search` is set.
    pub fn new(inner: Seated<G>, search: bool) -> Self {
        Timed {
            inner,
            search,
            random: false,
            decisions: 0,
            times: Vec::new(),
            own: None,
        }
    }

    /// Gives the seat a random stream of its own, seeded with `seed`: its decisions draw from
    /// it and never from the generator the play passes. `cards simulate` seeds a seat's stream
    /// from the deal and the seat alone, so the bots that sit at one seat in the seatings of a
    /// deal draw from the same stream (common random numbers): where they would choose alike
    /// they do, and the paired difference of the seatings keeps only what the bots' own
    /// choices change.
    pub fn stream(mut self, seed: u64) -> Self {
        self.own = Some(cards_core::rng::rng_from_seed(seed));
        self
    }

    /// Marks `inner` as the engine's random bot ([`RandomBot`], which a `random` spec seats):
    /// its decisions are then drawn here, by a direct call of [`RandomBot`]'s `choose` (the
    /// same draw from the same generator), rather than through the [`Seated`] match and the
    /// `dyn Bot` call, which cost a random playout about 30 instructions an action. Only for a
    /// seat whose spec is `random`.
    pub fn random(mut self, random: bool) -> Self {
        self.random = random;
        self
    }

    /// A decision of any seat but a random one without a stream of its own: a search bot's
    /// timed, the others' as they come.
    #[inline(never)]
    fn choose_other(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        let mut own = self.own.take();
        let rng = own.as_mut().unwrap_or(rng);
        let i = if self.random {
            Bot::<G>::choose(&mut RandomBot, decision, rng)
        } else if !self.search {
            self.inner.choose(decision, rng)
        } else {
            let start = Instant::now();
            let i = self.inner.choose(decision, rng);
            self.times.push((
                start.elapsed(),
                decision.legal().len() > 1,
                decision.phase(),
            ));
            i
        };
        self.own = own;
        i
    }
}

impl<G: Catalog> Timed<G> {
    /// What its program's run has been so far ([`Seated::report`]).
    pub fn report(&self) -> crate::exec::ProgramReport {
        self.inner.report()
    }

    /// The bot it times.
    pub fn into_inner(self) -> Seated<G> {
        self.inner
    }
}

/// Whether a spec names a search bot (whose think time is measured): [`BotSpec::is_search`].
pub fn is_search(spec: &BotSpec) -> bool {
    spec.is_search()
}

impl<G: Catalog> Bot<G> for Timed<G> {
    fn name(&self) -> &str {
        self.inner.name()
    }

    // Inlined into the play loop, so that a random seat's draw is made there (a plain
    // `#[inline]` was not taken).
    #[allow(clippy::inline_always)]
    #[inline(always)]
    fn choose(&mut self, decision: &Decision<'_, G>, rng: &mut GameRng) -> usize {
        self.decisions += 1;
        if self.random && self.own.is_none() {
            return Bot::<G>::choose(&mut RandomBot, decision, rng);
        }
        self.choose_other(decision, rng)
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
    use game_cego::Cego;
    use game_contract_rummy::ContractRummy;

    #[test]
    fn play_gives_every_search_kind_without_a_budget_the_play_budget() {
        for text in ["ismcts", "ismcts:iters=50", "pimc:worlds=4"] {
            let spec = BotSpec::parse::<Cego>(text).unwrap();
            assert_eq!(for_play(&spec).millis(), Some(PLAY_MS), "{text}");
        }
        for text in ["random", "heuristic", "ismcts:ms=20", "pimc:ms=30"] {
            let spec = BotSpec::parse::<Cego>(text).unwrap();
            assert_eq!(for_play(&spec), spec, "{text}");
        }
        let pimc = BotSpec::parse::<Cego>("pimc").unwrap();
        assert!(play_bot::<Cego>(&pimc).is_ok());
        assert!(BotSpec::parse::<game_big_a::BigA>("pimc").is_err());
        // A kind that takes no `ms` is seated as given.
        let planner = BotSpec::parse::<ContractRummy>("planner").unwrap();
        assert_eq!(for_play(&planner), planner);
        assert!(play_bot::<ContractRummy>(&planner).is_ok());
    }

    #[test]
    fn expert_is_each_game_s_own_strongest_bot_under_one_name() {
        use cards_core::search::Search;
        use cards_core::{Decision, Game, rng::rng_from_seed};
        use game_grosse_kleine_a::GrosseKleineA;
        // Grosse/kleine A's expert searches its own options' iterations at a decision.
        let spec = BotSpec::parse::<GrosseKleineA>("expert:seed=1").unwrap();
        let mut expert = bot::<GrosseKleineA>(&spec).unwrap();
        assert_eq!(expert.name(), "expert:seed=1");
        let config = <GrosseKleineA as Game>::Config::default();
        let mut state = GrosseKleineA::new(&config, 3).unwrap();
        let mut rng = rng_from_seed(2);
        let mut heuristic = GrosseKleineA::heuristic_bot();
        loop {
            let seat = GrosseKleineA::to_move(&state).unwrap();
            let legal = GrosseKleineA::legal_actions(&state);
            let decision = Decision::new(&state, seat, &legal);
            if legal.len() > 1 {
                let i = expert.choose(&decision, &mut rng);
                assert!(i < legal.len());
                break;
            }
            let i = heuristic.choose(&decision, &mut rng);
            GrosseKleineA::apply(&mut state, &legal[i]).unwrap();
        }
        assert_eq!(
            expert.iterations(),
            u64::from(GrosseKleineA::expert_options().iterations)
        );
        assert!(GrosseKleineA::expert_options().iterations > 1000);
        // Cego's is PIMC, under the name `expert`.
        let cego = bot::<Cego>(&BotSpec::parse::<Cego>("expert").unwrap()).unwrap();
        assert_eq!(cego.name(), "expert");
        // The ladder's levels are specs every game reads.
        let levels = |own: &[BotKind]| -> Vec<String> {
            ladder(own)
                .into_iter()
                .map(|l| format!("{}={}", l.level, l.spec))
                .collect()
        };
        assert_eq!(
            levels(Cego::game_bot_kinds()),
            [
                "easy=random",
                "medium=heuristic",
                "hard=ismcts:iters=200",
                "expert=expert"
            ]
        );
        // 3 to 13's own quick bot, the planner, is its hard level.
        assert_eq!(
            levels(ContractRummy::game_bot_kinds()),
            [
                "easy=random",
                "medium=heuristic",
                "hard=planner",
                "expert=expert"
            ]
        );
        for l in ladder(ContractRummy::game_bot_kinds()) {
            assert!(
                BotSpec::parse::<ContractRummy>(&l.spec).is_ok(),
                "{}",
                l.spec
            );
        }
    }
}
