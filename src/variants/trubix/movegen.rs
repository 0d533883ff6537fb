//! Legal move generation (T8: a move may not leave the mover's king attacked).
//!
//! The queen is the only slider, so everything legality needs is cheap: king
//! moves are tested with the king lifted off the board; in double check only
//! the king moves; in single check every other move must capture the checker
//! or, against a queen, land between it and the king; and a piece pinned by a
//! queen may only land between the king and its pinner or on the pinner. The
//! pin mask is the segment, not the whole line, because a fleurbic could
//! otherwise leap over its own king and stay "on the line".

use super::tables::{bit, TABLES};
use super::{Trubix, TrubixMove, C0, C10, F, N, Q, RANK_1, RANK_9, W};
use crate::geometry::BitStore;
use crate::geometry::Color;
use crate::rules::{GenKind, MoveSink};
use arrayvec::ArrayVec;

/// The number of moves pushed. `push_all` target sets are summed cell-wise in
/// a bit-sliced counter (`planes[i]` holds bit `i` of each cell's count) and
/// popcounted once at the end: the default x86-64 target has no popcount
/// instruction, and a software popcount per piece cost more than the add.
/// Five planes never overflow: a cell is reached only from its 16 fleurbic and
/// 8 knight cells (a queen further out stands behind empty ones of those), even
/// in a FEN crowded with pieces.
#[derive(Default)]
struct Tally {
    planes: [u64; 5],
    singles: usize,
}

impl Tally {
    fn total(&self) -> usize {
        let sliced: u32 = (0..5).map(|i| self.planes[i].count_ones() << i).sum();
        self.singles + sliced as usize
    }
}

impl MoveSink<TrubixMove> for Tally {
    #[inline(always)]
    fn push(&mut self, _: TrubixMove) {
        self.singles += 1;
    }
    #[inline(always)]
    fn push_set<B: BitStore>(&mut self, targets: B, _: impl FnMut(usize) -> TrubixMove) {
        // Trubix sets are `u64`: the conversion is free.
        let mut targets = targets.to_u128() as u64;
        // Ripple-carry add of one bit per cell.
        for plane in &mut self.planes {
            let carry = *plane & targets;
            *plane ^= targets;
            targets = carry;
            if targets == 0 {
                break;
            }
        }
        debug_assert_eq!(targets, 0, "a cell counted 32 times");
    }
}

/// The promotion squares of each colour (T7): the whole far rank 9 / 1 and the
/// point c10 / c0, where the queen is also allowed.
const PROMO_ZONE: [u64; 2] = [RANK_9 | C10, RANK_1 | C0];
const QUEEN_POINT: [u64; 2] = [C10, C0];

/// Pushes the woozan moves from `from` onto `captures` and `quiet` cells (the
/// two sets are disjoint), one move per T7 choice in the promotion zone (queen
/// first: the likely best, for search). `noisy_only` drops the quiet "stay a
/// woozan" arrivals; the caller has then already kept only the zone's quiet
/// cells. Both sets go through one pass: half the loops (and, when counting,
/// half the popcounts) of a pass per set.
#[inline(always)]
fn push_woozan(
    out: &mut impl MoveSink<TrubixMove>,
    us: Color,
    from: usize,
    captures: u64,
    quiet: u64,
    noisy_only: bool,
) {
    let zone = PROMO_ZONE[us.index()];
    let targets = captures | quiet;
    // Arrivals outside the zone: one plain move each (the common case).
    out.push_set(targets & !zone, |to| TrubixMove::new(from, to, 0));
    let mut promotions = targets & zone;
    while promotions != 0 {
        let to = promotions.trailing_zeros() as usize;
        promotions &= promotions - 1;
        if bit(to) & QUEEN_POINT[us.index()] != 0 {
            out.push(TrubixMove::new(from, to, Q));
        }
        out.push(TrubixMove::new(from, to, N));
        out.push(TrubixMove::new(from, to, F));
        if !noisy_only || captures & bit(to) != 0 {
            out.push(TrubixMove::new(from, to, 0));
        }
    }
}

/// The number of legal moves, as `generate(GenKind::All)` would list them.
pub(super) fn count(pos: &Trubix) -> usize {
    let mut tally = Tally::default();
    generate(pos, GenKind::All, &mut tally);
    tally.total()
}

#[inline(always)]
pub(super) fn generate(pos: &Trubix, kind: GenKind, out: &mut impl MoveSink<TrubixMove>) {
    if pos.bare_kings() {
        return; // T12: the game is over.
    }
    let t = &*TABLES;
    let us = pos.stm;
    let them = us.flip();
    let occ = pos.occupied();
    let own = pos.colors[us.index()];
    let enemy = pos.colors[them.index()];
    let empty = super::tables::CELLS & !occ;
    let noisy_only = kind == GenKind::Noisy;
    let ksq = pos.king_square(us);
    let checkers = pos.attackers(ksq, occ, them);

    // King: the destination must be safe with the king lifted off its square.
    let mut ktargets = t.king[ksq] & !own;
    if noisy_only {
        ktargets &= enemy;
    }
    let occ_no_king = occ ^ bit(ksq);
    while ktargets != 0 {
        let to = ktargets.trailing_zeros() as usize;
        ktargets &= ktargets - 1;
        if pos.attackers(to, occ_no_king, them) == 0 {
            out.push(TrubixMove::new(ksq, to, 0));
        }
    }
    if checkers & checkers.wrapping_sub(1) != 0 {
        return; // double check: only the king moves
    }

    // Where other pieces may land: anywhere, or onto/in front of a single checker.
    let evasion = if checkers != 0 {
        let c = checkers.trailing_zeros() as usize;
        if pos.mailbox[c] as usize % 5 == Q {
            checkers | t.between[ksq][c]
        } else {
            checkers // a leaper's check cannot be blocked
        }
    } else {
        !0
    };

    // Pins: an own piece alone between the king and an enemy queen.
    let mut pinned = 0u64;
    let mut pin_masks: ArrayVec<(usize, u64), 8> = ArrayVec::new();
    // Every enemy queen on a line with the king; those with anything but one
    // own piece between them and the king pin nothing.
    let mut snipers = t.queen_empty[ksq] & pos.kinds[Q] & enemy;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as usize;
        snipers &= snipers - 1;
        let b = t.between[ksq][s] & occ;
        if b != 0 && b & b.wrapping_sub(1) == 0 && b & own != 0 {
            pinned |= b;
            pin_masks.push((b.trailing_zeros() as usize, t.between[ksq][s] | bit(s)));
        }
    }
    let pin_mask = |from: usize| -> u64 {
        if pinned & bit(from) == 0 {
            return !0;
        }
        pin_masks
            .iter()
            .find(|&&(sq, _)| sq == from)
            .map_or(0, |&(_, m)| m)
    };

    let capture_target = enemy & evasion;
    let quiet_target = if noisy_only { 0 } else { empty & evasion };
    let target = capture_target | quiet_target;
    let k = &pos.kinds;

    let mut knights = k[N] & own;
    while knights != 0 {
        let from = knights.trailing_zeros() as usize;
        knights &= knights - 1;
        out.push_set(t.knight[from] & target & pin_mask(from), |to| {
            TrubixMove::new(from, to, 0)
        });
    }
    let mut fleurbics = k[F] & own;
    while fleurbics != 0 {
        let from = fleurbics.trailing_zeros() as usize;
        fleurbics &= fleurbics - 1;
        out.push_set(t.fleurbic[from] & target & pin_mask(from), |to| {
            TrubixMove::new(from, to, 0)
        });
    }
    let mut queens = k[Q] & own;
    while queens != 0 {
        let from = queens.trailing_zeros() as usize;
        queens &= queens - 1;
        out.push_set(t.queen(from, occ) & target & pin_mask(from), |to| {
            TrubixMove::new(from, to, 0)
        });
    }

    // Woozans: captures on the four diagonals (T2); quiet steps, X and Z moves
    // (T2, T4, T5) and the double step of a virgin woozan (T3) onto empty cells.
    let quiet_evasion = empty & evasion;
    let virgin = pos.virgin();
    let mut woozans = k[W] & own;
    while woozans != 0 {
        let from = woozans.trailing_zeros() as usize;
        woozans &= woozans - 1;
        let mask = pin_mask(from);
        let caps = t.woozan_capture[from] & capture_target & mask;
        let mut quiet = t.woozan_quiet[us.index()][from] & quiet_evasion & mask;
        if virgin & bit(from) != 0 {
            let (mid, to) = t.double[from];
            if mid & occ == 0 {
                quiet |= to & quiet_evasion & mask;
            }
        }
        if noisy_only {
            quiet &= PROMO_ZONE[us.index()];
        }
        push_woozan(out, us, from, caps, quiet, noisy_only);
    }
}
