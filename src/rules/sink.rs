//! Where a move generator puts its moves: a [`MoveList`] that stores them, or
//! a [`MoveCount`] that only counts them (perft's last ply, where each move
//! would be stored only to be counted). A generator is written once, generic
//! over [`MoveSink`], and the compiler makes a storing and a counting copy.

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
