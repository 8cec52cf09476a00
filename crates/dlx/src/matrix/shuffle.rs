//! The randomized order of a seeded search: MRV ties broken at random and
//! each level's options tried in a shuffled order, owned by the search
//! (`Search::shuffle`) and used by the loops made with `R = true`
//! (`search.rs`, `bounded.rs`). The item's list itself is left as it is:
//! each level copies its options to a segment of one stack and shuffles
//! the copy (Fisher-Yates with SplitMix64), so the same seed gives the
//! same search on every platform. This file has no `unsafe` code.

#![deny(unsafe_code)]

use super::link::Link;
use crate::index::to_u32;
use crate::random::SplitMix64;

/// The options of each level's item, shuffled, stacked level after level.
#[derive(Clone, Debug)]
pub(super) struct Shuffle {
    /// The stream the order is drawn from, seeded when a search starts.
    rng: SplitMix64,
    /// The stack of shuffled options.
    shuffled: Vec<Link>,
    /// `cursor[l]`: the place in `shuffled` of the option level `l` is
    /// trying. Empty until a level is first pushed, then `depth` long.
    cursor: Vec<u32>,
    /// `segment[l]`: where level `l`'s options start in `shuffled`. Empty
    /// until a level is first pushed, then `depth` long.
    segment: Vec<u32>,
    /// The most levels a search has.
    depth: usize,
}

impl Shuffle {
    /// An empty stack for a search of at most `depth` levels. Its arrays
    /// are made by the first level pushed: most solvers never search with
    /// a seed, and a small problem's solver is made for one search (two
    /// allocations and their frees were about a twentieth of a 6x7
    /// matrix's count from Python).
    pub(super) fn new(depth: usize) -> Shuffle {
        Shuffle {
            rng: SplitMix64::new(0),
            shuffled: Vec::new(),
            cursor: Vec::new(),
            segment: Vec::new(),
            depth,
        }
    }

    /// Starts the stream again from `seed`.
    pub(super) fn reseed(&mut self, seed: u64) {
        self.rng = SplitMix64::new(seed);
    }

    /// The stream, for breaking ties.
    pub(super) fn rng(&mut self) -> &mut SplitMix64 {
        &mut self.rng
    }

    /// Stacks `options` for level `l`, shuffled, and points its cursor at
    /// the first.
    pub(super) fn push_level(&mut self, l: usize, options: impl Iterator<Item = Link>) {
        if self.segment.is_empty() {
            // Every other method reads level `l` only after it was pushed.
            self.segment.resize(self.depth, 0);
            self.cursor.resize(self.depth, 0);
        }
        let start = self.shuffled.len();
        self.segment[l] = to_u32(start);
        self.cursor[l] = to_u32(start);
        self.shuffled.extend(options);
        self.rng.shuffle(&mut self.shuffled[start..]);
    }

    /// The option level `l` is trying, or `None` once all are tried.
    #[inline(always)]
    pub(super) fn current(&self, l: usize) -> Option<Link> {
        self.shuffled.get(self.cursor[l] as usize).copied()
    }

    /// Moves level `l` on to its next option.
    #[inline(always)]
    pub(super) fn next(&mut self, l: usize) {
        self.cursor[l] += 1;
    }

    /// The options level `l` has tried, in the order it tried them.
    pub(super) fn tried(&self, l: usize) -> &[Link] {
        &self.shuffled[self.segment[l] as usize..self.cursor[l] as usize]
    }

    /// Drops level `l`'s options (and any above it) from the stack.
    #[inline(always)]
    pub(super) fn pop_level(&mut self, l: usize) {
        self.shuffled.truncate(self.segment[l] as usize);
    }

    /// Empties the stack.
    pub(super) fn clear(&mut self) {
        self.shuffled.clear();
    }
}
