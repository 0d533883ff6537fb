//! Deterministic Zobrist keys. Each variant asks for a table of the size it
//! needs under its own seed; the same build always gives the same keys, so
//! hashes (and the bench node count) are reproducible.

/// SplitMix64: a small, well-mixed generator, good enough for hash keys.
pub const fn splitmix64(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Murmur3's 64-bit finaliser: every input bit flips about half of the
/// output bits (0 stays 0).
#[inline]
pub const fn mix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
    x ^= x >> 33;
    x = x.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
    x ^ (x >> 33)
}

/// A key of a structure given as one set of cells a side (a board's
/// bitboards, `u64` ones widened): what `Evaluate::correction_key` returns
/// for a variant's pawns. The search indexes by its low bits, so every cell
/// of either set reaches them.
#[inline]
pub fn structure_key(white: u128, black: u128) -> u64 {
    let fold = |x: u128| x as u64 ^ mix64((x >> 64) as u64);
    mix64(fold(white) ^ mix64(fold(black) ^ 0x5851_F42D_4C95_7F2D))
}

/// `N` keys from `seed`, computable at compile time.
pub const fn keys<const N: usize>(seed: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut state = seed;
    let mut i = 0;
    while i < N {
        out[i] = splitmix64(&mut state);
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn keys_are_distinct_and_stable() {
        let k = super::keys::<1024>(42);
        let mut v = k.to_vec();
        v.sort();
        v.dedup();
        assert_eq!(v.len(), 1024);
        assert_eq!(k, super::keys::<1024>(42));
    }

    #[test]
    fn a_structure_key_tells_sides_and_far_cells_apart() {
        use super::structure_key;
        let (a, b) = (1u128 << 3, 1u128 << 100);
        let keys = [
            structure_key(a, 0),
            structure_key(0, a),
            structure_key(b, 0),
            structure_key(0, b),
            structure_key(a, b),
            structure_key(0, 0),
        ];
        for (i, x) in keys.iter().enumerate() {
            for y in &keys[i + 1..] {
                assert_ne!(x & 0x3FFF, y & 0x3FFF);
            }
        }
    }
}
