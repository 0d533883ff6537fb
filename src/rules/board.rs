//! The piece board every variant stands on: bitboards per colour and per kind,
//! a mailbox, the side to move, the two FEN clocks and an incremental Zobrist
//! key, generic over the variant's piece kinds ([`PieceKind`]) and a slot for
//! whatever else the variant's position holds (castling rights, virgin
//! woozans, a rule number).
//!
//! A variant's position *is* a [`Board`] (`pub type Chess = Board<Kind,
//! ChessState, 6, 64>`), so its move generator and evaluation read the
//! bitboards and the mailbox as plain fields, with no accessor between them
//! and the hot loops. The extra state lives inside the board rather than
//! around it so the compiler can pack it into the board's padding: a Trubix
//! position stays at 128 bytes, which copy-make copies inline.
//!
//! What stays per variant: the kinds (one `piece_kinds!` declaration), the
//! extra state and its FEN fields, validation, `play`, generation and
//! evaluation.

use super::fen::{counters, fields, parse_board, write_board};
use super::FenError;
use crate::geometry::{BitStore, Color, Geometry, Square};
use core::fmt::Debug;
use core::hash::Hash;

/// A variant's piece kinds, as the shared board needs them. Declared with
/// `piece_kinds!`, which also writes the enum.
pub trait PieceKind: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// The board the pieces stand on.
    type Geo: Geometry;
    /// Every kind, in mailbox order (`kind as usize` is the index).
    const ALL: &'static [Self];
    /// The variant's Zobrist table: piece code `p` (see [`Board::piece`]) on
    /// cell `sq` at `p * Geo::BOX + sq`, the side to move at
    /// [`PieceKind::SIDE_KEY`], the variant's own keys anywhere else. The
    /// table stays the variant's so its keys (and the bench signature, which
    /// depends on table indices) are exactly what they were.
    const KEYS: &'static [u64];
    /// Where the side-to-move key sits in [`PieceKind::KEYS`].
    const SIDE_KEY: usize;
    /// The lowercase FEN letter.
    fn letter(self) -> char;
    fn index(self) -> usize;
    /// The kind written as lowercase `c`.
    fn from_letter(c: char) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.letter() == c)
    }
}

/// Declares a variant's piece kinds once: the enum (discriminants 0, 1, … in
/// the order written, which is the mailbox and table order), `ALL`, `COUNT`,
/// `letter`, `from_letter`, `usize::from(kind)` and the [`PieceKind`] impl.
///
/// ```ignore
/// piece_kinds! {
///     /// Piece kinds, in FEN letter order.
///     pub enum Kind on Rect8x8, keys KEYS, side SIDE_KEY {
///         Pawn = 'p', Knight = 'n', Bishop = 'b', Rook = 'r', Queen = 'q', King = 'k',
///     }
/// }
/// ```
macro_rules! piece_kinds {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident on $geo:ty, keys $keys:ident, side $side:ident {
            $($(#[$vmeta:meta])* $variant:ident = $letter:literal),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        $vis enum $name {
            $($(#[$vmeta])* $variant),+
        }

        impl $name {
            /// How many kinds there are.
            pub const COUNT: usize = [$($letter),+].len();
            /// Every kind, in mailbox order.
            pub const ALL: [$name; Self::COUNT] = [$($name::$variant),+];

            /// The lowercase FEN letter.
            pub const fn letter(self) -> char {
                [$($letter),+][self as usize]
            }

            pub fn from_letter(c: char) -> Option<Self> {
                Self::ALL.into_iter().find(|k| k.letter() == c)
            }
        }

        impl From<$name> for usize {
            #[inline(always)]
            fn from(k: $name) -> usize {
                k as usize
            }
        }

        impl $crate::rules::board::PieceKind for $name {
            type Geo = $geo;
            const ALL: &'static [Self] = &$name::ALL;
            const KEYS: &'static [u64] = &$keys;
            const SIDE_KEY: usize = $side;
            #[inline(always)]
            fn letter(self) -> char {
                $name::letter(self)
            }
            #[inline(always)]
            fn index(self) -> usize {
                self as usize
            }
        }
    };
}
pub(crate) use piece_kinds;

type Bits<K> = <<K as PieceKind>::Geo as Geometry>::Bits;

/// Pieces on a board of `K::Geo`: `KINDS` kinds (`K::ALL.len()`), `CELLS`
/// mailbox entries (`K::Geo::BOX`), and the variant's extra state `E`. Both
/// numbers are parameters only because stable Rust cannot size an array by
/// an associated constant; [`Board::empty`] checks them.
#[derive(PartialEq, Eq)]
pub struct Board<K: PieceKind, E, const KINDS: usize, const CELLS: usize> {
    /// The cells each colour occupies (`Color::index`).
    pub colors: [Bits<K>; 2],
    /// The cells each kind occupies, both colours (`kind as usize`).
    pub kinds: [Bits<K>; KINDS],
    /// The piece code on each cell ([`Board::piece`]), or [`Board::EMPTY`].
    pub mailbox: [u8; CELLS],
    /// Everything else the variant's position holds.
    pub extra: E,
    pub stm: Color,
    /// Plies since the last irreversible move, as the variant counts them.
    pub halfmove: u16,
    pub fullmove: u16,
    /// The Zobrist key: pieces and side to move kept here, the variant's own
    /// keys added by the variant's `play`.
    pub hash: u64,
}

/// A copy is one block move (copy-make copies a position per move); a
/// derived `Clone` of a generic struct would copy field by field.
impl<K: PieceKind, E: Copy, const KINDS: usize, const CELLS: usize> Clone
    for Board<K, E, KINDS, CELLS>
{
    #[inline(always)]
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: PieceKind, E: Copy, const KINDS: usize, const CELLS: usize> Copy
    for Board<K, E, KINDS, CELLS>
{
}

impl<K: PieceKind, E, const KINDS: usize, const CELLS: usize> Board<K, E, KINDS, CELLS> {
    /// The mailbox entry of an empty cell.
    pub const EMPTY: u8 = 2 * KINDS as u8;

    /// No pieces, White to move, clocks at 0 and 1.
    pub fn empty(extra: E) -> Self {
        assert!(K::ALL.len() == KINDS && <K::Geo as Geometry>::BOX == CELLS);
        Board {
            colors: [Bits::<K>::ZERO; 2],
            kinds: [Bits::<K>::ZERO; KINDS],
            mailbox: [Self::EMPTY; CELLS],
            extra,
            stm: Color::White,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    /// The mailbox code of a piece: `color * KINDS + kind`.
    #[inline(always)]
    pub const fn piece_code(color: Color, kind: usize) -> u8 {
        (color.index() * KINDS + kind) as u8
    }

    /// [`Board::piece_code`] of a typed kind.
    #[inline(always)]
    pub fn piece(color: Color, kind: K) -> u8 {
        Self::piece_code(color, kind.index())
    }

    /// The kind index of a piece code.
    #[inline(always)]
    pub const fn kind_of(piece: u8) -> usize {
        piece as usize % KINDS
    }

    /// The colour index of a piece code.
    #[inline(always)]
    pub const fn color_of(piece: u8) -> usize {
        piece as usize / KINDS
    }

    /// The key of piece code `piece` on cell `sq`.
    #[inline(always)]
    pub fn piece_key(piece: u8, sq: usize) -> u64 {
        K::KEYS[piece as usize * CELLS + sq]
    }

    /// The side-to-move key (in the hash when Black is to move).
    #[inline(always)]
    pub fn side_key() -> u64 {
        K::KEYS[K::SIDE_KEY]
    }

    #[inline(always)]
    pub fn occupied(&self) -> Bits<K> {
        self.colors[0] | self.colors[1]
    }

    /// The cells holding `color`'s pieces of `kind` (a typed kind or its index).
    #[inline(always)]
    pub fn pieces(&self, color: Color, kind: impl Into<usize>) -> Bits<K> {
        self.colors[color.index()] & self.kinds[kind.into()]
    }

    /// The kind on cell `sq`, if any.
    #[inline(always)]
    pub fn kind_at(&self, sq: usize) -> Option<K> {
        let p = self.mailbox[sq];
        (p != Self::EMPTY).then(|| K::ALL[Self::kind_of(p)])
    }

    /// Toggles piece code `piece` on `sq` in the bitboards and the hash;
    /// the caller keeps the mailbox.
    #[inline(always)]
    pub fn toggle(&mut self, piece: u8, sq: usize) {
        let bit = Bits::<K>::bit(sq as u32);
        self.colors[Self::color_of(piece)] ^= bit;
        self.kinds[Self::kind_of(piece)] ^= bit;
        self.hash ^= Self::piece_key(piece, sq);
    }

    /// Puts `piece` on the empty cell `sq`.
    #[inline(always)]
    pub fn put(&mut self, sq: usize, piece: u8) {
        self.toggle(piece, sq);
        self.mailbox[sq] = piece;
    }

    /// Takes `piece` off `sq`.
    #[inline(always)]
    pub fn remove(&mut self, sq: usize, piece: u8) {
        self.toggle(piece, sq);
        self.mailbox[sq] = Self::EMPTY;
    }

    /// Hands the move to the other side: the side key, and the move number
    /// after Black's move. `play` calls it once the pieces have moved.
    #[inline(always)]
    pub fn pass_turn(&mut self) {
        if self.stm == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.stm = self.stm.flip();
        self.hash ^= Self::side_key();
    }

    /// The null move's board: the turn passes, nothing moves, the half-move
    /// clock runs on (the move number stays: no move was made). A variant
    /// with state that lapses after one ply (en passant) clears it itself.
    pub fn null(&self) -> Self
    where
        Self: Clone,
    {
        let mut p = self.clone();
        p.stm = self.stm.flip();
        p.hash ^= Self::side_key();
        p.halfmove = p.halfmove.saturating_add(1);
        p
    }

    /// The hash of the pieces and the side to move, from scratch; a variant
    /// with keys of its own adds them.
    pub fn board_hash(&self) -> u64 {
        let mut h = 0;
        for (sq, &p) in self.mailbox.iter().enumerate() {
            if p != Self::EMPTY {
                h ^= Self::piece_key(p, sq);
            }
        }
        if self.stm == Color::Black {
            h ^= Self::side_key();
        }
        h
    }

    /// The FEN letter on `sq` (uppercase for White).
    pub fn letter_at(&self, sq: Square<K::Geo>) -> Option<char> {
        let p = self.mailbox[sq.index()];
        (p != Self::EMPTY).then(|| {
            let c = K::ALL[Self::kind_of(p)].letter();
            if Self::color_of(p) == 0 {
                c.to_ascii_uppercase()
            } else {
                c
            }
        })
    }

    /// Reads a FEN's board and side-to-move fields into a board holding
    /// `extra`; returns it with the fields that follow, for the variant to
    /// read. A FEN of more than `max_fields` fields is refused first, before
    /// anything else is looked at. The hash is left for the variant to set
    /// once its own state is read.
    pub fn from_fen_head(
        fen: &str,
        max_fields: usize,
        extra: E,
    ) -> Result<(Self, Vec<&str>), FenError> {
        let f = fields(fen)?;
        if f.len() > max_fields {
            return Err(FenError::TrailingFields(f[max_fields..].join(" ")));
        }
        let mut b = Self::empty(extra);
        for (sq, c) in parse_board::<K::Geo>(f[0])? {
            let kind = K::from_letter(c.to_ascii_lowercase()).ok_or(FenError::UnknownPiece(c))?;
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            b.put(sq.index(), Self::piece(color, kind));
        }
        let stm = f.get(1).ok_or(FenError::MissingField("side to move"))?;
        b.stm = Color::from_fen(stm).ok_or_else(|| FenError::BadField {
            field: "side to move",
            value: stm.to_string(),
        })?;
        Ok((b, f[2.min(f.len())..].to_vec()))
    }

    /// Reads the half-move clock and move number (the FEN's last two fields,
    /// either may be missing).
    pub fn read_clocks(&mut self, rest: &[&str]) -> Result<(), FenError> {
        (self.halfmove, self.fullmove) = counters(rest)?;
        Ok(())
    }

    /// The FEN's board and side-to-move fields.
    pub fn fen_head(&self) -> String {
        let board = write_board::<K::Geo>(|sq| self.letter_at(sq));
        format!("{board} {}", self.stm.fen_char())
    }

    /// The FEN's last two fields, the clocks.
    pub fn fen_clocks(&self) -> String {
        format!("{} {}", self.halfmove, self.fullmove)
    }
}

/// The contract items that read straight off the board, for an
/// `impl Position` block: `side_to_move`, `hash`, `halfmove_clock`,
/// `piece_char`, `format_move` (the move's `Debug` form) and `pieces` (the
/// variant's `pieces::PIECES`). `board_position_items!(board_hash)` also
/// writes `recompute_hash` for a variant whose hash has no keys of its own.
macro_rules! board_position_items {
    (board_hash) => {
        fn recompute_hash(&self) -> u64 {
            self.board_hash()
        }

        board_position_items!();
    };
    () => {
        fn side_to_move(&self) -> $crate::geometry::Color {
            self.stm
        }

        fn hash(&self) -> u64 {
            self.hash
        }

        fn halfmove_clock(&self) -> u32 {
            self.halfmove as u32
        }

        fn piece_char(&self, sq: $crate::geometry::Square<Self::Geo>) -> Option<char> {
            self.letter_at(sq)
        }

        fn format_move(&self, m: Self::Move) -> String {
            format!("{m:?}")
        }

        fn pieces() -> &'static [$crate::rules::PieceInfo] {
            pieces::PIECES
        }
    };
}
pub(crate) use board_position_items;

/// Positions print as their variant's name and FEN.
impl<K: PieceKind, E, const KINDS: usize, const CELLS: usize> Debug for Board<K, E, KINDS, CELLS>
where
    Self: super::Position,
{
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        use super::Position;
        write!(f, "{}({})", Self::NAME, self.to_fen())
    }
}
