//! MultiPV in the search: every depth reports K lines whose first moves are
//! distinct legal root moves, ordered by score, the first being the move the
//! search answers; and one line is exactly the ordinary search (same nodes,
//! same move), which keeps the bench signature.

use menagerie::rules::{Evaluate, GenKind, MoveList, Position};
use menagerie::search::{Info, Limits, Score, Searcher};
use menagerie::variants::{dispatch, VariantVisitor, VARIANTS};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// A score as one number that orders like the scores themselves (a mate to
/// give beats every centipawn score, sooner beats later).
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(c) => c as i64,
        Score::Mate(m) if m > 0 => 1_000_000 - m as i64,
        Score::Mate(m) => -1_000_000 - m as i64,
    }
}

fn search<P: Position + Evaluate>(
    pos: &P,
    depth: u32,
    multipv: usize,
) -> (Option<String>, u64, Vec<Info>) {
    let mut s = Searcher::<P>::new(4, 1);
    let limits = Limits {
        depth: Some(depth),
        multipv,
        ..Limits::default()
    };
    let mut infos = Vec::new();
    let stop = Arc::new(AtomicBool::new(false));
    let r = s.search(pos, &[], &limits, stop, &mut |i| infos.push(i.clone()));
    (r.best.map(|m| pos.format_move(m)), r.nodes, infos)
}

#[derive(Clone)]
struct Lines;
impl VariantVisitor for Lines {
    type Output = ();
    fn visit<P: Position + Evaluate>(self) {
        let pos = P::startpos();
        let mut legal = MoveList::new();
        pos.generate(GenKind::All, &mut legal);
        let legal: Vec<String> = legal.iter().map(|&m| pos.format_move(m)).collect();
        let k = 3;
        let (best, _, infos) = search(&pos, 4, k);
        // Group the reports by depth: each depth sends lines 1..=k in order.
        for depth in 1..=4 {
            let lines: Vec<&Info> = infos.iter().filter(|i| i.depth == depth).collect();
            let numbers: Vec<u32> = lines.iter().map(|i| i.multipv).collect();
            assert_eq!(numbers, [1, 2, 3], "{} depth {depth}", P::NAME);
            let firsts: Vec<&String> = lines.iter().map(|i| &i.pv[0]).collect();
            for (a, m) in firsts.iter().enumerate() {
                assert!(legal.contains(m), "{}: {m} is not legal", P::NAME);
                assert!(!firsts[..a].contains(m), "{}: {m} twice", P::NAME);
            }
            for w in lines.windows(2) {
                assert!(
                    rank(w[0].score) >= rank(w[1].score),
                    "{} depth {depth}: {:?} before {:?}",
                    P::NAME,
                    w[0].score,
                    w[1].score
                );
            }
        }
        let last = infos.iter().find(|i| i.depth == 4 && i.multipv == 1);
        assert_eq!(best.as_ref(), last.map(|i| &i.pv[0]), "{}", P::NAME);

        // One line is the ordinary search, node for node.
        let (b0, n0, i0) = search(&pos, 5, 0);
        let (b1, n1, i1) = search(&pos, 5, 1);
        assert_eq!((b0, n0), (b1, n1), "{}", P::NAME);
        assert!(i0.iter().chain(&i1).all(|i| i.multipv == 1));
    }
}

#[test]
fn multipv_lines_are_distinct_legal_and_ordered() {
    for &name in VARIANTS {
        dispatch(name, Lines).unwrap();
    }
}

/// More lines asked than there are legal moves: one line per move.
#[test]
fn multipv_stops_at_the_number_of_legal_moves() {
    use menagerie::variants::chess::Chess;
    // The white king in the corner, checked along the first rank: Ka2, Kb2.
    let pos = Chess::from_fen("k7/8/8/8/8/8/8/K6r w - - 0 1").unwrap();
    let mut legal = MoveList::new();
    pos.generate(GenKind::All, &mut legal);
    let (_, _, infos) = search(&pos, 3, 5);
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 3).collect();
    assert_eq!(legal.len(), 2);
    assert_eq!(last.len(), legal.len());
}
