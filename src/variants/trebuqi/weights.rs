//! Weights of the `trebuqi` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi --data data/r1-trebuqi.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trebuqi.txt (246828 lines, FNV-1a 3bbad85fee52d016);
//! 246828 positions used (222662 for training, 24166 held out), 0 skipped as decided or unresolvable;
//! K = 0.001489; held-out loss 0.045225 with the weights before, 0.039042 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    117, 79, 165, 113, 469, 673, 874, 396, 1020, 1569, 0, 0,
    // MOBILITY
    0, 6, 11, 3, 15, 31,
    // CENTRE
    10, 4, 29, -1, 5, -37,
    // POINT_ADVANCE
    -6,
    // POINT_MIDDLE
    17,
    // POINT_BEYOND
    73,
    // RAIDER
    -12,
    // GENERAL_GUARD
    33,
    // GENERAL_LINE_THREAT
    27,
    // GENERAL_BOXED
    80, 33,
    // CANNON_SCREENS
    22, 0, -71,
    // ZONE_ATTACKS
    49, 84, -14, 7,
    // GENERAL_ATTACKED
    0, 0, 0,
    // TEMPO
    33,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
