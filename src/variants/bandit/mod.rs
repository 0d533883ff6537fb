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
use crate::rules::board::{board_position_items, piece_kinds};
use crate::rules::effects::colored_letter;
use crate::rules::zobrist;
use crate::rules::{
    Board, Effects, FenError, GameMove, GenKind, MoveSink, Outcome, Position, Repetition,
    SparseCount,
};
use attacks::{N, TABLES, W};
use once_cell::sync::Lazy;

type Sq = Square<Rect7x9>;

/// Zobrist layout: 18×63 agent keys, then the side to move.
const KEYS: [u64; 18 * N + 1] = zobrist::keys(0xBA4D_1700_0000_0007);
const SIDE_KEY: usize = 18 * N;

piece_kinds! {
    /// Agent kinds, in the rules document's letter order `k c r b n s t o p`.
    pub enum Kind on Rect7x9, keys KEYS, side SIDE_KEY {
        King = 'k',
        Chancellor = 'c',
        Rook = 'r',
        Bishop = 'b',
        Knight = 'n',
        Sergeant = 's',
        Trickster = 't',
        Outlaw = 'o',
        Pawn = 'p',
    }
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

/// Mailbox code of an agent: `color * 9 + kind`; [`EMPTY`] for an empty cell.
type Piece = u8;
const EMPTY: Piece = Bandit::EMPTY;

#[inline(always)]
const fn piece(color: Color, kind: usize) -> Piece {
    Bandit::piece_code(color, kind)
}
#[inline(always)]
const fn kind_of(p: Piece) -> usize {
    Bandit::kind_of(p)
}
#[inline(always)]
const fn color_of(p: Piece) -> usize {
    Bandit::color_of(p)
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

/// The bitboards alone: the copy the legality test edits.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Boards {
    colors: [u64; 2],
    kinds: [u64; 9],
}

/// Attack questions, asked of a position or of the bitboards the legality
/// test edited ([`Boards`]): both only need the two sets of bitboards.
trait Attacks {
    fn colors(&self) -> &[u64; 2];
    fn kinds(&self) -> &[u64; 9];

    /// Whether an agent of `by` could capture on `sq` (B9: outlaws and
    /// tricksters never count).
    #[inline(always)]
    fn attacked(&self, sq: usize, by: Color) -> bool {
        let c = self.colors();
        self.attacked_with(sq, by, c[0] | c[1])
    }

    /// [`Attacks::attacked`] with sliders seeing occupancy `occ`.
    #[inline(always)]
    fn attacked_with(&self, sq: usize, by: Color, occ: u64) -> bool {
        let t = &*TABLES;
        let k = self.kinds();
        let them = self.colors()[by.index()];
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

    /// Whether any king of `color` is attacked. Inlined: generation asks
    /// it once per position, where a call's set-up was a fifth of its cost.
    #[inline(always)]
    fn king_attacked(&self, color: Color) -> bool {
        let mut kings = self.colors()[color.index()] & self.kinds()[KING];
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

/// Both holders of the bitboards answer [`Attacks`] from their own fields.
macro_rules! attacks_from_fields {
    ($($holder:ty),+) => {$(
        impl Attacks for $holder {
            #[inline(always)]
            fn colors(&self) -> &[u64; 2] {
                &self.colors
            }
            #[inline(always)]
            fn kinds(&self) -> &[u64; 9] {
                &self.kinds
            }
        }
    )+};
}
attacks_from_fields!(Boards, Bandit);

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
        Bandit::remove(self, sq, p);
    }
    #[inline(always)]
    fn put(&mut self, sq: usize, p: Piece) {
        Bandit::put(self, sq, p);
    }
}

/// A Bandit Chess position: the shared board and nothing else.
pub type Bandit = Board<Kind, (), 9, N>;

impl Bandit {
    /// Runs the edits of move `m` (legal or pseudo-legal here) on `e`, reading
    /// the agents from this position. The capturer of an outlaw is removed at
    /// the end of the move (B8), so it is simply never put down.
    #[inline(always)]
    fn apply<E: Edit>(&self, m: BanditMove, e: &mut E) {
        let (from, to) = (m.from(), m.to());
        let mover = self.mailbox[from];
        let us = self.stm;
        match m.kind() {
            OUTLAW_CAPTURE => {
                let mid = (from + to) / 2;
                let (a, b) = (self.mailbox[mid], self.mailbox[to]);
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
                    let old = self.mailbox[sq];
                    e.remove(sq, old);
                    e.put(sq, piece(us.flip(), kind_of(self.mailbox[model])));
                }
            }
            kind => {
                let victim = self.mailbox[to];
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
        let mut b = Boards {
            colors: self.colors,
            kinds: self.kinds,
        };
        self.apply(m, &mut b);
        !b.king_attacked(self.stm)
    }

    /// Whether `color` has a king (B11).
    fn has_king(&self, color: Color) -> bool {
        self.pieces(color, KING) != 0
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
        let (mut pos, f) = Bandit::from_fen_head(fen, 6, ())?;
        for (i, name) in [(0, "castling"), (1, "en passant")] {
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
            let agents = pos.colors[color.index()].count_ones();
            if agents > 21 {
                return Err(FenError::Illegal(format!(
                    "{} has {agents} agents; a side never has more than 21",
                    color.name()
                )));
            }
            // A pawn on its last rank has promoted (B3). A sergeant there is
            // accepted: a trick can make one (B14), so such positions arise in
            // play and their FENs must read back.
            let promoting = pos.colors[color.index()] & pos.kinds[PAWN] & LAST_ROW[color.index()];
            if promoting != 0 {
                return Err(FenError::Illegal(format!(
                    "a {} pawn stands on its last rank ({}): it must have promoted",
                    color.name(),
                    sq_name(promoting.trailing_zeros() as usize)
                )));
            }
        }
        pos.read_clocks(&f[2.min(f.len())..])?;
        pos.hash = pos.board_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!("{} - - {}", self.fen_head(), self.fen_clocks())
    }

    board_position_items!(board_hash);

    fn in_check(&self) -> bool {
        self.king_attacked(self.stm)
    }

    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<BanditMove>) {
        if !self.has_king(self.stm) || !self.has_king(self.stm.flip()) {
            return; // B11: the game is over
        }
        // The side to move is a constant in each copy of the generator, so
        // its pawn directions and promotion rows fold away.
        match (kind, self.stm) {
            (GenKind::All, Color::White) => movegen::generate::<false, true>(self, out),
            (GenKind::All, Color::Black) => movegen::generate::<false, false>(self, out),
            (GenKind::Noisy, Color::White) => movegen::generate::<true, true>(self, out),
            (GenKind::Noisy, Color::Black) => movegen::generate::<true, false>(self, out),
        }
    }

    /// Counts with [`SparseCount`]: Bandit's target sets are mostly small.
    fn count_moves(&self) -> usize {
        let mut count = SparseCount(0);
        self.generate_into(GenKind::All, &mut count);
        count.0
    }

    fn is_noisy(&self, m: BanditMove) -> bool {
        m.kind() != NORMAL || self.mailbox[m.to()] != EMPTY
    }

    // Inlined: perft's and search's copy-make loops save the call.
    #[inline(always)]
    fn play(&self, m: BanditMove) -> Self {
        let mut p = *self;
        self.apply(m, &mut p);
        let mover = kind_of(self.mailbox[m.from()]);
        let capture =
            m.kind() == OUTLAW_CAPTURE || (m.kind() != TRICK && self.mailbox[m.to()] != EMPTY);
        // B13: any capture, or a pawn or sergeant move, resets the counter.
        p.halfmove = if capture || mover == PAWN || mover == SERGEANT {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        p.pass_turn();
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
                .any(|&v| self.mailbox[v] != EMPTY && kind_of(self.mailbox[v]) == OUTLAW)
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
                    let letter = Kind::ALL[kind_of(self.mailbox[model])].letter();
                    e.changed
                        .push((sq(changed), colored_letter(self.stm.flip(), letter)));
                }
            }
            _ => {
                if self.mailbox[to] != EMPTY {
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
        self.null()
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
}
