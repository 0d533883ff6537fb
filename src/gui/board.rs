//! One web board: the game a page shows, and the JSON messages it trades
//! with the page. No networking and no async here (the server drives it),
//! so the whole message protocol is testable as plain function calls.
//!
//! Page → server (`type` names the message):
//! `new {variant, fen?}`, `move {move}`, `undo` (takes back the move before
//! the current position and drops the later ones), `goto {ply, truncate?}`
//! (moves along the game, keeping the later moves unless `truncate`),
//! `state`, `go {movetime_ms?, depth?, threads?, engine?}` (an engine plays
//! the side to move: ours, or one of `engines.ini` by name),
//! `analyze {multipv?, threads?}` (until `stop`), `stop`, `engines`
//! (which configured engines play this variant), `export_pgn {white?,
//! black?}`, `import_pgn {pgn}`.
//! Server → page: `hello {variants}`, `layout {...}`, `state {...}`,
//! `info {...}` (search progress, one per MultiPV line), `pgn {pgn}`,
//! `engines {variant, names}`, `error {message}`.
//!
//! The game is a line of moves and a cursor (`ply`) on it, as in every GUI:
//! going back keeps the later moves for going forward again; a move that
//! differs from the next one of the line replaces the rest of the line.
//!
//! Every refused message leaves the game as it was and answers `error`.

use super::engines::Job;
use super::layout;
use crate::arena::config::EngineSpec;
use crate::arena::pgn;
use crate::protocol::{make_session, MoveEffects, PositionError, Session, MAX_MULTIPV};
use crate::search::{Info, Limits, Score};
use crate::variants::VARIANTS;
use serde::Deserialize;
use serde_json::{json, Value};
use std::time::Duration;

/// Transposition table of each board, in MiB: with [`MAX_PLIES`] positions
/// of history (a few hundred bytes each) the memory a board can hold.
pub const HASH_MB: usize = 16;
/// The longest game a board keeps (plies); a move past it is refused.
pub const MAX_PLIES: usize = 2000;
/// The longest a single engine move may be given to think.
pub const MAX_MOVETIME_MS: u64 = 600_000;
/// The deepest a fixed-depth engine move may search.
pub const MAX_DEPTH: u32 = 64;

/// A message from the page.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Request {
    New {
        variant: String,
        #[serde(default)]
        fen: Option<String>,
    },
    Move {
        #[serde(rename = "move")]
        mv: String,
    },
    Undo,
    Goto {
        ply: usize,
        #[serde(default)]
        truncate: bool,
    },
    State,
    Go {
        #[serde(default)]
        movetime_ms: Option<u64>,
        #[serde(default)]
        depth: Option<u32>,
        #[serde(default)]
        threads: Option<usize>,
        /// An engine of `engines.ini` (the server plays it); none: ours.
        #[serde(default)]
        engine: Option<String>,
    },
    Analyze {
        #[serde(default)]
        multipv: Option<usize>,
        #[serde(default)]
        threads: Option<usize>,
    },
    Stop,
    Engines,
    ExportPgn {
        #[serde(default)]
        white: Option<String>,
        #[serde(default)]
        black: Option<String>,
    },
    ImportPgn {
        pgn: String,
    },
}

impl Request {
    /// Parses one text message; the error is what the page is told.
    pub fn parse(text: &str) -> Result<Request, String> {
        serde_json::from_str(text).map_err(|e| format!("bad message: {e}"))
    }
}

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// The engine's move: played when the search ends.
    Play,
    /// Analysis: runs until stopped, plays nothing.
    Analyze,
}

/// A search to start: the server runs it on a thread of its own.
pub struct SearchJob {
    pub kind: SearchKind,
    pub limits: Limits,
    pub threads: usize,
}

/// What handling a request asks of the server.
pub enum Action {
    /// Send these messages.
    Reply(Vec<Value>),
    /// Start this search (after sending the messages).
    Search(Vec<Value>, SearchJob),
    /// Stop the running search (there is none when idle: nothing to do).
    Stop,
    /// List the engines of `engines.ini` that play this variant.
    Engines,
    /// Ask the engine of `engines.ini` so named for a move, with this many
    /// milliseconds (the server runs it; see [`Board::external_done`]).
    External(String, u64),
}

/// The error message the page shows.
pub fn error(message: impl Into<String>) -> Value {
    json!({"type": "error", "message": message.into()})
}

/// One game on one page.
pub struct Board {
    /// The game; `None` while a search thread holds it.
    session: Option<Box<dyn Session>>,
    /// The FEN the game started from (`None`: the variant's start).
    start: Option<String>,
    /// The game's line of moves, in the variant's notation; the session
    /// holds the position after the first `ply` of them.
    line: Vec<String>,
    ply: usize,
    /// Counts every change of the position, so that the answer of an
    /// engine that thought about an older position is dropped.
    version: u64,
    /// What the last move did (for drawing it), if known.
    last: Option<MoveEffects>,
    /// Threads the machine has: the most a search may use.
    cores: usize,
    /// The variant (to rebuild the session if a search thread is lost).
    variant: &'static str,
}

impl Board {
    /// A board of orthodox chess at its start.
    pub fn new() -> Board {
        let mut b = Board::without_game();
        b.session = make_session(crate::variants::ORTHODOX, HASH_MB, 1).ok();
        b
    }

    /// A board of `variant` from `fen` (None: its start), as a page's
    /// address names it; refused, a chess board and the error. One session
    /// is made, not a chess one first (a board's first picture comes sooner).
    pub fn open(variant: &str, fen: Option<&str>) -> (Board, Option<Value>) {
        let mut b = Board::without_game();
        if let Action::Reply(r) = b.new_game(variant, fen) {
            if b.session.is_none() {
                let refused = r.into_iter().next();
                return (Board::new(), refused);
            }
        }
        (b, None)
    }

    fn without_game() -> Board {
        Board {
            session: None,
            start: None,
            line: Vec::new(),
            ply: 0,
            version: 0,
            last: None,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            variant: crate::variants::ORTHODOX,
        }
    }

    /// A fresh session holding the game, after a search thread was lost
    /// (it panicked or could not start): the page is told, the game stays.
    pub fn recover(&mut self) -> Vec<Value> {
        let mut session = make_session(self.variant, HASH_MB, 1).expect("a registered variant");
        let moves: Vec<&str> = self.line[..self.ply].iter().map(String::as_str).collect();
        if session.set_position(self.start.as_deref(), &moves).is_err() {
            self.start = None;
            self.line.clear();
            self.ply = 0;
            self.last = None;
        }
        self.version += 1;
        self.session = Some(session);
        vec![
            error("the search failed; the game is kept"),
            json!({"type": "idle"}),
            self.state(None),
        ]
    }

    fn s(&self) -> &dyn Session {
        self.session.as_deref().expect("idle board has its session")
    }

    /// The first messages of a connection.
    pub fn greeting(&self) -> Vec<Value> {
        vec![
            json!({"type": "hello", "variants": VARIANTS, "version": env!("CARGO_PKG_VERSION"),
                   "max_multipv": MAX_MULTIPV, "cores": self.cores}),
            self.layout(),
            self.state(None),
        ]
    }

    /// Hands the session to a search thread.
    pub fn take_session(&mut self) -> Box<dyn Session> {
        self.session.take().expect("idle board has its session")
    }

    /// Whether a search holds the session.
    pub fn searching(&self) -> bool {
        self.session.is_none()
    }

    /// Handles one request while idle.
    pub fn handle(&mut self, req: Request) -> Action {
        match req {
            Request::Stop => Action::Stop,
            Request::State => Action::Reply(vec![self.layout(), self.state(None)]),
            Request::New { variant, fen } => self.new_game(&variant, fen.as_deref()),
            Request::Move { mv } => self.play(&mv),
            Request::Undo => {
                if self.ply == 0 {
                    return Action::Reply(vec![error("no move to take back")]);
                }
                self.goto(self.ply - 1, true)
            }
            Request::Goto { ply, truncate } => {
                if ply > self.line.len() {
                    return Action::Reply(vec![error(format!(
                        "no position {ply}: the game has {} plies",
                        self.line.len()
                    ))]);
                }
                self.goto(ply, truncate)
            }
            Request::Engines => Action::Engines,
            Request::ExportPgn { white, black } => {
                Action::Reply(vec![self.export_pgn(white.as_deref(), black.as_deref())])
            }
            Request::ImportPgn { pgn } => self.import_pgn(&pgn),
            Request::Go {
                movetime_ms,
                depth,
                threads,
                engine,
            } => {
                if let Some(o) = self.s().outcome() {
                    return Action::Reply(vec![error(format!("the game is over: {}", o.reason()))]);
                }
                let mut limits = Limits::default();
                match (movetime_ms, depth) {
                    (_, Some(d)) if (1..=MAX_DEPTH).contains(&d) => limits.depth = Some(d),
                    (_, Some(d)) => {
                        return Action::Reply(vec![error(format!(
                            "depth {d} is not between 1 and {MAX_DEPTH}"
                        ))])
                    }
                    (Some(ms), None) if (1..=MAX_MOVETIME_MS).contains(&ms) => {
                        limits.movetime = Some(Duration::from_millis(ms))
                    }
                    (Some(ms), None) => {
                        return Action::Reply(vec![error(format!(
                            "time per move {ms} ms is not between 1 and {MAX_MOVETIME_MS}"
                        ))])
                    }
                    (None, None) => limits.movetime = Some(Duration::from_secs(1)),
                }
                if let Some(name) = engine {
                    let ms = limits.movetime.map_or(1000, |d| d.as_millis() as u64);
                    return Action::External(name, ms);
                }
                self.search(SearchKind::Play, limits, threads)
            }
            Request::Analyze { multipv, threads } => {
                let k = multipv.unwrap_or(1);
                if !(1..=MAX_MULTIPV).contains(&k) {
                    return Action::Reply(vec![error(format!(
                        "MultiPV {k} is not between 1 and {MAX_MULTIPV}"
                    ))]);
                }
                let limits = Limits {
                    infinite: true,
                    multipv: k,
                    ..Limits::default()
                };
                self.search(SearchKind::Analyze, limits, threads)
            }
        }
    }

    fn search(&mut self, kind: SearchKind, limits: Limits, threads: Option<usize>) -> Action {
        let threads = threads.unwrap_or(1);
        if !(1..=self.cores).contains(&threads) {
            return Action::Reply(vec![error(format!(
                "threads {threads} is not between 1 and {} (this machine's cores)",
                self.cores
            ))]);
        }
        let started = json!({"type": "searching", "kind": match kind {
            SearchKind::Play => "play",
            SearchKind::Analyze => "analyze",
        }});
        Action::Search(
            vec![started],
            SearchJob {
                kind,
                limits,
                threads,
            },
        )
    }

    /// Takes the session back from a finished search; for an engine move
    /// (`play` is its text) plays it. `discard`: the page asked for
    /// something else meanwhile, so the result is dropped.
    pub fn finish(
        &mut self,
        session: Box<dyn Session>,
        kind: SearchKind,
        best: Option<String>,
        discard: bool,
    ) -> Vec<Value> {
        self.session = Some(session);
        let mut out = vec![json!({"type": "idle"})];
        if kind == SearchKind::Play && !discard {
            match best {
                Some(mv) => out.extend(self.engine_played(&mv, None)),
                None => out.push(error("the engine has no move")),
            }
        } else if !discard {
            out.push(self.state(None));
        }
        out
    }

    /// Plays an engine's move, refereed by our rules: refused, the page is
    /// told which engine broke them and the game stays.
    fn engine_played(&mut self, mv: &str, engine: Option<&str>) -> Vec<Value> {
        match self.play(mv) {
            Action::Reply(mut r) => {
                if let Some(state) = r.last_mut().filter(|v| v["type"] == "state") {
                    // In our notation (a CECP engine may send `a,b` legs).
                    let played = self.line[self.ply - 1].clone();
                    state["engine_move"] = json!(played);
                } else if let (Some(name), Some(e)) = (engine, r.last_mut()) {
                    e["message"] = json!(format!(
                        "engine '{name}': {}",
                        e["message"].as_str().unwrap_or("")
                    ));
                }
                r
            }
            _ => vec![error("engine move refused")],
        }
    }

    /// The position's version (see `version`): an external engine's answer
    /// counts only if the board has not changed since it was asked.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// What an external engine needs to think about the current position.
    pub fn external_job(&self, spec: EngineSpec, movetime: Duration) -> Job {
        let s = self.s();
        Job {
            spec,
            variant: s.variant(),
            start: self.start.clone(),
            start_fen: s.start_fen(),
            moves: self.line[..self.ply].to_vec(),
            white_to_move: s.side_to_move() == crate::geometry::Color::White,
            movetime,
        }
    }

    /// The variant on the board.
    pub fn variant(&self) -> &'static str {
        self.variant
    }

    /// An external engine's answer for the position of `version`.
    pub fn external_done(
        &mut self,
        version: u64,
        engine: &str,
        answer: Result<String, String>,
    ) -> Vec<Value> {
        let mut out = vec![json!({"type": "idle"})];
        if version != self.version {
            return out;
        }
        match answer {
            Ok(mv) => out.extend(self.engine_played(&mv, Some(engine))),
            Err(e) => out.push(error(format!("engine '{}': {e}", clip(engine)))),
        }
        out
    }

    fn new_game(&mut self, variant: &str, fen: Option<&str>) -> Action {
        let fen = fen.map(str::trim).filter(|f| !f.is_empty());
        if !VARIANTS.contains(&variant) {
            return Action::Reply(vec![error(format!(
                "unknown variant '{}' (known: {})",
                clip(variant),
                VARIANTS.join(", ")
            ))]);
        }
        let mut session = match make_session(variant, HASH_MB, 1) {
            Ok(s) => s,
            Err(e) => return Action::Reply(vec![error(e.to_string())]),
        };
        if let Err(e) = session.set_position(fen, &[]) {
            return Action::Reply(vec![error(format!("bad FEN: {e}"))]);
        }
        self.variant = session.variant();
        self.session = Some(session);
        self.start = fen.map(str::to_string);
        self.line.clear();
        self.ply = 0;
        self.version += 1;
        self.last = None;
        Action::Reply(vec![self.layout(), self.state(None)])
    }

    /// The game (its whole line) as PGN in `menagerie match`'s dialect
    /// ([`pgn::write_pgn`]); the result is `*` while the game goes on.
    fn export_pgn(&mut self, white: Option<&str>, black: Option<&str>) -> Value {
        // The end of the line may lie ahead of the cursor: its outcome is
        // read there, then the session comes back.
        let outcome = if self.ply == self.line.len() {
            self.s().outcome()
        } else {
            let all: Vec<&str> = self.line.iter().map(String::as_str).collect();
            let here: Vec<&str> = all[..self.ply].to_vec();
            let s = self.session.as_mut().expect("idle");
            let o = s
                .set_position(self.start.as_deref(), &all)
                .ok()
                .and_then(|_| s.outcome());
            if s.set_position(self.start.as_deref(), &here).is_err() {
                return error("history replay failed");
            }
            o
        };
        let s = self.s();
        let result = outcome.as_ref().map_or("*", |o| o.result_str());
        let (setup, from_fen) = pgn::setup_tags(s.variant(), self.start.as_deref(), s.start_fen());
        let name = |n: Option<&str>| clip(n.unwrap_or("?").trim());
        let mut tags: Vec<(&str, String)> = vec![
            ("Event", "menagerie gui".to_string()),
            ("Site", "menagerie gui".to_string()),
            ("Date", crate::arena::today()),
            ("Round", "-".to_string()),
            ("White", name(white)),
            ("Black", name(black)),
            ("Result", result.to_string()),
        ];
        tags.extend(setup);
        tags.push(("PlyCount", self.line.len().to_string()));
        if outcome.is_some() {
            tags.push(("Termination", "normal".to_string()));
        }
        let mut out = Vec::new();
        let reason = outcome.as_ref().map(|o| o.reason().to_string());
        pgn::write_pgn(
            &mut out,
            &tags,
            &from_fen,
            &self.line,
            reason.as_deref(),
            result,
        )
        .expect("writing to memory");
        json!({"type": "pgn", "pgn": String::from_utf8_lossy(&out)})
    }

    /// Replaces the game by the first game of a PGN text, replayed by our
    /// rules; anything unreadable or illegal is refused and changes nothing.
    fn import_pgn(&mut self, text: &str) -> Action {
        let refuse = |m: String| Action::Reply(vec![error(format!("PGN refused: {m}"))]);
        let game = match pgn::parse_games(text) {
            Ok(g) => match g.into_iter().next() {
                Some(g) => g,
                None => return refuse("no game in the text".into()),
            },
            Err(e) => return refuse(e),
        };
        let variant = game
            .tag("Variant")
            .unwrap_or(crate::variants::ORTHODOX)
            .trim();
        let Some(&variant) = VARIANTS.iter().find(|v| v.eq_ignore_ascii_case(variant)) else {
            return refuse(format!(
                "unknown variant '{}' (known: {})",
                clip(variant),
                VARIANTS.join(", ")
            ));
        };
        if game.moves.len() > MAX_PLIES {
            return refuse(format!(
                "{} plies, more than the {MAX_PLIES} a board keeps",
                game.moves.len()
            ));
        }
        let mut session = match make_session(variant, HASH_MB, 1) {
            Ok(s) => s,
            Err(e) => return refuse(e.to_string()),
        };
        let fen = game
            .tag("FEN")
            .map(str::trim)
            .filter(|f| !f.is_empty() && *f != session.start_fen());
        if let Err(e) = session.set_position(fen, &[]) {
            return refuse(format!("bad FEN: {e}"));
        }
        let mut line = Vec::with_capacity(game.moves.len());
        let mut last = None;
        for (i, mv) in game.moves.iter().enumerate() {
            let effects = session.move_effects();
            match session.play_move(mv) {
                Ok(text) => {
                    last = effects.into_iter().find(|e| e.text == text);
                    line.push(text);
                }
                Err(e) => {
                    return refuse(format!(
                        "ply {} '{}' is illegal ({})",
                        i + 1,
                        clip(mv),
                        e.reason()
                    ))
                }
            }
        }
        self.variant = session.variant();
        self.session = Some(session);
        self.start = fen.map(str::to_string);
        self.ply = line.len();
        self.line = line;
        self.last = last;
        self.version += 1;
        Action::Reply(vec![self.layout(), self.state(None)])
    }

    fn play(&mut self, mv: &str) -> Action {
        if self.ply >= MAX_PLIES {
            return Action::Reply(vec![error(format!(
                "the game has reached {MAX_PLIES} plies, the most a board keeps"
            ))]);
        }
        let effects = self.s().move_effects();
        let session = self.session.as_mut().expect("idle");
        match session.play_move(mv) {
            Ok(text) => {
                self.last = effects.into_iter().find(|e| e.text == text);
                // The line's next move: go forward along it; another move
                // replaces the rest of the line.
                if self.line.get(self.ply) != Some(&text) {
                    self.line.truncate(self.ply);
                    self.line.push(text);
                }
                self.ply += 1;
                self.version += 1;
                Action::Reply(vec![self.state(None)])
            }
            Err(e) => Action::Reply(vec![error(format!(
                "illegal move ({}): {}",
                e.reason(),
                clip(mv)
            ))]),
        }
    }

    /// Goes to the position after `ply` moves of the line, dropping the
    /// later ones if `truncate`.
    fn goto(&mut self, ply: usize, truncate: bool) -> Action {
        let moves: Vec<&str> = self.line[..ply].iter().map(String::as_str).collect();
        let session = self.session.as_mut().expect("idle");
        // Replay to one ply before, to learn what the last move did.
        let before = ply.saturating_sub(1);
        if let Err(e) = session.set_position(self.start.as_deref(), &moves[..before]) {
            return Action::Reply(vec![error(position_error(e))]);
        }
        let mut last = None;
        if ply > 0 {
            let text = moves[ply - 1];
            last = session.move_effects().into_iter().find(|e| e.text == text);
            if session.play_move(text).is_err() {
                return Action::Reply(vec![error("history replay failed")]);
            }
        }
        if truncate {
            self.line.truncate(ply);
        }
        self.ply = ply;
        self.last = last;
        self.version += 1;
        Action::Reply(vec![self.state(None)])
    }

    /// The board's layout and pieces (sent when the variant changes).
    pub fn layout(&self) -> Value {
        let s = self.s();
        let layout = layout::layout(s.variant()).expect("a registered variant");
        let pieces: Vec<Value> = s
            .pieces()
            .iter()
            .map(|p| json!({"letter": p.letter.to_string(), "name": p.name, "betza": p.betza, "moves": p.moves}))
            .collect();
        json!({"type": "layout", "variant": s.variant(), "board": layout, "pieces": pieces})
    }

    /// The position, its legal moves with their effects, and the game.
    pub fn state(&self, engine_move: Option<&str>) -> Value {
        let s = self.s();
        let board: Vec<Value> = s
            .board()
            .into_iter()
            .map(|(cell, c)| json!([cell, c.to_string()]))
            .collect();
        let outcome = s.outcome().map(|o| {
            json!({"result": o.result_str(), "reason": o.reason(),
                   "winner": o.winner().map(|c| c.name())})
        });
        let legal: Vec<Value> = if outcome.is_some() {
            Vec::new()
        } else {
            s.move_effects().iter().map(effects_json).collect()
        };
        let mut v = json!({
            "type": "state",
            "variant": s.variant(),
            "fen": s.fen(),
            "start_fen": self.start.clone().unwrap_or_else(|| s.start_fen().to_string()),
            "set_up": self.start.is_some(),
            "moves": &self.line[..self.ply],
            "line": self.line,
            "ply": self.ply,
            "side": s.side_to_move().name(),
            "outcome": outcome,
            "board": board,
            "legal": legal,
            "last": self.last.as_ref().map(effects_json),
        });
        if let Some(m) = engine_move {
            v["engine_move"] = json!(m);
        }
        v
    }
}

impl Default for Board {
    fn default() -> Self {
        Board::new()
    }
}

fn effects_json(e: &MoveEffects) -> Value {
    json!({
        "text": e.text,
        "from": e.from,
        "to": e.to,
        "lands": e.lands,
        "removed": e.removed,
        "displaced": e.displaced,
        "changed": e.changed.iter().map(|(s, c)| json!([s, c.to_string()])).collect::<Vec<_>>(),
        "noisy": e.noisy,
    })
}

fn position_error(e: PositionError) -> String {
    format!("position refused: {e}")
}

/// User text echoed in an error, cut short (a hostile page may send megabytes).
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if s.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// A search report as the page reads it.
pub fn info_json(i: &Info) -> Value {
    let ms = i.time.as_millis() as u64;
    let score = match i.score {
        Score::Cp(c) => json!({"cp": c}),
        Score::Mate(m) => json!({"mate": m}),
    };
    json!({
        "type": "info",
        "depth": i.depth,
        "seldepth": i.seldepth,
        "multipv": i.multipv,
        "score": score,
        "nodes": i.nodes,
        "nps": i.nodes.saturating_mul(1000) / ms.max(1),
        "time_ms": ms,
        "pv": i.pv,
    })
}
