//! `menagerie tune`: Texel tuning of a variant's evaluation weights.
//!
//! 1. Every data position is resolved to its quiet leaf (quiescence search)
//!    and stored as its evaluation's coefficients ([`data`]).
//! 2. The positions split, by a seeded hash of their index, into a training
//!    set and a held-out tenth that only measures.
//! 3. The scaling constant K, which maps centipawns to an expected result
//!    `sigmoid(K·eval)`, is fitted to the compiled weights by a 1-D search:
//!    it fixes the units, so the weights keep meaning centipawns. Or it is
//!    given (`--k`): with λ > 0, K is in the label too and a smaller K pulls
//!    label and prediction both towards ½, so a K fitted afresh to weights
//!    that were themselves tuned comes out smaller and the weights then grow;
//!    a later round holds the K its starting weights were tuned with.
//! 4. Adam minimises the mean squared difference between `sigmoid(K·eval)`
//!    and the label (the result, blended with `sigmoid(K·score)` by λ) over
//!    shuffled mini-batches, its step constant or decaying (`--lr-end`); the
//!    held-out loss is reported each epoch.
//!    Groups named by `--hold-mean` are moved back after each step so that
//!    their average, weighted by how much the data uses each weight (middle
//!    and end game apart), stays where it started: a piece-square table then
//!    changes shape, not the piece's worth.
//! 5. The weights, rounded, are written as the variant's `weights.rs`
//!    ([`render`]), fixed ones and frozen groups (`--freeze`) untouched.
//!
//! Everything runs on one thread in a fixed order, so a second run from the
//! same data writes the same file byte for byte.

pub mod data;
pub mod render;

use crate::rules::weights::Group;
use crate::rules::Tunable;
use crate::tools::rng::Rng;
use data::{Part, Sample, Samples};

/// The knobs of one run (the command's options).
#[derive(Clone, Debug)]
pub struct Options {
    pub epochs: usize,
    pub seed: u64,
    /// Share of the search score in the label (0: the result alone).
    pub lambda: f64,
    /// Adam's step size, in centipawns.
    pub lr: f64,
    /// The step size of the last epoch: from `lr` the step falls along a
    /// half cosine, so the weights settle instead of stopping at a random
    /// point of the jitter a constant step leaves (None: constant).
    pub lr_end: Option<f64>,
    /// Positions per Adam step.
    pub batch: usize,
    /// K held fixed instead of fitted to the starting weights.
    pub k: Option<f64>,
    /// Groups of the layout (`P::GROUPS` names) held at their starting
    /// values while the rest move: say, the material, so that a round
    /// cannot trade piece values against the other terms.
    pub freeze: Vec<String>,
    /// Groups whose usage-weighted mean (middle game, end game and flat
    /// weights apart) is held at its starting value while their weights
    /// move: their shape is learned, not their level, which other groups
    /// (the material) already say.
    pub hold_mean: Vec<String>,
    /// A weight the data uses less than this (the sum of its coefficients'
    /// sizes: about how many positions have the piece on that cell, each
    /// counted by its share of the taper) stays where it starts. Adam steps
    /// a rarely used weight as far as a common one, so a cell seen in five
    /// positions would otherwise be fitted to those five.
    pub min_use: u32,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            epochs: 50,
            seed: 1,
            lambda: 0.0,
            lr: 1.0,
            lr_end: None,
            batch: 16_384,
            k: None,
            freeze: Vec::new(),
            hold_mean: Vec::new(),
            min_use: 0,
        }
    }
}

/// One epoch's report.
#[derive(Clone, Copy, Debug)]
pub struct Epoch {
    pub epoch: usize,
    pub train_loss: f64,
    pub held_out_loss: f64,
}

/// What a run found.
#[derive(Clone, Debug)]
pub struct Fit {
    pub weights: Vec<i32>,
    pub k: f64,
    pub train: usize,
    pub held_out: usize,
    /// Held-out loss with the initial weights and with the written ones.
    pub loss_before: f64,
    pub loss_after: f64,
}

/// Weights never leave this range (an evaluation sum must not overflow).
const LIMIT: f64 = 30_000.0;

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The sample's evaluation (White's side) with weights `w`.
#[inline]
fn eval(s: &Sample, feats: &[(u16, f32)], w: &[f64]) -> f64 {
    feats[s.start as usize..s.end as usize]
        .iter()
        .map(|&(i, c)| c as f64 * w[i as usize])
        .sum::<f64>()
        + s.rest
}

fn target(s: &Sample, k: f64, lambda: f64) -> f64 {
    (1.0 - lambda) * s.result + lambda * sigmoid(k * s.score)
}

/// Mean squared error over the samples `idx`.
fn loss(set: &Samples, idx: &[usize], w: &[f64], k: f64, lambda: f64) -> f64 {
    let total: f64 = idx
        .iter()
        .map(|&i| {
            let s = &set.list[i];
            let d = sigmoid(k * eval(s, &set.feats, w)) - target(s, k, lambda);
            d * d
        })
        .sum();
    total / idx.len().max(1) as f64
}

/// The K minimising the loss of `w` on `idx`: a scan over a logarithmic
/// grid, then golden-section search around the best point (the loss is
/// smooth and, near its minimum, unimodal in K).
fn fit_k(set: &Samples, idx: &[usize], w: &[f64], lambda: f64) -> f64 {
    let (lo, hi, steps) = (1e-4f64.ln(), 0.1f64.ln(), 60);
    let at = |j: usize| lo + (hi - lo) * j as f64 / steps as f64;
    let f = |ln_k: f64| loss(set, idx, w, ln_k.exp(), lambda);
    let best = (0..=steps)
        .map(|j| (j, f(at(j))))
        .fold((0, f64::INFINITY), |b, x| if x.1 < b.1 { x } else { b })
        .0;
    let (mut a, mut b) = (at(best.saturating_sub(1)), at((best + 1).min(steps)));
    let r = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            b = d;
            d = c;
            fd = fc;
            c = b - r * (b - a);
            fc = f(c);
        } else {
            a = c;
            c = d;
            fc = fd;
            d = a + r * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// Adam's step size in epoch `epoch` (1-based) of `opts.epochs`.
pub fn step_size(opts: &Options, epoch: usize) -> f64 {
    match opts.lr_end {
        None => opts.lr,
        Some(end) if opts.epochs > 1 => {
            let t = (epoch.max(1) - 1) as f64 / (opts.epochs - 1) as f64;
            end + (opts.lr - end) * (1.0 + (std::f64::consts::PI * t.min(1.0)).cos()) / 2.0
        }
        Some(end) => end,
    }
}

/// Whether sample `i` is held out: a seeded hash, so the split does not
/// follow the data's order (games are written one after another).
fn held_out(seed: u64, i: usize) -> bool {
    Rng::new(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .next_u64()
        .is_multiple_of(10)
}

/// Which weights the groups named in `names` cover; an unknown name is an
/// error that names the `option` and lists the layout's groups.
pub fn group_weights<P: Tunable>(option: &str, names: &[String]) -> Result<Vec<bool>, String> {
    let mut covered = vec![false; P::WEIGHTS.len()];
    for g in groups::<P>(option, names)? {
        covered[g.start..g.start + g.len].fill(true);
    }
    Ok(covered)
}

/// The groups named in `names`; an unknown name is an error that names the
/// `option` and lists the layout's groups.
fn groups<P: Tunable>(option: &str, names: &[String]) -> Result<Vec<&'static Group>, String> {
    names
        .iter()
        .map(|name| {
            P::GROUPS
                .iter()
                .find(|g| g.name == name.as_str())
                .ok_or_else(|| {
                    let all: Vec<&str> = P::GROUPS.iter().map(|g| g.name).collect();
                    format!(
                        "{option}: {} has no weight group {name:?} (its groups: {})",
                        P::NAME,
                        all.join(", ")
                    )
                })
        })
        .collect()
}

/// Checks both group options' names (before the data is read).
fn check_groups<P: Tunable>(opts: &Options) -> Result<(), String> {
    group_weights::<P>("--freeze", &opts.freeze)?;
    group_weights::<P>("--hold-mean", &opts.hold_mean).map(|_| ())
}

/// A set of weights whose usage-weighted mean is held: the weights, their
/// usage, and the mean to keep.
struct Held {
    members: Vec<(usize, f64)>,
    mean: f64,
}

impl Held {
    /// One set per group of `opts.hold_mean` and part (middle game, end
    /// game, flat), of the free weights the data uses.
    fn sets<P: Tunable>(
        set: &Samples,
        free: &[bool],
        w: &[f64],
        opts: &Options,
    ) -> Result<Vec<Held>, String> {
        let mut sets = Vec::new();
        for g in groups::<P>("--hold-mean", &opts.hold_mean)? {
            for part in [Part::Middle, Part::End, Part::Flat] {
                let members: Vec<(usize, f64)> = (g.start..g.start + g.len)
                    .filter(|&j| free[j] && j < set.usage.len() && set.usage[j] > 0.0)
                    .filter(|&j| set.part[j] == part)
                    .map(|j| (j, set.usage[j]))
                    .collect();
                if !members.is_empty() {
                    let mean = Held::mean_of(&members, w);
                    sets.push(Held { members, mean });
                }
            }
        }
        Ok(sets)
    }

    fn mean_of(members: &[(usize, f64)], w: &[f64]) -> f64 {
        let total: f64 = members.iter().map(|m| m.1).sum();
        members.iter().map(|&(j, u)| u * w[j]).sum::<f64>() / total
    }

    /// Shifts the set's weights alike so that their mean is the held one.
    fn restore(&self, w: &mut [f64]) {
        let shift = self.mean - Held::mean_of(&self.members, w);
        for &(j, _) in &self.members {
            w[j] += shift;
        }
    }
}

/// Fits the weights of `P` to `set`, starting from `initial`; `report` hears
/// each epoch. Errors on a data set too small to split or an unknown group
/// to freeze.
pub fn fit<P: Tunable>(
    set: &Samples,
    initial: &[i32],
    opts: &Options,
    report: &mut dyn FnMut(Epoch),
) -> Result<Fit, String> {
    check_groups::<P>(opts)?;
    let frozen = group_weights::<P>("--freeze", &opts.freeze)?;
    let n = set.list.len();
    if n < 2 {
        return Err(format!(
            "the data has {n} usable position(s) ({} read, {} skipped as decided or unresolvable): nothing to tune",
            set.lines, set.skipped
        ));
    }
    let (mut test, mut train): (Vec<usize>, Vec<usize>) =
        (0..n).partition(|&i| held_out(opts.seed, i));
    if test.is_empty() {
        test.push(train.remove(0));
    } else if train.is_empty() {
        train.push(test.remove(0));
    }
    let mut w: Vec<f64> = initial.iter().map(|&x| x as f64).collect();
    let k = opts
        .k
        .unwrap_or_else(|| fit_k(set, &train, &w, opts.lambda));
    let loss_before = loss(set, &test, &w, k, opts.lambda);
    let rare = |i: usize| set.usage.get(i).copied().unwrap_or(0.0) < f64::from(opts.min_use);
    let free: Vec<bool> = (0..w.len())
        .map(|i| !P::is_fixed(i) && !frozen[i] && !rare(i))
        .collect();
    let held = Held::sets::<P>(set, &free, &w, opts)?;
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-8);
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let mut grad = vec![0.0; w.len()];
    let mut step = 0;
    let mut rng = Rng::new(opts.seed.wrapping_add(0x5EED));
    let mut order = train.clone();
    for epoch in 1..=opts.epochs {
        let lr = step_size(opts, epoch);
        for i in (1..order.len()).rev() {
            order.swap(i, rng.below(i + 1));
        }
        for batch in order.chunks(opts.batch.max(1)) {
            grad.iter_mut().for_each(|g| *g = 0.0);
            let scale = 2.0 * k / batch.len() as f64;
            for &i in batch {
                let s = &set.list[i];
                let p = sigmoid(k * eval(s, &set.feats, &w));
                let g = scale * (p - target(s, k, opts.lambda)) * p * (1.0 - p);
                for &(j, c) in &set.feats[s.start as usize..s.end as usize] {
                    grad[j as usize] += g * c as f64;
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - b1.powi(step), 1.0 - b2.powi(step));
            for j in 0..w.len() {
                if !free[j] {
                    continue;
                }
                m[j] = b1 * m[j] + (1.0 - b1) * grad[j];
                v[j] = b2 * v[j] + (1.0 - b2) * grad[j] * grad[j];
                w[j] -= lr * (m[j] / c1) / ((v[j] / c2).sqrt() + eps);
                w[j] = w[j].clamp(-LIMIT, LIMIT);
            }
            for h in &held {
                h.restore(&mut w);
            }
        }
        report(Epoch {
            epoch,
            train_loss: loss(set, &train, &w, k, opts.lambda),
            held_out_loss: loss(set, &test, &w, k, opts.lambda),
        });
    }
    let weights: Vec<i32> = w
        .iter()
        .zip(initial)
        .zip(&free)
        .map(|((&x, &init), &f)| if f { x.round() as i32 } else { init })
        .collect();
    let rounded: Vec<f64> = weights.iter().map(|&x| x as f64).collect();
    Ok(Fit {
        loss_after: loss(set, &test, &rounded, k, opts.lambda),
        weights,
        k,
        train: train.len(),
        held_out: test.len(),
        loss_before,
    })
}

/// The whole command: reads `files`, fits, and returns the weights file's
/// text and the fit (the caller writes the file, so a failure writes
/// nothing). Every error is one line naming the file and line.
pub fn run<P: Tunable>(
    files: &[String],
    opts: &Options,
    report: &mut dyn FnMut(Epoch),
) -> Result<(String, Fit), String> {
    if files.is_empty() {
        return Err("no data: give --data FILE...".to_string());
    }
    // An unknown group fails before the data is read (which takes minutes).
    check_groups::<P>(opts)?;
    let mut set = Samples::default();
    let mut infos = Vec::new();
    for f in files {
        infos.push(data::read_file::<P>(f, &mut set).map_err(|e| e.to_string())?);
    }
    let fit = fit::<P>(&set, P::WEIGHTS, opts, report)?;
    let text = render::render::<P>(
        &fit.weights,
        &render::made_by::<P>(opts, &infos, &fit, &set),
    );
    Ok((text, fit))
}

/// Synthetic data for tests and for checking the pipeline end to end:
/// `count` positions from seeded random walks (4 to 60 random plies from the
/// start), each labelled with the expected result `sigmoid(k·eval)` that the
/// weights `w` give its quiet leaf, and a score of 0. A tuner started from
/// other weights should find its way back to `w` on it.
pub fn synthetic<P: Tunable>(count: usize, seed: u64, w: &[i32], k: f64) -> String {
    use crate::rules::{GenKind, MoveList};
    let mut rng = Rng::new(seed);
    let mut out = String::new();
    let mut made = 0;
    while made < count {
        let mut pos = P::startpos();
        let plies = 4 + rng.below(57);
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos = pos.play(list[rng.below(list.len())]);
        }
        let Some(q) = crate::search::quiet_leaf(&pos) else {
            continue;
        };
        let e = q.leaf.trace().white_eval(w, P::PHASE_MAX);
        out.push_str(&format!(
            "{} | 0 | {:.6}\n",
            pos.to_fen(),
            sigmoid(k * e as f64)
        ));
        made += 1;
    }
    out
}

#[cfg(test)]
mod tests;
