//! Perft suite: every `tests/data/perft/<variant>.epd` line is checked at each
//! depth whose node count is under the fast limit; `perft_deep` (ignored, run
//! by `.ci/run`: `cargo test --release --test perft -- --ignored perft_deep`)
//! checks every deeper depth. Every variant of the registry must have a file,
//! and each file says where its numbers come from.
//!
//! Every figure is checked by the bulk-counting perft. Figures under
//! [`TOOL_CHECK_LIMIT`] nodes are also checked by the threaded perft (root
//! split) and by the sum of `divide`, so the tools agree too; above it those
//! two would only repeat the same count at several times the cost.

use menagerie::rules::{Evaluate, Position};
use menagerie::tools::perft::{divide, perft, perft_threads};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};

/// Lines above this many nodes run only with `--ignored`.
const FAST_LIMIT: u64 = 5_000_000;

/// Figures below this many nodes are also checked by the threaded perft and
/// the divide sum.
const TOOL_CHECK_LIMIT: u64 = 500_000;

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
            if expected < TOOL_CHECK_LIMIT {
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
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{variant} has no perft data: {path}: {e}"));
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

/// The deep figures with an outside source, which `perft_deep` (run by
/// `.ci/run`) must keep checking: chess d6 and kiwipete d5 (published), the
/// Fugue start's d5 (compared once with an uncommitted transcription of
/// vchess, see fugue.epd) and Trebuqi rules 2/3 d4 (the reference
/// table). Each must stay in its data file, at its depth, above the fast
/// limit (so it is the deep run that checks it).
#[test]
fn independently_sourced_deep_figures_stay_in_the_deep_run() {
    let chess = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let fugue = "wlqksaui/pppppppp/8/8/8/8/PPPPPPPP/IUASKQLW w 0 1";
    let trebuqi = "*****rtggtr/****1v3v1/***1c4c1/**p1p1p1p1p/*10/11/10*/P1P1P1P1P**/1C4C1***/1V3V1****/RTGGTR***** w - - 0 1";
    let figures = [
        ("chess", chess, 6, 119_060_324),
        ("chess", kiwipete, 5, 193_690_690),
        ("fugue", fugue, 5, 27_675_507),
        ("trebuqi2", trebuqi, 4, 5_934_590),
        ("trebuqi3", trebuqi, 4, 5_934_590),
    ];
    for (variant, fen, depth, nodes) in figures {
        assert!(nodes > FAST_LIMIT, "{variant} D{depth} is in the fast run");
        let path = format!(
            "{}/tests/data/perft/{variant}.epd",
            env!("CARGO_MANIFEST_DIR")
        );
        let text = std::fs::read_to_string(&path).unwrap();
        let entry = format!("D{depth} {nodes}");
        let found = text.lines().any(|line| {
            let mut fields = line.split(';').map(str::trim);
            fields.next() == Some(fen) && fields.any(|f| f == entry)
        });
        assert!(found, "{path}: no line {fen} with {entry}");
    }
}
