//! The `menagerie` command line. Subcommands run tools; see `menagerie --help`.

use clap::{Parser, Subcommand};
use menagerie::protocol;
use menagerie::rules::{Evaluate, Position};
use menagerie::tools::{bench, perft, show};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
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
    },
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
    },
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
                println!("{text}\n");
            }
        }
        print!("{}", pos.diagram());
        println!("FEN: {}", pos.to_fen());
        print!("{}", show::piece_key::<P>());
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
        // second Ctrl-C ends the program at once.
        static STOP: AtomicBool = AtomicBool::new(false);
        let _ = ctrlc::set_handler(|| {
            if STOP.swap(true, Ordering::SeqCst) {
                std::process::exit(130);
            }
        });
        let start = Instant::now();
        let mut progress = PerftProgress::new(start);
        let counts = perft::divide_reporting(&pos, self.depth, self.threads, &STOP, &mut |p| {
            progress.show(p)
        });
        progress.finish();
        if self.divide {
            for (m, n) in &counts {
                println!("{}: {n}", pos.format_move(*m));
            }
            println!();
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
            println!(
                "Partial count: {nodes} nodes (stopped after {} of {roots} root moves)",
                counts.len()
            );
            return ExitCode::from(130);
        }
        println!("Nodes searched: {nodes}");
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
        println!(
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
            println!("startpos moves {} # {cp:+}", o.join(" "));
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

struct BenchCmd {
    depth: u32,
    threads: usize,
}

impl VariantVisitor for BenchCmd {
    type Output = (u64, std::time::Duration);
    fn visit<P: Position + Evaluate>(self) -> Self::Output {
        let mut i = 0;
        bench::bench::<P>(self.depth, self.threads, &mut |line| {
            i += 1;
            println!(
                "{} {i:>2} {:>10} nodes {:>9.3} s  {}",
                P::NAME,
                line.nodes,
                line.time.as_secs_f64(),
                line.fen
            );
        })
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
        Some(Command::Baseline { seed }) => menagerie::arena::baseline::run(seed),
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
        Some(Command::Gui {
            port,
            host,
            no_open,
        }) => match menagerie::gui::run(&host, port, !no_open) {
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
        }) => {
            if !(1..=64).contains(&depth) {
                return fail("--depth takes a number from 1 to 64");
            }
            if !(1..=256).contains(&threads) {
                return fail("--threads takes a number from 1 to 256");
            }
            let names: Vec<&str> = match &variant {
                Some(v) => vec![v.as_str()],
                None => VARIANTS.to_vec(),
            };
            let mut nodes = 0;
            let mut time = std::time::Duration::ZERO;
            for name in names {
                match dispatch(name, BenchCmd { depth, threads }) {
                    Ok((n, t)) => {
                        nodes += n;
                        time += t;
                    }
                    Err(e) => return fail(e),
                }
            }
            let nps = (nodes as f64 / time.as_secs_f64().max(1e-9)) as u64;
            println!("{nodes} nodes {nps} nps");
            ExitCode::SUCCESS
        }
        None => {
            if std::io::stdin().is_terminal() {
                // A person, not a GUI, started the engine: say what it waits for.
                // GUIs give it a pipe and never see this line.
                eprintln!("{}", start_hint(cli.protocol));
            }
            protocol::run(cli.protocol.map(|p| match p {
                ProtocolArg::Xboard => protocol::Protocol::Xboard,
                ProtocolArg::Uci => protocol::Protocol::Uci,
            }));
            ExitCode::SUCCESS
        }
    }
}
