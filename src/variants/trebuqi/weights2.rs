//! Weights of the `trebuqi2` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi2 --data data/r1-trebuqi2.txt data/r2-trebuqi2.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trebuqi2.txt (315801 lines, FNV-1a 53067dc2fd3d1e28);
//! from data/r2-trebuqi2.txt (512053 lines, FNV-1a 89874d74bb43e2d8);
//! 827854 positions used (745261 for training, 82593 held out), 0 skipped as decided or unresolvable;
//! K = 0.001168; held-out loss 0.018086 with the weights before, 0.017516 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    104, 148, 281, 58, 1224, 392, 1203, 73, 2467, 778, 1794, 258,
    // MOBILITY
    0, 5, 7, 4, 9, 8,
    // CENTRE
    19, 2, 17, -4, -5, -11,
    // POINT_ADVANCE
    -15,
    // POINT_MIDDLE
    22,
    // POINT_BEYOND
    66,
    // RAIDER
    -18,
    // GENERAL_GUARD
    20,
    // GENERAL_LINE_THREAT
    32,
    // GENERAL_BOXED
    -40, 13,
    // CANNON_SCREENS
    52, -114, -81,
    // ZONE_ATTACKS
    35, 47, 18, 4,
    // GENERAL_ATTACKED
    53, 56, -36,
    // TEMPO
    12,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
