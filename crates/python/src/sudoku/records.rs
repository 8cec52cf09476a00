//! Reading a file of puzzles: every record, the bad ones as errors with
//! their position in the file, none dropped. The records are framed by the
//! library's [`Framer`], the rule the CLI reads by; the lines are read as
//! the CLI reads them (a UTF-8 byte-order mark and `\r\n` accepted, a line
//! that is not UTF-8 or is longer than [`MAX_LINE_BYTES`] a bad record of
//! its own, comments of any length skipped).

use pyo3::prelude::*;
use sudoku_dlx::{Alphabet, Framer, ParseOptions, Puzzle, Record};

use crate::errors::parse_error;
use crate::sudoku::puzzle::{NativePuzzle, parse_options, variants_of};

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

/// Every record of `data` (the bytes of a file called `name`), read with
/// the options of `Puzzle.parse`.
#[pyfunction]
#[pyo3(signature = (data, name, size, box_shape, alphabet, x, windoku, anti_king, anti_knight, jigsaw, killer, disjoint_cages))]
#[allow(clippy::too_many_arguments, clippy::fn_params_excessive_bools)]
pub(crate) fn sudoku_read(
    py: Python<'_>,
    data: &[u8],
    name: &str,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    alphabet: Option<&str>,
    x: bool,
    windoku: bool,
    anti_king: bool,
    anti_knight: bool,
    jigsaw: bool,
    killer: bool,
    disjoint_cages: bool,
) -> PyResult<Vec<Read>> {
    let options = parse_options(
        py,
        size,
        box_shape,
        alphabet,
        variants_of(x, windoku, anti_king, anti_knight),
        jigsaw,
        killer,
        disjoint_cages,
    )?;
    let data = data.strip_prefix(b"\xef\xbb\xbf").unwrap_or(data);
    let mut framer = Framer::new(&options);
    let mut framed: Vec<Record> = Vec::new();
    let mut reads: Vec<Read> = Vec::new();
    let flush = |framed: &mut Vec<Record>, reads: &mut Vec<Read>| {
        for record in framed.drain(..) {
            reads.push(parse_record(py, name, record, &options));
        }
    };
    let mut lines: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    for (k, bytes) in lines.into_iter().enumerate() {
        let number = k + 1;
        let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
        match bad_line(bytes) {
            Some(_) if is_comment(bytes) => framer.push(number, "#", &mut framed),
            Some((column, reason)) => {
                framer.interrupt(&mut framed);
                flush(&mut framed, &mut reads);
                let error = located(py, name, number, Some(column), &reason);
                reads.push((number, None, Some(error), None));
            }
            None => {
                let line = String::from_utf8_lossy(bytes);
                framer.push(number, line.as_ref(), &mut framed);
            }
        }
        flush(&mut framed, &mut reads);
        // Headers and titles hold no puzzle: the CLI notes them on stderr,
        // a library caller has no use for them.
        framer.skipped().for_each(drop);
    }
    framed.extend(framer.finish());
    flush(&mut framed, &mut reads);
    Ok(reads)
}
