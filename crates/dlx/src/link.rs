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
//! pentomino count that was 1.25x faster (docs/benchmarks.md, tuning log).

/// The most nodes one option may have: a position in an option is 16 bits.
pub(crate) const MAX_OPTION_LEN: usize = u16::MAX as usize;

/// A value of `up` or `down`: a node index (low 32 bits) and, when the node
/// is an option node, its position in its option (bits 32 to 47) and the
/// option's number of nodes (bits 48 to 63). Links to headers carry only
/// the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(transparent)]
pub(crate) struct Link(u64);

impl Link {
    /// A link to header (or spacer) node `node`.
    pub(crate) fn to_header(node: u32) -> Self {
        Link(u64::from(node))
    }

    /// A link to option node `node`, at `position` in an option of `size`
    /// nodes; `position < size <= MAX_OPTION_LEN`.
    pub(crate) fn to_option_node(node: u32, position: u32, size: u32) -> Self {
        debug_assert!(position < size && size as usize <= MAX_OPTION_LEN);
        Link(u64::from(node) | (u64::from(position) << 32) | (u64::from(size) << 48))
    }

    /// The node linked to.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // the node is the low 32 bits
    pub(crate) fn node(self) -> u32 {
        self.0 as u32
    }

    /// The nodes of the option of the node linked to, which must be an
    /// option node.
    #[inline(always)]
    #[allow(clippy::cast_possible_truncation)] // fields of 16 bits
    pub(crate) fn span(self) -> OptionSpan {
        let node = self.node();
        let position = u32::from((self.0 >> 32) as u16);
        let size = u32::from((self.0 >> 48) as u16);
        debug_assert!(position < size, "link {self:?} is not to an option node");
        let first = node - position;
        OptionSpan {
            first,
            last: first + size - 1,
            // `link_to(q)` adds `q` once as the index and once shifted into
            // the position field, less the first node's index there.
            base: (self.0 & !0xffff_ffff_ffff).wrapping_sub(u64::from(first) << 32),
        }
    }
}

/// The nodes `first..=last` of one option, for walking around it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct OptionSpan {
    first: u32,
    last: u32,
    base: u64,
}

impl OptionSpan {
    /// The option's number of nodes.
    #[inline(always)]
    pub(crate) fn size(self) -> u32 {
        self.last - self.first + 1
    }

    /// The node after `q`, wrapping from the last to the first.
    #[inline(always)]
    pub(crate) fn after(self, q: u32) -> u32 {
        if q == self.last { self.first } else { q + 1 }
    }

    /// The node before `q`, wrapping from the first to the last.
    #[inline(always)]
    pub(crate) fn before(self, q: u32) -> u32 {
        if q == self.first { self.last } else { q - 1 }
    }

    /// A link to node `q` of this option.
    #[inline(always)]
    pub(crate) fn link_to(self, q: u32) -> Link {
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
            let link = Link::to_option_node(node, position, size);
            assert_eq!(link.node(), node);
            let span = link.span();
            assert_eq!(span.size(), size);
            let first = node - position;
            for q in first..first + size {
                assert_eq!(span.link_to(q), Link::to_option_node(q, q - first, size));
            }
            assert_eq!(span.after(first + size - 1), first);
            assert_eq!(span.before(first), first + size - 1);
        }
        assert_eq!(Link::to_header(7).node(), 7);
    }
}
