//! The pieces of Bandit Chess, for `menagerie show` (rules: `docs/rules/bandit.md`).

use crate::rules::PieceInfo;

pub(super) const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'K',
        name: "King",
        betza: "K",
        moves: "one step in any direction; may not capture an outlaw or a trickster",
    },
    PieceInfo {
        letter: 'C',
        name: "Chancellor",
        betza: "RN",
        moves: "slides like a rook or leaps like a knight",
    },
    PieceInfo {
        letter: 'R',
        name: "Rook",
        betza: "R",
        moves: "slides along ranks and files (cannot capture a trickster)",
    },
    PieceInfo {
        letter: 'B',
        name: "Bishop",
        betza: "B",
        moves: "slides along diagonals (cannot capture a trickster)",
    },
    PieceInfo {
        letter: 'N',
        name: "Knight",
        betza: "N",
        moves: "the chess knight's leap",
    },
    PieceInfo {
        letter: 'S',
        name: "Sergeant",
        betza: "fKifmnD",
        moves: "one step straight or diagonally forward (two straight from its start); \
                promotes on the last rank",
    },
    PieceInfo {
        letter: 'T',
        name: "Trickster",
        betza: "mBmN",
        moves: "moves like bishop + knight but never captures; landing between two enemies \
                turns one into the other's type",
    },
    PieceInfo {
        letter: 'O',
        name: "Outlaw",
        betza: "",
        moves: "moves diagonally, may bounce off one edge; captures two adjacent agents \
                in a line, one of each colour",
    },
    PieceInfo {
        letter: 'P',
        name: "Pawn",
        betza: "mfFcfsW",
        moves: "steps one square diagonally forward; captures straight forward or sideways; \
                promotes on the last rank",
    },
];
