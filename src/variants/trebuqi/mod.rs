//! Trebuqi (Charles Gilman, 2007): Xiang Qi on the 91-cell hexagon, with two
//! Generals a side and two Rivers, as `docs/rules/trebuqi.md` rules it.
//!
//! One type, [`Trebuqi<RULE>`], serves the three victory rules; the rule is a
//! const parameter, so the only places it is looked at (which Generals are
//! royal, rule 3's draw) compile to constants:
//! - [`Trebuqi1`] `trebuqi` (Q4): every General is royal;
//! - [`Trebuqi2`] `trebuqi2` (Q5): a General is royal only when it is its
//!   side's only one; while a side has two, either may be left attacked and
//!   captured;
//! - [`Trebuqi3`] `trebuqi3` (Q6): as rule 2, and drawn as soon as each side has
//!   fewer than two Generals.
//!
//! A side with no General left has lost, in all three rules (rule 3's draw is
//! checked first). Legal play never gets there (a lone General is royal, so it
//! can never be captured; under rule 1 no General ever is), but a FEN may give
//! a side no General, and we decide it per Q5's "capturing one General and
//! checkmating the second": with none left, the victory is complete. If neither
//! side has one the game is drawn.
//!
//! The position keeps raw `u128` sets per colour and per kind on the 11×11 grid
//! (ruling Q2) plus a mailbox; `play` copies it and updates the Zobrist key
//! incrementally.

mod diagram;
pub mod eval;
mod movegen;
mod pieces;
#[cfg(test)]
mod slow;
mod tables;
#[cfg(test)]
mod tests;

use crate::geometry::{Color, Hex91, Square};
use crate::rules::board::{board_position_items, piece_kinds};
use crate::rules::zobrist;
use crate::rules::{
    Board, Effects, FenError, GameMove, GenKind, MoveSink, Outcome, Position, Repetition,
};
use tables::{bit, BOX, TABLES};

type Sq = Square<Hex91>;

/// Zobrist layout: 12 × 121 piece keys, then the side-to-move key.
const KEYS: [u64; 12 * BOX + 1] = zobrist::keys(0x7EB0_0000_0000_0091);
const SIDE_KEY: usize = 12 * BOX;

piece_kinds! {
    /// Piece kinds, in FEN letter order `p t v c r g`.
    pub enum Kind on Hex91, keys KEYS, side SIDE_KEY {
        Point = 'p',
        Trebuchet = 't',
        Vicbaba = 'v',
        Cannon = 'c',
        Rook = 'r',
        General = 'g',
    }
}

/// Mailbox entry for an empty cell (pieces are `color * 6 + kind`).
const EMPTY: u8 = Trebuqi1::EMPTY;

#[inline(always)]
fn piece_key(piece: usize, sq: usize) -> u64 {
    KEYS[piece * BOX + sq]
}

/// A move: from-cell and to-cell grid indices (7 bits each). No move needs more:
/// captures are read from the board, and Points never promote.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TrebuqiMove(u16);

impl TrebuqiMove {
    #[inline(always)]
    const fn new(from: usize, to: usize) -> Self {
        TrebuqiMove(from as u16 | (to as u16) << 7)
    }
    #[inline(always)]
    pub const fn from(self) -> usize {
        (self.0 & 127) as usize
    }
    #[inline(always)]
    pub const fn to(self) -> usize {
        ((self.0 >> 7) & 127) as usize
    }
}

fn sq_name(i: usize) -> String {
    Sq::from_index(i).map_or_else(|| "??".to_string(), |s| s.name())
}

impl core::fmt::Debug for TrebuqiMove {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}{}", sq_name(self.from()), sq_name(self.to()))
    }
}

impl GameMove for TrebuqiMove {
    fn pack(self) -> u32 {
        self.0 as u32 | 1 << 14
    }
    fn unpack(bits: u32) -> Option<Self> {
        let m = TrebuqiMove(bits as u16 & 0x3FFF);
        let ok = bits >> 14 == 1
            && Sq::from_index(m.from()).is_some()
            && Sq::from_index(m.to()).is_some();
        ok.then_some(m)
    }
}

/// The victory rule a position plays under, as a type: the only state a
/// Trebuqi position has besides its pieces, and it takes no space.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Rule<const RULE: u8>;

/// A Trebuqi position under victory rule `RULE` (1, 2 or 3).
pub type Trebuqi<const RULE: u8> = Board<Kind, Rule<RULE>, 6, BOX>;

/// `trebuqi`: victory rule 1, checkmating one General (Q4).
pub type Trebuqi1 = Trebuqi<1>;
/// `trebuqi2`: victory rule 2, capturing one General and checkmating the second (Q5).
pub type Trebuqi2 = Trebuqi<2>;
/// `trebuqi3`: victory rule 3, as rule 2 and drawn once each side has lost a General (Q6).
pub type Trebuqi3 = Trebuqi<3>;

/// The start array of ruling Q1.
const START: &str = "*****rtggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** w - - 0 1";

impl<const RULE: u8> Trebuqi<RULE> {
    /// How many Generals `color` has.
    #[inline(always)]
    pub fn generals(&self, color: Color) -> u32 {
        self.pieces(color, Kind::General).count_ones()
    }

    /// Whether `color`'s Generals are royal (must not be left attacked):
    /// always under rule 1 (Q4); under rules 2 and 3 only a lone General (Q5, Q9).
    #[inline(always)]
    fn royal(&self, color: Color) -> bool {
        RULE == 1 || self.generals(color) == 1
    }

    /// Whether some piece of `by` attacks cell `sq` with occupancy `occ` (Q9:
    /// it could capture there by its own movement; pins and facing do not
    /// matter). Trebuchets and Generals are not looked at: a Trebuchet never
    /// crosses its far River and a General never its near one, so neither can
    /// reach a cell where an enemy General may stand.
    fn attacked(&self, sq: usize, occ: u128, by: Color) -> bool {
        let t = &**TABLES;
        let them = self.colors[by.index()];
        let k = &self.kinds;
        if t.diag[sq] & k[Kind::Vicbaba as usize] & them != 0
            || t.point_attackers[by.index()][sq] & k[Kind::Point as usize] & them != 0
        {
            return true;
        }
        let rooks = k[Kind::Rook as usize] & them;
        let cannons = k[Kind::Cannon as usize] & them;
        let vic_far = k[Kind::Vicbaba as usize] & them & t.orth2[sq];
        for d in 0..6 {
            let hits = t.ray[sq][d] & occ;
            if hits == 0 {
                continue;
            }
            let b = tables::first(hits, d);
            if bit(b) & (rooks | vic_far) != 0 {
                return true;
            }
            let beyond = t.ray[b][d] & occ;
            if beyond != 0 && bit(tables::first(beyond, d)) & cannons != 0 {
                return true;
            }
        }
        false
    }

    /// Whether a General of `color` faces an enemy General (Q3): both on one
    /// orthogonal line with no piece between.
    #[cfg(test)]
    fn facing(&self, color: Color) -> bool {
        let t = &**TABLES;
        let theirs = self.pieces(color.flip(), Kind::General);
        let occ = self.occupied();
        let mut gens = self.pieces(color, Kind::General);
        while gens != 0 {
            let g = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            if t.rook(g, occ) & theirs != 0 {
                return true;
            }
        }
        false
    }

    /// Whether a royal General of `color` is attacked.
    fn royal_attacked(&self, color: Color) -> bool {
        if !self.royal(color) {
            return false;
        }
        let occ = self.occupied();
        let mut gens = self.pieces(color, Kind::General);
        while gens != 0 {
            let g = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            if self.attacked(g, occ, color.flip()) {
                return true;
            }
        }
        false
    }

    fn validate(&self) -> Result<(), FenError> {
        use tables::{BEHIND_POINT_START, GENERAL_ZONE, TREBUCHET_ZONE};
        for color in Color::ALL {
            let c = color.index();
            let n = self.generals(color);
            if n > 2 {
                return Err(FenError::RoyalCount {
                    side: color.name(),
                    found: n,
                    expected: "at most 2 generals",
                });
            }
            let side = color.name();
            let outside = |kind: Kind, zone: u128| {
                let bad = self.pieces(color, kind) & !zone;
                (bad != 0).then(|| sq_name(bad.trailing_zeros() as usize))
            };
            if let Some(s) = outside(Kind::General, GENERAL_ZONE[c]) {
                return Err(FenError::Illegal(format!(
                    "{side}'s general on {s} is outside its own area (it never crosses its near River)"
                )));
            }
            if let Some(s) = outside(Kind::Trebuchet, TREBUCHET_ZONE[c]) {
                return Err(FenError::Illegal(format!(
                    "{side}'s trebuchet on {s} is past its far River"
                )));
            }
            if let Some(s) = outside(Kind::Point, !BEHIND_POINT_START[c]) {
                return Err(FenError::Illegal(format!(
                    "{side}'s point on {s} is behind its start rank (points never move back)"
                )));
            }
            // Most cells each piece could ever reach: Rook and Cannon 30 (ten per
            // line), Vicbaba 12, Trebuchet 6, Point 4, General 6. The start array
            // totals 188; only a FEN with absurd material could overflow the move
            // list, and it is refused rather than allowed to panic later.
            let reach: u32 = [(Kind::Point, 4), (Kind::Trebuchet, 6), (Kind::Vicbaba, 12)]
                .into_iter()
                .chain([(Kind::Cannon, 30), (Kind::Rook, 30), (Kind::General, 6)])
                .map(|(k, r)| r * self.pieces(color, k).count_ones())
                .sum();
            if reach as usize > crate::rules::MAX_MOVES {
                return Err(FenError::Illegal(format!(
                    "{side} has more pieces than a move list can hold"
                )));
            }
        }
        Ok(())
    }
}

impl<const RULE: u8> Position for Trebuqi<RULE> {
    type Geo = Hex91;
    type Move = TrebuqiMove;
    const NAME: &'static str = match RULE {
        1 => "trebuqi",
        2 => "trebuqi2",
        _ => "trebuqi3",
    };
    const START_FEN: &'static str = START;
    const REPETITION: Repetition = Repetition::Draw;
    /// Q8: 100 half-moves in a row without a capture.
    const MOVE_RULE: Option<u32> = Some(100);
    const HAS_CHECK: bool = true;
    /// No legal move loses here (Q7), so passing is never better than every
    /// move in the way a chess stalemate is; zugzwang is rare enough.
    const NULL_MOVE: bool = true;

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let (mut pos, f) = Self::from_fen_head(fen, 6, Rule)?;
        // Trebuqi has no castling and no en passant: those fields are always `-`.
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
        pos.read_clocks(&f[2.min(f.len())..])?;
        pos.validate()?;
        pos.hash = pos.board_hash();
        Ok(pos)
    }

    fn to_fen(&self) -> String {
        format!("{} - - {}", self.fen_head(), self.fen_clocks())
    }

    board_position_items!(board_hash);

    /// A royal General of the side to move is attacked (facing is not an attack).
    fn in_check(&self) -> bool {
        self.royal_attacked(self.stm)
    }

    fn generate_into(&self, kind: GenKind, out: &mut impl MoveSink<TrebuqiMove>) {
        if self.static_outcome().is_none() {
            movegen::generate(self, kind, out);
        }
    }

    fn is_noisy(&self, m: TrebuqiMove) -> bool {
        self.mailbox[m.to()] != EMPTY
    }

    fn play(&self, m: TrebuqiMove) -> Self {
        let mut p = *self;
        let (from, to) = (m.from(), m.to());
        let us = self.stm;
        let piece = self.mailbox[from] as usize;
        let mut hash = self.hash ^ KEYS[SIDE_KEY];
        p.halfmove = self.halfmove.saturating_add(1);
        let captured = self.mailbox[to];
        if captured != EMPTY {
            let ck = captured as usize % 6;
            p.colors[us.flip().index()] ^= bit(to);
            p.kinds[ck] ^= bit(to);
            hash ^= piece_key(captured as usize, to);
            // Q8: the move-count rule counts plies without a capture.
            p.halfmove = 0;
        }
        let bits = bit(from) | bit(to);
        p.colors[us.index()] ^= bits;
        p.kinds[piece % 6] ^= bits;
        p.mailbox[from] = EMPTY;
        p.mailbox[to] = piece as u8;
        hash ^= piece_key(piece, from) ^ piece_key(piece, to);
        p.stm = us.flip();
        if us == Color::Black {
            p.fullmove = p.fullmove.saturating_add(1);
        }
        p.hash = hash;
        p
    }

    fn effects(&self, m: TrebuqiMove) -> Effects<Hex91> {
        let sq = |i: usize| Sq::from_index_unchecked(i as u32);
        Effects::step(sq(m.from()), sq(m.to()), self.mailbox[m.to()] != EMPTY)
    }

    fn play_null(&self) -> Self {
        self.null()
    }

    /// Rule 3's draw (Q6, Q9: each side has fewer than two Generals), then a
    /// side with no General left (see the module doc).
    fn static_outcome(&self) -> Option<Outcome> {
        let w = self.generals(Color::White);
        let b = self.generals(Color::Black);
        if RULE == 3 && w < 2 && b < 2 {
            return Some(Outcome::Draw {
                reason: "each side has lost a general",
            });
        }
        match (w, b) {
            (0, 0) => Some(Outcome::Draw {
                reason: "no generals left",
            }),
            (0, _) => Some(Outcome::Win {
                winner: Color::Black,
                reason: "White has no general left",
            }),
            (_, 0) => Some(Outcome::Win {
                winner: Color::White,
                reason: "Black has no general left",
            }),
            _ => None,
        }
    }

    /// Q7: a side with no legal move has lost, checkmated or stalemated.
    fn no_move_outcome(&self) -> Outcome {
        Outcome::no_move_loss(self.stm, self.in_check())
    }

    /// The Rivers between ranks 4|5 and 7|8, and each side's General area
    /// (the cells `GENERAL_ZONE` allows), ruled in `docs/rules/trebuqi.md`.
    fn regions() -> crate::rules::Regions<Hex91> {
        let cells = |zone: u128| -> Vec<Sq> {
            Sq::all()
                .filter(|s| zone & tables::bit(s.index()) != 0)
                .collect()
        };
        crate::rules::Regions {
            areas: vec![
                ("White's General area", cells(tables::GENERAL_ZONE[0])),
                ("Black's General area", cells(tables::GENERAL_ZONE[1])),
            ],
            rivers_after_rows: vec![3, 6],
        }
    }

    fn diagram(&self) -> String {
        diagram::draw(self)
    }
}
