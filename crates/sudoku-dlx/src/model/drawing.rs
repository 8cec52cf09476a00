//! Drawing a grid of a puzzle as text, with the borders of its units: the
//! boxes ([`Grid::pretty`]) or, for jigsaw, the region map's borders, since
//! its regions are not the boxes, followed by the grid and its map on one
//! line, the form [`Puzzle::parse`](crate::Puzzle::parse) reads back with
//! [`ParseOptions::jigsaw`](crate::ParseOptions::jigsaw).

use std::fmt::{self, Write};

use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::regions::Regions;

impl Puzzle {
    /// `grid` (a solution, or the givens) drawn in this puzzle's alphabet
    /// with the borders of its units: box separators as
    /// [`Grid::pretty_with`] draws them, or for a jigsaw puzzle `|` and `-`
    /// where the regions change, then the grid and its region map on one
    /// line. The drawing ends with a line ending.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Puzzle};
    /// let jigsaw = ParseOptions { jigsaw: true, ..ParseOptions::default() };
    /// let puzzle = Puzzle::parse("1234341221434321 aabbaabbccddccdd", &jigsaw)?;
    /// assert_eq!(
    ///     puzzle.drawing(puzzle.givens()).to_string(),
    ///     "1 2|3 4\n\
    ///      3 4|1 2\n\
    ///      ---+---\n\
    ///      2 1|4 3\n\
    ///      4 3|2 1\n\
    ///      1234341221434321 aabbaabbccddccdd\n"
    /// );
    /// // Without a region map, the boxes.
    /// let plain: Puzzle = "1234341221434321".parse()?;
    /// assert_eq!(plain.drawing(plain.givens()).to_string(), plain.pretty().to_string());
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn drawing<'a>(&'a self, grid: &'a Grid) -> Drawing<'a> {
        Drawing { puzzle: self, grid }
    }
}

/// A grid drawn with its puzzle's borders; see [`Puzzle::drawing`].
#[derive(Clone, Copy, Debug)]
pub struct Drawing<'a> {
    puzzle: &'a Puzzle,
    grid: &'a Grid,
}

impl fmt::Display for Drawing<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.puzzle.rules().regions() {
            Some(regions) => f.write_str(&jigsaw(self.puzzle, self.grid, regions)),
            None => write!(f, "{}", self.grid.pretty_with(self.puzzle.alphabet())),
        }
    }
}

/// `grid` drawn with the borders of `regions`, then its line with the map.
fn jigsaw(puzzle: &Puzzle, grid: &Grid, regions: &Regions) -> String {
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
    use crate::{ParseOptions, Puzzle};

    #[test]
    fn the_last_line_of_a_jigsaw_drawing_reads_back_and_a_plain_one_draws_boxes() {
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let puzzle = Puzzle::parse("1234341221434321 aabbaabbccddccdd", &options).unwrap();
        let drawn = puzzle.drawing(puzzle.givens()).to_string();
        let last = drawn.lines().last().unwrap();
        assert_eq!(Puzzle::parse(last, &options).unwrap(), puzzle);
        // A map whose regions are not the boxes (rows aaab, cabb, ccdb,
        // cddd): the borders follow the map.
        let puzzle = Puzzle::parse("1...............  aaabcabbccdbcddd", &options).unwrap();
        let drawn = puzzle.drawing(puzzle.givens()).to_string();
        assert_eq!(
            drawn,
            "1 . .|.\n\
             -+ +-+\n\
             .|.|. .\n \
             +-+-+\n\
             . .|.|.\n \
             +-+ +-\n\
             .|. . .\n\
             1............... aaabcabbccdbcddd\n"
        );
        let plain: Puzzle = "1234341221434321".parse().unwrap();
        assert_eq!(
            plain.drawing(plain.givens()).to_string(),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
    }
}
