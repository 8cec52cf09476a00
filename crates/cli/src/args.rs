//! The command line: every subcommand and flag, with clap's derive API.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

const MAIN_EXAMPLES: &str = "\
Examples:
  sudoku-dlx solve data/sudoku/plb_hard20.txt
  sudoku-dlx count --limit 2 puzzles.txt
  sudoku-dlx cover problem.dlx

Exit status: 0 when every puzzle was solved, 1 when any puzzle was invalid,
unsolvable, over budget or not unique, 2 for usage or I/O errors.
See docs/cli.md for the formats.";

const COVER_EXAMPLES: &str = "\
Input: Knuth's format. Lines starting with `|` are comments; the first other
line names the items, primary ones, then `|`, then secondary ones; every later
line is an option, a list of item names.

Output: each solution as its option lines, in the order the search chose
them, followed by one blank line.

Exit status: 0 when a solution was found, 1 when there is none or --max-nodes
stopped the search, 2 when the problem cannot be read (reported as
FILE:LINE:COLUMN: reason) or on I/O errors.

Examples:
  sudoku-dlx cover problem.dlx                 print every solution
  sudoku-dlx cover --count --stats problem.dlx count them, with Knuth's statistics
  sudoku-dlx cover --limit 1 --seed 7 -        one solution of stdin, in a random order";

/// Solve Sudoku of every common shape and variant, and any exact-cover
/// problem, with dancing links.
#[derive(Debug, Parser)]
#[command(name = "sudoku-dlx", version, after_help = MAIN_EXAMPLES)]
pub(crate) struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// The subcommands. `generate` and `rate` come with the puzzle-generation work.
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
    /// Solve an exact-cover problem written in Knuth's format.
    #[command(after_help = COVER_EXAMPLES)]
    Cover(CoverArgs),
}

/// Flags of `sudoku-dlx cover`.
#[derive(Debug, Args)]
pub(crate) struct CoverArgs {
    /// The problem file; stdin when absent or `-`.
    pub(crate) file: Option<PathBuf>,
    /// Print only the number of solutions.
    #[arg(long)]
    pub(crate) count: bool,
    /// Stop after N solutions.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub(crate) limit: Option<u64>,
    /// Print Knuth's statistics on stderr: solutions, nodes, updates, time.
    #[arg(long)]
    pub(crate) stats: bool,
    /// Search in a random order, the same for the same seed.
    #[arg(long, value_name = "S")]
    pub(crate) seed: Option<u64>,
    /// Give up after N search-tree nodes.
    #[arg(long, value_name = "N")]
    pub(crate) max_nodes: Option<u64>,
}
