//! Move tables for the 91-cell hexagon, on raw `u128` grid sets (index =
//! `row * 11 + file`). Every entry comes from the shared coordinate walker
//! ([`Square::offset`] through the `geometry::tables` builders), so a step off
//! the hexagon simply is not there.
//!
//! Sliders (Rook, Cannon) use the ray method: along each of the six
//! orthogonals the grid index changes by a constant (`+1`, `-1`, `+11`, `+12`,
//! `-11`, `-12`), so the first piece on a ray is the lowest set bit of
//! `ray & occupied` for the three increasing directions and the highest for the
//! three decreasing ones.

use crate::geometry::tables::{LeaperTable, RayTable, HEX_DIAGONAL, HEX_ORTHOGONAL};
use crate::geometry::{Hex91, Square};
use once_cell::sync::Lazy;

type Sq = Square<Hex91>;

/// Cells of the 11×11 box.
pub const BOX: usize = 121;

/// Whether orthogonal direction `d` (in [`HEX_ORTHOGONAL`] order) increases the
/// grid index: (1,0), (0,1) and (1,1) do.
pub const INCREASING: [bool; 6] = [true, false, true, true, false, false];

/// Rows (0-based) of White's own area (ranks 1–4), the middle (ranks 5–7) and
/// Black's own area (ranks 8–11).
pub const WHITE_AREA: u128 = rows(0, 3);
pub const MIDDLE: u128 = rows(4, 6);
pub const BLACK_AREA: u128 = rows(7, 10);

/// Every box cell of rows `lo..=hi` (holes included; always ANDed with cells).
const fn rows(lo: u32, hi: u32) -> u128 {
    let mut m = 0u128;
    let mut r = lo;
    while r <= hi {
        m |= ((1u128 << 11) - 1) << (r * 11);
        r += 1;
    }
    m
}

/// Where a General of each colour may stand: its own area (it never crosses its
/// near River).
pub const GENERAL_ZONE: [u128; 2] = [WHITE_AREA, BLACK_AREA];
/// Where a Trebuchet of each colour may stand: never past its far River.
pub const TREBUCHET_ZONE: [u128; 2] = [WHITE_AREA | MIDDLE, MIDDLE | BLACK_AREA];
/// Beyond each colour's far River: a Point standing here also steps sideways.
pub const BEYOND_FAR_RIVER: [u128; 2] = [BLACK_AREA, WHITE_AREA];
/// Behind each colour's Point start rank (rank 4 for White, rank 8 for Black):
/// a Point never moves back, so it can never stand here.
pub const BEHIND_POINT_START: [u128; 2] = [rows(0, 2), rows(8, 10)];

/// A Point's forward steps per colour (White's two forward orthogonals; Black's
/// are their mirror image under ruling Q2's map).
pub const POINT_FORWARD: [[(i32, i32); 2]; 2] = [[(0, 1), (1, 1)], [(0, -1), (-1, -1)]];
/// The sideways steps a Point gains beyond its far River.
pub const POINT_SIDEWAYS: [(i32, i32); 2] = [(1, 0), (-1, 0)];

/// A blockable fixed-distance step: it lands on `target` if every cell of
/// `between` is empty. `target == 0` means the step leaves the board.
#[derive(Clone, Copy, Default)]
pub struct Step {
    pub between: u128,
    pub target: u128,
}

/// Every table Trebuqi's move generation reads.
pub struct Tables {
    /// `ray[sq][d]`: the cells along orthogonal `d` from `sq`, origin excluded.
    pub ray: [[u128; 6]; BOX],
    /// Orthogonal neighbours of each cell.
    pub orth1: [u128; BOX],
    /// Cells two orthogonal steps away (the Vicbaba's two-step targets).
    pub orth2: [u128; BOX],
    /// The six diagonal neighbours (the Vicbaba's unblockable step).
    pub diag: [u128; BOX],
    /// `general[color][sq]`: one orthogonal step, staying in the own area.
    pub general: [[u128; BOX]; 2],
    /// `vic2[sq][d]`: the two-cell orthogonal step of a Vicbaba.
    pub vic2: [[Step; 6]; BOX],
    /// `treb[color][sq][d]`: the three-cell orthogonal step of a Trebuchet, with
    /// targets past the colour's far River removed.
    pub treb: [[[Step; 6]; BOX]; 2],
    /// `point[color][sq]`: a Point's moves (forward; sideways beyond its far River).
    pub point: [[u128; BOX]; 2],
    /// `point_attackers[color][sq]`: the cells from which a Point of `color`
    /// attacks `sq` (the inverse of `point`).
    pub point_attackers: [[u128; BOX]; 2],
    /// `line_dir[a][b]`: the orthogonal direction from `a` whose ray holds `b`,
    /// or [`NO_LINE`].
    pub line_dir: [[u8; BOX]; BOX],
}

/// `line_dir` entry for two cells on no common orthogonal line.
pub const NO_LINE: u8 = 255;

pub static TABLES: Lazy<Box<Tables>> = Lazy::new(build);

/// `BITS[i] == 1 << i`: a load is cheaper than a variable `u128` shift.
static BITS: [u128; 128] = {
    let mut b = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = 1u128 << i;
        i += 1;
    }
    b
};

/// `FROM_BIT[i]`: every bit from `i` up (a load instead of a variable shift).
static FROM_BIT: [u128; 128] = {
    let mut b = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = !0u128 << i;
        i += 1;
    }
    b
};

/// The set holding only grid index `i` (`i < 128`).
#[inline(always)]
pub fn bit(i: usize) -> u128 {
    BITS[i & 127]
}

/// The grid index change of one step along each orthogonal direction.
pub const DELTA: [isize; 6] = [1, -1, 11, 12, -11, -12];

fn walk(sq: Sq, dx: i32, dy: i32, n: i32) -> Option<Sq> {
    let mut cur = sq;
    for _ in 0..n {
        cur = cur.offset(dx, dy)?;
    }
    Some(cur)
}

fn build() -> Box<Tables> {
    let mut t = Box::new(Tables {
        ray: [[0; 6]; BOX],
        orth1: [0; BOX],
        orth2: [0; BOX],
        diag: [0; BOX],
        general: [[0; BOX]; 2],
        vic2: [[Step::default(); 6]; BOX],
        treb: [[[Step::default(); 6]; BOX]; 2],
        point: [[0; BOX]; 2],
        point_attackers: [[0; BOX]; 2],
        line_dir: [[NO_LINE; BOX]; BOX],
    });
    let rays = RayTable::<Hex91>::new(&HEX_ORTHOGONAL);
    let orth = LeaperTable::<Hex91>::new(&HEX_ORTHOGONAL);
    let diag = LeaperTable::<Hex91>::new(&HEX_DIAGONAL);
    for sq in Sq::all() {
        let i = sq.index();
        t.orth1[i] = orth.get(sq).bits();
        t.diag[i] = diag.get(sq).bits();
        for (d, &(dx, dy)) in HEX_ORTHOGONAL.iter().enumerate() {
            t.ray[i][d] = rays.ray(sq, d).bits();
            for b in rays.ray(sq, d) {
                t.line_dir[i][b.index()] = d as u8;
            }
            let one = walk(sq, dx, dy, 1).map_or(0, |s| bit(s.index()));
            let two = walk(sq, dx, dy, 2).map_or(0, |s| bit(s.index()));
            let three = walk(sq, dx, dy, 3).map_or(0, |s| bit(s.index()));
            if two != 0 {
                t.orth2[i] |= two;
                t.vic2[i][d] = Step {
                    between: one,
                    target: two,
                };
            }
            for (c, zone) in TREBUCHET_ZONE.iter().enumerate() {
                if three & zone != 0 {
                    t.treb[c][i][d] = Step {
                        between: one | two,
                        target: three,
                    };
                }
            }
        }
        for c in 0..2 {
            t.general[c][i] = t.orth1[i] & GENERAL_ZONE[c];
            let mut p = 0;
            for &(dx, dy) in &POINT_FORWARD[c] {
                p |= sq.offset(dx, dy).map_or(0, |s| bit(s.index()));
            }
            if bit(i) & BEYOND_FAR_RIVER[c] != 0 {
                for &(dx, dy) in &POINT_SIDEWAYS {
                    p |= sq.offset(dx, dy).map_or(0, |s| bit(s.index()));
                }
            }
            t.point[c][i] = p;
        }
    }
    for sq in Sq::all() {
        for c in 0..2 {
            let mut targets = t.point[c][sq.index()];
            while targets != 0 {
                let to = targets.trailing_zeros() as usize;
                targets &= targets - 1;
                t.point_attackers[c][to] |= bit(sq.index());
            }
        }
    }
    t
}

/// The first occupied cell of `hits` (a non-empty part of one ray in direction `d`).
#[inline(always)]
pub fn first(hits: u128, d: usize) -> usize {
    if INCREASING[d] {
        hits.trailing_zeros() as usize
    } else {
        127 - hits.leading_zeros() as usize
    }
}

/// All ones if `blockers` is empty, else zero (branch-free step tests).
#[inline(always)]
fn open_mask(blockers: u128) -> u128 {
    ((blockers == 0) as u128).wrapping_neg()
}

impl Tables {
    /// Cells a Rook on `sq` reaches with occupancy `occ` (including the first
    /// piece on each ray, whatever its colour).
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u128) -> u128 {
        let mut out = 0;
        for d in 0..6 {
            out |= self.ray_attack(sq, d, occ);
        }
        out
    }

    /// The cells along ray `d` from `sq` up to and including the first piece,
    /// branch-free: for an increasing ray `hits ^ (hits - 1)` keeps every bit up
    /// to the lowest hit (everything when there is none); for a decreasing one,
    /// every bit from the highest hit up, where the extra bit 0 (the lowest cell
    /// there is) stands in for "no hit" and then keeps the whole ray.
    #[inline(always)]
    pub fn ray_attack(&self, sq: usize, d: usize, occ: u128) -> u128 {
        let ray = self.ray[sq][d];
        let hits = ray & occ;
        if INCREASING[d] {
            ray & (hits ^ hits.wrapping_sub(1))
        } else {
            let top = 127 - (hits | 1).leading_zeros() as usize;
            ray & FROM_BIT[top]
        }
    }

    /// The cells a Cannon on `sq` could capture on (the first piece beyond
    /// exactly one screen on each ray, whatever its colour).
    #[inline(always)]
    pub fn cannon_hits(&self, sq: usize, occ: u128) -> u128 {
        let mut out = 0;
        for d in 0..6 {
            let hits = self.ray[sq][d] & occ;
            if hits != 0 {
                let beyond = self.ray[first(hits, d)][d] & occ;
                if beyond != 0 {
                    out |= bit(first(beyond, d));
                }
            }
        }
        out
    }

    /// The three-cell steps of a Trebuchet of colour `c` on `sq`.
    #[inline(always)]
    pub fn trebuchet(&self, c: usize, sq: usize, occ: u128) -> u128 {
        let mut out = 0;
        for s in &self.treb[c][sq] {
            out |= s.target & open_mask(s.between & occ);
        }
        out
    }

    /// A Vicbaba's moves from `sq`: the diagonal step, and the orthogonal
    /// two-step whose middle cell is empty.
    #[inline(always)]
    pub fn vicbaba(&self, sq: usize, occ: u128) -> u128 {
        let mut out = self.diag[sq];
        for s in &self.vic2[sq] {
            out |= s.target & open_mask(s.between & occ);
        }
        out
    }
}
