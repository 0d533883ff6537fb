//! Bandit Chess on 7×9 (`docs/rules/bandit.md`, rulings B1–B14): chess
//! pieces plus chancellors, Wolf-chess sergeants, one-step Berolina-plus
//! pawns, the non-capturing trickster whose tricks change enemy pieces, and
//! the outlaw that reflects off edges and captures one agent of each colour.
//!
//! The position keeps raw `u64` bitboards per colour and per kind plus a
//! mailbox; `play` copies it. Every move is described once, as a short list of
//! board edits (`Bandit::apply`); `play` runs those edits on the whole
//! position (mailbox, Zobrist key), and the legality test runs them on a copy
//! of the bitboards alone, then asks whether any of the mover's kings is
//! attacked (B9, B10). Ordinary moves of unpinned pieces skip that test.

mod attacks;
pub mod eval;
mod movegen;
mod pieces;
#[cfg(test)]
mod slow;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_check_and_end;
#[cfg(test)]
mod tests_positions;

use crate::geometry::{Color, Rect7x9, Square};
use crate::rules::effects::colored_letter;
use crate::rules::fen::{counters, fields, parse_board, write_board};
use crate::rules::zobrist;
use crate::rules::{Effects, FenError, GameMove, GenKind, MoveList, Outcome, Position, Repetition};
use attacks::{N, TABLES, W};
use once_cell::sync::Lazy;

type Sq = Square<Rect7x9>;

/// Agent kinds, in the rules document's letter order `k c r b n s t o p`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    King = 0,
    Chancellor = 1,
    Rook = 2,
    Bishop = 3,
    Knight = 4,
    Sergeant = 5,
    Trickster = 6,
    Outlaw = 7,
    Pawn = 8,
}

const KING: usize = Kind::King as usize;
const CHANCELLOR: usize = Kind::Chancellor as usize;
const ROOK: usize = Kind::Rook as usize;
const BISHOP: usize = Kind::Bishop as usize;
const KNIGHT: usize = Kind::Knight as usize;
const SERGEANT: usize = Kind::Sergeant as usize;
const TRICKSTER: usize = Kind::Trickster as usize;
const OUTLAW: usize = Kind::Outlaw as usize;
const PAWN: usize = Kind::Pawn as usize;

impl Kind {
    pub const ALL: [Kind; 9] = [
        Kind::King,
        Kind::Chancellor,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
        Kind::Sergeant,
        Kind::Trickster,
        Kind::Outlaw,
        Kind::Pawn,
    ];

    pub const fn letter(self) -> char {
        ['k', 'c', 'r', 'b', 'n', 's', 't', 'o', 'p'][self as usize]
    }

    fn from_letter(c: char) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.letter() == c)
    }
}

/// Mailbox code of an agent: `color * 9 + kind`; [`EMPTY`] for an empty cell.
type Piece = u8;
const EMPTY: Piece = 18;

#[inline(always)]
const fn piece(color: Color, kind: usize) -> Piece {
    (color.index() * 9 + kind) as Piece
}
#[inline(always)]
const fn kind_of(p: Piece) -> usize {
    p as usize % 9
}
#[inline(always)]
const fn color_of(p: Piece) -> usize {
    p as usize / 9
}

/// Zobrist layout: 18×63 agent keys, then the side to move.
const KEYS: [u64; 18 * N + 1] = zobrist::keys(0xBA4D_1700_0000_0007);
const SIDE_KEY: usize = 18 * N;

#[inline(always)]
fn key(p: Piece, sq: usize) -> u64 {
    KEYS[p as usize * N + sq]
}

/// Rows where each side's pawns and sergeants must promote (B3).
const LAST_ROW: [u64; 2] = [0x7F << (8 * W), 0x7F];
/// Each side's own second rank, where sergeants may double-step (B2).
const SECOND_ROW: [u64; 2] = [0x7F << W, 0x7F << (7 * W)];

/// A Bandit move in 32 bits: from (6), to (6), kind (3), and for tricks the
/// choice on each line (2 bits each, B5). Bit 20 is always set so a packed
/// move is never zero.
///
/// A trick choice is `0` (nothing changes on that line), `1` (the west /
/// south piece takes the type of the east / north one) or `2` (the other
/// way round).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct BanditMove(u32);

/// A move or capture of one agent (and an outlaw's diagonal slide).
const NORMAL: u32 = 0;
/// Promotion to bishop (B3).
const PROMO_BISHOP: u32 = 1;
/// Promotion to chancellor (B3).
const PROMO_CHANCELLOR: u32 = 2;
/// The outlaw's two-agent capture (B7).
const OUTLAW_CAPTURE: u32 = 3;
/// A trickster move that changes at least one enemy piece (B5).
const TRICK: u32 = 4;
const VALID: u32 = 1 << 20;

impl BanditMove {
    #[inline(always)]
    const fn new(from: usize, to: usize, kind: u32) -> Self {
        BanditMove(from as u32 | (to as u32) << 6 | kind << 12 | VALID)
    }
    #[inline(always)]
    const fn trick(from: usize, to: usize, horizontal: u32, vertical: u32) -> Self {
        BanditMove(
            from as u32
                | (to as u32) << 6
                | TRICK << 12
                | horizontal << 15
                | vertical << 17
                | VALID,
        )
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
    const fn kind(self) -> u32 {
        (self.0 >> 12) & 7
    }
    #[inline(always)]
    const fn horizontal(self) -> u32 {
        (self.0 >> 15) & 3
    }
    #[inline(always)]
    const fn vertical(self) -> u32 {
        (self.0 >> 17) & 3
    }
    /// The piece a promotion makes.
    pub fn promotion(self) -> Option<Kind> {
        match self.kind() {
            PROMO_BISHOP => Some(Kind::Bishop),
            PROMO_CHANCELLOR => Some(Kind::Chancellor),
            _ => None,
        }
    }
    pub fn is_outlaw_capture(self) -> bool {
        self.kind() == OUTLAW_CAPTURE
    }
    pub fn is_trick(self) -> bool {
        self.kind() == TRICK
    }
    /// The (changed square, square whose type it takes) pairs of a trick, in
    /// ascending order of the changed square.
    fn changes(self) -> ([(usize, usize); 2], usize) {
        let to = self.to();
        let mut out = [(0, 0); 2];
        let mut n = 0;
        // Line order: the horizontal neighbours have indices to±1, the vertical
        // ones to±7, so "south, west, east, north" is ascending.
        let (h, v) = (self.horizontal(), self.vertical());
        if v == 1 {
            out[n] = (to - W, to + W);
            n += 1;
        }
        if h == 1 {
            out[n] = (to - 1, to + 1);
            n += 1;
        }
        if h == 2 {
            out[n] = (to + 1, to - 1);
            n += 1;
        }
        if v == 2 {
            out[n] = (to + W, to - W);
            n += 1;
        }
        (out, n)
    }
}

fn sq_name(i: usize) -> String {
    Sq::from_index_unchecked(i as u32).name()
}

impl core::fmt::Debug for BanditMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", sq_name(self.from()), sq_name(self.to()))?;
        if let Some(k) = self.promotion() {
            write!(f, "{}", k.letter())?;
        }
        let (changes, n) = self.changes();
        for &(sq, _) in &changes[..n] {
            write!(f, "@{}", sq_name(sq))?;
        }
        Ok(())
    }
}

impl GameMove for BanditMove {
    fn pack(self) -> u32 {
        self.0
    }
    fn unpack(bits: u32) -> Option<Self> {
        let m = BanditMove(bits);
        let ok = bits >> 19 == 2
            && m.from() < N
            && m.to() < N
            && m.kind() <= TRICK
            && (m.kind() == TRICK || bits >> 15 & 15 == 0)
            && m.horizontal() != 3
            && m.vertical() != 3;
        ok.then_some(m)
    }
}

/// The bitboards alone: what the legality test edits and asks about attacks.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Boards {
    colors: [u64; 2],
    kinds: [u64; 9],
}

impl Boards {
    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.colors[0] | self.colors[1]
    }

    #[inline(always)]
    fn pieces(&self, color: Color, kind: usize) -> u64 {
        self.colors[color.index()] & self.kinds[kind]
    }

    /// Whether an agent of `by` could capture on `sq` (B9: outlaws and
    /// tricksters never count).
    #[inline(always)]
    fn attacked(&self, sq: usize, by: Color) -> bool {
        self.attacked_with(sq, by, self.occupied())
    }

    /// [`Boards::attacked`] with sliders seeing occupancy `occ`.
    #[inline(always)]
    fn attacked_with(&self, sq: usize, by: Color, occ: u64) -> bool {
        let t = &*TABLES;
        let k = &self.kinds;
        let them = self.colors[by.index()];
        let near = (t.pawn_capture[by.flip().index()][sq] & k[PAWN])
            | (t.sergeant[by.flip().index()][sq] & k[SERGEANT])
            | (t.knight[sq] & (k[KNIGHT] | k[CHANCELLOR]))
            | (t.king[sq] & k[KING]);
        if near & them != 0 {
            return true;
        }
        let orth = (k[ROOK] | k[CHANCELLOR]) & them;
        if t.rook_lines[sq] & orth != 0 && t.rook(sq, occ) & orth != 0 {
            return true;
        }
        let diag = k[BISHOP] & them;
        t.bishop_lines[sq] & diag != 0 && t.bishop(sq, occ) & diag != 0
    }

    /// Whether any king of `color` is attacked.
    #[inline]
    fn king_attacked(&self, color: Color) -> bool {
        let mut kings = self.pieces(color, KING);
        while kings != 0 {
            let k = kings.trailing_zeros() as usize;
            kings &= kings - 1;
            if self.attacked(k, color.flip()) {
                return true;
            }
        }
        false
    }
}

/// The two primitive edits every move is made of.
trait Edit {
    fn remove(&mut self, sq: usize, p: Piece);
    fn put(&mut self, sq: usize, p: Piece);
}

impl Edit for Boards {
    #[inline(always)]
    fn remove(&mut self, sq: usize, p: Piece) {
        self.colors[color_of(p)] ^= 1 << sq;
        self.kinds[kind_of(p)] ^= 1 << sq;
    }
    #[inline(always)]
    fn put(&mut self, sq: usize, p: Piece) {
        self.colors[color_of(p)] ^= 1 << sq;
        self.kinds[kind_of(p)] ^= 1 << sq;
    }
}

impl Edit for Bandit {
    #[inline(always)]
    fn remove(&mut self, sq: usize, p: Piece) {
        self.bb.remove(sq, p);
        self.board[sq] = EMPTY;
        self.hash ^= key(p, sq);
    }
    #[inline(always)]
    fn put(&mut self, sq: usize, p: Piece) {
        self.bb.put(sq, p);
        self.board[sq] = p;
        self.hash ^= key(p, sq);
    }
}

/// A Bandit Chess position.
#[derive(Clone, PartialEq, Eq)]
pub struct Bandit {
    bb: Boards,
    board: [Piece; N],
    stm: Color,
    halfmove: u16,
    fullmove: u16,
    hash: u64,
}

impl core::fmt::Debug for Bandit {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Bandit({})", self.to_fen())
    }
}

impl Bandit {
    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &p) in self.board.iter().enumerate() {
            if p != EMPTY {
                h ^= key(p, sq);
            }
        }
        if self.stm == Color::Black {
            h ^= KEYS[SIDE_KEY];
        }
        h
    }

    /// Runs the edits of move `m` (legal or pseudo-legal here) on `e`, reading
    /// the agents from this position. The capturer of an outlaw is removed at
    /// the end of the move (B8), so it is simply never put down.
    #[inline(always)]
    fn apply<E: Edit>(&self, m: BanditMove, e: &mut E) {
        let (from, to) = (m.from(), m.to());
        let mover = self.board[from];
        let us = self.stm;
        match m.kind() {
            OUTLAW_CAPTURE => {
                let mid = (from + to) / 2;
                let (a, b) = (self.board[mid], self.board[to]);
                e.remove(from, mover);
                e.remove(mid, a);
                e.remove(to, b);
                if kind_of(a) != OUTLAW && kind_of(b) != OUTLAW {
                    e.put(to, mover);
                }
            }
            TRICK => {
                e.remove(from, mover);
                e.put(to, mover);
                let (changes, n) = m.changes();
                for &(sq, model) in &changes[..n] {
                    let old = self.board[sq];
                    e.remove(sq, old);
                    e.put(sq, piece(us.flip(), kind_of(self.board[model])));
                }
            }
            kind => {
                let victim = self.board[to];
                if victim != EMPTY {
                    e.remove(to, victim);
                }
                e.remove(from, mover);
                let placed = match kind {
                    PROMO_BISHOP => piece(us, BISHOP),
                    PROMO_CHANCELLOR => piece(us, CHANCELLOR),
                    _ => mover,
                };
                if victim == EMPTY || kind_of(victim) != OUTLAW {
                    e.put(to, placed);
                }
            }
        }
    }

    /// Whether the mover's kings are all safe after `m` (B9, B10), by running
    /// the move on a copy of the bitboards.
    #[inline]
    fn king_safe_after(&self, m: BanditMove) -> bool {
        let mut b = self.bb;
        self.apply(m, &mut b);
        !b.king_attacked(self.stm)
    }

    /// Whether `color` has a king (B11).
    fn has_king(&self, color: Color) -> bool {
        self.bb.pieces(color, KING) != 0
    }
}

impl Position for Bandit {
    type Geo = Rect7x9;
    type Move = BanditMove;
    const NAME: &'static str = "bandit";
    const START_FEN: &'static str =
        "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";
    const REPETITION: Repetition = Repetition::Draw;
    const MOVE_RULE: Option<u32> = Some(100);
    const HAS_CHECK: bool = true;
    const NULL_MOVE: bool = true;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        // Build the move tables now, not inside the first timed generation.
        Lazy::force(&TABLES);
        let f = fields(fen)?;
        if f.len() > 6 {
            return Err(FenError::TrailingFields(f[6..].join(" ")));
        }
        let mut pos = Bandit {
            bb: Boards {
                colors: [0; 2],
                kinds: [0; 9],
            },
            board: [EMPTY; N],
            stm: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        };
        for (sq, c) in parse_board::<Rect7x9>(f[0])? {
            let kind =
                Kind::from_letter(c.to_ascii_lowercase()).ok_or(FenError::UnknownPiece(c))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            pos.put(sq.index(), piece(color, kind as usize));
        }
        pos.hash = 0;
        let stm = f.get(1).ok_or(FenError::MissingField("side to move"))?;
        pos.stm = Color::from_fen(stm).ok_or_else(|| FenError::BadField {
            field: "side to move",
            value: stm.to_string(),
        })?;
        for (i, name) in [(2, "castling"), (3, "en passant")] {
            if let Some(&v) = f.get(i) {
                if v != "-" {
                    return Err(FenError::BadField {
                        field: name,
                        value: v.to_string(),
                    });
                }
            }
        }
        for color in Color::ALL {
            // Each side has a king. A side without one has lost (B11): the
            // game ended when an outlaw took it, so there is nothing left to
            // set up or count, and such a FEN is an error (issue #6). Play
            // still reaches that final position; its FEN is written (for the
            // record) but does not read back.
            if !pos.has_king(color) {
                return Err(FenError::RoyalCount {
                    side: color.name(),
                    found: 0,
                    expected: "at least 1 king (a side without one has already lost, B11)",
                });
            }
            // Each side starts with 21 agents and no rule adds one (tricks change
            // types, promotions replace): more cannot arise, and the bound keeps
            // every move list within `MAX_MOVES`.
            let agents = pos.bb.colors[color.index()].count_ones();
            if agents > 21 {
                return Err(FenError::Illegal(format!(
                    "{} has {agents} agents; a side never has more than 21",
                    color.name()
                )));
            }
            // A pawn on its last rank has promoted (B3). A sergeant there is
            // accepted: a trick can make one (B14), so such positions arise in
            // play and their FENs must read back.
            let promoting =
                pos.bb.colors[color.index()] & pos.bb.kinds[PAWN] & LAST_ROW[color.index()];
            if promoting != 0 {
                return Err(FenError::Illegal(format!(
                    "a {} pawn stands on its last rank ({}): it must have promoted",
                    color.name(),
                    sq_name(promoting.trailing_zeros() as usize)
                )));
            }
        }
        (pos.halfmove, pos.fullmove) = counters(&f[4.min(f.len())..])?;
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        let board = write_board::<Rect7x9>(|sq| self.piece_char(sq));
        format!(
            "{board} {} - - {} {}",
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

    fn in_check(&self) -> bool {
        self.bb.king_attacked(self.stm)
    }

    fn generate(&self, kind: GenKind, out: &mut MoveList<BanditMove>) {
        if !self.has_king(self.stm) || !self.has_king(self.stm.flip()) {
            return; // B11: the game is over
        }
        match kind {
            GenKind::All => movegen::generate::<false>(self, out),
            GenKind::Noisy => movegen::generate::<true>(self, out),
        }
    }

    fn is_noisy(&self, m: BanditMove) -> bool {
        m.kind() != NORMAL || self.board[m.to()] != EMPTY
    }

    fn play(&self, m: BanditMove) -> Self {
        let mut p = self.clone();
        self.apply(m, &mut p);
        let mover = kind_of(self.board[m.from()]);
        let capture =
            m.kind() == OUTLAW_CAPTURE || (m.kind() != TRICK && self.board[m.to()] != EMPTY);
        // B13: any capture, or a pawn or sergeant move, resets the counter.
        p.halfmove = if capture || mover == PAWN || mover == SERGEANT {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        p.stm = self.stm.flip();
        p.hash ^= KEYS[SIDE_KEY];
        if self.stm == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p
    }

    /// Read off the same edits `play` runs (`Bandit::apply`).
    fn effects(&self, m: BanditMove) -> Effects<Rect7x9> {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32);
        let (from, to) = (m.from(), m.to());
        let mut e = Effects::step(sq(from), sq(to), false);
        let outlaw_taken = |victims: &[usize]| {
            victims
                .iter()
                .any(|&v| self.board[v] != EMPTY && kind_of(self.board[v]) == OUTLAW)
        };
        match m.kind() {
            OUTLAW_CAPTURE => {
                let mid = (from + to) / 2;
                e.removed.push(sq(mid));
                e.removed.push(sq(to));
                if outlaw_taken(&[mid, to]) {
                    e.lands = None;
                }
            }
            TRICK => {
                let (changes, n) = m.changes();
                for &(changed, model) in &changes[..n] {
                    let letter = Kind::ALL[kind_of(self.board[model])].letter();
                    e.changed
                        .push((sq(changed), colored_letter(self.stm.flip(), letter)));
                }
            }
            _ => {
                if self.board[to] != EMPTY {
                    e.removed.push(sq(to));
                }
                if outlaw_taken(&[to]) {
                    e.lands = None;
                } else if let Some(k) = m.promotion() {
                    e.changed
                        .push((sq(to), colored_letter(self.stm, k.letter())));
                }
            }
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

    fn static_outcome(&self) -> Option<Outcome> {
        // B11: a side with no king left has lost.
        for loser in Color::ALL {
            if !self.has_king(loser) {
                let winner = loser.flip();
                return Some(Outcome::Win {
                    winner,
                    reason: if winner == Color::White {
                        "White took Black's last king"
                    } else {
                        "Black took White's last king"
                    },
                });
            }
        }
        None
    }

    fn no_move_outcome(&self) -> Outcome {
        // B12: no legal move loses, in check or not.
        Outcome::no_move_loss(self.stm, self.in_check())
    }

    fn format_move(&self, m: BanditMove) -> String {
        format!("{m:?}")
    }

    fn pieces() -> &'static [crate::rules::PieceInfo] {
        pieces::PIECES
    }

    fn piece_char(&self, sq: Sq) -> Option<char> {
        let p = self.board[sq.index()];
        (p != EMPTY).then(|| {
            let c = Kind::ALL[kind_of(p)].letter();
            if color_of(p) == 0 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
    }
}
