//! Reading puzzle records from files in bounded chunks: lines from the
//! bounded reader ([`crate::input`]), grouped into records by the library's
//! [`Framer`] (one line, or an n-line block; see its docs for the rule).
//!
//! Framing only counts each line's cells, so it runs serially as the chunk
//! is read; parsing, the expensive step, happens in the workers, record by
//! record. A line that is not text (not UTF-8, or longer than
//! [`crate::input::MAX_LINE_BYTES`]) ends any block and becomes an invalid
//! record of its own, so one bad line never swallows the puzzles after it.

use std::fs;
use std::path::{Path, PathBuf};

use sudoku_dlx::{Framer, ParseOptions};

use crate::batch::read_chunk;
use crate::input::{Input, Line, LineError, check_paths, inputs};
use crate::progress;

/// A record: what the solver works on.
#[derive(Debug)]
pub(crate) struct Record {
    /// The 1-based line where it starts.
    pub(crate) line: u64,
    /// Its content.
    pub(crate) body: Body,
    /// The text after a line-format grid on its line, if any (see
    /// [`sudoku_dlx::Record::comment`]).
    pub(crate) comment: Option<String>,
}

/// The content of a [`Record`].
#[derive(Debug)]
pub(crate) enum Body {
    /// A line or a block's lines, to parse as one text.
    Text(String),
    /// A line that is not usable text.
    Bad(LineError),
}

impl From<sudoku_dlx::Record> for Record {
    fn from(record: sudoku_dlx::Record) -> Record {
        Record {
            line: u64::try_from(record.line).unwrap_or(u64::MAX),
            body: Body::Text(record.text),
            comment: record.comment,
        }
    }
}

/// Reads the puzzle records of `files` (stdin for none or `-`) in bounded
/// chunks, framed as the module docs say; `each_chunk` gets each chunk's
/// records, with the file's name and in input order, before the next chunk
/// is read. Records left in the vector are dropped, so `each_chunk` should
/// drain it (as [`crate::batch::Pool::stream`] does).
///
/// A file that fails to read (an I/O error after the paths were checked)
/// ends with the records read before the error, and the files after it are
/// still read: the error, with the file's name, is returned once every file
/// is done (several errors as one, a line each). An error of `each_chunk`
/// (a failed write) ends the run at once.
pub(crate) fn for_each_chunk(
    files: &[PathBuf],
    options: &ParseOptions,
    mut each_chunk: impl FnMut(&str, &mut Vec<Record>) -> anyhow::Result<()>,
) -> anyhow::Result<()> {
    check_paths(files)?;
    let mut lines_chunk = Vec::new();
    let mut framed: Vec<sudoku_dlx::Record> = Vec::new();
    let mut records: Vec<Record> = Vec::new();
    let mut unread: Vec<anyhow::Error> = Vec::new();
    for input in inputs(files) {
        let input = match input {
            Ok(input) => input,
            Err(e) => {
                unread.push(e);
                continue;
            }
        };
        let name = input.name().to_owned();
        let mut lines = input.lines();
        let mut framer = Framer::new(options);
        let mut hex = HexClues::default();
        loop {
            let ended = match read_chunk(&mut lines, &mut lines_chunk) {
                Ok(ended) => ended,
                Err(e) => {
                    // The lines read before the error are still framed below.
                    unread.push(anyhow::Error::new(e).context(format!("{name}: cannot read")));
                    true
                }
            };
            for line in lines_chunk.drain(..) {
                frame(&mut framer, line, &mut framed, &mut records, Some(&name));
            }
            if ended {
                records.extend(framer.finish().map(Record::from));
            }
            if options.alphabet.is_none() {
                hex.add(&records);
            }
            each_chunk(&name, &mut records)?;
            records.clear();
            if ended {
                break;
            }
        }
        if hex.zero && !hex.letter_g {
            progress::note(format_args!(
                "{name}: warning: its 16x16 puzzles hold `0` and no `G`, so `0` was read as a blank \
                 (the standard alphabet, 1-9A-G); if they are written 0-9A-F, give --alphabet hex"
            ));
        }
    }
    match unread.len() {
        0 => Ok(()),
        1 => Err(unread.remove(0)),
        n => Err(anyhow::anyhow!(
            "{n} inputs could not be read to the end:\n  {}",
            unread
                .iter()
                .map(|e| format!("{e:#}"))
                .collect::<Vec<_>>()
                .join("\n  ")
        )),
    }
}

/// Frames `line`: the records it completes (and the line itself, when it is
/// not text) go to `records`; `framed` is scratch space.
fn frame(
    framer: &mut Framer,
    line: Line,
    framed: &mut Vec<sudoku_dlx::Record>,
    records: &mut Vec<Record>,
    name: Option<&str>,
) {
    match line.text {
        Ok(text) => {
            let number = usize::try_from(line.number).unwrap_or(usize::MAX);
            framer.push(number, text, framed);
            records.extend(framed.drain(..).map(Record::from));
            for skipped in framer.skipped() {
                if let Some(name) = name {
                    note_skipped(name, &skipped);
                }
            }
        }
        Err(e) => {
            framer.interrupt(framed);
            records.extend(framed.drain(..).map(Record::from));
            records.push(Record {
                line: line.number,
                body: Body::Bad(e),
                comment: None,
            });
        }
    }
}

/// [`count`] of `files` as a job for another thread.
pub(crate) fn counter(
    files: &[PathBuf],
    options: &ParseOptions,
) -> impl FnOnce() -> Option<u64> + Send + 'static {
    let (files, options) = (files.to_vec(), options.clone());
    move || count(&files, &options)
}

/// How many records [`for_each_chunk`] will read from `files`, when every
/// one is a regular file that reads without error; `None` for stdin, a
/// pipe, or a file that fails. A second pass over the files, framing but
/// not parsing, for the progress bar's "of TOTAL": it writes no notes.
pub(crate) fn count(files: &[PathBuf], options: &ParseOptions) -> Option<u64> {
    if files.is_empty() {
        return None;
    }
    let mut total = 0;
    let mut framed = Vec::new();
    let mut records = Vec::new();
    for path in files {
        if path.as_path() == Path::new("-") || !fs::metadata(path).ok()?.is_file() {
            return None;
        }
        let mut framer = Framer::new(options);
        for line in Input::open(path).ok()?.lines() {
            frame(&mut framer, line.ok()?, &mut framed, &mut records, None);
            total += records.len();
            records.clear();
        }
        total += usize::from(framer.finish().is_some());
    }
    u64::try_from(total).ok()
}

/// Says on stderr that a line was skipped as a header or title, so that
/// no line of an input is dropped without a word.
fn note_skipped(name: &str, skipped: &sudoku_dlx::Skipped) {
    const SHOWN: usize = 60;
    let text: String = skipped.text.chars().take(SHOWN).collect();
    let more = if skipped.text.chars().count() > SHOWN {
        "..."
    } else {
        ""
    };
    progress::note(format_args!(
        "{name}:{}: note: skipped `{text}{more}`: a title or header, no puzzle",
        skipped.line
    ));
}

/// What the 16x16 records of one input hold, to tell a file written in the
/// hex alphabet (`0`-`F`) read without `--alphabet hex`: there `0` is a
/// digit and `G` never appears, while the standard alphabet reads `0` as a
/// blank, so such a file would be solved as another puzzle.
#[derive(Debug, Default)]
struct HexClues {
    /// Some 16x16 record holds `0`.
    zero: bool,
    /// Some 16x16 record holds `G`.
    letter_g: bool,
}

impl HexClues {
    /// Looks at the 16x16 records among `records`: those with 256 symbols
    /// outside comment lines.
    fn add(&mut self, records: &[Record]) {
        for record in records {
            let Body::Text(text) = &record.body else {
                continue;
            };
            if text.len() < 256 {
                continue;
            }
            let symbols = || {
                text.lines()
                    .filter(|line| !line.trim_start().starts_with('#'))
                    .flat_map(str::chars)
                    .filter(|c| !c.is_whitespace() && !matches!(c, '|' | '+' | '-'))
            };
            if symbols().count() == 256 {
                self.zero |= symbols().any(|c| c == '0');
                self.letter_g |= symbols().any(|c| c.eq_ignore_ascii_case(&'g'));
            }
        }
    }
}
