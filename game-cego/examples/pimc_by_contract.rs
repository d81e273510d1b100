//! Where the PIMC bot's edge over ISMCTS comes from (issue 16): replays the plays of
//! `cards simulate cego --games DEALS --bots SPEC,ismcts:iters=1000 --all-rotations` as it played
//! them before 2026-12-04 (the same deal seeds and seat rotations with its default base seed 1,
//! and one random stream per rotation that every seat drew from in turn; `cards simulate` now
//! gives each seat a stream of its own, `docs/simulate.md`) and splits the PIMC
//! bot's mean payment per seat by the contract played and by which bot was the soloist. The
//! contributions add up to the simulation's mean for the PIMC bot.
//!
//! `cargo run --release -p game-cego --example pimc_by_contract [DEALS] [SPEC]` (defaults 400
//! and `pimc`; two threads; about 13 minutes for 400 deals on the project's machine).

use std::collections::BTreeMap;

use cards_core::BotSpec;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::play_out;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::search::Ismcts;
use cards_core::{Bot, Game, PerSeat};
use game_cego::{Cego, Config, Contract, Pimc, PimcOptions};

/// One play: the contract (`None` when the deal was not played out), whether the soloist was
/// a PIMC seat (`None` in Räuber), the soloist's payment, and the PIMC seats' total.
struct Play {
    contract: Option<Contract>,
    pimc_soloist: Option<bool>,
    soloist: f64,
    pimc: f64,
}

fn play(deal: u64, rotation: u64, options: &PimcOptions) -> Option<Play> {
    let seed = derive_seed(1, deal);
    let mut s = Cego::new(&Config::default().single_deal(), seed).ok()?;
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation));
    // Seats cycle over pimc, ismcts; rotation r shifts them by r.
    let is_pimc = |seat: usize| (seat as u64 + rotation) % 2 == 0;
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |seat| -> Box<dyn Bot<Cego>> {
        if is_pimc(seat.index()) {
            Box::new(Pimc::new(options.clone()))
        } else {
            Box::new(Ismcts::new(Cego::search_defaults()))
        }
    });
    play_out::<Cego, _>(&mut s, &mut bots, &mut rng, None).ok()?;
    // A single deal ends with its contract and soloist still on record.
    let (contract, soloist) = (s.deal.contract, s.deal.soloist);
    let scores = Cego::scores(&s).0;
    Some(Play {
        contract,
        pimc_soloist: soloist.map(|x| is_pimc(x.index())),
        soloist: soloist.map_or(0.0, |x| scores[x.index()]),
        pimc: (0..4).filter(|&i| is_pimc(i)).map(|i| scores[i]).sum(),
    })
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(400);
    let spec = args.next().unwrap_or_else(|| "pimc".to_owned());
    let options = match BotSpec::parse::<game_cego::Cego>(&spec) {
        Ok(BotSpec::Own(own)) => PimcOptions::from_spec(&own),
        Ok(other) => return eprintln!("{other}: not a pimc spec"),
        Err(e) => return eprintln!("{e}"),
    };
    let plays: Vec<Play> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2u64)
            .map(|t| {
                let options = &options;
                scope.spawn(move || {
                    (t..deals)
                        .step_by(2)
                        .flat_map(|d| (0..4).filter_map(move |r| play(d, r, options)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        workers
            .into_iter()
            .flat_map(|w| w.join().unwrap_or_default())
            .collect()
    });
    // Two PIMC seats a play: the mean per seat divides by twice the plays.
    let seats = 2.0 * plays.len() as f64;
    let total: f64 = plays.iter().map(|p| p.pimc).sum();
    println!(
        "{deals} deals, {} plays: {spec} against ismcts:iters=1000, mean per PIMC seat {:+.2}",
        plays.len(),
        total / seats
    );
    println!("contract     | soloist | plays | soloist mean | soloist won | share of PIMC's mean");
    let mut rows: BTreeMap<(String, &str), Vec<&Play>> = BTreeMap::new();
    for p in &plays {
        let c = p.contract.map_or("(none)".to_owned(), |c| format!("{c:?}"));
        let who = match p.pimc_soloist {
            Some(true) => "pimc",
            Some(false) => "ismcts",
            None => "-",
        };
        rows.entry((c, who)).or_default().push(p);
    }
    for ((c, who), ps) in &rows {
        let n = ps.len() as f64;
        let mean = ps.iter().map(|p| p.soloist).sum::<f64>() / n;
        let won = ps.iter().filter(|p| p.soloist > 0.0).count();
        let share = ps.iter().map(|p| p.pimc).sum::<f64>() / seats;
        println!(
            "{c:12} | {who:7} | {:5} | {mean:12.1} | {won:11} | {share:+.2}",
            ps.len()
        );
    }
}
