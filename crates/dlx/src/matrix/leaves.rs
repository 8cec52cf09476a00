//! Counting leaves without entering them: when every option has the same
//! number of primary items and that many are left active, each option in
//! the list the search branches on completes a solution, so a silent count
//! ([`Dlx::count`](crate::Dlx::count)) adds the list's length to its
//! solutions and nodes instead of covering and uncovering each option
//! (docs/decisions/leaves.md).
//!
//! Only the updates of those leaves go uncounted: the solutions, the nodes
//! and the per-level profile are what entering each leaf would count, and
//! searches that look at every node (a budget) or pause at every solution
//! (the solution iterators, a parallel count with a limit) enter them as
//! before, so their statistics are unchanged. A parallel count without a
//! limit (`work_sharing.rs`) counts silently too: its pauses between
//! chunks only come a few nodes later, and leaves at its splitting ceiling
//! are never counted at once (they are subproblems, searched elsewhere). A
//! limit is met exactly: the leaves are counted at once only if the count
//! may take them all.

use super::{Matrix, ROOT, get};
use crate::index::ItemId;
use crate::index::to_u32;
use crate::outcome::Stats;
use crate::problem::Problem;

/// What counting leaves at once needs, owned by the search: fixed for the
/// problem, but for the gate [`level`](Self::level), worked out again when
/// a search starts or its frame changes.
#[derive(Clone, Debug)]
pub(super) struct Leaves {
    /// How many primary items every option has, if all have as many (and,
    /// in Algorithm M, no primary item has slack); else 0. Then a node with
    /// that many primary items left has only leaves below.
    width: u32,
    /// How many options a solution chooses if every option has
    /// [`width`](Self::width) primary items, else 0 ([`leaf_levels`]).
    levels: usize,
    /// The only level whose nodes can have only leaves below, or
    /// `usize::MAX`: a cheap test before the walk that decides.
    level: usize,
}

impl Leaves {
    /// The leaves of `problem`, with no level yet ([`set_level`](Self::set_level)).
    pub(super) fn of(problem: &Problem) -> Leaves {
        let width = leaf_width(problem);
        Leaves {
            width,
            levels: leaf_levels(problem, width),
            level: usize::MAX,
        }
    }

    /// How many primary items every option has, or 0 (see the field).
    pub(super) fn width(&self) -> u32 {
        self.width
    }

    /// The level at which a count of the whole problem, nothing selected,
    /// can count leaves at once ([`set_level`](Self::set_level) with no
    /// selections and no ceiling), or `usize::MAX`.
    pub(super) fn whole_level(&self) -> usize {
        self.levels.checked_sub(1).unwrap_or(usize::MAX)
    }

    /// Sets the level at which a node can have only leaves below, given
    /// `selected` pre-selections and the splitting `ceiling`; `usize::MAX`
    /// if none can. With options of `P =` [`width`](Self::width) primary
    /// items, each pre-selection and each level chooses one option, which
    /// covers `P` active primary items (Algorithms X and C) or takes one
    /// from the bounds of `P` active items (Algorithm M without slack,
    /// which makes no null moves): so exactly `P` items, or `P` of the
    /// bounds' sum, are left at level `K / P - 1 - s`, where `K` is the
    /// number of primary items or the sum of their bounds
    /// ([`levels`](Self::levels)) and `s` the number of pre-selections;
    /// `usize::MAX` too if the leaves below it would be at the splitting
    /// ceiling, where each is a subproblem searched elsewhere. Only a gate,
    /// one comparison a node: [`counts`](Self::counts) still looks at the
    /// items before counting (docs/decisions/leaves.md).
    pub(super) fn set_level(&mut self, selected: usize, ceiling: usize) {
        self.level = self
            .levels
            .checked_sub(selected + 1)
            .filter(|&level| level + 1 < ceiling)
            .unwrap_or(usize::MAX);
    }

    /// Counts the `len` options of the item a search at `level` of
    /// `matrix` is about to branch on as solutions, without covering
    /// anything, when each of them is one: at the gate
    /// [`level`](Self::level), when every option has
    /// [`width`](Self::width) primary items and as many are active, as the
    /// walk of the active items checks (with `M`, Algorithm M, each taking
    /// one more option), and the search counts at least `len` more
    /// solutions `silent`ly (which this takes them from). An option in an
    /// active list has all its primary items active (a covered item's
    /// options are hidden; in Algorithm M without slack no item leaves the
    /// active list uncovered) and is compatible with the options chosen, so
    /// it covers every item left and completes a solution; nothing it
    /// covers can doom it, each emptied item being one it covers. The
    /// leaves are counted as nodes at the level below, as entering them
    /// would count them; their updates (covering the item and each
    /// option's others) are not made, so not counted (docs/decisions/leaves.md).
    /// Returns whether it counted them. Not when the leaves would be at the
    /// splitting ceiling (each is a subproblem then: no leaf level), nor,
    /// as its callers see to, under a budget (which looks at each node),
    /// nor in a randomized search (whose shuffles would draw differently),
    /// nor the forced-first search (the Sudoku count on dancing links,
    /// where the test cost 2% more instructions than the few leaves it
    /// counts at once save, docs/decisions/leaves.md).
    #[inline(always)]
    pub(super) fn counts<const M: bool>(
        &self,
        level: usize,
        len: u32,
        silent: &mut u64,
        matrix: &Matrix,
        stats: &mut Stats,
    ) -> bool {
        let n = u64::from(len);
        if level == self.level && n <= *silent && matrix.active_primaries_are::<M>(self.width) {
            *silent -= n;
            stats.count_leaves(level + 1, n);
            true
        } else {
            false
        }
    }
}

/// [`Leaves::levels`] of `problem`, whose [`leaf_width`] is `width`: the
/// number of options a
/// solution chooses (the number of primary items, or with bounds the sum of
/// their upper bounds, over `width`), or 0 if no option has the width or
/// that is not a whole number.
fn leaf_levels(problem: &Problem, width: u32) -> usize {
    let width = width as usize;
    if width == 0 {
        return 0;
    }
    let total: usize = (0..problem.primary_count())
        .map(|k| {
            ItemId::new(k)
                .and_then(|item| problem.bounds(item))
                .map_or(1, |b| b.upper() as usize)
        })
        .sum();
    if total.is_multiple_of(width) {
        total / width
    } else {
        0
    }
}

impl Matrix {
    /// Whether exactly `k >= 1` primary items are active and, with `M`, each
    /// of them takes exactly one more option (its bound is 1). Walks at
    /// most `k + 1` links of the active list, which the scan for the
    /// shortest list has just read.
    #[inline]
    pub(super) fn active_primaries_are<const M: bool>(&self, k: u32) -> bool {
        // SAFETY: (B): `h` is always a value of `right`, so it indexes
        // `right` and, with `M` (Algorithm M's matrix), `bound` (D).
        unsafe {
            let mut h = ROOT;
            for _ in 0..k {
                h = get(&self.right, h);
                if h == ROOT || (M && get(&self.bound, h) != 1) {
                    return false;
                }
            }
            get(&self.right, h) == ROOT
        }
    }
}

/// [`Leaves::width`] of `problem`: how many primary items each option
/// has, if every option has as many and (for Algorithm M) no primary item
/// has slack; else 0.
fn leaf_width(problem: &Problem) -> u32 {
    let primary = problem.primary_count();
    let slack = (0..primary).any(|k| {
        ItemId::new(k)
            .and_then(|item| problem.bounds(item))
            .is_some_and(|b| b.lower() != b.upper())
    });
    if slack {
        return 0;
    }
    let mut widths = problem
        .options()
        .map(|(_, items)| items.iter().filter(|item| item.index() < primary).count());
    match widths.next() {
        Some(first) if first > 0 && widths.all(|w| w == first) => to_u32(first),
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::leaf_width;
    use crate::index::OptionId;
    use crate::matrix::test_problems::latin_3;
    use crate::outcome::Stats;
    use crate::problem::{Kind, Problem};
    use crate::solver::Dlx;
    use crate::text_format::NamedProblem;

    /// Queens on an `n x n` board: rows and columns primary, diagonals
    /// secondary, so every option has two primary items.
    fn queens(n: usize) -> Problem {
        let mut b = Problem::builder(2 * n, 4 * n - 2).unwrap();
        for r in 0..n {
            for c in 0..n {
                let (a, d) = (r + c, n - 1 + r - c);
                b.add_option(&[r, n + c, 2 * n + a, 2 * n + 2 * n - 1 + d])
                    .unwrap();
            }
        }
        b.build()
    }

    /// `n x n` 0-1 matrices with two ones in every row and column
    /// (Algorithm M: every item takes exactly two options).
    fn matrices(n: usize) -> Problem {
        let rows: Vec<String> = (0..n).map(|r| format!("2|r{r}")).collect();
        let cols: Vec<String> = (0..n).map(|c| format!("2|c{c}")).collect();
        let mut text = format!("{} {}\n", rows.join(" "), cols.join(" "));
        for r in 0..n {
            for c in 0..n {
                text.push_str(&format!("r{r} c{c}\n"));
            }
        }
        NamedProblem::parse(&text).unwrap().problem().clone()
    }

    /// Graceful labelings of the path of three vertices with labels 0 to 2
    /// (Algorithm C): an option gives an edge its two labels, so its
    /// difference, and colors the vertices and the labels they use.
    fn graceful_path() -> Problem {
        let mut text = String::from("e01 e12 d1 d2 | v0 v1 v2 l0 l1 l2\n");
        for (a, b) in [(0, 1), (1, 2)] {
            for la in 0..3_i32 {
                for lb in 0..3_i32 {
                    if la != lb {
                        let d = (la - lb).abs();
                        text.push_str(&format!(
                            "e{a}{b} d{d} v{a}:{la} v{b}:{lb} l{la}:{a} l{lb}:{b}\n"
                        ));
                    }
                }
            }
        }
        NamedProblem::parse(&text).unwrap().problem().clone()
    }

    /// The statistics of a search that enters every leaf: the solution
    /// iterator, which pauses at each, checking every solution on the way.
    fn entering_every_leaf(problem: &Problem, forced: bool) -> Stats {
        let mut solver = Dlx::new(problem);
        solver.set_forced_first(forced);
        solver.for_each_solution(|solution| {
            let options = solution.options();
            assert!(problem.is_solution(options), "{options:?}");
            ControlFlow::Continue(())
        });
        solver.stats().clone()
    }

    /// A count counts the same solutions, nodes and profile as a search
    /// entering each leaf, and fewer updates where it counted leaves at
    /// once; with a limit it stops exactly there; the links are restored.
    /// The expected counts are known independently: 12 Latin squares of
    /// order 3, 4 solutions of 6 queens (options of four nodes, so the
    /// walks made for that width too), 6 such matrices of order 3 (OEIS
    /// A001499), 4 graceful labelings of the path.
    #[test]
    fn counting_leaves_at_once_keeps_solutions_nodes_and_profile() {
        let cases = [
            (latin_3(), 12, 3),
            (queens(6), 4, 2),
            (matrices(3), 6, 2),
            (graceful_path(), 4, 2),
        ];
        for (problem, solutions, width) in cases {
            assert_eq!(leaf_width(&problem), width);
            for forced in [false, true] {
                let entered = entering_every_leaf(&problem, forced);
                assert_eq!(entered.solutions, solutions);
                let mut solver = Dlx::new(&problem);
                solver.set_forced_first(forced);
                // The matrix's count: `count` itself runs on dancing cells
                // for the problems with secondary items (`cells/tests.rs`).
                assert_eq!(solver.count_on_matrix(None).solutions, solutions);
                let counted = solver.stats().clone();
                assert_eq!(counted.nodes, entered.nodes, "{width} {forced}");
                assert_eq!(counted.profile, entered.profile, "{width} {forced}");
                // The forced-first search of Algorithms X and C enters
                // every leaf (docs/decisions/leaves.md): its updates are those of the
                // search that does. Algorithm M has no forced-first search.
                if forced && problem.kind() != Kind::Multiplicities {
                    assert_eq!(counted.updates, entered.updates, "{width} {forced}");
                } else {
                    assert!(counted.updates < entered.updates, "{width} {forced}");
                }
                // Small limits stop inside a node's leaves; the last ones
                // at the end (few, and fewer under Miri, which CI runs
                // this under).
                let last = solutions - 1..=solutions + 1;
                let small = if cfg!(miri) { 2 } else { 5 };
                for limit in (1..=small).chain(last) {
                    assert_eq!(
                        solver.count(Some(limit)).solutions,
                        limit.min(solutions),
                        "{width} {forced} {limit}"
                    );
                    assert_eq!(solver.stats().solutions, limit.min(solutions));
                }
                solver.check_invariants().unwrap();
                assert!(solver.links_match(&problem));
            }
        }
    }

    /// After a pre-selection the leaves are counted one level higher
    /// (`Search::leaf_level`): of the 12 Latin squares of order 3, 4 have
    /// digit 0 in the corner (one of three digits, by symmetry).
    #[test]
    fn pre_selections_move_the_level_of_the_leaves() {
        let problem = latin_3();
        let corner = OptionId::new(0).unwrap();
        let mut solver = Dlx::new(&problem);
        solver.select(corner).unwrap();
        let mut entered = 0;
        solver.for_each_solution(|solution| {
            let options = solution.options();
            assert!(problem.is_solution(options), "{options:?}");
            entered += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(entered, 4);
        let iterated = solver.stats().clone();
        assert_eq!(solver.count(None).solutions, 4);
        let counted = solver.stats();
        assert_eq!(counted.nodes, iterated.nodes);
        assert_eq!(counted.profile, iterated.profile);
        assert!(counted.updates < iterated.updates);
        solver.check_invariants().unwrap();
    }

    /// Leaves are counted at once only if every option has as many primary
    /// items, and in Algorithm M no item has slack.
    #[test]
    fn only_options_of_one_primary_width_without_slack_count_leaves() {
        let mut mixed = Problem::builder(2, 1).unwrap();
        mixed.add_option(&[0, 1]).unwrap();
        mixed.add_option(&[0, 2]).unwrap();
        mixed.add_option(&[1]).unwrap();
        assert_eq!(leaf_width(&mixed.build()), 0);
        let slack = NamedProblem::parse("1:2|a b\na b\na\nb\n").unwrap();
        assert_eq!(leaf_width(slack.problem()), 0);
        let exact = NamedProblem::parse("2|a b\na b\na\n").unwrap();
        assert_eq!(leaf_width(exact.problem()), 0);
        let secondary = NamedProblem::parse("a b | x\na x\nb\n").unwrap();
        assert_eq!(leaf_width(secondary.problem()), 1);
    }
}
