//! One game between two engine processes, refereed by the variant's own rules:
//! every move is parsed against the legal moves, the end is
//! [`game_outcome`]'s verdict (or an adjudication), and the runner keeps the
//! clocks. An engine that fails in any way loses that game with the reason.
//! An engine that ponders is handed the reply it predicts (when legal) once
//! its move is on the board and its clock charged, so it thinks on its
//! opponent's time while the clocks stay the runner's: its next turn is timed
//! from the moment it is asked, as for any engine.

use super::adjudication::{self, DrawAdj, ResignAdj};
use super::config::EngineSpec;
use super::engines::{self, Answer, Client, Failure, GameSetup, Turn};
use super::openings::Opening;
use super::tc::{Clock, TimeControl};
use crate::geometry::Color;
use crate::rules::{game_outcome, MoveError, Position};
use std::time::{Duration, Instant};

/// Settings every game of a match shares.
#[derive(Clone, Debug)]
pub struct GameParams {
    pub variant: String,
    /// The match's time control; an engine with its own `tc` plays on that.
    pub tc: TimeControl,
    /// Draw after this many plies (0 = never).
    pub max_plies: usize,
    /// A move may overrun the clock by this much before the flag falls.
    pub margin: Duration,
    /// How much longer than the clock we wait before calling an engine hung.
    pub grace: Duration,
    pub draw_adj: Option<DrawAdj>,
    pub resign_adj: Option<ResignAdj>,
    pub debug: bool,
}

/// The PGN `Termination` categories.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    Normal,
    TimeForfeit,
    RulesInfraction,
    Adjudication,
    Abandoned,
}

impl Termination {
    pub fn pgn(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1-based game number.
    pub round: usize,
    pub white: String,
    pub black: String,
    /// The start FEN when it is not the variant's start position.
    pub fen: Option<String>,
    /// Every move from the start position, opening moves included.
    pub moves: Vec<String>,
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub termination: Termination,
    /// A short label for summaries (`checkmate`, `illegal move`, `hang`...).
    pub kind: String,
    /// The full sentence for the PGN comment.
    pub reason: String,
}

impl GameRecord {
    pub fn result_str(&self) -> &'static str {
        match self.winner {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Engine notation to our move. The one place where an engine's spelling is
/// turned into the variant's notation (e.g. later: CECP multi-leg `a,b`
/// forms); today every engine speaks `format_move`'s notation.
pub fn engine_move<P: Position>(pos: &P, text: &str) -> Result<P::Move, MoveError> {
    pos.parse_move(text)
}

struct Ended {
    winner: Option<Color>,
    termination: Termination,
    kind: String,
    reason: String,
}

fn loss(c: Color, t: Termination, kind: &str, reason: String) -> Ended {
    Ended {
        winner: Some(c.flip()),
        termination: t,
        kind: kind.to_string(),
        reason,
    }
}

fn failure_end(c: Color, who: &str, f: Failure, wait: Duration) -> Ended {
    match f {
        Failure::Crash => loss(
            c,
            Termination::Abandoned,
            "crash",
            format!("{who} crashed (pipe closed)"),
        ),
        Failure::Hang => loss(
            c,
            Termination::TimeForfeit,
            "hang",
            format!("{who} hung (no answer within {:.1} s)", wait.as_secs_f64()),
        ),
        Failure::Startup(m) => loss(
            c,
            Termination::Abandoned,
            "startup failure",
            format!("{who} failed to start: {m}"),
        ),
        Failure::Protocol(m) => loss(
            c,
            Termination::RulesInfraction,
            "protocol error",
            format!("{who}: {m}"),
        ),
    }
}

/// Plays one game; `engines[0]` has White.
pub fn play_game<P: Position>(
    engines: [&EngineSpec; 2],
    opening: &Opening,
    round: usize,
    prm: &GameParams,
) -> GameRecord {
    let start: P = opening
        .start()
        .expect("openings are checked before the match");
    let fen = opening.fen.clone().filter(|f| f.as_str() != P::START_FEN);
    let mut rec = GameRecord {
        round,
        white: engines[0].name.clone(),
        black: engines[1].name.clone(),
        fen: fen.clone(),
        moves: Vec::new(),
        winner: None,
        termination: Termination::Normal,
        kind: String::new(),
        reason: String::new(),
    };
    let end = run(
        &start,
        fen.as_deref(),
        engines,
        opening,
        prm,
        &mut rec.moves,
    );
    rec.winner = end.winner;
    rec.termination = end.termination;
    rec.kind = end.kind;
    rec.reason = end.reason;
    rec
}

/// Starts both engines and sets up the game; a failure ends it at once.
fn start_clients<P: Position>(
    engines: [&EngineSpec; 2],
    fen: Option<&str>,
    clocks: &[Clock; 2],
    prm: &GameParams,
) -> Result<Vec<Box<dyn Client>>, Ended> {
    let mut clients: Vec<Box<dyn Client>> = Vec::new();
    for c in Color::ALL {
        let setup = GameSetup {
            variant: &prm.variant,
            fen: fen.unwrap_or(P::START_FEN),
            is_startpos: fen.is_none(),
            clock: &clocks[c.index()],
        };
        let who = format!("{} ({})", engines[c.index()].name, c.name());
        match engines::start(engines[c.index()], &prm.variant, prm.debug)
            .and_then(|mut cl| cl.new_game(&setup).map(|_| cl))
        {
            Ok(cl) => clients.push(cl),
            Err(f) => return Err(failure_end(c, &who, f, Duration::ZERO)),
        }
    }
    Ok(clients)
}

fn run<P: Position>(
    start: &P,
    fen: Option<&str>,
    engines: [&EngineSpec; 2],
    opening: &Opening,
    prm: &GameParams,
    moves: &mut Vec<String>,
) -> Ended {
    let who = |c: Color| format!("{} ({})", engines[c.index()].name, c.name());
    let clock = |c: Color| Clock::new(engines[c.index()].time_control(prm.tc));
    let mut clocks = [clock(Color::White), clock(Color::Black)];
    let mut clients = match start_clients::<P>(engines, fen, &clocks, prm) {
        Ok(c) => c,
        Err(end) => return end,
    };

    let mut pos = start.clone();
    let mut history = Vec::new();
    for text in &opening.moves {
        let m = pos.parse_move(text).expect("openings are checked");
        moves.push(pos.format_move(m));
        history.push(pos.hash());
        pos = pos.play(m);
    }
    let mut scores: [Vec<Option<i32>>; 2] = [Vec::new(), Vec::new()];
    // The side that just moved and the reply it expects, in our notation:
    // it ponders on it once the game is known to go on.
    let mut predicted: Option<(Color, String)> = None;
    loop {
        if let Some(o) = game_outcome(&pos, &history) {
            return Ended {
                winner: o.winner(),
                termination: Termination::Normal,
                kind: o.reason().to_string(),
                reason: o.reason().to_string(),
            };
        }
        if prm.max_plies > 0 && moves.len() >= prm.max_plies {
            return Ended {
                winner: None,
                termination: Termination::Adjudication,
                kind: "max length".into(),
                reason: format!(
                    "draw by adjudication: maximum length of {} plies",
                    prm.max_plies
                ),
            };
        }
        let c = pos.side_to_move();
        if let Some((ponderer, reply)) = predicted.take() {
            let turn = Turn {
                moves: moves.as_slice(),
                white_to_move: ponderer == Color::White,
                own: &clocks[ponderer.index()],
                opp: &clocks[c.index()],
                wait: clocks[ponderer.index()].left + prm.margin + prm.grace,
            };
            if let Err(f) = clients[ponderer.index()].ponder(&turn, &reply) {
                return failure_end(ponderer, &who(ponderer), f, engines::HANDSHAKE);
            }
        }
        let (own, opp) = (&clocks[c.index()], &clocks[c.flip().index()]);
        let wait = own.left + prm.margin + prm.grace;
        let turn = Turn {
            moves: moves.as_slice(),
            white_to_move: c == Color::White,
            own,
            opp,
            wait,
        };
        let t0 = Instant::now();
        let reply = match clients[c.index()].play(&turn) {
            Ok(r) => r,
            Err(f) => return failure_end(c, &who(c), f, wait),
        };
        let used = t0.elapsed();
        let before = clocks[c.index()].left;
        if !clocks[c.index()].charge(used, prm.margin) {
            return loss(
                c,
                Termination::TimeForfeit,
                "flag fall",
                format!(
                    "{} lost on time ({:.3} s used, {:.3} s left)",
                    who(c),
                    used.as_secs_f64(),
                    before.as_secs_f64()
                ),
            );
        }
        let text = match reply.answer {
            Answer::Move(t) => t,
            Answer::Resign => {
                return loss(
                    c,
                    Termination::Normal,
                    "resignation",
                    format!("{} resigns", who(c)),
                )
            }
            Answer::Claim(t) => {
                return loss(
                    c,
                    Termination::RulesInfraction,
                    "false claim",
                    format!("{} made a false claim: {t}", who(c)),
                )
            }
        };
        let m = match engine_move(&pos, &text) {
            Ok(m) => m,
            Err(e) => {
                return loss(
                    c,
                    Termination::RulesInfraction,
                    "illegal move",
                    format!("{} played an illegal move: {e}", who(c)),
                )
            }
        };
        scores[c.index()].push(reply.score);
        moves.push(pos.format_move(m));
        history.push(pos.hash());
        pos = pos.play(m);
        // A guess that is no legal reply is no fault, only nothing to ponder.
        predicted = reply
            .ponder
            .and_then(|text| engine_move(&pos, &text).ok())
            .map(|guess| (c, pos.format_move(guess)));
        if let Some(adj) = &prm.resign_adj {
            if let Some(l) = adjudication::resign(adj, &scores) {
                return loss(
                    l,
                    Termination::Adjudication,
                    "resign adjudication",
                    format!("{} loses by score adjudication", who(l)),
                );
            }
        }
        if let Some(adj) = &prm.draw_adj {
            if adjudication::draw(adj, moves.len(), &scores) {
                return Ended {
                    winner: None,
                    termination: Termination::Adjudication,
                    kind: "draw adjudication".into(),
                    reason: "draw by score adjudication".into(),
                };
            }
        }
    }
}
