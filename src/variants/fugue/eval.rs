//! Fugue evaluation: material, piece-square terms, mobility and the
//! immobilizer's grip. Every number is in [`PARAMS`].
//!
//! Piece values (centipawns), and why:
//! - Pawn 120: a cannon pawn steps in all eight directions and leaps, so it is
//!   livelier than a chess pawn, and it may promote to any missing piece (F11).
//! - Queen 900: the only long-range piece that captures by landing (F3); it
//!   takes anything unprotected it sees, as in chess.
//! - Immobilizer 1000: never captures (F4) but freezes every enemy next to it,
//!   king included (F2), and nothing can freeze it; Ultima practice rates it the
//!   most valuable piece, which vchess's table (12 vs the queen's 9) agrees with.
//! - Pushme-pullyu 600: withdrawal plus approach (F5) gives it two capture
//!   chances per line, but each needs a precise alignment.
//! - Archer 550: shoots without moving (F6) along all eight rays, but beyond
//!   two cells it needs a friend near the target.
//! - Long leaper 500: captures along any line over a lone enemy (F7); it is
//!   stopped by pairs of pieces and by crowded boards.
//! - Shield 400: captures nothing (F4); its worth is the protection it gives
//!   its neighbours (F10) and that it is itself never protected.
//! - Swapper 350: it only captures by destroying itself (F8), so it trades
//!   for the piece it destroys; swaps reposition, and can swap the king.
//! - King 0: royal (F12); losing it ends the game, so it has no trade value.

use super::tables::{adjacent, TABLES};
use super::{Fugue, FugueMove, Kind, MoveKind, KINDS};
use crate::geometry::Color;
use crate::rules::{Evaluate, Exchange, MoveKey, Position, ROYAL_VALUE};

/// Evaluation parameters (centipawns).
pub struct Params {
    /// In [`Kind`] order: pawn, queen, king, immobilizer, pushme-pullyu,
    /// archer, shield, long leaper, swapper.
    pub material: [i32; KINDS],
    /// Bonus per step of centrality (0 at the edge, 3 in the middle).
    pub centre: [i32; KINDS],
    /// Pawn bonus per rank advanced.
    pub pawn_advance: i32,
    /// Bonus per empty cell a queen-like piece reaches (not for the king or pawns).
    pub mobility: i32,
    /// Share (in 1/64ths) of a piece's value lost while an enemy immobilizer freezes it.
    pub frozen_share: i32,
    /// Bonus for a piece standing next to its own shield (F10).
    pub shielded: i32,
}

pub const PARAMS: Params = Params {
    material: [120, 900, 0, 1000, 600, 550, 400, 500, 350],
    centre: [2, 4, -8, 8, 4, 3, 4, 4, 3],
    pawn_advance: 5,
    mobility: 2,
    frozen_share: 24,
    shielded: 10,
};

/// Material value of a kind (for ordering captures).
pub const fn value(kind: Kind) -> i32 {
    PARAMS.material[kind as usize]
}

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    f.min(7 - f).min(r.min(7 - r))
}

impl Fugue {
    /// White's score minus Black's, before the side-to-move flip.
    fn white_score(&self) -> i32 {
        let occ = self.occupied();
        let imm = self.kinds[Kind::Immobilizer as usize];
        let shield = self.kinds[Kind::Shield as usize];
        let mut score = 0;
        for color in Color::ALL {
            let own = self.colors[color.index()];
            let enemy = self.colors[color.flip().index()];
            // F2: our pieces frozen by their immobilizer (immobilizers excepted).
            let frozen = own & adjacent(imm & enemy) & !imm;
            let shielded = own & adjacent(shield & own);
            let mut s = PARAMS.shielded * shielded.count_ones() as i32;
            let mut pieces = own;
            while pieces != 0 {
                let sq = pieces.trailing_zeros() as usize;
                pieces &= pieces - 1;
                let kind = self.mailbox[sq] as usize % KINDS;
                let mut v = PARAMS.material[kind] + PARAMS.centre[kind] * centrality(sq);
                if frozen & 1 << sq != 0 {
                    // The grip: a frozen piece does nothing until freed.
                    v -= PARAMS.material[kind] * PARAMS.frozen_share / 64;
                } else if kind > Kind::King as usize {
                    let reach = TABLES.queen(sq, occ).0.count_ones() as i32;
                    v += PARAMS.mobility * reach;
                }
                if kind == Kind::Pawn as usize {
                    let advance = match color {
                        Color::White => sq / 8,
                        Color::Black => 7 - sq / 8,
                    } as i32;
                    v += PARAMS.pawn_advance * (advance - 1).max(0);
                }
                s += v;
            }
            score += if color == Color::White { s } else { -s };
        }
        score
    }
}

impl Evaluate for Fugue {
    const PIECE_KINDS: usize = KINDS;
    /// Off: asking at every node (a null move and a generation of the
    /// opponent's captures) cost more than it saved, measured in games
    /// (docs/strength.md); `royal_threatened` stays correct and tested for
    /// a cheaper use.
    const ROYAL_THREATS: bool = false;

    /// The king can simply be taken (F12): the opponent, moving now, has a
    /// capture whose victim is our king.
    fn royal_threatened(&self) -> bool {
        let us = self.side_to_move();
        let king = self.pieces(us, Kind::King);
        if king == 0 {
            return false;
        }
        let king = king.trailing_zeros() as usize;
        let mut list = crate::rules::MoveList::new();
        self.play_null()
            .generate(crate::rules::GenKind::Noisy, &mut list);
        list.iter().any(|m| m.victim() == Some(king))
    }

    fn evaluate(&self) -> i32 {
        let s = self.white_score();
        if self.side_to_move() == Color::White {
            s
        } else {
            -s
        }
    }

    fn capture_gain(&self, m: FugueMove) -> i32 {
        // Moves may come stale from a table: empty squares give no gain.
        let mut gain = match (
            m.victim().and_then(|v| self.kind_at(v)),
            self.kind_at(m.from()),
        ) {
            (Some(victim), Some(attacker)) => {
                // A king capture ends the game: worth more than any material.
                let victim_value = if victim == Kind::King {
                    10_000
                } else {
                    value(victim)
                };
                if m.kind() == MoveKind::Destroy {
                    // The swapper is lost too.
                    victim_value - value(attacker)
                } else {
                    victim_value - value(attacker) / 10
                }
            }
            _ => 0,
        };
        if let MoveKind::Promote(k) = m.kind() {
            gain += value(k) - value(Kind::Pawn);
        }
        gain
    }

    fn move_key(&self, m: FugueMove) -> MoveKey {
        MoveKey {
            piece: self.kind_at(m.from()).map_or(0, |k| k as u8),
            to: m.to() as u8,
        }
    }

    /// Withdrawals, leaps and shots take a piece off another cell than the
    /// one the mover lands on; a shot leaves the archer where it was, a
    /// mutual destruction leaves nothing, a swap takes nothing.
    fn exchange(&self, m: FugueMove) -> Exchange {
        let worth = |k: Kind| {
            if k == Kind::King {
                ROYAL_VALUE
            } else {
                value(k)
            }
        };
        let victim = m.victim().and_then(|v| self.kind_at(v)).map_or(0, worth);
        let mover = self.kind_at(m.from()).map_or(0, worth);
        let (gain, exposed) = match m.kind() {
            MoveKind::Plain => (victim, Some(mover)),
            MoveKind::Shot => (victim, None),
            MoveKind::Swap => (0, Some(mover)),
            MoveKind::Destroy => (victim - mover, None),
            MoveKind::Promote(k) => (victim + value(k) - value(Kind::Pawn), Some(worth(k))),
        };
        Exchange {
            gain,
            exposed: exposed.map(|v| (m.to(), v)),
        }
    }

    fn removes_from(&self, m: FugueMove, cell: usize) -> bool {
        m.victim() == Some(cell) && self.kind_at(cell).is_some()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// F12: the queen on a1 can take the king on a8, so Black, to move, is
    /// threatened; with the queen on b1 nothing reaches a8.
    #[test]
    fn royal_threat_is_a_capture_of_the_king_next_move() {
        let threatened = Fugue::from_fen("k7/8/8/8/8/8/8/Q6K b 0 1").unwrap();
        assert!(threatened.royal_threatened());
        let safe = Fugue::from_fen("k7/8/8/8/8/8/8/1Q5K b 0 1").unwrap();
        assert!(!safe.royal_threatened());
    }
}
