//! XBoard / WinBoard: the Chess Engine Communication Protocol, version 2.
//!
//! A state machine over the CECP modes (force, playing one side, analyze).
//! After every command the loop decides whether to start thinking
//! (`Xboard::maybe_start`), so `go`, `playother`, `usermove` and `analyze`
//! share one rule: think when not in force mode and it is the engine's side
//! to move (or always in analyze mode), and the game is not over.
//!
//! Square names: XBoard numbers ranks from 1 (from 0 on 10-rank boards), or
//! from 0 when started with `-rankOffset 1`. For boards whose first rank is 0
//! in the variant's own notation the "Rank numbering" option says which the
//! GUI uses; [`gui_delta`] and [`shift_ranks`] map every square name.

mod highlight;
pub mod moves;
pub mod profile;
#[cfg(test)]
mod tests;
mod text;

use text::{cecp_score, parse_base, parse_secs};
pub use text::{gui_delta, result_line, shift_ranks};

use super::{
    default_variant, emit, make_session, resolve_variant, shown, spawn_perft, spawn_search,
    variant_names, Event, GoResult, Session, Shape, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV,
    MAX_THREADS,
};
use crate::geometry::Color;
use crate::search::{Clock, Info, Limits, Ponder};
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The option that keeps the engine from playing moves XBoard cannot draw
/// (Fugue's swap; see [`moves::shows`]): on by default, because after
/// such a move XBoard's picture is wrong and it may forfeit a later legal move.
const SHOWN_ONLY: &str = "Only moves XBoard can show";

/// The values of the rank-numbering option (for boards whose first rank is 0).
const RANKS_DEFAULT: &str = "1-11 (XBoard default)";
const RANKS_ZERO: &str = "0-10 (XBoard -rankOffset 1)";

/// What the worker thread is doing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Task {
    /// Choosing the engine's move in a game.
    Think,
    /// Analyze mode: never moves.
    Analyze,
    /// A perft divide (`perft N`): prints counts, never moves.
    Perft,
    /// Pondering (`hard`): on the opponent's time, the predicted reply is
    /// played on the board and the engine searches on from there, silently.
    /// When the opponent plays that move the search goes on as the engine's
    /// [`Task::Think`] ([`Xboard::ponder_hit`]); anything else stops it, and
    /// the predicted move is taken back when the search comes home
    /// ([`Xboard::finish`]).
    Ponder,
}

struct Running {
    task: Task,
    stop: Arc<AtomicBool>,
    /// What a ponder search needs to become thinking.
    ponder: Option<Pondering>,
    /// Post the search's lines (turned on when pondering becomes thinking).
    post: Arc<AtomicBool>,
    /// Drop the result (a command overrode the search) instead of playing it.
    discard: bool,
}

/// A ponder search's switch, the predicted reply (the forms in which XBoard
/// may send it) and the clock the engine's move would have (its time is the
/// last `time` command's when the reply comes).
struct Pondering {
    switch: Arc<Ponder>,
    reply: Vec<String>,
    clock: Option<Clock>,
}

/// The CECP state.
pub struct Xboard {
    tx: Sender<Event>,
    rx: Receiver<Event>,
    pending: VecDeque<String>,
    /// The game; `None` while a worker thread owns it.
    session: Option<Box<dyn Session>>,
    running: Option<Running>,
    force: bool,
    engine_side: Option<Color>,
    analyze: bool,
    /// `hard`: ponder on the opponent's time ([`Task::Ponder`]).
    ponder: bool,
    /// The reply the engine's last search expected, and the position (FEN)
    /// it expected it in: pondering plays it only there.
    hint: Option<(String, String)>,
    post: bool,
    /// The result was already claimed for the current position.
    claimed: bool,
    /// level MPS BASE INC.
    mps: u32,
    base: Duration,
    inc: Duration,
    st: Option<Duration>,
    sd: Option<u32>,
    time: Option<Duration>,
    rank_zero: bool,
    /// Play only moves XBoard can draw ([`moves::shows`]) when there is one.
    shown_moves_only: bool,
    overhead: Duration,
    hash_mb: usize,
    threads: usize,
    last_info: Arc<Mutex<Option<Info>>>,
    /// Lines analyze mode shows (the "MultiPV" option, 1 to [`MAX_MULTIPV`]);
    /// games are always played with one line, at full strength.
    multipv: usize,
    /// The square of the last `lift`, in the variant's (file, row).
    lifted: Option<(u8, u8)>,
    quit: bool,
}

impl Xboard {
    pub fn new(tx: Sender<Event>, rx: Receiver<Event>, pending: Vec<String>) -> Self {
        let session = make_session(default_variant(), DEFAULT_HASH_MB, 1).ok();
        Xboard {
            tx,
            rx,
            pending: pending.into(),
            session,
            running: None,
            force: false,
            engine_side: Some(Color::Black),
            analyze: false,
            ponder: false,
            hint: None,
            post: false,
            claimed: false,
            mps: 0,
            base: Duration::from_secs(300),
            inc: Duration::ZERO,
            st: None,
            sd: None,
            time: None,
            rank_zero: false,
            shown_moves_only: true,
            overhead: Duration::from_millis(30),
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            last_info: Arc::new(Mutex::new(None)),
            multipv: 1,
            lifted: None,
            quit: false,
        }
    }

    fn s(&self) -> &dyn Session {
        self.session
            .as_deref()
            .expect("the session is home when idle")
    }

    fn sm(&mut self) -> &mut Box<dyn Session> {
        self.session
            .as_mut()
            .expect("the session is home when idle")
    }

    /// Rank number the GUI writes minus the variant's, for the current board.
    fn gui_delta(&self) -> i32 {
        gui_delta(self.s().shape(), self.rank_zero)
    }

    fn gui_names(&self, text: &str) -> String {
        shift_ranks(text, self.gui_delta())
    }

    fn own_names(&self, text: &str) -> String {
        shift_ranks(text, -self.gui_delta())
    }

    /// The main loop.
    pub fn run(mut self) {
        if self.session.is_none() {
            emit("Error (internal): no variant available");
            return;
        }
        while !self.quit {
            let line = if let Some(l) = self.pending.pop_front() {
                l
            } else {
                match self.rx.recv() {
                    Ok(Event::Line(l)) => l,
                    Ok(Event::Done(s, r)) => {
                        self.finish(s, r);
                        self.maybe_start();
                        continue;
                    }
                    Ok(Event::Eof) | Err(_) => {
                        self.halt(true);
                        break;
                    }
                }
            };
            self.command(line.trim());
            if !self.quit {
                self.maybe_start();
            }
        }
    }

    /// Stops a running search and waits for it; `discard` drops its move.
    fn halt(&mut self, discard: bool) {
        let Some(run) = self.running.as_mut() else {
            return;
        };
        run.discard |= discard;
        run.stop.store(true, Ordering::Relaxed);
        loop {
            match self.rx.recv() {
                Ok(Event::Line(l)) => self.pending.push_back(l),
                Ok(Event::Eof) => {
                    self.pending.push_back("quit".to_string());
                }
                Ok(Event::Done(s, r)) => {
                    self.finish(s, r);
                    return;
                }
                Err(_) => {
                    self.quit = true;
                    return;
                }
            }
        }
    }

    /// A search came back: take the session home and play the move if wanted.
    fn finish(&mut self, session: Box<dyn Session>, r: GoResult) {
        self.session = Some(session);
        let Some(run) = self.running.take() else {
            return;
        };
        if run.task == Task::Ponder {
            self.sm().undo();
            return;
        }
        if run.discard || run.task != Task::Think {
            return;
        }
        let Some(best) = r.best else {
            self.claim();
            return;
        };
        let shown = self.s().xboard_form(&best).unwrap_or_else(|| best.clone());
        if self.sm().play_move(&best).is_err() {
            emit(&format!("# internal error: the search returned {best}"));
            return;
        }
        self.claimed = false;
        self.hint = r.ponder.map(|p| (p, self.s().fen()));
        let legs: Vec<&str> = shown.split(',').collect();
        for (i, leg) in legs.iter().enumerate() {
            let comma = if i + 1 < legs.len() { "," } else { "" };
            emit(&format!("move {}{comma}", self.gui_names(leg)));
        }
        self.claim();
    }

    /// Announces the result if the game is over (once per position).
    fn claim(&mut self) {
        if self.claimed {
            return;
        }
        if let Some(o) = self.s().outcome() {
            self.claimed = true;
            emit(&result_line(o));
        }
    }

    /// `perft N` on the worker thread: `?` (or any command that changes the
    /// game) stops it; `ping` is answered meanwhile.
    fn perft(&mut self, depth: u32) {
        let stop = Arc::new(AtomicBool::new(false));
        self.running = Some(Running {
            task: Task::Perft,
            stop: stop.clone(),
            ponder: None,
            post: Arc::new(AtomicBool::new(false)),
            discard: false,
        });
        let delta = self.gui_delta();
        let report = Box::new(move |counts: Option<Vec<(String, u64)>>| match counts {
            Some(counts) => {
                for (m, n) in &counts {
                    emit(&format!("# {}: {n}", shift_ranks(m, delta)));
                }
                let total: u64 = counts.iter().map(|(_, n)| n).sum();
                emit(&format!("# Nodes searched: {total}"));
            }
            None => emit("# perft stopped"),
        });
        let session = self.session.take().expect("idle");
        spawn_perft(session, depth, stop, self.tx.clone(), report);
    }

    /// Starts thinking or analysing when the mode says so.
    fn maybe_start(&mut self) {
        if self.running.is_some() || self.quit || self.session.is_none() {
            return;
        }
        let over = self.s().outcome().is_some();
        let mut predicted = Vec::new();
        let task = if self.analyze {
            if over {
                return;
            }
            Task::Analyze
        } else if !self.force && self.engine_side == Some(self.s().side_to_move()) {
            if over {
                self.claim();
                self.force = true;
                return;
            }
            Task::Think
        } else if self.ponder
            && !self.force
            && self.engine_side == Some(self.s().side_to_move().flip())
            && !over
        {
            let Some(forms) = self.play_hint() else {
                return;
            };
            predicted = forms;
            Task::Ponder
        } else {
            return;
        };
        let mut limits = self.limits(task);
        let ponder = (task == Task::Ponder).then(|| {
            let switch = Arc::new(Ponder::default());
            limits.ponder = Some(switch.clone());
            Pondering {
                switch,
                reply: predicted,
                clock: limits.clock,
            }
        });
        let stop = Arc::new(AtomicBool::new(false));
        let post = Arc::new(AtomicBool::new(
            (self.post && task != Task::Ponder) || task == Task::Analyze,
        ));
        let show = post.clone();
        let delta = self.gui_delta();
        let last = self.last_info.clone();
        *last.lock().unwrap_or_else(|e| e.into_inner()) = None;
        let info = Box::new(move |i: &Info| {
            // The `.` status line reports the best line, not the last of several.
            if i.multipv <= 1 {
                *last.lock().unwrap_or_else(|e| e.into_inner()) = Some(i.clone());
            }
            if show.load(Ordering::Relaxed) {
                let pv: Vec<String> = i.pv.iter().map(|m| shift_ranks(m, delta)).collect();
                emit(&format!(
                    "{} {} {} {} {}",
                    i.depth,
                    cecp_score(i.score),
                    i.time.as_millis() / 10,
                    i.nodes,
                    pv.join(" ")
                ));
            }
        });
        let session = self.session.take().expect("idle");
        self.running = Some(Running {
            task,
            stop: stop.clone(),
            ponder,
            post,
            discard: false,
        });
        spawn_search(session, limits, stop, self.tx.clone(), info);
    }

    /// `usermove` while pondering: when it is the predicted reply (already
    /// on the board the search owns), pondering becomes thinking. The search
    /// goes on from the depth it reached, its clock counting from now with
    /// the time XBoard last sent. Whether it was the predicted reply.
    fn ponder_hit(&mut self, arg: &str) -> bool {
        let Some(run) = self.running.as_mut().filter(|r| r.task == Task::Ponder) else {
            return false;
        };
        let Some(p) = run.ponder.take_if(|p| p.reply.iter().any(|r| r == arg)) else {
            return false;
        };
        run.task = Task::Think;
        run.post.store(self.post, Ordering::Relaxed);
        let time = self.time.unwrap_or(self.base);
        p.switch.hit(p.clock.map(|c| Clock { time, ..c }));
        self.lifted = None;
        self.claimed = false;
        true
    }

    /// Plays the predicted reply for pondering, if it was predicted for this
    /// position and leaves a game to ponder on: the forms in which XBoard
    /// may send it (ours, and XBoard's own for a multi-leg move).
    fn play_hint(&mut self) -> Option<Vec<String>> {
        let (reply, fen) = self.hint.clone()?;
        if fen != self.s().fen() {
            return None;
        }
        let mut forms = vec![self.gui_names(&reply)];
        forms.extend(self.s().xboard_form(&reply).map(|f| self.gui_names(&f)));
        self.sm().play_move(&reply).ok()?;
        if self.s().outcome().is_some() {
            self.sm().undo();
            return None;
        }
        // A comment (XBoard shows it in its debug log, nowhere else).
        emit(&format!("# ponder {}", forms[0]));
        Some(forms)
    }

    fn limits(&self, task: Task) -> Limits {
        let mut l = Limits {
            depth: self.sd,
            move_overhead: self.overhead,
            ponder_enabled: self.ponder,
            ..Limits::default()
        };
        if task != Task::Analyze && self.shown_moves_only {
            l.root_moves = self.s().xboard_root_moves();
        }
        if task == Task::Analyze {
            l.multipv = self.multipv;
            l.infinite = true;
            l.depth = None;
        } else if let Some(st) = self.st {
            l.movetime = Some(st);
        } else {
            let moves_done = (self.s().plies() / 2) as u32;
            l.clock = Some(Clock {
                time: self.time.unwrap_or(self.base),
                inc: self.inc,
                moves_to_go: (self.mps > 0).then(|| self.mps - moves_done % self.mps),
            });
        }
        l
    }

    fn features(&self) {
        let mut names = Vec::new();
        for (name, native) in variant_names() {
            if let Some(n) = native {
                names.push(n);
            }
            names.push(name);
        }
        emit("feature done=0");
        emit(&format!(
            "feature myname=\"menagerie {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            names.join(",")
        ));
        emit("feature setboard=1 usermove=1 ping=1 playother=1 sigint=0 sigterm=0 memory=1 smp=1 analyze=1 colors=0 reuse=1 highlight=1 debug=1 time=1 draw=0 san=0 name=0 exclude=0 nps=0");
        emit(&format!(
            "feature option=\"Rank numbering -combo *{RANKS_DEFAULT} /// {RANKS_ZERO}\""
        ));
        emit(&format!(
            "feature option=\"Move Overhead -spin {} 0 5000\"",
            self.overhead.as_millis()
        ));
        emit(&format!(
            "feature option=\"{SHOWN_ONLY} -check {}\"",
            u8::from(self.shown_moves_only)
        ));
        emit(&format!(
            "feature option=\"MultiPV -spin {} 1 {MAX_MULTIPV}\"",
            self.multipv
        ));
        emit("feature option=\"Clear Hash -button\"");
        emit("feature done=1");
    }

    /// Commands that a running search does not disturb.
    fn command_while_running(&mut self, cmd: &str, arg: &str) -> bool {
        match cmd {
            "?" => {
                if let Some(r) = &self.running {
                    if !matches!(r.task, Task::Analyze | Task::Ponder) {
                        r.stop.store(true, Ordering::Relaxed);
                    }
                }
            }
            "." => {
                if self
                    .running
                    .as_ref()
                    .is_some_and(|r| r.task == Task::Analyze)
                {
                    let last = self.last_info.lock().unwrap_or_else(|e| e.into_inner());
                    if let Some(i) = last.as_ref() {
                        emit(&format!(
                            "stat01: {} {} {} 0 0",
                            i.time.as_millis() / 10,
                            i.nodes,
                            i.depth
                        ));
                    }
                }
            }
            "ping" => emit(&format!("pong {arg}")),
            "post" => self.post = true,
            "nopost" => self.post = false,
            "time" | "otim" => {
                let Ok(cs) = arg.parse::<u64>() else {
                    emit(&format!("Error (bad number): {cmd} {}", shown(arg)));
                    return true;
                };
                if cmd == "time" {
                    self.time = Some(Duration::from_millis(cs * 10));
                }
            }
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if let Some(r) = self.running.as_ref().filter(|r| r.task == Task::Ponder) {
                    r.stop.store(true, Ordering::Relaxed);
                }
            }
            "computer" | "random" | "accepted" | "rejected" | "name" | "rating" | "ics"
            | "draw" | "hint" | "bk" | "xboard" => {}
            "" => {}
            c if c.starts_with('#') => {}
            _ => return false,
        }
        true
    }

    fn command(&mut self, line: &str) {
        let (cmd, arg) = match line.split_once(char::is_whitespace) {
            Some((c, a)) => (c, a.trim()),
            None => (line, ""),
        };
        if self.command_while_running(cmd, arg) || (cmd == "usermove" && self.ponder_hit(arg)) {
            return;
        }
        // Everything else acts on the game: stop a search without its move.
        self.halt(true);
        if self.quit {
            return;
        }
        match cmd {
            "protover" => self.features(),
            "new" => {
                self.hint = None;
                let name = default_variant();
                if self.s().variant() != name {
                    self.switch(name);
                }
                self.sm().new_game();
                self.force = false;
                self.engine_side = Some(Color::Black);
                // CECP: `new` removes the depth limit; time controls stay.
                self.sd = None;
                self.time = None;
                self.claimed = false;
            }
            "variant" => self.variant(arg),
            "force" => self.force = true,
            "go" => {
                self.force = false;
                self.engine_side = Some(self.s().side_to_move());
            }
            "playother" => {
                self.force = false;
                self.engine_side = Some(self.s().side_to_move().flip());
            }
            "usermove" => self.usermove(arg),
            "setboard" => match self.sm().set_xboard_position(arg) {
                Ok(()) => self.claimed = false,
                Err(e) => emit(&format!("tellusererror Illegal position: {e}")),
            },
            "undo" | "remove" => {
                let n = if cmd == "undo" { 1 } else { 2 };
                if self.s().plies() < n {
                    emit(&format!("Error (no move to take back): {cmd}"));
                } else {
                    for _ in 0..n {
                        self.sm().undo();
                    }
                    self.claimed = false;
                }
            }
            "level" => {
                let parts: Vec<&str> = arg.split_whitespace().collect();
                match parts.as_slice() {
                    [mps, base, inc] => match (mps.parse(), parse_base(base), parse_secs(inc)) {
                        (Ok(m), Some(b), Some(i)) => {
                            self.mps = m;
                            self.base = b;
                            self.inc = i;
                            self.st = None;
                        }
                        _ => emit(&format!("Error (bad level): level {}", shown(arg))),
                    },
                    _ => emit(&format!("Error (bad level): level {}", shown(arg))),
                }
            }
            "st" => match parse_secs(arg) {
                Some(d) if d > Duration::ZERO => self.st = Some(d),
                _ => emit(&format!("Error (bad number): st {}", shown(arg))),
            },
            "sd" => match arg.parse::<u32>() {
                Ok(d) if d >= 1 => self.sd = Some(d),
                _ => emit(&format!("Error (bad number): sd {}", shown(arg))),
            },
            "analyze" => self.analyze = true,
            "exit" => self.analyze = false,
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if (1..=MAX_HASH_MB).contains(&mb) => match self.sm().set_hash(mb) {
                    Ok(()) => self.hash_mb = mb,
                    Err(e) => {
                        let keep = self.hash_mb;
                        let _ = self.sm().set_hash(keep);
                        emit(&format!("Error ({e}): memory {}", shown(arg)));
                    }
                },
                _ => emit(&format!("Error (bad number): memory {}", shown(arg))),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                    self.threads = n;
                    self.sm().set_threads(n);
                }
                _ => emit(&format!("Error (bad number): cores {}", shown(arg))),
            },
            "result" => {
                self.force = true;
                self.claimed = true;
            }
            "option" => self.option(arg),
            "lift" => self.lift(arg),
            "put" => self.put(arg),
            "hover" => self.hover(arg),
            "perft" => match arg.parse::<u32>() {
                Ok(d) if (1..=8).contains(&d) => self.perft(d),
                _ => emit(&format!("Error (bad depth): perft {}", shown(arg))),
            },
            "d" => {
                for l in self.s().diagram().lines() {
                    emit(&format!("# {l}"));
                }
                emit(&format!("# {}", self.s().fen()));
            }
            "quit" => self.quit = true,
            _ => emit(&format!("Error (unknown command): {cmd}")),
        }
    }

    fn switch(&mut self, name: &str) {
        // Shrink the old table first: two full tables at once broke the
        // Hash + 64 MiB memory bound (issue 10 soak).
        let _ = self.sm().set_hash(1);
        match make_session(name, self.hash_mb, self.threads) {
            Ok(s) => self.session = Some(s),
            Err(_) => {
                let mb = self.hash_mb;
                let _ = self.sm().set_hash(mb);
            }
        }
    }

    fn variant(&mut self, arg: &str) {
        let Some(name) = resolve_variant(arg) else {
            let name = if arg.is_empty() {
                "(no name given)"
            } else {
                arg
            };
            emit(&format!("Error (unsupported variant): {name}"));
            return;
        };
        if self.s().variant() != name {
            self.switch(name);
        }
        self.sm().new_game();
        self.claimed = false;
        // A hint for scripts and users (XBoard ignores `#` lines): whether
        // XBoard's own legality testing can stay on for this variant.
        let legal = if self.s().xboard_legal() { "on" } else { "off" };
        emit(&format!("# xboard legality: {legal}"));
        let sh = self.s().shape();
        emit(&format!(
            "# board: {}x{}, own ranks from {}",
            sh.width, sh.height, sh.first_rank
        ));
        // XBoard needs `setup` before the `pong` that follows: reply now.
        if self.s().xboard_native() != Some(arg) {
            if let Some(setup) = self.s().xboard_setup() {
                emit(&format!("setup {setup} {}", self.s().start_fen()));
                for p in self.s().xboard_pieces() {
                    emit(&format!("piece {p}"));
                }
            }
        }
    }

    fn usermove(&mut self, arg: &str) {
        let text = self.own_names(arg);
        match self.sm().play_move(&text) {
            Ok(_) => {
                self.lifted = None;
                self.claimed = false;
                if !self.force && !self.analyze {
                    self.claim();
                }
            }
            Err(e) => emit(&format!("Illegal move ({}): {}", e.reason(), shown(arg))),
        }
    }

    fn option(&mut self, arg: &str) {
        let (name, value) = match arg.split_once('=') {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (arg.trim(), None),
        };
        match (name, value) {
            ("Rank numbering", Some(v)) if v == RANKS_DEFAULT || v == RANKS_ZERO => {
                self.rank_zero = v == RANKS_ZERO;
            }
            ("Move Overhead", Some(v)) => match v.parse::<u64>() {
                Ok(ms) if ms <= 5000 => self.overhead = Duration::from_millis(ms),
                _ => emit(&format!("Error (bad option value): option {}", shown(arg))),
            },
            (SHOWN_ONLY, Some(v)) if v == "0" || v == "1" => self.shown_moves_only = v == "1",
            ("MultiPV", Some(v)) => match v.parse::<usize>() {
                Ok(n) if (1..=MAX_MULTIPV).contains(&n) => self.multipv = n,
                _ => emit(&format!("Error (bad option value): option {}", shown(arg))),
            },
            ("Clear Hash", None) => self.sm().clear_hash(),
            _ => emit(&format!("Error (unknown option): option {}", shown(arg))),
        }
    }
}
