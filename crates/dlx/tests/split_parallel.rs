//! Splitting and parallel search against the single-threaded solver and the
//! brute-force oracle: every split covers the tree exactly once, and any
//! number of threads gives the same count, solutions and statistics (one
//! thread, on a problem [`Dlx::count`] counts on dancing cells, those of
//! `count` itself: [`counts_as_count_on_one_thread`]).

use std::collections::BTreeSet;
use std::ops::ControlFlow;
use std::sync::Mutex;

use dlx::{
    Branch, Budget, Dlx, DlxError, End, First, Kind, OptionId, Parallel, Problem, Subproblem,
};
use proptest::prelude::*;

use crate::known_answers::{binary_matrices, de_bruijn};
use crate::known_counts::{langford, n_queens};
use crate::oracle_kinds::{Spec, any_spec, brute_force, spec_strategy};

/// Plain exact cover, colors, bounds, or both.
fn every_kind() -> impl Strategy<Value = Spec> {
    prop_oneof![spec_strategy(0, false), any_spec()]
}

/// Whether [`Dlx::count_parallel`] on one thread is [`Dlx::count`] itself,
/// on dancing cells, as its docs say: for a problem with secondary items
/// and no multiplicities. Its statistics are then `count`'s, whose updates
/// can differ from the threads' on the links (`Stats::updates`).
fn counts_as_count_on_one_thread(problem: &Problem) -> bool {
    problem.secondary_count() > 0 && problem.kind() != Kind::Multiplicities
}

/// A solution as sorted option indices.
fn key(options: &[OptionId]) -> Vec<usize> {
    let mut key: Vec<usize> = options.iter().map(|o| o.index()).collect();
    key.sort_unstable();
    key
}

/// Every solution `parallel` delivers, each checked with `check` and for
/// repeats.
fn parallel_solutions(
    solver: &mut Dlx,
    parallel: &Parallel,
    check: impl Fn(&[usize]) -> bool + Sync,
) -> BTreeSet<Vec<usize>> {
    let found = Mutex::new(Vec::new());
    let count = solver.for_each_solution_parallel(None, parallel, |solution| {
        let key = key(solution.options());
        assert!(check(&key), "{key:?} is not a solution");
        found.lock().unwrap().push(key);
        ControlFlow::Continue(())
    });
    assert_eq!(count.end, End::Exhausted);
    let found = found.into_inner().unwrap();
    let set: BTreeSet<Vec<usize>> = found.iter().cloned().collect();
    assert_eq!(set.len(), found.len(), "a solution delivered twice");
    assert_eq!(count.solutions, found.len() as u64);
    set
}

/// The statistics of the single-threaded search entering every node, for
/// comparison: its solution iterator's. A parallel search enters every node
/// too; a single-threaded count may count leaves without entering them,
/// and then makes fewer updates ([`same_tree`]).
fn plain_stats(problem: &Problem) -> dlx::Stats {
    let mut solver = Dlx::new(problem);
    solver.for_each_solution(|_| ControlFlow::Continue(()));
    solver.stats().clone()
}

/// Asserts that `counted` (a count's statistics) walked the tree `entered`
/// (a search entering every node) walked: the same solutions, nodes and
/// nodes a level, and no more updates (the leaves a count counts at once
/// make none, docs/decisions/leaves.md).
pub(crate) fn same_tree(counted: &dlx::Stats, entered: &dlx::Stats) {
    assert_eq!(counted.solutions, entered.solutions);
    assert_eq!(counted.nodes, entered.nodes);
    assert_eq!(counted.profile, entered.profile);
    assert!(
        counted.updates <= entered.updates,
        "{counted:?} {entered:?}"
    );
}

/// The statistics of the single-threaded count on dancing links: the
/// whole problem as the one subproblem of a split at depth 0, counted.
/// [`Dlx::count`] itself runs on dancing cells for problems with secondary
/// items, whose updates can differ (`Stats::updates`): [`same_count`].
fn matrix_count(problem: &Problem) -> dlx::Stats {
    let mut solver = Dlx::new(problem);
    let split = solver.split(0);
    let mut total = solver.stats().clone();
    for subproblem in split.subproblems() {
        solver.count_subproblem(subproblem, None).unwrap();
        total += solver.stats();
    }
    total
}

/// Asserts that `counted`, [`Dlx::count`]'s statistics, fit those of the
/// count on dancing links, `on_links`: the same solutions; where the links
/// miss a doomed covering that the dancing cells see (`Stats::updates`;
/// about one random problem in a thousand), a tree the cells prune earlier,
/// so no more nodes at any level; else the same nodes a level and, as the
/// cells never give up a doomed covering half way as the links do, at least
/// the links' updates and cleansings.
fn same_count(counted: &dlx::Stats, on_links: &dlx::Stats) {
    assert_eq!(counted.solutions, on_links.solutions);
    let levels = counted.profile.len().max(on_links.profile.len());
    let at = |stats: &dlx::Stats, level| stats.profile.get(level).copied().unwrap_or(0);
    assert!(
        (0..levels).all(|level| at(counted, level) <= at(on_links, level)),
        "{counted:?} {on_links:?}"
    );
    if counted.nodes == on_links.nodes {
        assert_eq!(counted.profile, on_links.profile);
        assert!(
            counted.updates >= on_links.updates,
            "{counted:?} {on_links:?}"
        );
        assert!(
            counted.cleansings >= on_links.cleansings,
            "{counted:?} {on_links:?}"
        );
    }
}

/// Runs every check of threads against the single-threaded search on a
/// problem with `expected` solutions. A count on threads makes the
/// single-threaded count's updates exactly: it counts leaves at once where
/// that one does (`matrix/leaves.rs`), none of them above `depth` here.
fn check_threads(problem: &Problem, expected: u64, chunk: u64, depth: usize) {
    let plain = plain_stats(problem);
    let on_links = matrix_count(problem);
    same_tree(&on_links, &plain);
    let mut counted = Dlx::new(problem);
    counted.count(None);
    same_count(counted.stats(), &on_links);
    let mut first = Dlx::new(problem);
    let first = first.first_solution();
    for threads in [1, 2, 8] {
        let parallel = Parallel::new()
            .with_threads(threads)
            .with_chunk(chunk)
            .with_depth(depth);
        let mut solver = Dlx::new(problem);
        let count = solver.count_parallel(None, &parallel);
        assert_eq!(count.solutions, expected, "{threads} threads");
        assert_eq!(count.end, End::Exhausted);
        let stats = if threads == 1 && counts_as_count_on_one_thread(problem) {
            counted.stats()
        } else {
            &on_links
        };
        assert_eq!(solver.stats(), stats, "statistics with {threads} threads");
        let set = parallel_solutions(&mut solver, &parallel, |k| {
            let options: Vec<OptionId> = k.iter().map(|&o| OptionId::new(o).unwrap()).collect();
            problem.is_solution(&options)
        });
        assert_eq!(set.len() as u64, expected);
        let deterministic = parallel.clone().deterministic(true);
        assert_eq!(solver.first_solution_parallel(&deterministic), first);
        match (solver.first_solution_parallel(&parallel), &first) {
            (First::Solution(options), First::Solution(_)) => {
                assert!(problem.is_solution(&options));
            }
            (any, expected) => assert_eq!(&any, expected),
        }
        assert!(solver.links_match(problem));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// A split at any depth lists disjoint subproblems whose solutions are
    /// together the oracle's, whose statistics add up to the whole search's,
    /// and the same list each time.
    #[test]
    fn splits_cover_the_tree_exactly_once(spec in every_kind(), depth in 0usize..5) {
        let problem = spec.build();
        let oracle = brute_force(&spec);
        let mut solver = Dlx::new(&problem);
        let split = solver.split(depth);
        prop_assert!(split.is_complete());
        let mut stats = solver.stats().clone();
        prop_assert_eq!(&solver.split(depth), &split, "not deterministic");
        let mut union = BTreeSet::new();
        let mut total = 0;
        for subproblem in split.subproblems() {
            prop_assert!(subproblem.prefix().len() <= depth);
            let prefix: Vec<usize> = subproblem.prefix().iter().filter_map(|b| match b {
                Branch::Option(o) => Some(o.index()),
                Branch::Done(_) => None,
            }).collect();
            let count = solver.for_each_solution_in(subproblem, |solution| {
                let key = key(solution.options());
                assert!(spec.is_solution(&key), "{key:?} is not a solution");
                assert!(prefix.iter().all(|o| key.contains(o)), "{key:?} lacks the prefix {prefix:?}");
                assert!(union.insert(key), "a solution in two subproblems");
                ControlFlow::Continue(())
            }).unwrap();
            prop_assert_eq!(count.end, End::Exhausted);
            let entered = solver.stats().clone();
            let counted = solver.count_subproblem(subproblem, None).unwrap();
            prop_assert_eq!(counted.solutions, count.solutions);
            same_tree(solver.stats(), &entered);
            total += counted.solutions;
            stats += &entered;
        }
        prop_assert_eq!(total, oracle.len() as u64);
        prop_assert_eq!(&union, &oracle);
        prop_assert_eq!(stats, plain_stats(&problem));
        prop_assert!(solver.links_match(&problem));
    }

    /// One, two and eight threads (even on fewer cores), and chunks small
    /// enough that jobs give work away all the time, agree with the oracle
    /// and with the single-threaded search.
    #[test]
    fn any_number_of_threads_gives_the_same_answers(
        spec in every_kind(),
        chunk in 1u64..4,
        limit in 0u64..4,
        depth in 0usize..3,
    ) {
        let problem = spec.build();
        let oracle = brute_force(&spec);
        let expected = oracle.len() as u64;
        let plain = plain_stats(&problem);
        let on_links = matrix_count(&problem);
        same_tree(&on_links, &plain);
        let mut counted = Dlx::new(&problem);
        counted.count(None);
        same_count(counted.stats(), &on_links);
        let first = Dlx::new(&problem).first_solution();
        let mut on_threads = None;
        for threads in [1, 2, 8] {
            let parallel = Parallel::new().with_threads(threads).with_chunk(chunk).with_depth(depth);
            let mut solver = Dlx::new(&problem);
            let count = solver.count_parallel(None, &parallel);
            prop_assert_eq!(count.solutions, expected);
            if threads == 1 && counts_as_count_on_one_thread(&problem) {
                // `count` itself.
                prop_assert_eq!(solver.stats(), counted.stats());
            } else {
                // The tree of the search entering every node, leaves counted
                // at once as the single-threaded count does below the
                // split, which enters the nodes above its depth: statistics
                // that do not depend on the threads or the chunks.
                same_tree(solver.stats(), &plain);
                prop_assert!(solver.stats().updates >= on_links.updates);
                let stats = on_threads.get_or_insert_with(|| solver.stats().clone());
                prop_assert_eq!(solver.stats(), &*stats, "{} threads", threads);
            }
            let set = parallel_solutions(&mut solver, &parallel, |k| spec.is_solution(k));
            prop_assert_eq!(&set, &oracle);
            let limited = solver.count_parallel(Some(limit), &parallel);
            prop_assert_eq!(limited.solutions, expected.min(limit));
            let end = if expected >= limit { End::LimitReached } else { End::Exhausted };
            prop_assert_eq!(limited.end, end);
            let some = Mutex::new(BTreeSet::new());
            let listed = solver.for_each_solution_parallel(Some(limit), &parallel, |solution| {
                let key = key(solution.options());
                assert!(oracle.contains(&key), "{key:?} is not a solution");
                assert!(some.lock().unwrap().insert(key), "a solution delivered twice");
                ControlFlow::Continue(())
            });
            prop_assert_eq!(listed, limited);
            prop_assert_eq!(some.into_inner().unwrap().len() as u64, expected.min(limit));
            let deterministic = parallel.clone().deterministic(true);
            prop_assert_eq!(&solver.first_solution_parallel(&deterministic), &first);
            match solver.first_solution_parallel(&parallel) {
                First::Solution(options) => prop_assert!(oracle.contains(&key(&options))),
                other => prop_assert_eq!(other, First::NoSolution),
            }
            prop_assert!(solver.links_match(&problem));
        }
    }

    /// A budget bounds all threads together: a search stopped by it says so,
    /// having done at most a chunk per thread more than the budget.
    #[test]
    fn a_budget_bounds_the_threads_together(spec in every_kind(), budget in 1u64..60, threads in 1usize..4) {
        let problem = spec.build();
        let plain = plain_stats(&problem);
        let mut solver = Dlx::new(&problem);
        solver.set_budget(Budget::nodes(budget));
        let chunk = 2;
        let parallel = Parallel::new().with_threads(threads).with_chunk(chunk);
        let count = solver.count_parallel(None, &parallel);
        if threads == 1 && counts_as_count_on_one_thread(&problem) {
            // `count` itself, under the same budget.
            let mut counted = Dlx::new(&problem);
            counted.set_budget(Budget::nodes(budget));
            prop_assert_eq!(count, counted.count(None));
            prop_assert_eq!(solver.stats(), counted.stats());
        }
        if count.end == End::Exhausted {
            prop_assert_eq!(count.solutions, brute_force(&spec).len() as u64);
            if threads > 1 || !counts_as_count_on_one_thread(&problem) {
                prop_assert_eq!(solver.stats(), &plain);
            }
        } else {
            prop_assert_eq!(count.end, End::BudgetExhausted);
            prop_assert!(plain.nodes >= budget, "stopped a search the budget covers");
            prop_assert!(count.solutions <= plain.solutions);
        }
        prop_assert!(solver.stats().nodes <= budget + chunk * threads as u64, "{} nodes, budget {budget}, {threads} threads, end {:?}", solver.stats().nodes, count.end);
        prop_assert!(solver.links_match(&problem));
    }
}

#[test]
fn queens_and_langford_pairs_on_any_number_of_threads() {
    for depth in [0, 2] {
        check_threads(n_queens::n_queens(8).problem(), 92, 16, depth);
        check_threads(langford::langford(8).problem(), 300, 64, depth);
    }
    // Queens' options have two primary items each: the count counts the
    // leaves at once, on threads too, and makes fewer updates than a
    // search entering each.
    let queens = n_queens::n_queens(8);
    let mut solver = Dlx::new(queens.problem());
    let parallel = Parallel::new().with_threads(2).with_chunk(16);
    assert_eq!(solver.count_parallel(None, &parallel).solutions, 92);
    assert!(solver.stats().updates < plain_stats(queens.problem()).updates);
}

#[test]
fn colors_and_bounds_on_any_number_of_threads() {
    // Algorithm C: de Bruijn cycles of binary words of length 4 (16 of them,
    // one for each rotation of the two cycles).
    let de_bruijn = de_bruijn::de_bruijn(2, 4);
    let expected = Dlx::new(de_bruijn.problem()).count(None).solutions;
    assert!(expected > 0);
    check_threads(de_bruijn.problem(), expected, 8, 0);
    // Algorithm M: 4x4 binary matrices with 1 or 2 ones in each row and column.
    let matrices = binary_matrices::binary_matrices(4, 1, 2);
    let expected = Dlx::new(matrices.problem()).count(None).solutions;
    assert!(expected > 100);
    check_threads(matrices.problem(), expected, 8, 0);
    check_threads(matrices.problem(), expected, 8, 3);
}

#[test]
fn a_prefix_from_another_problem_is_an_error() {
    let queens = n_queens::n_queens(6);
    let mut solver = Dlx::new(queens.problem());
    let split = solver.split(2);
    let last = split.subproblems().last().unwrap().prefix().to_vec();
    let mut wrong = last.clone();
    wrong.swap(0, 1);
    assert_eq!(
        solver.count_subproblem(&Subproblem::new(wrong.clone()), None),
        Err(DlxError::NotASubproblem {
            position: 0,
            branch: wrong[0]
        })
    );
    assert!(solver.links_match(queens.problem()));
    // The same prefix is fine on the problem it came from.
    assert!(
        solver
            .count_subproblem(&Subproblem::new(last), None)
            .is_ok()
    );
}

/// Tilings of a 2 x `columns` strip by dominoes (a Fibonacci number of
/// them: too many to count for 90 columns), with `secondary` secondary
/// items no option names (so that, with one, [`Dlx::count`] runs on
/// dancing cells).
fn domino_strip(columns: usize, secondary: usize) -> Problem {
    let mut builder = Problem::builder(2 * columns, secondary).unwrap();
    for c in 0..columns {
        builder.add_option(&[c, columns + c]).unwrap();
        if c + 1 < columns {
            builder.add_option(&[c, c + 1]).unwrap();
            builder.add_option(&[columns + c, columns + c + 1]).unwrap();
        }
    }
    builder.build()
}

/// `Progress::stop` from another thread ends a search that would never end
/// on its own: a count says `Stopped` and is a lower bound, every solution
/// a visit got is a tiling, and a first solution not found yet is reported
/// as cut short, never as "no solution".
#[test]
fn progress_stop_ends_a_search_from_another_thread() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::thread;
    use std::time::Duration;

    use dlx::Progress;

    // Stops the search once it has visited some nodes (or after a while).
    let stopping = |progress: &Arc<Progress>| {
        let progress = Arc::clone(progress);
        thread::spawn(move || {
            for _ in 0..200 {
                if progress.nodes() > 0 {
                    break;
                }
                thread::sleep(Duration::from_millis(5));
            }
            progress.stop();
        })
    };
    // One thread on the cells (a secondary item) and on the links, and two.
    for (threads, secondary) in [(1, 1), (1, 0), (2, 0)] {
        let problem = domino_strip(90, secondary);
        let progress = Arc::new(Progress::new());
        let parallel = Parallel::new()
            .with_threads(threads)
            .with_chunk(64)
            .with_progress(Arc::clone(&progress));
        let stopper = stopping(&progress);
        let count = Dlx::new(&problem).count_parallel(None, &parallel);
        stopper.join().unwrap();
        assert_eq!(count.end, End::Stopped, "{threads} threads, {secondary}");
        assert!(!count.is_exact());

        let progress = Arc::new(Progress::new());
        let parallel = parallel.clone().with_progress(Arc::clone(&progress));
        let stopper = stopping(&progress);
        let seen = AtomicU64::new(0);
        let count = Dlx::new(&problem).for_each_solution_parallel(None, &parallel, |solution| {
            assert!(problem.is_solution(solution.options()));
            seen.fetch_add(1, Ordering::Relaxed);
            ControlFlow::Continue(())
        });
        stopper.join().unwrap();
        assert_eq!(count.end, End::Stopped);
        assert_eq!(count.solutions, seen.into_inner());
    }
    // Stopped before its first solution (every one is 90 levels deep, the
    // first split at most 8): cut short, not "no solution".
    let problem = domino_strip(90, 0);
    let progress = Arc::new(Progress::new());
    progress.stop();
    let parallel = Parallel::new()
        .with_threads(2)
        .deterministic(true)
        .with_progress(Arc::clone(&progress));
    let first = Dlx::new(&problem).first_solution_parallel(&parallel);
    assert_eq!(first, First::BudgetExhausted);
}

/// One thread on a problem [`Dlx::count`] counts on dancing cells reports
/// into the progress as threads do: at the end its nodes and solutions are
/// the count's, and the whole tree is done; a stopped progress stops it
/// before any work, and the next count is whole.
#[test]
fn one_thread_on_the_cells_reports_and_stops() {
    use std::sync::Arc;

    use dlx::Progress;

    let queens = n_queens::n_queens(8);
    assert!(counts_as_count_on_one_thread(queens.problem()));
    let progress = Arc::new(Progress::new());
    let parallel = Parallel::new()
        .with_threads(1)
        .with_chunk(16)
        .with_progress(Arc::clone(&progress));
    let mut solver = Dlx::new(queens.problem());
    let count = solver.count_parallel(None, &parallel);
    assert_eq!((count.solutions, count.end), (92, End::Exhausted));
    assert_eq!(progress.solutions(), 92);
    assert_eq!(progress.nodes(), solver.stats().nodes);
    assert!(progress.nodes() > 16, "reported more than once");
    assert!((progress.fraction() - 1.0).abs() < 1e-12);

    let stopped = Arc::new(Progress::new());
    stopped.stop();
    let count = solver.count_parallel(None, &parallel.clone().with_progress(stopped));
    assert_eq!((count.solutions, count.end), (0, End::Stopped));
    assert_eq!(solver.count(None).solutions, 92);
    assert!(solver.links_match(queens.problem()));
}
