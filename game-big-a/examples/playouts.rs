//! Random playouts, timed per action, for profiling the playout path and comparing it with
//! OpenSpiel's native C++ rollouts.
//!
//! `cargo run --release -p game-big-a --example playouts -- [PLAYS] [SEED] [MODE]`
//!
//! MODE (default `deals`) says what is timed, each over `PLAYS` deals:
//!
//! - `deals`: whole deals as `cards simulate big-a --bots random` plays them: a fresh deal per
//!   play (`BigA::new`, its pack shuffled), five boxed random bots, `play_out` (legal actions,
//!   the bot's choice, apply with the events collected and cleared). The actions counted are
//!   every decision of the deal: 103 draws (pass or expose), the five pick-up answers and card
//!   play. Dealing happens inside `new`, so no chance action is counted.
//! - `play`: card play only: each deal is first played by random bots up to its first play
//!   (untimed), then, timed, the state is cloned and played out with a plain loop:
//!   `legal_actions_into` into a reused vector, a uniform choice with `below`, `apply_unchecked`
//!   with the events collected and cleared. The harder half of the actions.
//! - `anchor`: the method of `openspiel_anchor.py rollout` (median ns per action over uniform
//!   random rollouts, one Clone per rollout, LegalActions and ApplyAction per action): 16 deals
//!   taken to their first decision with two or more legal actions, rollouts from them (clone,
//!   then the loop of `play`) sized to 0.4 s, the median of three seeds. From such a decision
//!   most of the draw is still ahead, so the cheap draw actions are counted too, as the
//!   auction is in OpenSpiel's `dou_dizhu`.
//! - `all`: the three.

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::bot::{Bot, RandomBot, play_out};
use cards_core::rng::{GameRng, below, derive_seed, rng_from_seed};
use cards_core::{Game, PerSeat};
use game_big_a::{Action, BigA, Config, Event, Phase, State};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let plays = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let plays = plays.unwrap_or(10_000);
    let seed = args.next().map(|a| a.parse::<u64>()).transpose()?;
    let seed = seed.unwrap_or(1);
    let mode = args.next().unwrap_or_else(|| "deals".into());
    let all = mode == "all";
    let mut known = all;
    if all || mode == "deals" {
        known = true;
        deals(plays, seed)?;
    }
    if all || mode == "play" {
        known = true;
        card_play(plays, seed);
    }
    if all || mode == "anchor" {
        known = true;
        anchor(seed);
    }
    if !known {
        return Err(format!("unknown mode {mode} (deals, play, anchor or all)").into());
    }
    Ok(())
}

fn config() -> Config {
    Config::default().single_deal()
}

/// Whole deals as `cards simulate` plays them.
fn deals(plays: u64, seed: u64) -> Result<(), Box<dyn std::error::Error>> {
    let config = config();
    let start = Instant::now();
    let mut actions = 0usize;
    for g in 0..plays {
        let deal_seed = derive_seed(seed, g / 5);
        let mut state = BigA::new(&config, deal_seed)?;
        let mut bots: PerSeat<Box<dyn Bot<BigA>>> =
            PerSeat::from_fn(5, |_| Box::new(RandomBot) as Box<dyn Bot<BigA>>);
        let mut rng = rng_from_seed(derive_seed(deal_seed, 1000 + g % 5));
        actions += play_out::<BigA, _>(&mut state, &mut bots, &mut rng, None)?;
    }
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{plays} plays, {actions} actions, {:.1} ns/action",
        elapsed * 1e9 / actions as f64
    );
    Ok(())
}

/// One uniform random rollout of `root` to the end: clone, then legal actions, a choice and
/// apply per action. Returns the number of actions.
fn rollout(
    root: &State,
    rng: &mut GameRng,
    legal: &mut Vec<Action>,
    events: &mut Vec<Event>,
) -> usize {
    let mut state = root.clone();
    let mut n = 0;
    while BigA::to_move(&state).is_some() {
        BigA::legal_actions_into(&state, legal);
        let i = below(rng, legal.len() as u64) as usize;
        events.clear();
        BigA::apply_unchecked(&mut state, &legal[i], events);
        n += 1;
    }
    n
}

/// Plays random actions from `state` until `stop` holds (or the deal ends).
fn advance(state: &mut State, rng: &mut GameRng, stop: impl Fn(&State, &[Action]) -> bool) {
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    while BigA::to_move(state).is_some() {
        BigA::legal_actions_into(state, &mut legal);
        if stop(state, &legal) {
            return;
        }
        let i = below(rng, legal.len() as u64) as usize;
        BigA::apply_unchecked(state, &legal[i], &mut events);
    }
}

/// Card play only: states at their first play, played out from a clone.
fn card_play(plays: u64, seed: u64) {
    let config = config();
    let mut rng = rng_from_seed(seed);
    let roots: Vec<State> = (0..plays)
        .map(|g| {
            let mut s = BigA::new(&config, derive_seed(seed, g)).expect("valid config");
            advance(&mut s, &mut rng, |s, _| s.phase() == Phase::Play);
            s
        })
        .collect();
    let (mut legal, mut events) = (Vec::new(), Vec::new());
    let start = Instant::now();
    let actions: usize = roots
        .iter()
        .map(|r| rollout(r, &mut rng, &mut legal, &mut events))
        .sum();
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "card play only: {plays} deals from their first play, {actions} actions, {:.1} ns/action",
        elapsed * 1e9 / actions as f64
    );
}

/// `openspiel_anchor.py rollout`'s method: median ns per action of rollouts from 16 deals'
/// first real decisions, sized to 0.4 s, over three seeds.
fn anchor(seed: u64) {
    let config = config();
    let mut xs: Vec<f64> = (0..3)
        .map(|run| {
            let run_seed = derive_seed(seed, 1000 + run);
            let mut rng = rng_from_seed(run_seed);
            let roots: Vec<State> = (0..16)
                .map(|g| {
                    let mut s = BigA::new(&config, derive_seed(run_seed, g)).expect("valid");
                    advance(&mut s, &mut rng, |_, legal| legal.len() >= 2);
                    s
                })
                .collect();
            let (mut legal, mut events) = (Vec::new(), Vec::new());
            let mut run_once = |k: usize| {
                let start = Instant::now();
                let mut actions = 0;
                for r in &roots {
                    for _ in 0..k {
                        actions += rollout(r, &mut rng, &mut legal, &mut events);
                    }
                }
                (start.elapsed().as_secs_f64(), actions)
            };
            // Doubles k until one call takes a budget's eighth, then one call sized to it.
            let budget = 0.4;
            let mut k = 1;
            let (mut dt, _) = run_once(k);
            while dt < budget / 8.0 && k < 1 << 20 {
                k *= 2;
                dt = run_once(k).0;
            }
            let k = ((k as f64 * budget / dt.max(1e-9)) as usize).max(1);
            let (dt, actions) = run_once(k);
            dt * 1e9 / actions as f64
        })
        .collect();
    let runs = xs
        .iter()
        .map(|x| format!("{x:.1}"))
        .collect::<Vec<_>>()
        .join(", ");
    xs.sort_by(f64::total_cmp);
    println!(
        "anchor method: {:.1} ns/action (median of 3: {runs})",
        xs[1]
    );
}
