//! Reading a record of a puzzle and a grid to check against it (`PUZZLE
//! SOLUTION`, `PUZZLE MAP SOLUTION`, a killer line and a solution, tdoku's
//! `PUZZLE:1:SOLUTION`): what a checker or a hint giver reads, and what
//! every user of [`Framer`](crate::Framer) would otherwise split by hand.

use crate::model::checker::{Violation, check_solution};
use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::text::framer::Record;
use crate::text::parse_options::ParseOptions;

/// A puzzle and the grid written after it on its record: a proposed
/// solution, or a player's board; or a puzzle alone, a grid checked on its
/// own rules and blanks.
///
/// The record's text is the puzzle (with [`ParseOptions::jigsaw`] its map,
/// with [`ParseOptions::killer`] its cages and sums), and the grid is the
/// first field of its comment (fields split at whitespace, `,`, `;` and
/// `:`) that reads as a grid of the puzzle's shape and alphabet, so
/// `PUZZLE SOLUTION`, `PUZZLE MAP SOLUTION`, `PUZZLE:1:SOLUTION` and
/// `PUZZLE SOLUTION # name` all read. In the numbers alphabet (without
/// jigsaw or killer) `PUZZLE SOLUTION` is one line of twice a grid's
/// numbers, split in halves.
///
/// ```
/// use sudoku_dlx::{CheckRecord, ParseOptions, Records};
///
/// let text = "1.3.3.1..1.3.3.1 1234341221434321\n1234341221434321\n";
/// let options = ParseOptions::default();
/// let mut checked = Vec::new();
/// for record in Records::new(text.lines().map(|l| Ok::<_, ()>(l.to_owned())), &options) {
///     let record = CheckRecord::read(&record.unwrap(), &options)?;
///     checked.push((record.grid.is_some(), record.check().is_ok()));
/// }
/// // A puzzle and its solution; then a grid alone, which breaks no rule.
/// assert_eq!(checked, [(true, true), (false, true)]);
///
/// // A solution that changes a given is caught, with its cell.
/// let record = CheckRecord::parse("1.3.3.1..1.3.3.1", Some("2134341221434321"), &options)?;
/// let broken = record.check().unwrap_err();
/// assert_eq!(broken.cell().map(|c| c.to_string()).as_deref(), Some("r1c1"));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CheckRecord {
    /// The puzzle (for a record of one grid, that grid).
    pub puzzle: Puzzle,
    /// The grid after the puzzle, even one equal to it (a board the player
    /// has not written on yet); `None` when the record is the puzzle alone.
    pub grid: Option<Grid>,
    /// The record's comment, the grid's field among it.
    pub comment: Option<String>,
}

impl CheckRecord {
    /// Reads a framed [`Record`]: its text and its comment, as
    /// [`CheckRecord::parse`] does.
    ///
    /// # Errors
    ///
    /// The puzzle's [`Error`], with its position in the record's text.
    pub fn read(record: &Record, options: &ParseOptions) -> Result<CheckRecord, Error> {
        CheckRecord::parse(&record.text, record.comment.as_deref(), options)
    }

    /// Reads the puzzle from `text` and the grid from the first field of
    /// `comment` (the text after the puzzle on its line, as
    /// [`Record::comment`] holds it) that is a grid of the puzzle's shape.
    ///
    /// # Errors
    ///
    /// The puzzle's [`Error`], with its position in `text`. A comment
    /// without a grid is no error: the record is then the puzzle alone.
    pub fn parse(
        text: &str,
        comment: Option<&str>,
        options: &ParseOptions,
    ) -> Result<CheckRecord, Error> {
        if let Some((puzzle, grid)) = halves(text, comment, options) {
            return Ok(CheckRecord {
                puzzle: Puzzle::parse(&puzzle, options)?,
                grid: Some(Puzzle::parse(&grid, options)?.givens().clone()),
                comment: None,
            });
        }
        let puzzle = Puzzle::parse(text, options)?;
        let grid_options = ParseOptions {
            shape: Some(puzzle.shape()),
            alphabet: Some(puzzle.alphabet()),
            ..ParseOptions::default()
        };
        let grid = comment
            .into_iter()
            .flat_map(fields)
            .find_map(|field| Puzzle::parse(field, &grid_options).ok())
            .map(|read| read.givens().clone());
        Ok(CheckRecord {
            puzzle,
            grid,
            comment: comment.map(str::to_owned),
        })
    }

    /// The grid to check: the one after the puzzle, or the puzzle's own
    /// givens when there is none.
    #[must_use]
    pub fn grid_to_check(&self) -> &Grid {
        self.grid.as_ref().unwrap_or(self.puzzle.givens())
    }

    /// Whether [`grid_to_check`](Self::grid_to_check) solves the puzzle:
    /// the first broken rule if not ([`check_solution`]).
    ///
    /// # Errors
    ///
    /// The first [`Violation`] found.
    pub fn check(&self) -> Result<(), Violation> {
        check_solution(&self.puzzle, self.grid_to_check())
    }
}

/// A puzzle and a grid on one line of numbers, twice a grid's count: its
/// two halves, each joined by spaces. Only in the numbers alphabet, where
/// the framer cannot tell the line's end from a comment.
fn halves(text: &str, comment: Option<&str>, options: &ParseOptions) -> Option<(String, String)> {
    if options.alphabet != Some(Alphabet::Numbers)
        || comment.is_some()
        || options.jigsaw
        || options.killer
        || text.trim().lines().count() != 1
    {
        return None;
    }
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let half = tokens.len() / 2;
    let split = Shape::from_cell_count(tokens.len()).is_none()
        && tokens.len().is_multiple_of(2)
        && Shape::from_cell_count(half).is_some();
    split.then(|| (tokens[..half].join(" "), tokens[half..].join(" ")))
}

/// The fields of a comment: split at whitespace, `,`, `;` and `:`.
fn fields(comment: &str) -> impl Iterator<Item = &str> {
    comment
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | ':'))
        .filter(|field| !field.is_empty())
}

#[cfg(test)]
mod tests {
    use crate::{Alphabet, CheckRecord, ParseOptions, Violation};

    const PUZZLE: &str = "1.3.3.1..1.3.3.1";
    const SOLUTION: &str = "1234341221434321";

    #[test]
    fn the_grid_is_the_first_field_of_the_comment_that_reads_as_one() {
        let options = ParseOptions::default();
        for comment in [
            format!(":1:{SOLUTION}"),
            format!("{SOLUTION} # name"),
            format!("name, {SOLUTION}"),
        ] {
            let record = CheckRecord::parse(PUZZLE, Some(&comment), &options).unwrap();
            assert_eq!(record.grid.unwrap().to_string(), SOLUTION, "{comment}");
        }
        let alone = CheckRecord::parse(PUZZLE, Some("# a name"), &options).unwrap();
        assert_eq!(alone.grid, None);
        assert_eq!(alone.grid_to_check(), alone.puzzle.givens());
        assert_eq!(
            alone.check(),
            Err(Violation::Blank {
                cell: alone.puzzle.shape().cell(1)
            })
        );
    }

    #[test]
    fn a_jigsaw_record_holds_its_map_before_the_solution() {
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let map = "aabbaabbccddccdd";
        let record =
            CheckRecord::parse(&format!("{PUZZLE} {map}"), Some(SOLUTION), &options).unwrap();
        assert_eq!(record.puzzle.rules().regions().unwrap().to_string(), map);
        assert_eq!(record.check(), Ok(()));
    }

    #[test]
    fn numbers_split_a_line_of_two_grids_in_halves() {
        let options = ParseOptions {
            alphabet: Some(Alphabet::Numbers),
            ..ParseOptions::default()
        };
        let spaced = |s: &str| {
            s.chars()
                .map(|c| {
                    if c == '.' {
                        "0".to_owned()
                    } else {
                        c.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        };
        let line = format!("{} {}", spaced(PUZZLE), spaced(SOLUTION));
        let record = CheckRecord::parse(&line, None, &options).unwrap();
        assert_eq!(record.puzzle.givens().filled_count(), 8);
        assert_eq!(record.grid.unwrap().to_string(), SOLUTION);
        // One grid's numbers are one grid, not two halves.
        let one = CheckRecord::parse(&spaced(SOLUTION), None, &options).unwrap();
        assert_eq!(one.grid, None);
    }
}
