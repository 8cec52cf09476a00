//! Big grids: an empty grid of every size above 16x16 is completed (two
//! thirds of the bands seeded, the rest searched with restarts), and big
//! puzzles are generated; every grid is checked by the independent checker.

use sudoku_dlx::{
    Budget, First, GenerateOptions, Generator, Puzzle, Rules, Shape, Solver, Symmetry, Variants,
    check_solution,
};

/// Solves the empty grid of `rules` with `seed` and checks the grid.
fn complete(rules: &Rules, seed: Option<u64>) {
    let empty = Puzzle::empty(rules.clone());
    let mut solver = Solver::new(rules);
    solver.set_seed(seed);
    let First::Solution(grid) = solver.solve(&empty).unwrap() else {
        panic!(
            "no grid for {}x{}",
            rules.shape().size(),
            rules.shape().size()
        );
    };
    assert!(grid.is_complete());
    assert_eq!(check_solution(&empty, &grid), Ok(()));
}

#[test]
fn empty_25x25_and_36x36_grids_are_completed() {
    for size in [25, 36] {
        complete(&Rules::new(Shape::from_size(size).unwrap()), None);
    }
}

#[test]
fn boxes_of_every_orientation_are_completed() {
    // Two bands of 9x2 boxes, nine of 2x9 ones, and two of 16x2 ones.
    for (r, c) in [(9, 2), (2, 9), (16, 2)] {
        complete(&Rules::new(Shape::with_boxes(r, c).unwrap()), Some(3));
    }
}

#[test]
fn the_same_seed_gives_the_same_grid() {
    let rules = Rules::new(Shape::from_size(25).unwrap());
    let empty = Puzzle::empty(rules.clone());
    let mut solver = Solver::new(&rules);
    solver.set_seed(Some(9));
    let first = solver.solve(&empty).unwrap();
    assert_eq!(solver.solve(&empty).unwrap(), first);
    solver.set_seed(Some(10));
    assert_ne!(solver.solve(&empty).unwrap(), first);
}

#[test]
fn a_budget_bounds_every_restart_together() {
    let rules = Rules::new(Shape::from_size(36).unwrap());
    let mut solver = Solver::new(&rules);
    solver.set_budget(Budget::nodes(50));
    assert_eq!(
        solver.solve(&Puzzle::empty(rules.clone())).unwrap(),
        First::BudgetExhausted
    );
}

#[test]
fn variants_are_searched_without_seeded_rows() {
    // The pattern grid breaks the diagonals, so an X grid is searched as it is.
    let rules = Rules::new(Shape::from_size(20).unwrap()).with_variants(Variants {
        x: true,
        ..Variants::default()
    });
    complete(&rules, None);
}

#[test]
#[ignore = "builds the matrix of every size up to 64x64; run in release mode (see .ci/run)"]
fn every_empty_grid_up_to_64x64_is_completed() {
    for size in 17..=64 {
        let Ok(shape) = Shape::from_size(size) else {
            continue; // a prime size has no boxes
        };
        for seed in [None, Some(1), Some(2)] {
            complete(&Rules::new(shape), seed);
        }
    }
}

#[test]
#[ignore = "generates 25x25 puzzles; run in release mode (see .ci/run)"]
fn generated_25x25_puzzles_are_unique_and_symmetric() {
    let rules = Rules::new(Shape::from_size(25).unwrap());
    let mut generator = Generator::new(&rules, GenerateOptions::default());
    let mut solver = Solver::new(&rules);
    for seed in 0..3 {
        let generated = generator.generate(seed).unwrap();
        assert!(Symmetry::Rot180.holds_for(generated.puzzle.givens()));
        assert_eq!(
            check_solution(&generated.puzzle, &generated.solution),
            Ok(())
        );
        let count = solver.count(&generated.puzzle, Some(2)).unwrap();
        assert_eq!(
            (count.solutions, count.is_exact()),
            (1, true),
            "seed {seed}"
        );
    }
}
