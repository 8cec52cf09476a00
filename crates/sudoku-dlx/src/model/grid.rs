//! Grids of digits, complete or partial, and how they print.

use std::fmt::{self, Write as _};
use std::ops::Index;

use crate::model::cell::Cell;
use crate::model::error::Error;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;

/// A grid of digits: each cell holds 1 to n, or 0 for a blank.
///
/// A cell is named by its row-major index (`usize`) or its [`Cell`], the
/// same way everywhere ([`GridIndex`]): [`digit`](Grid::digit) reads (0 for
/// a blank, `None` off the grid), [`set`](Grid::set) writes, and `grid[at]`
/// reads a cell known to be on the grid.
///
/// `Display` writes the line format (one symbol per cell in row-major
/// order, `.` for blanks; numbers separated by spaces above 35x35);
/// [`pretty`](Grid::pretty) writes rows with box separators. Both read back
/// with [`Puzzle::parse`](crate::Puzzle::parse).
///
/// ```
/// use sudoku_dlx::{Cell, Grid, Shape};
/// let shape = Shape::from_size(4)?;
/// let grid = Grid::from_digits(shape, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 0])?;
/// assert_eq!(grid.to_string(), "123434122143432.");
/// assert_eq!(grid[4], 3);
/// assert_eq!(grid[Cell { row: 3, col: 3 }], 0);
/// assert_eq!(grid.digit(Cell { row: 4, col: 0 }), None);
/// assert_eq!(grid.pretty().to_string(), "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 .\n");
/// assert!(!grid.is_complete());
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    /// Row-major digits. Invariant: `len == shape.cell_count()` and every
    /// entry is at most `shape.size()`.
    digits: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    #[must_use]
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            digits: vec![0; shape.cell_count()],
        }
    }

    /// A grid of row-major digits (0 for blanks) that the caller has
    /// checked: one per cell of `shape`, none above its side. The parser's
    /// fast path checks them as it reads them.
    pub(crate) fn from_checked_digits(shape: Shape, digits: Vec<u8>) -> Grid {
        debug_assert_eq!(digits.len(), shape.cell_count());
        debug_assert!(digits.iter().all(|&d| usize::from(d) <= shape.size()));
        Grid { shape, digits }
    }

    /// A grid of row-major digits (0 for blanks).
    ///
    /// # Errors
    ///
    /// [`Error::DigitCount`] if there is not one digit per cell, and
    /// [`Error::DigitOutOfRange`] for the first digit above the grid side.
    pub fn from_digits(shape: Shape, digits: Vec<u8>) -> Result<Grid, Error> {
        if digits.len() != shape.cell_count() {
            return Err(Error::DigitCount {
                found: digits.len(),
                expected: shape.cell_count(),
            });
        }
        if let Some(index) = digits.iter().position(|&d| usize::from(d) > shape.size()) {
            return Err(Error::DigitOutOfRange {
                index,
                digit: digits[index],
                least: 0,
                size: shape.size(),
            });
        }
        Ok(Grid { shape, digits })
    }

    /// The shape.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The digits in row-major order, 0 for blanks.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The digit at `at` (a row-major index or a [`Cell`]), 0 for a blank,
    /// or `None` off the grid.
    #[must_use]
    pub fn digit(&self, at: impl GridIndex) -> Option<u8> {
        at.index_in(self.shape).map(|i| self.digits[i])
    }

    /// Writes `digit` (0 to blank it) at `at` (a row-major index or a
    /// [`Cell`]).
    ///
    /// # Errors
    ///
    /// [`Error::IndexOffGrid`] or [`Error::CellOffGrid`] if `at` is off the
    /// grid, else [`Error::DigitOutOfRange`] if `digit` is above the grid
    /// side; the grid is then unchanged.
    pub fn set(&mut self, at: impl GridIndex, digit: u8) -> Result<(), Error> {
        let size = self.shape.size();
        let index = at
            .index_in(self.shape)
            .ok_or_else(|| at.off_grid(self.shape))?;
        if usize::from(digit) > size {
            return Err(Error::DigitOutOfRange {
                index,
                digit,
                least: 0,
                size,
            });
        }
        self.digits[index] = digit;
        Ok(())
    }

    /// The number of filled cells.
    #[must_use]
    pub fn filled_count(&self) -> usize {
        self.digits.iter().filter(|&&d| d != 0).count()
    }

    /// Whether every cell holds a digit.
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.digits.iter().all(|&d| d != 0)
    }

    /// Overwrites the digits with those of `digits`: for reusing a grid.
    pub(crate) fn digits_mut(&mut self) -> &mut [u8] {
        &mut self.digits
    }

    /// The line format in `alphabet`.
    #[must_use]
    pub fn display_with(&self, alphabet: Alphabet) -> LineDisplay<'_> {
        LineDisplay {
            grid: self,
            alphabet,
        }
    }

    /// Rows on separate lines, with `|` between boxes and `-+-` lines between
    /// bands of boxes, in the default alphabet for the size.
    #[must_use]
    pub fn pretty(&self) -> PrettyDisplay<'_> {
        self.pretty_with(Alphabet::for_size(self.shape.size()))
    }

    /// [`pretty`](Self::pretty) in `alphabet`.
    #[must_use]
    pub fn pretty_with(&self, alphabet: Alphabet) -> PrettyDisplay<'_> {
        PrettyDisplay {
            grid: self,
            alphabet,
        }
    }
}

/// How a cell of a [`Grid`] is named: by its row-major index (`usize`) or
/// by its [`Cell`]. Sealed: only these two.
pub trait GridIndex: Copy + sealed::Sealed {
    /// The row-major index of this cell in a grid of `shape`, if it is on it.
    fn index_in(self, shape: Shape) -> Option<usize>;

    /// The error for this cell off a grid of `shape`, naming it as given.
    #[doc(hidden)]
    fn off_grid(self, shape: Shape) -> Error;
}

mod sealed {
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for crate::model::cell::Cell {}
}

impl GridIndex for usize {
    fn index_in(self, shape: Shape) -> Option<usize> {
        (self < shape.cell_count()).then_some(self)
    }

    fn off_grid(self, shape: Shape) -> Error {
        Error::IndexOffGrid {
            index: self,
            size: shape.size(),
        }
    }
}

impl GridIndex for Cell {
    fn index_in(self, shape: Shape) -> Option<usize> {
        (self.row < shape.size() && self.col < shape.size()).then(|| shape.index(self))
    }

    fn off_grid(self, shape: Shape) -> Error {
        Error::CellOffGrid {
            cell: self,
            size: shape.size(),
        }
    }
}

/// The digit of a cell (0 for a blank), by row-major index or [`Cell`].
///
/// # Panics
///
/// If the cell is off the grid, as slice indexing does; [`Grid::digit`]
/// asks instead.
impl<I: GridIndex> Index<I> for Grid {
    type Output = u8;

    fn index(&self, at: I) -> &u8 {
        match at.index_in(self.shape) {
            Some(i) => &self.digits[i],
            None => panic!("{}", at.off_grid(self.shape)),
        }
    }
}

impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display_with(Alphabet::for_size(self.shape.size()))
            .fmt(f)
    }
}

/// A grid in the line format; see [`Grid::display_with`].
#[derive(Clone, Copy, Debug)]
pub struct LineDisplay<'g> {
    grid: &'g Grid,
    alphabet: Alphabet,
}

impl fmt::Display for LineDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.standard_line() {
            return f.write_str(line.as_str());
        }
        let single = self.alphabet.is_single_char();
        for (i, &d) in self.grid.digits.iter().enumerate() {
            if !single && i > 0 {
                f.write_char(' ')?;
            }
            self.alphabet.write(f, d)?;
        }
        Ok(())
    }
}

/// The line of a grid of at most 81 cells in the standard alphabet, a
/// byte per cell; see [`LineDisplay::standard_line`].
struct StandardLine {
    bytes: [u8; 81],
    len: usize,
}

impl StandardLine {
    fn as_str(&self) -> &str {
        // Only `.` and `1`-`9` are ever stored: ASCII.
        std::str::from_utf8(&self.bytes[..self.len]).unwrap_or_default()
    }
}

impl LineDisplay<'_> {
    /// The line made a byte per cell and written at once, for the usual
    /// grids (up to 9x9 in the standard alphabet): a character at a time
    /// through [`Alphabet`]'s writer it cost about 70 instructions a cell,
    /// an eighth of the whole `solve` of a 17-clue puzzle
    /// (docs/decisions/plain-line-io.md).
    /// `None` for other grids.
    fn standard_line(&self) -> Option<StandardLine> {
        let digits = &self.grid.digits;
        if self.alphabet != Alphabet::Standard || digits.len() > 81 {
            return None;
        }
        let mut line = StandardLine {
            bytes: [0; 81],
            len: digits.len(),
        };
        for (byte, &digit) in line.bytes.iter_mut().zip(digits) {
            *byte = match digit {
                0 => b'.',
                1..=9 => b'0' + digit,
                _ => return None,
            };
        }
        Some(line)
    }
}

/// A grid with box separators; see [`Grid::pretty`].
#[derive(Clone, Copy, Debug)]
pub struct PrettyDisplay<'g> {
    grid: &'g Grid,
    alphabet: Alphabet,
}

impl fmt::Display for PrettyDisplay<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shape = self.grid.shape;
        let n = shape.size();
        let width = self.alphabet.width(n);
        let (box_rows, box_cols) = (shape.box_rows(), shape.box_cols());
        let segment = box_cols * width + box_cols - 1;
        let mut symbol = String::new();
        for row in 0..n {
            if row > 0 && row % box_rows == 0 {
                for b in 0..n / box_cols {
                    if b > 0 {
                        f.write_str("-+-")?;
                    }
                    for _ in 0..segment {
                        f.write_char('-')?;
                    }
                }
                f.write_char('\n')?;
            }
            for col in 0..n {
                if col > 0 {
                    f.write_str(if col % box_cols == 0 { " | " } else { " " })?;
                }
                symbol.clear();
                self.alphabet
                    .write(&mut symbol, self.grid.digits[row * n + col])?;
                write!(f, "{symbol:>width$}")?;
            }
            f.write_char('\n')?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pretty_pads_numbers_and_separates_boxes() {
        let shape = Shape::with_boxes(2, 3).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(0, 6).unwrap();
        let pretty = grid.pretty_with(Alphabet::Numbers).to_string();
        let first = pretty.lines().next().unwrap();
        assert_eq!(first, "6 . . | . . .");
        assert_eq!(pretty.lines().nth(2), Some("------+------"));
        assert_eq!(pretty.lines().count(), 8);
    }

    /// Regression (issue 41): `set(81, 1)` blamed the digit at an invented
    /// "line 10, column 1"; errors from values name the argument at fault.
    #[test]
    fn set_and_from_digits_name_the_argument_at_fault() {
        let shape = Shape::from_size(4).unwrap();
        let mut grid = Grid::empty(shape);
        assert_eq!(
            grid.set(16, 1),
            Err(Error::IndexOffGrid { index: 16, size: 4 })
        );
        assert_eq!(
            grid.set(Cell { row: 0, col: 4 }, 1),
            Err(Error::CellOffGrid {
                cell: Cell { row: 0, col: 4 },
                size: 4
            })
        );
        assert_eq!(
            grid.set(0, 5),
            Err(Error::DigitOutOfRange {
                index: 0,
                digit: 5,
                least: 0,
                size: 4
            })
        );
        // Both wrong: the cell is named, and no text position anywhere.
        let both = grid.set(99, 99).unwrap_err();
        assert_eq!(both.position(), None);
        assert_eq!(both.line_column(), None);
        assert!(!both.to_string().contains("line"), "{both}");
        assert_eq!(grid, Grid::empty(shape));
        assert_eq!(
            Grid::from_digits(shape, vec![0; 15]),
            Err(Error::DigitCount {
                found: 15,
                expected: 16
            })
        );
        let mut digits = vec![0; 16];
        digits[5] = 9;
        let e = Grid::from_digits(shape, digits).unwrap_err();
        assert_eq!(
            e,
            Error::DigitOutOfRange {
                index: 5,
                digit: 9,
                least: 0,
                size: 4
            }
        );
        assert_eq!(e.line_column(), None);
    }

    /// One convention for every accessor: 0 is a blank, `None` is off the
    /// grid, and an index and a cell name the same cell.
    #[test]
    fn indices_and_cells_name_the_same_cells() {
        let shape = Shape::with_boxes(2, 3).unwrap();
        let mut grid = Grid::empty(shape);
        let cell = Cell { row: 2, col: 5 };
        grid.set(cell, 4).unwrap();
        assert_eq!(grid.digit(17), Some(4));
        assert_eq!(grid[17], 4);
        assert_eq!(grid[cell], 4);
        grid.set(17, 0).unwrap();
        assert_eq!(grid.digit(cell), Some(0));
        assert_eq!(grid.digit(Cell { row: 6, col: 0 }), None);
        assert_eq!(grid.digit(36), None);
        assert!(matches!(
            grid.set(Cell { row: 0, col: 6 }, 1),
            Err(Error::CellOffGrid { .. })
        ));
        assert_eq!(grid, Grid::empty(shape));
    }

    #[test]
    fn numbers_line_uses_spaces() {
        let shape = Shape::from_size(36).unwrap();
        let mut grid = Grid::empty(shape);
        grid.set(1, 36).unwrap();
        let line = grid.to_string();
        assert!(line.starts_with(". 36 . "));
        assert_eq!(line.split(' ').count(), 36 * 36);
    }
}
