//! An independent Sudoku checker for the tests: rows, columns, boxes,
//! optional diagonals and jigsaw regions, and the givens kept. It shares no
//! code with the library.

/// The digit a symbol stands for (`1`-`9`, then `A`=10 ...), 0 for a blank.
fn digit(symbol: char) -> u32 {
    match symbol {
        '.' | '0' => 0,
        _ => symbol.to_digit(36).expect("a digit symbol"),
    }
}

/// What a solution must obey besides rows, columns and boxes.
#[derive(Default)]
pub(crate) struct Extra<'a> {
    /// Each main diagonal holds every digit once.
    pub(crate) x: bool,
    /// A jigsaw region map (one letter per cell) replacing the boxes.
    pub(crate) regions: Option<&'a str>,
}

/// Panics unless `solution` (line format) solves `puzzle` (line format).
pub(crate) fn check(puzzle: &str, solution: &str, extra: &Extra<'_>) {
    let givens: Vec<u32> = puzzle.chars().map(digit).collect();
    let grid: Vec<u32> = solution.chars().map(digit).collect();
    let cells = grid.len();
    let n = (1..=64).find(|n| n * n == cells).expect("a square grid");
    assert_eq!(givens.len(), cells, "puzzle and solution sizes differ");
    let box_rows = (1..=n).rfind(|r| r * r <= n && n % r == 0).unwrap();
    let box_cols = n / box_rows;
    for (i, (&g, &d)) in givens.iter().zip(&grid).enumerate() {
        assert!(d >= 1 && d as usize <= n, "cell {i} holds {d}");
        assert!(g == 0 || g == d, "given at cell {i} changed");
    }
    let mut units: Vec<Vec<usize>> = Vec::new();
    for k in 0..n {
        units.push((0..n).map(|c| k * n + c).collect());
        units.push((0..n).map(|r| r * n + k).collect());
    }
    match extra.regions {
        Some(map) => {
            let map: Vec<char> = map.chars().collect();
            assert_eq!(map.len(), cells);
            let mut letters: Vec<char> = map.clone();
            letters.sort_unstable();
            letters.dedup();
            for letter in letters {
                units.push((0..cells).filter(|&i| map[i] == letter).collect());
            }
        }
        None => {
            for b in 0..n {
                let (top, left) = (b / box_rows * box_rows, b % box_rows * box_cols);
                units.push(
                    (0..n)
                        .map(|k| (top + k / box_cols) * n + left + k % box_cols)
                        .collect(),
                );
            }
        }
    }
    if extra.x {
        units.push((0..n).map(|k| k * n + k).collect());
        units.push((0..n).map(|k| k * n + n - 1 - k).collect());
    }
    for unit in units {
        assert_eq!(unit.len(), n, "a unit of the wrong size");
        let mut seen = vec![false; n + 1];
        for i in unit {
            let d = grid[i] as usize;
            assert!(!seen[d], "digit {d} twice in a unit");
            seen[d] = true;
        }
    }
}

#[test]
fn the_checker_rejects_a_broken_grid() {
    let good = "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
    check(&".".repeat(81), good, &Extra::default());
    let swapped = format!("{}{}", "897654321", &good[9..]);
    let result = std::panic::catch_unwind(|| check(&".".repeat(81), &swapped, &Extra::default()));
    assert!(result.is_err());
}
