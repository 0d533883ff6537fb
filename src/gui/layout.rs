//! The board's picture computed from the geometry, never drawn per variant:
//! where each existing cell sits, what shape it has, where the coordinates
//! go, and which regions the rules mark. The page only draws what this says,
//! so a new board shape needs nothing in the JavaScript.
//!
//! Units: one cell is 1 wide. Square boards put cell (file, row) at
//! (file, row). The hexagon (a board whose cell (f, r) touches (f+1, r+1),
//! Trebuqi's axial grid, ruling Q2) puts it at (file − row/2, row·√3/2):
//! pointy-top hexagons whose centres are 1 apart, ranks horizontal. `y`
//! grows upwards (White at the bottom); the page flips it for SVG.

use crate::geometry::{Geometry, Hex91, Square};
use crate::rules::{Evaluate, Position};
use crate::variants::{dispatch, VariantVisitor};
use serde::Serialize;
use std::any::TypeId;

/// One cell of the board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Cell {
    pub name: String,
    pub x: f64,
    pub y: f64,
    /// Light or dark, for square boards (hexagons use three shades).
    pub shade: u8,
}

/// A coordinate label (file letter or rank number) at a point.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Label {
    pub text: String,
    pub x: f64,
    pub y: f64,
}

/// A named area, drawn as shaded cells.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Area {
    pub name: String,
    pub cells: Vec<String>,
}

/// A river: a line between two rows, from (x1, y) to (x2, y).
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct River {
    pub x1: f64,
    pub x2: f64,
    pub y: f64,
}

/// Everything the page needs to draw an empty board.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Layout {
    /// "square" or "hex": the cell outline.
    pub cell: &'static str,
    pub cells: Vec<Cell>,
    pub labels: Vec<Label>,
    pub areas: Vec<Area>,
    pub rivers: Vec<River>,
}

const HEX_ROW: f64 = 0.866_025_403_784_438_6; // √3 / 2

/// The layout of variant `name`'s board (None for an unknown name).
pub fn layout(name: &str) -> Option<Layout> {
    struct Make;
    impl VariantVisitor for Make {
        type Output = Layout;
        fn visit<P: Position + Evaluate>(self) -> Layout {
            of::<P>()
        }
    }
    dispatch(name, Make).ok()
}

/// Whether the geometry is the hexagon (its cells are hexagons).
fn is_hex<G: Geometry>() -> bool {
    TypeId::of::<G>() == TypeId::of::<Hex91>()
}

/// The centre of grid point (file, row), which need not be a cell.
fn centre<G: Geometry>(file: i32, row: i32) -> (f64, f64) {
    if is_hex::<G>() {
        (file as f64 - row as f64 / 2.0, row as f64 * HEX_ROW)
    } else {
        (file as f64, row as f64)
    }
}

/// The layout of `P`'s board.
pub fn of<P: Position>() -> Layout {
    let hex = is_hex::<P::Geo>();
    let cells: Vec<Cell> = Square::<P::Geo>::all()
        .map(|s| {
            let (x, y) = centre::<P::Geo>(s.file() as i32, s.row() as i32);
            // Hexagons in three shades so that no two neighbours match;
            // squares light and dark as on a chessboard.
            let shade = if hex {
                ((s.file() as i32 - 2 * s.row() as i32).rem_euclid(3)) as u8
            } else {
                (s.file() + s.row() + 1) % 2
            };
            Cell {
                name: s.name(),
                x,
                y,
                shade,
            }
        })
        .collect();
    let w = <P::Geo as Geometry>::WIDTH as i32;
    let h = <P::Geo as Geometry>::HEIGHT as i32;
    let first = <P::Geo as Geometry>::FIRST_RANK as i32;
    let mut labels = Vec::new();
    // A file's letter one step below its lowest cell along the file (on the
    // hexagon the files run up and to the left); square boards keep all
    // letters on one line below the box.
    for f in 0..w {
        let Some(low) = (0..h).find(|&r| P::Geo::has_cell(f, r)) else {
            continue;
        };
        let row = if hex { low - 1 } else { -1 };
        let (x, y) = centre::<P::Geo>(f, row);
        labels.push(Label {
            text: ((b'a' + f as u8) as char).to_string(),
            x,
            y: if hex { y + 0.25 } else { y + 0.3 },
        });
    }
    // A rank's number left of its first cell (one column left of the box on
    // square boards).
    for r in 0..h {
        let Some(low) = (0..w).find(|&f| P::Geo::has_cell(f, r)) else {
            continue;
        };
        let file = if hex { low - 1 } else { -1 };
        let (x, y) = centre::<P::Geo>(file, r);
        labels.push(Label {
            text: (r + first).to_string(),
            x: x + 0.3,
            y,
        });
    }
    let regions = P::regions();
    let areas = regions
        .areas
        .iter()
        .map(|(name, cells)| Area {
            name: name.to_string(),
            cells: cells.iter().map(|s| s.name()).collect(),
        })
        .collect();
    // A river spans the cells of the two rows it separates, drawn halfway.
    let rivers = regions
        .rivers_after_rows
        .iter()
        .map(|&r| {
            let near: Vec<&Cell> = cells
                .iter()
                .filter(|c| {
                    let (_, y0) = centre::<P::Geo>(0, r as i32);
                    let (_, y1) = centre::<P::Geo>(0, r as i32 + 1);
                    (c.y - y0).abs() < 1e-9 || (c.y - y1).abs() < 1e-9
                })
                .collect();
            let lo = near.iter().map(|c| c.x).fold(f64::INFINITY, f64::min);
            let hi = near.iter().map(|c| c.x).fold(f64::NEG_INFINITY, f64::max);
            let (_, y0) = centre::<P::Geo>(0, r as i32);
            let (_, y1) = centre::<P::Geo>(0, r as i32 + 1);
            River {
                x1: lo - 0.5,
                x2: hi + 0.5,
                y: (y0 + y1) / 2.0,
            }
        })
        .collect();
    Layout {
        cell: if hex { "hex" } else { "square" },
        cells,
        labels,
        areas,
        rivers,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cell_counts_and_shapes() {
        for (name, n, cell) in [
            ("chess", 64, "square"),
            ("trubix", 41, "square"),
            ("bandit", 63, "square"),
            ("fugue", 64, "square"),
            ("trebuqi", 91, "hex"),
            ("trebuqi3", 91, "hex"),
        ] {
            let l = layout(name).unwrap();
            assert_eq!((l.cells.len(), l.cell), (n, cell), "{name}");
        }
        assert!(layout("nosuch").is_none());
    }

    #[test]
    fn hexagon_neighbours_are_one_apart_and_regions_marked() {
        let l = layout("trebuqi").unwrap();
        let at = |n: &str| l.cells.iter().find(|c| c.name == n).unwrap().clone();
        let d = |a: &Cell, b: &Cell| ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt();
        // The six neighbours of f6: e6, g6, f5, f7, e5, g7.
        let f6 = at("f6");
        for n in ["e6", "g6", "f5", "f7", "e5", "g7"] {
            assert!((d(&f6, &at(n)) - 1.0).abs() < 1e-9, "{n}");
        }
        assert_eq!(l.rivers.len(), 2);
        assert_eq!(l.areas.len(), 2);
        // White's area is ranks 1-4: 6 + 7 + 8 + 9 cells.
        assert_eq!(l.areas[0].cells.len(), 30);
        // Neighbouring hexagons never share a shade.
        assert_ne!(at("f6").shade, at("g7").shade);
        assert_ne!(at("f6").shade, at("f7").shade);
        assert_ne!(at("f6").shade, at("g6").shade);
        assert!(layout("chess").unwrap().rivers.is_empty());
    }
}
