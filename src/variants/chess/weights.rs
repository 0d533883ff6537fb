//! Weights of the `chess` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune chess --data data/r1-chess.txt data/r2-chess.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-chess.txt (251672 lines, FNV-1a 9eaf6e5e6f9e4750);
//! from data/r2-chess.txt (556800 lines, FNV-1a 4e2a7d6060ca27f7);
//! 808472 positions used (727811 for training, 80661 held out), 0 skipped as decided or unresolvable;
//! K = 0.003724; held-out loss 0.031985 with the weights before, 0.031236 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 519] = [
    // MATERIAL
    81, 153, 394, 426, 416, 471, 498, 827, 1312, 1474, 0, 0,
    // CENTRE
    6, -13, 12, 23, 5, 6, -3, 2, -4, 22, -33, 12,
    // PAWN_RANK
    0, 0, -1, 10, 1, 17, -1, 7, -7, 21, 21, 67, 125, 112, 0, 0,
    // CENTRE_PAWN
    19, 22,
    // KING_HOME
    25, -37,
    // KING_CORNER
    44, 3,
    // SEVENTH
    80, -15,
    // PST_PAWN
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_KNIGHT
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_BISHOP
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_ROOK
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_QUEEN
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_KING
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // MOBILITY
    0, 0, 12, 0, 7, 4, 8, 8, 7, 12, 0, 0,
    // BISHOP_PAIR
    34, 97,
    // PASSED
    0, 0, 16, 13, 0, 46, 45, 86, 73, 130, 143, 153, 150, 162, 0, 0,
    // DOUBLED
    -16, -14,
    // ISOLATED
    -12, -23,
    // ROOK_OPEN
    67, -8,
    // ROOK_SEMI_OPEN
    12, 20,
    // SHIELD
    22, -3,
    // TEMPO
    17,
    // THREAT_PAWN
    71, 25,
    // THREAT_MINOR
    61, 20,
    // HANGING
    11, 65, 37, 53, 25, 23, 12, 17,
    // PUSH_THREAT
    17, 18,
    // PASSER_OWN_KING
    -1, -10,
    // PASSER_THEIR_KING
    -4, 17,
    // BLOCKADE
    -8, -65,
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
