//! Algorithm M's steps (multiple cover with colors, Knuth's DLX3):
//! tweaking and untweaking, committing an option against the items' bounds,
//! and choosing the item to branch on, with unchecked indexing.
//!
//! A primary item with bounds `u..=v` starts with `bound = v` (how many more
//! options may cover it) and `slack = v - u`. Choosing an option counts
//! against each of its primary items; one whose bound reaches 0 is covered.
//! To branch on an item that may take more than one option, the search
//! *tweaks*: it takes the option at the top of the item's list out of the
//! list (and out of every other list, unless the item is covered already),
//! so the next choice at that level can only be an option below it, and
//! every set of options is found once. Knuth's untweak puts a whole level's
//! tweaked options back at once, from the first one tweaked.

use super::arrays::Links;
use super::cover::OptionCover;
use super::hide::{hide, unhide};
use super::link::{Link, OptionSpan};
use super::{COVER_BIAS, Header, Matrix, PURIFIED, ROOT, entry, get};
use crate::problem::Kind;
use crate::random::SplitMix64;

/// Where each level of Algorithm M starts tweaking, owned by the search
/// (`Search::tweaks`): the node at the top of the level's item when the
/// level was entered (Knuth's FIRST_TWEAK). Apart from `Search::levels`,
/// which it would make 24 bytes a level: only a level that tweaks reads it
/// back (docs/decisions/algorithm-m-loop.md).
#[derive(Clone, Debug)]
pub(super) struct Tweaks {
    /// `first[l]`: level `l`'s first node; empty but for multiplicities.
    first: Vec<Link>,
}

impl Tweaks {
    /// Room for `depth` levels if the problem's `kind` is multiplicities,
    /// the only kind that tweaks; none otherwise.
    pub(super) fn new(kind: Kind, depth: usize) -> Tweaks {
        let levels = if kind == Kind::Multiplicities {
            depth
        } else {
            0
        };
        Tweaks {
            first: vec![Link::default(); levels],
        }
    }

    /// The node level `l` started tweaking at: the options it has tried
    /// are chained from it, tweaked out of the item's list or not. Checked,
    /// for any level on the stack (`frontier.rs`).
    pub(super) fn first(&self, l: usize) -> Link {
        self.first[l]
    }

    /// How many levels there is room for.
    #[inline(always)]
    pub(super) fn depth(&self) -> usize {
        self.first.len()
    }

    /// [`first`](Self::first) without a bounds check, for Algorithm M's
    /// current level (`bounded_levels.rs`).
    ///
    /// # Safety
    ///
    /// `l < self.depth()`.
    #[inline(always)]
    pub(super) unsafe fn first_unchecked(&self, l: usize) -> Link {
        debug_assert!(l < self.depth(), "level {l} past the tweaks' stack");
        // SAFETY: the caller guarantees `l` is in bounds.
        unsafe { *self.first.get_unchecked(l) }
    }

    /// Notes that level `l` starts tweaking at node `first`, without a
    /// bounds check, for Algorithm M's current level (`bounded_levels.rs`).
    ///
    /// # Safety
    ///
    /// `l < self.depth()`.
    #[inline(always)]
    pub(super) unsafe fn set_first_unchecked(&mut self, l: usize, first: Link) {
        debug_assert!(l < self.depth(), "level {l} past the tweaks' stack");
        // SAFETY: the caller guarantees `l` is in bounds.
        unsafe { *self.first.get_unchecked_mut(l) = first };
    }
}

impl Matrix {
    /// How many more options may cover primary item `i` (Knuth's BOUND).
    #[inline]
    pub(super) fn bound(&self, i: Header) -> u32 {
        // SAFETY: (B), (D): a `Header` is below the number of headers, the
        // length of `bound` in a matrix of Algorithm M, the only one whose
        // search runs these steps.
        unsafe { get(&self.bound, i.get()) }
    }

    /// Primary item `i`'s upper bound less its lower bound (Knuth's SLACK).
    #[inline]
    pub(super) fn slack(&self, i: Header) -> u32 {
        // SAFETY: as in `bound`, for `slack`.
        unsafe { get(&self.slack, i.get()) }
    }

    /// The number of options in primary item `i`'s list, for a caller that
    /// knows whether `i` is out of the active list (`inactive`): Algorithm
    /// M's level knows it from the bound it took (its item is covered when
    /// the bound is 0, active otherwise), so that the length is one load
    /// and a subtraction, without [`len`](Self::len)'s tests of the arena's
    /// size and the lists (docs/decisions/algorithm-m-components.md).
    #[inline]
    pub(super) fn branch_len(&self, i: Header, inactive: bool) -> u32 {
        // SAFETY: (A), (B): a header is a node, below the length of `top`.
        let top = unsafe { get(&self.top, i.get()) };
        // (G): the bias is on `top` exactly while the item is inactive.
        let len = top.wrapping_sub(COVER_BIAS * u32::from(inactive));
        debug_assert_eq!(inactive, !self.is_active(i));
        debug_assert_eq!(len, self.len(i));
        len
    }

    /// Counts one more option against primary item `i`: its bound goes down.
    #[inline]
    pub(super) fn take_bound(&mut self, i: Header) {
        // SAFETY: as in `bound`.
        unsafe { *entry(&mut self.bound, i.get()) -= 1 };
    }

    /// Undoes [`take_bound`](Self::take_bound).
    #[inline]
    pub(super) fn give_bound(&mut self, i: Header) {
        // SAFETY: as in `bound`.
        unsafe { *entry(&mut self.bound, i.get()) += 1 };
    }

    /// Removes `i` from the active items without hiding its options: the
    /// null move of a level that has chosen all the options it will from `i`.
    #[inline]
    pub(super) fn deactivate(&mut self, i: Header) {
        // SAFETY: (B): a `Header` is below the number of headers.
        unsafe { self.unlink_item(i.get()) }
    }

    /// Undoes [`deactivate`](Self::deactivate).
    #[inline]
    pub(super) fn reactivate(&mut self, i: Header) {
        // SAFETY: as in `deactivate`.
        unsafe { self.relink_item(i.get()) }
    }

    /// Knuth's tweak: takes option node `x` out of its item's list and, if
    /// `block`, first hides the rest of its option from every other list.
    /// `x` should be the top of its list (Knuth's order) or any node of it
    /// (the randomized order, which untweaks one node at a time). Returns
    /// the updates made.
    #[inline]
    pub(super) fn tweak<const C: bool>(&mut self, x: Link, block: bool) -> u64 {
        let mut links = Links::of(self);
        // SAFETY: (A), (C): `x` is a link of this matrix, so its node, the
        // nodes it links to and its top (a header, or for a link to a header
        // a length that `top` then only counts down) are in the arena.
        unsafe {
            let mut updates = if block {
                hide::<C, false, 0>(&mut links, x)
            } else {
                0
            };
            let node = x.node();
            let (u, d) = (get(links.up, node), get(links.down, node));
            *entry(links.down, u.node()) = d;
            *entry(links.up, d.node()) = u;
            let i = get(links.top, node);
            *entry(links.top, i) = get(links.top, i).wrapping_sub(1);
            updates += 1;
            updates
        }
    }

    /// Undoes [`tweak`](Self::tweak)`(x, unblock)`: puts `x` back into its
    /// item's list, then (if `unblock`) its option into the others.
    #[inline]
    pub(super) fn untweak_one<const C: bool>(&mut self, x: Link, unblock: bool) {
        let mut links = Links::of(self);
        // SAFETY: as in `tweak`.
        unsafe {
            let node = x.node();
            let (u, d) = (get(links.up, node), get(links.down, node));
            *entry(links.down, u.node()) = x;
            *entry(links.up, d.node()) = x;
            let i = get(links.top, node);
            *entry(links.top, i) = get(links.top, i).wrapping_add(1);
            if unblock {
                unhide::<C, 0>(&mut links, x);
            }
        }
    }

    /// Knuth's untweak: undoes every tweak of a level on item `i`, which
    /// took out the nodes from `first` (the top of `i`'s list when the level
    /// began) down to the one above the present top, each the top of the
    /// list when it was tweaked; each still links down to the next, so
    /// rewriting their `up` links going down puts them all back. If
    /// `unblock`, also unhides their options (if not, the level had covered
    /// `i`, and the caller uncovers it next).
    pub(super) fn untweak_chain<const C: bool>(&mut self, i: Header, first: Link, unblock: bool) {
        let i = i.get();
        let mut links = Links::of(self);
        // SAFETY: (A), (B), (C): `i` is a header; `first` and every link the
        // walk follows are stored links of this matrix; the header link is
        // to `i`, a node of the arena.
        unsafe {
            let top = get(links.down, i);
            *entry(links.down, i) = first;
            let mut above = Link::to_header(i);
            let mut r = first;
            let mut restored = 0u32;
            while r.node() != top.node() {
                *entry(links.up, r.node()) = above;
                restored += 1;
                if unblock {
                    unhide::<C, 0>(&mut links, r);
                }
                above = r;
                r = get(links.down, r.node());
            }
            *entry(links.up, top.node()) = above;
            *entry(links.top, i) = get(links.top, i).wrapping_add(restored);
        }
    }

    /// Algorithm M's commit of option node `p`'s other items (step M6),
    /// going right: each primary item counts the option against its bound
    /// and is covered when that reaches 0; each secondary item is covered,
    /// or purified where the option gives it a color. If `GIVE_UP`, stops
    /// (and undoes what it did) as soon as an active primary item is left
    /// with no option while it still needs one (`cover::dooms`), as Algorithm
    /// X's search does: Knuth's Algorithm M would find that item's branching
    /// degree 0 at the next level.
    // Inlined: with the leftmost and the randomized loop each calling it
    // (docs/decisions/algorithm-m-loop.md), LLVM made it a call, a prologue and an epilogue
    // for every option tried.
    #[inline(always)]
    pub(super) fn commit_others_bounded<const GIVE_UP: bool, const C: bool>(
        &mut self,
        p: Link,
    ) -> OptionCover {
        let span = p.span();
        let mut updates = 0;
        let mut q = p.node();
        // Around the option until back at `p`: cheaper than a step counter
        // (docs/decisions/search-loop.md).
        loop {
            q = span.after(q);
            if q == p.node() {
                break;
            }
            // SAFETY: (C): `q` is a node of the option.
            let (x, color) = unsafe { self.node_entry::<C>(q) };
            let primary = x.get() <= self.primary;
            if primary {
                self.take_bound(x);
            }
            let (done, made) = if (primary && self.bound(x) == 0) || (!primary && color == 0) {
                if GIVE_UP {
                    self.cover_unless_doomed::<C, true, false, 0>(x, p, q)
                } else {
                    (true, self.cover::<C, 0>(x))
                }
            } else if C && !primary && color != PURIFIED {
                self.purify_checking::<GIVE_UP, true>(p, q)
            } else {
                (true, 0)
            };
            updates += made;
            if !done {
                if primary {
                    self.give_bound(x);
                }
                // Undo the items committed before `q`, going left.
                self.uncommit_bounded_from::<C>(span, p.node(), span.before(q));
                return OptionCover::Doomed(updates);
            }
        }
        OptionCover::Covered(updates)
    }

    /// Undoes [`commit_others_bounded`](Self::commit_others_bounded)`(p)`,
    /// going left.
    // Inlined into the search loop: as a call (8.86 M on matrices-7-2) its
    // prologue and epilogue were an eighth of its instructions.
    #[inline(always)]
    pub(super) fn uncommit_others_bounded<const C: bool>(&mut self, p: Link) {
        let span = p.span();
        self.uncommit_bounded_from::<C>(span, p.node(), span.before(p.node()));
    }

    /// Uncommits the items of the option `span` of node `p` from node `last`
    /// leftwards around the option until `p`.
    // Inlined since the search loop tries options in one place (docs/decisions/algorithm-m-loop.md;
    // as a call it cost a prologue per option, docs/decisions/rejected.md).
    #[inline(always)]
    fn uncommit_bounded_from<const C: bool>(&mut self, span: OptionSpan, p: u32, last: u32) {
        let mut q = last;
        while q != p {
            // SAFETY: (C): the walk stays on the option's nodes other than
            // `p` until it is back at `p`.
            let (x, color) = unsafe { self.node_entry::<C>(q) };
            if x.get() <= self.primary {
                if self.bound(x) == 0 {
                    self.uncover::<C, 0>(x);
                }
                self.give_bound(x);
            } else if color == 0 {
                self.uncover::<C, 0>(x);
            } else if C && color != PURIFIED {
                self.unpurify(q);
            }
            q = span.before(q);
        }
    }

    /// Pre-selects the option whose primary item `i` has node `p` in it:
    /// tweaks the whole option out, counts it against `i` (covering `i` if
    /// that fills it up) and commits its other items.
    pub(super) fn select_bounded<const C: bool>(&mut self, i: Header, p: Link) {
        self.tweak::<C>(p, true);
        self.take_bound(i);
        if self.bound(i) == 0 {
            self.cover::<C, 0>(i);
        }
        self.commit_others_bounded::<false, C>(p);
    }

    /// Undoes [`select_bounded`](Self::select_bounded)`(i, p)`.
    pub(super) fn unselect_bounded<const C: bool>(&mut self, i: Header, p: Link) {
        self.uncommit_others_bounded::<C>(p);
        if self.bound(i) == 0 {
            self.uncover::<C, 0>(i);
        }
        self.give_bound(i);
        self.untweak_one::<C>(p, true);
    }

    /// Knuth's branching rule for Algorithm M: the active primary item with
    /// the smallest branching degree `len + s - bound + 1`, where `s` is the
    /// smaller of its slack and bound (the number of ways to choose its next
    /// option, and whether to choose none); among equals, the one with less
    /// slack, then the longer list (which Knuth found makes smaller trees),
    /// then the leftmost, or with `rng` one drawn uniformly. Returns the root
    /// and `i64::MAX` when no primary item is active. A degree of 0 or less
    /// is a dead end and ends the scan.
    #[inline]
    pub(super) fn branch_item(&self, rng: Option<&mut SplitMix64>) -> (Header, i64) {
        match rng {
            None => self.leftmost_branch_item(),
            Some(rng) => self.random_branch_item(rng),
        }
    }

    /// [`branch_item`](Self::branch_item) with ties to the leftmost: each
    /// item's place in the rule packed into one [`BranchKey`], so that the
    /// scan makes one comparison an item instead of up to four, each a
    /// branch that depends on the data (docs/decisions/algorithm-m-loop.md).
    fn leftmost_branch_item(&self) -> (Header, i64) {
        let mut best = ROOT;
        let mut best_key = BranchKey::MAX;
        // SAFETY: as in `random_branch_item`.
        let mut h = unsafe { get(&self.right, ROOT) };
        while h != ROOT {
            // SAFETY: as in `random_branch_item`.
            let key = unsafe {
                BranchKey::of(get(&self.top, h), get(&self.bound, h), get(&self.slack, h))
            };
            // Conditional moves rather than a branch: whether an item beats
            // the best so far depends on the data (docs/decisions/algorithm-m-components.md).
            let better = key < best_key;
            best = std::hint::select_unpredictable(better, h, best);
            best_key = std::hint::select_unpredictable(better, key, best_key);
            // A dead end beats every key before it (none was one), so it is
            // the best now: the first one ends the walk, as the rule says.
            if key.is_dead_end() {
                break;
            }
            // SAFETY: as above.
            h = unsafe { get(&self.right, h) };
        }
        // SAFETY: `best` is the root or a value of `right`, a header (B).
        let choice = (unsafe { Header::new_unchecked(best) }, best_key.degree());
        debug_assert_eq!(choice, self.branch_item_by_definition());
        choice
    }

    /// Knuth's rule as DLX3 writes it, one comparison at a time, stopping
    /// at the first dead end as the scan does: the oracle that
    /// [`leftmost_branch_item`](Self::leftmost_branch_item) checks its
    /// choice against in debug builds (so at every node of every test that
    /// searches with multiplicities), and the unit tests directly. The
    /// search trees equal DLX3's (docs/benchmarks.md, "Algorithm M against
    /// DLX3") only while the two agree.
    fn branch_item_by_definition(&self) -> (Header, i64) {
        let (mut best, mut score) = (ROOT, i64::MAX);
        let (mut best_s, mut best_len) = (0, 0);
        let mut h = self.right[ROOT as usize];
        while h != ROOT {
            let (len, bound) = (self.top[h as usize], self.bound[h as usize]);
            let s = self.slack[h as usize].min(bound);
            let t = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            if t < score || (t == score && (s < best_s || (s == best_s && len > best_len))) {
                (best, score, best_s, best_len) = (h, t, s, len);
                if t <= 0 {
                    break;
                }
            }
            h = self.right[h as usize];
        }
        // SAFETY: `best` is the root or a value of `right`, a header (B).
        (unsafe { Header::new_unchecked(best) }, score)
    }

    /// [`branch_item`](Self::branch_item) with ties drawn by `rng`.
    fn random_branch_item(&self, rng: &mut SplitMix64) -> (Header, i64) {
        let mut best = (Header::default(), i64::MAX);
        let (mut best_slack, mut best_len) = (0, 0);
        let mut ties = 0;
        // The scan runs at every node of Algorithm M, so it indexes without
        // bounds checks, like the MRV scan (docs/decisions/algorithm-m-loop.md).
        // SAFETY: (B): `h` is always a value of `right`, a header, so it
        // indexes `right`, `top` (below `N + 2 <= n`, (A)) and, by (D) in
        // Algorithm M's matrix, `bound` and `slack`.
        let mut h = unsafe { get(&self.right, ROOT) };
        while h != ROOT {
            // SAFETY: as above.
            let (len, bound, slack) =
                unsafe { (get(&self.top, h), get(&self.bound, h), get(&self.slack, h)) };
            let s = slack.min(bound);
            let degree = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            if degree <= best.1 {
                // SAFETY: (B): a value of `right` is a header.
                let item = unsafe { Header::new_unchecked(h) };
                if degree < best.1 || s < best_slack || (s == best_slack && len > best_len) {
                    best = (item, degree);
                    (best_slack, best_len) = (s, len);
                    ties = 1;
                    if degree <= 0 {
                        break;
                    }
                } else if s == best_slack && len == best_len {
                    ties += 1;
                    if rng.below(ties) == 0 {
                        best.0 = item;
                    }
                }
            }
            // SAFETY: as above.
            h = unsafe { get(&self.right, h) };
        }
        best
    }

    /// Whether some active primary item has fewer options left than it
    /// still needs (a branching degree of 0 or less).
    pub(super) fn has_starved_primary(&self) -> bool {
        self.branch_item(None).1 <= 0
    }
}

/// An item's place in Knuth's branching rule, smaller first: its degree
/// `len + s - bound + 1` (biased by 2^32, so never negative), then `s`,
/// then the length, longer first (stored as `!len`). Each part is compared
/// only when the ones before it are equal, as the rule says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct BranchKey(u128);

impl BranchKey {
    /// Greater than the key of any item: no item chosen yet.
    const MAX: BranchKey = BranchKey(u128::MAX);

    /// What the degree is biased by: `1 - bound >= 1 - (2^32 - 1)`.
    const BIAS: i64 = 1 << 32;

    /// The key of a primary item with `len` options left, `bound` and
    /// `slack`.
    #[inline(always)]
    fn of(len: u32, bound: u32, slack: u32) -> BranchKey {
        let s = slack.min(bound);
        // At least 2 and below 2^34: it fits the top 64 bits.
        let biased = (u64::from(len) + u64::from(s) + 1 + (1 << 32)) - u64::from(bound);
        BranchKey((u128::from(biased) << 64) | (u128::from(s) << 32) | u128::from(!len))
    }

    /// The item's branching degree; `i64::MAX` for [`BranchKey::MAX`].
    fn degree(self) -> i64 {
        if self == BranchKey::MAX {
            return i64::MAX;
        }
        // Below 2^34 (`of`), so the cast is exact.
        #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
        let biased = (self.0 >> 64) as i64;
        biased - Self::BIAS
    }

    /// Whether the degree is 0 or less: the item cannot get the options it
    /// needs, and no item can beat it.
    #[inline(always)]
    fn is_dead_end(self) -> bool {
        (self.0 >> 64) as u64 <= Self::BIAS as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::Color;
    use crate::problem::Problem;
    use crate::random::random_option;

    /// Knuth's example for DLX3: items A B 2:3|C | X Y; options A B X:0 Y:0,
    /// A C X:1 Y:1, C X:0, B X:1, C Y:1.
    fn knuth_bounds() -> Problem {
        let (zero, one) = (Color::new(0), Color::new(1));
        let mut builder = Problem::builder(3, 2).unwrap();
        builder.set_bounds(2, 2, 3).unwrap();
        for option in [
            &[(0, None), (1, None), (3, zero), (4, zero)][..],
            &[(0, None), (2, None), (3, one), (4, one)],
            &[(2, None), (3, zero)],
            &[(1, None), (3, one)],
            &[(2, None), (4, one)],
        ] {
            builder.add_colored_option(option).unwrap();
        }
        builder.build()
    }

    /// Item C's header.
    const C: u32 = 3;

    #[test]
    fn every_tweak_untweak_pair_keeps_knuths_sanity() {
        let original = Matrix::new(&knuth_bounds());
        let c = original.header(C).unwrap();
        for block in [true, false] {
            let mut m = original.clone();
            if !block {
                // An item with no bound left is covered before it is tweaked.
                m.cover::<true, 0>(c);
            }
            let first = m.first_option(c);
            let mut tweaked = Vec::new();
            while m.first_option(c).node() != C {
                let x = m.first_option(c);
                m.tweak::<true>(x, block);
                tweaked.push(x);
                m.check().unwrap();
                // Undone one at a time in reverse, as a randomized level does.
                let mut copy = m.clone();
                for &y in tweaked.iter().rev() {
                    copy.untweak_one::<true>(y, block);
                    copy.check().unwrap();
                }
                if !block {
                    copy.uncover::<true, 0>(c);
                }
                assert!(copy.same_links(&original));
            }
            assert_eq!(m.len(c), 0);
            // Knuth's untweak puts the whole level back at once.
            m.untweak_chain::<true>(c, first, block);
            m.check().unwrap();
            if !block {
                m.uncover::<true, 0>(c);
            }
            assert!(m.same_links(&original), "block {block}");
        }
    }

    #[test]
    fn every_bounded_commit_uncommit_pair_keeps_knuths_sanity() {
        let original = Matrix::new(&knuth_bounds());
        let mut m = original.clone();
        for k in 0..m.option_count() {
            let (i, p) = m.first_primary(k);
            m.select_bounded::<true>(i, p);
            m.check().unwrap();
            for j in 0..m.option_count() {
                // Only options still in their first item's list can be chosen.
                let (h, q) = m.first_primary(j);
                let mut r = m.first_option(h);
                while r.node() != h.get() && r != q {
                    r = m.next_option(r);
                }
                if r != q || !m.is_active(h) {
                    continue;
                }
                m.select_bounded::<true>(h, q);
                m.check().unwrap();
                m.unselect_bounded::<true>(h, q);
                m.check().unwrap();
            }
            m.unselect_bounded::<true>(i, p);
            m.check().unwrap();
            assert!(m.same_links(&original), "option {k}");
        }
    }

    #[test]
    // Safe arithmetic only, and 262,144 comparisons: too slow for Miri.
    #[cfg_attr(miri, ignore)]
    fn a_branch_key_orders_items_as_knuths_rule_does() {
        let values = [0, 1, 2, 3, 7, u32::MAX / 2, u32::MAX - 1, u32::MAX];
        let mut items = Vec::new();
        for len in values {
            for bound in values {
                for slack in values {
                    let s = slack.min(bound);
                    let degree = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
                    let rule = (degree, s, std::cmp::Reverse(len));
                    items.push((rule, BranchKey::of(len, bound, slack)));
                }
            }
        }
        for &(rule, key) in &items {
            assert_eq!(key.degree(), rule.0);
            assert_eq!(key.is_dead_end(), rule.0 <= 0);
            assert!(key < BranchKey::MAX);
            for &(other_rule, other_key) in &items {
                assert_eq!(rule.cmp(&other_rule), key.cmp(&other_key));
            }
        }
        assert_eq!(BranchKey::MAX.degree(), i64::MAX);
    }

    /// A random problem with multiplicities: `primary` items with bounds
    /// below 5 (if `large`, the first's upper bound past 2^16), up to two
    /// secondary items, and options of one to four items, each with a
    /// primary one.
    fn random_bounded(rng: &mut SplitMix64, large: bool) -> Problem {
        let primary = 1 + rng.below(7) as usize;
        let secondary = rng.below(3) as usize;
        let items = u32::try_from(primary + secondary).unwrap();
        let mut builder = Problem::builder(primary, secondary).unwrap();
        for item in 0..primary {
            let lower = rng.below(3);
            let extra = if large && item == 0 { 1 << 16 } else { 0 };
            let upper = (lower + rng.below(3) + extra).max(1);
            builder.set_bounds(item, lower, upper).unwrap();
        }
        for _ in 0..2 + rng.below(14) {
            let option = random_option(rng, u32::try_from(primary).unwrap(), items);
            builder.add_option(&option).unwrap();
        }
        builder.build()
    }

    /// The leftmost choice is DLX3's rule, written out one comparison at a
    /// time, in every state of random walks through random problems with
    /// multiplicities: options selected (bounds taken, items covered, lists
    /// tweaked), items deactivated after their null move, ties, slack, dead
    /// ends, and in every fourth problem a bound past 16 bits.
    #[test]
    fn the_leftmost_choice_is_dlx3s_rule_in_random_states() {
        let mut rng = SplitMix64::new(44);
        let rounds = if cfg!(miri) { 20 } else { 3000 };
        let (mut chosen, mut dead_ends) = (0, 0);
        for round in 0..rounds {
            let problem = random_bounded(&mut rng, round % 4 == 3);
            if problem.kind() != Kind::Multiplicities {
                // Every bound is 1..=1: exact cover, whose matrix has no
                // bounds for these steps (invariant (D)).
                continue;
            }
            let mut m = Matrix::new(&problem);
            for _ in 0..8 {
                let want = m.branch_item_by_definition();
                assert_eq!(m.branch_item(None), want, "round {round}");
                match want.1 {
                    i64::MAX => {}
                    degree if degree <= 0 => dead_ends += 1,
                    _ => chosen += 1,
                }
                let k = rng.below(u32::try_from(m.option_count()).unwrap()) as usize;
                let (i, p) = m.first_primary(k);
                let mut r = m.first_option(i);
                while r.node() != i.get() && r != p {
                    r = m.next_option(r);
                }
                if r == p && m.is_active(i) {
                    m.select_bounded::<false>(i, p);
                } else if m.is_active(i) {
                    // The null move, once every option of `i` is tried.
                    while m.first_option(i).node() != i.get() {
                        m.tweak::<false>(m.first_option(i), true);
                    }
                    m.deactivate(i);
                }
            }
        }
        // A third of the rounds make a real choice, a thirtieth a dead end
        // (1,000 and 100 of the 3,000; under Miri's 20 rounds, 6 and 0).
        assert!(
            chosen > rounds / 3 && dead_ends > rounds / 30,
            "{chosen} {dead_ends}"
        );
    }

    #[test]
    fn knuths_branching_rule_prefers_small_degree_then_little_slack_then_long_lists() {
        let m = Matrix::new(&knuth_bounds());
        // A: 2 options, bound 1, slack 0: degree 2. B: 2 options, degree 2.
        // C: 3 options, bound 3, slack 1: degree 3 + 1 - 3 + 1 = 2, but more
        // slack. So A, the leftmost of the two without slack.
        let (item, degree) = m.branch_item(None);
        assert_eq!((item.get(), degree), (1, 2));
        assert!(!m.has_starved_primary());
        let mut rng = SplitMix64::new(5);
        let drawn: std::collections::BTreeSet<u32> = (0..50)
            .map(|_| m.branch_item(Some(&mut rng)).0.get())
            .collect();
        assert_eq!(drawn, [1, 2].into(), "ties drawn among A and B only");
    }
}
