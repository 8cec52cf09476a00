//! Splitting killer records: the givens, a space, the cage map, a space,
//! and the sums. The parser reads the givens as it reads any grid and the
//! cages with [`Cages::parse`].

use crate::model::cage_problem::CageProblem;
use crate::model::cages::{CageLayout, CageText, Cages};
use crate::model::error::Error;
use crate::model::shape::Shape;

/// A killer record split into its three tokens: the givens, placed at their
/// own line and column (blank lines and spaces before them), so that their
/// errors point into the record's text; the cage map and the sums with
/// where they start.
#[derive(Clone, Debug)]
pub(crate) struct KillerLine<'t> {
    /// The givens' text, at their line and column.
    pub(crate) givens: String,
    map: &'t str,
    sums: &'t str,
    at: CageText,
}

impl<'t> KillerLine<'t> {
    /// Splits the first line of `text` that is neither blank nor a `#`
    /// comment into the givens, the cage map and the sums (whitespace
    /// between them). Anything after the sums is not read (the
    /// [`Framer`](crate::Framer) keeps it as the record's comment).
    ///
    /// # Errors
    ///
    /// [`Error::EmptyRecord`] for no such line, and [`Error::Cage`]
    /// ([`CageProblem::MissingCages`]) at the line's end for a line without
    /// a map or sums.
    pub(crate) fn split(text: &'t str) -> Result<KillerLine<'t>, Error> {
        let Some((number, line)) = text.lines().enumerate().find(|(_, line)| {
            let trimmed = line.trim_start();
            !trimmed.is_empty() && !trimmed.starts_with('#')
        }) else {
            return Err(Error::EmptyRecord);
        };
        let number = number + 1;
        let mut tokens = tokens(line);
        let (Some(givens), Some(map), Some(sums)) = (tokens.next(), tokens.next(), tokens.next())
        else {
            return Err(Error::Cage {
                line: number,
                column: line.chars().count() + 1,
                cell: None,
                size: 0,
                problem: CageProblem::MissingCages,
            });
        };
        let givens = format!(
            "{}{:column$}{}",
            "\n".repeat(number - 1),
            "",
            givens.1,
            column = givens.0
        );
        Ok(KillerLine {
            givens,
            map: map.1,
            sums: sums.1,
            at: CageText {
                line: number,
                map_column: map.0,
                sums_column: sums.0,
            },
        })
    }

    /// The cages of a grid of `shape`; see [`Cages::parse`].
    ///
    /// # Errors
    ///
    /// [`Error::Cage`] with what is wrong and where in the record.
    pub(crate) fn cages(&self, shape: Shape, disjoint: bool) -> Result<Cages, Error> {
        let layout = if disjoint {
            CageLayout::Disjoint
        } else {
            CageLayout::Joined
        };
        Cages::parse_at(self.map, self.sums, shape, layout, self.at)
    }
}

/// Splits a killer line into the record (up to the end of its third
/// token: givens, map, sums) and the text after it, trimmed, if any.
pub(crate) fn split_killer_comment(line: &str) -> (&str, Option<&str>) {
    let mut seen = 0;
    let mut in_token = false;
    for (byte, ch) in line.char_indices() {
        if ch.is_whitespace() {
            if in_token && seen == 3 {
                let comment = line[byte..].trim();
                // Only blanks after the sums: the record is the whole line,
                // as every record without a comment is.
                if comment.is_empty() {
                    break;
                }
                return (&line[..byte], Some(comment));
            }
            in_token = false;
        } else if !in_token {
            in_token = true;
            seen += 1;
        }
    }
    (line, None)
}

/// The whitespace-separated tokens of `line`, each with the 0-based
/// character column it starts at.
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut column = 0;
    line.split_inclusive(char::is_whitespace)
        .filter_map(move |piece| {
            let at = column;
            column += piece.chars().count();
            let token = piece.trim_end();
            (!token.is_empty()).then_some((at, token))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::cell::Cell;
    use crate::model::puzzle::Puzzle;
    use crate::text::parse_options::ParseOptions;

    fn killer(disjoint: bool) -> ParseOptions {
        ParseOptions {
            killer: true,
            disjoint_cages: disjoint,
            ..ParseOptions::default()
        }
    }

    fn problem(text: &str) -> (Option<(usize, usize)>, CageProblem) {
        match Puzzle::parse(text, &killer(false)) {
            Err(Error::Cage {
                column,
                cell,
                problem,
                ..
            }) => (cell.map(|c| (column, c)), problem),
            other => panic!("{text}: {other:?}"),
        }
    }

    #[test]
    fn every_cage_error_says_where() {
        let givens = ".".repeat(16);
        let map = "aabbaabbccddccdd";
        let line = |sums: &str| format!("{givens} {map} {sums}");
        assert_eq!(
            problem(&line("a=10,b=10,c=10")),
            (Some((28, 10)), CageProblem::MissingSum { label: 'd' })
        );
        // A sum for a label no cell has, at its column.
        let e = Puzzle::parse(&line("a=10,b=10,c=10,d=10,e=3"), &killer(false)).unwrap_err();
        assert!(e.to_string().starts_with("line 1, column 55: "), "{e}");
        assert_eq!(
            problem(&line("a=10,b=10,c=10,d=10,e=3")).1,
            CageProblem::SumWithoutCells { label: 'e' }
        );
        assert_eq!(
            problem(&line("a=10,a=10")).1,
            CageProblem::DuplicateSum { label: 'a' }
        );
        assert!(matches!(
            problem(&line("a=x")).1,
            CageProblem::BadSum { .. }
        ));
        assert!(matches!(
            problem(&line("ab=3")).1,
            CageProblem::BadSum { .. }
        ));
        assert!(matches!(
            problem(&line("a=2,b=10,c=10,d=10")).1,
            CageProblem::ImpossibleSum {
                least: 10,
                greatest: 10,
                ..
            }
        ));
        assert!(matches!(
            problem(&format!("{givens} aaaaaaaaaaaaaaaa a=10")).1,
            CageProblem::ImpossibleSum { cells: 16, .. }
        ));
        assert_eq!(
            problem(&format!("{givens} {map}")).1,
            CageProblem::MissingCages
        );
        assert_eq!(
            problem(&format!("{givens} aab!aabbccddccdd a=1")),
            (Some((21, 3)), CageProblem::BadLabel { found: '!' })
        );
        assert!(matches!(
            problem(&format!("{givens} aab a=1")).1,
            CageProblem::MapLength { found: 3, .. }
        ));
        // `a` at r1c1 and r4c4: apart, unless allowed.
        let (at, why) = problem(&format!("{givens} abbbcccceeeeddda a=3,b=6,c=10,e=10,d=6"));
        assert_eq!(at, Some((33, 15)));
        assert_eq!(
            why,
            CageProblem::Disconnected {
                label: 'a',
                apart: Cell { row: 3, col: 3 }
            }
        );
        let text = format!("{givens} abbbcccceeeeddda a=3,b=6,c=10,e=10,d=6");
        assert!(Puzzle::parse(&text, &killer(true)).is_ok());
    }

    #[test]
    fn text_after_the_sums_is_a_comment() {
        let line = " 1... aabb a=1,b=2  # from somewhere ";
        assert_eq!(
            split_killer_comment(line),
            (" 1... aabb a=1,b=2", Some("# from somewhere"))
        );
        // Blanks alone after the sums: no comment, and the record is the
        // line as read (a framed record without a comment is its lines;
        // found by the sudoku_parse fuzz target).
        assert_eq!(split_killer_comment("1 a a=1 "), ("1 a a=1 ", None));
        assert_eq!(split_killer_comment("2.. | .8. "), ("2.. | .8. ", None));
        assert_eq!(split_killer_comment("1 a"), ("1 a", None));
    }

    #[test]
    fn a_killer_line_reads_back_as_it_prints() {
        let text = "1............... aabbaabbccddccdd a=10,b=10,c=10,d=10";
        let puzzle = Puzzle::parse(text, &killer(false)).unwrap();
        assert_eq!(puzzle.to_string(), text);
        assert_eq!(puzzle.rules().cages().unwrap().cages().len(), 4);
        let back = Puzzle::parse(&puzzle.to_string(), &ParseOptions::for_puzzle(&puzzle)).unwrap();
        assert_eq!(back, puzzle);
        // Givens' errors point at the givens' own columns.
        let e =
            Puzzle::parse("  1..x............ aabbaabbccddccdd a=10", &killer(false)).unwrap_err();
        assert_eq!(e.position().map(|p| p.column), Some(6));
    }
}
