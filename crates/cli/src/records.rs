//! Splitting lines into puzzle records: one per line, or one per n-line block.
//!
//! The rule, decided record by record: a line holding a whole grid (n*n
//! cells) is a record; a line of n cells, for a grid side n, starts a block
//! that takes the next lines of n cells, up to n of them. Anything that
//! interrupts a block (a blank line, a whole puzzle, a line of another
//! length, a line that is not text) ends it early, so one bad line can never
//! swallow the puzzles after it: it becomes one invalid record of its own.
//! `#` comments are skipped; separator lines (`---+---`) inside a block are
//! kept for the parser, which ignores them.
//!
//! Whether a line is whole is the library's judgement: each line is parsed
//! by [`Puzzle::parse`] in parallel ([`classify`]), and a
//! [`Error::WrongLength`] tells how many cells it has. Only the grouping
//! ([`Framer`]) runs serially.

use std::path::PathBuf;

use anyhow::Context;
use sudoku_dlx::{Error, ParseOptions, Puzzle, Shape};

use crate::batch::{Pool, read_chunk};
use crate::input::{Line, LineError, inputs};

/// What a line is, for framing.
#[derive(Debug)]
pub(crate) enum Class {
    /// A blank line: ends a block.
    Blank,
    /// A `#` comment: skipped.
    Comment,
    /// A line with no cells, such as `------+------`.
    Separator(String),
    /// A whole puzzle, or a line that can only be read as one (and failed).
    Whole(Result<Puzzle, Error>),
    /// A row of a block of `size` rows.
    Row { size: usize, text: String },
    /// A line that is not usable text.
    Bad(LineError),
}

/// Classifies one line; this is the expensive step, run in parallel.
pub(crate) fn classify(line: Line, options: &ParseOptions) -> Class {
    let text = match line.text {
        Ok(text) => text,
        Err(e) => return Class::Bad(e),
    };
    let trimmed = text.trim();
    if trimmed.is_empty() {
        return Class::Blank;
    }
    if trimmed.starts_with('#') {
        return Class::Comment;
    }
    match Puzzle::parse(&text, options) {
        Err(Error::WrongLength { found, .. }) if is_side(found, options) => {
            Class::Row { size: found, text }
        }
        Err(Error::EmptyRecord) => Class::Separator(text),
        result => Class::Whole(result),
    }
}

/// Whether `cells` cells in a line make a row of some block.
fn is_side(cells: usize, options: &ParseOptions) -> bool {
    if options.jigsaw {
        // Jigsaw puzzles carry their region map on their line.
        return false;
    }
    match options.shape {
        Some(shape) => cells == shape.size(),
        None => Shape::from_size(cells).is_ok(),
    }
}

/// A record: what the solver works on.
#[derive(Debug)]
pub(crate) struct Record {
    /// The 1-based line where it starts.
    pub(crate) line: u64,
    /// Its content.
    pub(crate) body: Body,
}

/// The content of a [`Record`].
#[derive(Debug)]
pub(crate) enum Body {
    /// A line already parsed (in [`classify`]).
    Parsed(Result<Puzzle, Error>),
    /// A block's lines, to parse as one text.
    Block(String),
    /// A line that is not usable text.
    Bad(LineError),
}

/// A block being collected.
#[derive(Debug)]
struct Block {
    line: u64,
    size: usize,
    rows: usize,
    text: String,
    /// Lines since the start, so the block's text keeps the file's line numbering.
    last_line: u64,
}

/// Groups classified lines into records; see the module docs.
#[derive(Debug, Default)]
pub(crate) struct Framer {
    block: Option<Block>,
}

impl Framer {
    /// Takes the next classified line, pushing any records it completes.
    pub(crate) fn push(&mut self, number: u64, class: Class, out: &mut Vec<Record>) {
        if let Some(block) = &mut self.block {
            match class {
                Class::Comment => {
                    block.append(number, "#");
                    return;
                }
                Class::Separator(text) => {
                    block.append(number, &text);
                    return;
                }
                Class::Row { size, text } if size == block.size => {
                    block.append(number, &text);
                    block.rows += 1;
                    if block.rows == block.size {
                        self.finish(out);
                    }
                    return;
                }
                other => {
                    self.finish(out);
                    self.push(number, other, out);
                    return;
                }
            }
        }
        let body = match class {
            Class::Blank | Class::Comment | Class::Separator(_) => return,
            Class::Whole(result) => Body::Parsed(result),
            Class::Bad(e) => Body::Bad(e),
            Class::Row { size, text } => {
                self.block = Some(Block {
                    line: number,
                    size,
                    rows: 1,
                    text,
                    last_line: number,
                });
                return;
            }
        };
        out.push(Record { line: number, body });
    }

    /// Ends the block being collected, if any (at the end of an input, say).
    pub(crate) fn finish(&mut self, out: &mut Vec<Record>) {
        if let Some(block) = self.block.take() {
            out.push(Record {
                line: block.line,
                body: Body::Block(block.text),
            });
        }
    }

    /// Whether a block is being collected.
    pub(crate) fn is_collecting(&self) -> bool {
        self.block.is_some()
    }
}

impl Block {
    /// Adds line `number`, padding with empty lines any skipped in between so
    /// that line k of the text is line `self.line + k - 1` of the input.
    fn append(&mut self, number: u64, text: &str) {
        while self.last_line + 1 < number {
            self.text.push('\n');
            self.last_line += 1;
        }
        self.text.push('\n');
        self.text.push_str(text);
        self.last_line = number;
    }
}

/// Reads the puzzle records of `files` (stdin for none or `-`) in bounded
/// chunks: each chunk's lines are classified in parallel on `pool` and framed
/// into records, which `each_chunk` gets, with the file's name and in input
/// order, before the next chunk is read. Records left in the vector are
/// dropped, so `each_chunk` should drain it (as [`Pool::map`] does).
pub(crate) fn for_each_chunk(
    files: &[PathBuf],
    options: &ParseOptions,
    pool: &Pool,
    mut each_chunk: impl FnMut(&str, &mut Vec<Record>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    let mut lines_chunk = Vec::new();
    let mut records: Vec<Record> = Vec::new();
    for input in inputs(files) {
        let input = input?;
        let name = input.name().to_owned();
        let mut lines = input.lines();
        let mut framer = Framer::default();
        loop {
            let ended = read_chunk(&mut lines, &mut lines_chunk)
                .with_context(|| format!("{name}: cannot read"))?;
            let classes = pool.map(
                &mut lines_chunk,
                || (),
                |(), line| (line.number, classify(line, options)),
            );
            for (number, class) in classes {
                framer.push(number, class, &mut records);
            }
            if ended {
                framer.finish(&mut records);
            }
            each_chunk(&name, &mut records)?;
            records.clear();
            if ended {
                break;
            }
        }
        debug_assert!(!framer.is_collecting());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(text: &str, options: &ParseOptions) -> Vec<(u64, String)> {
        let mut framer = Framer::default();
        let mut out = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let line = Line {
                number: k as u64 + 1,
                text: Ok(line.to_owned()),
            };
            let number = line.number;
            framer.push(number, classify(line, options), &mut out);
        }
        framer.finish(&mut out);
        out.into_iter()
            .map(|r| {
                let kind = match r.body {
                    Body::Parsed(Ok(_)) => "ok".to_owned(),
                    Body::Parsed(Err(e)) => format!("err {e:?}"),
                    Body::Block(t) => format!("block {}", t.lines().count()),
                    Body::Bad(e) => format!("bad {e}"),
                };
                (r.line, kind)
            })
            .collect()
    }

    #[test]
    fn lines_and_blocks_mix() {
        let text = "# 4x4s\n1234341221434321\n\n12|34\n34|12\n--+--\n# inside\n21|43\n43|21\n.234341221434321\n";
        let records = frame(text, &ParseOptions::default());
        assert_eq!(
            records,
            [
                (2, "ok".to_owned()),
                (4, "block 6".to_owned()),
                (10, "ok".to_owned())
            ]
        );
    }

    #[test]
    fn a_bad_line_never_swallows_the_next_puzzles() {
        let good = ".".repeat(81);
        let text = format!("{good}\n{} box duplicate\n{good}\n{good}\n", ".".repeat(81));
        let records = frame(&text, &ParseOptions::default());
        assert_eq!(records.len(), 4);
        assert_eq!(records[1].0, 2);
        assert!(records[1].1.starts_with("err"), "{:?}", records[1]);
        assert_eq!(records[2], (3, "ok".to_owned()));

        // A short block ends at the first line that is not one of its rows.
        let text = format!("1234\n3412\n{good}\n");
        let records = frame(&text, &ParseOptions::default());
        assert_eq!(records, [(1, "block 2".to_owned()), (3, "ok".to_owned())]);
    }
}
