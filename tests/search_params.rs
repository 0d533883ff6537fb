//! Search parameter tests: every variant's own table names real parameters,
//! and the switches that matter change the tree where they should (contempt,
//! the correction histories, ProbCut, singular extensions, hindsight, noisy
//! futility, the evaluation-difference history, the null move at cut nodes,
//! reverse futility's blend, the shallower search after a raised alpha, the
//! hash move's reduction at a cut node).
//! Split from `tests/search.rs`; no test asserts on timing.

#[path = "common/searching.rs"]
mod searching;
use menagerie::rules::{Evaluate, Position};
use menagerie::search::{Limits, Score, Searcher};
use menagerie::tools::bench;
use menagerie::variants::chess::Chess;
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use searching::{no_stop, to_depth};

/// Every variant's own search parameters name real parameters with values in
/// range (the searcher would otherwise skip them silently), and a parameter
/// set at run time changes the search: the null move switched off by a huge
/// minimum move count gives another node count at the same depth.
#[test]
fn every_variant_overrides_known_parameters() {
    struct Check;
    impl VariantVisitor for Check {
        type Output = ();
        fn visit<P: Position + Evaluate>(self) {
            let p = menagerie::search::Params::for_variant(P::EVAL_SCALE_PCT, P::SEARCH_PARAMS);
            assert!(p.is_ok(), "{}: {:?}", P::NAME, p);
            assert_eq!(p.unwrap(), Searcher::<P>::variant_params());
        }
    }
    for v in VARIANTS {
        dispatch(v, Check).unwrap();
    }
    // Chess is the calibration: its table is the defaults. Fugue's
    // evaluation counts in units three times as large, so its margins
    // triple, and its own table switches late-move pruning off and futility
    // pruning down to reduced depth 0.
    use menagerie::search::Params;
    use menagerie::variants::fugue::Fugue;
    assert_eq!(Searcher::<Chess>::variant_params(), Params::DEFAULT);
    let fugue = Searcher::<Fugue>::variant_params();
    assert_eq!(fugue.rfp_margin, 3 * Params::DEFAULT.rfp_margin);
    assert_eq!(fugue.lmr_base_pct, Params::DEFAULT.lmr_base_pct);
    assert_eq!((fugue.lmp_max_depth, fugue.futility_max_depth), (0, 0));
    let pos = Chess::startpos();
    let nodes = |s: &mut Searcher<Chess>| {
        s.clear();
        let limits = Limits {
            depth: Some(8),
            ..Limits::default()
        };
        s.search(&pos, &[], &limits, no_stop(), &mut |_| {}).nodes
    };
    let mut s = Searcher::<Chess>::new(4, 1);
    let before = nodes(&mut s);
    assert_eq!(before, nodes(&mut s));
    s.set_param("nmp_min_moves", 60).unwrap();
    assert_ne!(before, nodes(&mut s));
    assert!(s.set_param("nmp_min_moves", 61).is_err());
    assert!(s.set_param("nosuch", 1).is_err());
    assert_eq!(s.params().nmp_min_moves, 60);
}

/// Contempt: a draw inside the tree costs the root's side `contempt` and
/// gains the other side as much. From K v K every move reaches a position
/// the rules call drawn (insufficient material) one ply down, so the root
/// scores exactly `-contempt` (and exactly 0 without one).
#[test]
fn contempt_prices_draws_for_the_root_side() {
    let bare = Chess::from_fen("8/8/8/8/8/8/8/K6k w - - 0 1").unwrap();
    for contempt in [0, 40, -40, 300] {
        let mut s = Searcher::<Chess>::new(4, 1);
        s.set_param("contempt", contempt).unwrap();
        let (r, _) = to_depth(&mut s, &bare, 4);
        assert_eq!(r.score, Score::Cp(-contempt), "contempt {contempt}");
    }
    let mut s = Searcher::<Chess>::new(4, 1);
    assert!(s.set_param("contempt", 301).is_err());
    assert_eq!(s.params().contempt, 0);
}

/// The correction history acts only where a variant names a structure:
/// switching it off (`correction_max=0`) changes chess's tree (its pawns),
/// and nothing where no structure is named. Each search starts from cleared
/// tables, so the counts repeat.
#[test]
fn correction_history_acts_only_where_a_variant_names_a_structure() {
    struct Nodes;
    impl VariantVisitor for Nodes {
        type Output = (bool, bool);
        fn visit<P: Position + Evaluate>(self) -> (bool, bool) {
            let pos = P::startpos();
            let mut s = Searcher::<P>::new(4, 1);
            let nodes = |s: &mut Searcher<P>| {
                s.clear();
                to_depth(s, &pos, 7).0.nodes
            };
            let on = nodes(&mut s);
            assert_eq!(on, nodes(&mut s), "{}", P::NAME);
            s.set_param("correction_max", 0).unwrap();
            let off = nodes(&mut s);
            (pos.correction_key().is_some(), on != off)
        }
    }
    for &v in VARIANTS {
        let (named, changed) = dispatch(v, Nodes).unwrap();
        // Without a key the option must do nothing; with one it may (a
        // shallow search from the start can learn too little to matter), and
        // in chess it must.
        assert!(named || !changed, "{v}: no key, yet the tree changed");
        assert!(
            v != "chess" || (named && changed),
            "chess: key {named}, changed {changed}"
        );
    }
}

/// The nodes of depth-8 searches of chess's bench positions, each from
/// cleared tables (so the count repeats for the same parameters).
fn bench_nodes(s: &mut Searcher<Chess>) -> u64 {
    bench::positions::<Chess>()
        .iter()
        .map(|p| {
            s.clear();
            to_depth(s, p, 8).0.nodes
        })
        .sum()
}

/// ProbCut is wired in and keeps the tactics: switching it off
/// (`probcut_min_depth=64`) changes chess's trees from the bench positions,
/// and with it on the search still takes a hanging queen with the rook and
/// scores the win (rook and knight against a bare king).
#[test]
fn probcut_changes_the_tree_and_keeps_a_won_queen() {
    let mut s = Searcher::<Chess>::new(4, 1);
    let on = bench_nodes(&mut s);
    s.set_param("probcut_min_depth", 64).unwrap();
    let off = bench_nodes(&mut s);
    assert_ne!(on, off, "ProbCut never cut a node");

    let mut s = Searcher::<Chess>::new(4, 1);
    let pos = Chess::from_fen("4k3/8/8/3q4/8/8/3R4/N3K3 w - - 0 1").unwrap();
    let (r, _) = to_depth(&mut s, &pos, 10);
    assert_eq!(pos.format_move(r.best.unwrap()), "d2d5");
    assert!(
        matches!(r.score, Score::Cp(c) if c > 500) || matches!(r.score, Score::Mate(n) if n > 0),
        "{:?}",
        r.score
    );
}

/// Singular extensions are wired in, and `singular_min_depth=64` (the top of
/// its range) switches them off: chess's trees from the bench positions
/// change when they are off, and are the same with any minimum depth the
/// search does not reach (64, or 20 at depth 8).
#[test]
fn singular_extensions_change_the_tree_and_sixty_four_switches_them_off() {
    let mut s = Searcher::<Chess>::new(4, 1);
    let on = bench_nodes(&mut s);
    s.set_param("singular_min_depth", 64).unwrap();
    let off = bench_nodes(&mut s);
    assert_ne!(on, off, "no singular search changed the tree");
    s.set_param("singular_min_depth", 20).unwrap();
    assert_eq!(bench_nodes(&mut s), off);
    assert!(s.set_param("singular_min_depth", 65).is_err());
}

/// The hindsight depth adjustment is wired in both ways: switched off
/// (`hindsight_margin=0`), chess's trees from the bench positions change;
/// with the margin at the top of its range (a ply shallower all but never,
/// a ply deeper as before) they differ from the trees with it off, and
/// with a margin of 1 (a ply shallower whenever this side stands better
/// than the parent thought) from the trees at the top of the range.
#[test]
fn hindsight_changes_the_tree_both_ways() {
    let mut s = Searcher::<Chess>::new(4, 1);
    let on = bench_nodes(&mut s);
    s.set_param("hindsight_margin", 0).unwrap();
    let off = bench_nodes(&mut s);
    s.set_param("hindsight_margin", 1000).unwrap();
    let deeper_only = bench_nodes(&mut s);
    s.set_param("hindsight_margin", 1).unwrap();
    let eager = bench_nodes(&mut s);
    assert_ne!(on, off, "hindsight never changed a depth");
    assert_ne!(deeper_only, off, "never a ply deeper");
    assert_ne!(eager, deeper_only, "never a ply shallower");
}

/// The continuation correction needs nothing from the variant: switched on
/// (`cont_correction_max`), it changes the tree of chess (which also has a
/// structure table) and of Fugue (which has none); switched off again, with
/// the tables cleared, Fugue's count is the first one again. (That 0 is the
/// tree without it is what `bench`'s unchanged signature shows.)
#[test]
fn continuation_correction_changes_the_tree_in_any_variant() {
    use menagerie::variants::fugue::Fugue;
    let mut s = Searcher::<Chess>::new(4, 1);
    s.set_param("cont_correction_max", 0).unwrap();
    let off = bench_nodes(&mut s);
    s.set_param("cont_correction_max", 128).unwrap();
    assert_ne!(off, bench_nodes(&mut s), "chess: the tree did not change");

    let pos = Fugue::startpos();
    let mut s = Searcher::<Fugue>::new(4, 1);
    let mut nodes = |cap: i32| {
        s.set_param("cont_correction_max", cap).unwrap();
        s.clear();
        to_depth(&mut s, &pos, 8).0.nodes
    };
    let off = nodes(0);
    assert_ne!(off, nodes(384), "fugue: the tree did not change");
    assert_eq!(off, nodes(0));
}

/// Chess's bench-position nodes with the parameter `name` at 0, its
/// default, which must be the shipped trees' count (taken first).
fn off_is_shipped(s: &mut Searcher<Chess>, name: &str) -> u64 {
    let shipped = bench_nodes(s);
    s.set_param(name, 0).unwrap();
    assert_eq!(bench_nodes(s), shipped, "{name} 0");
    shipped
}

/// Fugue, which names no structure and has no move-count rule, searches
/// the same tree from its start to `depth` with `name` at 0 and at `value`.
fn fugue_ignores(name: &str, value: i32, depth: u32) {
    use menagerie::variants::fugue::Fugue;
    let pos = Fugue::startpos();
    let mut s = Searcher::<Fugue>::new(4, 1);
    let mut nodes = |v: i32| {
        s.set_param(name, v).unwrap();
        s.clear();
        to_depth(&mut s, &pos, depth).0.nodes
    };
    assert_eq!(nodes(0), nodes(value), "fugue: {name} {value}");
}

/// A parameter, 0 (off) by default, is wired in: at 0 the trees are the
/// shipped ones; at `first` chess's trees from the bench positions change,
/// and at `second` they change again (the value is read); `out_of_range` is
/// refused.
fn two_values_change_the_tree(name: &str, first: i32, second: i32, out_of_range: i32) {
    let mut s = Searcher::<Chess>::new(4, 1);
    let shipped = off_is_shipped(&mut s, name);
    s.set_param(name, first).unwrap();
    let one = bench_nodes(&mut s);
    s.set_param(name, second).unwrap();
    let two = bench_nodes(&mut s);
    assert_ne!(one, shipped, "{name} {first} changed nothing");
    assert_ne!(two, one, "{name} {second} changed nothing more");
    assert!(s.set_param(name, out_of_range).is_err());
}

/// The low-ply history is wired in: ordering the root's quiet moves by it
/// (1), or the first four plies' (4), changes chess's trees, each
/// differently; 5 is out of range.
#[test]
fn low_ply_history_changes_the_tree_only_when_asked() {
    two_values_change_the_tree("low_ply_history", 1, 4, 5);
}

/// The structure history is wired in: at 100 and at 200 chess's trees
/// change, each differently; in Fugue, which names no structure, nothing
/// changes; 401 is out of range.
#[test]
fn structure_history_changes_the_tree_only_where_a_structure_is_named() {
    two_values_change_the_tree("structure_history_pct", 100, 200, 401);
    fugue_ignores("structure_history_pct", 200, 8);
}

/// A 0/1 switch, off by default, is wired in: at 0 the trees are the
/// shipped ones, at 1 chess's trees from the bench positions change, and 2
/// is out of range.
fn switch_changes_the_tree_only_when_on(name: &str) {
    let mut s = Searcher::<Chess>::new(4, 1);
    let shipped = off_is_shipped(&mut s, name);
    s.set_param(name, 1).unwrap();
    assert_ne!(bench_nodes(&mut s), shipped, "{name} 1 changed nothing");
    assert!(s.set_param(name, 2).is_err());
}

/// The continuation history four plies back is wired in.
#[test]
fn continuation_four_plies_back_changes_the_tree_only_when_asked() {
    switch_changes_the_tree_only_when_on("cont_history_4");
}

/// Quiescence's cut-off blend is wired in.
#[test]
fn quiescence_blend_changes_the_tree_only_when_asked() {
    switch_changes_the_tree_only_when_on("qs_fail_high_blend");
}

/// The clock fade is wired in where a move-count rule is: at its default 0
/// the trees are the shipped ones; switched on (`clock_fade`), a rook up
/// with 90 plies on the clock scores less than with a fresh clock, and
/// chess's trees from the bench positions change. Fugue has no move-count
/// rule: its tree stays the same.
#[test]
fn clock_fade_shrinks_a_lead_on_a_running_clock_only_where_a_rule_is() {
    let mut s = Searcher::<Chess>::new(4, 1);
    let shipped = off_is_shipped(&mut s, "clock_fade");
    s.set_param("clock_fade", 200).unwrap();
    assert_ne!(bench_nodes(&mut s), shipped, "the fade changed nothing");
    let mut score = |clock: u32| {
        let fen = format!("4k3/8/8/8/8/8/R7/4K3 w - - {clock} 60");
        let pos = Chess::from_fen(&fen).unwrap();
        s.clear();
        match to_depth(&mut s, &pos, 6).0.score {
            Score::Cp(cp) => cp,
            other => panic!("{other:?}"),
        }
    };
    let (fresh, late) = (score(0), score(90));
    assert!(late < fresh * 2 / 3, "{late} against {fresh}");
    assert!(late > 0, "{late}");
    fugue_ignores("clock_fade", 200, 6);
}

/// Futility pruning of noisy moves is wired in: at its default maximum
/// depth 0 the trees are the shipped ones; on to depth 6 chess's trees from
/// the bench positions change, and change again when its base margin is at
/// the top of its range (so the margin is read: a noisy move is then all but
/// never hopeless); 21 is out of range.
#[test]
fn noisy_futility_changes_the_tree_only_when_asked() {
    let mut s = Searcher::<Chess>::new(4, 1);
    let shipped = off_is_shipped(&mut s, "noisy_futility_max_depth");
    s.set_param("noisy_futility_max_depth", 6).unwrap();
    let on = bench_nodes(&mut s);
    assert_ne!(on, shipped, "no noisy move was pruned");
    s.set_param("noisy_futility_base", 1000).unwrap();
    assert_ne!(bench_nodes(&mut s), on, "the margin is not read");
    assert!(s.set_param("noisy_futility_max_depth", 21).is_err());
}

/// The evaluation-difference history is wired in: at 100 and at 300
/// chess's trees change, each differently (the multiplier is read); 1001 is
/// out of range.
#[test]
fn eval_diff_history_changes_the_tree_only_when_asked() {
    two_values_change_the_tree("eval_diff_history_mul", 100, 300, 1001);
}

/// Reverse futility's blend towards beta is wired in.
#[test]
fn reverse_futility_blend_changes_the_tree_only_when_asked() {
    switch_changes_the_tree_only_when_on("rfp_blend");
}

/// The null move at expected cut nodes only is chess's default and wired
/// in: switched off, chess's trees from the bench positions change; 2 is out
/// of range. Bandit, where it lost, keeps the null move at every zero-window
/// node.
#[test]
fn null_move_at_cut_nodes_only_is_chess_default_and_not_bandit() {
    use menagerie::variants::bandit::Bandit;
    assert_eq!(Searcher::<Chess>::variant_params().nmp_cut_only, 1);
    assert_eq!(Searcher::<Bandit>::variant_params().nmp_cut_only, 0);
    let mut s = Searcher::<Chess>::new(4, 1);
    let shipped = bench_nodes(&mut s);
    s.set_param("nmp_cut_only", 0).unwrap();
    assert_ne!(
        bench_nodes(&mut s),
        shipped,
        "nmp_cut_only 0 changed nothing"
    );
    assert!(s.set_param("nmp_cut_only", 2).is_err());
}

/// The shallower search after a raised alpha is wired in: one ply and two
/// plies change chess's trees, each differently; 4 is out of range.
#[test]
fn alpha_raise_reduction_changes_the_tree_only_when_asked() {
    two_values_change_the_tree("alpha_raise_reduction", 1, 2, 4);
}

/// The hash move's reduction at a cut node when it is not singular is wired
/// in: at 1 and 2 chess's trees change, each differently; 3 is out of range.
#[test]
fn singular_cut_reduction_changes_the_tree_only_when_asked() {
    two_values_change_the_tree("singular_cut_reduction", 1, 2, 3);
}
