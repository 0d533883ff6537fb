//! Every tunable number of the search, in one block (ready for SPSA-style
//! tuning). Depths are in plies, margins in centipawns.

pub(crate) struct Params {
    /// Half-width of the first aspiration window, and from which depth to use one.
    pub aspiration_window: i32,
    pub aspiration_min_depth: i32,
    /// Reverse futility (static null move): at depth <= max, return the
    /// static eval when it beats beta by `margin * (depth - improving)`.
    pub rfp_max_depth: i32,
    pub rfp_margin: i32,
    /// Null move: minimum depth, and reduction
    /// `base + depth / divisor + min((eval - beta) / eval_divisor, eval_max)`.
    pub nmp_min_depth: i32,
    pub nmp_base: i32,
    pub nmp_divisor: i32,
    pub nmp_eval_divisor: i32,
    pub nmp_eval_max: i32,
    /// Null move only with at least this many legal moves (zugzwang guard),
    /// and a verification search from this depth.
    pub nmp_min_moves: usize,
    pub nmp_verify_depth: i32,
    /// Late-move reductions: `base + ln(depth) * ln(moves) / divisor`, applied
    /// from this depth and after this many moves (one more at PV nodes).
    pub lmr_base: f64,
    pub lmr_divisor: f64,
    pub lmr_min_depth: i32,
    pub lmr_min_moves: usize,
    /// History (main + continuation) worth one ply of reduction.
    pub lmr_history_divisor: i32,
    /// Late-move pruning: at depth <= max, skip quiet moves after
    /// `(base + depth * depth) / (2 - improving)` moves.
    pub lmp_max_depth: i32,
    pub lmp_base: i32,
    /// Futility pruning of quiet moves at (reduced) depth <= max when
    /// `eval + base + margin * depth <= alpha`.
    pub futility_max_depth: i32,
    pub futility_base: i32,
    pub futility_margin: i32,
    /// Quiet moves with history below `-margin * depth` are skipped at
    /// (reduced) depth <= max.
    pub history_prune_max_depth: i32,
    pub history_prune_margin: i32,
    /// SEE pruning of noisy moves at depth <= max: skip when the exchange
    /// loses more than `margin * depth`.
    pub see_noisy_max_depth: i32,
    pub see_noisy_margin: i32,
    /// Quiescence: skip a capture whose gain cannot lift the stand-pat score
    /// to alpha even with this margin (delta pruning).
    pub delta_margin: i32,
    /// Singular extensions: from this depth, with a hash entry at most
    /// `tt_depth_margin` plies shallower; the margin below the hash score is
    /// `beta_margin * depth / 8`; a double extension when the excluded search
    /// fails by more than `double_margin` (at most `max_doubles` on a path).
    pub singular_min_depth: i32,
    pub singular_tt_depth_margin: i32,
    pub singular_beta_margin: i32,
    pub singular_double_margin: i32,
    pub singular_max_doubles: u8,
    /// Internal iterative reduction: reduce by one ply with no hash move from this depth.
    pub iir_min_depth: i32,
    /// History bonus at depth d: `min(mul * d * d + add * d, max)`.
    pub history_bonus_mul: i32,
    pub history_bonus_add: i32,
    pub history_bonus_max: i32,
    /// A new best root move is reported mid-iteration from this depth.
    pub report_min_depth: i32,
    /// Nodes between two looks at the stop flags.
    pub check_interval: u64,
}

pub(crate) const PARAMS: Params = Params {
    aspiration_window: 25,
    aspiration_min_depth: 4,
    rfp_max_depth: 8,
    rfp_margin: 80,
    nmp_min_depth: 3,
    nmp_base: 3,
    nmp_divisor: 3,
    nmp_eval_divisor: 200,
    nmp_eval_max: 3,
    nmp_min_moves: 8,
    nmp_verify_depth: 12,
    lmr_base: 0.8,
    lmr_divisor: 2.2,
    lmr_min_depth: 3,
    lmr_min_moves: 1,
    lmr_history_divisor: 8192,
    lmp_max_depth: 8,
    lmp_base: 3,
    futility_max_depth: 8,
    futility_base: 80,
    futility_margin: 90,
    history_prune_max_depth: 3,
    history_prune_margin: 3000,
    see_noisy_max_depth: 6,
    see_noisy_margin: 90,
    delta_margin: 200,
    singular_min_depth: 7,
    singular_tt_depth_margin: 3,
    singular_beta_margin: 16,
    singular_double_margin: 25,
    singular_max_doubles: 6,
    iir_min_depth: 4,
    history_bonus_mul: 16,
    history_bonus_add: 32,
    history_bonus_max: 1600,
    report_min_depth: 8,
    check_interval: 1024,
};
