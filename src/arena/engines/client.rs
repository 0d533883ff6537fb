//! The protocol-neutral [`Client`] the game loop talks to, and what it
//! says: requests ([`GameSetup`], [`Turn`]), answers ([`Reply`]) and the
//! ways an engine can fail ([`Failure`]).

use crate::arena::tc::Clock;
use std::time::Duration;

/// Time an engine gets to start up or to answer `isready`/`ping`.
pub const HANDSHAKE: Duration = Duration::from_secs(10);

/// Why an engine could not go on; each loses the game with this reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The process could not start, or its handshake failed.
    Startup(String),
    /// Its pipe closed (the process died).
    Crash,
    /// No answer before the deadline.
    Hang,
    /// It broke the protocol (refused a legal move, said something unusable).
    Protocol(String),
}

/// What an engine answered to "your move".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// A move in its notation (multi-leg CECP moves joined as `a,b`).
    Move(String),
    Resign,
    /// A result claim instead of a move (CECP `1-0 {...}` and the like).
    Claim(String),
}

/// An answer with the last score the engine reported (centipawns, its own
/// point of view; mates as ±(100000 − moves)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub answer: Answer,
    pub score: Option<i32>,
    /// The opponent's reply the engine expects (UCI `bestmove X ponder Y`),
    /// as the engine spelled it; given only by an engine that ponders, since
    /// the game loop has no other use for it.
    pub ponder: Option<String>,
}

/// How a game starts, as the engines are told.
pub struct GameSetup<'a> {
    pub variant: &'a str,
    pub fen: &'a str,
    pub is_startpos: bool,
    pub clock: &'a Clock,
}

/// One request for a move, or (to [`Client::ponder`]) the game as it stands
/// when the engine may think on its opponent's time.
pub struct Turn<'a> {
    /// Every move since `GameSetup::fen`, in our notation.
    pub moves: &'a [String],
    /// Whether the engine asked plays White.
    pub white_to_move: bool,
    /// The engine's own clock and its opponent's, as they stand now.
    pub own: &'a Clock,
    pub opp: &'a Clock,
    /// Give up waiting after this long.
    pub wait: Duration,
}

/// The protocol-neutral face of an engine.
pub trait Client: Send {
    fn new_game(&mut self, setup: &GameSetup) -> Result<(), Failure>;
    fn play(&mut self, turn: &Turn) -> Result<Reply, Failure>;

    /// Lets the engine think on its opponent's time, on the guess that the
    /// opponent answers `turn.moves` with `predicted` (our notation, checked
    /// legal). The next [`Client::play`] finds out whether the guess came
    /// true. Returns at once. The default does nothing: an engine that does
    /// not ponder, or ponders on its own (CECP `hard`), needs no request.
    fn ponder(&mut self, _turn: &Turn, _predicted: &str) -> Result<(), Failure> {
        Ok(())
    }
}
