//! The board field of a FEN, shared by every variant: ranks from the top row
//! down separated by `/`, digit runs for empty cells (multi-digit allowed: `10`,
//! `11`), `*` for a hole. It is strict: `*` only on holes, and a digit run never
//! covers a hole (`**k**`, not `2k2`). Piece letters are the variant's business;
//! this layer only places them.

use super::FenError;
use crate::geometry::{Geometry, Square};

/// Parses a FEN board field into (square, letter) pairs, in FEN order.
pub fn parse_board<G: Geometry>(field: &str) -> Result<Vec<(Square<G>, char)>, FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != G::HEIGHT as usize {
        return Err(FenError::RankCount {
            expected: G::HEIGHT as usize,
            found: ranks.len(),
        });
    }
    let mut pieces = Vec::new();
    for (i, text) in ranks.iter().enumerate() {
        let row = G::HEIGHT as i32 - 1 - i as i32;
        let rank = (row + G::FIRST_RANK as i32) as u32;
        let width = G::WIDTH as i32;
        let mut file: i32 = 0;
        let name = |file: i32| format!("{}{}", (b'a' + file as u8) as char, rank);
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            if c == '0' {
                return Err(FenError::BadField {
                    field: "board",
                    value: text.to_string(),
                });
            } else if c.is_ascii_digit() {
                let mut n = c.to_digit(10).unwrap() as i32;
                while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                    n = n * 10 + d as i32;
                    chars.next();
                    if n > 64 {
                        break;
                    }
                }
                for _ in 0..n {
                    if file < width && !G::has_cell(file, row) {
                        return Err(FenError::PieceOnHole(name(file)));
                    }
                    file += 1;
                }
            } else if c == '*' {
                if file < width && G::has_cell(file, row) {
                    return Err(FenError::HoleOnCell(name(file)));
                }
                file += 1;
            } else if c.is_ascii_alphabetic() {
                if file < width {
                    match Square::new(file, row) {
                        Some(sq) => pieces.push((sq, c)),
                        None => return Err(FenError::PieceOnHole(name(file))),
                    }
                }
                file += 1;
            } else {
                return Err(FenError::UnknownPiece(c));
            }
        }
        if file != width {
            return Err(FenError::RankLength {
                rank,
                expected: width as usize,
                found: file.max(0) as usize,
            });
        }
    }
    Ok(pieces)
}

/// Writes a FEN board field; `piece` gives the letter on each existing cell.
pub fn write_board<G: Geometry>(piece: impl Fn(Square<G>) -> Option<char>) -> String {
    let mut out = String::new();
    for row in (0..G::HEIGHT as i32).rev() {
        let mut empty = 0;
        for file in 0..G::WIDTH as i32 {
            match Square::<G>::new(file, row) {
                None => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push('*');
                }
                Some(sq) => match piece(sq) {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                },
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        if row > 0 {
            out.push('/');
        }
    }
    out
}

/// The half-move clock and the move number, a FEN's last two fields; `rest`
/// starts at the clock. Either may be missing (then 0 and 1); a move number
/// of 0 is read as 1.
pub fn counters(rest: &[&str]) -> Result<(u16, u16), FenError> {
    let number = |i: usize, field: &'static str, default: u16| match rest.get(i) {
        None => Ok(default),
        Some(s) => s.parse().map_err(|_| FenError::BadField {
            field,
            value: s.to_string(),
        }),
    };
    Ok((
        number(0, "half-move clock", 0)?,
        number(1, "move number", 1)?.max(1),
    ))
}

/// Splits a FEN into whitespace-separated fields, rejecting an empty string.
pub fn fields(fen: &str) -> Result<Vec<&str>, FenError> {
    let f: Vec<&str> = fen.split_whitespace().collect();
    if f.is_empty() {
        return Err(FenError::MissingField("board"));
    }
    Ok(f)
}

/// For tests of colour symmetry: the FEN's board upside down with the
/// colours swapped (with `rotate`, every rank reversed too: a half turn;
/// only for boards under ten cells wide, whose counts are single digits) and
/// the other side to move, as `(board, side)`. The caller writes the other
/// fields, which are the variant's own.
#[cfg(test)]
pub(crate) fn colours_swapped(fen: &str, rotate: bool) -> (String, &'static str) {
    let mut f = fen.split(' ');
    let board = f.next().unwrap_or("");
    let side = if f.next() == Some("w") { "b" } else { "w" };
    let swap = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let ranks: Vec<String> = board
        .split('/')
        .rev()
        .map(|r| match rotate {
            true => r.chars().rev().map(swap).collect(),
            false => r.chars().map(swap).collect(),
        })
        .collect();
    (ranks.join("/"), side)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{Hex91, Rect8x8, TrubixBoard};

    #[test]
    fn round_trips_with_holes() {
        let trubix = "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K**";
        let pieces = parse_board::<TrubixBoard>(trubix).unwrap();
        assert_eq!(pieces.len(), 28);
        let back = write_board::<TrubixBoard>(|sq| pieces.iter().find(|p| p.0 == sq).map(|p| p.1));
        assert_eq!(back, trubix);

        let hex = "*****rtggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR*****";
        let pieces = parse_board::<Hex91>(hex).unwrap();
        assert_eq!(pieces.len(), 30);
        let back = write_board::<Hex91>(|sq| pieces.iter().find(|p| p.0 == sq).map(|p| p.1));
        assert_eq!(back, hex);
    }

    #[test]
    fn strictness() {
        assert!(matches!(
            parse_board::<TrubixBoard>("2k2/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/**K**"),
            Err(FenError::PieceOnHole(_))
        ));
        assert!(matches!(
            parse_board::<TrubixBoard>(
                "**k**/fnqnf/wwwww/f1w1f/*3*/*3*/*3*/F1W1F/WWWWW/FNQNF/*K***"
            ),
            Err(FenError::PieceOnHole(_)) | Err(FenError::HoleOnCell(_))
        ));
        assert!(matches!(
            parse_board::<Rect8x8>("8/8/8/8/8/8/8/9"),
            Err(FenError::RankLength { .. })
        ));
        assert!(matches!(
            parse_board::<Rect8x8>("8/8/8/8/8/8/8"),
            Err(FenError::RankCount { .. })
        ));
        assert!(matches!(
            parse_board::<Rect8x8>("8/8/8/8/8/8/8/7?"),
            Err(FenError::UnknownPiece('?'))
        ));
        assert!(parse_board::<Rect8x8>("8/8/8/8/8/8/8/99999999999999999999").is_err());
        assert!(parse_board::<Rect8x8>("8/8/8/8/8/8/8/08").is_err());
    }
}
