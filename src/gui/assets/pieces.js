// Piece drawings: every piece is a distinctive outline with its letter
// inside (no variant has a convention for woozans or trebuchets, so all
// variants are drawn the same way). The outline is chosen by the piece's
// place in the variant's piece list, so within one game no two kinds share
// an outline; royal pieces (king, general) also wear a crown mark.
// White: light fill, dark ink; Black: dark fill, light ink.
"use strict";

// Script errors and console errors of the page, for the browser tests
// (they are still shown in the console).
window.menagerieErrors = [];
window.addEventListener("error", (e) => window.menagerieErrors.push(String(e.message)));
window.addEventListener("unhandledrejection", (e) => window.menagerieErrors.push(String(e.reason)));
{
  const consoleError = console.error.bind(console);
  console.error = (...args) => { window.menagerieErrors.push(args.map(String).join(" ")); consoleError(...args); };
}

const Pieces = (() => {
  const NS = "http://www.w3.org/2000/svg";

  // A regular polygon of n corners, radius r, first corner at angle a0 (degrees).
  function polygon(n, r, a0) {
    const pts = [];
    for (let i = 0; i < n; i++) {
      const a = ((a0 + (360 * i) / n) * Math.PI) / 180;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    return "M" + pts.map((p) => p[0].toFixed(3) + " " + p[1].toFixed(3)).join(" L") + " Z";
  }

  // A star of n points between radii r1 and r2.
  function star(n, r1, r2) {
    const pts = [];
    for (let i = 0; i < 2 * n; i++) {
      const r = i % 2 ? r2 : r1;
      const a = ((-90 + (180 * i) / n) * Math.PI) / 180;
      pts.push([r * Math.cos(a), r * Math.sin(a)]);
    }
    return "M" + pts.map((p) => p[0].toFixed(3) + " " + p[1].toFixed(3)).join(" L") + " Z";
  }

  // The outlines, in unit coordinates centred on the cell (y down).
  const OUTLINES = [
    "M0 -0.40 A0.40 0.40 0 1 1 -0.001 -0.40 Z", // disc
    polygon(4, 0.44, -90), // diamond
    "M-0.33 -0.33 H0.33 V0.33 H-0.33 Z", // square
    polygon(3, 0.45, -90), // triangle
    polygon(6, 0.40, 0), // hexagon
    polygon(5, 0.41, -90), // pentagon
    star(5, 0.46, 0.24), // star
    polygon(8, 0.40, 22.5), // octagon
    "M-0.32 -0.34 H0.32 V0.02 Q0.32 0.28 0 0.40 Q-0.32 0.28 -0.32 0.02 Z", // shield
    "M-0.13 -0.40 H0.13 V-0.13 H0.40 V0.13 H0.13 V0.40 H-0.13 V0.13 H-0.40 V-0.13 H-0.13 Z", // cross
    polygon(3, 0.45, 90), // triangle down
    star(4, 0.45, 0.2), // four-point star
  ];

  const ROYAL = /king|general/i;

  // The SVG group of one piece (centred on 0,0). `info` is the legend entry
  // (letter, name), `index` its place in the list, `white` its colour.
  function make(letter, index, name, white) {
    const g = document.createElementNS(NS, "g");
    g.setAttribute("class", "piece-art " + (white ? "white" : "black"));
    const path = document.createElementNS(NS, "path");
    path.setAttribute("d", OUTLINES[index % OUTLINES.length]);
    path.setAttribute("class", "outline");
    g.appendChild(path);
    if (ROYAL.test(name || "")) {
      const crown = document.createElementNS(NS, "path");
      crown.setAttribute(
        "d",
        "M-0.16 -0.26 L-0.16 -0.40 L-0.08 -0.32 L0 -0.44 L0.08 -0.32 L0.16 -0.40 L0.16 -0.26 Z",
      );
      crown.setAttribute("class", "crown");
      g.appendChild(crown);
    }
    const text = document.createElementNS(NS, "text");
    text.textContent = letter.toUpperCase();
    text.setAttribute("class", "letter");
    text.setAttribute("x", "0");
    text.setAttribute("y", "0.02");
    g.appendChild(text);
    const title = document.createElementNS(NS, "title");
    title.textContent = (white ? "White " : "Black ") + (name || letter);
    g.appendChild(title);
    return g;
  }

  // A small standalone SVG of a piece, for the legend and the chooser.
  function icon(letter, index, name, white) {
    const svg = document.createElementNS(NS, "svg");
    svg.setAttribute("viewBox", "-0.5 -0.5 1 1");
    svg.setAttribute("class", "piece-icon");
    svg.appendChild(make(letter, index, name, white));
    return svg;
  }

  return { make, icon, OUTLINES };
})();
