//! Where a search is cut (`Search::frame`): the bounds that splitting,
//! subproblems and work sharing set (`frontier.rs`, through
//! `Search::set_frame` and `Search::pause_at`) and the loops read. This
//! file has no `unsafe` code.

#![deny(unsafe_code)]

/// Where a search is cut, owned by the search: the level it never
/// backtracks above, the level it pauses at instead of entering, and the
/// node count it pauses at.
#[derive(Clone, Copy, Debug)]
pub(super) struct Frame {
    /// The level the search never backtracks above: 0 for a whole search,
    /// the length of a subproblem's prefix when searching only below it.
    floor: usize,
    /// The level the search pauses at with [`Event::Frontier`](crate::outcome::Event::Frontier) instead of
    /// entering it: `usize::MAX` except while splitting.
    ceiling: usize,
    /// The search pauses with [`Event::Paused`](crate::outcome::Event::Paused) when it enters a node with
    /// this many nodes counted: `u64::MAX` except in a parallel search,
    /// which looks at its shared state between chunks of work. Unlike a
    /// budget, a pause changes nothing in the tree the search walks.
    pause_at: u64,
}

impl Frame {
    /// A whole search: no floor above the root, no ceiling, no pause.
    pub(super) const WHOLE: Frame = Frame {
        floor: 0,
        ceiling: usize::MAX,
        pause_at: u64::MAX,
    };

    /// The level the search never backtracks above.
    #[inline(always)]
    pub(super) fn floor(self) -> usize {
        self.floor
    }

    /// The level the search pauses at instead of entering it.
    #[inline(always)]
    pub(super) fn ceiling(self) -> usize {
        self.ceiling
    }

    /// The node count the search pauses at.
    #[inline(always)]
    pub(super) fn pause_at(self) -> u64 {
        self.pause_at
    }

    /// Sets the floor and the ceiling.
    pub(super) fn set(&mut self, floor: usize, ceiling: usize) {
        self.floor = floor;
        self.ceiling = ceiling;
    }

    /// Sets the pause point: `nodes` nodes counted.
    pub(super) fn pause_when(&mut self, nodes: u64) {
        self.pause_at = nodes;
    }

    /// Whether the frame gives a search a reason to pause before it counts
    /// a node: a ceiling or a pause point.
    pub(super) fn watched(self) -> bool {
        self.ceiling != usize::MAX || self.pause_at != u64::MAX
    }
}
