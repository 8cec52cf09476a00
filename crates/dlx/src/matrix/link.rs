//! Vertical links that also say where their node sits in its option.
//!
//! Covering an item walks its list with `down` and, for each option found,
//! visits the option's other nodes. Knuth's DLX1 walks right from the node
//! and wraps at the spacer after the option; that spacer test is a branch
//! whose outcome depends on where in the option the walk started, so it is
//! mispredicted about once per option hidden. Here a link carries the
//! position of its node in its option and the option's size next to the node
//! index, so the walk knows both ends of the option from the link it already
//! loaded and wraps with a conditional move, a fixed number of steps. On the
//! pentomino count that was 1.25x faster (docs/decisions/span-links.md).
//!
//! Links are made only by the layout, which gives every option node its true
//! place (the constructors are `unsafe fn`), and by [`OptionSpan::link_to`],
//! which links to a node of a span it came from; `Link::default()` links to
//! the root, with an empty span. That is what makes invariant (C) of
//! `matrix/mod.rs` hold for every `Link` value there is.

/// The most nodes one option may have: a position in an option is 16 bits.
pub(crate) const MAX_OPTION_LEN: usize = u16::MAX as usize;

/// A value of `up` or `down`: a node index (low 32 bits) and, when the node
/// is an option node, its position in its option (bits 32 to 47) and the
/// number of the option's other nodes, its size less one (bits 48 to 63).
/// Links to headers and spacers carry only the index, so they look like links
/// to an option of one node, the node itself: a walk around "the option" from
/// such a link visits no node, which keeps every walk in the arena whatever
/// link it is given, at no cost in the walk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Link(u64);

impl Link {
    /// A link to header (or spacer) node `node`.
    ///
    /// # Safety
    ///
    /// `node` is in the arena of the matrix the link will be stored in
    /// (invariant (A)).
    pub(super) unsafe fn to_header(node: u32) -> Self {
        Link(u64::from(node))
    }

    /// A link to option node `node`, at `position` in an option of `size`
    /// nodes; `position < size <= MAX_OPTION_LEN`.
    ///
    /// # Safety
    ///
    /// That is `node`'s true place: the option's `size` nodes, from
    /// `node - position` on, are option nodes of the arena the link will be
    /// used with (invariant (C)).
    pub(super) unsafe fn to_option_node(node: u32, position: u32, size: u32) -> Self {
        debug_assert!(position < size && size as usize <= MAX_OPTION_LEN);
        Link(u64::from(node) | (u64::from(position) << 32) | (u64::from(size - 1) << 48))
    }

    /// The node linked to.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // the node is the low 32 bits
    pub(crate) fn node(self) -> u32 {
        self.0 as u32
    }

    /// The place of the node linked to in its option; 0 for a header or
    /// spacer.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // a field of 16 bits
    pub(super) fn position(self) -> u32 {
        u32::from((self.0 >> 32) as u16)
    }

    /// The number of nodes of the option of the node linked to; 1 for a
    /// header or spacer. Read without decoding the option's ends, for the
    /// walks that know the size they expect (`hide.rs`).
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // a field of 16 bits
    pub(super) fn option_size(self) -> u32 {
        u32::from((self.0 >> 48) as u16) + 1
    }

    /// Whether the node linked to is in an option of `size` nodes, `size`
    /// at least 2 (a link to a header or spacer says 1): one shift and
    /// compare of the whole link, which needs no 64-bit mask in a register
    /// (the hot list walks of the search made for a width, `hide.rs`).
    #[inline(always)]
    pub(super) fn in_option_of(self, size: u32) -> bool {
        debug_assert!(size >= 2);
        self.0 >> 48 == u64::from(size - 1)
    }

    /// A link to the node `j` places after this one's in the same option,
    /// for `position() + j < option_size()`: one add on the whole link,
    /// the node index and the place each moved by `j` (a constant in an
    /// unrolled walk from an option's first node, `bulk.rs`).
    #[inline(always)]
    pub(super) fn to_later(self, j: u32) -> Link {
        debug_assert!(self.position() + j < self.option_size());
        Link(
            self.0
                .wrapping_add(u64::from(j).wrapping_mul(0x1_0000_0001)),
        )
    }

    /// A link to the node `s` places after this one's in its option,
    /// wrapping at the option's end (place `(position() + s) % W`), for an
    /// option of `W` nodes and `s < W`. For four nodes one add of an entry of
    /// [`STEP_LINK_4`] on the whole link: the fixed walks (`hide.rs`) made
    /// each node's index and link with an add, a mask and a multiply-add
    /// from the decoded place (docs/decisions/span-links.md).
    #[inline(always)]
    pub(super) fn to_after<const W: u32>(self, s: u32) -> Link {
        debug_assert!(self.option_size() == W && s < W);
        if W == 4 {
            // The place is below 4 by (C); the mask only tells the compiler.
            let row = &STEP_LINK_4[(self.position() & 3) as usize];
            Link(self.0.wrapping_add(row[s as usize & 3]))
        } else {
            self.to_place((self.position() + s) % W)
        }
    }

    /// A link to the node at place `k` of the same option, for
    /// `k < option_size()`: the node index and the place move by the same
    /// amount, so one multiply-add on the whole link makes it.
    #[inline(always)]
    pub(super) fn to_place(self, k: u32) -> Link {
        debug_assert!(k < self.option_size());
        let shift = u64::from(k).wrapping_sub(u64::from(self.position()));
        Link(self.0.wrapping_add(shift.wrapping_mul(0x1_0000_0001)))
    }

    /// The nodes of the option of the node linked to; for a link to a header
    /// or spacer, that node alone.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // fields of 16 bits
    pub(super) fn span(self) -> OptionSpan {
        let node = self.node();
        let position = u32::from((self.0 >> 32) as u16);
        let others = u32::from((self.0 >> 48) as u16);
        let first = node.wrapping_sub(position);
        OptionSpan {
            first,
            last: first.wrapping_add(others),
            // `link_to(q)` adds `q` once as the index and once shifted into
            // the position field, less the first node's index there.
            base: (self.0 & !0xffff_ffff_ffff).wrapping_sub(u64::from(first) << 32),
        }
    }
}

/// For an option of four nodes, what a link to the node at place `a` gains
/// to become the link to the node `s` places after it, wrapping at the
/// option's end (place `k = (a + s) % 4`): `k - a` times `2^32 + 1`,
/// wrapping, which moves the node index (low 32 bits) and the place (bits 32
/// to 47) by the same amount without a borrow between the fields, as in
/// [`Link::to_place`].
const STEP_LINK_4: [[u64; 4]; 4] = step_links_4();

/// The table [`STEP_LINK_4`].
#[allow(clippy::cast_sign_loss)] // a wrapping difference, on purpose
const fn step_links_4() -> [[u64; 4]; 4] {
    let mut table = [[0; 4]; 4];
    let mut a = 0;
    while a < 4 {
        let mut s = 0;
        while s < 4 {
            let k = (a + s) % 4;
            table[a][s] = ((k as i64 - a as i64) as u64).wrapping_mul(0x1_0000_0001);
            s += 1;
        }
        a += 1;
    }
    table
}

/// The nodes `first..=last` of one option, for walking around it.
#[derive(Clone, Copy, Debug)]
pub(super) struct OptionSpan {
    first: u32,
    last: u32,
    base: u64,
}

impl OptionSpan {
    /// The option's number of nodes.
    #[inline(always)]
    pub(super) fn size(self) -> u32 {
        self.last.wrapping_sub(self.first).wrapping_add(1)
    }

    /// The first node of the option.
    #[inline(always)]
    pub(super) fn first(self) -> u32 {
        self.first
    }

    /// The node after `q`, wrapping from the last to the first.
    #[inline(always)]
    pub(super) fn after(self, q: u32) -> u32 {
        if q == self.last { self.first } else { q + 1 }
    }

    /// The node before `q`, wrapping from the first to the last.
    #[inline(always)]
    pub(super) fn before(self, q: u32) -> u32 {
        if q == self.first { self.last } else { q - 1 }
    }

    /// A link to node `q` of this option.
    #[inline(always)]
    pub(super) fn link_to(self, q: u32) -> Link {
        debug_assert!(self.first <= q && q <= self.last);
        Link(self.base.wrapping_add(u64::from(q) * 0x1_0000_0001))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_round_trips_through_its_span() {
        for (node, position, size) in [
            (9, 0, 1),
            (12, 2, 3),
            (u32::MAX - 5, 4, 5),
            (70_000, 65_534, 65_535),
        ] {
            // SAFETY: only the link's arithmetic is tested; nothing is indexed.
            let link = unsafe { Link::to_option_node(node, position, size) };
            assert_eq!(link.node(), node);
            let span = link.span();
            assert_eq!(span.size(), size);
            let first = node - position;
            assert_eq!(span.first(), first);
            assert_eq!((link.position(), link.option_size()), (position, size));
            // Under Miri (CI) every 97th place and the last: the loop is
            // arithmetic alone (nothing is indexed), and its 65,535 places
            // took a minute there.
            let step = if cfg!(miri) { 97 } else { 1 };
            let places = (first..first + size).step_by(step);
            for q in places.chain([first + size - 1]) {
                // SAFETY: as above.
                let expected = unsafe { Link::to_option_node(q, q - first, size) };
                assert_eq!(span.link_to(q), expected);
                assert_eq!(link.to_place(q - first), expected);
                // SAFETY: as above; place 0 of the same option.
                let from_first = unsafe { Link::to_option_node(first, 0, size) };
                assert_eq!(from_first.to_later(q - first), expected);
            }
            assert_eq!(span.after(first + size - 1), first);
            assert_eq!(span.before(first), first + size - 1);
        }
        // SAFETY: as above.
        assert_eq!(unsafe { Link::to_header(7) }.node(), 7);
    }

    #[test]
    fn a_step_around_a_four_node_option_wraps_at_its_end() {
        for first in [5, 1_000_000] {
            for a in 0..4 {
                // SAFETY: as above.
                let link = unsafe { Link::to_option_node(first + a, a, 4) };
                for s in 0..4 {
                    let k = (a + s) % 4;
                    // SAFETY: as above.
                    let expected = unsafe { Link::to_option_node(first + k, k, 4) };
                    assert_eq!(link.to_after::<4>(s), expected, "{a} {s}");
                    assert_eq!(link.to_place(k), expected);
                }
            }
        }
    }

    #[test]
    fn a_header_link_spans_its_node_alone() {
        for node in [0, 1, 7, u32::MAX] {
            // SAFETY: as above.
            let span = unsafe { Link::to_header(node) }.span();
            assert_eq!((span.size(), span.first()), (1, node));
            assert_eq!((span.after(node), span.before(node)), (node, node));
        }
        assert_eq!(Link::default().span().size(), 1);
    }
}
