//! The `menagerie` command line. Subcommands run tools; see `menagerie --help`.

use clap::{Parser, Subcommand};
use menagerie::protocol;
use menagerie::rules::{Evaluate, Position, Tunable};
use menagerie::tools::{bench, datagen, interrupt, number, perft, show};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use menagerie::{out, outln};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "menagerie",
    version,
    about = "An engine for unusual chess variants"
)]
struct Cli {
    /// Speak this protocol from the first line instead of detecting it (with no
    /// subcommand, the engine loop starts and the first command, `xboard` or
    /// `uci`, picks the protocol).
    #[arg(long, value_enum)]
    protocol: Option<ProtocolArg>,
    /// List the search's tunable parameters among the UCI options (for SPSA
    /// tuners). They are accepted by `setoption` either way.
    #[arg(long)]
    tuning: bool,
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Clone, Copy, clap::ValueEnum)]
enum ProtocolArg {
    Xboard,
    Uci,
}

#[derive(Subcommand)]
enum Command {
    /// Count the leaves of the legal move tree (move generator check and speed test).
    Perft {
        /// Variant name (chess, trubix, fugue, trebuqi, trebuqi2, trebuqi3, bandit).
        variant: String,
        /// Depth in plies, 1 to 20 (deep counts take hours: progress is shown
        /// on a terminal, and Ctrl-C stops with the partial count). Read as
        /// text (negative numbers too) so that every bad value gets our
        /// one-line `error:` message.
        #[arg(allow_negative_numbers = true)]
        depth: String,
        /// Start from this FEN instead of the variant's start position.
        #[arg(long)]
        fen: Option<String>,
        /// Print `<move>: <count>` for every root move.
        #[arg(long)]
        divide: bool,
        /// Threads to split the work across (read as text, like the depth).
        #[arg(long, default_value = "1", allow_negative_numbers = true)]
        threads: String,
    },
    /// Print a diagram of a position (the variant's start position or a FEN)
    /// and the key to its piece letters.
    Show {
        /// Variant name.
        variant: String,
        /// The position to show instead of the start position.
        #[arg(long)]
        fen: Option<String>,
        /// Print the variant's rules in short first (the full rules are in
        /// docs/rules/<variant>.md).
        #[arg(long)]
        rules: bool,
    },
    /// Play a match between two engines of engines.ini, refereed by our rules.
    Match(Box<menagerie::arena::cli::MatchArgs>),
    /// A one-ply material-only UCI player (the baseline opponent).
    Baseline {
        #[arg(long, default_value_t = 0)]
        seed: u64,
    },
    /// Write an openings file for `match --openings`: balanced random lines
    /// (random legal plies from the start, kept if a fixed-depth search scores
    /// them near equality), one `startpos moves ...` per line. Deterministic.
    Openings {
        /// Variant name.
        variant: String,
        /// Openings to write.
        #[arg(long, default_value_t = 20)]
        count: usize,
        /// Random plies from the start position.
        #[arg(long, default_value_t = 6)]
        plies: usize,
        /// Random seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Depth of the balance check (one thread, fixed).
        #[arg(long, default_value_t = 7)]
        depth: u32,
        /// Keep lines scored within this many centipawns of equality.
        #[arg(long, default_value_t = 60)]
        max_cp: i32,
    },
    /// Self-play training positions for learning an evaluation (docs/learning.md).
    ///
    /// One line per quiet position, `FEN | score | result` (centipawns and
    /// result for White, the text format bullet-utils reads). Deterministic
    /// for a seed and any --threads; `--shard I/N` plays games I, I+N, ... so
    /// that shards run on many machines and `cat` merges them.
    Datagen(DatagenArgs),
    /// Texel-tune a variant's evaluation weights on `FEN | score | result`
    /// lines (`menagerie datagen`'s format) and write them as the variant's
    /// `weights.rs` (docs/learning.md, "Tuning"). Deterministic.
    Tune {
        /// Variant name.
        variant: String,
        /// Data files, one position a line: `FEN | score | result` (score in
        /// centipawns and result 1.0 / 0.5 / 0.0, both from White's side).
        #[arg(long, num_args = 1.., required = true)]
        data: Vec<String>,
        /// Passes over the training positions.
        #[arg(long, default_value_t = 50)]
        epochs: usize,
        /// Where to write the weights; the variant's compiled-in file
        /// (`src/variants/<name>/weights.rs`) by default.
        #[arg(long)]
        out: Option<String>,
        /// Seeds the held-out split and the shuffling.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Share of the search score in the label, 0 to 1 (0: the game
        /// result alone).
        #[arg(long, default_value_t = 0.0)]
        lambda: f64,
        /// Adam's step size in centipawns.
        #[arg(long, default_value_t = 1.0)]
        lr: f64,
        /// The step size of the last epoch (from --lr along a half cosine);
        /// constant without it.
        #[arg(long)]
        lr_end: Option<f64>,
        /// Positions per Adam step.
        #[arg(long, default_value_t = 16384)]
        batch: usize,
        /// Holds the scaling constant K (expected result `sigmoid(K·eval)`)
        /// at this value instead of fitting it to the starting weights, to
        /// keep an earlier round's scale.
        #[arg(long)]
        k: Option<f64>,
        /// Weight groups held at their starting values (the names in the
        /// weights file's comments, comma-separated: e.g. MATERIAL).
        #[arg(long, value_delimiter = ',')]
        freeze: Vec<String>,
        /// Weight groups whose average, weighted by how much the data uses
        /// each weight (middle and end game apart), is held where it starts
        /// while the weights move: a piece-square table learns its shape, not
        /// the piece's worth (comma-separated group names).
        #[arg(long, value_delimiter = ',')]
        hold_mean: Vec<String>,
        /// Weights the data uses less than this (about that many positions
        /// with the piece on the cell) stay where they start instead of
        /// being fitted to the few positions that have them.
        #[arg(long, default_value_t = 0)]
        min_use: u32,
    },
    /// A board in the web browser to play, watch and analyse every variant:
    /// starts a local web server, prints its URL and opens the browser.
    Gui {
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Address to listen on. Anything but a loopback address lets other
        /// machines open the board (a warning says so).
        #[arg(long, default_value = "127.0.0.1")]
        host: String,
        /// Print the URL without opening a browser.
        #[arg(long)]
        no_open: bool,
        /// The engines offered for engine-against-engine games (default:
        /// where `menagerie match` looks for engines.ini).
        #[arg(long)]
        config: Option<std::path::PathBuf>,
    },
    /// Tune search parameters by self-play (SPSA over fixed-node game pairs,
    /// inside the process); prints the values every --report pairs and an
    /// `options =` line for engines.ini at the end (docs/strength.md, "SPSA").
    Spsa(Box<menagerie::tools::spsa::cli::SpsaArgs>),
    /// Search fixed positions to a fixed depth (1 thread): the node signature
    /// and speed; the last line is `<N> nodes <M> nps`.
    Bench {
        /// Variant name; all variants when omitted.
        variant: Option<String>,
        /// Depth in plies.
        #[arg(long, default_value_t = bench::DEFAULT_DEPTH)]
        depth: u32,
        /// Search threads. With more than one the node count is no longer a
        /// signature (threads race); per-position times then measure Lazy
        /// SMP's time to depth (scripts/smp-ttd.sh).
        #[arg(long, default_value_t = 1)]
        threads: usize,
        /// Search these positions instead of the built-in ones: a file in the
        /// form of `openings/<variant>.txt` (needs a variant).
        #[arg(long)]
        positions: Option<std::path::PathBuf>,
    },
}

// `datagen`'s arguments. Numbers are read as text so that every bad value
// gets one `error:` line from `datagen_cmd` rather than clap's usage text.
#[derive(clap::Args)]
struct DatagenArgs {
    /// Variant name.
    variant: String,
    /// Games of the whole run (all shards together).
    #[arg(long, allow_negative_numbers = true)]
    games: String,
    /// Nodes per move (one-thread fixed-node search).
    #[arg(long, allow_negative_numbers = true)]
    nodes: String,
    /// Games played at once, each on one thread.
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    threads: String,
    /// Random seed: game g's seed comes from (seed, g).
    #[arg(long, default_value = "1", allow_negative_numbers = true)]
    seed: String,
    /// Append the positions to this file (standard output if omitted).
    #[arg(long)]
    out: Option<std::path::PathBuf>,
    /// Start games from the lines of this openings file (the format of
    /// openings/<variant>.txt) instead of the start position.
    #[arg(long)]
    openings: Option<std::path::PathBuf>,
    /// Random legal plies after the opening, before the balance check
    /// [default: 8 from the start position, 2 after an openings line].
    #[arg(long, allow_negative_numbers = true)]
    random_plies: Option<String>,
    /// Play only games I, I+N, I+2N, ... of the run (0 <= I < N).
    #[arg(long, default_value = "0/1")]
    shard: String,
}

/// The one line printed on standard error when the engine loop starts on a
/// terminal (a GUI's pipe gets nothing).
fn start_hint(forced: Option<ProtocolArg>) -> &'static str {
    match forced {
        None => {
            "menagerie: waiting for a protocol command: type `uci` or `xboard` \
             (`quit` to leave; `menagerie --help` lists the other commands)"
        }
        Some(ProtocolArg::Uci) => {
            "menagerie: speaking UCI: type `isready`, `position startpos`, `go depth 5` \
             (`quit` to leave; `menagerie --help` lists the other commands)"
        }
        Some(ProtocolArg::Xboard) => {
            "menagerie: speaking XBoard (CECP): type `new`, `go` \
             (`quit` to leave; `menagerie --help` lists the other commands)"
        }
    }
}

/// The deepest perft accepted (the help text of `perft`'s depth says so too).
const MAX_PERFT_DEPTH: u32 = 20;

/// A usage error: one line on standard error, exit status 2.
fn fail(msg: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {msg}");
    ExitCode::from(2)
}

struct ShowCmd {
    fen: Option<String>,
    rules: bool,
}

impl VariantVisitor for ShowCmd {
    type Output = ExitCode;
    fn visit<P: Position + Evaluate>(self) -> ExitCode {
        let pos = match &self.fen {
            Some(fen) => match P::from_fen(fen) {
                Ok(p) => p,
                Err(e) => return fail(format!("bad FEN for {}: {e}", P::NAME)),
            },
            None => P::startpos(),
        };
        if self.rules {
            let summary = show::rules_document(P::NAME).and_then(show::rules_summary);
            if let Some(text) = summary {
                outln!("{text}\n");
            }
        }
        out!("{}", pos.diagram());
        outln!("FEN: {}", pos.to_fen());
        out!("{}", show::piece_key::<P>());
        ExitCode::SUCCESS
    }
}

struct PerftCmd {
    fen: Option<String>,
    depth: u32,
    divide: bool,
    threads: usize,
}

impl VariantVisitor for PerftCmd {
    type Output = ExitCode;
    fn visit<P: Position + Evaluate>(self) -> ExitCode {
        let pos = match &self.fen {
            Some(fen) => match P::from_fen(fen) {
                Ok(p) => p,
                Err(e) => return fail(format!("bad FEN for {}: {e}", P::NAME)),
            },
            None => P::startpos(),
        };
        // Ctrl-C stops the count cleanly with what is counted so far; a
        // second Ctrl-C ends the program at once (`tools::interrupt`).
        static STOP: AtomicBool = AtomicBool::new(false);
        interrupt::install(&STOP);
        let start = Instant::now();
        let mut progress = PerftProgress::new(start);
        let counts = perft::divide_reporting(&pos, self.depth, self.threads, &STOP, &mut |p| {
            progress.show(p)
        });
        progress.finish();
        if self.divide {
            for (m, n) in &counts {
                outln!("{}: {n}", pos.format_move(*m));
            }
            outln!();
        }
        let nodes: u64 = counts.iter().map(|&(_, n)| n).sum();
        let secs = start.elapsed().as_secs_f64();
        eprintln!(
            "time {:.3} s, {:.0} nodes/s",
            secs,
            nodes as f64 / secs.max(1e-9)
        );
        let roots = pos.count_moves();
        if counts.len() < roots {
            outln!(
                "Partial count: {nodes} nodes (stopped after {} of {roots} root moves)",
                counts.len()
            );
            return ExitCode::from(130);
        }
        outln!("Nodes searched: {nodes}");
        ExitCode::SUCCESS
    }
}

/// Perft's progress line on standard error: root moves done, nodes so far,
/// elapsed time and a rough estimate of the rest (root subtrees differ in
/// size, so it is only a guess). On a terminal one line is rewritten in place
/// a few times a second; otherwise (a log file) a line is written every half
/// minute of a long run, so quick runs print nothing extra.
struct PerftProgress {
    start: Instant,
    last: Instant,
    on_terminal: bool,
    shown: bool,
}

impl PerftProgress {
    fn new(start: Instant) -> Self {
        PerftProgress {
            start,
            last: start,
            on_terminal: std::io::stderr().is_terminal(),
            shown: false,
        }
    }

    fn show(&mut self, p: perft::Progress) {
        let interval = if self.on_terminal { 0.25 } else { 30.0 };
        if self.last.elapsed().as_secs_f64() < interval || p.roots_done == p.roots {
            return;
        }
        self.last = Instant::now();
        let elapsed = self.start.elapsed().as_secs_f64();
        let left = elapsed * (p.roots - p.roots_done) as f64 / p.roots_done as f64;
        let line = format!(
            "perft: {} of {} root moves, {} nodes, {elapsed:.1} s (about {left:.0} s left; Ctrl-C stops)",
            p.roots_done, p.roots, p.nodes
        );
        if self.on_terminal {
            eprint!("\r{line}\x1b[K");
        } else {
            eprintln!("{line}");
        }
        self.shown = true;
    }

    /// Clears the terminal's progress line.
    fn finish(&self) {
        if self.on_terminal && self.shown {
            eprint!("\r\x1b[K");
        }
    }
}

struct OpeningsCmd {
    count: usize,
    plies: usize,
    seed: u64,
    depth: u32,
    max_cp: i32,
}

impl VariantVisitor for OpeningsCmd {
    type Output = ExitCode;
    fn visit<P: Position + Evaluate>(self) -> ExitCode {
        let lines = menagerie::tools::openings::balanced::<P>(
            self.count,
            self.plies,
            self.seed,
            self.depth,
            self.max_cp,
        );
        outln!(
            "# {} openings for `menagerie match --openings`, written by\n\
             # `menagerie openings {} --count {} --plies {} --seed {} --depth {} --max-cp {}`:\n\
             # {} random legal plies from the start, kept when a {}-ply search scores\n\
             # them within {} centipawns (score after the line, side to move's view).",
            P::NAME,
            P::NAME,
            self.count,
            self.plies,
            self.seed,
            self.depth,
            self.max_cp,
            self.plies,
            self.depth,
            self.max_cp
        );
        for (o, cp) in &lines {
            outln!("startpos moves {} # {cp:+}", o.join(" "));
        }
        if lines.len() < self.count {
            eprintln!(
                "only {} of {} openings found: raise --max-cp or lower --plies",
                lines.len(),
                self.count
            );
        }
        if lines.is_empty() {
            ExitCode::from(1)
        } else {
            ExitCode::SUCCESS
        }
    }
}

/// `datagen`, once its arguments are checked: the openings file is checked
/// against the variant's rules and the output opened only then, so bad
/// input writes nothing.
struct DatagenCmd {
    settings: datagen::Settings,
    openings: Option<(String, Vec<menagerie::arena::openings::Opening>)>,
    out: Option<std::path::PathBuf>,
}

impl VariantVisitor for DatagenCmd {
    type Output = ExitCode;
    fn visit<P: Position + Evaluate>(self) -> ExitCode {
        let starts = match &self.openings {
            Some((path, list)) => match datagen::starts::<P>(list) {
                Ok(s) => s,
                Err(e) => return fail(format!("openings file {path}: {e}")),
            },
            None => datagen::starts::<P>(&[menagerie::arena::openings::Opening {
                fen: None,
                moves: Vec::new(),
            }])
            .expect("the start position is a legal opening"),
        };
        let mut out: Box<dyn std::io::Write> = match &self.out {
            // Append: several runs (or shards run one after another) can
            // share a file, and each game is written whole.
            Some(path) => match std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
            {
                Ok(f) => Box::new(f),
                Err(e) => return fail(format!("cannot open {}: {e}", path.display())),
            },
            None => Box::new(std::io::stdout().lock()),
        };
        // Ctrl-C: the games in play are dropped, the finished ones are
        // written; a second Ctrl-C ends the program at once (`tools::interrupt`).
        static STOP: AtomicBool = AtomicBool::new(false);
        interrupt::install(&STOP);
        let progress = std::io::stderr().is_terminal();
        let s = &self.settings;
        match datagen::run::<P>(s, &starts, &mut out, &STOP, progress) {
            Ok(sum) => {
                eprintln!(
                    "datagen {}: {} game{} (White +{} ={} -{}, {:.0} plies each), {} positions \
                     in {:.1} s, {:.0} positions/s (nodes {}, threads {}, shard {}/{}){}{}",
                    P::NAME,
                    sum.games,
                    if sum.games == 1 { "" } else { "s" },
                    sum.white[0],
                    sum.white[1],
                    sum.white[2],
                    sum.plies as f64 / sum.games.max(1) as f64,
                    sum.positions,
                    sum.time.as_secs_f64(),
                    sum.positions_per_second(),
                    s.nodes,
                    s.threads,
                    s.shard.index,
                    s.shard.count,
                    if sum.no_opening > 0 {
                        format!("; {} games found no balanced opening", sum.no_opening)
                    } else {
                        String::new()
                    },
                    if sum.stopped { "; stopped" } else { "" }
                );
                if sum.stopped {
                    ExitCode::from(130)
                } else {
                    ExitCode::SUCCESS
                }
            }
            Err(e) => {
                eprintln!("error: writing the positions: {e}");
                ExitCode::from(1)
            }
        }
    }
}

/// Checks `datagen`'s arguments (everything that needs no variant rules)
/// and reads the openings file.
fn datagen_cmd(a: DatagenArgs) -> Result<DatagenCmd, String> {
    if !VARIANTS.contains(&a.variant.as_str()) {
        return Err(menagerie::variants::UnknownVariant(a.variant).to_string());
    }
    let games = number("--games", &a.games, 1..=1_000_000_000_000)?;
    let nodes = number("--nodes", &a.nodes, 1..=1_000_000_000)?;
    let threads = number("--threads", &a.threads, 1..=256)? as usize;
    let seed = number("--seed", &a.seed, 0..=u64::MAX)?;
    let shard = datagen::Shard::parse(&a.shard)?;
    let openings = match a.openings {
        None => None,
        Some(path) => {
            let name = path.display().to_string();
            let text = std::fs::read_to_string(&path)
                .map_err(|e| format!("cannot read openings file {name}: {e}"))?;
            let list = menagerie::arena::openings::parse(&text)
                .map_err(|e| format!("openings file {name}: {e}"))?;
            Some((name, list))
        }
    };
    let random_plies = match &a.random_plies {
        Some(text) => number("--random-plies", text, 0..=200)? as usize,
        None if openings.is_some() => 2,
        None => 8,
    };
    Ok(DatagenCmd {
        settings: datagen::Settings {
            games,
            nodes,
            threads,
            seed,
            random_plies,
            shard,
        },
        openings,
        out: a.out,
    })
}

struct TuneCmd {
    data: Vec<String>,
    out: Option<String>,
    opts: menagerie::tools::tune::Options,
}

impl VariantVisitor for TuneCmd {
    type Output = ExitCode;
    fn visit<P: Tunable>(self) -> ExitCode {
        let mut report = |e: menagerie::tools::tune::Epoch| {
            outln!(
                "epoch {:>4}  train loss {:.6}  held-out loss {:.6}",
                e.epoch,
                e.train_loss,
                e.held_out_loss
            );
        };
        let (text, fit) =
            match menagerie::tools::tune::run::<P>(&self.data, &self.opts, &mut report) {
                Ok(x) => x,
                Err(e) => return fail(e),
            };
        let out = self.out.unwrap_or_else(|| P::WEIGHTS_FILE.to_string());
        if let Err(e) = std::fs::write(&out, text) {
            return fail(format!("cannot write {out}: {e}"));
        }
        outln!(
            "K {:.6}, held-out loss {:.6} -> {:.6} ({} training, {} held-out positions); wrote {out}",
            fit.k, fit.loss_before, fit.loss_after, fit.train, fit.held_out
        );
        ExitCode::SUCCESS
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Perft {
            variant,
            depth,
            fen,
            divide,
            threads,
        }) => {
            let depth: u32 = match depth.parse() {
                Ok(d) if (1..=MAX_PERFT_DEPTH).contains(&d) => d,
                _ => {
                    return fail(format!(
                        "bad depth '{depth}': give a whole number from 1 to {MAX_PERFT_DEPTH}"
                    ))
                }
            };
            let threads: usize = match threads.parse() {
                Ok(t) if (1..=256).contains(&t) => t,
                _ => {
                    return fail(format!(
                        "bad --threads '{threads}': give a whole number from 1 to 256"
                    ))
                }
            };
            let cmd = PerftCmd {
                fen,
                depth,
                divide,
                threads,
            };
            dispatch(&variant, cmd).unwrap_or_else(fail)
        }
        Some(Command::Show {
            variant,
            fen,
            rules,
        }) => dispatch(&variant, ShowCmd { fen, rules }).unwrap_or_else(fail),
        Some(Command::Match(args)) => menagerie::arena::cli::run(*args),
        Some(Command::Spsa(args)) => menagerie::tools::spsa::cli::run(*args),
        Some(Command::Baseline { seed }) => {
            menagerie::protocol::run_baseline(seed);
            ExitCode::SUCCESS
        }
        Some(Command::Openings {
            variant,
            count,
            plies,
            seed,
            depth,
            max_cp,
        }) => {
            if !(1..=10_000).contains(&count) || plies > 200 || !(1..=30).contains(&depth) {
                return fail("--count takes 1 to 10000, --plies 0 to 200, --depth 1 to 30");
            }
            let cmd = OpeningsCmd {
                count,
                plies,
                seed,
                depth,
                max_cp,
            };
            dispatch(&variant, cmd).unwrap_or_else(fail)
        }
        Some(Command::Datagen(args)) => {
            let variant = args.variant.clone();
            match datagen_cmd(args) {
                Ok(cmd) => dispatch(&variant, cmd).unwrap_or_else(fail),
                Err(e) => fail(e),
            }
        }
        Some(Command::Tune {
            variant,
            data,
            epochs,
            out,
            seed,
            lambda,
            lr,
            lr_end,
            batch,
            k,
            freeze,
            hold_mean,
            min_use,
        }) => {
            if !(0.0..=1.0).contains(&lambda) {
                return fail("--lambda takes a number from 0 to 1");
            }
            if !(lr.is_finite() && lr > 0.0) || batch == 0 || epochs > 100_000 {
                return fail(
                    "--lr takes a positive number, --batch at least 1, --epochs at most 100000",
                );
            }
            if lr_end.is_some_and(|e| !(e.is_finite() && e > 0.0)) {
                return fail("--lr-end takes a positive number");
            }
            if k.is_some_and(|k| !(k.is_finite() && k > 0.0 && k <= 1.0)) {
                return fail("--k takes a number above 0, at most 1");
            }
            let opts = menagerie::tools::tune::Options {
                epochs,
                seed,
                lambda,
                lr,
                lr_end,
                batch,
                k,
                freeze,
                hold_mean,
                min_use,
            };
            dispatch(&variant, TuneCmd { data, out, opts }).unwrap_or_else(fail)
        }
        Some(Command::Gui {
            port,
            host,
            no_open,
            config,
        }) => match menagerie::gui::run(&host, port, !no_open, config.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("error: {e}");
                ExitCode::FAILURE
            }
        },
        Some(Command::Bench {
            variant,
            depth,
            threads,
            positions,
        }) => match bench::run(variant.as_deref(), depth, threads, positions.as_deref()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => fail(e),
        },
        None => {
            if std::io::stdin().is_terminal() {
                // A person, not a GUI, started the engine: say what it waits for.
                // GUIs give it a pipe and never see this line.
                eprintln!("{}", start_hint(cli.protocol));
            }
            let forced = cli.protocol.map(|p| match p {
                ProtocolArg::Xboard => protocol::Protocol::Xboard,
                ProtocolArg::Uci => protocol::Protocol::Uci,
            });
            protocol::run(forced, cli.tuning);
            ExitCode::SUCCESS
        }
    }
}
