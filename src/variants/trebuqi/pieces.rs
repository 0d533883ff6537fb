//! The pieces of Trebuqi, for `menagerie show` (rules: `docs/rules/trebuqi.md`).
//! Betza notation has no agreed form for hexagons, so every `betza` is empty.

use crate::rules::PieceInfo;

pub(super) const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'G',
        name: "General",
        betza: "",
        moves: "one step through any of the 6 cell edges; never crosses its near River",
    },
    PieceInfo {
        letter: 'R',
        name: "Rook",
        betza: "",
        moves: "slides any distance through cell edges (6 directions)",
    },
    PieceInfo {
        letter: 'C',
        name: "Cannon",
        betza: "",
        moves: "moves like the rook; captures only by jumping exactly one piece on the line",
    },
    PieceInfo {
        letter: 'T',
        name: "Trebuchet",
        betza: "",
        moves: "exactly three cells through edges, blocked by pieces between; \
                never crosses its far River",
    },
    PieceInfo {
        letter: 'V',
        name: "Vicbaba",
        betza: "",
        moves: "one step through a cell corner (never blocked), \
                or two through edges (blocked between)",
    },
    PieceInfo {
        letter: 'P',
        name: "Point",
        betza: "",
        moves: "one step to either forward neighbour; \
                past its far River also sideways; never back, never promotes",
    },
];
