//! Bandit evaluation: colour symmetry and capture ordering.

use super::*;

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
