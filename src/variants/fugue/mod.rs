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
mod threat;

use crate::geometry::{Color, Rect8x8, Square};
use crate::rules::board::{board_position_items, piece_kinds};
use crate::rules::effects::colored_letter;
use crate::rules::zobrist;
use crate::rules::{
    Board, Effects, FenError, GameMove, GenKind, MoveList, MoveSink, Outcome, Position, Repetition,
};

type Sq = Square<Rect8x8>;

/// Zobrist layout: one key per (colour, kind, square), then the side to move.
const KEYS: [u64; 2 * KINDS * 64 + 1] = zobrist::keys(0xF0_6E00_0000_0004);
const SIDE_KEY: usize = 2 * KINDS * 64;

piece_kinds! {
    /// Piece kinds, in FEN letter order `p q k i u a s l w`.
    pub enum Kind on Rect8x8, keys KEYS, side SIDE_KEY {
        Pawn = 'p',
        Queen = 'q',
        King = 'k',
        Immobilizer = 'i',
        PushmePullyu = 'u',
        Archer = 'a',
        Shield = 's',
        LongLeaper = 'l',
        Swapper = 'w',
    }
}

/// Number of piece kinds.
pub const KINDS: usize = Kind::COUNT;

impl Kind {
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
}

/// Mailbox entry for an empty square (pieces are `color * KINDS + kind`).
const EMPTY: u8 = Fugue::EMPTY;

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

/// A Fugue position: the shared board and nothing else. The half-move
/// clock counts plies since the last capture or promotion (F14's repetition
/// window).
pub type Fugue = Board<Kind, (), KINDS, 64>;

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
        let (mut pos, rest) = Fugue::from_fen_head(fen, 4, ())?;
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
        pos.read_clocks(&rest)?;
        pos.hash = pos.board_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!("{} {}", self.fen_head(), self.fen_clocks())
    }

    board_position_items!(board_hash);

    /// F1: there is no check.
    fn in_check(&self) -> bool {
        false
    }

    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<FugueMove>) {
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
        let mut p = *self;
        let (from, to) = (m.from(), m.to());
        let mover = self.mailbox[from];
        p.halfmove = p.halfmove.saturating_add(1);
        if let Some(v) = m.victim() {
            p.remove(v, self.mailbox[v]);
            p.halfmove = 0;
        }
        match m.code() {
            SHOT => {}
            DESTROY => p.remove(from, mover),
            SWAP => {
                let other = self.mailbox[to];
                p.toggle(mover, from);
                p.toggle(other, to);
                p.toggle(mover, to);
                p.toggle(other, from);
                p.mailbox[from] = other;
                p.mailbox[to] = mover;
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
                p.mailbox[from] = EMPTY;
                p.mailbox[to] = placed;
            }
        }
        p.pass_turn();
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
        self.null()
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
}
