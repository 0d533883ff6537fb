//! The pieces of orthodox chess, for `menagerie show` (see `rules::pieces`).

use crate::rules::PieceInfo;

pub(super) const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'K',
        name: "King",
        betza: "K",
        moves: "one step in any of the 8 directions; castles with a rook",
    },
    PieceInfo {
        letter: 'Q',
        name: "Queen",
        betza: "Q",
        moves: "slides any distance along ranks, files and diagonals",
    },
    PieceInfo {
        letter: 'R',
        name: "Rook",
        betza: "R",
        moves: "slides any distance along ranks and files",
    },
    PieceInfo {
        letter: 'B',
        name: "Bishop",
        betza: "B",
        moves: "slides any distance along diagonals",
    },
    PieceInfo {
        letter: 'N',
        name: "Knight",
        betza: "N",
        moves: "leaps two squares one way and one square sideways, over anything",
    },
    PieceInfo {
        letter: 'P',
        name: "Pawn",
        betza: "fmWfcFifmnD",
        moves: "steps forward (two from its start), captures diagonally forward, \
                en passant, promotes on the last rank",
    },
];
