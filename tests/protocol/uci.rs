//! UCI transcripts.

use super::*;

#[test]
fn uci_handshake_lists_options() {
    let mut p = Proc::start(&[]);
    p.send("uci");
    let got = p.until(|l| l == "uciok");
    assert!(got[0].starts_with("id name menagerie"));
    assert!(got[1].starts_with("id author"));
    let combo = got
        .iter()
        .find(|l| l.starts_with("option name UCI_Variant type combo default chess"))
        .expect("UCI_Variant combo");
    for v in VARIANTS {
        assert!(combo.contains(&format!(" var {v}")), "{combo}");
    }
    for o in [
        "option name Threads type spin default 1 min 1 max",
        "option name Hash type spin default",
        "option name Move Overhead type spin default",
        "option name MultiPV type spin default 1 min 1 max 5",
        "option name Clear Hash type button",
        "option name Ponder type check default false",
    ] {
        assert!(got.iter().any(|l| l.starts_with(o)), "{o}");
    }
    assert!(p.ready().is_empty());
    p.quit();
}

#[test]
fn uci_setoption_good_and_bad() {
    let mut p = Proc::uci();
    for &v in VARIANTS {
        p.send(&format!("setoption name UCI_Variant value {v}"));
        let got = p.ready();
        let s = make_session(v, 1, 1).unwrap();
        assert_eq!(got.len(), 1);
        assert!(got[0].starts_with(&format!("info string variant {v} files ")));
        assert!(got[0].ends_with(&format!("startpos {}", s.start_fen())));
        assert_eq!(p.uci_fen(), s.fen());
    }
    p.send("setoption name UCI_Variant value chess");
    p.ready();
    for ok in [
        "setoption name Threads value 2",
        "setoption name Hash value 8",
        "setoption name Move Overhead value 50",
        "setoption name Clear Hash",
        "setoption name hash value 4",
    ] {
        p.send(ok);
        assert!(p.ready().is_empty(), "{ok}");
    }
    for (bad, reply) in [
        (
            "setoption name UCI_Variant value nosuch",
            "info string Error (unknown variant): nosuch",
        ),
        (
            "setoption name Threads value 0",
            "info string Error (bad option value): name Threads value 0",
        ),
        (
            "setoption name Hash value lots",
            "info string Error (bad option value): name Hash value lots",
        ),
        (
            "setoption name Move Overhead value -1",
            "info string Error (bad option value): name Move Overhead value -1",
        ),
        (
            "setoption name Nosuch value 1",
            "info string Error (unknown option): Nosuch",
        ),
        ("setoption", "info string Error (bad setoption): nothing given (expected setoption name NAME [value VALUE])"),
    ] {
        p.send(bad);
        assert_eq!(p.ready(), vec![reply.to_string()], "{bad}");
    }
    p.quit();
}

#[test]
fn uci_position_good_and_bad() {
    let mut p = Proc::uci();
    p.send("position startpos moves e2e4 e7e5");
    assert!(p.ready().is_empty());
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(p.uci_fen(), after);
    for (bad, reply) in [
        (
            "position startpos moves e2e4 e2e4",
            "info string Error (illegal position): move 2 of the list: illegal move 'e2e4'",
        ),
        (
            "position startpos moves e2e4 ??",
            "info string Error (illegal position): move 2 of the list: cannot parse move '??'",
        ),
        (
            "position fen 8/8/8/8/8/8/8/4K3 w - - 0 1",
            "info string Error (illegal position): Black has 0 royal pieces, expected exactly 1 king",
        ),
        ("position", "info string Error (bad position): nothing given (expected position startpos|fen FEN [moves ...])"),
        ("position fen", "info string Error (bad position): fen"),
        (
            "position startpos e2e4",
            "info string Error (bad position): startpos e2e4",
        ),
    ] {
        p.send(bad);
        assert_eq!(p.ready(), vec![reply.to_string()], "{bad}");
        assert_eq!(p.uci_fen(), after, "unchanged after {bad}");
    }
    p.send("position fen 4k3/8/8/8/8/8/8/4K2R w K - 0 1 moves e1g1");
    p.ready();
    assert_eq!(p.uci_fen(), "4k3/8/8/8/8/8/8/5RK1 b - - 1 1");
    p.send("ucinewgame");
    p.ready();
    assert_eq!(p.uci_fen(), START);
    p.send("frobnicate");
    assert_eq!(
        p.ready(),
        vec!["info string Error (unknown command): frobnicate"]
    );
    p.quit();
}

fn bestmove(lines: &[String]) -> String {
    lines
        .last()
        .unwrap()
        .strip_prefix("bestmove ")
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string()
}

#[test]
fn uci_go_with_every_limit() {
    let mut p = Proc::uci();
    p.send("position startpos");
    p.send("go depth 2");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    let info = got
        .iter()
        .find(|l| l.starts_with("info depth"))
        .expect("info lines");
    for field in [
        " seldepth ",
        " score cp ",
        " nodes ",
        " nps ",
        " time ",
        " hashfull ",
        " pv ",
    ] {
        assert!(info.contains(field), "{field} in {info}");
    }
    for go in [
        "go nodes 300",
        "go movetime 50",
        "go wtime 1000 btime 1000 winc 10 binc 10 movestogo 5",
        "go wtime 500 btime 500",
        "go depth 1 searchmoves e2e4 d2d4",
        "go mate 1 depth 1",
    ] {
        p.send(go);
        let got = p.until(|l| l.starts_with("bestmove"));
        assert!(is_coord_move(&bestmove(&got)), "{go}");
    }
    // searchmoves restricts the root: the mate a1a8 is not among them.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("go depth 4 searchmoves g1f1 g1h1");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(
        ["g1f1", "g1h1"].contains(&bestmove(&got).as_str()),
        "{got:?}"
    );
    p.send("go depth 2 searchmoves a1a8 e2e4");
    assert_eq!(
        p.ready(),
        vec!["info string Error (illegal move in searchmoves): e2e4"]
    );
    // A mate in one is found and scored as such.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("go mate 1");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert_eq!(bestmove(&got), "a1a8");
    assert!(got.iter().any(|l| l.contains("score mate 1 ")), "{got:?}");
    // infinite: isready answered during the search, stop ends it.
    p.send("position startpos");
    p.send("go infinite");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.send("stop");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    // A new position during a search: bestmove first.
    p.send("go infinite");
    p.send("position startpos moves e2e4");
    p.until(|l| l.starts_with("bestmove"));
    assert_eq!(
        p.uci_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // Mated side: no move.
    p.send("position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8");
    p.send("go depth 1");
    assert_eq!(
        p.until(|l| l.starts_with("bestmove")),
        vec!["bestmove 0000"]
    );
    // Bad parameters: an error and no search.
    for bad in [
        "go depth",
        "go depth x",
        "go wtime",
        "go nodes -1",
        "go fly",
    ] {
        p.send(bad);
        let got = p.ready();
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
        assert!(got[0].starts_with("info string Error (bad go parameter): "));
    }
    p.send("stop");
    assert!(p.ready().is_empty(), "stop when idle does nothing");
    p.quit();
}

#[test]
fn uci_go_perft_divides() {
    let mut p = Proc::uci();
    p.send("position startpos");
    p.send("go perft 2");
    let got = p.until(|l| l.starts_with("Nodes searched"));
    assert_eq!(got.len(), 22);
    assert_eq!(got[20], "");
    assert_eq!(got[21], "Nodes searched: 400");
    assert!(got.contains(&"g1f3: 20".to_string()));
    p.send("go perft 0");
    assert_eq!(
        p.ready(),
        vec!["info string Error (bad go parameter): perft 0"]
    );
    // A long perft runs on the worker thread: isready is answered, stop ends it.
    p.send("go perft 8");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.send("stop");
    p.until(|l| l == "info string perft stopped");
    assert!(p.ready().is_empty());
    p.quit();
}

#[test]
fn uci_quit_during_search_and_eof() {
    let mut p = Proc::uci();
    p.send("go infinite");
    p.send("isready");
    p.until(|l| l == "readyok");
    p.quit();
    // End of input also ends the engine.
    let mut p = Proc::uci();
    p.send("go infinite");
    p.close_input_and_expect_exit();
}

/// `menagerie baseline` is the same UCI loop with the one-ply player: its own
/// name and `Seed` option, every variant, the loop's error handling, and a
/// seed that changes its choice among equal moves (which the search's loop
/// does not offer).
#[test]
fn baseline_is_the_uci_loop_with_the_one_ply_player() {
    let mut p = Proc::start(&["baseline", "--seed", "3"]);
    p.send("uci");
    let got = p.until(|l| l == "uciok");
    assert!(got[0].starts_with("id name menagerie-baseline"), "{got:?}");
    assert!(got
        .iter()
        .any(|l| l == "option name Seed type spin default 3 min 0 max 1000000000"));
    for &v in VARIANTS {
        p.send(&format!("setoption name UCI_Variant value {v}"));
        p.ready();
        p.send("position startpos");
        p.send("go wtime 100 btime 100");
        let m = bestmove(&p.until(|l| l.starts_with("bestmove")));
        let s = make_session(v, 1, 1).unwrap();
        assert!(s.legal_moves().iter().any(|x| x.text == m), "{v}: {m}");
    }
    // Bad input is answered and changes nothing, as in the engine's loop.
    p.send("setoption name UCI_Variant value chess");
    p.ready();
    p.send("position startpos moves e2e5");
    assert!(p.ready()[0].starts_with("info string Error (illegal position)"));
    p.send("setoption name Seed value x");
    assert_eq!(
        p.ready(),
        ["info string Error (bad option value): name Seed value x"]
    );
    // Rd1 takes the queen on d8, not the knight on h1.
    p.send("position fen 3qk3/8/8/8/8/8/8/3RK2n w - - 0 1");
    p.send("go movetime 10");
    assert_eq!(bestmove(&p.until(|l| l.starts_with("bestmove"))), "d1d8");
    // The seed picks among equal moves: not every seed opens alike.
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..12 {
        p.send(&format!("setoption name Seed value {seed}"));
        p.send("position startpos");
        p.send("go depth 1");
        firsts.insert(bestmove(&p.until(|l| l.starts_with("bestmove"))));
    }
    assert!(firsts.len() > 1, "{firsts:?}");
    p.quit();
    // The search's loop has no Seed option.
    let mut e = Proc::uci();
    e.send("setoption name Seed value 1");
    assert_eq!(e.ready(), ["info string Error (unknown option): Seed"]);
    e.quit();
}

/// The search parameters are UCI options: listed only with `--tuning`,
/// accepted always, range-checked, and kept across a change of variant.
#[test]
fn search_parameters_are_hidden_uci_options() {
    let mut plain = Proc::uci();
    plain.send("uci");
    let got = plain.until(|l| l == "uciok");
    assert!(!got.iter().any(|l| l.starts_with("option name rfp_margin")));
    plain.send("setoption name rfp_margin value 90");
    assert!(plain.ready().is_empty());
    plain.send("setoption name rfp_margin value 9999");
    assert!(plain.ready()[0].starts_with("info string Error (rfp_margin must lie in"));
    plain.send("setoption name rfp_margin value x");
    assert!(plain.ready()[0].starts_with("info string Error (bad option value)"));
    plain.quit();

    let mut p = Proc::start(&["--tuning"]);
    p.send("uci");
    let got = p.until(|l| l == "uciok");
    let listed: Vec<_> = got
        .iter()
        .filter(|l| l.starts_with("option name ") && l.contains(" type spin default "))
        .collect();
    assert!(listed
        .iter()
        .any(|l| *l == "option name rfp_margin type spin default 80 min 10 max 400"));
    assert!(listed.len() > 30, "{listed:?}");
    p.send("setoption name lmp_base value 5");
    p.send("setoption name UCI_Variant value fugue");
    p.ready();
    p.send("uci");
    let again = p.until(|l| l == "uciok");
    assert!(again
        .iter()
        .any(|l| l.starts_with("option name lmp_base type spin default 5 ")));
    p.quit();
}

/// `MultiPV 3`: each depth reports lines 1, 2, 3 (`multipv K`), with distinct
/// legal first moves ordered by score, and the best move is line 1's; with
/// `MultiPV 1` the lines carry no number, as before.
#[test]
fn uci_multipv_lines() {
    let mut p = Proc::uci();
    p.send("setoption name MultiPV value 3");
    p.send("position startpos");
    p.send("go depth 4");
    let got = p.until(|l| l.starts_with("bestmove"));
    let legal: Vec<String> = make_session("chess", 1, 1)
        .unwrap()
        .legal_moves()
        .into_iter()
        .map(|m| m.text)
        .collect();
    let field = |l: &str, key: &str| -> String {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words.iter().position(|&w| w == key).expect(key);
        words[at + 1].to_string()
    };
    for depth in 1..=4 {
        let lines: Vec<&String> = got
            .iter()
            .filter(|l| l.starts_with(&format!("info depth {depth} ")))
            .collect();
        let numbers: Vec<String> = lines.iter().map(|l| field(l, "multipv")).collect();
        assert_eq!(numbers, ["1", "2", "3"], "depth {depth}: {lines:?}");
        let firsts: Vec<String> = lines.iter().map(|l| field(l, "pv")).collect();
        for (i, m) in firsts.iter().enumerate() {
            assert!(legal.contains(m), "{m}");
            assert!(!firsts[..i].contains(m), "{m} twice");
        }
        let scores: Vec<i32> = lines
            .iter()
            .map(|l| field(l, "cp").parse().unwrap())
            .collect();
        assert!(scores.windows(2).all(|w| w[0] >= w[1]), "{scores:?}");
        if depth == 4 {
            assert_eq!(bestmove(&got), firsts[0]);
        }
    }
    p.send("setoption name MultiPV value 1");
    p.send("go depth 2");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(got.iter().all(|l| !l.contains(" multipv ")), "{got:?}");
    for bad in ["0", "6", "x"] {
        p.send(&format!("setoption name MultiPV value {bad}"));
        assert_eq!(
            p.ready(),
            [format!(
                "info string Error (bad option value): name MultiPV value {bad}"
            )]
        );
    }
    p.quit();
}

/// Lines up to `readyok` must hold no `bestmove`: the search still runs.
fn still_searching(p: &mut Proc, when: &str) {
    let got = p.ready();
    assert!(
        !got.iter().any(|l| l.starts_with("bestmove")),
        "{when}: a bestmove came early: {got:?}"
    );
}

#[test]
fn uci_ponder_ponderhit_and_stop() {
    let mut p = Proc::uci();
    p.send("setoption name Ponder value true");
    assert!(p.ready().is_empty());
    p.send("setoption name Ponder value maybe");
    assert_eq!(
        p.ready(),
        vec!["info string Error (bad option value): name Ponder value maybe"]
    );
    // Pondering searches until ponderhit, then on the clock: one bestmove,
    // a legal one, and nothing after it.
    p.send("position startpos moves e2e4 e7e5");
    p.send("go ponder wtime 2000 btime 2000 winc 20 binc 20");
    still_searching(&mut p, "pondering");
    p.send("ponderhit");
    let got = p.until(|l| l.starts_with("bestmove"));
    let m = bestmove(&got);
    assert!(is_coord_move(&m), "{got:?}");
    assert!(p.ready().is_empty(), "a second bestmove after ponderhit");
    p.send(&format!("position startpos moves e2e4 e7e5 {m}"));
    assert!(p.ready().is_empty(), "the bestmove is legal: {m}");
    // ponderhit keeps the ponder search: after it the depths go on from
    // where pondering was (a search started afresh begins at depth 1).
    p.send("go ponder wtime 10000 btime 10000");
    p.until(|l| l.starts_with("info depth 9 "));
    p.send("ponderhit");
    let got = p.until(|l| l.starts_with("bestmove"));
    let depths: Vec<u32> = got
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .map(|rest| rest.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(depths.iter().all(|&d| d >= 9), "{got:?}");
    assert!(is_coord_move(&bestmove(&got)), "{got:?}");
    // A ponder search with a depth limit holds its answer when it reaches
    // the depth, and gives it at ponderhit.
    p.send("go ponder depth 2");
    still_searching(&mut p, "a depth-limited ponder search");
    p.send("ponderhit");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)), "{got:?}");
    // Without a clock, ponderhit searches on until stop.
    p.send("position startpos");
    p.send("go ponder");
    p.send("ponderhit");
    still_searching(&mut p, "after ponderhit without a clock");
    p.send("stop");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    // stop while pondering: the ponder search's bestmove.
    p.send("go ponder wtime 2000 btime 2000");
    still_searching(&mut p, "pondering again");
    p.send("stop");
    let got = p.until(|l| l.starts_with("bestmove"));
    assert!(is_coord_move(&bestmove(&got)));
    assert!(p.ready().is_empty());
    // A ponder search that ends at once (the side to move is mated) holds
    // its bestmove back until ponderhit or stop.
    let mated = "position fen 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 moves a1a8";
    for end in ["ponderhit", "stop"] {
        p.send(mated);
        p.send("go ponder wtime 1000 btime 1000");
        still_searching(&mut p, end);
        p.send(end);
        assert_eq!(
            p.until(|l| l.starts_with("bestmove")),
            vec!["bestmove 0000"]
        );
        assert!(p.ready().is_empty(), "{end}: one bestmove");
    }
    // Another command while pondering ends it like stop, then acts.
    p.send("position startpos");
    p.send("go ponder wtime 2000 btime 2000");
    still_searching(&mut p, "pondering a third time");
    p.send("position startpos moves d2d4");
    p.until(|l| l.starts_with("bestmove"));
    assert_eq!(
        p.uci_fen(),
        "rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq - 0 1"
    );
    // ponderhit when not pondering does nothing, and leaves a search alone.
    p.send("ponderhit");
    assert!(p.ready().is_empty());
    p.send("go infinite");
    p.send("ponderhit");
    still_searching(&mut p, "go infinite after a stray ponderhit");
    p.send("stop");
    p.until(|l| l.starts_with("bestmove"));
    p.quit();
}
