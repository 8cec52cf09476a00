//! Making puzzles: the generator (one removal loop over a stack of givens),
//! the singles proof that spares it most searches, symmetries, random
//! jigsaw maps, and killer cages.
//!
//! Imports from every floor below.

pub(crate) mod forcing;
pub(crate) mod generate_options;
pub(crate) mod generated;
pub(crate) mod generator;
pub(crate) mod jigsaw;
pub(crate) mod killer;
pub(crate) mod maker;
pub(crate) mod repair;
pub(crate) mod seeds;
pub(crate) mod symmetry;
