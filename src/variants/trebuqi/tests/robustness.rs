//! Trebuqi FEN errors and fuzzing, notation and packing, a slow reference
//! generator the fast one must agree with, and attack tables.

use super::*;

#[test]
fn fen_errors_are_typed() {
    let err = |fen: &str| Trebuqi1::from_fen(fen).unwrap_err();
    let tail = " w - - 0 1";
    let board = |pieces: &[(&str, char)]| {
        write_board::<Hex91>(|sq| {
            pieces
                .iter()
                .find(|(n, _)| Sq::parse(n).unwrap() == sq)
                .map(|p| p.1)
        })
    };
    // A piece on a hole (a11).
    assert!(matches!(
        err(&START.replacen("*****rtggtr", "r****rtggtr", 1)),
        FenError::PieceOnHole(_)
    ));
    // Wrong number of cells in a rank.
    assert!(matches!(
        err(&START.replacen("*10/11/10*", "*10/10/10*", 1)),
        FenError::RankLength { rank: 6, .. }
    ));
    // A General across its near River (e5), a Trebuchet past its far River (d8),
    // a Point behind its start rank (a3).
    for bad in [
        ("e5", 'G'),
        ("d8", 'T'),
        ("a3", 'P'),
        ("g7", 'g'),
        ("f4", 't'),
        ("h10", 'p'),
    ] {
        // Two Generals a side in all: the bad one replaces d1 or i11.
        let mut pieces = with_generals(&[bad]);
        pieces.retain(|p| !(p.1 == bad.1 && (p.0 == "d1" || p.0 == "i11")));
        let fen = board(&pieces) + tail;
        assert!(matches!(err(&fen), FenError::Illegal(_)), "{bad:?}");
    }
    // More than two Generals a side.
    let fen = board(&with_generals(&[("e1", 'G')])) + tail;
    assert!(matches!(err(&fen), FenError::RoyalCount { found: 3, .. }));
    // Castling and en passant are always '-'.
    assert!(matches!(
        err(&START.replace(" w - - ", " w KQ - ")),
        FenError::BadField { .. }
    ));
    assert!(matches!(
        err(&START.replace(" w - - ", " w - e3 ")),
        FenError::BadField { .. }
    ));
    assert!(matches!(err(""), FenError::MissingField(_)));
    assert!(err(&format!("{START} extra")).to_string().contains("extra"));
    // Absurd material that could overflow the move list: refused, not a panic.
    let many: Vec<(&str, char)> = [
        "a6", "b6", "c6", "d6", "e6", "f6", "g6", "h6", "i6", "j6", "k6", "b7", "c7", "d7", "e7",
        "f7", "g7", "h7",
    ]
    .iter()
    .map(|&s| (s, 'R'))
    .chain(GENERALS)
    .collect();
    assert!(matches!(err(&(board(&many) + tail)), FenError::Illegal(_)));
    // One General a side is fine (royal in every rule).
    assert!(Trebuqi2::from_fen(&(board(&[("c1", 'G'), ("h11", 'g')]) + tail)).is_ok());
}

#[test]
fn fen_fuzz_never_panics() {
    let mut s = 0x1234_5678u64;
    let alphabet: Vec<char> = "*/0123456789prtvcgPRTVCGxw- ".chars().collect();
    for i in 0..3000 {
        let mut fen: Vec<char> = START.chars().collect();
        let n = zobrist::splitmix64(&mut s) as usize;
        match i % 3 {
            0 => fen.truncate(n % fen.len()),
            1 => {
                let at = n % fen.len();
                fen[at] = alphabet[(n >> 20) % alphabet.len()];
            }
            _ => {
                let at = n % fen.len();
                fen.insert(at, alphabet[(n >> 20) % alphabet.len()]);
                let at2 = (n >> 40) % fen.len();
                fen.remove(at2);
            }
        }
        let text: String = fen.into_iter().collect();
        if let Ok(p) = Trebuqi2::from_fen(&text) {
            let again = Trebuqi2::from_fen(&p.to_fen()).unwrap();
            assert_eq!(again.to_fen(), p.to_fen());
            let _ = moves(&p);
        }
    }
}

#[test]
fn notation_and_packing() {
    let p = Trebuqi1::startpos();
    let m = p.parse_move("b2d4").unwrap();
    assert_eq!(p.format_move(m), "b2d4");
    assert!(p.parse_move("b2d4q").is_err());
    assert!(p.parse_move("b1e4").is_err());
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    for &m in &list {
        assert_eq!(TrebuqiMove::unpack(m.pack()), Some(m));
        assert!(p.is_legal(m));
    }
    assert_eq!(TrebuqiMove::unpack(0), None);
    // A Black move of the notation's example: f11 is a black rook's cell.
    let (after, _) = play_line(&p, &["a4a5"]).unwrap();
    assert!(after.parse_move("k8k7").is_ok());
}

/// The slow reference for legality: play each pseudo-legal move and look at
/// the board afterwards (facing of any General; royal Generals attacked).
fn slow_moves<const RULE: u8>(p: &Trebuqi<RULE>) -> Vec<String> {
    if p.static_outcome().is_some() {
        return vec![];
    }
    let us = p.side_to_move();
    let mut v = Vec::new();
    for from in Sq::all() {
        for to in Sq::all() {
            let (f, t) = (from.index(), to.index());
            let piece = p.board[f];
            if piece == EMPTY || piece as usize / 6 != us.index() {
                continue;
            }
            let target = p.board[t];
            if target != EMPTY && target as usize / 6 == us.index() {
                continue;
            }
            if !pseudo(p, f, t) {
                continue;
            }
            let after = p.play(TrebuqiMove::new(f, t));
            let royal = p.royal(us);
            let bad = after.facing(us)
                || (royal && {
                    let mut g = after.pieces(us, Kind::General);
                    let mut hit = false;
                    while g != 0 {
                        let s = g.trailing_zeros() as usize;
                        g &= g - 1;
                        hit |= after.attacked(s, after.occupied(), us.flip());
                    }
                    hit
                });
            if !bad {
                v.push(format!("{from}{to}"));
            }
        }
    }
    v.sort();
    v
}

/// Pseudo-legality straight from the rules text, by walking coordinates.
fn pseudo<const RULE: u8>(p: &Trebuqi<RULE>, f: usize, t: usize) -> bool {
    use crate::geometry::tables::{HEX_DIAGONAL, HEX_ORTHOGONAL};
    let from = Sq::from_index(f).unwrap();
    let piece = p.board[f] as usize;
    let white = piece < 6;
    let capture = p.board[t] != EMPTY;
    let empty = |s: Sq| p.board[s.index()] == EMPTY;
    let row = Sq::from_index(t).unwrap().row();
    let walk = |dx: i32, dy: i32, n: i32| -> Option<Sq> {
        let mut c = from;
        for _ in 0..n {
            c = c.offset(dx, dy)?;
        }
        Some(c)
    };
    match piece % 6 {
        5 => {
            (if white { row <= 3 } else { row >= 7 })
                && HEX_ORTHOGONAL
                    .iter()
                    .any(|&(dx, dy)| walk(dx, dy, 1).map(|s| s.index()) == Some(t))
        }
        4 | 3 => HEX_ORTHOGONAL.iter().any(|&(dx, dy)| {
            let mut screens = 0;
            for n in 1..12 {
                let Some(s) = walk(dx, dy, n) else {
                    return false;
                };
                if s.index() == t {
                    return if piece % 6 == 4 {
                        screens == 0
                    } else {
                        (capture && screens == 1) || (!capture && screens == 0)
                    };
                }
                if !empty(s) {
                    screens += 1;
                }
            }
            false
        }),
        1 => {
            (if white { row <= 6 } else { row >= 4 })
                && HEX_ORTHOGONAL.iter().any(|&(dx, dy)| {
                    walk(dx, dy, 3).map(|s| s.index()) == Some(t)
                        && empty(walk(dx, dy, 1).unwrap())
                        && empty(walk(dx, dy, 2).unwrap())
                })
        }
        2 => {
            HEX_DIAGONAL
                .iter()
                .any(|&(dx, dy)| walk(dx, dy, 1).map(|s| s.index()) == Some(t))
                || HEX_ORTHOGONAL.iter().any(|&(dx, dy)| {
                    walk(dx, dy, 2).map(|s| s.index()) == Some(t) && empty(walk(dx, dy, 1).unwrap())
                })
        }
        _ => {
            let beyond = if white {
                from.row() >= 7
            } else {
                from.row() <= 3
            };
            let fwd: [(i32, i32); 2] = if white {
                [(0, 1), (1, 1)]
            } else {
                [(0, -1), (-1, -1)]
            };
            let side: &[(i32, i32)] = if beyond { &[(1, 0), (-1, 0)] } else { &[] };
            fwd.iter()
                .chain(side.iter())
                .any(|&(dx, dy)| walk(dx, dy, 1).map(|s| s.index()) == Some(t))
        }
    }
}

/// Random playouts in all three rules: the fast generator equals the slow
/// reference, the incremental hash equals the recomputed one, FENs round-trip.
fn playouts<const RULE: u8>(seed: u64) {
    let mut s = seed;
    for _ in 0..16 {
        let mut p = Trebuqi::<RULE>::startpos();
        for _ in 0..120 {
            let fast = moves(&p);
            assert_eq!(fast, slow_moves(&p), "{p:?}");
            assert_eq!(p.count_moves(), fast.len(), "{p:?}");
            assert_eq!(p.hash(), p.recompute_hash());
            assert_eq!(Trebuqi::<RULE>::from_fen(&p.to_fen()).unwrap(), p);
            let _ = p.evaluate();
            if fast.is_empty() {
                break;
            }
            // Prefer captures now and then, so Generals do get taken in rules 2 and 3.
            let mut list = MoveList::new();
            p.generate(GenKind::Noisy, &mut list);
            // Noisy moves are exactly the legal moves `is_noisy` accepts.
            let mut noisy: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
            noisy.sort();
            let expect: Vec<String> = fast
                .iter()
                .filter(|m| p.is_noisy(p.parse_move(m).unwrap()))
                .cloned()
                .collect();
            assert_eq!(noisy, expect);
            let r = zobrist::splitmix64(&mut s) as usize;
            let m = if !list.is_empty() && r.is_multiple_of(3) {
                list[(r >> 8) % list.len()]
            } else {
                p.parse_move(&fast[(r >> 8) % fast.len()]).unwrap()
            };
            p = p.play(m);
        }
    }
}

#[test]
fn q9_fast_generator_matches_slow_reference_rule1() {
    playouts::<1>(1);
}

#[test]
fn q9_fast_generator_matches_slow_reference_rule2() {
    playouts::<2>(2);
}

#[test]
fn q9_fast_generator_matches_slow_reference_rule3() {
    playouts::<3>(3);
}

#[test]
fn point_attack_table_inverts_point_moves() {
    let t = &**TABLES;
    for c in 0..2 {
        for a in Sq::all() {
            for b in Sq::all() {
                assert_eq!(
                    t.point[c][a.index()] & bit(b.index()) != 0,
                    t.point_attackers[c][b.index()] & bit(a.index()) != 0
                );
            }
        }
    }
}

#[test]
fn diagram_is_a_hexagon() {
    let d = Trebuqi1::startpos().diagram();
    let lines: Vec<&str> = d.lines().collect();
    // 11 ranks, 2 Rivers, the side to move.
    assert_eq!(lines.len(), 14, "{d}");
    assert!(
        lines[0].starts_with("11            r   t   g   g   t   r"),
        "{d}"
    );
    assert!(lines[0].trim_end().ends_with("f11-k11"));
    let rank6 = lines.iter().find(|l| l.starts_with(" 6")).unwrap();
    assert!(rank6.starts_with(" 6  .   .   .   .   .   .   .   .   .   .   ."));
    assert!(
        lines[12].starts_with(" 1            R   T   G   G   T   R"),
        "{d}"
    );
    assert_eq!(lines.iter().filter(|l| l.contains("River")).count(), 2);
    assert!(lines[13].starts_with("White to move"));
}

#[test]
fn q9_every_kind_of_attack_on_a_general() {
    // White Generals c1, d1 (royal under rule 1); each line adds one black piece
    // (and maybe a screen) and says whether a White General is attacked.
    let cases: [(&[(&str, char)], bool); 11] = [
        // Cannon c7 over the screen c4 on the c file; without it, no attack.
        (&[("c7", 'c'), ("c4", 'P')], true),
        (&[("c7", 'c')], false),
        // Two screens: no attack.
        (&[("c7", 'c'), ("c4", 'P'), ("c5", 'P')], false),
        // Rook d7 down the open d file; blocked by d4.
        (&[("d7", 'r')], true),
        (&[("d7", 'r'), ("d4", 'P')], false),
        // Vicbaba e3 (diagonal (1,2) of d1): unblockable, even with d2, e2 full.
        (&[("e3", 'v'), ("d2", 'T'), ("e2", 'T')], true),
        // Vicbaba f3: two cells along (1,1) from d1, blocked by e2 (a Vicbaba
        // on d3 would also hit c1 diagonally).
        (&[("f3", 'v')], true),
        (&[("f3", 'v'), ("e2", 'T')], false),
        // Black Points on ranks 1-4 are beyond their far River: c2 (forward),
        // b1 (sideways) attack c1; e3 attacks neither General.
        (&[("c2", 'p')], true),
        (&[("b1", 'p')], true),
        (&[("e3", 'p')], false),
    ];
    for (extra, attacked) in cases {
        let p: Trebuqi1 = build(&with_generals(extra), 'w');
        assert_eq!(p.in_check(), attacked, "{extra:?}");
        // Under rule 2 two Generals are never royal: never in check.
        let p2: Trebuqi2 = build(&with_generals(extra), 'w');
        assert!(!p2.in_check());
    }
    // A pinned piece still attacks (Q9): the black rook e8, the only piece
    // between the black General e9 and the white General e2, may not leave the
    // e file (facing), yet it attacks e2.
    let p: Trebuqi1 = build(
        &[
            ("c1", 'G'),
            ("e2", 'G'),
            ("e8", 'r'),
            ("e9", 'g'),
            ("h11", 'g'),
        ],
        'w',
    );
    assert!(p.in_check(), "the facing-pinned rook e8 attacks e2");
}

#[test]
fn move_list_bound() {
    // An upper bound by pieces: 2 Rooks and 2 Cannons reach at most 30 cells
    // each (five per ray from the centre), 2 Vicbabas 12, 2 Trebuchets 6,
    // 5 Points 4, 2 Generals 6: 60 + 60 + 24 + 12 + 20 + 12 = 188, far below
    // MAX_MOVES. A constructed open position with every White piece active:
    let p: Trebuqi2 = build(
        &[
            ("b3", 'G'),
            ("e3", 'G'),
            ("f6", 'R'),
            ("e5", 'R'),
            ("g6", 'C'),
            ("d7", 'C'),
            ("h5", 'V'),
            ("c5", 'V'),
            ("f4", 'T'),
            ("g7", 'T'),
            ("c8", 'P'),
            ("e9", 'P'),
            ("h9", 'P'),
            ("j10", 'P'),
            ("i7", 'P'),
            ("h11", 'g'),
            ("i11", 'g'),
        ],
        'w',
    );
    let n = moves(&p).len();
    assert!((100..=188).contains(&n), "{n}");
    const _: () = assert!(188 < crate::rules::MAX_MOVES);
}
