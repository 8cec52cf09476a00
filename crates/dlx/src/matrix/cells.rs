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
//! - `set[base[i]..base[i] + size[i]]` holds the nodes of item `i`'s active
//!   options, in any order; the entries from `size[i]` to the item's end are
//!   its removed ones, the most recently removed first.
//! - Option nodes sit in `node_item` one option after another, each option
//!   followed by a spacer whose `node_loc` is the option's first node (as
//!   DLX1's spacers do), so a walk round the option from any of its nodes
//!   needs no other table. An option node's `node_loc` is its place in `set`.
//! - The active primary items are `primaries[..primary_count]`, again in any
//!   order; `active[i]` says whether item `i`, primary or secondary, is still
//!   to be covered.
//!
//! # Why undoing is cheap
//!
//! A removal swaps the node with the last active entry of its item and
//! shrinks the item by one; it moves entries only below the item's size.
//! Everything a segment of the search (one covering and what follows it)
//! removes therefore lies at places below the size the item had when the
//! segment began, and the entries above it are untouched: restoring that
//! size restores the set (in another order, which no count depends on). So
//! the first removal from an item in a segment trails `(item, size)`, and
//! undoing the segment writes those sizes back, without visiting a single
//! removed node. The same holds for `primaries` and `primary_count`.

use crate::Problem;
use crate::index::to_u32;

/// `node_item` of a spacer: no item has this index.
const SPACER: u32 = u32::MAX;

/// `node_color` of an entry without a color.
const NO_COLOR: u32 = 0;

/// The sparse-set search state of one problem.
#[derive(Debug)]
struct Cells {
    /// The item of each node, or [`SPACER`].
    node_item: Vec<u32>,
    /// An option node's place in `set`; a spacer's option's first node.
    node_loc: Vec<u32>,
    /// Each node's color plus 1, or [`NO_COLOR`]; empty without colors.
    node_color: Vec<u32>,
    /// Where each item's entries start in `set`.
    base: Vec<u32>,
    /// How many of each item's entries are active.
    size: Vec<u32>,
    /// The segment that last trailed each item's size: an item is trailed
    /// at most once per segment.
    stamp: Vec<u32>,
    /// The current segment's stamp (never 0, the stamps' initial value).
    clock: u32,
    /// Whether each item is still to be covered.
    active: Vec<bool>,
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
    /// `(item, size)` before the first removal from the item in a segment.
    trail: Vec<(u32, u32)>,
    /// The items covered, most recent last.
    covered: Vec<u32>,
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
        let items = problem.item_count();
        let mut size = vec![0u32; items];
        for (_, option) in problem.options() {
            for item in option {
                size[item.index()] += 1;
            }
        }
        let mut base = Vec::with_capacity(items);
        let mut next = 0u32;
        for &len in &size {
            base.push(next);
            next += len;
        }
        let colored = problem.kind() != crate::Kind::Exact;
        let nodes = problem.entry_count() + problem.option_count() + 1;
        let mut cells = Cells {
            node_item: Vec::with_capacity(nodes),
            node_loc: Vec::with_capacity(nodes),
            node_color: Vec::new(),
            base,
            size: vec![0; items],
            stamp: vec![0; items],
            clock: 0,
            active: vec![true; items],
            set: vec![0; next as usize],
            primaries: (0..problem.primary).collect(),
            primary_loc: (0..problem.primary).collect(),
            primary_count: problem.primary,
            primary: problem.primary,
            trail: Vec::new(),
            covered: Vec::new(),
        };
        cells.push_node(SPACER, 0, NO_COLOR, colored);
        for (option, _) in problem.options() {
            let first = to_u32(cells.node_item.len());
            for (item, color) in problem.entries(option) {
                let i = item.index();
                let place = cells.base[i] + cells.size[i];
                cells.size[i] += 1;
                let node = to_u32(cells.node_item.len());
                cells.set[place as usize] = node;
                let color = color.map_or(NO_COLOR, |c| c.as_u32() + 1);
                cells.push_node(item.as_u32(), place, color, colored);
            }
            cells.push_node(SPACER, first, NO_COLOR, colored);
        }
        cells
    }

    /// Appends a node (and its color if the problem has colors).
    fn push_node(&mut self, item: u32, loc: u32, color: u32, colored: bool) {
        self.node_item.push(item);
        self.node_loc.push(loc);
        if colored {
            self.node_color.push(color);
        }
    }

    /// Starts a new segment: the next removal from any item trails it.
    fn begin_segment(&mut self) {
        self.clock = self.clock.wrapping_add(1);
        if self.clock == 0 {
            // Every open segment has already trailed what it removed, and
            // none removes anything once a later one has begun, so old
            // stamps can be forgotten.
            self.stamp.fill(0);
            self.clock = 1;
        }
    }

    /// The marks `undo` returns to.
    fn marks(&self) -> (usize, usize) {
        (self.trail.len(), self.covered.len())
    }

    /// Restores the sizes and the active items as they were at `marks`.
    fn undo(&mut self, (trail, covered): (usize, usize)) {
        while self.trail.len() > trail {
            let (item, size) = self.trail.pop().expect("above the mark");
            self.size[item as usize] = size;
        }
        while self.covered.len() > covered {
            let item = self.covered.pop().expect("above the mark");
            self.active[item as usize] = true;
            if item < self.primary {
                // Covered primaries were swapped to the end in this order.
                self.primary_count += 1;
            }
        }
    }

    /// Marks `item` covered, and takes a primary item out of `primaries`.
    fn deactivate(&mut self, item: u32) {
        self.active[item as usize] = false;
        self.covered.push(item);
        if item < self.primary {
            let place = self.primary_loc[item as usize];
            let last = self.primary_count - 1;
            let other = self.primaries[last as usize];
            self.primaries[last as usize] = item;
            self.primaries[place as usize] = other;
            self.primary_loc[item as usize] = last;
            self.primary_loc[other as usize] = place;
            self.primary_count = last;
        }
    }

    /// Removes `node` from its (active) item's set.
    fn remove(&mut self, node: u32, item: u32) {
        let i = item as usize;
        if self.stamp[i] != self.clock {
            self.stamp[i] = self.clock;
            self.trail.push((item, self.size[i]));
        }
        let size = self.size[i] - 1;
        let last = self.base[i] + size;
        let place = self.node_loc[node as usize];
        let other = self.set[last as usize];
        self.set[last as usize] = node;
        self.set[place as usize] = other;
        self.node_loc[node as usize] = last;
        self.node_loc[other as usize] = place;
        self.size[i] = size;
    }

    /// Removes `node`'s option from the sets of its other active items
    /// (`node`'s own item is covered).
    fn hide(&mut self, node: u32) {
        let mut q = node + 1;
        loop {
            let mut item = self.node_item[q as usize];
            if item == SPACER {
                q = self.node_loc[q as usize];
                item = self.node_item[q as usize];
            }
            if q == node {
                break;
            }
            if self.active[item as usize] {
                self.remove(q, item);
            }
            q += 1;
        }
    }

    /// Covers `item`: no remaining option may contain it.
    fn cover(&mut self, item: u32) {
        self.deactivate(item);
        let start = self.base[item as usize];
        for place in start..start + self.size[item as usize] {
            self.hide(self.set[place as usize]);
        }
    }

    /// Purifies secondary `item` for `color`: only options that give it
    /// that color remain (Algorithm C).
    fn purify(&mut self, item: u32, color: u32) {
        self.deactivate(item);
        let start = self.base[item as usize];
        for place in start..start + self.size[item as usize] {
            let node = self.set[place as usize];
            if self.node_color[node as usize] != color {
                self.hide(node);
            }
        }
    }

    /// Covers (or purifies) the items of `node`'s option other than its own.
    fn choose(&mut self, node: u32) {
        let mut q = node + 1;
        loop {
            let mut item = self.node_item[q as usize];
            if item == SPACER {
                q = self.node_loc[q as usize];
                item = self.node_item[q as usize];
            }
            if q == node {
                break;
            }
            if self.active[item as usize] {
                match self.node_color.get(q as usize) {
                    Some(&color) if color != NO_COLOR => self.purify(item, color),
                    _ => self.cover(item),
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
            let key = u64::from(self.size[item as usize]) << 32 | u64::from(item);
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
    fn count(&mut self) -> u64 {
        let mut solutions = 0u64;
        let mut levels: Vec<Level> = Vec::new();
        // Enter a level: branch on an item, or count a solution.
        'enter: loop {
            if let Some(item) = self.choose_item() {
                let size = self.size[item as usize];
                if size > 0 {
                    let outer = self.marks();
                    self.begin_segment();
                    self.cover(item);
                    let start = self.base[item as usize];
                    levels.push(Level {
                        cursor: start,
                        end: start + size,
                        outer,
                        inner: self.marks(),
                    });
                    let node = self.set[start as usize];
                    self.begin_segment();
                    self.choose(node);
                    continue 'enter;
                }
            } else {
                solutions += 1;
            }
            // Backtrack: the next option of the deepest level that has one.
            while let Some(level) = levels.last_mut() {
                let inner = level.inner;
                level.cursor += 1;
                let (cursor, end, outer) = (level.cursor, level.end, level.outer);
                self.undo(inner);
                if cursor < end {
                    let node = self.set[cursor as usize];
                    self.begin_segment();
                    self.choose(node);
                    continue 'enter;
                }
                self.undo(outer);
                levels.pop();
            }
            return solutions;
        }
    }
}

/// Counts the solutions of `problem` with the dancing-cells prototype, or
/// `None` for a problem with multiplicities, which it does not handle.
pub(crate) fn count(problem: &Problem) -> Option<u64> {
    (problem.kind() != crate::Kind::Multiplicities).then(|| Cells::new(problem).count())
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
        assert_eq!(count(&sudoku_4()), Some(288));
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
        for round in 0..600 {
            let problem = random_problem(&mut rng, round % 2 == 1);
            let expected = ours(&problem);
            assert_eq!(count(&problem), Some(expected), "{problem:?}");
            nonzero += usize::from(expected > 0);
        }
        assert!(nonzero > 100, "too few problems with solutions: {nonzero}");
    }
}
