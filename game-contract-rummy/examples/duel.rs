//! Duplicate single deals of round 1 between a bot and the heuristic bot, seats alternating
//! (A, heuristic, A, heuristic and the rotation by one seat), as `cards simulate` plays them,
//! for trying search settings without the CLI.
//!
//! `cargo run --release -p game-contract-rummy --example duel -- DEALS SPEC [THREADS] [FIRST]`
//! where SPEC is `planner` or a bot spec (`heuristic`, `ismcts:iters=1000`, ...), FIRST the
//! first deal's seed (1). With
//! `DIFF=1` in the environment it prints every decision where the bot and the planner part.

use std::time::Instant;

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::rng::rng_from_seed;
use cards_core::{Bot, Decision, Game};
use cards_core::{BotSpec, make_bot};
use game_contract_rummy::{ContractRummy, Planner};

fn bot(spec: &str) -> Box<dyn Bot<ContractRummy>> {
    if spec == "planner" {
        Box::new(Planner)
    } else {
        let spec = BotSpec::parse::<ContractRummy>(spec).expect("a bot spec");
        make_bot::<ContractRummy>(&spec, None).expect("a bot")
    }
}

/// Per deal and rotation: the points of the A seats and of the heuristic seats, think times.
fn play(deal: u64, spec: &str) -> (Vec<f64>, Vec<f64>, Vec<f64>) {
    let config = (<ContractRummy as Game>::Config::default()).single_deal();
    let (mut a, mut h, mut times) = (Vec::new(), Vec::new(), Vec::new());
    for rot in 0..2u64 {
        let mut state = ContractRummy::new(&config, deal).expect("a deal");
        let mut bots: Vec<Box<dyn Bot<ContractRummy>>> = (0..4)
            .map(|s| {
                if (s + rot) % 2 == 0 {
                    bot(spec)
                } else {
                    ContractRummy::heuristic_bot()
                }
            })
            .collect();
        let mut rng = rng_from_seed(deal * 1000 + rot);
        while let Some(seat) = ContractRummy::to_move(&state) {
            let legal = ContractRummy::legal_actions(&state);
            let t = Instant::now();
            let i = bots[seat.index()].choose(&Decision::new(&state, seat, &legal), &mut rng);
            if (seat.index() as u64 + rot) % 2 == 0 && legal.len() > 1 {
                times.push(t.elapsed().as_secs_f64() * 1e3);
                if std::env::var_os("DIFF").is_some() {
                    let p = Planner.choose(&Decision::new(&state, seat, &legal), &mut rng);
                    if p != i {
                        eprintln!(
                            "deal {deal} rot {rot} {seat}: hand {} | counts {:?} stock {} melds {} | planner {} | search {}",
                            state
                                .hand(seat)
                                .iter()
                                .map(|c| c.to_string())
                                .collect::<Vec<_>>()
                                .join(" "),
                            (0..4)
                                .map(|s| state.hand(cards_core::Seat(s)).len())
                                .collect::<Vec<_>>(),
                            state.stock_len(),
                            state.melds().len(),
                            legal[p],
                            legal[i]
                        );
                    }
                }
            }
            ContractRummy::apply(&mut state, &legal[i]).expect("legal");
        }
        for (seat, score) in ContractRummy::scores(&state).iter() {
            if (seat.index() as u64 + rot) % 2 == 0 {
                a.push(*score);
            } else {
                h.push(*score);
            }
        }
    }
    (a, h, times)
}

fn stats(v: &[f64]) -> (f64, f64) {
    let n = v.len() as f64;
    let m = v.iter().sum::<f64>() / n;
    let var = v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, 1.96 * (var / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let deals: u64 = args.first().and_then(|a| a.parse().ok()).unwrap_or(20);
    let spec = args.get(1).cloned().unwrap_or_else(|| "planner".into());
    let threads: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let first: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1);
    let start = Instant::now();
    let results: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let spec = spec.clone();
                s.spawn(move || {
                    (first..first + deals)
                        .filter(|d| d % threads == t)
                        .map(|d| play(d, &spec))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let (mut a, mut h, mut t) = (Vec::new(), Vec::new(), Vec::new());
    // Paired per deal: the difference of the two kinds' means on the same cards.
    let mut diff = Vec::new();
    for (x, y, z) in results {
        diff.push(x.iter().sum::<f64>() / x.len() as f64 - y.iter().sum::<f64>() / y.len() as f64);
        a.extend(x);
        h.extend(y);
        t.extend(z);
    }
    t.sort_by(f64::total_cmp);
    let (am, ac) = stats(&a);
    let (hm, hc) = stats(&h);
    let (dm, dc) = stats(&diff);
    println!(
        "{spec}: {am:.2} ± {ac:.2} | heuristic {hm:.2} ± {hc:.2} | paired diff {dm:.2} ± {dc:.2} | deals {deals} | median think {:.1} ms (n {}) | {:.0} s",
        t.get(t.len() / 2).copied().unwrap_or(0.0),
        t.len(),
        start.elapsed().as_secs_f64()
    );
}
