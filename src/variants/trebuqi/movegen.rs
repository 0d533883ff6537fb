//! Legal move generation for Trebuqi.
//!
//! Pieces generate their pseudo-legal targets from the tables; a move is then
//! legal unless it leaves two opposing Generals facing (Q3, every rule, every
//! General) or a royal General of the mover attacked (Q4, Q5, Q9).
//!
//! Testing every move on the board after it would be slow, so a [`Guard`] is
//! built once per position. Every attack on a General and every facing runs
//! along one of the six orthogonal rays from it, except the Vicbaba's diagonal
//! step and the Point's step, which no move of ours can create (only capturing
//! the attacker removes them). Trebuchets and Generals never reach the enemy
//! Generals' area, so they never attack a General. The guard records, per
//! General and ray, whether the ray is unsafe now, and marks as *sensitive*
//! the part of each ray that one move could make unsafe (see
//! [`Guard::scan_ray`]). Then:
//! - a move that is no General move and neither leaves nor enters the
//!   sensitive set, made while nothing is unsafe, is legal untested;
//! - any other non-General move re-examines only the rays through its from
//!   and to cells (every other ray keeps its recorded state);
//! - a General move examines the General's rays from its new cell, and the
//!   other General as above.
//!
//! `tests.rs` checks the result against a slow reference that plays each
//! pseudo-legal move and looks at the whole board, on random playouts.

use super::tables::{bit, first, Tables, BOX, DELTA, NO_LINE, TABLES};
use super::{Kind, Trebuqi, TrebuqiMove};
use crate::rules::{GenKind, MoveSink};

/// What the legality test needs, computed once per position.
struct Guard<'a> {
    t: &'a Tables,
    board: &'a [u8; BOX],
    occ: u128,
    /// The mover's Generals, as a set and as up to two cells.
    gens: u128,
    gsq: [usize; 2],
    n: usize,
    /// Whether the mover's Generals are royal (rule 1, or a lone General).
    royal: bool,
    /// The enemy's Rooks, Cannons, Vicbabas, Points and Generals.
    rooks: u128,
    cannons: u128,
    vicbabas: u128,
    points: u128,
    generals: u128,
    /// Enemy pieces that may attack or face along a ray from any distance:
    /// Generals, and for royal Generals also Rooks and Cannons.
    heavy: u128,
    /// Mailbox codes of the enemy's General, Rook, Cannon and Vicbaba.
    e_general: u8,
    e_rook: u8,
    e_cannon: u8,
    e_vicbaba: u8,
    /// The enemy's colour index (for the Point attack table).
    them: usize,
    /// Per General: enemy pieces attacking it by an unblockable step (diagonal
    /// Vicbaba, Point); only capturing them helps.
    fixed: [u128; 2],
    /// Per General: the directions whose ray is unsafe now (bit `d`).
    unsafe_dirs: [u8; 2],
    /// Per General: the cells of its rays where a move's from or to square
    /// could make one of them unsafe.
    sens: [u128; 2],
    /// Both Generals' `sens`: a move touching none of it needs no test.
    sensitive: u128,
    /// Every move gets the test (a royal General attacked, or Generals facing).
    test_all: bool,
    /// When `test_all`: the unsafe rays and the unblockable attackers. A
    /// non-General move that neither leaves nor enters this set cannot mend
    /// them, so it is illegal untested.
    mend: u128,
}

/// A cell index no move ever goes to.
const NOWHERE: usize = 127;

impl<'a> Guard<'a> {
    fn new<const RULE: u8>(pos: &'a Trebuqi<RULE>) -> Self {
        let t: &Tables = &TABLES;
        let us = pos.stm;
        let them = us.flip();
        let e = pos.colors[them.index()];
        let k = &pos.kinds;
        let code = |kind: Kind| (them.index() * 6 + kind as usize) as u8;
        let mut g = Guard {
            t,
            board: &pos.mailbox,
            occ: pos.occupied(),
            gens: pos.pieces(us, Kind::General),
            gsq: [NOWHERE; 2],
            n: 0,
            royal: pos.royal(us),
            rooks: k[Kind::Rook as usize] & e,
            cannons: k[Kind::Cannon as usize] & e,
            vicbabas: k[Kind::Vicbaba as usize] & e,
            points: k[Kind::Point as usize] & e,
            generals: k[Kind::General as usize] & e,
            heavy: 0,
            e_general: code(Kind::General),
            e_rook: code(Kind::Rook),
            e_cannon: code(Kind::Cannon),
            e_vicbaba: code(Kind::Vicbaba),
            them: them.index(),
            fixed: [0; 2],
            unsafe_dirs: [0; 2],
            sens: [0; 2],
            sensitive: 0,
            test_all: false,
            mend: 0,
        };
        g.heavy = if g.royal {
            g.generals | g.rooks | g.cannons
        } else {
            g.generals
        };
        let mut gens = g.gens;
        while gens != 0 && g.n < 2 {
            let sq = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            let i = g.n;
            g.gsq[i] = sq;
            g.n += 1;
            let danger = if g.royal {
                g.fixed[i] = (t.diag[sq] & g.vicbabas) | (t.point_attackers[g.them][sq] & g.points);
                g.generals | g.rooks | g.cannons | (g.vicbabas & t.orth2[sq])
            } else {
                g.generals
            };
            for d in 0..6 {
                if t.ray[sq][d] & danger != 0 {
                    g.scan_ray(i, sq, d);
                }
            }
            g.sensitive |= g.sens[i];
            g.test_all |= g.fixed[i] != 0 || g.unsafe_dirs[i] != 0;
            g.mend |= g.fixed[i];
            for d in 0..6 {
                if g.unsafe_dirs[i] & (1 << d) != 0 {
                    g.mend |= t.ray[sq][d];
                }
            }
        }
        g
    }

    /// Looks at ray `d` from General number `i` on `sq`: records whether it is
    /// unsafe now, and adds to the sensitive set the part of it one move could
    /// change. A single move changes the number of pieces between the General
    /// and any cell of the ray by at most one, so only these matter: an enemy
    /// General, Rook or near Vicbaba with at most one piece before it, an enemy
    /// Cannon with at most two. The ray up to the farthest of them is sensitive.
    #[inline(always)]
    fn scan_ray(&mut self, i: usize, sq: usize, d: usize) {
        let t = self.t;
        let ray = t.ray[sq][d];
        let hits = ray & self.occ;
        if hits == 0 {
            return;
        }
        let near = (sq as isize + 2 * DELTA[d]) as usize;
        // Whether the piece on `b` attacks (or faces) along the ray when first.
        let striker = |b: usize| {
            let c = self.board[b];
            c == self.e_general
                || (self.royal && (c == self.e_rook || (c == self.e_vicbaba && b == near)))
        };
        let mut end = NOWHERE;
        let b1 = first(hits, d);
        if striker(b1) {
            self.unsafe_dirs[i] |= 1 << d;
            end = b1;
        } else if self.royal && self.board[b1] == self.e_cannon {
            end = b1;
        }
        let rest = t.ray[b1][d] & self.occ;
        if rest != 0 {
            let b2 = first(rest, d);
            if striker(b2) {
                end = b2;
            } else if self.royal && self.board[b2] == self.e_cannon {
                self.unsafe_dirs[i] |= 1 << d;
                end = b2;
            }
            let rest = t.ray[b2][d] & self.occ;
            if self.royal && rest != 0 {
                let b3 = first(rest, d);
                if self.board[b3] == self.e_cannon {
                    end = b3;
                }
            }
        }
        if end != NOWHERE {
            self.sens[i] |= ray ^ t.ray[end][d];
        }
    }

    /// The test of one move.
    #[inline(always)]
    fn legal(&self, from: usize, to: usize, general: bool) -> bool {
        let t = self.t;
        let (fb, tb) = (bit(from), bit(to));
        let occ = (self.occ ^ fb) | tb;
        if general {
            // The moving General, on its new cell: every ray that holds a piece
            // that could attack or face it, and the unblockable attackers.
            if self.royal
                && ((t.diag[to] & self.vicbabas) | (t.point_attackers[self.them][to] & self.points))
                    & !tb
                    != 0
            {
                return false;
            }
            let heavy = if self.royal {
                self.heavy | (self.vicbabas & t.orth2[to])
            } else {
                self.heavy
            };
            for d in 0..6 {
                if t.ray[to][d] & heavy != 0 && !self.ray_safe(to, d, occ, to) {
                    return false;
                }
            }
        }
        // Any other General: only the rays through `from` (a piece leaves) or
        // `to` (a piece arrives, an enemy one may go) change; every other ray
        // keeps its state, and the unblockable attackers stay unless this move
        // takes them.
        for i in 0..self.n {
            let g = self.gsq[i];
            // With nothing unsafe, a General whose sensitive cells the move
            // leaves alone stays safe (most tested moves concern only one).
            if g == from || (!self.test_all && (fb | tb) & self.sens[i] == 0) {
                continue;
            }
            if self.fixed[i] & !tb != 0 {
                return false;
            }
            let mut pending = self.unsafe_dirs[i];
            let df = t.line_dir[g][from];
            let dt = t.line_dir[g][to];
            if df != NO_LINE {
                pending &= !(1 << df);
                if !self.ray_safe(g, df as usize, occ, to) {
                    return false;
                }
            }
            if dt != NO_LINE && dt != df {
                pending &= !(1 << dt);
                if !self.ray_safe(g, dt as usize, occ, to) {
                    return false;
                }
            }
            if pending != 0 {
                return false;
            }
        }
        true
    }

    /// Whether ray `d` from the General on `g` is safe with occupancy `occ`,
    /// where a piece of ours has just arrived on `to` (NOWHERE if none): no
    /// enemy General first on it (facing), and for a royal General no Rook or
    /// near Vicbaba first and no Cannon second. Reads the mailbox, which is
    /// still the position before the move: only `to` has changed hands.
    #[inline(always)]
    fn ray_safe(&self, g: usize, d: usize, occ: u128, to: usize) -> bool {
        let t = self.t;
        let hits = t.ray[g][d] & occ;
        if hits == 0 {
            return true;
        }
        let b = first(hits, d);
        if b != to {
            let c = self.board[b];
            if c == self.e_general {
                return false;
            }
            if !self.royal {
                return true;
            }
            if c == self.e_rook || (c == self.e_vicbaba && b as isize == g as isize + 2 * DELTA[d])
            {
                return false;
            }
        } else if !self.royal {
            return true;
        }
        let beyond = t.ray[b][d] & occ;
        if beyond == 0 {
            return true;
        }
        let c2 = first(beyond, d);
        c2 == to || self.board[c2] != self.e_cannon
    }

    /// Appends the legal moves among `targets` of the piece on `from`.
    #[inline(always)]
    fn emit(
        &self,
        out: &mut impl MoveSink<TrebuqiMove>,
        from: usize,
        targets: u128,
        general: bool,
    ) {
        let mut tested = targets;
        if self.test_all && !general && bit(from) & self.mend == 0 {
            tested &= self.mend;
        } else if !(general || self.test_all || bit(from) & self.sensitive != 0) {
            out.push_set(targets & !self.sensitive, |to| TrebuqiMove::new(from, to));
            tested &= self.sensitive;
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
    out: &mut impl MoveSink<TrebuqiMove>,
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
