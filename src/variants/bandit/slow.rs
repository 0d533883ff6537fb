//! An independent, slow move generator for tests only, written straight from
//! `docs/rules/bandit.md` by walking coordinates on the position's
//! mailbox: every piece's movement (B1-B8), the outlaw's one reflection (B6)
//! and check (B9, B10: some enemy agent other than an outlaw or trickster
//! could capture a king) are derived here again. It shares none of the
//! engine's attack tables, outlaw paths or check detection; moves are made
//! with the engine's `play`, whose result is read back as a mailbox only.

use super::*;

/// The rook's four and the bishop's four directions, the knight's eight
/// leaps, the king's eight steps.
const ROOK_DIRS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i32, i32); 4] = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
const KNIGHT_LEAPS: [(i32, i32); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_STEPS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, 1),
    (-1, -1),
    (1, -1),
];

/// B6: the squares an outlaw on `from` slides to along one diagonal, empty
/// squares only, reflecting once off an edge: when the next step would leave
/// the board across one edge, the component across that edge flips and the
/// slide goes on from the edge square; at a corner (both edges) it stops.
fn outlaw_slide(board: &[Piece; N], from: Sq, (mut dx, mut dy): (i32, i32)) -> Vec<Sq> {
    let mut out = Vec::new();
    let mut cur = from;
    let mut reflected = false;
    loop {
        if let Some(next) = cur.offset(dx, dy) {
            if board[next.index()] != EMPTY {
                break;
            }
            out.push(next);
            cur = next;
            continue;
        }
        let off_file = !(0..7).contains(&(cur.file() as i32 + dx));
        let off_rank = !(0..9).contains(&(cur.row() as i32 + dy));
        if reflected || (off_file && off_rank) {
            break;
        }
        if off_file {
            dx = -dx;
        } else {
            dy = -dy;
        }
        reflected = true;
    }
    out
}

/// B9: whether the agent on `from` could capture on `target` by its own
/// movement (pins ignored). Outlaws never check and tricksters never capture,
/// so both answer no; kings may take kings.
fn could_capture(board: &[Piece; N], from: Sq, target: Sq) -> bool {
    let pc = board[from.index()];
    let forward = if color_of(pc) == Color::White.index() {
        1
    } else {
        -1
    };
    let (dx, dy) = (
        target.file() as i32 - from.file() as i32,
        target.row() as i32 - from.row() as i32,
    );
    let slides = |dirs: &[(i32, i32)]| {
        dirs.iter().any(|&(sx, sy)| {
            let mut cur = from;
            while let Some(next) = cur.offset(sx, sy) {
                if next == target {
                    return true;
                }
                if board[next.index()] != EMPTY {
                    return false;
                }
                cur = next;
            }
            false
        })
    };
    match kind_of(pc) {
        KING => KING_STEPS.contains(&(dx, dy)),
        KNIGHT => KNIGHT_LEAPS.contains(&(dx, dy)),
        CHANCELLOR => KNIGHT_LEAPS.contains(&(dx, dy)) || slides(&ROOK_DIRS),
        ROOK => slides(&ROOK_DIRS),
        BISHOP => slides(&BISHOP_DIRS),
        // One square straight or diagonally forward.
        SERGEANT => dy == forward && dx.abs() <= 1,
        // Berolina plus: captures straight forward or straight sideways.
        PAWN => (dx == 0 && dy == forward) || (dy == 0 && dx.abs() == 1),
        _ => false,
    }
}

/// B9, B10: whether any king of `color` could be captured by an enemy agent.
fn in_check(board: &[Piece; N], color: Color) -> bool {
    let them = color.flip().index();
    Sq::all()
        .filter(|s| board[s.index()] == piece(color, KING))
        .any(|king| {
            Sq::all().any(|s| {
                let pc = board[s.index()];
                pc != EMPTY && color_of(pc) == them && could_capture(board, s, king)
            })
        })
}

/// The legal moves of `p`, sorted: pseudo-legal moves by the letter of the
/// rules, each kept if no king of the mover is in check after it (B9, B10).
pub fn reference_moves(p: &Bandit) -> Vec<String> {
    let us = p.stm;
    let them = us.flip();
    let at = |s: Sq| p.mailbox[s.index()];
    let is_enemy = |s: Sq| at(s) != EMPTY && color_of(at(s)) == them.index();
    let is_empty = |s: Sq| at(s) == EMPTY;
    let up = if us == Color::White { 1 } else { -1 };
    let last_row = if us == Color::White { 8 } else { 0 };
    let second_row = if us == Color::White { 1 } else { 7 };
    let mut pseudo: Vec<BanditMove> = Vec::new();
    let add = |pseudo: &mut Vec<BanditMove>, from: Sq, to: Sq, promotes: bool| {
        if promotes && to.row() == last_row {
            pseudo.push(BanditMove::new(from.index(), to.index(), PROMO_BISHOP));
            pseudo.push(BanditMove::new(from.index(), to.index(), PROMO_CHANCELLOR));
        } else {
            pseudo.push(BanditMove::new(from.index(), to.index(), NORMAL));
        }
    };
    let (rook_dirs, bishop_dirs) = (ROOK_DIRS, BISHOP_DIRS);
    let (knight, king) = (KNIGHT_LEAPS, KING_STEPS);
    for from in Sq::all() {
        let pc = at(from);
        if pc == EMPTY || color_of(pc) != us.index() {
            continue;
        }
        let kind = kind_of(pc);
        // Who may take what (B1, B4): kings neither outlaws nor tricksters;
        // rooks, bishops, sergeants no tricksters; pawns, knights, chancellors all.
        let may_take = |s: Sq| {
            is_enemy(s)
                && match kind {
                    KING => !matches!(kind_of(at(s)), TRICKSTER | OUTLAW),
                    ROOK | BISHOP | SERGEANT => kind_of(at(s)) != TRICKSTER,
                    _ => true,
                }
        };
        let leap = |pseudo: &mut Vec<BanditMove>, deltas: &[(i32, i32)], capture: bool| {
            for &(dx, dy) in deltas {
                if let Some(to) = from.offset(dx, dy) {
                    if is_empty(to) || (capture && may_take(to)) {
                        add(pseudo, from, to, false);
                    }
                }
            }
        };
        let slide = |pseudo: &mut Vec<BanditMove>, dirs: &[(i32, i32)], capture: bool| {
            for &(dx, dy) in dirs {
                let mut cur = from;
                while let Some(to) = cur.offset(dx, dy) {
                    if is_empty(to) {
                        pseudo.push(BanditMove::new(from.index(), to.index(), NORMAL));
                    } else {
                        if capture && may_take(to) {
                            pseudo.push(BanditMove::new(from.index(), to.index(), NORMAL));
                        }
                        break;
                    }
                    cur = to;
                }
            }
        };
        match kind {
            KING => leap(&mut pseudo, &king, true),
            KNIGHT => leap(&mut pseudo, &knight, true),
            CHANCELLOR => {
                leap(&mut pseudo, &knight, true);
                slide(&mut pseudo, &rook_dirs, true);
            }
            ROOK => slide(&mut pseudo, &rook_dirs, true),
            BISHOP => slide(&mut pseudo, &bishop_dirs, true),
            SERGEANT => {
                for dx in [-1, 0, 1] {
                    if let Some(to) = from.offset(dx, up) {
                        if is_empty(to) || may_take(to) {
                            add(&mut pseudo, from, to, true);
                        }
                    }
                }
                if from.row() == second_row {
                    if let (Some(one), Some(two)) = (from.offset(0, up), from.offset(0, 2 * up)) {
                        if is_empty(one) && is_empty(two) {
                            add(&mut pseudo, from, two, false);
                        }
                    }
                }
            }
            PAWN => {
                for dx in [-1, 1] {
                    if let Some(to) = from.offset(dx, up) {
                        if is_empty(to) {
                            add(&mut pseudo, from, to, true);
                        }
                    }
                }
                for (dx, dy) in [(0, up), (-1, 0), (1, 0)] {
                    if let Some(to) = from.offset(dx, dy) {
                        if may_take(to) {
                            add(&mut pseudo, from, to, true);
                        }
                    }
                }
            }
            OUTLAW => {
                let mut seen = Vec::new();
                for d in bishop_dirs {
                    for to in outlaw_slide(&p.mailbox, from, d) {
                        if !seen.contains(&to) {
                            seen.push(to);
                            add(&mut pseudo, from, to, false);
                        }
                    }
                }
                for (dx, dy) in rook_dirs {
                    let (Some(near), Some(far)) =
                        (from.offset(dx, dy), from.offset(2 * dx, 2 * dy))
                    else {
                        continue;
                    };
                    let (a, b) = (at(near), at(far));
                    let ok = |x: Piece| {
                        kind_of(x) != TRICKSTER
                            && !(kind_of(x) == KING && color_of(x) == us.index())
                    };
                    if a != EMPTY && b != EMPTY && color_of(a) != color_of(b) && ok(a) && ok(b) {
                        pseudo.push(BanditMove::new(from.index(), far.index(), OUTLAW_CAPTURE));
                    }
                }
            }
            TRICKSTER => {
                let mut dests = Vec::new();
                for &(dx, dy) in &knight {
                    if let Some(to) = from.offset(dx, dy) {
                        if is_empty(to) {
                            dests.push(to);
                        }
                    }
                }
                for (dx, dy) in bishop_dirs {
                    let mut cur = from;
                    while let Some(to) = cur.offset(dx, dy) {
                        if !is_empty(to) {
                            break;
                        }
                        dests.push(to);
                        cur = to;
                    }
                }
                for to in dests {
                    let piece_at =
                        |s: Option<Sq>| s.filter(|&s| is_enemy(s) && kind_of(at(s)) != PAWN);
                    let choices = |lo: Option<Sq>, hi: Option<Sq>| -> Vec<u32> {
                        match (piece_at(lo), piece_at(hi)) {
                            (Some(a), Some(b)) if at(a) != at(b) => vec![1, 2],
                            _ => vec![0],
                        }
                    };
                    let h = choices(to.offset(-1, 0), to.offset(1, 0));
                    let v = choices(to.offset(0, -1), to.offset(0, 1));
                    for &hc in &h {
                        for &vc in &v {
                            let m = if hc == 0 && vc == 0 {
                                BanditMove::new(from.index(), to.index(), NORMAL)
                            } else {
                                BanditMove::trick(from.index(), to.index(), hc, vc)
                            };
                            // B5: never leave the opponent without a king.
                            let after = p.play(m).mailbox;
                            if after.contains(&piece(them, KING)) {
                                pseudo.push(m);
                            }
                        }
                    }
                }
            }
            _ => unreachable!(),
        }
    }
    let mut v: Vec<String> = pseudo
        .into_iter()
        .filter(|&m| !in_check(&p.play(m).mailbox, us))
        .map(|m| p.format_move(m))
        .collect();
    v.sort();
    v
}
