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
//!
//! A second table needs nothing from the variant: the continuation
//! correction, keyed by the last two moves (each a piece kind and its landing
//! cell, as the continuation history keys them). An evaluation is often
//! wrong the same way after the same pair of moves (a threat the reply set
//! up, a piece that just landed where the evaluation misjudges it), in any
//! game. It learns and corrects as the structure table does, within its own
//! limit (`Params::cont_correction_max`; 0, the default, leaves it out).

use super::history::{Key, KeySpace};
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

/// The two moves that led to a node (two plies back, then one), as the
/// continuation correction keys it.
pub(crate) type MovePair = (Key, Key);

/// The side-to-move tables of evaluation corrections, per search thread.
pub(crate) struct Correction {
    /// `[side][structure key's low bits]`.
    table: Vec<i32>,
    /// `[side][move two plies back][move one ply back]`.
    continuation: Vec<i32>,
    /// Keys of the variant's moves (`KeySpace::count`).
    keys: usize,
}

/// Moves `e` towards `error`, weighted by the search's `depth`, and keeps it
/// within `limit`.
#[inline]
fn pull(e: &mut i32, error: i32, depth: i32, limit: i32) {
    let w = (depth + 1).clamp(1, MAX_WEIGHT);
    let error = error.clamp(-limit, limit);
    let moved = (*e * (WEIGHT_SCALE - w) + error * GRAIN * w) / WEIGHT_SCALE;
    *e = moved.clamp(-limit * GRAIN, limit * GRAIN);
}

impl Correction {
    pub fn new(space: KeySpace) -> Self {
        let keys = space.count();
        Correction {
            table: vec![0; 2 * ENTRIES],
            continuation: vec![0; 2 * keys * keys],
            keys,
        }
    }

    #[inline]
    fn index(side: Color, key: u64) -> usize {
        side.index() * ENTRIES + (key as usize & (ENTRIES - 1))
    }

    /// Forgets everything learnt (a new game), keeping the memory.
    pub fn clear(&mut self) {
        self.table.fill(0);
        self.continuation.fill(0);
    }

    #[inline]
    fn pair_index(&self, side: Color, (two, one): MovePair) -> usize {
        (side.index() * self.keys + two as usize) * self.keys + one as usize
    }

    /// `raw` (the static evaluation, side to move's view) corrected by what
    /// the structure `key` and the move pair `moves` have taught; `raw`
    /// itself without either.
    #[inline]
    pub fn corrected(
        &self,
        side: Color,
        key: Option<u64>,
        moves: Option<MovePair>,
        raw: i32,
    ) -> i32 {
        let by_structure = key.map_or(0, |k| self.table[Self::index(side, k)]);
        let by_moves = moves.map_or(0, |m| self.continuation[self.pair_index(side, m)]);
        raw + (by_structure + by_moves) / GRAIN
    }

    /// Moves the entries of `key` and of `moves` towards `error` (a search
    /// score less the corrected static evaluation), weighted by the search's
    /// `depth`, and keeps each within its limit (`Params::correction_max`
    /// and `cont_correction_max`; 0 switches a table off).
    pub fn update(
        &mut self,
        side: Color,
        (key, moves): (Option<u64>, Option<MovePair>),
        error: i32,
        depth: i32,
        (limit, cont_limit): (i32, i32),
    ) {
        if let Some(k) = key {
            pull(&mut self.table[Self::index(side, k)], error, depth, limit);
        }
        if let Some(m) = moves {
            let i = self.pair_index(side, m);
            pull(&mut self.continuation[i], error, depth, cont_limit);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A key space of 3 piece kinds on an 8 by 8 box (192 keys).
    fn space() -> KeySpace {
        KeySpace::with(3, 64)
    }

    #[test]
    fn errors_pull_the_entry_their_way_within_the_limit() {
        let mut c = Correction::new(space());
        let (w, b) = (Color::White, Color::Black);
        let limits = (128, 0);
        assert_eq!(c.corrected(w, Some(7), None, 30), 30);
        for _ in 0..200 {
            c.update(w, (Some(7), None), 40, 10, limits);
        }
        // Converges on the error, one side and one key only.
        let v = c.corrected(w, Some(7), None, 30);
        assert!((68..=70).contains(&v), "{v}");
        assert_eq!(c.corrected(b, Some(7), None, 30), 30);
        assert_eq!(c.corrected(w, Some(8), None, 30), 30);
        assert_eq!(c.corrected(w, None, None, 30), 30);
        // Large errors stop at the limit; a limit of 0 undoes it all.
        for _ in 0..400 {
            c.update(w, (Some(7), None), -5000, 20, limits);
        }
        let v = c.corrected(w, Some(7), None, 0);
        assert!((-128..=-126).contains(&v), "{v}");
        c.update(w, (Some(7), None), 300, 5, (0, 0));
        assert_eq!(c.corrected(w, Some(7), None, 0), 0);
        // A shallow search moves it less than a deep one.
        let (mut shallow, mut deep) = (Correction::new(space()), Correction::new(space()));
        shallow.update(w, (Some(1), None), 100, 1, limits);
        deep.update(w, (Some(1), None), 100, 12, limits);
        assert!(shallow.corrected(w, Some(1), None, 0) < deep.corrected(w, Some(1), None, 0));
    }

    /// The move-pair table learns apart from the structure table, for its
    /// own pair, side and order of moves, within its own limit; the two
    /// corrections add up.
    #[test]
    fn the_move_pair_table_learns_its_pair_only() {
        let mut c = Correction::new(space());
        let (w, b) = (Color::White, Color::Black);
        let pair = (5, 191);
        for _ in 0..300 {
            c.update(w, (None, Some(pair)), 90, 12, (128, 64));
        }
        let v = c.corrected(w, None, Some(pair), 10);
        assert!((72..=74).contains(&v), "{v}");
        assert_eq!(c.corrected(w, None, Some((191, 5)), 10), 10);
        assert_eq!(c.corrected(b, None, Some(pair), 10), 10);
        assert_eq!(c.corrected(w, Some(3), None, 10), 10);
        for _ in 0..300 {
            c.update(w, (Some(3), None), -20, 12, (128, 64));
        }
        let both = c.corrected(w, Some(3), Some(pair), 10);
        assert!((52..=56).contains(&both), "{both}");
        // A limit of 0 empties the pair's entry and leaves the structure's.
        c.update(w, (Some(3), Some(pair)), -20, 12, (128, 0));
        assert_eq!(c.corrected(w, None, Some(pair), 10), 10);
        assert!(c.corrected(w, Some(3), None, 10) < 0);
    }
}
