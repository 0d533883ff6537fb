//! Attack tables for the 8×8 board on raw `u64`s: leaper tables from the
//! shared coordinate walker, and magic bitboards for sliders. The magics are
//! ours, found by a seeded search (`magics_are_reproducible` reruns it); they
//! are stored as constants because the search costs about 0.2 s, which every
//! chess command (and every timed perft run) would otherwise pay at start-up.
//!
//! Chess is our calibration variant against Stockfish, so its hot paths use
//! the fastest slider lookup there is for 64-cell boards; the generic
//! ray-table method of [`crate::geometry::tables`] is the reference the magic
//! tables are tested against.

use crate::geometry::magic::{magic_table, subsets};
use crate::geometry::tables::{
    LeaperTable, RayTable, BISHOP_DIRS, KING_DIRS, KNIGHT_LEAPS, ROOK_DIRS,
};
use crate::geometry::{Bitboard, Rect8x8, Square};
#[cfg(test)]
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
        let rook = build_magics(&ROOK_DIRS, &ROOK_MAGICS, &mut slides);
        let bishop = build_magics(&BISHOP_DIRS, &BISHOP_MAGICS, &mut slides);
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

/// Rook magics per square, found by `geometry::magic::find_magic` from the seed in
/// `magics_are_reproducible`; building the tables only checks and fills them.
const ROOK_MAGICS: [u64; 64] = [
    0x0080028035204000,
    0x4240100020034002,
    0x0080200010008009,
    0x0080100008008004,
    0x0600200200041008,
    0x8200041008020001,
    0x210010C401000200,
    0x0200004100902402,
    0x0001801220400080,
    0x2003400020005000,
    0x1601004100102000,
    0x0002801001812804,
    0xA089001100080104,
    0x2813800400801200,
    0x1060800100020080,
    0x0094800241000480,
    0x8180084004200049,
    0x0070808020004010,
    0x0220004010080041,
    0x0010004008040043,
    0x4208808008000400,
    0x1643010004000208,
    0x0000040001081002,
    0x0041020004104089,
    0x0040400080208000,
    0x5100200040100040,
    0x0040100080200080,
    0x0040080080100080,
    0x4400110100080004,
    0x000C000480260080,
    0x9080100400010208,
    0x2014044A00040091,
    0x0100400820800884,
    0x4000802000804000,
    0x0120081000802080,
    0x0000080080801000,
    0x1021021005000800,
    0x0002000802000590,
    0x0000800100800200,
    0x0008006082000104,
    0x0040208840048002,
    0xC51014482000C000,
    0x020E029020820041,
    0x1000100008008080,
    0x4D00080100850010,
    0x0022000408020010,
    0x9018014210040008,
    0x042A910080420024,
    0x06C8800100204500,
    0x0210044000200840,
    0x0020002410048080,
    0x0010040008004040,
    0x0881001004080100,
    0x2002000851840200,
    0x8001000200040100,
    0x0892800100006180,
    0x0002410084251202,
    0x00A02081004A0012,
    0x0409042000401009,
    0x02A2001004084022,
    0x0052002010848802,
    0x018A0010A1480402,
    0x100600240B00C802,
    0x0004010400402082,
];

/// Bishop magics per square (see [`ROOK_MAGICS`]).
const BISHOP_MAGICS: [u64; 64] = [
    0x8048080100420A00,
    0x001805044410C080,
    0x109000C200442000,
    0x80D1040088018480,
    0x00308820000A1000,
    0x0C0A011048491000,
    0x0000430821500008,
    0x0008804108200200,
    0x4029311010051040,
    0x0001E40404042820,
    0x0101040804B10040,
    0x0000040414800000,
    0x0042040420000000,
    0x0000010420040004,
    0x0000820814030804,
    0x0210002211042000,
    0x2144081021120408,
    0x4282000444044410,
    0x5008041010202020,
    0x0088019420202114,
    0x0602020402110000,
    0x2042040440422000,
    0x8008810208040202,
    0x20008408442C0100,
    0x00300A0240280120,
    0x0818241808108084,
    0x002422001C080A00,
    0x0136020020088008,
    0x8000820004010402,
    0x0102020210209000,
    0x0000848409080880,
    0x2080421800808400,
    0x4510038885105000,
    0x0008042400304136,
    0x2002020100020802,
    0x0480020080880080,
    0x1124110010440040,
    0x0008A09200090100,
    0x0404180220184124,
    0x1A04044080005400,
    0x0401090860804012,
    0xC000809008A0101C,
    0x0062001402010400,
    0x1000106011064804,
    0x6105202141402400,
    0x00C0100C10400420,
    0x4050440124000040,
    0x0101080202500088,
    0x0081081824041000,
    0x08002A0A10043C20,
    0x0001002209108160,
    0x0002102020881200,
    0x0C60401082021280,
    0x2809089010008908,
    0xC010251108120020,
    0x4084080808508420,
    0x0438110808040484,
    0x8014820104220210,
    0x0000020022111000,
    0x4144408430840400,
    0x2830004010202201,
    0x20C4804002141901,
    0x5420208801180084,
    0x1408681000404100,
];

/// The relevant occupancy of a slider on `sq` along `dirs`, and every subset
/// of it (carry-rippler order) with the attack set it gives.
fn occupancies(sq: Sq, dirs: &[(i32, i32)]) -> (u64, Vec<(u64, u64)>) {
    let mask = relevant_mask(sq, dirs);
    (mask, subsets(mask, |occ| slide(sq, dirs, occ)))
}

/// Builds the magic lookups for the slider along `dirs` from known magics,
/// appending each square's table to `slides`.
fn build_magics(dirs: &[(i32, i32)], magics: &[u64; 64], slides: &mut Vec<u64>) -> Vec<Magic> {
    Sq::all()
        .map(|sq| {
            let (mask, occs) = occupancies(sq, dirs);
            let bits = mask.count_ones();
            let magic = magics[sq.index()];
            let table = magic_table(magic, bits, &occs).expect("a valid magic");
            let offset = slides.len();
            slides.extend_from_slice(&table);
            Magic {
                mask,
                magic,
                shift: 64 - bits,
                offset,
            }
        })
        .collect()
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

#[cfg(test)]
mod magic_tests {
    use super::*;
    use crate::geometry::magic::find_magic;

    /// The stored magics are what the seeded search finds.
    #[test]
    #[ignore = "a few seconds: reruns the magic search"]
    fn magics_are_reproducible() {
        let mut seed = 0x6D65_6E61_6765_7269; // "menageri"
        for (dirs, stored) in [(&ROOK_DIRS, &ROOK_MAGICS), (&BISHOP_DIRS, &BISHOP_MAGICS)] {
            for sq in Sq::all() {
                let (mask, occs) = occupancies(sq, dirs);
                assert_eq!(
                    find_magic(mask, &occs, || splitmix64(&mut seed)),
                    stored[sq.index()],
                    "{sq}"
                );
            }
        }
    }
}
