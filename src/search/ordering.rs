//! Move ordering: the hash move, then noisy moves by the variant's
//! `capture_gain`, then the two killers of the ply, then quiet moves by history.
//!
//! Every move is scored once after generation and picked by selection (the
//! best remaining first), so a cut-off after the first few moves never pays
//! for a full sort. The hash move is only ever used if it is in the legal move
//! list, which is exactly `Position::is_legal` without generating twice.

use super::params::PARAMS;
use super::score::MAX_PLY;
use crate::geometry::Color;
use crate::rules::{Evaluate, GameMove, MoveList, MAX_MOVES};
use arrayvec::ArrayVec;

const HASH_MOVE: i32 = 1 << 30;
const NOISY: i32 = 1 << 24;
const KILLER_1: i32 = 1 << 23;
const KILLER_2: i32 = KILLER_1 - 1;

/// Quiet-move history, indexed by side and a hash of the packed move (the
/// search cannot know a variant's squares, but `pack` identifies a move).
pub(crate) struct History {
    table: Vec<i32>,
}

const HISTORY_BITS: u32 = 16;

impl History {
    pub fn new() -> Self {
        History {
            table: vec![0; 2 << HISTORY_BITS],
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|h| *h = 0);
    }

    #[inline]
    fn index<M: GameMove>(side: Color, m: M) -> usize {
        let h = m.pack().wrapping_mul(0x9E37_79B1) >> (32 - HISTORY_BITS);
        (side.index() << HISTORY_BITS) | h as usize
    }

    #[inline]
    pub fn get<M: GameMove>(&self, side: Color, m: M) -> i32 {
        self.table[Self::index(side, m)]
    }

    /// Moves the entry towards the bound by `bonus` (negative = malus), with
    /// gravity so values stay inside `+-history_max`.
    #[inline]
    pub fn update<M: GameMove>(&mut self, side: Color, m: M, bonus: i32) {
        let max = PARAMS.history_max;
        let bonus = bonus.clamp(-max, max);
        let e = &mut self.table[Self::index(side, m)];
        *e += bonus - *e * bonus.abs() / max;
    }
}

/// Two killer moves per ply: quiet moves that caused a cut-off at that ply.
pub(crate) struct Killers<M> {
    table: Vec<[Option<M>; 2]>,
}

impl<M: GameMove> Killers<M> {
    pub fn new() -> Self {
        Killers {
            table: vec![[None; 2]; MAX_PLY + 2],
        }
    }

    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|k| *k = [None; 2]);
    }

    #[inline]
    pub fn get(&self, ply: usize) -> [Option<M>; 2] {
        self.table[ply]
    }

    #[inline]
    pub fn add(&mut self, ply: usize, m: M) {
        let k = &mut self.table[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
    }
}

pub(crate) type Scores = ArrayVec<i32, MAX_MOVES>;

/// Scores `list` for ordering into `scores` (same indices).
pub(crate) fn score_moves<P: Evaluate>(
    pos: &P,
    list: &MoveList<P::Move>,
    hash_move: Option<P::Move>,
    killers: [Option<P::Move>; 2],
    history: &History,
    scores: &mut Scores,
) {
    scores.clear();
    let side = pos.side_to_move();
    for &m in list {
        let s = if Some(m) == hash_move {
            HASH_MOVE
        } else if pos.is_noisy(m) {
            NOISY + pos.capture_gain(m).clamp(-(1 << 20), 1 << 20)
        } else if Some(m) == killers[0] {
            KILLER_1
        } else if Some(m) == killers[1] {
            KILLER_2
        } else {
            history.get(side, m)
        };
        scores.push(s);
    }
}

/// Moves the best-scored move of `list[i..]` to index `i` and returns it.
#[inline]
pub(crate) fn pick<M: Copy>(list: &mut MoveList<M>, scores: &mut Scores, i: usize) -> M {
    let mut best = i;
    for j in i + 1..list.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    list.swap(i, best);
    scores.swap(i, best);
    list[i]
}

/// Whether a score from [`score_moves`] marks a killer.
#[inline]
pub(crate) fn is_killer_score(s: i32) -> bool {
    s == KILLER_1 || s == KILLER_2
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GenKind;
    use crate::tools::bench::positions;
    use crate::variants::{dispatch, VariantVisitor, VARIANTS};

    /// In every registered variant: the hash move first, then noisy moves by
    /// falling gain, then the killers, then quiet moves by falling history.
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
                let mut history = History::new();
                for (i, &m) in quiet.iter().enumerate() {
                    history.update(side, m, (i as i32 * 37) % 500 - 250);
                }
                let mut scores = Scores::new();
                score_moves(&pos, &list, hash_move, killers, &history, &mut scores);
                let n = list.len();
                let order: Vec<P::Move> = (0..n).map(|i| pick(&mut list, &mut scores, i)).collect();
                assert_eq!(Some(order[0]), hash_move, "{}", P::NAME);
                // Classes in order: 0 noisy, 1 killer, 2 other quiet.
                let class = |m: P::Move| {
                    if pos.is_noisy(m) {
                        0
                    } else if Some(m) == killers[0] {
                        1
                    } else {
                        2
                    }
                };
                for w in order[1..].windows(2) {
                    let (a, b) = (w[0], w[1]);
                    assert!(class(a) <= class(b), "{}", P::NAME);
                    if class(a) == 0 && class(b) == 0 {
                        assert!(pos.capture_gain(a) >= pos.capture_gain(b));
                    }
                    if class(a) == 2 && class(b) == 2 {
                        assert!(history.get(side, a) >= history.get(side, b));
                    }
                }
            }
        }
    }

    #[test]
    fn hash_move_then_noisy_by_gain_then_killers_then_history() {
        for &name in VARIANTS {
            dispatch(name, OrderHolds).unwrap();
        }
    }

    struct Saturates;
    impl VariantVisitor for Saturates {
        type Output = ();
        fn visit<P: Evaluate>(self) {
            let pos = P::startpos();
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            let m = list[0];
            let mut h = History::new();
            for _ in 0..1000 {
                h.update(pos.side_to_move(), m, 4000);
            }
            assert!(h.get(pos.side_to_move(), m) <= PARAMS.history_max);
            assert_eq!(h.get(pos.side_to_move().flip(), m), 0);
        }
    }

    #[test]
    fn history_saturates() {
        for &name in VARIANTS {
            dispatch(name, Saturates).unwrap();
        }
    }
}
