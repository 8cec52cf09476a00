//! Making puzzles: the generator (one removal loop over a stack of givens),
//! the singles proof that spares it most searches, symmetries, and random
//! jigsaw maps.
//!
//! Imports from every floor below.

pub(crate) mod forcing;
pub(crate) mod generator;
pub(crate) mod jigsaw;
pub(crate) mod symmetry;
