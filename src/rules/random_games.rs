//! Positions from seeded random games, for tests that need many ordinary
//! positions of a variant (mid-game material, pieces en prise) without a
//! data file.

use super::{GenKind, MoveList, Position};

/// Every tenth position of `games` random games of up to 120 plies, from
/// one fixed seed: the same list on every run.
pub fn random_positions<P: Position>(games: usize) -> Vec<P> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = P::startpos();
        for ply in 0..120 {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            pos = pos.play(list[(seed >> 33) as usize % list.len()]);
            if ply % 10 == 9 {
                out.push(pos.clone());
            }
        }
    }
    out
}
