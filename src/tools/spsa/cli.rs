//! The command line of `menagerie spsa`: its flags, their checks (one
//! `error:` line and exit status 2 for anything wrong, before a game is
//! played), and what it prints.

use super::{Settings, Spec, State};
use crate::arena::openings::{self, Opening};
use crate::outln;
use crate::rules::{Evaluate, Position};
use crate::search::Searcher;
use crate::tools::{datagen, interrupt, number};
use crate::variants::{dispatch, UnknownVariant, VariantVisitor, VARIANTS};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// Flags of `menagerie spsa`. Numbers are read as text so that every bad
/// value gets one `error:` line rather than clap's usage text.
#[derive(clap::Args, Debug)]
pub struct SpsaArgs {
    /// Variant name.
    pub variant: String,
    /// A search parameter to tune (the UCI options `menagerie --tuning` adds):
    /// `name`, `name=start`, `name:c` or `name=start:c`. It starts from the
    /// variant's value unless given; `c` is its perturbation at the end of
    /// the run (default: a tenth of the start, at least 1). Repeat the flag
    /// for each parameter.
    #[arg(long = "param", required = true)]
    pub params: Vec<String>,
    /// Game pairs to play (one opening each, colours swapped).
    #[arg(long, allow_negative_numbers = true)]
    pub pairs: String,
    /// Nodes a move (one-thread fixed-node searches).
    #[arg(long, allow_negative_numbers = true)]
    pub nodes: String,
    /// Threads, each playing one pair at a time (the same seed gives the
    /// same values on any number of threads up to 16).
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    pub threads: String,
    /// Random seed (the perturbations' signs and the openings).
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    pub seed: String,
    /// Openings file (the format of `openings/<variant>.txt`); each pair
    /// starts from one of its lines, drawn at random.
    #[arg(long)]
    pub openings: PathBuf,
    /// The step size at the end relative to the perturbation's square.
    #[arg(long, default_value = "0.002")]
    pub r_end: String,
    /// Print the values every this many pairs (at the end of the batch of
    /// 16 pairs that reaches a multiple of it).
    #[arg(long, default_value = "100", allow_negative_numbers = true)]
    pub report: String,
}

/// One `--param` flag: the name, a start if given, a perturbation if given.
pub fn parse_param(text: &str) -> Result<(String, Option<f64>, Option<f64>), String> {
    let bad = || format!("bad --param '{text}': give name, name=start, name:c or name=start:c");
    let (head, c) = match text.split_once(':') {
        Some((h, c)) => (h, Some(c.trim().parse::<f64>().map_err(|_| bad())?)),
        None => (text, None),
    };
    let (name, start) = match head.split_once('=') {
        Some((n, v)) => (n, Some(v.trim().parse::<f64>().map_err(|_| bad())?)),
        None => (head, None),
    };
    let name = name.trim();
    if name.is_empty() || start.is_some_and(|v| !v.is_finite()) {
        return Err(bad());
    }
    Ok((name.to_string(), start, c))
}

/// The checked command, waiting for its variant.
struct SpsaCmd {
    params: Vec<(String, Option<f64>, Option<f64>)>,
    settings: Settings,
    openings: (String, Vec<Opening>),
    report: u64,
}

/// Checks everything that needs no variant rules and reads the openings.
fn check(a: SpsaArgs) -> Result<SpsaCmd, String> {
    if !VARIANTS.contains(&a.variant.as_str()) {
        return Err(UnknownVariant(a.variant).to_string());
    }
    let mut params = Vec::new();
    for text in &a.params {
        let p = parse_param(text)?;
        if crate::search::Params::DEFAULT.get(&p.0).is_none() {
            return Err(format!("no search parameter {}", p.0));
        }
        if params.iter().any(|q: &(String, _, _)| q.0 == p.0) {
            return Err(format!("--param {} is given twice", p.0));
        }
        params.push(p);
    }
    let r_end: f64 = a
        .r_end
        .trim()
        .parse()
        .ok()
        .filter(|r: &f64| r.is_finite() && *r > 0.0)
        .ok_or_else(|| format!("bad --r-end '{}': give a positive number", a.r_end))?;
    let settings = Settings {
        pairs: number("--pairs", &a.pairs, 1..=100_000_000)?,
        nodes: number("--nodes", &a.nodes, 1..=1_000_000_000)?,
        threads: number("--threads", &a.threads, 1..=256)? as usize,
        seed: number("--seed", &a.seed, 0..=u64::MAX)?,
        r_end,
    };
    let report = number("--report", &a.report, 1..=100_000_000)?;
    let name = a.openings.display().to_string();
    let text = std::fs::read_to_string(&a.openings)
        .map_err(|e| format!("cannot read openings file {name}: {e}"))?;
    // (`parse` refuses a file without an opening.)
    let list = openings::parse(&text).map_err(|e| format!("openings file {name}: {e}"))?;
    Ok(SpsaCmd {
        params,
        settings,
        openings: (name, list),
        report,
    })
}

/// `name=value, ...` with the values rounded as they would be played.
fn values_line(specs: &[Spec], values: &[f64], sep: &str) -> String {
    specs
        .iter()
        .zip(values)
        .map(|(s, &v)| format!("{}={}", s.name, s.played(v)))
        .collect::<Vec<_>>()
        .join(sep)
}

impl VariantVisitor for SpsaCmd {
    type Output = ExitCode;
    fn visit<P: Position + Evaluate>(self) -> ExitCode {
        let fail = |msg: String| {
            eprintln!("error: {msg}");
            ExitCode::from(2)
        };
        let starts = match datagen::starts::<P>(&self.openings.1) {
            Ok(s) => s,
            Err(e) => return fail(format!("openings file {}: {e}", self.openings.0)),
        };
        let base = Searcher::<P>::variant_params();
        let mut specs = Vec::new();
        for (name, start, c) in &self.params {
            let start = start.unwrap_or_else(|| f64::from(base.get(name).unwrap_or(0)));
            match Spec::new(name, start, *c) {
                Ok(s) => specs.push(s),
                Err(e) => return fail(e),
            }
        }
        let s = &self.settings;
        outln!(
            "spsa {}: {} pairs at {} nodes a move, {} threads, seed {}, r_end {}; openings {}",
            P::NAME,
            s.pairs,
            s.nodes,
            s.threads,
            s.seed,
            s.r_end,
            self.openings.0
        );
        for sp in &specs {
            outln!(
                "  {} from {} (range {}..={}, c_end {})",
                sp.name,
                sp.start,
                sp.lo,
                sp.hi,
                sp.c_end
            );
        }
        // Ctrl-C: the pairs in play are dropped, the values so far printed;
        // a second Ctrl-C ends the program at once (`tools::interrupt`).
        static STOP: AtomicBool = AtomicBool::new(false);
        interrupt::install(&STOP);
        let begin = Instant::now();
        let every = self.report;
        let mut shown = 0;
        let mut report = |st: &State| {
            if st.pairs / every > shown {
                shown = st.pairs / every;
                let r = st.results;
                outln!(
                    "pairs {}/{} ({:.0} s): {}  (pair results -2..2: {} {} {} {} {})",
                    st.pairs,
                    s.pairs,
                    begin.elapsed().as_secs_f64(),
                    values_line(&specs, &st.values, " "),
                    r[0],
                    r[1],
                    r[2],
                    r[3],
                    r[4]
                );
            }
        };
        let st = super::run::<P>(&specs, s, &starts, &STOP, &mut report);
        let exact: Vec<String> = specs
            .iter()
            .zip(&st.values)
            .map(|(sp, v)| format!("{}={v:.2}", sp.name))
            .collect();
        outln!(
            "{} after {} pairs in {:.0} s: {}",
            if st.stopped { "stopped" } else { "done" },
            st.pairs,
            begin.elapsed().as_secs_f64(),
            exact.join(" ")
        );
        outln!(
            "engines.ini: options = {}",
            values_line(&specs, &st.values, ", ")
        );
        if st.stopped {
            ExitCode::from(130)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// Runs `menagerie spsa`.
pub fn run(args: SpsaArgs) -> ExitCode {
    let variant = args.variant.clone();
    match check(args).and_then(|cmd| dispatch(&variant, cmd).map_err(|e| e.to_string())) {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
