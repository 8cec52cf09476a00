//! The brute-force oracle of `engine_oracle`: every subset of the options
//! checked against the rules of exact cover with colors and bounds. It
//! shares no code with the engine.

use crate::case::Entry;

/// A solution as option indices, in the order the engine reported them.
pub(crate) type Solution = Vec<usize>;

/// How a set of options uses a secondary item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Use {
    Unused,
    /// Once, without a color: nothing else may use it.
    Alone,
    /// By options that all give it this color.
    Colored(u32),
}

/// The problem as the oracle sees it: the rules of exact cover with colors
/// and bounds, applied to every subset of the options.
pub(crate) struct Oracle {
    pub(crate) primary: usize,
    pub(crate) secondary: usize,
    pub(crate) bounds: Vec<(u32, u32)>,
    pub(crate) options: Vec<Vec<Entry>>,
    /// Every solution, each sorted; sorted.
    pub(crate) solutions: Vec<Solution>,
}

impl Oracle {
    pub(crate) fn new(
        primary: usize,
        secondary: usize,
        bounds: &[(u32, u32)],
        options: &[Vec<Entry>],
    ) -> Self {
        let mut oracle = Oracle {
            primary,
            secondary,
            bounds: bounds.to_vec(),
            options: options.to_vec(),
            solutions: Vec::new(),
        };
        let mut count = vec![0u32; primary];
        let mut uses = vec![Use::Unused; secondary];
        let mut found = Vec::new();
        oracle.enumerate(0, &mut count, &mut uses, &mut Vec::new(), &mut found);
        found.sort();
        oracle.solutions = found;
        oracle
    }

    /// Every subset of the options from `next` on that, with `chosen`, keeps
    /// each primary item within its upper bound and each secondary item used
    /// alone or in one color, and ends with each primary item at its lower
    /// bound or above: include or skip each option.
    fn enumerate(
        &self,
        next: usize,
        count: &mut [u32],
        uses: &mut [Use],
        chosen: &mut Vec<usize>,
        found: &mut Vec<Solution>,
    ) {
        if next == self.options.len() {
            if count
                .iter()
                .zip(&self.bounds)
                .all(|(&c, &(lower, _))| c >= lower)
            {
                found.push(chosen.clone());
            }
            return;
        }
        let saved = uses.to_vec();
        if self.add(next, count, uses) {
            chosen.push(next);
            self.enumerate(next + 1, count, uses, chosen, found);
            chosen.pop();
        }
        self.remove(next, count);
        uses.copy_from_slice(&saved);
        self.enumerate(next + 1, count, uses, chosen, found);
    }

    /// Adds option `k` to `count` and `uses`; returns whether they still
    /// keep every upper bound and color rule.
    fn add(&self, k: usize, count: &mut [u32], uses: &mut [Use]) -> bool {
        let mut fits = true;
        for &(item, color) in &self.options[k] {
            if item < self.primary {
                count[item] += 1;
                fits &= count[item] <= self.bounds[item].1;
            } else {
                let slot = &mut uses[item - self.primary];
                *slot = match (*slot, color) {
                    (Use::Unused, None) => Use::Alone,
                    (Use::Unused, Some(c)) => Use::Colored(c),
                    (Use::Colored(a), Some(c)) if a == c => Use::Colored(a),
                    (other, _) => {
                        fits = false;
                        other
                    }
                };
            }
        }
        fits
    }

    /// Takes option `k` out of `count` again.
    fn remove(&self, k: usize, count: &mut [u32]) {
        for &(item, _) in &self.options[k] {
            if item < self.primary {
                count[item] -= 1;
            }
        }
    }

    /// The solutions that contain every option of `selected`.
    pub(crate) fn solutions_with(&self, selected: &[usize]) -> Vec<Solution> {
        self.solutions
            .iter()
            .filter(|s| selected.iter().all(|o| s.contains(o)))
            .cloned()
            .collect()
    }

    /// Whether the options `chosen` fit together: distinct, in range, and
    /// within every upper bound and color rule (lower bounds aside).
    pub(crate) fn compatible(&self, chosen: &[usize]) -> bool {
        let mut count = vec![0u32; self.primary];
        let mut uses = vec![Use::Unused; self.secondary];
        let distinct = chosen
            .iter()
            .enumerate()
            .all(|(k, o)| *o < self.options.len() && !chosen[..k].contains(o));
        distinct && chosen.iter().all(|&k| self.add(k, &mut count, &mut uses))
    }

    /// The colors the options `chosen` give their secondary items, by item.
    pub(crate) fn colors(&self, chosen: &[usize]) -> Vec<(usize, u32)> {
        let mut colors: Vec<(usize, u32)> = chosen
            .iter()
            .flat_map(|&k| self.options[k].iter())
            .filter_map(|&(i, c)| c.map(|c| (i, c)))
            .collect();
        colors.sort_unstable();
        colors.dedup();
        colors
    }

    /// Panics unless `solution` is a solution by the rules written here:
    /// distinct options in range, every bound and color rule kept.
    pub(crate) fn assert_solution(&self, solution: &[usize]) {
        assert!(
            self.compatible(solution),
            "solution {solution:?} breaks an upper bound or a color rule"
        );
        let mut count = vec![0u32; self.primary];
        for &k in solution {
            for &(item, _) in &self.options[k] {
                if item < self.primary {
                    count[item] += 1;
                }
            }
        }
        for (item, (&c, &(lower, _))) in count.iter().zip(&self.bounds).enumerate() {
            assert!(
                c >= lower,
                "solution {solution:?} covers item {item} {c} times"
            );
        }
    }
}
