//! How Bandit moves look to XBoard. XBoard relays an engine's move to the
//! other engine as (from, to, promotion character, up to two "kill" squares of
//! a multi-leg move) and drops anything else, so everything a move means must
//! fit in that (checked against XBoard 4.9.1 with `-xlegal`: a promotion
//! character on any piece's move, `=` included, is relayed verbatim; a kill
//! square that is empty is relayed and changes nothing on its board):
//! - an outlaw capture (B7) whose nearer victim is the enemy's is two legs
//!   through it, `c1c2,c2c3`, so XBoard removes both victims as the rules do;
//!   when the nearer victim is the mover's own, the plain move: a leg onto
//!   one's own piece is XBoard's castling kludge, which mangled the relay in
//!   our tests, so XBoard keeps that own agent on its board. It cannot show
//!   B8's removal of an outlaw's capturer either. Such leftovers never move
//!   (the engines know they are gone), so they are only a wrong picture;
//! - a trick (B5) is the trickster's plain move; when the landing square
//!   allows several outcomes (one or two lines, each with a choice of which
//!   piece changes) they are told apart by a suffix, numbering them in the
//!   order of their packed codes: none for the first, `=` for the second, `t`
//!   (the trickster's own letter, so XBoard's picture of the trickster stays
//!   right) for the third, and two legs through the lowest empty square for
//!   the fourth. XBoard cannot change a piece's type, so its picture keeps the
//!   changed pieces' old types (colours and occupancy stay right, which is
//!   what it checks);
//! - everything else is the plain coordinate move.
//!
//! Our own notation (`f1d3@c3`) and the earlier multi-leg trick forms are
//! accepted on input too. A player dragging the trickster onto a trick square
//! sends a plain `from to`, which is the first outcome (XBoard offers no way
//! to choose).

use super::{color_of, Bandit, BanditMove, Sq, EMPTY, N};
use crate::rules::{GameMove, GenKind, GuiMove, MoveError, MoveList, Position};

fn sq(i: usize) -> Sq {
    Sq::from_index_unchecked(i as u32)
}

/// The square between an outlaw's start and its landing square (B7): they
/// are two cells apart on a rank or a file, so the index average is the middle.
fn nearer_victim(m: BanditMove) -> usize {
    (m.from() + m.to()) / 2
}

pub(super) fn xboard_move(pos: &Bandit, m: BanditMove) -> String {
    let (from, to) = (sq(m.from()), sq(m.to()));
    if m.is_outlaw_capture() {
        let near = nearer_victim(m);
        if color_of(pos.board[near]) == pos.stm.index() {
            // A leg onto one's own piece is XBoard's castling kludge: it
            // mangles the relay (seen: `d5d6,d6d7` went out as `d5d7,d6c7`).
            return format!("{from}{to}");
        }
        let v = sq(near);
        return format!("{from}{v},{v}{to}");
    }
    if m.is_trick() {
        return match outcome_number(pos, m) {
            0 => format!("{from}{to}"),
            1 => format!("{from}{to}="),
            2 => format!("{from}{to}t"),
            _ => {
                let via = lowest_empty_square(pos, m);
                format!("{from}{via},{via}{to}")
            }
        };
    }
    pos.format_move(m)
}

/// Where `m` stands among the legal tricks with its from and to squares,
/// ordered by packed code (at most four: two lines, two choices each).
fn outcome_number(pos: &Bandit, m: BanditMove) -> usize {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.iter()
        .filter(|o| o.is_trick() && o.from() == m.from() && o.to() == m.to())
        .filter(|o| o.pack() < m.pack())
        .count()
}

/// An empty square other than the trickster's: a kill leg through it changes
/// nothing on XBoard's board. There is always one (63 cells, 42 agents).
fn lowest_empty_square(pos: &Bandit, m: BanditMove) -> Sq {
    let i = (0..N)
        .find(|&i| i != m.from() && i != m.to() && pos.board[i] == EMPTY)
        .unwrap_or(m.to());
    sq(i)
}

/// The form of a trick before the suffix numbering (`f1c3,c3d3` for
/// `f1d3@c3`: one leg through each changed piece), still accepted on input.
fn legacy_trick_form(m: BanditMove) -> String {
    let (changes, n) = m.changes();
    let mut text = sq(m.from()).to_string();
    for &(changed, _) in &changes[..n] {
        let c = sq(changed);
        text.push_str(&format!("{c},{c}"));
    }
    text.push_str(&sq(m.to()).to_string());
    text
}

pub(super) fn gui_squares(m: BanditMove) -> GuiMove<super::Rect7x9> {
    GuiMove {
        from: sq(m.from()),
        to: sq(m.to()),
        promotion: m.promotion().map(|k| k.letter()),
    }
}

pub(super) fn victims(m: BanditMove) -> Vec<Sq> {
    if m.is_outlaw_capture() {
        vec![sq(nearer_victim(m))]
    } else {
        Vec::new()
    }
}

/// XBoard's form, our notation, or the earlier multi-leg trick form.
pub(super) fn parse_xboard_move(pos: &Bandit, text: &str) -> Result<BanditMove, MoveError> {
    let text = text.trim();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if let Some(&m) = list.iter().find(|&&m| xboard_move(pos, m) == text) {
        return Ok(m);
    }
    let err = match pos.parse_move(text) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    list.iter()
        .copied()
        .find(|&m| m.is_trick() && legacy_trick_form(m) == text)
        .ok_or(err)
}
