//! Legal move generation for Bandit Chess.
//!
//! Pseudo-legal moves are produced piece by piece and filtered. When no king
//! of the mover is attacked, an ordinary move or capture by an unpinned
//! non-king agent cannot expose a king (removing the victim only removes an
//! attacker, and the moved agent still blocks on its new cell), so it is
//! legal without a test; pawns and sergeants in that case go in bulk, by
//! shifting their whole set. A lone king's step is tested with the king
//! lifted off its cell. Everything else — a second king's steps, pinned
//! agents, moves out of check, captures of an outlaw (the capturer vanishes,
//! B8), outlaw captures (an own agent vanishes, B7) and tricks (enemy pieces
//! change type and may start to attack, B5) — runs its edits on a copy of the
//! bitboards and looks at the kings (B9, B10). `tests.rs` compares all of
//! this with a slow generator written straight from the rules.

use super::attacks::{Tables, TABLES, W};
use super::{
    kind_of, Attacks, Bandit, BanditMove, BISHOP, CHANCELLOR, KING, KNIGHT, LAST_ROW, NORMAL,
    OUTLAW, OUTLAW_CAPTURE, PAWN, PROMO_BISHOP, PROMO_CHANCELLOR, ROOK, SECOND_ROW, SERGEANT,
    TRICKSTER,
};
use crate::geometry::Color;
use crate::rules::MoveSink;

/// What generation knows about the position, computed once.
struct Ctx<'a> {
    pos: &'a Bandit,
    /// The side to move (a constant in each copy of the generator).
    us: Color,
    /// Whether any of the mover's kings is attacked now.
    in_check: bool,
    /// Own agents that alone shield a king from an enemy slider.
    pinned: u64,
    /// Enemy outlaws: capturing one removes the capturer (B8).
    enemy_outlaws: u64,
}

impl Ctx<'_> {
    /// Pushes `m` if legal; `simple` marks an ordinary move or capture of one
    /// agent (the fast case of the module doc).
    #[inline(always)]
    fn emit(&self, out: &mut impl MoveSink<BanditMove>, m: BanditMove, simple: bool) {
        let fast = simple
            && !self.in_check
            && (self.pinned | self.enemy_outlaws) & (1u64 << m.from() | 1u64 << m.to()) == 0;
        if fast || self.pos.king_safe_after(m) {
            out.push(m);
        }
    }

    /// Ordinary moves from `from` to each of `targets` (no promotion). For an
    /// unpinned agent out of check only captures of outlaws need the test.
    #[inline(always)]
    fn push_all(&self, out: &mut impl MoveSink<BanditMove>, from: usize, targets: u64) {
        let (free, mut tested) = if self.in_check || self.pinned & (1u64 << from) != 0 {
            (0, targets)
        } else {
            (targets & !self.enemy_outlaws, targets & self.enemy_outlaws)
        };
        out.push_set(free, |to| BanditMove::new(from, to, NORMAL));
        while tested != 0 {
            let to = tested.trailing_zeros() as usize;
            tested &= tested - 1;
            let m = BanditMove::new(from, to, NORMAL);
            if self.pos.king_safe_after(m) {
                out.push(m);
            }
        }
    }

    /// Pawn or sergeant moves, promoting on the last rank (B3: bishop or chancellor).
    #[inline(always)]
    fn push_promoting(&self, out: &mut impl MoveSink<BanditMove>, from: usize, mut targets: u64) {
        let last = LAST_ROW[self.us.index()];
        let unpinned = !self.in_check && self.pinned & (1u64 << from) == 0;
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let fast = unpinned && self.enemy_outlaws & (1u64 << to) == 0;
            let kind = if last & (1u64 << to) != 0 {
                PROMO_CHANCELLOR
            } else {
                NORMAL
            };
            let m = BanditMove::new(from, to, kind);
            if fast || self.pos.king_safe_after(m) {
                out.push(m);
                if kind == PROMO_CHANCELLOR {
                    out.push(BanditMove::new(from, to, PROMO_BISHOP));
                }
            }
        }
    }
}

const ALL: u64 = (1u64 << 63) - 1;
const FILE_A: u64 = 0x0102_0408_1020_4081;
const NOT_FILE_A: u64 = ALL & !FILE_A;
const NOT_FILE_G: u64 = ALL & !(FILE_A << 6);

/// `b` shifted by a signed index delta, cells off the board dropped.
#[inline(always)]
fn shift(b: u64, delta: i32) -> u64 {
    if delta > 0 {
        (b << delta) & ALL
    } else {
        b >> -delta
    }
}

/// One move per member of `set` shifted by `delta` onto `target`, promoting
/// (chancellor first, then bishop: B3) on the `last` row. The plain steps
/// go as one set (a counter counts it without making moves), the rare
/// promotions one by one, in ascending order of their cells: the promotion
/// row is the highest for White and the lowest for Black (`last` then holds
/// cell 0).
#[inline(always)]
fn bulk_steps(out: &mut impl MoveSink<BanditMove>, set: u64, delta: i32, target: u64, last: u64) {
    let tos = shift(set, delta) & target;
    let from = |to: usize| (to as i32 - delta) as usize;
    let promotions = |out: &mut _| {
        let mut promoting = tos & last;
        while promoting != 0 {
            let to = promoting.trailing_zeros() as usize;
            promoting &= promoting - 1;
            MoveSink::push(out, BanditMove::new(from(to), to, PROMO_CHANCELLOR));
            MoveSink::push(out, BanditMove::new(from(to), to, PROMO_BISHOP));
        }
    };
    if last & 1 != 0 {
        promotions(out);
    }
    out.push_set(tos & !last, |to| BanditMove::new(from(to), to, NORMAL));
    if last & 1 == 0 {
        promotions(out);
    }
}

/// Own agents standing alone between one of `us`'s kings and an enemy slider.
#[inline(always)]
fn pinned(pos: &Bandit, t: &Tables, us: Color) -> u64 {
    let b = pos;
    let own = b.colors[us.index()];
    let enemy = b.colors[us.flip().index()];
    let occ = own | enemy;
    let orth = (b.kinds[ROOK] | b.kinds[CHANCELLOR]) & enemy;
    let diag = b.kinds[BISHOP] & enemy;
    let mut pinned = 0;
    let mut kings = b.pieces(us, KING);
    while kings != 0 {
        let k = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        // Most of the time no enemy slider even shares a line with the king.
        if t.rook_lines[k] & orth == 0 && t.bishop_lines[k] & diag == 0 {
            continue;
        }
        let mut snipers = (t.rook(k, enemy) & orth) | (t.bishop(k, enemy) & diag);
        while snipers != 0 {
            let s = snipers.trailing_zeros() as usize;
            snipers &= snipers - 1;
            let between = t.between[k][s] & occ;
            if between != 0 && between & (between - 1) == 0 {
                pinned |= between;
            }
        }
    }
    pinned
}

pub(super) fn generate<const NOISY: bool, const WHITE: bool>(
    pos: &Bandit,
    out: &mut impl MoveSink<BanditMove>,
) {
    debug_assert_eq!(pos.stm == Color::White, WHITE);
    let t = &*TABLES;
    let us = if WHITE { Color::White } else { Color::Black };
    let them = us.flip();
    let b = pos;
    let own = b.colors[us.index()];
    let enemy = b.colors[them.index()];
    let occ = own | enemy;
    let empty = !occ & ((1u64 << 63) - 1);
    let k = &b.kinds;
    let enemy_tricksters = k[TRICKSTER] & enemy;
    let enemy_outlaws = k[OUTLAW] & enemy;
    let ctx = Ctx {
        pos,
        us,
        in_check: b.king_attacked(us),
        pinned: pinned(pos, t, us),
        enemy_outlaws,
    };
    // Where each family may land. Only pawns, knights and chancellors may take
    // a trickster (B4); kings may not take outlaws or tricksters (B1).
    let quiet = if NOISY { 0 } else { empty };
    let jumper_target = enemy | quiet;
    let plain_target = (enemy & !enemy_tricksters) | quiet;
    let king_target = (enemy & !enemy_tricksters & !enemy_outlaws) | quiet;

    // Kings.
    let mut kings = k[KING] & own;
    let single_king = kings & (kings - 1) == 0;
    while kings != 0 {
        let from = kings.trailing_zeros() as usize;
        kings &= kings - 1;
        let mut targets = t.king[from] & king_target;
        // With one king, a king move is legal when its new cell is safe with
        // the king lifted off its old one; a second king could be exposed
        // through the vacated cell, so then the full test runs.
        let occ_without = occ ^ (1u64 << from);
        while targets != 0 {
            let to = targets.trailing_zeros() as usize;
            targets &= targets - 1;
            let m = BanditMove::new(from, to, NORMAL);
            let legal = if single_king {
                !b.attacked_with(to, them, occ_without)
            } else {
                pos.king_safe_after(m)
            };
            if legal {
                out.push(m);
            }
        }
    }
    // Knights and chancellors (knight leaps; chancellors slide like rooks too).
    let mut jumpers = (k[KNIGHT] | k[CHANCELLOR]) & own;
    while jumpers != 0 {
        let from = jumpers.trailing_zeros() as usize;
        jumpers &= jumpers - 1;
        let mut targets = t.knight[from];
        if k[CHANCELLOR] & (1u64 << from) != 0 {
            targets |= t.rook(from, occ);
        }
        ctx.push_all(out, from, targets & jumper_target);
    }
    // Rooks and bishops.
    let mut rooks = k[ROOK] & own;
    while rooks != 0 {
        let from = rooks.trailing_zeros() as usize;
        rooks &= rooks - 1;
        ctx.push_all(out, from, t.rook(from, occ) & plain_target);
    }
    let mut bishops = k[BISHOP] & own;
    while bishops != 0 {
        let from = bishops.trailing_zeros() as usize;
        bishops &= bishops - 1;
        ctx.push_all(out, from, t.bishop(from, occ) & plain_target);
    }
    // Pawns: one step diagonally forward onto an empty cell, capture straight
    // forward or sideways (any enemy agent, tricksters included). Unpinned
    // pawns out of check go in bulk, by shifting the whole set; captures of
    // outlaws and everything else go one by one through the test.
    let pawns = k[PAWN] & own;
    let last = LAST_ROW[us.index()];
    let quiet_pawn = if NOISY { empty & last } else { empty };
    let bulk = if ctx.in_check { 0 } else { pawns & !ctx.pinned };
    let up: i32 = if us == Color::White { 7 } else { -7 };
    let patterns = [
        (up - 1, NOT_FILE_A, quiet_pawn),
        (up + 1, NOT_FILE_G, quiet_pawn),
        (up, ALL, enemy & !enemy_outlaws),
        (-1, NOT_FILE_A, enemy & !enemy_outlaws),
        (1, NOT_FILE_G, enemy & !enemy_outlaws),
    ];
    for (delta, from_mask, target) in patterns {
        bulk_steps(out, bulk & from_mask, delta, target, last);
    }
    let mut slow = pawns & !bulk;
    while slow != 0 {
        let from = slow.trailing_zeros() as usize;
        slow &= slow - 1;
        let targets = (t.pawn_move[us.index()][from] & quiet_pawn)
            | (t.pawn_capture[us.index()][from] & enemy);
        ctx.push_promoting(out, from, targets);
    }
    // Bulk pawns next to an enemy outlaw (the capture relation is symmetric:
    // the enemy's capture pattern from the outlaw's cell finds them).
    let mut outlaw_takers = 0;
    let mut o = enemy_outlaws;
    while o != 0 {
        outlaw_takers |= t.pawn_capture[them.index()][o.trailing_zeros() as usize];
        o &= o - 1;
    }
    outlaw_takers &= bulk;
    while outlaw_takers != 0 {
        let from = outlaw_takers.trailing_zeros() as usize;
        outlaw_takers &= outlaw_takers - 1;
        ctx.push_promoting(out, from, t.pawn_capture[us.index()][from] & enemy_outlaws);
    }
    // Sergeants: one step forward or diagonally forward, moving or capturing
    // (not a trickster); B2 double step from their own second rank. In bulk
    // like pawns, except captures of outlaws and pinned sergeants.
    let sergeants = k[SERGEANT] & own;
    let quiet_sergeant = if NOISY { empty & last } else { empty };
    let takeable = enemy & !enemy_tricksters;
    let bulk = if ctx.in_check {
        0
    } else {
        sergeants & !ctx.pinned
    };
    let plain = quiet_sergeant | (takeable & !enemy_outlaws);
    bulk_steps(out, bulk, up, plain, last);
    bulk_steps(out, bulk & NOT_FILE_A, up - 1, plain, last);
    bulk_steps(out, bulk & NOT_FILE_G, up + 1, plain, last);
    if !NOISY {
        let clear = bulk & SECOND_ROW[us.index()] & shift(empty, -up) & shift(empty, -2 * up);
        bulk_steps(out, clear, 2 * up, ALL, 0);
    }
    let mut slow = sergeants & !bulk;
    while slow != 0 {
        let from = slow.trailing_zeros() as usize;
        slow &= slow - 1;
        let targets = t.sergeant[us.index()][from] & (takeable | quiet_sergeant);
        ctx.push_promoting(out, from, targets);
        if !NOISY && SECOND_ROW[us.index()] & (1u64 << from) != 0 {
            let (one, two) = match us {
                Color::White => (from + W, from + 2 * W),
                Color::Black => (from - W, from - 2 * W),
            };
            if empty & (1u64 << one) != 0 && empty & (1u64 << two) != 0 {
                ctx.emit(out, BanditMove::new(from, two, NORMAL), true);
            }
        }
    }
    let mut outlaw_takers = 0;
    let mut o = enemy_outlaws;
    while o != 0 {
        outlaw_takers |= t.sergeant[them.index()][o.trailing_zeros() as usize];
        o &= o - 1;
    }
    outlaw_takers &= bulk;
    while outlaw_takers != 0 {
        let from = outlaw_takers.trailing_zeros() as usize;
        outlaw_takers &= outlaw_takers - 1;
        ctx.push_promoting(out, from, t.sergeant[us.index()][from] & enemy_outlaws);
    }
    // Outlaws: reflected diagonal slides (B6), and the two-agent capture (B7).
    let mut outlaws = k[OUTLAW] & own;
    while outlaws != 0 {
        let from = outlaws.trailing_zeros() as usize;
        outlaws &= outlaws - 1;
        if !NOISY {
            ctx.push_all(out, from, t.outlaw_slides(from, occ));
        }
        outlaw_captures(&ctx, t, from, out);
    }
    // Tricksters: archbishop moves onto empty cells; a trick where one lands (B5).
    let mut tricksters = k[TRICKSTER] & own;
    // Cells between two enemy pieces on a rank or a file: only there can a
    // trick happen; elsewhere trickster moves are plain.
    let enemy_pieces = enemy & !k[PAWN];
    let trick_cells = if tricksters == 0 {
        0
    } else {
        (shift(enemy_pieces & NOT_FILE_A, -1) & shift(enemy_pieces & NOT_FILE_G, 1))
            | (shift(enemy_pieces, W as i32) & shift(enemy_pieces, -(W as i32)))
    };
    while tricksters != 0 {
        let from = tricksters.trailing_zeros() as usize;
        tricksters &= tricksters - 1;
        let targets = (t.bishop(from, occ) | t.knight[from]) & empty;
        if !NOISY {
            ctx.push_all(out, from, targets & !trick_cells);
        }
        let mut tricks = targets & trick_cells;
        while tricks != 0 {
            let to = tricks.trailing_zeros() as usize;
            tricks &= tricks - 1;
            trickster_move::<NOISY>(&ctx, from, to, out);
        }
    }
}

/// B7: the outlaw on `from` takes the agents at distance 1 and 2 in one
/// orthogonal direction when one is White and one Black, neither the mover's
/// king nor a trickster; it ends on the farther cell. Inlined: the test is
/// cheaper than a call's set-up.
#[inline(always)]
fn outlaw_captures(ctx: &Ctx, t: &Tables, from: usize, out: &mut impl MoveSink<BanditMove>) {
    let b = ctx.pos;
    let occ = b.occupied();
    if t.orth_pairs[from] & occ == 0 {
        return; // no agent next to it on a rank or file
    }
    let us = ctx.us;
    let white = b.colors[0];
    let forbidden = b.kinds[TRICKSTER] | b.pieces(us, KING);
    for &pair in &t.outlaw_victims[from] {
        // Both occupied, exactly one White (a popcount costs more than two
        // tests), no trickster, not the mover's king.
        if occ & pair == pair && white & pair != 0 && white & pair != pair && forbidden & pair == 0
        {
            // The far victim is the one that is not a neighbour.
            let far = (pair & !t.orth_pairs[from]).trailing_zeros() as usize;
            ctx.emit(out, BanditMove::new(from, far, OUTLAW_CAPTURE), false);
        }
    }
}

/// Whether an enemy outlaw's two-agent capture (B7) could take a king of the
/// side to move: no check (B9), but the game would end (B11). Legality of
/// the outlaw's move is not tested (the answer may err towards true).
pub(super) fn outlaw_threatens_king(pos: &Bandit) -> bool {
    let us = pos.stm;
    let them = us.flip();
    let kings = pos.pieces(us, KING);
    let mut outlaws = pos.pieces(them, OUTLAW);
    if kings == 0 {
        return false;
    }
    while outlaws != 0 {
        let from = outlaws.trailing_zeros() as usize;
        outlaws &= outlaws - 1;
        if outlaw_takes_king(pos, them, from, kings) {
            return true;
        }
    }
    false
}

/// Whether the outlaw of colour `mover` on `from` can take one of `kings`
/// now by its two-agent capture (B7): both cells occupied, exactly one of
/// them White, no trickster, not the mover's own king. The emitting loop of
/// [`outlaw_captures`] applies the same test with its operands hoisted.
#[inline(always)]
pub(super) fn outlaw_takes_king(pos: &Bandit, mover: Color, from: usize, kings: u64) -> bool {
    let occ = pos.occupied();
    let white = pos.colors[0];
    let forbidden = pos.kinds[TRICKSTER] | pos.pieces(mover, KING);
    TABLES.outlaw_victims[from].iter().any(|&pair| {
        pair & kings != 0
            && occ & pair == pair
            && white & pair != 0
            && white & pair != pair
            && forbidden & pair == 0
    })
}

/// The trickster's move from `from` to the empty cell `to`, with every distinct
/// outcome of the trick as its own move (B5).
fn trickster_move<const NOISY: bool>(
    ctx: &Ctx,
    from: usize,
    to: usize,
    out: &mut impl MoveSink<BanditMove>,
) {
    let pos = ctx.pos;
    let them = pos.stm.flip();
    let enemy_pieces = pos.colors[them.index()] & !pos.kinds[PAWN];
    let (file, row) = (to % W, to / W);
    // Choices per line: [0] if the line does not qualify or both are the same
    // type; [1, 2] if the mover must pick which of the two changes.
    let line = |ok: bool, lo: usize, hi: usize| -> &'static [u32] {
        let qualifies = ok && enemy_pieces & (1u64 << lo) != 0 && enemy_pieces & (1u64 << hi) != 0;
        if qualifies && pos.mailbox[lo] != pos.mailbox[hi] {
            &[1, 2]
        } else {
            &[0]
        }
    };
    let horizontal = line(file > 0 && file + 1 < W, to.wrapping_sub(1), to + 1);
    let vertical = line(row > 0 && row + 1 < 9, to.wrapping_sub(W), to + W);
    if horizontal == [0] && vertical == [0] {
        if !NOISY {
            ctx.emit(out, BanditMove::new(from, to, NORMAL), true);
        }
        return;
    }
    let kings = pos.pieces(them, KING).count_ones() as i32;
    let king_delta = |choice: u32, lo: usize, hi: usize| -> i32 {
        let (changed, model) = match choice {
            1 => (lo, hi),
            2 => (hi, lo),
            _ => return 0,
        };
        (kind_of(pos.mailbox[model]) == KING) as i32
            - (kind_of(pos.mailbox[changed]) == KING) as i32
    };
    for &h in horizontal {
        for &v in vertical {
            // B5 / B14: the whole outcome may not leave the opponent kingless.
            let after = kings
                + king_delta(h, to.wrapping_sub(1), to + 1)
                + king_delta(v, to.wrapping_sub(W), to + W);
            if after >= 1 {
                ctx.emit(out, BanditMove::trick(from, to, h, v), false);
            }
        }
    }
}
