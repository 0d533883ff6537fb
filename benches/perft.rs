//! Criterion benchmark: perft of each variant's start position at a fixed
//! depth. Compare variants by nodes per second (criterion reports the time per
//! iteration; the node counts are printed once at the start).

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use menagerie::rules::{Evaluate, Position};
use menagerie::tools::perft::perft;
use menagerie::variants::{dispatch, VariantVisitor};

/// (variant, FEN or start position, depth): chosen so each iteration is ~10–50 ms.
const CASES: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 4),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        3,
    ),
    ("trubix", None, 5),
    (
        "trubix",
        Some("**k**/3nw/qfwF1/w1nwf/*1w1*/*3*/*1W1*/FW2F/W1W1W/1NQN1/**K** w ACEc 1 26"),
        4,
    ),
    ("fugue", None, 4),
    (
        "fugue",
        Some("1lqk1aui/pp1s1ppp/2p1p3/3I1w2/2W1p3/1A3S2/PPPP1PPP/1U2KQL1 w 0 1"),
        3,
    ),
    ("trebuqi", None, 3),
    ("trebuqi2", None, 3),
    ("bandit", None, 5),
];

struct Bench<'a> {
    c: &'a mut Criterion,
    fen: Option<&'static str>,
    depth: u32,
}

impl VariantVisitor for Bench<'_> {
    type Output = ();
    fn visit<P: Position + Evaluate>(self) {
        let pos = match self.fen {
            Some(f) => P::from_fen(f).expect("bench FEN"),
            None => P::startpos(),
        };
        let nodes = perft(&pos, self.depth);
        let label = format!(
            "perft/{}/{}/d{}",
            P::NAME,
            if self.fen.is_some() { "fen" } else { "start" },
            self.depth
        );
        let mut group = self.c.benchmark_group("perft");
        group.throughput(Throughput::Elements(nodes));
        group.sample_size(20);
        group.bench_function(label, |b| b.iter(|| perft(&pos, self.depth)));
        group.finish();
    }
}

fn perft_benches(c: &mut Criterion) {
    for &(variant, fen, depth) in CASES {
        if dispatch(variant, Bench { c, fen, depth }).is_err() {
            eprintln!("skipping unknown variant {variant}");
        }
    }
}

criterion_group!(benches, perft_benches);
criterion_main!(benches);
