//! The Bradley-Terry ratings and their bootstrap intervals.

use cards_core::rng::{below, rng_from_seed};

use super::BOOTSTRAP;
use crate::stats::nz;

/// Bradley-Terry ratings (Elo scale, centred on 0) of `n` bots from `(a, b, A's score)`
/// results, by the MM iteration, with one virtual draw per pair.
pub(super) fn bradley_terry(
    n: usize,
    games: impl Iterator<Item = (usize, usize, f64)>,
) -> Vec<f64> {
    // Wins (ties count half) and games per pair, the virtual draw included.
    let mut wins = vec![0.0; n];
    let mut played = vec![vec![0.0; n]; n];
    for a in 0..n {
        for b in a + 1..n {
            wins[a] += 0.5;
            wins[b] += 0.5;
            played[a][b] += 1.0;
            played[b][a] += 1.0;
        }
    }
    for (a, b, s) in games {
        wins[a] += s;
        wins[b] += 1.0 - s;
        played[a][b] += 1.0;
        played[b][a] += 1.0;
    }
    let mut p = vec![1.0f64; n];
    for _ in 0..10_000 {
        let next: Vec<f64> = (0..n)
            .map(|i| {
                let denominator: f64 = (0..n)
                    .filter(|&j| j != i)
                    .map(|j| played[i][j] / (p[i] + p[j]))
                    .sum();
                if denominator > 0.0 {
                    wins[i] / denominator
                } else {
                    1.0
                }
            })
            .collect();
        // Centre: the geometric mean of the strengths is 1.
        let centre = (next.iter().map(|x| x.ln()).sum::<f64>() / n as f64).exp();
        let next: Vec<f64> = next.iter().map(|x| x / centre).collect();
        let change = next
            .iter()
            .zip(&p)
            .map(|(x, y)| (x.ln() - y.ln()).abs())
            .fold(0.0, f64::max);
        p = next;
        if change < 1e-12 {
            break;
        }
    }
    p.iter().map(|x| nz(400.0 * x.log10())).collect()
}

/// The 95% intervals of the ratings by a bootstrap over the deals of `games` (sorted by deal):
/// `BOOTSTRAP` resamples of as many deals, drawn with replacement from a stream seeded by
/// `seed`, each refitted; `None` below 2 deals.
pub(super) fn bootstrap(
    n: usize,
    games: &[(usize, usize, usize, f64)],
    seed: u64,
) -> Option<Vec<(f64, f64)>> {
    // The games of each deal, in deal order.
    let mut by_deal: Vec<&[(usize, usize, usize, f64)]> = Vec::new();
    let mut from = 0;
    for i in 1..=games.len() {
        if i == games.len() || games[i].0 != games[from].0 {
            by_deal.push(&games[from..i]);
            from = i;
        }
    }
    if by_deal.len() < 2 {
        return None;
    }
    let mut rng = rng_from_seed(seed);
    let mut samples = vec![Vec::with_capacity(BOOTSTRAP); n];
    for _ in 0..BOOTSTRAP {
        let mut drawn = Vec::new();
        for _ in 0..by_deal.len() {
            let d = below(&mut rng, by_deal.len() as u64) as usize;
            drawn.extend(by_deal[d].iter().map(|&(_, a, b, s)| (a, b, s)));
        }
        for (k, r) in bradley_terry(n, drawn.into_iter()).into_iter().enumerate() {
            samples[k].push(r);
        }
    }
    Some(
        samples
            .into_iter()
            .map(|mut xs| {
                xs.sort_by(f64::total_cmp);
                let at = |q: f64| xs[((xs.len() - 1) as f64 * q).round() as usize];
                (nz(at(0.025)), nz(at(0.975)))
            })
            .collect(),
    )
}
