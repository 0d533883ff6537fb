//! Chess unit tests: FEN handling, special moves, outcomes. The perft suite
//! lives in `tests/perft.rs`.

use super::*;
use crate::rules::{game_outcome, play_line, GenKind, MoveList, Outcome, Position};
use crate::tools::perft::perft;

fn moves(pos: &Chess) -> Vec<String> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut v: Vec<String> = list.iter().map(|&m| pos.format_move(m)).collect();
    v.sort();
    v
}

#[test]
fn start_fen_round_trips() {
    let p = Chess::startpos();
    assert_eq!(p.to_fen(), Chess::START_FEN);
    assert_eq!(moves(&p).len(), 20);
}

#[test]
fn fen_errors_are_typed() {
    assert!(matches!(
        Chess::from_fen(""),
        Err(FenError::MissingField(_))
    ));
    assert!(matches!(
        Chess::from_fen("8/8/8/8/8/8/8/8 w - - 0 1"),
        Err(FenError::RoyalCount { .. })
    ));
    assert!(matches!(
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        Err(FenError::BadField { .. })
    ));
    assert!(matches!(
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1"),
        Err(FenError::BadField {
            field: "castling",
            ..
        })
    ));
    // Black in check with White to move.
    assert!(matches!(
        Chess::from_fen("4k3/8/8/8/8/8/8/4R1K1 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    assert!(matches!(
        Chess::from_fen("4k3/8/8/8/8/8/8/P3K3 w - - 0 1"),
        Err(FenError::Illegal(_))
    ));
    assert!(Chess::from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra").is_err());
}

#[test]
fn en_passant_and_pin_along_rank() {
    // The e5 pawn may not take d6 en passant: it would expose its king on a5 to the h5 rook.
    let p = Chess::from_fen("8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1").unwrap();
    assert!(!moves(&p).contains(&"b5c6".to_string()));
    let p = Chess::from_fen("8/8/8/1Pp4r/8/K7/8/4k3 w - c6 0 1").unwrap();
    assert!(moves(&p).contains(&"b5c6".to_string()));
    let after = p.play(p.parse_move("b5c6").unwrap());
    assert_eq!(after.to_fen(), "8/8/2P5/7r/8/K7/8/4k3 b - - 0 1");
}

#[test]
fn castling_rules() {
    let p = Chess::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").unwrap();
    let m = moves(&p);
    assert!(m.contains(&"e1g1".to_string()) && m.contains(&"e1c1".to_string()));
    let after = p.play(p.parse_move("e1g1").unwrap());
    assert_eq!(after.to_fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1");
    // Through an attacked square: no castling that side.
    let p = Chess::from_fen("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1").unwrap();
    assert!(!moves(&p).contains(&"e1g1".to_string()));
    assert!(moves(&p).contains(&"e1c1".to_string()));
    // Capturing a rook removes the right.
    let p = Chess::from_fen("r3k2r/8/8/8/8/8/6B1/R3K2R w KQkq - 0 1").unwrap();
    let after = p.play(p.parse_move("g2a8").unwrap());
    assert_eq!(after.to_fen(), "B3k2r/8/8/8/8/8/8/R3K2R b KQk - 0 1");
}

#[test]
fn promotions_are_four_moves() {
    let p = Chess::from_fen("8/P6k/8/8/8/8/8/K7 w - - 0 1").unwrap();
    let m = moves(&p);
    for s in ["a7a8q", "a7a8r", "a7a8b", "a7a8n"] {
        assert!(m.contains(&s.to_string()), "{s}");
    }
    assert!(p.parse_move("a7a8").is_err());
}

#[test]
fn outcomes() {
    // Fool's mate.
    let (p, h) = play_line(&Chess::startpos(), &["f2f3", "e7e5", "g2g4", "d8h4"]).unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: "Black mates"
        })
    );
    // Stalemate.
    let p = Chess::from_fen("7k/5Q2/8/8/8/8/8/K7 b - - 0 1").unwrap();
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Draw {
            reason: "stalemate"
        })
    );
    // Threefold repetition by knight shuffles.
    let line = [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ];
    let (p, h) = play_line(&Chess::startpos(), &line).unwrap();
    assert_eq!(
        game_outcome(&p, &h),
        Some(Outcome::Draw {
            reason: "threefold repetition"
        })
    );
    let (p, h) = play_line(&Chess::startpos(), &line[..7]).unwrap();
    assert_eq!(game_outcome(&p, &h), None);
    // Fifty-move rule, and mate on the hundredth ply still wins.
    let p = Chess::from_fen("4k3/8/8/8/8/8/8/4K2R w - - 100 80").unwrap();
    assert_eq!(
        game_outcome(&p, &[]),
        Some(Outcome::Draw {
            reason: "move-count rule"
        })
    );
    let p = Chess::from_fen("R3k3/8/4K3/8/8/8/8/8 b - - 100 80").unwrap();
    assert!(matches!(game_outcome(&p, &[]), Some(Outcome::Win { .. })));
    // Insufficient material.
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4KN2 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/4KB2 w - - 0 1",
    ] {
        let p = Chess::from_fen(fen).unwrap();
        assert_eq!(
            game_outcome(&p, &[]),
            Some(Outcome::Draw {
                reason: "insufficient material"
            }),
            "{fen}"
        );
    }
    for fen in [
        "1b2k3/8/8/8/8/8/8/4KB2 w - - 0 1",
        "4k3/8/8/8/8/8/8/3NKN2 w - - 0 1",
    ] {
        let p = Chess::from_fen(fen).unwrap();
        assert_eq!(game_outcome(&p, &[]), None, "{fen}");
    }
}

#[test]
fn small_perfts() {
    assert_eq!(perft(&Chess::startpos(), 1), 20);
    assert_eq!(perft(&Chess::startpos(), 2), 400);
    assert_eq!(perft(&Chess::startpos(), 3), 8_902);
}

#[test]
fn move_packing_round_trips() {
    let p = Chess::startpos();
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    for &m in &list {
        assert_eq!(ChessMove::unpack(m.pack()), Some(m));
        assert!(p.is_legal(m));
    }
    assert_eq!(ChessMove::unpack(0), None);
}
