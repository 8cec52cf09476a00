//! A prototype of Knuth's "dancing cells" (his SSXC programs, TAOCP
//! 7.2.2.3): a count-only exact-cover search (Algorithms X and C) that keeps
//! each item's options as a sparse set rather than a doubly linked list.
//!
//! It exists to answer one question (tuning log #160-#169): does a search
//! that removes an option from an item by a swap and a decrement, and undoes
//! a whole level by restoring a few sizes from a trail, count faster *in
//! time* than the dancing-links matrix? It is reachable only through the
//! hidden [`count_cells`](crate::count_cells); it has no budgets, limits,
//! solutions, statistics or multiplicities.
//!
//! # Layout
//!
//! - `set[b..b + size]`, where `items[i]` is `Item { base: b, size }`,
//!   holds the nodes of item `i`'s active options, in any order; the entries
//!   after them, up to the item's end, are its removed ones. `size` also
//!   carries [`COVERED`] once the item is covered, so that the test a
//!   removal needs and the size it changes are one load.
//! - Option nodes sit in `nodes` one option after another, each option
//!   followed by a spacer whose `loc` is the option's first node (as DLX1's
//!   spacers do), so a walk round the option from any of its nodes needs no
//!   other table. An option node's `loc` is its place in `set`; its item and
//!   place are one 8-byte load.
//! - The active primary items are `primaries[..primary_count]`, again in any
//!   order.
//!
//! # Why undoing is cheap
//!
//! A removal swaps the node with the last active entry of its item and
//! shrinks the item by one; it moves entries only below the item's size.
//! Everything a segment of the search (one covering and what follows it)
//! removes therefore lies at places below the size the item had when the
//! segment began, and the entries above it are untouched: restoring that
//! size restores the set (in another order, which no count depends on). So
//! each removal trails its item, and undoing a segment adds one to the size
//! of each item it trailed, without visiting a removed node. (Knuth trails
//! `(item, size)` once per item and segment, with a stamp per item; on
//! queens-12 four removals in nine are an item's second in its segment, so
//! the stamp test cost more than the entries it saved: tuning log #161.)
//! The same holds for `primaries` and `primary_count`.

use crate::Problem;
use crate::index::to_u32;

/// A spacer's `item`: no item has this index.
const SPACER: u32 = u32::MAX;

/// `node_color` of an entry without a color.
const NO_COLOR: u32 = 0;

/// The bit of an item's `size` that marks it covered. Sizes stay below it:
/// a problem has fewer than `2^31` entries.
const COVERED: u32 = 1 << 31;

/// An entry of `nodes`: an option node, or a spacer after an option.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    /// The node's item, or [`SPACER`].
    item: u32,
    /// An option node's place in `set`; a spacer's option's first node.
    loc: u32,
}

/// An item's range of `set`.
#[derive(Clone, Copy, Debug, Default)]
struct Item {
    /// Where the item's entries start in `set`.
    base: u32,
    /// How many of them are active, plus [`COVERED`] once it is covered.
    size: u32,
}

/// The sparse-set search state of one problem.
///
/// # Soundness
///
/// The hot steps index unchecked (bounds checks were a fifth of the
/// instructions, tuning log #162), relying on these invariants, which
/// [`Cells::new`] establishes and every step keeps:
///
/// - **(N)** `nodes` ends with a spacer, and every option node is followed
///   by a node of its option or by its spacer; a spacer's `loc` is the
///   first node of the option before it; an option node's `item` is below
///   `items.len()` and its `loc` is a place in that item's range of `set`.
/// - **(S)** Every entry of `set` is an option node of the item whose range
///   it is in (so below `nodes.len()`); `node_color`, if not empty, has one
///   entry per node.
/// - **(I)** Each item's range `base..base + capacity` lies in `set`, and its
///   size (without [`COVERED`]) is at most its capacity; an option node that
///   a step reaches from an active option is at a place below its active
///   item's size, so that item's size is at least 1 when it is removed.
/// - **(P)** `primaries` and `primary_loc` have one entry per primary item,
///   each below the number of primary items; `primary_count` is at most it.
/// - **(T)** `trail[..trail_len]` and `covered[..covered_len]` hold items
///   only; `trail` is as long as `set` and `covered` as `items`.
///
/// The steps store only nodes read from `set` or `nodes`, places inside
/// the range they are working in, and items read from `nodes` or
/// `primaries`; they move entries only within one item's range, always
/// writing the moved node's new place to its `loc`. So nothing they do can
/// break (N), (S), (I) or (P), whatever order they run in.
#[derive(Debug)]
struct Cells {
    /// The option nodes and spacers.
    nodes: Vec<Node>,
    /// Each node's color plus 1, or [`NO_COLOR`]; empty without colors.
    node_color: Vec<u32>,
    /// Each item's range of `set` and its size.
    items: Vec<Item>,
    /// The items' sparse sets of option nodes, one range per item.
    set: Vec<u32>,
    /// The active primary items first, then the covered ones.
    primaries: Vec<u32>,
    /// Each primary item's place in `primaries`.
    primary_loc: Vec<u32>,
    /// How many primary items are still to be covered.
    primary_count: u32,
    /// The number of primary items (items `0..primary` are primary).
    primary: u32,
    /// How many primary items are left when every option in an active
    /// set completes a solution: the number every option has, if they all
    /// have the same, else 1.
    leaf_width: u32,
    /// The item of every removal not yet undone, in `trail[..trail_len]`;
    /// as long as `set`, since a node is removed at most once at a time.
    trail: Vec<u32>,
    /// How many removals are not yet undone.
    trail_len: usize,
    /// The items covered, most recent last, in `covered[..covered_len]`;
    /// as long as `items`, since an item is covered at most once at a time.
    covered: Vec<u32>,
    /// How many items are covered.
    covered_len: usize,
}

/// The arrays a covering changes, and the trail's length.
struct Dance<'a> {
    /// `Cells::nodes`.
    nodes: &'a mut [Node],
    /// `Cells::items`.
    items: &'a mut [Item],
    /// `Cells::set`.
    set: &'a mut [u32],
    /// `Cells::trail`.
    trail: &'a mut [u32],
    /// `Cells::trail_len`.
    trail_len: usize,
}

impl Dance<'_> {
    /// Removes node `q`, at `place` in `set`, from its active item `item`,
    /// whose entry is `entry`.
    #[inline(always)]
    fn remove(&mut self, q: u32, place: u32, item: u32, entry: Item) {
        debug_assert!(entry.size > 0 && place < entry.base + entry.size);
        let size = entry.size - 1;
        let last = entry.base + size;
        // SAFETY: every trailed removal takes a distinct node out of a set
        // until it is undone, so fewer than `set.len()` are pending (T).
        unsafe { *self.trail.get_unchecked_mut(self.trail_len) = item };
        self.trail_len += 1;
        // SAFETY: `item` is read from node `q` (N); `q` is at `place` in
        // its range and active, so `last` is in the range too (I), and
        // `other`, read from `set`, is a node (S).
        unsafe {
            self.items.get_unchecked_mut(item as usize).size = size;
            let other = *self.set.get_unchecked(last as usize);
            *self.set.get_unchecked_mut(last as usize) = q;
            *self.set.get_unchecked_mut(place as usize) = other;
            self.nodes.get_unchecked_mut(q as usize).loc = last;
            self.nodes.get_unchecked_mut(other as usize).loc = place;
        }
    }

    /// Removes `node`'s option from the sets of its other active items
    /// (`node`'s own item is covered).
    #[inline(always)]
    fn hide(&mut self, node: u32) {
        // Right to the spacer, then from the option's first node back to
        // `node`: two loops, so neither tests for `node` nor reloads the
        // first node after the spacer (tuning log #164).
        let mut q = node + 1;
        loop {
            // SAFETY: `node` is an option node (read from `set`, (S)), so
            // every `q` up to its option's spacer is a node (N).
            let n = unsafe { *self.nodes.get_unchecked(q as usize) };
            if n.item == SPACER {
                q = n.loc;
                break;
            }
            self.hide_node(q, n);
            q += 1;
        }
        while q != node {
            // SAFETY: from the option's first node (the spacer's `loc`) up
            // to `node` every `q` is a node of the option (N).
            let n = unsafe { *self.nodes.get_unchecked(q as usize) };
            self.hide_node(q, n);
            q += 1;
        }
    }

    /// Removes option node `q`, which is `n`, from its item's set if that
    /// item is active.
    #[inline(always)]
    fn hide_node(&mut self, q: u32, n: Node) {
        // SAFETY: an option node's item is an item (N).
        let entry = unsafe { *self.items.get_unchecked(n.item as usize) };
        if entry.size & COVERED == 0 {
            self.remove(q, n.loc, n.item, entry);
        }
    }
}

/// One level of the search: the options of the item it branches on, and
/// the one it is trying.
#[derive(Clone, Copy, Debug)]
struct Level {
    /// The place in `set` of the option being tried.
    cursor: u32,
    /// Where the item's active options end in `set`.
    end: u32,
    /// `trail` and `covered` before the item was covered.
    outer: (usize, usize),
    /// `trail` and `covered` after it was covered, before an option was.
    inner: (usize, usize),
}

impl Cells {
    /// The sets of `problem`, every item active.
    fn new(problem: &Problem) -> Cells {
        let mut items = vec![Item::default(); problem.item_count()];
        for (_, option) in problem.options() {
            for item in option {
                items[item.index()].size += 1;
            }
        }
        let mut next = 0u32;
        for item in &mut items {
            item.base = next;
            next += std::mem::take(&mut item.size);
        }
        let colored = problem.kind() != crate::Kind::Exact;
        let mut cells = Cells {
            nodes: Vec::with_capacity(problem.entry_count() + problem.option_count() + 1),
            node_color: Vec::new(),
            items,
            set: vec![0; next as usize],
            primaries: (0..problem.primary).collect(),
            primary_loc: (0..problem.primary).collect(),
            primary_count: problem.primary,
            primary: problem.primary,
            leaf_width: leaf_width(problem),
            // At most every entry is removed at once, each item covered once.
            trail: vec![0; problem.entry_count()],
            trail_len: 0,
            covered: vec![0; problem.item_count()],
            covered_len: 0,
        };
        cells.push_node(SPACER, 0, NO_COLOR, colored);
        for (option, _) in problem.options() {
            let first = to_u32(cells.nodes.len());
            for (item, color) in problem.entries(option) {
                let entry = &mut cells.items[item.index()];
                let place = entry.base + entry.size;
                entry.size += 1;
                cells.set[place as usize] = to_u32(cells.nodes.len());
                let color = color.map_or(NO_COLOR, |c| c.as_u32() + 1);
                cells.push_node(item.as_u32(), place, color, colored);
            }
            cells.push_node(SPACER, first, NO_COLOR, colored);
        }
        cells
    }

    /// Appends a node (and its color if the problem has colors).
    fn push_node(&mut self, item: u32, loc: u32, color: u32, colored: bool) {
        self.nodes.push(Node { item, loc });
        if colored {
            self.node_color.push(color);
        }
    }

    /// The marks `undo` returns to.
    fn marks(&self) -> (usize, usize) {
        (self.trail_len, self.covered_len)
    }

    /// Restores the sizes and the active items as they were at `marks`.
    /// Sizes only grow back and flags only clear, so the order is free.
    fn undo(&mut self, (trail, covered): (usize, usize)) {
        for &item in &self.trail[trail..self.trail_len] {
            // SAFETY: the trail holds items (T).
            unsafe { self.items.get_unchecked_mut(item as usize).size += 1 };
        }
        self.trail_len = trail;
        for &item in &self.covered[covered..self.covered_len] {
            // SAFETY: `covered` holds items (T).
            unsafe { self.items.get_unchecked_mut(item as usize).size &= !COVERED };
            // Covered primaries were swapped past the end, most recent
            // first: counting them back restores `primaries`.
            self.primary_count += u32::from(item < self.primary);
        }
        self.covered_len = covered;
    }

    /// Marks `item` covered, and takes a primary item out of `primaries`.
    fn deactivate(&mut self, item: u32) {
        debug_assert!((item as usize) < self.items.len());
        // SAFETY: callers pass an item read from a node (N) or from
        // `primaries` (P).
        unsafe { self.items.get_unchecked_mut(item as usize).size |= COVERED };
        // SAFETY: an item is covered only while active, so at most every
        // item is in `covered` (T).
        unsafe { *self.covered.get_unchecked_mut(self.covered_len) = item };
        self.covered_len += 1;
        if item < self.primary {
            // An active primary item is in `primaries[..primary_count]`, so
            // `primary_count` is at least 1.
            let last = self.primary_count - 1;
            // SAFETY: `item` and `other` are primary items and `place` and
            // `last` places in `primaries` (P).
            unsafe {
                let place = *self.primary_loc.get_unchecked(item as usize);
                let other = *self.primaries.get_unchecked(last as usize);
                *self.primaries.get_unchecked_mut(last as usize) = item;
                *self.primaries.get_unchecked_mut(place as usize) = other;
                *self.primary_loc.get_unchecked_mut(item as usize) = last;
                *self.primary_loc.get_unchecked_mut(other as usize) = place;
            }
            self.primary_count = last;
        }
    }

    /// The arrays a covering changes, borrowed apart so that the hot loop
    /// keeps their addresses and the trail's length in registers rather
    /// than reloading them from `self` after every store (tuning log #163).
    fn dance(&mut self) -> Dance<'_> {
        Dance {
            nodes: &mut self.nodes,
            items: &mut self.items,
            set: &mut self.set,
            trail: &mut self.trail,
            trail_len: self.trail_len,
        }
    }

    /// Covers `item`: no remaining option may contain it.
    #[inline(always)]
    fn cover(&mut self, item: u32) {
        self.deactivate(item);
        let entry = self.items[item as usize];
        let mut dance = self.dance();
        for place in entry.base..entry.base + (entry.size & !COVERED) {
            // SAFETY: the item's active places are in `set` (I).
            dance.hide(unsafe { *dance.set.get_unchecked(place as usize) });
        }
        self.trail_len = dance.trail_len;
    }

    /// Purifies secondary `item` for `color`: only options that give it
    /// that color remain (Algorithm C).
    #[inline(always)]
    fn purify(&mut self, item: u32, color: u32) {
        self.deactivate(item);
        let entry = self.items[item as usize];
        let colors = std::mem::take(&mut self.node_color);
        let mut dance = self.dance();
        for place in entry.base..entry.base + (entry.size & !COVERED) {
            let node = dance.set[place as usize];
            if colors[node as usize] != color {
                dance.hide(node);
            }
        }
        self.trail_len = dance.trail_len;
        self.node_color = colors;
    }

    /// Covers (or purifies) the items of `node`'s option other than its own.
    /// `C`: whether the problem has colors (else `node_color` is empty).
    fn choose<const C: bool>(&mut self, node: u32) {
        let mut q = node + 1;
        loop {
            // SAFETY: `node` is an option node, read from `set` (S), so the
            // walk round its option stays on nodes (N), as in `hide`.
            let mut n = unsafe { *self.nodes.get_unchecked(q as usize) };
            if n.item == SPACER {
                q = n.loc;
                // SAFETY: as above.
                n = unsafe { *self.nodes.get_unchecked(q as usize) };
            }
            if q == node {
                break;
            }
            // SAFETY: an option node's item is an item (N).
            if unsafe { self.items.get_unchecked(n.item as usize) }.size & COVERED == 0 {
                let color = if C {
                    // SAFETY: with colors, every node has a color (S).
                    unsafe { *self.node_color.get_unchecked(q as usize) }
                } else {
                    NO_COLOR
                };
                if color == NO_COLOR {
                    self.cover(n.item);
                } else {
                    self.purify(n.item, color);
                }
            }
            q += 1;
        }
    }

    /// The active primary item with the fewest active options, ties to the
    /// leftmost (Knuth's MRV), or `None` if every primary item is covered.
    fn choose_item(&self) -> Option<u32> {
        let mut best = u64::MAX;
        for &item in &self.primaries[..self.primary_count as usize] {
            // SAFETY: `primaries` holds primary items (P).
            let size = unsafe { self.items.get_unchecked(item as usize) }.size;
            let key = u64::from(size) << 32 | u64::from(item);
            best = best.min(key);
            if key >> 32 == 0 {
                break;
            }
        }
        u32::try_from(best & 0xffff_ffff)
            .ok()
            .filter(|_| best != u64::MAX)
    }

    /// Counts every solution.
    /// `C`: whether the problem has colors.
    fn count<const C: bool>(&mut self) -> u64 {
        let mut solutions = 0u64;
        let mut levels: Vec<Level> = Vec::new();
        // Enter a level: branch on an item, or count a solution.
        'enter: loop {
            if let Some(item) = self.choose_item() {
                let Item { base, size } = self.items[item as usize];
                if size > 0 && self.primary_count == self.leaf_width {
                    // An option in an active set has all its primary items
                    // active (options with a covered one are hidden) and
                    // agrees with every option chosen; with `leaf_width`
                    // primary items left, it covers them all.
                    solutions += u64::from(size);
                } else if size > 0 {
                    let outer = self.marks();
                    self.cover(item);
                    levels.push(Level {
                        cursor: base,
                        end: base + size,
                        outer,
                        inner: self.marks(),
                    });
                    self.choose::<C>(self.set[base as usize]);
                    continue 'enter;
                }
            } else {
                solutions += 1;
            }
            // Backtrack: the next option of the deepest level that has one.
            while let Some(level) = levels.last_mut() {
                level.cursor += 1;
                let (cursor, end, inner, outer) =
                    (level.cursor, level.end, level.inner, level.outer);
                self.undo(inner);
                if cursor < end {
                    self.choose::<C>(self.set[cursor as usize]);
                    continue 'enter;
                }
                self.undo(outer);
                levels.pop();
            }
            return solutions;
        }
    }
}

/// The number of primary items every option of `problem` has, if they all
/// have the same, else 1 (see `Cells::leaf_width`).
fn leaf_width(problem: &Problem) -> u32 {
    let mut widths = problem
        .options()
        .map(|(_, items)| items.iter().filter(|&&i| problem.is_primary(i)).count());
    let first = widths.next().unwrap_or(1);
    if widths.all(|w| w == first) {
        to_u32(first)
    } else {
        1
    }
}

/// Counts the solutions of `problem` with the dancing-cells prototype, or
/// `None` for a problem with multiplicities, which it does not handle.
pub(crate) fn count(problem: &Problem) -> Option<u64> {
    match problem.kind() {
        crate::Kind::Exact => Some(Cells::new(problem).count::<false>()),
        crate::Kind::Colors => Some(Cells::new(problem).count::<true>()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matrix::test_problems::{latin_3, sudoku_4};
    use crate::{Color, Dlx, SplitMix64};

    fn ours(problem: &Problem) -> u64 {
        Dlx::new(problem).count(None).solutions
    }

    #[test]
    fn counts_latin_squares_and_the_4x4_sudoku() {
        assert_eq!(count(&latin_3()), Some(12));
        // Under Miri the 4x4 Sudoku's 288 solutions take most of CI's
        // Miri step (as in `forced.rs`); natively it runs.
        if !cfg!(miri) {
            assert_eq!(count(&sudoku_4()), Some(288));
        }
    }

    #[test]
    fn declines_multiplicities() {
        let mut builder = Problem::builder(1, 0).unwrap();
        builder.set_bounds(0, 1, 2).unwrap();
        builder.add_option(&[0]).unwrap();
        assert_eq!(count(&builder.build()), None);
    }

    /// A random problem: `primary` primary and `secondary` secondary items,
    /// options of one to four distinct items (one of them primary), some
    /// secondary ones colored.
    fn random_problem(rng: &mut SplitMix64, colors: bool) -> Problem {
        let primary = 1 + rng.below(7);
        let secondary = rng.below(4);
        let items = primary + secondary;
        let mut builder = Problem::builder(primary as usize, secondary as usize).unwrap();
        for _ in 0..rng.below(24) {
            // Every option needs a primary item: put one first.
            let mut order: Vec<usize> = (0..items as usize).collect();
            order.swap(0, rng.below(primary) as usize);
            rng.shuffle(&mut order[1..]);
            let len = 1 + rng.below(4.min(items)) as usize;
            let entries: Vec<(usize, Option<Color>)> = order[..len]
                .iter()
                .map(|&i| {
                    let color = (colors && i >= primary as usize && rng.below(3) > 0)
                        .then(|| Color::new(rng.below(2) as usize))
                        .flatten();
                    (i, color)
                })
                .collect();
            builder.add_colored_option(&entries).unwrap();
        }
        builder.build()
    }

    #[test]
    fn counts_random_problems_as_our_engine_does() {
        let mut rng = SplitMix64::new(160);
        let mut nonzero = 0;
        // Miri (CI runs this module's tests under it) takes 24.
        let rounds = if cfg!(miri) { 24 } else { 600 };
        for round in 0..rounds {
            let problem = random_problem(&mut rng, round % 2 == 1);
            let expected = ours(&problem);
            assert_eq!(count(&problem), Some(expected), "{problem:?}");
            nonzero += usize::from(expected > 0);
        }
        assert!(
            nonzero > rounds / 6,
            "too few problems with solutions: {nonzero}"
        );
    }
}
