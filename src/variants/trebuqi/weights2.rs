//! Weights of the `trebuqi2` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi2 --data data/r3-trebuqi2.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --lr-end 0.2 --batch 4096 --k 0.001168`
//! from data/r3-trebuqi2.txt (1004674 lines, FNV-1a 24aa92652ff2cf14);
//! 1004674 positions used (904560 for training, 100114 held out), 0 skipped as decided or unresolvable;
//! K = 0.001168; held-out loss 0.018917 with the weights before, 0.017995 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    142, 147, 361, 0, 1617, 470, 1622, -54, 3217, 884, 2288, 101,
    // MOBILITY
    0, 2, 9, 6, 11, 5,
    // CENTRE
    19, 6, 24, -12, -6, -20,
    // POINT_ADVANCE
    -9,
    // POINT_MIDDLE
    6,
    // POINT_BEYOND
    36,
    // RAIDER
    -12,
    // GENERAL_GUARD
    27,
    // GENERAL_LINE_THREAT
    48,
    // GENERAL_BOXED
    28, 9,
    // CANNON_SCREENS
    79, -121, -110,
    // ZONE_ATTACKS
    34, 48, 18, 6,
    // GENERAL_ATTACKED
    65, 58, -47,
    // TEMPO
    20,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
