//! PGN output, one game at a time (the caller flushes after each).
//!
//! Moves are written in the variant's coordinate notation, which XBoard reads
//! back. Non-chess variants and positions other than the start carry
//! `[Variant]`, `[SetUp "1"]` and `[FEN]`; the end is told twice: the standard
//! `[Termination]` category and a `{comment}` with the reason.
//!
//! One exception to plain notation: a Bandit trick's `@cell` part goes into
//! a comment glued to the move (`f1d3 {@c3}`). XBoard's PGN reader takes
//! `f1d3@c3` as two moves (`f1d3`, then `c3`) and stops loading; with the
//! comment it reads the trickster's move, which is all its board can show of
//! a trick anyway (it cannot change piece types), and [`read_games`] glues the
//! comment back, so the exact outcome is kept. Tested with XBoard 4.9.1.

use super::game::GameRecord;
use crate::variants::is_orthodox;
use std::io::{self, Write};

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes one game. `start_fen` is the variant's start FEN, written as
/// `[FEN]` for non-chess variants when the game did not set one up itself.
pub fn write_game(
    w: &mut impl Write,
    rec: &GameRecord,
    variant: &str,
    start_fen: &str,
    event: &str,
    date: &str,
    tc: &str,
) -> io::Result<()> {
    let tag = |w: &mut dyn Write, k: &str, v: &str| writeln!(w, "[{k} \"{}\"]", quote(v));
    tag(w, "Event", event)?;
    tag(w, "Site", "menagerie match")?;
    tag(w, "Date", date)?;
    tag(w, "Round", &rec.round.to_string())?;
    tag(w, "White", &rec.white)?;
    tag(w, "Black", &rec.black)?;
    tag(w, "Result", rec.result_str())?;
    let fen = match (&rec.fen, variant) {
        (Some(f), _) => Some(f.as_str()),
        (None, v) if is_orthodox(v) => None,
        (None, _) => Some(start_fen),
    };
    if !is_orthodox(variant) {
        tag(w, "Variant", variant)?;
    }
    if let Some(f) = fen {
        tag(w, "SetUp", "1")?;
        tag(w, "FEN", f)?;
    }
    tag(w, "TimeControl", tc)?;
    tag(w, "PlyCount", &rec.moves.len().to_string())?;
    tag(w, "Termination", rec.termination.pgn())?;
    writeln!(w)?;

    let fields: Vec<&str> = fen.unwrap_or(start_fen).split_whitespace().collect();
    let black_first = fields.get(1) == Some(&"b");
    let mut number: usize = fields
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    let mut tokens = Vec::new();
    for (i, m) in rec.moves.iter().enumerate() {
        let white_move = (i % 2 == 0) != black_first;
        if white_move {
            tokens.push(format!("{number}."));
        } else if i == 0 {
            tokens.push(format!("{number}..."));
        }
        match m.split_once('@') {
            Some((mv, cell)) => {
                tokens.push(mv.to_string());
                tokens.push(format!("{{@{cell}}}"));
            }
            None => tokens.push(m.clone()),
        }
        if !white_move {
            number += 1;
        }
    }
    tokens.push(format!("{{{}}}", rec.reason.replace('}', ")")));
    tokens.push(rec.result_str().to_string());
    let mut line = String::new();
    for t in tokens {
        if !line.is_empty() && line.len() + 1 + t.len() > 79 {
            writeln!(w, "{line}")?;
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&t);
    }
    writeln!(w, "{line}")?;
    writeln!(w)
}

/// The moves of each game in a PGN text, with its `[FEN]` tag if any (for
/// replaying games; only what this module writes is understood).
pub fn read_games(text: &str) -> Vec<(Option<String>, Vec<String>, String)> {
    let mut games = Vec::new();
    let (mut fen, mut moves, mut result) = (None, Vec::<String>::new(), String::new());
    let mut in_moves = false;
    for line in text.lines() {
        let line = line.trim();
        if let Some(tag) = line.strip_prefix('[') {
            if in_moves {
                games.push((
                    fen.take(),
                    std::mem::take(&mut moves),
                    std::mem::take(&mut result),
                ));
                in_moves = false;
            }
            if let Some(v) = tag.strip_prefix("FEN \"") {
                fen = Some(v.trim_end_matches("\"]").to_string());
            }
            if let Some(v) = tag.strip_prefix("Result \"") {
                result = v.trim_end_matches("\"]").to_string();
            }
            continue;
        }
        if line.is_empty() {
            continue;
        }
        in_moves = true;
        // A `{@cell}` comment belongs to the move before it (see the module
        // doc): it becomes an `@cell` token, glued on below (it may start a line).
        let mut rest = line.to_string();
        while let Some(a) = rest.find("{@") {
            let Some(len) = rest[a..].find('}') else {
                break;
            };
            let cell = rest[a + 2..a + len].to_string();
            rest.replace_range(a..=a + len, &format!(" @{cell} "));
        }
        while let (Some(a), Some(b)) = (rest.find('{'), rest.find('}')) {
            rest.replace_range(a..=b.max(a), "");
        }
        for tok in rest.split_whitespace() {
            let is_number = tok
                .trim_end_matches('.')
                .chars()
                .all(|c| c.is_ascii_digit());
            let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok);
            if let (Some(cell), Some(last)) = (tok.strip_prefix('@'), moves.last_mut()) {
                last.push('@');
                last.push_str(cell);
            } else if !is_number && !is_result {
                moves.push(tok.to_string());
            }
        }
    }
    if in_moves {
        games.push((fen, moves, result));
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::game::Termination;
    use crate::geometry::Color;

    /// A Bandit trick is written `f1d3 {@c3}` (XBoard reads the move and skips
    /// the comment) and read back whole, also when the comment opens a line.
    #[test]
    fn trick_cells_go_into_comments_and_come_back() {
        let mut moves: Vec<String> = (0..30).map(|_| "a2a3".to_string()).collect();
        moves.push("f1d3@c3".into());
        moves.push("b8b7".into());
        moves.push("g1e3@f4".into());
        let rec = GameRecord {
            round: 1,
            white: "a".into(),
            black: "b".into(),
            fen: None,
            moves: moves.clone(),
            winner: Some(Color::White),
            termination: Termination::Normal,
            kind: "checkmate".into(),
            reason: "White mates".into(),
        };
        let start = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC w - - 0 1";
        let mut out = Vec::new();
        write_game(&mut out, &rec, "bandit", start, "e", "d", "10+0.1").unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("f1d3 {@c3}"), "{text}");
        assert!(!text.contains("f1d3@c3"), "{text}");
        let games = read_games(&text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].1, moves);
        // Wrapped so that the comment starts a line: still glued to its move.
        let wrapped = text.replace(" {@c3}", "\n{@c3}");
        assert_eq!(read_games(&wrapped)[0].1, moves);
    }
}
