//! The HTTP + WebSocket server (axum on tokio): the embedded page at `/`,
//! and one [`Board`] per WebSocket at `/ws`. Only this file is async; the
//! search runs on a plain thread per board, which owns the board's session
//! while it thinks and hands it back through the connection's channel.
//!
//! Limits that keep a hostile or broken page from hurting the server: a
//! message is at most [`MAX_MESSAGE`] bytes (the socket refuses larger
//! frames); at most [`RATE`] messages a second are handled (more get one
//! error a second and are dropped); at most [`MAX_BOARDS`] boards are open at
//! once; requests that arrive while the engine thinks are queued (at most
//! [`MAX_PENDING`]) and stop the search first. A board holds its session
//! ([`super::board::HASH_MB`] MiB of table plus at most
//! [`super::board::MAX_PLIES`] positions), so memory is bounded per board
//! and in all. Closing the socket stops its search and frees its thread.

use super::assets;
use super::board::{error, info_json, Action, Board, Request, SearchKind};
use crate::protocol::Session;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::Value;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Semaphore};

/// The largest message a page may send, in bytes (a FEN and a move fit many times over).
pub const MAX_MESSAGE: usize = 16 * 1024;
/// Messages handled per second and board.
pub const RATE: u32 = 50;
/// Boards (connections) open at once.
pub const MAX_BOARDS: usize = 32;
/// Requests queued while a search is being stopped.
pub const MAX_PENDING: usize = 16;

/// What a search thread tells its connection.
enum Event {
    Info(Value),
    Done {
        session: Box<dyn Session>,
        best: Option<String>,
    },
    /// The search panicked: the session is lost and rebuilt from the game.
    Crashed,
}

/// The search a board is running.
struct Running {
    kind: SearchKind,
    stop: Arc<AtomicBool>,
    /// Drop the result: the page asked for something else meanwhile.
    discard: bool,
}

/// The router: the page's files and the board socket.
pub fn app() -> Router {
    let boards = Arc::new(Semaphore::new(MAX_BOARDS));
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", assets::INDEX) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css", assets::STYLE) }),
        )
        .route(
            "/board.js",
            get(|| async { asset("text/javascript", assets::BOARD_JS) }),
        )
        .route(
            "/pieces.js",
            get(|| async { asset("text/javascript", assets::PIECES_JS) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", assets::APP_JS) }),
        )
        .route("/ws", get(socket))
        .with_state(boards)
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, kind),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

async fn socket(ws: WebSocketUpgrade, State(boards): State<Arc<Semaphore>>) -> Response {
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |mut socket| async move {
            match boards.try_acquire_owned() {
                Ok(permit) => {
                    run_board(socket).await;
                    drop(permit);
                }
                Err(_) => {
                    let msg = error(format!("too many boards open (at most {MAX_BOARDS})"));
                    let _ = socket.send(Message::Text(msg.to_string().into())).await;
                }
            }
        })
}

/// Sends messages; false once the socket is gone.
async fn send_all(socket: &mut WebSocket, msgs: Vec<Value>) -> bool {
    for m in msgs {
        if socket
            .send(Message::Text(m.to_string().into()))
            .await
            .is_err()
        {
            return false;
        }
    }
    true
}

/// One board's connection, until the page closes it.
async fn run_board(mut socket: WebSocket) {
    let mut board = Board::new();
    let (tx, mut rx) = mpsc::unbounded_channel::<Event>();
    let mut running: Option<Running> = None;
    let mut pending: VecDeque<Request> = VecDeque::new();
    // Rate limit: a window of one second.
    let mut window = Instant::now();
    let mut in_window = 0u32;
    let mut warned = false;
    if !send_all(&mut socket, board.greeting()).await {
        return;
    }
    loop {
        let out: Vec<Value> = tokio::select! {
            msg = socket.recv() => match msg {
                Some(Ok(Message::Text(text))) => {
                    if window.elapsed() >= Duration::from_secs(1) {
                        window = Instant::now();
                        in_window = 0;
                        warned = false;
                    }
                    in_window += 1;
                    if in_window > RATE {
                        if warned {
                            continue;
                        }
                        warned = true;
                        vec![error(format!("too many messages: at most {RATE} a second are handled"))]
                    } else {
                        match Request::parse(text.as_str()) {
                            Ok(req) => handle(&mut board, req, &mut running, &mut pending, &tx),
                            Err(e) => vec![error(e)],
                        }
                    }
                }
                Some(Ok(Message::Binary(_))) => vec![error("binary messages are not understood")],
                Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
            },
            Some(event) = rx.recv() => match event {
                Event::Info(v) => vec![v],
                Event::Done { session, best } => {
                    let r = running.take().expect("a search was running");
                    let mut out = board.finish(session, r.kind, best, r.discard);
                    out.extend(drain(&mut board, &mut running, &mut pending, &tx));
                    out
                }
                Event::Crashed => {
                    running = None;
                    let mut out = board.recover();
                    out.extend(drain(&mut board, &mut running, &mut pending, &tx));
                    out
                }
            },
        };
        if !send_all(&mut socket, out).await {
            break;
        }
    }
    // The page is gone: stop its search (the thread then ends by itself,
    // dropping the session when its report finds no receiver).
    if let Some(r) = running {
        r.stop.store(true, Ordering::Relaxed);
    }
}

/// Handles the queued requests once the board is idle again.
fn drain(
    board: &mut Board,
    running: &mut Option<Running>,
    pending: &mut VecDeque<Request>,
    tx: &mpsc::UnboundedSender<Event>,
) -> Vec<Value> {
    let mut out = Vec::new();
    while running.is_none() {
        let Some(req) = pending.pop_front() else {
            break;
        };
        out.extend(handle(board, req, running, pending, tx));
    }
    out
}

/// One request: while a search runs, `stop` stops it and anything else is
/// queued behind a stop (its result then dropped); while idle, the board
/// answers and perhaps starts a search.
fn handle(
    board: &mut Board,
    req: Request,
    running: &mut Option<Running>,
    pending: &mut VecDeque<Request>,
    tx: &mpsc::UnboundedSender<Event>,
) -> Vec<Value> {
    if let Some(r) = running {
        r.stop.store(true, Ordering::Relaxed);
        if matches!(req, Request::Stop) {
            return Vec::new();
        }
        r.discard = true;
        if pending.len() >= MAX_PENDING {
            return vec![error("too many requests while the engine stops")];
        }
        pending.push_back(req);
        return Vec::new();
    }
    match board.handle(req) {
        Action::Reply(v) => v,
        Action::Stop => Vec::new(),
        Action::Search(v, job) => {
            let stop = Arc::new(AtomicBool::new(false));
            let mut session = board.take_session();
            session.set_threads(job.threads);
            let tx = tx.clone();
            let flag = stop.clone();
            let limits = job.limits;
            let spawned = std::thread::Builder::new()
                .name("gui-search".into())
                .spawn(move || {
                    let reports = tx.clone();
                    let result = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        let r = session.go(&limits, flag, &mut |i| {
                            let _ = reports.send(Event::Info(info_json(i)));
                        });
                        (session, r.best)
                    }));
                    let _ = tx.send(match result {
                        Ok((session, best)) => Event::Done { session, best },
                        Err(_) => Event::Crashed,
                    });
                });
            if spawned.is_err() {
                return board.recover();
            }
            *running = Some(Running {
                kind: job.kind,
                stop,
                discard: false,
            });
            v
        }
    }
}

/// Whether `host` is this machine only.
fn loopback(host: &str) -> bool {
    host == "localhost"
        || host
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Opens `url` in the default browser; failure is ignored (the URL is printed).
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(target_os = "windows") {
        "explorer"
    } else {
        "xdg-open"
    };
    let _ = std::process::Command::new(opener)
        .arg(url)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn();
}

/// `menagerie gui`: serves until killed.
pub fn run(host: &str, port: u16, open: bool) -> Result<(), String> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server: {e}"))?;
    rt.block_on(async {
        let listener = tokio::net::TcpListener::bind((host, port))
            .await
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        let addr = listener
            .local_addr()
            .map_err(|e| format!("cannot listen on {host}:{port}: {e}"))?;
        if !loopback(host) {
            eprintln!(
                "warning: listening on {host}: anyone who can reach this machine can open the board \
                 and run searches on it"
            );
        }
        let url = if loopback(host) {
            format!("http://127.0.0.1:{}/", addr.port())
        } else {
            format!("http://{addr}/")
        };
        println!("menagerie gui: {url}");
        if open {
            open_browser(&url);
        }
        axum::serve(listener, app())
            .await
            .map_err(|e| format!("server stopped: {e}"))
    })
}
