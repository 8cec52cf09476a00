//! Variant puzzles made by the crate's own randomized search.

use sudoku_dlx::{
    Budget, First, Grid, ParseOptions, Puzzle, Regions, Rules, Shape, Solver, Variants,
    check_solution,
};

use crate::util::{lines, solve_checked};

/// A full grid for `rules`, from seeded searches of the empty puzzle.
///
/// Anti-knight search from empty is heavy-tailed (some seeds take millions
/// of nodes), so, as a generator would, restart with the next seed whenever
/// a small node budget runs out.
fn random_grid(solver: &mut Solver, seed: u64) -> Grid {
    let empty = Puzzle::empty(solver.rules().clone());
    solver.set_budget(Budget::nodes(20_000));
    for attempt in 0..1000 {
        solver.set_seed(Some(seed * 1000 + attempt));
        match solver.solve(&empty) {
            Ok(First::Solution(grid)) => {
                assert_eq!(check_solution(&empty, &grid), Ok(()));
                solver.set_seed(None);
                solver.set_budget(Budget::UNLIMITED);
                return grid;
            }
            Ok(First::BudgetExhausted) => {}
            other => panic!("{}: {other:?}", solver.rules()),
        }
    }
    panic!("{}: no grid in 1000 restarts", solver.rules())
}

/// The puzzle keeping every cell of `grid` whose index hashes below `keep` of 100.
fn puzzle_from(rules: &Rules, grid: &Grid, keep: u64, seed: u64) -> Puzzle {
    let mut digits = grid.digits().to_vec();
    for (i, d) in digits.iter_mut().enumerate() {
        let mut x = seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        x ^= x >> 29;
        x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x ^= x >> 32;
        if x % 100 >= keep {
            *d = 0;
        }
    }
    Puzzle::new(
        rules.clone(),
        Grid::from_digits(grid.shape(), digits).unwrap(),
    )
    .unwrap()
}

fn exercise(rules: &Rules, seeds: std::ops::Range<u64>) {
    let mut solver = Solver::new(rules);
    for seed in seeds {
        let grid = random_grid(&mut solver, seed);
        let puzzle = puzzle_from(rules, &grid, 40, seed);
        solve_checked(&mut solver, &puzzle);
        // Every solution of the puzzle passes the checker; the planted grid is one.
        let mut planted = false;
        solver
            .for_each_solution(&puzzle, |g| {
                assert_eq!(check_solution(&puzzle, g), Ok(()), "{rules}");
                planted |= *g == grid;
                if planted {
                    std::ops::ControlFlow::Break(())
                } else {
                    std::ops::ControlFlow::Continue(())
                }
            })
            .unwrap();
        assert!(planted, "{rules}: the planted grid was not found");
    }
}

fn rules(variants: Variants) -> Rules {
    Rules::classic().with_variants(variants)
}

const NONE: Variants = Variants::NONE;

#[test]
fn x_puzzles_solve_and_check() {
    exercise(&rules(Variants { x: true, ..NONE }), 0..5);
}

#[test]
fn windoku_puzzles_solve_and_check() {
    exercise(
        &rules(Variants {
            windoku: true,
            ..NONE
        }),
        0..5,
    );
}

#[test]
fn anti_king_puzzles_solve_and_check() {
    exercise(
        &rules(Variants {
            anti_king: true,
            ..NONE
        }),
        0..5,
    );
}

#[test]
fn anti_knight_puzzles_solve_and_check() {
    exercise(
        &rules(Variants {
            anti_knight: true,
            ..NONE
        }),
        0..2,
    );
}

#[test]
fn combined_variants_solve_and_check() {
    exercise(
        &rules(Variants {
            x: true,
            windoku: true,
            ..NONE
        }),
        0..3,
    );
    exercise(
        &rules(Variants {
            x: true,
            anti_king: true,
            ..NONE
        }),
        0..3,
    );
    exercise(
        &rules(Variants {
            anti_king: true,
            anti_knight: true,
            ..NONE
        }),
        0..2,
    );
    let jigsaw = lines("janko_jigsaw_9x9.txt");
    let map = jigsaw[0].split_whitespace().nth(1).unwrap();
    let regions = Regions::parse(map, Shape::CLASSIC).unwrap();
    let jigsaw_x = Rules::classic()
        .with_regions(regions)
        .unwrap()
        .with_variants(Variants { x: true, ..NONE });
    exercise(&jigsaw_x, 0..3);
}

#[test]
fn variants_on_other_shapes() {
    for n in [4, 6, 8] {
        let shape = Shape::from_size(n).unwrap();
        exercise(
            &Rules::new(shape).with_variants(Variants { x: true, ..NONE }),
            0..2,
        );
    }
    exercise(
        &Rules::new(Shape::from_size(16).unwrap()).with_variants(Variants {
            windoku: true,
            ..NONE
        }),
        0..1,
    );
}

#[test]
fn seeded_search_is_reproducible_and_varies() {
    let mut solver = Solver::new(&Rules::classic());
    let a = random_grid(&mut solver, 7);
    let b = random_grid(&mut solver, 7);
    let c = random_grid(&mut solver, 8);
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn variant_conflicts_are_reported_with_their_unit() {
    let options = ParseOptions {
        variants: Variants {
            anti_king: true,
            anti_knight: true,
            x: true,
            ..NONE
        },
        ..ParseOptions::default()
    };
    let mut line = ".".repeat(81);
    line.replace_range(2..3, "5"); // r1c3
    line.replace_range(12..13, "5"); // r2c4: a king's move across a box edge
    let puzzle = Puzzle::parse(&line, &options).unwrap();
    let mut solver = Solver::new(puzzle.rules());
    assert_eq!(solver.solve(&puzzle), Ok(sudoku_dlx::First::NoSolution));
    assert!(matches!(
        solver.clash(&puzzle),
        Ok(Some(sudoku_dlx::Error::ConflictingGivens {
            unit: sudoku_dlx::Unit::KingMove,
            digit: 5,
            ..
        }))
    ));
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5"); // r1c1
    line.replace_range(14..15, "5"); // r2c6: not a knight's move
    line.replace_range(11..12, "6"); // r2c3
    line.replace_range(22..23, "6"); // r3c5: a knight's move across a box edge
    let puzzle = Puzzle::parse(&line, &options).unwrap();
    assert_eq!(solver.solve(&puzzle), Ok(sudoku_dlx::First::NoSolution));
    assert!(matches!(
        solver.clash(&puzzle),
        Ok(Some(sudoku_dlx::Error::ConflictingGivens {
            unit: sudoku_dlx::Unit::KnightMove,
            digit: 6,
            ..
        }))
    ));
    assert!(matches!(
        puzzle.check_givens(),
        Err(sudoku_dlx::Error::ConflictingGivens {
            unit: sudoku_dlx::Unit::KnightMove,
            digit: 6,
            ..
        })
    ));
}
