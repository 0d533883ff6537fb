//! Weights of the `bandit` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune bandit --data data/r1-bandit.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-bandit.txt (163445 lines, FNV-1a c7faddd6ab9f643d);
//! 163445 positions used (147487 for training, 15958 held out), 0 skipped as decided or unresolvable;
//! K = 0.002080; held-out loss 0.038858 with the weights before, 0.034681 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 65] = [
    // MATERIAL
    0, 0, 1446, 736, 730, 245, 496, 236, 409, 233, 220, 235, 314, 142, 307, 124, 141, 130,
    // CENTRE
    -11, -5, 3, 14, 10, 6, 9, -13, 11,
    // MOBILITY
    0, 6, 3, 0, 4, 2, -2, 1, 0,
    // ADVANCE
    9,
    // SHELTER
    3,
    // KING_DANGER
    1,
    // TEMPO
    2,
    // OUTLAW_REACH
    -7,
    // OUTLAW_THREAT
    0, 38,
    // TRICK_REACH
    6,
    // PROMOTION
    12, 134, 19, 45, 7, 58, -58, 284, -5, 200, -53, 112,
    // PHASE
    0, 4, 2, 1, 1, 0, 1, 1, 0,
];
