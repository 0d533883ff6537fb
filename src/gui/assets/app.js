// The page's logic: one WebSocket to the server (one board), the modes
// (play an engine, engine against engine, analysis, two players), clicks
// and drags into moves (with a chooser when one from-to has several
// outcomes), the move list and its navigation, FEN set-up and the legend
// (PGN is in pgn.js). The server holds the game and refuses what the rules
// refuse; this file only asks and draws.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    variant: $("variant"), mode: $("mode"), side: $("side"), limitKind: $("limit-kind"),
    limit: $("limit"), threads: $("threads"), multipv: $("multipv"), status: $("status"),
    error: $("error"), movelist: $("movelist"), lines: $("lines"), fen: $("fen"),
    legend: $("legend"), chooser: $("chooser"), choices: $("choices"),
    whiteEngine: $("white-engine"), blackEngine: $("black-engine"),
  };
  // Moves of the principal variation drawn as arrows (line 1; the other
  // lines show their first move).
  const PV_ARROWS = 4;
  let ws = null;
  let state = null; // the last `state` message
  let pieces = []; // the variant's legend entries
  let selected = null; // the cell of the lifted piece
  let searching = null; // "play" | "analyze" | null
  let paused = false; // engine (play / watch) or analysis paused by the user
  let lines = {}; // analysis lines by number
  let cores = 1;
  let errorTimer = null;
  let engineVariant = null; // the variant the engine lists are for

  const view = new BoardView.View($("board"), onPress, onRelease);
  // Speed figures the browser tests print: page start to first position
  // drawn; the last press's handling (highlights included) and from the
  // input event to the next frame (highlights on screen).
  const timing = { connectedMs: 0, helloMs: 0, readyMs: 0, clickMs: 0, clickFrameMs: 0, infos: 0 };
  window.menagerie = { view, timing, send, get state() { return state; }, get searching() { return searching; }, get lines() { return lines; } };

  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function showError(text) {
    ui.error.textContent = text;
    ui.error.classList.add("shown");
    clearTimeout(errorTimer);
    errorTimer = setTimeout(() => ui.error.classList.remove("shown"), 6000);
  }

  function connect() {
    const proto = location.protocol === "https:" ? "wss://" : "ws://";
    // The game the address names is the board's first game (the server
    // greets with it, or with chess and an error if it refuses it).
    const q = new URLSearchParams(location.search);
    const game = new URLSearchParams();
    if (q.get("variant") || q.get("fen")) {
      game.set("variant", q.get("variant") || "chess");
      if (q.get("fen")) game.set("fen", q.get("fen"));
    }
    ws = new WebSocket(proto + location.host + "/ws" + (game.toString() ? "?" + game.toString() : ""));
    ws.onopen = () => { timing.connectedMs = performance.now(); };
    ws.onmessage = (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch (e) { return; }
      handlers[msg.type] && handlers[msg.type](msg);
    };
    ws.onclose = () => {
      ui.status.textContent = "Disconnected from the engine: reload the page to reconnect.";
      ui.status.classList.add("over");
    };
  }

  const handlers = {
    hello(msg) {
      timing.helloMs = performance.now();
      cores = msg.cores || 1;
      ui.threads.max = cores;
      ui.multipv.max = msg.max_multipv || 5;
      ui.variant.innerHTML = "";
      for (const v of msg.variants) {
        const o = document.createElement("option");
        o.value = o.textContent = v;
        ui.variant.appendChild(o);
      }
      const q = new URLSearchParams(location.search);
      const mode = q.get("mode");
      if (["play", "watch", "analyze", "free"].includes(mode)) { ui.mode.value = mode; updateButtons(); }
    },
    layout(msg) {
      pieces = msg.pieces;
      if (msg.variant !== engineVariant) { engineVariant = msg.variant; send({ type: "engines" }); }
      ui.variant.value = msg.variant;
      view.setLayout(msg.board, pieces);
      renderLegend();
    },
    state(msg) {
      state = msg;
      if (!timing.readyMs) timing.readyMs = performance.now();
      selected = null;
      lines = {};
      renderAll();
      updateUrl();
      afterState();
    },
    info(msg) {
      if (searching === "analyze" || ui.mode.value === "analyze") {
        if (msg.multipv === 1) {
          // A new depth: drop deeper lines of the previous depth that the new
          // one has not reported yet only when they are stale.
          for (const k in lines) if (lines[k].depth < msg.depth - 1) delete lines[k];
        }
        lines[msg.multipv] = msg;
        timing.infos++;
        scheduleAnalysisDraw();
      } else if (msg.multipv === 1) {
        ui.status.textContent = "Engine thinking… depth " + msg.depth + ", " + scoreText(msg.score, state.side) + ", " + fmtNps(msg.nps);
        setEval(msg.score, state.side);
      }
    },
    searching(msg) {
      searching = msg.kind;
      if (msg.engine) ui.status.textContent = msg.engine + " is thinking…";
      updateButtons();
    },
    engines(msg) {
      if (msg.variant !== engineVariant) return;
      for (const sel of [ui.whiteEngine, ui.blackEngine]) {
        const keep = sel.value;
        sel.innerHTML = "";
        for (const name of [""].concat(msg.names)) {
          const o = document.createElement("option");
          o.value = name;
          o.textContent = name || "menagerie (built in)";
          sel.appendChild(o);
        }
        sel.value = msg.names.includes(keep) ? keep : "";
      }
      $("engines-source").textContent = msg.names.length
        ? "Engines from " + msg.source
        : "No other engine plays " + msg.variant + " (" + msg.source + ")";
    },
    pgn(msg) { PgnPanel.onPgn(msg); },
    idle() { searching = null; updateButtons(); },
    error(msg) {
      showError(msg.message);
      // The address named a game the server refused: show the board it has.
      if (!state) send({ type: "state" });
    },
  };

  // Search reports can come hundreds a second; drawing each would take the
  // CPU the search needs (the browser and the engine share the machine), so
  // the lines and arrows are drawn at most every ANALYSIS_DRAW_MS.
  const ANALYSIS_DRAW_MS = 200;
  let drawTimer = null;
  function scheduleAnalysisDraw() {
    if (drawTimer) return;
    drawTimer = setTimeout(() => {
      drawTimer = null;
      if (!state) return;
      renderLines();
      renderBoard();
    }, ANALYSIS_DRAW_MS);
  }

  // ---- what happens after each position ---------------------------------

  function engineSide() {
    return ui.side.value === "White" ? "Black" : "White";
  }

  // Looking at an earlier position of the game: engines wait.
  function browsing() {
    return state && state.ply < state.line.length;
  }

  function afterState() {
    if (!state || state.outcome) return;
    const mode = ui.mode.value;
    if (paused) return;
    if (browsing() && mode !== "analyze") return;
    if (mode === "play" && state.side === engineSide()) {
      goEngine();
    } else if (mode === "watch") {
      setTimeout(() => { if (ui.mode.value === "watch" && !paused && !searching) goEngine(); }, 250);
    } else if (mode === "analyze") {
      analyze();
    }
  }

  function goEngine() {
    const n = Number(ui.limit.value);
    const threads = clampInt(ui.threads.value, 1, cores);
    const engine = (state.side === "White" ? ui.whiteEngine : ui.blackEngine).value;
    if (engine) {
      // Engines of engines.ini think by time (a depth counts as a second).
      const secs = ui.limitKind.value === "depth" ? 1 : n || 1;
      send({ type: "go", engine, movetime_ms: Math.max(10, Math.round(secs * 1000)) });
    } else if (ui.limitKind.value === "depth") {
      send({ type: "go", depth: clampInt(n, 1, 64), threads });
    } else {
      send({ type: "go", movetime_ms: Math.max(10, Math.round((n || 1) * 1000)), threads });
    }
  }

  function analyze() {
    lines = {};
    send({ type: "analyze", multipv: clampInt(ui.multipv.value, 1, 5), threads: clampInt(ui.threads.value, 1, cores) });
  }

  function clampInt(v, lo, hi) {
    const n = Math.round(Number(v));
    return Number.isFinite(n) ? Math.min(hi, Math.max(lo, n)) : lo;
  }

  // ---- clicks into moves ----------------------------------------------------

  function humanMayMove() {
    if (!state || state.outcome) return false;
    const mode = ui.mode.value;
    if (mode === "watch") return false;
    if (mode === "play" && state.side === engineSide()) return false;
    return true;
  }

  function movesFrom(cell) {
    return state.legal.filter((m) => m.from === cell);
  }

  function isTarget(from, cell) {
    return state.legal.some((m) => m.from === from && m.to === cell);
  }

  let pressedSelected = false; // the press was on the piece already lifted

  // A press on a cell: a target of the lifted piece plays there; a piece
  // that can move is lifted (true: it may be dragged).
  function onPress(cell, ev) {
    const t0 = performance.now();
    const lifted = press(cell);
    timing.clickMs = performance.now() - t0;
    const since = ev && ev.timeStamp ? ev.timeStamp : t0;
    requestAnimationFrame(() => { timing.clickFrameMs = performance.now() - since; });
    return lifted;
  }

  function press(cell) {
    if (!humanMayMove()) return false;
    if (selected && cell !== selected && isTarget(selected, cell)) {
      onCellInner(cell);
      return false;
    }
    pressedSelected = cell === selected;
    if (pressedSelected) return true;
    selected = movesFrom(cell).length ? cell : null;
    renderBoard();
    return !!selected;
  }

  // The release of a lifted piece: on one of its targets it plays there (as
  // a second click would); on its own cell after a plain click on the piece
  // already lifted it is put down; anywhere else it goes back.
  function onRelease(from, cell, moved) {
    if (!state) return;
    if (cell && cell !== from && selected === from && isTarget(from, cell)) return onCellInner(cell);
    if (!moved && cell === from && pressedSelected) selected = null;
    renderBoard();
  }

  function onCellInner(cell) {
    if (!humanMayMove()) return;
    if (selected) {
      const options = state.legal.filter((m) => m.from === selected && m.to === cell);
      if (options.length === 1) return playMove(options[0].text);
      if (options.length > 1) return choose(options);
      if (cell === selected) { selected = null; return renderBoard(); }
    }
    selected = movesFrom(cell).length ? cell : null;
    renderBoard();
  }

  function playMove(text) {
    selected = null;
    send({ type: "move", move: text });
  }

  // What a move does, in words, from its effects.
  function describe(m) {
    const parts = [];
    const at = {};
    for (const [c, l] of state.board) at[c] = l;
    const name = (l) => {
      const p = pieces.find((p) => p.letter.toUpperCase() === (l || "").toUpperCase());
      return p ? p.name : l;
    };
    if (m.lands === null) parts.push("the " + name(at[m.from]) + " leaves the board");
    else if (m.lands === m.from && m.from !== m.to) parts.push("shoots without moving");
    for (const r of m.removed) parts.push("removes the " + name(at[r]) + " on " + r);
    if (m.displaced) parts.push("carries the " + name(at[m.displaced[0]]) + " " + m.displaced[0] + "→" + m.displaced[1]);
    for (const [c, l] of m.changed) {
      if (c === m.lands) parts.push("becomes a " + name(l));
      else parts.push("the piece on " + c + " becomes " + (l === l.toUpperCase() ? "a White " : "a Black ") + name(l));
    }
    return parts.length ? parts.join("; ") : "moves";
  }

  function choose(options) {
    ui.choices.innerHTML = "";
    for (const m of options) {
      const b = document.createElement("button");
      const promo = m.changed.find(([c]) => c === m.lands);
      if (promo) {
        const idx = pieces.findIndex((p) => p.letter.toUpperCase() === promo[1].toUpperCase());
        b.appendChild(Pieces.icon(promo[1], Math.max(0, idx), pieces[idx] && pieces[idx].name, promo[1] === promo[1].toUpperCase()));
      }
      const t = document.createElement("span");
      t.textContent = m.text + " — " + describe(m);
      b.appendChild(t);
      b.setAttribute("data-move", m.text);
      b.addEventListener("click", () => { ui.chooser.close(); playMove(m.text); });
      ui.choices.appendChild(b);
    }
    ui.chooser.showModal();
  }

  // ---- drawing ----------------------------------------------------------------

  function renderAll() {
    renderBoard();
    renderStatus();
    renderMoves();
    renderLines();
    ui.fen.value = state.fen;
    updateButtons();
  }

  function renderBoard() {
    if (!state) return;
    let sel = null;
    if (selected) {
      const targets = {};
      for (const m of movesFrom(selected)) {
        const capture = m.removed.includes(m.to) || m.lands === null || (m.lands === m.from && m.from !== m.to);
        targets[m.to] = (targets[m.to] || false) || capture;
      }
      sel = { from: selected, targets: Object.entries(targets).map(([cell, capture]) => ({ cell, capture })) };
    }
    const arrows = [];
    if (ui.mode.value === "analyze") {
      for (const k of Object.keys(lines).sort()) {
        const first = lines[k].pv[0];
        const m = first && state.legal.find((x) => x.text === first);
        if (m) arrows.push({ from: m.from, to: m.to, rank: Number(k), step: 0 });
      }
      // Line 1's later moves: their cells are the first two cell names of
      // the move's text (every variant writes from-to first).
      const pv = lines[1] ? lines[1].pv : [];
      for (let i = 1; i < Math.min(PV_ARROWS, pv.length); i++) {
        const cells = moveCells(pv[i]);
        if (cells) arrows.push({ from: cells[0], to: cells[1], rank: 1, step: i });
      }
    }
    view.render(state, sel, arrows);
  }

  function moveCells(text) {
    const cells = String(text).match(/[a-z][0-9]+/g);
    return cells && cells.length >= 2 ? [cells[0], cells[1]] : null;
  }

  function renderStatus() {
    ui.status.classList.toggle("over", !!state.outcome);
    if (state.outcome) {
      const o = state.outcome;
      ui.status.textContent = "Game over: " + o.result + " — " + o.reason;
      return;
    }
    let s = state.side + " to move";
    if (state.engine_move) s = "Engine played " + state.engine_move + ". " + s;
    if (browsing()) s += " (move " + state.ply + " of " + state.line.length + ": → goes forward)";
    ui.status.textContent = s;
  }

  function renderMoves() {
    ui.movelist.innerHTML = "";
    const startBlack = (state.start_fen.split(/\s+/)[1] || "w") === "b";
    let li = null;
    state.line.forEach((mv, i) => {
      const ply = i + (startBlack ? 1 : 0);
      if (ply % 2 === 0 || li === null) {
        li = document.createElement("li");
        li.value = Math.floor(ply / 2) + 1;
        if (ply % 2 === 1) li.appendChild(document.createTextNode("… "));
        ui.movelist.appendChild(li);
      }
      const span = document.createElement("span");
      span.textContent = mv;
      if (i === state.ply - 1) span.className = "current";
      else if (i >= state.ply) span.className = "ahead";
      span.addEventListener("click", () => goto(i + 1));
      li.appendChild(span);
    });
    const cur = ui.movelist.querySelector(".current");
    if (cur) cur.scrollIntoView({ block: "nearest" });
    else ui.movelist.scrollTop = 0;
  }

  function scoreText(score, side) {
    // Scores come from the side to move's view; show them from White's.
    const sign = side === "White" ? 1 : -1;
    if ("mate" in score) return "#" + sign * score.mate;
    const cp = (sign * score.cp) / 100;
    return (cp > 0 ? "+" : "") + cp.toFixed(2);
  }

  function fmtNps(nps) {
    return nps >= 1e6 ? (nps / 1e6).toFixed(2) + " Mn/s" : Math.round(nps / 1000) + " kn/s";
  }

  function setEval(score, side) {
    const sign = side === "White" ? 1 : -1;
    let v = "mate" in score ? sign * Math.sign(score.mate) * 10 : (sign * score.cp) / 100;
    const white = 50 + 50 * Math.tanh(v / 4);
    $("evalfill").style.height = white.toFixed(1) + "%";
  }

  function renderLines() {
    ui.lines.innerHTML = "";
    const keys = Object.keys(lines).map(Number).sort((a, b) => a - b);
    if (!keys.length) { $("analysis-head").textContent = ""; return; }
    const top = lines[keys[0]];
    $("analysis-head").textContent = "depth " + top.depth + "/" + top.seldepth + " · " + fmtNps(top.nps) + " · " + (top.nodes / 1e6).toFixed(2) + "M nodes";
    setEval(top.score, state.side);
    for (const k of keys) {
      const l = lines[k];
      const li = document.createElement("li");
      const b = document.createElement("b");
      b.textContent = scoreText(l.score, state.side);
      li.appendChild(b);
      li.appendChild(document.createTextNode(" " + l.pv.slice(0, 12).join(" ")));
      ui.lines.appendChild(li);
    }
  }

  function renderLegend() {
    ui.legend.innerHTML = "";
    pieces.forEach((p, i) => {
      const tr = document.createElement("tr");
      const a = document.createElement("td");
      a.appendChild(Pieces.icon(p.letter, i, p.name, true));
      a.appendChild(Pieces.icon(p.letter.toLowerCase(), i, p.name, false));
      const b = document.createElement("td");
      const strong = document.createElement("strong");
      strong.textContent = p.letter + " " + p.name;
      b.appendChild(strong);
      if (p.betza) b.appendChild(document.createTextNode(" (" + p.betza + ")"));
      b.appendChild(document.createElement("br"));
      b.appendChild(document.createTextNode(p.moves));
      tr.append(a, b);
      ui.legend.appendChild(tr);
    });
  }

  function updateButtons() {
    const mode = ui.mode.value;
    $("play-opts").style.display = mode === "play" || mode === "watch" ? "" : "none";
    $("side-box").style.display = mode === "play" ? "" : "none";
    $("white-engine-box").style.display = mode === "watch" || (mode === "play" && ui.side.value === "Black") ? "" : "none";
    $("black-engine-box").style.display = mode === "watch" || (mode === "play" && ui.side.value === "White") ? "" : "none";
    $("analysis-opts").style.display = mode === "analyze" ? "" : "none";
    $("pause").textContent = paused ? "Resume" : "Pause";
    $("analyze-toggle").textContent = searching === "analyze" ? "Stop" : "Analyse";
  }

  function updateUrl() {
    const q = new URLSearchParams();
    q.set("variant", state.variant);
    const mode = new URLSearchParams(location.search).get("mode");
    if (mode) q.set("mode", mode);
    if (state.moves.length || state.set_up) q.set("fen", state.fen);
    history.replaceState(null, "", "?" + q.toString());
  }

  // ---- controls -----------------------------------------------------------------

  ui.variant.addEventListener("change", () => {
    history.replaceState(null, "", "?variant=" + encodeURIComponent(ui.variant.value));
    send({ type: "new", variant: ui.variant.value });
  });
  ui.mode.addEventListener("change", () => {
    paused = false;
    lines = {};
    if (searching) send({ type: "stop" });
    updateButtons();
    if (ui.mode.value === "play") view.setFlipped(ui.side.value === "Black");
    setTimeout(() => { if (state) { renderBoard(); afterState(); } }, searching ? 200 : 0);
  });
  ui.side.addEventListener("change", () => {
    view.setFlipped(ui.side.value === "Black");
    updateButtons();
    if (state && !searching) afterState();
  });
  $("new").addEventListener("click", () => {
    history.replaceState(null, "", "?variant=" + encodeURIComponent(ui.variant.value));
    send({ type: "new", variant: ui.variant.value });
  });
  $("flip").addEventListener("click", () => view.setFlipped(!view.flipped));
  $("pause").addEventListener("click", () => {
    paused = !paused;
    if (paused && searching) send({ type: "stop" });
    updateButtons();
    if (!paused) afterState();
  });
  $("analyze-toggle").addEventListener("click", () => {
    if (searching === "analyze") { paused = true; send({ type: "stop" }); }
    else { paused = false; analyze(); }
  });
  ui.multipv.addEventListener("change", () => { if (searching === "analyze") analyze(); });
  // Along the move list; an engine searching for the old position stops.
  function goto(ply) {
    if (!state || ply < 0 || ply > state.line.length || ply === state.ply) return;
    if (searching === "play") send({ type: "stop" });
    send({ type: "goto", ply });
  }
  $("start").addEventListener("click", () => goto(0));
  $("back").addEventListener("click", () => state && goto(state.ply - 1));
  $("forward").addEventListener("click", () => state && goto(state.ply + 1));
  $("end").addEventListener("click", () => state && goto(state.line.length));
  $("takeback").addEventListener("click", () => {
    if (!state || !state.ply) return;
    let ply = state.ply - 1;
    // Against the engine, go back to a position where you are to move.
    if (ui.mode.value === "play") {
      const startWhite = (state.start_fen.split(/\s+/)[1] || "w") !== "b";
      const sideAt = (p) => ((p % 2 === 0) === startWhite ? "White" : "Black");
      if (sideAt(ply) === engineSide() && ply > 0) ply -= 1;
      if (sideAt(ply) === engineSide()) return;
    }
    if (searching === "play") send({ type: "stop" });
    send({ type: "goto", ply, truncate: true });
  });
  $("setfen").addEventListener("click", () => {
    send({ type: "new", variant: ui.variant.value, fen: ui.fen.value.trim() });
  });
  $("copyfen").addEventListener("click", () => {
    const text = state ? state.fen : ui.fen.value;
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(() => {});
    else { ui.fen.value = text; ui.fen.select(); try { document.execCommand("copy"); } catch (e) { /* the text is selected */ } }
  });
  $("choose-cancel").addEventListener("click", () => ui.chooser.close());
  window.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { selected = null; renderBoard(); return; }
    const t = e.target;
    if (!state || (t && (t.tagName === "TEXTAREA" || t.tagName === "INPUT" || t.tagName === "SELECT"))) return;
    const to = { ArrowLeft: state.ply - 1, ArrowRight: state.ply + 1, Home: 0, End: state.line.length }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    goto(to);
  });
  for (const sel of [ui.whiteEngine, ui.blackEngine]) {
    sel.addEventListener("change", () => { if (state && !searching) afterState(); });
  }
  PgnPanel.init({
    send,
    // The players' names for the PGN tags, from the mode.
    players() {
      const name = (sel) => sel.value || "menagerie";
      const mode = ui.mode.value;
      if (mode === "watch") return [name(ui.whiteEngine), name(ui.blackEngine)];
      if (mode === "play") {
        return ui.side.value === "White" ? ["Player", name(ui.blackEngine)] : [name(ui.whiteEngine), "Player"];
      }
      return ["?", "?"];
    },
    // An imported game is looked at, not played on at once.
    imported() {
      if (ui.mode.value === "play" || ui.mode.value === "watch") { paused = true; updateButtons(); }
    },
  });

  updateButtons();
  connect();
})();
