//! Every tunable number of the search, in one table ([`Params`]), with a
//! name, a default and a range for each, so a tuner (SPSA through UCI
//! options) can change any of them at run time without a rebuild. Depths are
//! in plies, margins in centipawns.
//!
//! Each variant starts from [`Params::DEFAULT`] with its own overrides
//! (`Evaluate::SEARCH_PARAMS`, by name): one table per variant, without the
//! search naming a variant. The UCI loop lists the parameters as options only
//! when asked (`menagerie --tuning`), but accepts them always.

/// Declares the table once: the struct, its defaults, and the name and range
/// of every field for the option list.
macro_rules! params {
    ($( $(#[$doc:meta])* $name:ident = $default:literal, $min:literal ..= $max:literal; )*) => {
        /// The search's tunable numbers (see each field).
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $( $(#[$doc])* pub $name: i32, )*
        }

        impl Params {
            /// The values every variant starts from.
            pub const DEFAULT: Params = Params { $( $name: $default, )* };

            /// Every parameter: (name, range), in declaration order.
            pub const RANGES: &'static [(&'static str, i32, i32)] = &[
                $( (stringify!($name), $min, $max), )*
            ];

            /// The value of the parameter `name`.
            pub fn get(&self, name: &str) -> Option<i32> {
                match name {
                    $( stringify!($name) => Some(self.$name), )*
                    _ => None,
                }
            }

            /// Sets `name` to `value`; Err (nothing changed) for an unknown
            /// name or a value outside the range.
            pub fn set(&mut self, name: &str, value: i32) -> Result<(), String> {
                let (_, lo, hi) = *Self::RANGES
                    .iter()
                    .find(|r| r.0 == name)
                    .ok_or_else(|| format!("no search parameter {name}"))?;
                if !(lo..=hi).contains(&value) {
                    return Err(format!("{name} must lie in {lo}..={hi}"));
                }
                match name {
                    $( stringify!($name) => self.$name = value, )*
                    _ => unreachable!("RANGES names every field"),
                }
                Ok(())
            }
        }
    };
}

params! {
    /// Half-width of the first aspiration window.
    aspiration_window = 25, 5..=200;
    /// From which depth iterations use an aspiration window.
    aspiration_min_depth = 4, 1..=20;
    /// Reverse futility (static null move): at depth <= max, return the
    /// static eval when it beats beta by `margin * (depth - improving)`.
    rfp_max_depth = 8, 0..=20;
    rfp_margin = 80, 10..=400;
    /// What reverse futility returns: the static evaluation (0, the
    /// default) or halfway from it to beta (1): how far a node's evaluation
    /// lies above beta says little of what a search would find.
    rfp_blend = 0, 0..=1;
    /// Null move: minimum depth, and reduction
    /// `base + depth / divisor + min((eval - beta) / eval_divisor, eval_max)`.
    nmp_min_depth = 3, 1..=10;
    nmp_base = 3, 1..=8;
    nmp_divisor = 3, 1..=10;
    nmp_eval_divisor = 200, 50..=1000;
    nmp_eval_max = 3, 0..=8;
    /// Null move only with at least this many legal moves (zugzwang guard).
    nmp_min_moves = 8, 0..=60;
    /// A verification search of a null-move cut-off from this depth.
    nmp_verify_depth = 12, 1..=64;
    /// The null move only at zero-window nodes expected to fail high (1),
    /// or at every zero-window node (0): where a fail low is expected, a
    /// pass that beats beta is rare and its search wasted. 1 won in chess,
    /// +18.4 ± 15.0 over 1,000 games at 2 s + 0.02 s (docs/strength.md,
    /// "The null move at cut nodes only").
    nmp_cut_only = 1, 0..=1;
    /// Late-move reductions: `base + ln(depth) * ln(moves) / divisor`, both
    /// in hundredths (0.80 and 2.20).
    lmr_base_pct = 80, 0..=300;
    lmr_divisor_pct = 220, 100..=600;
    /// LMR applies from this depth and after this many moves (one more at PV nodes).
    lmr_min_depth = 3, 1..=10;
    lmr_min_moves = 1, 0..=10;
    /// History (main + continuation) worth one ply of reduction.
    lmr_history_divisor = 8192, 1000..=50000;
    /// Hindsight depth adjustment: a node reached by a move reduced by 3
    /// plies or more searches a ply deeper when the two static evaluations
    /// (this side's and the parent's, each its own) sum to at most 0 (the
    /// opponent's move did not make things worse for it, so the reduction
    /// may have hidden something); one reduced by a ply or more, with 2
    /// plies or more left, searches a ply shallower when they sum to more
    /// than this margin (the move made things much worse for its mover). 0
    /// turns both off.
    hindsight_margin = 200, 0..=1000;
    /// Once a move of a principal-variation node raises alpha (without
    /// beating beta), the node's remaining moves are searched this many
    /// plies shallower, at depths 3 to 11 and away from mate scores: a
    /// later move must beat a real score, which is seldom done. 0, the
    /// default, leaves it out: 1 showed nothing in chess games (−1.7 ± 17.0
    /// over 802 at 2 s + 0.02 s, docs/strength.md).
    alpha_raise_reduction = 0, 0..=3;
    /// Plies less reduction at a zero-window node that is or was on a
    /// principal variation (the table remembers it).
    lmr_tt_pv = 1, 0..=3;
    /// Plies more reduction of a quiet move when the hash move is noisy
    /// (the capture is probably the move; the quiet ones matter less).
    lmr_tt_noisy = 1, 0..=3;
    /// Plies more reduction when at least this many of the node's children
    /// searched so far failed high (its moves are being refuted: likely a
    /// node where nothing works); 0 switches it off.
    lmr_cutoffs = 3, 0..=20;
    /// Late-move pruning: at depth <= max, skip quiet moves after
    /// `(base + depth * depth) / (2 - improving)` moves.
    lmp_max_depth = 8, 0..=20;
    lmp_base = 3, 0..=20;
    /// Futility pruning of quiet moves at (reduced) depth <= max when
    /// `eval + base + margin * depth <= alpha`.
    futility_max_depth = 8, 0..=20;
    futility_base = 80, 0..=400;
    futility_margin = 90, 10..=400;
    /// Quiet moves with history below `-margin * depth` are skipped at
    /// (reduced) depth <= max.
    history_prune_max_depth = 3, 0..=10;
    history_prune_margin = 3000, 0..=20000;
    /// SEE pruning of noisy moves at depth <= max: skip when the exchange
    /// loses more than `margin * depth`.
    see_noisy_max_depth = 6, 0..=20;
    see_noisy_margin = 90, 0..=400;
    /// Futility pruning of noisy moves that do not give check, at depth <=
    /// max, when `eval + gain + base + margin * depth <= alpha` (`gain`:
    /// what the move wins outright, `Exchange::gain`): even keeping all of
    /// it leaves the node below alpha. A max of 0, the default, leaves it
    /// out.
    noisy_futility_max_depth = 0, 0..=20;
    noisy_futility_base = 120, 0..=1000;
    noisy_futility_margin = 150, 0..=1000;
    /// Quiescence: skip a capture whose gain cannot lift the stand-pat score
    /// to alpha even with this margin (delta pruning).
    delta_margin = 200, 0..=2000;
    /// Singular extensions: from this depth, with a hash entry at most
    /// `tt_depth_margin` plies shallower; the margin below the hash score is
    /// `beta_margin * depth / 8`; a double extension when the excluded search
    /// fails by more than `double_margin` (at most `max_doubles` on a path).
    /// A `min_depth` of 64 (beyond any search) switches them off.
    singular_min_depth = 7, 2..=64;
    singular_tt_depth_margin = 3, 0..=10;
    singular_beta_margin = 16, 0..=100;
    singular_double_margin = 25, 0..=200;
    singular_max_doubles = 6, 0..=20;
    /// At a node expected to fail high (`cut_node`), a hash move the
    /// singular search shows is not singular (and that neither cuts the
    /// node nor scores above beta in the table) is searched this many plies
    /// shallower: the node should cut, and if the hash move is not the
    /// only move that can, it need not be searched in full. 0, the default,
    /// leaves it out: 1 showed nothing in chess games (+6.9 ± 14.4 over
    /// 1,000 at 2 s + 0.02 s, docs/strength.md).
    singular_cut_reduction = 0, 0..=2;
    /// ProbCut: at zero-window nodes from `min_depth`, a noisy move whose
    /// reply search (quiescence, then `depth - 4` plies) beats
    /// `beta + margin` (a quarter less when improving) cuts the node.
    probcut_min_depth = 5, 2..=64;
    probcut_margin = 200, 0..=2000;
    /// Whether a move that gives check (and is not singular) is extended by
    /// one ply (1) or not (0).
    check_extension = 1, 0..=1;
    /// Internal iterative reduction: reduce by one ply with no hash move from this depth.
    iir_min_depth = 4, 1..=20;
    /// History bonus at depth d: `min(mul * d * d + add * d, max)`.
    history_bonus_mul = 16, 0..=100;
    history_bonus_add = 32, 0..=400;
    history_bonus_max = 1600, 100..=10000;
    /// Continuation history also by our own move four plies back (1), or
    /// by the moves one and two plies back only (0, the default).
    cont_history_4 = 0, 0..=1;
    /// When every move of a node fails low, the opponent's quiet move that
    /// led to it was good: its histories gain `pct`% of the node's bonus.
    fail_low_bonus_pct = 100, 0..=400;
    /// The opponent's quiet move that led here is judged by the two static
    /// evaluations: their sum (this side's plus the parent's, each its own)
    /// is what the move changed for its mover, negated. Its main history
    /// gains `-mul * sum / 10`, within the history bonus's largest value
    /// (so a move that made things worse for its mover loses history before
    /// any cut-off says so). 0, the default, leaves it out.
    eval_diff_history_mul = 0, 0..=1000;
    /// The first this many plies from the root (at most 4) also order quiet
    /// moves by a low-ply history of their own, cleared at every search and
    /// taught by the cut-offs there; 0, the default, leaves it out.
    low_ply_history = 0, 0..=4;
    /// Quiet moves also order by a structure history (by the node's
    /// `Evaluate::correction_key`: the pawns in chess), taught by the
    /// cut-offs as the main history is, added at this weight in percent;
    /// 0, the default, leaves it out (and variants naming no structure).
    structure_history_pct = 0, 0..=400;
    /// A cut-off's score, when it is an evaluation (not a mate or another
    /// result by rule), is pulled towards beta by
    /// `(score * depth + beta) / (depth + 1)` (1) or kept (0): a shallow
    /// node's margin over beta is mostly noise.
    fail_high_blend = 1, 0..=1;
    /// Quiescence's cut-off scores pulled towards beta (1: a stand pat's
    /// halfway, a move's a quarter of the way) or kept (0).
    qs_fail_high_blend = 0, 0..=1;
    /// Quiescence stands pat on the table's score where its bound says the
    /// evaluation is too low (a lower bound above it) or too high (an upper
    /// bound below it) (1), or on the evaluation alone (0).
    qs_tt_stand_pat = 1, 0..=1;
    /// Correction history (`correction`, in variants that name a
    /// structure): the largest correction of a static evaluation; 0 turns
    /// it off.
    correction_max = 128, 0..=1000;
    /// Continuation correction (by the last two moves, in every variant):
    /// the largest correction it adds; 0, the default, leaves it out.
    cont_correction_max = 0, 0..=1000;
    /// Contempt: what a draw inside the tree costs the side to move at the
    /// root, in centipawns (the other side gains it). 0 scores every draw as
    /// equal.
    contempt = 0, -300..=300;
    /// The static evaluation fades as the half-move clock runs towards the
    /// move-count rule (in variants that have one): it is multiplied by
    /// `(n - clock) / n` with this `n` (in plies; 0 leaves it whole). The
    /// side ahead then sees its lead shrink while it shuffles and wins it
    /// back by the move that resets the clock (a capture; in chess a pawn
    /// move too, in Bandit a pawn or sergeant move), instead of drifting
    /// into the rule's draw. Off: in Trubix (which has a learned clock term)
    /// 200 lost to 0 (docs/strength.md, "The clock fade").
    clock_fade = 0, 0..=1000;
    /// Lazy SMP with several threads. 1: every worker, the main one too,
    /// starts the lowest depth past the deepest completed one that fewer
    /// than half the threads are searching, and gives up a depth another
    /// completes. 0, the older rule: the main worker goes depth by depth,
    /// helpers start one or two plies (odd helpers two) past the deepest
    /// completed depth, and only helpers give a depth up.
    smp_spread = 1, 0..=1;
    /// A new best root move is reported mid-iteration from this depth.
    report_min_depth = 8, 1..=64;
    /// Nodes between two looks at the stop flags.
    check_interval = 1024, 64..=65536;
    /// Time management with a clock (`time`): one move's budget is
    /// `time / moves_to_go + 3/4 inc`, with this `moves_to_go` when the GUI
    /// gives none.
    time_moves_to_go = 25, 5..=60;
    /// No new iteration starts after this percentage of the budget (before
    /// the scaling by what the search says about the move).
    time_soft_pct = 80, 20..=200;
    /// The soft limit in percent of the above when the engine ponders in
    /// this game ([`Limits::ponder_enabled`](super::Limits::ponder_enabled)): pondering
    /// that guesses right has already searched the move on the opponent's
    /// time, so the engine's own time could go further. 100: no difference;
    /// 125 showed no gain in chess games with both engines pondering
    /// (`docs/strength.md`, "Pondering: more of the engine's own time").
    time_ponder_pct = 100, 100..=200;
    /// The search is stopped after this many budgets (and never after more
    /// than 40% of what is left, whatever the parameters).
    time_hard_factor = 3, 1..=6;
    /// The soft limit's scale, in percent, after an iteration whose best
    /// move is new.
    time_new_best_pct = 150, 50..=300;
    /// The smallest scale a best move unchanged for many iterations brings
    /// the soft limit to (it falls by 12 points an iteration from 125).
    time_stable_min_pct = 55, 20..=125;
    /// What a score falling by 100 cp or more from one iteration to the next
    /// adds to the scale, in percent (a smaller fall adds its share).
    time_fall_pct = 80, 0..=300;
    /// How much the best move's share of the iteration's nodes moves the
    /// scale: `1 + s/200 - s/100 * share`, so 60 gives 1.3 at no share and
    /// 0.7 at all of them; 0 ignores the share.
    time_share_pct = 60, 0..=120;
}

/// The parameters counted in the evaluation's units (margins, windows and
/// divisors of a score): the defaults suit chess's centipawns, and a variant
/// whose evaluation counts in larger units scales them
/// (`Evaluate::EVAL_SCALE_PCT`) so that they prune as much as in chess.
pub const EVAL_UNIT_PARAMS: [&str; 15] = [
    "aspiration_window",
    "rfp_margin",
    "nmp_eval_divisor",
    "futility_base",
    "futility_margin",
    "see_noisy_margin",
    "noisy_futility_base",
    "noisy_futility_margin",
    "delta_margin",
    "singular_beta_margin",
    "singular_double_margin",
    "correction_max",
    "cont_correction_max",
    "probcut_margin",
    "hindsight_margin",
];

impl Params {
    /// A variant's table: the defaults, those in evaluation units
    /// ([`EVAL_UNIT_PARAMS`]) scaled by `scale_pct` percent (rounded down),
    /// then the overrides by name. Err names the first override that is
    /// unknown or value out of range (a test checks every variant's).
    pub fn for_variant(scale_pct: i32, overrides: &[(&str, i32)]) -> Result<Params, String> {
        let mut p = Params::DEFAULT;
        for name in EVAL_UNIT_PARAMS {
            let v = p.get(name).expect("EVAL_UNIT_PARAMS names fields");
            p.set(name, v * scale_pct / 100)?;
        }
        for &(name, value) in overrides {
            p.set(name, value)?;
        }
        Ok(p)
    }
}

/// The parameters as the search reads them: the table and what is derived
/// from it (the LMR table), rebuilt whenever a parameter changes.
#[derive(Clone, Debug)]
pub struct Tuned {
    pub p: Params,
    lmr: Box<[[i32; 64]; 64]>,
}

impl Tuned {
    pub fn new(p: Params) -> Self {
        let mut lmr = Box::new([[0; 64]; 64]);
        // The hundredths divide exactly as the decimal constants did
        // (80/100 is the double nearest 0.8), so the table is unchanged.
        let base = f64::from(p.lmr_base_pct) / 100.0;
        let divisor = f64::from(p.lmr_divisor_pct) / 100.0;
        for (d, row) in lmr.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                *r = (base + (d as f64).ln() * (n as f64).ln() / divisor) as i32;
            }
        }
        Tuned { p, lmr }
    }

    /// Late-move reduction at `depth` for the `moves`-th move.
    #[inline]
    pub fn lmr(&self, depth: i32, moves: usize) -> i32 {
        self.lmr[(depth.max(0) as usize).min(63)][moves.min(63)]
    }

    /// The history bonus (and malus) of a cut-off at `depth`.
    #[inline]
    pub fn history_bonus(&self, depth: i32) -> i32 {
        let p = &self.p;
        (p.history_bonus_mul * depth * depth + p.history_bonus_add * depth).min(p.history_bonus_max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_lie_in_their_ranges_and_round_trip_by_name() {
        for &(name, lo, hi) in Params::RANGES {
            let v = Params::DEFAULT.get(name).unwrap();
            assert!((lo..=hi).contains(&v), "{name}");
            let mut p = Params::DEFAULT;
            p.set(name, hi).unwrap();
            assert_eq!(p.get(name), Some(hi));
            assert!(p.set(name, hi + 1).is_err() && p.get(name) == Some(hi));
        }
        assert!(Params::DEFAULT.clone().set("nosuch", 1).is_err());
        assert!(Params::for_variant(100, &[("rfp_margin", 5)]).is_err());
        assert_eq!(
            Params::for_variant(100, &[("rfp_margin", 90)])
                .unwrap()
                .rfp_margin,
            90
        );
    }

    #[test]
    fn a_scale_multiplies_the_eval_unit_parameters_only() {
        assert_eq!(Params::for_variant(100, &[]).unwrap(), Params::DEFAULT);
        let p = Params::for_variant(200, &[("rfp_margin", 100)]).unwrap();
        let d = Params::DEFAULT;
        for &(name, _, _) in Params::RANGES {
            let want = match name {
                "rfp_margin" => 100,
                n if EVAL_UNIT_PARAMS.contains(&n) => 2 * d.get(n).unwrap(),
                n => d.get(n).unwrap(),
            };
            assert_eq!(p.get(name), Some(want), "{name}");
        }
        assert_eq!((p.futility_base, p.aspiration_window), (160, 50));
        assert!(Params::for_variant(10_000, &[]).is_err());
    }

    #[test]
    fn lmr_table_is_the_formula() {
        let t = Tuned::new(Params::DEFAULT);
        assert_eq!(t.lmr(1, 1), 0);
        assert_eq!(t.lmr(10, 10), (0.8 + 10f64.ln() * 10f64.ln() / 2.2) as i32);
        assert_eq!(t.lmr(200, 300), t.lmr(63, 63));
        let mut p = Params::DEFAULT;
        p.lmr_base_pct = 280;
        assert_eq!(Tuned::new(p).lmr(1, 1), 2);
    }
}
