//! Property tests against oracles.

use proptest::prelude::*;
use sudoku_dlx::{
    Alphabet, Grid, ParseOptions, Puzzle, Regions, Rules, Shape, Solver, Variants, check_solution,
};

/// Naive backtracking on 4x4: the number of completions of `digits`, up to `limit`.
fn naive_count(digits: &mut [u8; 16], limit: u64) -> u64 {
    let Some(i) = digits.iter().position(|&d| d == 0) else {
        return 1;
    };
    let (r, c) = (i / 4, i % 4);
    let mut total = 0;
    for d in 1..=4 {
        let clash = (0..4).any(|k| digits[r * 4 + k] == d || digits[k * 4 + c] == d)
            || (0..4).any(|k| {
                let (br, bc) = (r / 2 * 2 + k / 2, c / 2 * 2 + k % 2);
                digits[br * 4 + bc] == d
            });
        if !clash {
            digits[i] = d;
            total += naive_count(digits, limit - total);
            digits[i] = 0;
            if total >= limit {
                break;
            }
        }
    }
    total
}

/// Whether the givens alone break a rule (the naive search never checks them).
fn givens_clash(digits: &[u8; 16]) -> bool {
    let shape = Shape::from_size(4).unwrap();
    let puzzle = Puzzle::new(
        Rules::new(shape),
        Grid::from_digits(shape, digits.to_vec()).unwrap(),
    )
    .unwrap();
    puzzle.check_givens().is_err()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn engine_counts_agree_with_naive_backtracking_on_4x4(
        cells in proptest::collection::vec(0u8..=4, 16)
            .prop_map(|v| v.into_iter().enumerate().map(|(i, d)| if i % 3 == 0 { d } else { 0 }).collect::<Vec<_>>())
    ) {
        let mut digits = [0u8; 16];
        digits.copy_from_slice(&cells);
        let shape = Shape::from_size(4).unwrap();
        let puzzle = Puzzle::new(Rules::new(shape), Grid::from_digits(shape, cells.clone()).unwrap()).unwrap();
        let mut solver = Solver::new(puzzle.rules());
        // Clashing givens are a puzzle without solution: an exact 0.
        let count = solver.count(&puzzle, Some(300));
        prop_assert!(count.is_ok(), "{:?}", count);
        let count = count.unwrap();
        prop_assert!(count.is_exact());
        if givens_clash(&digits) {
            prop_assert_eq!(count.solutions, 0);
        } else {
            prop_assert_eq!(count.solutions, naive_count(&mut digits, 300));
        }
    }

    #[test]
    fn print_and_parse_round_trip(
        n in prop::sample::select(vec![4usize, 6, 8, 9, 12, 16, 25, 36]),
        seed in any::<u64>(),
        density in 0u64..100,
    ) {
        let shape = Shape::from_size(n).unwrap();
        let mut grid = Grid::empty(shape);
        let mut x = seed;
        for i in 0..shape.cell_count() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (x >> 33) % 100 < density {
                let d = u8::try_from((x >> 40) % n as u64 + 1).unwrap();
                grid.set(i, d).unwrap();
            }
        }
        let puzzle = Puzzle::new(Rules::new(shape), grid).unwrap();
        let options = ParseOptions { shape: Some(shape), ..ParseOptions::default() };
        let line = puzzle.to_string();
        prop_assert_eq!(&Puzzle::parse(&line, &options).unwrap(), &puzzle);
        let block = puzzle.pretty().to_string();
        let back = Puzzle::parse(&block, &options).unwrap();
        prop_assert_eq!(back.givens(), puzzle.givens());
    }

    /// Regression: the line of a variant puzzle (or of 3x2 boxes) read back
    /// with the default options as other rules; with the puzzle's own
    /// options every puzzle reads back equal, jigsaw maps included.
    #[test]
    fn every_puzzle_reads_back_with_its_own_options(
        sides in prop::sample::select(vec![(2usize, 2usize), (2, 3), (3, 2), (3, 3), (4, 3), (2, 5)]),
        variants in (any::<bool>(), any::<bool>(), any::<bool>(), any::<bool>()),
        jigsaw in any::<bool>(),
        numbers in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let shape = Shape::with_boxes(sides.0, sides.1).unwrap();
        let (x, windoku, anti_king, anti_knight) = variants;
        let mut rules = Rules::new(shape).with_variants(Variants { x, windoku, anti_king, anti_knight });
        if jigsaw {
            // The boxes of the transposed shape: a valid map, not these boxes.
            let other = Shape::with_boxes(sides.1, sides.0).unwrap();
            rules = rules.with_regions(Regions::boxes(other)).unwrap();
        }
        let mut grid = Grid::empty(shape);
        let mut x = seed;
        for i in 0..shape.cell_count() {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            if (x >> 33) % 3 == 0 {
                let d = u8::try_from((x >> 40) % shape.size() as u64 + 1).unwrap();
                grid.set(i, d).unwrap();
            }
        }
        let mut puzzle = Puzzle::new(rules, grid).unwrap();
        if numbers {
            puzzle = puzzle.with_alphabet(Alphabet::Numbers);
        }
        let line = puzzle.to_string();
        prop_assert_eq!(&Puzzle::parse(&line, &ParseOptions::for_puzzle(&puzzle)).unwrap(), &puzzle);
    }

    #[test]
    fn seeded_grids_pass_the_checker(seed in any::<u64>()) {
        let puzzle = Puzzle::empty(Rules::classic());
        let mut solver = Solver::new(puzzle.rules());
        solver.set_seed(Some(seed));
        let Ok(sudoku_dlx::First::Solution(grid)) = solver.solve(&puzzle) else {
            return Err(TestCaseError::fail("no grid"));
        };
        prop_assert_eq!(check_solution(&puzzle, &grid), Ok(()));
    }
}
