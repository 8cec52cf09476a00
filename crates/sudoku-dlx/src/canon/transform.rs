//! Transformations that keep every Sudoku grid valid: transposing (square
//! boxes only), permuting bands, rows inside a band, stacks and columns
//! inside a stack, and relabelling digits.

use std::fmt::{self, Write as _};

use dlx_engine::SplitMix64;

use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::shape::Shape;

/// A validity-preserving transformation of the grids of one [`Shape`].
///
/// Applied to a grid `g` it gives the grid whose cell `(i, j)` holds
/// `digits[d - 1]`, where `d` is the digit of `g'` at row `rows[i]` and
/// column `cols[j]` (0-based), `g'` is `g` transposed if
/// [`transposes`](Self::transposes) and `g` otherwise, and blanks stay blank.
/// Rows keep their bands together (`rows[b*r .. b*r + r]` come from one
/// band, `r` the box height), columns their stacks, and `digits` is a
/// permutation of `1..=n`; [`Transform::new`] checks all of it.
///
/// `Display` writes `[transpose,]rows=R,cols=C,digits=D`: each list 1-based,
/// one symbol per entry (`1`-`9`, then `A`, `B`, ...) up to 35x35 grids, and
/// numbers separated by `.` above. [`Transform::parse`] reads it back.
///
/// ```
/// use sudoku_dlx::{Grid, Shape, Transform};
/// let shape = Shape::from_size(4)?;
/// let t = Transform::parse("rows=2143,cols=1234,digits=4321", shape)?;
/// let grid = Grid::from_digits(shape, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])?;
/// // Rows 1 and 2 swap, and so do rows 3 and 4; every digit d becomes 5 - d.
/// assert_eq!(t.apply(&grid)?.to_string(), "2143432112343412");
/// assert_eq!(t.inverse().apply(&t.apply(&grid)?)?, grid);
/// assert_eq!(t.to_string(), "rows=2143,cols=1234,digits=4321");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Transform {
    shape: Shape,
    transpose: bool,
    /// Output row -> input row, 0-based. Invariant: a permutation that keeps bands.
    rows: Vec<u8>,
    /// Output column -> input column, 0-based. Invariant: a permutation that keeps stacks.
    cols: Vec<u8>,
    /// Input digit `d` -> output digit `digits[d - 1]`. Invariant: a permutation of `1..=n`.
    digits: Vec<u8>,
}

impl Transform {
    /// The transformation that changes nothing.
    #[must_use]
    pub fn identity(shape: Shape) -> Transform {
        let n = shape.size();
        Transform {
            shape,
            transpose: false,
            rows: (0..n).map(byte).collect(),
            cols: (0..n).map(byte).collect(),
            digits: (1..=n).map(byte).collect(),
        }
    }

    /// The transformation with these parts: see the type's docs for what
    /// each means.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTransform`] if `transpose` is asked of a shape whose
    /// boxes are not square, a list has the wrong length or is not a
    /// permutation, or rows (columns) of one band (stack) are split.
    pub fn new(
        shape: Shape,
        transpose: bool,
        rows: Vec<u8>,
        cols: Vec<u8>,
        digits: Vec<u8>,
    ) -> Result<Transform, Error> {
        if transpose && shape.box_rows() != shape.box_cols() {
            return Err(invalid(
                "transpose",
                format!("{shape} has boxes that are not square, so transposing changes the shape"),
            ));
        }
        check_lines("rows", &rows, shape.size(), shape.box_rows())?;
        check_lines("cols", &cols, shape.size(), shape.box_cols())?;
        let mut shifted: Vec<u8> = digits.iter().map(|d| d.wrapping_sub(1)).collect();
        check_permutation("digits", &mut shifted, shape.size())?;
        Ok(Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        })
    }

    /// The transformation a search found: valid by construction, so only
    /// checked in debug builds.
    pub(super) fn from_search(
        shape: Shape,
        transpose: bool,
        rows: Vec<u8>,
        cols: Vec<u8>,
        digits: Vec<u8>,
    ) -> Transform {
        let transform = Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        };
        debug_assert_eq!(
            Transform::new(
                shape,
                transpose,
                transform.rows.clone(),
                transform.cols.clone(),
                transform.digits.clone()
            )
            .as_ref(),
            Ok(&transform)
        );
        transform
    }

    /// A random transformation, the same for the same seed: a uniform draw
    /// from the whole group (transposition only for square boxes).
    #[must_use]
    pub fn random(shape: Shape, seed: u64) -> Transform {
        let mut rng = SplitMix64::new(seed);
        let mut lines = |group: usize| {
            let n = shape.size();
            let mut groups: Vec<usize> = (0..n / group).collect();
            rng.shuffle(&mut groups);
            let mut order = Vec::with_capacity(n);
            for g in groups {
                let mut inside: Vec<usize> = (g * group..(g + 1) * group).collect();
                rng.shuffle(&mut inside);
                order.extend(inside.into_iter().map(byte));
            }
            order
        };
        let rows = lines(shape.box_rows());
        let cols = lines(shape.box_cols());
        let mut digits: Vec<u8> = (1..=shape.size()).map(byte).collect();
        rng.shuffle(&mut digits);
        let transpose = shape.box_rows() == shape.box_cols() && rng.next_u64() & 1 == 1;
        Transform {
            shape,
            transpose,
            rows,
            cols,
            digits,
        }
    }

    /// The shape of the grids it applies to.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Whether the grid is transposed before rows and columns are permuted.
    #[must_use]
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// Output row `i` is row `rows()[i]` (0-based) of the input, transposed
    /// if [`transposes`](Self::transposes).
    #[must_use]
    pub fn rows(&self) -> &[u8] {
        &self.rows
    }

    /// Output column `j` is column `cols()[j]` (0-based) of the input,
    /// transposed if [`transposes`](Self::transposes).
    #[must_use]
    pub fn cols(&self) -> &[u8] {
        &self.cols
    }

    /// Input digit `d` becomes `digits()[d - 1]`.
    #[must_use]
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// The grid this transformation makes of `grid`.
    ///
    /// # Errors
    ///
    /// [`Error::TransformShape`] if `grid` has another shape.
    pub fn apply(&self, grid: &Grid) -> Result<Grid, Error> {
        self.same_shape(grid.shape())?;
        let n = self.shape.size();
        let source = grid.digits();
        let mut digits = Vec::with_capacity(n * n);
        for &row in &self.rows {
            for &col in &self.cols {
                let (row, col) = (usize::from(row), usize::from(col));
                let from = if self.transpose {
                    col * n + row
                } else {
                    row * n + col
                };
                digits.push(match source[from] {
                    0 => 0,
                    d => self.digits[usize::from(d) - 1],
                });
            }
        }
        Grid::from_digits(self.shape, digits)
    }

    /// This transformation followed by `next`: `a.then(&b)?.apply(g)` is
    /// `b.apply(&a.apply(g)?)`.
    ///
    /// # Errors
    ///
    /// [`Error::TransformShape`] if `next` is for another shape.
    pub fn then(&self, next: &Transform) -> Result<Transform, Error> {
        self.same_shape(next.shape)?;
        let pick = |from: &[u8], by: &[u8]| -> Vec<u8> {
            by.iter().map(|&i| from[usize::from(i)]).collect()
        };
        let (rows, cols) = if next.transpose {
            (pick(&self.cols, &next.rows), pick(&self.rows, &next.cols))
        } else {
            (pick(&self.rows, &next.rows), pick(&self.cols, &next.cols))
        };
        let digits = self
            .digits
            .iter()
            .map(|&d| next.digits[usize::from(d) - 1])
            .collect();
        Ok(Transform {
            shape: self.shape,
            transpose: self.transpose != next.transpose,
            rows,
            cols,
            digits,
        })
    }

    /// The transformation that undoes this one.
    #[must_use]
    pub fn inverse(&self) -> Transform {
        let invert = |perm: &[u8], offset: usize| {
            let mut inverse = vec![0; perm.len()];
            for (i, &p) in perm.iter().enumerate() {
                inverse[usize::from(p) - offset] = byte(i + offset);
            }
            inverse
        };
        let (rows, cols) = if self.transpose {
            (invert(&self.cols, 0), invert(&self.rows, 0))
        } else {
            (invert(&self.rows, 0), invert(&self.cols, 0))
        };
        Transform {
            shape: self.shape,
            transpose: self.transpose,
            rows,
            cols,
            digits: invert(&self.digits, 1),
        }
    }

    /// Reads the `Display` notation for grids of `shape`.
    ///
    /// # Errors
    ///
    /// [`Error::InvalidTransform`] naming the part that is wrong.
    pub fn parse(text: &str, shape: Shape) -> Result<Transform, Error> {
        let mut transpose = false;
        let (mut rows, mut cols, mut digits) = (None, None, None);
        for part in text.trim().split(',') {
            let part = part.trim();
            if part == "transpose" {
                transpose = true;
                continue;
            }
            let (name, list) = part.split_once('=').ok_or_else(|| {
                invalid(
                    "text",
                    format!("`{part}` is neither `transpose` nor NAME=LIST"),
                )
            })?;
            let slot = match name.trim() {
                "rows" => &mut rows,
                "cols" => &mut cols,
                "digits" => &mut digits,
                other => {
                    return Err(invalid(
                        "text",
                        format!("`{other}` is not rows, cols or digits"),
                    ));
                }
            };
            *slot = Some(read_list(name.trim(), list.trim(), shape.size())?);
        }
        let missing = |name: &'static str| invalid(name, "is missing".to_owned());
        let zero_based = |list: Vec<u8>| list.into_iter().map(|v| v - 1).collect();
        Transform::new(
            shape,
            transpose,
            zero_based(rows.ok_or_else(|| missing("rows"))?),
            zero_based(cols.ok_or_else(|| missing("cols"))?),
            digits.ok_or_else(|| missing("digits"))?,
        )
    }

    fn same_shape(&self, found: Shape) -> Result<(), Error> {
        if found == self.shape {
            Ok(())
        } else {
            Err(Error::TransformShape {
                expected: (self.shape.box_rows(), self.shape.box_cols()),
                found: (found.box_rows(), found.box_cols()),
            })
        }
    }
}

impl fmt::Display for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.transpose {
            f.write_str("transpose,")?;
        }
        let n = self.shape.size();
        let list = |f: &mut fmt::Formatter<'_>, name: &str, values: &[u8], offset: u8| {
            write!(f, "{name}=")?;
            for (k, &v) in values.iter().enumerate() {
                let v = v + offset;
                match char::from_digit(u32::from(v), 36) {
                    Some(ch) if n <= 35 => f.write_char(ch.to_ascii_uppercase())?,
                    _ => {
                        if k > 0 {
                            f.write_char('.')?;
                        }
                        write!(f, "{v}")?;
                    }
                }
            }
            Ok(())
        };
        list(f, "rows", &self.rows, 1)?;
        f.write_char(',')?;
        list(f, "cols", &self.cols, 1)?;
        f.write_char(',')?;
        list(f, "digits", &self.digits, 0)
    }
}

/// A count or index below 256 as a byte; shapes are at most 64x64.
fn byte(value: usize) -> u8 {
    u8::try_from(value).unwrap_or(u8::MAX)
}

fn invalid(part: &'static str, problem: String) -> Error {
    Error::InvalidTransform { part, problem }
}

/// Reads one 1-based list: one symbol per entry for sides up to 35,
/// `.`-separated numbers above.
fn read_list(name: &str, list: &str, n: usize) -> Result<Vec<u8>, Error> {
    let part = match name {
        "rows" => "rows",
        "cols" => "cols",
        _ => "digits",
    };
    let values: Result<Vec<u8>, String> = if n <= 35 {
        list.chars()
            .map(|ch| match ch.to_digit(36) {
                Some(v) if v >= 1 => Ok(byte(v as usize)),
                _ => Err(format!("`{ch}` is not an entry from 1 to {n}")),
            })
            .collect()
    } else {
        list.split('.')
            .map(|token| match token.parse::<u8>() {
                Ok(v) if v >= 1 => Ok(v),
                _ => Err(format!("`{token}` is not an entry from 1 to {n}")),
            })
            .collect()
    };
    values.map_err(|problem| invalid(part, problem))
}

/// Checks that `lines` (0-based) is a permutation of `0..n` that keeps
/// every group of `group` consecutive lines together.
fn check_lines(part: &'static str, lines: &[u8], n: usize, group: usize) -> Result<(), Error> {
    let mut sorted = lines.to_vec();
    check_permutation(part, &mut sorted, n)?;
    for (g, chunk) in lines.chunks(group).enumerate() {
        let first = usize::from(chunk[0]) / group;
        if chunk.iter().any(|&l| usize::from(l) / group != first) {
            return Err(invalid(
                part,
                format!(
                    "entries {}-{} come from different {}",
                    g * group + 1,
                    (g + 1) * group,
                    if part == "rows" { "bands" } else { "stacks" }
                ),
            ));
        }
    }
    Ok(())
}

/// Checks that `values` (0-based, sorted in place) is a permutation of `0..n`.
fn check_permutation(part: &'static str, values: &mut [u8], n: usize) -> Result<(), Error> {
    if values.len() != n {
        return Err(invalid(
            part,
            format!("has {} entries, expected {n}", values.len()),
        ));
    }
    values.sort_unstable();
    match values
        .iter()
        .enumerate()
        .find(|&(k, &v)| usize::from(v) != k)
    {
        Some((k, _)) => Err(invalid(
            part,
            format!("is not a permutation: {} is missing", k + 1),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn classic_grid() -> Grid {
        let line =
            "987654321246173985351928746128537694634892157795461832519286473472319568863745219";
        let digits = line.bytes().map(|b| b - b'0').collect();
        Grid::from_digits(Shape::CLASSIC, digits).unwrap()
    }

    #[test]
    fn then_and_inverse_agree_with_apply() {
        let grid = classic_grid();
        for seed in 0..50 {
            let a = Transform::random(Shape::CLASSIC, seed);
            let b = Transform::random(Shape::CLASSIC, seed + 1000);
            let both = a.then(&b).unwrap();
            assert_eq!(
                both.apply(&grid).unwrap(),
                b.apply(&a.apply(&grid).unwrap()).unwrap(),
                "{a} then {b}"
            );
            assert_eq!(a.inverse().apply(&a.apply(&grid).unwrap()).unwrap(), grid);
            assert_eq!(
                a.then(&a.inverse()).unwrap(),
                Transform::identity(Shape::CLASSIC)
            );
        }
    }

    #[test]
    fn display_and_parse_round_trip() {
        for shape in [(2, 2), (2, 3), (3, 3), (4, 4), (6, 6), (7, 8)] {
            let shape = Shape::with_boxes(shape.0, shape.1).unwrap();
            for seed in 0..10 {
                let t = Transform::random(shape, seed);
                let text = t.to_string();
                assert_eq!(Transform::parse(&text, shape), Ok(t), "{text}");
            }
        }
        let t = Transform::random(Shape::with_boxes(6, 6).unwrap(), 1);
        assert!(t.to_string().contains('.'));
    }

    #[test]
    fn bad_transforms_say_which_part_is_wrong() {
        let shape = Shape::CLASSIC;
        let part = |text: &str| match Transform::parse(text, shape) {
            Err(Error::InvalidTransform { part, .. }) => part,
            other => panic!("{text}: {other:?}"),
        };
        assert_eq!(part("rows=123456789,cols=123456789"), "digits");
        assert_eq!(
            part("rows=412356789,cols=123456789,digits=123456789"),
            "rows"
        );
        assert_eq!(
            part("rows=123456789,cols=123456788,digits=123456789"),
            "cols"
        );
        assert_eq!(
            part("rows=123456789,cols=123456789,digits=12345678"),
            "digits"
        );
        assert_eq!(
            part("rows=123456789,cols=123456789,digits=123456789,x=1"),
            "text"
        );
        let six = Shape::with_boxes(2, 3).unwrap();
        assert!(matches!(
            Transform::parse("transpose,rows=123456,cols=123456,digits=123456", six),
            Err(Error::InvalidTransform {
                part: "transpose",
                ..
            })
        ));
        let four = Grid::empty(Shape::from_size(4).unwrap());
        assert!(matches!(
            Transform::identity(shape).apply(&four),
            Err(Error::TransformShape { .. })
        ));
    }
}
