//! XBoard (CECP) transcripts.

use super::*;

#[test]
fn xboard_handshake_announces_features_in_order() {
    let mut p = Proc::start(&[]);
    p.send("xboard");
    p.send("protover 2");
    let f = p.until(|l| l == "feature done=1");
    assert_eq!(f[0], "feature done=0", "done=0 comes first");
    let all = f.join(" ");
    let variants = all
        .split("variants=\"")
        .nth(1)
        .and_then(|s| s.split('"').next())
        .expect("a variants feature");
    let listed: Vec<&str> = variants.split(',').collect();
    for v in VARIANTS {
        assert!(listed.contains(v), "{v} missing from {variants}");
    }
    assert!(listed.contains(&"normal"), "chess is also XBoard's normal");
    for feat in [
        "setboard=1",
        "usermove=1",
        "ping=1",
        "sigint=0",
        "sigterm=0",
        "memory=1",
        "smp=1",
        "analyze=1",
        "colors=0",
        "reuse=1",
        "highlight=1",
        "myname=\"menagerie",
        "option=\"Rank numbering -combo *1-11 (XBoard default) /// 0-10 (XBoard -rankOffset 1)\"",
        "option=\"Move Overhead -spin",
        "option=\"Only moves XBoard can show -check 1\"",
        "option=\"MultiPV -spin 1 1 5\"",
        "option=\"Clear Hash -button\"",
    ] {
        assert!(all.contains(feat), "missing {feat} in {all}");
    }
    // XBoard's replies to the features are accepted silently.
    for l in [
        "accepted done",
        "rejected nps",
        "new",
        "random",
        "computer",
        "name someone",
        "rating 2000 2100",
        "ics -",
        "hard",
        "easy",
        "draw",
        "hint",
        "bk",
        "# a comment",
        "",
    ] {
        p.send(l);
    }
    assert_eq!(p.sync(), Vec::<String>::new());
    p.quit();
}

#[test]
fn xboard_variant_sends_setup_before_pong() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("variant chess");
    assert_eq!(
        p.sync(),
        vec![
            "# xboard legality: on".to_string(),
            "# board: 8x8, own ranks from 1".to_string(),
            format!("setup (PNBRQKpnbrqk) 8x8+0_normal {START}"),
        ]
    );
    // XBoard's native name needs no setup.
    p.send("variant normal");
    assert_eq!(
        p.sync(),
        vec!["# xboard legality: on", "# board: 8x8, own ranks from 1"]
    );
    // Every variant: a setup with its start FEN (or none), before the pong.
    for &v in VARIANTS {
        let s = make_session(v, 1, 1).unwrap();
        p.send(&format!("variant {v}"));
        let got = p.sync();
        match s.xboard_setup() {
            Some(data) => {
                let want = format!("setup {data} {}", s.start_fen());
                let table = data.split(')').next().unwrap();
                assert!(!table.contains(' '), "no spaces in the piece table: {data}");
                assert!(got.contains(&want), "{v}: {got:?}");
            }
            None => assert!(!got.iter().any(|l| l.starts_with("setup")), "{got:?}"),
        }
        assert_eq!(p.fen(), s.fen());
    }
    p.send("variant nosuch");
    assert_eq!(p.sync(), vec!["Error (unsupported variant): nosuch"]);
    p.send("variant");
    assert_eq!(
        p.sync(),
        vec!["Error (unsupported variant): (no name given)"]
    );
    p.quit();
}

#[test]
fn xboard_force_usermove_undo_remove_and_bad_moves() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("usermove e2e4");
    p.send("usermove e7e5");
    assert_eq!(p.sync(), Vec::<String>::new());
    let after = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2";
    assert_eq!(p.fen(), after);
    // Illegal and malformed moves leave the game unchanged.
    for (mv, reason) in [
        ("e2e4", "not a legal move here"),
        ("e1e3", "not a legal move here"),
        ("zz9", "not a legal move here"),
        ("e2", "not a legal move here"),
        ("", "cannot parse"),
        ("e2e4!!", "cannot parse"),
    ] {
        p.send(&format!("usermove {mv}"));
        let shown = if mv.is_empty() { "(nothing given)" } else { mv };
        assert_eq!(p.sync(), vec![format!("Illegal move ({reason}): {shown}")]);
        assert_eq!(p.fen(), after);
    }
    p.send("undo");
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    p.send("usermove e7e5");
    p.send("remove");
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(p.fen(), START);
    p.send("undo");
    assert_eq!(p.sync(), vec!["Error (no move to take back): undo"]);
    p.send("usermove e2e4");
    p.send("remove");
    assert_eq!(p.sync(), vec!["Error (no move to take back): remove"]);
    assert_eq!(
        p.fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    // A bare move is not a command (usermove=1).
    p.send("e7e5");
    assert_eq!(p.sync(), vec!["Error (unknown command): e7e5"]);
    p.send("frobnicate now");
    assert_eq!(p.sync(), vec!["Error (unknown command): frobnicate"]);
    p.quit();
}

#[test]
fn xboard_setboard_good_and_bad() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    p.send(&format!("setboard {fen}"));
    assert_eq!(p.sync(), Vec::<String>::new());
    assert_eq!(p.fen(), fen);
    for bad in [
        "",
        "garbage",
        "4k3/8/8/8/8/8/8/4K2R x K - 0 1",
        "4k3/8/8/8/8/8/8/4K3/8 w - - 0 1",
        "8/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K2R w K - 0 1 extra",
        "4k3/9/8/8/8/8/8/4K2R w K - 0 1",
    ] {
        p.send(&format!("setboard {bad}"));
        let got = p.sync();
        assert_eq!(got.len(), 1, "{bad}: {got:?}");
        assert!(
            got[0].starts_with("tellusererror Illegal position: "),
            "{got:?}"
        );
        assert_eq!(p.fen(), fen, "the old position stays after {bad}");
    }
    // XBoard rewrites the fields after the side to move with chess meanings;
    // the start board with mangled fields is the start position.
    p.send("setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w XYZ a9 0 1");
    assert!(p.sync().is_empty());
    assert_eq!(p.fen(), START);
    p.send("setboard 4k3/8/8/8/8/8/8/4K2R w XYZ a9 0 1");
    assert_eq!(p.sync().len(), 1, "only the start board gets that leniency");
    assert_eq!(p.fen(), START);
    p.quit();
}

#[test]
fn xboard_go_plays_a_move_and_playother_answers_moves() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("sd 2");
    p.send("level 40 5 0");
    p.send("time 30000");
    p.send("otim 30000");
    p.send("go");
    let got = p.until(|l| l.starts_with("move "));
    let mv = got
        .last()
        .unwrap()
        .strip_prefix("move ")
        .unwrap()
        .to_string();
    assert!(is_coord_move(&mv), "{mv}");
    assert!(p.sync().is_empty());
    // The engine's move is on the board: Black to move, one ply played.
    assert!(p.fen().contains(" b "));
    // Now the user plays Black; the engine answers as White.
    p.send("usermove e7e5");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    assert!(p.fen().contains(" b "));
    // playother: the engine takes the side not to move.
    p.send("force");
    p.send(&format!("setboard {START}"));
    p.send("playother");
    assert!(p.sync().is_empty(), "White (the user) is to move");
    p.send("usermove d2d4");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    p.send("st 1");
    p.send("sd 1");
    p.send("usermove c2c4");
    p.until(|l| l.starts_with("move "));
    p.quit();
}

#[test]
fn xboard_thinking_output_follows_post_and_nopost() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("post");
    p.send("sd 2");
    p.send("go");
    let got = p.until(|l| l.starts_with("move "));
    let thinking: Vec<&String> = got.iter().filter(|l| !l.starts_with("move")).collect();
    assert!(!thinking.is_empty(), "{got:?}");
    for l in thinking {
        let f: Vec<&str> = l.split_whitespace().collect();
        assert!(f.len() >= 5, "ply score time nodes pv: {l}");
        for n in &f[..4] {
            assert!(n.parse::<i64>().is_ok(), "{l}");
        }
        assert!(is_coord_move(f[4]), "{l}");
    }
    p.send("nopost");
    p.send("usermove e7e5");
    let got = p.until(|l| l.starts_with("move "));
    assert_eq!(got.len(), 1, "no thinking output after nopost: {got:?}");
    p.quit();
}

#[test]
fn xboard_move_now_and_ping_while_thinking() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    // Answered at once while the engine thinks (a 1000 s search).
    p.send("ping 77");
    p.until(|l| l == "pong 77");
    p.send("time 1000");
    p.send("otim 1000");
    p.send("?");
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(
        got.last().unwrap().strip_prefix("move ").unwrap()
    ));
    // `force` during a search stops it without a move.
    p.send("usermove e7e5");
    p.send("force");
    assert!(p.sync().is_empty());
    assert!(p.fen().contains(" w "), "no move was played after force");
    p.quit();
}

#[test]
fn xboard_analyze_mode() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("analyze");
    // Thinking lines arrive without `post`.
    p.until(|l| l.starts_with("1 "));
    p.send(".");
    p.until(|l| l.starts_with("stat01: "));
    p.send("usermove e2e4");
    p.until(|l| l.starts_with("1 "));
    p.send("undo");
    p.until(|l| l.starts_with("1 "));
    p.send(&format!("setboard {START}"));
    p.send("exit");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("move")), "{got:?}");
    assert_eq!(p.fen(), START);
    // After exit, `.` is ignored.
    p.send(".");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("stat01")), "{got:?}");
    p.quit();
}

#[test]
fn xboard_claims_results() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    // The engine mates.
    p.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    p.send("sd 2");
    p.send("go");
    let got = p.until(|l| l.contains('{'));
    assert_eq!(
        got[got.len() - 2..],
        ["move a1a8".to_string(), "1-0 {White mates}".to_string()]
    );
    // The user mates: the engine (playing White) claims.
    p.send("force");
    p.send("setboard rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2");
    p.send("playother");
    p.send("usermove d8h4");
    assert_eq!(p.sync(), vec!["0-1 {Black mates}"]);
    p.send("usermove a2a3");
    assert_eq!(p.sync(), vec!["Illegal move (game is over): a2a3"]);
    // Stalemate, claimed when the engine is asked to move.
    p.send("force");
    p.send("setboard 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    p.send("go");
    assert_eq!(p.sync(), vec!["1/2-1/2 {Stalemate}"]);
    // Threefold repetition.
    p.send("new");
    p.send("force");
    for m in [
        "g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8",
    ] {
        p.send(&format!("usermove {m}"));
    }
    p.send("go");
    assert_eq!(p.sync(), vec!["1/2-1/2 {Threefold repetition}"]);
    // A GUI may play on after a claimable draw: the rules still allow moves.
    p.send("force");
    p.send("usermove e2e4");
    assert!(p.sync().is_empty());
    // After `result` the engine does not think even on its turn.
    p.send("new");
    p.send("result 1/2-1/2 {agreed}");
    p.send("usermove e2e4");
    let got = p.sync();
    assert!(!got.iter().any(|l| l.starts_with("move")), "{got:?}");
    p.quit();
}

#[test]
fn xboard_lift_put_highlight_and_choice() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("force");
    p.send("lift e2");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/4Y3/4Y3/8/8"]);
    p.send("lift g1");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/8/5Y1Y/8/8"]);
    p.send("put f3");
    p.send("hover f3");
    assert!(p.sync().is_empty());
    // Nothing to move: every square refused.
    p.send("lift e4");
    assert_eq!(p.sync(), vec!["highlight 8/8/8/8/8/8/8/8"]);
    // Captures are red, including en passant.
    p.send("setboard 4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    p.send("lift e5");
    assert_eq!(p.sync(), vec!["highlight 8/8/3RY3/8/8/8/8/8"]);
    // Hovering over the en-passant target also marks the victim (d5).
    p.send("hover d6");
    assert_eq!(p.sync(), vec!["highlight 8/8/3RY3/3g4/8/8/8/8"]);
    p.send("hover e6");
    assert!(p.sync().is_empty(), "no victims off a quiet target");
    // Promotions are magenta; `put` on them answers a `choice`.
    p.send("setboard 1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    p.send("lift a7");
    assert_eq!(p.sync(), vec!["highlight MM6/8/8/8/8/8/8/8"]);
    p.send("put a8");
    let got = p.sync();
    assert_eq!(got.len(), 1);
    let mut letters: Vec<char> = got[0].strip_prefix("choice ").unwrap().chars().collect();
    letters.sort_unstable();
    assert_eq!(letters, ['B', 'N', 'Q', 'R']);
    p.send("lift z9");
    assert_eq!(p.sync(), vec!["Error (bad square): lift z9"]);
    p.send("put a88");
    assert_eq!(p.sync(), vec!["Error (bad square): put a88"]);
    p.quit();
}

#[test]
fn xboard_settings_and_options() {
    let mut p = Proc::xboard();
    for ok in [
        "level 40 5 0",
        "level 0 0:30 2.5",
        "st 5",
        "sd 4",
        "time 500",
        "otim 700",
        "memory 32",
        "cores 2",
        "option Rank numbering=0-10 (XBoard -rankOffset 1)",
        "option Rank numbering=1-11 (XBoard default)",
        "option Move Overhead=100",
        "option Only moves XBoard can show=0",
        "option Only moves XBoard can show=1",
        "option MultiPV=3",
        "option MultiPV=1",
        "option Clear Hash",
    ] {
        p.send(ok);
        assert_eq!(p.sync(), Vec::<String>::new(), "{ok}");
    }
    for (bad, reply) in [
        ("level 40", "Error (bad level): level 40"),
        ("level x 5 0", "Error (bad level): level x 5 0"),
        ("st -1", "Error (bad number): st -1"),
        ("st 0", "Error (bad number): st 0"),
        ("sd zero", "Error (bad number): sd zero"),
        ("time soon", "Error (bad number): time soon"),
        ("otim", "Error (bad number): otim (nothing given)"),
        ("memory 0", "Error (bad number): memory 0"),
        ("cores many", "Error (bad number): cores many"),
        ("option Nosuch=1", "Error (unknown option): option Nosuch=1"),
        (
            "option MultiPV=0",
            "Error (bad option value): option MultiPV=0",
        ),
        (
            "option MultiPV=6",
            "Error (bad option value): option MultiPV=6",
        ),
        (
            "option Rank numbering=2-12",
            "Error (unknown option): option Rank numbering=2-12",
        ),
        (
            "option Move Overhead=-5",
            "Error (bad option value): option Move Overhead=-5",
        ),
        (
            "option Only moves XBoard can show=yes",
            "Error (unknown option): option Only moves XBoard can show=yes",
        ),
        ("perft 0", "Error (bad depth): perft 0"),
    ] {
        p.send(bad);
        assert_eq!(p.sync(), vec![reply.to_string()], "{bad}");
    }
    // perft (a `#` comment for XBoard) and the rank numbering, which leaves
    // boards numbered from 1 (chess) alone.
    p.send("option Rank numbering=0-10 (XBoard -rankOffset 1)");
    p.send("perft 2");
    let got = p.until(|l| l.starts_with("# Nodes searched"));
    assert_eq!(got.len(), 21);
    assert_eq!(got[20], "# Nodes searched: 400");
    assert!(got.contains(&"# e2e4: 20".to_string()));
    // A long perft runs on the worker thread: ping is answered, `?` stops it.
    p.send("perft 8");
    p.send("ping 7");
    p.until(|l| l == "pong 7");
    p.send("?");
    p.until(|l| l == "# perft stopped");
    assert_eq!(p.sync(), Vec::<String>::new());
    p.quit();
}

#[test]
fn xboard_eof_and_quit_during_search_end_cleanly() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    p.send("ping 1");
    p.until(|l| l == "pong 1");
    p.quit();
    // End of input in the middle of a 1000-second search also ends the
    // engine, at once and with success.
    let mut p = Proc::xboard();
    p.send("new");
    p.send("st 1000");
    p.send("go");
    p.send("ping 1");
    p.until(|l| l == "pong 1");
    p.close_input_and_expect_exit();
}

/// The FEN of `d` (its last line but a `# ponder` that may follow) must
/// have `side` to move.
fn to_move(p: &mut Proc, side: &str) -> String {
    p.send("d");
    let lines = p.sync();
    let fen = lines
        .iter()
        .rev()
        .find(|l| !l.starts_with("# ponder "))
        .expect("d prints lines")
        .trim_start_matches("# ")
        .to_string();
    assert_eq!(fen.split(' ').nth(1), Some(side), "{fen}");
    fen
}

#[test]
fn xboard_hard_ponders_on_the_expected_reply() {
    let mut p = Proc::xboard();
    p.send("new");
    p.send("hard");
    p.send("post");
    p.send("sd 4");
    p.send("usermove e2e4");
    let got = p.until(|l| l.starts_with("move "));
    let reply = got.last().unwrap()[5..].to_string();
    // Then it ponders on the reply its search expects, silently.
    let ponder = p.until(|l| l.starts_with("# ponder "));
    assert_eq!(ponder.len(), 1, "no output before pondering: {ponder:?}");
    let predicted = ponder[0]["# ponder ".len()..].to_string();
    assert!(is_coord_move(&predicted), "{predicted}");
    assert_eq!(p.sync(), Vec::<String>::new(), "pondering prints nothing");
    // Whatever stops pondering, the board is the game's: White to move.
    let fen = to_move(&mut p, "w");
    // `d` stopped pondering; it started again on the same reply.
    p.send("d");
    assert_eq!(p.sync().last(), Some(&format!("# ponder {predicted}")));
    // The expected reply comes: pondering goes on as the search for the
    // engine's move, a legal one. Pondering had long reached depth 4 (half
    // a second for a search of a millisecond), so nothing is searched again:
    // a search started afresh would post depths 1 to 4.
    std::thread::sleep(std::time::Duration::from_millis(500));
    p.send(&format!("usermove {predicted}"));
    let got = p.until(|l| l.starts_with("move "));
    assert_eq!(got.len(), 1, "a search started again: {got:?}");
    let answer = got.last().unwrap()[5..].to_string();
    p.until(|l| l.starts_with("# ponder "));
    // `easy` stops pondering; the game is the four moves.
    p.send("easy");
    assert_eq!(p.sync(), Vec::<String>::new());
    let now = to_move(&mut p, "w");
    assert_eq!(p.sync(), Vec::<String>::new(), "no pondering after easy");
    let mut q = Proc::xboard();
    q.send("new");
    q.send("force");
    for m in ["e2e4", &reply, &predicted, &answer] {
        q.send(&format!("usermove {m}"));
    }
    assert_eq!(q.sync(), Vec::<String>::new());
    assert_eq!(q.fen(), now);
    q.quit();
    // Another reply than the expected one is played as usual.
    p.send("hard");
    p.send("new");
    p.send("sd 3");
    p.send("usermove d2d4");
    p.until(|l| l.starts_with("move "));
    let predicted = p.until(|l| l.starts_with("# ponder ")).pop().unwrap()[9..].to_string();
    let other = ["a2a3", "h2h3", "a2a4"]
        .into_iter()
        .find(|m| *m != predicted)
        .unwrap();
    p.send(&format!("usermove {other}"));
    let got = p.until(|l| l.starts_with("move "));
    assert!(is_coord_move(&got.last().unwrap()[5..]), "{got:?}");
    // force while pondering: the board without the predicted move.
    p.send("force");
    assert_ne!(to_move(&mut p, "w"), fen);
    p.quit();
}
