//! Every tunable number of the search, in one block (ready for SPSA-style
//! tuning). Depths are in plies, margins in centipawns.

pub(crate) struct Params {
    /// Half-width of the first aspiration window, and from which depth to use one.
    pub aspiration_window: i32,
    pub aspiration_min_depth: i32,
    /// Reverse futility (static null move): at depth <= max, return the static
    /// eval when it beats beta by `margin * depth`.
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,
    /// Null move: minimum depth, and reduction `base + depth / divisor`.
    pub nmp_min_depth: i32,
    pub nmp_base: i32,
    pub nmp_divisor: i32,
    /// Null move only with at least this many legal moves (zugzwang guard),
    /// and a verification search from this depth.
    pub nmp_min_moves: usize,
    pub nmp_verify_depth: i32,
    /// Late-move reductions: `base + ln(depth) * ln(moves) / divisor`, applied
    /// from this depth and after this many moves.
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    pub lmr_min_depth: i32,
    pub lmr_min_moves: usize,
    /// Late-move pruning: at depth <= max, skip quiet moves after
    /// `base + depth * depth` moves.
    pub lmp_max_depth: i32,
    pub lmp_base: usize,
    /// Futility pruning of quiet moves at depth <= max when `eval + margin * depth <= alpha`.
    pub futility_max_depth: i32,
    pub futility_margin: i32,
    /// Internal iterative reduction: reduce by one ply with no hash move from this depth.
    pub iir_min_depth: i32,
    /// History scores saturate at +-this.
    pub history_max: i32,
    /// A new best root move is reported mid-iteration from this depth.
    pub report_min_depth: i32,
    /// Nodes between two looks at the stop flags.
    pub check_interval: u64,
}

pub(crate) const PARAMS: Params = Params {
    aspiration_window: 25,
    aspiration_min_depth: 4,
    rfp_max_depth: 6,
    rfp_margin: 90,
    nmp_min_depth: 3,
    nmp_base: 3,
    nmp_divisor: 4,
    nmp_min_moves: 8,
    nmp_verify_depth: 10,
    lmr_base: 0.75,
    lmr_divisor: 2.25,
    lmr_min_depth: 3,
    lmr_min_moves: 3,
    lmp_max_depth: 4,
    lmp_base: 4,
    futility_max_depth: 5,
    futility_margin: 110,
    iir_min_depth: 4,
    history_max: 16_384,
    report_min_depth: 8,
    check_interval: 1024,
};
