// The board drawn in SVG from the layout the server computes from the
// geometry: cells (squares or hexagons) at their centres, coordinate labels,
// the regions the rules mark (rivers, areas), then pieces, highlights and
// analysis arrows. Nothing here knows a variant.
//
// Input is pointer events on the whole board, so a mouse, a pen and a
// finger work alike: pressing a cell calls `onPress(cell)` (true: the
// piece there is lifted and may be dragged); releasing calls
// `onRelease(from, cell, moved)` with the cell under the pointer. A click
// is a press and a release on the same cell; a drag moves the piece with
// the pointer until it is dropped.
"use strict";

const BoardView = (() => {
  const NS = "http://www.w3.org/2000/svg";
  const HEX_R = 1 / Math.sqrt(3); // centre-to-corner of a hexagon 1 across

  function el(name, attrs, parent) {
    const e = document.createElementNS(NS, name);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }

  class View {
    constructor(svg, onPress, onRelease) {
      this.svg = svg;
      this.onPress = onPress;
      this.onRelease = onRelease;
      this.flipped = false;
      this.layout = null;
      this.pieceIndex = {};
      this.pieceNames = {};
      this.drag = null;
      svg.addEventListener("pointerdown", (e) => this.press(e));
      svg.addEventListener("pointermove", (e) => this.move(e));
      svg.addEventListener("pointerup", (e) => this.release(e));
      svg.addEventListener("pointercancel", () => this.cancel());
    }

    // The cell an element of the board stands for (pieces, targets and
    // cells carry `data-cell`).
    cellOf(target) {
      const e = target && target.closest ? target.closest("[data-cell]") : null;
      return e && this.svg.contains(e) ? e.getAttribute("data-cell") : null;
    }

    press(e) {
      if (e.button !== 0 || this.drag) return;
      const cell = this.cellOf(e.target);
      if (!cell) return;
      e.preventDefault();
      if (this.onPress(cell, e)) {
        this.drag = { from: cell, id: e.pointerId, x: e.clientX, y: e.clientY, moved: false };
        try { this.svg.setPointerCapture(e.pointerId); } catch (err) { /* a synthetic pointer */ }
      }
    }

    // Board coordinates of a pointer position.
    point(e) {
      const m = this.svg.getScreenCTM();
      if (!m) return null;
      const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
      return [p.x, p.y];
    }

    move(e) {
      const d = this.drag;
      if (!d || e.pointerId !== d.id) return;
      if (!d.moved && Math.hypot(e.clientX - d.x, e.clientY - d.y) < 4) return;
      d.moved = true;
      const g = this.piecesLayer.querySelector("g.piece[data-cell='" + d.from + "']");
      const p = this.point(e);
      if (!g || !p) return;
      g.classList.add("dragged");
      g.setAttribute("transform", "translate(" + p[0].toFixed(3) + " " + p[1].toFixed(3) + ") scale(1.15)");
      this.piecesLayer.appendChild(g); // on top of the others
    }

    release(e) {
      const d = this.drag;
      if (!d || e.pointerId !== d.id) return;
      this.drag = null;
      try { this.svg.releasePointerCapture(e.pointerId); } catch (err) { /* already released */ }
      const under = document.elementFromPoint(e.clientX, e.clientY);
      this.onRelease(d.from, this.cellOf(under), d.moved);
    }

    cancel() {
      if (!this.drag) return;
      const from = this.drag.from;
      this.drag = null;
      this.onRelease(from, null, true);
    }

    // Screen position of board point (x, y): y grows down in SVG; a flip
    // turns the board half round.
    pos(x, y) {
      return this.flipped ? [-x, y] : [x, -y];
    }

    outline(cx, cy) {
      if (this.layout.cell === "hex") {
        const pts = [];
        for (let i = 0; i < 6; i++) {
          const a = ((90 + 60 * i) * Math.PI) / 180;
          pts.push((cx + HEX_R * Math.cos(a)).toFixed(4) + "," + (cy + HEX_R * Math.sin(a)).toFixed(4));
        }
        return ["polygon", { points: pts.join(" ") }];
      }
      return ["rect", { x: cx - 0.5, y: cy - 0.5, width: 1, height: 1 }];
    }

    setLayout(layout, pieces) {
      this.layout = layout;
      this.pieceIndex = {};
      this.pieceNames = {};
      pieces.forEach((p, i) => {
        this.pieceIndex[p.letter.toUpperCase()] = i;
        this.pieceNames[p.letter.toUpperCase()] = p.name;
      });
      this.cellAt = {};
      for (const c of layout.cells) this.cellAt[c.name] = c;
      this.draw();
    }

    setFlipped(f) {
      this.flipped = f;
      if (this.layout) this.draw();
    }

    // The static board: cells, regions, labels; then empty layers for the rest.
    draw() {
      const svg = this.svg;
      while (svg.firstChild) svg.removeChild(svg.firstChild);
      const L = this.layout;
      let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
      const grow = (x, y) => {
        minX = Math.min(minX, x); maxX = Math.max(maxX, x);
        minY = Math.min(minY, y); maxY = Math.max(maxY, y);
      };
      for (const c of L.cells) { const [x, y] = this.pos(c.x, c.y); grow(x, y); }
      for (const l of L.labels) { const [x, y] = this.pos(l.x, l.y); grow(x, y); }
      const m = 0.65;
      svg.setAttribute("viewBox", [minX - m, minY - m, maxX - minX + 2 * m, maxY - minY + 2 * m].map((v) => v.toFixed(3)).join(" "));
      const defs = el("defs", {}, svg);
      const marker = el("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "5", refY: "5", markerWidth: "3", markerHeight: "3", orient: "auto-start-reverse" }, defs);
      el("path", { d: "M0 0 L10 5 L0 10 Z", class: "arrowhead" }, marker);

      const cells = el("g", { class: "cells" }, svg);
      const areaOf = {};
      L.areas.forEach((a, i) => a.cells.forEach((n) => (areaOf[n] = i)));
      this.cellEls = {};
      for (const c of L.cells) {
        const [x, y] = this.pos(c.x, c.y);
        const [shape, attrs] = this.outline(x, y);
        const kind = L.cell === "hex" ? "hex" : "square";
        attrs.class = "cell " + kind + " shade" + c.shade;
        attrs["data-cell"] = c.name;
        const e = el(shape, attrs, cells);
        const t = el("title", {}, e);
        t.textContent = c.name;
        this.cellEls[c.name] = e;
        if (c.name in areaOf) {
          const [s2, a2] = this.outline(x, y);
          a2.class = "area area" + areaOf[c.name];
          el(s2, a2, cells);
        }
      }
      // Rivers: a wavy line between the rows they separate.
      for (const r of L.rivers) {
        const [x1, y] = this.pos(r.x1, r.y);
        const [x2] = this.pos(r.x2, r.y);
        const lo = Math.min(x1, x2), hi = Math.max(x1, x2);
        let d = "M" + lo.toFixed(3) + " " + y.toFixed(3);
        const n = Math.max(4, Math.round((hi - lo) * 2));
        const step = (hi - lo) / n;
        for (let i = 0; i < n; i++) {
          const xa = lo + step * (i + 0.5), xb = lo + step * (i + 1);
          d += " Q" + xa.toFixed(3) + " " + (y + (i % 2 ? 0.09 : -0.09)).toFixed(3) + " " + xb.toFixed(3) + " " + y.toFixed(3);
        }
        el("path", { d, class: "river" }, svg);
        const label = el("text", { x: hi + 0.12, y: y + 0.1, class: "river-label" }, svg);
        label.textContent = "River";
      }
      const labels = el("g", { class: "labels" }, svg);
      for (const l of L.labels) {
        const [x, y] = this.pos(l.x, l.y);
        const t = el("text", { x, y, class: "coord" }, labels);
        t.textContent = l.text;
      }
      this.marks = el("g", { class: "marks" }, svg);
      this.piecesLayer = el("g", { class: "pieces" }, svg);
      this.overlay = el("g", { class: "overlay" }, svg);
      if (this.state) this.render(this.state, this.selection);
    }

    centre(name) {
      const c = this.cellAt[name];
      return c ? this.pos(c.x, c.y) : null;
    }

    mark(name, cls) {
      const p = this.centre(name);
      if (!p) return;
      const [shape, attrs] = this.outline(p[0], p[1]);
      attrs.class = cls;
      attrs["data-cell"] = name;
      attrs["pointer-events"] = "none";
      el(shape, attrs, this.marks);
    }

    // Draws the position: `state` from the server, `sel` the UI's selection
    // ({from, targets: [{cell, capture}]}) and `arrows` ([{from, to, rank,
    // step}]: `step` 0 is the line's first move, later ones fade).
    render(state, sel, arrows) {
      this.state = state;
      this.selection = sel;
      if (!this.layout) return;
      for (const layer of [this.marks, this.piecesLayer, this.overlay])
        while (layer.firstChild) layer.removeChild(layer.firstChild);
      const last = state.last;
      if (last) {
        this.mark(last.from, "last-from");
        if (last.to !== last.from) this.mark(last.to, "last-to");
        for (const r of last.removed) if (r !== last.to || !last.lands) this.mark(r, "last-removed");
        for (const [c] of last.changed) this.mark(c, "last-changed");
        if (last.displaced) this.mark(last.displaced[1], "last-displaced");
      }
      if (sel && sel.from) this.mark(sel.from, "selected");
      for (const [cell, letter] of state.board) {
        const p = this.centre(cell);
        if (!p) continue;
        const upper = letter.toUpperCase();
        const white = letter === upper;
        const g = Pieces.make(letter, this.pieceIndex[upper] ?? 0, this.pieceNames[upper], white);
        g.setAttribute("transform", "translate(" + p[0].toFixed(3) + " " + p[1].toFixed(3) + ")");
        g.setAttribute("data-cell", cell);
        g.setAttribute("data-letter", letter);
        g.classList.add("piece");
        this.piecesLayer.appendChild(g);
      }
      if (sel && sel.targets) {
        for (const t of sel.targets) {
          const p = this.centre(t.cell);
          if (!p) continue;
          const attrs = t.capture
            ? { cx: p[0], cy: p[1], r: 0.42, class: "target capture" }
            : { cx: p[0], cy: p[1], r: 0.14, class: "target" };
          attrs["data-cell"] = t.cell;
          el("circle", attrs, this.overlay);
        }
      }
      for (const a of arrows || []) {
        const p = this.centre(a.from), q = this.centre(a.to);
        if (!p || !q || a.from === a.to) continue;
        const dx = q[0] - p[0], dy = q[1] - p[1], len = Math.hypot(dx, dy);
        const shorten = Math.min(0.3, len / 3);
        const step = a.step || 0;
        el("line", {
          x1: p[0], y1: p[1],
          x2: q[0] - (dx / len) * shorten, y2: q[1] - (dy / len) * shorten,
          class: "arrow rank" + a.rank + (step ? " later" : ""), "marker-end": "url(#arrowhead)",
          "pointer-events": "none", "data-step": step,
          style: "opacity:" + (0.85 * Math.pow(0.7, step)).toFixed(2) + ";stroke-width:" + (0.1 * Math.pow(0.85, step)).toFixed(3),
        }, this.overlay);
        if (step) {
          // The move's number in the line, at the arrow's middle.
          const t = el("text", { x: (p[0] + q[0]) / 2, y: (p[1] + q[1]) / 2, class: "arrow-step", "pointer-events": "none" }, this.overlay);
          t.textContent = String(step + 1);
        }
      }
    }
  }

  return { View };
})();
