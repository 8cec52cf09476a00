//! An independent exact-cover checker and an order-free fingerprint of a
//! solution set.
//!
//! Neither uses the engine: the checker reads only the option lists, and the
//! fingerprint is a plain hash, so a solver cannot pass by agreeing with
//! itself.

use dlx::{OptionId, Problem};

/// Checks that `options` (indices in the problem's option order) is an exact
/// cover of `problem`: every primary item covered exactly once, every
/// secondary item at most once, no option out of range or repeated.
///
/// # Errors
///
/// A description of the first defect found.
pub fn check_exact_cover(problem: &Problem, options: &[usize]) -> Result<(), String> {
    let mut covered = vec![0u32; problem.item_count()];
    let mut used = vec![false; problem.option_count()];
    for &k in options {
        let Some(seen) = used.get_mut(k) else {
            return Err(format!("option {k} does not exist"));
        };
        if std::mem::replace(seen, true) {
            return Err(format!("option {k} chosen twice"));
        }
        let id = OptionId::new(k).ok_or_else(|| format!("option {k} out of range"))?;
        for &item in problem.option(id) {
            covered[item.index()] += 1;
        }
    }
    for (item, &times) in covered.iter().enumerate() {
        let primary = item < problem.primary_count();
        if times > 1 || (primary && times == 0) {
            let kind = if primary { "primary" } else { "secondary" };
            return Err(format!("{kind} item {item} covered {times} times"));
        }
    }
    Ok(())
}

/// An order-independent fingerprint of a set of solutions: two solvers that
/// report the same solutions (in any order, options in any order) get the
/// same fingerprint, and a missing, extra or different solution changes it
/// with overwhelming probability.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fingerprint {
    /// Solutions added.
    pub solutions: u64,
    /// The wrapping sum of the solutions' hashes.
    pub hash_sum: u64,
}

impl Fingerprint {
    /// Adds one solution, given by its option indices in any order.
    /// `scratch` is reused to avoid allocating per solution.
    pub fn add(&mut self, options: &[usize], scratch: &mut Vec<usize>) {
        scratch.clear();
        scratch.extend_from_slice(options);
        scratch.sort_unstable();
        let hash = scratch
            .iter()
            .fold(0x9e37_79b9_7f4a_7c15, |h, &k| mix(h ^ k as u64));
        self.solutions += 1;
        self.hash_sum = self.hash_sum.wrapping_add(hash);
    }
}

/// The SplitMix64 finalizer: a fixed, well-mixing 64-bit permutation.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn example() -> Problem {
        let mut b = Problem::builder(3, 1).unwrap();
        b.add_option(&[0, 3]).unwrap();
        b.add_option(&[1, 2]).unwrap();
        b.add_option(&[1, 3]).unwrap();
        b.add_option(&[2]).unwrap();
        b.build()
    }

    #[test]
    fn accepts_covers_and_rejects_each_defect() {
        let p = example();
        assert_eq!(check_exact_cover(&p, &[1, 0]), Ok(()));
        assert_eq!(
            check_exact_cover(&p, &[0, 2, 3]).unwrap_err(),
            "secondary item 3 covered 2 times"
        );
        assert_eq!(
            check_exact_cover(&p, &[0, 1, 3]).unwrap_err(),
            "primary item 2 covered 2 times"
        );
        assert_eq!(
            check_exact_cover(&p, &[0]).unwrap_err(),
            "primary item 1 covered 0 times"
        );
        assert_eq!(
            check_exact_cover(&p, &[0, 0]).unwrap_err(),
            "option 0 chosen twice"
        );
        assert_eq!(
            check_exact_cover(&p, &[9]).unwrap_err(),
            "option 9 does not exist"
        );
    }

    #[test]
    fn fingerprint_ignores_order_but_not_content() {
        let mut scratch = Vec::new();
        let (mut a, mut b, mut c) = (
            Fingerprint::default(),
            Fingerprint::default(),
            Fingerprint::default(),
        );
        a.add(&[1, 2], &mut scratch);
        a.add(&[3, 4], &mut scratch);
        b.add(&[4, 3], &mut scratch);
        b.add(&[2, 1], &mut scratch);
        c.add(&[1, 2], &mut scratch);
        c.add(&[3, 5], &mut scratch);
        assert_eq!(a, b);
        assert_ne!(a, c);
    }
}
