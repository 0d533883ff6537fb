//! Trubix unit tests: the seed's two example diagrams, one or more tests per
//! ruling T2–T12, FEN handling, and the fast generator against the
//! independent slow one in `slow.rs`. The perft data lives in
//! `tests/data/perft/trubix.epd`.

use super::slow::Slow;
use super::*;
use crate::rules::{game_outcome, play_line, GenKind, MoveList, Outcome, Position};
use crate::tools::perft::perft;

fn pos(fen: &str) -> Trubix {
    Trubix::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(p: &Trubix) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| p.format_move(m)).collect();
    v.sort();
    v
}

/// The legal moves of the piece on `from`, sorted.
fn moves_from(p: &Trubix, from: &str) -> Vec<String> {
    let sq = Sq::parse(from).unwrap().index();
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list
        .iter()
        .filter(|m| m.from() == sq)
        .map(|&m| p.format_move(m))
        .collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn has(p: &Trubix, m: &str) -> bool {
    moves(p).iter().any(|x| x == m)
}

/// xorshift64, for reproducible random walks.
fn rng(seed: u64) -> impl FnMut() -> u64 {
    let mut s = seed;
    move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    }
}

// ---------------------------------------------------------------------------
// Start position, FEN (T1, T6)
// ---------------------------------------------------------------------------

#[test]
fn t1_start_position_and_fen_round_trip() {
    let p = Trubix::startpos();
    assert_eq!(p.to_fen(), Trubix::START_FEN);
    // By hand: woozans b2b3 b2b4 d2d3 d2d4 c3c4; fleurbics a3 to b3 b4 c5 and
    // e3 to d3 d4 c5; the knights, queen, king and the a1/e1 fleurbics are boxed in.
    assert_eq!(
        moves(&p),
        sorted(&[
            "b2b3", "b2b4", "d2d3", "d2d4", "c3c4", "a3b3", "a3b4", "a3c5", "e3d3", "e3d4", "e3c5"
        ])
    );
    assert_eq!(p.piece_char(Sq::parse("c10").unwrap()), Some('k'));
    assert_eq!(p.piece_char(Sq::parse("c0").unwrap()), Some('K'));
    assert_eq!(p.hash(), p.recompute_hash());
}

#[test]
fn fen_errors_are_typed() {
    let bad = |fen: &str| Trubix::from_fen(fen).unwrap_err();
    // A piece (or a digit run) on a hole.
    assert!(matches!(
        bad("2k2/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1"),
        FenError::PieceOnHole(_)
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/w3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1"),
        FenError::PieceOnHole(_) | FenError::HoleOnCell(_)
    ));
    // Wrong rank length.
    assert!(matches!(
        bad("**k**/fnqn/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1"),
        FenError::RankLength { rank: 9, .. }
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1 9"),
        FenError::TrailingFields(_)
    ));
    // Wrong number of ranks.
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1"),
        FenError::RankCount { .. }
    ));
    // Missing king (and two kings).
    assert!(matches!(
        bad("**1**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1"),
        FenError::RoyalCount { side: "Black", .. }
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNKNF/**K** w - 0 1"),
        FenError::RoyalCount { side: "White", .. }
    ));
    // Unknown letter, bad side.
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNBNF/**K** w - 0 1"),
        FenError::UnknownPiece('B')
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** x - 0 1"),
        FenError::BadField { .. }
    ));
    // T6: a virgin flag with no woozan of that colour on the square.
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/W1WWW/FNQNF/**K** w ABCDE 0 1"),
        FenError::Illegal(_)
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/wWWWW/FNQNF/**K** w A 0 1"),
        FenError::Illegal(_)
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w AX 0 1"),
        FenError::BadField { .. }
    ));
    assert!(matches!(
        bad("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w AA 0 1"),
        FenError::BadField { .. }
    ));
    // The side not to move in check: White's queen on c9 checks the king on c10.
    assert!(matches!(
        bad("**k**/2Q2/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1"),
        FenError::Illegal(_)
    ));
    assert!(Trubix::from_fen("**k**/2Q2/5/5/*3*/*3*/*3*/5/5/5/**K** b - 0 1").is_ok());
    assert!(matches!(bad(""), FenError::MissingField(_)));
}

#[test]
fn t6_fen_virgin_field_omitted_or_given() {
    // A number in the third place: the field was omitted, and every woozan on
    // its own second rank counts as unmoved.
    let omitted = pos("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w 0 1");
    assert_eq!(omitted.to_fen(), Trubix::START_FEN);
    let bare = pos("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w");
    assert_eq!(bare.to_fen(), Trubix::START_FEN);
    let clock = pos("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** b 7 12");
    assert!(clock.to_fen().ends_with(" b ABCDEabcde 7 12"));
    // Given: only the listed woozans may double-step.
    let some = pos("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w Dac 0 1");
    assert!(has(&some, "d2d4") && !has(&some, "b2b4"));
    assert!(some.to_fen().contains(" w Dac 0 1"));
    let none = pos("**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w - 0 1");
    assert!(!has(&none, "d2d4") && !has(&none, "b2b4"));
    assert_ne!(none.hash(), some.hash());
}

#[test]
fn fen_fuzz_never_panics_and_round_trips() {
    let seeds = [
        Trubix::START_FEN,
        "**k**/5/1W3/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1",
        "**1**/k3K/5/5/*3*/*3*/*3*/1w2f/W1W1W/1q1n1/**1** w ACE 0 1",
    ];
    let alphabet: &[u8] = b"kqnwfKQNWF*/12345 -wbABCDEabcde09";
    let mut next = rng(0xF00D);
    let mut ok = 0;
    for i in 0..20_000 {
        let mut s: Vec<u8> = seeds[i % seeds.len()].bytes().collect();
        match next() % 4 {
            0 => s.truncate((next() % (s.len() as u64 + 1)) as usize),
            1 => {
                let at = (next() % s.len() as u64) as usize;
                s[at] = alphabet[(next() % alphabet.len() as u64) as usize];
            }
            2 => {
                let at = (next() % s.len() as u64) as usize;
                s.remove(at);
            }
            _ => {
                for _ in 0..3 {
                    let at = (next() % s.len() as u64) as usize;
                    s[at] = alphabet[(next() % alphabet.len() as u64) as usize];
                }
            }
        }
        let text = String::from_utf8(s).unwrap();
        if let Ok(p) = Trubix::from_fen(&text) {
            let back = Trubix::from_fen(&p.to_fen()).expect("to_fen parses");
            assert_eq!(back, p, "{text}");
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            ok += 1;
        }
    }
    assert!(ok > 100, "the fuzzer should also produce valid FENs ({ok})");
}

// ---------------------------------------------------------------------------
// The seed's example diagrams (kings added on a9 / e9, out of every line).
// ---------------------------------------------------------------------------

/// First diagram: White woozans a2, c3, e2; Black woozan b4, queen b2, knight d2.
const DIAGRAM_1: &str = "**1**/k3K/5/5/*3*/*3*/*w2*/2W2/Wq1nW/5/**1** w AE 0 1";

#[test]
fn seed_diagram_1_woozan_c3() {
    // "could move to c2 or c4, could capture the Black WOOZAN on b4, capture the
    // Black queen on b2 or capture the Black knight on d2. It could not make a
    // two-step move."
    let p = pos(DIAGRAM_1);
    assert_eq!(
        moves_from(&p, "c3"),
        sorted(&["c3c2", "c3c4", "c3b4", "c3b2", "c3d2"])
    );
    assert!(!has(&p, "c3c5"));
}

#[test]
fn seed_diagram_1_woozan_e2() {
    // "could move to e3 or d4 if on its first move. It could also move to e1."
    let p = pos(DIAGRAM_1);
    assert_eq!(moves_from(&p, "e2"), sorted(&["e2e3", "e2d4", "e2e1"]));
    let moved = pos(&DIAGRAM_1.replace(" AE ", " A "));
    assert_eq!(moves_from(&moved, "e2"), sorted(&["e2e3", "e2e1"]));
}

#[test]
fn seed_diagram_1_woozan_a2() {
    // "could move to a1 or a3, but could not move to b4 nor capture the Black
    // WOOZAN on b4" (even though it has never moved).
    let p = pos(DIAGRAM_1);
    assert_eq!(moves_from(&p, "a2"), sorted(&["a2a1", "a2a3"]));
}

/// Second diagram: White woozans a2, c2, e2; Black woozan b3, fleurbic e3,
/// queen b1, knight d1.
const DIAGRAM_2: &str = "**1**/k3K/5/5/*3*/*3*/*3*/1w2f/W1W1W/1q1n1/**1** w ACE 0 1";

#[test]
fn seed_diagram_2_woozan_c2() {
    // "could move to c1, c3 or c4 (only to c4 if it was its initial move of the
    // game), or could capture the Black WOOZAN on b3, capture the Black queen on
    // b1 or capture the Black knight on d1."
    let p = pos(DIAGRAM_2);
    assert_eq!(
        moves_from(&p, "c2"),
        sorted(&["c2c1", "c2c3", "c2c4", "c2b3", "c2b1", "c2d1"])
    );
    let moved = pos(&DIAGRAM_2.replace(" ACE ", " AE "));
    assert_eq!(
        moves_from(&moved, "c2"),
        sorted(&["c2c1", "c2c3", "c2b3", "c2b1", "c2d1"])
    );
}

#[test]
fn seed_diagram_2_woozan_a2() {
    // "could move to a3 or to b4 if on its first move. It could also move to a1,
    // or capture the Black WOOZAN on b3 or the Black queen on b1."
    let p = pos(DIAGRAM_2);
    assert_eq!(
        moves_from(&p, "a2"),
        sorted(&["a2a3", "a2b4", "a2a1", "a2b3", "a2b1"])
    );
    let moved = pos(&DIAGRAM_2.replace(" ACE ", " CE "));
    assert_eq!(
        moves_from(&moved, "a2"),
        sorted(&["a2a3", "a2a1", "a2b3", "a2b1"])
    );
}

#[test]
fn seed_diagram_2_woozan_e2() {
    // "could move to e1, but could not move forwards because its way is blocked
    // by the Black FLEURBIC on e3. It could also capture the Black knight on d1."
    let p = pos(DIAGRAM_2);
    assert_eq!(moves_from(&p, "e2"), sorted(&["e2e1", "e2d1"]));
}

#[test]
fn seed_diagrams_agree_with_the_slow_generator() {
    for fen in [DIAGRAM_1, DIAGRAM_2] {
        let p = pos(fen);
        assert_eq!(moves(&p), Slow::from_fast(&p).move_texts(), "{fen}");
    }
}

// ---------------------------------------------------------------------------
// One or more tests per ruling.
// ---------------------------------------------------------------------------

#[test]
fn t2_straight_steps_and_diagonal_captures_both_ways() {
    // White woozan c5, Black woozans b6 and d4; c6, c4, b4, d6 empty.
    let p = pos("**1**/k4/5/5/*w2*/*1W1*/*2w*/5/5/4K/**1** w - 0 1");
    assert_eq!(
        moves_from(&p, "c5"),
        sorted(&["c5c6", "c5c4", "c5b6", "c5d4"])
    );
    // Black's b6: forward is towards rank 0; it also has the X move to a7 (T4).
    let p = pos("**1**/k4/5/5/*w2*/*1W1*/*2w*/5/5/4K/**1** b - 0 1");
    assert_eq!(
        moves_from(&p, "b6"),
        sorted(&["b6b5", "b6b7", "b6c5", "b6a7"])
    );
    // A straight step never captures; a diagonal step never goes to an empty cell.
    let p = pos("**1**/k4/5/5/*1w1*/*1W1*/*1w1*/5/5/4K/**1** w - 0 1");
    assert_eq!(moves_from(&p, "c5"), Vec::<String>::new());
}

#[test]
fn t3_double_steps_including_the_bent_paths() {
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/WWWWW/5/**K** w ABCDE 0 1");
    for (from, list) in [
        ("a2", vec!["a2a3", "a2a1", "a2b4"]),
        ("b2", vec!["b2b3", "b2b1", "b2b4"]),
        ("c2", vec!["c2c3", "c2c1", "c2c4"]),
        ("d2", vec!["d2d3", "d2d1", "d2d4"]),
        ("e2", vec!["e2e3", "e2e1", "e2d4"]),
    ] {
        assert_eq!(moves_from(&p, from), sorted(&list), "{from}");
    }
    // Black's mirror image.
    let p = pos("**k**/5/wwwww/5/*3*/*3*/*3*/5/5/5/**K** b abcde 0 1");
    for (from, list) in [
        ("a8", vec!["a8a7", "a8a9", "a8b6"]),
        ("b8", vec!["b8b7", "b8b9", "b8b6"]),
        ("c8", vec!["c8c7", "c8c9", "c8c6"]),
        ("d8", vec!["d8d7", "d8d9", "d8d6"]),
        ("e8", vec!["e8e7", "e8e9", "e8d6"]),
    ] {
        assert_eq!(moves_from(&p, from), sorted(&list), "{from}");
    }
}

#[test]
fn t3_double_step_needs_empty_middle_and_target_and_never_captures() {
    // a3 occupied (own fleurbic): no a2-(a3)-b4; e3 empty, d4 holds a Black woozan:
    // e2 cannot jump onto it, and d2 cannot either.
    let p = pos("**k**/5/5/5/*3*/*3*/*2w*/F4/W2WW/5/**K** w ADE 0 1");
    assert_eq!(moves_from(&p, "a2"), sorted(&["a2a1"]));
    assert_eq!(moves_from(&p, "e2"), sorted(&["e2e3", "e2e1"]));
    assert_eq!(moves_from(&p, "d2"), sorted(&["d2d3", "d2d1"]));
    // The c3 woozan of the start position never double-steps (not on rank 2).
    let p = Trubix::startpos();
    assert!(!has(&p, "c3c5"));
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/2W2/5/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "c3"), sorted(&["c3c4", "c3c2"]));
}

#[test]
fn t3_t6_a_woozan_that_moved_loses_the_right_for_good() {
    // b2 steps to b3 and back: no b2b4 any more, and the position differs from
    // the start (virgin rights are part of it).
    let (p, _) = play_line(&Trubix::startpos(), &["b2b3", "b8b7", "b3b2", "b7b8"]).unwrap();
    assert!(!has(&p, "b2b4"));
    assert!(has(&p, "d2d4"));
    assert_eq!(
        p.to_fen(),
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ACDEacde 4 3"
    );
    assert_ne!(p.hash(), Trubix::startpos().hash());
    assert_eq!(p.hash(), p.recompute_hash());
}

#[test]
fn t6_a_woozan_captured_on_its_square_loses_the_right() {
    // White's fleurbic takes the virgin Black woozan on b8; a Black woozan that
    // later arrives on b8 has no right to double-step.
    let p = pos("**k**/1w3/1w3/5/*F2*/*3*/*3*/5/5/5/**K** w b 0 1");
    let (after, _) = play_line(&p, &["b6b8"]).unwrap();
    assert!(after.to_fen().contains(" b - "), "{}", after.to_fen());
    assert_eq!(after.hash(), after.recompute_hash());
    let (after, _) = play_line(&after, &["c10d9", "b8d6", "b9b8", "c0c1"]).unwrap();
    assert_eq!(moves_from(&after, "b8"), sorted(&["b8b7", "b8b9"]));
}

#[test]
fn t4_x_moves_for_both_colours_both_ways() {
    // White woozans on a3 and d4 use the X squares; so do Black's on a7 and d6.
    let p = pos("**k**/5/5/w4/*2w*/*3*/*2W*/W4/5/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "a3"), sorted(&["a3a2", "a3b4"]));
    assert_eq!(moves_from(&p, "d4"), sorted(&["d4d5", "d4d3", "d4e3"]));
    let p = pos("**k**/5/5/w4/*2w*/*3*/*2W*/W4/5/5/**K** b - 0 1");
    assert_eq!(moves_from(&p, "a7"), sorted(&["a7a8", "a7b6"]));
    assert_eq!(moves_from(&p, "d6"), sorted(&["d6d5", "d6d7", "d6e7"]));
    // The other directions, and White on Black's side / Black on White's side.
    let p = pos("**k**/5/5/4W/*W2*/*3*/*3*/5/5/5/**K** w - 0 1");
    assert!(has(&p, "b6a7") && has(&p, "e7d6"));
    let p = pos("**k**/5/5/W4/*2W*/*3*/*3*/5/5/5/**K** w - 0 1");
    assert!(has(&p, "a7b6") && has(&p, "d6e7"));
    let p = pos("**k**/5/5/5/*3*/*3*/*w2*/4w/5/5/**K** b - 0 1");
    assert!(has(&p, "b4a3") && has(&p, "e3d4"));
    let p = pos("**k**/5/5/5/*3*/*3*/*2w*/w4/5/5/**K** b - 0 1");
    assert!(has(&p, "a3b4") && has(&p, "d4e3"));
    // Non-capturing: an X move onto an empty cell only (a3 to b4 is also a
    // diagonal, so a capture there is the ordinary T2 capture).
    let p = pos("**k**/5/5/5/*3*/*3*/*W2*/W4/5/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "a3"), sorted(&["a3a2"]));
}

#[test]
fn t5_z_moves_are_one_way_and_one_colour() {
    // White woozans on a8 and e8: a8b9 and e8d9, each with the rank-9 choices (T7).
    let p = pos("**k**/5/W3W/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1");
    assert_eq!(
        moves_from(&p, "a8"),
        sorted(&["a8a9", "a8a9n", "a8a9f", "a8a7", "a8b9", "a8b9n", "a8b9f"])
    );
    assert!(has(&p, "e8d9") && has(&p, "e8d9f"));
    // b9 and d9 to c10 (with the queen, T7); never back from c10 to b9 quietly.
    let p = pos("**1**/1W1W1/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(
        moves_from(&p, "b9"),
        sorted(&["b9b8", "b9c10", "b9c10q", "b9c10n", "b9c10f"])
    );
    let p = pos("**W**/5/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(
        moves_from(&p, "c10"),
        sorted(&["c10c9", "c10c9n", "c10c9f"])
    );
    // Black's Z moves are on White's side; a White woozan on a2 has none.
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/w3w/5/**K** b - 0 1");
    assert_eq!(
        moves_from(&p, "a2"),
        sorted(&["a2a3", "a2a1", "a2a1n", "a2a1f", "a2b1", "a2b1n", "a2b1f"])
    );
    assert!(has(&p, "e2d1") && has(&p, "e2d1n"));
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/W4/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "a2"), sorted(&["a2a1", "a2a3"]));
    // Black b1 and d1 to c0 (queen allowed there).
    let p = pos("**k**/K4/5/5/*3*/*3*/*3*/5/5/1w1w1/**1** b - 0 1");
    assert!(has(&p, "b1c0q") && has(&p, "d1c0") && has(&p, "d1c0f"));
    // A Z move needs an empty target: a friend on c10 blocks d9c10 (an enemy
    // there could be taken, but by the ordinary diagonal capture of T2).
    let p = pos("**N**/3W1/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "d9"), sorted(&["d9d8"]));
}

#[test]
fn t7_promotion_choices_are_separate_moves() {
    // c9 to c10: queen, knight, fleurbic or stay; c9 back to c8: nothing.
    let p = pos("**1**/2W2/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(
        moves_from(&p, "c9"),
        sorted(&["c9c10", "c9c10q", "c9c10n", "c9c10f", "c9c8"])
    );
    // Arriving on rank 9 from rank 8, by a capture too: knight, fleurbic or stay.
    let p = pos("**1**/3q1/2W2/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(
        moves_from(&p, "c8"),
        sorted(&["c8c9", "c8c9n", "c8c9f", "c8d9", "c8d9n", "c8d9f", "c8c7"])
    );
    // Perft counts each choice: 4 + 1 woozan moves plus the king's c1 and d1
    // (b1 touches the Black king on a2).
    let p = pos("**1**/2W2/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert_eq!(perft(&p, 1), 7);
    // Playing them: the piece changes, and the notation has the suffix.
    let q = p.play(p.parse_move("c9c10q").unwrap());
    assert_eq!(q.piece_char(Sq::parse("c10").unwrap()), Some('Q'));
    let w = p.play(p.parse_move("c9c10").unwrap());
    assert_eq!(w.piece_char(Sq::parse("c10").unwrap()), Some('W'));
    assert!(p.parse_move("c9c10k").is_err());
    assert!(p.parse_move("c9c10w").is_err());
    // Queen only on c10: not on rank 9.
    let p = pos("**1**/5/W4/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    assert!(!has(&p, "a8a9q"));
    // Black: rank 1 and c0.
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/K4/2w2/**1** b - 0 1");
    assert_eq!(
        moves_from(&p, "c1"),
        sorted(&["c1c0", "c1c0q", "c1c0n", "c1c0f", "c1c2"])
    );
}

#[test]
fn t7_a_woozan_that_stays_on_rank_9_promotes_only_by_moving_again() {
    let p = pos("**1**/5/W4/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    let (p, _) = play_line(&p, &["a8a9", "a2a3"]).unwrap();
    assert_eq!(p.piece_char(Sq::parse("a9").unwrap()), Some('W'));
    // On a9 its only move is back to a8 (no promotion in place, no a9b10).
    assert_eq!(moves_from(&p, "a9"), sorted(&["a9a8"]));
    // Back to a8 and forward again: the choices return.
    let (p, _) = play_line(&p, &["a9a8", "a3b4"]).unwrap();
    assert!(has(&p, "a8a9n") && has(&p, "a8b9f"));
}

#[test]
fn t8_checkmate_wins() {
    // Queen to c9, guarded by the b8 woozan: the Black king on c10 is mated.
    let (p, h) = play_line(
        &pos("**k**/5/1W1Q1/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1"),
        &["d8c9"],
    )
    .unwrap();
    assert!(p.in_check());
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Win {
            winner: Color::White,
            reason: "White mates"
        })
    );
    // Black mates likewise.
    let (p, h) = play_line(
        &pos("**k**/5/5/5/*3*/*3*/*3*/5/1w1q1/5/**K** b - 0 1"),
        &["d2c1"],
    )
    .unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "Black mates"
        })
    );
}

#[test]
fn t8_a_move_may_not_leave_the_king_attacked() {
    // The fleurbic on c6 is pinned by the queen on c8 against its king on c5:
    // it may go to c7 or take the queen, but not leap over its own king to c4.
    let p = pos("**1**/k4/2q2/5/*1F1*/*1K1*/*3*/5/5/5/**1** w - 0 1");
    assert_eq!(moves_from(&p, "c6"), sorted(&["c6c7", "c6c8"]));
    // In check from a knight: capture it or move the king; no blocking.
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/Fn3/2W2/**K** w - 0 1");
    assert!(p.in_check());
    assert_eq!(moves(&p), sorted(&["a2b2", "c0b1", "c1b2"]));
    // The king may not step onto an attacked cell (woozans attack all four diagonals).
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/2w2/5/**K** w - 0 1");
    assert_eq!(moves_from(&p, "c0"), sorted(&["c0c1"]));
}

#[test]
fn t9_stalemate_is_a_draw() {
    // Black king c10: b9 and d9 covered by the c8 woozan, c9 by the a8 knight.
    let p = pos("**k**/5/N1W2/5/*3*/*3*/*3*/5/5/5/**K** b - 0 1");
    assert!(!p.in_check());
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
}

#[test]
fn t10_threefold_repetition_counts_virgin_rights() {
    let shuffle = ["a3b3", "a7b7", "b3a3", "b7a7"];
    // Fleurbic shuffles from the start: the third occurrence is a draw.
    let line: Vec<&str> = shuffle.iter().chain(shuffle.iter()).copied().collect();
    let (p, h) = play_line(&Trubix::startpos(), &line).unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    let (p, h) = play_line(&Trubix::startpos(), &line[..7]).unwrap();
    assert_eq!(game_outcome(&p, &h), None);
    // After b2b3 b8b7 b3b2 b7b8 the pieces stand as at the start but two
    // woozans have lost their double step: the start does not count again.
    let lose = ["b2b3", "b8b7", "b3b2", "b7b8"];
    let line: Vec<&str> = lose.iter().chain(shuffle.iter()).copied().collect();
    let (p, h) = play_line(&Trubix::startpos(), &line).unwrap();
    assert_eq!(game_outcome(&p, &h), None, "only two occurrences");
    let line: Vec<&str> = line.iter().chain(shuffle.iter()).copied().collect();
    let (p, h) = play_line(&Trubix::startpos(), &line).unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
}

#[test]
fn t11_only_captures_reset_the_clock() {
    let p = pos("**k**/5/w4/5/*3*/*3*/*3*/5/W3F/5/**K** w - 42 30");
    // A woozan move does not reset the clock.
    let a = p.play(p.parse_move("a2a3").unwrap());
    assert_eq!(a.halfmove_clock(), 43);
    let b = a.play(a.parse_move("a8a7").unwrap());
    assert_eq!(b.halfmove_clock(), 44);
    // A capture (here by a woozan, on the X diagonal) does.
    let p = pos("**k**/5/5/5/*3*/*3*/*w2*/W4/5/5/**K** w - 42 30");
    let c = p.play(p.parse_move("a3b4").unwrap());
    assert_eq!(c.halfmove_clock(), 0);
    // 100 half-moves without a capture: a draw, even right after woozan moves.
    let p = pos("**k**/5/w4/5/*3*/*3*/*3*/5/W4/5/**K** w - 99 60");
    let (q, h) = play_line(&p, &["a2a3"]).unwrap();
    assert_eq!(q.halfmove_clock(), 100);
    assert_eq!(
        game_outcome(&q, &h),
        Some(Outcome::Draw {
            reason: "move-count rule"
        })
    );
    assert_eq!(Trubix::MOVE_RULE, Some(100));
}

#[test]
fn t12_king_against_king_is_a_draw() {
    let p = pos("**k**/5/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1");
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Draw {
            reason: "bare kings"
        })
    );
    assert_eq!(moves(&p), Vec::<String>::new());
    // Reached by capturing the last other piece.
    let p = pos("**1**/k4/5/5/*3*/*3*/*3*/5/5/1w3/**K** w - 0 1");
    let (q, h) = play_line(&p, &["c0b1"]).unwrap();
    assert_eq!(
        q.static_outcome(),
        Some(Outcome::Draw {
            reason: "bare kings"
        })
    );
    assert!(game_outcome(&q, &h).is_some());
    // A king and a woozan against a king is not over.
    assert_eq!(p.static_outcome(), None);
}

// ---------------------------------------------------------------------------
// Notation, packing, noisy moves, hashes, and the slow generator.
// ---------------------------------------------------------------------------

#[test]
fn notation_uses_ranks_0_to_10() {
    let p = pos("**1**/2W2/5/5/*3*/*3*/*3*/5/k4/5/**K** w - 0 1");
    let m = p.parse_move("c9c10q").unwrap();
    assert_eq!(p.format_move(m), "c9c10q");
    assert_eq!(format!("{m:?}"), "c9c10q");
    assert!(p.parse_move("c9c11").is_err());
    assert!(p.parse_move("c9c010").is_err());
    let p = pos("**k**/5/W4/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1");
    assert!(p.parse_move("a8b9").is_ok());
    assert!(Trubix::startpos().parse_move("c2c4").is_err());
    assert!(Trubix::startpos().parse_move("c3c4").is_ok());
}

#[test]
fn moves_pack_and_noisy_moves_are_the_noisy_subset() {
    let mut next = rng(99);
    let mut p = Trubix::startpos();
    let mut seen = 0;
    for _ in 0..3000 {
        let mut all = MoveList::new();
        p.generate(GenKind::All, &mut all);
        if all.is_empty() || p.halfmove_clock() >= 100 {
            p = Trubix::startpos();
            continue;
        }
        for &m in &all {
            assert_eq!(TrubixMove::unpack(m.pack()), Some(m));
            assert!(p.is_legal(m));
        }
        let mut noisy = MoveList::new();
        p.generate(GenKind::Noisy, &mut noisy);
        let mut a: Vec<_> = all
            .iter()
            .filter(|&&m| p.is_noisy(m))
            .map(|m| m.pack())
            .collect();
        let mut b: Vec<_> = noisy.iter().map(|m| m.pack()).collect();
        a.sort();
        b.sort();
        assert_eq!(a, b, "{}", p.to_fen());
        seen += b.len();
        p = p.play(all[(next() % all.len() as u64) as usize]);
        assert_eq!(p.hash(), p.recompute_hash(), "{}", p.to_fen());
        assert_eq!(Trubix::from_fen(&p.to_fen()).unwrap(), p);
    }
    assert!(seen > 1000);
    assert_eq!(TrubixMove::unpack(0), None);
}

/// Compares the fast and the slow generators at every node of a random walk.
#[test]
fn fast_and_slow_generators_agree_on_random_walks() {
    let mut next = rng(0x5EED);
    let mut positions = 0;
    for game in 0..40 {
        let mut p = Trubix::startpos();
        for _ in 0..(60 + game * 5) {
            let fast = moves(&p);
            assert_eq!(fast, Slow::from_fast(&p).move_texts(), "{}", p.to_fen());
            // perft's last ply counts with the tallying generator.
            assert_eq!(p.count_moves(), fast.len(), "{}", p.to_fen());
            positions += 1;
            if fast.is_empty() {
                break;
            }
            let m = p
                .parse_move(&fast[(next() % fast.len() as u64) as usize])
                .unwrap();
            p = p.play(m);
        }
    }
    assert!(positions > 2000);
}

/// Random-walk positions (seeded) at several game stages, for perft comparisons.
fn walk_positions() -> Vec<Trubix> {
    let mut next = rng(0xABCD);
    let mut out = Vec::new();
    for plies in [6, 14, 24, 40, 70] {
        let mut p = Trubix::startpos();
        for _ in 0..plies {
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            p = p.play(list[(next() % list.len() as u64) as usize]);
        }
        out.push(p);
    }
    out
}

/// The positions of the perft data file, and more random-walk positions.
fn perft_positions() -> Vec<Trubix> {
    let epd = include_str!("../../../tests/data/perft/trubix.epd");
    let mut v: Vec<Trubix> = epd
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| pos(l.split(';').next().unwrap().trim()))
        .collect();
    assert!(v.len() >= 10);
    v.extend(walk_positions());
    v
}

#[test]
fn fast_and_slow_perft_agree() {
    assert_eq!(Slow::from_fast(&Trubix::startpos()).perft(3), 2037);
    for p in perft_positions() {
        let slow = Slow::from_fast(&p);
        for depth in 1..=3 {
            assert_eq!(
                perft(&p, depth),
                slow.perft(depth),
                "{} d{depth}",
                p.to_fen()
            );
        }
    }
}

#[test]
#[ignore = "slow generator at depth 4: about a minute"]
fn fast_and_slow_perft_agree_deeper() {
    assert_eq!(Slow::from_fast(&Trubix::startpos()).perft(4), 34_374);
    for p in perft_positions() {
        assert_eq!(perft(&p, 4), Slow::from_fast(&p).perft(4), "{}", p.to_fen());
    }
}

#[test]
fn the_position_stays_small_enough_to_copy_inline() {
    // See `pack_virgin`: above 128 bytes, every `play` calls memcpy.
    assert!(std::mem::size_of::<Trubix>() <= 128);
}

#[test]
fn small_perfts() {
    let p = Trubix::startpos();
    let figures: Vec<u64> = (1..=4).map(|d| perft(&p, d)).collect();
    assert_eq!(figures, [11, 121, 2_037, 34_374]);
}

#[test]
fn a_crowded_worst_case_fits_the_move_list() {
    // Seven queens (all six woozans promoted), four fleurbics, two knights and
    // the king, spread over the open board (the Black king walled in by
    // woozans): far below MAX_MOVES. A hill-climbing search over dense random
    // positions (run once, not kept) found none above 134 legal moves.
    let p = pos("**k**/1www1/5/Q1Q1Q/*QFQ*/*FNF*/*QNQ*/F4/5/5/**K** w - 0 1");
    let n = moves(&p).len();
    assert!(n < crate::rules::MAX_MOVES / 2, "{n}");
}
