//! The `--format grid` drawing of a jigsaw grid: lines where the regions
//! change, since its regions are not the boxes the library's pretty grid
//! draws, followed by the grid and its region map on one line, the form
//! `solve --jigsaw` and `check --jigsaw` read.
//!
//! ```text
//! 1 2|3 4
//! 3 4|1 2
//! ---+---
//! 2 1|4 3
//! 4 3|2 1
//! 1234341221434321 aabbaabbccddccdd
//! ```

use std::fmt::Write;

use sudoku_dlx::{Grid, Puzzle, Regions};

/// `grid` (a solution or the givens of `puzzle`) drawn with the borders of
/// `regions`, then its line with the map; it ends with a line ending.
pub(crate) fn jigsaw_grid(puzzle: &Puzzle, grid: &Grid, regions: &Regions) -> String {
    let n = grid.shape().size();
    let line = puzzle.format_grid(grid);
    // One symbol per cell: characters, or numbers between spaces.
    let symbols: Vec<String> = if line.chars().count() == n * n {
        line.chars().map(String::from).collect()
    } else {
        line.split_whitespace().map(str::to_owned).collect()
    };
    let width = symbols.iter().map(String::len).max().unwrap_or(1);
    let region = |row: usize, col: usize| regions.region_of(row * n + col);
    // Whether a border runs right of (row, col), or below it.
    let right = |row: usize, col: usize| col + 1 < n && region(row, col) != region(row, col + 1);
    let below = |row: usize, col: usize| row + 1 < n && region(row, col) != region(row + 1, col);
    let mut text = String::new();
    for row in 0..n {
        let mut drawn = String::new();
        for col in 0..n {
            let symbol = symbols.get(row * n + col).map_or("?", String::as_str);
            let _ = write!(drawn, "{symbol:>width$}");
            if col + 1 < n {
                drawn.push(if right(row, col) { '|' } else { ' ' });
            }
        }
        text.push_str(drawn.trim_end());
        text.push('\n');
        if row + 1 == n {
            break;
        }
        let mut border = String::new();
        for col in 0..n {
            let under = if below(row, col) { '-' } else { ' ' };
            border.extend(std::iter::repeat_n(under, width));
            if col + 1 < n {
                let vertical = right(row, col) || right(row + 1, col);
                let horizontal = below(row, col) || below(row, col + 1);
                border.push(match (vertical, horizontal) {
                    (true, true) => '+',
                    (true, false) => '|',
                    (false, true) => '-',
                    (false, false) => ' ',
                });
            }
        }
        let border = border.trim_end();
        // Only vertical lines: the rows above and below show them.
        if border.contains(['-', '+']) {
            text.push_str(border);
            text.push('\n');
        }
    }
    let _ = writeln!(text, "{line} {regions}");
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_dlx::ParseOptions;

    #[test]
    fn borders_follow_the_regions_and_the_last_line_reads_back() {
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let puzzle = Puzzle::parse("1234341221434321 aabbaabbccddccdd", &options).unwrap();
        let regions = puzzle.rules().regions().unwrap();
        let drawn = jigsaw_grid(&puzzle, puzzle.givens(), regions);
        assert_eq!(
            drawn,
            "1 2|3 4\n\
             3 4|1 2\n\
             ---+---\n\
             2 1|4 3\n\
             4 3|2 1\n\
             1234341221434321 aabbaabbccddccdd\n"
        );
        let last = drawn.lines().last().unwrap();
        assert_eq!(Puzzle::parse(last, &options).unwrap(), puzzle);
    }
}
