//! Algorithm C's steps (exact cover with colors, Knuth's DLX2): purifying
//! and unpurifying a secondary item, with unchecked indexing.
//!
//! When the search chooses an option that gives secondary item `x` the color
//! `A`, every other option that gives `x` another color, or none, is hidden
//! (it can no longer join the solution), and every option that also gives it
//! `A` is marked cleansed ([`CLEANSED`] in its node's `top`; the node then
//! reads as [`PURIFIED`]): it stays in `x`'s list, and when
//! it is chosen later it does not purify `x` again. `x` itself stays
//! active, so more options that agree on `A` may be chosen. Hiding skips
//! cleansed nodes (`cover.rs`, with `C`): nothing reads the list of a
//! purified item until it is unpurified, so Knuth's DLX2 leaves those links
//! alone, and so does this engine.

#[cfg(doc)]
use super::PURIFIED;
use super::arrays::Links;
use super::hide::{hide, unhide};
use super::link::Link;
use super::{CLEANSED, Matrix, entry, get};

impl Matrix {
    /// Purifies the item of node `q` of the option the node `p` links to,
    /// with `q`'s color; if `GIVE_UP`, gives up (and undoes what it did) as
    /// soon as hiding an option dooms this one (`cover::dooms`, with bounds
    /// if `M`), as `cover_unless_doomed` does. Returns whether it purified
    /// the item, and the updates made.
    ///
    /// `q` must be a node of `p`'s option whose color is neither 0 nor
    /// [`PURIFIED`], as `cover_others` calls it; any other node would only
    /// garble the lists, not leave the arena.
    pub(super) fn purify_checking<const GIVE_UP: bool, const M: bool>(
        &mut self,
        p: Link,
        q: u32,
    ) -> (bool, u64) {
        // SAFETY: (C): `q` is a node of `p`'s option (the caller's walk), so
        // by (A) its top `x`, less the mark, is a header, and (D) gives
        // `color` and `item_color` entries for `q` and `x`: only a search of
        // a problem with colors purifies.
        let (x, color) = unsafe { (get(&self.top, q) & !CLEANSED, get(&self.color, q)) };
        // SAFETY: as above.
        unsafe { *entry(&mut self.item_color, x) = color };
        self.cleansings += 1;
        let mut cleansed = 0;
        let mut updates = 0;
        let mut links = Links::of(self);
        // SAFETY: (A), (C), (D): `r` walks `x`'s list of stored links; a
        // link's node is in the arena, and `hide` and `unhide` need no more.
        unsafe {
            let mut r = get(links.down, x);
            while r.node() != x {
                let node = r.node();
                if get(links.color, node) == color {
                    *entry(links.top, node) = x | CLEANSED;
                    cleansed += 1;
                } else {
                    updates += hide::<true, false, 0>(&mut links, r);
                    let emptied = links.emptied;
                    if GIVE_UP && emptied != 0 {
                        // As in `cover_unless_doomed`: the arrays are
                        // borrowed again after the rare test.
                        if self.dooms::<M>(p, q, emptied) {
                            let mut links = Links::of(self);
                            // Undo from `r` back up to the top of the list.
                            while r.node() != x {
                                restore(&mut links, r, x);
                                r = get(links.up, r.node());
                            }
                            self.cleansings += cleansed;
                            *entry(&mut self.item_color, x) = 0;
                            return (false, updates);
                        }
                        links = Links::of(self);
                    }
                }
                r = get(links.down, node);
            }
        }
        self.cleansings += cleansed;
        (true, updates)
    }

    /// Undoes purifying the item of node `q` with `q`'s color: walks the
    /// item's list upwards, giving cleansed nodes their color back and
    /// unhiding the options purifying hid.
    pub(super) fn unpurify(&mut self, q: u32) {
        // SAFETY: as in `purify_checking`.
        let x = unsafe { get(&self.top, q) & !CLEANSED };
        let mut links = Links::of(self);
        // SAFETY: as in `purify_checking`.
        unsafe {
            let mut r = get(links.up, x);
            while r.node() != x {
                restore(&mut links, r, x);
                r = get(links.up, r.node());
            }
            *entry(&mut self.item_color, x) = 0;
        }
    }

    /// The colors of the items purified now: `(header, color index + 1)` for
    /// each secondary item with a color; none without colors (no
    /// `item_color`, invariant (D)).
    pub(super) fn purified_items(&self) -> impl Iterator<Item = (u32, u32)> + '_ {
        let first_secondary = self.primary as usize + 1;
        let secondary_headers = self.item_color.len().saturating_sub(1);
        (first_secondary..secondary_headers).filter_map(|h| {
            let color = self.item_color[h];
            (color != 0).then(|| (crate::index::to_u32(h), color))
        })
    }
}

/// Undoes what purifying did to node `r` of the list of item `x`: clears
/// the mark of a cleansed node, or unhides its option.
///
/// # Safety
///
/// `links` are the arrays of a matrix that satisfies (A) to (D), and `r` a
/// link of that matrix in `x`'s list.
#[inline(always)]
unsafe fn restore(links: &mut Links<'_>, r: Link, x: u32) {
    // SAFETY: (A): the link's node is in the arena.
    unsafe {
        let node = r.node();
        if get(links.top, node) & CLEANSED != 0 {
            *entry(links.top, node) = x;
        } else {
            // Inlined (`unhide` is always inlined): as a call (1.37 M on
            // graceful-wheel-7) its prologue and epilogue were a sixth of it
            // (docs/decisions/const-generic-colors.md).
            unhide::<true, 0>(links, r);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::Header;
    use super::*;
    use crate::index::Color;
    use crate::problem::Problem;

    /// Knuth's example of color controls, TAOCP 7.2.2.1 (49): items p q r |
    /// x y; options p q x y:A, p r x:A y, p x:B, q x:A, r y:B.
    fn knuth_colors() -> Problem {
        let (a, b) = (Color::new(0), Color::new(1));
        let mut builder = Problem::builder(3, 2).unwrap();
        for option in [
            &[(0, None), (1, None), (3, None), (4, a)][..],
            &[(0, None), (2, None), (3, a), (4, None)],
            &[(0, None), (3, b)],
            &[(1, None), (3, a)],
            &[(2, None), (4, b)],
        ] {
            builder.add_colored_option(option).unwrap();
        }
        builder.build()
    }

    /// Every option node in the lists of the active primary items.
    fn visible(m: &Matrix) -> Vec<(Header, Link)> {
        let mut found = Vec::new();
        for (h, _) in m.active_primaries() {
            let mut p = m.first_option(h);
            while p.node() != h.get() {
                found.push((h, p));
                p = m.next_option(p);
            }
        }
        found
    }

    /// Chooses option node `p` of item `i` as Algorithm C does: cover `i`,
    /// commit the option's other items.
    fn commit(m: &mut Matrix, i: Header, p: Link) {
        m.cover::<true, 0>(i);
        m.cover_others::<true, 0>(p);
    }

    fn uncommit(m: &mut Matrix, i: Header, p: Link) {
        m.uncover_others::<true, 0>(p);
        m.uncover::<true, 0>(i);
    }

    #[test]
    fn every_commit_uncommit_pair_keeps_knuths_sanity() {
        let original = Matrix::new(&knuth_colors());
        let mut m = original.clone();
        for (i, p) in visible(&original) {
            commit(&mut m, i, p);
            m.check().unwrap();
            for (j, q) in visible(&m) {
                commit(&mut m, j, q);
                m.check().unwrap();
                for (k, r) in visible(&m) {
                    commit(&mut m, k, r);
                    m.check().unwrap();
                    uncommit(&mut m, k, r);
                    m.check().unwrap();
                }
                uncommit(&mut m, j, q);
                m.check().unwrap();
            }
            uncommit(&mut m, i, p);
            m.check().unwrap();
            assert!(m.same_links(&original), "option at node {}", p.node());
        }
    }

    #[test]
    fn purifying_hides_other_colors_and_cleanses_the_same_one() {
        let mut m = Matrix::new(&knuth_colors());
        // Choose `p r x:A y` (option 1) through p.
        let (p, node) = m.first_primary(1);
        commit(&mut m, p, node);
        // x is purified with A: `q x:A` (option 3) is cleansed and stays,
        // `p x:B` (option 2) went with p; y is covered, so `r y:B` is gone.
        let x = 4;
        assert_eq!(m.item_color[x], 1);
        let q = m.first_primary(3).0;
        assert!(m.is_active(q) && m.len(q) == 1);
        assert_eq!(m.cleansings, 2, "one purification, one cleansed node");
        assert_eq!(m.purified_items().collect::<Vec<_>>(), [(4, 1)]);
        // The cleansed node, option 3's second, is marked in its top, keeps
        // its color, and reads as purified.
        let cleansed = m.option_first[3].span().first() + 1;
        assert_eq!(m.top[cleansed as usize], 4 | CLEANSED);
        assert_eq!(m.color[cleansed as usize], 1);
        let entries: Vec<_> = m
            .option_entries::<true>(3)
            .unwrap()
            .map(|(h, c)| (h.get(), c))
            .collect();
        assert_eq!(entries, [(2, 0), (4, crate::matrix::PURIFIED)]);
        m.check().unwrap();
        // A mark on a node whose item is not purified is an error.
        m.item_color[x] = 0;
        assert!(m.check().is_err());
        m.item_color[x] = 1;
        uncommit(&mut m, p, node);
        assert_eq!(m.item_color[x], 0);
        assert_eq!(m.top[cleansed as usize], 4);
        assert!(m.same_links(&Matrix::new(&knuth_colors())));
    }

    #[test]
    fn giving_up_while_purifying_restores_everything() {
        // Items a b | s. `a s:1` purifies s, which hides `b s:2`, the only
        // option of b: the option is doomed while purifying.
        let mut builder = Problem::builder(2, 1).unwrap();
        builder
            .add_colored_option(&[(0, None), (2, Color::new(0))])
            .unwrap();
        builder
            .add_colored_option(&[(1, None), (2, Color::new(1))])
            .unwrap();
        let original = Matrix::new(&builder.build());
        let mut m = original.clone();
        let (a, node) = m.first_primary(0);
        m.cover::<true, 0>(a);
        let updates = match m.cover_others_unless_doomed::<true>(node) {
            super::super::cover::OptionCover::Doomed(updates) => updates,
            other => panic!("{other:?}"),
        };
        assert!(updates > 0);
        m.check().unwrap();
        m.uncover::<true, 0>(a);
        assert!(m.same_links(&original));
    }
}
