//! `cover --jobs N`: one exact-cover search on several threads (or on one,
//! [`alone`]), with a progress bar on stderr while it runs.
//!
//! The engine does the work (`Dlx::count_parallel` and
//! `for_each_solution_parallel`); here the solutions its threads find are
//! sent, already formatted, to the calling thread, the only one that writes
//! to stdout, through a bounded channel (so a slow reader slows the search
//! rather than filling memory), and a third thread redraws the bar from the
//! engine's [`Progress`].

use std::io::{self, IsTerminal, Write};
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, mpsc};
use std::time::{Duration, Instant};

use dlx_engine::{Count, Dlx, First, Parallel, Problem, Progress, Solution};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::interrupt;

/// How long a search must last before its progress bar appears.
const BAR_DELAY: Duration = Duration::from_millis(500);

/// How often the bar is redrawn.
const BAR_TICK: Duration = Duration::from_millis(200);

/// Formatted solutions in flight between the search and the writer.
const CHANNEL_SOLUTIONS: usize = 1024;

/// How a threaded search runs.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Threads {
    /// Threads; `None` for one per core.
    pub(crate) jobs: Option<usize>,
    /// Show a progress bar (when stderr is a terminal).
    pub(crate) bar: bool,
}

impl Threads {
    /// The engine's settings, reporting into `progress`.
    fn parallel(self, progress: &Arc<Progress>) -> Parallel {
        let parallel = Parallel::new().with_progress(Arc::clone(progress));
        match self.jobs {
            Some(jobs) => parallel.with_threads(jobs),
            None => parallel,
        }
    }
}

/// Counts the solutions (up to `limit`) on threads; `solver.stats()` then
/// holds the statistics summed over them.
pub(crate) fn count(solver: &mut Dlx, limit: Option<u64>, threads: Threads) -> Count {
    let progress = Arc::new(Progress::new());
    let parallel = threads.parallel(&progress);
    with_bar(threads.bar, &progress, || {
        solver.count_parallel(&parallel, limit)
    })
}

/// The first solution in search order, found on threads (the one the
/// single-threaded search finds first); `solver.stats()` then holds the
/// statistics summed over the threads.
pub(crate) fn first(solver: &mut Dlx, threads: Threads) -> First {
    let progress = Arc::new(Progress::new());
    let parallel = threads.parallel(&progress).deterministic(true);
    with_bar(threads.bar, &progress, || {
        solver.first_solution_parallel(&parallel)
    })
}

/// A first solution from two searches racing from the two ends of the tree
/// (`Dlx::first_solution_race`; on one thread, the search-order first);
/// `solver.stats()` then holds the statistics summed over both.
pub(crate) fn race(solver: &mut Dlx, problem: &Problem, threads: Threads) -> First {
    let progress = Arc::new(Progress::new());
    let parallel = threads.parallel(&progress);
    with_bar(threads.bar, &progress, || {
        solver.first_solution_race(problem, &parallel)
    })
}

/// Runs `search` on the calling thread (a seeded search, or a listing in
/// search order) with the engine reporting into a [`Progress`] every few
/// thousand nodes ([`Dlx::set_progress`]): the bar shows it as for a
/// search on threads, and Ctrl-C stops it the same way.
pub(crate) fn alone<T>(solver: &mut Dlx, bar: bool, search: impl FnOnce(&mut Dlx) -> T) -> T {
    let progress = Arc::new(Progress::new());
    solver.set_progress(Some(Arc::clone(&progress)));
    let result = with_bar(bar, &progress, || search(solver));
    solver.set_progress(None);
    result
}

/// Finds solutions on threads (at most `limit`, in any order) and writes
/// each to `out` as `format` puts it; returns how many were written.
///
/// # Errors
///
/// The first error writing to `out`; the search stops then.
pub(crate) fn list<F>(
    solver: &mut Dlx,
    limit: Option<u64>,
    threads: Threads,
    out: &mut dyn Write,
    format: F,
) -> io::Result<Count>
where
    F: Fn(Solution<'_>, &mut String) + Sync,
{
    let progress = Arc::new(Progress::new());
    let parallel = threads.parallel(&progress);
    let (sender, receiver) = mpsc::sync_channel::<String>(CHANNEL_SOLUTIONS);
    std::thread::scope(|scope| {
        let search = scope.spawn(|| {
            let sender = sender;
            with_bar(threads.bar, &progress, || {
                solver.for_each_solution_parallel(&parallel, limit, |solution| {
                    let mut text = String::new();
                    format(solution, &mut text);
                    match sender.send(text) {
                        Ok(()) => ControlFlow::Continue(()),
                        // The writer met an error and stopped reading.
                        Err(_) => ControlFlow::Break(()),
                    }
                })
            })
        });
        let mut written = Ok(());
        for text in &receiver {
            written = out.write_all(text.as_bytes());
            if written.is_err() {
                break;
            }
        }
        drop(receiver);
        let count = search
            .join()
            .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        written.map(|()| count)
    })
}

/// Runs `search`, showing the bar meanwhile if `bar` and stderr is a
/// terminal: Knuth's estimate of the part of the tree done, the solutions
/// so far and the time left at the rate so far. A Ctrl-C meanwhile stops
/// the search ([`interrupt::Watch`]), which then returns what it found.
fn with_bar<T>(bar: bool, progress: &Arc<Progress>, search: impl FnOnce() -> T) -> T {
    let _watch = interrupt::Watch::begin(progress);
    if !bar || !io::stderr().is_terminal() {
        return search();
    }
    let done = AtomicBool::new(false);
    std::thread::scope(|scope| {
        scope.spawn(|| draw(progress, &done));
        let result = search();
        done.store(true, Ordering::Relaxed);
        result
    })
}

/// Redraws the bar from `progress` until `done`.
fn draw(progress: &Progress, done: &AtomicBool) {
    const STEPS: u64 = 10_000;
    let start = Instant::now();
    let bar = ProgressBar::with_draw_target(Some(STEPS), ProgressDrawTarget::hidden());
    if let Ok(style) =
        ProgressStyle::with_template("{spinner} {elapsed:>4} [{wide_bar}] {percent:>3}% {msg}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    let mut shown = false;
    while !done.load(Ordering::Relaxed) {
        std::thread::sleep(BAR_TICK);
        let elapsed = start.elapsed();
        if !shown && elapsed >= BAR_DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            shown = true;
        }
        let fraction = progress.fraction();
        // Truncation is the point: a position in whole steps.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        bar.set_position((fraction * STEPS as f64) as u64);
        let left = if fraction > 0.0 {
            let seconds = elapsed.as_secs_f64() * (1.0 - fraction) / fraction;
            format!("about {} left", human_duration(seconds))
        } else {
            "time left unknown".to_owned()
        };
        bar.set_message(format!(
            "{} solutions, {} nodes, {left}",
            progress.solutions(),
            progress.nodes()
        ));
    }
    bar.finish_and_clear();
}

/// `seconds` as `1h02m`, `3m05s` or `12s`.
fn human_duration(seconds: f64) -> String {
    if !seconds.is_finite() || seconds > 1e9 {
        return "a very long time".to_owned();
    }
    // Whole seconds are all a user plans by.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let s = seconds.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, s / 60 % 60),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_like_a_clock() {
        assert_eq!(human_duration(0.4), "0s");
        assert_eq!(human_duration(59.6), "1m00s");
        assert_eq!(human_duration(185.0), "3m05s");
        assert_eq!(human_duration(3720.0), "1h02m");
        assert_eq!(human_duration(f64::INFINITY), "a very long time");
    }
}
