//! Exact solution counts.

use sudoku_dlx::{End, Rules, Shape, Solver, Uniqueness, check_solution};

use crate::util::{lines, parse};

#[test]
fn tdoku_test_puzzles_give_their_exact_counts() {
    let mut solver = Solver::new(&Rules::classic());
    let mut seen_large = false;
    for line in lines("tdoku_test_puzzles_with_counts.txt") {
        let mut fields = line.split(':');
        let puzzle = parse(fields.next().unwrap());
        let expected: u64 = fields.next().unwrap().parse().unwrap();
        let published = fields.next();
        seen_large |= expected == 847;

        let count = solver.count(&puzzle, Some(expected + 1)).unwrap();
        assert_eq!(count.solutions, expected, "{line}");
        assert!(count.is_exact(), "{line}: count not reported exact");
        if expected > 0 {
            let limited = solver.count(&puzzle, Some(expected)).unwrap();
            assert_eq!(limited.solutions, expected);
            assert_eq!(limited.end, End::LimitReached);
        }

        let mut found = 0;
        solver
            .for_each_solution(&puzzle, |grid| {
                assert_eq!(check_solution(&puzzle, grid), Ok(()), "{line}");
                found += 1;
                std::ops::ControlFlow::Continue(())
            })
            .unwrap();
        assert_eq!(found, expected, "{line}");

        match (solver.uniqueness(&puzzle).unwrap(), expected) {
            (Uniqueness::NoSolution, 0) => {}
            (Uniqueness::Unique(grid), 1) => {
                assert_eq!(check_solution(&puzzle, &grid), Ok(()));
                if let Some(published) = published {
                    assert_eq!(grid.to_string(), published);
                }
            }
            (Uniqueness::Multiple(a, b), n) if n >= 2 => {
                assert_ne!(a, b);
                assert_eq!(check_solution(&puzzle, &a), Ok(()));
                assert_eq!(check_solution(&puzzle, &b), Ok(()));
            }
            (other, n) => panic!("{line}: {other:?} for {n} solutions"),
        }
    }
    assert!(seen_large, "the 847-solution puzzle is in the set");
}

#[test]
fn empty_4x4_has_288_solutions() {
    let puzzle = parse(&".".repeat(16));
    let mut solver = Solver::new(puzzle.rules());
    let count = solver.count(&puzzle, None).unwrap();
    assert_eq!(count.solutions, 288);
    assert!(count.is_exact());
    assert_eq!(solver.stats().solutions, 288);
}

#[test]
fn empty_6x6_count_stops_at_its_limit() {
    // The full count (28,200,960) takes too long in debug mode; the limit
    // must be reported as a lower bound.
    let puzzle = parse(&".".repeat(36));
    assert_eq!(puzzle.shape(), Shape::with_boxes(2, 3).unwrap());
    let mut solver = Solver::new(puzzle.rules());
    let count = solver.count(&puzzle, Some(1000)).unwrap();
    assert_eq!(count.solutions, 1000);
    assert!(!count.is_exact());
}

#[test]
fn a_node_budget_stops_the_search() {
    let puzzle = parse(&".".repeat(81));
    let mut solver = Solver::new(puzzle.rules());
    solver.set_budget(sudoku_dlx::Budget::nodes(10));
    let count = solver.count(&puzzle, None).unwrap();
    assert_eq!(count.end, End::BudgetExhausted);
    assert!(solver.stats().nodes <= 10);
    assert_eq!(
        solver.uniqueness(&puzzle).unwrap(),
        Uniqueness::BudgetExhausted
    );
    assert_eq!(
        solver.solve(&puzzle).unwrap(),
        sudoku_dlx::First::BudgetExhausted
    );
    // The solver is reusable after a budget stop.
    solver.set_budget(sudoku_dlx::Budget::UNLIMITED);
    assert!(matches!(
        solver.solve(&puzzle).unwrap(),
        sudoku_dlx::First::Solution(_)
    ));
}
