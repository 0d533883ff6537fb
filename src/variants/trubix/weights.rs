//! Weights of the `trubix` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by hand: the values before any tuning (the former `PARAMS`).

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    100, 100, 250, 250, 450, 450, 900, 900, 0, 0,
    // CENTRE
    4, 8, 6, 2, -6,
    // MOBILITY
    0, 4, 3, 2, 0,
    // WOOZAN_ADVANCE
    6,
    // KING_ATTACKS
    0, 0, 0, 0,
    // KING_SHELTER
    0, 0, 0, 0,
    // KING_FREE
    0, 0, 0,
    // WOOZAN_PROMOTION
    0, 0, 0, 0, 0, 0,
    // WOOZAN_BLOCKED
    0, 0,
    // WOOZAN_QUEEN
    0, 0,
    // MOVE_CLOCK
    0, 0,
    // PHASE
    0, 1, 2, 4, 0,
];
