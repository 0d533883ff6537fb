use super::*;
use crate::variants::chess::Chess;

fn settings(games: u64, threads: usize, shard: Shard) -> Settings {
    Settings {
        games,
        nodes: 400,
        threads,
        seed: 7,
        random_plies: 8,
        shard,
    }
}

fn start_only<P: Position>() -> Vec<Start<P>> {
    starts::<P>(&[Opening {
        fen: None,
        moves: Vec::new(),
    }])
    .unwrap()
}

#[test]
fn shard_parsing_and_coverage() {
    assert_eq!(Shard::parse("0/1"), Ok(Shard::ALL));
    assert_eq!(Shard::parse("3/4"), Ok(Shard { index: 3, count: 4 }));
    for bad in ["", "1", "4/4", "1/0", "-1/2", "a/b", "1/2/3", "0/"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
    // Every game of 10 belongs to exactly one of 3 shards.
    let mut seen = Vec::new();
    for index in 0..3 {
        let s = Shard { index, count: 3 };
        seen.extend((0..s.len(10)).map(|k| s.game(k)));
    }
    seen.sort();
    assert_eq!(seen, (0..10).collect::<Vec<_>>());
    assert!(Shard { index: 5, count: 6 }.is_empty(3));
}

/// The filter: early plies, check, noisy best moves and mate scores are
/// skipped; a kept score is turned to White's side.
#[test]
fn kept_positions_are_quiet_and_scored_for_white() {
    let quiet = Chess::from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 1").unwrap();
    let m = quiet.parse_move("e8d8").unwrap();
    assert_eq!(kept_score(&quiet, m, Score::Cp(-40), SKIP_PLIES), Some(40));
    assert_eq!(kept_score(&quiet, m, Score::Cp(-40), SKIP_PLIES - 1), None);
    assert_eq!(kept_score(&quiet, m, Score::Mate(3), SKIP_PLIES), None);
    let white = Chess::from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1").unwrap();
    let m = white.parse_move("e2e4").unwrap();
    assert_eq!(kept_score(&white, m, Score::Cp(25), SKIP_PLIES), Some(25));
    let check = Chess::from_fen("4k3/8/8/8/8/8/4R3/4K3 b - - 0 1").unwrap();
    let m = check.parse_move("e8d8").unwrap();
    assert_eq!(kept_score(&check, m, Score::Cp(-500), 20), None);
    let capture = Chess::from_fen("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    let m = capture.parse_move("e4d5").unwrap();
    assert_eq!(kept_score(&capture, m, Score::Cp(90), 20), None);
    let promotion = Chess::from_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    let m = promotion.parse_move("e7e8q").unwrap();
    assert_eq!(kept_score(&promotion, m, Score::Cp(900), 20), None);
}

/// A game depends on its index alone: the same game played by a fresh
/// player and by one that has played others first is the same, so tables
/// and histories really start afresh each game; other indices differ.
#[test]
fn a_game_depends_only_on_its_index() {
    let s = settings(4, 1, Shard::ALL);
    let starts = start_only::<Chess>();
    let stop = AtomicBool::new(false);
    let fresh = Player::new(&s, &starts).play(2, &stop);
    let mut used = Player::new(&s, &starts);
    let first = used.play(0, &stop);
    assert_eq!(used.play(2, &stop), fresh);
    assert_ne!(first, fresh);
    let Played::Game(game) = fresh else {
        panic!("no game: {fresh:?}")
    };
    assert!(game.positions > 0);
    assert_eq!(game.text.lines().count(), game.positions);
}

/// Threads change nothing in the output; shards partition the games; a
/// stop before the start writes nothing and says so.
#[test]
fn run_output_is_fixed_by_the_seed() {
    let starts = start_only::<Chess>();
    let stop = AtomicBool::new(false);
    let mut one = Vec::new();
    let sum = run(&settings(4, 1, Shard::ALL), &starts, &mut one, &stop, false).unwrap();
    assert_eq!(sum.games, 4);
    assert_eq!(sum.white.iter().sum::<u64>(), 4);
    assert_eq!(
        sum.positions as usize,
        one.split(|&b| b == b'\n').count() - 1
    );
    let mut two = Vec::new();
    run(&settings(4, 2, Shard::ALL), &starts, &mut two, &stop, false).unwrap();
    assert_eq!(one, two);
    let mut shards = Vec::new();
    for index in [1, 0] {
        let s = settings(4, 2, Shard { index, count: 2 });
        run(&s, &starts, &mut shards, &stop, false).unwrap();
    }
    let lines = |b: &[u8]| {
        let mut v: Vec<String> = String::from_utf8_lossy(b)
            .lines()
            .map(String::from)
            .collect();
        v.sort();
        v
    };
    assert_eq!(lines(&one), lines(&shards));
    let stopped = AtomicBool::new(true);
    let mut none = Vec::new();
    let sum = run(
        &settings(4, 2, Shard::ALL),
        &starts,
        &mut none,
        &stopped,
        false,
    )
    .unwrap();
    assert!(none.is_empty());
    assert!(sum.stopped);
    assert_eq!(sum.games, 0);
}

/// An openings file's line that does not replay is refused with its number.
#[test]
fn bad_openings_are_named() {
    let list = crate::arena::openings::parse("startpos moves e2e4\nstartpos moves e2e5\n").unwrap();
    let err = starts::<Chess>(&list).err().unwrap();
    assert!(err.starts_with("opening 2:"), "{err}");
}
