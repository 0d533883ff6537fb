//! Fugue (Mike Nelson, 2004): Ultima-family pieces on an 8×8 board, as ruled
//! in `docs/rules/fugue.md` (rulings F1–F15). There is no check (F1): a
//! king may be left en prise, capturing it wins (F12), having no move loses
//! (F13), and the player who makes a position occur for the third time loses
//! (F14, [`Repetition::MoverLoses`]).
//!
//! The position keeps raw `u64` bitboards per colour and per kind plus a
//! mailbox. Every pseudo-legal move is legal, so generation needs no legality
//! pass at all; immobilization (F2) and shield protection (F10) are whole-set
//! masks computed once per position (`tables::adjacent`).

pub mod eval;
mod movegen;
mod pieces;
mod tables;
#[cfg(test)]
mod tests;

use crate::geometry::{Color, Rect8x8, Square};
use crate::rules::effects::colored_letter;
use crate::rules::fen::{counters, fields, parse_board, write_board};
use crate::rules::zobrist;
use crate::rules::{Effects, FenError, GameMove, GenKind, MoveList, Outcome, Position, Repetition};

type Sq = Square<Rect8x8>;

/// Piece kinds. The FEN letters are `p q k i u a s l w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    Pawn = 0,
    Queen = 1,
    King = 2,
    Immobilizer = 3,
    PushmePullyu = 4,
    Archer = 5,
    Shield = 6,
    LongLeaper = 7,
    Swapper = 8,
}

/// Number of piece kinds.
pub const KINDS: usize = 9;

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Queen,
        Kind::King,
        Kind::Immobilizer,
        Kind::PushmePullyu,
        Kind::Archer,
        Kind::Shield,
        Kind::LongLeaper,
        Kind::Swapper,
    ];

    /// What a pawn may become (F11), in the order the moves are generated.
    pub const PROMOTIONS: [Kind; 7] = [
        Kind::Queen,
        Kind::Immobilizer,
        Kind::PushmePullyu,
        Kind::Archer,
        Kind::Shield,
        Kind::LongLeaper,
        Kind::Swapper,
    ];

    pub const fn letter(self) -> char {
        ['p', 'q', 'k', 'i', 'u', 'a', 's', 'l', 'w'][self as usize]
    }

    fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }
}

/// Mailbox entry for an empty square (pieces are `color * KINDS + kind`).
const EMPTY: u8 = 2 * KINDS as u8;

/// Zobrist layout: one key per (colour, kind, square), then the side to move.
const KEYS: [u64; 2 * KINDS * 64 + 1] = zobrist::keys(0xF0_6E00_0000_0004);
const SIDE_KEY: usize = 2 * KINDS * 64;

#[inline(always)]
fn piece_key(piece: u8, sq: usize) -> u64 {
    KEYS[piece as usize * 64 + sq]
}

/// What a move does besides (or instead of) moving a piece from `from` to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// The piece moves; the piece on `victim` (if any) is removed. Covers
    /// queen/king/pawn captures (victim = `to`), the long leaper (F7: victim
    /// jumped) and the pushme-pullyu (F5: victim behind the start or beyond
    /// the end).
    Plain,
    /// Archer shot (F6): the archer stays on `from`, the piece on `to` is removed.
    Shot,
    /// Swap (F8): the swapper and the enemy on `to` exchange squares.
    Swap,
    /// Mutual destruction (F8): the swapper on `from` and the enemy on `to` vanish.
    Destroy,
    /// Pawn move ending with a promotion to this kind (F11); may also capture.
    Promote(Kind),
}

/// A Fugue move in 32 bits: `from` (bits 0–5), `to` (6–11), the square of a
/// removed enemy (12–17) with a presence bit (18), the kind (19–22), and
/// bit 31 always set so the packed form is never zero.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct FugueMove(u32);

const HAS_VICTIM: u32 = 1 << 18;
const MARK: u32 = 1 << 31;
const SHOT: u32 = 1;
const SWAP: u32 = 2;
const DESTROY: u32 = 3;
/// Promotion codes are `PROMOTE + kind` (kind 1, 3..=8).
const PROMOTE: u32 = 4;

impl FugueMove {
    #[inline(always)]
    const fn raw(from: usize, to: usize, victim: Option<usize>, code: u32) -> Self {
        let v = match victim {
            Some(v) => (v as u32) << 12 | HAS_VICTIM,
            None => 0,
        };
        FugueMove(MARK | from as u32 | (to as u32) << 6 | v | code << 19)
    }
    #[inline(always)]
    pub(crate) const fn plain(from: usize, to: usize, victim: Option<usize>) -> Self {
        Self::raw(from, to, victim, 0)
    }
    #[inline(always)]
    pub(crate) const fn shot(from: usize, target: usize) -> Self {
        Self::raw(from, target, Some(target), SHOT)
    }
    #[inline(always)]
    pub(crate) const fn swap(from: usize, to: usize) -> Self {
        Self::raw(from, to, None, SWAP)
    }
    #[inline(always)]
    pub(crate) const fn destroy(from: usize, to: usize) -> Self {
        Self::raw(from, to, Some(to), DESTROY)
    }
    #[inline(always)]
    pub(crate) const fn promote(from: usize, to: usize, victim: Option<usize>, k: Kind) -> Self {
        Self::raw(from, to, victim, PROMOTE + k as u32)
    }

    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 63) as usize
    }
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 6) & 63) as usize
    }
    /// The square of the enemy piece the move removes, if any.
    #[inline(always)]
    pub const fn victim(self) -> Option<usize> {
        if self.0 & HAS_VICTIM != 0 {
            Some(((self.0 >> 12) & 63) as usize)
        } else {
            None
        }
    }
    #[inline(always)]
    const fn code(self) -> u32 {
        (self.0 >> 19) & 15
    }
    pub fn kind(self) -> MoveKind {
        match self.code() {
            0 => MoveKind::Plain,
            SHOT => MoveKind::Shot,
            SWAP => MoveKind::Swap,
            DESTROY => MoveKind::Destroy,
            c => MoveKind::Promote(Kind::ALL[(c - PROMOTE) as usize]),
        }
    }
}

impl core::fmt::Debug for FugueMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32).name();
        write!(f, "{}{}", sq(self.from()), sq(self.to()))?;
        match self.kind() {
            MoveKind::Destroy => write!(f, "x"),
            MoveKind::Promote(k) => write!(f, "{}", k.letter()),
            _ => Ok(()),
        }
    }
}

impl GameMove for FugueMove {
    fn pack(self) -> u32 {
        self.0
    }
    fn unpack(bits: u32) -> Option<Self> {
        let m = FugueMove(bits);
        let code = m.code();
        let well_formed = bits & MARK != 0
            && bits & !(MARK | ((1 << 23) - 1)) == 0
            && (bits & HAS_VICTIM != 0 || bits & (63 << 12) == 0)
            && m.from() != m.to()
            && match code {
                0 => true,
                SWAP => m.victim().is_none(),
                SHOT | DESTROY => m.victim() == Some(m.to()),
                c => matches!(c - PROMOTE, 1 | 3..=8),
            };
        well_formed.then_some(m)
    }
}

/// A Fugue position.
#[derive(Clone, PartialEq, Eq)]
pub struct Fugue {
    colors: [u64; 2],
    kinds: [u64; KINDS],
    /// `color * KINDS + kind`, or `EMPTY`.
    board: [u8; 64],
    stm: Color,
    /// Plies since the last capture or promotion (F14's repetition window).
    halfmove: u16,
    fullmove: u16,
    hash: u64,
}

impl core::fmt::Debug for Fugue {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Fugue({})", self.to_fen())
    }
}

impl Fugue {
    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color, kind: Kind) -> u64 {
        self.colors[color.index()] & self.kinds[kind as usize]
    }

    /// The kind on `sq`, if any.
    pub fn kind_at(&self, sq: usize) -> Option<Kind> {
        let p = self.board[sq];
        (p != EMPTY).then(|| Kind::ALL[p as usize % KINDS])
    }

    /// Toggles `piece` (mailbox code) on `sq` in the bitboards and the hash;
    /// the caller keeps the mailbox.
    #[inline(always)]
    fn toggle(&mut self, piece: u8, sq: usize) {
        let bit = 1u64 << sq;
        self.colors[piece as usize / KINDS] ^= bit;
        self.kinds[piece as usize % KINDS] ^= bit;
        self.hash ^= piece_key(piece, sq);
    }

    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..64 {
            if self.board[sq] != EMPTY {
                h ^= piece_key(self.board[sq], sq);
            }
        }
        if self.stm == Color::Black {
            h ^= KEYS[SIDE_KEY];
        }
        h
    }
}

impl Position for Fugue {
    type Geo = Rect8x8;
    type Move = FugueMove;
    const NAME: &'static str = "fugue";
    const START_FEN: &'static str = "wlqksaui/pppppppp/8/8/8/8/PPPPPPPP/IUASKQLW w 0 1";
    /// F14: the player who makes the third occurrence loses.
    const REPETITION: Repetition = Repetition::MoverLoses;
    const MOVE_RULE: Option<u32> = None;
    const HAS_CHECK: bool = false;
    /// Off. Null-move pruning assumes passing is never better than the best
    /// move, and Fugue breaks that more often than chess: an immobilizer (F2)
    /// freezes most of an army, leaving a few moves that all lose something;
    /// F13 makes having no move a loss; and F14 takes away free waiting moves
    /// (shuffling back and forth ends in a loss for whoever repeats third).
    /// Those are the zugzwang positions where a null move lies.
    const NULL_MOVE: bool = false;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let f = fields(fen)?;
        if f.len() > 4 {
            return Err(FenError::TrailingFields(f[4..].join(" ")));
        }
        let mut pos = Fugue {
            colors: [0; 2],
            kinds: [0; KINDS],
            board: [EMPTY; 64],
            stm: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };
        for (sq, c) in parse_board::<Rect8x8>(f[0])? {
            let kind =
                Kind::from_letter(c.to_ascii_lowercase()).ok_or(FenError::UnknownPiece(c))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let piece = (color.index() * KINDS + kind as usize) as u8;
            pos.board[sq.index()] = piece;
            pos.toggle(piece, sq.index());
        }
        let stm = f.get(1).ok_or(FenError::MissingField("side to move"))?;
        pos.stm = Color::from_fen(stm).ok_or_else(|| FenError::BadField {
            field: "side to move",
            value: stm.to_string(),
        })?;
        // Exactly one king a side. A side without one has lost (F12): the
        // game ended when it was taken, so there is nothing left to set up
        // or count, and such a FEN is an error like any other impossible
        // position (issue #4). Play still reaches that final position; its
        // FEN is written (for the record) but does not read back.
        for color in Color::ALL {
            let n = pos.pieces(color, Kind::King).count_ones();
            if n != 1 {
                return Err(FenError::RoyalCount {
                    side: color.name(),
                    found: n,
                    expected: "exactly 1 king (a side without one has already lost, F12)",
                });
            }
        }
        (pos.halfmove, pos.fullmove) = counters(&f[2.min(f.len())..])?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let board = write_board::<Rect8x8>(|sq| self.piece_char(sq));
        format!(
            "{board} {} {} {}",
            self.stm.fen_char(),
            self.halfmove,
            self.fullmove
        )
    }

    fn side_to_move(&self) -> Color {
        self.stm
    }

    fn hash(&self) -> u64 {
        self.hash
    }

    fn recompute_hash(&self) -> u64 {
        self.compute_hash()
    }

    fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// F1: there is no check.
    fn in_check(&self) -> bool {
        false
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList<FugueMove>) {
        movegen::generate(self, kind, !0, out);
    }

    /// Generates only the moves of the piece on `m.from()` (a table move is
    /// checked without generating the whole position).
    fn is_legal(&self, m: FugueMove) -> bool {
        let from = 1u64 << m.from();
        if self.colors[self.stm.index()] & from == 0 {
            return false;
        }
        let mut list = MoveList::new();
        movegen::generate(self, GenKind::All, from, &mut list);
        list.contains(&m)
    }

    fn is_noisy(&self, m: FugueMove) -> bool {
        m.victim().is_some() || m.code() >= PROMOTE
    }

    fn play(&self, m: FugueMove) -> Self {
        let mut p = self.clone();
        let (from, to) = (m.from(), m.to());
        let mover = self.board[from];
        p.halfmove = p.halfmove.saturating_add(1);
        if let Some(v) = m.victim() {
            p.toggle(self.board[v], v);
            p.board[v] = EMPTY;
            p.halfmove = 0;
        }
        match m.code() {
            SHOT => {}
            DESTROY => {
                p.toggle(mover, from);
                p.board[from] = EMPTY;
            }
            SWAP => {
                let other = self.board[to];
                p.toggle(mover, from);
                p.toggle(other, to);
                p.toggle(mover, to);
                p.toggle(other, from);
                p.board[from] = other;
                p.board[to] = mover;
            }
            code => {
                let placed = if code >= PROMOTE {
                    p.halfmove = 0;
                    mover - Kind::Pawn as u8 + (code - PROMOTE) as u8
                } else {
                    mover
                };
                p.toggle(mover, from);
                p.toggle(placed, to);
                p.board[from] = EMPTY;
                p.board[to] = placed;
            }
        }
        p.stm = self.stm.flip();
        p.hash ^= KEYS[SIDE_KEY];
        if self.stm == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p
    }

    fn effects(&self, m: FugueMove) -> Effects<Rect8x8> {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32);
        let (from, to) = (sq(m.from()), sq(m.to()));
        let mut e = Effects::step(from, to, false);
        e.removed.extend(m.victim().map(sq));
        match m.kind() {
            MoveKind::Shot => e.lands = Some(from),
            MoveKind::Destroy => e.lands = None,
            MoveKind::Swap => e.displaced = Some((to, from)),
            MoveKind::Promote(k) => e.changed.push((to, colored_letter(self.stm, k.letter()))),
            MoveKind::Plain => {}
        }
        e
    }

    fn play_null(&self) -> Self {
        let mut p = self.clone();
        p.stm = self.stm.flip();
        p.hash ^= KEYS[SIDE_KEY];
        p.halfmove = p.halfmove.saturating_add(1);
        p
    }

    /// F12: a side whose king has been captured has lost.
    fn static_outcome(&self) -> Option<Outcome> {
        for loser in [self.stm, self.stm.flip()] {
            if self.pieces(loser, Kind::King) == 0 {
                let winner = loser.flip();
                return Some(Outcome::Win {
                    winner,
                    reason: match winner {
                        Color::White => "White captures the king",
                        Color::Black => "Black captures the king",
                    },
                });
            }
        }
        None
    }

    /// F13: a side to move with no legal move has lost.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::Win {
            winner: self.stm.flip(),
            reason: "no legal move",
        }
    }

    fn format_move(&self, m: FugueMove) -> String {
        format!("{m:?}")
    }

    fn pieces() -> &'static [crate::rules::PieceInfo] {
        pieces::PIECES
    }

    fn piece_char(&self, sq: Sq) -> Option<char> {
        let p = self.board[sq.index()];
        (p != EMPTY).then(|| {
            let c = Kind::ALL[p as usize % KINDS].letter();
            if (p as usize) < KINDS {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
    }
}
