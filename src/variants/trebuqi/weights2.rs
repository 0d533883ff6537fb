//! Weights of the `trebuqi2` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by hand: the values before any tuning (the former `PARAMS`).

#[rustfmt::skip]
pub const WEIGHTS: [i32; 49] = [
    // MATERIAL
    100, 100, 200, 200, 420, 420, 450, 450, 900, 900, 800, 800,
    // MOBILITY
    0, 2, 3, 2, 2, 0,
    // CENTRE
    0, 0, 5, 3, 1, 0,
    // POINT_ADVANCE
    8,
    // POINT_MIDDLE
    20,
    // POINT_BEYOND
    70,
    // RAIDER
    20,
    // GENERAL_GUARD
    8,
    // GENERAL_LINE_THREAT
    15,
    // GENERAL_BOXED
    0, 0,
    // CANNON_SCREENS
    0, 0, 0,
    // ZONE_ATTACKS
    0, 0, 0, 0,
    // GENERAL_ATTACKED
    0, 0, 0,
    // TEMPO
    10,
    // PHASE
    0, 1, 2, 2, 4, 0,
];
