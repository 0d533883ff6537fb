//! What a move does, said once by the variant and read by every front end.
//!
//! A move's packed form is the variant's business; its [`Effects`] are not:
//! which piece goes from where to where, which pieces leave the board and
//! from which cells, which pieces change type or colour, which are displaced.
//! A protocol or GUI derives its own picture of a move from these (a GUI
//! protocol's legs and kill squares, highlights, a web board's animation)
//! without knowing the variant's move encoding. The effects are complete by
//! construction: `tests/invariants.rs` rebuilds every successor board from
//! the effects alone ([`Effects::apply`]) and compares it with `play`.

use crate::geometry::{Geometry, Square};
use arrayvec::ArrayVec;

/// What one legal move does to the board. Pieces are named by their FEN
/// letters (upper case White), so the description is the same for every
/// variant and every front end.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Effects<G: Geometry> {
    /// Where the piece the player moves stands before the move.
    pub from: Square<G>,
    /// The cell the move aims at, the second square of its notation: the
    /// landing square, an archer's target, a swap or destruction partner.
    pub to: Square<G>,
    /// Where the moving piece ends: usually `Some(to)`; `Some(from)` when it
    /// shoots without moving; `None` when it leaves the board itself (a
    /// swapper's mutual destruction, the capturer of a Bandit outlaw).
    pub lands: Option<Square<G>>,
    /// Other pieces that leave the board, by the cell they stood on before
    /// the move: a capture on `to`, en passant, a long leaper's jumps, an
    /// archer's shot, both victims of an outlaw.
    pub removed: ArrayVec<Square<G>, 2>,
    /// Another piece the move carries along, from → to: castling's rook, the
    /// enemy a swapper trades places with.
    pub displaced: Option<(Square<G>, Square<G>)>,
    /// After the move, the piece on this cell is this letter: a promotion
    /// (the mover on its landing square), the pieces a trick changes.
    pub changed: ArrayVec<(Square<G>, char), 2>,
}

impl<G: Geometry> Effects<G> {
    /// A piece going from `from` to `to`, taking whatever stands on `to`
    /// (`victim` says whether something does).
    pub fn step(from: Square<G>, to: Square<G>, victim: bool) -> Self {
        let mut removed = ArrayVec::new();
        if victim {
            removed.push(to);
        }
        Effects {
            from,
            to,
            lands: Some(to),
            removed,
            displaced: None,
            changed: ArrayVec::new(),
        }
    }

    /// Whether the moving piece leaves the board together with its target
    /// (Fugue's mutual destruction, a Bandit outlaw's capturer).
    pub fn mover_vanishes(&self) -> bool {
        self.lands.is_none()
    }

    /// Whether the moving piece stays put and removes its target (an archer's shot).
    pub fn is_shot(&self) -> bool {
        self.lands == Some(self.from) && self.from != self.to
    }

    /// The letter the moving piece becomes on landing, if it changes (a promotion).
    pub fn promotion(&self) -> Option<char> {
        let lands = self.lands?;
        self.changed
            .iter()
            .find(|&&(sq, _)| sq == lands)
            .map(|&(_, c)| c)
    }

    /// The cells of pieces changed that are not the moving piece (a trick).
    pub fn changed_others(&self) -> impl Iterator<Item = (Square<G>, char)> + '_ {
        self.changed
            .iter()
            .copied()
            .filter(move |&(sq, _)| Some(sq) != self.lands)
    }

    /// Plays the effects on a board of letters (`board[sq.index()]`, `None`
    /// for an empty cell): what any front end's picture of the board becomes.
    pub fn apply(&self, board: &mut [Option<char>]) {
        let mover = board[self.from.index()].take();
        let carried = self
            .displaced
            .map(|(from, to)| (board[from.index()].take(), to));
        for sq in &self.removed {
            board[sq.index()] = None;
        }
        if let Some(lands) = self.lands {
            board[lands.index()] = mover;
        }
        if let Some((piece, to)) = carried {
            board[to.index()] = piece;
        }
        for &(sq, c) in &self.changed {
            board[sq.index()] = Some(c);
        }
    }
}

/// The board of letters of a position, as [`Effects::apply`] reads it:
/// `piece_char` of every cell, indexed by cell index (holes stay `None`).
pub fn letter_board<G: Geometry>(
    piece_char: impl Fn(Square<G>) -> Option<char>,
) -> Vec<Option<char>> {
    let mut board = vec![None; G::BOX];
    for sq in Square::<G>::all() {
        board[sq.index()] = piece_char(sq);
    }
    board
}

/// The FEN letter of a piece of `color` whose lower-case letter is `letter`.
pub fn colored_letter(color: crate::geometry::Color, letter: char) -> char {
    match color {
        crate::geometry::Color::White => letter.to_ascii_uppercase(),
        crate::geometry::Color::Black => letter,
    }
}
