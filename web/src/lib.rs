//! The web page's engine: the workspace's Sudoku and exact-cover crates
//! behind a small wasm-bindgen interface, run in the page's Web Worker
//! (web/www/worker.js).
//!
//! Every function takes text and answers one JSON object as a string (an
//! `error` field when the input is bad, with its line and column), so
//! that the worker posts it on unchanged and the same functions run in
//! native unit tests. Nothing here reads a clock or starts a thread: on
//! `wasm32-unknown-unknown` both panic. Long work is cut into bounded
//! chunks ([`SudokuCount`], [`CoverCount`]) that the worker runs one after
//! another, posting progress between them; cancelling terminates the
//! worker.

mod board;
mod counting;
mod cover;
mod make;
mod play;
mod print;

pub use board::describe;
pub use counting::SudokuCount;
pub use cover::{CoverCount, cover_solutions};
pub use make::{generate, rate};
pub use play::{check, explain, hint, solve};
pub use print::print_pages;
