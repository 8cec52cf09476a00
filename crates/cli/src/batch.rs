//! Parallel work in bounded chunks, results in input order.
//!
//! Commands read a chunk of at most [`CHUNK_LINES`] lines or [`CHUNK_BYTES`]
//! bytes, hand it to [`Pool::stream`] (or [`Pool::map`]), and read the next
//! chunk. Memory is bounded by one chunk whatever the size of the input, and
//! order is kept because a chunk's results are put back by position.
//! [`Pool::stream`] hands each result on once all those before it are done
//! (within a few milliseconds: see [`PAUSE`]), so output keeps pace with
//! the work, and a signal ([`crate::interrupt`]) loses nothing that was
//! finished.

use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};

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

/// Reads the next chunk of lines into `chunk` (emptied first): full, or,
/// from a pipe or terminal, the lines there are once the next has not come
/// yet ([`Lines::ready`]), so that each record is answered as soon as its
/// input is complete rather than when the chunk fills. Returns whether the
/// input has ended.
pub(crate) fn read_chunk(lines: &mut Lines, chunk: &mut Vec<Line>) -> io::Result<bool> {
    chunk.clear();
    let mut bytes = 0;
    while chunk.len() < CHUNK_LINES && bytes < CHUNK_BYTES {
        if !chunk.is_empty() && !lines.ready() {
            return Ok(false);
        }
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
    /// [`Sink::interrupted`], and the process ends. No item starts after
    /// the signal; the ones running get up to [`GRACE`] to finish (a
    /// `solve` or `count` search stops at the signal within a few thousand
    /// nodes and hands over what it found), and the process does not wait
    /// for the rest (`rate` and `explain` cannot be stopped, and a hard
    /// puzzle can take long).
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
        let shared = Shared {
            slots: Mutex::new(Slots {
                done: std::iter::repeat_with(|| None).take(count).collect(),
                finished: 0,
                next: 0,
                waiting: Waiting::No,
                aborted: false,
            }),
            ready: Condvar::new(),
            running: AtomicUsize::new(0),
        };
        let items = std::mem::take(items);
        let written = self.pool.in_place_scope(|scope| {
            let shared = &shared;
            scope.spawn(move |_| {
                // Tells the writer if a worker panics (the scope then
                // rethrows it), so that it does not wait for that result.
                let _abort = AbortOnPanic(shared);
                items
                    .into_par_iter()
                    .enumerate()
                    .with_min_len(piece)
                    .for_each_init(init, |state, (k, item)| {
                        // Counted before the look at the signal, so that
                        // the writer, once it has seen the signal, sees
                        // every item that started.
                        shared.running.fetch_add(1, Ordering::SeqCst);
                        if !interrupt::requested() {
                            let result = work(state, item);
                            shared.put(k, result, count);
                        }
                        shared.running.fetch_sub(1, Ordering::SeqCst);
                    });
            });
            let mut next = 0;
            let mut seen = 0;
            let mut ready = Vec::new();
            while next < count {
                let first = next;
                let pause = next > 0;
                let (finished, aborted) = shared.wait_and_take(&mut next, &mut ready, pause);
                if finished > seen {
                    progress.advance(finished - seen);
                    seen = finished;
                } else {
                    progress.tick();
                }
                for (k, result) in (first..).zip(ready.drain(..)) {
                    sink.take(k, result)?;
                }
                if interrupt::requested() {
                    let grace = Instant::now() + GRACE;
                    while shared.running.load(Ordering::SeqCst) > 0 && Instant::now() < grace {
                        std::thread::sleep(GRACE / 100);
                    }
                    // Taken, not drained: a search still running may yet
                    // put its result, which is then dropped.
                    let rest: Vec<Option<U>> = shared.lock().done[next..]
                        .iter_mut()
                        .map(Option::take)
                        .collect();
                    for (k, slot) in (next..).zip(rest) {
                        match slot {
                            Some(result) => sink.take(k, result)?,
                            None => sink.unfinished(k)?,
                        }
                    }
                    sink.interrupted()?;
                    interrupt::exit();
                }
                if aborted {
                    // The end of the scope reports the panic.
                    break;
                }
            }
            sink.chunk_done()
        });
        drop(streaming);
        written
    }
}

/// The results of a chunk as the workers finish them, for the writer.
struct Slots<U> {
    /// Result k, once done and until the writer takes it.
    done: Vec<Option<U>>,
    /// How many are done.
    finished: usize,
    /// The writer's next result: the one it waits for.
    next: usize,
    /// What the writer sleeps until.
    waiting: Waiting,
    /// Whether a worker panicked.
    aborted: bool,
}

/// [`Slots`] and the writer's wake-up call. A lock per result costs far
/// less than a channel message and a wake-up per result, which took a
/// quarter more CPU time on the 17-clue puzzles; and unlike a batch sent
/// when done, every finished result is in sight of the writer when a
/// signal comes.
struct Shared<U> {
    slots: Mutex<Slots<U>>,
    ready: Condvar,
    /// Items being worked on, for the writer's [`GRACE`] after a signal.
    running: AtomicUsize,
}

/// How long the writer waits after a signal for the items being worked on:
/// a search of `solve` or `count`, a rating, an explanation or a puzzle
/// being made stops within milliseconds (their stop is [`interrupt::stop`]).
const GRACE: Duration = Duration::from_millis(500);

impl<U> Shared<U> {
    fn lock(&self) -> MutexGuard<'_, Slots<U>> {
        // Slots are plain data: a panic while holding them (there is no
        // code that can panic under the lock) leaves nothing half-written.
        self.slots.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A worker's result `k` of `count`; wakes the writer if it waits for it.
    fn put(&self, k: usize, result: U, count: usize) {
        let mut slots = self.lock();
        slots.done[k] = Some(result);
        slots.finished += 1;
        let wake = match slots.waiting {
            Waiting::No => false,
            Waiting::Next => k == slots.next || slots.finished == count,
            Waiting::Pause => slots.finished == count,
        };
        if wake {
            slots.waiting = Waiting::No;
            self.ready.notify_one();
        }
    }

    /// The writer: waits up to a tick for result `next` (after a pause
    /// when `pause`), then moves it and those done after it, in order, to
    /// `ready`, advancing `next`. Returns how many results are done and
    /// whether a worker panicked.
    fn wait_and_take(&self, next: &mut usize, ready: &mut Vec<U>, pause: bool) -> (usize, bool) {
        let mut slots = self.lock();
        let mut waiting = if pause { Waiting::Pause } else { Waiting::Next };
        while slots.done.get(*next).is_some_and(Option::is_none)
            && !slots.aborted
            && !interrupt::requested()
            && waiting != Waiting::No
        {
            slots.next = *next;
            slots.waiting = waiting;
            let time = if waiting == Waiting::Pause {
                PAUSE
            } else {
                PROGRESS_TICK
            };
            let timeout;
            (slots, timeout) = match self.ready.wait_timeout(slots, time) {
                Ok(woken) => woken,
                Err(poisoned) => poisoned.into_inner(),
            };
            slots.waiting = Waiting::No;
            // After a pause, wait for `next` itself; after a tick, go and
            // redraw the bar.
            waiting = match waiting {
                Waiting::Pause if timeout.timed_out() => Waiting::Next,
                _ => Waiting::No,
            };
        }
        while let Some(result) = slots.done.get_mut(*next).and_then(Option::take) {
            ready.push(result);
            *next += 1;
        }
        (slots.finished, slots.aborted)
    }
}

/// What the writer of [`Pool::stream`] sleeps until.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Waiting {
    /// It does not sleep.
    No,
    /// Its next result is done (or the chunk, or a tick has passed).
    Next,
    /// The chunk is done or [`PAUSE`] has passed: after writing, the
    /// writer lets results gather, so that fast puzzles cost one wake-up
    /// per pause rather than one each.
    Pause,
}

/// How long the writer lets results gather after writing: short beside
/// what a person notices, long beside a fast puzzle.
const PAUSE: std::time::Duration = std::time::Duration::from_millis(5);

/// Marks the chunk aborted, and wakes the writer, if dropped in a panic.
struct AbortOnPanic<'a, U>(&'a Shared<U>);

impl<U> Drop for AbortOnPanic<'_, U> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.lock().aborted = true;
            self.0.ready.notify_one();
        }
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
