//! How well open-hand solves judge the calls of Ulti and Piccolo (issue 16, the PIMC bot's
//! auction). Four ISMCTS bots (1000 iterations) bid and play seeded single deals; wherever a
//! seat may call Ulti, or forehand may open with Piccolo, the example solves the call in 40
//! worlds drawn from the seat's view, and plays the call out on the true deal with four
//! ISMCTS bots (what the call would really have paid). It prints, per share of won worlds,
//! how many such calls there were, their mean payment when played out, how many of those won,
//! and how many of them the ISMCTS bot itself made.
//!
//! `cargo run --release -p game-cego --example special_calls [DEALS]` (default 400; two
//! threads; about 7 minutes on the project's machine).

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::search::Ismcts;
use cards_core::{Bot, Decision, Game};
use game_cego::{Action, Cego, Config, Contract, Solver, State};

/// One judged call: contract, worlds won of 40, payment played out, made by the bot.
type Row = (Contract, u32, f64, bool);

fn play_out(mut s: State, seed: u64) -> State {
    let mut rng = rng_from_seed(seed);
    let mut bots: Vec<Ismcts<Cego>> = (0..4)
        .map(|_| Ismcts::new(Cego::search_defaults()))
        .collect();
    while let Some(seat) = Cego::to_move(&s) {
        let legal = Cego::legal_actions(&s);
        let i = bots[seat.index()].choose(&Decision::new(&s, seat, &legal), &mut rng);
        if Cego::apply(&mut s, &legal[i]).is_err() {
            break;
        }
    }
    s
}

fn deal(k: u64) -> Vec<Row> {
    let seed = derive_seed(7, k);
    let config = Config::default().single_deal();
    let Ok(mut s) = Cego::new(&config, seed) else {
        return Vec::new();
    };
    let mut rng = rng_from_seed(seed ^ 0x63);
    let mut bots: Vec<Ismcts<Cego>> = (0..4)
        .map(|_| Ismcts::new(Cego::search_defaults()))
        .collect();
    let mut rows = Vec::new();
    let mut solver = Solver::new();
    while let Some(seat) = Cego::to_move(&s) {
        let legal = Cego::legal_actions(&s);
        let i = bots[seat.index()].choose(&Decision::new(&s, seat, &legal), &mut rng);
        let opening =
            legal.contains(&Action::Bid(Contract::Cego)) && !legal.contains(&Action::Pass);
        for (j, a) in legal.iter().enumerate() {
            let Action::Bid(c) = *a else { continue };
            if !(c == Contract::Ulti || (opening && c == Contract::Piccolo)) {
                continue;
            }
            let decision = Decision::<Cego>::new(&s, seat, &legal);
            let mut wrng = rng_from_seed(seed ^ 0x4d2);
            let mut won = 0;
            for _ in 0..40 {
                let mut w = decision.determinize(&mut wrng);
                if Cego::apply(&mut w, a).is_err() || solver.load(&w).is_err() {
                    continue;
                }
                solver.set_node_budget(Some(2_000_000));
                won += u32::from(solver.value().is_ok_and(|v| v > 0));
            }
            let mut p = s.clone();
            if Cego::apply(&mut p, a).is_ok() {
                let end = play_out(p, seed ^ 0x10e1);
                rows.push((c, won, Cego::scores(&end)[seat], i == j));
            }
        }
        if Cego::apply(&mut s, &legal[i]).is_err() {
            break;
        }
    }
    rows
}

fn main() {
    let deals: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(400);
    let rows: Vec<Row> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2u64)
            .map(|t| scope.spawn(move || (t..deals).step_by(2).flat_map(deal).collect::<Vec<_>>()))
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    println!("{deals} deals bid and played by ismcts:iters=1000");
    for contract in [Contract::Ulti, Contract::Piccolo] {
        println!("{contract:?}: won worlds of 40 | calls | mean payment | won | called by ISMCTS");
        for (lo, hi) in [(0, 0), (1, 1), (2, 2), (3, 4), (5, 8), (9, 16), (17, 40)] {
            let b: Vec<&Row> = rows
                .iter()
                .filter(|r| r.0 == contract && (lo..=hi).contains(&r.1))
                .collect();
            if b.is_empty() {
                continue;
            }
            #[allow(clippy::cast_precision_loss)] // a few hundred calls
            let mean = b.iter().map(|r| r.2).sum::<f64>() / b.len() as f64;
            let won = b.iter().filter(|r| r.2 > 0.0).count();
            let called = b.iter().filter(|r| r.3).count();
            println!(
                "  {lo:2}-{hi:2} | {:4} | {mean:8.1} | {won:4} | {called:4}",
                b.len()
            );
        }
    }
}
