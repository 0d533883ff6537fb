//! The match runner (`menagerie match`): two engine processes per game, the
//! variant's rules as referee, paired openings, clocks, adjudication, PGN and
//! pentanomial statistics with SPRT.
//!
//! Files: [`config`] (engines.ini), [`tc`] (time controls, clocks),
//! [`engines`] (engine processes over UCI and CECP), [`game`] (one
//! game), [`adjudication`], [`openings`], [`pgn`], [`sprt`] (statistics),
//! [`cli`] (the subcommand). The built-in one-ply opponent, `menagerie
//! baseline`, is the ordinary UCI loop with another player
//! ([`crate::search::one_ply`]).

pub mod adjudication;
pub mod cli;
pub mod config;
pub mod engines;
pub mod game;
pub mod locate;
pub mod openings;
pub mod pgn;
pub mod sprt;
pub mod tc;

use crate::rules::{Evaluate, Position};
use crate::variants::{dispatch, VariantVisitor};
use config::EngineSpec;
use game::{GameParams, GameRecord};
use openings::Opening;
use sprt::{elo_estimate, Penta, Sprt, SprtState};
use std::collections::{BTreeMap, HashMap};
use std::io::Write;
use std::path::PathBuf;
use std::sync::mpsc::channel;
use std::sync::Mutex;

/// Where the games start.
#[derive(Clone, Debug)]
pub enum OpeningSource {
    /// Every pair from the start position.
    Start,
    /// Lines of a file, one per pair, in order, cycling.
    File(PathBuf),
    /// This many random legal plies from the start (seeded), one line per pair.
    Random(usize),
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The first engine is the one the score is reported for.
    pub engines: [EngineSpec; 2],
    pub games: usize,
    pub concurrency: usize,
    pub openings: OpeningSource,
    pub seed: u64,
    pub pgn: Option<PathBuf>,
    pub sprt: Option<Sprt>,
    pub params: GameParams,
}

impl MatchConfig {
    /// The two engines' clocks: each one's own `tc`, else the match's.
    pub fn time_controls(&self) -> [tc::TimeControl; 2] {
        self.engines
            .each_ref()
            .map(|e| e.time_control(self.params.tc))
    }
}

/// The outcome of a match, from the first engine's point of view.
#[derive(Clone, Debug, Default)]
pub struct MatchResult {
    /// In the order they finished.
    pub games: Vec<GameRecord>,
    pub wins: usize,
    pub losses: usize,
    pub draws: usize,
    pub penta: Penta,
    pub sprt: Option<SprtState>,
}

impl MatchResult {
    pub fn score(&self) -> f64 {
        let n = self.games.len().max(1) as f64;
        (self.wins as f64 + self.draws as f64 / 2.0) / n
    }
}

/// What a running match reports, in this order: `Started` once the engines
/// passed their preflight, `Game` after each finished game (the standings so
/// far), `Finished` at the end. The runner prints nothing itself: the command
/// line turns these into lines ([`header_line`], [`progress_line`],
/// [`summary`]); a test or another front end may do otherwise.
pub enum MatchEvent<'a> {
    Started,
    Game(&'a MatchResult),
    Finished(&'a MatchResult),
}

/// Runs the match, telling `report` how it goes; errors are setup problems
/// (bad variant, openings, an engine that cannot start or cannot play the
/// variant).
pub fn run_match(
    cfg: &MatchConfig,
    report: &mut dyn FnMut(MatchEvent),
) -> Result<MatchResult, String> {
    dispatch(&cfg.params.variant, Runner(cfg, report)).map_err(|e| e.to_string())?
}

struct Runner<'a, 'r>(&'a MatchConfig, &'r mut dyn FnMut(MatchEvent));

impl VariantVisitor for Runner<'_, '_> {
    type Output = Result<MatchResult, String>;
    fn visit<P: Position + Evaluate>(self) -> Self::Output {
        run_typed::<P>(self.0, self.1)
    }
}

fn load_openings<P: Position>(cfg: &MatchConfig) -> Result<Vec<Opening>, String> {
    let pairs = cfg.games.div_ceil(2).max(1);
    let ops = match &cfg.openings {
        OpeningSource::Start => vec![Opening {
            fen: None,
            moves: Vec::new(),
        }],
        OpeningSource::Random(plies) => {
            crate::tools::openings::random::<P>(pairs, *plies, cfg.seed)
                .into_iter()
                .map(|moves| Opening { fen: None, moves })
                .collect()
        }
        OpeningSource::File(path) => {
            let text = std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            openings::parse(&text).map_err(|e| format!("{}: {e}", path.display()))?
        }
    };
    for o in &ops {
        o.check::<P>()?;
    }
    Ok(ops)
}

/// Starts each engine once with a game from `opening` to catch a missing
/// program, an unsupported variant or a missing `setboard` before any game.
fn preflight<P: Position>(cfg: &MatchConfig, opening: &Opening) -> Result<(), String> {
    use engines::{Failure, GameSetup};
    let fen = opening.fen.clone().filter(|f| f != P::START_FEN);
    for spec in &cfg.engines {
        config::resolve_command(spec)?;
        let clock = tc::Clock::new(spec.time_control(cfg.params.tc));
        let setup = GameSetup {
            variant: &cfg.params.variant,
            fen: fen.as_deref().unwrap_or(P::START_FEN),
            is_startpos: fen.is_none(),
            clock: &clock,
        };
        engines::start(spec, &cfg.params.variant, cfg.params.debug)
            .and_then(|mut c| c.new_game(&setup))
            .map_err(|f| match f {
                Failure::Startup(m) => m,
                Failure::Crash => format!("engine '{}' exited during setup", spec.name),
                Failure::Hang => format!("engine '{}' did not answer during setup", spec.name),
                Failure::Protocol(m) => format!("engine '{}': {m}", spec.name),
            })?;
    }
    Ok(())
}

fn run_typed<P: Position + Evaluate>(
    cfg: &MatchConfig,
    report: &mut dyn FnMut(MatchEvent),
) -> Result<MatchResult, String> {
    if cfg.games == 0 || cfg.concurrency == 0 {
        return Err("--games and --concurrency must be at least 1".into());
    }
    let ops = load_openings::<P>(cfg)?;
    let probe = ops.iter().find(|o| o.fen.is_some()).unwrap_or(&ops[0]);
    preflight::<P>(cfg, probe)?;
    let mut pgn = match &cfg.pgn {
        Some(p) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(p)
                .map_err(|e| format!("cannot open {}: {e}", p.display()))?,
        ),
        None => None,
    };
    let [a, b] = &cfg.engines;
    report(MatchEvent::Started);
    // The main thread hands out game numbers, at most `concurrency` in flight,
    // so a decided SPRT starts no further game.
    let (job_tx, job_rx) = channel::<usize>();
    let job_rx = Mutex::new(job_rx);
    let (tx, rx) = channel::<(usize, GameRecord)>();
    let mut res = MatchResult::default();
    let date = today();
    let mut sent = 0;
    while sent < cfg.concurrency.min(cfg.games) {
        job_tx.send(sent).expect("receiver alive");
        sent += 1;
    }
    std::thread::scope(|s| {
        for _ in 0..cfg.concurrency.min(cfg.games) {
            let tx = tx.clone();
            let (job_rx, ops) = (&job_rx, &ops);
            s.spawn(move || loop {
                let job = job_rx.lock().map(|r| r.recv());
                let Ok(Ok(g)) = job else { break };
                let opening = &ops[(g / 2) % ops.len()];
                let order = if g % 2 == 0 { [a, b] } else { [b, a] };
                let rec = game::play_game::<P>(order, opening, g + 1, &cfg.params);
                if tx.send((g, rec)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        let mut half_pairs: HashMap<usize, f64> = HashMap::new();
        for (g, rec) in rx {
            let a_white = g % 2 == 0;
            let a_points = match rec.winner {
                None => 0.5,
                Some(c) if (c == crate::geometry::Color::White) == a_white => 1.0,
                Some(_) => 0.0,
            };
            if a_points == 1.0 {
                res.wins += 1;
            } else if a_points == 0.0 {
                res.losses += 1;
            } else {
                res.draws += 1;
            }
            if let Some(other) = half_pairs.remove(&(g / 2)) {
                res.penta.add_pair(a_points, other);
            } else {
                half_pairs.insert(g / 2, a_points);
            }
            if let Some(f) = pgn.as_mut() {
                let [ta, tb] = cfg.time_controls();
                let tcs = if a_white { [ta, tb] } else { [tb, ta] }.map(|t| t.to_string());
                let _ = pgn::write_game(
                    f,
                    &rec,
                    &cfg.params.variant,
                    P::START_FEN,
                    "menagerie match",
                    &date,
                    [&tcs[0], &tcs[1]],
                )
                .and_then(|_| f.flush());
            }
            if let Some(sprt) = &cfg.sprt {
                res.sprt = Some(sprt.state(&res.penta));
            }
            res.games.push(rec);
            report(MatchEvent::Game(&res));
            let decided = res.sprt.is_some_and(|st| st != SprtState::Continue);
            if sent < cfg.games && !decided {
                job_tx.send(sent).expect("workers alive");
                sent += 1;
            }
            if res.games.len() == sent {
                break;
            }
        }
        drop(job_tx);
    });
    report(MatchEvent::Finished(&res));
    Ok(res)
}

/// The line that opens a match's output.
pub fn header_line(cfg: &MatchConfig) -> String {
    let [a, b] = &cfg.engines;
    let [ta, tb] = cfg.time_controls();
    let tc = if ta == tb {
        ta.to_string()
    } else {
        format!("{ta} for {}, {tb} for {}", a.name, b.name)
    };
    format!(
        "Match {} vs {}: {}, {} games, tc {tc}, concurrency {}",
        a.name, b.name, cfg.params.variant, cfg.games, cfg.concurrency
    )
}

/// The standings after the last game of `res`, on one line.
pub fn progress_line(cfg: &MatchConfig, res: &MatchResult) -> String {
    let rec = res.games.last().expect("called after a game");
    let mut s = format!(
        "[{:>3}/{}] game {} {}-{} {} ({}) | {} +{} -{} ={} {:.1}%",
        res.games.len(),
        cfg.games,
        rec.round,
        rec.white,
        rec.black,
        rec.result_str(),
        rec.kind,
        cfg.engines[0].name,
        res.wins,
        res.losses,
        res.draws,
        100.0 * res.score()
    );
    s.push_str(&format!(" | Elo {}", elo_text(&res.penta)));
    if let Some(sp) = &cfg.sprt {
        s.push_str(&format!(" | LLR {:.2}", sp.llr(&res.penta)));
    }
    s
}

/// The closing report: score, Elo estimate, pentanomial counts, SPRT.
pub fn summary(cfg: &MatchConfig, res: &MatchResult) -> String {
    let [a, b] = &cfg.engines;
    let mut s = format!(
        "Score of {} vs {}: {} - {} - {}  [{:.3}] {} games\n",
        a.name,
        b.name,
        res.wins,
        res.losses,
        res.draws,
        res.score(),
        res.games.len()
    );
    let p = res.penta.0;
    s.push_str(&format!(
        "Pentanomial (pairs scoring 0, 1/2, 1, 3/2, 2 for {}): [{}, {}, {}, {}, {}]\n",
        a.name, p[0], p[1], p[2], p[3], p[4]
    ));
    s.push_str(&format!("Elo difference: {}\n", elo_text(&res.penta)));
    if let Some(sp) = &cfg.sprt {
        let (lo, hi) = sp.bounds();
        let verdict = match res.sprt.unwrap_or(SprtState::Continue) {
            SprtState::AcceptH0 => "H0 accepted",
            SprtState::AcceptH1 => "H1 accepted",
            SprtState::Continue => "no decision",
        };
        s.push_str(&format!(
            "SPRT ({sp}): LLR {:.2} [{lo:.2}, {hi:.2}], {verdict}\n",
            sp.llr(&res.penta)
        ));
    }
    let mut kinds: BTreeMap<&str, usize> = BTreeMap::new();
    for g in &res.games {
        *kinds.entry(g.kind.as_str()).or_default() += 1;
    }
    let kinds: Vec<String> = kinds.iter().map(|(k, n)| format!("{k} {n}")).collect();
    s.push_str(&format!("Endings: {}\n", kinds.join(", ")));
    if let Some(p) = &cfg.pgn {
        s.push_str(&format!("PGN: {}\n", p.display()));
    }
    s
}

/// `12.3 +/- 45.6 (95%), LOS 70.1%`, or why there is no estimate yet.
fn elo_text(p: &Penta) -> String {
    match (elo_estimate(p), p.mean_var()) {
        (Some(e), Some((mean, 0.0))) if mean > 0.0 && mean < 1.0 => {
            format!(
                "{:.1} (no interval: every pair scored the same)",
                e.elo + 0.0
            )
        }
        (Some(e), Some((mean, _))) if mean > 0.0 && mean < 1.0 => format!(
            "{:.1} +/- {:.1} (95%), LOS {:.1}%",
            e.elo + 0.0, // no "-0.0"
            e.error,
            100.0 * e.los
        ),
        (Some(_), _) => "n/a (every pair won by the same engine)".into(),
        _ => "n/a (no complete pair)".into(),
    }
}

/// Today's date as `YYYY.MM.DD` (UTC), from days since the epoch
/// (the civil-from-days algorithm: shift to years starting in March).
pub(crate) fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}.{m:02}.{d:02}")
}
