//! Puzzles that must be rejected, for the right reason.

use sudoku_dlx::{Error, First, Grid, Puzzle, Rules, Shape, Solver, Unit};

use crate::util::{lines, parse};

#[test]
fn emerentius_invalid_set_is_rejected_for_the_stated_reason() {
    let mut solver = Solver::new(&Rules::classic());
    for line in lines("emerentius_invalid_with_reason.txt") {
        let (text, reason) = line.split_once(' ').unwrap();
        let puzzle = parse(text);
        // One path for no solution (issue 41): the clash is the reason, not the answer.
        assert_eq!(solver.solve(&puzzle), Ok(First::NoSolution), "{line}");
        let result = solver.clash(&puzzle).unwrap().map_or(Ok(()), Err);
        let direct = puzzle.check_givens();
        let unit = match reason {
            "box duplicate" => Some(Unit::Box),
            "column duplicate" => Some(Unit::Column),
            "row duplicate" => Some(Unit::Row),
            r if r.starts_with("unsolvable") => None,
            r => panic!("unknown reason {r}"),
        };
        match unit {
            Some(unit) => {
                let Err(Error::ConflictingGivens {
                    first,
                    second,
                    digit,
                    unit: found,
                }) = result
                else {
                    panic!("{line}: {result:?}")
                };
                assert_eq!(found, unit, "{line}");
                let given = |c: sudoku_dlx::Cell| puzzle.givens().digit(c);
                assert_eq!(given(first), Some(digit));
                assert_eq!(given(second), Some(digit));
                assert_ne!(first, second);
                assert!(
                    matches!(direct, Err(Error::ConflictingGivens { digit: d, .. }) if d == digit),
                    "{line}: {direct:?}"
                );
            }
            None => {
                assert_eq!(result, Ok(()), "{line}");
                assert_eq!(direct, Ok(()), "{line}");
            }
        }
    }
}

#[test]
fn conflicting_givens_name_both_cells_and_the_digit() {
    let mut line = ".".repeat(81);
    line.replace_range(0..1, "5");
    line.replace_range(8..9, "5");
    let puzzle = parse(&line);
    let mut solver = Solver::new(puzzle.rules());
    assert_eq!(solver.solve(&puzzle), Ok(First::NoSolution));
    let err = solver.clash(&puzzle).unwrap().unwrap();
    assert_eq!(
        err.to_string(),
        "givens at r1c1 and r1c9 both hold 5 in the same row; fix one of them"
    );
    // The failed selection leaves the solver clean for the next puzzle.
    let empty = parse(&".".repeat(81));
    assert!(matches!(solver.solve(&empty), Ok(First::Solution(_))));
}

#[test]
fn a_solver_rejects_puzzles_of_other_rules() {
    let mut solver = Solver::new(&Rules::classic());
    let small = parse(&".".repeat(16));
    assert_eq!(solver.solve(&small), Err(Error::RulesMismatch));
}

/// Regression: a 6x6 grid with 2x3 boxes given to 6x6 rules with 3x2 boxes
/// said "found 36 cells, expected 36".
#[test]
fn a_puzzle_of_rules_and_a_grid_of_other_boxes_is_a_shape_mismatch() {
    let tall = Shape::with_boxes(3, 2).unwrap();
    let wide = Shape::with_boxes(2, 3).unwrap();
    let err = Puzzle::new(Rules::new(tall), Grid::empty(wide)).unwrap_err();
    assert_eq!(
        err,
        Error::ShapeMismatch {
            expected: (3, 2),
            found: (2, 3)
        }
    );
    assert_eq!(
        err.to_string(),
        "the grid is 6x6 (2x3 boxes), but the rules are for 6x6 (3x2 boxes); build the grid with the rules' shape"
    );
    assert!(Puzzle::new(Rules::new(tall), Grid::empty(tall)).is_ok());
}

/// One path for no solution: `count` counts clashing givens as an exact
/// 0, and `tally` agrees with it, adding the clash `clash` names.
#[test]
fn tally_counts_clashes_as_zero_with_the_reason() {
    let mut solver = Solver::new(&Rules::classic());
    let (mut clashes, mut others) = (0, 0);
    for line in lines("emerentius_invalid_with_reason.txt") {
        let puzzle = parse(line.split_once(' ').unwrap().0);
        let tally = solver.tally(&puzzle, Some(2)).unwrap();
        let count = solver.count(&puzzle, Some(2)).unwrap();
        assert_eq!(tally.count, count, "{line}");
        match solver.clash(&puzzle).unwrap() {
            Some(e) => {
                assert_eq!(tally.clash, Some(e), "{line}");
                assert_eq!((count.solutions, count.is_exact()), (0, true));
                clashes += 1;
            }
            None => {
                assert_eq!(tally.clash, None, "{line}");
                others += 1;
            }
        }
    }
    assert!(clashes > 0 && others > 0, "{clashes} / {others}");
    let small = parse(&".".repeat(16));
    assert_eq!(solver.tally(&small, None), Err(Error::RulesMismatch));
}
