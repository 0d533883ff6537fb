//! Weights of the `chess` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune chess --data data/r5-chess.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --lr-end 0.2 --batch 4096 --k 0.003724 --freeze MATERIAL,CENTRE,PAWN_RANK,CENTRE_PAWN,KING_HOME,KING_CORNER,SEVENTH,MOBILITY,BISHOP_PAIR,PASSED,DOUBLED,ISOLATED,ROOK_OPEN,ROOK_SEMI_OPEN,SHIELD,TEMPO,THREAT_PAWN,THREAT_MINOR,HANGING,PUSH_THREAT,PASSER_OWN_KING,PASSER_THEIR_KING,BLOCKADE,MOPUP_EDGE,MOPUP_KINGS --hold-mean PST_PAWN,PST_KNIGHT,PST_BISHOP,PST_ROOK,PST_QUEEN,PST_KING`
//! from data/r5-chess.txt (1683692 lines, FNV-1a 33020db8fe475b3e);
//! 1683692 positions used (1515943 for training, 167749 held out), 0 skipped as decided or unresolvable;
//! K = 0.003724; held-out loss 0.034717 with the weights before, 0.034212 with these.

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
    0, 0, 0, 0, 0, 0, 0, 0, -6, 7, 2, 7, 7, 3, -9, 4, 2, -8, -2, -5, 3, 2, 3, -5, -6, 3, -12, 1, 4, 6, 1, -10,
    0, 2, 8, -2, 9, 5, 5, -10, 8, -10, -19, -4, -25, 6, -4, -12, -4, -17, -109, 50, -110, 43, -63, 41, 0, 0, 0, 0, 0, 0, 0, 0,
    // PST_KNIGHT
    -39, -47, -11, -14, 7, -25, 34, -14, -15, -3, -6, -29, 3, 6, 13, 0, -6, -7, 9, 1, -7, -4, 7, 4, 14, 9, 18, -8, 13, 7, 5, -3,
    30, 3, 22, 4, 8, 28, 20, 9, 7, -8, 14, 15, 25, 9, 31, 18, 27, -21, -37, 12, 5, 27, 10, 26, -22, -53, -67, 12, -44, 12, 30, 4,
    // PST_BISHOP
    -34, -12, -13, -10, -6, -10, -10, -10, 19, -14, 14, -4, -9, -9, 6, -8, 8, -10, -1, -1, 5, 1, -2, 10, 16, -32, -30, 25, 3, 10, 16, 10,
    -2, 2, 16, 16, 9, 8, 8, 20, 2, -26, -6, -7, 5, 16, -6, 17, 5, -2, 11, 6, -23, 8, 17, -7, 26, 4, -48, -17, -51, 6, -22, 7,
    // PST_ROOK
    -5, -6, 1, -2, 26, -9, 24, -14, -14, -17, 1, 0, -5, -2, 3, -17, -19, -7, -7, -1, -4, 4, -5, -8, -19, 13, -2, 10, 3, 5, 1, 4,
    -2, 10, 0, 23, 30, 2, 43, -7, 1, 20, 24, 9, 12, 16, 38, 4, -21, 15, -33, 22, -29, 24, -31, 27, 72, -10, 26, 8, 12, 30, -5, 34,
    // PST_QUEEN
    -5, -112, -26, -21, -5, -20, 5, -63, -12, -10, -6, -32, 15, -61, 10, -44, 0, 29, 5, 3, -13, 11, -9, -27, -5, -1, -34, 58, -14, 23, -8, 5,
    -5, 49, -11, 65, -19, 59, -17, 60, -6, 50, 16, 5, 3, 54, 6, 51, 7, 51, -19, 35, -2, 50, -41, 76, 14, 2, 8, 32, 28, 58, -11, 129,
    // PST_KING
    -22, -2, 2, -5, -10, 3, -3, 0, 9, 3, 45, -14, 14, -5, 6, -3, -5, 0, 39, -10, -30, 12, -13, 3, -44, -12, -3, -3, -7, 8, 6, 0,
    64, -30, 34, -1, 47, 15, 52, 1, -157, 67, -11, 57, -37, 52, 61, 12, -47, 9, 22, 58, 9, 71, 60, -12, 177, -120, 65, 14, 50, 32, 96, -55,
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
