//! Static exchange evaluation (SEE), generic over the variants.
//!
//! The question the search asks is "does this move win at least T once the
//! pieces that can take back on its cell have done so, cheapest first, each
//! side free to stop?". Chess engines answer it with attack bitboards; here
//! every variant captures differently (woozans, cannons over screens,
//! trebuchets, outlaws taking two pieces, Fugue's withdrawals and shots), so
//! the recaptures are found with the variant's own legal move generator and
//! played for real: pins, screens, freezing and x-rays are then right by
//! construction. A variant describes a move through [`Evaluate::exchange`] and
//! [`Evaluate::removes_from`]; the sequence is resolved by a minimax over the
//! recaptures with cut-offs against the threshold (in a plain exchange the
//! cheapest capturer is tried first and decides at once), so captures that
//! win more than one piece, mutual destruction and promotions are weighed as
//! they are.
//!
//! Where a recapture does not land on the cell (a withdrawal, a shot), the
//! exchange on that cell ends with it: the answer then ignores what the
//! recapturer might lose elsewhere, which can only make the move look worse
//! than it is (conservative), never better.

use super::{Evaluate, GenKind, MoveList};
use arrayvec::ArrayVec;

/// What a captured royal piece is worth to the exchange: more than any army.
pub const ROYAL_VALUE: i32 = 10_000;

/// What the history tables key a move by (see [`Evaluate::move_key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveKey {
    /// The moving piece's kind, below [`MoveKey::KINDS`].
    pub piece: u8,
    /// The cell it lands on (the target of a shot), a bounding-box index
    /// below [`MoveKey::CELLS`].
    pub to: u8,
}

impl MoveKey {
    /// Kinds a variant may have.
    pub const KINDS: usize = 16;
    /// Cells a board's bounding box may have (Trebuqi's 11×11 is the largest).
    pub const CELLS: usize = 128;
    /// Distinct keys: the size of a table indexed by [`MoveKey::index`].
    pub const COUNT: usize = Self::KINDS * Self::CELLS;

    #[inline]
    pub fn index(self) -> usize {
        (self.piece as usize % Self::KINDS) * Self::CELLS + self.to as usize % Self::CELLS
    }
}

/// A move as the exchange sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exchange {
    /// Material won outright, by the evaluation's piece values: the pieces it
    /// removes (a royal one counts [`ROYAL_VALUE`]; an own piece removed
    /// counts against), less an own piece it loses (mutual destruction, the
    /// capturer of an outlaw), plus what a promotion or a trick adds.
    pub gain: i32,
    /// The cell where the moving piece stands afterwards and what it is worth
    /// there, if the opponent may win it back on that cell; `None` when the
    /// move leaves no piece of its own on a new cell (a shot, a capturer
    /// destroyed).
    pub exposed: Option<(usize, i32)>,
}

/// Longest exchange followed (a board has fewer pieces that can reach one cell).
const MAX_STEPS: usize = 32;

/// Whether `m` wins at least `threshold` (see the module doc).
pub fn see_ge<P: Evaluate>(pos: &P, m: P::Move, threshold: i32) -> bool {
    let first = pos.exchange(m);
    if first.gain < threshold {
        return false;
    }
    let Some((target, at_risk)) = first.exposed else {
        return true;
    };
    if first.gain - at_risk >= threshold {
        // Even losing the mover for nothing leaves enough (a recapture that
        // takes more than the mover, such as an outlaw's double capture, is
        // the one case this shortcut misjudges).
        return true;
    }
    replies_at_most(&pos.play(m), target, first.gain - threshold, 1)
}

/// Whether the side to move, recapturing on `target` (or not at all), gains
/// at most `cap`. An exact minimax over every recapture, cut off as soon as
/// the answer is known: a recapture that wins no more than `cap` outright
/// cannot exceed it, and the cheapest capturers are tried first.
fn replies_at_most<P: Evaluate>(pos: &P, target: usize, cap: i32, step: usize) -> bool {
    if cap < 0 {
        return false; // stopping gains 0
    }
    if step >= MAX_STEPS || pos.static_outcome().is_some() || !pos.may_remove_from(target) {
        return true;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::Noisy, &mut list);
    // Filled in place and read by reference: the list is kilobytes, and
    // collecting it by value costs copies that showed in profiles.
    let mut replies: ArrayVec<(P::Move, Exchange), 64> = ArrayVec::new();
    for &r in &list {
        if pos.removes_from(r, target) {
            let e = pos.exchange(r);
            if e.gain > cap && replies.try_push((r, e)).is_err() {
                break;
            }
        }
    }
    replies.sort_by_key(|(_, e)| e.exposed.map_or(0, |(_, v)| v));
    for &(r, e) in &replies {
        match e.exposed {
            // Taken back on the cell: worth `gain` less what the other side
            // then wins there; more than `cap` unless that is at least
            // `gain - cap`.
            Some((cell, _)) if cell == target => {
                if replies_at_most(&pos.play(r), target, e.gain - cap - 1, step + 1) {
                    return false;
                }
            }
            _ => return false,
        }
    }
    true
}

/// The exchange's value found the slow way, for tests: a plain minimax over
/// every sequence of recaptures on the cell, each side choosing the best
/// continuation or stopping, with no cut-off and no shortcut.
#[cfg(test)]
pub fn exchange_by_search<P: Evaluate>(pos: &P, m: P::Move) -> i32 {
    fn best_reply<P: Evaluate>(pos: &P, target: usize, depth: usize) -> i32 {
        // What the side to move gains from here by recapturing on `target`
        // (0 if it stops).
        if depth >= MAX_STEPS || pos.static_outcome().is_some() {
            return 0;
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::Noisy, &mut list);
        let mut best = 0;
        for &r in list.iter().filter(|&&r| pos.removes_from(r, target)) {
            let e = pos.exchange(r);
            let after = match e.exposed {
                Some((cell, _)) if cell == target => best_reply(&pos.play(r), target, depth + 1),
                _ => 0,
            };
            best = best.max(e.gain - after);
        }
        best
    }
    let e = pos.exchange(m);
    match e.exposed {
        Some((target, _)) => e.gain - best_reply(&pos.play(m), target, 1),
        None => e.gain,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::random_games::random_positions;
    use crate::variants::{dispatch, VariantVisitor, VARIANTS};

    /// `see_ge` against the full exchange search on the same cell, at three
    /// thresholds, over every noisy move of random positions. They may differ
    /// only through `see_ge`'s shortcut (a capture that keeps enough even if
    /// the mover is lost, misjudged when a recapture takes more than the
    /// mover): at most 2% of answers, and never by saying "wins" where the
    /// search finds a loss of more than a pawn below the threshold.
    struct AgreesWithSearch;
    impl VariantVisitor for AgreesWithSearch {
        type Output = (usize, usize);
        fn visit<P: Evaluate>(self) -> (usize, usize) {
            let (mut asked, mut differ) = (0, 0);
            for pos in random_positions::<P>(12) {
                let mut list = MoveList::new();
                pos.generate(GenKind::Noisy, &mut list);
                for &m in &list {
                    let exact = exchange_by_search(&pos, m);
                    for t in [-100, 0, 100] {
                        asked += 1;
                        let fast = pos.see_ge(m, t);
                        if fast != (exact >= t) {
                            differ += 1;
                            assert!(
                                !(fast && exact < t - 100),
                                "{}: {} in {} wins by SEE, loses {} by search",
                                P::NAME,
                                pos.format_move(m),
                                pos.to_fen(),
                                exact
                            );
                        }
                    }
                }
            }
            (asked, differ)
        }
    }

    /// `may_remove_from` answers false only where no legal move removes the
    /// piece: asked, as the exchange asks it, on the cell every noisy move of
    /// random positions exposes. Returns (answers, false answers).
    struct RemovalHookSound;
    impl VariantVisitor for RemovalHookSound {
        type Output = (usize, usize);
        fn visit<P: Evaluate>(self) -> (usize, usize) {
            let (mut asked, mut none) = (0, 0);
            for pos in random_positions::<P>(12) {
                let mut list = MoveList::new();
                pos.generate(GenKind::Noisy, &mut list);
                for &m in &list {
                    let Some((cell, _)) = pos.exchange(m).exposed else {
                        continue;
                    };
                    let child = pos.play(m);
                    let mut replies = MoveList::new();
                    child.generate(GenKind::Noisy, &mut replies);
                    asked += 1;
                    if !child.may_remove_from(cell) {
                        none += 1;
                        assert!(
                            !replies.iter().any(|&r| child.removes_from(r, cell)),
                            "{}: after {} in {}, a recapture exists",
                            P::NAME,
                            pos.format_move(m),
                            pos.to_fen()
                        );
                    }
                }
            }
            (asked, none)
        }
    }

    #[test]
    fn no_recapture_is_only_said_where_none_exists() {
        for &name in VARIANTS {
            let (asked, none) = dispatch(name, RemovalHookSound).unwrap();
            assert!(asked >= 100, "{name}: only {asked} answers");
            // These answer from attack tables, so they do say no.
            if ["chess", "trubix", "trebuqi", "trebuqi2", "trebuqi3"].contains(&name) {
                assert!(none > 0, "{name} never ruled a recapture out");
            }
        }
    }

    #[test]
    fn see_agrees_with_a_full_exchange_search_in_every_variant() {
        for &name in VARIANTS {
            let (asked, differ) = dispatch(name, AgreesWithSearch).unwrap();
            assert!(asked >= 100, "{name}: only {asked} answers compared");
            assert!(
                differ * 50 <= asked,
                "{name}: {differ} of {asked} answers differ"
            );
            eprintln!("{name}: {differ} of {asked} SEE answers differ from the search");
        }
    }
}
