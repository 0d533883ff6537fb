//! Bandit Chess unit tests on whole positions: FEN errors and fuzz, perft,
//! random walks, worst-case move lists, the slow reference, evaluation
//! symmetry and XBoard move forms; helpers in `tests.rs`.

use super::tests::*;
use super::*;
use crate::rules::{GenKind, MoveList, Position, MAX_MOVES};
use crate::tools::perft::perft;

#[test]
fn fen_errors_are_typed() {
    let ok = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";
    assert!(Bandit::from_fen(ok).is_ok());
    assert!(matches!(
        Bandit::from_fen(""),
        Err(FenError::MissingField(_))
    ));
    assert!(matches!(
        Bandit::from_fen("ctbkorc/n1sss1n/ppppppp/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RankCount { .. })
    ));
    assert!(matches!(
        Bandit::from_fen("ctbkorc/n1sss1n/ppppppp/8/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RankLength { .. })
    ));
    assert!(matches!(
        Bandit::from_fen("ctbqorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::UnknownPiece('q'))
    ));
    assert!(matches!(
        Bandit::from_fen("ctbrorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1"),
        Err(FenError::RoyalCount { .. })
    ));
    for bad in [
        "k1P4/7/7/7/7/7/7/7/6K w - - 0 1",
        "k6/7/7/7/7/7/7/7/2p3K w - - 0 1",
    ] {
        assert!(
            matches!(Bandit::from_fen(bad), Err(FenError::Illegal(_))),
            "{bad}"
        );
    }
    assert!(Bandit::from_fen(&ok.replace(" w ", " x ")).is_err());
    assert!(Bandit::from_fen(&ok.replace(" - - ", " KQ - ")).is_err());
    assert!(Bandit::from_fen(&format!("{ok} extra")).is_err());
    // A sergeant on its last rank is accepted: tricks make them (B14). This
    // one arose in a random walk (a black trick turned a white piece on a9
    // into a sergeant), so its FEN must read back.
    let reached = "S1bkc2/t1s3n/S2pps1/2s2o1/7/P1P4/1nS2p1/N4T1/3KBC1 w - - 2 29";
    assert_eq!(
        Bandit::from_fen(reached).map(|p| p.to_fen()),
        Ok(reached.to_string())
    );
    assert!(Bandit::from_fen("k6/7/7/7/7/7/7/7/2s3K w - - 0 1").is_ok());
    // More than 21 agents a side cannot arise.
    assert!(matches!(
        Bandit::from_fen("k6/7/7/7/PPPPPPP/PPPPPPP/PPPPPPP/K6/7 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    // A sergeant on its last rank is accepted: tricks make them (B14). This
    // one arose in a random walk (a black trick turned a white piece on a9
    // into a sergeant), so its FEN must read back.
    let reached = "S1bkc2/t1s3n/S2pps1/2s2o1/7/P1P4/1nS2p1/N4T1/3KBC1 w - - 2 29";
    assert_eq!(
        Bandit::from_fen(reached).map(|p| p.to_fen()),
        Ok(reached.to_string())
    );
    assert!(Bandit::from_fen("k6/7/7/7/7/7/7/7/2s3K w - - 0 1").is_ok());
    // More than 21 agents a side cannot arise.
    assert!(matches!(
        Bandit::from_fen("k6/7/7/7/PPPPPPP/PPPPPPP/PPPPPPP/K6/7 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    // Two kings (after a trick) are fine.
    assert!(Bandit::from_fen("k5k/7/7/7/7/7/7/7/6K w - - 0 1").is_ok());
}

#[test]
fn fen_fuzz_never_panics() {
    let base = Bandit::START_FEN;
    let mut s = 0x1234_5678u64;
    let alphabet = b"kcrbnstopKCRBNSTOP0123456789/ -wx*";
    for i in 0..5000 {
        let mut bytes = base.as_bytes().to_vec();
        let r = crate::rules::zobrist::splitmix64(&mut s);
        match i % 3 {
            0 => bytes.truncate((r % bytes.len() as u64) as usize),
            1 => {
                let at = (r % bytes.len() as u64) as usize;
                bytes[at] = alphabet[(r >> 32) as usize % alphabet.len()];
            }
            _ => {
                let at = (r % bytes.len() as u64) as usize;
                bytes.insert(at, alphabet[(r >> 32) as usize % alphabet.len()]);
            }
        }
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(p) = Bandit::from_fen(&text) {
                let _ = moves(&p);
            }
        }
    }
}

#[test]
fn small_perfts() {
    let p = Bandit::startpos();
    assert_eq!(perft(&p, 1), 17);
    assert_eq!(perft(&p, 2), 289);
    assert_eq!(perft(&p, 3), 5_625);
}

#[test]
fn random_walks_keep_invariants() {
    let mut s = 99u64;
    let mut seen = [0; 3];
    for _ in 0..40 {
        let mut p = Bandit::startpos();
        for _ in 0..80 {
            check_invariants(&p);
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let r = crate::rules::zobrist::splitmix64(&mut s);
            // Prefer noisy moves so tricks and outlaw captures come up.
            let noisy: Vec<_> = list.iter().copied().filter(|&m| p.is_noisy(m)).collect();
            let m = if !noisy.is_empty() && r.is_multiple_of(3) {
                noisy[(r >> 8) as usize % noisy.len()]
            } else {
                list[(r >> 8) as usize % list.len()]
            };
            if m.is_trick() {
                seen[0] += 1;
            }
            if m.is_outlaw_capture() {
                seen[1] += 1;
            }
            if kind_of(p.mailbox[m.to()]) == OUTLAW && !m.is_outlaw_capture() {
                seen[2] += 1;
            }
            p = p.play(m);
        }
    }
    // The walks reach tricks, outlaw captures and captures of outlaws.
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
}

#[test]
fn move_list_worst_case_fits() {
    // The largest list `search_worst_case` (a hill climb over positions with
    // at most 21 agents a side, the start count, which no rule increases)
    // found: a swarm of chancellors, 245 moves. That count is the generator's,
    // not derived by hand; the independent slow reference (slow.rs) agrees.
    // Tricks multiply moves by at most 4 per destination but need two enemy
    // pieces beside it, so they fan out far less: the trick fan (a trickster
    // on c5 whose diagonals all end between black pieces) has 31, derived in
    // `trick_fan_moves_by_hand`.
    for (fen, expected) in [
        (
            "COoOTOk/1C5/4C2/3C1CC/2C4/3C3/COC1C2/3C1C1/K3C1C w - - 0 1",
            245,
        ),
        (
            "5n1/4o1s/1b1b1n1/k1s1n2/1tTt3/o1s1b2/1t1s1t1/4b1n/K4o1 w - - 0 1",
            31,
        ),
    ] {
        let p = Bandit::from_fen(fen).unwrap();
        let n = moves(&p).len();
        assert!(n <= MAX_MOVES);
        assert_eq!(n, expected, "{fen}");
        assert_eq!(moves(&p), super::slow::reference_moves(&p), "{fen}");
        check_invariants(&p);
    }
}

/// The trick fan's 31 moves, derived from the rules.
///
/// White has Ka1 and Tc5 only. Nothing black checks a1 or can after a move
/// (rank 1 holds only the outlaw f1, which never checks, B9; the a1-g7
/// diagonal and the a file are empty up to the outlaw a4), so every move
/// below is legal, and no trick below makes a black piece that reaches a1.
/// - King: a2, b1, b2. None is attacked: the sergeants d3 and c4 take
///   downwards (c2 d2 e2, b3 c3 d3), the bishop e2 reaches d1 only, the
///   knight g2 e1 e3 f4, the rest is farther.
/// - Trickster (archbishop, empty squares only, B4): its eight knight
///   squares a6 a4 b7 d7 e6 e4 b3 d3 are all occupied; its diagonals reach
///   d6 e7 f8 g9, b6 a7, d4 e3 f2 g1, b4 a3 (twelve squares). On each, a
///   line whose two neighbours are black pieces of different types gives a
///   choice of two (B5), same types or an edge or an empty square give none:
///   d6 (c6 s | e6 n, d5 t | d7 b) 2x2 = 4; e7 (d7 b | f7 n, e6 n | e8 o) 4;
///   f8 (e8 o | g8 s; f7 n | f9 n same) 2; g9 (edge; edge) 1;
///   b6 (a6 k | c6 s, b5 t | b7 b): turning the only king a6 into a sergeant
///   leaves Black kingless and is not allowed, so 1x2 = 2; a7 (edge, a8
///   empty) 1; d4 (c4 s | e4 b, d3 s | d5 t) 4; e3 (d3 s | f3 t; e2 b | e4 b
///   same) 2; f2 (e2 b | g2 n, f1 o | f3 t) 4; g1 (edges) 1; b4 (a4 o | c4 s;
///   b3 t | b5 t same) 2; a3 (edge, a2 empty) 1. That is 28.
///
/// 3 + 28 = 31.
#[test]
fn trick_fan_moves_by_hand() {
    let p = Bandit::from_fen("5n1/4o1s/1b1b1n1/k1s1n2/1tTt3/o1s1b2/1t1s1t1/4b1n/K4o1 w - - 0 1")
        .unwrap();
    assert_eq!(moves_from(&p, "a1"), sorted(&["a1a2", "a1b1", "a1b2"]));
    let trickster = moves_from(&p, "c5");
    let ending_on = |to: &str| trickster.iter().filter(|m| &m[2..4] == to).count();
    let per_destination = [
        ("d6", 4),
        ("e7", 4),
        ("f8", 2),
        ("g9", 1),
        ("b6", 2),
        ("a7", 1),
        ("d4", 4),
        ("e3", 2),
        ("f2", 4),
        ("g1", 1),
        ("b4", 2),
        ("a3", 1),
    ];
    for (to, n) in per_destination {
        assert_eq!(ending_on(to), n, "c5{to}: {trickster:?}");
    }
    assert_eq!(trickster.len(), 28, "{trickster:?}");
    // b6: only the sergeant c6 may change (into a king), each with b5/b7.
    assert!(trickster
        .iter()
        .filter(|m| m.starts_with("c5b6"))
        .all(|m| m.contains("@c6")));
    assert_eq!(moves(&p).len(), 31);
}

#[test]
#[ignore]
fn search_worst_case() {
    // Hill-climb over positions: White has a king, tricksters and chancellors,
    // Black a king and varied pieces; maximise the legal move count.
    let mut s = 7u64;
    let mut rnd = move |n: u64| crate::rules::zobrist::splitmix64(&mut s) % n;
    let letters_w = ['T', 'T', 'T', 'C', 'C', 'Q'];
    let letters_b = ['c', 'r', 'b', 'n', 's', 'o', 't', 'k'];
    let mut best_fen = String::new();
    let mut best = 0;
    for _restart in 0..60 {
        let mut cells: Vec<Option<char>> = vec![None; 63];
        cells[0] = Some('K');
        cells[62] = Some('k');
        for _ in 0..6 {
            let i = 1 + rnd(61) as usize;
            cells[i] = Some(letters_w[rnd(6) as usize]);
        }
        for _ in 0..12 {
            let i = 1 + rnd(61) as usize;
            cells[i] = Some(letters_b[rnd(8) as usize]);
        }
        let count = |cells: &Vec<Option<char>>| -> Option<(usize, String)> {
            let mut pieces = Vec::new();
            let names: Vec<String> = (0..63)
                .map(|i| Sq::from_index_unchecked(i).name())
                .collect();
            for i in 0..63 {
                if let Some(c) = cells[i] {
                    pieces.push((names[i].as_str(), c));
                }
            }
            let fen = fen_of(&pieces, 'w');
            let p = Bandit::from_fen(&fen).ok()?;
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            Some((list.len(), fen))
        };
        let mut cur = count(&cells).map(|c| c.0).unwrap_or(0);
        for _ in 0..8000 {
            let mut next = cells.clone();
            let i = 1 + rnd(61) as usize;
            if i == 62 {
                continue;
            }
            next[i] = match rnd(3) {
                0 => None,
                1 => Some(match letters_w[rnd(6) as usize] {
                    'Q' => ['R', 'B', 'N', 'O', 'S'][rnd(5) as usize],
                    c => c,
                }),
                _ => Some(letters_b[rnd(8) as usize]),
            };
            let wc = next
                .iter()
                .filter(|c| matches!(c, Some(x) if x.is_ascii_uppercase()))
                .count();
            let bc = next
                .iter()
                .filter(|c| matches!(c, Some(x) if x.is_ascii_lowercase()))
                .count();
            if wc > 21 || bc > 21 {
                continue;
            }
            if let Some((n, fen)) = count(&next) {
                if n >= cur {
                    cur = n;
                    cells = next;
                    if n > best {
                        best = n;
                        best_fen = fen;
                    }
                }
            }
        }
    }
    eprintln!("best {best}: {best_fen}");
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
                assert_eq!(m, super::slow::reference_moves(&p), "{}", p.to_fen());
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

/// The position turned 180° with the colours swapped (the start position is
/// symmetric this way).
fn rotated(p: &Bandit) -> Bandit {
    let fen = p.to_fen();
    let (board, side) = crate::rules::fen::colours_swapped(&fen, true);
    let f: Vec<&str> = fen.split(' ').collect();
    Bandit::from_fen(&format!("{board} {side} - - {} {}", f[4], f[5])).unwrap()
}

#[test]
fn evaluation_is_colour_symmetric() {
    use crate::rules::Evaluate;
    let p = Bandit::startpos();
    assert_eq!(p.evaluate(), eval::WEIGHTS[eval::TEMPO]);
    assert_eq!(
        rotated(&p).to_fen(),
        Bandit::START_FEN.replace(" w ", " b ")
    );
    let mut s = 5u64;
    for _ in 0..10 {
        let mut p = Bandit::startpos();
        for _ in 0..40 {
            let q = rotated(&p);
            assert_eq!(p.evaluate(), q.evaluate(), "{}", p.to_fen());
            assert_eq!(moves(&p).len(), moves(&q).len(), "{}", p.to_fen());
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

#[test]
fn capture_gain_orders_by_material() {
    use crate::rules::Evaluate;
    // Pd4xd5 (trickster) gains about a trickster; Rb1xb6 (outlaw) loses the
    // rook with it (B8); promotions gain the new piece minus the pawn.
    let p = pos(
        &[
            ("a8", 'k'),
            ("d5", 't'),
            ("d4", 'P'),
            ("b6", 'o'),
            ("b1", 'R'),
            ("g8", 'P'),
            ("a1", 'K'),
        ],
        'w',
    );
    let gain = |m: &str| p.capture_gain(p.parse_move(m).unwrap());
    assert_eq!(
        gain("d4d5"),
        eval::value(TRICKSTER) - eval::value(PAWN) / 10
    );
    assert!(gain("b1b6") < 0);
    assert_eq!(gain("g8f9c"), eval::value(CHANCELLOR) - eval::value(PAWN));
    assert_eq!(gain("a1a2"), 0);
}
