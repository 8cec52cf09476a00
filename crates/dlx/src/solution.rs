//! [`Solution`]: one solution as every search hands it over, its options
//! and the colors it gives. A leaf below the solver and the iterators, so
//! that both can name it.

use crate::index::{Color, ItemId, OptionId};
use crate::matrix::Search;

/// One solution, while the search that found it is paused there: its
/// options and, for a problem with colors, the color each secondary item
/// has in it.
#[derive(Clone, Copy, Debug)]
pub struct Solution<'a> {
    options: &'a [OptionId],
    search: &'a Search,
}

impl<'a> Solution<'a> {
    /// The solution `options` found by `search`, which is paused there.
    pub(crate) fn new(options: &'a [OptionId], search: &'a Search) -> Self {
        Solution { options, search }
    }

    /// The options, pre-selected ones first, then in the order the search
    /// chose them.
    #[must_use]
    pub fn options(&self) -> &'a [OptionId] {
        self.options
    }

    /// The secondary items that some option of the solution gives a color,
    /// in item order, each with that color (every option of the solution
    /// that names the item gives it the same one). Items no option colors
    /// are left out. Empty for a problem without colors.
    pub fn colors(&self) -> impl Iterator<Item = (ItemId, Color)> + 'a {
        self.search.colors()
    }
}
