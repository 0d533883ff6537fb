//! The `menagerie match` command line: flags, preset defaults from
//! `engines.ini`, and the exit status (0 done, 2 setup error).

use super::adjudication::{DrawAdj, ResignAdj};
use super::config::{Config, Preset};
use super::game::GameParams;
use super::sprt::Sprt;
use super::tc::TimeControl;
use super::{
    header_line, progress_line, run_match, summary, MatchConfig, MatchEvent, OpeningSource,
};
use crate::variants::ORTHODOX;
use crate::{out, outln};
use std::path::PathBuf;
use std::process::ExitCode;
use std::str::FromStr;
use std::time::Duration;

/// Flags of `menagerie match`; any left out come from `--preset`, then defaults.
#[derive(clap::Args, Debug, Default)]
pub struct MatchArgs {
    /// The two engines: section names of the config file.
    pub engines: Vec<String>,
    /// The engines file. Default: engines.ini in the current directory, else
    /// in the repository the binary was built in, else
    /// $XDG_CONFIG_HOME/menagerie/engines.ini (~/.config/menagerie/engines.ini).
    #[arg(long)]
    pub config: Option<PathBuf>,
    /// A [match NAME] section of the config file supplying defaults.
    #[arg(long)]
    pub preset: Option<String>,
    /// Variant name (default chess).
    #[arg(long)]
    pub variant: Option<String>,
    /// Number of games (played in pairs with colours swapped; default 2).
    #[arg(long)]
    pub games: Option<usize>,
    /// Time control: 40/60, 10+0.1, 60, st=1 (default 10+0.1).
    #[arg(long)]
    pub tc: Option<String>,
    /// Games played at once (default 1).
    #[arg(long)]
    pub concurrency: Option<usize>,
    /// Openings file: FEN, FEN moves ..., or startpos moves ... per line.
    #[arg(long)]
    pub openings: Option<PathBuf>,
    /// Openings of N random legal plies from the start (seeded).
    #[arg(long)]
    pub random_plies: Option<usize>,
    /// Seed for random openings (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Append the games to this PGN file, one by one.
    #[arg(long)]
    pub pgn: Option<PathBuf>,
    /// Stop early by SPRT: elo0=0,elo1=5,alpha=0.05,beta=0.05.
    #[arg(long)]
    pub sprt: Option<String>,
    /// Adjudicate a draw after this many plies; 0 = never (default 500).
    #[arg(long)]
    pub max_plies: Option<usize>,
    /// movenumber=40,movecount=8,score=10: draw when both scores stay small.
    #[arg(long)]
    pub draw_adjudication: Option<String>,
    /// movecount=4,score=700: a loss when both engines agree one side is lost.
    #[arg(long)]
    pub resign_adjudication: Option<String>,
    /// Milliseconds a move may overrun the clock before the flag falls.
    #[arg(long, default_value_t = 100)]
    pub time_margin: u64,
    /// Milliseconds past the clock before a silent engine counts as hung.
    #[arg(long, default_value_t = 1000)]
    pub hang_grace: u64,
    /// Print every protocol line on standard error.
    #[arg(long)]
    pub debug: bool,
}

/// The flag's value, else the preset's (parsed), else None.
fn pick<T: FromStr>(
    flag: Option<T>,
    preset: Option<&Preset>,
    key: &str,
) -> Result<Option<T>, String> {
    if flag.is_some() {
        return Ok(flag);
    }
    match preset.and_then(|p| p.get(key)) {
        None => Ok(None),
        Some(v) => v
            .parse()
            .map(Some)
            .map_err(|_| format!("preset value {key} = '{v}' is not valid")),
    }
}

/// Builds the match from flags and the config file.
pub fn build(args: MatchArgs) -> Result<MatchConfig, String> {
    let config = match &args.config {
        Some(path) => path.clone(),
        None => super::locate::find()?,
    };
    let cfg = Config::load(&config)?;
    let preset = match &args.preset {
        Some(n) => Some(
            cfg.preset(n)
                .ok_or_else(|| format!("no [match {n}] in {}", config.display()))?,
        ),
        None => None,
    };
    let mut names = args.engines.clone();
    if names.is_empty() {
        if let Some(list) = preset.and_then(|p| p.get("engines")) {
            names = list.split_whitespace().map(String::from).collect();
        }
    }
    if names.len() != 2 {
        return Err(format!(
            "give exactly two engines (known: {})",
            cfg.engines
                .iter()
                .map(|e| e.name.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }
    let spec = |n: &str| {
        cfg.engine(n)
            .cloned()
            .ok_or_else(|| format!("no engine [{n}] in {}", config.display()))
    };
    let engines = [spec(&names[0])?, spec(&names[1])?];
    let variant = pick(args.variant, preset, "variant")?.unwrap_or_else(|| ORTHODOX.into());
    let tc: String = pick(args.tc, preset, "tc")?.unwrap_or_else(|| "10+0.1".into());
    let tc = TimeControl::parse(&tc)?;
    // A preset's openings path is relative to the config file (like engine
    // commands), the flag's to the working directory; `{variant}` in either
    // names the variant's file (`openings = openings/{variant}.txt`).
    let openings_file: Option<PathBuf> = match args.openings {
        Some(f) => Some(f),
        None => pick::<PathBuf>(None, preset, "openings")?.map(|f| {
            let dir = config.parent().unwrap_or(std::path::Path::new(""));
            if f.is_relative() {
                dir.join(f)
            } else {
                f
            }
        }),
    }
    .map(|f| PathBuf::from(f.to_string_lossy().replace("{variant}", &variant)));
    let random: Option<usize> = pick(args.random_plies, preset, "random-plies")?;
    let openings = match (openings_file, random) {
        (Some(_), Some(_)) => return Err("give --openings or --random-plies, not both".into()),
        (Some(f), None) => OpeningSource::File(f),
        (None, Some(n)) => OpeningSource::Random(n),
        (None, None) => OpeningSource::Start,
    };
    let sprt = match pick::<String>(args.sprt, preset, "sprt")? {
        Some(s) => Some(Sprt::parse(&s)?),
        None => None,
    };
    let draw_adj = match pick::<String>(args.draw_adjudication, preset, "draw-adjudication")? {
        Some(s) => Some(DrawAdj::parse(&s)?),
        None => None,
    };
    let resign_adj = match pick::<String>(args.resign_adjudication, preset, "resign-adjudication")?
    {
        Some(s) => Some(ResignAdj::parse(&s)?),
        None => None,
    };
    Ok(MatchConfig {
        engines,
        games: pick(args.games, preset, "games")?.unwrap_or(2),
        concurrency: pick(args.concurrency, preset, "concurrency")?.unwrap_or(1),
        openings,
        seed: pick(args.seed, preset, "seed")?.unwrap_or(1),
        pgn: pick(args.pgn, preset, "pgn")?,
        sprt,
        params: GameParams {
            variant,
            tc,
            max_plies: pick(args.max_plies, preset, "max-plies")?.unwrap_or(500),
            margin: Duration::from_millis(args.time_margin),
            grace: Duration::from_millis(args.hang_grace),
            draw_adj,
            resign_adj,
            debug: args.debug,
        },
    })
}

/// `menagerie match ...`
pub fn run(args: MatchArgs) -> ExitCode {
    let run = |cfg: MatchConfig| {
        run_match(&cfg, &mut |event| match event {
            MatchEvent::Started => outln!("{}", header_line(&cfg)),
            MatchEvent::Game(res) => outln!("{}", progress_line(&cfg, res)),
            MatchEvent::Finished(res) => out!("{}", summary(&cfg, res)),
        })
    };
    match build(args).and_then(run) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    }
}
