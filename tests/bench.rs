//! `menagerie bench` from the command line: the signature line, and
//! `--positions` (an openings-form file searched instead of the built-in
//! positions), with its bad input. Shallow depths keep it to seconds; no
//! test looks at a time.

mod common;

fn run(args: &[&str]) -> (i32, String, String) {
    common::menagerie(&[&["bench"], args].concat())
}

/// The total of the last line, `<N> nodes <M> nps`.
fn signature(stdout: &str) -> u64 {
    let last = stdout.lines().last().expect("a last line");
    let words: Vec<&str> = last.split_whitespace().collect();
    assert_eq!(words.len(), 4, "{last}");
    assert_eq!((words[1], words[3]), ("nodes", "nps"), "{last}");
    words[0].parse().expect("a node count")
}

/// The node counts of the position lines (`chess  1  <nodes> nodes ...`).
fn position_nodes(stdout: &str) -> Vec<u64> {
    let lines: Vec<&str> = stdout.lines().collect();
    lines[..lines.len() - 1]
        .iter()
        .map(|l| l.split_whitespace().nth(2).unwrap().parse().unwrap())
        .collect()
}

#[test]
fn the_signature_comes_last_and_repeats() {
    let (code, a, _) = run(&["chess", "--depth", "4"]);
    assert_eq!(code, 0);
    let (_, b, _) = run(&["chess", "--depth", "4"]);
    assert_eq!(signature(&a), signature(&b));
    assert_eq!(position_nodes(&a).iter().sum::<u64>(), signature(&a));
}

/// A scratch file of this test's own.
fn file(tag: &str, text: &str) -> std::path::PathBuf {
    let path =
        std::env::temp_dir().join(format!("menagerie-bench-{}-{tag}.txt", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn positions_are_searched_from_a_file() {
    let path = file(
        "two",
        "# two openings\nstartpos moves e2e4 e7e5\n\
         rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1\n",
    );
    let p = path.to_str().unwrap();
    let (code, out, err) = run(&["chess", "--depth", "3", "--positions", p]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    // Each line names the position searched: the opening's moves played.
    assert!(
        lines[0].ends_with("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"),
        "{}",
        lines[0]
    );
    assert!(lines[1].contains("/3P4/"), "{}", lines[1]);
    let nodes = position_nodes(&out);
    assert!(nodes.iter().all(|&n| n > 0));
    assert_eq!(nodes.iter().sum::<u64>(), signature(&out));
    // Not the built-in set: its depth-3 total differs.
    let (_, builtin, _) = run(&["chess", "--depth", "3"]);
    assert_ne!(signature(&builtin), signature(&out));
    std::fs::remove_file(path).unwrap();
}

#[test]
fn bad_positions_get_one_error_line_and_exit_2() {
    let bad_move = file("bad-move", "startpos moves e2e5\n");
    let over = file("over", "startpos moves f2f3 e7e5 g2g4 d8h4\n");
    let empty = file("empty", "# nothing\n");
    let bad_fen = file("bad-fen", "rnbqkbnr/pppppppp w\n");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["--positions", bad_move.to_str().unwrap()],
            "needs a variant",
        ),
        (
            vec!["chess", "--positions", "/no/such/file"],
            "cannot read positions file",
        ),
        (
            vec!["chess", "--positions", bad_move.to_str().unwrap()],
            "position 1",
        ),
        (
            vec!["chess", "--positions", over.to_str().unwrap()],
            "the game is over",
        ),
        (
            vec!["chess", "--positions", empty.to_str().unwrap()],
            "no opening",
        ),
        (
            vec!["chess", "--positions", bad_fen.to_str().unwrap()],
            "bad FEN",
        ),
        (vec!["nope", "--depth", "3"], "unknown variant"),
        (vec!["chess", "--depth", "0"], "--depth"),
        (vec!["chess", "--threads", "0"], "--threads"),
    ];
    for (args, want) in cases {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(out.is_empty(), "{args:?} printed {out}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(want),
            "{args:?}: {err}"
        );
        // An error about a file's content names the file.
        let file = args.iter().find(|a| a.contains("menagerie-bench-"));
        if let (Some(path), "chess") = (file, args[0]) {
            assert!(err.contains(path), "{args:?}: {err}");
        }
    }
    for f in [bad_move, over, empty, bad_fen] {
        std::fs::remove_file(f).unwrap();
    }
}
