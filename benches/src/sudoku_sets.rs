//! The tdoku benchmark sets in `data/sudoku`, read into digit arrays.

use crate::problems::data_dir;

/// A 9x9 grid in row-major order: digits 1 to 9, 0 for an empty cell.
pub type Digits = [u8; 81];

/// A Sudoku benchmark set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SudokuSet {
    /// A short name for tables.
    pub name: &'static str,
    /// The file name under `data/sudoku`.
    pub file: &'static str,
    /// Whether every puzzle is known to have two or more solutions.
    pub all_multiple: bool,
}

/// 49,158 puzzles with 17 givens, the fewest a unique Sudoku can have.
pub const SEVENTEEN_CLUE: SudokuSet = SudokuSet {
    name: "17-clue",
    file: "tdoku_puzzles2_17_clue.txt",
    all_multiple: false,
};

/// magictour's top 1465 hard puzzles.
pub const TOP1465: SudokuSet = SudokuSet {
    name: "top1465",
    file: "tdoku_puzzles3_magictour_top1465.txt",
    all_multiple: false,
};

/// The forum's hardest puzzles rated 11 and up (48,766 of them).
pub const FORUM_HARDEST: SudokuSet = SudokuSet {
    name: "1905_11+",
    file: "tdoku_puzzles5_forum_hardest_1905_11plus.txt",
    all_multiple: false,
};

/// serg's benchmark: 10,000 puzzles, every one with two or more solutions.
pub const SERG: SudokuSet = SudokuSet {
    name: "serg",
    file: "tdoku_puzzles7_serg_benchmark.txt",
    all_multiple: true,
};

/// The four sets of the tdoku protocol used here.
pub const ALL_SETS: [SudokuSet; 4] = [SEVENTEEN_CLUE, TOP1465, FORUM_HARDEST, SERG];

impl SudokuSet {
    /// Reads the first `limit` puzzles of the set (all of them with `None`).
    ///
    /// # Errors
    ///
    /// A message naming the file and line if it cannot be read or a line is
    /// not 81 cells of `1`-`9`, `.` or `0`.
    pub fn load(&self, limit: Option<usize>) -> Result<Vec<Digits>, String> {
        let path = data_dir().join("sudoku").join(self.file);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        text.lines()
            .enumerate()
            .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('#'))
            .take(limit.unwrap_or(usize::MAX))
            .map(|(n, line)| {
                parse_line(line.trim())
                    .ok_or_else(|| format!("{}:{}: not an 81-cell puzzle", path.display(), n + 1))
            })
            .collect()
    }
}

/// Reads an 81-character puzzle line (`.` or `0` for an empty cell).
#[must_use]
pub fn parse_line(line: &str) -> Option<Digits> {
    let bytes = line.as_bytes();
    if bytes.len() != 81 {
        return None;
    }
    let mut digits = [0; 81];
    for (d, &b) in digits.iter_mut().zip(bytes) {
        *d = match b {
            b'.' | b'0' => 0,
            b'1'..=b'9' => b - b'0',
            _ => return None,
        };
    }
    Some(digits)
}

/// Writes digits as an 81-character line, `.` for empty cells.
#[must_use]
pub fn to_line(digits: &Digits) -> String {
    digits
        .iter()
        .map(|&d| if d == 0 { '.' } else { char::from(b'0' + d) })
        .collect()
}
