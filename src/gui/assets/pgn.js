// PGN on the page: the game out (a download, or the clipboard) and a game
// in (pasted, or read from a file). The server writes and reads the PGN in
// the dialect `menagerie match` writes and replays an imported game by the
// rules; this file only moves the text.
"use strict";

const PgnPanel = (() => {
  const $ = (id) => document.getElementById(id);
  let opts = null;
  let wanted = null; // what the next `pgn` answer is for: "download" | "copy"

  function exportAs(kind) {
    wanted = kind;
    const [white, black] = opts.players();
    opts.send({ type: "export_pgn", white, black });
  }

  function onPgn(msg) {
    const text = msg.pgn;
    $("pgn-text").value = text;
    if (wanted === "download") {
      const variant = (text.match(/\[Variant "([^"]*)"\]/) || [null, "chess"])[1];
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], { type: "application/x-chess-pgn" }));
      a.download = "menagerie-" + variant.replace(/[^a-z0-9_-]/gi, "") + ".pgn";
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } else if (wanted === "copy") {
      if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(text).catch(() => {});
      else { $("pgn-text").select(); try { document.execCommand("copy"); } catch (e) { /* the text is selected */ } }
    }
    wanted = null;
  }

  function importText(text) {
    if (!text.trim()) return;
    opts.imported();
    opts.send({ type: "import_pgn", pgn: text });
  }

  function init(o) {
    opts = o;
    $("pgn-download").addEventListener("click", () => exportAs("download"));
    $("pgn-copy").addEventListener("click", () => exportAs("copy"));
    $("pgn-import").addEventListener("click", () => importText($("pgn-text").value));
    $("pgn-file").addEventListener("change", (e) => {
      const f = e.target.files && e.target.files[0];
      if (!f) return;
      f.text().then((t) => { $("pgn-text").value = t; importText(t); });
      e.target.value = "";
    });
  }

  return { init, onPgn };
})();
