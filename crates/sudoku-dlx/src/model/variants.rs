//! Variant rules and the extra units they add.

use std::fmt;

use crate::model::cell::Cell;
use crate::model::shape::Shape;

/// Which variant rules apply on top of rows, columns and boxes (or jigsaw
/// regions). Any combination is allowed.
///
/// ```
/// use sudoku_dlx::Variants;
/// let v = Variants { x: true, anti_king: true, ..Variants::default() };
/// assert_eq!(v.to_string(), "x+anti-king");
/// assert_eq!(Variants::default().to_string(), "classic");
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Variants {
    /// X / diagonal: each main diagonal holds every digit once.
    pub x: bool,
    /// Windoku / hyper: extra boxes, one cell in from the edges with one
    /// cell between them, each hold every digit once.
    pub windoku: bool,
    /// Anti-king: a digit never repeats in cells a king's move apart.
    pub anti_king: bool,
    /// Anti-knight: a digit never repeats in cells a knight's move apart.
    pub anti_knight: bool,
}

impl Variants {
    /// No variant: classic Sudoku (or plain jigsaw).
    pub const NONE: Variants = Variants {
        x: false,
        windoku: false,
        anti_king: false,
        anti_knight: false,
    };

    /// Whether no variant rule is on.
    #[must_use]
    pub fn is_classic(self) -> bool {
        self == Variants::NONE
    }
}

impl fmt::Display for Variants {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names = [
            (self.x, "x"),
            (self.windoku, "windoku"),
            (self.anti_king, "anti-king"),
            (self.anti_knight, "anti-knight"),
        ];
        let mut first = true;
        for (_, name) in names.iter().filter(|(on, _)| *on) {
            if !first {
                f.write_str("+")?;
            }
            f.write_str(name)?;
            first = false;
        }
        if first {
            f.write_str("classic")?;
        }
        Ok(())
    }
}

/// The top-left cells of the windoku windows of `shape`: boxes of the
/// shape's size, starting one cell in and separated by one cell, as many as
/// fit (four on 9x9, one on 4x4, nine on 16x16).
#[must_use]
pub fn windoku_windows(shape: Shape) -> Vec<Cell> {
    let n = shape.size();
    let starts = |side: usize| -> Vec<usize> {
        (0..)
            .map(|k| 1 + k * (side + 1))
            .take_while(|&s| s + side < n)
            .collect()
    };
    let rows = starts(shape.box_rows());
    let cols = starts(shape.box_cols());
    rows.iter()
        .flat_map(|&row| cols.iter().map(move |&col| Cell { row, col }))
        .collect()
}

/// The cells of the window whose top-left cell is `corner`.
pub(crate) fn window_cells(shape: Shape, corner: Cell) -> impl Iterator<Item = Cell> {
    (0..shape.box_rows()).flat_map(move |dr| {
        (0..shape.box_cols()).map(move |dc| Cell {
            row: corner.row + dr,
            col: corner.col + dc,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn windoku_windows_fit_inside_the_grid() {
        let cells = |s| {
            windoku_windows(s)
                .iter()
                .map(|c| (c.row, c.col))
                .collect::<Vec<_>>()
        };
        assert_eq!(cells(Shape::CLASSIC), [(1, 1), (1, 5), (5, 1), (5, 5)]);
        assert_eq!(cells(Shape::from_size(4).unwrap()), [(1, 1)]);
        assert_eq!(windoku_windows(Shape::from_size(16).unwrap()).len(), 9);
        // 6x6 with 2x3 boxes: a second window would touch the edge.
        assert_eq!(cells(Shape::from_size(6).unwrap()), [(1, 1)]);
        let w: Vec<_> = window_cells(Shape::CLASSIC, Cell { row: 5, col: 5 }).collect();
        assert_eq!(w.len(), 9);
        assert_eq!(w[8], Cell { row: 7, col: 7 });
    }

    #[test]
    fn variants_print_their_names() {
        let all = Variants {
            x: true,
            windoku: true,
            anti_king: true,
            anti_knight: true,
        };
        assert_eq!(all.to_string(), "x+windoku+anti-king+anti-knight");
        assert!(!all.is_classic());
    }
}
