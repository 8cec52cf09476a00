//! The bottom floor: what a puzzle is. Shapes and cells, rules (variants,
//! jigsaw regions and killer cages), grids, puzzles, alphabets, the one error type, the
//! `Geometry` (units, each cell's units, peers) built once per rules, and the
//! independent checker, which on purpose does not use the `Geometry`.
//!
//! Imports only from this floor (and `dlx`).

pub(crate) mod cage_problem;
pub(crate) mod cages;
pub(crate) mod cell;
pub(crate) mod checker;
pub(crate) mod drawing;
pub(crate) mod error;
pub(crate) mod geometry;
pub(crate) mod grid;
pub(crate) mod puzzle;
pub(crate) mod regions;
pub(crate) mod rules;
pub(crate) mod shape;
pub(crate) mod symbols;
pub(crate) mod unit;
pub(crate) mod variants;
