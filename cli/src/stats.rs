//! The statistics `cards simulate`, `cards merge` and `cards tournament` share: one kind of
//! interval, over deals.
//!
//! On duplicate deals a deal's plays (its seatings) and a bot's seats in them are far from
//! independent, so the unit of every interval is the **deal**: a bot's value in a deal is the
//! mean over its seats in all the deal's plays, and the interval of the mean is over those
//! per-deal values, `t · s / √n` with `n` deals, `s` their standard deviation, and `t` Student's
//! 97.5% quantile with `n - 1` degrees of freedom below 30 deals, 1.96 from 30 on. Below 2 deals
//! there is no interval.

/// Student's t, 97.5% quantile, for 1 to 28 degrees of freedom (index `df - 1`).
const T975: [f64; 28] = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048,
];

/// The multiplier of a 95% interval over `n` deals: Student's t with `n - 1` degrees of
/// freedom below 30 deals, 1.96 from 30 on; `None` below 2 deals.
pub fn t95(n: usize) -> Option<f64> {
    match n {
        0 | 1 => None,
        2..30 => Some(T975[n - 2]),
        _ => Some(1.96),
    }
}

/// The mean of per-deal values and the half-width of its 95% interval (`None` below 2 deals).
pub fn mean_ci(per_deal: &[f64]) -> (f64, Option<f64>) {
    let n = per_deal.len();
    if n == 0 {
        return (0.0, None);
    }
    let mean = per_deal.iter().sum::<f64>() / n as f64;
    let ci = t95(n).map(|t| {
        let var = per_deal
            .iter()
            .map(|x| (x - mean) * (x - mean))
            .sum::<f64>()
            / (n - 1) as f64;
        nz(t * (var / n as f64).sqrt())
    });
    (nz(mean), ci)
}

/// `x` with a negative zero made positive (no report shows `-0`).
pub fn nz(x: f64) -> f64 {
    x + 0.0
}

/// `x` with `decimals` decimals, never `-0.000`.
pub fn fixed(x: f64, decimals: usize) -> String {
    let text = format!("{x:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.bytes().all(|b| b == b'0' || b == b'.') => rest.to_owned(),
        _ => text,
    }
}

/// An interval's half-width with `decimals` decimals, `n/a` when there is none.
pub fn fixed_ci(ci: Option<f64>, decimals: usize) -> String {
    ci.map_or_else(|| "n/a".to_owned(), |c| fixed(c, decimals))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_multiplier_is_students_t_below_30_deals_and_none_below_2() {
        assert_eq!(t95(0), None);
        assert_eq!(t95(1), None);
        assert_eq!(t95(2), Some(12.706));
        assert_eq!(t95(11), Some(2.228));
        assert_eq!(t95(29), Some(2.048));
        assert_eq!(t95(30), Some(1.96));
        assert_eq!(t95(10_000), Some(1.96));
    }

    #[test]
    fn the_interval_is_over_deals() {
        assert_eq!(mean_ci(&[]), (0.0, None));
        assert_eq!(mean_ci(&[3.0]), (3.0, None));
        let (m, ci) = mean_ci(&[1.0, 3.0]);
        assert!((m - 2.0).abs() < 1e-12);
        // s = √2, n = 2: 12.706 · √2 / √2.
        assert!((ci.unwrap() - 12.706).abs() < 1e-9);
        let xs: Vec<f64> = (0..40).map(|i| f64::from(i % 2)).collect();
        let (m, ci) = mean_ci(&xs);
        assert!((m - 0.5).abs() < 1e-12);
        let s = (10.0f64 / 39.0).sqrt();
        assert!((ci.unwrap() - 1.96 * s / 40f64.sqrt()).abs() < 1e-9);
    }

    #[test]
    fn no_negative_zero_is_shown() {
        assert_eq!(nz(-0.0).to_string(), "0");
        assert_eq!(fixed(-0.0001, 3), "0.000");
        assert_eq!(fixed(-0.0, 1), "0.0");
        assert_eq!(fixed(-0.5, 1), "-0.5");
        assert_eq!(fixed_ci(None, 3), "n/a");
        assert_eq!(
            serde_json::to_string(&mean_ci(&[-0.0, 0.0]).0).unwrap(),
            "0.0"
        );
    }
}
