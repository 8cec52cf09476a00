//! Parallel work in bounded chunks, results in input order, and the
//! progress bar.
//!
//! Commands read a chunk of at most [`CHUNK_LINES`] lines or [`CHUNK_BYTES`]
//! bytes, hand it to [`Pool::map`], write the results, and read the next
//! chunk. Memory is bounded by one chunk whatever the size of the input, and
//! order is kept because a chunk's results are collected by position.

use std::cell::Cell;
use std::io::{self, IsTerminal};
use std::time::{Duration, Instant};

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;

use crate::input::{Line, Lines};

/// Lines per chunk: enough to keep every thread busy between the serial
/// steps (reading and writing), few enough to bound memory.
pub(crate) const CHUNK_LINES: usize = 4096;

/// Bytes of text per chunk, so that chunks of long lines stay small too.
pub(crate) const CHUNK_BYTES: usize = 8 * 1024 * 1024;

/// How long a run must last before its progress bar appears.
const PROGRESS_DELAY: Duration = Duration::from_millis(500);

/// Something that takes memory in a chunk.
pub(crate) trait Weighed {
    /// About how many bytes it holds.
    fn weight(&self) -> usize;
}

impl Weighed for Line {
    fn weight(&self) -> usize {
        self.text.as_ref().map_or(64, String::len)
    }
}

/// Reads the next chunk of lines into `chunk` (emptied first). Returns
/// whether the input has ended.
pub(crate) fn read_chunk(lines: &mut Lines, chunk: &mut Vec<Line>) -> io::Result<bool> {
    chunk.clear();
    let mut bytes = 0;
    while chunk.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
        match lines.next() {
            Some(line) => {
                let line = line?;
                bytes += line.weight();
                chunk.push(line);
            }
            None => return Ok(true),
        }
    }
    Ok(false)
}

/// The worker threads.
pub(crate) struct Pool {
    pool: rayon::ThreadPool,
}

impl Pool {
    /// A pool of `jobs` threads, or one per core when `None`.
    pub(crate) fn new(jobs: Option<usize>) -> anyhow::Result<Pool> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(jobs.unwrap_or(0))
            .thread_name(|i| format!("sudoku-dlx-worker-{i}"))
            .build()
            .context("cannot start the worker threads")?;
        Ok(Pool { pool })
    }

    /// `work` applied to every item, in parallel, results in the items'
    /// order. Each piece of work a thread takes gets one `State` from
    /// `init` (a solver, say), reused for all the items of the piece.
    pub(crate) fn map<T, U, S>(
        &self,
        items: &mut Vec<T>,
        init: impl Fn() -> S + Sync + Send,
        work: impl Fn(&mut S, T) -> U + Sync + Send,
    ) -> Vec<U>
    where
        T: Send,
        U: Send,
    {
        let threads = self.pool.current_num_threads().max(1);
        // Pieces of a few dozen items: small enough for threads to balance
        // hard and easy puzzles, large enough that `init` is rare.
        let piece = (items.len() / (threads * 16)).max(1);
        self.pool.install(|| {
            items
                .par_drain(..)
                .with_min_len(piece)
                .map_init(init, work)
                .collect()
        })
    }
}

/// A progress bar on stderr, shown only when stderr is a terminal and only
/// once the run has lasted [`PROGRESS_DELAY`]; stdout is never touched.
pub(crate) struct Progress {
    bar: Option<ProgressBar>,
    start: Instant,
    shown: Cell<bool>,
}

impl Progress {
    /// A bar counting `unit`s, hidden until the run proves long.
    pub(crate) fn new(unit: &str) -> Progress {
        let bar = io::stderr().is_terminal().then(|| {
            let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::hidden());
            let template = format!("{{spinner}} {{human_pos}} {unit} in {{elapsed}} ({{per_sec}})");
            if let Ok(style) = ProgressStyle::with_template(&template) {
                bar.set_style(style);
            }
            bar
        });
        Progress {
            bar,
            start: Instant::now(),
            shown: Cell::new(false),
        }
    }

    /// Counts `done` more units.
    pub(crate) fn advance(&self, done: usize) {
        let Some(bar) = &self.bar else { return };
        if !self.shown.get() && self.start.elapsed() >= PROGRESS_DELAY {
            bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown.set(true);
        }
        bar.inc(u64::try_from(done).unwrap_or(u64::MAX));
    }

    /// Removes the bar.
    pub(crate) fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn map_keeps_order_and_reuses_state() {
        let pool = Pool::new(Some(2)).unwrap();
        let mut items: Vec<usize> = (0..10_000).collect();
        let out = pool.map(
            &mut items,
            || 0usize,
            |calls, i| {
                *calls += 1;
                (i * 3, *calls)
            },
        );
        assert!(items.is_empty());
        assert_eq!(
            out.iter().map(|&(v, _)| v).collect::<Vec<_>>(),
            (0..10_000).map(|i| i * 3).collect::<Vec<_>>()
        );
        // States are reused: far fewer than one per item.
        assert!(out.iter().filter(|&&(_, calls)| calls == 1).count() < 1000);
    }
}
