//! Weights of the `trebuqi` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trebuqi --data data/r1-trebuqi.txt data/r2-trebuqi.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096`
//! from data/r1-trebuqi.txt (246828 lines, FNV-1a 3bbad85fee52d016);
//! from data/r2-trebuqi.txt (257683 lines, FNV-1a ea11facfc42c7988);
//! 504511 positions used (454421 for training, 50090 held out), 0 skipped as decided or unresolvable;
//! K = 0.001159; held-out loss 0.043891 with the weights before, 0.042153 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    122, 123, 190, 129, 502, 931, 1080, 518, 1113, 2183, 0, 0,
    // MOBILITY
    0, 9, 17, 7, 19, 57,
    // CENTRE
    22, 4, 53, -6, 12, -63,
    // POINT_ADVANCE
    -10,
    // POINT_MIDDLE
    6,
    // POINT_BEYOND
    56,
    // RAIDER
    -7,
    // GENERAL_GUARD
    56,
    // GENERAL_LINE_THREAT
    42,
    // GENERAL_BOXED
    97, 67,
    // CANNON_SCREENS
    46, 0, -116,
    // ZONE_ATTACKS
    62, 148, -21, 17,
    // GENERAL_ATTACKED
    0, 0, 0,
    // TEMPO
    51,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
