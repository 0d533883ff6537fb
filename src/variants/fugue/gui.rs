//! How Fugue's moves look to XBoard (`../shared/notes/xboard-and-uci.md` §2.10).
//!
//! Moves are sent in our own notation (plain `from to`): multi-leg forms made
//! XBoard 4.9 forfeit games in `scripts/xboard-match.sh` (it later relayed a
//! stale leg), so the list below is the intended design, not yet in use; until
//! then XBoard draws every capture as a plain move.
//!
//! XBoard 4.9 runs Fugue with legality testing off and relays the engines'
//! moves as text, so engine-vs-engine play is exact; only XBoard's own board
//! picture can drift, for the two moves it cannot draw:
//! - a capture off the landing square (long leaper, pushme-pullyu) is sent as
//!   two legs through the victim, `from victim,` + `victim to`;
//! - an archer shot as two legs there and back, `from target,` + `target from`
//!   (the archer stays, the target goes);
//! - a swap as a plain `from to`: XBoard draws the swapper taking the enemy,
//!   and the swapped enemy is missing from its picture on `from`;
//! - a mutual destruction as the shot form, `from target,` + `target from`:
//!   XBoard removes the victim, but keeps drawing the vanished swapper.
//!
//! With the mouse a player enters every move but the mutual destruction (a drag
//! from the swapper onto the adjacent enemy means the swap); the engine plays
//! and accepts the destruction in its two-leg form.

use super::{FugueMove, MoveKind, Sq};
use crate::rules::GuiMove;

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
