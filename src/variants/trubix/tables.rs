//! Move and attack tables for the 41-cell board, on raw `u64`s (55-cell box,
//! `index = row * 5 + file`). Every entry is derived from the shared coordinate
//! walker (`LeaperTable`, `RayTable`), so a step onto a hole or off the box is
//! simply absent and a queen's ray ends at the first hole.

use crate::geometry::tables::{LeaperTable, RayTable, KING_DIRS, KNIGHT_LEAPS};
use crate::geometry::{Color, TrubixBoard};
use once_cell::sync::Lazy;

use super::Sq;

/// Cells in the bounding box.
pub const BOX: usize = 55;

/// The 41 cells.
pub const CELLS: u64 = <TrubixBoard as crate::geometry::Geometry>::CELLS;

/// The Fleurbic's sixteen leaps: one or two steps in any of the eight directions.
pub const FLEURBIC_LEAPS: [(i32, i32); 16] = [
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

/// The woozan's captures (T2): one step diagonally forward or backward, the
/// same four for both colours.
pub const WOOZAN_CAPTURES: [(i32, i32); 4] = [(1, 1), (-1, 1), (1, -1), (-1, -1)];

/// The "X" pairs of T4 (either colour, both ways, non-capturing).
pub const X_MOVES: [(&str, &str); 4] = [("a3", "b4"), ("e3", "d4"), ("a7", "b6"), ("e7", "d6")];

/// The one-way "Z" moves of T5, per colour (non-capturing).
pub const Z_MOVES: [[(&str, &str); 4]; 2] = [
    [("a8", "b9"), ("e8", "d9"), ("b9", "c10"), ("d9", "c10")],
    [("a2", "b1"), ("e2", "d1"), ("b1", "c0"), ("d1", "c0")],
];

/// The initial double steps of T3: (from, middle, to), White then Black.
pub const DOUBLE_STEPS: [(&str, &str, &str); 10] = [
    ("a2", "a3", "b4"),
    ("b2", "b3", "b4"),
    ("c2", "c3", "c4"),
    ("d2", "d3", "d4"),
    ("e2", "e3", "d4"),
    ("a8", "a7", "b6"),
    ("b8", "b7", "b6"),
    ("c8", "c7", "c6"),
    ("d8", "d7", "d6"),
    ("e8", "e7", "d6"),
];

/// Every table Trubix move generation reads.
pub struct Tables {
    pub king: [u64; BOX],
    pub knight: [u64; BOX],
    pub fleurbic: [u64; BOX],
    /// Diagonal neighbours: woozan captures, hence also woozan attacks (T2).
    pub woozan_capture: [u64; BOX],
    /// `woozan_quiet[color][sq]`: straight steps (T2), X moves (T4) and that
    /// colour's Z moves (T5); all need an empty target.
    pub woozan_quiet: [[u64; BOX]; 2],
    /// `double[sq]`: (middle, target) bits of the T3 double step from `sq`, or 0s.
    pub double: [(u64, u64); BOX],
    /// Queen rays, `rays[sq][d]` for the directions of `KING_DIRS`.
    rays: [[u64; 8]; BOX],
    /// Every cell a queen on `sq` sees on an empty board.
    pub queen_empty: [u64; BOX],
    /// Cells strictly between two cells on a queen line (0 otherwise).
    pub between: [[u64; BOX]; BOX],
}

/// Whether direction `d` of `KING_DIRS` raises the index (first blocker = lsb).
const INCREASING: [bool; 8] = {
    let mut inc = [false; 8];
    let mut d = 0;
    while d < 8 {
        inc[d] = KING_DIRS[d].0 + KING_DIRS[d].1 * 5 > 0;
        d += 1;
    }
    inc
};

pub static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

#[inline(always)]
pub const fn bit(sq: usize) -> u64 {
    1u64 << sq
}

fn sq(name: &str) -> usize {
    Sq::parse(name).expect("a cell name").index()
}

impl Tables {
    /// Cells a queen on `sq` attacks with occupancy `occ`: along each ray up to
    /// and including the first occupied cell.
    #[inline(always)]
    pub fn queen(&self, sq: usize, occ: u64) -> u64 {
        let rays = &self.rays[sq];
        let mut out = 0;
        for d in 0..8 {
            let ray = rays[d];
            let hits = ray & occ;
            out |= if hits == 0 {
                ray
            } else {
                let b = if INCREASING[d] {
                    hits.trailing_zeros()
                } else {
                    63 - hits.leading_zeros()
                };
                ray ^ self.rays[b as usize][d]
            };
        }
        out
    }

    fn build() -> Tables {
        let to_array = |t: &LeaperTable<TrubixBoard>| {
            let mut a = [0u64; BOX];
            for s in Sq::all() {
                a[s.index()] = t.get(s).bits();
            }
            a
        };
        let king = to_array(&LeaperTable::new(&KING_DIRS));
        let knight = to_array(&LeaperTable::new(&KNIGHT_LEAPS));
        let fleurbic = to_array(&LeaperTable::new(&FLEURBIC_LEAPS));
        let woozan_capture = to_array(&LeaperTable::new(&WOOZAN_CAPTURES));
        let straight = to_array(&LeaperTable::new(&[(0, 1), (0, -1)]));
        let mut woozan_quiet = [straight; 2];
        for color in Color::ALL {
            let q = &mut woozan_quiet[color.index()];
            for &(a, b) in &X_MOVES {
                q[sq(a)] |= bit(sq(b));
                q[sq(b)] |= bit(sq(a));
            }
            for &(a, b) in &Z_MOVES[color.index()] {
                q[sq(a)] |= bit(sq(b));
            }
        }
        let mut double = [(0u64, 0u64); BOX];
        for &(from, mid, to) in &DOUBLE_STEPS {
            double[sq(from)] = (bit(sq(mid)), bit(sq(to)));
        }
        let ray_table = RayTable::<TrubixBoard>::new(&KING_DIRS);
        let mut rays = [[0u64; 8]; BOX];
        let mut queen_empty = [0u64; BOX];
        let mut between = [[0u64; BOX]; BOX];
        for a in Sq::all() {
            for (d, slot) in rays[a.index()].iter_mut().enumerate() {
                let ray = ray_table.ray(a, d);
                *slot = ray.bits();
                queen_empty[a.index()] |= ray.bits();
                for b in ray {
                    between[a.index()][b.index()] =
                        (ray & !ray_table.ray(b, d)).bits() & !bit(b.index());
                }
            }
        }
        Tables {
            king,
            knight,
            fleurbic,
            woozan_capture,
            woozan_quiet,
            double,
            rays,
            queen_empty,
            between,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Bitboard;
    use crate::rules::zobrist::splitmix64;

    #[test]
    fn queen_and_between_match_the_ray_table() {
        let t = &*TABLES;
        let rays = RayTable::<TrubixBoard>::new(&KING_DIRS);
        let mut s = 7u64;
        for a in Sq::all() {
            for i in 0..400 {
                let mut occ = splitmix64(&mut s) & CELLS;
                if i % 2 == 0 {
                    occ &= splitmix64(&mut s);
                }
                let bb = Bitboard::<TrubixBoard>::from_bits(occ);
                assert_eq!(t.queen(a.index(), occ), rays.attacks(a, bb).bits(), "{a}");
            }
            for b in Sq::all() {
                // Between, by walking: the cells passed on the way from a to b.
                let mut expect = 0;
                for &(dx, dy) in &KING_DIRS {
                    let (mut cur, mut passed) = (a, 0u64);
                    while let Some(next) = cur.offset(dx, dy) {
                        if next == b {
                            expect = passed;
                            break;
                        }
                        passed |= bit(next.index());
                        cur = next;
                    }
                }
                assert_eq!(t.between[a.index()][b.index()], expect, "{a} {b}");
            }
        }
        let sq = |n: &str| Sq::parse(n).unwrap().index();
        assert_eq!(t.between[sq("c0")][sq("c10")].count_ones(), 9);
        assert_eq!(
            t.between[sq("a3")][sq("e7")],
            bit(sq("b4")) | bit(sq("c5")) | bit(sq("d6"))
        );
        assert_eq!(t.between[sq("a3")][sq("a7")], 0, "a4-a6 are holes");
    }
}
