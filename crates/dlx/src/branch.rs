//! [`Branch`]: one level's choice, the step a subproblem's prefix is made
//! of. Plain data over the index types, below the search that makes it
//! (`matrix/frontier.rs`) and the error that names it.

use crate::index::{ItemId, OptionId};

/// One level's choice on the way to a subproblem: an option, or Algorithm
/// M's null move (the item takes no more options).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Branch {
    /// The level chose this option.
    Option(OptionId),
    /// Algorithm M's null move: the level's item (this one) takes no more
    /// options. Only problems with [`Bounds`](crate::problem::Bounds) have it.
    Done(ItemId),
}

impl std::fmt::Display for Branch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Branch::Option(option) => write!(f, "option {option}"),
            Branch::Done(item) => write!(f, "no more options for item {item}"),
        }
    }
}
