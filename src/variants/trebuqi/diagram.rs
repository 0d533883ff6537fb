//! The text diagram of a Trebuqi position, drawn as the hexagon it is.
//!
//! Each rank is a row of cells sharing edges; a cell of rank `n + 1` sits
//! between two cells of rank `n`, so each rank is shifted half a cell against
//! its neighbours. Cells are four characters apart and a half-cell is two, so
//! grid cell (file `i`, row `r`) is drawn at column `4i − 2r + 10` after the
//! rank label: ranks 1 and 11 start ten columns in, rank 6 at the margin. The
//! rank number is on the left and the rank's first and last cells on the right
//! (file letters run along each rank); the Rivers are marked between ranks.

use super::Trebuqi;
use crate::geometry::{Geometry, Hex91, Square};
use crate::rules::Position;

/// Where the legend starts, after the widest rank.
const LEGEND_COLUMN: usize = 48;

pub(super) fn draw<const RULE: u8>(pos: &Trebuqi<RULE>) -> String {
    let mut out = String::new();
    for row in (0..Hex91::HEIGHT as i32).rev() {
        let cells: Vec<Square<Hex91>> = (0..Hex91::WIDTH as i32)
            .filter_map(|f| Square::new(f, row))
            .collect();
        let (Some(lo), Some(hi)) = (cells.first(), cells.last()) else {
            continue;
        };
        let mut line = format!("{:>2}  ", row + 1);
        let indent = (4 * lo.file() as i32 - 2 * row + 10).max(0) as usize;
        line.push_str(&" ".repeat(indent));
        for sq in &cells {
            line.push(pos.piece_char(*sq).unwrap_or('.'));
            line.push_str("   ");
        }
        let line = line.trim_end();
        out.push_str(&format!(
            "{line:<LEGEND_COLUMN$}{}-{}\n",
            lo.name(),
            hi.name()
        ));
        // Rivers lie between ranks 7|8 and 4|5.
        if row == 7 || row == 4 {
            out.push_str("    ~~~~~~~~~~~~~~~~~~~~~~ River ~~~~~~~~~~~~~~~~~~~~~~\n");
        }
    }
    out.push_str(&format!(
        "{} to move ({})\n",
        pos.side_to_move().name(),
        Trebuqi::<RULE>::NAME
    ));
    out
}
