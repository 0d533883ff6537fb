//! PGN in the dialect `menagerie match` writes and `menagerie gui` exports
//! and imports: writing ([`write_game`], [`write_pgn`]) and reading
//! ([`parse_games`], [`read_games`]), one place for both so the two stay
//! the same dialect.
//!
//! Moves are written in the variant's coordinate notation, which XBoard reads
//! back. Non-chess variants and positions other than the start carry
//! `[Variant]`, `[SetUp "1"]` and `[FEN]` ([`setup_tags`]); the end of a
//! match game is told twice: the standard `[Termination]` category and a
//! `{comment}` with the reason.
//!
//! One exception to plain notation: a Bandit trick's `@cell` part goes into
//! a comment glued to the move (`f1d3 {@c3}`). XBoard's PGN reader takes
//! `f1d3@c3` as two moves (`f1d3`, then `c3`) and stops loading; with the
//! comment it reads the trickster's move, which is all its board can show of
//! a trick anyway (it cannot change piece types), and [`parse_games`] glues
//! the comment back, so the exact outcome is kept. Tested with XBoard 4.9.1.
//!
//! The reader checks the form only (tags, numbers, comments, results); the
//! moves are checked by replaying them with the variant's rules, which is
//! the caller's job (the match tests, the GUI's import).

use super::game::GameRecord;
use crate::variants::is_orthodox;
use std::io::{self, Write};

fn quote(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The tags that say which game is set up: `[Variant]` for any variant but
/// chess, and `[SetUp "1"]` `[FEN]` when the game starts from `fen`, or
/// for every non-chess variant (from `start_fen`), so that XBoard loads the
/// right board. Returns the tags and the FEN the moves start from.
pub fn setup_tags(
    variant: &str,
    fen: Option<&str>,
    start_fen: &str,
) -> (Vec<(&'static str, String)>, String) {
    let mut tags = Vec::new();
    let fen = match fen {
        Some(f) => Some(f),
        None if is_orthodox(variant) => None,
        None => Some(start_fen),
    };
    if !is_orthodox(variant) {
        tags.push(("Variant", variant.to_string()));
    }
    if let Some(f) = fen {
        tags.push(("SetUp", "1".to_string()));
        tags.push(("FEN", f.to_string()));
    }
    (tags, fen.unwrap_or(start_fen).to_string())
}

/// Writes one game in our dialect: the tags in the order given, then the
/// moves numbered from `from_fen`'s side and move number, wrapped at 79
/// columns, then `{comment}` (if any) and the result (`1-0`, `0-1`,
/// `1/2-1/2` or `*`).
pub fn write_pgn(
    w: &mut impl Write,
    tags: &[(&str, String)],
    from_fen: &str,
    moves: &[String],
    comment: Option<&str>,
    result: &str,
) -> io::Result<()> {
    for (k, v) in tags {
        writeln!(w, "[{k} \"{}\"]", quote(v))?;
    }
    writeln!(w)?;
    let fields: Vec<&str> = from_fen.split_whitespace().collect();
    let black_first = fields.get(1) == Some(&"b");
    let mut number: usize = fields
        .last()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1)
        .max(1);
    let mut tokens = Vec::new();
    for (i, m) in moves.iter().enumerate() {
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
    if let Some(c) = comment {
        tokens.push(format!("{{{}}}", c.replace('}', ")")));
    }
    tokens.push(result.to_string());
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

/// Writes one match game. `start_fen` is the variant's start FEN, written as
/// `[FEN]` for non-chess variants when the game did not set one up itself.
/// `tc` is White's and Black's time control: one `[TimeControl]` when they
/// agree, else `[WhiteTimeControl]` and `[BlackTimeControl]` (a time-odds game;
/// the tag names other match runners use).
pub fn write_game(
    w: &mut impl Write,
    rec: &GameRecord,
    variant: &str,
    start_fen: &str,
    event: &str,
    date: &str,
    tc: [&str; 2],
) -> io::Result<()> {
    let (setup, from_fen) = setup_tags(variant, rec.fen.as_deref(), start_fen);
    let mut tags: Vec<(&str, String)> = vec![
        ("Event", event.to_string()),
        ("Site", "menagerie match".to_string()),
        ("Date", date.to_string()),
        ("Round", rec.round.to_string()),
        ("White", rec.white.clone()),
        ("Black", rec.black.clone()),
        ("Result", rec.result_str().to_string()),
    ];
    tags.extend(setup);
    if tc[0] == tc[1] {
        tags.push(("TimeControl", tc[0].to_string()));
    } else {
        tags.push(("WhiteTimeControl", tc[0].to_string()));
        tags.push(("BlackTimeControl", tc[1].to_string()));
    }
    tags.push(("PlyCount", rec.moves.len().to_string()));
    tags.push(("Termination", rec.termination.pgn().to_string()));
    write_pgn(
        w,
        &tags,
        &from_fen,
        &rec.moves,
        Some(&rec.reason),
        rec.result_str(),
    )
}

/// One game read from PGN text: its tags in order, its moves (tricks glued
/// back as `move@cell`) and the result token (empty if none was written).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub moves: Vec<String>,
    pub result: String,
}

impl PgnGame {
    /// The last value of tag `key`.
    pub fn tag(&self, key: &str) -> Option<&str> {
        self.tags
            .iter()
            .rev()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Parses every game of a PGN text. Understood: tag pairs with `\"` and
/// `\\` escapes, move numbers (`12.`, `12...`, also glued as `12.e2e4`),
/// `{comments}` (a `{@cell}` one is a trick cell, glued to the move before
/// it), `;` comments, `%` escape lines, `$n` annotations, `(variations)`
/// (skipped) and the four result tokens. The error names the line.
pub fn parse_games(text: &str) -> Result<Vec<PgnGame>, String> {
    let mut games = Vec::new();
    let mut cur = PgnGame::default();
    let mut in_moves = false;
    let chars: Vec<char> = text.chars().collect();
    let mut line = 1usize;
    let mut i = 0;
    let at_line_start = |i: usize| i == 0 || chars[i - 1] == '\n';
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\n' => {
                line += 1;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '%' if at_line_start(i) => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            ';' => {
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
            }
            '[' => {
                if in_moves {
                    games.push(std::mem::take(&mut cur));
                    in_moves = false;
                }
                let (tag, next) = parse_tag(&chars, i + 1)
                    .ok_or_else(|| format!("line {line}: a tag is not [Name \"value\"]"))?;
                cur.tags.push(tag);
                i = next;
            }
            '{' => {
                let end = (i + 1..chars.len())
                    .find(|&j| chars[j] == '}')
                    .ok_or_else(|| format!("line {line}: a comment is not closed"))?;
                let body: String = chars[i + 1..end].iter().collect();
                line += body.matches('\n').count();
                if let Some(cell) = body.trim().strip_prefix('@') {
                    let last = cur.moves.last_mut().ok_or_else(|| {
                        format!("line {line}: a trick cell {{@{cell}}} follows no move")
                    })?;
                    last.push('@');
                    last.push_str(cell.trim());
                }
                i = end + 1;
            }
            '(' => {
                let mut depth = 0usize;
                while i < chars.len() {
                    match chars[i] {
                        '(' => depth += 1,
                        ')' => depth -= 1,
                        '\n' => line += 1,
                        _ => {}
                    }
                    i += 1;
                    if depth == 0 {
                        break;
                    }
                }
                if depth > 0 {
                    return Err(format!("line {line}: a variation is not closed"));
                }
            }
            ')' | ']' | '}' => return Err(format!("line {line}: unexpected '{c}'")),
            _ => {
                let start = i;
                while i < chars.len() && !chars[i].is_whitespace() && !"{}[]();".contains(chars[i])
                {
                    i += 1;
                }
                let tok: String = chars[start..i].iter().collect();
                in_moves = true;
                if RESULTS.contains(&tok.as_str()) {
                    cur.result = tok;
                    continue;
                }
                if tok.starts_with('$') {
                    continue;
                }
                // A move number, perhaps with the move glued on.
                let digits = tok.chars().take_while(char::is_ascii_digit).count();
                let rest = tok[digits..].trim_start_matches('.');
                let numbered = digits > 0 && rest.len() < tok.len() - digits;
                let mv = if numbered { rest } else { tok.as_str() };
                if !mv.is_empty() {
                    if !cur.result.is_empty() {
                        return Err(format!(
                            "line {line}: move '{mv}' after the result {}",
                            cur.result
                        ));
                    }
                    cur.moves.push(mv.to_string());
                }
            }
        }
    }
    if in_moves || !cur.tags.is_empty() {
        games.push(cur);
    }
    Ok(games)
}

/// A tag pair after its `[`: `Name "value"]`; returns it and the index past `]`.
fn parse_tag(chars: &[char], mut i: usize) -> Option<((String, String), usize)> {
    let skip_ws = |i: &mut usize| {
        while *i < chars.len() && chars[*i].is_whitespace() && chars[*i] != '\n' {
            *i += 1;
        }
    };
    skip_ws(&mut i);
    let start = i;
    while i < chars.len() && (chars[i].is_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    if i == start {
        return None;
    }
    let name: String = chars[start..i].iter().collect();
    skip_ws(&mut i);
    if chars.get(i) != Some(&'"') {
        return None;
    }
    i += 1;
    let mut value = String::new();
    loop {
        match *chars.get(i)? {
            '\\' => {
                value.push(*chars.get(i + 1)?);
                i += 2;
            }
            '"' => break,
            '\n' => return None,
            c => {
                value.push(c);
                i += 1;
            }
        }
    }
    i += 1;
    skip_ws(&mut i);
    (chars.get(i) == Some(&']')).then_some(((name, value), i + 1))
}

/// The moves of each game in a PGN text, with its `[FEN]` tag if any and
/// its result (for replaying match games; an unreadable text gives none).
pub fn read_games(text: &str) -> Vec<(Option<String>, Vec<String>, String)> {
    parse_games(text)
        .unwrap_or_default()
        .into_iter()
        .map(|g| (g.tag("FEN").map(str::to_string), g.moves, g.result))
        .collect()
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
        write_game(&mut out, &rec, "bandit", start, "e", "d", ["10+0.1"; 2]).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("[TimeControl \"10+0.1\"]"), "{text}");
        assert!(!text.contains("WhiteTimeControl"), "{text}");
        assert!(text.contains("f1d3 {@c3}"), "{text}");
        assert!(!text.contains("f1d3@c3"), "{text}");
        let games = read_games(&text);
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].1, moves);
        // Wrapped so that the comment starts a line: still glued to its move.
        let wrapped = text.replace(" {@c3}", "\n{@c3}");
        assert_eq!(read_games(&wrapped)[0].1, moves);

        // A time-odds game tells each side's control.
        let mut out = Vec::new();
        write_game(
            &mut out,
            &rec,
            "bandit",
            start,
            "e",
            "d",
            ["10+0.1", "5+0.05"],
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(!text.contains("[TimeControl "), "{text}");
        assert!(text.contains("[WhiteTimeControl \"10+0.1\"]"), "{text}");
        assert!(text.contains("[BlackTimeControl \"5+0.05\"]"), "{text}");
        assert_eq!(read_games(&text)[0].1, moves);
    }

    /// What `write_pgn` writes, `parse_games` reads back: tags (with quotes
    /// and backslashes), a set-up FEN with Black to move, a trick, a game
    /// in progress (`*`), and two games in one text.
    #[test]
    fn written_games_read_back() {
        let fen = "ctbkorc/n1sss1n/ppppppp/7/7/7/PPPPPPP/N1SSS1N/CROKBTC b - - 0 7";
        let (mut tags, from) = setup_tags("bandit", Some(fen), "unused");
        assert_eq!(from, fen);
        tags.insert(0, ("White", "a \"quoted\" \\ name".to_string()));
        let moves: Vec<String> = ["b8b7", "f1d3@c3", "a8a7"].map(String::from).to_vec();
        let mut out = Vec::new();
        write_pgn(&mut out, &tags, &from, &moves, None, "*").unwrap();
        write_pgn(
            &mut out,
            &tags,
            &from,
            &moves[..1],
            Some("White {wins}"),
            "1-0",
        )
        .unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.contains("7... b8b7 8. f1d3 {@c3} a8a7 *"), "{text}");
        let games = parse_games(&text).unwrap();
        assert_eq!(games.len(), 2, "{text}");
        assert_eq!(games[0].moves, moves);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[0].tag("FEN"), Some(fen));
        assert_eq!(games[0].tag("Variant"), Some("bandit"));
        assert_eq!(games[0].tag("White"), Some("a \"quoted\" \\ name"));
        assert_eq!(games[1].moves, moves[..1]);
        assert_eq!(games[1].result, "1-0");
        // Chess from its start carries neither Variant nor FEN.
        assert!(setup_tags("chess", None, "x").0.is_empty());
    }

    /// Other writers' habits are read; broken texts are refused with the line.
    #[test]
    fn foreign_forms_and_errors() {
        let g = parse_games("[Event \"x\"]\n% escape\n1.e2e4 $1 e7e5 (1... c7c5 (2. a2a3)) ; rest\n2. g1f3 {a comment} 1/2-1/2\n")
            .unwrap();
        assert_eq!(g.len(), 1);
        assert_eq!(g[0].moves, ["e2e4", "e7e5", "g1f3"]);
        assert_eq!(g[0].result, "1/2-1/2");
        for bad in [
            "[Event \"x\"\n1. e2e4",
            "[Event x]\n1. e2e4",
            "1. e2e4 {never closed",
            "1. e2e4 (c7c5",
            "{@c3} 1. e2e4",
            "1. e2e4 1-0 e7e5",
            "1. e2e4 }",
        ] {
            let e = parse_games(bad).unwrap_err();
            assert!(e.starts_with("line "), "{bad}: {e}");
        }
    }
}
