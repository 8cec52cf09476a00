//! The bitsets' solution iterator (`Bits::next_solution`) against the
//! links': the same solutions in the same order, with the same nodes and
//! profile at each, the same pauses of `next_within`, the same end under a
//! node budget or a stopped progress, and a solver ready for the next
//! search, on small random problems forced onto the bitsets and on
//! problems the chooser sends there (long option lists).

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use super::tests::random_problem;
use crate::index::{OptionId, to_u32};
use crate::matrix::test_problems::{below, dropped_langford, select_some};
use crate::outcome::{Budget, End, First, Uniqueness};
use crate::parallel::Parallel;
use crate::problem::Problem;
use crate::progress::Progress;
use crate::random::SplitMix64;
use crate::solver::Dlx;

/// One solution as an iterator hands it over, with the search's nodes,
/// profile and solutions at it.
type Found = (Vec<OptionId>, u64, Vec<u64>, u64);

/// What an iterator did: its solutions, its end, and its last nodes,
/// profile and solutions; and beside them, not compared, where each call
/// of `next_within` that paused began and paused (nodes).
#[derive(Debug)]
struct Run {
    found: Vec<Found>,
    end: Option<End>,
    last: (u64, Vec<u64>, u64),
    pauses: Vec<(u64, u64)>,
}

/// The links pause only where they enter a node, not at a dead end they
/// give up on the way (`Search::try_options`), so they can pause a few
/// nodes past a slice's end, where the bitsets pause at it; the rest of a
/// run is the same.
impl PartialEq for Run {
    fn eq(&self, other: &Run) -> bool {
        (&self.found, self.end, &self.last) == (&other.found, other.end, &other.last)
    }
}

impl Run {
    /// Whether every call that paused went `slice` nodes on (`exact`) or
    /// at least that many.
    fn paused_after(&self, slice: u64, exact: bool) -> bool {
        self.pauses.iter().all(|&(began, paused)| {
            if exact {
                paused == began + slice
            } else {
                paused >= began + slice
            }
        })
    }
}

/// Runs `solver`'s solution iterator on bitsets or on the links, in slices
/// of `slice` nodes (`None`: `next`), until it ends or has handed over
/// `most` solutions (then abandoned half-way); gives back the solver.
fn iterate(mut solver: Dlx, on_bits: bool, slice: Option<u64>, most: usize) -> (Run, Dlx) {
    solver.hand_over_on_bits = Some(on_bits);
    let mut solutions = solver.into_solutions();
    let (mut found, mut pauses) = (Vec::new(), Vec::new());
    while found.len() < most {
        let began = solutions.stats().nodes;
        let next = match slice {
            Some(nodes) => solutions.next_within(nodes),
            None => solutions.next(),
        };
        let options = next.map(|s| s.options().to_vec());
        let stats = solutions.stats();
        match options {
            Some(options) => {
                found.push((options, stats.nodes, stats.profile.clone(), stats.solutions))
            }
            None if solutions.end().is_none() => pauses.push((began, stats.nodes)),
            None => break,
        }
    }
    let stats = solutions.stats();
    let run = Run {
        found,
        end: solutions.end(),
        last: (stats.nodes, stats.profile.clone(), stats.solutions),
        pauses,
    };
    let mut solver = solutions.into_solver();
    solver.hand_over_on_bits = None;
    (run, solver)
}

/// A copy of `solver` for the links' run beside the bitsets'.
fn twin(solver: &Dlx) -> Dlx {
    let mut twin = solver.clone();
    twin.bits = None;
    twin
}

#[test]
fn iterates_random_problems_as_the_links() {
    let mut rng = SplitMix64::new(430);
    let rounds = if cfg!(miri) { 5 } else { 2000 };
    let (mut several, mut paused, mut budgeted, mut abandoned) = (0, 0, 0, 0);
    for _ in 0..rounds {
        let problem = random_problem(&mut rng);
        let mut solver = Dlx::new(&problem);
        select_some(&mut rng, &mut solver, &problem);
        let case = format!("{problem:?} selected {:?}", solver.selected());
        let all = solver.count_on_matrix(None);
        let (links, _) = iterate(twin(&solver), false, None, usize::MAX);
        let (bits, back) = iterate(solver, true, None, usize::MAX);
        assert_eq!(bits, links, "{case}");
        assert_eq!(bits.found.len() as u64, all.solutions, "{case}");
        several += usize::from(bits.found.len() > 1);
        let solver = back;
        // In slices: the same pauses too.
        let slice = 1 + u64::from(rng.below(4));
        let (links, _) = iterate(twin(&solver), false, Some(slice), usize::MAX);
        let (bits, back) = iterate(solver, true, Some(slice), usize::MAX);
        assert_eq!(bits, links, "{case} slices of {slice}");
        assert!(bits.paused_after(slice, true), "{case} {bits:?}");
        assert!(links.paused_after(slice, false), "{case} {links:?}");
        paused += usize::from(!bits.pauses.is_empty());
        let mut solver = back;
        // Under a node budget: the same solutions before the same end.
        let max = below(&mut rng, links.last.0 + 2);
        solver.set_budget(Budget::nodes(max));
        let slice = (rng.below(2) == 0).then_some(1);
        let (links, _) = iterate(twin(&solver), false, slice, usize::MAX);
        let (bits, back) = iterate(solver, true, slice, usize::MAX);
        assert_eq!(bits, links, "{case} budget {max}");
        budgeted += usize::from(bits.end == Some(End::BudgetExhausted));
        let mut solver = back;
        solver.set_budget(Budget::UNLIMITED);
        // Abandoned half-way, the solver counts and iterates again.
        let most = usize::try_from(below(&mut rng, all.solutions + 1)).unwrap();
        let (links, _) = iterate(twin(&solver), false, None, most);
        let (bits, back) = iterate(solver, true, None, most);
        assert_eq!(bits, links, "{case} abandoned after {most}");
        abandoned += usize::from(bits.end.is_none());
        let mut solver = back;
        assert_eq!(solver.count_on_bits(None), all, "{case}");
        let (again, _) = iterate(solver, true, None, usize::MAX);
        assert_eq!(again.found.len() as u64, all.solutions, "{case}");
    }
    if !cfg!(miri) {
        let seen = [several, paused, budgeted, abandoned];
        assert!(seen.iter().all(|&n| n > rounds / 20), "too few: {seen:?}");
    }
}

/// A random plain exact-cover problem the chooser sends to the bitsets:
/// 2 to 6 primary items, no secondary ones, and enough options of one to
/// three items that the lists are long (a mean of at least 32).
fn long_lists(rng: &mut SplitMix64) -> Problem {
    let primary = 2 + rng.below(5) as usize;
    long_lists_of(rng, primary)
}

/// [`long_lists`] of `primary` items.
fn long_lists_of(rng: &mut SplitMix64, primary: usize) -> Problem {
    let mut builder = Problem::builder(primary, 0).unwrap();
    let options = 40 * primary + rng.below(40) as usize;
    for _ in 0..options {
        let mut order: Vec<usize> = (0..primary).collect();
        rng.shuffle(&mut order);
        order.truncate(1 + rng.below(to_u32(primary.min(3))) as usize);
        builder.add_option(&order).unwrap();
    }
    builder.build()
}

#[test]
fn the_chooser_sends_long_lists_solutions_to_the_bitsets() {
    let mut rng = SplitMix64::new(431);
    let rounds = if cfg!(miri) { 1 } else { 200 };
    let most = if cfg!(miri) { 3 } else { 300 };
    for _ in 0..rounds {
        let problem = long_lists(&mut rng);
        let mut solver = Dlx::new(&problem);
        assert!(solver.path().counts_on_bits(), "{problem:?}");
        if rng.below(2) == 0 {
            select_some(&mut rng, &mut solver, &problem);
        }
        let case = format!("{problem:?} selected {:?}", solver.selected());
        // The chooser's iterator (`None`) is the bitsets'.
        let slice = (rng.below(2) == 0).then(|| 1 + u64::from(rng.below(50)));
        let (links, _) = iterate(twin(&solver), false, slice, most);
        let mut chosen = solver.clone();
        chosen.hand_over_on_bits = None;
        let mut solutions = chosen.into_solutions();
        let first = solutions.next().map(|s| s.options().to_vec());
        assert!(solutions.solver().bits.is_some(), "{case}");
        assert_eq!(first.as_ref(), links.found.first().map(|f| &f.0), "{case}");
        drop(solutions);
        let (bits, _) = iterate(solver.clone(), true, slice, most);
        assert_eq!(bits, links, "{case}");
        // The other searches that hand over solutions.
        let mut links_solver = twin(&solver);
        links_solver.hand_over_on_bits = Some(false);
        let first = links_solver.first_solution();
        assert_eq!(solver.first_solution(), first, "{case}");
        for deterministic in [false, true] {
            let one = Parallel::new().with_threads(1).deterministic(deterministic);
            assert_eq!(solver.first_solution_parallel(&one), first, "{case}");
        }
        assert_eq!(solver.uniqueness(), links_solver.uniqueness());
        let some = 1 + rng.below(20) as usize;
        let listed = |solver: &mut Dlx| {
            let mut list = Vec::new();
            let count = solver.for_each_solution(|solution| {
                list.push(solution.options().to_vec());
                if list.len() == some {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            });
            (
                list,
                count,
                solver.stats().nodes,
                solver.stats().profile.clone(),
            )
        };
        let links_listed = listed(&mut links_solver);
        assert_eq!(listed(&mut solver), links_listed, "{case}");
        // On one thread, `for_each_solution_parallel` is that search, up
        // to its limit.
        let list = Mutex::new(Vec::new());
        let one = Parallel::new().with_threads(1);
        let limit = u64::try_from(some).unwrap();
        let count = solver.for_each_solution_parallel(&one, Some(limit), |solution| {
            list.lock().unwrap().push(solution.options().to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(list.into_inner().unwrap(), links_listed.0, "{case}");
        let end = if count.solutions == limit {
            End::LimitReached
        } else {
            End::Exhausted
        };
        assert_eq!(count.end, end, "{case}");
        assert_eq!(solver.stats().nodes, links_listed.2, "{case}");
        let owned: Vec<_> = solver.solutions().owned().take(some).collect();
        assert_eq!(
            owned,
            links_solver
                .solutions()
                .owned()
                .take(some)
                .collect::<Vec<_>>()
        );
        assert!(matches!(
            solver.first_solution(),
            First::Solution(_) | First::NoSolution
        ));
        assert!(!matches!(solver.uniqueness(), Uniqueness::BudgetExhausted));
    }
}

/// Ignored under Miri: it needs trees of more than a look's 4,096 nodes.
#[test]
#[cfg_attr(miri, ignore)]
fn a_stopped_progress_ends_the_bitsets_search_where_it_ends_the_links() {
    let mut rng = SplitMix64::new(432);
    let rounds = 20;
    for _ in 0..rounds {
        // Trees of more nodes than the searches go between looks.
        let problem = long_lists_of(&mut rng, 8);
        let ends = [false, true].map(|on_bits| {
            let mut solver = Dlx::new(&problem);
            solver.hand_over_on_bits = Some(on_bits);
            let progress = Arc::new(Progress::new());
            solver.set_progress(Some(Arc::clone(&progress)));
            // Stopped at the first solution: the search goes on to its
            // next look at the progress (a few thousand nodes on) and ends.
            let count = solver.for_each_solution(|_| {
                progress.stop();
                ControlFlow::Continue(())
            });
            let stats = solver.stats().clone();
            // An iterator looks on every call too.
            let mut solutions = solver.into_solutions();
            let first = solutions.next().map(|s| s.options().to_vec());
            progress.stop();
            assert!(solutions.next().is_none());
            (count, stats.nodes, stats.profile, first, solutions.end())
        });
        assert_eq!(ends[0], ends[1], "{problem:?}");
        assert_eq!(ends[1].0.end, End::Stopped, "{problem:?}");
        assert_eq!(ends[1].4, Some(End::Stopped), "{problem:?}");
    }
}

/// A race's side ends every node with an emptied item at once
/// (`Bits::cut_emptied`), not only those the links give up: the same
/// solutions in the same order, with no more nodes (fewer wherever the
/// links enter such a node), and a count, which never reads the setting,
/// node for node the same.
///
/// Not under Miri: it added a minute to CI's Miri step (its counts of
/// Langford's trees), and the code it tests has no unsafe code (`mod.rs`
/// and `count.rs` deny it).
#[test]
#[cfg_attr(miri, ignore = "long counts; the bitsets deny unsafe code")]
fn cutting_every_emptied_node_keeps_the_solutions_and_their_order() {
    let mut rng = SplitMix64::new(433);
    let rounds = 400;
    let mut fewer = 0;
    for round in 0..rounds {
        // Langford's pairs with options dropped: trees with dead ends.
        let problem = if round % 2 == 0 {
            random_problem(&mut rng)
        } else {
            dropped_langford(&mut rng, false)
        };
        let exact = Dlx::new(&problem);
        let mut cut = exact.clone();
        cut.cut_emptied = true;
        let slice = (rng.below(2) == 0).then(|| 1 + u64::from(rng.below(20)));
        let most = 200;
        let (exact_run, mut exact) = iterate(exact, true, slice, most);
        let (cut_run, mut cut) = iterate(cut, true, slice, most);
        let options = |run: &Run| run.found.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
        let case = format!("round {round}: {problem:?}");
        assert_eq!(options(&cut_run), options(&exact_run), "{case}");
        assert_eq!(cut_run.end, exact_run.end, "{case}");
        assert!(cut_run.last.0 <= exact_run.last.0, "{case}");
        fewer += usize::from(cut_run.last.0 < exact_run.last.0);
        // The count on the same bitsets, the setting still on.
        assert!(cut.bits.as_ref().is_some_and(|bits| bits.cut_emptied));
        assert_eq!(cut.count_on_bits(None), exact.count_on_bits(None), "{case}");
        assert_eq!(cut.stats(), exact.stats(), "{case}");
    }
    assert!(fewer > rounds / 20, "fewer nodes in {fewer} of {rounds}");
}
