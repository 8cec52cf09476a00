//! Rating: the human techniques and the rater that scores a puzzle from them
//! and from search effort.
//!
//! Imports from `model`, `text` and `solve`.

pub(crate) mod common_peers;
pub(crate) mod explain;
pub(crate) mod pattern;
pub(crate) mod rater;
pub(crate) mod step;
pub(crate) mod techniques;
