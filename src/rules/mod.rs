//! The variant contract: what perft, search, the protocols and the match runner
//! know about a game, without naming any variant.
//!
//! A variant is a type implementing [`Position`] (and [`Evaluate`] for the
//! search). Positions are immutable values: [`Position::play`] returns the next
//! position (copy-make), so undo is "keep the old one" and threads can share
//! nothing but the transposition table.
//!
//! How a game ends is split by cost, so the search can ask cheaply:
//! - [`Position::static_outcome`]: ends visible in the position alone with no
//!   move generation (a captured king, Trebuqi rule 3's draw, bare kings);
//! - repetition: counted here ([`game_outcome`]) from the position hashes of the
//!   game, with the variant's meaning ([`Repetition`]: a draw, or a loss for the
//!   player who made it, as in Fugue);
//! - no legal move: [`Position::no_move_outcome`] (checkmate, stalemate as a
//!   draw or a loss);
//! - a move-count rule ([`Position::MOVE_RULE`] plies of
//!   [`Position::halfmove_clock`]).

pub mod board;
pub mod effects;
pub mod error;
pub mod exchange;
pub mod fen;
pub mod pieces;
#[cfg(test)]
pub mod random_games;
pub mod regions;
pub mod sink;
pub mod weights;
pub mod zobrist;

pub use board::{Board, PieceKind};
pub use effects::Effects;
pub use error::{FenError, MoveError};
pub use exchange::{Exchange, MoveKey, ROYAL_VALUE};
pub use pieces::PieceInfo;
pub use regions::Regions;
pub use sink::{MoveCount, MoveSink, SparseCount};
pub use weights::Tunable;

use crate::geometry::{Color, Geometry, Square};
use arrayvec::ArrayVec;
use core::fmt::Debug;
use core::hash::Hash;

/// Capacity of a move list, shared by all variants. Chess peaks at 218 legal
/// moves; the largest known here are constructed Fugue positions (swappers and
/// archers reach the whole board, pawns promote to up to seven types) and Bandit
/// trick fans. Each variant has a test that its constructed worst case fits.
pub const MAX_MOVES: usize = 512;

/// Legal moves of one position, on the stack.
pub type MoveList<M> = ArrayVec<M, MAX_MOVES>;

/// Which moves to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// The legal moves [`Position::is_noisy`] accepts (captures of every kind,
    /// promotions): what quiescence search looks at.
    Noisy,
}

/// A move of some variant. It packs into 32 bits for the transposition table.
pub trait GameMove: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// Non-zero packed form; `unpack(pack(m)) == Some(m)`.
    fn pack(self) -> u32;
    /// Inverse of `pack`. Bits that came from a table may be stale: callers
    /// check the result with [`Position::is_legal`] before using it.
    fn unpack(bits: u32) -> Option<Self>;
}

/// What repeating a position three times means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Repetition {
    /// Threefold repetition is a draw.
    Draw,
    /// The player whose move makes the third occurrence loses (Fugue, F14).
    MoverLoses,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win { winner: Color, reason: &'static str },
    Draw { reason: &'static str },
}

impl Outcome {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_str(self) -> &'static str {
        match self {
            Outcome::Win {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Win {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
    }

    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => reason,
        }
    }

    /// `winner` checkmates (`White mates` / `Black mates`, the wording GUIs show).
    pub fn mate(winner: Color) -> Outcome {
        Outcome::Win {
            winner,
            reason: match winner {
                Color::White => "White mates",
                Color::Black => "Black mates",
            },
        }
    }

    /// `loser`, to move, has no legal move: checkmate if in check, else a stalemate draw.
    pub fn mate_or_stalemate(loser: Color, in_check: bool) -> Outcome {
        if in_check {
            Outcome::mate(loser.flip())
        } else {
            Outcome::Draw {
                reason: "stalemate",
            }
        }
    }

    /// `loser`, to move, has no legal move and loses: checkmate if in check,
    /// else by the no-move rule (Trebuqi, Bandit).
    pub fn no_move_loss(loser: Color, in_check: bool) -> Outcome {
        if in_check {
            return Outcome::mate(loser.flip());
        }
        Outcome::Win {
            winner: loser.flip(),
            reason: match loser {
                Color::White => "White has no legal move",
                Color::Black => "Black has no legal move",
            },
        }
    }

    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }
}

/// One game's rules. Implemented once per variant, in `variants/<name>/`.
pub trait Position: Clone + Send + Sync + Sized + 'static {
    /// The board shape.
    type Geo: Geometry;
    /// The variant's move; must carry everything `play` needs.
    type Move: GameMove;

    /// The name users type (`variant chess`, `UCI_Variant`): lowercase ASCII.
    const NAME: &'static str;
    /// The FEN of the start position.
    const START_FEN: &'static str;
    /// What a threefold repetition means.
    const REPETITION: Repetition;
    /// The move-count rule in plies (100 for "fifty moves"), if any.
    const MOVE_RULE: Option<u32>;
    /// Whether the variant has check: a king that must not be left attacked. Search
    /// extends checks and tells mate from stalemate only where this is true.
    const HAS_CHECK: bool;
    /// Whether null-move pruning is sound enough here (false in zugzwang-prone games).
    const NULL_MOVE: bool;

    /// The start position.
    fn startpos() -> Self {
        Self::from_fen(Self::START_FEN).expect("the start FEN is valid")
    }
    /// Parses and validates a FEN; every problem is a typed error, never a panic.
    fn from_fen(fen: &str) -> Result<Self, FenError>;
    /// Writes the FEN; `from_fen(to_fen(p))` gives back `p`.
    fn to_fen(&self) -> String;

    fn side_to_move(&self) -> Color;
    /// The Zobrist hash, kept incrementally by `play`.
    fn hash(&self) -> u64;
    /// The hash computed from scratch (tests compare it with [`Position::hash`]).
    fn recompute_hash(&self) -> u64;
    /// Plies since the last irreversible move: no earlier position can recur.
    /// An upper bound is fine (repetition is confirmed by hash); where the
    /// variant has a move-count rule this is also that rule's counter.
    fn halfmove_clock(&self) -> u32;
    /// Whether the side to move's royal piece is attacked (always false in
    /// variants without check).
    fn in_check(&self) -> bool;

    /// Emits the legal moves of `kind` into `out` (a list, or a counter: see
    /// [`MoveSink`]). Yields nothing once the
    /// variant's own rules end the game on the board (a captured king in
    /// Fugue and Bandit, bare kings in Trubix by T12, rule 3's lost generals in
    /// Trebuqi), so perft does not count past those ends. Orthodox chess keeps
    /// generating under insufficient material, as the published chess perft
    /// figures count through it; repetition and move-count draws never stop
    /// generation (they need the history, see [`game_outcome`]).
    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<Self::Move>);
    /// Appends the legal moves of `kind` to `out` ([`Position::generate_into`]
    /// storing them).
    fn generate(&self, kind: GenKind, out: &mut MoveList<Self::Move>) {
        self.generate_into(kind, out);
    }
    /// How many moves `generate(GenKind::All, ..)` gives: perft's last ply
    /// needs only the count, so the generator runs into a [`MoveCount`]. A
    /// variant may count another way (Trubix sums its sets bit-sliced); it
    /// must agree with `generate` (the random-walk tests check it).
    fn count_moves(&self) -> usize {
        let mut count = MoveCount(0);
        self.generate_into(GenKind::All, &mut count);
        count.0
    }
    /// Whether `m` is a legal move here (for moves from the transposition table
    /// or killers, which may come from another position).
    fn is_legal(&self, m: Self::Move) -> bool {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list.contains(&m)
    }
    /// Captures of every kind and promotions: the moves quiescence searches.
    fn is_noisy(&self, m: Self::Move) -> bool;
    /// The position after legal move `m`.
    fn play(&self, m: Self::Move) -> Self;
    /// What legal move `m` does to the board, in a form every front end can
    /// read (see [`Effects`]); `play` and the effects always agree (the
    /// random-walk tests rebuild the board from them).
    fn effects(&self, m: Self::Move) -> Effects<Self::Geo>;
    /// The position with the turn passed (null move); only called when
    /// `NULL_MOVE` is true and the side to move is not in check.
    fn play_null(&self) -> Self;

    /// An end visible without move generation or history (see the module doc).
    fn static_outcome(&self) -> Option<Outcome>;
    /// The result when the side to move has no legal move.
    fn no_move_outcome(&self) -> Outcome;

    /// The move in the variant's coordinate notation (`e2e4`, `c9c10q`, `f1d3@c3`).
    fn format_move(&self, m: Self::Move) -> String;
    /// Finds the legal move written as `text`. The default matches the text
    /// against the notation of every legal move, so parsing can never accept
    /// something `format_move` would not write.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let text = text.trim();
        let well_formed = !text.is_empty()
            && text.len() <= 24
            && text
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "@,-=x".contains(c));
        if !well_formed {
            return Err(MoveError::Syntax(text.to_string()));
        }
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list.iter()
            .copied()
            .find(|&m| self.format_move(m) == text)
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Every kind of piece the variant has, in the order a key lists them
    /// (`menagerie show` prints it under the diagram). Each variant lists its
    /// own in `variants/<name>/pieces.rs`.
    fn pieces() -> &'static [PieceInfo] {
        &[]
    }

    /// The parts of the board the rules name (Trebuqi's Rivers and General
    /// areas), for front ends that draw the board; none by default.
    fn regions() -> Regions<Self::Geo> {
        Regions::default()
    }

    /// The FEN letter on a cell, for diagrams.
    fn piece_char(&self, sq: Square<Self::Geo>) -> Option<char>;
    /// A text diagram for humans (`d` in the protocols). The default draws the
    /// bounding box with holes as blanks; Trebuqi draws a hexagon.
    fn diagram(&self) -> String {
        let g = <Self::Geo as Geometry>::WIDTH as i32;
        let h = <Self::Geo as Geometry>::HEIGHT as i32;
        let first = <Self::Geo as Geometry>::FIRST_RANK as i32;
        let mut out = String::new();
        for row in (0..h).rev() {
            out.push_str(&format!("{:>3} ", row + first));
            for file in 0..g {
                let c = match Square::<Self::Geo>::new(file, row) {
                    None => ' ',
                    Some(sq) => self.piece_char(sq).unwrap_or('.'),
                };
                out.push(' ');
                out.push(c);
            }
            out.push('\n');
        }
        out.push_str("    ");
        for file in 0..g {
            out.push(' ');
            out.push((b'a' + file as u8) as char);
        }
        out.push('\n');
        out.push_str(&format!("{} to move\n", self.side_to_move().name()));
        out
    }
}

/// A variant's static evaluation, used by the search. Lives in the variant's
/// `eval.rs`; all its numbers are weights in the generated `weights.rs` beside
/// it, which `menagerie tune` fits ([`Tunable`], `docs/learning.md`).
pub trait Evaluate: Position {
    /// How many piece kinds [`Evaluate::move_key`] names (at most
    /// [`MoveKey::KINDS`]); sizes the search's history tables.
    const PIECE_KINDS: usize;
    /// Centipawns from the side to move's point of view.
    fn evaluate(&self) -> i32;
    /// A rough material gain of a noisy move (victim value minus a fraction of
    /// the attacker's), for ordering captures; 0 for quiet moves.
    fn capture_gain(&self, m: Self::Move) -> i32;
    /// The moving piece's kind and the cell it lands on: what the search's
    /// history tables remember a move by (a move's bits mean different things
    /// in different positions; "a knight to f3" means the same everywhere).
    fn move_key(&self, m: Self::Move) -> MoveKey;
    /// What `m` wins outright and what it leaves exposed, by the evaluation's
    /// piece values (see [`Exchange`]); the input of [`Evaluate::see_ge`].
    fn exchange(&self, m: Self::Move) -> Exchange;
    /// Whether `m` removes the piece standing on `cell` (a bounding-box
    /// index): the recaptures of an exchange on that cell.
    fn removes_from(&self, m: Self::Move, cell: usize) -> bool;
    /// Whether the side to move may have a legal move that removes the
    /// piece on `cell` (one that [`Evaluate::removes_from`] would name). May
    /// err towards true, the default; false must be exact: the exchange
    /// then takes it as "no recapture" without generating the replies, so a
    /// cheap attack test saves a legal move generation at most steps of a
    /// static exchange (the last step of every exchange finds none).
    fn may_remove_from(&self, _cell: usize) -> bool {
        true
    }
    /// A key of the structure whose evaluation errors persist from one
    /// position to the next (chess: its pawns), for the search's correction
    /// history (`search::correction`): the search learns what its searches
    /// find the static evaluation gets wrong in positions with the same key.
    /// `None`, the default: no correction, the evaluation is used as it is.
    fn correction_key(&self) -> Option<u64> {
        None
    }
    /// The variant's own values of the search's tunable parameters, by name
    /// (`search::Params`; e.g. `("nmp_min_moves", 12)`), over the defaults:
    /// one table per variant. Empty: the defaults. Names are checked by a test.
    const SEARCH_PARAMS: &'static [(&'static str, i32)] = &[];
    /// How large the evaluation's units are against chess's centipawns, in
    /// percent: the search's margins in evaluation units
    /// (`search::EVAL_UNIT_PARAMS`) are scaled by it before `SEARCH_PARAMS`
    /// apply. It belongs with the weights: a retuned evaluation whose pieces
    /// count for more needs it measured again (docs/strength.md).
    const EVAL_SCALE_PCT: i32 = 100;
    /// Whether the variant ends games by captures that are not check (a
    /// king simply taken in Fugue, F12; a king taken by an outlaw in Bandit,
    /// B9). Where true the search asks [`Evaluate::royal_threatened`] at
    /// every node.
    const ROYAL_THREATS: bool = false;
    /// Whether the opponent could end the game by a capture on its next move
    /// that [`Position::in_check`] does not report: the search then treats
    /// the node as in check (no stand pat, no pruning, every move searched).
    /// May err towards true; only read where [`Evaluate::ROYAL_THREATS`].
    fn royal_threatened(&self) -> bool {
        false
    }
    /// Static exchange evaluation: whether `m` wins at least `threshold`
    /// once the exchanges on the cell it exposes are played out with the
    /// least valuable capturer first (see [`exchange::see_ge`]). A variant
    /// may override it with a faster answer that agrees.
    fn see_ge(&self, m: Self::Move, threshold: i32) -> bool {
        exchange::see_ge(self, m, threshold)
    }
}

/// How many times `pos` has occurred, counting itself, given the hashes of
/// the earlier positions of the game (oldest first, `pos` itself excluded).
pub fn occurrences<P: Position>(pos: &P, history: &[u64]) -> usize {
    let window = (pos.halfmove_clock() as usize).min(history.len());
    let key = pos.hash();
    1 + history[history.len() - window..]
        .iter()
        .filter(|&&h| h == key)
        .count()
}

/// The game's result, if it is over, from the position and the hashes of every
/// earlier position of the game (oldest first). Precedence: what the position
/// shows by itself; threefold repetition; no legal move; the move-count rule
/// (so a mate on the hundredth ply still wins).
pub fn game_outcome<P: Position>(pos: &P, history: &[u64]) -> Option<Outcome> {
    if let Some(o) = pos.static_outcome() {
        return Some(o);
    }
    if occurrences(pos, history) >= 3 {
        return Some(match P::REPETITION {
            Repetition::Draw => Outcome::Draw {
                reason: "threefold repetition",
            },
            Repetition::MoverLoses => Outcome::Win {
                winner: pos.side_to_move(),
                reason: "threefold repetition by the loser",
            },
        });
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if list.is_empty() {
        return Some(pos.no_move_outcome());
    }
    match P::MOVE_RULE {
        Some(limit) if pos.halfmove_clock() >= limit => Some(Outcome::Draw {
            reason: "move-count rule",
        }),
        _ => None,
    }
}

/// Plays a list of moves in coordinate notation from `pos`; returns the final
/// position and the hashes of every position before it (for [`game_outcome`]).
pub fn play_line<P: Position>(pos: &P, moves: &[&str]) -> Result<(P, Vec<u64>), MoveError> {
    let mut cur = pos.clone();
    let mut history = Vec::with_capacity(moves.len());
    for text in moves {
        let m = cur.parse_move(text)?;
        history.push(cur.hash());
        cur = cur.play(m);
    }
    Ok((cur, history))
}
