//! The web board's JSON protocol, without a browser: the server runs on a
//! free port in this process and a WebSocket client plays the page. Legal
//! targets equal `perft 1 --divide` (the engine's generator), bad messages
//! get errors and change nothing, the engine answers a move, analysis sends
//! MultiPV lines and stops, oversized and flooding messages are refused,
//! the move list goes back and forward, PGN goes out and comes back in,
//! and two engines of an `engines.ini` play each other.

use futures_util::{SinkExt, StreamExt};
use menagerie::protocol::make_session;
use menagerie::variants::VARIANTS;
use serde_json::{json, Value};
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

async fn server() -> String {
    serve(menagerie::gui::app()).await
}

async fn serve(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    format!("127.0.0.1:{}", addr.port())
}

/// A page: connects and reads the greeting (hello, layout, state).
async fn page(addr: &str) -> (Ws, Vec<Value>) {
    let url = if addr.contains('/') {
        format!("ws://{addr}")
    } else {
        format!("ws://{addr}/ws")
    };
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut got = Vec::new();
    for _ in 0..3 {
        got.push(recv(&mut ws).await);
    }
    (ws, got)
}

async fn recv(ws: &mut Ws) -> Value {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer in time")
            .expect("socket open")
            .expect("a message");
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Reads until a message of type `kind`; returns it and those before it.
async fn until(ws: &mut Ws, kind: &str) -> (Value, Vec<Value>) {
    let mut before = Vec::new();
    loop {
        let v = recv(ws).await;
        if v["type"] == kind {
            return (v, before);
        }
        before.push(v);
    }
}

async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

/// For every variant: the cells of the layout, and the legal moves the state
/// lists, grouped by piece, are exactly `perft 1 --divide`'s.
#[test]
fn every_variant_lays_out_and_lists_the_generators_moves() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, greeting) = page(&addr).await;
        assert_eq!(greeting[0]["type"], "hello");
        assert_eq!(greeting[1]["type"], "layout");
        assert_eq!(greeting[2]["type"], "state");
        for &v in VARIANTS {
            send(&mut ws, json!({"type": "new", "variant": v})).await;
            let layout = recv(&mut ws).await;
            let state = recv(&mut ws).await;
            let cells = layout["board"]["cells"].as_array().unwrap().len();
            let expected = match v {
                "trubix" => 41,
                "bandit" => 63,
                v if v.starts_with("trebuqi") => 91,
                _ => 64,
            };
            assert_eq!(cells, expected, "{v}");
            let shape = if v.starts_with("trebuqi") {
                "hex"
            } else {
                "square"
            };
            assert_eq!(layout["board"]["cell"], shape);
            assert!(!layout["pieces"].as_array().unwrap().is_empty());
            let session = make_session(v, 1, 1).unwrap();
            let mut divide: Vec<String> = session
                .perft_divide(1, &AtomicBool::new(false))
                .unwrap()
                .into_iter()
                .map(|(m, _)| m)
                .collect();
            let mut listed: Vec<String> = state["legal"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m["text"].as_str().unwrap().to_string())
                .collect();
            divide.sort();
            listed.sort();
            assert_eq!(listed, divide, "{v}");
            // Per piece: the targets of the moves from one cell.
            let from = state["legal"][0]["from"].as_str().unwrap();
            let of_piece = state["legal"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|m| m["from"] == from)
                .count();
            assert_eq!(
                of_piece,
                divide
                    .iter()
                    .filter(|m| m.starts_with(from)
                        && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit()))
                    .count(),
                "{v} {from}"
            );
        }
        if let Some(trebuqi) = greeting[0]["variants"].as_array() {
            assert_eq!(trebuqi.len(), VARIANTS.len());
        }
    });
}

/// The socket's address names the first game; a refused one gives chess
/// and the reason.
#[test]
fn the_address_names_the_first_game() {
    runtime().block_on(async {
        let addr = server().await;
        let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
        let q = fen.replace(' ', "%20");
        let (_ws, got) = page(&format!("{addr}/ws?variant=chess&fen={q}")).await;
        assert_eq!(
            (got[2]["fen"].clone(), got[2]["set_up"].clone()),
            (json!(fen), json!(true))
        );
        let (_ws, got) = page(&format!("{addr}/ws?variant=trebuqi")).await;
        assert_eq!(got[1]["variant"], "trebuqi");
        let (mut ws, got) = page(&format!("{addr}/ws?variant=nope&variant=nope2&x=%ff")).await;
        assert_eq!(got[1]["variant"], "chess");
        assert!(recv(&mut ws).await["message"]
            .as_str()
            .unwrap()
            .contains("unknown variant"));
    });
}

/// Bad messages: each gets one error, and the position is unchanged.
#[test]
fn bad_messages_get_errors_and_change_nothing() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, greeting) = page(&addr).await;
        let fen = greeting[2]["fen"].clone();
        for bad in [
            "not json".to_string(),
            "{}".to_string(),
            json!({"type": "fly"}).to_string(),
            json!({"type": "move"}).to_string(),
            json!({"type": "move", "move": "e2e5"}).to_string(),
            json!({"type": "move", "move": "zz"}).to_string(),
            json!({"type": "move", "move": "x".repeat(5000)}).to_string(),
            json!({"type": "new", "variant": "checkers"}).to_string(),
            json!({"type": "new", "variant": "chess", "fen": "8/8/8 w"}).to_string(),
            json!({"type": "goto", "ply": 3}).to_string(),
            json!({"type": "undo"}).to_string(),
            json!({"type": "go", "depth": 0}).to_string(),
            json!({"type": "go", "movetime_ms": 99_999_999}).to_string(),
            json!({"type": "analyze", "multipv": 9}).to_string(),
            json!({"type": "analyze", "threads": 100_000}).to_string(),
            json!({"type": "move", "move": "e2e4", "extra": 1}).to_string(),
        ] {
            ws.send(Message::Text(bad.clone().into())).await.unwrap();
            let v = recv(&mut ws).await;
            assert_eq!(v["type"], "error", "{bad}: {v}");
            assert!(v["message"].as_str().unwrap().len() < 400, "{v}");
        }
        ws.send(Message::Binary(vec![1, 2, 3].into()))
            .await
            .unwrap();
        assert_eq!(recv(&mut ws).await["type"], "error");
        send(&mut ws, json!({"type": "state"})).await;
        let (state, _) = until(&mut ws, "state").await;
        assert_eq!(state["fen"], fen);
        assert_eq!(state["moves"], json!([]));
    });
}

/// A message over the size limit closes that connection, never the server.
#[test]
fn oversized_message_closes_only_its_board() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        let huge = json!({"type": "new", "variant": "x".repeat(100_000)}).to_string();
        let _ = ws.send(Message::Text(huge.into())).await;
        let closed = tokio::time::timeout(Duration::from_secs(10), async {
            loop {
                match ws.next().await {
                    None | Some(Err(_)) | Some(Ok(Message::Close(_))) => return true,
                    Some(Ok(_)) => {}
                }
            }
        })
        .await
        .unwrap_or(false);
        assert!(closed);
        // The server still serves new boards.
        let (_ws2, greeting) = page(&addr).await;
        assert_eq!(greeting[0]["type"], "hello");
    });
}

/// A flood: more than the rate gets one error, and the board still answers.
#[test]
fn a_flood_is_cut_with_one_error() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        for _ in 0..200 {
            send(&mut ws, json!({"type": "stop"})).await;
        }
        let (e, _) = until(&mut ws, "error").await;
        assert!(e["message"].as_str().unwrap().contains("too many messages"));
        tokio::time::sleep(Duration::from_millis(1100)).await;
        send(&mut ws, json!({"type": "state"})).await;
        let (state, before) = until(&mut ws, "state").await;
        assert!(before.iter().all(|v| v["type"] != "error"), "{before:?}");
        assert_eq!(state["moves"], json!([]));
    });
}

/// A game: a move by the page, answered by the engine's; effects of the
/// last move; take back; the end of a game announced with its rule.
#[test]
fn a_move_is_answered_by_the_engine() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        send(&mut ws, json!({"type": "new", "variant": "trebuqi"})).await;
        let (state, _) = until(&mut ws, "state").await;
        let first = state["legal"][0]["text"].as_str().unwrap().to_string();
        send(&mut ws, json!({"type": "move", "move": first})).await;
        let (state, _) = until(&mut ws, "state").await;
        assert_eq!(state["moves"], json!([first]));
        assert_eq!(state["last"]["text"], json!(first));
        assert_eq!(state["side"], "Black");
        send(&mut ws, json!({"type": "go", "depth": 3})).await;
        let (state, before) = until(&mut ws, "state").await;
        assert!(before.iter().any(|v| v["type"] == "searching"));
        assert!(before.iter().any(|v| v["type"] == "info"));
        let reply = state["engine_move"].as_str().expect("the engine moved");
        assert_eq!(state["moves"][1], json!(reply));
        assert_eq!(state["side"], "White");
        send(&mut ws, json!({"type": "undo"})).await;
        let (state, _) = until(&mut ws, "state").await;
        assert_eq!(state["moves"], json!([first]));
        assert_eq!(state["last"]["text"], json!(first));
        send(&mut ws, json!({"type": "goto", "ply": 0})).await;
        let (state, _) = until(&mut ws, "state").await;
        assert_eq!(state["moves"], json!([]));
        assert_eq!(state["last"], Value::Null);

        // Fool's mate: the end, its rule, no legal moves.
        send(&mut ws, json!({"type": "new", "variant": "chess"})).await;
        until(&mut ws, "state").await;
        for m in ["f2f3", "e7e5", "g2g4", "d8h4"] {
            send(&mut ws, json!({"type": "move", "move": m})).await;
        }
        let mut state = Value::Null;
        for _ in 0..4 {
            state = until(&mut ws, "state").await.0;
        }
        assert_eq!(state["outcome"]["result"], "0-1");
        assert_eq!(state["outcome"]["reason"], "Black mates");
        assert_eq!(state["legal"], json!([]));
        send(&mut ws, json!({"type": "go", "depth": 2})).await;
        assert_eq!(recv(&mut ws).await["type"], "error");
    });
}

/// Analysis: MultiPV lines until stopped; a move meanwhile stops it first
/// and is played; closing the socket mid-search leaves the server serving.
#[test]
fn analysis_sends_lines_and_stops() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        send(&mut ws, json!({"type": "analyze", "multipv": 3})).await;
        let mut seen = [false; 3];
        while !seen.iter().all(|&s| s) {
            let v = recv(&mut ws).await;
            if v["type"] == "info" {
                let k = v["multipv"].as_u64().unwrap() as usize;
                seen[k - 1] = true;
                assert!(!v["pv"].as_array().unwrap().is_empty());
            }
        }
        send(&mut ws, json!({"type": "move", "move": "e2e4"})).await;
        let (state, _) = until(&mut ws, "state").await;
        assert_eq!(state["moves"], json!(["e2e4"]));
        send(&mut ws, json!({"type": "analyze", "multipv": 2})).await;
        until(&mut ws, "info").await;
        send(&mut ws, json!({"type": "stop"})).await;
        let (_, _) = until(&mut ws, "idle").await;
        send(&mut ws, json!({"type": "analyze"})).await;
        until(&mut ws, "info").await;
        drop(ws);
        let (_ws2, greeting) = page(&addr).await;
        assert_eq!(greeting[0]["type"], "hello");
    });
}

/// Sends `msg` and returns the state that answers it.
async fn ask_state(ws: &mut Ws, msg: Value) -> Value {
    send(ws, msg).await;
    let (state, before) = until(ws, "state").await;
    assert!(before.iter().all(|v| v["type"] != "error"), "{before:?}");
    state
}

/// Back and forward along the move list: going back keeps the later moves,
/// the line's next move goes forward, another move replaces the rest, and
/// take back drops what follows.
#[test]
fn the_move_list_goes_back_and_forward() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        for m in ["e2e4", "e7e5", "g1f3", "b8c6"] {
            ask_state(&mut ws, json!({"type": "move", "move": m})).await;
        }
        let line = json!(["e2e4", "e7e5", "g1f3", "b8c6"]);
        let s = ask_state(&mut ws, json!({"type": "goto", "ply": 1})).await;
        assert_eq!(
            (s["ply"].clone(), s["moves"].clone(), s["line"].clone()),
            (json!(1), json!(["e2e4"]), line.clone())
        );
        assert_eq!(s["side"], "Black");
        assert_eq!(s["last"]["text"], "e2e4");
        let s = ask_state(&mut ws, json!({"type": "goto", "ply": 3})).await;
        assert_eq!(
            (s["ply"].clone(), s["line"].clone()),
            (json!(3), line.clone())
        );
        assert_eq!(s["last"]["text"], "g1f3");
        ask_state(&mut ws, json!({"type": "goto", "ply": 1})).await;
        // The line's own next move: forward, the line kept.
        let s = ask_state(&mut ws, json!({"type": "move", "move": "e7e5"})).await;
        assert_eq!(
            (s["ply"].clone(), s["line"].clone()),
            (json!(2), line.clone())
        );
        // Another move: the rest of the line goes.
        let s = ask_state(&mut ws, json!({"type": "move", "move": "d2d4"})).await;
        assert_eq!(s["line"], json!(["e2e4", "e7e5", "d2d4"]));
        ask_state(&mut ws, json!({"type": "goto", "ply": 0})).await;
        let s = ask_state(&mut ws, json!({"type": "goto", "ply": 3})).await;
        assert_eq!(s["moves"], json!(["e2e4", "e7e5", "d2d4"]));
        // Take back: the last move goes, and nothing follows it.
        let s = ask_state(&mut ws, json!({"type": "goto", "ply": 2})).await;
        assert_eq!(s["line"].as_array().unwrap().len(), 3);
        let s = ask_state(&mut ws, json!({"type": "undo"})).await;
        assert_eq!(
            (s["ply"].clone(), s["line"].clone()),
            (json!(1), json!(["e2e4"]))
        );
        let s = ask_state(&mut ws, json!({"type": "goto", "ply": 0, "truncate": true})).await;
        assert_eq!(s["line"], json!([]));
        send(&mut ws, json!({"type": "goto", "ply": 1})).await;
        assert_eq!(recv(&mut ws).await["type"], "error");
    });
}

/// PGN out and in: an exported game in our dialect (Variant, SetUp and FEN
/// tags, result `*` while it goes on) imports back to the same game, also
/// from another variant's board; bad texts are refused and change nothing.
#[test]
fn pgn_exports_and_imports() {
    runtime().block_on(async {
        let addr = server().await;
        let (mut ws, _) = page(&addr).await;
        let mut s = ask_state(&mut ws, json!({"type": "new", "variant": "bandit"})).await;
        for _ in 0..6 {
            let m = s["legal"][s["legal"].as_array().unwrap().len() / 3]["text"].clone();
            s = ask_state(&mut ws, json!({"type": "move", "move": m})).await;
        }
        // Back two plies: the export is still the whole game.
        ask_state(&mut ws, json!({"type": "goto", "ply": 4})).await;
        send(
            &mut ws,
            json!({"type": "export_pgn", "white": "Ann \"A\"", "black": "menagerie"}),
        )
        .await;
        let (pgn, _) = until(&mut ws, "pgn").await;
        let text = pgn["pgn"].as_str().unwrap().to_string();
        for tag in [
            "[Variant \"bandit\"]",
            "[SetUp \"1\"]",
            "[FEN \"",
            "[Result \"*\"]",
            "[White \"Ann \\\"A\\\"\"]",
            "[PlyCount \"6\"]",
        ] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        assert!(text.trim_end().ends_with('*'), "{text}");
        let games = menagerie::arena::pgn::parse_games(&text).unwrap();
        assert_eq!(json!(games[0].moves), s["line"]);

        // Into a chess board: the Bandit game comes back, at its end.
        let chess = ask_state(&mut ws, json!({"type": "new", "variant": "chess"})).await;
        send(&mut ws, json!({"type": "import_pgn", "pgn": text})).await;
        let (layout, _) = until(&mut ws, "layout").await;
        assert_eq!(layout["variant"], "bandit");
        let (t, _) = until(&mut ws, "state").await;
        assert_eq!(
            (t["fen"].clone(), t["line"].clone(), t["ply"].clone()),
            (s["fen"].clone(), s["line"].clone(), json!(6))
        );
        assert_eq!(
            t["set_up"],
            json!(false),
            "the variant's own start is no set-up"
        );

        // Refused: each an error, the game unchanged.
        let illegal = text.replace(s["line"][3].as_str().unwrap(), "a1a1");
        for bad in [
            "".to_string(),
            "[Event \"x\"".to_string(),
            "[Variant \"checkers\"]\n1. a2a3 *".to_string(),
            "[Variant \"chess\"]\n[FEN \"8/8 w\"]\n1. a2a3 *".to_string(),
            "1. e2e4 e7e5 2. e1e3 *".to_string(),
            illegal,
        ] {
            send(&mut ws, json!({"type": "import_pgn", "pgn": bad})).await;
            let v = recv(&mut ws).await;
            assert_eq!(v["type"], "error", "{bad}: {v}");
            assert!(
                v["message"].as_str().unwrap().starts_with("PGN refused"),
                "{v}"
            );
        }
        let u = ask_state(&mut ws, json!({"type": "state"})).await;
        assert_eq!(
            (u["fen"].clone(), u["line"].clone()),
            (t["fen"].clone(), t["line"].clone())
        );

        // A finished chess game carries its result and the rule.
        ask_state(
            &mut ws,
            json!({"type": "import_pgn", "pgn": "1. f2f3 e7e5 2. g2g4 d8h4 *"}),
        )
        .await;
        send(&mut ws, json!({"type": "export_pgn"})).await;
        let (pgn, _) = until(&mut ws, "pgn").await;
        let text = pgn["pgn"].as_str().unwrap();
        assert!(
            text.contains("[Result \"0-1\"]") && !text.contains("[Variant"),
            "{text}"
        );
        assert!(text.contains("{Black mates} 0-1"), "{text}");
        drop(chess);
    });
}

/// Engine against engine with two engines of an engines.ini (menagerie
/// twice, over UCI): the board lists them for the variant, each plays its
/// side when asked, every move refereed by our rules; an unknown engine is
/// an error.
#[test]
fn two_configured_engines_play_each_other() {
    let dir = std::env::temp_dir().join(format!("menagerie-gui-engines-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bin = env!("CARGO_BIN_EXE_menagerie");
    let ini = dir.join("engines.ini");
    std::fs::write(
        &ini,
        format!("[one]\ncommand = {bin}\noptions = Hash=8\n\n[two]\ncommand = {bin}\nprotocol = xboard\n\n[chessonly]\ncommand = /no/such/engine\n"),
    )
    .unwrap();
    runtime().block_on(async {
        let engines = menagerie::gui::engines::Engines::load(Some(&ini));
        let addr = serve(menagerie::gui::app_with(engines)).await;
        let (mut ws, _) = page(&addr).await;
        let mut s = ask_state(&mut ws, json!({"type": "new", "variant": "fugue"})).await;
        send(&mut ws, json!({"type": "engines"})).await;
        let (list, _) = until(&mut ws, "engines").await;
        assert_eq!(
            (list["variant"].clone(), list["names"].clone()),
            (json!("fugue"), json!(["one", "two"]))
        );
        for ply in 0..8 {
            let engine = if ply % 2 == 0 { "one" } else { "two" };
            send(
                &mut ws,
                json!({"type": "go", "engine": engine, "movetime_ms": 60}),
            )
            .await;
            let (next, before) = until(&mut ws, "state").await;
            assert!(before.iter().all(|v| v["type"] != "error"), "{before:?}");
            let mv = next["engine_move"].as_str().expect("an engine move");
            assert!(
                s["legal"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .any(|m| m["text"] == mv),
                "{mv}"
            );
            assert_eq!(next["line"].as_array().unwrap().len(), ply + 1);
            s = next;
        }
        // Back two plies: the engine is told the new game and plays on.
        ask_state(&mut ws, json!({"type": "goto", "ply": 6, "truncate": true})).await;
        send(
            &mut ws,
            json!({"type": "go", "engine": "one", "movetime_ms": 60}),
        )
        .await;
        let (next, _) = until(&mut ws, "state").await;
        assert_eq!(next["line"].as_array().unwrap().len(), 7);
        // Stopped, then asked again at once: the stopped answer is dropped
        // and the new question is asked when the engine is free.
        let before = next["line"].as_array().unwrap().len();
        send(
            &mut ws,
            json!({"type": "go", "engine": "two", "movetime_ms": 300}),
        )
        .await;
        send(&mut ws, json!({"type": "stop"})).await;
        send(
            &mut ws,
            json!({"type": "go", "engine": "two", "movetime_ms": 60}),
        )
        .await;
        let (next, others) = until(&mut ws, "state").await;
        assert!(others.iter().all(|v| v["type"] != "error"), "{others:?}");
        assert_eq!(next["line"].as_array().unwrap().len(), before + 1);
        send(&mut ws, json!({"type": "go", "engine": "nobody"})).await;
        let e = recv(&mut ws).await;
        assert!(
            e["message"]
                .as_str()
                .unwrap()
                .contains("no engine 'nobody'"),
            "{e}"
        );
    });
    let _ = std::fs::remove_dir_all(&dir);
}
