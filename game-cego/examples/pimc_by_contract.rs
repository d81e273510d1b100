//! Where the PIMC bot's edge over ISMCTS comes from (issue 16): replays the plays of
//! `cards simulate cego --games DEALS --seed SEED --bots SPEC,ismcts:iters=1000` (the same deal
//! seeds, its two distinct seatings, and each seat's random stream of the deal and the seat,
//! `docs/simulate.md`) and splits the PIMC bot's mean payment per seat by the contract played
//! and by which bot was the soloist. The contributions add up to the simulation's mean for the
//! PIMC bot.
//!
//! `cargo run --release -p game-cego --example pimc_by_contract [DEALS] [SPEC] [SEED]`
//! (defaults 400, `pimc` and 1; `expert` is `pimc:from=0`; two threads). The tables of the
//! README's "Where PIMC gains" were measured before 2026-12-04 by its former version, which
//! replayed `--all-rotations` with one random stream per rotation that every seat drew from in
//! turn (the streams `cards simulate` used then).

use std::collections::BTreeMap;

use cards_core::BotSpec;
use cards_core::GameConfig;
use cards_core::Search;
use cards_core::bot::{Decision, play_out};
use cards_core::rng::{GameRng, derive_seed, rng_from_seed};
use cards_core::search::Ismcts;
use cards_core::{Bot, Game, PerSeat, Seat};
use game_cego::{Cego, Config, Contract, Pimc, PimcOptions};

/// One play: the contract (`None` when the deal was not played out), whether the soloist was
/// a PIMC seat (`None` in Räuber), the soloist's payment, and the PIMC seats' total.
struct Play {
    contract: Option<Contract>,
    pimc_soloist: Option<bool>,
    soloist: f64,
    pimc: f64,
}

/// A bot that draws from a random stream of its own, whatever generator the play passes it
/// (as a seat of `cards simulate` does).
struct Streamed {
    bot: Box<dyn Bot<Cego>>,
    rng: GameRng,
}

impl Bot<Cego> for Streamed {
    fn name(&self) -> &str {
        self.bot.name()
    }

    fn choose(&mut self, decision: &Decision<'_, Cego>, _rng: &mut GameRng) -> usize {
        self.bot.choose(decision, &mut self.rng)
    }

    fn observes(&self) -> bool {
        self.bot.observes()
    }

    fn observe(&mut self, seat: Seat, events: &[<Cego as Game>::Event]) {
        self.bot.observe(seat, events);
    }
}

fn play(base: u64, deal: u64, rotation: u64, options: &PimcOptions) -> Option<Play> {
    let seed = derive_seed(base, deal);
    let mut s = Cego::new(&Config::default().single_deal(), seed).ok()?;
    let mut rng = rng_from_seed(derive_seed(seed, 1000 + rotation));
    // Seats cycle over pimc, ismcts; rotation r shifts them by r. Seat s draws from
    // `derive_seed(seed, 2000 + s)`, whichever bot sits there.
    let is_pimc = |seat: usize| (seat as u64 + rotation) % 2 == 0;
    let mut bots: PerSeat<Box<dyn Bot<Cego>>> = PerSeat::from_fn(4, |seat| -> Box<dyn Bot<Cego>> {
        let bot: Box<dyn Bot<Cego>> = if is_pimc(seat.index()) {
            Box::new(Pimc::new(options.clone()))
        } else {
            Box::new(Ismcts::new(Cego::search_defaults()))
        };
        Box::new(Streamed {
            bot,
            rng: rng_from_seed(derive_seed(seed, 2000 + seat.index() as u64)),
        })
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
    let base: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(1);
    let options = match BotSpec::parse::<game_cego::Cego>(&spec) {
        Ok(BotSpec::Own(own)) => PimcOptions::from_spec(&own),
        Ok(BotSpec::Expert { seed: None }) => PimcOptions::expert(),
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
                        .flat_map(|d| (0..2).filter_map(move |r| play(base, d, r, options)))
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
        "{deals} deals of seed {base}, {} plays: {spec} against ismcts:iters=1000, mean per PIMC seat {:+.2}",
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
