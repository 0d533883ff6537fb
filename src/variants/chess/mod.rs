//! Orthodox chess: the calibration variant. Castling, en passant, promotion,
//! the fifty-move rule, threefold repetition and dead positions by
//! insufficient material.
//!
//! The position keeps raw `u64` bitboards per colour and per piece kind plus a
//! mailbox for "what stands here"; `play` copies it and updates the Zobrist key
//! incrementally. Generation is fully legal (pins and check evasions computed
//! up front), so perft bulk-counts the last ply.

mod attacks;
pub mod eval;
mod eval_scale;
mod eval_threats;
mod movegen;
mod pieces;
#[cfg(test)]
mod tests;

use crate::geometry::{Color, Rect8x8, Square};
use crate::rules::board::{board_position_items, piece_kinds};
use crate::rules::effects::colored_letter;
use crate::rules::zobrist;
use crate::rules::{
    Board, Effects, FenError, GameMove, GenKind, MoveSink, Outcome, Position, Repetition,
};
use attacks::TABLES;

type Sq = Square<Rect8x8>;

/// Castling right bits.
const WK: u8 = 1;
const WQ: u8 = 2;
const BK: u8 = 4;
const BQ: u8 = 8;

/// Zobrist layout: 12×64 piece keys, 16 castling-set keys, 8 en-passant files, side.
const KEYS: [u64; 12 * 64 + 16 + 8 + 1] = zobrist::keys(0xC4E5_5000_0000_0001);
const CASTLE_KEY: usize = 768;
const EP_KEY: usize = 784;
const SIDE_KEY: usize = 792;

piece_kinds! {
    /// Piece kinds, in FEN letter order `p n b r q k`.
    pub enum Kind on Rect8x8, keys KEYS, side SIDE_KEY {
        Pawn = 'p',
        Knight = 'n',
        Bishop = 'b',
        Rook = 'r',
        Queen = 'q',
        King = 'k',
    }
}

/// Mailbox entry for an empty square.
const EMPTY: u8 = Chess::EMPTY;

#[inline(always)]
fn piece_key(color: Color, kind: usize, sq: usize) -> u64 {
    KEYS[(color.index() * 6 + kind) * 64 + sq]
}

/// A chess move: from (6 bits), to (6 bits), flag (4 bits). Castling is the
/// king's two-square move; the flag tells `play` what else happens.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChessMove(u16);

const NORMAL: u16 = 0;
const DOUBLE_PUSH: u16 = 1;
const CASTLE: u16 = 2;
const EN_PASSANT: u16 = 3;
/// Promotion flags are `PROMOTE + kind` for knight..queen.
const PROMOTE: u16 = 4;

impl ChessMove {
    #[inline(always)]
    const fn new(from: usize, to: usize, flag: u16) -> Self {
        ChessMove(from as u16 | (to as u16) << 6 | flag << 12)
    }
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }
    #[inline(always)]
    const fn flag(self) -> u16 {
        self.0 >> 12
    }
    /// The piece a promotion makes.
    pub fn promotion(self) -> Option<Kind> {
        let f = self.flag();
        (PROMOTE + 1..=PROMOTE + 4)
            .contains(&f)
            .then(|| Kind::ALL[(f - PROMOTE) as usize])
    }
}

impl core::fmt::Debug for ChessMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32).name();
        write!(f, "{}{}", sq(self.from()), sq(self.to()))?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl GameMove for ChessMove {
    fn pack(self) -> u32 {
        self.0 as u32 | 1 << 16
    }
    fn unpack(bits: u32) -> Option<Self> {
        (bits >> 16 == 1).then_some(ChessMove(bits as u16))
    }
}

/// What a chess position holds besides the pieces.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct ChessState {
    /// Castling rights, the `WK | WQ | BK | BQ` bits.
    castling: u8,
    /// En-passant target square, only when a pawn of the side to move attacks it.
    ep: Option<u8>,
}

/// An orthodox chess position.
pub type Chess = Board<Kind, ChessState, 6, 64>;

impl Chess {
    #[inline(always)]
    fn king_square(&self, color: Color) -> usize {
        self.pieces(color, Kind::King).trailing_zeros() as usize
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`.
    #[inline(always)]
    fn attackers(&self, sq: usize, occ: u64, by: Color) -> u64 {
        let t = &*TABLES;
        let k = &self.kinds;
        let diag = k[Kind::Bishop as usize] | k[Kind::Queen as usize];
        let orth = k[Kind::Rook as usize] | k[Kind::Queen as usize];
        ((t.pawn[by.flip().index()][sq] & k[Kind::Pawn as usize])
            | (t.knight[sq] & k[Kind::Knight as usize])
            | (t.king[sq] & k[Kind::King as usize])
            | (t.bishop(sq, occ) & diag)
            | (t.rook(sq, occ) & orth))
            & self.colors[by.index()]
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board_hash() ^ KEYS[CASTLE_KEY + self.extra.castling as usize];
        if let Some(ep) = self.extra.ep {
            h ^= KEYS[EP_KEY + (ep % 8) as usize];
        }
        h
    }

    /// The en-passant square to record after a double push to `to`, if an enemy pawn could take.
    fn ep_after_double_push(&self, to: usize, mover: Color) -> Option<u8> {
        let behind = if mover == Color::White {
            to - 8
        } else {
            to + 8
        };
        let takers = TABLES.pawn[mover.index()][behind] & self.pieces(mover.flip(), Kind::Pawn);
        (takers != 0).then_some(behind as u8)
    }

    fn insufficient_material(&self) -> bool {
        let k = &self.kinds;
        if k[Kind::Pawn as usize] | k[Kind::Rook as usize] | k[Kind::Queen as usize] != 0 {
            return false;
        }
        let knights = k[Kind::Knight as usize];
        let bishops = k[Kind::Bishop as usize];
        if (knights | bishops).count_ones() <= 1 {
            return true;
        }
        const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;
        knights == 0 && (bishops & LIGHT == 0 || bishops & !LIGHT == 0)
    }
}

impl Position for Chess {
    type Geo = Rect8x8;
    type Move = ChessMove;
    const NAME: &'static str = "chess";
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const REPETITION: Repetition = Repetition::Draw;
    const MOVE_RULE: Option<u32> = Some(100);
    const HAS_CHECK: bool = true;
    const NULL_MOVE: bool = true;
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let extra = ChessState {
            castling: 0,
            ep: None,
        };
        let (mut pos, f) = Chess::from_fen_head(fen, 6, extra)?;
        for color in Color::ALL {
            let n = pos.pieces(color, Kind::King).count_ones();
            if n != 1 {
                return Err(FenError::RoyalCount {
                    side: color.name(),
                    found: n,
                    expected: "exactly 1 king",
                });
            }
        }
        if pos.kinds[Kind::Pawn as usize] & 0xFF00_0000_0000_00FF != 0 {
            return Err(FenError::Illegal(
                "a pawn stands on the first or last rank".into(),
            ));
        }
        let castling = f.first().copied().unwrap_or("-");
        let bad_castling = || FenError::BadField {
            field: "castling",
            value: castling.to_string(),
        };
        if castling != "-" {
            for c in castling.chars() {
                let (bit, color, king_sq, rook_sq) = match c {
                    'K' => (WK, Color::White, 4, 7),
                    'Q' => (WQ, Color::White, 4, 0),
                    'k' => (BK, Color::Black, 60, 63),
                    'q' => (BQ, Color::Black, 60, 56),
                    _ => return Err(bad_castling()),
                };
                if pos.extra.castling & bit != 0
                    || pos.pieces(color, Kind::King) & 1 << king_sq == 0
                    || pos.pieces(color, Kind::Rook) & 1 << rook_sq == 0
                {
                    return Err(bad_castling());
                }
                pos.extra.castling |= bit;
            }
        }
        let ep = f.get(1).copied().unwrap_or("-");
        if ep != "-" {
            let bad = || FenError::BadField {
                field: "en passant",
                value: ep.to_string(),
            };
            let sq = Sq::parse(ep).ok_or_else(bad)?.index();
            let (rank, pawn_sq, from_sq) = match pos.stm {
                Color::White => (5, sq - 8, sq + 8),
                Color::Black => (2, sq + 8, sq - 8),
            };
            let them = pos.stm.flip();
            if sq / 8 != rank
                || pos.pieces(them, Kind::Pawn) & 1 << pawn_sq == 0
                || pos.occupied() & (1 << sq | 1 << from_sq) != 0
            {
                return Err(bad());
            }
            pos.extra.ep = pos.ep_after_double_push(pawn_sq, them);
        }
        pos.read_clocks(&f[2.min(f.len())..])?;
        let them = pos.stm.flip();
        if pos.attackers(pos.king_square(them), pos.occupied(), pos.stm) != 0 {
            return Err(FenError::Illegal(format!(
                "{} is in check but it is {}'s turn",
                them.name(),
                pos.stm.name()
            )));
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let mut castling: String = [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')]
            .iter()
            .filter(|(b, _)| self.extra.castling & b != 0)
            .map(|&(_, c)| c)
            .collect();
        if castling.is_empty() {
            castling.push('-');
        }
        let ep = self.extra.ep.map_or("-".to_string(), |s| {
            Sq::from_index_unchecked(s as u32).name()
        });
        format!("{} {castling} {ep} {}", self.fen_head(), self.fen_clocks())
    }

    board_position_items!();

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn in_check(&self) -> bool {
        self.attackers(self.king_square(self.stm), self.occupied(), self.stm.flip()) != 0
    }

    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<ChessMove>) {
        movegen::generate(self, kind, out);
    }

    fn is_noisy(&self, m: ChessMove) -> bool {
        self.mailbox[m.to()] != EMPTY || m.flag() == EN_PASSANT || m.flag() > PROMOTE
    }

    fn play(&self, m: ChessMove) -> Self {
        let mut p = *self;
        let (from, to, flag) = (m.from(), m.to(), m.flag());
        let us = self.stm;
        let them = us.flip();
        let piece = self.mailbox[from] as usize;
        let kind = piece % 6;
        let mut hash = self.hash ^ KEYS[SIDE_KEY] ^ KEYS[CASTLE_KEY + self.extra.castling as usize];
        if let Some(ep) = self.extra.ep {
            hash ^= KEYS[EP_KEY + (ep % 8) as usize];
        }
        p.extra.ep = None;
        p.halfmove += 1;
        // Remove a captured piece.
        let captured = self.mailbox[to];
        if captured != EMPTY {
            let ck = captured as usize % 6;
            p.colors[them.index()] ^= 1 << to;
            p.kinds[ck] ^= 1 << to;
            hash ^= piece_key(them, ck, to);
            p.halfmove = 0;
        }
        // Move the piece.
        let bits = 1u64 << from | 1u64 << to;
        p.colors[us.index()] ^= bits;
        p.kinds[kind] ^= bits;
        p.mailbox[from] = EMPTY;
        p.mailbox[to] = piece as u8;
        hash ^= piece_key(us, kind, from) ^ piece_key(us, kind, to);
        if kind == Kind::Pawn as usize {
            p.halfmove = 0;
            match flag {
                DOUBLE_PUSH => {
                    p.extra.ep = p.ep_after_double_push(to, us);
                    if let Some(ep) = p.extra.ep {
                        hash ^= KEYS[EP_KEY + (ep % 8) as usize];
                    }
                }
                EN_PASSANT => {
                    let cap = if us == Color::White { to - 8 } else { to + 8 };
                    p.colors[them.index()] ^= 1 << cap;
                    p.kinds[Kind::Pawn as usize] ^= 1 << cap;
                    p.mailbox[cap] = EMPTY;
                    hash ^= piece_key(them, Kind::Pawn as usize, cap);
                }
                f if f > PROMOTE => {
                    let new = (f - PROMOTE) as usize;
                    p.kinds[Kind::Pawn as usize] ^= 1 << to;
                    p.kinds[new] ^= 1 << to;
                    p.mailbox[to] = (us.index() * 6 + new) as u8;
                    hash ^= piece_key(us, Kind::Pawn as usize, to) ^ piece_key(us, new, to);
                }
                _ => {}
            }
        } else if flag == CASTLE {
            let (rf, rt) = if to > from {
                (to + 1, to - 1)
            } else {
                (to - 2, to + 1)
            };
            let rbits = 1u64 << rf | 1u64 << rt;
            p.colors[us.index()] ^= rbits;
            p.kinds[Kind::Rook as usize] ^= rbits;
            p.mailbox[rf] = EMPTY;
            p.mailbox[rt] = (us.index() * 6 + Kind::Rook as usize) as u8;
            hash ^= piece_key(us, Kind::Rook as usize, rf) ^ piece_key(us, Kind::Rook as usize, rt);
        }
        // Castling rights lost by moving from or capturing on a home square.
        p.extra.castling &= CASTLE_MASK[from] & CASTLE_MASK[to];
        hash ^= KEYS[CASTLE_KEY + p.extra.castling as usize];
        p.stm = them;
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.hash = hash;
        p
    }

    fn effects(&self, m: ChessMove) -> Effects<Rect8x8> {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32);
        let (from, to) = (m.from(), m.to());
        let mut e = Effects::step(sq(from), sq(to), self.mailbox[to] != EMPTY);
        match m.flag() {
            EN_PASSANT => e.removed.push(sq(if self.stm == Color::White {
                to - 8
            } else {
                to + 8
            })),
            CASTLE => {
                let (rf, rt) = if to > from {
                    (to + 1, to - 1)
                } else {
                    (to - 2, to + 1)
                };
                e.displaced = Some((sq(rf), sq(rt)));
            }
            _ => {}
        }
        if let Some(k) = m.promotion() {
            e.changed
                .push((sq(to), colored_letter(self.stm, k.letter())));
        }
        e
    }

    fn play_null(&self) -> Self {
        let mut p = self.null();
        if let Some(ep) = p.extra.ep.take() {
            p.hash ^= KEYS[EP_KEY + (ep % 8) as usize];
        }
        p
    }

    fn static_outcome(&self) -> Option<Outcome> {
        self.insufficient_material().then_some(Outcome::Draw {
            reason: "insufficient material",
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        Outcome::mate_or_stalemate(self.stm, self.in_check())
    }
}

/// Rights kept when a move touches each square.
const CASTLE_MASK: [u8; 64] = {
    let mut m = [0xFu8; 64];
    m[0] = !WQ & 0xF;
    m[4] = !(WK | WQ) & 0xF;
    m[7] = !WK & 0xF;
    m[56] = !BQ & 0xF;
    m[60] = !(BK | BQ) & 0xF;
    m[63] = !BK & 0xF;
    m
};
