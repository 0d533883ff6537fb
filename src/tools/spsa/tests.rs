use super::cli::parse_param;
use super::game::Seats;
use super::*;
use crate::arena::openings::Opening;
use crate::tools::datagen;
use crate::variants::chess::Chess;

fn spec(name: &str, start: f64, c_end: f64) -> Spec {
    Spec::new(name, start, Some(c_end)).unwrap()
}

#[test]
fn the_gains_follow_the_schedule() {
    let s = spec("rfp_margin", 80.0, 8.0);
    let (a_end, c_end) = gains(&s, 1000, 1000, 0.002);
    assert!((c_end - 8.0).abs() < 1e-9, "c ends at c_end");
    assert!(
        (a_end - 0.002 * 64.0).abs() < 1e-9,
        "a ends at r_end * c_end^2"
    );
    let (a1, c1) = gains(&s, 1, 1000, 0.002);
    assert!(c1 > c_end && a1 > a_end, "both decay over the run");
    assert!((c1 - 8.0 * 1000f64.powf(GAMMA)).abs() < 1e-9);
}

#[test]
fn specs_name_parameters_in_range() {
    assert!(Spec::new("no_such_thing", 1.0, None).is_err());
    assert!(Spec::new("time_soft_pct", 60.0, None).is_err());
    assert!(
        Spec::new("rfp_margin", 5.0, None).is_err(),
        "below its range"
    );
    assert!(Spec::new("rfp_margin", 80.0, Some(0.0)).is_err());
    assert_eq!(Spec::new("rfp_margin", 80.0, None).unwrap().c_end, 8.0);
    assert_eq!(Spec::new("lmp_base", 3.0, None).unwrap().c_end, 1.0);
    assert_eq!(
        parse_param("rfp_margin=90:4.5"),
        Ok(("rfp_margin".into(), Some(90.0), Some(4.5)))
    );
    assert_eq!(parse_param("lmp_base"), Ok(("lmp_base".into(), None, None)));
    assert_eq!(
        parse_param("lmp_base:2"),
        Ok(("lmp_base".into(), None, Some(2.0)))
    );
    assert!(parse_param("=3").is_err() && parse_param("a=x").is_err());
}

/// A stand-in for games: in each pair the table nearer a target value
/// scores 1 (the further one -1); a parameter the objective ignores only
/// wanders. SPSA must walk the first towards its target and leave the
/// second near its start.
#[test]
fn spsa_climbs_a_synthetic_objective() {
    let specs = [
        spec("rfp_margin", 60.0, 6.0),
        spec("futility_base", 80.0, 8.0),
    ];
    let settings = Settings {
        pairs: 4000,
        nodes: 1,
        threads: 3,
        seed: 7,
        r_end: 0.002,
    };
    let target = 110;
    let mut play = |trials: &[Trial]| {
        Some(
            trials
                .iter()
                .map(|t| {
                    let miss = |p: &Params| (p.rfp_margin - target).abs();
                    (miss(&t.minus) - miss(&t.plus)).signum()
                })
                .collect(),
        )
    };
    let mut batches = 0;
    let st = optimise(
        &Params::DEFAULT,
        &specs,
        &settings,
        5,
        &mut play,
        &mut |_| batches += 1,
    );
    assert_eq!(st.pairs, 4000);
    assert_eq!(batches, 4000_u64.div_ceil(BATCH as u64));
    assert!(!st.stopped);
    let moved = st.values[0];
    assert!(
        (moved - 110.0).abs() < 15.0,
        "rfp_margin went from 60 to {moved}, not near 110"
    );
    let idle = st.values[1];
    assert!(
        (idle - 80.0).abs() < 12.0,
        "futility_base wandered to {idle}"
    );
    // A stopped batch is not applied.
    let st = optimise(
        &Params::DEFAULT,
        &specs,
        &settings,
        5,
        &mut |_| None,
        &mut |_| {},
    );
    assert!(st.stopped && st.pairs == 0 && st.values == vec![60.0, 80.0]);
}

/// Identical tables score 0 in every pair: the colours are swapped and the
/// fixed-node games repeat exactly. The opening is one whose game is won
/// (White wins it at 300 nodes), so a pair scored with the colours mixed up
/// would come out at 2 or -2, not 0.
#[test]
fn a_pair_of_equal_tables_is_level() {
    let start = datagen::starts::<Chess>(&[Opening {
        fen: None,
        moves: vec!["d2d4".into(), "d7d5".into()],
    }])
    .unwrap();
    let mut seats = Seats::<Chess>::default();
    let p = Params::DEFAULT;
    let stop = AtomicBool::new(false);
    let game = seats.play(&start[0], &p, &p, 300, &stop);
    assert!(
        matches!(game, Some(r) if r != game::GameResult::Draw),
        "the game must be decisive for this test to bite (pick another opening): {game:?}"
    );
    assert_eq!(seats.play_pair(&start[0], &p, &p, 300, &stop), Some(0));
    stop.store(true, Relaxed);
    assert_eq!(seats.play_pair(&start[0], &p, &p, 300, &stop), None);
}

/// A real run is a pure function of its settings: the same seed gives the
/// same values and results, on one thread or two.
#[test]
fn a_run_is_fixed_by_its_seed() {
    let starts = datagen::starts::<Chess>(&[
        Opening {
            fen: None,
            moves: vec!["d2d4".into(), "d7d5".into()],
        },
        Opening {
            fen: None,
            moves: vec!["e2e4".into(), "e7e5".into()],
        },
    ])
    .unwrap();
    let specs = [
        spec("rfp_margin", 80.0, 20.0),
        spec("lmr_base_pct", 80.0, 20.0),
    ];
    let settings = Settings {
        pairs: 20,
        nodes: 100,
        threads: 2,
        seed: 3,
        r_end: 0.02,
    };
    let stop = AtomicBool::new(false);
    let a = run::<Chess>(&specs, &settings, &starts, &stop, &mut |_| {});
    let one = Settings {
        threads: 1,
        ..settings.clone()
    };
    let b = run::<Chess>(&specs, &one, &starts, &stop, &mut |_| {});
    assert_eq!(a, b, "one thread or two, the same run");
    assert_eq!(a.pairs, 20);
    assert_eq!(a.results.iter().sum::<u64>(), 20);
}
