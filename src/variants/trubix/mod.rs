//! Trubix (David Short, 2000) on its 41-cell board, exactly as
//! `docs/rules/trubix.md` rules it (rulings T1–T12 are cited where they
//! decide something).
//!
//! The position keeps raw `u64` bitboards (the 5×11 box fits in 55 bits) per
//! colour and per piece kind, a mailbox, and the set of virgin woozans (T6,
//! part of the hash). `play` copies and updates the Zobrist key incrementally.
//! Generation is fully legal: the only slider is the queen, so checks and pins
//! are found with queen rays and every other piece is masked accordingly.

pub mod eval;
mod movegen;
mod pieces;
#[cfg(test)]
mod slow;
mod tables;
#[cfg(test)]
mod tests;

use crate::geometry::{Color, Square, TrubixBoard};
use crate::rules::board::{board_position_items, piece_kinds};
use crate::rules::effects::colored_letter;
use crate::rules::zobrist;
use crate::rules::{
    Board, Effects, FenError, GameMove, GenKind, MoveSink, Outcome, Position, Repetition,
};
use tables::{bit, BOX, TABLES};

type Sq = Square<TrubixBoard>;

/// Zobrist layout: 10×55 piece keys, 55 virgin-woozan keys (T6, T10), side.
const KEYS: [u64; 10 * BOX + BOX + 1] = zobrist::keys(0x7E0B_1C00_0000_0003);
const VIRGIN_KEY: usize = 10 * BOX;
const SIDE_KEY: usize = 11 * BOX;

piece_kinds! {
    /// Piece kinds, with T1's FEN letters. `Woozan` is 0 so that a move's
    /// promotion field can hold the kind the woozan ends as, 0 meaning "stays
    /// a woozan" (T7).
    pub enum Kind on TrubixBoard, keys KEYS, side SIDE_KEY {
        Woozan = 'w',
        Knight = 'n',
        Fleurbic = 'f',
        Queen = 'q',
        King = 'k',
    }
}

const W: usize = Kind::Woozan as usize;
const N: usize = Kind::Knight as usize;
const F: usize = Kind::Fleurbic as usize;
const Q: usize = Kind::Queen as usize;
const K: usize = Kind::King as usize;

/// Mailbox entry for an empty cell (pieces are `color * 5 + kind`).
const EMPTY: u8 = Trubix::EMPTY;

#[inline(always)]
fn piece_key(piece: usize, sq: usize) -> u64 {
    KEYS[piece * BOX + sq]
}

/// White's promotion zone (T7): rank 9 and c10; Black's: rank 1 and c0.
const RANK_9: u64 = 0b11111 << 45;
const RANK_1: u64 = 0b11111 << 5;
const C10: u64 = 1 << 52;
const C0: u64 = 1 << 2;

/// A Trubix move: from (6 bits), to (6 bits), and the kind a woozan ends as
/// (3 bits; 0 = still a woozan, also for every non-woozan move). There is no
/// other flag: double steps, X and Z moves are plain from–to moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrubixMove(u16);

impl TrubixMove {
    #[inline(always)]
    const fn new(from: usize, to: usize, promo: usize) -> Self {
        TrubixMove(from as u16 | (to as u16) << 6 | (promo as u16) << 12)
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
    const fn promo(self) -> usize {
        (self.0 >> 12) as usize
    }
    /// The piece a promotion makes (knight, fleurbic or queen), if any.
    pub fn promotion(self) -> Option<Kind> {
        match self.promo() {
            0 => None,
            k => Some(Kind::ALL[k]),
        }
    }
}

impl core::fmt::Debug for TrubixMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32).name();
        write!(f, "{}{}", sq(self.from()), sq(self.to()))?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter())?;
        }
        Ok(())
    }
}

impl GameMove for TrubixMove {
    fn pack(self) -> u32 {
        self.0 as u32 | 1 << 16
    }
    fn unpack(bits: u32) -> Option<Self> {
        let m = TrubixMove(bits as u16);
        let ok = bits >> 16 == 1
            && Sq::from_index(m.from()).is_some()
            && Sq::from_index(m.to()).is_some()
            && m.promo() <= Q;
        ok.then_some(m)
    }
}

/// T6's virgin woozans stand on rank 2 (White's) or rank 8 (Black's) only, so
/// the position stores the set as ten bits: rank 2's files, then rank 8's.
/// That keeps `Trubix` at 128 bytes, which Rust copies inline for copy-make
/// (`play`); at 136 bytes every `play` called `memcpy`.
const fn pack_virgin(set: u64) -> u16 {
    ((set >> 10) & 31 | ((set >> 40) & 31) << 5) as u16
}

/// A Trubix position. Its extra state is the set of woozans that may still
/// double-step (T6), packed by `pack_virgin`: read it through
/// `Trubix::virgin`.
pub type Trubix = Board<Kind, u16, 5, BOX>;

impl Trubix {
    #[inline(always)]
    fn king_square(&self, color: Color) -> usize {
        self.pieces(color, K).trailing_zeros() as usize
    }

    /// Pieces of `by` attacking `sq` with occupancy `occ`. Every attack but the
    /// queen's is symmetric (woozans capture on all four diagonals, T2), so the
    /// attackers are found by looking outwards from `sq`. A queen (there is
    /// usually one) is tested on its own: on a line with `sq` and nothing
    /// between, two table loads instead of tracing the eight rays of `sq`.
    #[inline(always)]
    fn attackers(&self, sq: usize, occ: u64, by: Color) -> u64 {
        let t = &*TABLES;
        let k = &self.kinds;
        let theirs = self.colors[by.index()];
        let mut a = (t.woozan_capture[sq] & k[W])
            | (t.knight[sq] & k[N])
            | (t.fleurbic[sq] & k[F])
            | (t.king[sq] & k[K]);
        let mut queens = t.queen_empty[sq] & k[Q] & theirs;
        while queens != 0 {
            let q = queens.trailing_zeros() as usize;
            queens &= queens - 1;
            if t.between[sq][q] & occ == 0 {
                a |= bit(q);
            }
        }
        a & theirs
    }

    fn compute_hash(&self) -> u64 {
        let mut h = self.board_hash();
        let mut virgin = self.virgin();
        while virgin != 0 {
            h ^= KEYS[VIRGIN_KEY + virgin.trailing_zeros() as usize];
            virgin &= virgin - 1;
        }
        h
    }

    /// The woozans that may still double-step (T6), as a set of cells.
    #[inline(always)]
    const fn virgin(&self) -> u64 {
        let v = self.extra as u64;
        (v & 31) << 10 | (v >> 5) << 40
    }

    /// T12: nothing but the two kings is left.
    #[inline(always)]
    fn bare_kings(&self) -> bool {
        self.occupied() == self.kinds[K]
    }

    /// The woozans of `color` that may double-step (T6).
    pub fn virgin_woozans(&self, color: Color) -> u64 {
        self.virgin() & self.colors[color.index()]
    }

    /// Parses T6's virgin-woozan field (`-`, or letters `A`–`E` / `a`–`e`).
    fn parse_virgin(&mut self, field: &str) -> Result<(), FenError> {
        let bad = || FenError::BadField {
            field: "virgin woozans",
            value: field.to_string(),
        };
        if field == "-" {
            return Ok(());
        }
        for c in field.chars() {
            let (color, row) = match c {
                'A'..='E' => (Color::White, 2),
                'a'..='e' => (Color::Black, 8),
                _ => return Err(bad()),
            };
            let file = c.to_ascii_lowercase() as i32 - 'a' as i32;
            let sq = Sq::new(file, row).ok_or_else(bad)?.index();
            if self.virgin() & bit(sq) != 0 {
                return Err(bad());
            }
            if self.pieces(color, W) & bit(sq) == 0 {
                return Err(FenError::Illegal(format!(
                    "virgin-woozan flag '{c}' but no {} woozan stands on {}",
                    color.name(),
                    Sq::from_index_unchecked(sq as u32).name()
                )));
            }
            self.extra = pack_virgin(self.virgin() | bit(sq));
        }
        Ok(())
    }

    /// Every woozan on its own second rank (T6: the field was omitted).
    const fn default_virgin(&self) -> u64 {
        const RANK_2: u64 = 0b11111 << 10;
        const RANK_8: u64 = 0b11111 << 40;
        (self.colors[0] & self.kinds[W] & RANK_2) | (self.colors[1] & self.kinds[W] & RANK_8)
    }
}

impl Position for Trubix {
    type Geo = TrubixBoard;
    type Move = TrubixMove;
    const NAME: &'static str = "trubix";
    const START_FEN: &'static str =
        "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1";
    const REPETITION: Repetition = Repetition::Draw;
    /// T11: 100 half-moves without a capture.
    const MOVE_RULE: Option<u32> = Some(100);
    const HAS_CHECK: bool = true;
    const NULL_MOVE: bool = true;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let (mut pos, f) = Trubix::from_fen_head(fen, usize::MAX, 0)?;
        for color in Color::ALL {
            let n = pos.pieces(color, K).count_ones();
            if n != 1 {
                return Err(FenError::RoyalCount {
                    side: color.name(),
                    found: n,
                    expected: "exactly 1 king",
                });
            }
        }
        // T6: a third field made of digits is the clock, the virgin field omitted.
        let numbers = match f.first() {
            Some(s) if !s.bytes().all(|b| b.is_ascii_digit()) => {
                pos.parse_virgin(s)?;
                &f[1..]
            }
            _ => {
                pos.extra = pack_virgin(pos.default_virgin());
                &f[..]
            }
        };
        if numbers.len() > 2 {
            return Err(FenError::TrailingFields(numbers[2..].join(" ")));
        }
        pos.read_clocks(numbers)?;
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
        let mut virgin = String::new();
        for (row, base) in [(2, b'A'), (8, b'a')] {
            for file in 0..5 {
                if self.virgin() & bit(row * 5 + file) != 0 {
                    virgin.push((base + file as u8) as char);
                }
            }
        }
        if virgin.is_empty() {
            virgin.push('-');
        }
        format!("{} {virgin} {}", self.fen_head(), self.fen_clocks())
    }

    board_position_items!();

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn in_check(&self) -> bool {
        self.attackers(self.king_square(self.stm), self.occupied(), self.stm.flip()) != 0
    }

    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<TrubixMove>) {
        movegen::generate(self, kind, out);
    }

    /// Sums the target sets bit-sliced (see `movegen::Tally`).
    fn count_moves(&self) -> usize {
        movegen::count(self)
    }

    fn is_noisy(&self, m: TrubixMove) -> bool {
        self.mailbox[m.to()] != EMPTY || m.promo() != 0
    }

    fn play(&self, m: TrubixMove) -> Self {
        let mut p = *self;
        let (from, to, promo) = (m.from(), m.to(), m.promo());
        let us = self.stm;
        let them = us.flip();
        let piece = self.mailbox[from] as usize;
        let kind = piece % 5;
        let mut hash = self.hash ^ KEYS[SIDE_KEY];
        p.halfmove = self.halfmove.saturating_add(1);
        // T11: only a capture resets the clock.
        let captured = self.mailbox[to];
        if captured != EMPTY {
            p.colors[them.index()] ^= bit(to);
            p.kinds[captured as usize % 5] ^= bit(to);
            hash ^= piece_key(captured as usize, to);
            p.halfmove = 0;
        }
        let bits = bit(from) | bit(to);
        p.colors[us.index()] ^= bits;
        p.kinds[kind] ^= bits;
        p.mailbox[from] = EMPTY;
        p.mailbox[to] = piece as u8;
        hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        if promo != 0 {
            // T7: the woozan becomes the chosen piece on arrival.
            let new = us.index() * 5 + promo;
            p.kinds[W] ^= bit(to);
            p.kinds[promo] ^= bit(to);
            p.mailbox[to] = new as u8;
            hash ^= piece_key(piece, to) ^ piece_key(new, to);
        }
        // T6: leaving the square, or being captured on it, loses the right for good.
        let mut lost = self.virgin() & bits;
        if lost != 0 {
            p.extra = pack_virgin(self.virgin() ^ lost);
        }
        while lost != 0 {
            hash ^= KEYS[VIRGIN_KEY + lost.trailing_zeros() as usize];
            lost &= lost - 1;
        }
        p.stm = them;
        if us == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.hash = hash;
        p
    }

    fn effects(&self, m: TrubixMove) -> Effects<TrubixBoard> {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32);
        let mut e = Effects::step(sq(m.from()), sq(m.to()), self.mailbox[m.to()] != EMPTY);
        if let Some(k) = m.promotion() {
            e.changed
                .push((sq(m.to()), colored_letter(self.stm, k.letter())));
        }
        e
    }

    fn play_null(&self) -> Self {
        self.null()
    }

    fn static_outcome(&self) -> Option<Outcome> {
        self.bare_kings().then_some(Outcome::Draw {
            reason: "bare kings",
        })
    }

    fn no_move_outcome(&self) -> Outcome {
        // T8 checkmate wins, T9 stalemate draws.
        Outcome::mate_or_stalemate(self.stm, self.in_check())
    }
}
