//! The mouse in XBoard (`lift`, `hover`, `put` → `highlight`, `choice`):
//! legal targets marked by kind, the victims of captures off the target
//! square, the promotion choices.

use super::Xboard;
use crate::protocol::{emit, shown};

impl Xboard {
    /// A GUI square name → the variant's (file, row).
    fn gui_square(&self, arg: &str) -> Option<(u8, u8)> {
        let own = self.own_names(arg.trim_end_matches(','));
        let shape = self.s().shape();
        let b = own.as_bytes();
        let file = *b.first()?;
        if !file.is_ascii_lowercase() || (file - b'a') >= shape.width {
            return None;
        }
        let rank: i32 = own[1..].parse().ok()?;
        let row = rank - shape.first_rank as i32;
        ((0..shape.height as i32).contains(&row)).then_some((file - b'a', row as u8))
    }

    /// `lift SQ` → `highlight` of every legal target (red = capture,
    /// magenta = promotion, yellow = quiet).
    pub(super) fn lift(&mut self, arg: &str) {
        let Some(from) = self.gui_square(arg) else {
            emit(&format!("Error (bad square): lift {}", shown(arg)));
            return;
        };
        self.lifted = Some(from);
        emit(&format!("highlight {}", self.color_fen(from, None)));
    }

    /// `hover SQ` over a red target → the same marks plus the victims of
    /// captures off the target square (lower-case green: shown, not a target).
    pub(super) fn hover(&mut self, arg: &str) {
        let (Some(from), Some(to)) = (self.lifted, self.gui_square(arg)) else {
            return;
        };
        let any_victims = self
            .s()
            .legal_moves()
            .iter()
            .any(|m| m.from == Some(from) && m.to == Some(to) && !m.victims.is_empty());
        if any_victims {
            emit(&format!("highlight {}", self.color_fen(from, Some(to))));
        }
    }

    /// The COLORFEN of the targets from `from` (and victims of moves to `hover`).
    fn color_fen(&self, from: (u8, u8), hover: Option<(u8, u8)>) -> String {
        let shape = self.s().shape();
        let (w, h) = (shape.width as usize, shape.height as usize);
        let mut marks = vec![None; w * h];
        let moves = self.s().legal_moves();
        for m in &moves {
            if let (Some(f), Some((tf, tr))) = (m.from, m.to) {
                if f != from {
                    continue;
                }
                let mark = if m.promotion.is_some() {
                    'M'
                } else if m.noisy || !m.victims.is_empty() {
                    'R'
                } else {
                    'Y'
                };
                let cell = &mut marks[tr as usize * w + tf as usize];
                if *cell != Some('M') && *cell != Some('R') {
                    *cell = Some(mark);
                }
            }
        }
        for m in &moves {
            if m.from == Some(from) && m.to.is_some() && m.to == hover {
                for &(vf, vr) in &m.victims {
                    let cell = &mut marks[vr as usize * w + vf as usize];
                    if cell.is_none() {
                        *cell = Some('g');
                    }
                }
            }
        }
        let mut rows = Vec::with_capacity(h);
        for r in (0..h).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..w {
                match marks[r * w + f] {
                    Some(c) => {
                        if empty > 0 {
                            row.push_str(&empty.to_string());
                            empty = 0;
                        }
                        row.push(c);
                    }
                    None => empty += 1,
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// `put SQ` on a promotion square → `choice` of the legal promotion pieces.
    pub(super) fn put(&mut self, arg: &str) {
        let Some(to) = self.gui_square(arg) else {
            emit(&format!("Error (bad square): put {}", shown(arg)));
            return;
        };
        let Some(from) = self.lifted else {
            return;
        };
        let mut choice = String::new();
        for m in self.s().legal_moves() {
            if m.from == Some(from) && m.to == Some(to) {
                if let Some(p) = m.promotion {
                    let p = p.to_ascii_uppercase();
                    if !choice.contains(p) {
                        choice.push(p);
                    }
                }
            }
        }
        if !choice.is_empty() {
            emit(&format!("choice {choice}"));
        }
    }
}
