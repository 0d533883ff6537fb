//! The `menagerie perft` command line: output format and error handling.

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .args(args)
        .output()
        .expect("run menagerie");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_last_line_is_the_node_count() {
    let (code, out, _) = run(&["perft", "chess", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes searched: 8902"));
}

#[test]
fn perft_divide_and_threads() {
    let (code, out, _) = run(&["perft", "chess", "3", "--divide", "--threads", "2"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.last(), Some(&"Nodes searched: 8902"));
    let divide: Vec<(&str, u64)> = lines
        .iter()
        .filter_map(|l| l.split_once(": "))
        .filter(|(m, _)| *m != "Nodes searched")
        .map(|(m, n)| (m, n.parse().unwrap()))
        .collect();
    assert_eq!(divide.len(), 20);
    assert!(divide.contains(&("e2e4", 600)));
    assert_eq!(divide.iter().map(|d| d.1).sum::<u64>(), 8902);
}

#[test]
fn perft_from_fen() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let (code, out, _) = run(&["perft", "chess", "2", "--fen", fen]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("Nodes searched: 2039"));
}

#[test]
fn bad_input_exits_2_with_one_line() {
    for args in [
        vec!["perft", "nosuchvariant", "3"],
        vec!["perft", "chess", "three"],
        vec!["perft", "chess", "0"],
        vec!["perft", "chess", "-1"],
        vec!["perft", "chess", "3", "--fen", "not a fen"],
        vec!["perft", "chess", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
        vec!["perft", "chess", "3", "--threads", "0"],
    ] {
        let (code, out, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        assert!(err.trim().lines().count() >= 1, "{args:?}");
    }
}

#[test]
fn show_draws_the_position() {
    let (code, out, _) = run(&["show", "trebuqi"]);
    assert_eq!(code, 0);
    // The hexagon: rank 6 holds 11 cells, ranks 1 and 11 hold 6, rows are offset.
    let rank = |n: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap()
            .to_string()
    };
    assert_eq!(rank("6 ").matches('.').count(), 11);
    assert_eq!(
        rank("1 ")
            .split_whitespace()
            .filter(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_uppercase()))
            .count(),
        6
    );
    assert!(
        rank("1 ").find('R') > rank("6 ").find('.'),
        "rank 1 is indented"
    );
    assert!(out.contains("River"));
    let (code, out, _) = run(&["show", "chess", "--fen", "4k3/8/8/8/8/8/8/4K3 b - - 0 1"]);
    assert_eq!(code, 0);
    assert!(out.contains("FEN: 4k3/8/8/8/8/8/8/4K3 b - - 0 1"));
    let (code, _, err) = run(&["show", "chess", "--fen", "bad"]);
    assert_eq!(code, 2);
    assert!(err.starts_with("error:"));
}
