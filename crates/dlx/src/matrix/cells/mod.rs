//! Knuth's "dancing cells" (his SSXC programs, TAOCP 7.2.2.3): the
//! count-only exact-cover search (Algorithms X and C) that
//! [`Dlx::count`](crate::Dlx::count) runs on the problems where it is
//! faster than the dancing-links matrix (`count.rs`; the chooser that
//! sends a count here is `path.rs`, the count's entry `dispatch.rs`). Each
//! item keeps its options as a sparse set rather than a doubly linked list.
//!
//! It walks the matrix's tree (docs/decisions/dancing-cells.md): the same choice of
//! item (Knuth's MRV with ties to the leftmost, an item of at most one
//! option taken at once as the matrix's scan takes the first), the same
//! dead ends (a covering that empties a primary item it does not cover is
//! doomed), the same leaves counted at once; so the same solutions, nodes
//! and profile, but where one hiding empties two primary items, of which
//! the matrix notes only the last (`Stats::updates`). Its updates and
//! cleansings are Knuth's, which the matrix's equal unless it gives up a
//! doomed covering half way (see [`Stats::updates`](crate::Stats::updates)).
//! This file is the layout and the steps; `count.rs` the search.
//! (It is longer than the style's 600 lines: split by concept, the same
//! code ran about 6% slower on graceful-wheel-7, its hot loops placed
//! elsewhere; docs/decisions/rejected.md.)
//!
//! # Layout
//!
//! - `set[b..e]`, where `items[i]` is `Item { base: b, end: e }`, holds
//!   the nodes of item `i`'s active options, in any order (so its size is
//!   `e - b`); the entries after them, up to the item's capacity, are its
//!   removed ones. `end` also carries [`COVERED`] once the item is covered,
//!   so that the test a removal needs and the end it changes are one load,
//!   and the removal's last active place is that end less one (docs/decisions/cells-layout.md).
//! - Option nodes sit in `nodes` one option after another, each option
//!   followed by a spacer whose `loc` is the option's first node (as DLX1's
//!   spacers do), so a walk round the option from any of its nodes needs no
//!   other table. An option node's `loc` is its place in `set`, beside its
//!   item (one cache line), read only when the node is removed.
//! - `set`'s entries and the trail's are `u16` where every node and list
//!   fits, else `u32` (`width.rs`).
//! - The active primary items are `primaries[..primary_count]`, again in any
//!   order.
//! - With colors, a secondary item of at most [`SPLIT_COLORS`] colors (its
//!   uncolored options counting as one) has a set, a *list*, per color,
//!   numbered one after another (its `group`); so purifying it hides the
//!   other lists' options without testing a color, and counts the options
//!   it keeps as its list's size (docs/decisions/cells-layout.md; as SSXCC, which colors
//!   a purified item's agreeing nodes instead, walks every option of the
//!   item). Every other item has one list; primary items, and every item of
//!   a problem without colors, are numbered as their list. Below, "item"
//!   in `items`, `trail`, `covered` and a node's `item` means its list.
//!
//! # Why undoing is cheap
//!
//! A removal swaps the node with the last active entry of its item and
//! shrinks the item by one; it moves entries only below the item's size.
//! Everything a segment of the search (one covering and what follows it)
//! removes therefore lies at places below the size the item had when the
//! segment began, and the entries above it are untouched: restoring that
//! size restores the set (in another order, which no count depends on). So
//! each removal trails its item, and undoing a segment adds one to the end
//! (so the size) of each item it trailed, without visiting a removed node. (Knuth trails
//! `(item, size)` once per item and segment, with a stamp per item; on
//! queens-12 four removals in nine are an item's second in its segment, so
//! the stamp test cost more than the entries it saved: docs/decisions/cells-layout.md.)
//! The same holds for `primaries` and `primary_count`.

use super::search::Search;
use super::{CLEANSED, Matrix};
use crate::index::{OptionId, to_u32};

mod count;
#[cfg(test)]
mod tests;
mod width;

pub(crate) use width::AnyCells;
use width::Width;

pub(crate) use count::{Counter, Frontier, NoReport, PauseAt, Report, Resumable};

/// A spacer's `item`: no item has this index.
const SPACER: u32 = u32::MAX;

/// `node_color` of an entry without a color.
const NO_COLOR: u32 = 0;

/// The most colors (the uncolored options counting as one) for which an
/// item's options are split into lists by color: purifying an item of more
/// tests each option's color in its one list, since looping over many
/// short lists costs more (graceful-wheel-7's vertices have 15, docs/decisions/cells-layout.md).
/// Its labels have 8: split since colors are read as bytes, 4% faster there
/// (docs/decisions/cells-layout.md).
const SPLIT_COLORS: usize = 8;

/// The bit of an item's `end` that marks it covered. Ends stay below it:
/// a problem has fewer than `2^31` entries.
const COVERED: u32 = 1 << 31;

/// Where `undo` returns to: the lengths of the trail and of `covered`, and
/// the number of active primary items.
type Marks = (usize, usize, u32);

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
    /// Where its active entries end (`base` plus how many are active), plus
    /// [`COVERED`] once it is covered: a removal takes its last active
    /// place from this one field, without adding `base` (docs/decisions/cells-layout.md).
    end: u32,
}

impl Item {
    /// How many of its entries are active (it must not be covered).
    fn size(self) -> u32 {
        debug_assert!(self.end & COVERED == 0);
        self.end - self.base
    }

    /// Whether it is active and has no active entry.
    fn is_empty(self) -> bool {
        self.end == self.base
    }
}

/// The sparse-set search state of one problem.
///
/// # Soundness
///
/// The hot steps index unchecked (bounds checks were a fifth of the
/// instructions, docs/decisions/cells-layout.md), relying on these invariants, which
/// [`Cells::new`] establishes and every step keeps (lettered apart from
/// the matrix's (A) to (G) of `matrix/mod.rs`):
///
/// - **(N)** `nodes` ends with a spacer, and every option node is followed
///   by a node of its option or by its spacer; a spacer's `loc` is the
///   first node of the option before it; an option node's `item` is below
///   `items.len()` and its `loc` is a place in that item's range of `set`.
/// - **(S)** Every entry of `set` is an option node of the item whose range
///   it is in (so below `nodes.len()`); `node_color`, if not empty, has one
///   entry per node, and so has `byte_color`, if not empty.
/// - **(I)** Each item's range `base..base + capacity` lies in `set`, and its
///   `end` (without [`COVERED`]) is in `base..=base + capacity`; an option
///   node that a step reaches from an active option is at a place below its
///   active item's end, so that item's size is at least 1 when it is
///   removed (its end above its base, its last active place `end - 1`).
/// - **(O)** Every item of an option in an active item's active range, or
///   of the option being chosen, is active, but for a purified secondary
///   item whose color the option agrees with. (Covering or purifying an item
///   hides each of its options that it does not keep from every other set,
///   so an option left in a set has no covered item, and none of the
///   purified items that it disagrees with. The option being chosen was
///   in its branch item's set.) So without colors a hiding and a choice
///   need not test whether the items they reach are active (docs/decisions/cells-layout.md); with
///   colors, only purified items fail the test.
/// - **(L)** With colors, `group` has an entry `(first, end)` per list,
///   `first <= list < end <= items.len()`: the lists of its item. Only
///   lists of one secondary item share a group, so an option has a node in
///   at most one list of a group (no option names an item twice).
/// - **(P)** `primaries` and `primary_loc` have one entry per primary item,
///   each below the number of primary items; `primary_count` is at most it.
/// - **(T)** `trail[..trail_len]` and `covered[..covered_len]` hold items
///   only; `trail` is as long as `set` and `covered` as `items`.
///
/// The steps store only nodes read from `set` or `nodes`, places inside
/// the range they are working in, and items read from `nodes` or
/// `primaries`; they move entries only within one item's range, always
/// writing the moved node's new place to its `loc`. So nothing they do can
/// break (N), (S), (I), (L) or (P), whatever order they run in.
#[derive(Clone, Debug)]
pub(crate) struct Cells<I: Width> {
    /// The option nodes and spacers.
    nodes: Vec<Node>,
    /// Each node's color plus 1, or [`NO_COLOR`]; empty without colors.
    node_color: Vec<u32>,
    /// `node_color` as bytes, when every color fits in one; else empty.
    /// Purifying an item of one list reads a node's color from here: a
    /// quarter of the memory, so more of it stays in the cache.
    byte_color: Vec<u8>,
    /// With colors, each list's siblings, the lists of its item, as a
    /// range `first..end` of list numbers (L); empty without colors.
    group: Vec<(u32, u32)>,
    /// Each item's range of `set` and where its active entries end.
    items: Vec<Item>,
    /// The items' sparse sets of option nodes, one range per item.
    set: Vec<I>,
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
    /// have the same, else 0 (never), as the matrix's `leaf_width`.
    leaf_width: u32,
    /// Each option's first node in `nodes`.
    option_first: Vec<u32>,
    /// The item of every removal not yet undone, in `trail[..trail_len]`;
    /// as long as `set`, since a node is removed at most once at a time.
    trail: Vec<I>,
    /// How many removals are not yet undone.
    trail_len: usize,
    /// The items covered, most recent last, in `covered[..covered_len]`;
    /// as long as `items`, since an item is covered at most once at a time.
    covered: Vec<u32>,
    /// How many items are covered.
    covered_len: usize,
    /// Statistics since [`Cells::clear_counts`], added up at each undo
    /// from the growth of the trail and of `covered` rather than counted at
    /// each step: the removals undone, ...
    removed: u64,
    /// ... the items covered or purified and uncovered again, ...
    deactivated: u64,
    /// ... the items purified (which are not updates), ...
    purified: u64,
    /// ... and the nodes that purifying kept for agreeing with the color
    /// (cleansings are these and the items purified).
    kept: u64,
    /// The count in pieces paused on these sets, if one is
    /// ([`Cells::count_piece`]): the sets are then as its search left them.
    paused: Option<Box<count::Place>>,
    /// The options of the prefix a count began below (`Cells::begin`),
    /// each with the marks from before it was selected, while the sets
    /// hold it; `None` while they hold no selection. A thread's next job
    /// keeps the options its prefix shares (`Resumable::begin_next`).
    held: Option<Vec<(OptionId, Marks)>>,
}

/// The arrays a covering changes, and the trail's length.
struct Dance<'a, I> {
    /// `Cells::nodes`.
    nodes: &'a mut [Node],
    /// `Cells::items`.
    items: &'a mut [Item],
    /// `Cells::set`.
    set: &'a mut [I],
    /// `Cells::trail`.
    trail: &'a mut [I],
    /// `Cells::trail_len`.
    trail_len: usize,
}

impl<I: Width> Dance<'_, I> {
    /// Removes node `q`, at `place` in `set`, from its active item `item`,
    /// whose entry is `entry`.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // `q` is a node, a `u32` (N)
    fn remove(&mut self, q: usize, place: u32, item: u32, entry: Item) {
        debug_assert!(entry.end > entry.base && place < entry.end);
        let last = entry.end - 1;
        // SAFETY: every trailed removal takes a distinct node out of a set
        // until it is undone, so fewer than `set.len()` are pending (T).
        unsafe { *self.trail.get_unchecked_mut(self.trail_len) = I::of(item) };
        self.trail_len += 1;
        // SAFETY: `item` is read from node `q` (N); `q` is at `place` in
        // its range and active, so `last` is in the range too (I), and
        // `other`, read from `set`, is a node (S).
        unsafe {
            self.items.get_unchecked_mut(item as usize).end = last;
            let other = *self.set.get_unchecked(last as usize);
            *self.set.get_unchecked_mut(last as usize) = I::of(q as u32);
            *self.set.get_unchecked_mut(place as usize) = other;
            self.nodes.get_unchecked_mut(q).loc = last;
            self.nodes.get_unchecked_mut(other.at()).loc = place;
        }
    }

    /// Purifies a list of one item for all its colors for `color`, whose
    /// active places are `base..end`: hides each option whose node's color
    /// in `colors` (`node_color` or `byte_color`) differs; returns how
    /// many agree (kept).
    #[inline(always)]
    fn purify_one<T: Copy + Eq>(&mut self, colors: &[T], color: T, base: usize, end: usize) -> u64 {
        let mut kept = 0;
        for place in base..end {
            // SAFETY: the list's active places are in `set` (I) and
            // hold nodes (S), each with a color in `colors` (S).
            let node = unsafe { *self.set.get_unchecked(place) };
            // SAFETY: as above.
            if unsafe { *colors.get_unchecked(node.at()) } == color {
                kept += 1;
            } else {
                self.hide::<true>(node);
            }
        }
        kept
    }

    /// Hides every active option of list `list` (`hide`).
    #[inline(always)]
    fn hide_list<const C: bool>(&mut self, list: u32) {
        // SAFETY: callers pass a list (N), (L).
        let entry = unsafe { *self.items.get_unchecked(list as usize) };
        let base = entry.base as usize;
        for place in base..(entry.end & !COVERED) as usize {
            // SAFETY: the list's active places are in `set` (I).
            self.hide::<C>(unsafe { *self.set.get_unchecked(place) });
        }
    }

    /// Removes `node`'s option from the sets of its other active items
    /// (`node`'s own item is covered). `C`: whether the problem has colors
    /// (else every other item is active, (O)).
    #[inline(always)]
    fn hide<const C: bool>(&mut self, node: I) {
        // Right to the spacer, then from the option's first node back to
        // `node`: two loops, so neither tests for `node` nor reloads the
        // first node after the spacer (docs/decisions/cells-layout.md). Indices as
        // `usize`, so no zero extension before each load (docs/decisions/cells-layout.md).
        let node = node.at();
        let mut q = node + 1;
        loop {
            // SAFETY: `node` is an option node (read from `set`, (S)), so
            // every `q` up to its option's spacer is a node (N).
            let item = unsafe { self.nodes.get_unchecked(q) }.item;
            if item == SPACER {
                // SAFETY: as above.
                q = unsafe { self.nodes.get_unchecked(q) }.loc as usize;
                break;
            }
            self.hide_node::<C>(q, item);
            q += 1;
        }
        while q != node {
            // SAFETY: from the option's first node (the spacer's `loc`) up
            // to `node` every `q` is a node of the option (N).
            let item = unsafe { self.nodes.get_unchecked(q) }.item;
            self.hide_node::<C>(q, item);
            q += 1;
        }
    }

    /// Removes option node `q`, whose item is `item`, from its item's set
    /// if that item is active. Without colors (`C` false) it is (O): no
    /// test, so no branch (docs/decisions/cells-layout.md). The node's place is read only
    /// for a removal: the walks load the item alone, which is all a
    /// covered item's node needs (graceful-wheel-7: 24 M of 54 M), and no
    /// shift splits an 8-byte load (docs/decisions/cells-layout.md).
    #[inline(always)]
    fn hide_node<const C: bool>(&mut self, q: usize, item: u32) {
        // SAFETY: an option node's item is an item (N).
        let entry = unsafe { *self.items.get_unchecked(item as usize) };
        debug_assert!(C || entry.end & COVERED == 0, "(O) broken");
        if !C || entry.end & COVERED == 0 {
            // SAFETY: `q` is a node (callers).
            let place = unsafe { self.nodes.get_unchecked(q) }.loc;
            self.remove(q, place, item, entry);
        }
    }
}

impl<I: Width> Cells<I> {
    /// The sets of the problem `search` was made for, every item active
    /// (whatever `search` has selected), read from its matrix: options in
    /// order, each set in the order of its item's list. Read from the
    /// matrix rather than from the `Problem`, which `Dlx` does not keep:
    /// the option nodes' `top` (less [`CLEANSED`]), `option_first` and
    /// `color` are written only by the layout, whatever the search or the
    /// selections do since (invariant (A) of `matrix/mod.rs`), so they are
    /// the problem's options at any time (docs/decisions/cells-from-matrix.md).
    ///
    /// # Panics
    ///
    /// If a node or a list does not fit below `I::MAX` ([`AnyCells`]
    /// chooses `I` so that they do).
    pub(crate) fn new(search: &Search) -> Cells<I> {
        let m: &Matrix = &search.matrix;
        let item_count = m.headers() - 2;
        // An option node's item: its header less one (headers start at 1),
        // without the cleansing mark a pre-selection may have set.
        let item_of = |q: u32| (m.top[q as usize] & !CLEANSED) - 1;
        let spans = || m.option_first.iter().map(|first| first.span());
        let colored = search.facts.colors;
        // A node's color, as the matrix keeps it ("index plus 1, or 0").
        let color_of = |q: u32| {
            if colored {
                m.color[q as usize]
            } else {
                NO_COLOR
            }
        };
        // Each item's colors, sorted: one list per color (the uncolored
        // options one more) for an item of at most `SPLIT_COLORS`, else one
        // for all; at least one list per item.
        let mut colors_of: Vec<Vec<u32>> = vec![Vec::new(); item_count];
        for span in spans() {
            for q in span.first()..span.first() + span.size() {
                let colors = &mut colors_of[item_of(q) as usize];
                if let Err(at) = colors.binary_search(&color_of(q)) {
                    colors.insert(at, color_of(q));
                }
            }
        }
        let mut first_list = Vec::with_capacity(item_count);
        let mut group = Vec::new();
        let mut lists = 0u32;
        for colors in &mut colors_of {
            if colors.is_empty() {
                colors.push(NO_COLOR);
            }
            let count = if colors.len() <= SPLIT_COLORS {
                to_u32(colors.len())
            } else {
                colors.clear();
                1
            };
            first_list.push(lists);
            group.extend((0..count).map(|_| (lists, lists + count)));
            lists += count;
        }
        // A node's list: its item's, or with colors its item's of its
        // color (primary items and every item without colors have one, so
        // items and lists are numbered alike then).
        let list_of = |q: u32| {
            let item = item_of(q) as usize;
            // An item of one list for all its colors has none left here.
            let at = colors_of[item].binary_search(&color_of(q));
            first_list[item] + to_u32(at.unwrap_or_default())
        };
        let mut items = vec![Item::default(); lists as usize];
        let mut entries = 0;
        for span in spans() {
            for q in span.first()..span.first() + span.size() {
                items[list_of(q) as usize].end += 1;
                entries += 1;
            }
        }
        let mut next = 0u32;
        for item in &mut items {
            item.base = next;
            next += std::mem::take(&mut item.end);
            item.end = item.base;
        }
        // Every node (the spacers one per option and one first), and so
        // every place, and every list below `I::MAX`: the steps convert
        // with `as` (`Width`).
        let limit = u64::from(I::MAX.get());
        assert!((entries + m.option_count() + 1) as u64 <= limit && u64::from(lists) < limit);
        let primary = m.primary;
        let mut cells = Cells {
            nodes: Vec::with_capacity(entries + m.option_count() + 1),
            node_color: Vec::new(),
            byte_color: Vec::new(),
            group: if colored { group } else { Vec::new() },
            items,
            set: vec![I::default(); next as usize],
            primaries: (0..primary).collect(),
            primary_loc: (0..primary).collect(),
            primary_count: primary,
            primary,
            leaf_width: search.leaves.width(),
            option_first: Vec::with_capacity(m.option_count()),
            // At most every entry is removed at once, each item covered once.
            trail: vec![I::default(); entries],
            trail_len: 0,
            covered: vec![0; lists as usize],
            covered_len: 0,
            removed: 0,
            deactivated: 0,
            purified: 0,
            kept: 0,
            paused: None,
            held: None,
        };
        cells.push_node(SPACER, 0, NO_COLOR, colored);
        for span in spans() {
            let first = to_u32(cells.nodes.len());
            cells.option_first.push(first);
            for q in span.first()..span.first() + span.size() {
                let item = list_of(q);
                let entry = &mut cells.items[item as usize];
                let place = entry.end;
                entry.end += 1;
                cells.set[place as usize] = I::of(to_u32(cells.nodes.len()));
                cells.push_node(item, place, color_of(q), colored);
            }
            cells.push_node(SPACER, first, NO_COLOR, colored);
        }
        // Every color a byte (graceful-wheel-7 has 15): the bytes.
        let bytes: Result<Vec<u8>, _> = cells.node_color.iter().map(|&c| u8::try_from(c)).collect();
        cells.byte_color = bytes.unwrap_or_default();
        cells
    }

    /// Appends a node (and its color if the problem has colors).
    fn push_node(&mut self, item: u32, loc: u32, color: u32, colored: bool) {
        self.nodes.push(Node { item, loc });
        if colored {
            self.node_color.push(color);
        }
    }

    /// Chooses option `k`, whose first primary item's node is the `at`-th
    /// of the option, as a pre-selection does: covers that item, then
    /// commits the others from it on round the option, the order the
    /// matrix's `select` takes (which matters for the updates only).
    /// `C`: whether the problem has colors.
    fn select<const C: bool>(&mut self, k: usize, at: u32) {
        let node = self.option_first[k] + at;
        let item = self.nodes[node as usize].item;
        // `choose` walks round the option from `node` unchecked: it must be
        // an option node (N), whatever `at` the caller passed.
        assert!(item != SPACER, "option {k} has no node {at}");
        self.cover::<C>(item);
        self.choose::<C>(I::of(node));
    }

    /// The option of option node `node` (N): the one its spacer starts.
    fn option_of(&self, node: usize) -> OptionId {
        let after = self.nodes[node..].iter().position(|n| n.item == SPACER);
        let spacer = node + after.expect("a spacer after every option");
        let first = self.nodes[spacer].loc;
        let k = self
            .option_first
            .binary_search(&first)
            .expect("a spacer holds its option's first node");
        OptionId::from_u32(to_u32(k))
    }

    /// Forgets the statistics counted so far.
    fn clear_counts(&mut self) {
        (self.removed, self.deactivated, self.purified, self.kept) = (0, 0, 0, 0);
    }

    /// Knuth's updates since [`clear_counts`](Self::clear_counts), with
    /// `marks` the [`marks`](Self::marks) then: an item covered, or a node
    /// removed.
    fn updates(&self, (trail, covered, _): Marks) -> u64 {
        self.removed
            + (self.trail_len - trail) as u64
            + self.deactivated
            + (self.covered_len - covered) as u64
            - self.purified
    }

    /// Knuth's cleansings since [`clear_counts`](Self::clear_counts).
    fn cleansings(&self) -> u64 {
        self.purified + self.kept
    }

    /// The marks `undo` returns to.
    fn marks(&self) -> Marks {
        (self.trail_len, self.covered_len, self.primary_count)
    }

    /// Restores the sizes and the active items as they were at `marks`.
    /// Sizes only grow back and flags only clear, so the order is free.
    /// Inlined at the search's two calls (a call per search-tree node and
    /// per option tried: 1.3% of queens-12's instructions, docs/decisions/cells-layout.md).
    #[inline(always)]
    fn undo(&mut self, (trail, covered, primaries): Marks) {
        self.removed += (self.trail_len - trail) as u64;
        self.deactivated += (self.covered_len - covered) as u64;
        for &item in &self.trail[trail..self.trail_len] {
            // SAFETY: the trail holds items (T).
            unsafe { self.items.get_unchecked_mut(item.at()).end += 1 };
        }
        self.trail_len = trail;
        for &item in &self.covered[covered..self.covered_len] {
            // SAFETY: `covered` holds items (T).
            unsafe { self.items.get_unchecked_mut(item as usize).end &= !COVERED };
        }
        self.covered_len = covered;
        // Covered primaries were swapped past the end, most recent first:
        // the count they were covered from restores `primaries` (a store,
        // not a test an item covered: docs/decisions/cells-layout.md).
        self.primary_count = primaries;
    }

    /// Marks `item` covered, and takes a primary item out of `primaries`.
    fn deactivate(&mut self, item: u32) {
        debug_assert!((item as usize) < self.items.len());
        // SAFETY: callers pass an item read from a node (N) or from
        // `primaries` (P).
        unsafe { self.items.get_unchecked_mut(item as usize).end |= COVERED };
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
    /// than reloading them from `self` after every store (docs/decisions/leaves.md).
    fn dance(&mut self) -> Dance<'_, I> {
        Dance {
            nodes: &mut self.nodes,
            items: &mut self.items,
            set: &mut self.set,
            trail: &mut self.trail,
            trail_len: self.trail_len,
        }
    }

    /// Covers `item`: no remaining option may contain it. `C`: whether the
    /// problem has colors.
    #[inline(always)]
    fn cover<const C: bool>(&mut self, item: u32) {
        self.deactivate(item);
        if C && item >= self.primary {
            // Every option of the item, whatever its color: its lists'.
            // SAFETY: `item` is a list (callers), so it has a group (L).
            let (first, end) = unsafe { *self.group.get_unchecked(item as usize) };
            let mut dance = self.dance();
            for list in first..end {
                dance.hide_list::<C>(list);
            }
            self.trail_len = dance.trail_len;
        } else {
            let mut dance = self.dance();
            dance.hide_list::<C>(item);
            self.trail_len = dance.trail_len;
        }
    }

    /// Purifies a secondary item for the color of its list `list`: only
    /// options that give it that color remain (Algorithm C). They are the
    /// list's, so purifying hides its siblings' options, with no color to
    /// test, and counts the nodes it keeps as agreeing (cleansings) with
    /// one load (docs/decisions/cells-layout.md).
    #[inline(always)]
    fn purify(&mut self, list: u32, color: u32) {
        self.deactivate(list);
        // SAFETY: `list` is a list (callers), so it has a group (L).
        let (first, end) = unsafe { *self.group.get_unchecked(list as usize) };
        if end - first == 1 {
            // One list for all the item's colors: test each option's.
            let entry = self.items[list as usize];
            let base = entry.base as usize;
            let end = (entry.end & !COVERED) as usize;
            // `dance()`'s borrows, taken field by field so that the color
            // vectors stay readable beside them (docs/decisions/rejected.md).
            let Cells {
                nodes,
                items,
                set,
                trail,
                trail_len,
                node_color,
                byte_color,
                ..
            } = self;
            let mut dance = Dance {
                nodes,
                items,
                set,
                trail,
                trail_len: *trail_len,
            };
            let kept = match u8::try_from(color) {
                Ok(byte) if !byte_color.is_empty() => dance.purify_one(byte_color, byte, base, end),
                _ => dance.purify_one(node_color, color, base, end),
            };
            *trail_len = dance.trail_len;
            self.purified += 1;
            self.kept += kept;
            return;
        }
        let mut dance = self.dance();
        // SAFETY: as above.
        let entry = unsafe { *dance.items.get_unchecked(list as usize) };
        let kept = (entry.end & !COVERED) - entry.base;
        for other in (first..list).chain(list + 1..end) {
            dance.hide_list::<true>(other);
        }
        self.trail_len = dance.trail_len;
        self.purified += 1;
        self.kept += u64::from(kept);
    }

    /// Covers (or purifies) the items of `node`'s option other than its own.
    /// `C`: whether the problem has colors (else `node_color` is empty).
    /// Inlined at its two calls in the search: 1.5% fewer instructions
    /// (docs/decisions/dancing-cells.md).
    #[inline(always)]
    fn choose<const C: bool>(&mut self, node: I) {
        let node = node.at();
        let mut q = node + 1;
        loop {
            // SAFETY: `node` is an option node, read from `set` (S), so the
            // walk round its option stays on nodes (N), as in `hide`.
            let mut n = unsafe { *self.nodes.get_unchecked(q) };
            if n.item == SPACER {
                q = n.loc as usize;
                // SAFETY: as above.
                n = unsafe { *self.nodes.get_unchecked(q) };
            }
            if q == node {
                break;
            }
            // SAFETY: an option node's item is an item (N).
            let entry = unsafe { *self.items.get_unchecked(n.item as usize) };
            debug_assert!(C || entry.end & COVERED == 0, "(O) broken");
            // Without colors every other item is active (O).
            if !C || entry.end & COVERED == 0 {
                let color = if C {
                    // SAFETY: with colors, every node has a color (S).
                    unsafe { *self.node_color.get_unchecked(q) }
                } else {
                    NO_COLOR
                };
                if color == NO_COLOR {
                    self.cover::<C>(n.item);
                } else {
                    self.purify(n.item, color);
                }
            }
            q += 1;
        }
    }

    /// Whether the removals since trail mark `since`, those of choosing
    /// the option that led to this node, emptied a primary item that its
    /// option does not cover: the matrix gives up such a covering as
    /// doomed (`Matrix::dooms`) and counts the node below as a dead end
    /// without entering it, where the choice of item could otherwise find
    /// an item of one option first and go on. An active primary item with
    /// no option left that the choice trailed had one before it; one it
    /// did not trail was empty before (so no doom). Only called when the
    /// scan found an empty item (`choose_item`), so the removals pay
    /// nothing for it (docs/decisions/dancing-cells.md).
    ///
    /// `empty` is the empty item the scan found: if the choice trailed it,
    /// that settles it, with a search for one value (docs/decisions/dancing-cells.md).
    #[cold]
    fn doomed(&self, since: usize, empty: u32) -> bool {
        let trailed = &self.trail[since..self.trail_len];
        trailed.contains(&I::of(empty))
            || trailed
                .iter()
                .any(|&item| item.get() < self.primary && self.items[item.at()].is_empty())
    }

    /// The item the matrix's scan chooses (`Matrix::shortest_item`): the
    /// leftmost active primary item with at most one active option, else
    /// the leftmost with the fewest; `None` if every primary item is
    /// covered. That is the leftmost with the fewest unless an item has
    /// none and one of a single option is to its left. So the scan looks
    /// for the fewest, stopping at an empty item as Knuth's does, and
    /// returns it as `Err` then; the caller sees whether the node is doomed (a
    /// dead end the matrix never enters), and only if not scans again with
    /// [`leftmost_single`](Self::leftmost_single): the sparse set keeps no
    /// order (docs/decisions/dancing-cells.md).
    #[inline(always)]
    fn choose_item(&self) -> Result<Option<u32>, u32> {
        let mut best = u64::MAX;
        for &item in &self.primaries[..self.primary_count as usize] {
            // SAFETY: `primaries` holds primary items (P).
            let size = unsafe { *self.items.get_unchecked(item as usize) }.size();
            let key = u64::from(size) << 32 | u64::from(item);
            best = best.min(key);
            if size == 0 {
                return Err(item);
            }
        }
        Ok(u32::try_from(best & 0xffff_ffff)
            .ok()
            .filter(|_| best != u64::MAX))
    }

    /// The leftmost active primary item with at most one active option
    /// (there is one: the caller found an empty item).
    #[cold]
    fn leftmost_single(&self) -> u32 {
        self.primaries[..self.primary_count as usize]
            .iter()
            .copied()
            .filter(|&item| self.items[item as usize].size() <= 1)
            .min()
            .unwrap_or(u32::MAX)
    }
}
