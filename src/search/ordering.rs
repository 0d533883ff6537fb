//! Move ordering. Every move is scored once after generation and picked by
//! selection (the best remaining first), so a cut-off after the first few
//! moves never pays for a full sort. The classes, best first:
//!
//! 1. the hash move (only if it is in the legal list, which is exactly
//!    `Position::is_legal` without generating twice);
//! 2. noisy moves that do not lose material by exchange (SEE ≥ 0), by the
//!    variant's `capture_gain` plus capture history;
//! 3. the two killers of the ply, then the counter move to the opponent's
//!    last move;
//! 4. the other quiet moves, by main plus continuation history (plus the
//!    low-ply history near the root and the structure history, when the
//!    search parameters ask);
//! 5. noisy moves that lose material by exchange, by gain.

use super::history::{Histories, Key, PrevKeys};
use crate::rules::{Evaluate, MoveList, MAX_MOVES};
use arrayvec::ArrayVec;

const HASH_MOVE: i32 = 1 << 30;
const GOOD_NOISY: i32 = 1 << 26;
const KILLER_1: i32 = 1 << 25;
const KILLER_2: i32 = KILLER_1 - 1;
const COUNTER: i32 = KILLER_1 - 2;
const BAD_NOISY: i32 = -(1 << 27);
/// Capture gains are clamped inside this so the classes never overlap.
const GAIN_LIMIT: i32 = 1 << 20;

pub(crate) type Scores = ArrayVec<i32, MAX_MOVES>;

/// What ordering needs to know of the node besides the position.
pub(crate) struct Context<M> {
    pub hash_move: Option<M>,
    pub killers: [Option<M>; 2],
    pub counter: Option<M>,
    /// The keys of the moves one, two and four plies back (continuation
    /// history).
    pub prev: PrevKeys,
    /// The node's distance from the root where quiet moves also order by
    /// the low-ply history (`None`: they do not).
    pub low_ply: Option<usize>,
    /// The node's structure bucket and the structure history's weight in
    /// percent where quiet moves also order by it (`None`: they do not).
    pub structure: Option<(usize, i32)>,
}

impl<M> Context<M> {
    /// Quiescence: only the hash move matters.
    pub fn hash_only(hash_move: Option<M>) -> Self {
        Context {
            hash_move,
            killers: [None, None],
            counter: None,
            prev: [None, None, None],
            low_ply: None,
            structure: None,
        }
    }
}

/// Scores `list` for ordering into `scores` (same indices).
pub(crate) fn score_moves<P: Evaluate>(
    pos: &P,
    list: &MoveList<P::Move>,
    ctx: &Context<P::Move>,
    hist: &Histories<P::Move>,
    scores: &mut Scores,
) {
    scores.clear();
    let side = pos.side_to_move();
    let space = hist.space();
    for &m in list {
        let s = if Some(m) == ctx.hash_move {
            HASH_MOVE
        } else if pos.is_noisy(m) {
            let gain = pos.capture_gain(m).clamp(-GAIN_LIMIT, GAIN_LIMIT);
            let key = space.index(pos.move_key(m)) as Key;
            let h = hist.capture(side, key) / 32;
            if pos.see_ge(m, 0) {
                GOOD_NOISY + gain * 4 + h
            } else {
                BAD_NOISY + gain * 4 + h
            }
        } else if Some(m) == ctx.killers[0] {
            KILLER_1
        } else if Some(m) == ctx.killers[1] {
            KILLER_2
        } else if Some(m) == ctx.counter {
            COUNTER
        } else {
            let key = space.index(pos.move_key(m)) as Key;
            // The low-ply history counts most at the root, less further down.
            let low = ctx
                .low_ply
                .map_or(0, |p| 2 * hist.low_ply(Some(p), key) / (1 + p as i32));
            let structure = ctx
                .structure
                .map_or(0, |(b, pct)| hist.structure(Some(b), side, key) * pct / 100);
            hist.quiet_score(side, ctx.prev, key) + low + structure
        };
        scores.push(s);
    }
}

/// Moves the best-scored move of `list[i..]` to index `i` and returns it.
#[inline]
pub(crate) fn pick<M: Copy>(list: &mut MoveList<M>, scores: &mut Scores, i: usize) -> M {
    // The first index holding the largest score, found in two passes that
    // the compiler turns into vector code (a single compare-and-remember
    // loop does not vectorise, and picking is a tenth of chess's time).
    // Ties go to the earliest, as a scan with `>` would: the order, and
    // so the node counts, are the same.
    let rest = &scores[i..list.len()];
    let top = rest.iter().copied().fold(i32::MIN, i32::max);
    let best = i + rest.iter().position(|&s| s == top).unwrap_or(0);
    list.swap(i, best);
    scores.swap(i, best);
    list[i]
}

/// What [`score_moves`] learned of a noisy move's exchange from its score:
/// `Some(true)` if it does not lose material by exchange (SEE ≥ 0),
/// `Some(false)` if it does, `None` if it was not asked (the hash move; a
/// quiet move scores in neither class, but quiescence out of check has none).
#[inline]
pub(crate) fn exchange_known(s: i32) -> Option<bool> {
    if s == HASH_MOVE {
        None
    } else if s > KILLER_1 {
        Some(true)
    } else if s < BAD_NOISY / 2 {
        Some(false)
    } else {
        None
    }
}

/// Whether a score from [`score_moves`] marks a killer or the counter move.
#[inline]
pub(crate) fn is_refutation_score(s: i32) -> bool {
    (COUNTER..=KILLER_1).contains(&s)
}

#[cfg(test)]
mod tests {
    use super::super::history::KeySpace;
    use super::*;
    use crate::rules::GenKind;
    use crate::tools::bench::positions;
    use crate::variants::{dispatch, VariantVisitor, VARIANTS};

    /// In every registered variant: the hash move first, then noisy moves
    /// that do not lose by exchange, the killer, the other quiet moves by
    /// falling history (main plus the root's low-ply history plus the
    /// structure history at its weight), and the losing noisy moves last; a
    /// noisy move's score tells whether it loses by exchange.
    struct OrderHolds;
    impl VariantVisitor for OrderHolds {
        type Output = ();
        fn visit<P: Evaluate>(self) {
            for pos in positions::<P>() {
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                if list.len() < 4 {
                    continue;
                }
                let side = pos.side_to_move();
                let quiet: Vec<P::Move> =
                    list.iter().copied().filter(|&m| !pos.is_noisy(m)).collect();
                let hash_move = Some(list[list.len() - 1]);
                let killers = [quiet.first().copied(), None];
                let mut hist = Histories::new(KeySpace::of::<P>());
                let space = hist.space();
                for (i, &m) in quiet.iter().enumerate() {
                    let key = space.index(pos.move_key(m)) as Key;
                    hist.update_quiet(side, [None, None, None], key, (i as i32 * 37) % 500 - 250);
                    hist.update_low_ply(0, key, (i as i32 * 53) % 700 - 350);
                    hist.update_structure(3, side, key, (i as i32 * 71) % 900 - 450);
                }
                let ctx = Context {
                    hash_move,
                    killers,
                    counter: None,
                    prev: [None, None, None],
                    low_ply: Some(0),
                    structure: Some((3, 150)),
                };
                let mut scores = Scores::new();
                score_moves(&pos, &list, &ctx, &hist, &mut scores);
                // Quiescence reads the exchange back from the score.
                for (&m, &s) in list.iter().zip(&scores) {
                    if Some(m) == hash_move {
                        assert_eq!(exchange_known(s), None, "{}", P::NAME);
                    } else if pos.is_noisy(m) {
                        assert_eq!(exchange_known(s), Some(pos.see_ge(m, 0)), "{}", P::NAME);
                    }
                }
                let n = list.len();
                let order: Vec<P::Move> = (0..n).map(|i| pick(&mut list, &mut scores, i)).collect();
                assert_eq!(Some(order[0]), hash_move, "{}", P::NAME);
                // Classes in order: 0 good noisy, 1 killer, 2 other quiet, 3 bad noisy.
                let class = |m: P::Move| {
                    if pos.is_noisy(m) {
                        if pos.see_ge(m, 0) {
                            0
                        } else {
                            3
                        }
                    } else if Some(m) == killers[0] {
                        1
                    } else {
                        2
                    }
                };
                let qscore = |m: P::Move| {
                    let key = space.index(pos.move_key(m)) as Key;
                    hist.quiet_score(side, [None, None, None], key)
                        + 2 * hist.low_ply(Some(0), key)
                        + hist.structure(Some(3), side, key) * 150 / 100
                };
                for w in order[1..].windows(2) {
                    let (a, b) = (w[0], w[1]);
                    assert!(class(a) <= class(b), "{}", P::NAME);
                    if class(a) == 2 && class(b) == 2 {
                        assert!(qscore(a) >= qscore(b), "{}", P::NAME);
                    }
                }
            }
        }
    }

    #[test]
    fn hash_move_then_good_noisy_then_killers_then_history_then_bad_noisy() {
        for &name in VARIANTS {
            dispatch(name, OrderHolds).unwrap();
        }
    }
}
