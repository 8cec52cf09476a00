//! Reading a file of puzzles: every record, the bad ones as errors with
//! their position in the file, none dropped. The records are framed by the
//! library's [`Framer`], the rule the CLI reads by; the lines are read as
//! the CLI reads them (a UTF-8 byte-order mark and `\r\n` accepted, a line
//! that is not UTF-8 or is longer than [`MAX_LINE_BYTES`] a bad record of
//! its own, comments of any length skipped).

use std::collections::VecDeque;
use std::fs::File;
use std::io::{self, BufRead, BufReader, Cursor};
use std::path::PathBuf;
use std::sync::{Mutex, PoisonError};

use pyo3::exceptions::PyOSError;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use sudoku_dlx::{Alphabet, Framer, ParseOptions, Puzzle, Record};

use crate::errors::parse_error;
use crate::sudoku::puzzle::{NativePuzzle, ReadOptions};

/// The longest line that can hold a puzzle, as in the CLI: a line-format
/// 64x64 puzzle in numbers is well under it.
const MAX_LINE_BYTES: usize = 64 * 1024;

/// One record: its first line, the puzzle or the error, its comment.
type Read = (usize, Option<NativePuzzle>, Option<PyErr>, Option<String>);

/// A bad line or record of `name` as a `ParseError`: `NAME:LINE:COL:
/// REASON`, with `line` and `column` set.
fn located(py: Python<'_>, name: &str, line: usize, column: Option<usize>, reason: &str) -> PyErr {
    let message = match column {
        Some(column) => format!("{name}:{line}:{column}: {reason}"),
        None => format!("{name}:{line}: {reason}"),
    };
    parse_error(py, message, Some(line), column)
}

/// Why `bytes`, a line without its ending, cannot hold a puzzle: too long,
/// or not UTF-8 (with the column of the first bad byte).
fn bad_line(bytes: &[u8]) -> Option<(usize, String)> {
    if bytes.len() > MAX_LINE_BYTES {
        return Some((
            MAX_LINE_BYTES + 1,
            format!(
                "the line is {} bytes long, longer than {MAX_LINE_BYTES} bytes, the longest a puzzle line may be",
                bytes.len()
            ),
        ));
    }
    match std::str::from_utf8(bytes) {
        Ok(_) => None,
        Err(e) => {
            let good = &bytes[..e.valid_up_to()];
            let column = String::from_utf8_lossy(good).chars().count() + 1;
            Some((
                column,
                format!(
                    "the line is not UTF-8 text (byte 0x{:02x})",
                    bytes[e.valid_up_to()]
                ),
            ))
        }
    }
}

/// Whether `bytes` is a comment line (`#` first), skipped however long.
fn is_comment(bytes: &[u8]) -> bool {
    bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'#')
}

/// Parses a framed record: its puzzle, or its error placed in the file.
fn parse_record(py: Python<'_>, name: &str, record: Record, options: &ParseOptions) -> Read {
    let alphabet = options.alphabet.unwrap_or(Alphabet::Standard);
    match Puzzle::parse(&record.text, options) {
        Ok(puzzle) => (
            record.line,
            Some(NativePuzzle::new(puzzle)),
            None,
            record.comment,
        ),
        Err(e) => {
            let (line, column, reason) = match e.line_column() {
                Some((line, column)) => {
                    let reason = match e.cell() {
                        Some(cell) => format!("{cell}: {}", e.reason()),
                        None => e.reason().to_string(),
                    };
                    (record.line + line.saturating_sub(1), Some(column), reason)
                }
                None => (record.line, None, e.describe(alphabet)),
            };
            let error = located(py, name, line, column, &reason);
            (record.line, None, Some(error), record.comment)
        }
    }
}

/// The records of a file or of text, read as they come (a line at a time,
/// framed as soon as a record is whole), so that a file of any size reads
/// in memory for a record or two: `read_puzzles`'s iterator.
#[pyclass(module = "sudoku_dlx._native")]
pub(crate) struct RecordReader {
    state: Mutex<Reading>,
}

/// Where a [`RecordReader`] is in its input.
struct Reading {
    input: Box<dyn BufRead + Send>,
    /// The file's name in messages (or `<string>`).
    name: String,
    options: ParseOptions,
    framer: Framer,
    /// Records read and not yet handed out, in order.
    ready: VecDeque<Read>,
    /// Lines read so far: the number of the last one.
    lines: usize,
    /// The input has ended and the framer is emptied.
    ended: bool,
    /// The line being read, reused.
    line: Vec<u8>,
}

impl Reading {
    /// Reads one line (or the end) and frames what it completes.
    fn step(&mut self, py: Python<'_>) -> PyResult<()> {
        self.line.clear();
        let read = self
            .input
            .read_until(b'\n', &mut self.line)
            .map_err(|e| PyOSError::new_err(format!("{}: {e}", self.name)))?;
        let mut framed: Vec<Record> = Vec::new();
        if read == 0 {
            framed.extend(self.framer.finish());
            self.ended = true;
        } else {
            self.lines += 1;
            let number = self.lines;
            let mut bytes = self.line.strip_suffix(b"\n").unwrap_or(&self.line);
            if number == 1 {
                bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
            }
            let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
            match bad_line(bytes) {
                Some(_) if is_comment(bytes) => self.framer.push(number, "#", &mut framed),
                Some((column, reason)) => {
                    self.framer.interrupt(&mut framed);
                    self.parse(py, &mut framed);
                    let error = located(py, &self.name, number, Some(column), &reason);
                    self.ready.push_back((number, None, Some(error), None));
                }
                None => {
                    let line = String::from_utf8_lossy(bytes);
                    self.framer.push(number, line.as_ref(), &mut framed);
                }
            }
            // Headers and titles hold no puzzle: the CLI notes them on
            // stderr, a library caller has no use for them.
            self.framer.skipped().for_each(drop);
        }
        self.parse(py, &mut framed);
        Ok(())
    }

    /// Parses the records of `framed` into `ready`.
    fn parse(&mut self, py: Python<'_>, framed: &mut Vec<Record>) {
        for record in framed.drain(..) {
            let read = parse_record(py, &self.name, record, &self.options);
            self.ready.push_back(read);
        }
    }
}

#[pymethods]
impl RecordReader {
    /// Reads the file at `path`, or else `data` (text's bytes), called
    /// `name` in messages, with the options of `Puzzle.parse`. The file is
    /// opened here, so a missing one raises at once.
    #[new]
    #[pyo3(signature = (path, data, name, options))]
    fn new(
        py: Python<'_>,
        path: Option<PathBuf>,
        data: Option<&Bound<'_, PyBytes>>,
        name: String,
        options: ReadOptions,
    ) -> PyResult<Self> {
        let options = options.parse_options(py)?;
        let input: Box<dyn BufRead + Send> = match path {
            Some(path) => {
                // io's error as Python's (FileNotFoundError...), naming the file.
                let file = File::open(&path)
                    .map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", path.display())))?;
                Box::new(BufReader::new(file))
            }
            None => Box::new(Cursor::new(
                data.map(|d| d.as_bytes().to_vec()).unwrap_or_default(),
            )),
        };
        Ok(RecordReader {
            state: Mutex::new(Reading {
                input,
                name,
                framer: Framer::new(&options),
                options,
                ready: VecDeque::new(),
                lines: 0,
                ended: false,
                line: Vec::new(),
            }),
        })
    }

    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    /// The next record: its first line, the puzzle or the error, its comment.
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<Read>> {
        let mut reading = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        loop {
            if let Some(read) = reading.ready.pop_front() {
                return Ok(Some(read));
            }
            if reading.ended {
                return Ok(None);
            }
            reading.step(py)?;
        }
    }
}
