//! Chess evaluation: tapered (middlegame / endgame) material, piece-square
//! terms, mobility, pawn structure, rooks on files, the bishop pair and king
//! safety. Every number is in [`PARAMS`]; the piece-square tables are not typed
//! in but derived from a few shape weights there (centralisation, advance,
//! back-rank shelter), so tuning touches a handful of numbers.
//!
//! Values, in centipawns, and why:
//! - pawn 90 / 120: the unit; pawns gain value as the board empties (they
//!   promote);
//! - knight 330 / 300 and bishop 340 / 320: about three pawns; knights lose a
//!   little in open endgames, bishops slightly ahead of knights (and the pair
//!   earns a bonus on top);
//! - rook 480 / 540: five pawns, stronger in the endgame when files open;
//! - queen 980 / 1000: about a rook and a bishop plus a pawn.

use super::attacks::TABLES;
use super::{Chess, ChessMove, Kind, EMPTY};
use crate::geometry::Color;
use crate::rules::{Evaluate, Exchange, MoveKey, Position};
use once_cell::sync::Lazy;

/// A middlegame and an endgame value.
#[derive(Clone, Copy)]
pub struct Pair(pub i32, pub i32);

/// Evaluation parameters (centipawns; per kind in FEN order p n b r q k).
pub struct Params {
    pub material: [Pair; 6],
    /// Bonus per step of centralisation (0 at the edge, 3 in the centre).
    pub centre: [Pair; 6],
    /// Pawn bonus by relative rank (index 0..7).
    pub pawn_rank: [Pair; 8],
    /// Middlegame bonus for d/e pawns (they fight for the centre).
    pub centre_pawn: i32,
    /// Middlegame bonus for the king on its first rank / a corner file.
    pub king_home: i32,
    pub king_corner: i32,
    /// Rook (and queen, half) on the seventh rank.
    pub seventh: Pair,
    /// Mobility per reachable square beyond `mobility_base`, for n b r q.
    pub mobility: [Pair; 6],
    pub mobility_base: [i32; 6],
    pub bishop_pair: Pair,
    /// Passed pawn bonus by relative rank.
    pub passed: [Pair; 8],
    pub doubled: Pair,
    pub isolated: Pair,
    pub rook_open: Pair,
    pub rook_semi_open: Pair,
    /// King danger units per attacked king-zone square, by attacker kind.
    pub king_attack: [i32; 6],
    /// Middlegame penalty = units^2 / divisor, capped.
    pub king_danger_divisor: i32,
    pub king_danger_cap: i32,
    /// Middlegame bonus per own pawn in the three squares in front of the king.
    pub shield: i32,
    /// The side to move's bonus.
    pub tempo: i32,
    /// Phase weight of each kind; the sum at the start is `PHASE_MAX`.
    pub phase: [i32; 6],
}

pub const PARAMS: Params = Params {
    material: [
        Pair(90, 120),
        Pair(330, 300),
        Pair(340, 320),
        Pair(480, 540),
        Pair(980, 1000),
        Pair(0, 0),
    ],
    centre: [
        Pair(0, 0),
        Pair(10, 8),
        Pair(5, 5),
        Pair(2, 2),
        Pair(2, 6),
        Pair(-12, 14),
    ],
    pawn_rank: [
        Pair(0, 0),
        Pair(0, 0),
        Pair(2, 4),
        Pair(6, 10),
        Pair(12, 22),
        Pair(20, 40),
        Pair(30, 60),
        Pair(0, 0),
    ],
    centre_pawn: 10,
    king_home: 20,
    king_corner: 15,
    seventh: Pair(20, 25),
    mobility: [
        Pair(0, 0),
        Pair(4, 4),
        Pair(5, 5),
        Pair(3, 5),
        Pair(2, 3),
        Pair(0, 0),
    ],
    mobility_base: [0, 4, 6, 6, 12, 0],
    bishop_pair: Pair(30, 50),
    passed: [
        Pair(0, 0),
        Pair(5, 10),
        Pair(5, 15),
        Pair(10, 25),
        Pair(20, 45),
        Pair(35, 75),
        Pair(55, 110),
        Pair(0, 0),
    ],
    doubled: Pair(-10, -20),
    isolated: Pair(-12, -12),
    rook_open: Pair(25, 10),
    rook_semi_open: Pair(12, 6),
    king_attack: [0, 2, 2, 3, 5, 0],
    king_danger_divisor: 8,
    king_danger_cap: 400,
    shield: 10,
    tempo: 12,
    phase: [0, 1, 1, 2, 4, 0],
};

const PHASE_MAX: i32 = 24;
const FILE_A: u64 = 0x0101_0101_0101_0101;

/// Material value of a piece kind (middlegame; for ordering captures).
pub const fn value(kind: usize) -> i32 {
    PARAMS.material[kind].0
}

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    f.min(7 - f).min(r.min(7 - r))
}

/// Piece-square tables from White's side, `[kind][sq]`, material included.
static PST: Lazy<[[Pair; 64]; 6]> = Lazy::new(|| {
    let p = &PARAMS;
    let mut t = [[Pair(0, 0); 64]; 6];
    for (kind, table) in t.iter_mut().enumerate() {
        for (sq, e) in table.iter_mut().enumerate() {
            let (file, rank) = (sq % 8, sq / 8);
            let c = centrality(sq);
            let mut mg = p.material[kind].0 + p.centre[kind].0 * c;
            let mut eg = p.material[kind].1 + p.centre[kind].1 * c;
            if kind == Kind::Pawn as usize {
                mg += p.pawn_rank[rank].0;
                eg += p.pawn_rank[rank].1;
                if (file == 3 || file == 4) && (3..=4).contains(&rank) {
                    mg += p.centre_pawn;
                }
            }
            if kind == Kind::King as usize {
                if rank == 0 {
                    mg += p.king_home;
                }
                if rank == 0 && (file <= 2 || file >= 6) {
                    mg += p.king_corner;
                }
            }
            if rank == 6 && kind == Kind::Rook as usize {
                mg += p.seventh.0;
                eg += p.seventh.1;
            }
            *e = Pair(mg, eg);
        }
    }
    t
});

/// The squares in front of the pawns of `color` on the same file (to the end).
#[inline]
fn front_span(color: Color, bb: u64) -> u64 {
    if color == Color::White {
        let mut x = bb << 8;
        x |= x << 8;
        x |= x << 16;
        x |= x << 32;
        x
    } else {
        let mut x = bb >> 8;
        x |= x >> 8;
        x |= x >> 16;
        x |= x >> 32;
        x
    }
}

/// The files left and right of the files that hold a square of `bb`.
#[inline]
fn adjacent_files(bb: u64) -> u64 {
    let mut files = bb;
    files |= files << 8;
    files |= files << 16;
    files |= files << 32;
    files |= files >> 8;
    files |= files >> 16;
    files |= files >> 32;
    ((files << 1) & !FILE_A) | ((files >> 1) & !(FILE_A << 7))
}

impl Chess {
    /// Everything except material/PST, for one side, as (mg, eg).
    fn side_terms(&self, us: Color) -> (i32, i32) {
        let p = &PARAMS;
        let t = &*TABLES;
        let them = us.flip();
        let occ = self.occupied();
        let own = self.colors[us.index()];
        let our_pawns = self.pieces(us, Kind::Pawn);
        let their_pawns = self.pieces(them, Kind::Pawn);
        let (mut mg, mut eg) = (0, 0);

        // Squares their pawns attack are poor targets for our pieces.
        let pawn_guard = if them == Color::White {
            ((their_pawns << 7) & !(FILE_A << 7)) | ((their_pawns << 9) & !FILE_A)
        } else {
            ((their_pawns >> 9) & !(FILE_A << 7)) | ((their_pawns >> 7) & !FILE_A)
        };
        let their_king = self.king_square(them);
        let zone = t.king[their_king] | (1 << their_king);

        let mut danger = 0;
        let mut attackers = 0;
        for kind in [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen] {
            let k = kind as usize;
            for sq in bits(self.pieces(us, kind)) {
                let att = match kind {
                    Kind::Knight => t.knight[sq],
                    Kind::Bishop => t.bishop(sq, occ),
                    Kind::Rook => t.rook(sq, occ),
                    _ => t.bishop(sq, occ) | t.rook(sq, occ),
                };
                let mob = (att & !own & !pawn_guard).count_ones() as i32 - p.mobility_base[k];
                mg += mob * p.mobility[k].0;
                eg += mob * p.mobility[k].1;
                let hits = (att & zone).count_ones() as i32;
                if hits > 0 {
                    attackers += 1;
                    danger += hits * p.king_attack[k];
                }
                if kind == Kind::Rook {
                    let file = FILE_A << (sq % 8);
                    if file & (our_pawns | their_pawns) == 0 {
                        mg += p.rook_open.0;
                        eg += p.rook_open.1;
                    } else if file & our_pawns == 0 {
                        mg += p.rook_semi_open.0;
                        eg += p.rook_semi_open.1;
                    }
                }
            }
        }
        // King attack: one attacker is rarely dangerous; it grows quadratically.
        if attackers >= 2 && self.pieces(us, Kind::Queen) != 0 {
            mg += (danger * danger / p.king_danger_divisor).min(p.king_danger_cap);
        }

        if self.pieces(us, Kind::Bishop).count_ones() >= 2 {
            mg += p.bishop_pair.0;
            eg += p.bishop_pair.1;
        }

        // Pawn structure.
        for sq in bits(our_pawns) {
            let file = FILE_A << (sq % 8);
            let rel_rank = if us == Color::White {
                sq / 8
            } else {
                7 - sq / 8
            };
            let ahead = front_span(us, 1 << sq);
            let blockers = (ahead | (adjacent_files(1 << sq) & ahead_rows(us, sq))) & their_pawns;
            if blockers == 0 {
                mg += p.passed[rel_rank].0;
                eg += p.passed[rel_rank].1;
            }
            if ahead & our_pawns != 0 {
                mg += p.doubled.0;
                eg += p.doubled.1;
            }
            if adjacent_files(file) & our_pawns == 0 {
                mg += p.isolated.0;
                eg += p.isolated.1;
            }
        }

        // King shelter: own pawns right in front of the king.
        let ksq = self.king_square(us);
        let front = if us == Color::White {
            t.king[ksq] & !(0xFF << (ksq / 8 * 8)) & (u64::MAX << (ksq / 8 * 8))
        } else {
            t.king[ksq] & ((1u64 << (ksq / 8 * 8)) - 1)
        };
        mg += p.shield * (front & our_pawns).count_ones() as i32;

        (mg, eg)
    }
}

/// Rows strictly ahead of `sq` for `color`.
fn ahead_rows(color: Color, sq: usize) -> u64 {
    let rank = sq / 8;
    if color == Color::White {
        if rank >= 7 {
            0
        } else {
            u64::MAX << ((rank + 1) * 8)
        }
    } else {
        (1u64 << (rank * 8)) - 1
    }
}

/// The set squares of `bb`.
fn bits(mut bb: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        (bb != 0).then(|| {
            let sq = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            sq
        })
    })
}

impl Evaluate for Chess {
    const PIECE_KINDS: usize = 6;

    fn evaluate(&self) -> i32 {
        let pst = &*PST;
        let (mut mg, mut eg, mut phase) = (0, 0, 0);
        for sq in bits(self.occupied()) {
            let piece = self.mailbox[sq];
            let kind = piece as usize % 6;
            phase += PARAMS.phase[kind];
            if piece < 6 {
                let e = pst[kind][sq];
                mg += e.0;
                eg += e.1;
            } else {
                let e = pst[kind][sq ^ 56];
                mg -= e.0;
                eg -= e.1;
            }
        }
        let (wm, we) = self.side_terms(Color::White);
        let (bm, be) = self.side_terms(Color::Black);
        mg += wm - bm;
        eg += we - be;
        let phase = phase.min(PHASE_MAX);
        let score = (mg * phase + eg * (PHASE_MAX - phase)) / PHASE_MAX;
        let score = if self.side_to_move() == Color::White {
            score
        } else {
            -score
        };
        score + PARAMS.tempo
    }

    fn capture_gain(&self, m: ChessMove) -> i32 {
        let victim = self.mailbox[m.to()];
        let attacker = self.mailbox[m.from()] as usize % 6;
        let mut gain = if victim != EMPTY {
            value(victim as usize % 6) - value(attacker) / 10
        } else if self.is_noisy(m) {
            value(Kind::Pawn as usize) // en passant
        } else {
            0
        };
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(Kind::Pawn as usize);
        }
        gain
    }

    fn move_key(&self, m: ChessMove) -> MoveKey {
        MoveKey {
            piece: self.mailbox[m.from()] % 6,
            to: m.to() as u8,
        }
    }

    /// A king stands on its target only where no capture can reach it (the
    /// generator is legal), so its worth there never counts.
    fn exchange(&self, m: ChessMove) -> Exchange {
        let victim = self.mailbox[m.to()];
        let mut gain = if victim != EMPTY {
            value(victim as usize % 6)
        } else if self.is_noisy(m) && m.promotion().is_none() {
            value(Kind::Pawn as usize) // en passant
        } else {
            0
        };
        let mut mover = value(self.mailbox[m.from()] as usize % 6);
        if let Some(k) = m.promotion() {
            gain += value(k as usize) - value(Kind::Pawn as usize);
            mover = value(k as usize);
        }
        Exchange {
            gain,
            exposed: Some((m.to(), mover)),
        }
    }

    fn removes_from(&self, m: ChessMove, cell: usize) -> bool {
        m.to() == cell && self.mailbox[cell] != EMPTY
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same position with colours swapped (board mirrored).
    fn mirror(fen: &str) -> String {
        let parts: Vec<&str> = fen.split(' ').collect();
        let board: Vec<String> = parts[0]
            .split('/')
            .rev()
            .map(|r| {
                r.chars()
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
        let stm = if parts[1] == "w" { "b" } else { "w" };
        format!("{} {stm} - - 0 1", board.join("/"))
    }

    #[test]
    fn evaluation_is_colour_symmetric() {
        for fen in [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w - - 0 1",
            "8/5k2/3p4/1p1Pp2p/pP2Pp1P/P4P1K/8/8 b - - 0 1",
            "6k1/5ppp/8/8/8/8/1r3PPP/R5K1 w - - 0 1",
        ] {
            let a = Chess::from_fen(fen).unwrap().evaluate();
            let b = Chess::from_fen(&mirror(fen)).unwrap().evaluate();
            assert_eq!(a, b, "{fen}");
        }
    }

    #[test]
    fn start_position_is_about_level_and_material_counts() {
        let start = Chess::startpos().evaluate();
        assert!((0..=40).contains(&start), "{start}");
        let queen_up = Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .unwrap()
            .evaluate();
        assert!(queen_up > 800, "{queen_up}");
    }

    #[test]
    fn passed_pawns_and_structure_matter() {
        let eval = |fen: &str| Chess::from_fen(fen).unwrap().evaluate();
        // Same material; b5 is passed (and h7 barely) against c7 stopping b5.
        let passed = eval("4k3/7p/8/1P6/8/8/8/4K3 w - - 0 1");
        let stopped = eval("4k3/2p5/8/1P6/8/8/8/4K3 w - - 0 1");
        assert!(passed > stopped + 20, "{passed} {stopped}");
        // Doubled isolated a-pawns against a healthy pair.
        let doubled = eval("4k3/pp6/8/8/8/P7/P7/4K3 w - - 0 1");
        let healthy = eval("4k3/pp6/8/8/8/8/PP6/4K3 w - - 0 1");
        assert!(healthy > doubled + 20, "{healthy} {doubled}");
    }
}
