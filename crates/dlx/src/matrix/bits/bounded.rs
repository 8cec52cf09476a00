//! Algorithm M's count on bitsets: multiple cover of few options, without
//! colors (secondary items allowed). A node's state is the live options as a
//! bitset, each primary item's number of live options (its list's length),
//! its remaining bound and whether it is active; the slack is static. A
//! level changes its own state in place (taking one from its item's bound,
//! covering it when that is the last, tweaking each option it tries out of
//! the state for the rest of the level); a child is a copy of its parent's
//! state with the option's other items committed, and undoing it is
//! dropping the copy.
//!
//! It walks the links' tree (`bounded.rs`, which is DLX3's) node for node:
//! the same item at every node by DLX3's rule (least `len + 1 - (bound -
//! s)` with `s` the lesser of slack and bound, then least `s`, then the
//! longer list, then the leftmost active item), its options in list order
//! (option order), the same tweaks, null moves, covers and dead ends. The
//! links give up a doomed option without entering the node below
//! (`Matrix::dooms`) where this count enters it and finds the dead end in
//! its choice: either way one node at that level, so the nodes, solutions
//! and profile are the links'.

use super::MAX_OPTIONS;
use crate::matrix::search::Search;
use crate::matrix::{CLEANSED, Matrix};
use crate::outcome::Stats;
use crate::problem::Kind;

/// Whether a count of `search`'s problem can run here: multiplicities
/// without colors, at most [`MAX_OPTIONS`] options, fewer than `2^16`
/// primary items and every upper bound below `2^15`.
pub(crate) fn fits(search: &Search) -> bool {
    let m = &search.matrix;
    search.kind() == Kind::Multiplicities
        && !search.facts.colors
        && m.option_count() <= MAX_OPTIONS
        && m.primary < u32::from(u16::MAX)
        && (1..=m.primary as usize).all(|h| m.bound[h] < 0x8000)
}

/// One level of the walk.
#[derive(Clone, Copy, Debug, Default)]
struct Level {
    /// The primary item it branches on.
    item: u16,
    /// Whether the level took the last of the item's bound (and covered it).
    covered: bool,
    /// Covered without slack: Algorithm X's level, no tweaks, no null move.
    plain: bool,
    /// The option to try next; `NULL_MOVE` for the null move, `DONE` when
    /// nothing is left.
    next: u32,
    /// The untried options left in a covered item's list (an active item's
    /// is its count).
    len: u32,
}

/// [`Level::next`]: the null move is next.
const NULL_MOVE: u32 = u32::MAX - 1;
/// [`Level::next`]: the level is done.
const DONE: u32 = u32::MAX;

/// The bitsets of a problem with multiplicities and the stack of states.
#[derive(Clone, Debug)]
pub(crate) struct BoundedBits {
    /// Words in an option set.
    words: usize,
    /// Primary items.
    primary: usize,
    /// Words in a set of primary items.
    item_words: usize,
    /// `item_options[x * words..][..words]`: the options of item `x`.
    item_options: Vec<u64>,
    /// Option `o`'s primary items: `primaries[primary_first[o]..primary_first[o + 1]]`.
    primaries: Vec<u16>,
    primary_first: Vec<u32>,
    /// Option `o`'s secondary items: `secondaries[secondary_first[o]..secondary_first[o + 1]]`.
    secondaries: Vec<u32>,
    secondary_first: Vec<u32>,
    /// Each primary item's slack (upper less lower bound).
    slack: Vec<u16>,
    /// The root state.
    root_live: Vec<u64>,
    root_counts: Vec<u16>,
    root_bounds: Vec<u16>,
    root_active: Vec<u64>,
    /// The states, one a depth: live options (`words`), counts and bounds
    /// (`primary`), active items (`item_words`).
    live: Vec<u64>,
    counts: Vec<u16>,
    bounds: Vec<u16>,
    active: Vec<u64>,
    /// Each depth's list: the live options of its item when it chose it.
    lists: Vec<u64>,
    levels: Vec<Level>,
}

impl BoundedBits {
    /// The bitsets of `search`'s problem, before any selection.
    ///
    /// # Panics
    ///
    /// If the problem does not [`fit`](fits).
    pub(crate) fn new(search: &Search) -> BoundedBits {
        assert!(fits(search), "no bitsets for this problem");
        let m: &Matrix = &search.matrix;
        let options = m.option_count();
        let items = m.headers() - 2;
        let primary = m.primary as usize;
        let words = options.div_ceil(64).max(1);
        let item_words = primary.div_ceil(64).max(1);
        let item_of = |q: u32| (m.top[q as usize] & !CLEANSED) - 1;
        let mut primaries = Vec::new();
        let mut primary_first = vec![0u32];
        let mut secondaries = Vec::new();
        let mut secondary_first = vec![0u32];
        let mut item_options = vec![0u64; items * words];
        for (o, first) in m.option_first.iter().enumerate() {
            let span = first.span();
            for q in span.first()..span.first() + span.size() {
                let x = item_of(q);
                item_options[x as usize * words + o / 64] |= 1 << (o % 64);
                if (x as usize) < primary {
                    primaries.push(u16::try_from(x).expect("fewer than 2^16 primary items"));
                } else {
                    secondaries.push(x);
                }
            }
            primary_first.push(u32::try_from(primaries.len()).expect("few nodes"));
            secondary_first.push(u32::try_from(secondaries.len()).expect("few nodes"));
        }
        let narrow = |v: u32| u16::try_from(v).expect("bounds below 2^15");
        let slack = (1..=primary).map(|h| narrow(m.slack[h])).collect();
        let root_bounds = (1..=primary).map(|h| narrow(m.bound[h])).collect();
        let root_counts = (0..primary)
            .map(|x| {
                let of_x = &item_options[x * words..(x + 1) * words];
                narrow(of_x.iter().map(|w| w.count_ones()).sum())
            })
            .collect();
        let root_live = (0..words)
            .map(|w| match options.saturating_sub(w * 64).min(64) {
                64 => u64::MAX,
                bits => (1 << bits) - 1,
            })
            .collect();
        let root_active = (0..item_words)
            .map(|w| match primary.saturating_sub(w * 64).min(64) {
                64 => u64::MAX,
                bits => (1 << bits) - 1,
            })
            .collect();
        BoundedBits {
            words,
            primary,
            item_words,
            item_options,
            primaries,
            primary_first,
            secondaries,
            secondary_first,
            slack,
            root_live,
            root_counts,
            root_bounds,
            root_active,
            live: Vec::new(),
            counts: Vec::new(),
            bounds: Vec::new(),
            active: Vec::new(),
            lists: Vec::new(),
            levels: Vec::new(),
        }
    }

    /// Makes room for depth `d`.
    fn reserve(&mut self, d: usize) {
        if self.levels.len() <= d {
            let depths = (d + 1).max(2 * self.levels.len());
            self.live.resize(depths * self.words, 0);
            self.lists.resize(depths * self.words, 0);
            self.counts.resize(depths * self.primary, 0);
            self.bounds.resize(depths * self.primary, 0);
            self.active.resize(depths * self.item_words, 0);
            self.levels.resize(depths, Level::default());
        }
    }

    /// Counts the solutions from the root into `stats` (nodes, profile,
    /// solutions), walking the links' tree. Returns the solutions.
    pub(crate) fn count(&mut self, stats: &mut Stats) -> u64 {
        let (words, primary, item_words) = (self.words, self.primary, self.item_words);
        self.reserve(0);
        self.live[..words].copy_from_slice(&self.root_live);
        self.counts[..primary].copy_from_slice(&self.root_counts);
        self.bounds[..primary].copy_from_slice(&self.root_bounds);
        self.active[..item_words].copy_from_slice(&self.root_active);
        let mut solutions = 0;
        let mut d = 0;
        loop {
            stats.count_node(d);
            let mut descended = match self.choose(d) {
                None => {
                    solutions += 1;
                    false
                }
                Some((i, degree)) if degree > 0 => {
                    self.start_level(d, i);
                    self.try_next(d)
                }
                Some(_) => false,
            };
            // Back up to a level with something left to try.
            while !descended {
                if d == 0 {
                    stats.solutions += solutions;
                    return solutions;
                }
                d -= 1;
                descended = self.try_next(d);
            }
            d += 1;
        }
    }

    /// DLX3's choice at depth `d`: the active item of least key and its
    /// degree; `None` if no primary item is active (a solution). The first
    /// item of degree 0 or less ends the walk.
    fn choose(&self, d: usize) -> Option<(usize, i64)> {
        let (p, iw) = (self.primary, self.item_words);
        let counts = &self.counts[d * p..(d + 1) * p];
        let bounds = &self.bounds[d * p..(d + 1) * p];
        let active = &self.active[d * iw..(d + 1) * iw];
        let mut best = None;
        let mut best_key = u64::MAX;
        for (w, &word) in active.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let x = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                let (len, bound) = (u64::from(counts[x]), u64::from(bounds[x]));
                let s = u64::from(self.slack[x]).min(bound);
                // Biased by 2^16 so that it is never negative; the degree,
                // then `s`, then the longer list.
                let biased = len + s + 1 + (1 << 16) - bound;
                let key = biased << 32 | s << 16 | (0xffff - len);
                if key < best_key {
                    best_key = key;
                    best = Some(x);
                    if biased <= 1 << 16 {
                        #[allow(clippy::cast_possible_wrap)]
                        return Some((x, biased as i64 - (1 << 16)));
                    }
                }
            }
        }
        #[allow(clippy::cast_possible_wrap)]
        best.map(|x| (x, (best_key >> 32) as i64 - (1 << 16)))
    }

    /// M4: level `d` branches on item `i`: takes one from its bound,
    /// covering it if that was the last.
    fn start_level(&mut self, d: usize, i: usize) {
        let (w, p) = (self.words, self.primary);
        self.bounds[d * p + i] -= 1;
        let bound = self.bounds[d * p + i];
        for k in 0..w {
            self.lists[d * w + k] = self.live[d * w + k] & self.item_options[i * w + k];
        }
        let mut len = 0;
        if bound == 0 {
            len = self.counts[d * p + i].into();
            self.clear_item(d, i);
            self.active[d * self.item_words + i / 64] &= !(1 << (i % 64));
        }
        let first = self.next_in_list(d, 0);
        self.levels[d] = Level {
            item: u16::try_from(i).expect("fewer than 2^16 primary items"),
            covered: bound == 0,
            plain: bound == 0 && self.slack[i] == 0,
            next: first,
            len,
        };
    }

    /// The first option of level `d`'s list at or after `from`, or the
    /// null move.
    fn next_in_list(&self, d: usize, from: usize) -> u32 {
        let w = self.words;
        let list = &self.lists[d * w..(d + 1) * w];
        let mut k = from / 64;
        if k >= w {
            return NULL_MOVE;
        }
        let mut word = list[k] & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                return u32::try_from(k * 64 + word.trailing_zeros() as usize)
                    .expect("few options");
            }
            k += 1;
            if k == w {
                return NULL_MOVE;
            }
            word = list[k];
        }
    }

    /// M5 and M6 at level `d`: tries its next option or null move, making
    /// the state of depth `d + 1`. Returns false if the level is done.
    fn try_next(&mut self, d: usize) -> bool {
        let (w, p, iw) = (self.words, self.primary, self.item_words);
        let level = self.levels[d];
        let i = level.item as usize;
        let x = level.next;
        if x == DONE {
            return false;
        }
        if level.plain {
            if x == NULL_MOVE {
                self.levels[d].next = DONE;
                return false;
            }
        } else {
            let bound = u32::from(self.bounds[d * p + i]);
            let len = if level.covered {
                level.len
            } else {
                u32::from(self.counts[d * p + i])
            };
            if len + u32::from(self.slack[i]) <= bound {
                self.levels[d].next = DONE;
                return false;
            }
            if x != NULL_MOVE {
                // The tweak: `x` leaves the item's list for the rest of the
                // level, and (if the item is active) every other list.
                if level.covered {
                    self.levels[d].len -= 1;
                } else {
                    self.clear_option(d, x as usize);
                }
            }
        }
        self.reserve(d + 1);
        let (from, to) = (d, d + 1);
        self.live.copy_within(from * w..to * w, to * w);
        self.counts.copy_within(from * p..to * p, to * p);
        self.bounds.copy_within(from * p..to * p, to * p);
        self.active.copy_within(from * iw..to * iw, to * iw);
        if x == NULL_MOVE {
            self.levels[d].next = DONE;
            if !level.covered {
                self.active[to * iw + i / 64] &= !(1 << (i % 64));
            }
        } else {
            self.levels[d].next = self.next_in_list(d, x as usize + 1);
            self.commit_others(to, x as usize, i);
        }
        true
    }

    /// Commits option `o`'s items other than `i` in state `d`: each primary
    /// one takes one from its bound and is covered at 0, each secondary one
    /// is covered.
    fn commit_others(&mut self, d: usize, o: usize, i: usize) {
        let p = self.primary;
        let (a, b) = (
            self.primary_first[o] as usize,
            self.primary_first[o + 1] as usize,
        );
        for k in a..b {
            let x = self.primaries[k] as usize;
            if x == i {
                continue;
            }
            self.bounds[d * p + x] -= 1;
            if self.bounds[d * p + x] == 0 {
                self.clear_item(d, x);
                self.active[d * self.item_words + x / 64] &= !(1 << (x % 64));
            }
        }
        let (a, b) = (
            self.secondary_first[o] as usize,
            self.secondary_first[o + 1] as usize,
        );
        for k in a..b {
            let x = self.secondaries[k] as usize;
            self.clear_item(d, x);
        }
    }

    /// Takes item `x`'s live options out of state `d`, counting down their
    /// primary items.
    fn clear_item(&mut self, d: usize, x: usize) {
        let w = self.words;
        for k in 0..w {
            let mut gone = self.live[d * w + k] & self.item_options[x * w + k];
            if gone == 0 {
                continue;
            }
            self.live[d * w + k] &= !gone;
            while gone != 0 {
                let o = k * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.count_down(d, o);
            }
        }
    }

    /// Takes option `o` (live) out of state `d`.
    fn clear_option(&mut self, d: usize, o: usize) {
        self.live[d * self.words + o / 64] &= !(1 << (o % 64));
        self.count_down(d, o);
    }

    /// Counts down the primary items of option `o` in state `d`.
    #[inline(always)]
    fn count_down(&mut self, d: usize, o: usize) {
        let p = self.primary;
        let (a, b) = (
            self.primary_first[o] as usize,
            self.primary_first[o + 1] as usize,
        );
        for &x in &self.primaries[a..b] {
            self.counts[d * p + x as usize] -= 1;
        }
    }
}
