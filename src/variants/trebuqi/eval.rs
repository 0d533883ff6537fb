//! Trebuqi evaluation: material, piece-square terms (centre, Point advance and
//! the Rivers), mobility, and General safety. Every number is in [`PARAMS`].
//!
//! Piece values, in Points (100), and why on this board:
//! - **Point 100.** Like the Xiang Qi soldier it only goes forward, one cell; it
//!   has two forward directions (so it is never simply blocked by one piece),
//!   but it never promotes. Once in the middle it is one River nearer; beyond
//!   its far River it also steps sideways, roughly doubling its reach among the
//!   enemy Generals, as a crossed soldier does (`point_middle`, `point_beyond`).
//! - **Trebuchet 200.** The Elephant analogue: exactly three cells, blockable on
//!   both cells between, bound to one cell in nine (the seed: it reaches 2 cells
//!   on the back rank, 3 on rank 4, 4 on rank 7) and never past its far River.
//!   At most six targets and no way into the enemy area: a defender, worth about
//!   two Points, like the Elephant.
//! - **Vicbaba 420.** The Knight analogue: six unblockable diagonal steps plus six
//!   two-cell orthogonal steps blockable at the midpoint, and unbound. Twelve
//!   targets in the open against the Xiang Qi Horse's eight (all blockable), on a
//!   board of the same size: a little more than a Horse (~400).
//! - **Cannon 450.** Quiet moves of a Rook, captures over exactly one screen, on
//!   six lines instead of four: more lines means more screens, so it stays
//!   dangerous longer than the Xiang Qi Cannon; it still needs screens, so its
//!   mobility term (quiet moves) carries part of its value.
//! - **Rook 900.** Six lines, up to 30 cells from the centre of an empty board
//!   (a chess rook has 14): the strongest piece, about two Cannons, as in Xiang Qi.
//! - **General.** Under rule 1 both are royal and never captured: no material
//!   value. Under rule 2 losing one makes the other royal and lets the enemy
//!   mate it: worth a Rook or so. Under rule 3 losing one also means the game
//!   can no longer be won, only drawn: worth more.

use super::tables::{bit, GENERAL_ZONE, TABLES};
use super::{Kind, Trebuqi, TrebuqiMove, EMPTY};
use crate::geometry::Color;
use crate::rules::{Evaluate, Exchange, MoveKey, Position};

/// Evaluation parameters (centipawns: a Point is 100).
pub struct Params {
    /// Point, Trebuchet, Vicbaba, Cannon, Rook (in [`Kind`] order).
    pub material: [i32; 5],
    /// A General under victory rules 1, 2 and 3.
    pub general: [i32; 3],
    /// Per cell a piece could move to (quiet moves or captures), per kind.
    pub mobility: [i32; 6],
    /// Per step of centralisation (0 at the edge, 5 on f6), per kind.
    pub centre: [i32; 6],
    /// Point: per rank past its start rank.
    pub point_advance: i32,
    /// Point: once across its near River (in the middle ranks 5–7).
    pub point_middle: i32,
    /// Point: beyond its far River, where it also steps sideways.
    pub point_beyond: i32,
    /// Rook, Cannon or Vicbaba in the enemy's own area, near its Generals.
    pub raider: i32,
    /// Per own piece orthogonally next to an own General (its guard).
    pub general_guard: i32,
    /// Per enemy Rook or Cannon on an orthogonal line from an own General.
    pub general_line_threat: i32,
    /// For the side to move.
    pub tempo: i32,
}

pub const PARAMS: Params = Params {
    material: [100, 200, 420, 450, 900],
    general: [0, 800, 1200],
    mobility: [0, 2, 3, 2, 2, 0],
    centre: [0, 0, 5, 3, 1, 0],
    point_advance: 8,
    point_middle: 20,
    point_beyond: 70,
    raider: 20,
    general_guard: 8,
    general_line_threat: 15,
    tempo: 10,
};

/// Material value of a piece kind under victory rule `RULE`.
pub const fn value<const RULE: u8>(kind: usize) -> i32 {
    if kind == Kind::General as usize {
        PARAMS.general[(RULE as usize).saturating_sub(1) % 3]
    } else {
        PARAMS.material[kind]
    }
}

/// Hexagon distance from the centre f6 (file 5, row 5), turned into 5 − distance.
fn centrality(sq: usize) -> i32 {
    let dx = (sq % 11) as i32 - 5;
    let dy = (sq / 11) as i32 - 5;
    // Steps are (1,0), (0,1), (1,1) and their reverses.
    let dist = if (dx >= 0) == (dy >= 0) {
        dx.abs().max(dy.abs())
    } else {
        dx.abs() + dy.abs()
    };
    5 - dist
}

impl<const RULE: u8> Trebuqi<RULE> {
    /// White's score minus Black's.
    fn white_score(&self) -> i32 {
        let t = &**TABLES;
        let p = &PARAMS;
        let occ = self.occupied();
        let mut score = 0;
        for color in Color::ALL {
            let c = color.index();
            let own = self.colors[c];
            let enemy = self.colors[c ^ 1];
            let enemy_heavy =
                enemy & (self.kinds[Kind::Rook as usize] | self.kinds[Kind::Cannon as usize]);
            let enemy_area = GENERAL_ZONE[c ^ 1];
            let mut side = 0;
            let mut pieces = own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let kind = self.mailbox[sq] as usize % 6;
                side += value::<RULE>(kind) + p.centre[kind] * centrality(sq);
                let reach = match kind {
                    0 => {
                        // Ranks past the start rank (4 for White, 8 for Black).
                        let row = (sq / 11) as i32;
                        let advance = if c == 0 { row - 3 } else { 7 - row };
                        side += p.point_advance * advance;
                        if advance >= 4 {
                            side += p.point_beyond;
                        } else if advance >= 1 {
                            side += p.point_middle;
                        }
                        0
                    }
                    1 => t.trebuchet(c, sq, occ),
                    2 => t.vicbaba(sq, occ),
                    3 => t.rook(sq, occ) & !occ | t.cannon_hits(sq, occ) & enemy,
                    4 => t.rook(sq, occ),
                    _ => {
                        // General safety: guards around it, heavy enemies on its lines.
                        side += p.general_guard * (t.orth1[sq] & own).count_ones() as i32;
                        let mut threats = 0;
                        for d in 0..6 {
                            threats += (t.ray[sq][d] & enemy_heavy).count_ones() as i32;
                        }
                        side -= p.general_line_threat * threats;
                        0
                    }
                };
                side += p.mobility[kind] * (reach & !own).count_ones() as i32;
                if (2..=4).contains(&kind) && enemy_area & bit(sq) != 0 {
                    side += p.raider;
                }
            }
            score += if color == Color::White { side } else { -side };
        }
        score
    }
}

impl<const RULE: u8> Evaluate for Trebuqi<RULE> {
    const PIECE_KINDS: usize = 6;

    fn evaluate(&self) -> i32 {
        let s = self.white_score() + PARAMS.tempo * if self.stm == Color::White { 1 } else { -1 };
        if self.side_to_move() == Color::White {
            s
        } else {
            -s
        }
    }

    fn capture_gain(&self, m: TrebuqiMove) -> i32 {
        let victim = self.mailbox[m.to()];
        if victim == EMPTY {
            return 0;
        }
        let attacker = self.mailbox[m.from()] as usize % 6;
        value::<RULE>(victim as usize % 6) - value::<RULE>(attacker) / 10
    }

    fn move_key(&self, m: TrebuqiMove) -> MoveKey {
        MoveKey {
            piece: self.mailbox[m.from()] % 6,
            to: m.to() as u8,
        }
    }

    /// Displacement captures only (cannons and trebuchets land on their
    /// victim); a General is worth its rule's value (see [`value`]).
    fn exchange(&self, m: TrebuqiMove) -> Exchange {
        let victim = self.mailbox[m.to()];
        let gain = if victim != EMPTY {
            value::<RULE>(victim as usize % 6)
        } else {
            0
        };
        Exchange {
            gain,
            exposed: Some((m.to(), value::<RULE>(self.mailbox[m.from()] as usize % 6))),
        }
    }

    fn removes_from(&self, m: TrebuqiMove, cell: usize) -> bool {
        m.to() == cell && self.mailbox[cell] != EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Position;

    #[test]
    fn start_position_is_balanced_and_centrality_is_hexagonal() {
        for e in [
            super::super::Trebuqi1::startpos().evaluate(),
            super::super::Trebuqi2::startpos().evaluate(),
            super::super::Trebuqi3::startpos().evaluate(),
        ] {
            assert_eq!(e, PARAMS.tempo);
        }
        let sq = |s: &str| {
            crate::geometry::Square::<crate::geometry::Hex91>::parse(s)
                .unwrap()
                .index()
        };
        assert_eq!(centrality(sq("f6")), 5);
        for edge in ["a1", "f1", "a6", "k6", "f11", "k11", "c3"] {
            let expect = if edge == "c3" { 2 } else { 0 };
            assert_eq!(centrality(sq(edge)), expect, "{edge}");
        }
    }

    #[test]
    fn material_counts() {
        // White is a Rook up: the score says so from both sides.
        let w = super::super::Trebuqi1::from_fen(
            "*****1tggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** w - - 0 1",
        )
        .unwrap();
        assert!(w.evaluate() > 700, "{}", w.evaluate());
        let b = super::super::Trebuqi1::from_fen(
            "*****1tggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** b - - 0 1",
        )
        .unwrap();
        assert!(b.evaluate() < -700);
        // A General is worth nothing under rule 1 and most under rule 3.
        assert!(value::<1>(5) < value::<2>(5) && value::<2>(5) < value::<3>(5));
    }
}
