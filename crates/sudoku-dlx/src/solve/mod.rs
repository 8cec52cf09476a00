//! Solving: the `Solver`, the exact-cover encoding, and the two backends
//! behind one private interface (dancing links on the engine, bitboards for
//! grids of at most 128 cells), with the stack of givens (`Session`,
//! `Planted`) the generator checks uniqueness on.
//!
//! Imports from `model` and `text`.

pub(crate) mod backend;
pub(crate) mod bitsets;
pub(crate) mod classic;
pub(crate) mod completion;
pub(crate) mod engine;
pub(crate) mod links;
pub(crate) mod session;
pub(crate) mod solver;
