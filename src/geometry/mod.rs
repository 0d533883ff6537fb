//! Board shapes, squares and bitboards. No chess rules live here.
//!
//! A board shape is a zero-sized type implementing [`Geometry`]: a bounding box
//! of `WIDTH × HEIGHT` cells stored row-major (`index = row * WIDTH + file`),
//! and a mask of the cells that really exist. Irregular boards (Trubix) and the
//! hexagon (Trebuqi) are boxes with holes. [`Square<G>`] and [`Bitboard<G>`]
//! carry their geometry in the type, so a square of one board can never index a
//! table of another.
//!
//! Move tables are built by walking coordinates ([`Square::offset`]): a step that
//! leaves the box or lands on a hole yields nothing, so no wrap-around can exist
//! at run time (see [`tables`]).

mod bitboard;
mod bits;
pub mod magic;
mod shapes;
mod square;
pub mod tables;

pub use bitboard::{Bitboard, SquareIter};
pub use bits::BitStore;
pub use shapes::{Hex91, Rect7x9, Rect8x8, TrubixBoard};
pub use square::Square;

use core::fmt::Debug;
use core::hash::Hash;

/// One board shape: its bounding box, the cells that exist, and how its ranks
/// are numbered.
pub trait Geometry: Copy + Eq + Ord + Hash + Debug + Default + Send + Sync + 'static {
    /// The integer that stores a set of cells: `u64` when `WIDTH * HEIGHT <= 64`.
    type Bits: BitStore;
    /// Files in the bounding box (named `a`, `b`, …).
    const WIDTH: u8;
    /// Rows in the bounding box; row 0 is White's side.
    const HEIGHT: u8;
    /// The rank number players write for row 0: 1 on most boards, 0 on Trubix's.
    const FIRST_RANK: u8;
    /// The cells that exist; every other cell of the box is a hole.
    const CELLS: Self::Bits;
    /// A short name for diagnostics.
    const NAME: &'static str;

    /// Number of cells in the bounding box (table sizes).
    const BOX: usize = Self::WIDTH as usize * Self::HEIGHT as usize;

    /// Whether grid coordinates (file, row) name an existing cell.
    #[inline]
    fn has_cell(file: i32, row: i32) -> bool {
        if file < 0 || row < 0 || file >= Self::WIDTH as i32 || row >= Self::HEIGHT as i32 {
            return false;
        }
        let idx = (row * Self::WIDTH as i32 + file) as u32;
        Self::CELLS & Self::Bits::bit(idx) != Self::Bits::ZERO
    }
}

/// A colour / side. White moves first in every variant here.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Color {
    White = 0,
    Black = 1,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline(always)]
    pub const fn flip(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The FEN letter of the side to move: `w` or `b`.
    pub const fn fen_char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    pub fn from_fen(s: &str) -> Option<Color> {
        match s {
            "w" => Some(Color::White),
            "b" => Some(Color::Black),
            _ => None,
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}
