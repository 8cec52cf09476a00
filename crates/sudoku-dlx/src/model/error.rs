//! The crate's one error type and the positions it names.

use std::fmt;

use crate::model::cage_problem::CageProblem;
use crate::model::cell::{Cell, MAX_SIZE};
use crate::model::symbols::Alphabet;
use crate::model::unit::Unit;

/// Everything that can be wrong with a puzzle, its text, or a request.
///
/// Positions in text are 1-based lines and columns (columns count
/// characters) within the record handed to the parser; cell indices are
/// 0-based and row-major. Every message says how to fix the input.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Error {
    /// Box sides that do not make a grid: below 2, or a grid above 64x64.
    BadShape {
        /// Rows per box asked for.
        box_rows: usize,
        /// Columns per box asked for.
        box_cols: usize,
    },
    /// A grid side with no box shape: below 4, above 64, or prime.
    BadSize {
        /// The side asked for.
        size: usize,
    },
    /// A record whose number of cells is no grid's, read without a shape.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Puzzle};
    /// let e = "1".parse::<Puzzle>().unwrap_err();
    /// assert_eq!(e, Error::WrongLength { found: 1, expected: 16 });
    /// assert!(e.to_string().starts_with("found 1 cell, and no grid has that many; a grid has n*n cells"));
    /// ```
    WrongLength {
        /// Cells found.
        found: usize,
        /// The nearest number of cells a grid has.
        expected: usize,
    },
    /// A record with the wrong number of cells for the shape the reader
    /// was given.
    WrongLengthForShape {
        /// Cells found.
        found: usize,
        /// Cells a grid of the given shape has.
        expected: usize,
    },
    /// A character that is neither a digit of this grid nor a blank.
    InvalidSymbol {
        /// The cell it would fill.
        index: usize,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The character.
        found: char,
        /// The grid side, so the message can say which digits are allowed.
        size: usize,
        /// The alphabet the record was read in, so the message names its digits.
        alphabet: Alphabet,
    },
    /// A token of the numbers format that is not a number from 0 to the grid side.
    InvalidNumber {
        /// The cell it would fill.
        index: usize,
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters, where the token starts.
        column: usize,
        /// The token.
        found: String,
        /// The grid side.
        size: usize,
    },
    /// A block (a record of several lines) with a row of the wrong number
    /// of cells. The block's side is its first row's length, or the shape's.
    BlockRowLength {
        /// 1-based line of the row within the record's text.
        line: usize,
        /// 1-based row of the block.
        row: usize,
        /// Cells the row has.
        found: usize,
        /// Cells every row must have.
        expected: usize,
    },
    /// A block with too few (or too many) rows for its side: four rows of
    /// nine cells are an incomplete 9x9 block, never a 6x6 grid.
    BlockRows {
        /// Rows found.
        found: usize,
        /// Rows a block of this side has.
        expected: usize,
    },
    /// A symbol alphabet that cannot write every digit of the grid.
    AlphabetTooSmall {
        /// The largest digit the alphabet writes.
        largest: usize,
        /// The grid side.
        size: usize,
    },
    /// Two givens with the same digit in one unit.
    ConflictingGivens {
        /// The earlier given (in row-major order of selection).
        first: Cell,
        /// The later given.
        second: Cell,
        /// The digit both hold.
        digit: u8,
        /// The unit they share.
        unit: Unit,
    },
    /// A grid of another shape than the rules it is used with (the same
    /// number of cells, say, but other boxes).
    ShapeMismatch {
        /// The rules' box sides (rows, columns).
        expected: (usize, usize),
        /// The grid's box sides (rows, columns).
        found: (usize, usize),
    },
    /// Text that names no shape; see [`Shape`](crate::Shape)'s `FromStr`.
    ShapeText {
        /// The text.
        text: String,
    },
    /// A grid was read from text that holds a jigsaw region map, which a
    /// [`Grid`](crate::Grid) has no place for.
    RegionMapInGrid,
    /// A region map with the wrong number of cells.
    RegionMapLength {
        /// Letters found.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// A region map with the wrong number of regions.
    RegionCount {
        /// Distinct letters found.
        found: usize,
        /// The grid side.
        expected: usize,
    },
    /// A region with the wrong number of cells.
    RegionSize {
        /// The region's letter.
        region: char,
        /// Cells it has.
        cells: usize,
        /// The grid side.
        expected: usize,
    },
    /// Jigsaw was asked for, but the record has no region map.
    MissingRegionMap,
    /// A puzzle and its region map, read without jigsaw: without it a line
    /// never holds a map.
    JigsawWithoutOption,
    /// A killer line (givens, cage map, sums) read without
    /// [`killer`](crate::ParseOptions::killer).
    ///
    /// ```
    /// use sudoku_dlx::{Error, Puzzle};
    /// let e = "1.3............. aabbaabbccddccdd a=3,b=7,c=5,d=5".parse::<Puzzle>().unwrap_err();
    /// assert_eq!(e, Error::KillerWithoutOption { line: 1, column: 18 });
    /// assert_eq!(
    ///     e.to_string(),
    ///     "line 1, column 18: the line looks like a killer puzzle, a cage map here between the givens and the sums; read it as killer (--killer, or `killer: true` in ParseOptions)"
    /// );
    /// ```
    KillerWithoutOption {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters, where the cage map starts.
        column: usize,
    },
    /// A drawn jigsaw grid whose cells are not those of the line after it.
    JigsawDrawing,
    /// A record holding nothing but comments, blanks and separators.
    EmptyRecord,
    /// A puzzle handed to a solver built for other rules.
    RulesMismatch,
    /// An error of the exact-cover engine, for a caller that uses both
    /// crates with `?` (see `From<dlx_engine::DlxError>`); the Sudoku types return it
    /// only for a fault of the engine.
    Engine(dlx_engine::DlxError),
    /// Generation: the rules admit no complete grid (a region map or a
    /// combination of variants that no grid satisfies).
    NoCompleteGrid,
    /// A long call (generation, rating, explain, hint) ended early because
    /// its stop was stopped ([`Progress::stop`](dlx_engine::Progress::stop),
    /// from a Ctrl-C handler say; see [`Maker::set_stop`](crate::Maker::set_stop)).
    /// Not an answer: the call, run again without the stop, gives one.
    Stopped,
    /// Generation: the tries at a complete grid used up their search
    /// budget together without finding one.
    GridBudget {
        /// Tries made.
        tries: u32,
    },
    /// Generation: a clue target no puzzle with one solution can meet
    /// ([`Plan::clue_range`](crate::Plan::clue_range)).
    ClueTarget {
        /// The clues asked for.
        clues: usize,
        /// The grid side.
        size: usize,
        /// The fewest clues a puzzle of the plan can have.
        fewest: usize,
        /// The most: every cell.
        most: usize,
    },
    /// A row-major cell index handed in code ([`Grid::set`](crate::Grid::set),
    /// [`Session::push`](crate::Session::push)) that is off the grid.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Grid, Shape};
    /// let e = Grid::empty(Shape::CLASSIC).set(81, 1).unwrap_err();
    /// assert_eq!(e, Error::IndexOffGrid { index: 81, size: 9 });
    /// assert_eq!(e.to_string(), "cell index 81 is off the 9x9 grid; give an index from 0 to 80");
    /// ```
    IndexOffGrid {
        /// The index given.
        index: usize,
        /// The grid side: indices run from 0 to `size * size - 1`.
        size: usize,
    },
    /// A [`Cell`] handed in code ([`Grid::set`](crate::Grid::set)) that is
    /// off the grid.
    ///
    /// ```
    /// use sudoku_dlx::{Cell, Error, Grid, Shape};
    /// let e = Grid::empty(Shape::CLASSIC).set(Cell { row: 0, col: 9 }, 1).unwrap_err();
    /// assert_eq!(e, Error::CellOffGrid { cell: Cell { row: 0, col: 9 }, size: 9 });
    /// assert_eq!(
    ///     e.to_string(),
    ///     "cell r1c10 (row 0, column 9) is off the 9x9 grid; give a row and a column from 0 to 8"
    /// );
    /// ```
    CellOffGrid {
        /// The cell given (0-based row and column; displayed 1-based).
        cell: Cell,
        /// The grid side.
        size: usize,
    },
    /// A digit handed in code that a cell cannot hold: above the grid
    /// side, or a blank (0) where a given is asked for
    /// ([`Session::push`](crate::Session::push)).
    ///
    /// ```
    /// use sudoku_dlx::{Error, Grid, Shape};
    /// let e = Grid::empty(Shape::CLASSIC).set(4, 10).unwrap_err();
    /// assert_eq!(e, Error::DigitOutOfRange { index: 4, digit: 10, least: 0, size: 9 });
    /// assert_eq!(
    ///     e.to_string(),
    ///     "digit 10 for cell index 4 is not from 0 to 9; give 1 to 9 for digits and 0 for a blank"
    /// );
    /// ```
    DigitOutOfRange {
        /// The row-major index of the cell it was for.
        index: usize,
        /// The digit given.
        digit: u8,
        /// The least digit allowed: 0 where a blank is allowed, 1 for a given.
        least: u8,
        /// The grid side, the largest digit.
        size: usize,
    },
    /// Digits handed in code ([`Grid::from_digits`](crate::Grid::from_digits))
    /// that are not one per cell.
    ///
    /// ```
    /// use sudoku_dlx::{Error, Grid, Shape};
    /// let e = Grid::from_digits(Shape::CLASSIC, vec![0; 80]).unwrap_err();
    /// assert_eq!(e, Error::DigitCount { found: 80, expected: 81 });
    /// assert_eq!(e.to_string(), "80 digits for a grid of 81 cells; give one digit per cell (0 for a blank)");
    /// ```
    DigitCount {
        /// Digits given.
        found: usize,
        /// Cells in the grid.
        expected: usize,
    },
    /// A group handed to [`Cages::from_groups`](crate::Cages::from_groups)
    /// that does not make a cage: `group` is its place in the slice, or
    /// `None` when the fault is in the groups together (too many).
    ///
    /// ```
    /// use sudoku_dlx::{CageProblem, Cages, Error, Shape};
    /// let shape = Shape::from_size(4)?;
    /// let e = Cages::from_groups(shape, &[(vec![0, 1], 3), (vec![99], 1)]).unwrap_err();
    /// assert_eq!(
    ///     e,
    ///     Error::CageGroup { group: Some(1), problem: CageProblem::CellOffGrid { index: 99, cells: 16 } }
    /// );
    /// assert_eq!(
    ///     e.to_string(),
    ///     "cage group 1: cell index 99 is off the grid of 16 cells; give an index from 0 to 15"
    /// );
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    CageGroup {
        /// The group's place in the slice handed in, from 0.
        group: Option<usize>,
        /// What is wrong with it.
        problem: CageProblem,
    },
    /// A canonical form was asked of a puzzle whose rules are not classic
    /// (variants and jigsaw regions are not kept by the transformations,
    /// and killer cages not by relabelling the digits).
    CanonRules {
        /// The puzzle's rules, as [`Rules`](crate::Rules) displays them.
        rules: String,
    },
    /// An explanation or hint was asked of a killer puzzle: the
    /// techniques know no cage logic yet.
    KillerNotExplained,
    /// The search for a canonical form used up its node budget.
    CanonBudget {
        /// Nodes spent.
        nodes: u64,
    },
    /// A transformation whose parts do not make one.
    InvalidTransform {
        /// The part that is wrong: `rows`, `cols`, `digits`, `transpose` or `text`.
        part: &'static str,
        /// What is wrong with it.
        problem: String,
    },
    /// A transformation used with a grid (or another transformation) of
    /// another shape.
    TransformShape {
        /// The transformation's box sides (rows, columns).
        expected: (usize, usize),
        /// The other shape's box sides (rows, columns).
        found: (usize, usize),
    },
    /// A killer record whose cages cannot be read: what is wrong, and
    /// where (the cage map's label for a cell, or the sums' entry).
    Cage {
        /// 1-based line.
        line: usize,
        /// 1-based column, in characters.
        column: usize,
        /// The row-major index of the cell whose label is at fault, when
        /// the fault is in the map.
        cell: Option<usize>,
        /// The grid side.
        size: usize,
        /// What is wrong.
        problem: CageProblem,
    },
}

/// Where in a record's text an error was found; see [`Error::position`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// 1-based line within the record's text.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// The 0-based, row-major index of the cell the text there would fill.
    pub cell: usize,
}

impl Error {
    /// Where in the record's text the error is, for the errors that have
    /// one place ([`InvalidSymbol`](Error::InvalidSymbol),
    /// [`InvalidNumber`](Error::InvalidNumber), and
    /// [`BlockRowLength`](Error::BlockRowLength) at the start of its row);
    /// `None` for the others, such as a wrong number of cells or two
    /// clashing givens.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Position, Puzzle};
    /// let e = Puzzle::parse("12.4\n3x12\n2143\n4321", &ParseOptions::default()).unwrap_err();
    /// assert_eq!(e.position(), Some(Position { line: 2, column: 2, cell: 5 }));
    /// assert_eq!(
    ///     e.reason().to_string(),
    ///     "`x` is not a digit of a 4x4 grid; use 1-4 for digits and `.` for blanks"
    /// );
    /// assert_eq!(e.to_string(), format!("line 2, column 2 (r2c2): {}", e.reason()));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn position(&self) -> Option<Position> {
        match *self {
            Error::InvalidSymbol {
                index,
                line,
                column,
                ..
            }
            | Error::InvalidNumber {
                index,
                line,
                column,
                ..
            } => Some(Position {
                line,
                column,
                cell: index,
            }),
            Error::Cage {
                line,
                column,
                cell: Some(cell),
                ..
            } => Some(Position { line, column, cell }),
            Error::BlockRowLength {
                line,
                row,
                expected,
                ..
            } => Some(Position {
                line,
                column: 1,
                cell: (row - 1).saturating_mul(expected),
            }),
            _ => None,
        }
    }

    /// The 1-based line and column (in characters) of the record where
    /// the error is, where one place says it: every error with a
    /// [`position`](Self::position), a cage error that names no cell
    /// (a sum, say), and the cage map of a killer line read without killer.
    #[must_use]
    pub fn line_column(&self) -> Option<(usize, usize)> {
        match (self.position(), self) {
            (Some(position), _) => Some((position.line, position.column)),
            (None, Error::Cage { line, column, .. })
            | (None, Error::KillerWithoutOption { line, column }) => Some((*line, *column)),
            _ => None,
        }
    }

    /// The cell an error of one symbol is about, for the errors that have
    /// one ([`InvalidSymbol`](Error::InvalidSymbol) and
    /// [`InvalidNumber`](Error::InvalidNumber)), as `r2c3` names it.
    ///
    /// ```
    /// use sudoku_dlx::{ParseOptions, Puzzle};
    /// let e = Puzzle::parse("12.4\n3x12\n2143\n4321", &ParseOptions::default()).unwrap_err();
    /// assert_eq!(e.cell().map(|c| c.to_string()), Some("r2c2".to_owned()));
    /// ```
    #[must_use]
    pub fn cell(&self) -> Option<Cell> {
        match *self {
            Error::InvalidSymbol { index, size, .. }
            | Error::InvalidNumber { index, size, .. }
            | Error::Cage {
                cell: Some(index),
                size,
                ..
            } if size > 0 => Some(Cell {
                row: index / size,
                col: index % size,
            }),
            _ => None,
        }
    }

    /// What is wrong and how to fix it, without the
    /// [`position`](Self::position): for a caller that says where in its
    /// own terms (a file's line numbers, say). `Display` writes the
    /// position, if any, then this.
    pub fn reason(&self) -> impl fmt::Display + '_ {
        Reason(self, None)
    }

    /// The error as [`Display`](fmt::Display) writes it, but with the digits
    /// it names (two clashing givens' digit) in `alphabet`, the symbols the
    /// puzzle was read with: what a player of a 16x16 or hex puzzle reads.
    ///
    /// ```
    /// use sudoku_dlx::{Alphabet, ParseOptions, Puzzle, Solver};
    /// let options = ParseOptions { alphabet: Some(Alphabet::Hex), ..ParseOptions::default() };
    /// let mut line = ".".repeat(256);
    /// line.replace_range(0..2, "FF");
    /// let puzzle = Puzzle::parse(&line, &options)?;
    /// let e = Solver::new(puzzle.rules()).clash(&puzzle)?.expect("two Fs in a row");
    /// assert_eq!(
    ///     e.describe(puzzle.alphabet()),
    ///     "givens at r1c1 and r1c2 both hold F in the same row; fix one of them"
    /// );
    /// assert!(e.to_string().contains("both hold 16"));
    /// # Ok::<(), sudoku_dlx::Error>(())
    /// ```
    #[must_use]
    pub fn describe(&self, alphabet: Alphabet) -> String {
        let mut text = String::new();
        // Writing to a `String` cannot fail.
        let _ = self.write(&mut text, Some(alphabet));
        text
    }

    /// Writes the error, its digits in `alphabet` (as numbers without one).
    fn write(&self, f: &mut impl fmt::Write, alphabet: Option<Alphabet>) -> fmt::Result {
        if let Some(Position { line, column, .. }) = self.position() {
            write!(f, "line {line}, column {column}")?;
            match self.cell() {
                Some(cell) => write!(f, " ({cell}): ")?,
                None => f.write_str(": ")?,
            }
        } else if let Some((line, column)) = self.line_column() {
            // An error in the sums names no cell, but still a place.
            write!(f, "line {line}, column {column}: ")?;
        }
        write!(f, "{}", Reason(self, alphabet))
    }
}

/// The position-free message of an [`Error`], its digits in the alphabet
/// if one is given; see [`Error::reason`].
struct Reason<'e>(&'e Error, Option<Alphabet>);

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, None)
    }
}

impl fmt::Display for Reason<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Error::BadShape { box_rows, box_cols } => write!(
                f,
                "boxes of {box_rows}x{box_cols} do not make a sudoku; use box sides of at least 2 and a grid of at most {MAX_SIZE}x{MAX_SIZE}"
            ),
            Error::BadSize { size } => write!(
                f,
                "a {size}x{size} grid has no box shape; use a side from 4 to {MAX_SIZE} that is not prime, or give the box as RxC"
            ),
            Error::WrongLength { found, expected } => {
                let side = expected.isqrt();
                write!(
                    f,
                    "found {found} {}, and no grid has that many; a grid has n*n cells for a side n from 4 to {MAX_SIZE} that is not prime (16, 36, 64, 81, 100, ...), the nearest {expected} ({side}x{side}); check for missing or extra symbols, or give the size",
                    if *found == 1 { "cell" } else { "cells" }
                )
            }
            Error::InvalidSymbol {
                found,
                size,
                alphabet,
                ..
            } => write!(
                f,
                "`{}` is not a digit of a {size}x{size} grid; use {}",
                found.escape_debug(),
                digit_hint(*size, *alphabet)
            ),
            Error::BlockRowLength {
                row,
                found,
                expected,
                ..
            } => write!(
                f,
                "row {row} of the block has {found} cells, expected {expected}; check the row for missing or extra symbols"
            ),
            Error::BlockRows { found, expected } => write!(
                f,
                "the block has {found} of its {expected} rows (rows of {expected} cells); give every row of the grid, one per line"
            ),
            Error::InvalidNumber { found, size, .. } => write!(
                f,
                "`{found}` is not a number from 0 to {size}; use 1 to {size} for digits and 0 or `.` for blanks"
            ),
            Error::AlphabetTooSmall { largest, size } => write!(
                f,
                "this alphabet writes digits up to {largest}, but the grid is {size}x{size}; use the default alphabet or numbers"
            ),
            Error::ConflictingGivens {
                first,
                second,
                digit,
                unit,
            } => write!(
                f,
                "givens at {first} and {second} both hold {} in the same {unit}; fix one of them",
                self.1
                    .map_or_else(|| digit.to_string(), |alphabet| alphabet.symbol(*digit))
            ),
            Error::ShapeMismatch { expected, found } => write!(
                f,
                "the grid is {}, but the rules are for {}; build the grid with the rules' shape",
                boxes(*found),
                boxes(*expected)
            ),
            Error::ShapeText { text } => write!(
                f,
                "`{text}` is not a shape; write the side (`9`), `9x9`, or the boxes as in `6x6 (3x2 boxes)`"
            ),
            Error::RegionMapInGrid => write!(
                f,
                "the text holds a region map, which a grid has no place for; read it as a puzzle to keep the regions"
            ),
            Error::RegionMapLength { found, expected } => write!(
                f,
                "the region map has {found} letters, expected {expected}; give one region letter per cell"
            ),
            Error::RegionCount { found, expected } => write!(
                f,
                "the region map has {found} regions, expected {expected}; use one letter per region"
            ),
            Error::RegionSize {
                region,
                cells,
                expected,
            } => write!(
                f,
                "region `{region}` has {cells} cells, expected {expected}; every region must have as many cells as the grid side"
            ),
            Error::MissingRegionMap => write!(
                f,
                "jigsaw needs a region map; write the puzzle, a space, and one region letter per cell"
            ),
            Error::EmptyRecord => write!(f, "the record has no cells; give a puzzle"),
            Error::WrongLengthForShape { found, expected } => write!(
                f,
                "found {found} cells, expected {expected} for the shape given; check for missing or extra symbols"
            ),
            Error::JigsawWithoutOption => write!(
                f,
                "the line is a puzzle and a region map, which is read only as jigsaw; give --jigsaw to read it"
            ),
            Error::JigsawDrawing => write!(
                f,
                "the drawn grid does not hold the cells of the jigsaw line after it; fix one or give the line alone"
            ),
            Error::KillerWithoutOption { .. } => write!(
                f,
                "the line looks like a killer puzzle, a cage map here between the givens and the sums; read it as killer (--killer, or `killer: true` in ParseOptions)"
            ),
            Error::Engine(e) => write!(f, "the exact-cover engine refused the grid: {e}"),
            Error::Stopped => write!(f, "stopped before it finished (interrupted)"),
            Error::NoCompleteGrid => write!(
                f,
                "no complete grid satisfies these rules; change the region map or the cages, or drop a variant"
            ),
            Error::GridBudget { tries } => write!(
                f,
                "no complete grid was found in {tries} tries within the search budget; raise the budget"
            ),
            Error::ClueTarget {
                clues,
                size,
                fewest,
                most,
            } => write!(
                f,
                "a {size}x{size} puzzle with one solution has from {fewest} to {most} clues, not {clues}; ask for a number in that range"
            ),
            Error::CanonRules { rules } => write!(
                f,
                "canonical forms are defined for classic rules, not {rules}: the transformations do not keep variants, jigsaw regions or killer cages (relabelling the digits changes a cage's sum); drop the variant, jigsaw and killer options"
            ),
            Error::KillerNotExplained => f.write_str(
                "killer puzzles cannot be explained yet: the techniques know no cage logic (cage sums, combinations, innies and outies); solve or rate them instead (a killer puzzle is rated by search effort)"
            ),
            Error::CanonBudget { nodes } => write!(
                f,
                "the search for the canonical form stopped after {nodes} nodes; raise the budget"
            ),
            Error::InvalidTransform { part, problem } => write!(
                f,
                "invalid transformation: {part} {problem}; write [transpose,]rows=LIST,cols=LIST,digits=LIST with one entry per row, column and digit"
            ),
            Error::TransformShape { expected, found } => write!(
                f,
                "the transformation is for {} grids, not {}; use one made for this shape",
                boxes(*expected),
                boxes(*found)
            ),
            Error::Cage { problem, .. } => problem.fmt(f),
            Error::RulesMismatch => write!(
                f,
                "the puzzle's shape, variants or regions differ from the solver's; build a solver for the puzzle's rules"
            ),
            Error::IndexOffGrid { index, size } => write!(
                f,
                "cell index {index} is off the {size}x{size} grid; give an index from 0 to {}",
                (size * size).saturating_sub(1)
            ),
            Error::CellOffGrid { cell, size } => write!(
                f,
                "cell {cell} (row {}, column {}) is off the {size}x{size} grid; give a row and a column from 0 to {}",
                cell.row,
                cell.col,
                size.saturating_sub(1)
            ),
            Error::DigitOutOfRange {
                index,
                digit,
                least,
                size,
            } => {
                write!(
                    f,
                    "digit {digit} for cell index {index} is not from {least} to {size}; give 1 to {size} for digits"
                )?;
                if *least == 0 {
                    f.write_str(" and 0 for a blank")?;
                }
                Ok(())
            }
            Error::DigitCount { found, expected } => write!(
                f,
                "{found} digits for a grid of {expected} cells; give one digit per cell (0 for a blank)"
            ),
            Error::CageGroup {
                group: Some(group),
                problem,
            } => write!(f, "cage group {group}: {problem}"),
            Error::CageGroup {
                group: None,
                problem,
            } => problem.fmt(f),
        }
    }
}

/// A shape named by its box sides, as `Shape`'s display writes it.
fn boxes((rows, cols): (usize, usize)) -> String {
    let n = rows * cols;
    format!("{n}x{n} ({rows}x{cols} boxes)")
}

/// How a grid of side `size` writes its digits and blanks in `alphabet`.
fn digit_hint(size: usize, alphabet: Alphabet) -> String {
    let letter = |value: usize| {
        char::from_digit(u32::try_from(value).unwrap_or(35), 36)
            .unwrap_or('z')
            .to_ascii_uppercase()
    };
    match (alphabet, size) {
        (Alphabet::Hex, 1..=16) => {
            let last = letter(size - 1);
            let symbols = match size {
                0..=10 => format!("0-{last}"),
                _ => format!("0-9 and A-{last}"),
            };
            format!("{symbols} for digits 1 to {size} (the hex alphabet) and `.` for blanks")
        }
        (_, 0..=9) => format!("1-{size} for digits and `.` for blanks"),
        (_, 10) => "1-9 and A for digits and `.` for blanks".to_owned(),
        (_, 11..=35) => format!("1-9 and A-{} for digits and `.` for blanks", letter(size)),
        _ => "whitespace-separated numbers for digits and `.` for blanks".to_owned(),
    }
}

impl Error {
    /// The error for a given (`digit`, from 1 to `size`, at row-major
    /// `index`) handed in code that does not fit a grid of side `size`:
    /// the index if it is off the grid, else the digit.
    pub(crate) fn given(index: usize, digit: u8, size: usize) -> Error {
        if index >= size * size {
            Error::IndexOffGrid { index, size }
        } else {
            Error::DigitOutOfRange {
                index,
                digit,
                least: 1,
                size,
            }
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Engine(e) => Some(e),
            _ => None,
        }
    }
}

/// An engine error, for a caller that mixes the engine and Sudoku with `?`.
///
/// ```
/// fn first_option() -> Result<dlx_engine::OptionId, sudoku_dlx::Error> {
///     let mut builder = dlx_engine::Problem::builder(1, 0)?;
///     Ok(builder.add_option(&[0])?)
/// }
/// assert_eq!(first_option().map(|o| o.index()), Ok(0));
/// ```
impl From<dlx_engine::DlxError> for Error {
    fn from(e: dlx_engine::DlxError) -> Error {
        Error::Engine(e)
    }
}

/// `Err(Error::Stopped)` once `stop` is stopped: the check a long call
/// makes between its steps (an orbit, an attempt, a technique).
pub(crate) fn check_stop(stop: Option<&std::sync::Arc<dlx_engine::Progress>>) -> Result<(), Error> {
    match stop {
        Some(stop) if stop.is_stopped() => Err(Error::Stopped),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One quoting style (issue 41): what the user wrote is quoted in
    /// backticks, as most messages did, never in Rust's `'x'` or `"x"`.
    #[test]
    fn messages_quote_in_backticks() {
        use crate::model::cage_problem::CageProblem;
        let symbol = Error::InvalidSymbol {
            index: 0,
            line: 1,
            column: 1,
            found: 'x',
            size: 4,
            alphabet: Alphabet::Standard,
        };
        let region = Error::RegionSize {
            region: 'a',
            cells: 3,
            expected: 4,
        };
        let cage = |problem| Error::Cage {
            line: 1,
            column: 1,
            cell: None,
            size: 4,
            problem,
        };
        let texts = [
            symbol.reason().to_string(),
            region.to_string(),
            cage(CageProblem::BadLabel { found: '!' }).to_string(),
            cage(CageProblem::BadSum {
                found: "a=x".to_owned(),
            })
            .to_string(),
            cage(CageProblem::MissingSum { label: 'd' }).to_string(),
            cage(CageProblem::DuplicateSum { label: 'd' }).to_string(),
            cage(CageProblem::SumWithoutCells { label: 'd' }).to_string(),
        ];
        for text in &texts {
            // An apostrophe only in a possessive ("the cage's cells").
            let possessive = |(i, _): (usize, &str)| {
                text[..i].ends_with(char::is_alphabetic) && text[i + 1..].starts_with("s ")
            };
            assert!(text.match_indices('\'').all(possessive), "{text}");
            assert!(!text.contains('"'), "{text}");
            assert!(text.contains('`'), "{text}");
        }
        assert!(texts[0].starts_with("`x` is not a digit"));
        assert!(texts[1].starts_with("region `a` has 3 cells"));
        // A control character stays visible.
        let tab = Error::InvalidSymbol {
            index: 0,
            line: 1,
            column: 1,
            found: '\t',
            size: 4,
            alphabet: Alphabet::Standard,
        };
        assert!(tab.reason().to_string().starts_with("`\\t` is not"));
    }

    #[test]
    fn messages_are_lower_case_and_say_what_to_do() {
        let e = Error::InvalidSymbol {
            index: 4,
            line: 1,
            column: 5,
            found: 'x',
            size: 16,
            alphabet: Alphabet::Standard,
        };
        assert_eq!(
            e.to_string(),
            "line 1, column 5 (r1c5): `x` is not a digit of a 16x16 grid; use 1-9 and A-G for digits and `.` for blanks"
        );
        let e = Error::ConflictingGivens {
            first: Cell { row: 0, col: 0 },
            second: Cell { row: 0, col: 8 },
            digit: 5,
            unit: Unit::Row,
        };
        assert_eq!(
            e.to_string(),
            "givens at r1c1 and r1c9 both hold 5 in the same row; fix one of them"
        );
        assert!(digit_hint(9, Alphabet::Standard).starts_with("1-9"));
        assert_eq!(
            digit_hint(16, Alphabet::Hex),
            "0-9 and A-F for digits 1 to 16 (the hex alphabet) and `.` for blanks"
        );
        let e = Error::given(81, 1, 9);
        assert_eq!(e, Error::IndexOffGrid { index: 81, size: 9 });
        assert_eq!(e.position(), None);
        assert_eq!(
            Error::given(3, 0, 9).to_string(),
            "digit 0 for cell index 3 is not from 1 to 9; give 1 to 9 for digits"
        );
        assert_eq!(
            digit_hint(40, Alphabet::Standard),
            "whitespace-separated numbers for digits and `.` for blanks"
        );
    }
}
