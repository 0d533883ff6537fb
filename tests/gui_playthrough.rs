//! The "done when", played in a real browser, and the speed figures
//! of its closing note. Both are `#[ignore]`d (minutes, and timings that
//! depend on the machine); run them with
//! `cargo test --release --test gui_playthrough -- --ignored --nocapture`.
//!
//! - [`done_when_play_through`]: a whole game of Trebuqi against the engine
//!   made by clicks (a piece, then one of the targets the page highlights),
//!   then a Fugue game of our engine against an engine of an `engines.ini`
//!   (menagerie again, over UCI) watched to its end; after every move the
//!   pieces the page draws equal the board of the engine's own replay of
//!   the game, and no script or console error appears.
//! - [`speed_figures`]: page interactive time, press → highlights time, and
//!   analysis nodes/s in the page against `menagerie` over UCI (one thread,
//!   the same position and table size). Printed, never asserted.

mod browser;

use browser::{click, eval, open, wait_for, wait_true};
use fantoccini::Client;
use menagerie::protocol::make_session;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap()
}

async fn serve(app: axum::Router) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// The pieces the page draws equal the engine's board after replaying the
/// game the page shows; the page's FEN equals the engine's.
async fn check_drawn(c: &Client, variant: &str) -> Value {
    // State and picture read in one script, so no message comes between.
    let both = eval(
        c,
        "return [menagerie.state, [...document.querySelectorAll('#board g.piece')].map(g => g.dataset.cell + g.dataset.letter)]",
    )
    .await;
    let state = both[0].clone();
    let start = state["set_up"]
        .as_bool()
        .unwrap()
        .then(|| state["start_fen"].as_str().unwrap());
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut s = make_session(variant, 1, 1).unwrap();
    s.set_position(start, &moves).unwrap();
    assert_eq!(state["fen"].as_str().unwrap(), s.fen(), "{variant}: FEN");
    let mut engine: Vec<String> = s
        .board()
        .into_iter()
        .map(|(c, l)| format!("{c}{l}"))
        .collect();
    let mut drawn: Vec<String> = serde_json::from_value(both[1].clone()).unwrap();
    engine.sort();
    drawn.sort();
    assert_eq!(
        drawn,
        engine,
        "{variant}: drawn board after {}",
        moves.join(" ")
    );
    assert_eq!(browser::page_errors(c).await, json!([]), "page errors");
    state
}

/// The move a two-ply search of our engine picks in the page's position
/// (the "person" at the board: better than chance, weaker than the
/// engine it plays, so the game has a middle and an end).
fn advice(state: &Value) -> menagerie::protocol::MoveEffects {
    let mut s = make_session("trebuqi", 1, 1).unwrap();
    s.set_position(Some(state["fen"].as_str().unwrap()), &[])
        .unwrap();
    let limits = menagerie::search::Limits {
        depth: Some(2),
        ..Default::default()
    };
    let best = s
        .go(
            &limits,
            std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false)),
            &mut |_| {},
        )
        .best
        .unwrap();
    s.move_effects()
        .into_iter()
        .find(|m| m.text == best)
        .unwrap()
}

/// One ply by clicks: the piece of the advised move, then its target among
/// the cells the page highlights, then its way in the chooser if one opens.
async fn click_a_move(c: &Client, state: &Value) {
    let mv = advice(state);
    let from = mv.from.clone();
    click(c, &format!("#board g.piece[data-cell='{from}']")).await;
    wait_true(
        c,
        "return document.querySelectorAll('#board .target').length > 0",
    )
    .await;
    let targets = eval(
        c,
        "return [...document.querySelectorAll('#board .target')].map(e => e.dataset.cell)",
    )
    .await;
    assert!(
        targets.as_array().unwrap().contains(&json!(mv.to)),
        "{} among {targets}",
        mv.text
    );
    let to = mv.to.clone();
    // An occupied target takes the click on its piece (the capture ring
    // is drawn around it); where the dot covers the piece, on the dot.
    let on_piece = match c
        .find(fantoccini::Locator::Css(&format!(
            "#board g.piece[data-cell='{to}']"
        )))
        .await
    {
        Ok(piece) => piece.click().await.is_ok(),
        Err(_) => false,
    };
    if !on_piece {
        click(c, &format!("#board .target[data-cell='{to}']")).await;
    }
    if eval(c, "return document.getElementById('chooser').open").await == json!(true) {
        click(c, &format!("#choices button[data-move='{}']", mv.text)).await;
    }
}

#[test]
#[ignore = "a whole game in a browser: minutes"]
fn done_when_play_through() {
    let Some((chromium, driver)) = browser::installed() else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("menagerie-playthrough-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let ini = dir.join("engines.ini");
    let bin = env!("CARGO_BIN_EXE_menagerie");
    std::fs::write(
        &ini,
        format!("[menagerie-uci]\ncommand = {bin}\noptions = Hash=16\n"),
    )
    .unwrap();
    runtime().block_on(async move {
        let engines = menagerie::gui::engines::Engines::load(Some(&ini));
        let addr = serve(menagerie::gui::app_with(engines)).await;
        let b = browser::start(&chromium, &driver, 1280, 860).await;
        let c = &b.c;

        // Trebuqi against the engine (three plies deep), by clicks, to the end.
        let t0 = Instant::now();
        open(c, &format!("http://{addr}/?variant=trebuqi&mode=play"), "trebuqi").await;
        eval(c, "document.getElementById('limit-kind').value = 'depth'; document.getElementById('limit').value = '3'; return true").await;
        let mut state = check_drawn(c, "trebuqi").await;
        while state["outcome"].is_null() {
            let ply = state["ply"].as_u64().unwrap();
            click_a_move(c, &state).await;
            // Our move, then the engine's (unless ours ended the game).
            wait_for(c, &format!(
                "const s = menagerie.state; return s.ply === {} || (s.ply === {} && !!s.outcome)",
                ply + 2, ply + 1
            ), 120).await;
            state = check_drawn(c, "trebuqi").await;
        }
        println!(
            "trebuqi: {} plies by clicks against the engine, {} ({}), {:.0} s",
            state["ply"], state["outcome"]["result"], state["outcome"]["reason"],
            t0.elapsed().as_secs_f64()
        );
        let status = eval(c, "return document.getElementById('status').textContent").await;
        assert!(status.as_str().unwrap().starts_with("Game over"), "{status}");

        // Fugue, watched: our engine (White) against menagerie-uci of the
        // engines.ini (Black), a tenth of a second a move, to the end.
        let t0 = Instant::now();
        open(c, &format!("http://{addr}/?variant=fugue&mode=watch"), "fugue").await;
        click(c, "#pause").await; // hold the game while the engines are chosen
        wait_true(c, "return [...document.getElementById('black-engine').options].some(o => o.value === 'menagerie-uci')").await;
        eval(c, "document.getElementById('limit-kind').value = 'time'; document.getElementById('limit').value = '0.1'; \
                 document.getElementById('black-engine').value = 'menagerie-uci'; return true").await;
        click(c, "#pause").await;
        let mut seen = 0u64;
        let mut swaps = 0;
        let mut captures = 0;
        let mut missed = 0;
        loop {
            let state = check_drawn(c, "fugue").await;
            let ply = state["ply"].as_u64().unwrap();
            if ply != seen {
                missed += ply.saturating_sub(seen + 1);
                seen = ply;
                if let Some(last) = state["last"].as_object() {
                    swaps += usize::from(!last["displaced"].is_null());
                    captures += usize::from(!last["removed"].as_array().unwrap().is_empty());
                }
            }
            if !state["outcome"].is_null() {
                println!(
                    "fugue: {} plies watched (menagerie against menagerie-uci), {} ({}), \
                     {swaps} swaps and {captures} captures drawn ({missed} plies passed between two looks), {:.0} s",
                    ply, state["outcome"]["result"], state["outcome"]["reason"],
                    t0.elapsed().as_secs_f64()
                );
                break;
            }
            assert!(t0.elapsed() < Duration::from_secs(900), "the Fugue game did not end");
            tokio::time::sleep(Duration::from_millis(40)).await;
        }
        assert_eq!(browser::page_errors(c).await, json!([]));
        b.c.clone().close().await.unwrap();
    });
    let _ = std::fs::remove_dir_all(&dir);
}

/// Nodes per second of `menagerie` over UCI: `go movetime` on `fen` with one
/// thread and a 16 MiB table (the board's), the last `info`'s `nps`.
fn uci_nps(variant: &str, fen: &str, ms: u64) -> u64 {
    let mut p = Command::new(env!("CARGO_BIN_EXE_menagerie"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut input = p.stdin.take().unwrap();
    let out = BufReader::new(p.stdout.take().unwrap());
    writeln!(
        input,
        "uci\nsetoption name UCI_Variant value {variant}\nsetoption name Hash value {}\n\
         setoption name Threads value 1\nisready\nucinewgame\nposition fen {fen}\ngo movetime {ms}",
        menagerie::gui::board::HASH_MB
    )
    .unwrap();
    input.flush().unwrap();
    let mut nps = 0;
    for line in out.lines() {
        let line = line.unwrap();
        let mut it = line.split_whitespace();
        while let Some(t) = it.next() {
            if t == "nps" {
                nps = it.next().and_then(|v| v.parse().ok()).unwrap_or(nps);
            }
        }
        if line.starts_with("bestmove") {
            break;
        }
    }
    let _ = writeln!(input, "quit");
    let _ = p.wait();
    nps
}

/// Nodes per second of the board's analysis without a browser: a WebSocket
/// client asks the server for one line on one thread for `ms`.
async fn socket_nps(addr: std::net::SocketAddr, variant: &str, fen: &str, ms: u64) -> f64 {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let q = fen.replace(' ', "%20");
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/ws?variant={variant}&fen={q}"))
            .await
            .unwrap();
    let go = json!({"type": "analyze", "multipv": 1, "threads": 1}).to_string();
    ws.send(Message::Text(go.into())).await.unwrap();
    let end = Instant::now() + Duration::from_millis(ms);
    let mut nps = 0.0;
    while let Ok(Some(Ok(msg))) = tokio::time::timeout_at(end.into(), ws.next()).await {
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            if v["type"] == "info" && v["multipv"] == 1 {
                nps = v["nps"].as_f64().unwrap();
            }
        }
    }
    nps
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

#[test]
#[ignore = "timings of this machine, printed for the closing note"]
fn speed_figures() {
    let Some((chromium, driver)) = browser::installed() else {
        return;
    };
    runtime().block_on(async move {
        let addr = serve(menagerie::gui::app()).await;
        let b = browser::start(&chromium, &driver, 1280, 860).await;
        let c = &b.c;

        // Page interactive: navigation timing of a fresh load, and the
        // first position drawn (the page's own mark), median of 7.
        let (mut interactive, mut loaded, mut drawn) = (Vec::new(), Vec::new(), Vec::new());
        for _ in 0..7 {
            open(c, &format!("http://{addr}/?variant=trebuqi&mode=free"), "trebuqi").await;
            wait_true(c, "return menagerie.timing.readyMs > 0").await;
            let nav = eval(c, "const n = performance.getEntriesByType('navigation')[0]; const t = menagerie.timing; \
                return [n.domInteractive, n.loadEventEnd, t.readyMs, n.responseEnd, t.connectedMs, t.helloMs]").await;
            println!("  load: {nav}  (domInteractive, load, drawn, responseEnd, socket open, hello)");
            interactive.push(nav[0].as_f64().unwrap());
            loaded.push(nav[1].as_f64().unwrap());
            drawn.push(nav[2].as_f64().unwrap());
        }
        println!(
            "page (trebuqi, local): domInteractive {:.0} ms, load {:.0} ms, first position drawn {:.0} ms (median of 7)",
            median(interactive), median(loaded), median(drawn)
        );

        // Press → highlights: 30 presses on pieces that can move.
        let (mut handler, mut frame) = (Vec::new(), Vec::new());
        for variant in ["trebuqi", "chess"] {
            open(c, &format!("http://{addr}/?variant={variant}&mode=free"), variant).await;
            let froms = eval(c, "return [...new Set(menagerie.state.legal.map(m => m.from))]").await;
            for (i, f) in froms.as_array().unwrap().iter().cycle().take(15).enumerate() {
                let f = f.as_str().unwrap();
                click(c, &format!("#board g.piece[data-cell='{f}']")).await;
                wait_true(c, "return document.querySelectorAll('#board .target').length > 0").await;
                tokio::time::sleep(Duration::from_millis(60)).await; // the next frame
                let t = eval(c, "return menagerie.timing").await;
                handler.push(t["clickMs"].as_f64().unwrap());
                frame.push(t["clickFrameMs"].as_f64().unwrap());
                click(c, &format!("#board g.piece[data-cell='{f}']")).await; // put it down
                let _ = i;
            }
        }
        let max = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
        println!(
            "press → highlights: handler median {:.2} ms (max {:.2}); input event → next frame median {:.1} ms (max {:.1}); 30 presses",
            median(handler.clone()), max(&handler), median(frame.clone()), max(&frame)
        );

        // Analysis nodes/s: the page (one line, one thread) against UCI.
        for (variant, fen) in [
            ("chess", "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
            ("trebuqi", ""),
        ] {
            let fen = if fen.is_empty() {
                make_session(variant, 1, 1).unwrap().fen()
            } else {
                fen.to_string()
            };
            let q = fen.replace(' ', "%20");
            let mut page = Vec::new();
            let mut uci = Vec::new();
            let mut socket = Vec::new();
            for _ in 0..2 {
                socket.push(socket_nps(addr, variant, &fen, 8000).await);
                open(c, &format!("http://{addr}/?variant={variant}&mode=free&fen={q}"), variant).await;
                eval(c, "menagerie.send({type: 'analyze', multipv: 1, threads: 1}); return true").await;
                tokio::time::sleep(Duration::from_secs(8)).await;
                let l = eval(c, "return menagerie.lines[1] || null").await;
                let infos = eval(c, "return menagerie.timing.infos").await;
                println!("  {variant}: {infos} search reports in the page");
                click(c, "#new").await;
                page.push(l["nps"].as_f64().unwrap_or(0.0));
                uci.push(uci_nps(variant, &fen, 8000) as f64);
            }
            let (p, u, w) = (median(page.clone()), median(uci.clone()), median(socket.clone()));
            println!(
                "analysis nodes/s, {variant}, 1 thread, 8 s: page {page:?} vs uci {uci:?} → {:+.1}%; \
                 server without a browser {socket:?} → {:+.1}%",
                100.0 * (p - u) / u,
                100.0 * (w - u) / u
            );
        }
        b.c.clone().close().await.unwrap();
    });
}
