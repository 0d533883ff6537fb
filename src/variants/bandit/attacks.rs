//! Move tables for the 7×9 board on raw `u64`s (63 cells, row-major,
//! `index = row * 7 + file`). Every table is derived from the shared
//! coordinate walker ([`Square::offset`]), so nothing wraps around an edge.
//!
//! Sliders use the ray method: eight rays per square, the first blocker is
//! the lowest set bit on increasing rays and the highest on decreasing ones.
//! The outlaw's once-reflected diagonals (ruling B6) are precomputed as
//! ordered paths, walked until the first agent.

use crate::geometry::magic::{magic_table, subsets};
use crate::geometry::tables::{KING_DIRS, KNIGHT_LEAPS};
use crate::geometry::{Color, Rect7x9, Square};
#[cfg(test)]
use crate::rules::zobrist::splitmix64;
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
    /// Rook and bishop reach from each square on an empty board.
    pub rook_lines: [u64; N],
    pub bishop_lines: [u64; N],
    /// The orthogonal neighbours of each square (where an outlaw's victims start).
    pub orth_pairs: [u64; N],
    /// `outlaw_victims[sq]`: the set of the distance 1 and 2 cells of each
    /// orthogonal direction that stays on the board (B7), else
    /// [`NO_VICTIMS`], in the order of `RAY_DIRS`. Sets rather than cell
    /// indices: the capture test is then a few masks, with no shifts.
    pub outlaw_victims: [[u64; 4]; N],
    /// `rays[sq][d]` for the directions of `RAY_DIRS`.
    pub rays: [[u64; 8]; N],
    /// Cells strictly between two aligned squares (0 if not aligned).
    pub between: Box<[[u64; N]; N]>,
    /// `outlaw[sq][d]`: the reflected diagonal path in direction `d` (ruling B6).
    pub outlaw: [[Path; 4]; N],
    /// `reflect[sq][d]`: where the diagonal ray `4 + d` from `sq` meets the
    /// edge, and the ray direction it goes on in after reflecting (`NO_DIR`
    /// at a corner).
    pub reflect: [[(u8, u8); 4]; N],
    rook_magic: Vec<Magic>,
    bishop_magic: Vec<Magic>,
    slides: Vec<u64>,
}

/// The victim set of a direction that leaves the board: bit 63, a cell
/// that is never occupied, so the "both occupied" test always fails.
pub const NO_VICTIMS: u64 = 1 << 63;

/// No reflection (a corner).
pub const NO_DIR: u8 = 255;

/// One square's magic lookup: `slides[offset + ((occ & mask) * magic) >> shift]`.
struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
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

    /// Rook attacks by magic lookup (tested against the rays).
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.rook_magic[sq];
        self.slides[m.offset + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
    }

    /// Bishop attacks by magic lookup (tested against the rays).
    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.bishop_magic[sq];
        self.slides[m.offset + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize]
    }

    /// Cells an outlaw on `sq` can slide to (ruling B6): along each diagonal
    /// the empty cells up to the first agent (one bishop lookup for all
    /// four); if a diagonal is clear to the edge, the ray from the edge cell
    /// in the reflected direction too. Tested against walking
    /// [`outlaw_path`].
    #[inline]
    pub fn outlaw_slides(&self, sq: usize, occ: u64) -> u64 {
        let mut out = self.bishop(sq, occ);
        for d in 0..4 {
            if self.rays[sq][4 + d] & occ == 0 {
                let (edge, dir) = self.reflect[sq][d];
                if dir != NO_DIR {
                    out |= self.ray(edge as usize, dir as usize, occ);
                }
            }
        }
        out & !occ
    }

    /// Outlaw slides by walking the precomputed paths (the slow reference).
    #[cfg(test)]
    pub fn outlaw_slides_slow(&self, sq: usize, occ: u64) -> u64 {
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
            orth_pairs: [0; N],
            rook_lines: [0; N],
            bishop_lines: [0; N],
            outlaw_victims: [[NO_VICTIMS; 4]; N],
            pawn_capture: [[0; N]; 2],
            pawn_move: [[0; N]; 2],
            sergeant: [[0; N]; 2],
            rays: [[0; 8]; N],
            between: Box::new([[0; N]; N]),
            outlaw: [[Path {
                len: 0,
                cells: [0; PATH_MAX],
            }; 4]; N],
            reflect: [[(0, NO_DIR); 4]; N],
            rook_magic: Vec::new(),
            bishop_magic: Vec::new(),
            slides: Vec::new(),
        };
        for sq in Sq::all() {
            let i = sq.index();
            t.knight[i] = leaps(sq, &KNIGHT_LEAPS);
            t.king[i] = leaps(sq, &KING_DIRS);
            t.orth_pairs[i] = leaps(sq, &[(1, 0), (-1, 0), (0, 1), (0, -1)]);
            for (d, &(dx, dy)) in RAY_DIRS[..4].iter().enumerate() {
                if let (Some(near), Some(far)) = (sq.offset(dx, dy), sq.offset(2 * dx, 2 * dy)) {
                    t.outlaw_victims[i][d] = 1 << near.index() | 1 << far.index();
                }
            }
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
                // The edge cell this diagonal ends on, and the reflected direction.
                let mut edge = sq;
                while let Some(next) = edge.offset(dx, dy) {
                    edge = next;
                }
                let crosses_file = edge.offset(dx, 0).is_none();
                let crosses_rank = edge.offset(0, dy).is_none();
                let reflected = match (crosses_file, crosses_rank) {
                    (true, false) => (-dx, dy),
                    (false, true) => (dx, -dy),
                    _ => (0, 0),
                };
                let dir = RAY_DIRS
                    .iter()
                    .position(|&v| v == reflected)
                    .map_or(NO_DIR, |p| p as u8);
                t.reflect[i][d] = (edge.index() as u8, dir);
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
        for sq in 0..N {
            t.rook_lines[sq] = (0..4).fold(0, |a, d| a | t.rays[sq][d]);
            t.bishop_lines[sq] = (4..8).fold(0, |a, d| a | t.rays[sq][d]);
        }
        let rays = t.rays;
        t.rook_magic = build_magics(&rays, 0..4, &ROOK_MAGICS, &mut t.slides);
        t.bishop_magic = build_magics(&rays, 4..8, &BISHOP_MAGICS, &mut t.slides);
        t
    }
}

/// Rook magics per square, found by `geometry::magic::find_magic` from the seed in
/// `magics_are_reproducible`; building the tables only checks and fills them.
const ROOK_MAGICS: [u64; N] = [
    0x0100104802082000,
    0x0880004402001000,
    0x0400420040200420,
    0x8401008001010020,
    0xa100040021000200,
    0x2100040040002100,
    0x4100040008041100,
    0x0882000108021082,
    0x0001000100101004,
    0x0444010020100808,
    0x0222002080200800,
    0x000800200c022110,
    0x0208001501084200,
    0x0008008220104404,
    0x4002240008000820,
    0x4020020008080010,
    0x0001080101401000,
    0x0220020080100200,
    0x0002040080010002,
    0x118c200020240220,
    0x0400500020213048,
    0x4041000800200820,
    0x8800802400100800,
    0x0002004804008800,
    0x0488140802000400,
    0xba04001002020005,
    0x080440c004012101,
    0x0042012000220042,
    0x0100640210002000,
    0x1a01001020084010,
    0x0060012004000402,
    0x0404002220040008,
    0x2414042020042400,
    0x000480808005108a,
    0x5490205040001841,
    0x10a0840400a00011,
    0x00428001003000c0,
    0x0002010001a00800,
    0x4050008001200281,
    0x1420820042004008,
    0x0450415111000220,
    0x4010020804800108,
    0x0010829848004000,
    0x0109310002002001,
    0x00088000a0108010,
    0x0000400080204004,
    0x000c002080008010,
    0x0300400924820020,
    0x0004000404208004,
    0x0400880402200500,
    0x401800ac0440c200,
    0x8010280200042100,
    0x1020008809002280,
    0x0414004002010100,
    0x412180082a010400,
    0x1806020211008200,
    0xa0092104001c4001,
    0x0209001004040482,
    0x9008005110101004,
    0x0048010888008804,
    0x0114018045000082,
    0x0424004008250022,
    0x0100601008041084,
];

/// Bishop magics per square (see [`ROOK_MAGICS`]).
const BISHOP_MAGICS: [u64; N] = [
    0x008008134020c010,
    0x1114084020842102,
    0x0084104a30081020,
    0x0044281101000a00,
    0x6908404200100111,
    0x4024202404021208,
    0x0088222109002010,
    0x0000208040110400,
    0x0102148042200083,
    0x0018224410020200,
    0x1200205000680020,
    0x0900084c01800600,
    0x00000421086a0109,
    0x8020309080420001,
    0x0080004080102102,
    0x0020090048102400,
    0x4020001041082000,
    0x8068204024000800,
    0x2202008101110000,
    0x0808424040422084,
    0x0068402020440210,
    0x0042100100840a00,
    0x0e82044341020180,
    0x0116405080910810,
    0x0041020180400004,
    0x4250220804080043,
    0x1011080080240484,
    0x12041a0040120092,
    0x0008810002448500,
    0x1a10088149004020,
    0x0008010140800841,
    0x400a10020180405a,
    0x8922402000210100,
    0x00020810a0805000,
    0x0110026020048101,
    0x00042100e01a0100,
    0x0804028010020100,
    0x4000101020111200,
    0x0042024080041021,
    0x0d00504020240848,
    0x45500408800d0a08,
    0x0840200210002040,
    0xa804242090802000,
    0x8020024081200100,
    0x0044090182180400,
    0x2004080408400822,
    0x0c00060308104881,
    0x064010a104c02200,
    0x100a403560101200,
    0x0044901088810006,
    0x00400008122440a0,
    0x0402400409090042,
    0x0049201212810603,
    0x04c0c00431088402,
    0x0020012080520000,
    0x080840108105a000,
    0x440040a161008440,
    0x0000001192321000,
    0x0020000011825200,
    0x0010002001482400,
    0x2000000244114200,
    0x0400020084324100,
    0x8000010181360042,
];

/// Slow slide along the ray directions `dirs`, for filling the magic tables.
fn slow_slide(sq: usize, dirs: core::ops::Range<usize>, occ: u64) -> u64 {
    let mut out = 0;
    for d in dirs {
        let (dx, dy) = RAY_DIRS[d];
        let mut cur = Sq::from_index_unchecked(sq as u32);
        while let Some(next) = cur.offset(dx, dy) {
            out |= 1 << next.index();
            if occ & 1 << next.index() != 0 {
                break;
            }
            cur = next;
        }
    }
    out
}

/// The relevant occupancy of a slider on `sq` along `dirs` (each ray
/// without its last cell: nothing lies behind the edge), and every subset
/// of it with the attack set it gives.
fn occupancies(
    rays: &[[u64; 8]; N],
    sq: usize,
    dirs: core::ops::Range<usize>,
) -> (u64, Vec<(u64, u64)>) {
    let mut mask = 0u64;
    for d in dirs.clone() {
        let ray = rays[sq][d];
        if ray == 0 {
            continue;
        }
        let last = if d & 2 == 0 {
            63 - ray.leading_zeros()
        } else {
            ray.trailing_zeros()
        };
        mask |= ray & !(1u64 << last);
    }
    (mask, subsets(mask, |occ| slow_slide(sq, dirs.clone(), occ)))
}

/// Builds the magic lookups for the slider along `dirs` from known magics,
/// appending each square's table to `slides`.
fn build_magics(
    rays: &[[u64; 8]; N],
    dirs: core::ops::Range<usize>,
    magics: &[u64; N],
    slides: &mut Vec<u64>,
) -> Vec<Magic> {
    (0..N)
        .map(|sq| {
            let (mask, occs) = occupancies(rays, sq, dirs.clone());
            let bits = mask.count_ones();
            let table = magic_table(magics[sq], bits, &occs).expect("a valid magic");
            let offset = slides.len();
            slides.extend_from_slice(&table);
            Magic {
                mask,
                magic: magics[sq],
                shift: 64 - bits,
                offset,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::tables::{RayTable, BISHOP_DIRS, ROOK_DIRS};
    use crate::geometry::Bitboard;

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
                let ray_rook = (0..4).fold(0, |a, d| a | t.ray(sq.index(), d, occ));
                assert_eq!(t.rook(sq.index(), occ), ray_rook);
                assert_eq!(
                    t.outlaw_slides(sq.index(), occ),
                    t.outlaw_slides_slow(sq.index(), occ),
                    "{sq} {occ:x}"
                );
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

#[cfg(test)]
mod magic_tests {
    use super::*;
    use crate::geometry::magic::find_magic;

    /// The stored magics are what the seeded search finds.
    #[test]
    #[ignore = "a few seconds: reruns the magic search"]
    fn magics_are_reproducible() {
        let t = &*TABLES;
        let mut seed = 0x6261_6e64_6974_3739; // "bandit79"
        for (dirs, stored) in [(0..4, &ROOK_MAGICS), (4..8, &BISHOP_MAGICS)] {
            for (sq, &magic) in stored.iter().enumerate() {
                let (mask, occs) = occupancies(&t.rays, sq, dirs.clone());
                assert_eq!(
                    find_magic(mask, &occs, || splitmix64(&mut seed)),
                    magic,
                    "{sq}"
                );
            }
        }
    }
}
