//! End-to-end tests of the `sudoku-dlx` binary: one test binary, one module
//! per subcommand, every solution checked independently of the libraries.

mod canon;
mod check;
mod checker;
mod common;
mod conventions;
mod cover;
mod cover_kinds;
mod distributed;
mod examples;
mod explain;
mod flags;
mod generate;
mod interrupt;
mod killer;
mod latency;
mod layers;
mod print;
mod reading;
mod reports;
mod round_trip;
#[cfg(all(target_os = "linux", target_env = "gnu", target_arch = "x86_64"))]
mod start_up;
mod sudoku;
mod writes;
