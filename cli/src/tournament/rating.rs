//! The Bradley-Terry ratings with a stated prior, and their intervals.
//!
//! Each bot `i` has a log-strength `θ_i`; a deal between A and B is A's with probability
//! `σ(θ_A − θ_B)` (σ the logistic function; a tied deal counts half to each). Every `θ_i` has
//! the prior `N(0, τ²)`, τ the log-strength of [`PRIOR_SD_ELO`] Elo, so the ratings are the
//! posterior mode (fitted by Newton's method; the prior centres them on 0) and are finite
//! however one-sided the results. The posterior's curvature at the mode (the Laplace
//! approximation) gives each rating a 95% interval that is never a point, even when every deal
//! went one way; [`bootstrap`] refits the mode over resamples of the deals, which widens the
//! interval where the deals' results are more spread than the model says. A bot that wins
//! every deal gains rating only as the logarithm of the number of deals, as the evidence does.

use cards_core::rng::{below, rng_from_seed};

use super::BOOTSTRAP;
use crate::stats::nz;

/// The prior's standard deviation of each rating, in Elo.
pub const PRIOR_SD_ELO: f64 = 400.0;

/// Elo per unit of log-strength (`400 / ln 10`).
const ELO: f64 = 400.0 / std::f64::consts::LN_10;

/// The prior's precision `1 / τ²` in log-strength units.
fn prior_precision() -> f64 {
    let tau = PRIOR_SD_ELO / ELO;
    1.0 / (tau * tau)
}

fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The posterior mode of the log-strengths and the negative Hessian there.
fn mode(n: usize, games: &[(usize, usize, f64)]) -> (Vec<f64>, Vec<Vec<f64>>) {
    let lambda = prior_precision();
    let mut theta = vec![0.0; n];
    let mut hessian = vec![vec![0.0; n]; n];
    for _ in 0..100 {
        let mut grad: Vec<f64> = theta.iter().map(|t| -lambda * t).collect();
        for (i, row) in hessian.iter_mut().enumerate() {
            row.fill(0.0);
            row[i] = lambda;
        }
        for &(a, b, s) in games {
            let p = logistic(theta[a] - theta[b]);
            grad[a] += s - p;
            grad[b] -= s - p;
            let w = p * (1.0 - p);
            hessian[a][a] += w;
            hessian[b][b] += w;
            hessian[a][b] -= w;
            hessian[b][a] -= w;
        }
        // The log posterior is strictly concave: a Newton step goes uphill.
        let step = solve(&hessian, &grad);
        let size = step.iter().fold(0.0f64, |m, x| m.max(x.abs()));
        // Steps of more than 2 (about 350 Elo) are shortened, for one-sided results.
        let scale = if size > 2.0 { 2.0 / size } else { 1.0 };
        for (t, d) in theta.iter_mut().zip(&step) {
            *t += scale * d;
        }
        if size < 1e-12 {
            break;
        }
    }
    (theta, hessian)
}

/// Solves `a x = b` for a symmetric positive definite `a` (Cholesky).
fn solve(a: &[Vec<f64>], b: &[f64]) -> Vec<f64> {
    let n = b.len();
    let mut l = vec![vec![0.0; n]; n];
    for i in 0..n {
        for j in 0..=i {
            let sum: f64 = (0..j).map(|k| l[i][k] * l[j][k]).sum();
            if i == j {
                l[i][i] = (a[i][i] - sum).max(1e-300).sqrt();
            } else {
                l[i][j] = (a[i][j] - sum) / l[j][j];
            }
        }
    }
    let mut y = vec![0.0; n];
    for i in 0..n {
        let sum: f64 = (0..i).map(|k| l[i][k] * y[k]).sum();
        y[i] = (b[i] - sum) / l[i][i];
    }
    let mut x = vec![0.0; n];
    for i in (0..n).rev() {
        let sum: f64 = (i + 1..n).map(|k| l[k][i] * x[k]).sum();
        x[i] = (y[i] - sum) / l[i][i];
    }
    x
}

/// Bradley-Terry ratings (Elo scale, centred on 0 by the prior) of `n` bots from
/// `(a, b, A's score)` results: the posterior mode under the prior of the module's docs.
pub(super) fn bradley_terry(
    n: usize,
    games: impl Iterator<Item = (usize, usize, f64)>,
) -> Vec<f64> {
    let games: Vec<_> = games.collect();
    mode(n, &games).0.iter().map(|t| nz(ELO * t)).collect()
}

/// Each rating's 95% posterior interval by the Laplace approximation (the mode ± 1.96 standard
/// deviations of the normal with the posterior's curvature at the mode), in Elo. The ratings
/// are read centred (each less the mean of all), as they are reported, so the interval leaves
/// out what the results cannot tell: where the scale's zero lies.
pub(super) fn posterior_intervals(
    n: usize,
    games: impl Iterator<Item = (usize, usize, f64)>,
) -> Vec<(f64, f64)> {
    let games: Vec<_> = games.collect();
    let (theta, hessian) = mode(n, &games);
    // The posterior covariance, column by column.
    let cov: Vec<Vec<f64>> = (0..n)
        .map(|j| {
            let mut unit = vec![0.0; n];
            unit[j] = 1.0;
            solve(&hessian, &unit)
        })
        .collect();
    let total: f64 = cov.iter().flatten().sum();
    let nf = n as f64;
    (0..n)
        .map(|i| {
            // Var(θ_i − mean θ) = C_ii − 2/n Σ_j C_ij + 1/n² Σ_jk C_jk.
            let row: f64 = cov[i].iter().sum();
            let var = cov[i][i] - 2.0 * row / nf + total / (nf * nf);
            let sd = var.max(0.0).sqrt();
            (
                nz(ELO * (theta[i] - 1.96 * sd)),
                nz(ELO * (theta[i] + 1.96 * sd)),
            )
        })
        .collect()
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
