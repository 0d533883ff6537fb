//! Weights of the `chess` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by hand: the values before any tuning (the former `PARAMS`).

#[rustfmt::skip]
pub const WEIGHTS: [i32; 131] = [
    // MATERIAL
    90, 120, 330, 300, 340, 320, 480, 540, 980, 1000, 0, 0,
    // CENTRE
    0, 0, 10, 8, 5, 5, 2, 2, 2, 6, -12, 14,
    // PAWN_RANK
    0, 0, 0, 0, 2, 4, 6, 10, 12, 22, 20, 40, 30, 60, 0, 0,
    // CENTRE_PAWN
    10, 0,
    // KING_HOME
    20, 0,
    // KING_CORNER
    15, 0,
    // SEVENTH
    20, 25,
    // MOBILITY
    0, 0, 4, 4, 5, 5, 3, 5, 2, 3, 0, 0,
    // BISHOP_PAIR
    30, 50,
    // PASSED
    0, 0, 5, 10, 5, 15, 10, 25, 20, 45, 35, 75, 55, 110, 0, 0,
    // DOUBLED
    -10, -20,
    // ISOLATED
    -12, -12,
    // ROOK_OPEN
    25, 10,
    // ROOK_SEMI_OPEN
    12, 6,
    // SHIELD
    10, 0,
    // TEMPO
    12,
    // THREAT_PAWN
    0, 0,
    // THREAT_MINOR
    0, 0,
    // HANGING
    0, 0, 0, 0, 0, 0, 0, 0,
    // PUSH_THREAT
    0, 0,
    // PASSER_OWN_KING
    0, 0,
    // PASSER_THEIR_KING
    0, 0,
    // BLOCKADE
    0, 0,
    // MOPUP_EDGE
    0,
    // MOPUP_KINGS
    0,
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
];
