//! Thread pools kept from one count on several threads to the next.
//!
//! A thread started for a count was put on the calling thread's core about
//! every other time (Linux 6.1 on two cores): it waited there a few
//! milliseconds while the other core idled, so a count of a few
//! milliseconds ran on one core in half the calls. A woken thread of a
//! kept pool goes to the idle core (docs/decisions/bitset-threads.md,
//! "Threads that stay"). The queued counts (`job_queue.rs`) take a pool of
//! one thread fewer than the cores, the calling thread being the last; the
//! links' threads (`work_sharing.rs`) one of as many threads as they run,
//! the calling thread waiting.
//!
//! A pool serves one count at a time ([`KeptPool::claim`]): a count that
//! found its helpers busy with another count (a long count on one thread of
//! a program and a short one on another) would wait in the pool's queue
//! until the other ended, so it starts its own threads instead.
//!
//! A pool belongs to the process that made it: a child made by `fork`
//! (Python's `multiprocessing` on Linux) has none of its threads, and would
//! wait for ever on jobs handed to them, so it makes its own. The parent's
//! pools are left alone there (dropping one would signal threads the child
//! does not have).

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::progress::lock;

/// A pool made at the first count that wanted its size, and never dropped.
pub(crate) struct KeptPool {
    pool: rayon::ThreadPool,
    in_use: AtomicBool,
}

/// One count's use of a kept pool, given back when dropped.
pub(crate) struct PoolClaim(&'static KeptPool);

impl PoolClaim {
    /// The claimed pool.
    pub(crate) fn pool(&self) -> &'static rayon::ThreadPool {
        &self.0.pool
    }
}

impl Drop for PoolClaim {
    fn drop(&mut self) {
        self.0.in_use.store(false, Ordering::Release);
    }
}

impl KeptPool {
    /// This process's pool of `threads` threads, made now if it has none
    /// (`None` for no threads, for more threads than the machine has cores,
    /// or if the system refuses them). A count asking for more threads than
    /// cores starts its own, as before pools were kept, so that such
    /// requests leave no idle threads behind for the rest of the process.
    pub(crate) fn of(threads: usize) -> Option<&'static KeptPool> {
        type Pools = Vec<(u32, usize, Option<&'static KeptPool>)>;
        static POOLS: Mutex<Pools> = Mutex::new(Vec::new());
        if threads == 0 || threads > crate::parallel::cores() {
            return None;
        }
        let pid = std::process::id();
        let mut pools = lock(&POOLS);
        // Another process's pools (this one is a forked child) are not ours.
        pools.retain(|&(owner, _, _)| owner == pid);
        if let Some(&(_, _, made)) = pools.iter().find(|&&(_, size, _)| size == threads) {
            return made;
        }
        let made = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("dlx-count-{i}"))
            .build()
            .ok()
            .map(|pool| {
                &*Box::leak(Box::new(KeptPool {
                    pool,
                    in_use: AtomicBool::new(false),
                }))
            });
        pools.push((pid, threads, made));
        made
    }

    /// The pool for one count, or `None` while another count has it.
    pub(crate) fn claim(&'static self) -> Option<PoolClaim> {
        self.in_use
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .ok()
            .map(|_| PoolClaim(self))
    }
}

/// A kept pool of `threads` threads for one count, if this process has or
/// can make one and no other count is using it.
pub(crate) fn claim(threads: usize) -> Option<PoolClaim> {
    KeptPool::of(threads)?.claim()
}
