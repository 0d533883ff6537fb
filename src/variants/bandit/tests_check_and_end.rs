//! Bandit Chess unit tests for rulings B8–B14 (captures of outlaws, check,
//! two kings, the end of the game); helpers in `tests.rs`.

use super::tests::*;
use super::*;
use crate::rules::{game_outcome, play_line, Outcome, Position};

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
