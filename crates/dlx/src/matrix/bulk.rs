//! Bulk pre-selection: the links laid out at once for what a set of
//! selected options leaves, instead of covering each option's items and
//! uncovering them again after the search.
//!
//! This is what Knuth's `sudoku2dlx` does for a Sudoku's givens: it writes
//! only the options no given rules out and only the items no given covers,
//! and DLX1 searches that. Here the arena stays as [`Matrix::new`] built it
//! (every option keeps its nodes, its number and its place), and only the
//! vertical lists, their lengths and the active-item lists are written
//! again: each item's list holds, in their first order, the options that
//! name no covered item, which is exactly what covering the selections one
//! by one leaves in it (a cover hides every option of a covered item's list
//! and nothing else). So a search on the result visits the same nodes in
//! the same order, and reports the same solutions and statistics, as after
//! [`Search::select`] of each option.
//!
//! Laying out costs a mark on each option of a covered item (from a list of
//! every item's options, [`Columns`], made once), one test per option and a
//! few writes per node kept, whatever was selected before; selecting one by
//! one costs about as many updates for the covering and as many again for
//! the uncovering (docs/decisions/bulk-layout.md). Only plain exact cover is laid out this way
//! (colors and bounds change lists in other ways); [`Dlx::select_all`](crate::Dlx::select_all)
//! selects one by one for the rest.
//!
//! The covered items' own lists are left empty and their headers out of
//! the active lists: [`Matrix::uncover`] could not restore them, so undoing a
//! selection laid out in bulk lays the links out again (see
//! [`Dlx::unselect_last`](crate::Dlx::unselect_last)). Nodes of options that
//! are left out keep stale links, which no list reaches; each is still a
//! link made from its node's true place, so invariants (A) to (C) hold.
//! The loops index the arena unchecked, as `cover.rs` does, under the same
//! invariants.

use super::hide::SUDOKU_WIDTH;
use super::layout::link_circle;
use super::link::Link;
use super::search::{NOT_SELECTED, Search};
use super::{Matrix, ROOT, SECONDARY_BIAS, entry, get};
use crate::error::DlxError;
use crate::index::to_u32;
use crate::index::{ItemId, OptionId};
use crate::problem::Kind;

/// Each item's options as masks over the option numbers, for marking those
/// a covered item rules out, and the marks. Made from the options' nodes,
/// which never move, so it holds whatever the links are.
#[derive(Clone, Debug, Default)]
pub(crate) struct Columns {
    /// The options of the item with header `h` are the bits of
    /// `mask_bits[i]` in word `mask_word[i]` of [`dropped`](Self::dropped)
    /// for `i` in `mask_start[h]..mask_start[h + 1]`; one entry per header
    /// and one more. A few words an item rather than an option number per
    /// option: an item's options are mostly close together (a Sudoku cell's
    /// nine digits are one word, a row's nine cells two), so covering an
    /// item ORs about half as many words as it has options (docs/decisions/bulk-layout.md).
    mask_start: Vec<u32>,
    /// The word of each mask, below `dropped.len()`.
    mask_word: Vec<u32>,
    /// The options of each mask, bit `k % 64` for option `k`.
    mask_bits: Vec<u64>,
    /// Bit `k % 64` of word `k / 64` is set when option `k` names an item
    /// covered in this round of laying out; the bits past the last option
    /// are always set. A set of bits rather than a mark per option so that
    /// laying out visits only the options kept, a few lowest-bit steps a
    /// word, not a test per option (docs/decisions/bulk-layout.md).
    dropped: Vec<u64>,
    /// Every header's `up` and `down` (a link to itself) and `top` (0 or
    /// [`SECONDARY_BIAS`]) as [`Matrix::new`] makes them, from header 1 on
    /// (made anew: the matrix may have selections when this is made): what
    /// laying out starts each list from, copied in one go.
    fresh_links: Vec<Link>,
    fresh_top: Vec<u32>,
    /// Every header's `left` and `right`, roots included, as
    /// [`Matrix::new`] makes them: every item active, in item order.
    fresh_left: Vec<u32>,
    fresh_right: Vec<u32>,
}

impl Columns {
    /// The columns of `matrix`'s options.
    fn new(matrix: &Matrix) -> Columns {
        let headers = matrix.headers();
        // Each item's options in increasing order, then cut into words.
        let mut of_item: Vec<Vec<u32>> = vec![Vec::new(); headers];
        for k in 0..matrix.option_count() {
            for h in matrix.option_items(k) {
                of_item[h as usize].push(to_u32(k));
            }
        }
        let mut mask_start = Vec::with_capacity(headers + 1);
        let mut mask_word: Vec<u32> = Vec::new();
        let mut mask_bits: Vec<u64> = Vec::new();
        for options in &of_item {
            mask_start.push(to_u32(mask_word.len()));
            let mut open = false;
            for &k in options {
                let word = k / 64;
                if !open || mask_word.last() != Some(&word) {
                    mask_word.push(word);
                    mask_bits.push(0);
                    open = true;
                }
                if let Some(bits) = mask_bits.last_mut() {
                    *bits |= 1 << (k % 64);
                }
            }
        }
        mask_start.push(to_u32(mask_word.len()));
        let items = headers - 2;
        let primary = matrix.primary as usize;
        let mut fresh_left = vec![0; headers];
        let mut fresh_right = vec![0; headers];
        link_circle(&mut fresh_left, &mut fresh_right, 0, 1..=primary);
        link_circle(
            &mut fresh_left,
            &mut fresh_right,
            items + 1,
            primary + 1..=items,
        );
        Columns {
            mask_start,
            mask_word,
            mask_bits,
            dropped: vec![0; matrix.option_count().div_ceil(64)],
            // SAFETY: `h` is a header, a node of the arena (A).
            fresh_links: (1..=to_u32(items))
                .map(|h| unsafe { Link::to_header(h) })
                .collect(),
            fresh_top: (1..=to_u32(items))
                .map(|h| {
                    if h <= matrix.primary {
                        0
                    } else {
                        SECONDARY_BIAS
                    }
                })
                .collect(),
            fresh_left,
            fresh_right,
        }
    }
}

impl Search {
    /// Whether [`select_all_laid_out`](Self::select_all_laid_out) applies:
    /// plain exact cover, no colors.
    pub(crate) fn lays_out_in_bulk(&self) -> bool {
        self.facts.kind == Kind::Exact && !self.facts.colors
    }

    /// Replaces the pre-selections (and ends any search in progress) with
    /// `options`, selected in order, laying the links out for what they
    /// leave; `columns` is this search's (made on first use). Only for
    /// plain exact cover ([`lays_out_in_bulk`](Self::lays_out_in_bulk)).
    ///
    /// # Errors
    ///
    /// As for [`select`](Self::select): [`DlxError::UnknownOption`] or
    /// [`DlxError::SelectConflict`] for the first option that cannot be
    /// selected after those before it; the options before it are then the
    /// selections, laid out.
    pub(crate) fn select_all_laid_out(
        &mut self,
        options: &[OptionId],
        columns: &mut Option<Columns>,
    ) -> Result<(), DlxError> {
        debug_assert!(self.lays_out_in_bulk());
        // Every list is written anew below, whatever a search covered: its
        // levels are forgotten, not undone (`discard.rs`).
        self.forget_levels();
        let columns = columns.get_or_insert_with(|| Columns::new(&self.matrix));
        for &option in &self.selected {
            for h in self.matrix.option_items(option.index()) {
                self.selected_by[h as usize] = NOT_SELECTED;
            }
        }
        debug_assert!(self.selected_by.iter().all(|&by| by == NOT_SELECTED));
        self.selected.clear();
        columns.next_round(self.matrix.option_count());
        let mut result = Ok(());
        for &option in options {
            if let Err(e) = self.mark_covered(option, columns) {
                result = Err(e);
                break;
            }
            self.selected.push(option);
        }
        if self.facts.width == SUDOKU_WIDTH {
            self.matrix
                .lay_out_kept::<SUDOKU_WIDTH>(columns, &self.selected);
        } else {
            self.matrix.lay_out_kept::<0>(columns, &self.selected);
        }
        result
    }

    /// Marks in `selected_by` every item of `option` as covered by it, and
    /// in `columns` their options as dropped, unless one is covered
    /// already: then nothing is marked and the error names the first such
    /// item and the option that covers it.
    fn mark_covered(&mut self, option: OptionId, columns: &mut Columns) -> Result<(), DlxError> {
        let k = option.index();
        let options = self.matrix.option_count();
        if k >= options {
            return Err(DlxError::UnknownOption { option: k, options });
        }
        if let Some(h) = self
            .matrix
            .option_items(k)
            .find(|&h| self.selected_by[h as usize] != NOT_SELECTED)
        {
            return Err(DlxError::SelectConflict {
                option,
                item: ItemId::from_u32(h - 1),
                covered_by: OptionId::from_u32(self.selected_by[h as usize]),
            });
        }
        for h in self.matrix.option_items(k) {
            self.selected_by[h as usize] = option.as_u32();
            columns.drop_options_of(h);
        }
        Ok(())
    }
}

impl Columns {
    /// Starts a round of marks: no option dropped, but the bits past the
    /// last option set, so that no word yields an option that is not there.
    fn next_round(&mut self, options: usize) {
        self.dropped.fill(0);
        if let Some(last) = self.dropped.last_mut()
            && !options.is_multiple_of(64)
        {
            *last = !0 << (options % 64);
        }
    }

    /// Marks every option of the item with header `h` as dropped.
    ///
    /// # Panics
    ///
    /// If `h` is not a header of the matrix these columns were made for.
    #[inline]
    fn drop_options_of(&mut self, h: u32) {
        let h = h as usize;
        let (from, to) = (self.mask_start[h] as usize, self.mask_start[h + 1] as usize);
        for (&word, &bits) in self.mask_word[from..to]
            .iter()
            .zip(&self.mask_bits[from..to])
        {
            // SAFETY: `mask_word` holds words of option numbers only
            // (`new`), and `dropped` has a bit for every option.
            unsafe { *entry(&mut self.dropped, word) |= bits };
        }
    }
}

impl Matrix {
    /// The item headers of option `k`, in order.
    ///
    /// # Panics
    ///
    /// If there is no option `k`.
    fn option_items(&self, k: usize) -> impl Iterator<Item = u32> + '_ {
        let span = self.option_first[k].span();
        let nodes = span.first() as usize..(span.first() + span.size()) as usize;
        self.top[nodes].iter().copied()
    }

    /// Writes every item's list, length and place in the active-item lists
    /// anew: each list holds, in order, the options `columns` has not marked
    /// dropped this round; an item of an option in `selected` (options
    /// without an item in common) has an empty list and is out of the
    /// active lists. `W` is 0, or the number of nodes of every option (the
    /// width the search is made for, [`Matrix::search_width`]): then each
    /// kept option is appended without a test of its size (docs/decisions/bulk-layout.md).
    fn lay_out_kept<const W: u32>(&mut self, columns: &Columns, selected: &[OptionId]) {
        // Plain index loops (`a..b + 1`, not `a..=b`, whose iterator tests
        // an extra flag): this runs once per instance of a problem, and a
        // 9x9 Sudoku's search is only a few times longer.
        let items = to_u32(self.headers() - 2);
        let primary = self.primary;
        // Every header's list empty: a copy of the fresh headers, one
        // vectorised pass (docs/decisions/bulk-layout.md).
        let headers = 1..items as usize + 1;
        self.up[headers.clone()].copy_from_slice(&columns.fresh_links);
        self.down[headers.clone()].copy_from_slice(&columns.fresh_links);
        self.top[headers].copy_from_slice(&columns.fresh_top);
        // Each kept option's nodes go to the end of their items' lists:
        // `up` of a header is its last node until the lists are closed.
        debug_assert_eq!(columns.dropped.len(), self.option_count().div_ceil(64));
        for (w, &dropped) in columns.dropped.iter().enumerate() {
            let mut kept = !dropped;
            while kept != 0 {
                // The bits past the last option are set in `dropped`, so
                // `k` is an option.
                let k = to_u32(w * 64 + kept.trailing_zeros() as usize);
                kept &= kept - 1;
                // The link to the option's first node (place 0), from
                // which the links to the others are one add each.
                // SAFETY: `k` is an option (above), and `option_first` has
                // an entry per option.
                let first = unsafe { get(&self.option_first, k) };
                // An option of the width the search is made for has a
                // fixed trip count, which the compiler unrolls.
                if W != 0 {
                    self.append_option::<W>(first);
                } else if first.option_size() == SUDOKU_WIDTH {
                    self.append_option::<SUDOKU_WIDTH>(first);
                } else {
                    self.append_option::<0>(first);
                }
            }
        }
        for h in 1..items + 1 {
            // SAFETY: `h` is a header, in the arena (A) and below the length
            // of `up`; the node of the link stored there is in the arena.
            unsafe {
                let last = get(&self.up, h).node();
                *entry(&mut self.down, last) = Link::to_header(h);
            }
        }
        // The active-item lists: every item, in item order, through its
        // root, then the selections' items taken out one by one (in any
        // order, each from between its neighbours at the time, so the rest
        // stay in item order); a covered header points at its root both
        // ways, which `is_active` reads as inactive (the root's neighbour is
        // never that header). A copy and a few unlinks, not a pass over
        // every header (docs/decisions/bulk-layout.md).
        self.left.copy_from_slice(&columns.fresh_left);
        self.right.copy_from_slice(&columns.fresh_right);
        for option in selected {
            let span = self.option_first[option.index()].span();
            for q in span.first()..span.first() + span.size() {
                // SAFETY: (C): `q` is a node of the option, so by (A) (and
                // (E): no colors here) its `top` is a header, which indexes
                // `left` and `right` (B), as do their stored values.
                unsafe {
                    let h = get(&self.top, q);
                    self.unlink_item(h);
                    let root = if h <= primary { ROOT } else { items + 1 };
                    *entry(&mut self.left, h) = root;
                    *entry(&mut self.right, h) = root;
                }
            }
        }
    }

    /// Appends the nodes of the option whose first node `first` links to
    /// (place 0, as in `option_first`) to the ends of their items' lists,
    /// whose last nodes the headers' `up` hold while laying out. `W` is 0,
    /// or the option's size (then a constant trip count, and each node's
    /// link one add of a constant to `first`'s).
    #[inline(always)]
    fn append_option<const W: u32>(&mut self, first: Link) {
        let size = if W == 0 { first.option_size() } else { W };
        debug_assert_eq!(size, first.option_size());
        debug_assert_eq!(first.position(), 0);
        let q0 = first.node();
        for j in 0..size {
            // SAFETY: (C): `first` links to the first node of an option of
            // `size` nodes, so `q` is a node of it, in the arena and
            // `to_q` its true link; by (A) and (E) (no colors here) its
            // `top` is a header `h`, below `N + 2 <= n`; `last` is a stored
            // link, so its node is in the arena too.
            unsafe {
                let q = q0 + j;
                let to_q = first.to_later(j);
                let h = get(&self.top, q);
                let last = get(&self.up, h);
                *entry(&mut self.down, last.node()) = to_q;
                *entry(&mut self.up, q) = last;
                *entry(&mut self.up, h) = to_q;
                *entry(&mut self.top, h) += 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::error::DlxError;
    use crate::index::OptionId;
    use crate::matrix::test_problems::{latin_3, sudoku_4};
    use crate::problem::Problem;
    use crate::solver::Dlx;

    /// The options numbered `picks`.
    fn option_ids(picks: &[usize]) -> Vec<OptionId> {
        picks.iter().map(|&k| OptionId::new(k).unwrap()).collect()
    }

    /// Lays the options numbered `picks` out at once on one solver and
    /// selects them one by one on another: the same result and selections,
    /// and after the laying out the invariants hold and the count and its
    /// statistics are the other's. Returns the two solvers (laid out, one
    /// by one) and the result.
    fn lay_out_and_select(problem: &Problem, picks: &[usize]) -> (Dlx, Dlx, Result<(), DlxError>) {
        let options = option_ids(picks);
        let mut bulk = Dlx::new(problem);
        let mut single = Dlx::new(problem);
        let laid = bulk.select_all(&options);
        let selected = options.iter().try_for_each(|&o| single.select(o));
        assert_eq!(laid, selected, "{picks:?}");
        assert_eq!(bulk.selected(), single.selected());
        bulk.check_invariants().unwrap();
        assert_eq!(bulk.count(None), single.count(None));
        assert_eq!(bulk.stats(), single.stats());
        (bulk, single, laid)
    }

    /// Runs the unchecked loops of laying out (under Miri in CI, which runs
    /// only the unit tests): the same counts, statistics and links as
    /// selecting one by one, a clash reported the same way, and the links
    /// of a fresh matrix after popping and after a reset.
    #[test]
    fn laying_out_is_selecting_one_by_one() {
        let problem = latin_3();
        // Cell (0,0) digit 0 and cell (1,1) digit 1; then a clash with the
        // first (cell (0,0) again).
        for picks in [vec![], vec![0], vec![0, 13], vec![0, 13, 1]] {
            let (mut bulk, mut single, _) = lay_out_and_select(&problem, &picks);
            while let Some(last) = single.unselect_last() {
                assert_eq!(bulk.unselect_last(), Some(last));
                bulk.check_invariants().unwrap();
                assert_eq!(bulk.count(None), single.count(None));
            }
            assert!(bulk.links_match(&problem));
            bulk.select_all(&option_ids(&picks)).ok();
            bulk.reset();
            assert!(bulk.links_match(&problem));
        }
        let mut all = Dlx::new(&problem);
        assert_eq!(all.count(None).solutions, 12);
    }

    /// The same for options of four nodes, whose appending is unrolled
    /// (`append_option`), and a whole word of options (the 4x4 Sudoku has
    /// 64): givens laid out at once search as givens selected one by one.
    #[test]
    fn laying_out_four_node_options_is_selecting_one_by_one() {
        let problem = sudoku_4();
        // Digits 0 at (0,0), 1 at (1,2), 3 at (3,3); then a clash in the
        // first row (digit 0 at (0,3)).
        for picks in [vec![0, 25, 63], vec![0, 25, 63, 12]] {
            let (mut bulk, _, laid) = lay_out_and_select(&problem, &picks);
            assert_eq!(laid.is_err(), picks.len() == 4);
            bulk.reset();
            assert!(bulk.links_match(&problem));
        }
    }
}
