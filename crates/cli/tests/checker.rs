//! An independent Sudoku checker and solution counter for the tests: rows,
//! columns, boxes, optional diagonals, windoku windows and jigsaw regions,
//! and the givens kept. It shares no code with the library.

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
    /// The windoku windows: boxes' shapes set one cell in from each box corner.
    pub(crate) windoku: bool,
}

/// The side of a grid of `cells` cells and its box shape (rows, columns):
/// the squarest boxes with no more rows than columns.
fn shape(cells: usize) -> (usize, usize, usize) {
    let n = (1..=64).find(|n| n * n == cells).expect("a square grid");
    let box_rows = (1..=n).rfind(|r| r * r <= n && n % r == 0).unwrap();
    (n, box_rows, n / box_rows)
}

/// Every unit (a set of n cells that holds each digit once) of the rules.
fn units(cells: usize, extra: &Extra<'_>) -> Vec<Vec<usize>> {
    let (n, box_rows, box_cols) = shape(cells);
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
    if extra.windoku {
        let across = (n - 1) / (box_cols + 1);
        let down = (n - 1) / (box_rows + 1);
        for i in 0..down {
            for j in 0..across {
                let (top, left) = (1 + i * (box_rows + 1), 1 + j * (box_cols + 1));
                units.push(
                    (0..n)
                        .map(|k| (top + k / box_cols) * n + left + k % box_cols)
                        .collect(),
                );
            }
        }
    }
    units
}

/// The number of solutions of `puzzle` (line format), stopping at `limit`:
/// plain backtracking on the cell with the fewest candidates.
pub(crate) fn count_solutions(puzzle: &str, extra: &Extra<'_>, limit: usize) -> usize {
    let mut grid: Vec<u32> = puzzle.chars().map(digit).collect();
    let cells = grid.len();
    let units = units(cells, extra);
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); cells];
    for unit in &units {
        for &a in unit {
            peers[a].extend(unit.iter().copied().filter(|&b| b != a));
        }
    }
    let clash = (0..cells).any(|a| grid[a] != 0 && peers[a].iter().any(|&b| grid[b] == grid[a]));
    if clash {
        return 0;
    }
    let (n, _, _) = shape(cells);
    let mut count = 0;
    search(&mut grid, &peers, n, limit, &mut count);
    count
}

fn search(grid: &mut [u32], peers: &[Vec<usize>], n: usize, limit: usize, count: &mut usize) {
    // The blank cell with the fewest candidates, and its candidates as a bit set.
    let mut best: Option<(usize, u64)> = None;
    for i in (0..grid.len()).filter(|&i| grid[i] == 0) {
        let used = peers[i].iter().fold(0u64, |m, &p| m | (1u64 << grid[p]));
        let free = !used & (((1u64 << n) - 1) << 1);
        if best.is_none_or(|(_, b)| free.count_ones() < b.count_ones()) {
            best = Some((i, free));
        }
    }
    let Some((cell, free)) = best else {
        *count += 1;
        return;
    };
    for d in (1..=u32::try_from(n).unwrap()).filter(|&d| free & (1u64 << d) != 0) {
        grid[cell] = d;
        search(grid, peers, n, limit, count);
        if *count >= limit {
            break;
        }
    }
    grid[cell] = 0;
}

/// Panics unless `solution` (line format) solves `puzzle` (line format).
pub(crate) fn check(puzzle: &str, solution: &str, extra: &Extra<'_>) {
    let givens: Vec<u32> = puzzle.chars().map(digit).collect();
    let grid: Vec<u32> = solution.chars().map(digit).collect();
    let cells = grid.len();
    let n = (1..=64).find(|n| n * n == cells).expect("a square grid");
    assert_eq!(givens.len(), cells, "puzzle and solution sizes differ");
    for (i, (&g, &d)) in givens.iter().zip(&grid).enumerate() {
        assert!(d >= 1 && d as usize <= n, "cell {i} holds {d}");
        assert!(g == 0 || g == d, "given at cell {i} changed");
    }
    for unit in units(cells, extra) {
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

#[test]
fn the_counter_knows_small_counts() {
    assert_eq!(
        count_solutions(&".".repeat(16), &Extra::default(), 1000),
        288
    );
    let good = "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
    assert_eq!(count_solutions(good, &Extra::default(), 2), 1);
    // Two 1s in the first row: no solution.
    let clash = format!("11{}", ".".repeat(79));
    assert_eq!(count_solutions(&clash, &Extra::default(), 2), 0);
    let x_empty_4x4 = count_solutions(
        &".".repeat(16),
        &Extra {
            x: true,
            ..Extra::default()
        },
        1000,
    );
    assert!(x_empty_4x4 > 0 && x_empty_4x4 < 288);
}
