//! The engines of `engines.ini` on the web board: the same file and the same
//! clients `menagerie match` uses ([`crate::arena::engines`]), so an engine
//! that plays matches plays on the board, refereed by our rules (the board
//! plays its answer through the session, which refuses an illegal move).
//!
//! Which engines play a variant is learnt the way a match learns it: by
//! starting the engine and completing its handshake for that variant (UCI's
//! `UCI_Variant` list, CECP's `feature variants`). The answer is kept for
//! the server's life, shared by every board.
//!
//! An engine plays on a thread of its own ([`think`]); its client (the child
//! process) is kept by the board between moves and ends with the board (the
//! process gets `quit`, then is killed, see [`crate::arena::engines::process`]).

use crate::arena::config::{Config, EngineSpec};
use crate::arena::engines::{self, Answer, Client, Failure, GameSetup, Turn};
use crate::arena::tc::{Clock, TimeControl};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

/// How much longer than its time an engine may take before it counts as hung.
pub const GRACE: Duration = Duration::from_secs(5);

/// The configured engines and what is known of the variants they play.
pub struct Engines {
    config: Config,
    /// Where the list came from, or why there is none (for the page).
    pub source: String,
    playing: Mutex<HashMap<(String, &'static str), bool>>,
}

impl Engines {
    /// Reads `path`, or where `menagerie match` looks without `--config`
    /// ([`crate::arena::locate`]). No file is no error: the board then offers
    /// our engine only, and says why.
    pub fn load(path: Option<&Path>) -> Engines {
        let found: Result<PathBuf, String> = match path {
            Some(p) => Ok(p.to_path_buf()),
            None => crate::arena::locate::find(),
        };
        let (config, source) = match found.and_then(|p| Config::load(&p).map(|c| (c, p))) {
            Ok((c, p)) => (c, p.display().to_string()),
            Err(e) => (Config::default(), e),
        };
        Engines {
            config,
            source,
            playing: Mutex::new(HashMap::new()),
        }
    }

    pub fn spec(&self, name: &str) -> Option<&EngineSpec> {
        self.config.engine(name)
    }

    /// The engines that play `variant`, in the file's order. Engines not yet
    /// asked are started (all at once, each on a thread) for their handshake;
    /// this blocks, so the server calls it off its async threads.
    pub fn playing(&self, variant: &'static str) -> Vec<String> {
        let unknown: Vec<&EngineSpec> = {
            let known = self.playing.lock().unwrap_or_else(|e| e.into_inner());
            self.config
                .engines
                .iter()
                .filter(|e| !known.contains_key(&(e.name.clone(), variant)))
                .collect()
        };
        let probed: Vec<(String, bool)> = std::thread::scope(|s| {
            let handles: Vec<_> = unknown
                .iter()
                .map(|spec| s.spawn(move || engines::start(spec, variant, false).is_ok()))
                .collect();
            unknown
                .iter()
                .zip(handles)
                .map(|(spec, h)| (spec.name.clone(), h.join().unwrap_or(false)))
                .collect()
        });
        let mut known = self.playing.lock().unwrap_or_else(|e| e.into_inner());
        for (name, ok) in probed {
            known.insert((name, variant), ok);
        }
        self.config
            .engines
            .iter()
            .filter(|e| known.get(&(e.name.clone(), variant)) == Some(&true))
            .map(|e| e.name.clone())
            .collect()
    }
}

/// A started engine and the game it was last told.
pub struct Player {
    client: Box<dyn Client>,
    variant: &'static str,
    /// The start position of the game it was told (None: no game yet).
    game: Option<Option<String>>,
    told: Vec<String>,
}

/// One move asked of an external engine.
pub struct Job {
    pub spec: EngineSpec,
    pub variant: &'static str,
    /// The start FEN (None: the variant's start) and the variant's start FEN.
    pub start: Option<String>,
    pub start_fen: &'static str,
    pub moves: Vec<String>,
    pub white_to_move: bool,
    pub movetime: Duration,
}

/// Asks `job.spec` for a move, starting it (or reusing `player`, telling it
/// a new game when the position is not a continuation of the last one).
/// Blocking: run on a thread. Returns the player for the next move (None
/// after a failure: the engine is started afresh next time) and the move.
pub fn think(player: Option<Player>, job: &Job) -> (Option<Player>, Result<String, String>) {
    let clock = Clock::new(TimeControl::MoveTime(job.movetime));
    let setup = GameSetup {
        variant: job.variant,
        fen: job.start.as_deref().unwrap_or(job.start_fen),
        is_startpos: job.start.is_none(),
        clock: &clock,
    };
    let mut player = match player.filter(|p| p.variant == job.variant) {
        Some(p) => p,
        None => match engines::start(&job.spec, job.variant, false) {
            Ok(client) => Player {
                client,
                variant: job.variant,
                game: None,
                told: Vec::new(),
            },
            Err(f) => return (None, Err(describe(f))),
        },
    };
    let continues = player.game.as_ref() == Some(&job.start)
        && !job.moves.is_empty()
        && job.moves.starts_with(&player.told);
    if !continues {
        if let Err(f) = player.client.new_game(&setup) {
            return (None, Err(describe(f)));
        }
        player.game = Some(job.start.clone());
    }
    let turn = Turn {
        moves: &job.moves,
        white_to_move: job.white_to_move,
        own: &clock,
        opp: &clock,
        wait: job.movetime + GRACE,
    };
    player.told = job.moves.clone();
    match player.client.play(&turn) {
        Ok(reply) => match reply.answer {
            Answer::Move(m) => {
                player.told.push(m.clone());
                (Some(player), Ok(m))
            }
            Answer::Resign => (Some(player), Err("resigns".into())),
            Answer::Claim(c) => (Some(player), Err(format!("claims {c}"))),
        },
        Err(f) => (None, Err(describe(f))),
    }
}

fn describe(f: Failure) -> String {
    match f {
        Failure::Startup(m) => format!("cannot start: {m}"),
        Failure::Crash => "crashed (its pipe closed)".into(),
        Failure::Hang => "did not answer in time".into(),
        Failure::Protocol(m) => format!("protocol error: {m}"),
    }
}
