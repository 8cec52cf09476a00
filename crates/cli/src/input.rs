//! Reading input: files or stdin, as whole texts or as bounded lines.
//!
//! Nothing here trusts the bytes it reads. A line is at most
//! [`MAX_LINE_BYTES`] long in memory however long it is on disk, and a line
//! that is too long or not UTF-8 comes back as a [`LineError`] value with its
//! position, for the caller to report as an invalid record.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::{Path, PathBuf};

use anyhow::Context;

/// The longest line kept in memory. A 64x64 jigsaw puzzle written as
/// space-separated numbers with its region map takes about 25 KiB; anything
/// much longer is not a puzzle, and keeping it would let one line exhaust memory.
pub(crate) const MAX_LINE_BYTES: usize = 64 * 1024;

/// How far a line over its limit is read on, looking for its end, before
/// the reading of its input stops: the rest of a long line is skipped so
/// that the lines after it are read, but a line with no end (`/dev/zero`)
/// must not keep the reader busy forever.
pub(crate) const MAX_SKIPPED_BYTES: u64 = 16 * 1024 * 1024;

/// The UTF-8 byte order mark, which some editors put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One input: a file, or stdin when the path is `-`.
pub(crate) struct Input {
    /// The name messages use: the path as given, or `<stdin>`.
    name: String,
    reader: BufReader<Box<dyn Read + Send>>,
    /// Whether a read may wait for bytes still to come (a pipe, a
    /// terminal), rather than find them all there (a regular file).
    waits: bool,
}

impl Input {
    /// Opens `path`, or stdin for `-`.
    pub(crate) fn open(path: &Path) -> anyhow::Result<Input> {
        if path == Path::new("-") {
            return Ok(Input::stdin());
        }
        let file = File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
        // A named pipe (`<(...)`, a FIFO) waits as stdin does.
        let waits = !file.metadata().is_ok_and(|m| m.is_file());
        Ok(Input {
            name: path.display().to_string(),
            reader: BufReader::with_capacity(64 * 1024, Box::new(file)),
            waits,
        })
    }

    /// Standard input.
    pub(crate) fn stdin() -> Input {
        Input {
            name: "<stdin>".to_owned(),
            reader: BufReader::with_capacity(64 * 1024, Box::new(io::stdin())),
            waits: !stdin_is_a_file(),
        }
    }

    /// The name to use in messages.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }

    /// Reads the whole input as text, for formats that describe one problem
    /// per file.
    ///
    /// # Errors
    ///
    /// An I/O error, or [`TextError::NotUtf8`] with the line and column of the
    /// first byte that is not UTF-8.
    pub(crate) fn read_text(mut self) -> Result<String, TextError> {
        let mut bytes = Vec::new();
        self.reader.read_to_end(&mut bytes).map_err(TextError::Io)?;
        let body = bytes.strip_prefix(BOM).unwrap_or(&bytes);
        match std::str::from_utf8(body) {
            Ok(text) => Ok(text.to_owned()),
            Err(e) => {
                let valid = &body[..e.valid_up_to()];
                let line = 1 + valid.iter().filter(|&&b| b == b'\n').count();
                let line_start = valid.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1);
                let column = 1 + String::from_utf8_lossy(&valid[line_start..])
                    .chars()
                    .count();
                Err(TextError::NotUtf8 {
                    line,
                    column,
                    byte: body.get(e.valid_up_to()).copied().unwrap_or(0),
                })
            }
        }
    }

    /// The input's lines, one at a time, each at most [`MAX_LINE_BYTES`]
    /// long unless it is a `#` comment.
    pub(crate) fn lines(self) -> Lines {
        self.lines_bounded(MAX_LINE_BYTES, b'#', false)
    }

    /// The input's lines, each at most `max` bytes unless its first
    /// non-blank byte is `comment` (a comment is kept, cut at `max`); with
    /// `stop`, the reading ends at the first line over `max` bytes, as soon
    /// as it is over, so that an endless line (`/dev/zero`) ends it too.
    pub(crate) fn lines_bounded(self, max: usize, comment: u8, stop: bool) -> Lines {
        Lines {
            input: self,
            number: 0,
            buf: Vec::new(),
            max,
            comment,
            stop,
            ended: false,
        }
    }
}

/// Whether stdin is a regular file (`< puzzles.txt`), whose bytes are all
/// there, rather than a pipe or terminal.
fn stdin_is_a_file() -> bool {
    #[cfg(unix)]
    let handle = std::os::fd::AsFd::as_fd(&io::stdin()).try_clone_to_owned();
    #[cfg(windows)]
    let handle = std::os::windows::io::AsHandle::as_handle(&io::stdin()).try_clone_to_owned();
    #[cfg(any(unix, windows))]
    return handle
        .map(File::from)
        .and_then(|file| file.metadata())
        .is_ok_and(|m| m.is_file());
    #[cfg(not(any(unix, windows)))]
    false
}

/// Why a whole-text input could not be read.
#[derive(Debug)]
pub(crate) enum TextError {
    /// The input could not be read.
    Io(io::Error),
    /// The input is not UTF-8 text.
    NotUtf8 {
        /// 1-based line of the first bad byte.
        line: usize,
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
        /// The bad byte.
        byte: u8,
    },
}

/// One line of input, without its line ending (`\n` or `\r\n`).
#[derive(Debug)]
pub(crate) struct Line {
    /// 1-based line number in its input.
    pub(crate) number: u64,
    /// The text, or why it is not usable text.
    pub(crate) text: Result<String, LineError>,
}

/// Why a line is not usable text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineError {
    /// The line is longer than the reader's limit ([`MAX_LINE_BYTES`] for
    /// puzzles).
    TooLong {
        /// Its length in bytes, without the line ending (as far as it was
        /// read, when the reading stopped there).
        bytes: u64,
        /// The limit.
        limit: usize,
    },
    /// The line is longer than the limit and went on past
    /// [`MAX_SKIPPED_BYTES`] without an end: the reading of its input
    /// stopped there.
    Endless {
        /// Its length in bytes as far as it was read.
        bytes: u64,
        /// The limit.
        limit: usize,
    },
    /// The line holds a byte sequence that is not UTF-8.
    NotUtf8 {
        /// 1-based column (in characters) of the first bad byte.
        column: usize,
        /// The first bad byte.
        byte: u8,
    },
}

impl LineError {
    /// The 1-based column the error points at.
    pub(crate) fn column(&self) -> usize {
        match self {
            LineError::TooLong { limit, .. } | LineError::Endless { limit, .. } => limit + 1,
            LineError::NotUtf8 { column, .. } => *column,
        }
    }
}

impl std::fmt::Display for LineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LineError::TooLong { bytes, limit } => write!(
                f,
                "line is {bytes} bytes long, more than the {limit} a puzzle can take"
            ),
            LineError::Endless { bytes, limit } => write!(
                f,
                "line is more than {bytes} bytes long with no end, more than the {limit} a puzzle \
                 can take; the reading of this input stopped here"
            ),
            LineError::NotUtf8 { byte, .. } => {
                write!(f, "byte 0x{byte:02X} is not UTF-8 text; puzzles are text")
            }
        }
    }
}

/// The lines of an [`Input`]; see [`Input::lines`].
pub(crate) struct Lines {
    input: Input,
    number: u64,
    buf: Vec<u8>,
    /// The longest line kept.
    max: usize,
    /// The first byte of a comment line, which may be longer.
    comment: u8,
    /// Whether a line over `max` that is no comment ends the reading.
    stop: bool,
    /// Whether the reading has stopped at a line with no end in sight.
    ended: bool,
}

/// Whether `bytes` (a line's start) begin, after blanks, with `comment`.
fn is_comment_start(bytes: &[u8], comment: u8) -> bool {
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == comment)
}

impl Lines {
    /// Whether the next line can be read without waiting: always from a
    /// regular file; from a pipe or terminal, when a whole line is already
    /// buffered. A batch answers what it has rather than wait (a puzzle
    /// typed at a terminal gets its answer at once), while a file is read
    /// in full chunks.
    pub(crate) fn ready(&self) -> bool {
        !self.input.waits || self.input.reader.buffer().contains(&b'\n')
    }

    /// Reads up to the next `\n`, keeping at most [`MAX_LINE_BYTES`] of it in
    /// `buf`. Returns the line's full length, or `None` at the end of input.
    fn read_bounded(&mut self) -> io::Result<Option<u64>> {
        self.buf.clear();
        let mut length: u64 = 0;
        let mut seen_any = false;
        loop {
            let available = match self.input.reader.fill_buf() {
                Ok(a) => a,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                return Ok(seen_any.then_some(length));
            }
            seen_any = true;
            let newline = available.iter().position(|&b| b == b'\n');
            let take = newline.unwrap_or(available.len());
            let room = (self.max + 1).saturating_sub(self.buf.len());
            self.buf.extend_from_slice(&available[..take.min(room)]);
            length += take as u64;
            let consumed = newline.map_or(take, |n| n + 1);
            self.input.reader.consume(consumed);
            if newline.is_some() {
                return Ok(Some(length));
            }
            if self.stop && self.buf.len() > self.max && !is_comment_start(&self.buf, self.comment)
            {
                return Ok(Some(length));
            }
            if length > MAX_SKIPPED_BYTES && !is_comment_start(&self.buf, self.comment) {
                self.ended = true;
                return Ok(Some(length));
            }
        }
    }
}

impl Iterator for Lines {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        if self.ended {
            return None;
        }
        let length = match self.read_bounded() {
            Ok(Some(length)) => length,
            Ok(None) => return None,
            Err(e) => return Some(Err(e)),
        };
        self.number += 1;
        let mut bytes = self.buf.as_slice();
        if bytes.last() == Some(&b'\r') && length == bytes.len() as u64 {
            bytes = &bytes[..bytes.len() - 1];
        }
        if self.number == 1 {
            bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
        }
        let text = if bytes.len() > self.max && is_comment_start(bytes, self.comment) {
            // A comment however long: its text is never read, so the part
            // kept stands for it and the framer skips it.
            Ok(String::from_utf8_lossy(&bytes[..self.max]).into_owned())
        } else if self.ended {
            Err(LineError::Endless {
                bytes: length,
                limit: self.max,
            })
        } else if bytes.len() > self.max {
            Err(LineError::TooLong {
                bytes: length,
                limit: self.max,
            })
        } else {
            match std::str::from_utf8(bytes) {
                Ok(text) => Ok(text.to_owned()),
                Err(e) => {
                    let valid = &bytes[..e.valid_up_to()];
                    Err(LineError::NotUtf8 {
                        column: 1 + String::from_utf8_lossy(valid).chars().count(),
                        byte: bytes.get(e.valid_up_to()).copied().unwrap_or(0),
                    })
                }
            }
        };
        Some(Ok(Line {
            number: self.number,
            text,
        }))
    }
}

/// Checks that every path of `paths` (but `-`, stdin) can be opened for
/// reading, before any is read, as ripgrep does: a missing file fails the
/// command (status 2) before it prints a record, whatever its place in the
/// list. The error names every path that cannot be opened.
pub(crate) fn check_paths(paths: &[PathBuf]) -> anyhow::Result<()> {
    let problems: Vec<String> = paths
        .iter()
        .filter(|path| path.as_path() != Path::new("-"))
        .filter_map(|path| {
            let problem = match File::open(path).and_then(|file| file.metadata()) {
                Ok(metadata) if metadata.is_dir() => "is a directory".to_owned(),
                Ok(_) => return None,
                Err(e) => format!("cannot open: {e}"),
            };
            Some(format!("{}: {problem}", path.display()))
        })
        .collect();
    match problems.as_slice() {
        [] => Ok(()),
        [one] => Err(anyhow::anyhow!("{one}")),
        _ => Err(anyhow::anyhow!(
            "{} inputs cannot be read; nothing was read:\n  {}",
            problems.len(),
            problems.join("\n  ")
        )),
    }
}

/// The inputs named on the command line, opened one after another; stdin
/// when there are none.
pub(crate) fn inputs(paths: &[PathBuf]) -> impl Iterator<Item = anyhow::Result<Input>> + '_ {
    let stdin = paths.is_empty().then(Input::stdin);
    stdin
        .into_iter()
        .map(Ok)
        .chain(paths.iter().map(|p| Input::open(p)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(bytes: &[u8]) -> Vec<(u64, Result<String, LineError>)> {
        let input = Input {
            name: "test".into(),
            reader: BufReader::new(Box::new(io::Cursor::new(bytes.to_vec()))),
            waits: false,
        };
        input
            .lines()
            .map(|l| {
                l.map(|l| (l.number, l.text))
                    .expect("no I/O error on a cursor")
            })
            .collect()
    }

    #[test]
    fn splits_lines_and_strips_crlf_and_bom() {
        let lines = lines_of(b"\xEF\xBB\xBFab\r\ncd\n\nlast");
        let texts: Vec<_> = lines.iter().map(|(n, t)| (*n, t.clone().ok())).collect();
        assert_eq!(
            texts,
            [
                (1, Some("ab".into())),
                (2, Some("cd".into())),
                (3, Some(String::new())),
                (4, Some("last".into()))
            ]
        );
        assert!(lines_of(b"").is_empty());
    }

    #[test]
    fn long_and_binary_lines_are_errors_with_positions() {
        let mut long = vec![b'1'; MAX_LINE_BYTES * 3];
        long.extend_from_slice(b"\nok\n");
        let lines = lines_of(&long);
        assert_eq!(
            lines[0].1,
            Err(LineError::TooLong {
                bytes: (MAX_LINE_BYTES * 3) as u64,
                limit: MAX_LINE_BYTES,
            })
        );
        assert_eq!(lines[1], (2, Ok("ok".into())));

        let lines = lines_of(b"\xC3\xA9.\xFFx\n");
        assert_eq!(
            lines[0].1,
            Err(LineError::NotUtf8 {
                column: 3,
                byte: 0xFF
            })
        );
    }

    #[test]
    fn a_comment_line_of_any_length_stays_a_comment() {
        let mut long = b"  # ".to_vec();
        long.extend(vec![b'x'; MAX_LINE_BYTES * 2]);
        long.extend_from_slice(b"\nok\n");
        let lines = lines_of(&long);
        let first = lines[0].1.as_ref().expect("a comment is text");
        assert!(first.trim_start().starts_with('#') && first.len() == MAX_LINE_BYTES);
        assert_eq!(lines[1], (2, Ok("ok".into())));
    }

    /// A regression test: an endless line (`/dev/zero`) kept the reader
    /// busy forever; now the reading stops past [`MAX_SKIPPED_BYTES`]
    /// with an error naming the line.
    #[test]
    fn an_endless_line_stops_the_reading() {
        let endless = io::repeat(0).take(MAX_SKIPPED_BYTES * 4);
        let input = Input {
            name: "zero".into(),
            reader: BufReader::new(Box::new(endless)),
            waits: false,
        };
        let lines: Vec<_> = input.lines().map(Result::unwrap).collect();
        assert_eq!(lines.len(), 1);
        assert!(
            matches!(lines[0].text, Err(LineError::Endless { bytes, .. }) if bytes <= MAX_SKIPPED_BYTES * 2),
            "{:?}",
            lines[0].text
        );
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept() {
        let mut line = vec![b'.'; MAX_LINE_BYTES];
        line.extend_from_slice(b"\r\n");
        let lines = lines_of(&line);
        assert_eq!(lines[0].1.as_ref().map(String::len), Ok(MAX_LINE_BYTES));
    }
}
