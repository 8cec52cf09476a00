//! Every supported shape, solved from empty and from planted puzzles.

use sudoku_dlx::{Budget, First, Grid, Puzzle, Rules, Shape, Solver, Variants, check_solution};

#[test]
fn every_common_shape_solves_from_empty() {
    for (r, c) in [(2, 2), (2, 3), (2, 4), (3, 3), (3, 4), (4, 4), (5, 5)] {
        let shape = Shape::with_boxes(r, c).unwrap();
        let puzzle = Puzzle::empty(Rules::new(shape));
        let mut solver = Solver::new(puzzle.rules());
        let Ok(First::Solution(grid)) = solver.solve(&puzzle) else {
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

/// A complete grid of `shape` by the classic shifted-rows pattern, with
/// the cells whose index is a multiple of 3 blanked.
fn patterned_puzzle(shape: Shape) -> Puzzle {
    let (n, r, c) = (shape.size(), shape.box_rows(), shape.box_cols());
    let digits = (0..shape.cell_count())
        .map(|i| {
            let (row, col) = (i / n, i % n);
            let d = ((row % r) * c + row / r + col) % n + 1;
            if i % 3 == 0 {
                0
            } else {
                u8::try_from(d).unwrap()
            }
        })
        .collect();
    Puzzle::new(Rules::new(shape), Grid::from_digits(shape, digits).unwrap()).unwrap()
}

// Searching an empty grid above 25x25 from scratch can take very long (the
// MRV search backtracks heavily), so the large shapes solve a planted puzzle.
#[test]
#[ignore = "large data set: run in release mode (see .ci/run)"]
fn sizes_up_to_64_solve_planted_puzzles() {
    for n in [30, 36, 49, 64] {
        let shape = Shape::from_size(n).unwrap();
        let puzzle = patterned_puzzle(shape);
        let mut solver = Solver::new(puzzle.rules());
        let Ok(First::Solution(grid)) = solver.solve(&puzzle) else {
            panic!("{shape}")
        };
        assert_eq!(check_solution(&puzzle, &grid), Ok(()), "{shape}");
        assert_eq!(crate::util::parse(&puzzle.to_string()), puzzle);
        assert_eq!(
            crate::util::parse(&grid.pretty().to_string()).givens(),
            &grid
        );
    }
}

/// `Solver::new` cannot fail: the largest matrix, 64x64 with every variant,
/// fits the engine, and a search on it starts (and stops at its budget).
#[test]
fn the_largest_matrix_builds() {
    let every = Variants {
        x: true,
        windoku: true,
        anti_king: true,
        anti_knight: true,
    };
    let rules = Rules::new(Shape::from_size(64).unwrap()).with_variants(every);
    let mut solver = Solver::new(&rules);
    let empty = Puzzle::empty(rules);
    solver.set_budget(Budget::nodes(10));
    assert!(solver.count(&empty, Some(1)).is_ok());
}
