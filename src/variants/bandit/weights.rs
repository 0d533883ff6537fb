//! Weights of the `bandit` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune bandit --data data/r1-bandit.txt data/r2-bandit.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-bandit.txt (163445 lines, FNV-1a c7faddd6ab9f643d);
//! from data/r2-bandit.txt (305512 lines, FNV-1a d0c69f51772fc612);
//! 468957 positions used (422422 for training, 46535 held out), 0 skipped as decided or unresolvable;
//! K = 0.001707; held-out loss 0.031915 with the weights before, 0.031106 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 65] = [
    // MATERIAL
    0, 0, 1968, 721, 999, 130, 635, 133, 565, 185, 295, 271, 378, 67, 389, 45, 203, 120,
    // CENTRE
    -15, -2, -1, 11, 14, 3, 4, -10, 17,
    // MOBILITY
    0, 4, 3, 4, 1, 3, 0, 2, 0,
    // ADVANCE
    11,
    // SHELTER
    11,
    // KING_DANGER
    4,
    // TEMPO
    3,
    // OUTLAW_REACH
    -7,
    // OUTLAW_THREAT
    0, -64,
    // TRICK_REACH
    -11,
    // PROMOTION
    73, 116, 43, 98, -12, 99, 131, 289, 59, 217, -33, 112,
    // PHASE
    0, 4, 2, 1, 1, 0, 1, 1, 0,
];
