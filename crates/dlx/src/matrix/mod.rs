//! The dancing-links matrix and the search that dances on it: the engine's
//! only module with `unsafe` code.
//!
//! All nodes live in one arena addressed by `u32` indices, laid out as in
//! Knuth's DLX1 (TAOCP 7.2.2.1, Table 1):
//!
//! ```text
//! index:  0      1 ..= N        N+1      option 0 nodes   spacer   option 1 nodes   spacer ...
//!         root   item headers   spacer   (one per item)
//! ```
//!
//! Item `k` (an [`ItemId`](crate::ItemId)) has header node `k + 1`. A header's
//! `up`/`down` are the ends of its item's circular vertical list of option
//! nodes and its `top` holds the list's length (plus [`SECONDARY_BIAS`] for a
//! secondary item, and [`COVER_BIAS`] while the item is out of the
//! active-item lists). Each `up`/`down` value is a [`Link`]: the node index, and
//! for an option node also its place in its option (see `link.rs`). An option
//! node's `top` is its item's header and `option_of` its option. A spacer's
//! `top` is 0 (the root, which no option names).
//!
//! The arena is stored as a structure of arrays, one `Vec` per field (24
//! bytes a node in all: 8 for each link, 4 for `top` and for the option). The
//! hot loops write `down[u]` and `up[d]` for vertical neighbours scattered
//! over the arena; with separate arrays a cache line holds 8 of those links
//! rather than a few whole nodes, which made the pentomino count 15% faster
//! (docs/decisions/arena-layout.md).
//!
//! The horizontal list of items still to be covered lives in `left`/`right`,
//! indexed by header: the primary items form a circular list through the root
//! 0, the secondary items one through the extra header `N + 1`, so the search
//! never looks at secondary items when choosing what to branch on. The
//! search made for a width (options of four nodes, no colors: `hide.rs`,
//! `fixed.rs`) does not keep these lists: it finds the active items by
//! their lengths' [`COVER_BIAS`] alone, so while its levels are on the
//! stack the lists are those of its start (invariant (G)).
//!
//! # Soundness
//!
//! Bounds checks were a fifth to a quarter of the hot loops' instructions
//! (docs/decisions/arena-layout.md), so the steps index the arena unchecked. Every
//! such access (in `cover.rs`, `hide.rs`, `color.rs`, `tweak.rs`,
//! `forced.rs`, `fixed.rs`, `bulk.rs`, `leaves.rs`, `scan.rs`, `layout.rs`)
//! relies on these invariants, which
//! [`Matrix::new`] establishes (and, in debug builds, so in every test and
//! under Miri, checks over the whole arena: `validate`), and which every step
//! keeps:
//!
//! - **(A)** `up`, `down`, `top` and `option_of` have one length, the arena's
//!   `n`; the node of every link stored in `up` or `down` is below `n`; the
//!   `top` of every option node is a header, `1..=N`, plus [`CLEANSED`]
//!   while purifying its item has cleansed the node (only with colors);
//!   every reader of an option node's `top` tests or clears that bit
//!   ([`Matrix::node_entry`]) before it uses the header.
//! - **(B)** `left` and `right` have `N + 2 <= n` entries, each below `N + 2`.
//! - **(C)** Every [`Link`] to an option node carries that node's true place
//!   in its option, so the nodes of its span are the option's nodes, all
//!   option nodes below `n`; a link to a header or spacer spans that node
//!   alone.
//! - **(D)** If the problem has colors (`path::has_colors`), `color` has
//!   `n` entries and `item_color` one per header, else both are empty; if
//!   its kind is Algorithm M's, `bound` and `slack` have one per header,
//!   else both are empty. Only steps for colors (`C = true`) read the first
//!   two, and only steps for multiplicities (`M = true`) the other two;
//!   a search calls its steps with `C` and `M` as its problem says
//!   (`Search::facts`, fixed when it is made: the path's `colors`, and the
//!   links loops for multiplicities only for [`Kind::Multiplicities`](crate::problem::Kind)).
//! - **(E)** [`CLEANSED`] is set only by steps for colors (`C = true`), and
//!   a search calls every step with one `C`, `Search::colors`, fixed when
//!   it is made; so a matrix whose nodes may be cleansed is only walked by
//!   steps that test the mark before they index with a `top`.
//! - **(F)** `single`, the forced-first search's hint (`forced.rs`), is 0
//!   or a header: it is set to 0 or to a header read from an option node's
//!   `top` (not cleansed) while hiding, nothing else.
//! - **(G)** A header's `top` carries [`COVER_BIAS`] (added wrapping)
//!   exactly while its item is inactive (covered, or deactivated by
//!   Algorithm M); so in an arena of fewer than `2^30` nodes a header's
//!   `top` has the bias's bit clear if and only if its item is active. The
//!   active-item lists hold exactly the active items, with one exception:
//!   the steps made for a width without colors ([`keeps_item_lists`] false:
//!   the forced-first search made for a width, `fixed.rs`, and its replay
//!   of paths, `frontier.rs`) add and take off the bias alone and leave the
//!   lists alone. While levels those steps made are on the search's stack
//!   (`Search::lists_frozen`), the lists are those of when the first of them
//!   was made, after the pre-selections: they hold every active item, and
//!   also those the levels covered; only the biases say which are active,
//!   and nothing reads or writes the lists until the levels are undone by
//!   the same steps (`discard.rs`, which then leaves the lists exactly as
//!   they were) or forgotten by a layout that writes them anew (`bulk.rs`).
//!   The search's one `SearchPath` (`path.rs`) says which steps made the
//!   levels on the stack, and every step that undoes or replays them
//!   matches on it: it is chosen again only with none there (`start` and
//!   `set_forced` undo a search in progress first). [`Matrix::check_lists`] tests both forms.
//!   No unchecked access rests on (G): the pass that reads the biases
//!   (`scan.rs`) indexes `top[1..=primary]` with a checked slice, and the
//!   lists keep (B) however stale.
//!
//! (D) makes the four arrays only for the problems whose searches run the
//! steps that read them: each is an allocation and a free, a tenth of a
//! small problem's solver (docs/decisions/matrix-arrays-by-kind.md). A step
//! for colors or multiplicities run on a matrix without its arrays would
//! index an empty array; debug builds assert every unchecked index, so that
//! fails every test (and Miri run) that reaches it. Nothing outside this module can reach
//! the invariants: the fields are private to it,
//! the only code that stores into them is the layout (`layout.rs`, and
//! `bulk.rs` laying out anew) and the steps (`cover.rs`, `hide.rs`,
//! `color.rs`, `tweak.rs`, `forced.rs`, `fixed.rs`), and the search state
//! that holds links and headers between steps (`search.rs`) lives here too, with exactly
//! one matrix. The steps keep (A) to (C) whatever order they are called in:
//! they store only values read from the arena, a header taken from a node's
//! `top`, or a link to a node of the span they are walking
//! ([`link::OptionSpan`]); they write `top` only at headers, but for setting
//! and clearing [`CLEANSED`]; and every walk around an option visits only the
//! nodes of the span other than its start, none for a link to a header. So a
//! search that went wrong could corrupt the lists (which [`Matrix::check_lists`],
//! Knuth's `sanity()`, finds), but could not index outside the arena. Debug
//! builds assert every index, and CI runs the unit tests under Miri.

#![allow(unsafe_code)]

mod arrays;
mod bits;
mod bounded;
mod bounded_levels;
mod bulk;
mod cells;
mod color;
mod cover;
mod discard;
mod fixed;
mod forced;
mod forced_first;
mod frame;
mod frontier;
mod hide;
mod layout;
mod leaves;
mod link;
mod path;
mod scan;
mod search;
mod select;
mod shuffle;
#[cfg(test)]
pub(crate) mod test_problems;
mod tweak;

pub(crate) use bits::Bits;
pub(crate) use bits::bounded::{BoundedBits, fits as fits_bounded_bits};
pub(crate) use bulk::Columns;
pub(crate) use cells::{AnyCells, Counter, Frontier, NoReport, PauseAt, Report, Resumable};
pub(crate) use frontier::RandomChild;
pub(crate) use link::MAX_OPTION_LEN;
pub(crate) use path::bits_win as counts_on_bits;
pub use path::{CellsWidth, LinksLoop, SearchPath};
pub(crate) use search::Search;
pub(crate) use select::blocked_options;

use link::Link;

/// A spacer's `top`: the root, which never heads a vertical list.
const SPACER: u32 = 0;

/// Added to a secondary item's length. Hiding the last option of a
/// secondary item then never looks like emptying it, so the only items whose
/// lists can empty (which dooms an option, `cover.rs`) are primary ones, and
/// one emptied secondary item cannot hide an emptied primary one.
const SECONDARY_BIAS: u32 = 1 << 31;

/// Added to an item's length while the item is inactive (covered, or
/// deactivated by Algorithm M), taken off again when it is active again:
/// [`Matrix::unlink_item`] and [`Matrix::relink_item`] with the active-item
/// lists, [`Matrix::take_out_item`] and [`Matrix::put_back_item`] and the
/// steps of `fixed.rs` and `forced.rs` without them in the search made for a
/// width. A covered item's length changes only by Algorithm M's tweaks,
/// which add and subtract, so the bias comes off exactly, whatever the
/// length. In an arena of fewer than `2^30` nodes every length is below it,
/// so there the headers' `top`s alone tell which items are active: the MRV
/// choice of the search made for a width is one pass over them with no
/// list to follow ([`Matrix::shortest_item_in_order`], docs/decisions/mrv-scan.md),
/// and that search keeps no list at all (invariant (G), docs/decisions/listless-lists.md).
const COVER_BIAS: u32 = 1 << 30;

/// The root of the list of active primary items.
const ROOT: u32 = 0;

/// Whether the steps made with colors `C` (`colors`) and width `W`
/// (`width`) keep the active-item lists (`left`/`right`) as well as the
/// biases: all but those made for a width without colors, whose search
/// finds the active items by their biases alone (invariant (G), docs/decisions/listless-lists.md).
const fn keeps_item_lists(colors: bool, width: u32) -> bool {
    colors || width == 0
}

/// The color [`Matrix::node_entry`] reports for a node that purifying its
/// item has cleansed: its option agrees with the color the item has now
/// (`item_color`), and the node is left in its list untouched until the item
/// is unpurified (`color.rs`).
const PURIFIED: u32 = u32::MAX;

/// The bit of an option node's `top` that marks it cleansed (see
/// [`PURIFIED`]). It sits in the `top` that hiding reads anyway, not in
/// `color`, so that hiding with colors reads three arrays per node, as
/// without them (docs/decisions/const-generic-colors.md). Headers are below `2^31`, so the bit is
/// free: `Problem::builder` takes fewer than `INDEX_LIMIT / 2` items.
const CLEANSED: u32 = 1 << 31;

/// An item's header node (or one of the two roots), as the matrix hands it
/// out: only [`Header::new_unchecked`] makes one, and its callers make sure
/// the value is below the number of headers, `N + 2` (invariant (B)), which
/// is all the steps rely on. Every index `left`, `right`, `up`, `down` or
/// `top` is read at is then in bounds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Header(u32);

impl Header {
    /// The header `h`.
    ///
    /// # Safety
    ///
    /// `h` is below the number of headers (`N + 2`) of the matrix it will be
    /// used with.
    #[inline(always)]
    unsafe fn new_unchecked(h: u32) -> Self {
        Header(h)
    }

    /// The header's index in the arena.
    #[inline(always)]
    fn get(self) -> u32 {
        self.0
    }

    /// The item whose header this is (header `k + 1` is item `k`); the
    /// roots have none.
    fn item(self) -> Option<crate::index::ItemId> {
        self.0.checked_sub(1).map(crate::index::ItemId::from_u32)
    }
}

/// The dancing-links matrix of one problem; the invariants on the fields are
/// (A) to (D) above.
#[derive(Clone, Debug)]
struct Matrix {
    /// Previous node in node `x`'s vertical list. For every node `x` in an
    /// active list: `down[up[x]]` links to `x`.
    up: Vec<Link>,
    /// Next node in the vertical list. For every node `x` in an active list:
    /// `up[down[x]]` links to `x`.
    down: Vec<Link>,
    /// Option node: its item's header. Header: the number of option nodes in
    /// its list (Knuth's LEN), plus [`SECONDARY_BIAS`] if the item is
    /// secondary, plus [`COVER_BIAS`] (wrapping) while it is out of the
    /// active-item lists. Spacer: [`SPACER`].
    top: Vec<u32>,
    /// Option node: the option it belongs to. Header, spacer and root: 0.
    option_of: Vec<u32>,
    /// Left neighbour in the active-item lists, indexed by header (0 is the
    /// primary root, `N + 1` the secondary root). For every active header
    /// `h`: `right[left[h]] == h`.
    left: Vec<u32>,
    /// Right neighbour in the active-item lists. For every active header
    /// `h`: `left[right[h]] == h`.
    right: Vec<u32>,
    /// `option_first[k]` links to the first node of option `k`.
    option_first: Vec<Link>,
    /// The number of primary items.
    primary: u32,
    /// Option node: 0 if it gives its item no color, else the color's index
    /// plus 1 (whether cleansed or not: that is a bit of `top`). Headers and
    /// spacers: 0. One entry per node; empty for a problem without colors.
    color: Vec<u32>,
    /// Header: the color (index plus 1) its item has been purified with, or
    /// 0. One entry per header; empty for a problem without colors.
    item_color: Vec<u32>,
    /// Primary header: how many more options may cover the item (Knuth's
    /// BOUND, its upper bound to start with); 0 once it is covered. One
    /// entry per header for Algorithm M, else empty.
    bound: Vec<u32>,
    /// Primary header: upper bound less lower bound (Knuth's SLACK); never
    /// changes. One entry per header for Algorithm M, else empty.
    slack: Vec<u32>,
    /// Knuth's cleansings: nodes purifying has marked, and purifications.
    cleansings: u64,
    /// The forced-first search's hint (`forced.rs`): the header of an item
    /// that the last option covered left with one option, or 0. Only a
    /// hint, tested before it is used, so no invariant rests on it.
    single: u32,
}

/// Entry `x` of one of the arena's arrays, read.
///
/// # Safety
///
/// `x < array.len()`.
#[inline(always)]
unsafe fn get<T: Copy>(array: &[T], x: u32) -> T {
    debug_assert!((x as usize) < array.len(), "index {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { *array.get_unchecked(x as usize) }
}

/// Entry `x` of one of the arena's arrays, for writing.
///
/// # Safety
///
/// `x < array.len()`.
#[inline(always)]
unsafe fn entry<T>(array: &mut [T], x: u32) -> &mut T {
    debug_assert!((x as usize) < array.len(), "index {x} outside the arena");
    // SAFETY: the caller guarantees `x` is in bounds.
    unsafe { array.get_unchecked_mut(x as usize) }
}

impl Matrix {
    /// The number of options.
    fn option_count(&self) -> usize {
        self.option_first.len()
    }

    /// The number of headers, the roots included (`N + 2`).
    fn headers(&self) -> usize {
        self.left.len()
    }

    /// Whether header `h` is still in an active-item list.
    fn is_active(&self, h: Header) -> bool {
        let h = h.get() as usize;
        self.right[self.left[h] as usize] as usize == h
    }

    /// The header `h`, if it is one (a root included).
    #[cfg(test)]
    fn header(&self, h: u32) -> Option<Header> {
        // SAFETY: `h` is checked to be below the number of headers.
        ((h as usize) < self.headers()).then(|| unsafe { Header::new_unchecked(h) })
    }

    /// The entries of option `k`, in order: each item's header and the
    /// color its node has now (0, a color index plus 1, or [`PURIFIED`]);
    /// `None` if there is no such option. `C` as for the steps: whether the
    /// problem has colors (without them every color is 0, and neither the
    /// colors nor the cleansed mark are read).
    fn option_entries<const C: bool>(
        &self,
        k: usize,
    ) -> Option<impl Iterator<Item = (Header, u32)> + '_> {
        let span = self.option_first.get(k)?.span();
        Some((span.first()..span.first() + span.size()).map(move |q| {
            // SAFETY: (C): a link in `option_first` is to an option node, so
            // `q` is a node of the option; (E): a search whose steps may
            // cleanse nodes calls this with `C` true, so the mark is tested.
            unsafe { self.node_entry::<C>(q) }
        }))
    }

    /// The item of option node `q` and the color its node has now: 0, a
    /// color index plus 1, or [`PURIFIED`] while cleansed. Without colors
    /// (not `C`) the color is 0 and neither `color` nor the mark is read.
    ///
    /// # Safety
    ///
    /// `q` is an option node: then by (A) its `top`, less [`CLEANSED`], is
    /// a header; and `C` only if the problem has colors, for which (D) gives
    /// it a `color` entry.
    #[inline(always)]
    unsafe fn node_entry<const C: bool>(&self, q: u32) -> (Header, u32) {
        // SAFETY: as the caller guarantees.
        unsafe {
            let top = get(&self.top, q);
            if !C {
                (Header::new_unchecked(top), 0)
            } else if top & CLEANSED != 0 {
                (Header::new_unchecked(top & !CLEANSED), PURIFIED)
            } else {
                (Header::new_unchecked(top), get(&self.color, q))
            }
        }
    }

    /// The first primary item of option `k` (every option has one) and a
    /// link to its node.
    ///
    /// # Panics
    ///
    /// If there is no option `k`.
    fn first_primary(&self, k: usize) -> (Header, Link) {
        let span = self.option_first[k].span();
        let last = span.first() + span.size() - 1;
        let mut q = span.first();
        // SAFETY: (C): `q` stays on the option's nodes, from the first to at
        // most the last, and by (A) the top of each is a header.
        let h = unsafe {
            while get(&self.top, q) > self.primary && q < last {
                q += 1;
            }
            Header::new_unchecked(get(&self.top, q))
        };
        (h, span.link_to(q))
    }

    /// The option of option node `p`, or `None` for a link to a header
    /// (Algorithm M's null move).
    fn option_of(&self, p: Link) -> Option<crate::index::OptionId> {
        ((p.node() as usize) >= self.headers())
            .then(|| crate::index::OptionId::from_u32(self.option_of[p.node() as usize]))
    }

    /// Whether every link, length, color and bound is as in `other`: what a
    /// search must restore (the cleansing counter is no part of it).
    fn same_links(&self, other: &Matrix) -> bool {
        self.up == other.up
            && self.down == other.down
            && self.top == other.top
            && self.option_of == other.option_of
            && self.left == other.left
            && self.right == other.right
            && self.option_first == other.option_first
            && self.primary == other.primary
            && self.color == other.color
            && self.item_color == other.item_color
            && self.bound == other.bound
            && self.slack == other.slack
    }

    /// Knuth's `sanity()`: checks every invariant of the links that are
    /// currently active: the item lists close, every active item's vertical
    /// list closes with `top` and `len` right (a purified item's list keeps
    /// every node it had, as nothing unlinks them), only purified items hold
    /// cleansed nodes, and an active primary item may still take an option.
    /// Returns a description of the first violation.
    ///
    /// `frozen` says whether the active-item lists are frozen (invariant
    /// (G)): then an item is active if its `top` is free of the bias, and
    /// must be in the lists (which may hold covered items too); else the
    /// lists say which items are active, and in a small arena the biases
    /// must agree.
    fn check_lists(&self, frozen: bool) -> Result<(), String> {
        let items = self.headers() - 2;
        if self.top[ROOT as usize] != 0 {
            // The MRV scan ends at the root by its `top` (`scan.rs`).
            return Err(format!("the root's top is {}", self.top[ROOT as usize]));
        }
        for root in [0, items + 1] {
            let mut h = root;
            let mut steps = 0;
            loop {
                let r = self.right[h] as usize;
                if self.left[r] as usize != h {
                    return Err(format!("item list: left[right[{h}]] != {h}"));
                }
                h = r;
                steps += 1;
                if h == root {
                    break;
                }
                if steps > items + 1 {
                    return Err(format!("item list from {root} does not close"));
                }
            }
        }
        let small = self.top.len() < COVER_BIAS as usize;
        if frozen && !small {
            return Err("the item lists are frozen in a large arena".into());
        }
        for h in 1..=items {
            let listed = self.right[self.left[h] as usize] as usize == h;
            let unbiased = self.top[h] & COVER_BIAS == 0;
            let active = if frozen { unbiased } else { listed };
            if (frozen && active && !listed) || (!frozen && small && active != unbiased) {
                // The MRV pass of the search made for a width reads this.
                return Err(format!(
                    "item {}: listed is {listed} but its top is {:#x}",
                    h - 1,
                    self.top[h]
                ));
            }
            if !active {
                continue;
            }
            let mut x = h;
            let mut count = 0;
            loop {
                let d = self.down[x].node() as usize;
                if self.up[d].node() as usize != x {
                    return Err(format!("item {}: up[down[{x}]] != {x}", h - 1));
                }
                x = d;
                if x == h {
                    break;
                }
                if (self.top[x] & !CLEANSED) as usize != h {
                    return Err(format!("item {}: node {x} has top {}", h - 1, self.top[x]));
                }
                // Without colors there is no `item_color`: no item is purified.
                if self.top[x] & CLEANSED != 0 && self.item_color.get(h).copied().unwrap_or(0) == 0
                {
                    return Err(format!(
                        "item {}: node {x} cleansed, item not purified",
                        h - 1
                    ));
                }
                count += 1;
                if count > self.top.len() {
                    return Err(format!("item {}: vertical list does not close", h - 1));
                }
            }
            // Without Algorithm M there is no `bound`: every bound stays 1.
            if h <= self.primary as usize && self.bound.get(h) == Some(&0) {
                return Err(format!("item {}: active with bound 0", h - 1));
            }
            let len = if h <= self.primary as usize {
                self.top[h]
            } else {
                self.top[h].wrapping_sub(SECONDARY_BIAS)
            };
            if len as usize != count {
                return Err(format!(
                    "item {}: len is {len} but the list holds {count}",
                    h - 1
                ));
            }
        }
        Ok(())
    }

    /// [`check_lists`](Self::check_lists) of lists that are not frozen: the
    /// matrix's own steps, as the tests call them.
    #[cfg(test)]
    fn check(&self) -> Result<(), String> {
        self.check_lists(false)
    }

    /// Points node `node`'s `up` link at header `to`, for tests that need a
    /// broken list. Both must be in the arena, so (A) to (C) still hold: the
    /// damage is only to the lists, which [`check_lists`](Self::check_lists)
    /// must find.
    #[cfg(test)]
    fn misdirect_up(&mut self, node: u32, to: u32) {
        assert!((node as usize) < self.up.len() && (to as usize) < self.headers());
        // SAFETY: `to` is checked to be a header, so the link keeps (A) and
        // has an empty span, which keeps (C).
        self.up[node as usize] = unsafe { Link::to_header(to) };
    }
}
