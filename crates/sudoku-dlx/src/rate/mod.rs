//! Rating: the human techniques and the rater that scores a puzzle from them
//! and from search effort.
//!
//! Imports from `model`, `text` and `solve`.

pub(crate) mod als_wing;
pub(crate) mod bug;
pub(crate) mod chains;
pub(crate) mod common_peers;
pub(crate) mod dynamic_forcing_chain;
pub(crate) mod explain;
pub(crate) mod explain_text;
pub(crate) mod forcing_chain;
pub(crate) mod implications;
pub(crate) mod link;
pub(crate) mod multiple_forcing_chain;
pub(crate) mod nishio;
pub(crate) mod pattern;
pub(crate) mod rater;
pub(crate) mod step;
pub(crate) mod subsets;
pub(crate) mod technique;
pub(crate) mod techniques;
pub(crate) mod unique_rectangle;
pub(crate) mod x_chain;
pub(crate) mod xy_wing;
pub(crate) mod xyz_wing;
pub(crate) mod y_cycle;
