//! How the Solo caller's dealt hand differs from a hand dealt at random, when ISMCTS at 1,000
//! iterations bids (issue 16: the PIMC bot weights its worlds by it). Plays the auction of
//! `DEALS` single deals (base seed `SEED`, as `cards simulate cego --seed SEED`) with ISMCTS on
//! every seat and counts, for the soloist of each Solo, the Trocks of his dealt hand and how
//! many of them are among the six highest (Trock 17 to the Gstieß), beside the same counts over
//! every dealt hand.
//!
//! `cargo run --release -p game-cego --example solo_callers [DEALS] [SEED]` (defaults 2000
//! and 7; two threads; about four minutes for 2,000 deals on the project's machine).

use cards_core::GameConfig;
use cards_core::Search;
use cards_core::rng::{derive_seed, rng_from_seed};
use cards_core::search::Ismcts;
use cards_core::{Bot, Decision, Game};
use game_cego::{Cards, Cego, Config, Contract, Phase};

/// Trocks and high Trocks (17 to the Gstieß) of a hand.
fn counts(hand: Cards) -> (usize, usize) {
    let bits = hand.bits();
    let trocks = (bits & ((1u128 << 22) - 1)).count_ones() as usize;
    let high = (bits & (((1u128 << 22) - 1) & !((1u128 << 16) - 1))).count_ones() as usize;
    (trocks, high)
}

/// The Solo caller's counts, or `None` when the auction ended in another contract.
fn auction(seed: u64, deal: u64, all: &mut Vec<(usize, usize)>) -> Option<(usize, usize)> {
    let seed = derive_seed(seed, deal);
    let mut s = Cego::new(&Config::default().single_deal(), seed).ok()?;
    let dealt = s.deal.hands;
    all.extend(dealt.iter().take(4).map(|&h| counts(h)));
    let mut rng = rng_from_seed(derive_seed(seed, 1000));
    let mut bots: Vec<Ismcts<Cego>> = (0..4)
        .map(|_| Ismcts::new(Cego::search_defaults()))
        .collect();
    let mut legal = Vec::new();
    let mut events = Vec::new();
    while matches!(s.deal.phase, Phase::Auction) {
        let seat = Cego::to_move(&s)?;
        Cego::legal_actions_into(&s, &mut legal);
        let i = bots[seat.index()].choose(&Decision::<Cego>::new(&s, seat, &legal), &mut rng);
        Cego::apply_unchecked(&mut s, &legal[i.min(legal.len() - 1)], &mut events);
    }
    if s.deal.contract != Some(Contract::Solo) {
        return None;
    }
    Some(counts(dealt[s.deal.soloist?.index()]))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let deals: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(7);
    let (solos, all): (Vec<_>, Vec<_>) = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..2u64)
            .map(|t| {
                scope.spawn(move || {
                    let mut all = Vec::new();
                    let solos: Vec<_> = (t..deals)
                        .step_by(2)
                        .filter_map(|d| auction(seed, d, &mut all))
                        .collect();
                    (solos, all)
                })
            })
            .collect();
        workers.into_iter().filter_map(|w| w.join().ok()).fold(
            (Vec::new(), Vec::new()),
            |(mut s, mut a), (s2, a2)| {
                s.extend(s2);
                a.extend(a2);
                (s, a)
            },
        )
    });
    println!(
        "{deals} deals (seed {seed}), {} Solos, {} dealt hands",
        solos.len(),
        all.len()
    );
    let share = |v: &[(usize, usize)], f: &dyn Fn(&(usize, usize)) -> bool| {
        v.iter().filter(|x| f(x)).count() as f64 / v.len().max(1) as f64
    };
    println!("trocks | Solo caller | any hand | ratio");
    for t in 0..=11 {
        let (a, b) = (share(&solos, &|x| x.0 == t), share(&all, &|x| x.0 == t));
        println!("{t:6} | {a:11.4} | {b:8.4} | {:.3}", a / b.max(1e-9));
    }
    println!("Solo callers / any hands, by Trocks (rows) and high Trocks (columns 0 to 6)");
    for t in 0..=11 {
        let row: Vec<String> = (0..=6)
            .map(|h| {
                let n = |v: &[(usize, usize)]| v.iter().filter(|x| **x == (t, h)).count();
                format!("{:4}/{:<5}", n(&solos), n(&all))
            })
            .collect();
        println!("{t:2} | {}", row.join(" "));
    }
    println!("high   | Solo caller | any hand | ratio");
    for h in 0..=6 {
        let (a, b) = (share(&solos, &|x| x.1 == h), share(&all, &|x| x.1 == h));
        println!("{h:6} | {a:11.4} | {b:8.4} | {:.3}", a / b.max(1e-9));
    }
}
