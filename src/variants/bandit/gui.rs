//! How Bandit moves look to XBoard. NOTE: `xboard_move` is not wired in yet:
//! multi-leg forms made XBoard 4.9 forfeit games in `scripts/xboard-match.sh`
//! (it relayed a stale leg), so moves go out in our notation; the multi-leg
//! forms below are still accepted on input. XBoard relays an engine's move to the other
//! engine as (from, to, promotion, up to two "kill" squares of a multi-leg
//! move), so everything a move means must fit in that:
//! - an outlaw capture (B7) is two legs through the nearer victim,
//!   `c1c2,c2c3`: XBoard removes both victims, as the rules do (it cannot show
//!   B8's removal of an outlaw's capturer);
//! - a trick (B5) is one leg through each changed piece and then to the
//!   trickster's square, `f1c3,c3d3` for `f1d3@c3`, `e3c5,c5d4,d4d5` for
//!   `e3d5@c5@d4`: the engines stay exact, but XBoard, which has no way to
//!   change a piece's type, draws each changed piece as captured;
//! - everything else is the plain coordinate move.
//!
//! A player dragging the trickster onto a trick square sends a plain `from to`;
//! when that trick has several outcomes the first in generation order is
//! played (XBoard offers no way to choose); the engine documents this.

use super::{Bandit, BanditMove, Sq};
use crate::rules::{GenKind, GuiMove, MoveError, MoveList, Position};

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
        let v = sq(nearer_victim(m));
        return format!("{from}{v},{v}{to}");
    }
    if m.is_trick() {
        let (changes, n) = m.changes();
        let mut text = from.to_string();
        for &(changed, _) in &changes[..n] {
            let c = sq(changed);
            text.push_str(&format!("{c},{c}"));
        }
        text.push_str(&to.to_string());
        return text;
    }
    pos.format_move(m)
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

/// XBoard's form, our notation, or a mouse-entered plain `from to` of a trick.
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
        .find(|&m| m.is_trick() && format!("{}{}", sq(m.from()), sq(m.to())) == text)
        .ok_or(err)
}
