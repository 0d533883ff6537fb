//! Weights of the `chess` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune chess --data data/r1-chess.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-chess.txt (251672 lines, FNV-1a 9eaf6e5e6f9e4750);
//! 251672 positions used (227007 for training, 24665 held out), 0 skipped as decided or unresolvable;
//! K = 0.003892; held-out loss 0.032616 with the weights before, 0.031212 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 135] = [
    // MATERIAL
    90, 135, 395, 313, 407, 349, 498, 643, 1222, 1163, 0, 0,
    // CENTRE
    3, -9, 11, 22, 5, 10, 0, 4, 1, 24, -28, 8,
    // PAWN_RANK
    0, 0, 2, 9, 5, 8, -2, 0, -7, 24, 18, 71, 125, 83, 0, 0,
    // CENTRE_PAWN
    27, 18,
    // KING_HOME
    26, -35,
    // KING_CORNER
    31, -3,
    // SEVENTH
    109, -28,
    // MOBILITY
    0, 0, 11, -3, 7, 6, 3, 6, 7, 10, 0, 0,
    // BISHOP_PAIR
    30, 94,
    // PASSED
    0, 0, 16, 12, -1, 38, 48, 58, 83, 96, 119, 116, 150, 133, 0, 0,
    // DOUBLED
    -8, -19,
    // ISOLATED
    -4, -16,
    // ROOK_OPEN
    66, -20,
    // ROOK_SEMI_OPEN
    20, 21,
    // SHIELD
    13, 4,
    // TEMPO
    12,
    // THREAT_PAWN
    53, 5,
    // THREAT_MINOR
    51, -2,
    // HANGING
    21, 38, 26, 44, 18, 9, 19, 19,
    // PUSH_THREAT
    10, 10,
    // PASSER_OWN_KING
    -2, -6,
    // PASSER_THEIR_KING
    -5, 9,
    // BLOCKADE
    -19, -25,
    // MOPUP_EDGE
    10,
    // MOPUP_KINGS
    4,
    // MOBILITY_BASE
    0, 4, 6, 6, 12, 0,
    // KING_ATTACK
    0, 2, 2, 3, 5, 0,
    // KING_DANGER_DIVISOR
    8,
    // KING_DANGER_CAP
    400,
    // PHASE
    0, 1, 1, 2, 4, 0,
    // SCALE_NO_WIN
    0,
    // SCALE_PAWNLESS_SMALL_LEAD
    12,
    // SCALE_OPPOSITE_BISHOPS
    24,
    // SCALE_OPPOSITE_BISHOPS_PIECES
    48,
];
