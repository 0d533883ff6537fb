//! Fugue evaluation: material, piece-square terms, mobility and the
//! immobilizer's grip. Every number is a weight in [`WEIGHTS`] (`weights.rs`,
//! written by `menagerie tune`), laid out below; material is tapered by phase.
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
use crate::rules::weights::{side_total, trace_of, Accumulate, Group, Trace};
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable, ROYAL_VALUE};

// The weights live in `weights.rs` beside this file (written by `menagerie
// tune`); `#[path]` keeps the board's `mod.rs` out of it.
#[path = "weights.rs"]
mod weights;
pub use weights::WEIGHTS;

// The layout of [`WEIGHTS`] (centipawns). Per kind, in [`Kind`] order: pawn,
// queen, king, immobilizer, pushme-pullyu, archer, shield, long leaper,
// swapper.
crate::weight_layout! {
    // Material, middle/end-game pairs (tapered: a pawn promotes to any
    // missing piece, so its worth grows as pieces leave).
    MATERIAL: 18,
    // Per step of centrality (0 at the edge, 3 in the middle).
    CENTRE: 9,
    // Pawn bonus per rank advanced.
    PAWN_ADVANCE: 1,
    // Per empty cell a queen-like piece reaches (not for the king or pawns).
    MOBILITY: 1,
    // Lost while an enemy immobilizer freezes the piece (F2): a frozen piece
    // does nothing until freed. Was 24/64 of the material value; a weight
    // per kind keeps it linear.
    FROZEN: 9,
    // For a piece standing next to its own shield (F10).
    SHIELDED: 1,
    // Phase weight per kind (fixed): the start position sums to `PHASE_MAX`.
    PHASE: 9,
}
const _: () = assert!(WEIGHTS.len() == COUNT);

/// The phase of the start position.
pub const PHASE_MAX: i32 = 32;

/// Material value of a kind (middle game; for ordering captures).
pub const fn value(kind: Kind) -> i32 {
    WEIGHTS[MATERIAL + 2 * kind as usize]
}

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    f.min(7 - f).min(r.min(7 - r))
}

impl Fugue {
    /// The evaluation's terms from White's side into `acc`; returns the
    /// phase. Material and phase come from piece counts, once per kind; the
    /// rest per piece, one colour at a time so the sign is a constant.
    #[inline(always)]
    fn terms<A: Accumulate>(&self, acc: &mut A) -> i32 {
        let mut phase = 0;
        for kind in 0..KINDS {
            let on = self.kinds[kind];
            let white = (on & self.colors[0]).count_ones() as i32;
            let black = (on & self.colors[1]).count_ones() as i32;
            phase += WEIGHTS[PHASE + kind] * (white + black);
            acc.pair(MATERIAL + 2 * kind, white - black);
        }
        self.side_terms::<A, 0>(acc);
        self.side_terms::<A, 1>(acc);
        phase.min(PHASE_MAX)
    }

    /// Centralisation, the grip, mobility, advance and shields of colour `C`.
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A) {
        let occ = self.occupied();
        let imm = self.kinds[Kind::Immobilizer as usize];
        let shield = self.kinds[Kind::Shield as usize];
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let enemy = self.colors[1 - C];
        // F2: our pieces frozen by their immobilizer (immobilizers excepted).
        let frozen = own & adjacent(imm & enemy) & !imm;
        let shielded = own & adjacent(shield & own);
        acc.flat(SHIELDED, sign * shielded.count_ones() as i32);
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = self.mailbox[sq] as usize % KINDS;
            acc.flat(CENTRE + kind, sign * centrality(sq));
            if frozen & 1 << sq != 0 {
                acc.flat(FROZEN + kind, -sign);
            } else if kind > Kind::King as usize {
                let reach = TABLES.queen(sq, occ).0.count_ones() as i32;
                acc.flat(MOBILITY, sign * reach);
            }
            if kind == Kind::Pawn as usize {
                let advance = if C == 0 { sq / 8 } else { 7 - sq / 8 } as i32;
                acc.flat(PAWN_ADVANCE, sign * (advance - 1).max(0));
            }
        }
    }
}

impl Tunable for Fugue {
    const GROUPS: &'static [Group] = GROUPS;
    const WEIGHTS: &'static [i32] = &WEIGHTS;
    const PHASE_MAX: i32 = PHASE_MAX;
    const WEIGHTS_FILE: &'static str = "src/variants/fugue/weights.rs";

    /// The king's material (it is never traded), the immobilizer's frozen
    /// value (nothing freezes it) and the phase counts.
    fn is_fixed(i: usize) -> bool {
        let king = MATERIAL + 2 * Kind::King as usize;
        i == king
            || i == king + 1
            || i == FROZEN + Kind::Immobilizer as usize
            || (PHASE..COUNT).contains(&i)
    }

    fn trace(&self) -> Trace {
        trace_of(|t| self.terms(t))
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
        side_total(&WEIGHTS, PHASE_MAX, self.side_to_move(), |sum| {
            self.terms(sum)
        })
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

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Fugue>(40, 120);
    }
}
