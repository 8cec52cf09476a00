//! What the examples' `main`s share: reading their sizes from the command
//! line, and printing the problem in Knuth's format or, with `--count`,
//! counting it. Each example uses part of it.

#![allow(dead_code)]

use dlx_engine::{Dlx, NamedProblem};

/// The command line after the program's name.
pub(crate) struct Args(Vec<String>);

impl Args {
    /// The process's arguments.
    pub(crate) fn new() -> Args {
        Args(std::env::args().skip(1).collect())
    }

    /// Argument `i` as a number of at least 1, or `default` if it is
    /// missing or not one.
    pub(crate) fn number(&self, i: usize, default: usize) -> usize {
        self.0
            .get(i)
            .and_then(|a| a.parse().ok())
            .filter(|&n| n >= 1)
            .unwrap_or(default)
    }

    /// Argument `i` as given, if there is one.
    pub(crate) fn word(&self, i: usize) -> Option<&str> {
        self.0.get(i).map(String::as_str)
    }

    /// Prints `problem` in Knuth's format under the comment line
    /// `| {title}`, or, if the arguments include `--count`, counts its
    /// solutions and prints them with the search's statistics.
    pub(crate) fn print_or_count(&self, title: &str, problem: &NamedProblem) {
        if self.0.iter().any(|a| a == "--count") {
            let mut solver = Dlx::new(problem.problem());
            let count = solver.count(None);
            let stats = solver.stats();
            println!(
                "{title}: {} solutions, {} nodes, {} updates",
                count.solutions, stats.nodes, stats.updates
            );
        } else {
            print!("| {title}\n{problem}");
        }
    }
}
