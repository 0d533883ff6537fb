//! Perft suite: every `tests/data/perft/<variant>.epd` line is checked at each
//! depth whose node count is under the fast limit; `cargo test -- --ignored`
//! runs every depth. Each data file says where its numbers come from.
//!
//! Every figure is checked three ways: the bulk-counting perft, the threaded
//! perft (root split), and the sum of `--divide`, so the tools agree too.

use menagerie::rules::{Evaluate, Position};
use menagerie::tools::perft::{divide, perft, perft_threads};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};

/// Lines above this many nodes run only with `--ignored`.
const FAST_LIMIT: u64 = 5_000_000;

struct Check {
    fen: String,
    depths: Vec<(u32, u64)>,
    max_nodes: u64,
    min_nodes: u64,
}

impl VariantVisitor for Check {
    type Output = usize;
    fn visit<P: Position + Evaluate>(self) -> usize {
        let pos = P::from_fen(&self.fen)
            .unwrap_or_else(|e| panic!("{}: bad FEN {}: {e}", P::NAME, self.fen));
        assert_eq!(
            P::from_fen(&pos.to_fen()).unwrap().to_fen(),
            pos.to_fen(),
            "FEN round trip"
        );
        let mut checked = 0;
        for &(depth, expected) in &self.depths {
            if expected > self.max_nodes || expected < self.min_nodes {
                continue;
            }
            assert_eq!(
                perft(&pos, depth),
                expected,
                "{} perft({depth}) of {}",
                P::NAME,
                self.fen
            );
            if expected < 500_000 {
                assert_eq!(perft_threads(&pos, depth, 2), expected, "threaded perft");
                let sum: u64 = divide(&pos, depth, 1).iter().map(|&(_, n)| n).sum();
                assert_eq!(sum, expected, "divide sum");
            }
            checked += 1;
        }
        checked
    }
}

fn run(min_nodes: u64, max_nodes: u64) {
    let mut total = 0;
    for &variant in VARIANTS {
        let path = format!(
            "{}/tests/data/perft/{variant}.epd",
            env!("CARGO_MANIFEST_DIR")
        );
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        for line in text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
        {
            let mut parts = line.split(';');
            let fen = parts.next().unwrap().trim().to_string();
            let depths = parts
                .map(|p| {
                    let p = p.trim();
                    let (d, n) = p
                        .split_once(' ')
                        .unwrap_or_else(|| panic!("bad entry '{p}' in {path}"));
                    (
                        d.trim_start_matches('D').parse().unwrap(),
                        n.trim().parse().unwrap(),
                    )
                })
                .collect();
            total += dispatch(
                variant,
                Check {
                    fen,
                    depths,
                    max_nodes,
                    min_nodes,
                },
            )
            .unwrap();
        }
    }
    assert!(total > 0, "no perft figure was checked");
    eprintln!("{total} perft figures checked");
}

#[test]
fn perft_fast() {
    run(0, FAST_LIMIT);
}

#[test]
#[ignore = "deep perft: minutes in release mode"]
fn perft_deep() {
    run(FAST_LIMIT + 1, u64::MAX);
}
