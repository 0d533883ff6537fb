//! The four board shapes the variants use.

use super::Geometry;

/// Cells of a full `w × h` rectangle.
const fn full_rect(w: u32, h: u32) -> u128 {
    let n = w * h;
    if n == 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// Orthodox 8×8 board: chess and Fugue.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect8x8;

impl Geometry for Rect8x8 {
    type Bits = u64;
    const WIDTH: u8 = 8;
    const HEIGHT: u8 = 8;
    const FIRST_RANK: u8 = 1;
    const CELLS: u64 = full_rect(8, 8) as u64;
    const NAME: &'static str = "8x8";
}

/// 7 files × 9 ranks: Bandit Chess.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Rect7x9;

impl Geometry for Rect7x9 {
    type Bits = u64;
    const WIDTH: u8 = 7;
    const HEIGHT: u8 = 9;
    const FIRST_RANK: u8 = 1;
    const CELLS: u64 = full_rect(7, 9) as u64;
    const NAME: &'static str = "7x9";
}

/// Trubix's 41 cells in a 5×11 box, ranks numbered 0–10 (`docs/rules/trubix.md`):
/// rank 0 and 10 hold only the c-file, ranks 4–6 only b–d, the rest a–e.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TrubixBoard;

const fn trubix_cells() -> u64 {
    let mut cells = 0u64;
    let mut row = 0;
    while row < 11 {
        let (lo, hi) = match row {
            0 | 10 => (2, 2),
            4..=6 => (1, 3),
            _ => (0, 4),
        };
        let mut file = lo;
        while file <= hi {
            cells |= 1 << (row * 5 + file);
            file += 1;
        }
        row += 1;
    }
    cells
}

impl Geometry for TrubixBoard {
    type Bits = u64;
    const WIDTH: u8 = 5;
    const HEIGHT: u8 = 11;
    const FIRST_RANK: u8 = 0;
    const CELLS: u64 = trubix_cells();
    const NAME: &'static str = "trubix41";
}

/// Trebuqi's 91-cell hexagon on an 11×11 axial grid (ruling Q2): rank `n`
/// (1–11) holds files `max(0, n−6) ..= min(10, n+4)`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Hex91;

const fn hex_cells() -> u128 {
    let mut cells = 0u128;
    let mut row: i32 = 0;
    while row < 11 {
        let n = row + 1;
        let lo = if n - 6 > 0 { n - 6 } else { 0 };
        let hi = if n + 4 < 10 { n + 4 } else { 10 };
        let mut file = lo;
        while file <= hi {
            cells |= 1u128 << (row * 11 + file);
            file += 1;
        }
        row += 1;
    }
    cells
}

impl Geometry for Hex91 {
    type Bits = u128;
    const WIDTH: u8 = 11;
    const HEIGHT: u8 = 11;
    const FIRST_RANK: u8 = 1;
    const CELLS: u128 = hex_cells();
    const NAME: &'static str = "hex91";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Bitboard, Square};

    #[test]
    fn cell_counts() {
        assert_eq!(Bitboard::<Rect8x8>::ALL.count(), 64);
        assert_eq!(Bitboard::<Rect7x9>::ALL.count(), 63);
        assert_eq!(Bitboard::<TrubixBoard>::ALL.count(), 41);
        assert_eq!(Bitboard::<Hex91>::ALL.count(), 91);
    }

    #[test]
    fn trubix_names_and_holes() {
        let names: Vec<String> = Square::<TrubixBoard>::all().map(|s| s.name()).collect();
        assert_eq!(names.first().unwrap(), "c0");
        assert_eq!(names.last().unwrap(), "c10");
        assert!(Square::<TrubixBoard>::parse("a4").is_none(), "a4 is a hole");
        assert!(Square::<TrubixBoard>::parse("b4").is_some());
        assert!(Square::<TrubixBoard>::parse("a0").is_none());
        assert!(Square::<TrubixBoard>::parse("c11").is_none());
        assert!(Square::<TrubixBoard>::parse("c01").is_none());
        assert_eq!(Square::<TrubixBoard>::parse("c10").unwrap().row(), 10);
    }

    #[test]
    fn hex_ranks_match_ruling_q2() {
        // Rank lengths 6,7,8,9,10,11,10,9,8,7,6; rank 1 is a1–f1, rank 11 is f11–k11.
        let lens: Vec<u32> = (0..11)
            .map(|r| (0..11).filter(|&f| Hex91::has_cell(f, r)).count() as u32)
            .collect();
        assert_eq!(lens, [6, 7, 8, 9, 10, 11, 10, 9, 8, 7, 6]);
        for name in ["a1", "f1", "a6", "k6", "f11", "k11"] {
            assert!(Square::<Hex91>::parse(name).is_some(), "{name}");
        }
        for name in ["g1", "e11", "l6"] {
            assert!(Square::<Hex91>::parse(name).is_none(), "{name}");
        }
    }

    #[test]
    fn eight_by_eight_names() {
        let a1 = Square::<Rect8x8>::parse("a1").unwrap();
        let h8 = Square::<Rect8x8>::parse("h8").unwrap();
        assert_eq!((a1.index(), h8.index()), (0, 63));
        assert_eq!(a1.rotate(), Some(h8));
        assert!(Square::<Rect7x9>::parse("g9").is_some());
        assert!(Square::<Rect7x9>::parse("h1").is_none());
    }
}
