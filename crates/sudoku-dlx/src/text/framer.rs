//! Splitting a stream of lines into puzzle records: one per line, or one
//! per n-line block. [`Framer`] takes the lines one at a time (the CLI feeds
//! it from its bounded reader); [`Records`] is the same rule as an iterator.

use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::text::killer::split_killer_comment;
use crate::text::lexer::{
    LineCells, is_border, is_comment, is_header, is_title, pencilmark_side, split_comment,
    split_jigsaw, split_jigsaw_comment, split_named,
};
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
    /// Lines skipped as headers or titles, not yet taken by
    /// [`skipped`](Self::skipped).
    skipped: Vec<Skipped>,
}

/// A line the [`Framer`] skipped: a header or title, which holds no puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Skipped {
    /// Its 1-based line in the stream.
    pub line: usize,
    /// Its text, trimmed.
    pub text: String,
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
    /// Rows per band (box rows): a blank line may come after a band.
    band: usize,
    /// Whether the last line was a blank one between bands.
    blank: bool,
}

impl Framer {
    /// A framer for records to be read with `options`.
    #[must_use]
    pub fn new(options: &ParseOptions) -> Framer {
        Framer {
            options: options.clone(),
            pending: None,
            block_may_start: true,
            skipped: Vec::new(),
        }
    }

    /// Takes line `number` (1-based) of the stream, without its line ending,
    /// and adds the records it completes to `out`: none, one, or two (a
    /// block it ends, then itself). A `String` line becomes its record's
    /// text without a copy. A line skipped as a header or title is kept for
    /// [`skipped`](Self::skipped).
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
            // A blank line between the bands of a block, as some files
            // print it, stays in the block; anywhere else it ends one.
            match &mut self.pending {
                Some(block) if block.rows % block.band == 0 && !block.blank => {
                    block.append(line);
                    block.blank = true;
                }
                _ => {
                    out.extend(self.finish());
                    self.block_may_start = true;
                }
            }
            return;
        }
        if is_header(line) {
            // A header, inside a block or not: it ends the block. A name
            // before a whole grid (`Puzzle <81 cells>`) is the grid's.
            out.extend(self.finish());
            if !self.named(number, line, out) {
                self.skip(number, line);
            }
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
        if let Some(block) = &mut self.pending
            && block.rows >= block.size
        {
            // A drawn jigsaw grid is complete: its line (`GRID MAP`), which
            // `--format grid` prints after it, ends its record.
            if whole {
                block.append(line);
                out.extend(self.finish());
                self.block_may_start = true;
                return;
            }
            out.extend(self.finish());
        }
        if let Some(block) = &mut self.pending {
            let mut cells = read.cells;
            if block.numbers && cells != block.size {
                cells = LineCells::of(line, Some(Alphabet::Numbers)).cells;
            }
            // A row of a pencilmark grid, whose first row may have been
            // all single digits.
            if cells != block.size
                && pencilmark_row(&self.options, line, read, Some(block.size)) == Some(block.size)
            {
                cells = block.size;
            }
            // A row of the wrong length stays in its block, which is then
            // rejected as a whole; a whole puzzle, a line far longer than
            // a row or a title is no row, and ends the block. A border is
            // part of the block.
            if cells != block.size && is_border(line) {
                block.append(line);
                return;
            }
            if cells == block.size || !whole && cells < 2 * block.size && !is_title(line, false) {
                block.append(line);
                block.blank = false;
                if cells > 0 {
                    block.rows += 1;
                }
                // A jigsaw drawing waits for its line.
                if block.rows >= block.size && !self.options.jigsaw {
                    out.extend(self.finish());
                    self.block_may_start = true;
                }
                return;
            }
            out.extend(self.finish());
        }
        let cells = read.cells;
        // A whole line may still be a grid and a comment whose symbols add
        // up to a bigger grid's (`split_comment` says which); only a line
        // of several tokens can be, so the line format costs no split.
        let split_whole = read.tokens && !self.options.jigsaw && self.options.shape.is_none();
        if whole && !split_whole {
            return self.whole_record(out, text, number);
        }
        let split = if self.options.jigsaw {
            split_jigsaw_comment(line, alphabet, self.options.shape)
                .map(|(record, comment)| (record.to_owned(), comment))
        } else {
            split_comment(line, alphabet, self.options.shape)
                .map(|((column, grid), comment)| (format!("{:column$}{grid}", ""), comment))
        };
        if let Some((record, comment)) = split {
            self.block_may_start = false;
            out.extend([Record {
                text: record,
                line: number,
                comment: Some(comment.to_owned()),
            }]);
            return;
        }
        if whole {
            return self.whole_record(out, text, number);
        }
        if cells == 0 || is_border(line) {
            // A separator or a border outside a block: nothing to read.
            self.block_may_start = true;
            return;
        }
        // A row of a pencilmark grid is a row of its tokens: the side the
        // block is read with.
        let pencilmarks = pencilmark_row(
            &self.options,
            line,
            read,
            self.options.shape.map(Shape::size),
        );
        let cells = pencilmarks.unwrap_or(cells);
        let size = self.options.shape.map_or(cells, Shape::size);
        // A line of n cells, for a side n the shape allows, starts a block
        // where a block may start or when it looks like a printed row;
        // a name before a grid is a record with the name as its comment, a
        // title is skipped, and anything else is a record of its own, which
        // the parser will reject with its length.
        let row_like = self.block_may_start || read.tokens || read.bar;
        let numbers = alphabet.is_none()
            && pencilmarks.is_none()
            && read.tokens
            && cells != LineCells::of(line, Some(Alphabet::Standard)).cells;
        // With jigsaw, only a drawn row (with spaces or `|`) starts a block:
        // the drawing `--format grid` prints before the grid's line.
        let row_like = row_like && (!self.options.jigsaw || read.tokens || read.bar);
        let block_shape = (row_like && cells == size)
            .then(|| Shape::from_size(size).ok())
            .flatten();
        // A title is no row, even of n cells (`[Puzzle]` has 8).
        if is_title(line, block_shape.is_none()) {
            self.skip(number, line);
            return;
        }
        if block_shape.is_none() && self.named(number, line, out) {
            return;
        }
        let record = Record {
            text,
            line: number,
            comment: None,
        };
        self.block_may_start = false;
        match block_shape {
            Some(shape) => {
                self.pending = Some(Block {
                    record,
                    rows: 1,
                    size,
                    band: self.options.shape.unwrap_or(shape).box_rows(),
                    blank: false,
                    numbers: numbers || alphabet == Some(Alphabet::Numbers),
                });
            }
            None => out.extend([record]),
        }
    }

    /// The lines skipped since the last call: headers and titles, which
    /// hold no puzzle, in order, for the caller to note (a reader never
    /// drops a line without a word). Blank lines, comments, separators and
    /// borders are not among them: they are part of the formats.
    pub fn skipped(&mut self) -> std::vec::Drain<'_, Skipped> {
        self.skipped.drain(..)
    }

    /// Reads `line` as a name and a whole grid (`NAME<TAB>PUZZLE`,
    /// `id,puzzle,solution`): the grid is a record whose comment is the
    /// rest of the line. Whether it was one.
    fn named(&mut self, number: usize, line: &str, out: &mut impl Extend<Record>) -> bool {
        let Some(((column, grid), comment)) =
            split_named(line, self.options.alphabet, self.options.shape)
        else {
            return false;
        };
        self.block_may_start = false;
        out.extend([Record {
            text: format!("{:column$}{grid}", ""),
            line: number,
            comment: Some(comment),
        }]);
        true
    }

    /// Skips a header or title line, keeping it for [`skipped`](Self::skipped).
    fn skip(&mut self, number: usize, line: &str) {
        self.block_may_start = true;
        self.skipped.push(Skipped {
            line: number,
            text: line.trim().to_owned(),
        });
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

    /// Ends line `number`, a whole puzzle, as a record of its own.
    fn whole_record(&mut self, out: &mut impl Extend<Record>, text: String, number: usize) {
        self.block_may_start = false;
        out.extend([Record {
            text,
            line: number,
            comment: None,
        }]);
    }

    /// Whether `line`, read as `read`, holds a whole puzzle.
    fn is_whole(&self, line: &str, read: LineCells) -> bool {
        // A jigsaw line: a whole grid and a map (a line of a drawn jigsaw
        // grid may have two tokens too, such as `+-+   |`).
        if self.options.jigsaw
            && read.tokens
            && let Some(((_, puzzle), (_, map))) = split_jigsaw(line.trim())
            && map.chars().count() == puzzle.chars().count()
        {
            let cells = LineCells::of(puzzle, self.options.alphabet).cells;
            return match self.options.shape {
                Some(shape) => cells == shape.cell_count(),
                None => Shape::from_cell_count(cells).is_some(),
            };
        }
        match self.options.shape {
            Some(shape) => read.cells == shape.cell_count(),
            // Numbers are detected by a token of two digits, which no grid
            // of side 9 or less has: 16 such numbers are a row of a 16x16
            // grid, not a whole 4x4 one.
            None => {
                !read.bar
                    && Shape::from_cell_count(read.cells)
                        .is_some_and(|shape| !read.wide_numbers || shape.size() >= 10)
            }
        }
    }
}

/// The side of the pencilmark grid `line` (read as `read`) is a row of,
/// where `options` read one ([`pencilmark_side`]): the standard alphabet,
/// no jigsaw.
fn pencilmark_row(
    options: &ParseOptions,
    line: &str,
    read: LineCells,
    side: Option<usize>,
) -> Option<usize> {
    let standard = matches!(options.alphabet, None | Some(Alphabet::Standard));
    if !read.bar || !standard || options.jigsaw {
        return None;
    }
    pencilmark_side(line, side)
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
        // parser rejects naming the row; a bare `12` is a puzzle's number.
        assert_eq!(starts, [1, 2, 4, 6, 10]);
        assert_eq!(records[0].comment.as_deref(), Some("box duplicate"));
        assert_eq!(records[1].comment.as_deref(), Some("x"));
        assert!(parse(&records[0].text).is_ok());
        assert_eq!(records[3].text, "1234\n3412\n2143\n43");
        assert_eq!(
            parse(&records[3].text),
            Err(Error::BlockRowLength {
                line: 4,
                row: 4,
                found: 2,
                expected: 4
            })
        );
        assert!(parse(&records[4].text).is_ok());
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

    /// The records and skipped lines of `text` read with `options`: each
    /// record's first line, its parsed givens (or `None`) and comment.
    #[allow(clippy::type_complexity)]
    fn read_all(
        text: &str,
        options: &ParseOptions,
    ) -> (Vec<(usize, Option<String>, Option<String>)>, Vec<usize>) {
        let mut framer = Framer::new(options);
        let mut records = Vec::new();
        let mut skipped = Vec::new();
        for (k, line) in text.lines().enumerate() {
            framer.push(k + 1, line, &mut records);
            skipped.extend(framer.skipped().map(|s| s.line));
        }
        records.extend(framer.finish());
        let found = records
            .iter()
            .map(|r| {
                let givens = Puzzle::parse(&r.text, options).ok().map(|p| p.to_string());
                (r.line, givens, r.comment.clone())
            })
            .collect();
        (found, skipped)
    }

    const GOOD: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// `GOOD` as rows of a block, drawn by `row`.
    fn rows(row: impl Fn(&str) -> String) -> Vec<String> {
        (0..9).map(|r| row(&GOOD[r * 9..r * 9 + 9])).collect()
    }

    /// A regression test: decoration and titles were records of their
    /// own, rejected with misleading lengths (`*-----------*` as "found 2
    /// cells"), and a SadMan `[Puzzle]` header also lost its puzzle. Now
    /// borders are part of the format, and titles and headers are skipped
    /// and kept for the caller to note.
    #[test]
    fn decoration_and_titles_are_skipped_never_records() {
        let options = ParseOptions::default();
        // Simple Sudoku's .ss: a bordered grid with `|` between boxes.
        let ss = rows(|r| format!("|{}|{}|{}|", &r[..3], &r[3..6], &r[6..]));
        let ss = format!(
            "*-----------*\n{}\n|---+---+---|\n{}\n|---+---+---|\n{}\n*-----------*\n",
            ss[..3].join("\n"),
            ss[3..6].join("\n"),
            ss[6..].join("\n")
        );
        let (found, skipped) = read_all(&format!("{ss}{ss}"), &options);
        let good = Some(GOOD.to_owned());
        assert_eq!(found, [(2, good.clone(), None), (15, good.clone(), None)]);
        assert!(skipped.is_empty());
        // SadMan's .sdk: a section header, then the rows.
        let sdk = format!("[Puzzle]\n{}\n", rows(str::to_owned).join("\n"));
        let (found, skipped) = read_all(&sdk, &options);
        assert_eq!(found, [(2, good.clone(), None)]);
        assert_eq!(skipped, [1]);
        // Titles, numbering, and blank lines between the bands of a block.
        let plain = rows(str::to_owned);
        let banded = format!(
            "{}\n\n{}\n\n{}\n",
            plain[..3].join("\n"),
            plain[3..6].join("\n"),
            plain[6..].join("\n")
        );
        let text = format!(
            "=== Puzzle 1 ===\n{GOOD}\n-- hard --\n{GOOD}\n1) Hard\n{GOOD}\n12\n{banded}\n__3_2_6__9__3_5__1__18_64____81_29__7_______8__67_82____26_95__8__2_3__9__5_1_3__\n"
        );
        let (found, skipped) = read_all(&text, &options);
        let starts: Vec<usize> = found.iter().map(|f| f.0).collect();
        assert_eq!(starts, [2, 4, 6, 8, 20]);
        assert!(found.iter().all(|f| f.1 == good), "{found:?}");
        assert_eq!(skipped, [1, 3, 5, 7]);
    }

    /// A regression test: `Puzzle <81 cells>` was skipped as a header, with
    /// no output; a name before a grid, and the Kaggle sets' CSV, are read.
    #[test]
    fn a_name_before_a_grid_is_its_comment() {
        let options = ParseOptions::default();
        let solution = "1".repeat(81);
        let text = format!(
            "Puzzle {GOOD}\nPlatinum Blonde\t{GOOD}\tgsf\nid,puzzle,solution,clues,difficulty\n1,{GOOD},{solution},27,2.2\n"
        );
        let (found, skipped) = read_all(&text, &options);
        let good = Some(GOOD.to_owned());
        assert_eq!(
            found,
            [
                (1, good.clone(), Some("Puzzle".to_owned())),
                (2, good.clone(), Some("Platinum Blonde\tgsf".to_owned())),
                (4, good.clone(), Some(format!("1,{solution},27,2.2"))),
            ]
        );
        assert_eq!(skipped, [3]);
    }

    /// A regression test: a solution after a puzzle (`generate
    /// --with-solution`) was read as a region map without jigsaw, and with
    /// jigsaw `PUZZLE MAP SOLUTION` was no record. Both are now a puzzle
    /// and its comment.
    #[test]
    fn a_solution_after_a_puzzle_is_its_comment() {
        let puzzle = "1.3.............";
        let map = "aabbaabbccddccdd";
        let solution = "1234341221434321";
        let (found, _) = read_all(
            &format!("{puzzle} {solution}\n{puzzle}\t{solution}\n"),
            &ParseOptions::default(),
        );
        let givens = Some(puzzle.to_owned());
        let comment = Some(solution.to_owned());
        assert_eq!(
            found,
            [
                (1, givens.clone(), comment.clone()),
                (2, givens, comment.clone())
            ]
        );
        let jigsaw = ParseOptions {
            jigsaw: true,
            ..ParseOptions::default()
        };
        let (found, _) = read_all(&format!("{puzzle} {map} {solution}\n"), &jigsaw);
        assert_eq!(found, [(1, Some(format!("{puzzle} {map}")), comment)]);
    }

    /// The pencilmark grid of Sudopedia's article "Pencilmark"
    /// (sudopedia.enjoysudoku.com/Pencilmark.html, GNU FDL), in the layout
    /// HoDoKu prints as its "PM grid": a cell of one candidate is a placed
    /// value, and one cell's candidates run into the `|` after them.
    pub(crate) const SUDOPEDIA_PM_GRID: &str = "\
.------------------.------------------.------------------.
| 19    7     169  | 2     156   3    | 459   8     49   |
| 3     4     5    | 7     9     8    | 1     2     6    |
| 2     169   8    | 16    4     156  | 3579  35    379  |
:------------------+------------------+------------------:
| 4     136   1367 | 5     1367  9    | 8     36    2    |
| 17    5     12367| 8     12367 4    | 367   9     37   |
| 8     369   23679| 36    2367  26   | 34567 3456  1    |
:------------------+------------------+------------------:
| 1579  139   13479| 13469 12356 1256 | 23469 346   8    |
| 159   8     1349 | 13469 12356 1256 | 23469 7     349  |
| 6     2     349  | 349   8     7    | 349   1     5    |
'------------------'------------------'------------------'
";

    /// [`SUDOPEDIA_PM_GRID`]'s single candidates, in the line format.
    const SUDOPEDIA_GIVENS: &str =
        ".7.2.3.8.3457981262.8.4....4..5.98.2.5.8.4.9.8.......1........8.8.....7.62..87.15";

    /// A regression test for issue 39, item 10: a pencilmark grid (HoDoKu's
    /// "PM grid") was read as a block of 20-cell rows and rejected. Its
    /// rows are now rows of their tokens: one digit is a given, several a
    /// blank cell; the borders are part of the drawing.
    #[test]
    fn a_pencilmark_grid_reads_single_candidates_as_givens() {
        let options = ParseOptions::default();
        let text = format!("{SUDOPEDIA_PM_GRID}{GOOD}\n");
        let (found, skipped) = read_all(&text, &options);
        assert_eq!(
            found,
            [
                (2, Some(SUDOPEDIA_GIVENS.to_owned()), None),
                (14, Some(GOOD.to_owned()), None)
            ]
        );
        assert!(skipped.is_empty());
        // A grid whose first row is all placed values: the block starts as
        // one character a cell and its later rows are pencilmark rows.
        let lines: Vec<&str> = SUDOPEDIA_PM_GRID.lines().collect();
        let mut swapped = lines.clone();
        swapped.swap(1, 2);
        let (found, _) = read_all(&swapped.join("\n"), &options);
        let givens = format!(
            "{}{}{}",
            &SUDOPEDIA_GIVENS[9..18],
            &SUDOPEDIA_GIVENS[..9],
            &SUDOPEDIA_GIVENS[18..]
        );
        assert_eq!(found, [(2, Some(givens), None)]);
        // A fixed shape of another side reads no pencilmark grid.
        let four = ParseOptions {
            shape: Some(Shape::from_size(4).unwrap()),
            ..ParseOptions::default()
        };
        let (found, _) = read_all(SUDOPEDIA_PM_GRID, &four);
        assert!(
            found.iter().all(|(_, givens, _)| givens.is_none()),
            "{found:?}"
        );
        // A 4x4 one, its bands apart and without borders.
        let (found, _) = read_all(
            "| 1 34 | 2 34 |\n| 234 2 | 1 4 |\n\n| 23 1 | 4 23 |\n| 4 23 | 3 1 |\n",
            &options,
        );
        assert_eq!(found, [(1, Some("1.2..214.14.4.31".to_owned()), None)]);
    }

    /// A candidate that is no digit of the grid is an error at its line
    /// and column; a grid with a row of the wrong number of cells is left
    /// to the reader of one character a cell, which rejects it.
    #[test]
    fn a_bad_pencilmark_grid_says_where() {
        let options = ParseOptions::default();
        let bad = "| 1 34 | 2 34 |\n| 234 2 | 1 4 |\n| 23 1 | 4 253 |\n| 4 23 | 3 1 |\n";
        let e = Puzzle::parse(bad, &options).unwrap_err();
        assert!(matches!(e, Error::InvalidSymbol { found: '5', .. }), "{e}");
        assert_eq!(e.line_column(), Some((3, 13)), "{e}");
        let short = "| 1 34 | 2 34 |\n| 234 2 | 1 4 |\n| 23 1 | 4 |\n| 4 23 | 3 1 |\n";
        assert!(Puzzle::parse(short, &options).is_err());
    }

    /// A regression test for the fuzz oracle's finding: a killer line
    /// after U+0085 (NEL, whitespace of two bytes) keeps the NEL in its
    /// record, so the grid's column in characters is the line's (the
    /// oracle compared it with a length in bytes).
    #[test]
    fn a_killer_record_keeps_its_column_in_characters() {
        let options = ParseOptions {
            killer: true,
            ..ParseOptions::default()
        };
        let line = "\u{85}................ aaaabbccdbcedffe a=10,b=8,c=7,d=6,e=4,f=5 # x";
        let mut framer = Framer::new(&options);
        let mut records = Vec::new();
        framer.push(1, line, &mut records);
        let record = &records[0];
        let grid = record.text.trim_start();
        let prefix = &record.text[..record.text.len() - grid.len()];
        assert_eq!(prefix.chars().count(), 1);
        assert_eq!(record.comment.as_deref(), Some("# x"));
        let bad = line.replace("a=10", "a=x");
        let mut records = Vec::new();
        framer.push(1, bad.as_str(), &mut records);
        let e = Puzzle::parse(&records[0].text, &options).unwrap_err();
        let column = bad[..bad.find("a=x").unwrap()].chars().count() + 1;
        assert_eq!(e.line_column(), Some((1, column)), "{e}");
    }
}
