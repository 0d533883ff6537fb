//! Can the king of the side to move be captured on the opponent's next move
//! (F12)? Fugue has no check (F1), so this is the search's stand-in for it
//! (`Evaluate::royal_threatened`). Generating the opponent's captures after
//! a null move answers it too, but costs a whole generation at every node;
//! here each way of capturing (F3–F9) is asked backwards from the king's
//! cell with a few ray lookups. A test compares the two on random positions.

use super::tables::{adjacent, spotted, DIRS, TABLES};
use super::{Fugue, Kind};

/// Whether the opponent of the side to move has a capture whose victim is
/// the side to move's king, exactly as generation would list it.
pub(super) fn king_capturable(pos: &Fugue) -> bool {
    let t = &*TABLES;
    let us = pos.stm;
    let them = us.flip();
    let (kings, their_kings) = (pos.pieces(us, Kind::King), pos.pieces(them, Kind::King));
    // F12: with a king gone the game is over and nothing is generated.
    if kings == 0 || their_kings == 0 {
        return false;
    }
    let ks = kings.trailing_zeros() as usize;
    let own = pos.colors[us.index()];
    let enemy = pos.colors[them.index()];
    let k = &pos.kinds;
    // F10: next to our shield the king cannot be captured in any way (a
    // swap is not a capture).
    if t.king[ks] & k[Kind::Shield as usize] & own != 0 {
        return false;
    }
    let occ = own | enemy;
    // F2: enemies next to our immobilizer cannot move (none of the capturing
    // kinds is an immobilizer, the one kind that is never frozen).
    let movers = enemy & !adjacent(k[Kind::Immobilizer as usize] & own);
    let theirs = |kind: Kind| k[kind as usize] & movers;
    let ring = t.king[ks];

    // F3 the king, F8 the swapper's mutual destruction: from a neighbour.
    if ring & (theirs(Kind::King) | theirs(Kind::Swapper)) != 0 {
        return true;
    }
    // F3 the queen, F6 the archer, F7 the long leaper, F5 the pushme-pullyu:
    // each is the first piece met on one of the king's rays.
    let archers = theirs(Kind::Archer);
    let spot = if archers != 0 {
        spotted(enemy, !occ)
    } else {
        0
    };
    // Our pieces a pushme-pullyu of theirs may remove: those not next to
    // our shield (F10).
    let removable = own & !adjacent(k[Kind::Shield as usize] & own);
    for d in 0..DIRS {
        let back = d ^ 1;
        let Some(b) = t.blocker(d, ks, occ) else {
            continue;
        };
        let bit = 1u64 << b;
        if bit & movers == 0 {
            continue;
        }
        // The cell next to the king on this ray, and the one on the far side.
        let near = t.ray[d][ks] & ring;
        let beyond = t.ray[back][ks] & ring;
        if bit & theirs(Kind::Queen) != 0 {
            return true;
        }
        if bit & archers != 0 && (t.near2[b] & 1 << ks != 0 || spot & 1 << ks != 0) {
            return true;
        }
        // F7: the leaper jumps the king and needs an empty cell to land on.
        if bit & theirs(Kind::LongLeaper) != 0 && beyond & !occ != 0 {
            return true;
        }
        if bit & theirs(Kind::PushmePullyu) != 0 {
            if near == bit {
                // Withdrawal: it moves away along the ray onto an empty cell;
                // a landing cell just before a removable piece of ours would
                // also approach it, and taking two is not a move (F5).
                let (landing, stop) = t.slide(d, b, occ);
                let both = stop.map_or(0, |s| {
                    if removable & 1 << s != 0 {
                        t.ray[back][s] & t.king[s]
                    } else {
                        0
                    }
                });
                if landing & !both != 0 {
                    return true;
                }
            } else {
                // Approach: it slides towards the king and stops next to it,
                // unless a removable piece of ours behind its start would be
                // withdrawn from at the same time.
                let behind = t.ray[d][b] & t.king[b];
                if behind & removable == 0 {
                    return true;
                }
            }
        }
    }
    // F9: a pawn two cells away leaps over the piece between onto the king.
    let pawns = theirs(Kind::Pawn);
    if pawns != 0 {
        for d in 0..DIRS {
            let near = t.ray[d][ks] & ring;
            if near & occ == 0 {
                continue;
            }
            // The ray's cell two steps from the king (in the 5×5 box, not
            // in the ring).
            let far = t.ray[d][ks] & t.near2[ks] & !ring;
            if far & pawns != 0 {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::Rect8x8;
    use crate::rules::fen::write_board;
    use crate::rules::random_games::random_positions;
    use crate::rules::zobrist::splitmix64;
    use crate::rules::{GenKind, MoveList, Position};

    /// The slow reference: generate the opponent's captures after a null
    /// move and look for one whose victim is our king.
    fn by_generation(pos: &Fugue) -> bool {
        let king = pos.pieces(pos.stm, Kind::King);
        if king == 0 {
            return false;
        }
        let mut list = MoveList::new();
        pos.play_null().generate(GenKind::Noisy, &mut list);
        list.iter()
            .any(|m| m.victim() == Some(king.trailing_zeros() as usize))
    }

    /// A random legal setup: each cell holds a random piece of a random
    /// colour with probability about 3/8 (at most one shield a side), then
    /// one king a side on empty cells.
    fn random_setup(seed: &mut u64) -> Option<Fugue> {
        const LETTERS: &[u8] = b"pqiuaslw";
        let mut cells = [b'.'; 64];
        let mut shields = [false; 2];
        for cell in cells.iter_mut() {
            let r = splitmix64(seed);
            if r % 8 >= 3 {
                continue;
            }
            let white = (r >> 8) & 1 == 0;
            let letter = LETTERS[((r >> 16) % LETTERS.len() as u64) as usize];
            if letter == b's' {
                if shields[white as usize] {
                    continue;
                }
                shields[white as usize] = true;
            }
            *cell = if white {
                letter.to_ascii_uppercase()
            } else {
                letter
            };
        }
        for king in [b'K', b'k'] {
            let empty: Vec<usize> = (0..64).filter(|&i| cells[i] == b'.').collect();
            cells[empty[(splitmix64(seed) % empty.len() as u64) as usize]] = king;
        }
        let fen = write_board::<Rect8x8>(|sq| match cells[sq.index()] {
            b'.' => None,
            c => Some(c as char),
        });
        let side = if splitmix64(seed) & 1 == 0 { "w" } else { "b" };
        Fugue::from_fen(&format!("{fen} {side} 0 1")).ok()
    }

    /// The fast answer is generation's on random setups (every way of
    /// capturing, frozen and shielded pieces) and on positions of random games.
    #[test]
    fn king_capturable_agrees_with_generation() {
        let mut seed = 0x5EED_F00D_u64;
        let (mut checked, mut threatened) = (0, 0);
        let setups = (0..20_000).filter_map(|_| random_setup(&mut seed));
        for pos in setups.chain(random_positions::<Fugue>(60)) {
            let expect = by_generation(&pos);
            assert_eq!(king_capturable(&pos), expect, "{}", pos.to_fen());
            checked += 1;
            threatened += expect as usize;
        }
        // Both answers were exercised many times.
        assert!(checked > 19_000, "{checked}");
        assert!(
            threatened > 2_000 && checked - threatened > 2_000,
            "{threatened}"
        );
    }

    /// One position per way of capturing, and the same with the capture
    /// taken away (F3–F10).
    #[test]
    fn each_way_of_capturing_the_king() {
        let cases = [
            // F3 queen on the file; a piece between blocks it.
            ("k7/8/8/8/8/8/8/Q6K b 0 1", true),
            ("k7/p7/8/8/8/8/8/Q6K b 0 1", false),
            // F10: a shield next to the king protects it.
            ("ks6/8/8/8/8/8/8/Q6K b 0 1", false),
            // F2: the queen next to Black's immobilizer is frozen.
            ("k7/8/8/8/8/8/1i6/Q6K b 0 1", false),
            // F6: an archer three cells off needs a spotter.
            ("8/8/8/8/k7/8/8/A6K b 0 1", false),
            ("8/8/8/1P6/k7/8/8/A6K b 0 1", true),
            ("8/8/8/8/8/k7/8/A6K b 0 1", true),
            // F7: a leaper needs an empty cell beyond the king.
            ("k7/8/8/8/8/8/8/L6K b 0 1", false),
            ("8/k7/8/8/8/8/8/L6K b 0 1", true),
            // F8: mutual destruction from a neighbour only.
            ("8/8/8/8/8/8/k7/W6K b 0 1", true),
            ("8/8/8/8/8/k7/8/W6K b 0 1", false),
            // F9: a pawn leaps over the piece between.
            ("8/8/8/8/8/k7/p7/P6K b 0 1", true),
            ("8/8/8/8/8/k7/8/P6K b 0 1", false),
            // F5: withdrawal (moving away) and approach (stopping next to it).
            ("8/8/8/8/8/U7/k7/7K b 0 1", true),
            ("8/8/8/8/8/8/k7/U6K b 0 1", false),
            ("8/8/8/8/k7/8/8/U6K b 0 1", true),
            // F5: approaching the king while withdrawing from a Black piece
            // behind the start would take two: not a move.
            ("8/8/8/8/k7/8/U7/p6K b 0 1", false),
            // Withdrawing onto the one empty cell before a Black piece would
            // approach it too: not a move either.
            ("8/8/8/p7/8/U7/k7/7K b 0 1", false),
        ];
        for (fen, expect) in cases {
            let pos = Fugue::from_fen(fen).unwrap();
            assert_eq!(by_generation(&pos), expect, "reference, {fen}");
            assert_eq!(king_capturable(&pos), expect, "{fen}");
        }
    }
}
