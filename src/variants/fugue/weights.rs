//! Weights of the `fugue` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune fugue --data data/r3-fugue.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --lr-end 0.2 --batch 4096 --k 0.001104`
//! from data/r3-fugue.txt (1002964 lines, FNV-1a 893c03ec7cdbaa5d);
//! 1002964 positions used (903016 for training, 99948 held out), 0 skipped as decided or unresolvable;
//! K = 0.001104; held-out loss 0.057813 with the weights before, 0.056530 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 66] = [
    // MATERIAL
    161, 326, 1660, 1712, 0, 0, 1507, 2171, 1340, 1613, 1437, 1630, 1255, 465, 918, 1207, 478, 528,
    // CENTRE
    -2, 1, -75, 75, -6, 29, -5, -58, 9,
    // PAWN_ADVANCE
    90,
    // MOBILITY
    3,
    // FROZEN
    -29, 616, 61, 375, 402, 567, 48, 197, 22,
    // SHIELDED
    40,
    // KING_REACH
    21, -4, 21, 32, 26, 69,
    // KING_FREE
    44, 95, 73,
    // HANGING
    -14, -207, -65, -187, -163, -133, -206, -100, -3,
    // PHASE
    0, 4, 0, 4, 2, 2, 1, 2, 1,
];
