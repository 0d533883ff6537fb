//! Fugue's tables on raw `u64` bitboards: per-direction rays, the king ring and
//! the 5×5 box (the archer's "distance at most two"), all built once by the
//! shared coordinate walker, plus the whole-set shifts that turn F2
//! (immobilization), F10 (shields) and F6 (archer spotters) into a few
//! bitboard operations per position instead of square-by-square loops.

use crate::geometry::tables::{LeaperTable, RayTable, KING_DIRS};
use crate::geometry::{Rect8x8, Square};
use once_cell::sync::Lazy;

/// Directions in [`KING_DIRS`] order: each is listed next to its reverse, so
/// the opposite of `d` is `d ^ 1`.
pub const DIRS: usize = 8;

/// Whether the square index grows along direction `d` (first blocker = lowest bit).
pub const INCREASING: [bool; DIRS] = [true, false, true, false, true, false, false, true];

const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;
pub const RANK_1: u64 = 0xFF;
pub const RANK_8: u64 = 0xFF << 56;

pub struct Tables {
    /// `ray[d][sq]`: the cells from `sq` (excluded) to the edge in direction `d`.
    pub ray: [[u64; 64]; DIRS],
    /// The eight neighbours of each cell.
    pub king: [u64; 64],
    /// The cells at Chebyshev distance 1 or 2 (F6: a target this close needs no spotter).
    pub near2: [u64; 64],
}

pub static TABLES: Lazy<Tables> = Lazy::new(|| {
    let rays = RayTable::<Rect8x8>::new(&KING_DIRS);
    let king = LeaperTable::<Rect8x8>::new(&KING_DIRS);
    let box2: Vec<(i32, i32)> = (-2..=2)
        .flat_map(|dx| (-2..=2).map(move |dy| (dx, dy)))
        .filter(|&d| d != (0, 0))
        .collect();
    let near = LeaperTable::<Rect8x8>::new(&box2);
    let mut t = Tables {
        ray: [[0; 64]; DIRS],
        king: [0; 64],
        near2: [0; 64],
    };
    for sq in Square::<Rect8x8>::all() {
        let i = sq.index();
        for d in 0..DIRS {
            t.ray[d][i] = rays.ray(sq, d).bits();
        }
        t.king[i] = king.get(sq).bits();
        t.near2[i] = near.get(sq).bits();
    }
    t
});

impl Tables {
    /// The first occupied cell from `sq` in direction `d`, if any.
    #[inline(always)]
    pub fn blocker(&self, d: usize, sq: usize, occ: u64) -> Option<usize> {
        let hits = self.ray[d][sq] & occ;
        if hits == 0 {
            None
        } else if INCREASING[d] {
            Some(hits.trailing_zeros() as usize)
        } else {
            Some(63 - hits.leading_zeros() as usize)
        }
    }

    /// The empty cells from `sq` in direction `d` up to the first piece, and that piece.
    #[inline(always)]
    pub fn slide(&self, d: usize, sq: usize, occ: u64) -> (u64, Option<usize>) {
        let ray = self.ray[d][sq];
        match self.blocker(d, sq, occ) {
            Some(b) => (ray & !self.ray[d][b] & !(1u64 << b), Some(b)),
            None => (ray, None),
        }
    }

    /// The empty cells a queen-like slider on `sq` reaches, and the first piece
    /// met in each direction (as one set).
    #[inline(always)]
    pub fn queen(&self, sq: usize, occ: u64) -> (u64, u64) {
        let mut empty = 0;
        let mut blockers = 0;
        for d in 0..DIRS {
            let (e, b) = self.slide(d, sq, occ);
            empty |= e;
            if let Some(b) = b {
                blockers |= 1u64 << b;
            }
        }
        (empty, blockers)
    }
}

/// Index change of one step in direction `d` (`dx + 8·dy`).
pub const DELTA: [i32; DIRS] = [1, -1, 8, -8, 9, -9, -7, 7];

/// Every cell of `b` moved one step in direction `d`; cells leaving the board vanish.
#[inline(always)]
pub const fn shift(b: u64, d: usize) -> u64 {
    match d {
        0 => (b << 1) & !FILE_A,
        1 => (b >> 1) & !FILE_H,
        2 => b << 8,
        3 => b >> 8,
        4 => (b << 9) & !FILE_A,
        5 => (b >> 9) & !FILE_H,
        6 => (b >> 7) & !FILE_A,
        _ => (b << 7) & !FILE_H,
    }
}

/// The cells next to at least one cell of `b` (a member counts only when it
/// touches another member): F2's frozen zone, F10's protected zone.
#[inline(always)]
pub const fn adjacent(b: u64) -> u64 {
    let vertical = (b << 8) | (b >> 8);
    let row = b | vertical;
    vertical | ((row << 1) & !FILE_A) | ((row >> 1) & !FILE_H)
}

/// The cells an archer's friends spot (F6): next to a friend, or two steps
/// from one in a straight line over an empty cell.
#[inline(always)]
pub const fn spotted(friends: u64, empty: u64) -> u64 {
    let mut s = adjacent(friends);
    let mut d = 0;
    while d < DIRS {
        s |= shift(shift(friends, d) & empty, d);
        d += 1;
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The set operations against the per-square walker.
    #[test]
    fn masks_match_the_walker() {
        let t = &*TABLES;
        let mut seed = 0x1234_5678_9ABC_DEF1u64;
        for _ in 0..300 {
            let a = crate::rules::zobrist::splitmix64(&mut seed);
            let b = crate::rules::zobrist::splitmix64(&mut seed);
            let bits = a & b; // about a quarter of the cells
            let empty = !(a | b);
            let mut adj = 0;
            let mut spot = 0;
            for sq in Square::<Rect8x8>::all() {
                if bits & 1 << sq.index() == 0 {
                    continue;
                }
                adj |= t.king[sq.index()];
                spot |= t.king[sq.index()];
                for (d, &(dx, dy)) in KING_DIRS.iter().enumerate() {
                    let one = sq.offset(dx, dy);
                    let two = sq.offset(2 * dx, 2 * dy);
                    if let (Some(one), Some(two)) = (one, two) {
                        if empty & 1 << one.index() != 0 {
                            spot |= 1 << two.index();
                        }
                    }
                    if let Some(one) = one {
                        assert_eq!(shift(1 << sq.index(), d), 1 << one.index(), "{sq} dir {d}");
                        assert_eq!(one.index() as i32 - sq.index() as i32, DELTA[d]);
                    } else {
                        assert_eq!(shift(1 << sq.index(), d), 0);
                    }
                }
            }
            assert_eq!(adjacent(bits), adj);
            assert_eq!(spotted(bits, empty), spot);
        }
    }
}
