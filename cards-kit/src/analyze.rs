//! `cards analyze LOG`: each decision of a played match weighed from the deciding seat's
//! information only (issue 45 item 4).
//!
//! At every decision of the analysed seats that had a choice, the analysis deals `worlds`
//! worlds that agree with everything that seat knew then ([`cards_core::GameState::determinize`]:
//! the cards it could not see dealt at random), plays each candidate action in each world and
//! the rest of the deal out with the game's heuristic, and scores the candidate by the seat's
//! mean points in that deal. The same worlds and the same rollout chance serve every candidate,
//! so their difference is a paired one. Its chance comes from the analysis's own seed and the
//! decision's number, never from the log's seed: two deals that agree on what the seat saw are
//! analysed alike.
//!
//! The expert's preferred action ([`AnalyzeOptions::expert`]: the game's `expert` in `cards
//! analyze` and on the review page) is asked in a world dealt from the seat's information, the
//! expert told the match's events as that seat saw them, so that it too knows only what the
//! seat knew; it is weighed as a candidate beside the others.
//!
//! The action taken is marked when it loses more than twice the paired difference's standard
//! error against the best candidate (the expert's or another the rollouts value higher), by the share of the deal's stake it throws away (the stake:
//! the mean absolute points the seat's deal ends with over the decision's worlds, at least 1):
//! an inaccuracy from [`INACCURACY`] of the stake, a mistake from [`MISTAKE`], a blunder from
//! [`BLUNDER`], or from [`MISTAKE`] when it turns a deal the seat was winning (the preferred
//! action's points above 0) into one it loses (the taken one's below 0).

use std::io::Write;

use cards_core::rng::{GameRng, rng_from_seed};
use cards_core::{Bot, BotSpec, Catalog, GameEvent as _, GameState, Seat};
use cards_core::{Decision, make_bot};
use serde::Serialize;

use crate::error::CliError;
use crate::log::GameLog;

/// A loss of this share of the deal's stake or more is an inaccuracy.
pub const INACCURACY: f64 = 0.1;
/// A loss of this share of the deal's stake or more is a mistake.
pub const MISTAKE: f64 = 0.25;
/// A loss of this share of the deal's stake or more is a blunder.
pub const BLUNDER: f64 = 0.5;

/// The most candidates weighed at one decision: the action taken, the game's search candidates
/// where it names them (3 to 13's turns have thousands of legal melds), else the legal actions
/// in the game's order.
pub const MAX_CANDIDATES: usize = 24;

/// Asked before each decision is weighed: a guard held while it is weighed (a place on a
/// server's bounded pool of thinking threads), or `None` to stop the analysis there.
pub type Turn = std::sync::Arc<dyn Fn() -> Option<Box<dyn std::any::Any>> + Send + Sync>;

/// Told each decision as soon as it is weighed.
pub type Progress = std::sync::Arc<dyn Fn(&Weighed) + Send + Sync>;

/// What to analyse.
#[derive(Clone, Default)]
pub struct AnalyzeOptions {
    /// Only this seat's decisions; every seat's when `None`.
    pub seat: Option<u8>,
    /// Worlds dealt per decision.
    pub worlds: usize,
    /// The analysis's own chance.
    pub seed: u64,
    /// Taken before each decision is weighed (none: weighed at once).
    pub turn: Option<Turn>,
    /// Told each decision weighed.
    pub progress: Option<Progress>,
    /// The spec of the bot asked for its preferred action at each decision (`expert`: the
    /// game's expert), read against the game's bot kinds; `None`: no bot is asked. A spec with
    /// a time budget (`ms`) is refused: the analysis never reads the clock.
    pub expert: Option<String>,
}

impl std::fmt::Debug for AnalyzeOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AnalyzeOptions")
            .field("seat", &self.seat)
            .field("worlds", &self.worlds)
            .field("seed", &self.seed)
            .field("expert", &self.expert)
            .finish_non_exhaustive()
    }
}

/// How bad an action was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// Lost from [`INACCURACY`] of the stake.
    Inaccuracy,
    /// Lost from [`MISTAKE`] of the stake.
    Mistake,
    /// Lost from [`BLUNDER`] of the stake.
    Blunder,
}

/// One decision, weighed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Weighed {
    /// The action's number in the log, from 1.
    pub number: usize,
    /// The seat that decided.
    pub seat: u8,
    /// The action taken.
    pub taken: String,
    /// Its estimated points for the seat in this deal.
    pub taken_value: f64,
    /// The candidate the rollouts value highest (the one a mark measures the loss against).
    pub best: String,
    /// Its estimated points.
    pub best_value: f64,
    /// The expert's preferred action, when an expert was asked.
    pub expert: Option<String>,
    /// Its estimated points.
    pub expert_value: Option<f64>,
    /// The standard error of the paired difference between the two.
    pub error: f64,
    /// The deal's stake as the seat saw it (mean absolute points, at least 1).
    pub stake: f64,
    /// Candidates weighed.
    pub candidates: usize,
    /// The mark, if the action taken lost enough.
    pub mark: Option<Mark>,
}

/// Analyses every decision of `log` by the chosen seats.
///
/// # Errors
/// [`CliError::BadLog`] for a log that does not replay; [`CliError::Usage`] for a seat the
/// game does not have, or an expert's spec the game cannot make without a clock.
pub fn analyze<G: Catalog>(
    log: &GameLog,
    options: &AnalyzeOptions,
) -> Result<Vec<Weighed>, CliError> {
    let config = crate::log::read_config::<G>(log)?;
    let mut state = <G::State as GameState>::new_seeded(&config, log.seed)
        .map_err(|e| CliError::BadLog(format!("field \"config\": {e}")))?;
    let seats = G::scores(&state).0.len();
    if let Some(seat) = options.seat.filter(|s| usize::from(*s) >= seats) {
        return Err(CliError::Usage(format!(
            "--seat {seat}: this match has seats 0 to {}",
            seats - 1
        )));
    }
    // One expert per analysed seat, told that seat's events only.
    let mut experts: Vec<Option<Box<dyn Bot<G>>>> = (0..seats).map(|_| None).collect();
    if let Some(text) = &options.expert {
        let spec = BotSpec::parse::<G>(text)
            .map_err(|e| CliError::Usage(format!("--expert {text}: {e}")))?;
        for (s, slot) in experts.iter_mut().enumerate() {
            if options.seat.is_none_or(|x| usize::from(x) == s) {
                *slot = Some(
                    make_bot::<G>(&spec, None)
                        .map_err(|e| CliError::Usage(format!("--expert {text}: {e}")))?,
                );
            }
        }
    }
    let mut out = Vec::new();
    let mut legal = Vec::new();
    for (i, text) in log.actions.iter().enumerate() {
        let n = i + 1;
        let Some(seat) = G::to_move(&state) else {
            return Err(CliError::BadLog(format!(
                "action {n} ({text:?}): the match is already over"
            )));
        };
        let action = G::parse_action(&state, text)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}): {e}")))?;
        G::legal_actions_into(&state, &mut legal);
        if legal.len() > 1 && options.seat.is_none_or(|s| s == seat.0) {
            if let Some(taken) = legal.iter().position(|a| *a == action) {
                let turn = match &options.turn {
                    Some(take) => match take() {
                        Some(turn) => Some(turn),
                        None => break,
                    },
                    None => None,
                };
                let expert = experts
                    .get_mut(usize::from(seat.0))
                    .and_then(Option::as_mut)
                    .map(|bot| expert_choice::<G>(&mut **bot, &state, seat, &legal, n, options));
                let weighed = weigh::<G>(&state, seat, &legal, taken, expert, n, options);
                drop(turn);
                if let Some(progress) = &options.progress {
                    progress(&weighed);
                }
                out.push(weighed);
            }
        }
        let events = G::apply(&mut state, &action)
            .map_err(|e| CliError::BadLog(format!("action {n} ({text:?}) by {seat}: {e}")))?;
        for (s, bot) in experts.iter_mut().enumerate() {
            if let Some(bot) = bot.as_mut().filter(|b| b.observes()) {
                let s = Seat(u8::try_from(s).unwrap_or(u8::MAX));
                let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(s)).collect();
                bot.observe(s, &seen);
            }
        }
    }
    Ok(out)
}

/// The seed of a decision's worlds and rollouts (the analysis's seed and the decision's number).
fn decision_seed(options: &AnalyzeOptions, number: usize) -> u64 {
    options
        .seed
        .wrapping_mul(0x9E37_79B9_7F4A_7C15)
        .wrapping_add(number as u64)
}

/// The expert's choice at a decision (an index into `legal`), asked in a world dealt from the
/// seat's information with the decision's own chance: whatever the bot reads of the state it
/// is given, it cannot learn the other hands.
fn expert_choice<G: Catalog>(
    bot: &mut dyn Bot<G>,
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    number: usize,
    options: &AnalyzeOptions,
) -> usize {
    let base = decision_seed(options, number);
    let world = state.determinize(seat, &mut rng_from_seed(base ^ 0xE8_9E27));
    let mut rng = rng_from_seed(base ^ 0xE8_9E27_5EED);
    bot.choose(&Decision::new(&world, seat, legal), &mut rng)
        .min(legal.len().saturating_sub(1))
}

/// The candidates of a decision: the action taken first, then the game's search candidates
/// (or the legal actions), at most [`MAX_CANDIDATES`].
fn candidates<G: Catalog>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    taken: usize,
) -> Vec<usize> {
    let mut named = Vec::new();
    if !G::search_candidates(state, seat, legal, &mut named) {
        named = (0..legal.len()).collect();
    }
    let mut out = vec![taken];
    out.extend(named.into_iter().filter(|&i| i != taken && i < legal.len()));
    out.truncate(MAX_CANDIDATES);
    out
}

/// Weighs one decision (see the module's docs); `expert` is the expert's choice (an index
/// into `legal`), if it was asked.
fn weigh<G: Catalog>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    taken: usize,
    expert: Option<usize>,
    number: usize,
    options: &AnalyzeOptions,
) -> Weighed {
    let mut picks = candidates::<G>(state, seat, legal, taken);
    let expert = expert.map(|choice| {
        picks.iter().position(|&p| p == choice).unwrap_or_else(|| {
            // Weighed beside the action taken, in place of the last candidate if need be.
            picks.truncate(MAX_CANDIDATES - 1);
            picks.insert(1, choice);
            1
        })
    });
    let worlds = options.worlds.max(2);
    let results = points::<G>(
        state,
        seat,
        legal,
        &picks,
        worlds,
        decision_seed(options, number),
    );
    let mut weighed = judge(legal, &picks, &results, number, seat);
    if let Some(at) = expert {
        weighed.expert = Some(legal[picks[at]].to_string());
        weighed.expert_value =
            Some(results[at].iter().sum::<f64>() / results[at].len().max(1) as f64);
    }
    weighed
}

/// `results[c][w]`: the seat's points in the deal after candidate `picks[c]` in world `w` of
/// `worlds` dealt from what the seat knows, played out with the heuristic; `base` seeds the
/// worlds and the rollouts.
fn points<G: Catalog>(
    state: &G::State,
    seat: Seat,
    legal: &[G::Action],
    picks: &[usize],
    worlds: usize,
    base: u64,
) -> Vec<Vec<f64>> {
    let s = usize::from(seat.0);
    let before = G::scores(state).0.get(s).copied().unwrap_or(0.0);
    let mut results = vec![Vec::with_capacity(worlds); picks.len()];
    let mut heuristic = G::heuristic_bot();
    let mut buffer = Vec::new();
    for w in 0..worlds {
        let mut deal_rng = rng_from_seed(base ^ ((w as u64) << 32));
        let world = state.determinize(seat, &mut deal_rng);
        for (c, &pick) in picks.iter().enumerate() {
            let mut play = world.clone();
            let mut rng = rng_from_seed(base ^ ((w as u64) << 32) ^ 0x5EED);
            let points = match G::apply(&mut play, &legal[pick]) {
                Ok(_) => {
                    play_out_deal::<G>(&mut play, &mut *heuristic, &mut buffer, &mut rng);
                    G::scores(&play).0.get(s).copied().unwrap_or(0.0) - before
                }
                // A world where the action is not legal cannot be (the seat saw it legal):
                // counted as nothing gained.
                Err(_) => 0.0,
            };
            results[c].push(points);
        }
    }
    results
}

/// The figures and the mark of a decision from its candidates' points (the action taken is
/// the first candidate).
fn judge<A: std::fmt::Display>(
    legal: &[A],
    picks: &[usize],
    results: &[Vec<f64>],
    number: usize,
    seat: Seat,
) -> Weighed {
    let worlds = results.first().map_or(1, Vec::len).max(2);
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len().max(1) as f64;
    let values: Vec<f64> = results.iter().map(|r| mean(r)).collect();
    let best = (0..picks.len())
        .max_by(|&a, &b| values[a].total_cmp(&values[b]).then(b.cmp(&a)))
        .unwrap_or(0);
    let diffs: Vec<f64> = results[best]
        .iter()
        .zip(&results[0])
        .map(|(b, t)| b - t)
        .collect();
    let d = mean(&diffs);
    let var = diffs.iter().map(|x| (x - d).powi(2)).sum::<f64>() / (diffs.len() - 1) as f64;
    let error = (var / diffs.len() as f64).sqrt();
    let stake = (results.iter().flatten().map(|x| x.abs()).sum::<f64>()
        / (results.len() * worlds) as f64)
        .max(1.0);
    let loss = values[best] - values[0];
    // Turning a deal the seat was winning into one it loses is a blunder from a mistake's loss.
    let thrown = values[best] > 0.0 && values[0] < 0.0;
    let mark = if loss <= 2.0 * error {
        None
    } else if loss >= BLUNDER * stake || (thrown && loss >= MISTAKE * stake) {
        Some(Mark::Blunder)
    } else if loss >= MISTAKE * stake {
        Some(Mark::Mistake)
    } else if loss >= INACCURACY * stake {
        Some(Mark::Inaccuracy)
    } else {
        None
    };
    Weighed {
        number,
        seat: seat.0,
        taken: legal[picks[0]].to_string(),
        taken_value: values[0],
        best: legal[picks[best]].to_string(),
        best_value: values[best],
        expert: None,
        expert_value: None,
        error,
        stake,
        candidates: picks.len(),
        mark,
    }
}

/// Plays `state` on with the heuristic until its deal ends (or the match does).
fn play_out_deal<G: Catalog>(
    state: &mut G::State,
    heuristic: &mut dyn cards_core::bot::Bot<G>,
    legal: &mut Vec<G::Action>,
    rng: &mut GameRng,
) {
    let deals = state.deals_finished();
    // A bound far past any deal's length, against a game that would not end.
    for _ in 0..100_000 {
        if state.deals_finished() != deals {
            return;
        }
        let Some(seat) = G::to_move(state) else {
            return;
        };
        G::legal_actions_into(state, legal);
        if legal.is_empty() {
            return;
        }
        let i = G::rollout_choice(state, seat, legal, rng)
            .unwrap_or_else(|| heuristic.choose(&Decision::new(state, seat, legal), rng));
        let action = legal[i.min(legal.len() - 1)].clone();
        if G::apply(state, &action).is_err() {
            return;
        }
    }
}

/// Writes the analysis as text: a line per decision, the marked ones flagged, and a summary.
///
/// # Errors
/// Output that cannot be written.
pub fn write_text(weighed: &[Weighed], out: &mut dyn Write) -> Result<(), CliError> {
    for w in weighed {
        let flag = match w.mark {
            Some(Mark::Blunder) => " ?? blunder",
            Some(Mark::Mistake) => " ? mistake",
            Some(Mark::Inaccuracy) => " ?! inaccuracy",
            None => "",
        };
        let expert = match (&w.expert, w.expert_value) {
            (Some(e), Some(v)) => format!("  expert {e:<12} {v:+.2}"),
            _ => String::new(),
        };
        writeln!(
            out,
            "{:>4} S{} {:<12} {:+.2}{expert}  best {:<12} {:+.2} (±{:.2}, stake {:.1}){flag}",
            w.number, w.seat, w.taken, w.taken_value, w.best, w.best_value, w.error, w.stake
        )?;
    }
    let count = |m: Mark| weighed.iter().filter(|w| w.mark == Some(m)).count();
    writeln!(
        out,
        "{} decisions weighed: {} inaccuracies, {} mistakes, {} blunders",
        weighed.len(),
        count(Mark::Inaccuracy),
        count(Mark::Mistake),
        count(Mark::Blunder)
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use cards_core::{Game, GameConfig};

    /// A way to pick an action: its index in the legal list of a state.
    type Choose<'a, G> = &'a dyn Fn(&<G as Game>::State, &[<G as Game>::Action]) -> usize;

    /// A single deal of `G` between heuristic bots from `seed`, as a log; `plant` replaces the
    /// action of that number by the legal action the callback picks from the true state.
    fn played<G: Catalog>(seed: u64, plant: Option<(usize, Choose<'_, G>)>) -> GameLog {
        let config = G::Config::default().single_deal();
        let mut state =
            <G::State as GameState>::new_seeded(&config, cards_core::Seed::Short(seed)).unwrap();
        let mut bot = G::heuristic_bot();
        let mut rng = rng_from_seed(seed ^ 0xB07);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while let Some(seat) = G::to_move(&state) {
            G::legal_actions_into(&state, &mut legal);
            let n = actions.len() + 1;
            let i = match plant {
                Some((at, pick)) if at == n => pick(&state, &legal),
                _ => bot.choose(&Decision::new(&state, seat, &legal), &mut rng),
            };
            let action = legal[i].clone();
            actions.push(action.to_string());
            G::apply(&mut state, &action).unwrap();
        }
        crate::log::a_log::<G>(&config, cards_core::Seed::Short(seed), actions, false)
    }

    /// The first `deals` deals of a match of `G` from `seed` where `seat` plays by `choose`
    /// and is told each action's events by `observe`, the others play by the heuristic.
    fn played_by<G: Catalog>(
        seed: u64,
        deals: u32,
        seat: Seat,
        choose: Choose<'_, G>,
        observe: &dyn Fn(&[G::Event]),
    ) -> GameLog {
        let config = G::Config::default();
        let mut state =
            <G::State as GameState>::new_seeded(&config, cards_core::Seed::Short(seed)).unwrap();
        let mut bot = G::heuristic_bot();
        let mut rng = rng_from_seed(seed ^ 0xB07);
        let mut actions = Vec::new();
        let mut legal = Vec::new();
        while let Some(mover) = G::to_move(&state) {
            if state.deals_finished() >= deals {
                break;
            }
            G::legal_actions_into(&state, &mut legal);
            let i = if mover == seat && legal.len() > 1 {
                choose(&state, &legal)
            } else {
                bot.choose(&Decision::new(&state, mover, &legal), &mut rng)
            };
            let action = legal[i].clone();
            actions.push(action.to_string());
            observe(&G::apply(&mut state, &action).unwrap());
        }
        crate::log::a_log::<G>(&config, cards_core::Seed::Short(seed), actions, true)
    }

    /// The first `deals` deals of a match of `G` from `seed` where S0 is the game's expert
    /// (its own chance from `seed`, told S0's events), the others the heuristic.
    fn played_by_the_expert<G: Catalog>(seed: u64, deals: u32) -> GameLog {
        let spec = BotSpec::parse::<G>("expert").unwrap();
        let expert = std::cell::RefCell::new(make_bot::<G>(&spec, None).unwrap());
        let rng = std::cell::RefCell::new(rng_from_seed(seed ^ 0xE8));
        let choose = |state: &G::State, legal: &[G::Action]| {
            let decision = Decision::new(state, Seat(0), legal);
            expert.borrow_mut().choose(&decision, &mut rng.borrow_mut())
        };
        let observe = |events: &[G::Event]| {
            let mut expert = expert.borrow_mut();
            if expert.observes() {
                let seen: Vec<G::Event> = events.iter().filter_map(|e| e.redact(Seat(0))).collect();
                expert.observe(Seat(0), &seen);
            }
        };
        played_by::<G>(seed, deals, Seat(0), &choose, &observe)
    }

    fn options(seat: Option<u8>) -> AnalyzeOptions {
        AnalyzeOptions {
            seat,
            worlds: 24,
            seed: 7,
            ..AnalyzeOptions::default()
        }
    }

    #[test]
    fn a_planted_blunder_that_throws_a_won_deal_away_is_flagged_as_one() {
        // In Cego deals of heuristic bots: the first card-play decision where the action
        // played wins the deal for its seat and another legal action loses it, 15 points or
        // more apart, as 400 worlds dealt from the seat's own information say (seeds other than
        // the analysis's). That other action is planted, and the analysis (48 worlds of its own)
        // flags it as a blunder.
        type G = game_cego::Cego;
        let mut planted = 0;
        for seed in 1..=20u64 {
            let log = played::<G>(seed, None);
            let config = crate::log::read_config::<G>(&log).unwrap();
            let mut state =
                <<G as Game>::State as GameState>::new_seeded(&config, log.seed).unwrap();
            let mut legal = Vec::new();
            let mut found = None;
            for (i, text) in log.actions.iter().enumerate() {
                let action = G::parse_action(&state, text).unwrap();
                G::legal_actions_into(&state, &mut legal);
                let seat = G::to_move(&state).unwrap();
                if legal.len() > 1 && state.phase() == "play" {
                    let all: Vec<usize> = (0..legal.len()).collect();
                    let values: Vec<f64> = points::<G>(&state, seat, &legal, &all, 400, 0xD1FF)
                        .iter()
                        .map(|r| r.iter().sum::<f64>() / r.len() as f64)
                        .collect();
                    let taken = legal.iter().position(|a| *a == action).unwrap();
                    let (worst, low) = values
                        .iter()
                        .enumerate()
                        .min_by(|a, b| a.1.total_cmp(b.1))
                        .map(|(i, v)| (i, *v))
                        .unwrap();
                    if values[taken] > 0.0 && low < 0.0 && values[taken] - low >= 15.0 {
                        found = Some((i + 1, worst));
                        break;
                    }
                }
                G::apply(&mut state, &action).unwrap();
            }
            let Some((number, worst)) = found else {
                continue;
            };
            let pick = move |_: &<G as Game>::State, _: &[<G as Game>::Action]| worst;
            let log = played::<G>(seed, Some((number, &pick)));
            let weighed = analyze::<G>(
                &log,
                &AnalyzeOptions {
                    seat: None,
                    worlds: 48,
                    seed: 3,
                    ..AnalyzeOptions::default()
                },
            )
            .unwrap();
            let decision = weighed.iter().find(|w| w.number == number).unwrap();
            println!("seed {seed}: {decision:?}");
            assert_eq!(
                decision.mark,
                Some(Mark::Blunder),
                "seed {seed}, action {number}: {decision:?}"
            );
            // The game's expert, asked at the same decision, prefers another move worth more,
            // and the planted one is still a blunder.
            let by_expert = analyze::<G>(
                &log,
                &AnalyzeOptions {
                    seat: Some(decision.seat),
                    worlds: 48,
                    seed: 3,
                    expert: Some("expert".to_owned()),
                    ..AnalyzeOptions::default()
                },
            )
            .unwrap();
            let decision = by_expert.iter().find(|w| w.number == number).unwrap();
            println!("seed {seed}, the expert: {decision:?}");
            let (Some(expert), Some(value)) = (&decision.expert, decision.expert_value) else {
                panic!("seed {seed}: no expert's move in {decision:?}");
            };
            assert_ne!(expert, &decision.taken, "seed {seed}");
            assert!(value > decision.taken_value, "seed {seed}: {decision:?}");
            assert_eq!(
                decision.mark,
                Some(Mark::Blunder),
                "seed {seed}, action {number}, the expert: {decision:?}"
            );
            planted += 1;
        }
        assert!(planted >= 3, "{planted} blunders planted");
    }

    /// S0's decisions in the logs `log(seed)` of `seeds`, analysed with `options`: how many
    /// were weighed, marked a mistake or worse, and marked at all.
    fn flags<G: Catalog>(
        seeds: std::ops::Range<u64>,
        log: &dyn Fn(u64) -> GameLog,
        options: &AnalyzeOptions,
    ) -> (usize, usize, usize) {
        let (mut weighed, mut flagged, mut any) = (0, 0, 0);
        for seed in seeds {
            for w in analyze::<G>(&log(seed), options).unwrap() {
                assert_eq!(w.expert.is_some(), options.expert.is_some(), "{w:?}");
                weighed += 1;
                flagged += usize::from(matches!(w.mark, Some(Mark::Mistake | Mark::Blunder)));
                any += usize::from(w.mark.is_some());
            }
        }
        println!(
            "{}: {flagged} of {weighed} marked a mistake or worse, {any} marked",
            G::NAME
        );
        (weighed, flagged, any)
    }

    /// The games' [`flags`] together: at least 50 decisions, at most one in 20 marked a
    /// mistake or worse.
    fn rarely_flagged(per_game: [(usize, usize, usize); 5]) {
        let (weighed, flagged, any) = per_game
            .iter()
            .fold((0, 0, 0), |t, g| (t.0 + g.0, t.1 + g.1, t.2 + g.2));
        println!("all: {flagged} of {weighed} marked a mistake or worse, {any} marked");
        assert!(weighed >= 50, "{weighed} decisions");
        assert!(flagged * 20 <= weighed, "{flagged} of {weighed}");
    }

    #[test]
    fn the_experts_own_moves_are_rarely_flagged() {
        // S0 plays the action the analysis prefers (its own worlds), the others the heuristic;
        // the analysis of S0 with other worlds flags few of those moves as mistakes.
        fn check<G: Catalog>(seeds: std::ops::Range<u64>, deals: u32) -> (usize, usize, usize) {
            let log = |seed: u64| {
                let expert = |state: &G::State, legal: &[G::Action]| -> usize {
                    let seat = G::to_move(state).unwrap();
                    let picks = candidates::<G>(state, seat, legal, 0);
                    let results = points::<G>(state, seat, legal, &picks, 24, seed ^ 0xE);
                    let w = judge(legal, &picks, &results, 0, seat);
                    legal
                        .iter()
                        .position(|a| a.to_string() == w.best)
                        .unwrap_or(0)
                };
                played_by::<G>(seed, deals, Seat(0), &expert, &|_| {})
            };
            flags::<G>(seeds, &log, &options(Some(0)))
        }
        rarely_flagged([
            check::<game_cego::Cego>(1..4, 1),
            check::<game_big_a::BigA>(1..3, 1),
            check::<game_einer_ist_immer::EinerIstImmer>(1..4, 1),
            check::<game_grosse_kleine_a::GrosseKleineA>(1..4, 1),
            check::<game_contract_rummy::ContractRummy>(1..2, 3),
        ]);
    }

    #[test]
    fn the_experts_own_moves_are_rarely_flagged_against_the_expert() {
        // S0 is the game's expert (with its own chance), the others the heuristic; the
        // analysis of S0 asking the expert (with the analysis's chance) flags few of its moves.
        fn check<G: Catalog>(seeds: std::ops::Range<u64>, deals: u32) -> (usize, usize, usize) {
            let options = AnalyzeOptions {
                expert: Some("expert".to_owned()),
                ..options(Some(0))
            };
            flags::<G>(
                seeds,
                &|seed| played_by_the_expert::<G>(seed, deals),
                &options,
            )
        }
        rarely_flagged([
            check::<game_cego::Cego>(1..4, 1),
            check::<game_big_a::BigA>(1..2, 1),
            check::<game_einer_ist_immer::EinerIstImmer>(1..3, 1),
            check::<game_grosse_kleine_a::GrosseKleineA>(1..3, 1),
            check::<game_contract_rummy::ContractRummy>(1..2, 2),
        ]);
    }

    #[test]
    fn the_expert_is_asked_from_the_seats_information_only() {
        // The expert's preferred move at a decision, asked of a fresh expert from the true
        // state or from another deal of the hidden cards that agrees with everything the seat
        // saw, is the same, and so are the figures; an expert with a clock is refused.
        fn check<G: Catalog>() {
            let log = played::<G>(12, None);
            let config = crate::log::read_config::<G>(&log).unwrap();
            let mut state = <G::State as GameState>::new_seeded(&config, log.seed).unwrap();
            let spec = BotSpec::parse::<G>("expert").unwrap();
            let options = AnalyzeOptions {
                expert: Some("expert".to_owned()),
                ..options(None)
            };
            let mut legal = Vec::new();
            let mut checked = 0;
            for (i, text) in log.actions.iter().enumerate() {
                let seat = G::to_move(&state).unwrap();
                let action = G::parse_action(&state, text).unwrap();
                G::legal_actions_into(&state, &mut legal);
                if legal.len() > 1 && checked < 2 {
                    let taken = legal.iter().position(|a| *a == action).unwrap();
                    let weigh_in = |s: &G::State| {
                        let mut bot = make_bot::<G>(&spec, None).unwrap();
                        let choice =
                            expert_choice::<G>(&mut *bot, s, seat, &legal, i + 1, &options);
                        weigh::<G>(s, seat, &legal, taken, Some(choice), i + 1, &options)
                    };
                    let truth = weigh_in(&state);
                    let other = state.determinize(seat, &mut rng_from_seed(199 + i as u64));
                    let seen = weigh_in(&other);
                    assert_eq!(truth, seen, "{} action {}", G::NAME, i + 1);
                    assert!(truth.expert.is_some(), "{truth:?}");
                    checked += 1;
                }
                G::apply(&mut state, &action).unwrap();
            }
            assert_eq!(checked, 2, "{}", G::NAME);
            let refused = analyze::<G>(
                &log,
                &AnalyzeOptions {
                    expert: Some("ismcts:ms=100".to_owned()),
                    ..options
                },
            );
            assert!(
                matches!(&refused, Err(CliError::Usage(m)) if m.contains("ms=100")),
                "{refused:?}"
            );
        }
        check::<game_cego::Cego>();
        check::<game_big_a::BigA>();
        check::<game_einer_ist_immer::EinerIstImmer>();
        check::<game_grosse_kleine_a::GrosseKleineA>();
        check::<game_contract_rummy::ContractRummy>();
    }

    #[test]
    fn a_seats_analysis_sees_only_what_the_seat_saw() {
        // Weighing a decision from the true state, or from another deal of the hidden cards
        // that agrees with everything the seat saw, gives the same figures.
        fn check<G: Catalog>() {
            let log = played::<G>(11, None);
            let config = crate::log::read_config::<G>(&log).unwrap();
            let mut state = <G::State as GameState>::new_seeded(&config, log.seed).unwrap();
            let mut legal = Vec::new();
            let mut checked = 0;
            for (i, text) in log.actions.iter().enumerate() {
                let seat = G::to_move(&state).unwrap();
                let action = G::parse_action(&state, text).unwrap();
                G::legal_actions_into(&state, &mut legal);
                if legal.len() > 1 && checked < 3 {
                    let taken = legal.iter().position(|a| *a == action).unwrap();
                    let truth =
                        weigh::<G>(&state, seat, &legal, taken, None, i + 1, &options(None));
                    let other = state.determinize(seat, &mut rng_from_seed(99 + i as u64));
                    let mut other_legal = Vec::new();
                    G::legal_actions_into(&other, &mut other_legal);
                    assert_eq!(other_legal, legal, "{}: the seat's choices", G::NAME);
                    let seen = weigh::<G>(&other, seat, &legal, taken, None, i + 1, &options(None));
                    assert_eq!(truth, seen, "{} action {}", G::NAME, i + 1);
                    checked += 1;
                }
                G::apply(&mut state, &action).unwrap();
            }
            assert_eq!(checked, 3, "{}", G::NAME);
        }
        check::<game_cego::Cego>();
        check::<game_big_a::BigA>();
        check::<game_einer_ist_immer::EinerIstImmer>();
        check::<game_grosse_kleine_a::GrosseKleineA>();
        check::<game_contract_rummy::ContractRummy>();
    }
}
