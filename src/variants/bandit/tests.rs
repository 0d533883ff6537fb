//! Bandit Chess unit tests, one group per ruling (B1–B14) of
//! `../shared/rules/bandit.md`. Positions are built from piece lists so the
//! diagrams stay readable; every expected move list is derived by hand in the
//! comment above it. The perft suite lives in `tests/perft.rs`.

use super::*;
use crate::rules::{game_outcome, play_line, GenKind, MoveList, Outcome, Position, MAX_MOVES};
use crate::tools::perft::perft;

/// A FEN from (square, letter) pairs; uppercase is White.
fn fen_of(pieces: &[(&str, char)], stm: char) -> String {
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

fn pos(pieces: &[(&str, char)], stm: char) -> Bandit {
    let fen = fen_of(pieces, stm);
    Bandit::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Bandit) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// The legal moves starting from `from` (notation starts with its name).
fn moves_from(p: &Bandit, from: &str) -> Vec<String> {
    moves(p)
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect()
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn after(p: &Bandit, m: &str) -> Bandit {
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
fn check_invariants(p: &Bandit) {
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
    assert_eq!(q.bb.pieces(Color::Black, KING).count_ones(), 2);
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

#[test]
fn b8_capturer_of_an_outlaw_is_removed() {
    // Rb1 takes the outlaw on b6 and vanishes.
    let p = pos(&[("g9", 'k'), ("b6", 'o'), ("b1", 'R'), ("g1", 'K')], 'w');
    assert_eq!(after(&p, "b1b6").to_fen(), "6k/7/7/7/7/7/7/7/6K b - - 0 1");
    // Outlaw takes outlaw: Od5 takes the black outlaw d6 and the white pawn d7,
    // and is destroyed too; a friendly outlaw as own-side victim likewise (B14).
    let p = pos(
        &[
            ("a9", 'k'),
            ("d5", 'O'),
            ("d6", 'o'),
            ("d7", 'P'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert_eq!(after(&p, "d5d7").to_fen(), "k6/7/7/7/7/7/7/7/6K b - - 0 1");
    let p = pos(
        &[
            ("a9", 'k'),
            ("d5", 'O'),
            ("d4", 'O'),
            ("d3", 'n'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert_eq!(after(&p, "d5d3").to_fen(), "k6/7/7/7/7/7/7/7/6K b - - 0 1");
}

#[test]
fn b8_removal_is_judged_for_check() {
    // The black outlaw e5 shields Ke1 from Re8. Nc4xe5 would remove the
    // knight with the outlaw and open the file: illegal. Nc4 elsewhere is fine.
    let p = pos(
        &[
            ("a9", 'k'),
            ("e8", 'r'),
            ("e5", 'o'),
            ("c4", 'N'),
            ("e1", 'K'),
        ],
        'w',
    );
    assert!(!p.in_check());
    assert_eq!(
        moves_from(&p, "c4"),
        sorted(&["c4a3", "c4a5", "c4b2", "c4b6", "c4d2", "c4d6", "c4e3"])
    );
    // A pinned rook may move along its pin line, but taking an outlaw on that
    // line removes it, so that capture is illegal: Re2 pinned by Re9 may go
    // to e3 and e4 but not take the outlaw on e5.
    let p = pos(
        &[
            ("a9", 'k'),
            ("e9", 'r'),
            ("e5", 'o'),
            ("e2", 'R'),
            ("e1", 'K'),
        ],
        'w',
    );
    // The outlaw shields, so the rook is not pinned and may go sideways; but
    // taking the outlaw empties both e2 and e5 and Re9 then checks.
    let m = moves_from(&p, "e2");
    assert!(!m.contains(&"e2e5".to_string()), "{m:?}");
    assert!(m.contains(&"e2e4".to_string()));
    let p = pos(
        &[
            ("a9", 'k'),
            ("e9", 'r'),
            ("e5", 'o'),
            ("e6", 'n'),
            ("e2", 'R'),
            ("e1", 'K'),
        ],
        'w',
    );
    // With the knight e6 still shielding, taking the outlaw is legal.
    assert!(moves_from(&p, "e2").contains(&"e2e5".to_string()));
}

#[test]
fn b9_outlaws_and_tricksters_do_not_check() {
    // The black outlaw d6 could take the black bishop d5 and Kd4, and the
    // black trickster b5 is a knight's leap from d4: neither is check. The
    // bishop covers c4 and e4; every other step is legal, and the king may
    // take the bishop (the outlaw behind it does not protect it).
    let p = pos(
        &[
            ("a9", 'k'),
            ("d6", 'o'),
            ("d5", 'b'),
            ("b5", 't'),
            ("d4", 'K'),
        ],
        'w',
    );
    assert!(!p.in_check());
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&["d4c3", "d4c5", "d4d3", "d4d5", "d4e3", "d4e5"])
    );
    // The threat is real: with Black to move the outlaw takes the king.
    assert!(moves_from(&p.play_null(), "d6").contains(&"d6d4".to_string()));
    check_invariants(&p);
}

#[test]
fn b10_two_kings_are_both_royal() {
    // White kings a1 and g1; Rg5 checks g1. Ka1 may not move (g1 stays in
    // check); Kg1 goes to f1 or f2.
    let p = pos(&[("d9", 'k'), ("g5", 'r'), ("a1", 'K'), ("g1", 'K')], 'w');
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["g1f1", "g1f2"]));
    // Mating either king wins: the second rook on f9 covers the f-file.
    let p = pos(
        &[
            ("d9", 'k'),
            ("g5", 'r'),
            ("f9", 'r'),
            ("a1", 'K'),
            ("g1", 'K'),
        ],
        'w',
    );
    assert!(moves(&p).is_empty());
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "Black mates"
        })
    );
}

#[test]
fn b11_taking_the_last_king_wins() {
    let p = pos(&[("d5", 'O'), ("d6", 'k'), ("d7", 'P'), ("a1", 'K')], 'w');
    let q = after(&p, "d5d7");
    assert_eq!(
        q.static_outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: "White took Black's last king"
        })
    );
    assert!(moves(&q).is_empty());
    assert_eq!(game_outcome(&q, &[p.hash()]), q.static_outcome());
    // The lost position is written, but a FEN with a kingless side is an
    // error whichever side is to move (the game is already over).
    assert_eq!(q.to_fen(), "7/7/3O3/7/7/7/7/7/K6 b - - 0 1");
    for fen in [
        "7/7/3O3/7/7/7/7/7/K6 b - - 0 1",
        "7/7/3O3/7/7/7/7/7/K6 w - - 0 1",
    ] {
        assert!(matches!(
            Bandit::from_fen(fen),
            Err(FenError::RoyalCount {
                side: "Black",
                found: 0,
                ..
            })
        ));
    }
    // B14: not when it leaves the mover's own king in check. The outlaw
    // shields Ka5 from Rg5.
    let p = pos(
        &[
            ("d5", 'O'),
            ("d6", 'k'),
            ("d7", 'P'),
            ("a5", 'K'),
            ("g5", 'r'),
        ],
        'w',
    );
    assert!(!moves(&p).contains(&"d5d7".to_string()));
}

#[test]
fn b12_no_legal_move_loses() {
    // Ka1 is not in check, but b1, a2 and b2 are covered by Rb9 and Rg2.
    let p = pos(&[("d9", 'k'), ("b9", 'r'), ("g2", 'r'), ("a1", 'K')], 'w');
    assert!(!p.in_check());
    assert!(moves(&p).is_empty());
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "White has no legal move"
        })
    );
}

#[test]
fn b13_repetition_and_move_rule() {
    let line = [
        "a2b4", "a8b6", "b4a2", "b6a8", "a2b4", "a8b6", "b4a2", "b6a8",
    ];
    let (p, h) = play_line(&Bandit::startpos(), &line).unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    let (p, h) = play_line(&Bandit::startpos(), &line[..7]).unwrap();
    assert_eq!(game_outcome(&p, &h), None);
    assert_eq!(p.halfmove_clock(), 7);
    // Pawn and sergeant moves and captures reset the counter; tricks do not.
    let (p, _) = play_line(&Bandit::startpos(), &["a2b4", "a8b6", "c3d4"]).unwrap();
    assert_eq!(p.halfmove_clock(), 0);
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
    let mut p = p;
    p.halfmove = 40;
    assert_eq!(after(&p, "f1d3@c3").halfmove_clock(), 41);
    let fen = fen_of(&[("g9", 'k'), ("f1", 'R'), ("a1", 'K')], 'w').replace(" 0 1", " 100 80");
    assert_eq!(
        game_outcome(&Bandit::from_fen(&fen).unwrap(), &[]),
        Some(Outcome::Draw {
            reason: "move-count rule"
        })
    );
}

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
            if kind_of(p.board[m.to()]) == OUTLAW && !m.is_outlaw_capture() {
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
    let f: Vec<&str> = fen.split(' ').collect();
    let board: Vec<String> = f[0]
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .rev()
                .map(|c| {
                    if c.is_ascii_uppercase() {
                        c.to_ascii_lowercase()
                    } else {
                        c.to_ascii_uppercase()
                    }
                })
                .collect()
        })
        .collect();
    let stm = if f[1] == "w" { "b" } else { "w" };
    Bandit::from_fen(&format!("{} {stm} - - {} {}", board.join("/"), f[4], f[5])).unwrap()
}

#[test]
fn evaluation_is_colour_symmetric() {
    use crate::rules::Evaluate;
    let p = Bandit::startpos();
    assert_eq!(p.evaluate(), eval::PARAMS.tempo);
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

#[test]
fn xboard_forms_of_tricks_and_outlaw_captures() {
    // The two-line trick position of b5_trick_on_both_lines: four outcomes of
    // e3d5, which XBoard must relay to the other engine distinguishably. It
    // keeps only from, to, a promotion character and kill squares, so they
    // are numbered by packed code: plain, `=`, `t`, two legs through the
    // lowest empty square (b1 here: a1 holds the white king).
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
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut tricks: Vec<BanditMove> = list
        .into_iter()
        .filter(|m| m.is_trick() && format!("{m:?}").starts_with("e3d5"))
        .collect();
    tricks.sort_by_key(|m| m.pack());
    let forms: Vec<String> = tricks.iter().map(|&m| p.xboard_move(m)).collect();
    assert_eq!(forms, ["e3d5", "e3d5=", "e3d5t", "e3b1,b1d5"]);
    for &m in &tricks {
        // Round trip through XBoard's form and through our notation.
        assert_eq!(p.parse_xboard_move(&p.xboard_move(m)), Ok(m));
        assert_eq!(p.parse_xboard_move(&format!("{m:?}")), Ok(m));
    }
    // The earlier multi-leg form is still understood.
    let m = p.parse_move("e3d5@d4@c5").unwrap();
    assert_eq!(p.parse_xboard_move("e3d4,d4c5,c5d5"), Ok(m));
    // A mouse-entered plain trick move is the first outcome.
    assert_eq!(p.parse_xboard_move("e3d5"), Ok(tricks[0]));
    // One line: two outcomes, plain and `=`.
    let p = pos(
        &[
            ("g9", 'k'),
            ("c5", 'b'),
            ("e5", 'r'),
            ("e3", 'T'),
            ("a2", 'K'),
        ],
        'w',
    );
    let (first, second) = (
        p.parse_move("e3d5@c5").unwrap(),
        p.parse_move("e3d5@e5").unwrap(),
    );
    let (first, second) = if first.pack() < second.pack() {
        (first, second)
    } else {
        (second, first)
    };
    assert_eq!(
        (p.xboard_move(first), p.xboard_move(second)),
        ("e3d5".into(), "e3d5=".into())
    );
    // Outlaw captures: two legs through the nearer victim, which is marked on hover.
    let p = pos(
        &[
            ("a1", 'k'),
            ("d5", 'O'),
            ("d6", 'n'),
            ("d7", 'P'),
            ("g9", 'K'),
        ],
        'w',
    );
    let m = p.parse_move("d5d7").unwrap();
    assert_eq!(p.xboard_move(m), "d5d6,d6d7");
    assert_eq!(p.parse_xboard_move("d5d6,d6d7"), Ok(m));
    assert_eq!(p.gui_victims(m), vec![Sq::parse("d6").unwrap()]);
    // With the mover's own agent nearer, the plain move: a leg onto one's own
    // piece is XBoard's castling kludge (it relayed `d5d6,d6d7` as `d5d7,d6c7`).
    let q = pos(
        &[
            ("a1", 'k'),
            ("d5", 'O'),
            ("d6", 'P'),
            ("d7", 'n'),
            ("g9", 'K'),
        ],
        'w',
    );
    let own_near = q.parse_move("d5d7").unwrap();
    assert!(own_near.is_outlaw_capture());
    assert_eq!(q.xboard_move(own_near), "d5d7");
    assert_eq!(q.parse_xboard_move("d5d7"), Ok(own_near));
    let g = p.gui_squares(m).unwrap();
    assert_eq!(
        (g.from.name(), g.to.name()),
        ("d5".to_string(), "d7".to_string())
    );
}
