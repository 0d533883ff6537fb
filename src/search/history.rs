//! What a search thread learns about moves as it goes, for ordering and
//! reductions: killers, counter moves, and four history tables.
//!
//! Every table is keyed by [`MoveKey`] (the moving piece's kind and its
//! landing cell), not by a move's bits: "a knight to f3" is the same idea in
//! every position where a knight can go to f3, whatever the bits of the move
//! that does it. The tables are sized per variant from its number of piece
//! kinds and the cells of its board's bounding box.
//!
//! - `quiet` (the main history): by side, for quiet moves;
//! - `capture`: by side, for noisy moves (added to the victim's value);
//! - `continuation`: by the move one ply back (the opponent's reply) and two
//!   plies back (our own previous move), then the move itself: "after that
//!   move, this one tends to work"; with `cont_history_4` also by our move
//!   before that, four plies back (a table of its own, allocated when first
//!   taught);
//! - `counter`: the quiet move that last refuted the opponent's move;
//! - `low_ply`: by distance from the root (the first [`LOW_PLIES`]), for
//!   quiet moves, cleared at every search: near the root the same few
//!   positions are searched again each iteration, so what refuted a move
//!   there is worth more than the game-long average of the main history;
//! - `structure`: by the node's structure (a bucket of
//!   `Evaluate::correction_key`: the pawns in chess) and side, for quiet
//!   moves: a plan that works against one pawn structure (a knight to the
//!   hole in it) tends to work in its other positions, and not in others.
//!
//! Updates use the usual gravity formula, so a value moves towards ±`MAX`
//! by a share of the bonus and never leaves that range.

use super::score::MAX_PLY;
use crate::geometry::{Color, Geometry};
use crate::rules::{Evaluate, GameMove, MoveKey};

/// History values stay inside ±`MAX`.
pub(crate) const MAX: i32 = 16_384;

/// Plies from the root that keep a low-ply history.
pub(crate) const LOW_PLIES: usize = 4;

/// Structures the structure history tells apart (a power of two: the
/// structure key's low bits pick one; two structures may share a bucket).
pub(crate) const STRUCTURES: usize = 512;

/// A node's bucket of the structure history.
#[inline]
pub(crate) fn structure_bucket(key: u64) -> usize {
    key as usize & (STRUCTURES - 1)
}

/// The number of distinct keys of a variant and how a key is folded into
/// one index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct KeySpace {
    cells: usize,
    count: usize,
}

impl KeySpace {
    pub fn of<P: Evaluate>() -> Self {
        let cells = (<P::Geo as Geometry>::WIDTH * <P::Geo as Geometry>::HEIGHT) as usize;
        debug_assert!(cells <= MoveKey::CELLS && P::PIECE_KINDS <= MoveKey::KINDS);
        KeySpace {
            cells,
            count: P::PIECE_KINDS * cells,
        }
    }

    /// The number of keys (every index is below it).
    pub fn count(self) -> usize {
        self.count
    }

    /// A space of `kinds` piece kinds on `cells` cells (for tests).
    #[cfg(test)]
    pub fn with(kinds: usize, cells: usize) -> Self {
        KeySpace {
            cells,
            count: kinds * cells,
        }
    }

    #[inline]
    pub fn index(self, k: MoveKey) -> usize {
        (k.piece as usize * self.cells + k.to as usize).min(self.count - 1)
    }
}

/// A move's key, folded (what the search stack remembers of a move).
pub(crate) type Key = u16;

#[inline]
fn gravity(e: &mut i16, bonus: i32) {
    let bonus = bonus.clamp(-MAX, MAX);
    let v = *e as i32;
    *e = (v + bonus - v * bonus.abs() / MAX) as i16;
}

/// The keys of the moves one, two and four plies back (`None` above the
/// root, after a null move, and four plies back unless `cont_history_4`).
pub(crate) type PrevKeys = [Option<Key>; 3];

pub(crate) struct Histories<M> {
    space: KeySpace,
    quiet: Vec<i16>,
    capture: Vec<i16>,
    /// `[distance - 1][side][previous key][key]`, distance 1 or 2.
    continuation: Vec<i16>,
    /// `[side][key four plies back][key]`; empty until first taught, so a
    /// search without `cont_history_4` neither allocates nor clears it.
    continuation4: Vec<i16>,
    /// `[side][opponent's key]`.
    counter: Vec<Option<M>>,
    /// `[ply][key]`, ply below `LOW_PLIES`.
    low_ply: Vec<i16>,
    /// `[structure bucket][side][key]`; empty until first taught, so a
    /// search that leaves the table out neither allocates nor clears it.
    structure: Vec<i16>,
    killers: Vec<[Option<M>; 2]>,
}

impl<M: GameMove> Histories<M> {
    pub fn new(space: KeySpace) -> Self {
        let n = space.count;
        Histories {
            space,
            quiet: vec![0; 2 * n],
            capture: vec![0; 2 * n],
            continuation: vec![0; 4 * n * n],
            continuation4: Vec::new(),
            counter: vec![None; 2 * n],
            low_ply: vec![0; LOW_PLIES * n],
            structure: Vec::new(),
            killers: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    pub fn clear(&mut self) {
        *self = Self::new(self.space);
    }

    pub fn space(&self) -> KeySpace {
        self.space
    }

    #[inline]
    fn side_index(&self, side: Color, key: Key) -> usize {
        side.index() * self.space.count + key as usize
    }

    #[inline]
    fn cont_index(&self, distance: usize, side: Color, prev: Key, key: Key) -> usize {
        let n = self.space.count;
        (((distance - 1) * 2 + side.index()) * n + prev as usize) * n + key as usize
    }

    #[inline]
    pub fn quiet(&self, side: Color, key: Key) -> i32 {
        self.quiet[self.side_index(side, key)] as i32
    }

    #[inline]
    pub fn capture(&self, side: Color, key: Key) -> i32 {
        self.capture[self.side_index(side, key)] as i32
    }

    #[inline]
    fn cont4_index(&self, side: Color, prev: Key, key: Key) -> usize {
        let n = self.space.count;
        (side.index() * n + prev as usize) * n + key as usize
    }

    /// The continuation history of `key` after the moves `prev` (one, two
    /// and four plies back; `None` for a null move, before the root, or
    /// four back when that table is left out).
    #[inline]
    pub fn continuation(&self, side: Color, prev: PrevKeys, key: Key) -> i32 {
        let mut sum = 0;
        for (d, p) in prev[..2].iter().enumerate() {
            if let Some(p) = *p {
                sum += self.continuation[self.cont_index(d + 1, side, p, key)] as i32;
            }
        }
        if let Some(p) = prev[2] {
            let i = self.cont4_index(side, p, key);
            sum += self.continuation4.get(i).map_or(0, |&v| v as i32);
        }
        sum
    }

    /// Main plus continuation history: how good a quiet move looks.
    #[inline]
    pub fn quiet_score(&self, side: Color, prev: PrevKeys, key: Key) -> i32 {
        self.quiet(side, key) + self.continuation(side, prev, key)
    }

    /// Teaches the main history alone (no continuation).
    pub fn update_main(&mut self, side: Color, key: Key, bonus: i32) {
        let i = self.side_index(side, key);
        gravity(&mut self.quiet[i], bonus);
    }

    pub fn update_quiet(&mut self, side: Color, prev: PrevKeys, key: Key, bonus: i32) {
        self.update_main(side, key, bonus);
        for (d, p) in prev[..2].iter().enumerate() {
            if let Some(p) = *p {
                let i = self.cont_index(d + 1, side, p, key);
                gravity(&mut self.continuation[i], bonus);
            }
        }
        if let Some(p) = prev[2] {
            if self.continuation4.is_empty() {
                let n = self.space.count;
                self.continuation4 = vec![0; 2 * n * n];
            }
            let i = self.cont4_index(side, p, key);
            gravity(&mut self.continuation4[i], bonus);
        }
    }

    /// The low-ply history of `key` at `ply` (`None`, or a ply beyond
    /// `LOW_PLIES`: 0).
    #[inline]
    pub fn low_ply(&self, ply: Option<usize>, key: Key) -> i32 {
        match ply {
            Some(p) if p < LOW_PLIES => self.low_ply[p * self.space.count + key as usize] as i32,
            _ => 0,
        }
    }

    pub fn update_low_ply(&mut self, ply: usize, key: Key, bonus: i32) {
        if ply < LOW_PLIES {
            let i = ply * self.space.count + key as usize;
            gravity(&mut self.low_ply[i], bonus);
        }
    }

    /// A new search: the root has changed, so has every low ply.
    pub fn clear_low_ply(&mut self) {
        self.low_ply.fill(0);
    }

    #[inline]
    fn structure_index(&self, bucket: usize, side: Color, key: Key) -> usize {
        (bucket * 2 + side.index()) * self.space.count + key as usize
    }

    /// The structure history of `key` for `side` in the structure `bucket`
    /// (`None`: the variant names no structure, or the search leaves the
    /// table out: 0).
    #[inline]
    pub fn structure(&self, bucket: Option<usize>, side: Color, key: Key) -> i32 {
        bucket.map_or(0, |b| {
            let i = self.structure_index(b, side, key);
            self.structure.get(i).map_or(0, |&v| v as i32)
        })
    }

    pub fn update_structure(&mut self, bucket: usize, side: Color, key: Key, bonus: i32) {
        if self.structure.is_empty() {
            self.structure = vec![0; STRUCTURES * 2 * self.space.count];
        }
        let i = self.structure_index(bucket, side, key);
        gravity(&mut self.structure[i], bonus);
    }

    pub fn update_capture(&mut self, side: Color, key: Key, bonus: i32) {
        let i = self.side_index(side, key);
        gravity(&mut self.capture[i], bonus);
    }

    #[inline]
    pub fn counter(&self, side: Color, prev: Option<Key>) -> Option<M> {
        prev.and_then(|p| self.counter[self.side_index(side, p)])
    }

    pub fn set_counter(&mut self, side: Color, prev: Option<Key>, m: M) {
        if let Some(p) = prev {
            let i = self.side_index(side, p);
            self.counter[i] = Some(m);
        }
    }

    #[inline]
    pub fn killers(&self, ply: usize) -> [Option<M>; 2] {
        self.killers[ply]
    }

    pub fn add_killer(&mut self, ply: usize, m: M) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }

    /// Killers two plies down belong to a sibling subtree: forget them when a
    /// node starts its moves.
    pub fn clear_killers(&mut self, ply: usize) {
        if ply < self.killers.len() {
            self.killers[ply] = [None; 2];
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gravity_keeps_values_in_range() {
        let mut e = 0i16;
        for _ in 0..10_000 {
            gravity(&mut e, 5_000);
            assert!((e as i32) <= MAX);
        }
        for _ in 0..10_000 {
            gravity(&mut e, -40_000);
            assert!((e as i32) >= -MAX);
        }
    }

    /// The low-ply history is per ply (a bonus at ply 1 is not seen at ply
    /// 0 or 2), reads 0 beyond its plies and without a ply, ignores updates
    /// there, and a new search clears it while the main history stays.
    #[test]
    fn low_ply_history_is_per_ply_and_cleared_by_a_new_search() {
        let mut h: Histories<crate::variants::chess::ChessMove> =
            Histories::new(KeySpace::with(3, 10));
        h.update_low_ply(1, 7, 800);
        h.update_quiet(Color::White, [None, None, None], 7, 800);
        assert!(h.low_ply(Some(1), 7) > 0);
        assert_eq!(h.low_ply(Some(0), 7), 0);
        assert_eq!(h.low_ply(Some(2), 7), 0);
        assert_eq!(h.low_ply(None, 7), 0);
        h.update_low_ply(LOW_PLIES, 7, 800);
        assert_eq!(h.low_ply(Some(LOW_PLIES), 7), 0);
        h.update_low_ply(LOW_PLIES - 1, 29, -300);
        assert!(h.low_ply(Some(LOW_PLIES - 1), 29) < 0);
        h.clear_low_ply();
        assert_eq!(h.low_ply(Some(1), 7), 0);
        assert_eq!(h.low_ply(Some(LOW_PLIES - 1), 29), 0);
        assert!(h.quiet(Color::White, 7) > 0);
    }

    /// The structure history reads 0 before it is first taught, is per
    /// bucket and per side, reads 0 without a bucket, and only the whole
    /// clear (a new game) forgets it.
    #[test]
    fn structure_history_is_per_bucket_and_side() {
        let mut h: Histories<crate::variants::chess::ChessMove> =
            Histories::new(KeySpace::with(3, 10));
        let b = structure_bucket(0xdead_beef);
        assert!(b < STRUCTURES);
        // Read before anything is taught (the table is not yet allocated).
        assert_eq!(h.structure(Some(b), Color::Black, 7), 0);
        h.update_structure(b, Color::Black, 7, 900);
        assert!(h.structure(Some(b), Color::Black, 7) > 0);
        assert_eq!(h.structure(Some(b), Color::White, 7), 0);
        assert_eq!(h.structure(Some((b + 1) % STRUCTURES), Color::Black, 7), 0);
        assert_eq!(h.structure(Some(b), Color::Black, 8), 0);
        assert_eq!(h.structure(None, Color::Black, 7), 0);
        h.update_structure(STRUCTURES - 1, Color::White, 29, -400);
        assert!(h.structure(Some(STRUCTURES - 1), Color::White, 29) < 0);
        h.clear_low_ply();
        assert!(h.structure(Some(b), Color::Black, 7) > 0);
        h.clear();
        assert_eq!(h.structure(Some(b), Color::Black, 7), 0);
    }

    /// The continuation history four plies back reads 0 before it is first
    /// taught and without a key four plies back; it is its own table (not
    /// the one or two plies back), per side and previous key, and only the
    /// whole clear forgets it.
    #[test]
    fn continuation_four_plies_back_is_its_own_table() {
        let mut h: Histories<crate::variants::chess::ChessMove> =
            Histories::new(KeySpace::with(3, 10));
        let four = [None, None, Some(5)];
        assert_eq!(h.continuation(Color::White, four, 7), 0);
        h.update_quiet(Color::White, four, 7, 900);
        let taught = h.continuation(Color::White, four, 7);
        assert!(taught > 0);
        assert_eq!(
            h.quiet_score(Color::White, four, 7),
            h.quiet(Color::White, 7) + taught
        );
        assert_eq!(h.continuation(Color::White, [None, None, None], 7), 0);
        assert_eq!(h.continuation(Color::White, [Some(5), Some(5), None], 7), 0);
        assert_eq!(h.continuation(Color::Black, four, 7), 0);
        assert_eq!(h.continuation(Color::White, [None, None, Some(6)], 7), 0);
        // One and two plies back add to it.
        h.update_quiet(Color::White, [Some(5), None, None], 7, 900);
        assert!(h.continuation(Color::White, [Some(5), None, Some(5)], 7) > taught);
        h.clear_low_ply();
        assert_eq!(h.continuation(Color::White, four, 7), taught);
        h.clear();
        assert_eq!(h.continuation(Color::White, four, 7), 0);
    }
}
