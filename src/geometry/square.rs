//! `Square<G>`: a checked index of an existing cell of geometry `G`.

use super::{BitStore, Geometry};
use core::fmt;
use core::marker::PhantomData;

/// An existing cell of board `G`. Invariant: the index is inside the box and
/// its bit is set in `G::CELLS` (every constructor checks, except
/// [`Square::from_index_unchecked`], whose callers take it from a bitboard of cells).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square<G: Geometry>(u8, PhantomData<G>);

impl<G: Geometry> Square<G> {
    /// The cell at grid coordinates (file, row), if it exists.
    #[inline]
    pub fn new(file: i32, row: i32) -> Option<Self> {
        if G::has_cell(file, row) {
            Some(Square((row * G::WIDTH as i32 + file) as u8, PhantomData))
        } else {
            None
        }
    }

    /// The cell with this box index, if it exists.
    #[inline]
    pub fn from_index(index: usize) -> Option<Self> {
        if index < G::BOX && G::CELLS & G::Bits::bit(index as u32) != G::Bits::ZERO {
            Some(Square(index as u8, PhantomData))
        } else {
            None
        }
    }

    /// For indices read from a bitboard that only ever holds cells.
    #[inline(always)]
    pub fn from_index_unchecked(index: u32) -> Self {
        debug_assert!(
            Self::from_index(index as usize).is_some(),
            "not a cell: {index}"
        );
        Square(index as u8, PhantomData)
    }

    /// Every existing cell, in ascending index order (a1, b1, …, then the next row).
    pub fn all() -> impl Iterator<Item = Self> {
        (0..G::BOX).filter_map(Self::from_index)
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File in the box, 0 = `a`.
    #[inline(always)]
    pub const fn file(self) -> u8 {
        self.0 % G::WIDTH
    }

    /// Row in the box, 0 = White's edge.
    #[inline(always)]
    pub const fn row(self) -> u8 {
        self.0 / G::WIDTH
    }

    /// The rank number players write (`row + G::FIRST_RANK`).
    #[inline]
    pub const fn rank_number(self) -> u8 {
        self.row() + G::FIRST_RANK
    }

    /// The coordinate walker every table is built from: the cell `(dx, dy)` away,
    /// or `None` if that leaves the box or hits a hole.
    #[inline]
    pub fn offset(self, dx: i32, dy: i32) -> Option<Self> {
        Self::new(self.file() as i32 + dx, self.row() as i32 + dy)
    }

    /// The same cell seen from the other side on a board symmetric under a
    /// 180° turn of the box (chess, Fugue, Bandit, Trubix).
    pub fn rotate(self) -> Option<Self> {
        Self::new(
            G::WIDTH as i32 - 1 - self.file() as i32,
            G::HEIGHT as i32 - 1 - self.row() as i32,
        )
    }

    /// The square's name: file letter and rank number (`e4`, `c10`, `c0`).
    pub fn name(self) -> String {
        format!("{}{}", (b'a' + self.file()) as char, self.rank_number())
    }

    /// Parses a whole string as a square name.
    pub fn parse(s: &str) -> Option<Self> {
        let (sq, rest) = Self::parse_prefix(s)?;
        rest.is_empty().then_some(sq)
    }

    /// Parses a square name at the start of `s`; returns it and the rest.
    /// Rank numbers are decimal without leading zeros (`c10`, `c0`, never `c01`).
    pub fn parse_prefix(s: &str) -> Option<(Self, &str)> {
        let bytes = s.as_bytes();
        let f = *bytes.first()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = (f - b'a') as i32;
        let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || digits > 2 || (digits == 2 && bytes[1] == b'0') {
            return None;
        }
        let rank: i32 = s[1..1 + digits].parse().ok()?;
        let row = rank - G::FIRST_RANK as i32;
        Some((Self::new(file, row)?, &s[1 + digits..]))
    }
}

impl<G: Geometry> fmt::Display for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank_number())
    }
}

impl<G: Geometry> fmt::Debug for Square<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
