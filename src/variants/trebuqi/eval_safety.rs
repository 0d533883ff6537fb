//! General safety terms of the Trebuqi evaluation that need both sides'
//! attacks (gathered by `side_terms`), and the Cannon's control.
//!
//! Why they matter here: a side with no legal move loses (Q7), and Generals
//! are confined to their own area, so a General with few free cells is near
//! a mate (rule 1, or a lone General under rules 2 and 3) or a loss of
//! material. Under rules 2 and 3 a side's first General may be captured: an
//! attacked General is then a target rather than a check, and under rule 3
//! losing one means the game can no longer be won (once each side has lost
//! one it is drawn; most self-play rule-3 games end that way, early). The
//! features are the same under every rule; the weights are per rule, so the
//! tuner gives each its worth there. Every coefficient is counted for the
//! side it describes (plus for White, minus for Black): a positive weight
//! means the feature is good for that side, so the dangers will tune negative.

use super::super::tables::{bit, first, Tables, TABLES};
use super::super::{Kind, Trebuqi};
use super::{CANNON_SCREENS, GENERAL_ATTACKED, GENERAL_BOXED};
use crate::geometry::Color;
use crate::rules::weights::Accumulate;

/// The cells a Cannon on `sq` controls with occupancy `occ`: on each line,
/// those past the first piece (its screen) up to and including the next piece,
/// which is what it could capture. `control & occ` is `Tables::cannon_hits`;
/// the empty cells are where an enemy General could not step.
#[inline(always)]
pub(super) fn cannon_control(t: &Tables, sq: usize, occ: u128) -> u128 {
    let mut out = 0;
    for d in 0..6 {
        let hits = t.ray[sq][d] & occ;
        if hits != 0 {
            out |= t.ray_attack(first(hits, d), d, occ);
        }
    }
    out
}

impl<const RULE: u8> Trebuqi<RULE> {
    /// The cells of colour `C`'s Generals and their neighbours in its own
    /// area: where attacks count for the `ZONE_ATTACKS` term.
    #[inline(always)]
    pub(super) fn general_zone<const C: usize>(&self) -> u128 {
        let t = &**TABLES;
        let mut zone = 0;
        let mut gens = self.colors[C] & self.kinds[Kind::General as usize];
        while gens != 0 {
            let g = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            zone |= t.general[C][g] | bit(g);
        }
        zone
    }

    /// Colour `C`'s General safety given every cell the enemy attacks
    /// (`enemy_attacks`) and every cell `C` attacks or defends (`own_attacks`):
    /// - `GENERAL_BOXED[0]`, `[1]`: per General with 0 or 1 free cells (in its
    ///   area, not held by its own pieces; the count itself is the General's
    ///   `MOBILITY` weight);
    /// - `CANNON_SCREENS[k]`: per enemy Cannon on one of a General's lines with
    ///   `k` pieces between (0: one interposed piece makes it a threat; 1: it
    ///   attacks the General; 2: one piece moving off the line does);
    /// - `GENERAL_ATTACKED[0]`, `[1]`: per General some enemy piece attacks,
    ///   with its own side to move (under rule 1, check) or the enemy's (under
    ///   rules 2 and 3, it can be taken); `[2]`: per attacked General no own
    ///   piece defends.
    #[inline(always)]
    pub(super) fn general_safety<A: Accumulate, const C: usize>(
        &self,
        acc: &mut A,
        enemy_attacks: u128,
        own_attacks: u128,
    ) {
        let t = &**TABLES;
        let occ = self.occupied();
        let sign = 1 - 2 * C as i32;
        let own = self.colors[C];
        let cannons = self.colors[C ^ 1] & self.kinds[Kind::Cannon as usize];
        let to_move = (self.stm == Color::White) == (C == 0);
        let mut screens = [0i32; 3];
        let mut gens = own & self.kinds[Kind::General as usize];
        while gens != 0 {
            let g = gens.trailing_zeros() as usize;
            gens &= gens - 1;
            let free = (t.general[C][g] & !own).count_ones() as usize;
            if free <= 1 {
                acc.flat(GENERAL_BOXED + free, sign);
            }
            if enemy_attacks & bit(g) != 0 {
                acc.flat(GENERAL_ATTACKED + if to_move { 0 } else { 1 }, sign);
                if own_attacks & bit(g) == 0 {
                    acc.flat(GENERAL_ATTACKED + 2, sign);
                }
            }
            if cannons == 0 {
                continue;
            }
            for d in 0..6 {
                if t.ray[g][d] & cannons == 0 {
                    continue;
                }
                // The first three pieces along the line: a Cannon there has
                // 0, 1 or 2 pieces between it and the General.
                let mut from = g;
                for count in &mut screens {
                    let hits = t.ray[from][d] & occ;
                    if hits == 0 {
                        break;
                    }
                    from = first(hits, d);
                    *count += (cannons & bit(from) != 0) as i32;
                }
            }
        }
        for (k, &n) in screens.iter().enumerate() {
            acc.flat(CANNON_SCREENS + k, sign * n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::Trebuqi2;
    use super::super::*;
    use crate::geometry::{Hex91, Square};
    use crate::rules::Position;

    type Sq = Square<Hex91>;

    /// A FEN with `pieces` (cell name, FEN letter) and `stm` to move.
    fn fen(pieces: &[(&str, char)], stm: char) -> String {
        let mut grid = [None; 121];
        for &(cell, letter) in pieces {
            grid[Sq::parse(cell).unwrap().index()] = Some(letter);
        }
        let mut ranks = Vec::new();
        for row in (0..11).rev() {
            let mut rank = String::new();
            let mut empty = 0;
            for file in 0..11 {
                let i = row * 11 + file;
                let cell = if Sq::from_index(i).is_none() {
                    Some('*')
                } else {
                    grid[i]
                };
                match cell {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            rank += &empty.to_string();
                            empty = 0;
                        }
                        rank.push(c);
                    }
                }
            }
            if empty > 0 {
                rank += &empty.to_string();
            }
            ranks.push(rank);
        }
        format!("{} {stm} - - 0 1", ranks.join("/"))
    }

    /// The other player's view (ruling Q2: (file i, rank n) ↔ (i − n + 6,
    /// 12 − n)), colours swapped, the other side to move.
    fn mirror(pieces: &[(&str, char)], stm: char) -> String {
        let cells: Vec<(String, char)> = pieces
            .iter()
            .map(|&(cell, letter)| {
                let i = Sq::parse(cell).unwrap().index();
                let (file, row) = (i % 11, i / 11);
                let m = (10 - row) * 11 + file + 5 - row;
                let swapped = if letter.is_ascii_uppercase() {
                    letter.to_ascii_lowercase()
                } else {
                    letter.to_ascii_uppercase()
                };
                (Sq::from_index(m).unwrap().name(), swapped)
            })
            .collect();
        let refs: Vec<(&str, char)> = cells.iter().map(|(c, l)| (c.as_str(), *l)).collect();
        fen(&refs, if stm == 'w' { 'b' } else { 'w' })
    }

    /// The flat coefficients of `pieces` with `stm` to move, by weight index,
    /// after checking that the mirrored position has exactly the opposite ones.
    fn flat(pieces: &[(&str, char)], stm: char) -> [i32; COUNT] {
        let coefs = |f: &str| {
            let mut c = [0; COUNT];
            for (i, v) in Trebuqi2::from_fen(f).unwrap().trace().flat {
                c[i as usize] += v;
            }
            c
        };
        let (a, b) = (coefs(&fen(pieces, stm)), coefs(&mirror(pieces, stm)));
        for i in 0..COUNT {
            assert_eq!(a[i], -b[i], "weight {i}, {}", fen(pieces, stm));
        }
        a
    }

    const BLACK_GENERALS: [(&str, char); 2] = [("h11", 'g'), ("i11", 'g')];

    #[test]
    fn general_mobility_and_boxed_generals() {
        // White: a1 keeps b2 free (b1, a2 held), d1 has c1, e1, d2, e2.
        // Black: k11 is walled in (j11, k10, j10), h11 has g11, i11, h10, g10.
        let c = flat(
            &[
                ("a1", 'G'),
                ("b1", 'T'),
                ("a2", 'V'),
                ("d1", 'G'),
                ("k11", 'g'),
                ("j11", 't'),
                ("k10", 'v'),
                ("j10", 'v'),
                ("h11", 'g'),
            ],
            'w',
        );
        assert_eq!(c[MOBILITY + 5], (1 + 4) - 4);
        assert_eq!(c[GENERAL_BOXED], -1);
        assert_eq!(c[GENERAL_BOXED + 1], 1);
    }

    #[test]
    fn cannons_behind_screens() {
        // From c1: the Cannon on g5 with nothing between, the one on c6
        // behind the Point on c4; from a1: the one on a6 behind a2 and a4.
        let mut pieces = vec![
            ("c1", 'G'),
            ("a1", 'G'),
            ("c4", 'P'),
            ("a2", 'V'),
            ("a4", 'P'),
            ("g5", 'c'),
            ("c6", 'c'),
            ("a6", 'c'),
        ];
        pieces.extend(BLACK_GENERALS);
        let c = flat(&pieces, 'w');
        assert_eq!(
            c[CANNON_SCREENS..CANNON_SCREENS + 3],
            [1, 1, 1],
            "{}",
            fen(&pieces, 'w')
        );
        // The c6 Cannon attacks c1 and nothing defends it.
        assert_eq!(c[GENERAL_ATTACKED..GENERAL_ATTACKED + 3], [1, 0, 1]);
    }

    #[test]
    fn attacks_on_the_general_zone() {
        // White's zone: c1 b1 d1 c2 d2 and f1 e1 f2 g2. The Rook on c7 hits
        // c2 c1; the Vicbaba on e2 c1 f1 (diagonal), c2 g2 (two-steps); the
        // Point on d3 d2 c2; the Cannon on f6 f2 f1 over the Trebuchet on f3.
        let mut pieces = vec![
            ("c1", 'G'),
            ("f1", 'G'),
            ("f3", 'T'),
            ("c7", 'r'),
            ("e2", 'v'),
            ("d3", 'p'),
            ("f6", 'c'),
        ];
        pieces.extend(BLACK_GENERALS);
        let c = flat(&pieces, 'b');
        assert_eq!(c[ZONE_ATTACKS..ZONE_ATTACKS + 4], [-2, -4, -2, -2]);
        // Both White Generals are attacked, Black to move, neither defended.
        assert_eq!(c[GENERAL_ATTACKED..GENERAL_ATTACKED + 3], [0, 2, 2]);
        // A Rook on a1 defends c1 (through b1) and attacks nothing new there.
        pieces.push(("a1", 'R'));
        let c = flat(&pieces, 'w');
        assert_eq!(c[GENERAL_ATTACKED..GENERAL_ATTACKED + 3], [2, 0, 1]);
    }
}
