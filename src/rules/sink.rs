//! Where a move generator puts its moves: a [`MoveList`] that stores them, or
//! a [`MoveCount`] that only counts them (perft's last ply, where each move
//! would be stored only to be counted). A generator is written once, generic
//! over [`MoveSink`], and the compiler makes a storing and a counting copy.
//! [`SparseCount`] counts too, for generators whose target sets are small.

use super::MoveList;
use crate::geometry::BitStore;

/// Receives the moves a generator emits.
pub trait MoveSink<M> {
    /// One move.
    fn push(&mut self, m: M);

    /// One move to each cell of `targets`, made by `make` from the cell's
    /// index. A counter adds the size of the set at once, without making
    /// any move.
    #[inline(always)]
    fn push_set<B: BitStore>(&mut self, targets: B, mut make: impl FnMut(usize) -> M) {
        // A `u128` set is walked as two 64-bit halves: cheaper than `u128`
        // bit tricks. `B::BITS` is a constant, so only one loop is compiled.
        let v = targets.to_u128();
        if B::BITS <= 64 {
            let mut h = v as u64;
            while h != 0 {
                let to = h.trailing_zeros() as usize;
                h &= h - 1;
                self.push(make(to));
            }
            return;
        }
        for (half, base) in [(v as u64, 0), ((v >> 64) as u64, 64)] {
            let mut h = half;
            while h != 0 {
                let to = base + h.trailing_zeros() as usize;
                h &= h - 1;
                self.push(make(to));
            }
        }
    }
}

impl<M> MoveSink<M> for MoveList<M> {
    #[inline(always)]
    fn push(&mut self, m: M) {
        MoveList::push(self, m);
    }
}

/// Counts the moves instead of storing them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCount(pub usize);

impl<M> MoveSink<M> for MoveCount {
    #[inline(always)]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_set<B: BitStore>(&mut self, targets: B, _: impl FnMut(usize) -> M) {
        self.0 += targets.count_ones() as usize;
    }
}

/// Counts like [`MoveCount`], but a set bit by bit. The default x86-64
/// target has no popcount instruction; its software popcount (about fifteen
/// instructions) costs more than a loop over a set of two or three cells,
/// and less than one over a long slider's. A variant whose pieces mostly
/// reach a few cells counts its last ply with this (Bandit, whose pawns and
/// sergeants already go one move at a time); chess keeps [`MoveCount`]
/// (the bit loop made kiwipete, rich in slider moves, 12% slower).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SparseCount(pub usize);

impl<M> MoveSink<M> for SparseCount {
    #[inline(always)]
    fn push(&mut self, _: M) {
        self.0 += 1;
    }

    #[inline(always)]
    fn push_set<B: BitStore>(&mut self, targets: B, _: impl FnMut(usize) -> M) {
        // Halves as in `push_set`'s default; `B::BITS` is a constant.
        let v = targets.to_u128();
        for half in [v as u64, (v >> 64) as u64] {
            let mut h = half;
            while h != 0 {
                h &= h - 1;
                self.0 += 1;
            }
            if B::BITS <= 64 {
                break;
            }
        }
    }
}
