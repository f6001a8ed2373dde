//! The statistics of `compare`'s summary and plots: every rate and mean with its 95 %
//! confidence interval, and the tests of a paired difference between two models.
//!
//! - a proportion (the clear rate): the Wilson score interval (Wilson 1927; Agresti & Coull,
//!   "Approximate is better than 'exact' for interval estimation of binomial proportions",
//!   1998), which stays inside 0–1 and is not empty at 0 or n successes;
//! - a mean (time to clear, bricks destroyed, balls lost, parting step, a paired difference):
//!   Student's t interval, mean ± t(0.975, n − 1) · s / √n, with the quantile from `statrs`;
//! - two models' clears of the same games: the exact two-sided sign test on the discordant
//!   games (McNemar's exact test), from the binomial distribution of `statrs`.

use statrs::distribution::{Binomial, ContinuousCDF, DiscreteCDF, Normal, StudentsT};

/// The two-sided confidence of every interval: 95 %.
pub const CONFIDENCE: f64 = 0.95;

/// An estimate with its 95 % confidence interval, in the unit of what it estimates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate: the proportion (0–1) or the sample mean.
    pub value: f64,
    /// The interval's low and high ends; `None` when the sample is too small for one (a mean
    /// of fewer than 2 values).
    pub interval: Option<(f64, f64)>,
    /// How many values (games) it is estimated from.
    pub n: usize,
}

impl Estimate {
    /// Whether the interval lies wholly above or wholly below 0: a paired difference that
    /// exceeds the noise at 95 %. `false` without an interval.
    pub fn excludes_zero(&self) -> bool {
        self.interval.is_some_and(|(lo, hi)| lo > 0.0 || hi < 0.0)
    }

    /// The estimate and its interval scaled by `factor` (a share to per cent, steps to
    /// seconds).
    pub fn scaled(self, factor: f64) -> Estimate {
        Estimate {
            value: self.value * factor,
            interval: self.interval.map(|(lo, hi)| (lo * factor, hi * factor)),
            n: self.n,
        }
    }
}

/// The standard normal's quantile at 0.975 (about 1.96), the Wilson interval's z.
pub fn z() -> f64 {
    // Normal::new(0, 1) cannot fail (a finite mean, a positive deviation).
    Normal::new(0.0, 1.0).map_or(1.959_963_984_540_054, |n| {
        n.inverse_cdf(0.5 + CONFIDENCE / 2.0)
    })
}

/// Student's t quantile at 0.975 with `freedom` degrees of freedom; `None` for 0 degrees.
pub fn t_quantile(freedom: usize) -> Option<f64> {
    if freedom == 0 {
        return None;
    }
    let t = StudentsT::new(0.0, 1.0, freedom as f64).ok()?;
    Some(t.inverse_cdf(0.5 + CONFIDENCE / 2.0))
}

/// The share `successes / n` with its Wilson score interval; `None` when `n` is 0.
/// `successes` above `n` counts as `n`.
pub fn wilson(successes: usize, n: usize) -> Option<Estimate> {
    if n == 0 {
        return None;
    }
    let (k, n_f) = (successes.min(n) as f64, n as f64);
    let p = k / n_f;
    let z = z();
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n_f)) / (1.0 + z2 / n_f);
    let half = z / (1.0 + z2 / n_f) * (p * (1.0 - p) / n_f + z2 / (4.0 * n_f * n_f)).sqrt();
    Some(Estimate {
        value: p,
        // The ends hold p (exactly 0 or 1 at 0 or n successes), whatever the rounding.
        interval: Some(((centre - half).clamp(0.0, p), (centre + half).clamp(p, 1.0))),
        n,
    })
}

/// The mean of `values` with Student's t interval; `None` when there is no value (a model
/// that cleared nothing has no mean time to clear). One value has no interval.
pub fn mean(values: &[f64]) -> Option<Estimate> {
    let n = values.len();
    if n == 0 {
        return None;
    }
    let m = values.iter().sum::<f64>() / n as f64;
    let interval = t_quantile(n - 1).map(|t| {
        let var = values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64;
        let half = t * (var / n as f64).sqrt();
        (m - half, m + half)
    });
    Some(Estimate {
        value: m,
        interval,
        n,
    })
}

/// The exact two-sided p-value of the sign test (McNemar's exact test) on the discordant
/// pairs: `wins` games one model cleared and the other did not, `losses` the other way round.
/// Under "no difference" each discordant game goes either way with probability ½, so
/// p = min(1, 2 · P(X ≤ min(wins, losses))) for X ~ Binomial(wins + losses, ½); 1 when there
/// is no discordant game.
pub fn sign_test_p(wins: usize, losses: usize) -> f64 {
    let n = (wins + losses) as u64;
    if n == 0 {
        return 1.0;
    }
    let fewer = wins.min(losses) as u64;
    Binomial::new(0.5, n).map_or(1.0, |b| (2.0 * b.cdf(fewer)).min(1.0))
}

/// `estimate` as `value [low, high]` with `decimals` decimals, the interval left out when
/// there is none; "—" when there is no estimate.
pub fn format(estimate: Option<Estimate>, decimals: usize) -> String {
    match estimate {
        None => "—".to_string(),
        Some(e) => match e.interval {
            Some((lo, hi)) => format!("{:.d$} [{lo:.d$}, {hi:.d$}]", e.value, d = decimals),
            None => format!("{:.d$}", e.value, d = decimals),
        },
    }
}

/// `estimate` as [`format()`] does, every number signed (a difference: `+1.6 [+0.2, +3.1]`).
pub fn format_signed(estimate: Option<Estimate>, decimals: usize) -> String {
    match estimate {
        None => "—".to_string(),
        Some(e) => match e.interval {
            Some((lo, hi)) => format!("{:+.d$} [{lo:+.d$}, {hi:+.d$}]", e.value, d = decimals),
            None => format!("{:+.d$}", e.value, d = decimals),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The Wilson interval written out here once more, from its textbook form
    /// (p̂ + z²/2n ± z √(p̂(1−p̂)/n + z²/4n²)) / (1 + z²/n), with z = 1.959964.
    fn wilson_oracle(k: f64, n: f64) -> (f64, f64) {
        let z: f64 = 1.959_964;
        let p = k / n;
        let root = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
        let d = 1.0 + z * z / n;
        (
            (p + z * z / (2.0 * n) - root) / d,
            (p + z * z / (2.0 * n) + root) / d,
        )
    }

    #[test]
    fn the_wilson_interval_has_the_published_values() {
        // Newcombe (1998), "Two-sided confidence intervals for the single proportion",
        // table I: 81/263 → 0.2553–0.3662; 15/148 → 0.0624–0.1605; 0/20 → 0–0.1611;
        // 1/29 → 0.0061–0.1718.
        for (k, n, lo, hi) in [
            (81, 263, 0.2553, 0.3662),
            (15, 148, 0.0624, 0.1605),
            (0, 20, 0.0, 0.1611),
            (1, 29, 0.0061, 0.1718),
        ] {
            let e = wilson(k, n).unwrap();
            let (l, h) = e.interval.unwrap();
            assert!(
                (l - lo).abs() < 5e-5 && (h - hi).abs() < 5e-5,
                "{k}/{n}: {l}–{h}"
            );
        }
        assert_eq!(wilson(3, 0), None);
    }

    #[test]
    fn the_t_quantiles_are_the_tables() {
        // Student's t, 0.975 quantile, from any table: df 1, 2, 9, 30, 120.
        for (df, t) in [
            (1, 12.7062),
            (2, 4.3027),
            (9, 2.2622),
            (30, 2.0423),
            (120, 1.9799),
        ] {
            let q = t_quantile(df).unwrap();
            assert!((q - t).abs() < 1e-4, "df {df}: {q}");
        }
        assert_eq!(t_quantile(0), None);
        assert!((z() - 1.959_964).abs() < 1e-6);
    }

    #[test]
    fn a_mean_interval_is_mean_plus_minus_t_s_over_root_n() {
        // 1..=10: mean 5.5, s = √(55/6) = 3.02765, t(9) = 2.26216 → 5.5 ± 2.16585.
        let values: Vec<f64> = (1..=10).map(f64::from).collect();
        let e = mean(&values).unwrap();
        let (lo, hi) = e.interval.unwrap();
        assert!((e.value - 5.5).abs() < 1e-12);
        assert!(
            (lo - 3.33415).abs() < 1e-4 && (hi - 7.66585).abs() < 1e-4,
            "{lo}–{hi}"
        );
        assert_eq!(mean(&[]), None);
        assert_eq!(mean(&[4.0]).unwrap().interval, None);
        assert!(!mean(&[4.0]).unwrap().excludes_zero());
    }

    #[test]
    fn the_sign_test_has_the_exact_binomial_values() {
        // 0 of 6 discordant games the other way: 2 · (1/2)^6 = 0.03125; 1 of 8:
        // 2 · 9/256 = 0.0703125; 5 against 5: 1.
        assert!((sign_test_p(6, 0) - 0.03125).abs() < 1e-9);
        assert!((sign_test_p(1, 7) - 0.0703125).abs() < 1e-9);
        assert_eq!(sign_test_p(5, 5), 1.0);
        assert_eq!(sign_test_p(0, 0), 1.0);
    }

    #[test]
    fn format_writes_a_dash_for_nothing() {
        assert_eq!(format(None, 1), "—");
        assert_eq!(format(mean(&[2.0]), 1), "2.0");
        assert_eq!(format(mean(&[1.0, 1.0]), 1), "1.0 [1.0, 1.0]");
        assert_eq!(format_signed(mean(&[-1.0, -3.0]), 0), "-2 [-15, +11]");
    }

    proptest! {
        #[test]
        fn the_wilson_interval_is_the_formula_and_holds_the_share(n in 1usize..5000, k in 0usize..5000) {
            let k = k % (n + 1);
            let e = wilson(k, n).unwrap();
            let (lo, hi) = e.interval.unwrap();
            let (olo, ohi) = wilson_oracle(k as f64, n as f64);
            prop_assert!((lo - olo.max(0.0)).abs() < 1e-6 && (hi - ohi.min(1.0)).abs() < 1e-6);
            prop_assert!(0.0 <= lo && lo <= e.value && e.value <= hi && hi <= 1.0);
            prop_assert!(hi - lo > 0.0);
        }
    }
}
