//! XBoard's text conventions: square names with XBoard's rank numbering,
//! time-control numbers, thinking-output scores and result lines.

use super::Shape;
use crate::rules::Outcome;
use crate::search::Score;
use std::time::Duration;

/// Parses `m` or `m:ss` (XBoard's level base) into a duration.
pub(super) fn parse_base(s: &str) -> Option<Duration> {
    let (m, sec) = match s.split_once(':') {
        Some((m, sec)) => (m.parse::<u64>().ok()?, sec.parse::<u64>().ok()?),
        None => (s.parse::<u64>().ok()?, 0),
    };
    Some(Duration::from_secs(m * 60 + sec))
}

pub(super) fn parse_secs(s: &str) -> Option<Duration> {
    let v: f64 = s.parse().ok()?;
    (v.is_finite() && (0.0..1e7).contains(&v)).then(|| Duration::from_secs_f64(v))
}

/// Shifts the rank number of every square name (`[a-z][0-9]+`) in `text` by
/// `delta`; a rank that would drop below 0 becomes `?` so parsing fails.
pub fn shift_ranks(text: &str, delta: i32) -> String {
    if delta == 0 {
        return text.to_string();
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        out.push(c as char);
        i += 1;
        if c.is_ascii_lowercase() && i < b.len() && b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            match text[start..i].parse::<i32>() {
                Ok(r) if r + delta >= 0 => out.push_str(&(r + delta).to_string()),
                _ => out.push('?'),
            }
        }
    }
    out
}

/// Rank number XBoard writes minus the variant's own, for a board `shape`.
/// XBoard counts from 1, or from 0 on 10-rank boards; a board numbered from 0
/// in its own rules (Trubix) follows the "Rank numbering" option instead
/// (`rank_zero`: XBoard started with `-rankOffset 1`).
pub fn gui_delta(shape: Shape, rank_zero: bool) -> i32 {
    let gui_first = if shape.first_rank == 0 {
        if rank_zero {
            0
        } else {
            1
        }
    } else if shape.height == 10 {
        0
    } else {
        1
    };
    gui_first - shape.first_rank as i32
}

/// XBoard's thinking-output score: centipawns, or ±(100000 + moves) for mates.
pub(super) fn cecp_score(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(n) if n >= 0 => 100_000 + n,
        Score::Mate(n) => -100_000 + n,
    }
}

/// The `1-0 {White mates}` line of a finished game.
pub fn result_line(o: Outcome) -> String {
    let reason = o.reason();
    let mut r = reason.chars();
    let reason = match r.next() {
        Some(c) => c.to_uppercase().chain(r).collect::<String>(),
        None => String::new(),
    };
    format!("{} {{{}}}", o.result_str(), reason)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Color;

    #[test]
    fn ranks_shift_in_every_square_name() {
        assert_eq!(shift_ranks("c0c1", 1), "c1c2");
        assert_eq!(shift_ranks("c10d9,d9e8q", -1), "c9d8,d8e7q");
        assert_eq!(shift_ranks("a1b0", -1), "a0b?");
        assert_eq!(shift_ranks("f1d3@c3", 0), "f1d3@c3");
    }

    #[test]
    fn rank_numbering_follows_xboard_and_the_option() {
        let shape = |width, height, first_rank| Shape {
            width,
            height,
            first_rank,
        };
        // A Trubix-like board (ranks 0-10): XBoard's default 1-11, or 0-10.
        assert_eq!(gui_delta(shape(5, 11, 0), false), 1);
        assert_eq!(gui_delta(shape(5, 11, 0), true), 0);
        assert_eq!(
            shift_ranks("c0c1", gui_delta(shape(5, 11, 0), false)),
            "c1c2"
        );
        // Boards numbered from 1 ignore the option.
        assert_eq!(gui_delta(shape(8, 8, 1), false), 0);
        assert_eq!(gui_delta(shape(8, 8, 1), true), 0);
        assert_eq!(gui_delta(shape(11, 11, 1), true), 0);
        // XBoard counts 10-rank boards from 0.
        assert_eq!(gui_delta(shape(9, 10, 1), false), -1);
    }

    #[test]
    fn result_lines_capitalise_the_reason() {
        let o = Outcome::Win {
            winner: Color::White,
            reason: "White mates",
        };
        assert_eq!(result_line(o), "1-0 {White mates}");
        let d = Outcome::Draw {
            reason: "stalemate",
        };
        assert_eq!(result_line(d), "1/2-1/2 {Stalemate}");
    }

    #[test]
    fn level_bases() {
        assert_eq!(parse_base("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_base("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_base("x"), None);
    }
}
