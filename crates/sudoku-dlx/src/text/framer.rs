//! Splitting a stream of lines into puzzle records: one per line, or one
//! per n-line block. [`Framer`] takes the lines one at a time (the CLI feeds
//! it from its bounded reader); [`Records`] is the same rule as an iterator.

use crate::model::shape::Shape;
use crate::model::symbols::Alphabet;
use crate::text::parse::{LineCells, ParseOptions, is_comment, split_jigsaw};

/// One record of a stream, as [`Framer`] and [`Records`] find it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The record's text: one line, or the lines of a block (with any
    /// comment lines inside it, so that line k of the text is line
    /// `line + k - 1` of the stream).
    pub text: String,
    /// The 1-based line of the stream where the record starts, to add to the
    /// record-relative line of an [`Error`](crate::Error).
    pub line: usize,
}

/// Groups the lines of a stream into records for
/// [`Puzzle::parse`](crate::Puzzle::parse), one line at a time.
///
/// The rule, decided record by record:
///
/// - a line that holds a whole grid (n*n cells, or a jigsaw puzzle and its
///   region map) is a record;
/// - otherwise a line of n cells, for a grid side n ([`ParseOptions::shape`]'s
///   if fixed), starts a block that takes the next lines of n cells, up to
///   n of them, and the separator and comment lines among them;
/// - anything that interrupts a block (a blank line, a whole puzzle, a line
///   of another length, a line that is not text) ends it early, and is then
///   read afresh, so one bad line never swallows the records after it: it
///   is a record of its own, which the parser rejects with its length;
/// - `#` comments and lines without cells (`------+------`) outside a
///   block are skipped.
///
/// Without a fixed shape, a line of 16 symbols is a whole 4x4 puzzle unless
/// it contains `|`, which marks a row of a printed 16x16 grid; give the
/// shape to read 16x16 blocks without separators. With
/// [`ParseOptions::jigsaw`] there are no blocks: a jigsaw puzzle carries
/// its region map on its line.
///
/// ```
/// use sudoku_dlx::{Framer, ParseOptions, Puzzle};
/// let options = ParseOptions::default();
/// let mut framer = Framer::new(&options);
/// let mut records = Vec::new();
/// let text = "1234341221434321\n12|34\n34|12\n--+--\n21|43\n43|21\n";
/// for (k, line) in text.lines().enumerate() {
///     framer.push(k + 1, line, &mut records);
/// }
/// records.extend(framer.finish());
/// assert_eq!(records.iter().map(|r| r.line).collect::<Vec<_>>(), [1, 2]);
/// assert_eq!(
///     Puzzle::parse(&records[1].text, &options)?.to_string(),
///     "1234341221434321"
/// );
/// # Ok::<(), sudoku_dlx::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct Framer {
    shape: Option<Shape>,
    alphabet: Option<Alphabet>,
    jigsaw: bool,
    /// The block being collected.
    pending: Option<Block>,
}

/// A block being collected.
#[derive(Clone, Debug)]
struct Block {
    record: Record,
    /// Rows (lines with cells) so far.
    rows: usize,
    /// The cells of each row, and the rows of a whole block.
    size: usize,
}

impl Framer {
    /// A framer for records to be read with `options`.
    #[must_use]
    pub fn new(options: &ParseOptions) -> Framer {
        Framer {
            shape: options.shape,
            alphabet: options.alphabet,
            jigsaw: options.jigsaw,
            pending: None,
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
            if let Some(block) = &mut self.pending {
                block.append(line);
            }
            return;
        }
        if line.trim().is_empty() {
            out.extend(self.finish());
            return;
        }
        let read = LineCells::of(line, self.alphabet);
        let cells = read.cells;
        if let Some(block) = &mut self.pending {
            if cells == 0 || cells == block.size {
                block.append(line);
                if cells > 0 {
                    block.rows += 1;
                }
                if block.rows >= block.size {
                    out.extend(self.finish());
                }
                return;
            }
            // Not a row of this block: the block ends short (the parser
            // reports its length) and this line is read afresh.
            out.extend(self.finish());
        }
        let whole = self.is_whole(line, read);
        if !whole && cells == 0 {
            // A separator line outside a block: nothing to read.
            return;
        }
        let record = Record { text, line: number };
        if whole {
            out.extend([record]);
            return;
        }
        let size = self.shape.map_or(cells, Shape::size);
        // Only a line of n cells, for a side n the shape allows, starts a
        // block; anything else is a record of its own, which the parser
        // will reject with its length.
        if !self.jigsaw && cells == size && Shape::from_size(size).is_ok() {
            self.pending = Some(Block {
                record,
                rows: 1,
                size,
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
    }

    /// The end of the stream: the block being collected, if any.
    pub fn finish(&mut self) -> Option<Record> {
        self.pending.take().map(|block| block.record)
    }

    /// Whether `line`, read as `read`, holds a whole puzzle.
    fn is_whole(&self, line: &str, read: LineCells) -> bool {
        if read.tokens && split_jigsaw(line.trim(), self.jigsaw).is_some() {
            return true;
        }
        match self.shape {
            Some(shape) => read.cells == shape.cell_count(),
            None => !read.bar && Shape::from_cell_count(read.cells).is_some(),
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
        let text = format!("{good}\n{} box duplicate\n{good}\n{good}\n", ".".repeat(81));
        let options = ParseOptions::default();
        assert_eq!(frame(&text, &options), [(1, 1), (2, 1), (3, 1), (4, 1)]);
        let lines = text.lines().map(|l| Ok::<_, std::io::Error>(l.to_owned()));
        let records: Vec<Record> = Records::new(lines, &options).map(Result::unwrap).collect();
        assert!(parse(&records[1].text).is_err());
        assert!(parse(&records[2].text).is_ok());

        // A short block ends at the first line that is not one of its rows.
        let text = format!("1234\n3412\n{good}\n");
        assert_eq!(frame(&text, &options), [(1, 2), (3, 1)]);
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
