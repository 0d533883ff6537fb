use super::data::{read_text, Part, Samples};
use super::*;
use crate::rules::weights::weight_name;
use crate::variants::chess::{eval, Chess};

/// Chess positions labelled by the compiled weights; the tuner starts with
/// the knight worth 150 instead of 330 / 300 and must move it back up while
/// the held-out loss falls.
#[test]
fn tuning_finds_a_wrong_weight_and_lowers_the_held_out_loss() {
    let truth = <Chess as Tunable>::WEIGHTS;
    let text = synthetic::<Chess>(1500, 7, truth, 0.006);
    let mut set = Samples::default();
    read_text::<Chess>("synthetic", &text, &mut set).unwrap();
    let knight = eval::MATERIAL + 2;
    let mut wrong = truth.to_vec();
    wrong[knight] = 150;
    wrong[knight + 1] = 150;
    let opts = Options {
        epochs: 30,
        lr: 8.0,
        batch: 128,
        ..Options::default()
    };
    let mut epochs = Vec::new();
    let tuned = fit::<Chess>(&set, &wrong, &opts, &mut |e| epochs.push(e)).unwrap();
    assert_eq!(epochs.len(), 30);
    assert!(tuned.loss_after < tuned.loss_before * 0.7, "{tuned:?}");
    for j in [knight, knight + 1] {
        let (got, want) = (tuned.weights[j], truth[j]);
        assert!(
            (got - want).abs() * 2 < (150 - want).abs(),
            "{} went from 150 to {got}, truth {want}",
            weight_name(Chess::GROUPS, j)
        );
    }
    // Fixed weights never move.
    for (j, (&got, &start)) in tuned.weights.iter().zip(&wrong).enumerate() {
        if Chess::is_fixed(j) {
            assert_eq!(got, start, "{}", weight_name(Chess::GROUPS, j));
        }
    }
    // Labels made with a known K give that K back (about) from the true weights.
    let zero = Options {
        epochs: 0,
        ..opts.clone()
    };
    let k = fit::<Chess>(&set, truth, &zero, &mut |_| {}).unwrap().k;
    assert!((k - 0.006).abs() < 0.0006, "K = {k}");
    // A K given is used as it is, not fitted.
    let held = Options {
        epochs: 1,
        k: Some(0.0123),
        ..opts
    };
    let fit_held = fit::<Chess>(&set, truth, &held, &mut |_| {}).unwrap();
    assert_eq!(fit_held.k, 0.0123);
}

/// The compiled files are what `render` writes for the compiled weights
/// (apart from the header, which names how they were made), so a tuned file
/// has the same shape.
#[test]
fn rendered_weights_match_the_compiled_files() {
    fn body(file: &str) -> &str {
        &file[file.find("#[rustfmt::skip]").expect("a weights table")..]
    }
    fn check<P: Tunable>() {
        let file = std::fs::read_to_string(P::WEIGHTS_FILE).unwrap();
        let rendered = render::render::<P>(P::WEIGHTS, &["any header".to_string()]);
        assert_eq!(body(&rendered), body(&file), "{}", P::NAME);
    }
    use crate::variants::*;
    check::<Chess>();
    check::<trubix::Trubix>();
    check::<fugue::Fugue>();
    check::<trebuqi::Trebuqi1>();
    check::<trebuqi::Trebuqi2>();
    check::<trebuqi::Trebuqi3>();
    check::<bandit::Bandit>();
}

#[test]
fn too_little_data_is_an_error() {
    let set = Samples::default();
    let e = fit::<Chess>(
        &set,
        <Chess as Tunable>::WEIGHTS,
        &Options::default(),
        &mut |_| {},
    );
    assert!(e.unwrap_err().contains("0 usable position"));
}

/// `lr_end` decays the step from `lr` on the first epoch to `lr_end` on the
/// last, never rising; and the fit uses it: with a last step of almost
/// nothing, a second epoch leaves the weights where the first put them
/// (at the constant step it moves them).
#[test]
fn a_decaying_step_size_is_used_epoch_by_epoch() {
    let opts = Options {
        epochs: 5,
        lr: 4.0,
        lr_end: Some(0.5),
        ..Options::default()
    };
    let steps: Vec<f64> = (1..=5).map(|e| step_size(&opts, e)).collect();
    assert_eq!(steps[0], 4.0);
    assert!((steps[4] - 0.5).abs() < 1e-12, "{steps:?}");
    assert!(steps.windows(2).all(|p| p[1] < p[0]), "{steps:?}");
    assert!((steps[2] - 2.25).abs() < 1e-12, "{steps:?}");
    assert_eq!(step_size(&Options::default(), 3), 1.0);

    let text = synthetic::<Chess>(400, 9, <Chess as Tunable>::WEIGHTS, 0.006);
    let mut set = Samples::default();
    read_text::<Chess>("synthetic", &text, &mut set).unwrap();
    let mut start = <Chess as Tunable>::WEIGHTS.to_vec();
    start[eval::MATERIAL + 2] = 150;
    let base = Options {
        epochs: 1,
        lr: 8.0,
        batch: 64,
        ..Options::default()
    };
    let run = |o: &Options| fit::<Chess>(&set, &start, o, &mut |_| {}).unwrap().weights;
    let one = run(&base);
    let settled = run(&Options {
        epochs: 2,
        lr_end: Some(1e-9),
        ..base.clone()
    });
    let constant = run(&Options { epochs: 2, ..base });
    assert_ne!(one, start);
    assert_eq!(settled, one);
    assert_ne!(constant, one);
}

/// `--freeze MATERIAL` holds every material weight where it started while
/// the other groups move; the header names the option; an unknown group is
/// an error naming the layout's groups.
#[test]
fn frozen_groups_keep_their_starting_weights() {
    let truth = <Chess as Tunable>::WEIGHTS;
    let text = synthetic::<Chess>(600, 11, truth, 0.006);
    let mut set = Samples::default();
    read_text::<Chess>("synthetic", &text, &mut set).unwrap();
    let mut start = truth.to_vec();
    let knight = eval::MATERIAL + 2;
    start[knight] = 150;
    // Halve every other group's weights so that they have somewhere to go.
    for w in start.iter_mut().skip(eval::MATERIAL + 12) {
        *w /= 2;
    }
    let opts = Options {
        epochs: 3,
        lr: 8.0,
        batch: 64,
        freeze: vec!["MATERIAL".to_string()],
        ..Options::default()
    };
    let tuned = fit::<Chess>(&set, &start, &opts, &mut |_| {}).unwrap();
    let material = Chess::GROUPS.iter().find(|g| g.name == "MATERIAL").unwrap();
    let range = material.start..material.start + material.len;
    assert_eq!(tuned.weights[range.clone()], start[range.clone()]);
    let moved = (0..start.len())
        .filter(|j| !range.contains(j) && tuned.weights[*j] != start[*j])
        .count();
    assert!(moved > 10, "only {moved} weights moved");
    // Without the freeze the knight does move.
    let thawed = fit::<Chess>(
        &set,
        &start,
        &Options {
            freeze: Vec::new(),
            ..opts.clone()
        },
        &mut |_| {},
    )
    .unwrap();
    assert_ne!(thawed.weights[knight], 150);

    let header = render::made_by::<Chess>(&opts, &[], &tuned, &set);
    assert!(header[0].ends_with(" --freeze MATERIAL`"), "{}", header[0]);

    let bad = Options {
        freeze: vec!["MATERIAL".to_string(), "QUEENS".to_string()],
        ..opts
    };
    let e = fit::<Chess>(&set, &start, &bad, &mut |_| {}).unwrap_err();
    assert!(e.contains("\"QUEENS\"") && e.contains("MOBILITY"), "{e}");
    assert!(
        run::<Chess>(&["/nonexistent".to_string()], &bad, &mut |_| {})
            .unwrap_err()
            .contains("QUEENS")
    );
}

/// Synthetic chess data (`games` games from `seed`) labelled by weights
/// whose knight is worth 100 more in the middle game, and the knight's
/// piece-square table, for the tests of `--hold-mean` and `--min-use`.
fn richer_knights(games: usize, seed: u64) -> (Samples, &'static Group) {
    let mut richer = <Chess as Tunable>::WEIGHTS.to_vec();
    richer[eval::MATERIAL + 2] += 100;
    let text = synthetic::<Chess>(games, seed, &richer, 0.006);
    let mut set = Samples::default();
    read_text::<Chess>("synthetic", &text, &mut set).unwrap();
    let table = Chess::GROUPS
        .iter()
        .find(|g| g.name == "PST_KNIGHT")
        .unwrap();
    (set, table)
}

/// `--hold-mean PST_KNIGHT`: data whose knights are worth 100 more in the
/// middle game, the material frozen. Free, the knight's piece-square table
/// rises as a whole to say it; held, its usage-weighted middle-game mean
/// stays at its start (0, within rounding) while its cells still move. The
/// header names the option; an unknown group is an error naming the option.
#[test]
fn held_means_keep_a_tables_level_while_its_shape_moves() {
    let truth = <Chess as Tunable>::WEIGHTS;
    let (set, table) = richer_knights(800, 12);
    let cells: Vec<usize> = (table.start..table.start + table.len)
        .filter(|&j| set.usage[j] > 0.0 && set.part[j] == Part::Middle)
        .collect();
    assert!(cells.len() > 10, "{} middle-game cells used", cells.len());
    let mean = |w: &[i32]| {
        let total: f64 = cells.iter().map(|&j| set.usage[j]).sum();
        cells
            .iter()
            .map(|&j| set.usage[j] * w[j] as f64)
            .sum::<f64>()
            / total
    };
    // The start: the compiled weights with the knight's table empty.
    let mut start = truth.to_vec();
    start[table.start..table.start + table.len].fill(0);
    let free = Options {
        epochs: 4,
        lr: 8.0,
        batch: 64,
        freeze: vec!["MATERIAL".to_string()],
        ..Options::default()
    };
    let drifted = fit::<Chess>(&set, &start, &free, &mut |_| {}).unwrap();
    assert!(mean(&drifted.weights) > 20.0, "{}", mean(&drifted.weights));
    let held = Options {
        hold_mean: vec!["PST_KNIGHT".to_string()],
        ..free.clone()
    };
    let shaped = fit::<Chess>(&set, &start, &held, &mut |_| {}).unwrap();
    assert!(
        mean(&shaped.weights).abs() <= 0.5,
        "{}",
        mean(&shaped.weights)
    );
    let moved = cells
        .iter()
        .filter(|&&j| shaped.weights[j].abs() >= 3)
        .count();
    assert!(moved > 5, "only {moved} cells moved");

    let header = render::made_by::<Chess>(&held, &[], &shaped, &set);
    assert!(
        header[0].ends_with(" --hold-mean PST_KNIGHT`"),
        "{}",
        header[0]
    );
    let bad = Options {
        hold_mean: vec!["KNIGHTS".to_string()],
        ..held
    };
    let e = fit::<Chess>(&set, &start, &bad, &mut |_| {}).unwrap_err();
    assert!(
        e.starts_with("--hold-mean:") && e.contains("\"KNIGHTS\""),
        "{e}"
    );
}

/// `--min-use`: with the threshold between the knight table's least and
/// most used cells, every cell under it keeps its start (0) while cells
/// over it move; the header names the option.
#[test]
fn rarely_used_weights_stay_where_they_start() {
    let truth = <Chess as Tunable>::WEIGHTS;
    let (set, table) = richer_knights(400, 13);
    let mut start = truth.to_vec();
    start[table.start..table.start + table.len].fill(0);
    let cells: Vec<usize> = (table.start..table.start + table.len)
        .filter(|&j| set.usage[j] > 0.0)
        .collect();
    let mut uses: Vec<f64> = cells.iter().map(|&j| set.usage[j]).collect();
    uses.sort_by(f64::total_cmp);
    let min_use = uses[uses.len() / 2].ceil() as u32;
    let opts = Options {
        epochs: 3,
        lr: 8.0,
        batch: 64,
        freeze: vec!["MATERIAL".to_string()],
        min_use,
        ..Options::default()
    };
    let fit = fit::<Chess>(&set, &start, &opts, &mut |_| {}).unwrap();
    let (rare, common): (Vec<usize>, Vec<usize>) = cells
        .iter()
        .partition(|&&j| set.usage[j] < f64::from(min_use));
    assert!(rare.len() > 3 && common.len() > 3, "{rare:?} {common:?}");
    for &j in &rare {
        assert_eq!(fit.weights[j], 0, "{}", weight_name(Chess::GROUPS, j));
    }
    let moved = common.iter().filter(|&&j| fit.weights[j] != 0).count();
    assert!(
        moved * 2 > common.len(),
        "{moved} of {} moved",
        common.len()
    );
    let header = render::made_by::<Chess>(&opts, &[], &fit, &set);
    assert!(
        header[0].ends_with(&format!(" --min-use {min_use}`")),
        "{}",
        header[0]
    );
}
