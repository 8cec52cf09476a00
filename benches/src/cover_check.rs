//! An independent checker of solutions to exact cover, with colors (XCC)
//! and with multiplicities (MCC), and an order-free fingerprint of a
//! solution set.
//!
//! Neither uses the engine's search: the checker reads only the problem's
//! description (each option's entries and each item's bounds) and applies
//! the rules itself, and the fingerprint is a plain hash, so a solver cannot
//! pass by agreeing with itself.

use dlx_engine::{Color, ItemId, OptionId, Problem};

/// How the options checked so far use a secondary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Use {
    Unused,
    /// Once, without a color: nothing else may use it.
    Alone,
    /// Only by options that give it this color.
    Colored(Color),
}

/// Checks that `options` (indices in the problem's option order) solve
/// `problem`: no option out of range or repeated; every primary item covered
/// within its bounds (exactly once unless the problem gives others); every
/// secondary item either unused, used once without a color, or used only
/// with one color.
///
/// # Errors
///
/// A description of the first defect found.
pub fn check_solution(problem: &Problem, options: &[usize]) -> Result<(), String> {
    let mut covered = vec![0usize; problem.primary_count()];
    let mut uses = vec![Use::Unused; problem.secondary_count()];
    let mut used = vec![false; problem.option_count()];
    for &k in options {
        let Some(seen) = used.get_mut(k) else {
            return Err(format!("option {k} does not exist"));
        };
        if std::mem::replace(seen, true) {
            return Err(format!("option {k} chosen twice"));
        }
        let id = OptionId::new(k).ok_or_else(|| format!("option {k} out of range"))?;
        for (item, color) in problem.entries(id) {
            let i = item.index();
            if let Some(count) = covered.get_mut(i) {
                *count += 1;
                continue;
            }
            let use_ = &mut uses[i - problem.primary_count()];
            *use_ = match (*use_, color) {
                (Use::Unused, None) => Use::Alone,
                (Use::Unused, Some(c)) => Use::Colored(c),
                (Use::Colored(was), Some(c)) if was == c => Use::Colored(c),
                _ => return Err(format!("secondary item {i} used by clashing options")),
            };
        }
    }
    for (i, &times) in covered.iter().enumerate() {
        let item = ItemId::new(i).ok_or("item out of range")?;
        let bounds = problem
            .bounds(item)
            .ok_or("a primary item without bounds")?;
        if !bounds.contains(times) {
            return Err(format!("primary item {i} covered {times} times"));
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
        assert_eq!(check_solution(&p, &[1, 0]), Ok(()));
        assert_eq!(
            check_solution(&p, &[0, 2, 3]).unwrap_err(),
            "secondary item 3 used by clashing options"
        );
        assert_eq!(
            check_solution(&p, &[0, 1, 3]).unwrap_err(),
            "primary item 2 covered 2 times"
        );
        assert_eq!(
            check_solution(&p, &[0]).unwrap_err(),
            "primary item 1 covered 0 times"
        );
        assert_eq!(
            check_solution(&p, &[0, 0]).unwrap_err(),
            "option 0 chosen twice"
        );
        assert_eq!(
            check_solution(&p, &[9]).unwrap_err(),
            "option 9 does not exist"
        );
    }

    #[test]
    fn applies_colors_and_bounds() {
        // Items 0 (bounds 1..=2), 1 (exactly once) | 2 (secondary).
        let mut b = Problem::builder(2, 1).unwrap();
        b.set_bounds(0, 1, 2).unwrap();
        let red = Color::new(0);
        let blue = Color::new(1);
        b.add_colored_option(&[(0, None), (2, red)]).unwrap();
        b.add_colored_option(&[(0, None), (1, None), (2, red)])
            .unwrap();
        b.add_colored_option(&[(0, None), (1, None), (2, blue)])
            .unwrap();
        b.add_colored_option(&[(1, None), (2, None)]).unwrap();
        b.add_colored_option(&[(0, None)]).unwrap();
        let p = b.build();
        assert_eq!(check_solution(&p, &[0, 1]), Ok(()));
        assert_eq!(check_solution(&p, &[2]), Ok(()));
        assert_eq!(check_solution(&p, &[4, 3]), Ok(()));
        assert_eq!(
            check_solution(&p, &[0, 2]).unwrap_err(),
            "secondary item 2 used by clashing options"
        );
        assert_eq!(
            check_solution(&p, &[0, 3]).unwrap_err(),
            "secondary item 2 used by clashing options"
        );
        assert_eq!(
            check_solution(&p, &[0, 4, 1]).unwrap_err(),
            "primary item 0 covered 3 times"
        );
        assert_eq!(
            check_solution(&p, &[0]).unwrap_err(),
            "primary item 1 covered 0 times"
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
