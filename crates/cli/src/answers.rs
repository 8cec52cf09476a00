//! The answers of a batch of records (`solve`, `count`, `rate`): each
//! written in input order as soon as it and those before it are done, the
//! progress bar kept off the lines written, and on Ctrl-C every finished
//! answer written and the rest marked `!interrupted`.
//!
//! An answer too long to hold (`solve --all` on a grid with billions of
//! solutions) is a [`Streamed`] search instead, which the writer runs when
//! its turn comes, writing as it goes; a signal ends it with what it found.

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;

use sudoku_dlx::ParseOptions;
use sudoku_dlx::json::InterruptedRecord;

use crate::args::JobsArgs;
use crate::batch::{Pool, Sink};
use crate::progress::Progress;
use crate::records::{self, Record, for_each_chunk};
use crate::report::{Answer, Format, PuzzleStatus, json_line};

/// What a worker hands the writer for one record.
pub(crate) enum Reply {
    /// The answer, whole.
    Whole(Answer),
    /// A search whose answer is written as it runs.
    Streamed(Box<dyn Streamed>),
}

impl From<Answer> for Reply {
    fn from(answer: Answer) -> Reply {
        Reply::Whole(answer)
    }
}

/// A record whose answer is too long to hold, written by the writer as
/// its search runs, in its turn in input order.
pub(crate) trait Streamed: Send {
    /// Runs the search, writing the record to `out` as it goes (flushing
    /// after each piece when `flush_each`, for a terminal). A signal
    /// ([`crate::interrupt::requested`]) ends the search and the record
    /// with what it found. Returns the record's status.
    ///
    /// # Errors
    ///
    /// Writing to `out`.
    fn write(
        self: Box<Self>,
        out: &mut dyn Write,
        flush_each: bool,
    ) -> anyhow::Result<PuzzleStatus>;
}

/// Answers every record of `files` on a pool of `jobs` threads, with one
/// `W` per piece of work (a solver, say; see [`Pool::map`]), and writes the
/// answers in input order: records to `out`, messages to stderr. `each`
/// sees the status of each answer as it is written. A progress bar counts
/// the puzzles. After a signal, records not answered yet are written as
/// `!interrupted` in `format` and the process ends (see
/// [`crate::interrupt`]).
pub(crate) fn answer_all<W: Default, R: Into<Reply> + Send>(
    files: &[PathBuf],
    options: &ParseOptions,
    jobs: &JobsArgs,
    format: Format,
    out: &mut dyn Write,
    answer: impl Fn(&mut W, &str, Record) -> R + Sync + Send,
    each: impl FnMut(PuzzleStatus),
) -> anyhow::Result<()> {
    crate::interrupt::install();
    let pool = Pool::new(jobs.threads())?;
    let progress = Progress::new("puzzles");
    progress.count_total(records::counter(files, options));
    let mut sink = Answers {
        out,
        stderr: io::stderr(),
        terminal: io::stdout().is_terminal(),
        progress: &progress,
        format,
        each,
        name: String::new(),
        lines: Vec::new(),
        answered: 0,
        unfinished: 0,
    };
    for_each_chunk(files, options, |name, records| {
        name.clone_into(&mut sink.name);
        sink.lines.clear();
        sink.lines.extend(records.iter().map(|r| r.line));
        pool.stream(
            records,
            W::default,
            |workspace, record| answer(workspace, name, record),
            &progress,
            &mut sink,
        )
    })?;
    sink.out.flush()?;
    progress.finish();
    Ok(())
}

/// Where the answers of a chunk go.
struct Answers<'a, F> {
    out: &'a mut dyn Write,
    /// Not locked for the run: the bar is drawn from its own thread.
    stderr: io::Stderr,
    /// Whether stdout is a terminal: then each record is flushed as it comes.
    terminal: bool,
    progress: &'a Progress,
    format: Format,
    each: F,
    /// The chunk's file and the line of each of its records.
    name: String,
    lines: Vec<u64>,
    /// Records written and marked, for the message after a signal.
    answered: u64,
    unfinished: u64,
}

impl<F: FnMut(PuzzleStatus), R: Into<Reply>> Sink<R> for Answers<'_, F> {
    fn take(&mut self, _k: usize, reply: R) -> anyhow::Result<()> {
        let answer = match reply.into() {
            Reply::Whole(answer) => answer,
            Reply::Streamed(search) => {
                self.answered += 1;
                let (out, terminal) = (&mut *self.out, self.terminal);
                let status = self.progress.write(|| search.write(out, terminal))?;
                (self.each)(status);
                return Ok(());
            }
        };
        (self.each)(answer.status);
        self.answered += 1;
        let (out, stderr, terminal) = (&mut *self.out, &mut self.stderr, self.terminal);
        if terminal || answer.stderr.is_some() {
            self.progress.write(|| {
                answer.write(out, stderr)?;
                if terminal { out.flush() } else { Ok(()) }
            })?;
        } else {
            answer.write(out, stderr)?;
        }
        Ok(())
    }

    fn unfinished(&mut self, k: usize) -> anyhow::Result<()> {
        self.unfinished += 1;
        let line = self.lines.get(k).copied().unwrap_or(0);
        let text = interrupted_record(self.format, &self.name, line);
        self.progress
            .write(|| self.out.write_all(text.as_bytes()))?;
        Ok(())
    }

    fn interrupted(&mut self) -> anyhow::Result<()> {
        let last = self.lines.last().copied().unwrap_or(0);
        let message = format!(
            "interrupted: {} records answered, {} marked !interrupted; the input after {}:{last} was not read",
            self.answered, self.unfinished, self.name
        );
        self.progress
            .last_words(self.out, &mut self.stderr, &message)?;
        Ok(())
    }

    fn chunk_done(&mut self) -> anyhow::Result<()> {
        self.out.flush()?;
        Ok(())
    }
}

/// The answer of a puzzle whose work a signal stopped
/// ([`sudoku_dlx::Error::Stopped`]): its `!interrupted` record. The run
/// then ends with [`crate::interrupt::EXIT_STATUS`] whatever the status.
pub(crate) fn interrupted_answer(format: Format, name: &str, line: u64) -> Answer {
    Answer {
        status: PuzzleStatus::Budget,
        stdout: interrupted_record(format, name, line),
        stderr: None,
    }
}

/// The `!interrupted` record of a puzzle not finished when a signal came.
pub(crate) fn interrupted_record(format: Format, name: &str, line: u64) -> String {
    match format {
        Format::Line => "!interrupted\n".to_owned(),
        Format::Grid => "!interrupted\n\n".to_owned(),
        Format::Json => json_line(&InterruptedRecord {
            file: name,
            line,
            status: "interrupted",
        }),
    }
}
