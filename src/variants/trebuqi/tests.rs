//! Trebuqi unit tests, one group per ruling (Q1–Q9). Positions are built from
//! piece lists (so no FEN is typed by hand) and every expected move list was
//! derived by hand from `docs/rules/trebuqi.md`; the derivation is in the
//! comments. The perft suite lives in `tests/perft.rs`.

use super::tables::{BLACK_AREA, MIDDLE, TABLES, WHITE_AREA};
use super::*;
use crate::geometry::{Bitboard, Geometry};
use crate::rules::fen::write_board;
use crate::rules::{game_outcome, play_line, MoveList};
use crate::tools::perft::perft;

/// A position of rule `RULE` from `(cell, letter)` pairs.
fn build<const RULE: u8>(pieces: &[(&str, char)], stm: char) -> Trebuqi<RULE> {
    let board = write_board::<Hex91>(|sq| {
        pieces
            .iter()
            .find(|(name, _)| Sq::parse(name).expect(name) == sq)
            .map(|p| p.1)
    });
    let fen = format!("{board} {stm} - - 0 1");
    Trebuqi::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves<const RULE: u8>(pos: &Trebuqi<RULE>) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| pos.format_move(m)).collect();
    v.sort();
    v
}

/// The legal moves starting on `from`, sorted.
fn moves_from<const RULE: u8>(pos: &Trebuqi<RULE>, from: &str) -> Vec<String> {
    moves(pos)
        .into_iter()
        .filter(|m| Sq::parse_prefix(m).unwrap().0 == Sq::parse(from).unwrap())
        .collect()
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The Generals of the Q1 array; in these cells no two ever face.
const GENERALS: [(&str, char); 4] = [("c1", 'G'), ("d1", 'G'), ("h11", 'g'), ("i11", 'g')];

fn with_generals(extra: &[(&'static str, char)]) -> Vec<(&'static str, char)> {
    let mut v = GENERALS.to_vec();
    v.extend_from_slice(extra);
    v
}

// ---- Q1, Q2: the board, the start array, the coordinates ----

#[test]
fn q1_start_fen_round_trips_in_all_three_rules() {
    assert_eq!(Trebuqi1::startpos().to_fen(), START);
    assert_eq!(Trebuqi2::startpos().to_fen(), START);
    assert_eq!(Trebuqi3::startpos().to_fen(), START);
    assert_eq!(
        (Trebuqi1::NAME, Trebuqi2::NAME, Trebuqi3::NAME),
        ("trebuqi", "trebuqi2", "trebuqi3")
    );
}

#[test]
fn q1_start_moves_by_hand() {
    // Points: two forward steps each (10). Generals: c1-c2/d2, d1-d2/e2 (4).
    // Rooks: a1-a2/a3 and f1-g2/h3 (4). Trebuchets: none (b1 blocked by c1, b2
    // and by e4 at the end of b1-c2-d3-e4; e1 likewise). Vicbabas: b2 to a3, d3
    // (diagonal), d2, d4 (two-step), f2 to e3, h3, d2, f4 (8). Cannons: ten
    // slides each, and each takes g8 (b3 over c4 on the (1,1) line, g3 over g4
    // on the g file) (22). 10 + 4 + 4 + 0 + 8 + 22 = 48.
    let expected = sorted(&[
        "a4a5", "a4b5", "c4c5", "c4d5", "e4e5", "e4f5", "g4g5", "g4h5", "i4i5", "i4j5", //
        "c1c2", "c1d2", "d1d2", "d1e2", //
        "a1a2", "a1a3", "f1g2", "f1h3", //
        "b2a3", "b2d3", "b2d2", "b2d4", "f2e3", "f2h3", "f2d2", "f2f4", //
        "b3c3", "b3d3", "b3e3", "b3f3", "b3a3", "b3b4", "b3b5", "b3b6", "b3b7", "b3a2",
        "b3g8", //
        "g3h3", "g3f3", "g3e3", "g3d3", "g3c3", "g3h4", "g3i5", "g3j6", "g3k7", "g3g2", "g3g8",
    ]);
    assert_eq!(expected.len(), 48);
    assert_eq!(moves(&Trebuqi1::startpos()), expected);
    assert_eq!(moves(&Trebuqi2::startpos()), expected);
}

#[test]
fn q1_small_perfts() {
    assert_eq!(perft(&Trebuqi1::startpos(), 2), 2_096);
    assert_eq!(perft(&Trebuqi2::startpos(), 2), 2_298);
    assert_eq!(perft(&Trebuqi3::startpos(), 2), 2_298);
}

#[test]
fn q2_areas_and_mirror() {
    // The seed: Rivers divide the board into areas of 30, 31 and 30 cells.
    let count = |m: u128| (m & Hex91::CELLS).count_ones();
    assert_eq!(
        (count(WHITE_AREA), count(MIDDLE), count(BLACK_AREA)),
        (30, 31, 30)
    );
    // The mirror map (i, n) -> (i - n + 6, 12 - n) takes the start array to itself
    // with colours swapped.
    let p = Trebuqi1::startpos();
    for sq in Sq::all() {
        let (i, n) = (sq.file() as i32, sq.rank_number() as i32);
        let m = Sq::new(i - n + 6, 12 - n - 1).unwrap();
        let swap = |c: Option<char>| {
            c.map(|c| {
                if c.is_ascii_uppercase() {
                    c.to_ascii_lowercase()
                } else {
                    c.to_ascii_uppercase()
                }
            })
        };
        assert_eq!(p.piece_char(m), swap(p.piece_char(sq)), "{sq} vs {m}");
    }
}

// ---- Pieces ----

#[test]
fn cannon_moves_over_one_screen() {
    // Cannon f6. f file up: f7 quiet, f8 (black p) is the screen, f9 empty, f10
    // (black r) is taken. Down: f5-f1. Rank 6 right: g6 (own P) screens, h6
    // empty, i6 (black v) is taken. Left: e6-a6. (1,1): g7, h8, i9 quiet, j10
    // (black t) is not taken without a screen. (-1,-1): e5 (own P) screens and
    // the first piece beyond is the own v on b2: nothing.
    let p: Trebuqi1 = build(
        &with_generals(&[
            ("f6", 'C'),
            ("g6", 'P'),
            ("e5", 'P'),
            ("b2", 'V'),
            ("f8", 'p'),
            ("f10", 'r'),
            ("i6", 'v'),
            ("j10", 't'),
        ]),
        'w',
    );
    assert_eq!(
        moves_from(&p, "f6"),
        sorted(&[
            "f6f7", "f6f10", "f6f5", "f6f4", "f6f3", "f6f2", "f6f1", "f6i6", "f6e6", "f6d6",
            "f6c6", "f6b6", "f6a6", "f6g7", "f6h8", "f6i9",
        ])
    );
    // The noisy moves are exactly the two captures.
    let mut list = MoveList::new();
    p.generate(GenKind::Noisy, &mut list);
    let mut noisy: Vec<String> = list
        .iter()
        .filter(|m| m.from() == Sq::parse("f6").unwrap().index())
        .map(|&m| p.format_move(m))
        .collect();
    noisy.sort();
    assert_eq!(noisy, sorted(&["f6f10", "f6i6"]));
}

#[test]
fn trebuchet_blocking_and_far_river() {
    // White trebuchet d5. (1,0): f5 (black p) blocks on the second cell between.
    // (-1,0): c5, b5 empty, a5 reached. (0,1) d8 and (1,1) g8 lie past White's
    // far River (ranks 8-11). (0,-1): d4 (own P) blocks on the first cell.
    // (-1,-1): c4, b3 empty, takes the black v on a2.
    let p: Trebuqi1 = build(
        &with_generals(&[("d5", 'T'), ("d4", 'P'), ("f5", 'p'), ("a2", 'v')]),
        'w',
    );
    assert_eq!(moves_from(&p, "d5"), sorted(&["d5a2", "d5a5"]));
    // Black trebuchet f6 (mirror limits: never on ranks 1-4): f9 (0,1), i6 (1,0),
    // c6 (-1,0), i9 (1,1); f3 and c3 lie past Black's far River.
    let p: Trebuqi1 = build(&with_generals(&[("f6", 't')]), 'b');
    assert_eq!(
        moves_from(&p, "f6"),
        sorted(&["f6f9", "f6i6", "f6c6", "f6i9"])
    );
}

#[test]
fn trebuchet_binding_matches_the_seed() {
    // The seed: a Trebuchet "can reach 2 cells on the back rank, 3 on the rank
    // just behind the near River ... 4 on the rank just behind the far River".
    let t = &**TABLES;
    let mut seen = bit(Sq::parse("b1").unwrap().index());
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        let mut f = frontier;
        while f != 0 {
            let sq = f.trailing_zeros() as usize;
            f &= f - 1;
            next |= t.trebuchet(0, sq, 0);
        }
        frontier = next & !seen;
        seen |= next;
    }
    let per_rank: Vec<u32> = (0..11)
        .map(|r| (seen & (((1u128 << 11) - 1) << (11 * r))).count_ones())
        .collect();
    assert_eq!(per_rank, [2, 0, 0, 3, 0, 0, 4, 0, 0, 0, 0]);
}

#[test]
fn vicbaba_diagonal_unblockable_two_step_blockable() {
    // Vicbaba e5. Diagonals f7 (though e6 and f6, between which it passes, are
    // full), d3, g6, f4, and d6 (takes the black p); c4 is own. Two-steps: c5
    // (d5 empty), e3 (e4 empty), c3 (d4 empty); g5 (f5 full), e7 (e6 full) and
    // g7 (f6 full) are blocked.
    let p: Trebuqi1 = build(
        &with_generals(&[
            ("e5", 'V'),
            ("e6", 'P'),
            ("f6", 'P'),
            ("f5", 'P'),
            ("c4", 'P'),
            ("d6", 'p'),
        ]),
        'w',
    );
    assert_eq!(
        moves_from(&p, "e5"),
        sorted(&["e5f7", "e5d3", "e5g6", "e5f4", "e5d6", "e5c5", "e5e3", "e5c3"])
    );
    // Unbound: it reaches every cell of the empty board.
    let t = &**TABLES;
    let mut seen = bit(Sq::parse("b2").unwrap().index());
    for _ in 0..20 {
        let mut next = seen;
        for sq in Bitboard::<Hex91>::from_bits(seen) {
            next |= t.vicbaba(sq.index(), 0);
        }
        seen = next;
    }
    assert_eq!(seen, Hex91::CELLS);
}

#[test]
fn point_forward_and_sideways_beyond_far_river() {
    // e8 is beyond White's far River: e9, f9 forward, d8 own, f8 taken sideways.
    // h7 is not: h8, i8 only (never g7, i7, never back). k11: forward leaves the
    // board, sideways j11 only.
    let p: Trebuqi1 = build(
        &with_generals(&[
            ("e8", 'P'),
            ("d8", 'P'),
            ("f8", 'p'),
            ("h7", 'P'),
            ("k11", 'P'),
        ]),
        'w',
    );
    assert_eq!(moves_from(&p, "e8"), sorted(&["e8e9", "e8f9", "e8f8"]));
    assert_eq!(moves_from(&p, "h7"), sorted(&["h7h8", "h7i8"]));
    assert_eq!(moves_from(&p, "k11"), sorted(&["k11j11"]));
    // Black's mirror: a p on g4 (beyond Black's far River) goes g3, f3, f4, h4.
    let p: Trebuqi1 = build(&with_generals(&[("g4", 'p')]), 'b');
    assert_eq!(
        moves_from(&p, "g4"),
        sorted(&["g4g3", "g4f3", "g4f4", "g4h4"])
    );
}

#[test]
fn rook_slides_six_ways() {
    // Rook f6 on an otherwise empty middle: 5 + 5 on each of the three lines.
    let p: Trebuqi1 = build(&with_generals(&[("f6", 'R')]), 'w');
    assert_eq!(moves_from(&p, "f6").len(), 30);
}

#[test]
fn general_confinement() {
    // General d4 (rank 4): d5 and e5 lie across its near River.
    let p: Trebuqi1 = build(&[("d4", 'G'), ("h11", 'g')], 'w');
    assert_eq!(
        moves_from(&p, "d4"),
        sorted(&["d4c3", "d4c4", "d4d3", "d4e4"])
    );
    // Black's mirror: g8 may not go to g7 or f7.
    let p: Trebuqi1 = build(&[("c1", 'G'), ("g8", 'g')], 'b');
    assert_eq!(
        moves_from(&p, "g8"),
        sorted(&["g8f8", "g8h8", "g8g9", "g8h9"])
    );
}

// ---- Q3: facing ----

#[test]
fn q3_facing_pins_the_only_piece_between() {
    // White G d3 and black g d9 on the d file; the white vicbaba d6 is the only
    // piece between, so it may only stay on the d file (d4, d8).
    // With a second white General on a1 the rule-2 Generals are not royal, but
    // facing binds them all the same.
    let pieces = [
        ("d3", 'G'),
        ("a1", 'G'),
        ("d6", 'V'),
        ("d9", 'g'),
        ("k9", 'g'),
    ];
    let p: Trebuqi1 = build(&pieces, 'w');
    assert_eq!(moves_from(&p, "d6"), sorted(&["d6d4", "d6d8"]));
    let p: Trebuqi2 = build(&pieces, 'w');
    assert_eq!(moves_from(&p, "d6"), sorted(&["d6d4", "d6d8"]));
    // The General itself may not step onto an open line to an enemy General:
    // d3-e3 and d3-e4 open the e file to the black g on e8 (d4 is shut by the
    // point d5; c2, c3, d2 see no black General).
    let p: Trebuqi3 = build(&[("d3", 'G'), ("d5", 'P'), ("e8", 'g'), ("j11", 'g')], 'w');
    assert!(!p.facing(Color::White));
    assert_eq!(
        moves_from(&p, "d3"),
        sorted(&["d3c2", "d3c3", "d3d2", "d3d4"])
    );
}

#[test]
fn q3_own_generals_may_face_and_captures_of_generals_obey_facing() {
    // White's own Generals on c1 and c3 face each other: legal.
    let p: Trebuqi1 = build(&[("c1", 'G'), ("c3", 'G'), ("h11", 'g'), ("i11", 'g')], 'w');
    assert!(!moves(&p).is_empty());
    // Rule 2: the black Generals d9 and e8 are not royal and may be taken, but
    // the rook d8, the only piece between d2 and d9, may not take e8 (d2 would
    // then face d9). It may take d9, or slide along the d file, nothing else.
    let p: Trebuqi2 = build(
        &[
            ("d2", 'G'),
            ("a1", 'G'),
            ("d8", 'R'),
            ("e8", 'g'),
            ("d9", 'g'),
        ],
        'w',
    );
    assert_eq!(
        moves_from(&p, "d8"),
        sorted(&["d8d3", "d8d4", "d8d5", "d8d6", "d8d7", "d8d9"])
    );
}

// ---- Q4, Q5, Q6, Q7: royalty and the end ----

#[test]
fn q4_rule1_every_general_is_royal() {
    // The black rook d7 attacks d1 down the open d file: White is in check and
    // may not play a point move that ignores it.
    let pieces = [
        ("c1", 'G'),
        ("d1", 'G'),
        ("a4", 'P'),
        ("d7", 'r'),
        ("h11", 'g'),
        ("i11", 'g'),
    ];
    let p: Trebuqi1 = build(&pieces, 'w');
    assert!(p.in_check());
    let m = moves(&p);
    assert!(!m.contains(&"a4a5".to_string()));
    // d1 leaves the file (e1, e2; d2 is still on it). c1-d2 would block, but
    // the General on d2 would itself be attacked; c1-c2 and c1-b1 leave d1
    // attacked; the point may not move.
    assert_eq!(m, sorted(&["d1e1", "d1e2"]));
}

#[test]
fn q5_rule2_two_generals_may_be_left_attacked_and_captured() {
    let pieces = [
        ("c1", 'G'),
        ("d1", 'G'),
        ("a4", 'P'),
        ("d7", 'r'),
        ("h11", 'g'),
        ("i11", 'g'),
    ];
    let p: Trebuqi2 = build(&pieces, 'w');
    assert!(!p.in_check());
    let (p, h) = play_line(&p, &["a4a5", "d7d1"]).unwrap();
    assert_eq!(p.generals(Color::White), 1);
    assert_eq!(game_outcome(&p, &h), None);
    // The lone General c1 is royal now, attacked by the rook on d1: it takes
    // the rook or steps to c2 (b1 and d2 are attacked by the rook); the point
    // a5 may not move.
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["c1c2", "c1d1"]));
    // Rule 3: White has lost a General, Black has not: play goes on.
    let p3: Trebuqi3 = build(&pieces, 'w');
    let (p3, h3) = play_line(&p3, &["a4a5", "d7d1"]).unwrap();
    assert_eq!(game_outcome(&p3, &h3), None);
}

#[test]
fn q6_rule3_draw_when_each_side_has_lost_a_general() {
    // White (one General left) takes i11 with the rook: each side now has fewer
    // than two Generals.
    let pieces = [("c1", 'G'), ("i5", 'R'), ("h11", 'g'), ("i11", 'g')];
    let p: Trebuqi3 = build(&pieces, 'w');
    let (after, h) = play_line(&p, &["i5i11"]).unwrap();
    assert_eq!(
        game_outcome(&after, &h),
        Some(Outcome::Draw {
            reason: "each side has lost a general"
        })
    );
    assert_eq!(moves(&after), Vec::<String>::new());
    // Under rule 2 the same capture makes h11 royal, and the rook on i11 checks it.
    let p: Trebuqi2 = build(&pieces, 'w');
    let (after, h) = play_line(&p, &["i5i11"]).unwrap();
    assert_eq!(game_outcome(&after, &h), None);
    assert!(after.in_check());
    assert!(moves(&after).contains(&"h11i11".to_string()));
}

#[test]
fn q7_no_legal_move_loses_mate_and_stalemate() {
    // Lone white General a1 (royal in every rule). Rooks a6 (a file) and b7
    // (b file) check it and cover a2, b1, b2: mate.
    let mate = [
        ("a1", 'G'),
        ("a6", 'r'),
        ("b7", 'r'),
        ("h11", 'g'),
        ("i11", 'g'),
    ];
    let p: Trebuqi1 = build(&mate, 'w');
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "Black mates"
        })
    );
    let p: Trebuqi2 = build(&mate, 'w');
    assert!(matches!(
        game_outcome(&p, &[]),
        Some(Outcome::Win {
            winner: Color::Black,
            ..
        })
    ));
    // Not in check, but g2 covers a2 and b2, b7 covers b1 and b2: no move, lost.
    let stale = [
        ("a1", 'G'),
        ("g2", 'r'),
        ("b7", 'r'),
        ("h11", 'g'),
        ("i11", 'g'),
    ];
    let p: Trebuqi1 = build(&stale, 'w');
    assert!(!p.in_check());
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "White has no legal move"
        })
    );
    // Rule 2 with two non-royal Generals: a General may step into attack.
    let p: Trebuqi2 = build(
        &[
            ("a1", 'G'),
            ("e1", 'G'),
            ("g2", 'r'),
            ("b7", 'r'),
            ("h11", 'g'),
            ("i11", 'g'),
        ],
        'w',
    );
    assert!(moves(&p).contains(&"a1b1".to_string()));
}

#[test]
fn no_general_left_has_lost() {
    let p: Trebuqi2 = build(&[("c1", 'G'), ("a6", 'r')], 'w');
    assert_eq!(
        p.static_outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: "Black has no general left"
        })
    );
    assert_eq!(perft(&p, 1), 0);
    // Rule 3: each side has fewer than two: the draw comes first.
    let p: Trebuqi3 = build(&[("c1", 'G'), ("a6", 'r')], 'w');
    assert!(matches!(p.static_outcome(), Some(Outcome::Draw { .. })));
}

// ---- Q8: draws by repetition and by the move-count rule ----

#[test]
fn q8_repetition_and_move_count() {
    let line = ["b2a3", "j10k9", "a3b2", "k9j10"];
    let p = Trebuqi1::startpos();
    let twice: Vec<&str> = line.iter().chain(line.iter()).copied().collect();
    let (end, h) = play_line(&p, &twice).unwrap();
    assert_eq!(
        game_outcome(&end, &h),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    let (end, h) = play_line(&p, &twice[..7]).unwrap();
    assert_eq!(game_outcome(&end, &h), None);
    // 100 plies without a capture; a Point move does not reset the count, a capture does.
    let fen100 = START.replace(" 0 1", " 100 60");
    let p = Trebuqi1::from_fen(&fen100).unwrap();
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Draw {
            reason: "move-count rule"
        })
    );
    let fen = START.replace(" 0 1", " 40 30");
    let p = Trebuqi1::from_fen(&fen).unwrap();
    assert_eq!(p.play(p.parse_move("a4a5").unwrap()).halfmove_clock(), 41);
    assert_eq!(p.play(p.parse_move("b3g8").unwrap()).halfmove_clock(), 0);
}

// ---- FEN, notation, hashing ----

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
