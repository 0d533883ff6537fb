//! Fugue move generation. There is no check (F1), so every move found here is
//! legal and nothing is filtered afterwards. Two masks are computed once per
//! position with whole-set shifts: `movers` (own pieces not frozen by an
//! adjacent enemy immobilizer, F2) and `capturable` (enemies not next to their
//! own shield, F10). Everything else is per piece and per direction.

use super::tables::{adjacent, shift, spotted, Tables, DELTA, DIRS, RANK_1, RANK_8, TABLES};
use super::{Fugue, FugueMove, Kind};
use crate::geometry::Color;
use crate::rules::{GenKind, MoveSink};

/// Pushes a move per cell of `targets`.
#[inline(always)]
fn push_slides(out: &mut impl MoveSink<FugueMove>, from: usize, targets: u64) {
    out.push_set(targets, |to| FugueMove::plain(from, to, None));
}

/// Pushes a capture onto each cell of `targets` (victim = landing cell).
#[inline(always)]
fn push_captures(out: &mut impl MoveSink<FugueMove>, from: usize, targets: u64) {
    out.push_set(targets, |to| FugueMove::plain(from, to, Some(to)));
}

/// Every piece of one side to move, with the masks the rulings need.
struct Gen<'a> {
    t: &'a Tables,
    pos: &'a Fugue,
    own: u64,
    occ: u64,
    empty: u64,
    enemy: u64,
    /// F10: enemies without a friendly shield next to them.
    capturable: u64,
    noisy: bool,
}

/// Appends the legal moves of `kind` made by the pieces on `from_mask`
/// (every cell for full generation; one cell for [`Fugue::is_legal`]).
pub(super) fn generate(
    pos: &Fugue,
    kind: GenKind,
    from_mask: u64,
    out: &mut impl MoveSink<FugueMove>,
) {
    let us = pos.stm;
    let them = us.flip();
    // F12: nothing to generate once a king is gone.
    if pos.pieces(us, Kind::King) == 0 || pos.pieces(them, Kind::King) == 0 {
        return;
    }
    let own = pos.colors[us.index()];
    let enemy = pos.colors[them.index()];
    let occ = own | enemy;
    let k = &pos.kinds;
    let imm = k[Kind::Immobilizer as usize];
    // F2: next to an enemy immobilizer nothing moves, except an immobilizer.
    let movers = own & !(adjacent(imm & enemy) & !imm) & from_mask;
    // F10: a shield protects its neighbours (never itself: one shield a side).
    let capturable = enemy & !adjacent(k[Kind::Shield as usize] & enemy);
    let g = Gen {
        t: &TABLES,
        pos,
        own,
        occ,
        empty: !occ,
        enemy,
        capturable,
        noisy: kind == GenKind::Noisy,
    };
    let mine = |kind: Kind| k[kind as usize] & movers;

    g.pawns(mine(Kind::Pawn), us, out);
    for from in bits(mine(Kind::King)) {
        let targets = g.t.king[from];
        if !g.noisy {
            push_slides(out, from, targets & g.empty);
        }
        push_captures(out, from, targets & g.capturable);
    }
    for from in bits(mine(Kind::Queen)) {
        let (empty, blockers) = g.t.queen(from, occ);
        if !g.noisy {
            push_slides(out, from, empty);
        }
        push_captures(out, from, blockers & g.capturable);
    }
    // F4: the immobilizer and the shield never capture.
    if !g.noisy {
        for from in bits(mine(Kind::Immobilizer) | mine(Kind::Shield)) {
            push_slides(out, from, g.t.queen(from, occ).0);
        }
    }
    let archers = mine(Kind::Archer);
    if archers != 0 {
        let spot = spotted(own, g.empty);
        for from in bits(archers) {
            g.archer(from, spot, out);
        }
    }
    for from in bits(mine(Kind::LongLeaper)) {
        g.long_leaper(from, out);
    }
    for from in bits(mine(Kind::Swapper)) {
        g.swapper(from, out);
    }
    for from in bits(mine(Kind::PushmePullyu)) {
        g.pushme_pullyu(from, out);
    }
}

/// The cells of a bitboard as indices.
#[inline(always)]
fn bits(mut b: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros() as usize;
            b &= b - 1;
            i
        })
    })
}

impl Gen<'_> {
    /// F9, F11: steps onto empty cells, leaps over any adjacent piece onto an
    /// empty or capturable cell; optional promotion on the last rank to each
    /// kind the side has none of.
    fn pawns(&self, pawns: u64, us: Color, out: &mut impl MoveSink<FugueMove>) {
        if pawns == 0 {
            return;
        }
        let last = if us == Color::White { RANK_8 } else { RANK_1 };
        let mut promos = [Kind::Queen; 7];
        let mut n_promos = 0;
        for k in Kind::PROMOTIONS {
            if self.pos.kinds[k as usize] & self.own == 0 {
                promos[n_promos] = k;
                n_promos += 1;
            }
        }
        let promos = &promos[..n_promos];
        let landing = self.empty | self.capturable;
        for (d, &delta) in DELTA.iter().enumerate() {
            let stepped = shift(pawns, d);
            let steps = stepped & self.empty;
            let leaps = shift(stepped & self.occ, d) & landing;
            for (targets, dist) in [(steps, 1), (leaps, 2)] {
                for to in bits(targets) {
                    let from = (to as i32 - dist * delta) as usize;
                    let victim = (self.enemy & 1 << to != 0).then_some(to);
                    if !self.noisy || victim.is_some() {
                        out.push(FugueMove::plain(from, to, victim));
                    }
                    if last & 1 << to != 0 {
                        for &k in promos {
                            out.push(FugueMove::promote(from, to, victim, k));
                        }
                    }
                }
            }
        }
    }

    /// F6: slides, and shots at the first piece of each ray if it is a
    /// capturable enemy within two cells or spotted by a friend.
    fn archer(&self, from: usize, spot: u64, out: &mut impl MoveSink<FugueMove>) {
        let (empty, blockers) = self.t.queen(from, self.occ);
        if !self.noisy {
            push_slides(out, from, empty);
        }
        let shots = blockers & self.capturable & (self.t.near2[from] | spot);
        for to in bits(shots) {
            out.push(FugueMove::shot(from, to));
        }
    }

    /// F7: slides, and per direction a jump over a first-met capturable enemy
    /// onto each empty cell behind it up to the next piece.
    fn long_leaper(&self, from: usize, out: &mut impl MoveSink<FugueMove>) {
        for d in 0..DIRS {
            let (empty, blocker) = self.t.slide(d, from, self.occ);
            if !self.noisy {
                push_slides(out, from, empty);
            }
            if let Some(b) = blocker {
                if self.capturable & 1 << b != 0 {
                    let (landing, _) = self.t.slide(d, b, self.occ);
                    for to in bits(landing) {
                        out.push(FugueMove::plain(from, to, Some(b)));
                    }
                }
            }
        }
    }

    /// F8: slides; a swap with the first piece of each ray if it is an enemy
    /// (protected or not, any kind); mutual destruction with an adjacent,
    /// capturable enemy.
    fn swapper(&self, from: usize, out: &mut impl MoveSink<FugueMove>) {
        let (empty, blockers) = self.t.queen(from, self.occ);
        if !self.noisy {
            push_slides(out, from, empty);
            for to in bits(blockers & self.enemy) {
                out.push(FugueMove::swap(from, to));
            }
        }
        for to in bits(blockers & self.capturable & self.t.king[from]) {
            out.push(FugueMove::destroy(from, to));
        }
    }

    /// F5: a non-capturing queen move that removes the capturable enemy just
    /// behind the start (withdrawal) or just beyond the end (approach); a
    /// move that would remove both does not exist. Protected enemies (F10) are
    /// simply not removed.
    fn pushme_pullyu(&self, from: usize, out: &mut impl MoveSink<FugueMove>) {
        for (d, &delta) in DELTA.iter().enumerate() {
            let (empty, blocker) = self.t.slide(d, from, self.occ);
            if empty == 0 {
                continue;
            }
            // Behind the start: the neighbour in the opposite direction.
            let behind = self.t.ray[d ^ 1][from] & self.t.king[from] & self.capturable;
            let withdraw = (behind != 0).then(|| behind.trailing_zeros() as usize);
            // Beyond the end: only the last empty cell before a capturable blocker.
            let approach = blocker.and_then(|b| {
                (self.capturable & 1 << b != 0).then(|| (b, (b as i32 - delta) as usize))
            });
            for to in bits(empty) {
                let ahead = approach.and_then(|(b, end)| (end == to).then_some(b));
                let victim = match (withdraw, ahead) {
                    (Some(_), Some(_)) => continue,
                    (w, a) => w.or(a),
                };
                if !self.noisy || victim.is_some() {
                    out.push(FugueMove::plain(from, to, victim));
                }
            }
        }
    }
}
