//! Bandit Chess unit tests, one group per ruling of
//! `docs/rules/bandit.md`: here the helpers and the move rules B1–B7;
//! `tests_check_and_end.rs` has B8–B14, `tests_positions.rs` FENs, perft,
//! walks, worst-case lists, the slow reference, evaluation and XBoard forms.
//! Positions are built from piece lists so the diagrams stay readable; every
//! expected move list is derived by hand in the comment above it. The perft
//! suite lives in `tests/perft.rs`.

use super::*;
use crate::rules::{GenKind, MoveList, Position};

/// A FEN from (square, letter) pairs; uppercase is White.
pub(super) fn fen_of(pieces: &[(&str, char)], stm: char) -> String {
    let mut grid = [[None; 7]; 9];
    for &(name, c) in pieces {
        let sq = Sq::parse(name).unwrap();
        assert!(
            grid[sq.row() as usize][sq.file() as usize].is_none(),
            "{name} twice"
        );
        grid[sq.row() as usize][sq.file() as usize] = Some(c);
    }
    let rows: Vec<String> = (0..9)
        .rev()
        .map(|r| {
            let mut s = String::new();
            let mut empty = 0;
            for cell in grid[r] {
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            s.push_str(&empty.to_string());
                            empty = 0;
                        }
                        s.push(c);
                    }
                }
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            s
        })
        .collect();
    format!("{} {stm} - - 0 1", rows.join("/"))
}

pub(super) fn pos(pieces: &[(&str, char)], stm: char) -> Bandit {
    let fen = fen_of(pieces, stm);
    Bandit::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

pub(super) fn moves(p: &Bandit) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// The legal moves starting from `from` (notation starts with its name).
pub(super) fn moves_from(p: &Bandit, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

pub(super) fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

pub(super) fn after(p: &Bandit, m: &str) -> Bandit {
    let mv = p
        .parse_move(m)
        .unwrap_or_else(|e| panic!("{m} in {}: {e}", p.to_fen()));
    let next = p.play(mv);
    assert_eq!(next.hash(), next.recompute_hash(), "hash after {m}");
    next
}

/// Checks every invariant we can about the legal moves of `p`: unique
/// notation, parse round trip, packing round trip, `is_legal`, hashes, and the
/// noisy subset.
pub(super) fn check_invariants(p: &Bandit) {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut names: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    let n = names.len();
    names.sort();
    names.dedup();
    assert_eq!(names.len(), n, "notation is unique in {}", p.to_fen());
    let mut noisy = MoveList::new();
    p.generate(GenKind::Noisy, &mut noisy);
    for &m in &list {
        assert_eq!(p.parse_move(&p.format_move(m)), Ok(m));
        assert_eq!(BanditMove::unpack(m.pack()), Some(m));
        assert!(p.is_legal(m));
        assert_eq!(noisy.contains(&m), p.is_noisy(m), "{m:?}");
        let next = p.play(m);
        assert_eq!(next.hash(), next.recompute_hash());
        // Every position reads back, except B11's lost positions without a
        // king, which are refused like any kingless FEN.
        match Bandit::from_fen(&next.to_fen()) {
            Err(FenError::RoyalCount { found: 0, .. }) => {
                assert!(next.static_outcome().is_some(), "{}", next.to_fen())
            }
            back => assert_eq!(back.map(|q| q.to_fen()), Ok(next.to_fen())),
        }
    }
    assert_eq!(noisy.len(), list.iter().filter(|&&m| p.is_noisy(m)).count());
}

#[test]
fn start_position_moves() {
    let p = Bandit::startpos();
    assert_eq!(p.to_fen(), Bandit::START_FEN);
    // Twelve diagonal pawn steps, Na2-b4, Ng2-f4, Rb1-b2, Oc1-b2 (the outlaw's
    // other diagonal meets its own sergeant; its reflections lead back onto
    // the same cells), Be1-f2. Chancellors, sergeants, king and trickster are
    // boxed in.
    assert_eq!(
        moves(&p),
        sorted(&[
            "a3b4", "b3a4", "b3c4", "c3b4", "c3d4", "d3c4", "d3e4", "e3d4", "e3f4", "f3e4", "f3g4",
            "g3f4", "a2b4", "g2f4", "b1b2", "c1b2", "e1f2"
        ])
    );
    check_invariants(&p);
}

#[test]
fn b1_king_may_not_take_outlaw_or_trickster() {
    // Kd1 next to a black outlaw (c2), trickster (d2) and knight (e2). c1 is
    // attacked by the knight; c2 and d2 are forbidden; e1 and the capture of
    // the knight remain (outlaws and tricksters give no check, B9).
    let p = pos(
        &[
            ("a9", 'k'),
            ("c2", 'o'),
            ("d2", 't'),
            ("e2", 'n'),
            ("d1", 'K'),
        ],
        'w',
    );
    assert_eq!(moves(&p), sorted(&["d1e1", "d1e2"]));
    check_invariants(&p);
}

#[test]
fn b2_sergeant_steps_captures_and_double_step() {
    // Sc2: forward c3, takes the knight on b3, may not take the trickster on
    // d3 (B4), double-steps to c4 through the empty c3.
    let p = pos(
        &[
            ("g9", 'k'),
            ("b3", 'n'),
            ("d3", 't'),
            ("c2", 'S'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert_eq!(moves_from(&p, "c2"), sorted(&["c2b3", "c2c3", "c2c4"]));
    // Blocked on c3: no double step; off the second rank: no double step.
    let p = pos(
        &[
            ("g9", 'k'),
            ("c3", 'n'),
            ("e3", 'S'),
            ("c2", 'S'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert_eq!(moves_from(&p, "c2"), sorted(&["c2b3", "c2c3", "c2d3"]));
    assert_eq!(moves_from(&p, "e3"), sorted(&["e3d4", "e3e4", "e3f4"]));
    // Black's sergeant on its second rank (8) goes down: d7, c7, e7, d6.
    let p = pos(&[("a9", 'k'), ("d8", 's'), ("g1", 'K')], 'b');
    assert_eq!(
        moves_from(&p, "d8"),
        sorted(&["d8c7", "d8d6", "d8d7", "d8e7"])
    );
    // B14: a sergeant on the last rank (made there by a trick) has no moves.
    let mut p = pos(&[("a9", 'k'), ("d9", 'B'), ("g1", 'K')], 'w');
    p.remove(
        Sq::parse("d9").unwrap().index(),
        piece(Color::White, BISHOP),
    );
    p.put(
        Sq::parse("d9").unwrap().index(),
        piece(Color::White, SERGEANT),
    );
    assert!(moves_from(&p, "d9").is_empty());
}

#[test]
fn b3_promotion_to_bishop_or_chancellor() {
    // Pc8: diagonal steps to b9 and d9 and the forward capture of the outlaw
    // on c9 all promote, two moves each (B14: also when the victim is an
    // outlaw); the sideways capture of the knight on d8 stays on rank 8.
    let p = pos(
        &[
            ("a9", 'k'),
            ("c9", 'o'),
            ("c8", 'P'),
            ("d8", 'n'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert_eq!(
        moves_from(&p, "c8"),
        sorted(&["c8b9b", "c8b9c", "c8c9b", "c8c9c", "c8d9b", "c8d9c", "c8d8"])
    );
    assert!(p.parse_move("c8b9").is_err());
    assert_eq!(
        after(&p, "c8b9c").to_fen(),
        "kCo4/3n3/7/7/7/7/7/7/6K b - - 0 1"
    );
    // The promoted chancellor took an outlaw: it is removed at once (B8).
    assert_eq!(
        after(&p, "c8c9c").to_fen(),
        "k6/3n3/7/7/7/7/7/7/6K b - - 0 1"
    );
    // A sergeant promotes too; Black promotes on rank 1.
    let p = pos(&[("a9", 'k'), ("b2", 's'), ("g9", 'K')], 'b');
    assert_eq!(
        moves_from(&p, "b2"),
        sorted(&["b2a1b", "b2a1c", "b2b1b", "b2b1c", "b2c1b", "b2c1c"])
    );
    check_invariants(&p);
}

#[test]
fn b4_trickster_captured_only_by_pawns_knights_chancellors() {
    // Black trickster on d5. Pd4 takes forward, Pe5 sideways, Nb4 leaps,
    // Cd9 slides down the file, Cf6 leaps: five captures.
    let p = pos(
        &[
            ("a8", 'k'),
            ("d5", 't'),
            ("d4", 'P'),
            ("e5", 'P'),
            ("b4", 'N'),
            ("d9", 'C'),
            ("f6", 'C'),
            ("a1", 'K'),
        ],
        'w',
    );
    let to_d5: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| m.ends_with("d5"))
        .collect();
    assert_eq!(to_d5, sorted(&["b4d5", "d4d5", "d9d5", "e5d5", "f6d5"]));
    check_invariants(&p);
    // Ra5, Bf7, Sc4 and Ke4 all reach d5 but may not take the trickster; the
    // outlaw on d7 may not take it with the pawn on d6 (B7).
    let p = pos(
        &[
            ("g9", 'k'),
            ("d5", 't'),
            ("a5", 'R'),
            ("f7", 'B'),
            ("c4", 'S'),
            ("e4", 'K'),
            ("d7", 'O'),
            ("d6", 'P'),
        ],
        'w',
    );
    assert!(
        moves(&p).iter().all(|m| !m.ends_with("d5")),
        "{:?}",
        moves(&p)
    );
    check_invariants(&p);
}

#[test]
fn b5_trick_with_a_choice_on_one_line() {
    // Tf1 reaches e2 c4 b5 a6 g2 (diagonals), d2 g3 (leaps); e3 is occupied.
    // On d3 it stands between the black knight c3 and rook e3: the trick is
    // mandatory and either may change.
    let p = pos(
        &[
            ("g9", 'k'),
            ("c3", 'n'),
            ("e3", 'r'),
            ("f1", 'T'),
            ("a1", 'K'),
        ],
        'w',
    );
    assert_eq!(
        moves_from(&p, "f1"),
        sorted(&["f1a6", "f1b5", "f1c4", "f1d2", "f1d3@c3", "f1d3@e3", "f1e2", "f1g2", "f1g3"])
    );
    assert!(p.parse_move("f1d3").is_err());
    let q = after(&p, "f1d3@c3");
    assert_eq!(q.to_fen(), "6k/7/7/7/7/7/2rTr2/7/K6 b - - 1 1");
    assert_eq!(
        after(&p, "f1d3@e3").to_fen(),
        "6k/7/7/7/7/7/2nTn2/7/K6 b - - 1 1"
    );
    check_invariants(&p);
}

#[test]
fn b5_trick_needs_two_enemy_pieces_of_different_types() {
    let base = [("g9", 'k'), ("f1", 'T'), ("a1", 'K')];
    for (c3, e3) in [('n', 'n'), ('p', 'r'), ('N', 'r'), ('r', 'p')] {
        let mut pieces = base.to_vec();
        pieces.push(("c3", c3));
        pieces.push(("e3", e3));
        let p = pos(&pieces, 'w');
        // Same type: nothing changes; a pawn or an own piece: no trick.
        let m = moves_from(&p, "f1");
        assert!(m.contains(&"f1d3".to_string()), "{c3}{e3}: {m:?}");
        assert!(m.iter().all(|s| !s.contains('@')), "{c3}{e3}: {m:?}");
    }
}

#[test]
fn b5_trick_on_both_lines() {
    // Te3-d5 (a knight leap) lands between Bc5/Re5 and Nd4/Cd6: two choices on
    // each line, four moves, changed squares in ascending order (d4 < c5 < e5 < d6).
    let p = pos(
        &[
            ("g9", 'k'),
            ("c5", 'b'),
            ("e5", 'r'),
            ("d4", 'n'),
            ("d6", 'c'),
            ("e3", 'T'),
            ("a1", 'K'),
        ],
        'w',
    );
    let tricks: Vec<String> = moves_from(&p, "e3")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(
        tricks,
        sorted(&["e3d5@c5@d6", "e3d5@d4@c5", "e3d5@d4@e5", "e3d5@e5@d6"])
    );
    // d4 becomes a chancellor, c5 a rook.
    assert_eq!(
        after(&p, "e3d5@d4@c5").to_fen(),
        "6k/7/7/3c3/2rTr2/3c3/7/7/K6 b - - 1 1"
    );
    check_invariants(&p);
}

#[test]
fn b5_trick_may_not_leave_the_opponent_kingless() {
    // A sole king between the trickster and a bishop: only the bishop may change.
    let p = pos(&[("c5", 'k'), ("e5", 'b'), ("e3", 'T'), ("g1", 'K')], 'w');
    let tricks: Vec<String> = moves_from(&p, "e3")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(tricks, sorted(&["e3d5@e5"]));
    // Black now has two kings.
    let q = after(&p, "e3d5@e5");
    assert_eq!(q.pieces(Color::Black, KING).count_ones(), 2);
    // B14, judged on the whole outcome: kings c5 and d6, bishop e5, rook d4.
    // Changing both kings (@c5@d6) leaves none; the other three are moves.
    let p = pos(
        &[
            ("c5", 'k'),
            ("d6", 'k'),
            ("e5", 'b'),
            ("d4", 'r'),
            ("e3", 'T'),
            ("g1", 'K'),
        ],
        'w',
    );
    let tricks: Vec<String> = moves_from(&p, "e3")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(tricks, sorted(&["e3d5@d4@c5", "e3d5@d4@e5", "e3d5@e5@d6"]));
    check_invariants(&p);
}

#[test]
fn b5_trick_changes_outlaws_and_tricksters_and_uses_edges() {
    // Tc1-a3 (diagonal) stands on the a-file: no west-east line, but a2/a4 is
    // a line: black outlaw a2 and black trickster a4.
    let p = pos(
        &[
            ("g9", 'k'),
            ("a2", 'o'),
            ("a4", 't'),
            ("c1", 'T'),
            ("g1", 'K'),
        ],
        'w',
    );
    let tricks: Vec<String> = moves_from(&p, "c1")
        .into_iter()
        .filter(|m| m.contains('@'))
        .collect();
    assert_eq!(tricks, sorted(&["c1a3@a2", "c1a3@a4"]));
    // Changing the outlaw destroys nothing: it is simply a trickster now.
    assert_eq!(
        after(&p, "c1a3@a2").to_fen(),
        "6k/7/7/7/7/t6/T6/t6/6K b - - 1 1"
    );
    assert_eq!(
        after(&p, "c1a3@a4").to_fen(),
        "6k/7/7/7/7/o6/T6/o6/6K b - - 1 1"
    );
}

#[test]
fn b14_trick_answers_check_by_changing_the_checker() {
    // Ra5 checks Ka1 along the a-file. Td3-b5 stands between Ra5 and Nc5:
    // turning the rook into a knight ends the check, the other choice does
    // not. No trickster move blocks a2-a4; the king may go to b1 or b2.
    let p = pos(
        &[
            ("g9", 'k'),
            ("a5", 'r'),
            ("c5", 'n'),
            ("d3", 'T'),
            ("a1", 'K'),
        ],
        'w',
    );
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["a1b1", "a1b2", "d3b5@a5"]));
    check_invariants(&p);
}

#[test]
fn b6_outlaw_slides_reflect_once() {
    let kings = [("a9", 'K'), ("g1", 'k')];
    let with = |extra: &[(&str, char)]| {
        let mut v = kings.to_vec();
        v.extend_from_slice(extra);
        pos(&v, 'w')
    };
    // Ob3: NE c4 d5 e6 f7 g8, reflect: f9. NW a4, reflect: b5 c6 d7 e8 f9.
    // SW a2, reflect: b1. SE c2 d1, reflect off rank 1: e2 f3 g4.
    let p = with(&[("b3", 'O')]);
    let expect: Vec<String> = [
        "c4", "d5", "e6", "f7", "g8", "f9", "a4", "b5", "c6", "d7", "e8", "a2", "b1", "c2", "d1",
        "e2", "f3", "g4",
    ]
    .iter()
    .map(|t| format!("b3{t}"))
    .collect();
    assert_eq!(
        moves_from(&p, "b3"),
        sorted(&expect.iter().map(|s| s.as_str()).collect::<Vec<_>>())
    );
    check_invariants(&p);
    // Near the corner, Ob2: NE c3 d4 e5 f6 g7, reflect: f8 e9. NW a3, reflect:
    // b4 c5 d6 e7 f8 g9 (the corner g9 ends it). SW a1: the corner, it stops.
    // SE c1, reflect: d2 e3 f4 g5.
    let p = with(&[("b2", 'O')]);
    let expect: Vec<String> = [
        "c3", "d4", "e5", "f6", "g7", "f8", "e9", "a3", "b4", "c5", "d6", "e7", "g9", "a1", "c1",
        "d2", "e3", "f4", "g5",
    ]
    .iter()
    .map(|t| format!("b2{t}"))
    .collect();
    assert_eq!(
        moves_from(&p, "b2"),
        sorted(&expect.iter().map(|s| s.as_str()).collect::<Vec<_>>())
    );
    // From an edge cell, Od1: NE e2 f3 g4, reflect: f5 e6 d7 c8 b9. NW c2 b3
    // a4, reflect: b5 c6 d7 e8 f9. Across rank 1 it reflects at once onto the
    // same diagonals, adding nothing.
    let p = with(&[("d1", 'O')]);
    let expect: Vec<String> = [
        "e2", "f3", "g4", "f5", "e6", "d7", "c8", "b9", "c2", "b3", "a4", "b5", "c6", "e8", "f9",
    ]
    .iter()
    .map(|t| format!("d1{t}"))
    .collect();
    assert_eq!(
        moves_from(&p, "d1"),
        sorted(&expect.iter().map(|s| s.as_str()).collect::<Vec<_>>())
    );
    // Blocked: an own pawn on a4 stops the NW path before its reflection, and
    // an enemy knight on b1 stops the SW path after it (no capture).
    let p = with(&[("b3", 'O'), ("a4", 'P'), ("b1", 'n')]);
    let expect: Vec<String> = [
        "c4", "d5", "e6", "f7", "g8", "f9", "a2", "c2", "d1", "e2", "f3", "g4",
    ]
    .iter()
    .map(|t| format!("b3{t}"))
    .collect();
    assert_eq!(
        moves_from(&p, "b3"),
        sorted(&expect.iter().map(|s| s.as_str()).collect::<Vec<_>>())
    );
}

#[test]
fn b7_outlaw_captures_in_all_four_directions() {
    // Od5 with (north) black Nd6 + white Pd7, (south) white Pd4 + black Rd3,
    // (east) black Be5 + white Nf5, (west) white Sc5 + black Cb5: four
    // captures, each ending on the farther victim. Its diagonals: c6 b7 a8,
    // reflect b9; e6 f7 g8, reflect f9; c4 b3 a2, reflect b1; e4 f3 g2, reflect f1.
    let p = pos(
        &[
            ("a1", 'k'),
            ("d5", 'O'),
            ("d6", 'n'),
            ("d7", 'P'),
            ("d4", 'P'),
            ("d3", 'r'),
            ("e5", 'b'),
            ("f5", 'N'),
            ("c5", 'S'),
            ("b5", 'c'),
            ("g9", 'K'),
        ],
        'w',
    );
    assert_eq!(
        moves_from(&p, "d5"),
        sorted(&[
            "d5d7", "d5d3", "d5f5", "d5b5", "d5c6", "d5b7", "d5a8", "d5b9", "d5e6", "d5f7", "d5g8",
            "d5f9", "d5c4", "d5b3", "d5a2", "d5b1", "d5e4", "d5f3", "d5g2", "d5f1"
        ])
    );
    // The other 13 of White's 33 moves. Kg9: f9, f8, g8 (the knight d6
    // reaches e8 f7, the bishop e5 f6 g7, nothing more reaches the corner).
    // Pd7 (Berolina plus): c8, e8 diagonally forward; nothing to take on d8,
    // c7, e7. Pd4: c5 is its own sergeant, e5 a diagonal (no capture), d5
    // its own outlaw, c4 and e4 empty: none. Nf5: e7 g7 e3 g3 and takes d6
    // (d4 is its own pawn, h4/h6 off the board). Sc5: c6, b6, takes d6.
    // No black piece lines up on g9, so nothing is pinned.
    let rest: Vec<String> = moves(&p)
        .into_iter()
        .filter(|m| !m.starts_with("d5"))
        .collect();
    assert_eq!(
        rest,
        sorted(&[
            "g9f9", "g9f8", "g9g8", "d7c8", "d7e8", "f5e7", "f5g7", "f5e3", "f5g3", "f5d6", "c5c6",
            "c5b6", "c5d6"
        ])
    );
    let q = after(&p, "d5d7");
    assert_eq!(q.to_fen(), "6K/7/3O3/7/1cS1bN1/3P3/3r3/7/k6 b - - 0 1");
    let q = after(&p, "d5b5");
    assert_eq!(q.to_fen(), "6K/7/3P3/3n3/1O2bN1/3P3/3r3/7/k6 b - - 0 1");
    for m in ["d5d3", "d5f5"] {
        assert!(after(&p, m).halfmove_clock() == 0);
    }
    check_invariants(&p);
}

#[test]
fn b7_outlaw_capture_refusals() {
    // Od5: two agents of one colour (north), the mover's own king (south),
    // a trickster (east), a gap (west: c5 empty, b5 black): no capture. The
    // enemy king is fair game (it is taken without check, B9).
    let p = pos(
        &[
            ("d5", 'O'),
            ("d6", 'n'),
            ("d7", 'r'),
            ("d4", 'n'),
            ("d3", 'K'),
            ("e5", 'N'),
            ("f5", 't'),
            ("b5", 'r'),
            ("a9", 'k'),
        ],
        'w',
    );
    assert!(moves_from(&p, "d5")
        .iter()
        .all(|m| !["d5d7", "d5d3", "d5f5", "d5b5"].contains(&m.as_str())));
    let p = pos(&[("d5", 'O'), ("d6", 'k'), ("d7", 'P'), ("a1", 'K')], 'w');
    assert!(moves_from(&p, "d5").contains(&"d5d7".to_string()));
    // The outlaw's own victim may expose its king: Oe2xd2/c2 empties d2 and
    // opens the d-file to the rook on d8.
    let p = pos(
        &[
            ("g9", 'k'),
            ("d8", 'r'),
            ("e2", 'O'),
            ("d2", 'P'),
            ("c2", 'n'),
            ("d1", 'K'),
        ],
        'w',
    );
    assert!(!moves(&p).contains(&"e2c2".to_string()));
    let p = pos(
        &[
            ("g9", 'k'),
            ("d8", 'r'),
            ("b2", 'O'),
            ("c2", 'n'),
            ("d2", 'P'),
            ("d1", 'K'),
        ],
        'w',
    );
    assert!(moves(&p).contains(&"b2d2".to_string()));
}
