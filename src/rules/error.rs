//! Typed errors for text input: FENs and moves.

use core::fmt;

/// Why a FEN was rejected. `Display` gives one line a user can act on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The FEN is empty or lacks a required field.
    MissingField(&'static str),
    /// Extra text after the last field the variant knows.
    TrailingFields(String),
    /// The board has the wrong number of ranks.
    RankCount { expected: usize, found: usize },
    /// A rank (named by its rank number) has the wrong number of cells.
    RankLength {
        rank: u32,
        expected: usize,
        found: usize,
    },
    /// A letter that names no piece of this variant.
    UnknownPiece(char),
    /// A piece or a digit run stands on a hole.
    PieceOnHole(String),
    /// A `*` stands where the board has a cell.
    HoleOnCell(String),
    /// A field that does not parse (`field`, `value`).
    BadField { field: &'static str, value: String },
    /// A side has the wrong number of kings (or generals).
    RoyalCount {
        side: &'static str,
        found: u32,
        expected: &'static str,
    },
    /// Any other rule of the variant (a piece where it can never stand, the side
    /// not to move in check, …), with the variant's explanation.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::MissingField(what) => write!(f, "FEN lacks the {what} field"),
            FenError::TrailingFields(s) => {
                write!(f, "unexpected text after the FEN's last field: '{s}'")
            }
            FenError::RankCount { expected, found } => {
                write!(f, "FEN board has {found} ranks, expected {expected}")
            }
            FenError::RankLength {
                rank,
                expected,
                found,
            } => {
                write!(f, "FEN rank {rank} has {found} cells, expected {expected}")
            }
            FenError::UnknownPiece(c) => write!(f, "unknown piece letter '{c}'"),
            FenError::PieceOnHole(sq) => write!(f, "a piece or empty run covers the hole {sq}"),
            FenError::HoleOnCell(sq) => {
                write!(f, "'*' marks {sq} as a hole, but it is a cell of the board")
            }
            FenError::BadField { field, value } => write!(f, "bad {field} field '{value}'"),
            FenError::RoyalCount {
                side,
                found,
                expected,
            } => {
                write!(f, "{side} has {found} royal pieces, expected {expected}")
            }
            FenError::Illegal(why) => write!(f, "illegal position: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move string was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// Not a move in this variant's coordinate notation.
    Syntax(String),
    /// Well-formed, but not a legal move in the position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(s) => write!(f, "cannot parse move '{s}'"),
            MoveError::Illegal(s) => write!(f, "illegal move '{s}'"),
        }
    }
}

impl std::error::Error for MoveError {}
