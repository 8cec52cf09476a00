//! End-to-end tests of the `sudoku-dlx` binary: one test binary, one module
//! per subcommand, every solution checked independently of the libraries.

mod canon;
mod checker;
mod common;
mod cover;
mod cover_kinds;
mod distributed;
mod generate;
mod reading;
mod sudoku;
