//! A count on bitsets for exact cover of few options: the live
//! options are one bitset, each option has the bitset of the options it
//! conflicts with (those sharing an item with it, itself included), and
//! each open primary item its number of live options. Choosing an option
//! clears its conflicts from a copy of the live set and counts down the
//! items of each option cleared; undoing it is dropping the copy
//! (`count.rs` is the search, docs/decisions/bitset-count.md the why).
//!
//! It walks the links' tree node for node (`search.rs` with `leaves.rs`):
//! the same item at each node (the first open primary item with at most
//! one live option, else the first of the fewest: `Matrix::shortest_item`),
//! its options in the order of the item's list (option order, as the
//! layout links them), the same leaves counted at once, and the same dead
//! ends: the links give up an option whose covering empties a primary item
//! it does not cover (`Matrix::dooms`), noting only the last item each
//! hidden option empties; when a choice here empties an open item,
//! [`Bits::links_give_up`] works out from the hiding options' walks
//! whether the links notice.
//!
//! # Layout
//!
//! States are *slots*: `words` words of live options and `primary` counts.
//! Slot `2d` is the node at depth `d`; slot `2d + 1` that node once the item
//! it branches on is covered (its options cleared), which every child
//! starts from. A closed item's count carries [`CLOSED`], so the choice
//! scans the counts without a test of which items are open.

#![deny(unsafe_code)]

pub(crate) mod bounded;
mod count;

#[cfg(test)]
mod bounded_tests;
#[cfg(test)]
mod solutions_tests;
#[cfg(test)]
mod tests;

use super::path::BITS_MAX_OPTIONS as MAX_OPTIONS;
use super::search::Search;
use super::{CLEANSED, Matrix};
use crate::index::to_u32;
use crate::problem::Kind;

/// Added to a closed item's count: above every count (fewer than
/// [`MAX_OPTIONS`] options), so the choice never takes a closed item, and
/// counting one down never makes it look empty.
const CLOSED: u16 = 0x8000;

/// Whether a count of `search`'s problem can run on bitsets: exact cover
/// (secondary items allowed, no colors, no multiplicities), at most
/// [`MAX_OPTIONS`] options and fewer than `2^16` primary items.
pub(crate) fn fits(search: &Search) -> bool {
    search.kind() == Kind::Exact
        && search.matrix.option_count() <= MAX_OPTIONS
        && search.matrix.primary <= u32::from(u16::MAX)
}

/// The problem's bitsets and the stack of states a count walks.
#[derive(Clone, Debug)]
pub(crate) struct Bits {
    /// Words in an option set.
    words: usize,
    /// `K` if every option has `K` items, all primary, else 0: the width
    /// [`Bits::clear`] is made for.
    fixed: usize,
    /// Primary items.
    primary: usize,
    /// How many primary items every option has, if all have as many; else
    /// 0 (the links' `Leaves::width`).
    leaf_width: u32,
    /// `conflict[o * words..][..words]`: the options that share an item
    /// with option `o`, `o` included, once `o` is in `conflict_made` (zeros
    /// until then). A count makes every row as it starts
    /// ([`make_conflicts`](Self::make_conflicts)); a solution iterator makes
    /// a row when it first clears it: a search to the first solution tries
    /// fewer options than the problem has (p6x10: 787 of 2,056), and making
    /// every row was a third of it (docs/decisions/bitset-count.md,
    /// "Conflict rows when first asked").
    conflict: Vec<u64>,
    /// The options whose row of `conflict` is made: a set, `words` long.
    conflict_made: Vec<u64>,
    /// Whether every row of `conflict` is made.
    conflicts_made: bool,
    /// `item_options[x * words..][..words]`: the options of item `x` (every
    /// item, primary and secondary).
    item_options: Vec<u64>,
    /// Option `o`'s primary items: `primaries[primary_first[o]..primary_first[o + 1]]`.
    primaries: Vec<u16>,
    primary_first: Vec<u32>,
    /// Option `o`'s items in node order: `nodes[node_first[o]..node_first[o + 1]]`
    /// (for the replay of the links' order, [`Bits::links_give_up`]).
    nodes: Vec<u32>,
    node_first: Vec<u32>,
    /// The updates of hiding option `o`, as Knuth counts them: its nodes
    /// less the one in the list being covered.
    hide_updates: Vec<u32>,
    /// The slots' live sets, `words` each.
    live: Vec<u64>,
    /// The slots' counts, `primary` each.
    counts: Vec<u16>,
    /// The root's counts (every item's options), made once: a count on
    /// threads starts from the root at every job (`job_queue.rs`), and
    /// counting the bits of `item_options` there was a third of a job's
    /// start.
    root_counts: Vec<u16>,
    /// A count stopped at a pause ([`count`]), to go on from.
    paused: Option<Box<count::Place>>,
    /// Whether a search for solutions ends every node with an emptied
    /// item at once, rather than only those the links give up: a race's
    /// side (`race.rs`), whose statistics are not Knuth's anyway. Each
    /// such node is a dead end either way, so the solutions and their
    /// order are the same; the nodes are fewer, and the test of what the
    /// links do is not made. Counts never read it.
    pub(crate) cut_emptied: bool,
}

impl Bits {
    /// The bitsets of the problem `search` was made for, read from its
    /// matrix as the cells are (`Cells::new`, docs/decisions/cells-from-matrix.md),
    /// before any selection; slot 0 holds the state with nothing chosen.
    ///
    /// # Panics
    ///
    /// If the problem does not [`fit`](fits).
    pub(crate) fn new(search: &Search) -> Bits {
        assert!(fits(search), "no bitsets for this problem");
        let m: &Matrix = &search.matrix;
        let options = m.option_count();
        let items = m.headers() - 2;
        let primary = m.primary as usize;
        let words = options.div_ceil(64).max(1);
        let item_of = |q: u32| (m.top[q as usize] & !CLEANSED) - 1;
        let mut nodes = Vec::new();
        let mut node_first = vec![0u32];
        let mut primaries = Vec::new();
        let mut primary_first = vec![0u32];
        let mut hide_updates = Vec::with_capacity(options);
        let mut item_options = vec![0u64; items * words];
        for first in &m.option_first {
            let span = first.span();
            for q in span.first()..span.first() + span.size() {
                let x = item_of(q);
                nodes.push(x);
                if (x as usize) < primary {
                    primaries.push(u16::try_from(x).expect("fewer than 2^16 primary items"));
                }
            }
            hide_updates.push(span.size() - 1);
            node_first.push(to_u32(nodes.len()));
            primary_first.push(to_u32(primaries.len()));
        }
        for o in 0..options {
            for &x in &nodes[node_first[o] as usize..node_first[o + 1] as usize] {
                item_options[x as usize * words + o / 64] |= 1 << (o % 64);
            }
        }
        let widths = || (0..options).map(|o| node_first[o + 1] - node_first[o]);
        let fixed = match widths().next() {
            Some(k) if primaries.len() == nodes.len() && widths().all(|n| n == k) => k as usize,
            _ => 0,
        };
        let mut bits = Bits {
            words,
            fixed,
            primary,
            leaf_width: search.leaves.width(),
            conflict: vec![0u64; options * words],
            conflict_made: vec![0u64; words],
            conflicts_made: false,
            item_options,
            primaries,
            primary_first,
            nodes,
            node_first,
            hide_updates,
            live: vec![0; words],
            counts: vec![0; primary],
            root_counts: Vec::with_capacity(primary),
            paused: None,
            cut_emptied: false,
        };
        for x in 0..primary {
            let of_x = &bits.item_options[x * words..(x + 1) * words];
            let count: u32 = of_x.iter().map(|w| w.count_ones()).sum();
            let count = u16::try_from(count).expect("fewer than 2^15 options");
            bits.root_counts.push(count);
        }
        bits.reset_root();
        bits
    }

    /// Slot 0 with every option live and no item closed.
    fn reset_root(&mut self) {
        let options = self.hide_updates.len();
        for (w, word) in self.live[..self.words].iter_mut().enumerate() {
            let bits = options.saturating_sub(w * 64).min(64);
            *word = if bits == 64 {
                u64::MAX
            } else {
                (1 << bits) - 1
            };
        }
        self.counts[..self.primary].copy_from_slice(&self.root_counts);
    }

    /// Makes room for slot `slot`.
    fn reserve(&mut self, slot: usize) {
        if self.live.len() < (slot + 1) * self.words {
            let slots = (slot + 1).max(2 * self.live.len() / self.words);
            self.live.resize(slots * self.words, 0);
            self.counts.resize(slots * self.primary, 0);
        }
    }

    /// Option `o`'s primary items.
    #[inline(always)]
    fn primaries_of(&self, o: usize) -> &[u16] {
        &self.primaries[self.primary_first[o] as usize..self.primary_first[o + 1] as usize]
    }

    /// Makes every row of `conflict` not made yet: what a count does
    /// before it starts, whose loop takes the rows as made.
    pub(crate) fn make_conflicts(&mut self) {
        if !self.conflicts_made {
            for o in 0..self.hide_updates.len() {
                if !self.conflict_is_made(o) {
                    self.make_conflict(o);
                }
            }
            self.conflicts_made = true;
        }
    }

    /// Whether option `o`'s row of `conflict` is made.
    #[inline(always)]
    fn conflict_is_made(&self, o: usize) -> bool {
        self.conflict_made[o / 64] & (1 << (o % 64)) != 0
    }

    /// What [`clear`](Self::clear) takes out when option `o` is chosen:
    /// its conflicts, its row made first if it is not yet and `LAZY` (a
    /// solution iterator's search); else every row is made
    /// ([`make_conflicts`](Self::make_conflicts)).
    #[inline(always)]
    fn conflicts<const LAZY: bool>(&mut self, o: usize) -> Clear {
        if LAZY {
            if !self.conflict_is_made(o) {
                self.make_conflict(o);
            }
        } else {
            debug_assert!(
                self.conflicts_made,
                "a count makes every conflict row first"
            );
        }
        Clear::Conflicts(o)
    }

    /// Makes option `o`'s row of `conflict`: the union of its items'
    /// options.
    #[cold]
    #[inline(never)]
    fn make_conflict(&mut self, o: usize) {
        let w = self.words;
        let row = &mut self.conflict[o * w..(o + 1) * w];
        for &x in &self.nodes[self.node_first[o] as usize..self.node_first[o + 1] as usize] {
            let of_x = &self.item_options[x as usize * w..(x as usize + 1) * w];
            for (c, &word) in row.iter_mut().zip(of_x) {
                *c |= word;
            }
        }
        self.conflict_made[o / 64] |= 1 << (o % 64);
    }

    /// Option `o`'s items in node order.
    fn nodes_of(&self, o: usize) -> &[u32] {
        &self.nodes[self.node_first[o] as usize..self.node_first[o + 1] as usize]
    }

    /// Slot `to` becomes slot `from` with `close`'s items closed and the
    /// live options in `clear` (a set, `words` long, in `conflict` at
    /// `clear_at` or in `item_options` as `clear_item`) taken out, each
    /// counting down its primary items. `to > from`. Returns the updates
    /// (Knuth's: each hidden option's nodes less one) and whether an open
    /// item was emptied.
    #[inline(always)]
    fn clear(&mut self, from: usize, to: usize, close: Close, clear: Clear) -> (u64, bool) {
        match self.fixed {
            2 => self.clear_width::<2>(from, to, close, clear),
            3 => self.clear_width::<3>(from, to, close, clear),
            4 => self.clear_width::<4>(from, to, close, clear),
            5 => self.clear_width::<5>(from, to, close, clear),
            6 => self.clear_width::<6>(from, to, close, clear),
            _ => self.clear_width::<0>(from, to, close, clear),
        }
    }

    /// [`clear`](Self::clear) for options of `K` items, all primary
    /// ([`fixed`](Self::fixed)), or with `K` 0 for any: a fixed walk of an
    /// option's items, which the compiler unrolls, and the updates from the
    /// number of options cleared.
    #[inline(always)]
    fn clear_width<const K: usize>(
        &mut self,
        from: usize,
        to: usize,
        close: Close,
        clear: Clear,
    ) -> (u64, bool) {
        debug_assert!(to > from);
        let (w, p) = (self.words, self.primary);
        let (counts_from, counts_to) = self.counts.split_at_mut(to * p);
        let counts_to = &mut counts_to[..p];
        counts_to.copy_from_slice(&counts_from[from * p..(from + 1) * p]);
        match close {
            Close::Item(x) => counts_to[x] |= CLOSED,
            Close::Option(o) => {
                let items = &self.primaries
                    [self.primary_first[o] as usize..self.primary_first[o + 1] as usize];
                for &x in items {
                    counts_to[x as usize] |= CLOSED;
                }
            }
        }
        let (live_from, live_to) = self.live.split_at_mut(to * w);
        let live_from = &live_from[from * w..(from + 1) * w];
        let live_to = &mut live_to[..w];
        let set = match clear {
            Clear::Conflicts(o) => &self.conflict[o * w..(o + 1) * w],
            Clear::Item(x) => &self.item_options[x * w..(x + 1) * w],
        };
        let mut updates = 0u64;
        let mut cleared = 0u64;
        for (at, ((&l, &c), out)) in live_from
            .iter()
            .zip(set)
            .zip(live_to.iter_mut())
            .enumerate()
        {
            *out = l & !c;
            let mut gone = l & c;
            if K != 0 {
                cleared += u64::from(gone.count_ones());
            }
            while gone != 0 {
                let r = at * 64 + gone.trailing_zeros() as usize;
                gone &= gone - 1;
                if K == 0 {
                    updates += u64::from(self.hide_updates[r]);
                    let items = &self.primaries
                        [self.primary_first[r] as usize..self.primary_first[r + 1] as usize];
                    for &x in items {
                        counts_to[x as usize] -= 1;
                    }
                } else {
                    let items: &[u16; K] = self.primaries[r * K..(r + 1) * K]
                        .try_into()
                        .expect("K items an option");
                    for &x in items {
                        counts_to[x as usize] -= 1;
                    }
                }
            }
        }
        if K != 0 {
            updates = cleared * (K as u64 - 1);
        }
        // An open item emptied: a count of 0 that was not (closed items
        // carry `CLOSED`); one pass the compiler makes vector code of,
        // rather than a test a removal.
        let counts_from = &counts_from[from * p..(from + 1) * p];
        let emptied = counts_to
            .iter()
            .zip(counts_from)
            .fold(false, |any, (&n, &was)| any | ((n == 0) & (was != 0)));
        (updates, emptied)
    }

    /// The item a node in slot `slot` branches on, as the links' scan
    /// chooses it: the first open primary item with at most one live option,
    /// else the first of the fewest; `None` if every primary item is closed.
    /// Returns the item and its count.
    #[inline(always)]
    fn choose_item(&self, slot: usize) -> Option<(usize, u16)> {
        let counts = &self.counts[slot * self.primary..(slot + 1) * self.primary];
        let mut best = (usize::MAX, CLOSED);
        for (x, &n) in counts.iter().enumerate() {
            if n < best.1 {
                best = (x, n);
                if n <= 1 {
                    break;
                }
            }
        }
        (best.0 != usize::MAX).then_some(best)
    }

    /// Whether the links give up option `o`, chosen for item `i` at a node
    /// whose item is covered in slot `covered` and whose child is slot
    /// `covered + 1`, as doomed (`Matrix::dooms`). Called only when the
    /// choice emptied an open item, an item *of* `E`: each was emptied by
    /// one hidden option, the last of its live options the links hide
    /// ([`last_hidden`](Self::last_hidden)), which notes the last item it
    /// empties going right from the node it is hidden at. The links give
    /// up iff one of those notes is an item outside `o` (an item of `E`);
    /// a note on an item `o` covers further on hides the doom. So each item
    /// of `E` is looked at through its hider's walk, without replaying the
    /// covering ([`links_give_up_by_replay`](Self::links_give_up_by_replay)
    /// does, the oracle in debug builds).
    #[cold]
    #[inline(never)]
    fn links_give_up(&self, covered: usize, i: usize, o: usize) -> bool {
        let p = self.primary;
        let before = &self.counts[covered * p..(covered + 1) * p];
        let child = &self.counts[(covered + 1) * p..(covered + 2) * p];
        // Emptied by the covering of `o`'s other items (not before it).
        let emptied_here = |x: usize| child[x] == 0 && before[x] > 0;
        let o_items = self.nodes_of(o);
        let at_i = o_items
            .iter()
            .position(|&x| x as usize == i)
            .expect("o covers i");
        // `o`'s item `s` places after `i`, going right around `o`.
        let turn = |s: usize| {
            let at = at_i + s;
            o_items[if at < o_items.len() {
                at
            } else {
                at - o_items.len()
            }] as usize
        };
        // The place in `o`'s walk from `i` of the first of its items that
        // option `r` has: the item whose covering hides `r`.
        let place_in_o = |r: usize| {
            (1..o_items.len())
                .find(|&s| self.has(turn(s), r))
                .expect("a hidden option meets o")
        };
        let place_of = |x: usize| (1..o_items.len()).find(|&s| turn(s) == x);
        let gives_up = (0..p).filter(|&x| emptied_here(x)).any(|x| {
            let hider = if before[x] == 1 {
                self.first_live(covered, x)
            } else {
                self.last_hidden(covered, x, &place_in_o)
            }
            .expect("an emptied item had options");
            let walk = self.nodes_of(hider);
            // A hider that meets `o` in one item (the one it is hidden at)
            // can empty no item of `o`: the note is outside.
            if walk.iter().filter(|&&y| self.has(y as usize, o)).count() == 1 {
                return true;
            }
            let q = turn(place_in_o(hider));
            let at_q = walk
                .iter()
                .position(|&y| y as usize == q)
                .expect("hider has q");
            let at_x = walk
                .iter()
                .position(|&y| y as usize == x)
                .expect("hider has x");
            // The items the hider's walk passes after `x`, to the end of
            // the walk: the last one it empties is the note, outside `o`
            // (the links give up) unless it is one of `o`'s.
            let after = (at_x + walk.len() - at_q) % walk.len();
            let later = (after + 1..walk.len()).map(|k| walk[(at_q + k) % walk.len()] as usize);
            if later.clone().all(|z| z >= p || place_of(z).is_none()) {
                return true;
            }
            let mut note_outside = true;
            for k in after + 1..walk.len() {
                let z = walk[(at_q + k) % walk.len()] as usize;
                if z >= p {
                    continue;
                }
                let emptied = match place_of(z) {
                    // Outside `o`: emptied by this hider if its list is
                    // empty now and the hider was its last hidden.
                    None => {
                        emptied_here(z) && self.last_hidden(covered, z, &place_in_o) == Some(hider)
                    }
                    // In `o`, covered further on: emptied if every live
                    // option of it is hidden before its turn, the hider
                    // last.
                    Some(turn) => {
                        let before_turn = |r| {
                            let at = place_in_o(r);
                            if at < turn { at } else { usize::MAX }
                        };
                        self.last_hidden(covered, z, &before_turn) == Some(hider)
                    }
                };
                if emptied {
                    note_outside = place_of(z).is_none();
                }
            }
            note_outside
        });
        debug_assert_eq!(gives_up, self.links_give_up_by_replay(covered, i, o));
        gives_up
    }

    /// Of the options of item `x` live in slot `covered`, the one the links
    /// hide last, covering `o`'s items in turn (`turn(r)`: the place in
    /// `o`'s walk of the item whose covering hides `r`, each item's options
    /// in order); `None` if `x` has none, or if one is not hidden by then
    /// (`turn(r)` is `usize::MAX`: hidden by `x`'s own covering).
    fn last_hidden(
        &self,
        covered: usize,
        x: usize,
        turn: &dyn Fn(usize) -> usize,
    ) -> Option<usize> {
        let w = self.words;
        let live = &self.live[covered * w..(covered + 1) * w];
        let of_x = &self.item_options[x * w..(x + 1) * w];
        let mut last = None;
        for (at, (&l, &m)) in live.iter().zip(of_x).enumerate() {
            let mut both = l & m;
            while both != 0 {
                let r = at * 64 + both.trailing_zeros() as usize;
                both &= both - 1;
                let t = turn(r);
                if t == usize::MAX {
                    return None;
                }
                last = last.max(Some((t, r)));
            }
        }
        last.map(|(_, r)| r)
    }

    /// The first option of item `x` live in slot `slot`, if any.
    fn first_live(&self, slot: usize, x: usize) -> Option<usize> {
        let w = self.words;
        let live = &self.live[slot * w..(slot + 1) * w];
        let of_x = &self.item_options[x * w..(x + 1) * w];
        live.iter()
            .zip(of_x)
            .position(|(&l, &m)| l & m != 0)
            .map(|at| at * 64 + (live[at] & of_x[at]).trailing_zeros() as usize)
    }

    /// Whether item `x` has option `r`.
    fn has(&self, x: usize, r: usize) -> bool {
        self.item_options[x * self.words + r / 64] & (1 << (r % 64)) != 0
    }

    /// Whether the links give up option `o`, chosen for item `i` at a node
    /// whose item is covered in slot `covered`, as doomed: replays their
    /// covering of `o`'s other items (going right around `o` from `i`'s
    /// node, each item's live options in order, each hidden option's nodes
    /// going right from the one in the list) and asks after each hidden
    /// option whether the last primary item it emptied is one `o` does not
    /// cover further on (`Matrix::dooms`): the definition, which
    /// [`links_give_up`](Self::links_give_up) must agree with (checked in
    /// debug builds).
    fn links_give_up_by_replay(&self, covered: usize, i: usize, o: usize) -> bool {
        let w = self.words;
        let mut live = self.live[covered * w..(covered + 1) * w].to_vec();
        let mut counts = self.counts[covered * self.primary..(covered + 1) * self.primary].to_vec();
        let items = self.nodes_of(o);
        let at_i = items
            .iter()
            .position(|&x| x as usize == i)
            .expect("o covers i");
        for step in 1..items.len() {
            let q = items[(at_i + step) % items.len()] as usize;
            let of_q = &self.item_options[q * w..(q + 1) * w];
            for word in 0..w {
                let mut hidden = live[word] & of_q[word];
                live[word] &= !of_q[word];
                while hidden != 0 {
                    let r = word * 64 + hidden.trailing_zeros() as usize;
                    hidden &= hidden - 1;
                    let nodes = self.nodes_of(r);
                    let at_q = nodes
                        .iter()
                        .position(|&x| x as usize == q)
                        .expect("r has q");
                    let mut emptied = None;
                    for k in 1..nodes.len() {
                        let x = nodes[(at_q + k) % nodes.len()] as usize;
                        if x < self.primary {
                            counts[x] -= 1;
                            if counts[x] == 0 {
                                emptied = Some(x);
                            }
                        }
                    }
                    let later = |x: usize| {
                        (step + 1..items.len())
                            .any(|s| items[(at_i + s) % items.len()] as usize == x)
                    };
                    if emptied.is_some_and(|x| !later(x)) {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// The items a [`Bits::clear`] closes.
#[derive(Clone, Copy, Debug)]
enum Close {
    /// One primary item (the one a node branches on).
    Item(usize),
    /// An option's primary items.
    Option(usize),
}

/// The options a [`Bits::clear`] takes out.
#[derive(Clone, Copy, Debug)]
enum Clear {
    /// Those in conflict with an option.
    Conflicts(usize),
    /// An item's.
    Item(usize),
}
