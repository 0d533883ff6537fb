//! Legal move generation for Trebuqi.
//!
//! Pieces generate their pseudo-legal targets from the tables; a move is then
//! legal unless it leaves two opposing Generals facing (Q3, every rule, every
//! General) or a royal General of the mover attacked (Q4, Q5).
//!
//! Testing every move in full would be slow, so a [`Guard`] is built once per
//! position. Every attack on a General and every facing runs along one of the
//! six orthogonal rays from it, except the Vicbaba's diagonal step and the
//! Point's step, which no move of ours can create. A ray matters only if an
//! enemy piece on it could ever attack along it (Rook, Cannon, General for
//! facing; a Vicbaba two cells away, a Point next to the General); the union of
//! those rays is the *sensitive* set. A move that is not a General move, that
//! neither leaves nor enters the sensitive set, and is made while no royal
//! General is attacked and no Generals face, changes nothing any attack or
//! facing depends on, so it is legal without a test. Everything else gets the
//! full test on the board after the move.

use super::tables::{bit, first, Tables, TABLES};
use super::{Kind, Trebuqi, TrebuqiMove};
use crate::rules::{GenKind, MoveList};

/// What the legality test needs, computed once per position.
struct Guard<'a> {
    t: &'a Tables,
    occ: u128,
    /// The mover's Generals.
    gens: u128,
    /// Whether the mover's Generals are royal (rule 1, or a lone General).
    royal: bool,
    /// The enemy's Rooks, Cannons, Vicbabas, Points and Generals.
    rooks: u128,
    cannons: u128,
    vicbabas: u128,
    points: u128,
    generals: u128,
    /// The enemy's colour index (for the Point attack table).
    them: usize,
    /// Cells where a move's from or to square forces the full test.
    sensitive: u128,
    /// Every move gets the full test (in check, or Generals facing already).
    test_all: bool,
}

impl<'a> Guard<'a> {
    fn new<const RULE: u8>(pos: &Trebuqi<RULE>) -> Self {
        let t: &Tables = &TABLES;
        let us = pos.stm;
        let them = us.flip();
        let e = pos.colors[them.index()];
        let k = &pos.kinds;
        let mut g = Guard {
            t,
            occ: pos.occupied(),
            gens: pos.pieces(us, Kind::General),
            royal: pos.royal(us),
            rooks: k[Kind::Rook as usize] & e,
            cannons: k[Kind::Cannon as usize] & e,
            vicbabas: k[Kind::Vicbaba as usize] & e,
            points: k[Kind::Point as usize] & e,
            generals: k[Kind::General as usize] & e,
            them: them.index(),
            sensitive: 0,
            test_all: false,
        };
        let mut gens = g.gens;
        while gens != 0 {
            let sq = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            let danger = if g.royal {
                g.generals
                    | g.rooks
                    | g.cannons
                    | (g.vicbabas & t.orth2[sq])
                    | (g.points & t.orth1[sq])
            } else {
                g.generals
            };
            for d in 0..6 {
                let ray = t.ray[sq][d];
                if ray & danger != 0 {
                    g.sensitive |= ray;
                }
            }
        }
        g.test_all = !g.safe_after(g.occ, g.gens, !0);
        g
    }

    /// Whether the mover's Generals `gens` are safe (no facing; royal ones not
    /// attacked) with occupancy `occ`, the enemy's pieces outside `keep` captured.
    #[inline(always)]
    fn safe_after(&self, occ: u128, mut gens: u128, keep: u128) -> bool {
        let t = self.t;
        let generals = self.generals & keep;
        if !self.royal {
            while gens != 0 {
                let sq = gens.trailing_zeros() as usize;
                gens &= gens - 1;
                if t.rook(sq, occ) & generals != 0 {
                    return false;
                }
            }
            return true;
        }
        let rooks = (self.rooks | generals) & keep;
        let cannons = self.cannons & keep;
        let vicbabas = self.vicbabas & keep;
        let points = self.points & keep;
        while gens != 0 {
            let sq = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            if t.diag[sq] & vicbabas != 0 || t.point_attackers[self.them][sq] & points != 0 {
                return false;
            }
            let near = rooks | (vicbabas & t.orth2[sq]);
            for d in 0..6 {
                let hits = t.ray[sq][d] & occ;
                if hits == 0 {
                    continue;
                }
                let b = first(hits, d);
                if bit(b) & near != 0 {
                    return false;
                }
                let beyond = t.ray[b][d] & occ;
                if beyond != 0 && bit(first(beyond, d)) & cannons != 0 {
                    return false;
                }
            }
        }
        true
    }

    /// The full test of one move.
    #[inline(always)]
    fn legal(&self, from: usize, to: usize, general: bool) -> bool {
        let (fb, tb) = (bit(from), bit(to));
        let occ = (self.occ ^ fb) | tb;
        let gens = if general {
            self.gens ^ fb ^ tb
        } else {
            self.gens
        };
        self.safe_after(occ, gens, !tb)
    }

    /// Appends the legal moves among `targets` of the piece on `from`.
    #[inline(always)]
    fn emit(&self, out: &mut MoveList<TrebuqiMove>, from: usize, targets: u128, general: bool) {
        let mut tested = targets;
        if !(general || self.test_all || bit(from) & self.sensitive != 0) {
            let mut free = targets & !self.sensitive;
            tested &= self.sensitive;
            while free != 0 {
                let to = free.trailing_zeros() as usize;
                free &= free - 1;
                out.push(TrebuqiMove::new(from, to));
            }
        }
        while tested != 0 {
            let to = tested.trailing_zeros() as usize;
            tested &= tested - 1;
            if self.legal(from, to, general) {
                out.push(TrebuqiMove::new(from, to));
            }
        }
    }
}

/// Appends every legal move of `kind` (Noisy: captures only; Points never promote).
pub(super) fn generate<const RULE: u8>(
    pos: &Trebuqi<RULE>,
    kind: GenKind,
    out: &mut MoveList<TrebuqiMove>,
) {
    let g = Guard::new(pos);
    let t = g.t;
    let us = pos.stm.index();
    let own = pos.colors[us];
    let enemy = pos.colors[us ^ 1];
    let occ = g.occ;
    let noisy = kind == GenKind::Noisy;
    let target = if noisy { enemy } else { !own };
    let k = &pos.kinds;
    // Runs `$body` with `$sq` bound to each cell of `$set`.
    macro_rules! each {
        ($set:expr, |$sq:ident| $body:expr) => {{
            let mut set = $set;
            while set != 0 {
                let $sq = set.trailing_zeros() as usize;
                set &= set - 1;
                $body;
            }
        }};
    }
    each!(k[Kind::General as usize] & own, |sq| {
        g.emit(out, sq, t.general[us][sq] & target, true)
    });
    each!(k[Kind::Rook as usize] & own, |sq| {
        g.emit(out, sq, t.rook(sq, occ) & target, false)
    });
    each!(k[Kind::Cannon as usize] & own, |sq| {
        // Moves like a Rook without capturing; captures over exactly one screen.
        let mut targets = t.cannon_hits(sq, occ) & enemy;
        if !noisy {
            targets |= t.rook(sq, occ) & !occ;
        }
        g.emit(out, sq, targets, false)
    });
    each!(k[Kind::Trebuchet as usize] & own, |sq| {
        g.emit(out, sq, t.trebuchet(us, sq, occ) & target, false)
    });
    each!(k[Kind::Vicbaba as usize] & own, |sq| {
        g.emit(out, sq, t.vicbaba(sq, occ) & target, false)
    });
    each!(k[Kind::Point as usize] & own, |sq| {
        g.emit(out, sq, t.point[us][sq] & target, false)
    });
}
