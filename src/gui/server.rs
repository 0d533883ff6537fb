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
//! and in all. Closing the socket stops its search and frees its thread,
//! and ends the board's external engines (at most one per `engines.ini`
//! entry, each asked one move at a time, see [`super::engines`]).

use super::assets;
use super::board::{error, info_json, Action, Board, Request, SearchKind};
use super::engines::{self, Engines, Player};
use crate::outln;
use crate::protocol::Session;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use serde_json::{json, Value};
use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{mpsc, Semaphore};

/// The largest message a page may send, in bytes: a PGN of the longest
/// game a board keeps ([`super::board::MAX_PLIES`] plies) fits.
pub const MAX_MESSAGE: usize = 64 * 1024;
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
    /// The engines of `engines.ini` that play the variant.
    Engines(Value),
    /// An external engine's answer, for the position of `version`.
    External {
        name: String,
        player: Option<Player>,
        version: u64,
        answer: Result<String, String>,
    },
}

/// What the server shares between boards.
#[derive(Clone)]
struct Shared {
    boards: Arc<Semaphore>,
    engines: Arc<Engines>,
}

/// A board's external engines: the ones started, and the one thinking.
#[derive(Default)]
struct Externals {
    players: HashMap<String, Player>,
    /// The engine thinking, and whether its answer is dropped (`stop`).
    thinking: Option<(String, bool)>,
    /// A move asked for after a `stop`, before the stopped engine answered
    /// (an engine cannot be interrupted): asked once it has.
    next: Option<(String, u64)>,
}

/// The search a board is running.
struct Running {
    kind: SearchKind,
    stop: Arc<AtomicBool>,
    /// Drop the result: the page asked for something else meanwhile.
    discard: bool,
}

/// The router: the page's files and the board socket, with the engines of
/// the `engines.ini` that `menagerie match` would read.
pub fn app() -> Router {
    app_with(Engines::load(None))
}

/// The router with these engines.
pub fn app_with(engines: Engines) -> Router {
    let shared = Shared {
        boards: Arc::new(Semaphore::new(MAX_BOARDS)),
        engines: Arc::new(engines),
    };
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
            "/pgn.js",
            get(|| async { asset("text/javascript", assets::PGN_JS) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript", assets::APP_JS) }),
        )
        .route("/ws", get(socket))
        .with_state(shared)
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

async fn socket(
    ws: WebSocketUpgrade,
    State(shared): State<Shared>,
    // The game the page's address names (`/ws?variant=...&fen=...`); a map,
    // so that no query string is refused before the board can say why.
    Query(opening): Query<HashMap<String, String>>,
) -> Response {
    ws.max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |mut socket| async move {
            match shared.boards.clone().try_acquire_owned() {
                Ok(permit) => {
                    run_board(socket, shared.engines, opening).await;
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
async fn run_board(mut socket: WebSocket, engines: Arc<Engines>, opening: HashMap<String, String>) {
    let (mut board, refused) = match opening.get("variant") {
        Some(v) => Board::open(v, opening.get("fen").map(String::as_str)),
        None => (Board::new(), None),
    };
    let mut ext = Externals::default();
    let (tx, mut rx) = mpsc::unbounded_channel::<Event>();
    let mut running: Option<Running> = None;
    let mut pending: VecDeque<Request> = VecDeque::new();
    // Rate limit: a window of one second.
    let mut window = Instant::now();
    let mut in_window = 0u32;
    let mut warned = false;
    if !send_all(
        &mut socket,
        board.greeting().into_iter().chain(refused).collect(),
    )
    .await
    {
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
                            Ok(req) => {
                                let mut ctx = Ctx { running: &mut running, pending: &mut pending, tx: &tx, engines: &engines, ext: &mut ext };
                                handle(&mut board, req, &mut ctx)
                            }
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
                    let mut ctx = Ctx { running: &mut running, pending: &mut pending, tx: &tx, engines: &engines, ext: &mut ext };
                    out.extend(drain(&mut board, &mut ctx));
                    out
                }
                Event::Crashed => {
                    running = None;
                    let mut out = board.recover();
                    let mut ctx = Ctx { running: &mut running, pending: &mut pending, tx: &tx, engines: &engines, ext: &mut ext };
                    out.extend(drain(&mut board, &mut ctx));
                    out
                }
                Event::Engines(v) => vec![v],
                Event::External { name, player, version, answer } => {
                    let dropped = matches!(ext.thinking.take(), Some((_, true)));
                    if let Some(p) = player {
                        ext.players.insert(name.clone(), p);
                    }
                    let mut out = if dropped || board.searching() {
                        vec![json!({"type": "idle"})]
                    } else {
                        board.external_done(version, &name, answer)
                    };
                    if let Some((next, ms)) = ext.next.take() {
                        let mut ctx = Ctx { running: &mut running, pending: &mut pending, tx: &tx, engines: &engines, ext: &mut ext };
                        out.extend(external(&board, &next, ms, &mut ctx));
                    }
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

/// A board connection's state besides the board, as requests see it.
struct Ctx<'a> {
    running: &'a mut Option<Running>,
    pending: &'a mut VecDeque<Request>,
    tx: &'a mpsc::UnboundedSender<Event>,
    engines: &'a Arc<Engines>,
    ext: &'a mut Externals,
}

/// Handles the queued requests once the board is idle again.
fn drain(board: &mut Board, ctx: &mut Ctx) -> Vec<Value> {
    let mut out = Vec::new();
    while ctx.running.is_none() {
        let Some(req) = ctx.pending.pop_front() else {
            break;
        };
        out.extend(handle(board, req, ctx));
    }
    out
}

/// One request: while a search runs, `stop` stops it and anything else is
/// queued behind a stop (its result then dropped); while idle, the board
/// answers and perhaps starts a search.
fn handle(board: &mut Board, req: Request, ctx: &mut Ctx) -> Vec<Value> {
    let (running, pending, tx) = (&mut *ctx.running, &mut *ctx.pending, ctx.tx);
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
        Action::Stop => {
            if let Some((_, dropped)) = &mut ctx.ext.thinking {
                *dropped = true;
            }
            ctx.ext.next = None;
            Vec::new()
        }
        Action::Engines => {
            let (engines, tx, variant) = (ctx.engines.clone(), tx.clone(), board.variant());
            std::thread::spawn(move || {
                let names = engines.playing(variant);
                let _ = tx.send(Event::Engines(
                    json!({"type": "engines", "variant": variant,
                    "names": names, "source": engines.source}),
                ));
            });
            Vec::new()
        }
        Action::External(name, ms) => external(board, &name, ms, ctx),
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

/// Asks the external engine `name` for a move on a thread of its own.
fn external(board: &Board, name: &str, ms: u64, ctx: &mut Ctx) -> Vec<Value> {
    let Some(spec) = ctx.engines.spec(name) else {
        let shown: String = name.chars().take(40).collect();
        return vec![error(format!(
            "no engine '{shown}' in engines.ini ({})",
            ctx.engines.source
        ))];
    };
    match &ctx.ext.thinking {
        Some((_, true)) if !board.searching() => {
            ctx.ext.next = Some((name.to_string(), ms));
            return Vec::new();
        }
        Some((busy, _)) => return vec![error(format!("engine '{busy}' is still thinking"))],
        None => {}
    }
    let job = board.external_job(spec.clone(), Duration::from_millis(ms));
    let player = ctx.ext.players.remove(name);
    let (tx, version, name) = (ctx.tx.clone(), board.version(), name.to_string());
    ctx.ext.thinking = Some((name.clone(), false));
    std::thread::spawn(move || {
        let (player, answer) = engines::think(player, &job);
        let _ = tx.send(Event::External {
            name,
            player,
            version,
            answer,
        });
    });
    vec![json!({"type": "searching", "kind": "play", "engine": spec.name})]
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
pub fn run(
    host: &str,
    port: u16,
    open: bool,
    config: Option<&std::path::Path>,
) -> Result<(), String> {
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
        outln!("menagerie gui: {url}");
        if open {
            open_browser(&url);
        }
        let engines = Engines::load(config);
        outln!("engines: {}", engines.source);
        axum::serve(listener, app_with(engines))
            .await
            .map_err(|e| format!("server stopped: {e}"))
    })
}
