//! Pruning: dropping, before a search, the options no solution can contain.
//!
//! An option is *blocked* if covering its items leaves some other primary
//! item with no option at all: that item could then never be covered, so no
//! solution contains the option. Removing blocked options can block others
//! (lists get shorter), so pruning repeats until a pass removes nothing. This
//! is the first of the reductions Knuth's preprocessor DLX-PRE makes
//! (TAOCP 7.2.2.1): it never changes the solutions, only how much of the
//! search is spent discovering the same dead ends again at every node.

use crate::index::{OptionId, to_u32};
use crate::matrix::blocked_options;
use crate::problem::Problem;

/// A problem without its blocked options, and the way back to the original
/// option ids.
///
/// ```
/// use dlx_engine::{First, Problem, Dlx};
///
/// // Items A B C. {A B} leaves C uncoverable: its only option is {B C}.
/// let mut b = Problem::builder(3, 0)?;
/// b.add_option(&[0, 1])?;
/// b.add_option(&[1, 2])?;
/// b.add_option(&[0])?;
/// let problem = b.build();
/// let pruned = problem.prune();
/// assert_eq!(pruned.removed(), 1);
/// let mut solver = Dlx::new(pruned.problem());
/// let First::Solution(solution) = solver.first_solution() else { panic!("one solution") };
/// let original: Vec<_> = solution.iter().map(|&o| pruned.original(o)).collect();
/// assert!(problem.is_solution(&original));
/// # Ok::<(), dlx_engine::DlxError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pruned {
    problem: Problem,
    /// `kept[k]` is the original id of the pruned problem's option `k`.
    kept: Vec<OptionId>,
    /// The number of options of the original problem.
    original_count: usize,
    passes: usize,
}

impl Pruned {
    /// The pruned problem: the same items, and the options that were kept,
    /// in their original order.
    #[must_use]
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The original id of the pruned problem's option `option`.
    ///
    /// # Panics
    ///
    /// If `option` does not belong to the pruned problem.
    #[must_use]
    pub fn original(&self, option: OptionId) -> OptionId {
        self.kept[option.index()]
    }

    /// The original ids of the options that were kept, in order.
    #[must_use]
    pub fn kept(&self) -> &[OptionId] {
        &self.kept
    }

    /// How many options pruning removed.
    #[must_use]
    pub fn removed(&self) -> usize {
        self.original_count - self.kept.len()
    }

    /// How many passes over the options it took until one removed nothing.
    #[must_use]
    pub fn passes(&self) -> usize {
        self.passes
    }
}

impl Problem {
    /// This problem without its blocked options: those whose items, once
    /// covered, leave another primary item with no option (see the module
    /// documentation). The pruned problem has exactly the same solutions,
    /// mapped through [`Pruned::original`]; searching it is faster when many
    /// options are blocked (the 6x10 pentomino problem loses 144 of its
    /// 2,056 options), and costs one covering and uncovering of every option
    /// per pass.
    #[must_use]
    pub fn prune(&self) -> Pruned {
        let mut problem = self.clone();
        let mut kept: Vec<OptionId> = (0..self.option_count())
            .map(|k| OptionId::from_u32(to_u32(k)))
            .collect();
        let mut passes = 0;
        loop {
            passes += 1;
            let blocked = blocked_options(&problem);
            if !blocked.iter().any(|&b| b) {
                break;
            }
            problem = problem.without_options(&blocked);
            kept = kept
                .iter()
                .zip(&blocked)
                .filter(|&(_, &drop)| !drop)
                .map(|(&option, _)| option)
                .collect();
        }
        Pruned {
            problem,
            kept,
            original_count: self.option_count(),
            passes,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Dlx, Problem};

    /// Items A B C D; {A B} hides both options of C, {B C} and {B C D}.
    fn blocked_example() -> Problem {
        let mut b = Problem::builder(4, 0).unwrap();
        for option in [&[0, 1][..], &[1, 2], &[0], &[1, 2, 3], &[3]] {
            b.add_option(option).unwrap();
        }
        b.build()
    }

    /// Giving up on a doomed option halfway through covering an item, and
    /// pruning, both restore every link; small enough to run under Miri.
    #[test]
    fn doomed_options_are_undone_and_pruned() {
        let p = blocked_example();
        let mut solver = Dlx::new(&p);
        assert_eq!(solver.count(None).solutions, 2);
        solver.check_invariants().unwrap();
        assert!(solver.links_match(&p));

        let pruned = p.prune();
        assert_eq!(pruned.removed(), 1);
        assert_eq!(pruned.passes(), 2);
        assert_eq!(pruned.kept()[0].index(), 1, "{{A B}} is gone");
        let mut solver = Dlx::new(pruned.problem());
        assert_eq!(solver.count(None).solutions, 2);
        assert!(solver.links_match(pruned.problem()));
    }
}
