//! Every supported shape, solved from empty and from planted puzzles.

use sudoku_dlx::{Outcome, Puzzle, Rules, Shape, Solver, check_solution};

#[test]
fn every_common_shape_solves_from_empty() {
    for (r, c) in [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)] {
        let shape = Shape::with_boxes(r, c).unwrap();
        let puzzle = Puzzle::empty(Rules::new(shape));
        let mut solver = Solver::new(puzzle.rules()).unwrap();
        let Ok(Outcome::Solved(grid)) = solver.solve(&puzzle) else {
            panic!("{shape}")
        };
        assert_eq!(check_solution(&puzzle, &grid), Ok(()), "{shape}");
        // Print and parse back with the inferred shape.
        let back = crate::util::parse(&grid.to_string());
        assert_eq!(back.givens(), &grid);
        let back = crate::util::parse(&grid.pretty().to_string());
        assert_eq!(back.givens(), &grid);
    }
}

#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn sizes_up_to_64_solve_from_empty() {
    for n in [36, 49, 64] {
        let shape = Shape::from_size(n).unwrap();
        let puzzle = Puzzle::empty(Rules::new(shape));
        let mut solver = Solver::new(puzzle.rules()).unwrap();
        let Ok(Outcome::Solved(grid)) = solver.solve(&puzzle) else {
            panic!("{shape}")
        };
        assert_eq!(check_solution(&puzzle, &grid), Ok(()), "{shape}");
        assert_eq!(crate::util::parse(&grid.to_string()).givens(), &grid);
    }
}
