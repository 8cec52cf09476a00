//! The forced-first search's own state (`Search::forced`): whether the
//! search chooses forced items first (`forced.rs`) and how many levels of
//! its path have a choice left, which lets it stop when none has
//! (`discard.rs`). The fields are private to this file; the loops go
//! through its methods, which the compiler inlines to the field accesses
//! they replace. This file has no `unsafe` code.

#![deny(unsafe_code)]

/// The forced-first search's state, owned by the search
/// (`Search::forced`): whether it is asked for, and how many levels of its
/// path have a choice left (`discard.rs`).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ForcedFirst {
    /// Whether the leftmost search of Algorithms X and C chooses an item
    /// the last option left with one option before scanning for the
    /// shortest list ([`Dlx::set_forced_first`](crate::Dlx::set_forced_first)).
    on: bool,
    /// How many levels from `floor` up to `level` chose an option that is
    /// not the last of their item's list, so that backtracking with none
    /// stops at once (`discard.rs`).
    open: usize,
}

impl ForcedFirst {
    /// Whether searches choose forced items first.
    pub(super) fn on(self) -> bool {
        self.on
    }

    /// Sets whether searches choose forced items first (`set_forced` undoes
    /// any search in progress first).
    pub(super) fn set(&mut self, on: bool) {
        self.on = on;
    }

    /// One more level with a choice left, if `more`.
    #[inline(always)]
    pub(super) fn open_level(&mut self, more: bool) {
        self.open += usize::from(more);
    }

    /// One level with a choice left fewer, if `more`: undoes
    /// [`open_level`](Self::open_level).
    #[inline(always)]
    pub(super) fn close_level(&mut self, more: bool) {
        self.open -= usize::from(more);
    }

    /// Whether no level of the path has a choice left.
    #[inline(always)]
    pub(super) fn none_open(self) -> bool {
        self.open == 0
    }

    /// No level on the stack: none has a choice left.
    pub(super) fn clear_levels(&mut self) {
        self.open = 0;
    }
}
