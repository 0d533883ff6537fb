//! Writing weights in the form the build compiles in: a variant's
//! `weights.rs`, one commented line per group of its layout, with a header
//! that names the command and the data that made it (so a weights file can
//! always be traced back and made again).

use super::data::{FileInfo, Samples};
use super::{Fit, Options};
use crate::rules::Tunable;

/// The header lines saying how the weights were made.
pub fn made_by<P: Tunable>(
    opts: &Options,
    files: &[FileInfo],
    fit: &Fit,
    set: &Samples,
) -> Vec<String> {
    let names: Vec<&str> = files.iter().map(|f| f.name.as_str()).collect();
    let fixed_k = opts.k.map_or(String::new(), |k| format!(" --k {k}"));
    let lr_end = opts
        .lr_end
        .map_or(String::new(), |e| format!(" --lr-end {e}"));
    let freeze = if opts.freeze.is_empty() {
        String::new()
    } else {
        format!(" --freeze {}", opts.freeze.join(","))
    };
    let hold_mean = if opts.hold_mean.is_empty() {
        String::new()
    } else {
        format!(" --hold-mean {}", opts.hold_mean.join(","))
    };
    let min_use = if opts.min_use == 0 {
        String::new()
    } else {
        format!(" --min-use {}", opts.min_use)
    };
    let mut lines = vec![format!(
        "Made by `menagerie tune {} --data {} --epochs {} --seed {} --lambda {} --lr {}{lr_end} --batch {}{fixed_k}{freeze}{hold_mean}{min_use}`",
        P::NAME,
        names.join(" "),
        opts.epochs,
        opts.seed,
        opts.lambda,
        opts.lr,
        opts.batch
    )];
    for f in files {
        lines.push(format!(
            "from {} ({} lines, FNV-1a {:016x});",
            f.name, f.lines, f.hash
        ));
    }
    lines.push(format!(
        "{} positions used ({} for training, {} held out), {} skipped as decided or unresolvable;",
        fit.train + fit.held_out,
        fit.train,
        fit.held_out,
        set.skipped
    ));
    lines.push(format!(
        "K = {:.6}; held-out loss {:.6} with the weights before, {:.6} with these.",
        fit.k, fit.loss_before, fit.loss_after
    ));
    lines
}

/// The text of `P`'s weights file with weights `w` and the header lines `made_by`.
pub fn render<P: Tunable>(w: &[i32], made_by: &[String]) -> String {
    let mut out = format!(
        "//! Weights of the `{}` evaluation, in the layout of `eval.rs`\n\
         //! (`menagerie tune` writes this file: docs/learning.md, \"Tuning\").\n//!\n",
        P::NAME
    );
    for line in made_by {
        out.push_str(&format!("//! {line}\n"));
    }
    out.push_str(&format!(
        "\n#[rustfmt::skip]\npub const WEIGHTS: [i32; {}] = [\n",
        w.len()
    ));
    for g in P::GROUPS {
        out.push_str(&format!("    // {}\n", g.name));
        // A long group (a piece-square table) keeps to lines of 32.
        for line in w[g.start..g.start + g.len].chunks(32) {
            let values: Vec<String> = line.iter().map(|x| x.to_string()).collect();
            out.push_str(&format!("    {},\n", values.join(", ")));
        }
    }
    out.push_str("];\n");
    out
}
