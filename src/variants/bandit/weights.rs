//! Weights of the `bandit` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune bandit --data data/r3-bandit.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --lr-end 0.2 --batch 4096 --k 0.001707`
//! from data/r3-bandit.txt (1003542 lines, FNV-1a 91879c756fd1473b);
//! 1003538 positions used (903529 for training, 100009 held out), 4 skipped as decided or unresolvable;
//! K = 0.001707; held-out loss 0.028412 with the weights before, 0.027647 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 65] = [
    // MATERIAL
    0, 0, 2491, 669, 1263, 6, 878, 47, 738, 116, 399, 267, 422, 40, 520, -5, 262, 78,
    // CENTRE
    -3, 5, 5, 3, 10, 1, 4, -2, 29,
    // MOBILITY
    0, 4, 1, 2, 2, 3, -2, 0, 0,
    // ADVANCE
    14,
    // SHELTER
    0,
    // KING_DANGER
    0,
    // TEMPO
    7,
    // OUTLAW_REACH
    -3,
    // OUTLAW_THREAT
    0, -304,
    // TRICK_REACH
    -10,
    // PROMOTION
    361, 86, 126, 84, -32, 101, 426, 176, 267, 146, 6, 72,
    // PHASE
    0, 4, 2, 1, 1, 0, 1, 1, 0,
];
