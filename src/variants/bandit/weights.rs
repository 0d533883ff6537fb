//! Weights of the `bandit` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by hand: the values before any tuning (the former `PARAMS`).

#[rustfmt::skip]
pub const WEIGHTS: [i32; 65] = [
    // MATERIAL
    0, 0, 780, 780, 460, 460, 320, 320, 290, 290, 150, 150, 260, 260, 180, 180, 100, 100,
    // CENTRE
    -6, 3, 1, 4, 7, 2, 5, 3, 0,
    // MOBILITY
    0, 2, 3, 3, 4, 1, 2, 2, 0,
    // ADVANCE
    8,
    // SHELTER
    8,
    // KING_DANGER
    12,
    // TEMPO
    10,
    // OUTLAW_REACH
    0,
    // OUTLAW_THREAT
    0, 0,
    // TRICK_REACH
    0,
    // PROMOTION
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PHASE
    0, 4, 2, 1, 1, 0, 1, 1, 0,
];
