//! The independent checker: is a grid a solution of a puzzle?
//!
//! It shares nothing with the exact-cover encoding: it walks rows, columns,
//! boxes or regions, diagonals, windoku windows, killer cages (and adds up
//! their sums) and king and knight moves directly, so a bug in the matrix cannot hide a wrong answer.

use std::fmt;

use bitvec::prelude::bitvec;

use crate::model::cell::Cell;
use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::rules::Rules;
use crate::model::symbols::Alphabet;
use crate::model::unit::Unit;

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Violation {
    /// The grid has another shape than the puzzle.
    ShapeMismatch,
    /// A cell is blank.
    Blank {
        /// The cell.
        cell: Cell,
    },
    /// A given was changed.
    GivenChanged {
        /// The cell.
        cell: Cell,
        /// The given.
        given: u8,
        /// What the grid holds there.
        found: u8,
    },
    /// A digit repeats in a unit.
    Repeat {
        /// The unit.
        unit: Unit,
        /// One cell.
        first: Cell,
        /// Another cell of the unit with the same digit.
        second: Cell,
        /// The digit.
        digit: u8,
    },
    /// A killer cage whose digits do not add up to its sum.
    CageSum {
        /// The cage's label.
        label: char,
        /// Its first cell.
        first: Cell,
        /// Its sum.
        sum: u32,
        /// What its digits add up to.
        found: u32,
    },
}

impl Violation {
    /// The first cell the broken rule names, if it names one: the blank
    /// cell, the changed given, the first of two equal digits.
    ///
    /// ```
    /// use sudoku_dlx::{Cell, Violation};
    /// let blank = Violation::Blank { cell: Cell { row: 1, col: 4 } };
    /// assert_eq!(blank.cell().map(|c| c.to_string()).as_deref(), Some("r2c5"));
    /// assert_eq!(Violation::ShapeMismatch.cell(), None);
    /// ```
    #[must_use]
    pub fn cell(&self) -> Option<Cell> {
        match self {
            Violation::Blank { cell } | Violation::GivenChanged { cell, .. } => Some(*cell),
            Violation::Repeat { first, .. } => Some(*first),
            _ => None,
        }
    }

    /// The broken rule in words, its digits written in `alphabet` (the
    /// symbols the grid was read with): `r1c3 holds F but the puzzle gives
    /// G`. [`Display`](fmt::Display) writes them in the standard alphabet.
    ///
    /// ```
    /// use sudoku_dlx::{Alphabet, Cell, Unit, Violation};
    /// let repeat = Violation::Repeat {
    ///     unit: Unit::Row,
    ///     first: Cell { row: 0, col: 0 },
    ///     second: Cell { row: 0, col: 3 },
    ///     digit: 10,
    /// };
    /// assert_eq!(repeat.describe(Alphabet::Hex), "r1c1 and r1c4 both hold 9 in one row");
    /// assert_eq!(repeat.to_string(), "r1c1 and r1c4 both hold A in one row");
    /// ```
    #[must_use]
    pub fn describe(&self, alphabet: Alphabet) -> String {
        let symbol = |digit: u8| alphabet.symbol(digit);
        match self {
            Violation::ShapeMismatch => "the grid has another shape than the puzzle".to_owned(),
            Violation::Blank { cell } => format!("{cell} is blank"),
            Violation::GivenChanged { cell, given, found } => format!(
                "{cell} holds {} but the puzzle gives {}",
                symbol(*found),
                symbol(*given)
            ),
            Violation::Repeat {
                unit,
                first,
                second,
                digit,
            } => format!(
                "{first} and {second} both hold {} in one {unit}",
                symbol(*digit)
            ),
            Violation::CageSum {
                label,
                first,
                sum,
                found,
            } => format!("cage `{label}` (from {first}) adds up to {found}, not its sum {sum}"),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(Alphabet::Standard))
    }
}

impl std::error::Error for Violation {}

/// Checks that `grid` is a complete solution of `puzzle`: every cell filled,
/// the givens kept, and no digit repeated in a row, column, box (or jigsaw
/// region), diagonal (X), windoku window, or king's or knight's move
/// (anti-king, anti-knight), as the puzzle's rules say. It does not use the
/// engine.
///
/// ```
/// use sudoku_dlx::{check_solution, Grid, ParseOptions, Puzzle, Violation};
/// let puzzle = Puzzle::parse("1...............", &ParseOptions::default())?;
/// let good = Puzzle::parse("1234341221434321", &ParseOptions::default())?;
/// assert_eq!(check_solution(&puzzle, good.givens()), Ok(()));
/// let bad = Puzzle::parse("1234341221433421", &ParseOptions::default())?;
/// assert!(matches!(check_solution(&puzzle, bad.givens()), Err(Violation::Repeat { .. })));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
///
/// # Errors
///
/// The first [`Violation`] found.
pub fn check_solution(puzzle: &Puzzle, grid: &Grid) -> Result<(), Violation> {
    let shape = puzzle.shape();
    if grid.shape() != shape {
        return Err(Violation::ShapeMismatch);
    }
    for (index, (&given, &found)) in puzzle
        .givens()
        .digits()
        .iter()
        .zip(grid.digits())
        .enumerate()
    {
        let cell = shape.cell(index);
        if found == 0 {
            return Err(Violation::Blank { cell });
        }
        if given != 0 && given != found {
            return Err(Violation::GivenChanged { cell, given, found });
        }
    }
    // A full unit of n cells without a repeat holds every digit 1..=n once.
    find_repeat(puzzle.rules(), grid).map_or(Ok(()), Err)?;
    find_wrong_sum(puzzle.rules(), grid).map_or(Ok(()), Err)
}

impl Rules {
    /// Checks that `grid` is complete and breaks none of these rules, as
    /// [`check_solution`] does for a puzzle without givens: for a grid
    /// that comes without a puzzle.
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Rules, Violation};
    /// let grid: Grid = "1234341221434321".parse()?;
    /// let rules = Rules::new(grid.shape());
    /// assert_eq!(rules.check(&grid), Ok(()));
    /// let clash: Grid = "1234341221433412".parse()?;
    /// assert!(matches!(rules.check(&clash), Err(Violation::Repeat { .. })));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found: a shape other than the rules', a
    /// blank, or a repeated digit.
    pub fn check(&self, grid: &Grid) -> Result<(), Violation> {
        if grid.shape() != self.shape() {
            return Err(Violation::ShapeMismatch);
        }
        if let Some(index) = grid.digits().iter().position(|&d| d == 0) {
            return Err(Violation::Blank {
                cell: self.shape().cell(index),
            });
        }
        find_repeat(self, grid).map_or(Ok(()), Err)?;
        find_wrong_sum(self, grid).map_or(Ok(()), Err)
    }
}

impl Grid {
    /// Whether this grid is a complete solution of `puzzle`: the
    /// [`check_solution`] of it, as a yes or no.
    ///
    /// ```
    /// use sudoku_dlx::{Grid, Puzzle};
    /// let puzzle: Puzzle = "1...............".parse()?;
    /// let grid: Grid = "1234341221434321".parse()?;
    /// assert!(grid.is_solution_of(&puzzle));
    /// assert!(!"2143341212344321".parse::<Grid>()?.is_solution_of(&puzzle));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn is_solution_of(&self, puzzle: &Puzzle) -> bool {
        check_solution(puzzle, self).is_ok()
    }
}

impl Puzzle {
    /// Checks the givens against each other without searching: two equal
    /// digits in one unit are reported as [`Error::ConflictingGivens`].
    /// (Solving reports the same conflicts; this is for callers that want
    /// to reject a puzzle before solving it.)
    ///
    /// # Errors
    ///
    /// [`Error::ConflictingGivens`] for the first clash found.
    pub fn check_givens(&self) -> Result<(), Error> {
        match find_repeat(self.rules(), self.givens()) {
            Some(Violation::Repeat {
                unit,
                first,
                second,
                digit,
            }) => Err(Error::ConflictingGivens {
                first,
                second,
                digit,
                unit,
            }),
            _ => Ok(()),
        }
    }
}

/// The first killer cage of `rules` whose digits in `grid` (complete, of
/// the rules' shape) do not add up to its sum.
fn find_wrong_sum(rules: &Rules, grid: &Grid) -> Option<Violation> {
    let cages = rules.cages()?;
    cages.cages().iter().find_map(|cage| {
        let found: u32 = cage
            .cells()
            .iter()
            .map(|&i| u32::from(grid.digits()[i]))
            .sum();
        (found != cage.sum()).then(|| Violation::CageSum {
            label: cage.label(),
            first: rules.shape().cell(cage.cells()[0]),
            sum: cage.sum(),
            found,
        })
    })
}

/// The first repeated digit in any unit of `rules`, ignoring blanks; `grid`
/// has the rules' shape.
fn find_repeat(rules: &Rules, grid: &Grid) -> Option<Violation> {
    let shape = rules.shape();
    let n = shape.size();
    let variants = rules.variants();
    let digit = |cell: Cell| grid.digits()[cell.row * n + cell.col];

    // Groups of cells that hold each digit at most once.
    let mut groups: Vec<(Unit, Vec<Cell>)> = Vec::new();
    for r in 0..n {
        groups.push((Unit::Row, (0..n).map(|c| Cell { row: r, col: c }).collect()));
        groups.push((
            Unit::Column,
            (0..n).map(|c| Cell { row: c, col: r }).collect(),
        ));
    }
    match rules.regions() {
        Some(regions) => {
            let mut by_region = vec![Vec::new(); n];
            for index in 0..shape.cell_count() {
                if let Some(list) = by_region.get_mut(regions.region_of(index)) {
                    list.push(shape.cell(index));
                }
            }
            groups.extend(by_region.into_iter().map(|cells| (Unit::Region, cells)));
        }
        None => {
            let (br, bc) = (shape.box_rows(), shape.box_cols());
            for top in (0..n).step_by(br) {
                for left in (0..n).step_by(bc) {
                    let cells = (top..top + br)
                        .flat_map(|row| (left..left + bc).map(move |col| Cell { row, col }))
                        .collect();
                    groups.push((Unit::Box, cells));
                }
            }
        }
    }
    if variants.x {
        groups.push((
            Unit::Diagonal,
            (0..n).map(|k| Cell { row: k, col: k }).collect(),
        ));
        groups.push((
            Unit::Diagonal,
            (0..n)
                .map(|k| Cell {
                    row: k,
                    col: n - 1 - k,
                })
                .collect(),
        ));
    }
    if variants.windoku {
        // Windows start one cell in and leave one cell between them.
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        let mut top = 1;
        while top + br < n {
            let mut left = 1;
            while left + bc < n {
                let cells = (top..top + br)
                    .flat_map(|row| (left..left + bc).map(move |col| Cell { row, col }))
                    .collect();
                groups.push((Unit::Window, cells));
                left += bc + 1;
            }
            top += br + 1;
        }
    }
    if let Some(cages) = rules.cages() {
        for cage in cages.cages() {
            let cells = cage.cells().iter().map(|&i| shape.cell(i)).collect();
            groups.push((Unit::Cage, cells));
        }
    }
    // The digits seen so far in the group at hand.
    let mut seen = bitvec![0; n + 1];
    for (unit, cells) in &groups {
        seen.fill(false);
        for (k, &cell) in cells.iter().enumerate() {
            let d = digit(cell);
            if d == 0 || usize::from(d) > n {
                continue;
            }
            if seen.replace(usize::from(d), true) {
                let first = cells[..k].iter().find(|&&c| digit(c) == d);
                return Some(Violation::Repeat {
                    unit: *unit,
                    first: first.copied().unwrap_or(cell),
                    second: cell,
                    digit: d,
                });
            }
        }
    }

    let mut moves: Vec<(Unit, [(isize, isize); 4])> = Vec::new();
    if variants.anti_king {
        moves.push((Unit::KingMove, [(0, 1), (1, -1), (1, 0), (1, 1)]));
    }
    if variants.anti_knight {
        moves.push((Unit::KnightMove, [(1, 2), (1, -2), (2, 1), (2, -1)]));
    }
    for (unit, steps) in moves {
        for row in 0..n {
            for col in 0..n {
                let first = Cell { row, col };
                let d = digit(first);
                if d == 0 {
                    continue;
                }
                for (dr, dc) in steps {
                    let (Some(r2), Some(c2)) =
                        (row.checked_add_signed(dr), col.checked_add_signed(dc))
                    else {
                        continue;
                    };
                    if r2 < n && c2 < n {
                        let second = Cell { row: r2, col: c2 };
                        if digit(second) == d {
                            return Some(Violation::Repeat {
                                unit,
                                first,
                                second,
                                digit: d,
                            });
                        }
                    }
                }
            }
        }
    }
    None
}
