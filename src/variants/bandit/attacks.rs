//! Move tables for the 7×9 board on raw `u64`s (63 cells, row-major,
//! `index = row * 7 + file`). Every table is derived from the shared
//! coordinate walker ([`Square::offset`]), so nothing wraps around an edge.
//!
//! Sliders use the ray method: eight rays per square, the first blocker is
//! the lowest set bit on increasing rays and the highest on decreasing ones.
//! The outlaw's once-reflected diagonals (ruling B6) are precomputed as
//! ordered paths, walked until the first agent.

use crate::geometry::tables::{KING_DIRS, KNIGHT_LEAPS};
use crate::geometry::{Color, Rect7x9, Square};
use once_cell::sync::Lazy;

type Sq = Square<Rect7x9>;

/// Cells on the board.
pub const N: usize = 63;
/// Board width, for index arithmetic on orthogonal neighbours.
pub const W: usize = 7;

/// Ray directions: E, N, W, S (rook), NE, NW, SW, SE (bishop). The first two of
/// each group of four increase the index, the last two decrease it.
const RAY_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (0, 1),
    (-1, 0),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// The outlaw's four diagonal directions.
const DIAGONALS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];

/// Longest reflected outlaw path on 7×9 (checked when the table is built).
pub const PATH_MAX: usize = 14;

/// One outlaw path: the cells in the order the outlaw passes them.
#[derive(Clone, Copy)]
pub struct Path {
    pub len: u8,
    pub cells: [u8; PATH_MAX],
}

/// Every table Bandit move generation reads.
pub struct Tables {
    pub knight: [u64; N],
    pub king: [u64; N],
    /// `pawn_capture[color][sq]`: straight forward and both sideways neighbours.
    pub pawn_capture: [[u64; N]; 2],
    /// `pawn_move[color][sq]`: the two diagonally-forward cells (non-capturing).
    pub pawn_move: [[u64; N]; 2],
    /// `sergeant[color][sq]`: forward and both diagonally-forward cells.
    pub sergeant: [[u64; N]; 2],
    /// `rays[sq][d]` for the directions of `RAY_DIRS`.
    pub rays: [[u64; 8]; N],
    /// Cells strictly between two aligned squares (0 if not aligned).
    pub between: Box<[[u64; N]; N]>,
    /// `outlaw[sq][d]`: the reflected diagonal path in direction `d` (ruling B6).
    pub outlaw: [[Path; 4]; N],
}

pub static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

fn leaps(sq: Sq, deltas: &[(i32, i32)]) -> u64 {
    deltas
        .iter()
        .filter_map(|&(dx, dy)| sq.offset(dx, dy))
        .fold(0, |acc, t| acc | 1u64 << t.index())
}

/// The cells an outlaw on `sq` passes going diagonally `(dx, dy)` on an empty
/// board (ruling B6): when the next step would cross one edge, the component
/// across that edge flips and the walk goes on from the edge cell; a second
/// crossing, or a corner (both components crossing at once), ends the path.
pub fn outlaw_path(sq: Sq, dx: i32, dy: i32) -> Vec<Sq> {
    let (mut dx, mut dy) = (dx, dy);
    let mut cur = sq;
    let mut reflected = false;
    let mut out = Vec::new();
    loop {
        if let Some(next) = cur.offset(dx, dy) {
            out.push(next);
            cur = next;
            continue;
        }
        if reflected {
            break;
        }
        let crosses_file = cur.offset(dx, 0).is_none();
        let crosses_rank = cur.offset(0, dy).is_none();
        if crosses_file && crosses_rank {
            break; // a corner: it would need two reflections
        }
        if crosses_file {
            dx = -dx;
        } else {
            dy = -dy;
        }
        reflected = true;
    }
    out
}

impl Tables {
    /// Attacks along ray `d` from `sq`: empty cells up to and including the first agent.
    #[inline(always)]
    pub fn ray(&self, sq: usize, d: usize, occ: u64) -> u64 {
        let ray = self.rays[sq][d];
        let hits = ray & occ;
        if hits == 0 {
            return ray;
        }
        let first = if d & 2 == 0 {
            hits.trailing_zeros()
        } else {
            63 - hits.leading_zeros()
        };
        ray ^ self.rays[first as usize][d]
    }

    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        self.ray(sq, 0, occ) | self.ray(sq, 1, occ) | self.ray(sq, 2, occ) | self.ray(sq, 3, occ)
    }

    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        self.ray(sq, 4, occ) | self.ray(sq, 5, occ) | self.ray(sq, 6, occ) | self.ray(sq, 7, occ)
    }

    /// Cells an outlaw on `sq` can slide to (ruling B6): empty cells of the
    /// reflected diagonals, each path cut at its first agent.
    #[inline]
    pub fn outlaw_slides(&self, sq: usize, occ: u64) -> u64 {
        let mut out = 0;
        for path in &self.outlaw[sq] {
            for &c in &path.cells[..path.len as usize] {
                let bit = 1u64 << c;
                if occ & bit != 0 {
                    break;
                }
                out |= bit;
            }
        }
        out
    }

    fn build() -> Tables {
        let mut t = Tables {
            knight: [0; N],
            king: [0; N],
            pawn_capture: [[0; N]; 2],
            pawn_move: [[0; N]; 2],
            sergeant: [[0; N]; 2],
            rays: [[0; 8]; N],
            between: Box::new([[0; N]; N]),
            outlaw: [[Path {
                len: 0,
                cells: [0; PATH_MAX],
            }; 4]; N],
        };
        for sq in Sq::all() {
            let i = sq.index();
            t.knight[i] = leaps(sq, &KNIGHT_LEAPS);
            t.king[i] = leaps(sq, &KING_DIRS);
            for color in Color::ALL {
                let up = if color == Color::White { 1 } else { -1 };
                let c = color.index();
                t.pawn_capture[c][i] = leaps(sq, &[(0, up), (-1, 0), (1, 0)]);
                t.pawn_move[c][i] = leaps(sq, &[(-1, up), (1, up)]);
                t.sergeant[c][i] = leaps(sq, &[(0, up), (-1, up), (1, up)]);
            }
            for (d, &(dx, dy)) in RAY_DIRS.iter().enumerate() {
                let mut cur = sq;
                let mut ray = 0u64;
                while let Some(next) = cur.offset(dx, dy) {
                    ray |= 1 << next.index();
                    cur = next;
                }
                t.rays[i][d] = ray;
            }
            for (d, &(dx, dy)) in DIAGONALS.iter().enumerate() {
                let path = outlaw_path(sq, dx, dy);
                assert!(path.len() <= PATH_MAX, "outlaw path too long");
                let p = &mut t.outlaw[i][d];
                p.len = path.len() as u8;
                for (k, c) in path.iter().enumerate() {
                    p.cells[k] = c.index() as u8;
                }
            }
        }
        for a in 0..N {
            for d in 0..8 {
                let ray = t.rays[a][d];
                let mut rest = ray;
                while rest != 0 {
                    let b = rest.trailing_zeros() as usize;
                    rest &= rest - 1;
                    t.between[a][b] = ray & !t.rays[b][d] & !(1u64 << b);
                }
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tables::{RayTable, BISHOP_DIRS, ROOK_DIRS};
    use crate::geometry::Bitboard;
    use crate::rules::zobrist::splitmix64;

    #[test]
    fn sliders_match_the_shared_ray_tables() {
        let t = &*TABLES;
        let rook = RayTable::<Rect7x9>::new(&ROOK_DIRS);
        let bishop = RayTable::<Rect7x9>::new(&BISHOP_DIRS);
        let mut s = 7u64;
        for sq in Sq::all() {
            for _ in 0..200 {
                let occ = splitmix64(&mut s) & splitmix64(&mut s) & ((1u64 << 63) - 1);
                let bb = Bitboard::<Rect7x9>::from_bits(occ);
                assert_eq!(t.rook(sq.index(), occ), rook.attacks(sq, bb).bits());
                assert_eq!(t.bishop(sq.index(), occ), bishop.attacks(sq, bb).bits());
            }
        }
    }

    fn names(v: &[Sq]) -> Vec<String> {
        v.iter().map(|s| s.name()).collect()
    }

    #[test]
    fn b6_outlaw_paths_reflect_once() {
        let sq = |s: &str| Sq::parse(s).unwrap();
        // From b3 south-west: a2, then the west edge flips dx: b1; the south edge
        // would be a second reflection, so the path ends.
        assert_eq!(names(&outlaw_path(sq("b3"), -1, -1)), ["a2", "b1"]);
        // From c3 south-west: b2, a1, and at the corner it stops.
        assert_eq!(names(&outlaw_path(sq("c3"), -1, -1)), ["b2", "a1"]);
        // From a1 south-west: a corner, no move at all.
        assert!(outlaw_path(sq("a1"), -1, -1).is_empty());
        // From d1 north-east: e2 f3 g4, reflect off the east edge: f5 e6 d7 c8 b9, stop.
        assert_eq!(
            names(&outlaw_path(sq("d1"), 1, 1)),
            ["e2", "f3", "g4", "f5", "e6", "d7", "c8", "b9"]
        );
        // From a5 north-east: b6 c7 d8 e9, reflect off the north edge: f8 g7, stop.
        assert_eq!(
            names(&outlaw_path(sq("a5"), 1, 1)),
            ["b6", "c7", "d8", "e9", "f8", "g7"]
        );
        // Starting on an edge and moving across it reflects at the start square.
        assert_eq!(names(&outlaw_path(sq("c1"), -1, -1)), ["b2", "a3"]);
    }
}
