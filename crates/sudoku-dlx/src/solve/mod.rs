//! Solving: the `Solver` and its three engines, one folder each: `links`
//! (the `dlx` engine on the exact-cover encoding, every grid), `bitsets`
//! (grids of at most 128 cells) and `classic` (the band board of plain
//! 9x9). Which engine runs a search is decided in one place, `engine`
//! (its table is on [`Engine`](crate::solve::engine::Engine)). Beside
//! them: the private `backend` interface links and bitsets share, the
//! stacks of givens (`Session`, and `Planted`, which the generator checks
//! uniqueness on), and the completion of large empty grids.
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
