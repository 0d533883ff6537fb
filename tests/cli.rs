//! The `menagerie perft` command line: output format and error handling.

mod common;

use std::process::Command;

fn run(args: &[&str]) -> (i32, String, String) {
    common::menagerie(args)
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

/// Each bad argument: exit status 2, nothing on standard output, and exactly
/// one line on standard error, `error: ` and what is wrong.
#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: [(&[&str], &str); 10] = [
        (
            &["perft", "nosuchvariant", "3"],
            "unknown variant 'nosuchvariant'",
        ),
        (&["perft", "chess", "three"], "bad depth 'three'"),
        (&["perft", "chess", "0"], "bad depth '0'"),
        (&["perft", "chess", "-1"], "bad depth '-1'"),
        (&["perft", "chess", "21"], "bad depth '21'"),
        (
            &["perft", "chess", "3", "--fen", "not a fen"],
            "bad FEN for chess",
        ),
        (
            &["perft", "chess", "3", "--fen", "8/8/8/8/8/8/8/8 w - - 0 1"],
            "bad FEN for chess",
        ),
        (
            &["perft", "chess", "3", "--threads", "0"],
            "bad --threads '0'",
        ),
        (
            &["perft", "chess", "3", "--threads", "-2"],
            "bad --threads '-2'",
        ),
        (
            &["perft", "chess", "3", "--threads", "many"],
            "bad --threads 'many'",
        ),
    ];
    for (args, what) in cases {
        let (code, out, err) = run(args);
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        let lines: Vec<&str> = err.lines().collect();
        assert_eq!(lines.len(), 1, "{args:?}: {err}");
        assert!(lines[0].starts_with("error: "), "{args:?}: {err}");
        assert!(lines[0].contains(what), "{args:?}: {err}");
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

/// Every FEN error the variant issues (#3–#6) name, through the binary: exit
/// status 2, nothing on standard output, one `error:` line on standard error
/// that names the fault. Each FEN is the variant's start position with one
/// thing broken, so the named fault is the only one.
#[test]
fn every_named_fen_error_exits_2_and_says_what_is_wrong() {
    let trubix = "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K** w ABCDEabcde 0 1";
    let fugue = "wlqksaui/pppppppp/8/8/8/8/PPPPPPPP/IUASKQLW w 0 1";
    let trebuqi = "*****rtggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** w - - 0 1";
    let bandit = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";
    let cases: &[(&str, String, &str)] = &[
        // Trubix (issue #3): a piece on a hole, a wrong rank length, a missing
        // king, a virgin flag without its woozan, the side not to move in check.
        ("trubix", trubix.replacen("**k**", "q*k**", 1), "hole a10"),
        (
            "trubix",
            trubix.replace("FNQNF", "FNQN"),
            "4 cells, expected 5",
        ),
        (
            "trubix",
            trubix.replacen("**k**", "**1**", 1),
            "Black has 0 royal",
        ),
        (
            "trubix",
            trubix.replace("/WWWWW/", "/1WWWW/"),
            "no White woozan stands on a2",
        ),
        (
            "trubix",
            "**k**/2Q2/5/5/*3*/*3*/*3*/5/5/5/**K** w - 0 1".into(),
            "Black is in check",
        ),
        // Fugue (issue #4): board size, unknown letter, two kings, no king
        // (for either side, the side to move included: F12 already ended it).
        ("fugue", fugue.replace("/IUASKQLW", ""), "7 ranks"),
        (
            "fugue",
            fugue.replace("KQLW", "KQLZ"),
            "unknown piece letter 'Z'",
        ),
        ("fugue", fugue.replace("IUAS", "IUKS"), "White has 2 royal"),
        ("fugue", fugue.replace("ASKQ", "AS1Q"), "White has 0 royal"),
        (
            "fugue",
            fugue.replace("qksa", "q1sa").replace(" w ", " b "),
            "Black has 0 royal",
        ),
        // Trebuqi (issue #5): a piece on a hole, a general outside its area, a
        // trebuchet past its far River, a point behind its start rank, more
        // than two generals, a rank with the wrong number of cells.
        (
            "trebuqi",
            trebuqi.replacen("*****rtggtr", "r****rtggtr", 1),
            "hole a11",
        ),
        (
            "trebuqi",
            trebuqi
                .replacen("rtggtr", "rt1gtr", 1)
                .replacen("/11/", "/5g5/", 1),
            "general on f6 is outside its own area",
        ),
        (
            "trebuqi",
            trebuqi
                .replace("***1c4c1", "***Tc4c1")
                .replace("RTGGTR", "R1GGTR"),
            "trebuchet on d9 is past its far River",
        ),
        (
            "trebuqi",
            trebuqi
                .replace("P1P1P1P1P**", "2P1P1P1P**")
                .replace("1V3V1****", "PV3V1****"),
            "point on a2 is behind its start rank",
        ),
        (
            "trebuqi",
            trebuqi.replace("1V3V1****", "GV3V1****"),
            "White has 3 royal",
        ),
        (
            "trebuqi",
            trebuqi.replacen("*10", "*9", 1),
            "has 10 cells, expected 11",
        ),
        // Bandit (issue #6): board size, unknown letter, no king, a pawn on
        // its last rank. (A sergeant there is legal: ruling B14.)
        ("bandit", bandit.replace("/7/7/7/", "/7/7/7/7/"), "10 ranks"),
        (
            "bandit",
            bandit.replace("CROKBTC", "CROZBTC"),
            "unknown piece letter 'Z'",
        ),
        (
            "bandit",
            bandit.replace("CROKBTC", "CRO1BTC"),
            "White has 0 royal",
        ),
        (
            "bandit",
            bandit
                .replace("ctbkorc", "ctbkorP")
                .replace("PPPPPPP", "1PPPPPP"),
            "pawn stands on its last rank",
        ),
    ];
    for (variant, fen, says) in cases {
        let (code, out, err) = run(&["perft", variant, "1", "--fen", fen]);
        assert_eq!(code, 2, "{variant} {fen}: {err}");
        assert!(out.is_empty(), "{variant} {fen}: {out}");
        assert_eq!(err.trim().lines().count(), 1, "{variant} {fen}: {err}");
        assert!(
            err.starts_with("error: ") && err.contains(says),
            "{variant} {fen}: expected '{says}' in {err}"
        );
        // The unbroken start position is accepted, so the one change made the error.
    }
    for (variant, fen) in [
        ("trubix", trubix),
        ("fugue", fugue),
        ("trebuqi", trebuqi),
        ("bandit", bandit),
    ] {
        let (code, _, err) = run(&["perft", variant, "1", "--fen", fen]);
        assert_eq!(code, 0, "{variant}: {err}");
    }
}

/// A reader that has gone (`menagerie ... | head -1`) ends the tools quietly,
/// as SIGPIPE ends a C program, with the shell's status for it: no panic
/// message and backtrace on standard error. The pipe's reading end is closed
/// before the program starts, so its first write fails.
#[test]
fn a_closed_pipe_ends_the_tools_quietly() {
    for args in [
        &["perft", "chess", "2", "--divide"][..],
        &["openings", "trubix", "--count", "3", "--depth", "1"],
        &["show", "bandit"],
    ] {
        let (reader, writer) = std::io::pipe().unwrap();
        drop(reader);
        let out = Command::new(env!("CARGO_BIN_EXE_menagerie"))
            .args(args)
            .stdout(writer)
            .output()
            .expect("run menagerie");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(141), "{args:?}: {stderr}");
        assert!(stderr.is_empty(), "{args:?}: {stderr}");
    }
}
