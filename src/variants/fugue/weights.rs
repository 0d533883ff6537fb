//! Weights of the `fugue` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune fugue --data data/r1-fugue.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-fugue.txt (205724 lines, FNV-1a 57d337e6bc60e07f);
//! 205724 positions used (185611 for training, 20113 held out), 0 skipped as decided or unresolvable;
//! K = 0.001266; held-out loss 0.056112 with the weights before, 0.050123 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 66] = [
    // MATERIAL
    100, 213, 1053, 1239, 0, 0, 1124, 1496, 802, 1025, 814, 1070, 673, 486, 557, 869, 335, 356,
    // CENTRE
    1, -3, -49, 35, 11, 9, -1, -29, 13,
    // PAWN_ADVANCE
    44,
    // MOBILITY
    0,
    // FROZEN
    -1, 372, 29, 375, 251, 358, 73, 129, 74,
    // SHIELDED
    20,
    // KING_REACH
    12, -3, 7, 4, 19, 31,
    // KING_FREE
    16, 75, 68,
    // HANGING
    -20, -99, -15, -105, -79, -63, -91, -37, 7,
    // PHASE
    0, 4, 0, 4, 2, 2, 1, 2, 1,
];
