//! Reading input: files or stdin.

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};
use std::path::Path;

use anyhow::Context;

/// The UTF-8 byte order mark, which some editors put at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// One input: a file, or stdin when the path is `-`.
pub(crate) struct Input {
    /// The name messages use: the path as given, or `<stdin>`.
    name: String,
    reader: Box<dyn BufRead + Send>,
}

impl Input {
    /// Opens `path`, or stdin for `-`.
    pub(crate) fn open(path: &Path) -> anyhow::Result<Input> {
        if path == Path::new("-") {
            return Ok(Input::stdin());
        }
        let file = File::open(path).with_context(|| format!("{}: cannot open", path.display()))?;
        Ok(Input {
            name: path.display().to_string(),
            reader: Box::new(BufReader::with_capacity(64 * 1024, file)),
        })
    }

    /// Standard input.
    pub(crate) fn stdin() -> Input {
        Input {
            name: "<stdin>".to_owned(),
            reader: Box::new(BufReader::with_capacity(64 * 1024, io::stdin())),
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
