//! Counting on bitsets on every core (`Dlx::count_parallel` where the count
//! runs on bitsets; the hidden `count_parallel_on_bits` for any exact cover
//! the bitsets fit) against the links' count and the one-thread count on
//! bitsets: on 1, 2, 3 and 8 threads the same count, nodes and profile,
//! limits met exactly, budgets that bound the threads together, a stop
//! from another thread, and two counts on threads at once.

use std::sync::Arc;

use dlx_engine::{
    Budget, Count, Dlx, End, NamedProblem, OptionId, Parallel, Problem, Progress, Stats,
};
use proptest::prelude::*;

use crate::known_counts::{bits_known_counts, example_file, polyominoes};
use crate::oracle_kinds::{brute_force, spec_strategy};
use crate::split_parallel::domino_strip;

/// The threads every check runs on.
const THREADS: [usize; 4] = [1, 2, 3, 8];

/// A solver of `problem` with `selected` pre-selected (if it can be).
fn solver_of(problem: &Problem, selected: Option<usize>) -> Dlx {
    let mut solver = Dlx::new(problem);
    if let Some(o) = selected.and_then(OptionId::new)
        && o.index() < problem.option_count()
    {
        solver.select(o).unwrap();
    }
    solver
}

/// The count on the links and its statistics, and the same on bitsets on
/// one thread, which must agree on the tree.
fn one_thread(solver: &mut Dlx) -> (Count, Stats) {
    let links = solver.count_on_matrix(None);
    let stats = solver.stats().clone();
    let bits = solver.count_on_bits(None);
    assert_eq!(bits, links, "bits on one thread");
    same_tree(solver.stats(), &stats, "bits on one thread");
    (links, stats)
}

/// Asserts that `counted` has the solutions, nodes and profile of `links`.
fn same_tree(counted: &Stats, links: &Stats, what: &str) {
    assert_eq!(counted.solutions, links.solutions, "{what}: solutions");
    assert_eq!(counted.nodes, links.nodes, "{what}: nodes");
    assert_eq!(counted.profile, links.profile, "{what}: profile");
}

/// Every check of threads on `solver`'s problem (with its pre-selections),
/// cut at `depth` (or the default's), reporting every `chunk` nodes.
fn check_threads(solver: &mut Dlx, depth: Option<usize>, chunk: u64) {
    let (links, stats) = one_thread(solver);
    let n = links.solutions;
    for threads in THREADS {
        let mut parallel = Parallel::new().with_threads(threads).with_chunk(chunk);
        if let Some(depth) = depth {
            parallel = parallel.with_depth(depth);
        }
        let what = format!("{threads} threads, depth {depth:?}, chunk {chunk}");
        let count = solver.count_parallel_on_bits(&parallel, None);
        assert_eq!(count, links, "{what}");
        same_tree(solver.stats(), &stats, &what);
        for limit in [0, 1, n / 2, n, n + 1] {
            let limited = solver.count_parallel_on_bits(&parallel, Some(limit));
            let end = if n >= limit {
                End::LimitReached
            } else {
                End::Exhausted
            };
            assert_eq!(
                (limited.solutions, limited.end),
                (n.min(limit), end),
                "{what}, limit {limit}"
            );
            assert_eq!(solver.stats().solutions, limited.solutions, "{what}");
        }
    }
}

/// Counts `solver`'s problem on `threads` under a budget of `budget` nodes
/// (chunks of 2): the whole count if the budget covers the tree, else a
/// lower bound that says so, within a chunk a thread of the budget.
fn check_budget(solver: &mut Dlx, budget: u64, threads: usize) -> End {
    let (links, stats) = one_thread(solver);
    solver.set_budget(Budget::nodes(budget));
    let chunk = 2;
    let parallel = Parallel::new().with_threads(threads).with_chunk(chunk);
    let count = solver.count_parallel_on_bits(&parallel, None);
    solver.set_budget(Budget::UNLIMITED);
    if budget > stats.nodes {
        assert_eq!(count.end, End::Exhausted, "a budget of {budget} covers it");
    }
    if count.end == End::Exhausted {
        assert_eq!(count, links);
        same_tree(solver.stats(), &stats, "under a budget");
    } else {
        assert_eq!(count.end, End::BudgetExhausted);
        assert!(count.solutions <= links.solutions);
    }
    assert!(
        solver.stats().nodes <= budget + chunk * threads as u64,
        "{} nodes, budget {budget}, {threads} threads",
        solver.stats().nodes
    );
    count.end
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random exact cover (secondary items, no colors), an option
    /// pre-selected or not, cut at any depth: the links' count and tree,
    /// and the oracle's count, on any number of threads.
    #[test]
    fn threads_on_bitsets_count_as_the_links(
        spec in spec_strategy(0, false),
        selected in prop::option::of(0usize..8),
        depth in prop::option::of(0usize..4),
        chunk in 1u64..5,
    ) {
        let problem = spec.build();
        let mut solver = solver_of(&problem, selected);
        if solver.selected().is_empty() {
            let oracle = brute_force(&spec).len() as u64;
            prop_assert_eq!(solver.count_on_matrix(None).solutions, oracle);
        }
        check_threads(&mut solver, depth, chunk);
        while solver.unselect_last().is_some() {}
        prop_assert!(solver.links_match(&problem));
    }

    /// A budget bounds the threads together.
    #[test]
    fn a_budget_bounds_the_threads_on_bitsets(
        spec in spec_strategy(0, false),
        budget in 1u64..60,
        threads in 1usize..4,
    ) {
        let problem = spec.build();
        check_budget(&mut Dlx::new(&problem), budget, threads);
        prop_assert!(Dlx::new(&problem).links_match(&problem));
    }
}

/// Published counts, on the bitsets whatever the chooser says (langford,
/// latin squares and dominoes stay on the links for one thread).
#[test]
fn threads_on_bitsets_count_known_problems() {
    for (named, count) in bits_known_counts() {
        let mut solver = Dlx::new(named.problem());
        assert_eq!(solver.count(None).solutions, count);
        check_threads(&mut solver, None, 1 << 13);
        check_threads(&mut solver, Some(2), 64);
        assert!(solver.links_match(named.problem()));
    }
    // Budgets that stop the count and one that does not.
    let dominoes = polyominoes::dominoes(6, 6);
    let mut solver = Dlx::new(dominoes.problem());
    for budget in [1, 50, 5_000] {
        assert_eq!(check_budget(&mut solver, budget, 3), End::BudgetExhausted);
    }
    assert_eq!(check_budget(&mut solver, 1 << 30, 3), End::Exhausted);
}

/// `count_parallel` on more than one thread counts where the chooser says
/// the count runs on bitsets (the tilings by pentominoes) as the hidden
/// entry does, with the same statistics.
#[test]
fn count_parallel_takes_the_bitsets_where_the_count_does() {
    let named = polyominoes::pentominoes(3, 20);
    let mut solver = Dlx::new(named.problem());
    assert!(solver.path().counts_on_bits());
    for threads in [2, 3] {
        let parallel = Parallel::new().with_threads(threads);
        let count = solver.count_parallel(&parallel, None);
        let stats = solver.stats().clone();
        assert_eq!(solver.count_parallel_on_bits(&parallel, None), count);
        assert_eq!(solver.stats(), &stats);
        assert_eq!((count.solutions, count.end), (8, End::Exhausted));
    }
}

/// A small tree on a queue is cut no finer than a job for every 256 nodes
/// of Knuth's estimate where that leaves 16 jobs a thread (`job_queue.rs`,
/// `MIN_JOB_NODES`): langford-8 on bitsets (about 2,800 nodes) and queens-9
/// on the cells (4,663) take the split at depth 2 on two threads (42 and 56
/// jobs), not at depth 3 with 64 a thread, and count the one-thread tree.
#[test]
fn small_trees_on_a_queue_take_a_coarser_split() {
    let langford = crate::known_counts::langford::langford(8);
    let queens = crate::split_jobs::queens(9);
    for (named, count) in [(langford, 300), (queens, 352)] {
        check_queue(&named, count, "small tree");
    }
}

/// The count of `named` (`count` solutions) on the links, and on 2 and 3
/// threads on the queue of the engine its count runs on: the same count and
/// tree.
fn check_queue(named: &NamedProblem, count: u64, what: &str) {
    let mut solver = Dlx::new(named.problem());
    let links = solver.count_on_matrix(None);
    assert_eq!(
        (links.solutions, links.end),
        (count, End::Exhausted),
        "{what}"
    );
    let stats = solver.stats().clone();
    for threads in [2, 3] {
        let parallel = Parallel::new().with_threads(threads);
        let on_threads = if solver.path().counts_on_cells() {
            solver.count_parallel_on_cells(&parallel, None)
        } else {
            solver.count_parallel_on_bits(&parallel, None)
        };
        assert_eq!(on_threads, links, "{what}, {threads} threads");
        same_tree(
            solver.stats(),
            &stats,
            &format!("{what}, {threads} threads"),
        );
    }
}

/// Two threads reporting every 64 nodes into a fresh progress.
fn watched() -> (Arc<Progress>, Parallel) {
    let progress = Arc::new(Progress::new());
    let parallel = Parallel::new().with_threads(2).with_chunk(64);
    (Arc::clone(&progress), parallel.with_progress(progress))
}

/// Progress reports the nodes and solutions of a count on threads, the
/// whole tree done at the end; `Progress::stop` from another thread ends
/// a count that would not end for ages (the tilings of a 2 x 90 strip,
/// a Fibonacci number of them) with `Stopped` and a lower bound; a limit
/// and a budget end it too.
#[test]
fn threads_on_bitsets_report_and_stop() {
    let named = polyominoes::dominoes(6, 6);
    let (progress, parallel) = watched();
    let mut solver = Dlx::new(named.problem());
    let count = solver.count_parallel_on_bits(&parallel, None);
    assert_eq!((count.solutions, count.end), (6728, End::Exhausted));
    assert_eq!(progress.solutions(), 6728);
    assert!(progress.nodes() > 64 && progress.nodes() <= solver.stats().nodes);
    assert!(
        (progress.fraction() - 1.0).abs() < 1e-9,
        "{}",
        progress.fraction()
    );

    let strip = domino_strip(90, 0);
    let (progress, parallel) = watched();
    let stopper = {
        let progress = Arc::clone(&progress);
        std::thread::spawn(move || {
            for _ in 0..200 {
                if progress.nodes() > 0 {
                    break;
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            progress.stop();
        })
    };
    let mut solver = Dlx::new(&strip);
    let count = solver.count_parallel_on_bits(&parallel, None);
    stopper.join().unwrap();
    assert_eq!(count.end, End::Stopped);
    assert_eq!(count.solutions, solver.stats().solutions);

    let parallel = Parallel::new().with_threads(3).with_chunk(64);
    let count = solver.count_parallel_on_bits(&parallel, Some(100_000));
    assert_eq!((count.solutions, count.end), (100_000, End::LimitReached));
    solver.set_budget(Budget::nodes(20_000));
    let count = solver.count_parallel_on_bits(&parallel, None);
    assert_eq!(count.end, End::BudgetExhausted);
    assert!(solver.stats().nodes <= 20_000 + 3 * 64);
    assert!(solver.links_match(&strip));
}

/// [`threads_on_bitsets_count_known_problems`] on the example files that
/// fit the bitsets, and queens-12 on the cells' queue (the links' tree: no
/// doom the links miss there), in release (`.ci/run`).
#[test]
#[ignore = "slow in debug mode: run in release mode (see .ci/run)"]
fn threads_on_a_queue_count_the_example_files() {
    let files = [
        ("pentominoes-6x10.dlx", 9356),
        ("langford-11.dlx", 35_584),
        ("queens-12.dlx", 14_200),
    ];
    for (file, count) in files {
        check_queue(&example_file(file), count, file);
    }
}

/// A split deeper than the tree (`Parallel::with_depth`) finds every
/// solution itself, on the bitsets, before any job: they reach the count,
/// the limit and the progress as the jobs' do.
#[test]
fn solutions_the_split_on_bitsets_meets_are_counted() {
    let named = dlx_engine::NamedProblem::parse("a b c d\na\nb\nc\nd\na b\nb c\nc d\n").unwrap();
    let mut solver = Dlx::new(named.problem());
    let (links, stats) = one_thread(&mut solver);
    assert_eq!(links.solutions, 5);
    let progress = Arc::new(Progress::new());
    let parallel = Parallel::new()
        .with_threads(2)
        .with_depth(8)
        .with_progress(Arc::clone(&progress));
    let count = solver.count_parallel_on_bits(&parallel, None);
    assert_eq!(count, links);
    same_tree(solver.stats(), &stats, "split below the leaves");
    assert_eq!(progress.solutions(), 5);
    assert_eq!(progress.nodes(), stats.nodes);
    assert!((progress.fraction() - 1.0).abs() < 1e-9);
    let limited = solver.count_parallel_on_bits(&parallel, Some(3));
    assert_eq!((limited.solutions, limited.end), (3, End::LimitReached));
    assert_eq!(solver.stats().solutions, 3);
}

/// Two counts on threads at once, from two threads of one program: the
/// short one ends while the long one runs, whatever helpers the long one
/// holds (the queue's kept helper threads serve one count at a time; a
/// count finding them busy starts its own).
#[test]
fn a_count_on_threads_does_not_wait_for_another() {
    use crate::known_counts::n_queens::n_queens;
    crate::split_parallel::a_second_count_does_not_wait(&n_queens(18), &n_queens(8), 92);
}
