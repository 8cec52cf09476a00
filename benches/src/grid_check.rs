//! An independent Sudoku grid checker: it knows only the rules, nothing of
//! exact cover or of any solver.

use crate::sudoku_sets::Digits;

/// Checks that `solution` is a completed 9x9 Sudoku grid that keeps every
/// given of `puzzle`: each row, column and 3x3 box holds 1 to 9 once each.
///
/// # Errors
///
/// A description of the first defect found.
pub fn check_grid(puzzle: &Digits, solution: &Digits) -> Result<(), String> {
    for (cell, (&given, &digit)) in puzzle.iter().zip(solution).enumerate() {
        if !(1..=9).contains(&digit) {
            return Err(format!("cell {cell} holds {digit}, not a digit 1-9"));
        }
        if given != 0 && given != digit {
            return Err(format!("cell {cell} changes the given {given} to {digit}"));
        }
    }
    for unit in 0..9 {
        let row = |k: usize| unit * 9 + k;
        let column = |k: usize| k * 9 + unit;
        let boxed = |k: usize| (unit / 3 * 3 + k / 3) * 9 + unit % 3 * 3 + k % 3;
        for (kind, cell_of) in [
            ("row", &row as &dyn Fn(usize) -> usize),
            ("column", &column),
            ("box", &boxed),
        ] {
            let mut seen = 0u16;
            for k in 0..9 {
                seen |= 1 << solution[cell_of(k)];
            }
            if seen != 0b11_1111_1110 {
                return Err(format!("{kind} {unit} does not hold each digit once"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sudoku_sets::parse_line;

    const SOLVED: &str =
        "987654321246173985351928746128537694634892157795461832519286473472319568863745219";

    #[test]
    fn accepts_a_solution_and_rejects_each_defect() {
        let solution = parse_line(SOLVED).unwrap();
        let mut puzzle = [0; 81];
        puzzle[10] = solution[10];
        assert_eq!(check_grid(&puzzle, &solution), Ok(()));

        puzzle[0] = 1;
        assert!(
            check_grid(&puzzle, &solution)
                .unwrap_err()
                .contains("given")
        );

        let mut swapped = solution;
        swapped.swap(0, 1);
        assert!(
            check_grid(&[0; 81], &swapped)
                .unwrap_err()
                .contains("column 0")
        );

        // Swapping two rows inside a band keeps rows, columns and boxes valid.
        let mut rows = solution;
        rows[..18].rotate_left(9);
        assert_eq!(check_grid(&[0; 81], &rows), Ok(()));

        // Swapping two columns across bands breaks a box only.
        let mut cols = solution;
        for r in 0..9 {
            cols.swap(r * 9, r * 9 + 3);
        }
        assert_eq!(
            check_grid(&[0; 81], &cols).unwrap_err(),
            "box 0 does not hold each digit once"
        );

        let mut zero = solution;
        zero[5] = 0;
        assert!(check_grid(&[0; 81], &zero).is_err());
    }
}
