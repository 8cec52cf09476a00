//! What a command tells the user on stderr besides its errors: the
//! progress bar of the batch commands (`solve`, `count`, `rate`, `canon`,
//! `generate`) and notes ([`note`]). `--quiet` ([`set_quiet`]) turns both
//! off; errors are never quiet. Nothing here is colored, so there is no
//! color for `NO_COLOR` to turn off (clap colors `--help` and usage errors
//! and honours `NO_COLOR` itself).
//!
//! It appears only when stderr is a terminal and the run has lasted
//! [`PROGRESS_DELAY`], then redraws itself a few times a second
//! ([`PROGRESS_TICK`]) even while one slow puzzle holds every count still.
//! Everything written to the terminal meanwhile goes through
//! [`Progress::write`], which takes the bar off the screen, writes, and
//! draws it again below, so that records and messages never land on the
//! bar's line.

use std::cell::Cell;
use std::io::{self, IsTerminal, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressState, ProgressStyle};

use crate::report::per_second;

/// How long a run must last before its progress bar appears, unless the
/// environment variable [`DELAY_VARIABLE`] gives another number of
/// milliseconds.
const PROGRESS_DELAY: Duration = Duration::from_millis(500);

/// The environment variable that sets the bar's delay in milliseconds (0:
/// at once), for a user who wants it on every run and for the tests, which
/// cannot rely on a run lasting half a second.
const DELAY_VARIABLE: &str = "SUDOKU_DLX_PROGRESS_DELAY_MS";

/// The delay [`DELAY_VARIABLE`] sets, or [`PROGRESS_DELAY`].
fn delay() -> Duration {
    std::env::var(DELAY_VARIABLE)
        .ok()
        .and_then(|ms| ms.trim().parse().ok())
        .map_or(PROGRESS_DELAY, Duration::from_millis)
}

/// Whether `--quiet` was given: set once by `main` before the command runs.
static QUIET: AtomicBool = AtomicBool::new(false);

/// Turns the progress bar and the notes off (`--quiet`), or on.
pub(crate) fn set_quiet(quiet: bool) {
    QUIET.store(quiet, Ordering::Relaxed);
}

/// Whether `--quiet` was given.
pub(crate) fn quiet() -> bool {
    QUIET.load(Ordering::Relaxed)
}

/// Writes `line` (and a line end) on stderr unless `--quiet` was given: a
/// note or warning that does not change the exit status. Errors go to
/// stderr directly. A failed write to stderr is ignored, as a lost note
/// must not end a run.
pub(crate) fn note(line: std::fmt::Arguments<'_>) {
    if !quiet() {
        let _ = writeln!(io::stderr(), "{line}");
    }
}

/// How often the bar is redrawn, whether or not a puzzle finished.
pub(crate) const PROGRESS_TICK: Duration = Duration::from_millis(200);

/// A progress bar on stderr counting finished units (puzzles), with their
/// rate, and once their total is known ([`Progress::count_total`]) the
/// total and the time left.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    /// What it counts, `puzzles`.
    unit: String,
    start: Instant,
    /// How long the run must last before the bar appears.
    delay: Duration,
    shown: Cell<bool>,
}

impl Progress {
    /// A bar counting `unit`s, hidden until the run proves long.
    pub(crate) fn new(unit: &str) -> Progress {
        let bar = (io::stderr().is_terminal() && !quiet()).then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            bar.set_style(style(unit, false));
            bar
        });
        Progress {
            bar,
            unit: unit.to_owned(),
            start: Instant::now(),
            delay: delay(),
            shown: Cell::new(false),
        }
    }

    /// Learns the total number of units from `total`, run on a thread of its
    /// own (it may read every input once more) and only when the bar can be
    /// drawn; from then on the bar says "N of TOTAL" and the time left. A
    /// `None` total (stdin, a pipe) leaves the bar as it is.
    pub(crate) fn count_total(&self, total: impl FnOnce() -> Option<u64> + Send + 'static) {
        let Some(bar) = &self.bar else { return };
        let (bar, unit) = (bar.clone(), self.unit.clone());
        std::thread::spawn(move || {
            if let Some(total) = total() {
                show_total(&bar, &unit, total);
            }
        });
    }

    /// Sets the total number of units, known from the start (`generate
    /// --count`): the bar says "N of TOTAL" and the time left.
    pub(crate) fn set_total(&self, total: u64) {
        if let Some(bar) = &self.bar {
            show_total(bar, &self.unit, total);
        }
    }

    /// Counts `done` more units.
    pub(crate) fn advance(&self, done: usize) {
        let Some(bar) = &self.bar else { return };
        self.tick();
        bar.inc(u64::try_from(done).unwrap_or(u64::MAX));
    }

    /// Shows the bar once the run has lasted its delay; from then
    /// on it redraws itself every [`PROGRESS_TICK`].
    pub(crate) fn tick(&self) {
        let Some(bar) = &self.bar else { return };
        if !self.shown.get() && self.start.elapsed() >= self.delay {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            bar.enable_steady_tick(PROGRESS_TICK);
            self.shown.set(true);
        }
    }

    /// Runs `write` (to stdout or stderr) with the bar off the screen.
    pub(crate) fn write<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.bar {
            Some(bar) if self.shown.get() => bar.suspend(write),
            _ => write(),
        }
    }

    /// After a signal: flushes `out`, says `message` on stderr, and removes
    /// the bar, for good.
    pub(crate) fn last_words(
        &self,
        out: &mut dyn io::Write,
        stderr: &mut dyn io::Write,
        message: &str,
    ) -> io::Result<()> {
        self.write(|| {
            out.flush()?;
            writeln!(stderr, "sudoku-dlx: {message}")
        })?;
        self.finish();
        Ok(())
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// Makes `bar`, counting `unit`s, show their `total` and the time left.
fn show_total(bar: &ProgressBar, unit: &str, total: u64) {
    bar.set_length(total);
    bar.set_style(style(unit, true));
}

/// The look of a bar counting `unit`s, with their total and the time left
/// when `with_total`.
fn style(unit: &str, with_total: bool) -> ProgressStyle {
    let template = if with_total {
        format!(
            "{{spinner}} {{human_pos}} of {{human_len}} {unit} in {{elapsed}} ({{rate}}), \
             {{eta}} left"
        )
    } else {
        format!("{{spinner}} {{human_pos}} {unit} in {{elapsed}} ({{rate}})")
    };
    ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_spinner())
        .with_key(
            "rate",
            |state: &ProgressState, out: &mut dyn std::fmt::Write| {
                let seconds = state.elapsed().as_secs_f64();
                let rate = per_second(state.pos(), seconds);
                let _ = write!(out, "{}/s", rate_text(rate));
            },
        )
}

/// A rate with the precision a reader can use: whole numbers with
/// thousands separators from 100 up (`18,812`), one decimal from 10, two
/// below (`0.35`).
fn rate_text(rate: f64) -> String {
    if !rate.is_finite() {
        return "-".to_owned();
    }
    if rate < 10.0 {
        return format!("{rate:.2}");
    }
    if rate < 100.0 {
        return format!("{rate:.1}");
    }
    // A rate is far below u64::MAX; rounding to whole units is the point.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let whole = rate.round() as u64;
    let digits = whole.to_string();
    let mut text = String::with_capacity(digits.len() + digits.len() / 3);
    for (k, digit) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            text.push(',');
        }
        text.push(digit);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_have_a_readable_precision() {
        assert_eq!(rate_text(18_811.936_2), "18,812");
        assert_eq!(rate_text(1_234_567.0), "1,234,567");
        assert_eq!(rate_text(100.0), "100");
        assert_eq!(rate_text(41.66), "41.7");
        assert_eq!(rate_text(0.354), "0.35");
        assert_eq!(rate_text(0.0), "0.00");
        assert_eq!(rate_text(f64::NAN), "-");
    }
}
