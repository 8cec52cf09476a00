//! Symmetries of a clue pattern, and the orbits of cells they tie together.

use std::fmt;
use std::str::FromStr;

use bitvec::prelude::bitvec;

use crate::model::cell::Cell;
use crate::model::grid::Grid;
use crate::model::shape::Shape;

/// A symmetry of the pattern of givens: which cells must be given or blank
/// together. Every grid is square, so every symmetry applies to every shape.
///
/// ```
/// use sudoku_dlx::{Shape, Symmetry};
/// let orbits = Symmetry::Rot180.orbits(Shape::CLASSIC);
/// assert_eq!(orbits.len(), 41); // 40 pairs and the centre
/// assert_eq!("rot90".parse::<Symmetry>(), Ok(Symmetry::Rot90));
/// assert_eq!(Symmetry::default(), Symmetry::Rot180);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No symmetry: every cell is its own orbit.
    None,
    /// 180° rotation about the centre, as in newspapers: r,c with n-1-r,n-1-c.
    #[default]
    Rot180,
    /// 90° rotation (so also 180° and 270°): orbits of four cells.
    Rot90,
    /// Mirror across the horizontal middle line: row r with row n-1-r.
    Horizontal,
    /// Mirror across the vertical middle line: column c with column n-1-c.
    Vertical,
    /// Mirror across the main diagonal: r,c with c,r.
    Diagonal,
    /// Mirror across the anti-diagonal: r,c with n-1-c,n-1-r.
    Antidiagonal,
}

impl Symmetry {
    /// Every symmetry, in the order the CLI lists them.
    pub const ALL: [Symmetry; 7] = [
        Symmetry::None,
        Symmetry::Rot180,
        Symmetry::Rot90,
        Symmetry::Horizontal,
        Symmetry::Vertical,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
    ];

    /// The name the CLI and [`FromStr`] use.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot180 => "rot180",
            Symmetry::Rot90 => "rot90",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
        }
    }

    /// The image of `cell` under the symmetry's generator on a grid of side `n`.
    /// (`cell` must be on the grid.)
    #[must_use]
    pub fn map(self, cell: Cell, n: usize) -> Cell {
        let last = n - 1;
        let (row, col) = (cell.row, cell.col);
        let (row, col) = match self {
            Symmetry::None => (row, col),
            Symmetry::Rot180 => (last - row, last - col),
            // Clockwise: the top row becomes the right column.
            Symmetry::Rot90 => (col, last - row),
            Symmetry::Horizontal => (last - row, col),
            Symmetry::Vertical => (row, last - col),
            Symmetry::Diagonal => (col, row),
            Symmetry::Antidiagonal => (last - col, last - row),
        };
        Cell { row, col }
    }

    /// The orbits of `shape`'s cells: sets of row-major indices that the
    /// symmetry maps onto each other, each listed once, in the order of
    /// their smallest cell. Every cell is in exactly one orbit.
    #[must_use]
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let n = shape.size();
        let mut seen = bitvec![0; shape.cell_count()];
        let mut orbits = Vec::new();
        for start in 0..shape.cell_count() {
            if seen[start] {
                continue;
            }
            let mut orbit = Vec::with_capacity(4);
            let mut cell = shape.cell(start);
            // The generator has order 1, 2 or 4, so this ends within 4 steps.
            loop {
                let index = shape.index(cell);
                if seen.replace(index, true) {
                    break;
                }
                orbit.push(index);
                cell = self.map(cell, n);
            }
            orbits.push(orbit);
        }
        orbits
    }

    /// Whether the pattern of givens of `grid` has this symmetry.
    #[must_use]
    pub fn holds_for(self, grid: &Grid) -> bool {
        let shape = grid.shape();
        let n = shape.size();
        let digits = grid.digits();
        (0..shape.cell_count()).all(|i| {
            let image = shape.index(self.map(shape.cell(i), n));
            (digits[i] == 0) == (digits[image] == 0)
        })
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not one of [`Symmetry::ALL`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSymmetry {
    /// The name given.
    pub name: String,
}

impl fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown symmetry `{}`; use none, rot180, rot90, horizontal, vertical, diagonal or antidiagonal",
            self.name
        )
    }
}

impl std::error::Error for UnknownSymmetry {}

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    fn from_str(name: &str) -> Result<Symmetry, UnknownSymmetry> {
        Symmetry::ALL
            .into_iter()
            .find(|s| s.name().eq_ignore_ascii_case(name.trim()))
            .ok_or_else(|| UnknownSymmetry {
                name: name.to_owned(),
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_for_every_size() {
        for n in [4, 6, 8, 9, 10, 12, 16, 25] {
            let shape = Shape::from_size(n).unwrap();
            for symmetry in Symmetry::ALL {
                let orbits = symmetry.orbits(shape);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{symmetry} {n}");
                for orbit in &orbits {
                    // An orbit is closed under the map.
                    for &i in orbit {
                        let image = shape.index(symmetry.map(shape.cell(i), n));
                        assert!(orbit.contains(&image), "{symmetry} {n} {i}");
                    }
                    assert!(matches!(orbit.len(), 1 | 2 | 4));
                }
            }
        }
    }

    #[test]
    fn orbit_counts_match_the_geometry() {
        let count = |s: Symmetry, n| s.orbits(Shape::from_size(n).unwrap()).len();
        assert_eq!(count(Symmetry::None, 9), 81);
        assert_eq!(count(Symmetry::Rot180, 9), 41);
        assert_eq!(count(Symmetry::Rot180, 4), 8);
        // 9x9: 20 orbits of 4 and the centre; 4x4: 4 orbits of 4.
        assert_eq!(count(Symmetry::Rot90, 9), 21);
        assert_eq!(count(Symmetry::Rot90, 4), 4);
        assert_eq!(count(Symmetry::Rot90, 6), 9);
        assert_eq!(count(Symmetry::Horizontal, 9), 45);
        assert_eq!(count(Symmetry::Vertical, 6), 18);
        assert_eq!(count(Symmetry::Diagonal, 9), 45);
        assert_eq!(count(Symmetry::Antidiagonal, 4), 10);
    }

    #[test]
    fn names_round_trip() {
        for s in Symmetry::ALL {
            assert_eq!(s.to_string().parse::<Symmetry>(), Ok(s));
        }
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
