//! Weights of the `trebuqi3` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi3 --data data/r1-trebuqi3.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trebuqi3.txt (209453 lines, FNV-1a b722f8402e98f4b2);
//! 209453 positions used (188975 for training, 20478 held out), 0 skipped as decided or unresolvable;
//! K = 0.000517; held-out loss 0.007075 with the weights before, 0.006610 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    85, 123, 270, 139, 653, 429, 792, 502, 1474, 815, 1789, 1090,
    // MOBILITY
    0, -8, 8, 0, 4, -7,
    // CENTRE
    17, 5, 0, -1, -8, 19,
    // POINT_ADVANCE
    0,
    // POINT_MIDDLE
    7,
    // POINT_BEYOND
    48,
    // RAIDER
    -48,
    // GENERAL_GUARD
    -4,
    // GENERAL_LINE_THREAT
    12,
    // GENERAL_BOXED
    -2, 28,
    // CANNON_SCREENS
    29, -22, -49,
    // ZONE_ATTACKS
    -2, 3, -9, 4,
    // GENERAL_ATTACKED
    19, 82, 7,
    // TEMPO
    5,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
