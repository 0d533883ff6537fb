// The page's logic: one WebSocket to the server (one board), the modes
// (play the engine, engine against itself, analysis, two players), clicks
// into moves (with a chooser when one from-to has several outcomes), the
// move list, FEN set-up and the legend. The server holds the game and
// refuses what the rules refuse; this file only asks and draws.
"use strict";

(() => {
  const $ = (id) => document.getElementById(id);
  const ui = {
    variant: $("variant"), mode: $("mode"), side: $("side"), limitKind: $("limit-kind"),
    limit: $("limit"), threads: $("threads"), multipv: $("multipv"), status: $("status"),
    error: $("error"), movelist: $("movelist"), lines: $("lines"), fen: $("fen"),
    legend: $("legend"), chooser: $("chooser"), choices: $("choices"),
  };
  let ws = null;
  let state = null; // the last `state` message
  let pieces = []; // the variant's legend entries
  let selected = null; // the cell of the lifted piece
  let searching = null; // "play" | "analyze" | null
  let paused = false; // engine (play / watch) or analysis paused by the user
  let lines = {}; // analysis lines by number
  let cores = 1;
  let errorTimer = null;
  // The greeting's layout and state (a chess board) are skipped when the
  // address names a game: the answer to that request follows.
  let skipGreeting = 0;

  const view = new BoardView.View($("board"), onCell);
  // Speed figures the browser tests print: page start to first position
  // drawn, and the last click's handling (highlights included).
  const timing = { readyMs: 0, clickMs: 0 };
  window.menagerie = { view, timing, get state() { return state; }, get searching() { return searching; } };

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
    ws = new WebSocket(proto + location.host + "/ws");
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
      if (q.get("variant") || q.get("fen")) {
        skipGreeting = 2;
        send({ type: "new", variant: q.get("variant") || "chess", fen: q.get("fen") || null });
      }
    },
    layout(msg) {
      if (skipGreeting > 0) { skipGreeting--; return; }
      pieces = msg.pieces;
      ui.variant.value = msg.variant;
      view.setLayout(msg.board, pieces);
      renderLegend();
    },
    state(msg) {
      if (skipGreeting > 0) { skipGreeting--; return; }
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
        renderLines();
        renderBoard();
      } else if (msg.multipv === 1) {
        ui.status.textContent = "Engine thinking… depth " + msg.depth + ", " + scoreText(msg.score, state.side) + ", " + fmtNps(msg.nps);
        setEval(msg.score, state.side);
      }
    },
    searching(msg) { searching = msg.kind; updateButtons(); },
    idle() { searching = null; updateButtons(); },
    error(msg) {
      showError(msg.message);
      // The address named a game the server refused: show the board it has.
      if (!state) send({ type: "state" });
    },
  };

  // ---- what happens after each position ---------------------------------

  function engineSide() {
    return ui.side.value === "White" ? "Black" : "White";
  }

  function afterState() {
    if (!state || state.outcome) return;
    const mode = ui.mode.value;
    if (paused) return;
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
    if (ui.limitKind.value === "depth") {
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

  function onCell(cell) {
    const t0 = performance.now();
    onCellInner(cell);
    timing.clickMs = performance.now() - t0;
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
        if (m) arrows.push({ from: m.from, to: m.to, rank: Number(k) });
      }
    }
    view.render(state, sel, arrows);
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
    ui.status.textContent = s;
  }

  function renderMoves() {
    ui.movelist.innerHTML = "";
    const startBlack = (state.start_fen.split(/\s+/)[1] || "w") === "b";
    let li = null;
    state.moves.forEach((mv, i) => {
      const ply = i + (startBlack ? 1 : 0);
      if (ply % 2 === 0 || li === null) {
        li = document.createElement("li");
        li.value = Math.floor(ply / 2) + 1;
        if (ply % 2 === 1) li.appendChild(document.createTextNode("… "));
        ui.movelist.appendChild(li);
      }
      const span = document.createElement("span");
      span.textContent = mv;
      if (i === state.moves.length - 1) span.className = "current";
      span.addEventListener("click", () => send({ type: "goto", ply: i + 1 }));
      li.appendChild(span);
    });
    ui.movelist.scrollTop = ui.movelist.scrollHeight;
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
  $("start").addEventListener("click", () => send({ type: "goto", ply: 0 }));
  $("takeback").addEventListener("click", () => {
    if (!state || !state.moves.length) return;
    let ply = state.moves.length - 1;
    // Against the engine, go back to a position where you are to move.
    if (ui.mode.value === "play") {
      const startWhite = (state.start_fen.split(/\s+/)[1] || "w") !== "b";
      const sideAt = (p) => ((p % 2 === 0) === startWhite ? "White" : "Black");
      if (sideAt(ply) === engineSide() && ply > 0) ply -= 1;
      if (sideAt(ply) === engineSide()) return;
    }
    send({ type: "goto", ply });
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
    if (e.key === "Escape") { selected = null; renderBoard(); }
  });

  updateButtons();
  connect();
})();
