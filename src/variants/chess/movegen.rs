//! Legal move generation for chess: king moves first (squares tested with the
//! king lifted off the board), then, unless in double check, every other piece
//! restricted to the evasion mask (block or capture the checker) and pinned
//! pieces to their pin line. En passant, the one move that can uncover a rank
//! attack on the king, gets a full test.

use super::attacks::TABLES;
use super::{
    Chess, ChessMove, Kind, BK, BQ, CASTLE, DOUBLE_PUSH, EN_PASSANT, NORMAL, PROMOTE, WK, WQ,
};
use crate::geometry::Color;
use crate::rules::{GenKind, MoveSink};

const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

#[inline(always)]
fn push_all(out: &mut impl MoveSink<ChessMove>, from: usize, targets: u64) {
    out.push_set(targets, |to| ChessMove::new(from, to, NORMAL));
}

#[inline(always)]
fn push_pawn(
    out: &mut impl MoveSink<ChessMove>,
    from: usize,
    to: usize,
    noisy_only: bool,
    capture: bool,
) {
    if (1u64 << to) & (RANK_1 | RANK_8) != 0 {
        // Queen first: the usual choice, and the one quiescence wants first.
        for k in [Kind::Queen, Kind::Knight, Kind::Rook, Kind::Bishop] {
            out.push(ChessMove::new(from, to, PROMOTE + k as u16));
        }
    } else if capture || !noisy_only {
        out.push(ChessMove::new(from, to, NORMAL));
    }
}

pub(super) fn generate(pos: &Chess, kind: GenKind, out: &mut impl MoveSink<ChessMove>) {
    let t = &*TABLES;
    let us = pos.stm;
    let them = us.flip();
    let occ = pos.occupied();
    let own = pos.colors[us.index()];
    let enemy = pos.colors[them.index()];
    let noisy_only = kind == GenKind::Noisy;
    let ksq = pos.king_square(us);
    let checkers = pos.attackers(ksq, occ, them);

    // King moves: the destination must be safe with the king lifted off its square.
    let mut ktargets = t.king[ksq] & !own;
    if noisy_only {
        ktargets &= enemy;
    }
    let occ_no_king = occ ^ (1u64 << ksq);
    while ktargets != 0 {
        let to = ktargets.trailing_zeros() as usize;
        ktargets &= ktargets - 1;
        if pos.attackers(to, occ_no_king, them) == 0 {
            out.push(ChessMove::new(ksq, to, NORMAL));
        }
    }
    if checkers & (checkers.wrapping_sub(1)) != 0 {
        return; // double check: only the king moves
    }

    // Pinned pieces: own pieces alone between the king and an enemy slider.
    let k = &pos.kinds;
    let diag = (k[Kind::Bishop as usize] | k[Kind::Queen as usize]) & enemy;
    let orth = (k[Kind::Rook as usize] | k[Kind::Queen as usize]) & enemy;
    let mut snipers = (t.bishop(ksq, enemy) & diag) | (t.rook(ksq, enemy) & orth);
    let mut pinned = 0u64;
    while snipers != 0 {
        let s = snipers.trailing_zeros() as usize;
        snipers &= snipers - 1;
        let b = t.between[ksq][s] & occ;
        if b & (b.wrapping_sub(1)) == 0 && b & own != 0 {
            pinned |= b;
        }
    }

    // Where non-king pieces may go: anywhere not own, or block/capture a single checker.
    let mut target = if checkers != 0 {
        t.between[ksq][checkers.trailing_zeros() as usize] | checkers
    } else {
        !own
    };
    let quiet_target = target & !enemy;
    if noisy_only {
        target &= enemy;
    }

    // Knights (a pinned knight never moves).
    let mut knights = k[Kind::Knight as usize] & own & !pinned;
    while knights != 0 {
        let from = knights.trailing_zeros() as usize;
        knights &= knights - 1;
        push_all(out, from, t.knight[from] & target);
    }
    // Sliders.
    let mut bishops = (k[Kind::Bishop as usize] | k[Kind::Queen as usize]) & own;
    while bishops != 0 {
        let from = bishops.trailing_zeros() as usize;
        bishops &= bishops - 1;
        let mut att = t.bishop(from, occ) & target;
        if pinned & (1u64 << from) != 0 {
            att &= t.line[ksq][from];
        }
        push_all(out, from, att);
    }
    let mut rooks = (k[Kind::Rook as usize] | k[Kind::Queen as usize]) & own;
    while rooks != 0 {
        let from = rooks.trailing_zeros() as usize;
        rooks &= rooks - 1;
        let mut att = t.rook(from, occ) & target;
        if pinned & (1u64 << from) != 0 {
            att &= t.line[ksq][from];
        }
        push_all(out, from, att);
    }

    // Pawns.
    let pawns = k[Kind::Pawn as usize] & own;
    let empty = !occ;
    let (up, third_rank): (i32, u64) = match us {
        Color::White => (8, 0xFF << 16),
        Color::Black => (-8, 0xFF << 40),
    };
    let shift = |b: u64, d: i32| if d > 0 { b << d } else { b >> -d };
    // Unpinned pawns in bulk.
    let free = pawns & !pinned;
    let promo_rank = RANK_1 | RANK_8;
    let single = shift(free, up) & empty;
    let double = shift(single & third_rank, up) & empty & quiet_target;
    let mut single_t = single & quiet_target;
    if noisy_only {
        single_t &= promo_rank;
    }
    while single_t != 0 {
        let to = single_t.trailing_zeros() as usize;
        single_t &= single_t - 1;
        push_pawn(out, (to as i32 - up) as usize, to, noisy_only, false);
    }
    if !noisy_only {
        let mut d = double;
        while d != 0 {
            let to = d.trailing_zeros() as usize;
            d &= d - 1;
            out.push(ChessMove::new(
                (to as i32 - 2 * up) as usize,
                to,
                DOUBLE_PUSH,
            ));
        }
    }
    let capture_target = enemy & (if checkers != 0 { checkers } else { !0 });
    for (file_mask, delta) in [(FILE_A, up - 1), (FILE_H, up + 1)] {
        let mut caps = shift(free & !file_mask, delta) & capture_target;
        while caps != 0 {
            let to = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            push_pawn(out, (to as i32 - delta) as usize, to, noisy_only, true);
        }
    }
    // Pinned pawns, one by one along their pin line.
    let mut pp = pawns & pinned;
    while pp != 0 {
        let from = pp.trailing_zeros() as usize;
        pp &= pp - 1;
        let line = t.line[ksq][from];
        let one = (from as i32 + up) as usize;
        if empty & (1u64 << one) & line & quiet_target != 0
            && (!noisy_only || (1u64 << one) & promo_rank != 0)
        {
            push_pawn(out, from, one, noisy_only, false);
        }
        if !noisy_only && empty & (1u64 << one) != 0 && (1u64 << one) & third_rank != 0 {
            let two = (one as i32 + up) as usize;
            if empty & (1u64 << two) & line & quiet_target != 0 {
                out.push(ChessMove::new(from, two, DOUBLE_PUSH));
            }
        }
        let mut caps = t.pawn[us.index()][from] & capture_target & line;
        while caps != 0 {
            let to = caps.trailing_zeros() as usize;
            caps &= caps - 1;
            push_pawn(out, from, to, noisy_only, true);
        }
    }
    // En passant: full test, since removing two pawns from one rank can expose the king.
    if let Some(ep) = pos.extra.ep {
        let ep = ep as usize;
        let cap = (ep as i32 - up) as usize;
        let mut takers = t.pawn[them.index()][ep] & pawns;
        while takers != 0 {
            let from = takers.trailing_zeros() as usize;
            takers &= takers - 1;
            let occ2 = (occ ^ (1u64 << from) ^ (1u64 << cap)) | (1u64 << ep);
            let exposed = (t.bishop(ksq, occ2) & diag) | (t.rook(ksq, occ2) & orth);
            let other_checkers = checkers & !(1u64 << cap);
            if exposed == 0 && other_checkers == 0 {
                out.push(ChessMove::new(from, ep, EN_PASSANT));
            }
        }
    }
    // Castling: not in check, path empty, king's path unattacked.
    if !noisy_only && checkers == 0 {
        let rights = pos.extra.castling
            & match us {
                Color::White => WK | WQ,
                Color::Black => BK | BQ,
            };
        let base = if us == Color::White { 0 } else { 56 };
        if rights & (WK | BK) != 0
            && occ & (0b0110_0000u64 << base) == 0
            && pos.attackers(base + 5, occ, them) == 0
            && pos.attackers(base + 6, occ, them) == 0
        {
            out.push(ChessMove::new(base + 4, base + 6, CASTLE));
        }
        if rights & (WQ | BQ) != 0
            && occ & (0b0000_1110u64 << base) == 0
            && pos.attackers(base + 3, occ, them) == 0
            && pos.attackers(base + 2, occ, them) == 0
        {
            out.push(ChessMove::new(base + 4, base + 2, CASTLE));
        }
    }
}
