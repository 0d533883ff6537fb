//! Attack tables for the 8×8 board on raw `u64`s: leaper tables from the
//! shared coordinate walker, and magic bitboards for sliders (the magics are
//! found at first use by a seeded search, so they are ours and deterministic).
//!
//! Chess is our calibration variant against Stockfish, so its hot paths use
//! the fastest slider lookup there is for 64-cell boards; the generic
//! ray-table method of [`crate::geometry::tables`] is the reference the magic
//! tables are tested against.

use crate::geometry::tables::{
    LeaperTable, RayTable, BISHOP_DIRS, KING_DIRS, KNIGHT_LEAPS, ROOK_DIRS,
};
use crate::geometry::{Bitboard, Rect8x8, Square};
use crate::rules::zobrist::splitmix64;
use once_cell::sync::Lazy;

type Sq = Square<Rect8x8>;

struct Magic {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Every table chess move generation reads.
pub struct Tables {
    pub knight: [u64; 64],
    pub king: [u64; 64],
    /// `pawn[color][sq]`: squares a pawn of that colour on `sq` attacks.
    pub pawn: [[u64; 64]; 2],
    /// Squares strictly between two aligned squares (0 if not aligned).
    pub between: Box<[[u64; 64]; 64]>,
    /// The whole line through two aligned squares (0 if not aligned).
    pub line: Box<[[u64; 64]; 64]>,
    rook: Vec<Magic>,
    bishop: Vec<Magic>,
    slides: Vec<u64>,
}

pub static TABLES: Lazy<Tables> = Lazy::new(Tables::build);

impl Tables {
    #[inline(always)]
    pub fn rook(&self, sq: usize, occ: u64) -> u64 {
        // SAFETY-free indexing: the index is < 2^(64-shift) by construction.
        let m = &self.rook[sq];
        self.slides[m.offset + (((occ & m.mask).wrapping_mul(m.magic)) >> m.shift) as usize]
    }

    #[inline(always)]
    pub fn bishop(&self, sq: usize, occ: u64) -> u64 {
        let m = &self.bishop[sq];
        self.slides[m.offset + (((occ & m.mask).wrapping_mul(m.magic)) >> m.shift) as usize]
    }

    fn build() -> Tables {
        let knight_t = LeaperTable::<Rect8x8>::new(&KNIGHT_LEAPS);
        let king_t = LeaperTable::<Rect8x8>::new(&KING_DIRS);
        let white_pawn = LeaperTable::<Rect8x8>::new(&[(-1, 1), (1, 1)]);
        let black_pawn = LeaperTable::<Rect8x8>::new(&[(-1, -1), (1, -1)]);
        let mut knight = [0; 64];
        let mut king = [0; 64];
        let mut pawn = [[0; 64]; 2];
        for sq in Sq::all() {
            knight[sq.index()] = knight_t.get(sq).bits();
            king[sq.index()] = king_t.get(sq).bits();
            pawn[0][sq.index()] = white_pawn.get(sq).bits();
            pawn[1][sq.index()] = black_pawn.get(sq).bits();
        }
        let rays = RayTable::<Rect8x8>::new(&KING_DIRS);
        let mut between = Box::new([[0u64; 64]; 64]);
        let mut line = Box::new([[0u64; 64]; 64]);
        for a in Sq::all() {
            for d in 0..8 {
                let ray = rays.ray(a, d);
                let opposite = d ^ 1; // KING_DIRS lists each direction next to its reverse
                let full = ray | rays.ray(a, opposite) | Bitboard::from_square(a);
                for b in ray {
                    between[a.index()][b.index()] =
                        (ray & !rays.ray(b, d) & !Bitboard::from_square(b)).bits();
                    line[a.index()][b.index()] = full.bits();
                }
            }
        }
        let mut slides = Vec::new();
        let mut seed = 0x6D65_6E61_6765_7269; // "menageri"
        let rook = find_magics(&ROOK_DIRS, &mut slides, &mut seed);
        let bishop = find_magics(&BISHOP_DIRS, &mut slides, &mut seed);
        Tables {
            knight,
            king,
            pawn,
            between,
            line,
            rook,
            bishop,
            slides,
        }
    }
}

/// Slow slide used to fill the magic tables.
fn slide(sq: Sq, dirs: &[(i32, i32)], occ: u64) -> u64 {
    let mut out = 0;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = cur.offset(dx, dy) {
            out |= 1u64 << n.index();
            if occ & (1u64 << n.index()) != 0 {
                break;
            }
            cur = n;
        }
    }
    out
}

/// Relevant occupancy: each ray without its last cell (the edge never blocks
/// anything behind it).
fn relevant_mask(sq: Sq, dirs: &[(i32, i32)]) -> u64 {
    let mut out = 0;
    for &(dx, dy) in dirs {
        let mut cur = sq;
        while let Some(n) = cur.offset(dx, dy) {
            if n.offset(dx, dy).is_none() {
                break;
            }
            out |= 1u64 << n.index();
            cur = n;
        }
    }
    out
}

fn find_magics(dirs: &[(i32, i32)], slides: &mut Vec<u64>, seed: &mut u64) -> Vec<Magic> {
    let mut magics = Vec::with_capacity(64);
    for sq in Sq::all() {
        let mask = relevant_mask(sq, dirs);
        let bits = mask.count_ones();
        let shift = 64 - bits;
        // Every subset of the mask (carry-rippler) with its attack set.
        let mut occs = Vec::with_capacity(1 << bits);
        let mut sub = 0u64;
        loop {
            occs.push((sub, slide(sq, dirs, sub)));
            sub = sub.wrapping_sub(mask) & mask;
            if sub == 0 {
                break;
            }
        }
        let size = 1usize << bits;
        let mut table = vec![0u64; size];
        let mut used = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            let candidate = splitmix64(seed) & splitmix64(seed) & splitmix64(seed);
            if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
                continue;
            }
            attempt += 1;
            let ok = occs.iter().all(|&(occ, att)| {
                let idx = (occ.wrapping_mul(candidate) >> shift) as usize;
                if used[idx] != attempt {
                    used[idx] = attempt;
                    table[idx] = att;
                    true
                } else {
                    table[idx] == att
                }
            });
            if ok {
                break candidate;
            }
        };
        let offset = slides.len();
        slides.extend_from_slice(&table);
        magics.push(Magic {
            mask,
            magic,
            shift,
            offset,
        });
    }
    magics
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn magic_sliders_match_ray_tables() {
        let t = &*TABLES;
        let rook = RayTable::<Rect8x8>::new(&ROOK_DIRS);
        let bishop = RayTable::<Rect8x8>::new(&BISHOP_DIRS);
        let mut s = 12345u64;
        for sq in Sq::all() {
            for i in 0..300 {
                let mut occ = splitmix64(&mut s) & splitmix64(&mut s);
                if i % 2 == 0 {
                    occ &= splitmix64(&mut s);
                }
                let bb = Bitboard::<Rect8x8>::from_bits(occ);
                assert_eq!(t.rook(sq.index(), occ), rook.attacks(sq, bb).bits());
                assert_eq!(t.bishop(sq.index(), occ), bishop.attacks(sq, bb).bits());
            }
        }
    }

    #[test]
    fn between_and_line() {
        let t = &*TABLES;
        let sq = |s: &str| Sq::parse(s).unwrap().index();
        assert_eq!(
            t.between[sq("a1")][sq("d4")],
            (1 << sq("b2")) | (1 << sq("c3"))
        );
        assert_eq!(t.between[sq("a1")][sq("b3")], 0);
        assert_eq!(t.line[sq("a1")][sq("c3")].count_ones(), 8);
        assert_eq!(t.between[sq("e1")][sq("e8")].count_ones(), 6);
    }
}
