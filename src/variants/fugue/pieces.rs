//! The pieces of Fugue, for `menagerie show` (rules: `docs/rules/fugue.md`).
//! Most Fugue captures (withdrawal, approach, leaps, shots, swaps) have no
//! Betza notation; those pieces have an empty `betza`.

use crate::rules::PieceInfo;

pub(super) const PIECES: &[PieceInfo] = &[
    PieceInfo {
        letter: 'K',
        name: "King",
        betza: "K",
        moves: "one step in any direction, captures by moving onto an enemy; \
                lose it and you lose the game",
    },
    PieceInfo {
        letter: 'Q',
        name: "Queen",
        betza: "Q",
        moves: "slides like a chess queen, captures by moving onto an enemy",
    },
    PieceInfo {
        letter: 'I',
        name: "Immobilizer",
        betza: "mQ",
        moves: "slides like a queen, never captures; enemies next to it cannot move at all",
    },
    PieceInfo {
        letter: 'S',
        name: "Shield",
        betza: "mQ",
        moves: "slides like a queen, never captures; friends next to it cannot be captured",
    },
    PieceInfo {
        letter: 'U',
        name: "Pushme-Pullyu",
        betza: "",
        moves: "slides like a queen onto an empty square, taking the enemy just behind \
                its start or just past its end",
    },
    PieceInfo {
        letter: 'A',
        name: "Archer",
        betza: "",
        moves: "slides like a queen without capturing, or shoots the first piece on a line \
                without moving",
    },
    PieceInfo {
        letter: 'L',
        name: "Long Leaper",
        betza: "",
        moves: "slides like a queen, or jumps one enemy on a line and removes it",
    },
    PieceInfo {
        letter: 'W',
        name: "Swapper",
        betza: "",
        moves: "slides like a queen, or trades places with the first enemy on a line; \
                or blows up with an adjacent enemy",
    },
    PieceInfo {
        letter: 'P',
        name: "Pawn",
        betza: "mKjDjA",
        moves: "steps one square any way onto an empty square, or leaps over an adjacent piece \
                (capturing on landing); may promote on the last rank",
    },
];
