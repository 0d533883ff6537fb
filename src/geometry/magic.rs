//! Magic-bitboard helpers shared by the variants whose boards fit a `u64`
//! (chess on 8×8, Bandit on 7×9): the occupancy subsets of a slider's
//! relevant mask, the lookup table a magic multiplier gives, and the seeded
//! search that found the constants each variant now compiles in. The rays
//! themselves stay with each variant (Bandit's outlaws reflect off edges).

/// Every subset of `mask` (carry-rippler order, the empty set first) with the
/// attack set `attacks` gives for it.
pub fn subsets(mask: u64, mut attacks: impl FnMut(u64) -> u64) -> Vec<(u64, u64)> {
    let mut occs = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        occs.push((sub, attacks(sub)));
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    occs
}

/// The lookup table `magic` gives for `occs` with `bits` index bits, or
/// `None` on a harmful collision (two occupancies with different attacks).
pub fn magic_table(magic: u64, bits: u32, occs: &[(u64, u64)]) -> Option<Vec<u64>> {
    let mut table = vec![0u64; 1 << bits];
    let mut used = vec![false; 1 << bits];
    for &(occ, att) in occs {
        let i = (occ.wrapping_mul(magic) >> (64 - bits)) as usize;
        if used[i] && table[i] != att {
            return None;
        }
        used[i] = true;
        table[i] = att;
    }
    Some(table)
}

/// Searches a magic for `occs` (the subsets of `mask`) among sparse
/// candidates (the AND of three draws of `random`), skipping those that
/// spread the mask's bits over too few high bits. How the compiled-in
/// constants were found; each variant's `magics_are_reproducible` reruns it.
#[cfg(test)]
pub fn find_magic(mask: u64, occs: &[(u64, u64)], mut random: impl FnMut() -> u64) -> u64 {
    let bits = mask.count_ones();
    loop {
        let candidate = random() & random() & random();
        if (mask.wrapping_mul(candidate) >> 56).count_ones() < 6 {
            continue;
        }
        if magic_table(candidate, bits, occs).is_some() {
            return candidate;
        }
    }
}
