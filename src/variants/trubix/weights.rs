//! Weights of the `trubix` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trubix --data data/r1-trubix.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trubix.txt (240500 lines, FNV-1a 48d85af50020f27e);
//! 240500 positions used (216939 for training, 23561 held out), 0 skipped as decided or unresolvable;
//! K = 0.000987; held-out loss 0.007004 with the weights before, 0.006083 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    232, 154, 441, 231, 1273, 560, 1460, 701, 0, 0,
    // CENTRE
    -2, 4, -2, -10, 12,
    // MOBILITY
    0, 10, 0, 1, 0,
    // WOOZAN_ADVANCE
    10,
    // KING_ATTACKS
    -12, 8, 5, 4,
    // KING_SHELTER
    -17, 30, -10, -8,
    // KING_FREE
    14, 10, -1,
    // WOOZAN_PROMOTION
    477, -12, 351, 26, 15, 2,
    // WOOZAN_BLOCKED
    -6, -27,
    // WOOZAN_QUEEN
    32, 796,
    // MOVE_CLOCK
    0, -3,
    // PHASE
    0, 1, 2, 4, 0,
];
