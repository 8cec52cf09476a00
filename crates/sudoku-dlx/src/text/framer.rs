//! Splitting a stream of lines into puzzle records: one per line, or one
//! per n-line block. [`Framer`] takes the lines one at a time (the CLI feeds
//! it from its bounded reader); [`Records`] is the same rule as an iterator.

use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::text::killer::split_killer_comment;
use crate::text::lexer::{LineCells, is_comment, is_header, split_comment, split_jigsaw};
use crate::text::parse_options::ParseOptions;

/// One record of a stream, as [`Framer`] and [`Records`] find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The record's text: one line, or the lines of a block (with any
    /// comment lines inside it, so that line k of the text is line
    /// `line + k - 1` of the stream). Of a line-format grid with text
    /// after it, only the grid.
    pub text: String,
    /// The 1-based line of the stream where the record starts, to add to the
    /// record-relative line of an [`Error`](crate::Error).
    pub line: usize,
    /// The text after a line-format grid (`# Platinum Blonde`, `12.3`,
    /// `;source`, `:1:<solution>`), trimmed, with its `;`, `,` or `:` if it
    /// began with one; `None` when the grid ends its line.
    pub comment: Option<String>,
}

/// Groups the lines of a stream into records for
/// [`Puzzle::parse`](crate::Puzzle::parse), one line at a time.
///
/// The rule, decided record by record:
///
/// - a line that holds a whole grid (n*n cells, or a jigsaw puzzle and its
///   region map) is a record;
/// - so is a line that starts with a whole line-format grid followed by
///   whitespace, `;`, `,` or `:` and any text: the grid is the record and
///   the text its [`comment`](Record::comment) (`puzzle:count:solution`,
///   `puzzle<TAB>name<TAB>source`, `puzzle # name`);
/// - otherwise a line of n cells, for a grid side n ([`ParseOptions::shape`]'s
///   if fixed), starts a block when it looks like a row: it is the first
///   line of the stream or follows a blank, comment, header or separator
///   line or a whole block, or it has spaces or `|` between its cells. A
///   block takes the next lines as its rows, up to n of them, with the
///   separator and comment lines among them. A row with another number of
///   cells (fewer than 2n) stays in the block, so the block is one record,
///   which the parser rejects naming the row;
/// - a blank line, a whole puzzle, a much longer line or a line that is not
///   text ends a block early: the block is then one record, which the
///   parser rejects with the rows it has ("the block has 4 of its 9
///   rows"), never a smaller grid guessed from its cells; the line that
///   ended it is read afresh, so one bad line never swallows the records
///   after it;
/// - `#` comments, lines without cells (`------+------`) and headers (a
///   line whose first word is two letters or more: `puzzle<TAB>name`,
///   `Grid 01`) outside a block are skipped;
/// - any other line is a record of its own, which the parser rejects with
///   its length.
///
/// Rows of numbers are counted in numbers (`10` is one cell), and a block
/// that starts as numbers counts its later rows in numbers too.
///
/// Without a fixed shape, a line of 16 symbols is a whole 4x4 puzzle unless
/// it contains `|`, which marks a row of a printed 16x16 grid; give the
/// shape to read 16x16 blocks without separators. With
/// [`ParseOptions::jigsaw`] there are no blocks: a jigsaw puzzle carries
/// its region map on its line. With [`ParseOptions::killer`] every line
/// that is not blank, a comment or a header is a record, and the text after
/// its third token (the sums) is its comment.
///
/// ```
/// use sudoku_dlx::{Framer, ParseOptions, Puzzle};
/// let options = ParseOptions::default();
/// let mut framer = Framer::new(&options);
/// let mut records = Vec::new();
/// let text = "1234341221434321 # a 4x4\n12|34\n34|12\n--+--\n21|43\n43|21\n";
/// for (k, line) in text.lines().enumerate() {
///     framer.push(k + 1, line, &mut records);
/// }
/// records.extend(framer.finish());
/// assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(records[0].comment.as_deref(), Some("# a 4x4"));
/// assert_eq!(
///     Puzzle::parse(&records[1].text, &options)?.to_string(),
///     "1234341221434321"
/// );
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Framer {
    options: ParseOptions,
    /// The block being collected.
    pending: Option<Block>,
    /// Whether the next line of n cells starts a block even without spaces
    /// or `|` in it: at the start, and after a blank, comment, header or
    /// separator line or a whole block. After a line-format record, a
    /// short line is a bad line of its own, not the start of a block.
    block_may_start: bool,
}

/// A block being collected.
#[derive(Clone, Debug)]
struct Block {
    record: Record,
    /// Rows (lines with cells) so far.
    rows: usize,
    /// The cells of each row, and the rows of a whole block.
    size: usize,
    /// Whether its first row was read as numbers, so that later rows are.
    numbers: bool,
}

impl Framer {
    /// A framer for records to be read with `options`.
    #[must_use]
    pub fn new(options: &ParseOptions) -> Framer {
        Framer {
            options: options.clone(),
            pending: None,
            block_may_start: true,
        }
    }

    /// Takes line `number` (1-based) of the stream, without its line ending,
    /// and adds the records it completes to `out`: none, one, or two (a
    /// block it ends, then itself). A `String` line becomes its record's
    /// text without a copy.
    pub fn push(&mut self, number: usize, line: impl Into<String>, out: &mut impl Extend<Record>) {
        let text = line.into();
        let line = text.as_str();
        if is_comment(line) {
            match &mut self.pending {
                Some(block) => block.append(line),
                None => self.block_may_start = true,
            }
            return;
        }
        if line.trim().is_empty() {
            out.extend(self.finish());
            self.block_may_start = true;
            return;
        }
        if is_header(line) {
            // A header, inside a block or not: it ends the block.
            out.extend(self.finish());
            self.block_may_start = true;
            return;
        }
        if self.options.killer {
            // A killer record is one line: givens, cage map, sums, comment.
            let (record, comment) = split_killer_comment(line);
            out.extend([Record {
                text: record.to_owned(),
                line: number,
                comment: comment.map(str::to_owned),
            }]);
            return;
        }
        let alphabet = self.options.alphabet;
        let read = LineCells::of(line, alphabet);
        let whole = self.is_whole(line, read);
        if let Some(block) = &mut self.pending {
            let mut cells = read.cells;
            if block.numbers && cells != block.size {
                cells = LineCells::of(line, Some(Alphabet::Numbers)).cells;
            }
            // A row of the wrong length stays in its block, which is then
            // rejected as a whole; a whole puzzle or a line far longer than
            // a row is no row, and ends the block.
            if cells == block.size || !whole && cells < 2 * block.size {
                block.append(line);
                if cells > 0 {
                    block.rows += 1;
                }
                if block.rows >= block.size {
                    out.extend(self.finish());
                    self.block_may_start = true;
                }
                return;
            }
            out.extend(self.finish());
        }
        let cells = read.cells;
        if whole {
            self.block_may_start = false;
            out.extend([Record {
                text,
                line: number,
                comment: None,
            }]);
            return;
        }
        if let Some(((column, grid), comment)) =
            split_comment(line, self.options.alphabet, self.options.shape)
        {
            self.block_may_start = false;
            out.extend([Record {
                text: format!("{:column$}{grid}", ""),
                line: number,
                comment: Some(comment.to_owned()),
            }]);
            return;
        }
        if cells == 0 {
            // A separator outside a block: nothing to read.
            self.block_may_start = true;
            return;
        }
        let size = self.options.shape.map_or(cells, Shape::size);
        // A line of n cells, for a side n the shape allows, starts a block
        // where a block may start or when it looks like a printed row;
        // anything else is a record of its own, which the parser will
        // reject with its length.
        let row_like = self.block_may_start || read.tokens || read.bar;
        let numbers = alphabet.is_none()
            && read.tokens
            && cells != LineCells::of(line, Some(Alphabet::Standard)).cells;
        let record = Record {
            text,
            line: number,
            comment: None,
        };
        self.block_may_start = false;
        if !self.options.jigsaw && row_like && cells == size && Shape::from_size(size).is_ok() {
            self.pending = Some(Block {
                record,
                rows: 1,
                size,
                numbers: numbers || alphabet == Some(Alphabet::Numbers),
            });
        } else {
            out.extend([record]);
        }
    }

    /// A line that is not text (its reader could not decode it): it ends the
    /// block being collected, whose record goes to `out`. The caller reports
    /// the line itself.
    pub fn interrupt(&mut self, out: &mut impl Extend<Record>) {
        out.extend(self.finish());
        self.block_may_start = false;
    }

    /// The end of the stream: the block being collected, if any.
    pub fn finish(&mut self) -> Option<Record> {
        self.pending.take().map(|block| block.record)
    }

    /// Whether `line`, read as `read`, holds a whole puzzle.
    fn is_whole(&self, line: &str, read: LineCells) -> bool {
        if read.tokens && split_jigsaw(line.trim(), self.options.jigsaw).is_some() {
            return true;
        }
        match self.options.shape {
            Some(shape) => read.cells == shape.cell_count(),
            // Numbers are detected by a token of two digits, which no grid
            // of side 9 or less has: 16 such numbers are a row of a 16x16
            // grid, not a whole 4x4 one.
            None => {
                !read.bar
                    && Shape::from_cell_count(read.cells)
                        .is_some_and(|shape| !read.detected_numbers || shape.size() >= 10)
            }
        }
    }
}

impl Block {
    /// Adds a line to the block's text.
    fn append(&mut self, line: &str) {
        self.record.text.push('\n');
        self.record.text.push_str(line);
    }
}

/// Splits a stream of lines into records for
/// [`Puzzle::parse`](crate::Puzzle::parse), by the rule of [`Framer`].
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
    framer: Framer,
    /// Lines read so far.
    line: usize,
    /// Records framed but not yet returned (a line can complete two).
    ready: std::collections::VecDeque<Record>,
}

impl<I, E> Records<I>
where
    I: Iterator<Item = Result<String, E>>,
{
    /// Records from `lines` (as from `BufRead::lines`), read with `options`.
    pub fn new(lines: I, options: &ParseOptions) -> Self {
        Records {
            lines,
            framer: Framer::new(options),
            line: 0,
            ready: std::collections::VecDeque::new(),
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
            if let Some(record) = self.ready.pop_front() {
                return Some(Ok(record));
            }
            match self.lines.next() {
                None => return self.framer.finish().map(Ok),
                Some(Err(e)) => return Some(Err(e)),
                Some(Ok(line)) => {
                    self.line += 1;
                    self.framer.push(self.line, line, &mut self.ready);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::error::Error;
    use crate::model::puzzle::Puzzle;

    fn parse(text: &str) -> Result<Puzzle, Error> {
        Puzzle::parse(text, &ParseOptions::default())
    }

    /// The records of `text`: where each starts and how many lines it has.
    fn frame(text: &str, options: &ParseOptions) -> Vec<(usize, usize)> {
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        Records::new(lines, options)
            .map(|r| r.map(|r| (r.line, r.text.lines().count())).unwrap())
            .collect()
    }

    /// A regression test: a line of 93 symbols (a puzzle with a reason
    /// after it) used to start a 93-row block that swallowed the records
    /// after it, so a batch lost them. Now the reason is the puzzle's
    /// comment, and a short line is a record of its own.
    #[test]
    fn a_bad_line_never_swallows_the_records_after_it() {
        let good =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let text =
            format!("{good} box duplicate\n{good} x\n12\n{good}\n\n1234\n3412\n2143\n43\n{good}\n");
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let records: Vec<Record> = Records::new(lines, &ParseOptions::default())
            .collect::<Result<_, _>>()
            .unwrap();
        let starts: Vec<usize> = records.iter().map(|r| r.line).collect();
        // The 4x4 block with a short last row is one record, which the
        // parser rejects naming the row.
        assert_eq!(starts, [1, 2, 3, 4, 6, 10]);
        assert_eq!(records[0].comment.as_deref(), Some("box duplicate"));
        assert_eq!(records[1].comment.as_deref(), Some("x"));
        assert!(parse(&records[0].text).is_ok());
        assert!(parse(&records[2].text).is_err());
        assert_eq!(records[4].text, "1234\n3412\n2143\n43");
        assert_eq!(
            parse(&records[4].text),
            Err(Error::BlockRowLength {
                line: 4,
                row: 4,
                found: 2,
                expected: 4
            })
        );
        assert!(parse(&records[5].text).is_ok());
    }

    #[test]
    fn text_after_a_grid_is_its_comment_and_headers_are_skipped() {
        let good =
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
        let text = format!(
            "puzzle\tname\tsource\n{good}\tPlatinum Blonde\tgsf\n{good};source\n{good},x\n{good}:1:{good}\n{good} # name\nGrid 01\n  {good}  \n"
        );
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let records: Vec<Record> = Records::new(lines, &ParseOptions::default())
            .collect::<Result<_, _>>()
            .unwrap();
        let found: Vec<(usize, Option<&str>)> = records
            .iter()
            .map(|r| (r.line, r.comment.as_deref()))
            .collect();
        let solution = format!(":1:{good}");
        assert_eq!(
            found,
            [
                (2, Some("Platinum Blonde\tgsf")),
                (3, Some(";source")),
                (4, Some(",x")),
                (5, Some(solution.as_str())),
                (6, Some("# name")),
                (8, None),
            ]
        );
        for record in &records {
            assert_eq!(parse(&record.text).unwrap().to_string(), good);
        }
        // A jigsaw line with more after it is no grid with a comment: the
        // region map is never dropped.
        let map = "a".repeat(81);
        let jigsaw = format!("{good} {map} # name");
        let lines = [Ok::<_, std::io::Error>(jigsaw.clone())].into_iter();
        let record = Records::new(lines, &ParseOptions::default()).next();
        assert_eq!(record.unwrap().unwrap().text, jigsaw);
        assert!(parse(&jigsaw).is_err());
        // Puzzle::parse reads a line with a comment the same way.
        assert_eq!(parse(&format!("{good} # name")).unwrap().to_string(), good);
        // A column of an error in a grid with a comment is the line's.
        let bad = format!("  x{}\t# name", &good[1..]);
        let e = parse(&bad).unwrap_err();
        assert_eq!(e.position().map(|p| (p.line, p.column)), Some((1, 3)));
        let lines = [Ok::<_, std::io::Error>(bad)].into_iter();
        let record = Records::new(lines, &ParseOptions::default()).next();
        let e = parse(&record.unwrap().unwrap().text).unwrap_err();
        assert_eq!(e.position().map(|p| (p.line, p.column)), Some((1, 3)));
    }

    #[test]
    fn an_incomplete_block_is_one_record_never_a_smaller_grid() {
        let row = "123456789";
        // Four rows and a blank line: not a 6x6 grid, but a block short of
        // five rows.
        let text = format!("{row}\n").repeat(4) + "\n";
        let options = ParseOptions::default();
        assert_eq!(frame(&text, &options), [(1, 4)]);
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let record = Records::new(lines, &options).next().unwrap().unwrap();
        assert_eq!(
            parse(&record.text),
            Err(Error::BlockRows {
                found: 4,
                expected: 9
            })
        );
        // A 9x9 block with one row of 8 cells: one record, naming the row.
        let mut rows = [row; 9];
        rows[4] = "12345678";
        let text = rows.join("\n");
        assert_eq!(frame(&text, &options), [(1, 9)]);
        assert_eq!(
            parse(&text),
            Err(Error::BlockRowLength {
                line: 5,
                row: 5,
                found: 8,
                expected: 9
            })
        );
        // Two short lines after a line-format puzzle are two bad records,
        // not one block.
        let good = ".".repeat(81);
        let short = ".".repeat(21);
        let text = format!("{good}\n{short}\n{short}\n{good}\n");
        assert_eq!(frame(&text, &options), [(1, 1), (2, 1), (3, 1), (4, 1)]);
    }

    #[test]
    fn a_block_of_numbers_counts_its_rows_in_numbers() {
        // A 10x10 block whose first row has a two-digit number and whose
        // second has none: both are rows of 10 cells.
        let wide = (1..=10)
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let narrow = ". 2 3 4 5 6 7 8 9 .";
        let text = format!("{wide}\n{narrow}\n") + &format!("{wide}\n").repeat(8);
        let options = ParseOptions::default();
        assert_eq!(frame(&text, &options), [(1, 10)]);
        let puzzle = parse(&text).unwrap();
        assert_eq!(puzzle.shape().size(), 10);
        assert_eq!(puzzle.givens().digit(9), Some(10));
        assert_eq!(puzzle.givens().digit(10), Some(0));
    }

    #[test]
    fn lines_and_blocks_mix_and_comments_keep_line_numbers() {
        let text = "# 4x4s\n1234341221434321\n\n12|34\n34|12\n--+--\n# inside\n21|43\n43|21\n.234341221434321\n";
        assert_eq!(
            frame(text, &ParseOptions::default()),
            [(2, 1), (4, 6), (10, 1)]
        );
        // An error in the block's last row is on line 6 of its text, line 9
        // of the stream.
        let text = "12|34\n34|12\n--+--\n# inside\n21|43\n43|2x\n";
        let records = frame(text, &ParseOptions::default());
        assert_eq!(records, [(1, 6)]);
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let block = Records::new(lines, &ParseOptions::default()).next();
        let e = parse(&block.unwrap().unwrap().text).unwrap_err();
        assert_eq!(e.position().map(|p| p.line), Some(6));
    }

    #[test]
    fn a_bad_line_never_swallows_the_next_puzzles() {
        let good = ".".repeat(81);
        let text = format!("{good}\n{}\n{good}\n{good}\n", ".".repeat(93));
        let options = ParseOptions::default();
        assert_eq!(frame(&text, &options), [(1, 1), (2, 1), (3, 1), (4, 1)]);
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let records: Vec<Record> = Records::new(lines, &options).map(Result::unwrap).collect();
        assert!(parse(&records[1].text).is_err());
        assert!(parse(&records[2].text).is_ok());

        // A short block ends at the first line that is no row of it.
        let text = format!("1234\n3412\n{good}\n");
        assert_eq!(frame(&text, &options), [(1, 2), (3, 1)]);
        let text = format!("1234\n3412\n{}\n{good}\n", "1".repeat(9));
        assert_eq!(frame(&text, &options), [(1, 2), (3, 1), (4, 1)]);
    }

    #[test]
    fn a_line_that_is_not_text_ends_a_block() {
        let mut framer = Framer::new(&ParseOptions::default());
        let mut records = Vec::new();
        framer.push(1, "12|34", &mut records);
        framer.push(2, "34|12", &mut records);
        framer.interrupt(&mut records);
        framer.push(4, "21|43", &mut records);
        records.extend(framer.finish());
        let starts: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(starts, [1, 4]);
        assert_eq!(records[0].text, "12|34\n34|12");
    }

    #[test]
    fn jigsaw_lines_never_start_blocks() {
        let options = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let text = "1234\n3412\n2143\n4321\n---\n1.3............. aabbaabbccddccdd\n";
        assert_eq!(
            frame(text, &options),
            [(1, 1), (2, 1), (3, 1), (4, 1), (6, 1)]
        );
    }

    #[test]
    fn rows_of_numbers_are_counted_as_numbers() {
        // A 10x10 block of numbers: "10" is one cell, not two.
        let row = (1..=10)
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" ");
        let text = format!("{row}\n").repeat(10);
        assert_eq!(frame(&text, &ParseOptions::default()), [(1, 10)]);
    }
}
