//! Weights of the `trebuqi2` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi2 --data data/r1-trebuqi2.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trebuqi2.txt (315801 lines, FNV-1a 53067dc2fd3d1e28);
//! 315801 positions used (284633 for training, 31168 held out), 0 skipped as decided or unresolvable;
//! K = 0.001224; held-out loss 0.020737 with the weights before, 0.016859 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    111, 126, 275, 93, 975, 384, 971, 195, 2029, 790, 1453, 388,
    // MOBILITY
    0, 1, 6, 2, 7, 9,
    // CENTRE
    12, 5, 16, -1, -5, -5,
    // POINT_ADVANCE
    -15,
    // POINT_MIDDLE
    30,
    // POINT_BEYOND
    92,
    // RAIDER
    -18,
    // GENERAL_GUARD
    24,
    // GENERAL_LINE_THREAT
    24,
    // GENERAL_BOXED
    -8, 6,
    // CANNON_SCREENS
    37, -72, -59,
    // ZONE_ATTACKS
    30, 35, 14, -2,
    // GENERAL_ATTACKED
    33, 37, -37,
    // TEMPO
    14,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
