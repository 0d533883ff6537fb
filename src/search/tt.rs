//! The transposition table, shared by every search thread without locks.
//!
//! Each entry is two `AtomicU64`: `check ^ data` and `data`, where `check` is
//! the hash's low 48 bits under the static evaluation (i16) in the top 16. A
//! reader loads both (relaxed) and accepts the entry only if the low 48 bits of
//! `word ^ data` equal the hash's (the bucket index comes from the hash's top
//! bits, so together nearly all 64 bits are checked); a torn
//! write (two threads storing into the same slot at once) almost surely fails
//! that test and reads as a miss. The race is by design: a wrong entry can
//! only cost search quality, never memory safety, and the move it carries is
//! checked for legality before use (the caller compares it with the legal
//! move list, or calls `Position::is_legal`).
//!
//! `data` packs: bits 0-31 the move (`GameMove::pack`, 0 = none), 32-47 the
//! score (i16, node-relative mates), 48-54 the depth, 55 whether the position
//! is or was on a principal variation, 56-57 the bound, 58-63 the age (the
//! search generation that wrote it). A stored entry always has a non-zero
//! bound, so `data == 0` means "empty".
//!
//! The static evaluation rides along so that a node met again skips
//! `evaluate` (absent for positions in check, which have none).
//!
//! Entries sit in buckets of two; a store replaces the entry of the same
//! position if any, otherwise the one with the lowest `depth - 4 * age gap`.

use super::score::from_tt;
use crate::rules::GameMove;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Which side of the true score a stored score is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The true score is at most this (no move beat alpha).
    Upper = 1,
    /// The true score is at least this (a beta cut-off).
    Lower = 2,
    Exact = 3,
}

impl Bound {
    /// What a node's best score says about its true score, given the window
    /// (`alpha` as it was on entry) it was searched with.
    pub fn of(best: i32, alpha: i32, beta: i32) -> Bound {
        if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        }
    }
}

/// A decoded entry.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Hit {
    pub mv: u32,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position's static evaluation, if it was not in check.
    pub eval: Option<i32>,
    /// Whether the position is or was on a principal variation (a
    /// full-window node stored it, or an entry that said so was kept).
    pub pv: bool,
}

impl Hit {
    /// The stored move as the variant's move (`None` if the entry has none,
    /// or its code is not a move; check it with `Position::is_legal` before
    /// playing it outside the move list).
    #[inline]
    pub fn game_move<M: GameMove>(&self) -> Option<M> {
        (self.mv != 0).then(|| M::unpack(self.mv)).flatten()
    }

    /// The stored score, seen from `ply`, where its bound says `eval` is
    /// wrong (a lower bound above it, an upper bound below it, or an exact
    /// score): a search looked further than the evaluation can.
    #[inline]
    pub fn corrects(&self, eval: i32, ply: usize) -> Option<i32> {
        let s = from_tt(self.score, ply);
        match self.bound {
            Bound::Lower => s > eval,
            Bound::Upper => s < eval,
            Bound::Exact => true,
        }
        .then_some(s)
    }
}

const BUCKET: usize = 2;
/// The hash bits an entry is checked against.
const CHECK_MASK: u64 = (1 << 48) - 1;
/// The stored evaluation of a position in check (no evaluation).
const NO_EVAL16: i16 = i16::MIN;

/// The check word of `hash` carrying `eval`.
#[inline]
fn check_word(hash: u64, eval: Option<i32>) -> u64 {
    let e = eval.map_or(NO_EVAL16, |e| {
        e.clamp(-i16::MAX as i32, i16::MAX as i32) as i16
    });
    (hash & CHECK_MASK) | (u64::from(e as u16) << 48)
}

/// Whether the entry `(word, data)` belongs to `hash`, and its evaluation.
#[inline]
fn matches(word: u64, data: u64, hash: u64) -> Option<Option<i32>> {
    let check = word ^ data;
    if data == 0 || (check ^ hash) & CHECK_MASK != 0 {
        return None;
    }
    let e = (check >> 48) as u16 as i16;
    Some((e != NO_EVAL16).then_some(i32::from(e)))
}
const AGE_MASK: u8 = 63;
/// The size of an x86-64 huge page, 2 MiB.
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back `len` bytes from `start` (a huge page boundary inside
/// the table's own allocation) with transparent huge pages. With 4 KiB
/// pages a 16 MiB table spans 4,096 of them, more than the TLB holds, and a
/// probe's miss waited on a page walk too. Elsewhere, or where the kernel
/// says no, the table works the same with small pages.
#[cfg(target_os = "linux")]
fn advise_huge_pages(start: *const AtomicU64, len: usize) {
    // SAFETY: madvise reads and writes no memory of ours: MADV_HUGEPAGE only
    // sets an attribute of the mapping that holds the range, which lies
    // inside the table's reserved, not yet touched buffer; an error (THP
    // off, an old kernel) is harmless and ignored.
    unsafe {
        libc::madvise(start as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_start: *const AtomicU64, _len: usize) {}

pub(crate) struct Table {
    /// `2 * BUCKET` words per bucket, from `first` on.
    slots: Vec<AtomicU64>,
    /// The words skipped so that every bucket starts on a multiple of its
    /// size (32 bytes) and so lies in one cache line (an allocator aligns
    /// only to 16, and a bucket across two lines costs two misses), and a
    /// table of a huge page or more starts on one.
    first: usize,
    buckets: usize,
    age: u8,
}

#[inline]
fn pack(mv: u32, score: i32, depth: i32, bound: Bound, pv: bool, age: u8) -> u64 {
    mv as u64
        | ((score as i16 as u16 as u64) << 32)
        | ((depth.clamp(0, 127) as u64) << 48)
        | (u64::from(pv) << 55)
        | ((bound as u64) << 56)
        | (((age & AGE_MASK) as u64) << 58)
}

#[inline]
fn unpack(data: u64) -> Hit {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        _ => Bound::Exact,
    };
    Hit {
        mv: data as u32,
        score: (data >> 32) as u16 as i16 as i32,
        depth: ((data >> 48) & 127) as i32,
        bound,
        eval: None,
        pv: (data >> 55) & 1 == 1,
    }
}

#[inline]
fn age_of(data: u64) -> u8 {
    (data >> 58) as u8 & AGE_MASK
}

impl Table {
    /// A table of about `mb` MiB (at least one bucket), or `None` if the
    /// memory cannot be had. A failed infallible allocation aborts the
    /// process, and `memory 65535` from a GUI must not do that (issue 10).
    pub fn try_new(mb: usize) -> Option<Self> {
        let bytes = mb.checked_mul(1 << 20)?;
        let buckets = (bytes / (16 * BUCKET)).max(1);
        let bucket_bytes = 16 * BUCKET;
        let words = buckets.checked_mul(BUCKET * 2)?;
        // A table of a huge page or more starts on one, so that the kernel
        // can back it with huge pages and a probe seldom misses the TLB.
        let align = if words * 8 >= HUGE_PAGE {
            HUGE_PAGE
        } else {
            bucket_bytes
        };
        let mut slots: Vec<AtomicU64> = Vec::new();
        slots
            .try_reserve_exact(words.checked_add(align / 8 - 1)?)
            .ok()?;
        let misalign = slots.as_ptr() as usize % align;
        let first = (align - misalign) % align / 8;
        if align == HUGE_PAGE {
            advise_huge_pages(slots.as_ptr().wrapping_add(first), words * 8);
        }
        // Only now are the pages touched (after the advice, so each fault
        // can take a huge page).
        slots.extend((0..first + words).map(|_| AtomicU64::new(0)));
        Some(Table {
            slots,
            first,
            buckets,
            age: 0,
        })
    }

    /// A table of about `mb` MiB, or the largest power-of-two fraction of it
    /// that can be allocated.
    pub fn new(mb: usize) -> Self {
        let mut mb = mb;
        loop {
            if let Some(t) = Self::try_new(mb) {
                return t;
            }
            mb /= 2;
        }
    }

    /// Empties every entry.
    pub fn clear(&mut self) {
        for s in &self.slots {
            s.store(0, Relaxed);
        }
        self.age = 0;
    }

    /// Starts a new search generation, so old entries give way first.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & AGE_MASK;
    }

    #[inline]
    fn bucket(&self, hash: u64) -> usize {
        // Multiply-shift maps the hash onto 0..buckets without a division.
        self.first + (((hash as u128) * (self.buckets as u128)) >> 64) as usize * BUCKET * 2
    }

    /// Starts loading `hash`'s bucket into the cache, so that the probe a
    /// little later (the child's, right after the move is played) finds it
    /// there: the probe's cache miss was a fifth of a Trubix search's
    /// samples, and with this its long searches ran some 3 to 6% faster
    /// (docs/strength.md, "Trubix: more screens, deeper openings, and a
    /// table in cache lines").
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let slot: *const AtomicU64 = &self.slots[self.bucket(hash)];
            // SAFETY: a prefetch is only a hint to the cache: it reads no
            // value into the program, never faults, and here its address
            // is that of a live element of `slots`.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(slot.cast()) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = hash;
    }

    /// The entry of `hash`, if the table holds one.
    #[inline]
    pub fn probe(&self, hash: u64) -> Option<Hit> {
        let base = self.bucket(hash);
        for i in 0..BUCKET {
            let word = self.slots[base + 2 * i].load(Relaxed);
            let data = self.slots[base + 2 * i + 1].load(Relaxed);
            if let Some(eval) = matches(word, data, hash) {
                return Some(Hit {
                    eval,
                    ..unpack(data)
                });
            }
        }
        None
    }

    /// Stores a result, the position's static evaluation (None in check)
    /// and whether it is on a principal variation (`pv`: the node's own
    /// window, or what the entry it read said); `mv == 0` keeps the move
    /// already stored for the position.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &self,
        hash: u64,
        mv: u32,
        score: i32,
        depth: i32,
        bound: Bound,
        eval: Option<i32>,
        pv: bool,
    ) {
        let base = self.bucket(hash);
        let check = check_word(hash, eval);
        let mut victim = 0;
        let mut worst = i32::MAX;
        for i in 0..BUCKET {
            let word = self.slots[base + 2 * i].load(Relaxed);
            let data = self.slots[base + 2 * i + 1].load(Relaxed);
            if data == 0 {
                if worst > i32::MIN {
                    victim = i;
                    worst = i32::MIN;
                }
                continue;
            }
            if matches(word, data, hash).is_some() {
                let old = unpack(data);
                // Keep a clearly deeper result of this search.
                if old.depth > depth + 2 && age_of(data) == self.age {
                    return;
                }
                let mv = if mv == 0 { old.mv } else { mv };
                self.write(
                    base + 2 * i,
                    check,
                    pack(mv, score, depth, bound, pv, self.age),
                );
                return;
            }
            let gap = (self.age.wrapping_sub(age_of(data)) & AGE_MASK) as i32;
            let value = unpack(data).depth - 4 * gap;
            if value < worst {
                worst = value;
                victim = i;
            }
        }
        self.write(
            base + 2 * victim,
            check,
            pack(mv, score, depth, bound, pv, self.age),
        );
    }

    #[inline]
    fn write(&self, at: usize, check: u64, data: u64) {
        self.slots[at].store(check ^ data, Relaxed);
        self.slots[at + 1].store(data, Relaxed);
    }

    /// Permille of (a sample of) the entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let entries = self.buckets * BUCKET;
        let sample = entries.min(1000);
        let used = (0..sample)
            .filter(|&i| {
                let data = self.slots[self.first + 2 * i + 1].load(Relaxed);
                data != 0 && age_of(data) == self.age
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 10: `memory N` beyond the machine's memory used to abort the
    /// engine (infallible allocation); now the size is refused.
    #[test]
    fn an_impossible_size_is_refused_not_aborted() {
        assert!(Table::try_new(usize::MAX).is_none());
        assert!(Table::try_new(usize::MAX >> 20).is_none());
        assert!(Table::try_new(1 << 40).is_none());
        assert!(Table::try_new(1).is_some());
    }

    #[test]
    fn stores_and_reads_back_every_field() {
        let t = Table::new(1);
        t.store(
            0xDEAD_BEEF,
            0x1_2345,
            -30_500,
            17,
            Bound::Lower,
            Some(-1234),
            true,
        );
        let h = t.probe(0xDEAD_BEEF).expect("stored");
        assert_eq!(
            (h.mv, h.score, h.depth, h.bound, h.eval, h.pv),
            (0x1_2345, -30_500, 17, Bound::Lower, Some(-1234), true)
        );
        assert!(t.probe(0xDEAD_BEEE).is_none());
        // In check there is no evaluation; the largest ones survive.
        t.store(0xDEAD_BEEF, 0, 3, 127, Bound::Upper, None, false);
        let h = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((h.mv, h.eval, h.depth, h.pv), (0x1_2345, None, 127, false));
        // A depth beyond the field's seven bits is clamped, not spilled
        // into the principal-variation bit.
        t.store(0xDEAD_BEEF, 0, 3, 300, Bound::Upper, None, false);
        let h = t.probe(0xDEAD_BEEF).unwrap();
        assert_eq!((h.depth, h.pv, h.bound), (127, false, Bound::Upper));
        for e in [30_870, -30_870, 0] {
            t.store(77, 1, 0, 1, Bound::Exact, Some(e), false);
            assert_eq!(t.probe(77).unwrap().eval, Some(e));
        }
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let t = Table::new(1);
        t.store(42, 7, 5, 3, Bound::Exact, Some(10), false);
        let base = t.bucket(42);
        // Another thread's data word lands beside our key word.
        let slot = (0..BUCKET).find(|i| t.slots[base + 2 * i + 1].load(Relaxed) != 0);
        let at = base + 2 * slot.unwrap() + 1;
        t.slots[at].store(pack(9, 1, 1, Bound::Upper, false, 0), Relaxed);
        assert!(t.probe(42).is_none());
    }

    /// A bucket across two cache lines would cost its probe two misses.
    #[test]
    fn every_bucket_lies_in_one_cache_line() {
        for mb in [1, 2, 3] {
            let t = Table::new(mb);
            for hash in [0, 1, 42, u64::MAX / 3, u64::MAX] {
                let first: *const AtomicU64 = &t.slots[t.bucket(hash)];
                let last: *const AtomicU64 = &t.slots[t.bucket(hash) + 2 * BUCKET - 1];
                assert_eq!(first as usize / 64, last as usize / 64, "{mb} MiB, {hash}");
            }
        }
    }

    /// Huge pages can back only whole, aligned 2 MiB pages of the table.
    #[test]
    fn a_table_of_a_huge_page_or_more_starts_on_one() {
        for mb in [2, 3, 16] {
            let t = Table::new(mb);
            let start: *const AtomicU64 = &t.slots[t.first];
            assert_eq!(start as usize % HUGE_PAGE, 0, "{mb} MiB");
            assert!(t.slots.len() >= t.first + t.buckets * BUCKET * 2);
        }
    }

    #[test]
    fn hashfull_counts_this_generation_only() {
        let mut t = Table::new(1);
        assert_eq!(t.hashfull(), 0);
        for h in 0..100_000u64 {
            t.store(
                h.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                1,
                0,
                1,
                Bound::Exact,
                None,
                false,
            );
        }
        assert!(t.hashfull() > 500);
        t.new_search();
        assert_eq!(t.hashfull(), 0);
        t.clear();
        assert!(t.probe(0).is_none());
    }
}
