//! Grid shapes: an n x n grid cut into boxes of r rows by c columns.

use std::fmt;
use std::str::FromStr;

use crate::model::cell::{Cell, MAX_SIZE};
use crate::model::error::Error;

/// The shape of a Sudoku grid: side `n = box_rows * box_cols`, with boxes of
/// `box_rows` rows by `box_cols` columns.
///
/// Invariant: `2 <= box_rows`, `2 <= box_cols` and `n <= MAX_SIZE`, checked by
/// every constructor, so `n * n` cells and digits `1..=n` fit a `u8` digit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 shape with 3x3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A grid whose boxes have `box_rows` rows and `box_cols` columns.
    ///
    /// ```
    /// use sudoku_dlx::Shape;
    /// let shape = Shape::with_boxes(2, 3)?;
    /// assert_eq!(shape.size(), 6);
    /// assert_eq!(shape.to_string(), "6x6 (2x3 boxes)");
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::BadShape`] if a box side is below 2 or the grid is larger than
    /// [`MAX_SIZE`].
    pub fn with_boxes(box_rows: usize, box_cols: usize) -> Result<Shape, Error> {
        let bad = || Error::BadShape { box_rows, box_cols };
        if box_rows < 2 || box_cols < 2 {
            return Err(bad());
        }
        let size = box_rows.checked_mul(box_cols).ok_or_else(bad)?;
        if size > MAX_SIZE {
            return Err(bad());
        }
        Ok(Shape {
            box_rows: u8::try_from(box_rows).map_err(|_| bad())?,
            box_cols: u8::try_from(box_cols).map_err(|_| bad())?,
        })
    }

    /// The shape of side `size`, with the box closest to square that has no
    /// more rows than columns: 6 is 2x3, 12 is 3x4, 16 is 4x4.
    ///
    /// ```
    /// use sudoku_dlx::Shape;
    /// assert_eq!(Shape::from_size(12)?, Shape::with_boxes(3, 4)?);
    /// assert!(Shape::from_size(7).is_err());
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::BadSize`] if `size` is larger than [`MAX_SIZE`] or has no
    /// factorization into two box sides of at least 2 (a prime, say).
    pub fn from_size(size: usize) -> Result<Shape, Error> {
        if !(4..=MAX_SIZE).contains(&size) {
            return Err(Error::BadSize { size });
        }
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|&r| size.is_multiple_of(r))
            .last()
            .ok_or(Error::BadSize { size })?;
        Shape::with_boxes(rows, size / rows)
    }

    /// The side of the grid: digits run from 1 to `size()`.
    #[must_use]
    pub fn size(self) -> usize {
        usize::from(self.box_rows) * usize::from(self.box_cols)
    }

    /// The number of cells, `size()` squared.
    #[must_use]
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// Rows per box.
    #[must_use]
    pub fn box_rows(self) -> usize {
        usize::from(self.box_rows)
    }

    /// Columns per box.
    #[must_use]
    pub fn box_cols(self) -> usize {
        usize::from(self.box_cols)
    }

    /// The box (numbered row-major from 0) that holds `cell`.
    #[must_use]
    pub fn box_of(self, cell: Cell) -> usize {
        let boxes_across = self.size() / self.box_cols();
        (cell.row / self.box_rows()) * boxes_across + cell.col / self.box_cols()
    }

    /// The cell at row-major `index`.
    #[must_use]
    pub fn cell(self, index: usize) -> Cell {
        Cell {
            row: index / self.size(),
            col: index % self.size(),
        }
    }

    /// The row-major index of `cell`.
    #[must_use]
    pub fn index(self, cell: Cell) -> usize {
        cell.row * self.size() + cell.col
    }

    /// The shape whose grid has `cells` cells, if one does ([`from_size`](Self::from_size)).
    #[must_use]
    pub fn from_cell_count(cells: usize) -> Option<Shape> {
        let size = (4..=MAX_SIZE).find(|n| n * n >= cells)?;
        if size * size == cells {
            Shape::from_size(size).ok()
        } else {
            None
        }
    }

    /// The valid cell count nearest to `cells` (ties to the smaller), for
    /// messages about a record of the wrong length.
    #[must_use]
    pub(crate) fn nearest_cell_count(cells: usize) -> usize {
        (4..=MAX_SIZE)
            .filter(|&n| Shape::from_size(n).is_ok())
            .map(|n| n * n)
            .min_by_key(|&c| c.abs_diff(cells))
            .unwrap_or(81)
    }
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

/// Reads what `Display` writes, `6x6 (3x2 boxes)`, and the short forms
/// `6x6` and `6`, which take the boxes of [`Shape::from_size`].
///
/// ```
/// use sudoku_dlx::Shape;
/// assert_eq!("9".parse::<Shape>()?, Shape::CLASSIC);
/// assert_eq!("12x12".parse::<Shape>()?, Shape::with_boxes(3, 4)?);
/// let tall = Shape::with_boxes(3, 2)?;
/// assert_eq!(tall.to_string().parse::<Shape>()?, tall);
/// assert!("6x6 (3x3 boxes)".parse::<Shape>().is_err());
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
impl FromStr for Shape {
    type Err = Error;

    fn from_str(text: &str) -> Result<Shape, Error> {
        let bad = || Error::ShapeText {
            text: text.to_owned(),
        };
        let number = |s: &str| s.trim().parse::<usize>().map_err(|_| bad());
        let (grid, boxes) = match text.trim().split_once('(') {
            Some((grid, rest)) => {
                let sides = rest
                    .trim_end()
                    .strip_suffix(')')
                    .and_then(|s| s.trim().strip_suffix("boxes"))
                    .ok_or_else(bad)?;
                let (rows, cols) = sides.split_once('x').ok_or_else(bad)?;
                (grid, Some((number(rows)?, number(cols)?)))
            }
            None => (text, None),
        };
        let size = match grid.trim().split_once('x') {
            Some((rows, cols)) if number(rows)? == number(cols)? => number(rows)?,
            Some(_) => return Err(bad()),
            None => number(grid)?,
        };
        match boxes {
            Some((rows, cols)) if rows.checked_mul(cols) == Some(size) => {
                Shape::with_boxes(rows, cols)
            }
            Some(_) => Err(bad()),
            None => Shape::from_size(size),
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        write!(f, "{n}x{n} ({}x{} boxes)", self.box_rows, self.box_cols)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_size_picks_the_squarest_box_with_fewer_rows() {
        let boxes = |n| Shape::from_size(n).map(|s| (s.box_rows(), s.box_cols()));
        assert_eq!(boxes(4), Ok((2, 2)));
        assert_eq!(boxes(6), Ok((2, 3)));
        assert_eq!(boxes(8), Ok((2, 4)));
        assert_eq!(boxes(9), Ok((3, 3)));
        assert_eq!(boxes(12), Ok((3, 4)));
        assert_eq!(boxes(16), Ok((4, 4)));
        assert_eq!(boxes(25), Ok((5, 5)));
        assert_eq!(boxes(64), Ok((8, 8)));
        for bad in [0, 1, 2, 3, 5, 7, 11, 13, 65, 100] {
            assert_eq!(Shape::from_size(bad), Err(Error::BadSize { size: bad }));
        }
    }

    #[test]
    fn with_boxes_checks_sides_and_size() {
        assert!(Shape::with_boxes(2, 3).is_ok());
        assert!(Shape::with_boxes(8, 8).is_ok());
        for (r, c) in [(1, 9), (9, 1), (0, 0), (8, 9), (usize::MAX, 2)] {
            assert_eq!(
                Shape::with_boxes(r, c),
                Err(Error::BadShape {
                    box_rows: r,
                    box_cols: c
                })
            );
        }
    }

    #[test]
    fn boxes_and_cells_are_numbered_row_major() {
        let s = Shape::with_boxes(2, 3).unwrap();
        assert_eq!(s.box_of(Cell { row: 0, col: 0 }), 0);
        assert_eq!(s.box_of(Cell { row: 1, col: 3 }), 1);
        assert_eq!(s.box_of(Cell { row: 2, col: 0 }), 2);
        assert_eq!(s.box_of(Cell { row: 5, col: 5 }), 5);
        assert_eq!(s.cell(7), Cell { row: 1, col: 1 });
        assert_eq!(s.index(Cell { row: 1, col: 1 }), 7);
        assert_eq!(Cell { row: 0, col: 8 }.to_string(), "r1c9");
    }

    #[test]
    fn shapes_read_back_and_bad_text_says_so() {
        for (r, c) in [(2, 2), (2, 3), (3, 2), (3, 3), (4, 3), (8, 8)] {
            let shape = Shape::with_boxes(r, c).unwrap();
            assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
        }
        assert_eq!(" 16x16 ".parse::<Shape>(), Shape::from_size(16));
        assert_eq!("7".parse::<Shape>(), Err(Error::BadSize { size: 7 }));
        for text in [
            "",
            "nine",
            "9x8",
            "6x6 (3x3 boxes)",
            "6x6 (3x2)",
            "x",
            "6x6 (3x2 boxes",
        ] {
            assert_eq!(
                text.parse::<Shape>(),
                Err(Error::ShapeText {
                    text: text.to_owned()
                }),
                "{text:?}"
            );
        }
        assert_eq!(
            "9x8".parse::<Shape>().unwrap_err().to_string(),
            "`9x8` is not a shape; write the side (`9`), `9x9`, or the boxes as in `6x6 (3x2 boxes)`"
        );
    }

    #[test]
    fn cell_counts_map_to_shapes() {
        assert_eq!(Shape::from_cell_count(81), Some(Shape::CLASSIC));
        assert_eq!(Shape::from_cell_count(16).map(Shape::size), Some(4));
        assert_eq!(Shape::from_cell_count(49), None);
        assert_eq!(Shape::from_cell_count(80), None);
        assert_eq!(Shape::nearest_cell_count(80), 81);
        assert_eq!(Shape::nearest_cell_count(255), 256);
    }
}
