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
}
