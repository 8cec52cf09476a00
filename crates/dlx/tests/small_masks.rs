//! The search on masks (`SmallProblem`) against the links (`Dlx`): on
//! random small problems of plain exact cover and on edge cases (64 items,
//! 64 options, an item with no option, no options, duplicate options), the
//! same counts, statistics (nodes, profile, updates), solutions in the
//! same order with the same statistics at each, under limits and node
//! budgets, whole or in pieces; known counts; and the problems it must
//! refuse.

use dlx_engine::{Budget, Count, Dlx, End, OptionId, Problem, SMALL_MAX, SmallProblem, Stats};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A problem of `primary` primary items and these options (item lists).
fn problem(primary: usize, options: &[Vec<usize>]) -> Problem {
    let mut builder = Problem::builder(primary, 0).expect("a builder");
    for items in options {
        builder.add_option(items).expect("an option");
    }
    builder.build()
}

/// The links' count of `problem` within `budget`, and its statistics.
fn links_count(problem: &Problem, limit: Option<u64>, budget: Budget) -> (Count, Stats) {
    let mut solver = Dlx::new(problem);
    solver.set_budget(budget);
    let count = solver.count(limit);
    (count, solver.stats().clone())
}

/// The links' count in pieces of `piece` nodes, and Knuth's progress at
/// each pause.
fn links_pieces(
    problem: &Problem,
    limit: Option<u64>,
    budget: Budget,
    piece: u64,
) -> ((Count, Stats), Vec<f64>) {
    let mut solver = Dlx::new(problem);
    solver.set_budget(budget);
    let mut counting = solver.counting(limit);
    let mut progress = vec![counting.progress()];
    loop {
        if let Some(count) = counting.run_within(piece) {
            progress.push(counting.progress());
            return ((count, counting.stats().clone()), progress);
        }
        progress.push(counting.progress());
    }
}

/// The links' solutions within `budget`, each with the statistics at it,
/// and how the search ended.
fn links_solutions(problem: &Problem, budget: Budget) -> (Vec<(Vec<OptionId>, Stats)>, End) {
    let mut solver = Dlx::new(problem);
    solver.set_budget(budget);
    let mut solutions = solver.into_solutions();
    let mut found = Vec::new();
    while let Some(solution) = solutions.next() {
        let options = solution.options().to_vec();
        found.push((options, solutions.stats().clone()));
    }
    (found, solutions.end().expect("ended"))
}

/// Asserts that the masks give what the links give on `problem`: counts
/// with and without limits and budgets, whole and in pieces; solutions.
fn same_as_links(problem: &Problem) {
    let small = SmallProblem::new(problem).expect("a small problem");
    let (whole, stats) = links_count(problem, None, Budget::UNLIMITED);
    assert_eq!(
        small.clone().count(None, Budget::UNLIMITED),
        (whole, stats.clone()),
        "count"
    );
    let limits = [
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        Some(whole.solutions),
        None,
    ];
    let nodes = stats.nodes;
    let budgets = [
        Budget::UNLIMITED,
        Budget::nodes(0),
        Budget::nodes(1),
        Budget::nodes(nodes / 2),
        Budget::nodes(nodes.saturating_sub(1)),
        Budget::nodes(nodes),
        Budget::updates(stats.updates / 2),
    ];
    for limit in limits {
        for budget in budgets {
            let what = format!("limit {limit:?} budget {budget:?}");
            let links = links_count(problem, limit, budget);
            assert_eq!(small.clone().count(limit, budget), links, "{what}");
            for piece in [1, 2, 3, 7] {
                let (links, links_progress) = links_pieces(problem, limit, budget, piece);
                let mut counting = small.clone().into_counting(limit, budget);
                let mut progress = vec![counting.progress()];
                let count = loop {
                    let before = counting.stats().nodes;
                    let counted = counting.run_within(piece);
                    progress.push(counting.progress());
                    match counted {
                        Some(count) => break count,
                        None => {
                            assert_eq!(counting.end(), None);
                            assert!(counting.stats().nodes >= before + piece, "{what}");
                        }
                    }
                };
                assert_eq!(counting.end(), Some(count.end));
                assert_eq!((count, counting.stats()), links, "{what} piece {piece}");
                // Knuth's measure at every pause, as the links give it (the
                // binding's look decides by it whether to go to threads).
                assert_eq!(progress, links_progress, "{what} piece {piece}: progress");
            }
        }
    }
    for budget in budgets {
        let (links, end) = links_solutions(problem, budget);
        let mut solutions = small.clone().into_solutions(budget);
        let mut found = Vec::new();
        loop {
            // In slices of 2 nodes, as the binding searches in slices.
            match solutions.next_within(2).map(<[OptionId]>::to_vec) {
                Some(options) => found.push((options, solutions.stats())),
                None if solutions.end().is_some() => break,
                None => {}
            }
        }
        assert_eq!(found, links, "solutions, budget {budget:?}");
        assert_eq!(solutions.end(), Some(end), "end, budget {budget:?}");
        assert_eq!(solutions.next_within(1), None);
    }
}

/// A random problem: 1 to `items` primary items, up to `options` options
/// of 1 to 4 items each (duplicates allowed).
fn spec(items: usize, options: usize) -> impl Strategy<Value = (usize, Vec<Vec<usize>>)> {
    (1..=items).prop_flat_map(move |primary| {
        let option =
            proptest::sample::subsequence((0..primary).collect::<Vec<_>>(), 1..=primary.min(4))
                .prop_shuffle();
        (
            Just(primary),
            proptest::collection::vec(option, 0..=options),
        )
    })
}

#[test]
fn random_small_problems_walk_the_links_tree() {
    let cases = if cfg!(miri) { 4 } else { 300 };
    let mut runner = TestRunner::new(Config {
        cases,
        ..Config::default()
    });
    runner
        .run(&spec(8, 16), |(primary, options)| {
            same_as_links(&problem(primary, &options));
            Ok(())
        })
        .unwrap();
}

#[test]
fn random_wider_problems_walk_the_links_tree() {
    let mut runner = TestRunner::new(Config {
        cases: 60,
        ..Config::default()
    });
    runner
        .run(&spec(16, 40), |(primary, options)| {
            let problem = problem(primary, &options);
            // Long lists count on bitsets (see the last test).
            if !Dlx::new(&problem).path().counts_on_bits() {
                same_as_links(&problem);
            }
            Ok(())
        })
        .unwrap();
}

/// Options of every pair and single of a few items: many solutions, every
/// option of width 1 or 2, and leaves counted at once where all are pairs.
#[test]
fn pairs_and_singles_walk_the_links_tree() {
    let n = 8;
    let pairs: Vec<Vec<usize>> = (0..n)
        .flat_map(|a| (a + 1..n).map(move |b| vec![a, b]))
        .collect();
    // 28 pairs: the perfect matchings of 8 items, 105, leaves at once.
    same_as_links(&problem(n, &pairs));
    let mut both = pairs.clone();
    both.extend((0..n).map(|a| vec![a]));
    same_as_links(&problem(n, &both));
}

#[test]
fn edge_cases_walk_the_links_tree() {
    // No options (a problem has at least one primary item): no solution.
    same_as_links(&problem(1, &[]));
    // An item with no option.
    same_as_links(&problem(3, &[vec![0], vec![1], vec![0, 1]]));
    // Duplicate options.
    same_as_links(&problem(
        2,
        &[vec![0, 1], vec![1, 0], vec![0], vec![1], vec![0]],
    ));
    // 64 items, 64 options: one item each, one solution down 64 levels.
    let singles: Vec<Vec<usize>> = (0..SMALL_MAX).map(|x| vec![x]).collect();
    same_as_links(&problem(SMALL_MAX, &singles));
    // 64 items in 64 options of two or three, around a ring.
    let ring: Vec<Vec<usize>> = (0..SMALL_MAX)
        .map(|x| {
            if x % 3 == 0 {
                vec![x, (x + 1) % SMALL_MAX, (x + 5) % SMALL_MAX]
            } else {
                vec![(x + 1) % SMALL_MAX, x]
            }
        })
        .collect();
    same_as_links(&problem(SMALL_MAX, &ring));
}

#[test]
fn problems_past_the_masks_are_refused() {
    let singles = |n: usize| (0..n).map(|x| vec![x]).collect::<Vec<_>>();
    assert!(SmallProblem::new(&problem(SMALL_MAX, &singles(SMALL_MAX))).is_some());
    assert!(SmallProblem::new(&problem(SMALL_MAX + 1, &singles(SMALL_MAX))).is_none());
    let mut many = singles(SMALL_MAX);
    many.push(vec![0]);
    assert!(SmallProblem::new(&problem(SMALL_MAX, &many)).is_none());
    // Secondary items, colors, bounds: the links, cells or Algorithm M.
    let parse = |text: &str| dlx_engine::NamedProblem::parse(text).unwrap();
    for text in ["a | b\na b\na\n", "a | x\na x:A\n", "2|a\na\na\n"] {
        assert!(SmallProblem::new(parse(text).problem()).is_none(), "{text}");
    }
    // Long lists: the count runs on bitsets, with their updates.
    let long = problem(1, &vec![vec![0]; 40]);
    assert!(Dlx::new(&long).path().counts_on_bits());
    assert!(SmallProblem::new(&long).is_none());
}

/// Known counts on masks, and the links' statistics with them: Langford
/// pairs, Latin squares of orders 3 and 4 (64 options), domino tilings of
/// 4x4 and 6x6 (60 options, 6,728 tilings).
#[test]
fn known_counts_on_masks() {
    use crate::known_counts::{langford, latin_squares, polyominoes};
    let cases = [
        (langford::langford(3), 2),
        (langford::langford(4), 2),
        (langford::langford(5), 0),
        (latin_squares::latin_squares(3), 12),
        (latin_squares::latin_squares(4), 576),
        (polyominoes::dominoes(4, 4), 36),
        (polyominoes::dominoes(6, 6), 6728),
    ];
    for (named, expected) in cases {
        let problem = named.problem();
        let small = SmallProblem::new(problem).expect("small");
        let (count, stats) = small.clone().count(None, Budget::UNLIMITED);
        assert_eq!((count.solutions, count.end), (expected, End::Exhausted));
        assert_eq!(
            (count, stats),
            links_count(problem, None, Budget::UNLIMITED)
        );
        let solutions: Vec<_> = small.into_solutions(Budget::UNLIMITED).collect();
        let links: Vec<_> = links_solutions(problem, Budget::UNLIMITED)
            .0
            .into_iter()
            .map(|(options, _)| options)
            .collect();
        assert_eq!(solutions, links);
    }
    same_as_links(langford::langford(4).problem());
    same_as_links(latin_squares::latin_squares(3).problem());
    same_as_links(polyominoes::dominoes(4, 4).problem());
}
