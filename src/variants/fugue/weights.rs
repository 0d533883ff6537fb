//! Weights of the `fugue` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by hand: the values before any tuning (the former `PARAMS`).

#[rustfmt::skip]
pub const WEIGHTS: [i32; 66] = [
    // MATERIAL
    120, 120, 900, 900, 0, 0, 1000, 1000, 600, 600, 550, 550, 400, 400, 500, 500, 350, 350,
    // CENTRE
    2, 4, -8, 8, 4, 3, 4, 4, 3,
    // PAWN_ADVANCE
    5,
    // MOBILITY
    2,
    // FROZEN
    45, 337, 0, 375, 225, 206, 150, 187, 131,
    // SHIELDED
    10,
    // KING_REACH
    0, 0, 0, 0, 0, 0,
    // KING_FREE
    0, 0, 0,
    // HANGING
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    // PHASE
    0, 4, 0, 4, 2, 2, 1, 2, 1,
];
