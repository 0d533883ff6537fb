//! An independent Bandit move generator written from the rules; the fast one must agree.

use super::*;

/// A slow, independent move generator written straight from the rules with
/// the coordinate walker: pseudo-legal moves, each kept if no king of the
/// mover is attacked after `play` (B9, B10). The fast generator must agree.
fn reference_moves(p: &Bandit) -> Vec<String> {
    let us = p.stm;
    let them = us.flip();
    let at = |s: Sq| p.board[s.index()];
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
    let rook_dirs = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let bishop_dirs = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let king = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (-1, 1),
        (-1, -1),
        (1, -1),
    ];
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
                for (dx, dy) in bishop_dirs {
                    for to in attacks::outlaw_path(from, dx, dy) {
                        if !is_empty(to) {
                            break;
                        }
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
                            if p.play(m).bb.pieces(them, KING) != 0 {
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
        .filter(|&m| !p.play(m).bb.king_attacked(us))
        .map(|m| p.format_move(m))
        .collect();
    v.sort();
    v
}

#[test]
fn fast_generator_matches_the_reference() {
    let mut s = 2024u64;
    let (mut positions, mut checks, mut tricks) = (0, 0, 0);
    for fen in [
        Bandit::START_FEN,
        "5n1/4o1s/1b1b1n1/k1s1n2/1tTt3/o1s1b2/1t1s1t1/4b1n/K4o1 w - - 0 1",
        "6K/7/3P3/3n3/1cSObN1/3P3/3r3/7/k6 w - - 0 1",
    ] {
        for _ in 0..25 {
            let mut p = Bandit::from_fen(fen).unwrap();
            for _ in 0..70 {
                let m = moves(&p);
                assert_eq!(m, reference_moves(&p), "{}", p.to_fen());
                positions += 1;
                checks += p.in_check() as usize;
                tricks += m.iter().any(|m| m.contains('@')) as usize;
                let mut list = MoveList::new();
                p.generate(GenKind::All, &mut list);
                if list.is_empty() {
                    break;
                }
                let r = crate::rules::zobrist::splitmix64(&mut s);
                p = p.play(list[(r >> 8) as usize % list.len()]);
            }
        }
    }
    assert!(positions > 2000);
    // The walks meet checks and tricks, so those paths are compared too.
    assert!(checks > 50 && tricks > 50, "{checks} {tricks}");
}
