//! An independent, slow move generator for tests only. It shares nothing with
//! the fast one but the piece letters: a mailbox addressed by (file, rank),
//! the board shape written out again from the rules table, every piece rule
//! written straight from the rules text (the bent double steps are derived
//! from "two squares forward, or towards the centre where that is a hole"
//! rather than listed), and legality by playing the move and asking every
//! enemy piece whether it reaches the king. No bitboards, no tables.

use super::{Kind, Trubix};
use crate::geometry::{Color, Square};
use crate::rules::Position;

type Cell = Option<(Color, Kind)>;

/// The rules document's board table: which files exist on each rank 0–10.
fn exists(file: i32, rank: i32) -> bool {
    match rank {
        0 | 10 => file == 2,
        4..=6 => (1..=3).contains(&file),
        1..=3 | 7..=9 => (0..=4).contains(&file),
        _ => false,
    }
}

fn name(file: i32, rank: i32) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank)
}

/// A position of the slow generator.
#[derive(Clone)]
pub struct Slow {
    /// `cells[rank][file]`.
    cells: [[Cell; 5]; 11],
    /// Woozans that have never moved and stand on their own second rank.
    virgin: Vec<(i32, i32)>,
    stm: Color,
}

/// A slow move: from, to, and the piece a woozan becomes (if it promotes).
#[derive(Clone, Copy)]
pub struct SlowMove {
    from: (i32, i32),
    to: (i32, i32),
    promo: Option<Kind>,
}

impl SlowMove {
    pub fn text(&self) -> String {
        let mut s = name(self.from.0, self.from.1) + &name(self.to.0, self.to.1);
        if let Some(k) = self.promo {
            s.push(k.letter());
        }
        s
    }
}

const KING_STEPS: [(i32, i32); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

impl Slow {
    /// Reads a fast position through its public face: letters on cells and the FEN.
    pub fn from_fast(pos: &Trubix) -> Slow {
        let mut cells = [[None; 5]; 11];
        for rank in 0..11 {
            for file in 0..5 {
                if let Some(c) = Square::new(file, rank).and_then(|s| pos.piece_char(s)) {
                    let color = if c.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let kind = match c.to_ascii_lowercase() {
                        'k' => Kind::King,
                        'q' => Kind::Queen,
                        'n' => Kind::Knight,
                        'f' => Kind::Fleurbic,
                        'w' => Kind::Woozan,
                        _ => unreachable!(),
                    };
                    cells[rank as usize][file as usize] = Some((color, kind));
                }
            }
        }
        let fen = pos.to_fen();
        let field = fen.split_whitespace().nth(2).unwrap();
        let virgin = field
            .chars()
            .filter(|&c| c != '-')
            .map(|c| {
                let file = c.to_ascii_lowercase() as i32 - 'a' as i32;
                (file, if c.is_ascii_uppercase() { 2 } else { 8 })
            })
            .collect();
        Slow {
            cells,
            virgin,
            stm: pos.side_to_move(),
        }
    }

    fn at(&self, f: i32, r: i32) -> Cell {
        if exists(f, r) {
            self.cells[r as usize][f as usize]
        } else {
            None
        }
    }

    /// Every cell the piece on (f, r) attacks (what it could capture there).
    fn attacks(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let (_, kind) = self.at(f, r).unwrap();
        let mut out = Vec::new();
        let leap = |out: &mut Vec<(i32, i32)>, steps: &[(i32, i32)]| {
            for &(dx, dy) in steps {
                if exists(f + dx, r + dy) {
                    out.push((f + dx, r + dy));
                }
            }
        };
        match kind {
            Kind::King => leap(&mut out, &KING_STEPS),
            Kind::Knight => leap(
                &mut out,
                &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
            ),
            Kind::Fleurbic => {
                let mut steps = Vec::new();
                for (dx, dy) in KING_STEPS {
                    steps.push((dx, dy));
                    steps.push((2 * dx, 2 * dy));
                }
                leap(&mut out, &steps);
            }
            Kind::Woozan => leap(&mut out, &[(1, 1), (1, -1), (-1, 1), (-1, -1)]),
            Kind::Queen => {
                for (dx, dy) in KING_STEPS {
                    let (mut x, mut y) = (f + dx, r + dy);
                    while exists(x, y) {
                        out.push((x, y));
                        if self.at(x, y).is_some() {
                            break;
                        }
                        x += dx;
                        y += dy;
                    }
                }
            }
        }
        out
    }

    fn attacked_by(&self, sq: (i32, i32), by: Color) -> bool {
        for r in 0..11 {
            for f in 0..5 {
                if let Some((c, _)) = self.at(f, r) {
                    if c == by && self.attacks(f, r).contains(&sq) {
                        return true;
                    }
                }
            }
        }
        false
    }

    fn king(&self, color: Color) -> (i32, i32) {
        for r in 0..11 {
            for f in 0..5 {
                if self.at(f, r) == Some((color, Kind::King)) {
                    return (f, r);
                }
            }
        }
        panic!("no king")
    }

    /// Moves by the letter of the rules, legality ignored.
    fn pseudo(&self) -> Vec<SlowMove> {
        let us = self.stm;
        let mut out = Vec::new();
        for r in 0..11 {
            for f in 0..5 {
                let Some((c, kind)) = self.at(f, r) else {
                    continue;
                };
                if c != us {
                    continue;
                }
                if kind != Kind::Woozan {
                    for to in self.attacks(f, r) {
                        if self.at(to.0, to.1).is_none_or(|(oc, _)| oc != us) {
                            out.push(SlowMove {
                                from: (f, r),
                                to,
                                promo: None,
                            });
                        }
                    }
                    continue;
                }
                let mut quiet = Vec::new();
                let fwd = if us == Color::White { 1 } else { -1 };
                // T2: one step straight forward or backward.
                quiet.push((f, r + fwd));
                quiet.push((f, r - fwd));
                // T3: two forward from the own second rank, bending to the centre
                // where the straight target is a hole.
                let second = if us == Color::White { 2 } else { 8 };
                if r == second && self.virgin.contains(&(f, r)) && self.empty(f, r + fwd) {
                    let to = if exists(f, r + 2 * fwd) {
                        (f, r + 2 * fwd)
                    } else if f == 0 {
                        (1, r + 2 * fwd)
                    } else {
                        (f - 1, r + 2 * fwd)
                    };
                    quiet.push(to);
                }
                // T4 and T5, by name.
                let here = name(f, r);
                let pairs = [
                    ("a3", "b4", None),
                    ("b4", "a3", None),
                    ("e3", "d4", None),
                    ("d4", "e3", None),
                    ("a7", "b6", None),
                    ("b6", "a7", None),
                    ("e7", "d6", None),
                    ("d6", "e7", None),
                    ("a8", "b9", Some(Color::White)),
                    ("e8", "d9", Some(Color::White)),
                    ("b9", "c10", Some(Color::White)),
                    ("d9", "c10", Some(Color::White)),
                    ("a2", "b1", Some(Color::Black)),
                    ("e2", "d1", Some(Color::Black)),
                    ("b1", "c0", Some(Color::Black)),
                    ("d1", "c0", Some(Color::Black)),
                ];
                for (a, b, who) in pairs {
                    if a == here && who.is_none_or(|w| w == us) {
                        let file = b.as_bytes()[0] as i32 - 'a' as i32;
                        quiet.push((file, b[1..].parse().unwrap()));
                    }
                }
                let mut targets: Vec<(i32, i32)> = quiet
                    .into_iter()
                    .filter(|&(x, y)| exists(x, y) && self.empty(x, y))
                    .collect();
                for (x, y) in self.attacks(f, r) {
                    if self.at(x, y).is_some_and(|(oc, _)| oc != us) {
                        targets.push((x, y));
                    }
                }
                // T7: every choice is a move of its own.
                let (far, point) = if us == Color::White {
                    (9, (2, 10))
                } else {
                    (1, (2, 0))
                };
                for to in targets {
                    out.push(SlowMove {
                        from: (f, r),
                        to,
                        promo: None,
                    });
                    if to.1 == far || to == point {
                        for k in [Kind::Knight, Kind::Fleurbic] {
                            out.push(SlowMove {
                                from: (f, r),
                                to,
                                promo: Some(k),
                            });
                        }
                    }
                    if to == point {
                        out.push(SlowMove {
                            from: (f, r),
                            to,
                            promo: Some(Kind::Queen),
                        });
                    }
                }
            }
        }
        out
    }

    fn empty(&self, f: i32, r: i32) -> bool {
        exists(f, r) && self.at(f, r).is_none()
    }

    pub fn play(&self, m: SlowMove) -> Slow {
        let mut p = self.clone();
        let (color, kind) = p.cells[m.from.1 as usize][m.from.0 as usize]
            .take()
            .unwrap();
        p.cells[m.to.1 as usize][m.to.0 as usize] = Some((color, m.promo.unwrap_or(kind)));
        p.virgin.retain(|&s| s != m.from && s != m.to);
        p.stm = self.stm.flip();
        p
    }

    /// Legal moves: those after which the mover's king is not attacked (T8);
    /// none once only the kings are left (T12).
    pub fn legal(&self) -> Vec<SlowMove> {
        let pieces = (0..11)
            .flat_map(|r| (0..5).map(move |f| (f, r)))
            .filter(|&(f, r)| self.at(f, r).is_some())
            .count();
        if pieces == 2 {
            return Vec::new();
        }
        self.pseudo()
            .into_iter()
            .filter(|&m| {
                let after = self.play(m);
                !after.attacked_by(after.king(self.stm), self.stm.flip())
            })
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }

    /// Sorted notation of the legal moves.
    pub fn move_texts(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal().iter().map(SlowMove::text).collect();
        v.sort();
        v
    }
}
