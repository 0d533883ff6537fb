//! Match statistics: the pentanomial model on game pairs, an Elo estimate with
//! a 95% interval, and the sequential probability ratio test (SPRT).
//!
//! # Why pairs
//! Both games of a pair start from the same opening with colours swapped, so
//! their results are correlated (a lopsided opening tends to give 1-1). Scoring
//! each *pair* (0, ½, 1, 1½ or 2 points for the first engine: the five
//! "pentanomial" outcomes) and treating pairs as the independent samples keeps
//! that correlation out of the variance, which a per-game (trinomial) model
//! would overstate.
//!
//! # The estimate
//! Let `x_i` be the score of pair `i` divided by 2 (so in [0, 1]), `N` the
//! number of pairs, `μ = Σx_i / N` and `σ² = Σ(x_i − μ)² / N` (the plug-in
//! variance over the five outcome frequencies). The standard error of `μ` is
//! `σ / √N`; the Elo of a score `s` is `−400·log10(1/s − 1)`, and the 95%
//! interval maps `μ ± 1.959964·σ/√N` through it. We report the half-width of
//! that interval as `±`.
//!
//! # The LLR (normal / "GSPRT" approximation)
//! H0: the expected score is `s0 = 1/(1 + 10^(−elo0/400))`; H1: it is `s1`
//! (same formula with `elo1`). Approximate each `x_i` as normal with the
//! observed variance `σ²` under both hypotheses. Then
//! `log L1/L0 = Σ [(x_i − s0)² − (x_i − s1)²] / (2σ²)`
//! and since `(x − s0)² − (x − s1)² = (s1 − s0)(2x − s0 − s1)`, summing gives
//! `LLR = N·(s1 − s0)·(2μ − s0 − s1) / (2σ²)`.
//! This is the approximation used by fishtest-style frameworks (with logistic
//! Elo bounds). Empty outcome cells are set to 1e-3 pairs first (fishtest's
//! regularization), so the variance is never 0. Wald's bounds: stop for H0
//! when `LLR ≤ ln(β/(1−α))`, for H1 when `LLR ≥ ln((1−β)/α)`.
//!
//! # Not before [`MIN_PAIRS`] pairs
//! The normal approximation needs a variance estimated from more than a
//! handful of pairs. A run that opens with two 2–0 pairs has an observed
//! variance of almost nothing (only the 1e-3 regularization), and its LLR,
//! which divides by that variance, reaches 7.6 — past the H1 bound after four
//! games, on luck a real pair of engines has every few runs. So the test
//! reports its LLR from the first pair but decides only from the
//! [`MIN_PAIRS`]-th pair on.

use std::fmt;

/// The 97.5% quantile of the standard normal distribution.
const Z95: f64 = 1.959_963_984_540_054;

/// Counts of game-pair outcomes for the first engine: index `k` holds the pairs
/// where it scored `k/2` points (0, ½, 1, 1½, 2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Penta(pub [u64; 5]);

impl Penta {
    /// Adds a pair given the first engine's points in each game (0, 0.5 or 1).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round() as usize;
        self.0[k.min(4)] += 1;
    }

    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Mean and plug-in variance of the per-pair score scaled to [0, 1].
    pub fn mean_var(&self) -> Option<(f64, f64)> {
        if self.pairs() == 0 {
            return None;
        }
        Some(mean_var(self.0.map(|c| c as f64)))
    }
}

/// Mean and variance of pair scores `k/4` weighted by `counts`.
fn mean_var(counts: [f64; 5]) -> (f64, f64) {
    let n: f64 = counts.iter().sum();
    let x = |k: usize| k as f64 / 4.0;
    let mean = (0..5).map(|k| counts[k] * x(k)).sum::<f64>() / n;
    let var = (0..5)
        .map(|k| counts[k] * (x(k) - mean).powi(2))
        .sum::<f64>()
        / n;
    (mean, var)
}

impl Penta {
    /// The counts with every empty cell set to `1e-3`, as fishtest does before
    /// its LLR: without it a one-sided run (every pair 0-2) has variance 0 and
    /// the test could never stop.
    fn regularized(&self) -> [f64; 5] {
        self.0.map(|c| if c == 0 { 1e-3 } else { c as f64 })
    }
}

/// The expected score of a player `elo` points stronger (logistic model).
pub fn elo_to_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The Elo difference that gives expected score `s` (clamped away from 0 and 1).
pub fn score_to_elo(s: f64) -> f64 {
    let s = s.clamp(1e-6, 1.0 - 1e-6);
    -400.0 * (1.0 / s - 1.0).log10()
}

/// Elo with a 95% interval, from the pentanomial counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    /// Half-width of the 95% interval (in Elo).
    pub error: f64,
    /// Likelihood of superiority: P(true score > ½) under the normal model.
    pub los: f64,
}

pub fn elo_estimate(p: &Penta) -> Option<EloEstimate> {
    let (mean, var) = p.mean_var()?;
    let se = (var / p.pairs() as f64).sqrt();
    let lo = score_to_elo(mean - Z95 * se);
    let hi = score_to_elo(mean + Z95 * se);
    let los = if se > 0.0 {
        normal_cdf((mean - 0.5) / se)
    } else if mean > 0.5 {
        1.0
    } else if mean < 0.5 {
        0.0
    } else {
        0.5
    };
    Some(EloEstimate {
        elo: score_to_elo(mean),
        error: (hi - lo) / 2.0,
        los,
    })
}

/// Φ(x) via the complementary error function (Abramowitz–Stegun 7.1.26 is too
/// coarse for tests; this uses the W. J. Cody-style rational erfc of Numerical
/// Recipes' `erfcc`, relative error < 1.2e-7).
fn normal_cdf(x: f64) -> f64 {
    let z = (x / std::f64::consts::SQRT_2).abs();
    let t = 1.0 / (1.0 + 0.5 * z);
    let poly = -z * z - 1.265_512_23
        + t * (1.000_023_68
            + t * (0.374_091_96
                + t * (0.096_784_18
                    + t * (-0.186_288_06
                        + t * (0.278_868_07
                            + t * (-1.135_203_98
                                + t * (1.488_515_87 + t * (-0.822_152_23 + t * 0.170_872_77))))))));
    let erfc = t * poly.exp();
    if x >= 0.0 {
        1.0 - erfc / 2.0
    } else {
        erfc / 2.0
    }
}

/// Pairs (two games each) before the SPRT may stop a match: see the module
/// doc. Ten pairs is where a one-sided start would have to be 20 games long.
pub const MIN_PAIRS: u64 = 10;

/// SPRT parameters: H0 elo = `elo0` against H1 elo = `elo1`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

/// Where the test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtState {
    Continue,
    AcceptH0,
    AcceptH1,
}

impl Sprt {
    /// Parses `elo0=0,elo1=5,alpha=0.05,beta=0.05` (any order; alpha and beta
    /// default to 0.05).
    pub fn parse(text: &str) -> Result<Sprt, String> {
        let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
        for part in text.split(',').map(str::trim).filter(|s| !s.is_empty()) {
            let (k, v) = part
                .split_once('=')
                .ok_or_else(|| format!("bad SPRT item '{part}' (want name=value)"))?;
            let v: f64 = v
                .trim()
                .parse()
                .map_err(|_| format!("bad number in SPRT item '{part}'"))?;
            match k.trim() {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                other => return Err(format!("unknown SPRT parameter '{other}'")),
            }
        }
        let (elo0, elo1) = match (elo0, elo1) {
            (Some(a), Some(b)) if a < b => (a, b),
            (Some(_), Some(_)) => return Err("SPRT needs elo0 < elo1".into()),
            _ => return Err("SPRT needs elo0 and elo1".into()),
        };
        if !(0.0 < alpha && alpha < 0.5 && 0.0 < beta && beta < 0.5) {
            return Err("SPRT alpha and beta must lie in (0, 0.5)".into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha,
            beta,
        })
    }

    /// (lower, upper) LLR bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio (see the module doc) on the regularized
    /// counts; 0 before the first pair.
    pub fn llr(&self, p: &Penta) -> f64 {
        if p.pairs() == 0 {
            return 0.0;
        }
        let counts = p.regularized();
        let n: f64 = counts.iter().sum();
        let (mean, var) = mean_var(counts);
        let (s0, s1) = (elo_to_score(self.elo0), elo_to_score(self.elo1));
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Continue until [`MIN_PAIRS`] pairs, then Wald's decision.
    pub fn state(&self, p: &Penta) -> SprtState {
        if p.pairs() < MIN_PAIRS {
            return SprtState::Continue;
        }
        let llr = self.llr(p);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            SprtState::AcceptH1
        } else if llr <= lo {
            SprtState::AcceptH0
        } else {
            SprtState::Continue
        }
    }
}

impl fmt::Display for Sprt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "elo0={} elo1={} alpha={} beta={}",
            self.elo0, self.elo1, self.alpha, self.beta
        )
    }
}

#[cfg(test)]
mod tests {
    //! Reference values come from an independent Python 3 script,
    //! `tests/data/sprt_reference.py` (run it to reproduce them): it expands
    //! the counts into a list of pair scores k/4, takes
    //! `statistics.fmean`/`statistics.pvariance`, sums the normal log-density
    //! differences term by term for the LLR (zero cells set to 1e-3), maps
    //! μ ± 1.959963984540054·σ/√N through −400·log10(1/s − 1) for the
    //! interval and uses `0.5·math.erfc(−z/√2)` for the LOS.
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    const H: Sprt = Sprt {
        elo0: 0.0,
        elo1: 5.0,
        alpha: 0.05,
        beta: 0.05,
    };

    #[test]
    fn pentanomial_mean_variance_and_llr_match_python() {
        let p = Penta([3, 20, 45, 25, 7]);
        let (m, v) = p.mean_var().unwrap();
        close(m, 0.5325, 1e-12);
        close(v, 0.05206875, 1e-12);
        close(H.llr(&p), 0.39938649409522475, 1e-9);
        let e = elo_estimate(&p).unwrap();
        close(e.elo, 22.615198760895495, 1e-9);
        close(e.error, 31.294422198855035, 1e-9);
        close(e.los, 0.9228170023361324, 1e-6);

        let p = Penta([10, 30, 50, 28, 12]);
        close(H.llr(&p), 0.0033136368994693827, 1e-9);
        let e = elo_estimate(&p).unwrap();
        close(e.elo, 2.6726341426061233, 1e-9);
        close(e.error, 31.73298351654532, 1e-9);
        close(e.los, 0.5657399734554622, 1e-6);
        let h = Sprt::parse("elo0=-3,elo1=1,alpha=0.1,beta=0.05").unwrap();
        close(h.llr(&p), 0.05635799902873358, 1e-9);
        close(h.bounds().0, -2.8903717578961645, 1e-12);
        close(h.bounds().1, 2.251291798606495, 1e-12);

        let p = Penta([0, 1, 2, 1, 0]);
        // Zero cells: the Python LLR also sets them to 1e-3 and sums
        // weighted log-density differences over the five cells.
        close(H.llr(&p), -0.0033033295899936666, 1e-9);
        close(elo_estimate(&p).unwrap().error, 125.57481289747489, 1e-9);
    }

    #[test]
    fn sprt_bounds_and_decisions() {
        close(H.bounds().0, -2.9444389791664403, 1e-12);
        close(H.bounds().1, 2.9444389791664403, 1e-12);
        let strong = Penta([5, 10, 40, 60, 35]);
        close(H.llr(&strong), 3.117568772232612, 1e-9);
        assert_eq!(H.state(&strong), SprtState::AcceptH1);
        let weak = Penta([35, 60, 40, 10, 5]);
        close(H.llr(&weak), -3.2423695241610035, 1e-9);
        assert_eq!(H.state(&weak), SprtState::AcceptH0);
        close(H.llr(&Penta([0, 0, 3, 0, 0])), -0.3737328770605924, 1e-9);
        // A lucky start: two 2-0 pairs give an LLR past the bound, but the
        // test waits for MIN_PAIRS pairs before it decides.
        let lucky = Penta([0, 0, 0, 0, 2]);
        close(H.llr(&lucky), 7.643530485205744, 1e-9);
        assert_eq!(H.state(&lucky), SprtState::Continue);
        let ten = Penta([0, 0, 0, 0, 10]);
        close(H.llr(&ten), 190.6082925950457, 1e-6);
        assert_eq!(H.state(&ten), SprtState::AcceptH1);
        assert_eq!(H.state(&Penta([0, 0, 3, 0, 0])), SprtState::Continue);
        let hopeless = Penta([20, 0, 0, 0, 0]);
        close(H.llr(&hopeless), -773.2436012207473, 1e-6);
        assert_eq!(H.state(&hopeless), SprtState::AcceptH0);
        assert_eq!(H.llr(&Penta::default()), 0.0);
    }

    #[test]
    fn pairs_are_binned_by_points() {
        let mut p = Penta::default();
        p.add_pair(1.0, 0.5);
        p.add_pair(0.0, 0.0);
        p.add_pair(0.5, 0.5);
        assert_eq!(p, Penta([1, 0, 1, 1, 0]));
    }

    #[test]
    fn sprt_parse_errors() {
        assert_eq!(Sprt::parse("elo0=0,elo1=5,alpha=0.05,beta=0.05"), Ok(H));
        assert_eq!(Sprt::parse("elo1=5, elo0=0"), Ok(H));
        assert!(Sprt::parse("elo0=5,elo1=0").is_err());
        assert!(Sprt::parse("elo0=0").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,gamma=1").is_err());
        assert!(Sprt::parse("elo0=0,elo1=x").is_err());
        assert!(Sprt::parse("elo0=0,elo1=5,alpha=0.7").is_err());
    }

    #[test]
    fn elo_score_round_trip() {
        close(elo_to_score(0.0), 0.5, 1e-15);
        close(score_to_elo(elo_to_score(123.0)), 123.0, 1e-9);
        assert!(score_to_elo(1.0).is_finite());
    }
}
