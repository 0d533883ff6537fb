//! The façade every front end drives: [`Session`], an object-safe view of
//! one game of one variant, implemented once for every variant by
//! [`Engine<P>`]; [`make_session`] picks `P` by name through the registry.
//! The protocol loops, the match runner's in-process player and the tools
//! see a variant only through this.

use super::xboard::{self, profile::Profile};
use crate::geometry::{Color, Geometry, Square};
use crate::rules::{
    game_outcome, Evaluate, FenError, GameMove, GenKind, MoveError, MoveList, Outcome, Position,
};
use crate::search::{one_ply, Info, Limits, Params, Score, Searcher};
use crate::tools::perft;
use crate::variants::{dispatch, UnknownVariant, VariantVisitor, VARIANTS};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// Default transposition table size in MB.
pub const DEFAULT_HASH_MB: usize = 16;
/// Largest table the options allow, in MB.
pub const MAX_HASH_MB: usize = 65_536;
/// Most lines the `MultiPV` options allow (a GUI's analysis shows up to five).
pub const MAX_MULTIPV: usize = 5;
/// Most search threads the options allow.
pub const MAX_THREADS: usize = 256;

/// Who picks the move on `go`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Player {
    /// The engine's search, within the given limits.
    #[default]
    Search,
    /// The one-ply material player ([`crate::search::one_ply`]), answering at
    /// once whatever the limits: `menagerie baseline`.
    OnePly { seed: u64 },
}

/// Why `set_position` refused: the old position stays.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    Fen(FenError),
    /// The move at this index (0-based) of the list did not parse or is illegal.
    Move(usize, MoveError),
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Fen(e) => write!(f, "{e}"),
            PositionError::Move(i, e) => write!(f, "move {} of the list: {e}", i + 1),
        }
    }
}

/// Why a move was refused: the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    GameOver(Outcome),
    Move(MoveError),
}

impl PlayError {
    /// The short reason in `Illegal move (reason): mv`.
    pub fn reason(&self) -> String {
        match self {
            PlayError::GameOver(_) => "game is over".to_string(),
            PlayError::Move(MoveError::Syntax(_)) => "cannot parse".to_string(),
            PlayError::Move(MoveError::Illegal(_)) => "not a legal move here".to_string(),
        }
    }
}

/// One legal move as a GUI sees it (for highlighting).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The variant's notation (`format_move`).
    pub text: String,
    /// XBoard's form ([`xboard::moves::move_text`]), in the variant's square names.
    pub xboard: String,
    /// (file, row) of where the piece is lifted and put, if the mouse can enter it.
    pub from: Option<(u8, u8)>,
    pub to: Option<(u8, u8)>,
    pub promotion: Option<char>,
    /// A capture or other noisy move (shown red).
    pub noisy: bool,
    /// (file, row) of pieces captured off the target square.
    pub victims: Vec<(u8, u8)>,
}

/// What one legal move does ([`crate::rules::Effects`]) in square names, for
/// front ends that draw the board themselves (the web board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveEffects {
    /// The variant's notation (`format_move`).
    pub text: String,
    pub from: String,
    pub to: String,
    /// Where the mover ends (`None`: it leaves the board).
    pub lands: Option<String>,
    /// Cells whose pieces leave the board.
    pub removed: Vec<String>,
    /// Another piece carried along, from → to.
    pub displaced: Option<(String, String)>,
    /// Cells whose piece becomes this letter.
    pub changed: Vec<(String, char)>,
    /// A capture or other noisy move.
    pub noisy: bool,
}

/// The board's shape, for square-name translation and colour FENs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub width: u8,
    pub height: u8,
    pub first_rank: u8,
}

/// What a search returned, in text.
#[derive(Clone, Debug)]
pub struct GoResult {
    /// `format_move` of the best move (None only without legal moves).
    pub best: Option<String>,
    pub ponder: Option<String>,
    pub score: Score,
    pub depth: u32,
    pub nodes: u64,
}

/// One game of one variant, as the protocol loops see it (object-safe).
pub trait Session: Send {
    /// The variant's name (`Position::NAME`).
    fn variant(&self) -> &'static str;
    /// XBoard's own name for it, if XBoard knows the variant.
    fn xboard_native(&self) -> Option<&'static str>;
    /// Whether XBoard can referee it (legality testing on).
    fn xboard_legal(&self) -> bool;
    /// `(PIECETOCHAR) WxH+0_PARENT` for `setup`, if XBoard needs one.
    fn xboard_setup(&self) -> Option<String>;
    /// `piece` command bodies.
    fn xboard_pieces(&self) -> &'static [&'static str];
    fn shape(&self) -> Shape;
    fn start_fen(&self) -> &'static str;

    /// Start position, empty history, cleared search tables.
    fn new_game(&mut self);
    /// Sets the position from a FEN (None = start) and moves in the variant's
    /// notation; on any error nothing changes.
    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError>;
    /// Sets the position from a FEN as XBoard sends it
    /// ([`xboard::moves::from_fen`]); on error nothing changes.
    fn set_xboard_position(&mut self, fen: &str) -> Result<(), PositionError>;
    /// Plays a legal move given in either notation; returns its `format_move`
    /// text. A refused move after the end of the game says so.
    fn play_move(&mut self, text: &str) -> Result<String, PlayError>;
    /// Takes back one ply; false if there is none.
    fn undo(&mut self) -> bool;
    fn fen(&self) -> String;
    fn diagram(&self) -> String;
    fn side_to_move(&self) -> Color;
    /// Plies played since the position was set.
    fn plies(&self) -> usize;
    /// The game's result from position and history (`rules::game_outcome`).
    fn outcome(&self) -> Option<Outcome>;
    fn legal_moves(&self) -> Vec<MoveView>;
    /// Every legal move with its effects, in square names.
    fn move_effects(&self) -> Vec<MoveEffects>;
    /// The pieces on the board: (cell name, FEN letter).
    fn board(&self) -> Vec<(String, char)>;
    /// The variant's pieces (`Position::pieces`).
    fn pieces(&self) -> &'static [crate::rules::PieceInfo];
    /// XBoard's form of a move given in the variant's notation.
    fn xboard_form(&self, text: &str) -> Option<String>;
    /// The legal moves that keep XBoard's picture right enough for it to
    /// accept later moves ([`xboard::moves::shows`]), as `Limits::root_moves`
    /// codes; empty when that is every legal move or none.
    fn xboard_root_moves(&self) -> Vec<u32>;
    /// `Limits::root_moves` codes for moves in either notation (UCI
    /// `searchmoves`); Err names the first move that is not legal here.
    fn root_moves(&self, texts: &[&str]) -> Result<Vec<u32>, String>;

    /// Blocking search of the current position.
    fn go(
        &mut self,
        limits: &Limits,
        stop: Arc<AtomicBool>,
        info: &mut dyn FnMut(&Info),
    ) -> GoResult;
    /// Per-root-move perft counts, or None if `stop` was set first.
    fn perft_divide(&self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>>;
    /// Err (with the table left small) if the memory cannot be allocated.
    fn set_hash(&mut self, mb: usize) -> Result<(), String>;
    fn set_threads(&mut self, threads: usize);
    fn clear_hash(&mut self);
    /// Who answers `go` from now on.
    fn set_player(&mut self, player: Player);
    /// The search's tunable parameters as they stand (the variant's table).
    fn search_params(&self) -> Params;
    /// Sets one search parameter by name; Err (nothing changed) if the name
    /// is unknown or the value out of its range.
    fn set_search_param(&mut self, name: &str, value: i32) -> Result<(), String>;
}

/// The generic session: a position, the game's history and a searcher.
pub struct Engine<P: Position + Evaluate> {
    pos: P,
    /// Every earlier position of the game, oldest first (for undo).
    earlier: Vec<P>,
    /// Their hashes (for repetition).
    hashes: Vec<u64>,
    /// Cells where XBoard draws nothing though a piece stands
    /// ([`xboard::moves::hidden_after`]), now and before each earlier move.
    hidden: u128,
    earlier_hidden: Vec<u128>,
    searcher: Searcher<P>,
    player: Player,
}

impl<P: Position + Evaluate> Engine<P> {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        // Build the variant's lazy tables (chess's magics take about 0.2 s)
        // now, while the GUI waits for `readyok`, not on the first move's
        // clock: under a short clock that once cost the baseline a game.
        let start = P::startpos();
        let mut list = MoveList::new();
        start.generate(GenKind::All, &mut list);
        let _ = start.evaluate();
        Engine {
            pos: P::startpos(),
            earlier: Vec::new(),
            hashes: Vec::new(),
            hidden: 0,
            earlier_hidden: Vec::new(),
            searcher: Searcher::new(hash_mb, threads),
            player: Player::Search,
        }
    }

    fn push(&mut self, m: P::Move) {
        let hidden = xboard::moves::hidden_after(&self.pos, m, self.hidden);
        self.earlier_hidden
            .push(std::mem::replace(&mut self.hidden, hidden));
        let next = self.pos.play(m);
        self.hashes.push(self.pos.hash());
        self.earlier.push(std::mem::replace(&mut self.pos, next));
    }

    fn square(sq: Square<P::Geo>) -> (u8, u8) {
        (sq.file(), sq.row())
    }
}

impl<P: Position + Evaluate> Session for Engine<P> {
    fn variant(&self) -> &'static str {
        P::NAME
    }
    fn xboard_native(&self) -> Option<&'static str> {
        Profile::of::<P>().native
    }
    fn xboard_legal(&self) -> bool {
        Profile::of::<P>().legal
    }
    fn xboard_setup(&self) -> Option<String> {
        Some(Profile::of::<P>().setup_line::<P::Geo>())
    }
    fn xboard_pieces(&self) -> &'static [&'static str] {
        Profile::of::<P>().pieces
    }
    fn shape(&self) -> Shape {
        Shape {
            width: P::Geo::WIDTH,
            height: P::Geo::HEIGHT,
            first_rank: P::Geo::FIRST_RANK,
        }
    }
    fn start_fen(&self) -> &'static str {
        P::START_FEN
    }

    fn new_game(&mut self) {
        self.pos = P::startpos();
        self.earlier.clear();
        self.hashes.clear();
        self.hidden = 0;
        self.earlier_hidden.clear();
        self.searcher.clear();
    }

    fn set_position(&mut self, fen: Option<&str>, moves: &[&str]) -> Result<(), PositionError> {
        let start = match fen {
            Some(f) => P::from_fen(f).map_err(PositionError::Fen)?,
            None => P::startpos(),
        };
        // Build the new game aside, so an error leaves the old one untouched.
        let mut pos = start;
        let mut earlier = Vec::with_capacity(moves.len());
        let mut hashes = Vec::with_capacity(moves.len());
        let (mut hidden, mut earlier_hidden) = (0, Vec::with_capacity(moves.len()));
        for (i, text) in moves.iter().enumerate() {
            let m = pos
                .parse_move(text)
                .map_err(|e| PositionError::Move(i, e))?;
            earlier_hidden.push(hidden);
            hidden = xboard::moves::hidden_after(&pos, m, hidden);
            let next = pos.play(m);
            hashes.push(pos.hash());
            earlier.push(std::mem::replace(&mut pos, next));
        }
        self.pos = pos;
        self.earlier = earlier;
        self.hashes = hashes;
        self.hidden = hidden;
        self.earlier_hidden = earlier_hidden;
        Ok(())
    }

    fn set_xboard_position(&mut self, fen: &str) -> Result<(), PositionError> {
        self.pos = xboard::moves::from_fen::<P>(fen).map_err(PositionError::Fen)?;
        self.earlier.clear();
        self.hashes.clear();
        self.hidden = 0;
        self.earlier_hidden.clear();
        Ok(())
    }

    fn play_move(&mut self, text: &str) -> Result<String, PlayError> {
        // A move the rules still allow after a claimable end (a repetition, the
        // move-count rule) is accepted: a GUI may play on or replay a game.
        let m = xboard::moves::parse(&self.pos, text).map_err(|e| match self.outcome() {
            Some(o) => PlayError::GameOver(o),
            None => PlayError::Move(e),
        })?;
        let formatted = self.pos.format_move(m);
        self.push(m);
        Ok(formatted)
    }

    fn undo(&mut self) -> bool {
        match self.earlier.pop() {
            Some(p) => {
                self.pos = p;
                self.hashes.pop();
                self.hidden = self.earlier_hidden.pop().unwrap_or(0);
                true
            }
            None => false,
        }
    }

    fn fen(&self) -> String {
        self.pos.to_fen()
    }
    fn diagram(&self) -> String {
        self.pos.diagram()
    }
    fn side_to_move(&self) -> Color {
        self.pos.side_to_move()
    }
    fn plies(&self) -> usize {
        self.earlier.len()
    }
    fn outcome(&self) -> Option<Outcome> {
        game_outcome(&self.pos, &self.hashes)
    }

    fn legal_moves(&self) -> Vec<MoveView> {
        let mut list = MoveList::new();
        self.pos.generate(GenKind::All, &mut list);
        list.iter()
            .map(|&m| {
                let squares = xboard::moves::gui_squares(&self.pos, m);
                MoveView {
                    text: self.pos.format_move(m),
                    xboard: xboard::moves::move_text(&self.pos, m),
                    from: squares.map(|s| Self::square(s.from)),
                    to: squares.map(|s| Self::square(s.to)),
                    promotion: squares.and_then(|s| s.promotion),
                    noisy: self.pos.is_noisy(m),
                    victims: xboard::moves::victims(&self.pos, m)
                        .into_iter()
                        .map(Self::square)
                        .collect(),
                }
            })
            .collect()
    }

    fn move_effects(&self) -> Vec<MoveEffects> {
        let mut list = MoveList::new();
        self.pos.generate(GenKind::All, &mut list);
        list.iter()
            .map(|&m| {
                let e = self.pos.effects(m);
                MoveEffects {
                    text: self.pos.format_move(m),
                    from: e.from.name(),
                    to: e.to.name(),
                    lands: e.lands.map(|s| s.name()),
                    removed: e.removed.iter().map(|s| s.name()).collect(),
                    displaced: e.displaced.map(|(a, b)| (a.name(), b.name())),
                    changed: e.changed.iter().map(|&(s, c)| (s.name(), c)).collect(),
                    noisy: self.pos.is_noisy(m),
                }
            })
            .collect()
    }

    fn board(&self) -> Vec<(String, char)> {
        Square::<P::Geo>::all()
            .filter_map(|s| self.pos.piece_char(s).map(|c| (s.name(), c)))
            .collect()
    }

    fn pieces(&self) -> &'static [crate::rules::PieceInfo] {
        P::pieces()
    }

    fn xboard_form(&self, text: &str) -> Option<String> {
        self.pos
            .parse_move(text)
            .ok()
            .map(|m| xboard::moves::move_text(&self.pos, m))
    }

    fn xboard_root_moves(&self) -> Vec<u32> {
        let mut list = MoveList::new();
        self.pos.generate(GenKind::All, &mut list);
        let shown: Vec<u32> = list
            .iter()
            .filter(|&&m| xboard::moves::shows(&self.pos, m, self.hidden))
            .map(|m| m.pack())
            .collect();
        if shown.len() == list.len() {
            Vec::new()
        } else {
            shown
        }
    }

    fn root_moves(&self, texts: &[&str]) -> Result<Vec<u32>, String> {
        texts
            .iter()
            .map(|t| {
                xboard::moves::parse(&self.pos, t)
                    .map(|m| m.pack())
                    .map_err(|_| t.to_string())
            })
            .collect()
    }

    fn go(
        &mut self,
        limits: &Limits,
        stop: Arc<AtomicBool>,
        info: &mut dyn FnMut(&Info),
    ) -> GoResult {
        if let Player::OnePly { seed } = self.player {
            let best = one_ply::choose(&self.pos, &self.hashes, seed);
            // No `info` line: a score would feed the match runner's draw
            // and resign adjudication with numbers this player never computed.
            return GoResult {
                best: best.map(|m| self.pos.format_move(m)),
                ponder: None,
                score: Score::Cp(0),
                depth: 1,
                nodes: 1,
            };
        }
        let r = self
            .searcher
            .search(&self.pos, &self.hashes, limits, stop, info);
        let ponder = match (r.best, r.ponder) {
            (Some(b), Some(p)) => {
                let next = self.pos.play(b);
                next.is_legal(p).then(|| next.format_move(p))
            }
            _ => None,
        };
        GoResult {
            best: r.best.map(|m| self.pos.format_move(m)),
            ponder,
            score: r.score,
            depth: r.depth,
            nodes: r.nodes,
        }
    }

    fn perft_divide(&self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
        let counts = perft::divide_until(&self.pos, depth.max(1), stop)?;
        Some(
            counts
                .into_iter()
                .map(|(m, n)| (self.pos.format_move(m), n))
                .collect(),
        )
    }
    fn set_hash(&mut self, mb: usize) -> Result<(), String> {
        self.searcher.set_hash(mb)
    }
    fn set_threads(&mut self, threads: usize) {
        self.searcher.set_threads(threads);
    }
    fn clear_hash(&mut self) {
        self.searcher.clear();
    }
    fn set_player(&mut self, player: Player) {
        self.player = player;
    }
    fn search_params(&self) -> Params {
        self.searcher.params()
    }
    fn set_search_param(&mut self, name: &str, value: i32) -> Result<(), String> {
        self.searcher.set_param(name, value)
    }
}

/// Builds the session for variant `name` (a `Position::NAME`).
pub fn make_session(
    name: &str,
    hash_mb: usize,
    threads: usize,
) -> Result<Box<dyn Session>, UnknownVariant> {
    struct Make(usize, usize);
    impl VariantVisitor for Make {
        type Output = Box<dyn Session>;
        fn visit<P: Position + Evaluate>(self) -> Box<dyn Session> {
            Box::new(Engine::<P>::new(self.0, self.1))
        }
    }
    dispatch(name, Make(hash_mb, threads))
}

/// Per variant: its name and XBoard's native name for it, in `VARIANTS` order.
pub fn variant_names() -> Vec<(&'static str, Option<&'static str>)> {
    struct Names;
    impl VariantVisitor for Names {
        type Output = (&'static str, Option<&'static str>);
        fn visit<P: Position + Evaluate>(self) -> Self::Output {
            (P::NAME, Profile::of::<P>().native)
        }
    }
    VARIANTS
        .iter()
        .filter_map(|n| dispatch(n, Names).ok())
        .collect()
}

/// The variant a name selects: a `Position::NAME` or XBoard's native name.
pub fn resolve_variant(name: &str) -> Option<&'static str> {
    variant_names()
        .into_iter()
        .find(|&(n, native)| n == name || native == Some(name))
        .map(|(n, _)| n)
}

/// The variant a fresh game uses: the one XBoard calls `normal`, else the first.
pub fn default_variant() -> &'static str {
    resolve_variant("normal").unwrap_or(VARIANTS[0])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The XBoard loop's root filter: a Fugue swap is left out, then so is
    /// every move of the piece the swap hid from XBoard; undo restores the set;
    /// variants XBoard draws fully get no filter.
    #[test]
    fn xboard_root_moves_skip_what_xboard_cannot_draw() {
        let mut s = make_session("fugue", 1, 1).unwrap();
        s.set_position(Some("7k/8/3p4/1s6/2pWp3/2wP4/8/K5i1 w"), &[])
            .unwrap();
        let all = s.legal_moves().len();
        let shown = s.xboard_root_moves();
        assert!(!shown.is_empty() && shown.len() < all);
        // Left out: exactly the six swaps of the f8 ruling test (d6, e4, c4,
        // c3, and the far h8 king and g1 immobilizer).
        let mut left_out: Vec<String> = s
            .legal_moves()
            .into_iter()
            .filter(|m| !shown.contains(&s.root_moves(&[&m.text]).unwrap()[0]))
            .map(|m| m.text)
            .collect();
        left_out.sort();
        assert_eq!(left_out, ["d4c3", "d4c4", "d4d6", "d4e4", "d4g1", "d4h8"]);
        assert_eq!(shown.len(), all - 6);
        // After the swap d4h8 the black king stands on d4, unseen by XBoard.
        s.play_move("d4h8").unwrap();
        let king_step = s.root_moves(&["d4d5"]).unwrap()[0];
        assert!(!s.xboard_root_moves().contains(&king_step));
        assert!(!s.xboard_root_moves().is_empty());
        assert!(s.undo());
        assert_eq!(s.xboard_root_moves(), shown);
        let chess = make_session("chess", 1, 1).unwrap();
        assert!(chess.xboard_root_moves().is_empty());
    }
}
