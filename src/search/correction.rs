//! Correction history: what the searches below a node taught about the
//! static evaluation's error in positions that share a structure (in chess,
//! the same pawns), added to the evaluation of later nodes with that
//! structure.
//!
//! An evaluation tends to be wrong the same way in positions that share a
//! structure it judges badly (a pawn chain that walls a bishop in, a passed
//! pawn it underrates), and the search finds that out over and over. Each
//! node whose search gives an exact enough score, out of check and not
//! decided by a capture, moves its structure's entry towards the difference
//! between that score and the node's static evaluation; every later static
//! evaluation of the structure adds the entry. The variant names the
//! structure through `Evaluate::correction_key`; variants that name none
//! are searched exactly as without this table.

use crate::geometry::Color;

/// Entries per side (a power of two: the key's low bits index it).
const ENTRIES: usize = 16_384;
/// An entry counts in 1/GRAIN of the evaluation's unit, so that a small
/// weight still moves it.
const GRAIN: i32 = 256;
/// The weights of an update are out of this.
const WEIGHT_SCALE: i32 = 256;
/// The heaviest an update can weigh (at depth 15 and deeper).
const MAX_WEIGHT: i32 = 16;

/// One side-to-move table of evaluation corrections, per search thread.
pub(crate) struct Correction {
    table: Vec<i32>,
}

impl Correction {
    pub fn new() -> Self {
        Correction {
            table: vec![0; 2 * ENTRIES],
        }
    }

    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// `raw` (the static evaluation, side to move's view) corrected by what
    /// the structure `key` has taught; `raw` itself without a key.
    #[inline]
    pub fn corrected(&self, side: Color, key: Option<u64>, raw: i32) -> i32 {
        match key {
            Some(k) => raw + self.table[Self::index(side, k)] / GRAIN,
            None => raw,
        }
    }

    /// Moves the entry of `key` towards `error` (a search score less the
    /// corrected static evaluation), weighted by the search's `depth`, and
    /// keeps it within `limit` (`Params::correction_max`; 0 switches the
    /// correction off).
    pub fn update(&mut self, side: Color, key: u64, error: i32, depth: i32, limit: i32) {
        let w = (depth + 1).clamp(1, MAX_WEIGHT);
        let error = error.clamp(-limit, limit);
        let e = &mut self.table[Self::index(side, key)];
        let moved = (*e * (WEIGHT_SCALE - w) + error * GRAIN * w) / WEIGHT_SCALE;
        *e = moved.clamp(-limit * GRAIN, limit * GRAIN);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_pull_the_entry_their_way_within_the_limit() {
        let mut c = Correction::new();
        let (w, b) = (Color::White, Color::Black);
        assert_eq!(c.corrected(w, Some(7), 30), 30);
        for _ in 0..200 {
            c.update(w, 7, 40, 10, 128);
        }
        // Converges on the error, one side and one key only.
        let v = c.corrected(w, Some(7), 30);
        assert!((68..=70).contains(&v), "{v}");
        assert_eq!(c.corrected(b, Some(7), 30), 30);
        assert_eq!(c.corrected(w, Some(8), 30), 30);
        assert_eq!(c.corrected(w, None, 30), 30);
        // Large errors stop at the limit; a limit of 0 undoes it all.
        for _ in 0..400 {
            c.update(w, 7, -5000, 20, 128);
        }
        let v = c.corrected(w, Some(7), 0);
        assert!((-128..=-126).contains(&v), "{v}");
        c.update(w, 7, 300, 5, 0);
        assert_eq!(c.corrected(w, Some(7), 0), 0);
        // A shallow search moves it less than a deep one.
        let (mut shallow, mut deep) = (Correction::new(), Correction::new());
        shallow.update(w, 1, 100, 1, 128);
        deep.update(w, 1, 100, 12, 128);
        assert!(shallow.corrected(w, Some(1), 0) < deep.corrected(w, Some(1), 0));
    }
}
