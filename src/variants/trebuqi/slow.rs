//! An independent, slow move generator for tests only. It reads the
//! position's mailbox and walks grid coordinates (file, rank) with the rules
//! document written out again: Q2's cell rule and direction table, each
//! piece's movement, Q3 facing, Q4/Q5 royalty and Q9's "attacked" (some
//! enemy piece could capture there by its own movement). It shares none of
//! the engine's tables, attack, facing or royalty code; moves are made with
//! the engine's `play`, whose result is read back as a mailbox only.

use super::{Kind, Trebuqi, TrebuqiMove, EMPTY};
use crate::geometry::Color;
use crate::rules::Position;

/// A grid cell: (file 0-10 for a-k, rank 0-10 for ranks 1-11).
type Cell = (i32, i32);

/// Q2's six orthogonal directions (through an edge).
const ORTHOGONAL: [Cell; 6] = [(1, 0), (-1, 0), (0, 1), (1, 1), (0, -1), (-1, -1)];
/// Q2's six diagonal directions (through a vertex, never blocked).
const DIAGONAL: [Cell; 6] = [(1, 2), (-1, -2), (2, 1), (-2, -1), (-1, 1), (1, -1)];

/// Q2: rank n (1-11) holds the files from max(0, n-6) to min(10, n+4).
fn exists((file, rank): Cell) -> bool {
    let n = rank + 1;
    (0..11).contains(&rank) && (0.max(n - 6)..=10.min(n + 4)).contains(&file)
}

fn name((file, rank): Cell) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn index((file, rank): Cell) -> usize {
    (rank * 11 + file) as usize
}

fn step((file, rank): Cell, (dx, dy): Cell, n: i32) -> Option<Cell> {
    let c = (file + n * dx, rank + n * dy);
    exists(c).then_some(c)
}

/// Every cell of the board.
fn cells() -> impl Iterator<Item = Cell> {
    (0..11)
        .flat_map(|rank| (0..11).map(move |file| (file, rank)))
        .filter(|&c| exists(c))
}

/// The mailbox of a position, read by cell: `None` for an empty cell,
/// otherwise the piece's colour and kind.
struct Board([u8; super::BOX]);

impl Board {
    fn of<const RULE: u8>(p: &Trebuqi<RULE>) -> Board {
        Board(p.mailbox)
    }

    fn at(&self, c: Cell) -> Option<(Color, Kind)> {
        let piece = self.0[index(c)];
        (piece != EMPTY).then(|| {
            let color = if piece < 6 {
                Color::White
            } else {
                Color::Black
            };
            (color, Kind::ALL[piece as usize % 6])
        })
    }

    fn empty(&self, c: Cell) -> bool {
        self.at(c).is_none()
    }

    fn generals(&self, color: Color) -> Vec<Cell> {
        cells()
            .filter(|&c| self.at(c) == Some((color, Kind::General)))
            .collect()
    }

    /// Whether the piece on `from` may go to `to` by its movement: onto an
    /// empty cell, or capturing what stands there (the caller has checked it
    /// is not the mover's own). River limits are judged on `to` (Q9).
    fn reaches(&self, from: Cell, to: Cell) -> bool {
        let Some((color, kind)) = self.at(from) else {
            return false;
        };
        let white = color == Color::White;
        let capture = !self.empty(to);
        let lands = |d: Cell, n: i32| step(from, d, n) == Some(to);
        match kind {
            // One orthogonal step, never across its near River: White's
            // Generals stay on ranks 1-4, Black's on 8-11.
            Kind::General => {
                (if white { to.1 <= 3 } else { to.1 >= 7 })
                    && ORTHOGONAL.iter().any(|&d| lands(d, 1))
            }
            // Slides; the Cannon moves the same way but captures only over
            // exactly one piece (a screen of either colour).
            Kind::Rook | Kind::Cannon => ORTHOGONAL.iter().any(|&d| {
                let mut between = 0;
                for n in 1.. {
                    let Some(c) = step(from, d, n) else {
                        return false;
                    };
                    if c == to {
                        return match (kind, capture) {
                            (Kind::Cannon, true) => between == 1,
                            _ => between == 0,
                        };
                    }
                    between += !self.empty(c) as i32;
                }
                false
            }),
            // Exactly three cells, both cells between empty, never across
            // its far River: White's stay on ranks 1-7, Black's on 5-11.
            Kind::Trebuchet => {
                (if white { to.1 <= 6 } else { to.1 >= 4 })
                    && ORTHOGONAL.iter().any(|&d| {
                        lands(d, 3)
                            && self.empty(step(from, d, 1).unwrap())
                            && self.empty(step(from, d, 2).unwrap())
                    })
            }
            // One diagonal step (unblockable), or two orthogonal cells with
            // the one between empty.
            Kind::Vicbaba => {
                DIAGONAL.iter().any(|&d| lands(d, 1))
                    || ORTHOGONAL
                        .iter()
                        .any(|&d| lands(d, 2) && self.empty(step(from, d, 1).unwrap()))
            }
            // The two forward orthogonals; sideways too when it stands beyond
            // its far River (White on ranks 8-11, Black on 1-4).
            Kind::Point => {
                let (forward, beyond) = if white {
                    ([(0, 1), (1, 1)], from.1 >= 7)
                } else {
                    ([(0, -1), (-1, -1)], from.1 <= 3)
                };
                forward.iter().any(|&d| lands(d, 1))
                    || (beyond && [(1, 0), (-1, 0)].iter().any(|&d| lands(d, 1)))
            }
        }
    }

    /// Q9: some piece of `by` could capture on `target`.
    fn attacked(&self, target: Cell, by: Color) -> bool {
        cells().any(|c| {
            matches!(self.at(c), Some((color, _)) if color == by) && self.reaches(c, target)
        })
    }

    /// Q3: two opposing Generals on one orthogonal line with no piece between.
    fn facing(&self) -> bool {
        self.generals(Color::White).into_iter().any(|g| {
            ORTHOGONAL.iter().any(|&d| {
                (1..).map_while(|n| step(g, d, n)).find_map(|c| self.at(c))
                    == Some((Color::Black, Kind::General))
            })
        })
    }
}

/// The legal moves of `p` in coordinate notation, sorted.
pub fn slow_moves<const RULE: u8>(p: &Trebuqi<RULE>) -> Vec<String> {
    let board = Board::of(p);
    let us = p.side_to_move();
    let (ours, theirs) = (board.generals(us).len(), board.generals(us.flip()).len());
    // A side without a General has lost; under rule 3 the game is drawn once
    // each side has lost one (Q6). Either way nobody moves.
    if ours == 0 || theirs == 0 || (RULE == 3 && ours < 2 && theirs < 2) {
        return vec![];
    }
    // Q4: every General is royal under rule 1; Q5: under rules 2 and 3 only a
    // side's only General.
    let royal = RULE == 1 || ours == 1;
    let mut moves = Vec::new();
    for from in cells().filter(|&c| matches!(board.at(c), Some((c, _)) if c == us)) {
        for to in cells() {
            if matches!(board.at(to), Some((c, _)) if c == us) || !board.reaches(from, to) {
                continue;
            }
            let after = Board::of(&p.play(TrebuqiMove::new(index(from), index(to))));
            let left_attacked = royal
                && after
                    .generals(us)
                    .into_iter()
                    .any(|g| after.attacked(g, us.flip()));
            if !after.facing() && !left_attacked {
                moves.push(name(from) + &name(to));
            }
        }
    }
    moves.sort();
    moves
}

/// The fast generator against this reference on random playouts (Q9).
#[cfg(test)]
mod compare {
    use super::*;
    use crate::rules::{zobrist, Evaluate, GenKind, MoveList};

    fn moves<const RULE: u8>(pos: &Trebuqi<RULE>) -> Vec<String> {
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        let mut v: Vec<String> = list.iter().map(|&m| pos.format_move(m)).collect();
        v.sort();
        v
    }

    /// Random playouts in all three rules: the fast generator equals the slow
    /// reference (`slow.rs`, coordinates walked from the rules), the incremental
    /// hash equals the recomputed one, FENs round-trip. Returns how many
    /// positions were compared with the side to move down to one General.
    fn playouts<const RULE: u8>(seed: u64) -> usize {
        let mut s = seed;
        let mut lone_general = 0;
        for _ in 0..16 {
            let mut p = Trebuqi::<RULE>::startpos();
            for _ in 0..120 {
                let fast = moves(&p);
                assert_eq!(fast, slow_moves(&p), "{p:?}");
                lone_general += (p.generals(p.side_to_move()) == 1) as usize;
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
        lone_general
    }

    #[test]
    fn q9_fast_generator_matches_slow_reference_rule1() {
        playouts::<1>(1);
    }

    /// Under rule 2 a side's only General turns royal (Q5): the walks must reach
    /// such positions, or that path would go unchecked.
    #[test]
    fn q9_fast_generator_matches_slow_reference_rule2() {
        let lone = playouts::<2>(2);
        assert!(
            lone >= 20,
            "only {lone} positions with a lone General to move"
        );
    }

    /// Rule 3 ends the game once each side has lost a General (Q6), so a lone
    /// General to move means the other side still has two.
    #[test]
    fn q9_fast_generator_matches_slow_reference_rule3() {
        let lone = playouts::<3>(3);
        assert!(
            lone >= 20,
            "only {lone} positions with a lone General to move"
        );
    }
}
