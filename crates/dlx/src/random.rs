//! A small seeded generator for randomized search.
//!
//! SplitMix64 (Steele, Lea and Flood, 2014): tiny, fast, and the same stream
//! on every platform and in every version of this crate, which is what a
//! reproducible `--seed` needs. Not for cryptography.

/// A seeded pseudo-random stream.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A stream determined by `seed`.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..bound` (Lemire's multiply-shift; `bound` must be positive).
    pub fn below(&mut self, bound: u32) -> u32 {
        let high = self.next_u64() >> 32;
        let scaled = (high * u64::from(bound)) >> 32;
        // `scaled` < `bound` because `high` < 2^32.
        u32::try_from(scaled).unwrap_or(bound.saturating_sub(1))
    }

    /// Shuffles `values` uniformly (Fisher-Yates).
    pub fn shuffle<T>(&mut self, values: &mut [T]) {
        for i in (1..values.len()).rev() {
            let bound = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let j = self.below(bound) as usize;
            values.swap(i, j);
        }
    }
}

/// For the unit tests' random problems (the tweaks' and the text format's):
/// a random option of a problem whose first `primary` of `items` items are
/// primary, one primary item and then up to three more distinct items of
/// any kind.
#[cfg(test)]
pub(crate) fn random_option(rng: &mut SplitMix64, primary: u32, items: u32) -> Vec<usize> {
    let mut option = vec![rng.below(primary) as usize];
    for _ in 0..rng.below(4) {
        let item = rng.below(items) as usize;
        if !option.contains(&item) {
            option.push(item);
        }
    }
    option
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_stream_and_values_in_range() {
        let mut a = SplitMix64::new(42);
        let mut b = SplitMix64::new(42);
        for _ in 0..100 {
            assert_eq!(a.next_u64(), b.next_u64());
            assert!(a.below(7) < 7);
            b.below(7);
        }
        assert_ne!(SplitMix64::new(1).next_u64(), SplitMix64::new(2).next_u64());
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut v: Vec<u32> = (0..50).collect();
        SplitMix64::new(9).shuffle(&mut v);
        assert_ne!(v, (0..50).collect::<Vec<_>>());
        v.sort_unstable();
        assert_eq!(v, (0..50).collect::<Vec<_>>());
    }
}
