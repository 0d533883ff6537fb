//! How moves look to XBoard, derived from the variants' [`Effects`] and the
//! few facts of a [`Profile`]; no variant is named here.
//!
//! XBoard 4.9 relays an engine's move to the other engine as from, to, a
//! promotion character and up to two "kill" squares of a multi-leg move, and
//! drops anything else; with legality testing off it checks only that the
//! mover's piece stands on `from` in its own picture. So each move is sent in
//! the form that keeps that picture right (checked with XBoard 4.9.1 under
//! `scripts/xboard-match.sh`; `docs/xboard.md` §2.10):
//! - a capture off the landing square (a long leaper's jump, a
//!   pushme-pullyu's withdrawal, an outlaw's nearer victim) is two legs
//!   through the victim, `from victim,` + `victim to`, when XBoard does not
//!   referee the variant itself (it knows en passant when it does). A leg
//!   onto one's own piece is XBoard's castling kludge, which mangled the
//!   relay in our tests (`d5d6,d6d7` went out as `d5d7,d6c7`), so then the
//!   plain move is sent and XBoard keeps that own piece on its board;
//! - a shot (the mover stays, its target goes) is two legs there and back,
//!   `from target,` + `target from`;
//! - a move whose mover vanishes with its target is `from to` plus the
//!   profile's `vanish` character, if it has one;
//! - a move that changes other pieces (a Bandit trick) is the mover's plain
//!   move; when the landing square allows several outcomes they are told
//!   apart by a suffix, numbering them in the order of their packed codes:
//!   none for the first, `=` for the second, the mover's own letter (so
//!   XBoard's picture of it stays right) for the third, and two legs through
//!   the lowest empty cell for the fourth. XBoard cannot change a piece's
//!   type, so its picture keeps the changed pieces' old types (colours and
//!   occupancy stay right, which is what it checks);
//! - everything else is the variant's own notation.
//!
//! A displaced piece cannot be drawn without legality testing (XBoard
//! cannot put an enemy piece on a swapper's start): the move is sent as the
//! plain `from to`, XBoard draws a capture, and the displaced piece is
//! missing from its picture. XBoard would then forfeit that piece's owner for
//! moving it, so the XBoard loop keeps the set of such hidden cells
//! ([`hidden_after`]) and, with the option "Only moves XBoard can show" (on
//! by default), the engine avoids those moves when it can ([`shows`]).

use super::profile::Profile;
use crate::geometry::{Color, Geometry, Square};
use crate::rules::{Effects, FenError, GameMove, GenKind, MoveError, MoveList, Position};

/// A move as a GUI's mouse enters it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GuiMove<G: Geometry> {
    /// Where the piece is picked up.
    pub from: Square<G>,
    /// Where it is put down (for a shot, the target).
    pub to: Square<G>,
    /// The promotion letter (lower case), if any.
    pub promotion: Option<char>,
}

fn colour_of(letter: char) -> Color {
    if letter.is_ascii_uppercase() {
        Color::White
    } else {
        Color::Black
    }
}

/// The move as XBoard should see it, in the variant's square names (the
/// loop maps rank numbers); legs are separated by commas.
pub fn move_text<P: Position>(pos: &P, m: P::Move) -> String {
    let profile = Profile::of::<P>();
    let e = pos.effects(m);
    let (from, to) = (e.from, e.to);
    if e.is_shot() {
        return format!("{from}{to},{to}{from}");
    }
    if e.mover_vanishes() {
        if let Some(c) = profile.vanish {
            return format!("{from}{to}{c}");
        }
    }
    if !profile.legal {
        if let Some(v) = remote_victim(&e) {
            let own = pos
                .piece_char(v)
                .is_some_and(|c| colour_of(c) == pos.side_to_move());
            if own {
                return format!("{from}{to}");
            }
            let promotion = e.promotion().map(|c| c.to_ascii_lowercase());
            return format!(
                "{from}{v},{v}{to}{}",
                promotion.map_or(String::new(), String::from)
            );
        }
    }
    if e.changed_others().next().is_some() {
        return match outcome_number(pos, m, &e) {
            0 => format!("{from}{to}"),
            1 => format!("{from}{to}="),
            2 => {
                let own = pos.piece_char(from).map_or('=', |c| c.to_ascii_lowercase());
                format!("{from}{to}{own}")
            }
            _ => {
                let via = lowest_empty_cell(pos, &e);
                format!("{from}{via},{via}{to}")
            }
        };
    }
    pos.format_move(m)
}

/// The one piece removed off the landing square, if there is one.
fn remote_victim<G: Geometry>(e: &Effects<G>) -> Option<Square<G>> {
    e.removed.iter().copied().find(|&sq| sq != e.to)
}

/// Where `m` stands among the legal moves with its from and to squares that
/// change other pieces, ordered by packed code.
fn outcome_number<P: Position>(pos: &P, m: P::Move, e: &Effects<P::Geo>) -> usize {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.iter()
        .filter(|&&o| o.pack() < m.pack())
        .filter(|&&o| {
            let oe = pos.effects(o);
            oe.from == e.from && oe.to == e.to && oe.changed_others().next().is_some()
        })
        .count()
}

/// An empty cell other than the mover's squares: a kill leg through it
/// changes nothing on XBoard's board.
fn lowest_empty_cell<P: Position>(pos: &P, e: &Effects<P::Geo>) -> Square<P::Geo> {
    Square::<P::Geo>::all()
        .find(|&sq| sq != e.from && sq != e.to && pos.piece_char(sq).is_none())
        .unwrap_or(e.to)
}

/// The form of a move changing other pieces before the suffix numbering
/// (`f1c3,c3d3` for `f1d3@c3`: one leg through each changed piece), still
/// accepted on input.
fn legacy_change_form<G: Geometry>(e: &Effects<G>) -> String {
    let mut text = e.from.to_string();
    for (changed, _) in e.changed_others() {
        text.push_str(&format!("{changed},{changed}"));
    }
    text.push_str(&e.to.to_string());
    text
}

/// Finds the legal move XBoard wrote: [`move_text`]'s form, the variant's
/// own notation, or the earlier form of a move changing other pieces.
pub fn parse<P: Position>(pos: &P, text: &str) -> Result<P::Move, MoveError> {
    let text = text.trim();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if let Some(&m) = list.iter().find(|&&m| move_text(pos, m) == text) {
        return Ok(m);
    }
    let err = match pos.parse_move(text) {
        Ok(m) => return Ok(m),
        Err(e) => e,
    };
    list.iter()
        .copied()
        .find(|&m| {
            let e = pos.effects(m);
            e.changed_others().next().is_some() && legacy_change_form(&e) == text
        })
        .ok_or(err)
}

/// Where the mouse picks the moving piece up and puts it down, and the
/// promotion letter (for `lift`/`put` → `highlight`/`choice`). `None` for a
/// move the mouse cannot enter: one XBoard is told with a `vanish` character.
pub fn gui_squares<P: Position>(pos: &P, m: P::Move) -> Option<GuiMove<P::Geo>> {
    let e = pos.effects(m);
    if e.mover_vanishes() && Profile::of::<P>().vanish.is_some() {
        return None;
    }
    let promotion = e
        .promotion()
        .map(|c| c.to_ascii_lowercase())
        .or_else(|| notation_promotion(&pos.format_move(m)));
    Some(GuiMove {
        from: e.from,
        to: e.to,
        promotion,
    })
}

/// A promotion letter right after the two squares of a move's notation (a
/// promotion whose piece does not land, as when a Bandit pawn promotes by
/// taking an outlaw, shows only there).
fn notation_promotion(text: &str) -> Option<char> {
    let rest = text.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_lowercase());
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit());
    let mut chars = rest.chars();
    match (chars.next(), chars.next()) {
        (Some(c), next) if c.is_ascii_alphabetic() && !next.is_some_and(|d| d.is_ascii_digit()) => {
            Some(c)
        }
        _ => None,
    }
}

/// Cells whose pieces `m` removes other than the one on its target: XBoard
/// marks them when the mouse hovers over the target.
pub fn victims<P: Position>(pos: &P, m: P::Move) -> Vec<Square<P::Geo>> {
    let e = pos.effects(m);
    e.removed.iter().copied().filter(|&sq| sq != e.to).collect()
}

/// The bit of a cell in a set of hidden cells.
fn bit<G: Geometry>(sq: Square<G>) -> u128 {
    1u128 << sq.index()
}

/// Where XBoard's picture goes wrong: `hidden` is a set of cells (bit = cell
/// index) on which XBoard draws no piece though one stands there; this is
/// the set after `m`. A piece displaced without legality testing is hidden
/// where it lands; any move that leaves, lands on or removes a piece from a
/// cell makes XBoard's picture of that cell right again.
pub fn hidden_after<P: Position>(pos: &P, m: P::Move, hidden: u128) -> u128 {
    let e = pos.effects(m);
    let mut touched = bit(e.from) | bit(e.to);
    for &sq in &e.removed {
        touched |= bit(sq);
    }
    let mut h = hidden & !touched;
    if let Some((_, dest)) = e.displaced {
        if !Profile::of::<P>().legal {
            h |= bit(dest);
        }
    }
    h
}

/// Whether XBoard, relaying [`move_text`] with `hidden` as above, keeps a
/// picture in which every piece it may be asked to move is where it draws
/// one: not a move displacing a piece XBoard cannot draw, and not a move of a
/// piece XBoard does not see (it would refuse it).
pub fn shows<P: Position>(pos: &P, m: P::Move, hidden: u128) -> bool {
    let e = pos.effects(m);
    let undrawable = e.displaced.is_some() && !Profile::of::<P>().legal;
    !undrawable && hidden & bit(e.from) == 0
}

/// Parses a FEN as XBoard sends it (`setboard`). XBoard re-writes every field
/// after the side to move with chess meanings (castling, en passant), which a
/// variant's own fields may not survive: Trubix's `w ABCDEabcde 0 1` reaches
/// the second engine as `w - a9 0 1`. This accepts what
/// [`Position::from_fen`] accepts and, failing that, a FEN whose board and
/// side to move are the start position's (XBoard only sends `setboard` when
/// a game starts) as the start position.
pub fn from_fen<P: Position>(fen: &str) -> Result<P, FenError> {
    let err = match P::from_fen(fen) {
        Ok(p) => return Ok(p),
        Err(e) => e,
    };
    let given: Vec<&str> = fen.split_whitespace().take(2).collect();
    let start: Vec<&str> = P::START_FEN.split_whitespace().take(2).collect();
    if given.len() == 2 && given == start {
        return Ok(P::startpos());
    }
    Err(err)
}
