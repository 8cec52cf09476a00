//! The dancing-links arena: Knuth's DLX1 data structure.
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
//! secondary item). Each `up`/`down` value is a [`Link`]: the node index, and
//! for an option node also its place in its option (see `link.rs`). An option
//! node's `top` is its item's header and `option` its option. A spacer's `top`
//! is 0 (the root, which no option names) and its `up`/`down` point to the
//! first node of the option before it and the last node of the option after
//! it, as in DLX1; the hot loops wrap around an option with the span its links
//! carry instead.
//!
//! The arena is stored as a structure of arrays, one `Vec` per field (24
//! bytes a node in all: 8 for each link, 4 for `top` and for the option). The
//! hot loops write `down[u]` and `up[d]` for vertical neighbours scattered
//! over the arena; with separate arrays a cache line holds 8 of those links
//! rather than a few whole nodes, which made the pentomino count 15% faster
//! (docs/benchmarks.md, tuning log).
//!
//! The horizontal list of items still to be covered lives in `left`/`right`,
//! indexed by header: the primary items form a circular list through the root
//! 0, the secondary items one through the extra header `N + 1`, so the search
//! never looks at secondary items when choosing what to branch on.

use crate::Problem;
use crate::index::to_u32;
use crate::link::Link;

/// A spacer's `top`: the root, which never heads a vertical list.
pub(crate) const SPACER: u32 = 0;

/// Added to a secondary item's length. Hiding the last option of a
/// secondary item then never looks like emptying it, so the only items whose
/// lists can empty (which dooms an option, `links.rs`) are primary ones, and
/// one emptied secondary item cannot hide an emptied primary one.
pub(crate) const SECONDARY_BIAS: u32 = 1 << 31;

/// The root of the list of active primary items.
pub(crate) const ROOT: u32 = 0;

/// One arena node while the matrix is laid out; [`Matrix`] then stores each
/// field in its own array.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Node {
    up: u32,
    down: u32,
    top: u32,
    option: u32,
}

/// The dancing-links matrix of one problem.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Matrix {
    /// Previous node in node `x`'s vertical list. Invariant for every node `x`
    /// in an active list: `down[up[x]]` links to `x`.
    pub(crate) up: Vec<Link>,
    /// Next node in the vertical list. Invariant: `up[down[x]]` links to `x`.
    pub(crate) down: Vec<Link>,
    /// Option node: its item's header. Header: the number of option nodes in
    /// its list (Knuth's LEN), plus [`SECONDARY_BIAS`] if the item is
    /// secondary. Spacer: [`SPACER`].
    pub(crate) top: Vec<u32>,
    /// Option node: the option it belongs to. Header, spacer and root: 0.
    pub(crate) option_of: Vec<u32>,
    /// Left neighbour in the active-item lists, indexed by header (0 is the
    /// primary root, `items + 1` the secondary root). Invariant for every
    /// active header `h`: `right[left[h]] == h`.
    pub(crate) left: Vec<u32>,
    /// Right neighbour in the active-item lists. Invariant: `left[right[h]] == h`.
    pub(crate) right: Vec<u32>,
    /// `option_first[k]` links to the first node of option `k`.
    pub(crate) option_first: Vec<Link>,
    /// The number of primary items.
    pub(crate) primary: u32,
}

impl Matrix {
    /// Lays out the arena for `problem`. The builder has already checked that
    /// every index fits in a `u32`.
    pub(crate) fn new(problem: &Problem) -> Self {
        let items = problem.item_count();
        let primary = problem.primary_count();
        let total = items + 2 + problem.option_count() + problem.entry_count();
        let mut nodes = vec![Node::default(); items + 2];
        for (h, header) in nodes.iter_mut().enumerate().take(items + 1).skip(1) {
            let top = if h <= primary { 0 } else { SECONDARY_BIAS };
            let h = to_u32(h);
            *header = Node {
                up: h,
                down: h,
                top,
                option: 0,
            };
        }
        nodes.reserve_exact(total - nodes.len());

        // Horizontal lists: 0 <-> 1..=primary, and items+1 <-> primary+1..=items.
        let mut left = vec![0; items + 2];
        let mut right = vec![0; items + 2];
        let secondary_root = items + 1;
        link_circle(&mut left, &mut right, 0, 1..=primary);
        link_circle(&mut left, &mut right, secondary_root, primary + 1..=items);

        // The first spacer, index items + 1, reuses the secondary root's slot
        // in `nodes`: that header never heads a vertical list.
        let mut spacer = items + 1;
        let mut option_first = Vec::with_capacity(problem.option_count());
        for (option, option_items) in problem.options() {
            let first = to_u32(nodes.len());
            option_first.push(Link::to_option_node(first, 0, to_u32(option_items.len())));
            for &item in option_items {
                let h = item.index() + 1;
                let x = to_u32(nodes.len());
                let last = nodes[h].up;
                nodes.push(Node {
                    up: last,
                    down: to_u32(h),
                    top: to_u32(h),
                    option: option.as_u32(),
                });
                nodes[last as usize].down = x;
                nodes[h].up = x;
                nodes[h].top += 1;
            }
            let last = to_u32(nodes.len() - 1);
            nodes[spacer].down = last;
            spacer = nodes.len();
            nodes.push(Node {
                up: first,
                down: 0,
                top: SPACER,
                option: 0,
            });
        }
        // Every option node knows its place: the links to it say so.
        let mut place = vec![None; nodes.len()];
        for &first in &option_first {
            let span = first.span();
            for q in first.node()..first.node() + span.size() {
                place[q as usize] = Some(span.link_to(q));
            }
        }
        let link = |x: u32| place[x as usize].unwrap_or(Link::to_header(x));
        Matrix {
            up: nodes.iter().map(|n| link(n.up)).collect(),
            down: nodes.iter().map(|n| link(n.down)).collect(),
            top: nodes.iter().map(|n| n.top).collect(),
            option_of: nodes.iter().map(|n| n.option).collect(),
            left,
            right,
            option_first,
            primary: to_u32(primary),
        }
    }

    /// Whether item header `h` is still in an active-item list.
    pub(crate) fn is_active(&self, h: u32) -> bool {
        self.right[self.left[h as usize] as usize] == h
    }

    /// Knuth's `sanity()`: checks every invariant of the links that are
    /// currently active. Returns a description of the first violation.
    pub(crate) fn check(&self) -> Result<(), String> {
        let items = self.left.len() - 2;
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
        for h in 1..=items {
            if !self.is_active(to_u32(h)) {
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
                if self.top[x] as usize != h {
                    return Err(format!("item {}: node {x} has top {}", h - 1, self.top[x]));
                }
                count += 1;
                if count > self.top.len() {
                    return Err(format!("item {}: vertical list does not close", h - 1));
                }
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
}

/// Links `root` and `members` into one circular doubly linked list.
fn link_circle(
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
mod tests {
    use super::*;

    /// Knuth's example from TAOCP 7.2.2.1 (7): items a..g, all primary.
    fn knuth_example() -> Problem {
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
        assert_eq!(m.down[11], Link::to_option_node(14, 2, 3));
        assert!(m.check().is_ok());
    }

    #[test]
    fn every_cover_uncover_pair_restores_the_links() {
        let original = Matrix::new(&knuth_example());
        for i in 1..=7 {
            let mut m = original.clone();
            m.cover(i);
            m.check().unwrap();
            assert!(!m.is_active(i));
            for j in 1..=7 {
                if m.is_active(j) {
                    m.cover(j);
                    m.check().unwrap();
                    m.uncover(j);
                    m.check().unwrap();
                }
            }
            m.uncover(i);
            m.check().unwrap();
            assert_eq!(m, original, "cover/uncover of {i}");
        }
    }

    #[test]
    fn cover_counts_updates_as_knuth_does() {
        let mut m = Matrix::new(&knuth_example());
        // Covering a hides options 1 (d, g) and 3 (d, f): 4 links, plus a itself.
        assert_eq!(m.cover(1), 5);
        assert_eq!(m.top[4], 1, "d keeps only option 5");
    }

    #[test]
    fn check_reports_a_broken_link() {
        let mut m = Matrix::new(&knuth_example());
        m.up[12] = Link::to_header(1_000);
        assert!(m.check().is_err());
    }
}
