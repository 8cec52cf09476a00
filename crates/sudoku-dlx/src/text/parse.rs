//! Reading puzzles: the line, block, numbers and jigsaw formats.

use std::str::FromStr;

use crate::model::error::Error;
use crate::model::grid::Grid;
use crate::model::puzzle::Puzzle;
use crate::model::regions::Regions;
use crate::model::rules::Rules;
use crate::model::shape::Shape;
use crate::model::symbols::{Alphabet, Symbol};
use crate::text::killer::KillerLine;
use crate::text::lexer::{
    Located, Segment, is_border, is_comment, looks_like_jigsaw, looks_like_killer,
    looks_like_numbers, number_tokens, pencilmark_cells, read_number, split_comment, split_jigsaw,
    split_jigsaw_comment, split_map, split_named, symbol_chars,
};
use crate::text::parse_options::ParseOptions;
use crate::text::plain_line::plain_line;

impl Puzzle {
    /// Reads one record: a line, a block of lines, or a jigsaw line; see
    /// [`ParseOptions`] for the formats.
    ///
    /// # Errors
    ///
    /// An [`Error`] with the position of the first problem: wrong length,
    /// invalid symbol, bad shape, or a bad region map.
    pub fn parse(text: &str, options: &ParseOptions) -> Result<Puzzle, Error> {
        parse_record(text, options)
    }
}

/// [`Puzzle::parse`] with the default [`ParseOptions`]: any shape from its
/// length, no variants; and jigsaw when a region map follows, which the
/// default options refuse ([`Error::JigsawWithoutOption`]: a reader that
/// takes options says jigsaw or not, so that a solution after a puzzle is
/// never its map).
///
/// ```
/// use sudoku_dlx::{First, Puzzle, Solver};
/// let puzzle: Puzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let First::Solution(grid) = Solver::new(puzzle.rules()).solve(&puzzle)? else { panic!() };
/// assert!(grid.is_solution_of(&puzzle));
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
impl FromStr for Puzzle {
    type Err = Error;

    fn from_str(text: &str) -> Result<Puzzle, Error> {
        match parse_record(text, &ParseOptions::default()) {
            Err(Error::JigsawWithoutOption) => {
                let jigsaw = ParseOptions {
                    jigsaw: true,
                    ..ParseOptions::default()
                };
                parse_record(text, &jigsaw)
            }
            read => read,
        }
    }
}

/// A grid in the line, block or numbers format, as for a [`Puzzle`] with
/// the default [`ParseOptions`]; `0` or `.` is a blank.
///
/// ```
/// use sudoku_dlx::Grid;
/// let grid: Grid = "1234341221434321".parse()?;
/// assert!(grid.is_complete());
/// assert_eq!(grid.to_string(), "1234341221434321");
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
///
/// # Errors
///
/// As [`Puzzle::parse`], and [`Error::RegionMapInGrid`] for a jigsaw line.
impl FromStr for Grid {
    type Err = Error;

    fn from_str(text: &str) -> Result<Grid, Error> {
        let puzzle: Puzzle = text.parse()?;
        if puzzle.rules().regions().is_some() {
            return Err(Error::RegionMapInGrid);
        }
        Ok(puzzle.givens().clone())
    }
}

/// Reads one record; see [`Puzzle::parse`].
fn parse_record(text: &str, options: &ParseOptions) -> Result<Puzzle, Error> {
    if options.killer {
        let line = KillerLine::split(text)?;
        let plain = ParseOptions {
            killer: false,
            jigsaw: false,
            ..options.clone()
        };
        let puzzle = parse_record(&line.givens, &plain)?;
        let cages = line.cages(puzzle.shape(), options.disjoint_cages)?;
        let rules = puzzle.rules().clone().with_cages(cages)?;
        return Ok(Puzzle::from_parts(
            rules,
            puzzle.givens().clone(),
            puzzle.alphabet(),
        ));
    }
    match plain_line(text, options) {
        Some(puzzle) => Ok(puzzle),
        None => parse_general(text, options),
    }
}

/// Reads one record that is no killer line, in any format but the one
/// [`plain_line`] reads faster: one character (or number) a cell, and, when
/// that reading fails, a pencilmark grid ([`parse_pencilmarks`]).
pub(super) fn parse_general(text: &str, options: &ParseOptions) -> Result<Puzzle, Error> {
    parse_cells(text, options)
        .or_else(|error| parse_pencilmarks(text, options).unwrap_or(Err(error)))
}

/// Reads a pencilmark grid, as HoDoKu ("PM grid") and Sudoku Explainer
/// print one: n rows framed by `|`, each of n tokens of candidate digits,
/// between borders. A token of one digit is a given (a placed value), a
/// longer one a blank cell, whose candidates are not kept. Only sides up
/// to 9 (one character a candidate), the standard alphabet and no jigsaw;
/// `None` when `text` is no such grid. Asked only of a record that failed
/// to read one character a cell, so no record read that way reads otherwise.
fn parse_pencilmarks(text: &str, options: &ParseOptions) -> Option<Result<Puzzle, Error>> {
    let standard = matches!(options.alphabet, None | Some(Alphabet::Standard));
    if !standard || options.jigsaw || options.killer {
        return None;
    }
    let mut rows = Vec::new();
    for (k, line) in text.lines().enumerate() {
        if is_comment(line) || is_border(line) || line.trim().is_empty() {
            continue;
        }
        rows.push((k + 1, pencilmark_cells(line)?));
    }
    let size = rows.len();
    let shape = match options.shape {
        Some(shape) if shape.size() == size => shape,
        Some(_) => return None,
        None => Shape::from_size(size).ok()?,
    };
    if size > 9 || rows.iter().any(|(_, cells)| cells.len() != size) {
        return None;
    }
    let mut digits = Vec::with_capacity(shape.cell_count());
    for (line, cells) in &rows {
        for &(column, cell) in cells {
            // Every candidate must be a digit of the grid, given or not.
            for (offset, found) in cell.chars().enumerate() {
                if Alphabet::Standard.read(found, size) == Symbol::Invalid {
                    return Some(Err(Error::InvalidSymbol {
                        index: digits.len(),
                        line: *line,
                        column: column + offset + 1,
                        found,
                        size,
                        alphabet: Alphabet::Standard,
                    }));
                }
            }
            let given = match cell.as_bytes() {
                &[digit] => digit - b'0',
                _ => 0,
            };
            digits.push(given);
        }
    }
    let rules = Rules::new(shape).with_variants(options.variants);
    Some(
        Grid::from_digits(shape, digits)
            .map(|givens| Puzzle::from_parts(rules, givens, Alphabet::Standard)),
    )
}

/// Reads one record one character (or number) a cell; see [`parse_general`].
fn parse_cells<'t>(text: &'t str, options: &ParseOptions) -> Result<Puzzle, Error> {
    let lines: Vec<Segment<'_>> = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, 0, line))
        // Borders hold no cell, though HoDoKu draws them with `.` and `:`.
        .filter(|(_, _, line)| !is_comment(line) && !is_border(line))
        .collect();
    let content: Vec<&Segment<'_>> = lines
        .iter()
        .filter(|(_, _, l)| !l.trim().is_empty())
        .collect();

    let mut map = None;
    let mut segments = lines.clone();
    // Only a jigsaw reader reads a region map, and then a puzzle and its
    // map may have text after them (`PUZZLE MAP SOLUTION`).
    // A drawn jigsaw grid and its line after it: the line is the record,
    // and the drawing must hold its cells.
    let mut drawing = None;
    let mut content = content;
    if options.jigsaw
        && let &[ref rows @ .., &(line, _, last)] = content.as_slice()
        && !rows.is_empty()
        && split_jigsaw(last).is_some()
    {
        drawing = Some(text.lines().take(line - 1).collect::<Vec<_>>().join("\n"));
        content = vec![content[content.len() - 1]];
    }
    if options.jigsaw
        && let &[&(line, _, only)] = content.as_slice()
    {
        let record = split_jigsaw_comment(only, options.alphabet, options.shape)
            .map_or(only, |(record, _)| record);
        if let Some((puzzle, (map_column, region_map))) =
            split_jigsaw(record).or_else(|| split_map(record))
        {
            segments = vec![(line, puzzle.0, puzzle.1)];
            map = Some((line, map_column, region_map));
        }
    }
    if options.jigsaw && map.is_none() {
        return Err(Error::MissingRegionMap);
    }

    let fixed_cells = options.shape.map(Shape::cell_count);
    let whole = |count: usize| match fixed_cells {
        Some(cells) => count == cells,
        None => Shape::from_cell_count(count).is_some(),
    };
    let read_cells = |segments: &[Segment<'t>]| -> (bool, Vec<Located<'t>>) {
        let numbers = match options.alphabet {
            Some(Alphabet::Numbers) => true,
            Some(_) => false,
            None => looks_like_numbers(segments, whole),
        };
        let cells = if numbers {
            number_tokens(segments).collect()
        } else {
            symbol_chars(segments).collect()
        };
        (numbers, cells)
    };
    let (mut numbers, mut cells) = read_cells(&segments);
    // A line that is no whole grid may be one followed by a comment, and
    // so may one whose comment's symbols happen to complete a bigger grid
    // (when no shape is given); the split is tried only then, so a plain
    // line costs one count and a search for a delimiter.
    if (!whole(cells.len()) || fixed_cells.is_none())
        && map.is_none()
        && let &[&(line, _, only)] = content.as_slice()
        && let Some(((column, grid), _comment)) =
            split_comment(only, options.alphabet, options.shape)
    {
        segments = vec![(line, column, grid)];
        (numbers, cells) = read_cells(&segments);
    }
    if !whole(cells.len())
        && map.is_none()
        && let &[&(line, _, only)] = content.as_slice()
    {
        // A line that reads as no grid: a name before one, or a line of
        // another format read without its option.
        if let Some(((column, grid), _comment)) = split_named(only, options.alphabet, options.shape)
        {
            segments = vec![(line, column, grid)];
            (numbers, cells) = read_cells(&segments);
        } else if !options.killer && looks_like_killer(only) {
            // The cage map is the second token.
            let chars: Vec<char> = only.chars().collect();
            let column = (1..chars.len())
                .filter(|&k| chars[k - 1].is_whitespace() && !chars[k].is_whitespace())
                .nth(usize::from(
                    chars.first().is_some_and(|c| c.is_whitespace()),
                ))
                .map_or(1, |k| k + 1);
            return Err(Error::KillerWithoutOption { line, column });
        } else if !options.jigsaw && looks_like_jigsaw(only, options.alphabet) {
            return Err(Error::JigsawWithoutOption);
        }
    }
    if cells.is_empty() {
        return Err(Error::EmptyRecord);
    }
    if !numbers && !whole(cells.len()) {
        check_dashes(&segments, cells.len(), options, whole)?;
    }
    check_block(&cells, options.shape)?;
    let shape = match options.shape {
        Some(shape) => shape,
        None => Shape::from_cell_count(cells.len()).ok_or(Error::WrongLength {
            found: cells.len(),
            expected: Shape::nearest_cell_count(cells.len()),
        })?,
    };
    if cells.len() != shape.cell_count() && options.shape.is_some() {
        return Err(Error::WrongLengthForShape {
            found: cells.len(),
            expected: shape.cell_count(),
        });
    }
    if cells.len() != shape.cell_count() {
        return Err(Error::WrongLength {
            found: cells.len(),
            expected: shape.cell_count(),
        });
    }
    let size = shape.size();
    let alphabet = match options.alphabet {
        Some(alphabet) if alphabet.largest() < size => {
            return Err(Error::AlphabetTooSmall {
                largest: alphabet.largest(),
                size,
            });
        }
        Some(alphabet) => alphabet,
        None if numbers => Alphabet::Numbers,
        None => Alphabet::Standard,
    };

    let mut digits = Vec::with_capacity(cells.len());
    for (index, &(token, line, column)) in cells.iter().enumerate() {
        let digit = if numbers {
            read_number(token, size).ok_or_else(|| Error::InvalidNumber {
                index,
                line,
                column,
                found: token.to_owned(),
                size,
            })?
        } else {
            let found = token.chars().next().unwrap_or(' ');
            match alphabet.read(found, size) {
                Symbol::Blank => 0,
                Symbol::Digit(d) => d,
                Symbol::Invalid => {
                    return Err(Error::InvalidSymbol {
                        index,
                        line,
                        column,
                        found,
                        size,
                        alphabet,
                    });
                }
            }
        };
        digits.push(digit);
    }

    let mut rules = Rules::new(shape).with_variants(options.variants);
    if let Some((_, _, region_map)) = map {
        rules = rules.with_regions(Regions::parse(region_map, shape)?)?;
    }
    let givens = Grid::from_digits(shape, digits)?;
    if let Some(drawing) = drawing {
        let drawn = ParseOptions {
            shape: Some(shape),
            alphabet: Some(alphabet),
            ..ParseOptions::default()
        };
        if parse_cells(&drawing, &drawn).map(|p| p.givens().clone()) != Ok(givens.clone()) {
            return Err(Error::JigsawDrawing);
        }
    }
    Ok(Puzzle::from_parts(rules, givens, alphabet))
}

/// Rejects a `-` between two cells of a row (`12-45`), where it is no
/// box separator, when reading each such `-` as a cell would make the
/// record (of `cells` cells without them) a whole grid: the `-` was meant
/// as a cell, and is not a symbol. Runs only on a record of the wrong
/// length, so nothing that reads changes.
fn check_dashes(
    segments: &[Segment<'_>],
    cells: usize,
    options: &ParseOptions,
    whole: impl Fn(usize) -> bool,
) -> Result<(), Error> {
    let is_cell = |c: &char| !c.is_whitespace() && !matches!(c, '|' | '+' | '-');
    let mut first = None;
    let (mut dashes, mut before) = (0, 0);
    for &(line, offset, text) in segments {
        let chars: Vec<char> = text.chars().collect();
        for (k, c) in chars.iter().enumerate() {
            let lone = *c == '-'
                && k > 0
                && is_cell(&chars[k - 1])
                && chars.get(k + 1).is_some_and(is_cell);
            if lone {
                dashes += 1;
                first = first.or(Some((before, line, offset + k + 1)));
            }
            // Read as a cell, a lone `-` is one the cells after it follow.
            if lone || is_cell(c) {
                before += 1;
            }
        }
    }
    let Some((index, line, column)) = first else {
        return Ok(());
    };
    if !whole(cells + dashes) {
        return Ok(());
    }
    let size = match options.shape {
        Some(shape) => shape.size(),
        None => Shape::from_cell_count(cells + dashes).map_or(0, Shape::size),
    };
    Err(Error::InvalidSymbol {
        index,
        line,
        column,
        found: '-',
        size,
        alphabet: options.alphabet.unwrap_or(Alphabet::Standard),
    })
}

/// Checks that the cells of a record of several lines make a block: rows
/// of n cells, n of them, where n is the shape's side or else the first
/// row's length. A block is never read as a grid of another size guessed
/// from its total (four rows of nine cells are not a 6x6 grid). A first row
/// whose length is no grid side leaves the total to decide, as one line does.
fn check_block(cells: &[Located<'_>], shape: Option<Shape>) -> Result<(), Error> {
    // Cells come in line order: one line is no block, told without a scan.
    if cells.first().map(|cell| cell.1) == cells.last().map(|cell| cell.1) {
        return Ok(());
    }
    let mut rows: Vec<(usize, usize)> = Vec::new();
    for &(_, line, _) in cells {
        match rows.last_mut() {
            Some((last, count)) if *last == line => *count += 1,
            _ => rows.push((line, 1)),
        }
    }
    let Some(&(_, first)) = rows.first() else {
        return Ok(());
    };
    if rows.len() < 2 {
        return Ok(());
    }
    let side = match shape {
        Some(shape) => shape.size(),
        None if Shape::from_size(first).is_ok() => first,
        None => return Ok(()),
    };
    if let Some((row, &(line, found))) = rows
        .iter()
        .enumerate()
        .find(|(_, (_, found))| *found != side)
    {
        return Err(Error::BlockRowLength {
            line,
            row: row + 1,
            found,
            expected: side,
        });
    }
    if rows.len() != side {
        return Err(Error::BlockRows {
            found: rows.len(),
            expected: side,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::error::Position;

    fn parse(text: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(text, &ParseOptions::default())
    }

    #[test]
    fn block_format_ignores_separators_and_comments() {
        let block = "# a 4x4\n1 2 | . 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n";
        let p = parse(block).unwrap();
        assert_eq!(p.to_string(), "12.4341221434321");
        assert_eq!(parse(&p.pretty().to_string()), Ok(p));
    }

    #[test]
    fn wrong_length_reports_found_and_expected() {
        assert_eq!(
            parse(&".".repeat(80)),
            Err(Error::WrongLength {
                found: 80,
                expected: 81
            })
        );
        let options = ParseOptions {
            shape: Some(Shape::from_size(16).unwrap()),
            ..ParseOptions::default()
        };
        assert_eq!(
            Puzzle::parse(&".".repeat(81), &options),
            Err(Error::WrongLengthForShape {
                found: 81,
                expected: 256
            })
        );
        assert_eq!(parse("# only a comment\n\n"), Err(Error::EmptyRecord));
    }

    #[test]
    fn invalid_symbols_have_positions() {
        let mut line = ".".repeat(81);
        line.replace_range(10..11, "x");
        assert_eq!(
            parse(&line),
            Err(Error::InvalidSymbol {
                index: 10,
                line: 1,
                column: 11,
                found: 'x',
                size: 9,
                alphabet: Alphabet::Standard,
            })
        );
        let block = "1 2 | 3 4\n3 4 | 1 2\n2 1 | 4 3\n4 3 | 2 5\n";
        assert_eq!(
            parse(block),
            Err(Error::InvalidSymbol {
                index: 15,
                line: 4,
                column: 9,
                found: '5',
                size: 4,
                alphabet: Alphabet::Standard,
            })
        );
    }

    #[test]
    fn numbers_format_reads_any_size() {
        let mut tokens = vec!["."; 36 * 36];
        tokens[0] = "36";
        tokens[37] = "7";
        let p = parse(&tokens.join(" ")).unwrap();
        assert_eq!(p.shape().size(), 36);
        assert_eq!(p.givens().digit(0), Some(36));
        assert_eq!(p.givens().digit(37), Some(7));
        assert_eq!(p.alphabet(), Alphabet::Numbers);
        assert_eq!(parse(&p.to_string()), Ok(p.clone()));
        tokens[5] = "37";
        assert!(matches!(
            parse(&tokens.join(" ")),
            Err(Error::InvalidNumber { index: 5, .. })
        ));
    }

    #[test]
    fn jigsaw_lines_carry_a_region_map() {
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let line = "1.3.............. aabbaabbccddccdd";
        assert!(matches!(
            Puzzle::parse(line, &options),
            Err(Error::WrongLength { .. })
        ));
        let line = "1.3............. aabbaabbccddccdd";
        let p = Puzzle::parse(line, &options).unwrap();
        assert!(p.rules().regions().is_some());
        assert_eq!(p.to_string(), line);
        // Text after the map is the record's, not the map's.
        let solution = "1234341221434321";
        assert_eq!(
            Puzzle::parse(&format!("{line} {solution}"), &options),
            Ok(p)
        );
        assert_eq!(
            Puzzle::parse("1.3.............", &options),
            Err(Error::MissingRegionMap)
        );
        assert!(matches!(
            Puzzle::parse("1.3............. aabbaabbccddccda", &options),
            Err(Error::RegionSize { .. })
        ));
    }

    /// A regression test: without jigsaw, a solution after a puzzle was
    /// read as its region map (any complete grid is a partition into n
    /// regions of n cells), so `generate --with-solution` output did not
    /// read back. Now a line never holds a map without jigsaw: a grid
    /// after the puzzle is a comment, and a map is an error that says so.
    #[test]
    fn without_jigsaw_a_line_holds_no_region_map() {
        let puzzle = "1.3.............";
        let solution = "1234341221434321";
        for line in [
            format!("{puzzle} {solution}"),
            format!("{puzzle}\t{solution}"),
        ] {
            let p = parse(&line).unwrap();
            assert!(p.rules().regions().is_none());
            assert_eq!(p.to_string(), puzzle);
        }
        assert_eq!(
            parse(&format!("{puzzle} aabbaabbccddccdd")),
            Err(Error::JigsawWithoutOption)
        );
        assert_eq!(
            parse(&format!("{puzzle} aabbaabbccddccdd a=3,b=7,c=5,d=5")),
            Err(Error::KillerWithoutOption {
                line: 1,
                column: 18
            })
        );
    }

    /// Regression (issue 41): a `-` typed for a cell was dropped as a box
    /// separator and the line blamed for its length ("found 80 cells").
    #[test]
    fn a_dash_among_the_cells_is_named_where_it_is() {
        let good =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut line = good.to_owned();
        line.replace_range(32..33, "-");
        let e = parse(&line).unwrap_err();
        assert_eq!(
            e.position(),
            Some(Position {
                line: 1,
                column: 33,
                cell: 32
            })
        );
        assert!(
            e.to_string()
                .starts_with("line 1, column 33 (r4c6): `-` is not a digit of a 9x9 grid"),
            "{e}"
        );
        // In a block, and with the shape given.
        let mut rows: Vec<String> = good
            .as_bytes()
            .chunks(9)
            .map(|r| String::from_utf8_lossy(r).into_owned())
            .collect();
        rows[2].replace_range(4..5, "-");
        let e = parse(&rows.join("\n")).unwrap_err();
        assert_eq!(
            e.position(),
            Some(Position {
                line: 3,
                column: 5,
                cell: 22
            })
        );
        let options = ParseOptions {
            shape: Some(Shape::CLASSIC),
            ..ParseOptions::default()
        };
        assert_eq!(
            Puzzle::parse(&line, &options)
                .unwrap_err()
                .position()
                .map(|p| p.column),
            Some(33)
        );
        // Separators stay separators: runs of `-`, `-` at a row's ends, pretty output.
        let p = parse(good).unwrap();
        assert_eq!(parse(&p.pretty().to_string()), Ok(p.clone()));
        assert!(matches!(
            parse(&format!("{}--{}", &good[..40], &good[41..])),
            Err(Error::WrongLength { .. })
        ));
    }

    /// Regression (issue 41): a killer line read without killer, and a
    /// record of a length no grid has, say what they are and where.
    #[test]
    fn length_and_killer_messages_point_at_the_fault() {
        let e = "1".parse::<Puzzle>().unwrap_err();
        let text = e.to_string();
        assert!(
            !text.contains("1 cells") && !text.contains("expected 16;"),
            "{text}"
        );
        assert!(
            text.contains("no grid has that many") && text.contains("16, 36, 64, 81"),
            "{text}"
        );
        let e = parse("  ................ aabbaabbccddccdd a=10,b=10,c=10,d=10").unwrap_err();
        assert_eq!(e.line_column(), Some((1, 20)));
        assert!(e.to_string().contains("--killer, or `killer: true`"), "{e}");
    }

    /// A regression test: a player's board of two digits after a puzzle (a
    /// `hint` board) "contradicted most givens", its blanks counted as
    /// contradictions, and was read as a region map, so the record asked
    /// for `--jigsaw`. A board (with blanks, or holding the givens) and a
    /// solution (no digit touches itself) are never a map; a map of digits
    /// is a partition into connected regions that contradicts the givens.
    #[test]
    fn a_board_or_a_solution_after_a_puzzle_is_never_its_map() {
        let puzzle =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let solution =
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
        // The README's hint example: the givens and two more digits.
        let readme = format!("49{}", &puzzle[2..]);
        let two = format!("49{}", ".".repeat(79));
        let one = format!("4{}", ".".repeat(80));
        let mut wrong = solution.as_bytes().to_vec();
        wrong.swap(0, 1);
        let wrong = String::from_utf8(wrong).unwrap();
        for board in [&readme, &two, &one, &solution.to_owned(), &wrong] {
            for line in [format!("{puzzle} {board}"), format!("{puzzle}\t{board}")] {
                let p = parse(&line).unwrap_or_else(|e| panic!("{line}: {e}"));
                assert!(p.rules().regions().is_none());
                assert_eq!(p.to_string(), puzzle);
                assert_eq!(
                    split_comment(&line, None, None).map(|(_, comment)| comment),
                    Some(board.as_str())
                );
            }
        }
        // Nine rows, each a region of one digit: a map, which asks for
        // `--jigsaw`, and which `--jigsaw` reads.
        let rows: String = (1..=9).map(|d| d.to_string().repeat(9)).collect();
        let line = format!("{puzzle} {rows}");
        assert_eq!(parse(&line), Err(Error::JigsawWithoutOption));
        let jigsaw = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let p = Puzzle::parse(&line, &jigsaw).unwrap();
        assert!(p.rules().regions().is_some());
        // A map of digits that is no partition, or whose regions are not
        // connected, is a comment.
        let mut apart = rows.clone().into_bytes();
        apart.swap(0, 9);
        let apart = String::from_utf8(apart).unwrap();
        for token in [format!("2{}", &rows[1..]), apart] {
            let p = parse(&format!("{puzzle} {token}")).unwrap();
            assert!(p.rules().regions().is_none());
        }
    }

    #[test]
    fn ambiguous_rows_stay_symbols() {
        let p = parse("12 34\n34 12\n21 43\n43 21").unwrap();
        assert_eq!(p.shape().size(), 4);
        let row = "530 070 000\n";
        assert!(parse(&row.repeat(9)).is_ok());
    }
}
