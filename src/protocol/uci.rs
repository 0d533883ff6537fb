//! UCI, with the de-facto `UCI_Variant` combo option for the variant.
//!
//! Moves and squares use the variant's own coordinate notation (Trubix ranks
//! 0–10). Bad input never changes the position and is answered with an
//! `info string Error (...)` line, which GUIs show or ignore.

use super::{
    default_variant, emit, make_session, spawn_perft, spawn_search, Event, GoResult, Player,
    Session, DEFAULT_HASH_MB, MAX_HASH_MB, MAX_MULTIPV, MAX_THREADS,
};
use crate::geometry::Color;
use crate::search::{Clock, Info, Limits, Params, Ponder, Score};
use crate::variants::VARIANTS;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::Duration;

/// The UCI state.
pub struct Uci {
    tx: Sender<Event>,
    rx: Receiver<Event>,
    pending: VecDeque<String>,
    /// The game; `None` while a worker thread owns it.
    session: Option<Box<dyn Session>>,
    stop: Option<Arc<AtomicBool>>,
    /// The worker runs a perft (its end prints no `bestmove`).
    perft_running: bool,
    hash_mb: usize,
    threads: usize,
    overhead: Duration,
    /// Who answers `go` (the search, or `menagerie baseline`'s one-ply player).
    player: Player,
    /// List the search parameters as options (`menagerie --tuning`).
    tuning: bool,
    /// Search parameters set by `setoption`, kept across variant changes.
    tuned: Vec<(String, i32)>,
    /// The `MultiPV` option: lines per depth, 1 to [`MAX_MULTIPV`].
    multipv: usize,
    /// The `Ponder` option: the GUI will let the engine think on the
    /// opponent's time, so its searches may take longer ([`Limits::ponder_enabled`]).
    ponder_option: bool,
    /// The running search is a `go ponder`: its switch, which `ponderhit`
    /// turns (see [`Uci::ponderhit`]).
    pondering: Option<Arc<Ponder>>,
    /// A ponder search that ended before `ponderhit` or `stop` (UCI allows no
    /// `bestmove` until one of them): its answer, held back.
    held: Option<GoResult>,
    quit: bool,
}

/// The `info` line of one search report; `multipv` is the option's value
/// (with more than one line wanted, every line names its number).
fn info_line(i: &Info, multipv: usize) -> String {
    let score = match i.score {
        Score::Cp(c) => format!("cp {c}"),
        Score::Mate(m) => format!("mate {m}"),
    };
    let ms = i.time.as_millis() as u64;
    let nps = i.nodes.saturating_mul(1000) / ms.max(1);
    let mut s = format!(
        "info depth {} seldepth {} score {score} nodes {} nps {nps} time {ms} hashfull {}",
        i.depth, i.seldepth, i.nodes, i.hashfull
    );
    if i.multipv > 1 || multipv > 1 {
        // GUIs file each line under its number; a lone line stays as before.
        s = s.replacen(" score ", &format!(" multipv {} score ", i.multipv), 1);
    }
    if !i.pv.is_empty() {
        s.push_str(" pv ");
        s.push_str(&i.pv.join(" "));
    }
    s
}

/// `info string Error (KIND): WHAT`. WHAT names the faulty input; it is never
/// left empty, so the reader always learns what was wrong.
fn error(kind: &str, what: &str) {
    let what = if what.trim().is_empty() {
        "nothing given"
    } else {
        what
    };
    emit(&format!("info string Error ({kind}): {what}"));
}

/// The `bestmove` line of a search's answer.
fn bestmove(r: GoResult) {
    match (r.best, r.ponder) {
        (Some(b), Some(p)) => emit(&format!("bestmove {b} ponder {p}")),
        (Some(b), None) => emit(&format!("bestmove {b}")),
        (None, _) => emit("bestmove 0000"),
    }
}

/// The faulty arguments, or, when there were none, what the command expects.
fn or_expected(given: &str, usage: &str) -> String {
    if given.trim().is_empty() {
        format!("nothing given (expected {usage})")
    } else {
        given.to_string()
    }
}

/// What a `go` command asks for.
enum Go {
    /// `go perft N`: count the moves to depth N.
    Perft(u32),
    /// A search with these limits; `ponder`: a `go ponder`.
    Search { limits: Limits, ponder: bool },
}

impl Uci {
    pub fn new(tx: Sender<Event>, rx: Receiver<Event>, pending: Vec<String>) -> Self {
        Uci {
            tx,
            rx,
            pending: pending.into(),
            session: make_session(default_variant(), DEFAULT_HASH_MB, 1).ok(),
            stop: None,
            perft_running: false,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            overhead: Duration::from_millis(30),
            player: Player::Search,
            tuning: false,
            tuned: Vec::new(),
            multipv: 1,
            ponder_option: false,
            pondering: None,
            held: None,
            quit: false,
        }
    }

    /// The same loop listing the search's tunable parameters among its
    /// options (for SPSA tuners); without it they are accepted but not listed.
    pub fn with_tuning(mut self, tuning: bool) -> Self {
        self.tuning = tuning;
        self
    }

    /// The same loop with another player answering `go`.
    pub fn with_player(mut self, player: Player) -> Self {
        self.player = player;
        if let Some(s) = self.session.as_mut() {
            s.set_player(player);
        }
        self
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

    pub fn run(mut self) {
        if self.session.is_none() {
            emit("info string Error (internal): no variant available");
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
                        continue;
                    }
                    Ok(Event::Eof) | Err(_) => {
                        self.halt();
                        break;
                    }
                }
            };
            self.command(line.trim());
        }
    }

    /// A session for variant `v`. The old table is shrunk first: two full
    /// tables at once broke the Hash + 64 MiB memory bound (issue 10 soak).
    fn fresh_session(&mut self, v: &str) -> Result<Box<dyn Session>, String> {
        let _ = self.sm().set_hash(1);
        let mut s = make_session(v, self.hash_mb, self.threads).map_err(|e| e.to_string())?;
        s.set_player(self.player);
        for (name, value) in &self.tuned {
            let _ = s.set_search_param(name, *value);
        }
        Ok(s)
    }

    fn finish(&mut self, session: Box<dyn Session>, r: GoResult) {
        self.session = Some(session);
        self.stop = None;
        if std::mem::take(&mut self.perft_running) {
            return;
        }
        if self.pondering.is_some() {
            self.held = Some(r);
            return;
        }
        bestmove(r);
    }

    /// `ponderhit`: the opponent played the move the engine pondered on, so
    /// the game goes on from the position it was pondering. The ponder
    /// search goes on as the search for the engine's move: `go ponder`'s
    /// limits count from now ([`Ponder::hit`]), and the depth pondering
    /// reached is not searched again. A ponder search that already came
    /// back (a root with no legal move) answers at once.
    fn ponderhit(&mut self) {
        let Some(switch) = self.pondering.take() else {
            return;
        };
        match self.held.take() {
            Some(r) => bestmove(r),
            None => switch.hit(None),
        }
    }

    /// The end of pondering by anything but `ponderhit` (`stop`, or another
    /// command, which stops a search): the ponder search's answer is printed,
    /// now or when it comes back.
    fn end_ponder(&mut self) {
        if self.pondering.take().is_some() {
            if let Some(r) = self.held.take() {
                bestmove(r);
            }
        }
    }

    /// Stops a running search and waits for its `bestmove`.
    fn halt(&mut self) {
        let Some(stop) = self.stop.clone() else {
            return;
        };
        stop.store(true, Ordering::Relaxed);
        loop {
            match self.rx.recv() {
                Ok(Event::Line(l)) => self.pending.push_back(l),
                Ok(Event::Eof) => self.pending.push_back("quit".to_string()),
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

    fn command(&mut self, line: &str) {
        let mut words = line.split_whitespace();
        let cmd = words.next().unwrap_or("");
        let rest: Vec<&str> = words.collect();
        // Answered while a search runs.
        match cmd {
            "" => return,
            "isready" => return emit("readyok"),
            "ponderhit" => return self.ponderhit(),
            "stop" => {
                self.end_ponder();
                if let Some(s) = &self.stop {
                    s.store(true, Ordering::Relaxed);
                }
                return;
            }
            _ => {}
        }
        // Any other command ends pondering as `stop` would (the GUI should
        // have sent `stop` first), then stops the search.
        self.end_ponder();
        self.halt();
        if self.quit {
            return;
        }
        match cmd {
            "uci" => self.uci(),
            "ucinewgame" => self.sm().new_game(),
            "setoption" => self.setoption(&rest),
            "position" => self.position(&rest),
            "go" => self.go(&rest),
            "d" => {
                for l in self.s().diagram().lines() {
                    emit(l);
                }
                emit(&format!("Fen: {}", self.s().fen()));
            }
            "quit" => self.quit = true,
            _ => error("unknown command", line),
        }
    }

    fn uci(&self) {
        let name = match self.player {
            Player::Search => "menagerie",
            Player::OnePly { .. } => "menagerie-baseline",
        };
        emit(&format!("id name {name} {}", env!("CARGO_PKG_VERSION")));
        emit("id author the menagerie developers");
        let vars: Vec<String> = VARIANTS.iter().map(|v| format!("var {v}")).collect();
        emit(&format!(
            "option name UCI_Variant type combo default {} {}",
            self.s().variant(),
            vars.join(" ")
        ));
        emit(&format!(
            "option name Threads type spin default 1 min 1 max {MAX_THREADS}"
        ));
        emit(&format!(
            "option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}"
        ));
        emit(&format!(
            "option name Move Overhead type spin default {} min 0 max 5000",
            self.overhead.as_millis()
        ));
        emit(&format!(
            "option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}"
        ));
        emit("option name Clear Hash type button");
        if self.player == Player::Search {
            // GUIs ponder (`go ponder`, `ponderhit`) only with engines that
            // list this option; the engine's own play does not depend on it.
            emit("option name Ponder type check default false");
        }
        if self.tuning {
            let current = self.s().search_params();
            for &(name, lo, hi) in Params::RANGES {
                let v = current.get(name).unwrap_or(lo);
                emit(&format!(
                    "option name {name} type spin default {v} min {lo} max {hi}"
                ));
            }
        }
        if let Player::OnePly { seed } = self.player {
            emit(&format!(
                "option name Seed type spin default {seed} min 0 max 1000000000"
            ));
        }
        emit("uciok");
    }

    fn announce_variant(&self) {
        let sh = self.s().shape();
        emit(&format!(
            "info string variant {} files {} ranks {} pocket 0 template fairy startpos {}",
            self.s().variant(),
            sh.width,
            sh.height,
            self.s().start_fen()
        ));
    }

    fn setoption(&mut self, rest: &[&str]) {
        let joined = rest.join(" ");
        let Some(body) = joined.strip_prefix("name ") else {
            return error(
                "bad setoption",
                &or_expected(&joined, "setoption name NAME [value VALUE]"),
            );
        };
        let (name, value) = match body.split_once(" value ") {
            Some((n, v)) => (n.trim(), Some(v.trim())),
            None => (body.trim(), None),
        };
        let number = |v: Option<&str>, lo: usize, hi: usize| {
            v.and_then(|v| v.parse::<usize>().ok())
                .filter(|n| (lo..=hi).contains(n))
        };
        match name.to_ascii_lowercase().as_str() {
            "uci_variant" => match value.filter(|v| VARIANTS.contains(v)) {
                Some(v) => match self.fresh_session(v) {
                    Ok(s) => {
                        self.session = Some(s);
                        self.announce_variant();
                    }
                    Err(e) => error("unknown variant", &e),
                },
                None => error(
                    "unknown variant",
                    &or_expected(value.unwrap_or(""), "setoption name UCI_Variant value NAME"),
                ),
            },
            "threads" => match number(value, 1, MAX_THREADS) {
                Some(n) => {
                    self.threads = n;
                    self.sm().set_threads(n);
                }
                None => error("bad option value", &joined),
            },
            "hash" => match number(value, 1, MAX_HASH_MB) {
                Some(n) => match self.sm().set_hash(n) {
                    Ok(()) => self.hash_mb = n,
                    Err(e) => {
                        let keep = self.hash_mb;
                        let _ = self.sm().set_hash(keep);
                        error(&e, &joined)
                    }
                },
                None => error("bad option value", &joined),
            },
            "move overhead" => match number(value, 0, 5000) {
                Some(n) => self.overhead = Duration::from_millis(n as u64),
                None => error("bad option value", &joined),
            },
            "multipv" => match number(value, 1, MAX_MULTIPV) {
                Some(n) => self.multipv = n,
                None => error("bad option value", &joined),
            },
            "clear hash" => self.sm().clear_hash(),
            "ponder" => match value {
                Some("true") => self.ponder_option = true,
                Some("false") => self.ponder_option = false,
                _ => error("bad option value", &joined),
            },
            "seed" if matches!(self.player, Player::OnePly { .. }) => {
                match value.and_then(|v| v.parse::<u64>().ok()) {
                    Some(seed) => {
                        let player = Player::OnePly { seed };
                        self.player = player;
                        self.sm().set_player(player);
                    }
                    None => error("bad option value", &joined),
                }
            }
            other => match Params::DEFAULT.get(other) {
                Some(_) => {
                    let set = value
                        .and_then(|v| v.parse::<i32>().ok())
                        .ok_or_else(|| "bad option value".to_string())
                        .and_then(|v| self.sm().set_search_param(other, v).map(|_| v));
                    match set {
                        Ok(v) => {
                            self.tuned.retain(|(n, _)| n != other);
                            self.tuned.push((other.to_string(), v));
                        }
                        Err(e) => error(&e, &joined),
                    }
                }
                None => error("unknown option", name),
            },
        }
    }

    fn position(&mut self, rest: &[&str]) {
        let moves_at = rest.iter().position(|&w| w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&rest[..i], &rest[i + 1..]),
            None => (rest, &[][..]),
        };
        let fen = match setup.first() {
            Some(&"startpos") if setup.len() == 1 => None,
            Some(&"fen") if setup.len() > 1 => Some(setup[1..].join(" ")),
            _ => {
                return error(
                    "bad position",
                    &or_expected(&rest.join(" "), "position startpos|fen FEN [moves ...]"),
                )
            }
        };
        if let Err(e) = self.sm().set_position(fen.as_deref(), moves) {
            error("illegal position", &e.to_string());
        }
    }

    fn go(&mut self, rest: &[&str]) {
        match self.parse_go(rest) {
            Err((kind, what)) => error(kind, &what),
            Ok(Go::Perft(depth)) => self.perft(depth),
            Ok(Go::Search { mut limits, ponder }) => {
                if ponder {
                    // Search until `ponderhit` or `stop`; from `ponderhit`
                    // on, with these limits.
                    let switch = Arc::new(Ponder::default());
                    limits.ponder = Some(switch.clone());
                    self.pondering = Some(switch);
                    self.held = None;
                }
                self.start_search(limits);
            }
        }
    }

    /// What `go`'s arguments ask for, or the error to print.
    fn parse_go(&self, rest: &[&str]) -> Result<Go, (&'static str, String)> {
        let mut l = Limits {
            move_overhead: self.overhead,
            multipv: self.multipv,
            ..Limits::default()
        };
        let white = self.s().side_to_move() == Color::White;
        let mut clock = Clock::default();
        let mut has_clock = false;
        let mut ponder = false;
        let mut i = 0;
        while i < rest.len() {
            let key = rest[i];
            let val = rest.get(i + 1).and_then(|v| v.parse::<u64>().ok());
            let ms = |v: u64| Duration::from_millis(v);
            let mut used = 2;
            match (key, val) {
                ("infinite", _) => {
                    l.infinite = true;
                    used = 1;
                }
                ("ponder", _) => {
                    ponder = true;
                    used = 1;
                }
                ("searchmoves", _) => {
                    used = 1;
                    while i + used < rest.len() && !is_go_keyword(rest[i + used]) {
                        used += 1;
                    }
                    match self.s().root_moves(&rest[i + 1..i + used]) {
                        Ok(codes) => l.root_moves = codes,
                        Err(bad) => return Err(("illegal move in searchmoves", bad)),
                    }
                }
                ("perft", Some(d)) if (1..=10).contains(&d) => return Ok(Go::Perft(d as u32)),
                ("depth", Some(d)) if d >= 1 => l.depth = Some(d.min(255) as u32),
                ("nodes", Some(n)) => l.nodes = Some(n),
                ("mate", Some(n)) if n >= 1 => l.depth = Some((2 * n).min(255) as u32),
                ("movetime", Some(t)) => l.movetime = Some(ms(t)),
                ("wtime", Some(t)) | ("btime", Some(t)) => {
                    if (key == "wtime") == white {
                        clock.time = ms(t);
                        has_clock = true;
                    }
                }
                ("winc", Some(t)) | ("binc", Some(t)) => {
                    if (key == "winc") == white {
                        clock.inc = ms(t);
                    }
                }
                ("movestogo", Some(n)) if n >= 1 => clock.moves_to_go = Some(n.min(1000) as u32),
                _ => return Err(("bad go parameter", rest[i..].join(" "))),
            }
            i += used;
        }
        if has_clock {
            l.clock = Some(clock);
        }
        l.ponder_enabled = self.ponder_option || ponder;
        Ok(Go::Search { limits: l, ponder })
    }

    /// Starts a search of the current position in the background.
    fn start_search(&mut self, l: Limits) {
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(stop.clone());
        let session = self.session.take().expect("idle");
        let multipv = self.multipv;
        spawn_search(
            session,
            l,
            stop,
            self.tx.clone(),
            Box::new(move |i: &Info| emit(&info_line(i, multipv))),
        );
    }

    /// `go perft N` on the worker thread: `stop` ends it early.
    fn perft(&mut self, depth: u32) {
        let stop = Arc::new(AtomicBool::new(false));
        self.stop = Some(stop.clone());
        self.perft_running = true;
        let session = self.session.take().expect("idle");
        let report = Box::new(|counts: Option<Vec<(String, u64)>>| match counts {
            Some(counts) => {
                for (m, n) in &counts {
                    emit(&format!("{m}: {n}"));
                }
                emit("");
                let total: u64 = counts.iter().map(|(_, n)| n).sum();
                emit(&format!("Nodes searched: {total}"));
            }
            None => emit("info string perft stopped"),
        });
        spawn_perft(session, depth, stop, self.tx.clone(), report);
    }
}

fn is_go_keyword(w: &str) -> bool {
    matches!(
        w,
        "searchmoves"
            | "ponder"
            | "wtime"
            | "btime"
            | "winc"
            | "binc"
            | "movestogo"
            | "depth"
            | "nodes"
            | "mate"
            | "movetime"
            | "infinite"
            | "perft"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::channel;

    /// The limits `go <args>` would search with.
    fn limits(u: &Uci, args: &str) -> Limits {
        let words: Vec<&str> = args.split_whitespace().collect();
        match u.parse_go(&words) {
            Ok(Go::Search { limits, .. }) => limits,
            _ => panic!("go {args} is not a search"),
        }
    }

    #[test]
    fn the_ponder_option_reaches_the_time_management() {
        let (tx, rx) = channel();
        let mut u = Uci::new(tx, rx, Vec::new());
        let clock = "wtime 10000 btime 10000 winc 100 binc 100";
        assert!(!limits(&u, clock).ponder_enabled);
        assert!(limits(&u, &format!("ponder {clock}")).ponder_enabled);
        u.command("setoption name Ponder value true");
        assert!(limits(&u, clock).ponder_enabled);
        u.command("setoption name Ponder value maybe");
        assert!(
            limits(&u, clock).ponder_enabled,
            "a bad value changes nothing"
        );
        u.command("setoption name Ponder value false");
        assert!(!limits(&u, clock).ponder_enabled);
        assert!(matches!(u.parse_go(&["perft", "2"]), Ok(Go::Perft(2))));
        assert!(u.parse_go(&["wtime", "x"]).is_err());
    }
}
