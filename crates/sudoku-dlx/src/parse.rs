//! Reading puzzles: the line, block, numbers and jigsaw formats, and
//! splitting a stream of lines into records.

use crate::error::Error;
use crate::grid::Grid;
use crate::puzzle::Puzzle;
use crate::regions::Regions;
use crate::rules::Rules;
use crate::shape::{MAX_SIZE, Shape};
use crate::symbols::{Alphabet, Symbol};
use crate::variants::Variants;

/// How to read a record. The default reads any shape from its length with
/// the standard alphabet (or numbers, when the text is plainly numbers), no
/// variants, and jigsaw only when a region map follows the puzzle.
///
/// Formats of a record:
/// - **line**: n*n symbols on one line, row-major;
/// - **block**: n lines of n symbols; spaces and the box separators `|`,
///   `+` and `-` are ignored, so [`Grid::pretty`] output reads back;
/// - **numbers**: whitespace-separated numbers, `0` or `.` for blanks, for
///   any size (and the only way to write sizes above 35);
/// - **jigsaw**: a line-format puzzle, whitespace, and n*n region letters.
///
/// Lines starting with `#` are comments. Blanks are `.` (and `0` in the
/// standard alphabet).
///
/// ```
/// use sudoku_dlx::{Alphabet, ParseOptions, Puzzle, Shape};
/// let options = ParseOptions { alphabet: Some(Alphabet::Hex), ..ParseOptions::default() };
/// let line = format!("0123{}", ".".repeat(252));
/// let puzzle = Puzzle::parse(&line, &options)?;
/// assert_eq!(puzzle.givens().digits()[..5], [1, 2, 3, 4, 0]);
/// assert_eq!(puzzle.shape(), Shape::from_size(16)?);
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// The shape every record must have; `None` infers it from the number of
    /// cells (81 is 9x9, 256 is 16x16, 16 is 4x4, 36 is 6x6 with 2x3 boxes).
    pub shape: Option<Shape>,
    /// The variant rules every puzzle is played by.
    pub variants: Variants,
    /// The alphabet; `None` reads the standard alphabet, or numbers when
    /// every token is a number and some have two digits.
    pub alphabet: Option<Alphabet>,
    /// Require a region map after every puzzle (a map is read without this
    /// too, when a line holds two tokens of the same whole-grid length).
    pub jigsaw: bool,
}

/// A piece of a record's text with where it starts: 1-based line, and the
/// 0-based character column of its first character.
type Segment<'t> = (usize, usize, &'t str);

/// A cell's text and where it was: symbol or number token, line, column (1-based).
type Located<'t> = (&'t str, usize, usize);

/// Reads one record; see [`Puzzle::parse`].
pub(crate) fn parse_record(text: &str, options: &ParseOptions) -> Result<Puzzle, Error> {
    let lines: Vec<Segment<'_>> = text
        .lines()
        .enumerate()
        .map(|(k, line)| (k + 1, 0, line))
        .filter(|(_, _, line)| !is_comment(line))
        .collect();
    let content: Vec<&Segment<'_>> = lines
        .iter()
        .filter(|(_, _, l)| !l.trim().is_empty())
        .collect();

    let mut map = None;
    let mut segments = lines.clone();
    if let &[&(line, _, only)] = content.as_slice()
        && let Some((puzzle, (map_column, region_map))) = split_jigsaw(only, options.jigsaw)
    {
        segments = vec![(line, puzzle.0, puzzle.1)];
        map = Some((line, map_column, region_map));
    }
    if options.jigsaw && map.is_none() {
        return Err(Error::MissingRegionMap);
    }

    let fixed_cells = options.shape.map(Shape::cell_count);
    let numbers = match options.alphabet {
        Some(Alphabet::Numbers) => true,
        Some(_) => false,
        None => looks_like_numbers(&segments, |count| match fixed_cells {
            Some(cells) => count == cells,
            None => Shape::from_cell_count(count).is_some(),
        }),
    };
    let cells: Vec<Located<'_>> = if numbers {
        number_tokens(&segments).collect()
    } else {
        symbol_chars(&segments).collect()
    };
    if cells.is_empty() {
        return Err(Error::EmptyRecord);
    }
    let shape = match options.shape {
        Some(shape) => shape,
        None => Shape::from_cell_count(cells.len()).ok_or(Error::WrongLength {
            found: cells.len(),
            expected: Shape::nearest_cell_count(cells.len()),
        })?,
    };
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
    Ok(Puzzle::from_parts(rules, givens, alphabet))
}

fn is_comment(line: &str) -> bool {
    line.trim_start().starts_with('#')
}

fn is_separator(ch: char) -> bool {
    matches!(ch, '|' | '+' | '-')
}

/// Splits a jigsaw line into the puzzle and the region map, each with its
/// 0-based starting column. Without `required`, only a line of two
/// tokens of the same whole-grid length counts as jigsaw.
#[allow(clippy::type_complexity)]
fn split_jigsaw(line: &str, required: bool) -> Option<((usize, &str), (usize, &str))> {
    let mut tokens = tokens_with_columns(line, char::is_whitespace);
    let first = tokens.next()?;
    let second = tokens.next()?;
    if tokens.next().is_some() {
        return None;
    }
    let length = first.1.chars().count();
    let looks_like_map =
        length == second.1.chars().count() && Shape::from_cell_count(length).is_some();
    (required || looks_like_map).then_some((first, second))
}

/// The tokens of `line` between characters matching `split`, with their
/// 0-based character columns.
fn tokens_with_columns(
    line: &str,
    split: impl Fn(char) -> bool,
) -> impl Iterator<Item = (usize, &str)> {
    let mut start: Option<(usize, usize)> = None;
    let mut out = Vec::new();
    for (column, (byte, ch)) in line.char_indices().enumerate() {
        if split(ch) {
            if let Some((b, c)) = start.take() {
                out.push((c, &line[b..byte]));
            }
        } else if start.is_none() {
            start = Some((byte, column));
        }
    }
    if let Some((b, c)) = start {
        out.push((c, &line[b..]));
    }
    out.into_iter()
}

/// Every character that is a cell in the symbol formats.
fn symbol_chars<'t>(segments: &[Segment<'t>]) -> impl Iterator<Item = Located<'t>> {
    segments.iter().flat_map(|&(line, offset, text)| {
        text.char_indices()
            .enumerate()
            .filter(|(_, (_, ch))| !ch.is_whitespace() && !is_separator(*ch))
            .map(move |(column, (byte, ch))| {
                (&text[byte..byte + ch.len_utf8()], line, offset + column + 1)
            })
    })
}

/// Every token that is a cell in the numbers format: split at whitespace,
/// `|` and `+`, skipping runs of `-`.
fn number_tokens<'t>(segments: &[Segment<'t>]) -> impl Iterator<Item = Located<'t>> {
    segments.iter().flat_map(|&(line, offset, text)| {
        tokens_with_columns(text, |c| c.is_whitespace() || c == '|' || c == '+')
            .filter(|(_, token)| !token.chars().all(|c| c == '-'))
            .map(move |(column, token)| (token, line, offset + column + 1))
    })
}

/// A numbers-format token as a digit (0 for a blank), if it is one of a
/// grid of side `size`.
fn read_number(token: &str, size: usize) -> Option<u8> {
    if token == "." {
        return Some(0);
    }
    if !token.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    token.parse::<u8>().ok().filter(|&d| usize::from(d) <= size)
}

/// Whether the text reads as numbers rather than symbols: every token is
/// `.` or a number up to [`MAX_SIZE`] without leading zeros, some token has
/// two digits, and the number of tokens passes `count_ok`. ("12 34" as a
/// 4x4 row, or "530 070 000" as a 9x9 row, stay symbols.)
fn looks_like_numbers(segments: &[Segment<'_>], count_ok: impl Fn(usize) -> bool) -> bool {
    let mut count = 0;
    let mut wide = false;
    for (token, _, _) in number_tokens(segments) {
        let plain_number = token.len() == 1 && token != "-"
            || (!token.starts_with('0') && read_number(token, MAX_SIZE).is_some());
        if !plain_number {
            return false;
        }
        wide |= token.len() > 1;
        count += 1;
    }
    wide && count_ok(count)
}

/// One record of a stream, as [`Records`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The record's text: one line, or the lines of a block.
    pub text: String,
    /// The 1-based line of the stream where the record starts, to add to the
    /// record-relative line of an [`Error`].
    pub line: usize,
}

/// Splits a stream of lines into records for [`Puzzle::parse`]: each line
/// that holds a whole grid is a record, and otherwise consecutive lines form
/// a block of n rows (n fixed by [`ParseOptions::shape`], else the number
/// of cells in the block's first row). Blank lines end a block early (the
/// parser then reports its length); `#` comments are skipped.
///
/// Without a fixed shape, a line of 16 symbols is a whole 4x4 puzzle unless
/// it contains `|`; give the shape to read 16x16 blocks without separators.
///
/// ```
/// use sudoku_dlx::{ParseOptions, Puzzle, Records};
/// let text = "# two puzzles\n1234341221434321\n12|34\n34|12\n--+--\n21|43\n43|21\n";
/// let options = ParseOptions::default();
/// let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
/// let records: Vec<_> = Records::new(lines, &options).collect::<Result<_, _>>()?;
/// assert_eq!(records.len(), 2);
/// assert_eq!(records[1].line, 3);
/// for record in &records {
///     assert!(Puzzle::parse(&record.text, &options)?.givens().is_complete());
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug)]
pub struct Records<I> {
    lines: I,
    shape: Option<Shape>,
    alphabet: Option<Alphabet>,
    jigsaw: bool,
    line: usize,
    pending: Option<Block>,
    /// A line read while a block was pending that does not belong to it: it
    /// ended the block and starts the next record.
    held: Option<String>,
}

/// A block being collected.
#[derive(Debug)]
struct Block {
    record: Record,
    rows: usize,
    size: usize,
}

impl<I, E> Records<I>
where
    I: Iterator<Item = Result<String, E>>,
{
    /// Records from `lines` (as from `BufRead::lines`), read with `options`.
    pub fn new(lines: I, options: &ParseOptions) -> Self {
        Records {
            lines,
            shape: options.shape,
            alphabet: options.alphabet,
            jigsaw: options.jigsaw,
            line: 0,
            pending: None,
            held: None,
        }
    }

    /// The number of cells a line holds.
    fn cells(&self, line: &str) -> usize {
        let segment = [(0, 0, line)];
        let numbers = match self.alphabet {
            Some(Alphabet::Numbers) => true,
            Some(_) => false,
            None => looks_like_numbers(&segment, |count| {
                Shape::from_size(count).is_ok() || Shape::from_cell_count(count).is_some()
            }),
        };
        if numbers {
            number_tokens(&segment).count()
        } else {
            symbol_chars(&segment).count()
        }
    }

    /// Whether `line` holds a whole puzzle.
    fn is_whole(&self, line: &str, cells: usize) -> bool {
        if split_jigsaw(line.trim(), self.jigsaw).is_some() {
            return true;
        }
        match self.shape {
            Some(shape) => cells == shape.cell_count(),
            None => !line.contains('|') && Shape::from_cell_count(cells).is_some(),
        }
    }
}

impl<I, E> Iterator for Records<I>
where
    I: Iterator<Item = Result<String, E>>,
{
    type Item = Result<Record, E>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            let line = if let Some(line) = self.held.take() {
                line
            } else {
                let line = match self.lines.next() {
                    None => return self.pending.take().map(|b| Ok(b.record)),
                    Some(Err(e)) => return Some(Err(e)),
                    Some(Ok(line)) => line,
                };
                self.line += 1;
                line
            };
            if is_comment(&line) {
                continue;
            }
            if line.trim().is_empty() {
                if let Some(block) = self.pending.take() {
                    return Some(Ok(block.record));
                }
                continue;
            }
            let cells = self.cells(&line);
            if let Some(block) = &mut self.pending {
                if cells != 0 && cells != block.size {
                    // Not a row of this block: the block ends short (the
                    // parser reports its length) and this line is read
                    // afresh, so one bad line never swallows the next ones.
                    self.held = Some(line);
                    return self.pending.take().map(|b| Ok(b.record));
                }
                block.record.text.push('\n');
                block.record.text.push_str(&line);
                if cells > 0 {
                    block.rows += 1;
                }
                if block.rows >= block.size {
                    return self.pending.take().map(|b| Ok(b.record));
                }
                continue;
            }
            if self.is_whole(&line, cells) {
                return Some(Ok(Record {
                    text: line,
                    line: self.line,
                }));
            }
            if cells == 0 {
                // A separator line outside a block: nothing to read.
                continue;
            }
            let size = self.shape.map_or(cells, Shape::size);
            let record = Record {
                text: line,
                line: self.line,
            };
            // Only a line of n cells, for a side n the shape allows, starts a
            // block; anything else is a record of its own, which the parser
            // will reject with its length.
            let starts_block = cells == size && Shape::from_size(size).is_ok();
            if !starts_block {
                return Some(Ok(record));
            }
            self.pending = Some(Block {
                record,
                rows: 1,
                size,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(text, &ParseOptions::default())
    }

    /// A regression test: a line of 93 symbols (a puzzle with a reason
    /// after it) used to start a 93-row block that swallowed the records
    /// after it, so a batch lost them.
    #[test]
    fn a_bad_line_never_swallows_the_records_after_it() {
        let good =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let text =
            format!("{good} box duplicate\n{good} x\n12\n{good}\n1234\n3412\n2143\n43\n{good}\n");
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let records: Vec<Record> = Records::new(lines, &ParseOptions::default())
            .collect::<Result<_, _>>()
            .unwrap();
        let starts: Vec<usize> = records.iter().map(|r| r.line).collect();
        // Each bad line is its own record; the short 4x4 block ends at the
        // line that does not fit it, which starts a record of its own.
        assert_eq!(starts, [1, 2, 3, 4, 5, 8, 9]);
        assert_eq!(records[4].text, "1234\n3412\n2143");
        assert!(parse(&records[3].text).is_ok());
        assert!(parse(&records[6].text).is_ok());
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
            Err(Error::WrongLength {
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
                size: 9
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
                size: 4
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
        let line = "1.3.............. aabbaabbccddccdd";
        assert!(matches!(parse(line), Err(Error::WrongLength { .. })));
        let line = "1.3............. aabbaabbccddccdd";
        let p = parse(line).unwrap();
        assert!(p.rules().regions().is_some());
        assert_eq!(p.to_string(), line);
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        assert_eq!(
            Puzzle::parse("1.3.............", &options),
            Err(Error::MissingRegionMap)
        );
        assert!(matches!(
            parse("1.3............. aabbaabbccddccda"),
            Err(Error::RegionSize { .. })
        ));
    }

    #[test]
    fn ambiguous_rows_stay_symbols() {
        let p = parse("12 34\n34 12\n21 43\n43 21").unwrap();
        assert_eq!(p.shape().size(), 4);
        let row = "530 070 000\n";
        assert!(parse(&row.repeat(9)).is_ok());
    }
}
