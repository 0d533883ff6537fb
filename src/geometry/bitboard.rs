//! `Bitboard<G>`: a set of existing cells of geometry `G`.

use super::{BitStore, Geometry, Square};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells of board `G`. Invariant: only bits of `G::CELLS` are set
/// (`!` complements within the cells, so holes never appear).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct Bitboard<G: Geometry>(pub(crate) G::Bits, PhantomData<G>);

impl<G: Geometry> Bitboard<G> {
    pub const EMPTY: Self = Bitboard(G::Bits::ZERO, PhantomData);
    /// Every existing cell.
    pub const ALL: Self = Bitboard(G::CELLS, PhantomData);

    /// From raw bits; bits outside the cells are dropped.
    #[inline(always)]
    pub fn from_bits(bits: G::Bits) -> Self {
        Bitboard(bits & G::CELLS, PhantomData)
    }

    #[inline(always)]
    pub fn bits(self) -> G::Bits {
        self.0
    }

    #[inline(always)]
    pub fn from_square(sq: Square<G>) -> Self {
        Bitboard(G::Bits::bit(sq.index() as u32), PhantomData)
    }

    #[inline(always)]
    pub fn is_empty(self) -> bool {
        self.0 == G::Bits::ZERO
    }

    #[inline(always)]
    pub fn any(self) -> bool {
        self.0 != G::Bits::ZERO
    }

    #[inline(always)]
    pub fn has(self, sq: Square<G>) -> bool {
        self.0 & G::Bits::bit(sq.index() as u32) != G::Bits::ZERO
    }

    #[inline(always)]
    pub fn set(&mut self, sq: Square<G>) {
        self.0 |= G::Bits::bit(sq.index() as u32);
    }

    #[inline(always)]
    pub fn clear(&mut self, sq: Square<G>) {
        self.0 &= !G::Bits::bit(sq.index() as u32);
    }

    #[inline(always)]
    pub fn toggle(&mut self, sq: Square<G>) {
        self.0 ^= G::Bits::bit(sq.index() as u32);
    }

    #[inline(always)]
    pub fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one cell.
    #[inline(always)]
    pub fn several(self) -> bool {
        self.0 & self.0.wrapping_dec() != G::Bits::ZERO
    }

    /// The lowest-index cell, if any.
    #[inline(always)]
    pub fn first(self) -> Option<Square<G>> {
        self.any()
            .then(|| Square::from_index_unchecked(self.0.trailing_zeros()))
    }

    /// The lowest-index cell; the set must not be empty.
    #[inline(always)]
    pub fn lsb(self) -> Square<G> {
        debug_assert!(self.any());
        Square::from_index_unchecked(self.0.trailing_zeros())
    }

    /// The highest-index cell; the set must not be empty.
    #[inline(always)]
    pub fn msb(self) -> Square<G> {
        debug_assert!(self.any());
        Square::from_index_unchecked(G::Bits::BITS - 1 - self.0.leading_zeros())
    }

    /// The only cell, if exactly one.
    #[inline]
    pub fn single(self) -> Option<Square<G>> {
        (self.any() && !self.several()).then(|| self.lsb())
    }

    #[inline(always)]
    pub fn iter(self) -> SquareIter<G> {
        SquareIter(self.0, PhantomData)
    }
}

/// Iterates the cells of a bitboard in ascending index order.
pub struct SquareIter<G: Geometry>(G::Bits, PhantomData<G>);

impl<G: Geometry> Iterator for SquareIter<G> {
    type Item = Square<G>;
    #[inline(always)]
    fn next(&mut self) -> Option<Square<G>> {
        if self.0 == G::Bits::ZERO {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0.wrapping_dec();
        Some(Square::from_index_unchecked(i))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl<G: Geometry> IntoIterator for Bitboard<G> {
    type Item = Square<G>;
    type IntoIter = SquareIter<G>;
    fn into_iter(self) -> SquareIter<G> {
        self.iter()
    }
}

impl<G: Geometry> FromIterator<Square<G>> for Bitboard<G> {
    fn from_iter<I: IntoIterator<Item = Square<G>>>(iter: I) -> Self {
        let mut bb = Self::EMPTY;
        for sq in iter {
            bb.set(sq);
        }
        bb
    }
}

impl<G: Geometry> From<Square<G>> for Bitboard<G> {
    fn from(sq: Square<G>) -> Self {
        Self::from_square(sq)
    }
}

macro_rules! binop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl<G: Geometry> $tr for Bitboard<G> {
            type Output = Self;
            #[inline(always)]
            fn $f(self, rhs: Self) -> Self {
                Bitboard(self.0 $op rhs.0, PhantomData)
            }
        }
        impl<G: Geometry> $tra for Bitboard<G> {
            #[inline(always)]
            fn $fa(&mut self, rhs: Self) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
binop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
binop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
binop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl<G: Geometry> Not for Bitboard<G> {
    type Output = Self;
    #[inline(always)]
    fn not(self) -> Self {
        Bitboard(!self.0 & G::CELLS, PhantomData)
    }
}

/// Prints a diagram, top row first: `X` for a member, `.` for an empty cell,
/// a space for a hole.
impl<G: Geometry> fmt::Debug for Bitboard<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Bitboard<{}>", G::NAME)?;
        for row in (0..G::HEIGHT as i32).rev() {
            for file in 0..G::WIDTH as i32 {
                let c = match Square::<G>::new(file, row) {
                    None => ' ',
                    Some(sq) if self.has(sq) => 'X',
                    Some(_) => '.',
                };
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
