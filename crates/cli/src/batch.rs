//! Parallel work in bounded chunks, results in input order.
//!
//! Commands read a chunk of at most [`CHUNK_LINES`] lines or [`CHUNK_BYTES`]
//! bytes, hand it to [`Pool::stream`] (or [`Pool::map`]), and read the next
//! chunk. Memory is bounded by one chunk whatever the size of the input, and
//! order is kept because a chunk's results are put back by position.
//! [`Pool::stream`] hands each result on as soon as all those before it are
//! done, so output keeps pace with the work, and a signal
//! ([`crate::interrupt`]) loses nothing that was finished.

use std::io;
use std::sync::mpsc::{self, RecvTimeoutError};

use anyhow::Context;
use rayon::prelude::*;

use crate::input::{Line, Lines};
use crate::interrupt::{self, Streaming};
use crate::progress::{PROGRESS_TICK, Progress};

/// Lines per chunk: enough to keep every thread busy between the serial
/// steps (reading and writing), few enough to bound memory.
pub(crate) const CHUNK_LINES: usize = 4096;

/// Bytes of text per chunk, so that chunks of long lines stay small too.
pub(crate) const CHUNK_BYTES: usize = 8 * 1024 * 1024;

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

    /// `work` applied to every item, in parallel, each result handed to
    /// `sink` in the items' order as soon as it and all before it are done
    /// (a piece of work gets one `State` from `init`, as in [`Pool::map`]);
    /// `progress` counts the results and redraws meanwhile.
    ///
    /// On a signal ([`crate::interrupt`]) the results done so far go to
    /// `sink` in order, each unfinished item to [`Sink::unfinished`], then
    /// [`Sink::interrupted`], and the process ends without waiting for the
    /// searches still running.
    ///
    /// # Errors
    ///
    /// The first error of `sink`; the chunk's work is finished first.
    pub(crate) fn stream<T, U, S>(
        &self,
        items: &mut Vec<T>,
        init: impl Fn() -> S + Sync + Send,
        work: impl Fn(&mut S, T) -> U + Sync + Send,
        progress: &Progress,
        sink: &mut impl Sink<U>,
    ) -> anyhow::Result<()>
    where
        T: Send,
        U: Send,
    {
        let count = items.len();
        let threads = self.pool.current_num_threads().max(1);
        let piece = (count / (threads * 16)).max(1);
        let streaming = Streaming::begin();
        let (sender, receiver) = mpsc::channel::<(usize, U)>();
        let items = std::mem::take(items);
        let written = self.pool.in_place_scope(|scope| {
            scope.spawn(move |_| {
                items
                    .into_par_iter()
                    .enumerate()
                    .with_min_len(piece)
                    .map_init(init, |state, (k, item)| (k, work(state, item)))
                    // The receiver is gone only after an error of `sink`:
                    // the rest of the chunk has nowhere to go.
                    .for_each_with(sender, |sender, done| drop(sender.send(done)));
            });
            let mut done: Vec<Option<U>> = std::iter::repeat_with(|| None).take(count).collect();
            let mut next = 0;
            while next < count {
                match receiver.recv_timeout(PROGRESS_TICK) {
                    Ok((k, result)) => {
                        progress.advance(1);
                        done[k] = Some(result);
                        while let Some(result) = done.get_mut(next).and_then(Option::take) {
                            sink.take(next, result)?;
                            next += 1;
                        }
                    }
                    Err(RecvTimeoutError::Timeout) => progress.tick(),
                    // Every worker has stopped: one panicked, which the
                    // end of the scope reports.
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if interrupt::requested() {
                    for (k, result) in receiver.try_iter() {
                        done[k] = Some(result);
                    }
                    for (k, slot) in done.iter_mut().enumerate().skip(next) {
                        match slot.take() {
                            Some(result) => sink.take(k, result)?,
                            None => sink.unfinished(k)?,
                        }
                    }
                    sink.interrupted()?;
                    interrupt::exit();
                }
            }
            sink.chunk_done()
        });
        drop(streaming);
        written
    }
}

/// Where [`Pool::stream`] hands the results of a chunk, in order.
pub(crate) trait Sink<U> {
    /// The result of item `k` of the chunk.
    fn take(&mut self, k: usize, result: U) -> anyhow::Result<()>;

    /// After a signal: item `k` was not finished.
    fn unfinished(&mut self, k: usize) -> anyhow::Result<()>;

    /// After a signal, once every item was handed on: flush the output and
    /// say on stderr what was left out. The process ends next.
    fn interrupted(&mut self) -> anyhow::Result<()>;

    /// The chunk is done: flush the output, so that a signal between
    /// chunks, which ends the process at once, loses nothing.
    fn chunk_done(&mut self) -> anyhow::Result<()>;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Collects what [`Pool::stream`] hands on.
    #[derive(Default)]
    struct Collected {
        taken: Vec<(usize, usize)>,
        flushes: usize,
    }

    impl Sink<usize> for Collected {
        fn take(&mut self, k: usize, result: usize) -> anyhow::Result<()> {
            self.taken.push((k, result));
            Ok(())
        }
        fn unfinished(&mut self, k: usize) -> anyhow::Result<()> {
            panic!("no signal was sent, yet item {k} is unfinished")
        }
        fn interrupted(&mut self) -> anyhow::Result<()> {
            panic!("no signal was sent")
        }
        fn chunk_done(&mut self) -> anyhow::Result<()> {
            self.flushes += 1;
            Ok(())
        }
    }

    /// Work of uneven length, so that results come back out of order.
    fn uneven(i: usize) -> usize {
        (0..(i * 7919) % 500).fold(i, |a, b| a ^ b)
    }

    #[test]
    fn stream_hands_on_every_result_in_order() {
        let pool = Pool::new(Some(3)).unwrap();
        let progress = Progress::new("items");
        let mut sink = Collected::default();
        for chunk in [0usize, 1, 5000] {
            sink.taken.clear();
            let mut items: Vec<usize> = (0..chunk).collect();
            pool.stream(&mut items, || (), |(), i| uneven(i), &progress, &mut sink)
                .unwrap();
            assert!(items.is_empty());
            let expected: Vec<(usize, usize)> = (0..chunk).map(|i| (i, uneven(i))).collect();
            assert_eq!(sink.taken, expected);
        }
        assert_eq!(sink.flushes, 3);
    }

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
