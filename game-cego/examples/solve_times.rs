//! Times of the open-hand solver (issue 16): for random deals of each contract, the exact
//! value of the whole card play from its first card (from trick 3 after a double lead), the
//! card values at the first decision of the last 7 tricks, and the card payments there (what
//! the PIMC bot asks in each world). Auctions are steered to the contract; discards and play
//! before the measured point are the heuristic bot's. At the end, every contract's whole-play
//! solves together: the median, how many within 50 ms, the median nodes.
//!
//! `cargo run --release -p game-cego --example solve_times [DEALS] [TABLE_BITS] [TRICKS]
//! [CONTRACT|all|heuristic] [NODES] [whole]` (default 20 deals of each contract, a table of
//! 2^18 entries, the whole play of 11 tricks, every contract, no node budget; e.g. `... 10 18 9
//! Solo` for the last 9 tricks of 10 Solo deals; `whole` skips the last-7 measures;
//! `heuristic` solves DEALS deals whose auction the heuristic bot bids, in the contracts it
//! comes to). Solves over the node budget are counted apart (and as over the budget in the
//! pooled figures).

// An example program, not library code: long functions are allowed here (issue 30 item 6).
#![allow(clippy::too_many_lines)]

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::rng::{below, derive_seed, rng_from_seed};
use cards_core::{Bot, Decision, Game};
use game_cego::{Action, Cego, Config, Contract, Heuristic, Phase, Solver, State};

/// A deal steered to `contract` (`None`: bid by the heuristic bot too), played by the
/// heuristic bot until `left` tricks are left (at a trick boundary, outside the double lead);
/// `None` if the auction ends elsewhere.
fn deal_of(contract: Option<Contract>, left: u8, seed: u64) -> Option<State> {
    let config = Config::default().single_deal();
    let mut s = Cego::new(&config, seed).ok()?;
    let mut rng = rng_from_seed(seed);
    let mut bot = Heuristic;
    while Cego::to_move(&s).is_some() {
        let d = &s.deal;
        if matches!(d.phase, Phase::Play) {
            if contract.is_some_and(|c| d.contract != Some(c)) {
                return None;
            }
            let first = d.double && d.trick_no == 0;
            if !first && d.tricks[0].len == 0 && d.tricks_per_deal() - d.trick_no <= left {
                return Some(s);
            }
        }
        let legal = Cego::legal_actions(&s);
        let i = if let (Some(contract), Phase::Auction) = (contract, &d.phase) {
            let raise = legal.iter().rposition(|a| match a {
                Action::Bid(c) => {
                    contract.is_counter() && c.is_counter() && *c != Contract::Solo && *c < contract
                }
                Action::Hold => true,
                _ => false,
            });
            legal
                .iter()
                .position(|a| *a == Action::Bid(contract))
                .or(raise)
                .or_else(|| legal.iter().position(|a| *a == Action::Pass))
                .unwrap_or_else(|| below(&mut rng, legal.len() as u64) as usize)
        } else {
            let seat = Cego::to_move(&s)?;
            bot.choose(&Decision::<Cego>::new(&s, seat, &legal), &mut rng)
        };
        Cego::apply(&mut s, &legal[i]).ok()?;
    }
    None
}

fn summary(mut ms: Vec<f64>) -> String {
    if ms.is_empty() {
        return "no deals".to_owned();
    }
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() - 1) as f64 * q).round() as usize];
    format!(
        "median {:8.2} ms  p90 {:8.2} ms  max {:8.2} ms  ({} deals)",
        at(0.5),
        at(0.9),
        ms[ms.len() - 1],
        ms.len()
    )
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let bits: u32 = args.next().and_then(|a| a.parse().ok()).unwrap_or(18);
    let whole: u8 = args.next().and_then(|a| a.parse().ok()).unwrap_or(11);
    let only: Option<String> = args.next().filter(|o| o != "all");
    let budget: Option<u64> = args.next().and_then(|a| a.parse().ok());
    let whole_only = args.next().is_some_and(|a| a == "whole");
    let mut solver = Solver::with_table_bits(bits);
    solver.set_node_budget(budget);
    if only.as_deref() == Some("heuristic") {
        heuristic_mix(&mut solver, deals, whole);
        return;
    }
    let contracts = Contract::ALL;
    // Every contract's whole-play times together (a solve over the budget as infinite).
    let mut pooled = Vec::new();
    let mut pooled_nodes = Vec::new();
    println!("whole card play (value from the first solvable card) / last 7 tricks (card values)");
    for (k, &contract) in contracts.iter().enumerate() {
        if only.as_ref().is_some_and(|o| *o != format!("{contract:?}")) {
            continue;
        }
        for (left, what) in [(whole, "whole"), (7, "last 7"), (7, "pay 7")] {
            if whole_only && what != "whole" {
                continue;
            }
            let mut times = Vec::new();
            let mut nodes = Vec::new();
            let mut over = 0;
            // Every deal's time and nodes, a solve over the budget as infinite.
            let mut all = Vec::new();
            let mut all_nodes = Vec::new();
            let mut g = 0;
            while times.len() + over < deals && g < 3000 * deals as u64 {
                g += 1;
                let Some(s) = deal_of(Some(contract), left, derive_seed(1000 + k as u64, g)) else {
                    continue;
                };
                let start = Instant::now();
                solver.load(&s).expect("card play");
                let ok = if what == "whole" {
                    let seat = Cego::to_move(&s).expect("a seat to move");
                    solver.value_for(seat).is_ok()
                } else if what == "pay 7" {
                    solver.card_payments().is_ok()
                } else {
                    solver.card_values().is_ok()
                };
                if !ok {
                    over += 1;
                    all.push(f64::INFINITY);
                    all_nodes.push(u64::MAX);
                    continue;
                }
                let ms = start.elapsed().as_secs_f64() * 1e3;
                all.push(ms);
                all_nodes.push(solver.nodes());
                times.push(ms);
                nodes.push(solver.nodes() as f64);
            }
            if what == "whole" {
                pooled.extend_from_slice(&all);
                pooled_nodes.extend_from_slice(&all_nodes);
            }
            nodes.sort_by(f64::total_cmp);
            let median_nodes = nodes.get(nodes.len() / 2).copied().unwrap_or(0.0);
            let mean_nodes = nodes.iter().sum::<f64>() / nodes.len().max(1) as f64;
            println!(
                "{:<14} {:<7} {}  median nodes {:>10.0}  mean {:>10.0}{}",
                format!("{contract:?}"),
                what,
                summary(times),
                median_nodes,
                mean_nodes,
                if over > 0 {
                    all.sort_by(f64::total_cmp);
                    let median = all[all.len() / 2];
                    let median = if median.is_finite() {
                        format!("{median:.2} ms")
                    } else {
                        "over the budget".to_owned()
                    };
                    format!(
                        "  ({over} over the node budget, not in the times; median of all {median})"
                    )
                } else {
                    String::new()
                }
            );
        }
    }
    pooled.sort_by(f64::total_cmp);
    if let Some(&median) = pooled.get(pooled.len() / 2) {
        let within = pooled.iter().filter(|&&t| t <= 50.0).count();
        println!(
            "whole play, every deal together: median {median:.2} ms, {within} of {} within 50 ms",
            pooled.len()
        );
        pooled_nodes.sort_unstable();
        println!(
            "median nodes {}, {} within 500k nodes",
            pooled_nodes[pooled_nodes.len() / 2],
            pooled_nodes.iter().filter(|&&n| n <= 500_000).count()
        );
    }
}

/// The whole card play of `deals` deals bid by the heuristic bot too: the contracts as they
/// come in play between such bots (mostly Cego and One Card), not steered.
fn heuristic_mix(solver: &mut Solver, deals: usize, left: u8) {
    let mut all = Vec::new();
    let mut counts = std::collections::BTreeMap::new();
    for g in 1..=deals as u64 {
        let Some(s) = deal_of(None, left, derive_seed(2000, g)) else {
            continue;
        };
        let contract = s
            .deal
            .contract
            .map_or("none".to_owned(), |c| format!("{c:?}"));
        let start = Instant::now();
        solver.load(&s).expect("card play");
        let seat = Cego::to_move(&s).expect("a seat to move");
        let ok = solver.value_for(seat).is_ok();
        let ms = start.elapsed().as_secs_f64() * 1e3;
        let entry = counts.entry(contract).or_insert((0, 0));
        entry.0 += 1;
        if ok {
            all.push(ms);
        } else {
            entry.1 += 1;
            all.push(f64::INFINITY);
        }
    }
    for (contract, (n, over)) in &counts {
        println!("{contract:<20} {n:>4} deals, {over:>4} over the node budget");
    }
    all.sort_by(f64::total_cmp);
    let median = match all.get(all.len() / 2) {
        Some(m) if m.is_finite() => format!("{m:.2} ms"),
        Some(_) => "over the budget".to_owned(),
        None => "no deals".to_owned(),
    };
    let within = all.iter().filter(|&&t| t <= 50.0).count();
    println!(
        "heuristic bids, whole play: median {median}, {within} of {} within 50 ms",
        all.len()
    );
}
