//! `menagerie show`: a position's diagram, the key to its letters, and the
//! variant's rules in short. The key comes from [`Position::pieces`]; the
//! short rules are the "In short" section of the variant's rules document
//! (`docs/rules/<variant>.md`), compiled into the binary, so the document is
//! the one place the rules are written.

use crate::rules::Position;

/// The rules document of a variant name, as shipped in `docs/rules/`.
/// The three Trebuqi victory rules share one document.
pub fn rules_document(variant: &str) -> Option<&'static str> {
    Some(match variant {
        "chess" => include_str!("../../docs/rules/chess.md"),
        "trubix" => include_str!("../../docs/rules/trubix.md"),
        "fugue" => include_str!("../../docs/rules/fugue.md"),
        "trebuqi" | "trebuqi2" | "trebuqi3" => include_str!("../../docs/rules/trebuqi.md"),
        "bandit" => include_str!("../../docs/rules/bandit.md"),
        _ => return None,
    })
}

/// The heading of the section [`rules_summary`] prints.
pub const SUMMARY_HEADING: &str = "## In short";

/// The text of a document's [`SUMMARY_HEADING`] section (without the heading),
/// up to the next `## ` heading; `None` if the document has no such section.
pub fn rules_summary(document: &str) -> Option<&str> {
    let start = document.find(&format!("\n{SUMMARY_HEADING}\n"))? + SUMMARY_HEADING.len() + 2;
    let rest = &document[start..];
    let end = rest.find("\n## ").map_or(rest.len(), |i| i + 1);
    Some(rest[..end].trim_matches('\n'))
}

/// The key to a variant's piece letters: one line per piece, letter, name
/// and how it moves, under a line saying which case is which side.
pub fn piece_key<P: Position>() -> String {
    let pieces = P::pieces();
    let width = pieces.iter().map(|p| p.name.len()).max().unwrap_or(0);
    let mut out = String::from("Pieces (White upper case, Black lower case):\n");
    for p in pieces {
        out.push_str(&format!(
            "  {} {}  {:<width$}  {}\n",
            p.letter,
            p.letter.to_ascii_lowercase(),
            p.name,
            p.moves
        ));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variants::{dispatch, VariantVisitor, VARIANTS};

    struct Letters;
    impl VariantVisitor for Letters {
        type Output = (Vec<char>, Vec<char>);
        fn visit<P: Position + crate::rules::Evaluate>(self) -> Self::Output {
            let mut on_board: Vec<char> = P::START_FEN
                .split_whitespace()
                .next()
                .unwrap()
                .chars()
                .filter(|c| c.is_ascii_alphabetic())
                .map(|c| c.to_ascii_uppercase())
                .collect();
            on_board.sort_unstable();
            on_board.dedup();
            let mut keyed: Vec<char> = P::pieces().iter().map(|p| p.letter).collect();
            keyed.sort_unstable();
            (on_board, keyed)
        }
    }

    /// Every letter of the start position has exactly one key entry, and the
    /// key names no piece the start position lacks.
    #[test]
    fn every_variant_keys_exactly_its_start_letters() {
        for &name in VARIANTS {
            let (on_board, keyed) = dispatch(name, Letters).unwrap();
            assert_eq!(on_board, keyed, "{name}");
        }
    }

    #[test]
    fn every_variant_has_a_rules_summary() {
        for &name in VARIANTS {
            let doc = rules_document(name).unwrap_or_else(|| panic!("{name}: no document"));
            let summary = rules_summary(doc).unwrap_or_else(|| panic!("{name}: no summary"));
            assert!(summary.len() > 200, "{name}: summary too short");
            assert!(!summary.contains("\n## "), "{name}");
        }
    }
}
