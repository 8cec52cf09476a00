//! Killer cages: groups of cells whose distinct digits add up to a sum.

use std::fmt;
use std::hash::{Hash, Hasher};

use crate::model::cage_problem::CageProblem;
use crate::model::error::Error;
use crate::model::shape::Shape;

/// The characters that label cages, in the order generated cages get them.
pub(crate) const CAGE_LABELS: &[u8; 62] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/// The largest grid side a killer puzzle may have: its combinations are
/// enumerated as subsets of the digits, which stays small up to 16.
pub const MAX_KILLER_SIZE: usize = 16;

/// One cage: its label, its sum, and its cells (row-major indices, in
/// increasing order). Its digits differ and add up to the sum.
#[derive(Clone, Debug)]
pub struct Cage {
    label: char,
    sum: u32,
    cells: Vec<usize>,
}

impl Cage {
    /// The label it was read or printed with.
    #[must_use]
    pub fn label(&self) -> char {
        self.label
    }

    /// The sum of its digits.
    #[must_use]
    pub fn sum(&self) -> u32 {
        self.sum
    }

    /// Its cells, row-major indices in increasing order.
    #[must_use]
    pub fn cells(&self) -> &[usize] {
        &self.cells
    }

    /// Every set of digits the cage may hold, as masks (bit `d - 1` for
    /// digit `d`) of `cells().len()` distinct digits from 1 to `size` that add
    /// up to the sum, in increasing order of mask.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Puzzle};
    /// let killer = ParseOptions { killer: true, ..ParseOptions::default() };
    /// let p = Puzzle::parse("................ aabbaabbccddccdd a=10,b=10,c=10,d=10", &killer)?;
    /// let cage = &p.rules().cages().unwrap().cages()[0];
    /// assert_eq!(cage.combinations(4), [0b1111]); // 1+2+3+4
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn combinations(&self, size: usize) -> Vec<u32> {
        let mut found = Vec::new();
        let digits = u32::try_from(size.min(MAX_KILLER_SIZE)).unwrap_or(0);
        extend_combinations(1, digits, self.cells.len(), self.sum, 0, &mut found);
        found.sort_unstable();
        found
    }
}

/// Adds to `found` every mask of `count` distinct digits from `from` to
/// `top` adding up to `sum`, each with the digits of `mask` already chosen.
fn extend_combinations(
    from: u32,
    top: u32,
    count: usize,
    sum: u32,
    mask: u32,
    found: &mut Vec<u32>,
) {
    if count == 0 {
        if sum == 0 {
            found.push(mask);
        }
        return;
    }
    for d in from..=top {
        // The digits only grow: once d alone passes the sum, nothing larger fits.
        if d > sum {
            break;
        }
        extend_combinations(d + 1, top, count - 1, sum - d, mask | 1 << (d - 1), found);
    }
}

/// The least and greatest sums of `cells` distinct digits from 1 to `size`;
/// least above greatest when there are more cells than digits.
fn sum_range(cells: usize, size: usize) -> (u32, u32) {
    let c = u32::try_from(cells).unwrap_or(u32::MAX / 4);
    let n = u32::try_from(size).unwrap_or(0);
    let least = c * (c + 1) / 2;
    let greatest = if c <= n {
        c * n - c * (c.saturating_sub(1)) / 2
    } else {
        0
    };
    (least, greatest)
}

/// The cages of a killer puzzle: disjoint groups of cells, each with a sum.
/// Cells in no cage are allowed (the line format marks them `.`).
///
/// Cages are kept in order of their first cell; equality and the hash
/// compare the cells and sums, not the labels.
///
/// ```
/// use sudoku_dlx::{CageLayout, Cages, Shape};
/// let shape = Shape::from_size(4)?;
/// let cages = Cages::parse("aabbaabbccddccdd", "a=10,b=10,c=10,d=10", shape, CageLayout::Joined)?;
/// assert_eq!(cages.cages().len(), 4);
/// assert_eq!(cages.cage_of(5), Some(0));
/// assert_eq!(cages.to_string(), "aabbaabbccddccdd a=10,b=10,c=10,d=10");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cages {
    shape: Shape,
    /// Invariant: disjoint, each with at least one cell, in increasing
    /// order of first cell, every sum reachable by its cells.
    cages: Vec<Cage>,
    /// The cage of each row-major cell.
    cage_of: Vec<Option<u8>>,
}

/// Whether each cage's cells must be joined side to side, for
/// [`Cages::parse`].
///
/// ```
/// use sudoku_dlx::{CageLayout, Cages, Shape};
/// let shape = Shape::from_size(4)?;
/// // Cage `a` is two cells apart: read only as disjoint.
/// assert!(Cages::parse("a.a.bbbbccccdddd", "a=3,b=10,c=10,d=10", shape, CageLayout::Joined).is_err());
/// assert!(Cages::parse("a.a.bbbbccccdddd", "a=3,b=10,c=10,d=10", shape, CageLayout::Disjoint).is_ok());
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CageLayout {
    /// Every cage's cells are joined side to side, as in printed killers.
    #[default]
    Joined,
    /// A cage's cells may lie anywhere.
    Disjoint,
}

/// Where the two tokens of a cage text start: 1-based line, 0-based columns.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CageText {
    pub(crate) line: usize,
    pub(crate) map_column: usize,
    pub(crate) sums_column: usize,
}

impl Cages {
    /// Reads a cage map (one label per cell, row-major: `0-9`, `A-Z`, `a-z`,
    /// `.` for a cell in no cage) and its sums (`LABEL=SUM` separated by
    /// commas). With [`CageLayout::Joined`], each cage's cells must be
    /// joined side to side. Errors name positions as if the text were
    /// `MAP SUMS` on one line.
    ///
    /// # Errors
    ///
    /// [`Error::Cage`] with what is wrong and where.
    pub fn parse(map: &str, sums: &str, shape: Shape, layout: CageLayout) -> Result<Cages, Error> {
        let text = CageText {
            line: 1,
            map_column: 0,
            sums_column: map.chars().count() + 1,
        };
        Cages::parse_at(map, sums, shape, layout, text)
    }

    /// [`parse`](Self::parse) with the tokens where `text` says.
    pub(crate) fn parse_at(
        map: &str,
        sums: &str,
        shape: Shape,
        layout: CageLayout,
        text: CageText,
    ) -> Result<Cages, Error> {
        let fail = |column: usize, cell: Option<usize>, problem| Error::Cage {
            line: text.line,
            column,
            cell,
            size: shape.size(),
            problem,
        };
        let map_column = |index: usize| text.map_column + index + 1;
        if shape.size() > MAX_KILLER_SIZE {
            return Err(fail(
                1,
                None,
                CageProblem::GridTooLarge { size: shape.size() },
            ));
        }
        let labels: Vec<char> = map.chars().collect();
        if labels.len() != shape.cell_count() {
            return Err(fail(
                map_column(0),
                None,
                CageProblem::MapLength {
                    found: labels.len(),
                    expected: shape.cell_count(),
                },
            ));
        }
        let mut cages: Vec<Cage> = Vec::new();
        let mut cage_of = vec![None; labels.len()];
        for (index, &label) in labels.iter().enumerate() {
            if label == '.' {
                continue;
            }
            if !label.is_ascii_alphanumeric() {
                return Err(fail(
                    map_column(index),
                    Some(index),
                    CageProblem::BadLabel { found: label },
                ));
            }
            let k = match cages.iter().position(|c| c.label == label) {
                Some(k) => k,
                None => {
                    cages.push(Cage {
                        label,
                        sum: 0,
                        cells: Vec::new(),
                    });
                    cages.len() - 1
                }
            };
            cages[k].cells.push(index);
            // At most 62 labels, so a cage number fits a byte.
            cage_of[index] = u8::try_from(k).ok();
        }

        let mut summed = vec![false; cages.len()];
        let mut column = text.sums_column;
        for entry in sums.split(',') {
            let entry_column = column + 1;
            column += entry.chars().count() + 1;
            let bad = || {
                fail(
                    entry_column,
                    None,
                    CageProblem::BadSum {
                        found: entry.to_owned(),
                    },
                )
            };
            let (label, sum) = entry.split_once('=').ok_or_else(bad)?;
            let mut chars = label.chars();
            let (Some(label), None) = (chars.next(), chars.next()) else {
                return Err(bad());
            };
            let sum: u32 = sum.parse().map_err(|_| bad())?;
            let Some(k) = cages.iter().position(|c| c.label == label) else {
                return Err(fail(
                    entry_column,
                    None,
                    CageProblem::SumWithoutCells { label },
                ));
            };
            if summed[k] {
                return Err(fail(
                    entry_column,
                    None,
                    CageProblem::DuplicateSum { label },
                ));
            }
            summed[k] = true;
            cages[k].sum = sum;
            check_sum(&cages[k], shape.size())
                .map_err(|problem| fail(entry_column, None, problem))?;
        }
        if let Some(k) = summed.iter().position(|&s| !s) {
            let first = cages[k].cells[0];
            let label = cages[k].label;
            return Err(fail(
                map_column(first),
                Some(first),
                CageProblem::MissingSum { label },
            ));
        }
        if layout == CageLayout::Joined {
            for cage in &cages {
                if let Some(apart) = first_apart(shape, &cage.cells) {
                    let problem = CageProblem::Disconnected {
                        label: cage.label,
                        apart: shape.cell(apart),
                    };
                    return Err(fail(map_column(apart), Some(apart), problem));
                }
            }
        }
        Ok(Cages {
            shape,
            cages,
            cage_of,
        })
    }

    /// Cages from groups of cells (row-major indices, in any order) and
    /// their sums, labelled `0-9A-Za-z` in order of first cell: what a
    /// generator draws. Cells in no group are in no cage.
    ///
    /// ```
    /// use sudoku_dlx::{Cages, Shape};
    /// let cages = Cages::from_groups(Shape::from_size(4)?, &[(vec![5, 4], 3), (vec![0, 1], 7)])?;
    /// assert_eq!(cages.to_string(), "00..11.......... 0=7,1=3");
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`Error::CageGroup`], naming the group (its place in `groups`) and
    /// one fault: a cell off the grid, in two groups or twice in one, an
    /// empty group, or a sum its cells cannot make; with no group, more
    /// than 62 groups or a grid above 16x16.
    pub fn from_groups(shape: Shape, groups: &[(Vec<usize>, u32)]) -> Result<Cages, Error> {
        let fail = |group, problem| Error::CageGroup { group, problem };
        if shape.size() > MAX_KILLER_SIZE {
            let size = shape.size();
            return Err(fail(None, CageProblem::GridTooLarge { size }));
        }
        if groups.len() > CAGE_LABELS.len() {
            let found = groups.len();
            return Err(fail(None, CageProblem::TooManyCages { found }));
        }
        let cells = shape.cell_count();
        let mut owner: Vec<Option<usize>> = vec![None; cells];
        for (group, (members, _)) in groups.iter().enumerate() {
            if members.is_empty() {
                return Err(fail(Some(group), CageProblem::EmptyCage));
            }
            for &index in members {
                let problem = match owner.get_mut(index) {
                    None => CageProblem::CellOffGrid { index, cells },
                    Some(Some(other)) if *other == group => CageProblem::CellRepeated { index },
                    Some(Some(other)) => CageProblem::CellInTwoCages {
                        index,
                        other: *other,
                    },
                    Some(slot) => {
                        *slot = Some(group);
                        continue;
                    }
                };
                return Err(fail(Some(group), problem));
            }
        }
        let mut order: Vec<usize> = (0..groups.len()).collect();
        order.sort_by_key(|&g| groups[g].0.iter().min().copied());
        let mut cages = Vec::with_capacity(order.len());
        let mut cage_of = vec![None; cells];
        for (&group, &label) in order.iter().zip(CAGE_LABELS) {
            let (members, sum) = &groups[group];
            let mut members = members.clone();
            members.sort_unstable();
            for &index in &members {
                // At most 62 cages, so a cage number fits a byte.
                cage_of[index] = u8::try_from(cages.len()).ok();
            }
            let cage = Cage {
                label: char::from(label),
                sum: *sum,
                cells: members,
            };
            check_sum(&cage, shape.size()).map_err(|problem| fail(Some(group), problem))?;
            cages.push(cage);
        }
        Ok(Cages {
            shape,
            cages,
            cage_of,
        })
    }

    /// The shape the map covers.
    #[must_use]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The cages, in order of first cell.
    #[must_use]
    pub fn cages(&self) -> &[Cage] {
        &self.cages
    }

    /// The number (in [`cages`](Self::cages)) of the cage of the cell at
    /// row-major `index`, or `None` for a cell in no cage.
    #[must_use]
    pub fn cage_of(&self, index: usize) -> Option<usize> {
        self.cage_of.get(index).copied().flatten().map(usize::from)
    }

    /// The cells and sums, for equality and the hash.
    fn key(&self) -> impl Iterator<Item = (&[usize], u32)> {
        self.cages.iter().map(|c| (c.cells.as_slice(), c.sum))
    }
}

/// Whether `cage`'s sum is one its cells can make.
fn check_sum(cage: &Cage, size: usize) -> Result<(), CageProblem> {
    let (least, greatest) = sum_range(cage.cells.len(), size);
    if (least..=greatest).contains(&cage.sum) {
        Ok(())
    } else {
        Err(CageProblem::ImpossibleSum {
            label: cage.label,
            cells: cage.cells.len(),
            sum: cage.sum,
            least,
            greatest,
        })
    }
}

/// The first of `cells` (increasing row-major indices) not joined side to
/// side to the first, if any.
fn first_apart(shape: Shape, cells: &[usize]) -> Option<usize> {
    let n = shape.size();
    let mut reached = vec![false; cells.len()];
    let mut stack = vec![0];
    reached[0] = true;
    while let Some(k) = stack.pop() {
        let (row, col) = (cells[k] / n, cells[k] % n);
        for (j, &other) in cells.iter().enumerate() {
            let (r, c) = (other / n, other % n);
            if !reached[j] && row.abs_diff(r) + col.abs_diff(c) == 1 {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    reached.iter().position(|&r| !r).map(|k| cells[k])
}

impl PartialEq for Cages {
    fn eq(&self, other: &Cages) -> bool {
        self.shape == other.shape && self.key().eq(other.key())
    }
}

impl Eq for Cages {}

impl Hash for Cages {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.shape.hash(state);
        for (cells, sum) in self.key() {
            cells.hash(state);
            sum.hash(state);
        }
    }
}

/// The line format: the map, a space, the sums.
impl fmt::Display for Cages {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for k in &self.cage_of {
            let label = k.map_or('.', |k| self.cages[usize::from(k)].label);
            write!(f, "{label}")?;
        }
        f.write_str(" ")?;
        for (k, cage) in self.cages.iter().enumerate() {
            let comma = if k == 0 { "" } else { "," };
            write!(f, "{comma}{}={}", cage.label, cage.sum)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_are_the_digit_sets_of_the_sum() {
        let cage = |cells: usize, sum| Cage {
            label: 'a',
            sum,
            cells: (0..cells).collect(),
        };
        assert_eq!(cage(2, 3).combinations(9), [0b11]);
        assert_eq!(cage(2, 17).combinations(9), [0b1_1000_0000]);
        // 10 in three cells: 1+2+7, 1+3+6, 1+4+5, 2+3+5.
        assert_eq!(cage(3, 10).combinations(9).len(), 4);
        assert_eq!(cage(9, 45).combinations(9), [0b1_1111_1111]);
        assert!(cage(2, 18).combinations(9).is_empty());
        // Every sum from least to greatest is reachable, and none outside.
        for n in [4, 6, 9, 16] {
            for cells in 1..=n {
                let (least, greatest) = sum_range(cells, n);
                for sum in 0..=greatest + 2 {
                    let reachable = !cage(cells, sum).combinations(n).is_empty();
                    assert_eq!(
                        reachable,
                        (least..=greatest).contains(&sum),
                        "{n} {cells} {sum}"
                    );
                }
            }
        }
    }

    #[test]
    fn groups_become_labelled_cages_or_say_why_not() {
        let shape = Shape::from_size(4).unwrap();
        let cages = Cages::from_groups(shape, &[(vec![5, 4], 3), (vec![0, 1], 7)]).unwrap();
        assert_eq!(cages.to_string(), "00..11.......... 0=7,1=3");
        assert_eq!(cages.cages()[0].cells(), [0, 1]);
        assert_eq!(cages.cages()[1].cells(), [4, 5]);
        let fault = |groups: &[(Vec<usize>, u32)]| match Cages::from_groups(shape, groups) {
            Err(Error::CageGroup { group, problem }) => (group, problem),
            other => panic!("{other:?}"),
        };
        // One fault per error, naming the group: a shared cell and a cell
        // off the grid are two faults, not one message for both.
        assert_eq!(
            fault(&[(vec![0, 1], 3), (vec![1, 2], 3)]),
            (Some(1), CageProblem::CellInTwoCages { index: 1, other: 0 })
        );
        assert_eq!(
            fault(&[(vec![0], 1), (vec![16], 1)]),
            (
                Some(1),
                CageProblem::CellOffGrid {
                    index: 16,
                    cells: 16
                }
            )
        );
        assert_eq!(
            fault(&[(vec![2, 2], 3)]),
            (Some(0), CageProblem::CellRepeated { index: 2 })
        );
        assert_eq!(
            fault(&[(vec![0], 1), (vec![], 0)]),
            (Some(1), CageProblem::EmptyCage)
        );
        assert!(matches!(
            fault(&[(vec![0], 1), (vec![3, 2], 9)]),
            (Some(1), CageProblem::ImpossibleSum { sum: 9, .. })
        ));
        let many: Vec<(Vec<usize>, u32)> = (0..63).map(|i| (vec![i], 1)).collect();
        let big = Shape::from_size(9).unwrap();
        assert_eq!(
            Cages::from_groups(big, &many),
            Err(Error::CageGroup {
                group: None,
                problem: CageProblem::TooManyCages { found: 63 }
            })
        );
        // The groups build what the text of their map reads.
        let cages = Cages::from_groups(shape, &[(vec![2, 3, 7], 9), (vec![0], 4)]).unwrap();
        let read = Cages::parse("0.11...1........", "0=4,1=9", shape, CageLayout::Joined);
        assert_eq!(Ok(cages.clone()), read);
        assert_eq!(cages.to_string(), "0.11...1........ 0=4,1=9");
        assert_eq!(cages.cage_of(7), Some(1));
    }

    #[test]
    fn cages_are_joined_side_to_side() {
        let shape = Shape::from_size(4).unwrap();
        assert_eq!(first_apart(shape, &[0, 1, 5]), None);
        assert_eq!(first_apart(shape, &[0, 5]), Some(5));
        // Across a row end is not side to side.
        assert_eq!(first_apart(shape, &[3, 4]), Some(4));
    }
}
