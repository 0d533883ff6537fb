//! Weights of the `trubix` evaluation, in the layout of `eval.rs`
//! (`menagerie tune` writes this file: docs/learning.md, "Tuning").
//!
//! Made by `menagerie tune trubix --data data/r1-trubix.txt data/r2-trubix.txt data/r2b-trubix.txt --epochs 100 --seed 1 --lambda 0.5 --lr 2 --batch 4096 --k 0.000987`
//! from data/r1-trubix.txt (240500 lines, FNV-1a 48d85af50020f27e);
//! from data/r2-trubix.txt (443775 lines, FNV-1a 0136bf04bb392eea);
//! from data/r2b-trubix.txt (509312 lines, FNV-1a b4c77167726c20de);
//! 1193587 positions used (1074681 for training, 118906 held out), 0 skipped as decided or unresolvable;
//! K = 0.000987; held-out loss 0.014364 with the weights before, 0.012520 with these.

#[rustfmt::skip]
pub const WEIGHTS: [i32; 379] = [
    // MATERIAL
    456, 308, 993, 516, 2205, 1110, 2532, 1331, 0, 0,
    // CENTRE
    10, -19, 3, -7, 22,
    // MOBILITY
    0, 4, -3, 0, 0,
    // WOOZAN_ADVANCE
    9,
    // KING_ATTACKS
    -8, 20, 22, 11,
    // KING_SHELTER
    -33, 37, -10, -4,
    // KING_FREE
    11, 12, 12,
    // WOOZAN_PROMOTION
    1093, 69, 285, 110, -61, 45,
    // WOOZAN_BLOCKED
    2, -32,
    // WOOZAN_QUEEN
    284, 1060,
    // MOVE_CLOCK
    -2, -6,
    // PST_WOOZAN
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,
    // PST_KNIGHT
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,
    // PST_FLEURBIC
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,
    // PST_QUEEN
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,
    // PST_KING
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0,
    // PHASE
    0, 1, 2, 4, 0,
];
