//! XBoard's forms of the moves of the variants it cannot draw plainly, on
//! positions of the variants' ruling tests (see `moves.rs` for why each form).

use super::moves::{gui_squares, hidden_after, move_text, parse, shows, victims};
use crate::geometry::{Rect7x9, Square};
use crate::rules::fen::write_board;
use crate::rules::{GameMove, GenKind, MoveList, Position};
use crate::variants::bandit::Bandit;
use crate::variants::fugue::Fugue;

fn fugue(fen: &str) -> Fugue {
    Fugue::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// A Bandit position with these agents, `stm` to move.
fn bandit(pieces: &[(&str, char)], stm: char) -> Bandit {
    let at = |sq: Square<Rect7x9>| {
        pieces
            .iter()
            .find(|&&(name, _)| Square::parse(name) == Some(sq))
            .map(|&(_, c)| c)
    };
    let fen = format!("{} {stm} - - 0 1", write_board::<Rect7x9>(at));
    Bandit::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal<P: Position>(p: &P) -> MoveList<P::Move> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    list
}

#[test]
fn fugue_forms_keep_xboards_picture() {
    let x = |p: &Fugue, m: &str| move_text(p, p.parse_move(m).unwrap());
    let p = fugue("3p3k/8/8/8/3U3p/3p4/8/K7 w");
    assert_eq!(x(&p, "d4d6"), "d4d3,d3d6"); // withdrawal: victim behind the start
    assert_eq!(x(&p, "d4g4"), "d4h4,h4g4"); // approach: victim beyond the end
    assert_eq!(x(&p, "d4e4"), "d4e4");
    let p = fugue("7k/6p1/7P/3p4/p2A1p2/p7/P6s/K2p1Pp1 w");
    assert_eq!(x(&p, "d4g7"), "d4g7,g7d4"); // shot: there and back
    let p = fugue("3p3k/8/5s2/3pp3/2PL1p2/3p4/3p1q2/K7 w");
    assert_eq!(x(&p, "d4d7"), "d4d5,d5d7"); // long leaper
    let p = fugue("7k/8/3p4/1s6/2pWp3/2wP4/8/K5i1 w");
    assert_eq!(x(&p, "d4e4x"), "d4e4z"); // mutual destruction: `z` empties e4
    assert_eq!(x(&p, "d4h8"), "d4h8"); // swap: cannot be drawn
    assert_eq!(gui_squares(&p, p.parse_move("d4e4x").unwrap()), None);
    // Every legal move's XBoard form reads back as that move.
    for fen in [
        "3p3k/8/8/8/3U3p/3p4/8/K7 w",
        "7k/6p1/7P/3p4/p2A1p2/p7/P6s/K2p1Pp1 w",
        "7k/8/3p4/1s6/2pWp3/2wP4/8/K5i1 w",
        Fugue::START_FEN,
    ] {
        let p = fugue(fen);
        for &m in &legal(&p) {
            assert_eq!(parse(&p, &move_text(&p, m)), Ok(m), "{fen}");
        }
    }

    // A swap hides the enemy it sends to the swapper's start (XBoard draws
    // that cell empty); moving that piece is then not shown, and any move
    // that lands on, leaves or removes the cell makes it visible again.
    let d4 = Square::<crate::geometry::Rect8x8>::parse("d4").unwrap();
    let swap = p.parse_move("d4h8").unwrap();
    let hidden = hidden_after(&p, swap, 0);
    assert_eq!(hidden, 1u128 << d4.index());
    assert!(!shows(&p, swap, 0));
    let q = p.play(swap);
    let king_moves: Vec<_> = legal(&q)
        .into_iter()
        .filter(|m| m.from() == d4.index())
        .collect();
    assert!(!king_moves.is_empty());
    assert!(king_moves.iter().all(|&m| !shows(&q, m, hidden)));
    let d4_king_step = q.parse_move("d4d5").unwrap();
    assert_eq!(hidden_after(&q, d4_king_step, hidden), 0);
    let other = q.parse_move("c3b2").unwrap();
    assert!(shows(&q, other, hidden));
    assert_eq!(hidden_after(&q, other, hidden), hidden);
}

#[test]
fn bandit_forms_of_tricks_and_outlaw_captures() {
    // The two-line trick position of b5_trick_on_both_lines: four outcomes of
    // e3d5, which XBoard must relay to the other engine distinguishably. It
    // keeps only from, to, a promotion character and kill squares, so they
    // are numbered by packed code: plain, `=`, `t`, two legs through the
    // lowest empty square (b1 here: a1 holds the white king).
    let p = bandit(
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
    let mut tricks: Vec<_> = legal(&p)
        .into_iter()
        .filter(|&m| m.is_trick() && p.format_move(m).starts_with("e3d5"))
        .collect();
    tricks.sort_by_key(|m| m.pack());
    let forms: Vec<String> = tricks.iter().map(|&m| move_text(&p, m)).collect();
    assert_eq!(forms, ["e3d5", "e3d5=", "e3d5t", "e3b1,b1d5"]);
    for &m in &tricks {
        // Round trip through XBoard's form and through our notation.
        assert_eq!(parse(&p, &move_text(&p, m)), Ok(m));
        assert_eq!(parse(&p, &p.format_move(m)), Ok(m));
    }
    // The earlier multi-leg form is still understood.
    let m = p.parse_move("e3d5@d4@c5").unwrap();
    assert_eq!(parse(&p, "e3d4,d4c5,c5d5"), Ok(m));
    // A mouse-entered plain trick move is the first outcome.
    assert_eq!(parse(&p, "e3d5"), Ok(tricks[0]));
    // One line: two outcomes, plain and `=`.
    let p = bandit(
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
        (move_text(&p, first), move_text(&p, second)),
        ("e3d5".into(), "e3d5=".into())
    );
    // Outlaw captures: two legs through the nearer victim, which is marked on hover.
    let p = bandit(
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
    assert_eq!(move_text(&p, m), "d5d6,d6d7");
    assert_eq!(parse(&p, "d5d6,d6d7"), Ok(m));
    assert_eq!(victims(&p, m), vec![Square::parse("d6").unwrap()]);
    // With the mover's own agent nearer, the plain move: a leg onto one's own
    // piece is XBoard's castling kludge (it relayed `d5d6,d6d7` as `d5d7,d6c7`).
    let q = bandit(
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
    assert_eq!(move_text(&q, own_near), "d5d7");
    assert_eq!(parse(&q, "d5d7"), Ok(own_near));
    let g = gui_squares(&p, m).unwrap();
    assert_eq!(
        (g.from.name(), g.to.name()),
        ("d5".to_string(), "d7".to_string())
    );
}

#[test]
fn chess_needs_no_kill_legs() {
    use crate::variants::chess::Chess;
    // En passant: XBoard referees chess itself, so the plain move; the
    // victim beside the target is still marked on hover.
    let p = Chess::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").unwrap();
    let m = p.parse_move("e5d6").unwrap();
    assert_eq!(move_text(&p, m), "e5d6");
    assert_eq!(victims(&p, m), vec![Square::parse("d5").unwrap()]);
    let p = Chess::from_fen("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = p.parse_move("b7b8n").unwrap();
    assert_eq!(move_text(&p, m), "b7b8n");
    assert_eq!(gui_squares(&p, m).and_then(|g| g.promotion), Some('n'));
}

#[test]
fn hard_and_easy_reach_the_time_management() {
    use super::{Task, Xboard};
    let (tx, rx) = std::sync::mpsc::channel();
    let mut x = Xboard::new(tx, rx, Vec::new());
    x.command("force");
    assert!(!x.limits(Task::Think).ponder_enabled);
    x.command("hard");
    assert!(x.limits(Task::Think).ponder_enabled);
    assert!(x.limits(Task::Ponder).ponder_enabled);
    x.command("easy");
    assert!(!x.limits(Task::Think).ponder_enabled);
}
