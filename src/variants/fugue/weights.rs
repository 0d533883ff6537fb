//! Weights of the `fugue` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune fugue --data data/r1-fugue.txt data/r2-fugue.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-fugue.txt (205724 lines, FNV-1a 57d337e6bc60e07f);
//! from data/r2-fugue.txt (257017 lines, FNV-1a 7a4f0a2ac3d8ff1d);
//! 462741 positions used (416831 for training, 45910 held out), 0 skipped as decided or unresolvable;
//! K = 0.001104; held-out loss 0.052781 with the weights before, 0.051305 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 66] = [
    // MATERIAL
    129, 252, 1293, 1477, 0, 0, 1280, 1739, 997, 1318, 1082, 1299, 901, 464, 673, 1030, 382, 406,
    // CENTRE
    1, 3, -54, 54, -2, 20, -5, -37, 14,
    // PAWN_ADVANCE
    65,
    // MOBILITY
    3,
    // FROZEN
    -10, 489, 54, 375, 322, 463, 68, 170, 36,
    // SHIELDED
    30,
    // KING_REACH
    10, 1, 25, 16, 13, 49,
    // KING_FREE
    33, 90, 73,
    // HANGING
    -21, -139, -30, -139, -126, -94, -126, -70, 0,
    // PHASE
    0, 4, 0, 4, 2, 2, 1, 2, 1,
];
