//! Laying out a problem in the arena, and checking the result once.

use super::link::Link;
use super::path::has_colors;
use super::{Matrix, SECONDARY_BIAS, SPACER};
use crate::index::ItemId;
use crate::index::to_u32;
use crate::problem::{Kind, Problem};

impl Matrix {
    /// Lays out the arena for `problem`, which establishes invariants (A) to
    /// (D): every link and `top` it stores is to a node it has laid out, and
    /// every link to an option node is made from the place it laid the node
    /// at; the arrays for colors are made only if the problem has colors,
    /// those for bounds only for Algorithm M. Debug builds (so every test,
    /// and Miri) then check them all. The builder has already checked that
    /// every index fits in a `u32`.
    ///
    /// # Panics
    ///
    /// In debug builds, if the layout broke an invariant: a bug in this
    /// file, caught before any unchecked step runs.
    pub(super) fn new(problem: &Problem) -> Self {
        let items = problem.item_count();
        let primary = problem.primary_count();
        let total = items + 2 + problem.option_count() + problem.entry_count();
        // The arrays are written in place, each link as it is stored: an
        // option node's place is known when it is laid out, and every link
        // to it is made then or later. (Laying out plain nodes and mapping
        // every link through a table of places afterwards took about twice
        // the instructions: most of building a small problem's solver.)
        let header = |x: usize| {
            // SAFETY: every `x` given is a header or spacer of this arena.
            unsafe { Link::to_header(to_u32(x)) }
        };
        let mut up = Vec::with_capacity(total);
        let mut down = Vec::with_capacity(total);
        let mut top = Vec::with_capacity(total);
        let mut option_of = Vec::with_capacity(total);
        // The root (0), the headers (1..=items), and the first spacer at
        // items + 1, the secondary root's slot: that header never heads a
        // vertical list. The root and the first spacer link to 0.
        for h in 0..items + 2 {
            let own = if (1..=items).contains(&h) { h } else { 0 };
            up.push(header(own));
            down.push(header(own));
            top.push(if (1..=primary).contains(&h) || own == 0 {
                0
            } else {
                SECONDARY_BIAS
            });
            option_of.push(0);
        }

        // Horizontal lists: 0 <-> 1..=primary, and items+1 <-> primary+1..=items.
        let mut left = vec![0; items + 2];
        let mut right = vec![0; items + 2];
        let secondary_root = items + 1;
        link_circle(&mut left, &mut right, 0, 1..=primary);
        link_circle(&mut left, &mut right, secondary_root, primary + 1..=items);

        let mut spacer = items + 1;
        let mut option_first = Vec::with_capacity(problem.option_count());
        // (D): the arrays for colors and for bounds only where steps read
        // them; each is an allocation and a free, a tenth of a small
        // problem's solver (docs/decisions/matrix-arrays-by-kind.md).
        let colors = has_colors(problem);
        let multiplicities = problem.kind() == Kind::Multiplicities;
        // Every node's color: `total` in all, reserved at once (growing it
        // option by option reallocated a dozen times per 9x9 matrix).
        let mut color = Vec::with_capacity(if colors { total } else { 0 });
        if colors {
            color.resize(items + 2, 0);
        }
        for (option, option_items) in problem.options() {
            let first = up.len();
            let size = to_u32(option_items.len());
            let place = |x: usize, position: u32| {
                // SAFETY: node `x` is at `position` in this option of
                // `size` nodes, laid out at `first..first + size`.
                unsafe { Link::to_option_node(to_u32(x), position, size) }
            };
            if colors {
                color.extend(
                    problem
                        .entries(option)
                        .map(|(_, c)| c.map_or(0, |c| c.as_u32() + 1)),
                );
                color.push(0);
            }
            for (position, &item) in (0..size).zip(option_items) {
                let h = item.index() + 1;
                let x = up.len();
                let here = place(x, position);
                let last = up[h];
                up.push(last);
                down.push(header(h));
                top.push(to_u32(h));
                option_of.push(option.as_u32());
                down[last.node() as usize] = here;
                up[h] = here;
                top[h] += 1;
            }
            // The previous spacer links down to this option's last node,
            // and this option's spacer up to its first.
            let (first_link, last_link) = if size == 0 {
                (header(first), header(spacer))
            } else {
                (place(first, 0), place(first + size as usize - 1, size - 1))
            };
            option_first.push(first_link);
            down[spacer] = last_link;
            spacer = up.len();
            up.push(first_link);
            down.push(header(0));
            top.push(SPACER);
            option_of.push(0);
        }
        let per_header = |made: bool, value: &dyn Fn(usize) -> u32| -> Vec<u32> {
            if made {
                (0..items + 2).map(value).collect()
            } else {
                Vec::new()
            }
        };
        let matrix = Matrix {
            up,
            down,
            top,
            option_of,
            left,
            right,
            option_first,
            primary: to_u32(primary),
            color,
            item_color: per_header(colors, &|_| 0),
            bound: per_header(multiplicities, &|h| bounds(problem, h).1),
            slack: per_header(multiplicities, &|h| {
                let (lower, upper) = bounds(problem, h);
                upper - lower
            }),
            cleansings: 0,
            single: 0,
        };
        if cfg!(debug_assertions) {
            matrix.validate(colors, multiplicities);
        }
        matrix
    }

    /// Checks invariants (A) to (D) of `mod.rs` over the whole arena, in
    /// linear time, for a problem with colors or not (`colors`) and of
    /// Algorithm M or not (`multiplicities`).
    ///
    /// # Panics
    ///
    /// At the first value that breaks one.
    fn validate(&self, colors: bool, multiplicities: bool) {
        let n = self.top.len();
        let headers = self.headers();
        assert!(
            self.up.len() == n && self.down.len() == n && self.option_of.len() == n,
            "(A): the arena's arrays differ in length"
        );
        let sized = |made: bool, len: usize, whole: usize| len == if made { whole } else { 0 };
        assert!(
            sized(colors, self.color.len(), n) && sized(colors, self.item_color.len(), headers),
            "(D): the arrays for colors"
        );
        assert!(
            sized(multiplicities, self.bound.len(), headers)
                && sized(multiplicities, self.slack.len(), headers),
            "(D): the arrays for bounds"
        );
        assert!(
            self.right.len() == headers && headers <= n,
            "(B): the item lists' arrays"
        );
        assert!(
            self.left
                .iter()
                .chain(&self.right)
                .all(|&h| (h as usize) < headers),
            "(B): an item list leaves the headers"
        );
        // The true place of every option node, from the options' first links.
        let mut place: Vec<Option<Link>> = vec![None; n];
        for (k, &first) in self.option_first.iter().enumerate() {
            let span = first.span();
            let end = span.first() as usize + span.size() as usize;
            assert!(end <= n, "(C): option {k} leaves the arena");
            for q in span.first()..span.first() + span.size() {
                let top = self.top[q as usize] as usize;
                assert!(
                    (1..headers - 1).contains(&top) && place[q as usize].is_none(),
                    "(A), (C): node {q} of option {k}"
                );
                place[q as usize] = Some(span.link_to(q));
            }
        }
        for link in self.up.iter().chain(&self.down) {
            let x = link.node() as usize;
            assert!(x < n, "(A): a link leaves the arena");
            // SAFETY: `x` is in the arena, just checked; the link is only compared.
            let expected = place[x].unwrap_or(unsafe { Link::to_header(link.node()) });
            assert_eq!(*link, expected, "(C): a link to node {x}");
        }
    }
}

/// The lower and upper bound of the item with header `h`: those of a primary
/// item, and 1 (as for exact cover) for the rest.
fn bounds(problem: &Problem, h: usize) -> (u32, u32) {
    let bounds = (1..=problem.primary_count())
        .contains(&h)
        .then(|| problem.bounds(ItemId::from_u32(to_u32(h - 1))))
        .flatten();
    bounds.map_or((1, 1), |b| (b.lower(), b.upper()))
}

/// Links `root` and `members` into one circular doubly linked list.
pub(super) fn link_circle(
    left: &mut [u32],
    right: &mut [u32],
    root: usize,
    members: std::ops::RangeInclusive<usize>,
) {
    let mut prev = root;
    for h in members {
        right[prev] = to_u32(h);
        left[h] = to_u32(prev);
        prev = h;
    }
    right[prev] = to_u32(root);
    left[root] = to_u32(prev);
}

#[cfg(test)]
pub(super) mod tests {
    use super::super::{Matrix, SPACER};
    use super::*;

    /// Knuth's example from TAOCP 7.2.2.1 (7): items a..g, all primary.
    pub(in crate::matrix) fn knuth_example() -> Problem {
        let mut b = Problem::builder(7, 0).unwrap();
        for option in [
            &[2, 4][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3, 5],
            &[1, 6],
            &[3, 4, 6],
        ] {
            b.add_option(option).unwrap();
        }
        b.build()
    }

    #[test]
    fn a_node_takes_24_bytes() {
        let m = Matrix::new(&knuth_example());
        let links = (m.up.len() + m.down.len()) * std::mem::size_of::<Link>();
        let fields = (m.top.len() + m.option_of.len()) * std::mem::size_of::<u32>();
        assert_eq!(links + fields, 24 * m.top.len());
    }

    #[test]
    fn layout_matches_knuth_table_1() {
        let m = Matrix::new(&knuth_example());
        // 1 root + 7 headers + 1 secondary root/first spacer, then 16 entries and 6 spacers.
        assert_eq!(m.top.len(), 9 + 16 + 6);
        // Item a (header 1) holds options 1 and 3: nodes 12 and 20 in Knuth's table.
        assert_eq!(m.top[1], 2);
        assert_eq!(m.down[1].node(), 12);
        assert_eq!(m.up[1].node(), 20);
        // The spacer after option 0 (nodes 9, 10) is node 11.
        assert_eq!(m.top[11], SPACER);
        assert_eq!(m.up[11].node(), 9);
        assert_eq!(m.down[11].node(), 14);
        // Node 14 is the last of option 1 (a, d, g: nodes 12 to 14).
        assert_eq!(m.down[11].span().first(), 12);
        assert_eq!(m.down[11].span().size(), 3);
        assert!(m.check().is_ok());
    }

    #[test]
    fn validation_accepts_every_layout_of_the_examples() {
        // `new` validates; a problem with secondary items and empty lists too.
        let mut b = Problem::builder(3, 2).unwrap();
        b.add_option(&[0, 3]).unwrap();
        b.add_option(&[4, 1]).unwrap();
        let m = Matrix::new(&b.build());
        assert!(m.check().is_ok());
        assert_eq!(m.headers(), 7);
    }
}
