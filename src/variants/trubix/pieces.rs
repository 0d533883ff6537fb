//! The pieces of Trubix, for `menagerie show` (rules: `docs/rules/trubix.md`).

use crate::rules::PieceInfo;

pub(super) const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'K',
        name: "King",
        betza: "K",
        moves: "one step in any of the 8 directions (no castling)",
    },
    PieceInfo {
        letter: 'Q',
        name: "Queen",
        betza: "Q",
        moves: "slides along ranks, files and diagonals; stops at the edge of a hole",
    },
    PieceInfo {
        letter: 'N',
        name: "Knight",
        betza: "N",
        moves: "the chess knight's leap, onto existing squares",
    },
    PieceInfo {
        letter: 'F',
        name: "Fleurbic",
        betza: "KAD",
        moves: "leaps one or two squares straight or diagonally, jumping over anything",
    },
    PieceInfo {
        letter: 'W',
        name: "Woozan",
        betza: "",
        moves: "steps straight forward or back, captures diagonally forward or back; \
                a double step from its start, special X and Z steps (T2-T5); may promote (T7)",
    },
];
