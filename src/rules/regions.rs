//! Parts of a board the rules give a meaning to, as data a front end draws
//! (the web board shades them) without knowing any variant: named areas of
//! cells and the rivers that run between two rows.

use crate::geometry::{Geometry, Square};

/// The marked regions of a variant's board (see [`crate::rules::Position::regions`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regions<G: Geometry> {
    /// Named sets of cells, e.g. `("White's General area", cells)`.
    pub areas: Vec<(&'static str, Vec<Square<G>>)>,
    /// Rows `r` such that a river runs between row `r` and row `r + 1`.
    pub rivers_after_rows: Vec<u8>,
}

impl<G: Geometry> Default for Regions<G> {
    fn default() -> Self {
        Regions {
            areas: Vec::new(),
            rivers_after_rows: Vec::new(),
        }
    }
}
