//! Move tables derived from direction vectors by walking coordinates.
//!
//! Variants describe pieces as `(dx, dy)` offsets (a leaper) or directions (a
//! slider); these builders turn them into per-square bitboards once, at first
//! use (a variant holds them in a `once_cell::sync::Lazy` static). Because
//! every entry comes from [`Square::offset`], a step off the box or onto a hole
//! simply is not there, on any shape.
//!
//! Slider attacks use the geometry-agnostic ray method: in a row-major box a
//! direction `(dx, dy)` changes the index by the constant `dx + dy * WIDTH`, so
//! along a ray indices are monotonic and the first blocker is the lowest set
//! bit of `ray & occupied` (increasing directions) or the highest (decreasing).

use super::{Bitboard, Geometry, Square};

/// Orthogonal unit steps on square boards.
pub const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Diagonal unit steps on square boards.
pub const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, -1), (1, -1), (-1, 1)];
/// All eight unit steps (king, queen).
pub const KING_DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];
/// The knight's leaps.
pub const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
/// Trebuqi's six orthogonal steps on the axial grid (ruling Q2).
pub const HEX_ORTHOGONAL: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (1, 1), (0, -1), (-1, -1)];
/// Trebuqi's six diagonal steps on the axial grid (ruling Q2); they pass through no cell.
pub const HEX_DIAGONAL: [(i32, i32); 6] = [(1, 2), (-1, -2), (2, 1), (-2, -1), (-1, 1), (1, -1)];

/// For each square, the cells reached by any of a set of leaps.
pub struct LeaperTable<G: Geometry> {
    targets: Box<[Bitboard<G>]>,
}

impl<G: Geometry> LeaperTable<G> {
    pub fn new(leaps: &[(i32, i32)]) -> Self {
        let mut targets = vec![Bitboard::EMPTY; G::BOX].into_boxed_slice();
        for sq in Square::<G>::all() {
            targets[sq.index()] = leaps
                .iter()
                .filter_map(|&(dx, dy)| sq.offset(dx, dy))
                .collect();
        }
        LeaperTable { targets }
    }

    #[inline(always)]
    pub fn get(&self, sq: Square<G>) -> Bitboard<G> {
        // SAFETY-free: targets has G::BOX entries and every square index is < G::BOX.
        self.targets[sq.index()]
    }
}

/// For each square and direction, the cells of the ray (origin excluded) up to
/// the edge or the first hole.
pub struct RayTable<G: Geometry> {
    dirs: Box<[(i32, i32)]>,
    increasing: Box<[bool]>,
    /// `rays[sq * dirs.len() + d]`
    rays: Box<[Bitboard<G>]>,
}

impl<G: Geometry> RayTable<G> {
    pub fn new(dirs: &[(i32, i32)]) -> Self {
        let n = dirs.len();
        let mut rays = vec![Bitboard::EMPTY; G::BOX * n].into_boxed_slice();
        for sq in Square::<G>::all() {
            for (d, &(dx, dy)) in dirs.iter().enumerate() {
                let mut ray = Bitboard::EMPTY;
                let mut cur = sq;
                while let Some(next) = cur.offset(dx, dy) {
                    ray.set(next);
                    cur = next;
                }
                rays[sq.index() * n + d] = ray;
            }
        }
        let increasing = dirs
            .iter()
            .map(|&(dx, dy)| dx + dy * G::WIDTH as i32 > 0)
            .collect();
        RayTable {
            dirs: dirs.into(),
            increasing,
            rays,
        }
    }

    pub fn dirs(&self) -> &[(i32, i32)] {
        &self.dirs
    }

    /// The whole ray from `sq` in direction number `d`, ignoring pieces.
    #[inline(always)]
    pub fn ray(&self, sq: Square<G>, d: usize) -> Bitboard<G> {
        self.rays[sq.index() * self.dirs.len() + d]
    }

    /// The first occupied cell on ray `d` from `sq`, if any.
    #[inline(always)]
    pub fn first_blocker(
        &self,
        sq: Square<G>,
        d: usize,
        occupied: Bitboard<G>,
    ) -> Option<Square<G>> {
        let hits = self.ray(sq, d) & occupied;
        if hits.is_empty() {
            None
        } else if self.increasing[d] {
            Some(hits.lsb())
        } else {
            Some(hits.msb())
        }
    }

    /// Cells reached along ray `d`: the empty ones up to and including the first blocker.
    #[inline(always)]
    pub fn ray_attacks(&self, sq: Square<G>, d: usize, occupied: Bitboard<G>) -> Bitboard<G> {
        let ray = self.ray(sq, d);
        match self.first_blocker(sq, d, occupied) {
            Some(b) => ray & !self.ray(b, d),
            None => ray,
        }
    }

    /// Cells a slider on `sq` reaches along every direction of this table.
    #[inline]
    pub fn attacks(&self, sq: Square<G>, occupied: Bitboard<G>) -> Bitboard<G> {
        let mut out = Bitboard::EMPTY;
        for d in 0..self.dirs.len() {
            out |= self.ray_attacks(sq, d, occupied);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Hex91, Rect7x9, Rect8x8, TrubixBoard};

    /// The slow reference: step by step with `Square::offset`.
    fn slow_slide<G: Geometry>(
        sq: Square<G>,
        dirs: &[(i32, i32)],
        occ: Bitboard<G>,
    ) -> Bitboard<G> {
        let mut out = Bitboard::EMPTY;
        for &(dx, dy) in dirs {
            let (mut f, mut r) = (sq.file() as i32, sq.row() as i32);
            loop {
                f += dx;
                r += dy;
                if !G::has_cell(f, r) {
                    break;
                }
                let t = Square::new(f, r).unwrap();
                out.set(t);
                if occ.has(t) {
                    break;
                }
            }
        }
        out
    }

    fn slow_leap<G: Geometry>(sq: Square<G>, leaps: &[(i32, i32)]) -> Bitboard<G> {
        let mut out = Bitboard::EMPTY;
        for &(dx, dy) in leaps {
            let (f, r) = (sq.file() as i32 + dx, sq.row() as i32 + dy);
            if f >= 0 && r >= 0 && f < G::WIDTH as i32 && r < G::HEIGHT as i32 && G::has_cell(f, r)
            {
                out.set(Square::new(f, r).unwrap());
            }
        }
        out
    }

    /// A small deterministic generator for occupancies (xorshift).
    fn occupancies<G: Geometry>(seed: u64, n: usize) -> Vec<Bitboard<G>> {
        let mut s = seed;
        let mut next = move || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        (0..n)
            .map(|i| {
                let raw = ((next() as u128) << 64) | next() as u128;
                // vary density: dense, medium, sparse
                let raw = match i % 3 {
                    0 => raw,
                    1 => raw & ((next() as u128) << 64 | next() as u128),
                    _ => raw & (next() as u128) & ((next() as u128) << 64 | next() as u128),
                };
                Bitboard::from_bits(<G::Bits as crate::geometry::BitStore>::from_u128(raw))
            })
            .collect()
    }

    fn check_shape<G: Geometry>(dir_sets: &[&[(i32, i32)]], leap_sets: &[&[(i32, i32)]]) {
        for dirs in dir_sets {
            let table = RayTable::<G>::new(dirs);
            let occs = occupancies::<G>(0x9E37_79B9_7F4A_7C15, 200);
            for sq in Square::<G>::all() {
                for &occ in occs.iter().chain([Bitboard::EMPTY, Bitboard::ALL].iter()) {
                    assert_eq!(
                        table.attacks(sq, occ),
                        slow_slide(sq, dirs, occ),
                        "{} {sq}",
                        G::NAME
                    );
                }
            }
        }
        for leaps in leap_sets {
            let table = LeaperTable::<G>::new(leaps);
            for sq in Square::<G>::all() {
                assert_eq!(table.get(sq), slow_leap(sq, leaps), "{} {sq}", G::NAME);
                assert!((table.get(sq) & !Bitboard::ALL).is_empty());
            }
        }
    }

    const FLEURBIC: [(i32, i32); 16] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
        (2, 0),
        (-2, 0),
        (0, 2),
        (0, -2),
        (2, 2),
        (2, -2),
        (-2, 2),
        (-2, -2),
    ];

    #[test]
    fn tables_match_the_slow_walker_on_every_shape() {
        let square_dirs: [&[(i32, i32)]; 3] = [&ROOK_DIRS, &BISHOP_DIRS, &KING_DIRS];
        let square_leaps: [&[(i32, i32)]; 3] = [&KNIGHT_LEAPS, &KING_DIRS, &FLEURBIC];
        check_shape::<Rect8x8>(&square_dirs, &square_leaps);
        check_shape::<Rect7x9>(&square_dirs, &square_leaps);
        check_shape::<TrubixBoard>(&square_dirs, &square_leaps);
        check_shape::<Hex91>(&[&HEX_ORTHOGONAL], &[&HEX_ORTHOGONAL, &HEX_DIAGONAL]);
    }

    #[test]
    fn sliders_stop_at_holes() {
        // Trubix: a rook-like slide from a3 northward meets the hole a4.
        let t = RayTable::<TrubixBoard>::new(&ROOK_DIRS);
        let a3 = Square::<TrubixBoard>::parse("a3").unwrap();
        let north = t.ray(a3, 2);
        assert!(north.is_empty(), "{north:?}");
        // Hex: from a1 the (+1,+1) ray runs a1-b2-…-k11? no: it stays on cells only.
        let h = RayTable::<Hex91>::new(&HEX_ORTHOGONAL);
        let a1 = Square::<Hex91>::parse("a1").unwrap();
        let names: Vec<String> = h.ray(a1, 3).iter().map(|s| s.name()).collect();
        assert_eq!(
            names,
            ["b2", "c3", "d4", "e5", "f6", "g7", "h8", "i9", "j10", "k11"]
        );
    }
}
