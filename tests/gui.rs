//! The web board's JSON protocol, without a browser: the server runs on a
//! free port in this process and a WebSocket client plays the page. Legal
//! targets equal `perft 1 --divide` (the engine's generator), bad messages
//! get errors and change nothing, the engine answers a move, analysis sends
//! MultiPV lines and stops, oversized and flooding messages are refused.

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
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, menagerie::gui::app()).await });
    format!("127.0.0.1:{}", addr.port())
}

/// A page: connects and reads the greeting (hello, layout, state).
async fn page(addr: &str) -> (Ws, Vec<Value>) {
    let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
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
