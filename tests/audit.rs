//! Hand-derived legal move lists, one file per variant in `tests/data/audit/`.
//!
//! Each line is `name | FEN | moves`: the complete list of legal moves of the
//! position, worked out by hand from the variant's rules document (and seed
//! text) by someone who had not read the move generator, before the engine
//! was asked; every line then agreed with the engine (no rule disputes were
//! left open, see each file's header). The test checks the engine still
//! produces exactly those sets, so a change to a generator that alters any
//! hand-verified case fails here with the missing and extra moves named.

use menagerie::rules::{Evaluate, GenKind, MoveList, Position};
use menagerie::variants::{dispatch, VariantVisitor};
use std::collections::BTreeSet;
use std::path::Path;

struct Case {
    name: String,
    fen: String,
    moves: BTreeSet<String>,
}

struct Check(Vec<Case>);

impl VariantVisitor for Check {
    type Output = Vec<String>;
    fn visit<P: Position + Evaluate>(self) -> Vec<String> {
        let mut failures = Vec::new();
        for case in self.0 {
            let pos = match P::from_fen(&case.fen) {
                Ok(p) => p,
                Err(e) => {
                    failures.push(format!("{}: FEN refused: {e}", case.name));
                    continue;
                }
            };
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let got: BTreeSet<String> = list.iter().map(|&m| pos.format_move(m)).collect();
            if got != case.moves {
                let missing: Vec<_> = case.moves.difference(&got).collect();
                let extra: Vec<_> = got.difference(&case.moves).collect();
                failures.push(format!(
                    "{} ({}): missing {missing:?}, extra {extra:?}",
                    case.name, case.fen
                ));
            }
        }
        failures
    }
}

fn cases(text: &str) -> Vec<Case> {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let parts: Vec<&str> = l.split('|').map(str::trim).collect();
            assert_eq!(parts.len(), 3, "bad line: {l}");
            Case {
                name: parts[0].to_string(),
                fen: parts[1].to_string(),
                moves: parts[2].split_whitespace().map(String::from).collect(),
            }
        })
        .collect()
}

#[test]
fn hand_derived_move_lists_match() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/audit");
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        // The file name is the variant name (`fugue.txt`, `trebuqi2.txt`).
        let stem = path.file_stem().unwrap().to_str().unwrap().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let cases = cases(&text);
        assert!(cases.len() >= 5, "{stem}: only {} cases", cases.len());
        checked += cases.len();
        let failures = dispatch(&stem, Check(cases)).unwrap();
        assert!(failures.is_empty(), "{stem}:\n{}", failures.join("\n"));
    }
    assert!(checked >= 10);
}
