//! Fugue evaluation: material, piece-square terms (centralisation, pawn
//! advance, and a learned correction per cell, tuned with its average held
//! at zero by `tune --hold-mean` so that it says which cells are better,
//! not what a piece is worth), mobility, the immobilizer's grip, king safety
//! and hanging pieces. Every number is a weight in [`WEIGHTS`] (`weights.rs`,
//! written by `menagerie tune`), laid out below; material and the cell
//! corrections are tapered by phase.
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

use super::tables::{adjacent, shift, spotted, DIRS, TABLES};
use super::{Fugue, FugueMove, Kind, MoveKind, KINDS};
use crate::rules::weights::{
    cell_table, folded_cell, side_total, trace_of, Accumulate, CellSum, Group, Trace,
};
use crate::rules::{Evaluate, Exchange, MoveKey, Position, Tunable, ROYAL_VALUE};
use once_cell::sync::Lazy;

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
    // Per empty cell next to the enemy king a piece can move to, per kind:
    // queen, immobilizer, pushme-pullyu, archer, long leaper, swapper
    // (`Fugue::threats`).
    KING_REACH: 6,
    // The king has 0, 1 or 2 empty neighbours.
    KING_FREE: 3,
    // Per own piece the enemy could capture at once and no own piece could
    // take back, per kind (the king: capturable at all).
    HANGING: 9,
    // Cell corrections, per kind: a pair for each of the 32 cells of the
    // board folded onto its left half (files a-d, rank by rank from the
    // owner's first), added to the shape terms above. Learned from data (a
    // centralisation step cannot say where an archer or a long leaper works
    // best); folded so that each weight learns from both wings (each side's
    // array is the other's turned half round, so neither wing is a king's
    // side).
    PST_PAWN: 64,
    PST_QUEEN: 64,
    PST_KING: 64,
    PST_IMMOBILIZER: 64,
    PST_PUSHME_PULLYU: 64,
    PST_ARCHER: 64,
    PST_SHIELD: 64,
    PST_LONG_LEAPER: 64,
    PST_SWAPPER: 64,
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

/// The weight pair of [`PST_PAWN`]'s layout for a `kind` of colour `C` on
/// `sq`: the rank counted from its owner's side, the file folded onto the
/// left half (a-d), 4 cells a rank.
const fn pst_index<const C: usize>(kind: usize, sq: usize) -> usize {
    PST_PAWN + 64 * kind + 2 * folded_cell(sq, 8, 8, C == 0)
}

/// The terms of colour `C`'s `kind` on `sq` that read nothing else:
/// centralisation, the learned cell correction and a pawn's advance. Summed
/// once into [`CELL_SUMS`].
#[inline(always)]
fn cell_terms<A: Accumulate, const C: usize>(kind: usize, sq: usize, acc: &mut A) {
    let sign = 1 - 2 * C as i32;
    acc.flat(CENTRE + kind, sign * centrality(sq));
    acc.pair(pst_index::<C>(kind, sq), sign);
    if kind == PAWN {
        let advance = if C == 0 { sq / 8 } else { 7 - sq / 8 } as i32;
        acc.flat(PAWN_ADVANCE, sign * (advance - 1).max(0));
    }
}

/// [`cell_terms`] with the compiled weights, `[colour][kind][cell]`: what
/// the search adds per piece (a trace runs the terms themselves).
static CELL_SUMS: Lazy<[[[CellSum; 64]; KINDS]; 2]> = Lazy::new(|| {
    cell_table(&WEIGHTS, |color, kind, sq, sum| match color {
        0 => cell_terms::<_, 0>(kind, sq, sum),
        _ => cell_terms::<_, 1>(kind, sq, sum),
    })
});

/// 0 at the edge, 3 in the centre.
fn centrality(sq: usize) -> i32 {
    let f = (sq % 8) as i32;
    let r = (sq / 8) as i32;
    f.min(7 - f).min(r.min(7 - r))
}

const PAWN: usize = Kind::Pawn as usize;
const QUEEN: usize = Kind::Queen as usize;
const KING: usize = Kind::King as usize;
/// A kind without a `KING_REACH` weight.
const NO_SLOT: usize = usize::MAX;
/// The `KING_REACH` weight of each kind: the pieces that slide like a queen
/// and can hurt a king they come next to (the shield cannot).
const REACH_SLOT: [usize; KINDS] = [NO_SLOT, 0, NO_SLOT, 1, 2, 3, NO_SLOT, 4, 5];

/// What one side's pieces could capture at once, and which of its own
/// pieces they cover (see [`Fugue::threats`]).
struct Cover {
    /// Enemy pieces some piece of this side could capture with one move.
    threats: u64,
    /// Own pieces an own queen, king, pawn or archer could take back on.
    defended: u64,
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
        let white = self.side_terms::<A, 0>(acc);
        let black = self.side_terms::<A, 1>(acc);
        self.hanging::<A, 0>(acc, black.threats, white.defended);
        self.hanging::<A, 1>(acc, white.threats, black.defended);
        phase.min(PHASE_MAX)
    }

    /// Centralisation, the grip, mobility, advance, shields and king safety
    /// of colour `C`; returns what its pieces threaten and cover.
    ///
    /// King safety: the game is lost when the king is captured (F12) and
    /// there is no check to warn (F1), so the danger is the enemy pieces
    /// that can come next to it:
    /// - `KING_REACH[slot]`: per piece of this side, the empty cells next to
    ///   the enemy king it can move to now (a queen arriving there threatens
    ///   to take the king, an immobilizer to freeze it, F2; a pushme-pullyu
    ///   takes it by approach on its way there, F5). Frozen pieces reach
    ///   nothing. The king being capturable at once is `HANGING[king]`, a
    ///   frozen king `FROZEN[king]`.
    /// - `KING_FREE[n]`: this side's king has exactly `n` (0, 1 or 2) empty
    ///   neighbours: a boxed-in king cannot step out of a threat.
    #[inline(always)]
    fn side_terms<A: Accumulate, const C: usize>(&self, acc: &mut A) -> Cover {
        let t = &*TABLES;
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
        // F10: the enemies we may capture are those away from their shield.
        let prey = enemy & !adjacent(shield & enemy);
        let king_ring = |king: u64| match king {
            0 => 0, // taken (F12): the game is over
            k => t.king[k.trailing_zeros() as usize],
        };
        let enemy_ring = king_ring(self.kinds[KING] & enemy);
        let free = (king_ring(self.kinds[KING] & own) & !occ).count_ones() as usize;
        if free < 3 {
            acc.flat(KING_FREE + free, sign);
        }
        let cell_sums = &*CELL_SUMS;
        let mut cover = Cover {
            threats: 0,
            defended: 0,
        };
        let mut pieces = own;
        while pieces != 0 {
            let sq = pieces.trailing_zeros() as usize;
            pieces &= pieces - 1;
            let kind = self.mailbox[sq] as usize % KINDS;
            acc.cell(&cell_sums[C][kind][sq], |acc| {
                cell_terms::<A, C>(kind, sq, acc)
            });
            if frozen & 1 << sq != 0 {
                acc.flat(FROZEN + kind, -sign);
            } else if kind == KING {
                cover.threats |= t.king[sq] & prey;
                cover.defended |= t.king[sq] & own;
            } else if kind != PAWN {
                let (reach, first) = t.queen(sq, occ);
                if kind != QUEEN {
                    acc.flat(MOBILITY, sign * reach.count_ones() as i32);
                }
                let near_king = reach & enemy_ring;
                if near_king != 0 && REACH_SLOT[kind] != NO_SLOT {
                    let n = near_king.count_ones() as i32;
                    acc.flat(KING_REACH + REACH_SLOT[kind], sign * n);
                }
                self.threats::<C>(kind, sq, first, prey, &mut cover);
            }
        }
        // F9: pawns capture by leaping over a neighbour onto the cell behind.
        let pawns = own & self.kinds[PAWN] & !frozen;
        if pawns != 0 {
            for d in 0..DIRS {
                let landing = shift(shift(pawns, d) & occ, d);
                cover.threats |= landing & prey;
                cover.defended |= landing & own;
            }
        }
        cover
    }

    /// The captures of colour `C`'s unfrozen `kind` (a queen-like mover) on
    /// `sq`, `first` being the first piece on each of its lines and `prey`
    /// the enemies no shield protects (F10): the enemies it could take with
    /// one move go to `cover.threats`, the own pieces it could take back on
    /// (an enemy that captured one by landing there) to `cover.defended`.
    ///
    /// The threats follow the move generator's rules exactly, with one
    /// approximation: a pushme-pullyu move that would take two pieces (one
    /// behind, one ahead) does not exist (F5), but both still count. The
    /// cover is an approximation: only the queen and the archer (a shot at
    /// the cell, within two cells only, F6) count here, the king and pawns in
    /// [`Fugue::side_terms`]; a captor's own shield is not looked at, and a
    /// capture that does not land on its victim's cell (a shot, a leap, a
    /// withdrawal or approach, a mutual destruction) cannot be taken back at
    /// all, yet the victim counts as covered.
    #[inline(always)]
    fn threats<const C: usize>(
        &self,
        kind: usize,
        sq: usize,
        first: u64,
        prey: u64,
        cover: &mut Cover,
    ) {
        let t = &*TABLES;
        let occ = self.occupied();
        let own = self.colors[C];
        match kind {
            // F3: onto the first piece of a line.
            QUEEN => {
                cover.threats |= first & prey;
                cover.defended |= first & own;
            }
            // F5: approach needs an empty cell before the first piece (not
            // adjacent); withdrawal an enemy next to it and an empty cell on
            // the other side to move away to.
            k if k == Kind::PushmePullyu as usize => {
                cover.threats |= first & prey & !t.king[sq];
                if t.king[sq] & prey != 0 {
                    for d in 0..DIRS {
                        if shift(1 << sq, d) & !occ != 0 {
                            cover.threats |= shift(1 << sq, d ^ 1) & prey;
                        }
                    }
                }
            }
            // F6: the first piece of a line, near or spotted (the spotters
            // are looked for only when a far target is there to shoot).
            k if k == Kind::Archer as usize => {
                let near = first & t.near2[sq];
                let far = first & !t.near2[sq] & prey;
                let spot = if far != 0 { spotted(own, !occ) } else { 0 };
                cover.threats |= (near | far & spot) & prey;
                cover.defended |= near & own;
            }
            // F7: the first piece of a line with an empty cell behind it.
            k if k == Kind::LongLeaper as usize => {
                let mut jumped = first & prey;
                while jumped != 0 {
                    let b = jumped.trailing_zeros() as usize;
                    jumped &= jumped - 1;
                    let (file, rank) = ((b % 8) as i32, (b / 8) as i32);
                    let beyond_file = file + (file - (sq % 8) as i32).signum();
                    let beyond_rank = rank + (rank - (sq / 8) as i32).signum();
                    let on_board = (0..8).contains(&beyond_file) && (0..8).contains(&beyond_rank);
                    if on_board && occ & 1 << (beyond_rank * 8 + beyond_file) == 0 {
                        cover.threats |= 1 << b;
                    }
                }
            }
            // F8: mutual destruction with an adjacent enemy (a swap takes nothing).
            k if k == Kind::Swapper as usize => cover.threats |= first & prey & t.king[sq],
            // F4: the immobilizer and the shield never capture.
            _ => {}
        }
    }

    /// `HANGING[kind]`: per piece of colour `C` that the enemy could capture
    /// with one move (`threats`, see [`Fugue::threats`]) and that is not
    /// `defended`: material about to be lost, whoever is to move (weights
    /// expected negative). For the king the cover does not matter: its
    /// capture ends the game (F12).
    #[inline(always)]
    fn hanging<A: Accumulate, const C: usize>(&self, acc: &mut A, threats: u64, defended: u64) {
        let sign = 1 - 2 * C as i32;
        let mut loose = threats & (!defended | self.kinds[KING]);
        while loose != 0 {
            let sq = loose.trailing_zeros() as usize;
            loose &= loose - 1;
            acc.flat(HANGING + self.mailbox[sq] as usize % KINDS, sign);
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
    /// Off, measured in games (docs/strength.md, "Fugue's royal threat,
    /// asked cheaply"). Asked by generation it cost more than it saved
    /// (−58 ± 66). Asked cheaply (`threat`), on everywhere it lost
    /// −190.8 ± 147.9 in 37 games: quiescence searched every move wherever
    /// the king could be taken, 54% more nodes to the same depth. In the
    /// main search only, +22.6 ± 45.3 (200 games); with threatening moves
    /// also treated as checks, +8.7 ± 40.6; with late-move and futility
    /// pruning back on as well, −85.0 ± 65.7 (100). Nothing shown better.
    const ROYAL_THREATS: bool = false;
    /// The tuned evaluation's K is a third of chess's (a score of 300 means
    /// about what 100 means in chess): the search's margins doubled won
    /// +100 ± 68 in 100 games, and tripled won again over doubled, +66.8 ± 63.1
    /// (docs/strength.md, "Search margins in the evaluation's units" and
    /// "Fugue's search, one component at a time").
    const EVAL_SCALE_PCT: i32 = 300;
    /// No late-move pruning, and futility pruning only of the quiet moves the
    /// late-move reduction leaves no depth (reduced depth 0: `futility_max_depth`
    /// 0). The reason first guessed, that without check the quiet move that
    /// saves the king looks like any other and is pruned, is not the whole
    /// story: with the royal-threat hook on in the main search (threatened
    /// nodes not pruned, threatening moves treated as checks), putting both
    /// back still lost −85.0 ± 65.7 in 100 games. Measured against the
    /// table before (docs/strength.md, "Fugue's
    /// search, one component at a time"): each alone scored +45.4 ± 64.9 and
    /// +74.1 ± 71.7 (100 games each), both with the margins tripled +149.3 ±
    /// 49.3 (200 games). And no ProbCut: −38.4 ± 68.7 over 100 games
    /// (docs/strength.md, "ProbCut"); a capture that looks winning by
    /// exchange proves little where the king can be taken without check.
    /// Nor LMR's terms from the table (less reduction at nodes once on a
    /// principal variation, more for quiet moves behind a noisy hash move):
    /// −31.4 ± 66.4 over 100 games (docs/strength.md, "Reductions that
    /// read the table"), not significant but leaning the wrong way.
    /// Nor the four refinements chess gained from together (more reduction
    /// where children keep failing high, a history bonus for the move that
    /// made a node fail low, cut-off scores pulled towards beta, quiescence
    /// standing pat on a table bound): −66.8 ± 63.9 over 100 games, the
    /// interval below zero (docs/strength.md, "Four refinements").
    const SEARCH_PARAMS: &'static [(&'static str, i32)] = &[
        ("lmp_max_depth", 0),
        ("futility_max_depth", 0),
        ("probcut_min_depth", 64),
        ("lmr_tt_pv", 0),
        ("lmr_tt_noisy", 0),
        ("lmr_cutoffs", 0),
        ("fail_low_bonus_pct", 0),
        ("fail_high_blend", 0),
        ("qs_tt_stand_pat", 0),
    ];

    /// The king can simply be taken (F12): the opponent, moving now, has a
    /// capture whose victim is our king (`threat`: asked backwards from the
    /// king's cell, not by generating).
    fn royal_threatened(&self) -> bool {
        super::threat::king_capturable(self)
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

    /// The same position upside down with the colours swapped (the rules
    /// are symmetric that way).
    fn flipped(fen: &str) -> Fugue {
        let (board, side) = crate::rules::fen::colours_swapped(fen, false);
        let f: Vec<&str> = fen.split(' ').collect();
        Fugue::from_fen(&format!("{board} {side} {} {}", f[2], f[3])).unwrap()
    }

    /// The coefficients of `expect` in the position and their opposites in
    /// the flipped one; the other new weights have none.
    fn check(fen: &str, expect: &[(usize, (i32, i32, i32))]) {
        let pos = Fugue::from_fen(fen).unwrap();
        let new = KING_REACH..HANGING + KINDS;
        crate::rules::weights::check_coefficients(&pos, &flipped(fen), new, expect);
    }

    const SWAPPER: usize = Kind::Swapper as usize;
    const ARCHER: usize = Kind::Archer as usize;
    const IMMOBILIZER: usize = Kind::Immobilizer as usize;

    /// An archer on c3 and one on f3 read the same cell pair (the board
    /// folded onto its left half), a black one on c6 reads it too (from its
    /// own side), with the opposite sign; each kind has its own.
    #[test]
    fn cell_pairs_fold_the_wings_and_mirror_the_colours() {
        let c3 = pst_index::<0>(ARCHER, 2 * 8 + 2);
        assert_eq!(pst_index::<0>(ARCHER, 2 * 8 + 5), c3);
        assert_eq!(pst_index::<1>(ARCHER, 5 * 8 + 2), c3);
        assert_ne!(pst_index::<0>(SWAPPER, 2 * 8 + 2), c3);
        assert_ne!(pst_index::<0>(ARCHER, 2 * 8 + 3), c3);
        // The pair's middle-game coefficient and its end-game one (at c3 + 1).
        let pair = |fen: &str| {
            let t = Fugue::from_fen(fen).unwrap().trace();
            let coefficient = |i| crate::rules::weights::coefficient(&t, i);
            (coefficient(c3).0, coefficient(c3 + 1).1)
        };
        assert_eq!(pair("3k4/8/8/8/8/2A2A2/8/4K3 w 0 1"), (2, 2));
        assert_eq!(pair("3k4/8/2a5/8/8/8/8/4K3 w 0 1"), (-1, -1));
        assert_eq!(pair("3k4/8/2a5/8/8/2A5/8/4K3 w 0 1"), (0, 0));
        for kind in 0..KINDS {
            for sq in 0..64 {
                assert!((PST_PAWN..PHASE).contains(&pst_index::<0>(kind, sq)));
                assert!((PST_PAWN..PHASE).contains(&pst_index::<1>(kind, sq)));
            }
        }
    }

    /// The queen on a4 reaches d7 next to the black king and can take it on
    /// e8 (F3); the swapper on h3 can destroy the pawn on g4 (F8), which the
    /// queen also attacks and nothing covers; the archer on h8 can shoot the
    /// swapper (F6: g4 spots h3), which nothing covers. White's king has two
    /// empty neighbours.
    #[test]
    fn king_reach_free_cells_and_hanging_pieces() {
        check(
            "4k2a/8/8/8/Q5p1/7W/3PPP2/4K3 w 0 1",
            &[
                (KING_REACH, (0, 0, 1)),
                (KING_FREE + 2, (0, 0, 1)),
                (HANGING + KING, (0, 0, -1)),
                (HANGING + PAWN, (0, 0, -1)),
                (HANGING + SWAPPER, (0, 0, 1)),
            ],
        );
    }

    /// The leaper on g2 can jump g7 (F7), but the king covers it; the
    /// pushme-pullyu on a3 takes a6 by approach and a2 by withdrawal (F5),
    /// and is itself protected by the shield on b4 (F10), as is the
    /// immobilizer on c4 from the archer's near shot. The immobilizer
    /// reaches g8 next to the black king, whose only empty neighbour it is;
    /// the swapper reaches d2, e2 and f2 around the white king.
    #[test]
    fn special_captures_and_shields() {
        check(
            "7k/6pp/a7/8/1SI5/U7/w5L1/4K3 w 0 1",
            &[
                (KING_REACH + 1, (0, 0, 1)),
                (KING_REACH + 5, (0, 0, -3)),
                (KING_FREE + 1, (0, 0, -1)),
                (HANGING + ARCHER, (0, 0, -1)),
                (HANGING + SWAPPER, (0, 0, -1)),
            ],
        );
    }

    /// The black queen on d5 attacks the pawn on d2, the immobilizer on h1
    /// and a2 next to the white king; frozen by the immobilizer on c4 (F2) it
    /// does nothing; a shield on c1 protects d2 (F10).
    #[test]
    fn frozen_pieces_threaten_nothing() {
        check("k7/8/8/3q4/2I5/8/3P4/K7 w 0 1", &[]);
        check(
            "k7/8/8/3q4/8/8/3P4/K6I w 0 1",
            &[
                (KING_REACH, (0, 0, -1)),
                (HANGING + PAWN, (0, 0, 1)),
                (HANGING + IMMOBILIZER, (0, 0, 1)),
            ],
        );
        check(
            "k7/8/8/3q4/8/8/3P4/K1S4I w 0 1",
            &[(KING_REACH, (0, 0, -1)), (HANGING + IMMOBILIZER, (0, 0, 1))],
        );
    }

    #[test]
    fn trace_equals_evaluation() {
        crate::rules::weights::check_trace::<Fugue>(40, 120);
    }
}
