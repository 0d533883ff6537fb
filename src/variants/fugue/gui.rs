//! How Fugue's moves look to XBoard (`docs/xboard.md` §2.10).
//!
//! XBoard 4.9 runs Fugue with legality testing off and relays an engine's move
//! to the other engine as from, to, a promotion character and up to two
//! "kill" squares; it checks only that the mover's piece stands on `from` in
//! its own picture. So each move is sent in the form that keeps that picture
//! right (checked with XBoard 4.9.1 under `scripts/xboard-match.sh`):
//! - a capture off the landing square (long leaper, pushme-pullyu) is two
//!   legs through the victim, `from victim,` + `victim to`;
//! - an archer shot is two legs there and back, `from target,` + `target from`
//!   (the archer stays, the target goes);
//! - a mutual destruction is `from to` with the promotion character `z`,
//!   which names no piece in our `setup` table: XBoard moves the swapper onto
//!   the victim and then leaves the square empty, which is exactly the result;
//! - a swap cannot be drawn (XBoard cannot put an enemy piece on `from`): it
//!   is sent as the plain `from to`, XBoard draws the swapper taking the enemy,
//!   and the swapped enemy is missing from its picture on `from`. XBoard would
//!   then forfeit that piece's owner for moving it, so the XBoard loop keeps
//!   the set of such hidden cells ([`hidden_after`]) and, with the option "Only
//!   moves XBoard can show" (on by default), the engine plays neither swaps
//!   nor moves of hidden pieces unless it has no other move ([`shows`]).
//!
//! With the mouse a player enters every move but the mutual destruction (a
//! drag from the swapper onto the adjacent enemy means the swap).

use super::{FugueMove, MoveKind, Sq};
use crate::rules::GuiMove;

/// XBoard's form of `m` (legs separated by a comma).
pub(super) fn xboard_move(m: FugueMove) -> String {
    let (from, to) = (sq(m.from()), sq(m.to()));
    match (m.kind(), m.victim()) {
        (MoveKind::Shot, _) => format!("{from}{to},{to}{from}"),
        (MoveKind::Destroy, _) => format!("{from}{to}z"),
        (MoveKind::Plain, Some(v)) if v != m.to() => {
            let v = sq(v);
            format!("{from}{v},{v}{to}")
        }
        (MoveKind::Promote(k), Some(v)) if v != m.to() => {
            let v = sq(v);
            format!("{from}{v},{v}{to}{}", k.letter())
        }
        _ => format!("{m:?}"),
    }
}

/// The cells XBoard draws empty though a piece stands there, after `m`: a
/// swap hides the enemy it sends to `from`; any move that leaves, lands on or
/// removes a piece from a cell makes XBoard's picture of it right again.
pub(super) fn hidden_after(m: FugueMove, hidden: u128) -> u128 {
    let mut touched = 1u128 << m.from() | 1u128 << m.to();
    if let Some(v) = m.victim() {
        touched |= 1u128 << v;
    }
    let mut h = hidden & !touched;
    if m.kind() == MoveKind::Swap {
        h |= 1u128 << m.from();
    }
    h
}

/// Whether XBoard keeps a usable picture after `m`: not a swap, and not a
/// move of a piece XBoard does not see (it would refuse it).
pub(super) fn shows(m: FugueMove, hidden: u128) -> bool {
    m.kind() != MoveKind::Swap && hidden & 1u128 << m.from() == 0
}

fn sq(i: usize) -> Sq {
    Sq::from_index_unchecked(i as u32)
}

/// Where the mouse picks up and puts down: the moving piece and its landing
/// square (for a shot, the target). `None` for the mutual destruction.
pub(super) fn gui_squares(m: FugueMove) -> Option<GuiMove<super::Rect8x8>> {
    let promotion = match m.kind() {
        MoveKind::Destroy => return None,
        MoveKind::Promote(k) => Some(k.letter()),
        _ => None,
    };
    Some(GuiMove {
        from: sq(m.from()),
        to: sq(m.to()),
        promotion,
    })
}

/// Pieces a move removes other than one standing on its landing square.
pub(super) fn victims(m: FugueMove) -> Vec<Sq> {
    match (m.kind(), m.victim()) {
        (MoveKind::Shot | MoveKind::Swap | MoveKind::Destroy, _) => Vec::new(),
        (_, Some(v)) if v != m.to() => vec![sq(v)],
        _ => Vec::new(),
    }
}
