//! Algorithm M's count on bitsets: multiple cover of few options, without
//! colors (secondary items allowed). A node's state is the live options as a
//! bitset, the active primary items as a bitset, and for each primary item
//! a key (`key` below) that holds its number of live options (its list's
//! length) and its remaining bound as DLX3's choice compares them; the
//! slack is static. A level changes its own state in place (taking one from
//! its item's bound, covering the item when that is the last, tweaking each
//! option it tries out of the state for the rest of the level); a child is
//! a copy of its parent's state with the option's other items committed,
//! and undoing it is dropping the copy (docs/decisions/bitset-m-count.md).
//! A level's last move (its null move, or the last option of a level
//! without one) changes the level's state in place instead: nothing reads
//! that state again (`BoundedBits::bases`). The count is compiled for
//! options of 1 to 9 words, so that a set is a fixed number of words
//! (`BoundedBits::w`), and for any number.
//!
//! It walks the links' tree (`bounded.rs`, which is DLX3's) node for node:
//! the same item at every node by DLX3's rule (least `len + 1 - (bound -
//! s)` with `s` the lesser of slack and bound, then least `s`, then the
//! longer list, then the leftmost active item), its options in list order
//! (option order), the same tweaks, null moves, covers and dead ends. The
//! links give up a doomed option without entering the node below
//! (`Matrix::dooms`) where this count enters it and finds the dead end in
//! its choice: either way one node at that level, so the nodes, solutions
//! and profile are the links'. Its updates are DLX3's exactly: each option
//! hidden counts its items less one, each item covered one, a tweak the
//! nodes it unlinks (every covering whole, no leaves counted at once).

#![allow(unsafe_code)]

use crate::matrix::search::Search;
use crate::matrix::{CLEANSED, Counter, Matrix, NoReport, PauseAt, Report};
use crate::outcome::{Budget, End, Stats};

/// Whether a count of `search`'s problem can run here: the chooser's
/// `path::bounded_bits_fit` (its facts), before any selection.
pub(crate) fn fits(search: &Search) -> bool {
    search.facts.bounded_bits_fit
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
    /// The option to try next; [`NULL_MOVE`] for the null move, [`DONE`]
    /// when nothing is left.
    next: u32,
    /// The untried options left in a covered item's list (an active item's
    /// is in its key).
    len: u32,
    /// The option (or [`NULL_MOVE`]) the level's child took, for the
    /// progress estimate.
    current: u32,
}

/// [`Level::next`]: the null move is next.
const NULL_MOVE: u32 = u32::MAX - 1;
/// [`Level::next`]: the level is done.
const DONE: u32 = u32::MAX;

/// The bitsets of a problem with multiplicities and the stack of states.
///
/// (P): every entry of `primaries` is below `primary`, so that counting
/// down an option's items indexes the keys without a check (debug builds
/// assert it there; with the check, queendom 7 4 ran 428 M instructions
/// instead of 310 M).
///
/// (A): a state's active bits are only ever primary items (the root sets
/// the first `primary`, the walk only clears them), so the choice indexes
/// the keys by them without a check (on redrect 4x4 the check and the
/// bound's test cost 430.33 M instructions against 420.00 M).
///
/// (R): every depth the count reads or writes is below `levels.len()`
/// (it reserves depth `d + 1` before making it), `lists`, `bases` and
/// `levels` hold that many depths and `state` that many states, and
/// `bases[d] <= d * stride`: depth `d`'s list and state lie in their
/// vectors.
///
/// (O): an option's index is a bit of a live set or a list, and only the
/// first `options` bits are ever set (the root's), so it indexes
/// `primary_first` and `secondary_first` (`options + 1` long) and
/// `hide_updates`; an item's comes from `primaries`, `secondaries`, a
/// level or an active bit, so it indexes `item_options` (and, primary,
/// `slack`).
///
/// With (P) and (A) these let the count's loop index without bounds checks
/// ([`at`], [`at_mut`], [`span`], [`span_mut`]; debug builds check every
/// index): on redrect 4x4 the checks, and the vectors' lengths they load
/// again after each store, took the count from 249.95 M instructions to
/// 346.19 M, and from 0.43 of DLX3's time to 0.50.
#[derive(Clone, Debug)]
pub(crate) struct BoundedBits {
    /// Words in an option set.
    words: usize,
    /// Primary items.
    primary: usize,
    /// `item_options[x * words..][..words]`: the options of item `x` (every
    /// item, primary and secondary).
    item_options: Vec<u64>,
    /// Option `o`'s primary items: `primaries[primary_first[o]..primary_first[o + 1]]`.
    primaries: Vec<u16>,
    primary_first: Vec<u32>,
    /// Option `o`'s secondary items: `secondaries[secondary_first[o]..secondary_first[o + 1]]`.
    secondaries: Vec<u32>,
    secondary_first: Vec<u32>,
    /// The updates of hiding option `o`, as Knuth counts them: its items
    /// less the one whose list is being covered.
    hide_updates: Vec<u32>,
    /// Each primary item's slack (upper less lower bound).
    slack: Vec<u16>,
    /// Words of a state's sets: the live options (`words`), then the
    /// active primary items.
    set_words: usize,
    /// Words of a state: the sets, then each primary item's key.
    stride: usize,
    /// How many primary items every option has, if all have as many and
    /// no primary item has slack, else 0; and the level at which a node
    /// can have only leaves below (the links' `Leaves`).
    leaf_width: u32,
    leaf_level: usize,
    /// The root state.
    root: Vec<u64>,
    /// The states, one a depth, `stride` words each: the sets
    /// (`set_words`), then each primary item's key ([`key`], `primary` of
    /// them).
    state: Vec<u64>,
    /// Each depth's list: the live options of its item when it chose it.
    lists: Vec<u64>,
    levels: Vec<Level>,
    /// Where each depth's state starts in `state`: a depth made by its
    /// level's last move shares its parent's.
    bases: Vec<usize>,
    /// Where a count in pieces stopped ([`count_piece`](Self::count_piece)),
    /// if one did: the states above are its search's.
    paused: Option<Box<Place>>,
}

/// Where a count stands: its loop's locals before it enters a node at
/// depth `d` (the states, lists and levels above are in [`BoundedBits`]).
#[derive(Clone, Debug)]
struct Place {
    d: usize,
    updates: u64,
    solutions: u64,
    profile: Vec<u64>,
}

/// The count without a budget: the chooser keeps counts under one on the
/// links (`Dlx::counts_on_bounded_bits`), and no split (one thread).
impl Counter for BoundedBits {
    fn count<R: Report>(
        &mut self,
        _search: &Search,
        limit: u64,
        budget: Budget,
        stats: &mut Stats,
        report: &mut R,
    ) -> End {
        debug_assert_eq!(budget, Budget::UNLIMITED);
        self.paused = None;
        let place = self.begin();
        self.resume(place, limit, stats, report).0
    }
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
        let mut hide_updates = Vec::with_capacity(options);
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
            hide_updates.push(span.size() - 1);
            primary_first.push(u32::try_from(primaries.len()).expect("few nodes"));
            secondary_first.push(u32::try_from(secondaries.len()).expect("few nodes"));
        }
        let narrow = |v: u32| u16::try_from(v).expect("bounds below 2^15");
        let slack = (1..=primary).map(|h| narrow(m.slack[h])).collect();
        let ones = |n: usize, w: usize| match n.saturating_sub(w * 64).min(64) {
            64 => u64::MAX,
            bits => (1 << bits) - 1,
        };
        let mut root: Vec<u64> = (0..words).map(|w| ones(options, w)).collect();
        root.extend((0..item_words).map(|w| ones(primary, w)));
        root.extend((0..primary).map(|x| {
            let of_x = &item_options[x * words..(x + 1) * words];
            let count: u32 = of_x.iter().map(|w| w.count_ones()).sum();
            key::of(
                narrow(u32::try_from(x).expect("fewer than 2^16 primary items")),
                narrow(count),
                narrow(m.bound[x + 1]),
                narrow(m.slack[x + 1]),
            )
        }));
        BoundedBits {
            words,
            primary,
            item_options,
            primaries,
            primary_first,
            secondaries,
            secondary_first,
            hide_updates,
            slack,
            set_words: words + item_words,
            stride: words + item_words + primary,
            leaf_width: search.leaves.width(),
            leaf_level: search.leaves.whole_level(),
            root,
            state: Vec::new(),
            lists: Vec::new(),
            levels: Vec::new(),
            bases: Vec::new(),
            paused: None,
        }
    }

    /// The words of an option set: `W`, or for `W` 0 the problem's.
    #[inline(always)]
    fn w<const W: usize>(&self) -> usize {
        debug_assert!(W == 0 || W == self.words);
        if W == 0 { self.words } else { W }
    }

    /// Makes room for depth `d`.
    #[inline(always)]
    fn reserve(&mut self, d: usize) {
        if self.levels.len() <= d {
            self.grow(d);
        }
    }

    /// [`reserve`](Self::reserve)'s growth, doubling.
    #[cold]
    fn grow(&mut self, d: usize) {
        let depths = (d + 1).max(2 * self.levels.len());
        self.state.resize(depths * self.stride, 0);
        self.lists.resize(depths * self.words, 0);
        self.levels.resize(depths, Level::default());
        self.bases.resize(depths, 0);
    }

    /// One piece of a count in pieces (`Dlx::counting`): goes on from the
    /// pause the last piece stopped at, if there is one, else begins at the
    /// root, and stops before the node that would make more than `pause`
    /// nodes in all (`u64::MAX`: no pause). `None` when it paused there;
    /// else why the count ended. `stats` holds the whole count's statistics
    /// so far. Cells' `Resumable::count_piece`, without the budget and the
    /// subproblems these bitsets do not take.
    pub(crate) fn count_piece(&mut self, limit: u64, pause: u64, stats: &mut Stats) -> Option<End> {
        let place = match self.paused.take() {
            Some(place) => *place,
            None => self.begin(),
        };
        let (end, place) = if pause == u64::MAX {
            self.resume(place, limit, stats, &mut NoReport)
        } else {
            let mut at = PauseAt::new(pause, place.profile.iter().sum());
            self.resume(place, limit, stats, &mut at)
        };
        if end == End::Stopped {
            self.paused = Some(Box::new(place));
            return None;
        }
        Some(end)
    }

    /// Gives up the count paused by [`count_piece`](Self::count_piece), if
    /// there is one.
    pub(crate) fn give_up_paused(&mut self) {
        self.paused = None;
    }

    /// Knuth's estimate of the part of the tree done by the paused count,
    /// if there is one.
    pub(crate) fn paused_progress(&self) -> Option<f64> {
        self.paused.as_deref().map(|place| self.done(place.d))
    }

    /// The root's state, and a count's place before it enters the root.
    fn begin(&mut self) -> Place {
        self.reserve(0);
        self.state[..self.stride].copy_from_slice(&self.root);
        self.bases[0] = 0;
        Place {
            d: 0,
            updates: 0,
            solutions: 0,
            profile: vec![0u64; self.levels.len().max(self.primary + 2)],
        }
    }

    /// Counts on from `place` ([`count_from`](Self::count_from)), compiled
    /// for the problem's words of options.
    fn resume<R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        match self.words {
            1 => self.count_from::<1, R>(place, limit, stats, report),
            2 => self.count_from::<2, R>(place, limit, stats, report),
            3 => self.count_from::<3, R>(place, limit, stats, report),
            4 => self.count_from::<4, R>(place, limit, stats, report),
            5 => self.count_from::<5, R>(place, limit, stats, report),
            6 => self.count_from::<6, R>(place, limit, stats, report),
            7 => self.count_from::<7, R>(place, limit, stats, report),
            8 => self.count_from::<8, R>(place, limit, stats, report),
            9 => self.count_from::<9, R>(place, limit, stats, report),
            _ => self.count_from::<0, R>(place, limit, stats, report),
        }
    }

    /// Counts the solutions from `place` (the root's, or where a count
    /// stopped), at most `limit` of them in all (never 0), reporting into
    /// `report` every [`Report::chunk`] nodes, into `stats` (nodes,
    /// profile, solutions, and DLX3's updates, the whole count's). Returns
    /// why it ended ([`End::Exhausted`], [`End::LimitReached`] or
    /// [`End::Stopped`] by the report) and where it stands: before the node
    /// it would enter next if stopped.
    fn count_from<const W: usize, R: Report>(
        &mut self,
        place: Place,
        limit: u64,
        stats: &mut Stats,
        report: &mut R,
    ) -> (End, Place) {
        debug_assert!(limit > 0);
        debug_assert!(!R::CUT, "no split on these bitsets");
        // Locals, not fields: a store into `self` would make the loop load
        // the vectors' bases again.
        let Place {
            mut d,
            mut updates,
            mut solutions,
            mut profile,
        } = place;
        let mut until_report = 1u64;
        let end = 'enter: loop {
            if R::ON {
                until_report -= 1;
                if until_report == 0 {
                    until_report = report.chunk();
                    let nodes = profile.iter().sum();
                    if report.report(nodes, solutions, self.done(d)) {
                        break End::Stopped;
                    }
                }
            }
            if profile.len() <= d {
                profile.resize(2 * d, 0);
            }
            profile[d] += 1;
            let mut descended = match self.choose::<W>(d) {
                None => {
                    solutions += 1;
                    if solutions == limit {
                        break End::LimitReached;
                    }
                    false
                }
                Some((i, degree)) if degree > 0 => {
                    // SAFETY: (R) for depth `d`, (A) for the item chosen.
                    let leaves = u64::from(key::len(unsafe {
                        at(&self.state, at(&self.bases, d) + self.set_words + i)
                    }));
                    if d == self.leaf_level
                        && leaves < limit - solutions
                        && self.only_leaves_below(d)
                    {
                        // Each option of the item completes a solution, as
                        // the links count them (`leaves.rs`): at once.
                        solutions += leaves;
                        if profile.len() <= d + 1 {
                            profile.resize(2 * (d + 1), 0);
                        }
                        profile[d + 1] += leaves;
                        false
                    } else {
                        self.start_level::<W>(d, i, &mut updates);
                        self.try_next::<W>(d, &mut updates)
                    }
                }
                Some(_) => false,
            };
            // Back up to a level with something left to try.
            while !descended {
                if d == 0 {
                    break 'enter End::Exhausted;
                }
                d -= 1;
                descended = self.try_next::<W>(d, &mut updates);
            }
            d += 1;
        };
        *stats = Stats::of_profile(&profile, updates, solutions);
        let place = Place {
            d,
            updates,
            solutions,
            profile,
        };
        (end, place)
    }

    /// Knuth's estimate of the part of the tree done at depth `d` (DLX1's
    /// progress measure, as `bits/count.rs`'s): each level above shares
    /// its part among its options and its null move, if it has one.
    fn done(&self, d: usize) -> f64 {
        let w = self.words;
        let (mut done, mut share) = (0.0, 1.0);
        for (l, level) in self.levels[..d].iter().enumerate() {
            let list = &self.lists[l * w..(l + 1) * w];
            // The options of the list below `below`.
            let before = |below: usize| -> u32 {
                list.iter()
                    .enumerate()
                    .map(|(k, &word)| {
                        let bits = below.saturating_sub(k * 64).min(64);
                        let mask = if bits == 64 {
                            u64::MAX
                        } else {
                            (1 << bits) - 1
                        };
                        (word & mask).count_ones()
                    })
                    .sum()
            };
            let options = before(w * 64);
            let choices = options + u32::from(!level.plain);
            let tried = match level.current {
                NULL_MOVE => options,
                x => before(x as usize),
            };
            share /= f64::from(choices.max(1));
            done += f64::from(tried) * share;
        }
        done
    }

    /// Whether state `d` has exactly [`leaf_width`](Self::leaf_width)
    /// active primary items, each of bound 1: the links'
    /// `Matrix::active_primaries_are`, so that each option of the item
    /// chosen completes a solution.
    fn only_leaves_below(&self, d: usize) -> bool {
        let (st, sw) = (self.stride, self.set_words);
        let state = &self.state[self.bases[d]..self.bases[d] + st];
        let (sets, keys) = state.split_at(sw);
        let active = &sets[self.words..];
        let count: u32 = active.iter().map(|w| w.count_ones()).sum();
        self.leaf_width > 0
            && count == self.leaf_width
            && active.iter().enumerate().all(|(w, &word)| {
                let mut word = word;
                while word != 0 {
                    let x = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    if key::bound(keys[x]) != 1 {
                        return false;
                    }
                }
                true
            })
    }

    /// DLX3's choice at depth `d`: the active item of least key and its
    /// degree; `None` if no primary item is active (a solution). A key
    /// holds its item, so the least key is the leftmost of the best. The
    /// first item of degree 0 or less ends the walk.
    #[inline(always)]
    fn choose<const W: usize>(&self, d: usize) -> Option<(usize, i64)> {
        let (w, sw) = (self.w::<W>(), self.set_words);
        // SAFETY: (R).
        let state = unsafe { span(&self.state, at(&self.bases, d)..) };
        let (sets, keys) = state[..self.stride].split_at(sw);
        let active = &sets[w..];
        let mut best = u64::MAX;
        for (w, &word) in active.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let x = w * 64 + word.trailing_zeros() as usize;
                word &= word - 1;
                // SAFETY: (A): an active bit is a primary item, below
                // `primary`, the number of keys in a state.
                let key = unsafe { at(keys, x) };
                // A conditional move rather than a branch, as the links'
                // choice (docs/decisions/algorithm-m-components.md).
                best = best.min(key);
                if key::is_dead_end(key) {
                    return Some((x, key::degree(key)));
                }
            }
        }
        (best != u64::MAX).then(|| (key::item(best), key::degree(best)))
    }

    /// M4: level `d` branches on item `i`: takes one from its bound,
    /// covering it if that was the last.
    #[inline(always)]
    fn start_level<const W: usize>(&mut self, d: usize, i: usize, updates: &mut u64) {
        let (w, sw) = (self.w::<W>(), self.set_words);
        // SAFETY: (R) for depth `d`, (O) and (A) for item `i`.
        let (slack, base) = unsafe { (at(&self.slack, i), at(&self.bases, d)) };
        // SAFETY: (R) for the state, (A) for the key of `i`.
        let k = unsafe { at_mut(&mut self.state, base + sw + i) };
        *k = key::take_bound(*k, slack);
        let (bound, count) = (key::bound(*k), key::len(*k));
        // SAFETY: (R) for depth `d`'s state and list, (O) for item `i`.
        let (live, of_i, list) = unsafe {
            (
                span(&self.state, base..base + w),
                span(&self.item_options, i * w..(i + 1) * w),
                span_mut(&mut self.lists, d * w..(d + 1) * w),
            )
        };
        for ((l, &a), &b) in list.iter_mut().zip(live).zip(of_i) {
            *l = a & b;
        }
        let mut len = 0;
        if bound == 0 {
            len = count;
            *updates += self.clear_item::<W>(base, i);
            // SAFETY: (R); `i` is primary, below `primary`.
            unsafe { *at_mut(&mut self.state, base + w + i / 64) &= !(1 << (i % 64)) };
        }
        let first = self.next_in_list::<W>(d, 0);
        // SAFETY: (R).
        let level = unsafe { at_mut(&mut self.levels, d) };
        *level = Level {
            item: u16::try_from(i).expect("fewer than 2^16 primary items"),
            covered: bound == 0,
            plain: bound == 0 && slack == 0,
            next: first,
            len,
            current: first,
        };
    }

    /// The first option of level `d`'s list at or after `from`, or the
    /// null move.
    #[inline(always)]
    fn next_in_list<const W: usize>(&self, d: usize, from: usize) -> u32 {
        let w = self.w::<W>();
        // SAFETY: (R).
        let list = unsafe { span(&self.lists, d * w..(d + 1) * w) };
        let mut k = from / 64;
        if k >= w {
            return NULL_MOVE;
        }
        let mut word = list[k] & (u64::MAX << (from % 64));
        loop {
            if word != 0 {
                // Below the 4,096 options the bitsets take (`fits`).
                #[allow(clippy::cast_possible_truncation)]
                return (k * 64 + word.trailing_zeros() as usize) as u32;
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
    #[inline(always)]
    fn try_next<const W: usize>(&mut self, d: usize, updates: &mut u64) -> bool {
        let (w, st, sw) = (self.w::<W>(), self.stride, self.set_words);
        // SAFETY: (R).
        let (level, base) = unsafe { (at(&self.levels, d), at(&self.bases, d)) };
        let i = level.item as usize;
        let x = level.next;
        if x == DONE {
            return false;
        }
        if level.plain {
            if x == NULL_MOVE {
                // SAFETY: (R).
                unsafe { at_mut(&mut self.levels, d).next = DONE };
                return false;
            }
        } else {
            // SAFETY: (R) for the state, (O) for item `i`, primary.
            let (k, slack) = unsafe { (at(&self.state, base + sw + i), at(&self.slack, i)) };
            let bound = key::bound(k);
            let len = if level.covered {
                level.len
            } else {
                key::len(k)
            };
            // M5: fewer options left than the item still needs.
            if len + u32::from(slack) <= bound {
                // SAFETY: (R).
                unsafe { at_mut(&mut self.levels, d).next = DONE };
                return false;
            }
            if x != NULL_MOVE {
                // The tweak: `x` leaves the item's list for the rest of the
                // level, and (if the item is active) every other list.
                if level.covered {
                    // SAFETY: (R).
                    unsafe { at_mut(&mut self.levels, d).len -= 1 };
                    *updates += 1;
                } else {
                    let x = x as usize;
                    // SAFETY: (R) for the state, (O) for option `x`.
                    unsafe {
                        *at_mut(&mut self.state, base + x / 64) &= !(1 << (x % 64));
                        *updates += u64::from(at(&self.hide_updates, x)) + 1;
                    }
                    self.count_down::<W>(base, x);
                }
            }
        }
        self.reserve(d + 1);
        let to = d + 1;
        if x == NULL_MOVE {
            // The null move: the item takes no more options. It is the
            // level's last move, so its state is the level's, changed in
            // place.
            // SAFETY: (R) for depths `d` and `to`, reserved.
            unsafe {
                let level = at_mut(&mut self.levels, d);
                level.current = x;
                level.next = DONE;
                *at_mut(&mut self.bases, to) = base;
                if !level.covered {
                    *at_mut(&mut self.state, base + w + i / 64) &= !(1 << (i % 64));
                }
            }
        } else {
            let next = self.next_in_list::<W>(d, x as usize + 1);
            let child = if level.plain && next == NULL_MOVE {
                // The last option of a level without a null move: in place.
                base
            } else {
                // SAFETY: (R): depth `to` is reserved, and its state
                // `base + st..base + 2 * st` lies in `state` as depth
                // `d + 1`'s would.
                let (parent, child) = unsafe { span_mut(&mut self.state, base..) }.split_at_mut(st);
                child[..st].copy_from_slice(parent);
                base + st
            };
            // SAFETY: (R).
            unsafe {
                let level = at_mut(&mut self.levels, d);
                level.current = x;
                level.next = next;
                *at_mut(&mut self.bases, to) = child;
            }
            *updates += self.commit_others::<W>(child, x as usize, i);
        }
        true
    }

    /// M6: commits option `o`'s items other than `i` in the state at
    /// `base`: each primary one takes one from its bound and is covered at
    /// 0, each secondary one is covered. Returns the updates.
    #[inline(always)]
    fn commit_others<const W: usize>(&mut self, base: usize, o: usize, i: usize) -> u64 {
        let mut updates = 0;
        let (w, sw) = (self.w::<W>(), self.set_words);
        // SAFETY: (O) for option `o`.
        let (a, b) = unsafe {
            (
                at(&self.primary_first, o) as usize,
                at(&self.primary_first, o + 1) as usize,
            )
        };
        for k in a..b {
            // SAFETY: (O): `primary_first` bounds `primaries`.
            let x = usize::from(unsafe { at(&self.primaries, k) });
            if x == i {
                continue;
            }
            // SAFETY: (O).
            let slack = unsafe { at(&self.slack, x) };
            // SAFETY: (P) and (R).
            let k = unsafe { at_mut(&mut self.state, base + sw + x) };
            *k = key::take_bound(*k, slack);
            if key::bound(*k) == 0 {
                updates += self.clear_item::<W>(base, x);
                // SAFETY: (P) and (R).
                unsafe { *at_mut(&mut self.state, base + w + x / 64) &= !(1 << (x % 64)) };
            }
        }
        // SAFETY: (O) for option `o`.
        let (a, b) = unsafe {
            (
                at(&self.secondary_first, o) as usize,
                at(&self.secondary_first, o + 1) as usize,
            )
        };
        for k in a..b {
            // SAFETY: (O): `secondary_first` bounds `secondaries`.
            let x = unsafe { at(&self.secondaries, k) } as usize;
            updates += self.clear_item::<W>(base, x);
        }
        updates
    }

    /// Covers item `x` in the state at `base`: takes its live options out,
    /// counting down their primary items. Returns the updates.
    #[inline(always)]
    fn clear_item<const W: usize>(&mut self, base: usize, x: usize) -> u64 {
        let w = self.w::<W>();
        let mut updates = 1;
        for k in 0..w {
            // SAFETY: (R) for the state, (O) for item `x`.
            let (live, of_x) = unsafe {
                (
                    at_mut(&mut self.state, base + k),
                    at(&self.item_options, x * w + k),
                )
            };
            let mut gone = *live & of_x;
            if gone == 0 {
                continue;
            }
            *live &= !gone;
            while gone != 0 {
                let o = k * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                self.count_down::<W>(base, o);
                // SAFETY: (O) for option `o`.
                updates += u64::from(unsafe { at(&self.hide_updates, o) });
            }
        }
        updates
    }

    /// Counts down the primary items of option `o` in the state at `base`.
    #[inline(always)]
    fn count_down<const W: usize>(&mut self, base: usize, o: usize) {
        let (st, sw) = (self.stride, self.set_words);
        // SAFETY: (O) for option `o` and its items, (R) for the state.
        let (items, keys) = unsafe {
            let (a, b) = (at(&self.primary_first, o), at(&self.primary_first, o + 1));
            (
                span(&self.primaries, a as usize..b as usize),
                span_mut(&mut self.state, base + sw..base + st),
            )
        };
        for &x in items {
            // SAFETY: (P): an entry of `primaries` is a primary item, below
            // `primary`, the number of keys in a state.
            let k = unsafe { at_mut(keys, usize::from(x)) };
            *k = key::count_down(*k);
        }
    }
}

/// `v[i]`, checked in debug builds only.
///
/// # Safety
///
/// `i < v.len()`: (P), (A), (R) or (O) of [`BoundedBits`].
#[inline(always)]
unsafe fn at<T: Copy>(v: &[T], i: usize) -> T {
    debug_assert!(i < v.len(), "{i} past {}", v.len());
    // SAFETY: the caller's.
    unsafe { *v.get_unchecked(i) }
}

/// `&mut v[i]`, checked in debug builds only.
///
/// # Safety
///
/// As [`at`]'s.
#[inline(always)]
unsafe fn at_mut<T>(v: &mut [T], i: usize) -> &mut T {
    debug_assert!(i < v.len(), "{i} past {}", v.len());
    // SAFETY: the caller's.
    unsafe { v.get_unchecked_mut(i) }
}

/// `&v[r]`, checked in debug builds only.
///
/// # Safety
///
/// `r` lies in `v`: (R) or (O) of [`BoundedBits`].
#[inline(always)]
unsafe fn span<T, R>(v: &[T], r: R) -> &[T]
where
    R: std::slice::SliceIndex<[T], Output = [T]> + std::ops::RangeBounds<usize> + Clone,
{
    debug_check_span(v, &r);
    // SAFETY: the caller's.
    unsafe { v.get_unchecked(r) }
}

/// `&mut v[r]`, checked in debug builds only.
///
/// # Safety
///
/// As [`span`]'s.
#[inline(always)]
unsafe fn span_mut<T, R>(v: &mut [T], r: R) -> &mut [T]
where
    R: std::slice::SliceIndex<[T], Output = [T]> + std::ops::RangeBounds<usize> + Clone,
{
    debug_check_span(v, &r);
    // SAFETY: the caller's.
    unsafe { v.get_unchecked_mut(r) }
}

/// [`span`]'s and [`span_mut`]'s check in debug builds: `r` lies in `v`.
#[inline(always)]
fn debug_check_span<T, R>(v: &[T], r: &R)
where
    R: std::slice::SliceIndex<[T], Output = [T]> + std::ops::RangeBounds<usize> + Clone,
{
    debug_assert!(
        v.get(r.clone()).is_some(),
        "{:?} past {}",
        (r.start_bound(), r.end_bound()),
        v.len()
    );
}

/// A primary item's place in DLX3's rule, kept up to date in the state
/// instead of its count and bound: smaller is better, and the item itself
/// in the low bits, so that the least key is the leftmost of the best. With
/// `len` live options, `bound` and `s` the lesser of slack and bound, the
/// key is `(len + s + 1 + 2^15 - bound) << 44 | s << 29 | (0x1fff - len) <<
/// 16 | item`: the degree biased by `2^15` (never negative, since `bound <
/// 2^15`), then `s`, then the longer list (`len <= 4,096`, the bitsets'
/// options), then the leftmost item (`item < 2^16`). Counting down a list
/// and taking from a bound are each one add to the key.
// The fields are at most 17 bits: the casts are exact.
#[allow(clippy::cast_possible_truncation)]
mod key {
    /// What the degree is biased by.
    const BIAS: u64 = 1 << 15;
    /// Where the fields start: the list's length, `s`, the biased degree.
    const LEN: u32 = 16;
    const S: u32 = 29;
    const DEGREE: u32 = 44;
    /// The largest length (`0x1fff - len` in 13 bits).
    const LEN_MAX: u64 = 0x1fff;

    /// The key of `item` with `len` options, `bound` and `slack`.
    pub(super) fn of(item: u16, len: u16, bound: u16, slack: u16) -> u64 {
        let (len, bound) = (u64::from(len), u64::from(bound));
        debug_assert!(len <= 4096 && bound < BIAS);
        let s = u64::from(slack).min(bound);
        (len + s + 1 + BIAS - bound) << DEGREE | s << S | (LEN_MAX - len) << LEN | u64::from(item)
    }

    /// The key's item.
    #[inline(always)]
    pub(super) fn item(key: u64) -> usize {
        (key & 0xffff) as usize
    }

    /// The item's live options.
    #[inline(always)]
    pub(super) fn len(key: u64) -> u32 {
        (LEN_MAX - (key >> LEN & LEN_MAX)) as u32
    }

    /// The item's `s`, the lesser of slack and bound.
    #[inline(always)]
    fn s(key: u64) -> u32 {
        (key >> S) as u32 & 0x7fff
    }

    /// The item's bound: `len + s + 1 + 2^15` less the biased degree.
    #[inline(always)]
    pub(super) fn bound(key: u64) -> u32 {
        len(key) + s(key) + 1 + BIAS as u32 - (key >> DEGREE) as u32
    }

    /// The item's degree.
    #[inline(always)]
    #[allow(clippy::cast_possible_wrap)]
    pub(super) fn degree(key: u64) -> i64 {
        (key >> DEGREE) as i64 - BIAS as i64
    }

    /// Whether the degree is 0 or less.
    #[inline(always)]
    pub(super) fn is_dead_end(key: u64) -> bool {
        key < (BIAS + 1) << DEGREE
    }

    /// One option fewer: the degree down by one, the list shorter.
    #[inline(always)]
    pub(super) fn count_down(key: u64) -> u64 {
        debug_assert!(len(key) > 0);
        key - (1 << DEGREE) + (1 << LEN)
    }

    /// One taken from the bound (at least 1) of an item with `slack`: if
    /// the bound stays at least the slack, `s` is the slack still and the
    /// degree goes up by one; otherwise `s` (the bound) goes down with it
    /// and the degree stays.
    #[inline(always)]
    pub(super) fn take_bound(key: u64, slack: u16) -> u64 {
        if bound(key) > u32::from(slack) {
            key + (1 << DEGREE)
        } else {
            key - (1 << S)
        }
    }
}
