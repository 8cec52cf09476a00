//! The solver's contract: pre-selection, reset, limits, budgets, iteration,
//! randomized search and deep problems.

use std::ops::ControlFlow;

use dlx_engine::{Budget, Dlx, DlxError, End, First, NamedProblem, OptionId, Problem, Uniqueness};

const KNUTH: &str = "| A simple example\nA B C D E | F G\nC E F\nA D G\nB C F\nA D\nB G\nD E G\n";

fn option(k: usize) -> OptionId {
    OptionId::new(k).unwrap()
}

/// All 2^n subsets of an n-item "free choice" problem: n primary items, each
/// covered by its own option or by one of two options shared with a
/// neighbour. Many solutions, easy to count by hand for small n.
fn many_solutions(n: usize) -> Problem {
    let mut b = Problem::builder(n, 0).unwrap();
    for i in 0..n {
        b.add_option(&[i]).unwrap();
        if i + 1 < n {
            b.add_option(&[i, i + 1]).unwrap();
        }
    }
    b.build()
}

#[test]
fn knuth_example_has_exactly_one_solution() {
    let named = NamedProblem::parse(KNUTH).unwrap();
    let mut solver = Dlx::new(named.problem());
    let Uniqueness::Unique(options) = solver.uniqueness() else {
        panic!("expected a unique solution")
    };
    let mut lines: Vec<String> = options.iter().map(|&o| named.option_text(o)).collect();
    lines.sort();
    assert_eq!(lines, ["A D", "B G", "C E F"]);
    let count = solver.count(None);
    assert_eq!((count.solutions, count.is_exact()), (1, true));
    // Knuth's DLX1 reports the same tree for this problem.
    assert!(solver.stats().nodes >= 4);
    assert!(solver.stats().updates > 0);
    solver.check_invariants().unwrap();
    assert!(solver.links_match(named.problem()));
}

#[test]
fn counts_that_stop_say_so() {
    // Fibonacci: tilings of a strip of 10 by monominoes and dominoes: 89.
    let p = many_solutions(10);
    let mut solver = Dlx::new(&p);
    assert_eq!(solver.count(None).solutions, 89);
    let limited = solver.count(Some(5));
    assert_eq!((limited.solutions, limited.end), (5, End::LimitReached));
    assert!(!limited.is_exact());
    let above = solver.count(Some(1000));
    assert_eq!((above.solutions, above.end), (89, End::Exhausted));
    let at = solver.count(Some(89));
    assert_eq!(at.solutions, 89, "a limit equal to the count stops at it");
    assert!(solver.links_match(&p));
    // The two solutions it found, each a solution, and the first two of
    // the search order.
    let Uniqueness::Multiple(a, b) = solver.uniqueness() else {
        panic!("several solutions")
    };
    assert!(p.is_solution(&a) && p.is_solution(&b) && a != b);
    let mut order = solver.solutions().owned();
    assert_eq!((order.next(), order.next()), (Some(a), Some(b)));
}

#[test]
fn visitor_can_stop_and_links_are_restored() {
    let p = many_solutions(8);
    let mut solver = Dlx::new(&p);
    let mut seen = 0;
    let count = solver.for_each_solution(|solution| {
        let options = solution.options();
        assert!(p.is_solution(options));
        seen += 1;
        if seen == 3 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    assert_eq!((count.solutions, count.end), (3, End::Stopped));
    solver.check_invariants().unwrap();
    assert!(solver.links_match(&p));
}

#[test]
fn lending_iterator_resumes_and_restores_on_drop() {
    let p = many_solutions(6);
    let mut solver = Dlx::new(&p);
    let mut all = Vec::new();
    {
        let mut solutions = solver.solutions();
        while let Some(solution) = solutions.next() {
            assert!(p.is_solution(solution.options()));
            assert_eq!(solution.colors().count(), 0, "no colors in exact cover");
            all.push(solution.options().to_vec());
        }
        assert_eq!(solutions.end(), Some(End::Exhausted));
        assert!(solutions.next().is_none());
    }
    assert_eq!(all.len(), 13);
    {
        let mut solutions = solver.solutions();
        assert!(solutions.next().is_some());
        assert!(solutions.next().is_some());
        // Dropped mid-search.
    }
    assert!(solver.links_match(&p));
    assert_eq!(solver.count(None).solutions, 13);
}

#[test]
fn owned_solutions_are_the_lending_ones_and_restore_on_drop() {
    let p = many_solutions(6);
    let mut solver = Dlx::new(&p);
    let lent = collect(&mut solver);
    let mut owned: Vec<Vec<OptionId>> = Vec::new();
    let mut solutions = solver.solutions().owned();
    for mut options in solutions.by_ref() {
        assert!(p.is_solution(&options));
        options.sort();
        owned.push(options);
    }
    assert_eq!(solutions.end(), Some(End::Exhausted));
    drop(solutions);
    assert_eq!(owned, lent);
    // Stopped early by an adapter, then dropped: the links are whole.
    assert_eq!(solver.solutions().owned().take(3).count(), 3);
    assert!(solver.links_match(&p));
}

#[test]
fn random_solutions_are_valid_reproducible_and_varied() {
    let p = many_solutions(8);
    let mut solver = Dlx::new(&p);
    solver.set_seed(Some(99));
    let draws: Vec<Vec<OptionId>> = solver.random_solutions(5).take(40).collect();
    assert_eq!(draws.len(), 40);
    assert!(draws.iter().all(|d| p.is_solution(d)));
    let mut distinct = draws.clone();
    distinct.iter_mut().for_each(|d| d.sort());
    distinct.sort();
    distinct.dedup();
    assert!(distinct.len() > 10, "{} distinct of 40", distinct.len());
    assert_eq!(
        solver.random_solutions(5).take(40).collect::<Vec<_>>(),
        draws
    );
    // The solver's seed is back, and the links whole.
    assert_eq!(solver.seed(), Some(99));
    assert!(solver.links_match(&p));
    // A problem without solutions ends the draws at once; so does a budget.
    let mut none = Problem::builder(2, 0).unwrap();
    none.add_option(&[0]).unwrap();
    assert_eq!(Dlx::new(&none.build()).random_solutions(1).count(), 0);
    solver.set_budget(Budget::nodes(1));
    assert_eq!(solver.random_solutions(5).next(), None);
}

#[test]
fn preselection_forces_options_and_reset_undoes_it() {
    let named = NamedProblem::parse(KNUTH).unwrap();
    let p = named.problem();
    let mut solver = Dlx::new(p);
    // Option 3 is `A D`, part of the unique solution.
    solver.select(option(3)).unwrap();
    assert_eq!(solver.selected(), &[option(3)]);
    let First::Solution(options) = solver.first_solution() else {
        panic!("a solution")
    };
    assert_eq!(options[0], option(3), "pre-selected options come first");
    assert!(p.is_solution(&options));
    // Option 1 is `A D G`: it conflicts with `A D` on item A.
    assert_eq!(
        solver.select(option(1)),
        Err(DlxError::SelectConflict {
            option: option(1),
            item: dlx_engine::ItemId::new(0).unwrap(),
            covered_by: option(3)
        })
    );
    assert_eq!(
        solver.selected(),
        &[option(3)],
        "a failed selection changes nothing"
    );
    solver.reset();
    assert!(solver.links_match(p));
    // `A D G` excludes the only solution.
    solver.select(option(1)).unwrap();
    assert_eq!(solver.first_solution(), First::NoSolution);
    assert_eq!(solver.uniqueness(), Uniqueness::NoSolution);
    solver.reset();
    assert_eq!(solver.count(None).solutions, 1);
    assert_eq!(
        solver.select(option(99)),
        Err(DlxError::UnknownOption {
            option: 99,
            options: 6
        })
    );
}

#[test]
fn selecting_the_same_option_twice_is_a_conflict() {
    let p = many_solutions(3);
    let mut solver = Dlx::new(&p);
    solver.select(option(0)).unwrap();
    assert!(matches!(
        solver.select(option(0)),
        Err(DlxError::SelectConflict { .. })
    ));
    solver.reset();
    assert!(solver.links_match(&p));
}

#[test]
fn budgets_stop_the_search_with_a_distinct_outcome() {
    let p = many_solutions(20);
    let mut solver = Dlx::new(&p);
    let full = solver.count(None);
    let full_nodes = solver.stats().nodes;
    assert_eq!(full.solutions, 10_946);
    solver.set_budget(Budget::nodes(100));
    let stopped = solver.count(None);
    assert_eq!(stopped.end, End::BudgetExhausted);
    assert_eq!(solver.stats().nodes, 100);
    assert!(stopped.solutions < full.solutions);
    assert!(solver.links_match(&p));
    assert_eq!(
        solver.first_solution(),
        First::Solution(first_of(&p)),
        "100 nodes reach the first solution"
    );
    solver.set_budget(Budget::nodes(full_nodes));
    assert_eq!(
        solver.count(None).end,
        End::Exhausted,
        "a budget of exactly the tree suffices"
    );
    solver.set_budget(Budget::updates(10));
    assert_eq!(solver.uniqueness(), Uniqueness::BudgetExhausted);
    solver.set_budget(Budget::nodes(1));
    assert_eq!(solver.first_solution(), First::BudgetExhausted);
    assert!(solver.links_match(&p));
}

/// The first solution of [`many_solutions`] in leftmost order: all monominoes.
fn first_of(p: &Problem) -> Vec<OptionId> {
    let mut solver = Dlx::new(p);
    match solver.first_solution() {
        First::Solution(s) => s,
        other => panic!("{other:?}"),
    }
}

#[test]
fn statistics_follow_knuth() {
    let p = many_solutions(4);
    let mut solver = Dlx::new(&p);
    let count = solver.count(None);
    let stats = solver.stats();
    assert_eq!(stats.solutions, count.solutions);
    assert_eq!(stats.profile.iter().sum::<u64>(), stats.nodes);
    assert_eq!(stats.profile[0], 1, "one root node");
    assert_eq!(
        stats.max_level(),
        Some(4),
        "four monominoes is the deepest solution"
    );
}

#[test]
fn seeded_search_is_reproducible_and_finds_the_same_solutions() {
    let p = many_solutions(12);
    let mut plain = Dlx::new(&p);
    let mut expected = collect(&mut plain);
    expected.sort();
    let mut firsts = std::collections::HashSet::new();
    for seed in 0..20 {
        let mut solver = Dlx::new(&p);
        solver.set_seed(Some(seed));
        let mut got = collect(&mut solver);
        let first = got[0].clone();
        assert_eq!(collect(&mut solver)[0], first, "same seed, same order");
        firsts.insert(first);
        got.sort();
        assert_eq!(got, expected, "seed {seed} finds every solution once");
        assert!(solver.links_match(&p));
    }
    assert!(
        firsts.len() > 1,
        "different seeds give different first solutions"
    );
}

fn collect(solver: &mut Dlx) -> Vec<Vec<OptionId>> {
    let mut all = Vec::new();
    solver.for_each_solution(|solution| {
        let s = solution.options();
        let mut s = s.to_vec();
        s.sort();
        all.push(s);
        ControlFlow::Continue(())
    });
    all
}

#[test]
fn deep_problems_do_not_overflow_the_stack() {
    // A chain of 100,000 items, each covered by its own option: depth 100,000.
    let n = 100_000;
    let mut b = Problem::builder(n, 0).unwrap();
    for i in 0..n {
        b.add_option(&[i]).unwrap();
    }
    let p = b.build();
    let mut solver = Dlx::new(&p);
    let count = solver.count(None);
    assert_eq!((count.solutions, count.end), (1, End::Exhausted));
    assert_eq!(solver.stats().max_level(), Some(n));
}

#[test]
fn secondary_items_are_covered_at_most_once() {
    // Two primary items; both options share the secondary item S.
    let named = NamedProblem::parse("A B | S\nA S\nB S\nA\nB\n").unwrap();
    let p = named.problem();
    let mut solver = Dlx::new(p);
    let mut solutions = Vec::new();
    solver.for_each_solution(|solution| {
        let s = solution.options();
        assert!(p.is_solution(s));
        let mut names: Vec<String> = s.iter().map(|&o| named.option_text(o)).collect();
        names.sort();
        solutions.push(names.join(", "));
        ControlFlow::Continue(())
    });
    solutions.sort();
    assert_eq!(solutions, ["A S, B", "A, B", "A, B S"]);
}

#[test]
fn selections_form_a_stack() {
    let named = NamedProblem::parse(KNUTH).unwrap();
    let p = named.problem();
    let mut solver = Dlx::new(p);
    assert_eq!(solver.unselect_last(), None);
    // `A D` (3) then `B G` (4): both in the unique solution.
    solver.select(option(3)).unwrap();
    solver.select(option(4)).unwrap();
    assert_eq!(solver.count(None).solutions, 1);
    assert_eq!(solver.unselect_last(), Some(option(4)));
    assert_eq!(solver.selected(), &[option(3)]);
    // With only `A D` selected, `B C F` (2) is selectable again and excludes `B G`.
    solver.select(option(2)).unwrap();
    assert_eq!(solver.count(None).solutions, 0);
    assert_eq!(solver.unselect_last(), Some(option(2)));
    // The item freed by an unselection can be taken by another option.
    assert_eq!(solver.count(None).solutions, 1);
    assert_eq!(solver.unselect_last(), Some(option(3)));
    assert!(solver.links_match(p));
    solver.select(option(1)).unwrap(); // `A D G`, which conflicted with `A D` before
    assert_eq!(solver.count(None).solutions, 0);
    solver.reset();
    assert!(solver.links_match(p));
}

/// Every solution of `p`, as sorted option lists, by plain recursion over the
/// options: an oracle that shares no code with the solver.
fn brute_force(primary: usize, secondary: usize, options: &[&[usize]]) -> Vec<Vec<usize>> {
    fn go(
        primary: usize,
        options: &[&[usize]],
        used: &mut Vec<bool>,
        chosen: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        let Some(item) = (0..primary).find(|&i| !used[i]) else {
            out.push(chosen.clone());
            return;
        };
        for (k, option) in options.iter().enumerate() {
            if option.contains(&item) && option.iter().all(|&i| !used[i]) {
                option.iter().for_each(|&i| used[i] = true);
                chosen.push(k);
                go(primary, options, used, chosen, out);
                chosen.pop();
                option.iter().for_each(|&i| used[i] = false);
            }
        }
    }
    let mut out = Vec::new();
    let mut used = vec![false; primary + secondary];
    go(primary, options, &mut used, &mut Vec::new(), &mut out);
    for s in &mut out {
        s.sort_unstable();
    }
    out.sort();
    out
}

/// The solver's solutions of the same problem, in the same form.
fn solver_solutions(primary: usize, secondary: usize, options: &[&[usize]]) -> Vec<Vec<usize>> {
    let mut b = Problem::builder(primary, secondary).unwrap();
    for option in options {
        b.add_option(option).unwrap();
    }
    let p = b.build();
    let mut solver = Dlx::new(&p);
    let mut out: Vec<Vec<usize>> = collect(&mut solver)
        .into_iter()
        .map(|s| {
            let mut s: Vec<usize> = s.iter().map(|o| o.index()).collect();
            s.sort_unstable();
            s
        })
        .collect();
    out.sort();
    assert!(solver.links_match(&p), "the search restored the links");
    out
}

#[test]
fn an_option_that_empties_a_secondary_item_is_still_tried() {
    // Choosing {A} hides {A s}, which empties the list of the secondary item
    // s; that is no dead end, since s need not be covered.
    let options: &[&[usize]] = &[&[0], &[0, 2], &[1]];
    let solutions = solver_solutions(2, 1, options);
    assert_eq!(solutions, brute_force(2, 1, options));
    assert_eq!(solutions, vec![vec![0, 2], vec![1, 2]]);
}

#[test]
fn an_item_emptied_by_its_own_option_is_no_dead_end() {
    // Choosing {X Y Z} for X: covering Y hides {Y Z}, the last other option
    // of Z, but Z is covered next by the same option.
    let options: &[&[usize]] = &[&[0, 1, 2], &[1, 2]];
    let solutions = solver_solutions(3, 0, options);
    assert_eq!(solutions, brute_force(3, 0, options));
    assert_eq!(solutions, vec![vec![0]]);
}

#[test]
fn an_option_that_empties_another_primary_item_is_a_dead_end() {
    // Items A B C D. The search branches on A first (the leftmost shortest
    // list). Choosing {A B} hides both options of C, {B C} and {B C D}, so
    // the search gives that option up while covering it. It still counts
    // the node as Algorithm X does, one per option tried plus the root:
    // {A B}, {A}, then {B C}, {D} and {B C D}.
    let options: &[&[usize]] = &[&[0, 1], &[1, 2], &[0], &[1, 2, 3], &[3]];
    let solutions = solver_solutions(4, 0, options);
    assert_eq!(solutions, brute_force(4, 0, options));
    assert_eq!(solutions, vec![vec![1, 2, 4], vec![2, 3]]);
    let mut b = Problem::builder(4, 0).unwrap();
    for option in options {
        b.add_option(option).unwrap();
    }
    let mut solver = Dlx::new(&b.build());
    assert_eq!(solver.count(None).solutions, 2);
    let stats = solver.stats();
    assert_eq!(stats.nodes, 6);
    assert_eq!(stats.profile, [1, 2, 2, 1]);
}

/// A search watched by a `Progress` (`Dlx::set_progress`) walks the same
/// tree: the same count, the solutions in the same order and the same
/// statistics, with and without a seed, on the links and on dancing cells
/// (the queens' count), for Algorithms X, C and M; the progress is told
/// the figures.
/// A stop from another thread while it runs ends it with what it found.
#[test]
fn a_watched_search_is_the_same_search_and_stops_when_asked() {
    use std::sync::Arc;

    use dlx_engine::Progress;

    use crate::known_answers::{binary_matrices, de_bruijn};
    use crate::known_counts::{langford, n_queens};

    // Over the 4,096 nodes between looks, on links and cells, with colors
    // and with multiplicities.
    let problems = [
        ("queens 10", n_queens::n_queens(10).problem().clone()),
        ("langford 9", langford::langford(9).problem().clone()),
        ("de Bruijn", de_bruijn::de_bruijn(2, 4).problem().clone()),
        (
            "matrices",
            binary_matrices::binary_matrices(5, 1, 2).problem().clone(),
        ),
        ("free choice", many_solutions(16)),
    ];
    for (name, problem) in &problems {
        for seed in [None, Some(3)] {
            let mut plain = Dlx::new(problem);
            plain.set_seed(seed);
            let mut watched = Dlx::new(problem);
            watched.set_seed(seed);
            let progress = Arc::new(Progress::new());
            watched.set_progress(Some(Arc::clone(&progress)));

            let count = plain.count(None);
            assert_eq!(watched.count(None), count, "{name} {seed:?}");
            assert_eq!(watched.stats(), plain.stats(), "{name} {seed:?}");
            assert_eq!(progress.solutions(), count.solutions, "{name} {seed:?}");
            assert_eq!(progress.nodes(), plain.stats().nodes, "{name} {seed:?}");

            let (listed, watched_listed) = (collect(&mut plain), collect(&mut watched));
            assert_eq!(watched_listed, listed, "{name} {seed:?}");
            assert_eq!(watched.stats(), plain.stats(), "{name} {seed:?}");
        }
    }

    // Tilings of a 2x80 strip by dominoes: far more than any run counts.
    let mut text = (0..80)
        .map(|c| format!("a{c} b{c}"))
        .collect::<Vec<_>>()
        .join(" ")
        + "\n";
    for c in 0..80 {
        text += &format!("a{c} b{c}\n");
        if c < 79 {
            text += &format!("a{c} a{}\nb{c} b{}\n", c + 1, c + 1);
        }
    }
    let named = NamedProblem::parse(&text).unwrap();
    for seed in [None, Some(5)] {
        let mut solver = Dlx::new(named.problem());
        solver.set_seed(seed);
        let progress = Arc::new(Progress::new());
        solver.set_progress(Some(Arc::clone(&progress)));
        let stopper = {
            let progress = Arc::clone(&progress);
            std::thread::spawn(move || {
                std::thread::sleep(std::time::Duration::from_millis(100));
                progress.stop();
            })
        };
        let count = solver.count(None);
        stopper.join().unwrap();
        assert_eq!(count.end, End::Stopped, "{seed:?}");
        assert_eq!(count.solutions, solver.stats().solutions);
        let mut seen = 0u64;
        let listed = solver.for_each_solution(|_| {
            seen += 1;
            ControlFlow::Continue(())
        });
        assert_eq!(
            (listed.end, listed.solutions),
            (End::Stopped, seen),
            "{seed:?}"
        );
    }
}
